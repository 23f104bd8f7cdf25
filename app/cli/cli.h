#pragma once
/// @file cli.h
/// Shared pieces of `contactlab-cli` (design.md section 4): exit codes and output helpers. One .cpp per
/// subcommand; its options, the subcommand table and the usage text are in cli_options.h; cli_main.cpp
/// dispatches.

#include "cli_options.h"
#include "scene_io.h"

#include <QString>
#include <QStringList>

#include <optional>

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

// The subcommands.
int runValidate(const Subcommand& self, const QStringList& args);
int runCollide(const Subcommand& self, const QStringList& args);
int runSimulate(const Subcommand& self, const QStringList& args);
int runRender(const Subcommand& self, const QStringList& args);
int runWalkthrough(const Subcommand& self, const QStringList& args);
int runLesson(const Subcommand& self, const QStringList& args);

} // namespace cl::cli
