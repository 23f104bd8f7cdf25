/// @file gjk_steps.cpp
/// The steps of the GJK, EPA, Voronoi, Split and TOI tabs (gjk_steps.h), written from the engine's traces.

#include "gjk_steps.h"

#include "gjk_diagram.h"
#include "overlay.h"
#include "walkthrough.h"

#include "physics/clip.h"
#include "physics/mass.h"
#include "physics/sat.h"
#include "physics/voronoi.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/multi_point.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace cl {

namespace {

using phys::Vec2;
using Kind = DiagramItem::Kind;

using namespace diagram;

/// The Minkowski difference A (-) B for the backdrop of the Minkowski pane: the hull of every difference of
/// the cores' points, and (with radii) of the discs swept round them. Drawing only; GJK never builds it.
std::vector<Vec2> minkowskiHull(const phys::DistanceProxy& a, const phys::Transform& xfA,
                                const phys::DistanceProxy& b, const phys::Transform& xfB, bool withRadii) {
    namespace bg = boost::geometry;
    using P = bg::model::d2::point_xy<double>;
    bg::model::multi_point<P> cloud;
    const double r = withRadii ? a.radius + b.radius : 0.0;
    const int samples = r > 0.0 ? 48 : 1;
    for (int i = 0; i < a.count; ++i) {
        for (int j = 0; j < b.count; ++j) {
            const Vec2 w = phys::transformPoint(xfA, a.points[i]) - phys::transformPoint(xfB, b.points[j]);
            for (int k = 0; k < samples; ++k) {
                const double t = 2.0 * phys::kPi * k / samples;
                bg::append(cloud, P{w.x + r * std::cos(t), w.y + r * std::sin(t)});
            }
        }
    }
    bg::model::polygon<P, false, true> hull;
    bg::convex_hull(cloud, hull);
    std::vector<Vec2> out;
    for (std::size_t i = 0; i + 1 < hull.outer().size(); ++i) {
        out.push_back({hull.outer()[i].x(), hull.outer()[i].y()});
    }
    return out;
}

/// The two pieces a GJK, EPA or Voronoi tab shows, placed, with the pictures those tabs start from (the one
/// place the panes' backdrops are built).
/// A support point's name: a polygon's vertex, or a circle's centre (GJK runs on the cores, Catto's
/// "Computing Distance": a circle is its centre, and its radius is taken off the distance at the end).
QString supportName(const phys::DistanceProxy& proxy, int index) {
    return proxy.count == 1 && proxy.radius > 0.0
               ? QCoreApplication::translate("cl::GjkSteps", "the centre")
               : QCoreApplication::translate("cl::GjkSteps", "vertex %1").arg(index);
}

struct ShownPair {
    ShownPair(const phys::BodyDef& bodyA, int shapeA, const phys::BodyDef& bodyB, int shapeB)
        : a(bodyA.shapes[std::size_t(shapeA)].geometry), b(bodyB.shapes[std::size_t(shapeB)].geometry),
          xfA{bodyA.position, phys::Rot(bodyA.angle)}, xfB{bodyB.position, phys::Rot(bodyB.angle)},
          pa(phys::makeProxy(a)), pb(phys::makeProxy(b)) {}

    /// A and B, outlined and lightly filled in their colours.
    std::vector<DiagramItem> world() const {
        const QColor ca = OverlayPainter::colorA(), cb = OverlayPainter::colorB();
        return {polygon(outline(a, xfA), ca, withAlpha(ca, 30), 2.0),
                polygon(outline(b, xfB), cb, withAlpha(cb, 30), 2.0)};
    }
    /// A (-) B of the cores, filled grey, and with radii the rounded difference, dashed.
    std::vector<DiagramItem> minkowski(bool withRadii) const {
        std::vector<DiagramItem> out{polygon(minkowskiHull(pa, xfA, pb, xfB, false), QColor(150, 150, 150),
                                             QColor(225, 225, 225), 1.2)};
        if (withRadii && pa.radius + pb.radius > 0.0) {
            out.push_back(
                polygon(minkowskiHull(pa, xfA, pb, xfB, true), QColor(150, 150, 150), Qt::transparent));
            out.back().dashed = true;
        }
        return out;
    }

    const phys::ShapeGeometry& a;
    const phys::ShapeGeometry& b;
    phys::Transform xfA, xfB;
    phys::DistanceProxy pa, pb;
};

/// The region of the simplex (as the engine's solve found it) to shade, Minkowski space: a vertex's wedge, an
/// edge's slab on the origin's side, the triangle itself. Empty for a one-point simplex (the whole plane).
std::vector<Vec2> simplexRegion(const phys::Simplex& s, phys::SimplexRegion region, double reach) {
    if (s.count < 2) {
        return {};
    }
    const Vec2 c = s.count == 3 ? (s.v[0].w + s.v[1].w + s.v[2].w) / 3.0 : 0.5 * (s.v[0].w + s.v[1].w);
    auto outward = [&](Vec2 p, Vec2 q) { // unit normal of edge pq pointing away from the simplex's centre
        Vec2 n = phys::normalize(phys::leftPerp(q - p));
        return phys::dot(n, c - p) > 0.0 ? -n : n;
    };
    auto slab = [&](int i, int j) {
        const Vec2 p = s.v[i].w, q = s.v[j].w;
        const Vec2 n = outward(p, q);
        if (s.count == 2) {
            // Both sides of a lone segment belong to its region.
            return std::vector<Vec2>{p - reach * n, q - reach * n, q + reach * n, p + reach * n};
        }
        return std::vector<Vec2>{p, q, q + reach * n, p + reach * n};
    };
    auto wedge = [&](int i) {
        const Vec2 v = s.v[i].w;
        if (s.count == 2) {
            const Vec2 d = phys::normalize(v - s.v[1 - i].w), n = phys::leftPerp(d);
            return std::vector<Vec2>{v + reach * n, v - reach * n, v - reach * n + reach * d,
                                     v + reach * n + reach * d};
        }
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const Vec2 n1 = outward(v, s.v[j].w), n2 = outward(v, s.v[k].w);
        const Vec2 mid = phys::normalize(n1 + n2);
        return std::vector<Vec2>{v, v + reach * n1, v + reach * mid * 1.4, v + reach * n2};
    };
    switch (region) {
    case phys::SimplexRegion::Vertex0:
        return wedge(0);
    case phys::SimplexRegion::Vertex1:
        return wedge(1);
    case phys::SimplexRegion::Vertex2:
        return wedge(2);
    case phys::SimplexRegion::Edge01:
        return slab(0, 1);
    case phys::SimplexRegion::Edge02:
        return slab(0, 2);
    case phys::SimplexRegion::Edge12:
        return slab(1, 2);
    case phys::SimplexRegion::Interior:
        return {s.v[0].w, s.v[1].w, s.v[2].w};
    }
    return {};
}

QString regionText(phys::SimplexRegion region) {
    switch (region) {
    case phys::SimplexRegion::Vertex0:
        return QObject::tr("vertex w0");
    case phys::SimplexRegion::Vertex1:
        return QObject::tr("vertex w1");
    case phys::SimplexRegion::Vertex2:
        return QObject::tr("vertex w2");
    case phys::SimplexRegion::Edge01:
        return QObject::tr("edge w0-w1");
    case phys::SimplexRegion::Edge02:
        return QObject::tr("edge w0-w2");
    case phys::SimplexRegion::Edge12:
        return QObject::tr("edge w1-w2");
    case phys::SimplexRegion::Interior:
        return QObject::tr("the inside of the triangle");
    }
    return {};
}

/// SAT's answer for the pair, normal from A to B (polygon-circle pairs are run polygon first).
phys::SatResult satFor(const phys::ShapeGeometry& a, const phys::Transform& xfA, const phys::ShapeGeometry& b,
                       const phys::Transform& xfB) {
    const auto* pa = std::get_if<phys::Polygon>(&a);
    const auto* pb = std::get_if<phys::Polygon>(&b);
    if (pa && pb) {
        return phys::satPolygons(*pa, xfA, *pb, xfB);
    }
    if (pa) {
        return phys::satPolygonCircle(*pa, xfA, std::get<phys::Circle>(b), xfB);
    }
    if (pb) {
        phys::SatResult r = phys::satPolygonCircle(*pb, xfB, std::get<phys::Circle>(a), xfA);
        r.normal = -r.normal;
        return r;
    }
    return phys::satCircles(std::get<phys::Circle>(a), xfA, std::get<phys::Circle>(b), xfB);
}

} // namespace

