/// @file tst_oracle_manifold.cpp
/// Contact manifolds against Boost.Geometry on seeded random shapes:
/// - clipping (polygon pairs): each point, taken back half its depth to the incident surface and forward half
///   its depth to the reference surface (the midway convention of clip.h), lies in the incident and the
///   reference polygon, on the incident and reference edges the ClipTrace names, and its depth is its
///   distance behind the reference face;
/// - polygon/circle: the point is midway between the polygon's surface and the circle's;
/// - a traced call and an untraced call return identical manifolds, for every pair kind and contact method.

#include "oracle_support.h"

#include "physics/collide.h"

#include <QtTest>

#include <algorithm>

using namespace oracle;
using phys::Circle;
using phys::Manifold;
using phys::Polygon;
using phys::Transform;
using phys::Vec2;

namespace {

constexpr double kLengthTolerance = 1e-9; ///< metres
constexpr double kAreaTolerance = 1e-9;   ///< fraction of the smaller area

bool identical(const Manifold& x, const Manifold& y) {
    if (!(x.normal == y.normal) || x.pointCount != y.pointCount) {
        return false;
    }
    for (int k = 0; k < x.pointCount; ++k) {
        const phys::ManifoldPoint& p = x.points[k];
        const phys::ManifoldPoint& q = y.points[k];
        if (!(p.point == q.point) || p.depth != q.depth || !(p.id == q.id)) {
            return false;
        }
    }
    return true;
}

QString describe(int pair, const Manifold& m) {
    QString text = QStringLiteral("pair %1: normal (%2, %3), %4 points")
                       .arg(pair)
                       .arg(m.normal.x, 0, 'g', 17)
                       .arg(m.normal.y, 0, 'g', 17)
                       .arg(m.pointCount);
    for (int k = 0; k < m.pointCount; ++k) {
        text += QStringLiteral(" [(%1, %2) depth %3 id %4]")
                    .arg(m.points[k].point.x, 0, 'g', 17)
                    .arg(m.points[k].point.y, 0, 'g', 17)
                    .arg(m.points[k].depth, 0, 'g', 17)
                    .arg(m.points[k].id.key(), 0, 16);
    }
    return text;
}

using BSegment = bg::model::segment<BPoint>;

} // namespace

class TestOracleManifold : public QObject {
    Q_OBJECT

private slots:
    void clippingPolygons();
    void polygonCircle();
    void tracedEqualsUntraced();
};

