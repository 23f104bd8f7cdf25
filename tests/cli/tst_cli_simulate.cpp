/// @file tst_cli_simulate.cpp
/// `contactlab-cli simulate` as a user runs it (the real executable through QProcess): the CSV of a free fall
/// matches the closed form of semi-implicit Euler, --out writes the final state in the scene format, the
/// summary reports the energies and momentum, and bad arguments or scenes give exit codes 2 and 3.

#include "scene_io.h"

#include "cli_test_util.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

using cltest::Run;
using cltest::runCli;

bool writeFile(const QString& name, const QByteArray& data) {
    QFile f(name);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

/// A static ground far below and a dynamic 1 m box at (x0, y0) moving at (vx, 0): a free fall for the first
/// second at least (the ground is 100 m down).
QByteArray fallScene(double x0, double y0, double vx, double dt) {
    return QStringLiteral(R"({
  "format": "contactlab-scene", "version": 1,
  "settings": {"gravity": [0, -9.81], "timeStep": %4, "iterations": 8, "substeps": 1},
  "bodies": [
    {"name": "ground", "type": "static", "position": [0, -100],
     "shapes": [{"type": "polygon", "vertices": [[-50, -1], [50, -1], [50, 0], [-50, 0]]}]},
    {"name": "box", "type": "dynamic", "position": [%1, %2], "linearVelocity": [%3, 0],
     "shapes": [{"type": "polygon", "vertices": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]],
                 "density": 2}]}
  ]
})")
        .arg(x0, 0, 'g', 17)
        .arg(y0, 0, 'g', 17)
        .arg(vx, 0, 'g', 17)
        .arg(dt, 0, 'g', 17)
        .toUtf8();
}

/// The number after "label: " in the summary, or NaN.
double summaryValue(const QString& out, const QString& label) {
    const QRegularExpression re(QRegularExpression::escape(label) + QStringLiteral(": \\[?([-+0-9.eE]+)"));
    const auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

} // namespace

class TestCliSimulate : public QObject {
    Q_OBJECT

private slots:
    void freeFallCsvMatchesClosedForm();
    void outWritesFinalState();
    void zeroSteps();
    void usageErrors_data();
    void usageErrors();
    void invalidScene();
};

void TestCliSimulate::freeFallCsvMatchesClosedForm() {
    // Semi-implicit Euler from rest in y: y(n) = y0 - g dt^2 n (n + 1) / 2, x(n) = x0 + vx n dt, vy = -g n
    // dt.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const double x0 = 1.25, y0 = 20.0, vx = 3.0, dt = 1.0 / 60.0, g = 9.81;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    const QString csv = dir.filePath(QStringLiteral("fall.csv"));
    QVERIFY(writeFile(scene, fallScene(x0, y0, vx, dt)));
    const int steps = 90;
    const Run run = runCli({QStringLiteral("simulate"), scene, QStringLiteral("--steps"),
                            QString::number(steps), QStringLiteral("--record"), csv});
    QCOMPARE(run.err, QString());
    QCOMPARE(run.exitCode, 0);

    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("step,time,body,x,y,angle,vx,vy,omega"));
    QCOMPARE(lines.size(), 1 + 2 * steps); // one row per body (static included) per step
    int boxRows = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList c = lines[i].split(u',');
        QCOMPARE(c.size(), 9);
        const int n = c[0].toInt();
        const int body = c[2].toInt();
        QCOMPARE(n, (i - 1) / 2 + 1);
        QCOMPARE(body, (i - 1) % 2);
        QVERIFY(std::abs(c[1].toDouble() - n * dt) < 1e-12);
        if (body == 0) {
            QCOMPARE(c[3].toDouble(), 0.0);
            QCOMPARE(c[4].toDouble(), -100.0);
            continue;
        }
        ++boxRows;
        const double x = c[3].toDouble(), y = c[4].toDouble();
        QVERIFY2(std::abs(x - (x0 + vx * n * dt)) < 1e-9, qPrintable(lines[i]));
        QVERIFY2(std::abs(y - (y0 - g * dt * dt * n * (n + 1) / 2.0)) < 1e-9, qPrintable(lines[i]));
        QCOMPARE(c[5].toDouble(), 0.0);
        QVERIFY(std::abs(c[6].toDouble() - vx) < 1e-12);
        QVERIFY(std::abs(c[7].toDouble() + g * n * dt) < 1e-9);
        QCOMPARE(c[8].toDouble(), 0.0);
    }
    QCOMPARE(boxRows, steps);

    // Summary: the closed-form energies and momentum of the 2 kg box (density 2, 1 m^2).
    const double m = 2.0;
    const double vy = -g * steps * dt;
    const double y = y0 - g * dt * dt * steps * (steps + 1) / 2.0;
    QCOMPARE(summaryValue(run.out, QStringLiteral("steps")), double(steps));
    QVERIFY(std::abs(summaryValue(run.out, QStringLiteral("kinetic energy")) -
                     0.5 * m * (vx * vx + vy * vy)) < 1e-6);
    QVERIFY(std::abs(summaryValue(run.out, QStringLiteral("potential energy")) - m * g * y) < 1e-6);
    QVERIFY(std::abs(summaryValue(run.out, QStringLiteral("linear momentum")) - m * vx) < 1e-6);
    QVERIFY(summaryValue(run.out, QStringLiteral("wall time")) >= 0.0);
}

