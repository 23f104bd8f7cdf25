/// @file cli_options.cpp
/// The subcommand table with its usage text, the argument parser and each subcommand's option checks
/// (cli_options.h). Messages and exit codes are those docs/cli.md gives; tests/cli checks them.

#include "cli_options.h"

#include "cli.h"
#include "size_text.h"

#include <QFileInfo>

#include <cstring>

namespace cl::cli {

namespace {

/// Every subcommand, in the order the usage text lists them.
const Subcommand kSubcommands[] = {
    {"validate", "SCENE", "Load SCENE and report 'ok' with counts of bodies and shapes, or the error.",
     "  Exit code 0 when the scene is valid, 3 when it is not (the error names the place, e.g.\n"
     "  bodies[3].shapes[0].vertices[5]), 2 on a usage error.",
     false, &runValidate},
    {"collide", "SCENE --a I --b J [--method clipping|deepest-vertices|vertex-edge|gjk|epa]",
     "Run the narrow phase on bodies I and J as placed in SCENE; print SAT, clipping and manifold as JSON\n"
     "  (gjk: distance, witness points and GJK's iterations; epa: depth, normal, GJK's and EPA's "
     "iterations).",
     "  World frame, SI units; normals point from body I to body J. Bodies with several shapes give one\n"
     "  object per shape pair under \"pairs\". Exit code 0 (also when separated), 2 usage, 3 invalid scene.",
     false, &runCollide},
    {"simulate", "SCENE --steps N [--solver impulse|verlet] [--out STATE.json] [--record FILE.csv]",
     "Step SCENE N times; write the final scene, a CSV of every body per step, and a summary.",
     "  --record writes step,time,body,x,y,angle,vx,vy,omega (body = index in the file; time after the "
     "step).",
     false, &runSimulate},
    {"compare", "SCENE --config A.json --config B.json ... --steps N [--record DIR]",
     "Run SCENE under each configuration from the same start for N steps and print one table row per\n"
     "  configuration (max penetration, drift, energy, momentum, contacts, mean step cost).",
     "  A configuration file is a JSON object of scene settings with the scene file's keys, e.g.\n"
     "  {\"solver\": \"verlet\", \"iterations\": 4}, applied over the scene's own settings. --record writes\n"
     "  DIR/config-1.csv ... in the layout of simulate --record. Exit code 0, 2 usage, 3 invalid scene or\n"
     "  configuration (the message names the file and the key), 1 when a record cannot be written.",
     false, &runCompare},
    {"render", "SCENE --out FILE.png|FILE.svg [--steps N] [--overlay LIST] [--size WxH] [--a I --b J]",
     "Draw SCENE as the canvas does (zoomed to fit) into a PNG or SVG, headless, with overlays.",
     "  LIST: sat, clip, contacts, normals, aabb, centroids, indices (sat and clip: bodies --a, --b, default "
     "0, 1).\n"
     "  --steps N runs the simulation N steps first. --size defaults to 1280x800.",
     true, &runRender},
    {"walkthrough",
     "SCENE --a I --b J [--tab sat|clipping|methods|gjk|epa|voronoi|toi|split|all] [--format "
     "text|markdown|json] [--slides DIR] [--pdf FILE.pdf]",
     "Print the walkthrough of bodies I and J as the Walkthrough dock shows it: each tab's table, then every "
     "step's title and explanation.",
     "  --tab picks one tab (default all: sat, clipping, methods, then the GJK page's gjk, epa, voronoi,\n"
     "  toi and split; voronoi, toi and split have no table). --format text (default) prints plain text, "
     "markdown a page for\n"
     "  notes, json {\"bodyA\", \"bodyB\", \"tabs\": [{\"tab\", \"steps\": [{\"step\", \"title\", "
     "\"explanation\"}],\n"
     "  \"table\": {\"headers\", \"rows\": [{\"cells\", \"step\", \"emphasised\"}]}}]}. Steps count from 1;\n"
     "  in the text table a * marks the emphasised row (the MTV axis).\n"
     "  --slides DIR writes one 1920x1080 PNG slide per step (DIR/slide_01.png...: the drawing, then the\n"
     "  step's title, explanation and table); --pdf FILE writes the same slides as one PDF page each. With\n"
     "  either, a summary is printed instead of the text. Exit code 0, 2 usage, 3 invalid scene.",
     false, &runWalkthrough},
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
     true, &runLesson},
};

/// Most simulation steps `simulate`, `compare` and `render` accept (about 46 hours of simulated time at 60 Hz).
constexpr qint64 kMaxSteps = 10'000'000;
/// Largest picture side `render` draws, pixels.
constexpr int kMaxSide = 16384;

/// The start every SCENE subcommand shares: parses `args` with `valueOptions`; after --help or on a usage
/// error returns the exit code (printed), else the arguments, which then hold exactly one positional
/// argument (the SCENE file).
Parsed<Arguments> parseSceneCommand(const Subcommand& self, const QStringList& args,
                                    const QStringList& valueOptions) {
    Arguments parsed = parseArguments(args, valueOptions);
    if (!parsed.error.isEmpty()) {
        return usageError(self, parsed.error);
    }
    if (parsed.help) {
        printOut(usageText(self));
        return kExitOk;
    }
    if (parsed.positional.size() != 1) {
        return usageError(
            self,
            parsed.positional.isEmpty()
                ? QStringLiteral("missing the SCENE file argument")
                : QStringLiteral("expected one SCENE file, got %1 arguments").arg(parsed.positional.size()));
    }
    return parsed;
}

/// The start every LESSON action shares: --help first, then usage errors, then exactly one LESSON file.
Parsed<Arguments> parseLessonCommand(const Subcommand& self, const QStringList& args,
                                     const QStringList& valueOptions, const QStringList& flagOptions) {
    Arguments parsed = parseArguments(args, valueOptions, flagOptions);
    if (parsed.help) {
        printOut(usageText(self));
        return kExitOk;
    }
    if (!parsed.error.isEmpty()) {
        return usageError(self, parsed.error);
    }
    if (parsed.positional.size() != 1) {
        return usageError(self, QStringLiteral("expected one LESSON file"));
    }
    return parsed;
}

/// A body index from 0 to count - 1, or nothing.
std::optional<int> bodyIndex(const QString& text, int count) {
    bool ok = false;
    const int i = text.toInt(&ok);
    if (!ok || i < 0 || i >= count) {
        return std::nullopt;
    }
    return i;
}

/// The names `render --overlay` takes, into `options`; false (and the offending name in `bad`) on an unknown
/// one.
bool parseOverlays(const QString& text, RenderCommandOptions& options, QString* bad) {
    for (const QString& raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = raw.trimmed().toLower();
        if (name == QLatin1String("sat")) {
            options.sat = true;
        } else if (name == QLatin1String("clip") || name == QLatin1String("clipping")) {
            options.clip = true;
        } else if (name == QLatin1String("contacts")) {
            options.diagnostics.contacts = true;
        } else if (name == QLatin1String("normals")) {
            options.diagnostics.normals = true;
        } else if (name == QLatin1String("aabb") || name == QLatin1String("aabbs")) {
            options.diagnostics.aabbs = true;
        } else if (name == QLatin1String("centroids")) {
            options.diagnostics.centroids = true;
        } else if (name == QLatin1String("indices")) {
            options.diagnostics.vertexIndices = true;
        } else {
            *bad = raw;
            return false;
        }
    }
    return true;
}

/// A pair command's arguments (collide, walkthrough): the scene command's, with --a and --b.
struct PairArguments {
    Arguments args;
    BodyPairText pair;
};

/// Parses a pair command whose other value options are `valueOptions`; --a and --b are required, or the
/// usage error's exit code is returned. They are checked as indices only once the scene is read
/// (checkBodyPair), so a bad scene still exits 3 first.
Parsed<PairArguments> parsePairCommand(const Subcommand& self, const QStringList& args,
                                       const QStringList& valueOptions) {
    Parsed<Arguments> result =
        parseSceneCommand(self, args, QStringList{QStringLiteral("a"), QStringLiteral("b")} + valueOptions);
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    Arguments& parsed = std::get<Arguments>(result);
    if (!parsed.values.contains(QStringLiteral("a")) || !parsed.values.contains(QStringLiteral("b"))) {
        return usageError(self, QStringLiteral("both --a and --b are required"));
    }
    BodyPairText pair{parsed.values.value(QStringLiteral("a")), parsed.values.value(QStringLiteral("b"))};
    return PairArguments{std::move(parsed), std::move(pair)};
}

} // namespace

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

