/// @file insert_vertex_command.cpp

#include "insert_vertex_command.h"

#include <QCoreApplication>

namespace cl {

InsertVertexCommand::InsertVertexCommand(Document* document, BodyKey key, int shape, int vertex,
                                         phys::BodyDef before, phys::BodyDef after, QUndoCommand* parent)
    : BodyEditCommand(document, key, std::move(before), std::move(after),
                      QCoreApplication::translate("cl::InsertVertexCommand", "Insert vertex %1 in shape %2")
                          .arg(vertex)
                          .arg(shape + 1), // shapes numbered from 1 on screen, vertices as drawn
                      parent) {}

} // namespace cl
