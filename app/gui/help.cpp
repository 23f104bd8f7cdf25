#include "help.h"

#include "file_controller.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_panel.h"
#include "tool_draw_polygon.h"
#include "tools_toolbar.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cl {

namespace {

/// The guide's place in the resources (resources.qrc, prefix /help): docs/user-guide.md and its images.
const QString kGuideUrl = QStringLiteral("qrc:/help/user-guide.md");
/// Set on an action once its tooltip shows its shortcut: the tooltip text before the key was added, or an
/// invalid value when the tooltip follows the action's text.
const char* const kBaseToolTipProperty = "contactlabBaseToolTip";
/// Set on an action whose text changes with its state (the undo stack's "Undo Move body"): the sheet's name.
const char* const kSheetTextProperty = "contactlabSheetText";

QString plainText(QString text) {
    // "&&" is a literal ampersand; a single one marks the mnemonic.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

/// "File > Export" for an action in the Export submenu of File; the toolbar's title for a toolbar action.
QString placeOf(const QAction* action) {
    for (QObject* object : action->associatedObjects()) {
        if (auto* menu = qobject_cast<QMenu*>(object)) {
            QStringList path{plainText(menu->title())};
            // Walk up through the submenus' own actions to the menu bar.
            const QMenu* current = menu;
            while (current && current->menuAction()) {
                const QMenu* parentMenu = nullptr;
                for (QObject* owner : current->menuAction()->associatedObjects()) {
                    // (The menu bar's own overflow popup has no title: it is not a place.)
                    if (auto* m = qobject_cast<QMenu*>(owner); m && !m->title().isEmpty()) {
                        parentMenu = m;
                    }
                }
                if (!parentMenu) {
                    break;
                }
                path.prepend(plainText(parentMenu->title()));
                current = parentMenu;
            }
            return path.join(QStringLiteral(" > "));
        }
    }
    for (QObject* object : action->associatedObjects()) {
        if (auto* bar = qobject_cast<QToolBar*>(object)) {
            if (!bar->windowTitle().isEmpty()) {
                return plainText(bar->windowTitle());
            }
            // A toolbar inside a panel (Compare's transport) is named by its panel.
            for (QWidget* parent = bar->parentWidget(); parent; parent = parent->parentWidget()) {
                if (auto* dock = qobject_cast<QDockWidget*>(parent)) {
                    return plainText(dock->windowTitle());
                }
            }
            return QObject::tr("Toolbar");
        }
    }
    // An action of a panel (the Lesson's Back and Next) is named by its panel.
    for (QObject* parent = action->parent(); parent; parent = parent->parent()) {
        if (auto* dock = qobject_cast<QDockWidget*>(parent)) {
            return plainText(dock->windowTitle());
        }
    }
    return QObject::tr("Window");
}

QString sheetText(const QAction* action) {
    const QVariant fixed = action->property(kSheetTextProperty);
    if (fixed.isValid()) {
        return fixed.toString();
    }
    return plainText(action->text());
}

/// The tooltip an action should show: its base text, then its keys in brackets unless already named.
void updateToolTip(QAction* action) {
    const QList<QKeySequence> keys = action->shortcuts();
    if (keys.isEmpty()) {
        return;
    }
    const QVariant base = action->property(kBaseToolTipProperty);
    QString tip = base.isValid() && !base.toString().isEmpty() ? base.toString() : sheetText(action);
    const QString first = keys.front().toString(QKeySequence::NativeText);
    if (!tip.contains(QStringLiteral("(") + first + QStringLiteral(")")) &&
        !tip.contains(QStringLiteral("(") + first + QStringLiteral(","))) {
        QStringList names;
        for (const QKeySequence& key : keys) {
            names << key.toString(QKeySequence::NativeText);
        }
        tip += QStringLiteral(" (%1)").arg(names.join(QStringLiteral(", ")));
    }
    if (action->toolTip() != tip) {
        action->setToolTip(tip);
    }
}

QTableWidget* makeTable(QWidget* parent, const QStringList& headers) {
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    // Rows follow their wrapped text whatever width the dialog gets.
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setWordWrap(true);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

/// The mouse and keys that the canvas and its tools handle themselves (no action: they depend on the tool
/// and the mouse position). Each line is what the code in widgets/tool_*.cpp and scene_canvas.cpp does.
struct CanvasKey {
    const char* keys;
    const char* what;
};
constexpr CanvasKey kCanvasKeys[] = {
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Wheel"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Zoom about the mouse pointer")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Middle drag, or Space + drag"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Pan the view")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Click"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Select a body (Select tool); add a vertex (Polygon tool)")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Shift+click, Ctrl+click"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet",
                       "Add a body to the selection; two selected bodies become the walkthrough's A and B")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Enter, double click, right click"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet",
                       "Close the polygon being drawn (so does a click on its first vertex)")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Backspace"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet",
                       "Polygon tool: remove the last vertex drawn; Vertices tool: remove the vertex under "
                       "the pointer; otherwise delete the selection")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Esc"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Cancel the drawing or drag in progress")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Ctrl while drawing or dragging a vertex"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Snap to the grid")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Arrow keys, Shift+arrow keys"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Edit mode: nudge the selection one grid step (ten with Shift)")},
    {QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Drag a body"),
     QT_TRANSLATE_NOOP("cl::ShortcutSheet", "Edit mode: move it; Simulate mode: pull it with a spring")},
};

} // namespace

