#pragma once
/// @file decompose.h
/// Concave outlines as convex pieces: ear-clipping triangulation, then Hertel-Mehlhorn merging, with an
/// optional trace of every ear and every diagonal for the walkthrough. The pieces are engine polygons (each
/// passes Polygon::make with PolygonCleanup::Strict), so they can be the shapes of one compound body.
/// Units: metres, in whatever frame the outline is given.

#include "physics/shape.h"

#include <array>
#include <span>
#include <vector>

namespace phys {

/// Most vertices a decomposed outline may have after cleaning. An outline of n vertices gives at most
/// n - 2 pieces, so this keeps every decomposition within kMaxShapesPerBody (defs.h) shapes.
inline constexpr int kMaxDecomposeVertices = 64;

/// One ear cut by the triangulation: the triangle (prev, tip, next), indices into DecomposeTrace::outline.
struct DecomposeEar {
    std::array<int, 3> triangle{}; ///< counter-clockwise: prev, tip, next
    int tip = -1;                  ///< the clipped vertex
    /// The smallest angle of the triangle, radians: the ear chosen is the one with the largest such angle,
    /// so the triangles (and the pieces made from them) avoid slivers where a choice exists.
    double smallestAngle = 0.0;
};

/// Why Hertel-Mehlhorn kept or removed a diagonal.
enum class DiagonalVerdict {
    Removed,        ///< both end points stay convex in the merged piece: the two pieces became one
    ReflexAtStart,  ///< removing it would leave a reflex angle at its first end point
    ReflexAtEnd,    ///< ... at its second end point
    TooManyVertices ///< the merged piece would have more than kMaxPolygonVertices vertices
};

/// One diagonal as Hertel-Mehlhorn examined it.
struct DecomposeMerge {
    int from = -1, to = -1; ///< end points, indices into DecomposeTrace::outline
    DiagonalVerdict verdict = DiagonalVerdict::Removed;
    /// The pieces (index lists into the outline, counter-clockwise) after this step: the walkthrough draws
    /// them as they are at each step.
    std::vector<std::vector<int>> pieces;
};

/// Every stage of decomposeConcave.
struct DecomposeTrace {
    std::vector<Vec2> outline;          ///< the cleaned outline, counter-clockwise
    std::vector<int> outlineSource;     ///< for each cleaned vertex, its index in the caller's input
    std::vector<DecomposeEar> ears;     ///< in clipping order (n - 2 of them)
    std::vector<DecomposeMerge> merges; ///< one per diagonal, in the order the ears made them
};

/// The result: convex pieces whose union is the outline and whose interiors do not overlap.
struct Decomposition {
    std::vector<Polygon> pieces;                ///< same frame as the input, counter-clockwise
    std::vector<std::vector<int>> pieceIndices; ///< each piece's vertices as indices into `outline`
    std::vector<Vec2> outline;                  ///< the cleaned outline, counter-clockwise
};

/*
 * Hertel-Mehlhorn over an ear-clipping triangulation.
 *   Meisters, "Polygons have ears" (1975); O'Rourke, Computational Geometry in C, 1.6 (ear clipping);
 *   Hertel and Mehlhorn, "Fast triangulation of simple polygons" (FCT 1983); O'Rourke 2.5 (the merge gives at
 *   most 4x the fewest convex pieces).
 *
 *   clean the outline: merge repeated points, drop collinear ones, reject self-intersection, make it CCW
 *   triangulate: while more than 3 vertices remain
 *       an ear is a strictly convex vertex whose triangle (prev, tip, next) holds no other remaining vertex
 *       (on its boundary counts as inside); cut the ear with the largest smallest angle; its diagonal
 *       (prev, next) joins the two triangles on either side of it
 *   merge: for each diagonal, in the order the ears made them
 *       join the two pieces that share it, unless an end point would become reflex or the merged piece
 *       would have more than kMaxPolygonVertices vertices (a vertex left exactly straight is dropped)
 *   every piece goes through Polygon::make (Strict): what the engine accepts
 */
/// Splits a simple outline (convex or not, either winding) into convex pieces.
/// Cleaning is that of the polygon editor: consecutive points closer than 1e-9 of the outline's size merge,
/// vertices whose turn has |sin| <= 1e-9 are dropped.
/// @param outline points in order, metres
/// @param trace optional; filled with every ear and every diagonal
/// @return the pieces, or an error naming the input vertex: non-finite, too few or too many vertices, zero
///         area, self-intersection, or (for outlines too thin to cut into valid polygons) a degenerate ear
Result<Decomposition> decomposeConcave(std::span<const Vec2> outline, DecomposeTrace* trace = nullptr);

/*
 * The outline of convex pieces that tile one simple polygon: the inverse of decomposeConcave, and what the
 * polygons of a compound body give back. Pieces may meet edge to edge or at T-junctions (a corner of one
 * piece inside an edge of another, as when one piece was cut again after its neighbour).
 *   de Berg et al., Computational Geometry (3rd ed.), 2.2: the boundary of a union of faces is the set of
 *   half-edges whose twin belongs to no face of the union.
 *
 *   weld corners closer than 1e-9 of the pieces' size into one vertex
 *   split every piece edge at each vertex lying on it (within 1e-9 of the size): the T-junctions
 *   a sub-edge (a, b) whose twin (b, a) belongs to another piece is inside the union: both cancel
 *   the sub-edges left must leave and enter each vertex once and form one loop: walk it
 *   drop the straight vertices the splits left; the loop's area must equal the pieces' summed area
 *   (else pieces overlap)
 */
/// The outline of the union of `pieces` (each counter-clockwise, one frame), counter-clockwise, without
/// straight vertices.
/// @return the outline, or an error naming the piece or the place: too few corners, clockwise or non-finite,
///         pieces whose boundary is not one loop (a hole, parts apart, pieces touching at one corner only), or
///         pieces that overlap (their areas add up to more than the outline holds)
Result<std::vector<Vec2>> outlineOfPieces(std::span<const std::vector<Vec2>> pieces);

const char* toString(DiagonalVerdict verdict); ///< "removed", "reflex-at-start", ...

} // namespace phys
