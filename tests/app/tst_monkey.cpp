/// @file tst_monkey.cpp
/// UI monkey test (issue 16): 120 bursts of seeded random input, at least 10,000 mouse and key events in
/// all, sent with QTest to the real MainWindow on the collision demo scene: clicks, double clicks, drags
/// and wheel turns on the canvas, clicks on every kind of widget of the window, random keys, and every
/// shortcut of the window's actions but Quit (undo, redo, delete, select all, duplicate, zoom, tools,
/// Simulate and its play/step keys, New, Open, Save, Save As, export...).
///
/// Modal dialogs: the app opens them through static QMessageBox / QFileDialog calls (unsaved changes, open,
/// save as, export, "polygon is not convex"), each a nested event loop that would wait for a click. A
/// watchdog timer closes whatever modal or popup widget is active (which cancels it), so the monkey goes on
/// and the dialogs' code paths run too; non-modal dialogs (the shortcut sheet, the user guide) are closed the
/// same way. Errors go to the window's error reporter (no dialog).
///
/// After each burst:
/// - no modal dialog or popup is left open;
/// - the document is valid (phys::validate), and saved to disk it loads back equal;
/// - the undo stack is consistent: its index is within its count; undoing everything gives the scene the
///   stack started from (the demo scene, or the scene of the last New/Open), and redoing back gives the
///   scene of the burst; the window is modified exactly when the stack is not clean (or a restore/mark
///   says so);
/// - nothing in the view is NaN: every graphics item's position and transform, the view's transform and its
///   scene rectangle are finite.

#include "app_test_util.h"
#include "document.h"
#include "file_controller.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_io.h"

#include "physics/defs.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QMenu>
#include <QPointer>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>
#include <random>

using namespace cl;

namespace {

constexpr int kBursts = 120;
constexpr int kMinEvents = 10000;

// The offscreen platform warns on every raise(), keyboard grab and size hint of the dialogs the monkey opens:
// thousands of lines that would push a failure's message out of a CI log's tail. Only those are dropped.
QtMessageHandler g_qtestHandler = nullptr;
void dropPlatformNoise(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (type == QtWarningMsg && message.startsWith(QLatin1String("This plugin does not support"))) {
        return;
    }
    g_qtestHandler(type, context, message);
}

bool finite(const QTransform& t) {
    return std::isfinite(t.m11()) && std::isfinite(t.m12()) && std::isfinite(t.m21()) &&
           std::isfinite(t.m22()) && std::isfinite(t.dx()) && std::isfinite(t.dy());
}
bool finite(const QRectF& r) {
    return std::isfinite(r.x()) && std::isfinite(r.y()) && std::isfinite(r.width()) &&
           std::isfinite(r.height());
}

} // namespace

class TestMonkey : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void randomInputKeepsTheDocumentAndViewSound();

private:
    void burst(std::mt19937_64& rng);
    void checkInvariants(int burstIndex);
    QPoint randomPoint(QWidget* widget, std::mt19937_64& rng);
    /// The window's visible widgets now (docks and panels rebuild theirs, so this is redone every burst).
    void collectTargets();
    /// Closes (cancels) an open modal dialog or popup menu, else any visible non-modal dialog.
    void closeDialogs();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QList<QKeySequence> m_shortcuts;
    QList<QPointer<QWidget>> m_targets;
    Scene m_stackBase; ///< the scene the undo stack starts from
    long m_events = 0;
    int m_dialogsClosed = 0;
    int m_errors = 0;
    int m_resets = 0;     ///< New, Open, samples
    long m_undoMoves = 0; ///< edits, undos and redos (the invariant checks' own walks included)
};

