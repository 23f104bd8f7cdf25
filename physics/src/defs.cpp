/// @file defs.cpp
/// Validation of the Def structs at the API boundary and the enum <-> file string mapping (design.md section
/// 3).
///
/// Paths are written in scene-file terms ("bodies[3].shapes[0].density"), so the scene loader can hand a
/// validation failure to the user unchanged.
///
/// Rules beyond the obvious ones (documented here because the file format depends on them; the limits are in
/// defs.h and docs/scene-format.md):
/// - Every number must be finite. Shape coordinates, sizes, gravity, friction and damping are limited to
///   kMaxWorldCoordinate, body positions to kMaxBodyPosition, speeds to kMaxSpeed and kMaxAngularSpeed,
///   angles to kMaxWorldCoordinate radians.
/// - Sizes are at least kMinLength (a circle's radius, a polygon's thickness across each edge). A dynamic body
///   needs a density of at least kMinDensity on every shape and a mass of at least kMinMass; density is at
///   most kMaxDensity so that mass and inertia stay finite for the largest allowed shape. Static and
///   kinematic bodies ignore mass, so their shapes may have density 0 (never negative).
/// - The time step is in [kMinTimeStep, kMaxTimeStep].

#include "physics/defs.h"

#include "physics/mass.h"
#include "physics/toi.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

