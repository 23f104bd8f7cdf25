#include "physics/mass.h"

namespace phys {

double area(const Circle& circle) {
    return kPi * circle.radius * circle.radius;
}

double area(const Polygon& polygon) {
    return signedArea(polygon.vertices());
}

MassData computeMass(const Circle& circle, double density) {
    const double m = density * area(circle);
    return {m, circle.center, 0.5 * m * circle.radius * circle.radius};
}

/*
 * Polygon mass by a triangle fan (thesis 004, "arbitrary polygons"; Box2D b2ComputePolygonMass):
 *
 *   r = mean of the vertices (inside a convex polygon: keeps the fan's numbers small)
 *   for each edge (v_i, v_i+1): triangle (r, v_i, v_i+1), e1 = v_i - r, e2 = v_i+1 - r, D = cross(e1, e2)
 *       area_t = D / 2;  centroid_t = r + (e1 + e2) / 3
 *       second moment about r: I_t = (D / 12) (e1.e1 + e1.e2 + e2.e2)
 *   A = sum area_t;  c = r + sum(area_t (e1 + e2) / 3) / A
 *   I_r = density sum I_t;  I_c = I_r - m |c - r|^2   (parallel axis theorem)
 */
MassData computeMass(const Polygon& polygon, double density) {
    const int n = polygon.count();
    Vec2 r;
    for (int i = 0; i < n; ++i) {
        r += polygon.vertex(i);
    }
    r = r / double(n);

    double a = 0.0;
    Vec2 firstMoment;
    double secondMoment = 0.0;
    for (int i = 0; i < n; ++i) {
        const Vec2 e1 = polygon.vertex(i) - r;
        const Vec2 e2 = polygon.vertex(polygon.next(i)) - r;
        const double d = cross(e1, e2);
        const double triArea = 0.5 * d;
        a += triArea;
        firstMoment += (triArea / 3.0) * (e1 + e2);
        secondMoment += (d / 12.0) * (dot(e1, e1) + dot(e1, e2) + dot(e2, e2));
    }
    const Vec2 cLocal = firstMoment / a; // relative to r
    const double m = density * a;
    const double inertia = density * secondMoment - m * lengthSquared(cLocal);
    return {m, r + cLocal, inertia};
}

MassData combineMass(std::span<const MassData> parts) {
    MassData out;
    Vec2 weighted;
    for (const MassData& p : parts) {
        out.mass += p.mass;
        weighted += p.mass * p.center;
    }
    if (out.mass <= 0.0) {
        return out;
    }
    out.center = weighted / out.mass;
    for (const MassData& p : parts) {
        out.inertia += p.inertia + p.mass * distanceSquared(p.center, out.center);
    }
    return out;
}

} // namespace phys
