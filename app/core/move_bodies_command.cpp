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
    updateText();
}

MoveBodiesCommand::MoveBodiesCommand(Document* document, const QList<BodyKey>& keys, phys::Vec2 totalDelta,
                                     quint64 drag, const MoveBodiesCommand* previous)
    : QUndoCommand(nullptr), m_document(document), m_delta(totalDelta), m_drag(drag) {
    for (const BodyKey key : keys) {
        if (!document->contains(key)) {
            continue;
        }
        const phys::Vec2 now = document->body(key).position;
        const phys::Vec2* start = previous ? previous->origin(key) : nullptr;
        // From the drag's start, not from the last step: the end of the drag (and a return to the start)
        // gives exact doubles, however many steps came between.
        m_moved.push_back({key, now, (start ? *start : now) + totalDelta});
    }
    updateText();
}

void MoveBodiesCommand::updateText() {
    const auto count = static_cast<int>(m_moved.size());
    // Written out for one and many: without a translation file Qt's %n leaves "body(s)" as it is.
    const char* text = m_nudge ? (count == 1 ? "Nudge 1 body" : "Nudge %1 bodies")
                               : (count == 1 ? "Move 1 body" : "Move %1 bodies");
    const QString translated = QCoreApplication::translate("cl::MoveBodiesCommand", text);
    // The one-body text has no %1 to fill (QString::arg warned "Argument missing" on every move).
    setText(count == 1 ? translated : translated.arg(count));
}

const phys::Vec2* MoveBodiesCommand::origin(BodyKey key) const {
    for (const Moved& moved : m_moved) {
        if (moved.key == key) {
            return &moved.before;
        }
    }
    return nullptr;
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

bool MoveBodiesCommand::sameKeys(const MoveBodiesCommand& other) const {
    if (other.m_moved.size() != m_moved.size()) {
        return false;
    }
    for (std::size_t i = 0; i < m_moved.size(); ++i) {
        if (other.m_moved[i].key != m_moved[i].key) {
            return false;
        }
    }
    return true;
}

bool MoveBodiesCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const MoveBodiesCommand*>(other);
    if (!sameKeys(*next)) {
        return false;
    }
    if (m_drag != 0 || next->m_drag != 0) {
        // Steps of one drag: keep the drag's start, take the latest place.
        if (next->m_drag != m_drag) {
            return false;
        }
        bool home = true;
        for (std::size_t i = 0; i < m_moved.size(); ++i) {
            m_moved[i].after = next->m_moved[i].after;
            home = home && m_moved[i].after == m_moved[i].before;
        }
        m_delta = next->m_delta;
        setObsolete(home); // QUndoStack::push drops a drag that ends where it began
        return true;
    }
    if (!m_nudge || !next->m_nudge) {
        return false;
    }
    for (std::size_t i = 0; i < m_moved.size(); ++i) {
        m_moved[i].after = next->m_moved[i].after;
    }
    m_delta += next->m_delta;
    return true;
}

} // namespace cl
