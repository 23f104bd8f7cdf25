// The clipping manifold: closed forms (box on box, overhang, flip, tilted corner), stable feature ids,
// speculative contacts, the trace's stages, and seeded random pairs: traced == untraced for every method and
// shape pair, geometric properties of every contact point.
#include "narrow_test_util.h"

#include "physics/clip.h"
#include "physics/collide.h"

#include <QtTest>

using namespace phys;
using namespace narrowtest;

namespace {

FeatureId fid(int indexA, int typeA, int indexB, int typeB) {
    return FeatureId{std::uint8_t(indexA), std::uint8_t(indexB), std::uint8_t(typeA), std::uint8_t(typeB)};
}

} // namespace

class TstClip : public QObject {
    Q_OBJECT
private slots:
    void boxOnBox() {
        // Ground A: 4 x 1, top face y = 0 (edge 2, from (2,0) to (-2,0)). Box B: 1 x 1 with its bottom at
        // y = -0.05 spanning x in [0, 1]. Normal (0,1), depth 0.05 at both bottom corners; the points lie
        // midway between the surfaces: y = -0.025.
        const Polygon ground = box(4, 1), body = box(1, 1);
        const Transform xfA{{0, -0.5}, Rot()}, xfB{{0.5, 0.45}, Rot()};
        CollideTrace trace;
        const Manifold m = collidePolygons(ground, xfA, body, xfB, ContactMethod::Clipping, 0.0, &trace);
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.normal, {0, 1}, 1e-15));
        QVERIFY(near(m.points[0].point, {0, -0.025}, 1e-12));
        QVERIFY(near(m.points[1].point, {1, -0.025}, 1e-12));
        QVERIFY(near(m.points[0].depth, 0.05, 1e-12));
        QVERIFY(near(m.points[1].depth, 0.05, 1e-12));
        // Reference: A's face 2; incident: B's vertices 0 and 1.
        QVERIFY(m.points[0].id == fid(2, 1, 0, 0));
        QVERIFY(m.points[1].id == fid(2, 1, 1, 0));

        const ClipTrace& c = trace.clip;
        QVERIFY(!c.flip);
        QVERIFY(c.tie); // both best edges exactly perpendicular: the SAT owner (A) is the reference
        QCOMPARE(c.candidateA.furthestVertex, 2);
        QCOMPARE(c.candidateA.edge, 2);
        QCOMPARE(c.candidateA.previousDot, 1.0);
        QCOMPARE(c.candidateA.nextDot, 0.0);
        QCOMPARE(c.candidateB.furthestVertex, 0);
        QCOMPARE(c.candidateB.edge, 0);
        QCOMPARE(c.referenceEdge, 2);
        QCOMPARE(c.incidentEdge, 0);
        QVERIFY(c.referenceNormal == Vec2(0.0, 1.0));
        QCOMPARE(c.planeCount, 2);
        // Side planes: keep x <= 2, then -x <= 2.
        QVERIFY(c.planes[0].normal == Vec2(1.0, -0.0) || c.planes[0].normal == Vec2(1.0, 0.0));
        QCOMPARE(c.planes[0].offset, 2.0);
        QCOMPARE(c.planes[0].referenceVertex, 2);
        QCOMPARE(c.planes[1].offset, 2.0);
        QCOMPARE(c.planes[1].referenceVertex, 3);
        QCOMPARE(c.planes[1].afterCount, 2);
        QCOMPARE(c.pointCount, 2);
        QVERIFY(c.points[0].kept && c.points[1].kept);
        QVERIFY(sameManifold(c.result, m));
    }

    void overhangIsClipped() {
        // The same box moved to x in [1.5, 2.5]: it overhangs the ground's right end x = 2. The first side
        // plane (x <= 2) keeps (1.5, -0.05) and cuts the edge at (2, -0.05): a point made by the ground's
        // vertex 2 and the box's face 0.
        const Polygon ground = box(4, 1), body = box(1, 1);
        const Transform xfA{{0, -0.5}, Rot()}, xfB{{2.0, 0.45}, Rot()};
        CollideTrace trace;
        const Manifold m = collidePolygons(ground, xfA, body, xfB, ContactMethod::Clipping, 0.0, &trace);
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].point, {1.5, -0.025}, 1e-12));
        QVERIFY(near(m.points[1].point, {2.0, -0.025}, 1e-12));
        QVERIFY(m.points[0].id == fid(2, 1, 0, 0));
        QVERIFY(m.points[1].id == fid(2, 0, 0, 1));
        QCOMPARE(trace.clip.planes[0].beforeCount, 2);
        QCOMPARE(trace.clip.planes[0].afterCount, 2);
        QVERIFY(near(trace.clip.planes[0].after[1], {2.0, -0.05}, 1e-12));
    }

    void referenceOnBFlips() {
        // Roles swapped: the box is A (on top), the ground B. The SAT keeps A's bottom face (tie rule), but
        // here the box is also tilted by 0.1 rad so that the ground's face is clearly the more perpendicular:
        // the ground (B) becomes the reference: flip. Normal (0,-1) from A to B.
        const Polygon ground = box(10, 1), body = box(1, 1);
        const double angle = 0.1;
        const double lowest = 0.5 * (std::cos(angle) + std::sin(angle));
        const Transform xfA{{0, lowest - 0.02}, Rot(angle)}, xfB{{0, -0.5}, Rot()};
        CollideTrace trace;
        const Manifold m = collidePolygons(body, xfA, ground, xfB, ContactMethod::Clipping, 0.0, &trace);
        QVERIFY(near(m.normal, {0, -1}, 1e-12));
        QVERIFY(trace.clip.flip);
        QCOMPARE(trace.clip.referenceEdge, 2); // the ground's top face
        // One corner 2 cm deep; the other end of the incident edge is above the ground: discarded.
        QCOMPARE(m.pointCount, 1);
        QCOMPARE(trace.clip.pointCount, 2);
        QVERIFY(trace.clip.points[0].kept != trace.clip.points[1].kept);
        QVERIFY(near(m.points[0].depth, 0.02, 1e-12));
        // The lowest corner of the box rotated by +0.1 rad is its vertex 0 (-0.5,-0.5): x = -0.5 cos + 0.5
        // sin.
        const Vec2 corner = transformPoint(xfA, {-0.5, -0.5});
        QVERIFY(near(corner.y, -0.02, 1e-12));
        QVERIFY(near(m.points[0].point, corner + Vec2(0, 0.01), 1e-12));
        // ids describe A's feature first even though the reference is B's: A's vertex 0, B's face 2.
        QVERIFY(m.points[0].id == fid(0, 0, 2, 1));
    }

    void featureIdsStableWhileSliding() {
        // A box sliding and rocking slightly on the ground keeps the same two ids every step.
        const Polygon ground = box(20, 1), body = box(1, 1);
        const Transform xfA{{0, -0.5}, Rot()};
        FeatureId first[2];
        for (int step = 0; step < 500; ++step) {
            const Transform xfB{{-2.0 + 0.008 * step, 0.49}, Rot(1e-4 * std::sin(0.3 * step))};
            const Manifold m = collide(ground, xfA, body, xfB);
            QCOMPARE(m.pointCount, 2);
            if (step == 0) {
                first[0] = m.points[0].id;
                first[1] = m.points[1].id;
                QVERIFY(!(first[0] == first[1]));
            }
            QVERIFY(m.points[0].id == first[0]);
            QVERIFY(m.points[1].id == first[1]);
        }
    }

    void speculativeContacts() {
        // A 1 cm gap: no contact without a speculative distance; with 2 cm two points of depth -0.01.
        const Polygon ground = box(4, 1), body = box(1, 1);
        const Transform xfA{{0, -0.5}, Rot()}, xfB{{0.0, 0.51}, Rot()};
        QCOMPARE(collide(ground, xfA, body, xfB).pointCount, 0);
        const Manifold m = collide(ground, xfA, body, xfB, ContactMethod::Clipping, 0.02);
        QCOMPARE(m.pointCount, 2);
        QVERIFY(near(m.points[0].depth, -0.01, 1e-12));
        QVERIFY(near(m.points[1].depth, -0.01, 1e-12));
        // Midway between the surfaces: y = 0.005.
        QVERIFY(near(m.points[0].point, {-0.5, 0.005}, 1e-12));
        QVERIFY(near(m.points[1].point, {0.5, 0.005}, 1e-12));
        // A gap larger than the speculative distance: nothing, and the AABB stage already said so.
        CollideTrace trace;
        QCOMPARE(collide(ground, xfA, body, Transform{{0, 0.6}, Rot()}, ContactMethod::Clipping, 0.02, &trace)
                     .pointCount,
                 0);
        QVERIFY(trace.aabbRejected);
        QVERIFY(trace.sat.separated); // SAT still shown for the workbench
        // Circles: a 1 cm gap gives one speculative point.
        const Manifold mc = collide(Circle{{0, 0}, 1.0}, Transform{}, Circle{{0, 0}, 1.0},
                                    Transform{{2.01, 0}, Rot()}, ContactMethod::Clipping, 0.02);
        QCOMPARE(mc.pointCount, 1);
        QVERIFY(near(mc.points[0].depth, -0.01, 1e-12));
        QVERIFY(near(mc.points[0].point, {1.005, 0}, 1e-12));
    }

    void traceStagesAreConsistent() {
        // On random overlapping pairs, every recorded stage obeys its own rule.
        Rng rng(9001);
        int traced = 0;
        for (int k = 0; k < 3000; ++k) {
            const Polygon a = randomPolygon(rng), b = randomPolygon(rng);
            const Transform xfA = randomTransform(rng, 0.7), xfB = randomTransform(rng, 0.7);
            CollideTrace trace;
            const Manifold m = collidePolygons(a, xfA, b, xfB, ContactMethod::Clipping, 0.0, &trace);
            if (trace.separated) {
                continue;
            }
            ++traced;
            const ClipTrace& c = trace.clip;
            QVERIFY(c.normal == trace.sat.mtvNormal);
            QCOMPARE(c.flip, c.tie ? trace.sat.axes[trace.sat.mtvAxis].owner == SatAxisOwner::B
                                   : c.candidateB.edgeDot < c.candidateA.edgeDot);
            QCOMPARE(c.candidateA.edgeDot, std::min(c.candidateA.previousDot, c.candidateA.nextDot));
            QCOMPARE(c.candidateB.edgeDot, std::min(c.candidateB.previousDot, c.candidateB.nextDot));
            for (int p = 0; p < c.planeCount; ++p) {
                const ClipPlaneStep& s = c.planes[p];
                for (int j = 0; j < s.afterCount; ++j) {
                    QVERIFY(dot(s.normal, s.after[j]) <= s.offset + 1e-12);
                }
            }
            int kept = 0;
            for (int p = 0; p < c.pointCount; ++p) {
                QVERIFY(near(c.points[p].depth, c.referenceOffset - dot(c.referenceNormal, c.points[p].point),
                             0));
                QCOMPARE(c.points[p].kept, c.points[p].depth >= 0.0);
                kept += c.points[p].kept ? 1 : 0;
            }
            QCOMPARE(kept, m.pointCount);
            QVERIFY(sameManifold(c.result, m));
        }
        QVERIFY(traced > 1000);
    }

    void tracedEqualsUntracedEverywhere() {
        // Thousands of seeded pairs of every kind, every method, with and without a speculative distance:
        // the traced call returns the identical manifold (bit for bit).
        Rng rng(123456789);
        int nonEmpty = 0;
        for (int k = 0; k < 6000; ++k) {
            auto shape = [&]() -> ShapeGeometry {
                if (rng.integer(0, 3) == 0) {
                    return Circle{{rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)}, rng.uniform(0.1, 1.5)};
                }
                return randomPolygon(rng);
            };
            const ShapeGeometry a = shape(), b = shape();
            const Transform xfA = randomTransform(rng, 1.0), xfB = randomTransform(rng, 1.0);
            const double spec = rng.integer(0, 1) == 0 ? 0.0 : 0.1;
            for (ContactMethod method :
                 {ContactMethod::Clipping, ContactMethod::DeepestVertices, ContactMethod::VertexEdge}) {
                const Manifold plain = collide(a, xfA, b, xfB, method, spec);
                CollideTrace trace;
                const Manifold traced = collide(a, xfA, b, xfB, method, spec, &trace);
                CollideTrace partial;
                partial.testAllAxes = false;
                const Manifold tracedPartial = collide(a, xfA, b, xfB, method, spec, &partial);
                QVERIFY(sameManifold(plain, traced));
                QVERIFY(sameManifold(plain, tracedPartial));
                QVERIFY(sameManifold(plain, trace.manifold));
                nonEmpty += plain.pointCount > 0 ? 1 : 0;
            }
        }
        QVERIFY(nonEmpty > 3000);
    }

    void randomClippingContactsAreGeometric() {
        // For overlapping random polygon pairs: the clipping gives at least one point; each point, moved back
        // by half its depth along the reference normal, lies on the incident polygon's boundary and inside
        // the reference edge's slab; each depth is at most the overlap of the shadows on the reference
        // normal; the normal is the SAT's.
        Rng rng(31337);
        int pairs = 0;
        for (int k = 0; k < 5000; ++k) {
            const Polygon a = randomPolygon(rng), b = randomPolygon(rng);
            const Transform xfA = randomTransform(rng, 0.7), xfB = randomTransform(rng, 0.7);
            CollideTrace trace;
            const Manifold m = collidePolygons(a, xfA, b, xfB, ContactMethod::Clipping, 0.0, &trace);
            if (trace.separated) {
                continue;
            }
            ++pairs;
            QVERIFY2(
                m.pointCount >= 1,
                qPrintable(
                    QString("pair %1 overlaps by %2 but has no contact").arg(k).arg(trace.sat.mtvDepth)));
            QVERIFY(m.normal == trace.sat.mtvNormal);
            const ClipTrace& c = trace.clip;
            const std::vector<Vec2> incident = c.flip ? worldVertices(a, xfA) : worldVertices(b, xfB);
            const std::vector<Vec2> reference = c.flip ? worldVertices(b, xfB) : worldVertices(a, xfA);
            double refMax = -1e300, incMin = 1e300;
            for (Vec2 v : reference) {
                refMax = std::max(refMax, dot(c.referenceNormal, v));
            }
            for (Vec2 v : incident) {
                incMin = std::min(incMin, dot(c.referenceNormal, v));
            }
            const Vec2 t = normalize(c.referenceEnd - c.referenceStart);
            for (int i = 0; i < m.pointCount; ++i) {
                const ManifoldPoint& p = m.points[i];
                const Vec2 onIncident = p.point - (0.5 * p.depth) * c.referenceNormal;
                QVERIFY(boundaryDistance(incident, onIncident) < 1e-9);
                QVERIFY(dot(t, onIncident) >= dot(t, c.referenceStart) - 1e-9);
                QVERIFY(dot(t, onIncident) <= dot(t, c.referenceEnd) + 1e-9);
                QVERIFY(p.depth >= 0.0);
                QVERIFY(p.depth <= refMax - incMin + 1e-9);
            }
        }
        QVERIFY(pairs > 1000);
    }
};

QTEST_GUILESS_MAIN(TstClip)
#include "tst_clip.moc"
