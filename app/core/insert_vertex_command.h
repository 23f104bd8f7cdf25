#pragma once
/// @file insert_vertex_command.h
/// Inserts a vertex into a polygon shape (on an edge).

#include "body_edit_command.h"

namespace cl {

class InsertVertexCommand : public BodyEditCommand {
public:
    /// @param before, after the body before and after the insertion (built with withVertexInserted)
    /// @param vertex index of the new vertex
    InsertVertexCommand(Document* document, BodyKey key, int shape, int vertex, phys::BodyDef before,
                        phys::BodyDef after, QUndoCommand* parent = nullptr);
};

} // namespace cl
