#pragma once
/// @file app_test_util.h
/// Shared set-up for the tests that build a real MainWindow.

#include "autosave.h"
#include "document.h"
#include "lesson_dock.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough_dock.h"

#include "physics/world.h"

#include <QAction>
#include <QApplication>
#include <QByteArray>
#include <QDebug>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

namespace cltest {

/// The scene of issue 16's report: `count` unit circles, all at the origin, over a static floor.
inline QByteArray pileAtOnePoint(int count) {
    QByteArray json = R"({"format": "contactlab-scene", "version": 1, "bodies": [
  {"name": "floor", "type": "static", "position": [0, -10],
   "shapes": [{"type": "polygon", "vertices": [[-20, -1], [20, -1], [20, 1], [-20, 1]]}]})";
    for (int i = 0; i < count; ++i) {
        json += R"(,
  {"type": "dynamic", "position": [0, 0], "shapes": [{"type": "circle", "radius": 0.5}]})";
    }
    json += "\n]}\n";
    return json;
}

/// Keeps a test's settings and crash-recovery files inside `dir` and never offers a restore, so the tests
/// neither read nor write the user's real configuration.
/// The offscreen screens `runOnScreens` may give: one projector of 1280x800 at 96 dpi.
inline constexpr const char* kProjectorScreen =
    R"({"screens": [{"name": "Projector", "x": 0, "y": 0, "width": 1280, "height": 800,
                    "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})";

/// Runs `Test` under the offscreen screens `screens` describes (the plugin's configfile option: the
/// default is one screen of 800x600), with `scaleFactor` as QT_SCALE_FACTOR when given: a main() for the
/// tests whose behaviour depends on the screen.
template <typename Test>
int runOnScreens(int argc, char** argv, const char* screens, const char* scaleFactor = nullptr) {
    const QString config = QDir::temp().filePath(
        QStringLiteral("contactlab_test_screens_%1.json").arg(QCoreApplication::applicationPid()));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly) || file.write(screens) < 0) {
        return 1;
    }
    file.close();
    qputenv("QT_QPA_PLATFORM", ("offscreen:configfile=" + config).toLocal8Bit());
    if (scaleFactor) {
        qputenv("QT_SCALE_FACTOR", scaleFactor);
    }
    int result = 0;
    {
        QApplication app(argc, argv);
        Test test;
        result = QTest::qExec(&test, argc, argv);
    }
    QFile::remove(config);
    return result;
}

inline void isolateAppState(const QTemporaryDir& dir) {
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
    cl::RecoveryOptions recovery;
    recovery.directory = dir.filePath(QStringLiteral("recovery"));
    recovery.askRestore = [](const QString&) {
        return false;
    };
    cl::setRecoveryOptions(recovery);
}

/// The environment for a `contactlab` started by a test: its settings, data, cache and autosaves under
/// `dir`, so it neither reads the user's own (a theme chosen by hand turned a screenshot's bodies dark) nor
/// writes its files into their recent-file list.
inline QProcessEnvironment isolatedAppEnvironment(const QTemporaryDir& dir) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"}) {
        const QString path = dir.filePath(QStringLiteral("child-") + QLatin1String(name));
        QDir().mkpath(path);
        env.insert(QLatin1String(name), path);
    }
    return env;
}

/// A shown main window of the given size that saves no settings on close and reports errors as warnings
/// (a dialog would wait for a click).
/// A scene of the catalogue (resources/scenes/catalogue); an empty name gives the folder.
inline QString catalogueScene(const QString& name) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/catalogue/") + name;
}

/// The data rows "file" and "presentation" of a test over the catalogue: every scene, in normal and in
/// presentation mode (the projector's, where every text and pen is larger).
inline void addCatalogueRowsInBothModes() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("presentation");
    const QStringList files =
        QDir(catalogueScene(QString())).entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 10);
    for (const QString& file : files) {
        QTest::newRow(qPrintable(file)) << file << false;
        QTest::newRow(qPrintable(file + QStringLiteral(", presentation mode"))) << file << true;
    }
}

/// Presentation mode on, through its action as the View menu turns it on; false when it did not scale.
inline bool enterPresentationMode(cl::MainWindow& window) {
    auto* action = window.findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    if (!action) {
        return false;
    }
    action->trigger();
    return window.canvas()->presentationScale() > 1.0;
}

inline std::unique_ptr<cl::MainWindow> makeTestWindow(int width, int height) {
    auto window = std::make_unique<cl::MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->setErrorReporter([](const QString&, const QString& message) { qWarning() << message; });
    window->resize(width, height);
    window->show();
    return window;
}

