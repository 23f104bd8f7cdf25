/// @file cli_compare.cpp
/// `contactlab-cli compare SCENE --config A.json --config B.json ... --steps N [--record DIR]` (issue 15): runs
/// the same scene under several configurations from the same start and prints one table row per
/// configuration. A configuration file is a JSON object of scene-settings keys with the scene file's names
/// (`{"solver": "verlet", "iterations": 4}`), applied over the scene's own settings (parseSettingsOver, the
/// scene loader's own reader, so a bad value is named as in a scene: "A.json: iterations: ..."). With
/// --record DIR, DIR/config-1.csv ... are written in exactly the layout of `simulate --record`
/// (appendRecordRows), so a configuration's file equals `simulate --record` on a scene with those settings.
///
/// The table, per configuration, over the N steps:
/// @code
///   max penetration   largest StepReport::maxPenetration of any step, metres
///   drift             largest distance a dynamic body's origin ended from where it started, metres
///   energy            kinetic + potential energy after the last step, joules
///   momentum          linear momentum after the last step, N s
///   contacts          contacts with manifold points after the last step, speculative ones included
///                     (StepReport::contactCount: what the solver had to handle)
///   step cost         mean wall-clock time of World::step, microseconds
/// @endcode

#include "cli.h"

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

struct Row {
    double maxPenetration = 0.0;
    double drift = 0.0;
    double energy = 0.0;
    phys::Vec2 momentum;
    int contacts = 0;
    double meanStepMicros = 0.0;
};

/// Reads one configuration file over the scene's settings; prints "contactlab-cli: FILE: path: message" and
/// returns nothing when it cannot.
std::optional<phys::WorldSettings> readConfig(const QString& fileName, const phys::WorldSettings& base) {
    QFile file(fileName);
    const QFileInfo info(fileName);
    QString problem;
    if (!info.exists()) {
        problem = QStringLiteral("no such file");
    } else if (info.isDir()) {
        problem = QStringLiteral("is a directory, not a configuration file");
    } else if (!file.open(QIODevice::ReadOnly)) {
        problem = QStringLiteral("cannot open: %1").arg(file.errorString());
    } else if (file.size() > kMaxSceneFileBytes) {
        problem = QStringLiteral("file is too large (%1 bytes)").arg(file.size());
    }
    if (problem.isEmpty()) {
        auto parsed = parseSettingsOver(file.read(kMaxSceneFileBytes), base);
        if (auto* settings = std::get_if<phys::WorldSettings>(&parsed)) {
            return *settings;
        }
        problem = std::get<SceneError>(parsed).toString();
    }
    printErr(QStringLiteral("contactlab-cli: %1: %2\n").arg(fileName, problem));
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

    std::vector<Row> rows;
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
        std::vector<phys::Vec2> start;
        for (const phys::BodyId id : ids) {
            start.push_back(world.position(id));
        }

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

        Row row;
        qint64 stepNanos = 0;
        QElapsedTimer timer;
        for (qint64 step = 1; step <= steps; ++step) {
            timer.start();
            const phys::StepReport& report = world.step();
            stepNanos += timer.nsecsElapsed();
            row.maxPenetration = std::max(row.maxPenetration, report.maxPenetration);
            row.contacts = report.contactCount;
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
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (world.type(ids[i]) == phys::BodyType::Dynamic) {
                row.drift = std::max(row.drift, phys::length(world.position(ids[i]) - start[i]));
            }
        }
        row.energy = world.kineticEnergy() + world.potentialEnergy();
        row.momentum = world.linearMomentum();
        row.meanStepMicros = steps > 0 ? double(stepNanos) * 1e-3 / double(steps) : 0.0;
        rows.push_back(row);
    }

    auto num = [](double v) {
        return QString::number(v, 'g', 6);
    };
    std::vector<QStringList> table;
    table.push_back({QStringLiteral("#"), QStringLiteral("config"), QStringLiteral("max penetration (m)"),
                     QStringLiteral("drift (m)"), QStringLiteral("energy (J)"),
                     QStringLiteral("momentum (N s)"), QStringLiteral("contacts"),
                     QStringLiteral("step (us)")});
    for (std::size_t c = 0; c < rows.size(); ++c) {
        const Row& r = rows[c];
        table.push_back({QString::number(c + 1), configs[c].file, num(r.maxPenetration), num(r.drift),
                         num(r.energy), QStringLiteral("[%1, %2]").arg(num(r.momentum.x), num(r.momentum.y)),
                         QString::number(r.contacts), QString::number(r.meanStepMicros, 'f', 1)});
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