void TestOracleManifold::clippingPolygons() {
    ShapeSource source(20260303);
    constexpr int kWanted = 10000; // overlapping pairs
    int pairs = 0;
    int overlapping = 0;
    int skipped = 0;
    int twoPoints = 0;
    int referenceB = 0;
    int incidentInsideReference = 0;
    int points = 0;

    while (overlapping < kWanted && pairs < 5 * kWanted) {
        const int pair = pairs++;
        const Polygon a = source.polygon();
        const Polygon b = source.polygon();
        const Transform xfA = source.placement();
        const Transform xfB = source.near(xfA, ShapeSource::radius(a), ShapeSource::radius(b));
        const BPolygon pa = toBoost(a, xfA);
        const BPolygon pb = toBoost(b, xfB);
        const double minArea = std::min(bg::area(pa), bg::area(pb));
        const double distance = bg::distance(pa, pb);
        if (distance > kLengthTolerance) {
            QCOMPARE(phys::collidePolygons(a, xfA, b, xfB).pointCount, 0);
            continue;
        }
        if (intersectionArea(pa, pb) <= kAreaTolerance * minArea) {
            ++skipped; // touching within 1e-9
            continue;
        }
        ++overlapping;

        phys::CollideTrace trace;
        const Manifold m = phys::collidePolygons(a, xfA, b, xfB, phys::ContactMethod::Clipping, 0.0, &trace);
        const Manifold untraced = phys::collidePolygons(a, xfA, b, xfB);
        QVERIFY2(identical(m, untraced), qPrintable(describe(pair, m) + " vs " + describe(pair, untraced)));
        QVERIFY2(identical(m, trace.manifold), qPrintable(describe(pair, m)));
        QVERIFY2(m.pointCount >= 1, qPrintable(describe(pair, m)));
        QVERIFY(std::abs(phys::length(m.normal) - 1.0) < 1e-12);
        QVERIFY(m.normal == trace.sat.mtvNormal);

        // The reference and incident edges named by the trace are the polygons' own edges.
        const phys::ClipTrace& clip = trace.clip;
        const bool flip = clip.flip;
        referenceB += flip ? 1 : 0;
        const Polygon& reference = flip ? b : a;
        const Transform& xfRef = flip ? xfB : xfA;
        const Polygon& incident = flip ? a : b;
        const Transform& xfInc = flip ? xfA : xfB;
        const BPolygon& pRefPolygon = flip ? pb : pa;
        const BPolygon& pIncPolygon = flip ? pa : pb;
        QVERIFY(clip.referenceEdge >= 0 && clip.referenceEdge < reference.count());
        QVERIFY(clip.incidentEdge >= 0 && clip.incidentEdge < incident.count());
        const int r = clip.referenceEdge;
        const int i = clip.incidentEdge;
        QVERIFY(phys::distance(clip.referenceStart, phys::transformPoint(xfRef, reference.vertex(r))) <
                1e-12);
        QVERIFY(phys::distance(clip.referenceEnd,
                               phys::transformPoint(xfRef, reference.vertex(reference.next(r)))) < 1e-12);
        QVERIFY(phys::distance(clip.incidentStart, phys::transformPoint(xfInc, incident.vertex(i))) < 1e-12);
        QVERIFY(phys::distance(clip.incidentEnd,
                               phys::transformPoint(xfInc, incident.vertex(incident.next(i)))) < 1e-12);
        const Vec2 nRef = clip.referenceNormal;
        QVERIFY(phys::distance(nRef, phys::transformVector(xfRef, reference.normal(r))) < 1e-12);
        const BSegment referenceFace{toBoost(clip.referenceStart), toBoost(clip.referenceEnd)};
        const BSegment incidentEdge{toBoost(clip.incidentStart), toBoost(clip.incidentEnd)};

        if (m.pointCount == 2) {
            ++twoPoints;
            QVERIFY2(!(m.points[0].id == m.points[1].id), qPrintable(describe(pair, m)));
        }
        for (int k = 0; k < m.pointCount; ++k) {
            ++points;
            const Vec2 p = m.points[k].point;
            const double depth = m.points[k].depth;
            QVERIFY2(depth >= 0.0, qPrintable(describe(pair, m)));
            // Midway convention (clip.h): the point is the incident point moved half its depth along the
            // reference normal, towards the reference surface.
            const Vec2 onIncident = p - (0.5 * depth) * nRef;
            const Vec2 onReference = p + (0.5 * depth) * nRef;
            const QString where = describe(pair, m) + QStringLiteral(", point %1").arg(k);
            QVERIFY2(bg::distance(toBoost(onIncident), pIncPolygon) <= kLengthTolerance, qPrintable(where));
            QVERIFY2(bg::distance(toBoost(onReference), pRefPolygon) <= kLengthTolerance, qPrintable(where));
            QVERIFY2(bg::distance(toBoost(onIncident), incidentEdge) <= kLengthTolerance, qPrintable(where));
            QVERIFY2(bg::distance(toBoost(onReference), referenceFace) <= kLengthTolerance,
                     qPrintable(where));
            // Depth = distance behind the reference face: by the trace's plane, and by Boost.Geometry's
            // distance from the incident point to the face segment.
            QVERIFY2(std::abs(depth - (clip.referenceOffset - phys::dot(nRef, onIncident))) <=
                         kLengthTolerance,
                     qPrintable(where));
            QVERIFY2(std::abs(depth - bg::distance(toBoost(onIncident), referenceFace)) <= kLengthTolerance,
                     qPrintable(where));
            // The trace's reference-face test shows the same point.
            bool traced = false;
            for (int t = 0; t < clip.pointCount; ++t) {
                const phys::ClipPointStep& step = clip.points[t];
                if (step.kept && step.id == m.points[k].id) {
                    traced = phys::distance(step.point, onIncident) <= kLengthTolerance &&
                             std::abs(step.depth - depth) <= kLengthTolerance;
                }
            }
            QVERIFY2(traced, qPrintable(where));
            if (bg::distance(toBoost(onIncident), pRefPolygon) <= kLengthTolerance) {
                ++incidentInsideReference;
            }
        }
    }
    qInfo("clipping: %d polygon pairs tested, %d overlapping, %d skipped as touching within 1e-9", pairs,
          overlapping, skipped);
    qInfo(
        "  %d manifold points (%d two-point manifolds), reference face on B in %d; %d of the incident points "
        "also inside the reference polygon",
        points, twoPoints, referenceB, incidentInsideReference);
    QCOMPARE(overlapping, kWanted);
    QVERIFY(skipped <= pairs / 1000);
    QVERIFY(twoPoints > 0 && referenceB > 0);
}

