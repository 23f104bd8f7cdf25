/// @file cli_compare.cpp
/// `contactlab-cli compare SCENE --config A.json --config B.json ... --steps N [--record DIR]` (issue 15): runs
/// the same scene under several configurations from the same start and prints one table row per
/// configuration. A configuration file is a JSON object of scene-settings keys with the scene file's names
/// (`{"solver": "verlet", "iterations": 4}`), applied over the scene's own settings (parseSettingsOver, the
/// scene loader's own reader, so a bad value is named as in a scene: "A.json: iterations: ..."). With
/// --record DIR, DIR/config-1.csv ... are written in exactly the layout of `simulate --record`
/// (appendRecordRows), so a configuration's file equals `simulate --record` on a scene with those settings.
///
/// The table, per configuration, over the N steps: app/core/compare_table.h (max penetration, drift,
/// energy, momentum, contacts, step cost; the GUI's compare mode shows the same row).

#include "cli.h"
#include "compare_table.h"

#include "physics/world.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace cl::cli {

namespace {

struct Config {
    QString file;
    phys::WorldSettings settings;
};

/// Reads one configuration file over the scene's settings (compare_table.h); prints "contactlab-cli: FILE:
/// path: message" and returns nothing when it cannot.
std::optional<phys::WorldSettings> readConfig(const QString& fileName, const phys::WorldSettings& base) {
    auto read = readSettingsFile(fileName, base);
    if (auto* settings = std::get_if<phys::WorldSettings>(&read)) {
        return *settings;
    }
    printErr(QStringLiteral("contactlab-cli: %1: %2\n").arg(fileName, std::get<QString>(read)));
    return std::nullopt;
}

/// Pads every cell of a column to the column's widest, two spaces between columns.
QString formatTable(const std::vector<QStringList>& rows) {
    std::vector<qsizetype> widths;
    for (const QStringList& row : rows) {
        widths.resize(std::max<std::size_t>(widths.size(), static_cast<std::size_t>(row.size())));
        for (qsizetype c = 0; c < row.size(); ++c) {
            widths[static_cast<std::size_t>(c)] =
                std::max(widths[static_cast<std::size_t>(c)], row[c].size());
        }
    }
    QString out;
    for (const QStringList& row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c) {
            line +=
                c + 1 < row.size() ? row[c].leftJustified(widths[static_cast<std::size_t>(c)] + 2) : row[c];
        }
        out += line + u'\n';
    }
    return out;
}

} // namespace

int runCompare(const Subcommand& self, const QStringList& args) {
    const Parsed<CompareCommandOptions> parsed = parseCompareOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const CompareCommandOptions& options = std::get<CompareCommandOptions>(parsed);
    const qint64 steps = options.steps;
    const QStringList& configFiles = options.configs;

    const QString& sceneFile = options.scene;
    std::optional<Scene> scene = loadSceneOrReport(sceneFile);
    if (!scene) {
        return kExitInvalidScene;
    }
    std::vector<Config> configs;
    for (const QString& file : configFiles) {
        std::optional<phys::WorldSettings> settings = readConfig(file, scene->def.settings);
        if (!settings) {
            return kExitInvalidScene;
        }
        configs.push_back({file, *settings});
    }
    QString recordDir;
    if (options.record) {
        recordDir = *options.record;
        if (!QDir().mkpath(recordDir)) {
            printErr(QStringLiteral("contactlab-cli: %1: cannot create the directory\n").arg(recordDir));
            return kExitFailure;
        }
    }

    std::vector<CompareRow> rows;
    for (std::size_t c = 0; c < configs.size(); ++c) {
        // The same start for every configuration: the scene's bodies, in file order, under its settings.
        phys::World world;
        if (const auto error = world.setSettings(configs[c].settings)) {
            printErr(QStringLiteral("contactlab-cli: %1: %2: %3\n")
                         .arg(configs[c].file, QString::fromStdString(error->path),
                              QString::fromStdString(error->message)));
            return kExitInvalidScene;
        }
        world.setReportFlags(phys::kReportNone);
        const std::optional<std::vector<phys::BodyId>> created =
            createBodiesOrReport(world, scene->def.bodies, sceneFile);
        if (!created) {
            return kExitInvalidScene;
        }
        const std::vector<phys::BodyId>& ids = *created;
        CompareTally tally(world);

        std::unique_ptr<QFile> record;
        std::string text;
        if (!recordDir.isEmpty()) {
            record =
                std::make_unique<QFile>(QDir(recordDir).filePath(QStringLiteral("config-%1.csv").arg(c + 1)));
            if (!record->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                printErr(QStringLiteral("contactlab-cli: %1: %2\n")
                             .arg(record->fileName(), record->errorString()));
                return kExitFailure;
            }
            text = kRecordHeader;
        }
        const auto flush = [&record, &text]() {
            const bool ok = record->write(text.data(), qint64(text.size())) == qint64(text.size());
            text.clear();
            if (!ok) {
                printErr(QStringLiteral("contactlab-cli: %1: %2\n")
                             .arg(record->fileName(), record->errorString()));
            }
            return ok;
        };

        QElapsedTimer timer;
        for (qint64 step = 1; step <= steps; ++step) {
            timer.start();
            const phys::StepReport& report = world.step();
            tally.addStep(report, double(timer.nsecsElapsed()) * 1e-9);
            for (const phys::BodyId id : report.escaped) {
                printErr(
                    QStringLiteral("contactlab-cli: warning: %1: body %2 left the world bound at step %3 and "
                                   "was frozen\n")
                        .arg(configs[c].file)
                        .arg(std::find(ids.begin(), ids.end(), id) - ids.begin())
                        .arg(step));
            }
            if (record) {
                appendRecordRows(text, world, ids, step);
                if (text.size() > (1u << 20) && !flush()) {
                    return kExitFailure;
                }
            }
        }
        if (record) {
            if (!flush() || !record->flush()) {
                return kExitFailure;
            }
            record->close();
        }
        rows.push_back(tally.row(world));
    }

    std::vector<QStringList> table;
    table.push_back(QStringList{QStringLiteral("#"), QStringLiteral("config")} + compareColumnTitles());
    for (std::size_t c = 0; c < rows.size(); ++c) {
        table.push_back(QStringList{QString::number(c + 1), configs[c].file} + compareRowCells(rows[c]));
    }
    printOut(QStringLiteral("scene: %1\nsteps: %2\n\n").arg(sceneFile).arg(steps) + formatTable(table));
    if (!recordDir.isEmpty()) {
        printOut(QStringLiteral("\nrecords: %1/config-1.csv .. config-%2.csv\n")
                     .arg(QDir::cleanPath(recordDir))
                     .arg(configs.size()));
    }
    return kExitOk;
}

} // namespace cl::cli
