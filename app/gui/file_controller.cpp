/// @file file_controller.cpp

#include "file_controller.h"

#include "autosave.h"
#include "document.h"
#include "main_window.h"
#include "scene_canvas.h"

#include <QAction>
#include <QDir>
#include <QDirIterator>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QUrl>

namespace cl {

namespace {
const QString kRecentFilesKey = QStringLiteral("file/recentFiles");
const QString kLastDirectoryKey = QStringLiteral("mainWindow/lastDirectory");

/// The first local .json file of a drag, or empty.
QString droppedSceneFile(const QMimeData* mime) {
    if (!mime || !mime->hasUrls()) {
        return {};
    }
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
            return url.toLocalFile();
        }
    }
    return {};
}
} // namespace

FileController::FileController(MainWindow& window)
    : QObject(&window), m_window(window), m_document(window.document()) {
    const RecoveryOptions& recovery = recoveryOptions();
    if (recovery.enabled) {
        m_autosave = new Autosave(m_document, recovery.directory, recovery.intervalMs, this);
        // Shown until another message replaces it: the user must know that a crash would now lose work.
        connect(m_autosave, &Autosave::writeFailed, this, [this](const QString& error) {
            m_window.statusBar()->showMessage(
                tr("Autosave failed, so unsaved changes are not protected: %1").arg(error));
        });
        std::function<bool(const QString&)> ask = recovery.askRestore;
        if (!ask) {
            ask = [this](const QString& description) {
                return QMessageBox::question(&m_window, tr("Restore unsaved changes?"), description,
                                             QMessageBox::Yes | QMessageBox::No,
                                             QMessageBox::Yes) == QMessageBox::Yes;
            };
        }
        m_restored = m_autosave->offerRecovery(ask);
    }

    // Drops land on the canvas most of the time; the window's other parts pass them up to the window.
    window.setAcceptDrops(true);
    window.installEventFilter(this);
    window.canvas()->viewport()->installEventFilter(this);
    window.canvas()->installEventFilter(this);
}

void FileController::populateFileMenu(QMenu* fileMenu, QAction* before) {
    auto* newAction = new QAction(tr("&New"), fileMenu);
    newAction->setObjectName(QStringLiteral("actionNew"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("Start an empty scene"));
    connect(newAction, &QAction::triggered, this, &FileController::newFile);
    // New goes first, above Open.
    fileMenu->insertAction(fileMenu->actions().value(0, nullptr), newAction);

    m_recentMenu = new QMenu(tr("Open &Recent"), fileMenu);
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    fileMenu->insertMenu(before, m_recentMenu);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &FileController::updateRecentMenu);
    updateRecentMenu();

    auto* samplesMenu = new QMenu(tr("Sa&mples"), fileMenu);
    samplesMenu->setObjectName(QStringLiteral("menuSamples"));
    QMenu* catalogueMenu = nullptr;
    for (const QString& path : sampleFiles()) {
        QMenu* target = samplesMenu;
        if (path.contains(QStringLiteral("/catalogue/"))) {
            if (!catalogueMenu) {
                samplesMenu->addSeparator();
                catalogueMenu = samplesMenu->addMenu(tr("Collision &catalogue"));
                catalogueMenu->setObjectName(QStringLiteral("menuCatalogue"));
            }
            target = catalogueMenu;
        }
        QAction* action = target->addAction(sampleTitle(path));
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] { m_window.openSample(path); });
    }
    fileMenu->insertMenu(before, samplesMenu);
    fileMenu->insertSeparator(before);

    auto* saveAction = new QAction(tr("&Save"), fileMenu);
    saveAction->setObjectName(QStringLiteral("actionSave"));
    saveAction->setShortcut(QKeySequence::Save);
    saveAction->setStatusTip(tr("Save the scene"));
    connect(saveAction, &QAction::triggered, this, &FileController::save);
    fileMenu->insertAction(before, saveAction);

    auto* saveAsAction = new QAction(tr("Save &As..."), fileMenu);
    saveAsAction->setObjectName(QStringLiteral("actionSaveAs"));
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    saveAsAction->setStatusTip(tr("Save the scene under a new name"));
    connect(saveAsAction, &QAction::triggered, this, &FileController::saveAs);
    fileMenu->insertAction(before, saveAsAction);
    fileMenu->insertSeparator(before);
}

