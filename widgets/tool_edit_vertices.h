#pragma once
/// @file tool_edit_vertices.h
/// The edit-vertices tool: drag a vertex of the selected polygon, drag a new vertex out of an edge, remove a
/// vertex; every result is checked with phys::Polygon::make and refused with a hint when invalid.

#include "physics/defs.h"
#include "tool.h"

#include <optional>

namespace cl {

/// Edits the polygons of the one selected body (a click on another body selects it).
///
/// - Drag a vertex: it follows the mouse (Ctrl: onto grid points) as long as the polygon stays valid; at an
///   invalid position it stops at the last valid one and a hint says why. Every accepted position is one
///   moveVertex step of the drag's gesture (EditIntents), so the document follows live and the drag is one
///   undo step.
/// - Press on an edge and drag: a new vertex is pulled out of the edge: insertVertex at the first valid
///   position, then moveVertex steps of the new vertex, all one gesture. While it stays on the edge itself
///   the vertex would be collinear (it adds nothing) and is refused.
/// - Right click on a vertex, or Delete/Backspace with the mouse over one: emits removeVertex, refused when
///   the polygon would have fewer than 3 vertices or become invalid.
/// - Esc cancels a drag: the drag's start is emitted with its gesture id (removeVertex for a pulled-out
///   vertex), which leaves the document, and its undo history, as before the drag.
class EditVerticesTool : public Tool {
    Q_OBJECT

public:
    /// Pick radius of a vertex handle, pixels.
    static constexpr double kVertexPickPixels = 8.0;
    /// Pick distance of an edge, pixels.
    static constexpr double kEdgePickPixels = 6.0;
    /// A new vertex closer than this to its edge's line is refused as collinear, pixels.
    static constexpr double kMinBulgePixels = 2.0;

    /// One vertex, or one edge (from `vertex` to the next), of a polygon shape of a body.
    struct Feature {
        quint64 key = 0;
        int shape = -1;
        int vertex = -1;
        bool edge = false;
        phys::Vec2 localPoint; ///< the vertex, or the picked point on the edge (body frame)
    };

    EditVerticesTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    QString name() const override;
    void activate() override;
    void cancel() override;
    bool isBusy() const override { return m_drag.has_value(); }
    void drawOverlay(QPainter& painter) const override;

    /// The body whose vertices are edited: the single selected body when it has a polygon, else 0.
    quint64 targetBody() const;
    /// The vertex or edge of the target body under a viewport point, if any (vertices win over edges).
    std::optional<Feature> featureAt(QPointF viewportPoint) const {
        return featureOf(targetBody(), viewportPoint);
    }
    /// The vertex (or else the edge) of body `key` under `viewportPoint`, if any.
    std::optional<Feature> featureOf(quint64 key, QPointF viewportPoint) const;
    /// The vertex of body `key` nearest `viewportPoint` no further than `within` pixels (then narrowed to its
    /// distance), if any.
    std::optional<Feature> vertexOf(quint64 key, QPointF viewportPoint, double& within) const;
    /// The vertex of any polygon body nearest `viewportPoint` within the pick radius: a vertex that lies
    /// inside another body (tri_pent's apex) is grabbed, not the body it lies in.
    std::optional<Feature> anyVertexAt(QPointF viewportPoint) const;

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;
    bool mouseDoubleClick(QMouseEvent* event) override;
    bool keyPress(QKeyEvent* event) override;
    bool wantsKey(const QKeyEvent* event) const override;

private:
    /// Grabs `feature` (a vertex, or an edge to insert a vertex on) pressed at `pos`.
    void startDrag(const Feature& feature, QPointF pos);
    /// Removes a vertex if the polygon stays valid, else shows why.
    void removeVertexAt(const Feature& feature, QPointF viewportPoint);
    /// One step of the drag for the mouse at `viewportPoint` (emits the intent when the position is valid).
    void dragTo(QPointF viewportPoint, Qt::KeyboardModifiers modifiers);
    /// Checks the dragged polygon with the vertex at `localPoint`; the error text when refused.
    QString dragError(phys::Vec2 localPoint, phys::Polygon* result) const;

    struct Drag {
        Feature feature;
        phys::BodyDef original;
        phys::Vec2 validLocal; ///< last accepted position of the dragged vertex, body frame
        bool valid = false;    ///< whether validLocal is a valid result (an inserted vertex starts invalid)
        bool moved = false;
        bool inserted = false; ///< a pulled-out vertex: whether insertVertex has been emitted
        quint64 gesture = 0;   ///< the drag's id (EditIntents::newGesture)
        QPointF pressPosition;
    };
    std::optional<Drag> m_drag;
    std::optional<Feature> m_hovered;
};

} // namespace cl
