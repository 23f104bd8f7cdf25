/// @file tst_recovery.cpp
/// Nothing lost on a full disk or after a crash (issue 16), on the real MainWindow:
/// - Ctrl+S on a full disk shows the error and leaves the file as it was; an autosave on a full disk leaves
///   the previous recovery file as it was and says that the changes are not protected;
/// - each window has its own recovery file: a second window (in this process, or a ContactLab process this
///   test starts) neither offers nor deletes a live window's file, a clean save in one leaves the other's;
/// - after a kill -9 of that process its work is offered, restored from another working folder with the
///   absolute file name (Ctrl+S writes the original file), and counts as unsaved work: opening the same file
///   at start-up keeps it instead of asking to save or discard it.
///
/// The "full disk" is RLIMIT_FSIZE (tests/core/full_disk.h): the write fails like ENOSPC, without root.
/// The killed process is this test program started with --recovery-child (a real MainWindow that opens a
/// scene by a relative name, edits it, autosaves, prints "ready" and waits to be killed).

#include "../core/full_disk.h"
#include "autosave.h"
#include "document.h"
#include "edit_controller.h"
#include "file_controller.h"
#include "main_window.h"
#include "scene_io.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <memory>

using namespace cl;

namespace {

QByteArray readAll(const QString& fileName) {
    QFile file(fileName);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const QString kSample = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/pyramid.json");

void modify(MainWindow& window) {
    window.editController()->moveBodies({window.document()->keyAt(1)}, {0.5, 0});
}

/// Child mode: argv = --recovery-child RECOVERY_DIR WORK_DIR RELATIVE_FILE.
int runChild(int argc, char** argv) {
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const QString recoveryDir = QString::fromLocal8Bit(argv[2]);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, recoveryDir + QStringLiteral("-settings"));
    RecoveryOptions recovery;
    recovery.directory = recoveryDir;
    recovery.askRestore = [](const QString&) {
        return false;
    };
    setRecoveryOptions(recovery);
    QDir::setCurrent(QString::fromLocal8Bit(argv[3]));
    MainWindow window;
    window.setSaveSettingsOnClose(false);
    if (!window.openFile(QString::fromLocal8Bit(argv[4]))) {
        return 1;
    }
    modify(window);
    if (!window.fileController()->autosave()->writeNow()) {
        return 1;
    }
    std::printf("ready %s\n", qPrintable(window.fileController()->autosave()->recoveryFile()));
    std::fflush(stdout);
    return QApplication::exec(); // until killed
}

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void saveOnAFullDiskShowsTheErrorAndKeepsTheFile();
    void autosaveOnAFullDiskKeepsThePreviousRecoveryFile();
    void twoWindowsKeepTheirOwnRecoveryFiles();
    void liveProcessIsLeftAloneAndItsWorkIsRestoredAfterKill9();
    void restoreThenOpeningTheSameFileKeepsTheWork();

private:
    std::unique_ptr<MainWindow> makeWindow();
    /// "Crash": the window goes away without closing (no prompt, no cleanup).
    static void crash(std::unique_ptr<MainWindow>& window) { window.reset(); }

    QTemporaryDir m_dir;
    QString m_recoveryDir;
    QString m_scene;
    QStringList m_errors;
    QStringList m_unsavedAsked;
    int m_restoreAsked = 0;
    QString m_restoreQuestion; ///< the last question askRestore was given
    bool m_restoreAnswer = false;
};

void TestRecovery::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    m_recoveryDir = m_dir.filePath(QStringLiteral("recovery"));
    m_scene = m_dir.filePath(QStringLiteral("lesson.json"));
}

std::unique_ptr<MainWindow> TestRecovery::makeWindow() {
    RecoveryOptions recovery;
    recovery.directory = m_recoveryDir;
    recovery.intervalMs = 3600 * 1000; // the tests write with writeNow()
    recovery.askRestore = [this](const QString& question) {
        ++m_restoreAsked;
        m_restoreQuestion = question;
        return m_restoreAnswer;
    };
    setRecoveryOptions(recovery);
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->setErrorReporter([this](const QString&, const QString& message) { m_errors << message; });
    window->fileController()->setUnsavedAsker([this](const QString& action) {
        m_unsavedAsked << action;
        return UnsavedChoice::Cancel;
    });
    return window;
}

