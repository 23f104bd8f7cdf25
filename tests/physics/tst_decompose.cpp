// Concave decomposition (Hertel-Mehlhorn over ear clipping) against Boost.Geometry on thousands of seeded
// random simple polygons: every piece convex and valid for the engine, no two pieces overlap, every piece
// inside the outline, and the areas add up to the outline's to 1e-9. Those three together mean the union of
// the pieces is the outline (up to a set of zero area).
#include "physics/decompose.h"
#include "physics/defs.h"

#include "oracle_support.h"

#include <boost/geometry/algorithms/is_convex.hpp>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

using namespace phys;
using oracle::BMultiPolygon;
using oracle::BPolygon;
namespace bg = boost::geometry;

namespace {

BPolygon ringOf(std::span<const Vec2> points) {
    BPolygon out;
    for (const Vec2 v : points) {
        bg::append(out.outer(), oracle::toBoost(v));
    }
    bg::append(out.outer(), oracle::toBoost(points[0]));
    bg::correct(out); // the caller's winding may be either; Boost wants it counter-clockwise here
    return out;
}

/// A star-shaped polygon about `centre`: sorted random angles, random radii (many reflex vertices).
std::vector<Vec2> starPolygon(std::mt19937_64& rng, int n, double scale, Vec2 centre) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> angles;
    // Angles at least a fifth of the even spacing apart, so no two vertices are nearly coincident.
    const double spacing = 2.0 * kPi / n;
    for (int i = 0; i < n; ++i) {
        angles.push_back(i * spacing + 0.8 * spacing * unit(rng));
    }
    std::vector<Vec2> points;
    for (double a : angles) {
        const double r = scale * (0.25 + 0.75 * unit(rng));
        points.push_back(centre + Vec2{r * std::cos(a), r * std::sin(a)});
    }
    return points;
}

bool properlyCross(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
    const double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a);
    const double d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0;
}

/// A random simple polygon through random points by 2-opt: while two edges cross, reverse the path between
/// them (each reversal shortens the tour, so it ends). Much less regular than a star: spirals, combs, bays.
std::vector<Vec2> twoOptPolygon(std::mt19937_64& rng, int n, double scale, Vec2 centre) {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::vector<Vec2> points;
    for (int i = 0; i < n; ++i) {
        points.push_back(centre + scale * Vec2{unit(rng), unit(rng)});
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n && !changed; ++i) {
            for (int j = i + 2; j < n && !changed; ++j) {
                if (i == 0 && j == n - 1) {
                    continue;
                }
                const Vec2 a = points[std::size_t(i)], b = points[std::size_t(i + 1)];
                const Vec2 c = points[std::size_t(j)], d = points[std::size_t((j + 1) % n)];
                if (properlyCross(a, b, c, d)) {
                    std::reverse(points.begin() + i + 1, points.begin() + j + 1);
                    changed = true;
                }
            }
        }
    }
    return points;
}

/// The outline is simple, and not so thin anywhere that round-off decides (Boost.Geometry's own validity,
/// plus every vertex at least 1e-4 of the size from every non-adjacent edge).
bool wellFormed(const std::vector<Vec2>& points, double scale) {
    const BPolygon ring = ringOf(points);
    if (!bg::is_valid(ring)) {
        return false;
    }
    const std::size_t n = points.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            if (j == i || (j + 1) % n == i) {
                continue;
            }
            const oracle::BLinestring edge{oracle::toBoost(points[j]), oracle::toBoost(points[(j + 1) % n])};
            if (bg::distance(oracle::toBoost(points[i]), edge) < 1e-4 * scale) {
                return false;
            }
        }
    }
    return true;
}

int reflexCount(const std::vector<Vec2>& ccw) {
    int count = 0;
    const std::size_t n = ccw.size();
    for (std::size_t i = 0; i < n; ++i) {
        count += cross(ccw[i] - ccw[(i + n - 1) % n], ccw[(i + 1) % n] - ccw[i]) < 0.0;
    }
    return count;
}

} // namespace

class TstDecompose : public QObject {
    Q_OBJECT

