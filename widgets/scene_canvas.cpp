#include "scene_canvas.h"

#include "palette.h"

#include "body_item.h"
#include "overlay.h"
#include "sim_body_layer.h"
#include "tool.h"

#include "physics/world.h"

#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <variant>
#include <vector>

namespace cl {

namespace {
/// How far from a body's shapes a click still picks it, pixels.
constexpr double kPickTolerancePixels = 4.0;
} // namespace

SceneCanvas::SceneCanvas(QWidget* parent)
    : QGraphicsView(parent), m_scene(new QGraphicsScene(this)),
      m_bodyLayer(std::make_unique<SimBodyLayer>()) {
    setScene(m_scene);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The view state lives in m_view; QGraphicsView must not re-centre on its own.
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::NoAnchor);
    setDragMode(QGraphicsView::NoDrag);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    // The grid is redrawn only when the view, the grid switch or the display scale change (resetCachedContent
    // in applyView, setShowGrid, setPresentationScale): a Simulate-mode frame does not pay for it.
    setCacheMode(QGraphicsView::CacheBackground);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    // Every paint covers the whole viewport (drawBackground fills the visible world, the drag layer is a
    // full copy): Qt need not fill the window's background under it first (a 600x700 fill was 5% of a drag's
    // mouse move at 1000 bodies).
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent, true);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    m_view = ViewTransform(ViewTransform::kDefaultPixelsPerMetre, phys::Vec2{}, QSizeF(viewport()->size()));
    applyView();
    // Another theme: body colours, labels and the cached grid are drawn again in the new palette.
    connect(PaletteNotifier::instance(), &PaletteNotifier::changed, this,
            [this] { setPresentationScale(m_presentationScale); });
}

SceneCanvas::~SceneCanvas() {
    // The tool's filter would see the events of the canvas's own destruction, when it is no longer a
    // SceneCanvas to ask for its viewport (UBSan, in the monkey test).
    if (m_tool) {
        viewport()->removeEventFilter(m_tool);
        removeEventFilter(m_tool);
    }
    if (m_batched) {
        // Detached items are not the scene's to delete (LeakSanitizer: a window closed while a big scene ran).
        qDeleteAll(m_bodyItems);
    }
}

void SceneCanvas::setSceneDef(const phys::SceneDef& scene) {
    QList<quint64> keys;
    keys.reserve(static_cast<qsizetype>(scene.bodies.size()));
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        keys.append(static_cast<quint64>(i + 1));
    }
    setSceneDef(scene, keys);
}

void SceneCanvas::setSceneDef(const phys::SceneDef& scene, const QList<quint64>& keys) {
    Q_ASSERT(static_cast<std::size_t>(keys.size()) == scene.bodies.size());
    clearBodies();
    m_sceneDef.settings = scene.settings;
    ++m_sceneRevision;
    for (std::size_t i = 0; i < scene.bodies.size() && i < static_cast<std::size_t>(keys.size()); ++i) {
        setBody(keys[static_cast<qsizetype>(i)], scene.bodies[i]);
    }
    viewport()->update();
}

void SceneCanvas::setBody(quint64 key, const phys::BodyDef& body, int index) {
    if (key == 0) {
        return;
    }
    m_runFraming.reset();
    m_bodyLayer->invalidate();
    if (BodyItem* item = m_itemsByKey.value(key, nullptr)) {
        // The same body changed again with nothing else between: a drag, which paintEvent draws over the
        // drag layer. Any other body: the layer holds it, so it goes.
        if (key != m_liveKey) {
            invalidateDragLayer();
            m_liveKey = key;
        }
        ++m_liveUpdates;
        item->setBody(body);
        m_sceneDef.bodies[static_cast<std::size_t>(item->bodyIndex())] = body;
        ++m_sceneRevision;
        updateBatched();
        emit bodyShown(key);
        return;
    }
    const int count = static_cast<int>(m_keys.size());
    if (index < 0 || index > count) {
        index = count;
    }
    invalidateDragLayer();
    auto* item = new BodyItem(body, index, key);
    item->setMetresPerPixel(1.0 / m_view.pixelsPerMetre());
    item->setDisplayScale(m_presentationScale);
    if (!m_batched) {
        m_scene->addItem(item);
    }

    const auto at = static_cast<std::size_t>(index);
    m_keys.insert(index, key);
    m_bodyItems.insert(m_bodyItems.begin() + static_cast<std::ptrdiff_t>(at), item);
    m_sceneDef.bodies.insert(m_sceneDef.bodies.begin() + static_cast<std::ptrdiff_t>(at), body);
    ++m_sceneRevision;
    m_itemsByKey.insert(key, item);
    reindexFrom(index);
    updateBatched();
}

void SceneCanvas::setBodyPose(quint64 key, phys::Vec2 position, double angle) {
    BodyItem* item = m_itemsByKey.value(key, nullptr);
    if (!item) {
        return;
    }
    phys::BodyDef& body = m_sceneDef.bodies[static_cast<std::size_t>(item->bodyIndex())];
    if (body.position == position && body.angle == angle) {
        return;
    }
    invalidateDragLayer();
    body.position = position;
    body.angle = angle;
    ++m_sceneRevision;
    if (m_batched) {
        // The item is out of the scene while the layer draws the bodies: it takes its pose when asked for or
        // when it comes back (syncItemPoses). Posing a thousand items a frame was 3.5% of a Simulate frame's
        // UI thread (contactlab-framebench, perf).
        m_itemPosesStale = true;
        if (m_follow && m_selection.size() == 1 && m_selection.front() == key) {
            m_fitPending = PendingFit::None;
            m_view = ViewTransform(m_view.pixelsPerMetre(), position, m_view.viewSize());
            rememberView();
            applyView();
        }
        return; // the layer draws the names
    }
    item->setPos(position.x, position.y);
    item->setRotation(angle * 180.0 / phys::kPi);
}

