/// @file walkthrough.cpp
/// Steps and their explanations, read off the engine's traces.

#include "walkthrough.h"

#include <QCoreApplication>

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace cl {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("cl::Walkthrough", text);
}

/// "A" or "B" for the owner of a reference edge.
QString ownerLetter(bool isB) {
    return isB ? QStringLiteral("B") : QStringLiteral("A");
}

/// `value` with `decimals` decimals; a value that rounds to zero is "0.00", not "-0.00".
QString fixed(double value, int decimals) {
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1);
    }
    return text;
}

/// `text` (a fixed-point number as fixed() writes it) in units of its last decimal: "-1.25" -> -125.
qint64 scaled(const QString& text) {
    QString digits = text;
    digits.remove(QLatin1Char('.'));
    return digits.toLongLong();
}

/// A count of units of the `decimals`-th decimal written as fixed() would: -125, 2 -> "-1.25".
QString unscaled(qint64 units, int decimals) {
    const bool negative = units < 0;
    QString digits =
        QString::number(negative ? -units : units).rightJustified(decimals + 1, QLatin1Char('0'));
    digits.insert(digits.size() - decimals, QLatin1Char('.'));
    return negative && units != 0 ? QStringLiteral("-") + digits : digits;
}

/// Axes `first` and `second` of `sat` compared (WalkthroughClaim::Kind::OverlapsCompared): from the
/// decimals the table uses (`tableDecimals`), the fewest (up to 12) with which their overlaps print differently; none:
/// they tie (equal up to round-off), written with the table's decimals.
WalkthroughClaim compareOverlaps(const phys::SatTrace& sat, int first, int second, int tableDecimals) {
    const phys::SatAxis& x = sat.axes[first];
    const phys::SatAxis& y = sat.axes[second];
    WalkthroughClaim c;
    c.kind = WalkthroughClaim::Kind::OverlapsCompared;
    c.axis = first;
    c.other = second;
    c.normal = x.normal;
    const int d0 = tableDecimals;
    c.holds = false;
    c.decimals = d0;
    for (int d = d0; d <= 12; ++d) {
        if (fixed(x.overlap, d) != fixed(y.overlap, d)) {
            c.holds = true;
            c.decimals = d;
            break;
        }
    }
    c.values = {fixed(x.overlap, c.decimals).toDouble(),
                fixed(c.holds ? y.overlap : x.overlap, c.decimals).toDouble(), 0.0, 0.0};
    return c;
}

/// Why SAT keeps axis `kept` over axis `other` whose overlap ties it (exactly or to round-off), as
/// physics/src/sat.cpp decides (replacesBest and the A-or-B rule of satPolygons): an axis whose face looks at
/// the other shape (its overlap is the push out through that face) beats one whose overlap is the push out
/// the back way; between A's axes, or between B's, the first of an exact tie stays (a later one must be
/// strictly smaller); between A's best and B's, A's stays unless B's is smaller by more than the tolerance.
QString tieRule(const phys::SatTrace& sat, int kept, int other) {
    const phys::SatAxis& k = sat.axes[kept];
    const phys::SatAxis& o = sat.axes[other];
    if (k.facing != o.facing) {
        return tr("SAT keeps axis %1, whose face looks at %2 (axis %3's overlap is the push out the back "
                  "way)")
            .arg(kept + 1)
            .arg(k.owner == phys::SatAxisOwner::B ? QStringLiteral("A") : QStringLiteral("B"))
            .arg(other + 1);
    }
    // (a polygon-circle pair's vertex axis belongs to the polygon, A, like its edge axes)
    if ((k.owner == phys::SatAxisOwner::B) != (o.owner == phys::SatAxisOwner::B)) {
        return tr("between A's face and B's the engine keeps A's, axis %1").arg(kept + 1);
    }
    if (k.overlap == o.overlap && kept < other) {
        return tr("the engine keeps the first, axis %1").arg(kept + 1);
    }
    return tr("SAT keeps axis %1, smaller by that round-off").arg(kept + 1);
}

/// World vertices and outward normals of a polygon placed by `xf`.
struct WorldPolygon {
    std::vector<phys::Vec2> v, n;
    int count() const { return static_cast<int>(v.size()); }
    int next(int i) const { return i + 1 == count() ? 0 : i + 1; }
    int previous(int i) const { return i == 0 ? count() - 1 : i - 1; }
};

WorldPolygon worldPolygon(const phys::Polygon& p, const phys::Transform& xf) {
    WorldPolygon w;
    for (int i = 0; i < p.count(); ++i) {
        w.v.push_back(phys::transformPoint(xf, p.vertex(i)));
        w.n.push_back(phys::rotate(xf.q, p.normal(i)));
    }
    return w;
}

// The vertex-edge method's own predicates (physics/src/contact_methods.cpp, after the thesis, sources/004),
// evaluated on the world polygons so the walkthrough can say WHY the method found nothing:
//   inside(v, Q)        = dot(n_j, v - q_j) <= 0 for every edge j of Q (on the boundary counts)
//   depth(v, Q)         = min_j dot(n_j, q_j - v): the distance to Q's boundary (Q convex, v inside)
//   crosses(s, e)       = segments s and e intersect (touching counts) and are not parallel
//                         (|sin| < kVertexEdgeParallelSine counts as parallel: parallel never crosses)
bool insidePolygon(phys::Vec2 v, const WorldPolygon& q) {
    for (int j = 0; j < q.count(); ++j) {
        if (phys::dot(q.n[j], v - q.v[j]) > 0.0) {
            return false;
        }
    }
    return true;
}

double depthInside(phys::Vec2 v, const WorldPolygon& q) {
    double depth = std::numeric_limits<double>::infinity();
    for (int j = 0; j < q.count(); ++j) {
        depth = std::min(depth, phys::dot(q.n[j], q.v[j] - v));
    }
    return depth;
}

//   parallel(u, w)      = |sin(angle)| < kVertexEdgeParallelSine
bool edgesParallel(phys::Vec2 u, phys::Vec2 w) {
    return std::abs(phys::cross(u, w)) < phys::kVertexEdgeParallelSine * phys::length(u) * phys::length(w);
}

bool segmentsCross(phys::Vec2 p0, phys::Vec2 p1, phys::Vec2 q0, phys::Vec2 q1) {
    const phys::Vec2 u = p1 - p0;
    const phys::Vec2 w = q1 - q0;
    if (edgesParallel(u, w)) {
        return false;
    }
    const double o1 = phys::cross(u, q0 - p0);
    const double o2 = phys::cross(u, q1 - p0);
    const double o3 = phys::cross(w, p0 - q0);
    const double o4 = phys::cross(w, p1 - q0);
    return ((o1 <= 0.0 && o2 >= 0.0) || (o1 >= 0.0 && o2 <= 0.0)) &&
           ((o3 <= 0.0 && o4 >= 0.0) || (o3 >= 0.0 && o4 <= 0.0));
}

/// The edges of `q` that the segment from p[i] to p[k] crosses.
std::vector<int> crossings(const WorldPolygon& p, int i, int k, const WorldPolygon& q) {
    std::vector<int> edges;
    for (int j = 0; j < q.count(); ++j) {
        if (segmentsCross(p.v[i], p.v[k], q.v[j], q.v[q.next(j)])) {
            edges.push_back(j);
        }
    }
    return edges;
}

/// "A's edge 2", "A's edges 2 and 3", "no edge of A".
QString edgeList(const std::vector<int>& edges, const QString& owner) {
    if (edges.empty()) {
        return QCoreApplication::translate("cl::Walkthrough", "no edge of %1").arg(owner);
    }
    QStringList numbers;
    for (const int e : edges) {
        numbers << QString::number(e);
    }
    if (edges.size() == 1) {
        return QCoreApplication::translate("cl::Walkthrough", "%1's edge %2").arg(owner, numbers.front());
    }
    const QString last = numbers.takeLast();
    return QCoreApplication::translate("cl::Walkthrough", "%1's edges %2 and %3")
        .arg(owner, numbers.join(QStringLiteral(", ")), last);
}

/// "1 point" / "2 points".
QString pointCount(int count) {
    return count == 1 ? tr("1 point") : tr("%1 points").arg(count);
}

