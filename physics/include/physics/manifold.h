#pragma once
/// @file manifold.h
/// The contact manifold: what the narrow phase hands the solver, and what the workbench draws.

#include "physics/math.h"

#include <cstdint>

namespace phys {

/// Feature id of a contact point: which features of A and B made it. Stable while the same features touch, so
/// the solver can warm start from last step's impulses. Packed into 32 bits:
/// byte 0: index of the reference-side feature, byte 1: index of the incident-side feature,
/// byte 2: type of the reference-side feature, byte 3: type of the incident-side feature (0 vertex, 1 face).
/// When the reference face belongs to B, the bytes are swapped so byte 0/2 always describe A.
struct FeatureId {
    std::uint8_t indexA = 0;
    std::uint8_t indexB = 0;
    std::uint8_t typeA = 0;
    std::uint8_t typeB = 0;

    constexpr std::uint32_t key() const {
        return std::uint32_t(indexA) | (std::uint32_t(indexB) << 8) | (std::uint32_t(typeA) << 16) |
               (std::uint32_t(typeB) << 24);
    }
    friend constexpr bool operator==(FeatureId, FeatureId) = default;
};

inline constexpr int kMaxManifoldPoints = 2;

struct ManifoldPoint {
    Vec2 point; ///< world frame, metres: midway between the two surfaces along the normal
    double depth =
        0.0; ///< penetration along the normal, metres (positive = overlapping, negative = speculative gap)
    FeatureId id;
};

/// Normal points from shape A to shape B (design.md section 2). pointCount == 0 means no contact.
/// (The World keeps a manifold with points in its own padding-free layout, TouchingSim in physics/src/contact.h.)
struct Manifold {
    Vec2 normal; ///< world frame, unit
    int pointCount = 0;
    ManifoldPoint points[kMaxManifoldPoints];
};

} // namespace phys
