#pragma once
/// @file add_body_command.h
/// Adds a body to the document. The key is taken on the first redo and reused by every later redo, so
/// commands pushed after this one keep naming the same body.

#include "document.h"

#include <QUndoCommand>

namespace cl {

class AddBodyCommand : public QUndoCommand {
public:
    /// @param body the new body (validated by the caller)
    /// @param index where it goes in the body list; -1 = at the end
    AddBodyCommand(Document* document, phys::BodyDef body, int index = -1, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    /// The body's key; 0 until the first redo().
    BodyKey key() const { return m_key; }

private:
    Document* m_document;
    phys::BodyDef m_body;
    int m_index;
    BodyKey m_key = 0;
};

} // namespace cl
