/// @file overlay_sat.cpp
/// The overlay of a SAT step: one axis as a ruler beside the shapes with both shadows, the overlap or gap,
/// and the edge it comes from (overlay_private.h). Everything drawn comes from the trace (SatTrace).

#include "overlay_private.h"
#include "sat_ruler_room.h"
#include "scene_canvas.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <utility>
#include <variant>

namespace cl::overlay_detail {

// A circle as a 24-gon: a fraction of a percent of its area off.
std::vector<phys::Vec2> shapeOutline(const phys::ShapeGeometry& geometry, const phys::Transform& xf) {
    std::vector<phys::Vec2> out;
    if (const auto* c = std::get_if<phys::Circle>(&geometry)) {
        const phys::Vec2 centre = phys::transformPoint(xf, c->center);
        for (int i = 0; i < 24; ++i) {
            const double a = 2.0 * 3.14159265358979323846 * i / 24.0;
            out.push_back(centre + c->radius * phys::Vec2{std::cos(a), std::sin(a)});
        }
    } else if (const auto* p = std::get_if<phys::Polygon>(&geometry)) {
        for (int i = 0; i < p->count(); ++i) {
            out.push_back(phys::transformPoint(xf, p->vertex(i)));
        }
    }
    return out;
}

QPolygonF viewPolygon(const std::vector<phys::Vec2>& outline, const ViewTransform& view) {
    QPolygonF polygon;
    polygon.reserve(qsizetype(outline.size()));
    for (const phys::Vec2 p : outline) {
        polygon << toView(view, p);
    }
    return polygon;
}

bool crossesWorldAxis(const QRectF& text, const std::vector<QLineF>& axes) {
    const double w = 0.5 * SceneRenderer::kWorldAxisWidth;
    const QRectF grown = text.adjusted(-w, -w, w, w);
    return std::any_of(axes.begin(), axes.end(), [&grown](const QLineF& axis) {
        const auto [t0, t1] = clipSegmentToRect(axis.p1(), axis.p2(), grown);
        return t1 > t0;
    });
}

// Slide off the axes:
//   u = the bracket's direction in the view (direction turned a quarter); grown = text + halo + half the pen
//   for each axis (unit normal m, offset c = dot(m, axis point)) not parallel to u:
//     the slides that put grown wholly on either side of it: (c - min dot(m, corner)) / dot(u, m) and
//     (c - max dot(m, corner)) / dot(u, m), a hundredth of a pixel further
//   the least of them (and 0) whose moved box meets no axis, within the box's extent along u
QPointF measureSlide(const QRectF& text, QPointF direction, const std::vector<QLineF>& axes, double halo) {
    const double len = std::hypot(direction.x(), direction.y());
    if (axes.empty() || !(len > 0.0)) {
        return {};
    }
    const QPointF u(-direction.y() / len, direction.x() / len);
    const double m = halo + 0.5 * SceneRenderer::kWorldAxisWidth;
    const QRectF grown = text.adjusted(-m, -m, m, m);
    const auto clear = [&axes](const QRectF& box) {
        return std::none_of(axes.begin(), axes.end(), [&box](const QLineF& axis) {
            const auto [t0, t1] = clipSegmentToRect(axis.p1(), axis.p2(), box);
            return t1 >= t0;
        });
    };
    if (clear(grown)) {
        return {};
    }
    std::vector<double> slides;
    for (const QLineF& axis : axes) {
        const QPointF d = axis.p2() - axis.p1();
        const double length = std::hypot(d.x(), d.y());
        if (!(length > 0.0)) {
            continue;
        }
        const QPointF normal(-d.y() / length, d.x() / length);
        const double um = QPointF::dotProduct(u, normal);
        if (std::abs(um) < 1e-3) {
            continue; // sliding along the axis never leaves it
        }
        const double c = QPointF::dotProduct(normal, axis.p1());
        double lo = 1e300, hi = -1e300;
        for (const QPointF corner :
             {grown.topLeft(), grown.topRight(), grown.bottomLeft(), grown.bottomRight()}) {
            lo = std::min(lo, QPointF::dotProduct(normal, corner));
            hi = std::max(hi, QPointF::dotProduct(normal, corner));
        }
        for (const double t : {(c - lo) / um, (c - hi) / um}) {
            slides.push_back(t + (t > 0.0 ? 0.01 : -0.01));
        }
    }
    std::sort(slides.begin(), slides.end(), [](double a, double b) { return std::abs(a) < std::abs(b); });
    const double limit = std::abs(u.x()) * text.width() + std::abs(u.y()) * text.height();
    for (const double t : slides) {
        if (std::abs(t) <= limit && clear(grown.translated(u * t))) {
            return u * t;
        }
    }
    return {};
}

namespace {

/// A convex outline in the ruler's frame: (s, t) = (dot(p, n), dot(p, leftPerp(n))) for each world point p
/// (a rotation, so areas are kept), with its extent across the axis for culling.
struct Outline {
    std::vector<QPointF> points;
    double t0 = 0.0, t1 = 0.0;
};

Outline outlineOf(const std::vector<phys::Vec2>& world, phys::Vec2 n, phys::Vec2 perp) {
    Outline o;
    o.t0 = 1e300;
    o.t1 = -1e300;
    for (const phys::Vec2 p : world) {
        o.points.emplace_back(phys::dot(p, n), phys::dot(p, perp));
        o.t0 = std::min(o.t0, o.points.back().y());
        o.t1 = std::max(o.t1, o.points.back().y());
    }
    return o;
}

/// A view rectangle's corners in the world.
std::vector<phys::Vec2> rectOutline(const QRectF& r, const ViewTransform& view) {
    return {view.toWorld(r.topLeft()), view.toWorld(r.topRight()), view.toWorld(r.bottomRight()),
            view.toWorld(r.bottomLeft())};
}

// Areas of convex outlines inside rectangles, for the ruler's search, which works out hundreds of them a
// paint (every drag move): Sutherland-Hodgman clipping (Ericson 8.3.4) in fixed buffers, then the shoelace
// formula. Each side adds at most one vertex to a convex polygon, and outlines have at most 24 (a circle's).
// A side with the whole polygon on its inner side (by the polygon's own extent, before any clip) is not
// clipped by, since that would copy every point unchanged (the points a clip adds lie between two points
// of the polygon, so inside any side the polygon is inside): the area is the same to the bit.
constexpr std::size_t kClipRoom = 32;

/// Keeps the part of in[0, n) where insideOf holds, into out; `cross` is where an edge crosses the side.
template <typename Inside, typename Cross>
std::size_t clipSide(const QPointF* in, std::size_t n, QPointF* out, Inside insideOf, Cross cross) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF a = in[i], b = in[(i + 1) % n];
        const bool ia = insideOf(a), ib = insideOf(b);
        if (ia) {
            out[count++] = a;
        }
        if (ia != ib) {
            out[count++] = cross(a, b);
        }
    }
    return count;
}

std::size_t clipAcross(const QPointF* in, std::size_t n, QPointF* a, QPointF* b, double x0, double x1,
                       double s0, double s1, const QPointF*& result) {
    const auto atS = [](double s) {
        return [s](QPointF p, QPointF q) {
            const double u = (s - p.x()) / (q.x() - p.x());
            return QPointF(s, p.y() + u * (q.y() - p.y()));
        };
    };
    result = in;
    if (x0 < s0) {
        n = clipSide(
            result, n, a, [s0](QPointF p) { return p.x() >= s0; }, atS(s0));
        result = a;
        a = b;
    }
    if (x1 > s1) {
        n = clipSide(
            result, n, a, [s1](QPointF p) { return p.x() <= s1; }, atS(s1));
        result = a;
    }
    return n;
}

/// The area of in[0, n) inside t0 <= y <= t1, where y0..y1 is the extent of the polygon it was cut from.
double areaAlong(const QPointF* in, std::size_t n, double y0, double y1, double t0, double t1) {
    if (y1 < t0 || y0 > t1) {
        return 0.0;
    }
    const auto atT = [](double t) {
        return [t](QPointF p, QPointF q) {
            const double u = (t - p.y()) / (q.y() - p.y());
            return QPointF(p.x() + u * (q.x() - p.x()), t);
        };
    };
    std::array<QPointF, kClipRoom> a, b;
    if (y0 < t0) {
        n = clipSide(
            in, n, a.data(), [t0](QPointF p) { return p.y() >= t0; }, atT(t0));
        in = a.data();
    }
    if (y1 > t1) {
        n = clipSide(
            in, n, b.data(), [t1](QPointF p) { return p.y() <= t1; }, atT(t1));
        in = b.data();
    }
    double twice = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF p = in[i], q = in[(i + 1) % n];
        twice += p.x() * q.y() - q.x() * p.y();
    }
    return 0.5 * std::abs(twice);
}

