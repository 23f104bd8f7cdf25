#include "task_pool.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <thread>

namespace phys {

struct TaskPool::Arena {
    explicit Arena(int threads) : arena(threads) {}
    tbb::task_arena arena;
};

TaskPool::TaskPool(int threads) : m_threads(std::max(1, threads)) {
    if (m_threads > 1) {
        m_arena = std::make_unique<Arena>(m_threads);
    }
}

TaskPool::~TaskPool() = default;

int TaskPool::hardwareThreads() {
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

int TaskPool::workerIndex() const {
    if (!m_arena) {
        return 0;
    }
    // A body run by forRanges on the calling thread (too little work to split) runs alone, so any index in
    // range is free; inside the arena oneTBB numbers the threads from 0.
    const int index = tbb::this_task_arena::current_thread_index();
    return std::clamp(index, 0, m_threads - 1);
}

void TaskPool::forRanges(int count, int grain, const std::function<void(int, int)>& body) {
    if (count <= 0) {
        return;
    }
    grain = std::max(1, grain);
    if (!m_arena || count < 2 * grain) {
        body(0, count);
        return;
    }
    m_arena->arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<int>(0, count, static_cast<std::size_t>(grain)),
            [&](const tbb::blocked_range<int>& r) { body(r.begin(), r.end()); }, tbb::simple_partitioner{});
    });
}

} // namespace phys
