#pragma once
/// @file grab_tool.h
/// The Simulate mode's canvas tool: press on a dynamic body to grab it, drag to pull it along with a soft
/// mouse spring (so it still collides on its way), release to throw it with the drag velocity. Source 000's
/// grabbing demo teleports the body and throws it with a force from the last two mouse positions; here the
/// tool only reports the mouse (world metres) and the simulation controller applies the spring and the throw
/// to the engine, so the body stays a simulated body all along.

#include "tool.h"

#include "physics/math.h"

#include <functional>

namespace cl {

class GrabTool : public Tool {
    Q_OBJECT

public:
    GrabTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    QString name() const override { return tr("Grab"); }
    /// Says in the status bar what the mouse does in Simulate mode (the Select tool's hint stayed there).
    void activate() override;
    void cancel() override;
    bool isBusy() const override { return m_grabbed != 0; }
    void drawOverlay(QPainter& painter) const override;

    /// Called on every left press before grabbing, with the viewport pixel; returning true consumes the press
    /// (the simulation uses it to pick a contact point on a paused frame).
    void setPressInterceptor(std::function<bool(QPointF)> interceptor) {
        m_interceptor = std::move(interceptor);
    }

    /// The grabbed body's key (0 = none).
    quint64 grabbedBody() const { return m_grabbed; }
    /// Where the spring pulls, world metres (the mouse).
    phys::Vec2 target() const { return m_target; }
    /// The grabbed point of the body as it is now (world metres): the controller sets it every frame, the
    /// spring is drawn from it to the mouse.
    void setAnchor(phys::Vec2 worldPoint);

signals:
    /// A press on body `key` at `worldPoint` (metres). The controller may refuse (static body).
    void grabStarted(quint64 key, phys::Vec2 worldPoint);
    /// The mouse moved while grabbing: the spring's target, world metres.
    void grabMoved(phys::Vec2 worldTarget);
    /// The button was released: throw.
    void grabReleased();
    /// Esc while grabbing: let go without throwing.
    void grabCancelled();

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;

private:
    std::function<bool(QPointF)> m_interceptor;
    quint64 m_grabbed = 0;
    phys::Vec2 m_target;
    phys::Vec2 m_anchor;
};

} // namespace cl
