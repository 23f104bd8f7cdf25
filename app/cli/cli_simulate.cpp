/// @file cli_simulate.cpp
/// `contactlab-cli simulate SCENE --steps N [--solver impulse|verlet] [--out STATE.json] [--record FILE.csv]`
/// (design.md section 4): steps the scene N times with its settings (a flag overrides one), writes the final
/// scene to --out, one CSV row per body per step to --record, and prints a summary (steps, wall time, final
/// kinetic and potential energy, linear momentum).

#include "cli.h"

#include "physics/world.h"

#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace cl::cli {

int runSimulate(const Subcommand& self, const QStringList& args) {
    const Parsed<SimulateOptions> parsed = parseSimulateOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const SimulateOptions& options = std::get<SimulateOptions>(parsed);
    const qint64 steps = options.steps;
    const std::optional<phys::SolverKind>& solverOverride = options.solver;

    std::optional<Scene> scene = loadSceneOrReport(options.scene);
    if (!scene) {
        return kExitInvalidScene;
    }
    if (solverOverride) {
        scene->def.settings.solver = *solverOverride;
    }

    phys::World world;
    if (const auto error = world.setSettings(scene->def.settings)) {
        printErr(QStringLiteral("contactlab-cli: %1: %2: %3\n")
                     .arg(options.scene, QString::fromStdString(error->path),
                          QString::fromStdString(error->message)));
        return solverOverride && error->path == "settings.solver" ? kExitFailure : kExitInvalidScene;
    }
    world.setReportFlags(phys::kReportNone);
    std::vector<phys::BodyId> ids;
    ids.reserve(scene->def.bodies.size());
    world.reserve(scene->def.bodies);
    for (std::size_t i = 0; i < scene->def.bodies.size(); ++i) {
        auto created = world.createBody(scene->def.bodies[i]);
        if (!created) {
            // The world names the field from "body"; say which body of the file.
            QString message = QString::fromStdString(created.error().message);
            if (message.startsWith(QStringLiteral("body"))) {
                message = QStringLiteral("bodies[%1]").arg(i) + message.mid(4);
            }
            printErr(QStringLiteral("contactlab-cli: %1: %2\n").arg(options.scene, message));
            return kExitInvalidScene;
        }
        ids.push_back(*created);
    }

    std::unique_ptr<QFile> record;
    std::string rows;
    if (options.record) {
        record = std::make_unique<QFile>(*options.record);
        if (!record->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            printErr(
                QStringLiteral("contactlab-cli: %1: %2\n").arg(record->fileName(), record->errorString()));
            return kExitFailure;
        }
        rows = kRecordHeader;
    }

    QElapsedTimer timer;
    timer.start();
    qint64 escaped = 0;
    for (qint64 step = 1; step <= steps; ++step) {
        const phys::StepReport& report = world.step();
        for (const phys::BodyId id : report.escaped) {
            ++escaped;
            printErr(QStringLiteral(
                         "contactlab-cli: warning: body %1 left the world bound at step %2 and was frozen\n")
                         .arg(std::find(ids.begin(), ids.end(), id) - ids.begin())
                         .arg(step));
        }
        if (record) {
            appendRecordRows(rows, world, ids, step);
            if (rows.size() > (1u << 20)) {
                if (record->write(rows.data(), qint64(rows.size())) != qint64(rows.size())) {
                    printErr(QStringLiteral("contactlab-cli: %1: %2\n")
                                 .arg(record->fileName(), record->errorString()));
                    return kExitFailure;
                }
                rows.clear();
            }
        }
    }
    const double wallSeconds = double(timer.nsecsElapsed()) * 1e-9;
    if (record) {
        if (record->write(rows.data(), qint64(rows.size())) != qint64(rows.size()) || !record->flush()) {
            printErr(
                QStringLiteral("contactlab-cli: %1: %2\n").arg(record->fileName(), record->errorString()));
            return kExitFailure;
        }
        record->close();
    }

    if (options.out) {
        Scene state;
        state.unknownTopLevel = scene->unknownTopLevel;
        state.def.settings = world.settings();
        for (const phys::BodyId id : ids) {
            // Within the file's limits, so that the state loads again (a body frozen beyond the world
            // bound is written on the bound).
            state.def.bodies.push_back(phys::withinFileLimits(world.bodyDef(id)));
        }
        const QString error = saveSceneFile(state, *options.out);
        if (!error.isEmpty()) {
            printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
            return kExitFailure;
        }
    }

    const phys::Vec2 momentum = world.linearMomentum();
    auto num = [](double v) {
        return QString::number(v, 'g', 10);
    };
    printOut(QStringLiteral("steps: %1\n"
                            "simulated time: %2 s\n"
                            "wall time: %3 s\n"
                            "kinetic energy: %4 J\n"
                            "potential energy: %5 J\n"
                            "linear momentum: [%6, %7] N s\n"
                            "escaped bodies: %8\n")
                 .arg(steps)
                 .arg(num(world.time()), num(wallSeconds), num(world.kineticEnergy()),
                      num(world.potentialEnergy()), num(momentum.x), num(momentum.y))
                 .arg(escaped));
    return kExitOk;
}

} // namespace cl::cli
