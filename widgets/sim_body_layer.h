#pragma once
/// @file sim_body_layer.h
/// Simulate mode's body painter: every body of the canvas drawn by one object from the poses shown, instead
/// of one QGraphicsItem per body. Each body's shapes are cached once in the body frame; a display frame maps
/// them to viewport pixels with the body's pose into one reused buffer, grouped by fill/outline colour. On a
/// raster device (the window, screenshots) each shape's outline band and inside go through CoverageRaster in
/// one pass and the whole layer is drawn with one drawImage: QPainter's fills cost a few microseconds of
/// set-up each, whatever their size (contactlab-framebench, 1000 bodies: 24.2 M instructions a frame through
/// QPainter, 16.2 M through the raster, callgrind). On any other device (the SVG and PDF exports) they are
/// QPainter polygons, filled polygon by polygon with the brush changed a dozen times a frame, so exports keep
/// vector shapes; there one path per colour would be fewer calls but rasterises far slower (Qt's
/// antialiasing rasteriser restarts with a larger buffer on big paths).
///
/// It draws what the per-body items draw (SceneRenderer's fills and outlines, the circle's radius mark, the
/// hover and selection highlight; the canvas draws the names over it, placed as in Edit mode), so Edit and Simulate mode look the same. The 1.5 px
/// outline is drawn as a band between two filled polygons (the shape grown and shrunk by half the width)
/// rather than stroked: Qt's stroker for pens wider than 1 px costs several times the fill
/// (contactlab-framebench, 1000 bodies, no overlay: 32 ms of drawing stroked, 7 ms as bands, on the shared
/// 2-core machine). Frames: shapes in the body frame (metres, y-up); poses in the world frame; drawing in
/// viewport pixels.

#include "coverage_raster.h"

#include "physics/defs.h"

#include <QColor>
#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>

#include <vector>

class QPainter;

namespace cl {

class ViewTransform;

/// Paints the bodies of a SceneDef from their current poses (SceneDef::bodies[i].position and angle) and
/// picks them. The cache follows the bodies' shapes, types and indices: call invalidate() whenever one of
/// them changes (not when only a pose changes).
class SimBodyLayer {
public:
    /// Most segments of a circle's outline, and the largest gap (pixels) between the true circle and its
    /// polygon (the segment count grows with the circle's radius on screen).
    static constexpr int kMaxCircleSegments = 256;
    static constexpr double kCircleTolerancePixels = 0.2;
    /// Drawn through QPainter (not a raster device), bodies whose bounding circle is smaller than this radius
    /// on screen (pixels) fill the inside of their outline band without antialiasing: its edge lies under the
    /// band's own, so it cannot be told apart, and an aliased fill costs a third of an antialiased one.
    static constexpr double kSmallBodyPixels = 12.0;

    /// The display scale of the canvas it paints on (presentation mode): outline widths follow
    /// it.
    void setDisplayScale(double displayScale) { m_displayScale = displayScale; }
    double displayScale() const { return m_displayScale; }

    /// The cached shapes no longer match the bodies: rebuilt at the next paint or pick.
    void invalidate() { m_valid = false; }

    /// Draws every body of `scene` (index i is keys[i]) over what is painted already.
    /// @param painter its transform maps world metres to the device (the canvas's view transform)
    /// @param view the canvas's view (culling)
    /// @param selection keys drawn with the selection highlight
    /// @param hovered key drawn with the hover highlight (0 = none)
    void paint(QPainter& painter, const phys::SceneDef& scene, const QList<quint64>& keys,
               const ViewTransform& view, const QList<quint64>& selection, quint64 hovered);

    /// Index in `scene.bodies` of the topmost body (highest index) whose shapes contain `worldPoint`, else of
    /// the topmost one whose shapes pass within `tolerance` of it; -1 when none.
    /// @param worldPoint metres, world frame @param tolerance metres
    int bodyAt(const phys::SceneDef& scene, phys::Vec2 worldPoint, double tolerance);

private:
    /// One shape in the body frame: a polygon (vertices [first, first + count) of m_points and m_miters) or a
    /// circle.
    struct Shape {
        int first = 0;
        int count = 0; ///< 0 for a circle
        QPointF center;
        double radius = 0.0;   ///< circle
        double inradius = 0.0; ///< metres: an inset by less than this keeps the polygon (or circle) valid
    };
    /// One shape on screen: its outline band as two polygons in m_device, `outer` filled with the outline
    /// colour and `inner` (-1: too thin, none) over it with the fill colour.
    struct Ring {
        int outer = 0;
        int inner = -1;
        int count = 0;
        bool aliasedInner =
            false; ///< a body a few pixels wide: its inner ring is filled without antialiasing
    };
    /// One body's cache.
    struct Body {
        int firstShape = 0;
        int shapeCount = 0;
        int group = 0;             ///< index in m_groups
        QPointF boundsCenter;      ///< centre of the shapes' bounding box, body frame, metres
        double boundsRadius = 0.0; ///< half its diagonal, metres
    };
    /// Bodies drawn with one fill and one outline pen. Refilled every frame; the vectors keep their storage.
    struct Group {
        QColor fill;
        QColor outline;
        bool dashed = false;
        std::vector<Ring> rings;   ///< one per shape on screen
        std::vector<QLineF> radii; ///< circles' radius marks of a dashed group (stroked), pixels
        std::vector<int> marks;    ///< circles' radius marks as quads (4 points from here in m_device)
    };

    void rebuild(const phys::SceneDef& scene);
    int groupFor(const QColor& fill, const QColor& outline, bool dashed);

    bool m_valid = false;
    std::size_t m_bodyCountCached = 0;
    double m_displayScale = 1.0;
    double m_displayScaleCached = 0.0; ///< m_displayScale when the cache was built
    int m_paletteCached = -1;          ///< paletteRevision() of the cached colours
    std::vector<Body> m_bodies;
    std::vector<Shape> m_shapes;
    std::vector<QPointF> m_points; ///< polygon vertices, body frame, metres
    /// Per vertex: the offset of the vertex when both its edges move out by 1 m (the miter, clamped), body
    /// frame.
    std::vector<QPointF> m_miters;
    std::vector<Group> m_groups;
    std::vector<QPointF> m_device;             ///< per frame: every shape's outline in viewport pixels
    CoverageRaster m_raster;                   ///< the bands' fills on a raster device
    std::vector<CoverageRaster::Band> m_bands; ///< per frame: the raster's bands, in drawing order
};

} // namespace cl
