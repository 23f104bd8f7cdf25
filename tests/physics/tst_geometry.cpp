// Geometry core: the math value types and Polygon/Circle construction and validation.
#include "physics/math.h"
#include "physics/shape.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace phys;

namespace {
bool near(Vec2 a, Vec2 b, double tol = 1e-12) {
    return std::abs(a.x - b.x) <= tol && std::abs(a.y - b.y) <= tol;
}
} // namespace

using Points = std::vector<Vec2>;
Q_DECLARE_METATYPE(Points)

class TstGeometry : public QObject {
    Q_OBJECT
private slots:
    void crossProducts() {
        QCOMPARE(cross(Vec2{1, 0}, Vec2{0, 1}), 1.0);
        QCOMPARE(cross(Vec2{0, 1}, Vec2{1, 0}), -1.0);
        // w x r for w = 2 rad/s about z and r = (1, 0): velocity (0, 2).
        QVERIFY(near(cross(2.0, Vec2{1, 0}), Vec2{0, 2}));
        // r x w = -(w x r)
        QVERIFY(near(cross(Vec2{1, 0}, 2.0), Vec2{0, -2}));
        QVERIFY(near(leftPerp(Vec2{1, 0}), Vec2{0, 1}));
        QVERIFY(near(rightPerp(Vec2{1, 0}), Vec2{0, -1}));
    }

    void rotations() {
        const Rot q(kPi / 2);
        QVERIFY(near(rotate(q, Vec2{1, 0}), Vec2{0, 1}));
        QVERIFY(near(invRotate(q, Vec2{0, 1}), Vec2{1, 0}));
        const Rot a(0.3), b(1.1);
        QVERIFY(std::abs(mulRot(a, b).angle() - 1.4) < 1e-12);
        QVERIFY(std::abs(invMulRot(a, b).angle() - 0.8) < 1e-12);
        QCOMPARE(Rot(-2.0).angle(), -2.0);
    }

    void transforms() {
        // Seeded round trips: local -> world -> local is the identity, and composition agrees with nesting.
        std::uint64_t s = 12345;
        auto rnd = [&s]() {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            return double(s >> 11) / 9007199254740992.0 * 20.0 - 10.0;
        };
        for (int i = 0; i < 10000; ++i) {
            const Transform a{{rnd(), rnd()}, Rot(rnd())};
            const Transform b{{rnd(), rnd()}, Rot(rnd())};
            const Vec2 p{rnd(), rnd()};
            QVERIFY(near(invTransformPoint(a, transformPoint(a, p)), p, 1e-12));
            QVERIFY(near(invTransformVector(a, transformVector(a, p)), p, 1e-12));
            QVERIFY(
                near(transformPoint(mulTransform(a, b), p), transformPoint(a, transformPoint(b, p)), 1e-11));
            QVERIFY(near(transformPoint(invMulTransform(a, b), p), invTransformPoint(a, transformPoint(b, p)),
                         1e-11));
            // Rotations keep lengths.
            QVERIFY(std::abs(length(rotate(a.q, p)) - length(p)) < 1e-12);
        }
    }

    void aabbs() {
        const AABB a{{0, 0}, {2, 1}};
        const AABB b{{2, 1}, {3, 3}}; // touching at a corner counts as overlapping
        const AABB c{{2.0001, 0}, {3, 1}};
        QVERIFY(overlaps(a, b));
        QVERIFY(!overlaps(a, c));
        QCOMPARE(combine(a, c), (AABB{{0, 0}, {3, 1}}));
        QVERIFY(contains(fatten(a, 0.1), a));
        QVERIFY(!contains(a, fatten(a, 0.1)));
        QCOMPARE(a.perimeter(), 6.0);
        QVERIFY(near(a.center(), Vec2{1, 0.5}));
    }

    void normalizeZero() {
        const Vec2 z = normalize(Vec2{0, 0});
        QVERIFY(std::isfinite(z.x) && std::isfinite(z.y));
        QVERIFY(near(normalize(Vec2{3, 4}), Vec2{0.6, 0.8}));
    }

    void polygonNormalsAndOrder() {
        const Points ccw{{0, 0}, {2, 0}, {2, 1}, {0, 1}};
        auto p = Polygon::make(ccw);
        QVERIFY(p.ok());
        QCOMPARE(p->count(), 4);
        QVERIFY(near(p->normal(0), Vec2{0, -1})); // bottom edge: outward is down
        QVERIFY(near(p->normal(1), Vec2{1, 0}));
        QVERIFY(near(p->normal(2), Vec2{0, 1}));
        QVERIFY(near(p->normal(3), Vec2{-1, 0}));
        QVERIFY(near(p->centroid(), Vec2{1, 0.5}));
        QCOMPARE(signedArea(p->vertices()), 2.0);
    }

    void clockwiseIsReversed() {
        const Points cw{{0, 0}, {0, 1}, {2, 1}, {2, 0}};
        auto p = Polygon::make(cw, PolygonCleanup::Strict);
        QVERIFY(p.ok());
        QVERIFY(signedArea(p->vertices()) > 0);
        for (int i = 0; i < p->count(); ++i) {
            // Every normal points away from the centroid.
            QVERIFY(dot(p->normal(i), p->vertex(i) - p->centroid()) > 0);
        }
    }

