/// @file label_layout.cpp
/// Greedy label placement (see label_layout.h for the algorithm and its references).

#include "label_layout.h"

#include "halo_text.h"
#include "paint_kit.h"
#include "palette.h"
#include "svg_writer.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPen>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace cl {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// Gap between an anchor and its label at the preferred spot, pixels before the display scale.
constexpr double kGap = 5.0;
/// Halo half-width around the text plus a pixel of antialiasing, pixels before the display scale.
constexpr double kHalo = 2.5;
/// Extra room kept free between two labels, pixels before the display scale.
constexpr double kSpacing = 2.0;
/// Directions tried around an anchor, and the rings of growing distance.
constexpr int kDirections = 16;
constexpr int kRings = 14;
constexpr double kRingStep = 11.0;

QFont labelFont(double pixels, bool bold, double scale) {
    return paintkit::pixelFont(pixels, scale, bold);
}

QSizeF textSize(const LabelRequest& r, double scale) {
    const QFontMetricsF metrics(labelFont(r.fontPixels, r.bold, scale));
    return {metrics.horizontalAdvance(r.text), metrics.ascent() + metrics.descent()};
}

/// The text box of size `size` beside `anchor` in unit direction `d`, its nearest edge `distance` away:
/// the centre goes along d by half the box's extent along d plus the distance.
QRectF boxBeside(QPointF anchor, QSizeF size, QPointF d, double distance) {
    const double ax = std::abs(d.x()), ay = std::abs(d.y());
    const double reach =
        0.5 * std::min(ax > 1e-9 ? size.width() / ax : 1e9, ay > 1e-9 ? size.height() / ay : 1e9);
    const QPointF centre = anchor + d * (reach + distance);
    return {centre.x() - 0.5 * size.width(), centre.y() - 0.5 * size.height(), size.width(), size.height()};
}

/// `rect` moved the least distance that puts it inside `bounds` (when it fits).
QRectF pushInside(QRectF rect, const QRectF& bounds) {
    if (rect.right() > bounds.right()) {
        rect.moveRight(bounds.right());
    }
    if (rect.left() < bounds.left()) {
        rect.moveLeft(bounds.left());
    }
    if (rect.bottom() > bounds.bottom()) {
        rect.moveBottom(bounds.bottom());
    }
    if (rect.top() < bounds.top()) {
        rect.moveTop(bounds.top());
    }
    return rect;
}

double overlapArea(const QRectF& a, const QRectF& b) {
    const QRectF i = a.intersected(b);
    return i.isEmpty() ? 0.0 : i.width() * i.height();
}

/// Length of the part of segment a-b inside `r`.
double lengthInside(QPointF a, QPointF b, const QRectF& r) {
    // Most lines a label is weighed against are nowhere near it: their box alone says so.
    if (std::max(a.x(), b.x()) < r.left() || std::min(a.x(), b.x()) > r.right() ||
        std::max(a.y(), b.y()) < r.top() || std::min(a.y(), b.y()) > r.bottom()) {
        return 0.0;
    }
    const auto [t0, t1] = clipSegmentToRect(a, b, r);
    const QPointF d = b - a;
    return t1 > t0 ? (t1 - t0) * std::hypot(d.x(), d.y()) : 0.0;
}

/// Length of the part of segment a-b inside the convex polygon `p`, either winding (Cyrus-Beck clipping:
/// Foley et al., Computer Graphics, 3.12.3): each edge's half-plane narrows the parameter range [t0, t1].
double lengthInsideConvex(QPointF a, QPointF b, const QPolygonF& p) {
    double area = 0.0;
    for (qsizetype i = 0; i < p.size(); ++i) {
        const QPointF u = p[i];
        const QPointF v = p[(i + 1) % p.size()];
        area += u.x() * v.y() - v.x() * u.y();
    }
    const double sign = area > 0.0 ? 1.0 : -1.0;
    const QPointF d = b - a;
    double t0 = 0.0, t1 = 1.0;
    for (qsizetype i = 0; i < p.size() && t0 < t1; ++i) {
        const QPointF e = p[(i + 1) % p.size()] - p[i];
        // Inside when sign * cross(e, x - p[i]) >= 0; along the segment that is num + t * den >= 0.
        const double num = sign * (e.x() * (a.y() - p[i].y()) - e.y() * (a.x() - p[i].x()));
        const double den = sign * (e.x() * d.y() - e.y() * d.x());
        if (std::abs(den) < 1e-12) {
            if (num < 0.0) {
                return 0.0;
            }
        } else if (den > 0.0) {
            t0 = std::max(t0, -num / den);
        } else {
            t1 = std::min(t1, -num / den);
        }
    }
    return t1 > t0 ? (t1 - t0) * std::hypot(d.x(), d.y()) : 0.0;
}

} // namespace

double distanceToRect(QPointF p, const QRectF& r) {
    const double dx = std::max({r.left() - p.x(), 0.0, p.x() - r.right()});
    const double dy = std::max({r.top() - p.y(), 0.0, p.y() - r.bottom()});
    return std::hypot(dx, dy);
}

// Liang-Barsky (Foley et al., Computer Graphics, 3.12.4): the parameter range [t0, t1] of a + t (b - a) is
// narrowed by each of the four edges; a segment parallel to an edge and outside it misses.
std::pair<double, double> clipSegmentToRect(QPointF a, QPointF b, const QRectF& r) {
    const QPointF d = b - a;
    double t0 = 0.0, t1 = 1.0;
    const double p[4] = {-d.x(), d.x(), -d.y(), d.y()};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (std::abs(p[i]) < 1e-12) {
            if (q[i] < 0.0) {
                return {1.0, 0.0};
            }
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
    }
    return {t0, t1};
}

