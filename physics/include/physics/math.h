#pragma once
/// @file math.h
/// Small value types for 2D geometry (Vec2, Rot, Transform, AABB) and free inline math on them.
/// All quantities are SI (metres, radians); the world is y-up and angles are counter-clockwise.

#include <algorithm>
#include <cmath>

namespace phys {

/// A 2D vector or point, metres unless said otherwise.
struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    constexpr Vec2() = default;
    constexpr Vec2(double xIn, double yIn) : x(xIn), y(yIn) {}

    constexpr Vec2 operator-() const { return {-x, -y}; }
    constexpr Vec2& operator+=(Vec2 v) {
        x += v.x;
        y += v.y;
        return *this;
    }
    constexpr Vec2& operator-=(Vec2 v) {
        x -= v.x;
        y -= v.y;
        return *this;
    }
    constexpr Vec2& operator*=(double s) {
        x *= s;
        y *= s;
        return *this;
    }
    friend constexpr bool operator==(Vec2 a, Vec2 b) = default;
};

constexpr Vec2 operator+(Vec2 a, Vec2 b) {
    return {a.x + b.x, a.y + b.y};
}
constexpr Vec2 operator-(Vec2 a, Vec2 b) {
    return {a.x - b.x, a.y - b.y};
}
constexpr Vec2 operator*(double s, Vec2 v) {
    return {s * v.x, s * v.y};
}
constexpr Vec2 operator*(Vec2 v, double s) {
    return {s * v.x, s * v.y};
}
constexpr Vec2 operator/(Vec2 v, double s) {
    return {v.x / s, v.y / s};
}

constexpr double dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
/// z component of the 3D cross product (a, 0) x (b, 0).
constexpr double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}
/// Cross of a vector with a scalar z axis: (v, 0) x (0, 0, s) = (s v.y, -s v.x).
constexpr Vec2 cross(Vec2 v, double s) {
    return {s * v.y, -s * v.x};
}
/// Cross of a scalar z axis with a vector: (0, 0, s) x (v, 0) = (-s v.y, s v.x). Used for w x r.
constexpr Vec2 cross(double s, Vec2 v) {
    return {-s * v.y, s * v.x};
}
/// Counter-clockwise perpendicular (rotate by +90 degrees).
constexpr Vec2 leftPerp(Vec2 v) {
    return {-v.y, v.x};
}
/// Clockwise perpendicular (rotate by -90 degrees): the outward normal of a CCW polygon's edge.
constexpr Vec2 rightPerp(Vec2 v) {
    return {v.y, -v.x};
}

