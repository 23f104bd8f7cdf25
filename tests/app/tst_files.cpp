/// @file tst_files.cpp
/// Files on the real MainWindow: save then open gives the same scene, the unsaved-changes prompt on New,
/// open and close (and what each answer does), recent files, the Samples menu, drag-and-drop open, autosave
/// and crash recovery, and the dock layout persisting through QSettings.

#include "autosave.h"
#include "document.h"
#include "edit_controller.h"
#include "file_controller.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_io.h"

#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

#include <memory>

using namespace cl;

namespace {

const char* const kScene = R"({
  "format": "contactlab-scene",
  "version": 1,
  "settings": { "gravity": [0, -1.62], "solver": "verlet", "iterations": 12 },
  "bodies": [
    { "name": "ground", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-6, -1], [6, -1], [6, 0], [-6, 0]] } ] },
    { "name": "box", "position": [-3, 2], "angle": 0.1, "linearVelocity": [1, 2], "angularVelocity": 0.3,
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]], "friction": 0.25 },
                  { "type": "circle", "center": [0, 1.5], "radius": 0.5, "density": 2 } ] }
  ],
  "lesson": { "title": "kept on save" }
})";

} // namespace

class TestFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void saveThenOpenGivesTheSameScene();
    void saveAsUsesTheAskedNameAndBecomesRecent();
    void unsavedPromptOnNewWhenModified();
    void unsavedPromptOnOpenAndClose();
    void samplesMenuListsTheResources();
    void dragAndDropOpensAJsonFile();
    void autosaveWritesTheRecoveryFileAndRecoveryRestoresIt();
    void declinedRecoveryRemovesTheFile();
    void cleanSaveRemovesTheRecoveryFile();
    void dockLayoutPersists();

private:
    std::unique_ptr<MainWindow> makeWindow();
    void modify() { m_window->editController()->moveBodies({m_window->document()->keyAt(1)}, {0.5, 0}); }

    QTemporaryDir m_dir;
    QString m_scene;
    QString m_recoveryDir;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_asked;
    UnsavedChoice m_answer = UnsavedChoice::Cancel;
    int m_restoreAsked = 0;
    bool m_restoreAnswer = false;
};

void TestFiles::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLab"));
    QCoreApplication::setApplicationName(QStringLiteral("ContactLabFilesTest"));
    m_scene = m_dir.filePath(QStringLiteral("scene.json"));
    QFile file(m_scene);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScene);
    m_recoveryDir = m_dir.filePath(QStringLiteral("recovery"));
}

std::unique_ptr<MainWindow> TestFiles::makeWindow() {
    RecoveryOptions recovery;
    recovery.directory = m_recoveryDir;
    recovery.intervalMs = 20;
    recovery.askRestore = [this](const QString&) {
        ++m_restoreAsked;
        return m_restoreAnswer;
    };
    setRecoveryOptions(recovery);
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->setErrorReporter(
        [](const QString&, const QString& message) { qWarning("%s", qPrintable(message)); });
    window->fileController()->setUnsavedAsker([this](const QString& action) {
        m_asked << action;
        return m_answer;
    });
    return window;
}

void TestFiles::init() {
    QSettings().clear();
    QDir(m_recoveryDir).removeRecursively();
    m_asked.clear();
    m_restoreAsked = 0;
    m_window = makeWindow();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openFile(m_scene));
}

void TestFiles::cleanup() {
    m_window.reset();
}

void TestFiles::saveThenOpenGivesTheSameScene() {
    modify();
    QVERIFY(m_window->document()->isModified());
    const Scene edited = m_window->document()->scene();
    const QString saved = m_dir.filePath(QStringLiteral("saved.json"));
    QVERIFY(m_window->fileController()->saveTo(saved));
    QVERIFY(!m_window->document()->isModified());
    QCOMPARE(m_window->document()->fileName(), saved);
    QVERIFY(m_window->fileController()->newFile());
    QCOMPARE(m_window->document()->bodyCount(), 0);
    QVERIFY(m_asked.isEmpty()); // nothing unsaved: no question
    QVERIFY(m_window->openFile(saved));
    QVERIFY(m_window->document()->scene() == edited); // settings and unknown keys included
    QCOMPARE(m_window->canvas()->bodyItems().size(), std::size_t(2));
    QVERIFY(!m_window->document()->isModified());
}

