#pragma once
/// @file tool_select.h
/// The select tool: click selects, Shift or Ctrl adds, a rubber band selects what it touches, a drag moves
/// the selection, and a handle above a single selected body rotates it about its centre of mass.

#include "physics/defs.h"
#include "tool.h"

#include <QList>
#include <QPair>
#include <QRectF>

#include <optional>

namespace cl {

/// Select, move and rotate bodies. A drag is live: every mouse move emits moveBodies (a rotation:
/// setBodyPose) tagged with the drag's gesture id, so the document, and every view of it, follows the mouse
/// while the steps merge into one undo step (EditIntents). Esc puts the bodies back by emitting the drag's
/// start with the same id. Keys: Delete/Backspace deletes the selection, Ctrl+D duplicates it, the arrows
/// nudge it by one grid step (Shift: ten), Esc cancels a drag or clears the selection.
class SelectTool : public Tool {
    Q_OBJECT

public:
    /// Angle increment of the rotate handle while Shift is held, radians (15 degrees).
    static constexpr double kRotateSnap = 15.0 * 3.14159265358979323846 / 180.0;
    /// Distance from the top of the body's bounding box to the rotate knob, pixels.
    static constexpr double kRotateHandleGap = 36.0;

    SelectTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    QString name() const override;
    void activate() override;
    void cancel() override;
    bool isBusy() const override { return m_mode != Mode::Idle; }
    void drawOverlay(QPainter& painter) const override;

    std::vector<DrawnLine> handles() const override;

    /// Viewport position of the rotate knob, or nullopt when the selection is not exactly one body.
    std::optional<QPointF> rotateHandlePosition() const;
    /// The rotate handle's line: from the edge of the body's box (p1) to the knob (p2), viewport pixels.
    /// Above the body, else below, right or left of it: the first side where the line and knob cover no
    /// body name and stay in the view (issue 12 review M3: from the body's centre it ran through "circle 1"
    /// and the "B" badge). Nullopt when the selection is not exactly one body.
    std::optional<QLineF> rotateHandle() const;

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;
    bool mouseDoubleClick(QMouseEvent* event) override;
    bool keyPress(QKeyEvent* event) override;
    bool wantsKey(const QKeyEvent* event) const override;

private:
    enum class Mode { Idle, Pressed, Moving, RubberBand, Rotating };

    /// Moves the dragged bodies to their original places plus `delta` (world metres): one drag step.
    void dragMove(phys::Vec2 delta);
    /// Turns the rotated body to `angle` about its centre of mass: one drag step.
    void dragRotation(double angle);
    /// Puts the dragged bodies back where the drag began (Esc).
    void restoreOriginals();
    void rememberOriginals(const QList<quint64>& keys);
    /// Bodies whose outline touches the viewport rectangle `band`.
    QList<quint64> bodiesInBand(const QRectF& band) const;
    /// The rotation angle (radians) for the mouse at `viewportPoint`.
    double rotationAngleAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const;

    Mode m_mode = Mode::Idle;
    QPointF m_pressPosition;
    phys::Vec2 m_pressWorld;
    quint64 m_pressedKey = 0;
    bool m_toggleOnRelease = false;
    QList<QPair<quint64, phys::BodyDef>> m_originals;
    phys::Vec2 m_delta;
    quint64 m_gesture = 0; ///< the drag's id for its intents (EditIntents::newGesture)
    QRectF m_band;
    QList<quint64> m_bandBase;
    // Rotation: the body, its centre of mass (world), the mouse angle at the press and the current angle.
    quint64 m_rotateKey = 0;
    phys::Vec2 m_rotateCentre;
    double m_rotateStartMouseAngle = 0.0;
    double m_rotateAngle = 0.0;
    bool m_handleHovered = false;
};

} // namespace cl
