#include "simulation_controller.h"

#include "sim_overlay.h"
#include "sim_particles.h"
#include "sim_worker.h"

#include "physics/pair_estimate.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <variant>

namespace cl {

namespace {

double angleOf(phys::Rot q) {
    return std::atan2(q.s, q.c);
}

/// Wraps an angle difference into (-pi, pi].
double wrapAngle(double a) {
    while (a > phys::kPi) {
        a -= 2.0 * phys::kPi;
    }
    while (a <= -phys::kPi) {
        a += 2.0 * phys::kPi;
    }
    return a;
}

bool samePose(const phys::BodyDef& a, const phys::BodyDef& b) {
    return a.position == b.position && a.angle == b.angle;
}

bool sameVelocity(const phys::BodyDef& a, const phys::BodyDef& b) {
    return a.linearVelocity == b.linearVelocity && a.angularVelocity == b.angularVelocity;
}

/// Everything of a body definition but its pose and velocities.
bool sameBodyApartFromState(const phys::BodyDef& a, const phys::BodyDef& b) {
    if (a.name != b.name || a.type != b.type || a.bullet != b.bullet || a.shapes.size() != b.shapes.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.shapes.size(); ++i) {
        const phys::ShapeDef& s = a.shapes[i];
        const phys::ShapeDef& t = b.shapes[i];
        if (s.density != t.density || s.friction != t.friction || s.restitution != t.restitution ||
            s.geometry.index() != t.geometry.index()) {
            return false;
        }
        if (const auto* c = std::get_if<phys::Circle>(&s.geometry)) {
            const auto& d = std::get<phys::Circle>(t.geometry);
            if (c->center != d.center || c->radius != d.radius) {
                return false;
            }
        } else {
            const auto& p = std::get<phys::Polygon>(s.geometry);
            const auto& q = std::get<phys::Polygon>(t.geometry);
            if (p.count() != q.count()) {
                return false;
            }
            for (int v = 0; v < p.count(); ++v) {
                if (p.vertex(v) != q.vertex(v)) {
                    return false;
                }
            }
        }
    }
    return true;
}

} // namespace

SimulationController::SimulationController(Document* document, QObject* parent)
    : QObject(parent), m_document(document), m_timer(new QTimer(this)),
      m_worker(std::make_unique<SimWorker>()) {
    setObjectName(QStringLiteral("simulationController"));
    m_timer->setInterval(kTimerMilliseconds);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &SimulationController::onTimer);
    m_settings = m_document->scene().def.settings;
    connect(m_document, &Document::sceneReset, this, [this] {
        m_settings = m_document->scene().def.settings;
        emit settingsChanged();
        onStructureChanged(true);
    });
    // Inside a body batch (deleting or duplicating many bodies, and its undo) the World is rebuilt once, when
    // the batch ends: a rebuild per body made such an edit quadratic in the scene's size.
    const auto structureEdited = [this](BodyKey) {
        if (m_document->inBodyBatch()) {
            m_structurePending = m_structurePending || m_simulating;
            return;
        }
        onStructureChanged();
    };
    connect(m_document, &Document::bodyInserted, this, structureEdited);
    connect(m_document, &Document::bodyRemoved, this, structureEdited);
    connect(m_document, &Document::bodyBatchEnded, this, [this] {
        if (std::exchange(m_structurePending, false)) {
            onStructureChanged();
        }
    });
    connect(m_document, &Document::bodyChanged, this, &SimulationController::onBodyChanged);
    connect(m_document, &Document::settingsChanged, this, &SimulationController::onDocumentSettingsChanged);
}

SimulationController::~SimulationController() {
    if (m_pending) {
        m_pending->abandon(); // the worker stops reading the World before it goes (no signals from here)
    }
    if (m_ahead) {
        m_ahead->abandon();
    }
}

// ----------------------------------------------------------------------------------------------------------------
// Mode, clock

void SimulationController::setSimulating(bool simulating) {
    if (simulating == m_simulating) {
        return;
    }
    if (simulating) {
        m_simulating = true;
        rebuild();
    } else {
        cancelStep();
        pause();
        endGrab(false);
        m_simulating = false;
        m_timeline.reset();
        m_history.clear();
        m_cursor = 0;
        m_chosen.reset();
        setWarning(QString());
    }
    emit simulatingChanged(m_simulating);
    emit frameChanged();
}

void SimulationController::setExternalClock(bool external) {
    m_externalClock = external;
    if (external) {
        m_timer->stop();
    } else if (m_playing) {
        m_clock.start();
        m_timer->start();
    }
}

void SimulationController::play() {
    if (!m_simulating || m_playing) {
        return;
    }
    m_playing = true;
    m_accumulator = 0.0;
    if (!m_externalClock) {
        m_clock.start();
        m_timer->start();
    }
    emit playingChanged(true);
}

void SimulationController::pause() {
    if (!m_playing) {
        return;
    }
    m_playing = false;
    dropAhead();
    m_timer->stop();
    m_accumulator = 0.0;
    m_alpha = 1.0;
    m_slowWarning.clear();
    setWarning(QString());
    emit playingChanged(false);
    emit frameChanged();
}

void SimulationController::togglePlay() {
    if (m_playing) {
        pause();
    } else {
        play();
    }
}

void SimulationController::onTimer() {
    const double seconds = static_cast<double>(m_clock.nsecsElapsed()) * 1e-9;
    m_clock.restart();
    advance(seconds);
}

void SimulationController::setTimeScale(double scale) {
    m_timeScale = std::clamp(scale, kMinTimeScale, kMaxTimeScale);
}

