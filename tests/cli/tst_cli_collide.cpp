// contactlab-cli collide: runs the executable (QProcess) on every catalogue scene with every contact method
// and checks that every number it prints equals the engine's, computed here in-process from the same file;
// plus the multi-shape output and the exit codes 2 and 3.
#include "scene_io.h"

#include "cli_test_util.h"

#include "physics/collide.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace phys;
using cltest::catalogueDir;
using cltest::loadScene;
using cltest::Run;
using cltest::runCli;
using cltest::sameVec;

namespace {

/// Compares one printed pair object with the engine's trace, number for number (exact equality: the CLI
/// prints the shortest form that reads back to the same double).
void comparePair(const QJsonObject& o, const CollideTrace& t) {
    QCOMPARE(o.value("kind").toString(), QString::fromLatin1(toString(t.kind)));
    QCOMPARE(o.value("separated").toBool(), t.separated);
    QCOMPARE(o.value("aabb").toObject().value("rejected").toBool(), t.aabbRejected);

    const QJsonObject sat = o.value("sat").toObject();
    const QJsonArray axes = sat.value("axes").toArray();
    QCOMPARE(axes.size(), qsizetype(t.sat.axisCount));
    for (int i = 0; i < t.sat.axisCount; ++i) {
        const QJsonObject a = axes.at(i).toObject();
        const SatAxis& e = t.sat.axes[i];
        QCOMPARE(a.value("owner").toString(), QString::fromLatin1(toString(e.owner)));
        QCOMPARE(a.value("edge").toInt(), e.edge);
        QVERIFY(sameVec(a.value("normal"), e.normal));
        QVERIFY(sameVec(a.value("a"), {e.minA, e.maxA}));
        QVERIFY(sameVec(a.value("b"), {e.minB, e.maxB}));
        QCOMPARE(a.value("overlap").toDouble(), e.overlap);
        QCOMPARE(a.value("separating").toBool(), e.separating);
    }
    const QJsonObject mtv = sat.value("mtv").toObject();
    QVERIFY(sameVec(mtv.value("normal"), t.sat.mtvNormal));
    QCOMPARE(mtv.value("depth").toDouble(), t.sat.mtvDepth);
    QCOMPARE(mtv.value("axis").toInt(), t.sat.mtvAxis);

    const QJsonObject manifold = o.value("manifold").toObject();
    const QJsonArray points = manifold.value("points").toArray();
    QCOMPARE(points.size(), qsizetype(t.manifold.pointCount));
    if (t.manifold.pointCount > 0) {
        QVERIFY(sameVec(manifold.value("normal"), t.manifold.normal));
    }
    for (int i = 0; i < t.manifold.pointCount; ++i) {
        const QJsonObject p = points.at(i).toObject();
        QVERIFY(sameVec(p.value("point"), t.manifold.points[i].point));
        QCOMPARE(p.value("depth").toDouble(), t.manifold.points[i].depth);
        QCOMPARE(qint64(p.value("id").toDouble()), qint64(t.manifold.points[i].id.key()));
    }

    const bool clipped =
        t.kind == ShapePairKind::PolygonPolygon && !t.sat.separated && t.method == ContactMethod::Clipping;
    QCOMPARE(o.value("clip").isObject(), clipped);
    if (clipped) {
        const QJsonObject c = o.value("clip").toObject();
        QCOMPARE(c.value("flip").toBool(), t.clip.flip);
        QCOMPARE(c.value("bestEdgeA").toObject().value("edge").toInt(), t.clip.candidateA.edge);
        QCOMPARE(c.value("bestEdgeB").toObject().value("edge").toInt(), t.clip.candidateB.edge);
        QCOMPARE(c.value("bestEdgeA").toObject().value("edgeDot").toDouble(), t.clip.candidateA.edgeDot);
        QCOMPARE(c.value("bestEdgeB").toObject().value("edgeDot").toDouble(), t.clip.candidateB.edgeDot);
        const QJsonObject ref = c.value("reference").toObject();
        QCOMPARE(ref.value("edge").toInt(), t.clip.referenceEdge);
        QVERIFY(sameVec(ref.value("normal"), t.clip.referenceNormal));
        QCOMPARE(ref.value("offset").toDouble(), t.clip.referenceOffset);
        const QJsonArray planes = c.value("planes").toArray();
        QCOMPARE(planes.size(), qsizetype(t.clip.planeCount));
        for (int i = 0; i < t.clip.planeCount; ++i) {
            const QJsonObject pl = planes.at(i).toObject();
            QCOMPARE(pl.value("offset").toDouble(), t.clip.planes[i].offset);
            const QJsonArray after = pl.value("after").toArray();
            QCOMPARE(after.size(), qsizetype(t.clip.planes[i].afterCount));
            for (int j = 0; j < t.clip.planes[i].afterCount; ++j) {
                QVERIFY(sameVec(after.at(j), t.clip.planes[i].after[j]));
            }
        }
        const QJsonArray face = c.value("referenceFace").toArray();
        QCOMPARE(face.size(), qsizetype(t.clip.pointCount));
        for (int i = 0; i < t.clip.pointCount; ++i) {
            QCOMPARE(face.at(i).toObject().value("depth").toDouble(), t.clip.points[i].depth);
            QCOMPARE(face.at(i).toObject().value("kept").toBool(), t.clip.points[i].kept);
        }
    }
    if (t.kind == ShapePairKind::PolygonPolygon && !t.sat.separated &&
        t.method == ContactMethod::VertexEdge) {
        QCOMPARE(o.value("vertexEdge").toObject().value("case").toString(),
                 QString::fromLatin1(toString(t.vertexEdge.which)));
    }
    if (t.kind == ShapePairKind::PolygonPolygon && !t.sat.separated &&
        t.method == ContactMethod::DeepestVertices) {
        QCOMPARE(o.value("deepestVertices").toObject().value("averaged").toBool(), t.deepest.averaged);
    }
}

CollideTrace engineTrace(const cl::Scene& scene, int a, int b, int shapeA, int shapeB, ContactMethod method) {
    const BodyDef& ba = scene.def.bodies[std::size_t(a)];
    const BodyDef& bb = scene.def.bodies[std::size_t(b)];
    CollideTrace trace;
    collide(ba.shapes[std::size_t(shapeA)].geometry, Transform{ba.position, Rot(ba.angle)},
            bb.shapes[std::size_t(shapeB)].geometry, Transform{bb.position, Rot(bb.angle)}, method, 0.0,
            &trace);
    return trace;
}

} // namespace

