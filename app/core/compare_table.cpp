#include "compare_table.h"

#include "scene_io.h"

#include "physics/world.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace cl {

std::variant<phys::WorldSettings, QString> readSettingsFile(const QString& fileName,
                                                            const phys::WorldSettings& base) {
    QFile file(fileName);
    const QFileInfo info(fileName);
    if (!info.exists()) {
        return QStringLiteral("no such file");
    }
    if (info.isDir()) {
        return QStringLiteral("is a directory, not a configuration file");
    }
    if (!file.open(QIODevice::ReadOnly)) {
        return QStringLiteral("cannot open: %1").arg(file.errorString());
    }
    if (file.size() > kMaxSceneFileBytes) {
        return QStringLiteral("file is too large (%1 bytes)").arg(file.size());
    }
    auto parsed = parseSettingsOver(file.read(kMaxSceneFileBytes), base);
    if (auto* settings = std::get_if<phys::WorldSettings>(&parsed)) {
        return *settings;
    }
    return std::get<SceneError>(parsed).toString();
}

CompareTally::CompareTally(const phys::World& start) {
    std::vector<phys::BodyState> bodies;
    start.bodyStates(bodies);
    for (const phys::BodyState& b : bodies) {
        m_start.push_back(b.xf.p);
        m_dynamic.push_back(b.alive && b.type == phys::BodyType::Dynamic);
    }
}

void CompareTally::addStep(const phys::StepReport& report, double stepSeconds) {
    m_row.steps += 1;
    m_row.maxPenetration = std::max(m_row.maxPenetration, report.maxPenetration);
    m_row.contacts = report.contactCount;
    m_stepSeconds += stepSeconds;
}

CompareRow CompareTally::row(const phys::World& now) const {
    CompareRow row = m_row;
    std::vector<phys::BodyState> bodies;
    now.bodyStates(bodies);
    row.drift = 0.0;
    for (std::size_t i = 0; i < bodies.size() && i < m_start.size(); ++i) {
        if (m_dynamic[i] && bodies[i].alive) {
            row.drift = std::max(row.drift, phys::length(bodies[i].xf.p - m_start[i]));
        }
    }
    row.energy = now.kineticEnergy() + now.potentialEnergy();
    row.momentum = now.linearMomentum();
    row.meanStepMicros = row.steps > 0 ? m_stepSeconds * 1e6 / static_cast<double>(row.steps) : 0.0;
    return row;
}

QStringList compareColumnTitles() {
    return {QStringLiteral("max penetration (m)"), QStringLiteral("drift (m)"), QStringLiteral("energy (J)"),
            QStringLiteral("momentum (N s)"),      QStringLiteral("contacts"),  QStringLiteral("step (us)")};
}

QStringList compareRowCells(const CompareRow& r) {
    auto num = [](double v) {
        return QString::number(v, 'g', 6);
    };
    return {num(r.maxPenetration),
            num(r.drift),
            num(r.energy),
            QStringLiteral("[%1, %2]").arg(num(r.momentum.x), num(r.momentum.y)),
            QString::number(r.contacts),
            QString::number(r.meanStepMicros, 'f', 1)};
}

} // namespace cl
