// The three contact methods on the classic cases, computed by hand, showing where deepest-vertices and
// vertex-edge differ from clipping. Ground A is 4 x 1 with its top face on y = 0 unless said otherwise.
#include "narrow_test_util.h"

#include "physics/clip.h"
#include "physics/collide.h"

#include <QtTest>

using namespace phys;
using namespace narrowtest;

namespace {

FeatureId fid(int indexA, int typeA, int indexB, int typeB) {
    return FeatureId{std::uint8_t(indexA), std::uint8_t(indexB), std::uint8_t(typeA), std::uint8_t(typeB)};
}

struct ThreeWays {
    Manifold clipping, deepest, vertexEdge;
    CollideTrace deepestTrace, vertexEdgeTrace;
};

ThreeWays collideThreeWays(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB) {
    ThreeWays r;
    r.clipping = collidePolygons(a, xfA, b, xfB, ContactMethod::Clipping);
    r.deepest = collidePolygons(a, xfA, b, xfB, ContactMethod::DeepestVertices, 0.0, &r.deepestTrace);
    r.vertexEdge = collidePolygons(a, xfA, b, xfB, ContactMethod::VertexEdge, 0.0, &r.vertexEdgeTrace);
    return r;
}

} // namespace

class TstContactMethods : public QObject {
    Q_OBJECT
private slots:
    void boxFlatOnBox() {
        // Box B spans x in [0, 1], bottom at y = -0.05 (depth 0.05).
        // clipping: both bottom corners, (0, -0.025) and (1, -0.025).
        // deepest-vertices: both corners equally deep -> averaged into one point (0.5, -0.025), B's face 0.
        // vertex-edge: B's corner (0,-0.05) has its side crossing A's top edge and its bottom edge parallel
        // to it: the parallel case, the midpoint of the overlap [0, 1] of the two edges -> (0.5, -0.025).
        const Polygon ground = box(4, 1), body = box(1, 1);
        const ThreeWays r =
            collideThreeWays(ground, Transform{{0, -0.5}, Rot()}, body, Transform{{0.5, 0.45}, Rot()});
        QCOMPARE(r.clipping.pointCount, 2);
        QVERIFY(near(r.clipping.points[0].point, {0, -0.025}, 1e-12));
        QVERIFY(near(r.clipping.points[1].point, {1, -0.025}, 1e-12));

        QCOMPARE(r.deepest.pointCount, 1);
        QVERIFY(r.deepestTrace.deepest.averaged);
        QVERIFY(near(r.deepest.normal, {0, 1}, 1e-15));
        QVERIFY(near(r.deepest.points[0].point, {0.5, -0.025}, 1e-12));
        QVERIFY(near(r.deepest.points[0].depth, 0.05, 1e-12));
        QVERIFY(r.deepest.points[0].id == fid(2, 1, 0, 1));

        QCOMPARE(r.vertexEdge.pointCount, 1);
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::ParallelInA));
        QVERIFY(near(r.vertexEdge.normal, {0, 1}, 1e-15));
        QVERIFY(near(r.vertexEdge.points[0].point, {0.5, -0.025}, 1e-12));
        QVERIFY(near(r.vertexEdge.points[0].depth, 0.05, 1e-12));
        QVERIFY(r.vertexEdge.points[0].id == fid(2, 1, 0, 1));
        QVERIFY(near(r.vertexEdgeTrace.vertexEdge.overlapStart, {0, -0.05}, 1e-12));
        QVERIFY(near(r.vertexEdgeTrace.vertexEdge.overlapEnd, {1, -0.05}, 1e-12));
    }

    void boxOverhangingTheEnd() {
        // Box B spans x in [1.7, 2.7] but the ground ends at x = 2.
        // clipping: (1.7, -0.025) and the cut at the ground's corner (2, -0.025).
        // deepest-vertices: the average of B's bottom corners, (2.2, -0.025): beyond the ground's end.
        // vertex-edge: A's corner (2, 0) is tested first and lies inside B: its side crosses B's bottom edge
        // and its top edge is parallel to it; the overlap of the two edges is x in [1.7, 2] -> (1.85,
        // -0.025).
        const Polygon ground = box(4, 1), body = box(1, 1);
        const ThreeWays r =
            collideThreeWays(ground, Transform{{0, -0.5}, Rot()}, body, Transform{{2.2, 0.45}, Rot()});
        QCOMPARE(r.clipping.pointCount, 2);
        QVERIFY(near(r.clipping.points[0].point, {1.7, -0.025}, 1e-12));
        QVERIFY(near(r.clipping.points[1].point, {2.0, -0.025}, 1e-12));

        QCOMPARE(r.deepest.pointCount, 1);
        QVERIFY(near(r.deepest.points[0].point, {2.2, -0.025}, 1e-12));
        QVERIFY(r.deepest.points[0].point.x > 2.0); // not on the ground at all

        QCOMPARE(r.vertexEdge.pointCount, 1);
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::ParallelInB));
        QCOMPARE(r.vertexEdgeTrace.vertexEdge.vertex, 2);
        QVERIFY(r.vertexEdgeTrace.vertexEdge.vertexOnVertex); // B's corner (1.7,-0.05) is inside A as well
        QVERIFY(near(r.vertexEdge.normal, {0, 1}, 1e-15));
        QVERIFY(near(r.vertexEdge.points[0].point, {1.85, -0.025}, 1e-12));
        QVERIFY(near(r.vertexEdge.points[0].depth, 0.05, 1e-12));
        QVERIFY(r.vertexEdge.points[0].id == fid(2, 1, 0, 1));
    }

    void tiltedCornerAllAgree() {
        // Box B tilted by 0.3 rad, its lowest corner (vertex 0) 5 cm into the ground: every method finds that
        // one corner, point = corner + (0, 0.025), depth 0.05, normal (0, 1).
        const Polygon ground = box(4, 1), body = box(1, 1);
        const double angle = 0.3;
        const Transform xfB{{0.1, 0.5 * (std::cos(angle) + std::sin(angle)) - 0.05}, Rot(angle)};
        const Vec2 corner = transformPoint(xfB, {-0.5, -0.5});
        QVERIFY(near(corner.y, -0.05, 1e-12));
        const ThreeWays r = collideThreeWays(ground, Transform{{0, -0.5}, Rot()}, body, xfB);
        for (const Manifold* m : {&r.clipping, &r.deepest, &r.vertexEdge}) {
            QCOMPARE(m->pointCount, 1);
            QVERIFY(near(m->normal, {0, 1}, 1e-12));
            QVERIFY(near(m->points[0].point, corner + Vec2(0, 0.025), 1e-12));
            QVERIFY(near(m->points[0].depth, 0.05, 1e-12));
        }
        QVERIFY(!r.deepestTrace.deepest.averaged); // the next vertex is sin(0.3) m higher
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::VertexInA));
        QVERIFY(r.vertexEdge.points[0].id == fid(2, 1, 0, 0));
        QVERIFY(r.clipping.points[0].id == fid(2, 1, 0, 0));
    }

    void nearlyFlatBox() {
        // Tilted by only 0.005 rad: the bottom corners are 0.05 and 0.05 - sin(0.005) deep.
        // clipping: two points with those depths.
        // deepest-vertices: the depths differ by 0.005 < 0.01: averaged, depth 0.0475 at the edge midpoint.
        // vertex-edge: the bottom edge counts as parallel (sine 0.005 < 0.01): one point at the midpoint of
        // the overlap, which here is the whole bottom edge -> the same point as deepest-vertices.
        const Polygon ground = box(4, 1), body = box(1, 1);
        const double angle = 0.005, s = std::sin(angle), c = std::cos(angle);
        const Transform xfB{{0.0, 0.5 * (c + s) - 0.05}, Rot(angle)};
        const Vec2 v0 = transformPoint(xfB, {-0.5, -0.5}), v1 = transformPoint(xfB, {0.5, -0.5});
        const ThreeWays r = collideThreeWays(ground, Transform{{0, -0.5}, Rot()}, body, xfB);
        QCOMPARE(r.clipping.pointCount, 2);
        QVERIFY(near(r.clipping.points[0].depth, 0.05, 1e-12));
        QVERIFY(near(r.clipping.points[1].depth, 0.05 - s, 1e-12));
        QVERIFY(near(r.clipping.points[0].point, v0 + Vec2(0, 0.025), 1e-12));
        QVERIFY(near(r.clipping.points[1].point, v1 + Vec2(0, 0.5 * (0.05 - s)), 1e-12));

        const Vec2 expected = 0.5 * (v0 + v1) + Vec2(0, 0.5 * (0.05 - 0.5 * s));
        QCOMPARE(r.deepest.pointCount, 1);
        QVERIFY(r.deepestTrace.deepest.averaged);
        QVERIFY(near(r.deepest.points[0].depth, 0.05 - 0.5 * s, 1e-12));
        QVERIFY(near(r.deepest.points[0].point, expected, 1e-12));

        QCOMPARE(r.vertexEdge.pointCount, 1);
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::ParallelInA));
        QVERIFY(near(r.vertexEdge.points[0].depth, 0.05 - 0.5 * s, 1e-12));
        QVERIFY(near(r.vertexEdge.points[0].point, expected, 1e-12));
    }

    void cornerOnCornerSquares() {
        // A = [0,1]^2, B = [0.8,1.8] x [0.9,1.9]: overlap 0.2 in x, 0.1 in y -> normal (0,1), depth 0.1.
        // clipping: B's bottom edge clipped to x <= 1: (0.8, 0.95) and (1, 0.95).
        // deepest-vertices: B's bottom corners equally deep -> (1.3, 0.95), outside A (x > 1).
        // vertex-edge (the thesis's vertex-on-vertex case): A's corner (1,1) is found first; its side crosses
        // B's bottom edge and its top edge is parallel to it; overlap x in [0.8, 1] -> (0.9, 0.95).
        const Polygon a = makePolygon({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
        const Polygon b = makePolygon({{0.8, 0.9}, {1.8, 0.9}, {1.8, 1.9}, {0.8, 1.9}});
        const ThreeWays r = collideThreeWays(a, Transform{}, b, Transform{});
        QCOMPARE(r.clipping.pointCount, 2);
        QVERIFY(near(r.clipping.points[0].point, {0.8, 0.95}, 1e-12));
        QVERIFY(near(r.clipping.points[1].point, {1.0, 0.95}, 1e-12));
        QVERIFY(near(r.clipping.points[0].depth, 0.1, 1e-12));

        QCOMPARE(r.deepest.pointCount, 1);
        QVERIFY(near(r.deepest.points[0].point, {1.3, 0.95}, 1e-12));

        QCOMPARE(r.vertexEdge.pointCount, 1);
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::ParallelInB));
        QVERIFY(r.vertexEdgeTrace.vertexEdge.vertexOnVertex);
        QVERIFY(near(r.vertexEdge.points[0].point, {0.9, 0.95}, 1e-12));
        QVERIFY(near(r.vertexEdge.points[0].depth, 0.1, 1e-12));
        QVERIFY(near(r.vertexEdge.normal, {0, 1}, 1e-15));
    }

    void spikeIntoCornerVertexEdgeMisses() {
        // A = [-1,1]^2. B: a triangle whose tip (0.9, 0.9) pokes into A's corner region. The tip's two
        // segments leave A through different edges (right and top), and A's corner (1,1), although inside B,
        // has its two segments crossing different edges of B too: the vertex-edge method finds nothing (its
        // blind spot). SAT: overlap 0.1 on A's right edge (the first of two tied axes) -> normal (1,0).
        // clipping: reference A's right edge x = 1; incident B's edge from (1.6,2.5) to the tip, cut at y = 1
        // at x = 0.9 + 0.7 * 0.1 / 1.6 = 0.94375: points tip (depth 0.1), then (0.94375, 1) (depth 0.05625).
        // deepest-vertices: the tip alone (the other vertices are far behind): (0.95, 0.9).
        const Polygon a = box(2, 2);
        const Polygon b = makePolygon({{0.9, 0.9}, {2.5, 1.6}, {1.6, 2.5}});
        const ThreeWays r = collideThreeWays(a, Transform{}, b, Transform{});
        QVERIFY(near(r.clipping.normal, {1, 0}, 1e-15));
        QCOMPARE(r.clipping.pointCount, 2);
        const double cutX = 0.9 + 0.7 * 0.1 / 1.6;
        QVERIFY(near(r.clipping.points[0].point, {0.95, 0.9}, 1e-12));
        QVERIFY(near(r.clipping.points[0].depth, 0.1, 1e-12));
        QVERIFY(near(r.clipping.points[1].point, {1.0 - 0.5 * (1.0 - cutX), 1.0}, 1e-12));
        QVERIFY(near(r.clipping.points[1].depth, 1.0 - cutX, 1e-12));

        QCOMPARE(r.deepest.pointCount, 1);
        QVERIFY(near(r.deepest.points[0].point, {0.95, 0.9}, 1e-12));
        QVERIFY(!r.deepestTrace.deepest.averaged);

        QCOMPARE(r.vertexEdge.pointCount, 0);
        QCOMPARE(int(r.vertexEdgeTrace.vertexEdge.which), int(VertexEdgeCase::None));
        QCOMPARE(r.vertexEdgeTrace.vertexEdge.testedPairs, 2 * 4 * 3);
        QVERIFY(!r.vertexEdgeTrace.separated); // SAT did see the overlap
    }

    void circlesIgnoreTheMethod() {
        // Circle pairs give the same single point whatever the method.
        const Polygon ground = box(4, 1);
        const Circle ball{{0, 0}, 0.5};
        const Transform xfG{{0, -0.5}, Rot()}, xfBall{{0.3, 0.45}, Rot(1.0)};
        const Manifold m0 = collide(ground, xfG, ball, xfBall, ContactMethod::Clipping);
        QCOMPARE(m0.pointCount, 1);
        // Normal up, depth 0.05, point midway between the ball's bottom (0.3,-0.05) and the ground (0.3, 0).
        QVERIFY(near(m0.normal, {0, 1}, 1e-15));
        QVERIFY(near(m0.points[0].depth, 0.05, 1e-12));
        QVERIFY(near(m0.points[0].point, {0.3, -0.025}, 1e-12));
        for (ContactMethod method : {ContactMethod::DeepestVertices, ContactMethod::VertexEdge}) {
            QVERIFY(sameManifold(collide(ground, xfG, ball, xfBall, method), m0));
        }
        // Swapped: circle A, polygon B: the normal turns round, the point stays, ids swap.
        const Manifold swapped = collide(ball, xfBall, ground, xfG);
        QCOMPARE(swapped.pointCount, 1);
        QVERIFY(near(swapped.normal, {0, -1}, 1e-15));
        QVERIFY(near(swapped.points[0].point, m0.points[0].point, 1e-15));
        QCOMPARE(swapped.points[0].id.indexB, m0.points[0].id.indexA);
        QCOMPARE(swapped.points[0].id.typeB, m0.points[0].id.typeA);
    }
};

QTEST_GUILESS_MAIN(TstContactMethods)
#include "tst_contact_methods.moc"
