// Point queries: the convex cross-product test and the even-odd ray cast, including rays through vertices.
#include "physics/point_query.h"
#include "physics/polygon_factory.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QtTest>

#include <vector>

using namespace phys;
namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint, false, true>;
using Points = std::vector<Vec2>;
Q_DECLARE_METATYPE(Points)
Q_DECLARE_METATYPE(phys::Vec2)

namespace {
std::uint64_t g_state = 99;
double rnd(double lo, double hi) {
    g_state = g_state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * double(g_state >> 11) / 9007199254740992.0;
}
} // namespace

class TstPointQuery : public QObject {
    Q_OBJECT
private slots:
    void circle() {
        const Circle c{{1, 1}, 2};
        QVERIFY(pointInCircle(c, {1, 1}));
        QVERIFY(pointInCircle(c, {3, 1})); // on the boundary
        QVERIFY(!pointInCircle(c, {3.0001, 1}));
        QVERIFY(!pointInCircle(c, {2.5, 2.5}));
    }

    // Rays through vertices: the cases the source's version gets wrong. The diamond has vertices at heights
    // -1, 0, 1, 0; a point at height 0 casts its ray through the right vertex (1, 0), where the boundary
    // crosses the ray; a point at height 1 grazes only the top vertex.
    void rayThroughVertex_data() {
        QTest::addColumn<Points>("polygon");
        QTest::addColumn<Vec2>("point");
        QTest::addColumn<bool>("inside");
        QTest::addColumn<int>("crossings");
        const Points diamond{{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        QTest::newRow("centre, ray through the right vertex") << diamond << Vec2{0, 0} << true << 1;
        QTest::newRow("left of it, ray through two vertices") << diamond << Vec2{-2, 0} << false << 2;
        QTest::newRow("grazes the top vertex") << diamond << Vec2{-1, 1} << false << 0;
        QTest::newRow("grazes the bottom vertex") << diamond << Vec2{-1, -1} << false << 2;
        QTest::newRow("inside just below a vertex height") << diamond << Vec2{0.5, -1e-12} << true << 1;
        // A square's horizontal edges lie on the ray: they never count.
        const Points square{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
        QTest::newRow("ray along the bottom edge, outside") << square << Vec2{-1, 0} << false << 2;
        QTest::newRow("ray along the top edge, outside") << square << Vec2{-1, 2} << false << 0;
        QTest::newRow("inside, ray at a vertex height") << square << Vec2{1, 1} << true << 1;
        // Non-convex (an arrow head): the ray through the reflex vertex.
        const Points arrow{{0, 0}, {4, 2}, {0, 4}, {1, 2}};
        QTest::newRow("ray through the reflex vertex, outside") << arrow << Vec2{0.5, 2} << false << 2;
        QTest::newRow("right of the reflex vertex, inside") << arrow << Vec2{2, 2} << true << 1;
        QTest::newRow("clockwise winding")
            << Points{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} << Vec2{0, 0} << true << 1;
    }
    void rayThroughVertex() {
        QFETCH(Points, polygon);
        QFETCH(Vec2, point);
        QFETCH(bool, inside);
        QFETCH(int, crossings);
        RayCrossing hits[8];
        QCOMPARE(rayCastCrossings(polygon, point, hits, 8), crossings);
        QCOMPARE(pointInPolygonRayCast(polygon, point), inside);
        for (int i = 0; i < crossings; ++i) {
            QCOMPARE(hits[i].point.y, point.y);
            QVERIFY(hits[i].point.x > point.x);
        }
    }

    void bothTestsAgreeWithBoost() {
        // Seeded random convex polygons and points, including points at exactly a vertex's height: both tests
        // must agree with Boost.Geometry's covered_by away from the boundary.
        int inside = 0, total = 0, atVertexHeight = 0;
        for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
            auto p = factory::randomConvex(3 + int(seed % 14), 1.0, seed);
            QVERIFY(p.ok());
            BPolygon bp;
            bg::model::linestring<BPoint> boundary; // a ring is areal: distance to it is 0 inside
            for (Vec2 v : p->vertices()) {
                bg::append(bp.outer(), BPoint(v.x, v.y));
                bg::append(boundary, BPoint(v.x, v.y));
            }
            bg::append(bp.outer(), BPoint(p->vertex(0).x, p->vertex(0).y));
            bg::append(boundary, BPoint(p->vertex(0).x, p->vertex(0).y));
            for (int k = 0; k < 20; ++k) {
                Vec2 q{rnd(-1.2, 1.2), rnd(-1.2, 1.2)};
                if (k % 4 == 0) {
                    q.y = p->vertex(k % p->count()).y; // the ray passes through a vertex
                    ++atVertexHeight;
                }
                const double d = bg::distance(BPoint(q.x, q.y), boundary);
                if (d < 1e-9) {
                    continue;
                }
                const bool expected = bg::covered_by(BPoint(q.x, q.y), bp);
                QCOMPARE(pointInConvexPolygon(*p, q), expected);
                QCOMPARE(pointInPolygonRayCast(p->vertices(), q), expected);
                inside += expected ? 1 : 0;
                ++total;
            }
        }
        qInfo("%d points (%d at a vertex height), %d inside", total, atVertexHeight, inside);
        QVERIFY(total > 39000 && inside > 5000 && inside < total - 5000);
    }
};

QTEST_GUILESS_MAIN(TstPointQuery)
#include "tst_point_query.moc"
