#pragma once
/// @file autosave.h
/// Autosave and crash recovery (design.md section 7): while the document has unsaved changes, it is written
/// every few seconds to a recovery file; a clean save, a discard on close or a new/opened document removes
/// it. At start-up a leftover recovery file means the last session ended without saving: the user is offered
/// to restore it.

#include "scene_io.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QTimer;

namespace cl {

class Document;

/// Process-wide crash-recovery settings, read when a MainWindow is constructed (set them before). Tests
/// point `directory` at a temporary folder and answer `askRestore` themselves; headless runs disable it.
struct RecoveryOptions {
    /// Folder of the recovery file; empty = QStandardPaths::AppDataLocation + "/recovery".
    QString directory;
    /// Asked at start-up when a recovery file exists; true restores it. Null = a message box.
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
    QString originalFileName; ///< the document's file name when it was autosaved ("" = untitled)
    QString savedAt;          ///< ISO 8601 time of the autosave
};

/// Writes the document to `directory`/recovery.json every `intervalMs` while it is modified and changed
/// since the last write; removes the file when the document becomes unmodified.
class Autosave : public QObject {
    Q_OBJECT

public:
    Autosave(Document* document, const QString& directory, int intervalMs, QObject* parent = nullptr);

    /// The default folder: QStandardPaths::AppDataLocation + "/recovery".
    static QString defaultDirectory();
    /// The key under which the recovery file keeps the original file name and the time (a top-level key
    /// of the scene file, ignored by readers that do not know it).
    static const char* const kRecoveryKey;

    QString recoveryFile() const;
    bool hasRecoveryFile() const;
    /// Writes the recovery file now (whatever the modified state). @return false on an I/O error
    bool writeNow();
    /// Removes the recovery file.
    void discard();
    /// Reads the recovery file; nullopt when there is none or it cannot be read.
    std::optional<RecoveredScene> read() const;
    /// Offers to restore a leftover recovery file through `ask`. Yes: the document gets the scene (modified,
    /// with the original file name). No: the file is removed. @return true when a scene was restored
    bool offerRecovery(const std::function<bool(const QString&)>& ask);
    QTimer* timer() const { return m_timer; }

private:
    void onTimeout();

    Document* m_document;
    QString m_directory;
    QTimer* m_timer;
    bool m_dirty = false; ///< changed since the last write
};

} // namespace cl
