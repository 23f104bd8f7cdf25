#pragma once
/// @file walkthrough.h
/// The step-by-step lesson of one pair of bodies: SAT axis by axis, the clipping stages, and the three
/// contact methods side by side. Built ONLY from the engine's traces (physics/collide.h: CollideTrace with
/// SatTrace, ClipTrace, DeepestVerticesTrace, VertexEdgeTrace); nothing here re-implements collision
/// geometry. Every number in an explanation is a number of the trace, world frame, metres.

#include "physics/collide.h"
#include "physics/defs.h"

#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

namespace cl {

/// What the walkthrough teaches.
enum class WalkthroughMode {
    Sat,      ///< one step per SAT axis, then the result (MTV or the separating axis)
    Clipping, ///< best edges, reference/incident, side plane 1, side plane 2, reference face, contacts
    Methods,  ///< clipping, deepest vertices and vertex-edge on the same pair, then all three together
};

/// "sat", "clipping", "methods".
const char* toString(WalkthroughMode mode);
/// Accepts the names of toString and "clip".
std::optional<WalkthroughMode> parseWalkthroughMode(const QString& text);

/// What one step shows; `WalkthroughStep::index` says which part of the trace.
enum class WalkthroughStepKind {
    SatAxis,           ///< index: the axis in SatTrace::axes
    SatResult,         ///< index: SatTrace::mtvAxis (the MTV, or the separating axis)
    ClipCandidates,    ///< the best edge of each polygon (ClipTrace::candidateA/B)
    ClipReference,     ///< reference and incident edge
    ClipPlane,         ///< index: the side plane (0 or 1) in ClipTrace::planes
    ClipReferenceFace, ///< the reference-face test of the clipped points (ClipTrace::points)
    ClipResult,        ///< the final manifold
    NoClipping,        ///< clipping does not apply (separated, or a circle pair): the manifold if any
    Method,            ///< index: 0 clipping, 1 deepest vertices, 2 vertex-edge
    MethodsCompare,    ///< all three manifolds together
};

/// One checkable statement of an explanation. Every sentence of a step is written from claims like these
/// (the predicate beside its words, in walkthrough.cpp), and the step keeps them, so a test can check each
/// one against the geometry itself (tests/widgets/tst_walkthrough_claims.cpp, Boost.Geometry as the oracle)
/// rather than trust the trace it was written from. World frame, metres; `polygon` 0 is A, 1 is B.
struct WalkthroughClaim {
    enum class Kind {
        /// The shadows of A and B on axis `axis` (unit `normal`) are [values 0, 1] and [values 2, 3], as
        /// written with `decimals` decimals.
        Shadows,
        /// The shadows of axis `axis` overlap by values[0] m (negative: a gap of -values[0] m), as written;
        /// it is also the difference of the two shadow ends written beside it.
        AxisOverlap,
        /// `holds`: axis `axis` (unit `normal`) separates the shapes; false: it does not.
        AxisSeparates,
        /// On axis `axis` (unit `normal`) the shadow of `polygon` (0 A, 1 B) lies inside the other's, so
        /// the two share all of it, values[0] m (its length, the difference of its written ends); the
        /// axis's overlap (an AxisOverlap claim of the same step) is then the shorter move that clears it,
        /// and the other way out is values[1] m. Both as written, with `decimals` decimals.
        ShadowInside,
        /// Axes `axis` and `other` overlap by values[0] m and values[1] m, written with `decimals` decimals.
        /// `holds`: the two are written with enough decimals to differ; false: they tie, equal up to
        /// round-off (both written values[0]). A result that names the least overlap compares it with every
        /// axis whose overlap the table prints the same.
        OverlapsCompared,
        /// `holds`: no axis separates the shapes, so they overlap; false: an axis separates them.
        ShapesOverlap,
        /// Axis `axis`'s overlap, values[0] m, is the least of all axes (`holds`), or is within the SAT tie
        /// tolerance of the least (false: a near tie kept A's face).
        LeastOverlap,
        /// Moving B by values[0] m along `normal` separates the shapes: afterwards they only touch; `holds`:
        /// no shorter move along `normal` does (false after a near tie, where the move is not the least).
        MtvSeparates,
        /// `holds`: vertex `vertex` of `polygon` (at `point`) lies inside the other polygon, values[0] m from
        /// its boundary; false: it lies outside.
        VertexInside,
        /// No vertex of either polygon lies inside the other.
        NoVertexInside,
        /// The edge of `polygon` from its vertex `vertex` to its vertex `other` runs parallel to the other
        /// polygon's edge `edge` (`holds`; the sine of their angle below phys::kVertexEdgeParallelSine) or
        /// not (false).
        EdgeParallel,
        /// The edge of `polygon` from its vertex `vertex` to its vertex `other` crosses exactly the other
        /// polygon's edges `edges` (none when empty; an edge parallel to it does not count).
        EdgeCrossings,
        /// Vertex `vertex` of `polygon` lies values[0] m behind the reference face, edge `edge` of the other
        /// polygon (negative: in front of it); `holds`: no other vertex of `polygon` but `other` is deeper.
        VertexDepth,
        /// Vertex `vertex` of `polygon` lies furthest along `normal` (no vertex of it lies further).
        FurthestVertex,
        /// Edge `edge` of `polygon` makes |cos| values[0] with `normal`, and edge `other` of polygon
        /// (int)values[2] makes |cos| values[1] (as written, with `decimals` decimals: the Clipping table's);
        /// `holds`: edge `edge` is the more perpendicular (its |cos| is not larger).
        EdgeCosines,
        /// The clipped point `point` lies on the incident edge (of `polygon`, from its vertex `vertex` to
        /// `other`) and values[0] m behind the reference face, edge `edge` of the other polygon (negative: in
        /// front); `holds`: it is kept.
        PointDepth,
    };
    Kind kind = Kind::Shadows;
    int axis = -1;
    int polygon = -1;
    int vertex = -1;
    int other = -1;
    int edge = -1;
    std::vector<int> edges;
    phys::Vec2 normal;
    phys::Vec2 point;
    std::array<double, 4> values{};
    int decimals = 2;
    bool holds = true;
};

struct WalkthroughStep {
    WalkthroughStepKind kind = WalkthroughStepKind::SatAxis;
    int index = -1;
    QString title;       ///< short, e.g. "Axis 3 of 8"
    QString explanation; ///< one or two sentences written from the live numbers
    /// What the explanation asserts, one claim per statement (some statements are not claims about the
    /// geometry: what a method does, why a step exists).
    std::vector<WalkthroughClaim> claims;
};

/// The table of a walkthrough: one row per SAT axis, clipping stage or contact method, as the Walkthrough
/// dock shows it and `contactlab-cli walkthrough` prints it. Cells may hold two lines ("\n"). Everything a
/// view needs is here as data (texts, which step a row belongs to, its emphasis and colour role), so the
/// dock only copies it into its QTableWidget.
struct WalkthroughTable {
    struct Row {
        QStringList cells;
        int step = -1;           ///< the step the row belongs to (a click in the dock goes there); -1: none
        bool emphasised = false; ///< the MTV axis, a contact of the result (shaded and bold in the dock)
        /// The contact method the row describes (index into Walkthrough::kMethods), whose name the dock
        /// writes in that method's colour (OverlayPainter::methodColor), the canvas's colour for it; -1: none.
        int method = -1;
    };
    QStringList headers;
    QStringList headerTips; ///< tooltips of the headers (may be shorter than headers)
    std::vector<Row> rows;
    /// A step at which every row is current (Methods: the side-by-side comparison); -1: none.
    int everyRowStep = -1;

