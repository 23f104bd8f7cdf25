#pragma once
/// @file pair_estimate.h
/// How many contact pairs a World's first step will find, counted without making them: what the GUI warns
/// about before a heavy run (SimulationController::heavyWarning).

#include <cstdint>

namespace phys {

class World;

/// The broad phase's first pairs without making them (Catto, Box2D 2.4 b2BroadPhase; Ericson, Real-Time
/// Collision Detection 6.2):
/// @code
///   tree = dynamic AABB tree; for every shape of an enabled body: insert its tight box (fattened by the margin)
///   for every proxy q, for every proxy p the tree finds overlapping q's fat box, p > q:
///       count it if p and q are on different bodies and one of them is dynamic; stop at cap
/// @endcode
/// @return the count, at most `cap`
std::int64_t estimateContactPairs(const World& world, std::int64_t cap);

} // namespace phys