void TestRecovery::init() {
    QDir(m_recoveryDir).removeRecursively();
    QFile::remove(m_scene);
    QVERIFY(QFile::copy(kSample, m_scene));
    QFile(m_scene).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    m_errors.clear();
    m_unsavedAsked.clear();
    m_restoreAsked = 0;
    m_restoreAnswer = false;
}

void TestRecovery::cleanup() {
    QDir::setCurrent(m_dir.path());
}

void TestRecovery::saveOnAFullDiskShowsTheErrorAndKeepsTheFile() {
    auto window = makeWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QApplication::setActiveWindow(window.get());
    QVERIFY(window->openFile(m_scene));
    const QByteArray before = readAll(m_scene);
    modify(*window);
    {
        cltest::FileSizeLimit full(600);
        QVERIFY(full.ok());
        QTest::keyClick(window.get(), Qt::Key_S, Qt::ControlModifier);
    }
    QCOMPARE(m_errors.size(), 1);
    QVERIFY2(m_errors.front().contains(QStringLiteral("cannot write")), qPrintable(m_errors.front()));
    QVERIFY(!window->statusBar()->currentMessage().startsWith(QStringLiteral("Saved")));
    QCOMPARE(readAll(m_scene), before);
    QVERIFY(window->document()->isModified()); // still unsaved, still asked about on close

    // With room again, the same shortcut saves, and the file loads back as the document.
    QTest::keyClick(window.get(), Qt::Key_S, Qt::ControlModifier);
    QCOMPARE(m_errors.size(), 1);
    QVERIFY(!window->document()->isModified());
    auto back = loadSceneFile(m_scene);
    QVERIFY(std::holds_alternative<Scene>(back));
    QVERIFY(std::get<Scene>(back) == window->document()->scene());
}

void TestRecovery::autosaveOnAFullDiskKeepsThePreviousRecoveryFile() {
    auto window = makeWindow();
    QVERIFY(window->openFile(m_scene));
    Autosave* autosave = window->fileController()->autosave();
    modify(*window);
    QVERIFY(autosave->writeNow());
    const QByteArray firstAutosave = readAll(autosave->recoveryFile());
    QVERIFY(!firstAutosave.isEmpty());
    modify(*window);
    {
        cltest::FileSizeLimit full(600);
        QVERIFY(full.ok());
        QVERIFY(!autosave->writeNow());
    }
    QCOMPARE(readAll(autosave->recoveryFile()), firstAutosave);
    const QString message = window->statusBar()->currentMessage();
    QVERIFY2(message.startsWith(QStringLiteral("Autosave failed")) &&
                 message.contains(QStringLiteral("cannot write")),
             qPrintable(message));

    // After a crash the earlier autosave is still there to restore.
    const Scene firstState = Autosave::read(autosave->recoveryFile())->scene;
    crash(window);
    m_restoreAnswer = true;
    window = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    QVERIFY(window->document()->scene() == firstState);
}

void TestRecovery::twoWindowsKeepTheirOwnRecoveryFiles() {
    auto first = makeWindow();
    QVERIFY(first->openFile(m_scene));
    modify(*first);
    QVERIFY(first->fileController()->autosave()->writeNow());
    const QString firstFile = first->fileController()->autosave()->recoveryFile();
    const Scene firstEdit = first->document()->scene();

    m_restoreAnswer = false; // a wrong offer would delete the first window's file
    auto second = makeWindow();
    QCOMPARE(m_restoreAsked, 0);
    QVERIFY(QFile::exists(firstFile));
    Autosave* secondAutosave = second->fileController()->autosave();
    QVERIFY(secondAutosave->recoveryFile() != firstFile);
    QVERIFY(second->openFile(m_scene));
    modify(*second);
    QVERIFY(secondAutosave->writeNow());
    QVERIFY(second->fileController()->save()); // a clean save removes its own file only
    QVERIFY(!secondAutosave->hasRecoveryFile());
    QVERIFY(QFile::exists(firstFile));

    // The first window crashes: the next window offers its work.
    crash(first);
    m_restoreAnswer = true;
    auto third = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    QVERIFY(third->fileController()->restoredFromRecovery());
    QVERIFY(third->document()->scene() == firstEdit);
    QVERIFY(!QFile::exists(firstFile));                              // taken over by the third window
    QVERIFY(third->fileController()->autosave()->hasRecoveryFile()); // protected again at once
}