bool leadersCross(QPointF a0, QPointF a1, QPointF b0, QPointF b1, double tolerance) {
    // Two leaders from one point (two labels naming coincident features) meet there without crossing.
    if (std::hypot(a0.x() - b0.x(), a0.y() - b0.y()) <= tolerance) {
        return false;
    }
    // Proper intersection: each segment's ends on opposite sides of the other's line (orientation test,
    // Cormen et al., Introduction to Algorithms, 33.1), or a touch within `tolerance` of the other segment.
    const auto cross = [](QPointF o, QPointF p, QPointF q) {
        return (p.x() - o.x()) * (q.y() - o.y()) - (p.y() - o.y()) * (q.x() - o.x());
    };
    const double d1 = cross(b0, b1, a0), d2 = cross(b0, b1, a1);
    const double d3 = cross(a0, a1, b0), d4 = cross(a0, a1, b1);
    if (((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) &&
        ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))) {
        return true;
    }
    const auto distance = [](QPointF p, QPointF s0, QPointF s1) {
        const QPointF d = s1 - s0;
        const double len2 = d.x() * d.x() + d.y() * d.y();
        const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(p - s0, d) / len2, 0.0, 1.0) : 0.0;
        const QPointF q = s0 + t * d;
        return std::hypot(p.x() - q.x(), p.y() - q.y());
    };
    // A touch at a leader's far end (its label's box) counts; at its anchor only when that is not the other's.
    return distance(a1, b0, b1) <= tolerance || distance(b1, a0, a1) <= tolerance;
}

namespace {

/// Rectangles bucketed in a uniform grid over the view, so a candidate is tested against its neighbours
/// only (a thousand bodies with vertex indices make thousands of labels).
class RectGrid {
public:
    RectGrid(const QRectF& bounds, double cell)
        : m_bounds(bounds), m_origin(bounds.topLeft()), m_cell(cell),
          m_cols(std::clamp(int(std::ceil(bounds.width() / cell)), 1, 512)),
          m_rows(std::clamp(int(std::ceil(bounds.height() / cell)), 1, 512)),
          m_cells(std::size_t(m_cols) * std::size_t(m_rows)) {}

    void insert(const QRectF& rect) {
        const int id = int(m_rects.size());
        m_rects.push_back(rect);
        if (!rect.intersects(m_bounds)) {
            // Off the view (the avoid area of a body out of sight, of which a big scene has hundreds): kept
            // aside rather than clamped into the border cells, where every candidate near the edge would
            // test it in vain. A candidate inside the view cannot overlap it; one that is not (a label
            // larger than the view) still tests it, so the sums are the same.
            m_outside.push_back(id);
            return;
        }
        forCells(rect, [&](std::vector<int>& cell) { cell.push_back(id); });
    }

    /// Sum of the areas by which `rect` overlaps the stored rectangles.
    double overlap(const QRectF& rect) {
        double total = 0.0;
        ++m_query;
        m_seen.resize(m_rects.size(), 0);
        forCells(rect, [&](std::vector<int>& cell) {
            for (const int id : cell) {
                if (m_seen[std::size_t(id)] != m_query) {
                    m_seen[std::size_t(id)] = m_query;
                    total += overlapArea(rect, m_rects[std::size_t(id)]);
                }
            }
        });
        if (!m_bounds.contains(rect)) {
            for (const int id : m_outside) {
                total += overlapArea(rect, m_rects[std::size_t(id)]);
            }
        }
        return total;
    }

    const QRectF& rect(int id) const { return m_rects[std::size_t(id)]; }

    /// Appends to `out` what a query inside `region` can meet, in the order a query meets it: cell by cell,
    /// each cell's rectangles that touch the region in insertion order (then those off the view), as the
    /// rectangle's id through `put(id, out)`. Two grids with the same signature for a region answer every
    /// query inside it with the same sums (LabelLayoutMemo).
    template <typename F> void signature(const QRectF& region, std::vector<double>& out, F&& put) {
        forCells(region, [&](std::vector<int>& cell) {
            for (const int id : cell) {
                if (touches(m_rects[std::size_t(id)], region)) {
                    put(id, out);
                }
            }
            out.push_back(-1e300); // end of a cell
        });
        for (const int id : m_outside) {
            if (touches(m_rects[std::size_t(id)], region)) {
                put(id, out);
            }
        }
    }

    /// Whether two rectangles meet, edges included.
    static bool touches(const QRectF& a, const QRectF& b) {
        return a.left() <= b.right() && b.left() <= a.right() && a.top() <= b.bottom() &&
               b.top() <= a.bottom();
    }

