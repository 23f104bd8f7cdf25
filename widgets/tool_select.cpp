#include "tool_select.h"

#include "edit_intents.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "tool_geometry.h"
#include "tool_style.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
/// Pick radius around the rotate knob, pixels.
constexpr double kKnobPickSlack = 4.0;

QString formatMetres(double metres) {
    QString text = QString::number(metres, 'f', 2);
    return text == QStringLiteral("-0.00") ? QStringLiteral("0.00") : text;
}
} // namespace

SelectTool::SelectTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : Tool(canvas, intents, parent) {}

QString SelectTool::name() const {
    return tr("Select and move");
}

void SelectTool::activate() {
    Tool::activate();
    emit intents()->statusMessage(
        tr("Select: click a body (Shift/Ctrl adds), drag to move (Ctrl snaps), drag the "
           "round handle to rotate (Shift: 15\u00b0 steps); arrows nudge"),
        0);
}

void SelectTool::cancel() {
    if (m_mode == Mode::Moving || m_mode == Mode::Rotating) {
        restoreOriginals();
    }
    if (m_mode == Mode::RubberBand) {
        canvas()->setSelection(m_bandBase);
    }
    m_mode = Mode::Idle;
    m_originals.clear();
    m_gesture = 0;
    m_pressedKey = 0;
    m_rotateKey = 0;
    updateOverlay();
}

std::optional<QPointF> SelectTool::rotateHandlePosition() const {
    const std::optional<QLineF> handle = rotateHandle();
    return handle ? std::optional<QPointF>(handle->p2()) : std::nullopt;
}

std::optional<QLineF> SelectTool::rotateHandle() const {
    const QList<quint64> selection = canvas()->selection();
    if (selection.size() != 1) {
        return std::nullopt;
    }
    const phys::BodyDef* body = canvas()->bodyDef(selection.front());
    if (!body || body->shapes.empty()) {
        return std::nullopt;
    }
    const std::optional<phys::AABB> bounds = SceneRenderer::worldBounds(*body);
    if (!bounds) {
        return std::nullopt;
    }
    const double scale = overlayScale();
    const QPointF centre = canvas()->worldToViewport(toolgeom::worldCentreOfMass(*body));
    const QRectF box =
        QRectF(canvas()->worldToViewport(bounds->lower), canvas()->worldToViewport(bounds->upper))
            .normalized();
    const double gap = kRotateHandleGap * scale;
    const QLineF sides[4] = {{QPointF(centre.x(), box.top()), QPointF(centre.x(), box.top() - gap)},
                             {QPointF(centre.x(), box.bottom()), QPointF(centre.x(), box.bottom() + gap)},
                             {QPointF(box.right(), centre.y()), QPointF(box.right() + gap, centre.y())},
                             {QPointF(box.left(), centre.y()), QPointF(box.left() - gap, centre.y())}};
    // The names the handle should not cover: where the canvas's last paint put them.
    const QRectF view(QPointF(0, 0), QSizeF(canvas()->viewport()->size()));
    const std::vector<QRectF> names = canvas()->namePlacement().rects();
    const double knob = (toolstyle::kRotateKnobRadius + 2.0) * scale;
    for (const QLineF& line : sides) {
        const QRectF knobBox(line.p2() - QPointF(knob, knob), QSizeF(2 * knob, 2 * knob));
        const QRectF lineBox = QRectF(line.p1(), line.p2()).normalized().adjusted(-1.0, -1.0, 1.0, 1.0);
        const bool clear =
            view.contains(knobBox) && std::none_of(names.begin(), names.end(), [&](const QRectF& n) {
                return n.intersects(knobBox) || n.intersects(lineBox);
            });
        if (clear) {
            return line;
        }
    }
    return sides[0]; // nowhere clear: above, as always
}

std::vector<DrawnLine> SelectTool::handles() const {
    const double scale = overlayScale();
    const double r = toolstyle::kRotateKnobRadius * 1.2 * scale;
    std::vector<DrawnLine> out;
    QLineF line;
    if (m_mode == Mode::Rotating) {
        line = QLineF(canvas()->worldToViewport(m_rotateCentre), lastMousePosition());
    } else if (const std::optional<QLineF> handle = rotateHandle()) {
        line = *handle;
    } else {
        return out;
    }
    out.push_back({line.p1(), line.p2(), 2.0 * scale, LineKind::Handle});
    // The knob: a line across it as wide as it is.
    out.push_back({line.p2() - QPointF(r, 0.0), line.p2() + QPointF(r, 0.0), 2.0 * r, LineKind::Handle});
    return out;
}

void SelectTool::rememberOriginals(const QList<quint64>& keys) {
    m_originals.clear();
    for (const quint64 key : keys) {
        if (const phys::BodyDef* body = canvas()->bodyDef(key)) {
            m_originals.append({key, *body});
        }
    }
}

void SelectTool::restoreOriginals() {
    if (m_mode == Mode::Moving) {
        dragMove(phys::Vec2{0.0, 0.0});
    } else if (m_mode == Mode::Rotating) {
        for (const auto& [key, body] : m_originals) {
            if (key == m_rotateKey) {
                dragRotation(body.angle);
            }
        }
    }
}