void SimulationController::advance(double realSeconds) {
    if (!m_simulating || !m_timeline) {
        return;
    }
    if (!m_playing) {
        m_alpha = 1.0;
        emit frameChanged();
        return;
    }
    const double dt = m_settings.timeStep;
    if (m_pending) {
        // A step runs on the worker: nothing to redraw (the frame shown is drawn already; a heavy scene's
        // repaint is not free), and no debt builds up meanwhile.
        m_accumulator = 0.0;
        return;
    }
    m_accumulator += std::clamp(realSeconds, 0.0, kMaxFrameSeconds) * m_timeScale;
    QElapsedTimer wall;
    wall.start();
    int steps = 0;
    bool overloaded = false;
    while (m_accumulator >= dt) {
        if (steps >= kMaxStepsPerFrame ||
            static_cast<double>(wall.nsecsElapsed()) * 1e-9 > kFrameBudgetSeconds) {
            overloaded = true;
            break;
        }
        advanceOne();
        m_accumulator -= dt;
        ++steps;
        if (m_pending) {
            overloaded = true; // the step runs on; its result comes with the worker's post
            break;
        }
    }
    if (overloaded) {
        // Never let the debt grow: drop it and say so, instead of freezing the UI to catch up.
        m_accumulator = std::fmod(m_accumulator, dt);
        const SimFrame* f = currentFrame();
        const double cost = f ? f->stepSeconds : 0.0;
        const double speed = 100.0 * steps * dt / std::max(realSeconds * m_timeScale, 1e-9);
        m_slowWarning = tr("Slower than real time: a step takes %1 ms, running at about %2 % speed")
                            .arg(QString::number(cost * 1e3, 'f', 1))
                            .arg(QString::number(std::min(speed, 100.0), 'f', 0));
        m_goodFrames = 0;
        setWarning(m_slowWarning);
    } else if (!m_slowWarning.isEmpty() && ++m_goodFrames > 30) {
        m_slowWarning.clear();
        setWarning(QString());
    }
    m_alpha = std::clamp(m_accumulator / dt, 0.0, 1.0);
    stepAhead(); // the next step runs while this frame is drawn
    emit frameChanged();
}

void SimulationController::advanceOne() {
    if (m_cursor < headStep()) {
        ++m_cursor; // replay the recorded frame: exactly what was computed
        if (isGrabbing()) {
            materialize();
        }
        return;
    }
    stepWorld();
}

void SimulationController::stepForward() {
    if (!m_simulating) {
        return;
    }
    pause();
    if (m_pending) {
        return; // one step at a time: the one running is the step asked for
    }
    if (m_cursor < headStep() && !isGrabbing()) {
        ++m_cursor;
    } else {
        materialize();
        stepWorld();
    }
    m_alpha = 1.0;
    emit frameChanged();
}

void SimulationController::stepBack() {
    if (!m_simulating) {
        return;
    }
    pause();
    if (m_pending) {
        cancelStep(); // back to the frame before the step running: that is one step back
        m_alpha = 1.0;
        emit frameChanged();
        return;
    }
    if (m_cursor > firstStep()) {
        --m_cursor;
        if (isGrabbing()) {
            endGrab(false);
        }
    } else {
        setWarning(tr("This is the oldest frame the history holds"));
    }
    m_alpha = 1.0;
    emit frameChanged();
}

void SimulationController::seek(std::int64_t step) {
    if (!m_simulating) {
        return;
    }
    pause();
    if (m_pending) {
        cancelStep();
    }
    const std::int64_t target = std::clamp(step, firstStep(), headStep());
    if (target != m_cursor) {
        m_cursor = target;
        if (isGrabbing()) {
            endGrab(false);
        }
    }
    m_alpha = 1.0;
    emit frameChanged();
}

void SimulationController::reset() {
    if (!m_simulating) {
        return;
    }
    pause();
    rebuild();
    emit frameChanged();
}

void SimulationController::setWarning(const QString& warning) {
    if (warning == m_warning) {
        return;
    }
    m_warning = warning;
    emit warningChanged(m_warning);
}

// ----------------------------------------------------------------------------------------------------------------
// World, inputs, history

void SimulationController::setThreadCount(int threads) {
    m_threads = std::max(0, threads);
    // The worker steps the head World in place only while the UI waits for it, so here the head World is
    // the UI's; a step running on a copy gets the count when it is taken (takeStep).
    if (m_timeline) {
        m_timeline->setThreadCount(m_threads);
    }
}

void SimulationController::setHistoryBudgetBytes(std::size_t bytes) {
    bytes = std::clamp(bytes, kMinHistoryBudgetBytes, kMaxHistoryBudgetBytes);
    if (bytes == m_historyBudget) {
        return;
    }
    m_historyBudget = bytes;
    if (!m_simulating || m_history.isEmpty()) {
        return; // the next run is sized by it
    }
    updateCapacity();
    // The frames that went are gone for good: the frame shown is clamped to the oldest one kept, and the
    // checkpoints before it are not needed (as when the ring drops a frame in takeStep).
    if (m_cursor < firstStep()) {
        m_cursor = firstStep();
        if (isGrabbing()) {
            endGrab(false);
        }
    }
    m_timeline->forgetBefore(firstStep());
    m_alpha = 1.0;
    emit frameChanged();
}

phys::World SimulationController::buildWorld() const {
    phys::World world(m_base.settings);
    world.setThreadCount(m_threads);
    world.setReportFlags(phys::kReportNone);
    world.reserve(m_base.bodies);
    for (const phys::BodyDef& def : m_base.bodies) {
        (void)world.createBody(def); // document bodies are validated; a failure leaves the slot unused
    }
    return world;
}

