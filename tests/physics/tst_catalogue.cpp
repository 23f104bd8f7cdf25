// The catalogue scenes (resources/scenes/catalogue/*.json): each is read with QJsonDocument (QtCore comes
// with QtTest; the physics tests do not link the app's scene reader), body 0 is A and body 1 is B, and the
// expected normal, depth and contact points are pinned, computed by hand in the comments.
// tests/cli/tst_cli_collide checks that contactlab-cli prints the same numbers for the same files.
#include "narrow_test_util.h"

#include "physics/collide.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace phys;
using namespace narrowtest;

namespace {

struct Pair {
    ShapeGeometry a = Circle{{0, 0}, 1.0};
    ShapeGeometry b = Circle{{0, 0}, 1.0};
    Transform xfA, xfB;
};

Vec2 readVec2(const QJsonValue& v) {
    const QJsonArray a = v.toArray();
    return {a.at(0).toDouble(), a.at(1).toDouble()};
}

ShapeGeometry readShape(const QJsonObject& o) {
    if (o.value("type").toString() == QLatin1String("circle")) {
        return Circle{readVec2(o.value("center")), o.value("radius").toDouble()};
    }
    std::vector<Vec2> points;
    for (const QJsonValue& v : o.value("vertices").toArray()) {
        points.push_back(readVec2(v));
    }
    const Result<Polygon> p = Polygon::make(points, PolygonCleanup::Strict);
    if (!p) {
        qFatal("bad catalogue polygon: %s", p.error().message.c_str());
    }
    return p.value();
}

Pair loadPair(const char* name) {
    const QString path =
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/catalogue/%1.json").arg(name);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        qFatal("cannot open %s", qPrintable(path));
    }
    const QJsonArray bodies = QJsonDocument::fromJson(file.readAll()).object().value("bodies").toArray();
    Pair pair;
    for (int i = 0; i < 2; ++i) {
        const QJsonObject body = bodies.at(i).toObject();
        const Transform xf{readVec2(body.value("position")), Rot(body.value("angle").toDouble())};
        const ShapeGeometry shape = readShape(body.value("shapes").toArray().at(0).toObject());
        (i == 0 ? pair.a : pair.b) = shape;
        (i == 0 ? pair.xfA : pair.xfB) = xf;
    }
    return pair;
}

Manifold run(const Pair& p, CollideTrace* trace = nullptr, ContactMethod method = ContactMethod::Clipping) {
    return collide(p.a, p.xfA, p.b, p.xfB, method, 0.0, trace);
}

const double h = std::sqrt(0.5);

} // namespace

