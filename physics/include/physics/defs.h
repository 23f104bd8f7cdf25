#pragma once
/// @file defs.h
/// Plain definitions that objects are created from (design.md section 1): a scene is settings plus bodies,
/// a body holds shapes. Every field has a default; validate() checks the whole thing at the API boundary and
/// names the offending field, so invalid input never reaches the solver.
/// All values SI: metres, kilograms, seconds, radians; positions in the world frame, shapes in the body
/// frame.

#include "physics/shape.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace phys {

enum class BodyType { Static, Dynamic, Kinematic };
enum class SolverKind { Impulse, Verlet };
/// Impulse solver only: resolve contacts with impulses, or by the naive push-out along the MTV.
enum class ResponseKind { Impulses, PushOut };
/// Impulse solver only: how position error (penetration) is removed. Added by the World issue (4).
enum class PositionCorrection {
    SoftStep,  ///< soft contacts + substeps + relax iterations (Box2D v3 "soft step"): rests still, adds no
               ///< energy
    Baumgarte, ///< the source's bias velocity 0.2/dt * max(0, depth - 0.01) (adds energy)
};
/// How the contact points of a polygon pair are found.
enum class ContactMethod { Clipping, DeepestVertices, VertexEdge };

struct ShapeDef {
    std::variant<Circle, Polygon> geometry = Circle{{0, 0}, 0.5};
    double density = 1.0;     ///< kg/m^2
    double friction = 0.6;    ///< Coulomb coefficient, >= 0
    double restitution = 0.0; ///< in [0, 1]

    /// Exact, field by field (polygons vertex by vertex): used to check that a scene read back equals the one
    /// written and that undo restores the scene exactly.
    friend bool operator==(const ShapeDef&, const ShapeDef&) = default;
};

struct BodyDef {
    std::string name;
    BodyType type = BodyType::Dynamic;
    Vec2 position;                ///< body origin, world frame
    double angle = 0.0;           ///< radians, counter-clockwise
    Vec2 linearVelocity;          ///< m/s, world frame
    double angularVelocity = 0.0; ///< rad/s, counter-clockwise
    bool bullet = false;          ///< continuous collision against dynamic bodies too
    std::vector<ShapeDef> shapes;

    friend bool operator==(const BodyDef&, const BodyDef&) = default;
};

/// Verlet solver only: how a contact correction reaches a body's particles.
enum class VerletResponse {
    /// Each body's particles move as the rigid body would under the correction (Mueller et al., "Detailed
    /// Rigid Body Simulation with Extended Position Based Dynamics", 2020): stacks rest.
    Rigid,
    /// Source 002 literally: only the collision vertex and the collision edge's end points move, weighted by
    /// t and lambda; the edges carry the push to the rest of the body. A teaching foil: stacks sink.
    Article,
};

struct WorldSettings {
    Vec2 gravity{0.0, -9.81};
    double timeStep = 1.0 / 60.0;
    SolverKind solver = SolverKind::Impulse;
    ResponseKind response = ResponseKind::Impulses;
    ContactMethod contactMethod = ContactMethod::Clipping;
    // Soft step as Box2D v3 runs it (Catto, "Solver2D", 2024): substeps of one biased and one relax
    // iteration. The soft step holds a contact stiff only up to an eighth of the substep rate (see
    // contactHertz), so the substep count sets how stiff contacts are.
    int iterations = 1;
    /// Substeps per step, 1..100, or automatic (empty, the default): the impulse solver's soft step then
    /// runs each island of touching bodies at Box2D v3's 4 substeps (contacts of 30 Hz at 60 steps a
    /// second) unless a heavier body's weight would press a lighter one it touches further into it than the
    /// linear slop, where it runs 8 (60 Hz): autoSubstepsRatioLimit(). Bodies touching nothing run 8 (only
    /// their integration). Baumgarte and the Verlet solver run kAutoFineSubsteps (docs/simulation.md,
    /// "Automatic substeps"). Scene files: "substeps": "auto".
    std::optional<int> substeps;
    bool sleep = false;
    bool continuous = true;
    double linearDamping = 0.0;
    // Fields below were added for the World and impulse solver (issue 4); scene files may omit them.
    double angularDamping = 0.0; ///< 1/s, like linearDamping for the rotation
    bool clampedDrag = false; ///< damping as the source's air drag: v -= clamp(|v|, 1) * drag * dt (per axis
                              ///< of motion) instead of the exponential v *= 1 / (1 + dt * damping)
    PositionCorrection positionCorrection = PositionCorrection::SoftStep;
    int relaxIterations = 1;      ///< soft step: unbiased iterations after each substep's position update
    bool warmStarting = true;     ///< start each step from last step's impulses (matched by FeatureId::key())
    double baumgarteFactor = 0.2; ///< Baumgarte: fraction of the penetration removed per step
    double allowedPenetration =
        0.01; ///< metres of overlap left alone (the source's allowed penetration, "slop")
    double restitutionThreshold = 1.0; ///< m/s: slower approaches do not bounce
    double contactHertz = 60.0; ///< soft step: contact stiffness, Hz (capped at an eighth of the substep
                                ///< rate; contacts with a static body get twice this, as in Box2D v3)
    double contactDampingRatio = 10.0; ///< soft step: contact damping ratio
    /// soft step: largest speed at which overlap is pushed out, m/s. Box2D v3 uses 3 m/s with 4 substeps;
    /// with 8, a pile spawned 25% into itself was flung up to 4.1 m/s (each contact of a chain adds its push)
    /// and fell apart, while 1 m/s lifts it into place (peak energy = rest energy) in a quarter second.
    double maxPushVelocity = 1.0;
    VerletResponse verletResponse = VerletResponse::Rigid;
    /// Box2D v3's contact recycling (on by default there too): a touching pair that has barely moved
    /// relative to itself since its points were taken (10 linear slops, each body turned under 11.5
    /// degrees, neither fast) keeps them, carried by the bodies with the depths updated, and skips the narrow
    /// phase; it also keeps the solver's lever arms, which keeps stacks standing. Off: every touching pair is
    /// collided afresh every step, so each engine contact matches SAT and clipping on that step's poses
    /// exactly (the lever arms are still kept). Only the impulse solver recycles.
    bool recycleContacts = true;

