/// @file impulse_solver.cpp
/// Sequential impulses with soft step or Baumgarte position correction, and the naive push-out response.
/// See impulse_solver.h for the scheme; the references are Catto, "Fast and Simple Physics using Sequential
/// Impulses" (GDC 2006), Box2D 2.4 b2ContactSolver, and Box2D v3 contact_solver.c / solver.c ("Solver2D",
/// 2024).

#include "physics/impulse_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace phys {
namespace {

/// Soft constraint coefficients for a damped spring of `hertz` and damping ratio `zeta` integrated implicitly
/// over a substep h (Catto, "Solver2D: soft step", 2024; Box2D v3 b2MakeSoft):
///   omega = 2 pi hertz, a1 = 2 zeta + h omega, a2 = h omega a1, a3 = 1 / (1 + a2)
///   biasRate = omega / a1 (1/s), massScale = a2 a3, impulseScale = a3
/// A rigid constraint is hertz = 0: biasRate 0, massScale 1, impulseScale 0.
struct Softness {
    double biasRate = 0.0;
    double massScale = 1.0;
    double impulseScale = 0.0;
};

Softness makeSoft(double hertz, double zeta, double h) {
    if (hertz <= 0.0 || h <= 0.0) {
        return {};
    }
    const double omega = 2.0 * kPi * hertz;
    const double a1 = 2.0 * zeta + h * omega;
    const double a2 = h * omega * a1;
    const double a3 = 1.0 / (1.0 + a2);
    return {omega / a1, a2 * a3, a3};
}

/// Rotation advanced by a small angle: q2 = normalize(q + dAngle * leftPerp(q)) (Box2D v3
/// b2IntegrateRotation).
Rot integrateRotation(Rot q, double deltaAngle) {
    const double c = q.c - deltaAngle * q.s;
    const double s = q.s + deltaAngle * q.c;
    const double mag = std::sqrt(c * c + s * s);
    if (!(mag > 0.0)) {
        return q;
    }
    return {c / mag, s / mag};
}

/// Solver-side body state (hot, compact): velocities and the motion since the start of the step.
struct BodyState {
    // What every solver iteration reads first, together: 40 bytes.
    Vec2 v;         ///< m/s
    double w = 0.0; ///< rad/s
    double invMass = 0.0;
    double invInertia = 0.0;
    Vec2 dp; ///< centre displacement since the start of the step, metres
    Rot dq;  ///< rotation since the start of the step
};

// The constraints are split in two arrays (same index): what every iteration reads and writes, and what
// only the once-per-step or once-per-substep passes need. A big scene's sweeps stream the hot array from
// memory (44,000 contacts in the many-pyramids benchmark), so its size is the solver's speed there: the hot
// point keeps only what cannot be recomputed cheaply from what the sweep loads anyway (the lever arms and
// the row couplings are a few multiplies from the anchors, the normal and the bodies' masses).

struct ConstraintPoint {
    // Anchors relative to A's and B's centres at the start of the step, world frame, metres. They stay fixed
    // during the step: the Jacobian's lever arms cross(r, n) and cross(r, t) come from them, and only the
    // separation sees the bodies' motion (Box2D v3 b2ContactConstraintPoint: anchors plus body deltas).
    Vec2 rA;
    Vec2 rB;
    double baseSeparation = 0.0; ///< -depth - dot(rB - rA, n): separation = dot(d, n) + baseSeparation
    double normalMass = 0.0;     ///< 1 / K_nn, kg
    double tangentMass = 0.0;    ///< 1 / K_tt, kg
    double normalImpulse = 0.0;
    double tangentImpulse = 0.0;
    double maxNormalImpulse = 0.0;
};

struct Constraint {
    int a = 0; ///< state index (the last state is the static dummy)
    int b = 0;
    int pointCount = 0;
    int soft = 0; ///< which softness: 0 between two dynamic bodies, 1 against infinite mass (see prepare())
    Vec2 normal;
    double friction = 0.0;
    ConstraintPoint points[kMaxManifoldPoints];
};

struct ConstraintCold {
    int contact = 0; ///< index into the world's contacts
    double restitution = 0.0;
    /// Normal relative velocity before the solve (the approach speed for restitution), m/s
    double relativeVelocity[kMaxManifoldPoints] = {};
    /// Impulses of the substeps before the current one, N s: each substep applies its accumulated impulse
    /// (warm start plus iterations), so the step's impulse is their sum (Box2D v3's totalNormalImpulse).
    double earlierNormal[kMaxManifoldPoints] = {};
    double earlierTangent[kMaxManifoldPoints] = {};
};

/// Largest contact stiffness as a fraction of the substep rate (see prepare()).
constexpr double kMaxHertzPerSubstepRate = 0.125;

/// The three kinds of sweep. They differ only in the velocity bias and the soft scales of the normal rows.
enum class Pass {
    Biased,    ///< soft step, biased iteration: soft contact pushing overlap out at most maxPush
    Relax,     ///< soft step, relax iteration: rigid, no push (only the speculative gap)
    Baumgarte, ///< rigid, pushing out a fraction of the overlap beyond the allowed penetration
};

/// What a point's bias depends on besides its separation (see biasOf()).
struct BiasRule {
    double invH = 0.0;    ///< 1 / substep, 1/s
    double maxPush = 0.0; ///< soft step: largest push-out speed, m/s
    double factor = 0.0;  ///< Baumgarte factor
    double slop = 0.0;    ///< Baumgarte allowed penetration, metres
    Softness soft[2];     ///< Constraint::soft -> the softness
};

/// The bias of a normal row and its soft scales.
struct RowBias {
    double bias = 0.0;             ///< velocity bias, m/s
    double scaledNormalMass = 0.0; ///< normal mass times the soft step mass scale (kg)
    double impulseScale = 0.0;     ///< soft step impulse scale (0 = rigid)
};

/// A point's bias for the separation s (metres, negative = overlap) (Catto 2006; Box2D v3 b2SolveContact):
///   s > 0 (speculative):  bias = s / h        -> the gap may close in this substep, no further
///   soft step, biased:    bias = max(biasRate s, -maxPush), soft mass and impulse scales
///   Baumgarte:            bias = -factor / h * max(0, -s - allowedPenetration)
///   relax:                bias = 0, rigid
template <Pass kPass>
RowBias biasOf(double s, double normalMass, const Softness& softness, const BiasRule& rule) {
    if (s > 0.0) {
        return {s * rule.invH, normalMass, 0.0};
    }
    if constexpr (kPass == Pass::Baumgarte) {
        return {-rule.factor * rule.invH * std::max(0.0, -s - rule.slop), normalMass, 0.0};
    } else if constexpr (kPass == Pass::Biased) {
        return {std::max(softness.biasRate * s, -rule.maxPush), normalMass * softness.massScale,
                softness.impulseScale};
    } else {
        return {0.0, normalMass, 0.0};
    }
}

/// The current separation of point p (metres): the anchors moved with their bodies' motion since the step
/// began, along the step's normal.
inline double separationOf(const ConstraintPoint& p, Vec2 normal, Vec2 dp, Rot dqA, Rot dqB) {
    const Vec2 d = dp + (rotate(dqB, p.rB) - rotate(dqA, p.rA));
    return dot(d, normal) + p.baseSeparation;
}

class ImpulseSolver final : public ContactSolver {
public:
    void step(SolverContext& context) override;
    std::unique_ptr<ContactSolver> clone() const override;

private:
    void prepare(SolverContext& context);
    void integrateVelocities(const SolverContext& context, double h);
    void integratePositions(double h);
    void warmStart(bool firstSubstep);
    template <Pass kPass> void solve();
    void applyRestitution(double threshold);
    void storeImpulses(SolverContext& context);
    void finish(SolverContext& context);
    void pushOut(SolverContext& context);