void SelectTool::dragMove(phys::Vec2 delta) {
    if (delta == m_delta || m_originals.isEmpty()) {
        return; // no step for a move that changes nothing
    }
    m_delta = delta;
    QList<quint64> keys;
    for (const auto& entry : m_originals) {
        keys.append(entry.first);
    }
    emit intents()->moveBodies(keys, delta, m_gesture);
}

void SelectTool::dragRotation(double angle) {
    if (angle == m_rotateAngle) {
        return;
    }
    m_rotateAngle = angle;
    for (const auto& [key, body] : m_originals) {
        if (key == m_rotateKey) {
            emit intents()->setBodyPose(key, toolgeom::positionForAngleAboutCentre(body, angle), angle,
                                        m_gesture);
        }
    }
}

double SelectTool::rotationAngleAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const {
    double start = 0.0;
    for (const auto& [key, body] : m_originals) {
        if (key == m_rotateKey) {
            start = body.angle;
        }
    }
    const phys::Vec2 r = worldAt(viewportPoint) - m_rotateCentre;
    double angle = start + (std::atan2(r.y, r.x) - m_rotateStartMouseAngle);
    // Keep the angle near the start angle (no jump of 2 pi when the mouse crosses the -x axis).
    angle = start + std::remainder(angle - start, 2.0 * phys::kPi);
    if (modifiers & Qt::ShiftModifier) {
        angle = toolgeom::snapAngle(angle, kRotateSnap);
    }
    return angle;
}

QList<quint64> SelectTool::bodiesInBand(const QRectF& band) const {
    const phys::Vec2 a = worldAt(band.topLeft());
    const phys::Vec2 b = worldAt(band.bottomRight());
    const QRectF world = QRectF(QPointF(a.x, a.y), QPointF(b.x, b.y)).normalized();
    QList<quint64> keys;
    for (const quint64 key : canvas()->bodyKeys()) {
        const phys::BodyDef* body = canvas()->bodyDef(key);
        if (body && toolgeom::worldOutline(*body).intersects(world)) {
            keys.append(key);
        }
    }
    return keys;
}

bool SelectTool::mousePress(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return event->button() == Qt::RightButton;
    }
    if (m_mode != Mode::Idle) {
        return true;
    }
    clearHint();
    m_pressPosition = event->position();
    m_pressWorld = worldAt(event->position());
    const Qt::KeyboardModifiers mods = event->modifiers();
    const bool additive = mods & (Qt::ShiftModifier | Qt::ControlModifier);

    if (const std::optional<QPointF> knob = rotateHandlePosition()) {
        const double pick = (toolstyle::kRotateKnobRadius + kKnobPickSlack) * overlayScale();
        if (QLineF(*knob, event->position()).length() <= pick) {
            m_rotateKey = canvas()->selection().front();
            rememberOriginals({m_rotateKey});
            const phys::BodyDef& body = m_originals.front().second;
            m_rotateCentre = toolgeom::worldCentreOfMass(body);
            const phys::Vec2 r = m_pressWorld - m_rotateCentre;
            m_rotateStartMouseAngle = std::atan2(r.y, r.x);
            m_rotateAngle = body.angle;
            m_gesture = intents()->newGesture();
            m_mode = Mode::Rotating;
            updateOverlay();
            return true;
        }
    }

    const quint64 key = canvas()->bodyKeyAt(event->position());
    QList<quint64> selection = canvas()->selection();
    if (key != 0) {
        m_pressedKey = key;
        m_toggleOnRelease = false;
        if (additive) {
            if (selection.contains(key)) {
                m_toggleOnRelease = true; // removed on release unless this becomes a drag
            } else {
                selection.append(key);
                canvas()->setSelection(selection);
            }
        } else if (!selection.contains(key)) {
            canvas()->setSelection({key});
        }
        m_mode = Mode::Pressed;
    } else {
        m_bandBase = additive ? selection : QList<quint64>{};
        if (!additive) {
            canvas()->setSelection({});
        }
        m_band = QRectF(event->position(), event->position());
        m_mode = Mode::RubberBand;
    }
    updateOverlay();
    return true;
}

