/// @file tst_cli_compare.cpp
/// `contactlab-cli compare` as a user runs it (the real executable through QProcess): each configuration's
/// --record file is byte for byte the CSV of `simulate --record` on the scene saved with those settings (the
/// settings set here through the engine's own fields, not through the configuration reader); the table's
/// energy and momentum are simulate's; on a free fall the table matches the closed form of semi-implicit
/// Euler; a bad configuration file exits 3 naming the file and the key; usage errors exit 2.

#include "scene_io.h"

#include "cli_test_util.h"

#include <QDir>
#include <QFile>
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

QByteArray readFile(const QString& name) {
    QFile f(name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The number after "label: " in simulate's summary, or NaN.
double summaryValue(const QString& out, const QString& label) {
    const QRegularExpression re(QRegularExpression::escape(label) + QStringLiteral(": \\[?([-+0-9.eE]+)"));
    const auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

/// The table row of configuration `index` (1-based): its cells split on runs of two or more spaces.
QStringList tableRow(const QString& out, int index) {
    for (const QString& line : out.split(u'\n')) {
        if (line.startsWith(QString::number(index) + QStringLiteral("  "))) {
            return line.split(QRegularExpression(QStringLiteral(" {2,}")));
        }
    }
    return {};
}

/// A static ground far below and a dynamic 1 m box (2 kg) falling from rest at (0, y0): a free fall.
QByteArray fallScene(double y0) {
    return QStringLiteral(R"({
  "format": "contactlab-scene", "version": 1,
  "settings": {"gravity": [0, -9.81], "timeStep": 0.016666666666666666},
  "bodies": [
    {"name": "ground", "type": "static", "position": [0, -100],
     "shapes": [{"type": "polygon", "vertices": [[-50, -1], [50, -1], [50, 0], [-50, 0]]}]},
    {"name": "box", "type": "dynamic", "position": [0, %1],
     "shapes": [{"type": "polygon", "vertices": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]],
                 "density": 2}]}
  ]
})")
        .arg(y0, 0, 'g', 17)
        .toUtf8();
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT

private slots:
    void recordEqualsSimulate();
    void freeFallTable();
    void badConfig_data();
    void badConfig();
    void usageErrors_data();
    void usageErrors();
};

