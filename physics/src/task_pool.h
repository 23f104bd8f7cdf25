#pragma once
/// @file task_pool.h
/// The worker threads of one World (issue 17): a oneTBB task arena of a chosen size, and one primitive,
/// forRanges(), that splits [0, count) into ranges of at least `grain` indices and runs them on the arena.
///
/// Determinism: callers give every index its own output slot (a contact's manifold, a group's bodies, a
/// body's sweep) and never combine results across indices inside a range call, so what a step computes does
/// not depend on how the ranges are cut or on which thread runs them; the tests compare stepped worlds
/// bit for bit across thread counts (physics_tst_threads).
///
/// oneTBB rather than a pool of our own: its work stealing keeps both cores busy when the ranges cost
/// different amounts (a pyramid's narrow phase next to an empty sky), and its arenas keep two Worlds (the
/// app's and a lesson question's) from sharing, or waiting for, each other's threads.

#include <functional>
#include <memory>

namespace phys {

class TaskPool {
public:
    /// @param threads 1 or more; 1 runs everything on the calling thread without touching oneTBB.
    explicit TaskPool(int threads);
    ~TaskPool();
    TaskPool(const TaskPool&) = delete;
    TaskPool& operator=(const TaskPool&) = delete;

    int threads() const { return m_threads; }

    /// Calls body(begin, end) over disjoint ranges covering [0, count), each of at least `grain` indices
    /// (except the last), possibly at the same time on several threads; returns when all are done. With
    /// one thread, or fewer than two grains of work, it is one call body(0, count) on this thread.
    void forRanges(int count, int grain, const std::function<void(int, int)>& body);

    /// Which of this pool's threads is running the caller, in [0, threads()): inside a forRanges() body, no
    /// two ranges running at the same time get the same index, so it may pick a per-thread scratch buffer.
    int workerIndex() const;
    /// The number of hardware threads (at least 1): the default thread count.
    static int hardwareThreads();

private:
    struct Arena;
    int m_threads = 1;
    std::unique_ptr<Arena> m_arena;
};

} // namespace phys
