/// @file solver_trace.cpp
/// The solver trace's row explanations (solver_trace_rows.h) and names. Compiled with -ffp-contract=off like
/// the kernels (physics/CMakeLists.txt): every expression below is the scalar kernel's, operation for
/// operation, so the explained impulses are the kernel's to the bit.

#include "solver_trace_rows.h"

#include <algorithm>
#include <limits>

namespace phys {

const char* biasSourceName(BiasSource source) {
    switch (source) {
    case BiasSource::None:
        return "none (rigid, no bias)";
    case BiasSource::Speculative:
        return "speculative gap (s / h)";
    case BiasSource::SoftContact:
        return "soft contact (spring pushing out)";
    case BiasSource::Baumgarte:
        return "Baumgarte (fraction of the overlap)";
    case BiasSource::Restitution:
        return "restitution (bounce target)";
    }
    return "";
}

const char* stageName(SolverStage stage) {
    switch (stage) {
    case SolverStage::WarmStart:
        return "warm start";
    case SolverStage::Solve:
        return "solve";
    case SolverStage::Relax:
        return "relax";
    case SolverStage::Restitution:
        return "restitution";
    }
    return "";
}

namespace wide {
namespace {

// The scalar kernel's max/min (wide_scalar.cpp ScalarOps): the second operand on ties and NaN.
double maxOf(double a, double b) {
    return a > b ? a : b;
}
double minOf(double a, double b) {
    return a < b ? a : b;
}

/// A body's velocities after the impulses (dn1, dn2, dt1, dt2) of one constraint, by the kernel's formula.
/// With the rows not yet solved at zero this is the body's velocity part way through the constraint (the
/// kernel itself updates the bodies once per constraint; in exact arithmetic the rows one at a time give the
/// same); with all four it is what the kernel writes.
struct Deltas {
    double n1 = 0.0, n2 = 0.0, t1 = 0.0, t2 = 0.0;
};
struct Arms {
    double rn1A, rn1B, rt1A, rt1B, rn2A, rn2B, rt2A, rt2B;
};
void velocitiesAfter(const BodyState& a, const BodyState& b, double nx, double ny, const Arms& r,
                     const Deltas& d, TraceVelocity& outA, TraceVelocity& outB) {
    const double tx = ny;
    const double ty = 0.0 - nx;
    const double impulseN = d.n1 + d.n2;
    const double impulseT = d.t1 + d.t2;
    const double angularA = (d.n1 * r.rn1A + d.n2 * r.rn2A) + (d.t1 * r.rt1A + d.t2 * r.rt2A);
    const double angularB = (d.n1 * r.rn1B + d.n2 * r.rn2B) + (d.t1 * r.rt1B + d.t2 * r.rt2B);
    const double px = impulseN * nx + impulseT * tx;
    const double py = impulseN * ny + impulseT * ty;
    outA.v = {a.v.x - a.invMass * px, a.v.y - a.invMass * py};
    outA.w = a.w - a.invInertia * angularA;
    outB.v = {b.v.x + b.invMass * px, b.v.y + b.invMass * py};
    outB.w = b.w + b.invInertia * angularB;
}

TraceVelocity velocityOf(const BodyState& s) {
    return {s.v, s.w};
}

} // namespace

double subtractionRoundOff(double a, double b) {
    // TwoSum(a, -b) (Knuth, TAOCP vol. 2, 4.2.2): s + err == a - b exactly.
    const double nb = -b;
    const double s = a + nb;
    const double bb = s - a;
    return (a - (s - bb)) + (nb - bb);
}

void explainSweep(const WideBlock& c, const BodyState* states, int lane, Pass pass, const BiasRule& rule,
                  SolverTraceRow rows[4]) {
    const BodyState& A = states[c.a[lane]];
    const BodyState& B = states[c.b[lane]];
    const double nx = c.nx[lane];
    const double ny = c.ny[lane];
    const double tx = ny;
    const double ty = 0.0 - nx;
    const double mu = c.friction[lane];
    double biasRate = 0.0;
    double massScale = 1.0;
    double impulseScale = 0.0;
    if (pass == Pass::Biased) {
        // As loadLanes(): stiffer against a body of infinite mass.
        const bool stiff = !(std::min(A.invMass, B.invMass) > 0.0);
        biasRate = stiff ? rule.againstStatic.biasRate : rule.contact.biasRate;
        massScale = stiff ? rule.againstStatic.massScale : rule.contact.massScale;
        impulseScale = stiff ? rule.againstStatic.impulseScale : rule.contact.impulseScale;
    }
    const double dpx = B.dp.x - A.dp.x;
    const double dpy = B.dp.y - A.dp.y;
    const double dvx = B.v.x - A.v.x;
    const double dvy = B.v.y - A.v.y;
    const double dvn = dvx * nx + dvy * ny;
    const double dvt = dvx * tx + dvy * ty;

    const WidePoint& p1 = c.p[0];
    const WidePoint& p2 = c.p[1];
    const double ox = c.offsetX[lane], oy = c.offsetY[lane];
    const double r1Ax = p1.rAx[lane], r1Ay = p1.rAy[lane], r1Bx = r1Ax + ox, r1By = r1Ay + oy;
    const double r2Ax = p2.rAx[lane], r2Ay = p2.rAy[lane], r2Bx = r2Ax + ox, r2By = r2Ay + oy;
    Arms r{};
    r.rn1A = r1Ax * ny - r1Ay * nx;
    r.rn1B = r1Bx * ny - r1By * nx;
    r.rt1A = r1Ax * ty - r1Ay * tx;
    r.rt1B = r1Bx * ty - r1By * tx;
    r.rn2A = r2Ax * ny - r2Ay * nx;
    r.rn2B = r2Bx * ny - r2By * nx;
    r.rt2A = r2Ax * ty - r2Ay * tx;
    r.rt2B = r2Bx * ty - r2By * tx;
    const double s1 = ((dpx + ((B.dq.c * r1Bx - B.dq.s * r1By) - (A.dq.c * r1Ax - A.dq.s * r1Ay))) * nx +
                       (dpy + ((B.dq.s * r1Bx + B.dq.c * r1By) - (A.dq.s * r1Ax + A.dq.c * r1Ay))) * ny) +
                      p1.baseSeparation[lane];
    const double s2 = ((dpx + ((B.dq.c * r2Bx - B.dq.s * r2By) - (A.dq.c * r2Ax - A.dq.s * r2Ay))) * nx +
                       (dpy + ((B.dq.s * r2Bx + B.dq.c * r2By) - (A.dq.s * r2Ax + A.dq.c * r2Ay))) * ny) +
                      p2.baseSeparation[lane];

    // biasOf() in wide_kernels.inc, and which of its branches gave the bias.
    auto biasOf = [&](double s, double normalMass, double& bias, double& mass, double& scale,
                      BiasSource& from) {
        const double speculative = s * rule.invH;
        double pushBias = 0.0;
        double pushMass = normalMass;
        double pushScale = 0.0;
        from = BiasSource::None;
        if (pass == Pass::Biased) {
            pushBias = maxOf(biasRate * s, -rule.maxPush);
            pushMass = normalMass * massScale;
            pushScale = impulseScale;
            from = BiasSource::SoftContact;
        } else if (pass == Pass::Baumgarte) {
            pushBias = rule.baumgarteRate * maxOf((0.0 - s) - rule.slop, 0.0);
            from = BiasSource::Baumgarte;
        }
        const bool apart = s > 0.0;
        bias = apart ? speculative : pushBias;
        mass = apart ? normalMass : pushMass;
        scale = apart ? 0.0 : pushScale;
        if (apart) {
            from = BiasSource::Speculative;
        }
    };
    double bias1, mass1, scale1, bias2, mass2, scale2;
    BiasSource from1, from2;
    biasOf(s1, p1.normalMass[lane], bias1, mass1, scale1, from1);
    biasOf(s2, p2.normalMass[lane], bias2, mass2, scale2, from2);

    const double mAB = A.invMass + B.invMass;
    const double kN1N2 = (mAB + A.invInertia * r.rn1A * r.rn2A) + B.invInertia * r.rn1B * r.rn2B;
    const double kN1T1 = A.invInertia * r.rn1A * r.rt1A + B.invInertia * r.rn1B * r.rt1B;
    const double kN1T2 = A.invInertia * r.rn1A * r.rt2A + B.invInertia * r.rn1B * r.rt2B;
    const double kN2T1 = A.invInertia * r.rn2A * r.rt1A + B.invInertia * r.rn2B * r.rt1B;
    const double kN2T2 = A.invInertia * r.rn2A * r.rt2A + B.invInertia * r.rn2B * r.rt2B;
    const double kT1T2 = (mAB + A.invInertia * r.rt1A * r.rt2A) + B.invInertia * r.rt1B * r.rt2B;

    const double n1Old = p1.normalImpulse[lane], t1Old = p1.tangentImpulse[lane];
    const double n2Old = p2.normalImpulse[lane], t2Old = p2.tangentImpulse[lane];
    const double n1Base = n1Old * (1.0 - scale1) - mass1 * bias1;
    const double n2Base = n2Old * (1.0 - scale2) - mass2 * bias2;
    const double un1 = (dvn + B.w * r.rn1B) - A.w * r.rn1A;
    const double un2 = ((dvn + B.w * r.rn2B) - A.w * r.rn2A) - kN1N2 * n1Old;
    const double ut1 = ((dvt + B.w * r.rt1B) - A.w * r.rt1A) - (kN1T1 * n1Old + kN2T1 * n2Old);
    const double ut2 =
        ((dvt + B.w * r.rt2B) - A.w * r.rt2A) - ((kN1T2 * n1Old + kN2T2 * n2Old) + kT1T2 * t1Old);

    SolverTraceRow& N1 = rows[0];
    SolverTraceRow& N2 = rows[1];
    SolverTraceRow& T1 = rows[2];
    SolverTraceRow& T2 = rows[3];
    N1.relativeVelocity = un1;
    N1.unclamped = n1Base - mass1 * un1;
    const double n1 = maxOf(N1.unclamped, 0.0);
    N2.relativeVelocity = un2 + kN1N2 * n1;
    N2.unclamped = n2Base - mass2 * N2.relativeVelocity;
    const double n2 = maxOf(N2.unclamped, 0.0);
    const double f1 = mu * n1;
    T1.relativeVelocity = ut1 + (kN1T1 * n1 + kN2T1 * n2);
    T1.unclamped = t1Old - p1.tangentMass[lane] * T1.relativeVelocity;
    const double t1 = maxOf(minOf(T1.unclamped, f1), 0.0 - f1);
    const double f2 = mu * n2;
    T2.relativeVelocity = ut2 + ((kN1T2 * n1 + kN2T2 * n2) + kT1T2 * t1);
    T2.unclamped = t2Old - p2.tangentMass[lane] * T2.relativeVelocity;
    const double t2 = maxOf(minOf(T2.unclamped, f2), 0.0 - f2);

    const double olds[4] = {n1Old, n2Old, t1Old, t2Old};
    const double news[4] = {n1, n2, t1, t2};
    const double lowers[4] = {0.0, 0.0, 0.0 - f1, 0.0 - f2};
    const double uppers[4] = {std::numeric_limits<double>::infinity(),
                              std::numeric_limits<double>::infinity(), f1, f2};
    const double masses[4] = {p1.normalMass[lane], p2.normalMass[lane], p1.tangentMass[lane],
                              p2.tangentMass[lane]};
    const double separations[4] = {s1, s2, s1, s2};
    Deltas d;
    TraceVelocity a = velocityOf(A);
    TraceVelocity b = velocityOf(B);
    for (int row = 0; row < 4; ++row) {
        SolverTraceRow& out = rows[row];
        out.effectiveMass = masses[row];
        out.separation = separations[row];
        out.impulseBefore = olds[row];
        out.clamped = news[row];
        out.delta = news[row] - olds[row];
        out.deltaRoundOff = subtractionRoundOff(news[row], olds[row]);
        out.lower = lowers[row];
        out.upper = uppers[row];
        out.biasSource = BiasSource::None;
        out.bias = 0.0;
        out.massScale = 1.0;
        out.impulseScale = 0.0;
        if (row < 2) {
            out.biasSource = row == 0 ? from1 : from2;
            out.bias = row == 0 ? bias1 : bias2;
            if (out.biasSource == BiasSource::SoftContact) {
                out.massScale = massScale;
                out.impulseScale = impulseScale;
            }
        }
        (row == 0 ? d.n1 : row == 1 ? d.n2 : row == 2 ? d.t1 : d.t2) = out.delta;
        out.beforeA = a;
        out.beforeB = b;
        velocitiesAfter(A, B, nx, ny, r, d, a, b);
        out.afterA = a;
        out.afterB = b;
    }
}

void explainWarmStart(const WideBlock& c, const BodyState* states, int lane, SolverTraceRow rows[4]) {
    // warmStartLanes(): point after point, P = normal n + tangent t on both bodies.
    BodyState A = states[c.a[lane]];
    BodyState B = states[c.b[lane]];
    const double nx = c.nx[lane];
    const double ny = c.ny[lane];
    const double tx = ny;
    const double ty = 0.0 - nx;
    for (int k = 0; k < kMaxManifoldPoints; ++k) {
        const WidePoint& p = c.p[k];
        const double rAx = p.rAx[lane], rAy = p.rAy[lane];
        const double rBx = rAx + c.offsetX[lane], rBy = rAy + c.offsetY[lane];
        const double normal = p.normalImpulse[lane];
        const double tangent = p.tangentImpulse[lane];
        SolverTraceRow& N = rows[k];
        SolverTraceRow& T = rows[2 + k];
        const double seeds[2] = {normal, tangent};
        const double masses[2] = {p.normalMass[lane], p.tangentMass[lane]};
        SolverTraceRow* pair[2] = {&N, &T};
        for (int j = 0; j < 2; ++j) {
            SolverTraceRow& out = *pair[j];
            out.effectiveMass = masses[j];
            out.biasSource = BiasSource::None;
            out.impulseBefore = seeds[j];
            out.unclamped = seeds[j];
            out.clamped = seeds[j];
            out.delta = seeds[j];
            out.lower = out.upper = seeds[j];
        }
        N.beforeA = velocityOf(A);
        N.beforeB = velocityOf(B);
        // The normal part alone, for the view; then both parts as the kernel applies them.
        N.afterA = {{A.v.x - A.invMass * (normal * nx), A.v.y - A.invMass * (normal * ny)},
                    A.w - A.invInertia * (normal * (rAx * ny - rAy * nx))};
        N.afterB = {{B.v.x + B.invMass * (normal * nx), B.v.y + B.invMass * (normal * ny)},
                    B.w + B.invInertia * (normal * (rBx * ny - rBy * nx))};
        const double px = normal * nx + tangent * tx;
        const double py = normal * ny + tangent * ty;
        A.v.x = A.v.x - A.invMass * px;
        A.v.y = A.v.y - A.invMass * py;
        A.w = A.w - A.invInertia * (normal * (rAx * ny - rAy * nx) + tangent * (rAx * ty - rAy * tx));
        B.v.x = B.v.x + B.invMass * px;
        B.v.y = B.v.y + B.invMass * py;
        B.w = B.w + B.invInertia * (normal * (rBx * ny - rBy * nx) + tangent * (rBx * ty - rBy * tx));
        T.beforeA = N.afterA;
        T.beforeB = N.afterB;
        T.afterA = velocityOf(A);
        T.afterB = velocityOf(B);
    }
}

} // namespace wide
} // namespace phys
