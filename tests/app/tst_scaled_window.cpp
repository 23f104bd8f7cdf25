/// @file tst_scaled_window.cpp
/// The real MainWindow on a 1280x800 screen at 150% scaling (QT_SCALE_FACTOR=1.5: 853x533 logical pixels,
/// the classroom projector of issue 12), on the offscreen platform with a configured screen: the default
/// window and a geometry saved on a bigger screen both end up inside the available area, with every dock
/// reachable; presentation mode keeps the whole Walkthrough in view and a long status hint stops before the
/// position label. Runs with its own main() because the scale factor and the screen must be set before the
/// application exists.

#include "app_test_util.h"
#include "document.h"
#include "edit_setup.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <cmath>
#include <memory>

using namespace cl;

class TestScaledWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultWindowFitsTheScreen();
    void geometrySavedOnABiggerScreenIsBroughtBack();
    void resizeRefitsKeepingTheCentre();
    void walkthroughFitsItsDock();
    void presentationKeepsEveryToolOnTheToolbar();
    void presentationShowsTheWholeWalkthrough();
    void longHintStopsBeforeThePosition();

private:
    /// Checks that `window`'s frame lies inside the screen's available area.
    static void checkOnScreen(const QWidget& window);
    QTemporaryDir m_dir;
};

void TestScaledWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabScaledTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ContactLabScaledTest"));
    // The screen is the configured 1280x800 one, seen through the 1.5 scale factor.
    const QScreen* screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    QCOMPARE(screen->geometry().size(), QSize(853, 533));
}

void TestScaledWindow::checkOnScreen(const QWidget& window) {
    const QRect available = window.screen()->availableGeometry();
    QVERIFY2(available.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("frame %1,%2 %3x%4 is not inside %5x%6")
                            .arg(window.frameGeometry().x())
                            .arg(window.frameGeometry().y())
                            .arg(window.frameGeometry().width())
                            .arg(window.frameGeometry().height())
                            .arg(available.width())
                            .arg(available.height())));
}

/// The window a first start shows: no saved settings, the default size and layout (kept on screen).
static std::unique_ptr<MainWindow> freshDefaultWindow() {
    QSettings().clear();
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->show();
    return window;
}

void TestScaledWindow::defaultWindowFitsTheScreen() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    checkOnScreen(*window);
    if (const QString shots = qEnvironmentVariable("CONTACTLAB_SCALED_SHOT"); !shots.isEmpty()) {
        window->grab().save(shots); // to look at
    }
    // The docks share the narrow width and the canvas keeps room to work in.
    QString docks;
    for (const QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        if (dock->isVisible()) {
            docks += QStringLiteral(" %1 %2 (min %3)")
                         .arg(dock->objectName())
                         .arg(dock->width())
                         .arg(dock->minimumSizeHint().width());
        }
    }
    QVERIFY2(window->canvas()->viewport()->width() >= 250,
             qPrintable(QString::number(window->canvas()->viewport()->width()) + docks));
    QVERIFY(window->canvas()->viewport()->height() >= 150);
}

void TestScaledWindow::geometrySavedOnABiggerScreenIsBroughtBack() {
    {
        // A window saved at 1900x1100 near the far corner of a bigger screen.
        QWidget big;
        big.setGeometry(900, 700, 1900, 1100);
        QSettings settings;
        settings.setValue(QStringLiteral("mainWindow/geometry"), big.saveGeometry());
    }
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    checkOnScreen(*window);
}

