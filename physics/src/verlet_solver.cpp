/// @file verlet_solver.cpp
/// Position Verlet with distance constraints and particle SAT (Jakobsen, GDC 2001; source 002). The scheme,
/// its choices and its limits are described in verlet_solver.h; each step below carries its own pseudocode.

#include "physics/verlet_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <utility>

namespace phys {

namespace {

/// Body modes during one step.
enum Mode : int {
    kOff = 0,       ///< not simulated and not collided (disabled)
    kFixed = 1,     ///< static or asleep: particles on the pose, zero inverse mass
    kKinematic = 2, ///< moved by its velocity, zero inverse mass
    kDynamic = 3,   ///< integrated and relaxed
};

/// Reference face preference: the other polygon's face is used only when it is better by this much (metres),
/// so the choice does not flicker between two nearly parallel faces (Box2D b2CollidePolygons, 0.1 x linear
/// slop).
constexpr double kReferenceFaceTolerance = 0.0005;
/// Lengths below this are treated as zero (metres).
constexpr double kTinyLength = 1.0e-12;
/// Each non-hub particle gets at least this fraction of M / n, and at most kMaxParticleShare of it, so the
/// hub keeps some mass and no particle is massless.
constexpr double kMinParticleShare = 0.01;
constexpr double kMaxParticleShare = 0.9;
/// Rim particles of a circle.
constexpr int kRimParticles = 3;

/// Rotation advanced by a small angle: normalize(q + dAngle leftPerp(q)), as the impulse solver integrates it
/// (Box2D v3 b2IntegrateRotation), so a kinematic body moves the same under both solvers.
Rot integrateRotation(Rot q, double deltaAngle) {
    const double c = q.c - deltaAngle * q.s;
    const double s = q.s + deltaAngle * q.c;
    const double mag = std::sqrt(c * c + s * s);
    if (!(mag > 0.0)) {
        return q;
    }
    return {c / mag, s / mag};
}

/// Rotation from the sums of dot and cross products of a 2D Procrustes fit; the identity when both vanish.
Rot rotationFromSums(double sumDot, double sumCross, Rot fallback) {
    const double mag = std::hypot(sumDot, sumCross);
    if (!(mag > 1.0e-300) || !std::isfinite(mag)) {
        return fallback;
    }
    return {sumDot / mag, sumCross / mag};
}

/// Mass-weighted centres of a body's particles now and at the start of the substep (x and x_prev):
/// the translation part of the rigid fit (2D Kabsch) and of the body's velocity.
std::pair<Vec2, Vec2> massCentres(std::span<const VerletParticle> particles, VerletRange range,
                                  double invMass) {
    Vec2 now;
    Vec2 before;
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletParticle& p = particles[static_cast<std::size_t>(k)];
        now += p.mass * p.position;
        before += p.mass * p.previous;
    }
    return {invMass * now, invMass * before};
}

} // namespace

struct VerletSolver::BodyCache {
    VerletRange particles;
    VerletRange constraints;
    bool alive = false;
    bool dynamic = false;
    int mode = kOff;
    double mass = 0.0;       ///< particle system mass, kg
    double invMass = 0.0;    ///< 1/kg
    double invInertia = 0.0; ///< 1/(kg m^2), particle system about the centre of mass
    Vec2 localMean;          ///< sum m l / M (zero up to round-off for dynamic bodies)
    // What this solver last wrote to the BodySim: a difference means the pose or velocity was set from
    // outside.
    bool hasState = false;
    Vec2 lastCenter;
    Rot lastQ;
    Vec2 lastV;
    double lastW = 0.0;
    // Start of the step (for restitution), and a kinematic body's pose through the substeps.
    Vec2 startCenter;
    Vec2 startV;
    double startW = 0.0;
    Vec2 kinCenter;
    Rot kinQ;
};

struct VerletSolver::ShapeCache {
    bool built = false;
    bool circle = false;
    int body = -1;
    int first = 0;     ///< polygon: first vertex particle (counter-clockwise)
    int count = 0;     ///< polygon: vertex count
    int center = -1;   ///< circle: centre particle
    int rim = -1;      ///< circle: first of kRimParticles rim particles
    double radius = 0; ///< circle radius, metres
};

struct VerletSolver::PairState {
    double lambdaN = 0.0;          ///< sum of normal corrections this step, kg m
    double pointN[2] = {0.0, 0.0}; ///< per contact feature (clipped point 0 or 1): sum of lambda_n, kg m
    double pointT[2] = {0.0, 0.0}; ///< per contact feature: sum of the (signed) tangential corrections, kg m
    double normalImpulse[kMaxManifoldPoints] = {};
    double tangentImpulse[kMaxManifoldPoints] = {};
    bool touched = false;
    Vec2 point;  ///< first contact point this step, world frame
    Vec2 normal; ///< unit, A -> B
    double approach =
        0.0; ///< normal relative velocity at the start of the step, m/s (negative = approaching)
    double restitutionImpulse = 0.0;
};

/// Where a contact acts on one body. The contact point is p = sum beta_k x_k over up to four particles
/// (sum beta_k = 1). A correction lambda along a direction d is applied in one of two ways:
/// - `cluster.count == 0`: on those particles, x_k += w_k beta_k lambda d (PBD; the article's vertex and
/// edge);
/// - otherwise on the particles of `cluster` moved as one rigid piece at the world point `anchor`: a
/// translation
///   lambda d / m plus a rotation lambda (rho x d) / I about the cluster's centroid, rho = anchor - centroid,
///   exactly as a rigid body takes an impulse.
struct VerletSolver::Side {
    int index[4] = {0, 0, 0, 0};
    double beta[4] = {0.0, 0.0, 0.0, 0.0};
    int count = 0;
    VerletRange cluster;
    Vec2 anchor;
};

VerletSolver::VerletSolver(VerletResponse response) : m_response(response) {}
VerletSolver::~VerletSolver() = default;

void VerletSolver::reset() {
    m_particles.clear();
    m_constraints.clear();
    m_bodies.clear();
    m_shapes.clear();
    m_pairs.clear();
    m_lastH = 0.0;
}

VerletRange VerletSolver::bodyParticles(int bodySlot) const {
    if (bodySlot < 0 || bodySlot >= static_cast<int>(m_bodies.size())) {
        return {};
    }
    return m_bodies[static_cast<std::size_t>(bodySlot)].particles;
}

VerletRange VerletSolver::bodyConstraints(int bodySlot) const {
    if (bodySlot < 0 || bodySlot >= static_cast<int>(m_bodies.size())) {
        return {};
    }
    return m_bodies[static_cast<std::size_t>(bodySlot)].constraints;
}

double VerletSolver::maxRelativeStretch(int bodySlot) const {
    VerletRange range{0, static_cast<int>(m_constraints.size())};
    if (bodySlot >= 0) {
        range = bodyConstraints(bodySlot);
    }
    double worst = 0.0;
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletConstraint& c = m_constraints[static_cast<std::size_t>(k)];
        const double len = distance(m_particles[static_cast<std::size_t>(c.a)].position,
                                    m_particles[static_cast<std::size_t>(c.b)].position);
        worst = std::max(worst, std::abs(len - c.restLength) / c.restLength);
    }
    return worst;
}

// ---------------------------------------------------------------------------------------------------------------
// Layout: particles and constraints per body, built once and kept until reset() or until the set of bodies
// changes.

bool VerletSolver::layoutMatches(const SolverContext& ctx) const {
    if (m_bodies.size() != ctx.bodies.size() || m_shapes.size() != ctx.shapes.size()) {
        return false;
    }
    for (std::size_t i = 0; i < ctx.bodies.size(); ++i) {
        if (m_bodies[i].alive != ctx.bodies[i].alive) {
            return false;
        }
    }
    for (std::size_t i = 0; i < ctx.shapes.size(); ++i) {
        if (m_shapes[i].built != ctx.shapes[i].alive) {
            return false;
        }
    }
    return true;
}

