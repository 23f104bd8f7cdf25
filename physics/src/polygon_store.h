#pragma once
/// @file polygon_store.h
/// The World's polygons, packed: one record per distinct polygon, sized by its vertex count (issue 17's
/// memory item). A Polygon value keeps room for kMaxPolygonVertices (680 bytes); a box's record here is 176 bytes:
///   vertices (count Vec2) | normals (count Vec2) | thicknesses (count double) | opposites (count int8) | pad
/// so what SAT and clipping read of one box sits in three cache lines, next to the other shapes' records.
/// Shapes name their record by byte offset, not by pointer, so a copied World (snapshots, the timeline) and
/// a grown store stay valid. Views into the store are valid until the next add() or compaction, which only
/// happen between steps (body creation and destruction).

#include "growth.h"
#include "physics/shape.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

namespace phys {

class PolygonStore {
public:
    /// Bytes of one record of `count` vertices, a multiple of 16 so the next record's Vec2s stay aligned.
    static constexpr std::size_t recordBytes(int count) {
        const auto n = static_cast<std::size_t>(count);
        return (n * (2 * sizeof(Vec2) + sizeof(double) + sizeof(std::int8_t)) + 15) / 16 * 16;
    }

    /// The offset of a record holding the polygon's vertices and cached edge data. Equal polygons share one
    /// record (a pyramid's 5,050 boxes are one box): the store then stays small and the one record stays in
    /// cache for every collide; each add() counts one more user of the record.
    int add(PolygonView polygon) {
        const int count = polygon.count();
        const std::size_t size = recordBytes(count);
        std::byte record[recordBytes(kMaxPolygonVertices)] = {};
        const auto n = static_cast<std::size_t>(count);
        std::memcpy(record, polygon.vertices().data(), n * sizeof(Vec2));
        std::memcpy(record + n * sizeof(Vec2), polygon.normals().data(), n * sizeof(Vec2));
        for (int i = 0; i < count; ++i) {
            const double t = polygon.thickness(i);
            std::memcpy(record + 2 * n * sizeof(Vec2) + static_cast<std::size_t>(i) * sizeof(double), &t,
                        sizeof t);
            const auto o = static_cast<std::int8_t>(polygon.opposite(i));
            std::memcpy(record + n * (2 * sizeof(Vec2) + sizeof(double)) + static_cast<std::size_t>(i), &o,
                        1);
        }
        // FNV-1a over the record's bytes (padding included, zeroed above).
        std::uint64_t hash = 14695981039346656037ull ^ static_cast<std::uint64_t>(count);
        for (std::size_t k = 0; k < size; ++k) {
            hash = (hash ^ static_cast<std::uint64_t>(record[k])) * 1099511628211ull;
        }
        const auto [first, last] = m_byHash.equal_range(hash);
        for (auto it = first; it != last; ++it) {
            Record& known = m_records.at(it->second);
            if (known.count == count && std::memcmp(m_bytes.data() + it->second, record, size) == 0) {
                ++known.users;
                return it->second;
            }
        }
        const std::size_t offset = m_bytes.size();
        const std::size_t end = offset + size;
        reserveForSize(m_bytes, end);
        m_bytes.resize(end);
        std::memcpy(m_bytes.data() + offset, record, size);
        const int at = static_cast<int>(offset);
        m_records.emplace(at, Record{count, 1, hash});
        m_byHash.emplace(hash, at);
        return at;
    }

    /// One user less of the record at `offset`; once it has none, its bytes come back at the next
    /// compaction (see World::compactPolygons).
    void release(int offset) {
        auto it = m_records.find(offset);
        if (it == m_records.end() || --it->second.users > 0) {
            return;
        }
        m_released += recordBytes(it->second.count);
        const auto [first, last] = m_byHash.equal_range(it->second.hash);
        for (auto h = first; h != last; ++h) {
            if (h->second == offset) {
                m_byHash.erase(h);
                break;
            }
        }
        m_records.erase(it);
    }
    /// Bytes held by records that no shape uses.
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

    void swap(PolygonStore& other) noexcept {
        m_bytes.swap(other.m_bytes);
        m_records.swap(other.m_records);
        m_byHash.swap(other.m_byHash);
        std::swap(m_released, other.m_released);
    }
    /// Heap bytes held: the records' capacity and, per distinct record, its two index entries (node, key,
    /// value and bucket, an estimate of the hash tables' cost).
    std::size_t memoryBytes() const { return m_bytes.capacity() + m_records.size() * 2 * 48; }

private:
    struct Record {
        int count = 0; ///< vertices
        int users = 0; ///< shapes that name it
        std::uint64_t hash = 0;
    };
    std::vector<std::byte> m_bytes;
    std::unordered_map<int, Record> m_records;            ///< offset -> record, for the records in use
    std::unordered_multimap<std::uint64_t, int> m_byHash; ///< content hash -> offsets of records in use
    std::size_t m_released = 0;
};

} // namespace phys
