#pragma once
/// @file edit_intents.h
/// What the canvas tools ask the document to do. widgets/ must not depend on app/, so a tool never edits the
/// Document: it emits one intent on this shared object, and the app's EditController turns each intent into
/// exactly one undo command.
///
/// Drags are live (design.md section 5: the document is the one truth during a drag): a drag takes an id
/// from newGesture() and emits one intent per mouse move with that id as `gesture`; the commands of one
/// gesture merge, so the drag is still one undo step, while every view (canvas, walkthrough, inspector)
/// follows the document on every move. Esc ends a drag by emitting its starting values with the same id;
/// the merged command is then a no-op and disappears. `gesture` 0 is a one-shot edit.
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

    /// A new id for a live drag (1 and up, never reused), so its steps merge with each other only.
    quint64 newGesture() { return ++m_lastGesture; }

signals:
    /// Add a new body. `body.position` is its origin in the world frame, its shapes in the local frame.
    void addBody(const phys::BodyDef& body);

    /// Translate bodies by `delta` (world frame, metres). In a drag (`gesture` != 0) `delta` is counted from
    /// where the bodies were when the drag began, and is emitted on every mouse move.
    void moveBodies(const QList<quint64>& keys, phys::Vec2 delta, quint64 gesture = 0);

    /// Place one body: origin `position` (world frame, metres) and `angle` (radians, CCW). The rotate tool
    /// emits it on every move of the knob; the angle is about the centre of mass, so the origin moves too.
    void setBodyPose(quint64 key, phys::Vec2 position, double angle, quint64 gesture = 0);

    /// Move vertex `vertex` of polygon shape `shape` of body `key` to `localPoint` (body frame, metres).
    /// The tool has checked that the result is a valid polygon (phys::Polygon::make).
    void moveVertex(quint64 key, int shape, int vertex, phys::Vec2 localPoint, quint64 gesture = 0);

    /// Insert a vertex at `localPoint` (body frame) after vertex `afterVertex`, i.e. on edge `afterVertex`;
    /// the new vertex gets index afterVertex + 1. Checked valid by the tool. A drag out of an edge emits it
    /// once, then moveVertex of the new vertex with the same gesture.
    void insertVertex(quint64 key, int shape, int afterVertex, phys::Vec2 localPoint, quint64 gesture = 0);

    /// Remove vertex `vertex` of polygon shape `shape` of body `key`. Checked valid (3 or more remain).
    /// With a gesture: a cancelled drag out of an edge takes its new vertex back.
    void removeVertex(quint64 key, int shape, int vertex, quint64 gesture = 0);

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

private:
    quint64 m_lastGesture = 0;
};

} // namespace cl