void SimulationController::rebuild() {
    cancelStep();
    endGrab(false);
    m_base.settings = m_settings;
    m_base.bodies.clear();
    m_slotKeys.clear();
    m_slotOfKey.clear();
    m_docDefs.clear();
    for (int i = 0; i < m_document->bodyCount(); ++i) {
        const BodyKey key = m_document->keyAt(i);
        const phys::BodyDef& def = m_document->body(key);
        if (phys::validate(def, "body")) {
            continue; // cannot happen for a loaded document; never hand the engine an invalid body
        }
        m_slotOfKey.insert(key, static_cast<int>(m_base.bodies.size()));
        m_slotKeys.push_back(key);
        m_base.bodies.push_back(def);
        m_docDefs.push_back(def);
    }
    phys::Timeline::Options options;
    options.checkpointBudgetBytes = m_historyBudget / kCheckpointBudgetDivisor;
    options.minCheckpointInterval = kMinCheckpointSteps;
    options.threads = m_threads;
    m_timeline = std::make_unique<phys::Timeline>(buildWorld(), options);
    m_slotDefs = m_base.bodies;
    m_history.clear();
    m_chosen.reset();
    updateCapacity();
    refreshSlotShapes();
    recordSimFrame(m_timeline->world(), m_history.push());
    m_cursor = 0;
    m_accumulator = 0.0;
    m_alpha = 1.0;

    // Arrows to scale: 0.4 m for the impulse that holds the mean dynamic body up for one step (m g dt).
    double massSum = 0.0;
    int dynamicCount = 0;
    const phys::World& world = m_timeline->world();
    for (const phys::BodyId id : world.bodyIds()) {
        if (world.type(id) == phys::BodyType::Dynamic) {
            massSum += world.massData(id).mass;
            ++dynamicCount;
        }
    }
    const double g = std::max(phys::length(m_settings.gravity), 1.0);
    const double typical = dynamicCount > 0 ? massSum / dynamicCount * g * m_settings.timeStep : 1.0;
    m_impulseScale = typical > 0.0 ? 0.4 / typical : 1.0;
    m_estimatedPairs = estimateContactPairs(world);
    setWarning(heavyWarning());
    emit worldRebuilt();
    emit settingsChanged();
}

std::int64_t SimulationController::estimateContactPairs(const phys::World& world, std::int64_t cap) {
    return phys::estimateContactPairs(world, cap);
}

QString SimulationController::heavyWarning() const {
    if (m_estimatedPairs <= kHeavyPairCount) {
        return {};
    }
    const QString count = m_estimatedPairs >= kPairCountCap ? tr("more than %L1").arg(kPairCountCap)
                                                            : tr("about %L1").arg(m_estimatedPairs);
    // Short enough for the simulation toolbar at 1280 px. Play and Step ask before the first step of such a
    // run (SimulationUi::confirmHeavyRun); the steps run on the worker thread, with progress and Cancel.
    return tr("Heavy scene: %1 contact pairs (over %L2): each step may take seconds")
        .arg(count)
        .arg(kHeavyPairCount);
}

void SimulationController::refreshSlotShapes() {
    m_shapes.clear();
    m_shapeRanges.assign(m_slotDefs.size(), {0, 0});
    for (std::size_t slot = 0; slot < m_slotDefs.size(); ++slot) {
        m_shapeRanges[slot] = {static_cast<int>(m_shapes.size()),
                               static_cast<int>(m_slotDefs[slot].shapes.size())};
        for (const phys::ShapeDef& shape : m_slotDefs[slot].shapes) {
            m_shapes.push_back(shape.geometry);
        }
    }
}

void SimulationController::updateCapacity() {
    // At least kHistorySeconds at the smallest step used, within the memory budget.
    const double dt = std::max(m_settings.timeStep, 1e-4);
    int wanted = static_cast<int>(std::ceil(kHistorySeconds / dt)) + 2;
    const std::size_t perFrame =
        sizeof(SimFrame) + m_base.bodies.size() * (sizeof(SimBodyState) + 2 * 2 * sizeof(SimContactPoint));
    const std::size_t frameBudget = m_historyBudget - m_historyBudget / kCheckpointBudgetDivisor;
    const int affordable = static_cast<int>(
        std::min<std::size_t>(frameBudget / std::max<std::size_t>(perFrame, 1), std::size_t{1} << 24));
    wanted = std::max(wanted,
                      m_history.capacity() > wanted && m_history.size() > 0 ? m_history.capacity() : wanted);
    m_history.setCapacity(std::max(2, std::min(wanted, affordable)));
}

phys::WorldSettings SimulationController::settingsForStep(std::int64_t step) const {
    // Step `step` ran after the inputs logged at step - 1 and before.
    return m_timeline ? m_timeline->settingsAt(step - 1) : m_settings;
}

double SimulationController::historySeconds() const {
    return (m_history.capacity() - 1) * m_settings.timeStep;
}

std::int64_t SimulationController::headStep() const {
    return m_history.isEmpty() ? 0 : m_history.lastStep();
}

std::int64_t SimulationController::firstStep() const {
    return m_history.isEmpty() ? 0 : m_history.firstStep();
}

double SimulationController::currentTime() const {
    const SimFrame* f = currentFrame();
    return f ? f->time : 0.0;
}

std::uint64_t SimulationController::stateHash() const {
    const SimFrame* f = currentFrame();
    return f ? f->hash : 0;
}

void SimulationController::rerecordHead() {
    // The head frame is the one the World is at; after an input it shows the new state (and its hash).
    if (SimFrame* f = const_cast<SimFrame*>(m_history.find(headStep()))) {
        const double cost = f->stepSeconds;
        recordSimFrame(m_timeline->world(), *f);
        f->stepSeconds = cost;
    }
}

