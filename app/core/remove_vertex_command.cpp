/// @file remove_vertex_command.cpp

#include "remove_vertex_command.h"

#include <QCoreApplication>

namespace cl {

RemoveVertexCommand::RemoveVertexCommand(Document* document, BodyKey key, int shape, int vertex,
                                         phys::BodyDef before, phys::BodyDef after, QUndoCommand* parent)
    : BodyEditCommand(document, key, std::move(before), std::move(after),
                      QCoreApplication::translate("cl::RemoveVertexCommand", "Remove vertex %1 of shape %2")
                          .arg(vertex)
                          .arg(shape + 1), // shapes numbered from 1 on screen, vertices as drawn
                      parent) {}

} // namespace cl