void VerletSolver::rebuildLayout(const SolverContext& ctx) {
    m_particles.clear();
    m_constraints.clear();
    m_bodies.assign(ctx.bodies.size(), BodyCache{});
    m_shapes.assign(ctx.shapes.size(), ShapeCache{});
    // Shape slots ordered by (body, index in body), so each body's particles follow its BodyDef order.
    m_scratch.clear();
    for (int s = 0; s < static_cast<int>(ctx.shapes.size()); ++s) {
        const ShapeSim& shape = ctx.shapes[static_cast<std::size_t>(s)];
        if (shape.alive && shape.body >= 0 && shape.body < static_cast<int>(ctx.bodies.size()) &&
            ctx.bodies[static_cast<std::size_t>(shape.body)].alive) {
            m_scratch.push_back(s);
        }
    }
    std::sort(m_scratch.begin(), m_scratch.end(), [&ctx](int x, int y) {
        const ShapeSim& a = ctx.shapes[static_cast<std::size_t>(x)];
        const ShapeSim& b = ctx.shapes[static_cast<std::size_t>(y)];
        return a.body != b.body ? a.body < b.body : a.indexInBody < b.indexInBody;
    });
    std::size_t begin = 0;
    while (begin < m_scratch.size()) {
        const int body = ctx.shapes[static_cast<std::size_t>(m_scratch[begin])].body;
        std::size_t end = begin;
        while (end < m_scratch.size() && ctx.shapes[static_cast<std::size_t>(m_scratch[end])].body == body) {
            ++end;
        }
        buildBody(ctx, body, std::span<const int>(m_scratch.data() + begin, end - begin));
        begin = end;
    }
    for (std::size_t i = 0; i < ctx.bodies.size(); ++i) {
        m_bodies[i].alive = ctx.bodies[i].alive;
    }
    for (std::size_t i = 0; i < ctx.shapes.size(); ++i) {
        m_shapes[i].built = ctx.shapes[i].alive;
    }
}

void VerletSolver::buildBody(const SolverContext& ctx, int bodySlot, std::span<const int> shapeSlots) {
    // Particle masses of a dynamic body (mass M, inertia I about the centre of mass, local points l_i
    // relative to it): the n non-hub particles weigh w each, the hub M - n w at l_h. The first moment must
    // vanish and the second give I:
    //   l_h = -w d / (M - n w),                   d = sum l_i, S = sum |l_i|^2
    //   w S + w^2 |d|^2 / (M - n w) = I   <=>   (|d|^2 - n S) w^2 + (S M + I n) w - I M = 0
    // f(0) = -I M < 0 and f(M / n) = M^2 |d|^2 / n^2 >= 0, so the smaller root lies in (0, M / n]; it is
    // taken in the cancellation-free form w = 2c / (-b - sqrt(b^2 - 4ac)) and kept in [0.01, 0.9] M / n.
    const BodySim& body = ctx.bodies[static_cast<std::size_t>(bodySlot)];
    BodyCache& bc = m_bodies[static_cast<std::size_t>(bodySlot)];
    bc.dynamic = body.type == BodyType::Dynamic;
    const Vec2 lc = body.localCenter;
    const int first = static_cast<int>(m_particles.size());
    const bool loneCircle =
        bc.dynamic && shapeSlots.size() == 1 &&
        std::holds_alternative<Circle>(ctx.shapes[static_cast<std::size_t>(shapeSlots[0])].geometry);

    auto push = [this, bodySlot](Vec2 local, double radius) {
        VerletParticle p;
        p.localPoint = local;
        p.radius = radius;
        p.body = bodySlot;
        m_particles.push_back(p);
        return static_cast<int>(m_particles.size()) - 1;
    };

    int hub = -1;
    if (bc.dynamic && !loneCircle) {
        hub = push({}, 0.0); // placed below
    }
    for (const int s : shapeSlots) {
        const ShapeSim& shape = ctx.shapes[static_cast<std::size_t>(s)];
        ShapeCache& sc = m_shapes[static_cast<std::size_t>(s)];
        sc.body = bodySlot;
        if (const auto* circle = std::get_if<Circle>(&shape.geometry)) {
            sc.circle = true;
            sc.radius = circle->radius;
            sc.center = push(circle->center - lc, circle->radius);
            sc.rim = static_cast<int>(m_particles.size());
            for (int k = 0; k < kRimParticles; ++k) {
                const double angle = 2.0 * kPi * k / kRimParticles;
                push(circle->center - lc + circle->radius * Vec2{std::cos(angle), std::sin(angle)}, 0.0);
            }
            if (loneCircle) {
                hub = sc.center;
            }
        } else {
            const Polygon& polygon = std::get<Polygon>(shape.geometry);
            sc.first = static_cast<int>(m_particles.size());
            sc.count = polygon.count();
            for (int k = 0; k < polygon.count(); ++k) {
                push(polygon.vertex(k) - lc, 0.0);
            }
        }
    }
    const int end = static_cast<int>(m_particles.size());
    bc.particles = {first, end - first};

    // Masses.
    if (bc.dynamic) {
        const double totalMass = body.mass > 0.0 ? body.mass : 1.0;
        const double inertia = std::max(0.0, body.inertia);
        const int n = end - first - 1;
        Vec2 d;
        double sumSq = 0.0;
        for (int k = first; k < end; ++k) {
            if (k != hub) {
                d += m_particles[static_cast<std::size_t>(k)].localPoint;
                sumSq += lengthSquared(m_particles[static_cast<std::size_t>(k)].localPoint);
            }
        }
        const double a = lengthSquared(d) - n * sumSq;
        const double b = sumSq * totalMass + inertia * n;
        const double c = -inertia * totalMass;
        const double disc = std::max(0.0, b * b - 4.0 * a * c);
        double w = b > 0.0 ? 2.0 * c / (-b - std::sqrt(disc)) : 0.0;
        const double share = totalMass / n;
        if (!std::isfinite(w)) {
            w = 0.5 * share;
        }
        w = std::clamp(w, kMinParticleShare * share, kMaxParticleShare * share);
        const double hubMass = totalMass - n * w;
        for (int k = first; k < end; ++k) {
            VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
            p.mass = k == hub ? hubMass : w;
        }
        m_particles[static_cast<std::size_t>(hub)].localPoint = -(w / hubMass) * d;
    } else {
        for (int k = first; k < end; ++k) {
            m_particles[static_cast<std::size_t>(k)].mass = 1.0;
        }
    }
    double mass = 0.0;
    Vec2 moment;
    for (int k = first; k < end; ++k) {
        const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        mass += p.mass;
        moment += p.mass * p.localPoint;
    }
    bc.mass = mass;
    bc.invMass = mass > 0.0 ? 1.0 / mass : 0.0;
    bc.localMean = bc.invMass * moment;
    double inertia = 0.0;
    for (int k = first; k < end; ++k) {
        const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        inertia += p.mass * lengthSquared(p.localPoint - bc.localMean);
    }
    bc.invInertia = inertia > 0.0 ? 1.0 / inertia : 0.0;

    // Constraints (dynamic bodies only; the others never deform).
    const int firstConstraint = static_cast<int>(m_constraints.size());
    if (bc.dynamic) {
        auto link = [this](int i, int j) {
            const double rest = distance(m_particles[static_cast<std::size_t>(i)].localPoint,
                                         m_particles[static_cast<std::size_t>(j)].localPoint);
            if (i != j && rest > 1.0e-9) {
                m_constraints.push_back({i, j, rest});
            }
        };
        for (const int s : shapeSlots) {
            const ShapeCache& sc = m_shapes[static_cast<std::size_t>(s)];
            if (sc.circle) {
                for (int k = 0; k < kRimParticles; ++k) {
                    link(sc.center, sc.rim + k);
                    link(sc.rim + k, sc.rim + (k + 1) % kRimParticles);
                    if (hub != sc.center) {
                        link(hub, sc.rim + k);
                    }
                }
                if (hub != sc.center) {
                    link(hub, sc.center);
                }
                continue;
            }
            const int n = sc.count;
            for (int k = 0; k < n; ++k) {
                link(sc.first + k, sc.first + (k + 1) % n); // the article's edges
            }
            // Braces: the skip-one diagonals (a quadrilateral's two diagonals; none for a triangle), then hub
            // spokes.
            const int diagonals = n == 3 ? 0 : (n == 4 ? 2 : n);
            for (int k = 0; k < diagonals; ++k) {
                link(sc.first + k, sc.first + (k + 2) % n);
            }
            for (int k = 0; k < n; ++k) {
                link(hub, sc.first + k);
            }
        }
    }
    bc.constraints = {firstConstraint, static_cast<int>(m_constraints.size()) - firstConstraint};
}

