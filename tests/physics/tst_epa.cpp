// EPA against SAT and Boost.Geometry on thousands of seeded overlapping pairs: the depth equals the least
// overlap over SAT's axes and Boost's Minkowski-difference depth to 1e-9; where the least overlap is unique
// the normal equals SAT's MTV normal to 1e-9, and clipping with EPA's normal gives SAT's manifold. Circles
// (core plus radius) against satPolygonCircle and satCircles. The 1- and 2-point GJK seeds by construction.
#include "physics/collide.h"
#include "physics/epa.h"
#include "physics/polygon_factory.h"

#include "oracle_support.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace phys;

namespace {

/// The least overlap over every axis SAT tested, the A-to-B normal on that axis, and whether any other axis
/// (or the other direction on the same axis) comes within `margin` of it.
struct LeastOverlap {
    double depth = std::numeric_limits<double>::infinity();
    Vec2 normal;
    bool unique = true;
};

LeastOverlap leastOverlap(const SatTrace& trace, double margin) {
    LeastOverlap best;
    for (int i = 0; i < trace.axisCount; ++i) {
        const SatAxis& axis = trace.axes[i];
        const double forward = axis.maxA - axis.minB; // push B along +normal
        const double backward = axis.maxB - axis.minA;
        if (axis.overlap < best.depth) {
            best.depth = axis.overlap;
            best.normal = forward <= backward ? axis.normal : -axis.normal;
        }
    }
    for (int i = 0; i < trace.axisCount; ++i) {
        const SatAxis& axis = trace.axes[i];
        const double forward = axis.maxA - axis.minB, backward = axis.maxB - axis.minA;
        for (const auto& [overlap, n] :
             {std::pair{forward, axis.normal}, std::pair{backward, -axis.normal}}) {
            if (overlap < best.depth + margin && distance(n, best.normal) > 1e-6) {
                best.unique = false;
            }
        }
    }
    return best;
}

bool near(Vec2 a, Vec2 b, double tol) {
    return distance(a, b) <= tol;
}

} // namespace