void SceneCanvas::removeBody(quint64 key) {
    BodyItem* item = m_itemsByKey.value(key, nullptr);
    if (!item) {
        return;
    }
    m_runFraming.reset();
    const int index = item->bodyIndex();
    const auto at = static_cast<std::ptrdiff_t>(index);
    m_itemsByKey.remove(key);
    m_keys.removeAt(index);
    m_bodyItems.erase(m_bodyItems.begin() + at);
    m_sceneDef.bodies.erase(m_sceneDef.bodies.begin() + at);
    ++m_sceneRevision;
    delete item;
    invalidateDragLayer();
    m_bodyLayer->invalidate();
    reindexFrom(index);
    if (m_hovered == key) {
        m_hovered = 0;
    }
    if (m_selection.removeAll(key) > 0) {
        emit selectionChanged(m_selection);
    }
    viewport()->update();
}

void SceneCanvas::clearBodies() {
    m_runFraming.reset();
    if (m_batched) {
        // Detached items are not the scene's to delete.
        qDeleteAll(m_bodyItems);
    }
    invalidateDragLayer();
    m_bodyLayer->invalidate();
    m_bodyItems.clear();
    m_keys.clear();
    m_itemsByKey.clear();
    m_sceneDef.bodies.clear();
    ++m_sceneRevision;
    m_hovered = 0;
    m_scene->clear();
    if (!m_selection.isEmpty()) {
        m_selection.clear();
        emit selectionChanged(m_selection);
    }
    viewport()->update();
}

void SceneCanvas::reindexFrom(int first) {
    invalidateDragLayer();
    m_bodyLayer->invalidate(); // colours follow the index
    for (std::size_t i = static_cast<std::size_t>(std::max(first, 0)); i < m_bodyItems.size(); ++i) {
        m_bodyItems[i]->setBodyIndex(static_cast<int>(i));
    }
}

QList<quint64> SceneCanvas::bodyKeys() const {
    return m_keys;
}

BodyItem* SceneCanvas::bodyItem(quint64 key) const {
    syncItemPoses();
    return m_itemsByKey.value(key, nullptr);
}

const std::vector<BodyItem*>& SceneCanvas::bodyItems() const {
    syncItemPoses();
    return m_bodyItems;
}

void SceneCanvas::syncItemPoses() const {
    if (!m_itemPosesStale) {
        return;
    }
    m_itemPosesStale = false;
    for (BodyItem* item : m_bodyItems) {
        const phys::BodyDef& body = m_sceneDef.bodies[static_cast<std::size_t>(item->bodyIndex())];
        item->setPos(body.position.x, body.position.y);
        item->setRotation(body.angle * 180.0 / phys::kPi);
    }
}

const phys::BodyDef* SceneCanvas::bodyDef(quint64 key) const {
    const BodyItem* item = m_itemsByKey.value(key, nullptr);
    return item ? &item->body() : nullptr;
}

// Picking: the topmost body whose shapes contain the point; failing that, the topmost one whose shapes pass
// within kPickTolerancePixels of it (thin bodies stay easy to hit).
quint64 SceneCanvas::bodyKeyAt(QPointF viewportPoint) const {
    const phys::Vec2 world = viewportToWorld(viewportPoint);
    if (m_batched) {
        const int index =
            m_bodyLayer->bodyAt(m_sceneDef, world, kPickTolerancePixels / m_view.pixelsPerMetre());
        return index >= 0 ? m_keys[index] : 0;
    }
    const QPointF scenePoint(world.x, world.y);
    for (QGraphicsItem* item : m_scene->items(scenePoint, Qt::IntersectsItemShape, Qt::DescendingOrder)) {
        if (item->type() == BodyItem::kType) {
            return static_cast<BodyItem*>(item)->key();
        }
    }
    const double tolerance = kPickTolerancePixels / m_view.pixelsPerMetre();
    const QRectF box(scenePoint - QPointF(tolerance, tolerance), QSizeF(2 * tolerance, 2 * tolerance));
    for (QGraphicsItem* item : m_scene->items(box, Qt::IntersectsItemShape, Qt::DescendingOrder)) {
        if (item->type() == BodyItem::kType) {
            return static_cast<BodyItem*>(item)->key();
        }
    }
    return 0;
}

void SceneCanvas::setSelection(const QList<quint64>& keys) {
    QList<quint64> selection;
    for (const quint64 key : keys) {
        if (m_itemsByKey.contains(key) && !selection.contains(key)) {
            selection.append(key);
        }
    }
    // Not QList's operator==: Qt 6.4's passes a null pointer to memcmp when both lists are empty, which is
    // undefined behaviour (UBSan stops the monkey test on it). Sizes first, then the elements.
    if (selection.size() == m_selection.size() &&
        std::equal(selection.cbegin(), selection.cend(), m_selection.cbegin())) {
        return;
    }
    invalidateDragLayer();
    for (const quint64 key : m_selection) {
        if (BodyItem* item = m_itemsByKey.value(key, nullptr)) {
            item->setSelectedHighlight(false);
        }
    }
    m_selection = selection;
    for (const quint64 key : m_selection) {
        m_itemsByKey.value(key)->setSelectedHighlight(true);
    }
    viewport()->update();
    emit selectionChanged(m_selection);
}

