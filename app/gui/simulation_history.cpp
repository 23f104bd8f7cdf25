#include "simulation_history.h"

#include <algorithm>

namespace cl {

std::size_t SimFrame::bytes() const {
    return sizeof(SimFrame) + bodies.capacity() * sizeof(SimBodyState) +
           points.capacity() * sizeof(SimContactPoint) + pairs.capacity() * sizeof(std::pair<int, int>) +
           drawnPoints.capacity() * sizeof(std::uint32_t);
}

void SimHistory::clear() {
    m_start = 0;
    m_size = 0;
}

void SimHistory::setCapacity(int frames) {
    frames = std::max(frames, 2);
    if (frames == m_capacity) {
        return;
    }
    // Re-lay the held frames oldest first, keeping the newest ones that fit.
    std::vector<SimFrame> kept;
    const int keep = std::min(m_size, frames);
    kept.reserve(static_cast<std::size_t>(keep));
    for (int i = m_size - keep; i < m_size; ++i) {
        kept.push_back(std::move(slot(i)));
    }
    m_frames = std::move(kept);
    m_capacity = frames;
    m_start = 0;
    m_size = keep;
}

std::int64_t SimHistory::firstStep() const {
    return slot(0).step;
}

std::int64_t SimHistory::lastStep() const {
    return slot(m_size - 1).step;
}

const SimFrame* SimHistory::find(std::int64_t step) const {
    if (m_size == 0 || step < firstStep() || step > lastStep()) {
        return nullptr;
    }
    // Steps are consecutive within the buffer.
    return &slot(static_cast<int>(step - firstStep()));
}

SimFrame& SimHistory::push() {
    if (m_size < m_capacity) {
        // While the storage is still growing the ring has not wrapped (m_start == 0): append a frame.
        const int index = (m_start + m_size) % m_capacity;
        if (index >= static_cast<int>(m_frames.size())) {
            m_frames.emplace_back();
        }
        ++m_size;
        return slot(m_size - 1);
    }
    // Full: the oldest frame becomes the newest.
    SimFrame& frame = slot(0);
    m_start = (m_start + 1) % m_capacity;
    return frame;
}

void SimHistory::truncateAfter(std::int64_t step) {
    if (m_size == 0) {
        return;
    }
    if (step < firstStep()) {
        m_size = 0;
        return;
    }
    if (step < lastStep()) {
        m_size = static_cast<int>(step - firstStep()) + 1;
    }
}

std::size_t SimHistory::bytes() const {
    std::size_t total = 0;
    for (const SimFrame& frame : m_frames) {
        total += frame.bytes();
    }
    return total;
}

} // namespace cl
