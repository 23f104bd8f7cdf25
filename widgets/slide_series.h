#pragma once
/// @file slide_series.h
/// Which slides the GJK · EPA · Voronoi page gives for a pair: the one rule File > Export > Walkthrough
/// Slides and `contactlab-cli walkthrough --slides` share (review v12b N7: the CLI added Split for body A
/// and the GUI did not, and both wrote slides that were only app instructions).
///
/// The rule: GJK and EPA always give their steps. A tab with nothing to show for this pair gives no slide,
/// and the caller reports one sentence of why:
/// - Voronoi, when neither body offers a polygon against a circle (the regions explain that case only);
/// - TOI, when neither body moves (no sweep to follow);
/// - Split, the outline of body A as `--tab split` takes it, when body A has no single outline (a circle)
///   or its outline is already convex (nothing to split).
/// The SAT, clipping and methods tabs are not decided here: every pair has all their steps.

#include "gjk_steps.h"
#include "slide_renderer.h"

#include "physics/defs.h"

#include <QString>

#include <vector>

namespace cl {

/// The slides of one tab of the GJK page for bodies `a` and `b` (indices in their scene, -1 when they have
/// none), in the order the page steps them. Empty when the tab has nothing to show; `why` (may be null)
/// then gets the reason, one sentence ("Voronoi: both bodies are polygons; the regions explain a polygon
/// against a circle.").
/// @param dt the time step the TOI tab sweeps over (the scene's)
/// @param pair the heading's "A = plank, B = box"
std::vector<Slide> gjkPageSlides(GjkSteps::Tab tab, const phys::BodyDef& a, int indexA,
                                 const phys::BodyDef& b, double dt, const QString& pair,
                                 QString* why = nullptr);

/// The tabs of the GJK page in the order a full series has them: GJK, EPA, Voronoi, TOI, Split (as
/// `--tab all` lists them).
std::vector<GjkSteps::Tab> gjkPageSeriesTabs();

} // namespace cl
