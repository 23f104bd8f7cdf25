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

/// Select, move and rotate bodies. One intent per gesture, emitted on release: moveBodies for a drag,
/// setBodyPose for a rotation. During the gesture the canvas shows a preview (SceneCanvas::setBody with a
/// temporary definition) that is restored before the intent is emitted, so the document stays the only
/// source of truth. Keys: Delete/Backspace deletes the selection, Ctrl+D duplicates it, the arrows nudge it
/// by one grid step (Shift: ten), Esc cancels a drag or clears the selection.
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

    /// Viewport position of the rotate knob, or nullopt when the selection is not exactly one body.
    std::optional<QPointF> rotateHandlePosition() const;

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;
    bool mouseDoubleClick(QMouseEvent* event) override;
    bool keyPress(QKeyEvent* event) override;
    bool wantsKey(const QKeyEvent* event) const override;

private:
    enum class Mode { Idle, Pressed, Moving, RubberBand, Rotating };

    /// Shows every moved body at its original place plus `delta` (world metres).
    void previewMove(phys::Vec2 delta);
    /// Shows the rotated body.
    void previewRotation(double angle);
    /// Puts the original definitions back on the canvas.
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
