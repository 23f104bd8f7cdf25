#pragma once
/// @file polygon_store.h
/// The World's polygons, packed: one record per polygon shape, sized by its vertex count (issue 17's memory
/// item). A Polygon value keeps room for kMaxPolygonVertices (680 bytes); a box's record here is 176 bytes:
///   vertices (count Vec2) | normals (count Vec2) | thicknesses (count double) | opposites (count int8) | pad
/// so what SAT and clipping read of one box sits in three cache lines, next to the other shapes' records.
/// Shapes name their record by byte offset, not by pointer, so a copied World (snapshots, the timeline) and
/// a grown store stay valid. Views into the store are valid until the next add() or compaction, which only
/// happen between steps (body creation and destruction).

#include "physics/shape.h"

#include <cstddef>
#include <cstring>
#include <vector>

namespace phys {

class PolygonStore {
public:
    /// Bytes of one record of `count` vertices, a multiple of 16 so the next record's Vec2s stay aligned.
    static constexpr std::size_t recordBytes(int count) {
        const auto n = static_cast<std::size_t>(count);
        return (n * (2 * sizeof(Vec2) + sizeof(double) + sizeof(std::int8_t)) + 15) / 16 * 16;
    }

    /// Copies the polygon's vertices and cached edge data into a new record; returns its offset.
    int add(PolygonView polygon) {
        const int count = polygon.count();
        const std::size_t offset = m_bytes.size();
        m_bytes.resize(offset + recordBytes(count));
        std::byte* at = m_bytes.data() + offset;
        const auto n = static_cast<std::size_t>(count);
        std::memcpy(at, polygon.vertices().data(), n * sizeof(Vec2));
        std::memcpy(at + n * sizeof(Vec2), polygon.normals().data(), n * sizeof(Vec2));
        for (int i = 0; i < count; ++i) {
            const double t = polygon.thickness(i);
            std::memcpy(at + 2 * n * sizeof(Vec2) + static_cast<std::size_t>(i) * sizeof(double), &t,
                        sizeof t);
            const auto o = static_cast<std::int8_t>(polygon.opposite(i));
            std::memcpy(at + n * (2 * sizeof(Vec2) + sizeof(double)) + static_cast<std::size_t>(i), &o, 1);
        }
        return static_cast<int>(offset);
    }

    /// Marks a record unused; its bytes come back at the next compaction (see World::compactPolygons).
    void release(int count) { m_released += recordBytes(count); }
    /// Bytes held by records that were released.
    std::size_t releasedBytes() const { return m_released; }
    std::size_t usedBytes() const { return m_bytes.size(); }

    /// The record at `offset`, read as a polygon of `count` vertices with that centroid.
    PolygonView view(int offset, int count, Vec2 centroid) const {
        const std::byte* at = m_bytes.data() + offset;
        const auto n = static_cast<std::size_t>(count);
        // The records were written by memcpy of Vec2, double and int8 values, which begins those objects'
        // lifetimes in the byte array (C++20 implicit object creation).
        return {reinterpret_cast<const Vec2*>(at),
                reinterpret_cast<const Vec2*>(at + n * sizeof(Vec2)),
                reinterpret_cast<const double*>(at + 2 * n * sizeof(Vec2)),
                reinterpret_cast<const std::int8_t*>(at + n * (2 * sizeof(Vec2) + sizeof(double))),
                centroid,
                count};
    }

    void clear() {
        m_bytes.clear();
        m_released = 0;
    }
    void swap(PolygonStore& other) noexcept {
        m_bytes.swap(other.m_bytes);
        std::swap(m_released, other.m_released);
    }
    /// Heap bytes held (capacity).
    std::size_t memoryBytes() const { return m_bytes.capacity(); }

private:
    std::vector<std::byte> m_bytes;
    std::size_t m_released = 0;
};

} // namespace phys