    /// Calls `f(id)` once for each stored rectangle that overlaps `rect` (ids in insertion order of insert).
    template <typename F> void visit(const QRectF& rect, F&& f) {
        ++m_query;
        m_seen.resize(m_rects.size(), 0);
        const auto one = [&](int id) {
            if (m_seen[std::size_t(id)] != m_query) {
                m_seen[std::size_t(id)] = m_query;
                if (m_rects[std::size_t(id)].intersects(rect)) {
                    f(id);
                }
            }
        };
        forCells(rect, [&](std::vector<int>& cell) {
            for (const int id : cell) {
                one(id);
            }
        });
        if (!m_bounds.contains(rect)) {
            for (const int id : m_outside) {
                one(id);
            }
        }
    }

private:
    template <typename F> void forCells(const QRectF& rect, F&& f) {
        const int c0 = std::clamp(int(std::floor((rect.left() - m_origin.x()) / m_cell)), 0, m_cols - 1);
        const int c1 = std::clamp(int(std::floor((rect.right() - m_origin.x()) / m_cell)), 0, m_cols - 1);
        const int r0 = std::clamp(int(std::floor((rect.top() - m_origin.y()) / m_cell)), 0, m_rows - 1);
        const int r1 = std::clamp(int(std::floor((rect.bottom() - m_origin.y()) / m_cell)), 0, m_rows - 1);
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                f(m_cells[std::size_t(r) * std::size_t(m_cols) + std::size_t(c)]);
            }
        }
    }

    QRectF m_bounds;
    QPointF m_origin;
    double m_cell;
    int m_cols;
    int m_rows;
    std::vector<std::vector<int>> m_cells;
    std::vector<QRectF> m_rects;
    std::vector<int> m_outside; ///< ids of the rectangles that miss the bounds (not in any cell)
    std::vector<unsigned> m_seen;
    unsigned m_query = 0;
};

} // namespace

// Separating axis test of a rectangle and a convex polygon (Ericson, Real-Time Collision Detection 4.4 and
// 5.2.1): they are disjoint when the rectangle's two axes or one edge normal of the polygon separate them.
//   for axis in {x, y} + the normal of every polygon edge:
//     if the projections of rect and polygon onto axis do not overlap: disjoint
//   otherwise they intersect
bool rectIntersectsConvex(const QRectF& rect, const QPolygonF& convex) {
    if (convex.isEmpty() || !convex.boundingRect().intersects(rect)) {
        return false; // the x and y axes
    }
    const QPointF corners[4] = {rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()};
    const qsizetype n = convex.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = convex[i];
        const QPointF b = convex[(i + 1) % n];
        const QPointF normal(b.y() - a.y(), a.x() - b.x());
        double polyMin = 1e300, polyMax = -1e300, rectMin = 1e300, rectMax = -1e300;
        for (qsizetype k = 0; k < n; ++k) {
            const double d = QPointF::dotProduct(normal, convex[k]);
            polyMin = std::min(polyMin, d);
            polyMax = std::max(polyMax, d);
        }
        for (const QPointF& c : corners) {
            const double d = QPointF::dotProduct(normal, c);
            rectMin = std::min(rectMin, d);
            rectMax = std::max(rectMax, d);
        }
        if (rectMax <= polyMin || rectMin >= polyMax) {
            return false;
        }
    }
    return true;
}

bool rectInsideConvex(const QRectF& rect, const QPolygonF& convex, double margin) {
    if (convex.size() < 3) {
        return false;
    }
    double twice = 0.0; // the winding, by the signed area
    const qsizetype n = convex.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = convex[i], b = convex[(i + 1) % n];
        twice += a.x() * b.y() - b.x() * a.y();
    }
    const double sign = twice > 0.0 ? 1.0 : -1.0;
    // A convex polygon holds a rectangle when it holds its four corners: each on the inner side of every edge
    // line (left of it for a counter-clockwise winding), at least `margin` from it.
    const QPointF corners[4] = {rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()};
    for (qsizetype i = 0; i < n; ++i) {
        const QPointF a = convex[i], e = convex[(i + 1) % n] - a;
        const double length = std::hypot(e.x(), e.y());
        if (!(length > 0.0)) {
            continue;
        }
        for (const QPointF& c : corners) {
            if (sign * (e.x() * (c.y() - a.y()) - e.y() * (c.x() - a.x())) / length < margin) {
                return false;
            }
        }
    }
    return true;
}

// Two disjoint convex shapes are nearest at a vertex of one and an edge of the other (Ericson, Real-Time
// Collision Detection 5.1.9):
//   0 when they meet (rectIntersectsConvex)
//   else min of: each polygon vertex's distance to the rectangle, each rectangle corner's to each polygon edge
double distanceRectToConvex(const QRectF& rect, const QPolygonF& convex) {
    if (convex.isEmpty()) {
        return 1e300;
    }
    if (rectIntersectsConvex(rect, convex)) {
        return 0.0;
    }
    double best = 1e300;
    const qsizetype n = convex.size();
    const QPointF corners[4] = {rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()};
    for (qsizetype i = 0; i < n; ++i) {
        best = std::min(best, distanceToRect(convex[i], rect));
        const QPointF a = convex[i], d = convex[(i + 1) % n] - a;
        const double len2 = QPointF::dotProduct(d, d);
        for (const QPointF& c : corners) {
            const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(c - a, d) / len2, 0.0, 1.0) : 0.0;
            const QPointF q = a + t * d;
            best = std::min(best, std::hypot(c.x() - q.x(), c.y() - q.y()));
        }
    }
    return best;
}

// A badge beside its body reads as its body's by proximity (Gestalt): close to it, and nearer it than anything
// else by a clear margin. Both measures are the text's own height: "A" 2 px off the box and 15 px off the
// plank, the badge between them and 21 px tall, was read as the plank's (issue 12); one 42 px over the box,
// clear of everything, floated as nobody's.
bool namesItsHome(const QRectF& text, const QPolygonF& home, const std::vector<QPolygonF>& rivals) {
    if (rectInsideConvex(text, home)) {
        return true;
    }
    const double away = distanceRectToConvex(text, home);
    if (away > text.height()) {
        return false;
    }
    const double clear = away + text.height();
    return std::none_of(rivals.begin(), rivals.end(), [&](const QPolygonF& rival) {
        // The rival's box first: most bodies are nowhere near.
        const QRectF box = rival.boundingRect();
        const double dx = std::max({0.0, box.left() - text.right(), text.left() - box.right()});
        const double dy = std::max({0.0, box.top() - text.bottom(), text.top() - box.bottom()});
        return std::hypot(dx, dy) < clear && distanceRectToConvex(text, rival) < clear;
    });
}