// Rebuild at the cursor (see the file comment): the Timeline restores its newest checkpoint at or before it
// and replays the logged inputs, then drops the old future; here the hash check and the frames.
void SimulationController::materialize() {
    cancelStep();
    if (!m_timeline || m_cursor >= headStep()) {
        return;
    }
    const std::int64_t target = m_cursor;
    const std::uint64_t expected = stateHash();
    m_timeline->seek(target);
    m_timeline->dropFuture();
    m_history.truncateAfter(target);
    // Slot definitions may have changed in the dropped future (a replaced body): take them from the log.
    m_slotDefs = m_base.bodies;
    for (const SimInput& in : m_timeline->inputs()) {
        if (const auto* r = std::get_if<SimInputReplaceBody>(&in.action)) {
            m_slotDefs[static_cast<std::size_t>(r->slot)] = r->def;
        }
    }
    refreshSlotShapes();
    const phys::WorldSettings before = m_settings;
    m_settings = m_timeline->world().settings();
    if (m_timeline->world().stateHash() != expected) {
        setWarning(tr("Replay differs from the recorded frame %1 (the engine is not deterministic here)")
                       .arg(target));
    }
    if (!(before.timeStep == m_settings.timeStep && before.solver == m_settings.solver &&
          before.iterations == m_settings.iterations)) {
        updateCapacity();
    }
    emit settingsChanged();
}

void SimulationController::input(const SimInputAction& action) {
    materialize(); // (drops a step running on the worker first)
    m_timeline->addInput(action);
    if (!std::holds_alternative<SimInputForce>(action)) {
        rerecordHead();
    }
}

void SimulationController::stepWorld() {
    if (m_pending) {
        return;
    }
    if (takeAhead()) {
        return;
    }
    auto job = std::make_shared<SimStepJob>();
    const phys::World& world = m_timeline->world();
    // A small World is stepped in place (the Timeline's stepForward) while the UI waits; a bigger one on a
    // copy, which Cancel can drop, adopted by the Timeline when taken.
    const bool small = world.shapeSlotCount() <= m_syncShapes;
    if (small) {
        job->inPlace = m_timeline.get();
    } else {
        job->source = &world;
        job->checkpoint = m_timeline->checkpointDue();
    }
    if (isGrabbing() && m_playing) {
        // Mouse spring (Box2D's mouse joint as a force): a = w^2 (target - p) - 2 zeta w v_p, on the body's
        // effective mass at the point, capped; it is a force, so the body still collides on its way.
        const phys::BodyId id = world.idOfSlot(m_grabSlot);
        if (world.isValid(id)) {
            const phys::Transform xf = world.transform(id);
            const phys::Vec2 p = phys::transformPoint(xf, m_grabLocal);
            const phys::Vec2 vp = world.velocityAtPoint(id, p);
            const double omega = 2.0 * phys::kPi * kGrabHertz;
            phys::Vec2 a = omega * omega * (m_grabTarget - p) - 2.0 * kGrabDampingRatio * omega * vp;
            const double len = phys::length(a);
            if (len > kGrabMaxAcceleration) {
                a = (kGrabMaxAcceleration / len) * a;
            }
            const phys::BodyState b = world.bodyState(m_grabSlot);
            const phys::Vec2 r = p - b.center;
            const double inv = b.invMass + b.invInertia * phys::lengthSquared(r);
            const double effectiveMass = inv > 0.0 ? 1.0 / inv : 0.0;
            // Gravity on the grabbed body is carried by the spring too (else it sags by g / w^2).
            const phys::Vec2 force = effectiveMass * a - b.mass * m_settings.gravity;
            // In place: logged at the head now (the Timeline applies it before the step). On a copy: applied
            // to the copy and logged when the step is taken (a cancelled step leaves the log as it was).
            const SimInputForce in{m_grabSlot, force, p};
            if (small) {
                m_timeline->addInput(in);
            } else {
                job->inputs.push_back(in);
            }
        }
    }
    // The worker runs `finished` on its thread; the queued call runs here, never after this object is gone
    // (it is the call's context, and the worker is joined before the object dies).
    m_worker->submit(job, [this, job] {
        QMetaObject::invokeMethod(
            this, [this, job] { onStepPosted(job); }, Qt::QueuedConnection);
    });
    const double wait = small ? -1.0 : m_stepWait; // 0: not waited for at all
    if (wait != 0.0 && job->waitDone(wait)) {
        takeStep(*job);
        return;
    }
    m_pending = job;
    m_pendingClock.start();
    emit steppingChanged(true);
}