QString usageText(const Subcommand& command) {
    QString text = QStringLiteral("Usage: contactlab-cli %1 %2\n  %3\n")
                       .arg(QLatin1String(command.name), QLatin1String(command.synopsis),
                            QLatin1String(command.summary));
    if (command.details[0] != '\0') {
        text += QLatin1String(command.details);
        if (!text.endsWith(u'\n')) {
            text += u'\n';
        }
    }
    return text;
}

int usageError(const Subcommand& command, const QString& message) {
    printErr(QStringLiteral("contactlab-cli %1: %2\n%3")
                 .arg(QLatin1String(command.name), message, usageText(command)));
    return kExitUsage;
}

bool needsGui(const Subcommand& command, std::span<char* const> args) {
    bool paints = command.needsGui;
    if (std::strcmp(command.name, "walkthrough") == 0) {
        for (const char* arg : args) {
            paints = paints || std::strncmp(arg, "--slides", 8) == 0 || std::strncmp(arg, "--pdf", 5) == 0;
        }
    }
    return paints;
}

Arguments parseArguments(const QStringList& args, const QStringList& valueOptions,
                         const QStringList& flagOptions) {
    Arguments parsed;
    bool onlyPositional = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        if (onlyPositional || arg == QLatin1String("-") || !arg.startsWith(u'-')) {
            parsed.positional << arg;
            continue;
        }
        if (arg == QLatin1String("--")) {
            onlyPositional = true;
            continue;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            parsed.help = true;
            continue;
        }
        if (!arg.startsWith(QLatin1String("--"))) {
            parsed.error = QStringLiteral("unknown option '%1'").arg(arg);
            return parsed;
        }
        QString name = arg.mid(2);
        std::optional<QString> inlineValue;
        if (const qsizetype eq = name.indexOf(u'='); eq >= 0) {
            inlineValue = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (valueOptions.contains(name)) {
            if (inlineValue) {
                parsed.values[name] = *inlineValue;
            } else if (i + 1 < args.size()) {
                parsed.values[name] = args[++i];
            } else {
                parsed.error = QStringLiteral("option '--%1' needs a value").arg(name);
                return parsed;
            }
            parsed.repeated[name] << parsed.values[name];
        } else if (flagOptions.contains(name) && !inlineValue) {
            parsed.flags << name;
        } else {
            parsed.error = QStringLiteral("unknown option '%1'").arg(arg);
            return parsed;
        }
    }
    return parsed;
}

