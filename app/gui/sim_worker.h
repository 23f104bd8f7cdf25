#pragma once
/// @file sim_worker.h
/// The thread that steps the simulation, so that the window keeps answering while a heavy scene steps
/// (issue 16: 2,000 circles at one point take seconds per step).
///
/// One step is one SimStepJob. The controller (UI thread) fills it and hands it over; the worker copies the
/// World it points at, applies the job's inputs to the copy, steps the copy, records the frame the view draws
/// and, when asked, keeps a checkpoint copy; the controller then takes the stepped World and the frame. The
/// UI never touches a World the worker writes, and the worker only reads the controller's World while it
/// copies it:
/// @code
///   UI:      job.source = world (read-only from now until job.copied); job.inputs = this step's forces
///            worker.submit(job); wait up to a budget for job.done
///            done in time: take the result now            else: draw the frames held; take it when posted
///            Cancel: job.cancel = true; wait for job.copied; the World and frames are still the old ones
///   worker:  copy = *job.source; job.copied = true
///            apply job.inputs to copy; copy.step()      (the World checks job.cancel between phases)
///            record the frame of copy; if job.checkpoint: keep a second copy
///            job.done = true; post "finished" to the UI (nothing is posted for a cancelled job)
/// @endcode
/// A small World (the UI waits for its step to the end, see simulation_controller.h) is stepped in place
/// instead: nothing can cancel it, and a copy per step would cost more than its step.
/// Stepping a copy costs one World copy per step (a small part of a step on the heavy scene); in return
/// Cancel is instant and exact, the World of the frame before the step is never touched, and code that
/// reads the controller's World (the walkthrough, lesson questions) keeps reading it during a step.

#include "simulation_history.h"

#include "physics/timeline.h"
#include "physics/world.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace cl {

/// Records `world`'s state after its last step into `frame` (every field but stepSeconds).
void recordSimFrame(const phys::World& world, SimFrame& frame);

/// One step handed to the worker.
struct SimStepJob {
    // Set by the UI before submit(), read-only afterwards.
    const phys::World* source = nullptr; ///< the UI's World: read by the worker until `copied`
    /// Instead of `source`: a Timeline the worker steps in place (Timeline::stepForward, which applies the
    /// forces logged for the step and keeps its checkpoints; the UI waits for the job to the end and does not
    /// touch the Timeline meanwhile; such a job is not cancelled). `world` then stays null.
    phys::Timeline* inPlace = nullptr;
    std::vector<phys::InputForce> inputs; ///< applied to the copy before its step (the grab spring force)
    bool checkpoint = false;              ///< also snapshot the stepped copy (Timeline::checkpointDue)

    // Written by the worker; the UI reads them once done() is true.
    std::unique_ptr<phys::World> world;     ///< the stepped copy
    phys::WorldSnapshot checkpointSnapshot; ///< of the stepped copy, when `checkpoint`
    SimFrame frame;
    double stepSeconds = 0.0; ///< wall-clock time of World::step on the worker

    /// Set by the UI to drop the job: the worker stops at the World's next check and posts nothing.
    std::atomic<bool> cancel{false};

    bool done() const;
    /// Drops the job (sets `cancel`) and returns once the worker will not read `source` any more: at once
    /// when the worker has not started it, else when its copy is made.
    void abandon();
    /// Waits for the result up to `seconds` (negative: without limit); returns done().
    bool waitDone(double seconds);
    /// Returns once the worker will not read `source` any more (its copy is made, or the job is over).
    void waitCopied();

private:
    friend class SimWorker;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_started = false;
    bool m_copied = false;
    bool m_done = false;
};

/// A thread running tasks in order: steps (submit) and the destruction of Worlds the UI no longer needs
/// (dispose: a heavy World holds millions of contacts, and freeing them is not free either).
class SimWorker {
public:
    SimWorker();
    /// Cancels what is queued and joins the thread.
    ~SimWorker();
    SimWorker(const SimWorker&) = delete;
    SimWorker& operator=(const SimWorker&) = delete;

    /// Queues `job`; `finished` runs on the worker thread after a job that was not cancelled is done (it posts
    /// to the UI).
    void submit(std::shared_ptr<SimStepJob> job, std::function<void()> finished);
    /// Destroys `world` on the worker thread.
    void dispose(std::unique_ptr<phys::World> world);

private:
    void run();
    static void step(SimStepJob& job);

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<std::function<void()>> m_tasks;
    std::vector<std::shared_ptr<SimStepJob>> m_queuedJobs; ///< to cancel on destruction
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace cl
