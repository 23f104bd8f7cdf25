#pragma once
/// @file body_edit_command.h
/// The base of every command that replaces one body's definition: it holds the body's stable key and the
/// definitions before and after (values, never pointers into the model).

#include "document.h"

#include <QUndoCommand>

namespace cl {

/// True when two body definitions hold exactly the same values (every field, every vertex).
bool sameBody(const phys::BodyDef& a, const phys::BodyDef& b);

/// Merge ids of the commands (QUndoCommand::id()); -1 (no merging) for the others.
enum CommandId : int {
    kSetPropertyCommandId = 1001,
    kMoveVertexCommandId = 1002,
    kMoveBodiesCommandId = 1003,
    /// Every step of one mouse drag of one body (vertex moved or pulled out of an edge, rotation): the
    /// steps merge whatever their class, so the drag is one undo step (Tiled's polygon tool).
    kBodyDragCommandId = 1004,
};

/// Replaces the definition of body `key`: redo() installs `after`, undo() restores `before`.
/// Subclasses give the text, the merge id and the merge rule.
///
/// A live drag (design.md section 5: the document is the one truth during a drag) pushes one command per
/// mouse move, each tagged with the drag's id (setDrag): such commands share kBodyDragCommandId and merge
/// with the previous step of the same drag and body, keeping the first step's `before` and text. A drag
/// that comes back to where it began (Esc, or a drag back to the start) merges into a no-op, which
/// QUndoStack drops (QUndoCommand::setObsolete), so it leaves no empty undo step behind.
class BodyEditCommand : public QUndoCommand {
public:
    /// @param document the document whose undo stack holds the command (it outlives the command)
    BodyEditCommand(Document* document, BodyKey key, phys::BodyDef before, phys::BodyDef after,
                    const QString& text, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;
    /// kBodyDragCommandId for a drag step, else -1 (subclasses with their own merge rule override it and
    /// call dragId() first).
    int id() const override;
    /// Merges the next step of the same drag (see the class comment); false for anything else.
    bool mergeWith(const QUndoCommand* other) override;

    BodyKey key() const { return m_key; }
    const phys::BodyDef& before() const { return m_before; }
    const phys::BodyDef& after() const { return m_after; }
    /// The drag (EditIntents::newGesture) this command is a step of; 0 for a one-shot edit.
    quint64 drag() const { return m_drag; }
    void setDrag(quint64 drag) { m_drag = drag; }

protected:
    /// kBodyDragCommandId when this is a drag step, else `ownId`.
    int dragId(int ownId) const { return m_drag != 0 ? kBodyDragCommandId : ownId; }
    /// The merge of drag steps (used by mergeWith when drag() != 0).
    bool mergeDragStep(const QUndoCommand* other);

    Document* m_document;
    BodyKey m_key;
    phys::BodyDef m_before;
    phys::BodyDef m_after;
    quint64 m_drag = 0;
};

} // namespace cl
