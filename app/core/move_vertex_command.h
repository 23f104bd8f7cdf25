#pragma once
/// @file move_vertex_command.h
/// Moves one vertex of a polygon shape. Consecutive moves of the same vertex merge (typing x then y in the
/// vertex table is one step); a drag pushes one command per mouse move, tagged with the drag, and those
/// merge into one step per drag (BodyEditCommand).

#include "body_edit_command.h"

namespace cl {

class MoveVertexCommand : public BodyEditCommand {
public:
    /// @param before, after the body before and after the move (built with withVertexMoved)
    MoveVertexCommand(Document* document, BodyKey key, int shape, int vertex, phys::BodyDef before,
                      phys::BodyDef after, QUndoCommand* parent = nullptr);

    int id() const override { return dragId(kMoveVertexCommandId); }
    bool mergeWith(const QUndoCommand* other) override;

    int shape() const { return m_shape; }
    int vertex() const { return m_vertex; }

private:
    int m_shape;
    int m_vertex;
};

} // namespace cl