void TestFiles::saveAsUsesTheAskedNameAndBecomesRecent() {
    const QString target = m_dir.filePath(QStringLiteral("renamed"));
    m_window->fileController()->setSaveNameAsker([target](const QString&) { return target; });
    QAction* saveAs = m_window->findChild<QAction*>(QStringLiteral("actionSaveAs"));
    QVERIFY(saveAs);
    QCOMPARE(saveAs->shortcut(), QKeySequence(QKeySequence::SaveAs));
    QCOMPARE(m_window->findChild<QAction*>(QStringLiteral("actionSave"))->shortcut(),
             QKeySequence(QKeySequence::Save));
    QCOMPARE(m_window->findChild<QAction*>(QStringLiteral("actionNew"))->shortcut(),
             QKeySequence(QKeySequence::New));
    saveAs->trigger();
    QCOMPARE(m_window->document()->fileName(), target + QStringLiteral(".json"));
    QVERIFY(QFile::exists(target + QStringLiteral(".json")));
    const QStringList recent = m_window->fileController()->recentFiles();
    QCOMPARE(recent.value(0), QFileInfo(target + QStringLiteral(".json")).absoluteFilePath());
    QCOMPARE(recent.value(1), QFileInfo(m_scene).absoluteFilePath());
    // The Open Recent menu lists them and opens one.
    auto* menu = m_window->findChild<QMenu*>(QStringLiteral("menuRecent"));
    QVERIFY(menu);
    emit menu->aboutToShow();
    QCOMPARE(menu->actions().value(1)->data().toString(), QFileInfo(m_scene).absoluteFilePath());
    menu->actions().value(1)->trigger();
    QCOMPARE(m_window->document()->fileName(), QFileInfo(m_scene).absoluteFilePath());
}

void TestFiles::unsavedPromptOnNewWhenModified() {
    modify();
    const Scene edited = m_window->document()->scene();
    QAction* newAction = m_window->findChild<QAction*>(QStringLiteral("actionNew"));
    // Cancel: nothing happens.
    m_answer = UnsavedChoice::Cancel;
    newAction->trigger();
    QCOMPARE(m_asked.size(), 1);
    QVERIFY(m_asked.front().contains(QStringLiteral("new")));
    QVERIFY(m_window->document()->scene() == edited);
    QVERIFY(m_window->document()->isModified());
    // Save: the file gets the changes, then the new scene.
    m_answer = UnsavedChoice::Save;
    newAction->trigger();
    QCOMPARE(m_asked.size(), 2);
    QCOMPARE(m_window->document()->bodyCount(), 0);
    QVERIFY(m_window->document()->fileName().isEmpty());
    auto reread = loadSceneFile(m_scene);
    QVERIFY(std::holds_alternative<Scene>(reread));
    QVERIFY(std::get<Scene>(reread) == edited);
    // Discard: the changes are dropped.
    QVERIFY(m_window->openFile(m_scene));
    modify();
    m_answer = UnsavedChoice::Discard;
    newAction->trigger();
    QCOMPARE(m_asked.size(), 3);
    QCOMPARE(m_window->document()->bodyCount(), 0);
    QVERIFY(!m_window->document()->isModified());
    auto unchanged = loadSceneFile(m_scene);
    QVERIFY(std::get<Scene>(unchanged) == edited); // the file kept the saved version
}

void TestFiles::unsavedPromptOnOpenAndClose() {
    modify();
    const Scene edited = m_window->document()->scene();
    m_answer = UnsavedChoice::Cancel;
    QVERIFY(!m_window->openSample(QStringLiteral(":/scenes/stack.json")));
    QVERIFY(m_window->document()->scene() == edited);
    QVERIFY(!m_window->close()); // the close is refused
    QVERIFY(m_window->isVisible());
    QCOMPARE(m_asked.size(), 2);
    m_answer = UnsavedChoice::Discard;
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/stack.json")));
    QVERIFY(m_window->document()->fileName().isEmpty());
    QVERIFY(m_window->close());
}

void TestFiles::samplesMenuListsTheResources() {
    const QStringList samples = FileController::sampleFiles();
    QVERIFY(samples.contains(QStringLiteral(":/scenes/shapes.json")));
    QVERIFY(samples.contains(QStringLiteral(":/scenes/catalogue/edge_on_edge.json")));
    auto* menu = m_window->findChild<QMenu*>(QStringLiteral("menuSamples"));
    auto* catalogue = m_window->findChild<QMenu*>(QStringLiteral("menuCatalogue"));
    QVERIFY(menu && catalogue);
    QAction* edgeOnEdge = nullptr;
    for (QAction* action : catalogue->actions()) {
        if (action->data().toString().endsWith(QStringLiteral("edge_on_edge.json"))) {
            edgeOnEdge = action;
        }
    }
    QVERIFY(edgeOnEdge);
    QCOMPARE(edgeOnEdge->text(), QStringLiteral("Edge on edge"));
    edgeOnEdge->trigger();
    auto expected = loadSceneFile(QStringLiteral(":/scenes/catalogue/edge_on_edge.json"));
    QVERIFY(m_window->document()->scene() == std::get<Scene>(expected));
    QVERIFY(m_window->document()->fileName().isEmpty()); // a sample opens untitled
}