// ---------------------------------------------------------------------------------------------------------------
// Step

void VerletSolver::placeRigid(int bodySlot, Vec2 center, Rot q, Vec2 v, double w, double h) {
    // x = c + R l;  x_prev = (c - v h) + R Rot(-w h) l: where a rigid motion with (v, w) was one substep ago.
    const BodyCache& bc = m_bodies[static_cast<std::size_t>(bodySlot)];
    const Rot back = mulRot(q, Rot(-w * h));
    const Vec2 centerBack = center - h * v;
    for (int k = bc.particles.first; k < bc.particles.first + bc.particles.count; ++k) {
        VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        p.position = center + rotate(q, p.localPoint);
        p.previous = centerBack + rotate(back, p.localPoint);
    }
}

void VerletSolver::beginStep(SolverContext& ctx, double h) {
    // Mode of each body; particles re-placed from the BodySim when this solver did not write its current
    // state (or when the substep changed: x - x_prev is a displacement per substep).
    const bool sameStep = h == m_lastH;
    m_lastH = h;
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        BodyCache& bc = m_bodies[i];
        if (!bc.alive) {
            continue;
        }
        const BodySim& b = ctx.bodies[i];
        const int slot = static_cast<int>(i);
        if (!b.enabled) {
            bc.mode = kOff;
        } else if (b.isSimulated()) {
            bc.mode = b.type == BodyType::Dynamic ? kDynamic : kKinematic;
        } else {
            bc.mode = kFixed;
        }
        const bool moving = bc.mode == kDynamic || bc.mode == kKinematic;
        bc.startCenter = b.center;
        bc.startV = moving ? b.linearVelocity : Vec2{};
        bc.startW = moving ? b.angularVelocity : 0.0;
        for (int k = bc.particles.first; k < bc.particles.first + bc.particles.count; ++k) {
            VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
            p.invMass = bc.mode == kDynamic ? 1.0 / p.mass : 0.0;
        }
        switch (bc.mode) {
        case kDynamic: {
            const bool same = sameStep && bc.hasState && b.center == bc.lastCenter && b.xf.q == bc.lastQ &&
                              b.linearVelocity == bc.lastV && b.angularVelocity == bc.lastW;
            if (!same) {
                placeRigid(slot, b.center, b.xf.q, b.linearVelocity, b.angularVelocity, h);
            }
            break;
        }
        case kKinematic:
            bc.kinCenter = b.center;
            bc.kinQ = b.xf.q;
            placeRigid(slot, b.center, b.xf.q, {}, 0.0, h);
            bc.hasState = false;
            break;
        case kFixed:
            placeRigid(slot, b.center, b.xf.q, {}, 0.0, h);
            bc.hasState = false;
            break;
        default:
            bc.hasState = false;
            break;
        }
    }
}

void VerletSolver::predict(const SolverContext& ctx, double h) {
    // Position Verlet (Jakobsen 2001 eq. 1, source 002 UpdateVerlet: x_new = x + (x - x_prev) + a h^2), with
    // the rigid part of x - x_prev extrapolated along the arc instead of the tangent:
    //   c, c_prev = mass centroids of x and x_prev;  theta = best-fit rotation x_prev -> x (atan2 of summed
    //   cross and dot products);  delta = x - c - R(theta) (x_prev - c_prev)          (the deformation part)
    //   x_prev = x;  x = c + fl (c - c_prev) + R(fa theta) (x - c) + delta + a h^2
    //   a = g + F / M + alpha x (x - c),  alpha = torque / I_particles;  fl, fa = linear and angular damping
    // The centroid follows Jakobsen's formula exactly (sum m delta = 0). The plain formula moves a spinning
    // body's particles along the tangent, off their circle; projecting them back onto it costs about w^3 h of
    // angular speed per second (a 4 rad/s wheel at 60 Hz loses a fifth of its spin per second): the arc does
    // not. Kinematic: pose += (v, w) h, particles placed on it (x_prev = old x). Static / asleep: unchanged.
    const WorldSettings& settings = *ctx.settings;
    const double h2 = h * h;
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        BodyCache& bc = m_bodies[i];
        const VerletRange r = bc.particles;
        if (bc.mode == kKinematic) {
            const BodySim& b = ctx.bodies[i];
            bc.kinCenter += h * b.linearVelocity;
            bc.kinQ = integrateRotation(bc.kinQ, h * b.angularVelocity);
            for (int k = r.first; k < r.first + r.count; ++k) {
                VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
                p.previous = p.position;
                p.position = bc.kinCenter + rotate(bc.kinQ, p.localPoint);
            }
            continue;
        }
        if (bc.mode != kDynamic || r.count == 0) {
            continue;
        }
        const BodySim& b = ctx.bodies[i];
        const auto [c, cPrev] = massCentres(m_particles, r, bc.invMass);
        double sumDot = 0.0;
        double sumCross = 0.0;
        for (int k = r.first; k < r.first + r.count; ++k) {
            const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
            sumDot += p.mass * dot(p.previous - cPrev, p.position - c);
            sumCross += p.mass * cross(p.previous - cPrev, p.position - c);
        }
        const double theta = (sumDot != 0.0 || sumCross != 0.0) ? std::atan2(sumCross, sumDot) : 0.0;
        double fl = 1.0;
        double fa = 1.0;
        if (settings.clampedDrag) {
            // Source 000 "Air Drag" on the rigid motion: |v| -= min(|v|, 1) c h, never reversed.
            const double speed = length(c - cPrev) / h;
            const double cut = std::min(speed, 1.0) * settings.linearDamping * h;
            fl = speed > 0.0 ? std::max(0.0, speed - cut) / speed : 1.0;
            const double spin = std::abs(theta) / h;
            const double cutW = std::min(spin, 1.0) * settings.angularDamping * h;
            fa = spin > 0.0 ? std::max(0.0, spin - cutW) / spin : 1.0;
        } else {
            fl = 1.0 / (1.0 + h * settings.linearDamping);
            fa = 1.0 / (1.0 + h * settings.angularDamping);
        }
        const Rot turn(theta);
        const Rot turnDamped(fa * theta);
        const Vec2 cNext = c + fl * (c - cPrev);
        const Vec2 linear = settings.gravity + bc.invMass * b.force;
        const double alpha = b.torque * bc.invInertia;
        for (int k = r.first; k < r.first + r.count; ++k) {
            VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
            const Vec2 arm = p.position - c;
            const Vec2 delta = arm - rotate(turn, p.previous - cPrev);
            const Vec2 acc = linear + cross(alpha, arm);
            p.previous = p.position;
            p.position = cNext + rotate(turnDamped, arm) + delta + h2 * acc;
        }
    }
}

void VerletSolver::relaxConstraints() {
    relaxRange({0, static_cast<int>(m_constraints.size())});
}

