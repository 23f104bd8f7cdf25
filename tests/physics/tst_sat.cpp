// SAT: closed forms, the MTV against the source's world-frame formula, traced == untraced, the early out,
// the near-tie hysteresis, polygon-circle against the exact closest-point distance, circles, AABB tests.
#include "narrow_test_util.h"

#include "physics/sat.h"

#include <QtTest>

using namespace phys;
using namespace narrowtest;

class TstSat : public QObject {
    Q_OBJECT
private slots:
    void boxesClosedForm() {
        // A: 2x2 at the origin; B: 2x2 at (1.5, 0.2). Shadows on x: A [-1, 1], B [0.5, 2.5] -> overlap 0.5;
        // on y: A [-1, 1], B [-0.8, 1.2] -> overlap 1.8. MTV: A's right edge (edge 1, normal +x), depth 0.5.
        const Polygon a = box(2, 2), b = box(2, 2);
        const Transform xfA, xfB{{1.5, 0.2}, Rot()};
        SatTrace trace;
        const SatResult r = satPolygons(a, xfA, b, xfB, 0.0, &trace);
        QVERIFY(!r.separated);
        QCOMPARE(int(r.owner), int(SatAxisOwner::A));
        QCOMPARE(r.edge, 1);
        QVERIFY(near(r.normal, {1, 0}, 1e-15));
        QVERIFY(near(r.depth, 0.5, 1e-15));
        QCOMPARE(trace.axisCount, 8);
        // A's edges: bottom (0,-1), right (1,0), top (0,1), left (-1,0); overlap min(maxA - minB, maxB -
        // minA): bottom: A [-1, 1], B [-1.2, 0.8] -> min(2.2, 1.8) = 1.8 (B leaves A's back way: not facing);
        // right:  A [-1, 1], B [0.5, 2.5]  -> min(0.5, 3.5) = 0.5 (facing);
        // top:    A [-1, 1], B [-0.8, 1.2] -> min(1.8, 2.2) = 1.8 (facing);
        // left:   A [-1, 1], B [-2.5, -0.5] -> min(3.5, 0.5) = 0.5 (not facing).
        const double expectedA[4] = {1.8, 0.5, 1.8, 0.5};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(int(trace.axes[i].owner), int(SatAxisOwner::A));
            QVERIFY2(near(trace.axes[i].overlap, expectedA[i], 1e-12), qPrintable(QString::number(i)));
        }
        // B's edges, on B's outward normals, the same formula by hand:
        // bottom (0,-1): A [-1, 1], B [-1.2, 0.8] -> min(1 + 1.2, 0.8 + 1) = 1.8 (A leaves B's face: facing);
        // right (1,0):   A [-1, 1], B [0.5, 2.5]  -> min(1 - 0.5, 2.5 + 1) = 0.5 (not facing);
        // top (0,1):     A [-1, 1], B [-0.8, 1.2] -> min(1 + 0.8, 1.2 + 1) = 1.8 (not facing);
        // left (-1,0):   A [-1, 1], B [-2.5, -0.5] -> min(1 + 2.5, -0.5 + 1) = 0.5 (facing).
        const double expectedB[4] = {1.8, 0.5, 1.8, 0.5};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(int(trace.axes[4 + i].owner), int(SatAxisOwner::B));
            QVERIFY(near(trace.axes[4 + i].overlap, expectedB[i], 1e-12));
        }
        // A's left edge (0.5, not facing) ties with its right edge (0.5, facing): the facing one is A's best.
        // B's right edge (not facing) ties with its left edge (facing): B's best is the left edge.
        // B's left edge ties exactly with A's right edge: A's axis is kept (preference for A).
        QCOMPARE(trace.mtvAxis, 1);
        QCOMPARE(trace.bestAxisA, 1);
        QCOMPARE(trace.bestAxisB, 7);
        QVERIFY(!trace.nearTieKeptA); // an exact tie is not "B smaller"
    }

    void separatedFirstAndLast() {
        // B far to the right: A's right edge (the 2nd axis) separates; untraced stops there.
        const Polygon a = box(2, 2), b = box(2, 2);
        const Transform xfA, xfB{{3.0, 0.0}, Rot()};
        const SatResult r = satPolygons(a, xfA, b, xfB);
        QVERIFY(r.separated);
        QCOMPARE(r.edge, 1);
        QVERIFY(near(r.depth, -1.0, 1e-15));
        SatTrace partial;
        partial.testAllAxes = false;
        const SatResult rp = satPolygons(a, xfA, b, xfB, 0.0, &partial);
        QCOMPARE(partial.axisCount, 2);
        QCOMPARE(partial.mtvAxis, 1);
        QVERIFY(rp.separated && rp.edge == r.edge && rp.normal == r.normal && rp.depth == r.depth);
        SatTrace all;
        satPolygons(a, xfA, b, xfB, 0.0, &all);
        QCOMPARE(all.axisCount, 8);
        QCOMPARE(all.mtvAxis, 1);

        // Separated only by one of B's axes (the last one tested): a triangle B whose hypotenuse faces A's
        // corner. A: unit square [0,1]^2. B: (2,0.5), (2,2), (0.5,2) - its edge from (2,2) to (0.5,2)... we
        // want the hypotenuse (0.5,2)->(2,0.5) as B's last edge, with normal (-1,-1)/sqrt2.
        // Distance of the line x + y = 2.5 from A's corner (1,1): (2.5 - 2) / sqrt2 = 0.3536.
        // On A's axes B's shadow overlaps A's (x: B [0.5,2] vs A [0,1]; y likewise).
        const Polygon tri = makePolygon({{2.0, 0.5}, {2.0, 2.0}, {0.5, 2.0}});
        const Polygon unit = makePolygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
        SatTrace t;
        const SatResult rt = satPolygons(unit, Transform{}, tri, Transform{}, 0.0, &t);
        QVERIFY(rt.separated);
        QCOMPARE(int(rt.owner), int(SatAxisOwner::B));
        QCOMPARE(rt.edge, 2);
        QCOMPARE(t.mtvAxis, t.axisCount - 1);
        QVERIFY(near(rt.depth, -0.5 / std::sqrt(2.0), 1e-12));
        // The separating axis normal from A to B is -(B's normal) = (1,1)/sqrt2.
        QVERIFY(near(rt.normal, {std::sqrt(0.5), std::sqrt(0.5)}, 1e-12));
        for (int i = 0; i < t.axisCount - 1; ++i) {
            QVERIFY(!t.axes[i].separating);
        }
    }

    void tracedEqualsUntraced() {
        Rng rng(20240611);
        int overlapping = 0;
        for (int k = 0; k < 5000; ++k) {
            const Polygon a = randomPolygon(rng), b = randomPolygon(rng);
            const Transform xfA = randomTransform(rng, 1.0), xfB = randomTransform(rng, 1.0);
            const double spec = (k % 3 == 0) ? 0.05 : 0.0;
            const SatResult plain = satPolygons(a, xfA, b, xfB, spec);
            SatTrace trace;
            const SatResult traced = satPolygons(a, xfA, b, xfB, spec, &trace);
            SatTrace partial;
            partial.testAllAxes = false;
            const SatResult tracedPartial = satPolygons(a, xfA, b, xfB, spec, &partial);
            for (const SatResult* r : {&traced, &tracedPartial}) {
                QCOMPARE(r->separated, plain.separated);
                QCOMPARE(int(r->owner), int(plain.owner));
                QCOMPARE(r->edge, plain.edge);
                QVERIFY(r->normal == plain.normal);
                QCOMPARE(r->depth, plain.depth);
            }
            QCOMPARE(trace.axisCount, a.count() + b.count());
            if (plain.separated) {
                QCOMPARE(partial.axisCount, partial.mtvAxis + 1);
            } else {
                ++overlapping;
                QCOMPARE(partial.axisCount, a.count() + b.count());
            }
            // Every traced overlap agrees with its world shadows.
            for (int i = 0; i < trace.axisCount; ++i) {
                const SatAxis& axis = trace.axes[i];
                const double fromShadows = std::min(axis.maxA - axis.minB, axis.maxB - axis.minA);
                QVERIFY(near(axis.overlap, fromShadows, 1e-10));
                QCOMPARE(axis.separating, axis.overlap < 0.0);
            }
        }
        QVERIFY(overlapping > 1000); // the sample really exercises both outcomes
    }

    void mtvMatchesSourceFormulaAndSeparates() {
        // Independent check: the source's world-frame SAT (symmetric shadow overlap over all edge normals)
        // gives the same least overlap; moving B by (depth + eps) * normal separates the pair, by (depth -
        // eps) does not.
        Rng rng(77);
        int checked = 0, nearTies = 0;
        for (int k = 0; k < 4000; ++k) {
            const Polygon a = randomPolygon(rng), b = randomPolygon(rng);
            const Transform xfA = randomTransform(rng, 0.8), xfB = randomTransform(rng, 0.8);
            SatTrace trace;
            const SatResult r = satPolygons(a, xfA, b, xfB, 0.0, &trace);
            const double source = sourceStyleLeastOverlap(worldVertices(a, xfA), worldVertices(b, xfB));
            if (r.separated) {
                QVERIFY(source < 0.0);
                // The engine and the source measure each axis on both sides (min(maxA - minB, maxB - minA)),
                // so with every axis tested the least overlap (minus the largest gap) is the source's.
                double least = 1e300;
                for (int i = 0; i < trace.axisCount; ++i) {
                    least = std::min(least, trace.axes[i].overlap);
                }
                QVERIFY(least < 0.0);
                QVERIFY(near(least, source, 1e-10));
                // The first separating axis is reported, its normal from A to B: moving B by depth * normal
                // (depth < 0: towards A by the gap) and 1e-7 m more closes that axis's gap to an overlap
                // of 1e-7 m.
                QCOMPARE(trace.mtvAxis, [&] {
                    for (int i = 0; i < trace.axisCount; ++i) {
                        if (trace.axes[i].separating) {
                            return i;
                        }
                    }
                    return -1;
                }());
                Transform closer = xfB;
                closer.p = xfB.p + (r.depth - 1e-7) * r.normal;
                SatTrace after;
                satPolygons(a, xfA, b, closer, 0.0, &after);
                QVERIFY(near(after.axes[trace.mtvAxis].overlap, 1e-7, 1e-9));
                continue;
            }
            ++checked;
            QVERIFY(source >= -1e-12);
            QVERIFY(near(length(r.normal), 1.0, 1e-12));
            Transform moved = xfB;
            moved.p = xfB.p + (r.depth + 1e-7) * r.normal;
            QVERIFY(satPolygons(a, xfA, b, moved).separated);
            if (trace.nearTieKeptA) {
                // The tie rule kept A's axis although B's overlap was smaller, by less than the tolerance.
                ++nearTies;
                const double tolerance = kSatTieAbsolute + kSatTieRelative * r.depth;
                QVERIFY(r.depth >= source - 1e-12 && r.depth <= source + tolerance + 1e-12);
                QVERIFY(near(trace.axes[trace.bestAxisB].overlap, source, 1e-10));
                continue;
            }
            QVERIFY2(near(r.depth, source, 1e-10), qPrintable(QString("%1 vs %2").arg(r.depth).arg(source)));
            moved.p = xfB.p + (r.depth - 1e-7) * r.normal;
            QVERIFY(!satPolygons(a, xfA, b, moved).separated);
        }
        QVERIFY(nearTies > 0);
        QVERIFY(checked > 1000);
    }

    void nearTieKeepsReferenceFace() {
        // A unit box resting 1 cm deep on a unit base box, rocking by tiny angles and sliding a little from
        // frame to frame. The base's top face and the box's bottom face overlap by nearly the same amount
        // (they differ by about angle * offset); the tie rule keeps the base's (A's) face every frame, normal
        // straight up.
        const Polygon ground = box(1, 1), body = box(1, 1);
        const Transform xfGround{{0, -0.5}, Rot()};
        int keptByTolerance = 0;
        for (int frame = 0; frame < 2000; ++frame) {
            const double angle = 2e-4 * std::sin(0.37 * frame);
            const Transform xfBody{{0.3 * std::sin(0.01 * frame), 0.5 - 0.01}, Rot(angle)};
            SatTrace trace;
            const SatResult r = satPolygons(ground, xfGround, body, xfBody, 0.0, &trace);
            QVERIFY(!r.separated);
            QCOMPARE(int(r.owner), int(SatAxisOwner::A));
            QCOMPARE(r.edge, 2);
            QVERIFY(r.normal == Vec2(0.0, 1.0));
            keptByTolerance += trace.nearTieKeptA ? 1 : 0;
            // The clipping reference follows: never flips to the box.
            ClipTrace clip;
            clipPolygons(ground, xfGround, body, xfBody, r.normal, r.owner, 0.0, &clip);
            QVERIFY(!clip.flip);
        }
        // In about half of the frames B's overlap was the smaller one: only the tolerance kept A.
        QVERIFY(keptByTolerance > 500);

        // The same with the roles swapped (the box is A): A's bottom face is kept, the normal points down.
        for (int frame = 0; frame < 2000; ++frame) {
            const double angle = 2e-4 * std::sin(0.37 * frame);
            const Transform xfBody{{0.3 * std::cos(0.01 * frame), 0.49}, Rot(angle)};
            const SatResult r = satPolygons(body, xfBody, ground, xfGround);
            QCOMPARE(int(r.owner), int(SatAxisOwner::A));
            QCOMPARE(r.edge, 0);
            QVERIFY(near(r.normal, {0, -1}, 1e-3));
        }
    }

    void clearWinnerOnB() {
        // A: a unit box tilted 30 degrees with a corner 0.1 m into the ground B. The ground's top face
        // overlaps 0.1; every face of the tilted box overlaps more, so B's axis wins: normal from A to B =
        // (0,-1).
        const Polygon body = box(1, 1), ground = box(10, 1);
        const double angle = kPi / 6;
        const double halfDiagonalY = 0.5 * (std::cos(angle) + std::sin(angle)); // lowest corner below centre
        const Transform xfBody{{0, halfDiagonalY - 0.1}, Rot(angle)};
        const Transform xfGround{{0, -0.5}, Rot()};
        const SatResult r = satPolygons(body, xfBody, ground, xfGround);
        QVERIFY(!r.separated);
        QCOMPARE(int(r.owner), int(SatAxisOwner::B));
        QCOMPARE(r.edge, 2);
        QVERIFY(near(r.normal, {0, -1}, 1e-15));
        QVERIFY(near(r.depth, 0.1, 1e-12));
    }

    void polygonCircleExactInEveryRegion() {
        // The SAT depth equals the exact one: r - dist(centre, polygon) outside, r + dist(centre, boundary)
        // inside; outside, the normal is the unit vector from the closest polygon point to the centre.
        // Centres are drawn both at random and deliberately in vertex Voronoi regions.
        Rng rng(4242);
        int vertexRegion = 0, inside = 0;
        for (int k = 0; k < 6000; ++k) {
            const Polygon p = randomPolygon(rng);
            const Transform xfP = randomTransform(rng, 2.0);
            const std::vector<Vec2> world = worldVertices(p, xfP);
            Vec2 centre;
            if (k % 2 == 0) {
                // A vertex region: between the two adjacent edge normals of vertex i.
                const int i = rng.integer(0, p.count() - 1);
                const Vec2 n0 = rotate(xfP.q, p.normal(p.prev(i))), n1 = rotate(xfP.q, p.normal(i));
                const double t = rng.uniform(0.05, 0.95);
                const Vec2 dir = normalize((1 - t) * n0 + t * n1);
                centre = world[std::size_t(i)] + rng.uniform(0.01, 1.0) * dir;
            } else {
                centre = {rng.uniform(-4, 4), rng.uniform(-4, 4)};
            }
            const Circle c{{0, 0}, rng.uniform(0.05, 1.5)};
            const Transform xfC{centre, Rot(rng.uniform(-3, 3))};

            Vec2 closest;
            const double boundary = boundaryDistance(world, centre, &closest);
            const bool in = insideConvex(world, centre);
            const double exactDepth = in ? c.radius + boundary : c.radius - boundary;

            SatTrace trace;
            const SatResult r = satPolygonCircle(p, xfP, c, xfC, 0.0, &trace);
            const SatResult plain = satPolygonCircle(p, xfP, c, xfC);
            QCOMPARE(plain.separated, r.separated);
            QCOMPARE(plain.separated, exactDepth < 0.0);
            // With every axis tested, the largest gap is the exact one as well.
            double least = 1e300;
            for (int i = 0; i < trace.axisCount; ++i) {
                least = std::min(least, trace.axes[i].overlap);
            }
            QVERIFY2(near(least, exactDepth, 1e-9),
                     qPrintable(QString("k=%1 %2 vs %3").arg(k).arg(least).arg(exactDepth)));
            if (r.separated) {
                continue;
            }
            QVERIFY(plain.normal == r.normal && plain.depth == r.depth);
            QVERIFY(near(r.depth, exactDepth, 1e-9));
            if (!in && boundary > 1e-6) {
                QVERIFY(near(r.normal, (centre - closest) / boundary, 1e-9));
                if (k % 2 == 0) {
                    ++vertexRegion;
                    QCOMPARE(int(r.owner), int(SatAxisOwner::Circle));
                }
            }
            if (in) {
                ++inside;
            }
        }
        QVERIFY(vertexRegion > 1000);
        QVERIFY(inside > 100);
    }

    void polygonCircleSourceAxis() {
        // Unit square [0,1]^2 and a circle of radius 0.6 at (1.3, 1.4): the centre is in the corner (1,1)'s
        // region at distance 0.5 from it: depth 0.1, normal (0.6, 0.8).
        const Polygon unit = makePolygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
        const Circle c{{0, 0}, 0.6};
        SatTrace trace;
        const SatResult r = satPolygonCircle(unit, Transform{}, c, Transform{{1.3, 1.4}, Rot()}, 0.0, &trace);
        QVERIFY(!r.separated);
        QCOMPARE(int(r.owner), int(SatAxisOwner::Circle));
        QCOMPARE(r.edge, 2); // vertex (1,1)
        QVERIFY(near(r.normal, {0.6, 0.8}, 1e-12));
        QVERIFY(near(r.depth, 0.1, 1e-12));
        QCOMPARE(trace.axisCount, 5);
        QCOMPARE(trace.circleAxis, 4);
        // Edge normals alone would say overlap 0.3 (right edge: 1 - (1.3 - 0.6)) - the corner axis is needed.
        QVERIFY(near(trace.axes[1].overlap, 0.3, 1e-12));
    }

    void polygonCircleGapBehindAFace() {
        // Unit square [0,1]^2 and a circle of radius 0.2 at (0.5, 2). The first axis, the bottom edge's
        // normal (0,-1), already shows the gap: square [-1, 0], circle [-2.2, -1.8] -> min(0 + 2.2, -1.8 + 1)
        // = -0.8. The circle lies on the -n side, so the normal from A to B is (0,1); the untraced call stops
        // there.
        const Polygon unit = makePolygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
        const Circle c{{0, 0}, 0.2};
        const Transform xfC{{0.5, 2.0}, Rot()};
        SatTrace partial;
        partial.testAllAxes = false;
        const SatResult r = satPolygonCircle(unit, Transform{}, c, xfC, 0.0, &partial);
        const SatResult plain = satPolygonCircle(unit, Transform{}, c, xfC);
        QVERIFY(r.separated && plain.separated);
        QCOMPARE(partial.axisCount, 1);
        QCOMPARE(partial.mtvAxis, 0);
        QVERIFY(near(partial.axes[0].minA, -1.0, 1e-15) && near(partial.axes[0].maxA, 0.0, 1e-15));
        QVERIFY(near(partial.axes[0].minB, -2.2, 1e-15) && near(partial.axes[0].maxB, -1.8, 1e-15));
        QVERIFY(near(partial.axes[0].overlap, -0.8, 1e-15));
        QVERIFY(partial.axes[0].separating);
        for (const SatResult* x : {&r, &plain}) {
            QCOMPARE(int(x->owner), int(SatAxisOwner::A));
            QCOMPARE(x->edge, 0);
            QVERIFY(near(x->normal, {0, 1}, 1e-15));
            QVERIFY(near(x->depth, -0.8, 1e-15));
        }
        QVERIFY(r.normal == plain.normal && r.depth == plain.depth);
    }

    void circles() {
        const Circle a{{0, 0}, 1.0}, b{{0.5, 0}, 0.5};
        // Centres (1,1) and (4,5): distance 5; radii 3 and 2.5 -> depth 0.5, normal (0.6, 0.8).
        SatResult r = satCircles(Circle{{0, 0}, 3.0}, Transform{{1, 1}, Rot()}, Circle{{0, 0}, 2.5},
                                 Transform{{4, 5}, Rot()});
        QVERIFY(!r.separated);
        QVERIFY(near(r.normal, {0.6, 0.8}, 1e-15));
        QVERIFY(near(r.depth, 0.5, 1e-15));
        // Radii 1 and 3 at the same centres: a gap of 1.
        QVERIFY(
            satCircles(a, Transform{{1, 1}, Rot()}, Circle{{0, 0}, 3.0}, Transform{{4, 5}, Rot()}).separated);
        // Local centre offsets are rotated by the transform: b's centre (0.5,0) rotated 90 deg -> (0, 0.5).
        r = satCircles(a, Transform{}, b, Transform{{0, 1}, Rot(kPi / 2)});
        QVERIFY(near(r.normal, {0, 1}, 1e-12));
        QVERIFY(near(r.depth, 1.5 - 1.5, 1e-12));
        // Coincident centres: fallback +y, depth = rA + rB.
        r = satCircles(a, Transform{}, Circle{{0, 0}, 0.25}, Transform{});
        QVERIFY(r.normal == Vec2(0.0, 1.0));
        QCOMPARE(r.depth, 1.25);
        // A gap of 0.1: separated, unless the speculative distance covers it.
        const Transform far{{2.6, 0}, Rot()};
        QVERIFY(satCircles(a, Transform{}, Circle{{0, 0}, 1.5}, far).separated);
        r = satCircles(a, Transform{}, Circle{{0, 0}, 1.5}, far, 0.2);
        QVERIFY(!r.separated);
        QVERIFY(near(r.depth, -0.1, 1e-12));
    }

    void aabbFastPaths() {
        const AABB a{{0, 0}, {2, 1}}, b{{1.5, 0.5}, {3, 3}}, c{{2.5, 0}, {3, 1}};
        AabbOverlap o = aabbOverlap(a, b);
        QVERIFY(o.overlapping);
        QVERIFY(near(o.overlapX, 0.5, 1e-15));
        QVERIFY(near(o.overlapY, 0.5, 1e-15));
        o = aabbOverlap(a, c);
        QVERIFY(!o.overlapping);
        QVERIFY(near(o.overlapX, -0.5, 1e-15));
        // Touching counts.
        QVERIFY(aabbOverlap(a, AABB{{2, 1}, {3, 2}}).overlapping);

        // Circle at (3, 2) radius 1.5: closest box point (2, 1), distance^2 = 2 <= 2.25 -> overlap.
        AabbCircleTest t = aabbCircle(a, {3, 2}, 1.5);
        QVERIFY(t.closestPoint == Vec2(2.0, 1.0));
        QCOMPARE(t.distanceSquared, 2.0);
        QVERIFY(t.overlapping);
        // Radius 1.4: 1.96 < 2 -> no overlap, although the circle's own AABB overlaps the box.
        QVERIFY(!aabbCircle(a, {3, 2}, 1.4).overlapping);
        // Centre inside: closest point is the centre itself.
        t = aabbCircle(a, {1, 0.5}, 0.1);
        QVERIFY(t.closestPoint == Vec2(1.0, 0.5));
        QVERIFY(t.overlapping);
    }
};

QTEST_GUILESS_MAIN(TstSat)
#include "tst_sat.moc"
