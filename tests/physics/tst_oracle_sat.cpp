/// @file tst_oracle_sat.cpp
/// The Separating Axis Theorem against Boost.Geometry on seeded random convex polygons and circles:
/// - overlap exactly when Boost.Geometry says the shapes intersect (pairs touching within 1e-9 are skipped
/// and
///   counted);
/// - the MTV is the penetration depth: moving B by depth * normal leaves no intersection area, moving it by
///   0.99 depth * normal still does, and the depth equals the independent one from the Minkowski difference
///   (polygons) or from the centre's distance to the polygon (circles).

#include "oracle_support.h"

#include "physics/collide.h"
#include "physics/sat.h"

#include <QtTest>

#include <algorithm>

using namespace oracle;
using phys::Circle;
using phys::Polygon;
using phys::SatResult;
using phys::Transform;
using phys::Vec2;

namespace {

/// Pairs of each kind. The brief asks for at least 10,000.
constexpr int kPairCount = 12000;
/// Absolute tolerance for lengths, metres (shapes are 0.1..3 m within 20 m: round-off is ~1e-14).
constexpr double kLengthTolerance = 1e-9;
/// Relative tolerance for areas, as a fraction of the smaller shape's area.
constexpr double kAreaTolerance = 1e-9;

bool sameResult(const SatResult& x, const SatResult& y) {
    return x.separated == y.separated && x.owner == y.owner && x.edge == y.edge && x.normal == y.normal &&
           x.depth == y.depth;
}

QString describe(int pair, const SatResult& sat) {
    return QStringLiteral("pair %1: separated %2, normal (%3, %4), depth %5")
        .arg(pair)
        .arg(sat.separated)
        .arg(sat.normal.x, 0, 'g', 17)
        .arg(sat.normal.y, 0, 'g', 17)
        .arg(sat.depth, 0, 'g', 17);
}

} // namespace

class TestOracleSat : public QObject {
    Q_OBJECT

private slots:
    void polygonPairs();
    void polygonCirclePairs();
};