namespace {

using namespace diagram;
using phys::Vec2;

/// Where a body's sweep comes from, and the body as seen there.
struct Moving {
    phys::BodyDef body;
    phys::Sweep sweep;
    bool moves = false;
};

/// The body's motion over one step of `dt` seconds at its velocities, as the engine moves it: the centre of
/// mass (dynamic bodies; kinematic ones turn about their origin, as in the World) on a line, the angle at a
/// constant rate. Static bodies stay put whatever velocity they carry.
Moving sweepOf(const phys::BodyDef& body, double dt) {
    Moving m;
    m.body = body;
    Vec2 local;
    if (body.type == phys::BodyType::Dynamic) {
        std::vector<phys::MassData> parts;
        for (const phys::ShapeDef& s : body.shapes) {
            parts.push_back(
                std::visit([&s](const auto& g) { return phys::computeMass(g, s.density); }, s.geometry));
        }
        const phys::MassData md = phys::combineMass(parts);
        if (md.mass > 0.0 && std::isfinite(md.mass)) {
            local = md.center;
        }
    }
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    if (body.type == phys::BodyType::Static) {
        m.sweep = phys::fixedSweep(xf, local);
        return m;
    }
    const Vec2 c1 = phys::transformPoint(xf, local);
    m.sweep = phys::Sweep{local, c1, c1 + dt * body.linearVelocity, xf.q, dt * body.angularVelocity};
    m.moves = body.linearVelocity != Vec2{} || body.angularVelocity != 0.0;
    return m;
}

/// `x` and `y` as lengths that read differently when they differ: len()'s form, or when that prints both
/// the same ("between 0.010 and 0.010 m"), one decimal more at a time (at most 12).
std::pair<QString, QString> lengthsApart(double x, double y) {
    if (len(x) != len(y) || x == y) {
        return {len(x), len(y)};
    }
    for (int d = std::max({2, Walkthrough::lengthDecimals(x), Walkthrough::lengthDecimals(y)}); d <= 12;
         ++d) {
        const QString a = QString::number(x, 'f', d), b = QString::number(y, 'f', d);
        if (a != b) {
            return {a, b};
        }
    }
    return {len(x), len(y)};
}

QString fraction(double t) {
    return QString::number(t, 'f', 4);
}
QString degrees(double radians) {
    return QString::number(radians * 180.0 / phys::kPi, 'f', 1);
}

/// The plot pane maps (t, s) to (t, s * scale): t spans one unit, the separations a bit over half of it.
struct Plot {
    double scale = 1.0;
    Vec2 at(double t, double s) const { return {t, s * scale}; }
};

const QColor kGhost(120, 120, 120);
const QColor kAxis(200, 30, 140);
const QColor kCurve(60, 90, 170);

} // namespace

GjkSteps GjkSteps::pair(Tab tab, const phys::BodyDef& a, const phys::BodyDef& b) {
    GjkSteps out;
    // A compound body: the pair of pieces that matters. GJK and EPA: the deepest pair, which for pairs that
    // are apart is the closest (gjkEpaPenetration's depth is minus the gap); Voronoi: the same among the
    // polygon-circle pairs.
    double best = -std::numeric_limits<double>::infinity();
    const phys::Transform xfA{a.position, phys::Rot(a.angle)}, xfB{b.position, phys::Rot(b.angle)};
    for (std::size_t i = 0; i < a.shapes.size(); ++i) {
        for (std::size_t j = 0; j < b.shapes.size(); ++j) {
            const phys::ShapeGeometry& ga = a.shapes[i].geometry;
            const phys::ShapeGeometry& gb = b.shapes[j].geometry;
            if (tab == Tab::Voronoi &&
                std::holds_alternative<phys::Circle>(ga) == std::holds_alternative<phys::Circle>(gb)) {
                continue;
            }
            const double depth = phys::gjkEpaPenetration(ga, xfA, gb, xfB).depth;
            if (depth > best) {
                best = depth;
                out.m_shapeA = int(i);
                out.m_shapeB = int(j);
            }
        }
    }
    switch (tab) {
    case Tab::Gjk:
        out.buildGjk(a, b);
        break;
    case Tab::Epa:
        out.buildEpa(a, b);
        break;
    case Tab::Voronoi:
        out.buildVoronoi(a, b);
        break;
    case Tab::Split:
    case Tab::Toi:
        break; // built by split() and toi()
    }
    out.namePieces(a, b,
                   tab == Tab::Voronoi ? tr("the closest polygon-circle pair")
                   : tab == Tab::Epa   ? tr("the deepest pair (the closest when all are apart)")
                                       : tr("the closest pair (the deepest when they overlap)"));
    return out;
}

void GjkSteps::namePieces(const phys::BodyDef& a, const phys::BodyDef& b, const QString& why) {
    if ((a.shapes.size() < 2 && b.shapes.size() < 2) || m_steps.empty()) {
        return;
    }
    auto piece = [](const phys::BodyDef& body, int index, const char* name) {
        return body.shapes.size() < 2
                   ? QString::fromLatin1(name)
                   : tr("piece %1 of %2 (shapes[%3])").arg(index + 1).arg(QLatin1String(name)).arg(index);
    };
    m_pieces = tr("%1 and %2").arg(piece(a, m_shapeA, "A"), piece(b, m_shapeB, "B"));
    m_steps.front().text = tr("A has %1 and B %2; this is %3, %4. ")
                               .arg(count(long(a.shapes.size()), "piece", "pieces"))
                               .arg(count(long(b.shapes.size()), "piece", "pieces"))
                               .arg(m_pieces, why) +
                           m_steps.front().text;
}

GjkSteps GjkSteps::split(const phys::DecomposeTrace& trace, phys::Vec2 origin, const QString& bodyName) {
    GjkSteps out;
    out.buildSplit(trace, origin, bodyName);
    return out;
}

phys::Result<std::vector<Vec2>> GjkSteps::bodyOutline(const phys::BodyDef& body) {
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    std::vector<std::vector<Vec2>> pieces;
    for (std::size_t s = 0; s < body.shapes.size(); ++s) {
        const auto* polygon = std::get_if<phys::Polygon>(&body.shapes[s].geometry);
        if (!polygon) {
            return phys::Error{"is a circle: only polygon outlines are split", int(s)};
        }
        std::vector<Vec2>& piece = pieces.emplace_back();
        for (const Vec2 v : polygon->vertices()) {
            piece.push_back(phys::transformPoint(xf, v));
        }
    }
    phys::Result<std::vector<Vec2>> outline = phys::outlineOfPieces(pieces);
    if (!outline) {
        return phys::Error{outline.error().message, -1}; // the pieces together, not one of them
    }
    return outline;
}

GjkSteps GjkSteps::toi(const ToiMotion& motion) {
    GjkSteps out;
    // A compound body: the pair of pieces that meets first (an overlap at the start before any impact, then
    // the earliest impact); when no pair meets in the step, the closest pair at the start.
    auto rank = [&motion](const phys::ShapeGeometry& ga, const phys::ShapeGeometry& gb) {
        const Moving a = sweepOf(motion.a, motion.dt), b = sweepOf(motion.b, motion.dt);
        const phys::DistanceProxy pa = phys::makeProxy(ga), pb = phys::makeProxy(gb);
        const phys::ToiOutput toi = phys::timeOfImpact(pa, a.sweep, pb, b.sweep, 1.0);
        const bool meets = toi.state == phys::ToiState::Hit || toi.state == phys::ToiState::Overlapped;
        const double gap = phys::shapeDistance(pa, phys::sweepTransform(a.sweep, 0.0), pb,
                                               phys::sweepTransform(b.sweep, 0.0), true)
                               .distance;
        return std::pair{meets ? toi.fraction : 2.0, gap};
    };
    std::pair<double, double> best{std::numeric_limits<double>::infinity(), 0.0};
    for (std::size_t i = 0; i < motion.a.shapes.size(); ++i) {
        for (std::size_t j = 0; j < motion.b.shapes.size(); ++j) {
            const auto r = rank(motion.a.shapes[i].geometry, motion.b.shapes[j].geometry);
            if (r < best) {
                best = r;
                out.m_shapeA = int(i);
                out.m_shapeB = int(j);
            }
        }
    }
    out.buildToi(motion);
    out.namePieces(motion.a, motion.b, tr("the pair that meets first (the closest when none meets)"));
    return out;
}

const char* GjkSteps::toString(Tab tab) {
    switch (tab) {
    case Tab::Gjk:
        return "gjk";
    case Tab::Epa:
        return "epa";
    case Tab::Voronoi:
        return "voronoi";
    case Tab::Split:
        return "split";
    case Tab::Toi:
        return "toi";
    }
    return "?";
}