    /// Whether row `row` is current at step `step` (the dock selects the current rows): the row's own step,
    /// or the step that shows every row.
    bool isCurrent(std::size_t row, int step) const {
        return rows[row].step == step || (step >= 0 && step == everyRowStep);
    }
};

/// The walkthrough of one pair of shapes under one mode: the traces and the steps built from them.
class Walkthrough {
public:
    /// The contact methods compared in WalkthroughMode::Methods, in step order.
    static constexpr int kMethodCount = 3;
    static constexpr std::array<phys::ContactMethod, kMethodCount> kMethods{
        phys::ContactMethod::Clipping, phys::ContactMethod::DeepestVertices, phys::ContactMethod::VertexEdge};

    /// An empty walkthrough (no pair): no steps.
    Walkthrough() = default;

    /// Runs the narrow phase with a full trace on bodies `a` and `b` as placed (speculative distance 0, as
    /// `contactlab-cli collide`) and builds the steps of `mode`.
    /// @param shapeA, shapeB which shapes of compound bodies; -1 picks the pair that overlaps deepest (or,
    ///        when every pair is separated, the one closest to touching)
    /// @param speculativeDistance metres: the narrow phase's margin (a simulation frame passes the World's,
    ///        so the points kept are the engine's)
    /// @return an empty walkthrough with problem() set when a body has no shape or an index is out of range
    static Walkthrough build(WalkthroughMode mode, const phys::BodyDef& a, const phys::BodyDef& b,
                             int shapeA = -1, int shapeB = -1, double speculativeDistance = 0.0);

