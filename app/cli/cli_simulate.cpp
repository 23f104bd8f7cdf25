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
#include <charconv>
#include <memory>
#include <string>
#include <vector>

namespace cl::cli {

namespace {

/// Shortest text that reads back to the same double (std::to_chars round-trip form).
void appendNumber(std::string& out, double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

} // namespace

void appendRecordRows(std::string& out, const phys::World& world, const std::vector<phys::BodyId>& ids,
                      qint64 step) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const phys::BodySim& b = world.bodySim(ids[i]);
        out += std::to_string(step);
        out += ',';
        appendNumber(out, world.time());
        out += ',';
        out += std::to_string(i);
        out += ',';
        appendNumber(out, b.xf.p.x);
        out += ',';
        appendNumber(out, b.xf.p.y);
        out += ',';
        appendNumber(out, b.xf.q.angle());
        out += ',';
        appendNumber(out, b.linearVelocity.x);
        out += ',';
        appendNumber(out, b.linearVelocity.y);
        out += ',';
        appendNumber(out, b.angularVelocity);
        out += '\n';
    }
}

int runSimulate(const Subcommand& self, const QStringList& args) {
    Arguments parsed;
    if (const std::optional<int> done = parseSceneCommand(self, args,
                                                          {QStringLiteral("steps"), QStringLiteral("solver"),
                                                           QStringLiteral("out"), QStringLiteral("record")},
                                                          parsed)) {
        return *done;
    }
    if (!parsed.values.contains(QStringLiteral("steps"))) {
        return usageError(self, QStringLiteral("missing --steps N"));
    }
    bool numberOk = false;
    const qint64 steps = parsed.values.value(QStringLiteral("steps")).toLongLong(&numberOk);
    if (!numberOk || steps < 0 || steps > kMaxSteps) {
        return usageError(self, QStringLiteral("--steps must be an integer in 0..%1 (got '%2')")
                                    .arg(kMaxSteps)
                                    .arg(parsed.values.value(QStringLiteral("steps"))));
    }
    std::optional<phys::SolverKind> solverOverride;
    if (parsed.values.contains(QStringLiteral("solver"))) {
        solverOverride = phys::parseSolverKind(parsed.values.value(QStringLiteral("solver")).toStdString());
        if (!solverOverride) {
            return usageError(self, QStringLiteral("--solver must be 'impulse' or 'verlet' (got '%1')")
                                        .arg(parsed.values.value(QStringLiteral("solver"))));
        }
    }

    std::optional<Scene> scene = loadSceneOrReport(parsed.positional.front());
    if (!scene) {
        return kExitInvalidScene;
    }
    if (solverOverride) {
        scene->def.settings.solver = *solverOverride;
    }

    phys::World world;
    if (const auto error = world.setSettings(scene->def.settings)) {
        printErr(QStringLiteral("contactlab-cli: %1: %2: %3\n")
                     .arg(parsed.positional.front(), QString::fromStdString(error->path),
                          QString::fromStdString(error->message)));
        return solverOverride && error->path == "settings.solver" ? kExitFailure : kExitInvalidScene;
    }
    world.setReportFlags(phys::kReportNone);
    std::vector<phys::BodyId> ids;
    ids.reserve(scene->def.bodies.size());
    for (std::size_t i = 0; i < scene->def.bodies.size(); ++i) {
        auto created = world.createBody(scene->def.bodies[i]);
        if (!created) {
            // The world names the field from "body"; say which body of the file.
            QString message = QString::fromStdString(created.error().message);
            if (message.startsWith(QStringLiteral("body"))) {
                message = QStringLiteral("bodies[%1]").arg(i) + message.mid(4);
            }
            printErr(QStringLiteral("contactlab-cli: %1: %2\n").arg(parsed.positional.front(), message));
            return kExitInvalidScene;
        }
        ids.push_back(*created);
    }

    std::unique_ptr<QFile> record;
    std::string rows;
    if (parsed.values.contains(QStringLiteral("record"))) {
        record = std::make_unique<QFile>(parsed.values.value(QStringLiteral("record")));
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

    if (parsed.values.contains(QStringLiteral("out"))) {
        Scene state;
        state.unknownTopLevel = scene->unknownTopLevel;
        state.def.settings = world.settings();
        for (const phys::BodyId id : ids) {
            // Within the file's limits, so that the state loads again (a body frozen beyond the world
            // bound is written on the bound).
            state.def.bodies.push_back(phys::withinFileLimits(world.bodyDef(id)));
        }
        const QString error = saveSceneFile(state, parsed.values.value(QStringLiteral("out")));
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