/// A convex outline clipped to the stretch s0 <= x <= s1 once, for the areas of many rectangles over it.
struct ClipPart {
    std::array<QPointF, kClipRoom> points;
    std::size_t count = 0;
    double y0 = 1e300, y1 = -1e300;
    bool outside = false; ///< wholly before or past the stretch: no area there

    ClipPart(const std::vector<QPointF>& polygon, double s0, double s1) {
        double x0 = 1e300, x1 = -1e300;
        for (const QPointF& p : polygon) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
        outside = x1 < s0 || x0 > s1 || polygon.size() + 4 > kClipRoom;
        if (outside) {
            return;
        }
        std::array<QPointF, kClipRoom> spare;
        const QPointF* result = nullptr;
        count =
            clipAcross(polygon.data(), polygon.size(), points.data(), spare.data(), x0, x1, s0, s1, result);
        if (result != points.data()) {
            std::copy_n(result, count, points.begin());
        }
    }
    double areaBetween(double t0, double t1) const {
        return outside ? 0.0 : areaAlong(points.data(), count, y0, y1, t0, t1);
    }
};

/// Area of a convex polygon's part inside the rectangle [s0, s1] x [t0, t1].
double areaInside(const std::vector<QPointF>& polygon, double s0, double s1, double t0, double t1) {
    return ClipPart(polygon, s0, s1).areaBetween(t0, t1);
}

} // namespace

namespace {

/// Which of the pair is the smaller (by its box's longer side), and how many times the other is larger.
struct PairSizes {
    bool aSmaller = true;
    double ratio = 1.0;
};
PairSizes pairSizes(const Walkthrough& w) {
    const phys::CollideTrace& t = w.trace();
    const auto extent = [](const phys::AABB& b) {
        return std::max(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
    };
    PairSizes s;
    s.aSmaller = extent(t.aabbA) <= extent(t.aabbB);
    s.ratio =
        extent(s.aSmaller ? t.aabbB : t.aabbA) / std::max(1e-12, extent(s.aSmaller ? t.aabbA : t.aabbB));
    return s;
}

/// Which of the pair a ruler's measure keeps off: both (-1) when their sizes are within three times each
/// other, else only the smaller (0: A, 1: B); a 12 m ground spans any view of the box on it, as for the band
/// (OverlayPainter::rulersHaveRoom).
int measureKeepsOff(const Walkthrough& w) {
    const PairSizes sizes = pairSizes(w);
    return sizes.ratio <= 3.0 ? -1 : (sizes.aSmaller ? 0 : 1);
}

/// Whether a measure's text box `box` lies where it reads as naming the wrong body or as struck through
/// (view pixels): over the body it keeps off (measureKeepsOff: both, or the smaller), or across the other's
/// outline (pair[0] A's outline, pair[1] B's; inside a 12 m ground, off its outline, it reads fine), with no
/// spot off it a text height away when that body spans `viewRect`.
bool measureOverPair(const QRectF& box, const std::vector<QPolygonF>& pair, int keepOff,
                     const QRectF& viewRect) {
    for (std::size_t i = 0; i < pair.size(); ++i) {
        if (!rectIntersectsConvex(box, pair[i])) {
            continue;
        }
        if (keepOff < 0 || std::size_t(keepOff) == i) {
            return true;
        }
        // Across the larger body's outline, and still so a text height up or down (the label layout moves
        // a label that far off an outline and stays by its bracket): a bracket where a box stands on a
        // ground has its measure on the ground's top edge whatever the view.
        const auto across = [&](const QRectF& b) {
            if (!rectIntersectsConvex(b, pair[i])) {
                return false;
            }
            for (const QPointF c : {b.topLeft(), b.topRight(), b.bottomLeft(), b.bottomRight()}) {
                if (!pair[i].containsPoint(c, Qt::OddEvenFill)) {
                    return true;
                }
            }
            return false;
        };
        // A text height up or down only on a body as wide or as tall as the view (no view keeps the measure
        // off it); on a smaller one (a 4 m ground beside its 1 m box) the measure goes off its outline.
        const QRectF extent = pair[i].boundingRect();
        const bool spans = (extent.left() <= viewRect.left() && extent.right() >= viewRect.right()) ||
                           (extent.top() <= viewRect.top() && extent.bottom() >= viewRect.bottom());
        const double h = box.height();
        if (across(box) && (!spans || (across(box.translated(0.0, -h)) && across(box.translated(0.0, h))))) {
            return true;
        }
    }
    return false;
}

/// The bracket's words: "overlap 0.55 m" or "gap 0.20 m", with the table's count of decimals.
QString bracketText(const phys::SatAxis& axis, int decimals) {
    return axis.separating ? QObject::tr("gap %1 m").arg(Walkthrough::axisGap(axis, decimals))
                           : QObject::tr("overlap %1 m").arg(Walkthrough::axisOverlap(axis, decimals));
}

/// What a ruler's placement is measured in (satRuler's layout above): the ruler with its bracket, shadows and
/// band length filled in, the axis frame, the pair's extent across the axis (lo..hi) and the lanes' pixels.
struct RulerGeometry {
    SatRuler ruler;
    phys::Vec2 n, perp;
    double lo = 0.0, hi = 0.0; ///< the pair's outlines across the axis (along perp), metres
    double margin = 0.0;       ///< the ideal gap between the shapes and A's bar, metres
    double lane = 0.0;         ///< from A's bar to B's, metres
    double band = 0.0;         ///< from A's bar out past the bracket, metres
};

/// `across`: the pair's extent across axis k (lo, hi), which does not change with the view: computed by the
/// caller once (satRulerExtents, or satRuler's own outlines).
RulerGeometry rulerGeometry(const Walkthrough& w, int k, std::pair<double, double> across,
                            const ViewTransform& view, double scale) {
    const phys::CollideTrace& t = w.trace();
    const phys::SatAxis& axis = t.sat.axes[k];
    RulerGeometry g;
    g.n = axis.normal;
    g.perp = phys::leftPerp(g.n);
    SatRuler& r = g.ruler;
    // The bracket: the overlap is min(maxA - minB, maxB - minA) (sat.h), the push-out of B below A's low end
    // (B's high end to A's low end) or above A's high end (B's low end to A's high end); for a gap, the
    // same ends. Mark the ends that give it.
    const bool bBelowA = axis.maxB - axis.minA < axis.maxA - axis.minB;
    r.s1 = bBelowA ? axis.minA : axis.minB;
    r.s2 = bBelowA ? axis.maxB : axis.maxA;
    r.s1OfA = bBelowA;
    r.s2OfA = !bBelowA;
    const double pushOut = std::min(axis.maxA - axis.minB, axis.maxB - axis.minA);
    const double shared = std::min(axis.maxA, axis.maxB) - std::max(axis.minA, axis.minB);
    r.containment = !axis.separating && pushOut > shared + 1e-9;
    // B moved by the push-out: its far end lands on A's near end.
    r.ghostLo = bBelowA ? axis.minB - pushOut : axis.minB + pushOut;
    r.ghostHi = bBelowA ? axis.maxB - pushOut : axis.maxB + pushOut;

    // The pair's own extent across the axis, not its box's: on a diagonal axis a box's corner lies far from
    // a long plank's outline, and a ruler beside the corner ran off a slide's strip (issue 12 item 8).
    g.lo = across.first;
    g.hi = across.second;
    g.margin = metres(scale, view, 30.0);
    g.lane = metres(scale, view, 15.0);
    // The bars and the bracket with its ticks. The bracket's label is not in it: the label layout places it
    // beside the bracket, clear of names and other labels (a ruler as wide as "overlap 0.55 m" found no room
    // beside a pair in a scene framed to fit).
    g.band = 2.2 * g.lane + metres(scale, view, 10.0);
    double sLow = std::min(axis.minA, axis.minB);
    double sHigh = std::max(axis.maxA, axis.maxB);
    if (r.containment) {
        sLow = std::min(sLow, r.ghostLo);
        sHigh = std::max(sHigh, r.ghostHi);
    }
    // The band: the badges before the bars, the bars and the bracket. Not the axis arrow past them: a thin
    // line that may cross a body (a ground under the pair spans the whole view; the arrow's label is placed
    // clear by the label layout).
    r.sLo = sLow - metres(scale, view, 18.0);
    r.sHi = sHigh + metres(scale, view, 8.0);

    return g;
}

/// Puts the ruler of `g` with A's bar at lane t0 on `side`: its lanes and its band, from just inside A's bar
/// out to the bracket.
void placeRuler(const RulerGeometry& g, SatRuler& r, double t0, double side, double scale,
                const ViewTransform& view) {
    r.side = side;
    r.laneA = t0;
    const double inner = t0 - side * metres(scale, view, 6.0);
    const double outer = t0 + side * g.band;
    r.bandLo = std::min(inner, outer);
    r.bandHi = std::max(inner, outer);
    r.laneB = t0 + side * g.lane;
    r.laneMark = t0 + side * 2.2 * g.lane;
    r.axisLane = t0 + side * 0.5 * g.lane;
    r.far = side > 0 ? g.lo : g.hi;
}

} // namespace

} // namespace cl::overlay_detail

