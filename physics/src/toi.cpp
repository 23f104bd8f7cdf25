/// @file toi.cpp
/// Time of impact by conservative advancement (see toi.h). References: Catto, "Continuous Collision" (GDC
/// 2013) and the structure of Box2D's b2TimeOfImpact / b2SeparationFunction; Mirtich (1996) for conservative
/// advancement.

#include "physics/toi.h"

#include <algorithm>
#include <cmath>

namespace phys {

Sweep fixedSweep(const Transform& xf, Vec2 localCenter) {
    const Vec2 c = transformPoint(xf, localCenter);
    return Sweep{localCenter, c, c, xf.q, 0.0};
}

Sweep makeSweep(Vec2 localCenter, Vec2 c1, Rot q1, Vec2 c2, Rot q2) {
    const Rot relative = invMulRot(q1, q2); // q2 = q1 relative
    return Sweep{localCenter, c1, c2, q1, std::atan2(relative.s, relative.c)};
}

Transform sweepTransform(const Sweep& sweep, double t) {
    const Vec2 c = sweep.c1 + t * (sweep.c2 - sweep.c1);
    const Rot q = sweep.deltaAngle == 0.0 ? sweep.q1 : mulRot(sweep.q1, Rot(t * sweep.deltaAngle));
    return Transform{c - rotate(q, sweep.localCenter), q};
}

namespace {

/// The separating axis from GJK's closest features at time t1, and the separation along it at any time
/// (Box2D's b2SeparationFunction):
///   one point on each side -> the axis joins the two points (kept in the world frame)
///   two points on B (a face of B) -> B's face normal (in B's frame), measured from the face to A's point
///   two points on A -> A's face normal, measured from A's face to B's point
/// The separation at t is the distance of the deepest point of the other shape beyond that axis.
class SeparationFunction {
public:
    SeparationFunction(const Simplex& simplex, const DistanceProxy& a, const Sweep& sweepA,
                       const DistanceProxy& b, const Sweep& sweepB, double t1)
        : m_a(a), m_b(b), m_sweepA(sweepA), m_sweepB(sweepB) {
        const Transform xfA = sweepTransform(sweepA, t1);
        const Transform xfB = sweepTransform(sweepB, t1);
        if (simplex.count == 1) {
            m_kind = ToiAxisKind::Points;
            const Vec2 pA = transformPoint(xfA, a.points[simplex.v[0].indexA]);
            const Vec2 pB = transformPoint(xfB, b.points[simplex.v[0].indexB]);
            m_axis = normalize(pB - pA);
            return;
        }
        if (simplex.v[0].indexA == simplex.v[1].indexA) {
            // Two points on B: B's edge.
            m_kind = ToiAxisKind::FaceB;
            const Vec2 b1 = b.points[simplex.v[0].indexB];
            const Vec2 b2 = b.points[simplex.v[1].indexB];
            m_axis = normalize(rightPerp(b2 - b1));
            m_localPoint = 0.5 * (b1 + b2);
            const Vec2 normal = rotate(xfB.q, m_axis);
            const Vec2 pB = transformPoint(xfB, m_localPoint);
            const Vec2 pA = transformPoint(xfA, a.points[simplex.v[0].indexA]);
            if (dot(pA - pB, normal) < 0.0) {
                m_axis = -m_axis;
            }
            return;
        }
        // Two points on A: A's edge.
        m_kind = ToiAxisKind::FaceA;
        const Vec2 a1 = a.points[simplex.v[0].indexA];
        const Vec2 a2 = a.points[simplex.v[1].indexA];
        m_axis = normalize(rightPerp(a2 - a1));
        m_localPoint = 0.5 * (a1 + a2);
        const Vec2 normal = rotate(xfA.q, m_axis);
        const Vec2 pA = transformPoint(xfA, m_localPoint);
        const Vec2 pB = transformPoint(xfB, b.points[simplex.v[0].indexB]);
        if (dot(pB - pA, normal) < 0.0) {
            m_axis = -m_axis;
        }
    }

