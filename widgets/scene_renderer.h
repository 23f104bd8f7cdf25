#pragma once
/// @file scene_renderer.h
/// QPainter drawing of a scene: background grid, bodies and their names. Shared by the canvas (each graphics
/// item calls the same functions) and by headless rendering to a QImage or an SVG, so that both look the
/// same.

#include "physics/defs.h"
#include "view_transform.h"

#include <QColor>
#include <QImage>
#include <QLineF>
#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <optional>
#include <vector>

class QPainter;

namespace cl {

/// Fill and outline of one body.
struct BodyColors {
    QColor fill;
    QColor outline;
};

/// Spacing of the background grid at one zoom, metres. `major` is 1, 2 or 5 times a power of ten; `minor`
/// divides it into 5 (for 1 and 5) or 4 (for 2) parts. `decimals` is how many decimals the labels need.
struct GridSpacing {
    double minor = 1.0;
    double major = 5.0;
    int decimals = 0;
};

/// One metre label of the grid: its text box and the backdrop patch drawn behind it (device pixels).
struct GridLabelBox {
    QRectF box;
    QRectF backdrop;
    QString text;
};

/// What to draw besides the bodies.
struct RenderOptions {
    bool grid = true; ///< background grid with metre labels
    bool bodyNames =
        true; ///< each body's name, placed by placeBodyNames (bodies without a name show nothing)
    /// Presentation-mode factor on fonts, pen widths, label gaps and the grid spacing in pixels (1 = normal).
    /// State of whoever draws: the canvas passes its own (SceneCanvas::displayScale), headless renders
    /// (CLI, exports, slides) theirs, so two canvases can differ.
    double displayScale = 1.0;
    /// > 0: a name that fits nowhere inside its body goes at most this many pixels (before the display scale)
    /// from it, or is left out and counted (the note says names are hidden); 0: no limit. Simulate mode sets
    /// it: a crowded moving scene otherwise sent a wall's name across it on a long leader.
    double nameReach = 0.0;
};

/// Stateless drawing functions. Painter transforms are world (metres, y-up) -> device unless said otherwise.
/// Every pen is cosmetic (constant width in pixels whatever the zoom).
class SceneRenderer {
public:
    SceneRenderer() = delete;

    /// Smallest distance between major grid lines, pixels; the major step is the smallest 1-2-5 step at or
    /// above it.
    static constexpr double kMinMajorGridPixels = 90.0;
    /// Outline width of bodies, pixels.
    static constexpr double kOutlinePixels = 1.5;

    /// A display scale for a projector ("presentation mode") made valid: clamped into [0.5, 4], 1 when not
    /// finite. Every function below that draws or measures in pixels takes the scale as its last argument
    /// (RenderOptions::displayScale for render); there is no process-wide scale.
    static double clampDisplayScale(double scale);

    static QColor backgroundColor();
    /// Colours of body `bodyIndex` (its index in SceneDef::bodies): a palette colour for dynamic and
    /// kinematic bodies, one muted grey-blue for static bodies.
    static BodyColors bodyColors(const phys::BodyDef& body, int bodyIndex);

    /// Grid steps for a zoom. @param pixelsPerMetre view scale
    static GridSpacing gridSpacing(double pixelsPerMetre, double displayScale = 1.0);
    /// Text of a grid label for coordinate `metres` (no "-0", as many decimals as the spacing needs).
    static QString gridLabel(double metres, const GridSpacing& spacing);

    /// Body frame -> world frame as a QTransform: translate(position) then rotate(angle). This is exactly the
    /// transform the canvas gives a body's graphics item (setPos + setRotation).
    static QTransform bodyToWorld(const phys::BodyDef& body);
    /// Bounding box of a body's shapes in its own frame, metres (empty when it has no shapes).
    static QRectF localBounds(const phys::BodyDef& body);
    /// The union of a body's shapes as one path in the body frame (metres): hit testing and highlights.
    static QPainterPath outlinePath(const phys::BodyDef& body);
    /// Whether any of the body's shapes may reach into `viewRect` (view pixels): false only when none can.
    /// No sine or cosine (the farthest a shape point lies from the body's origin does not depend on the
    /// angle): what a thousand bodies out of view are first sifted by.
    static bool mayReachView(const phys::BodyDef& body, const ViewTransform& view, const QRectF& viewRect);
    /// World bounding box of a body (its shapes placed by its position and angle); nullopt without shapes.
    static std::optional<phys::AABB> worldBounds(const phys::BodyDef& body);
    /// World bounding box of all bodies; nullopt when there is no shape at all.
    static std::optional<phys::AABB> sceneBounds(const phys::SceneDef& scene);
    /// Where a body's name is drawn: the centre of its world bounding box (its origin when it has no shapes).
    static phys::Vec2 labelAnchor(const phys::BodyDef& body);