std::optional<GjkSteps::Tab> GjkSteps::parseTab(const QString& text) {
    for (const Tab tab : {Tab::Gjk, Tab::Epa, Tab::Voronoi, Tab::Split, Tab::Toi}) {
        if (text == QLatin1String(toString(tab))) {
            return tab;
        }
    }
    return std::nullopt;
}

QString GjkSteps::tabName(Tab tab) {
    switch (tab) {
    case Tab::Gjk:
        return tr("GJK");
    case Tab::Epa:
        return tr("EPA");
    case Tab::Voronoi:
        return tr("Voronoi");
    case Tab::Split:
        return tr("Split");
    case Tab::Toi:
        return tr("TOI");
    }
    return {};
}

void GjkSteps::buildGjk(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB) {
    const ShownPair shown(bodyA, m_shapeA, bodyB, m_shapeB);
    const phys::DistanceProxy &pa = shown.pa, &pb = shown.pb;
    phys::DistanceTrace trace;
    const phys::DistanceOutput out = phys::shapeDistance(pa, shown.xfA, pb, shown.xfB, true, &trace);
    m_penetration = phys::gjkEpaPenetration(shown.a, shown.xfA, shown.b, shown.xfB);
    const bool radii = pa.radius + pb.radius > 0.0;
    const std::vector<DiagramItem> worldBase = shown.world();
    const std::vector<DiagramItem> mBase = shown.minkowski(true);
    double reach = 0.0;
    for (const Vec2 p : mBase.back().points) {
        reach = std::max(reach, phys::length(p));
    }
    reach = std::max(reach, 1e-3) * 3.0;

    m_table.headers = {tr("#"),           tr("Direction d"),    tr("Support A"),
                       tr("Support B"),   tr("w = A \u2212 B"), tr("Simplex"),
                       tr("Distance (m)")};
    m_table.headerTips = {tr("GJK iteration (click a row to go to its step)"),
                          tr("The search direction, towards the origin from the simplex's closest point"),
                          tr("A's vertex furthest along d"),
                          tr("B's vertex furthest along -d"),
                          tr("The new point of the Minkowski difference"),
                          tr("Points in the simplex, and how many the origin's region keeps"),
                          tr("From the origin to the simplex's closest point")};
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        const phys::GjkIteration& it = trace.iterations[k];
        GjkStep step;
        step.world = worldBase;
        step.second = mBase;
        const std::vector<Vec2> region = simplexRegion(it.simplex, it.region, reach);
        if (!region.empty()) {
            DiagramItem shade = polygon(region, Qt::transparent, withAlpha(kRegion, 70));
            shade.fits = false;
            step.second.insert(step.second.begin() + 1, shade);
        }
        std::vector<Vec2> simplex;
        QStringList vertices;
        for (int i = 0; i < it.simplex.count; ++i) {
            simplex.push_back(it.simplex.v[i].w);
            vertices << QStringLiteral("w%1 = %2").arg(i).arg(vec(it.simplex.v[i].w));
        }
        if (simplex.size() >= 2) {
            step.second.push_back(polygon(simplex, kSimplex, Qt::transparent, 2.0));
        }
        for (int i = 0; i < it.simplex.count; ++i) {
            step.second.push_back(point(it.simplex.v[i].w, kSimplex, QStringLiteral("w%1").arg(i)));
        }
        if (it.simplex.count > 1) {
            // Labelled only on an edge; on a vertex the vertex's own label says where it is, and inside the
            // triangle the closest point is the origin, already labelled (the text says so).
            const bool named = it.reduced.count == 1 || it.region == phys::SimplexRegion::Interior;
            step.second.push_back(point(it.closest, kResult, named ? QString() : tr("closest")));
        }
        QString text =
            tr("The simplex has %1: %2. ")
                .arg(count(it.simplex.count, "point", "points"), vertices.join(QStringLiteral(", ")));
        if (it.simplex.count == 1) {
            text += tr("Its point closest to the origin is w0 itself. ");
        } else if (it.region == phys::SimplexRegion::Interior) {
            // The origin itself is the closest point: its distance is 0 (the table's "0"), whatever
            // round-off residue (~1e-17 m) the projection leaves in it.closest.
            text += tr("The origin lies inside the triangle (shaded), so the closest point is the origin "
                       "itself, at distance 0; every point is kept. ");
        } else {
            text += tr("The origin lies in the region of %1 (shaded), so the closest point is %2, at %3 m; ")
                        .arg(regionText(it.region), vec(it.closest), len(phys::length(it.closest)));
            text += it.reduced.count < it.simplex.count
                        ? tr("the other point%1 dropped. ")
                              .arg(it.simplex.count - it.reduced.count > 1 ? QStringLiteral("s are")
                                                                           : QStringLiteral(" is"))
                        : tr("every point is kept. ");
        }
        if (it.region == phys::SimplexRegion::Interior) {
            text += tr("The triangle holds the origin: A and B overlap (GJK stops; the EPA tab measures how "
                       "deep).");
            step.title = tr("The origin is enclosed");
        } else if (it.supportIndexA < 0) {
            text += tr("The origin is on the simplex: A and B touch.");
            step.title = tr("Touching");
        } else {
            const Vec2 d = it.direction;
            const Vec2 u = phys::normalize(d);
            const Vec2 w = it.supportA - it.supportB;
            step.second.push_back(arrow(it.closest, it.closest + 0.35 * (reach / 3.0) * u, kSupport));
            step.second.push_back(point(w, kSupport, tr("new w")));
            double size = 0.0; // arrows a third of A's size
            for (const Vec2 q : worldBase[0].points) {
                size = std::max(size, phys::distance(q, worldBase[0].points[0]) / 3.0);
            }
            step.world.push_back(arrow(it.supportA, it.supportA + size * u, kSupport));
            step.world.push_back(arrow(it.supportB, it.supportB - size * u, kSupport));
            step.world.push_back(point(it.supportA, kSupport, tr("support A")));
            step.world.push_back(point(it.supportB, kSupport, tr("support B")));
            // (a circle's core is its centre: its support is the centre whatever d, Catto's "Computing
            // Distance"; the radius comes off the distance at the end)
            // ("\u2212d", a minus sign: a line may break after a hyphen-minus, leaving "along -" and "d")
            const auto furthest = [&](const phys::DistanceProxy& p, int index, Vec2 at,
                                      const QString& along) {
                return p.count == 1 && p.radius > 0.0
                           ? tr("its core is its centre %1 (GJK runs on the cores)").arg(vec(at))
                           : tr("its furthest point along %1 is vertex %2 at %3")
                                 .arg(along)
                                 .arg(index)
                                 .arg(vec(at));
            };
            text += tr("Next direction d = %1 (towards the origin). A: %2; B: %3. The new point w = %4.")
                        .arg(vec(u))
                        .arg(furthest(pa, it.supportIndexA, it.supportA, QStringLiteral("d")),
                             furthest(pb, it.supportIndexB, it.supportB, QStringLiteral("\u2212d")), vec(w));
            if (it.duplicate) {
                text += tr(" It is already in the simplex: nothing of A \u2296 B lies closer to the origin "
                           "along d, so the search stops.");
                step.title = tr("Support repeats: done");
            } else if (k + 1 == trace.iterations.size() &&
                       trace.termination == phys::GjkTermination::NoProgress) {
                text += tr(" It gets no closer to the origin along d than the simplex: the search stops.");
                step.title = tr("No progress: done");
            } else {
                text += tr(" It is further along d than the simplex by %1 m, so it joins the simplex.")
                            .arg(len(phys::dot(w - it.closest, u)));
                step.title = tr("Support query %1").arg(k + 1);
            }
        }
        step.text = text;
        m_steps.push_back(std::move(step));
        const bool queried = it.supportIndexA >= 0 && it.region != phys::SimplexRegion::Interior;
        const QString none = QStringLiteral("\u2014");
        m_table.rows.push_back(
            {{QString::number(k + 1), queried ? vec(phys::normalize(it.direction)) : none,
              queried ? supportName(pa, it.supportIndexA) + QLatin1Char('\n') + vec(it.supportA) : none,
              queried ? supportName(pb, it.supportIndexB) + QLatin1Char('\n') + vec(it.supportB) : none,
              queried ? vec(it.supportA - it.supportB) + (it.duplicate ? tr("\nrepeats") : QString()) : none,
              tr("%1 \u2192 %2\n%3")
                  .arg(it.simplex.count)
                  .arg(it.region == phys::SimplexRegion::Interior ? it.simplex.count : it.reduced.count)
                  .arg(it.simplex.count == 1 ? tr("point") : regionText(it.region)),
              it.region == phys::SimplexRegion::Interior ? tr("0\nencloses the origin")
                                                         : len(phys::length(it.closest))},
             int(k),
             false});
    }
    // The result: distance and witness points in the world.
    GjkStep result;
    result.world = worldBase;
    result.second = mBase;
    if (out.distance > 0.0) {
        result.title = tr("Distance");
        result.world.push_back(line(out.pointA, out.pointB, kResult, 2.0));
        result.world.push_back(point(out.pointA, kResult, tr("on A")));
        result.world.push_back(point(out.pointB, kResult, tr("on B")));
        // The same on the main canvas, where the student drew the shapes.
        DiagramItem label =
            point(0.5 * (out.pointA + out.pointB), kResult, tr("GJK: distance %1 m").arg(len(out.distance)));
        label.kind = DiagramItem::Kind::Label;
        result.canvas = {line(out.pointA, out.pointB, kResult, 2.5), point(out.pointA, kResult),
                         point(out.pointB, kResult), label};
        const Vec2 closest = out.pointA - out.pointB; // D's point nearest the origin (surfaces)
        result.second.push_back(line({0.0, 0.0}, closest, kResult, 2.0));
        result.second.push_back(point(closest, kResult, tr("closest")));
        result.text =
            tr("Distance %1 m between the witness points %2 on A and %3 on B; the normal from A to B "
               "is %4. GJK made %5.")
                .arg(len(out.distance), vec(out.pointA), vec(out.pointB), vec(out.normal),
                     count(out.iterations, "support query", "support queries"));
        if (radii) {
            result.text +=
                tr(" (A circle is its centre plus its radius: the distance between the cores minus "
                   "the radii.)");
        }
    } else {
        result.title = tr("Overlap");
        result.text =
            tr("A and B overlap: the distance is 0. The EPA tab continues from GJK's last simplex to "
               "find the depth and the normal.");
    }
    m_table.rows.push_back(
        {{QStringLiteral("\u2192"), out.distance > 0.0 ? tr("normal\n%1").arg(vec(out.normal)) : QString(),
          out.distance > 0.0 ? tr("on A\n%1").arg(vec(out.pointA)) : QString(),
          out.distance > 0.0 ? tr("on B\n%1").arg(vec(out.pointB)) : QString(), QString(), QString(),
          out.distance > 0.0 ? len(out.distance) : tr("0\noverlap")},
         int(m_steps.size()),
         true});
    m_steps.push_back(std::move(result));
}