    /// Exact: doubles compared with == (every field; a new field is compared without further work).
    friend bool operator==(const WorldSettings&, const WorldSettings&) = default;
};

/// The soft step caps the contact stiffness at this fraction of the substep rate (Box2D v3 caps it at an
/// eighth too): beyond it one iteration per substep no longer keeps a stiff contact stable.
inline constexpr double kMaxContactHertzPerSubstepRate = 0.125;

/// The substep counts of automatic substeps (WorldSettings::substeps empty): Box2D v3's 4, and 8 where a
/// large mass ratio touches (and always for Baumgarte and the Verlet solver, which have no contact
/// stiffness to choose by).
/// Bounds of the integer settings (validate()): iterations 1..kMaxIterations, substeps 1..kMaxSubsteps.
inline constexpr int kMaxIterations = 1000;
inline constexpr int kMaxSubsteps = 100;

inline constexpr int kAutoCoarseSubsteps = 4;
inline constexpr int kAutoFineSubsteps = 8;

/// The one substep count of a solver that does not choose per island (the Verlet solver, Baumgarte, and
/// what a count-per-step display shows for them): the explicit count, or kAutoFineSubsteps.
inline int uniformSubsteps(const WorldSettings& settings) {
    return settings.substeps.value_or(kAutoFineSubsteps);
}

/// The substep counts a step of these settings may run, least and most: the explicit count twice; automatic:
/// {4, 8} for the impulse solver's soft step, {8, 8} for Baumgarte and the Verlet solver, {1, 1} for the
/// push-out response (one integration a step). What the Simulation panel shows as "Auto (4-8)".
inline std::pair<int, int> substepRange(const WorldSettings& settings) {
    if (settings.substeps) {
        return {*settings.substeps, *settings.substeps};
    }
    if (settings.solver == SolverKind::Impulse && settings.response == ResponseKind::PushOut) {
        return {1, 1};
    }
    if (settings.solver == SolverKind::Impulse &&
        settings.positionCorrection == PositionCorrection::SoftStep) {
        return {kAutoCoarseSubsteps, kAutoFineSubsteps};
    }
    return {kAutoFineSubsteps, kAutoFineSubsteps};
}

/// Automatic substeps: the largest 1 + M / m (M the heavier, m the lighter of two touching dynamic bodies)
/// that Box2D v3's 4 substeps are kept for; a pair beyond it runs its island at kAutoFineSubsteps.
/// A heavier body of mass M resting on a lighter one of mass m under gravity g presses their soft contact
/// (a spring of the pair's effective mass m M / (m + M) times omega^2, omega = 2 pi f) in by
///   sag = M |g| / (omega^2 m M / (m + M)) = |g| (1 + M / m) / omega^2
/// which goes as 1/f^2: at 4 substeps of 1/60 s the contacts are of f = 30 Hz (an eighth of the substep
/// rate), and a 400:1 box sinks four times as far as at 8 (60 Hz). The coarse count is kept while that sag
/// stays within the linear slop (kLinearSlop, 5 mm, the tolerance the engine's contacts and time of
/// impact work to):
///   1 + M / m <= slop omega^2 / |g|          (18.1 at g = 9.81 m/s^2, 60 steps a second: M / m <= 17.1)
/// Infinite without gravity or with rigid contacts (contactHertz 0), which do not sag.
double autoSubstepsRatioLimit(const WorldSettings& settings);