// The pyramid under three configurations (the Verlet solver at 4 iterations, Baumgarte PGS, push-out): each
// config-K.csv equals simulate --record on the scene saved with those settings, and the table's energy and
// momentum are simulate's summary.
void TestCliCompare::recordEqualsSimulate() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString sceneFile = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/pyramid.json");
    const cl::Scene scene = cltest::loadScene(sceneFile);
    struct Case {
        QByteArray json;
        phys::WorldSettings settings;
    };
    std::vector<Case> cases;
    {
        phys::WorldSettings s = scene.def.settings;
        s.solver = phys::SolverKind::Verlet;
        s.iterations = 4;
        cases.push_back({R"({"solver": "verlet", "iterations": 4})", s});
    }
    {
        phys::WorldSettings s = scene.def.settings;
        s.positionCorrection = phys::PositionCorrection::Baumgarte;
        s.warmStarting = false;
        cases.push_back({R"({"positionCorrection": "baumgarte", "warmStarting": false})", s});
    }
    {
        phys::WorldSettings s = scene.def.settings;
        s.response = phys::ResponseKind::PushOut;
        cases.push_back({R"({"response": "push-out"})", s});
    }
    QStringList args{QStringLiteral("compare"), sceneFile};
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const QString config = dir.filePath(QStringLiteral("c%1.json").arg(i + 1));
        QVERIFY(writeFile(config, cases[i].json));
        args << QStringLiteral("--config") << config;
    }
    const QString recordDir = dir.filePath(QStringLiteral("records"));
    args << QStringLiteral("--steps") << QStringLiteral("150") << QStringLiteral("--record") << recordDir;
    const Run run = runCli(args);
    QCOMPARE(run.err, QString());
    QCOMPARE(run.exitCode, 0);

    QByteArray previous;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        cl::Scene configured = scene;
        configured.def.settings = cases[i].settings;
        const QString sceneCopy = dir.filePath(QStringLiteral("scene-%1.json").arg(i + 1));
        QCOMPARE(cl::saveSceneFile(configured, sceneCopy), QString());
        const QString csv = dir.filePath(QStringLiteral("simulate-%1.csv").arg(i + 1));
        const Run plain = runCli({QStringLiteral("simulate"), sceneCopy, QStringLiteral("--steps"),
                                  QStringLiteral("150"), QStringLiteral("--record"), csv});
        QCOMPARE(plain.exitCode, 0);
        const QByteArray expected = readFile(csv);
        const QByteArray got = readFile(QDir(recordDir).filePath(QStringLiteral("config-%1.csv").arg(i + 1)));
        QVERIFY(expected.size() > 1000);
        QVERIFY2(got == expected,
                 qPrintable(QStringLiteral("config %1: record differs from simulate").arg(i + 1)));
        QVERIFY(got != previous); // the configurations really run differently
        previous = got;

        const QStringList row = tableRow(run.out, int(i) + 1);
        QCOMPARE(row.size(), 8);
        QVERIFY(row[1].endsWith(QStringLiteral("c%1.json").arg(i + 1)));
        const double energy = summaryValue(plain.out, QStringLiteral("kinetic energy")) +
                              summaryValue(plain.out, QStringLiteral("potential energy"));
        QVERIFY2(std::abs(row[4].toDouble() - energy) <= 1e-5 * std::max(1.0, std::abs(energy)),
                 qPrintable(row.join(u'|') + QStringLiteral(" vs ") + QString::number(energy)));
        QVERIFY(row[2].toDouble() >= 0.0);
        QVERIFY(row[6].toInt() > 0); // the pyramid rests on its contacts
        QVERIFY(row[7].toDouble() > 0.0);
    }
}

// One box falling from rest under two time steps, at the default substeps S: drift y0 - y(n) = g h^2 N (N + 1)
// / 2 with h = dt / S and N = n S, energy m g y + m v^2 / 2 with v = g n dt, momentum [0, -m g n dt], no
// contact and no penetration.
void TestCliCompare::freeFallTable() {
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    QVERIFY(writeFile(scene, fallScene(20.0)));
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    QVERIFY(writeFile(a, "{}"));
    QVERIFY(writeFile(b, R"({"timeStep": 0.008333333333333333})"));
    const int n = 60;
    const Run run = runCli({QStringLiteral("compare"), scene, QStringLiteral("--config"), a,
                            QStringLiteral("--config=") + b, QStringLiteral("--steps"), QString::number(n)});
    QCOMPARE(run.err, QString());
    QCOMPARE(run.exitCode, 0);
    const double g = 9.81, m = 2.0;
    int index = 1;
    for (const double dt : {0.016666666666666666, 0.008333333333333333}) {
        const QStringList row = tableRow(run.out, index++);
        QCOMPARE(row.size(), 8);
        // The default solver substeps: semi-implicit Euler at h = dt / S over N = n S substeps.
        // (Automatic substeps: a body that touches nothing runs the most.)
        const int substeps = phys::substepRange(phys::WorldSettings{}).second;
        const double h = dt / substeps;
        const double drop = g * h * h * (n * substeps) * (n * substeps + 1) / 2.0;
        const double v = g * n * dt;
        const double energy = m * g * (20.0 - drop) + 0.5 * m * v * v;
        QCOMPARE(row[2].toDouble(), 0.0);
        QVERIFY2(std::abs(row[3].toDouble() - drop) <= 1e-5 * drop, qPrintable(row.join(u'|')));
        QVERIFY2(std::abs(row[4].toDouble() - energy) <= 1e-5 * energy, qPrintable(row.join(u'|')));
        const QRegularExpressionMatch p =
            QRegularExpression(QStringLiteral("\\[([-+0-9.eE]+), ([-+0-9.eE]+)\\]")).match(row[5]);
        QVERIFY(p.hasMatch());
        QCOMPARE(p.captured(1).toDouble(), 0.0);
        QVERIFY2(std::abs(p.captured(2).toDouble() + m * v) <= 1e-5 * m * v, qPrintable(row[5]));
        QCOMPARE(row[6], QStringLiteral("0"));
    }
}