namespace phys {

namespace {

/// Shortest text that reads back as the same double.
std::string num(double value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// Concatenates strings and string literals by appending (no temporaries built from the left).
template <class... Parts> std::string cat(const Parts&... parts) {
    std::string text;
    ((text += parts), ...);
    return text;
}

/// A failure at `path` whose message is the concatenation of `parts`.
template <class... Parts> std::optional<DefError> fail(const std::string& path, const Parts&... parts) {
    return DefError{path, cat(parts...)};
}

/// A scalar that must be finite with |value| <= limit.
std::optional<DefError> checkBounded(double value, double limit, const std::string& path, const char* unit) {
    if (!std::isfinite(value)) {
        return fail(path, "must be a finite number (got ", num(value), ")");
    }
    if (std::abs(value) > limit) {
        return fail(path, "magnitude ", num(value), " is beyond the limit of ", num(limit), " ", unit);
    }
    return std::nullopt;
}

/// A vector whose components must be finite with |component| <= limit.
std::optional<DefError> checkBounded(Vec2 value, double limit, const std::string& path, const char* unit) {
    if (!isFinite(value)) {
        return fail(path, "must hold finite numbers (got [", num(value.x), ", ", num(value.y), "])");
    }
    if (std::abs(value.x) > limit || std::abs(value.y) > limit) {
        return fail(path, "[", num(value.x), ", ", num(value.y), "] is beyond the limit of +-", num(limit),
                    " ", unit);
    }
    return std::nullopt;
}

std::string indexed(const std::string& path, const char* key, std::size_t i) {
    return cat(path, ".", key, "[", std::to_string(i), "]");
}

std::string member(const std::string& path, const char* key) {
    return path.empty() ? std::string(key) : cat(path, ".", key);
}

} // namespace

std::optional<DefError> validate(const ShapeDef& def, BodyType bodyType, const std::string& path) {
    if (const auto* circle = std::get_if<Circle>(&def.geometry)) {
        if (auto e = checkBounded(circle->center, kMaxWorldCoordinate, member(path, "center"), "m")) {
            return e;
        }
        const std::string radiusPath = member(path, "radius");
        if (!std::isfinite(circle->radius) || circle->radius <= 0.0) {
            return fail(radiusPath, "must be a finite number > 0 (got ", num(circle->radius), ")");
        }
        if (circle->radius < kMinLength) {
            return fail(radiusPath, num(circle->radius), " is below the minimum of ", num(kMinLength), " m");
        }
        if (circle->radius > kMaxWorldCoordinate) {
            return fail(radiusPath, num(circle->radius), " is beyond the limit of ", num(kMaxWorldCoordinate),
                        " m");
        }
    } else {
        // A Polygon can only be made through Polygon::make, which already guarantees a valid convex polygon;
        // what remains is the world bound.
        const auto& polygon = std::get<Polygon>(def.geometry);
        const auto vertices = polygon.vertices();
        for (std::size_t i = 0; i < vertices.size(); ++i) {
            if (auto e = checkBounded(vertices[i], kMaxWorldCoordinate, indexed(path, "vertices", i), "m")) {
                return e;
            }
        }
        for (int i = 0; i < polygon.count(); ++i) {
            if (polygon.thickness(i) < kMinLength) {
                return fail(member(path, "vertices"), "the polygon is ", num(polygon.thickness(i)),
                            " m thin across edge ", std::to_string(i), ", below the minimum of ",
                            num(kMinLength), " m");
            }
        }
    }

    const std::string densityPath = member(path, "density");
    if (!std::isfinite(def.density)) {
        return fail(densityPath, "must be a finite number (got ", num(def.density), ")");
    }
    if (bodyType == BodyType::Dynamic && def.density <= 0.0) {
        return fail(densityPath, "must be > 0 on a dynamic body (got ", num(def.density), ")");
    }
    if (bodyType == BodyType::Dynamic && def.density < kMinDensity) {
        return fail(densityPath, num(def.density), " is below the minimum of ", num(kMinDensity),
                    " kg/m^2 on a dynamic body");
    }
    if (def.density < 0.0) {
        return fail(densityPath, "must be >= 0 (got ", num(def.density), ")");
    }
    if (def.density > kMaxDensity) {
        return fail(densityPath, num(def.density), " is beyond the limit of ", num(kMaxDensity), " kg/m^2");
    }

    const std::string frictionPath = member(path, "friction");
    if (!std::isfinite(def.friction) || def.friction < 0.0) {
        return fail(frictionPath, "must be a finite number >= 0 (got ", num(def.friction), ")");
    }
    if (def.friction > kMaxWorldCoordinate) {
        return fail(frictionPath, num(def.friction), " is beyond the limit of ", num(kMaxWorldCoordinate));
    }

    if (!std::isfinite(def.restitution) || def.restitution < 0.0 || def.restitution > 1.0) {
        return fail(member(path, "restitution"), "must be in [0, 1] (got ", num(def.restitution), ")");
    }
    return std::nullopt;
}

std::optional<DefError> validate(const BodyDef& def, const std::string& path) {
    if (!toString(def.type)[0]) {
        return fail(member(path, "type"), "unknown body type");
    }
    if (auto e = checkBounded(def.position, kMaxBodyPosition, member(path, "position"), "m")) {
        return e;
    }
    if (auto e = checkBounded(def.angle, kMaxWorldCoordinate, member(path, "angle"), "rad")) {
        return e;
    }
    if (auto e = checkBounded(def.linearVelocity, kMaxSpeed, member(path, "linearVelocity"), "m/s")) {
        return e;
    }
    if (auto e =
            checkBounded(def.angularVelocity, kMaxAngularSpeed, member(path, "angularVelocity"), "rad/s")) {
        return e;
    }
    const std::string shapesPath = member(path, "shapes");
    if (def.shapes.empty()) {
        return fail(shapesPath, "a body needs at least one shape");
    }
    if (def.shapes.size() > static_cast<std::size_t>(kMaxShapesPerBody)) {
        return fail(shapesPath, "too many shapes (", std::to_string(def.shapes.size()), ", at most ",
                    std::to_string(kMaxShapesPerBody), ")");
    }
    for (std::size_t i = 0; i < def.shapes.size(); ++i) {
        if (auto e = validate(def.shapes[i], def.type, indexed(path, "shapes", i))) {
            return e;
        }
    }
    if (def.type == BodyType::Dynamic) {
        // Each shape is within the size and density bounds, yet a small light one can still weigh next to
        // nothing (1 mm at 1e-3 kg/m^2 is 3e-9 kg): the solver divides by the mass.
        double mass = 0.0;
        for (const ShapeDef& shape : def.shapes) {
            mass += std::visit([&shape](const auto& g) { return computeMass(g, shape.density).mass; },
                               shape.geometry);
        }
        if (mass < kMinMass) {
            return fail(shapesPath, "the body's mass ", num(mass), " kg is below the minimum of ",
                        num(kMinMass), " kg (make it larger or denser)");
        }
    }
    return std::nullopt;
}

double autoSubstepsRatioLimit(const WorldSettings& settings) {
    // sag = |g| (1 + M/m) / omega^2 <= slop at the coarse count's stiffness (defs.h).
    const double coarseHertz = std::min(settings.contactHertz, kMaxContactHertzPerSubstepRate *
                                                                   kAutoCoarseSubsteps / settings.timeStep);
    const double omega = 2.0 * kPi * coarseHertz;
    const double gravity = length(settings.gravity);
    if (!(coarseHertz > 0.0) || !(gravity > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    return kLinearSlop * omega * omega / gravity;
}

std::optional<DefError> validate(const WorldSettings& settings, const std::string& path) {
    if (auto e = checkBounded(settings.gravity, kMaxWorldCoordinate, member(path, "gravity"), "m/s^2")) {
        return e;
    }
    if (!std::isfinite(settings.timeStep) || settings.timeStep < kMinTimeStep ||
        settings.timeStep > kMaxTimeStep) {
        return fail(member(path, "timeStep"), "must be in [", num(kMinTimeStep),
                    ", 1/30] s, 100 kHz to 30 Hz (got ", num(settings.timeStep), ")");
    }
    if (!toString(settings.solver)[0]) {
        return fail(member(path, "solver"), "unknown solver");
    }
    if (!toString(settings.response)[0]) {
        return fail(member(path, "response"), "unknown response");
    }
    if (!toString(settings.contactMethod)[0]) {
        return fail(member(path, "contactMethod"), "unknown contact method");
    }
    if (settings.iterations < 1 || settings.iterations > kMaxIterations) {
        return fail(member(path, "iterations"), "must be in 1..", std::to_string(kMaxIterations), " (got ",
                    std::to_string(settings.iterations), ")");
    }
    if (settings.substeps && (*settings.substeps < 1 || *settings.substeps > kMaxSubsteps)) {
        return fail(member(path, "substeps"), "must be in 1..", std::to_string(kMaxSubsteps),
                    " or \"auto\" (got ", std::to_string(*settings.substeps), ")");
    }
    // Every real-valued setting: finite, within [lo, hi], with its unit.
    struct Range {
        const char* key;
        double value, lo, hi;
        const char* unit;
    };
    const Range ranges[] = {
        {"linearDamping", settings.linearDamping, 0.0, kMaxWorldCoordinate, "1/s"},
        {"angularDamping", settings.angularDamping, 0.0, kMaxWorldCoordinate, "1/s"},
        {"baumgarteFactor", settings.baumgarteFactor, 0.0, 1.0, ""},
        {"allowedPenetration", settings.allowedPenetration, 0.0, 1.0, "m"},
        {"restitutionThreshold", settings.restitutionThreshold, 0.0, kMaxWorldCoordinate, "m/s"},
        {"contactHertz", settings.contactHertz, 0.0, 1.0e4, "Hz"},
        {"contactDampingRatio", settings.contactDampingRatio, 0.0, 1.0e4, ""},
        {"maxPushVelocity", settings.maxPushVelocity, 0.0, kMaxWorldCoordinate, "m/s"},
    };
    for (const Range& r : ranges) {
        if (!std::isfinite(r.value) || r.value < r.lo || r.value > r.hi) {
            return fail(member(path, r.key), "must be a finite number in [", num(r.lo), ", ", num(r.hi), "]",
                        r.unit[0] ? " " : "", r.unit, " (got ", num(r.value), ")");
        }
    }
    if (settings.relaxIterations < 0 || settings.relaxIterations > kMaxIterations) {
        return fail(member(path, "relaxIterations"), "must be in 0..", std::to_string(kMaxIterations),
                    " (got ", std::to_string(settings.relaxIterations), ")");
    }
    if (!toString(settings.positionCorrection)[0]) {
        return fail(member(path, "positionCorrection"), "unknown position correction");
    }
    if (!toString(settings.verletResponse)[0]) {
        return fail(member(path, "verletResponse"), "unknown Verlet response");
    }
    return std::nullopt;
}

std::optional<DefError> validate(const SceneDef& scene) {
    if (auto e = validate(scene.settings, "settings")) {
        return e;
    }
    if (scene.bodies.size() > static_cast<std::size_t>(kMaxBodies)) {
        return fail("bodies", "too many bodies (", std::to_string(scene.bodies.size()), ", at most ",
                    std::to_string(kMaxBodies), ")");
    }
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (auto e = validate(scene.bodies[i], cat("bodies[", std::to_string(i), "]"))) {
            return e;
        }
    }
    return std::nullopt;
}

BodyDef withinFileLimits(BodyDef state) {
    const auto clampAbs = [](double value, double limit) {
        return std::isfinite(value) ? std::clamp(value, -limit, limit) : 0.0;
    };
    state.position = {clampAbs(state.position.x, kMaxBodyPosition),
                      clampAbs(state.position.y, kMaxBodyPosition)};
    state.linearVelocity = {clampAbs(state.linearVelocity.x, kMaxSpeed),
                            clampAbs(state.linearVelocity.y, kMaxSpeed)};
    state.angularVelocity = clampAbs(state.angularVelocity, kMaxAngularSpeed);
    return state;
}

// The strings are the file format (design.md section 3); an out-of-range enum value maps to "".

const char* toString(BodyType type) {
    switch (type) {
    case BodyType::Static:
        return "static";
    case BodyType::Dynamic:
        return "dynamic";
    case BodyType::Kinematic:
        return "kinematic";
    }
    return "";
}

const char* toString(SolverKind kind) {
    switch (kind) {
    case SolverKind::Impulse:
        return "impulse";
    case SolverKind::Verlet:
        return "verlet";
    }
    return "";
}

const char* toString(ResponseKind kind) {
    switch (kind) {
    case ResponseKind::Impulses:
        return "impulses";
    case ResponseKind::PushOut:
        return "push-out";
    }
    return "";
}

const char* toString(ContactMethod method) {
    switch (method) {
    case ContactMethod::Clipping:
        return "clipping";
    case ContactMethod::DeepestVertices:
        return "deepest-vertices";
    case ContactMethod::VertexEdge:
        return "vertex-edge";
    }
    return "";
}

namespace {

/// Finds the enum value whose file string equals `text` among the listed values (exact, case-sensitive).
template <class E, std::size_t N> std::optional<E> parseEnum(const std::string& text, const E (&values)[N]) {
    for (E value : values) {
        if (text == toString(value)) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<BodyType> parseBodyType(const std::string& text) {
    static constexpr BodyType kValues[] = {BodyType::Static, BodyType::Dynamic, BodyType::Kinematic};
    return parseEnum(text, kValues);
}

std::optional<SolverKind> parseSolverKind(const std::string& text) {
    static constexpr SolverKind kValues[] = {SolverKind::Impulse, SolverKind::Verlet};
    return parseEnum(text, kValues);
}

std::optional<ResponseKind> parseResponseKind(const std::string& text) {
    static constexpr ResponseKind kValues[] = {ResponseKind::Impulses, ResponseKind::PushOut};
    return parseEnum(text, kValues);
}

std::optional<ContactMethod> parseContactMethod(const std::string& text) {
    static constexpr ContactMethod kValues[] = {ContactMethod::Clipping, ContactMethod::DeepestVertices,
                                                ContactMethod::VertexEdge};
    return parseEnum(text, kValues);
}

const char* toString(PositionCorrection correction) {
    switch (correction) {
    case PositionCorrection::SoftStep:
        return "soft-step";
    case PositionCorrection::Baumgarte:
        return "baumgarte";
    }
    return "";
}

const char* toString(VerletResponse response) {
    switch (response) {
    case VerletResponse::Rigid:
        return "rigid";
    case VerletResponse::Article:
        return "article";
    }
    return "";
}

std::optional<PositionCorrection> parsePositionCorrection(const std::string& text) {
    static constexpr PositionCorrection kValues[] = {PositionCorrection::SoftStep,
                                                     PositionCorrection::Baumgarte};
    return parseEnum(text, kValues);
}

std::optional<VerletResponse> parseVerletResponse(const std::string& text) {
    static constexpr VerletResponse kValues[] = {VerletResponse::Rigid, VerletResponse::Article};
    return parseEnum(text, kValues);
}

} // namespace phys
