// contactlab-cli collide --method gjk|epa: runs the executable (QProcess) on every catalogue scene and checks
// that every number it prints equals the engine's (shapeDistance, gjkEpaPenetration, clipPolygons), computed
// here in-process from the same file; the per-iteration traces have the engine's length and content; a
// compound body gives one object per shape pair; an unknown method is a usage error.
#include "scene_io.h"

#include "cli_test_util.h"

#include "physics/epa.h"

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

Transform placement(const BodyDef& body) {
    return {body.position, Rot(body.angle)};
}

void compareGjkTrace(const QJsonObject& o, const DistanceTrace& t) {
    QCOMPARE(o.value("termination").toString(), QString::fromLatin1(toString(t.termination)));
    const QJsonArray its = o.value("iterations").toArray();
    QCOMPARE(its.size(), qsizetype(t.iterations.size()));
    for (qsizetype i = 0; i < its.size(); ++i) {
        const QJsonObject it = its.at(i).toObject();
        const GjkIteration& e = t.iterations[std::size_t(i)];
        QCOMPARE(it.value("region").toString(), QString::fromLatin1(toString(e.region)));
        const QJsonArray simplex = it.value("simplex").toArray();
        QCOMPARE(simplex.size(), qsizetype(e.simplex.count));
        for (int k = 0; k < e.simplex.count; ++k) {
            QVERIFY(sameVec(simplex.at(k).toObject().value("w"), e.simplex.v[k].w));
            QCOMPARE(simplex.at(k).toObject().value("indexA").toInt(), e.simplex.v[k].indexA);
        }
        const QJsonArray reduced = it.value("reduced").toArray();
        QCOMPARE(reduced.size(), qsizetype(e.reduced.count));
        for (int k = 0; k < e.reduced.count; ++k) {
            QCOMPARE(reduced.at(k).toObject().value("weight").toDouble(), e.reduced.v[k].a);
        }
        QVERIFY(sameVec(it.value("closest"), e.closest));
        QVERIFY(sameVec(it.value("direction"), e.direction));
        QVERIFY(sameVec(it.value("supportA"), e.supportA));
        QVERIFY(sameVec(it.value("supportB"), e.supportB));
        QCOMPARE(it.value("supportIndexA").toInt(), e.supportIndexA);
        QCOMPARE(it.value("duplicate").toBool(), e.duplicate);
    }
}

void compareGjk(const QJsonObject& o, const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b,
                const Transform& xfB) {
    DistanceTrace trace;
    const DistanceOutput d = shapeDistance(makeProxy(a), xfA, makeProxy(b), xfB, true, &trace);
    QCOMPARE(o.value("method").toString(), QStringLiteral("gjk"));
    QCOMPARE(o.value("separated").toBool(), d.distance > 0.0);
    QCOMPARE(o.value("distance").toDouble(), d.distance);
    QVERIFY(sameVec(o.value("pointA"), d.pointA));
    QVERIFY(sameVec(o.value("pointB"), d.pointB));
    QVERIFY(sameVec(o.value("normal"), d.normal));
    QCOMPARE(o.value("iterations").toInt(), d.iterations);
    compareGjkTrace(o.value("gjk").toObject(), trace);
}