void GjkSteps::buildEpa(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB) {
    const ShownPair shown(bodyA, m_shapeA, bodyB, m_shapeB);
    const phys::ShapeGeometry &a = shown.a, &b = shown.b;
    const phys::Transform &xfA = shown.xfA, &xfB = shown.xfB;
    phys::EpaTrace trace;
    m_penetration = phys::gjkEpaPenetration(a, xfA, b, xfB, nullptr, &trace);
    const phys::PenetrationOutput& p = m_penetration;
    const std::vector<DiagramItem> worldBase = shown.world();
    const std::vector<DiagramItem> mBase = shown.minkowski(false);

    m_table.headers = {
        tr("#"),        tr("Closest edge n"),   tr("Support A"), tr("Support B"), tr("w = A \u2212 B"),
        tr("Polytope"), tr("Edge distance (m)")};
    m_table.headerTips = {
        tr("EPA iteration (click a row to go to its step)"),
        tr("Outward normal of the polytope's edge closest to the origin"),
        tr("A's vertex furthest along n"),
        tr("B's vertex furthest along -n"),
        tr("The support point of the Minkowski difference along n, and how far along n"),
        tr("Vertices of the polytope when the iteration began"),
        tr("From the origin to the closest edge: the depth once the edge is on the boundary")};
    if (p.coresOverlap) {
        for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
            const phys::EpaIteration& it = trace.iterations[k];
            GjkStep step;
            step.world = worldBase;
            step.second = mBase;
            std::vector<Vec2> poly;
            for (const phys::EpaVertex& v : it.polytope) {
                poly.push_back(v.w);
            }
            step.second.push_back(polygon(poly, kSimplex, withAlpha(kRegion, 50), 1.6));
            const Vec2 e0 = poly[std::size_t(it.closestEdge)];
            const Vec2 e1 = poly[std::size_t(it.closestEdge + 1) % poly.size()];
            step.second.push_back(line(e0, e1, QColor(220, 40, 40), 3.0));
            step.second.push_back(arrow({0.0, 0.0}, it.distance * it.normal, QColor(220, 40, 40)));
            step.second.push_back(point(it.support.w, kSupport, tr("support")));
            step.world.push_back(point(it.support.wA, kSupport, tr("support A")));
            step.world.push_back(point(it.support.wB, kSupport, tr("support B")));
            QString text = k == 0 ? tr("EPA starts from GJK's last simplex (%1")
                                            .arg(count(trace.seedCount, "point", "points")) +
                                        (trace.seedAdded.empty()
                                             ? tr("), which holds the origin. ")
                                             : tr(", grown to a triangle with %1), which holds the origin. ")
                                                   .arg(count(long(trace.seedAdded.size()), "support point",
                                                              "support points")))
                                  : QString();
            // The edge's distance and the support's, compared below: written so that they read differently
            // when they differ (an expansion step), as len() writes them otherwise.
            const std::pair<QString, QString> bounds =
                it.last ? std::pair{len(it.distance), len(it.supportDistance)}
                        : lengthsApart(it.distance, it.supportDistance);
            text +=
                tr("The polytope has %1 vertices. Its edge closest to the origin (red) is at %2 m, outward "
                   "normal n = %3. The support point of A \u2296 B along n is %4, at %5 m along n: ")
                    .arg(poly.size())
                    .arg(bounds.first, vec(it.normal), vec(it.support.w), bounds.second);
            if (it.last) {
                text += tr("no further than the edge, so the edge is on the boundary of A \u2296 B and no "
                           "boundary point is nearer the origin.");
                step.title = tr("Closest edge found");
            } else {
                // The engine inserts the point and drops the vertices it leaves inside the hull (a seed vertex
                // that was no support point, physics/src/epa.cpp): then the next polytope has no more
                // vertices than this one, and "grows" alone read as if it had one more (tri_pent.json: 3, 3).
                const long dropped =
                    k + 1 < trace.iterations.size()
                        ? long(poly.size()) + 1 - long(trace.iterations[k + 1].polytope.size())
                        : 0;
                text +=
                    tr("%1 m beyond the edge, so the edge is inside A \u2296 B; the point is added and the "
                       "polytope grows")
                        .arg(len(it.supportDistance - it.distance)) +
                    (dropped > 0 ? tr(" and drops %1 now inside it").arg(count(dropped, "vertex", "vertices"))
                                 : QString()) +
                    tr(". The depth lies between %1 and %2 m.").arg(bounds.first, bounds.second);
                step.title = tr("Expand %1").arg(k + 1);
            }
            step.text = text;
            m_steps.push_back(std::move(step));
            m_table.rows.push_back({{QString::number(k + 1), vec(it.normal),
                                     tr("vertex %1\n%2").arg(it.support.indexA).arg(vec(it.support.wA)),
                                     tr("vertex %1\n%2").arg(it.support.indexB).arg(vec(it.support.wB)),
                                     tr("%1\n%2 m along n").arg(vec(it.support.w), len(it.supportDistance)),
                                     tr("%1 vertices").arg(poly.size()),
                                     len(it.distance) + (it.last ? tr("\nclosest") : QString())},
                                    int(k),
                                    false});
        }
    }
    GjkStep result;
    result.world = worldBase;
    result.second = mBase;
    const phys::SatResult sat = satFor(a, xfA, b, xfB);
    if (p.depth < 0.0) {
        result.title = tr("Apart");
        result.text = tr("A and B are apart (GJK's distance %1 m): there is no penetration for EPA to "
                         "measure. SAT finds a separating axis too.")
                          .arg(len(-p.depth));
    } else {
        result.title = tr("Normal and depth");
        result.world.push_back(arrow(p.pointB, p.pointB + p.depth * p.normal, kResult, 2.2));
        result.world.push_back(point(p.pointA, kResult));
        result.world.push_back(point(p.pointB, kResult));
        result.second.push_back(arrow({0.0, 0.0}, p.depth * p.normal, kResult, 2.2));
        result.text =
            tr("Normal n = %1 from A to B, depth %2 m: moving B by %2 m along n separates them (green: "
               "the deepest point of each shape and the push).")
                .arg(vec(p.normal), len(p.depth));
        if (!p.coresOverlap) {
            result.text += tr(" (The cores are apart: depth = radii - core distance.)");
        }
        const double dDepth = std::abs(sat.depth - p.depth);
        const double dNormal = phys::distance(sat.normal, p.normal);
        if (dDepth <= 1e-9 && dNormal <= 1e-9) {
            result.text += tr(" SAT's MTV on the same pair: normal %1, depth %2 m, the same to 1e-9.")
                               .arg(vec(sat.normal), len(sat.depth));
        } else {
            result.text +=
                tr(" SAT's MTV on the same pair: normal %1, depth %2 m; they differ by %3 m in depth. "
                   "SAT keeps A's axis when B's is smaller by less than its tie tolerance, and equal "
                   "depths along two axes are a tie either may win.")
                    .arg(vec(sat.normal), len(sat.depth), QString::number(dDepth, 'g', 2));
        }
        const auto* polyA = std::get_if<phys::Polygon>(&a);
        const auto* polyB = std::get_if<phys::Polygon>(&b);
        if (polyA && polyB) {
            const phys::Manifold m = phys::clipPolygons(*polyA, xfA, *polyB, xfB, p.normal, p.owner);
            for (int i = 0; i < m.pointCount; ++i) {
                result.world.push_back(point(m.points[i].point, QColor(220, 40, 40)));
            }
            result.text += tr(" Handed to the clipping step, this normal gives %1 (red).")
                               .arg(count(m.pointCount, "contact point", "contact points"));
        }
    }
    const bool deep = p.depth >= 0.0;
    m_table.rows.push_back({{QStringLiteral("\u2192"), deep ? tr("normal\n%1").arg(vec(p.normal)) : QString(),
                             deep ? tr("deepest\n%1").arg(vec(p.pointA)) : QString(),
                             deep ? tr("deepest\n%1").arg(vec(p.pointB)) : QString(), QString(), QString(),
                             deep ? tr("%1\ndepth").arg(len(p.depth)) : tr("apart")},
                            int(m_steps.size()),
                            true});
    m_steps.push_back(std::move(result));
}