    ToiAxisKind kind() const { return m_kind; }

    /// The axis in the world frame at time t, pointing from A to B.
    Vec2 worldAxis(double t) const {
        return normalAt(sweepTransform(m_sweepA, t), sweepTransform(m_sweepB, t));
    }

    /// The deepest points along the axis at time t and their separation.
    double findMinSeparation(int& indexA, int& indexB, double t) const {
        const Transform xfA = sweepTransform(m_sweepA, t);
        const Transform xfB = sweepTransform(m_sweepB, t);
        const Vec2 n = normalAt(xfA, xfB);
        // A face side has no point to search (its face is the plane); the other side's deepest point is its
        // support point against the normal.
        indexA = m_kind == ToiAxisKind::FaceA ? -1 : supportIndex(m_a, invRotate(xfA.q, n));
        indexB = m_kind == ToiAxisKind::FaceB ? -1 : supportIndex(m_b, invRotate(xfB.q, -n));
        return separation(xfA, xfB, n, indexA, indexB);
    }

    /// The separation of the given points along the axis at time t.
    double evaluate(int indexA, int indexB, double t) const {
        const Transform xfA = sweepTransform(m_sweepA, t);
        const Transform xfB = sweepTransform(m_sweepB, t);
        return separation(xfA, xfB, normalAt(xfA, xfB), indexA, indexB);
    }

private:
    /// The axis at the poses xfA, xfB, world frame, pointing from A to B: fixed for two points, turning with
    /// the face's body for a face.
    Vec2 normalAt(const Transform& xfA, const Transform& xfB) const {
        switch (m_kind) {
        case ToiAxisKind::Points:
            return m_axis;
        case ToiAxisKind::FaceA:
            return rotate(xfA.q, m_axis);
        case ToiAxisKind::FaceB:
            return -rotate(xfB.q, m_axis);
        }
        return m_axis;
    }

    /// The two points the separation is measured between, world frame (a face's midpoint stands for its
    /// side), and their separation along the A-to-B normal n: one formula for the three axis kinds.
    double separation(const Transform& xfA, const Transform& xfB, Vec2 n, int indexA, int indexB) const {
        const Vec2 pA = transformPoint(xfA, m_kind == ToiAxisKind::FaceA ? m_localPoint : m_a.points[indexA]);
        const Vec2 pB = transformPoint(xfB, m_kind == ToiAxisKind::FaceB ? m_localPoint : m_b.points[indexB]);
        return dot(pB - pA, n);
    }