/// The decimals for a length in an explanation beside a table of `tableDecimals` (Clipping, Methods): the
/// table's, so a depth the table shows reads the same in the words, unless the length needs more to keep
/// its two significant digits (a vertex just in front of the face, not in the table): then length()'s
/// (-1: its scientific form).
int wordsDecimals(double metres, int tableDecimals) {
    const int own = Walkthrough::lengthDecimals(metres);
    return own < 0 || own > tableDecimals ? own : tableDecimals;
}

/// `metres` written with wordsDecimals (without the unit).
QString wordsLength(double metres, int tableDecimals) {
    const int d = wordsDecimals(metres, tableDecimals);
    return d < 0 ? Walkthrough::length(metres) : fixed(metres, d);
}

/// Depths of a manifold's points with `decimals` decimals (its table's), e.g. "0.050 m and 0.030 m".
QString depths(const phys::Manifold& m, int decimals) {
    QStringList parts;
    for (int i = 0; i < m.pointCount; ++i) {
        parts << fixed(m.points[i].depth, decimals) + QStringLiteral(" m");
    }
    return parts.join(tr(" and "));
}

/// How good a shape pair is for the lesson: overlapping pairs by depth first, then separated pairs by how
/// close they come (the trace's own mtvDepth).
double pairScore(const phys::CollideTrace& t) {
    return t.separated ? -1.0e9 + t.sat.mtvDepth : t.sat.mtvDepth;
}

} // namespace

const char* toString(WalkthroughMode mode) {
    switch (mode) {
    case WalkthroughMode::Sat:
        return "sat";
    case WalkthroughMode::Clipping:
        return "clipping";
    case WalkthroughMode::Methods:
        return "methods";
    }
    return "sat";
}

std::optional<WalkthroughMode> parseWalkthroughMode(const QString& text) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("sat")) {
        return WalkthroughMode::Sat;
    }
    if (t == QLatin1String("clipping") || t == QLatin1String("clip")) {
        return WalkthroughMode::Clipping;
    }
    if (t == QLatin1String("methods")) {
        return WalkthroughMode::Methods;
    }
    return std::nullopt;
}

QString Walkthrough::number(double value) {
    return fixed(value, 2);
}

QString Walkthrough::tableLength(double metres, int tableDecimals) {
    return wordsLength(metres, tableDecimals);
}

QString Walkthrough::number(double value, int decimals) {
    return fixed(value, decimals);
}

// Two significant digits for small lengths:
//   |v| = 0 or |v| >= 0.1 m  -> 2 decimals
//   1 um <= |v| < 0.1 m      -> 1 - floor(log10 |v|) decimals (0.065 -> 3, 0.0065 -> 4, 0.000012 -> 6)
//   |v| < 1 um               -> scientific, 2 significant digits
// The bands are decided on the value rounded to two significant digits, so 0.09999999 is "0.10" like 0.1
// (not "0.100") and 9.99e-7 is "0.0000010", not "1.0e-6": one kind of value, one format.
int Walkthrough::lengthDecimals(double metres) {
    const double a = QString::number(std::abs(metres), 'g', 2).toDouble();
    if (!(a > 0.0) || a >= 0.1 || !std::isfinite(a)) {
        return 2;
    }
    if (a < 1.0e-6) {
        return -1;
    }
    return std::clamp(1 - static_cast<int>(std::floor(std::log10(a))), 2, 7);
}

QString Walkthrough::length(double metres) {
    const int decimals = lengthDecimals(metres);
    if (decimals < 0) {
        // "3.2e-07" -> "3.2e-7"
        QString text = QString::number(metres, 'e', 1);
        const qsizetype e = text.indexOf(QLatin1Char('e'));
        qsizetype digits = e + 2; // past the exponent's sign
        while (digits < text.size() - 1 && text.at(digits) == QLatin1Char('0')) {
            text.remove(digits, 1);
        }
        return text;
    }
    return fixed(metres, decimals);
}

int Walkthrough::shadowDecimals(double overlap) {
    const int decimals = lengthDecimals(overlap);
    return decimals < 0 ? 6 : std::min(decimals, 6);
}

// One count for the whole table:
//   d = max over the axes of shadowDecimals(overlap) (2 for a touching axis): every overlap and gap keeps two
//   significant digits
// No more: each row's overlap is written as the difference of its written shadow ends (axisOverlap), so it
// adds up whatever d is, and lies within one unit of d's last decimal of the engine's. (Raising d until
// that difference is also the engine's overlap rounded, on every axis at once, took tables of many axes to
// twelve decimals: each axis misses it at a given d one time in four.)
int Walkthrough::satDecimals(const phys::SatTrace& sat) {
    int d = 2;
    for (int k = 0; k < sat.axisCount; ++k) {
        const phys::SatAxis& axis = sat.axes[k];
        d = std::max(d, axisTouches(axis) ? 2 : shadowDecimals(axis.overlap));
    }
    return d;
}

// One count for a table of depths (Clipping, Methods), as satDecimals for the SAT table:
//   d = max over the depths of shadowDecimals(depth) (2 for a depth of zero up to round-off)
// so the smallest depth keeps two significant digits and a larger one is written with as many decimals; a
// clipped point on the reference face (depth ~1e-17 m) is 0.00, not a six-decimal round-off residue.
int Walkthrough::depthDecimals(const std::vector<double>& depths) {
    int d = 2;
    for (const double depth : depths) {
        if (std::abs(depth) > 1e-9) {
            d = std::max(d, shadowDecimals(depth));
        }
    }
    return d;
}

int Walkthrough::clippingDecimals(const phys::CollideTrace& trace) {
    std::vector<double> all;
    for (int i = 0; i < trace.clip.pointCount; ++i) {
        all.push_back(trace.clip.points[i].depth);
    }
    for (int i = 0; i < trace.manifold.pointCount; ++i) {
        all.push_back(trace.manifold.points[i].depth);
    }
    return depthDecimals(all);
}

int Walkthrough::methodsDecimals(const std::array<phys::CollideTrace, kMethodCount>& traces) {
    std::vector<double> all;
    for (const phys::CollideTrace& t : traces) {
        for (int i = 0; i < t.manifold.pointCount; ++i) {
            all.push_back(t.manifold.points[i].depth);
        }
    }
    return depthDecimals(all);
}

// min(maxA - minB, maxB - minA) of the ends as written, in units of the last decimal (the two differences
// may order otherwise than the engine's: the reader takes the smaller of what is shown).
namespace {
qint64 writtenOverlapUnits(const phys::SatAxis& axis, int d) {
    const auto units = [d](double v) {
        return scaled(fixed(v, d));
    };
    return std::min(units(axis.maxA) - units(axis.minB), units(axis.maxB) - units(axis.minA));
}
} // namespace

QString Walkthrough::axisOverlap(const phys::SatAxis& axis, int decimals) {
    return unscaled(writtenOverlapUnits(axis, decimals), decimals);
}

// Round-off of a shadow end: the engine computes the overlap in a local frame and the shadows in the world,
// so a touching pair (an edge on an edge, a vertex on an edge) leaves ~1e-16 m either way.
//   touches = |overlap| <= 1e-9 * max(1, |shadow ends|)
bool Walkthrough::axisTouches(const phys::SatAxis& axis) {
    const double scale =
        std::max({1.0, std::abs(axis.minA), std::abs(axis.maxA), std::abs(axis.minB), std::abs(axis.maxB)});
    return std::abs(axis.overlap) <= 1e-9 * scale;
}

// Containment (Ericson 5.2.1: SAT's overlap is the least push-out, which for nested intervals is longer
// than the shared length):
//   B in A when minA < minB and maxB < maxA (beyond round-off); A in B likewise
int Walkthrough::axisInnerShadow(const phys::SatAxis& axis) {
    const double eps = 1e-9 * std::max({1.0, std::abs(axis.minA), std::abs(axis.maxA), std::abs(axis.minB),
                                        std::abs(axis.maxB)});
    if (axis.minB > axis.minA + eps && axis.maxB < axis.maxA - eps) {
        return 1;
    }
    if (axis.minA > axis.minB + eps && axis.maxA < axis.maxB - eps) {
        return 0;
    }
    return -1;
}

QString Walkthrough::axisGap(const phys::SatAxis& axis, int decimals) {
    return unscaled(-writtenOverlapUnits(axis, decimals), decimals);
}

QString Walkthrough::axisShadow(const phys::SatAxis& axis, bool ofB, int decimals) {
    const int d = decimals;
    return ofB ? interval(axis.minB, axis.maxB, d) : interval(axis.minA, axis.maxA, d);
}

