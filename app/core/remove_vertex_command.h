#pragma once
/// @file remove_vertex_command.h
/// Removes a vertex from a polygon shape (3 or more remain).

#include "body_edit_command.h"

namespace cl {

class RemoveVertexCommand : public BodyEditCommand {
public:
    /// @param before, after the body before and after the removal (built with withVertexRemoved)
    RemoveVertexCommand(Document* document, BodyKey key, int shape, int vertex, phys::BodyDef before,
                        phys::BodyDef after, QUndoCommand* parent = nullptr);
};

} // namespace cl
