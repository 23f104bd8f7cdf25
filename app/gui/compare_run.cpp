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
    // Shapes and masses are the same in every configuration and never change along the run.
    if (!m_configs.empty()) {
        const phys::World& world = m_configs.front().timeline->world();
        for (int slot = 0; slot < static_cast<int>(m_bodies.size()); ++slot) {
            const phys::BodyId id = world.idOfSlot(slot);
            m_masses.push_back(world.isValid(id) ? world.massData(id) : phys::MassData{});
        }
    }
}

CompareRun::~CompareRun() {
    finishStep();
}

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

void CompareRun::stepOne(Run& run) {
    const auto start = std::chrono::steady_clock::now();
    const phys::StepReport& report = run.timeline->stepForward();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.tally->addStep(report, seconds);
    // The frame is recorded here too (a good part of a light step), into the Run's staging frame: the
    // history it goes to may be read meanwhile (the view draws the frame shown).
    recordSimFrame(run.timeline->world(), run.staged);
    run.staged.stepSeconds = seconds;
    run.stagedRow = run.tally->row(run.timeline->world());
}

void CompareRun::beginStep() {
    if (m_stepping) {
        return;
    }
    const std::int64_t next = m_head + 1;
    m_due.clear();
    for (std::size_t i = 0; i < m_configs.size(); ++i) {
        if (stepAt(static_cast<int>(i), next) > m_configs[i].timeline->step()) {
            m_due.push_back(&m_configs[i]);
        }
    }
    m_stepping = true;
    if (m_parallel) {
        // One thread per configuration; each touches only its own Run.
        for (Run* run : m_due) {
            m_threads.emplace_back([this, run] { stepOne(*run); });
        }
    } else {
        for (Run* run : m_due) {
            stepOne(*run);
        }
    }
}

void CompareRun::finishStep() {
    if (!m_stepping) {
        return;
    }
    m_threads.clear(); // joins
    m_stepping = false;
    for (Run* run : m_due) {
        std::swap(run->frames.push(), run->staged); // the swap keeps both frames' vectors for reuse
        run->rows.push_back(run->stagedRow);
    }
    m_due.clear();
    m_head += 1;
    fitBudget();
    updateFirst();
}

void CompareRun::stepForward() {
    if (!m_stepping && m_cursor < m_head) {
        m_cursor += 1;
        return;
    }
    beginStep();
    finishStep();
    m_cursor = std::min(m_cursor + 1, m_head);
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
    finishStep();
    if (m_cursor <= firstTick()) {
        return false;
    }
    m_cursor -= 1;
    return true;
}

void CompareRun::seek(std::int64_t tick) {
    finishStep();
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