QString Walkthrough::vector(phys::Vec2 v, int decimals) {
    return QStringLiteral("(%1, %2)").arg(fixed(v.x, decimals), fixed(v.y, decimals));
}

QString Walkthrough::interval(double low, double high, int decimals) {
    const int d = std::max(decimals, 2);
    return QStringLiteral("[%1, %2]").arg(fixed(low, d), fixed(high, d));
}

QString Walkthrough::methodName(phys::ContactMethod method) {
    switch (method) {
    case phys::ContactMethod::Clipping:
        return tr("clipping");
    case phys::ContactMethod::DeepestVertices:
        return tr("deepest vertices");
    case phys::ContactMethod::VertexEdge:
        return tr("vertex-edge");
    }
    return {};
}

QString Walkthrough::axisOrigin(const phys::SatAxis& axis, phys::ShapePairKind kind) {
    switch (axis.owner) {
    case phys::SatAxisOwner::A:
        return tr("the normal of A's edge %1").arg(axis.edge);
    case phys::SatAxisOwner::B:
        return tr("the normal of B's edge %1").arg(axis.edge);
    case phys::SatAxisOwner::Circle:
        break;
    }
    switch (kind) {
    case phys::ShapePairKind::CircleCircle:
        return tr("the line through both centres");
    case phys::ShapePairKind::PolygonCircle:
        return tr("the axis from A's vertex %1 (the closest) to the centre of circle B").arg(axis.edge);
    case phys::ShapePairKind::CirclePolygon:
        return tr("the axis from the centre of circle A to B's vertex %1 (the closest)").arg(axis.edge);
    case phys::ShapePairKind::PolygonPolygon:
        break;
    }
    return tr("the circle axis");
}

const phys::ShapeGeometry& Walkthrough::geometryA() const {
    return m_bodyA.shapes[static_cast<std::size_t>(m_shapeA)].geometry;
}

const phys::ShapeGeometry& Walkthrough::geometryB() const {
    return m_bodyB.shapes[static_cast<std::size_t>(m_shapeB)].geometry;
}

const phys::CollideTrace& Walkthrough::methodTrace(int method) const {
    return m_traces[static_cast<std::size_t>(std::clamp(method, 0, kMethodCount - 1))];
}

void Walkthrough::add(WalkthroughStepKind kind, int index, const QString& title, const QString& explanation,
                      std::vector<WalkthroughClaim> claims) {
    m_steps.push_back({kind, index, title, explanation, std::move(claims)});
}

// Pair choice for compound bodies:
//   for every shape i of A, j of B: trace = collide(i, j, clipping)
//   keep the pair with the largest score (overlapping: depth; separated: -1e9 + overlap of the separating
//   axis)
Walkthrough Walkthrough::build(WalkthroughMode mode, const phys::BodyDef& a, const phys::BodyDef& b,
                               int shapeA, int shapeB, double speculativeDistance) {
    Walkthrough w;
    w.m_mode = mode;
    w.m_bodyA = a;
    w.m_bodyB = b;
    const int countA = static_cast<int>(a.shapes.size());
    const int countB = static_cast<int>(b.shapes.size());
    if (countA == 0 || countB == 0) {
        w.m_problem =
            tr("Body %1 has no shape.").arg(countA == 0 ? QStringLiteral("A") : QStringLiteral("B"));
        return w;
    }
    if (shapeA >= countA || shapeB >= countB) {
        w.m_problem = tr("There is no such shape in this body.");
        return w;
    }
    const phys::Transform xfA = w.transformA();
    const phys::Transform xfB = w.transformB();
    if (shapeA < 0 || shapeB < 0) {
        double best = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < countA; ++i) {
            if (shapeA >= 0 && i != shapeA) {
                continue;
            }
            for (int j = 0; j < countB; ++j) {
                if (shapeB >= 0 && j != shapeB) {
                    continue;
                }
                phys::CollideTrace t;
                phys::collide(a.shapes[std::size_t(i)].geometry, xfA, b.shapes[std::size_t(j)].geometry, xfB,
                              phys::ContactMethod::Clipping, speculativeDistance, &t);
                if (pairScore(t) > best) {
                    best = pairScore(t);
                    w.m_shapeA = i;
                    w.m_shapeB = j;
                }
            }
        }
    } else {
        w.m_shapeA = shapeA;
        w.m_shapeB = shapeB;
    }
    for (int m = 0; m < kMethodCount; ++m) {
        phys::collide(w.geometryA(), xfA, w.geometryB(), xfB, kMethods[std::size_t(m)], speculativeDistance,
                      &w.m_traces[std::size_t(m)]);
    }
    w.m_satDecimals = satDecimals(w.trace().sat);
    w.m_clippingDecimals = clippingDecimals(w.trace());
    w.m_methodsDecimals = methodsDecimals(w.m_traces);
    switch (mode) {
    case WalkthroughMode::Sat:
        w.buildSat();
        break;
    case WalkthroughMode::Clipping:
        w.buildClipping();
        break;
    case WalkthroughMode::Methods:
        w.buildMethods();
        break;
    }
    return w;
}

namespace {
QString points(const phys::Vec2* p, int count, int decimals) {
    QStringList parts;
    for (int i = 0; i < count; ++i) {
        parts << Walkthrough::vector(p[i], decimals);
    }
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(" "));
}
} // namespace

