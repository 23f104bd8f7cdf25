// Mass properties against closed forms (source 004's derivations) and Boost.Geometry's area and centroid.
#include "physics/mass.h"
#include "physics/polygon_factory.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QtTest>

#include <cmath>
#include <vector>

using namespace phys;
namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint, false, true>; // counter-clockwise, closed

namespace {

BPolygon toBoost(const Polygon& p, Vec2 offset = {}) {
    BPolygon out;
    for (Vec2 v : p.vertices()) {
        bg::append(out.outer(), BPoint(v.x + offset.x, v.y + offset.y));
    }
    bg::append(out.outer(), BPoint(p.vertex(0).x + offset.x, p.vertex(0).y + offset.y));
    return out;
}

double relErr(double a, double b) {
    return std::abs(a - b) / std::max(std::abs(b), 1e-300);
}

/// Polar moment of inertia about the origin of a polygon by Green's theorem, a formula independent of the
/// fan decomposition in mass.cpp: J = rho/12 sum (x_i y_i+1 - x_i+1 y_i)(x_i^2 + x_i x_i+1 + x_i+1^2 + same
/// for y).
double greenPolarMoment(const Polygon& p, double density) {
    double j = 0.0;
    for (int i = 0; i < p.count(); ++i) {
        const Vec2 a = p.vertex(i), b = p.vertex(p.next(i));
        const double c = cross(a, b);
        j += c * (a.x * a.x + a.x * b.x + b.x * b.x + a.y * a.y + a.y * b.y + b.y * b.y);
    }
    return density * j / 12.0;
}

} // namespace

class TstMass : public QObject {
    Q_OBJECT
private slots:
    void rectangleClosedForm_data() {
        QTest::addColumn<double>("w");
        QTest::addColumn<double>("h");
        QTest::addColumn<double>("density");
        QTest::newRow("unit square") << 1.0 << 1.0 << 1.0;
        QTest::newRow("plank") << 4.0 << 0.25 << 2.5;
        QTest::newRow("tall") << 0.1 << 3.0 << 700.0;
        QTest::newRow("tiny") << 1e-3 << 2e-3 << 1.0;
        QTest::newRow("large") << 200.0 << 10.0 << 0.5;
    }
    void rectangleClosedForm() {
        QFETCH(double, w);
        QFETCH(double, h);
        QFETCH(double, density);
        auto p = factory::rectangle(w, h);
        QVERIFY(p.ok());
        const MassData md = computeMass(*p, density);
        const double m = density * w * h;
        QVERIFY(relErr(md.mass, m) < 1e-12);
        QVERIFY(relErr(md.inertia, m * (w * w + h * h) / 12.0) < 1e-12);
        QVERIFY(std::abs(md.center.x) < 1e-12 * w && std::abs(md.center.y) < 1e-12 * h);
    }

    void regularPolygonClosedForm_data() {
        QTest::addColumn<int>("n");
        for (int n = 3; n <= kMaxPolygonVertices; ++n) {
            QTest::newRow(qPrintable(QString("n=%1").arg(n))) << n;
        }
    }
    void regularPolygonClosedForm() {
        // Source 004: I = (m l^2 / 24) (1 + 3 cot^2(pi / n)) for side length l.
        QFETCH(int, n);
        const double radius = 1.7, density = 3.0;
        auto p = factory::regular(n, radius);
        QVERIFY(p.ok());
        const MassData md = computeMass(*p, density);
        const double l = 2.0 * radius * std::sin(kPi / n);
        const double a = 0.5 * n * radius * radius * std::sin(2.0 * kPi / n);
        const double m = density * a;
        const double cot = 1.0 / std::tan(kPi / n);
        QVERIFY(relErr(md.mass, m) < 1e-12);
        QVERIFY(relErr(md.inertia, m * l * l / 24.0 * (1.0 + 3.0 * cot * cot)) < 1e-12);
        QVERIFY(length(md.center) < 1e-12);
    }

    void circleClosedForm() {
        const Circle c{{0.5, -2.0}, 0.3};
        const MassData md = computeMass(c, 2.0);
        const double m = 2.0 * kPi * 0.09;
        QVERIFY(relErr(md.mass, m) < 1e-14);
        QVERIFY(relErr(md.inertia, 0.5 * m * 0.09) < 1e-14);
        QCOMPARE(md.center, (Vec2{0.5, -2.0}));
    }

    void triangleClosedForm() {
        // Right triangle with legs a, b: I about the centroid = m (a^2 + b^2) / 18.
        const double a = 3.0, b = 2.0;
        auto p = factory::triangle(a, b, kPi / 2);
        QVERIFY(p.ok());
        const MassData md = computeMass(*p, 1.0);
        QVERIFY(relErr(md.mass, 3.0) < 1e-12);
        QVERIFY(relErr(md.inertia, 3.0 * (a * a + b * b) / 18.0) < 1e-12);
    }

