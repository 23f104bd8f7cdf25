/// @file tst_cli_validate.cpp
/// `contactlab-cli validate` as a user runs it (the real executable through QProcess): exit codes 0/2/3, the
/// "ok" summary with counts, errors on stderr naming the file and the place, usage texts.

#include "../core/fixture_table.h"
#include "scene_io.h"

#include "cli_test_util.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using cltest::Run;
using cltest::runCli;

QString plural(int n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT

private slots:
    void validScenes_data();
    void validScenes();
    void badFixtures_data();
    void badFixtures();
    void generatedBadFiles();
    void usage_data();
    void usage();
    void help();
    void missingFileOrDirectory();
};

void TestCliValidate::validScenes_data() {
    QTest::addColumn<QString>("file");
    const QStringList samples = fixtures::jsonFiles(fixtures::scenesDir());
    QVERIFY(samples.size() >= 4);
    for (const QString& f : samples + fixtures::jsonFiles(fixtures::goodDir())) {
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
}

void TestCliValidate::validScenes() {
    QFETCH(QString, file);
    // The expected counts come from the library, the words from the contract.
    auto loaded = cl::loadSceneFile(file);
    QVERIFY(std::holds_alternative<cl::Scene>(loaded));
    const cl::SceneCounts c = cl::countShapes(std::get<cl::Scene>(loaded).def);
    QCOMPARE(c.shapes, c.polygons + c.circles);

    const Run run = runCli({QStringLiteral("validate"), file});
    QCOMPARE(run.err, QString());
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out,
             QStringLiteral("ok: %1, %2 (%3, %4)\n")
                 .arg(plural(c.bodies, "body", "bodies"), plural(c.shapes, "shape", "shapes"),
                      plural(c.polygons, "polygon", "polygons"), plural(c.circles, "circle", "circles")));
}

void TestCliValidate::badFixtures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const auto rows = fixtures::badFixtures();
    QVERIFY(rows.size() >= 60);
    for (const fixtures::BadFixture& f : rows) {
        QTest::newRow(qPrintable(f.file)) << f.file << f.path << f.message;
    }
}

void TestCliValidate::badFixtures() {
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QString fileName = fixtures::badDir() + u'/' + file;
    const Run run = runCli({QStringLiteral("validate"), fileName});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.out, QString());
    // "contactlab-cli: FILE: PATH: message" on one line.
    const QString place = QStringLiteral("contactlab-cli: ") + fileName + QStringLiteral(": ") +
                          (path.isEmpty() ? QString() : path + QStringLiteral(": "));
    QVERIFY2(run.err.startsWith(place), qPrintable(run.err));
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.err.endsWith(u'\n'));
    QCOMPARE(run.err.count(u'\n'), 1);
}

void TestCliValidate::generatedBadFiles() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const QString deep = dir.filePath(QStringLiteral("deep.json"));
    {
        QFile f(deep);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({ "format": "contactlab-scene", "version": 1, "bodies": )" + QByteArray(20000, '[') +
                QByteArray(20000, ']') + "}");
    }
    Run run = runCli({QStringLiteral("validate"), deep});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("too deeply nested document at byte offset")),
             qPrintable(run.err));

    const QString huge = dir.filePath(QStringLiteral("huge.json"));
    {
        QFile f(huge);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(cl::kMaxSceneFileBytes + 1000));
    }
    run = runCli({QStringLiteral("validate"), huge});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("file is too large")), qPrintable(run.err));

    // A million vertices fail on the count.
    const QString many = dir.filePath(QStringLiteral("many.json"));
    {
        QFile f(many);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({ "format": "contactlab-scene", "version": 1, "bodies": [ { "shapes": [ { "type": "polygon", "vertices": [)");
        QByteArray vertices;
        for (int i = 0; i < 1'000'000; ++i) {
            vertices += i ? ",[1,2]" : "[1,2]";
        }
        f.write(vertices + "] } ] } ] }");
    }
    run = runCli({QStringLiteral("validate"), many});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(
                 QStringLiteral("bodies[0].shapes[0].vertices: too many vertices (1000000, at most 16)")),
             qPrintable(run.err));
}

void TestCliValidate::usage_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no arguments") << QStringList{} << "missing the command";
    QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("frobnicate"), QStringLiteral("x.json")}
                                        << "unknown command 'frobnicate'";
    QTest::newRow("option instead of subcommand")
        << QStringList{QStringLiteral("--verbose")} << "unknown command '--verbose'";
    QTest::newRow("validate without file")
        << QStringList{QStringLiteral("validate")} << "missing the SCENE file argument";
    QTest::newRow("validate two files")
        << QStringList{QStringLiteral("validate"), QStringLiteral("a.json"), QStringLiteral("b.json")}
        << "expected one SCENE file, got 2";
    QTest::newRow("validate unknown option")
        << QStringList{QStringLiteral("validate"), QStringLiteral("--strict"), QStringLiteral("a.json")}
        << "unknown option '--strict'";
    QTest::newRow("validate short option")
        << QStringList{QStringLiteral("validate"), QStringLiteral("-x")} << "unknown option '-x'";
}

void TestCliValidate::usage() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QString());
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(run.err.contains(QStringLiteral("Usage: contactlab-cli")), qPrintable(run.err));
}

void TestCliValidate::help() {
    for (const QString& flag : {QStringLiteral("--help"), QStringLiteral("-h")}) {
        const Run run = runCli({flag});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString());
        QVERIFY(run.out.startsWith(QStringLiteral("Usage: contactlab-cli COMMAND")));
        QVERIFY(run.out.contains(QStringLiteral("validate SCENE")));
    }
    const Run run = runCli({QStringLiteral("validate"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QString());
    QVERIFY(run.out.startsWith(QStringLiteral("Usage: contactlab-cli validate SCENE\n")));
}

void TestCliValidate::missingFileOrDirectory() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.filePath(QStringLiteral("absent.json"));
    Run run = runCli({QStringLiteral("validate"), missing});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.out, QString());
    QCOMPARE(run.err, QStringLiteral("contactlab-cli: %1: no such file\n").arg(missing));

    run = runCli({QStringLiteral("validate"), dir.path()});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("is a directory")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
