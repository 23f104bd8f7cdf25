#pragma once
/// @file body_state.h
/// Plain copies of what the World holds per body slot and per contact, for applications that record or draw
/// the whole world at once (the GUI records one frame per step from them): World::bodyStates() and
/// World::contactStates(). They replace reading the engine's internal arrays (BodySim, ShapeSim, ContactSim,
/// private to physics/src), so the engine can change its records without changing its users.
///
/// Both are indexed by slot: a body's slot is BodyId::index (World::idOfSlot goes back), stable while the
/// body lives; a removed body's slot reads alive = false until it is reused.

#include "physics/defs.h"
#include "physics/manifold.h"
#include "physics/math.h"

namespace phys {

/// One body slot's state (World::bodyState, World::bodyStates).
struct BodyState {
    Transform xf;                 ///< body origin pose, world frame
    Vec2 center;                  ///< centre of mass, world frame, metres
    Vec2 linearVelocity;          ///< of the centre of mass, m/s, world frame
    double angularVelocity = 0.0; ///< rad/s, counter-clockwise
    double mass = 0.0;            ///< kg (0 for static and kinematic bodies)
    double invMass = 0.0;         ///< 1/kg (0 = infinite mass)
    double invInertia = 0.0;      ///< 1/(kg m^2) about the centre of mass (0 = cannot turn)
    BodyType type = BodyType::Dynamic;
    bool alive = false;  ///< the slot holds a body
    bool awake = true;   ///< false while asleep
    bool enabled = true; ///< false once the body escaped the world bound (frozen)
};

/// The solver's state of one manifold point, carried over between steps (warm starting).
struct ContactPointState {
    /// Accumulated normal impulse of the last substep (what the next step warm starts from), N s (>= 0).
    double normalImpulse = 0.0;
    double tangentImpulse = 0.0; ///< the same for friction, N s, along rightPerp(normal)
    bool persisted = false;      ///< the same feature pair touched last step (warm started)
};

/// One contact the World keeps: a shape pair whose broadphase boxes overlap, touching or not (pointCount 0 =
/// no manifold point this step). In the World's deterministic order.
struct ContactState {
    int bodyA = -1;      ///< body slot
    int bodyB = -1;      ///< body slot
    int shapeIndexA = 0; ///< index of the shape within body A (as in BodyDef::shapes)
    int shapeIndexB = 0;
    Manifold manifold; ///< world frame, computed at the start of the last step; normal from A to B
    ContactPointState points[kMaxManifoldPoints];
};

} // namespace phys