    /// Every oracle check on one outline. Returns the number of pieces.
    int checkAgainstBoost(const std::vector<Vec2>& outline, bool expectHmBound) {
        DecomposeTrace trace;
        const Result<Decomposition> result = decomposeConcave(outline, &trace);
        if (!result) {
            QTest::qFail(qPrintable(QString::fromStdString(result.error().message)), __FILE__, __LINE__);
            return -1;
        }
        const BPolygon whole = ringOf(outline);
        const double wholeArea = bg::area(whole);
        const double tol = 1e-9 * wholeArea;
        double sum = 0.0;
        std::vector<BPolygon> pieces;
        bool tooMany = false;
        for (const DecomposeMerge& m : trace.merges) {
            tooMany = tooMany || m.verdict == DiagonalVerdict::TooManyVertices;
        }
        for (const Polygon& piece : result->pieces) {
            // Valid for the engine: the scene loader's strict validation accepts it unchanged.
            const Result<Polygon> again = Polygon::make(piece.vertices(), PolygonCleanup::Strict);
            if (!again || again->count() != piece.count()) {
                QTest::qFail("piece does not pass Polygon::make (Strict)", __FILE__, __LINE__);
                return -1;
            }
            if (piece.count() > kMaxPolygonVertices || signedArea(piece.vertices()) <= 0.0) {
                QTest::qFail("piece has too many vertices or is not counter-clockwise", __FILE__, __LINE__);
                return -1;
            }
            BPolygon b = ringOf(piece.vertices());
            if (!bg::is_convex(b.outer())) {
                QTest::qFail("Boost.Geometry says a piece is not convex", __FILE__, __LINE__);
                return -1;
            }
            BMultiPolygon outside;
            bg::difference(b, whole, outside);
            if (bg::area(outside) > tol) {
                QTest::qFail("a piece reaches outside the outline", __FILE__, __LINE__);
                return -1;
            }
            sum += bg::area(b);
            pieces.push_back(std::move(b));
        }
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            for (std::size_t j = i + 1; j < pieces.size(); ++j) {
                if (oracle::intersectionArea(pieces[i], pieces[j]) > tol) {
                    QTest::qFail("two pieces overlap", __FILE__, __LINE__);
                    return -1;
                }
            }
        }
        if (std::abs(sum - wholeArea) > tol) {
            QTest::qFail(qPrintable(QStringLiteral("areas differ: pieces %1, outline %2")
                                        .arg(sum, 0, 'g', 17)
                                        .arg(wholeArea, 0, 'g', 17)),
                         __FILE__, __LINE__);
            return -1;
        }
        // Hertel-Mehlhorn's bound: each diagonal that stays is needed by a reflex vertex, and a reflex vertex
        // needs at most two, so there are at most 2r + 1 pieces (unless the vertex limit cut a piece).
        if (expectHmBound && !tooMany && int(pieces.size()) > 2 * reflexCount(trace.outline) + 1) {
            QTest::qFail("more pieces than Hertel-Mehlhorn's 2r + 1", __FILE__, __LINE__);
            return -1;
        }
        // The trace tells the same story as the result: n - 2 ears, n - 3 diagonals, and the last merge step
        // holds the final pieces.
        const std::size_t n = trace.outline.size();
        if (trace.ears.size() != n - 2 || trace.merges.size() != n - 3) {
            QTest::qFail("trace has the wrong number of ears or diagonals", __FILE__, __LINE__);
            return -1;
        }
        if (!trace.merges.empty() && trace.merges.back().pieces.size() != result->pieces.size()) {
            QTest::qFail("the trace's last step does not hold the result's pieces", __FILE__, __LINE__);
            return -1;
        }
        return int(pieces.size());
    }