// ----------------------------------------------------------------------------------------------------------------
// Shortcut sheet

QList<ShortcutEntry> shortcutEntries(const MainWindow& window) {
    // The order a user meets them: the menu bar's menus left to right (submenus in place), then the
    // toolbars; anything else last.
    QList<const QAction*> order;
    std::function<void(const QMenu*)> walk = [&](const QMenu* menu) {
        for (const QAction* action : menu->actions()) {
            order.append(action);
            if (action->menu()) {
                walk(action->menu());
            }
        }
    };
    for (const QAction* top : window.menuBar()->actions()) {
        if (top->menu()) {
            walk(top->menu());
        }
    }
    for (const QToolBar* bar : window.findChildren<QToolBar*>()) {
        for (const QAction* action : bar->actions()) {
            order.append(action);
        }
    }
    auto rank = [&order](const QAction* action) {
        const qsizetype at = order.indexOf(action);
        return at < 0 ? order.size() : at;
    };
    QList<ShortcutEntry> entries;
    for (QAction* action : window.findChildren<QAction*>()) {
        for (const QKeySequence& key : action->shortcuts()) {
            if (!key.isEmpty()) {
                entries.append({key, action, sheetText(action), placeOf(action), {}});
            }
        }
    }
    std::stable_sort(entries.begin(), entries.end(), [&rank](const ShortcutEntry& a, const ShortcutEntry& b) {
        return rank(a.action) < rank(b.action);
    });
    // One row per key: Compare mode's Play, Step and Step Back (enabled only in Compare mode, when the
    // Simulation's are not) join the Simulation menu's row instead of repeating Space, Left and Right.
    QList<ShortcutEntry> merged;
    for (const ShortcutEntry& entry : entries) {
        auto same = std::find_if(merged.begin(), merged.end(),
                                 [&entry](const ShortcutEntry& m) { return m.key == entry.key; });
        if (same == merged.end()) {
            merged.append(entry);
            continue;
        }
        same->sharing.append(entry.action);
        if (same->text.compare(entry.text, Qt::CaseInsensitive) != 0) {
            same->text += QStringLiteral("; ") + entry.text;
        }
        if (!same->where.split(QStringLiteral(", ")).contains(entry.where)) {
            same->where += QStringLiteral(", ") + entry.where;
        }
    }
    return merged;
}

