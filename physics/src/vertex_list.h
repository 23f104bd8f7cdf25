#pragma once
/// @file vertex_list.h
/// What Polygon::make (shape.cpp) and the concave outline's cleaning (decompose.cpp) share before and while
/// they clean a list of vertices: the first checks, in the same words, and the segment test of their
/// self-intersection search. Internal to the physics library.

#include "physics/math.h"
#include "physics/result.h"

#include <cstddef>
#include <span>
#include <string_view>

namespace phys::detail {

/// A vertex and its index in the caller's input, which error messages name.
struct SourcedPoint {
    Vec2 p;
    int source;
};

/// The checks before cleaning: 3 to `limit` vertices (the message names `allowed` as the most a user may
/// give), every coordinate finite, not all at one point. `noun` names the list ("polygon", "outline").
/// Returns the larger side of the bounding box, to which the callers scale their tolerances, so the same
/// shape validates the same at any scale.
Result<double> checkVertexList(std::span<const Vec2> points, std::size_t limit, std::size_t allowed,
                               std::string_view noun);

/// True when the closed segments [a, b] and [c, d] share a point (Ericson, RTCD 5.1.9.1: orientation signs
/// with `crossEps`, and the collinear cases decided on the shared line's bounding box grown by `eps`).
bool segmentsTouch(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double crossEps, double eps);

} // namespace phys::detail
