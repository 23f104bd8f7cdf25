#pragma once
/// @file remove_body_command.h
/// Removes a body; undo puts it back at the same index under the same key.

#include "document.h"

#include <QUndoCommand>

namespace cl {

class RemoveBodyCommand : public QUndoCommand {
public:
    /// @warning document->contains(key)
    RemoveBodyCommand(Document* document, BodyKey key, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    BodyKey key() const { return m_key; }

private:
    Document* m_document;
    BodyKey m_key;
    phys::BodyDef m_body; ///< the definition it had when removed
    int m_index;          ///< its index when removed
};

} // namespace cl