QList<PanelKey> panelKeys() {
    using Sheet = ShortcutSheet;
    const QString stepper = Sheet::tr("Solver Stepper");
    const QString timeline = Sheet::tr("Timeline");
    const char* const stepperClass = "cl::SolverStepperDock";
    const char* const timelineClass = "cl::TimelineScrubber";
    // What SolverStepperDock::keyPressEvent and TimelineScrubber::keyPressEvent do, key by key.
    return {
        {{QKeySequence(Qt::Key_N)}, Sheet::tr("Next row of the solver"), stepper, stepperClass},
        {{QKeySequence(Qt::Key_C)}, Sheet::tr("First row of the next contact"), stepper, stepperClass},
        {{QKeySequence(Qt::Key_I)},
         Sheet::tr("First row of the next iteration (sweep)"),
         stepper,
         stepperClass},
        {{QKeySequence(Qt::Key_S)}, Sheet::tr("First row of the next substep"), stepper, stepperClass},
        {{QKeySequence(Qt::Key_F)},
         Sheet::tr("Finish the step as the simulation takes it"),
         stepper,
         stepperClass},
        {{QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_Right)},
         Sheet::tr("One recorded step back, forward"),
         timeline,
         timelineClass},
        {{QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::Key_PageDown)},
         Sheet::tr("60 steps back, forward"),
         timeline,
         timelineClass},
        {{QKeySequence(Qt::Key_Home), QKeySequence(Qt::Key_End)},
         Sheet::tr("First, last recorded step"),
         timeline,
         timelineClass},
        {{QKeySequence(Qt::Key_BracketLeft), QKeySequence(Qt::Key_BracketRight)},
         Sheet::tr("Previous, next bookmark"),
         timeline,
         timelineClass},
    };
}

