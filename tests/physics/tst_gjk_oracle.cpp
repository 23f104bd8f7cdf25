// GJK distance (distance.h) against Boost.Geometry on thousands of seeded separated pairs: the distance
// equals bg::distance to 1e-9, the witness points lie on the shapes' boundaries, their distance is the
// distance and the normal points from A to B along them. Circles as core plus radius: Boost's distance from
// the polygon to the centre minus the radius, and the closed form for two circles. Also the trace: it tells
// the story the result tells (simplex sizes, regions, termination).
#include "physics/distance.h"

#include "oracle_support.h"

#include <QtTest>

#include <cmath>

using namespace phys;
namespace bg = boost::geometry;

namespace {

bool near(Vec2 a, Vec2 b, double tol) {
    return distance(a, b) <= tol;
}

/// Distance from a point to a polygon's boundary (Boost), metres.
double toBoundary(Vec2 p, const oracle::BPolygon& polygon) {
    return bg::distance(oracle::toBoost(p), oracle::boundary(polygon));
}

/// A trace is consistent with its result: simplex sizes 1..3, the reduced simplex is the region's, the
/// iteration count is the support queries made, and the last iteration is where the loop stopped.
bool traceConsistent(const DistanceTrace& trace, const DistanceOutput& out) {
    if (trace.iterations.empty() || int(trace.iterations.size()) < out.iterations) {
        return false;
    }
    for (const GjkIteration& it : trace.iterations) {
        if (it.simplex.count < 1 || it.simplex.count > 3 || it.reduced.count > it.simplex.count) {
            return false;
        }
        const bool vertex = it.region == SimplexRegion::Vertex0 || it.region == SimplexRegion::Vertex1 ||
                            it.region == SimplexRegion::Vertex2;
        const int expected = vertex ? 1 : (it.region == SimplexRegion::Interior ? 3 : 2);
        if (it.reduced.count != expected) {
            return false;
        }
    }
    const GjkIteration& last = trace.iterations.back();
    return (trace.termination == GjkTermination::DuplicateSupport) == last.duplicate;
}

} // namespace

class TstGjkOracle : public QObject {
    Q_OBJECT

private slots:
    void polygonPairsMatchBoostDistance() {
        oracle::ShapeSource source(1403);
        int separated = 0;
        double worst = 0.0;
        while (separated < 4000) {
            const Polygon a = source.polygon();
            const Polygon b = source.polygon();
            const Transform xfA = source.placement();
            // Half the pairs near each other (small gaps, the hard cases), half anywhere.
            const Transform xfB = separated % 2 == 0 ? source.near(xfA, oracle::ShapeSource::radius(a),
                                                                   oracle::ShapeSource::radius(b))
                                                     : source.placement();
            const oracle::BPolygon ba = oracle::toBoost(a, xfA), bb = oracle::toBoost(b, xfB);
            const double expected = bg::distance(ba, bb);
            if (expected <= 1e-6) {
                continue; // overlapping or touching: EPA's and SAT's business (tst_epa)
            }
            ++separated;
            DistanceTrace trace;
            const DistanceOutput out = shapeDistance(makeProxy(a), xfA, makeProxy(b), xfB, true, &trace);
            worst = std::max(worst, std::abs(out.distance - expected));
            QVERIFY2(std::abs(out.distance - expected) <= 1e-9, qPrintable(QStringLiteral("GJK %1, Boost %2")
                                                                               .arg(out.distance, 0, 'g', 17)
                                                                               .arg(expected, 0, 'g', 17)));
            QVERIFY(toBoundary(out.pointA, ba) <= 1e-9);
            QVERIFY(toBoundary(out.pointB, bb) <= 1e-9);
            QVERIFY(std::abs(distance(out.pointA, out.pointB) - out.distance) <= 1e-9);
            QVERIFY(near(out.normal, (out.pointB - out.pointA) / out.distance, 1e-9));
            QVERIFY(traceConsistent(trace, out));
            QVERIFY(trace.termination != GjkTermination::Overlap &&
                    trace.termination != GjkTermination::MaxIterations);
            // The traced call and the untraced call agree exactly.
            const DistanceOutput plain = shapeDistance(makeProxy(a), xfA, makeProxy(b), xfB, true);
            QCOMPARE(plain.distance, out.distance);
            QCOMPARE(plain.pointA, out.pointA);
        }
        qInfo("4000 separated polygon pairs; worst |GJK - Boost| = %.3g m", worst);
    }

