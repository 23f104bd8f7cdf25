#pragma once
/// @file body.h
/// Body handles and the per-body simulation record the World keeps in one contiguous array.
/// Frames: `origin`/`xf` is the body origin in the world frame (what scene files store); `localCenter` is the
/// centre of mass in the body frame and `center` the same point in the world frame. The body origin is not
/// the centre of mass (Box2D keeps both the same way): the solver integrates the centre, the origin follows.

#include "physics/body_id.h"
#include "physics/collide.h"
#include "physics/defs.h"
#include "physics/math.h"
#include "polygon_store.h"

#include <cstdint>
#include <variant>

namespace phys {

/// Per-body simulation data, one entry per body slot in World's contiguous array. Solvers (impulse, Verlet)
/// read and write it through SolverContext; applications use World's accessors instead.
struct BodySim {
    // The fields are in the order the step's passes read them, so that a pass reads as few cache lines of a
    // body as it can (a record is 208 bytes, 3.25 lines): the narrow phase and its recycling test read the
    // first 88 bytes (pose, centre, velocities, largest extent, type and flags); the solver's gather reads
    // the masses and forces that follow (to byte 144); its write-back and the continuous test read the
    // start-of-step pose after them (to byte 176).
    Transform xf;                 ///< body origin pose, world frame
    Vec2 center;                  ///< centre of mass, world frame, metres
    Vec2 linearVelocity;          ///< of the centre of mass, m/s, world frame
    double angularVelocity = 0.0; ///< rad/s, counter-clockwise
    /// Largest distance from the centre of mass to any point of the body's shapes, metres.
    double maxExtent = 0.0;
    BodyType type = BodyType::Dynamic;
    bool awake = true;       ///< false while asleep (sleep on): not integrated, not solved
    bool enabled = true;     ///< false once the body escaped the world bound: frozen and ignored
    bool bullet = false;     ///< continuous collision against dynamic bodies too
    bool alive = false;      ///< the slot holds a body
    double invMass = 0.0;    ///< 1/kg (0 = infinite mass)
    double invInertia = 0.0; ///< 1/(kg m^2)
    Vec2 localCenter;        ///< centre of mass, body frame, metres
    Vec2 force;              ///< accumulated force, N, world frame; cleared after each step
    double torque = 0.0;     ///< accumulated torque about the centre of mass, N m; cleared after each step
    Vec2 center0; ///< centre of mass at the start of the current step (for swept bounds), world frame
    Rot q0;       ///< rotation at the start of the current step (the time-of-impact sweep)
    /// Smallest distance from the centre of mass to the surface of any of the body's shapes (for a box, half
    /// its shorter side), metres: a body that moves more than half of it in a step may pass through a thin
    /// wall, so it gets a time-of-impact sweep (Box2D v3 b2ComputeShapeExtent).
    double minExtent = 0.0;
    double sleepTime = 0.0; ///< seconds the body has been below the sleep tolerances
    double mass = 0.0;      ///< kg (0 for static and kinematic bodies)
    double inertia = 0.0;   ///< kg m^2 about the centre of mass
    /// True when the body takes part in the solver this step.
    constexpr bool isSimulated() const { return alive && enabled && awake && type != BodyType::Static; }
};
static_assert(sizeof(BodySim) == 208);

/// Per-shape simulation data, one entry per shape slot in World's contiguous array. The small fields the
/// narrow phase reads for every contact come first; a polygon's vertices and edge data live in the World's
/// PolygonStore (polygon_store.h), packed by vertex count, and a ShapeSim names its record by offset. The
/// record is 144 bytes (it was 832 with a fixed-size Polygon inside: issue 17's memory item).
struct ShapeSim {
    AABB aabb;           ///< tight bound, world frame, at the body's current pose
    AABB fatAABB;        ///< the bound stored in the broadphase (enlarged, swept when continuous)
    int body = -1;       ///< body slot index
    int indexInBody = 0; ///< position in the body's BodyDef::shapes
    int proxy = -1;      ///< broadphase proxy id
    int fixedProxy = -1; ///< proxy in the World's tree of static and kinematic shapes (-1 for dynamic ones)
    bool alive = false;
    double density = 1.0; ///< kg/m^2
    double friction = 0.6;
    double restitution = 0.0;
    /// The geometry when `polygon` < 0, body frame. A polygon keeps its area centroid (body frame) in
    /// `circle.center` instead, with a zero radius: a shape is one or the other, and a second Vec2 for the
    /// centroid took 16 bytes of every shape (81 KB of pyramid100's 5,051).
    Circle circle;
    int polygon = -1;    ///< byte offset of the polygon's record in the World's PolygonStore; -1: a circle
    int vertexCount = 0; ///< the polygon's vertex count

    bool isCircle() const { return polygon < 0; }
    /// The polygon's area centroid, body frame (polygons only).
    Vec2 centroid() const { return circle.center; }
};
static_assert(sizeof(ShapeSim) == 144);

/// The shape's geometry as the collision kernels read it.
inline PolygonView polygonOf(const ShapeSim& shape, const PolygonStore& store) {
    return store.view(shape.polygon, shape.vertexCount, shape.centroid());
}
inline ShapeView viewOf(const ShapeSim& shape, const PolygonStore& store) {
    if (shape.isCircle()) {
        return shape.circle;
    }
    return polygonOf(shape, store);
}

/// Updates `xf.p` from the centre of mass and rotation: origin = center - R * localCenter.
inline void syncOriginFromCenter(BodySim& body) {
    body.xf.p = body.center - rotate(body.xf.q, body.localCenter);
}

} // namespace phys