class TstEpa : public QObject {
    Q_OBJECT

private slots:
    void polygonPairsMatchSatAndBoost() {
        oracle::ShapeSource source(1401);
        int overlapping = 0, uniqueCount = 0, manifolds = 0, seeds[4] = {0, 0, 0, 0};
        while (overlapping < 3000) {
            const Polygon a = source.polygon();
            const Polygon b = source.polygon();
            const Transform xfA = source.placement();
            const Transform xfB =
                source.near(xfA, oracle::ShapeSource::radius(a), oracle::ShapeSource::radius(b));
            SatTrace sat;
            const SatResult satResult = satPolygons(a, xfA, b, xfB, 0.0, &sat);
            if (satResult.separated) {
                continue;
            }
            ++overlapping;
            DistanceTrace gjkTrace;
            EpaTrace epaTrace;
            const PenetrationOutput pen = gjkEpaPenetration(a, xfA, b, xfB, &gjkTrace, &epaTrace);
            QVERIFY(pen.coresOverlap);
            ++seeds[pen.gjk.simplex.count];
            QVERIFY(pen.epa.termination == EpaTermination::Converged ||
                    pen.epa.termination == EpaTermination::DuplicateSupport);
            // Depth: the least overlap of all SAT's axes, and Boost's depth from the Minkowski difference.
            const LeastOverlap least = leastOverlap(sat, 1e-6);
            QVERIFY2(std::abs(pen.depth - least.depth) <= 1e-9,
                     qPrintable(QStringLiteral("EPA %1, SAT %2")
                                    .arg(pen.depth, 0, 'g', 17)
                                    .arg(least.depth, 0, 'g', 17)));
            const std::optional<double> boost =
                oracle::minkowskiDepth(oracle::toBoost(a, xfA), oracle::toBoost(b, xfB));
            QVERIFY(boost.has_value());
            QVERIFY(std::abs(pen.depth - *boost) <= 1e-9);
            // SAT's own MTV has the same depth unless its hysteresis kept A's axis over a slightly smaller B.
            if (!sat.nearTieKeptA) {
                QVERIFY(std::abs(satResult.depth - pen.depth) <= 1e-9);
            }
            // The witness points: pointA - pointB = depth * normal.
            QVERIFY(near(pen.pointA - pen.pointB, pen.depth * pen.normal, 1e-9));
            if (!least.unique || sat.nearTieKeptA) {
                continue;
            }
            ++uniqueCount;
            QVERIFY(near(pen.normal, least.normal, 1e-9));
            QVERIFY(near(pen.normal, satResult.normal, 1e-9));
            QVERIFY(pen.owner == satResult.owner);
            QCOMPARE(pen.edge, satResult.edge);
            // EPA's normal handed to the clipping step gives SAT's manifold.
            const Manifold fromSat = collidePolygons(a, xfA, b, xfB);
            const Manifold fromEpa = clipPolygons(a, xfA, b, xfB, pen.normal, pen.owner);
            QCOMPARE(fromEpa.pointCount, fromSat.pointCount);
            QVERIFY(near(fromEpa.normal, fromSat.normal, 1e-9));
            for (int i = 0; i < fromSat.pointCount; ++i) {
                QVERIFY(near(fromEpa.points[i].point, fromSat.points[i].point, 1e-9));
                QVERIFY(std::abs(fromEpa.points[i].depth - fromSat.points[i].depth) <= 1e-9);
                QCOMPARE(fromEpa.points[i].id.key(), fromSat.points[i].id.key());
            }
            ++manifolds;
            // Traced and untraced calls agree exactly.
            const PenetrationOutput untraced = gjkEpaPenetration(a, xfA, b, xfB);
            QCOMPARE(untraced.depth, pen.depth);
            QCOMPARE(untraced.normal, pen.normal);
            // The trace: the closest distance never shrinks, and brackets the depth.
            double previous = -1.0;
            for (const EpaIteration& it : epaTrace.iterations) {
                QVERIFY(it.distance >= previous - 1e-12);
                QVERIFY(it.distance <= pen.depth + 1e-12 && pen.depth <= it.supportDistance + 1e-12);
                previous = it.distance;
            }
            QVERIFY(epaTrace.iterations.back().last);
        }
        QVERIFY2(uniqueCount > 2500, qPrintable(QString::number(uniqueCount)));
        QCOMPARE(manifolds, uniqueCount);
        qInfo("%d overlapping pairs, %d with a unique least overlap; GJK seeds: %d triangles, %d segments, "
              "%d points",
              overlapping, uniqueCount, seeds[3], seeds[2], seeds[1]);
    }

    void circlesAreCorePlusRadius() {
        oracle::ShapeSource source(1402);
        int polygonCircle = 0, circleCircle = 0, centreInside = 0;
        while (polygonCircle < 2000) {
            const Polygon a = source.polygon();
            const Circle c = source.circle();
            const Transform xfA = source.placement();
            const Transform xfB = source.near(xfA, oracle::ShapeSource::radius(a), c.radius);
            const SatResult sat = satPolygonCircle(a, xfA, c, xfB);
            if (sat.separated) {
                continue;
            }
            ++polygonCircle;
            const PenetrationOutput pen = gjkEpaPenetration(a, xfA, c, xfB);
            centreInside += pen.coresOverlap;
            QVERIFY(std::abs(pen.depth - sat.depth) <= 1e-9);
            QVERIFY(near(pen.normal, sat.normal, 1e-9));
            // The other order: the normal turns round, the depth stays.
            const PenetrationOutput swapped = gjkEpaPenetration(c, xfB, a, xfA);
            QVERIFY(std::abs(swapped.depth - sat.depth) <= 1e-9);
            QVERIFY(near(swapped.normal, -sat.normal, 1e-9));
        }
        QVERIFY(centreInside > 200);
        while (circleCircle < 1000) {
            const Circle c1 = source.circle(), c2 = source.circle();
            const Transform xf1 = source.placement();
            const Transform xf2 = source.near(xf1, c1.radius, c2.radius);
            const SatResult sat = satCircles(c1, xf1, c2, xf2);
            if (sat.separated) {
                continue;
            }
            ++circleCircle;
            const PenetrationOutput pen = gjkEpaPenetration(c1, xf1, c2, xf2);
            QVERIFY(std::abs(pen.depth - sat.depth) <= 1e-9);
            QVERIFY(near(pen.normal, sat.normal, 1e-9));
        }
        // Coincident centres: no direction is better; SAT's fallback +y, depth the sum of the radii.
        const PenetrationOutput same = gjkEpaPenetration(Circle{{0, 0}, 0.5}, Transform{{1, 2}, Rot(0.3)},
                                                         Circle{{0, 0}, 0.25}, Transform{{1, 2}, Rot(-1.0)});
        QVERIFY(same.epa.termination == EpaTermination::Degenerate);
        QCOMPARE(same.normal, (Vec2{0, 1}));
        QVERIFY(std::abs(same.depth - 0.75) <= 1e-15);
    }

