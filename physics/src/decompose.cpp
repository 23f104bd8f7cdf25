#include "physics/decompose.h"

#include "vertex_list.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace phys {

namespace {

/// Most points accepted before cleaning (a hand-drawn outline); larger inputs are refused in O(1).
constexpr std::size_t kMaxDecomposeInput = 1024;
/// |sin| of a turn below which three points count as collinear: the same as Polygon::make's, so every piece
/// that passes here passes the engine's validation.
constexpr double kAngleTolerance = 1e-9;

using detail::segmentsTouch;
using Pt = detail::SourcedPoint;

std::string str(std::size_t n) {
    return std::to_string(n);
}

/// Sine of the turn at `cur` from edge (prev, cur) to edge (cur, next): > 0 turns left (convex in a CCW
/// outline), < 0 turns right (reflex), 0 straight.
double turnSine(Vec2 prev, Vec2 cur, Vec2 next) {
    const Vec2 e0 = cur - prev, e1 = next - cur;
    const double lengths = length(e0) * length(e1);
    return lengths > 0.0 ? cross(e0, e1) / lengths : 0.0;
}

/// p inside or on the CCW triangle (a, b, c), with a small tolerance outwards (conservative for ears).
bool inClosedTriangle(Vec2 p, Vec2 a, Vec2 b, Vec2 c, double tol) {
    auto side = [tol](Vec2 u, Vec2 v, Vec2 q) {
        return cross(v - u, q - u) >= -tol * length(v - u);
    };
    return side(a, b, p) && side(b, c, p) && side(c, a, p);
}

/// Smallest interior angle of a triangle, radians.
double smallestAngle(Vec2 a, Vec2 b, Vec2 c) {
    auto angle = [](Vec2 at, Vec2 u, Vec2 v) {
        const Vec2 e0 = u - at, e1 = v - at;
        return std::atan2(std::abs(cross(e0, e1)), dot(e0, e1));
    };
    return std::min({angle(a, b, c), angle(b, c, a), angle(c, a, b)});
}

/// The outline cleaned as Polygon::make (Repair) cleans, but keeping concave vertices.
Result<std::vector<Pt>> cleanOutline(std::span<const Vec2> points) {
    const Result<double> checked =
        detail::checkVertexList(points, kMaxDecomposeInput, std::size_t(kMaxDecomposeVertices), "outline");
    if (!checked) {
        return checked.error();
    }
    const std::size_t n = points.size();
    const double size = *checked;
    const double linTol = 1e-9 * size;

    std::vector<Pt> pts;
    for (std::size_t i = 0; i < n; ++i) {
        pts.push_back({points[i], int(i)});
    }
    for (std::size_t i = 0; pts.size() >= 2 && i < pts.size();) {
        const std::size_t j = (i + 1) % pts.size();
        if (distance(pts[i].p, pts[j].p) <= linTol) {
            pts.erase(pts.begin() + std::ptrdiff_t(j));
            i -= (j < i) ? 1 : 0;
        } else {
            ++i;
        }
    }
    if (pts.size() < 3) {
        return Error{"an outline needs at least 3 distinct vertices, this one has " + str(pts.size()), -1};
    }
    for (std::size_t i = 0, m = pts.size(); i < m; ++i) {
        const Vec2 a = pts[i].p, b = pts[(i + 1) % m].p;
        for (std::size_t j = i + 2; j < m; ++j) {
            if (i == 0 && j == m - 1) {
                continue; // adjacent through the wrap
            }
            if (segmentsTouch(a, b, pts[j].p, pts[(j + 1) % m].p, linTol * size, linTol)) {
                return Error{
                    "outline is self-intersecting: the edge from this vertex touches the edge from vertex " +
                        std::to_string(pts[j].source),
                    pts[i].source};
            }
        }
    }
    std::vector<Vec2> raw;
    for (const Pt& q : pts) {
        raw.push_back(q.p);
    }
    const double area = signedArea(raw);
    if (std::abs(area) <= 1e-12 * size * size) {
        return Error{"outline has zero area (its vertices are collinear)", -1};
    }
    if (area < 0.0) {
        std::reverse(pts.begin(), pts.end());
    }
    for (std::size_t i = 0; pts.size() >= 3 && i < pts.size();) {
        const std::size_t m = pts.size();
        const Vec2 prev = pts[(i + m - 1) % m].p, cur = pts[i].p, next = pts[(i + 1) % m].p;
        if (std::abs(turnSine(prev, cur, next)) <= kAngleTolerance) {
            if (dot(cur - prev, next - cur) < 0.0) {
                return Error{"outline folds back on itself at this vertex (self-intersecting)",
                             pts[i].source};
            }
            pts.erase(pts.begin() + std::ptrdiff_t(i));
            i = 0; // a removal can make a neighbour collinear
            continue;
        }
        ++i;
    }
    if (pts.size() < 3) {
        return Error{"outline has zero area (its vertices are collinear)", -1};
    }
    if (pts.size() > std::size_t(kMaxDecomposeVertices)) {
        return Error{"outline has " + str(pts.size()) + " vertices after cleaning; at most " +
                         str(std::size_t(kMaxDecomposeVertices)) + " are allowed",
                     -1};
    }
    return pts;
}

/// The vertices of a piece that are not straight (|turn sine| > tolerance), in order.
std::vector<int> cornerVertices(const std::vector<int>& piece, const std::vector<Vec2>& p) {
    std::vector<int> kept = piece;
    for (std::size_t i = 0; kept.size() > 3 && i < kept.size();) {
        const std::size_t m = kept.size();
        const double s = turnSine(p[std::size_t(kept[(i + m - 1) % m])], p[std::size_t(kept[i])],
                                  p[std::size_t(kept[(i + 1) % m])]);
        if (std::abs(s) <= kAngleTolerance) {
            kept.erase(kept.begin() + std::ptrdiff_t(i));
            i = 0;
            continue;
        }
        ++i;
    }
    return kept;
}

} // namespace