// Issue 12: the view refits when the canvas changes size (the window, a panel shown or hidden), keeping the
// world point at its centre and what was visible in view, so a resize and the opposite one give the same view.
void TestScaledWindow::resizeRefitsKeepingTheCentre() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openSample(QStringLiteral(":/scenes/shapes.json")));
    SceneCanvas* canvas = window->canvas();
    // Still the scene's framing: a smaller window frames it again.
    const QSize size = window->size();
    window->resize(size.width() - 150, size.height() - 60);
    QCoreApplication::processEvents();
    QCOMPARE(canvas->viewTransform().pixelsPerMetre(),
             ViewTransform::fitting(*SceneCanvas::framingBounds(canvas->sceneDef()),
                                    QSizeF(canvas->viewport()->size()),
                                    SceneRenderer::fitMargin(QSizeF(canvas->viewport()->size())))
                 .pixelsPerMetre());
    window->resize(size);
    QCoreApplication::processEvents();
    QVERIFY(canvas->viewTransform().pixelsPerMetre() > 0.0);
    canvas->zoomIn(); // not a fresh fit any more: the refit must keep what the user chose
    const ViewTransform before = canvas->viewTransform();
    const QSizeF canvasBefore(canvas->viewport()->size());

    window->resize(size.width() - 150, size.height() - 60);
    QCoreApplication::processEvents();
    const ViewTransform after = canvas->viewTransform();
    const QSizeF canvasAfter(canvas->viewport()->size());
    QVERIFY(canvasAfter.width() < canvasBefore.width());
    QCOMPARE(after.centre().x, before.centre().x);
    QCOMPARE(after.centre().y, before.centre().y);
    // The view shows the rectangle seen before, whole and as large as fits.
    const QRectF was = before.visibleWorldRect();
    const double factor = std::min(canvasAfter.width() / was.width() / before.pixelsPerMetre(),
                                   canvasAfter.height() / was.height() / before.pixelsPerMetre());
    QVERIFY(std::abs(after.pixelsPerMetre() - before.pixelsPerMetre() * factor) <
            1e-9 * before.pixelsPerMetre());
    // What was visible still is.
    const QRectF now = after.visibleWorldRect();
    QVERIFY(now.adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(was));

    // Back to the first size: the same view (whatever sizes the layout went through on the way).
    window->resize(size);
    QCoreApplication::processEvents();
    const QSizeF canvasBack(canvas->viewport()->size());
    QCOMPARE(canvas->viewTransform().centre().x, before.centre().x);
    QVERIFY(canvas->viewTransform().visibleWorldRect().adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(was));
    // The scale depends on that rectangle and the size now only, not on the way here.
    const double backScale = std::min(canvasBack.width() / was.width(), canvasBack.height() / was.height());
    QVERIFY(std::abs(canvas->viewTransform().pixelsPerMetre() - backScale) < 1e-9 * backScale);
    if (canvasBack == canvasBefore) {
        QVERIFY(std::abs(backScale - before.pixelsPerMetre()) < 1e-9 * backScale);
    }

    // A panel closed gives the canvas more room: the same centre, and everything seen before still seen.
    auto* walkthrough = window->findChild<WalkthroughDock*>();
    QVERIFY(walkthrough && walkthrough->isVisible());
    walkthrough->close();
    QCoreApplication::processEvents();
    QVERIFY(canvas->viewport()->width() > canvasBack.width());
    QCOMPARE(canvas->viewTransform().centre().y, before.centre().y);
    QVERIFY(canvas->viewTransform().visibleWorldRect().adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(was));
}

// Issue 12 M5: at 150% on a 1280x800 screen the Walkthrough overflowed its dock: the table scrolled sideways,
// the "Overlap (m)" title was cut and the B box reached past the dock's edge. The default window (the narrow
// layout keepOnScreen makes) on the docs' lesson scene, every tab and step: the dock's page does not scroll
// sideways, the B box is inside the dock, the table has no horizontal scroll bar and each column title is
// whole (as wide as its longest word, inside the viewport).
void TestScaledWindow::walkthroughFitsItsDock() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    checkOnScreen(*window);
    QVERIFY(window->openFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/pair.json")));
    auto* dock = window->findChild<WalkthroughDock*>();
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QCoreApplication::processEvents();
    QVERIFY(dock->isVisible());
    auto* page = dock->findChild<QScrollArea*>();
    auto* comboB = dock->findChild<QComboBox*>(QStringLiteral("walkthroughBodyB"));
    auto* tabs = dock->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"));
    QVERIFY(page && comboB && tabs);
    QTableWidget* table = dock->table();
    for (int mode = 0; mode < 3; ++mode) {
        tabs->setCurrentIndex(mode);
        for (int step = 0; step < dock->walkthrough().stepCount(); ++step) {
            dock->setStep(step);
            QCoreApplication::processEvents();
            const QString where = QStringLiteral("tab %1 step %2").arg(mode).arg(step + 1);
            QVERIFY2(page->horizontalScrollBar()->maximum() == 0,
                     qPrintable(where + QStringLiteral(": the page scrolls sideways by %1 px")
                                            .arg(page->horizontalScrollBar()->maximum())));
            const QRect combo(comboB->mapTo(page->viewport(), QPoint(0, 0)), comboB->size());
            QVERIFY2(page->viewport()->rect().contains(combo),
                     qPrintable(where + QStringLiteral(": the B box is cut by the dock's edge")));
            QVERIFY2(table->horizontalScrollBar()->maximum() == 0,
                     qPrintable(where + QStringLiteral(": the table scrolls sideways by %1 px")
                                            .arg(table->horizontalScrollBar()->maximum())));
            QHeaderView* header = table->horizontalHeader();
            const QFontMetrics metrics(header->font());
            for (int col = 0; col < table->columnCount(); ++col) {
                const int left = header->sectionViewportPosition(col);
                const int width = header->sectionSize(col);
                const QString title = table->horizontalHeaderItem(col)->text();
                QVERIFY2(left >= 0 && left + width <= table->viewport()->width(),
                         qPrintable(where + QStringLiteral(": column \"%1\" outside the view").arg(title)));
                for (const QString& word :
                     title.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
                    QVERIFY2(metrics.horizontalAdvance(word) <= width,
                             qPrintable(where + QStringLiteral(": \"%1\" of \"%2\" is cut (%3 px in %4)")
                                                    .arg(word, title)
                                                    .arg(metrics.horizontalAdvance(word))
                                                    .arg(width)));
                }
            }
        }
    }
    if (const QString shots = qEnvironmentVariable("CONTACTLAB_SCALED_SHOT"); !shots.isEmpty()) {
        tabs->setCurrentIndex(0);
        dock->setStep(0);
        QCoreApplication::processEvents();
        window->grab().save(shots + QStringLiteral(".walkthrough.png"));
    }
}

