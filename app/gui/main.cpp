/// @file main.cpp
/// contactlab [SCENE] [--screenshot FILE.png] [--size WxH] [--walkthrough MODE --pair I,J --step N]
/// [--overlays LIST]
/// [--simulate [--steps N] [--play] [--sim-overlays LIST]]

#include "autosave.h"
#include "file_controller.h"
#include "help.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "size_text.h"
#include "solver_stepper.h"
#include "walkthrough_dock.h"

#include <QApplication>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFile>
#include <QPixmap>
#include <QSize>
#include <QTabBar>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

/// Exit codes, as for contactlab-cli (design.md section 4) where they apply.
constexpr int kExitOk = 0;
constexpr int kExitIoError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitBadScene = 3;

/// The sample opened when no scene is given.
const char* const kDefaultScene = ":/scenes/shapes.json";

/// Largest screenshot side accepted, pixels.
constexpr int kMaxScreenshotSide = 16384;

void printError(const QString& message) {
    std::fprintf(stderr, "contactlab: %s\n", qPrintable(message));
}

/// "WIDTHxHEIGHT", each side in [1, kMaxScreenshotSide] pixels.
std::optional<QSize> parseSize(const QString& text) {
    return cl::parseSizeText(text, 1, kMaxScreenshotSide);
}

} // namespace

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ContactLab"));
    QApplication::setApplicationName(QStringLiteral("ContactLab"));
    QApplication::setApplicationDisplayName(QStringLiteral("ContactLab"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ContactLab: a workbench for 2D rigid-body collision."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("scene"),
        QStringLiteral("Scene file to open (.json). Without it, a sample scene opens."),
        QStringLiteral("[SCENE]"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QStringLiteral(
            "Show the window, frame the scene as opening it on screen does, save a PNG screenshot of it "
            "to <file> and exit."),
        QStringLiteral("file"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QStringLiteral("Window size for --screenshot, WIDTHxHEIGHT in pixels "
                                                       "(default 1280x800)."),
                                        QStringLiteral("WxH"), QStringLiteral("1280x800"));
    parser.addOption(screenshotOption);
    parser.addOption(sizeOption);
    cl::addWalkthroughOptions(parser);   // --walkthrough, --step, --pair, --overlays (walkthrough_dock.h)
    cl::addSimulationOptions(parser);    // --simulate, --steps, --play, --sim-overlays (simulation_panel.h)
    cl::addSolverStepperOptions(parser); // --step-into-solver ROWS (solver_stepper.h)

    if (!parser.parse(QApplication::arguments())) {
        printError(parser.errorText());
        std::fprintf(stderr, "%s", qPrintable(parser.helpText()));
        return kExitUsage;
    }
    if (parser.isSet(helpOption)) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return kExitOk;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("expected at most one scene file, got %1").arg(positional.size()));
        return kExitUsage;
    }
    const std::optional<QSize> size = parseSize(parser.value(sizeOption));
    if (!size) {
        printError(QStringLiteral("--size: expected WIDTHxHEIGHT with sides 1..%1, got \"%2\"")
                       .arg(kMaxScreenshotSide)
                       .arg(parser.value(sizeOption)));
        return kExitUsage;
    }
    const bool screenshot = parser.isSet(screenshotOption);

    if (screenshot) {
        // Headless: no autosave, and no recovery question that nobody could answer.
        cl::RecoveryOptions recovery;
        recovery.enabled = false;
        cl::setRecoveryOptions(recovery);
    }
    cl::MainWindow window;
    if (screenshot) {
        // Headless use: errors go to stderr, and the user's saved window geometry is left alone.
        window.setSaveSettingsOnClose(false);
        window.setFitToScreenOnShow(false); // the picture has the size asked for, whatever the screen
        window.setErrorReporter([](const QString&, const QString& message) { printError(message); });
    }

    bool sceneOpened = true;
    if (!positional.isEmpty()) {
        sceneOpened = window.fileController()->openAtStartup(positional.front());
        if (!sceneOpened && screenshot) {
            return kExitBadScene;
        }
    } else if (!window.fileController()->restoredFromRecovery() &&
               QFile::exists(QString::fromLatin1(kDefaultScene))) {
        if (!window.openSample(QString::fromLatin1(kDefaultScene)) && screenshot) {
            return kExitBadScene;
        }
    }

    // The walkthrough, simulation and stepper options name the scene's bodies: with a scene that did not
    // open (its message box said why) they are left out, saying so, and the window stays open on the empty
    // scene, instead of exiting with "--pair: ... below 0" about a scene nobody sees.
    if (!sceneOpened) {
        printError(QStringLiteral("%1 did not open: its walkthrough, simulation and stepper options are not "
                                  "applied")
                       .arg(positional.front()));
    } else {
        if (const QString error = cl::applyWalkthroughOptions(parser, window); !error.isEmpty()) {
            printError(error);
            return kExitUsage;
        }
        if (const QString error = cl::applySimulationOptions(parser, window); !error.isEmpty()) {
            printError(error);
            return kExitUsage;
        }
        if (const QString error = cl::applySolverStepperOptions(parser, window); !error.isEmpty()) {
            printError(error);
            return kExitUsage;
        }
    }

    if (!screenshot) {
        window.show();
        // Once per user, after the window is on screen (help.h); never for a screenshot.
        QTimer::singleShot(0, &window, [&window] { cl::showWelcomeOnFirstRun(window); });
        return QApplication::exec();
    }

    const QString outFile = parser.value(screenshotOption);
    // --walkthrough with --simulate: the Walkthrough asked for stays in front (applyWalkthroughOptions).
    const bool walkthroughAsked = parser.isSet(QStringLiteral("walkthrough"));
    window.setWindowState(Qt::WindowNoState);
    window.resize(*size);
    window.show();
    // Let the event loop deliver the show and resize events and lay the window out, then fit the scene to
    // the canvas's final size, let that paint, and grab.
    QTimer::singleShot(0, &window, [&window, outFile, walkthroughAsked] {
        // Framed as opening the scene on screen frames it (MainWindow::onSceneReset): the moving bodies, the
        // walkthrough's ruler beside its pair, room for the legend when --simulate shows the run. Zoom to
        // Fit here pressed the SAT ruler against the left edge (review, issue 12).
        window.canvas()->frameScene();
        QTimer::singleShot(0, &window, [&window, outFile, walkthroughAsked] {
            // A run shown with --simulate puts its Simulation dock in front, as entering Simulate mode does
            // on screen (not in front of a Walkthrough asked for on the command line).
            if (auto* ui = window.findChild<cl::SimulationUi*>();
                ui && ui->controller()->isSimulating() && !walkthroughAsked) {
                // raise() does not switch the tab of an offscreen window; the dock area's tab bar does.
                for (QTabBar* bar : window.findChildren<QTabBar*>()) {
                    for (int i = 0; i < bar->count(); ++i) {
                        if (bar->tabText(i) == ui->dock()->windowTitle()) {
                            bar->setCurrentIndex(i);
                        }
                    }
                }
                QCoreApplication::processEvents();
            }
            const QPixmap shot = window.grab();
            if (!shot.save(outFile, "PNG")) {
                printError(QStringLiteral("cannot write the screenshot to %1").arg(outFile));
                QCoreApplication::exit(kExitIoError);
                return;
            }
            QCoreApplication::exit(kExitOk);
        });
    });
    return QApplication::exec();
}
