/// @file framebench_main.cpp
/// contactlab-framebench [--bodies N] [--frames N] [--warmup N] [--overlays LIST] [--screenshot FILE.png]
/// contactlab-framebench --drag [--bodies N] [--frames N] [--warmup N] [--screenshot FILE.png]
/// contactlab-framebench --pile N [--steps N] [--overlays LIST]
///   (issue 16's heavy scene played on the app's own timer and worker thread: the window's answer time)
/// contactlab-framebench --compare [--config A.json ...] [--bodies N] [--frames N] [--warmup N] [--split]
///                       [--screenshot FILE.png]
///   (issue 15's compare mode: the four presets, or the configuration files given (the format of
///   `contactlab-cli compare --config`), on a 200-body scene by default, playing in step)
///
/// Measures one Simulate-mode display frame on the real MainWindow (offscreen): the controller's advance()
/// for one step's worth of time (one World step, recording, interpolation, canvas poses, overlay frame) plus
/// drawing the canvas viewport with every simulation overlay on (QWidget::grab, the whole paint). Bodies:
/// boxes, circles and hexagons dropped into a container. Prints median, mean and 95th percentile in ms, and
/// the thread CPU time (on a machine shared with other jobs the wall-clock time also counts waits for a
/// core).
///
/// --drag measures one mouse move of a live vertex drag in the editor instead (design.md section 5: each move
/// pushes a merging command on the document): the move event through the edit-vertices tool, the command,
/// the document's signal to the canvas, the Walkthrough dock (its pair is the dragged body and a neighbour,
/// so the walkthrough is rebuilt and its table refilled on every move) and the Inspector, then the repaint of
/// the canvas viewport, the Walkthrough dock and the Inspector dock (QWidget::grab). One "frame" is one move.
/// A second pass times the same moves with the window's own repaint instead (the event loop paints only what
/// each move made dirty), which is what a user's drag costs.

#include "autosave.h"
#include "compare_table.h"
#include "compare_ui.h"
#include "compare_view.h"
#include "inspector_dock.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "tool_edit_vertices.h"
#include "tools_toolbar.h"
#include "walkthrough_dock.h"

#include "document.h"
#include "physics/polygon_factory.h"

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPixmap>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numeric>
#include <variant>
#include <vector>

