/// @file verlet_contacts.cpp
/// The Verlet solver's contacts: the order of the pairs, the narrow phase on the particles (the same SAT and
/// clipping kernels as the World's), the position response (rigid or the article's), positional friction,
/// and restitution as a velocity post pass (verlet_solver.h describes the scheme).

#include "verlet_internal.h"

#include "physics/collide.h"
#include "physics/world.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <utility>
#include <variant>

namespace phys {

using namespace verlet;

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

void VerletSolver::beginPrestabilise() {
    m_anyDeep = false;
    for (PairState& ps : m_pairs) {
        ps.preSeen = false;
        ps.deep = false;
        ps.slack = 0.0;
    }
}

namespace {

/// The narrow phase of the World (world.cpp collideShapes): the same kernels, dispatched by shape kind, on
/// the shapes placed by the given poses. No speculative margin: a position solver corrects only what
/// overlaps.
Manifold narrowPhase(const ShapeView& a, const Transform& xfA, const ShapeView& b, const Transform& xfB,
                     ContactMethod method) {
    const Circle* circleA = std::get_if<Circle>(&a);
    const Circle* circleB = std::get_if<Circle>(&b);
    if (circleA != nullptr && circleB != nullptr) {
        return collideCircles(*circleA, xfA, *circleB, xfB);
    }
    if (circleA != nullptr) {
        return collideCirclePolygon(*circleA, xfA, std::get<PolygonView>(b), xfB);
    }
    if (circleB != nullptr) {
        return collidePolygonCircle(std::get<PolygonView>(a), xfA, *circleB, xfB);
    }
    return collidePolygons(std::get<PolygonView>(a), xfA, std::get<PolygonView>(b), xfB, method);
}

/// A contact normal within this angle of the vertical (|n . up| >= cos 45 deg) is a support: in the shock
/// sweep its lower body is taken as immovable.
constexpr double kSupportCosine = 0.7071;

/// How far a sliding pair's friction anchors may stay apart, metres (endAnchors).
constexpr double kAnchorSlop = 0.0005;

/// Overlaps up to slop(h) = min(kPrestabiliseSlop, kSlopSpeed h) are left to the substep's projection, which
/// turns them into velocity as a resting contact needs; deeper ones are pre-stabilised. kPrestabiliseSlop is
/// Box2D's linear slop (metres); the substep bound keeps the velocity that projection gives at most
/// kSlopSpeed (m/s) at any substep (5 mm in 1/480 s would be 2.4 m/s).
constexpr double kPrestabiliseSlop = 0.005;
constexpr double kSlopSpeed = 0.25;

double prestabiliseSlop(double h) {
    return std::min(kPrestabiliseSlop, kSlopSpeed * h);
}

/// Which of the World's manifold points of `contact` (from the start of the step) is nearest `p`, the first
/// of equals; -1 when the manifold has none. The step's impulses are reported on that point.
int nearestManifoldPoint(const ContactSim& contact, ConstTouchingSpan touching, Vec2 p) {
    if (contact.touching < 0) {
        return -1;
    }
    const TouchingSim& t = touching[static_cast<std::size_t>(contact.touching)];
    int slot = -1;
    double nearest = std::numeric_limits<double>::infinity();
    for (int j = 0; j < t.pointCount; ++j) {
        const double d2 = distanceSquared(t.geometry[j].point, p);
        if (d2 < nearest) {
            nearest = d2;
            slot = j;
        }
    }
    return slot;
}

} // namespace

void VerletSolver::findSupports(const SolverContext& ctx) {
    // Which bodies the shock sweep may take as immovable: the levels of the contact graph from the ground
    // (Guendelman, Bridson and Fedkiw, "Nonconvex Rigid Bodies with Stacking", 2003, section 7), built from
    // the World's manifolds at the start of the step:
    //   grounded = static, kinematic and sleeping bodies
    //   repeat until nothing changes: for a pair whose normal is within 45 degrees of the vertical, touching
    //     (deepest point at most a slop apart) and resting (|normal relative velocity| <= the restitution
    //     threshold at that point), the upper body is grounded when the lower one is
    // A body in flight, or one leaving its support, is not grounded: taken as immovable, it would push the
    // body it hits with its own speed and no loss of its own (soak scene 25: a 0.73 kg box at 27 m/s threw a
    // 40 kg body up at 25 m/s).
    for (BodyCache& bc : m_bodies) {
        bc.grounded = bc.mode == kFixed || bc.mode == kKinematic;
    }
    const Vec2 g = ctx.settings->gravity;
    if (!(lengthSquared(g) > 0.0)) {
        return;
    }
    const Vec2 up = -normalize(g);
    const double threshold = ctx.settings->restitutionThreshold;
    bool changed = true;
    while (changed) {
        changed = false;
        for (const int ci : m_order) {
            const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
            if (c.touching < 0) {
                continue;
            }
            const Manifold m0 = ctx.touching[static_cast<std::size_t>(c.touching)].manifold();
            if (m0.pointCount == 0 || c.bodyA < 0 || c.bodyB < 0 ||
                c.bodyA >= static_cast<int>(m_bodies.size()) ||
                c.bodyB >= static_cast<int>(m_bodies.size())) {
                continue;
            }
            const double u = dot(m0.normal, up);
            const bool aBelow = u >= kSupportCosine;
            if (!aBelow && u > -kSupportCosine) {
                continue;
            }
            const int lower = aBelow ? c.bodyA : c.bodyB;
            const int upper = aBelow ? c.bodyB : c.bodyA;
            BodyCache& top = m_bodies[static_cast<std::size_t>(upper)];
            const BodyCache& bottom = m_bodies[static_cast<std::size_t>(lower)];
            if (top.grounded || top.mode != kDynamic || !bottom.grounded || bottom.mode == kOff) {
                continue;
            }
            int deepest = 0;
            for (int k = 1; k < m0.pointCount; ++k) {
                if (m0.points[k].depth > m0.points[deepest].depth) {
                    deepest = k;
                }
            }
            if (m0.points[deepest].depth < -kPrestabiliseSlop) {
                continue;
            }
            const Vec2 p = m0.points[deepest].point;
            const Vec2 vTop = top.startV + cross(top.startW, p - top.startCenter);
            const Vec2 vBottom = bottom.startV + cross(bottom.startW, p - bottom.startCenter);
            if (std::abs(dot(m0.normal, vTop - vBottom)) > threshold) {
                continue;
            }
            top.grounded = true;
            changed = true;
        }
    }
}

void VerletSolver::collidePairs(const SolverContext& ctx, double h, Pass pass) {
    // One Gauss-Seidel sweep over the pairs, bottom up (orderPairs). Each pair is collided afresh on its
    // particles: the bodies' poses are fitted to the particles as they are now (bodyPose), and the World's
    // own narrow phase runs on them (SAT, then clipping or the chosen contact method; design.md "the steps
    // shown are the steps the engine takes"). Under the rigid response the particles move only as rigid
    // bodies, so the fitted shapes are the particle polygons to round-off (tst_verlet checks 1e-9 m); under
    // the article's response the bodies bend by about 1% and the manifold is mapped back onto the particles
    // (solveArticle).
    const ContactMethod method = ctx.settings->contactMethod;
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
        const Transform xfA = bodyPose(ctx, sa.body);
        const Transform xfB = bodyPose(ctx, sb.body);
        if (m_response == VerletResponse::Rigid && pass != Pass::Prestabilise) {
            Manifold swept;
            if (speculativeManifold(ctx, ci, xfA, xfB, swept)) {
                solveRigid(ctx, ci, swept, h, pass, true);
                continue;
            }
        }
        const Manifold manifold =
            narrowPhase(viewOf(ctx.shapes[static_cast<std::size_t>(c.shapeA)], *ctx.polygons), xfA,
                        viewOf(ctx.shapes[static_cast<std::size_t>(c.shapeB)], *ctx.polygons), xfB, method);
        if (m_response == VerletResponse::Rigid) {
            solveRigid(ctx, ci, manifold, h, pass, false);
            continue;
        }
        const double before = m_pairs[static_cast<std::size_t>(ci)].lambdaN;
        solveArticle(ctx, ci, manifold, h);
        if (m_pairs[static_cast<std::size_t>(ci)].lambdaN != before) {
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

bool VerletSolver::speculativeManifold(const SolverContext& ctx, int ci, const Transform& xfA,
                                       const Transform& xfB, Manifold& out) const {
    // Speculative contacts on positions (Catto, "Continuous Collision", GDC 2013, here for position Verlet):
    // the World's manifold from the start of the step (the pair's TouchingSim, with its speculative margin)
    // names where the two surfaces meet; each of its points is followed as two material points, one on each
    // body, from the start-of-step poses (BodySim::xf, untouched until the solver returns) to now:
    //   p_A = xfA(xfA0^-1 point),  p_B = xfB(xfB0^-1 point)
    //   depth = depth0 - n0 . (p_B - p_A)        (n0 from A to B; depth0 < 0 for a speculative gap)
    // When a point's pair closed by more than the speculative margin along the normal since the start of
    // the step (sliding along each other does not count), the step is too coarse for the narrow phase at the
    // predicted poses (a body at 500 m/s is 8 m past a 0.1 m wall after predict, or inside it near its far
    // face and pushed out there), so these linearised depths are used instead: the body stops at the surface
    // it was heading for. Slower pairs use the narrow phase on the current poses (exact for resting and
    // rotating contacts).
    const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
    if (c.touching < 0) {
        return false;
    }
    const Manifold m0 = ctx.touching[static_cast<std::size_t>(c.touching)].manifold();
    const Transform& xfA0 = ctx.bodies[static_cast<std::size_t>(c.bodyA)].xf;
    const Transform& xfB0 = ctx.bodies[static_cast<std::size_t>(c.bodyB)].xf;
    bool fast = false;
    out = Manifold{};
    out.normal = m0.normal;
    for (int k = 0; k < m0.pointCount; ++k) {
        const Vec2 p0 = m0.points[k].point;
        const Vec2 pA = transformPoint(xfA, invTransformPoint(xfA0, p0));
        const Vec2 pB = transformPoint(xfB, invTransformPoint(xfB0, p0));
        fast = fast || dot(m0.normal, pA - pB) > kSpeculativeDistance; // closed along the normal
        ManifoldPoint& mp = out.points[out.pointCount++];
        // The push acts at the material point of the body that moved (a midpoint could lie metres away
        // from both bodies and give a false lever arm).
        mp.point = distanceSquared(pB, p0) >= distanceSquared(pA, p0) ? pB : pA;
        mp.depth = m0.points[k].depth - dot(m0.normal, pB - pA);
        mp.id = m0.points[k].id;
    }
    return fast;
}

void VerletSolver::rigidShift(VerletRange range, const Frame& frame, Vec2 translation, double angle,
                              bool withPrevious) {
    // x = c + t + R(angle) (x - c) for every particle of the range (c = the frame's centroid); with
    // withPrevious the same motion for x_prev, so x - x_prev (the velocity) is only turned, not changed.
    const Rot q(angle);
    for (int k = range.first; k < range.first + range.count; ++k) {
        VerletParticle& p = m_particles[static_cast<std::size_t>(k)];
        p.position = frame.centroid + translation + rotate(q, p.position - frame.centroid);
        if (withPrevious) {
            p.previous = frame.centroid + translation + rotate(q, p.previous - frame.centroid);
        }
    }
}

void VerletSolver::solveRigid(const SolverContext& ctx, int ci, const Manifold& manifold, double h, Pass pass,
                              bool swept) {
    // VerletResponse::Rigid: the manifold's points (up to two) as one block of position constraints, as
    // Box2D's block solver does for impulses (Catto, Box2D b2ContactSolver::SolveVelocityConstraints), here
    // on positions (Mueller et al. 2020, a rigid body's generalised inverse mass):
    //   C_i = -(depth_i - slack) < 0 for the points deeper than the pair's slack (0 unless pre-stabilised)
    //   K_ij = sum over both bodies of 1/m + (r_i x n)(r_j x n) / I      (r = point - body centroid)
    //   K lambda = -C; if a lambda_i < 0 (the face would be pulled): the deeper point alone, then the other
    //   A: translation -sum lambda_i n / m_A, rotation -sum lambda_i (r_i x n) / I_A;  B: the same, +
    //   friction: one tangential constraint at the middle of the points, accumulated and clamped to
    //   mu * sum lambda_n over the step (Coulomb)
    // Passes:
    // - Prestabilise (Macklin et al., "Unified Particle Physics for Real-Time Applications", 2014, 4.4): the
    //   overlap left from before the substep is removed from x and x_prev alike, so it gives no velocity;
    //   at most settings.maxPushVelocity * h of it per substep (the pair's slack keeps the rest), so a deep
    //   overlap is pushed apart over several steps instead of exploding (Box2D v3's maximum push-out speed).
    // - Solve: what the substep's motion pushed in is removed from x alone: that change is the contact's
    //   velocity change.
    // - Shock (Guendelman et al., "Nonconvex Rigid Bodies with Stacking", 2003, shock propagation): the last
    //   sweep, bottom up, takes the lower body of a supporting contact (normal within 45 degrees of the
    //   vertical) as immovable, so what is left of an overlap goes to the body above, whatever the mass
    //   ratio: a heavy box can no longer push a light one through the ground.
    // Solving the two corners one after the other lets each corner's push tip the box and slide the other
    // corner, and friction then spends its whole budget on the two corners pulling against each other.
    if (manifold.pointCount == 0) {
        return;
    }
    const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(ci)];
    PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
    const Vec2 n = manifold.normal;
    if (pass == Pass::Prestabilise && !ps.preSeen) {
        double deepest = 0.0;
        for (int k = 0; k < manifold.pointCount; ++k) {
            deepest = std::max(deepest, manifold.points[k].depth);
        }
        ps.preSeen = true;
        const double slop = prestabiliseSlop(h);
        ps.deep = deepest > slop;
        m_anyDeep = m_anyDeep || ps.deep;
        ps.slack = ps.deep ? std::max(slop, deepest - ctx.settings->maxPushVelocity * h) : 0.0;
    }
    if (pass == Pass::Prestabilise && !ps.deep) {
        return;
    }
    if (pass == Pass::Measure) {
        // What the pre-stabilising sweeps left of a deep overlap (neighbours pushed into each other
        // included) stays for the next substeps instead of being pushed out with velocity now.
        for (int k = 0; k < manifold.pointCount; ++k) {
            if (manifold.points[k].depth > prestabiliseSlop(h)) {
                ps.slack = std::max(ps.slack, manifold.points[k].depth);
            }
        }
        return;
    }
    Vec2 point[2];
    double C[2] = {0.0, 0.0};
    int m = 0;
    for (int k = 0; k < manifold.pointCount; ++k) {
        const double excess = manifold.points[k].depth - ps.slack;
        if (excess > 0.0) {
            point[m] = manifold.points[k].point;
            C[m] = -excess;
            ++m;
        }
    }
    if (m == 0) {
        return;
    }
    const int bodyA = m_shapes[static_cast<std::size_t>(contact.shapeA)].body;
    const int bodyB = m_shapes[static_cast<std::size_t>(contact.shapeB)].body;
    const VerletRange rangeA = m_bodies[static_cast<std::size_t>(bodyA)].particles;
    const VerletRange rangeB = m_bodies[static_cast<std::size_t>(bodyB)].particles;
    Frame fa = frameOf(rangeA);
    Frame fb = frameOf(rangeB);
    if (pass == Pass::Shock && fa.movable && fb.movable) {
        const Vec2 g = ctx.settings->gravity;
        const double up = lengthSquared(g) > 0.0 ? -dot(n, normalize(g)) : 0.0;
        if (up >= kSupportCosine && m_bodies[static_cast<std::size_t>(bodyA)].grounded) {
            fa.movable = false; // n from A to B points up: A, resting on the ground, supports B
        } else if (up <= -kSupportCosine && m_bodies[static_cast<std::size_t>(bodyB)].grounded) {
            fb.movable = false;
        }
    }
    auto term = [](const Frame& f, Vec2 pi, Vec2 pj, Vec2 d) {
        if (!f.movable) {
            return 0.0;
        }
        const double rot =
            f.inertia > 0.0 ? cross(pi - f.centroid, d) * cross(pj - f.centroid, d) / f.inertia : 0.0;
        return 1.0 / f.mass + rot;
    };
    auto k = [&](int i, int j) {
        return term(fa, point[i], point[j], n) + term(fb, point[i], point[j], n);
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
    const bool withPrevious = pass == Pass::Prestabilise;
    auto push = [&](const Frame& f, VerletRange range, double sign) {
        if (!f.movable) {
            return;
        }
        Vec2 t;
        double angle = 0.0;
        for (int i = 0; i < m; ++i) {
            t += (sign * lambda[i] / f.mass) * n;
            angle += f.inertia > 0.0 ? sign * lambda[i] * cross(point[i] - f.centroid, n) / f.inertia : 0.0;
        }
        rigidShift(range, f, t, angle, withPrevious);
    };
    push(fb, rangeB, 1.0);
    push(fa, rangeA, -1.0);
    if (pass == Pass::Prestabilise) {
        return; // no velocity changed: nothing to report, no friction
    }

    double total = 0.0;
    Vec2 middle;
    for (int i = 0; i < m; ++i) {
        total += lambda[i];
        middle += point[i];
        const int slot = nearestManifoldPoint(contact, ctx.touching, point[i]);
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
    for (int i = 0; i < m; ++i) {
        if (lambda[i] > 0.0) {
            recordHit(ci, point[i], n, lambda[i]);
        }
    }

    const double friction = frictionOf(contact, ctx.shapes);
    if (friction <= 0.0 || swept) {
        return; // a swept contact's points were where the bodies were before this push: friction waits
                // for the next sweep, which meets the pair at rest against each other
    }
    // Friction between both bodies even in the shock sweep: a supporting body that did not feel the
    // friction of the body it carries lets that body's rocking grow from round-off (a 10-box stack fell
    // after 7 s).
    fa = frameOf(rangeA);
    fb = frameOf(rangeB);
    auto motion = [](const Frame& f, Vec2 p) {
        const Vec2 rho = p - f.centroid;
        return (f.centroid - f.centroidPrev) + rho - rotate(Rot(-f.rotation), rho);
    };
    const Vec2 tangent = leftPerp(n);
    // Slip: how far B's material point has moved along the tangent from A's. A pair touching for the
    // first time (or that slid last step), and any pair with a circle (a rolling contact changes material
    // point all the time), measures it over the substep: the motion of the points now at `middle`. A
    // polygon pair that stuck keeps anchors, the two material points that were together when it started
    // sticking (PhysX's friction anchors), so what a sweep could not hold back in one step is pulled back
    // in the next instead of adding up to a creep.
    double slip = dot(tangent, motion(fb, middle) - motion(fa, middle));
    const bool anchored = !m_shapes[static_cast<std::size_t>(contact.shapeA)].circle &&
                          !m_shapes[static_cast<std::size_t>(contact.shapeB)].circle;
    if (anchored && ps.anchor >= 0) {
        Anchor& anchor = m_anchors[static_cast<std::size_t>(ps.anchor)].anchor;
        if (anchor.substep + 1 < m_substepCount) {
            // New, or the pair did not push in the last substep: it came apart, and its old material points
            // mean nothing now (a spinning body that bounced off and hit again with its other end was
            // pulled back to where its first end touched, and thrown off faster than it came).
            anchor.valid = false;
        }
        anchor.stamp = m_stamp;
        anchor.substep = m_substepCount;
        const Transform xfA = bodyPose(ctx, bodyA);
        const Transform xfB = bodyPose(ctx, bodyB);
        if (!anchor.valid) {
            // B's material point that was with A's point now at `middle` at the start of the substep.
            anchor.localA = invTransformPoint(xfA, middle);
            anchor.localB = invTransformPoint(xfB, middle + motion(fb, middle) - motion(fa, middle));
            anchor.valid = true;
        }
        slip = dot(tangent, transformPoint(xfB, anchor.localB) - transformPoint(xfA, anchor.localA));
    }
    const double Wt = term(fa, middle, middle, tangent) + term(fb, middle, middle, tangent);
    if (Wt <= 0.0) {
        return;
    }
    const double limit = friction * ps.pointN[0];
    const double wanted = ps.pointT[0] - slip / Wt;
    const double accumulated = std::clamp(wanted, -limit, limit);
    ps.sliding = accumulated != wanted;
    ps.tangent = tangent;
    ps.anchorBodyA = bodyA;
    ps.anchorBodyB = bodyB;
    const double lambdaT = accumulated - ps.pointT[0];
    ps.pointT[0] = accumulated;
    auto rub = [&](const Frame& f, VerletRange range, double sign) {
        if (!f.movable) {
            return;
        }
        const double angle =
            f.inertia > 0.0 ? sign * lambdaT * cross(middle - f.centroid, tangent) / f.inertia : 0.0;
        rigidShift(range, f, (sign * lambdaT / f.mass) * tangent, angle, false);
    };
    rub(fb, rangeB, 1.0);
    rub(fa, rangeA, -1.0);
    // Reported on the manifold point nearest the middle; the impulse on B along rightPerp(normal A->B) is
    // -lambda_t / h.
    const int slot = nearestManifoldPoint(contact, ctx.touching, middle);
    if (slot >= 0) {
        ps.tangentImpulse[slot] += -lambdaT / h;
    }
}

void VerletSolver::solveArticle(const SolverContext& ctx, int ci, const Manifold& manifold, double h) {
    // VerletResponse::Article (source 002 ProcessCollision): each overlapping manifold point is a point-edge
    // constraint between the particles it lies on. The manifold point is midway between the surfaces, so the
    // two surface points are
    //   p_A = point + depth / 2 n,   p_B = point - depth / 2 n        (n from A to B)
    // each expressed on its shape's particles (surfaceSide): a polygon's nearest particle edge (the
    // collision edge, or the edge through the collision vertex), a circle's centre cluster plus its radius.
    const Vec2 n = manifold.normal;
    for (int k = 0; k < manifold.pointCount; ++k) {
        const ManifoldPoint& mp = manifold.points[k];
        if (!(mp.depth > 0.0)) {
            continue;
        }
        const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
        const ShapeCache& sa = m_shapes[static_cast<std::size_t>(c.shapeA)];
        const ShapeCache& sb = m_shapes[static_cast<std::size_t>(c.shapeB)];
        const Vec2 pA = mp.point + (0.5 * mp.depth) * n;
        const Vec2 pB = mp.point - (0.5 * mp.depth) * n;
        const Side sideA = surfaceSide(c.shapeA, pA);
        const Side sideB = surfaceSide(c.shapeB, pB);
        const Side frictionA = sa.circle ? rimSide(c.shapeA, pA) : sideA;
        const Side frictionB = sb.circle ? rimSide(c.shapeB, pB) : sideB;
        const double radiusA = sa.circle ? sa.radius : 0.0;
        const double radiusB = sb.circle ? sb.radius : 0.0;
        solvePoint(ctx, ci, k, sideA, sideB, n, radiusA + radiusB, radiusB, frictionA, frictionB, h);
    }
}

VerletSolver::Side VerletSolver::surfaceSide(int shapeSlot, Vec2 worldPoint) const {
    // A circle: its centre cluster (the radius is added by the constraint). A polygon: the particle edge
    // nearest the point, and the point's parameter t on it: beta = (1 - t, t) (source 002's collision edge).
    const ShapeCache& sc = m_shapes[static_cast<std::size_t>(shapeSlot)];
    if (sc.circle) {
        return centreSide(shapeSlot);
    }
    Side side;
    side.count = 2;
    double best = std::numeric_limits<double>::infinity();
    for (int k = 0; k < sc.count; ++k) {
        const int i1 = sc.first + k;
        const int i2 = sc.first + (k + 1 == sc.count ? 0 : k + 1);
        const Vec2 v1 = m_particles[static_cast<std::size_t>(i1)].position;
        const Vec2 e = m_particles[static_cast<std::size_t>(i2)].position - v1;
        const double len2 = lengthSquared(e);
        const double t = len2 > 0.0 ? std::clamp(dot(worldPoint - v1, e) / len2, 0.0, 1.0) : 0.0;
        const double d2 = distanceSquared(v1 + t * e, worldPoint);
        if (d2 < best) {
            best = d2;
            side.index[0] = i1;
            side.index[1] = i2;
            side.beta[0] = 1.0 - t;
            side.beta[1] = t;
        }
    }
    return side;
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

void VerletSolver::solvePoint(const SolverContext& ctx, int ci, int feature, const Side& sideA,
                              const Side& sideB, Vec2 n, double target, double radiusB, const Side& frictionA,
                              const Side& frictionB, double h) {
    // Point-edge response (source 002 ProcessCollision as a PBD constraint, Mueller et al. 2007 eq. 2-4):
    //   C = n . (p_B - p_A) - target,  p = sum beta_k x_k      (only when C < 0; n from A to B)
    //   lambda = -C / W,  W = generalised inverse mass of both sides along n (Side)
    //   B += lambda n,  A -= lambda n       (split by the sides' inverse masses)
    // The touched particles move, x_k += w_k beta_k lambda n; with equal inverse masses the edge point at t
    // moves as far as the vertex and its end points by (1 - t) L and t L of it, L = 1 / (t^2 + (1 - t)^2)
    // (the article's lambda); sum m_k dx_k = 0.
    // Friction (Coulomb, positional): slip = tangent . (motion of the contact point on B - on A) in this
    // substep; lambda_t = -slip / W_t, clamped so that over the step the pair's sum |lambda_t| <=
    // mu * sum lambda_n.
    const double C = dot(n, sidePoint(sideB) - sidePoint(sideA)) - target;
    if (!(C < 0.0)) {
        return;
    }
    const Vec2 contactPoint = sidePoint(sideB) - radiusB * n;
    const Side& nb = sideA;
    const Side& na = sideB;
    const Side& fb = frictionA;
    const Side& fa = frictionB;
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
    recordHit(ci, contactPoint, n, lambda);
    const int slot = nearestManifoldPoint(contact, ctx.touching, contactPoint);
    if (slot >= 0) {
        ps.normalImpulse[slot] += lambda / h;
    }

    const double friction = frictionOf(contact, ctx.shapes);
    if (friction <= 0.0) {
        return;
    }
    const Vec2 tangent = leftPerp(n);
    const double slip = dot(tangent, sideMotion(fa) - sideMotion(fb));
    const double Wt = sideWeight(fb, tangent) + sideWeight(fa, tangent);
    if (Wt <= 0.0) {
        return;
    }
    const double limit = friction * ps.pointN[feature];
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

void VerletSolver::recordHit(int ci, Vec2 point, Vec2 normalAtoB, double lambda) {
    PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
    ps.hit = true;
    ps.pushMoment += lambda * point;
    ps.pushSum += lambda;
    ps.normal = normalAtoB;
}

Vec2 VerletSolver::preVelocity(int bodySlot, const Frame& frame, Vec2 worldPoint) const {
    // Velocity of the body's material point now at worldPoint as it was before the substep's contacts:
    // the centroid's and the spin's (predict) about the centroid now.
    const BodyCache& bc = m_bodies[static_cast<std::size_t>(bodySlot)];
    return bc.preV + cross(bc.preW, worldPoint - frame.centroid);
}

void VerletSolver::applyRestitution(const SolverContext& ctx, double h) {
    // Restitution as a velocity pass after each substep's position solve (Mueller et al., "Detailed Rigid
    // Body Simulation with Extended Position Based Dynamics", 2020, section 3.6 and algorithm 2), at the
    // point where the substep pushed the pair apart, with the lever arms of the bodies as they are now:
    //   approach = n . (vB~ + wB~ x rB - vA~ - wA~ x rA)   velocities before the substep's contacts (predict)
    //   vn       = n . (vB + wB x rB - vA - wA x rA)       velocities now, from x - x_prev of the particles
    //   if approach < -threshold and vn < -e approach:
    //     J = (-e approach - vn) / (1/mA + (rA x n)^2 / IA + 1/mB + (rB x n)^2 / IB)
    //     A: dv = -J n / mA, dw = -(rA x n) J / IA;  B: +   (x_prev moved so that x - x_prev changes by h dv
    //     and the turn by h dw)
    // Both velocities are the same material points' at the same instant, so a pair gets back at most e
    // times the normal speed it had, and a body that turned during the step is pushed where it touched in
    // this substep, not where it touched first (a small body spinning at 30 rad/s turns half a radian in a
    // 60 Hz step; applying the step's first touch after the whole step spun it faster from step to step:
    // soak scene 29). Equal and opposite impulses: momentum is kept.
    const double threshold = ctx.settings->restitutionThreshold;
    for (const int ci : m_order) {
        PairState& ps = m_pairs[static_cast<std::size_t>(ci)];
        if (!ps.hit) {
            continue;
        }
        ps.hit = false;
        const Vec2 p = ps.pushSum > 0.0 ? ps.pushMoment / ps.pushSum : ps.pushMoment;
        ps.pushMoment = {};
        ps.pushSum = 0.0;
        const ContactSim& c = ctx.contacts[static_cast<std::size_t>(ci)];
        const int bodyA = m_shapes[static_cast<std::size_t>(c.shapeA)].body;
        const int bodyB = m_shapes[static_cast<std::size_t>(c.shapeB)].body;
        const VerletRange rangeA = m_bodies[static_cast<std::size_t>(bodyA)].particles;
        const VerletRange rangeB = m_bodies[static_cast<std::size_t>(bodyB)].particles;
        const Frame fa = frameOf(rangeA);
        const Frame fb = frameOf(rangeB);
        const Vec2 n = ps.normal;
        const double approach = dot(n, preVelocity(bodyB, fb, p) - preVelocity(bodyA, fa, p));
        if (!ps.touched) {
            ps.touched = true;
            ps.approach = approach;
        }
        const double restitution = restitutionOf(c, ctx.shapes);
        if (restitution <= 0.0 || approach >= -threshold) {
            continue;
        }
        auto velocity = [h](const Frame& f, Vec2 point) {
            return (f.centroid - f.centroidPrev) / h + cross(f.rotation / h, point - f.centroid);
        };
        const double vn = dot(n, velocity(fb, p) - velocity(fa, p));
        const double target = -restitution * approach;
        if (vn >= target) {
            continue;
        }
        auto weight = [n, p](const Frame& f) {
            if (!f.movable) {
                return 0.0;
            }
            const double rn = cross(p - f.centroid, n);
            return 1.0 / f.mass + (f.inertia > 0.0 ? rn * rn / f.inertia : 0.0);
        };
        const double k = weight(fa) + weight(fb);
        if (!(k > 0.0)) {
            continue;
        }
        const double J = (target - vn) / k;
        ps.restitutionImpulse += J;
        // x_prev' = c_prev - h dv + R(-h dw) (x_prev - c_prev): the motion x_prev -> x becomes the old one
        // followed by the velocity change (exact for a rigid motion).
        auto kick = [this, h, n, p](const Frame& f, VerletRange range, double impulse) {
            if (!f.movable) {
                return;
            }
            const Vec2 dv = (impulse / f.mass) * n;
            const double dw = f.inertia > 0.0 ? impulse * cross(p - f.centroid, n) / f.inertia : 0.0;
            const Rot back(-h * dw);
            const Vec2 base = f.centroidPrev - h * dv;
            for (int k2 = range.first; k2 < range.first + range.count; ++k2) {
                VerletParticle& q = m_particles[static_cast<std::size_t>(k2)];
                q.previous = base + rotate(back, q.previous - f.centroidPrev);
            }
        };
        kick(fa, rangeA, -J);
        kick(fb, rangeB, J);
    }
}

namespace {

std::uint64_t pairKey(int shapeA, int shapeB) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(shapeA)) << 32) |
           static_cast<std::uint32_t>(shapeB);
}

} // namespace

void VerletSolver::prepareAnchors(const SolverContext& ctx) {
    auto polygonPair = [this](const ContactSim& c) {
        const int n = static_cast<int>(m_shapes.size());
        return c.shapeA >= 0 && c.shapeB >= 0 && c.shapeA < n && c.shapeB < n &&
               m_shapes[static_cast<std::size_t>(c.shapeA)].built &&
               m_shapes[static_cast<std::size_t>(c.shapeB)].built &&
               !m_shapes[static_cast<std::size_t>(c.shapeA)].circle &&
               !m_shapes[static_cast<std::size_t>(c.shapeB)].circle;
    };
    // Every polygon pair of the contact list gets an entry (a new one invalid), then its index: appended,
    // sorted once, found by binary search. At most two steps' contacts are held (endAnchors erases the
    // rest), so the capacity reserved here stops growing once the contact list does.
    m_anchors.reserve(2 * ctx.contacts.size());
    auto less = [](const AnchorEntry& e, std::uint64_t key) {
        return e.key < key;
    };
    const std::size_t sorted = m_anchors.size();
    for (const ContactSim& c : ctx.contacts) {
        if (!polygonPair(c)) {
            continue;
        }
        const std::uint64_t key = pairKey(c.shapeA, c.shapeB);
        const auto end = m_anchors.begin() + static_cast<std::ptrdiff_t>(sorted);
        const auto it = std::lower_bound(m_anchors.begin(), end, key, less);
        if (it == end || it->key != key) {
            m_anchors.push_back({key, Anchor{}});
        }
    }
    if (m_anchors.size() != sorted) {
        std::sort(m_anchors.begin(), m_anchors.end(),
                  [](const AnchorEntry& x, const AnchorEntry& y) { return x.key < y.key; });
    }
    for (std::size_t ci = 0; ci < ctx.contacts.size(); ++ci) {
        const ContactSim& c = ctx.contacts[ci];
        if (!polygonPair(c)) {
            continue;
        }
        const auto it =
            std::lower_bound(m_anchors.begin(), m_anchors.end(), pairKey(c.shapeA, c.shapeB), less);
        m_pairs[ci].anchor = static_cast<int>(it - m_anchors.begin());
    }
}

void VerletSolver::endAnchors(const SolverContext& ctx) {
    // A pair whose friction ended the step at the Coulomb limit slides: B's anchor is dragged along the
    // tangent until it is at most kAnchorSlop from A's (a rope of that length), so a sliding pair does not
    // pull back when it stops by more than that, while a pair that touched its limit for a step or two
    // keeps its place. Anchors not used for a whole step are erased.
    for (const PairState& ps : m_pairs) {
        if (ps.anchor < 0 || !ps.sliding) {
            continue;
        }
        Anchor& anchor = m_anchors[static_cast<std::size_t>(ps.anchor)].anchor;
        const Transform xfA = bodyPose(ctx, ps.anchorBodyA);
        const Transform xfB = bodyPose(ctx, ps.anchorBodyB);
        const Vec2 a = transformPoint(xfA, anchor.localA);
        const Vec2 b = transformPoint(xfB, anchor.localB);
        const double offset = dot(ps.tangent, b - a);
        const double kept = std::clamp(offset, -kAnchorSlop, kAnchorSlop);
        anchor.localB = invTransformPoint(xfB, b - (offset - kept) * ps.tangent);
    }
    std::erase_if(m_anchors, [this](const AnchorEntry& e) { return e.anchor.stamp + 1 < m_stamp; });
}

void VerletSolver::storeImpulses(SolverContext& ctx) {
    // The corrections of the step as impulses (lambda / h) for the report. A pair of which no body was
    // solved (both asleep, or asleep against static) keeps what it had, as the impulse solver leaves it: a
    // sleeping stack still shows the weight it carries.
    auto solved = [this](int body) {
        return body >= 0 && body < static_cast<int>(m_bodies.size()) &&
               m_bodies[static_cast<std::size_t>(body)].mode == kDynamic;
    };
    // A pair without points has no record: its impulses are zero, as they would be written.
    for (std::size_t ci = 0; ci < ctx.contacts.size(); ++ci) {
        const ContactSim& c = ctx.contacts[ci];
        const PairState& ps = m_pairs[ci];
        if (c.touching < 0 || (!solved(c.bodyA) && !solved(c.bodyB))) {
            continue;
        }
        TouchingSim& t = ctx.touching[static_cast<std::size_t>(c.touching)];
        const int count = t.pointCount;
        for (int k = 0; k < kMaxManifoldPoints; ++k) {
            ContactPointSim& p = t.points[k];
            if (k < count) {
                p.normalImpulse = ps.normalImpulse[k] + (count > 0 ? ps.restitutionImpulse / count : 0.0);
                p.tangentImpulse = ps.tangentImpulse[k];
            } else {
                p.normalImpulse = p.tangentImpulse = 0.0;
            }
            // Verlet has no warm start: its impulses are those of the whole step, which the report shows.
            p.stepNormalImpulse = p.normalImpulse;
            p.stepTangentImpulse = p.tangentImpulse;
        }
    }
}

} // namespace phys
