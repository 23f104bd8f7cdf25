#pragma once
/// @file set_property_command.h
/// The mergeable "set a property of a body" command (design.md section 5): consecutive edits of the same
/// field of the same body merge into one undo step.

#include "body_edit_command.h"

namespace cl {

/// The editable fields of a body. Shape fields come with the shape's index.
enum class BodyField {
    Name,
    Type,
    Position, ///< both coordinates: editing x then y is one step
    Angle,
    LinearVelocity,
    AngularVelocity,
    Bullet,
    Pose, ///< position and angle together (the rotate tool)
    ShapeDensity,
    ShapeFriction,
    ShapeRestitution,
    CircleCenter,
    CircleRadius,
};

/// One field of one body: the field and, for shape fields, the shape index (-1 otherwise).
struct FieldId {
    BodyField field = BodyField::Name;
    int shape = -1;
    friend bool operator==(const FieldId&, const FieldId&) = default;
};

/// Human-readable name of a field for undo texts and messages, e.g. "density of shape 1".
QString fieldName(const FieldId& field);

/// Sets one field of body `key`: the caller builds (and validates) the definition after the change.
class SetPropertyCommand : public BodyEditCommand {
public:
    SetPropertyCommand(Document* document, BodyKey key, FieldId field, phys::BodyDef before,
                       phys::BodyDef after, QUndoCommand* parent = nullptr);

    int id() const override { return dragId(kSetPropertyCommandId); }
    /// Merges a following edit of the same field of the same body: this command then leads from the first
    /// edit's `before` to the last edit's `after`.
    bool mergeWith(const QUndoCommand* other) override;

    FieldId field() const { return m_field; }

private:
    FieldId m_field;
};

} // namespace cl
