#pragma once
/// @file tool_draw_polygon.h
/// The draw-polygon tool: click the vertices of a polygon one by one; a concave outline becomes one body of
/// convex pieces.

#include "physics/decompose.h"
#include "physics/math.h"
#include "tool.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace cl {

/// Draws a polygon vertex by vertex (design.md section 5).
///
/// Left click adds a vertex (Ctrl: on the nearest grid point); the next edge follows the mouse. A click that
/// would make the outline self-intersecting, collinear or a repeated point is refused: no vertex is added,
/// the preview edge turns red and a hint is shown near the cursor and sent as a status message. The outline
/// may turn either way (concave), up to phys::kMaxDecomposeVertices vertices.
/// Double click, right click, Enter, or a click on the first vertex closes the outline; Backspace removes the
/// last vertex; Esc cancels. Closing an outline that is not a valid convex polygon asks, through the
/// injectable asker, whether to split it into convex pieces (phys::decomposeConcave: one compound body) or to
/// use its convex hull instead, or to keep drawing.
/// The new body: origin at the outline's area centroid, shapes relative to it, dynamic, density 1, friction
/// 0.6, restitution 0, named "polygon N".
class DrawPolygonTool : public Tool {
    Q_OBJECT

public:
    /// Answers "use the convex hull instead?"; true = yes. The question text explains what is wrong.
    using ConvexHullAsker = std::function<bool(const QString& question)>;
    /// What to do with a closed outline that is not one convex polygon.
    enum class NonConvexChoice { SplitIntoPieces, ConvexHull, KeepDrawing };
    /// Answers the question about a non-convex outline. `canSplit`: the outline can be split into convex
    /// pieces (when false, SplitIntoPieces is not offered and counts as KeepDrawing).
    using NonConvexAsker = std::function<NonConvexChoice(const QString& question, bool canSplit)>;

    /// A click closer than this to an existing vertex is refused, pixels.
    static constexpr double kMinVertexSpacingPixels = 8.0;
    /// A click this close to the first vertex closes the outline (with 3 or more vertices), pixels.
    static constexpr double kCloseRadiusPixels = 8.0;

    DrawPolygonTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    QString name() const override;
    void activate() override;
    void cancel() override;
    bool isBusy() const override { return !m_points.empty(); }
    void drawOverlay(QPainter& painter) const override;

    /// Replaces the non-convex question (nullptr: a modal message box over the canvas).
    void setNonConvexAsker(NonConvexAsker asker) { m_asker = std::move(asker); }
    /// Replaces it by a yes/no convex-hull question (never splits).
    void setConvexHullAsker(ConvexHullAsker asker);

    /// The last outline split into convex pieces: the decomposition's trace in the new body's frame, and
    /// that body's name and origin (world). Empty trace until a split is made.
    struct Split {
        phys::DecomposeTrace trace;
        std::string bodyName;
        phys::Vec2 origin;
    };
    const Split& lastSplit() const { return m_lastSplit; }

    /// The vertices clicked so far, world frame (metres).
    const std::vector<phys::Vec2>& points() const { return m_points; }
    /// Closes the outline as Enter does. Returns true when a body was emitted.
    bool closeOutline();
    /// Removes the last vertex (Backspace).
    void removeLastPoint();

signals:
    /// An outline was split into convex pieces (lastSplit() holds its steps).
    void splitMade();

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;
    bool mouseDoubleClick(QMouseEvent* event) override;
    bool keyPress(QKeyEvent* event) override;
    bool wantsKey(const QKeyEvent* event) const override;

private:
    /// Tries to add `worldPoint` (clicked at `viewportPoint`); shows the reason when refused.
    bool addPoint(phys::Vec2 worldPoint, QPointF viewportPoint);
    bool nearFirstVertex(QPointF viewportPoint) const;
    void updateCursorPreview(QPointF viewportPoint, Qt::KeyboardModifiers modifiers);
    NonConvexChoice askNonConvex(const QString& question, bool canSplit) const;

    std::vector<phys::Vec2> m_points;
    phys::Vec2 m_cursorWorld;
    bool m_hasCursor = false;
    /// Why the next click at the cursor would be refused (empty: it would be accepted).
    QString m_cursorError;
    bool m_cursorCloses = false;
    NonConvexAsker m_asker;
    Split m_lastSplit;
};

} // namespace cl