void TestMonkey::initTestCase() {
    g_qtestHandler = qInstallMessageHandler(dropPlatformNoise);
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    m_window = cltest::makeTestWindow(1200, 800);
    m_window->setErrorReporter([this](const QString&, const QString&) { ++m_errors; });
    const QString saved = m_dir.filePath(QStringLiteral("monkey.json"));
    m_window->fileController()->setSaveNameAsker([saved](const QString&) { return saved; });
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/demos/collision.json")));
    QApplication::setActiveWindow(m_window.get());

    for (QAction* action : m_window->findChildren<QAction*>()) {
        for (const QKeySequence& key : action->shortcuts()) {
            if (!key.isEmpty() && key != QKeySequence(QKeySequence::Quit)) {
                m_shortcuts << key;
            }
        }
    }
    QVERIFY(m_shortcuts.size() >= 15);
    collectTargets();
    QVERIFY(m_targets.size() > 20);

    // The stack's base: the scene whenever the document is reset (New, Open, a sample) with an empty stack.
    Document* doc = m_window->document();
    m_stackBase = doc->scene();
    connect(doc, &Document::sceneReset, this, [this, doc] {
        ++m_resets;
        if (doc->undoStack()->count() == 0) {
            m_stackBase = doc->scene();
        }
    });
    connect(doc->undoStack(), &QUndoStack::indexChanged, this, [this] { ++m_undoMoves; });

    // The watchdog: any modal dialog or popup menu is closed (cancelled) as soon as it shows.
    auto* watchdog = new QTimer(this);
    watchdog->setInterval(5);
    connect(watchdog, &QTimer::timeout, this, &TestMonkey::closeDialogs);
    watchdog->start();
}

void TestMonkey::closeDialogs() {
    if (QWidget* modal = QApplication::activeModalWidget()) {
        ++m_dialogsClosed;
        modal->close();
    } else if (QWidget* popup = QApplication::activePopupWidget()) {
        ++m_dialogsClosed;
        popup->close();
    } else {
        // Non-modal windows (the shortcut sheet on F1, the user guide) would take the keyboard from the
        // main window: closed too, as a user would.
        for (QWidget* top : QApplication::topLevelWidgets()) {
            if (top != m_window.get() && top->isVisible() && qobject_cast<QDialog*>(top)) {
                ++m_dialogsClosed;
                top->close();
            }
        }
    }
}

void TestMonkey::collectTargets() {
    m_targets.clear();
    for (QWidget* w : m_window->findChildren<QWidget*>()) {
        if (w->isVisible() && w->width() > 4 && w->height() > 4 && !qobject_cast<QMenu*>(w)) {
            m_targets << w;
        }
    }
}

QPoint TestMonkey::randomPoint(QWidget* widget, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> x(1, std::max(1, widget->width() - 2));
    std::uniform_int_distribution<int> y(1, std::max(1, widget->height() - 2));
    return {x(rng), y(rng)};
}