void TestRecovery::liveProcessIsLeftAloneAndItsWorkIsRestoredAfterKill9() {
    const QString workDir = m_dir.filePath(QStringLiteral("classroom"));
    QVERIFY(QDir().mkpath(workDir));
    const QString original = QDir(workDir).filePath(QStringLiteral("lesson.json"));
    QFile::remove(original);
    QVERIFY(QFile::copy(kSample, original));
    QFile(original).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray before = readAll(original);

    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(),
                {QStringLiteral("--recovery-child"), m_recoveryDir, workDir, QStringLiteral("lesson.json")});
    QVERIFY(child.waitForStarted(30000));
    QByteArray line;
    while (!line.contains('\n') && child.waitForReadyRead(60000)) {
        line += child.readAllStandardOutput();
    }
    QVERIFY2(line.startsWith("ready "), line.constData());
    const QString childFile = QString::fromLocal8Bit(line.mid(6).trimmed());
    QVERIFY(QFile::exists(childFile));

    // While the other process runs, a new window neither offers nor deletes its file.
    m_restoreAnswer = false;
    {
        auto window = makeWindow();
        QCOMPARE(m_restoreAsked, 0);
        QVERIFY(window->openFile(m_scene));
        modify(*window);
        QVERIFY(window->fileController()->save());
    }
    QVERIFY(QFile::exists(childFile));

    // kill -9, then a restart from another working folder restores it with the absolute file name.
    child.kill();
    QVERIFY(child.waitForFinished(30000));
    const Scene childEdit = Autosave::read(childFile)->scene;
    QDir::setCurrent(m_dir.path());
    m_restoreAnswer = true;
    auto window = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    QVERIFY(window->fileController()->restoredFromRecovery());
    QCOMPARE(window->document()->fileName(), QFileInfo(original).absoluteFilePath());
    QVERIFY(window->document()->isModified());
    QVERIFY(window->document()->scene() == childEdit);

    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QApplication::setActiveWindow(window.get());
    QTest::keyClick(window.get(), Qt::Key_S, Qt::ControlModifier);
    QVERIFY(m_errors.isEmpty());
    QVERIFY(!window->document()->isModified());
    QVERIFY(readAll(original) != before);
    auto saved = loadSceneFile(original);
    QVERIFY(std::holds_alternative<Scene>(saved));
    QVERIFY(std::get<Scene>(saved) == childEdit);
    QVERIFY(!QFile::exists(QDir(m_dir.path()).filePath(QStringLiteral("lesson.json.tmp"))));
}

void TestRecovery::restoreThenOpeningTheSameFileKeepsTheWork() {
    auto window = makeWindow();
    QVERIFY(window->openFile(m_scene));
    modify(*window);
    QVERIFY(window->fileController()->autosave()->writeNow());
    const Scene edited = window->document()->scene();
    crash(window);

    // `contactlab lesson.json` after the crash: restore, then the file named on the command line.
    m_restoreAnswer = true;
    window = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    // The question names the file in its sentence and gives the folder on a line of its own (a whole path
    // in the sentence wrapped after its first slash in the dialog).
    const QStringList lines = m_restoreQuestion.split(QLatin1Char('\n'));
    QVERIFY2(lines.size() == 5, qPrintable(m_restoreQuestion));
    QVERIFY2(lines[0].contains(QStringLiteral("Unsaved changes to lesson.json were autosaved at ")),
             qPrintable(lines[0]));
    QCOMPARE(lines[2], QStringLiteral("Folder: ") + QDir::toNativeSeparators(m_dir.path()));
    QCOMPARE(lines[4], QStringLiteral("Restore them?"));
    QVERIFY(window->fileController()->openAtStartup(m_scene));
    QCOMPARE(m_unsavedAsked, QStringList()); // no "save before you open another scene?"
    QVERIFY(window->document()->isModified());
    QVERIFY(window->document()->scene() == edited);

    // Another file named on the command line is not opened over the restored work; the status bar says so.
    const QString other = m_dir.filePath(QStringLiteral("other.json"));
    QFile::remove(other);
    QVERIFY(QFile::copy(kSample, other));
    QVERIFY(!window->fileController()->openAtStartup(other));
    QCOMPARE(m_unsavedAsked, QStringList());
    QVERIFY(window->document()->scene() == edited);
    QVERIFY(window->statusBar()->currentMessage().contains(QStringLiteral("other.json was not opened")));
}

int main(int argc, char** argv) {
    if (argc == 5 && qstrcmp(argv[1], "--recovery-child") == 0) {
        return runChild(argc, argv);
    }
    QApplication app(argc, argv);
    TestRecovery test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_recovery.moc"