// Review v12 M5: with presentation mode on at 150%, the tools toolbar overflowed into its >> menu (Vertices,
// Delete and Duplicate hidden). Its buttons show their icons only then (the names in the tooltips), and every
// action of every toolbar is on screen; leaving presentation mode brings the names back.
void TestScaledWindow::presentationKeepsEveryToolOnTheToolbar() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto* tools = window->findChild<QToolBar*>(QStringLiteral("toolsToolbar"));
    QVERIFY(tools);
    const Qt::ToolButtonStyle style = tools->toolButtonStyle();
    QVERIFY(style != Qt::ToolButtonIconOnly);
    window->findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(tools->toolButtonStyle(), Qt::ToolButtonIconOnly);
    for (QToolBar* bar : window->findChildren<QToolBar*>()) {
        if (!bar->isVisible()) {
            continue;
        }
        for (QAction* action : bar->actions()) {
            QWidget* button = bar->widgetForAction(action);
            if (!action->isVisible() || action->isSeparator() || !button) {
                continue;
            }
            QVERIFY2(button->isVisible(),
                     qPrintable(bar->objectName() + QStringLiteral(": ") + action->text() +
                                QStringLiteral(" is behind the overflow arrow")));
        }
    }
    window->findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(tools->toolButtonStyle(), style);
}

/// `widget` is shown and lies wholly inside `viewport` (a scroll area's viewport, or the window).
static bool wholeIn(const QWidget* widget, const QWidget* viewport, QString* why) {
    const QRect at(widget->mapTo(viewport->window(), QPoint(0, 0)) -
                       viewport->mapTo(viewport->window(), QPoint(0, 0)),
                   widget->size());
    if (widget->isVisible() && viewport->rect().contains(at)) {
        return true;
    }
    *why = QStringLiteral("%1 at %2,%3 %4x%5 (visible %6) is not inside %7 %8x%9")
               .arg(widget->objectName())
               .arg(at.x())
               .arg(at.y())
               .arg(at.width())
               .arg(at.height())
               .arg(widget->isVisible())
               .arg(viewport->objectName())
               .arg(viewport->width())
               .arg(viewport->height());
    return false;
}