    void segmentAndPointSeeds() {
        const Polygon box = factory::square(2.0).value(); // [-1, 1]^2, vertices from (-1, -1) CCW
        const Transform xfA{{0, 0}, Rot(0.0)}, xfB{{0.5, 0}, Rot(0.0)};
        const DistanceProxy pa = makeProxy(box), pb = makeProxy(box);
        auto indexOf = [&box](Vec2 v) {
            for (int i = 0; i < box.count(); ++i) {
                if (box.vertex(i) == v) {
                    return i;
                }
            }
            return -1;
        };
        // A segment of D through the origin: (1, 1) - (1.5, 1) = (-0.5, 0) and (1, 1) - (-0.5, 1) = (1.5, 0)
        // (B's local vertices (1, 1) and (-1, 1)). The overlap is 1.5 along +x.
        Simplex two;
        two.count = 2;
        two.v[0].indexA = indexOf({1, 1});
        two.v[0].indexB = indexOf({1, 1});
        two.v[1].indexA = indexOf({1, 1});
        two.v[1].indexB = indexOf({-1, 1});
        EpaTrace trace;
        const EpaOutput e2 = epaPenetration(pa, xfA, pb, xfB, two, &trace);
        QCOMPARE(trace.seedCount, 2);
        QCOMPARE(int(trace.seedAdded.size()), 1);
        QVERIFY(std::abs(e2.depth - 1.5) <= 1e-12);
        QVERIFY(near(e2.normal, {1, 0}, 1e-12));
        QVERIFY(e2.owner == SatAxisOwner::A);
        QCOMPARE(e2.edge, 1); // A's edge from (1, -1) to (1, 1)

        // A point seed: a triangle with a vertex on A's corner (1, 1), reaching into A.
        const Polygon tri = Polygon::make(std::vector<Vec2>{{1, 1}, {-0.6, 0.3}, {0.2, -0.5}}).value();
        Simplex one;
        one.count = 1;
        one.v[0].indexA = indexOf({1, 1});
        for (int i = 0; i < tri.count(); ++i) {
            if (tri.vertex(i) == Vec2{1, 1}) {
                one.v[0].indexB = i;
            }
        }
        const Transform origin{{0, 0}, Rot(0.0)};
        const EpaOutput e1 = epaPenetration(pa, origin, makeProxy(tri), origin, one, &trace);
        QCOMPARE(trace.seedCount, 1);
        QCOMPARE(int(trace.seedAdded.size()), 2);
        SatTrace sat;
        satPolygons(box, origin, tri, origin, 0.0, &sat);
        const LeastOverlap least = leastOverlap(sat, 1e-6);
        QVERIFY(std::abs(e1.depth - least.depth) <= 1e-12);
        QVERIFY(least.unique);
        QVERIFY(near(e1.normal, least.normal, 1e-12));

        // Touching at a corner: GJK ends on the origin, EPA answers depth 0.
        const PenetrationOutput touching =
            gjkEpaPenetration(box, Transform{{0, 0}, Rot(0)}, box, Transform{{2, 2}, Rot(0)});
        QVERIFY(std::abs(touching.depth) <= 1e-12);
        QCOMPARE(QString(toString(EpaTermination::Converged)), QStringLiteral("converged"));
    }
};

QTEST_APPLESS_MAIN(TstEpa)
#include "tst_epa.moc"
