#pragma once
/// @file overlay.h
/// Drawing over the bodies: the walkthrough's current step (from the engine's traces) and the diagnostic
/// overlays (edge normals, AABBs, centroids, vertex indices, contacts). One painter for the canvas, the
/// export and `contactlab-cli render`, so all three look the same.
///
/// Frames: every function here takes a ViewTransform (world metres, y-up -> view pixels, y-down) and a
/// painter whose transform maps view pixels to the device. Geometry is mapped point by point, so pens and
/// text are in pixels whatever the zoom.

#include "label_layout.h"
#include "name_placement.h"
#include "physics/defs.h"
#include "scene_renderer.h"
#include "view_transform.h"
#include "walkthrough.h"

#include <QColor>
#include <QImage>
#include <QObject>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

class QPainter;

namespace cl {

class SceneCanvas;

/// Which diagnostic overlays are drawn for every body.
struct OverlayOptions {
    bool normals = false;       ///< outward normal arrow at each polygon edge's midpoint
    bool aabbs = false;         ///< each shape's world AABB, dashed
    bool centroids = false;     ///< each polygon's centroid and circle's centre, as a small cross
    bool vertexIndices = false; ///< each polygon vertex's index
    bool contacts = false;      ///< the manifold of every touching pair (scene contact method)

    friend bool operator==(const OverlayOptions&, const OverlayOptions&) = default;
};

/// One walkthrough step to draw.
struct OverlayStep {
    const Walkthrough* walkthrough = nullptr;
    int step = -1;
};

/// What one drawing of the overlays holds: the labels as placed and the lines they kept off (arrows,
/// highlighted edges, outlines, ruler bars, a tool's handles), view pixels.
struct OverlayPicture {
    std::vector<PlacedLabel> labels;
    std::vector<DrawnLine> lines;
    /// Body names an arrow could not keep off, drawn again over it (view pixels, as bodyNameRect).
    std::vector<QRectF> namesOverArrows;
    /// The body names as drawn: inside their bodies, and outside placed in one pass with the step's labels
    /// (empty when no label is drawn: no step and no vertex indices).
    NamePlacement names;
};

/// Stateless overlay drawing.
class OverlayPainter {
public:
    OverlayPainter() = delete;

    /// Walkthrough colour of shape A and of shape B (strong, distinct from each other and from the body
    /// palette's soft fills).
    static QColor colorA();
    static QColor colorB();
    /// Colour of each contact method in the Methods mode (index as Walkthrough::kMethods).
    static QColor methodColor(int method);
    /// Overlap (red) and gap (green) marks.
    static QColor overlapColor();
    static QColor gapColor();

    /// Where the body names of `scene` are drawn in `view` (placeBodyNames, name_placement.h, with the grid's
    /// metre labels when `grid`): boxes with their halo, view pixels. Overlay labels keep clear of them.
    static std::vector<QRectF> bodyNameRects(const phys::SceneDef& scene, const ViewTransform& view,
                                             double displayScale = 1.0, bool grid = true);
    /// Body `index`'s entry of bodyNameRects: its name's box, or nothing when it has no name in the view.
    static std::optional<QRectF> bodyNameRect(const phys::SceneDef& scene, int index,
                                              const ViewTransform& view, double displayScale = 1.0,
                                              bool grid = true);

    /// The view for "Frame the Pair" on a view of `viewSize`: the pair's contact region, tightly, with room
    /// around it for the walkthrough's SAT ruler, labels and arrows (overlay_sat.cpp). When one body is much
    /// larger (a ground under a box), only its part near the other is framed, not all of it.
    /// @param reserve a box drawn in a corner of the view (Simulate mode's legend, SceneCanvas::reservedCorner):
    ///        the pair is framed clear of a band or column that size
    static ViewTransform pairView(const Walkthrough& w, QSizeF viewSize, double displayScale = 1.0,
                                  QSizeF reserve = {});
    /// A view that shows what step `step` of `w` is about when `current` does not: a side plane's step
    /// needs the plane, which passes through an end of the reference edge, and a long reference edge (a 12 m
    /// ground under a 1 m box) puts it metres from the pair, off a view framed on the pair (issue 12:
    /// vertical_stack's clipping steps 3 and 4 showed no plane). The new view holds where the plane meets
    /// the reference edge and the points it clips, with room for the plane's name; it is never closer in
    /// than `current`. Nothing when `current` shows them already, or for any other kind of step.
    static std::optional<ViewTransform> stepView(const Walkthrough& w, int step, const ViewTransform& current,
                                                 double displayScale = 1.0);
    /// Whether `view` has room for the walkthrough's SAT ruler of every axis as Frame the Pair leaves it: each
    /// in the view and off the pair (off the smaller body when the other is much larger).
    static bool rulersHaveRoom(const Walkthrough& w, const ViewTransform& view, double displayScale = 1.0);
    /// Whether `view` shows the walkthrough's drawing uncut: both bodies of the pair in it and the SAT ruler of
    /// every axis placed inside it.
    static bool drawingInView(const Walkthrough& w, const ViewTransform& view, double displayScale = 1.0);