void VerletSolver::relaxRange(VerletRange range) {
    // Source 002 UpdateEdges, weighted by inverse mass (Jakobsen 2001 section 3.4):
    //   d = xb - xa, diff = (|d| - rest) / |d|;  xa += d diff wa / (wa + wb);  xb -= d diff wb / (wa + wb)
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletConstraint& c = m_constraints[static_cast<std::size_t>(k)];
        VerletParticle& a = m_particles[static_cast<std::size_t>(c.a)];
        VerletParticle& b = m_particles[static_cast<std::size_t>(c.b)];
        const double wSum = a.invMass + b.invMass;
        if (wSum <= 0.0) {
            continue;
        }
        const Vec2 d = b.position - a.position;
        const double len = length(d);
        if (len < kTinyLength) {
            continue;
        }
        const double diff = (len - c.restLength) / (len * wSum);
        a.position += (diff * a.invMass) * d;
        b.position -= (diff * b.invMass) * d;
    }
}

void VerletSolver::orderPairs(const SolverContext& ctx) {
    // Gauss-Seidel order of the pairs: from the bottom up (along -gravity), a pair with a static, kinematic
    // or sleeping body first, ties by index. Support then climbs a stack within one sweep instead of one box
    // per iteration. Sorted once per step (the centres move little within it); the arrays keep their
    // capacity.
    const Vec2 g = ctx.settings->gravity;
    const Vec2 up = lengthSquared(g) > 0.0 ? -normalize(g) : Vec2{0.0, 1.0};
    const std::size_t n = ctx.contacts.size();
    m_order.resize(n);
    m_orderKey.resize(n);
    for (std::size_t ci = 0; ci < n; ++ci) {
        const ContactSim& c = ctx.contacts[ci];
        double key = -std::numeric_limits<double>::infinity();
        if (c.bodyA >= 0 && c.bodyB >= 0 && c.bodyA < static_cast<int>(m_bodies.size()) &&
            c.bodyB < static_cast<int>(m_bodies.size()) &&
            m_bodies[static_cast<std::size_t>(c.bodyA)].mode == kDynamic &&
            m_bodies[static_cast<std::size_t>(c.bodyB)].mode == kDynamic) {
            key = std::min(dot(up, ctx.bodies[static_cast<std::size_t>(c.bodyA)].center),
                           dot(up, ctx.bodies[static_cast<std::size_t>(c.bodyB)].center));
        }
        m_order[ci] = static_cast<int>(ci);
        m_orderKey[ci] = key;
    }
    std::sort(m_order.begin(), m_order.end(), [this](int x, int y) {
        const double kx = m_orderKey[static_cast<std::size_t>(x)];
        const double ky = m_orderKey[static_cast<std::size_t>(y)];
        return kx != ky ? kx < ky : x < y;
    });
}

void VerletSolver::collidePairs(const SolverContext& ctx, double h) {
    for (const int ci : m_order) {
        const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
        if (c.shapeA < 0 || c.shapeB < 0 || c.shapeA >= static_cast<int>(m_shapes.size()) ||
            c.shapeB >= static_cast<int>(m_shapes.size())) {
            continue;
        }
        const ShapeCache& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
        const ShapeCache& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
        if (!sa.built || !sb.built || sa.body == sb.body) {
            continue;
        }
        const int modeA = m_bodies[static_cast<std::size_t>(sa.body)].mode;
        const int modeB = m_bodies[static_cast<std::size_t>(sb.body)].mode;
        if (modeA == kOff || modeB == kOff || (modeA != kDynamic && modeB != kDynamic)) {
            continue;
        }
        const double before = m_pairs[static_cast<std::size_t>(ci)].lambdaN;
        if (!sa.circle && !sb.circle) {
            collidePolygons(ctx, ci, h);
        } else if (sa.circle && sb.circle) {
            collideCircles(ctx, ci, h);
        } else if (sa.circle) {
            collideCirclePolygon(ctx, ci, c.shapeA, c.shapeB, true, h);
        } else {
            collideCirclePolygon(ctx, ci, c.shapeB, c.shapeA, false, h);
        }
        if (m_response == VerletResponse::Article &&
            m_pairs[static_cast<std::size_t>(ci)].lambdaN != before) {
            // The article relaxes the edges once per iteration, so a push reaches the far side of a body one
            // iteration later and the top of an n-box stack n iterations later. Relaxing the two bodies right
            // after their contact lets the support climb the whole (bottom-up ordered) stack in one sweep.
            if (modeA == kDynamic) {
                relaxRange(m_bodies[static_cast<std::size_t>(sa.body)].constraints);
            }
            if (modeB == kDynamic) {
                relaxRange(m_bodies[static_cast<std::size_t>(sb.body)].constraints);
            }
        }
    }
}

namespace {

/// Largest separation of polygon V's particles from the edges of polygon E (one-sided SAT over E's edges):
///   for each edge i of E: n = outward unit normal, s_i = min over V of n . (v - e_i);  return max_i s_i, i
/// Source 002 projects both bodies on each edge normal and takes IntervalDistance; measuring only on the
/// edge's outward side gives the same overlap for the face that faces V and never names the back face of E.
struct Separation {
    double separation = -std::numeric_limits<double>::infinity();
    int edge = 0;
};

Separation maxSeparation(std::span<const VerletParticle> particles, int firstE, int countE, int firstV,
                         int countV) {
    Separation best;
    for (int i = 0; i < countE; ++i) {
        const Vec2 e1 = particles[static_cast<std::size_t>(firstE + i)].position;
        const Vec2 e2 = particles[static_cast<std::size_t>(firstE + (i + 1) % countE)].position;
        const Vec2 n = normalize(rightPerp(e2 - e1));
        double s = std::numeric_limits<double>::infinity();
        for (int j = 0; j < countV; ++j) {
            s = std::min(s, dot(n, particles[static_cast<std::size_t>(firstV + j)].position - e1));
        }
        if (s > best.separation) {
            best = {s, i};
        }
    }
    return best;
}

} // namespace

void VerletSolver::collidePolygons(const SolverContext& ctx, int ci, double h) {
    // SAT over the edges of both particle polygons (source 002 DetectCollision), then the contact points as
    // the narrow phase finds them (Catto, "Contact Manifolds", GDC 2007 / source 000 clipping), on the
    // particles:
    //   sA = maxSeparation(A edges, B), sB = maxSeparation(B edges, A); any > 0: no contact
    //   reference (collision) edge: A's unless sB > sA + tolerance; n its outward normal
    //   incident edge: the edge of the other polygon whose normal is most opposed to n
    //   clip the incident edge to the reference edge's side planes -> params s (incident) and t (reference)
    //   each clipped point below the reference edge is one point-edge constraint (solvePoint)
    // Source 002 takes a single collision vertex per pair and iteration; with the clipped incident edge a box
    // resting on its face gets both corners in the same iteration and does not rock.
    const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
    const ShapeCache& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeCache& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    const std::span<const VerletParticle> particles = m_particles;
    const Separation sepA = maxSeparation(particles, sa.first, sa.count, sb.first, sb.count);
    if (sepA.separation > 0.0) {
        return;
    }
    const Separation sepB = maxSeparation(particles, sb.first, sb.count, sa.first, sa.count);
    if (sepB.separation > 0.0) {
        return;
    }
    const bool flip = sepB.separation > sepA.separation + kReferenceFaceTolerance;
    const ShapeCache& ref = flip ? sb : sa;
    const ShapeCache& inc = flip ? sa : sb;
    const int edge = flip ? sepB.edge : sepA.edge;
    const int r1 = ref.first + edge;
    const int r2 = ref.first + (edge + 1) % ref.count;
    const Vec2 e1 = m_particles[static_cast<std::size_t>(r1)].position;
    const Vec2 ev = m_particles[static_cast<std::size_t>(r2)].position - e1;
    const double len2 = lengthSquared(ev);
    if (len2 < kTinyLength * kTinyLength) {
        return;
    }
    const Vec2 n = normalize(rightPerp(ev));

    int incEdge = 0;
    double most = std::numeric_limits<double>::infinity();
    for (int k = 0; k < inc.count; ++k) {
        const Vec2 d = m_particles[static_cast<std::size_t>(inc.first + (k + 1) % inc.count)].position -
                       m_particles[static_cast<std::size_t>(inc.first + k)].position;
        const double align = dot(n, normalize(rightPerp(d)));
        if (align < most) {
            most = align;
            incEdge = k;
        }
    }
    const int i1 = inc.first + incEdge;
    const int i2 = inc.first + (incEdge + 1) % inc.count;

    // Clip: t(s) = (p(s) - e1) . ev / |ev|^2 must stay in [0, 1].
    const double f0 = dot(m_particles[static_cast<std::size_t>(i1)].position - e1, ev) / len2;
    const double f1 = dot(m_particles[static_cast<std::size_t>(i2)].position - e1, ev) / len2;
    double sLo = 0.0;
    double sHi = 1.0;
    if (f1 == f0) {
        if (f0 < 0.0 || f0 > 1.0) {
            return;
        }
    } else {
        const double a = (0.0 - f0) / (f1 - f0);
        const double b = (1.0 - f0) / (f1 - f0);
        sLo = std::max(0.0, std::min(a, b));
        sHi = std::min(1.0, std::max(a, b));
        if (sLo > sHi) {
            return;
        }
    }
    const double sValues[2] = {sLo, sHi};
    const int points = sHi - sLo > 1.0e-12 ? 2 : 1;
    Side below[2];
    Side above[2];
    for (int k = 0; k < points; ++k) {
        const double s = sValues[k];
        const double t = std::clamp(f0 + s * (f1 - f0), 0.0, 1.0);
        below[k].index[0] = r1;
        below[k].index[1] = r2;
        below[k].beta[0] = 1.0 - t;
        below[k].beta[1] = t;
        below[k].count = 2;
        above[k].index[0] = i1;
        above[k].index[1] = i2;
        above[k].beta[0] = 1.0 - s;
        above[k].beta[1] = s;
        above[k].count = 2;
    }
    if (m_response == VerletResponse::Rigid) {
        solvePatch(ctx, ci, below, above, points, n, !flip, h);
        return;
    }
    for (int k = 0; k < points; ++k) {
        solvePoint(ctx, ci, k, below[k], above[k], n, 0.0, 0.0, below[k], above[k], !flip, h);
    }
}

