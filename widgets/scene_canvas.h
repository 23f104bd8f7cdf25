#pragma once
/// @file scene_canvas.h
/// The canvas: a y-up view of the world in metres with a background grid, one item per body, zoom and pan.

#include "label_layout.h"
#include "name_placement.h"
#include "physics/defs.h"
#include "scene_renderer.h"
#include "view_transform.h"

#include <QGraphicsView>
#include <QHash>
#include <QList>
#include <QPixmap>
#include <QPointer>

#include <memory>
#include <optional>
#include <utility>

#include <vector>

class QGraphicsScene;

namespace cl {

class BodyItem;
class Tool;
class CanvasOverlay;
class SimBodyLayer;

/// QGraphicsView over a QGraphicsScene whose coordinates are world metres (y-up).
///
/// The view state is one ViewTransform (scale and the world point at the centre); the QGraphicsView transform
/// is set to exactly its world -> view map, scroll bars are off and the scroll position is kept at 0, so
/// viewport pixel = viewTransform().toView(world point), to floating-point accuracy.
/// Zoom: wheel (about the cursor), zoomIn/zoomOut (about the centre), zoomToFit. Pan: middle-drag, or
/// left-drag while Space is held.
class SceneCanvas : public QGraphicsView {
    Q_OBJECT

public:
    /// Zoom factor of one zoomIn/zoomOut step and of one wheel notch (120 eighths of a degree).
    static constexpr double kZoomStep = 1.25;
    static constexpr double kWheelZoomPerNotch = 1.2;

    explicit SceneCanvas(QWidget* parent = nullptr);
    ~SceneCanvas() override;

    /// Replaces every body item with items built from `scene` (one per body, plus a name label), keyed
    /// 1, 2, 3... The view does not move; call zoomToFit() to frame the new scene.
    void setSceneDef(const phys::SceneDef& scene);
    /// As above with the bodies' stable keys (`keys[i]` names `scene.bodies[i]`; keys are > 0 and unique).
    void setSceneDef(const phys::SceneDef& scene, const QList<quint64>& keys);
    /// The scene as the canvas shows it: the bodies in order (settings as last given to setSceneDef).
    const phys::SceneDef& sceneDef() const { return m_sceneDef; }

    /// Body items in body order (index i is SceneDef::bodies[i]).
    const std::vector<BodyItem*>& bodyItems() const;

    /// Shows `body` under `key`: updates that one item when the key is known, else adds an item at `index`
    /// in body order (-1 or out of range: at the end). No other item is rebuilt.
    /// @param key stable body key, > 0
    void setBody(quint64 key, const phys::BodyDef& body, int index = -1);
    /// Moves body `key` to a pose without touching its shapes (the simulation's frames): the item, its name
    /// label and the shown definition's position and angle. Cheap (no bounds recomputed); unknown keys are
    /// ignored. @param position body origin, world metres @param angle radians, counter-clockwise
    void setBodyPose(quint64 key, phys::Vec2 position, double angle);
    /// Removes the item of `key` (and drops it from the selection). Unknown keys are ignored.
    void removeBody(quint64 key);
    /// Removes every body item (the selection becomes empty).
    void clearBodies();
    /// Keys of the bodies in body order.
    QList<quint64> bodyKeys() const;
    /// The shown definition of body `key`, or null when there is none. Valid until the body changes.
    const phys::BodyDef* bodyDef(quint64 key) const;
    /// The item of body `key`, or null.
    BodyItem* bodyItem(quint64 key) const;
    /// Key of the topmost body under a viewport pixel (its shapes, or within a few pixels of them); 0 when
    /// none.
    quint64 bodyKeyAt(QPointF viewportPoint) const;

    /// Selected bodies' keys, in the order they were selected.
    QList<quint64> selection() const { return m_selection; }
    /// Selects exactly these bodies (unknown keys and repeats are dropped). Emits selectionChanged when the
    /// selection differs.
    void setSelection(const QList<quint64>& keys);
    /// The body under the mouse (0 = none), drawn with the hover highlight.
    quint64 hoveredBody() const { return m_hovered; }
    void setHoveredBody(quint64 key);

    /// Presentation mode factor (fonts, pen widths, labels; 1 = normal): this canvas's display scale, handed
    /// to everything that draws on it (its items, body layer, overlays, tools) through their options, so two
    /// canvases can differ. @param scale clamped as SceneRenderer::clampDisplayScale
    double presentationScale() const { return m_presentationScale; }
    void setPresentationScale(double scale);
    /// What SceneRenderer draws under the overlays here: grid, names and this canvas's display scale.
    RenderOptions renderOptions() const;

