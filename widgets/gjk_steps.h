#pragma once
/// @file gjk_steps.h
/// The model of the GJK · EPA · Voronoi · Split · TOI walkthrough page: for each tab, its steps (a title, an
/// explanation written from the engine's numbers, and the two panes' pictures), built only from the engine's
/// traces (phys::shapeDistance, phys::gjkEpaPenetration, phys::voronoiRegion, phys::decomposeConcave,
/// phys::timeOfImpact). The page (app/gui/gjk_panel.h) draws it; `contactlab-cli walkthrough --tab
/// gjk|epa|voronoi|split|toi` prints the same steps, so the terminal reads what the app shows.

#include "gjk_view.h"
#include "walkthrough.h"

#include "physics/decompose.h"
#include "physics/defs.h"
#include "physics/epa.h"
#include "physics/toi.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace cl {

/// One step of a tab.
struct GjkStep {
    QString title;
    QString text;
    std::vector<DiagramItem> world;  ///< the world pane
    std::vector<DiagramItem> second; ///< the Minkowski pane (GJK, EPA) or the separation plot (TOI)
    /// Drawn on the main canvas over the bodies while the step is shown (world metres): GJK's witness points
    /// and distance segment at its last step.
    std::vector<DiagramItem> canvas;
};

/// What the TOI tab sweeps: two bodies with their poses and velocities, over one step of `dt` seconds.
struct ToiMotion {
    phys::BodyDef a;
    phys::BodyDef b;
    double dt = 1.0 / 60.0;
    /// Set when the bodies are a simulation frame's (its step number), unset for the edited scene's bodies
    /// with the velocities the Inspector sets.
    std::optional<std::int64_t> frame;
    double frameTime = 0.0; ///< simulated seconds of that frame
};

class GjkSteps {
    Q_DECLARE_TR_FUNCTIONS(cl::GjkSteps)

public:
    enum class Tab { Gjk, Epa, Voronoi, Split, Toi };
    /// The tab's name as the page's tab bar, the slides and the command line write it ("GJK", "TOI").
    static QString tabName(Tab tab);

    /// GJK, EPA or Voronoi for bodies A and B as placed. For compound bodies, the pair of pieces that matters:
    /// the deepest (the closest when all are apart), among polygon-circle pairs for Voronoi.
    static GjkSteps pair(Tab tab, const phys::BodyDef& a, const phys::BodyDef& b);
    /// The steps of one decomposition (an outline in the frame of `origin`) into the pieces of body
    /// `bodyName`.
    static GjkSteps split(const phys::DecomposeTrace& trace, phys::Vec2 origin, const QString& bodyName);
    /// The outline of a body to split, world frame: a polygon's vertices, or the outline of the union of a
    /// compound body's polygons (phys::outlineOfPieces: pieces meeting edge to edge or at T-junctions). An
    /// error's index is the shape at fault (a circle), or -1 when the pieces make no single outline.
    static phys::Result<std::vector<phys::Vec2>> bodyOutline(const phys::BodyDef& body);
    /// The time-of-impact sweep of motion.a and motion.b: for compound bodies, of the pair of pieces that meets
    /// first (the closest when none meets in the step).
    static GjkSteps toi(const ToiMotion& motion);

    const std::vector<GjkStep>& steps() const { return m_steps; }
    /// GJK and EPA: one row per iteration (the step it belongs to), then the result, as SAT's table has one
    /// row per axis. GJK: the search direction, the support points of A and B, the Minkowski point, the
    /// simplex's size before and after reduction, its distance to the origin. EPA: the closest edge's normal,
    /// the supports, the new point, the polytope's size, the closest edge's distance. Empty for the other tabs.
    const WalkthroughTable& table() const { return m_table; }
    /// The pieces shown (indices into BodyDef::shapes), and their names when a body has several ("piece 2 of A
    /// (shapes[1]) and B"; empty otherwise).
    int shapeA() const { return m_shapeA; }
    int shapeB() const { return m_shapeB; }
    const QString& pieces() const { return m_pieces; }
    /// GJK and EPA: the engine's answer (GJK on the cores, EPA when they overlap, radii added).
    const phys::PenetrationOutput& penetration() const { return m_penetration; }
    /// TOI: the answer and its trace (Separated with no passes when nothing moves).
    const phys::ToiOutput& toiOutput() const { return m_toi; }
    const phys::ToiTrace& toiTrace() const { return m_toiTrace; }

    /// "gjk", "epa", "voronoi", "split", "toi", and back (nullopt for anything else).
    static const char* toString(Tab tab);
    static std::optional<Tab> parseTab(const QString& text);

private:
    void buildGjk(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB);
    void buildEpa(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB);
    void buildVoronoi(const phys::BodyDef& bodyA, const phys::BodyDef& bodyB);
    void buildSplit(const phys::DecomposeTrace& t, phys::Vec2 origin, const QString& bodyName);
    void buildToi(const ToiMotion& motion);
    /// Names the pieces in the first step's text (and pieces()) when a body has several; `why` says how
    /// they were chosen.
    void namePieces(const phys::BodyDef& a, const phys::BodyDef& b, const QString& why);

    std::vector<GjkStep> m_steps;
    WalkthroughTable m_table;
    int m_shapeA = 0;
    int m_shapeB = 0;
    QString m_pieces;
    phys::PenetrationOutput m_penetration;
    phys::ToiOutput m_toi;
    phys::ToiTrace m_toiTrace;
};

} // namespace cl