    std::vector<BodyState> m_states; ///< one per simulated body, then the static dummy
    std::vector<int> m_stateOf;      ///< body slot -> state index
    // The constraints of this step are the first m_count entries. The arrays only grow: refilling them in
    // place spares zeroing a fresh Constraint per contact every step (a quarter of prepare() in a profile).
    std::vector<Constraint> m_constraints;
    std::size_t m_count = 0;
    std::vector<ConstraintCold> m_cold; ///< same index as m_constraints
    BiasRule m_rule;                    ///< this step's bias rule (set by prepare())

    /// A contact that becomes a constraint this step, with its bodies' state indices.
    struct SweepEntry {
        int contact = 0;
        int a = 0;
        int b = 0;
    };
    void scheduleSweep(int stateCount);
    // Scratch of prepare() and scheduleSweep(), kept to spare the allocations.
    std::vector<SweepEntry> m_entries; ///< in contact order
    std::vector<int> m_order;          ///< the sweep order, indices into m_entries
    std::vector<int> m_head;           ///< per state: its first unplaced entry, or -1
    std::vector<int> m_nextOnBody;     ///< per entry and side: the next entry on that body, or -1
    std::vector<int> m_ready;          ///< entries whose earlier entries on both bodies are placed
};

void ImpulseSolver::prepare(SolverContext& ctx) {
    // Pseudocode (Box2D 2.4 b2ContactSolver ctor + InitializeVelocityConstraints; v3 b2PrepareContactsTask):
    //   for each contact with points, not both bodies frozen:
    //     for each point: rA = p - cA, rB = p - cB
    //       kN = mA + mB + iA (rA x n)^2 + iB (rB x n)^2, normalMass = 1 / kN (0 if kN = 0); the same on t
    //       relativeVelocity = n . (vB + wB x rB - vA - wA x rA)       (before gravity: the approach speed)
    //       accumulated impulses from the previous step (warm start) or 0
    const int n = static_cast<int>(ctx.awakeBodies.size());
    m_states.resize(static_cast<std::size_t>(n) + 1);
    m_stateOf.assign(ctx.bodies.size(), n);
    for (int i = 0; i < n; ++i) {
        const int slot = ctx.awakeBodies[static_cast<std::size_t>(i)];
        const BodySim& body = ctx.bodies[static_cast<std::size_t>(slot)];
        BodyState& s = m_states[static_cast<std::size_t>(i)];
        s.v = body.linearVelocity;
        s.w = body.angularVelocity;
        s.dp = {};
        s.dq = Rot{};
        s.invMass = body.invMass;
        s.invInertia = body.invInertia;
        m_stateOf[static_cast<std::size_t>(slot)] = i;
    }
    m_states[static_cast<std::size_t>(n)] = BodyState{};

    const WorldSettings& settings = *ctx.settings;
    const double h = ctx.timeStep / settings.substeps;
    // Soft step (Box2D v3 b2PrepareStagesTask / b2MakeSoft): the contact stiffness is capped at an eighth of
    // the substep rate, beyond which one iteration per substep no longer keeps a stiff contact stable
    // (measured: 60 Hz contacts with 4 substeps at 60 Hz blow up a pyramid under a 300:1 box and fold a card
    // house, with 8 substeps they hold), and contacts against infinite mass get twice the stiffness: they
    // carry the whole load, and a soft ground lets a heavy body sink (a 400:1 box on two small ones sinks 6
    // cm more at 60 Hz).
    const double hertz = std::min(settings.contactHertz, kMaxHertzPerSubstepRate / h);
    m_rule.invH = 1.0 / h;
    m_rule.maxPush = settings.maxPushVelocity;
    m_rule.factor = settings.baumgarteFactor;
    m_rule.slop = settings.allowedPenetration;
    m_rule.soft[0] = makeSoft(hertz, settings.contactDampingRatio, h);
    m_rule.soft[1] = makeSoft(2.0 * hertz, settings.contactDampingRatio, h);

    if (m_constraints.size() < ctx.contacts.size()) {
        m_constraints.resize(ctx.contacts.size());
        m_cold.resize(ctx.contacts.size());
    }
    m_entries.clear();
    for (int ci = 0; ci < static_cast<int>(ctx.contacts.size()); ++ci) {
        const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(ci)];
        if (contact.manifold.pointCount == 0) {
            continue;
        }
        const int a = m_stateOf[static_cast<std::size_t>(contact.bodyA)];
        const int b = m_stateOf[static_cast<std::size_t>(contact.bodyB)];
        // Both frozen (both on the dummy), or one body twice (addPair never makes such a contact): nothing to
        // solve, and scheduleSweep() needs two distinct bodies per constraint.
        if (a == b) {
            continue;
        }
        m_entries.push_back({ci, a, b});
    }
    scheduleSweep(n + 1);
    m_count = 0;
    for (const int entry : m_order) {
        const int ci = m_entries[static_cast<std::size_t>(entry)].contact;
        const int a = m_entries[static_cast<std::size_t>(entry)].a;
        const int b = m_entries[static_cast<std::size_t>(entry)].b;
        const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(ci)];
        const BodySim& bodyA = ctx.bodies[static_cast<std::size_t>(contact.bodyA)];
        const BodySim& bodyB = ctx.bodies[static_cast<std::size_t>(contact.bodyB)];
        // Every field the passes read is written below (points past pointCount are never read).
        Constraint& c = m_constraints[m_count];
        ConstraintCold& cold = m_cold[m_count];
        ++m_count;
        c.a = a;
        c.b = b;
        cold.contact = ci;
        c.normal = contact.manifold.normal;
        c.friction = contact.friction;
        cold.restitution = contact.restitution;
        const double mA = m_states[static_cast<std::size_t>(a)].invMass;
        const double iA = m_states[static_cast<std::size_t>(a)].invInertia;
        const double mB = m_states[static_cast<std::size_t>(b)].invMass;
        const double iB = m_states[static_cast<std::size_t>(b)].invInertia;
        c.soft = (mA == 0.0 || mB == 0.0) ? 1 : 0;
        c.pointCount = contact.manifold.pointCount;
        const Vec2 normal = c.normal;
        const Vec2 tangent = rightPerp(normal);
        const BodyState& sa = m_states[static_cast<std::size_t>(a)];
        const BodyState& sb = m_states[static_cast<std::size_t>(b)];
        for (int k = 0; k < c.pointCount; ++k) {
            const ManifoldPoint& mp = contact.manifold.points[k];
            ConstraintPoint& cp = c.points[k];
            const Vec2 rA = mp.point - bodyA.center;
            const Vec2 rB = mp.point - bodyB.center;
            cp.rA = rA;
            cp.rB = rB;
            cp.baseSeparation = -mp.depth - dot(rB - rA, normal);
            const double rnA = cross(rA, normal);
            const double rnB = cross(rB, normal);
            const double kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
            cp.normalMass = kNormal > 0.0 ? 1.0 / kNormal : 0.0;
            const double rtA = cross(rA, tangent);
            const double rtB = cross(rB, tangent);
            const double kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
            cp.tangentMass = kTangent > 0.0 ? 1.0 / kTangent : 0.0;
            const bool warm = settings.warmStarting;
            cp.normalImpulse = warm ? contact.points[k].normalImpulse : 0.0;
            cp.tangentImpulse = warm ? contact.points[k].tangentImpulse : 0.0;
            cp.maxNormalImpulse = 0.0;
            const Vec2 dv = sb.v + cross(sb.w, rB) - sa.v - cross(sa.w, rA);
            cold.relativeVelocity[k] = dot(normal, dv);
            cold.earlierNormal[k] = 0.0;
            cold.earlierTangent[k] = 0.0;
        }
    }
}