    /// The current view: scale, centre and viewport size.
    const ViewTransform& viewTransform() const { return m_view; }
    /// The largest box the overlays draw in a corner of the view (CanvasOverlay::reservedCorner): Simulate
    /// mode's legend, or nothing.
    QSizeF reservedCorner() const;
    /// Sets scale and centre (the size is always the viewport's).
    void setViewTransform(const ViewTransform& view);
    double pixelsPerMetre() const { return m_view.pixelsPerMetre(); }

    /// World point (metres) -> viewport pixel.
    QPointF worldToViewport(phys::Vec2 worldPoint) const { return m_view.toView(worldPoint); }
    /// Viewport pixel -> world point (metres).
    phys::Vec2 viewportToWorld(QPointF viewportPoint) const { return m_view.toWorld(viewportPoint); }

    /// Makes `tool` the active input tool: it is installed as an event filter on the canvas and its viewport,
    /// the previous tool is deactivated, and its overlay is drawn last in drawForeground. nullptr: no tool.
    void setTool(Tool* tool);
    Tool* tool() const;
    /// The active tool's handles (Tool::handles), viewport pixels; none without a tool.
    std::vector<DrawnLine> toolHandles() const;
    /// Adds an overlay drawn over the bodies and under the tool's overlay, in viewport pixels (walkthrough,
    /// diagnostics). Not owned; the canvas repaints when it emits changed() and forgets it when destroyed.
    void addOverlay(CanvasOverlay* overlay);
    /// True while the canvas pans (middle drag, or Space held): tools leave those mouse events alone.
    bool isPanGestureActive() const { return m_spaceHeld || m_panning; }

    bool showBodyNames() const { return m_showBodyNames; }
    /// Where the last paint put the body names (placeBodyNames, name_placement.h: inside a body or outside
    /// on a leader line), viewport pixels; empty before the first paint and while names are off.
    const NamePlacement& namePlacement() const { return m_names; }
    bool showGrid() const { return m_showGrid; }

    /// Simulate mode's drawing: on, every body is painted by one SimBodyLayer from the poses shown (fills,
    /// outlines, hover and selection highlights as the items draw them; the names are the canvas's in both
    /// modes) and the per-body items
    /// leave the QGraphicsScene, so moving 1000 bodies a frame costs no item or index work. The items stay
    /// (bodyItem(), bodyItems()) and follow setBodyPose (posed when asked for or when they come back, not
    /// on every frame); picking (bodyKeyAt) uses the layer. Off
    /// (Edit mode, the default): one item per body, as before.
    void setBatchedBodies(bool batched);
    bool batchedBodies() const { return m_batched; }
    /// Batched mode only: hides the names without touching the user's setting (showBodyNames), for a drawing
    /// that needs the bodies' centres (the Verlet overlay's hub particles sit where the names would).
    void setBodyNamesSuppressed(bool suppressed);

    /// What frameScene() fits: the bodies that move (not static), where they are and where their velocity
    /// takes them in the first quarter second, with one body's size of room; the static bodies within that
    /// room, whole when amid the moving group and no larger than about it on both axes (a ramp), else only
    /// the part inside it (a ground, a wall), so the moving bodies fill the view: Newton's cradle frames its balls, not
    /// its walls 6 m away. A scene without moving bodies: every body. Empty scene: nullopt.
    ///
    /// With `runSeconds` > 0 (a demo, a scene written to be run: setFramingRun) the moving bodies' box is
    /// also every place they reach in the first `runSeconds` of the scene's run (runBounds), so the view it
    /// opens with holds what the run will strike (review: Newton's cradle's last ball swung out of view).
    static std::optional<phys::AABB> framingBounds(const phys::SceneDef& scene, double runSeconds = 0.0);
    /// The union of the moving bodies' bounds over the first `seconds` of the scene's run, stepped headlessly
    /// with its own settings from where the file puts it (the run Simulate mode starts). nullopt without a
    /// moving body, or for a scene of more than kRunFramingShapes shapes (a heavy scene's run costs seconds;
    /// its framing stays the look-ahead along the velocities).
    static std::optional<phys::AABB> runBounds(const phys::SceneDef& scene, double seconds);
    /// Scenes up to this many shapes are run ahead for their framing (runBounds).
    static constexpr int kRunFramingShapes = 256;
    /// Seconds of run frameScene() frames (0: none, the default; see framingBounds). The app sets it for a
    /// demo before it frames the scene.
    void setFramingRun(double seconds) {
        m_framingRunSeconds = seconds;
        m_runFraming.reset();
    }
    double framingRun() const { return m_framingRunSeconds; }

