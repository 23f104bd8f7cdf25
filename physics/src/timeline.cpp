#include "physics/timeline.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <type_traits>

namespace phys {

void applyInput(World& world, const InputAction& action) {
    std::visit(
        [&world](const auto& in) {
            using T = std::decay_t<decltype(in)>;
            if constexpr (std::is_same_v<T, InputSettings>) {
                (void)world.setSettings(in.settings);
            } else if constexpr (std::is_same_v<T, InputPose>) {
                world.setTransform(world.idOfSlot(in.slot), in.position, in.angle);
            } else if constexpr (std::is_same_v<T, InputVelocity>) {
                world.setLinearVelocity(world.idOfSlot(in.slot), in.linear);
                world.setAngularVelocity(world.idOfSlot(in.slot), in.angular);
            } else if constexpr (std::is_same_v<T, InputForce>) {
                world.applyForce(world.idOfSlot(in.slot), in.force, in.worldPoint);
            } else if constexpr (std::is_same_v<T, InputReplaceBody>) {
                world.removeBody(world.idOfSlot(in.slot));
                (void)world.createBody(in.def); // the freed slot is reused (last freed, first taken)
            }
        },
        action);
}

namespace {

std::int64_t stepOf(std::int64_t step) {
    return step;
}
template <class C> std::int64_t stepOf(const C& checkpoint) {
    return checkpoint.step;
}

bool isForce(const InputAction& action) {
    return std::holds_alternative<InputForce>(action);
}

World buildWorld(const WorldSettings& settings, std::span<const BodyDef> bodies, int threads) {
    World world(settings);
    world.setThreadCount(threads);
    for (const BodyDef& def : bodies) {
        (void)world.createBody(def); // an invalid body leaves no slot (the caller validated them)
    }
    return world;
}

} // namespace

Timeline::Timeline(const WorldSettings& settings, std::span<const BodyDef> bodies)
    : Timeline(settings, bodies, Options{}) {}

Timeline::Timeline(const WorldSettings& settings, std::span<const BodyDef> bodies, const Options& options)
    : m_options(options), m_world(buildWorld(settings, bodies, options.threads)) {
    init();
}

Timeline::Timeline(World world, const Options& options) : m_options(options), m_world(std::move(world)) {
    m_world.setThreadCount(options.threads);
    init();
}

void Timeline::touch() {
    // One counter for every Timeline of the process: two Timelines never show the same revision.
    static std::atomic<std::uint64_t> next{0};
    m_revision = ++next;
}

void Timeline::init() {
    touch();
    m_options.minCheckpointInterval = std::max(1, m_options.minCheckpointInterval);
    m_interval = m_options.minCheckpointInterval;
    m_startStep = m_world.stepCount();
    m_head = m_startStep;
    m_checkpoints.push_back(Checkpoint{m_startStep, m_world.snapshot(), 0});
    m_checkpoints.back().bytes = m_checkpoints.back().snapshot.memoryBytes();
    m_startSettings = m_world.settings();
}

void Timeline::setThreadCount(int threads) {
    touch();
    m_options.threads = threads;
    m_world.setThreadCount(threads);
}

std::size_t Timeline::firstInputAt(std::int64_t step) const {
    return static_cast<std::size_t>(
        std::lower_bound(m_inputs.begin(), m_inputs.end(), step,
                         [](const TimelineInput& in, std::int64_t s) { return in.atStep < s; }) -
        m_inputs.begin());
}

void Timeline::applyStateInputsAt(std::int64_t step) {
    for (std::size_t i = firstInputAt(step); i < m_inputs.size() && m_inputs[i].atStep == step; ++i) {
        if (!isForce(m_inputs[i].action)) {
            applyInput(m_world, m_inputs[i].action);
        }
    }
}

// Branching at step s (see the file comment): the old future is the inputs after s, the forces at s (they
// were for the old step s + 1) and the checkpoints after s.
void Timeline::branch() {
    const std::int64_t s = step();
    std::vector<TimelineInput> kept;
    kept.reserve(m_inputs.size());
    for (TimelineInput& in : m_inputs) {
        if (in.atStep < s || (in.atStep == s && !isForce(in.action))) {
            kept.push_back(std::move(in));
        }
    }
    m_inputs = std::move(kept);
    while (m_checkpoints.size() > 1 && m_checkpoints.back().step > s) {
        m_checkpoints.pop_back();
    }
    m_head = s;
}

void Timeline::addInput(const InputAction& action) {
    touch();
    if (step() < m_head) {
        branch();
    }
    m_inputs.push_back(TimelineInput{step(), action});
    if (!isForce(action)) {
        applyInput(m_world, action);
    }
}

const StepReport& Timeline::stepForward() {
    touch();
    const std::int64_t s = step();
    for (std::size_t i = firstInputAt(s); i < m_inputs.size() && m_inputs[i].atStep == s; ++i) {
        if (isForce(m_inputs[i].action)) {
            applyInput(m_world, m_inputs[i].action);
        }
    }
    m_world.step();
    afterStep({});
    return m_world.lastReport();
}

void Timeline::afterStep(WorldSnapshot taken) {
    m_head = std::max(m_head, step());
    maybeCheckpoint(std::move(taken));
    applyStateInputsAt(step());
}

void Timeline::dropFuture() {
    touch();
    if (step() < m_head) {
        branch();
    }
}

std::vector<InputForce> Timeline::forcesAt(std::int64_t step) const {
    std::vector<InputForce> forces;
    for (std::size_t i = firstInputAt(step); i < m_inputs.size() && m_inputs[i].atStep == step; ++i) {
        if (const auto* f = std::get_if<InputForce>(&m_inputs[i].action)) {
            forces.push_back(*f);
        }
    }
    return forces;
}

bool Timeline::checkpointDue() const {
    const std::int64_t next = step() + 1;
    if ((next - m_startStep) % m_interval != 0) {
        return false;
    }
    return !std::binary_search(m_checkpoints.begin(), m_checkpoints.end(), next,
                               [](const auto& a, const auto& b) { return stepOf(a) < stepOf(b); });
}

World Timeline::adoptStep(World&& stepped, WorldSnapshot checkpoint) {
    touch();
    assert(stepped.stepCount() == step() + 1);
    World before = std::move(m_world);
    m_world = std::move(stepped);
    m_world.setThreadCount(m_options.threads);
    afterStep(std::move(checkpoint));
    return before;
}

void Timeline::maybeCheckpoint(WorldSnapshot taken) {
    const std::int64_t s = step();
    if ((s - m_startStep) % m_interval != 0) {
        return;
    }
    const auto at = std::lower_bound(m_checkpoints.begin(), m_checkpoints.end(), s,
                                     [](const Checkpoint& c, std::int64_t step) { return c.step < step; });
    if (at != m_checkpoints.end() && at->step == s) {
        return; // replaying a stretch that has its checkpoints already
    }
    Checkpoint cp{s, taken.empty() ? m_world.snapshot() : std::move(taken), 0};
    cp.bytes = cp.snapshot.memoryBytes();
    m_checkpoints.insert(at, std::move(cp));
    thinCheckpoints();
}

void Timeline::thinCheckpoints() {
    while (checkpointBytes() > m_options.checkpointBudgetBytes && m_checkpoints.size() > 1) {
        m_interval *= 2;
        const std::int64_t oldest = m_checkpoints.front().step; // stays: the earliest step a seek reaches
        std::erase_if(m_checkpoints, [this, oldest](const Checkpoint& c) {
            return c.step != oldest && (c.step - m_startStep) % m_interval != 0;
        });
    }
}

void Timeline::seek(std::int64_t target) {
    touch();
    target = std::max(target, earliestStep());
    if (target == step()) {
        return;
    }
    // The newest checkpoint at or before the target (the start's at least).
    auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), target,
                               [](std::int64_t t, const Checkpoint& c) { return t < c.step; });
    assert(it != m_checkpoints.begin());
    const Checkpoint& from = *(it - 1);
    if (target < step() || from.step > step()) {
        m_world.restore(from.snapshot);
        applyStateInputsAt(from.step);
        m_lastReplayStart = from.step;
        m_lastReplaySteps = target - from.step;
    }
    while (step() < target) {
        stepForward();
    }
}

