/// @file move_vertex_command.cpp

#include "move_vertex_command.h"

#include <QCoreApplication>

namespace cl {

MoveVertexCommand::MoveVertexCommand(Document* document, BodyKey key, int shape, int vertex,
                                     phys::BodyDef before, phys::BodyDef after, QUndoCommand* parent)
    : BodyEditCommand(document, key, std::move(before), std::move(after),
                      QCoreApplication::translate("cl::MoveVertexCommand", "Move vertex %1").arg(vertex),
                      parent),
      m_shape(shape), m_vertex(vertex) {}

bool MoveVertexCommand::mergeWith(const QUndoCommand* other) {
    if (m_drag != 0) {
        return mergeDragStep(other);
    }
    const auto* next = static_cast<const MoveVertexCommand*>(other);
    if (next->m_key != m_key || next->m_shape != m_shape || next->m_vertex != m_vertex) {
        return false;
    }
    m_after = next->m_after;
    return true;
}

} // namespace cl
