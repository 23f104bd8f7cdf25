#pragma once
/// @file body_edit_command.h
/// The base of every command that replaces one body's definition: it holds the body's stable key and the
/// definitions before and after (values, never pointers into the model).

#include "document.h"

#include <QUndoCommand>

namespace cl {

/// Replaces the definition of body `key`: redo() installs `after`, undo() restores `before`.
/// Subclasses give the text, the merge id and the merge rule.
class BodyEditCommand : public QUndoCommand {
public:
    /// @param document the document whose undo stack holds the command (it outlives the command)
    BodyEditCommand(Document* document, BodyKey key, phys::BodyDef before, phys::BodyDef after,
                    const QString& text, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    BodyKey key() const { return m_key; }
    const phys::BodyDef& before() const { return m_before; }
    const phys::BodyDef& after() const { return m_after; }

protected:
    Document* m_document;
    BodyKey m_key;
    phys::BodyDef m_before;
    phys::BodyDef m_after;
};

/// Merge ids of the commands (QUndoCommand::id()); -1 (no merging) for the others.
enum CommandId : int {
    kSetPropertyCommandId = 1001,
    kMoveVertexCommandId = 1002,
    kMoveBodiesCommandId = 1003,
};

} // namespace cl
