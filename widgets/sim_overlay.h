#pragma once
/// @file sim_overlay.h
/// What the simulation draws over the bodies: contact points (new and persisting), normals, normal and
/// friction impulses as arrows to scale, velocities, AABBs, broadphase pairs, sleeping bodies tinted, the
/// Verlet particles and constraints, centres of mass, and a legend.
///
/// widgets/ does not know the app or the World's internals: the simulation controller fills a plain
/// SimOverlayFrame (world frame, SI) from the engine's StepReport-like records, and this file turns it into
/// pixels through the canvas's ViewTransform. Frames: world metres, y-up, in; viewport pixels, y-down, out.

#include "overlay.h"
#include "physics/collide.h"
#include "physics/math.h"
#include "view_transform.h"

#include <QColor>
#include <QFont>
#include <QString>

#include <utility>
#include <vector>

class QPainter;

namespace cl {

/// Which simulation overlays are drawn.
struct SimOverlayOptions {
    bool contacts = true;    ///< contact points, new and persisting in different colours
    bool normals = true;     ///< contact normal at each point (fixed length)
    bool impulses = true;    ///< normal and friction impulses as arrows to scale
    bool velocities = false; ///< linear velocity of each centre of mass, to scale
    bool aabbs = false;      ///< each shape's world AABB
    bool pairs = false;      ///< broadphase pairs (fat AABBs overlap) as lines between the centres
    bool sleeping = true;    ///< sleeping bodies tinted
    bool particles = true;   ///< Verlet particles and distance constraints (when the Verlet solver runs)
    bool centres = false;    ///< centres of mass
    bool legend = true;      ///< the legend box, in the view corner with the least body area under it
    /// Presentation-mode factor on pen widths, dot sizes, arrow heads and the legend (1 = normal): the
    /// canvas's display scale (SceneCanvas::presentationScale), passed in by whoever paints.
    double displayScale = 1.0;

    friend bool operator==(const SimOverlayOptions&, const SimOverlayOptions&) = default;
};

/// One body as drawn this display frame (poses interpolated between steps).
struct SimOverlayBody {
    phys::Transform xf;           ///< body origin pose, world frame
    phys::Vec2 center;            ///< centre of mass, world frame, metres
    phys::Vec2 velocity;          ///< of the centre of mass, m/s
    double angularVelocity = 0.0; ///< rad/s
    int firstShape = 0;           ///< range in SimOverlayFrame::shapes (body frame geometry)
    int shapeCount = 0;
    bool dynamic = false;
    bool sleeping = false;
};

/// One contact point (world frame).
struct SimOverlayContact {
    phys::Vec2 point;            ///< metres
    phys::Vec2 normal;           ///< unit, from A to B
    double depth = 0.0;          ///< metres, negative = speculative gap
    double normalImpulse = 0.0;  ///< N s
    double tangentImpulse = 0.0; ///< N s, along rightPerp(normal)
    bool persisted = false;
    int bodyA = -1; ///< indices into SimOverlayFrame::bodies
    int bodyB = -1;
};

/// One particle of the Verlet solver as drawn (world frame; see phys::VerletModel, physics/verlet_model.h).
struct SimOverlayParticle {
    phys::Vec2 position; ///< metres
    double radius = 0.0; ///< metres: a circle's centre particle carries the circle's radius, else 0
    bool hub =
        false; ///< a dynamic body's hub particle (braced to every other one; holds the rest of the mass)
};

/// One distance constraint of the Verlet solver as drawn (world frame).
struct SimOverlayConstraint {
    phys::Vec2 a; ///< metres
    phys::Vec2 b;
    bool edge =
        false; ///< an edge of the body's outline (polygon edge, circle rim); else a brace (diagonal, spoke)
};

/// Everything the overlay draws for one display frame.
struct SimOverlayFrame {
    std::vector<SimOverlayBody> bodies;
    std::vector<phys::ShapeGeometry> shapes; ///< body frame; bodies index into it
    std::vector<SimOverlayContact> contacts;
    std::vector<std::pair<int, int>> pairs; ///< broadphase pairs, body indices
    /// The frame's whole counts when `contacts` / `pairs` hold only part of them (the legend says so); 0:
    /// they hold everything.
    std::size_t totalContactPoints = 0;
    std::size_t totalPairs = 0;
    std::vector<SimOverlayParticle> particles;     ///< Verlet particles (empty when not available)
    std::vector<SimOverlayConstraint> constraints; ///< Verlet distance constraints
    double impulseScale = 1.0;                     ///< metres of arrow per N s
    double velocityScale = 0.1;                    ///< metres of arrow per m/s (seconds)
    /// Shown in the legend instead of the particle rows when particles are asked for but not drawn (another
    /// solver, no Verlet step yet, a past frame).
    QString particlesNote;
};

/// A corner of the view (where the legend goes).
enum class LegendCorner { TopLeft, TopRight, BottomLeft, BottomRight };

/// Stateless drawing of the simulation overlays.
class SimOverlayPainter {
public:
    SimOverlayPainter() = delete;