void GjkSteps::buildVoronoi(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB) {
    const phys::ShapeGeometry& a = bodyA.shapes[std::size_t(m_shapeA)].geometry;
    const phys::ShapeGeometry& b = bodyB.shapes[std::size_t(m_shapeB)].geometry;
    const phys::Transform xfA{bodyA.position, phys::Rot(bodyA.angle)};
    const phys::Transform xfB{bodyB.position, phys::Rot(bodyB.angle)};
    const auto* polyA = std::get_if<phys::Polygon>(&a);
    const auto* polyB = std::get_if<phys::Polygon>(&b);
    const bool circleA = std::holds_alternative<phys::Circle>(a),
               circleB = std::holds_alternative<phys::Circle>(b);
    if (!((polyA && circleB) || (polyB && circleA))) {
        m_steps.push_back(
            {tr("Polygon and circle"),
             tr("The Voronoi regions explain the circle case of SAT: pick a polygon and a circle."),
             {},
             {},
             {}});
        return;
    }
    const phys::Polygon& poly = polyA ? *polyA : *polyB;
    const phys::Transform& xfP = polyA ? xfA : xfB;
    const phys::Circle& circle = std::get<phys::Circle>(polyA ? b : a);
    const phys::Transform& xfC = polyA ? xfB : xfA;
    const QString polyName = polyA ? QStringLiteral("A") : QStringLiteral("B");
    const Vec2 centre = phys::transformPoint(xfC, circle.center);
    const phys::VoronoiRegion region = phys::voronoiRegion(poly, xfP, centre);
    const QColor cp = polyA ? OverlayPainter::colorA() : OverlayPainter::colorB();
    const QColor cc = polyA ? OverlayPainter::colorB() : OverlayPainter::colorA();
    double size = 0.0;
    for (const Vec2 v : poly.vertices()) {
        size = std::max(size, phys::length(v - poly.centroid()));
    }
    // The regions reach past the whole circle (review v12b D-a: drawn to a fixed 1.6 sizes, they stopped
    // short of a centre 1.35 m out while the text put it in vertex 2's region), so the pane, which fits
    // them, shows the named region around the centre.
    const double reach = std::max(1.6 * size, 1.2 * (std::max(region.distance, 0.0) + circle.radius));
    std::vector<DiagramItem> regions;
    for (int i = 0; i < poly.count(); ++i) {
        DiagramItem v = polygon(phys::voronoiRegionOutline(poly, xfP, phys::VoronoiFeature::Vertex, i, reach),
                                QColor(160, 160, 220), QColor(120, 120, 230, 35), 0.8);
        DiagramItem e = polygon(phys::voronoiRegionOutline(poly, xfP, phys::VoronoiFeature::Edge, i, reach),
                                QColor(160, 200, 160), QColor(90, 190, 90, 35), 0.8);
        regions.push_back(v);
        regions.push_back(e);
    }
    const std::vector<DiagramItem> shapes{polygon(outline(poly, xfP), cp, withAlpha(cp, 40), 2.0),
                                          polygon(outline(circle, xfC), cc, withAlpha(cc, 30), 2.0),
                                          point(centre, cc, tr("centre"))};
    GjkStep all;
    all.title = tr("The regions of %1").arg(polyName);
    all.world = regions;
    all.world.insert(all.world.end(), shapes.begin(), shapes.end());
    all.text =
        tr("Outside polygon %1 every point is nearest either one vertex (blue wedges, between the normals "
           "of the vertex's two edges) or the inside of one edge (green slabs, in front of the edge). %1 "
           "has %2 vertices, so %2 wedges and %2 slabs.")
            .arg(polyName)
            .arg(poly.count());
    m_steps.push_back(std::move(all));

    GjkStep where;
    where.world = regions;
    if (region.feature != phys::VoronoiFeature::Inside) {
        DiagramItem highlight =
            polygon(phys::voronoiRegionOutline(poly, xfP, region.feature, region.index, reach),
                    QColor(230, 150, 0), withAlpha(kRegion, 110), 1.5);
        where.world.push_back(highlight);
    }
    where.world.insert(where.world.end(), shapes.begin(), shapes.end());
    where.world.push_back(line(centre, region.closestPoint, kResult, 2.0));
    where.world.push_back(point(region.closestPoint, kResult, tr("closest")));
    const double depth = circle.radius - region.distance;
    const QString contact = depth >= 0.0 ? tr("they overlap by %1 m").arg(len(depth))
                                         : tr("they are %1 m apart").arg(len(-depth));
    switch (region.feature) {
    case phys::VoronoiFeature::Vertex:
        where.title = tr("Centre in a vertex region");
        where.text =
            tr("The centre %1 lies in the region of vertex %2 of %3: the nearest point of %3 is that "
               "vertex, %4 m away. No edge normal measures this gap, which is why SAT adds an axis from "
               "the nearest vertex to the centre. With radius %5 m, %6.")
                .arg(vec(centre))
                .arg(region.index)
                .arg(polyName, len(region.distance), len(circle.radius), contact);
        break;
    case phys::VoronoiFeature::Edge:
        where.title = tr("Centre in an edge region");
        where.text =
            tr("The centre %1 lies in the region of edge %2 of %3: the nearest point is on that edge, "
               "%4 m away along its normal, so the edge normal is the axis that decides. With radius %5 "
               "m, %6.")
                .arg(vec(centre))
                .arg(region.index)
                .arg(polyName, len(region.distance), len(circle.radius), contact);
        break;
    case phys::VoronoiFeature::Inside:
        where.title = tr("Centre inside");
        where.text =
            tr("The centre %1 is inside %2, %3 m behind edge %4, its nearest edge: the circle reaches "
               "%5 m past it (radius plus that distance).")
                .arg(vec(centre), polyName, len(-region.distance))
                .arg(region.index)
                .arg(len(circle.radius - region.distance));
        break;
    }
    m_steps.push_back(std::move(where));
}

