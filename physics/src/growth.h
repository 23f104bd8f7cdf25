#pragma once
/// @file growth.h
/// How the World's big arrays grow (issue 17's memory item): by a quarter instead of std::vector's doubling,
/// which left up to half of each unused (22,000 bodies sat in room for 32,768). Still amortised constant time
/// per element.

#include <algorithm>
#include <cstddef>
#include <vector>

namespace phys {

/// Makes room for `size` elements in `v`, growing its capacity by at least a quarter when it must grow.
/// `divisor` sets the growth to 1 / divisor of the capacity: 4 by default; an array reserved once a step for
/// the whole step's additions may grow by less (the World's touching records: 16), since its reallocations
/// are few either way and its unused room is large.
template <class T> void reserveForSize(std::vector<T>& v, std::size_t size, std::size_t divisor = 4) {
    if (size > v.capacity()) {
        v.reserve(std::max(size, v.capacity() + v.capacity() / divisor + 16));
    }
}

/// `v.resize(size)` with the same growth: resize() past the capacity doubles it (libstdc++ grows to twice the
/// old size), which left the solver's per-step arrays up to half unused.
template <class T> void resizeForSize(std::vector<T>& v, std::size_t size) {
    reserveForSize(v, size);
    v.resize(size);
}

} // namespace phys