bool FileController::maybeSave(const QString& action) {
    if (!m_document->isModified()) {
        return true;
    }
    UnsavedChoice choice;
    if (m_unsavedAsker) {
        choice = m_unsavedAsker(action);
    } else {
        const QString name =
            m_document->fileName().isEmpty() ? tr("Untitled") : QFileInfo(m_document->fileName()).fileName();
        const auto button = QMessageBox::warning(
            &m_window, tr("Unsaved changes"),
            tr("%1 has unsaved changes.\nSave them before you %2?").arg(name, action),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        choice = button == QMessageBox::Save      ? UnsavedChoice::Save
                 : button == QMessageBox::Discard ? UnsavedChoice::Discard
                                                  : UnsavedChoice::Cancel;
    }
    switch (choice) {
    case UnsavedChoice::Save:
        return save();
    case UnsavedChoice::Discard:
        return true;
    case UnsavedChoice::Cancel:
        break;
    }
    return false;
}

bool FileController::openAtStartup(const QString& fileName) {
    if (!m_restored) {
        return m_window.openFile(fileName);
    }
    // The restored work is unsaved and must not be offered for discarding at once: keep it, and open the
    // file only when it is that same file (then its restored state is what the user wants to see).
    const QString restored = m_document->fileName();
    if (!restored.isEmpty() && QFileInfo(restored) == QFileInfo(fileName)) {
        return true;
    }
    m_window.statusBar()->showMessage(
        tr("Restored unsaved changes to %1; %2 was not opened so that they are not lost. Save them, then "
           "open it.")
            .arg(restored.isEmpty() ? tr("an untitled scene") : QFileInfo(restored).fileName(),
                 QFileInfo(fileName).fileName()));
    return false;
}

bool FileController::newFile() {
    if (!maybeSave(tr("start a new scene"))) {
        return false;
    }
    m_document->clear();
    return true;
}

bool FileController::save() {
    if (m_document->fileName().isEmpty() || m_document->fileName().startsWith(QLatin1Char(':'))) {
        return saveAs();
    }
    return saveTo(m_document->fileName());
}

bool FileController::saveAs() {
    QString fileName;
    const QString suggestion = m_document->fileName().isEmpty()
                                   ? QDir(QSettings().value(kLastDirectoryKey, QDir::homePath()).toString())
                                         .filePath(tr("untitled.json"))
                                   : m_document->fileName();
    if (m_saveNameAsker) {
        fileName = m_saveNameAsker(suggestion);
    } else {
        fileName = QFileDialog::getSaveFileName(&m_window, tr("Save Scene As"), suggestion,
                                                tr("ContactLab scenes (*.json);;All files (*)"));
    }
    if (fileName.isEmpty()) {
        return false;
    }
    if (QFileInfo(fileName).suffix().isEmpty()) {
        fileName += QStringLiteral(".json");
    }
    QSettings().setValue(kLastDirectoryKey, QFileInfo(fileName).absolutePath());
    return saveTo(fileName);
}

bool FileController::saveTo(const QString& fileName) {
    QString error;
    if (!m_document->save(fileName, &error)) {
        m_window.reportError(tr("Cannot save scene"),
                             tr("Could not save %1:\n%2").arg(QDir::toNativeSeparators(fileName), error));
        return false;
    }
    addRecentFile(fileName);
    m_window.statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(fileName)), 4000);
    return true;
}

QStringList FileController::recentFiles() const {
    QStringList files = QSettings().value(kRecentFilesKey).toStringList();
    files.erase(
        std::remove_if(files.begin(), files.end(), [](const QString& f) { return !QFileInfo::exists(f); }),
        files.end());
    return files;
}

void FileController::addRecentFile(const QString& fileName) {
    if (fileName.isEmpty() || fileName.startsWith(QLatin1Char(':'))) {
        return;
    }
    const QString path = QFileInfo(fileName).absoluteFilePath();
    QStringList files = QSettings().value(kRecentFilesKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles) {
        files.removeLast();
    }
    QSettings().setValue(kRecentFilesKey, files);
    updateRecentMenu();
}

void FileController::updateRecentMenu() {
    if (!m_recentMenu) {
        return;
    }
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QAction* action =
            m_recentMenu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setData(path);
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { m_window.openFile(path); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("(no recent files)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear List")), &QAction::triggered, this, [this] {
            QSettings().remove(kRecentFilesKey);
            updateRecentMenu();
        });
    }
}

QStringList FileController::sampleFiles() {
    QStringList files;
    for (const QString& folder : {QStringLiteral(":/scenes"), QStringLiteral(":/scenes/catalogue")}) {
        const QDir dir(folder);
        for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            files << dir.filePath(name);
        }
    }
    return files;
}

QString FileController::sampleTitle(const QString& path) {
    QString title = QFileInfo(path).completeBaseName().replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!title.isEmpty()) {
        title[0] = title[0].toUpper();
    }
    return title;
}

bool FileController::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (!droppedSceneFile(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
        break;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        const QString fileName = droppedSceneFile(drop->mimeData());
        if (!fileName.isEmpty()) {
            drop->acceptProposedAction();
            m_window.openFile(fileName);
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace cl
