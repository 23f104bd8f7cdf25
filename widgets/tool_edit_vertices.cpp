#include "tool_edit_vertices.h"

#include "edit_intents.h"
#include "scene_canvas.h"
#include "tool_geometry.h"
#include "tool_style.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <cmath>
#include <vector>

namespace cl {

namespace {
const phys::Polygon* polygonOf(const phys::BodyDef& body, int shape) {
    if (shape < 0 || shape >= static_cast<int>(body.shapes.size())) {
        return nullptr;
    }
    return std::get_if<phys::Polygon>(&body.shapes[static_cast<std::size_t>(shape)].geometry);
}

bool hasPolygon(const phys::BodyDef& body) {
    for (int s = 0; s < static_cast<int>(body.shapes.size()); ++s) {
        if (polygonOf(body, s)) {
            return true;
        }
    }
    return false;
}
} // namespace

EditVerticesTool::EditVerticesTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : Tool(canvas, intents, parent) {}

QString EditVerticesTool::name() const {
    return tr("Edit vertices");
}

void EditVerticesTool::activate() {
    Tool::activate();
    emit intents()->statusMessage(tr("Edit vertices: drag a vertex; drag out of an edge to add one; right "
                                     "click or Delete on a vertex removes it (Ctrl snaps)"),
                                  0);
}

void EditVerticesTool::cancel() {
    if (m_drag) {
        // Back to the start with the drag's id: the merged command becomes a no-op and leaves the stack.
        const Drag& drag = *m_drag;
        const Feature& f = drag.feature;
        if (f.edge && drag.inserted) {
            emit intents()->removeVertex(f.key, f.shape, f.vertex + 1, drag.gesture);
        } else if (!f.edge && drag.valid && !(drag.validLocal == f.localPoint)) {
            emit intents()->moveVertex(f.key, f.shape, f.vertex, f.localPoint, drag.gesture);
        }
        m_drag.reset();
    }
    updateOverlay();
}

quint64 EditVerticesTool::targetBody() const {
    const QList<quint64> selection = canvas()->selection();
    if (selection.size() != 1) {
        return 0;
    }
    const phys::BodyDef* body = canvas()->bodyDef(selection.front());
    return body && hasPolygon(*body) ? selection.front() : 0;
}

// Pseudocode: with the target body's transform T,
//   for every polygon shape, every vertex v: if |T v - mouse| (pixels) <= pick radius: nearest vertex wins
//   else for every edge (v_i, v_i+1): distance from the mouse to the segment in pixels <= edge pick: nearest
std::optional<EditVerticesTool::Feature> EditVerticesTool::vertexOf(quint64 key, QPointF viewportPoint,
                                                                    double& within) const {
    const phys::BodyDef* body = key ? canvas()->bodyDef(key) : nullptr;
    if (!body) {
        return std::nullopt;
    }
    const phys::Transform xf = toolgeom::bodyTransform(*body);
    std::optional<Feature> best;
    for (int s = 0; s < static_cast<int>(body->shapes.size()); ++s) {
        const phys::Polygon* polygon = polygonOf(*body, s);
        for (int i = 0; polygon && i < polygon->count(); ++i) {
            const QPointF p = canvas()->worldToViewport(phys::transformPoint(xf, polygon->vertex(i)));
            const double d = QLineF(p, viewportPoint).length();
            if (d <= within) {
                within = d;
                best = Feature{key, s, i, false, polygon->vertex(i)};
            }
        }
    }
    return best;
}

std::optional<EditVerticesTool::Feature> EditVerticesTool::anyVertexAt(QPointF viewportPoint) const {
    std::optional<Feature> best;
    double within = kVertexPickPixels; // narrowed by each nearer vertex found
    for (const quint64 key : canvas()->bodyKeys()) {
        if (std::optional<Feature> f = vertexOf(key, viewportPoint, within)) {
            best = f;
        }
    }
    return best;
}

std::optional<EditVerticesTool::Feature> EditVerticesTool::featureOf(quint64 key,
                                                                     QPointF viewportPoint) const {
    const phys::BodyDef* body = key ? canvas()->bodyDef(key) : nullptr;
    if (!body) {
        return std::nullopt;
    }
    const phys::Transform xf = toolgeom::bodyTransform(*body);
    double bestDistance = kVertexPickPixels;
    std::optional<Feature> best = vertexOf(key, viewportPoint, bestDistance);
    if (best) {
        return best;
    }
    const phys::Vec2 mouse = worldAt(viewportPoint);
    bestDistance = kEdgePickPixels * metresPerPixel();
    for (int s = 0; s < static_cast<int>(body->shapes.size()); ++s) {
        const phys::Polygon* polygon = polygonOf(*body, s);
        for (int i = 0; polygon && i < polygon->count(); ++i) {
            const phys::Vec2 a = phys::transformPoint(xf, polygon->vertex(i));
            const phys::Vec2 b = phys::transformPoint(xf, polygon->vertex(polygon->next(i)));
            double t = 0.0;
            const double d = toolgeom::distanceToSegment(mouse, a, b, &t);
            if (d <= bestDistance) {
                bestDistance = d;
                best = Feature{key, s, i, true, phys::invTransformPoint(xf, phys::lerp(a, b, t))};
            }
        }
    }
    return best;
}

QString EditVerticesTool::dragError(phys::Vec2 localPoint, phys::Polygon* result) const {
    const Feature& f = m_drag->feature;
    const phys::Polygon* polygon = polygonOf(m_drag->original, f.shape);
    if (!polygon) {
        return tr("The shape is gone");
    }
    phys::Result<phys::Polygon> edited =
        f.edge ? toolgeom::polygonWithInsertedVertex(*polygon, f.vertex, localPoint)
               : toolgeom::polygonWithMovedVertex(*polygon, f.vertex, localPoint);
    if (!edited) {
        return toolgeom::errorText(edited.error());
    }
    if (f.edge) {
        // Polygon::make's collinearity tolerance is tiny; a vertex a pixel off its edge adds nothing visible.
        const phys::Vec2 a = polygon->vertex(f.vertex);
        const phys::Vec2 b = polygon->vertex(polygon->next(f.vertex));
        const double bulge = std::abs(phys::cross(b - a, localPoint - a)) / phys::length(b - a);
        if (bulge < kMinBulgePixels * metresPerPixel()) {
            return tr("Drag the new vertex out of the edge: on the edge it would be collinear");
        }
    }
    if (result) {
        *result = edited.value();
    }
    return {};
}

void EditVerticesTool::dragTo(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) {
    Drag& drag = *m_drag;
    const phys::Transform xf = toolgeom::bodyTransform(drag.original);
    const phys::Vec2 local = phys::invTransformPoint(xf, snappedWorldAt(viewportPoint, modifiers));
    phys::Polygon edited = *polygonOf(drag.original, drag.feature.shape);
    const QString error = dragError(local, &edited);
    if (!error.isEmpty()) {
        showHint(error, viewportPoint);
        return; // the preview stays at the last valid position
    }
    clearHint();
    const bool changed = !drag.valid || !(drag.validLocal == local);
    drag.validLocal = local;
    drag.valid = true;
    const Feature& f = drag.feature;
    if (f.edge && !drag.inserted) {
        drag.inserted = true;
        emit intents()->insertVertex(f.key, f.shape, f.vertex, local, drag.gesture);
    } else if (changed) {
        emit intents()->moveVertex(f.key, f.shape, f.edge ? f.vertex + 1 : f.vertex, local, drag.gesture);
    }
    updateOverlay();
}

void EditVerticesTool::removeVertexAt(const Feature& feature, QPointF viewportPoint) {
    const phys::BodyDef* body = canvas()->bodyDef(feature.key);
    const phys::Polygon* polygon = body ? polygonOf(*body, feature.shape) : nullptr;
    if (!polygon || feature.edge) {
        return;
    }
    const phys::Result<phys::Polygon> edited = toolgeom::polygonWithoutVertex(*polygon, feature.vertex);
    if (!edited) {
        showHint(
            tr("Cannot remove vertex %1: %2").arg(feature.vertex).arg(toolgeom::errorText(edited.error())),
            viewportPoint);
        return;
    }
    clearHint();
    m_hovered.reset();
    emit intents()->removeVertex(feature.key, feature.shape, feature.vertex);
}

bool EditVerticesTool::mousePress(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (m_drag) {
        return true;
    }
    const std::optional<Feature> feature = featureAt(pos);
    if (event->button() == Qt::RightButton) {
        if (feature && !feature->edge) {
            removeVertexAt(*feature, pos);
        }
        return true;
    }
    if (event->button() != Qt::LeftButton) {
        return false;
    }
    clearHint();
    if (feature) {
        startDrag(*feature, pos);
        return true;
    }
    // Not on the target's vertices or edges: pick the body to edit. A press on a vertex of the body it picks
    // grabs that vertex at once, so the first drag on a polygon moves its vertex as the guide says
    // ("Vertices: drag a vertex of a polygon") instead of only selecting the polygon. A press on an edge only
    // picks: a click that selects must not start a vertex insertion.
    const std::optional<Feature> vertex = anyVertexAt(pos);
    const quint64 key = vertex ? vertex->key : canvas()->bodyKeyAt(pos);
    canvas()->setSelection(key ? QList<quint64>{key} : QList<quint64>{});
    if (key != 0 && targetBody() == 0) {
        showHint(tr("A circle has no vertices: pick a polygon"), pos);
    }
    if (const std::optional<Feature> picked = featureAt(pos); picked && !picked->edge) {
        startDrag(*picked, pos);
        return true;
    }
    updateOverlay();
    return true;
}

void EditVerticesTool::startDrag(const Feature& feature, QPointF pos) {
    const phys::BodyDef* body = canvas()->bodyDef(feature.key);
    m_drag = Drag{feature, *body, feature.localPoint, !feature.edge, false, false, 0, pos};
    m_drag->gesture = intents()->newGesture();
    updateOverlay();
}

bool EditVerticesTool::mouseMove(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (m_drag) {
        if (!m_drag->moved && QLineF(m_drag->pressPosition, pos).length() < kDragThresholdPixels) {
            return true;
        }
        m_drag->moved = true;
        dragTo(pos, event->modifiers());
        return true;
    }
    updateHover(pos);
    const std::optional<Feature> feature = featureAt(pos);
    const bool changed =
        feature.has_value() != m_hovered.has_value() ||
        (feature && (feature->shape != m_hovered->shape || feature->vertex != m_hovered->vertex ||
                     feature->edge != m_hovered->edge || feature->edge));
    m_hovered = feature;
    if (!feature) {
        canvas()->viewport()->unsetCursor();
    } else {
        canvas()->viewport()->setCursor(feature->edge ? Qt::CrossCursor : Qt::SizeAllCursor);
    }
    if (changed) {
        updateOverlay();
    }
    return false;
}

bool EditVerticesTool::mouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return event->button() == Qt::RightButton;
    }
    if (!m_drag) {
        return true;
    }
    if (m_drag->moved || QLineF(m_drag->pressPosition, event->position()).length() >= kDragThresholdPixels) {
        m_drag->moved = true;
        dragTo(event->position(),
               event->modifiers()); // the release position and modifiers are the final ones
    }
    // Every accepted position is in the document already (the last one just above).
    const Drag drag = *m_drag;
    m_drag.reset();
    updateOverlay();
    if (drag.feature.edge && !drag.inserted) {
        showHint(tr("Drag the new vertex out of the edge: on the edge it would be collinear"),
                 event->position());
        return true;
    }
    m_hovered = featureAt(event->position());
    return true;
}