void SceneCanvas::setHoveredBody(quint64 key) {
    if (!m_itemsByKey.contains(key)) {
        key = 0;
    }
    if (key == m_hovered) {
        return;
    }
    invalidateDragLayer();
    if (BodyItem* item = m_itemsByKey.value(m_hovered, nullptr)) {
        item->setHovered(false);
    }
    m_hovered = key;
    if (BodyItem* item = m_itemsByKey.value(m_hovered, nullptr)) {
        item->setHovered(true);
    }
    updateBatched();
}

void SceneCanvas::setPresentationScale(double scale) {
    m_presentationScale = SceneRenderer::clampDisplayScale(scale);
    invalidateDragLayer(); // the theme too
    m_bodyLayer->setDisplayScale(m_presentationScale);
    // Item margins depend on the scale (the names are placed again on every paint).
    for (BodyItem* item : m_bodyItems) {
        item->setDisplayScale(m_presentationScale);
        item->setBody(item->body());
    }
    resetCachedContent();
    viewport()->update();
    refitForReserve(); // the legend's box scales too
    emit presentationScaleChanged(m_presentationScale);
}

RenderOptions SceneCanvas::renderOptions() const {
    RenderOptions options;
    options.grid = m_showGrid;
    options.bodyNames = m_showBodyNames;
    options.displayScale = m_presentationScale;
    // Simulate: names outside near their bodies or not at all (the flying-balls demo's walls wrote their
    // names mid-scene on leaders 250 px long, across the moving bodies).
    options.nameReach = m_batched ? kNameReach : 0.0;
    return options;
}

void SceneCanvas::setViewTransform(const ViewTransform& view) {
    m_fitPending = PendingFit::None;
    m_view = view.resized(QSizeF(viewport()->size()));
    rememberView();
    applyView();
}

void SceneCanvas::applyView() {
    const double previousScale = transform().m11();
    invalidateDragLayer();
    // The view's scene rect is the visible world plus one view size on every side: QGraphicsView's scroll
    // range then always holds 0 and never applies its alignment indent, so with both scroll bars at 0 the
    // viewport transform is exactly m_view.worldToView().
    const QRectF visible = m_view.visibleWorldRect();
    setSceneRect(visible.adjusted(-visible.width(), -visible.height(), visible.width(), visible.height()));
    setTransform(m_view.worldToView());
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
    resetCachedContent();
    const double metresPerPixel = 1.0 / m_view.pixelsPerMetre();
    for (BodyItem* item : m_bodyItems) {
        item->setMetresPerPixel(metresPerPixel);
    }
    viewport()->update();
    if (previousScale != m_view.pixelsPerMetre()) {
        emit zoomChanged(m_view.pixelsPerMetre());
    }
}

void SceneCanvas::zoomAbout(QPointF viewportPoint, double factor) {
    m_fitPending = PendingFit::None;
    m_view = m_view.zoomedAbout(viewportPoint, factor);
    rememberView();
    applyView();
}

void SceneCanvas::zoomIn() {
    zoomAbout(QPointF(0.5 * viewport()->width(), 0.5 * viewport()->height()), kZoomStep);
}

void SceneCanvas::zoomOut() {
    zoomAbout(QPointF(0.5 * viewport()->width(), 0.5 * viewport()->height()), 1.0 / kZoomStep);
}

void SceneCanvas::zoomToFit() {
    m_view = fittedView(PendingFit::Scene);
    rememberView();
    applyView();
    m_fitPending = PendingFit::Scene;
}

void SceneCanvas::frameScene() {
    m_view = fittedView(PendingFit::Action);
    rememberView();
    applyView();
    m_fitPending = PendingFit::Action;
}

// Framing with a reserved corner (the simulation legend, of reserve = its box and margins): a corner that
// no framed body reaches, at the least cost in zoom.
//   top band:    margins (m, max(m, reserve.h), m, m): the bodies below a band as tall as the box
//   side column: margins (m, m, max(m, reserve.w), m): the bodies left of a column as wide as the box
//   take the one with the larger scale (the band on a tie: under gravity the top of a scene is air)
// The legend then finds its empty corner (SimOverlayPainter::chooseLegendCorner). Without it a tall scene
// (the stack demo at 1280x800) filled the view's height and every corner held a box.
// Zoom to Fit (Ctrl+0) keeps the same corner of air for the legend over the whole scene: fitted edge to edge,
// the vertical stack's top box sat under the legend in Simulate mode.
ViewTransform SceneCanvas::fittedView(PendingFit kind) const {
    const QSizeF size(viewport()->size());
    const std::optional<phys::AABB> box =
        kind == PendingFit::Action ? openingBounds() : SceneRenderer::sceneBounds(m_sceneDef);
    if (!box) {
        return SceneRenderer::fitView(m_sceneDef, size);
    }
    const double m = SceneRenderer::fitMargin(size);
    const QSizeF reserve = reservedCorner();
    m_fittedReserve = reserve;
    ViewTransform view = ViewTransform::fitting(*box, size, m);
    if (!reserve.isEmpty()) {
        const ViewTransform band =
            ViewTransform::fitting(*box, size, QMarginsF(m, std::max(m, reserve.height()), m, m));
        const ViewTransform column =
            ViewTransform::fitting(*box, size, QMarginsF(m, m, std::max(m, reserve.width()), m));
        view = column.pixelsPerMetre() > band.pixelsPerMetre() ? column : band;
    }
    if (kind == PendingFit::Action) {
        // What a scene opens with: the overlays' drawing fits too (the walkthrough's ruler, review v12 M1:
        // deep_penetration opened at 232 px/m with its ruler cut by the view's edge).
        for (const QPointer<CanvasOverlay>& overlay : m_overlays) {
            if (overlay) {
                view = overlay->openingView(*this, view);
            }
        }
    }
    return view;
}