namespace cl {

// Per axis k: lo, hi = min, max of dot(p, leftPerp(n_k)) over the world outline points p of A and B (a
// circle as shapeOutline's 24-gon, as the ruler's cover measures it).
SatRulerExtents satRulerExtents(const Walkthrough& w) {
    SatRulerExtents e;
    if (!w.isValid()) {
        return e;
    }
    std::vector<phys::Vec2> points = overlay_detail::shapeOutline(w.geometryA(), w.transformA());
    const std::vector<phys::Vec2> b = overlay_detail::shapeOutline(w.geometryB(), w.transformB());
    points.insert(points.end(), b.begin(), b.end());
    const phys::SatTrace& sat = w.trace().sat;
    for (int k = 0; k < sat.axisCount; ++k) {
        const phys::Vec2 perp = phys::leftPerp(sat.axes[k].normal);
        double lo = 1e300, hi = -1e300;
        for (const phys::Vec2 p : points) {
            lo = std::min(lo, phys::dot(p, perp));
            hi = std::max(hi, phys::dot(p, perp));
        }
        e.acrossAxis.emplace_back(lo, hi);
    }
    return e;
}

} // namespace cl

namespace cl::overlay_detail {

// Layout (issue 12, review M1: the ruler was pulled over the shapes, or beside them onto a third body):
//   n = axis normal, t = leftPerp(n); lo, hi = the extent of A's and B's outlines along t
//   the ruler's band: s from below both shadows (their badges) to just past them; lanes from A's bar out to
//   the bracket
//   candidates: each side (+: bars going out along t from A's bar, -: the other way), A's bar at the ideal
//   spot just beside the shapes (hi + margin, lo - margin) and at every 3 px across the visible
//   range, over the shapes included
//   cost = the band's share outside the view x 40 + over a name or grid label x 25 + over another body x 12
//          + over A or B x 10 (shares of the band's area, exact: each outline clipped to the band)
//          + a step for touching each kind at all (2, 2, 1, 0.5) + 0.0015 per pixel from the ideal spot
//   the cheapest wins: beside the pair where that is clear; else a placement further out that is clear;
//   when the view is too tight for anything clear, the one covering least, the pair rather than a third body
// (A label-placement cost of the kind Christensen, Marks and Shieber weigh, "An empirical study of algorithms
// for point-feature label placement", ACM TOG 1995, applied to the ruler as one large label.)
SatRuler satRuler(const Walkthrough& w, int k, const ViewTransform& view, double scale,
                  const std::vector<QRectF>& names, const std::vector<QRectF>& others,
                  const std::vector<QLineF>& axes) {
    // The pair's outlines in the ruler's frame: their extent across the axis places the ruler, their areas
    // weigh each placement.
    const phys::Vec2 n = w.trace().sat.axes[k].normal;
    const phys::Vec2 perp = phys::leftPerp(n);
    std::vector<Outline> pair;
    std::vector<QPolygonF> pairInView; ///< the same outlines in view pixels (the measure keeps off them)
    for (const auto& [geometry, xf] :
         {std::pair{&w.geometryA(), w.transformA()}, std::pair{&w.geometryB(), w.transformB()}}) {
        const std::vector<phys::Vec2> outline = shapeOutline(*geometry, xf);
        pair.push_back(outlineOf(outline, n, perp));
        pairInView.push_back(viewPolygon(outline, view));
    }
    const RulerGeometry g = rulerGeometry(
        w, k, {std::min(pair[0].t0, pair[1].t0), std::max(pair[0].t1, pair[1].t1)}, view, scale);
    SatRuler r = g.ruler;
    const double lo = g.lo, hi = g.hi, margin = g.margin, band = g.band;

    // The visible range across the axis (the view's corners projected on t).
    const QRectF visible = view.visibleWorldRect().normalized();
    double viewLo = 1e300, viewHi = -1e300;
    for (const QPointF c :
         {visible.topLeft(), visible.topRight(), visible.bottomLeft(), visible.bottomRight()}) {
        const double along = phys::dot(phys::Vec2{c.x(), c.y()}, perp);
        viewLo = std::min(viewLo, along);
        viewHi = std::max(viewHi, along);
    }
    // Everything the band should keep off, in the ruler's frame; what lies wholly before or past the band's
    // length along the axis is left out.
    const auto near = [&](const Outline& o) {
        double s0 = 1e300, s1 = -1e300;
        for (const QPointF p : o.points) {
            s0 = std::min(s0, p.x());
            s1 = std::max(s1, p.x());
        }
        return s1 >= r.sLo && s0 <= r.sHi;
    };
    std::vector<Outline> nameOutlines, otherOutlines;
    for (const auto& [rects, out] : {std::pair{&names, &nameOutlines}, std::pair{&others, &otherOutlines}}) {
        for (const QRectF& rect : *rects) {
            // Off the view, it is never under a placement that counts (a big scene's bodies out of sight:
            // the ruler is placed on every repaint of a drag).
            if (!rect.normalized().intersects(QRectF(QPointF(0, 0), view.viewSize()))) {
                continue;
            }
            Outline o = outlineOf(rectOutline(rect.normalized(), view), n, perp);
            if (near(o)) {
                out->push_back(std::move(o));
            }
        }
    }
    const Outline visibleOutline =
        outlineOf(rectOutline(QRectF(QPointF(0, 0), view.viewSize()), view), n, perp);
    const double ppm = view.pixelsPerMetre();

    // Every band the search weighs spans the same length along the axis, [sLo, sHi]: each outline is clipped
    // to that stretch once here, and each band clips what is left by its two sides across (areaInside's
    // steps, in its order, so its areas to the bit). An outline wholly before or past it has no area there.
    struct Strip {
        ClipPart part;
        double t0, t1;
    };
    const auto stripsOf = [&](const std::vector<Outline>& outlines) {
        std::vector<Strip> strips;
        for (const Outline& o : outlines) {
            strips.push_back({ClipPart(o.points, r.sLo, r.sHi), o.t0, o.t1});
        }
        return strips;
    };
    const std::vector<Strip> pairStrips = stripsOf(pair);
    const std::vector<Strip> otherStrips = stripsOf(otherOutlines);
    const std::vector<Strip> nameStrips = stripsOf(nameOutlines);

    struct Cover {
        double pair = 0, others = 0, names = 0, outside = 0, a = 0, b = 0;
    };
    // What a placement's band covers, as the search weighs it: any overlap at all costs a step, so that a
    // placement touching something by a sliver loses to one a few pixels further out that touches nothing.
    const auto coveredCost = [](const Cover& c) {
        return 40.0 * c.outside + 25.0 * c.names + 12.0 * c.others + 10.0 * c.pair +
               (c.outside > 1e-6 ? 2.0 : 0.0) + (c.names > 0.0 ? 2.0 : 0.0) + (c.others > 0.0 ? 1.0 : 0.0) +
               (c.pair > 0.0 ? 0.5 : 0.0);
    };
    // The share of the band [sLo, sHi] x [bandLo, bandHi] each kind of thing covers (exact areas). The other
    // bodies come last and stop early (nullopt) once `enough(lower)` says the cost they have reached
    // already rules the placement out: every term only grows, so coveredCost of the shares so far is a
    // lower bound (in floating point too: the same sums, in the same order, of terms that are never
    // negative). A crowded view had every placement weigh a thousand bodies' strips.
    const auto cover = [&](double bandLo, double bandHi, const auto& enough) -> std::optional<Cover> {
        const double total = (r.sHi - r.sLo) * (bandHi - bandLo);
        const auto share = [&](std::span<const Strip> strips) {
            double area = 0.0;
            for (const Strip& o : strips) {
                if (o.t1 >= bandLo && o.t0 <= bandHi) {
                    area += o.part.areaBetween(bandLo, bandHi);
                }
            }
            return std::min(1.0, area / total);
        };
        Cover c;
        c.a = share(std::span<const Strip>(pairStrips.data(), 1));
        c.b = share(std::span<const Strip>(pairStrips.data() + 1, 1));
        c.pair = std::min(1.0, c.a + c.b);
        c.names = share(nameStrips);
        // Outside: of the stretch of the band whose middle line is in the view (a shadow longer than the view,
        // a 12 m ground's, leaves it at both ends wherever the ruler goes; what counts is its lanes).
        const double mid = 0.5 * (bandLo + bandHi);
        double sv0 = 1e300, sv1 = -1e300;
        const std::vector<QPointF>& v = visibleOutline.points;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const QPointF a = v[i], b = v[(i + 1) % v.size()];
            if ((a.y() - mid) * (b.y() - mid) <= 0.0 && a.y() != b.y()) {
                const double sx = a.x() + (mid - a.y()) / (b.y() - a.y()) * (b.x() - a.x());
                sv0 = std::min(sv0, sx);
                sv1 = std::max(sv1, sx);
            }
        }
        const double s0 = std::max(r.sLo, sv0), s1 = std::min(r.sHi, sv1);
        c.outside = s1 <= s0 ? 1.0
                             : std::max(0.0, 1.0 - areaInside(v, s0, s1, bandLo, bandHi) /
                                                       ((s1 - s0) * (bandHi - bandLo)));
        if (enough(coveredCost(c))) {
            return std::nullopt;
        }
        double area = 0.0;
        for (const Strip& o : otherStrips) {
            if (o.t1 >= bandLo && o.t0 <= bandHi) {
                area += o.part.areaBetween(bandLo, bandHi);
                c.others = std::min(1.0, area / total);
                if (enough(coveredCost(c))) {
                    return std::nullopt;
                }
            }
        }
        c.others = std::min(1.0, area / total);
        return c;
    };
    // The band of a ruler whose A bar is at t0 on `side`: from just inside A's bar out to the bracket.
    const auto bandOf = [&](double t0, double side) {
        SatRuler at;
        placeRuler(g, at, t0, side, scale, view);
        return std::pair{at.bandLo, at.bandHi};
    };
    // The bracket's measure at its preferred spot, out past the bracket (drawSatAxis): a ruler at the view's
    // edge whose measure has no room there, or whose measure lies over the pair, sent it 100-200 px off on a
    // leader (issue 12, presentation mode at 1280x800). Its box for A's bar at lane 0 on each side, moved
    // with the ruler below (the text is measured once per call: the drag places the ruler per move).
    const phys::SatAxis& axis = w.trace().sat.axes[k];
    const QString measure = bracketText(axis, w.tableDecimals());
    const QRectF viewBox(QPointF(0, 0), view.viewSize());
    const phys::Vec2 markAt = 0.5 * (r.s1 + r.s2) * n;
    const QPointF origin = toView(view, markAt);
    const QRectF measureAt[2] = {
        labelRect(scale, origin, measure, viewDirection(-1.0 * perp), 14.0),
        labelRect(scale, origin, measure, viewDirection(perp), 14.0),
    };
    const int keepOff = measureKeepsOff(w);
    const double halo = 3.0 * scale;
    const auto measureCost = [&](double t0, double side) {
        const QPointF shift = toView(view, markAt + (t0 + side * 2.2 * g.lane) * perp) - origin;
        if (!viewBox.contains(origin + shift)) {
            return 0.0; // the bracket's middle out of sight: its measure is not drawn there (rulersHaveRoom)
        }
        // In the view with the label layout's halo, off the pair without, as rulersHaveRoom measures it;
        // slid along the bracket off the world's axes, as drawn (drawSatAxis).
        QRectF text = measureAt[side > 0 ? 1 : 0].translated(shift);
        text.translate(measureSlide(text, viewDirection(side * perp), axes, halo));
        const QRectF box = text.adjusted(-halo, -halo, halo, halo);
        const double area = box.width() * box.height();
        if (!(area > 0.0)) {
            return 0.0;
        }
        const QRectF in = box.intersected(viewBox);
        const double outside = 1.0 - (in.isEmpty() ? 0.0 : in.width() * in.height()) / area;
        const bool overPair = measureOverPair(text, pairInView, keepOff, viewBox);
        // A measure cut by the view's edge weighs as much as 200 px of distance (a ruler over a ground that
        // spans the view hugged its edge, its measure cut), and so does one a world axis runs through where
        // no slide clears it (struck through: on shapes.json's B edge 0, whose bracket runs nearly along the y
        // axis); one over the pair a little less.
        return (outside > 1e-6 ? 0.3 + 0.1 * outside : 0.0) + (overPair ? 0.08 : 0.0) +
               (crossesWorldAxis(text, axes) ? 0.3 : 0.0);
    };
    // Two choices in one pass: the cheapest placement by its band and distance (best), and among the
    // placements whose band covers as much as the best's (clear of everything, or over the same ground that
    // spans the view), the one with the least distance and measure cost (like). The like one is taken: the
    // measure's room trades only against distance, never against what the band covers.
    struct Choice {
        double t0 = 0.0, side = 1.0;
        Cover c;
        double covered = 0.0;
        double cost = 1e300;
    };
    Choice best, like;
    const auto consider = [&](double t0, double side) {
        const double ideal = side > 0 ? hi + margin : lo - margin;
        // Every other term of the cost is a share or a step, never below zero, so this much is the least a
        // placement can cost: one that can beat neither the best so far nor the like one with its measure
        // is not clipped at all. A drag, whose every move places the ruler, clipped some hundreds of polygons
        // per move (5% of a move at 1000 bodies, contactlab-framebench --drag).
        const double distance = 0.0015 * std::abs(t0 - ideal) * ppm / scale + (side < 0 ? 1e-4 : 0.0);
        if (distance >= std::max(best.cost, like.cost)) {
            return;
        }
        // One that cannot beat the best by its band and distance can only become the like one, by its
        // distance and measure: when those cannot beat the like one either, its band is not measured (the
        // same choices, exactly: a placement further than the best's cost reaches either branch below only
        // by the second test).
        const double withMeasure = distance + measureCost(t0, side);
        if (distance >= best.cost && withMeasure >= like.cost) {
            return;
        }
        // Its band is measured only while it can still win: by band and distance (the first branch below),
        // or as the like one, which needs the best's cover (sameCover) and a lower distance and measure.
        const bool mayBeLike = withMeasure < like.cost;
        const auto enough = [&](double lower) {
            const bool beatsBest = lower + distance < best.cost;
            const bool coversAsBest =
                mayBeLike && lower * (1.0 - 1e-6) <= best.covered + 1e-6 + 1e-9 * (1.0 + lower);
            return !beatsBest && !coversAsBest;
        };
        const auto [bandLo, bandHi] = bandOf(t0, side);
        const std::optional<Cover> measured = cover(bandLo, bandHi, enough);
        if (!measured) {
            return;
        }
        const Cover& c = *measured;
        const double covered = coveredCost(c);
        const bool sameCover = std::abs(covered - best.covered) <= 1e-6 * (1.0 + covered);
        if (covered + distance < best.cost) {
            const bool sameClass = like.cost < 1e300 && sameCover;
            best = {t0, side, c, covered, covered + distance};
            if (!sameClass || withMeasure < like.cost) {
                like = {t0, side, c, covered, withMeasure};
            }
        } else if (sameCover && withMeasure < like.cost) {
            like = {t0, side, c, covered, withMeasure};
        }
    };
    // The ideal spots, then every 3 px from past one edge of the view to past the other (outward from the
    // ideal spot to the view's edge, and inward across the shapes): a gap between two bodies just wide
    // enough for the ruler is found. A drag repaints per mouse move: some hundreds of small polygon clips.
    for (const double side : {1.0, -1.0}) {
        consider(side > 0 ? hi + margin : lo - margin, side);
    }
    const double step = metres(scale, view, 3.0);
    for (const double side : {1.0, -1.0}) {
        const double from = viewLo - band;
        const double to = viewHi + band;
        const int count = std::min(1000, int((to - from) / step) + 1);
        for (int i = 0; i <= count; ++i) {
            consider(from + (to - from) * i / std::max(1, count), side);
        }
    }
    const Choice& chosen = like.cost < 1e300 ? like : best;
    if (chosen.cost < 1e300) {
        placeRuler(g, r, chosen.t0, chosen.side, scale, view);
        r.overPair = chosen.c.pair;
        r.overA = chosen.c.a;
        r.overB = chosen.c.b;
        r.overOthers = chosen.c.others;
        r.overNames = chosen.c.names;
        r.outside = chosen.c.outside;
    }
    return r;
}