// The table: one row per axis (SAT), per stage (Clipping) or per method, each carrying the step it belongs
// to. The dock shows it, `contactlab-cli walkthrough` prints it.
WalkthroughTable Walkthrough::table() const {
    WalkthroughTable table;
    if (isValid()) {
        const phys::CollideTrace& t = trace();
        const std::vector<WalkthroughStep>& all = m_steps;
        auto stepOf = [&all](WalkthroughStepKind kind, int index = -1) {
            for (std::size_t i = 0; i < all.size(); ++i) {
                if (all[i].kind == kind && (index < 0 || all[i].index == index)) {
                    return int(i);
                }
            }
            return -1;
        };
        switch (m_mode) {
        case WalkthroughMode::Sat: {
            // Four columns, two lines a row, so the table fits the dock's default width: the axis and its
            // normal, A's and B's shadows (with the decimals of the overlap, so it can be read off them),
            // the overlap (negative: a gap) and whether the axis separates.
            table.headers = {tr("#"), tr("Axis, normal"), tr("Shadows (m)"), tr("Overlap (m)")};
            table.headerTips = {
                tr("Axis, in test order"),
                tr("The edge (or circle axis) the axis comes from, and "
                   "its unit normal (world frame)"),
                tr("A's and B's projections [min, max] on the axis"),
                tr("min(maxA \u2212 minB, maxB \u2212 minA); negative is a gap, and that axis "
                   "separates the shapes. When one shadow lies inside the other (\"B in A\"), it is "
                   "the shorter move that clears it, more than the length they share")};
            // One count of decimals for every number of the table (tableDecimals).
            const int dec = m_satDecimals;
            for (int k = 0; k < t.sat.axisCount; ++k) {
                const phys::SatAxis& a = t.sat.axes[k];
                const QString from = a.owner == phys::SatAxisOwner::A   ? tr("A edge %1").arg(a.edge)
                                     : a.owner == phys::SatAxisOwner::B ? tr("B edge %1").arg(a.edge)
                                     : a.edge >= 0                      ? tr("circle, vertex %1").arg(a.edge)
                                                                        : tr("centres");
                // The overlap is written as the difference of the shadow ends written beside it.
                table.rows.push_back(
                    {{QString::number(k + 1), from + QLatin1Char('\n') + vector(a.normal, dec),
                      tr("A %1\nB %2").arg(axisShadow(a, false, dec), axisShadow(a, true, dec)),
                      axisOverlap(a, dec) + (a.separating              ? tr("\nseparates")
                                             : axisInnerShadow(a) == 1 ? tr("\nB in A")
                                             : axisInnerShadow(a) == 0 ? tr("\nA in B")
                                                                       : QString())},
                     stepOf(WalkthroughStepKind::SatAxis, k),
                     k == t.sat.mtvAxis});
            }
            if (t.sat.mtvAxis >= 0) {
                table.rows.push_back({{QStringLiteral("\u2192"),
                                       (t.sat.separated ? tr("separated: axis %1").arg(t.sat.mtvAxis + 1)
                                                        : tr("MTV: axis %1").arg(t.sat.mtvAxis + 1)) +
                                           QLatin1Char('\n') + vector(t.sat.mtvNormal, dec),
                                       // B's edge normals point from B to A: the result turns it round
                                       phys::dot(t.sat.mtvNormal, t.sat.axes[t.sat.mtvAxis].normal) < 0.0
                                           ? tr("the axis turned round:\nA to B")
                                           : QString(),
                                       axisOverlap(t.sat.axes[t.sat.mtvAxis], dec)},
                                      stepOf(WalkthroughStepKind::SatResult),
                                      false});
            }
            break;
        }
        case WalkthroughMode::Clipping: {
            table.headers = {tr("Stage"), tr("Values")};
            if (t.kind != phys::ShapePairKind::PolygonPolygon || t.sat.separated) {
                table.rows.push_back({{tr("Manifold"), t.manifold.pointCount == 1
                                                           ? tr("1 point")
                                                           : tr("%1 points").arg(t.manifold.pointCount)},
                                      0,
                                      false});
                break;
            }
            const phys::ClipTrace& c = t.clip;
            // One count of decimals for every number of the table (clippingDecimals).
            const int dec = m_clippingDecimals;
            const int cand = stepOf(WalkthroughStepKind::ClipCandidates);
            for (const auto& [name, cc] : {std::pair{tr("Best edge of A"), &c.candidateA},
                                           std::pair{tr("Best edge of B"), &c.candidateB}}) {
                table.rows.push_back({{name, tr("vertex %1, edge %2, |cos| %3 (previous %4: %5, next %6: %7)")
                                                 .arg(cc->furthestVertex)
                                                 .arg(cc->edge)
                                                 .arg(number(cc->edgeDot, dec))
                                                 .arg(cc->previousEdge)
                                                 .arg(number(cc->previousDot, dec))
                                                 .arg(cc->nextEdge)
                                                 .arg(number(cc->nextDot, dec))},
                                      cand,
                                      false});
            }
            const int ref = stepOf(WalkthroughStepKind::ClipReference);
            table.rows.push_back(
                {{tr("Reference"), tr("%1's edge %2, normal %3")
                                       .arg(c.flip ? QStringLiteral("B") : QStringLiteral("A"))
                                       .arg(c.referenceEdge)
                                       .arg(vector(c.referenceNormal, dec))},
                 ref,
                 false});
            table.rows.push_back(
                {{tr("Incident"), tr("%1's edge %2")
                                      .arg(c.flip ? QStringLiteral("A") : QStringLiteral("B"))
                                      .arg(c.incidentEdge)},
                 ref,
                 false});
            for (int p = 0; p < c.planeCount; ++p) {
                const phys::ClipPlaneStep& s = c.planes[p];
                table.rows.push_back(
                    {{tr("Side plane %1").arg(p + 1),
                      tr("%1 \u2192 %2")
                          .arg(points(s.before, s.beforeCount, dec), points(s.after, s.afterCount, dec))},
                     stepOf(WalkthroughStepKind::ClipPlane, p),
                     false});
            }
            const int face = stepOf(WalkthroughStepKind::ClipReferenceFace);
            for (int i = 0; i < c.pointCount; ++i) {
                const phys::ClipPointStep& s = c.points[i];
                table.rows.push_back(
                    {{tr("Point %1").arg(i + 1), tr("%1, depth %2 m, %3")
                                                     .arg(vector(s.point, dec))
                                                     .arg(number(s.depth, dec))
                                                     .arg(s.kept ? tr("kept") : tr("discarded"))},
                     face,
                     false});
            }
            const int result = stepOf(WalkthroughStepKind::ClipResult);
            for (int i = 0; i < t.manifold.pointCount; ++i) {
                const phys::ManifoldPoint& p = t.manifold.points[i];
                table.rows.push_back(
                    {{tr("Contact %1").arg(i + 1),
                      tr("%1, depth %2 m").arg(vector(p.point, dec)).arg(number(p.depth, dec))},
                     result,
                     true});
            }
            break;
        }
        case WalkthroughMode::Methods: {
            table.headers = {tr("Method"), tr("Points"), tr("Depths (m)"), tr("Normal")};
            // One count of decimals for every number of the table (methodsDecimals).
            const int dec = m_methodsDecimals;
            for (int m = 0; m < kMethodCount; ++m) {
                const phys::Manifold& mf = methodTrace(m).manifold;
                QStringList d;
                for (int i = 0; i < mf.pointCount; ++i) {
                    d << number(mf.points[i].depth, dec);
                }
                table.rows.push_back(
                    {{methodName(kMethods[std::size_t(m)]), QString::number(mf.pointCount),
                      d.join(QStringLiteral(", ")), mf.pointCount > 0 ? vector(mf.normal, dec) : QString()},
                     stepOf(WalkthroughStepKind::Method, m),
                     false});
                table.rows.back().method = m;
            }
            table.everyRowStep = stepOf(WalkthroughStepKind::MethodsCompare);
            break;
        }
        }
    }

    return table;
}