void TestOracleManifold::polygonCircle() {
    ShapeSource source(20260404);
    constexpr int kPairs = 12000;
    int overlapping = 0;
    int skipped = 0;
    for (int pair = 0; pair < kPairs; ++pair) {
        const Polygon a = source.polygon();
        const Circle circle = source.circle();
        const Transform xfA = source.placement();
        const Transform xfB =
            source.near(xfA, ShapeSource::radius(a), phys::length(circle.center) + circle.radius);
        const BPolygon pa = toBoost(a, xfA);
        const Vec2 centre = phys::transformPoint(xfB, circle.center);
        const double centreDistance = bg::distance(toBoost(centre), pa); // 0 inside
        if (std::abs(centreDistance - circle.radius) <= kLengthTolerance) {
            ++skipped;
            continue;
        }
        phys::CollideTrace trace;
        const Manifold m = phys::collidePolygonCircle(a, xfA, circle, xfB, 0.0, &trace);
        QVERIFY2(identical(m, phys::collidePolygonCircle(a, xfA, circle, xfB)),
                 qPrintable(describe(pair, m)));
        if (centreDistance > circle.radius) {
            QCOMPARE(m.pointCount, 0);
            continue;
        }
        ++overlapping;
        QCOMPARE(m.pointCount, 1);
        const double depth = m.points[0].depth;
        QVERIFY(depth > 0.0);
        // Midway between the polygon's surface (forward along the normal, towards B) and the circle's (back).
        const Vec2 onPolygon = m.points[0].point + (0.5 * depth) * m.normal;
        const Vec2 onCircle = m.points[0].point - (0.5 * depth) * m.normal;
        QVERIFY2(bg::distance(toBoost(onPolygon), boundary(pa)) <= kLengthTolerance,
                 qPrintable(describe(pair, m)));
        QVERIFY2(std::abs(phys::distance(onCircle, centre) - circle.radius) <= kLengthTolerance,
                 qPrintable(describe(pair, m)));
        // And the circle's point is the deepest one: on the line through the centre along the normal.
        QVERIFY2(phys::distance(onCircle, centre - circle.radius * m.normal) <= kLengthTolerance,
                 qPrintable(describe(pair, m)));
    }
    qInfo("polygon/circle manifolds: %d pairs tested, %d overlapping, %d skipped as touching within 1e-9",
          kPairs, overlapping, skipped);
    QVERIFY(overlapping > kPairs / 3);
    QVERIFY(skipped <= kPairs / 1000);
}

void TestOracleManifold::tracedEqualsUntraced() {
    ShapeSource source(20260505);
    constexpr int kPairs = 12000;
    const phys::ContactMethod methods[] = {
        phys::ContactMethod::Clipping, phys::ContactMethod::DeepestVertices, phys::ContactMethod::VertexEdge};
    int calls = 0;
    int withContact = 0;
    std::uniform_int_distribution<int> kindOf(0, 3);
    for (int pair = 0; pair < kPairs; ++pair) {
        const int kind = kindOf(source.rng()); // 0, 1: polygon-polygon (twice as often), 2: mixed, 3: circles
        phys::ShapeGeometry a = kind == 3 ? phys::ShapeGeometry(source.circle()) : source.polygon();
        phys::ShapeGeometry b = kind <= 1 ? phys::ShapeGeometry(source.polygon()) : source.circle();
        if (kind == 2 && pair % 2 == 1) {
            std::swap(a, b); // circle-polygon as well as polygon-circle
        }
        auto extent = [](const phys::ShapeGeometry& g) {
            if (const auto* c = std::get_if<Circle>(&g)) {
                return phys::length(c->center) + c->radius;
            }
            return ShapeSource::radius(std::get<Polygon>(g));
        };
        const Transform xfA = source.placement();
        const Transform xfB = source.near(xfA, extent(a), extent(b));
        for (const phys::ContactMethod method : methods) {
            for (const double speculative : {0.0, 0.05}) {
                const Manifold plain = phys::collide(a, xfA, b, xfB, method, speculative);
                phys::CollideTrace full;
                const Manifold traced = phys::collide(a, xfA, b, xfB, method, speculative, &full);
                phys::CollideTrace brief;
                brief.testAllAxes = false;
                const Manifold tracedEarlyOut = phys::collide(a, xfA, b, xfB, method, speculative, &brief);
                // (Tested before building a message: QVERIFY2 would format it on every call.)
                if (!identical(plain, traced) || !identical(plain, tracedEarlyOut) ||
                    !identical(plain, full.manifold)) {
                    QFAIL(qPrintable(describe(pair, plain) + " vs " + describe(pair, traced) + " / " +
                                     describe(pair, tracedEarlyOut)));
                }
                calls += 3;
                withContact += plain.pointCount > 0 ? 1 : 0;
            }
        }
    }
    qInfo(
        "traced vs untraced: %d random pairs (all kinds) x 3 methods x 2 speculative distances, %d calls, %d "
        "manifolds with points",
        kPairs, calls, withContact);
    QVERIFY(withContact > kPairs);
}

QTEST_GUILESS_MAIN(TestOracleManifold)
#include "tst_oracle_manifold.moc"
