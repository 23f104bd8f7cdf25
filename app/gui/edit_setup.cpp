/// @file edit_setup.cpp

#include "edit_setup.h"

#include "bodies_dock.h"
#include "document.h"
#include "edit_controller.h"
#include "inspector_dock.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "theme.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QTabBar>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QWindow>

#include <algorithm>

namespace cl {

namespace {
/// Property holding a dock's font before presentation mode enlarged it.
const char* const kBaseFontProperty = "contactlabBaseFont";
/// Property holding a toolbar's icon size before presentation mode enlarged it.
const char* const kBaseIconSizeProperty = "contactlabBaseIconSize";
/// Property holding a toolbar's button style before presentation mode.
const char* const kBaseButtonStyleProperty = "contactlabBaseButtonStyle";
/// Property holding a right-hand dock's width before presentation mode widened it.
const char* const kBaseWidthProperty = "contactlabBaseWidth";
/// Set on a left-hand dock that presentation mode closed (and opens again when it ends).
const char* const kClosedProperty = "contactlabPresentationClosed";
/// Property holding a toolbar label's style sheet before presentation mode added a font size to it.
const char* const kBaseStyleSheetProperty = "contactlabBaseStyleSheet";
/// Set on the main window once its native window's screenChanged is followed (setPresentationMode).
const char* const kFollowsScreenProperty = "contactlabPresentationFollowsScreen";
} // namespace

// What presentation mode is for: text that the back of a room reads, i.e. text large *relative to the screen*
// (the projector shows the whole screen on the wall, whatever its pixels). The factor was tuned and looked at
// on a 1280x800 projector at 100%: 1.6 times the desktop's text there. On another screen the text takes the
// same share of the screen's height: 1.6 * (logical height / 800).
// - The OS's scaling already enlarged the text: QT_SCALE_FACTOR=1.5 on a 1280x800 screen gives 533 logical
//   pixels, and 1.6 on top of the 1.5 made the text 2.4 times the desktop's, a tenth of the Walkthrough's
//   height per line: the banner, the step navigation, the explanation and the table no longer fitted. The
//   rule gives 1.07 there: with the 1.5 the text is 1.6 times what it is at 100%, as on the unscaled
//   projector.
// - Never above 1.6: on a taller screen (1920x1080, 1080 logical pixels) the rule would give 2.16, and the
//   Walkthrough's SAT table then no longer fits its panel beside a canvas; 1.6 there is what the projector
//   tests check and what was looked at.
// - Never below 1: presentation mode never shrinks the text (on a screen under 500 logical pixels high the
//   OS's scaling alone makes the text larger, relative to the screen, than presentation mode aims for).
double presentationScaleForHeight(double logicalHeight) {
    if (!(logicalHeight > 0.0)) {
        return kPresentationScale;
    }
    return std::clamp(kPresentationScale * logicalHeight / kPresentationReferenceHeight, 1.0,
                      kPresentationScale);
}

double presentationScaleFor(const QScreen* screen) {
    return screen ? presentationScaleForHeight(screen->geometry().height()) : kPresentationScale;
}

EditController* installEditing(MainWindow& window, QMenu* editMenu, QMenu* viewMenu) {
    Document* document = window.document();
    SceneCanvas* canvas = window.canvas();
    auto* controller = new EditController(document, canvas, window.editIntents(), &window);
    controller->setObjectName(QStringLiteral("EditController"));
    QObject::connect(controller, &EditController::rejected, &window,
                     [&window](const QString& message) { window.statusBar()->showMessage(message, 8000); });

    // Docks: Bodies (with the Undo History as a second tab) above the Inspector, on the left.
    auto* bodies = new BodiesDock(document, canvas, &window);
    auto* inspector = new InspectorDock(document, canvas, controller, &window);
    QObject::connect(inspector, &InspectorDock::message, &window,
                     [&window](const QString& message) { window.statusBar()->showMessage(message, 8000); });
    auto* history = new QDockWidget(QObject::tr("Undo History"), &window);
    history->setObjectName(QStringLiteral("UndoHistoryDock"));
    auto* undoView = new QUndoView(document->undoStack(), history);
    undoView->setObjectName(QStringLiteral("undoView"));
    undoView->setEmptyLabel(QObject::tr("<scene opened>"));
    history->setWidget(undoView);
    window.addDockWidget(Qt::LeftDockWidgetArea, bodies);
    window.addDockWidget(Qt::LeftDockWidgetArea, inspector);
    // The history shares the Bodies dock's place as a tab: the right-hand column belongs to the
    // walkthrough and the simulation, and a tall column of docks would force a tall window.
    window.addDockWidget(Qt::LeftDockWidgetArea, history);
    window.tabifyDockWidget(bodies, history);
    bodies->raise();
    window.resizeDocks({bodies, inspector}, {230, 520}, Qt::Vertical);
    window.resizeDocks({bodies}, {300}, Qt::Horizontal);

    // Edit menu.
    QAction* undo = document->undoStack()->createUndoAction(editMenu, QObject::tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document->undoStack()->createRedoAction(editMenu, QObject::tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    // The platform's redo keys (Ctrl+Shift+Z on Linux) and Ctrl+Y, which Windows users and most classroom
    // software expect as well.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    const QKeySequence ctrlY(Qt::CTRL | Qt::Key_Y);
    if (!redoKeys.contains(ctrlY)) {
        redoKeys.append(ctrlY);
    }
    redo->setShortcuts(redoKeys);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    QAction* remove =
        editMenu->addAction(QObject::tr("&Delete"), controller, &EditController::deleteSelection);
    remove->setObjectName(QStringLiteral("actionDelete"));
    remove->setShortcut(QKeySequence::Delete);
    QAction* duplicate =
        editMenu->addAction(QObject::tr("D&uplicate"), controller, &EditController::duplicateSelection);
    duplicate->setObjectName(QStringLiteral("actionDuplicate"));
    duplicate->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    editMenu->addSeparator();
    QAction* selectAll =
        editMenu->addAction(QObject::tr("Select &All"), controller, &EditController::selectAll);
    selectAll->setObjectName(QStringLiteral("actionSelectAll"));
    selectAll->setShortcut(QKeySequence::SelectAll);
    auto updateEnabled = [remove, duplicate](const QList<quint64>& selection) {
        remove->setEnabled(!selection.isEmpty());
        duplicate->setEnabled(!selection.isEmpty());
    };
    QObject::connect(canvas, &SceneCanvas::selectionChanged, editMenu, updateEnabled);
    updateEnabled(canvas->selection());

    // View menu: the docks and presentation mode.
    viewMenu->addSeparator();
    QMenu* panels = viewMenu->addMenu(QObject::tr("&Panels"));
    panels->setObjectName(QStringLiteral("menuPanels"));
    for (QDockWidget* dock :
         {static_cast<QDockWidget*>(bodies), static_cast<QDockWidget*>(inspector), history}) {
        panels->addAction(dock->toggleViewAction());
    }
    QAction* presentation = viewMenu->addAction(QObject::tr("&Presentation Mode"));
    presentation->setObjectName(QStringLiteral("actionPresentationMode"));
    presentation->setCheckable(true);
    // F5 belongs to Edit/Simulate (simulation_panel.cpp); presentation mode keeps Ctrl+Shift+P.
    presentation->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    presentation->setStatusTip(QObject::tr("Larger fonts, lines and labels for a projector"));
    QObject::connect(presentation, &QAction::toggled, &window,
                     [&window](bool on) { setPresentationMode(window, on); });
    return controller;
}

namespace {

/// Presentation mode on a small screen (below 1600 pixels, a 1280x800 projector): the left column (Bodies,
/// Undo History, Inspector) closes, so the canvas and the Walkthrough share the width and the Walkthrough's
/// SAT table fits with one line per row; leaving opens it again at its width. View > Panels still opens any
/// of them meanwhile.
void arrangeLeftColumn(MainWindow& window, bool on) {
    constexpr int kRoomyWidth = 1600;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->isFloating() || window.dockWidgetArea(dock) != Qt::LeftDockWidgetArea) {
            continue;
        }
        if (on && window.width() < kRoomyWidth && !dock->isHidden()) {
            dock->setProperty(kClosedProperty, true);
            dock->setProperty(kBaseWidthProperty, dock->width());
            dock->hide();
        } else if (!on && dock->property(kClosedProperty).toBool()) {
            dock->setProperty(kClosedProperty, QVariant());
            dock->show();
        }
    }
    if (!on) {
        QList<QDockWidget*> docks;
        QList<int> widths;
        for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
            if (const QVariant base = dock->property(kBaseWidthProperty);
                base.isValid() && !dock->isHidden() &&
                window.dockWidgetArea(dock) == Qt::LeftDockWidgetArea) {
                docks << dock;
                widths << base.toInt();
            }
        }
        if (!docks.isEmpty()) {
            window.resizeDocks(docks, widths, Qt::Horizontal);
        }
    }
}

} // namespace