bool SceneCanvas::refitOpeningView() {
    // Hidden (or a window being torn down): showEvent fits a pending fit again anyway.
    if (!isVisible() || m_fitPending != PendingFit::Action) {
        return false;
    }
    m_view = fittedView(PendingFit::Action);
    rememberView();
    applyView();
    return true;
}

QSizeF SceneCanvas::reservedCorner() const {
    QSizeF reserve;
    for (const QPointer<CanvasOverlay>& overlay : m_overlays) {
        if (overlay) {
            reserve = reserve.expandedTo(overlay->reservedCorner(*this));
        }
    }
    return reserve;
}

void SceneCanvas::refitForReserve() {
    // Hidden (or a window being torn down): showEvent fits a pending fit again anyway.
    if (!isVisible() || m_fitPending == PendingFit::None || reservedCorner() == m_fittedReserve) {
        return;
    }
    m_view = fittedView(m_fitPending);
    rememberView();
    applyView();
}

// Framing pseudocode (review v12 D7: Newton's cradle opened at 26 px/m with 27-px balls, its walls framed
// whole; the lesson is the balls):
//   moving = union over the non-static bodies of their AABB, and of it swept along velocity * 1 s up to the
//            first static body it meets (sweptHit): where they go first, the tunnelling bullet's run to its
//            wall, not 60 m past it; none: every body
//   with runSeconds > 0 (a demo): moving = moving U runBounds(scene, runSeconds), every place the run takes
//            them (Newton's cradle's last ball at its wall)
//   g      = max(0.5 m, the median larger side of the moving bodies): one body of room around them
//   reach  = moving grown by g
//   for every static body s meeting reach:
//     s amid the moving bodies (its box holds the centre of theirs) and no larger than kWholeStaticFactor *
//       their size on both axes (the friction ramp under its boxes): framed whole, the contraption they
//       move on
//     else (a ground, a floor, a wall: beside them): only its part inside reach (the tunnelling demo's
//       24 m ground was framed whole, its bullet 4 px across)
//   frame  = moving U those
// A static body out of reach (the cradle's walls, 2.5 m and 6 m from the balls) is left out: the moving
// bodies fill the view.
namespace {

/// The first time t in [0, 1] at which `box` moved by t * d meets `target` (slab test on each axis), or
/// nullopt when it does not.
std::optional<double> sweptHit(const phys::AABB& box, phys::Vec2 d, const phys::AABB& target) {
    double t0 = 0.0, t1 = 1.0;
    for (const auto& [lower, upper, boxLower, boxUpper, dd] :
         {std::tuple{target.lower.x, target.upper.x, box.lower.x, box.upper.x, d.x},
          std::tuple{target.lower.y, target.upper.y, box.lower.y, box.upper.y, d.y}}) {
        const double lo = lower - boxUpper; // the offsets at which they overlap on this axis
        const double hi = upper - boxLower;
        if (dd == 0.0) {
            if (lo > 0.0 || hi < 0.0) {
                return std::nullopt;
            }
            continue;
        }
        const double ta = std::min(lo / dd, hi / dd);
        const double tb = std::max(lo / dd, hi / dd);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
        if (t0 > t1) {
            return std::nullopt;
        }
    }
    return t0;
}

} // namespace

std::optional<phys::AABB> SceneCanvas::openingBounds() const {
    if (m_framingRunSeconds <= 0.0) {
        return framingBounds(m_sceneDef);
    }
    if (!m_runFraming) {
        m_runFraming = framingBounds(m_sceneDef, m_framingRunSeconds);
    }
    return *m_runFraming;
}

