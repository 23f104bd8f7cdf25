#include "physics/point_query.h"

namespace phys {

bool pointInCircle(const Circle& circle, Vec2 point) {
    return distanceSquared(circle.center, point) <= circle.radius * circle.radius;
}

bool pointInConvexPolygon(PolygonView polygon, Vec2 point) {
    for (int i = 0; i < polygon.count(); ++i) {
        const Vec2 a = polygon.vertex(i);
        const Vec2 b = polygon.vertex(polygon.next(i));
        if (cross(b - a, point - a) < 0.0) {
            return false;
        }
    }
    return true;
}

/*
 * Even-odd ray cast with the half-open rule (Franklin, PNPOLY; Haines, Graphics Gems IV 1.4):
 *
 *   for each edge (a, b):
 *       if (a.y > p.y) != (b.y > p.y):              // the edge straddles the ray's line, half-open in y
 *           x = a.x + (p.y - a.y) (b.x - a.x) / (b.y - a.y)
 *           if x > p.x: count a crossing            // on the +x side of the point
 *   inside = count is odd
 *
 * A vertex at exactly the ray's height belongs to the upper side, so it is counted by exactly one of its two
 * edges when the boundary crosses the ray there, and by none or both when the boundary only touches it.
 * The source material's version tests the ray against every edge as a closed segment and counts a hit at a
 * shared vertex twice, which flips the answer for rays through a vertex.
 */
int rayCastCrossings(std::span<const Vec2> vertices, Vec2 point, RayCrossing* out, int capacity) {
    const std::size_t n = vertices.size();
    int count = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = vertices[i];
        const Vec2 b = vertices[(i + 1) % n];
        if ((a.y > point.y) != (b.y > point.y)) {
            const double x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (x > point.x) {
                if (out != nullptr && count < capacity) {
                    out[count] = {int(i), {x, point.y}};
                }
                ++count;
            }
        }
    }
    return count;
}

bool pointInPolygonRayCast(std::span<const Vec2> vertices, Vec2 point) {
    return (rayCastCrossings(vertices, point, nullptr, 0) % 2) == 1;
}

} // namespace phys