void TestMonkey::burst(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> kind(0, 99);
    std::uniform_int_distribution<int> small(0, 1000000);
    QWidget* viewport = m_window->canvas()->viewport();
    collectTargets();
    static const Qt::Key kKeys[] = {Qt::Key_Delete, Qt::Key_Backspace, Qt::Key_Escape, Qt::Key_Return,
                                    Qt::Key_Left,   Qt::Key_Right,     Qt::Key_Up,     Qt::Key_Down,
                                    Qt::Key_Space,  Qt::Key_Tab,       Qt::Key_A,      Qt::Key_S,
                                    Qt::Key_1,      Qt::Key_5,         Qt::Key_Minus,  Qt::Key_Period};
    static const Qt::KeyboardModifiers kMods[] = {Qt::NoModifier, Qt::ShiftModifier, Qt::ControlModifier,
                                                  Qt::AltModifier};
    const Qt::MouseButton buttons[] = {Qt::LeftButton, Qt::LeftButton, Qt::LeftButton, Qt::RightButton,
                                       Qt::MiddleButton};
    for (int i = 0; i < 40; ++i) {
        const int k = kind(rng);
        const Qt::KeyboardModifiers mod = kMods[small(rng) % 4];
        if (k < 30) { // a drag on the canvas: press, several moves, release
            const Qt::MouseButton button = buttons[small(rng) % 5];
            QPoint at = randomPoint(viewport, rng);
            QTest::mousePress(viewport, button, mod, at);
            const int moves = 2 + small(rng) % 6;
            for (int m = 0; m < moves; ++m) {
                at += QPoint(small(rng) % 61 - 30, small(rng) % 61 - 30);
                QMouseEvent move(QEvent::MouseMove, at, viewport->mapToGlobal(at), Qt::NoButton, button, mod);
                QApplication::sendEvent(viewport, &move);
            }
            QTest::mouseRelease(viewport, button, mod, at);
            m_events += moves + 2;
        } else if (k < 45) { // a click or double click on the canvas
            const QPoint at = randomPoint(viewport, rng);
            if (small(rng) % 4 == 0) {
                QTest::mouseDClick(viewport, buttons[small(rng) % 5], mod, at);
                m_events += 4;
            } else {
                QTest::mouseClick(viewport, buttons[small(rng) % 5], mod, at);
                m_events += 2;
            }
        } else if (k < 52) { // a wheel turn on the canvas
            const QPoint at = randomPoint(viewport, rng);
            QWheelEvent wheel(at, viewport->mapToGlobal(at), QPoint(),
                              QPoint(0, (small(rng) % 2 ? 120 : -120)), Qt::NoButton, mod, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(viewport, &wheel);
            m_events += 1;
        } else if (k < 67) { // a click on any widget of the window (buttons, docks, spin boxes, lists...)
            QPointer<QWidget> target = m_targets[small(rng) % m_targets.size()];
            if (target && target->isVisible()) {
                QTest::mouseClick(target, Qt::LeftButton, Qt::NoModifier, randomPoint(target, rng));
                m_events += 2;
            }
        } else if (k < 85) { // a shortcut of one of the window's actions
            const QKeySequence& key = m_shortcuts[small(rng) % m_shortcuts.size()];
            QTest::keySequence(m_window.get(), key);
            m_events += 2;
        } else { // a plain key, maybe with a modifier, to the focused widget
            QWidget* focus = QApplication::focusWidget() ? QApplication::focusWidget() : viewport;
            QTest::keyClick(focus, kKeys[small(rng) % 16], mod);
            m_events += 2;
        }
    }
    QTest::qWait(1);
    // A window-modal dialog opened (QDialog::open) by the burst's last event, e.g. Compare Solvers...
    // from the Simulation panel's button, is closed as the watchdog would close it, before the checks.
    closeDialogs();
}

void TestMonkey::checkInvariants(int burstIndex) {
    const QString where = QStringLiteral("burst %1").arg(burstIndex);
    QVERIFY2(!QApplication::activeModalWidget(), qPrintable(where));
    QApplication::setActiveWindow(m_window.get()); // a click on a dock may leave it elsewhere

    Document* doc = m_window->document();
    const Scene scene = doc->scene();
    QVERIFY2(!phys::validate(scene.def), qPrintable(where));
    const QString file = m_dir.filePath(QStringLiteral("burst.json"));
    QCOMPARE(saveSceneFile(scene, file), QString());
    auto loaded = loadSceneFile(file);
    QVERIFY2(std::holds_alternative<Scene>(loaded), qPrintable(where));
    QVERIFY2(std::get<Scene>(loaded) == scene, qPrintable(where));

    QUndoStack* stack = doc->undoStack();
    const int index = stack->index();
    QVERIFY2(index >= 0 && index <= stack->count(), qPrintable(where));
    if (stack->isClean()) {
        // Clean but modified only after a restore or a markModified; the monkey does neither.
        QVERIFY2(!doc->isModified(), qPrintable(where));
    } else {
        QVERIFY2(doc->isModified(), qPrintable(where));
    }
    if (stack->count() > 0 && stack->count() <= 200) { // a full walk back and forth on the typical stack
        stack->setIndex(0);
        QVERIFY2(doc->scene() == m_stackBase, qPrintable(where + QStringLiteral(": undo all")));
        stack->setIndex(index);
        QVERIFY2(doc->scene() == scene, qPrintable(where + QStringLiteral(": redo all")));
    }

    SceneCanvas* canvas = m_window->canvas();
    QVERIFY2(finite(canvas->transform()), qPrintable(where));
    QVERIFY2(finite(canvas->sceneRect()), qPrintable(where));
    for (QGraphicsItem* item : canvas->scene()->items()) {
        QVERIFY2(std::isfinite(item->pos().x()) && std::isfinite(item->pos().y()) &&
                     finite(item->transform()) && finite(item->sceneBoundingRect()),
                 qPrintable(where));
    }
}

void TestMonkey::randomInputKeepsTheDocumentAndViewSound() {
    std::mt19937_64 rng(16);
    for (int b = 0; b < kBursts; ++b) {
        burst(rng);
        checkInvariants(b);
        if (QTest::currentTestFailed()) {
            return;
        }
    }
    qInfo(
        "monkey: %ld events in %d bursts, %d dialogs or popups closed, %d errors reported, %d scene resets, "
        "%ld undo stack moves",
        m_events, kBursts, m_dialogsClosed, m_errors, m_resets, m_undoMoves);
    QVERIFY(m_events >= kMinEvents);
    QVERIFY(m_undoMoves > 100); // the input reached the editing code, not only empty space
}

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