void ImpulseSolver::scheduleSweep(int stateCount) {
    // The order of the Gauss-Seidel sweep. A sweep is bound by latency when a constraint needs velocities
    // the one just before it has written: the processor cannot start it until the other's chain of rows is
    // done. In contact order that is the common case (a box's contacts come together), so the constraints
    // are listed so that, where possible, consecutive ones share no body and can run overlapped.
    // Any order that keeps, for every body, the contact order of the constraints on that body gives the same
    // sweep to the last bit: two constraints without a common body commute exactly, since each reads and
    // writes only its own two bodies' states (the static dummy counts as a body). So this is a list
    // schedule of that partial order: a constraint is ready once the earlier constraints on both its bodies
    // are placed, and each step takes, among the first kLookahead ready ones, the first that shares no body
    // with the one placed last (else the first ready one). (An order that does not keep it, such as a graph
    // colouring, changes the convergence: a 10-box stack then drifted 1.2-1.4 cm in 10 s, over the test's
    // limit of 1 cm.)
    constexpr std::size_t kLookahead = 8;
    const int count = static_cast<int>(m_entries.size());
    m_head.assign(static_cast<std::size_t>(stateCount), -1);
    m_nextOnBody.resize(2 * static_cast<std::size_t>(count));
    for (int k = count - 1; k >= 0; --k) {
        const SweepEntry& e = m_entries[static_cast<std::size_t>(k)];
        m_nextOnBody[2 * static_cast<std::size_t>(k)] = m_head[static_cast<std::size_t>(e.a)];
        m_head[static_cast<std::size_t>(e.a)] = k;
        m_nextOnBody[2 * static_cast<std::size_t>(k) + 1] = m_head[static_cast<std::size_t>(e.b)];
        m_head[static_cast<std::size_t>(e.b)] = k;
    }
    auto ready = [this](int k) {
        const SweepEntry& e = m_entries[static_cast<std::size_t>(k)];
        return m_head[static_cast<std::size_t>(e.a)] == k && m_head[static_cast<std::size_t>(e.b)] == k;
    };
    auto shares = [this](int j, int k) {
        const SweepEntry& x = m_entries[static_cast<std::size_t>(j)];
        const SweepEntry& y = m_entries[static_cast<std::size_t>(k)];
        return x.a == y.a || x.a == y.b || x.b == y.a || x.b == y.b;
    };
    m_ready.clear();
    for (int k = 0; k < count; ++k) {
        if (ready(k)) {
            m_ready.push_back(k);
        }
    }
    m_order.clear();
    std::size_t front = 0;
    int last = -1;
    while (front < m_ready.size()) {
        std::size_t pick = front;
        if (last >= 0) {
            const std::size_t end = std::min(m_ready.size(), front + kLookahead);
            for (std::size_t p = front; p < end; ++p) {
                if (!shares(m_ready[p], last)) {
                    pick = p;
                    break;
                }
            }
        }
        std::swap(m_ready[front], m_ready[pick]);
        const int k = m_ready[front++];
        m_order.push_back(k);
        last = k;
        // Release k's bodies; the next constraint on each may now be ready (once, if it is on both).
        const SweepEntry& e = m_entries[static_cast<std::size_t>(k)];
        const int nextA = m_nextOnBody[2 * static_cast<std::size_t>(k)];
        const int nextB = m_nextOnBody[2 * static_cast<std::size_t>(k) + 1];
        m_head[static_cast<std::size_t>(e.a)] = nextA;
        m_head[static_cast<std::size_t>(e.b)] = nextB;
        if (nextA >= 0 && ready(nextA)) {
            m_ready.push_back(nextA);
        }
        if (nextB >= 0 && nextB != nextA && ready(nextB)) {
            m_ready.push_back(nextB);
        }
    }
}

