/// @file body_edit_command.cpp

#include "body_edit_command.h"

#include <algorithm>
#include <utility>
#include <variant>

namespace cl {

BodyEditCommand::BodyEditCommand(Document* document, BodyKey key, phys::BodyDef before, phys::BodyDef after,
                                 const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_key(key), m_before(std::move(before)),
      m_after(std::move(after)) {}

namespace {

bool sameShape(const phys::ShapeDef& a, const phys::ShapeDef& b) {
    if (a.density != b.density || a.friction != b.friction || a.restitution != b.restitution ||
        a.geometry.index() != b.geometry.index()) {
        return false;
    }
    if (const auto* ca = std::get_if<phys::Circle>(&a.geometry)) {
        const auto& cb = std::get<phys::Circle>(b.geometry);
        return ca->center == cb.center && ca->radius == cb.radius;
    }
    const auto va = std::get<phys::Polygon>(a.geometry).vertices();
    const auto vb = std::get<phys::Polygon>(b.geometry).vertices();
    return std::equal(va.begin(), va.end(), vb.begin(), vb.end());
}

} // namespace

bool sameBody(const phys::BodyDef& a, const phys::BodyDef& b) {
    return a.name == b.name && a.type == b.type && a.position == b.position && a.angle == b.angle &&
           a.linearVelocity == b.linearVelocity && a.angularVelocity == b.angularVelocity &&
           a.bullet == b.bullet &&
           std::equal(a.shapes.begin(), a.shapes.end(), b.shapes.begin(), b.shapes.end(), sameShape);
}

void BodyEditCommand::redo() {
    m_document->replaceBody(m_key, m_after);
}

void BodyEditCommand::undo() {
    m_document->replaceBody(m_key, m_before);
}

int BodyEditCommand::id() const {
    return dragId(-1);
}

bool BodyEditCommand::mergeWith(const QUndoCommand* other) {
    return m_drag != 0 && mergeDragStep(other);
}

bool BodyEditCommand::mergeDragStep(const QUndoCommand* other) {
    // Every command with kBodyDragCommandId is a BodyEditCommand (MoveBodiesCommand has its own id).
    const auto* next = dynamic_cast<const BodyEditCommand*>(other);
    if (!next || m_drag == 0 || next->m_drag != m_drag || next->m_key != m_key) {
        return false;
    }
    m_after = next->m_after;
    // Back where the drag began: QUndoStack::push deletes an obsolete merged command.
    setObsolete(sameBody(m_before, m_after));
    return true;
}

} // namespace cl
