#include "sim_worker.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace cl {

namespace {

/// A list that outlives one frame's recording, so that the next frame fills the same memory. Made anew each
/// frame, the contact states of 1000 bodies (about 1 MB, past malloc's mmap threshold) came as fresh pages
/// every frame: their page faults were a tenth of the worker's time (perf, contactlab-framebench). A list
/// whose frame needed under a quarter of it is let go, so a heavy moment does not hold memory for the rest
/// of the run.
template <typename T> std::vector<T>& reusedList() {
    static thread_local std::vector<T> list;
    return list;
}

template <typename T> void release(std::vector<T>& list) {
    if (list.size() < list.capacity() / 4) {
        std::vector<T>().swap(list);
    } else {
        list.clear();
    }
}

} // namespace

void recordSimFrame(const phys::World& w, SimFrame& frame) {
    frame.step = w.stepCount();
    frame.time = w.time();
    frame.timeStep = w.stepCount() > 0 ? w.settings().timeStep : 0.0;
    frame.hash = w.stateHash();
    std::vector<phys::BodyState>& bodies = reusedList<phys::BodyState>();
    w.bodyStates(bodies);
    frame.bodies.resize(bodies.size());
    frame.awakeCount = 0;
    frame.sleepingCount = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const phys::BodyState& b = bodies[i];
        SimBodyState& s = frame.bodies[i];
        s.xf = b.xf;
        s.center = b.center;
        s.linearVelocity = b.linearVelocity;
        s.angularVelocity = b.angularVelocity;
        s.alive = b.alive;
        s.awake = b.awake;
        s.enabled = b.enabled;
        if (b.alive && b.type != phys::BodyType::Static) {
            (b.awake ? frame.awakeCount : frame.sleepingCount) += 1;
        }
    }
    release(bodies);
    frame.points.clear();
    frame.pairs.clear();
    std::vector<phys::ContactState>& contacts = reusedList<phys::ContactState>();
    w.contactStates(contacts);
    for (const phys::ContactState& c : contacts) {
        frame.pairs.emplace_back(c.bodyA, c.bodyB);
        for (int p = 0; p < c.manifold.pointCount; ++p) {
            SimContactPoint point;
            point.bodyA = c.bodyA;
            point.bodyB = c.bodyB;
            point.shapeA = c.shapeIndexA;
            point.shapeB = c.shapeIndexB;
            point.point = c.manifold.points[p].point;
            point.normal = c.manifold.normal;
            point.depth = c.manifold.points[p].depth;
            point.persisted = c.points[p].persisted;
            frame.points.push_back(point);
        }
    }
    // The impulses are the step's, from the contact reports (World::contacts(): each substep's accumulated
    // impulse summed over the step, Box2D v3's totalNormalImpulse), not contactStates()'s: those are the
    // solver's warm-start seeds, the last substep's alone, 1/8 of the step's at the default 8 substeps (a
    // box of 1 kg sliding at mu = 0.5 lost m dv = 0.082 N s a step to a friction that read 0.010).
    // contacts() lists the contacts with points in the same order as contactStates(), with the same
    // manifolds, so the k-th reported point is frame.points[k].
    release(contacts);
    std::size_t next = 0;
    for (const phys::ContactReport& r : w.contacts()) {
        for (int p = 0; p < r.pointCount && next < frame.points.size(); ++p, ++next) {
            frame.points[next].normalImpulse = r.points[p].normalImpulse;
            frame.points[next].tangentImpulse = r.points[p].tangentImpulse;
            frame.points[next].recycled = r.recycled;
        }
    }
    frame.drawnPoints.clear();
    if (frame.points.size() > kMaxDrawnContactPoints) {
        // The deepest points, the ones a reader looks for; ties by index, so that every run draws the same.
        frame.drawnPoints.resize(frame.points.size());
        std::iota(frame.drawnPoints.begin(), frame.drawnPoints.end(), 0u);
        const auto deeper = [&frame](std::uint32_t a, std::uint32_t b) {
            const double da = frame.points[a].depth;
            const double db = frame.points[b].depth;
            return da != db ? da > db : a < b;
        };
        std::nth_element(frame.drawnPoints.begin(),
                         frame.drawnPoints.begin() + static_cast<std::ptrdiff_t>(kMaxDrawnContactPoints),
                         frame.drawnPoints.end(), deeper);
        frame.drawnPoints.resize(kMaxDrawnContactPoints);
        std::sort(frame.drawnPoints.begin(), frame.drawnPoints.end()); // drawn in the engine's order
        frame.drawnPoints.shrink_to_fit();
    }
    frame.kineticEnergy = w.kineticEnergy();
    frame.potentialEnergy = w.potentialEnergy();
    frame.linearMomentum = w.linearMomentum();
    frame.angularMomentum = w.angularMomentum();
}