namespace {

/// Where drawSatAxis asks for the axis arrow, in order: past the bars, then before the badges (view pixels,
/// on the axis lane).
std::vector<QPointF> axisArrowBases(const phys::SatAxis& axis, const SatRuler& r, const ViewTransform& view,
                                    double scale) {
    const double sHigh = std::max({axis.maxA, axis.maxB, r.containment ? r.ghostHi : -1e300});
    const double sLow = std::min({axis.minA, axis.minB, r.containment ? r.ghostLo : 1e300});
    const phys::Vec2 perp = phys::leftPerp(axis.normal);
    std::vector<QPointF> bases;
    for (int i = 0; i < 6; ++i) {
        for (const double s : {sHigh + metres(scale, view, 8.0 + 24.0 * i),
                               sLow - metres(scale, view, 30.0 + 38.0 + 24.0 * i)}) {
            bases.push_back(toView(view, s * axis.normal + r.axisLane * perp));
        }
    }
    return bases;
}

constexpr double kAxisArrowLength = 38.0; ///< pixels before the display scale

/// The lanes of the bars' badges: A's a little inside A's bar, B's a little outside B's, so that neither
/// straddles the axis line halfway between the bars (its preferred spot did, always, and the label layout
/// moved it to whatever was free nearby: onto body B in a review of the slides, issue 12 item 8). 5 px clears
/// the axis line by a pixel with a 13 px badge and its halo.
std::pair<double, double> badgeLanes(const SatRuler& r, const ViewTransform& view, double scale) {
    const double shift = metres(scale, view, 5.0);
    return {r.laneA - r.side * shift, r.laneB + r.side * shift};
}

} // namespace

