#pragma once
/// @file document.h
/// The open scene: its model, its undo stack, its file name and whether it has unsaved changes (design.md
/// section 5: "A Document owns the undo stack and emits typed change signals; items and docks observe it").

#include "scene_io.h"

#include <QObject>
#include <QString>

class QUndoStack;

namespace cl {

/// Owns the current Scene. "Modified" is the undo stack's clean state: saving marks the current state clean,
/// undoing back to it makes the document unmodified again. A load or setScene() replaces the scene, clears
/// the undo history and emits sceneReset().
class Document : public QObject {
    Q_OBJECT

public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    /// Reads a scene file. On failure the document (scene, file name, history, modified flag) is unchanged.
    /// @param error receives "path: message" on failure; may be null
    bool load(const QString& fileName, QString* error);
    /// Writes the scene atomically. On success the file name is updated and the document becomes unmodified.
    /// @param error receives the reason on failure; may be null
    bool save(const QString& fileName, QString* error);

    const Scene& scene() const { return m_scene; }
    /// Replaces the scene (a new document, a sample scene...). Clears the undo history; the file name stays.
    void setScene(Scene scene);
    /// An empty, untitled, unmodified document with default settings.
    void clear();

    /// The file the scene was last loaded from or saved to; empty for an untitled document.
    QString fileName() const { return m_fileName; }
    void setFileName(const QString& fileName);
    bool isModified() const { return m_modified; }
    QUndoStack* undoStack() const { return m_undoStack; }

signals:
    /// The whole scene was replaced: observers rebuild their view of it.
    void sceneReset();
    void fileNameChanged(const QString& fileName);
    void modifiedChanged(bool modified);

private:
    void onCleanChanged(bool clean);

    Scene m_scene;
    QString m_fileName;
    QUndoStack* m_undoStack = nullptr;
    bool m_modified = false;
};

} // namespace cl