/// A shown window of exactly `width` x `height`, whatever the (offscreen) screen's size: the window a projector
/// or a desktop of that size shows (makeTestWindow's window is fitted to the screen when shown).
inline std::unique_ptr<cl::MainWindow> makeExactWindow(int width, int height) {
    auto window = std::make_unique<cl::MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->setFitToScreenOnShow(false);
    window->setErrorReporter([](const QString&, const QString& message) { qWarning() << message; });
    window->resize(width, height);
    window->show();
    return window;
}

/// `window` once it is exposed, made the active window when `activate` (so its shortcuts reach it); null when
/// it never is exposed (the tests QVERIFY the result). The set-up of most window tests:
/// `auto window = exposed(makeExactWindow(1280, 800)); QVERIFY(window);`.
inline std::unique_ptr<cl::MainWindow> exposed(std::unique_ptr<cl::MainWindow> window,
                                               bool activate = false) {
    if (!window || !QTest::qWaitForWindowExposed(window.get())) {
        return nullptr;
    }
    if (activate) {
        QApplication::setActiveWindow(window.get());
    }
    return window;
}

/// Opens the scene file `scene` in `window` and returns its Walkthrough dock, brought in front (shown and
/// raised, as the Panels menu does) when `bringToFront`, else as the window laid it out; null when the scene
/// does not open or the window has no such dock.
inline cl::WalkthroughDock* openWithWalkthrough(cl::MainWindow& window, const QString& scene,
                                                bool bringToFront = true) {
    if (!window.openFile(scene)) {
        return nullptr;
    }
    QCoreApplication::processEvents();
    auto* dock = window.findChild<cl::WalkthroughDock*>();
    if (dock && bringToFront) {
        dock->show();
        dock->raise();
    }
    return dock;
}

/// An exposed window of exactly `width` x `height` (makeExactWindow) with `lesson` (a resource such as
/// ":/lessons/04-clipping.json") open in its Lesson dock. `dock` is null when the window, the dock or the
/// lesson fails (the tests QVERIFY it first).
struct LessonWindow {
    std::unique_ptr<cl::MainWindow> window;
    cl::LessonDock* dock = nullptr;
};

inline LessonWindow openLesson(const QString& lesson, int width, int height) {
    LessonWindow f;
    f.window = exposed(makeExactWindow(width, height));
    if (!f.window) {
        return f;
    }
    auto* dock = f.window->findChild<cl::LessonDock*>();
    if (dock && dock->openLesson(lesson)) {
        f.dock = dock;
    }
    QCoreApplication::processEvents();
    return f;
}

/// Enters Simulate mode on the window's scene with the controller on an external clock (it steps only when
/// the test says) and the window active, so its shortcuts (Space, Left, Right) reach it.
inline void startSimulating(cl::MainWindow& window, cl::SimulationUi& ui) {
    QApplication::setActiveWindow(&window);
    ui.controller()->setExternalClock(true);
    ui.simulateAction()->trigger();
}

/// A main window in Simulate mode on a sample scene, with its simulation UI and controller. `sim` is null
/// when the window lacks them or the scene does not open (the tests QVERIFY it first).
struct SimulatingWindow {
    std::unique_ptr<cl::MainWindow> window;
    cl::SimulationUi* ui = nullptr;
    cl::SimulationController* sim = nullptr;
};

/// Opens `path` (a resource such as ":/scenes/demos/pyramid.json") in a test window of the given size, zooms
/// to fit and starts simulating on the external clock.
inline SimulatingWindow openSimulating(const QString& path, int width, int height) {
    SimulatingWindow f;
    f.window = makeTestWindow(width, height);
    f.ui = f.window->findChild<cl::SimulationUi*>();
    if (f.ui == nullptr || !f.window->openSample(path)) {
        return f;
    }
    f.sim = f.ui->controller();
    f.window->canvas()->zoomToFit();
    startSimulating(*f.window, *f.ui);
    return f;
}

/// The key of the document's first body named `name`, or 0.
inline cl::BodyKey keyNamed(const cl::Document& document, const std::string& name) {
    for (int i = 0; i < document.bodyCount(); ++i) {
        if (document.body(document.keyAt(i)).name == name) {
            return document.keyAt(i);
        }
    }
    return 0;
}

/// An independent World built from the document's scene: the oracle the app's run must match exactly.
inline std::unique_ptr<phys::World> independentWorld(const cl::Document& document) {
    auto world = std::make_unique<phys::World>(document.scene().def.settings);
    for (const phys::BodyDef& def : document.scene().def.bodies) {
        [[maybe_unused]] auto id = world->createBody(def);
    }
    return world;
}

} // namespace cltest
