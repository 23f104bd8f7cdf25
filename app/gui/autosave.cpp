/// @file autosave.cpp

#include "autosave.h"

#include "document.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLockFile>
#include <QSet>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

namespace cl {

namespace {
RecoveryOptions& options() {
    static RecoveryOptions instance;
    return instance;
}

/// Lock files held by the windows of this process (absolute paths). A lock file that names this process's
/// pid but is not in the set was left by an earlier process that had the same pid (pids are reused; in a
/// container the app often gets the same one after a restart), so its window is gone.
QSet<QString>& ownLocks() {
    static QSet<QString> locks;
    return locks;
}

QString lockFileOf(const QString& recoveryFile) {
    QString lock = recoveryFile;
    lock.chop(int(qstrlen(".json")));
    return lock + QStringLiteral(".lock");
}

/// Prepares `lock` to judge another window's lock: no age rule (a window may run for days), and a lock left
/// by an earlier process with this process's pid removed (QLockFile would take that pid as alive).
void prepareForeignLock(QLockFile& lock, const QString& lockFile) {
    lock.setStaleLockTime(0);
    qint64 pid = 0;
    QString host, app;
    if (lock.getLockInfo(&pid, &host, &app) && pid == QCoreApplication::applicationPid() &&
        !ownLocks().contains(lockFile)) {
        lock.removeStaleLockFile();
    }
}
} // namespace

void setRecoveryOptions(const RecoveryOptions& value) {
    options() = value;
}

const RecoveryOptions& recoveryOptions() {
    return options();
}

const char* const Autosave::kRecoveryKey = "contactlabRecovery";

Autosave::Autosave(Document* document, const QString& directory, int intervalMs, QObject* parent)
    : QObject(parent), m_document(document), m_timer(new QTimer(this)) {
    m_directory = QDir(directory.isEmpty() ? defaultDirectory() : directory).absolutePath();
    QDir().mkpath(m_directory); // a failure shows on the first write
    // The first slot that no window holds and that holds no orphan (an orphan stays until it is offered).
    const QDir dir(m_directory);
    const qint64 pid = QCoreApplication::applicationPid();
    for (int n = 1; n <= 10000; ++n) {
        const QString base = QStringLiteral("recovery-%1-%2").arg(pid).arg(n);
        const QString file = dir.filePath(base + QStringLiteral(".json"));
        const QString lockFile = dir.filePath(base + QStringLiteral(".lock"));
        if (ownLocks().contains(lockFile) || QFileInfo::exists(file)) {
            continue;
        }
        auto lock = std::make_unique<QLockFile>(lockFile);
        prepareForeignLock(*lock, lockFile);
        if (lock->tryLock(0)) {
            ownLocks().insert(lockFile);
            m_lock = std::move(lock);
            m_file = file;
            break;
        }
        if (lock->error() != QLockFile::LockFailedError) {
            break; // the folder cannot be written: writes will fail and say so
        }
    }
    if (m_file.isEmpty()) {
        m_file = dir.filePath(QStringLiteral("recovery-%1-0.json").arg(pid));
    }

    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &Autosave::onTimeout);
    m_timer->start();
    auto changed = [this] {
        m_dirty = true;
    };
    connect(document->undoStack(), &QUndoStack::indexChanged, this, changed);
    connect(document, &Document::sceneReset, this, changed);
    connect(document, &Document::modifiedChanged, this, [this](bool modified) {
        m_dirty = true;
        if (!modified) {
            discard(); // saved, or back to the saved state: nothing to recover
        }
    });
}

Autosave::~Autosave() {
    if (m_lock) {
        ownLocks().remove(m_lock->fileName());
        m_lock->unlock(); // removes the lock file: from now on the recovery file (if any) is an orphan
    }
}

QString Autosave::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QString Autosave::recoveryFile() const {
    return m_file;
}

bool Autosave::hasRecoveryFile() const {
    return QFileInfo::exists(m_file);
}