    void compoundParallelAxis() {
        // Two unit squares side by side make a 2 x 1 rectangle: the combination must equal the closed form.
        const Vec2 left[] = {{-1, -0.5}, {0, -0.5}, {0, 0.5}, {-1, 0.5}};
        const Vec2 right[] = {{0, -0.5}, {1, -0.5}, {1, 0.5}, {0, 0.5}};
        const MassData parts[] = {computeMass(*Polygon::make(left), 2.0),
                                  computeMass(*Polygon::make(right), 2.0)};
        const MassData md = combineMass(parts);
        QVERIFY(relErr(md.mass, 4.0) < 1e-12);
        QVERIFY(relErr(md.inertia, 4.0 * (4.0 + 1.0) / 12.0) < 1e-12);
        QVERIFY(length(md.center) < 1e-12);

        // A dumbbell: two circles of mass m at +-d: I = 2 (m r^2 / 2 + m d^2).
        const MassData balls[] = {computeMass(Circle{{-2, 0}, 0.5}, 1.0),
                                  computeMass(Circle{{2, 0}, 0.5}, 1.0)};
        const MassData db = combineMass(balls);
        const double m = kPi * 0.25;
        QVERIFY(relErr(db.inertia, 2.0 * (0.5 * m * 0.25 + m * 4.0)) < 1e-12);
    }

    void randomPolygonsAgainstBoost() {
        // 10,000 seeded random convex polygons, placed away from the origin: area and centroid against
        // Boost.Geometry, inertia against Green's theorem (an independent formula) moved by the parallel
        // axis.
        int tested = 0;
        double worstArea = 0, worstCentroid = 0, worstInertia = 0;
        for (std::uint64_t seed = 1; seed <= 10000; ++seed) {
            const int n = 3 + int(seed % (kMaxPolygonVertices - 2));
            const double size = 0.01 * double(1 + seed % 1000);
            auto base = factory::randomConvex(n, size, seed);
            QVERIFY(base.ok());
            const Vec2 offset{double(seed % 37) - 18.0, double(seed % 23) - 11.0};
            std::vector<Vec2> moved;
            for (Vec2 v : base->vertices()) {
                moved.push_back(v + offset);
            }
            auto p = Polygon::make(moved);
            QVERIFY(p.ok());
            const double density = 1.0 + double(seed % 7);
            const MassData md = computeMass(*p, density);

            const BPolygon bp = toBoost(*p);
            QVERIFY(bg::is_valid(bp));
            const double bArea = bg::area(bp);
            BPoint bc(0.0, 0.0);
            bg::centroid(bp, bc);
            const double scale = size;
            const double eArea = relErr(md.mass / density, bArea);
            const double eCentroid = distance(md.center, Vec2{bc.x(), bc.y()}) / scale;
            const double j0 = greenPolarMoment(*p, density);
            const double eInertia = relErr(md.inertia, j0 - md.mass * lengthSquared(md.center));
            worstArea = std::max(worstArea, eArea);
            worstCentroid = std::max(worstCentroid, eCentroid);
            // Green's formula about the origin loses digits when the polygon is far from it compared to its
            // size (the parallel axis subtraction cancels); compare with a bound that accounts for that.
            const double cancel = lengthSquared(md.center) / (size * size) + 1.0;
            worstInertia = std::max(worstInertia, eInertia / cancel);
            QVERIFY2(eArea <= 1e-9, qPrintable(QString("seed %1 area %2").arg(seed).arg(eArea)));
            QVERIFY2(eCentroid <= 1e-9, qPrintable(QString("seed %1 centroid %2").arg(seed).arg(eCentroid)));
            QVERIFY2(eInertia <= 1e-9 * cancel,
                     qPrintable(QString("seed %1 inertia %2").arg(seed).arg(eInertia)));
            ++tested;
        }
        qInfo("%d random polygons: worst relative error area %.2e, centroid %.2e (of size), inertia %.2e",
              tested, worstArea, worstCentroid, worstInertia);
        QCOMPARE(tested, 10000);
    }

    void massInvariantUnderRigidMotion() {
        // Rotating and translating a polygon moves its centroid with it and keeps mass and inertia.
        for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
            auto p = factory::randomConvex(3 + int(seed % 10), 1.0, seed);
            const Transform xf{{double(seed % 11), -double(seed % 5)}, Rot(0.1 * double(seed))};
            std::vector<Vec2> moved;
            for (Vec2 v : p->vertices()) {
                moved.push_back(transformPoint(xf, v));
            }
            const MassData a = computeMass(*p, 1.0);
            const MassData b = computeMass(*Polygon::make(moved), 1.0);
            QVERIFY(relErr(b.mass, a.mass) < 1e-12);
            QVERIFY(relErr(b.inertia, a.inertia) < 1e-9);
            QVERIFY(distance(b.center, transformPoint(xf, a.center)) < 1e-9);
        }
    }
};

QTEST_GUILESS_MAIN(TstMass)
#include "tst_mass.moc"