World Timeline::worldAt(std::int64_t target) const {
    // seek() on a copy of the World: the same restore, the same inputs at the same steps.
    target = std::max(target, earliestStep());
    World world(m_world);
    auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), target,
                               [](std::int64_t t, const Checkpoint& c) { return t < c.step; });
    assert(it != m_checkpoints.begin());
    const Checkpoint& from = *(it - 1);
    const auto inputsAt = [&](std::int64_t at, bool forces) {
        for (std::size_t i = firstInputAt(at); i < m_inputs.size() && m_inputs[i].atStep == at; ++i) {
            if (isForce(m_inputs[i].action) == forces) {
                applyInput(world, m_inputs[i].action);
            }
        }
    };
    if (target < step() || from.step > step()) {
        world.restore(from.snapshot);
        inputsAt(from.step, false);
    }
    while (world.stepCount() < target) {
        inputsAt(world.stepCount(), true);
        world.step();
        inputsAt(world.stepCount(), false);
    }
    return world;
}

void Timeline::forgetBefore(std::int64_t step) {
    touch();
    // Keep the newest checkpoint at or before `step` (a seek to `step` starts there) and everything after.
    std::size_t keep = 0;
    while (keep + 1 < m_checkpoints.size() && m_checkpoints[keep + 1].step <= step) {
        ++keep;
    }
    m_checkpoints.erase(m_checkpoints.begin(), m_checkpoints.begin() + static_cast<std::ptrdiff_t>(keep));
}

WorldSettings Timeline::settingsAt(std::int64_t step) const {
    WorldSettings settings = m_startSettings;
    for (const TimelineInput& in : m_inputs) {
        if (in.atStep > step) {
            break;
        }
        if (const auto* s = std::get_if<InputSettings>(&in.action)) {
            settings = s->settings;
        }
    }
    return settings;
}

std::int64_t Timeline::checkpointStep(int index) const {
    return m_checkpoints[static_cast<std::size_t>(index)].step;
}

std::size_t Timeline::checkpointBytes() const {
    std::size_t bytes = 0;
    for (const Checkpoint& c : m_checkpoints) {
        bytes += c.bytes;
    }
    return bytes;
}

std::size_t Timeline::memoryBytes() const {
    std::size_t bytes = sizeof(Timeline) - sizeof(World) + m_world.memoryBytes() + checkpointBytes() +
                        m_inputs.capacity() * sizeof(TimelineInput) +
                        m_checkpoints.capacity() * sizeof(Checkpoint);
    for (const TimelineInput& in : m_inputs) {
        if (const auto* r = std::get_if<InputReplaceBody>(&in.action)) {
            bytes += r->def.shapes.capacity() * sizeof(ShapeDef) + r->def.name.capacity();
        }
    }
    return bytes;
}

} // namespace phys