void TestFiles::dragAndDropOpensAJsonFile() {
    QVERIFY(m_window->fileController()->newFile());
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(m_scene)});
    QWidget* target = m_window->canvas()->viewport();
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(m_window->document()->fileName(), m_scene);
    QCOMPARE(m_window->document()->bodyCount(), 2);
    // Anything else is not taken.
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("notes.txt")))});
    QDragEnterEvent refused(at, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QCoreApplication::sendEvent(m_window.get(), &refused);
    QVERIFY(!refused.isAccepted());
}

void TestFiles::autosaveWritesTheRecoveryFileAndRecoveryRestoresIt() {
    Autosave* autosave = m_window->fileController()->autosave();
    QVERIFY(autosave);
    QVERIFY(!autosave->hasRecoveryFile());
    modify();
    const Scene edited = m_window->document()->scene();
    // The 20 ms autosave timer writes it (asynchronous by nature).
    QTRY_VERIFY_WITH_TIMEOUT(autosave->hasRecoveryFile(), 10000);
    const QString recoveryFile = autosave->recoveryFile();
    QVERIFY(recoveryFile.startsWith(m_recoveryDir));

    // "Crash": the window goes away without closing (no prompt, no cleanup).
    m_window->setAttribute(Qt::WA_DeleteOnClose, false);
    m_window.reset();
    QVERIFY(QFile::exists(recoveryFile));

    m_restoreAnswer = true;
    m_window = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    QVERIFY(m_window->fileController()->restoredFromRecovery());
    QVERIFY(m_window->document()->scene() == edited);
    QCOMPARE(m_window->document()->fileName(), m_scene);
    QVERIFY(m_window->document()->isModified()); // the user still has to save
    QCOMPARE(m_window->canvas()->bodyItems().size(), std::size_t(2));
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("scene.json")));
}

void TestFiles::declinedRecoveryRemovesTheFile() {
    modify();
    QVERIFY(m_window->fileController()->autosave()->writeNow());
    const QString recoveryFile = m_window->fileController()->autosave()->recoveryFile();
    m_window.reset();
    m_restoreAnswer = false;
    m_window = makeWindow();
    QCOMPARE(m_restoreAsked, 1);
    QVERIFY(!m_window->fileController()->restoredFromRecovery());
    QCOMPARE(m_window->document()->bodyCount(), 0);
    QVERIFY(!QFile::exists(recoveryFile));
}

void TestFiles::cleanSaveRemovesTheRecoveryFile() {
    modify();
    Autosave* autosave = m_window->fileController()->autosave();
    QVERIFY(autosave->writeNow());
    QVERIFY(autosave->hasRecoveryFile());
    QVERIFY(m_window->fileController()->save());
    QVERIFY(!autosave->hasRecoveryFile());
    // Closing on purpose after discarding changes removes it too.
    modify();
    QVERIFY(autosave->writeNow());
    m_answer = UnsavedChoice::Discard;
    QVERIFY(m_window->close());
    QVERIFY(!autosave->hasRecoveryFile());
}

void TestFiles::dockLayoutPersists() {
    auto* inspector = m_window->findChild<QDockWidget*>(QStringLiteral("InspectorDock"));
    auto* history = m_window->findChild<QDockWidget*>(QStringLiteral("UndoHistoryDock"));
    QVERIFY(inspector && history);
    QVERIFY(history->isVisible());
    history->hide();
    m_window->setSaveSettingsOnClose(true);
    QVERIFY(m_window->close());
    m_window = makeWindow();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(!m_window->findChild<QDockWidget*>(QStringLiteral("UndoHistoryDock"))->isVisible());
    QVERIFY(m_window->findChild<QDockWidget*>(QStringLiteral("InspectorDock"))->isVisible());
    QCOMPARE(m_window->dockWidgetArea(m_window->findChild<QDockWidget*>(QStringLiteral("BodiesDock"))),
             Qt::LeftDockWidgetArea);
}

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