// Pipelining (the frame's draw and the next step on two cores):
//   after a playing frame's steps:  if at the head, not grabbing and nothing started yet:
//                                     job = {copy the head World, step the copy}; submit; wait for the copy
//                                     remember the Timeline's revision
//   the next step (stepWorld):      a job started ahead, the Timeline at that revision, no grab force:
//                                     it is this step: taken as stepWorld takes a step on a copy (a small
//                                     World's waited for; a bigger one's up to stepWait(), else it goes on
//                                     running as the pending step)
//                                   else: dropped, and the step is made as usual
// The copy's step is the head World's step (a World copies exactly: tst_world_copy), and an unchanged revision
// means no input, seek or rebuild came in between: the frames are the ones stepping in place gives.
void SimulationController::stepAhead() {
    if (!m_playing || m_pending || m_ahead || !m_timeline || isGrabbing() || m_cursor != headStep()) {
        return;
    }
    const phys::World& world = m_timeline->world();
    if (world.shapeSlotCount() > m_syncShapes && m_stepWait == 0.0) {
        return; // such a step is asked to come through the event loop only (tests): it starts when asked
    }
    if (const SimFrame* head = frame(headStep()); !head || head->stepSeconds > kAheadMaxStepSeconds) {
        return; // a heavy World: its copy would hold the UI (kAheadMaxStepSeconds)
    }
    auto job = std::make_shared<SimStepJob>();
    job->source = &world;
    job->checkpoint = m_timeline->checkpointDue();
    // Posted like any step on a copy: onStepPosted takes it only if it became the pending step.
    m_worker->submit(job, [this, job] {
        QMetaObject::invokeMethod(
            this, [this, job] { onStepPosted(job); }, Qt::QueuedConnection);
    });
    job->waitCopied(); // from here the UI may change its World: the job steps its own copy
    m_ahead = std::move(job);
    m_aheadRevision = m_timeline->revision();
    m_aheadTimeline = m_timeline.get();
}

bool SimulationController::takeAhead() {
    if (!m_ahead) {
        return false;
    }
    const bool valid = m_timeline && m_timeline.get() == m_aheadTimeline &&
                       m_timeline->revision() == m_aheadRevision && m_cursor == headStep() &&
                       !(isGrabbing() && m_playing);
    if (!valid) {
        dropAhead();
        ++m_aheadDropped;
        return false;
    }
    std::shared_ptr<SimStepJob> job = std::move(m_ahead);
    m_ahead.reset();
    const bool small = m_timeline->world().shapeSlotCount() <= m_syncShapes;
    const double wait = small ? -1.0 : m_stepWait;
    if (job->done() || (wait != 0.0 && job->waitDone(wait))) {
        if (!job->world) {
            return false; // stopped by its cancel flag: never, nothing but dropAhead sets it
        }
        takeStep(*job);
        ++m_aheadTaken;
        return true;
    }
    ++m_aheadTaken;
    m_pending = std::move(job); // runs on; taken when posted (onStepPosted), as stepWorld's own would be
    m_pendingClock.start();
    emit steppingChanged(true);
    return true;
}

void SimulationController::dropAhead() {
    if (!m_ahead) {
        return;
    }
    abandonJob(std::exchange(m_ahead, nullptr));
}

void SimulationController::abandonJob(const std::shared_ptr<SimStepJob>& job) {
    job->abandon();
    if (job->done()) {
        m_worker->dispose(std::move(job->world)); // finished just now: free it where it was made
    }
}

void SimulationController::onStepPosted(const std::shared_ptr<SimStepJob>& job) {
    if (job != m_pending) {
        return; // taken while the UI waited, or cancelled
    }
    m_pending.reset();
    takeStep(*job);
    emit steppingChanged(false);
    emit stepFinished(m_cursor);
    if (m_playing) {
        m_clock.restart(); // the time spent waiting is not owed to the simulation
    }
    m_alpha = 1.0;
    emit frameChanged();
}

void SimulationController::cancelStep() {
    if (!m_pending) {
        return;
    }
    abandonJob(std::exchange(m_pending, nullptr));
    const std::int64_t step = headStep() + 1;
    setWarning(tr("Step %L1 cancelled: back at frame %L2").arg(step).arg(headStep()));
    emit steppingChanged(false);
    emit stepCancelled(step);
    emit frameChanged();
}

bool SimulationController::isStepping() const {
    return m_pending != nullptr;
}

std::int64_t SimulationController::steppingStep() const {
    return m_pending ? headStep() + 1 : 0;
}

double SimulationController::steppingSeconds() const {
    return m_pending ? static_cast<double>(m_pendingClock.nsecsElapsed()) * 1e-9 : 0.0;
}

void SimulationController::takeStep(SimStepJob& job) {
    if (job.world) {
        // The grab force the copy was given, logged now that its step is taken; then the stepped copy and
        // its checkpoint (if one was due) go to the Timeline, and the World of the frame before is freed
        // off the UI thread. (A job stepped in place went through Timeline::stepForward.)
        for (const SimInputForce& force : job.inputs) {
            m_timeline->addInput(force);
        }
        m_worker->dispose(std::make_unique<phys::World>(
            m_timeline->adoptStep(std::move(*job.world), std::move(job.checkpointSnapshot))));
        job.world.reset();
    }
    SimFrame& frame = m_history.push();
    std::swap(frame, job.frame); // the job takes the recycled vectors with it
    frame.stepSeconds = job.stepSeconds;
    m_cursor = frame.step;
    // A rebuild starts at or after the oldest frame held: the checkpoints before it are not needed.
    m_timeline->forgetBefore(firstStep());
    if (isGrabbing()) {
        m_targetTrail.emplace_back(m_cursor, m_grabTarget);
        if (m_targetTrail.size() > 16) {
            m_targetTrail.erase(m_targetTrail.begin(), m_targetTrail.end() - 16);
        }
    }
    if (!m_timeline->world().lastReport().escaped.empty()) {
        const std::size_t escaped = m_timeline->world().lastReport().escaped.size();
        setWarning(escaped == 1 ? tr("1 body left the world and was frozen")
                                : tr("%1 bodies left the world and were frozen").arg(escaped));
    }
}

bool SimulationController::setSettings(const phys::WorldSettings& settings, QString* error) {
    if (auto e = phys::validate(settings, "settings")) {
        if (error) {
            *error = QString::fromStdString(e->path + ": " + e->message);
        }
        return false;
    }
    if (!m_simulating || !world()) {
        m_settings = settings;
        emit settingsChanged();
        return true;
    }
    const bool stepChanged = settings.timeStep != m_settings.timeStep;
    input(SimInputSettings{settings});
    m_settings = settings;
    if (stepChanged) {
        updateCapacity();
    }
    emit settingsChanged();
    emit frameChanged();
    return true;
}

