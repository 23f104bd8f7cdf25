/// @file verlet_particles.cpp
/// The Verlet solver's particle model: each body as particles and distance constraints (layout and masses),
/// their placement on a body's pose, position Verlet prediction, constraint relaxation, and the rigid fit
/// that turns particles back into a pose (verlet_solver.h describes the scheme).

#include "verlet_internal.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <utility>

namespace phys {

using namespace verlet;

namespace {

/// Each non-hub particle gets at least this fraction of M / n, and at most kMaxParticleShare of it, so the
/// hub keeps some mass and no particle is massless.
constexpr double kMinParticleShare = 0.01;
constexpr double kMaxParticleShare = 0.9;

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

} // namespace

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
    const bool loneCircle = bc.dynamic && shapeSlots.size() == 1 &&
                            ctx.shapes[static_cast<std::size_t>(shapeSlots[0])].isCircle();

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
        if (shape.isCircle()) {
            const Circle* circle = &shape.circle;
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
            const PolygonView polygon = polygonOf(shape, *ctx.polygons);
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
            // Exact comparisons: the particles are kept only when nothing but this solver wrote the state.
            const bool same = sameStep && bc.hasState && b.center == bc.lastCenter &&
                              b.xf.p == bc.lastOrigin && b.xf.q == bc.lastQ && b.linearVelocity == bc.lastV &&
                              b.angularVelocity == bc.lastW;
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
        bc.preV = {};
        bc.preW = 0.0;
        if (bc.mode == kKinematic) {
            const BodySim& b = ctx.bodies[i];
            bc.preV = b.linearVelocity;
            bc.preW = b.angularVelocity;
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
        // The substep's velocity before its contacts (for restitution): the centroid's displacement and the
        // turn of the particles below, over h.
        bc.preV = fl * (c - cPrev) / h + h * linear;
        bc.preW = fa * theta / h + h * alpha;
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

Transform VerletSolver::bodyPose(const SolverContext& ctx, int bodySlot) const {
    // The body origin's pose that places the body's shapes on its particles, for the narrow phase:
    //   fixed: the BodySim pose (its particles were placed on it exactly)
    //   kinematic: the pose advanced through the substeps (kinCenter, kinQ)
    //   dynamic: the best rigid fit of the particles (2D Kabsch, as recoverPoses)
    //   origin = centre - R localCenter
    const BodyCache& bc = m_bodies[static_cast<std::size_t>(bodySlot)];
    const BodySim& b = ctx.bodies[static_cast<std::size_t>(bodySlot)];
    if (bc.mode == kKinematic) {
        return {bc.kinCenter - rotate(bc.kinQ, b.localCenter), bc.kinQ};
    }
    if (bc.mode != kDynamic || bc.particles.count == 0) {
        return b.xf;
    }
    const VerletRange r = bc.particles;
    Vec2 xm;
    for (int k = r.first; k < r.first + r.count; ++k) {
        const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        xm += p.mass * p.position;
    }
    xm = bc.invMass * xm;
    double fitDot = 0.0;
    double fitCross = 0.0;
    for (int k = r.first; k < r.first + r.count; ++k) {
        const VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        const Vec2 l = p.localPoint - bc.localMean;
        const Vec2 x = p.position - xm;
        fitDot += p.mass * dot(l, x);
        fitCross += p.mass * cross(l, x);
    }
    const Rot q = rotationFromSums(fitDot, fitCross, b.xf.q);
    const Vec2 center = xm - rotate(q, bc.localMean);
    return {center - rotate(q, b.localCenter), q};
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

} // namespace phys