void VerletSolver::rigidShift(VerletRange range, const Frame& frame, Vec2 translation, double angle) {
    // x = c + t + R(angle) (x - c) for every particle of the range (c = the frame's centroid).
    const Rot q(angle);
    for (int k = range.first; k < range.first + range.count; ++k) {
        VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        p.position = frame.centroid + translation + rotate(q, p.position - frame.centroid);
    }
}

void VerletSolver::solvePatch(const SolverContext& ctx, int ci, const Side* below, const Side* above,
                              int count, Vec2 n, bool belowIsA, double h) {
    // VerletResponse::Rigid for a face contact (up to two clipped points), solved as one block as Box2D's
    // block solver does for impulses (Catto, Box2D b2ContactSolver::SolveVelocityConstraints), here on
    // positions:
    //   C_i = n . (p_above,i - p_below,i) < 0 for the points that overlap
    //   K_ij = sum over both bodies of 1/m + (rho_i x n)(rho_j x n) / I        (rho = point - body centroid)
    //   K lambda = -C; if a lambda_i < 0 (the face would be pulled): the deeper point alone, then the other
    //   each body: translation +- sum lambda_i n / m, rotation +- sum lambda_i (rho_i x n) / I
    //   friction: one tangential constraint at the middle of the points, accumulated and clamped to
    //   mu * sum lambda_n over the step
    // Solving the two corners one after the other lets each corner's push tip the box and slide the other
    // corner, and friction then spends its whole budget on the two corners pulling against each other.
    const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(ci)];
    PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
    Vec2 point[2];
    double C[2] = {0.0, 0.0};
    int m = 0;
    for (int k = 0; k < count; ++k) {
        const Vec2 pa = sidePoint(above[k]);
        const double ck = dot(n, pa - sidePoint(below[k]));
        if (ck < 0.0) {
            point[m] = pa;
            C[m] = ck;
            ++m;
        }
    }
    if (m == 0) {
        return;
    }
    const VerletRange rangeBelow =
        m_bodies[static_cast<std::size_t>(m_particles[static_cast<std::size_t>(below[0].index[0])].body)]
            .particles;
    const VerletRange rangeAbove =
        m_bodies[static_cast<std::size_t>(m_particles[static_cast<std::size_t>(above[0].index[0])].body)]
            .particles;
    Frame fb = frameOf(rangeBelow);
    Frame fa = frameOf(rangeAbove);
    auto term = [](const Frame& f, Vec2 pi, Vec2 pj, Vec2 d) {
        if (!f.movable) {
            return 0.0;
        }
        const double rot =
            f.inertia > 0.0 ? cross(pi - f.centroid, d) * cross(pj - f.centroid, d) / f.inertia : 0.0;
        return 1.0 / f.mass + rot;
    };
    auto k = [&](int i, int j) {
        return term(fb, point[i], point[j], n) + term(fa, point[i], point[j], n);
    };
    double lambda[2] = {0.0, 0.0};
    if (m == 2) {
        const double k11 = k(0, 0);
        const double k22 = k(1, 1);
        const double k12 = k(0, 1);
        const double det = k11 * k22 - k12 * k12;
        bool solved = false;
        if (det > 1.0e-9 * k11 * k22) {
            const double l0 = (-C[0] * k22 + C[1] * k12) / det;
            const double l1 = (-C[1] * k11 + C[0] * k12) / det;
            if (l0 >= 0.0 && l1 >= 0.0) {
                lambda[0] = l0;
                lambda[1] = l1;
                solved = true;
            }
        }
        if (!solved && k11 > 0.0 && k22 > 0.0) {
            const int deep = C[0] <= C[1] ? 0 : 1;
            const int other = 1 - deep;
            lambda[deep] = -C[deep] / (deep == 0 ? k11 : k22);
            const double rest = C[other] + k12 * lambda[deep];
            lambda[other] = rest < 0.0 ? -rest / (other == 0 ? k11 : k22) : 0.0;
        }
    } else {
        const double k11 = k(0, 0);
        lambda[0] = k11 > 0.0 ? -C[0] / k11 : 0.0;
    }
    auto push = [&](Frame& f, VerletRange range, double sign) {
        if (!f.movable) {
            return;
        }
        Vec2 t;
        double angle = 0.0;
        for (int i = 0; i < m; ++i) {
            t += (sign * lambda[i] / f.mass) * n;
            angle += f.inertia > 0.0 ? sign * lambda[i] * cross(point[i] - f.centroid, n) / f.inertia : 0.0;
        }
        rigidShift(range, f, t, angle);
    };
    push(fa, rangeAbove, 1.0);
    push(fb, rangeBelow, -1.0);

    double total = 0.0;
    Vec2 middle;
    for (int i = 0; i < m; ++i) {
        total += lambda[i];
        middle += point[i];
        int slot = -1;
        double nearest = std::numeric_limits<double>::infinity();
        for (int j = 0; j < contact.manifold.pointCount; ++j) {
            const double d2 = distanceSquared(contact.manifold.points[j].point, point[i]);
            if (d2 < nearest) {
                nearest = d2;
                slot = j;
            }
        }
        if (slot >= 0) {
            ps.normalImpulse[slot] += lambda[i] / h;
        }
    }
    middle = middle / m;
    if (total <= 0.0) {
        return;
    }
    ps.lambdaN += total;
    ps.pointN[0] += total;
    recordApproach(ctx, ci, middle, belowIsA ? n : -n);

    if (contact.friction <= 0.0) {
        return;
    }
    fb = frameOf(rangeBelow);
    fa = frameOf(rangeAbove);
    auto motion = [](const Frame& f, Vec2 p) {
        const Vec2 rho = p - f.centroid;
        return (f.centroid - f.centroidPrev) + rho - rotate(Rot(-f.rotation), rho);
    };
    const Vec2 tangent = leftPerp(n);
    const double slip = dot(tangent, motion(fa, middle) - motion(fb, middle));
    const double Wt = term(fb, middle, middle, tangent) + term(fa, middle, middle, tangent);
    if (Wt <= 0.0) {
        return;
    }
    const double limit = contact.friction * ps.pointN[0];
    const double accumulated = std::clamp(ps.pointT[0] - slip / Wt, -limit, limit);
    const double lambdaT = accumulated - ps.pointT[0];
    ps.pointT[0] = accumulated;
    auto rub = [&](Frame& f, VerletRange range, double sign) {
        if (!f.movable) {
            return;
        }
        const double angle =
            f.inertia > 0.0 ? sign * lambdaT * cross(middle - f.centroid, tangent) / f.inertia : 0.0;
        rigidShift(range, f, (sign * lambdaT / f.mass) * tangent, angle);
    };
    rub(fa, rangeAbove, 1.0);
    rub(fb, rangeBelow, -1.0);
    // Reported on the manifold point nearest the middle; the impulse on B along rightPerp(normal A->B) is
    // -lambda_t / h whichever side B is on.
    int slot = -1;
    double nearest = std::numeric_limits<double>::infinity();
    for (int j = 0; j < contact.manifold.pointCount; ++j) {
        const double d2 = distanceSquared(contact.manifold.points[j].point, middle);
        if (d2 < nearest) {
            nearest = d2;
            slot = j;
        }
    }
    if (slot >= 0) {
        ps.tangentImpulse[slot] += -lambdaT / h;
    }
}