    /// Draws what goes over the bodies: the diagnostic overlays of `scene` chosen in `options`, then each
    /// walkthrough step of `steps` (a null, empty or out-of-range one draws nothing), then every label, placed
    /// by one LabelLayout so that none overlaps another, a body name or the view's edge.
    /// @param under what SceneRenderer drew under this: its body names and grid labels (labels avoid them)
    ///        and its display scale, which pens, fonts and gaps here follow too (the canvas passes its
    ///        SceneCanvas::renderOptions, headless renders their own)
    /// @return the labels as placed (view pixels)
    /// @param names the names as the caller placed them (the canvas: placeBodyNames with its obstacles, the
    ///        names outside left pending when a step is drawn), which the caller draws; null: placed and
    ///        drawn here
    static std::vector<PlacedLabel> drawOverlays(QPainter& painter, const phys::SceneDef& scene,
                                                 const ViewTransform& view, const OverlayOptions& options,
                                                 const std::vector<OverlayStep>& steps,
                                                 const RenderOptions& under,
                                                 const NamePlacement* names = nullptr);
    /// Whether `steps` holds a step that is drawn (a valid walkthrough and a step in its range).
    static bool drawsStep(const std::vector<OverlayStep>& steps);

    /// drawOverlays, returning the lines too.
    /// @param handles lines drawn over the overlay afterwards (the Select tool's rotate knob): the labels
    ///        keep off them, and they are returned with the others
    /// @param memo the last paints' label searches, for a picture painted again and again (a drag)
    static OverlayPicture drawOverlayPicture(QPainter& painter, const phys::SceneDef& scene,
                                             const ViewTransform& view, const OverlayOptions& options,
                                             const std::vector<OverlayStep>& steps,
                                             const RenderOptions& under, const NamePlacement* names = nullptr,
                                             const std::vector<DrawnLine>& handles = {},
                                             LabelLayoutMemo* memo = nullptr);