class TstCatalogue : public QObject {
    Q_OBJECT
private slots:
    void edgeOnEdge() {
        // Ground top face y = 0, x in [-2, 2]; box bottom y = -0.05, x in [0, 1].
        // normal (0,1); both bottom corners 0.05 deep; points midway: (0, -0.025), (1, -0.025).
        const Pair p = loadPair("edge_on_edge");
        CollideTrace t;
        const Manifold m = run(p, &t);
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].point, {0, -0.025}, 1e-12));
        QVERIFY(near(m.points[1].point, {1, -0.025}, 1e-12));
        QVERIFY(near(m.points[0].depth, 0.05, 1e-12) && near(m.points[1].depth, 0.05, 1e-12));
        QCOMPARE(t.sat.axes[t.sat.mtvAxis].edge, 2);
        // deepest-vertices: one averaged point, the middle of the box's bottom.
        const Manifold d = run(p, nullptr, ContactMethod::DeepestVertices);
        QCOMPARE(d.pointCount, 1);
        QVERIFY(near(d.points[0].point, {0.5, -0.025}, 1e-12));
    }

    void vertexOnEdge() {
        // Box turned 0.3 rad; its lowest corner, local (-0.5,-0.5), sits at y = -0.05:
        // x = 0.1 - 0.5 cos 0.3 + 0.5 sin 0.3. The other end of its bottom edge is sin 0.3 higher, above the
        // ground: one point, corner + (0, 0.025), depth 0.05.
        const Pair p = loadPair("vertex_on_edge");
        const Manifold m = run(p);
        const Vec2 corner{0.1 - 0.5 * std::cos(0.3) + 0.5 * std::sin(0.3), -0.05};
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QCOMPARE(m.pointCount, 1);
        QVERIFY(near(m.points[0].point, corner + Vec2(0, 0.025), 1e-12));
        QVERIFY(near(m.points[0].depth, 0.05, 1e-12));
    }

    void parallelEdgesDifferentLengths() {
        // Box bottom x in [1.7, 2.7] over the ground's end x = 2: the first side plane keeps (1.7, -0.05) and
        // cuts at (2, -0.05). Points (1.7, -0.025) and (2, -0.025), depth 0.05.
        const Pair p = loadPair("parallel_edges_different_lengths");
        CollideTrace t;
        const Manifold m = run(p, &t);
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].point, {1.7, -0.025}, 1e-12));
        QVERIFY(near(m.points[1].point, {2.0, -0.025}, 1e-12));
        QCOMPARE(t.clip.planes[0].afterCount, 2);
        QVERIFY(near(t.clip.planes[0].after[1], {2.0, -0.05}, 1e-12));
    }

    void vertexOnVertex() {
        // A = [0,1]^2, B = [0.8,1.8] x [0.9,1.9]: x overlap 0.2, y overlap 0.1 -> normal (0,1), depth 0.1.
        // clipping: B's bottom clipped to x <= 1: (0.8, 0.95), (1, 0.95).
        // vertex-edge: A's corner (1,1), parallel case, overlap x in [0.8, 1]: (0.9, 0.95).
        const Pair p = loadPair("vertex_on_vertex");
        const Manifold m = run(p);
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].point, {0.8, 0.95}, 1e-12));
        QVERIFY(near(m.points[1].point, {1.0, 0.95}, 1e-12));
        QVERIFY(near(m.points[0].depth, 0.1, 1e-12) && near(m.points[1].depth, 0.1, 1e-12));
        const Manifold ve = run(p, nullptr, ContactMethod::VertexEdge);
        QCOMPARE(ve.pointCount, 1);
        QVERIFY(near(ve.points[0].point, {0.9, 0.95}, 1e-12));
    }

    void deepPenetration() {
        // B: unit box turned 0.6 rad at (0.4, 0.6). With c = cos 0.6, s = sin 0.6 its vertices are
        // v0 = (0.4 - c/2 + s/2, 0.6 - s/2 - c/2) (lowest), v1 = (0.4 + c/2 + s/2, 0.6 + s/2 - c/2).
        // SAT: A's top face, depth 1 - v0.y = 0.4 + (s + c)/2 = 1.0950 (B's best face overlaps 1.2215).
        // Best edge of B: v0's next edge (|dot| = s = 0.565 < c = 0.825); A's top face is the reference.
        // v1.x = 1.095 > 1: the first side plane cuts the edge at x = 1.
        const Pair p = loadPair("deep_penetration");
        const double c = std::cos(0.6), s = std::sin(0.6);
        const Vec2 v0{0.4 - c / 2 + s / 2, 0.6 - s / 2 - c / 2}, v1{0.4 + c / 2 + s / 2, 0.6 + s / 2 - c / 2};
        const Vec2 cut = v0 + ((1.0 - v0.x) / (v1.x - v0.x)) * (v1 - v0);
        CollideTrace t;
        const Manifold m = run(p, &t);
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QVERIFY(near(t.sat.mtvDepth, 0.4 + (s + c) / 2, 1e-12));
        QVERIFY(t.sat.mtvDepth > std::sqrt(0.5)); // deeper than B's half-diagonal
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].depth, 1.0 - v0.y, 1e-12));
        QVERIFY(near(m.points[0].point, v0 + Vec2(0, 0.5 * (1.0 - v0.y)), 1e-12));
        QVERIFY(near(m.points[1].depth, 1.0 - cut.y, 1e-12));
        QVERIFY(near(m.points[1].point, cut + Vec2(0, 0.5 * (1.0 - cut.y)), 1e-12));
    }

    void circleVertexRegion() {
        // Centre (1.3, 1.4) is 0.5 from the corner (1,1) along (0.6, 0.8): depth 0.6 - 0.5 = 0.1.
        // Point midway: centre - (r - depth/2) n = (1.3, 1.4) - 0.55 (0.6, 0.8) = (0.97, 0.96).
        const Pair p = loadPair("circle_vertex_region");
        CollideTrace t;
        const Manifold m = run(p, &t);
        QCOMPARE(m.pointCount, 1);
        QVERIFY(near(m.normal, {0.6, 0.8}, 1e-12));
        QVERIFY(near(m.points[0].depth, 0.1, 1e-12));
        QVERIFY(near(m.points[0].point, {0.97, 0.96}, 1e-12));
        QCOMPARE(int(t.sat.axes[t.sat.mtvAxis].owner), int(SatAxisOwner::Circle));
    }

    void circleEdgeRegion() {
        // Centre (0.4, 1.3), radius 0.5, above the top edge y = 1: depth 0.5 - 0.3 = 0.2, normal (0,1),
        // point (0.4, 1.3 - 0.4) = (0.4, 0.9).
        const Pair p = loadPair("circle_edge_region");
        CollideTrace t;
        const Manifold m = run(p, &t);
        QCOMPARE(m.pointCount, 1);
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QVERIFY(near(m.points[0].depth, 0.2, 1e-12));
        QVERIFY(near(m.points[0].point, {0.4, 0.9}, 1e-12));
        QCOMPARE(int(t.sat.axes[t.sat.mtvAxis].owner), int(SatAxisOwner::A));
        QCOMPARE(t.sat.axes[t.sat.mtvAxis].edge, 2);
    }

    void twoCircles() {
        // Centres (0,0), (0.96, 0.72): distance 1.2, normal (0.8, 0.6), depth 1 + 0.5 - 1.2 = 0.3.
        // Surfaces: (0.8, 0.6) and (0.96, 0.72) - 0.5 (0.8, 0.6) = (0.56, 0.42); midway (0.68, 0.51).
        const Pair p = loadPair("two_circles");
        const Manifold m = run(p);
        QCOMPARE(m.pointCount, 1);
        QVERIFY(near(m.normal, {0.8, 0.6}, 1e-12));
        QVERIFY(near(m.points[0].depth, 0.3, 1e-12));
        QVERIFY(near(m.points[0].point, {0.68, 0.51}, 1e-12));
    }

    void nearTie() {
        // Base [-0.5,0.5] x [-1,0]; top box turned by -0.0002 rad at (0.3, 0.49). Its bottom corners:
        // v0 = xf(-0.5,-0.5) ~ (-0.2, -0.0099), v1 = xf(0.5,-0.5) ~ (0.8, -0.0101).
        // Overlap on the base's top face: -v1.y ~ 0.0101; on the box's bottom face: ~ 0.0100 (smaller by
        // about 0.0002 * 0.3 = 6e-5, less than the tolerance 5e-4): the base's face is kept, normal (0,1).
        // Clip: v0 kept, v1 beyond x = 0.5 -> cut at x = 0.5.
        const Pair p = loadPair("near_tie");
        CollideTrace t;
        const Manifold m = run(p, &t);
        QVERIFY(t.sat.nearTieKeptA);
        const double overlapA = t.sat.axes[t.sat.bestAxisA].overlap;
        const double overlapB = t.sat.axes[t.sat.bestAxisB].overlap;
        QVERIFY(overlapB < overlapA && overlapA - overlapB < kSatTieAbsolute);
        QVERIFY(near(overlapA - overlapB, 0.0002 * 0.3, 1e-6));
        QVERIFY(m.normal == Vec2(0.0, 1.0));
        QVERIFY(!t.clip.flip);
        const Vec2 v0 = transformPoint(p.xfB, {-0.5, -0.5}), v1 = transformPoint(p.xfB, {0.5, -0.5});
        const Vec2 cut = v0 + ((0.5 - v0.x) / (v1.x - v0.x)) * (v1 - v0);
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].point, v0 + Vec2(0, -0.5 * v0.y), 1e-12));
        QVERIFY(near(m.points[0].depth, -v0.y, 1e-12));
        QVERIFY(near(m.points[1].point, cut + Vec2(0, -0.5 * cut.y), 1e-12));
        QVERIFY(near(m.points[1].depth, -cut.y, 1e-12));
    }

    void separatedFirstAxis() {
        // Triangle (0,1), (1,0), (1,1): its first edge lies on x + y = 1 with normal (-1,-1)/sqrt2. The box
        // [-0.8, 0.2]^2 has its corner (0.2, 0.2) at distance (1 - 0.4)/sqrt2 = 0.4243 from that line. The
        // bounding boxes overlap ([0,1]^2 and [-0.8,0.2]^2), so SAT runs and stops at the first axis.
        const Pair p = loadPair("separated_first_axis");
        CollideTrace t;
        t.testAllAxes = false;
        const Manifold m = run(p, &t);
        QCOMPARE(m.pointCount, 0);
        QVERIFY(!t.aabbRejected);
        QVERIFY(t.separated);
        QCOMPARE(t.sat.axisCount, 1);
        QCOMPARE(t.sat.mtvAxis, 0);
        QVERIFY(near(t.sat.mtvNormal, {-h, -h}, 1e-12));
        QVERIFY(near(t.sat.mtvDepth, -0.6 * h, 1e-12));
    }

    void separatedLastAxis() {
        // Unit square and triangle (2,0.5), (2,2), (0.5,2): only the triangle's last edge (on x + y = 2.5)
        // separates, by (2.5 - 2)/sqrt2 from the corner (1,1); normal from A to B (1,1)/sqrt2.
        const Pair p = loadPair("separated_last_axis");
        CollideTrace t;
        t.testAllAxes = false;
        const Manifold m = run(p, &t);
        QCOMPARE(m.pointCount, 0);
        QVERIFY(!t.aabbRejected);
        QCOMPARE(t.sat.axisCount, 7);
        QCOMPARE(t.sat.mtvAxis, 6);
        QCOMPARE(int(t.sat.axes[6].owner), int(SatAxisOwner::B));
        QCOMPARE(t.sat.axes[6].edge, 2);
        QVERIFY(near(t.sat.mtvNormal, {h, h}, 1e-12));
        QVERIFY(near(t.sat.mtvDepth, -0.5 * h, 1e-12));
    }
};

QTEST_GUILESS_MAIN(TstCatalogue)
#include "tst_catalogue.moc"
