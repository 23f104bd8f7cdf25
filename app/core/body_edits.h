#pragma once
/// @file body_edits.h
/// Checked edits of one body definition: each function returns the edited BodyDef, or an EditError naming
/// the field (in scene-file terms, e.g. "shapes[0].vertices[2]") when the result would be invalid. The
/// editing UI builds the new definition with these, then pushes it as one undo command; an error changes
/// nothing.

#include "physics/defs.h"

#include <QString>

#include <optional>
#include <variant>

namespace cl {

/// Why an edit was refused: `field` is the path inside the body ("position", "shapes[1].radius"...),
/// `message` says what is wrong.
struct EditError {
    QString field;
    QString message;
    /// "field: message"
    QString toString() const { return field.isEmpty() ? message : field + QStringLiteral(": ") + message; }
};

using BodyEditResult = std::variant<phys::BodyDef, EditError>;

/// Validates a whole body as the scene loader does (phys::validate): finite numbers within the world limits,
/// density > 0 on a dynamic body, friction >= 0, restitution in [0, 1], radius > 0...
std::optional<EditError> checkBody(const phys::BodyDef& body);

/// `body` as is when it validates, else the error.
BodyEditResult checked(phys::BodyDef body);

/// Replaces the vertices of polygon shape `shape` (body frame, metres). Refused when the shape is not a
/// polygon, when the outline is not a valid convex polygon (phys::Polygon::make), or when a vertex would be
/// dropped as a duplicate or collinear one; the error names the vertex.
BodyEditResult withVertices(const phys::BodyDef& body, int shape, const std::vector<phys::Vec2>& vertices);
/// Moves vertex `vertex` of polygon `shape` to `localPoint` (body frame, metres).
BodyEditResult withVertexMoved(const phys::BodyDef& body, int shape, int vertex, phys::Vec2 localPoint);
/// Inserts `localPoint` (body frame) after vertex `afterVertex`, so it becomes vertex afterVertex + 1.
BodyEditResult withVertexInserted(const phys::BodyDef& body, int shape, int afterVertex,
                                  phys::Vec2 localPoint);
/// Removes vertex `vertex` of polygon `shape` (refused below 3 vertices).
BodyEditResult withVertexRemoved(const phys::BodyDef& body, int shape, int vertex);

/// Path of a shape field, e.g. shapeField(1, "radius") == "shapes[1].radius".
QString shapeField(int shape, const char* field);

} // namespace cl