// SAT steps (after the source's "separating axis" chapter, and Ericson, Real-Time Collision Detection 5.2.1):
//   for each axis k in test order: show both shadows [minA, maxA], [minB, maxB] and their signed overlap
//   min(maxA - minB, maxB - minA); overlap < 0 means a gap, and one gap proves the shapes apart
//   last step: no gap -> the axis of least overlap gives the MTV; a gap -> that axis separates them
void Walkthrough::buildSat() {
    const phys::CollideTrace& t = trace();
    const phys::SatTrace& sat = t.sat;
    const int n = sat.axisCount;
    // One count of decimals for every number of the SAT steps, as in the table (satDecimals).
    const int dec = m_satDecimals;
    // Every number below is written as a claim first (the value as written, read back), then put into words.
    auto shadowsClaim = [dec](int k, const phys::SatAxis& axis) {
        WalkthroughClaim c;
        c.kind = WalkthroughClaim::Kind::Shadows;
        c.axis = k;
        c.normal = axis.normal;
        c.decimals = dec;
        c.values = {fixed(axis.minA, c.decimals).toDouble(), fixed(axis.maxA, c.decimals).toDouble(),
                    fixed(axis.minB, c.decimals).toDouble(), fixed(axis.maxB, c.decimals).toDouble()};
        return c;
    };
    auto overlapClaim = [dec](int k, const phys::SatAxis& axis) {
        WalkthroughClaim c;
        c.kind = WalkthroughClaim::Kind::AxisOverlap;
        c.axis = k;
        c.normal = axis.normal;
        c.decimals = dec;
        c.values[0] = axisOverlap(axis, dec).toDouble();
        return c;
    };
    auto separatesClaim = [](int k, const phys::SatAxis& axis) {
        WalkthroughClaim c;
        c.kind = WalkthroughClaim::Kind::AxisSeparates;
        c.axis = k;
        c.normal = axis.normal;
        c.holds = axis.separating;
        return c;
    };
    auto innerClaim = [dec](int k, const phys::SatAxis& axis, int inner) {
        WalkthroughClaim c;
        c.kind = WalkthroughClaim::Kind::ShadowInside;
        c.axis = k;
        c.normal = axis.normal;
        c.polygon = inner;
        c.decimals = dec;
        const int d = c.decimals;
        const auto units = [d](double v) {
            return scaled(fixed(v, d));
        };
        // The shared length and the other way out, as differences of the written ends (like the overlap).
        const qint64 shared =
            inner == 1 ? units(axis.maxB) - units(axis.minB) : units(axis.maxA) - units(axis.minA);
        const qint64 otherWay =
            std::max(units(axis.maxB) - units(axis.minA), units(axis.maxA) - units(axis.minB));
        c.values = {unscaled(shared, d).toDouble(), unscaled(otherWay, d).toDouble(), 0.0, 0.0};
        return c;
    };
    for (int k = 0; k < n; ++k) {
        const phys::SatAxis& axis = sat.axes[k];
        // claims: the shadows as written; their overlap (the difference of the written ends); whether the
        // axis separates (overlap < 0)
        QString text =
            tr("Axis %1, %2: the projections %3 and %4 ")
                .arg(k + 1)
                .arg(axisOrigin(axis, t.kind), axisShadow(axis, false, dec), axisShadow(axis, true, dec));
        std::vector<WalkthroughClaim> claims{shadowsClaim(k, axis), overlapClaim(k, axis),
                                             separatesClaim(k, axis)};
        const int inner = axisInnerShadow(axis);
        if (axis.separating && axisTouches(axis)) {
            // claim: overlap < 0 by round-off only: the shadows meet, and the engine's test (overlap < 0)
            // calls it a gap
            text += tr("just meet end to end (a gap of %1 m, round-off), so the engine counts this axis as "
                       "separating them.")
                        .arg(axisGap(axis, dec));
        } else if (axis.separating) {
            // claim: overlap < 0 (a gap of -overlap)
            text += tr("leave a gap of %1 m, so this axis separates them: the shapes cannot touch.")
                        .arg(axisGap(axis, dec));
        } else if (inner >= 0) {
            // claims: the inner shadow lies inside the other, so the shared length is all of it; the
            // overlap written is the shorter way out, the other way is longer
            const WalkthroughClaim inside = innerClaim(k, axis, inner);
            claims.push_back(inside);
            const int d = inside.decimals;
            // (Short enough for the projector: with the nine rows the text must fit the dock at 1280x800.)
            text +=
                tr("share all %3 m of %1's shadow, which lies inside %2's. %1 must move %4 m, the shorter "
                   "way out (the other way is %5 m): that is SAT's overlap. This axis does not separate "
                   "them.")
                    .arg(inner == 1 ? QStringLiteral("B") : QStringLiteral("A"),
                         inner == 1 ? QStringLiteral("A") : QStringLiteral("B"), fixed(inside.values[0], d),
                         axisOverlap(axis, dec), fixed(inside.values[1], d));
        } else if (axisTouches(axis)) {
            // claim: overlap 0 up to round-off (the AxisSeparates check leaves touching to round-off)
            text += tr("just meet end to end (overlap %1 m), so this axis does not separate them.")
                        .arg(axisOverlap(axis, dec));
        } else {
            text += tr("overlap by %1 m, so this axis does not separate them.").arg(axisOverlap(axis, dec));
        }
        add(WalkthroughStepKind::SatAxis, k, tr("Axis %1 of %2").arg(k + 1).arg(n), text, std::move(claims));
    }

    const int chosen = sat.mtvAxis;
    QString text;
    if (t.aabbRejected) {
        text += tr("The bounding boxes do not even overlap, so the engine stops before SAT; the axes were "
                   "tested here for the lesson. ");
    }
    if (chosen < 0) {
        text += tr("No axis could be tested.");
        add(WalkthroughStepKind::SatResult, chosen, tr("Result"), text);
        return;
    }
    const phys::SatAxis& axis = sat.axes[chosen];
    WalkthroughClaim shapes;
    shapes.kind = WalkthroughClaim::Kind::ShapesOverlap;
    shapes.holds = !sat.separated;
    if (sat.separated) {
        // claims: axis `chosen` separates them, with the gap written on its step; the shapes do not overlap
        text += tr("Axis %1 (%2) separates the shapes with a gap of %3 m. One separating axis is enough: "
                   "the bodies do not touch, and without a trace the engine stops at the first one.")
                    .arg(chosen + 1)
                    .arg(axisOrigin(axis, t.kind), axisGap(axis, dec));
        add(WalkthroughStepKind::SatResult, chosen, tr("Result: separated"), text,
            {separatesClaim(chosen, axis), overlapClaim(chosen, axis), shapes});
        return;
    }
    // claims: no axis separates (the shapes overlap); axis `chosen` has the least overlap (or, after a near
    // tie, is within the tolerance of B's smaller one); moving B by that overlap along the MTV normal
    // separates them
    WalkthroughClaim least;
    least.kind = WalkthroughClaim::Kind::LeastOverlap;
    least.axis = chosen;
    least.normal = axis.normal;
    least.decimals = dec;
    least.values[0] = axisOverlap(axis, dec).toDouble();
    least.holds = !(sat.nearTieKeptA && sat.bestAxisB >= 0);
    WalkthroughClaim mtv;
    mtv.kind = WalkthroughClaim::Kind::MtvSeparates;
    mtv.normal = sat.mtvNormal;
    mtv.values[0] = sat.mtvDepth;
    mtv.decimals = dec;
    mtv.holds = least.holds;
    std::vector<WalkthroughClaim> claims{shapes, overlapClaim(chosen, axis), least, mtv};
    // The least overlap named: the MTV axis, or after a near tie B's smaller one.
    const int leastAxis = least.holds ? chosen : sat.bestAxisB;
    QString inner;
    if (const int in = axisInnerShadow(axis); in >= 0) {
        // claim (the axis step's ShadowInside): on the MTV axis one shadow lies inside the other
        inner = tr(" (on that axis %1's shadow lies inside %2's: %3 m is the shorter move that clears it)")
                    .arg(in == 1 ? QStringLiteral("B") : QStringLiteral("A"),
                         in == 1 ? QStringLiteral("A") : QStringLiteral("B"), axisOverlap(axis, dec));
    }
    if (least.holds) {
        text += tr("No axis separates them, so the shapes overlap. The smallest overlap, %1 m, is on axis %2 "
                   "(%3)%5: the minimum translation vector moves B by %1 m along %4 to separate them.")
                    .arg(axisOverlap(axis, dec))
                    .arg(chosen + 1)
                    .arg(axisOrigin(axis, t.kind), vector(sat.mtvNormal, dec), inner);
    } else {
        // claim: B's least and A's kept overlap, written with enough decimals to tell them apart
        const WalkthroughClaim pair = compareOverlaps(sat, leastAxis, chosen, dec);
        claims.push_back(pair);
        const int d = pair.decimals;
        // (Short enough for the projector: with the table's nine rows below it, the text must fit the dock
        // at 1280x800. The axis's origin is in its table row.)
        QString text2 = tr("No axis separates them, so the shapes overlap. B's axis %1 overlaps least, %2 m, "
                           "but A's axis %3 overlaps by %4 m, within the tie tolerance")
                            .arg(sat.bestAxisB + 1)
                            .arg(fixed(pair.values[0], d))
                            .arg(chosen + 1)
                            .arg(fixed(pair.values[1], d));
        if (axisOverlap(sat.axes[leastAxis], dec).toDouble() == axisOverlap(axis, dec).toDouble()) {
            text2 += tr(" (both %1 m in the table)").arg(axisOverlap(axis, dec));
        }
        text +=
            text2 + tr(", so the engine keeps A's face (no flipping from frame to frame) and moves B by %1 m "
                       "along %2%3.")
                        .arg(axisOverlap(axis, dec), vector(sat.mtvNormal, dec), inner);
    }
    // claims: every other axis whose overlap the table prints the same as the least is compared with it:
    // more decimals that tell them apart, or a tie (equal up to round-off), and which one the engine kept
    QStringList rivals;
    const double leastShown = axisOverlap(sat.axes[leastAxis], dec).toDouble();
    for (int k = 0; k < n; ++k) {
        const phys::SatAxis& other = sat.axes[k];
        if (k == leastAxis || k == chosen || other.separating ||
            axisOverlap(other, dec).toDouble() != leastShown) {
            continue;
        }
        const WalkthroughClaim c = compareOverlaps(sat, leastAxis, k, dec);
        claims.push_back(c);
        const QString kept =
            least.holds ? tieRule(sat, leastAxis, k) : tr("A's axis %1 is kept over both").arg(chosen + 1);
        if (c.holds) {
            rivals << tr("To %2 decimals axis %1's overlap is %3 m against axis %4's %5 m.")
                          .arg(k + 1)
                          .arg(c.decimals)
                          .arg(fixed(c.values[1], c.decimals))
                          .arg(leastAxis + 1)
                          .arg(fixed(c.values[0], c.decimals));
        } else if (other.overlap == sat.axes[leastAxis].overlap) {
            rivals << tr("Axis %1 ties axis %2 exactly; %3.").arg(k + 1).arg(leastAxis + 1).arg(kept);
        } else {
            rivals << tr("Axis %1 ties axis %2 up to round-off (they differ by %3 m); %4.")
                          .arg(k + 1)
                          .arg(leastAxis + 1)
                          .arg(length(std::abs(other.overlap - sat.axes[leastAxis].overlap)), kept);
        }
    }
    if (!rivals.isEmpty()) {
        text += QLatin1Char(' ') + rivals.join(QLatin1Char(' '));
    }
    add(WalkthroughStepKind::SatResult, chosen, tr("Result: the MTV"), text, std::move(claims));
}