void compareEpa(const QJsonObject& o, const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b,
                const Transform& xfB) {
    DistanceTrace gjkTrace;
    EpaTrace epaTrace;
    const PenetrationOutput p = gjkEpaPenetration(a, xfA, b, xfB, &gjkTrace, &epaTrace);
    QCOMPARE(o.value("method").toString(), QStringLiteral("epa"));
    QCOMPARE(o.value("separated").toBool(), p.depth < 0.0);
    QCOMPARE(o.value("depth").toDouble(), p.depth);
    QVERIFY(sameVec(o.value("normal"), p.normal));
    QVERIFY(sameVec(o.value("pointA"), p.pointA));
    QVERIFY(sameVec(o.value("pointB"), p.pointB));
    QCOMPARE(o.value("coresOverlap").toBool(), p.coresOverlap);
    compareGjkTrace(o.value("gjk").toObject(), gjkTrace);
    if (!p.coresOverlap) {
        QVERIFY(o.value("epa").isNull());
    } else {
        const QJsonObject epa = o.value("epa").toObject();
        QCOMPARE(epa.value("seedCount").toInt(), epaTrace.seedCount);
        QCOMPARE(epa.value("seedAdded").toArray().size(), qsizetype(epaTrace.seedAdded.size()));
        QCOMPARE(epa.value("termination").toString(), QString::fromLatin1(toString(epaTrace.termination)));
        const QJsonArray its = epa.value("iterations").toArray();
        QCOMPARE(its.size(), qsizetype(epaTrace.iterations.size()));
        for (qsizetype i = 0; i < its.size(); ++i) {
            const QJsonObject it = its.at(i).toObject();
            const EpaIteration& e = epaTrace.iterations[std::size_t(i)];
            const QJsonArray polytope = it.value("polytope").toArray();
            QCOMPARE(polytope.size(), qsizetype(e.polytope.size()));
            for (qsizetype k = 0; k < polytope.size(); ++k) {
                QVERIFY(sameVec(polytope.at(k).toObject().value("w"), e.polytope[std::size_t(k)].w));
            }
            QCOMPARE(it.value("closestEdge").toInt(), e.closestEdge);
            QVERIFY(sameVec(it.value("normal"), e.normal));
            QCOMPARE(it.value("distance").toDouble(), e.distance);
            QVERIFY(sameVec(it.value("support").toObject().value("w"), e.support.w));
            QCOMPARE(it.value("supportDistance").toDouble(), e.supportDistance);
            QCOMPARE(it.value("last").toBool(), e.last);
        }
    }
    const auto* pa = std::get_if<Polygon>(&a);
    const auto* pb = std::get_if<Polygon>(&b);
    if (pa && pb && p.depth >= 0.0) {
        const Manifold m = clipPolygons(*pa, xfA, *pb, xfB, p.normal, p.owner);
        const QJsonArray points = o.value("manifold").toObject().value("points").toArray();
        QCOMPARE(points.size(), qsizetype(m.pointCount));
        for (int i = 0; i < m.pointCount; ++i) {
            QVERIFY(sameVec(points.at(i).toObject().value("point"), m.points[i].point));
            QCOMPARE(points.at(i).toObject().value("depth").toDouble(), m.points[i].depth);
        }
    } else {
        QVERIFY(o.value("manifold").isNull());
    }
}

} // namespace

