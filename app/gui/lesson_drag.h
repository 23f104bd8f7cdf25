#pragma once
/// @file lesson_drag.h
/// Answering a lesson question with a drag on the canvas: the MTV's direction (the drag points it) and the
/// contact's depth (the drag's length, in metres). The overlay draws the drag as an arrow with what it
/// answers, so the student sees the guess on the scene before committing it. How a drag maps to an answer
/// is lesson_questions.h's (lessonDirectionChoice, lessonDragDepth), so it is tested without a window.

#include "overlay.h"

#include "physics/math.h"

#include <QString>

#include <vector>

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
    /// Numbered marks at points a question asks about (the clipped points of "which does the face keep?"),
    /// so the choices "Point 1", "Point 2" can be found and clicked on the scene. Empty: none.
    struct Mark {
        phys::Vec2 at;
        QString text;
    };
    void setMarks(std::vector<Mark> marks);
    const std::vector<Mark>& marks() const { return m_marks; }

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
    std::vector<Mark> m_marks;
};

} // namespace cl