ShortcutSheet::ShortcutSheet(MainWindow& window) : QDialog(&window), m_window(window) {
    setObjectName(QStringLiteral("shortcutSheet"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    // Three columns side by side (the actions' keys in two), so everything fits a 1280x800 screen without
    // scrolling.
    auto* layout = new QVBoxLayout(this);
    auto* columns = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    auto* right = new QVBoxLayout;
    auto* actionsLabel = new QLabel(tr("<b>Keys of the menus and toolbars</b>"), this);
    m_actions = makeTable(this, {tr("Key"), tr("Action"), tr("Menu")});
    m_actions->setObjectName(QStringLiteral("shortcutTable"));
    m_moreActions = makeTable(this, {tr("Key"), tr("Action"), tr("Menu or toolbar")});
    m_moreActions->setObjectName(QStringLiteral("shortcutTable2"));
    auto* actionColumns = new QHBoxLayout;
    actionColumns->addWidget(m_actions);
    actionColumns->addWidget(m_moreActions);
    auto* canvasLabel = new QLabel(tr("<b>Mouse and keys on the canvas</b>"), this);
    m_canvas = makeTable(this, {tr("Mouse or key"), tr("What it does")});
    m_canvas->setObjectName(QStringLiteral("canvasKeysTable"));
    auto* panelsLabel = new QLabel(tr("<b>Keys of a panel that has the keyboard focus</b>"), this);
    m_panels = makeTable(this, {tr("Keys"), tr("What they do"), tr("Panel")});
    m_panels->setObjectName(QStringLiteral("panelKeysTable"));
    // Both as tall as their rows: the column holds them one above the other, the rest of it empty.
    for (QTableWidget* table : {m_canvas, m_panels}) {
        table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    left->addWidget(actionsLabel);
    left->addLayout(actionColumns);
    right->addWidget(canvasLabel);
    right->addWidget(m_canvas);
    right->addWidget(panelsLabel);
    right->addWidget(m_panels);
    right->addStretch(1);
    columns->addLayout(left, 5);
    columns->addLayout(right, 3);
    layout->addLayout(columns);
    layout->addWidget(buttons);
    refresh();
    QSize size(1240, 740);
    if (const QScreen* screen = window.screen()) {
        size = size.boundedTo(screen->availableGeometry().size() - QSize(40, 60));
    }
    resize(size);
}

void ShortcutSheet::refresh() {
    const QList<ShortcutEntry> entries = shortcutEntries(m_window);
    // The split: where a new menu starts, nearest the middle, so no menu is cut in two.
    qsizetype split = entries.size();
    for (qsizetype i = 1; i < entries.size(); ++i) {
        if (entries[i].where != entries[i - 1].where &&
            std::abs(2 * i - entries.size()) < std::abs(2 * split - entries.size())) {
            split = i;
        }
    }
    const auto fill = [&entries](QTableWidget* table, qsizetype first, qsizetype end) {
        table->setRowCount(static_cast<int>(end - first));
        for (qsizetype i = first; i < end; ++i) {
            const ShortcutEntry& entry = entries[i];
            const int row = static_cast<int>(i - first);
            auto* key = new QTableWidgetItem(entry.key.toString(QKeySequence::NativeText));
            key->setData(Qt::UserRole, QVariant::fromValue(static_cast<QObject*>(entry.action)));
            QList<QObject*> sharing;
            for (QAction* other : entry.sharing) {
                sharing << other;
            }
            key->setData(Qt::UserRole + 1, QVariant::fromValue(sharing));
            QFont bold = key->font();
            bold.setBold(true);
            key->setFont(bold);
            table->setItem(row, 0, key);
            table->setItem(row, 1, new QTableWidgetItem(entry.text));
            table->setItem(row, 2, new QTableWidgetItem(entry.where));
        }
        table->resizeColumnToContents(0);
        table->resizeColumnToContents(1);
    };
    fill(m_actions, 0, split);
    fill(m_moreActions, split, entries.size());
    m_canvas->setRowCount(static_cast<int>(std::size(kCanvasKeys)));
    int row = 0;
    for (const CanvasKey& entry : kCanvasKeys) {
        m_canvas->setItem(row, 0, new QTableWidgetItem(tr(entry.keys)));
        m_canvas->setItem(row, 1, new QTableWidgetItem(tr(entry.what)));
        ++row;
    }
    // The canvas keys wrap in a narrower first column, so the descriptions get the room.
    m_canvas->setColumnWidth(
        0, m_canvas->fontMetrics().horizontalAdvance(QStringLiteral("Middle drag, or Space")) + 16);
    const QList<PanelKey> panels = panelKeys();
    m_panels->setRowCount(static_cast<int>(panels.size()));
    row = 0;
    for (const PanelKey& entry : panels) {
        QStringList shown, portable;
        for (const QKeySequence& key : entry.keys) {
            shown << key.toString(QKeySequence::NativeText);
            portable << key.toString(QKeySequence::PortableText);
        }
        auto* keys = new QTableWidgetItem(shown.join(QStringLiteral(", ")));
        QFont bold = keys->font();
        bold.setBold(true);
        keys->setFont(bold);
        keys->setData(Qt::UserRole, portable);
        keys->setData(Qt::UserRole + 1, QString::fromLatin1(entry.handler));
        m_panels->setItem(row, 0, keys);
        m_panels->setItem(row, 1, new QTableWidgetItem(entry.what));
        m_panels->setItem(row, 2, new QTableWidgetItem(entry.panel));
        ++row;
    }
    // The descriptions take the room between the keys and the panel's name.
    m_panels->horizontalHeader()->setStretchLastSection(false);
    m_panels->resizeColumnToContents(0);
    m_panels->resizeColumnToContents(2);
    m_panels->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
}

// ----------------------------------------------------------------------------------------------------------------
// User guide

GuideBrowser::GuideBrowser(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("guideBrowser"));
    setOpenExternalLinks(true);
}

int GuideBrowser::maxImageWidth() const {
    // The page's margins on both sides, and one list indent (a picture may follow a list item and sit in
    // it): 24 pixels less than the viewport left the page 8 pixels too wide, so it scrolled sideways.
    const double taken = 2.0 * document()->documentMargin() + document()->indentWidth();
    return std::max(200, viewport()->width() - int(std::ceil(taken)));
}

QVariant GuideBrowser::loadResource(int type, const QUrl& name) {
    const QVariant loaded = QTextBrowser::loadResource(type, name);
    if (type != QTextDocument::ImageResource) {
        return loaded;
    }
    // Screenshots are 1280 pixels wide: shown at full size they would need sideways scrolling.
    QImage image = qvariant_cast<QImage>(loaded);
    if (image.isNull()) {
        image.loadFromData(loaded.toByteArray());
    }
    if (!image.isNull() && image.width() > maxImageWidth()) {
        image = image.scaledToWidth(maxImageWidth(), Qt::SmoothTransformation);
    }
    return image.isNull() ? loaded : QVariant(image);
}

GuideWindow::GuideWindow(QWidget* parent) : QDialog(parent), m_browser(new GuideBrowser(this)) {
    setObjectName(QStringLiteral("guideWindow"));
    setWindowTitle(tr("ContactLab User Guide"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    resize(760, 720);
    m_browser->document()->setDocumentMargin(16);
    m_browser->setSource(QUrl(kGuideUrl), QTextDocument::MarkdownResource);
}

// ----------------------------------------------------------------------------------------------------------------
// Welcome

WelcomeDialog::WelcomeDialog(MainWindow& window) : QDialog(&window), m_window(window) {
    setObjectName(QStringLiteral("welcomeDialog"));
    setWindowTitle(tr("Welcome to ContactLab"));
    // The starters scroll when the screen is too short for them (150% scaling on a 1280x800 screen leaves
    // 533 logical pixels): squeezed, the wrapped texts were drawn over the buttons.
    auto* outer = new QVBoxLayout(this);
    auto* content = new QWidget;
    content->setObjectName(QStringLiteral("welcomeContent"));
    auto* layout = new QVBoxLayout(content);
    layout->setSpacing(10);
    auto* intro = new QLabel(
        tr("<h2>Welcome to ContactLab</h2>"
           "<p>Draw two shapes and watch, step by step, how a physics engine decides that they collide "
           "(the Separating Axis Theorem) and where they touch (contact clipping); then run the scene as a "
           "simulation.</p><p>Three ways to start:</p>"),
        content);
    intro->setObjectName(QStringLiteral("welcomeIntro"));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    struct Starter {
        QString title;
        QString detail;
        const char* name;
        void (WelcomeDialog::*slot)();
    };
    const Starter starters[] = {
        {tr("Open a demo"), tr("Newton's cradle, simulated: press Space to play, Right to step."),
         "welcomeDemo", &WelcomeDialog::openDemo},
        {tr("Draw two shapes"),
         tr("An empty scene with the Polygon tool: click the vertices, Enter closes; C draws a circle."),
         "welcomeDraw", &WelcomeDialog::drawTwoShapes},
        {tr("Start the walkthrough"),
         tr("A box corner in the ground, explained axis by axis: PgDn for the next step."),
         "welcomeWalkthrough", &WelcomeDialog::startWalkthrough},
    };
    for (const Starter& starter : starters) {
        auto* button = new QPushButton(starter.title, content);
        button->setObjectName(QString::fromLatin1(starter.name));
        QFont font = button->font();
        font.setPointSizeF(font.pointSizeF() * 1.2);
        font.setBold(true);
        button->setFont(font);
        button->setMinimumHeight(button->sizeHint().height() + 10);
        auto* detail = new QLabel(starter.detail, content);
        detail->setWordWrap(true);
        detail->setContentsMargins(4, 0, 4, 6);
        layout->addWidget(button);
        layout->addWidget(detail);
        const auto slot = starter.slot;
        connect(button, &QPushButton::clicked, this, [this, slot] {
            close();
            m_window.activateWindow(); // the starters work in the main window
            (this->*slot)();
        });
    }
    auto* footer =
        new QLabel(tr("Help > Welcome shows this again; F1 lists every keyboard shortcut."), content);
    footer->setWordWrap(true);
    layout->addWidget(footer);
    layout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("welcomeScroll"));
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outer->addWidget(scroll);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    outer->addWidget(buttons);
    setMinimumWidth(440);
    // As tall as the starters need at this width, but never taller than the screen.
    const int width = 560;
    const QMargins margins = outer->contentsMargins();
    const int contentWidth = width - margins.left() - margins.right();
    const int contentHeight =
        layout->hasHeightForWidth() ? layout->heightForWidth(contentWidth) : content->sizeHint().height();
    // A little more than measured: the scroll bar must not appear when the screen has room.
    int height = contentHeight + buttons->sizeHint().height() + outer->spacing() + margins.top() +
                 margins.bottom() + 24;
    if (const QScreen* screen = window.screen()) {
        height = std::min(height, screen->availableGeometry().height() - 60);
    }
    resize(width, height);
}

QString WelcomeDialog::demoScene() {
    return QStringLiteral(":/scenes/demos/newtons_cradle.json");
}

QString WelcomeDialog::walkthroughScene() {
    return QStringLiteral(":/scenes/catalogue/vertex_on_edge.json");
}

void WelcomeDialog::openDemo() {
    if (!m_window.openSample(demoScene())) {
        return;
    }
    if (auto* simulation = m_window.findChild<SimulationUi*>()) {
        simulation->simulateAction()->setChecked(true);
    }
}

void WelcomeDialog::drawTwoShapes() {
    if (auto* simulation = m_window.findChild<SimulationUi*>()) {
        simulation->simulateAction()->setChecked(false);
    }
    if (!m_window.fileController()->newFile()) {
        return; // the user kept the unsaved scene
    }
    auto* tools = m_window.findChild<ToolsToolbar*>();
    if (!tools) {
        return;
    }
    tools->setCurrentTool(tools->polygonTool());
    m_window.canvas()->setFocus();
    m_window.statusBar()->showMessage(
        tr("Polygon: click the vertices; Enter, a double click or a click on the first vertex closes it. "
           "Then press C and drag from a centre for a circle."));
}

void WelcomeDialog::startWalkthrough() {
    if (auto* simulation = m_window.findChild<SimulationUi*>()) {
        simulation->simulateAction()->setChecked(false);
    }
    if (!m_window.openSample(walkthroughScene())) {
        return;
    }
    auto* dock = m_window.findChild<WalkthroughDock*>();
    if (!dock) {
        return;
    }
    dock->show();
    dock->raise();
    dock->setMode(WalkthroughMode::Sat);
    dock->firstStep();
    dock->framePair();
}

// ----------------------------------------------------------------------------------------------------------------
// Menu

HelpUi::HelpUi(MainWindow& window) : QObject(&window), m_window(window) {
    setObjectName(QStringLiteral("helpUi"));
    QMenu* menu = window.menuBar()->addMenu(tr("&Help"));
    menu->setObjectName(QStringLiteral("menuHelp"));
    m_guideAction = menu->addAction(tr("&User Guide"), this, [this] { showGuide(); });
    m_guideAction->setObjectName(QStringLiteral("actionUserGuide"));
    m_guideAction->setStatusTip(tr("How to draw shapes, walk through a collision and run a simulation"));
    m_shortcutsAction = menu->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcuts(); });
    m_shortcutsAction->setObjectName(QStringLiteral("actionKeyboardShortcuts"));
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::HelpContents);
    const QKeySequence question(Qt::CTRL | Qt::Key_Question);
    if (!keys.contains(question)) {
        keys.append(question);
    }
    m_shortcutsAction->setShortcuts(keys);
    m_shortcutsAction->setStatusTip(tr("Every keyboard shortcut of the window"));
    m_welcomeAction = menu->addAction(tr("&Welcome"), this, [this] { showWelcome(); });
    m_welcomeAction->setObjectName(QStringLiteral("actionWelcome"));
    m_welcomeAction->setStatusTip(tr("Three ways to start: a demo, drawing, the walkthrough"));
    menu->addSeparator();
    QAction* about = menu->addAction(tr("&About ContactLab"), this, [this] {
        QMessageBox::about(&m_window, tr("About ContactLab"),
                           tr("<p><b>ContactLab</b>: a workbench for teaching 2D rigid-body collision: the "
                              "Separating Axis Theorem, contact clipping, and impulse and Verlet "
                              "solvers.</p>"));
    });
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
}