// Clipping steps (the source's "better method"; Dyn4j, "Contact Points Using Clipping"; Catto, "Contact
// manifolds"):
//   best edge of A along +n and of B along -n (the furthest vertex, then the more perpendicular neighbour
//   edge) reference = the more perpendicular of the two, incident = the other clip the incident edge by the
//   side plane at the reference edge's start, then at its end keep the clipped points that lie behind the
//   reference face (depth >= 0)
void Walkthrough::buildClipping() {
    const phys::CollideTrace& t = trace();
    if (t.kind != phys::ShapePairKind::PolygonPolygon) {
        QString text =
            tr("Clipping finds the contact edge of two polygons; with a circle there is no edge to "
               "clip. ");
        if (t.manifold.pointCount > 0) {
            text += tr("The engine puts one contact point at %1, midway between the surfaces, %2 m deep, "
                       "with the normal %3.")
                        .arg(vector(t.manifold.points[0].point), length(t.manifold.points[0].depth),
                             vector(t.manifold.normal));
        } else {
            text += tr("Here the shapes do not touch: there is no contact.");
        }
        add(WalkthroughStepKind::NoClipping, -1, tr("No clipping for circles"), text);
        return;
    }
    if (t.sat.separated) {
        add(WalkthroughStepKind::NoClipping, -1, tr("Separated"),
            tr("SAT found a separating axis (a gap of %1 m), so there is no contact and clipping does not "
               "run. Drag the shapes into overlap.")
                .arg(length(-t.sat.mtvDepth)));
        return;
    }
    const phys::ClipTrace& c = t.clip;
    // The table's count of decimals (clippingDecimals) for every number the steps share with it.
    const int dec = m_clippingDecimals;
    const phys::ClipCandidate& ca = c.candidateA;
    const phys::ClipCandidate& cb = c.candidateB;
    // claims: each polygon's furthest vertex along its search direction; of its two edges, the chosen one is
    // the more perpendicular to the normal (|cos| as written)
    std::vector<WalkthroughClaim> bestClaims;
    for (const auto& [polygon, candidate] : {std::pair{0, &ca}, std::pair{1, &cb}}) {
        WalkthroughClaim far;
        far.kind = WalkthroughClaim::Kind::FurthestVertex;
        far.polygon = polygon;
        far.vertex = candidate->furthestVertex;
        far.normal = candidate->direction;
        bestClaims.push_back(far);
        WalkthroughClaim cosines;
        cosines.kind = WalkthroughClaim::Kind::EdgeCosines;
        cosines.polygon = polygon;
        cosines.edge = candidate->edge;
        cosines.other =
            candidate->edge == candidate->nextEdge ? candidate->previousEdge : candidate->nextEdge;
        cosines.normal = c.normal;
        cosines.values = {
            number(candidate->edgeDot, dec).toDouble(),
            number(candidate->edge == candidate->nextEdge ? candidate->previousDot : candidate->nextDot, dec)
                .toDouble(),
            double(polygon), 0.0};
        cosines.decimals = dec;
        bestClaims.push_back(cosines);
    }
    add(WalkthroughStepKind::ClipCandidates, -1, tr("Best edges"),
        tr("Best edges. Along the normal %1, A's furthest vertex is %2; of its two edges, edge %3 is the "
           "more "
           "perpendicular (|cos| %4 against %5). Along the opposite direction B's furthest vertex is %6, and "
           "its best edge is %7 (|cos| %8 against %9).")
            .arg(vector(c.normal, dec))
            .arg(ca.furthestVertex)
            .arg(ca.edge)
            .arg(number(ca.edgeDot, dec), number(ca.edge == ca.nextEdge ? ca.previousDot : ca.nextDot, dec))
            .arg(cb.furthestVertex)
            .arg(cb.edge)
            .arg(number(cb.edgeDot, dec), number(cb.edge == cb.nextEdge ? cb.previousDot : cb.nextDot, dec)),
        bestClaims);

    const QString reference = ownerLetter(c.flip);
    const QString incident = ownerLetter(!c.flip);
    QString why = c.tie ? tr("the two edges are equally perpendicular, so the owner of the SAT axis keeps "
                             "the reference")
                        : tr("it is the more perpendicular to the normal (|cos| %1 against %2)")
                              .arg(number(c.flip ? cb.edgeDot : ca.edgeDot, dec),
                                   number(c.flip ? ca.edgeDot : cb.edgeDot, dec));
    // claim (not after a tie): the reference edge is the more perpendicular of the two best edges
    std::vector<WalkthroughClaim> referenceClaims;
    if (!c.tie) {
        WalkthroughClaim cosines;
        cosines.kind = WalkthroughClaim::Kind::EdgeCosines;
        cosines.polygon = c.flip ? 1 : 0;
        cosines.edge = c.referenceEdge;
        cosines.other = c.incidentEdge;
        cosines.normal = c.normal;
        cosines.values = {number(c.flip ? cb.edgeDot : ca.edgeDot, dec).toDouble(),
                          number(c.flip ? ca.edgeDot : cb.edgeDot, dec).toDouble(), c.flip ? 0.0 : 1.0, 0.0};
        cosines.decimals = dec;
        referenceClaims.push_back(cosines);
    }
    add(WalkthroughStepKind::ClipReference, -1, tr("Reference and incident"),
        tr("The reference edge is %1's edge %2: %3. The incident edge is %4's edge %5; it will be clipped "
           "against the reference edge's side planes and face.")
            .arg(reference)
            .arg(c.referenceEdge)
            .arg(why, incident)
            .arg(c.incidentEdge),
        referenceClaims);

    for (int p = 0; p < c.planeCount; ++p) {
        const phys::ClipPlaneStep& s = c.planes[p];
        QString text = tr("Side plane %1 passes through the reference edge's %2 (%3's vertex %4), "
                          "perpendicular to the edge. Points beyond it are cut off: ")
                           .arg(p + 1)
                           .arg(p == 0 ? tr("start") : tr("end"), reference)
                           .arg(s.referenceVertex);
        if (s.afterCount == 0) {
            text += tr("no point of the incident edge is left, so there is no contact.");
        } else {
            int moved = 0;
            for (int i = 0; i < s.afterCount && i < s.beforeCount; ++i) {
                moved += s.after[i] == s.before[i] ? 0 : 1;
            }
            text += tr("%1 before, %2 after").arg(pointCount(s.beforeCount), pointCount(s.afterCount));
            text +=
                moved == 0 ? tr("; none moved.") : tr("; %1 moved onto the plane.").arg(pointCount(moved));
        }
        add(WalkthroughStepKind::ClipPlane, p, tr("Side plane %1").arg(p + 1), text);
    }
    if (c.planeCount < 2 && c.pointCount == 0) {
        add(WalkthroughStepKind::ClipResult, -1, tr("Contacts"),
            tr("The incident edge misses the reference edge's slab: no contact point."));
        return;
    }

    // claims: each clipped point lies on the incident edge, at the written depth behind the reference face;
    // kept when not in front of it
    QStringList kept, dropped;
    std::vector<WalkthroughClaim> faceClaims;
    const int incidentCount = std::get<phys::Polygon>(c.flip ? geometryA() : geometryB()).count();
    for (int i = 0; i < c.pointCount; ++i) {
        const phys::ClipPointStep& s = c.points[i];
        const QString item = tr("point %1 at %2 m").arg(i + 1).arg(number(s.depth, dec));
        (s.kept ? kept : dropped) << item;
        WalkthroughClaim depth;
        depth.kind = WalkthroughClaim::Kind::PointDepth;
        depth.polygon = c.flip ? 0 : 1;
        depth.vertex = c.incidentEdge;
        depth.other = c.incidentEdge + 1 == incidentCount ? 0 : c.incidentEdge + 1;
        depth.edge = c.referenceEdge;
        depth.point = s.point;
        depth.values[0] = number(s.depth, dec).toDouble();
        depth.decimals = dec;
        depth.holds = s.kept;
        faceClaims.push_back(depth);
    }
    QString face = tr("Reference face: each clipped point's depth is how far it lies behind %1's edge %2 "
                      "(positive = inside %1). ")
                       .arg(reference)
                       .arg(c.referenceEdge);
    if (!kept.isEmpty()) {
        face += tr("Kept: %1. ").arg(kept.join(QStringLiteral(", ")));
    }
    if (!dropped.isEmpty()) {
        face += tr("Discarded, in front of the face: %1.").arg(dropped.join(QStringLiteral(", ")));
    }
    add(WalkthroughStepKind::ClipReferenceFace, -1, tr("Reference face"), face.trimmed(), faceClaims);

    const phys::Manifold& m = c.result;
    add(WalkthroughStepKind::ClipResult, -1, tr("Contacts"),
        m.pointCount == 0
            ? tr("No point is behind the reference face: no contact.")
            : (m.pointCount == 1 ? tr("The manifold: %1, depth %2, normal %3 (from A to B). The point sits "
                                      "midway between the two surfaces.")
                                 : tr("The manifold: %1, depth %2, normal %3 (from A to B). Each point sits "
                                      "midway between the two surfaces."))
                  .arg(pointCount(m.pointCount), depths(m, dec), vector(m.normal, dec)));
}