void setPresentationMode(MainWindow& window, bool on) {
    const double scale = on ? presentationScaleFor(window.screen()) : 1.0;
    // Moved to another screen (the laptop's onto the projector's) while on: that screen's factor, the
    // arrangement made again for its size.
    if (on && window.windowHandle() && !window.property(kFollowsScreenProperty).toBool()) {
        window.setProperty(kFollowsScreenProperty, true);
        QObject::connect(window.windowHandle(), &QWindow::screenChanged, &window, [&window](QScreen*) {
            const auto* action = window.findChild<QAction*>(QStringLiteral("actionPresentationMode"));
            if (action && action->isChecked() &&
                window.canvas()->presentationScale() != presentationScaleFor(window.screen())) {
                setPresentationMode(window, false);
                setPresentationMode(window, true);
            }
        });
    }
    window.canvas()->setPresentationScale(scale);
    arrangeLeftColumn(window, on);
    // The right-hand column (the Walkthrough and its table) gets at least 36% of the window while the text is
    // large, and up to 744 pixels on a small screen (58% at 1280x800): the SAT table's cells then fit on one
    // line each, with the "B in A" note of nested shadows, and its nine rows in the dock's height. Leaving
    // gives the width back.
    QList<QDockWidget*> right;
    QList<int> widths;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->isHidden() || dock->isFloating() ||
            window.dockWidgetArea(dock) != Qt::RightDockWidgetArea) {
            continue;
        }
        if (on) {
            dock->setProperty(kBaseWidthProperty, dock->width());
            right << dock;
            widths << std::max(
                {dock->width(), window.width() * 36 / 100, std::min(window.width() * 58 / 100, 744)});
        } else if (const QVariant base = dock->property(kBaseWidthProperty); base.isValid()) {
            right << dock;
            widths << base.toInt();
        }
    }
    if (!right.isEmpty()) {
        window.resizeDocks(right, widths, Qt::Horizontal);
    }
    QList<QWidget*> widgets;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        widgets << dock;
    }
    widgets << window.statusBar();
    // The toolbars' text and icons, and the menu bar: a projector's back row reads the tool names too.
    for (QToolBar* toolbar : window.findChildren<QToolBar*>()) {
        widgets << toolbar;
        QVariant baseIcon = toolbar->property(kBaseIconSizeProperty);
        if (!baseIcon.isValid()) {
            toolbar->setProperty(kBaseIconSizeProperty, toolbar->iconSize());
            toolbar->setProperty(kBaseButtonStyleProperty, int(toolbar->toolButtonStyle()));
            baseIcon = toolbar->iconSize();
        }
        toolbar->setIconSize(on ? baseIcon.toSize() * scale : baseIcon.toSize());
        toolbar->setToolButtonStyle(Qt::ToolButtonStyle(toolbar->property(kBaseButtonStyleProperty).toInt()));
    }
    widgets << window.menuBar();
    // The menus' drop-downs are windows of their own: they do not take the menu bar's font.
    for (QMenu* menu : window.findChildren<QMenu*>()) {
        widgets << menu;
    }
    // The tab bars of tabified docks ("Bodies | Undo History") belong to the main window, not to a dock.
    for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        widgets << bar;
    }
    // A label styled by a style sheet inside a toolbar (the scene's description) takes its font from the style
    // sheet machinery, not from setFont: its size goes into its style sheet (the original kept to go back).
    for (QToolBar* toolbar : window.findChildren<QToolBar*>()) {
        for (QLabel* label : toolbar->findChildren<QLabel*>()) {
            if (hasThemedStyle(label)) {
                // The theme writes this one's style sheet, on every theme change: the size goes through the
                // theme, which keeps it (switching to Dark shrank the description back to small text).
                if (!label->property(kBaseFontProperty).isValid()) {
                    label->setProperty(kBaseFontProperty, label->font());
                }
                const QFont base = label->property(kBaseFontProperty).value<QFont>();
                const double points = base.pointSizeF() > 0 ? base.pointSizeF() : base.pixelSize() * 0.75;
                setThemedFontSize(label, on ? points * scale : 0.0);
                continue;
            }
            QVariant baseSheet = label->property(kBaseStyleSheetProperty);
            if (!baseSheet.isValid()) {
                if (label->styleSheet().isEmpty()) {
                    continue;
                }
                label->setProperty(kBaseStyleSheetProperty, label->styleSheet());
                label->setProperty(kBaseFontProperty, label->font());
                baseSheet = label->styleSheet();
            }
            const QFont base = label->property(kBaseFontProperty).value<QFont>();
            const double points = base.pointSizeF() > 0 ? base.pointSizeF() : base.pixelSize() * 0.75;
            label->setStyleSheet(
                on ? baseSheet.toString() +
                         QStringLiteral(" QLabel { font-size: %1pt; }").arg(points * scale, 0, 'f', 1)
                   : baseSheet.toString());
        }
    }
    // Every base font is read before any is changed (a child would otherwise take its parent's new font as
    // its base and grow twice).
    for (QWidget* widget : widgets) {
        if (!widget->property(kBaseFontProperty).isValid()) {
            widget->setProperty(kBaseFontProperty, widget->font());
        }
    }
    for (QWidget* widget : widgets) {
        QFont font = widget->property(kBaseFontProperty).value<QFont>();
        if (on) {
            if (font.pointSizeF() > 0) {
                font.setPointSizeF(font.pointSizeF() * scale);
            } else {
                font.setPixelSize(static_cast<int>(font.pixelSize() * scale));
            }
        }
        widget->setFont(font);
    }
    // A toolbar whose names at the larger size do not fit the window (a narrow screen) shows its icons
    // only, each name in its tooltip, rather than hiding Vertices, Delete and Duplicate behind the overflow
    // arrow.
    if (on) {
        for (QToolBar* toolbar : window.findChildren<QToolBar*>()) {
            toolbar->layout()->invalidate();
            if (toolbar->toolButtonStyle() != Qt::ToolButtonIconOnly &&
                toolbar->sizeHint().width() > window.width()) {
                toolbar->setToolButtonStyle(Qt::ToolButtonIconOnly);
            }
        }
    }
}

} // namespace cl
