/// @file tst_welcome_placement.cpp
/// The first-run welcome on a 1280x800 screen (issue 12): centred on the window it covered the Walkthrough
/// dock's left 30 px, and without a window frame (Xvfb, a kiosk) the dock read as scrolled sideways, its
/// left edge cut ("is 1, the normal", the table's "A edge 0" without its "#"). The first-start sequence (a
/// scene with the walkthrough, then the welcome) leaves the dock and its table's first column uncovered,
/// the dock's page unscrolled, and puts the welcome over the canvas. The offscreen screen is 1280x800 (the
/// plugin's configfile option): on its default 800x600 screen the dialog is centred on the screen instead.

#include "app_test_util.h"
#include "help.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cl;

class TestWelcomePlacement : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void welcomeLeavesTheWalkthroughUncovered();

private:
    QTemporaryDir m_dir;
};

void TestWelcomePlacement::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestWelcomePlacement::welcomeLeavesTheWalkthroughUncovered() {
    QSettings().clear(); // a first start
    auto window = cltest::exposed(cltest::makeExactWindow(1280, 800), true);
    QVERIFY(window);
    auto* dock = cltest::openWithWalkthrough(
        *window, QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/catalogue/vertex_on_edge.json"),
        false);
    QVERIFY(dock && dock->isVisible());
    WelcomeDialog* welcome = showWelcomeOnFirstRun(*window);
    QVERIFY(welcome);
    QVERIFY(QTest::qWaitForWindowExposed(welcome));
    QCoreApplication::processEvents();
    auto* table = dock->findChild<QTableWidget*>(QStringLiteral("walkthroughTable"));
    QVERIFY(table && table->isVisible());
    const QRect dockRect(dock->mapToGlobal(QPoint(0, 0)), dock->size());
    const QRect frame = welcome->frameGeometry();
    QVERIFY2(!frame.intersects(dockRect),
             qPrintable(QStringLiteral("the welcome (%1, %2 %3x%4) covers the Walkthrough dock from x %5")
                            .arg(frame.x())
                            .arg(frame.y())
                            .arg(frame.width())
                            .arg(frame.height())
                            .arg(dockRect.x())));
    // The table's first column (its "#"), just under the header, is in sight.
    const QPoint firstCell =
        table->mapToGlobal(QPoint(table->frameWidth() + 1, table->horizontalHeader()->height() + 2));
    QVERIFY(!frame.contains(firstCell));
    // The dock's page and its table are not scrolled sideways either.
    for (const QScrollArea* scroll : dock->findChildren<QScrollArea*>()) {
        QCOMPARE(scroll->horizontalScrollBar()->value(), 0);
    }
    QCOMPARE(table->horizontalScrollBar()->value(), 0);
    // Over the canvas, where what the starters do shows.
    const QWidget* viewport = window->canvas()->viewport();
    QVERIFY(QRect(viewport->mapToGlobal(QPoint(0, 0)), viewport->size()).contains(frame.center()));
}

int main(int argc, char** argv) {
    return cltest::runOnScreens<TestWelcomePlacement>(argc, argv, cltest::kProjectorScreen);
}

#include "tst_welcome_placement.moc"