// Why the vertex-edge method found no contact, from its own predicates (see insidePolygon above):
//   for P, Q in (A, B), (B, A):  for each vertex i of P inside Q:
//     C- = edges of Q crossed by P's edge to vertex i-1 ; C+ = the same for the edge to vertex i+1
//     the method would need a common edge of C- and C+ (or one crossing plus a parallel edge); say which
//     edges each one crosses instead (none: it stays inside Q, its other end is inside Q too)
//   no vertex inside at all: the outlines cross edge through edge
QString Walkthrough::vertexEdgeMissReasons(std::vector<WalkthroughClaim>& claims) const {
    const auto* polygonA = std::get_if<phys::Polygon>(&geometryA());
    const auto* polygonB = std::get_if<phys::Polygon>(&geometryB());
    if (!polygonA || !polygonB) {
        return {};
    }
    const WorldPolygon worlds[2] = {worldPolygon(*polygonA, transformA()),
                                    worldPolygon(*polygonB, transformB())};
    QStringList reasons;
    int insideCount = 0;
    constexpr int kMaxReasons = 3;
    for (int side = 0; side < 2; ++side) {
        const WorldPolygon& p = worlds[side];
        const WorldPolygon& q = worlds[1 - side];
        const QString owner = side == 0 ? QStringLiteral("A") : QStringLiteral("B");
        const QString other = side == 0 ? QStringLiteral("B") : QStringLiteral("A");
        for (int i = 0; i < p.count(); ++i) {
            if (!insidePolygon(p.v[std::size_t(i)], q)) {
                continue;
            }
            ++insideCount;
            if (insideCount > kMaxReasons) {
                continue;
            }
            WalkthroughClaim inside;
            inside.kind = WalkthroughClaim::Kind::VertexInside;
            inside.polygon = side;
            inside.vertex = i;
            inside.point = p.v[std::size_t(i)];
            const double depth = depthInside(inside.point, q);
            inside.values[0] = length(depth).toDouble();
            inside.decimals = lengthDecimals(depth);
            claims.push_back(inside);
            QStringList parts;
            std::vector<int> sets[2];
            int n = 0;
            for (const int k : {p.previous(i), p.next(i)}) {
                WalkthroughClaim c;
                c.kind = WalkthroughClaim::Kind::EdgeCrossings;
                c.polygon = side;
                c.vertex = i;
                c.other = k;
                c.edges = crossings(p, i, k, q);
                sets[n++] = c.edges;
                claims.push_back(c);
                QString part = tr("its edge to vertex %1 crosses %2").arg(k).arg(edgeList(c.edges, other));
                if (c.edges.empty() && insidePolygon(p.v[std::size_t(k)], q)) {
                    // claim: the other end lies inside Q too
                    WalkthroughClaim end;
                    end.kind = WalkthroughClaim::Kind::VertexInside;
                    end.polygon = side;
                    end.vertex = k;
                    end.point = p.v[std::size_t(k)];
                    const double endDepth = depthInside(end.point, q);
                    end.values[0] = length(endDepth).toDouble();
                    end.decimals = lengthDecimals(endDepth);
                    claims.push_back(end);
                    part += tr(" (vertex %1 is inside %2 too)").arg(k).arg(other);
                }
                parts << part;
            }
            const bool different = !sets[0].empty() && !sets[1].empty();
            // claims: neither edge runs parallel to an edge the other one crosses (else the parallel case
            // would have hit)
            const int ends[2] = {p.previous(i), p.next(i)};
            for (int e = 0; e < 2; ++e) {
                for (const int j : sets[e]) {
                    WalkthroughClaim c;
                    c.kind = WalkthroughClaim::Kind::EdgeParallel;
                    c.polygon = side;
                    c.vertex = i;
                    c.other = ends[1 - e];
                    c.edge = j;
                    c.holds = false; // as the words say; the test checks it against the geometry
                    claims.push_back(c);
                }
            }
            const bool anyCrossing = !sets[0].empty() || !sets[1].empty();
            reasons << tr("%1's vertex %2 lies %3 m inside %4, but %5%6%7")
                           .arg(owner)
                           .arg(i)
                           .arg(length(depth), other, parts.join(tr(" and ")),
                                different ? tr(": they leave %1 through different edges").arg(other)
                                          : QString(),
                                anyCrossing
                                    ? tr(", and neither edge runs parallel to an edge the other crosses")
                                    : QString());
        }
    }
    if (insideCount == 0) {
        WalkthroughClaim none;
        none.kind = WalkthroughClaim::Kind::NoVertexInside;
        claims.push_back(none);
        return tr("No vertex of A lies inside B and no vertex of B lies inside A: the outlines cross edge "
                  "through edge.");
    }
    QString text = reasons.join(QStringLiteral("; ")) + QStringLiteral(".");
    if (insideCount > kMaxReasons) {
        text += tr(" (%1 more vertices lie inside; none of them meets the rule either.)")
                    .arg(insideCount - kMaxReasons);
    }
    return text;
}