    /// True when the last paint came from the drag layer: a copy of the viewport's background and every item
    /// but the one body being changed live (a vertex or body drag: setBody on the same key again and
    /// again, nothing else changing), so a move repaints only that body's area (see paintEvent).
    bool paintedFromDragLayer() const { return m_paintedFromDragLayer; }
    /// Changes whenever what the canvas shows changes in any way but through setBody of the live body (the
    /// one a drag keeps changing): what is measured from the other bodies (the overlay's name boxes) can be
    /// kept while it stays the same.
    quint64 sceneGeneration() const { return m_sceneGeneration; }
    /// Index of the live body in body order, -1 when there is none.
    int liveBodyIndex() const;

    /// Simulate mode (batched bodies): while on and exactly one body is selected, every pose shown of that
    /// body centres the view on its origin (the zoom stays). Off by default; Edit mode never moves the view.
    void setFollowSelection(bool follow);
    bool followSelection() const { return m_follow; }

public slots:
    void zoomIn();
    void zoomOut();
    /// Frames every body with a margin (SceneRenderer::fitView). Until the user zooms or pans, each change of
    /// the canvas's size (the first show included) fits again.
    void zoomToFit();
    /// Frames framingBounds() with zoomToFit's margin, then lets each overlay change that view to what its
    /// drawing needs (CanvasOverlay::openingView: the walkthrough's ruler beside its pair): what a scene
    /// opens with. Kept fitted through size changes as zoomToFit is.
    void frameScene();
    /// When the view is still frameScene's fit (the user has not zoomed, panned or set it), fits again: an
    /// overlay's opening view may have changed (CanvasOverlay::openingViewChanged). A hidden canvas waits for
    /// its showEvent, which fits again anyway. @return whether it fitted again
    bool refitOpeningView();
    void setShowBodyNames(bool show);
    void setShowGrid(bool show);

signals:
    /// setPresentationScale changed the display scale (widgets beside the canvas, e.g. the energy plot,
    /// follow it).
    void presentationScaleChanged(double scale);
    /// The mouse moved over the canvas; `worldPoint` is under it (metres).
    void mouseWorldPositionChanged(phys::Vec2 worldPoint);
    /// The zoom changed.
    void zoomChanged(double pixelsPerMetre);
    /// The selection changed (by setSelection, or a selected body was removed).
    void selectionChanged(const QList<quint64>& keys);
    /// setBody changed the shown definition of an existing body: a document edit, or a tool's live preview
    /// (a vertex being dragged). Views of the shapes (the GJK walkthrough) follow it.
    void bodyShown(quint64 key);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    /// Pushes m_view into QGraphicsView (transform, scene rect, scroll position) and the items.
    void applyView();
    void zoomAbout(QPointF viewportPoint, double factor);
    void updateCursor();
    /// Gives items from `first` on their index in body order (colour and stacking).
    void reindexFrom(int first);
    /// Updates the viewport when only the batched layer shows a change (items out of the scene repaint
    /// nothing themselves).
    void updateBatched();

