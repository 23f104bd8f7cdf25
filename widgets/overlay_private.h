#pragma once
/// @file overlay_private.h
/// Private to the overlay painter (overlay.cpp and overlay_sat.cpp, overlay_clip.cpp, overlay_methods.cpp,
/// overlay_diagnostics.cpp), not for other code: the drawing helpers they share, and each concept's entry
/// point, which drawStep and OverlayPainter::drawOverlays (overlay.cpp) call. Positions are view pixels on a
/// painter mapped as overlay.h says; pen widths, sizes and fonts are given at display scale 1 and scaled by
/// the display scale of the drawing: the `scale` argument, or labels.scale() (one LabelLayout per drawing,
/// made with RenderOptions::displayScale). There is no process-wide scale.

#include "label_layout.h"
#include "overlay.h"
#include "palette.h"
#include "view_transform.h"
#include "walkthrough.h"

#include "physics/collide.h"
#include "physics/defs.h"
#include "physics/shape.h"

#include <QColor>
#include <QFont>
#include <QLineF>
#include <QPen>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace cl::overlay_detail {

// --- shared helpers (overlay.cpp) ----------------------------------------------------------------------

/// The current theme's colours (widgets/palette.h).
const Palette& pal();

QColor withAlpha(QColor c, int alpha);

QPen makePen(double scale, QColor color, double width, Qt::PenStyle style = Qt::SolidLine,
             Qt::PenCapStyle cap = Qt::RoundCap);

QFont labelFont(double scale, double pixels, bool bold = true);

QPointF toView(const ViewTransform& view, phys::Vec2 p);

/// A world direction as a unit view direction (y flips).
QPointF viewDirection(phys::Vec2 worldDirection);

/// Metres that make `pixels` view pixels (scaled by the display scale).
double metres(double scale, const ViewTransform& view, double pixels);

/// The box a label with `text` fills at its preferred spot (view pixels): beside `anchor`, centred on
/// anchor + direction * (half the box along `direction` + gap); direction (0, 0) centres it on the anchor.
QRectF labelRect(double scale, QPointF anchor, const QString& text, QPointF direction, double fontPixels,
                 bool bold = true);

/// Asks `labels` for a text label beside `anchor`, on the side of `direction` ((0, 0) centres it); the
/// layout places it clear of the others (label_layout.h) and it is drawn over everything else.
/// @param priority higher keeps its preferred spot first: the SAT ruler's bracket measure 96 and bar badges
///        95, the pair's badges 90, depths 80, other measures 75, edge names 50-60, ruler and arrow names
///        40-45, vertex indices 10
void addLabel(LabelLayout& labels, int priority, QPointF anchor, const QString& text, QColor color,
              QPointF direction = {0, 0}, double fontPixels = 13.0, bool bold = true, bool leader = true,
              double maxDistance = 0.0);

/// A legend entry: drawn exactly beside `anchor` (on the side of `direction`), and avoided by the labels.
void addLegendLabel(LabelLayout& labels, QPointF anchor, const QString& text, QColor color, QPointF direction,
                    double fontPixels, bool bold);

/// An arrow from `from` to `to` (view pixels) with a filled head.
void drawArrow(QPainter& painter, double scale, QPointF from, QPointF to, QColor color, double width = 2.5);

/// An arrow that labels keep off (LabelLayout::addLine).
void drawArrow(QPainter& painter, LabelLayout& labels, QPointF from, QPointF to, QColor color,
               double width = 2.5);

/// Where an arrow of `length` pixels (before the display scale) along the view direction `direction` goes:
/// from one of `bases` (the preferred first), at full length or shortened to about half, whichever keeps
/// the arrow and its head inside the view and off the body names and grid figures (labels.obstacles()),
/// and leaves room at the tip for its label `label` (empty: none). Issue 12 review M3: edge normals and the
/// axis arrow ran off the view's bottom onto the grid figure "0.0".
/// `shorten` false: the length is what the arrow measures (an MTV), only the base may change.
QLineF fitArrow(const LabelLayout& labels, const std::vector<QPointF>& bases, QPointF direction,
                double length, const QString& label = {}, double fontPixels = 13.0, bool shorten = true);

void drawDot(QPainter& painter, double scale, QPointF at, QColor color, double radius = 5.0,
             bool filled = true);

void drawCross(QPainter& painter, double scale, QPointF at, QColor color, double size = 7.0);

/// A marker per contact method: circle, square, diamond.
void drawMethodMarker(QPainter& painter, double scale, QPointF at, int method, QColor color);

/// A world segment drawn in view pixels.
void drawSegment(QPainter& painter, const ViewTransform& view, phys::Vec2 a, phys::Vec2 b, const QPen& pen);

/// Half the view diagonal in metres plus some: long enough for a line to cross the whole view.
double viewReach(const ViewTransform& view);

/// The point of the line {p : dot(normal, p) = offset} closest to the view centre.
phys::Vec2 lineNearCentre(const ViewTransform& view, phys::Vec2 normal, double offset);