std::variant<std::pair<int, int>, int> checkBodyPair(const Subcommand& self, const BodyPairText& pair,
                                                     int count) {
    const std::optional<int> a = bodyIndex(pair.a, count);
    const std::optional<int> b = bodyIndex(pair.b, count);
    if (!a || !b) {
        return usageError(self,
                          QStringLiteral("--a and --b must be body indices from 0 to %1 (the scene has %2 "
                                         "bodies)")
                              .arg(count - 1)
                              .arg(count));
    }
    if (*a == *b) {
        return usageError(self, QStringLiteral("--a and --b must name two different bodies"));
    }
    return std::pair{*a, *b};
}

Parsed<ValidateOptions> parseValidateOptions(const Subcommand& self, const QStringList& args) {
    Parsed<Arguments> parsed = parseSceneCommand(self, args, {});
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    return ValidateOptions{std::get<Arguments>(parsed).positional.front()};
}

Parsed<CollideOptions> parseCollideOptions(const Subcommand& self, const QStringList& args) {
    Parsed<PairArguments> result = parsePairCommand(self, args, {QStringLiteral("method")});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    const Arguments& parsed = std::get<PairArguments>(result).args;
    CollideOptions options;
    options.scene = parsed.positional.front();
    options.pair = std::get<PairArguments>(result).pair;
    const QString methodName = parsed.values.value(QStringLiteral("method"));
    options.gjk = methodName == QStringLiteral("gjk");
    options.epa = methodName == QStringLiteral("epa");
    if (parsed.values.contains(QStringLiteral("method")) && !options.gjk && !options.epa) {
        const auto m = phys::parseContactMethod(methodName.toStdString());
        if (!m) {
            return usageError(self,
                              QStringLiteral("unknown method '%1' (expected clipping, deepest-vertices, "
                                             "vertex-edge, gjk or epa)")
                                  .arg(methodName));
        }
        options.method = *m;
    }
    return options;
}

