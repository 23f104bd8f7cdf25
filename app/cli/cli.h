#pragma once
/// @file cli.h
/// Shared pieces of `contactlab-cli` (design.md section 4): exit codes and output helpers. One .cpp per
/// subcommand; its options, the subcommand table and the usage text are in cli_options.h; cli_main.cpp
/// dispatches.

#include "cli_options.h"
#include "scene_io.h"

#include "physics/world.h"

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

/// Writes UTF-8 text to stdout / stderr (no newline added) and flushes.
void printOut(const QString& text);
void printErr(const QString& text);

/// Loads a scene file; on failure prints "contactlab-cli: FILE: path: message" to stderr and returns nothing
/// (the caller exits with kExitInvalidScene).
std::optional<Scene> loadSceneOrReport(const QString& fileName);

/// Creates `bodies` in `world`, in file order, and returns their ids; or prints
/// "contactlab-cli: FILE: bodies[i]: message" for the first the World refuses and returns nothing (the caller
/// exits with kExitInvalidScene). `render` and `compare` build their worlds with it.
std::optional<std::vector<phys::BodyId>>
createBodiesOrReport(phys::World& world, const std::vector<phys::BodyDef>& bodies, const QString& fileName);

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