// Methods steps: the same pair under each contact method (ContactMethod), then all three together.
void Walkthrough::buildMethods() {
    const phys::CollideTrace& t = trace();
    if (t.kind != phys::ShapePairKind::PolygonPolygon) {
        // claim: the shapes touch or overlap exactly when the manifold (every method's: they are the same
        // for a circle) has its one point
        const phys::Manifold& m = t.manifold;
        WalkthroughClaim touching;
        touching.kind = WalkthroughClaim::Kind::ShapesOverlap;
        touching.holds = m.pointCount > 0;
        QString text = tr("The three contact methods differ only for two polygons; for a pair with a circle "
                          "all three give the same answer: one point on the line of the circle axis when the "
                          "shapes touch, none when they are apart. ");
        if (m.pointCount > 0) {
            text += tr("Here they overlap: every method gives 1 point, at %1, %2 m deep.")
                        .arg(vector(m.points[0].point), wordsLength(m.points[0].depth, m_methodsDecimals));
        } else if (t.sat.separated && t.sat.mtvDepth < 0.0) {
            // (the gap along the first separating axis, not the distance between the shapes: GJK's)
            text += tr("Here they are apart (SAT's axis %2 shows a gap of %1 m): no method gives a point.")
                        .arg(length(-t.sat.mtvDepth))
                        .arg(t.sat.mtvAxis + 1);
        } else {
            text += tr("Here they are apart: no method gives a point.");
        }
        add(WalkthroughStepKind::NoClipping, -1, tr("One method for circles"), text, {touching});
        return;
    }
    if (t.sat.separated) {
        add(WalkthroughStepKind::NoClipping, -1, tr("Separated"),
            tr("SAT found a separating axis (a gap of %1 m): no method makes a contact. Drag the shapes "
               "into overlap.")
                .arg(length(-t.sat.mtvDepth)));
        return;
    }
    // Clipping. (The depths with the table's decimals, methodsDecimals.)
    const int dec = m_methodsDecimals;
    const phys::Manifold& clip = m_traces[0].manifold;
    add(WalkthroughStepKind::Method, 0, tr("Clipping"),
        clip.pointCount == 0
            ? tr("Clipping: no point survives the side planes and the reference face.")
            : (clip.pointCount == 2 ? tr("Clipping keeps the part of the incident edge inside the reference "
                                         "edge's slab: %1, depth %2. Two points let a resting box stay flat.")
                                    : tr("Clipping keeps the part of the incident edge inside the reference "
                                         "edge's slab: %1, depth %2."))
                  .arg(pointCount(clip.pointCount), depths(clip, dec)));
    // Deepest vertices.
    // claims: the two deepest incident vertices and their depths measured from the reference face (positive
    // behind it); no other incident vertex is deeper than the second
    const phys::DeepestVerticesTrace& d = m_traces[1].deepest;
    const phys::Manifold& deep = m_traces[1].manifold;
    const QString referenceOwner = ownerLetter(d.referenceIsB);
    // (with the table's decimals: the deepest vertex's depth is a depth of the table)
    auto side = [dec](double depth) {
        return depth >= 0.0 ? tr("%1 m behind it").arg(wordsLength(depth, dec))
                            : tr("%1 m in front of it").arg(wordsLength(-depth, dec));
    };
    std::vector<WalkthroughClaim> deepClaims;
    for (const auto& [vertex, other, depth] :
         {std::tuple{d.deepest, d.second, d.deepestDepth}, std::tuple{d.second, d.deepest, d.secondDepth}}) {
        WalkthroughClaim c;
        c.kind = WalkthroughClaim::Kind::VertexDepth;
        c.polygon = d.referenceIsB ? 0 : 1;
        c.vertex = vertex;
        c.other = other;
        c.edge = d.referenceEdge;
        c.values[0] = wordsLength(depth, dec).toDouble();
        c.decimals = wordsDecimals(depth, dec);
        deepClaims.push_back(c);
    }
    // Only a vertex behind the face (depth >= 0) is called deep: a vertex in front of it is the next one
    // the method looks at, not one of "the deepest".
    QString deepText = tr("Deepest vertices: measured from %1's edge %2 (the reference face), ")
                           .arg(referenceOwner)
                           .arg(d.referenceEdge);
    const QString vertices =
        d.secondDepth >= 0.0 ? tr("the incident polygon's two deepest vertices are %1 (%2) and %3 (%4). ")
        : d.deepestDepth >= 0.0
            ? tr("the incident polygon's deepest vertex is %1 (%2); the next one, vertex %3 "
                 "(%4), does not reach behind the face. ")
            : tr("no vertex of the incident polygon lies behind the face; the two nearest "
                 "it are %1 (%2) and %3 (%4). ");
    deepText += vertices.arg(d.deepest).arg(side(d.deepestDepth)).arg(d.second).arg(side(d.secondDepth));
    deepText += d.averaged
                    ? tr("Their depths are within %1 m, so the method returns their average: one point.")
                          .arg(length(phys::kDeepestVerticesTolerance))
                    : tr("Only the deepest is returned: one point, so a flat face rocks on a corner.");
    if (deep.pointCount == 0) {
        deepText += tr(" It is not behind the face: no contact.");
    }
    add(WalkthroughStepKind::Method, 1, tr("Deepest vertices"), deepText, deepClaims);
    // Vertex-edge.
    const phys::VertexEdgeTrace& v = m_traces[2].vertexEdge;
    std::vector<WalkthroughClaim> veClaims;
    QString veText;
    const bool vertexOfB =
        v.which == phys::VertexEdgeCase::VertexInA || v.which == phys::VertexEdgeCase::ParallelInA;
    const QString owner = vertexOfB ? QStringLiteral("B") : QStringLiteral("A");
    const QString other = vertexOfB ? QStringLiteral("A") : QStringLiteral("B");
    if (v.which == phys::VertexEdgeCase::None) {
        // The rule of physics/src/contact_methods.cpp (findVertexInside), both of its cases.
        veText = tr("Vertex-edge sees no contact (after %1 vertex-edge tests) although SAT says the shapes "
                    "overlap: its blind spot. It needs a vertex inside the other polygon with one of its "
                    "two edges crossing an edge of that polygon and the other edge either crossing the "
                    "same edge or running parallel to it. ")
                     .arg(v.testedPairs);
        veText += vertexEdgeMissReasons(veClaims);
    } else {
        // claims: the vertex lies inside the other polygon (and how deep); the edges each of its two edges
        // crosses (the same edge in the vertex case)
        const auto& geometryP = std::get<phys::Polygon>(vertexOfB ? geometryB() : geometryA());
        const auto& geometryQ = std::get<phys::Polygon>(vertexOfB ? geometryA() : geometryB());
        const WorldPolygon p = worldPolygon(geometryP, vertexOfB ? transformB() : transformA());
        const WorldPolygon q = worldPolygon(geometryQ, vertexOfB ? transformA() : transformB());
        const int i = v.vertex;
        WalkthroughClaim inside;
        inside.kind = WalkthroughClaim::Kind::VertexInside;
        inside.polygon = vertexOfB ? 1 : 0;
        inside.vertex = i;
        inside.point = p.v[std::size_t(i)];
        const double depth = depthInside(p.v[std::size_t(i)], q);
        inside.values[0] = wordsLength(depth, dec).toDouble();
        inside.decimals = wordsDecimals(depth, dec);
        inside.holds = true;
        veClaims.push_back(inside);
        for (const int k : {p.previous(i), p.next(i)}) {
            WalkthroughClaim c;
            c.kind = WalkthroughClaim::Kind::EdgeCrossings;
            c.polygon = inside.polygon;
            c.vertex = i;
            c.other = k;
            c.edges = crossings(p, i, k, q);
            veClaims.push_back(c);
        }
        if (v.which == phys::VertexEdgeCase::VertexInA || v.which == phys::VertexEdgeCase::VertexInB) {
            veText = tr("Vertex-edge: %1's vertex %2 lies %3 m inside %4, and both its edges cross %4's edge "
                        "%5; the contact is that vertex and the normal is that edge's (found after %6 "
                        "tests).")
                         .arg(owner)
                         .arg(i)
                         .arg(wordsLength(depth, dec), other)
                         .arg(v.edge)
                         .arg(v.testedPairs);
        } else {
            // Which of its two edges crosses edge v.edge, and which runs parallel to it (it may cross another
            // edge as well: the rule does not care). claims: the crossings above; the parallel edge.
            QStringList parts;
            const std::size_t crossingClaims = veClaims.size();
            for (std::size_t e = 1; e < crossingClaims; ++e) {
                const WalkthroughClaim c = veClaims[e];
                QString part =
                    tr("its edge to vertex %1 crosses %2").arg(c.other).arg(edgeList(c.edges, other));
                const int j = v.edge;
                if (edgesParallel(p.v[std::size_t(c.other)] - p.v[std::size_t(i)],
                                  q.v[std::size_t(q.next(j))] - q.v[std::size_t(j)])) {
                    WalkthroughClaim parallel;
                    parallel.kind = WalkthroughClaim::Kind::EdgeParallel;
                    parallel.polygon = c.polygon;
                    parallel.vertex = i;
                    parallel.other = c.other;
                    parallel.edge = j;
                    parallel.holds = true;
                    veClaims.push_back(parallel);
                    part += tr(" and runs parallel to %1's edge %2").arg(other).arg(j);
                }
                parts << part;
            }
            veText =
                tr("Vertex-edge, parallel case: %1's vertex %2 lies %3 m inside %4; %5. That is the rule's "
                   "parallel case (one edge crosses %4's edge %6, the other runs parallel to it), so the "
                   "contact is the middle of the overlap of the two parallel edges.")
                    .arg(owner)
                    .arg(i)
                    .arg(wordsLength(depth, dec), other, parts.join(QStringLiteral("; ")))
                    .arg(v.edge);
        }
    }
    if (v.vertexOnVertex) {
        veText += tr(" A vertex of B is inside A as well (vertex on vertex): A's vertex wins.");
    }
    add(WalkthroughStepKind::Method, 2, tr("Vertex-edge"), veText, veClaims);

    QStringList summary;
    for (int m = 0; m < kMethodCount; ++m) {
        const phys::Manifold& mf = m_traces[std::size_t(m)].manifold;
        summary << tr("%1 %2").arg(methodName(kMethods[std::size_t(m)]), pointCount(mf.pointCount));
    }
    add(WalkthroughStepKind::MethodsCompare, -1, tr("Side by side"),
        tr("All three on the same pair: %1. Only clipping can give two points (an edge resting on an "
           "edge), which is what lets a box lie flat and a stack rest.")
            .arg(summary.join(QStringLiteral(", "))));
}

} // namespace cl
