#pragma once
/// @file shape.h
/// The two shape kinds: Circle and convex Polygon, both in a body's local frame (metres).
/// Polygons follow design.md section 2: convex, counter-clockwise, 3..kMaxPolygonVertices vertices, no
/// repeated or collinear vertices; edge i runs from vertex i to vertex i+1 and its normal is the outward
/// (clockwise) perpendicular, normalised.

#include "physics/math.h"
#include "physics/result.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace phys {

inline constexpr int kMaxPolygonVertices = 16;

/// A solid disc.
struct Circle {
    Vec2 center;       ///< local frame, metres
    double radius = 0; ///< metres, finite and > 0

    /// Validates a circle: centre finite, radius finite and > 0.
    static Result<Circle> make(Vec2 center, double radius);

    /// Exact: doubles compared with == (a scene read back must equal the one written, bit for bit).
    friend constexpr bool operator==(const Circle&, const Circle&) = default;
};

/// How Polygon::make treats imperfect input.
enum class PolygonCleanup {
    /// Merge duplicate vertices and drop collinear ones (the editor and the factory).
    Repair,
    /// Report duplicate and collinear vertices as errors (the scene loader: a file says exactly what it
    /// means).
    Strict,
};

/// A read-only look at a convex polygon's vertices and cached edge data, wherever they are stored: in a
/// Polygon (which converts to a view implicitly) or in the World's packed polygon store, where a box takes
/// 180 bytes instead of a Polygon's fixed 680 (issue 17: the narrow phase and the solver read the same
/// numbers either way). The collision kernels (SAT, clipping, the contact methods, distance proxies) take
/// views. A view is two words of pointers and is valid as long as the storage it looks at.
class PolygonView {
public:
    PolygonView(const Vec2* vertices, const Vec2* normals, const double* thickness,
                const std::int8_t* opposite, Vec2 centroid, int count)
        : m_vertices(vertices), m_normals(normals), m_thickness(thickness), m_opposite(opposite),
          m_centroid(centroid), m_count(count) {}

    int count() const { return m_count; }
    Vec2 vertex(int i) const { return m_vertices[i]; }
    Vec2 normal(int i) const { return m_normals[i]; }
    double thickness(int i) const { return m_thickness[i]; }
    int opposite(int i) const { return m_opposite[i]; }
    std::span<const Vec2> vertices() const { return {m_vertices, static_cast<std::size_t>(m_count)}; }
    std::span<const Vec2> normals() const { return {m_normals, static_cast<std::size_t>(m_count)}; }
    Vec2 centroid() const { return m_centroid; }
    int next(int i) const { return i + 1 == m_count ? 0 : i + 1; }
    int prev(int i) const { return i == 0 ? m_count - 1 : i - 1; }
    /// Asks the processor to start loading what SAT and clipping read first.
    void prefetch() const {
        __builtin_prefetch(m_vertices);
        __builtin_prefetch(m_normals);
        __builtin_prefetch(m_thickness);
    }

private:
    const Vec2* m_vertices;
    const Vec2* m_normals;
    const double* m_thickness;
    const std::int8_t* m_opposite;
    Vec2 m_centroid;
    int m_count;
};

/// A convex polygon with cached outward edge normals, thicknesses across the edges, and centroid.
class Polygon {
public:
    /// Builds a polygon from points, normalising and validating them.
    /// Clockwise input is reversed. Errors name the offending vertex by its index in `points`.
    /// @param points local frame, metres
    /// @return the polygon, or an error: non-finite coordinate, too few or too many vertices, zero area,
    ///         duplicate or collinear vertices (Strict), self-intersection, non-convexity.
    static Result<Polygon> make(std::span<const Vec2> points,
                                PolygonCleanup cleanup = PolygonCleanup::Repair);

    int count() const { return m_count; }
    Vec2 vertex(int i) const { return m_vertices[static_cast<std::size_t>(i)]; }
    /// Outward unit normal of edge i (from vertex i to vertex i+1).
    Vec2 normal(int i) const { return m_normals[static_cast<std::size_t>(i)]; }
    /// Thickness across edge i: how far the polygon reaches behind that edge's line, max over the vertices
    /// of dot(normal(i), vertex(i) - vertex(k)), metres (>= 0). SAT needs it for every axis (the overlap
    /// the "back way", sat.cpp); it is a property of the shape, so it is cached with the normals.
    double thickness(int i) const { return m_thickness[static_cast<std::size_t>(i)]; }
    /// The edge whose normal equals -normal(i) exactly (compared with ==), or -1: typically a box's opposite
    /// sides, and polygons symmetric about their local origin whose normals come out exactly negated. SAT
    /// reads that axis's shadow off edge i's, negated, instead of projecting again: negation is exact in
    /// floating point, so the shadow has the same value (at most the sign of a zero overlap can differ).
    int opposite(int i) const { return m_opposite[static_cast<std::size_t>(i)]; }
    std::span<const Vec2> vertices() const { return {m_vertices.data(), static_cast<std::size_t>(m_count)}; }
    std::span<const Vec2> normals() const { return {m_normals.data(), static_cast<std::size_t>(m_count)}; }
    /// Area centroid, local frame.
    Vec2 centroid() const { return m_centroid; }
    /// Index of the vertex after i, wrapping.
    int next(int i) const { return i + 1 == m_count ? 0 : i + 1; }
    int prev(int i) const { return i == 0 ? m_count - 1 : i - 1; }
    /// A view of this polygon (valid while it lives).
    PolygonView view() const {
        return {m_vertices.data(), m_normals.data(), m_thickness.data(),
                m_opposite.data(), m_centroid,       m_count};
    }
    operator PolygonView() const { return view(); } // NOLINT: a polygon is usable wherever a view is
    /// The polygon a view looks at, copied exactly (normals, thicknesses and opposites included).
    static Polygon copyOf(PolygonView view);

    /// Same vertices in the same order, compared exactly. Not defaulted: normals, thicknesses, opposites and
    /// the centroid are caches computed from the vertices, so comparing them adds nothing, and the slots past
    /// count() hold no vertex.
    friend bool operator==(const Polygon& a, const Polygon& b) {
        const auto va = a.vertices();
        const auto vb = b.vertices();
        return std::equal(va.begin(), va.end(), vb.begin(), vb.end());
    }

private:
    Polygon() = default;
    std::array<Vec2, kMaxPolygonVertices> m_vertices{};
    std::array<Vec2, kMaxPolygonVertices> m_normals{};
    std::array<double, kMaxPolygonVertices> m_thickness{};
    std::array<std::int8_t, kMaxPolygonVertices> m_opposite{};
    Vec2 m_centroid;
    int m_count = 0;
};

/// Signed area of a closed polygon by the shoelace formula (positive when counter-clockwise).
double signedArea(std::span<const Vec2> points);

/// World-frame bounding box of a circle placed by a transform.
AABB computeAABB(const Circle& circle, const Transform& xf);
/// World-frame bounding box of a polygon placed by a transform.
AABB computeAABB(PolygonView polygon, const Transform& xf);

} // namespace phys