namespace {

phys::ShapeDef boxShape(double hw, double hh) {
    phys::ShapeDef s;
    const std::vector<phys::Vec2> v{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    s.geometry = *phys::Polygon::make(v);
    return s;
}

cl::Scene makeScene(int bodies) {
    cl::Scene scene;
    const int columns = 40;
    const int rows = (bodies + columns - 1) / columns;
    const double spacing = 0.9;
    const double width = columns * spacing + 2.0;
    auto wall = [&](const char* name, phys::Vec2 at, double hw, double hh) {
        phys::BodyDef b;
        b.name = name;
        b.type = phys::BodyType::Static;
        b.position = at;
        b.shapes = {boxShape(hw, hh)};
        scene.def.bodies.push_back(b);
    };
    wall("floor", {0, -0.5}, 0.5 * width + 1.0, 0.5);
    wall("left", {-0.5 * width - 0.5, 0.5 * rows * spacing + 5}, 0.5, 0.5 * rows * spacing + 5);
    wall("right", {0.5 * width + 0.5, 0.5 * rows * spacing + 5}, 0.5, 0.5 * rows * spacing + 5);
    for (int i = 0; i < bodies; ++i) {
        phys::BodyDef b;
        b.name = "b" + std::to_string(i);
        b.position = {(i % columns - 0.5 * (columns - 1)) * spacing, 1.0 + (i / columns) * spacing};
        b.angle = 0.1 * (i % 7);
        switch (i % 3) {
        case 0:
            b.shapes = {boxShape(0.35, 0.35)};
            break;
        case 1: {
            phys::ShapeDef c;
            c.geometry = phys::Circle{{0, 0}, 0.35};
            b.shapes = {c};
            break;
        }
        default: {
            phys::ShapeDef h;
            std::vector<phys::Vec2> v;
            for (int k = 0; k < 6; ++k) {
                const double a = 2.0 * phys::kPi * k / 6.0;
                v.push_back({0.38 * std::cos(a), 0.38 * std::sin(a)});
            }
            h.geometry = *phys::Polygon::make(v);
            b.shapes = {h};
        }
        }
        scene.def.bodies.push_back(b);
    }
    return scene;
}

/// CPU time of the calling thread, ms: on a machine shared with other jobs it counts only this thread's work,
/// while the wall-clock time also counts the waits for a core.
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(
        std::clamp(p * static_cast<double>(v.size() - 1), 0.0, static_cast<double>(v.size() - 1)));
    return v[i];
}

void sendMouse(QWidget* viewport, QEvent::Type type, QPointF at, Qt::MouseButton button,
               Qt::MouseButtons buttons) {
    QMouseEvent event(type, at, viewport->mapToGlobal(at), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

/// CPU time of the whole process (every thread), ms.
double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

/// The --compare case: compare mode with the four presets (impulse soft step, Baumgarte PGS, push-out,
/// Verlet) on the scene, played on an external clock. One frame is CompareUi::advance for one tick (the four
/// configurations step at once, one thread each, and record their frames, table and scrubber) plus the
/// repaint of the compare view (QWidget::grab). Issue 15's bar: 60 fps, 16.7 ms a frame.
int runCompareBench(cl::MainWindow& window, int frames, int warmup, bool split, const QString& screenshot,
                    const QStringList& configFiles) {
    auto* ui = window.findChild<cl::SimulationUi*>();
    auto* compare = window.findChild<cl::CompareUi*>();
    ui->simulateAction()->setChecked(true);
    compare->setExternalClock(true);
    std::vector<cl::CompareConfig> configs = cl::comparePresets(ui->controller()->settings());
    if (!configFiles.isEmpty()) {
        configs.clear();
        for (const QString& file : configFiles) {
            auto read = cl::readSettingsFile(file, ui->controller()->settings());
            if (const auto* problem = std::get_if<QString>(&read)) {
                std::fprintf(stderr, "contactlab-framebench: %s: %s\n", qPrintable(file),
                             qPrintable(*problem));
                return 1;
            }
            configs.push_back({QFileInfo(file).completeBaseName(), std::get<phys::WorldSettings>(read)});
        }
    }
    compare->start(std::move(configs));
    compare->layoutChoice()->setCurrentIndex(split ? 1 : 0);
    compare->play();
    const double dt = compare->run()->tickSeconds();
    std::vector<double> total, stepPart, cpuThread, cpuThreadStep, cpuProcess;
    QElapsedTimer timer;
    QPixmap lastFrame;
    for (int f = 0; f < warmup + frames; ++f) {
        const double thread0 = threadCpuMs();
        const double process0 = processCpuMs();
        timer.start();
        compare->advance(dt);
        const double afterStep = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const double thread1 = threadCpuMs();
        const QPixmap pixmap = compare->view()->grab();
        const double all = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        if (f >= warmup) {
            total.push_back(all);
            stepPart.push_back(afterStep);
            cpuThread.push_back(threadCpuMs() - thread0);
            cpuThreadStep.push_back(thread1 - thread0);
            cpuProcess.push_back(processCpuMs() - process0);
        }
        if (f + 1 == warmup + frames) {
            lastFrame = pixmap;
        }
    }
    if (!screenshot.isEmpty() && !lastFrame.save(screenshot, "PNG")) {
        std::fprintf(stderr, "contactlab-framebench: cannot write the screenshot\n");
        return 1;
    }
    const cl::CompareRun& run = *compare->run();
    std::printf("contactlab-framebench --compare: %d configurations, %zu bodies, %d frames after %d warm-up, "
                "view %dx%d, %s\n",
                run.count(), run.bodies().size(), frames, warmup, compare->view()->width(),
                compare->view()->height(), split ? "split" : "overlaid");
    for (int c = 0; c < run.count(); ++c) {
        std::printf("  %-20s step %lld, contacts %d, mean step %.2f ms\n", qPrintable(run.config(c).name),
                    static_cast<long long>(run.frame(c)->step), run.row(c).contacts,
                    run.row(c).meanStepMicros * 1e-3);
    }
    std::printf("  frame (step all + repaint): median %.2f ms  p95 %.2f ms   (60 fps bar: 16.7 ms)\n",
                percentile(total, 0.5), percentile(total, 0.95));
    std::printf("  step part (advance):        median %.2f ms\n", percentile(stepPart, 0.5));
    std::printf(
        "  CPU time a frame:           UI thread median %.2f ms (advance %.2f ms), all threads median "
        "%.2f ms\n",
        percentile(cpuThread, 0.5), percentile(cpuThreadStep, 0.5), percentile(cpuProcess, 0.5));
    return 0;
}

/// The --drag case (see the file comment). Returns the exit code.
int runDragBench(cl::MainWindow& window, int frames, int warmup, const QString& screenshot, bool loopOnly) {
    cl::SceneCanvas* canvas = window.canvas();
    cl::Document* document = window.document();
    auto* dock = window.findChild<cl::WalkthroughDock*>();
    auto* inspector = window.findChild<cl::InspectorDock*>();
    auto* toolbar = window.findChild<cl::ToolsToolbar*>();
    if (!dock || !inspector || !toolbar) {
        std::fprintf(stderr, "contactlab-framebench: the window has no walkthrough, inspector or toolbar\n");
        return 1;
    }
    // Body 3 is the first box (b0), body 5 the first hexagon (b2): a polygon pair, SAT and clipping.
    const int dragged = 3;
    dock->show();
    dock->raise();
    dock->setMode(cl::WalkthroughMode::Sat);
    if (!dock->setPair(dragged, 5)) {
        std::fprintf(stderr, "contactlab-framebench: cannot pick the walkthrough pair\n");
        return 1;
    }
    dock->lastStep();
    const cl::BodyKey key = document->keyAt(dragged);
    canvas->setSelection({key});
    toolbar->setCurrentTool(toolbar->editVerticesTool());
    // Zoom onto the dragged body so a pixel is a small, valid vertex move (the whole scene stays drawn
    // around it).
    const phys::BodyDef body = document->body(key);
    canvas->setViewTransform(cl::ViewTransform(120.0, body.position, QSizeF()));
    const phys::Vec2 corner =
        phys::transformPoint(phys::Transform{body.position, phys::Rot(body.angle)},
                             std::get<phys::Polygon>(body.shapes[0].geometry).vertex(2));
    const QPointF press = canvas->worldToViewport(corner);
    QWidget* viewport = canvas->viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, press, Qt::LeftButton, Qt::LeftButton);

    std::vector<double> total, update, paint, cpuTotal, paintCanvas, paintDock;
    QElapsedTimer timer;
    QPixmap lastFrame;
    for (int f = 0; f < (loopOnly ? 0 : warmup + frames); ++f) {
        // Out and back along a diagonal, 6..25 px from the press: every move changes the polygon, all valid.
        const double out = 6.0 + static_cast<double>(f % 20);
        const QPointF at = press + QPointF(out, -out);
        const double cpu0 = threadCpuMs();
        timer.start();
        sendMouse(viewport, QEvent::MouseMove, at, Qt::NoButton, Qt::LeftButton);
        const double afterUpdate = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const QPixmap pixmap = viewport->grab();
        const double afterCanvas = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const QPixmap dockPixmap = dock->grab();
        const double afterDock = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const QPixmap inspectorPixmap = inspector->grab();
        const double all = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const double cpu1 = threadCpuMs();
        if (pixmap.isNull() || dockPixmap.isNull() || inspectorPixmap.isNull()) {
            std::fprintf(stderr, "contactlab-framebench: a view did not draw\n");
            return 1;
        }
        if (f + 1 == warmup + frames) {
            lastFrame = window.grab();
        }
        if (f >= warmup) {
            total.push_back(all);
            update.push_back(afterUpdate);
            paint.push_back(all - afterUpdate);
            paintCanvas.push_back(afterCanvas - afterUpdate);
            paintDock.push_back(afterDock - afterCanvas);
            cpuTotal.push_back(cpu1 - cpu0);
        }
    }
    // The same drag once more, as the window itself repaints it: after each move the event loop paints what
    // the move made dirty (the canvas viewport, the changed table cells and labels, the Inspector's fields),
    // not every widget of the two docks as grab() does above.
    QApplication::processEvents();
    std::vector<double> loopTotal, loopCpu;
    for (int f = 0; f < warmup + frames; ++f) {
        const double out = 6.0 + static_cast<double>((f + 7) % 20);
        const QPointF at = press + QPointF(out, -out);
        const double cpu0 = threadCpuMs();
        timer.start();
        sendMouse(viewport, QEvent::MouseMove, at, Qt::NoButton, Qt::LeftButton);
        QApplication::processEvents();
        const double all = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const double cpu1 = threadCpuMs();
        if (f >= warmup) {
            loopTotal.push_back(all);
            loopCpu.push_back(cpu1 - cpu0);
        }
    }
    sendMouse(viewport, QEvent::MouseButtonRelease, press + QPointF(10.0, -10.0), Qt::LeftButton,
              Qt::NoButton);
    if (!screenshot.isEmpty() && !lastFrame.save(screenshot, "PNG")) {
        std::fprintf(stderr, "contactlab-framebench: cannot write the screenshot\n");
        return 1;
    }
    auto mean = [](const std::vector<double>& v) {
        return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    };
    std::printf("contactlab-framebench --drag: %d bodies, %d mouse moves of a vertex drag after %d warm-up, "
                "viewport %dx%d, walkthrough SAT of bodies %d and 5 (%d steps), undo steps %d\n",
                document->bodyCount(), frames, warmup, viewport->width(), viewport->height(), dragged,
                dock->walkthrough().stepCount(), document->undoStack()->count());
    if (loopOnly) {
        std::printf(
            "  move + the window's own repaint of what changed (event loop): median %.2f ms  p95 %.2f ms, "
            "thread CPU median %.2f ms\n",
            percentile(loopTotal, 0.5), percentile(loopTotal, 0.95), percentile(loopCpu, 0.5));
        return 0;
    }
    std::printf("  move (update + repaint): median %.2f ms  mean %.2f ms  p95 %.2f ms   (target < 4 ms)\n",
                percentile(total, 0.5), mean(total), percentile(total, 0.95));
    std::printf(
        "  update part (event, command, canvas item, walkthrough, table, inspector): median %.2f ms\n",
        percentile(update, 0.5));
    std::printf("  repaint part (canvas viewport, walkthrough dock, inspector dock): median %.2f ms "
                "(canvas %.2f, walkthrough dock %.2f)\n",
                percentile(paint, 0.5), percentile(paintCanvas, 0.5), percentile(paintDock, 0.5));
    std::printf("  thread CPU time per move: median %.2f ms (waits for a busy core excluded)\n",
                percentile(cpuTotal, 0.5));
    std::printf(
        "  move + the window's own repaint of what changed (event loop): median %.2f ms  p95 %.2f ms, "
        "thread CPU median %.2f ms\n",
        percentile(loopTotal, 0.5), percentile(loopTotal, 0.95), percentile(loopCpu, 0.5));
    return 0;
}

/// The --pile case: issue 16's heavy scene, `count` unit circles at one point over a floor, played on the
/// controller's own timer (as in the app) while a 10 ms probe timer measures how long the event loop goes
/// without answering: the largest gap between two probe ticks is the window's worst answer time. Returns the
/// exit code.
int runPileBench(cl::MainWindow& window, int count, int steps) {
    cl::Scene scene;
    phys::BodyDef floor;
    floor.name = "floor";
    floor.type = phys::BodyType::Static;
    floor.position = {0, -10};
    floor.shapes = {boxShape(20, 1)};
    scene.def.bodies.push_back(floor);
    for (int i = 0; i < count; ++i) {
        phys::BodyDef b;
        phys::ShapeDef c;
        c.geometry = phys::Circle{{0, 0}, 0.5};
        b.shapes = {c};
        scene.def.bodies.push_back(b);
    }
    window.document()->setScene(scene);
    window.canvas()->zoomToFit();
    auto* ui = window.findChild<cl::SimulationUi*>();
    cl::SimulationController* sim = ui->controller();
    ui->simulateAction()->setChecked(true);
    std::printf("contactlab-framebench --pile %d: estimated contact pairs %lld; warning: %s\n", count,
                static_cast<long long>(sim->estimatedPairs()), qPrintable(sim->warning()));

    std::vector<double> gaps;
    QElapsedTimer wall;
    QElapsedTimer sinceTick;
    QTimer probe;
    probe.setInterval(10);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        gaps.push_back(static_cast<double>(sinceTick.nsecsElapsed()) * 1e-6);
        sinceTick.restart();
        if (sim->headStep() >= steps) {
            sim->pause();
            QCoreApplication::quit();
        }
    });
    wall.start();
    sinceTick.start();
    probe.start();
    sim->play();
    QCoreApplication::exec();
    std::vector<double> stepMs;
    for (std::int64_t s = 1; s <= sim->headStep(); ++s) {
        if (const cl::SimFrame* f = sim->frame(s)) {
            stepMs.push_back(f->stepSeconds * 1e3);
        }
    }
    std::printf("  %lld steps in %.1f s of wall time; step time median %.0f ms, max %.0f ms\n",
                static_cast<long long>(sim->headStep()), static_cast<double>(wall.elapsed()) * 1e-3,
                stepMs.empty() ? 0.0 : percentile(stepMs, 0.5),
                stepMs.empty() ? 0.0 : *std::max_element(stepMs.begin(), stepMs.end()));
    std::printf("  window answer time (gap between 10 ms probe ticks): median %.0f ms, max %.0f ms "
                "(target: always < 100 ms)\n",
                percentile(gaps, 0.5), *std::max_element(gaps.begin(), gaps.end()));
    return 0;
}

} // namespace