// Issue 12 (review v12 M5): presentation mode on this screen (853x533 logical pixels) made the text 1.6 times
// on top of the 1.5: the scene's description was cut at the top and bottom, Next and the Methods tab were
// cut, the explanation was cut and the SAT table showed its header only. Presentation mode's factor now comes
// from the screen's logical height (edit_setup.cpp: 1.6 * 533 / 800). On the docs' lesson scene, at every
// tab and step with presentation mode on:
// - the text is larger than without presentation mode (the explanation, the table, the description);
// - the description banner is as tall as its wrapped text needs and inside the window;
// - the page tabs, the SAT/Clipping/Methods tabs, Back, Next and the step title are wholly in view, the title
//   as tall as its text;
// - the explanation is wholly in view and as tall as its text (no scroll area of its own: the paragraph is
//   the lesson, and the panel has room for it whole);
// - the table does not scroll sideways, is wholly in view, and shows the rows of the current step whole.
void TestScaledWindow::presentationShowsTheWholeWalkthrough() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/pair.json")));
    auto* dock = window->findChild<WalkthroughDock*>();
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QCoreApplication::processEvents();
    auto* page = qobject_cast<QScrollArea*>(dock->widget());
    auto* banner = window->findChild<QLabel*>(QStringLiteral("sceneDescriptionLabel"));
    auto* explanation = dock->findChild<QLabel*>(QStringLiteral("walkthroughExplanation"));
    auto* stepLabel = dock->findChild<QLabel*>(QStringLiteral("walkthroughStepLabel"));
    auto* previous = dock->findChild<QPushButton*>(QStringLiteral("walkthroughPrevious"));
    auto* next = dock->findChild<QPushButton*>(QStringLiteral("walkthroughNext"));
    auto* modeTabs = dock->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"));
    QVERIFY(page && banner && explanation && stepLabel && previous && next && modeTabs);
    QVERIFY(!banner->text().isEmpty());
    // The page tabs ("SAT · Clipping", "GJK · EPA · Voronoi"): the dock's other tab bar.
    QTabBar* pageTabs = nullptr;
    for (QTabBar* bar : dock->findChildren<QTabBar*>()) {
        if (bar != modeTabs && bar->isVisible()) {
            pageTabs = bar;
        }
    }
    QVERIFY(pageTabs);
    QTableWidget* table = dock->table();
    const double explanationBase = explanation->fontInfo().pointSizeF();
    const double tableBase = table->fontInfo().pointSizeF();
    const double bannerBase = QFontInfo(banner->font()).pointSizeF();

    QAction* presentation = window->findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    presentation->trigger();
    QCoreApplication::processEvents();
    checkOnScreen(*window);
    const double k = window->canvas()->presentationScale();
    QCOMPARE(k, presentationScaleForHeight(533));
    QVERIFY2(k > 1.0 && k < 1.1, qPrintable(QString::number(k)));
    QVERIFY2(
        explanation->fontInfo().pointSizeF() > explanationBase,
        qPrintable(
            QStringLiteral("%1 pt, was %2").arg(explanation->fontInfo().pointSizeF()).arg(explanationBase)));
    QVERIFY(table->fontInfo().pointSizeF() > tableBase);
    banner->ensurePolished();
    QVERIFY(QFontInfo(banner->font()).pointSizeF() > bannerBase);

    QWidget* central = window.get();
    int steps = 0;
    for (int mode = 0; mode < 3; ++mode) {
        modeTabs->setCurrentIndex(mode);
        for (int step = 0; step < dock->walkthrough().stepCount(); ++step, ++steps) {
            dock->setStep(step);
            QCoreApplication::processEvents();
            const QString where = QStringLiteral("tab %1 step %2: ").arg(mode).arg(step + 1);
            QString why;
            // The banner: inside the window and as tall as its text at its width.
            QVERIFY2(wholeIn(banner, central, &why), qPrintable(where + why));
            QVERIFY2(banner->heightForWidth(banner->width()) <= banner->height(),
                     qPrintable(where + QStringLiteral("the description needs %1 px, has %2 (width %3)")
                                            .arg(banner->heightForWidth(banner->width()))
                                            .arg(banner->height())
                                            .arg(banner->width())));
            QVERIFY2(wholeIn(dock, central, &why), qPrintable(where + why));
            QVERIFY2(page->horizontalScrollBar()->maximum() == 0,
                     qPrintable(where + QStringLiteral("the page scrolls sideways")));
            for (QWidget* widget : std::initializer_list<QWidget*>{pageTabs, modeTabs, previous, next,
                                                                   stepLabel, explanation, table}) {
                QVERIFY2(wholeIn(widget, page->viewport(), &why), qPrintable(where + why));
            }
            QVERIFY2(stepLabel->heightForWidth(stepLabel->width()) <= stepLabel->height(),
                     qPrintable(where + QStringLiteral("the step title is cut")));
            QVERIFY2(explanation->heightForWidth(explanation->width()) <= explanation->height(),
                     qPrintable(where + QStringLiteral("the explanation needs %1 px, has %2")
                                            .arg(explanation->heightForWidth(explanation->width()))
                                            .arg(explanation->height())));
            QVERIFY2(table->horizontalScrollBar()->maximum() == 0,
                     qPrintable(where + QStringLiteral("the table scrolls sideways by %1 px")
                                            .arg(table->horizontalScrollBar()->maximum())));
            QVERIFY2(table->rowCount() > 0, qPrintable(where));
            QList<int> rows;
            for (const QModelIndex& index : table->selectionModel()->selectedRows()) {
                rows << index.row();
            }
            if (rows.isEmpty()) {
                rows << table->rowAt(0); // no row of its own: at least one whole row shows
            }
            for (const int row : rows) {
                const int top = table->rowViewportPosition(row);
                QVERIFY2(
                    row >= 0 && top >= 0 && top + table->rowHeight(row) <= table->viewport()->height(),
                    qPrintable(where + QStringLiteral("row %1 at %2 + %3 is not inside the table's %4 px")
                                           .arg(row + 1)
                                           .arg(top)
                                           .arg(table->rowHeight(row))
                                           .arg(table->viewport()->height())));
            }
        }
    }
    QVERIFY(steps >= 15); // SAT 9, Clipping, Methods 4
    if (const QString shots = qEnvironmentVariable("CONTACTLAB_SCALED_SHOT"); !shots.isEmpty()) {
        modeTabs->setCurrentIndex(0);
        dock->setStep(2);
        QCoreApplication::processEvents();
        window->grab().save(shots + QStringLiteral(".presentation.png"));
    }
    presentation->trigger();
    QCoreApplication::processEvents();
    QCOMPARE(explanation->fontInfo().pointSizeF(), explanationBase);
}