/// The line through `point` along `direction`, across the whole view.
void drawLongLine(QPainter& painter, const ViewTransform& view, phys::Vec2 point, phys::Vec2 direction,
                  const QPen& pen);

/// Shades the half-plane dot(normal, p) > offset (what a clip discards).
void shadeHalfPlane(QPainter& painter, const ViewTransform& view, phys::Vec2 normal, double offset,
                    QColor color);

std::vector<phys::Vec2> worldVertices(const phys::Polygon& polygon, const phys::Transform& xf);

/// Centre of a shape in the world: the polygon's centroid or the circle's centre.
phys::Vec2 shapeCentre(const phys::ShapeGeometry& geometry, const phys::Transform& xf);

/// Outline of a shape in a colour (optionally translated by `shift`, metres).
void drawShapeOutline(QPainter& painter, const ViewTransform& view, const phys::ShapeGeometry& geometry,
                      const phys::Transform& xf, const QPen& pen, phys::Vec2 shift = {});

/// Polygon edge `edge` (world end points) or nothing for a circle.
bool polygonEdge(const phys::ShapeGeometry& geometry, const phys::Transform& xf, int edge, phys::Vec2& start,
                 phys::Vec2& end);

bool polygonVertex(const phys::ShapeGeometry& geometry, const phys::Transform& xf, int vertex,
                   phys::Vec2& point);

/// Thick highlighted edge with an optional label beside its midpoint (on the side of `outward`).
void drawEdgeHighlight(QPainter& painter, LabelLayout& labels, const ViewTransform& view, phys::Vec2 a,
                       phys::Vec2 b, QColor color, const QString& label = {}, phys::Vec2 outward = {},
                       double width = 5.0);

/// True when the depth labels of two contact points, each put opposite the normal `normalDir` (view frame),
/// would overlap or nearly touch (two corners of a small box seen from far away).
bool labelsCrowd(double scale, QPointF p0, const QString& label0, QPointF p1, const QString& label1,
                 QPointF normalDir, double fontPixels);

/// Where the depth label of a contact point goes (a view direction for drawText): opposite the normal
/// `normalDir` (view frame); when the labels of the group crowd (labelsCrowd), outward along the contact line
/// instead, away from the group's `mean`, and a little opposite the normal, so they sit on either side.
QPointF depthLabelDirection(QPointF point, QPointF mean, QPointF normalDir, bool crowded);

/// Whether `body` is one of the walkthrough's pair (placed as A or B is: the labels keep off the others).
bool isPairBody(const Walkthrough& w, const phys::BodyDef& body);

/// The box of all of a body's shapes, view pixels.
QRectF bodyBox(const phys::BodyDef& body, const ViewTransform& view);

/// A shape's outline in the world, counter-clockwise (a circle as a 24-gon), metres.
std::vector<phys::Vec2> shapeOutline(const phys::ShapeGeometry& geometry, const phys::Transform& xf);
/// A world outline (shapeOutline's) in view pixels.
QPolygonF viewPolygon(const std::vector<phys::Vec2>& outline, const ViewTransform& view);

/// How far from a pair badge's anchor (pixels before the display scale) another body may be its rival
/// (LabelRequest::rivals): past the label layout's farthest spot (14 rings of 11 px) and a badge's size.
inline constexpr double kBadgeReach = 400.0;

/// The "A" / "B" badges and coloured outlines of the walkthrough's two shapes.
void drawPairOutlines(QPainter& painter, LabelLayout& labels, const Walkthrough& w,
                      const ViewTransform& view);

/// Contact points with depth labels and the normal arrow. `decimals`: the depths' count, the walkthrough
/// table's beside the drawing (Walkthrough::tableLength); -1, Walkthrough::length's own.
void drawManifold(QPainter& painter, LabelLayout& labels, const ViewTransform& view, const phys::Manifold& m,
                  QColor color, bool withLabels = true, int decimals = -1);

// --- SAT (overlay_sat.cpp) ----------------------------------------------------------------------------

/// Where the ruler of SAT axis `k` goes and what it marks. Frames: `s` is a distance along the axis normal n
/// (the shadows' numbers), a lane is a distance along leftPerp(n); world point = s n + lane leftPerp(n).
struct SatRuler {
    double side = 1.0;     ///< +1: the bars go out along leftPerp(n) from laneA; -1: the other way
    double laneA = 0.0;    ///< A's bar
    double laneB = 0.0;    ///< B's bar, one lane further out
    double laneMark = 0.0; ///< the overlap or gap bracket, outermost
    double axisLane = 0.0; ///< the dash-dotted axis line, between the two bars
    double far = 0.0;      ///< the shapes' far side from the ruler (where the shadow guides end)
    /// The bracket's two ends, and whose bar each end belongs to (its tie goes to that bar only). The
    /// bracket measures what SAT measures (sat.h): min(maxA - minB, maxB - minA), the push-out from the end
    /// s1 to the end s2.
    double s1 = 0.0, s2 = 0.0;
    bool s1OfA = true, s2OfA = false;
    /// One shadow lies inside the other: the push-out is longer than the shared stretch. The ruler then
    /// shows B's bar moved by the push-out (ghostLo..ghostHi on B's lane), just clear of A's.
    bool containment = false;
    double ghostLo = 0.0, ghostHi = 0.0;
    /// The band the bars, the bracket, the badges and the axis arrow fill (s from sLo to sHi, lanes from
    /// bandLo to bandHi), and what it covers: the share of its area over the pair, over other bodies, over
    /// body names and grid labels, and outside the view (0..1 each).
    double sLo = 0.0, sHi = 0.0, bandLo = 0.0, bandHi = 0.0;
    double overPair = 0.0, overOthers = 0.0, overNames = 0.0, outside = 0.0;
    double overA = 0.0, overB = 0.0; ///< overPair split by body
};