    const DistanceProxy& m_a;
    const DistanceProxy& m_b;
    const Sweep& m_sweepA;
    const Sweep& m_sweepB;
    ToiAxisKind m_kind = ToiAxisKind::Points;
    Vec2 m_axis;       ///< Points: world frame; FaceA / FaceB: that body's frame
    Vec2 m_localPoint; ///< FaceA / FaceB: the face's midpoint, that body's frame
};

constexpr int kMaxToiIterations = 20;
constexpr int kMaxRootIterations = 50;
constexpr int kMaxBoundedIterations = 64;

ToiOutput advance(const DistanceProxy& a, const Sweep& sweepA, const DistanceProxy& b, const Sweep& sweepB,
                  double tMax, ToiTrace* trace) {
    // Pseudocode (Catto 2013, conservative advancement with a root finder):
    //   target = rA + rB + slop, tolerance = slop / 4, t1 = 0
    //   loop:
    //     d = GJK core distance at t1
    //     d <= 0 -> overlapped;  d < target + tolerance -> hit at t1
    //     axis = separating axis from GJK's closest features at t1;  t2 = tMax
    //     loop (push back):
    //       s2 = separation of the deepest points along the axis at t2
    //       s2 > target + tolerance -> separated over the whole step (this axis proves it)
    //       s2 > target - tolerance -> t1 = t2, next advancement pass
    //       s1 = separation of those same points at t1
    //       s1 < target - tolerance -> failed (round-off);  s1 <= target + tolerance -> hit at t1
    //       find t in [t1, t2] with s(t) = target (secant and bisection alternating); t2 = t
    //   Each pass moves t1 forward to a time at which the shapes are still at least `target` apart along an
    //   axis that separates them, so the time found is never past the true first contact.
    ToiOutput out;
    out.fraction = tMax;
    const double totalRadius = a.radius + b.radius;
    const double target = totalRadius + kLinearSlop;
    const double tolerance = 0.25 * kLinearSlop;
    if (trace) {
        trace->target = target;
        trace->tolerance = tolerance;
    }
    double t1 = 0.0;
    for (int iter = 0; iter < kMaxToiIterations; ++iter) {
        const Transform xfA = sweepTransform(sweepA, t1);
        const Transform xfB = sweepTransform(sweepB, t1);
        const DistanceOutput d = shapeDistance(a, xfA, b, xfB, false);
        ++out.iterations;
        ToiIteration* step = nullptr;
        if (trace) {
            trace->iterations.emplace_back();
            step = &trace->iterations.back();
            step->t1 = t1;
            step->distance = d.distance;
            step->pointA = d.pointA;
            step->pointB = d.pointB;
        }
        if (d.distance <= 0.0) {
            out.state = ToiState::Overlapped;
            out.fraction = 0.0;
            return out;
        }
        if (d.distance < target + tolerance) {
            out.state = ToiState::Hit;
            out.fraction = t1;
            return out;
        }
        const SeparationFunction fcn(d.simplex, a, sweepA, b, sweepB, t1);
        if (step) {
            step->axisKind = fcn.kind();
            step->axis = fcn.worldAxis(t1);
        }
        double t2 = tMax;
        bool advanced = false;
        for (int pushBack = 0; pushBack < kMaxPolygonVertices; ++pushBack) {
            int indexA = -1;
            int indexB = -1;
            double s2 = fcn.findMinSeparation(indexA, indexB, t2);
            ToiIteration::PushBack* pb = nullptr;
            if (step) {
                ToiIteration::PushBack entry;
                entry.t2 = t2;
                entry.separationAtT2 = s2;
                entry.indexA = indexA;
                entry.indexB = indexB;
                step->pushBacks.push_back(std::move(entry));
                pb = &step->pushBacks.back();
            }
            if (s2 > target + tolerance) {
                out.state = ToiState::Separated;
                out.fraction = tMax;
                return out;
            }
            if (s2 > target - tolerance) {
                t1 = t2;
                advanced = true;
                break;
            }
            double s1 = fcn.evaluate(indexA, indexB, t1);
            if (pb) {
                pb->separationAtT1 = s1;
            }
            if (s1 < target - tolerance) {
                out.state = ToiState::Failed;
                out.fraction = t1;
                return out;
            }
            if (s1 <= target + tolerance) {
                out.state = ToiState::Hit;
                out.fraction = t1;
                return out;
            }
            // Root of s(t) = target in [a1, a2], s(a1) > target > s(a2).
            double a1 = t1;
            double a2 = t2;
            for (int r = 0; r < kMaxRootIterations; ++r) {
                const double t = (r & 1) ? a1 + (target - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2);
                const double s = fcn.evaluate(indexA, indexB, t);
                ++out.rootIterations;
                if (pb) {
                    pb->root.push_back({t, s});
                }
                if (std::abs(s - target) < tolerance) {
                    t2 = t;
                    break;
                }
                if (s > target) {
                    a1 = t;
                    s1 = s;
                } else {
                    a2 = t;
                    s2 = s;
                }
                if (r + 1 == kMaxRootIterations) {
                    t2 = a1; // converged in t, not in s: the last time known to be outside
                }
            }
        }
        // Without an advance (every vertex pushed back once, which round-off alone causes) the next pass
        // starts from the same t1; the pass limit then ends the search as failed at the last safe time.
        if (advanced && t1 >= tMax) {
            out.state = ToiState::Separated;
            out.fraction = tMax;
            return out;
        }
    }
    out.state = ToiState::Failed;
    out.fraction = t1;
    return out;
}

/// Largest distance of a proxy's surface from the sweep's centre of rotation (the centre of mass), metres.
double reach(const DistanceProxy& proxy, Vec2 localCenter) {
    double r = 0.0;
    for (int i = 0; i < proxy.count; ++i) {
        r = std::max(r, length(proxy.points[i] - localCenter));
    }
    return r + proxy.radius;
}

/// Conservative advancement with a motion bound (Mirtich 1996): no point of either shape moves faster than
/// the relative speed of the centres plus each shape's turn rate times its reach, so the shapes cannot meet
/// before the gap closes at that speed; advance by the gap over the bound and measure again.
ToiOutput boundedAdvance(const DistanceProxy& a, const Sweep& sweepA, const DistanceProxy& b,
                         const Sweep& sweepB, double tMax, double bound, ToiTrace* trace) {
    ToiOutput out;
    const double target = a.radius + b.radius + kLinearSlop;
    const double tolerance = 0.25 * kLinearSlop;
    if (trace) {
        trace->target = target;
        trace->tolerance = tolerance;
    }
    double t = 0.0;
    for (int iter = 0; iter < kMaxBoundedIterations; ++iter) {
        const DistanceOutput d =
            shapeDistance(a, sweepTransform(sweepA, t), b, sweepTransform(sweepB, t), false);
        ++out.iterations;
        if (trace) {
            ToiIteration step;
            step.t1 = t;
            step.distance = d.distance;
            step.pointA = d.pointA;
            step.pointB = d.pointB;
            step.axis = d.normal;
            trace->iterations.push_back(step);
        }
        if (d.distance <= 0.0) {
            out.state = iter == 0 ? ToiState::Overlapped : ToiState::Failed;
            out.fraction = t;
            return out;
        }
        if (d.distance < target + tolerance) {
            out.state = ToiState::Hit;
            out.fraction = t;
            return out;
        }
        // Aim at the middle of the accepted band, so the last step lands inside it rather than creeping up.
        t += (d.distance - target) / bound;
        if (t >= tMax) {
            out.state = ToiState::Separated;
            out.fraction = tMax;
            return out;
        }
    }
    out.state = ToiState::Failed;
    out.fraction = t;
    return out;
}

} // namespace

ToiOutput timeOfImpact(const DistanceProxy& a, const Sweep& sweepA, const DistanceProxy& b,
                       const Sweep& sweepB, double tMax, ToiTrace* trace) {
    // The separating-axis search (advance) follows the deepest points along an axis found at t1 and takes an
    // axis that still separates the shapes at t2 as proof that they do not meet in between. That holds for
    // translation, where the separation along a fixed axis is linear in t, and nearly so for small turns; a
    // shape that turns can bring another feature round between t1 and t2 (a random test found a box turning
    // 2 rad that passed a disc that way, and cutting the turn into eighths of a turn did not remove it). So a
    // sweep whose turning can move a surface point by more than a slop uses bounded advancement, which is
    // conservative for any motion, and the axis search keeps translation-dominated sweeps exact and fast.
    const double turning = std::abs(sweepA.deltaAngle) * reach(a, sweepA.localCenter) +
                           std::abs(sweepB.deltaAngle) * reach(b, sweepB.localCenter);
    if (trace) {
        *trace = ToiTrace{};
        trace->turning = turning;
    }
    if (turning * tMax <= kLinearSlop) {
        return advance(a, sweepA, b, sweepB, tMax, trace);
    }
    const double bound = length((sweepB.c2 - sweepB.c1) - (sweepA.c2 - sweepA.c1)) + turning;
    if (trace) {
        trace->method = ToiMethod::Bounded;
        trace->bound = bound;
    }
    return boundedAdvance(a, sweepA, b, sweepB, tMax, bound, trace);
}

const char* toString(ToiState state) {
    switch (state) {
    case ToiState::Separated:
        return "separated";
    case ToiState::Hit:
        return "hit";
    case ToiState::Overlapped:
        return "overlapped";
    case ToiState::Failed:
        return "failed";
    }
    return "?";
}

} // namespace phys