    bool isValid() const { return !m_steps.empty(); }
    /// Why the walkthrough is empty (no pair, a body without shapes...); empty when valid.
    QString problem() const { return m_problem; }
    WalkthroughMode mode() const { return m_mode; }

    const phys::BodyDef& bodyA() const { return m_bodyA; }
    const phys::BodyDef& bodyB() const { return m_bodyB; }
    int shapeA() const { return m_shapeA; }
    int shapeB() const { return m_shapeB; }
    const phys::ShapeGeometry& geometryA() const;
    const phys::ShapeGeometry& geometryB() const;
    /// Body transforms (local -> world) used for the traces.
    phys::Transform transformA() const { return {m_bodyA.position, phys::Rot(m_bodyA.angle)}; }
    phys::Transform transformB() const { return {m_bodyB.position, phys::Rot(m_bodyB.angle)}; }

    /// The traced call with the clipping method: SAT (and clipping for two polygons). Sat and Clipping modes.
    const phys::CollideTrace& trace() const { return m_traces[0]; }
    /// The decimals of the SAT table, its explanations and labels: satDecimals(trace().sat).
    int tableDecimals() const { return m_satDecimals; }
    /// The decimals of the Clipping table and of the numbers its explanations share with it (|cos|, normal,
    /// points, depths): clippingDecimals(trace()).
    int clippingTableDecimals() const { return m_clippingDecimals; }
    /// The decimals of the Methods table (every method's depths and normal): methodsDecimals of the traces.
    int methodsTableDecimals() const { return m_methodsDecimals; }
    /// Methods mode: the traced call with kMethods[method] (index 0 is trace()).
    const phys::CollideTrace& methodTrace(int method) const;

    const std::vector<WalkthroughStep>& steps() const { return m_steps; }
    int stepCount() const { return static_cast<int>(m_steps.size()); }
    /// @warning 0 <= index < stepCount()
    const WalkthroughStep& step(int index) const { return m_steps[static_cast<std::size_t>(index)]; }

    /// The table of the mode's axes, stages or methods (no rows for an invalid walkthrough).
    WalkthroughTable table() const;