// Room beside the pair (for a frame that must show every ruler there, the slides'):
//   for side in (+, -): A's bar at hi + margin (or lo - margin), the ideal spot satRuler takes when clear
//     the band's corners, the badges' and the bracket label's preferred boxes (with their halo) in the view
//     and off keepOff; the axis arrow and its name, from one of its bases, likewise
//   room when one side has all of it
bool rulerFitsBesidePair(const Walkthrough& w, int k, std::pair<double, double> across,
                         const ViewTransform& view, double scale, const std::vector<QRectF>& keepOff) {
    const RulerGeometry g = rulerGeometry(w, k, across, view, scale);
    const phys::SatAxis& axis = w.trace().sat.axes[k];
    const QRectF viewRect(QPointF(0, 0), view.viewSize());
    const double halo = 3.0 * scale; // the label layout's halo, and a little more
    // The slides draw the grid, and so the world's axes, which the measure slides off (drawSatAxis).
    const std::vector<QLineF> axes =
        SceneRenderer::worldAxisLines(view.visibleWorldRect(), view.worldToView());
    const auto clear = [&](const QRectF& box) {
        return viewRect.contains(box) && std::none_of(keepOff.begin(), keepOff.end(),
                                                      [&](const QRectF& o) { return o.intersects(box); });
    };
    for (const double side : {1.0, -1.0}) {
        SatRuler r = g.ruler;
        placeRuler(g, r, side > 0 ? g.hi + g.margin : g.lo - g.margin, side, scale, view);
        const auto at = [&](double s, double lane) {
            return toView(view, s * g.n + lane * g.perp);
        };
        const QPolygonF band(
            {at(r.sLo, r.bandLo), at(r.sHi, r.bandLo), at(r.sHi, r.bandHi), at(r.sLo, r.bandHi)});
        bool ok = std::all_of(band.begin(), band.end(), [&](QPointF p) { return viewRect.contains(p); }) &&
                  std::none_of(keepOff.begin(), keepOff.end(),
                               [&](const QRectF& o) { return band.intersects(QPolygonF(o)); });
        const QPointF back = viewDirection(-1.0 * g.n);
        const auto [badgeA, badgeB] = badgeLanes(r, view, scale);
        QRectF measure = labelRect(scale, at(0.5 * (r.s1 + r.s2), r.laneMark),
                                   bracketText(axis, w.tableDecimals()), viewDirection(side * g.perp), 14.0);
        measure.translate(measureSlide(measure, viewDirection(side * g.perp), axes, halo));
        const QRectF boxes[] = {labelRect(scale, at(axis.minA, badgeA), QStringLiteral("A"), back, 13.0),
                                labelRect(scale, at(axis.minB, badgeB), QStringLiteral("B"), back, 13.0),
                                measure};
        for (const QRectF& box : boxes) {
            ok = ok && clear(box.adjusted(-halo, -halo, halo, halo));
        }
        // The axis arrow and its name at one of its bases (fitArrow takes the first that is clear).
        const QPointF u = viewDirection(g.n);
        const QString name = QObject::tr("axis %1").arg(k + 1);
        bool arrow = false;
        for (const QPointF base : axisArrowBases(axis, r, view, scale)) {
            const QPointF tip = base + u * (kAxisArrowLength * scale);
            const QRectF label = labelRect(scale, tip, name, u, 13.0).adjusted(-halo, -halo, halo, halo);
            if (viewRect.contains(base) && viewRect.contains(tip) && clear(label)) {
                arrow = true;
                break;
            }
        }
        if (ok && arrow) {
            return true;
        }
    }
    return false;
}