namespace {

/// Reads --steps into `steps`: required by simulate and compare, optional for render (0 when absent). Returns
/// the usage error's exit code when the value is missing or not a whole number in 0..kMaxSteps.
std::optional<int> readSteps(const Subcommand& self, const Arguments& parsed, bool required, qint64& steps) {
    const QString key = QStringLiteral("steps");
    if (!parsed.values.contains(key)) {
        if (required) {
            return usageError(self, QStringLiteral("missing --steps N"));
        }
        return std::nullopt;
    }
    bool ok = false;
    steps = parsed.values.value(key).toLongLong(&ok);
    if (!ok || steps < 0 || steps > kMaxSteps) {
        return usageError(self, QStringLiteral("--steps: expected a whole number from 0 to %1, got '%2'")
                                    .arg(kMaxSteps)
                                    .arg(parsed.values.value(key)));
    }
    return std::nullopt;
}

} // namespace

Parsed<SimulateOptions> parseSimulateOptions(const Subcommand& self, const QStringList& args) {
    Parsed<Arguments> result = parseSceneCommand(
        self, args,
        {QStringLiteral("steps"), QStringLiteral("solver"), QStringLiteral("out"), QStringLiteral("record")});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    const Arguments& parsed = std::get<Arguments>(result);
    SimulateOptions options;
    options.scene = parsed.positional.front();
    if (const std::optional<int> error = readSteps(self, parsed, true, options.steps)) {
        return *error;
    }
    if (parsed.values.contains(QStringLiteral("solver"))) {
        options.solver = phys::parseSolverKind(parsed.values.value(QStringLiteral("solver")).toStdString());
        if (!options.solver) {
            return usageError(self, QStringLiteral("--solver must be 'impulse' or 'verlet' (got '%1')")
                                        .arg(parsed.values.value(QStringLiteral("solver"))));
        }
    }
    if (parsed.values.contains(QStringLiteral("out"))) {
        options.out = parsed.values.value(QStringLiteral("out"));
    }
    if (parsed.values.contains(QStringLiteral("record"))) {
        options.record = parsed.values.value(QStringLiteral("record"));
    }
    return options;
}

Parsed<CompareCommandOptions> parseCompareOptions(const Subcommand& self, const QStringList& args) {
    Parsed<Arguments> result = parseSceneCommand(
        self, args, {QStringLiteral("config"), QStringLiteral("steps"), QStringLiteral("record")});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    const Arguments& parsed = std::get<Arguments>(result);
    CompareCommandOptions options;
    options.scene = parsed.positional.front();
    // --config repeats, one per configuration; the others take one value.
    options.configs = parsed.repeated.value(QStringLiteral("config"));
    if (options.configs.isEmpty()) {
        return usageError(self, QStringLiteral("missing --config FILE (give one per configuration)"));
    }
    if (options.configs.size() > kMaxCompareConfigs) {
        return usageError(self, QStringLiteral("at most %1 configurations (got %2)")
                                    .arg(kMaxCompareConfigs)
                                    .arg(options.configs.size()));
    }
    if (const std::optional<int> error = readSteps(self, parsed, true, options.steps)) {
        return *error;
    }
    if (parsed.values.contains(QStringLiteral("record"))) {
        options.record = parsed.values.value(QStringLiteral("record"));
    }
    return options;
}

