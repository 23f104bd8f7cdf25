#include "compare_run.h"

#include "lesson.h"
#include "sim_worker.h"

#include "physics/world.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace cl {

CompareRun::CompareRun(const std::vector<phys::BodyDef>& bodies, std::vector<CompareConfig> configs,
                       bool parallel)
    : m_bodies(bodies), m_parallel(parallel) {
    phys::TimelineOptions options;
    // One thread per World when the configurations step side by side (they already fill the cores); the
    // states do not depend on the thread count (design.md section 1).
    options.threads = parallel ? 1 : 0;
    // The budget is shared by the configurations; their checkpoints are only needed to rebuild a past step,
    // which compare mode never does (it shows recorded frames), so they get a small part.
    options.checkpointBudgetBytes = std::size_t{16} * 1024 * 1024;
    m_configs.resize(configs.size());
    m_tick = 0.0;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        Run& run = m_configs[i];
        run.config = std::move(configs[i]);
        run.timeline = std::make_unique<phys::Timeline>(run.config.settings, m_bodies, options);
        run.tally = std::make_unique<CompareTally>(run.timeline->world());
        run.dt = run.config.settings.timeStep;
        m_tick = i == 0 ? run.dt : std::min(m_tick, run.dt);
        record(run, 0.0);
    }
    if (!(m_tick > 0.0)) {
        m_tick = 1.0 / 60.0;
    }
}

CompareRun::~CompareRun() = default;

std::int64_t CompareRun::stepAt(int i, std::int64_t tick) const {
    const double dt = m_configs[static_cast<std::size_t>(i)].dt;
    if (dt == m_tick) {
        return tick;
    }
    // The small allowance keeps k dtMin / dt = an integer from rounding down (1e-9 of a step).
    return static_cast<std::int64_t>(std::floor(static_cast<double>(tick) * m_tick / dt + 1e-9));
}

const SimFrame* CompareRun::frameAt(int i, std::int64_t tick) const {
    return m_configs[static_cast<std::size_t>(i)].frames.find(stepAt(i, tick));
}

const CompareRow& CompareRun::rowAt(int i, std::int64_t tick) const {
    const std::vector<CompareRow>& rows = m_configs[static_cast<std::size_t>(i)].rows;
    const auto step = static_cast<std::size_t>(
        std::clamp<std::int64_t>(stepAt(i, tick), 0, static_cast<std::int64_t>(rows.size()) - 1));
    return rows[step];
}

void CompareRun::record(Run& run, double stepSeconds) {
    SimFrame& frame = run.frames.push();
    recordSimFrame(run.timeline->world(), frame);
    frame.stepSeconds = stepSeconds;
    run.rows.push_back(run.tally->row(run.timeline->world()));
}

void CompareRun::stepForward() {
    if (m_cursor < m_head) {
        m_cursor += 1;
        return;
    }
    const std::int64_t next = m_head + 1;
    std::vector<Run*> due;
    for (std::size_t i = 0; i < m_configs.size(); ++i) {
        if (stepAt(static_cast<int>(i), next) > m_configs[i].timeline->step()) {
            due.push_back(&m_configs[i]);
        }
    }
    // Each thread steps and records its own Run (its frame too: recording is a good part of a light step).
    const auto stepOne = [this, &due](std::size_t k) {
        const auto start = std::chrono::steady_clock::now();
        const phys::StepReport& report = due[k]->timeline->stepForward();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        due[k]->tally->addStep(report, seconds);
        record(*due[k], seconds);
    };
    if (m_parallel && due.size() > 1) {
        // One thread per configuration; this thread steps the first. Each touches only its own Run.
        std::vector<std::jthread> threads;
        for (std::size_t k = 1; k < due.size(); ++k) {
            threads.emplace_back(stepOne, k);
        }
        stepOne(0);
    } else {
        for (std::size_t k = 0; k < due.size(); ++k) {
            stepOne(k);
        }
    }
    m_head = next;
    m_cursor = next;
    fitBudget();
    updateFirst();
}

void CompareRun::updateFirst() {
    // The oldest tick whose frames are all still held (it only moves on).
    for (std::size_t i = 0; i < m_configs.size(); ++i) {
        const SimHistory& h = m_configs[i].frames;
        while (m_first < m_head && stepAt(static_cast<int>(i), m_first) < h.firstStep()) {
            ++m_first;
        }
    }
}

void CompareRun::fitBudget() {
    if (m_head != 1) {
        return;
    }
    // Sized once the first steps' frames (with their contacts) are known; a frame a step per configuration.
    std::size_t perTick = 0;
    for (const Run& run : m_configs) {
        perTick += run.frames.bytes() / static_cast<std::size_t>(std::max(1, run.frames.size()));
    }
    const int ticks =
        std::max<int>(kMinTicks, static_cast<int>(kBudgetBytes / std::max<std::size_t>(perTick, 1)));
    for (Run& run : m_configs) {
        run.frames.setCapacity(ticks);
    }
}

bool CompareRun::stepBack() {
    if (m_cursor <= firstTick()) {
        return false;
    }
    m_cursor -= 1;
    return true;
}

void CompareRun::seek(std::int64_t tick) {
    m_cursor = std::clamp(tick, m_first, m_head);
}

QColor compareColor(int i) {
    static const QColor colors[] = {QColor(0, 114, 178),   QColor(230, 159, 0), QColor(0, 158, 115),
                                    QColor(204, 121, 167), QColor(213, 94, 0),  QColor(86, 180, 233)};
    return colors[static_cast<std::size_t>(i) % 6];
}

std::vector<CompareConfig> comparePresets(const phys::WorldSettings& base) {
    return {
        {QStringLiteral("Impulse, soft step"),
         lessonCandidateSettings(base, LessonSolverCandidate::SoftStep)},
        {QStringLiteral("Baumgarte PGS"), lessonCandidateSettings(base, LessonSolverCandidate::Baumgarte)},
        {QStringLiteral("Push-out"), lessonCandidateSettings(base, LessonSolverCandidate::PushOut)},
        {QStringLiteral("Verlet"), lessonCandidateSettings(base, LessonSolverCandidate::Verlet)}};
}

} // namespace cl