    void repairMergesAndDrops() {
        // A duplicate (within tolerance) and a collinear midpoint are cleaned away in Repair mode.
        const Points messy{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 1 + 1e-13}, {0, 1}};
        auto p = Polygon::make(messy, PolygonCleanup::Repair);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QCOMPARE(p->count(), 4);
        QVERIFY(near(p->centroid(), Vec2{1, 0.5}));
    }

    void rejects_data() {
        QTest::addColumn<Points>("points");
        QTest::addColumn<int>("cleanup");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("message");
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const int strict = int(PolygonCleanup::Strict), repair = int(PolygonCleanup::Repair);
        QTest::newRow("two vertices") << Points{{0, 0}, {1, 0}} << strict << 1 << "at least 3 vertices";
        QTest::newRow("empty") << Points{} << strict << -1 << "at least 3 vertices";
        QTest::newRow("nan") << Points{{0, 0}, {1, 0}, {nan, 1}} << strict << 2 << "not a finite number";
        QTest::newRow("inf") << Points{{0, 0}, {inf, 0}, {1, 1}} << repair << 1 << "not a finite number";
        QTest::newRow("all collinear") << Points{{0, 0}, {1, 1}, {2, 2}} << repair << -1 << "zero area";
        QTest::newRow("coincident") << Points{{1, 1}, {1, 1}, {1, 1}} << repair << -1 << "zero area";
        QTest::newRow("duplicate strict")
            << Points{{0, 0}, {1, 0}, {1, 0}, {0, 1}} << strict << 2 << "duplicate";
        QTest::newRow("collinear strict")
            << Points{{0, 0}, {1, 0}, {2, 0}, {0, 1}} << strict << 1 << "collinear";
        // L shape: vertex 3 is reflex.
        QTest::newRow("non-convex") << Points{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}} << strict << 3
                                    << "not convex at this vertex";
        // Bow tie: edges 0-1 and 2-3 cross.
        QTest::newRow("bow tie") << Points{{0, 0}, {1, 1}, {1, 0}, {0, 1}} << strict << 0
                                 << "self-intersecting";
        // Pentagram: every turn is to the left, yet it winds twice.
        Points star;
        for (int i = 0; i < 5; ++i) {
            const double t = 2 * kPi * (2 * i) / 5;
            star.push_back({std::cos(t), std::sin(t)});
        }
        QTest::newRow("pentagram") << star << strict << 0 << "self-intersecting";
        // A spike that doubles back on itself.
        QTest::newRow("fold back") << Points{{0, 0}, {2, 0}, {1, 0}, {1, 1}} << repair << 0
                                   << "self-intersecting";
        Points many;
        for (int i = 0; i < 17; ++i) {
            many.push_back({std::cos(2 * kPi * i / 17), std::sin(2 * kPi * i / 17)});
        }
        QTest::newRow("17 vertices strict") << many << strict << kMaxPolygonVertices << "at most 16";
        QTest::newRow("17 vertices repair") << many << repair << -1 << "at most 16";
    }

    void rejects() {
        QFETCH(Points, points);
        QFETCH(int, cleanup);
        QFETCH(int, index);
        QFETCH(QString, message);
        auto p = Polygon::make(points, PolygonCleanup(cleanup));
        QVERIFY(!p.ok());
        QVERIFY2(QString::fromStdString(p.error().message).contains(message),
                 qPrintable(QString::fromStdString(p.error().message)));
        QCOMPARE(p.error().index, index);
    }

    void millionVerticesFailFast() {
        // Refused by count before any per-vertex work: this would take minutes if it went O(n^2).
        Points huge(1000000, Vec2{0, 0});
        auto strict = Polygon::make(huge, PolygonCleanup::Strict);
        QVERIFY(!strict.ok());
        QVERIFY(QString::fromStdString(strict.error().message).contains("1000000 vertices"));
        auto repair = Polygon::make(huge, PolygonCleanup::Repair);
        QVERIFY(!repair.ok());
        QVERIFY(QString::fromStdString(repair.error().message).contains("1000000 vertices"));
    }

    void scaleInvariance() {
        // The same shape validates the same from micrometres to kilometres.
        for (double s : {1e-6, 1e-3, 1.0, 1e3, 1e5}) {
            const Points tri{{0, 0}, {s, 0}, {0, s}};
            QVERIFY(Polygon::make(tri, PolygonCleanup::Strict).ok());
            const Points coll{{0, 0}, {s, 0}, {2 * s, 0}, {0, s}};
            QVERIFY(!Polygon::make(coll, PolygonCleanup::Strict).ok());
        }
    }

    void circles() {
        QVERIFY(Circle::make({0, 0}, 1).ok());
        QVERIFY(!Circle::make({0, 0}, 0).ok());
        QVERIFY(!Circle::make({0, 0}, -1).ok());
        QVERIFY(!Circle::make({0, 0}, std::numeric_limits<double>::infinity()).ok());
        QVERIFY(!Circle::make({std::nan(""), 0}, 1).ok());
        QVERIFY(QString::fromStdString(Circle::make({0, 0}, 0).error().message).contains("greater than 0"));
    }

    void aabbOfShapes() {
        auto p = Polygon::make(Points{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
        QVERIFY(p.ok());
        const AABB box = computeAABB(*p, Transform{{5, 0}, Rot(kPi / 4)});
        QVERIFY(near(box.lower, Vec2{5 - std::sqrt(2.0), -std::sqrt(2.0)}, 1e-12));
        QVERIFY(near(box.upper, Vec2{5 + std::sqrt(2.0), std::sqrt(2.0)}, 1e-12));
        const AABB cb = computeAABB(Circle{{1, 0}, 0.5}, Transform{{0, 0}, Rot(kPi / 2)});
        QVERIFY(near(cb.lower, Vec2{-0.5, 0.5}, 1e-12));
        QVERIFY(near(cb.upper, Vec2{0.5, 1.5}, 1e-12));
    }
};

QTEST_GUILESS_MAIN(TstGeometry)
#include "tst_geometry.moc"