class TstCliGjk : public QObject {
    Q_OBJECT
private slots:
    void everyCatalogueSceneMatchesTheEngine_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("method");
        const QStringList files = QDir(catalogueDir()).entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 11);
        for (const QString& f : files) {
            for (const char* m : {"gjk", "epa"}) {
                QTest::newRow(qPrintable(f + u' ' + QLatin1String(m)))
                    << catalogueDir() + u'/' + f << QString::fromLatin1(m);
            }
        }
    }

    void everyCatalogueSceneMatchesTheEngine() {
        QFETCH(QString, file);
        QFETCH(QString, method);
        const cl::Scene scene = loadScene(file);
        const BodyDef& a = scene.def.bodies[0];
        const BodyDef& b = scene.def.bodies[1];
        QCOMPARE(a.shapes.size(), std::size_t(1));
        const Run r = runCli({"collide", file, "--a", "0", "--b", "1", "--method", method});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        if (method == QStringLiteral("gjk")) {
            compareGjk(o, a.shapes[0].geometry, placement(a), b.shapes[0].geometry, placement(b));
        } else {
            compareEpa(o, a.shapes[0].geometry, placement(a), b.shapes[0].geometry, placement(b));
        }
    }

    void spotChecks() {
        // separated_last_axis.json: the shapes are apart, so GJK gives a positive distance and EPA a negative
        // depth of the same size; deep_penetration.json: EPA's depth equals SAT's MTV depth printed by the
        // default method.
        const QString apart = catalogueDir() + "/separated_last_axis.json";
        const QJsonObject g =
            QJsonDocument::fromJson(
                runCli({"collide", apart, "--a", "0", "--b", "1", "--method", "gjk"}).out.toUtf8())
                .object();
        const QJsonObject e =
            QJsonDocument::fromJson(
                runCli({"collide", apart, "--a", "0", "--b", "1", "--method", "epa"}).out.toUtf8())
                .object();
        QVERIFY(g.value("separated").toBool());
        QVERIFY(g.value("distance").toDouble() > 0.0);
        QVERIFY(std::abs(e.value("depth").toDouble() + g.value("distance").toDouble()) <= 1e-12);
        QVERIFY(e.value("epa").isNull());

        const QString deep = catalogueDir() + "/deep_penetration.json";
        const QJsonObject sat =
            QJsonDocument::fromJson(runCli({"collide", deep, "--a", "0", "--b", "1"}).out.toUtf8()).object();
        const QJsonObject epa =
            QJsonDocument::fromJson(
                runCli({"collide", deep, "--a", "0", "--b", "1", "--method", "epa"}).out.toUtf8())
                .object();
        const QJsonObject mtv = sat.value("sat").toObject().value("mtv").toObject();
        QVERIFY(std::abs(epa.value("depth").toDouble() - mtv.value("depth").toDouble()) <= 1e-9);
        const QJsonArray n1 = epa.value("normal").toArray(), n2 = mtv.value("normal").toArray();
        QVERIFY(std::abs(n1.at(0).toDouble() - n2.at(0).toDouble()) <= 1e-9);
        QVERIFY(std::abs(n1.at(1).toDouble() - n2.at(1).toDouble()) <= 1e-9);
        QVERIFY(epa.value("epa").toObject().value("iterations").toArray().size() >= 1);
    }

    void compoundBodyGivesOnePairEach() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("compound.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // An L made of two pieces, and a ball overlapping its corner piece.
        f.write(R"({"format": "contactlab-scene", "version": 1, "bodies": [
            {"shapes": [{"type": "polygon", "vertices": [[0,0],[2,0],[2,1],[0,1]]},
                        {"type": "polygon", "vertices": [[0,1],[1,1],[1,2],[0,2]]}]},
            {"position": [1.8, 1.2], "shapes": [{"type": "circle", "center": [0,0], "radius": 0.5}]}]})");
        f.close();
        const cl::Scene scene = loadScene(path);
        for (const char* method : {"gjk", "epa"}) {
            const Run r = runCli({"collide", path, "--a", "0", "--b", "1", "--method", method});
            QCOMPARE(r.exitCode, 0);
            const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
            const QJsonArray pairs = o.value("pairs").toArray();
            QCOMPARE(pairs.size(), 2);
            QVERIFY(!o.value("separated").toBool());
            for (int i = 0; i < 2; ++i) {
                const QJsonObject pair = pairs.at(i).toObject();
                QCOMPARE(pair.value("shapeA").toInt(), i);
                const auto& bodies = scene.def.bodies;
                if (QLatin1String(method) == QLatin1String("gjk")) {
                    compareGjk(pair, bodies[0].shapes[std::size_t(i)].geometry, placement(bodies[0]),
                               bodies[1].shapes[0].geometry, placement(bodies[1]));
                } else {
                    compareEpa(pair, bodies[0].shapes[std::size_t(i)].geometry, placement(bodies[0]),
                               bodies[1].shapes[0].geometry, placement(bodies[1]));
                }
            }
        }
    }

    void unknownMethodIsAUsageError() {
        const QString scene = catalogueDir() + "/edge_on_edge.json";
        const Run r = runCli({"collide", scene, "--a", "0", "--b", "1", "--method", "gjk2"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("gjk or epa"), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        const Run help = runCli({"collide", "--help"});
        QVERIFY(help.out.contains("gjk|epa"));
    }
};

QTEST_GUILESS_MAIN(TstCliGjk)
#include "tst_cli_gjk.moc"