void TestOracleSat::polygonPairs() {
    ShapeSource source(20260101);
    int overlapping = 0;
    int separated = 0;
    int skipped = 0;
    int nearTies = 0;
    int overlayNoise = 0; // disjoint by bg::distance, yet bg::intersection returned an area
    int measurable = 0;   // overlapping pairs whose 0.99 * depth translation leaves a measurable area
    double worstExcess = 0.0;

    for (int pair = 0; pair < kPairCount; ++pair) {
        const Polygon a = source.polygon();
        const Polygon b = source.polygon();
        const Transform xfA = source.placement();
        const Transform xfB = source.near(xfA, ShapeSource::radius(a), ShapeSource::radius(b));

        const SatResult sat = phys::satPolygons(a, xfA, b, xfB);
        phys::SatTrace trace;
        const SatResult traced = phys::satPolygons(a, xfA, b, xfB, 0.0, &trace);
        QVERIFY2(sameResult(sat, traced), qPrintable(describe(pair, sat)));

        const BPolygon pa = toBoost(a, xfA);
        const BPolygon pb = toBoost(b, xfB);
        const double minArea = std::min(bg::area(pa), bg::area(pb));
        const double distance = bg::distance(pa, pb);
        const double area = intersectionArea(pa, pb);
        if (distance <= kLengthTolerance && area <= kAreaTolerance * minArea) {
            ++skipped; // touching within 1e-9: either answer is right
            continue;
        }
        const bool intersects = bg::intersects(pa, pb);
        if (distance > kLengthTolerance) {
            QVERIFY(!intersects);
            QVERIFY2(sat.separated, qPrintable(describe(pair, sat)));
            // A separating axis proves a gap no larger than the true distance.
            QVERIFY2(-sat.depth <= distance + kLengthTolerance, qPrintable(describe(pair, sat)));
            ++separated;
            continue;
        }
        QVERIFY(intersects);
        QVERIFY2(!sat.separated, qPrintable(describe(pair, sat)));
        ++overlapping;
        QVERIFY(std::abs(phys::length(sat.normal) - 1.0) < 1e-12);
        QVERIFY(sat.depth > 0.0);

        // Moving B by the MTV separates the shapes; moving it by 99% of it does not.
        // Boost.Geometry 1.74's overlay (intersection) is unreliable for polygons that touch or nearly touch
        // along an edge: on this suite's pair 290 (B inside A's box) it returns B whole, 2.53 m^2, both at
        // the exact MTV and 1e-9 m short of it (1.5e-11 m^2 at 1e-6 m short); on pair 1483 it returns
        // a 6.3e-11 m^2 sliver for shapes its own bg::distance puts 1e-9 m apart. So B is moved by depth +
        // 1e-9 m and must then be disjoint by bg::intersects / bg::distance (exact predicates, no overlay):
        // an MTV short by more than 1e-9 m fails. The overlay's area is still required below 1e-9 of the
        // smaller area, except where bg::distance proves the shapes disjoint (counted as overlay noise).
        const BPolygon moved = toBoost(b, xfB, (sat.depth + kLengthTolerance) * sat.normal);
        QVERIFY2(!bg::intersects(pa, moved) && bg::distance(pa, moved) > 0.0,
                 qPrintable(describe(pair, sat)));
        if (intersectionArea(pa, moved) > kAreaTolerance * minArea) {
            ++overlayNoise;
        }
        // 99% of the MTV does not separate them. This holds for the least-overlap axis: its depth * normal is
        // the point of the Minkowski difference's boundary nearest the origin, on the face with that normal,
        // so the ray from the origin along the normal leaves the difference there. It need not hold when the
        // near-tie rule kept A's axis over B's slightly smaller one: that ray may leave through B's face
        // first (seen on pair 3675: depth 0.02361 on A's axis, 0.02314 on B's, disjoint 0.00024 m after 0.99
        // depth). Those pairs are checked against the Minkowski depth below instead.
        if (!trace.nearTieKeptA) {
            const BPolygon short99 = toBoost(b, xfB, 0.99 * sat.depth * sat.normal);
            const double areaShort = intersectionArea(pa, short99);
            if (areaShort > kAreaTolerance * minArea) {
                ++measurable;
            } else {
                // A penetration of 0.01 depth at a vertex leaves an area ~ (0.01 depth)^2, below any area
                // tolerance for small depths: then ask only that the shapes still intersect.
                QVERIFY2(bg::intersects(pa, short99) && bg::distance(pa, short99) == 0.0,
                         qPrintable(describe(pair, sat)));
            }
        }

        // The true penetration depth from the Minkowski difference. SAT may report a larger depth only when
        // its near-tie rule kept A's axis over B's slightly smaller one (sat.h: hysteresis for stable
        // contacts).
        const auto trueDepth = minkowskiDepth(pa, pb);
        QVERIFY2(trueDepth.has_value(), qPrintable(describe(pair, sat)));
        QVERIFY2(
            sat.depth >= *trueDepth - kLengthTolerance,
            qPrintable(describe(pair, sat) + QStringLiteral(", true depth %1").arg(*trueDepth, 0, 'g', 17)));
        double allowed = kLengthTolerance;
        if (trace.nearTieKeptA) {
            ++nearTies;
            allowed += phys::kSatTieAbsolute + phys::kSatTieRelative * sat.depth;
        }
        QVERIFY2(
            sat.depth <= *trueDepth + allowed,
            qPrintable(describe(pair, sat) + QStringLiteral(", true depth %1").arg(*trueDepth, 0, 'g', 17)));
        if (!trace.nearTieKeptA) {
            worstExcess = std::max(worstExcess, std::abs(sat.depth - *trueDepth));
        }
    }

    qInfo("polygon pairs: %d tested, %d overlapping, %d separated, %d skipped as touching within 1e-9",
          kPairCount, overlapping, separated, skipped);
    qInfo("  %d overlapping pairs with a measurable area after 0.99 MTV; %d near-tie pairs kept A's axis",
          measurable, nearTies);
    qInfo("  worst |depth - Minkowski depth| otherwise %.3g m; %d times bg::intersection gave an area for "
          "disjoint shapes",
          worstExcess, overlayNoise);
    QVERIFY(overlapping > kPairCount / 3);
    QVERIFY(separated > kPairCount / 5);
    QVERIFY(skipped <= kPairCount / 1000);
    QVERIFY(measurable > (overlapping - nearTies) * 9 / 10);
    QVERIFY(overlayNoise <= overlapping / 100);
}