VerletSolver::Side VerletSolver::centreSide(int shapeSlot) const {
    // A circle's normal response goes through its centre, so it moves the circle's particles together: the
    // point is their centroid weighted by mass, beta_k = m_k / m_circle, and x_k += w_k beta_k lambda n is
    // the same translation lambda / m_circle for all of them (no deformation, and no false torque from
    // relaxing one).
    const ShapeCache& sc = m_shapes[static_cast<std::size_t>(shapeSlot)];
    Side side;
    side.count = kRimParticles + 1;
    double mass = 0.0;
    for (int k = 0; k < side.count; ++k) {
        side.index[k] = k == 0 ? sc.center : sc.rim + k - 1;
        mass += m_particles[static_cast<std::size_t>(side.index[k])].mass;
    }
    for (int k = 0; k < side.count; ++k) {
        side.beta[k] = m_particles[static_cast<std::size_t>(side.index[k])].mass / mass;
    }
    return side;
}

VerletSolver::Side VerletSolver::rimSide(int shapeSlot, Vec2 worldPoint) const {
    // A circle's centre and rim particles as one rigid cluster, acted on at the rim point (see Side):
    // friction spins the circle without deforming it (a deformed rim would give the spin back when it is
    // relaxed).
    const ShapeCache& sc = m_shapes[static_cast<std::size_t>(shapeSlot)];
    Side side = centreSide(shapeSlot);
    side.cluster = {sc.center, kRimParticles + 1};
    side.anchor = worldPoint;
    return side;
}

VerletSolver::Frame VerletSolver::frameOf(VerletRange range) const {
    // Mass, centroids now and at the start of the substep, inertia about the centroid, and the rotation
    // during the substep (best fit x_prev -> x: atan2 of the summed cross and dot products).
    Frame f;
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletParticle& q = m_particles[static_cast<std::size_t>(k)];
        f.mass += q.mass;
        f.centroid += q.mass * q.position;
        f.centroidPrev += q.mass * q.previous;
        f.movable = f.movable || q.invMass > 0.0;
    }
    if (!(f.mass > 0.0)) {
        f.movable = false;
        return f;
    }
    f.centroid = f.centroid / f.mass;
    f.centroidPrev = f.centroidPrev / f.mass;
    double sumDot = 0.0;
    double sumCross = 0.0;
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletParticle& q = m_particles[static_cast<std::size_t>(k)];
        const Vec2 r = q.position - f.centroid;
        const Vec2 rPrev = q.previous - f.centroidPrev;
        f.inertia += q.mass * lengthSquared(r);
        sumDot += q.mass * dot(rPrev, r);
        sumCross += q.mass * cross(rPrev, r);
    }
    f.rotation = (sumDot != 0.0 || sumCross != 0.0) ? std::atan2(sumCross, sumDot) : 0.0;
    return f;
}

Vec2 VerletSolver::sidePoint(const Side& s) const {
    Vec2 p;
    for (int k = 0; k < s.count; ++k) {
        p += s.beta[k] * m_particles[static_cast<std::size_t>(s.index[k])].position;
    }
    return p;
}

Vec2 VerletSolver::sideMotion(const Side& s) const {
    // Displacement during the substep of the material point now at the contact.
    if (s.cluster.count > 0) {
        const Frame f = frameOf(s.cluster);
        const Vec2 rho = s.anchor - f.centroid;
        return (f.centroid - f.centroidPrev) + rho - rotate(Rot(-f.rotation), rho);
    }
    Vec2 p;
    for (int k = 0; k < s.count; ++k) {
        const VerletParticle& q = m_particles[static_cast<std::size_t>(s.index[k])];
        p += s.beta[k] * (q.position - q.previous);
    }
    return p;
}

double VerletSolver::sideWeight(const Side& s, Vec2 d) const {
    // Generalised inverse mass along d: sum beta_k^2 w_k, or 1/m + (rho x d)^2 / I for a rigid cluster.
    if (s.cluster.count > 0) {
        const Frame f = frameOf(s.cluster);
        if (!f.movable) {
            return 0.0;
        }
        const double rd = cross(s.anchor - f.centroid, d);
        return 1.0 / f.mass + (f.inertia > 0.0 ? rd * rd / f.inertia : 0.0);
    }
    double w = 0.0;
    for (int k = 0; k < s.count; ++k) {
        w += s.beta[k] * s.beta[k] * m_particles[static_cast<std::size_t>(s.index[k])].invMass;
    }
    return w;
}

void VerletSolver::sideMove(const Side& s, Vec2 d, double lambda) {
    if (s.cluster.count > 0) {
        const Frame f = frameOf(s.cluster);
        if (!f.movable) {
            return;
        }
        const Vec2 shift = (lambda / f.mass) * d;
        const double turn = f.inertia > 0.0 ? lambda * cross(s.anchor - f.centroid, d) / f.inertia : 0.0;
        for (int k = s.cluster.first; k < s.cluster.first + s.cluster.count; ++k) {
            VerletParticle& q = m_particles[static_cast<std::size_t>(k)];
            q.position = f.centroid + shift + rotate(Rot(turn), q.position - f.centroid);
        }
        return;
    }
    for (int k = 0; k < s.count; ++k) {
        VerletParticle& q = m_particles[static_cast<std::size_t>(s.index[k])];
        q.position += (q.invMass * s.beta[k] * lambda) * d;
    }
}