bool SelectTool::mouseMove(QMouseEvent* event) {
    const QPointF pos = event->position();
    switch (m_mode) {
    case Mode::Idle: {
        updateHover(pos);
        const std::optional<QPointF> knob = rotateHandlePosition();
        const bool onKnob = knob && QLineF(*knob, pos).length() <=
                                        (toolstyle::kRotateKnobRadius + kKnobPickSlack) * overlayScale();
        if (onKnob != m_handleHovered) {
            m_handleHovered = onKnob;
            updateOverlay();
        }
        if (onKnob) {
            canvas()->viewport()->setCursor(Qt::PointingHandCursor);
        } else if (canvas()->hoveredBody() != 0) {
            canvas()->viewport()->setCursor(Qt::SizeAllCursor);
        } else {
            canvas()->viewport()->unsetCursor();
        }
        return false;
    }
    case Mode::Pressed:
        if (QLineF(m_pressPosition, pos).length() < kDragThresholdPixels) {
            return true;
        }
        m_toggleOnRelease = false;
        rememberOriginals(canvas()->selection());
        m_delta = phys::Vec2{0.0, 0.0};
        m_gesture = intents()->newGesture();
        m_mode = Mode::Moving;
        [[fallthrough]];
    case Mode::Moving: {
        phys::Vec2 delta = worldAt(pos) - m_pressWorld;
        if (snapRequested(event->modifiers())) {
            // Snap the pressed body's origin to the grid; the others follow by the same delta.
            phys::Vec2 origin = m_pressWorld;
            for (const auto& [key, body] : m_originals) {
                if (key == m_pressedKey) {
                    origin = body.position;
                }
            }
            delta = toolgeom::snapToGrid(origin + delta, gridStep()) - origin;
        }
        dragMove(delta);
        updateOverlay();
        return true;
    }
    case Mode::RubberBand: {
        m_band = QRectF(m_pressPosition, pos).normalized();
        QList<quint64> selection = m_bandBase;
        for (const quint64 key : bodiesInBand(m_band)) {
            if (!selection.contains(key)) {
                selection.append(key);
            }
        }
        canvas()->setSelection(selection);
        updateOverlay();
        return true;
    }
    case Mode::Rotating:
        dragRotation(rotationAngleAt(pos, event->modifiers()));
        updateOverlay();
        return true;
    }
    return false;
}

bool SelectTool::mouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return event->button() == Qt::RightButton;
    }
    if (m_mode == Mode::Pressed || m_mode == Mode::Moving || m_mode == Mode::RubberBand ||
        m_mode == Mode::Rotating) {
        mouseMove(event); // the release position and modifiers are the final ones (the last drag step)
    }
    const Mode mode = m_mode;
    m_mode = Mode::Idle;
    switch (mode) {
    case Mode::Idle:
        return false;
    case Mode::Pressed:
        if (m_toggleOnRelease) {
            QList<quint64> selection = canvas()->selection();
            selection.removeAll(m_pressedKey);
            canvas()->setSelection(selection);
        }
        break;
    case Mode::Moving:
        // Every step is in the document already; the drag's id is not used again, so the next edit does not
        // merge into this drag.
        m_originals.clear();
        m_gesture = 0;
        break;
    case Mode::RubberBand:
        m_band = QRectF();
        break;
    case Mode::Rotating:
        m_originals.clear();
        m_gesture = 0;
        m_rotateKey = 0;
        break;
    }
    m_pressedKey = 0;
    updateOverlay();
    return true;
}

bool SelectTool::mouseDoubleClick(QMouseEvent* event) {
    // A double click is a press for this tool (Qt sends it instead of the second press).
    return mousePress(event);
}

bool SelectTool::keyPress(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        if (isBusy()) {
            cancel();
        } else {
            canvas()->setSelection({});
        }
        return true;
    }
    if (isBusy()) {
        return isSelectionKey(event); // no edits in the middle of a drag
    }
    return handleSelectionKey(event);
}

bool SelectTool::wantsKey(const QKeyEvent* event) const {
    return event->key() == Qt::Key_Escape || isSelectionKey(event);
}

void SelectTool::drawOverlay(QPainter& painter) const {
    const double scale = overlayScale();
    if (m_mode == Mode::RubberBand && !m_band.isNull()) {
        painter.save();
        QColor fill = toolstyle::previewColor();
        fill.setAlpha(30);
        painter.setBrush(fill);
        painter.setPen(QPen(toolstyle::previewColor(), 1.0 * scale, Qt::DashLine));
        painter.drawRect(m_band);
        painter.restore();
    }
    if (m_mode == Mode::Rotating) {
        const QPointF centre = canvas()->worldToViewport(m_rotateCentre);
        toolstyle::drawCross(painter, centre, scale);
        toolstyle::drawRotateHandle(painter, centre, lastMousePosition(), scale, true);
        double degrees = m_rotateAngle * 180.0 / phys::kPi;
        degrees = std::abs(degrees) < 0.005 ? 0.0 : degrees;
        toolstyle::drawBubble(painter, lastMousePosition(), tr("%1\u00b0").arg(degrees, 0, 'f', 1), scale,
                              QRectF(QPointF(0, 0), QSizeF(canvas()->viewport()->size())), false);
    } else if (const std::optional<QLineF> handle = rotateHandle()) {
        const phys::BodyDef* body = canvas()->bodyDef(canvas()->selection().front());
        const QPointF centre = canvas()->worldToViewport(toolgeom::worldCentreOfMass(*body));
        toolstyle::drawCross(painter, centre, scale);
        toolstyle::drawRotateHandle(painter, handle->p1(), handle->p2(), scale, m_handleHovered);
    }
    if (m_mode == Mode::Moving) {
        toolstyle::drawBubble(painter, lastMousePosition(),
                              tr("\u0394 %1 m, %2 m").arg(formatMetres(m_delta.x), formatMetres(m_delta.y)),
                              scale, QRectF(QPointF(0, 0), QSizeF(canvas()->viewport()->size())), false);
    }
    drawHint(painter);
}

} // namespace cl