    /// Coordinates, normals and |cos| values as the walkthrough writes them: two decimals, no "-0.00".
    static QString number(double value);
    /// `value` with `decimals` decimals, no "-0.00" (a Clipping or Methods table's count).
    static QString number(double value, int decimals);
    /// A length in metres (depth, overlap, gap, MTV) as the walkthrough writes it everywhere (explanations,
    /// table, canvas labels), without the unit: two decimals from 0.1 m up ("0.35", "1.20"); below, as many
    /// decimals as keep two significant digits ("0.065", "0.0065", "0.000012"); under 1 micrometre the
    /// scientific form ("3.2e-7"); zero is "0.00", never "-0.00".
    static QString length(double metres);
    /// A length written beside a table of `tableDecimals` (Clipping, Methods: its explanations and canvas
    /// labels): with the table's decimals, so a depth the table shows reads the same, unless the length
    /// needs more to keep two significant digits (then as length() writes it).
    static QString tableLength(double metres, int tableDecimals);
    /// The decimals length() writes for `metres` (2..7), or -1 when it uses the scientific form.
    static int lengthDecimals(double metres);
    /// "(0.71, -0.71)", with `decimals` decimals (the SAT walkthrough writes its normals with its table's,
    /// tableDecimals()).
    static QString vector(phys::Vec2 v, int decimals = 2);
    /// "[1.20, 3.05]": a shadow on a SAT axis, metres, with `decimals` decimals (at least 2). The walkthrough
    /// writes an axis's shadows with the decimals of its overlap (shadowDecimals) so the overlap can be read
    /// off them.
    static QString interval(double low, double high, int decimals = 2);
    /// Decimals for the shadows of an axis whose overlap (or gap) is `overlap` metres: those of length(),
    /// 2..6.
    static int shadowDecimals(double overlap);
    /// The one count of decimals of a SAT walkthrough (issue 12: "0.62 in one row, 0.065 in the next"):
    /// every number of its table (shadows, overlaps, gaps, normals, the MTV), of its explanations and of
    /// its canvas labels is written with it. The largest shadowDecimals of its axes (2 for touching ones):
    /// every overlap keeps two significant digits. Each overlap is written as the difference of its written
    /// shadow ends (axisOverlap), so it adds up, within one unit of the last decimal of the engine's.
    static int satDecimals(const phys::SatTrace& sat);
    /// Decimals that keep two significant digits of every depth in `depths` (metres): the largest
    /// shadowDecimals, 2..6; a depth of zero up to round-off asks for 2, not for six of round-off.
    static int depthDecimals(const std::vector<double>& depths);
    /// The one count of decimals of the Clipping table (issue 12, as satDecimals for SAT): depthDecimals of
    /// every clipped point's depth (kept or discarded) and of the manifold's. Its |cos| values, normal and
    /// points are written with it too, so one column never mixes "0.05" and "0.065".
    static int clippingDecimals(const phys::CollideTrace& trace);
    /// The one count of decimals of the Methods table: depthDecimals of every method's manifold depths.
    static int methodsDecimals(const std::array<phys::CollideTrace, kMethodCount>& traces);
    /// The overlap of `axis` (a gap: negative) as written beside its shadows: the difference of the written
    /// shadow ends, with `decimals` decimals (satDecimals of its trace), without the unit.
    static QString axisOverlap(const phys::SatAxis& axis, int decimals);
    /// Whether `axis`'s overlap is zero up to round-off (the shapes' shadows meet end to end): it is then
    /// written as 0, with two decimals, not as a six-decimal "0.000000".
    static bool axisTouches(const phys::SatAxis& axis);
    /// Which shadow of `axis` lies strictly inside the other (round-off aside): 0 A's, 1 B's, -1 neither.
    /// Then the overlap SAT uses, min(maxA - minB, maxB - minA), is not the length the shadows share but
    /// the shorter move that clears the inner shadow.
    static int axisInnerShadow(const phys::SatAxis& axis);
    /// The gap of a separating `axis`, positive, as axisOverlap writes it.
    static QString axisGap(const phys::SatAxis& axis, int decimals);
    /// "[1.20, 3.05]" shadows of A (`ofB` false) or B on `axis`, with `decimals` decimals (satDecimals).
    static QString axisShadow(const phys::SatAxis& axis, bool ofB, int decimals);
    /// A SAT axis's origin in words, e.g. "the normal of B's edge 2" or "the axis from A's vertex 3 to the
    /// centre of circle B".
    static QString axisOrigin(const phys::SatAxis& axis, phys::ShapePairKind kind);
    /// A contact method's name for people: "clipping", "deepest vertices", "vertex-edge".
    static QString methodName(phys::ContactMethod method);

private:
    void buildSat();
    void buildClipping();
    void buildMethods();
    void add(WalkthroughStepKind kind, int index, const QString& title, const QString& explanation,
             std::vector<WalkthroughClaim> claims = {});
    /// The vertex-edge method's "no contact": why, vertex by vertex (the claims and the words).
    QString vertexEdgeMissReasons(std::vector<WalkthroughClaim>& claims) const;

    WalkthroughMode m_mode = WalkthroughMode::Sat;
    phys::BodyDef m_bodyA, m_bodyB;
    int m_shapeA = -1, m_shapeB = -1;
    std::array<phys::CollideTrace, kMethodCount> m_traces{};
    std::vector<WalkthroughStep> m_steps;
    int m_satDecimals = 2;      ///< satDecimals(trace().sat)
    int m_clippingDecimals = 2; ///< clippingDecimals(trace())
    int m_methodsDecimals = 2;  ///< methodsDecimals(m_traces)
    QString m_problem;
};

} // namespace cl