private slots:
    void knownShapes() {
        // An L: one reflex vertex, two pieces.
        const std::vector<Vec2> ell{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
        QCOMPARE(checkAgainstBoost(ell, true), 2);
        // A U (clockwise input): two reflex vertices, three pieces.
        std::vector<Vec2> u{{0, 0}, {3, 0}, {3, 2}, {2, 2}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
        std::reverse(u.begin(), u.end());
        QCOMPARE(checkAgainstBoost(u, true), 3);
        // A convex 12-gon stays one piece; a convex 24-gon needs two (kMaxPolygonVertices = 16).
        for (const int sides : {12, 24}) {
            std::vector<Vec2> round;
            for (int i = 0; i < sides; ++i) {
                round.push_back({std::cos(2 * kPi * i / sides), std::sin(2 * kPi * i / sides)});
            }
            QCOMPARE(checkAgainstBoost(round, false), sides == 12 ? 1 : 2);
        }
        // Collinear and repeated points are cleaned away first: a square with extra points on its sides.
        const std::vector<Vec2> square{{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 2}, {1, 2}, {0, 2}};
        const Result<Decomposition> s = decomposeConcave(square);
        QVERIFY(s.ok());
        QCOMPARE(int(s->pieces.size()), 1);
        QCOMPARE(s->pieces[0].count(), 4);
    }

    void traceRecordsEarsAndVerdicts() {
        // An arrow head: the reflex vertex at (0, 1) makes one diagonal essential.
        const std::vector<Vec2> arrow{{0, 0}, {2, 1}, {0, 3}, {0.8, 1.5}};
        DecomposeTrace trace;
        const Result<Decomposition> r = decomposeConcave(arrow, &trace);
        QVERIFY(r.ok());
        QCOMPARE(int(trace.ears.size()), 2);
        QCOMPARE(int(trace.merges.size()), 1);
        QVERIFY(trace.merges[0].verdict == DiagonalVerdict::ReflexAtStart ||
                trace.merges[0].verdict == DiagonalVerdict::ReflexAtEnd);
        QCOMPARE(int(r->pieces.size()), 2);
        // The essential diagonal ends at the reflex vertex (index 3).
        QVERIFY(trace.merges[0].from == 3 || trace.merges[0].to == 3);
        for (const DecomposeEar& ear : trace.ears) {
            QVERIFY(ear.smallestAngle > 0.0);
            QCOMPARE(ear.triangle[1], ear.tip);
        }
        QCOMPARE(QString(toString(DiagonalVerdict::TooManyVertices)), QStringLiteral("too-many-vertices"));
    }

    void badOutlinesNameTheVertex() {
        const std::vector<Vec2> bowtie{{0, 0}, {2, 2}, {2, 0}, {0, 2}};
        const Result<Decomposition> b = decomposeConcave(bowtie);
        QVERIFY(!b.ok());
        QVERIFY(QString::fromStdString(b.error().message).contains(QStringLiteral("self-intersecting")));
        QVERIFY(b.error().index >= 0);
        const std::vector<Vec2> nan{{0, 0}, {1, 0}, {std::nan(""), 1}};
        QCOMPARE(decomposeConcave(nan).error().index, 2);
        const std::vector<Vec2> two{{0, 0}, {1, 0}};
        QVERIFY(!decomposeConcave(two).ok());
        const std::vector<Vec2> line{{0, 0}, {1, 0}, {2, 0}};
        QVERIFY(QString::fromStdString(decomposeConcave(line).error().message)
                    .contains(QStringLiteral("zero area")));
        std::vector<Vec2> huge;
        for (int i = 0; i < kMaxDecomposeVertices + 1; ++i) {
            const double a = 2 * kPi * i / (kMaxDecomposeVertices + 1);
            huge.push_back({std::cos(a), std::sin(a)});
        }
        QVERIFY(QString::fromStdString(decomposeConcave(huge).error().message)
                    .contains(QStringLiteral("at most")));
        // Every outline within the limit fits in one compound body.
        QVERIFY(kMaxDecomposeVertices - 2 <= kMaxShapesPerBody);
    }

    void randomStarPolygonsMatchBoost() {
        std::mt19937_64 rng(140001);
        std::uniform_int_distribution<int> count(3, kMaxDecomposeVertices);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        int checked = 0, multiPiece = 0;
        while (checked < 2000) {
            const double scale = std::pow(10.0, -1.0 + 3.0 * unit(rng)); // 0.1 .. 100 m
            const Vec2 centre{200.0 * unit(rng) - 100.0, 200.0 * unit(rng) - 100.0};
            std::vector<Vec2> outline = starPolygon(rng, count(rng), scale, centre);
            if (!wellFormed(outline, scale)) {
                continue; // the generator's rare near-touching outline: draw another
            }
            if (checked % 2 == 1) {
                std::reverse(outline.begin(), outline.end());
            }
            const int pieces = checkAgainstBoost(outline, true);
            QVERIFY(pieces >= 1);
            multiPiece += pieces > 1;
            ++checked;
        }
        QVERIFY(multiPiece > 1800); // the family is concave, not a convex test in disguise
    }

    void randomTwoOptPolygonsMatchBoost() {
        std::mt19937_64 rng(140002);
        std::uniform_int_distribution<int> count(4, 40);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        int checked = 0;
        while (checked < 2000) {
            const double scale = std::pow(10.0, -1.0 + 3.0 * unit(rng));
            std::vector<Vec2> outline = twoOptPolygon(rng, count(rng), scale, {10.0 * unit(rng), 0.0});
            if (!wellFormed(outline, scale)) {
                continue;
            }
            QVERIFY(checkAgainstBoost(outline, true) >= 1);
            ++checked;
        }
    }
};

QTEST_APPLESS_MAIN(TstDecompose)
#include "tst_decompose.moc"