// ----------------------------------------------------------------------------------------------------------------
// Document changes while simulating

void SimulationController::onStructureChanged(bool newScene) {
    if (!m_simulating) {
        return;
    }
    pause();
    rebuild();
    ++m_structureRebuilds;
    const QString heavy = heavyWarning();
    // A file, sample, lesson or recovered scene replaces the document (sceneReset): nothing was edited.
    setWarning((newScene ? tr("Another scene was opened: the simulation starts from its first step")
                         : tr("The scene changed: the simulation restarted from the edited scene")) +
               (heavy.isEmpty() ? QString() : QStringLiteral(". ") + heavy));
    emit frameChanged();
}

void SimulationController::onDocumentSettingsChanged() {
    if (!m_simulating) {
        m_settings = m_document->scene().def.settings;
        emit settingsChanged();
        return;
    }
    pause();
    setSettings(m_document->scene().def.settings);
}

// An edit of one body while simulating (the inspector): pause first, then give the World what changed. A
// changed pose or velocity moves that body where it is; any other change replaces the body, keeping the
// simulated pose and velocities the edit did not touch.
void SimulationController::onBodyChanged(BodyKey key) {
    if (!m_simulating || !m_document->contains(key)) {
        return;
    }
    const int slot = slotOf(key);
    if (slot < 0) {
        onStructureChanged();
        return;
    }
    pause();
    materialize();
    const phys::BodyDef& now = m_document->body(key);
    phys::BodyDef& before = m_docDefs[static_cast<std::size_t>(slot)];
    const std::optional<phys::BodyDef> live = bodyAt(key);
    if (sameBodyApartFromState(before, now)) {
        if (!samePose(before, now)) {
            input(SimInputPose{slot, now.position, now.angle});
        }
        if (!sameVelocity(before, now)) {
            input(SimInputVelocity{slot, now.linearVelocity, now.angularVelocity});
        }
    } else {
        phys::BodyDef def = now;
        if (live && samePose(before, now)) {
            def.position = live->position;
            def.angle = live->angle;
        }
        if (live && sameVelocity(before, now)) {
            def.linearVelocity = live->linearVelocity;
            def.angularVelocity = live->angularVelocity;
        }
        if (!phys::validate(def, "body")) {
            m_slotDefs[static_cast<std::size_t>(slot)] = def;
            refreshSlotShapes();
            input(SimInputReplaceBody{slot, def});
        }
    }
    before = now;
    emit frameChanged();
}

// ----------------------------------------------------------------------------------------------------------------
// Bodies and contacts

std::optional<phys::BodyDef> SimulationController::bodyAt(BodyKey key) const {
    const int slot = slotOf(key);
    const SimFrame* f = currentFrame();
    if (slot < 0 || !f || slot >= static_cast<int>(f->bodies.size()) ||
        !f->bodies[static_cast<std::size_t>(slot)].alive) {
        return std::nullopt;
    }
    const SimBodyState& s = f->bodies[static_cast<std::size_t>(slot)];
    phys::BodyDef def = m_slotDefs[static_cast<std::size_t>(slot)];
    def.position = s.xf.p;
    def.angle = angleOf(s.xf.q);
    def.linearVelocity = s.linearVelocity;
    def.angularVelocity = s.angularVelocity;
    return def;
}

const SimBodyState* SimulationController::bodyStateAt(BodyKey key) const {
    const int slot = slotOf(key);
    const SimFrame* f = currentFrame();
    if (slot < 0 || !f || slot >= static_cast<int>(f->bodies.size()) ||
        !f->bodies[static_cast<std::size_t>(slot)].alive) {
        return nullptr;
    }
    return &f->bodies[static_cast<std::size_t>(slot)];
}

bool SimulationController::setBodyState(BodyKey key, phys::Vec2 position, double angle,
                                        phys::Vec2 linearVelocity, double angularVelocity, QString* error) {
    auto refuse = [error](const QString& text) {
        if (error) {
            *error = text;
        }
        return false;
    };
    const int slot = slotOf(key);
    std::optional<phys::BodyDef> live = bodyAt(key);
    if (!m_simulating || !world() || slot < 0 || !live) {
        return refuse(tr("the body is not simulated"));
    }
    phys::BodyDef wanted = *live;
    wanted.position = position;
    wanted.angle = angle;
    wanted.linearVelocity = linearVelocity;
    wanted.angularVelocity = angularVelocity;
    if (auto e = phys::validate(wanted, "body")) {
        return refuse(QString::fromStdString(e->path + ": " + e->message));
    }
    const bool poseChanged = !samePose(*live, wanted);
    const bool velocityChanged = !sameVelocity(*live, wanted);
    if (velocityChanged && live->type == phys::BodyType::Static) {
        // The World keeps static bodies still (it ignores a velocity): say so instead of doing nothing.
        return refuse(tr("body.linearVelocity: a static body does not move (make it kinematic)"));
    }
    pause();
    if (poseChanged || velocityChanged) {
        materialize();
        if (poseChanged) {
            input(SimInputPose{slot, wanted.position, wanted.angle});
        }
        if (velocityChanged) {
            input(SimInputVelocity{slot, wanted.linearVelocity, wanted.angularVelocity});
        }
    }
    m_alpha = 1.0;
    emit frameChanged();
    return true;
}