void GjkSteps::buildSplit(const phys::DecomposeTrace& t, Vec2 origin, const QString& bodyName) {
    const std::size_t n = t.outline.size();
    std::vector<Vec2> world;
    for (const Vec2 p : t.outline) {
        world.push_back(origin + p);
    }
    auto indicesToPoints = [&world](const auto& indices) {
        std::vector<Vec2> out;
        for (const int i : indices) {
            out.push_back(world[std::size_t(i)]);
        }
        return out;
    };
    std::vector<int> reflex;
    for (std::size_t i = 0; i < n; ++i) {
        if (phys::cross(world[i] - world[(i + n - 1) % n], world[(i + 1) % n] - world[i]) < 0.0) {
            reflex.push_back(int(i));
        }
    }
    const std::vector<DiagramItem> base{polygon(world, QColor(90, 90, 90), QColor(235, 235, 235), 1.5)};
    auto dots = [&](std::vector<DiagramItem>& items) {
        for (std::size_t i = 0; i < n; ++i) {
            const bool isReflex = std::find(reflex.begin(), reflex.end(), int(i)) != reflex.end();
            items.push_back(point(world[i], isReflex ? QColor(220, 40, 40) : QColor(60, 60, 60),
                                  n <= 24 ? QString::number(i) : QString()));
        }
    };
    const QColor palette[] = {QColor(120, 170, 230), QColor(240, 170, 90),  QColor(130, 200, 130),
                              QColor(200, 140, 210), QColor(230, 210, 100), QColor(120, 200, 200)};

    GjkStep outline;
    outline.title = tr("The outline");
    outline.world = base;
    dots(outline.world);
    QStringList reflexNames;
    for (const int i : reflex) {
        reflexNames << QString::number(i);
    }
    outline.text =
        reflex.empty()
            ? tr("The outline has %1 and no reflex vertex: it is convex already. The split still runs: ear "
                 "clipping cuts it into triangles, and Hertel-Mehlhorn merges them back into one piece.")
                  .arg(count(long(n), "vertex", "vertices"))
            : tr("The outline has %1, %2 (red: %3). A convex piece can have no reflex vertex, so the "
                 "outline is cut: first into triangles by ear clipping, then the triangles are merged back "
                 "as far as convexity allows (Hertel-Mehlhorn).")
                  .arg(count(long(n), "vertex", "vertices"),
                       count(long(reflex.size()), "reflex vertex", "reflex vertices"),
                       reflexNames.join(QStringLiteral(", ")));
    m_steps.push_back(std::move(outline));

    for (std::size_t k = 0; k < t.ears.size(); ++k) {
        const phys::DecomposeEar& ear = t.ears[k];
        GjkStep step;
        step.title = tr("Ear %1 of %2").arg(k + 1).arg(t.ears.size());
        step.world = base;
        for (std::size_t j = 0; j < k; ++j) {
            step.world.push_back(polygon(indicesToPoints(t.ears[j].triangle), QColor(90, 130, 200),
                                         QColor(150, 185, 235, 120), 1.0));
        }
        step.world.push_back(
            polygon(indicesToPoints(ear.triangle), QColor(200, 120, 0), withAlpha(kRegion, 170), 2.0));
        dots(step.world);
        step.text =
            k + 1 == t.ears.size()
                ? tr("The last three vertices (%1, %2, %3) are the last triangle.")
                      .arg(ear.triangle[0])
                      .arg(ear.triangle[1])
                      .arg(ear.triangle[2])
                : tr("Vertex %1 turns left and its triangle (%2, %1, %3) holds no other remaining vertex: "
                     "an ear, cut off along the diagonal %2-%3. Of the ears left, it has the largest "
                     "smallest angle (%4\u00b0), which keeps slivers out.")
                      .arg(ear.tip)
                      .arg(ear.triangle[0])
                      .arg(ear.triangle[2])
                      .arg(QString::number(ear.smallestAngle * 180.0 / phys::kPi, 'f', 1));
        m_steps.push_back(std::move(step));
    }

    for (std::size_t k = 0; k < t.merges.size(); ++k) {
        const phys::DecomposeMerge& m = t.merges[k];
        GjkStep step;
        step.title = tr("Diagonal %1 of %2").arg(k + 1).arg(t.merges.size());
        step.world = base;
        for (std::size_t j = 0; j < m.pieces.size(); ++j) {
            const QColor c = palette[j % std::size(palette)];
            step.world.push_back(
                polygon(indicesToPoints(m.pieces[j]), c.darker(140), withAlpha(c, 110), 1.0));
        }
        const bool removed = m.verdict == phys::DiagonalVerdict::Removed;
        step.world.push_back(line(world[std::size_t(m.from)], world[std::size_t(m.to)],
                                  removed ? kResult : QColor(220, 40, 40), 2.5, removed));
        dots(step.world);
        const QString diagonal = QStringLiteral("%1-%2").arg(m.from).arg(m.to);
        switch (m.verdict) {
        case phys::DiagonalVerdict::Removed:
            step.text =
                tr("Diagonal %1 (dashed green): without it both its ends stay convex, so the pieces on "
                   "either side merge. %2 now.")
                    .arg(diagonal, count(long(m.pieces.size()), "piece", "pieces"));
            break;
        case phys::DiagonalVerdict::ReflexAtStart:
        case phys::DiagonalVerdict::ReflexAtEnd:
            step.text = tr("Diagonal %1 (red) stays: removing it would leave a reflex angle at vertex %2.")
                            .arg(diagonal)
                            .arg(m.verdict == phys::DiagonalVerdict::ReflexAtStart ? m.from : m.to);
            break;
        case phys::DiagonalVerdict::TooManyVertices:
            step.text = tr("Diagonal %1 (red) stays: the merged piece would have more than %2 vertices, the "
                           "engine's limit for one polygon.")
                            .arg(diagonal)
                            .arg(phys::kMaxPolygonVertices);
            break;
        }
        m_steps.push_back(std::move(step));
    }
    const std::size_t pieces = t.merges.empty() ? 1 : t.merges.back().pieces.size();
    m_steps.back().title += tr(" (last)");
    m_steps.back().text +=
        (pieces == 1
             ? tr(" The result: 1 piece, convex with at most %2 vertices, exactly the outline; it is the "
                  "shape of body \"%3\".")
             : tr(" The result: %1 pieces, each convex with at most %2 vertices, together exactly the "
                  "outline; they are the shapes of body \"%3\".")
                   .arg(long(pieces)))
            .arg(phys::kMaxPolygonVertices)
            .arg(bodyName);
}

