// Voronoi regions of a convex polygon (voronoi.h) against brute force on thousands of seeded points: the
// closest boundary point found by trying every edge as a segment, the region read off where it falls (inside
// an edge, or clamped to a vertex), inside-ness from Boost.Geometry. Points within 1e-7 of a region border
// are left out (both answers are right there).
#include "physics/voronoi.h"

#include "oracle_support.h"

#include <QtTest>

#include <random>

using namespace phys;
namespace bg = boost::geometry;

class TstVoronoi : public QObject {
    Q_OBJECT

private slots:
    void regionsMatchBruteForce() {
        oracle::ShapeSource source(1406);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        int counts[3] = {0, 0, 0};
        for (int trial = 0; trial < 400; ++trial) {
            const Polygon polygon = source.polygon();
            const Transform xf = source.placement();
            const double r = oracle::ShapeSource::radius(polygon);
            const oracle::BPolygon boost = oracle::toBoost(polygon, xf);
            for (int k = 0; k < 25; ++k) {
                const Vec2 p = xf.p + 2.0 * r * Vec2{unit(source.rng()), unit(source.rng())};
                // Brute force: the closest point of every edge as a segment.
                double best = 1e300, bestT = 0.0, bestRawT = 0.0;
                int bestEdge = -1;
                Vec2 bestPoint;
                for (int i = 0; i < polygon.count(); ++i) {
                    const Vec2 a = transformPoint(xf, polygon.vertex(i));
                    const Vec2 b = transformPoint(xf, polygon.vertex(polygon.next(i)));
                    const double raw = dot(p - a, b - a) / lengthSquared(b - a);
                    const double t = std::clamp(raw, 0.0, 1.0);
                    const Vec2 q = a + t * (b - a);
                    if (distance(p, q) < best) {
                        best = distance(p, q);
                        bestT = t;
                        bestRawT = raw;
                        bestEdge = i;
                        bestPoint = q;
                    }
                }
                const bool inside = bg::within(oracle::toBoost(p), boost);
                const VoronoiRegion region = voronoiRegion(polygon, xf, p);
                QVERIFY(distance(region.closestPoint, bestPoint) <= 1e-9);
                QVERIFY(std::abs(std::abs(region.distance) - best) <= 1e-9);
                if (best < 1e-7) {
                    continue; // on the boundary
                }
                if (inside) {
                    QVERIFY(region.feature == VoronoiFeature::Inside);
                    QVERIFY(region.distance < 0.0);
                    ++counts[2];
                    continue;
                }
                QVERIFY(region.distance > 0.0);
                if (bestT > 1e-7 && bestT < 1.0 - 1e-7) {
                    QVERIFY(region.feature == VoronoiFeature::Edge);
                    QCOMPARE(region.index, bestEdge);
                    ++counts[1];
                } else if (bestRawT < -1e-7 || bestRawT > 1.0 + 1e-7) {
                    QVERIFY(region.feature == VoronoiFeature::Vertex);
                    QCOMPARE(region.index, bestT == 0.0 ? bestEdge : polygon.next(bestEdge));
                    ++counts[0];
                }
            }
        }
        // Every kind of region was met many times.
        QVERIFY(counts[0] > 1000 && counts[1] > 1000 && counts[2] > 500);
    }

    void outlinesHoldTheirPoints() {
        // A point drawn inside a region's outline is classified as that region.
        const Polygon box = Polygon::make(std::vector<Vec2>{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}).value();
        const Transform xf{{3, 1}, Rot(0.4)};
        for (int i = 0; i < 4; ++i) {
            const std::vector<Vec2> vertexWedge =
                voronoiRegionOutline(box, xf, VoronoiFeature::Vertex, i, 2.0);
            Vec2 mid;
            for (const Vec2 v : vertexWedge) {
                mid += v / double(vertexWedge.size());
            }
            const VoronoiRegion r = voronoiRegion(box, xf, mid);
            QVERIFY(r.feature == VoronoiFeature::Vertex);
            QCOMPARE(r.index, i);
            const std::vector<Vec2> slab = voronoiRegionOutline(box, xf, VoronoiFeature::Edge, i, 2.0);
            QCOMPARE(int(slab.size()), 4);
            const VoronoiRegion e = voronoiRegion(box, xf, 0.25 * (slab[0] + slab[1] + slab[2] + slab[3]));
            QVERIFY(e.feature == VoronoiFeature::Edge);
            QCOMPARE(e.index, i);
            QVERIFY(std::abs(e.distance - 1.0) <= 1e-12); // halfway up a slab of reach 2
        }
        QCOMPARE(QString(toString(VoronoiFeature::Inside)), QStringLiteral("inside"));
    }
};

QTEST_APPLESS_MAIN(TstVoronoi)
#include "tst_voronoi.moc"