LabelLayout::LabelLayout(QRectF bounds, double displayScale)
    : m_bounds(bounds.normalized()), m_scale(displayScale > 0.0 ? displayScale : 1.0) {}

void LabelLayout::addObstacle(const QRectF& rect) {
    m_obstacles.push_back(rect.normalized());
}

void LabelLayout::addObstacleShape(const QPolygonF& convex) {
    if (convex.size() >= 3) {
        m_shapes.push_back(convex);
    }
}

void LabelLayout::addAvoidArea(const QRectF& rect) {
    m_avoid.push_back(rect.normalized());
}

void LabelLayout::addMark(QPointF point, double radius) {
    const double r = radius * m_scale;
    m_marks.emplace_back(point.x() - r, point.y() - r, 2.0 * r, 2.0 * r);
}

void LabelLayout::addLine(QPointF from, QPointF to, double width, LineKind kind) {
    m_lines.push_back({from, to, width * m_scale, kind});
}

void LabelLayout::add(const LabelRequest& request) {
    if (request.text.isEmpty() || !std::isfinite(request.anchor.x()) || !std::isfinite(request.anchor.y())) {
        return;
    }
    // Two steps drawn together (contactlab-cli render --overlay sat,clip) both name the pair: one label
    // per text and place is enough.
    const QString key = QStringLiteral("%1|%2|%3|%4")
                            .arg(request.text)
                            .arg(request.color.rgba())
                            .arg(std::lround(request.anchor.x()))
                            .arg(std::lround(request.anchor.y()));
    if (m_seen.contains(key)) {
        return;
    }
    m_seen.insert(key);
    m_requests.push_back(request);
}

QRectF LabelLayout::preferredTextRect(const LabelRequest& request, double displayScale) {
    const QSizeF size = textSize(request, displayScale);
    const double len = std::hypot(request.direction.x(), request.direction.y());
    if (!(len > 0.0)) {
        return QRectF(request.anchor.x() - 0.5 * size.width(), request.anchor.y() - 0.5 * size.height(),
                      size.width(), size.height())
            .translated(request.offset);
    }
    return boxBeside(request.anchor, size, request.direction / len, kGap * displayScale)
        .translated(request.offset);
}

namespace {

/// 64-bit FNV-1a over the bits of some numbers: the memo's bucket of a request.
std::uint64_t hashNumbers(const std::vector<double>& v) {
    std::uint64_t h = 1469598103934665603ull;
    for (const double d : v) {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
    }
    return h;
}

void pushRect(std::vector<double>& out, const QRectF& r) {
    out.insert(out.end(), {r.x(), r.y(), r.width(), r.height()});
}

void pushLine(std::vector<double>& out, const DrawnLine& l) {
    out.insert(out.end(), {l.from.x(), l.from.y(), l.to.x(), l.to.y(), l.width, double(int(l.kind))});
}

/// Whether a line of width `width` may come within `margin` of `region`: its box, grown, meets it.
bool lineNear(const DrawnLine& l, const QRectF& region, double margin) {
    const double m = l.width + margin;
    return std::min(l.from.x(), l.to.x()) - m <= region.right() &&
           region.left() <= std::max(l.from.x(), l.to.x()) + m &&
           std::min(l.from.y(), l.to.y()) - m <= region.bottom() &&
           region.top() <= std::max(l.from.y(), l.to.y()) + m;
}

} // namespace

