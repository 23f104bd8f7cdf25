#pragma once
/// @file move_bodies_command.h
/// Translates bodies by a world vector (a drag of the selection, or arrow-key nudges). Nudges of the same
/// bodies merge into one step; drags do not.

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

    void redo() override;
    void undo() override;
    int id() const override { return kMoveBodiesId; }
    bool mergeWith(const QUndoCommand* other) override;

    phys::Vec2 delta() const { return m_delta; }

    static constexpr int kMoveBodiesId = 1003;

private:
    void place(bool after);

    struct Moved {
        BodyKey key;
        phys::Vec2 before; ///< body origin before the move, world frame
        phys::Vec2 after;  ///< body origin after the move (kept, not recomputed, so redo is exact)
    };
    Document* m_document;
    std::vector<Moved> m_moved;
    phys::Vec2 m_delta;
    bool m_nudge;
};

} // namespace cl