    /// Fills `worldRect` with the background colour and draws the grid lines over it: minor and major lines
    /// and the axes emphasised. The painter's transform must be world -> device; lines are snapped to device
    /// pixels so they stay crisp.
    /// @param worldRect visible part of the world, metres
    static void drawBackground(QPainter& painter, const QRectF& worldRect, bool grid = true,
                               double displayScale = 1.0);
    /// The world's x and y axes as drawBackground draws them with the grid (device pixels, each across the
    /// whole of `worldRect`; an axis out of sight is left out), and their pen's width in device pixels:
    /// walkthrough labels keep off them (text across the x axis read as struck through, issue 12).
    static std::vector<QLineF> worldAxisLines(const QRectF& worldRect, const QTransform& worldToDevice);
    static constexpr double kWorldAxisWidth = 2.0;
    /// Draws the metre labels of the major grid lines as rulers along the bottom and left edges of
    /// `worldRect`. Drawn last, over the bodies, so a body never hides them. Painter as for drawBackground.
    static void drawGridLabels(QPainter& painter, const QRectF& worldRect, double displayScale = 1.0);
    /// Where drawGridLabels puts each label for `worldRect` seen through `worldToDevice` (no drawing).
    static std::vector<GridLabelBox> gridLabelBoxes(const QRectF& worldRect, const QTransform& worldToDevice,
                                                    double displayScale = 1.0);
    /// Draws a body's shapes. The painter's transform must be body frame -> device.
    static void drawBodyShapes(QPainter& painter, const phys::BodyDef& body, int bodyIndex,
                               double displayScale = 1.0);
    /// Draws the hover or selection highlight of a body over its shapes: a translucent halo around every
    /// shape and, when selected, a strong outline. The painter's transform must be body frame -> device.
    static void drawBodyHighlight(QPainter& painter, const phys::BodyDef& body, bool selected,
                                  double displayScale = 1.0);
    /// Draws a label centred on `point`, upright, with a halo so it reads over lines and fills.
    /// The painter's transform must be a pixel frame (y down, unscaled): the view, or an item that ignores
    /// the view's transformations.
    /// @param point label centre in the painter's pixel frame
    static void drawLabel(QPainter& painter, QPointF point, const QString& text, double displayScale = 1.0);
    /// Size of a label in pixels, for bounding rectangles.
    static QSizeF labelSize(const QString& text, double displayScale = 1.0);

    /// Draws the whole scene as the canvas shows it with view `view` onto a painter whose transform maps view
    /// pixels to the device (identity for an image of the view's size).
    static void render(QPainter& painter, const phys::SceneDef& scene, const ViewTransform& view,
                       const RenderOptions& options = {});
    /// The view the canvas uses for "zoom to fit" on a view of `viewSize` pixels.
    static ViewTransform fitView(const phys::SceneDef& scene, QSizeF viewSize);
    /// The margin fitView leaves around the scene on a view of `viewSize`, pixels.
    static double fitMargin(QSizeF viewSize);
    /// Renders the scene, zoomed to fit, into an image of `size` pixels (times `devicePixelRatio`).
    static QImage renderImage(const phys::SceneDef& scene, QSize size, const RenderOptions& options = {},
                              double devicePixelRatio = 1.0);
    /// Renders the scene, zoomed to fit, into an SVG file of `size` pixels. Returns an empty string on
    /// success, else the error.
    static QString renderSvg(const phys::SceneDef& scene, QSize size, const QString& fileName,
                             const RenderOptions& options = {});
};

} // namespace cl