    void circlesAreCorePlusRadius() {
        oracle::ShapeSource source(1404);
        int separated = 0;
        while (separated < 2000) {
            const Polygon a = source.polygon();
            const Circle c = source.circle();
            const Transform xfA = source.placement();
            const Transform xfB = source.near(xfA, oracle::ShapeSource::radius(a), c.radius);
            const oracle::BPolygon ba = oracle::toBoost(a, xfA);
            const Vec2 centre = transformPoint(xfB, c.center);
            const double expected = bg::distance(oracle::toBoost(centre), ba) - c.radius;
            if (expected <= 1e-6) {
                continue;
            }
            ++separated;
            const DistanceOutput out = shapeDistance(makeProxy(a), xfA, makeProxy(c), xfB, true);
            QVERIFY(std::abs(out.distance - expected) <= 1e-9);
            QVERIFY(toBoundary(out.pointA, ba) <= 1e-9);
            QVERIFY(std::abs(distance(out.pointB, centre) - c.radius) <= 1e-9); // on the circle
            QVERIFY(std::abs(distance(out.pointA, out.pointB) - out.distance) <= 1e-9);
            // Swapped: the same distance, the normal turned round.
            const DistanceOutput swapped = shapeDistance(makeProxy(c), xfB, makeProxy(a), xfA, true);
            QVERIFY(std::abs(swapped.distance - expected) <= 1e-9);
            QVERIFY(near(swapped.normal, -out.normal, 1e-9));
        }
        int pairs = 0;
        while (pairs < 1000) {
            const Circle c1 = source.circle(), c2 = source.circle();
            const Transform xf1 = source.placement(), xf2 = source.placement();
            const Vec2 p1 = transformPoint(xf1, c1.center), p2 = transformPoint(xf2, c2.center);
            const double expected = distance(p1, p2) - c1.radius - c2.radius;
            if (expected <= 1e-6) {
                continue;
            }
            ++pairs;
            const DistanceOutput out = shapeDistance(makeProxy(c1), xf1, makeProxy(c2), xf2, true);
            QVERIFY(std::abs(out.distance - expected) <= 1e-9);
            QVERIFY(near(out.normal, normalize(p2 - p1), 1e-12));
        }
    }

    void overlapIsReportedAsZero() {
        // Overlapping cores: distance 0 and a final simplex that holds the origin (EPA's seed).
        oracle::ShapeSource source(1405);
        int overlapping = 0;
        while (overlapping < 1000) {
            const Polygon a = source.polygon();
            const Polygon b = source.polygon();
            const Transform xfA = source.placement();
            const Transform xfB =
                source.near(xfA, oracle::ShapeSource::radius(a), oracle::ShapeSource::radius(b));
            const oracle::BPolygon ba = oracle::toBoost(a, xfA), bb = oracle::toBoost(b, xfB);
            if (oracle::intersectionArea(ba, bb) < 1e-6) {
                continue;
            }
            ++overlapping;
            DistanceTrace trace;
            const DistanceOutput out = shapeDistance(makeProxy(a), xfA, makeProxy(b), xfB, true, &trace);
            QCOMPARE(out.distance, 0.0);
            QVERIFY(trace.termination == GjkTermination::Overlap);
            QVERIFY(traceConsistent(trace, out));
        }
    }
};

QTEST_APPLESS_MAIN(TstGjkOracle)
#include "tst_gjk_oracle.moc"