void TestCliCompare::badConfig_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad value") << QByteArray(R"({"iterations": 0})")
                               << QStringLiteral("bad.json: iterations: ");
    QTest::newRow("wrong type") << QByteArray(R"({"solver": 4})") << QStringLiteral("bad.json: solver: ");
    QTest::newRow("unknown solver") << QByteArray(R"({"solver": "magic"})")
                                    << QStringLiteral("bad.json: solver: ");
    QTest::newRow("unknown key") << QByteArray(R"({"iteration": 4})")
                                 << QStringLiteral("bad.json: iteration: unknown setting");
    QTest::newRow("not JSON") << QByteArray("{\"solver\": ") << QStringLiteral("bad.json: not valid JSON");
    QTest::newRow("not an object") << QByteArray("[1, 2]")
                                   << QStringLiteral("bad.json: expected a JSON object");
    QTest::newRow("missing") << QByteArray() << QStringLiteral("bad.json: no such file");
}

void TestCliCompare::badConfig() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    QVERIFY(writeFile(scene, fallScene(5.0)));
    const QString good = dir.filePath(QStringLiteral("good.json"));
    QVERIFY(writeFile(good, R"({"iterations": 2})"));
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    if (!json.isEmpty()) {
        QVERIFY(writeFile(bad, json));
    }
    const Run run = runCli({QStringLiteral("compare"), scene, QStringLiteral("--config"), good,
                            QStringLiteral("--config"), bad, QStringLiteral("--steps"), QStringLiteral("5")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QCOMPARE(run.out, QString());
}

void TestCliCompare::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no scene") << QStringList{QStringLiteral("--config"), QStringLiteral("CONFIG"),
                                             QStringLiteral("--steps"), QStringLiteral("3")};
    QTest::newRow("no config") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                              QStringLiteral("3")};
    QTest::newRow("config without value") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--steps"),
                                                         QStringLiteral("3"), QStringLiteral("--config")};
    QTest::newRow("no steps") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--config"),
                                             QStringLiteral("CONFIG")};
    QTest::newRow("bad steps") << QStringList{QStringLiteral("SCENE"), QStringLiteral("--config"),
                                              QStringLiteral("CONFIG"), QStringLiteral("--steps"),
                                              QStringLiteral("-1")};
    QTest::newRow("two scenes") << QStringList{QStringLiteral("SCENE"),    QStringLiteral("SCENE"),
                                               QStringLiteral("--config"), QStringLiteral("CONFIG"),
                                               QStringLiteral("--steps"),  QStringLiteral("3")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("SCENE"),  QStringLiteral("--config"),
                                                   QStringLiteral("CONFIG"), QStringLiteral("--steps"),
                                                   QStringLiteral("3"),      QStringLiteral("--solver"),
                                                   QStringLiteral("verlet")};
}

void TestCliCompare::usageErrors() {
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString scene = dir.filePath(QStringLiteral("fall.json"));
    QVERIFY(writeFile(scene, fallScene(5.0)));
    const QString config = dir.filePath(QStringLiteral("config.json"));
    QVERIFY(writeFile(config, "{}"));
    args.replaceInStrings(QStringLiteral("SCENE"), scene);
    args.replaceInStrings(QStringLiteral("CONFIG"), config);
    const Run run = runCli(QStringList{QStringLiteral("compare")} + args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("Usage: contactlab-cli compare")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliCompare)
#include "tst_cli_compare.moc"