void drawSatAxis(QPainter& painter, LabelLayout& labels, const Walkthrough& w, int k,
                 const ViewTransform& view, bool result) {
    const phys::CollideTrace& t = w.trace();
    const phys::SatAxis& axis = t.sat.axes[k];
    const phys::Vec2 n = axis.normal;
    const phys::Vec2 perp = phys::leftPerp(n);
    // The world's axes under the drawing (drawOverlayPicture gives them when the grid is drawn).
    std::vector<QLineF> worldAxes;
    for (const DrawnLine& line : labels.lines()) {
        if (line.kind == LineKind::WorldAxis) {
            worldAxes.emplace_back(line.from, line.to);
        }
    }
    const SatRuler ruler =
        satRuler(w, k, view, labels.scale(), labels.obstacles(), labels.avoidAreas(), worldAxes);
    const double margin = metres(labels.scale(), view, 30.0);
    const QString markText = bracketText(axis, w.tableDecimals());
    const double side = ruler.side;
    const double far = ruler.far;
    const double laneA = ruler.laneA;
    const double laneB = ruler.laneB;
    const double laneMark = ruler.laneMark;
    const double s1 = ruler.s1;
    const double s2 = ruler.s2;
    const double sHigh = std::max({axis.maxA, axis.maxB, ruler.containment ? ruler.ghostHi : -1e300});
    auto at = [&](double s, double lanePos) {
        return toView(view, s * n + lanePos * perp);
    };
    const QColor ca = OverlayPainter::colorA();
    const QColor cb = OverlayPainter::colorB();

    // Guides from the bar ends back across the shapes: the "shadow" lines.
    painter.save();
    painter.setPen(makePen(labels.scale(), withAlpha(ca, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minA, axis.maxA}) {
        painter.drawLine(at(s, laneA), at(s, far - side * margin * 0.3));
    }
    painter.setPen(makePen(labels.scale(), withAlpha(cb, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minB, axis.maxB}) {
        painter.drawLine(at(s, laneB), at(s, far - side * margin * 0.3));
    }
    painter.restore();

    // The axis itself, across the view, between the two bars.
    const double axisLane = ruler.axisLane;
    drawLongLine(painter, view, axisLane * perp, n,
                 makePen(labels.scale(), withAlpha(QColor(pal().ink), 150), 1.2, Qt::DashDotLine));
    labels.addLine(at(axis.minA - viewReach(view), axisLane), at(sHigh + viewReach(view), axisLane), 1.2);
    // The arrow past the bars on the axis line; when that runs off the view or onto a name or grid figure,
    // before the badges instead (pointing at the bars), or shorter (fitArrow).
    const QString axisName = QObject::tr("axis %1").arg(k + 1);
    const QLineF axisArrow = fitArrow(labels, axisArrowBases(axis, ruler, view, labels.scale()),
                                      viewDirection(n), kAxisArrowLength, axisName);
    drawArrow(painter, labels, axisArrow.p1(), axisArrow.p2(), QColor(pal().ink), 2.0);
    addLabel(labels, 40, axisArrow.p2(), axisName, QColor(pal().ink), viewDirection(n));

    // The two shadows as bars.
    painter.save();
    painter.setPen(makePen(labels.scale(), ca, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minA, laneA), at(axis.maxA, laneA));
    labels.addLine(at(axis.minA, laneA), at(axis.maxA, laneA), 7.0);
    painter.setPen(makePen(labels.scale(), cb, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minB, laneB), at(axis.maxB, laneB));
    labels.addLine(at(axis.minB, laneB), at(axis.maxB, laneB), 7.0);
    painter.restore();
    const QPointF back = viewDirection(-1.0 * n);
    // Badges named by their colour and their place at a bar's end: no leader line (one ran across the
    // bracket's label in a crowded presentation-mode picture). They go first, before the pair's big badges
    // (90): a bar's badge means something only at its bar's end, while the pair's badge may sit anywhere
    // near its body (near_tie.json's slides: B's badge took the spot and A's bar badge went onto body B). The
    // bracket's measure goes first of all (below), so that the badges keep off its leader when it has one.
    const auto [badgeA, badgeB] = badgeLanes(ruler, view, labels.scale());
    addLabel(labels, 95, at(axis.minA, badgeA), QStringLiteral("A"), ca, back, 13.0, true, false);
    addLabel(labels, 95, at(axis.minB, badgeB), QStringLiteral("B"), cb, back, 13.0, true, false);

    // The overlap (or gap): between the ends s1, s2 chosen above (SatRuler), each tied to the bar whose end
    // it is, so the bracket reads as "from this end of one shadow to that end of the other". When one
    // shadow lies inside the other (review M2), that push-out runs past the inner bar: B's bar is shown
    // moved by it too (dashed, on B's lane), just clear of A's, which is what the number means.
    const QColor mark = axis.separating ? OverlayPainter::gapColor() : OverlayPainter::overlapColor();
    painter.save();
    if (ruler.containment) {
        painter.setPen(makePen(labels.scale(), withAlpha(cb, 170), 2.0, Qt::DashLine, Qt::FlatCap));
        const QPointF half = viewDirection(perp) * (3.5 * labels.scale());
        const QPointF g0 = at(ruler.ghostLo, laneB), g1 = at(ruler.ghostHi, laneB);
        painter.drawPolygon(QPolygonF({g0 - half, g1 - half, g1 + half, g0 + half}));
        labels.addLine(g0, g1, 7.0);
    }
    painter.setPen(makePen(labels.scale(), mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(s1, laneMark), at(s2, laneMark));
    labels.addLine(at(s1, laneMark), at(s2, laneMark), 3.0);
    const QPointF tick = viewDirection(perp) * (6.0 * labels.scale());
    for (const auto& [s, ofA] : {std::pair{s1, ruler.s1OfA}, std::pair{s2, ruler.s2OfA}}) {
        painter.drawLine(at(s, laneMark) - tick, at(s, laneMark) + tick);
        painter.setPen(makePen(labels.scale(), withAlpha(mark, 160), 1.2, Qt::DotLine));
        painter.drawLine(at(s, laneMark), at(s, ofA ? laneA : laneB));
        painter.setPen(makePen(labels.scale(), mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    }
    painter.restore();
    // Beside the bracket's middle, slid along the bracket off the world's axes (measureSlide): the layout
    // would move it off only a text height up or down, which its rings of spots around the middle do not
    // offer a label as wide as "overlap 0.050 m" (deep_penetration's went 61 px off on a leader).
    LabelRequest measure;
    measure.anchor = at(0.5 * (s1 + s2), laneMark);
    measure.text = markText;
    measure.color = mark;
    measure.direction = viewDirection(side * perp);
    measure.fontPixels = 14.0;
    measure.priority = 96;
    measure.offset = measureSlide(LabelLayout::preferredTextRect(measure, labels.scale()), measure.direction,
                                  worldAxes, 3.0 * labels.scale());
    labels.add(measure);

    // Where the axis comes from.
    phys::Vec2 e0, e1;
    const bool ownerA = axis.owner == phys::SatAxisOwner::A;
    if ((ownerA || axis.owner == phys::SatAxisOwner::B) &&
        polygonEdge(ownerA ? w.geometryA() : w.geometryB(), ownerA ? w.transformA() : w.transformB(),
                    axis.edge, e0, e1)) {
        // The owner's edge, with its normal drawn from the edge's middle, in the owner's colour.
        const QColor owner = ownerA ? ca : cb;
        drawEdgeHighlight(painter, labels, view, e0, e1, owner);
        // From the edge's middle, or nearer an end, shorter if need be: kept in the view and off names and
        // grid figures (fitArrow).
        std::vector<QPointF> bases;
        for (const double f : {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9}) {
            bases.push_back(toView(view, e0 + f * (e1 - e0)));
        }
        const QString edgeName = QObject::tr("edge %1").arg(axis.edge);
        const QLineF arrow = fitArrow(labels, bases, viewDirection(n), 40.0, edgeName, 12.0);
        drawArrow(painter, labels, arrow.p1(), arrow.p2(), owner, 2.5);
        addLabel(labels, 40, arrow.p2(), edgeName, owner, viewDirection(n), 12.0);
    } else if (axis.owner == phys::SatAxisOwner::Circle) {
        // Circle axis: from the polygon's closest vertex (or A's centre) to the circle's centre.
        phys::Vec2 from, to;
        bool ok = true;
        switch (t.kind) {
        case phys::ShapePairKind::PolygonCircle:
            ok = polygonVertex(w.geometryA(), w.transformA(), axis.edge, from);
            to = shapeCentre(w.geometryB(), w.transformB());
            break;
        case phys::ShapePairKind::CirclePolygon:
            from = shapeCentre(w.geometryA(), w.transformA());
            ok = polygonVertex(w.geometryB(), w.transformB(), axis.edge, to);
            break;
        default:
            from = shapeCentre(w.geometryA(), w.transformA());
            to = shapeCentre(w.geometryB(), w.transformB());
            break;
        }
        if (ok) {
            drawSegment(painter, view, from, to, makePen(labels.scale(), QColor(pal().ink), 3.0));
            drawDot(painter, labels.scale(), toView(view, from), ca, 5.0);
            drawDot(painter, labels.scale(), toView(view, to), cb, 5.0);
        }
    }

    if (result && !t.sat.separated) {
        // The MTV: B moved by depth * normal (dashed ghost), and the arrow of that translation.
        const phys::Vec2 mtv = t.sat.mtvDepth * t.sat.mtvNormal;
        drawShapeOutline(painter, view, w.geometryB(), w.transformB(),
                         makePen(labels.scale(), cb, 2.0, Qt::DashLine), mtv);
        // From B's centre to the ghost's, or from one of B's corners to the ghost's (the centre holds B's
        // name): the arrow's length is the MTV's, only where it starts may change (fitArrow).
        const phys::Vec2 c = shapeCentre(w.geometryB(), w.transformB());
        std::vector<QPointF> bases{toView(view, c)};
        if (const auto* polygon = std::get_if<phys::Polygon>(&w.geometryB())) {
            for (const phys::Vec2 v : worldVertices(*polygon, w.transformB())) {
                bases.push_back(toView(view, v));
            }
        } else if (const auto* circle = std::get_if<phys::Circle>(&w.geometryB())) {
            for (int i = 0; i < 8; ++i) {
                const double a = 2.0 * 3.14159265358979323846 * i / 8.0;
                bases.push_back(toView(view, c + circle->radius * phys::Vec2{std::cos(a), std::sin(a)}));
            }
        }
        const QPointF shift = toView(view, c + mtv) - toView(view, c);
        const QLineF arrow = fitArrow(labels, bases, shift, std::hypot(shift.x(), shift.y()) / labels.scale(),
                                      {}, 14.0, false);
        const QPointF to = arrow.p2();
        drawArrow(painter, labels, arrow.p1(), to, QColor(pal().overlap), 3.0);
        const QString depth = t.sat.mtvAxis >= 0
                                  ? Walkthrough::axisOverlap(t.sat.axes[t.sat.mtvAxis], w.tableDecimals())
                                  : Walkthrough::length(t.sat.mtvDepth);
        addLabel(labels, 75, to, QObject::tr("MTV %1 m").arg(depth), QColor(pal().overlap),
                 viewDirection(t.sat.mtvNormal), 14.0);
    }
}

} // namespace cl::overlay_detail

namespace cl {

// Frame the Pair (review M8: on the vertical stack it framed the whole 12 m ground with wide margins and
// zoomed *out*, 20 px/m against Zoom to Fit's 41 px/m):
//   small, large = the pair's boxes by their larger side; reach = small's larger side + the gap between them
//   focus = small U (large clipped to small grown by reach): the contact region and a body-size of context
//   fitted with a margin on every side that holds the ruler (30 px off the shapes, two bars, the bracket and
//   its label: about 180 px at scale 1), less on a small view
namespace {
/// The larger body of a pair up to this many times the other's size is framed whole by Frame the Pair, and
/// its ruler's bars must fit the view whole.
constexpr double kWholeShadowRatio = 6.0;
/// Without rulers (clipping, the contact methods), a pair of like sizes, the larger up to this many times the
/// other, is framed whole: shapes.json's box and 2 m plank, apart, were framed with the plank cut in half by
/// the view's edge (issue 12), "the contact region" of a pair that has none.
constexpr double kWholePairRatio = 3.0;
} // namespace

ViewTransform OverlayPainter::pairView(const Walkthrough& w, QSizeF viewSize, double displayScale,
                                       QSizeF reserve) {
    const phys::CollideTrace& t = w.trace();
    const auto extent = [](const phys::AABB& b) {
        return std::max(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
    };
    const bool aSmaller = extent(t.aabbA) <= extent(t.aabbB);
    const phys::AABB& small = aSmaller ? t.aabbA : t.aabbB;
    const phys::AABB& large = aSmaller ? t.aabbB : t.aabbA;
    const double gapX = std::max({0.0, small.lower.x - large.upper.x, large.lower.x - small.upper.x});
    const double gapY = std::max({0.0, small.lower.y - large.upper.y, large.lower.y - small.upper.y});
    // Only SAT draws rulers (issue 12 review: lesson 04's clipping reveal was zoomed out to give room to SAT
    // rulers it does not draw, its 1 m box 30 px across). Clipping and the contact methods draw points,
    // depths and edge names on and around where the pair touch: the smaller body, a quarter of it of the
    // other around it, and room for the widest of their labels ("-0.000 m, discarded", LabelLayout's gap and
    // halo) beside that.
    const bool rulers = w.mode() == WalkthroughMode::Sat;
    const double reach = (rulers ? 1.0 : 0.25) * extent(small) + std::hypot(gapX, gapY);
    const phys::AABB grown = phys::fatten(small, reach);
    const phys::AABB clipped{phys::maxVec(large.lower, grown.lower), phys::minVec(large.upper, grown.upper)};
    const bool meets = clipped.lower.x <= clipped.upper.x && clipped.lower.y <= clipped.upper.y;
    // A larger body up to kWholeShadowRatio times the other (edge_on_edge's 4 m ground under a 1 m box) is
    // framed whole, so its shadow's bar is read whole too; a 12 m ground only near the box.
    const bool whole = extent(large) <= (rulers ? kWholeShadowRatio : kWholePairRatio) * extent(small);
    const phys::AABB focus = meets && !whole ? phys::combine(small, clipped) : phys::combine(small, large);
    // LabelLayout's halo and spacing around a label, pixels before the display scale.
    constexpr double kLabelHalo = 4.5;
    const double room =
        rulers ? 190.0 * displayScale
               : overlay_detail::labelRect(displayScale, QPointF(0, 0),
                                           QObject::tr("%1 m, discarded").arg(QStringLiteral("-0.000")),
                                           QPointF(1, 0), 13.0, true)
                         .right() +
                     kLabelHalo * displayScale;
    const double margin = std::min(room, 0.3 * std::min(viewSize.width(), viewSize.height()));
    ViewTransform view = ViewTransform::fitting(focus, viewSize, margin);
    if (!reserve.isEmpty()) {
        // A box drawn in a corner (Simulate mode's legend): a band along the top as tall as the box, or a
        // column at the right as wide, whichever costs less zoom (SceneCanvas::fittedView does the same), so
        // the pair is framed in the part of the canvas that shows it.
        const ViewTransform band = ViewTransform::fitting(
            focus, viewSize, QMarginsF(margin, std::max(margin, reserve.height()), margin, margin));
        const ViewTransform column = ViewTransform::fitting(
            focus, viewSize, QMarginsF(margin, margin, std::max(margin, reserve.width()), margin));
        view = column.pixelsPerMetre() > band.pixelsPerMetre() ? column : band;
    }
    if (!rulers) {
        return view;
    }
    // Room for the ruler of every SAT axis and its measure (rulersHaveRoom). A long shadow on a diagonal axis
    // (one box deep inside another, its push-out shown past A's bar) needs more than the margin: zoom out a
    // tenth at a time until every axis has it, at most to about half. A ruler and its measure on one side
    // need more than half a narrow view (presentation mode's 532 px canvas at 1280x800: 120 px of band and a
    // 200 px "overlap 0.050 m" beside a 4 m ground), which no view centred on the pair gives (issue 12): at
    // each zoom the pair is also tried off centre, up to five twelfths of the view each way, so that every
    // ruler goes on the side with room (satRuler weighs its measure's room).
    //   for zoom in 1, 0.9, 0.81, ... (8 steps), the view centred; then again, for offset in (+-1/12, 0),
    //   (0, +-1/12), (+-2/12, 0), ... (0, +-5/12):
    //       view = zoom about the pair's centre, moved by offset; the framed focus whole in it and
    //       rulersHaveRoom(view): take it
    //   none: the most zoomed out, centred
    const phys::Vec2 centre = view.centre();
    const double ppm0 = view.pixelsPerMetre();
    // Offsets in twelfths of the view, nearest first, along x then along y (a ruler and its measure need
    // room on one side: beside a wide pair, across; beside a tall one, up or down).
    std::vector<std::pair<double, double>> offsets{{0.0, 0.0}};
    for (int i = 1; i <= 5; ++i) {
        for (const double sign : {1.0, -1.0}) {
            offsets.emplace_back(sign * i / 12.0, 0.0);
            offsets.emplace_back(0.0, sign * i / 12.0);
        }
    }
    // Centred first at every zoom (the pair in the middle reads best), then off centre.
    for (const bool moving : {false, true}) {
        double ppm = ppm0;
        for (int zoom = 0; zoom < 9; ++zoom, ppm *= 0.9) {
            for (std::size_t i = moving ? 1 : 0; i < (moving ? offsets.size() : 1); ++i) {
                const auto [ox, oy] = offsets[i];
                const phys::Vec2 moved{centre.x + ox * viewSize.width() / ppm,
                                       centre.y + oy * viewSize.height() / ppm};
                const ViewTransform tried(ppm, moved, viewSize);
                const QRectF framed =
                    QRectF(tried.toView(focus.lower), tried.toView(focus.upper)).normalized();
                if (QRectF(QPointF(0, 0), viewSize).contains(framed) &&
                    rulersHaveRoom(w, tried, displayScale)) {
                    return tried;
                }
            }
        }
    }
    return ViewTransform(ppm0 * std::pow(0.9, 8), centre, viewSize);
}

// Room for the ruler of every SAT axis: in the view and off the pair (off the smaller body when the other is
// much larger: a 12 m ground spans any view of the box on it).
bool OverlayPainter::rulersHaveRoom(const Walkthrough& w, const ViewTransform& view, double displayScale) {
    const phys::CollideTrace& t = w.trace();
    const auto [aSmaller, ratio] = overlay_detail::pairSizes(w);
    const bool both = ratio <= 3.0;
    // Up to kWholeShadowRatio, the band whole in the view: edge_on_edge's 4 m ground's bar ran off both edges
    // of a view framed on its 1 m box (the band's middle stretch in view is all satRuler weighs).
    const bool whole = ratio <= kWholeShadowRatio;
    const QRectF viewRect(QPointF(0, 0), view.viewSize());
    // The measures keep off the pair and the grid's figures along the view's edges (drawn by default; the
    // label layout moves a measure off them).
    const std::vector<GridLabelBox> grid =
        SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView(), displayScale);
    // And the world's axes, drawn with the grid (issue 12: "overlap 0.050 m" struck through by the x axis).
    const std::vector<QLineF> axes =
        SceneRenderer::worldAxisLines(view.visibleWorldRect(), view.worldToView());
    std::vector<QPolygonF> pairInView;
    for (const auto& [geometry, xf] :
         {std::pair{&w.geometryA(), w.transformA()}, std::pair{&w.geometryB(), w.transformB()}}) {
        pairInView.push_back(overlay_detail::viewPolygon(overlay_detail::shapeOutline(*geometry, xf), view));
    }
    for (int k = 0; k < t.sat.axisCount; ++k) {
        const overlay_detail::SatRuler r = overlay_detail::satRuler(w, k, view, displayScale, {}, {}, axes);
        const double overSmall = aSmaller ? r.overA : r.overB;
        if (r.outside >= 1e-6 || (both ? r.overPair : overSmall) > 0.0) {
            return false;
        }
        // The bracket's measure at its spot beside the bracket (drawSatAxis), with the label layout's halo: a
        // view with room for the band alone (the ruler at its edge) sent "overlap 0.050 m" 100-200 px off on
        // a leader in presentation mode (issue 12).
        const phys::SatAxis& axis = t.sat.axes[k];
        const phys::Vec2 perp = phys::leftPerp(axis.normal);
        const double halo = 3.0 * displayScale;
        // Only a measure whose bracket's middle is in sight: a containment's push-out past a 12 m ground
        // (the vertical stack) has its middle off the view, where no zoom that shows the box puts it.
        const QPointF mark = view.toView(0.5 * (r.s1 + r.s2) * axis.normal + r.laneMark * perp);
        const QPointF towards = overlay_detail::viewDirection(r.side * perp);
        QRectF measure = overlay_detail::labelRect(
            displayScale, mark, overlay_detail::bracketText(axis, w.tableDecimals()), towards, 14.0);
        // Slid off the world's axes as drawn (drawSatAxis); one no slide clears lies struck through.
        measure.translate(overlay_detail::measureSlide(measure, towards, axes, halo));
        const QRectF seen = measure.adjusted(-halo, -halo, halo, halo);
        // Off the pair, or off the smaller body when the other is much larger (as the band).
        if (viewRect.contains(mark) &&
            (!viewRect.contains(seen) || overlay_detail::crossesWorldAxis(measure, axes) ||
             overlay_detail::measureOverPair(measure, pairInView, overlay_detail::measureKeepsOff(w),
                                             viewRect) ||
             std::any_of(grid.begin(), grid.end(),
                         [&](const GridLabelBox& g) { return g.backdrop.intersects(seen); }))) {
            return false;
        }
        if (whole) {
            const phys::Vec2 n = axis.normal;
            for (const double s : {r.sLo, r.sHi}) {
                for (const double lane : {r.bandLo, r.bandHi}) {
                    if (!viewRect.contains(view.toView(s * n + lane * perp))) {
                        return false;
                    }
                }
            }
        }
    }
    return true;
}

// Every ruler beside the pair (rulerFitsBesidePair), clear of what the drawing's labels keep off there: the
// body names, the grid figures and the bodies other than the pair (as drawOverlayPicture gives them).
bool rulersBesidePair(const phys::SceneDef& scene, const Walkthrough& w, const SatRulerExtents& extents,
                      const ViewTransform& view, double displayScale) {
    if (!w.isValid()) {
        return true;
    }
    // The names inside the bodies: those outside are laid out after the step's labels, clear of the ruler.
    RenderOptions names;
    names.grid = true;
    names.displayScale = displayScale;
    std::vector<QRectF> keepOff = placeBodyNames(scene, view, names, {}, false).rects();
    for (const GridLabelBox& g :
         SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView(), displayScale)) {
        keepOff.push_back(g.backdrop);
    }
    for (const phys::BodyDef& body : scene.bodies) {
        if (!body.shapes.empty() && !overlay_detail::isPairBody(w, body)) {
            keepOff.push_back(overlay_detail::bodyBox(body, view));
        }
    }
    for (int k = 0; k < w.trace().sat.axisCount && k < int(extents.acrossAxis.size()); ++k) {
        if (!overlay_detail::rulerFitsBesidePair(w, k, extents.acrossAxis[std::size_t(k)], view, displayScale,
                                                 keepOff)) {
            return false;
        }
    }
    return true;
}

bool OverlayPainter::drawingInView(const Walkthrough& w, const ViewTransform& view, double displayScale) {
    const phys::CollideTrace& t = w.trace();
    const QRectF visible = view.visibleWorldRect().normalized();
    const auto rect = [](const phys::AABB& b) {
        return QRectF(QPointF(b.lower.x, b.lower.y), QPointF(b.upper.x, b.upper.y));
    };
    const auto extent = [](const phys::AABB& b) {
        return std::max(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
    };
    // The smaller body whole; the larger (a 24 m ground) at least in part.
    const bool aSmaller = extent(t.aabbA) <= extent(t.aabbB);
    if (!visible.contains(rect(aSmaller ? t.aabbA : t.aabbB)) ||
        !visible.intersects(rect(aSmaller ? t.aabbB : t.aabbA))) {
        return false;
    }
    // A sliver past the edge (a percent of the band: a pixel of a circle axis's badge) is no cut.
    for (int k = 0; k < t.sat.axisCount; ++k) {
        if (overlay_detail::satRuler(w, k, view, displayScale, {}, {},
                                     SceneRenderer::worldAxisLines(visible, view.worldToView()))
                .outside >= 0.01) {
            return false;
        }
    }
    return true;
}

// The opening view with the walkthrough drawn (review v12 M1: deep_penetration opened at 232 px/m, its ruler
// over B and its axis arrow cut by the view's edge, until the user pressed Frame the Pair):
//   fitted has room for every ruler (rulersHaveRoom): keep it (a demo's moving bodies, framed large)
//   else pair = Frame the Pair's view, the same the user gets with Ctrl+Shift+0; it has room: pair
//   neither has room (a 24 m ground's shadow leaves every view of a ball on it): fitted if it shows the
//   drawing uncut (drawingInView), else pair
ViewTransform WalkthroughOverlay::openingView(const SceneCanvas& canvas, const ViewTransform& fitted) const {
    if (!m_walkthroughVisible || !m_walkthrough || !m_walkthrough->isValid() || m_step < 0) {
        return fitted;
    }
    const double scale = canvas.presentationScale();
    if (OverlayPainter::rulersHaveRoom(*m_walkthrough, fitted, scale)) {
        return fitted;
    }
    const ViewTransform pair = OverlayPainter::pairView(*m_walkthrough, fitted.viewSize(), scale);
    if (OverlayPainter::rulersHaveRoom(*m_walkthrough, pair, scale) ||
        !OverlayPainter::drawingInView(*m_walkthrough, fitted, scale)) {
        return pair;
    }
    return fitted;
}

} // namespace cl