Result<Decomposition> decomposeConcave(std::span<const Vec2> outline, DecomposeTrace* trace) {
    Result<std::vector<Pt>> cleaned = cleanOutline(outline);
    if (!cleaned) {
        return cleaned.error();
    }
    const std::vector<Pt>& pts = cleaned.value();
    const std::size_t n = pts.size();
    std::vector<Vec2> p(n);
    for (std::size_t i = 0; i < n; ++i) {
        p[i] = pts[i].p;
    }
    Vec2 lo = p[0], hi = p[0];
    for (Vec2 q : p) {
        lo = minVec(lo, q);
        hi = maxVec(hi, q);
    }
    const double linTol = 1e-9 * std::max(hi.x - lo.x, hi.y - lo.y);
    if (trace) {
        *trace = DecomposeTrace{};
        trace->outline = p;
        for (const Pt& q : pts) {
            trace->outlineSource.push_back(q.source);
        }
    }

    // Triangulation by ear clipping (O(n^3) for n <= kMaxDecomposeVertices).
    std::vector<std::vector<int>> pieces;
    std::vector<std::array<int, 2>> diagonals;
    std::vector<int> ring(n);
    for (std::size_t i = 0; i < n; ++i) {
        ring[i] = int(i);
    }
    while (ring.size() >= 3) {
        const std::size_t m = ring.size();
        int best = -1;
        double bestAngle = -1.0;
        for (std::size_t k = 0; k < m; ++k) {
            const int ia = ring[(k + m - 1) % m], ib = ring[k], ic = ring[(k + 1) % m];
            const Vec2 a = p[std::size_t(ia)], b = p[std::size_t(ib)], c = p[std::size_t(ic)];
            if (turnSine(a, b, c) <= kAngleTolerance) {
                continue; // reflex or straight: not an ear tip
            }
            bool empty = true;
            for (std::size_t r = 0; empty && r < m && m > 3; ++r) {
                const int ir = ring[r];
                if (ir != ia && ir != ib && ir != ic) {
                    empty = !inClosedTriangle(p[std::size_t(ir)], a, b, c, linTol);
                }
            }
            const double angle = smallestAngle(a, b, c);
            if (empty && angle > bestAngle) {
                best = int(k);
                bestAngle = angle;
            }
        }
        if (best < 0) {
            return Error{"outline is too thin to cut into valid convex pieces near this vertex",
                         pts[std::size_t(ring[0])].source};
        }
        const std::size_t k = std::size_t(best);
        const int ia = ring[(k + m - 1) % m], ib = ring[k], ic = ring[(k + 1) % m];
        pieces.push_back({ia, ib, ic});
        if (trace) {
            trace->ears.push_back({{ia, ib, ic}, ib, bestAngle});
        }
        if (m == 3) {
            break;
        }
        diagonals.push_back({ia, ic});
        ring.erase(ring.begin() + std::ptrdiff_t(k));
    }

    // Hertel-Mehlhorn: remove the diagonals that are not essential, in the order they were made.
    std::vector<int> owner(n * n, -1); // owner[a * n + b]: the piece holding the directed edge a -> b
    auto claim = [&](int piece) {
        const std::vector<int>& v = pieces[std::size_t(piece)];
        for (std::size_t i = 0; i < v.size(); ++i) {
            owner[std::size_t(v[i]) * n + std::size_t(v[(i + 1) % v.size()])] = piece;
        }
    };
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        claim(int(i));
    }
    auto livePieces = [&pieces]() {
        std::vector<std::vector<int>> live;
        for (const std::vector<int>& piece : pieces) {
            if (!piece.empty()) {
                live.push_back(piece);
            }
        }
        return live;
    };
    for (const auto& [a, b] : diagonals) {
        const int pa = owner[std::size_t(a) * n + std::size_t(b)];
        const int qb = owner[std::size_t(b) * n + std::size_t(a)];
        const std::vector<int>& P = pieces[std::size_t(pa)];
        const std::vector<int>& Q = pieces[std::size_t(qb)];
        auto at = [](const std::vector<int>& v, int vertex) {
            return std::size_t(std::find(v.begin(), v.end(), vertex) - v.begin());
        };
        const std::size_t aP = at(P, a), bP = at(P, b), aQ = at(Q, a), bQ = at(Q, b);
        // Merged piece: P from b round to a, then Q after a round to before b.
        std::vector<int> merged;
        for (std::size_t i = bP;; i = (i + 1) % P.size()) {
            merged.push_back(P[i]);
            if (i == aP) {
                break;
            }
        }
        for (std::size_t i = (aQ + 1) % Q.size(); i != bQ; i = (i + 1) % Q.size()) {
            merged.push_back(Q[i]);
        }
        const Vec2 beforeA = p[std::size_t(P[(aP + P.size() - 1) % P.size()])];
        const Vec2 afterA = p[std::size_t(Q[(aQ + 1) % Q.size()])];
        const Vec2 beforeB = p[std::size_t(Q[(bQ + Q.size() - 1) % Q.size()])];
        const Vec2 afterB = p[std::size_t(P[(bP + 1) % P.size()])];
        DiagonalVerdict verdict = DiagonalVerdict::Removed;
        if (turnSine(beforeA, p[std::size_t(a)], afterA) < -kAngleTolerance) {
            verdict = DiagonalVerdict::ReflexAtStart;
        } else if (turnSine(beforeB, p[std::size_t(b)], afterB) < -kAngleTolerance) {
            verdict = DiagonalVerdict::ReflexAtEnd;
        } else if (cornerVertices(merged, p).size() > std::size_t(kMaxPolygonVertices)) {
            verdict = DiagonalVerdict::TooManyVertices;
        }
        if (verdict == DiagonalVerdict::Removed) {
            owner[std::size_t(a) * n + std::size_t(b)] = -1;
            owner[std::size_t(b) * n + std::size_t(a)] = -1;
            pieces[std::size_t(qb)].clear();
            pieces[std::size_t(pa)] = std::move(merged);
            claim(pa);
        }
        if (trace) {
            trace->merges.push_back({a, b, verdict, livePieces()});
        }
    }

    Decomposition result;
    result.outline = p;
    for (const std::vector<int>& piece : livePieces()) {
        std::vector<int> corners = cornerVertices(piece, p);
        std::vector<Vec2> points;
        for (int v : corners) {
            points.push_back(p[std::size_t(v)]);
        }
        Result<Polygon> polygon = Polygon::make(points, PolygonCleanup::Strict);
        if (!polygon) {
            const int bad =
                polygon.error().index >= 0 ? corners[std::size_t(polygon.error().index)] : corners[0];
            return Error{"outline is too thin to cut into valid convex pieces near this vertex (" +
                             polygon.error().message + ")",
                         pts[std::size_t(bad)].source};
        }
        result.pieces.push_back(std::move(polygon).value());
        result.pieceIndices.push_back(std::move(corners));
    }
    return result;
}