void ImpulseSolver::integrateVelocities(const SolverContext& ctx, double h) {
    // Semi-implicit (symplectic) Euler, velocity half: v += h (F / m + g), w += h T / I, then damping:
    // exponential v *= 1 / (1 + h c) (Box2D), or the source's clamped air drag v -= clamp(|v|, 1) c h.
    const WorldSettings& settings = *ctx.settings;
    const double linearDamping = settings.linearDamping;
    const double angularDamping = settings.angularDamping;
    const double linearFactor = 1.0 / (1.0 + h * linearDamping);
    const double angularFactor = 1.0 / (1.0 + h * angularDamping);
    const int n = static_cast<int>(ctx.awakeBodies.size());
    for (int i = 0; i < n; ++i) {
        const BodySim& body =
            ctx.bodies[static_cast<std::size_t>(ctx.awakeBodies[static_cast<std::size_t>(i)])];
        if (body.type != BodyType::Dynamic) {
            continue;
        }
        BodyState& s = m_states[static_cast<std::size_t>(i)];
        Vec2 v = s.v + h * (body.invMass * body.force + settings.gravity);
        double w = s.w + h * body.invInertia * body.torque;
        if (settings.clampedDrag) {
            // Source 000 "Air Drag": subtract the velocity clamped to length 1, times drag dt; never reverse
            // it.
            const double speed = length(v);
            const double cut = std::min(speed, 1.0) * linearDamping * h;
            v = speed > 0.0 ? v * (std::max(0.0, speed - cut) / speed) : v;
            const double spin = std::abs(w);
            const double cutW = std::min(spin, 1.0) * angularDamping * h;
            w = spin > 0.0 ? w * (std::max(0.0, spin - cutW) / spin) : w;
        } else {
            v = linearFactor * v;
            w = angularFactor * w;
        }
        s.v = v;
        s.w = w;
    }
}