    QGraphicsScene* m_scene = nullptr;
    phys::SceneDef m_sceneDef;
    std::vector<BodyItem*> m_bodyItems;
    QList<quint64> m_keys; ///< in body order
    QHash<quint64, BodyItem*> m_itemsByKey;
    QList<quint64> m_selection;
    quint64 m_hovered = 0;
    double m_presentationScale = 1.0;
    ViewTransform m_view;
    bool m_showBodyNames = true;
    bool m_showGrid = true;
    /// The view is still the fit last asked for (zoomToFit, frameScene): every size change (the first show,
    /// the window, a panel) fits again. Zooming, panning, following or setting the view ends it; from then
    /// on a size change keeps the centre and what was in view (m_keepVisible).
    enum class PendingFit { None, Scene, Action };
    PendingFit m_fitPending = PendingFit::None;
    /// The view of a fit of that kind at the viewport's size now. A frameScene fit leaves the overlays'
    /// reserved corner (reservedCorner()) clear of the framed bodies, and notes it in m_fittedReserve; then
    /// each overlay's openingView may replace it.
    ViewTransform fittedView(PendingFit kind) const;
    /// Fits again when the reserved corner changed while a frameScene fit is pending (the legend appeared,
    /// grew, or presentation mode scaled it).
    void refitForReserve();
    mutable QSizeF m_fittedReserve;
    double m_framingRunSeconds = 0.0;
    /// framingBounds of the scene run ahead, kept until the scene is set or edited (setSceneDef, setBody,
    /// removeBody, clearBodies; not setBodyPose): resizes, the legend's corner and the overlays fit again and
    /// again, and in Simulate mode m_sceneDef holds the poses shown, from which the run would not start.
    mutable std::optional<std::optional<phys::AABB>> m_runFraming;
    /// framingBounds(scene, m_framingRunSeconds), from m_runFraming when it is of the same scene.
    std::optional<phys::AABB> openingBounds() const;
    bool m_follow = false;
    /// The world rectangle in view when the user last set the view (zoom, pan, setViewTransform, follow): a
    /// size change shows it whole, as large as fits, about its centre (ViewTransform::fitting without
    /// margin). Kept rather than derived from the last size, so resizes that come back give the same view.
    QRectF m_keepVisible;
    /// Notes the view now as the one to keep through size changes.
    void rememberView() { m_keepVisible = m_view.visibleWorldRect(); }
    bool m_spaceHeld = false;
    bool m_panning = false;
    QPointF m_lastPanPosition;
    QPointer<Tool> m_tool;                     ///< the active input tool (owned elsewhere)
    QList<QPointer<CanvasOverlay>> m_overlays; ///< drawn in order by drawForeground (owned elsewhere)
    NamePlacement m_names;                     ///< where the last paint put the body names (placeBodyNames)
    /// What the names' placement reads: the scene (m_sceneRevision), the view, the options (grid, display
    /// scale), whether the names outside are placed alone, the overlays' obstacles and the theme (a name's
    /// colour is placed with it: switching theme kept the old colour until the view moved).
    struct NamesKey {
        quint64 scene = 0;
        ViewTransform view;
        RenderOptions options;
        bool outsideAlone = true;
        NameObstacles obstacles;
        int palette = 0; ///< paletteRevision()
        bool operator==(const NamesKey& o) const {
            return scene == o.scene && view == o.view && options.grid == o.options.grid &&
                   options.displayScale == o.options.displayScale &&
                   options.nameReach == o.options.nameReach && outsideAlone == o.outsideAlone &&
                   obstacles == o.obstacles && palette == o.palette;
        }
    };
    std::optional<NamesKey> m_namesKey; ///< of m_namesBase
    NamePlacement m_namesBase;          ///< placeBodyNames's result for m_namesKey (before an overlay's pass)
    quint64 m_sceneRevision = 0;        ///< counts the changes of m_sceneDef
    bool m_namesSuppressed = false;
    bool m_batched = false; ///< Simulate mode: m_bodyLayer paints, items are detached
    /// Batched mode: setBodyPose moved a body without posing its detached item (syncItemPoses poses them).
    mutable bool m_itemPosesStale = false;
    /// Gives every item its pose from m_sceneDef, if a batched setBodyPose left one behind.
    void syncItemPoses() const;
    /// The drag layer (paintEvent): the key last given to setBody for an existing body and how many times in
    /// a row; the layer (background and every item but that body's and its label's, device pixels) and the
    /// background alone, both made at the first paint of a run of two or more (this body's setBody twice).
    quint64 m_liveKey = 0;
    quint64 m_sceneGeneration = 1;
    int m_liveUpdates = 0;
    QPixmap m_dragLayer;
    QPixmap m_dragBackground;
    QPixmap m_dragScratch; ///< where a move's area is composed (paintFromDragLayer)
    /// The items in view when the layer was made and the live ones, in stacking order, with the viewport
    /// rectangles they paint in (paintedRect; the live ones' are measured again on every move).
    std::vector<std::pair<QGraphicsItem*, QRect>> m_dragItems;
    bool m_paintedFromDragLayer = false;
    /// Drops the drag layer: called by everything that changes what is drawn, except setBody of m_liveKey.
    void invalidateDragLayer();
    /// Whether paintEvent may draw from the drag layer now.
    bool dragLayerUsable() const;
    /// Paints the viewport from the drag layer (making it first when there is none).
    void paintFromDragLayer();
    /// The viewport pixels QGraphicsView would count as painted by `item` (its bounding rectangle mapped by
    /// `viewTransform`, aligned out and grown by 2 px for antialiasing, as QGraphicsScene's drawing does).
    static QRect paintedRect(const QGraphicsItem* item, const QTransform& viewTransform);
    std::unique_ptr<SimBodyLayer> m_bodyLayer;
};

} // namespace cl