namespace {

std::string pointText(Vec2 p) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "(%.6g, %.6g)", p.x, p.y);
    return buffer;
}

} // namespace

Result<std::vector<Vec2>> outlineOfPieces(std::span<const std::vector<Vec2>> pieces) {
    if (pieces.empty()) {
        return Error{"there are no pieces to take an outline of"};
    }
    Vec2 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    Vec2 hi = -lo;
    double piecesArea = 0.0;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const std::vector<Vec2>& piece = pieces[k];
        if (piece.size() < 3) {
            return Error{"piece " + str(k) + " has " + str(piece.size()) + " corners; a piece needs 3",
                         int(k)};
        }
        for (Vec2 v : piece) {
            if (!std::isfinite(v.x) || !std::isfinite(v.y)) {
                return Error{"piece " + str(k) + " has a corner that is not a finite number", int(k)};
            }
            lo = minVec(lo, v);
            hi = maxVec(hi, v);
        }
        const double area = signedArea(piece);
        if (!(area > 0.0)) {
            return Error{"piece " + str(k) + " is not counter-clockwise (signed area " +
                             std::to_string(area) + " m^2)",
                         int(k)};
        }
        piecesArea += area;
    }
    const double size = std::max(hi.x - lo.x, hi.y - lo.y);
    const double tol = 1e-9 * size;

    // Weld: each corner becomes an index into `v`.
    std::vector<Vec2> v;
    std::vector<std::vector<int>> rings;
    for (const std::vector<Vec2>& piece : pieces) {
        std::vector<int> ring;
        for (Vec2 p : piece) {
            int index = -1;
            for (std::size_t i = 0; i < v.size() && index < 0; ++i) {
                if (distance(v[i], p) <= tol) {
                    index = int(i);
                }
            }
            if (index < 0) {
                index = int(v.size());
                v.push_back(p);
            }
            if (ring.empty() || ring.back() != index) {
                ring.push_back(index);
            }
        }
        if (ring.size() > 1 && ring.front() == ring.back()) {
            ring.pop_back();
        }
        rings.push_back(std::move(ring));
    }

    // Split every edge at the vertices inside it, then keep the half-edges without a twin.
    std::vector<std::pair<int, int>> halfEdges;
    for (const std::vector<int>& ring : rings) {
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const int a = ring[i], b = ring[(i + 1) % ring.size()];
            const Vec2 d = v[std::size_t(b)] - v[std::size_t(a)];
            const double len2 = dot(d, d);
            std::vector<std::pair<double, int>> inside;
            for (std::size_t c = 0; c < v.size(); ++c) {
                if (int(c) == a || int(c) == b) {
                    continue;
                }
                const Vec2 r = v[c] - v[std::size_t(a)];
                const double t = dot(r, d) / len2;
                if (t > 0.0 && t < 1.0 && std::abs(cross(d, r)) <= tol * std::sqrt(len2)) {
                    inside.emplace_back(t, int(c));
                }
            }
            std::sort(inside.begin(), inside.end());
            int from = a;
            for (const auto& [t, c] : inside) {
                halfEdges.emplace_back(from, c);
                from = c;
            }
            halfEdges.emplace_back(from, b);
        }
    }
    std::vector<bool> cancelled(halfEdges.size(), false);
    for (std::size_t i = 0; i < halfEdges.size(); ++i) {
        for (std::size_t j = i + 1; j < halfEdges.size() && !cancelled[i]; ++j) {
            if (!cancelled[j] && halfEdges[j].first == halfEdges[i].second &&
                halfEdges[j].second == halfEdges[i].first) {
                cancelled[i] = cancelled[j] = true;
            }
        }
    }
    std::vector<int> next(v.size(), -1);
    std::size_t boundaryEdges = 0;
    int start = -1;
    for (std::size_t i = 0; i < halfEdges.size(); ++i) {
        if (cancelled[i]) {
            continue;
        }
        const auto [a, b] = halfEdges[i];
        if (next[std::size_t(a)] >= 0) {
            return Error{"the pieces' outline passes " + pointText(v[std::size_t(a)]) +
                         " twice (pieces touching at one corner only, or overlapping)"};
        }
        next[std::size_t(a)] = b;
        ++boundaryEdges;
        start = start < 0 ? a : start;
    }
    if (boundaryEdges < 3) {
        return Error{"the pieces leave no outline (they cover each other)"};
    }
    std::vector<Vec2> loop;
    int at = start;
    do {
        loop.push_back(v[std::size_t(at)]);
        at = next[std::size_t(at)];
        if (at < 0) {
            return Error{"the pieces' outline stops at " + pointText(loop.back()) + " (pieces overlap)"};
        }
    } while (at != start && loop.size() <= boundaryEdges);
    if (loop.size() != boundaryEdges) {
        return Error{"the pieces' boundary is more than one loop (a hole, parts that do not touch, or pieces "
                     "that overlap); one loop "
                     "passes " +
                     pointText(loop.front())};
    }

    // The splits leave straight vertices; a corner is where the outline turns.
    std::vector<Vec2> outline;
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const Vec2 prev = loop[(i + loop.size() - 1) % loop.size()], cur = loop[i];
        const Vec2 nxt = loop[(i + 1) % loop.size()];
        if (std::abs(turnSine(prev, cur, nxt)) > kAngleTolerance || dot(cur - prev, nxt - cur) < 0.0) {
            outline.push_back(cur);
        }
    }
    const double area = signedArea(outline);
    if (std::abs(area - piecesArea) > 1e-9 * std::max(piecesArea, size * size)) {
        return Error{"the pieces overlap: their areas add up to " + std::to_string(piecesArea) +
                     " m^2, their outline holds " + std::to_string(area) + " m^2"};
    }
    return outline;
}

const char* toString(DiagonalVerdict verdict) {
    switch (verdict) {
    case DiagonalVerdict::Removed:
        return "removed";
    case DiagonalVerdict::ReflexAtStart:
        return "reflex-at-start";
    case DiagonalVerdict::ReflexAtEnd:
        return "reflex-at-end";
    case DiagonalVerdict::TooManyVertices:
        return "too-many-vertices";
    }
    return "removed";
}

} // namespace phys
