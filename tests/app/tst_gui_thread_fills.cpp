/// @file tst_gui_thread_fills.cpp
/// The GUI thread paints its own fills (app/gui/gui_thread_fills.cpp): with a MainWindow made, Qt Gui's
/// raster engine runs a large anti-aliased fill on the GUI thread, and starts no thread of its pool for it;
/// switched back to Qt's parallel fills it does start one. Other threads still get Qt's own answer, and the
/// window's pixels are the same either way.

#include "app_test_util.h"
#include "gui_thread_fills.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <cmath>
#include <thread>

using namespace cl;

namespace {

/// Threads of this process that Qt's thread pools made (QThreadPool names them "Thread (pooled)").
int pooledThreads() {
    int count = 0;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString& task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(task) + QStringLiteral("/comm"));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "Thread (pooled)") {
            ++count;
        }
    }
    return count;
}

/// A large anti-aliased star, filled and stroked: thousands of spans, blended in batches well over the 96
/// spans at which Qt 6.4 splits a blend across its pool.
void paintStar(QImage& image) {
    QPolygonF star;
    for (int i = 0; i < 40; ++i) {
        const double r = i % 2 ? 120.0 : 380.0;
        const double a = i * M_PI / 20.0;
        star << QPointF(400.0 + r * std::cos(a), 400.0 + r * std::sin(a));
    }
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setBrush(QColor(40, 90, 200, 180));
    painter.setPen(QPen(QColor(200, 40, 40, 200), 7.5));
    painter.drawPolygon(star);
}

} // namespace

class TestGuiThreadFills : public QObject {
    Q_OBJECT

private slots:
    void fillsStayOnTheGuiThread();
    void otherThreadsGetQtsAnswer();
    void samePixelsEitherWay();
};

void TestGuiThreadFills::fillsStayOnTheGuiThread() {
    QTemporaryDir dir;
    cltest::isolateAppState(dir);
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(guiFillsStayOnGuiThread());
    QCOMPARE(pooledThreads(), 0);
    QImage on(800, 800, QImage::Format_ARGB32_Premultiplied);
    on.fill(Qt::white);
    paintStar(on);
    QCOMPARE(pooledThreads(), 0); // Qt Gui asked, was told the GUI thread is the pool's, and filled here

    setGuiFillsOnGuiThread(false);
    QVERIFY(!guiFillsStayOnGuiThread());
    QImage off(800, 800, QImage::Format_ARGB32_Premultiplied);
    off.fill(Qt::white);
    paintStar(off);
    QVERIFY(pooledThreads() > 0); // Qt's own parallel fills: the pool started threads for the star
    setGuiFillsOnGuiThread(true);
    QCOMPARE(on, off);
}

void TestGuiThreadFills::otherThreadsGetQtsAnswer() {
    QThreadPool* pool = QThreadPool::globalInstance();
    // A thread of the pool is the pool's; a thread of its own is not; the GUI thread is, by this file's rule.
    std::atomic<int> inPool{-1};
    pool->start([&] { inPool = pool->contains(QThread::currentThread()) ? 1 : 0; });
    QVERIFY(pool->waitForDone(10000));
    QCOMPARE(inPool.load(), 1);
    std::atomic<int> own{-1};
    std::thread([&] { own = pool->contains(QThread::currentThread()) ? 1 : 0; }).join();
    QCOMPARE(own.load(), 0);
    QVERIFY(pool->contains(QThread::currentThread()));
}

void TestGuiThreadFills::samePixelsEitherWay() {
    // The sample scene's SAT walkthrough at its last step (rulers, leaders, halos: the fills a drag repaints), drawn both ways.
    QTemporaryDir dir;
    cltest::isolateAppState(dir);
    auto window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(window);
    WalkthroughDock* dock = cltest::openWithWalkthrough(
        *window, QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/shapes.json"));
    QVERIFY(dock);
    QVERIFY(dock->setPair(0, 1));
    dock->lastStep();
    QCoreApplication::processEvents();
    const QImage serial = window->canvas()->viewport()->grab().toImage();
    setGuiFillsOnGuiThread(false);
    window->canvas()->viewport()->repaint();
    const QImage parallel = window->canvas()->viewport()->grab().toImage();
    setGuiFillsOnGuiThread(true);
    QVERIFY(!serial.isNull());
    QCOMPARE(serial, parallel);
}

QTEST_MAIN(TestGuiThreadFills)
#include "tst_gui_thread_fills.moc"