namespace {

/// Slot `slot`'s pose between the frames `before` (null: none) and `now` at `alpha`.
phys::Transform interpolatedTransform(const SimFrame* now, const SimFrame* before, double alpha, int slot) {
    if (!now || slot < 0 || slot >= static_cast<int>(now->bodies.size())) {
        return {};
    }
    const SimBodyState& b = now->bodies[static_cast<std::size_t>(slot)];
    if (!before || slot >= static_cast<int>(before->bodies.size()) ||
        !before->bodies[static_cast<std::size_t>(slot)].alive) {
        return b.xf;
    }
    // Interpolate the pose between the last two steps: the origin linearly, the angle along the short way.
    const SimBodyState& a = before->bodies[static_cast<std::size_t>(slot)];
    const double angleA = angleOf(a.xf.q);
    const double angle = angleA + alpha * wrapAngle(angleOf(b.xf.q) - angleA);
    return phys::Transform{phys::lerp(a.xf.p, b.xf.p, alpha), phys::Rot(angle)};
}

} // namespace

phys::Transform SimulationController::displayTransform(int slot) const {
    const SimFrame* now = currentFrame();
    const SimFrame* before = now && m_alpha < 1.0 ? m_history.find(m_cursor - 1) : nullptr;
    return interpolatedTransform(now, before, m_alpha, slot);
}

void SimulationController::displayTransforms(std::vector<phys::Transform>& out) const {
    const SimFrame* now = currentFrame();
    const SimFrame* before = now && m_alpha < 1.0 ? m_history.find(m_cursor - 1) : nullptr;
    out.resize(now ? now->bodies.size() : 0);
    for (std::size_t slot = 0; slot < out.size(); ++slot) {
        out[slot] = interpolatedTransform(now, before, m_alpha, static_cast<int>(slot));
    }
}

std::optional<SimContactPick> SimulationController::contactAt(phys::Vec2 worldPoint, double radius) const {
    const SimFrame* f = currentFrame();
    if (!f) {
        return std::nullopt;
    }
    const SimContactPoint* best = nullptr;
    double bestScore = radius * radius;
    for (const SimContactPoint& p : f->points) {
        // Touching points win over speculative ones at the same distance.
        const double d2 = phys::distanceSquared(p.point, worldPoint) * (p.depth >= 0.0 ? 1.0 : 2.0);
        if (d2 <= bestScore) {
            bestScore = d2;
            best = &p;
        }
    }
    if (!best) {
        return std::nullopt;
    }
    SimContactPick pick;
    pick.point = *best;
    pick.step = f->step;
    pick.keyA = m_slotKeys[static_cast<std::size_t>(best->bodyA)];
    pick.keyB = m_slotKeys[static_cast<std::size_t>(best->bodyB)];
    // The manifold was computed from the poses at the start of the step: the previous frame.
    const SimFrame* start = m_history.find(f->step - 1);
    const SimFrame* poses = start ? start : f;
    auto place = [&](int slot) {
        phys::BodyDef def = m_slotDefs[static_cast<std::size_t>(slot)];
        const SimBodyState& s = poses->bodies[static_cast<std::size_t>(slot)];
        def.position = s.xf.p;
        def.angle = angleOf(s.xf.q);
        def.linearVelocity = s.linearVelocity;
        def.angularVelocity = s.angularVelocity;
        return def;
    };
    pick.bodyA = place(best->bodyA);
    pick.bodyB = place(best->bodyB);
    pick.time = f->time;
    // The engine's speculative margin: fixed (World::updateContacts), whatever the speeds.
    const phys::WorldSettings settings = settingsForStep(f->step);
    pick.method = settings.contactMethod;
    pick.speculativeDistance = phys::kSpeculativeDistance;
    for (const SimContactPoint& p : f->points) {
        if (p.bodyA == best->bodyA && p.bodyB == best->bodyB && p.shapeA == best->shapeA &&
            p.shapeB == best->shapeB) {
            pick.enginePoints.push_back(p.point);
        }
    }
    return pick;
}

phys::Manifold freshManifold(const SimContactPick& pick) {
    const auto& shapeA = pick.bodyA.shapes[static_cast<std::size_t>(pick.point.shapeA)];
    const auto& shapeB = pick.bodyB.shapes[static_cast<std::size_t>(pick.point.shapeB)];
    return phys::collide(shapeA.geometry, phys::Transform{pick.bodyA.position, phys::Rot(pick.bodyA.angle)},
                         shapeB.geometry, phys::Transform{pick.bodyB.position, phys::Rot(pick.bodyB.angle)},
                         pick.method, pick.speculativeDistance);
}

bool SimulationController::chooseContactAt(phys::Vec2 worldPoint, double radius) {
    std::optional<SimContactPick> pick = contactAt(worldPoint, radius);
    if (!pick) {
        return false;
    }
    m_chosen = std::move(pick);
    emit contactChosen(m_chosen->keyA, m_chosen->keyB);
    return true;
}

// ----------------------------------------------------------------------------------------------------------------
// Grab

bool SimulationController::beginGrab(BodyKey key, phys::Vec2 worldPoint) {
    const int slot = slotOf(key);
    if (!m_simulating || slot < 0) {
        return false;
    }
    materialize();
    const phys::BodyId id = world()->idOfSlot(slot);
    if (!world()->isValid(id) || world()->type(id) != phys::BodyType::Dynamic) {
        return false;
    }
    m_grabSlot = slot;
    m_grabLocal = phys::invTransformPoint(world()->transform(id), worldPoint);
    m_grabTarget = worldPoint;
    m_targetTrail.clear();
    m_targetTrail.emplace_back(m_cursor, worldPoint);
    if (!world()->isAwake(id)) {
        input(SimInputVelocity{slot, world()->linearVelocity(id), world()->angularVelocity(id)}); // wakes it
    }
    emit frameChanged();
    return true;
}

