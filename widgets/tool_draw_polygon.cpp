#include "tool_draw_polygon.h"

#include "edit_intents.h"
#include "physics/polygon_factory.h"
#include "scene_canvas.h"
#include "tool_geometry.h"
#include "tool_style.h"

#include <QKeyEvent>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>

#include <string>

namespace cl {

namespace {
std::vector<std::string> bodyNames(const SceneCanvas& canvas) {
    std::vector<std::string> names;
    for (const quint64 key : canvas.bodyKeys()) {
        if (const phys::BodyDef* body = canvas.bodyDef(key)) {
            names.push_back(body->name);
        }
    }
    return names;
}
} // namespace

DrawPolygonTool::DrawPolygonTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : Tool(canvas, intents, parent) {}

QString DrawPolygonTool::name() const {
    return tr("Draw polygon");
}

void DrawPolygonTool::activate() {
    Tool::activate();
    emit intents()->statusMessage(tr("Polygon: click the vertices (Ctrl snaps to the grid); Enter, double "
                                     "click or right click closes; Backspace removes the last; Esc cancels"),
                                  0);
}

void DrawPolygonTool::cancel() {
    m_points.clear();
    m_cursorError.clear();
    m_cursorCloses = false;
    updateOverlay();
}

bool DrawPolygonTool::nearFirstVertex(QPointF viewportPoint) const {
    return m_points.size() >= 3 &&
           QLineF(canvas()->worldToViewport(m_points.front()), viewportPoint).length() <= kCloseRadiusPixels;
}

void DrawPolygonTool::updateCursorPreview(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) {
    m_cursorWorld = snappedWorldAt(viewportPoint, modifiers);
    m_hasCursor = true;
    m_cursorCloses = nearFirstVertex(viewportPoint);
    m_cursorError = m_cursorCloses
                        ? QString()
                        : toolgeom::outlineAppendError(m_points, m_cursorWorld,
                                                       kMinVertexSpacingPixels * metresPerPixel(), true);
}

bool DrawPolygonTool::addPoint(phys::Vec2 worldPoint, QPointF viewportPoint) {
    const QString error =
        toolgeom::outlineAppendError(m_points, worldPoint, kMinVertexSpacingPixels * metresPerPixel(), true);
    if (!error.isEmpty()) {
        showHint(error, viewportPoint);
        return false;
    }
    clearHint();
    m_points.push_back(worldPoint);
    updateOverlay();
    return true;
}

void DrawPolygonTool::removeLastPoint() {
    if (!m_points.empty()) {
        m_points.pop_back();
        clearHint();
        updateCursorPreview(lastMousePosition(), Qt::NoModifier);
        updateOverlay();
    }
}

void DrawPolygonTool::setConvexHullAsker(ConvexHullAsker asker) {
    if (!asker) {
        m_asker = nullptr;
        return;
    }
    m_asker = [asker = std::move(asker)](const QString& question, bool) {
        return asker(question) ? NonConvexChoice::ConvexHull : NonConvexChoice::KeepDrawing;
    };
}

DrawPolygonTool::NonConvexChoice DrawPolygonTool::askNonConvex(const QString& question, bool canSplit) const {
    if (m_asker) {
        const NonConvexChoice choice = m_asker(question, canSplit);
        return choice == NonConvexChoice::SplitIntoPieces && !canSplit ? NonConvexChoice::KeepDrawing
                                                                       : choice;
    }
    QMessageBox box(QMessageBox::Question, tr("Polygon is not convex"), question, QMessageBox::NoButton,
                    canvas());
    QPushButton* split =
        canSplit ? box.addButton(tr("Split into convex pieces"), QMessageBox::AcceptRole) : nullptr;
    QPushButton* hull = box.addButton(tr("Use convex hull"), QMessageBox::AcceptRole);
    QPushButton* keep = box.addButton(tr("Keep drawing"), QMessageBox::RejectRole);
    box.setDefaultButton(split ? split : hull);
    box.setEscapeButton(keep);
    box.exec();
    if (split && box.clickedButton() == split) {
        return NonConvexChoice::SplitIntoPieces;
    }
    return box.clickedButton() == hull ? NonConvexChoice::ConvexHull : NonConvexChoice::KeepDrawing;
}

// Pseudocode:
//   fewer than 3 vertices: hint, keep drawing
//   body = polygonBody(points)                  (Polygon::make, Strict, in world coordinates)
//   if invalid: pieces = piecesBody(points)     (decomposeConcave: can the outline be split?)
//       ask "split into N convex pieces, or use the convex hull?"
//       split: body = pieces; hull: body = polygonBody(convexHull(points)); keep drawing: hint, return
//   emit addBody(body); clear the outline
bool DrawPolygonTool::closeOutline() {
    const QPointF at = lastMousePosition();
    if (m_points.size() < 3) {
        if (!m_points.empty()) {
            showHint(tr("A polygon needs at least 3 vertices"), at);
        }
        return false;
    }
    const std::string name = toolgeom::uniqueName("polygon", bodyNames(*canvas()));
    phys::Result<phys::BodyDef> body = toolgeom::polygonBody(m_points, name);
    bool split = false;
    if (!body) {
        phys::DecomposeTrace trace;
        phys::Result<phys::BodyDef> pieces = toolgeom::piecesBody(m_points, name, &trace);
        const QString reason = toolgeom::errorText(body.error());
        const QString question =
            pieces ? (pieces->shapes.size() == 1
                          ? tr("This outline is not a valid convex polygon:\n%1.\n\nClean it into one convex "
                               "piece, or use its convex hull instead?")
                                .arg(reason)
                          : tr("This outline is not a valid convex polygon:\n%1.\n\nSplit it into %2 convex "
                               "pieces that form one body, or use its convex hull instead?")
                                .arg(reason)
                                .arg(pieces->shapes.size()))
                   : tr("This outline is not a valid convex polygon:\n%1.\nIt cannot be split into convex "
                        "pieces either:\n%2.\n\nUse its convex hull instead?")
                         .arg(reason, toolgeom::errorText(pieces.error()));
        const NonConvexChoice choice = askNonConvex(question, pieces.ok());
        if (choice == NonConvexChoice::KeepDrawing) {
            showHint(tr("Not convex: Backspace removes vertices, Esc cancels"), at);
            return false;
        }
        if (choice == NonConvexChoice::SplitIntoPieces) {
            body = std::move(pieces);
            m_lastSplit = {std::move(trace), name, body->position};
            split = true;
        }
    }
    if (!body) {
        const phys::Result<phys::Polygon> hull = phys::factory::convexHull(m_points);
        if (!hull) {
            showHint(toolgeom::errorText(hull.error()), at);
            return false;
        }
        body = toolgeom::polygonBody(hull->vertices(), name);
        if (!body) {
            showHint(toolgeom::errorText(body.error()), at);
            return false;
        }
    }
    m_points.clear();
    m_cursorError.clear();
    clearHint();
    updateOverlay();
    emit intents()->addBody(body.value());
    if (split) {
        emit splitMade();
    }
    return true;
}

bool DrawPolygonTool::mousePress(QMouseEvent* event) {
    const QPointF pos = event->position();
    if (event->button() == Qt::RightButton) {
        if (isBusy()) {
            closeOutline();
        }
        return true;
    }
    if (event->button() != Qt::LeftButton) {
        return false;
    }
    if (nearFirstVertex(pos)) {
        closeOutline();
        return true;
    }
    if (!m_points.empty() &&
        QLineF(canvas()->worldToViewport(m_points.back()), pos).length() < kMinVertexSpacingPixels) {
        return true; // the second press of a double click (which then closes), or a repeated click
    }
    addPoint(snappedWorldAt(pos, event->modifiers()), pos);
    updateCursorPreview(pos, event->modifiers());
    return true;
}

bool DrawPolygonTool::mouseMove(QMouseEvent* event) {
    updateHover(event->position());
    updateCursorPreview(event->position(), event->modifiers());
    if (isBusy() || snapRequested(event->modifiers())) {
        updateOverlay();
    }
    return true;
}

bool DrawPolygonTool::mouseRelease(QMouseEvent* event) {
    return event->button() == Qt::LeftButton || event->button() == Qt::RightButton;
}

bool DrawPolygonTool::mouseDoubleClick(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return true;
    }
    // The first click of the double click has added its vertex already.
    closeOutline();
    return true;
}

