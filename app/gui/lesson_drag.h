#pragma once
/// @file lesson_drag.h
/// Answering a lesson question with a drag on the canvas: the MTV's direction (the drag points it) and the
/// contact's depth (the drag's length, in metres). The overlay draws the drag as an arrow with what it
/// answers, so the student sees the guess on the scene before committing it. How a drag maps to an answer
/// is lesson_questions.h's (lessonDirectionChoice, lessonDragDepth), so it is tested without a window.

#include "overlay.h"

#include "physics/math.h"

#include <QString>

namespace cl {

class LessonDragOverlay : public CanvasOverlay {
    Q_OBJECT

public:
    explicit LessonDragOverlay(QObject* parent = nullptr) : CanvasOverlay(parent) {}

    /// Starts a drag at `world` (metres); nothing is drawn until it moves.
    void begin(phys::Vec2 world);
    /// The drag's current end, and the text drawn at its head (the direction or the length it answers).
    void moveTo(phys::Vec2 world, const QString& label);
    /// The mouse was released: the arrow stays drawn (the guess) but no longer follows the mouse.
    void finish() { m_dragging = false; }
    /// Removes the arrow.
    void clear();

    bool dragging() const { return m_dragging; }
    bool visible() const { return m_visible; }
    phys::Vec2 start() const { return m_start; }
    phys::Vec2 end() const { return m_end; }
    QString label() const { return m_label; }

    void paintOverlay(QPainter& painter, const SceneCanvas& canvas) override;

private:
    phys::Vec2 m_start, m_end;
    QString m_label;
    bool m_dragging = false;
    bool m_visible = false;
};

} // namespace cl
