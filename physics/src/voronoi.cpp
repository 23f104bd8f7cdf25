#include "physics/voronoi.h"

#include <cmath>

namespace phys {

VoronoiRegion voronoiRegion(const Polygon& polygon, const Transform& xf, Vec2 worldPoint) {
    const Vec2 p = invTransformPoint(xf, worldPoint);
    const int n = polygon.count();
    VoronoiRegion out;
    double bestHeight = -1e300;
    int nearest = 0;
    for (int i = 0; i < n; ++i) {
        const Vec2 v0 = polygon.vertex(i), v1 = polygon.vertex(polygon.next(i));
        const Vec2 e = v1 - v0;
        const double h = dot(p - v0, polygon.normal(i));
        const double t = dot(p - v0, e) / lengthSquared(e);
        if (h > bestHeight) {
            bestHeight = h;
            nearest = i;
        }
        if (h > 0.0 && t > 0.0 && t < 1.0) {
            out.feature = VoronoiFeature::Edge;
            out.index = i;
            out.closestPoint = transformPoint(xf, v0 + t * e);
            out.distance = h;
            return out;
        }
        const int previous = polygon.prev(i);
        const Vec2 ePrev = v0 - polygon.vertex(previous);
        if (t <= 0.0 && dot(p - v0, ePrev) >= 0.0) {
            out.feature = VoronoiFeature::Vertex;
            out.index = i;
            out.closestPoint = transformPoint(xf, v0);
            out.distance = length(p - v0);
            if (out.distance > 0.0) {
                return out;
            }
        }
    }
    // Inside (or on the boundary): the nearest edge is the one whose line is closest, the largest height.
    out.feature = VoronoiFeature::Inside;
    out.index = nearest;
    out.closestPoint = transformPoint(xf, p - bestHeight * polygon.normal(nearest));
    out.distance = bestHeight;
    return out;
}

std::vector<Vec2> voronoiRegionOutline(const Polygon& polygon, const Transform& xf, VoronoiFeature feature,
                                       int index, double reach) {
    std::vector<Vec2> local;
    if (feature == VoronoiFeature::Inside) {
        for (const Vec2 v : polygon.vertices()) {
            local.push_back(v);
        }
    } else if (feature == VoronoiFeature::Edge) {
        const Vec2 v0 = polygon.vertex(index), v1 = polygon.vertex(polygon.next(index));
        const Vec2 out = reach * polygon.normal(index);
        local = {v0, v1, v1 + out, v0 + out};
    } else {
        // The wedge at vertex i between the normal of the edge before it and the normal of the edge after it,
        // closed by an arc of short chords so a wide wedge stays inside `reach`.
        const Vec2 v = polygon.vertex(index);
        const Vec2 n0 = polygon.normal(polygon.prev(index)), n1 = polygon.normal(index);
        const double a0 = std::atan2(n0.y, n0.x);
        double a1 = std::atan2(n1.y, n1.x);
        while (a1 < a0) {
            a1 += 2.0 * kPi;
        }
        local.push_back(v);
        const int steps = 12;
        for (int k = 0; k <= steps; ++k) {
            const double a = a0 + (a1 - a0) * k / steps;
            local.push_back(v + reach * Vec2{std::cos(a), std::sin(a)});
        }
    }
    std::vector<Vec2> world;
    for (const Vec2 p : local) {
        world.push_back(transformPoint(xf, p));
    }
    return world;
}

const char* toString(VoronoiFeature feature) {
    switch (feature) {
    case VoronoiFeature::Vertex:
        return "vertex";
    case VoronoiFeature::Edge:
        return "edge";
    case VoronoiFeature::Inside:
        return "inside";
    }
    return "?";
}

} // namespace phys
