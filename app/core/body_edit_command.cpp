/// @file body_edit_command.cpp

#include "body_edit_command.h"

#include <utility>

namespace cl {

BodyEditCommand::BodyEditCommand(Document* document, BodyKey key, phys::BodyDef before, phys::BodyDef after,
                                 const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_key(key), m_before(std::move(before)),
      m_after(std::move(after)) {}

void BodyEditCommand::redo() {
    m_document->replaceBody(m_key, m_after);
}

void BodyEditCommand::undo() {
    m_document->replaceBody(m_key, m_before);
}

} // namespace cl
