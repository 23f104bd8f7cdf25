/// @file remove_body_command.cpp

#include "remove_body_command.h"

#include <QCoreApplication>

namespace cl {

RemoveBodyCommand::RemoveBodyCommand(Document* document, BodyKey key, QUndoCommand* parent)
    : QUndoCommand(parent), m_document(document), m_key(key), m_body(document->body(key)),
      m_index(document->indexOf(key)) {
    setText(m_body.name.empty() ? QCoreApplication::translate("cl::RemoveBodyCommand", "Delete body")
                                : QCoreApplication::translate("cl::RemoveBodyCommand", "Delete %1")
                                      .arg(QString::fromStdString(m_body.name)));
}

void RemoveBodyCommand::redo() {
    // Take the definition as it is now: commands before this one on the stack may have changed it.
    m_index = m_document->indexOf(m_key);
    if (m_index >= 0) {
        m_body = m_document->body(m_key);
    }
    m_document->removeBody(m_key);
}

void RemoveBodyCommand::undo() {
    m_document->insertBody(m_index, m_body, m_key);
}

} // namespace cl