QString HelpUi::welcomeShownKey() {
    return QStringLiteral("help/welcomeShown");
}

GuideWindow* HelpUi::showGuide() {
    if (!m_guide) {
        m_guide = new GuideWindow(&m_window);
    }
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
    return m_guide;
}

ShortcutSheet* HelpUi::showShortcuts() {
    if (!m_sheet) {
        m_sheet = new ShortcutSheet(m_window);
    } else {
        m_sheet->refresh();
    }
    m_sheet->show();
    m_sheet->raise();
    m_sheet->activateWindow();
    return m_sheet;
}

WelcomeDialog* HelpUi::showWelcome() {
    if (!m_welcome) {
        m_welcome = new WelcomeDialog(m_window);
    }
    // Over the canvas, not centred on the window: centred, it covered the Walkthrough dock's left edge at
    // 1280x800, and without a window frame (Xvfb, a kiosk) the dock read as scrolled sideways with its left
    // edge cut (issue 12). Kept on the window's screen; where the canvas is narrower than the dialog it
    // still covers part of a dock.
    if (const QWidget* canvas = m_window.canvas()) {
        QRect frame(QPoint(0, 0), m_welcome->frameGeometry().size());
        frame.moveCenter(canvas->mapToGlobal(canvas->rect().center()));
        if (const QScreen* screen = m_window.screen()) {
            const QRect available = screen->availableGeometry();
            frame.moveLeft(std::clamp(frame.left(), available.left(),
                                      std::max(available.left(), available.right() - frame.width() + 1)));
            frame.moveTop(std::clamp(frame.top(), available.top(),
                                     std::max(available.top(), available.bottom() - frame.height() + 1)));
        }
        m_welcome->move(frame.topLeft());
    }
    m_welcome->show();
    m_welcome->raise();
    m_welcome->activateWindow();
    QSettings().setValue(welcomeShownKey(), true);
    return m_welcome;
}