bool Autosave::writeNow() {
    if (!QDir().mkpath(m_directory)) {
        emit writeFailed(tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(m_directory)));
        return false;
    }
    Scene scene = m_document->scene();
    QJsonObject info;
    // Absolute: a restore may run from another working folder, and Save must still find the original file.
    const QString fileName = m_document->fileName();
    const bool onDisk = !fileName.isEmpty() && !fileName.startsWith(QLatin1Char(':'));
    info.insert(QStringLiteral("fileName"), onDisk ? QFileInfo(fileName).absoluteFilePath() : fileName);
    info.insert(QStringLiteral("savedAt"), QDateTime::currentDateTime().toString(Qt::ISODate));
    scene.unknownTopLevel.insert(QLatin1String(kRecoveryKey), info);
    if (const QString error = saveSceneFile(scene, m_file); !error.isEmpty()) {
        emit writeFailed(error);
        return false;
    }
    m_dirty = false;
    return true;
}

void Autosave::discard() {
    QFile::remove(m_file);
}

void Autosave::onTimeout() {
    if (m_dirty && m_document->isModified()) {
        writeNow();
    }
}

QStringList Autosave::orphanedRecoveryFiles() const {
    QStringList orphans;
    const QFileInfoList entries = QDir(m_directory)
                                      .entryInfoList({QStringLiteral("recovery*.json")}, QDir::Files,
                                                     QDir::Time); // newest first
    for (const QFileInfo& entry : entries) {
        const QString file = entry.absoluteFilePath();
        const QString lockFile = lockFileOf(file);
        if (file == m_file || ownLocks().contains(lockFile)) {
            continue; // a live window of this process
        }
        QLockFile probe(lockFile);
        prepareForeignLock(probe, lockFile);
        if (probe.tryLock(0)) { // nobody holds it: the window is gone
            probe.unlock();
            orphans << file;
        }
    }
    return orphans;
}

std::optional<RecoveredScene> Autosave::read(const QString& recoveryFile) {
    auto loaded = loadSceneFile(recoveryFile);
    if (!std::holds_alternative<Scene>(loaded)) {
        return std::nullopt;
    }
    RecoveredScene recovered;
    recovered.scene = std::get<Scene>(std::move(loaded));
    const QJsonObject info = recovered.scene.unknownTopLevel.value(QLatin1String(kRecoveryKey)).toObject();
    recovered.scene.unknownTopLevel.remove(QLatin1String(kRecoveryKey));
    recovered.originalFileName = info.value(QStringLiteral("fileName")).toString();
    recovered.savedAt = info.value(QStringLiteral("savedAt")).toString();
    return recovered;
}

bool Autosave::offerRecovery(const std::function<bool(const QString&)>& ask) {
    for (const QString& orphan : orphanedRecoveryFiles()) {
        // Hold the orphan's lock while it is offered, so that a second window starting at the same time
        // does not offer (and delete) the same file.
        const QString lockFile = lockFileOf(orphan);
        QLockFile claim(lockFile);
        prepareForeignLock(claim, lockFile);
        if (!claim.tryLock(0)) {
            continue;
        }
        std::optional<RecoveredScene> recovered = read(orphan);
        if (!recovered) {
            QFile::remove(orphan); // unreadable: nothing to offer
            continue;
        }
        // The file's name in the sentence and its folder on a line of its own: a whole path in the
        // sentence wrapped after its first slash in the dialog.
        const QFileInfo original(recovered->originalFileName);
        const QString name =
            recovered->originalFileName.isEmpty() ? tr("an untitled scene") : original.fileName();
        const QDateTime when = QDateTime::fromString(recovered->savedAt, Qt::ISODate);
        const QString at =
            when.isValid() ? when.toString(QStringLiteral("yyyy-MM-dd HH:mm")) : recovered->savedAt;
        QString description =
            tr("A ContactLab window did not close normally. Unsaved changes to %1 were autosaved at %2.")
                .arg(name, at);
        if (!recovered->originalFileName.isEmpty()) {
            description += QStringLiteral("\n\n") +
                           tr("Folder: %1").arg(QDir::toNativeSeparators(original.absolutePath()));
        }
        description += QStringLiteral("\n\n") + tr("Restore them?");
        if (!ask || !ask(description)) {
            QFile::remove(orphan);
            continue;
        }
        m_document->setScene(std::move(recovered->scene));
        m_document->setFileName(recovered->originalFileName);
        m_document->markModified();
        // The work now lives in this window: protect it at once, then let the orphan go.
        if (writeNow()) {
            QFile::remove(orphan);
        }
        return true;
    }
    return false;
}

} // namespace cl