/// Whether two touching dynamic bodies of inverse masses `invMassA` and `invMassB` (1/kg, both > 0) need
/// kAutoFineSubsteps: 1 + M / m beyond autoSubstepsRatioLimit(), written without a division as
/// 1/M + 1/m > limit / M.
inline bool autoSubstepsNeedFine(double ratioLimit, double invMassA, double invMassB) {
    const double invHeavy = invMassA < invMassB ? invMassA : invMassB;
    return invMassA + invMassB > ratioLimit * invHeavy;
}

struct SceneDef {
    WorldSettings settings;
    std::vector<BodyDef> bodies;

    friend bool operator==(const SceneDef&, const SceneDef&) = default;
};

/// A validation failure: `path` names the field in scene-file terms, e.g. "bodies[3].shapes[0].density".
struct DefError {
    std::string path;
    std::string message;
};

// One set of limits for what a scene file may hold, what validate() accepts and what the World keeps
// (docs/scene-format.md, "Limits"). The World freezes a body whose centre leaves kEscapeBound, so the origin
// of every body it still simulates is within kMaxBodyPosition; withinFileLimits() writes a frozen body on that
// bound and a speed beyond kMaxSpeed / kMaxAngularSpeed at the limit, so a state written by the engine
// (contactlab-cli simulate --out) always loads again.

/// Largest shape coordinate, size, gravity component, friction and damping accepted (metres, m/s^2, ...):
/// beyond it double round-off makes the simulation meaningless, so a file with 1e30 is refused.
inline constexpr double kMaxWorldCoordinate = 1.0e6;
/// A body whose centre of mass leaves this bound (metres, either axis) is reported in StepReport::escaped and
/// frozen by the World.
inline constexpr double kEscapeBound = kMaxWorldCoordinate * 10.0;
/// Largest body position (origin) accepted, metres: the origin of any body the World still simulates (centre
/// within kEscapeBound, origin within a shape's reach of it, less than 2 kMaxWorldCoordinate).
inline constexpr double kMaxBodyPosition = kEscapeBound + 2.0 * kMaxWorldCoordinate;
/// Largest speed (m/s, per axis) and angular speed (rad/s) accepted: well above what gravity (at most
/// kMaxWorldCoordinate m/s^2) gives a body across the whole world (about 6.3e6 m/s).
inline constexpr double kMaxSpeed = 1.0e8;
inline constexpr double kMaxAngularSpeed = 1.0e8;
/// Smallest size, metres: a circle's radius and a polygon's thickness across any edge. A radius of 1e-160
/// would make the mass underflow to zero; 1 mm leaves room for Solver2D's 2 mm cards.
inline constexpr double kMinLength = 1.0e-3;
/// Smallest density of a dynamic body's shape, kg/m^2 (a density of 5e-324 would give no mass).
inline constexpr double kMinDensity = 1.0e-3;
/// Largest density, kg/m^2 (osmium is 22 590 kg/m^3; the limit only keeps mass finite).
inline constexpr double kMaxDensity = 1.0e9;
/// Smallest mass of a dynamic body, kg.
inline constexpr double kMinMass = 1.0e-6;
/// Time step bounds, seconds. Below 10 microseconds a step brings nothing a class can see and round-off grows;
/// above 1/30 s the default solver no longer holds a stack of 10 boxes (at 0.05 s it sinks 8 cm in 10 s, at
/// 0.1 s it falls; at 1/30 s it moves 3.5 cm; measured with contactlab-cli simulate on the sample stack).
inline constexpr double kMinTimeStep = 1.0e-5;
inline constexpr double kMaxTimeStep = 1.0 / 30.0;
/// Most bodies, and most shapes in one body, a scene may hold.
inline constexpr int kMaxBodies = 100000;
inline constexpr int kMaxShapesPerBody = 64;

std::optional<DefError> validate(const ShapeDef& def, BodyType bodyType, const std::string& path);
std::optional<DefError> validate(const BodyDef& def, const std::string& path);
std::optional<DefError> validate(const WorldSettings& settings, const std::string& path);
std::optional<DefError> validate(const SceneDef& scene);

/// A body state taken from a running World (World::bodyDef), brought within what validate() accepts so that
/// it can be written and read again: a body the World froze beyond kEscapeBound is placed on the bound where
/// it left, and a speed beyond kMaxSpeed or kMaxAngularSpeed is written at the limit. A body within the
/// limits is returned unchanged.
BodyDef withinFileLimits(BodyDef state);

const char* toString(BodyType type);
const char* toString(SolverKind kind);
const char* toString(ResponseKind kind);
const char* toString(ContactMethod method);
const char* toString(PositionCorrection correction);
const char* toString(VerletResponse response);
std::optional<BodyType> parseBodyType(const std::string& text);
std::optional<SolverKind> parseSolverKind(const std::string& text);
std::optional<ResponseKind> parseResponseKind(const std::string& text);
std::optional<ContactMethod> parseContactMethod(const std::string& text);
std::optional<PositionCorrection> parsePositionCorrection(const std::string& text);
std::optional<VerletResponse> parseVerletResponse(const std::string& text);

} // namespace phys
