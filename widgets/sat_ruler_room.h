#pragma once
/// @file sat_ruler_room.h
/// Whether a view has room for the walkthrough's SAT ruler of every axis just beside the pair
/// (widgets/overlay_sat.cpp places the ruler): what a frame that must never show a ruler over a body looks
/// for (a slide's, SlideRenderer::drawingFrame).

#include "view_transform.h"
#include "walkthrough.h"

#include "physics/defs.h"

#include <utility>
#include <vector>

namespace cl {

/// The pair's outlines' extent across each SAT axis of a walkthrough: for axis k, the least and greatest
/// dot(p, leftPerp(normal)) over the outline points p of A and B (metres). Every ruler placement measures
/// from it, and it is the same in every view: a frame search that tries many views (SlideRenderer::
/// drawingFrame) computes it once instead of walking both outlines (a circle's 24-gon) per view and axis.
struct SatRulerExtents {
    std::vector<std::pair<double, double>> acrossAxis; ///< (lo, hi) per axis, in the trace's order
};

/// The extents of `w`'s pair across each of its SAT axes.
SatRulerExtents satRulerExtents(const Walkthrough& w);

/// Whether `view` has room for the SAT ruler of every axis of `w` just beside the pair, where the ruler goes
/// when that spot is clear: its band (bars, bracket, badges), its badges, its bracket's label and its axis
/// arrow with its name all inside the view and clear of the body names, grid figures and other bodies of
/// `scene` drawn there. Each ruler then lies beside the pair, never over a body.
/// @param extents satRulerExtents(w), computed once for all the views tried
/// @param displayScale the drawing's display scale (fonts, pens, gaps: RenderOptions::displayScale)
bool rulersBesidePair(const phys::SceneDef& scene, const Walkthrough& w, const SatRulerExtents& extents,
                      const ViewTransform& view, double displayScale = 1.0);

} // namespace cl