void TestOracleSat::polygonCirclePairs() {
    ShapeSource source(20260202);
    int overlapping = 0;
    int separated = 0;
    int skipped = 0;
    int byExactDistance = 0; // within the 256-gon's tolerance band: decided by the exact centre distance
    int shortChecked = 0;    // overlapping pairs deep enough for the 0.99 MTV check with the 256-gon
    double worstDepthError = 0.0;

    for (int pair = 0; pair < kPairCount; ++pair) {
        const Polygon a = source.polygon();
        const Circle circle = source.circle();
        const Transform xfA = source.placement();
        const Transform xfB =
            source.near(xfA, ShapeSource::radius(a), phys::length(circle.center) + circle.radius);

        const SatResult sat = phys::satPolygonCircle(a, xfA, circle, xfB);
        phys::SatTrace trace;
        const SatResult traced = phys::satPolygonCircle(a, xfA, circle, xfB, 0.0, &trace);
        QVERIFY2(sameResult(sat, traced), qPrintable(describe(pair, sat)));

        const BPolygon pa = toBoost(a, xfA);
        const BPolygon pc = circleToBoost(circle, xfB);
        const double minArea = std::min(bg::area(pa), phys::kPi * circle.radius * circle.radius);
        const double gap = circleGap(circle.radius);

        // Exact oracle: the circle's centre against the polygon.
        const Vec2 centre = phys::transformPoint(xfB, circle.center);
        const bool centreInside = bg::covered_by(toBoost(centre), pa);
        const double trueDepth = centreInside ? circle.radius + bg::distance(toBoost(centre), boundary(pa))
                                              : circle.radius - bg::distance(toBoost(centre), pa);
        if (std::abs(trueDepth) <= kLengthTolerance) {
            ++skipped;
            continue;
        }

        // The 256-gon decides when it can: it lies inside the circle, and the circle reaches at most `gap`
        // beyond.
        const double area = intersectionArea(pa, pc);
        const double distance = bg::distance(pa, pc);
        bool overlap = false;
        if (area > kAreaTolerance * minArea) {
            overlap = true;
        } else if (distance > gap + kLengthTolerance) {
            overlap = false;
        } else {
            ++byExactDistance;
            overlap = trueDepth > 0.0;
        }
        QCOMPARE(overlap, trueDepth > 0.0);
        QVERIFY2(sat.separated == !overlap, qPrintable(describe(pair, sat)));
        if (!overlap) {
            ++separated;
            continue;
        }
        ++overlapping;

        // The depth is exact (sat.h), and the normal is a unit vector from the polygon to the circle.
        QVERIFY(std::abs(phys::length(sat.normal) - 1.0) < 1e-12);
        QVERIFY2(
            std::abs(sat.depth - trueDepth) <= kLengthTolerance,
            qPrintable(describe(pair, sat) + QStringLiteral(", true depth %1").arg(trueDepth, 0, 'g', 17)));
        worstDepthError = std::max(worstDepthError, std::abs(sat.depth - trueDepth));

        // Moving the circle by the MTV separates it: its inscribed 256-gon then has no area in common.
        const double areaAfter = intersectionArea(pa, circleToBoost(circle, xfB, sat.depth * sat.normal));
        QVERIFY2(areaAfter <= kAreaTolerance * minArea, qPrintable(describe(pair, sat)));
        // Moving it by 99% leaves the circle 0.01 depth deep; the 256-gon is still in when that exceeds its
        // gap.
        if (0.01 * sat.depth > gap + kLengthTolerance) {
            const BPolygon short99 = circleToBoost(circle, xfB, 0.99 * sat.depth * sat.normal);
            QVERIFY2(bg::intersects(pa, short99) && intersectionArea(pa, short99) > 0.0,
                     qPrintable(describe(pair, sat)));
            ++shortChecked;
        }

        // Circle-polygon (swapped) gives the same contact with the normal flipped.
        const phys::Manifold polygonCircle = phys::collidePolygonCircle(a, xfA, circle, xfB);
        const phys::Manifold circlePolygon = phys::collideCirclePolygon(circle, xfB, a, xfA);
        QCOMPARE(polygonCircle.pointCount, 1);
        QCOMPARE(circlePolygon.pointCount, 1);
        QVERIFY(phys::distance(polygonCircle.normal, -circlePolygon.normal) < 1e-12);
        QVERIFY(std::abs(polygonCircle.points[0].depth - circlePolygon.points[0].depth) < 1e-12);
        QVERIFY(phys::distance(polygonCircle.points[0].point, circlePolygon.points[0].point) < 1e-12);
        QVERIFY(std::abs(polygonCircle.points[0].depth - sat.depth) < 1e-12);
    }

    qInfo("polygon/circle pairs: %d tested, %d overlapping, %d separated, %d skipped as touching within 1e-9",
          kPairCount, overlapping, separated, skipped);
    qInfo("  circle as an inscribed %d-gon, inside the circle by at most r(1 - cos(pi/%d)) = %.3g r",
          kCircleSides, kCircleSides, circleGap(1.0));
    qInfo("  %d pairs fell in that band and were decided by the exact centre distance; %d deep enough for "
          "the 0.99 MTV check; worst depth error %.3g m",
          byExactDistance, shortChecked, worstDepthError);
    QVERIFY(overlapping > kPairCount / 3);
    QVERIFY(separated > kPairCount / 5);
    QVERIFY(skipped <= kPairCount / 1000);
    QVERIFY(shortChecked > overlapping * 9 / 10);
}

QTEST_GUILESS_MAIN(TestOracleSat)
#include "tst_oracle_sat.moc"