void VerletSolver::collideCirclePolygon(const SolverContext& ctx, int ci, int circleShape, int polygonShape,
                                        bool circleIsA, double h) {
    // SAT with the circle (source 000; Box2D b2CollidePolygonAndCircle): edge of largest separation of the
    // centre; face region, or the Voronoi region of one of its vertices. Constraint on the centre particle:
    //   C = n . (c - q(t)) - r >= 0,   q(t) = (1 - t) v1 + t v2,   n from the polygon to the circle
    const ShapeCache& circle = m_shapes[static_cast<std::size_t>(circleShape)];
    const ShapeCache& poly = m_shapes[static_cast<std::size_t>(polygonShape)];
    const Vec2 c = m_particles[static_cast<std::size_t>(circle.center)].position;
    const double r = circle.radius;
    double best = -std::numeric_limits<double>::infinity();
    int edge = 0;
    Vec2 bestNormal;
    for (int k = 0; k < poly.count; ++k) {
        const Vec2 v1 = m_particles[static_cast<std::size_t>(poly.first + k)].position;
        const Vec2 v2 = m_particles[static_cast<std::size_t>(poly.first + (k + 1) % poly.count)].position;
        const Vec2 nk = normalize(rightPerp(v2 - v1));
        const double s = dot(nk, c - v1);
        if (s > best) {
            best = s;
            edge = k;
            bestNormal = nk;
        }
    }
    if (best > r) {
        return;
    }
    const int i1 = poly.first + edge;
    const int i2 = poly.first + (edge + 1) % poly.count;
    const Vec2 v1 = m_particles[static_cast<std::size_t>(i1)].position;
    const Vec2 v2 = m_particles[static_cast<std::size_t>(i2)].position;
    const Vec2 ev = v2 - v1;
    const double len2 = lengthSquared(ev);
    Vec2 n = bestNormal;
    double t = len2 > 0.0 ? std::clamp(dot(c - v1, ev) / len2, 0.0, 1.0) : 0.0;
    if (best > 0.0) {
        const double u1 = dot(c - v1, ev);
        const double u2 = dot(c - v2, -ev);
        if (u1 <= 0.0 || u2 <= 0.0) {
            const Vec2 v = u1 <= 0.0 ? v1 : v2;
            const double dist = distance(v, c);
            if (dist > r) {
                return;
            }
            if (dist > kTinyLength) {
                n = (c - v) / dist;
            }
            t = u1 <= 0.0 ? 0.0 : 1.0;
        }
    }
    Side below;
    below.index[0] = i1;
    below.index[1] = i2;
    below.beta[0] = 1.0 - t;
    below.beta[1] = t;
    below.count = 2;
    const Side above = centreSide(circleShape);
    const Side rim = rimSide(circleShape, c - r * n);
    solvePoint(ctx, ci, 0, below, above, n, r, r, below, rim, !circleIsA, h);
}

void VerletSolver::collideCircles(const SolverContext& ctx, int ci, double h) {
    // C = |cB - cA| - rA - rB >= 0 on the two centre particles; friction at the rim points.
    const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
    const ShapeCache& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
    const ShapeCache& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
    const Vec2 ca = m_particles[static_cast<std::size_t>(sa.center)].position;
    const Vec2 cb = m_particles[static_cast<std::size_t>(sb.center)].position;
    const Vec2 d = cb - ca;
    const double dist = length(d);
    if (dist > sa.radius + sb.radius) {
        return;
    }
    const Vec2 n = dist > kTinyLength ? d / dist : Vec2{0.0, 1.0};
    const Side below = centreSide(c.shapeA);
    const Side above = centreSide(c.shapeB);
    const Side rimA = rimSide(c.shapeA, ca + sa.radius * n);
    const Side rimB = rimSide(c.shapeB, cb - sb.radius * n);
    solvePoint(ctx, ci, 0, below, above, n, sa.radius + sb.radius, sb.radius, rimA, rimB, true, h);
}

void VerletSolver::solvePoint(const SolverContext& ctx, int ci, int feature, const Side& below,
                              const Side& above, Vec2 n, double target, double aboveRadius,
                              const Side& frictionBelow, const Side& frictionAbove, bool belowIsA, double h) {
    // Point-edge response (source 002 ProcessCollision as a PBD constraint, Mueller et al. 2007 eq. 2-4):
    //   C = n . (p_above - p_below) - target,  p = sum beta_k x_k      (only when C < 0)
    //   lambda = -C / W,  W = generalised inverse mass of both sides along n (Side)
    //   above += lambda n,  below -= lambda n       (split by the sides' inverse masses)
    // VerletResponse::Article: the touched particles move, x_k += w_k beta_k lambda n; with equal inverse
    // masses the edge point at t moves as far as the vertex and its end points by (1 - t) L and t L of it, L
    // = 1 / (t^2 + (1 - t)^2) (the article's lambda). VerletResponse::Rigid: each body's particles move as
    // the rigid body would under the correction at the contact point. Either way sum m_k dx_k = 0.
    // Friction (Coulomb, positional): slip = tangent . (motion of the contact point on the above side - on
    // the below side) in this substep; lambda_t = -slip / W_t, clamped so that over the step the pair's sum
    // |lambda_t| <= mu * sum lambda_n.
    const double C = dot(n, sidePoint(above) - sidePoint(below)) - target;
    if (!(C < 0.0)) {
        return;
    }
    const Vec2 contactPoint = sidePoint(above) - aboveRadius * n;
    Side nb = below;
    Side na = above;
    Side fb = frictionBelow;
    Side fa = frictionAbove;
    if (m_response == VerletResponse::Rigid) {
        const int bodyBelow = m_particles[static_cast<std::size_t>(below.index[0])].body;
        const int bodyAbove = m_particles[static_cast<std::size_t>(above.index[0])].body;
        nb.cluster = m_bodies[static_cast<std::size_t>(bodyBelow)].particles;
        na.cluster = m_bodies[static_cast<std::size_t>(bodyAbove)].particles;
        nb.anchor = na.anchor = contactPoint;
        fb = nb;
        fa = na;
    }
    const double W = sideWeight(nb, n) + sideWeight(na, n);
    if (W <= 0.0) {
        return;
    }
    const double lambda = -C / W;
    sideMove(na, n, lambda);
    sideMove(nb, n, -lambda);

    const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(ci)];
    PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
    ps.lambdaN += lambda;
    ps.pointN[feature] += lambda;
    recordApproach(ctx, ci, contactPoint, belowIsA ? n : -n);
    int slot = -1;
    double nearest = std::numeric_limits<double>::infinity();
    for (int k = 0; k < contact.manifold.pointCount; ++k) {
        const double d2 = distanceSquared(contact.manifold.points[k].point, contactPoint);
        if (d2 < nearest) {
            nearest = d2;
            slot = k;
        }
    }
    if (slot >= 0) {
        ps.normalImpulse[slot] += lambda / h;
    }

    if (contact.friction <= 0.0) {
        return;
    }
    const Vec2 tangent = leftPerp(n);
    const double slip = dot(tangent, sideMotion(fa) - sideMotion(fb));
    const double Wt = sideWeight(fb, tangent) + sideWeight(fa, tangent);
    if (Wt <= 0.0) {
        return;
    }
    const double limit = contact.friction * ps.pointN[feature];
    const double total = std::clamp(ps.pointT[feature] - slip / Wt, -limit, limit);
    const double lambdaT = total - ps.pointT[feature];
    ps.pointT[feature] = total;
    sideMove(fa, tangent, lambdaT);
    sideMove(fb, tangent, -lambdaT);
    if (slot >= 0) {
        // The impulse on B along rightPerp(normal A->B) is -lambda_t / h whichever side B is on.
        ps.tangentImpulse[slot] += -lambdaT / h;
    }
}

void VerletSolver::recordApproach(const SolverContext& ctx, int ci, Vec2 point, Vec2 normalAtoB) {
    PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
    if (ps.touched) {
        return;
    }
    const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
    const BodyCache& a = m_bodies[static_cast<std::size_t>(c.bodyA)];
    const BodyCache& b = m_bodies[static_cast<std::size_t>(c.bodyB)];
    const Vec2 va = a.startV + cross(a.startW, point - a.startCenter);
    const Vec2 vb = b.startV + cross(b.startW, point - b.startCenter);
    ps.touched = true;
    ps.point = point;
    ps.normal = normalAtoB;
    ps.approach = dot(normalAtoB, vb - va);
}