// ------------------------------------------------------------------------------------------------------------
// SimStepJob

bool SimStepJob::done() const {
    std::lock_guard lock(m_mutex);
    return m_done;
}

void SimStepJob::abandon() {
    std::unique_lock lock(m_mutex);
    cancel = true;
    if (m_started) {
        m_changed.wait(lock, [this] { return m_copied; });
    }
}

void SimStepJob::waitCopied() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_copied || m_done; });
}

bool SimStepJob::waitDone(double seconds) {
    std::unique_lock lock(m_mutex);
    if (seconds < 0.0) {
        m_changed.wait(lock, [this] { return m_done; });
        return true;
    }
    return m_changed.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return m_done; });
}

// ------------------------------------------------------------------------------------------------------------
// SimWorker

SimWorker::SimWorker() : m_thread([this] { run(); }) {}

SimWorker::~SimWorker() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        for (const std::shared_ptr<SimStepJob>& job : m_queuedJobs) {
            job->cancel = true;
        }
    }
    m_wake.notify_all();
    m_thread.join();
}

void SimWorker::submit(std::shared_ptr<SimStepJob> job, std::function<void()> finished) {
    {
        std::lock_guard lock(m_mutex);
        m_queuedJobs.push_back(job);
        m_tasks.emplace_back([this, job = std::move(job), finished = std::move(finished)] {
            step(*job);
            {
                std::lock_guard lock(m_mutex);
                std::erase(m_queuedJobs, job);
            }
            if (!job->cancel) {
                finished();
            }
        });
    }
    m_wake.notify_one();
}

void SimWorker::dispose(std::unique_ptr<phys::World> world) {
    if (!world) {
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        // std::function needs a copyable callable: hold the World through a shared_ptr.
        m_tasks.emplace_back([w = std::shared_ptr<phys::World>(std::move(world))]() mutable { w.reset(); });
    }
    m_wake.notify_one();
}

void SimWorker::run() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stop || !m_tasks.empty(); });
            if (m_tasks.empty()) {
                return; // stopping, nothing left
            }
            task = std::move(m_tasks.front());
            m_tasks.pop_front();
        }
        task(); // cancelled jobs left in the queue at shutdown run to their first cancel check only
    }
}

void SimWorker::step(SimStepJob& job) {
    auto finish = [&job](bool copiedOnly) {
        std::lock_guard lock(job.m_mutex);
        job.m_copied = true;
        if (!copiedOnly) {
            job.m_done = true;
        }
        job.m_changed.notify_all();
    };
    {
        std::lock_guard lock(job.m_mutex);
        if (!job.cancel) {
            job.m_started = true; // from here abandon() waits for the copy
        }
    }
    if (job.cancel) {
        finish(false);
        return;
    }
    if (job.inPlace != nullptr) {
        phys::Timeline& timeline = *job.inPlace;
        finish(true);
        const auto t0 = std::chrono::steady_clock::now();
        timeline.stepForward(); // (with the checkpoint when one is due: a World copy, every K steps)
        job.stepSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        recordSimFrame(timeline.world(), job.frame);
        finish(false);
        return;
    }
    auto world = std::make_unique<phys::World>(*job.source);
    finish(true); // the UI's World is not read any more
    for (const phys::InputForce& force : job.inputs) {
        phys::applyInput(*world, force);
    }
    world->setCancelFlag(&job.cancel);
    const auto t0 = std::chrono::steady_clock::now();
    world->step();
    const auto t1 = std::chrono::steady_clock::now();
    world->setCancelFlag(nullptr);
    if (job.cancel) {
        world.reset(); // stopped part way: a partial state nobody may use
        finish(false);
        return;
    }
    job.stepSeconds = std::chrono::duration<double>(t1 - t0).count();
    recordSimFrame(*world, job.frame);
    if (job.checkpoint) {
        job.checkpointSnapshot = world->snapshot();
    }
    job.world = std::move(world);
    finish(false);
}

} // namespace cl