void ImpulseSolver::integratePositions(double h) {
    // Semi-implicit Euler, position half, on the motion since the step start: dp += h v, dq turned by exactly
    // h w (cos/sin rather than Box2D's normalised first-order update, so a free spin keeps its angle to
    // round-off).
    const std::size_t n = m_states.size() - 1;
    for (std::size_t i = 0; i < n; ++i) {
        BodyState& s = m_states[i];
        s.dp += h * s.v;
        if (s.w != 0.0) {
            s.dq = mulRot(Rot(h * s.w), s.dq);
        }
    }
}

void ImpulseSolver::warmStart(bool firstSubstep) {
    // Apply the accumulated impulses P = lambda_n n + lambda_t t (Catto 2006 "warm starting"): last step's
    // in the first substep, the previous substep's in the others, which this substep applies again in full;
    // so they also count towards the step's total impulse that reports show.
    for (std::size_t i = 0; i < m_count; ++i) {
        const Constraint& c = m_constraints[i];
        BodyState& a = m_states[static_cast<std::size_t>(c.a)];
        BodyState& b = m_states[static_cast<std::size_t>(c.b)];
        const Vec2 normal = c.normal;
        const Vec2 tangent = rightPerp(normal);
        for (int k = 0; k < c.pointCount; ++k) {
            const ConstraintPoint& cp = c.points[k];
            if (!firstSubstep) {
                m_cold[i].earlierNormal[k] += cp.normalImpulse;
                m_cold[i].earlierTangent[k] += cp.tangentImpulse;
            }
            const Vec2 P = cp.normalImpulse * normal + cp.tangentImpulse * tangent;
            a.v -= a.invMass * P;
            a.w -= a.invInertia *
                   (cp.normalImpulse * cross(cp.rA, normal) + cp.tangentImpulse * cross(cp.rA, tangent));
            b.v += b.invMass * P;
            b.w += b.invInertia *
                   (cp.normalImpulse * cross(cp.rB, normal) + cp.tangentImpulse * cross(cp.rB, tangent));
        }
    }
}

