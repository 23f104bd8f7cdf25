#pragma once
/// @file mass.h
/// Mass properties from shapes and density.

#include "physics/shape.h"

#include <span>

namespace phys {

/// Mass, centre of mass and rotational inertia about the centre of mass.
struct MassData {
    double mass = 0.0;    ///< kilograms
    Vec2 center;          ///< centre of mass, local frame, metres
    double inertia = 0.0; ///< kg m^2, about `center`
};

/// Area of a circle, m^2.
double area(const Circle& circle);
/// Area of a polygon by the shoelace formula, m^2.
double area(const Polygon& polygon);

/// Mass properties of a circle: m = rho pi r^2, I = m r^2 / 2 about its centre.
/// @param density kg/m^2
MassData computeMass(const Circle& circle, double density);

/// Mass properties of a convex polygon as a fan of triangles from an interior point: the centroid is the
/// area-weighted mean of the triangle centroids and the inertia the sum of the triangle inertias, moved to
/// the centroid by the parallel axis theorem (the thesis's derivation; Erin Catto, "Box2D polygon mass",
/// which uses the same fan with a reference point inside the polygon for round-off).
/// @param density kg/m^2
MassData computeMass(const Polygon& polygon, double density);

/// Combines the mass properties of several parts (a compound body) about their common centre of mass with the
/// parallel axis theorem: I = sum(I_i + m_i |c_i - c|^2).
MassData combineMass(std::span<const MassData> parts);

} // namespace phys