/// Euclidean length. Plain sqrt rather than std::hypot: hypot guards against overflow of x^2 that coordinates
/// bounded by kMaxWorldCoordinate never reach, and costs several times more on the narrow phase's hot path.
inline double length(Vec2 v) {
    return std::sqrt(v.x * v.x + v.y * v.y);
}
constexpr double lengthSquared(Vec2 v) {
    return v.x * v.x + v.y * v.y;
}
inline double distance(Vec2 a, Vec2 b) {
    return length(b - a);
}
constexpr double distanceSquared(Vec2 a, Vec2 b) {
    return lengthSquared(b - a);
}
constexpr Vec2 lerp(Vec2 a, Vec2 b, double t) {
    return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
}
constexpr Vec2 minVec(Vec2 a, Vec2 b) {
    return {std::min(a.x, b.x), std::min(a.y, b.y)};
}
constexpr Vec2 maxVec(Vec2 a, Vec2 b) {
    return {std::max(a.x, b.x), std::max(a.y, b.y)};
}
inline bool isFinite(Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

/// Unit vector along v; the zero vector stays zero (no NaN).
inline Vec2 normalize(Vec2 v) {
    const double len = length(v);
    if (len < 1e-300) {
        return {0.0, 0.0};
    }
    return {v.x / len, v.y / len};
}

/// A rotation stored as cosine and sine, so applying it costs no trigonometry.
struct Rot {
    double c = 1.0;
    double s = 0.0;

    constexpr Rot() = default;
    constexpr Rot(double cosine, double sine) : c(cosine), s(sine) {}
    /// @param radians counter-clockwise angle
    explicit Rot(double radians) : c(std::cos(radians)), s(std::sin(radians)) {}
    /// The angle in (-pi, pi].
    double angle() const { return std::atan2(s, c); }
    friend constexpr bool operator==(Rot a, Rot b) = default;
};

constexpr Vec2 rotate(Rot q, Vec2 v) {
    return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}
constexpr Vec2 invRotate(Rot q, Vec2 v) {
    return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}
/// q * r: first r, then q.
constexpr Rot mulRot(Rot q, Rot r) {
    return {q.c * r.c - q.s * r.s, q.s * r.c + q.c * r.s};
}
/// q^T * r: r expressed in q's frame.
constexpr Rot invMulRot(Rot q, Rot r) {
    return {q.c * r.c + q.s * r.s, q.c * r.s - q.s * r.c};
}

/// A rigid transform: a point p in local coordinates maps to rotate(q, p) + p.
struct Transform {
    Vec2 p;
    Rot q;

    constexpr Transform() = default;
    constexpr Transform(Vec2 position, Rot rotation) : p(position), q(rotation) {}
    friend constexpr bool operator==(const Transform& a, const Transform& b) = default;
};

/// Local point -> world point.
constexpr Vec2 transformPoint(const Transform& t, Vec2 localPoint) {
    return rotate(t.q, localPoint) + t.p;
}
/// World point -> local point.
constexpr Vec2 invTransformPoint(const Transform& t, Vec2 worldPoint) {
    return invRotate(t.q, worldPoint - t.p);
}
/// Local direction -> world direction (no translation).
constexpr Vec2 transformVector(const Transform& t, Vec2 localVector) {
    return rotate(t.q, localVector);
}
/// World direction -> local direction.
constexpr Vec2 invTransformVector(const Transform& t, Vec2 worldVector) {
    return invRotate(t.q, worldVector);
}
/// a * b: apply b then a.
constexpr Transform mulTransform(const Transform& a, const Transform& b) {
    return {rotate(a.q, b.p) + a.p, mulRot(a.q, b.q)};
}
/// a^-1 * b: b expressed in a's frame.
constexpr Transform invMulTransform(const Transform& a, const Transform& b) {
    return {invRotate(a.q, b.p - a.p), invMulRot(a.q, b.q)};
}

/// Axis-aligned bounding box, world frame unless said otherwise.
struct AABB {
    Vec2 lower;
    Vec2 upper;

    constexpr Vec2 center() const { return 0.5 * (lower + upper); }
    constexpr Vec2 extents() const { return 0.5 * (upper - lower); }
    constexpr double perimeter() const { return 2.0 * ((upper.x - lower.x) + (upper.y - lower.y)); }
    friend constexpr bool operator==(const AABB& a, const AABB& b) = default;
};

constexpr bool overlaps(const AABB& a, const AABB& b) {
    return !(b.lower.x > a.upper.x || b.lower.y > a.upper.y || a.lower.x > b.upper.x ||
             a.lower.y > b.upper.y);
}
constexpr bool contains(const AABB& outer, const AABB& inner) {
    return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y &&
           inner.upper.x <= outer.upper.x && inner.upper.y <= outer.upper.y;
}
constexpr AABB combine(const AABB& a, const AABB& b) {
    return {minVec(a.lower, b.lower), maxVec(a.upper, b.upper)};
}
constexpr AABB fatten(const AABB& a, double margin) {
    return {{a.lower.x - margin, a.lower.y - margin}, {a.upper.x + margin, a.upper.y + margin}};
}

inline constexpr double kPi = 3.14159265358979323846;

} // namespace phys