bool DrawPolygonTool::keyPress(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (isBusy()) {
            closeOutline();
            return true;
        }
        return false;
    case Qt::Key_Backspace:
        if (isBusy()) {
            removeLastPoint();
            return true;
        }
        break;
    case Qt::Key_Escape:
        if (isBusy()) {
            cancel();
            clearHint();
            return true;
        }
        return false;
    default:
        break;
    }
    if (!isBusy()) {
        return handleSelectionKey(event);
    }
    return false;
}

bool DrawPolygonTool::wantsKey(const QKeyEvent* event) const {
    const int key = event->key();
    if (isBusy()) {
        return key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Backspace ||
               key == Qt::Key_Escape;
    }
    return isSelectionKey(event);
}

void DrawPolygonTool::drawOverlay(QPainter& painter) const {
    const double scale = overlayScale();
    QPolygonF outline;
    for (const phys::Vec2 p : m_points) {
        outline << canvas()->worldToViewport(p);
    }
    const QPointF cursor = canvas()->worldToViewport(m_cursorWorld);
    if (!m_points.empty()) {
        // The polygon as it would be with the cursor as the next vertex, lightly filled.
        if (m_hasCursor && m_cursorError.isEmpty() && !m_cursorCloses && m_points.size() >= 2) {
            QPolygonF candidate = outline;
            candidate << cursor;
            painter.save();
            painter.setPen(Qt::NoPen);
            painter.setBrush(toolstyle::previewFill());
            painter.drawPolygon(candidate);
            painter.restore();
        }
        toolstyle::drawOutline(painter, outline, m_cursorCloses, scale);
        if (m_hasCursor && !m_cursorCloses) {
            const bool refused = !m_cursorError.isEmpty();
            toolstyle::drawOutline(painter, QPolygonF{outline.back(), cursor}, false, scale,
                                   refused ? toolstyle::refusedColor() : toolstyle::previewColor(), refused);
            if (m_points.size() >= 2 && !refused) {
                QColor closing = toolstyle::previewColor();
                closing.setAlpha(110);
                toolstyle::drawOutline(painter, QPolygonF{cursor, outline.front()}, false, 0.6 * scale,
                                       closing, true);
            }
        }
        for (int i = 0; i < outline.size(); ++i) {
            toolstyle::drawVertexHandle(painter, outline[i], scale, i == 0 && m_cursorCloses);
        }
    }
    if (m_hasCursor && !m_cursorCloses) {
        toolstyle::drawCross(painter, cursor, scale,
                             m_cursorError.isEmpty() ? toolstyle::previewColor() : toolstyle::refusedColor());
    }
    drawHint(painter);
}

} // namespace cl