Parsed<RenderCommandOptions> parseRenderOptions(const Subcommand& self, const QStringList& args) {
    Parsed<Arguments> result =
        parseSceneCommand(self, args,
                          {QStringLiteral("out"), QStringLiteral("steps"), QStringLiteral("overlay"),
                           QStringLiteral("size"), QStringLiteral("a"), QStringLiteral("b")});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    const Arguments& parsed = std::get<Arguments>(result);
    RenderCommandOptions options;
    options.scene = parsed.positional.front();
    options.out = parsed.values.value(QStringLiteral("out"));
    if (options.out.isEmpty()) {
        return usageError(self, QStringLiteral("--out FILE.png or FILE.svg is required"));
    }
    options.suffix = QFileInfo(options.out).suffix().toLower();
    if (options.suffix != QLatin1String("png") && options.suffix != QLatin1String("svg")) {
        return usageError(self, QStringLiteral("--out must end in .png or .svg, got '%1'").arg(options.out));
    }
    if (parsed.values.contains(QStringLiteral("size"))) {
        const auto s = parseSizeText(parsed.values.value(QStringLiteral("size")), 16, kMaxSide);
        if (!s) {
            return usageError(self,
                              QStringLiteral("--size: expected WIDTHxHEIGHT with sides 16..%1, got '%2'")
                                  .arg(kMaxSide)
                                  .arg(parsed.values.value(QStringLiteral("size"))));
        }
        options.size = *s;
    }
    if (const std::optional<int> error = readSteps(self, parsed, false, options.steps)) {
        return *error;
    }
    if (parsed.values.contains(QStringLiteral("overlay"))) {
        QString bad;
        if (!parseOverlays(parsed.values.value(QStringLiteral("overlay")), options, &bad)) {
            return usageError(self,
                              QStringLiteral("--overlay: unknown overlay '%1' (expected sat, clip, contacts, "
                                             "normals, aabb, centroids, indices)")
                                  .arg(bad));
        }
    }
    for (const auto& [key, target] :
         {std::pair{QStringLiteral("a"), &options.a}, std::pair{QStringLiteral("b"), &options.b}}) {
        if (parsed.values.contains(key)) {
            bool ok = false;
            *target = parsed.values.value(key).toInt(&ok);
            if (!ok) {
                *target = -1;
            }
        }
    }
    return options;
}

std::optional<int> checkRenderPair(const Subcommand& self, const RenderCommandOptions& options, int count) {
    const int a = options.a;
    const int b = options.b;
    if ((options.sat || options.clip) && (a < 0 || b < 0 || a >= count || b >= count || a == b)) {
        return usageError(self,
                          QStringLiteral("the sat and clip overlays need two different bodies --a and --b "
                                         "from 0 to %1 (the scene has %2 bodies)")
                              .arg(count - 1)
                              .arg(count));
    }
    return std::nullopt;
}