void GjkSteps::buildToi(const ToiMotion& motion) {
    const double dt = motion.dt;
    const bool fromFrame = motion.frame.has_value();
    const Moving a = sweepOf(motion.a, dt);
    const Moving b = sweepOf(motion.b, dt);
    const phys::ShapeGeometry& ga = a.body.shapes[std::size_t(m_shapeA)].geometry;
    const phys::ShapeGeometry& gb = b.body.shapes[std::size_t(m_shapeB)].geometry;
    const QColor ca = OverlayPainter::colorA(), cb = OverlayPainter::colorB();
    const phys::Transform xfA0 = phys::sweepTransform(a.sweep, 0.0),
                          xfB0 = phys::sweepTransform(b.sweep, 0.0);

    auto motionOf = [&](const QString& name, const Moving& m) {
        if (m.body.type == phys::BodyType::Static) {
            return tr("%1 is static: it does not move.").arg(name);
        }
        return tr("%1: velocity %2 m/s, angular velocity %3 rad/s, so over the step its centre moves %4 m "
                  "and "
                  "it turns %5\u00b0.")
            .arg(name, vec(m.body.linearVelocity))
            .arg(QString::number(m.body.angularVelocity, 'f', 2))
            .arg(len(phys::length(m.sweep.c2 - m.sweep.c1)), degrees(m.sweep.deltaAngle));
    };
    const QString source =
        fromFrame
            ? tr("The motion: the bodies' poses and velocities at simulation frame %1 (t = %2 s), carried "
                 "over the next step of %3 s (gravity's change of velocity within it left out).")
                  .arg(fromFrame ? *motion.frame : 0)
                  .arg(QString::number(motion.frameTime, 'f', 3))
                  .arg(QString::number(dt, 'g', 4))
            : tr("The motion: the bodies' velocities as set in the Inspector (and stored in the scene), over "
                 "one step of %1 s (the scene's "
                 "time step).")
                  .arg(QString::number(dt, 'g', 4));

    if (!a.moves && !b.moves) {
        GjkStep rest;
        rest.title = tr("Nothing moves");
        rest.world = {polygon(outline(ga, xfA0), ca, withAlpha(ca, 30), 2.0),
                      polygon(outline(gb, xfB0), cb, withAlpha(cb, 30), 2.0)};
        rest.text =
            fromFrame
                ? tr("At simulation frame %1 both A and B are at rest (no velocity, no spin): there is no "
                     "sweep "
                     "to follow. Step to a frame where one of them moves.")
                      .arg(fromFrame ? *motion.frame : 0)
                : tr("A and B are both at rest: neither has a velocity or an angular velocity, so there is "
                     "no "
                     "sweep. Select one of them and set its Velocity (m/s) or Spin (rad/s) in "
                     "the "
                     "Inspector (say 60 m/s towards the other), or enter Simulate mode and pause on a frame "
                     "where one moves.");
        m_steps.push_back(std::move(rest));
        return;
    }

    const phys::DistanceProxy pa = phys::makeProxy(ga), pb = phys::makeProxy(gb);
    m_toi = phys::timeOfImpact(pa, a.sweep, pb, b.sweep, 1.0, &m_toiTrace);
    const phys::ToiTrace& trace = m_toiTrace;
    const double target = trace.target, tol = trace.tolerance;
    const bool bounded = trace.method == phys::ToiMethod::Bounded;

    // The drawings every step shares: the start (faint), the end of the step (dotted), the centres' paths.
    auto poseAt = [&](double t, const QColor& ca2, const QColor& cb2, QColor fillA, QColor fillB,
                      double width, bool dashed) {
        std::vector<DiagramItem> out{
            polygon(outline(ga, phys::sweepTransform(a.sweep, t)), ca2, fillA, width),
            polygon(outline(gb, phys::sweepTransform(b.sweep, t)), cb2, fillB, width)};
        out[0].dashed = out[1].dashed = dashed;
        return out;
    };
    std::vector<DiagramItem> base;
    for (const Moving* m : {&a, &b}) {
        if (m->moves) {
            base.push_back(line(m->sweep.c1, m->sweep.c2, kGhost, 1.0, true));
        }
    }
    for (DiagramItem& item :
         poseAt(1.0, withAlpha(ca, 110), withAlpha(cb, 110), Qt::transparent, Qt::transparent, 1.0, true)) {
        base.push_back(std::move(item));
    }
    for (DiagramItem& item : poseAt(0.0, withAlpha(ca, 150), withAlpha(cb, 150), withAlpha(ca, 20),
                                    withAlpha(cb, 20), 1.2, false)) {
        base.push_back(std::move(item));
    }
    for (const Moving* m : {&a, &b}) {
        if (m->moves) {
            base.push_back(point(m->sweep.c1, kGhost, tr("t = 0")));
        }
    }

    // The plot: every pass's distance at its time, over the target band.
    double sMax = target;
    for (const phys::ToiIteration& it : trace.iterations) {
        sMax = std::max(sMax, std::abs(it.distance));
        for (const auto& pbk : it.pushBacks) {
            sMax = std::max(sMax, std::abs(pbk.separationAtT2));
            for (const phys::ToiRootStep& r : pbk.root) {
                sMax = std::max(sMax, std::abs(r.separation));
            }
        }
    }
    const Plot plot{0.6 / sMax};
    std::vector<DiagramItem> plotBase{line(plot.at(0.0, target), plot.at(1.0, target), kResult, 1.2, true),
                                      point(plot.at(1.0, target), kResult, tr("target")),
                                      line(plot.at(1.0, 0.0), plot.at(1.0, sMax), kGhost, 1.0, true),
                                      point(plot.at(1.0, sMax), kGhost, tr("t = 1"))};
    // The distance GJK measured at each pass's t1; the current pass's is labelled t1.
    auto distanceDots = [&](std::size_t upTo, std::vector<DiagramItem>& items, bool current) {
        for (std::size_t k = 0; k < upTo && k < trace.iterations.size(); ++k) {
            const bool isCurrent = current && k + 1 == upTo;
            // Many passes crowd together: then only the first and the last are named.
            const bool named = upTo <= 4 || k == 0 || k + 1 == upTo;
            items.push_back(point(plot.at(trace.iterations[k].t1, trace.iterations[k].distance), kSimplex,
                                  isCurrent ? tr("t1")
                                  : named   ? tr("pass %1").arg(k + 1)
                                            : QString()));
        }
    };

    // GjkStep 1: the sweep.
    GjkStep sweepStep;
    sweepStep.title = tr("The sweep");
    sweepStep.world = base;
    for (DiagramItem& item : poseAt(1.0, ca, cb, Qt::transparent, Qt::transparent, 1.2, true)) {
        sweepStep.world.push_back(std::move(item));
    }
    sweepStep.text = source + QLatin1Char(' ') + motionOf(QStringLiteral("A"), a) + QLatin1Char(' ') +
                     motionOf(QStringLiteral("B"), b) + QLatin1Char(' ');
    sweepStep.text +=
        tr("Time t runs from 0 (solid) to 1 (dashed), the fraction of the step. The engine looks for the "
           "first t at which the cores are %1 m apart (the radii plus the %2 m slop, give or take %3 m), so "
           "a "
           "fast body can be stopped just short of the surface instead of passing through. ")
            .arg(len(target), len(phys::kLinearSlop), len(tol));
    sweepStep.text +=
        bounded ? tr("The turning can move a surface point by %1 m over the step, more than the slop, so it "
                     "uses bounded advancement (Mirtich): no point moves faster than %2 m per step relative "
                     "to the other shape, so a gap d cannot close before (d - target) / %2 of the step.")
                      .arg(len(trace.turning), len(trace.bound))
        : trace.turning == 0.0
            ? tr("Nothing turns, so it follows separating axes (conservative advancement with a root "
                 "finder, Catto 2013).")
            : tr("The turning moves a surface point by %1 m at most, within the slop, so it follows "
                 "separating axes (conservative advancement with a root finder, Catto 2013).")
                  .arg(len(trace.turning));
    m_steps.push_back(std::move(sweepStep));

    // One step per advancement pass.
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        const phys::ToiIteration& it = trace.iterations[k];
        const phys::Transform xfA = phys::sweepTransform(a.sweep, it.t1);
        GjkStep step;
        step.title = tr("Pass %1: t = %2").arg(k + 1).arg(fraction(it.t1));
        step.world = base;
        for (std::size_t j = 0; j < k; ++j) { // the earlier advanced times, as ghosts
            for (DiagramItem& item : poseAt(trace.iterations[j].t1, withAlpha(ca, 120), withAlpha(cb, 120),
                                            Qt::transparent, Qt::transparent, 1.0, true)) {
                step.world.push_back(std::move(item));
            }
        }
        for (DiagramItem& item : poseAt(it.t1, ca, cb, withAlpha(ca, 50), withAlpha(cb, 50), 2.0, false)) {
            step.world.push_back(std::move(item));
        }
        step.world.push_back(line(it.pointA, it.pointB, kResult, 2.0));
        step.world.push_back(point(it.pointA, kResult));
        step.world.push_back(point(it.pointB, kResult));
        step.second = plotBase;
        distanceDots(k + 1, step.second, true);

        QString text =
            tr("At t = %1 (%2 s into the step) GJK gives the cores %3 m apart, between %4 on A and "
               "%5 on B (green). ")
                .arg(fraction(it.t1), QString::number(it.t1 * dt, 'g', 3), len(it.distance), vec(it.pointA),
                     vec(it.pointB));
        const bool last = k + 1 == trace.iterations.size();
        if (it.distance <= 0.0) {
            text += tr("They overlap: there is no gap to close, so the sweep stops (the contact solver "
                       "separates overlapping bodies).");
        } else if (it.distance < target + tol) {
            text += tr("That is within %1 m of the target %2 m: this is the time of impact.")
                        .arg(len(tol), len(target));
        } else if (bounded) {
            const double next = it.t1 + (it.distance - target) / trace.bound;
            step.second.push_back(
                line(plot.at(it.t1, it.distance),
                     plot.at(std::min(next, 1.0), it.distance - (std::min(next, 1.0) - it.t1) * trace.bound),
                     kAxis, 1.6, true));
            text += tr("Points move at most %1 m per step, so the gap of %2 m down to the target cannot "
                       "close before t = %3 + (%4 - %5) / %1 = %6 (the dashed line, a lower bound on the "
                       "distance). ")
                        .arg(len(trace.bound), len(it.distance - target), fraction(it.t1), len(it.distance),
                             len(target), fraction(next));
            text += next >= 1.0 ? tr("That is past the end of the step: they do not meet in it.")
                                : tr("The shapes are advanced to t = %1.").arg(fraction(next));
        } else {
            // The separating axis and the push-backs with their root bracketing.
            double size = 0.0; // the axis arrow: half A's reach from its witness point
            for (const Vec2 q : outline(ga, xfA)) {
                size = std::max(size, phys::distance(q, it.pointA));
            }
            step.world.push_back(arrow(it.pointA, it.pointA + 0.5 * size * it.axis, kAxis));
            switch (it.axisKind) {
            case phys::ToiAxisKind::Points:
                text += tr("The closest features are a point of each, so the axis is the line through them, "
                           "n = %1 (magenta), fixed in the world. ")
                            .arg(vec(it.axis));
                break;
            case phys::ToiAxisKind::FaceA:
                // (it turns with A only if A turns over the step)
                text += (a.sweep.deltaAngle != 0.0
                             ? tr("The closest feature of A is an edge, so the axis is its normal n = %1 "
                                  "(magenta), which turns with A. ")
                             : tr("The closest feature of A is an edge, so the axis is its normal n = %1 "
                                  "(magenta); A does not turn, so the axis stays fixed. "))
                            .arg(vec(it.axis));
                break;
            case phys::ToiAxisKind::FaceB:
                text +=
                    tr("The closest feature of B is an edge, so the axis is its normal, n = %1 from A to B "
                       "(magenta), which turns with B. ")
                        .arg(vec(it.axis));
                break;
            }
            auto pointName = [](const phys::DistanceProxy& p, int index, const QString& body) {
                if (index < 0) {
                    return tr("%1's edge").arg(body);
                }
                return p.count == 1 ? tr("%1's centre").arg(body)
                                    : tr("vertex %1 of %2").arg(index).arg(body);
            };
            for (std::size_t j = 0; j < it.pushBacks.size(); ++j) {
                const auto& pbk = it.pushBacks[j];
                // The deepest points at t2, drawn on the shapes there.
                const phys::Transform xfA2 = phys::sweepTransform(a.sweep, pbk.t2);
                const phys::Transform xfB2 = phys::sweepTransform(b.sweep, pbk.t2);
                if (j + 1 == it.pushBacks.size()) {
                    // The shapes at that t2 (magenta, dashed), where the deepest points are found.
                    for (DiagramItem& item : poseAt(pbk.t2, withAlpha(kAxis, 150), withAlpha(kAxis, 150),
                                                    Qt::transparent, Qt::transparent, 1.0, true)) {
                        step.world.push_back(std::move(item));
                    }
                    if (pbk.indexA >= 0) {
                        step.world.push_back(
                            point(phys::transformPoint(xfA2, pa.points[pbk.indexA]), kAxis, tr("deepest")));
                    }
                    if (pbk.indexB >= 0) {
                        step.world.push_back(
                            point(phys::transformPoint(xfB2, pb.points[pbk.indexB]), kAxis, tr("deepest")));
                    }
                }
                text += tr("At t2 = %1 the deepest points along n, %2 and %3, are %4 m apart: ")
                            .arg(fraction(pbk.t2), pointName(pa, pbk.indexA, QStringLiteral("A")),
                                 pointName(pb, pbk.indexB, QStringLiteral("B")), len(pbk.separationAtT2));
                if (pbk.separationAtT2 > target + tol) {
                    text += tr("more than the target, so this axis keeps them apart until t2, the end of the "
                               "step: they do not meet in it.");
                    step.second.push_back(
                        line(plot.at(it.t1, it.distance), plot.at(pbk.t2, pbk.separationAtT2), kCurve, 1.4));
                    step.second.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kAxis, tr("t2")));
                    break;
                }
                if (pbk.separationAtT2 > target - tol) {
                    text += tr("the target, so the shapes are advanced to t2 for the next pass.");
                    if (j == 0) { // else t2 is the root just drawn
                        step.second.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kAxis, tr("t2")));
                    }
                    break;
                }
                const double s1 = pbk.separationAtT1;
                text += tr("below the target. At t1 they are %1 m apart along n, ").arg(len(s1));
                if (s1 < target - tol) {
                    text += tr("below the target already: the search fails (round-off) and keeps t1.");
                    break;
                }
                if (s1 <= target + tol) {
                    text += tr("the target: the time of impact is t1.");
                    break;
                }
                text += tr("above it, so s(t) crosses the target between t1 and t2. The root finder "
                           "brackets it, bisecting and taking secants in turn: ");
                // The curve s(t) of these two points as sampled, and the bracket as it shrinks.
                std::vector<std::pair<double, double>> samples{{it.t1, s1}, {pbk.t2, pbk.separationAtT2}};
                double lo = it.t1, hi = pbk.t2;
                QStringList rootSteps;
                for (std::size_t r = 0; r < pbk.root.size(); ++r) {
                    const phys::ToiRootStep& rs = pbk.root[r];
                    samples.emplace_back(rs.t, rs.separation);
                    const bool done = std::abs(rs.separation - target) < tol;
                    if (!done) {
                        (rs.separation > target ? lo : hi) = rs.t;
                    }
                    if (rootSteps.size() < 8 || done) {
                        rootSteps << tr("%1 t = %2 gives %3 m%4")
                                         .arg(r % 2 ? tr("secant") : tr("bisection"), fraction(rs.t),
                                              len(rs.separation),
                                              done
                                                  ? tr(", on the target")
                                                  : tr(", bracket [%1, %2]").arg(fraction(lo), fraction(hi)));
                    } else if (rootSteps.size() == 8) {
                        rootSteps << QStringLiteral("\u2026");
                    }
                }
                text += rootSteps.join(QStringLiteral("; ")) + QStringLiteral(". ");
                std::sort(samples.begin(), samples.end());
                DiagramItem curve;
                curve.kind = DiagramItem::Kind::Polyline;
                curve.stroke = kCurve;
                curve.width = 1.4;
                for (const auto& [t, s] : samples) {
                    curve.points.push_back(plot.at(t, s));
                }
                step.second.push_back(curve);
                step.second.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kCurve, tr("t2")));
                for (std::size_t r = 0; r < pbk.root.size(); ++r) {
                    step.second.push_back(point(plot.at(pbk.root[r].t, pbk.root[r].separation), kAxis,
                                                r + 1 == pbk.root.size() ? tr("root") : QString()));
                }
                if (!pbk.root.empty()) {
                    text += tr("The shapes cannot come within the target along n before t = %1, the new t2. ")
                                .arg(fraction(pbk.root.back().t));
                }
            }
            if (!last && trace.iterations[k + 1].t1 > it.t1) {
                text += tr(" Next pass from t = %1.").arg(fraction(trace.iterations[k + 1].t1));
            }
        }
        step.text = text.trimmed();
        m_steps.push_back(std::move(step));
    }

    // The result: every advanced time as a ghost, the pose at the time of impact.
    GjkStep result;
    result.world = base;
    for (const phys::ToiIteration& it : trace.iterations) {
        for (DiagramItem& item : poseAt(it.t1, withAlpha(ca, 120), withAlpha(cb, 120), Qt::transparent,
                                        Qt::transparent, 1.0, true)) {
            result.world.push_back(std::move(item));
        }
    }
    result.second = plotBase;
    distanceDots(trace.iterations.size(), result.second, false);
    const QString passes =
        bounded ? count(m_toi.iterations, "advancement pass", "advancement passes")
                : tr("%1 and %2")
                      .arg(count(m_toi.iterations, "advancement pass", "advancement passes"),
                           count(m_toi.rootIterations, "root-finder step", "root-finder steps"));
    switch (m_toi.state) {
    case phys::ToiState::Hit:
        result.title = tr("Time of impact t = %1").arg(fraction(m_toi.fraction));
        for (DiagramItem& item :
             poseAt(m_toi.fraction, ca, cb, withAlpha(ca, 70), withAlpha(cb, 70), 2.4, false)) {
            result.world.push_back(std::move(item));
        }
        result.second.push_back(
            line(plot.at(m_toi.fraction, 0.0), plot.at(m_toi.fraction, sMax), kResult, 1.6));
        result.text =
            tr("Time of impact t = %1 of the step, %2 s after the start (solid: the pose then; dashed: "
               "the advanced times). The cores are then the target %3 m apart, within %4 m. This is "
               "the time the engine's continuous collision uses to stop a fast body just short of "
               "the surface. %5.")
                .arg(fraction(m_toi.fraction), QString::number(m_toi.fraction * dt, 'g', 4), len(target),
                     len(tol), passes);
        break;
    case phys::ToiState::Separated:
        result.title = tr("No impact in this step");
        result.text =
            tr("A and B stay more than %1 m apart for the whole step: no time of impact (t = 1). %2.")
                .arg(len(target), passes);
        break;
    case phys::ToiState::Overlapped:
        result.title = tr("Overlapping at the start");
        result.text =
            tr("The cores already overlap at t = 0: there is no gap to sweep. The contact solver, not "
               "the time of impact, separates overlapping bodies.");
        break;
    case phys::ToiState::Failed:
        result.title = tr("No convergence");
        result.text =
            tr("The search did not converge (round-off); the last time known to be safe is t = %1. %2.")
                .arg(fraction(m_toi.fraction), passes);
        break;
    }
    m_steps.push_back(std::move(result));
}

} // namespace cl