// The run ahead (review: Newton's cradle's last ball left the view it opened with, rolling to its wall):
//   world = the scene's bodies with its settings (what Simulate mode builds), one thread
//   box   = the moving bodies' bounds now
//   repeat round(seconds / timeStep) times: step; box = box U the moving bodies' bounds
// A scene of a few dozen bodies runs its seconds in milliseconds; a body that escapes the world bound is
// frozen by the engine where it left, so the box stays finite.
std::optional<phys::AABB> SceneCanvas::runBounds(const phys::SceneDef& scene, double seconds) {
    std::size_t shapes = 0;
    for (const phys::BodyDef& body : scene.bodies) {
        shapes += body.shapes.size();
    }
    if (!(seconds > 0.0) || shapes > std::size_t(kRunFramingShapes)) {
        return std::nullopt;
    }
    phys::World world(scene.settings);
    world.setThreadCount(1);
    world.setReportFlags(phys::kReportNone);
    std::vector<const phys::BodyDef*> defs; // by body slot: the World creates bodies in order
    for (const phys::BodyDef& body : scene.bodies) {
        if (world.createBody(body)) {
            defs.push_back(&body);
        }
    }
    std::optional<phys::AABB> box;
    std::vector<phys::BodyState> states;
    const auto addBounds = [&] {
        world.bodyStates(states);
        for (std::size_t slot = 0; slot < states.size() && slot < defs.size(); ++slot) {
            if (!states[slot].alive || defs[slot]->type == phys::BodyType::Static) {
                continue;
            }
            for (const phys::ShapeDef& shape : defs[slot]->shapes) {
                const phys::AABB b = std::visit(
                    [&](const auto& g) { return phys::computeAABB(g, states[slot].xf); }, shape.geometry);
                box = box ? phys::combine(*box, b) : b;
            }
        }
    };
    addBounds();
    const double dt = world.settings().timeStep;
    const long steps = dt > 0.0 ? std::lround(seconds / dt) : 0;
    for (long i = 0; i < steps && box; ++i) {
        world.step();
        addBounds();
    }
    return box;
}

