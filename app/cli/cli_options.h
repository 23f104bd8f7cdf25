#pragma once
/// @file cli_options.h
/// Every `contactlab-cli` option in one place (docs/cli.md, design.md section 4): the subcommand table with
/// its usage text, the one argument parser, and one options struct per subcommand with the function that
/// fills it. A subcommand's run function parses its options here and only does the work; the usage errors
/// (exit code 2) and their messages all live in cli_options.cpp.
///
/// What is checked here: everything that can be checked without reading the file (missing options, numbers,
/// names). Body indices (--a, --b) are checked against the scene once it is read, by checkBodyPair() and
/// checkRenderPair(), so a missing or invalid scene still reports exit code 3 before an index out of range.

#include "gjk_steps.h"
#include "overlay.h"
#include "walkthrough.h"

#include "physics/defs.h"

#include <QMap>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>
#include <span>
#include <utility>
#include <variant>
#include <vector>

namespace cl::cli {

/// One subcommand. To add one: write cli_<name>.cpp with its run function, declare it in cli.h, add a row to
/// the table in cli_options.cpp, and an options struct and parser below.
struct Subcommand {
    const char* name;
    /// Arguments after the name, e.g. "SCENE --steps N [--out STATE.json]".
    const char* synopsis;
    /// One line for the general usage text.
    const char* summary;
    /// Further lines for `contactlab-cli NAME --help` (options explained); may be "".
    const char* details;
    /// True when the subcommand paints (QGuiApplication with the offscreen platform); false:
    /// QCoreApplication. See needsGui() for the subcommands that paint only with some options.
    bool needsGui;
    /// @param args the arguments after the subcommand name
    /// @return the process exit code
    int (*run)(const Subcommand& self, const QStringList& args);
};

/// The subcommand called `name`, or null.
const Subcommand* findSubcommand(const char* name);
/// `contactlab-cli --help`: every subcommand's synopsis and summary, and the exit codes.
QString generalUsage();
/// "Usage: contactlab-cli NAME SYNOPSIS" plus the summary and details.
QString usageText(const Subcommand& command);
/// Prints "contactlab-cli NAME: message" and the usage to stderr; returns kExitUsage.
int usageError(const Subcommand& command, const QString& message);
/// Whether `command` run with `args` (the arguments after its name, as argv gives them) paints and so needs a
/// QGuiApplication: the table's needsGui, or `walkthrough` with --slides or --pdf (its text needs no platform
/// plugin). Decided before the application object exists.
bool needsGui(const Subcommand& command, std::span<char* const> args);

/// Command-line arguments split into positionals, options with a value ("--steps 10" or "--steps=10") and
/// flags.
struct Arguments {
    QStringList positional;
    QMap<QString, QString> values; ///< option name without dashes -> value (the last one given)
    /// Option name without dashes -> every value given, in order: for the options that may repeat
    /// (`compare --config`).
    QMap<QString, QStringList> repeated;
    QStringList flags; ///< flags given, without dashes
    bool help = false; ///< -h or --help was given
    QString error;     ///< non-empty on a usage error (unknown option, missing value)
};

/// Parses `args`. Option names are given without the leading "--". A lone "-" and anything after "--" are
/// positional.
Arguments parseArguments(const QStringList& args, const QStringList& valueOptions,
                         const QStringList& flagOptions = {});

/// What a parse function returns: the options, or the exit code to return at once (after --help, or after a
/// usage error, both already printed).
template <typename Options> using Parsed = std::variant<Options, int>;

/// `--a I --b J` as given, checked against the scene by checkBodyPair().
struct BodyPairText {
    QString a;
    QString b;
};

/// The pair of body indices `pair` names, or the usage error's exit code (printed) when either is not an index
/// from 0 to count - 1 or both name the same body.
std::variant<std::pair<int, int>, int> checkBodyPair(const Subcommand& self, const BodyPairText& pair,
                                                     int count);

/// `validate SCENE`.
struct ValidateOptions {
    QString scene;
};
Parsed<ValidateOptions> parseValidateOptions(const Subcommand& self, const QStringList& args);

/// `collide SCENE --a I --b J [--method ...]`.
struct CollideOptions {
    QString scene;
    BodyPairText pair;
    /// --method gjk / epa: GJK's distance or EPA's depth instead of the contact method.
    bool gjk = false;
    bool epa = false;
    phys::ContactMethod method = phys::ContactMethod::Clipping;
};
Parsed<CollideOptions> parseCollideOptions(const Subcommand& self, const QStringList& args);

/// `simulate SCENE --steps N [--solver ...] [--out STATE.json] [--record FILE.csv]`.
struct SimulateOptions {
    QString scene;
    qint64 steps = 0;
    std::optional<phys::SolverKind> solver; ///< overrides the scene's
    std::optional<QString> out;             ///< the final state (given empty: fails to write, exit 1)
    std::optional<QString> record;          ///< the CSV (given empty: fails to write, exit 1)
};
Parsed<SimulateOptions> parseSimulateOptions(const Subcommand& self, const QStringList& args);

/// Most configurations one `compare` run may compare.
inline constexpr int kMaxCompareConfigs = 16;

/// `compare SCENE --config A.json --config B.json ... --steps N [--record DIR]` (issue 15).
struct CompareCommandOptions {
    QString scene;
    QStringList configs; ///< the --config files in the order given, 1 to kMaxCompareConfigs of them
    qint64 steps = 0;
    std::optional<QString> record; ///< the directory for config-1.csv ... (given empty: fails, exit 1)
};
Parsed<CompareCommandOptions> parseCompareOptions(const Subcommand& self, const QStringList& args);

/// `render SCENE --out FILE.png|FILE.svg [--steps N] [--overlay LIST] [--size WxH] [--a I --b J]`.
struct RenderCommandOptions {
    QString scene;
    QString out;
    QString suffix; ///< "png" or "svg", lower case
    QSize size{1280, 800};
    qint64 steps = 0;
    OverlayOptions diagnostics; ///< contacts, normals, aabb, centroids, indices
    bool sat = false;
    bool clip = false;
    /// Bodies for sat and clip: 0 and 1 unless given; -1 when the text is not a number (checked, after
    /// the scene is read, only when sat or clip is asked for).
    int a = 0;
    int b = 1;
};
Parsed<RenderCommandOptions> parseRenderOptions(const Subcommand& self, const QStringList& args);
/// When the sat or clip overlay is asked for, --a and --b must be two different bodies from 0 to count - 1:
/// else the usage error's exit code (printed). Nothing when they are fine or not needed.
std::optional<int> checkRenderPair(const Subcommand& self, const RenderCommandOptions& options, int count);

/// `walkthrough SCENE --a I --b J [--tab ...] [--format ...] [--slides DIR] [--pdf FILE.pdf]`.
struct WalkthroughOptions {
    /// A tab of the SAT page or of the GJK page.
    using Tab = std::variant<WalkthroughMode, GjkSteps::Tab>;
    enum class Format { Text, Markdown, Json };

    QString scene;
    BodyPairText pair;
    std::vector<Tab> tabs; ///< in the dock's order
    Format format = Format::Text;
    QString slidesDir; ///< empty: no slides
    QString pdf;       ///< empty: no PDF
};
Parsed<WalkthroughOptions> parseWalkthroughOptions(const Subcommand& self, const QStringList& args);

/// `lesson check LESSON | worksheet LESSON --out FILE.pdf [--teacher]`.
struct LessonOptions {
    enum class Action { Check, Worksheet };
    Action action = Action::Check;
    QString lesson;
    QString out;          ///< worksheet: the PDF
    bool teacher = false; ///< worksheet: the teacher's sheet
};
Parsed<LessonOptions> parseLessonOptions(const Subcommand& self, const QStringList& args);

} // namespace cl::cli