Parsed<WalkthroughOptions> parseWalkthroughOptions(const Subcommand& self, const QStringList& args) {
    Parsed<PairArguments> result = parsePairCommand(
        self, args,
        {QStringLiteral("tab"), QStringLiteral("format"), QStringLiteral("slides"), QStringLiteral("pdf")});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    const Arguments& parsed = std::get<PairArguments>(result).args;
    WalkthroughOptions options;
    options.scene = parsed.positional.front();
    options.pair = std::get<PairArguments>(result).pair;
    // The SAT page's tabs, then the GJK page's, in the dock's order.
    const QString tab = parsed.values.value(QStringLiteral("tab"), QStringLiteral("all")).trimmed().toLower();
    if (tab == QLatin1String("all")) {
        options.tabs = {WalkthroughMode::Sat, WalkthroughMode::Clipping, WalkthroughMode::Methods,
                        GjkSteps::Tab::Gjk,   GjkSteps::Tab::Epa,        GjkSteps::Tab::Voronoi,
                        GjkSteps::Tab::Toi,   GjkSteps::Tab::Split};
    } else if (const std::optional<WalkthroughMode> mode = parseWalkthroughMode(tab)) {
        options.tabs = {*mode};
    } else if (const std::optional<GjkSteps::Tab> gjkTab = GjkSteps::parseTab(tab)) {
        options.tabs = {*gjkTab};
    } else {
        return usageError(self, QStringLiteral("unknown tab '%1' (expected sat, clipping, methods, gjk, epa, "
                                               "voronoi, toi, split or all)")
                                    .arg(parsed.values.value(QStringLiteral("tab"))));
    }
    const QString format =
        parsed.values.value(QStringLiteral("format"), QStringLiteral("text")).trimmed().toLower();
    if (format == QLatin1String("text")) {
        options.format = WalkthroughOptions::Format::Text;
    } else if (format == QLatin1String("markdown")) {
        options.format = WalkthroughOptions::Format::Markdown;
    } else if (format == QLatin1String("json")) {
        options.format = WalkthroughOptions::Format::Json;
    } else {
        return usageError(self, QStringLiteral("unknown format '%1' (expected text, markdown or json)")
                                    .arg(parsed.values.value(QStringLiteral("format"))));
    }
    options.slidesDir = parsed.values.value(QStringLiteral("slides"));
    options.pdf = parsed.values.value(QStringLiteral("pdf"));
    if (parsed.values.contains(QStringLiteral("slides")) && options.slidesDir.isEmpty()) {
        return usageError(self, QStringLiteral("--slides needs a directory"));
    }
    if (parsed.values.contains(QStringLiteral("pdf")) &&
        QFileInfo(options.pdf).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) != 0) {
        return usageError(self,
                          QStringLiteral("--pdf must name a file ending in .pdf, got '%1'").arg(options.pdf));
    }
    const bool slidesWanted = !options.slidesDir.isEmpty() || !options.pdf.isEmpty();
    if (slidesWanted && parsed.values.contains(QStringLiteral("format"))) {
        return usageError(self,
                          QStringLiteral("--format prints text; it does not go with --slides or --pdf"));
    }
    return options;
}

Parsed<LessonOptions> parseLessonOptions(const Subcommand& self, const QStringList& args) {
    if (args.isEmpty() || args.front() == QLatin1String("--help") || args.front() == QLatin1String("-h")) {
        if (args.isEmpty()) {
            return usageError(self, QStringLiteral("missing the action (check)"));
        }
        printOut(usageText(self));
        return kExitOk;
    }
    LessonOptions options;
    if (args.front() == QLatin1String("worksheet")) {
        options.action = LessonOptions::Action::Worksheet;
        Parsed<Arguments> result =
            parseLessonCommand(self, args.mid(1), {QStringLiteral("out")}, {QStringLiteral("teacher")});
        if (const int* done = std::get_if<int>(&result)) {
            return *done;
        }
        const Arguments& parsed = std::get<Arguments>(result);
        options.out = parsed.values.value(QStringLiteral("out"));
        if (options.out.isEmpty() || QFileInfo(options.out).suffix().toLower() != QLatin1String("pdf")) {
            return usageError(self, QStringLiteral("--out FILE.pdf is required"));
        }
        options.lesson = parsed.positional.front();
        options.teacher = parsed.flags.contains(QStringLiteral("teacher"));
        return options;
    }
    if (args.front() != QLatin1String("check")) {
        return usageError(
            self, QStringLiteral("unknown action \"%1\" (expected check or worksheet)").arg(args.front()));
    }
    Parsed<Arguments> result = parseLessonCommand(self, args.mid(1), {}, {});
    if (const int* done = std::get_if<int>(&result)) {
        return *done;
    }
    options.lesson = std::get<Arguments>(result).positional.front();
    return options;
}

} // namespace cl::cli