std::optional<phys::AABB> SceneCanvas::framingBounds(const phys::SceneDef& scene, double runSeconds) {
    constexpr double kLookAheadSeconds = 1.0;
    constexpr double kWholeStaticFactor = 1.6;
    const auto bodyBox = [](const phys::BodyDef& body) {
        std::optional<phys::AABB> box;
        const phys::Transform xf{body.position, phys::Rot(body.angle)};
        for (const phys::ShapeDef& shape : body.shapes) {
            const phys::AABB b =
                std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
            box = box ? phys::combine(*box, b) : b;
        }
        return box;
    };
    const auto largerSide = [](const phys::AABB& b) {
        return std::max(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
    };
    const auto meets = [](const phys::AABB& a, const phys::AABB& b) {
        return a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y &&
               b.lower.y <= a.upper.y;
    };
    std::optional<phys::AABB> moving;
    std::vector<double> sizes;
    for (const phys::BodyDef& body : scene.bodies) {
        if (body.type == phys::BodyType::Static) {
            continue;
        }
        if (const auto box = bodyBox(body)) {
            const phys::Vec2 run = kLookAheadSeconds * body.linearVelocity;
            // The first static body in its way; one it already rests on (the ground under a sliding box) is
            // not. Nothing in its way: where it is (a flyer's path is watched, or followed).
            std::optional<double> until;
            for (const phys::BodyDef& other : scene.bodies) {
                const auto target = other.type == phys::BodyType::Static ? bodyBox(other) : std::nullopt;
                if (!target || meets(*box, *target)) {
                    continue;
                }
                if (const auto hit = sweptHit(*box, run, *target); hit && (!until || *hit < *until)) {
                    until = hit;
                }
            }
            const phys::Vec2 ahead = until.value_or(0.0) * run;
            const phys::AABB swept = phys::combine(*box, phys::AABB{box->lower + ahead, box->upper + ahead});
            moving = moving ? phys::combine(*moving, swept) : swept;
            sizes.push_back(largerSide(*box));
        }
    }
    if (!moving) {
        return SceneRenderer::sceneBounds(scene);
    }
    if (const auto run = runBounds(scene, runSeconds)) {
        moving = phys::combine(*moving, *run);
    }
    std::nth_element(sizes.begin(), sizes.begin() + std::ptrdiff_t(sizes.size() / 2), sizes.end());
    const double grow = std::max(0.5, sizes[sizes.size() / 2]);
    const phys::Vec2 extent = moving->upper - moving->lower;
    const phys::AABB reach = phys::fatten(*moving, grow);
    phys::AABB frame = *moving;
    for (const phys::BodyDef& body : scene.bodies) {
        if (body.type != phys::BodyType::Static) {
            continue;
        }
        const auto box = bodyBox(body);
        if (!box || !meets(*box, reach)) {
            continue;
        }
        const phys::Vec2 size = box->upper - box->lower;
        const phys::Vec2 centre = 0.5 * (moving->lower + moving->upper);
        const bool amid = box->lower.x <= centre.x && centre.x <= box->upper.x && box->lower.y <= centre.y &&
                          centre.y <= box->upper.y;
        if (amid && size.x <= kWholeStaticFactor * extent.x && size.y <= kWholeStaticFactor * extent.y) {
            frame = phys::combine(frame, *box);
        } else {
            frame = phys::combine(frame, phys::AABB{phys::maxVec(box->lower, reach.lower),
                                                    phys::minVec(box->upper, reach.upper)});
        }
    }
    return frame;
}

void SceneCanvas::setFollowSelection(bool follow) {
    m_follow = follow;
    if (m_follow && m_batched && m_selection.size() == 1) {
        if (const BodyItem* item = bodyItem(m_selection.front())) {
            // The pose shown (m_sceneDef follows setBodyPose; the item's definition is the edited one).
            const phys::Vec2 at = m_sceneDef.bodies[static_cast<std::size_t>(item->bodyIndex())].position;
            setViewTransform(ViewTransform(m_view.pixelsPerMetre(), at, m_view.viewSize()));
        }
    }
}

void SceneCanvas::setShowBodyNames(bool show) {
    m_showBodyNames = show;
    viewport()->update();
}

std::vector<DrawnLine> SceneCanvas::toolHandles() const {
    return m_tool ? m_tool->handles() : std::vector<DrawnLine>{};
}

Tool* SceneCanvas::tool() const {
    return m_tool;
}

void SceneCanvas::setTool(Tool* tool) {
    if (tool == m_tool) {
        return;
    }
    if (m_tool) {
        viewport()->removeEventFilter(m_tool);
        removeEventFilter(m_tool);
        m_tool->deactivate();
    }
    m_tool = tool;
    viewport()->unsetCursor();
    if (m_tool) {
        viewport()->installEventFilter(m_tool);
        installEventFilter(m_tool);
        m_tool->activate();
    }
    viewport()->update();
}

void SceneCanvas::setShowGrid(bool show) {
    m_showGrid = show;
    invalidateDragLayer();
    resetCachedContent();
    viewport()->update();
}

void SceneCanvas::drawBackground(QPainter* painter, const QRectF& /*rect*/) {
    // The painter maps world -> viewport here; draw the whole visible world so labels are placed the same
    // whatever part of the viewport is exposed (the painter clips to the exposed part).
    SceneRenderer::drawBackground(*painter, m_view.visibleWorldRect(), m_showGrid, m_presentationScale);
}

void SceneCanvas::setBatchedBodies(bool batched) {
    if (batched == m_batched) {
        return;
    }
    syncItemPoses(); // before they rejoin the scene: posed outside it, they touch no index
    m_batched = batched;
    invalidateDragLayer();
    m_bodyLayer->invalidate();
    // Each item leaves (or rejoins) the scene: out of it, moving an item touches no index and paints nothing.
    for (std::size_t i = 0; i < m_bodyItems.size(); ++i) {
        if (batched) {
            m_scene->removeItem(m_bodyItems[i]);
        } else {
            m_scene->addItem(m_bodyItems[i]);
        }
    }
    viewport()->update();
}

void SceneCanvas::setBodyNamesSuppressed(bool suppressed) {
    if (suppressed != m_namesSuppressed) {
        m_namesSuppressed = suppressed;
        updateBatched();
    }
}

void SceneCanvas::updateBatched() {
    if (m_batched) {
        viewport()->update();
    }
}

void SceneCanvas::drawForeground(QPainter* painter, const QRectF& /*rect*/) {
    if (m_batched) {
        m_bodyLayer->paint(*painter, m_sceneDef, m_keys, m_view, m_selection, m_hovered);
    }
    if (m_showGrid) {
        SceneRenderer::drawGridLabels(*painter, m_view.visibleWorldRect(), m_presentationScale);
    }
    // The names, placed once per paint for everyone who draws near them (the overlays' labels keep off them,
    // the Select tool's knob too); drawn over the overlays, so no arrow or dot hides one.
    m_names = {};
    const bool names = m_showBodyNames && !(m_batched && m_namesSuppressed);
    // An overlay that lays out the names outside the bodies with its own labels (the walkthrough's step)
    // gets them pending, and hands them back placed.
    CanvasOverlay* layingOut = nullptr;
    NameObstacles obstacles;
    if (names) {
        for (const QPointer<CanvasOverlay>& overlay : m_overlays) {
            if (overlay) {
                const NameObstacles more = overlay->nameObstacles(*this);
                obstacles.lines.insert(obstacles.lines.end(), more.lines.begin(), more.lines.end());
                obstacles.rects.insert(obstacles.rects.end(), more.rects.begin(), more.rects.end());
                if (!layingOut && overlay->laysOutNames(*this)) {
                    layingOut = overlay;
                }
            }
        }
        // Placed again only when what the placement reads changed: a repaint for the hover, the selection,
        // a tool's preview or the walkthrough's step (the overlay's pass is redone either way, it is its
        // labels') reuses the last one.
        NamesKey key{m_sceneRevision,      m_view,    renderOptions(),
                     layingOut == nullptr, obstacles, paletteRevision()};
        if (!m_namesKey || !(*m_namesKey == key)) {
            m_namesBase =
                placeBodyNames(m_sceneDef, m_view, renderOptions(), obstacles, layingOut == nullptr);
            m_namesKey = std::move(key);
        }
        m_names = m_namesBase;
    }
    for (const QPointer<CanvasOverlay>& overlay : m_overlays) {
        if (overlay) {
            painter->save();
            painter->resetTransform();
            overlay->paintOverlay(*painter, *this);
            painter->restore();
            if (overlay == layingOut) {
                if (const NamePlacement* placed = overlay->placedNames()) {
                    m_names = *placed;
                }
            }
        }
    }
    if (!m_names.pending.requests.empty()) { // the overlay did not lay them out after all: on their own
        m_names = placeBodyNames(m_sceneDef, m_view, renderOptions(), obstacles);
    }
    if (!m_names.names.empty() || m_names.hidden > 0) {
        painter->save();
        painter->resetTransform();
        drawBodyNames(*painter, m_names, m_presentationScale);
        painter->restore();
    }
    if (m_tool) {
        // Tool previews and handles are drawn in viewport pixels, over everything else.
        painter->save();
        painter->resetTransform();
        painter->setRenderHint(QPainter::Antialiasing, true);
        m_tool->drawOverlay(*painter);
        painter->restore();
    }
}

int SceneCanvas::liveBodyIndex() const {
    const BodyItem* item = m_itemsByKey.value(m_liveKey, nullptr);
    return item ? item->bodyIndex() : -1;
}

void SceneCanvas::invalidateDragLayer() {
    ++m_sceneGeneration;
    m_liveKey = 0;
    m_liveUpdates = 0;
    // Simulate mode comes here for every body of every frame (setBodyPose): a QPixmap() made each time
    // allocates its platform pixmap, so only a layer that exists is dropped.
    if (!m_dragLayer.isNull() || !m_dragBackground.isNull() || !m_dragScratch.isNull()) {
        m_dragLayer = QPixmap();
        m_dragBackground = QPixmap();
        m_dragScratch = QPixmap();
    }
    m_dragItems.clear();
}

bool SceneCanvas::dragLayerUsable() const {
    // Device pixels are viewport pixels only at a device pixel ratio of 1: elsewhere the layer's rectangles
    // would fall between device pixels, so the view paints as before.
    return !m_batched && m_liveUpdates >= 2 && m_itemsByKey.contains(m_liveKey) &&
           viewport()->devicePixelRatio() == 1.0 && !viewport()->size().isEmpty();
}

namespace {

/// The transform QGraphicsScene paints `item` with (QGraphicsScenePrivate::drawSubtreeRecursive): the scene
/// transform times the view's, or the device transform for an item that ignores transformations (labels).
/// The same arithmetic in the same order, so the same pixels.
QTransform itemPaintTransform(const QGraphicsItem* item, const QTransform& viewTransform) {
    if (item->flags() & QGraphicsItem::ItemIgnoresTransformations) {
        return item->deviceTransform(viewTransform);
    }
    QTransform transform = item->sceneTransform();
    transform *= viewTransform;
    return transform;
}

/// Paints one item as QGraphicsScenePrivate::draw does for an item without children, clip or effect (the
/// canvas's items): its transform, the painter's state saved around paint(), full opacity.
void paintItem(QPainter& painter, QGraphicsItem* item, const QTransform& viewTransform, QWidget* widget) {
    painter.setWorldTransform(itemPaintTransform(item, viewTransform));
    painter.save();
    painter.setOpacity(1.0);
    const QStyleOptionGraphicsItem option; // the canvas's items do not read it
    item->paint(&painter, &option, widget);
    painter.restore();
}

} // namespace

QRect SceneCanvas::paintedRect(const QGraphicsItem* item, const QTransform& viewTransform) {
    // QGraphicsScenePrivate::drawSubtreeRecursive: the mapped bounding rectangle, aligned out, grown by
    // rectAdjust (2 px unless DontAdjustForAntialiasing).
    return itemPaintTransform(item, viewTransform)
        .mapRect(item->boundingRect())
        .toAlignedRect()
        .adjusted(-2, -2, 2, 2);
}

// Drag layer pseudocode (a vertex or body drag: only the live body L changes per move; the names are drawn
// in the foreground):
//   layer      = background + every item but L's, in stacking order (made once; invalidateDragLayer drops it
//                on any other change)
//   area       = the viewport pixels L paints now (paintedRect)
//   scratch    = inside area: background, then every item meeting area, in stacking order, L included
//                (unclipped, on a viewport-sized pixmap: what falls outside area is not used)
//   frame      = layer, with area copied from scratch; then the foreground (grid labels, names, overlays,
//                tool)
// Outside area the layer's pixels are the frame's: L does not paint there and nothing else changed. Inside,
// the same items are painted in the same order with the same transforms on a device of the same size as
// QGraphicsView paints them; items that do not meet area paint nothing there. Issue 12: a move no longer
// repaints a thousand bodies (tests/widgets/tst_drag_layer.cpp compares with QGraphicsView's own paint).
void SceneCanvas::paintFromDragLayer() {
    QWidget* target = viewport();
    const QRect all = target->rect();
    const QTransform viewTransform = viewportTransform();
    const QTransform sceneFromView = viewTransform.inverted();
    BodyItem* live = m_itemsByKey.value(m_liveKey, nullptr);
    // The view's own painter state (QGraphicsView::paintEvent): its render hints only.
    const auto begin = [this](QPainter& painter) {
        painter.setRenderHints(painter.renderHints(), false);
        painter.setRenderHints(renderHints(), true);
    };
    if (m_dragLayer.size() != all.size()) {
        // The background as QGraphicsView caches it (CacheBackground): the viewport's brush, then
        // drawBackground under the view transform.
        m_dragBackground = QPixmap(all.size());
        const QBrush brush = target->palette().brush(target->backgroundRole());
        if (!brush.isOpaque()) {
            m_dragBackground.fill(Qt::transparent);
        }
        {
            QPainter painter(&m_dragBackground);
            painter.fillRect(0, 0, m_dragBackground.width(), m_dragBackground.height(), brush);
        }
        {
            QPainter painter(&m_dragBackground);
            painter.setClipRegion(QRegion(all), Qt::ReplaceClip);
            painter.setTransform(viewTransform);
            drawBackground(&painter, sceneFromView.mapRect(QRectF(all)));
        }
        m_dragLayer = m_dragBackground.copy();
        QPainter painter(&m_dragLayer);
        begin(painter);
        // Every item in stacking order (the order QGraphicsScene paints in), once per drag: the ones in view
        // are kept with their rectangles for the moves, the live ones whatever their place.
        m_dragItems.clear();
        for (QGraphicsItem* item : m_scene->items(Qt::AscendingOrder)) {
            const bool isLive = item == live;
            const QRect rect = paintedRect(item, viewTransform);
            if (isLive || (item->isVisible() && rect.intersects(all))) {
                m_dragItems.push_back({item, rect});
            }
            if (!isLive && item->isVisible() && rect.intersects(all)) {
                paintItem(painter, item, viewTransform, target);
            }
        }
    }

    QRect area = paintedRect(live, viewTransform);
    area &= all;

    QPainter painter(target);
    begin(painter);
    painter.drawPixmap(QPoint(), m_dragLayer);
    if (!area.isEmpty()) {
        // The area is composed on a scratch copy of the viewport's size, unclipped, and copied over the
        // layer: a clip on the painter would move where Qt's stroker starts the outlines it cuts, and their
        // edge pixels would round differently (1 unit in a channel, seen in the test).
        if (m_dragScratch.size() != all.size()) {
            m_dragScratch = QPixmap(all.size());
        }
        QPainter scratch(&m_dragScratch);
        begin(scratch);
        scratch.drawPixmap(area.topLeft(), m_dragBackground, area);
        for (const auto& [item, rect] : m_dragItems) {
            const bool isLive = item == live;
            if (isLive ? item->isVisible() && paintedRect(item, viewTransform).intersects(area)
                       : rect.intersects(area)) {
                paintItem(scratch, item, viewTransform, target);
            }
        }
        scratch.end();
        painter.drawPixmap(area.topLeft(), m_dragScratch, area);
    }
    painter.setWorldTransform(viewTransform);
    drawForeground(&painter, sceneFromView.mapRect(QRectF(all)));
}

void SceneCanvas::paintEvent(QPaintEvent* event) {
    m_paintedFromDragLayer = dragLayerUsable();
    if (!m_paintedFromDragLayer) {
        QGraphicsView::paintEvent(event);
        return;
    }
    paintFromDragLayer();
}

void SceneCanvas::addOverlay(CanvasOverlay* overlay) {
    if (overlay && !m_overlays.contains(overlay)) {
        m_overlays.append(overlay);
        connect(overlay, &CanvasOverlay::changed, viewport(), qOverload<>(&QWidget::update));
        connect(overlay, &CanvasOverlay::reservedCornerChanged, this, &SceneCanvas::refitForReserve);
        connect(overlay, &CanvasOverlay::openingViewChanged, this, &SceneCanvas::refitOpeningView);
        viewport()->update();
    }
}

void SceneCanvas::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0.0) {
        event->ignore();
        return;
    }
    zoomAbout(event->position(), std::pow(kWheelZoomPerNotch, notches));
    emit mouseWorldPositionChanged(viewportToWorld(event->position()));
    event->accept();
}

