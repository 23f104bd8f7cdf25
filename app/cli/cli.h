#pragma once
/// @file cli.h
/// Shared pieces of `contactlab-cli` (design.md section 4): exit codes, the subcommand table entry, argument
/// parsing and output helpers. One .cpp per subcommand; cli_main.cpp lists them and dispatches.

#include "scene_io.h"

#include "physics/world.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace cl::cli {

inline constexpr int kExitOk = 0;
/// A failure that is neither a usage error nor an invalid scene (e.g. an output file cannot be written).
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitInvalidScene = 3;

/// One subcommand. To add one: write cli_<name>.cpp with its run function, declare it below, and add a row to
/// the table in cli_main.cpp.
struct Subcommand {
    const char* name;
    /// Arguments after the name, e.g. "SCENE --steps N [--out STATE.json]".
    const char* synopsis;
    /// One line for the general usage text.
    const char* summary;
    /// Further lines for `contactlab-cli NAME --help` (options explained); may be "".
    const char* details;
    /// True when the subcommand paints (QGuiApplication with the offscreen platform); false:
    /// QCoreApplication.
    bool needsGui;
    /// @param args the arguments after the subcommand name
    /// @return the process exit code
    int (*run)(const Subcommand& self, const QStringList& args);
};

/// Writes UTF-8 text to stdout / stderr (no newline added) and flushes.
void printOut(const QString& text);
void printErr(const QString& text);

/// "Usage: contactlab-cli NAME SYNOPSIS" plus the summary and details.
QString usageText(const Subcommand& command);
/// Prints "contactlab-cli NAME: message" and the usage to stderr; returns kExitUsage.
int usageError(const Subcommand& command, const QString& message);

/// Command-line arguments split into positionals, options with a value ("--steps 10" or "--steps=10") and
/// flags.
struct Arguments {
    QStringList positional;
    QMap<QString, QString> values; ///< option name without dashes -> value
    QStringList flags;             ///< flags given, without dashes
    bool help = false;             ///< -h or --help was given
    QString error;                 ///< non-empty on a usage error (unknown option, missing value)
};

/// Parses `args`. Option names are given without the leading "--". A lone "-" and anything after "--" are
/// positional.
Arguments parseArguments(const QStringList& args, const QStringList& valueOptions,
                         const QStringList& flagOptions = {});

/// The start every subcommand shares: parses `args`; on a usage error or --help, prints what is due and
/// returns the exit code for the caller to return; otherwise fills `parsed`, which then holds exactly one
/// positional argument (the SCENE file), and returns nothing.
std::optional<int> parseSceneCommand(const Subcommand& self, const QStringList& args,
                                     const QStringList& valueOptions, Arguments& parsed);

/// Loads a scene file; on failure prints "contactlab-cli: FILE: path: message" to stderr and returns nothing
/// (the caller exits with kExitInvalidScene).
std::optional<Scene> loadSceneOrReport(const QString& fileName);

/// Most steps one run of `simulate`, `compare` or `render` may ask for (about 46 hours of simulated time at 60 Hz).
inline constexpr qint64 kMaxSteps = 10'000'000;

/// The header line of a `simulate --record` CSV (and of `compare --record`'s files).
inline constexpr const char* kRecordHeader = "step,time,body,x,y,angle,vx,vy,omega\n";
/// Appends one `--record` CSV row per body in `ids` (body = index in `ids`, the file's order) after step
/// `step`: "step,time,body,x,y,angle,vx,vy,omega", numbers in the shortest form that reads back exactly.
void appendRecordRows(std::string& out, const phys::World& world, const std::vector<phys::BodyId>& ids,
                      qint64 step);

// The subcommands.
int runValidate(const Subcommand& self, const QStringList& args);
int runCollide(const Subcommand& self, const QStringList& args);
int runSimulate(const Subcommand& self, const QStringList& args);
int runRender(const Subcommand& self, const QStringList& args);
int runWalkthrough(const Subcommand& self, const QStringList& args);
int runLesson(const Subcommand& self, const QStringList& args);
int runCompare(const Subcommand& self, const QStringList& args);

} // namespace cl::cli