template <Pass kPass> void ImpulseSolver::solve() {
    // One Gauss-Seidel pass (Catto 2006; Box2D v3.0 b2SolveContact), rows in the order n1, n2 (normal, each
    // clamped to push only) then t1, t2 (friction, clamped to the cone of the new normal impulses):
    //   s = n . ((dpB + dqB rB) - (dpA + dqA rA)) + baseSeparation    (current separation, see biasOf())
    //   normal:   lambda = -normalMass massScale (un + bias) - impulseScale acc ; acc' = max(acc + lambda, 0)
    //   friction: lambda = -tangentMass ut ;  acc' = clamp(acc + lambda, -mu acc_n, mu acc_n)
    // The separation is computed here, as v3 does, rather than in a pass of its own before each group of
    // iterations: the positions do not change within the group, so the result is the same to the bit, and
    // a big scene streams its constraints from memory once per iteration instead of twice.
    // Each row reads the relative velocity u_r = J_r v left by the rows before it. Instead of updating the
    // bodies' velocities after each row and projecting them again (a chain of about twelve dependent
    // operations per row, which bound this loop), the four u_r are projected once and each row's impulse
    // updates the later rows' u directly: u_s += K_rs (acc'_r - acc_r), with the couplings
    //   K_rs = (mA + mB) d_r . d_s + iA cA_r cA_s + iB cB_r cB_s
    // (d the row's direction, n or t with n . t = 0, and c its lever arm on each body). In exact arithmetic
    // this is the same sweep; only the rounding differs. (Box2D 2.4's block solver works on the same
    // constraint-space velocities: b2ContactSolver::SolveVelocityConstraints forms b = vn - K a from the old
    // impulses a.) What does not depend on an earlier row of this constraint is computed first, off the
    // chain from one row to the next: the normal row is acc' = max(base - normalMass massScale un, 0) with
    // base = acc (1 - impulseScale) - normalMass massScale bias, and each later u starts at J_s v - K_rs
    // acc_r, so between two rows the chain is a multiply and an add into u, then the row's multiply, subtract
    // and clamp.
    const BiasRule& rule = m_rule;
    for (Constraint& c : std::span(m_constraints.data(), m_count)) {
        BodyState& a = m_states[static_cast<std::size_t>(c.a)];
        BodyState& b = m_states[static_cast<std::size_t>(c.b)];
        const Vec2 normal = c.normal;
        const Vec2 tangent = rightPerp(normal);
        const Vec2 dv = b.v - a.v;
        const double dvn = dot(dv, normal);
        const double dvt = dot(dv, tangent);
        const double wA = a.w;
        const double wB = b.w;
        const double mA = a.invMass;
        const double iA = a.invInertia;
        const double mB = b.invMass;
        const double iB = b.invInertia;
        const Vec2 dp = b.dp - a.dp;
        const Softness& softness = rule.soft[c.soft];
        const double mu = c.friction;
        ConstraintPoint& p1 = c.points[0];
        const double rn1A = cross(p1.rA, normal);
        const double rn1B = cross(p1.rB, normal);
        const double rt1A = cross(p1.rA, tangent);
        const double rt1B = cross(p1.rB, tangent);
        const RowBias b1 =
            biasOf<kPass>(separationOf(p1, normal, dp, a.dq, b.dq), p1.normalMass, softness, rule);
        const double kN1T1 = iA * rn1A * rt1A + iB * rn1B * rt1B;
        const double n1Old = p1.normalImpulse;
        const double t1Old = p1.tangentImpulse;
        const double n1Base = n1Old * (1.0 - b1.impulseScale) - b1.scaledNormalMass * b1.bias;
        double impulseN = 0.0; // sums of the impulses applied along n and t
        double impulseT = 0.0;
        double angularA = 0.0; // sums of impulse times lever arm, per body
        double angularB = 0.0;
        if (c.pointCount == 2) {
            ConstraintPoint& p2 = c.points[1];
            const double rn2A = cross(p2.rA, normal);
            const double rn2B = cross(p2.rB, normal);
            const double rt2A = cross(p2.rA, tangent);
            const double rt2B = cross(p2.rB, tangent);
            const RowBias b2 =
                biasOf<kPass>(separationOf(p2, normal, dp, a.dq, b.dq), p2.normalMass, softness, rule);
            const double kN1N2 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B;
            const double kN1T2 = iA * rn1A * rt2A + iB * rn1B * rt2B;
            const double kN2T1 = iA * rn2A * rt1A + iB * rn2B * rt1B;
            const double kN2T2 = iA * rn2A * rt2A + iB * rn2B * rt2B;
            const double kT1T2 = mA + mB + iA * rt1A * rt2A + iB * rt1B * rt2B;
            const double n2Old = p2.normalImpulse;
            const double t2Old = p2.tangentImpulse;
            const double n2Base = n2Old * (1.0 - b2.impulseScale) - b2.scaledNormalMass * b2.bias;
            const double un1 = dvn + wB * rn1B - wA * rn1A;
            const double un2 = dvn + wB * rn2B - wA * rn2A - kN1N2 * n1Old;
            const double ut1 = dvt + wB * rt1B - wA * rt1A - (kN1T1 * n1Old + kN2T1 * n2Old);
            const double ut2 = dvt + wB * rt2B - wA * rt2A - (kN1T2 * n1Old + kN2T2 * n2Old + kT1T2 * t1Old);
            const double n1 = std::max(n1Base - b1.scaledNormalMass * un1, 0.0);
            const double n2 = std::max(n2Base - b2.scaledNormalMass * (un2 + kN1N2 * n1), 0.0);
            const double f1 = mu * n1;
            const double t1 = std::clamp(t1Old - p1.tangentMass * (ut1 + (kN1T1 * n1 + kN2T1 * n2)), -f1, f1);
            const double f2 = mu * n2;
            const double t2 =
                std::clamp(t2Old - p2.tangentMass * (ut2 + (kN1T2 * n1 + kN2T2 * n2 + kT1T2 * t1)), -f2, f2);
            p1.normalImpulse = n1;
            p2.normalImpulse = n2;
            p1.tangentImpulse = t1;
            p2.tangentImpulse = t2;
            const double dn1 = n1 - n1Old, dn2 = n2 - n2Old, dt1 = t1 - t1Old, dt2 = t2 - t2Old;
            p1.maxNormalImpulse = std::max(p1.maxNormalImpulse, dn1);
            p2.maxNormalImpulse = std::max(p2.maxNormalImpulse, dn2);
            impulseN = dn1 + dn2;
            impulseT = dt1 + dt2;
            angularA = (dn1 * rn1A + dn2 * rn2A) + (dt1 * rt1A + dt2 * rt2A);
            angularB = (dn1 * rn1B + dn2 * rn2B) + (dt1 * rt1B + dt2 * rt2B);
        } else {
            const double un1 = dvn + wB * rn1B - wA * rn1A;
            const double ut1 = dvt + wB * rt1B - wA * rt1A - kN1T1 * n1Old;
            const double n1 = std::max(n1Base - b1.scaledNormalMass * un1, 0.0);
            const double f1 = mu * n1;
            const double t1 = std::clamp(t1Old - p1.tangentMass * (ut1 + kN1T1 * n1), -f1, f1);
            p1.normalImpulse = n1;
            p1.tangentImpulse = t1;
            const double dn1 = n1 - n1Old, dt1 = t1 - t1Old;
            p1.maxNormalImpulse = std::max(p1.maxNormalImpulse, dn1);
            impulseN = dn1;
            impulseT = dt1;
            angularA = dn1 * rn1A + dt1 * rt1A;
            angularB = dn1 * rn1B + dt1 * rt1B;
        }
        const Vec2 P = impulseN * normal + impulseT * tangent;
        a.v -= mA * P;
        a.w = wA - iA * angularA;
        b.v += mB * P;
        b.w = wB + iB * angularB;
    }
}