void showShortcutsInToolTips(MainWindow& window) {
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->property(kBaseToolTipProperty).isValid() || action->shortcuts().isEmpty()) {
            continue;
        }
        // A tooltip of its own (longer than the text) is kept and the key added to it; otherwise the tooltip
        // follows the text, which may change with the state (Play/Pause).
        QString defaultTip = plainText(action->text());
        if (defaultTip.endsWith(QStringLiteral("..."))) {
            defaultTip.chop(3); // QAction's default tooltip drops the ellipsis
        }
        const QString own = action->toolTip() != defaultTip ? action->toolTip() : QString();
        action->setProperty(kBaseToolTipProperty, own);
        updateToolTip(action);
        QObject::connect(action, &QAction::changed, action, [action] { updateToolTip(action); });
    }
}

HelpUi* installHelp(MainWindow& window) {
    auto* help = new HelpUi(window);
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->objectName() == QStringLiteral("actionUndo")) {
            action->setProperty(kSheetTextProperty, QObject::tr("Undo"));
        } else if (action->objectName() == QStringLiteral("actionRedo")) {
            action->setProperty(kSheetTextProperty, QObject::tr("Redo"));
        }
    }
    showShortcutsInToolTips(window);
    // The walkthrough's SAT, Clipping and Methods tabs: their Alt+1..3 come from the Walkthrough menu's
    // actions that pick the same modes (tab i is mode i).
    if (auto* tabs = window.findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"))) {
        const char* const modes[] = {"actionWalkthroughSat", "actionWalkthroughClipping",
                                     "actionWalkthroughMethods"};
        const QString tips[] = {QObject::tr("The Separating Axis Theorem, one axis per step"),
                                QObject::tr("The contact points by clipping, one stage per step"),
                                QObject::tr("Clipping, deepest vertices and vertex-edge side by side")};
        for (int i = 0; i < tabs->count() && i < 3; ++i) {
            const auto* action = window.findChild<QAction*>(QString::fromLatin1(modes[i]));
            if (action && !action->shortcut().isEmpty()) {
                tabs->setTabToolTip(i, QStringLiteral("%1 (%2)").arg(
                                           tips[i], action->shortcut().toString(QKeySequence::NativeText)));
            }
        }
    }
    return help;
}

WelcomeDialog* showWelcomeOnFirstRun(MainWindow& window) {
    auto* help = window.findChild<HelpUi*>();
    if (!help || QSettings().value(HelpUi::welcomeShownKey(), false).toBool()) {
        return nullptr;
    }
    return help->showWelcome();
}

} // namespace cl