std::vector<PlacedLabel> LabelLayout::place(LabelLayoutMemo* memo) const {
    const double halo = kHalo * m_scale;
    const double spacing = kSpacing * m_scale;
    const double gap = kGap * m_scale;
    // Labels far outside the view name nothing visible; a label whose anchor is just outside may still
    // be pulled in.
    const QRectF reach = m_bounds.adjusted(-40.0 * m_scale, -40.0 * m_scale, 40.0 * m_scale, 40.0 * m_scale);

    std::vector<std::size_t> order(m_requests.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
        return (m_requests[a].fixed ? 1 : 0) > (m_requests[b].fixed ? 1 : 0) ||
               (m_requests[a].fixed == m_requests[b].fixed &&
                m_requests[a].priority > m_requests[b].priority);
    });

    RectGrid taken(m_bounds, 48.0 * m_scale);
    for (const QRectF& r : m_obstacles) {
        taken.insert(r);
    }
    // Marks: the given ones and every label's anchor (a label must not hide what another one names).
    RectGrid marks(m_bounds, 48.0 * m_scale);
    for (const QRectF& r : m_marks) {
        marks.insert(r);
    }
    RectGrid avoid(m_bounds, 48.0 * m_scale);
    for (const QRectF& r : m_avoid) {
        avoid.insert(r);
    }
    // Convex obstacles, found through their boxes: a thousand bodies, each tested only near a candidate.
    RectGrid shapes(m_bounds, 48.0 * m_scale);
    for (const QPolygonF& shape : m_shapes) {
        shapes.insert(shape.boundingRect());
    }

    std::vector<PlacedLabel> placed(m_requests.size());
    std::vector<bool> keep(m_requests.size(), false);
    // Leader lines (issue 12 review, M3: a "|cos|" leader ran through other text): a candidate whose leader
    // would cross a placed label costs as if it covered it a little, and each placed leader is a thin line
    // the later labels keep off.
    std::vector<DrawnLine> leaders;
    const auto leaderEnd = [](QPointF anchor, const QRectF& text) {
        return QPointF(std::clamp(anchor.x(), text.left(), text.right()),
                       std::clamp(anchor.y(), text.top(), text.bottom()));
    };
    // Every rectangle the current search queries grows this one (the memo's `touched`).
    QRectF touched;
    const auto touch = [&touched](const QRectF& r) {
        touched = touched.isNull() ? r : touched.united(r);
    };
    const auto leaderCost = [&](QPointF anchor, const QRectF& text, bool always) {
        const QPointF end = leaderEnd(anchor, text);
        const double length = std::hypot(end.x() - anchor.x(), end.y() - anchor.y());
        // The leader's reach, with the samples' squares and the crossing test's tolerance around it.
        touch(QRectF(anchor, end).normalized().adjusted(-halo - 1.0, -halo - 1.0, halo + 1.0, halo + 1.0));
        double cost = 0.0;
        if (always) {
            // Exact: the length of the line inside every label and obstacle near it (a short leader passes
            // between the samples below), weighed like text over text; across a convex obstacle (another
            // body), like text across a line.
            const QRectF span = QRectF(anchor, end).normalized().adjusted(-1.0, -1.0, 1.0, 1.0);
            taken.visit(span, [&](int id) { cost += halo * lengthInside(anchor, end, taken.rect(id)); });
            double across = 0.0;
            // From a halo's width off the anchor: the line starts on its own body's outline.
            const QPointF start = length > halo ? anchor + (end - anchor) * (halo / length) : end;
            shapes.visit(
                span, [&](int id) { across += lengthInsideConvex(start, end, m_shapes[std::size_t(id)]); });
            return std::pair{1000.0 * cost, 200.0 * across};
        }
        const int samples = std::min(96, int(length / halo));
        for (int i = 1; i < samples; ++i) {
            const QPointF p = anchor + (end - anchor) * (double(i) / samples);
            cost += taken.overlap(QRectF(p.x() - 0.5 * halo, p.y() - 0.5 * halo, halo, halo));
        }
        return std::pair{1000.0 * cost, 0.0};
    };
    // The search for one label's spot: what it returns depends only on the request and on what lies in
    // `touched` when it ends (the memo's premise).
    // The anchors of the other requests a badge's spots may cover (LabelRequest::home), set before its search.
    std::vector<QPointF> guarded;
    const auto search = [&](const LabelRequest& original) {
        LabelLayoutMemo::Outcome outcome;
        LabelRequest r = original;
        QRectF preferred, best;
        double bestCost = 0.0;  ///< of the best spot, without its leader's length
        double bestTotal = 0.0; ///< of the best spot, with its leader's length
        double bestHard = 0.0;  ///< of the best spot: what the tests forbid (text on text, on an arrow, ...)
        // Presentation text that finds no clear spot is tried smaller, down to the normal size (issue 12
        // review M3: at 1.6 times on a small screen the badges and the overlap's leader piled up).
        for (const double shrink : {1.0, 0.8, 0.65, 0.5}) {
            // A tagged label (a body's name, the note of hidden names) keeps its one size: its asker draws it.
            if (shrink < 1.0 &&
                (r.fixed || r.tag != -1 || bestHard <= 0.0 || shrink * m_scale < 1.0 - 1e-9)) {
                break;
            }
            r.fontPixels = original.fontPixels * shrink;
            const QSizeF size = textSize(r, m_scale);
            preferred = preferredTextRect(r, m_scale);
            best = r.fixed ? preferred
                           : pushInside(preferred.adjusted(-halo, -halo, halo, halo), m_bounds)
                                 .adjusted(halo, halo, -halo, -halo);
            bestCost = 0.0;
            bestTotal = 0.0;
            bestHard = 0.0;
            if (!r.fixed) {
                const double len = std::hypot(r.direction.x(), r.direction.y());
                const double angle0 = len > 0.0 ? std::atan2(r.direction.y(), r.direction.x()) : -0.5 * kPi;
                bestCost = 1e300;
                bestTotal = 1e300;
                // Among spots of equal cost (free ones, cost 0), the one on the shortest leader (issue 12: the
                // small "MTV 0.00 m" of the vertical stack took a long leader while a closer spot was free,
                // since a ring's boxes are not ordered by their true distance: a diagonal's corner comes
                // nearer, a box pushed inside the view moves). A tie-break only: a thousandth of a cost unit
                // per pixel never outweighs what the costs weigh. Not for a label always on a leader (a
                // body's name), which has its own rule (name_placement).
                const bool weighLeader = r.leaderAllowed && !r.alwaysLeader;
                constexpr double perPixel = 1e-3;
                const auto leaderWeight = [&](const QRectF& textBox) {
                    return weighLeader
                               ? perPixel * std::max(0.0, distanceToRect(r.anchor, textBox) - 2.5 * gap)
                               : 0.0;
                };
                const auto textBoxOf = [halo](const QRectF& seen) {
                    return seen.adjusted(halo, halo, -halo, -halo);
                };
                auto consider = [&](QRectF text) {
                    const QRectF seen = pushInside(text.adjusted(-halo, -halo, halo, halo), m_bounds);
                    // Costs are never below zero: a spot whose leader alone costs as much as the best so far
                    // cannot win, and is not weighed (once a free spot is found, only nearer ones are).
                    const double leader = leaderWeight(textBoxOf(seen));
                    if (leader >= bestTotal) {
                        return false;
                    }
                    const QRectF padded = seen.adjusted(-spacing, -spacing, spacing, spacing);
                    touch(padded.adjusted(-1.0, -1.0, 1.0, 1.0));
                    // Own anchor excluded from the marks: the label is meant to sit beside it.
                    const double own =
                        overlapArea(seen, QRectF(r.anchor - QPointF(gap, gap), QSizeF(2 * gap, 2 * gap)));
                    double onShape = 0.0; // a convex obstacle under the label counts as its whole area
                    if (r.alwaysLeader) {
                        shapes.visit(seen, [&](int id) {
                            if (onShape == 0.0 && rectIntersectsConvex(seen, m_shapes[std::size_t(id)])) {
                                onShape = seen.width() * seen.height();
                            }
                        });
                    }
                    double hard = taken.overlap(seen) + onShape;
                    double cost = 1000.0 * (taken.overlap(padded) + onShape) +
                                  std::max(0.0, marks.overlap(seen) - own) + avoid.overlap(seen);
                    // A badge that does not read as its body's (LabelRequest::home) is taken only where every
                    // spot costs more, and then on a leader that says whose it is: weighed like five third
                    // bodies under it, less than text across any line or text, which no leader mends (a hard
                    // rule put the pile's badge over another label, gjk_pair, in a first try).
                    const bool misnamed =
                        !r.home.isEmpty() && !namesItsHome(textBoxOf(seen), r.home, r.rivals);
                    if (misnamed) {
                        cost += 5.0 * seen.width() * seen.height();
                    }
                    // Nor over the point another label names (the MTV's tip on B's centre when the MTV is 0.00
                    // m, a depth's contact point): that label's leader would cross it. Like a leader across
                    // text, a square of text each.
                    for (const QPointF& p : guarded) {
                        if (seen.contains(p)) {
                            cost += 1000.0 * 4.0 * halo * halo;
                        }
                    }
                    // Every term below adds, so a spot that already costs as much as the best (with the
                    // leader's tie-break) is not it: the rest is not worked out (a label in a crowd weighs two
                    // hundred spots).
                    if (cost + leader >= bestTotal) {
                        return false;
                    }
                    for (const DrawnLine& line : m_lines) {
                        // Text across a drawn line reads as struck through (issue 12 review, M3: "|cos| 0.00" on
                        // a highlighted edge): weighed like text over a strip of text as wide as the line.
                        if (line.kind == LineKind::Line) {
                            cost += 200.0 * line.width * lengthInside(line.from, line.to, seen);
                        } else if (line.kind == LineKind::WorldAxis) {
                            // The x or y axis through the text, its pen's width included (it runs the whole
                            // view: a label on it reads as struck through, issue 12): like text over text, and
                            // as forbidden (a label that only repeats the table gives way: vertex_on_vertex's
                            // "edge 2" in presentation mode, the y axis along box a's left edge).
                            const double w = 0.5 * line.width;
                            const double across =
                                lengthInside(line.from, line.to, textBoxOf(seen).adjusted(-w, -w, w, w));
                            cost += 1000.0 * line.width * across;
                            hard += across;
                        } else if (line.kind == LineKind::Outline) {
                            // A label across an outline straddles it ("|cos| 0.95" over its edge, the "A"
                            // badge on A's outline: issue 12 review M3): weighed like text over text; the halo
                            // may touch it.
                            cost += 1000.0 * line.width * lengthInside(line.from, line.to, textBoxOf(seen));
                        } else {
                            // An arrow or the rotate handle is as wide as its head or knob: text over any of
                            // it hides what it points at (issue 12 review M3: "edge 0" on its own arrowhead),
                            // so it weighs like text over text.
                            const double w = 0.5 * line.width;
                            cost += 1000.0 * line.width *
                                    lengthInside(line.from, line.to, seen.adjusted(-w, -w, w, w));
                            hard += lengthInside(line.from, line.to, textBoxOf(seen).adjusted(-w, -w, w, w));
                        }
                    }
                    for (const DrawnLine& line : leaders) {
                        // As if the leader were a label a halo wide: text across it hides where it leads.
                        cost += 1000.0 * halo * lengthInside(line.from, line.to, seen);
                        hard += lengthInside(line.from, line.to, textBoxOf(seen));
                    }
                    if (cost + leader >= bestTotal) {
                        return false;
                    }
                    const QRectF textBox = seen.adjusted(halo, halo, -halo, -halo);
                    if ((r.leaderAllowed &&
                         (r.alwaysLeader || distanceToRect(r.anchor, textBox) > 2.5 * gap)) ||
                        misnamed) {
                        const auto [onLabels, acrossBodies] = leaderCost(r.anchor, textBox, r.alwaysLeader);
                        cost += onLabels + acrossBodies;
                        hard += onLabels;
                        // Two leaders crossing read as an X of lines whose ends nobody can match (issue 12
                        // review: the stack demo's |cos| leaders): weighed like text over a square of text.
                        const QPointF end = leaderEnd(r.anchor, textBox);
                        for (const DrawnLine& other : leaders) {
                            if (leadersCross(r.anchor, end, other.from, other.to, halo)) {
                                cost += 1000.0 * 4.0 * halo * halo;
                                hard += 1.0;
                            }
                        }
                    }
                    const double total = cost + leader;
                    if (total < bestTotal) {
                        bestCost = cost;
                        bestTotal = total;
                        bestHard = hard;
                        best = textBox;
                    }
                    return total <= 0.0;
                };
                bool done = consider(preferred);
                if (!r.home.isEmpty()) {
                    // Inside its body first, where the text fits clear of the outline: the nearest such spot to
                    // the anchor (the body's centre), the preferred direction first, every 4 px out to the
                    // body's far side; a spot inside reads as its body's whatever lies near.
                    const QRectF span = r.home.boundingRect();
                    const double step = 4.0 * m_scale;
                    const double farthest = std::max(
                        {std::abs(span.left() - r.anchor.x()), std::abs(span.right() - r.anchor.x()),
                         std::abs(span.top() - r.anchor.y()), std::abs(span.bottom() - r.anchor.y())});
                    const QRectF centred(r.anchor.x() - 0.5 * size.width(),
                                         r.anchor.y() - 0.5 * size.height(), size.width(), size.height());
                    for (int ring = 0; !done && ring * step <= farthest; ++ring) {
                        for (int k = 0; k < (ring == 0 ? 1 : kDirections) && !done; ++k) {
                            const int turn = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
                            const double angle = angle0 + turn * 2.0 * kPi / kDirections;
                            const QRectF box =
                                centred.translated(QPointF(std::cos(angle), std::sin(angle)) * (ring * step));
                            if (rectInsideConvex(box, r.home)) {
                                done = consider(box);
                            }
                        }
                    }
                }
                const double limit = r.maxDistance > 0.0 ? r.maxDistance * m_scale : 1e300;
                // A label always on a leader (a body's name outside a crowd of small bodies) may go twice as far
                // for a clear spot: its leader says whose it is.
                const int rings = r.alwaysLeader ? 2 * kRings : kRings;
                for (int ring = 0; ring < rings && !done; ++ring) {
                    const double distance = gap + ring * kRingStep * m_scale;
                    if (distance > limit) {
                        break;
                    }
                    // Directions nearest the preferred one first: 0, +1, -1, +2, -2, ... steps of 360/16 degrees.
                    for (int k = 0; k < kDirections && !done; ++k) {
                        const int step = (k + 1) / 2 * (k % 2 == 1 ? 1 : -1);
                        const double angle = angle0 + step * 2.0 * kPi / kDirections;
                        done = consider(
                            boxBeside(r.anchor, size, QPointF(std::cos(angle), std::sin(angle)), distance));
                    }
                }
            }
        }
        // A label always on a leader only needs its text and leader clear of the others, give or take a
        // halo's square where two halos touch (its leader may cross a body: the name of a box amid a pile);
        // any other, a spot free of everything.
        if (!r.fixed && r.maxDistance > 0.0 &&
            ((r.alwaysLeader ? bestHard > halo * halo : bestCost > 0.0) ||
             distanceToRect(r.anchor, best) > r.maxDistance * m_scale)) {
            return outcome; // no free spot near enough: left out (see LabelRequest::maxDistance)
        }
        if (!r.fixed && r.optional && bestHard > 0.0) {
            return outcome; // nowhere clear: left out (see LabelRequest::optional)
        }
        outcome.placed = true;
        outcome.fontPixels = r.fontPixels;
        outcome.textRect = best;
        outcome.leader =
            !r.fixed &&
            ((r.leaderAllowed &&
              (r.alwaysLeader || (distanceToRect(r.anchor, best) > 2.5 * gap &&
                                  (best.center() - preferred.center()).manhattanLength() > gap))) ||
             (!r.home.isEmpty() && !namesItsHome(best, r.home, r.rivals)));
        return outcome;
    };
    // What lies in `region` for a search there: the rectangles, convex obstacles, lines and leaders it can
    // meet, in the order it meets them.
    std::vector<double> around;
    const auto describe = [&](const QRectF& region) {
        around.clear();
        pushRect(around, region);
        const auto rectOf = [](RectGrid& grid) {
            return [&grid](int id, std::vector<double>& out) {
                pushRect(out, grid.rect(id));
            };
        };
        taken.signature(region, around, rectOf(taken));
        marks.signature(region, around, rectOf(marks));
        avoid.signature(region, around, rectOf(avoid));
        shapes.signature(region, around, [this](int id, std::vector<double>& out) {
            for (const QPointF& p : m_shapes[std::size_t(id)]) {
                out.insert(out.end(), {p.x(), p.y()});
            }
            out.push_back(-2e300); // end of a shape
        });
        for (const DrawnLine& line : m_lines) {
            if (lineNear(line, region, 1.0)) {
                pushLine(around, line);
            }
        }
        around.push_back(-3e300);
        for (const DrawnLine& line : leaders) {
            if (lineNear(line, region, halo + 1.0)) {
                pushLine(around, line);
            }
        }
    };
    std::vector<double> requestKey;
    if (memo) {
        ++memo->m_generation;
    }
    for (const std::size_t index : order) {
        const LabelRequest& original = m_requests[index];
        if (!original.fixed && !reach.contains(original.anchor)) {
            continue;
        }
        LabelLayoutMemo::Outcome outcome;
        bool found = false;
        guarded.clear();
        if (!original.home.isEmpty()) {
            // Every other label's anchor within the badge's reach (its body, and the rings around its anchor).
            const double reach = 2.0 * kRings * kRingStep * m_scale;
            const QRectF near = original.home.boundingRect()
                                    .united(QRectF(original.anchor, QSizeF(0, 0)))
                                    .adjusted(-reach, -reach, reach, reach);
            for (std::size_t other = 0; other < m_requests.size(); ++other) {
                if (other != index && !m_requests[other].fixed && near.contains(m_requests[other].anchor)) {
                    guarded.push_back(m_requests[other].anchor);
                }
            }
        }
        if (memo && !original.fixed) {
            requestKey.clear();
            pushRect(requestKey, m_bounds);
            requestKey.insert(requestKey.end(),
                              {m_scale, original.anchor.x(), original.anchor.y(),
                               double(original.color.rgba()), original.direction.x(), original.direction.y(),
                               original.fontPixels, double(original.bold), double(original.leaderAllowed),
                               double(original.alwaysLeader), original.maxDistance, double(original.optional),
                               double(original.tag), original.offset.x(), original.offset.y(),
                               double(original.text.size())});
            for (const QChar c : original.text) {
                requestKey.push_back(double(c.unicode()));
            }
            // A badge's body and its rivals are part of what it asks (LabelRequest::home).
            const auto pushOutline = [&requestKey](const QPolygonF& outline) {
                for (const QPointF& p : outline) {
                    requestKey.insert(requestKey.end(), {p.x(), p.y()});
                }
                requestKey.push_back(-4e300); // end of an outline
            };
            pushOutline(original.home);
            for (const QPolygonF& outline : original.rivals) {
                pushOutline(outline);
            }
            for (const QPointF& p : guarded) {
                requestKey.insert(requestKey.end(), {p.x(), p.y()});
            }
            const std::uint64_t bucket = hashNumbers(requestKey);
            ++memo->m_searches;
            auto [first, last] = memo->m_entries.equal_range(bucket);
            int tried = 0;
            auto oldest = last;
            for (auto it = first; it != last && !found; ++it) {
                LabelLayoutMemo::Entry& e = it->second;
                if (e.request == requestKey) {
                    ++tried;
                    if (oldest == last || e.used < oldest->second.used) {
                        oldest = it;
                    }
                    describe(e.touched);
                    if (around == e.around) {
                        outcome = e.outcome;
                        e.used = memo->m_generation;
                        found = true;
                        ++memo->m_hits;
                    }
                }
            }
            if (!found) {
                // Two searches of one request are kept (a paint's two passes, with and without the note of
                // hidden names, may each have theirs); a third replaces the older.
                if (tried >= 2) {
                    memo->m_entries.erase(oldest);
                }
                touched = QRectF();
                outcome = search(original);
                describe(touched);
                memo->m_entries.emplace(
                    bucket, LabelLayoutMemo::Entry{requestKey, touched, around, outcome, memo->m_generation});
                found = true;
            }
        }
        if (!found) {
            outcome = search(original);
        }
        if (!outcome.placed) {
            continue;
        }
        PlacedLabel& p = placed[index];
        p.request = original;
        p.request.fontPixels = outcome.fontPixels;
        p.textRect = outcome.textRect;
        p.rect = outcome.textRect.adjusted(-halo, -halo, halo, halo);
        p.leader = outcome.leader;
        taken.insert(p.rect);
        if (p.leader) {
            leaders.push_back(
                {original.anchor, leaderEnd(original.anchor, p.textRect), 1.2 * m_scale, LineKind::Line});
        }
        keep[index] = true;
        marks.insert(QRectF(original.anchor - QPointF(2.0 * m_scale, 2.0 * m_scale),
                            QSizeF(4.0 * m_scale, 4.0 * m_scale)));
    }
    if (memo) {
        // Entries of the last few layouts stay (a paint may lay out twice: without and with the note of
        // hidden names); older ones name a picture that is gone.
        const unsigned generation = memo->m_generation;
        for (auto it = memo->m_entries.begin(); it != memo->m_entries.end();) {
            it = generation - it->second.used > 4 ? memo->m_entries.erase(it) : std::next(it);
        }
    }
    std::vector<PlacedLabel> out;
    out.reserve(placed.size());
    for (std::size_t i = 0; i < placed.size(); ++i) {
        if (keep[i]) {
            out.push_back(std::move(placed[i]));
        }
    }
    return out;
}