void ImpulseSolver::applyRestitution(double threshold) {
    // Restitution after the solve (Box2D v3 b2ApplyRestitution): for points that approached faster than the
    // threshold and took an impulse, aim the normal velocity at -e * (approach velocity measured before
    // solving).
    for (std::size_t i = 0; i < m_count; ++i) {
        Constraint& c = m_constraints[i];
        const ConstraintCold& cold = m_cold[i];
        if (cold.restitution == 0.0) {
            continue;
        }
        BodyState& a = m_states[static_cast<std::size_t>(c.a)];
        BodyState& b = m_states[static_cast<std::size_t>(c.b)];
        for (int k = 0; k < c.pointCount; ++k) {
            ConstraintPoint& cp = c.points[k];
            if (cold.relativeVelocity[k] > -threshold || cp.maxNormalImpulse == 0.0) {
                continue;
            }
            const double rnA = cross(cp.rA, c.normal);
            const double rnB = cross(cp.rB, c.normal);
            const double vn = dot(b.v - a.v, c.normal) + b.w * rnB - a.w * rnA;
            double impulse = -cp.normalMass * (vn + cold.restitution * cold.relativeVelocity[k]);
            const double newImpulse = std::max(cp.normalImpulse + impulse, 0.0);
            impulse = newImpulse - cp.normalImpulse;
            cp.normalImpulse = newImpulse;
            cp.maxNormalImpulse = std::max(cp.maxNormalImpulse, impulse);
            const Vec2 P = impulse * c.normal;
            a.v -= a.invMass * P;
            a.w -= a.invInertia * impulse * rnA;
            b.v += b.invMass * P;
            b.w += b.invInertia * impulse * rnB;
        }
    }
}

void ImpulseSolver::storeImpulses(SolverContext& ctx) {
    for (std::size_t i = 0; i < m_count; ++i) {
        const Constraint& c = m_constraints[i];
        ContactSim& contact = ctx.contacts[static_cast<std::size_t>(m_cold[i].contact)];
        for (int k = 0; k < c.pointCount; ++k) {
            contact.points[k].normalImpulse = c.points[k].normalImpulse;
            contact.points[k].tangentImpulse = c.points[k].tangentImpulse;
            contact.points[k].stepNormalImpulse = m_cold[i].earlierNormal[k] + c.points[k].normalImpulse;
            contact.points[k].stepTangentImpulse = m_cold[i].earlierTangent[k] + c.points[k].tangentImpulse;
            contact.points[k].maxNormalImpulse = c.points[k].maxNormalImpulse;
            contact.points[k].relativeVelocity = m_cold[i].relativeVelocity[k];
        }
    }
}