int main(int argc, char* argv[]) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("bodies"), QStringLiteral("Dynamic bodies (default 1000)."),
                      QStringLiteral("n"), QStringLiteral("1000")});
    parser.addOption({QStringLiteral("frames"), QStringLiteral("Frames measured (default 300)."),
                      QStringLiteral("n"), QStringLiteral("300")});
    parser.addOption({QStringLiteral("warmup"), QStringLiteral("Frames before measuring (default 60)."),
                      QStringLiteral("n"), QStringLiteral("60")});
    parser.addOption({QStringLiteral("overlays"), QStringLiteral("Simulation overlays (default all)."),
                      QStringLiteral("list"), QStringLiteral("all")});
    parser.addOption(
        {QStringLiteral("no-index"), QStringLiteral("Experiment: QGraphicsScene::NoIndex on the canvas.")});
    parser.addOption({QStringLiteral("no-names"), QStringLiteral("Experiment: body names off.")});
    parser.addOption({QStringLiteral("drag"),
                      QStringLiteral("Measure one mouse move of a live vertex drag (editor) instead.")});
    parser.addOption(
        {QStringLiteral("loop-only"),
         QStringLiteral("--drag: only the event-loop measure (for profilers: no grab() part).")});
    parser.addOption({QStringLiteral("pile"),
                      QStringLiteral("Measure the window's answer time while N circles at one point step "
                                     "(issue 16: 2000)."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("steps"), QStringLiteral("Steps of the --pile run (default 3)."),
                      QStringLiteral("n"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("compare"),
                      QStringLiteral("Compare mode: four configurations of a 200-body scene (issue 15).")});
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("--compare: a configuration file instead of the presets (repeat it)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("split"), QStringLiteral("--compare: the split view (else overlaid).")});
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Save the last frame's viewport as a PNG."), QStringLiteral("file")});
    parser.process(app);
    const bool compareCase = parser.isSet(QStringLiteral("compare"));
    const int bodies = compareCase && !parser.isSet(QStringLiteral("bodies"))
                           ? 200
                           : std::max(1, parser.value(QStringLiteral("bodies")).toInt());
    const int frames = std::max(1, parser.value(QStringLiteral("frames")).toInt());
    const int warmup = std::max(0, parser.value(QStringLiteral("warmup")).toInt());

    // No autosave and no recovery question: a run slow enough to autosave (under valgrind, say) would leave
    // a recovery file, and the next run would wait on a dialog nobody answers.
    cl::RecoveryOptions recovery;
    recovery.enabled = false;
    cl::setRecoveryOptions(recovery);
    cl::MainWindow window;
    window.setSaveSettingsOnClose(false);
    window.setFitToScreenOnShow(false); // measured at 1280x800, whatever the (offscreen) screen
    window.resize(1280, 800);
    window.show();
    window.document()->setScene(makeScene(bodies));
    window.canvas()->zoomToFit();
    if (parser.isSet(QStringLiteral("no-index"))) {
        window.canvas()->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    }
    if (parser.isSet(QStringLiteral("no-names"))) {
        window.canvas()->setShowBodyNames(false);
    }
    if (parser.isSet(QStringLiteral("pile"))) {
        if (parser.isSet(QStringLiteral("overlays"))) { // else the window's own overlays
            window.findChild<cl::SimulationUi*>()->setOverlayNames(parser.value(QStringLiteral("overlays")));
        }
        return runPileBench(window, std::max(1, parser.value(QStringLiteral("pile")).toInt()),
                            std::max(1, parser.value(QStringLiteral("steps")).toInt()));
    }
    if (compareCase) {
        return runCompareBench(window, frames, warmup, parser.isSet(QStringLiteral("split")),
                               parser.value(QStringLiteral("screenshot")),
                               parser.values(QStringLiteral("config")));
    }
    if (parser.isSet(QStringLiteral("drag"))) {
        return runDragBench(window, frames, warmup, parser.value(QStringLiteral("screenshot")),
                            parser.isSet(QStringLiteral("loop-only")));
    }
    auto* ui = window.findChild<cl::SimulationUi*>();
    cl::SimulationController* sim = ui->controller();
    sim->setExternalClock(true);
    // Every frame waits for its step (the worker thread runs it): a frame is a step plus its drawing, as
    // before the worker. The thread CPU times below are the UI thread's, so they leave the step out.
    sim->setStepWait(-1.0);
    ui->setOverlayNames(QStringLiteral("none,") + parser.value(QStringLiteral("overlays")));
    ui->simulateAction()->setChecked(true);
    sim->play();
    const double dt = sim->settings().timeStep;

    std::vector<double> total;
    std::vector<double> stepPart;
    std::vector<double> drawPart;
    std::vector<double> cpuTotal;
    std::vector<double> cpuStep;
    std::vector<double> cpuDraw;
    QElapsedTimer timer;
    QPixmap lastFrame;
    for (int f = 0; f < warmup + frames; ++f) {
        const double cpu0 = threadCpuMs();
        timer.start();
        sim->advance(dt);
        const double afterStep = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const double cpu1 = threadCpuMs();
        const QPixmap pixmap = window.canvas()->viewport()->grab();
        const double all = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
        const double cpu2 = threadCpuMs();
        if (pixmap.isNull()) {
            std::fprintf(stderr, "contactlab-framebench: the viewport did not draw\n");
            return 1;
        }
        if (f + 1 == warmup + frames) {
            lastFrame = pixmap;
        }
        if (f >= warmup) {
            total.push_back(all);
            stepPart.push_back(afterStep);
            drawPart.push_back(all - afterStep);
            cpuTotal.push_back(cpu2 - cpu0);
            cpuStep.push_back(cpu1 - cpu0);
            cpuDraw.push_back(cpu2 - cpu1);
        }
    }
    if (parser.isSet(QStringLiteral("screenshot")) &&
        !lastFrame.save(parser.value(QStringLiteral("screenshot")), "PNG")) {
        std::fprintf(stderr, "contactlab-framebench: cannot write the screenshot\n");
        return 1;
    }
    const cl::SimFrame* last = sim->currentFrame();
    auto mean = [](const std::vector<double>& v) {
        return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    };
    std::printf("contactlab-framebench: %d dynamic bodies, %d frames after %d warm-up, viewport %dx%d, "
                "overlays %s\n",
                bodies, frames, warmup, window.canvas()->viewport()->width(),
                window.canvas()->viewport()->height(), qPrintable(parser.value(QStringLiteral("overlays"))));
    std::printf("  final step %lld, %zu contact points, %zu pairs\n", static_cast<long long>(last->step),
                last->points.size(), last->pairs.size());
    std::printf("  frame (step + draw): median %.2f ms  mean %.2f ms  p95 %.2f ms   (target < 16 ms)\n",
                percentile(total, 0.5), mean(total), percentile(total, 0.95));
    std::printf("  step part (advance):  median %.2f ms  mean %.2f ms\n", percentile(stepPart, 0.5),
                mean(stepPart));
    std::printf("  draw part (paint):    median %.2f ms  mean %.2f ms\n", percentile(drawPart, 0.5),
                mean(drawPart));
    std::printf(
        "  thread CPU time:      frame median %.2f ms, step %.2f ms, draw %.2f ms (waits for a busy core "
        "excluded)\n",
        percentile(cpuTotal, 0.5), percentile(cpuStep, 0.5), percentile(cpuDraw, 0.5));
    return 0;
}
