/// @file tst_bench_smoke.cpp
/// Smoke test of contactlab-bench: a quick run of the smallest pyramid prints a complete table (one row per
/// engine, finite numbers) and a matching CSV, and bad arguments are usage errors. Nothing here depends on
/// how fast the machine is: times are only checked to be finite and positive.

#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <thread>

namespace {

const QStringList kEngines = {"ContactLab", "ContactLab-MT", "Box2D", "Chipmunk"};

struct RunOutput {
    int exitCode = -1;
    QString out;
    QString err;
};

RunOutput runBench(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(CONTACTLAB_BENCH), arguments);
    RunOutput result;
    if (!process.waitForFinished(-1)) {
        result.err = process.errorString();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

/// Parses a number, failing the test if it is not a finite number.
double finiteNumber(const QString& text, const char* what) {
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        qWarning("%s: '%s' is not a finite number", what, qPrintable(text));
        return std::nan("");
    }
    return value;
}

} // namespace

class TestBenchSmoke : public QObject {
    Q_OBJECT

private slots:
    void quickPyramidPrintsCompleteTable();
    void rejectsBadArguments_data();
    void rejectsBadArguments();
};

void TestBenchSmoke::quickPyramidPrintsCompleteTable() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csvPath = dir.filePath("bench.csv");
    const RunOutput run = runBench({"--quick", "--scene", "pyramid20", "--rounds", "1", "--csv", csvPath});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    // The printed table: one row per engine for pyramid20, each with 12 numeric columns after the names.
    // Columns: threads bodies steps runs, wall min-mean, wall median, wall ratio, cpu min-mean, cpu ratio, heap MB,
    // max displacement, moved.
    const QStringList lines = run.out.split('\n');
    QVERIFY(run.out.contains("min mean"));
    int tableRows = 0;
    for (const QString& line : lines) {
        QStringList cells = line.split(' ', Qt::SkipEmptyParts);
        if (cells.size() != 14 || cells[0] != "pyramid20" || !kEngines.contains(cells[1])) {
            continue;
        }
        ++tableRows;
        // Threads: one, except ContactLab-MT, which takes every core the machine has.
        const int threads = cells[1] == "ContactLab-MT"
                                ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                                : 1;
        QCOMPARE(cells[2].toInt(), threads);
        cells.removeAt(2);
        QCOMPARE(cells[2].toInt(), 211); // 210 boxes and the ground
        QCOMPARE(cells[3].toInt(), 600); // a pyramid runs 10 s even in a quick run
        QCOMPARE(cells[4].toInt(), 1);
        for (int c = 5; c < 13; ++c) {
            const double v = finiteNumber(cells[c], qPrintable(cells[1] + " column " + QString::number(c)));
            QVERIFY2(std::isfinite(v), qPrintable(line));
            QVERIFY2(v >= 0.0, qPrintable(line));
        }
        QVERIFY2(cells[5].toDouble() > 0.0 && cells[6].toDouble() > 0.0 && cells[8].toDouble() > 0.0,
                 qPrintable(line));
        if (cells[1] == "Box2D") {
            QCOMPARE(cells[7], QString("1.00"));
            QCOMPARE(cells[9], QString("1.00"));
        }
    }
    QCOMPARE(tableRows, 4);
    QVERIFY(run.out.contains("mallinfo2")); // the output says how memory was measured

    // The CSV: a header and the same four rows.
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList csvLines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(csvLines.size(), 5);
    const QStringList header = csvLines[0].split(',');
    QCOMPARE(header.value(0), QString("scene"));
    const int dispColumn = static_cast<int>(header.indexOf("max_displacement_m"));
    const int ratioColumn = static_cast<int>(header.indexOf("ratio_to_box2d"));
    QVERIFY(dispColumn > 0 && ratioColumn > 0);
    QStringList seen;
    for (int i = 1; i < csvLines.size(); ++i) {
        const QStringList cells = csvLines[i].split(',');
        QCOMPARE(cells.size(), header.size());
        QCOMPARE(cells[0], QString("pyramid20"));
        seen << cells[1];
        for (int c = 2; c <= dispColumn + 1; ++c) {
            QVERIFY2(std::isfinite(finiteNumber(cells[c], qPrintable(header[c]))), qPrintable(csvLines[i]));
        }
        // The solver phases ContactLab and Box2D report are finite where present.
        for (int c = dispColumn + 2; c < cells.size(); ++c) {
            if (!cells[c].isEmpty()) {
                QVERIFY2(std::isfinite(finiteNumber(cells[c], qPrintable(header[c]))),
                         qPrintable(csvLines[i]));
            }
        }
    }
    seen.sort();
    QStringList expected = kEngines;
    expected.sort();
    QCOMPARE(seen, expected);
}

void TestBenchSmoke::rejectsBadArguments_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown scene") << QStringList{"--scene", "pyramid7"} << "unknown scene 'pyramid7'";
    QTest::newRow("steps not a number") << QStringList{"--steps", "ten"} << "--steps";
    QTest::newRow("zero rounds") << QStringList{"--rounds", "0"} << "--rounds";
    QTest::newRow("missing value") << QStringList{"--csv"} << "--csv needs a value";
    QTest::newRow("unknown engine") << QStringList{"--engine", "bullet"} << "unknown engine 'bullet'";
    QTest::newRow("continuous maybe") << QStringList{"--continuous", "maybe"} << "--continuous";
    QTest::newRow("unknown flag") << QStringList{"--fast"} << "unknown argument '--fast'";
}

void TestBenchSmoke::rejectsBadArguments() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const RunOutput run = runBench(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.err.contains("usage: contactlab-bench"));
    QVERIFY(run.out.isEmpty()); // nothing was run
}

QTEST_GUILESS_MAIN(TestBenchSmoke)
#include "tst_bench_smoke.moc"
