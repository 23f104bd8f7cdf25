/// @file add_body_command.cpp

#include "add_body_command.h"

#include <QCoreApplication>

#include <utility>

namespace cl {

AddBodyCommand::AddBodyCommand(Document* document, phys::BodyDef body, int index, QUndoCommand* parent)
    : QUndoCommand(parent), m_document(document), m_body(std::move(body)), m_index(index) {
    setText(m_body.name.empty() ? QCoreApplication::translate("cl::AddBodyCommand", "Add body")
                                : QCoreApplication::translate("cl::AddBodyCommand", "Add %1")
                                      .arg(QString::fromStdString(m_body.name)));
}

void AddBodyCommand::redo() {
    const int index = m_index < 0 ? m_document->bodyCount() : m_index;
    m_index = index;
    m_key = m_document->insertBody(index, m_body, m_key);
}

void AddBodyCommand::undo() {
    m_document->removeBody(m_key);
}

} // namespace cl
