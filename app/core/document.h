#pragma once
/// @file document.h
/// The open scene: its model, its undo stack, its file name and whether it has unsaved changes (design.md
/// section 5: "A Document owns the undo stack and emits typed change signals; items and docks observe it").

#include "scene_io.h"

#include <QList>
#include <QObject>
#include <QString>

#include <vector>

class QUndoStack;

namespace cl {

/// A stable name for one body of the open document: given when the body enters the document, kept while it
/// lives (its index may change as bodies before it come and go), never reused within the document's life.
/// Keys start at 1; 0 means "no body".
using BodyKey = quint64;

/// Owns the current Scene. "Modified" is the undo stack's clean state: saving marks the current state clean,
/// undoing back to it makes the document unmodified again. A load or setScene() replaces the scene, clears
/// the undo history and emits sceneReset().
///
/// Edits go through undo commands (app/core/*_command.h) pushed on undoStack(); the commands call the
/// low-level mutators below (insertBody, removeBody, replaceBody, setSettings), which change the model and
/// emit one typed signal each. Nothing else should call them.
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
    /// Every body gets a new key.
    void setScene(Scene scene);
    /// An empty, untitled, unmodified document with default settings.
    void clear();

    /// The file the scene was last loaded from or saved to; empty for an untitled document.
    QString fileName() const { return m_fileName; }
    void setFileName(const QString& fileName);
    bool isModified() const { return m_modified; }
    /// Marks the document modified with no undoable change (e.g. a scene restored from a recovery file must
    /// be saved by the user). Undo cannot reach a clean state afterwards until the next save.
    void markModified();
    QUndoStack* undoStack() const { return m_undoStack; }

    // Bodies by key.
    int bodyCount() const { return static_cast<int>(m_keys.size()); }
    /// Key of the body at `index` in SceneDef::bodies. @warning 0 <= index < bodyCount()
    BodyKey keyAt(int index) const { return m_keys[static_cast<std::size_t>(index)]; }
    /// Index of body `key` in SceneDef::bodies, or -1 when the document has no such body.
    int indexOf(BodyKey key) const;
    bool contains(BodyKey key) const { return indexOf(key) >= 0; }
    /// The body named `key`. @warning contains(key)
    const phys::BodyDef& body(BodyKey key) const;
    /// Every key, in body order.
    QList<BodyKey> keys() const;

    // Low-level mutators for the undo commands. Each emits one signal.
    /// Inserts `body` at `index` (clamped to 0..bodyCount()) under `key`, or under a new key when `key` is
    /// 0 or already taken. Emits bodyInserted. @return the body's key
    BodyKey insertBody(int index, phys::BodyDef body, BodyKey key = 0);
    /// Removes body `key` (nothing when unknown). Emits bodyRemoved after the removal.
    void removeBody(BodyKey key);
    /// Replaces the definition of body `key` (nothing when unknown). Emits bodyChanged.
    void replaceBody(BodyKey key, phys::BodyDef body);
    /// Replaces the world settings. Emits settingsChanged.
    void setSettings(const phys::WorldSettings& settings);

    /// A batch of insertions and removals (a command that adds or removes many bodies, and its undo): inside
    /// it bodyInserted and bodyRemoved still come one per body, and bodyBatchEnded comes once when the
    /// outermost batch ends. An observer that rebuilds from the whole scene (the simulation) waits for it, so
    /// deleting or duplicating n bodies rebuilds once instead of n times. Batches nest.
    void beginBodyBatch() { ++m_bodyBatch; }
    void endBodyBatch();
    bool inBodyBatch() const { return m_bodyBatch > 0; }
    /// beginBodyBatch() for the guard's scope.
    class BodyBatch {
    public:
        explicit BodyBatch(Document& document) : m_document(document) { m_document.beginBodyBatch(); }
        ~BodyBatch() { m_document.endBodyBatch(); }
        BodyBatch(const BodyBatch&) = delete;
        BodyBatch& operator=(const BodyBatch&) = delete;

    private:
        Document& m_document;
    };

signals:
    /// The whole scene was replaced: observers rebuild their view of it.
    void sceneReset();
    void fileNameChanged(const QString& fileName);
    void modifiedChanged(bool modified);
    /// A body entered the document (its index is indexOf(key)).
    void bodyInserted(cl::BodyKey key);
    /// A body left the document (it is gone when this is emitted).
    void bodyRemoved(cl::BodyKey key);
    /// A body's definition changed (shapes, pose, velocities, name, type...).
    void bodyChanged(cl::BodyKey key);
    /// The world settings changed.
    void settingsChanged();
    /// The outermost body batch ended (see beginBodyBatch()).
    void bodyBatchEnded();

private:
    void onCleanChanged(bool clean);

    Scene m_scene;
    std::vector<BodyKey> m_keys; ///< parallel to m_scene.def.bodies
    BodyKey m_nextKey = 1;
    QString m_fileName;
    QUndoStack* m_undoStack = nullptr;
    bool m_modified = false;
    int m_bodyBatch = 0; ///< nesting depth of beginBodyBatch()
};

} // namespace cl