void TestCliSimulate::outWritesFinalState() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    const QString out = dir.filePath(QStringLiteral("state.json"));
    const QString csv = dir.filePath(QStringLiteral("fall.csv"));
    QVERIFY(writeFile(scene, fallScene(0.0, 5.0, -1.0, 1.0 / 60.0)));
    const Run run =
        runCli({QStringLiteral("simulate"), scene, QStringLiteral("--steps"), QStringLiteral("30"),
                QStringLiteral("--out"), out, QStringLiteral("--record"), csv});
    QCOMPARE(run.exitCode, 0);
    auto loaded = cl::loadSceneFile(out);
    QVERIFY(std::holds_alternative<cl::Scene>(loaded));
    const phys::SceneDef& def = std::get<cl::Scene>(loaded).def;
    QCOMPARE(def.bodies.size(), std::size_t(2));
    QCOMPARE(def.bodies[1].name, std::string("box"));
    // The saved pose and velocity are the CSV's last row for the box, bit for bit.
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    const QStringList last = lines.last().split(u',');
    QCOMPARE(last[0], QStringLiteral("30"));
    QCOMPARE(def.bodies[1].position.x, last[3].toDouble());
    QCOMPARE(def.bodies[1].position.y, last[4].toDouble());
    QCOMPARE(def.bodies[1].linearVelocity.y, last[7].toDouble());
    QCOMPARE(def.bodies[0].position.y, -100.0);
}

void TestCliSimulate::zeroSteps() {
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    const QString out = dir.filePath(QStringLiteral("state.json"));
    QVERIFY(writeFile(scene, fallScene(0.5, 5.0, 0.0, 1.0 / 60.0)));
    const Run run = runCli({QStringLiteral("simulate"), scene, QStringLiteral("--steps"), QStringLiteral("0"),
                            QStringLiteral("--out"), out});
    QCOMPARE(run.exitCode, 0);
    auto loaded = cl::loadSceneFile(out);
    QVERIFY(std::holds_alternative<cl::Scene>(loaded));
    QCOMPARE(std::get<cl::Scene>(loaded).def.bodies[1].position.x, 0.5);
    QCOMPARE(std::get<cl::Scene>(loaded).def.bodies[1].position.y, 5.0);
}

void TestCliSimulate::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no scene") << QStringList{QStringLiteral("--steps"), QStringLiteral("3")};
    QTest::newRow("no steps") << QStringList{QStringLiteral("SCENE")};
    QTest::newRow("bad steps") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                              QStringLiteral("ten")};
    QTest::newRow("negative steps") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                                   QStringLiteral("-1")};
    QTest::newRow("bad solver") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                               QStringLiteral("1"), QStringLiteral("--solver"),
                                               QStringLiteral("magic")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                                   QStringLiteral("1"), QStringLiteral("--fast")};
}

void TestCliSimulate::usageErrors() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    QVERIFY(writeFile(scene, fallScene(0.0, 5.0, 0.0, 1.0 / 60.0)));
    args.replaceInStrings(QStringLiteral("SCENE"), scene);
    const Run run = runCli(QStringList{QStringLiteral("simulate")} + args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains(QStringLiteral("Usage: contactlab-cli simulate")));
}

void TestCliSimulate::invalidScene() {
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("bad.json"));
    QByteArray data = fallScene(0.0, 5.0, 0.0, 1.0 / 60.0);
    data.replace("\"density\": 2", "\"density\": -2");
    QVERIFY(writeFile(scene, data));
    const Run run =
        runCli({QStringLiteral("simulate"), scene, QStringLiteral("--steps"), QStringLiteral("3")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("bodies[1].shapes[0].density")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliSimulate)
#include "tst_cli_simulate.moc"
