// Polygon factory: shapes, validation of arguments, determinism of random polygons, convex hull vs Boost.
#include "physics/mass.h"
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

class TstFactory : public QObject {
    Q_OBJECT
private slots:
    void rectangleAndSquare() {
        auto r = factory::rectangle(2.0, 1.0);
        QVERIFY(r.ok());
        QCOMPARE(r->count(), 4);
        QCOMPARE(area(*r), 2.0);
        QCOMPARE(r->vertex(0), (Vec2{-1.0, -0.5}));
        QCOMPARE(factory::square(3.0)->vertex(2), (Vec2{1.5, 1.5}));
        QVERIFY(!factory::rectangle(0.0, 1.0).ok());
        QVERIFY(!factory::rectangle(-1.0, 1.0).ok());
        QVERIFY(!factory::rectangle(std::nan(""), 1.0).ok());
        QVERIFY(!factory::square(1e300).ok());
    }

    void triangleFromTwoSidesAndAngle() {
        // Sides 3 and 4 at 90 degrees: the third side is 5 (law of cosines) and the area 6.
        auto t = factory::triangle(3.0, 4.0, kPi / 2);
        QVERIFY(t.ok());
        QCOMPARE(t->count(), 3);
        QVERIFY(std::abs(area(*t) - 6.0) < 1e-12);
        double perimeter = 0;
        for (int i = 0; i < 3; ++i) {
            perimeter += distance(t->vertex(i), t->vertex(t->next(i)));
        }
        QVERIFY(std::abs(perimeter - 12.0) < 1e-12);
        QVERIFY(length(t->centroid()) < 1e-12);
        // Law of cosines at 60 degrees with equal sides: equilateral.
        auto eq = factory::triangle(2.0, 2.0, kPi / 3);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(std::abs(distance(eq->vertex(i), eq->vertex(eq->next(i))) - 2.0) < 1e-12);
        }
        QVERIFY(!factory::triangle(1.0, 1.0, 0.0).ok());
        QVERIFY(!factory::triangle(1.0, 1.0, kPi).ok());
    }

    void regular() {
        for (int n = 3; n <= kMaxPolygonVertices; ++n) {
            auto p = factory::regular(n, 2.0);
            QVERIFY(p.ok());
            QCOMPARE(p->count(), n);
            for (Vec2 v : p->vertices()) {
                QVERIFY(std::abs(length(v) - 2.0) < 1e-12);
            }
            auto flat = factory::regular(n, 1.0, true);
            // The lowest edge is horizontal: two vertices share the minimum y.
            double minY = 1e9;
            int atMin = 0;
            for (Vec2 v : flat->vertices()) {
                minY = std::min(minY, v.y);
            }
            for (Vec2 v : flat->vertices()) {
                atMin += std::abs(v.y - minY) < 1e-12 ? 1 : 0;
            }
            QCOMPARE(atMin, 2);
        }
        QVERIFY(!factory::regular(2, 1.0).ok());
        QVERIFY(!factory::regular(kMaxPolygonVertices + 1, 1.0).ok());
    }

    void randomConvexIsDeterministicAndValid() {
        for (std::uint64_t seed = 0; seed < 3000; ++seed) {
            const int n = 3 + int(seed % 14);
            auto a = factory::randomConvex(n, 1.5, seed);
            auto b = factory::randomConvex(n, 1.5, seed);
            QVERIFY(a.ok() && b.ok());
            QCOMPARE(a->count(), n);
            QVERIFY(length(a->centroid()) < 1e-12);
            for (int i = 0; i < n; ++i) {
                QCOMPARE(a->vertex(i), b->vertex(i)); // bit-identical
            }
        }
        // Different seeds give different polygons.
        QVERIFY(factory::randomConvex(6, 1.0, 1)->vertex(0) != factory::randomConvex(6, 1.0, 2)->vertex(0));
    }

    void convexHullMatchesBoostAndContainsTheCloud() {
        std::uint64_t s = 7;
        auto rnd = [&s]() {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            return double(s >> 11) / 9007199254740992.0 * 4.0 - 2.0;
        };
        for (int trial = 0; trial < 500; ++trial) {
            std::vector<Vec2> cloud(std::size_t(5 + trial % 40));
            for (Vec2& p : cloud) {
                p = {rnd(), rnd()};
            }
            auto hull = factory::convexHull(cloud);
            QVERIFY(hull.ok());
            QVERIFY(hull->count() <= kMaxPolygonVertices);
            bg::model::multi_point<BPoint> mp;
            for (Vec2 p : cloud) {
                mp.push_back(BPoint(p.x, p.y));
            }
            bg::model::polygon<BPoint, false, true> bh;
            bg::convex_hull(mp, bh);
            const double exact = bg::area(bh);
            if (hull->count() < int(bh.outer().size()) - 1) {
                // Simplified: inside the exact hull and losing only a little area.
                QVERIFY(area(*hull) <= exact + 1e-12);
                QVERIFY(area(*hull) > 0.9 * exact);
            } else {
                QVERIFY(std::abs(area(*hull) - exact) < 1e-12);
                for (Vec2 p : cloud) {
                    // Every point is inside or on the hull (cross-product test with a small tolerance).
                    for (int i = 0; i < hull->count(); ++i) {
                        QVERIFY(dot(hull->normal(i), p - hull->vertex(i)) <= 1e-12);
                    }
                }
            }
        }
        // A non-convex outline (an L) becomes its hull: the editor offers this.
        const Vec2 ell[] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
        auto h = factory::convexHull(ell);
        QVERIFY(h.ok());
        QCOMPARE(h->count(), 5);
        QVERIFY(std::abs(area(*h) - 3.5) < 1e-12);
        const Vec2 line[] = {{0, 0}, {1, 1}, {2, 2}};
        QVERIFY(!factory::convexHull(line).ok());
    }
};

QTEST_GUILESS_MAIN(TstFactory)
#include "tst_factory.moc"
