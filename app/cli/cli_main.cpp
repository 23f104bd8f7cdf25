/// @file cli_main.cpp
/// `contactlab-cli`: the headless executable (design.md section 4). Picks the subcommand from argv[1] before
/// the application object exists, so a subcommand that paints gets a QGuiApplication on the offscreen
/// platform and the others a plain QCoreApplication. Exit codes: 0 success, 2 usage error, 3 invalid scene
/// (message on stderr naming the place).

#include "cli.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstring>
#include <memory>

namespace {

using cl::cli::Subcommand;

/// Every subcommand, in the order the usage text lists them.
const Subcommand kSubcommands[] = {
    {"validate", "SCENE", "Load SCENE and report 'ok' with counts of bodies and shapes, or the error.",
     "  Exit code 0 when the scene is valid, 3 when it is not (the error names the place, e.g.\n"
     "  bodies[3].shapes[0].vertices[5]), 2 on a usage error.",
     false, &cl::cli::runValidate},
    {"collide", "SCENE --a I --b J [--method clipping|deepest-vertices|vertex-edge|gjk|epa]",
     "Run the narrow phase on bodies I and J as placed in SCENE; print SAT, clipping and manifold as JSON\n"
     "  (gjk: distance, witness points and GJK's iterations; epa: depth, normal, GJK's and EPA's "
     "iterations).",
     "  World frame, SI units; normals point from body I to body J. Bodies with several shapes give one\n"
     "  object per shape pair under \"pairs\". Exit code 0 (also when separated), 2 usage, 3 invalid scene.",
     false, &cl::cli::runCollide},
    {"simulate", "SCENE --steps N [--solver impulse|verlet] [--out STATE.json] [--record FILE.csv]",
     "Step SCENE N times; write the final scene, a CSV of every body per step, and a summary.",
     "  --record writes step,time,body,x,y,angle,vx,vy,omega (body = index in the file; time after the "
     "step).",
     false, &cl::cli::runSimulate},
    {"compare", "SCENE --config A.json --config B.json ... --steps N [--record DIR]",
     "Run SCENE under each configuration from the same start for N steps and print one table row per\n"
     "  configuration (max penetration, drift, energy, momentum, contacts, mean step cost).",
     "  A configuration file is a JSON object of scene settings with the scene file's keys, e.g.\n"
     "  {\"solver\": \"verlet\", \"iterations\": 4}, applied over the scene's own settings. --record writes\n"
     "  DIR/config-1.csv ... in the layout of simulate --record. Exit code 0, 2 usage, 3 invalid scene or\n"
     "  configuration (the message names the file and the key), 1 when a record cannot be written.",
     false, &cl::cli::runCompare},
    {"render", "SCENE --out FILE.png|FILE.svg [--steps N] [--overlay LIST] [--size WxH] [--a I --b J]",
     "Draw SCENE as the canvas does (zoomed to fit) into a PNG or SVG, headless, with overlays.",
     "  LIST: sat, clip, contacts, normals, aabb, centroids, indices (sat and clip: bodies --a, --b, default "
     "0, 1).\n"
     "  --steps N runs the simulation N steps first. --size defaults to 1280x800.",
     true, &cl::cli::runRender},
    {"walkthrough",
     "SCENE --a I --b J [--tab sat|clipping|methods|gjk|epa|voronoi|toi|split|all] [--format "
     "text|markdown|json] [--slides DIR] [--pdf FILE.pdf]",
     "Print the walkthrough of bodies I and J as the Walkthrough dock shows it: each tab's table, then every "
     "step's title and explanation.",
     "  --tab picks one tab (default all: sat, clipping, methods, then the GJK page's gjk, epa, voronoi,\n"
     "  toi and split, which have no table). --format text (default) prints plain text, markdown a page for\n"
     "  notes, json {\"bodyA\", \"bodyB\", \"tabs\": [{\"tab\", \"steps\": [{\"step\", \"title\", "
     "\"explanation\"}],\n"
     "  \"table\": {\"headers\", \"rows\": [{\"cells\", \"step\", \"emphasised\"}]}}]}. Steps count from 1;\n"
     "  in the text table a * marks the emphasised row (the MTV axis).\n"
     "  --slides DIR writes one 1920x1080 PNG slide per step (DIR/slide_01.png...: the drawing, then the\n"
     "  step's title, explanation and table); --pdf FILE writes the same slides as one PDF page each. With\n"
     "  either, a summary is printed instead of the text. Exit code 0, 2 usage, 3 invalid scene.",
     false, &cl::cli::runWalkthrough},
    {"lesson", "check LESSON | worksheet LESSON --out FILE.pdf [--teacher]",
     "Check a lesson file and print each question with the answer the engine computes for its scene, or "
     "print "
     "it as a worksheet.",
     "  check: choices the engine counts right are marked *. Exit code 0 when the lesson reads and every\n"
     "  question can be asked of its scene, 3 when not (the message names the place, e.g. "
     "steps[4].pair[1]).\n"
     "  worksheet: writes the student's sheet (or with --teacher the teacher's, with the engine's answers "
     "and\n"
     "  the teacher notes) as a PDF, one page per step, as File > Export Lesson as PDF does. Exit code 0, 1\n"
     "  when the file cannot be written, 3 on an invalid lesson. Both: 2 on a usage error.",
     true, &cl::cli::runLesson},
};

const Subcommand* findSubcommand(const char* name) {
    for (const Subcommand& command : kSubcommands) {
        if (std::strcmp(command.name, name) == 0) {
            return &command;
        }
    }
    return nullptr;
}

QString generalUsage() {
    QString text = QStringLiteral("Usage: contactlab-cli COMMAND [ARGS...]\n"
                                  "       contactlab-cli COMMAND --help\n\nCommands:\n");
    for (const Subcommand& command : kSubcommands) {
        text += QStringLiteral("  %1 %2\n      %3\n")
                    .arg(QLatin1String(command.name), QLatin1String(command.synopsis),
                         QLatin1String(command.summary));
    }
    text += QStringLiteral("\nExit codes: 0 success, 2 usage error, 3 invalid scene.\n");
    return text;
}

} // namespace

int main(int argc, char** argv) {
    const char* first = argc > 1 ? argv[1] : "";
    if (std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0 ||
        std::strcmp(first, "help") == 0) {
        QCoreApplication app(argc, argv);
        cl::cli::printOut(generalUsage());
        return cl::cli::kExitOk;
    }
    const Subcommand* command = findSubcommand(first);
    if (!command) {
        QCoreApplication app(argc, argv);
        const QString message =
            argc > 1 ? QStringLiteral("unknown command '%1'").arg(QString::fromLocal8Bit(first))
                     : QStringLiteral("missing the command");
        cl::cli::printErr(QStringLiteral("contactlab-cli: %1\n%2").arg(message, generalUsage()));
        return cl::cli::kExitUsage;
    }

    // `walkthrough` paints only when it writes slides (--slides, --pdf); its text needs no platform plugin.
    bool paints = command->needsGui;
    if (std::strcmp(command->name, "walkthrough") == 0) {
        for (int i = 2; i < argc; ++i) {
            paints =
                paints || std::strncmp(argv[i], "--slides", 8) == 0 || std::strncmp(argv[i], "--pdf", 5) == 0;
        }
    }
    std::unique_ptr<QCoreApplication> app;
    if (paints) {
        // Painting needs a platform plugin, but never a display: use offscreen unless the caller chose one.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("contactlab-cli"));
    return command->run(*command, QCoreApplication::arguments().mid(2));
}