void LabelLayout::draw(QPainter& painter, const std::vector<PlacedLabel>& labels, double displayScale,
                       const QColor& paper) {
    const QRgb halo = paper.isValid() ? paper.rgba() : currentPalette().paper;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Leader lines under every text, from the anchor to the nearest point of the label's box.
    for (const PlacedLabel& p : labels) {
        if (!p.leader) {
            continue;
        }
        const QPointF a = p.request.anchor;
        const QRectF& r = p.textRect;
        const QPointF near(std::clamp(a.x(), r.left(), r.right()), std::clamp(a.y(), r.top(), r.bottom()));
        QColor c = p.request.color;
        c.setAlpha(std::min(c.alpha(), 170));
        painter.setPen(QPen(Palette::withAlpha(halo, 200), 3.0 * displayScale, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(a, near);
        painter.setPen(QPen(c, 1.2 * displayScale, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(a, near);
    }
    for (const PlacedLabel& p : labels) {
        const LabelRequest& r = p.request;
        const QFont font = labelFont(r.fontPixels, r.bold, displayScale);
        const QFontMetricsF metrics(font);
        drawHaloText(painter,
                     paintkit::baselineForCentre(metrics, p.textRect.left(), p.textRect.center().y()), font,
                     r.text, r.color, Palette::withAlpha(halo, 230), 3.5 * displayScale);
    }
    painter.restore();
}

} // namespace cl