    static QColor newContactColor();
    static QColor persistingContactColor();
    static QColor normalColor();
    static QColor normalImpulseColor();
    static QColor frictionImpulseColor();
    static QColor velocityColor();
    static QColor aabbColor();
    static QColor pairColor();
    static QColor sleepingTint();
    static QColor particleColor();
    /// Braces (diagonals, hub spokes): the particle colour, lighter.
    static QColor braceColor();
    static QColor hubColor();
    static QColor centreColor();

    /// Draws `frame` with `options`. Painter: viewport pixels -> device.
    /// @param legendCorner where the legend goes; when given, it is moved first to the emptiest corner
    ///        (chooseLegendCorner) and the choice is written back. Null: the bottom-right corner.
    static void draw(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                     const SimOverlayOptions& options, LegendCorner* legendCorner = nullptr);
    /// Draws the Verlet particles and constraints of `frame`: braces (light), edges, each circle's centre
    /// particle with its radius dashed, particles as dots and hubs as dark rings. Painter as for draw().
    /// @param dense thin aliased lines and square dots (big scenes)
    static void drawParticles(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                              bool dense, double displayScale = 1.0);
    /// Draws the legend box (only the enabled items) in a corner of the view; see draw() for the corner.
    static void drawLegend(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                           const SimOverlayOptions& options, LegendCorner* legendCorner = nullptr);
    /// The size of the legend box drawLegend draws for `frame` and `options` with the painter's font `font`
    /// (viewport pixels; empty when no item is enabled).
    static QSizeF legendSize(const SimOverlayFrame& frame, const SimOverlayOptions& options,
                             const QFont& font);
    /// The rectangle (viewport pixels) a box of `size` takes in `corner` of a view of `viewSize`, with the
    /// legend's margin from the edges.
    static QRectF legendRect(QSizeF size, QSizeF viewSize, LegendCorner corner, double displayScale = 1.0);
    /// The area of the bodies' shapes (all bodies, static ones too) inside `rect`, square pixels; overlaps
    /// of shapes count twice. Circles are taken as 32-gons.
    static double bodyAreaIn(const SimOverlayFrame& frame, const ViewTransform& view, const QRectF& rect);
    /// The corner for a legend of `size`: the one with the least body area under it. The current corner is
    /// kept unless another one has less by 5% of the legend's area (so the box does not flicker between
    /// corners as bodies move) or has no body at all while the current one has some; ties go to the current
    /// one, then bottom-right, bottom-left, top-right.
    static LegendCorner chooseLegendCorner(const SimOverlayFrame& frame, const ViewTransform& view,
                                           QSizeF size, LegendCorner current, double displayScale = 1.0);
    /// A "nice" arrow length for the legend: the scale in words, e.g. "1 m of arrow = 20 N s".
    static QString scaleText(double metresPerUnit, const QString& unit);
};

/// The simulation overlay on the canvas (SceneCanvas's CanvasOverlay protocol): holds the current frame and
/// the options and repaints when either changes.
class SimOverlay : public CanvasOverlay {
    Q_OBJECT

public:
    explicit SimOverlay(QObject* parent = nullptr) : CanvasOverlay(parent) {}

    const SimOverlayOptions& options() const { return m_options; }
    void setOptions(const SimOverlayOptions& options);
    const SimOverlayFrame& frame() const { return m_frame; }
    /// Replaces the frame drawn (swap, so the caller's vectors keep their capacity).
    void swapFrame(SimOverlayFrame& frame);
    /// Whether anything is drawn (off in Edit mode).
    void setActive(bool active);
    bool isActive() const { return m_active; }

    void paintOverlay(QPainter& painter, const SceneCanvas& canvas) override;
    /// The velocity arrows (when shown) and the legend's box as last drawn: the names keep off them.
    NameObstacles nameObstacles(const SceneCanvas& canvas) const override;
    /// The legend's box and its margins while the overlay is active and the legend on (at the canvas's
    /// display scale), so that a framed scene leaves it a corner of air.
    QSizeF reservedCorner(const SceneCanvas& canvas) const override;
    /// The corner the legend was last drawn in.
    LegendCorner legendCorner() const { return m_legendCorner; }

private:
    SimOverlayOptions m_options;
    SimOverlayFrame m_frame;
    bool m_active = false;
    LegendCorner m_legendCorner = LegendCorner::BottomRight;
};

} // namespace cl