/// Chooses the ruler's side and distance for SAT axis `k` (see overlay_sat.cpp): beside the shapes where
/// its band covers neither the pair, nor another body (`others`, view pixels), nor a name or grid label
/// (`names`, view pixels), nor leaves the view; when nothing is clear, the placement covering least, the
/// view's edge worst, then names, other bodies, the pair.
/// `axes`: the world's axes drawn under the ruler (SceneRenderer::worldAxisLines), which its bracket's measure
/// keeps off (measureSlide; weighed like a measure over the pair when it cannot).
SatRuler satRuler(const Walkthrough& w, int k, const ViewTransform& view, double scale,
                  const std::vector<QRectF>& names, const std::vector<QRectF>& others,
                  const std::vector<QLineF>& axes = {});

/// Whether the text box `text` meets one of the world's axes `axes` (view pixels) drawn
/// SceneRenderer::kWorldAxisWidth wide: the axis then runs through the text, which reads as struck through.
bool crossesWorldAxis(const QRectF& text, const std::vector<QLineF>& axes);

/// How far to slide the SAT bracket's measure, whose text box at its spot beside the bracket's middle on the
/// side `direction` is `text`, along the bracket (view pixels) so that neither its text nor its halo (`halo`
/// pixels) meets a world axis of `axes` ("overlap 0.050 m" lay on the x axis of vertex_on_edge, where every
/// bracket of a box on a ground at y = 0 lies, issue 12): the least slide that clears them all, no further
/// than the box's own extent along the bracket (it then still sits beside the bracket's middle); (0, 0) when
/// none is needed or none clears them.
QPointF measureSlide(const QRectF& text, QPointF direction, const std::vector<QLineF>& axes, double halo);

/// Whether the ruler of SAT axis `k` has room just beside the pair, at the spot satRuler takes when it is
/// clear (A's bar a margin past the pair's box, on either side): its band, its badges, its bracket's label
/// and its axis arrow with its name all inside the view and clear of `keepOff` (view pixels: names, grid
/// figures, other bodies). The band there is off the pair by construction.
/// @param across the pair's extent across axis k (satRulerExtents, sat_ruler_room.h), metres
bool rulerFitsBesidePair(const Walkthrough& w, int k, std::pair<double, double> across,
                         const ViewTransform& view, double scale, const std::vector<QRectF>& keepOff);

/// Draws SAT axis `k`: the axis as a ruler beside the shapes with both shadows as bars, the overlap or gap
/// marked with its length, guides back to the shapes, and the edge (or circle axis) it comes from.
void drawSatAxis(QPainter& painter, LabelLayout& labels, const Walkthrough& w, int k,
                 const ViewTransform& view, bool result);

// --- clipping (overlay_clip.cpp) ----------------------------------------------------------------------

/// Clipping, first step: the candidate edges of one shape (the one most anti-parallel to the normal chosen),
/// with their dot products, and the furthest point along the normal.
void drawCandidate(QPainter& painter, LabelLayout& labels, const Walkthrough& w, const phys::ClipCandidate& c,
                   bool isB, const ViewTransform& view);

/// The reference and incident edges, highlighted (with their names and the reference normal when
/// `withLabels`).
void drawReferenceAndIncident(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                              const ViewTransform& view, bool withLabels, double width = 5.0);

/// Clipping against side plane `p`: the plane, the half-plane it discards, the points before and after.
void drawClipPlane(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c, int p,
                   const ViewTransform& view);

/// The reference face test: the kept points with their depths (the Clipping table's `decimals`), the
/// discarded ones crossed out.
void drawReferenceFace(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                       const ViewTransform& view, int decimals);

// --- methods (overlay_methods.cpp) --------------------------------------------------------------------

/// A Methods step: one contact method in detail (or all of them compared), with the legend.
void drawMethods(QPainter& painter, LabelLayout& labels, const Walkthrough& w, const WalkthroughStep& step,
                 const ViewTransform& view);

// --- diagnostics (overlay_diagnostics.cpp) ------------------------------------------------------------

/// The diagnostic overlays `options` asks for, for every body of `scene` (see overlay_diagnostics.cpp).
void drawDiagnostics(QPainter& painter, LabelLayout& labels, const phys::SceneDef& scene,
                     const ViewTransform& view, const OverlayOptions& options);

} // namespace cl::overlay_detail