void SimulationController::moveGrab(phys::Vec2 worldTarget) {
    if (!isGrabbing()) {
        return;
    }
    m_grabTarget = worldTarget;
    if (!m_playing) {
        // Paused: the body follows the mouse rigidly (the source's grabbing demo), keeping its angle.
        materialize();
        const phys::BodyId id = world()->idOfSlot(m_grabSlot);
        const phys::Transform xf = world()->transform(id);
        const phys::Vec2 position = worldTarget - phys::rotate(xf.q, m_grabLocal);
        input(SimInputPose{m_grabSlot, position, angleOf(xf.q)});
        emit frameChanged();
    }
}

phys::Vec2 SimulationController::dragVelocity() const {
    if (m_targetTrail.size() < 2) {
        return {};
    }
    const auto& last = m_targetTrail.back();
    const std::size_t back = std::min<std::size_t>(kDragVelocitySteps, m_targetTrail.size() - 1);
    const auto& first = m_targetTrail[m_targetTrail.size() - 1 - back];
    const double seconds = static_cast<double>(last.first - first.first) * m_settings.timeStep;
    if (!(seconds > 0.0)) {
        return {};
    }
    return (1.0 / seconds) * (last.second - first.second);
}

void SimulationController::endGrab(bool throwIt) {
    if (!isGrabbing()) {
        return;
    }
    const int slot = m_grabSlot;
    const phys::Vec2 velocity = dragVelocity();
    m_grabSlot = -1;
    if (throwIt && world() && m_targetTrail.size() >= 2) {
        materialize();
        const phys::BodyId id = world()->idOfSlot(slot);
        input(SimInputVelocity{slot, velocity, world()->angularVelocity(id)});
    }
    m_targetTrail.clear();
    emit frameChanged();
}

phys::Vec2 SimulationController::grabAnchor() const {
    if (!isGrabbing()) {
        return {};
    }
    return phys::transformPoint(displayTransform(m_grabSlot), m_grabLocal);
}

// ----------------------------------------------------------------------------------------------------------------
// Drawing

void SimulationController::fillOverlayFrame(SimOverlayFrame& out) const {
    out.bodies.clear();
    out.contacts.clear();
    out.pairs.clear();
    out.totalContactPoints = 0;
    out.totalPairs = 0;
    out.particles.clear();
    out.constraints.clear();
    out.impulseScale = m_impulseScale;
    out.velocityScale = 0.1;
    const SimFrame* f = currentFrame();
    if (!m_simulating || !f) {
        out.shapes.clear();
        return;
    }
    out.shapes = m_shapes;
    out.bodies.resize(f->bodies.size());
    static thread_local std::vector<phys::Transform> poses;
    displayTransforms(poses);
    for (std::size_t slot = 0; slot < f->bodies.size(); ++slot) {
        const SimBodyState& s = f->bodies[slot];
        SimOverlayBody& b = out.bodies[slot];
        b = SimOverlayBody{};
        if (!s.alive || slot >= m_slotDefs.size()) {
            continue;
        }
        b.xf = slot < poses.size() ? poses[slot]
                                   : phys::Transform{}; // no frame for the slot: as displayTransform
        b.center = phys::transformPoint(b.xf, phys::invTransformPoint(s.xf, s.center));
        b.velocity = s.linearVelocity;
        b.angularVelocity = s.angularVelocity;
        b.firstShape = m_shapeRanges[slot].first;
        b.shapeCount = m_shapeRanges[slot].second;
        b.dynamic = m_slotDefs[slot].type == phys::BodyType::Dynamic;
        b.sleeping = b.dynamic && !s.awake;
    }
    // Only the points and pairs the view draws (kMaxDrawnContactPoints, chosen on the worker): this runs on
    // the UI thread every display frame.
    const auto addContact = [&out](const SimContactPoint& p) {
        SimOverlayContact c;
        c.point = p.point;
        c.normal = p.normal;
        c.depth = p.depth;
        c.normalImpulse = p.normalImpulse;
        c.tangentImpulse = p.tangentImpulse;
        c.persisted = p.persisted;
        c.bodyA = p.bodyA;
        c.bodyB = p.bodyB;
        out.contacts.push_back(c);
    };
    if (f->drawnPoints.empty()) {
        for (const SimContactPoint& p : f->points) {
            addContact(p);
        }
    } else {
        for (const std::uint32_t i : f->drawnPoints) {
            addContact(f->points[i]);
        }
    }
    out.totalContactPoints = f->points.size();
    const std::size_t pairCount = std::min(f->pairs.size(), kMaxDrawnPairs);
    out.pairs.assign(f->pairs.begin(), f->pairs.begin() + static_cast<std::ptrdiff_t>(pairCount));
    out.totalPairs = f->pairs.size();
    // Verlet particles (sim_particles.h): only the World's own step has them (frames do not record them).
    const bool verlet = m_settings.solver == phys::SolverKind::Verlet;
    const bool atWorld = world() && world()->stepCount() == f->step;
    const phys::VerletModel verletModel = verlet && atWorld ? world()->verletModel() : phys::VerletModel{};
    fillVerletOverlay(
        out, !verlet ? VerletView::OtherSolver : (atWorld ? VerletView::Shown : VerletView::PastFrame),
        atWorld ? &verletModel : nullptr,
        [f](int slot) { return f->bodies[static_cast<std::size_t>(slot)].xf; });
}

} // namespace cl