void ImpulseSolver::finish(SolverContext& ctx) {
    // Write back: centre = centre0 + dp, rotation = dq q0, velocities.
    const int n = static_cast<int>(ctx.awakeBodies.size());
    for (int i = 0; i < n; ++i) {
        BodySim& body = ctx.bodies[static_cast<std::size_t>(ctx.awakeBodies[static_cast<std::size_t>(i)])];
        const BodyState& s = m_states[static_cast<std::size_t>(i)];
        body.center = body.center0 + s.dp;
        body.xf.q = integrateRotation(mulRot(s.dq, body.xf.q), 0.0);
        body.linearVelocity = s.v;
        body.angularVelocity = s.w;
    }
}

void ImpulseSolver::pushOut(SolverContext& ctx) {
    // The source's naive response (000 "Response", the unchecked "impulse based resolution" box), kept as a
    // foil:
    //   integrate (semi-implicit Euler)
    //   for each contact with depth d > 0 on its deepest point:
    //     move A by -d mA / (mA + mB) n and B by +d mB / (mA + mB) n           (along the MTV, by inverse
    //     mass) vn = n . (vB - vA); if vn < 0: j = -(1 + e) vn / (mA + mB); vA -= j mA n; vB += j mB n
    // No rotation, no friction, no iterations: stacks jitter and never rest, which is the point of the
    // lesson.
    const double h = ctx.timeStep;
    integrateVelocities(ctx, h);
    integratePositions(h);
    const int n = static_cast<int>(ctx.awakeBodies.size());
    for (const ContactSim& contact : ctx.contacts) {
        if (contact.manifold.pointCount == 0) {
            continue;
        }
        double depth = contact.manifold.points[0].depth;
        for (int k = 1; k < contact.manifold.pointCount; ++k) {
            depth = std::max(depth, contact.manifold.points[k].depth);
        }
        const int a = m_stateOf[static_cast<std::size_t>(contact.bodyA)];
        const int b = m_stateOf[static_cast<std::size_t>(contact.bodyB)];
        if (depth <= 0.0 || (a == n && b == n)) {
            continue;
        }
        BodyState& sa = m_states[static_cast<std::size_t>(a)];
        BodyState& sb = m_states[static_cast<std::size_t>(b)];
        const double mSum = sa.invMass + sb.invMass;
        if (mSum <= 0.0) {
            continue;
        }
        const Vec2 normal = contact.manifold.normal;
        sa.dp -= (depth * sa.invMass / mSum) * normal;
        sb.dp += (depth * sb.invMass / mSum) * normal;
        const double vn = dot(sb.v - sa.v, normal);
        if (vn < 0.0) {
            const double j = -(1.0 + contact.restitution) * vn / mSum;
            sa.v -= (j * sa.invMass) * normal;
            sb.v += (j * sb.invMass) * normal;
        }
    }
    for (ContactSim& contact : ctx.contacts) {
        for (ContactPointSim& p : contact.points) {
            p = ContactPointSim{};
        }
    }
}

void ImpulseSolver::step(SolverContext& ctx) {
    const WorldSettings& settings = *ctx.settings;
    prepare(ctx);
    if (settings.response == ResponseKind::PushOut) {
        pushOut(ctx);
        finish(ctx);
        return;
    }
    // Soft step (Box2D v3 b2SolverStage order), or Baumgarte with the same loop and no relax:
    //   for each substep: integrate velocities; warm start; solve(bias) x iterations; integrate positions;
    //                     relax (solve without bias) x relaxIterations
    //   restitution; store impulses
    const bool baumgarte = settings.positionCorrection == PositionCorrection::Baumgarte;
    const int substeps = settings.substeps;
    const double h = ctx.timeStep / substeps;
    for (int sub = 0; sub < substeps; ++sub) {
        integrateVelocities(ctx, h);
        warmStart(sub == 0);
        for (int it = 0; it < settings.iterations; ++it) {
            if (baumgarte) {
                solve<Pass::Baumgarte>();
            } else {
                solve<Pass::Biased>();
            }
        }
        integratePositions(h);
        if (!baumgarte) {
            for (int it = 0; it < settings.relaxIterations; ++it) {
                solve<Pass::Relax>();
            }
        }
    }
    // (Until issue 11 a rigid position pass after the substeps helped a 100:1 ratio at one substep; with
    // eight substeps it is not needed, and in a packing that stays compressed (Solver2D's "Confined") it kept
    // discs jittering at 0.5 m/s instead of 0.19.)
    applyRestitution(settings.restitutionThreshold);
    storeImpulses(ctx);
    finish(ctx);
}

} // namespace

std::unique_ptr<ContactSolver> makeImpulseSolver() {
    return std::make_unique<ImpulseSolver>();
}

/// Its arrays are per-step scratch refilled by prepare(); copied anyway, so the clone is the same object.
std::unique_ptr<ContactSolver> ImpulseSolver::clone() const {
    return std::make_unique<ImpulseSolver>(*this);
}

} // namespace phys