class TstCliCollide : public QObject {
    Q_OBJECT
private slots:
    void everyCatalogueSceneMatchesTheEngine_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("method");
        const QStringList files = QDir(catalogueDir()).entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 11);
        for (const QString& f : files) {
            for (const char* m : {"clipping", "deepest-vertices", "vertex-edge"}) {
                QTest::newRow(qPrintable(f + u' ' + QLatin1String(m)))
                    << catalogueDir() + u'/' + f << QString::fromLatin1(m);
            }
        }
    }

    void everyCatalogueSceneMatchesTheEngine() {
        QFETCH(QString, file);
        QFETCH(QString, method);
        const Run r =
            runCli({QStringLiteral("collide"), file, QStringLiteral("--a"), QStringLiteral("0"),
                    QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--method"), method});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject o = doc.object();
        QCOMPARE(o.value("bodyA").toInt(), 0);
        QCOMPARE(o.value("bodyB").toInt(), 1);
        QCOMPARE(o.value("method").toString(), method);
        const CollideTrace t =
            engineTrace(loadScene(file), 0, 1, 0, 0, *parseContactMethod(method.toStdString()));
        comparePair(o, t);
    }

    void catalogueSpotChecks() {
        // A few values computed by hand (see tests/physics/tst_catalogue.cpp), read from the printed JSON.
        Run r = runCli({"collide", catalogueDir() + "/edge_on_edge.json", "--a", "0", "--b", "1"});
        QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QJsonArray pts = o.value("manifold").toObject().value("points").toArray();
        QCOMPARE(pts.size(), 2);
        QVERIFY(std::abs(pts.at(0).toObject().value("depth").toDouble() - 0.05) < 1e-12);
        QCOMPARE(o.value("clip").toObject().value("reference").toObject().value("owner").toString(), "a");
        QCOMPARE(o.value("sat").toObject().value("axes").toArray().size(), 8);

        r = runCli({"collide", catalogueDir() + "/separated_last_axis.json", "--a", "0", "--b", "1"});
        o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(r.exitCode, 0);
        QVERIFY(o.value("separated").toBool());
        QVERIFY(o.value("clip").isNull());
        QCOMPARE(o.value("sat").toObject().value("mtv").toObject().value("axis").toInt(), 6);
        QCOMPARE(o.value("sat").toObject().value("mtv").toObject().value("owner").toString(), "b");

        // Swapping the bodies turns the normal round.
        r = runCli({"collide", catalogueDir() + "/two_circles.json", "--a", "1", "--b", "0"});
        o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray n = o.value("manifold").toObject().value("normal").toArray();
        QVERIFY(std::abs(n.at(0).toDouble() + 0.8) < 1e-12 && std::abs(n.at(1).toDouble() + 0.6) < 1e-12);
    }

    void overlapIsTheSignedIntervalOverlap() {
        // shapes.json: the ground A = [-10, 10] x [-1, 0], the box B = [-8, -7] x [1, 2] (1 m above it). Each
        // axis prints overlap = min(maxA - minB, maxB - minA), negative for a gap, by hand:
        //   A edge 0, n (0,-1): a [0, 1], b [-2, -1]   -> min(1 + 2, -1 - 0) = -1: a gap of 1 m, separating
        //   A edge 1, n (1,0):  a [-10, 10], b [-8, -7] -> min(10 + 8, -7 + 10) = 3
        //   A edge 2, n (0,1):  a [-1, 0], b [1, 2]    -> min(0 - 1, 2 + 1) = -1, separating
        //   A edge 3, n (-1,0): a [-10, 10], b [7, 8]   -> min(10 - 7, 8 + 10) = 3
        // B's edges have the same four normals and the same numbers. The first gap (A's edge 0) is reported,
        // its normal from A to B being (0,1) (B lies on the -n side of that axis), depth -1.
        const Run r =
            runCli({"collide", QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/shapes.json"), "--a",
                    "0", "--b", "1"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(o.value("separated").toBool());
        const QJsonObject sat = o.value("sat").toObject();
        const QJsonArray axes = sat.value("axes").toArray();
        QCOMPARE(axes.size(), 8);
        const double expected[4] = {-1.0, 3.0, -1.0, 3.0};
        const double a[4][2] = {{0, 1}, {-10, 10}, {-1, 0}, {-10, 10}};
        const double b[4][2] = {{-2, -1}, {-8, -7}, {1, 2}, {7, 8}};
        for (int i = 0; i < 8; ++i) {
            const QJsonObject axis = axes.at(i).toObject();
            QCOMPARE(axis.value("owner").toString(), QString::fromLatin1(i < 4 ? "a" : "b"));
            QCOMPARE(axis.value("edge").toInt(), i % 4);
            QVERIFY(sameVec(axis.value("a"), {a[i % 4][0], a[i % 4][1]}));
            QVERIFY(sameVec(axis.value("b"), {b[i % 4][0], b[i % 4][1]}));
            QCOMPARE(axis.value("overlap").toDouble(), expected[i % 4]);
            QCOMPARE(axis.value("separating").toBool(), expected[i % 4] < 0.0);
        }
        const QJsonObject mtv = sat.value("mtv").toObject();
        QCOMPARE(mtv.value("axis").toInt(), 0);
        QCOMPARE(mtv.value("depth").toDouble(), -1.0);
        QVERIFY(sameVec(mtv.value("normal"), {0, 1}));
    }

    void multiShapeBodiesGiveOnePairEach() {
        // compound.json: body 1 (hammer) has 2 shapes, body 2 (dumbbell) 3: six pairs, shape indices in
        // order.
        const QString file = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/compound.json");
        const Run r = runCli({"collide", file, "--a", "1", "--b", "2"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray pairs = o.value("pairs").toArray();
        const cl::Scene scene = loadScene(file);
        const int na = int(scene.def.bodies[1].shapes.size()), nb = int(scene.def.bodies[2].shapes.size());
        QCOMPARE(pairs.size(), qsizetype(na * nb));
        bool allSeparated = true;
        for (int i = 0; i < na; ++i) {
            for (int j = 0; j < nb; ++j) {
                const QJsonObject p = pairs.at(i * nb + j).toObject();
                QCOMPARE(p.value("shapeA").toInt(), i);
                QCOMPARE(p.value("shapeB").toInt(), j);
                const CollideTrace t = engineTrace(scene, 1, 2, i, j, ContactMethod::Clipping);
                comparePair(p, t);
                allSeparated = allSeparated && t.separated;
            }
        }
        QCOMPARE(o.value("separated").toBool(), allSeparated);
    }

    void exitCodes() {
        const QString scene = catalogueDir() + "/edge_on_edge.json";
        QCOMPARE(runCli({"collide", scene, "--a", "0"}).exitCode, 2);             // --b missing
        QCOMPARE(runCli({"collide", scene, "--a", "0", "--b", "7"}).exitCode, 2); // no body 7
        QCOMPARE(runCli({"collide", scene, "--a", "0", "--b", "0"}).exitCode, 2); // same body
        QCOMPARE(runCli({"collide", scene, "--a", "x", "--b", "1"}).exitCode, 2); // not a number
        QCOMPARE(runCli({"collide", scene, "--a", "0", "--b", "1", "--method", "magic"}).exitCode, 2);
        QCOMPARE(runCli({"collide", "--a", "0", "--b", "1"}).exitCode, 2); // no scene
        QCOMPARE(runCli({"collide", scene, "--a", "0", "--b", "1", "--bogus"}).exitCode, 2);
        const Run help = runCli({"collide", "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--method"));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString bad = dir.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "contactlab-scene", "version": 1, "bodies": [
            {"shapes": [{"type": "polygon", "vertices": [[0,0],[1,0],[0.2,0.2],[0,1]]}]},
            {"shapes": [{"type": "circle", "center": [0,0], "radius": 1}]}]})");
        f.close();
        const Run r = runCli({"collide", bad, "--a", "0", "--b", "1"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("bodies[0].shapes[0]"), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(runCli({"collide", dir.filePath("missing.json"), "--a", "0", "--b", "1"}).exitCode, 3);
    }
};

QTEST_GUILESS_MAIN(TstCliCollide)
#include "tst_cli_collide.moc"