// Review v12 (minor): in presentation mode a long status-bar hint ran into the position label ("…the stack
// fa x 13.49 m"). The hint is elided before it, with a gap, the whole text in its tooltip; nothing else draws
// the message (the bar's pixels between the hint's text and the position are the same as with no message).
void TestScaledWindow::longHintStopsBeforeThePosition() {
    auto window = freshDefaultWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    QCoreApplication::processEvents();
    QStatusBar* bar = window->statusBar();
    auto* hint = bar->findChild<QLabel*>(QStringLiteral("statusHintLabel"));
    auto* position = bar->findChild<QLabel*>(QStringLiteral("positionLabel"));
    QVERIFY(hint && position);
    position->setText(MainWindow::formatWorldPosition(phys::Vec2{13.49, 5.43}));
    bar->clearMessage();
    QCoreApplication::processEvents();
    const QImage empty = bar->grab().toImage();

    const QString longHint = QStringLiteral(
        "The vertical stack drifts sideways (about 10 cm in 10 s): raise the iterations to 20 and it stays, "
        "or set Substeps to 1 and the stack falls over within a few seconds.");
    bar->showMessage(longHint);
    QCoreApplication::processEvents();
    QCOMPARE(bar->currentMessage(), longHint);
    QVERIFY2(hint->text() != longHint && hint->text().endsWith(QChar(0x2026)), qPrintable(hint->text()));
    QVERIFY(longHint.startsWith(hint->text().chopped(1)));
    QCOMPARE(hint->toolTip(), longHint);
    QVERIFY(hint->isVisible() && position->isVisible());
    const int textRight =
        hint->x() + hint->contentsRect().left() + hint->fontMetrics().horizontalAdvance(hint->text());
    const int gap = position->x() - textRight;
    QVERIFY2(gap >= hint->fontMetrics().horizontalAdvance(QStringLiteral("  ")),
             qPrintable(QStringLiteral("%1 px between the hint and the position").arg(gap)));
    // Only the hint label draws the message: from its text's end to the position label the bar is unchanged.
    const QImage shown = bar->grab().toImage();
    QCOMPARE(shown.size(), empty.size());
    const double dpr = shown.devicePixelRatio();
    int changed = 0;
    for (int x = int(std::ceil((textRight + 1) * dpr)); x < int(position->x() * dpr); ++x) {
        for (int y = 0; y < shown.height(); ++y) {
            changed += shown.pixel(x, y) != empty.pixel(x, y) ? 1 : 0;
        }
    }
    QCOMPARE(changed, 0);
    // And the text is there: the hint's pixels changed.
    QVERIFY(shown != empty);

    // A short hint shows whole, with no tooltip.
    bar->showMessage(QStringLiteral("Select: click a body"));
    QCoreApplication::processEvents();
    QCOMPARE(hint->text(), QStringLiteral("Select: click a body"));
    QVERIFY(hint->toolTip().isEmpty());
    bar->clearMessage();
    QCoreApplication::processEvents();
    QVERIFY(hint->text().isEmpty());
}

int main(int argc, char** argv) {
    // A 1280x800 offscreen screen at 150%.
    return cltest::runOnScreens<TestScaledWindow>(argc, argv, cltest::kProjectorScreen, "1.5");
}

#include "tst_scaled_window.moc"
