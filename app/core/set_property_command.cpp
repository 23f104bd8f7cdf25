/// @file set_property_command.cpp

#include "set_property_command.h"

#include <QCoreApplication>

namespace cl {

QString fieldName(const FieldId& field) {
    auto shape = [&field](const char* name) {
        return QCoreApplication::translate("cl::SetPropertyCommand", "%1 of shape %2")
            .arg(QLatin1String(name))
            .arg(field.shape + 1); // numbered from 1 on screen, as in the Inspector
    };
    switch (field.field) {
    case BodyField::Name:
        return QStringLiteral("name");
    case BodyField::Type:
        return QStringLiteral("type");
    case BodyField::Position:
        return QStringLiteral("position");
    case BodyField::Angle:
        return QStringLiteral("angle");
    case BodyField::LinearVelocity:
        return QStringLiteral("linear velocity");
    case BodyField::AngularVelocity:
        return QStringLiteral("angular velocity");
    case BodyField::Bullet:
        return QStringLiteral("bullet");
    case BodyField::Pose:
        return QStringLiteral("pose");
    case BodyField::ShapeDensity:
        return shape("density");
    case BodyField::ShapeFriction:
        return shape("friction");
    case BodyField::ShapeRestitution:
        return shape("restitution");
    case BodyField::CircleCenter:
        return shape("centre");
    case BodyField::CircleRadius:
        return shape("radius");
    }
    return {};
}

namespace {
QString commandText(const phys::BodyDef& body, const FieldId& field) {
    const QString name = body.name.empty() ? QStringLiteral("body") : QString::fromStdString(body.name);
    return QCoreApplication::translate("cl::SetPropertyCommand", "Set %1 of %2").arg(fieldName(field), name);
}
} // namespace

SetPropertyCommand::SetPropertyCommand(Document* document, BodyKey key, FieldId field, phys::BodyDef before,
                                       phys::BodyDef after, QUndoCommand* parent)
    : BodyEditCommand(document, key, std::move(before), std::move(after), QString(), parent), m_field(field) {
    setText(commandText(field.field == BodyField::Name ? m_after : m_before, field));
}

bool SetPropertyCommand::mergeWith(const QUndoCommand* other) {
    if (m_drag != 0) {
        return mergeDragStep(other);
    }
    const auto* next = static_cast<const SetPropertyCommand*>(other);
    if (next->m_key != m_key || next->m_field != m_field) {
        return false;
    }
    m_after = next->m_after;
    setText(commandText(m_field.field == BodyField::Name ? m_after : m_before, m_field));
    return true;
}

} // namespace cl