void SceneCanvas::mousePressEvent(QMouseEvent* event) {
    const bool pan =
        event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld);
    if (pan) {
        m_panning = true;
        m_lastPanPosition = event->position();
        updateCursor();
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void SceneCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        const QPointF delta = event->position() - m_lastPanPosition;
        m_lastPanPosition = event->position();
        m_fitPending = PendingFit::None;
        m_view = m_view.panned(delta);
        rememberView();
        applyView();
        event->accept();
    } else {
        QGraphicsView::mouseMoveEvent(event);
        if (!(event->buttons() & Qt::LeftButton)) {
            setHoveredBody(bodyKeyAt(event->position()));
        }
    }
    emit mouseWorldPositionChanged(viewportToWorld(event->position()));
}

void SceneCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)) {
        m_panning = false;
        updateCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void SceneCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            updateCursor();
        }
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void SceneCanvas::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = false;
            updateCursor();
        }
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void SceneCanvas::focusOutEvent(QFocusEvent* event) {
    // A Space released while another widget has focus never reaches us.
    m_spaceHeld = false;
    updateCursor();
    QGraphicsView::focusOutEvent(event);
}

void SceneCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_fitPending != PendingFit::None) {
        m_view = fittedView(m_fitPending);
    } else if (isVisible() && m_keepVisible.isValid()) {
        // What the user last looked at, whole, about the same centre.
        const phys::AABB keep{{m_keepVisible.left(), m_keepVisible.top()},
                              {m_keepVisible.right(), m_keepVisible.bottom()}};
        m_view = ViewTransform::fitting(keep, QSizeF(viewport()->size()), 0.0);
    } else {
        m_view = m_view.resized(QSizeF(viewport()->size()));
    }
    applyView();
}

void SceneCanvas::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    if (m_fitPending != PendingFit::None) {
        m_view = fittedView(m_fitPending);
        applyView();
    }
}

void SceneCanvas::leaveEvent(QEvent* event) {
    setHoveredBody(0);
    QGraphicsView::leaveEvent(event);
}

void SceneCanvas::updateCursor() {
    if (m_panning) {
        viewport()->setCursor(Qt::ClosedHandCursor);
    } else if (m_spaceHeld) {
        viewport()->setCursor(Qt::OpenHandCursor);
    } else {
        viewport()->unsetCursor();
    }
}

} // namespace cl
