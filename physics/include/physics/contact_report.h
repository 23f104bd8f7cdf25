#pragma once
/// @file contact_report.h
/// A contact as the World reports it after a step (StepReport::contacts, World::contacts()): plain copies for
/// the UI and tests. The solver's own record (ContactSim) is private to the engine (physics/src/contact.h).

#include "physics/body_id.h"
#include "physics/manifold.h"
#include "physics/math.h"

namespace phys {

/// A contact point as reported after a step (world frame).
struct ContactPointReport {
    Vec2 point;                  ///< metres, world frame, as the narrow phase placed it (start of step)
    double depth = 0.0;          ///< metres; negative for a speculative point (gap)
    double normalImpulse = 0.0;  ///< N s, accumulated over the step
    double tangentImpulse = 0.0; ///< N s, along rightPerp(normal)
    FeatureId id;
    bool persisted = false; ///< true when the point existed last step (warm started); false = new
};

/// A contact between two bodies as reported after a step.
struct ContactReport {
    BodyId bodyA;
    BodyId bodyB;
    int shapeIndexA = 0; ///< index of the shape within body A (as in BodyDef::shapes)
    int shapeIndexB = 0;
    Vec2 normal; ///< unit, world frame, from A to B
    int pointCount = 0;
    ContactPointReport points[kMaxManifoldPoints];
    /// The narrow phase recycled this manifold this step (WorldSettings::recycleContacts): its points are
    /// ones taken at an earlier step, carried by the bodies, not a fresh SAT and clipping of this step's poses.
    bool recycled = false;
};

} // namespace phys