    /// Everything a picture of the scene holds: the scene as the canvas draws it (SceneRenderer::render),
    /// then drawOverlays, both at renderOptions.displayScale. Painter: view pixels -> device.
    /// @return the labels as placed
    static std::vector<PlacedLabel> renderAll(QPainter& painter, const phys::SceneDef& scene,
                                              const ViewTransform& view, const RenderOptions& renderOptions,
                                              const OverlayOptions& overlays,
                                              const Walkthrough* walkthrough = nullptr, int step = -1);
    /// renderAll with several walkthrough steps drawn together (`contactlab-cli render --overlay sat,clip`).
    static std::vector<PlacedLabel> renderAll(QPainter& painter, const phys::SceneDef& scene,
                                              const ViewTransform& view, const RenderOptions& renderOptions,
                                              const OverlayOptions& overlays,
                                              const std::vector<OverlayStep>& steps);
    /// renderAll returning the lines too.
    static OverlayPicture renderPicture(QPainter& painter, const phys::SceneDef& scene,
                                        const ViewTransform& view, const RenderOptions& renderOptions,
                                        const OverlayOptions& overlays,
                                        const std::vector<OverlayStep>& steps);
    /// renderAll into an image of view.viewSize() times `scale` pixels (devicePixelRatio = scale).
    static QImage renderImage(const phys::SceneDef& scene, const ViewTransform& view, double scale,
                              const RenderOptions& renderOptions, const OverlayOptions& overlays,
                              const Walkthrough* walkthrough = nullptr, int step = -1);
    /// renderAll into an SVG file of view.viewSize() (QSvgGenerator). Returns an empty string on success,
    /// else the error.
    static QString renderSvg(const QString& fileName, const phys::SceneDef& scene, const ViewTransform& view,
                             const RenderOptions& renderOptions, const OverlayOptions& overlays,
                             const Walkthrough* walkthrough = nullptr, int step = -1);
};

/// Something drawn over the canvas's bodies, in viewport pixels (SceneCanvas::addOverlay).
class CanvasOverlay : public QObject {
    Q_OBJECT

public:
    explicit CanvasOverlay(QObject* parent = nullptr) : QObject(parent) {}
    /// Draws the overlay. The painter maps viewport pixels to the device.
    virtual void paintOverlay(QPainter& painter, const SceneCanvas& canvas) = 0;
    /// The box this overlay draws in a corner of the view (viewport pixels, with its margin from the edges
    /// on every side), which the canvas's framing keeps clear of the framed bodies (SceneCanvas::frameScene).
    /// Empty (the default): the overlay draws no such box.
    virtual QSizeF reservedCorner(const SceneCanvas& /*canvas*/) const { return {}; }
    /// The view a scene opens with (SceneCanvas::frameScene), given `fitted`, the fit of its bodies: `fitted`
    /// itself (the default), or a view that holds what this overlay draws.
    virtual ViewTransform openingView(const SceneCanvas& /*canvas*/, const ViewTransform& fitted) const {
        return fitted;
    }
    /// What this overlay draws that the body names must keep clear of (Simulate's velocity arrows start
    /// inside each body, where its name would sit; its legend box), viewport pixels. None by default.
    virtual NameObstacles nameObstacles(const SceneCanvas& /*canvas*/) const { return {}; }
    /// Whether this overlay's next paint lays out the names that fit nowhere inside their bodies, with its own
    /// labels in one pass (a walkthrough step): the canvas then leaves them pending (placeBodyNames) and
    /// draws them as placedNames() returns them. False by default.
    virtual bool laysOutNames(const SceneCanvas& /*canvas*/) const { return false; }
    /// The names as this overlay's last paint placed them, when it laid them out; null otherwise.
    virtual const NamePlacement* placedNames() const { return nullptr; }

signals:
    /// The overlay's content changed: the canvas repaints.
    void changed();
    /// What reservedCorner() returns may have changed: the canvas compares it with the one its pending
    /// frameScene fit left room for, and fits again if it differs.
    void reservedCornerChanged();
    /// What openingView() returns may have changed (the overlay's drawing was shown or hidden): the canvas
    /// fits again while its view is still the opening fit.
    void openingViewChanged();
};

/// The canvas overlay of the workbench: the diagnostics over the bodies the canvas shows and the current
/// walkthrough step (a drag edits the document on every move, so both follow the mouse).
class WalkthroughOverlay : public CanvasOverlay {
    Q_OBJECT

public:
    explicit WalkthroughOverlay(QObject* parent = nullptr) : CanvasOverlay(parent) {}

    const OverlayOptions& options() const { return m_options; }
    void setOptions(const OverlayOptions& options);
    /// The walkthrough and its step drawn; nullptr or a negative step draws none.
    void setWalkthrough(const Walkthrough* walkthrough, int step);
    /// The walkthrough drawn (null when none) and its step.
    const Walkthrough* walkthrough() const { return m_walkthrough; }
    int step() const { return m_step; }
    /// Whether the walkthrough step is drawn (the diagnostics are drawn either way).
    void setWalkthroughVisible(bool visible);
    bool walkthroughVisible() const { return m_walkthroughVisible; }

    void paintOverlay(QPainter& painter, const SceneCanvas& canvas) override;
    bool laysOutNames(const SceneCanvas& canvas) const override;
    const NamePlacement* placedNames() const override;
    /// While the walkthrough is drawn: `fitted` when its rulers have room there (rulersHaveRoom), else Frame
    /// the Pair's view (pairView), so a lesson scene opens with its ruler beside the pair, not cut.
    ViewTransform openingView(const SceneCanvas& canvas, const ViewTransform& fitted) const override;
    /// The labels the last paint placed (view pixels): what the canvas showed in words.
    const std::vector<PlacedLabel>& lastLabels() const { return m_lastLabels; }
    /// The lines the last paint's labels kept off (with the canvas tool's handles).
    const std::vector<DrawnLine>& lastLines() const { return m_lastLines; }

private:
    std::vector<OverlayStep> steps() const;

    std::vector<PlacedLabel> m_lastLabels;
    /// The label searches of the last paints: during a drag only the labels near what moved are searched
    /// again (the names of a thousand bodies were most of a mouse move's label layout).
    LabelLayoutMemo m_labelMemo;
    NamePlacement m_names; ///< the names as the last paint placed them (when m_namesPlaced)
    bool m_namesPlaced = false;
    std::vector<DrawnLine> m_lastLines;
    OverlayOptions m_options;
    const Walkthrough* m_walkthrough = nullptr;
    int m_step = -1;
    bool m_walkthroughVisible = true;
};

} // namespace cl
