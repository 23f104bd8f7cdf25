/// @file tst_safe_save.cpp
/// A save that cannot lose data (issue 16): saveSceneFile and `contactlab-cli simulate --out` on a disk that
/// fills up during the write report the failure and leave the file that was there byte for byte, with no
/// temporary file left behind; with room on the disk they write a scene that loads back equal.

#include "../cli/cli_test_util.h"
#include "full_disk.h"
#include "scene_io.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cl;

namespace {

QByteArray readAll(const QString& fileName) {
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString sample(const char* name) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/") + QLatin1String(name);
}

/// Room for a few hundred bytes: far less than any sample scene (the pyramid is 4 KB).
constexpr rlim_t kRoom = 600;

} // namespace

class TestSafeSave : public QObject {
    Q_OBJECT

private slots:
    void saveOnAFullDiskFailsAndKeepsTheOldFile();
    void saveWithRoomWritesWhatLoadsBack();
    void simulateOutOnAFullDiskFailsAndKeepsTheOldFile();
};

void TestSafeSave::saveOnAFullDiskFailsAndKeepsTheOldFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = dir.filePath(QStringLiteral("lesson.json"));
    QVERIFY(QFile::copy(sample("pyramid.json"), target));
    const QByteArray before = readAll(target);
    QVERIFY(before.size() > qsizetype(kRoom));

    auto loaded = loadSceneFile(sample("stack.json"));
    QVERIFY(std::holds_alternative<Scene>(loaded));
    const Scene other = std::get<Scene>(loaded);
    QVERIFY(serializeScene(other).size() > qsizetype(kRoom));

    QString error;
    {
        cltest::FileSizeLimit full(kRoom);
        QVERIFY(full.ok());
        error = saveSceneFile(other, target);
    }
    QVERIFY2(!error.isEmpty(), "a save that could not be written reported success");
    QVERIFY2(error.contains(target), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    QCOMPARE(readAll(target), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("lesson.json")});
}

void TestSafeSave::saveWithRoomWritesWhatLoadsBack() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = dir.filePath(QStringLiteral("lesson.json"));
    QVERIFY(QFile::copy(sample("pyramid.json"), target));
    auto loaded = loadSceneFile(sample("stack.json"));
    QVERIFY(std::holds_alternative<Scene>(loaded));
    const Scene other = std::get<Scene>(loaded);
    QCOMPARE(saveSceneFile(other, target), QString());
    auto back = loadSceneFile(target);
    QVERIFY(std::holds_alternative<Scene>(back));
    QVERIFY(std::get<Scene>(back) == other);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("lesson.json")});
}

void TestSafeSave::simulateOutOnAFullDiskFailsAndKeepsTheOldFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = dir.filePath(QStringLiteral("state.json"));
    QVERIFY(QFile::copy(sample("pyramid.json"), target));
    const QByteArray before = readAll(target);

    QProcess process;
    cltest::limitFileSize(process, kRoom);
    process.start(QStringLiteral(CONTACTLAB_CLI),
                  {QStringLiteral("simulate"), target, QStringLiteral("--steps"), QStringLiteral("5"),
                   QStringLiteral("--out"), target});
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(process.exitCode() == 1, qPrintable(err)); // kExitFailure: an I/O error
    QVERIFY2(err.contains(target) && err.contains(QStringLiteral("cannot write")), qPrintable(err));
    QCOMPARE(readAll(target), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("state.json")});

    // The same run with room on the disk writes the state, which loads.
    const cltest::Run run = cltest::runCli({QStringLiteral("simulate"), target, QStringLiteral("--steps"),
                                            QStringLiteral("5"), QStringLiteral("--out"), target});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(readAll(target) != before);
    QVERIFY(std::holds_alternative<Scene>(loadSceneFile(target)));
}

QTEST_GUILESS_MAIN(TestSafeSave)
#include "tst_safe_save.moc"
