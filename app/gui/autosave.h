#pragma once
/// @file autosave.h
/// Autosave and crash recovery (design.md section 7), one recovery file per open window.
///
/// While a window's document has unsaved changes it is written every few seconds to that window's own
/// recovery file, `recovery-<pid>-<n>.json` (n counts the windows of the process), next to a QLockFile
/// `recovery-<pid>-<n>.lock` that the window holds as long as it lives. A clean save, a discard on close or a
/// new/opened document removes the window's file. At start-up a window offers the recovery files whose lock
/// nobody holds any more (their process ended without saving: a crash, a kill, a power cut); files of windows
/// that are still running are locked and left alone, so two ContactLab windows never take or delete each
/// other's work.

#include "scene_io.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QLockFile;
class QTimer;

namespace cl {

class Document;

/// Process-wide crash-recovery settings, read when a MainWindow is constructed (set them before). Tests
/// point `directory` at a temporary folder and answer `askRestore` themselves; headless runs disable it.
struct RecoveryOptions {
    /// Folder of the recovery files; empty = QStandardPaths::AppDataLocation + "/recovery".
    QString directory;
    /// Asked at start-up for each recovery file left by a window that is gone; true restores it. Null = a
    /// message box.
    /// @param description what would be restored (the original file name and when it was written)
    std::function<bool(const QString& description)> askRestore;
    /// Autosave period, milliseconds.
    int intervalMs = 30000;
    /// False: neither autosave nor offer recovery (headless screenshots).
    bool enabled = true;
};
void setRecoveryOptions(const RecoveryOptions& options);
const RecoveryOptions& recoveryOptions();

/// A scene read back from a recovery file.
struct RecoveredScene {
    Scene scene;
    QString originalFileName; ///< absolute name of the document's file when it was autosaved ("" = untitled)
    QString savedAt;          ///< ISO 8601 time of the autosave
};

/// Writes the document to this window's recovery file every `intervalMs` while it is modified and changed
/// since the last write; removes the file when the document becomes unmodified.
class Autosave : public QObject {
    Q_OBJECT

public:
    /// Takes the first free `recovery-<pid>-<n>` slot of `directory` (creating the folder) and locks it.
    Autosave(Document* document, const QString& directory, int intervalMs, QObject* parent = nullptr);
    /// Releases the lock. The recovery file stays when the document still has unsaved changes: a window
    /// destroyed without closing (a crash) leaves it for the next start.
    ~Autosave() override;

    /// The default folder: QStandardPaths::AppDataLocation + "/recovery".
    static QString defaultDirectory();
    /// The key under which the recovery file keeps the original file name and the time (a top-level key
    /// of the scene file, ignored by readers that do not know it).
    static const char* const kRecoveryKey;

    /// This window's recovery file (absolute).
    QString recoveryFile() const;
    bool hasRecoveryFile() const;
    /// Writes the recovery file now (whatever the modified state). A failed write leaves the previous
    /// recovery file as it was and emits writeFailed. @return false on an I/O error
    bool writeNow();
    /// Removes this window's recovery file.
    void discard();
    /// Recovery files in the folder whose window is gone (lock free or stale), newest first. Files of live
    /// windows, this one's included, are not listed.
    QStringList orphanedRecoveryFiles() const;
    /// Reads a recovery file; nullopt when it cannot be read.
    static std::optional<RecoveredScene> read(const QString& recoveryFile);
    /// Offers each orphaned recovery file through `ask`, newest first, until one is restored. Yes: the
    /// document gets the scene (modified, with the original file name), it is written at once to this
    /// window's recovery file and the orphan is removed. No: the orphan is removed and the next is offered.
    /// Files of windows still running are never touched. @return true when a scene was restored
    bool offerRecovery(const std::function<bool(const QString&)>& ask);
    QTimer* timer() const { return m_timer; }

signals:
    /// An autosave could not be written (the disk is full, the folder is read-only...): unsaved changes are
    /// not protected. @param error what failed, with the file name
    void writeFailed(const QString& error);

private:
    void onTimeout();

    Document* m_document;
    QString m_directory;
    QString m_file;                    ///< recovery-<pid>-<n>.json
    std::unique_ptr<QLockFile> m_lock; ///< recovery-<pid>-<n>.lock, held while the window lives
    QTimer* m_timer;
    bool m_dirty = false; ///< changed since the last write
};

} // namespace cl
