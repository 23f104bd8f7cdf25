#pragma once
/// @file move_bodies_command.h
/// Translates bodies by a world vector (a drag of the selection, or arrow-key nudges). Nudges of the same
/// bodies merge into one step; the steps of one drag merge into one step too (one command per mouse move,
/// design.md section 5), and a drag that ends where it began leaves no step at all.

#include "body_edit_command.h"
#include "document.h"

#include <QList>
#include <QUndoCommand>

#include <vector>

namespace cl {

class MoveBodiesCommand : public QUndoCommand {
public:
    /// @param keys bodies to move (unknown keys are skipped)
    /// @param delta translation, world frame, metres
    /// @param nudge true for arrow-key nudges (they merge with a following nudge of the same bodies)
    MoveBodiesCommand(Document* document, const QList<BodyKey>& keys, phys::Vec2 delta, bool nudge,
                      QUndoCommand* parent = nullptr);
    /// One step of drag `drag` (EditIntents::newGesture): the bodies go to where they were when the drag
    /// began plus `totalDelta`. `previous` is the drag's command on top of the undo stack (its origins are
    /// the drag's start), or null for the first step (the start is where the bodies are now).
    MoveBodiesCommand(Document* document, const QList<BodyKey>& keys, phys::Vec2 totalDelta, quint64 drag,
                      const MoveBodiesCommand* previous);

    void redo() override;
    void undo() override;
    int id() const override { return kMoveBodiesCommandId; }
    bool mergeWith(const QUndoCommand* other) override;

    /// The translation from before the command to after it (for a drag: from the drag's start).
    phys::Vec2 delta() const { return m_delta; }
    quint64 drag() const { return m_drag; }
    /// The origin of body `key` before the command (for a drag: when the drag began), if it is moved.
    const phys::Vec2* origin(BodyKey key) const;

private:
    void place(bool after);
    void updateText();
    bool sameKeys(const MoveBodiesCommand& other) const;

    struct Moved {
        BodyKey key;
        phys::Vec2 before; ///< body origin before the move, world frame
        phys::Vec2 after;  ///< body origin after the move (kept, not recomputed, so redo is exact)
    };
    Document* m_document;
    std::vector<Moved> m_moved;
    phys::Vec2 m_delta;
    bool m_nudge = false;
    quint64 m_drag = 0;
};

} // namespace cl