void VerletSolver::recoverPoses(SolverContext& ctx, double h) {
    // Best rigid fit of the particles to the body's local shape (2D Kabsch / Procrustes; Horn 1987, closed
    // form in the plane), and velocities from x and x_prev:
    //   xm = sum m x / M,  q = normalize(sum m (l . (x - xm)), sum m (l x (x - xm)))   (l relative to lm)
    //   centre = xm - R lm
    //   v = (xm - xm_prev) / h,  w = atan2(sum m (p_prev x p), sum m (p_prev . p)) / h   (p = x - xm)
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        BodyCache& bc = m_bodies[i];
        BodySim& b = ctx.bodies[i];
        if (bc.mode == kKinematic) {
            b.center = bc.kinCenter;
            b.xf.q = bc.kinQ;
            continue;
        }
        if (bc.mode != kDynamic || bc.particles.count == 0) {
            continue;
        }
        const VerletRange r = bc.particles;
        const auto [xm, xmPrev] = massCentres(m_particles, r, bc.invMass);
        double fitDot = 0.0;
        double fitCross = 0.0;
        double velDot = 0.0;
        double velCross = 0.0;
        for (int k = r.first; k < r.first + r.count; ++k) {
            const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
            const Vec2 l = p.localPoint - bc.localMean;
            const Vec2 x = p.position - xm;
            const Vec2 xp = p.previous - xmPrev;
            fitDot += p.mass * dot(l, x);
            fitCross += p.mass * cross(l, x);
            velDot += p.mass * dot(xp, x);
            velCross += p.mass * cross(xp, x);
        }
        const Rot q = rotationFromSums(fitDot, fitCross, b.xf.q);
        b.xf.q = q;
        b.center = xm - rotate(q, bc.localMean);
        b.linearVelocity = (xm - xmPrev) / h;
        b.angularVelocity = (velDot != 0.0 || velCross != 0.0) ? std::atan2(velCross, velDot) / h : 0.0;
    }
}

void VerletSolver::applyRestitution(SolverContext& ctx, double h) {
    // Position Verlet's contacts are inelastic; restitution is added afterwards (as the impulse solver does
    // after its iterations), once per touching pair whose approach at the start of the step was faster than
    // the threshold:
    //   vn = n . (vB + wB x rB - vA - wA x rA),  target = -e * approach
    //   J = (target - vn) / (mA + mB + iA (rA x n)^2 + iB (rB x n)^2)   if J > 0
    //   dv = +-J n m, dw = +-(r x J n) i;  every particle: x_prev -= (dv + dw x (x - centre)) h
    const double threshold = ctx.settings->restitutionThreshold;
    for (std::size_t ci = 0; ci < m_pairs.size(); ++ci) {
        PairState& ps = m_pairs[ci];
        const ContactSim& c = ctx.contacts[ci];
        if (!ps.touched || c.restitution <= 0.0 || ps.approach >= -threshold) {
            continue;
        }
        BodyCache& ca = m_bodies[static_cast<std::size_t>(c.bodyA)];
        BodyCache& cb = m_bodies[static_cast<std::size_t>(c.bodyB)];
        BodySim& a = ctx.bodies[static_cast<std::size_t>(c.bodyA)];
        BodySim& b = ctx.bodies[static_cast<std::size_t>(c.bodyB)];
        const bool movesA = ca.mode == kDynamic;
        const bool movesB = cb.mode == kDynamic;
        const Vec2 n = ps.normal;
        const Vec2 rA = ps.point - a.center;
        const Vec2 rB = ps.point - b.center;
        const Vec2 va = (ca.mode == kDynamic || ca.mode == kKinematic)
                            ? a.linearVelocity + cross(a.angularVelocity, rA)
                            : Vec2{};
        const Vec2 vb = (cb.mode == kDynamic || cb.mode == kKinematic)
                            ? b.linearVelocity + cross(b.angularVelocity, rB)
                            : Vec2{};
        const double vn = dot(n, vb - va);
        const double target = -c.restitution * ps.approach;
        const double mA = movesA ? ca.invMass : 0.0;
        const double iA = movesA ? ca.invInertia : 0.0;
        const double mB = movesB ? cb.invMass : 0.0;
        const double iB = movesB ? cb.invInertia : 0.0;
        const double rnA = cross(rA, n);
        const double rnB = cross(rB, n);
        const double k = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        if (k <= 0.0 || vn >= target) {
            continue;
        }
        const double J = (target - vn) / k;
        ps.restitutionImpulse += J;
        auto kick = [this, h](BodyCache& bc, BodySim& body, Vec2 dv, double dw) {
            body.linearVelocity += dv;
            body.angularVelocity += dw;
            for (int p = bc.particles.first; p < bc.particles.first + bc.particles.count; ++p) {
                VerletParticle& particle = m_particles[static_cast<std::size_t>(p)];
                particle.previous -= h * (dv + cross(dw, particle.position - body.center));
            }
        };
        if (movesA) {
            kick(ca, a, -(J * mA) * n, -J * iA * rnA);
        }
        if (movesB) {
            kick(cb, b, (J * mB) * n, J * iB * rnB);
        }
    }
}

void VerletSolver::storeImpulses(SolverContext& ctx) {
    for (std::size_t ci = 0; ci < ctx.contacts.size(); ++ci) {
        ContactSim& c = ctx.contacts[ci];
        const PairState& ps = m_pairs[ci];
        const int count = c.manifold.pointCount;
        for (int k = 0; k < kMaxManifoldPoints; ++k) {
            ContactPointSim& p = c.points[k];
            if (k < count) {
                p.normalImpulse = ps.normalImpulse[k] + (count > 0 ? ps.restitutionImpulse / count : 0.0);
                p.tangentImpulse = ps.tangentImpulse[k];
                p.maxNormalImpulse = p.normalImpulse;
                p.relativeVelocity = ps.touched ? ps.approach : 0.0;
            } else {
                p.normalImpulse = p.tangentImpulse = p.maxNormalImpulse = p.relativeVelocity = 0.0;
            }
            // Verlet has no warm start: its impulses are those of the whole step, which the report shows.
            p.stepNormalImpulse = p.normalImpulse;
            p.stepTangentImpulse = p.tangentImpulse;
        }
    }
}

void VerletSolver::step(SolverContext& ctx) {
    // One step (verlet_solver.h): layout if the body set changed; start-of-step placement; for each substep:
    // predict, then iterations x (relax constraints, collide pairs); then poses, restitution, impulses.
    const WorldSettings& settings = *ctx.settings;
    // The Verlet solver spends the soft step's substeps as relaxation sweeps of one Verlet step: iterations x
    // substeps sweeps, so the defaults (1 x 8, chosen for the impulse solver's contact stiffness, issue 11)
    // run it as it was built and measured, 8 sweeps in one step. Run as 8 substeps of one sweep instead, a
    // stack that switched from the impulse solver and back moved 5.5 mm (its bound is 5 mm).
    const int substeps = 1;
    const int iterations = std::max(1, settings.iterations) * std::max(1, settings.substeps);
    const double h = ctx.timeStep / substeps;
    if (!layoutMatches(ctx)) {
        rebuildLayout(ctx);
    }
    beginStep(ctx, h);
    m_pairs.assign(ctx.contacts.size(), PairState{});
    orderPairs(ctx);
    for (int sub = 0; sub < substeps; ++sub) {
        predict(ctx, h);
        for (int it = 0; it < iterations; ++it) {
            relaxConstraints();
            collidePairs(ctx, h);
        }
    }
    recoverPoses(ctx, h);
    applyRestitution(ctx, h);
    storeImpulses(ctx);
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        BodyCache& bc = m_bodies[i];
        if (bc.mode != kDynamic) {
            continue;
        }
        const BodySim& b = ctx.bodies[i];
        bc.hasState = true;
        bc.lastCenter = b.center;
        bc.lastQ = b.xf.q;
        bc.lastV = b.linearVelocity;
        bc.lastW = b.angularVelocity;
    }
}

std::unique_ptr<ContactSolver> makeVerletSolver(VerletResponse response) {
    return std::make_unique<VerletSolver>(response);
}

/// Particles, constraints and the per-body caches are plain values: a member-wise copy keeps the particles'
/// previous positions, so the clone continues the same Verlet motion.
std::unique_ptr<ContactSolver> VerletSolver::clone() const {
    return std::make_unique<VerletSolver>(*this);
}

} // namespace phys
