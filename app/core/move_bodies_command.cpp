/// @file move_bodies_command.cpp

#include "move_bodies_command.h"

#include <QCoreApplication>

namespace cl {

MoveBodiesCommand::MoveBodiesCommand(Document* document, const QList<BodyKey>& keys, phys::Vec2 delta,
                                     bool nudge, QUndoCommand* parent)
    : QUndoCommand(parent), m_document(document), m_delta(delta), m_nudge(nudge) {
    for (const BodyKey key : keys) {
        if (document->contains(key)) {
            const phys::Vec2 before = document->body(key).position;
            m_moved.push_back({key, before, before + delta});
        }
    }
    const auto count = static_cast<int>(m_moved.size());
    setText(nudge ? QCoreApplication::translate("cl::MoveBodiesCommand", "Nudge %n body(s)", nullptr, count)
                  : QCoreApplication::translate("cl::MoveBodiesCommand", "Move %n body(s)", nullptr, count));
}

void MoveBodiesCommand::place(bool after) {
    for (const Moved& moved : m_moved) {
        if (!m_document->contains(moved.key)) {
            continue;
        }
        phys::BodyDef body = m_document->body(moved.key);
        // Stored origins, so undo and redo give back the exact doubles.
        body.position = after ? moved.after : moved.before;
        m_document->replaceBody(moved.key, std::move(body));
    }
}

void MoveBodiesCommand::redo() {
    place(true);
}

void MoveBodiesCommand::undo() {
    place(false);
}

bool MoveBodiesCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const MoveBodiesCommand*>(other);
    if (!m_nudge || !next->m_nudge || next->m_moved.size() != m_moved.size()) {
        return false;
    }
    for (std::size_t i = 0; i < m_moved.size(); ++i) {
        if (next->m_moved[i].key != m_moved[i].key) {
            return false;
        }
    }
    for (std::size_t i = 0; i < m_moved.size(); ++i) {
        m_moved[i].after = next->m_moved[i].after;
    }
    m_delta += next->m_delta;
    return true;
}

} // namespace cl
