#pragma once
/// @file edit_intents.h
/// What the canvas tools ask the document to do. widgets/ must not depend on app/, so a tool never edits the
/// Document: it emits one intent on this shared object, and the app's EditController turns each intent into
/// exactly one undo command. A drag emits its intent once, on release (one drag = one undo step).
///
/// Units and frames: every point and vector is in metres; `position`, `delta` and `offset` are in the world
/// frame, `localPoint` in the body's local frame (the frame of BodyDef::shapes); angles in radians,
/// counter-clockwise. Bodies are named by the canvas keys (cl::BodyKey of the Document, 1 and up; 0 = none).

#include "physics/defs.h"
#include "physics/math.h"

#include <QList>
#include <QObject>
#include <QString>

namespace cl {

/// The shared channel from the canvas tools to the document (one instance, owned by the main window).
class EditIntents : public QObject {
    Q_OBJECT

public:
    explicit EditIntents(QObject* parent = nullptr) : QObject(parent) {}

signals:
    /// Add a new body. `body.position` is its origin in the world frame, its shapes in the local frame.
    void addBody(const phys::BodyDef& body);

    /// Translate bodies by `delta` (world frame, metres). Emitted once when a drag ends.
    void moveBodies(const QList<quint64>& keys, phys::Vec2 delta);

    /// Place one body: origin `position` (world frame, metres) and `angle` (radians, CCW). The rotate tool
    /// emits it once on release; the angle is about the centre of mass, so the origin moves too.
    void setBodyPose(quint64 key, phys::Vec2 position, double angle);

    /// Move vertex `vertex` of polygon shape `shape` of body `key` to `localPoint` (body frame, metres).
    /// The tool has checked that the result is a valid polygon (phys::Polygon::make).
    void moveVertex(quint64 key, int shape, int vertex, phys::Vec2 localPoint);

    /// Insert a vertex at `localPoint` (body frame) after vertex `afterVertex`, i.e. on edge `afterVertex`;
    /// the new vertex gets index afterVertex + 1. Checked valid by the tool.
    void insertVertex(quint64 key, int shape, int afterVertex, phys::Vec2 localPoint);

    /// Remove vertex `vertex` of polygon shape `shape` of body `key`. Checked valid (3 or more remain).
    void removeVertex(quint64 key, int shape, int vertex);

    /// Delete these bodies.
    void deleteBodies(const QList<quint64>& keys);

    /// Add a copy of each of these bodies, translated by `offset` (world frame, metres); the copies should
    /// become the selection.
    void duplicateBodies(const QList<quint64>& keys, phys::Vec2 offset);

    /// Translate bodies by `delta` (world frame, metres) from the arrow keys. Consecutive nudges of the same
    /// bodies may merge into one undo command.
    void nudgeBodies(const QList<quint64>& keys, phys::Vec2 delta);

    /// A short message for the status bar (a refused click, what the tool expects next).
    /// @param timeoutMs how long to show it, 0 = until replaced
    void statusMessage(const QString& message, int timeoutMs);
};

} // namespace cl