bool EditVerticesTool::mouseDoubleClick(QMouseEvent* event) {
    return mousePress(event);
}

bool EditVerticesTool::keyPress(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        if (m_drag) {
            cancel();
            clearHint();
            return true;
        }
        return false;
    }
    if (m_drag) {
        return isSelectionKey(event);
    }
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        const std::optional<Feature> feature = featureAt(lastMousePosition());
        if (feature && !feature->edge) {
            removeVertexAt(*feature, lastMousePosition());
        } else {
            showHint(tr("Point at a vertex to delete it"), lastMousePosition());
        }
        return true;
    }
    return handleSelectionKey(event);
}

bool EditVerticesTool::wantsKey(const QKeyEvent* event) const {
    return (event->key() == Qt::Key_Escape && m_drag) || isSelectionKey(event);
}

void EditVerticesTool::drawOverlay(QPainter& painter) const {
    const double scale = overlayScale();
    const quint64 key = m_drag ? m_drag->feature.key : targetBody();
    const phys::BodyDef* body = key ? canvas()->bodyDef(key) : nullptr;
    if (body) {
        const phys::Transform xf = toolgeom::bodyTransform(*body);
        // A hovered edge: the point where a new vertex would come out.
        if (!m_drag && m_hovered && m_hovered->edge) {
            const QPointF p = canvas()->worldToViewport(phys::transformPoint(xf, m_hovered->localPoint));
            painter.save();
            painter.setPen(QPen(toolstyle::previewColor(), 1.5 * scale));
            painter.setBrush(Qt::white);
            const double r = toolstyle::kHandleRadius * scale;
            painter.drawEllipse(p, r, r);
            painter.drawLine(p + QPointF(-0.6 * r, 0), p + QPointF(0.6 * r, 0));
            painter.drawLine(p + QPointF(0, -0.6 * r), p + QPointF(0, 0.6 * r));
            painter.restore();
        }
        for (int s = 0; s < static_cast<int>(body->shapes.size()); ++s) {
            const phys::Polygon* polygon = polygonOf(*body, s);
            for (int i = 0; polygon && i < polygon->count(); ++i) {
                const QPointF p = canvas()->worldToViewport(phys::transformPoint(xf, polygon->vertex(i)));
                bool active = false;
                if (m_drag) {
                    const Feature& f = m_drag->feature;
                    active = f.shape == s && (f.edge ? i == f.vertex + 1 : i == f.vertex);
                } else if (m_hovered && !m_hovered->edge) {
                    active = m_hovered->shape == s && m_hovered->vertex == i;
                }
                toolstyle::drawVertexHandle(painter, p, scale, active);
            }
        }
    }
    drawHint(painter);
}

} // namespace cl
