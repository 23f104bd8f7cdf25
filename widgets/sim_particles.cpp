#include "sim_particles.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace cl {

namespace {

/// Whether two body-frame points are the same vertex (the solver's rest points are the shapes' vertices minus
/// the centre of mass; adding it back rounds in the last bits).
bool samePoint(phys::Vec2 a, phys::Vec2 b, double tolerance) {
    return std::abs(a.x - b.x) <= tolerance && std::abs(a.y - b.y) <= tolerance;
}

/// Whether the constraint between body-frame points `a` and `b` runs along the outline of one of the body's
/// shapes: an edge (k, k + 1) of a polygon, or a chord between two rim points of a circle (the rim triangle).
/// Anything else (a polygon's diagonals, spokes to the hub or to a circle's centre) is a brace.
bool isEdge(const SimOverlayFrame& frame, const SimOverlayBody& body, phys::Vec2 a, phys::Vec2 b) {
    for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
        const bool edge = std::visit(
            [&](const auto& g) {
                using T = std::decay_t<decltype(g)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    const double tolerance = 1e-7 * (1.0 + g.radius);
                    return std::abs(phys::distance(a, g.center) - g.radius) <= tolerance &&
                           std::abs(phys::distance(b, g.center) - g.radius) <= tolerance;
                } else {
                    const int n = g.count();
                    for (int k = 0; k < n; ++k) {
                        const phys::Vec2 v0 = g.vertex(k);
                        const phys::Vec2 v1 = g.vertex((k + 1) % n);
                        const double tolerance = 1e-7 * (1.0 + phys::length(v0) + phys::length(v1));
                        if ((samePoint(a, v0, tolerance) && samePoint(b, v1, tolerance)) ||
                            (samePoint(a, v1, tolerance) && samePoint(b, v0, tolerance))) {
                            return true;
                        }
                    }
                    return false;
                }
            },
            frame.shapes[static_cast<std::size_t>(s)]);
        if (edge) {
            return true;
        }
    }
    return false;
}

} // namespace

// Per body slot:
//   map = displayXf * engineXf^-1   (the particles ride on the pose drawn, interpolated between steps)
//   hub = the particle whose mass differs from the others' (every non-hub particle of a dynamic body has the
//         same mass, the Verlet model); none for bodies without constraints (static, kinematic)
//   each constraint: an edge when its rest points (localPoint + centre of mass, body frame) are consecutive
//   vertices of one polygon or two rim points of one circle, else a brace
void fillVerletOverlay(SimOverlayFrame& out, VerletView view, const phys::VerletModel* model,
                       const std::function<phys::Transform(int slot)>& enginePose) {
    out.particles.clear();
    out.constraints.clear();
    if (view == VerletView::Shown && (!model || model->particles.empty())) {
        view = VerletView::NotStepped;
    }
    switch (view) {
    case VerletView::Shown:
        out.particlesNote.clear();
        break;
    case VerletView::OtherSolver:
        out.particlesNote =
            QCoreApplication::translate("SimOverlay", "Verlet particles: only with the Verlet solver");
        return;
    case VerletView::NotStepped:
        out.particlesNote =
            QCoreApplication::translate("SimOverlay", "Verlet particles: appear after the first Verlet step");
        return;
    case VerletView::PastFrame:
        out.particlesNote = QCoreApplication::translate(
            "SimOverlay", "Verlet particles: newest step only (a past frame does not record them)");
        return;
    }

    const std::span<const phys::VerletParticle> particles = model->particles;
    const std::span<const phys::VerletConstraint> constraints = model->constraints;
    out.particles.reserve(particles.size());
    out.constraints.reserve(constraints.size());
    for (std::size_t slot = 0; slot < out.bodies.size(); ++slot) {
        const SimOverlayBody& body = out.bodies[slot];
        const phys::VerletRange range = model->particlesOf(static_cast<int>(slot));
        if (range.count <= 0 || range.first < 0 ||
            static_cast<std::size_t>(range.first + range.count) > particles.size()) {
            continue;
        }
        const phys::Transform engine = enginePose(static_cast<int>(slot));
        auto drawn = [&](phys::Vec2 worldPoint) {
            return phys::transformPoint(body.xf, phys::invTransformPoint(engine, worldPoint));
        };
        const phys::VerletRange links = model->constraintsOf(static_cast<int>(slot));
        int hub = -1;
        if (links.count > 0 && range.count >= 3) {
            const auto mass = [&](int k) {
                return particles[static_cast<std::size_t>(range.first + k)].mass;
            };
            const double shared = (mass(0) == mass(1) || mass(0) == mass(2)) ? mass(0) : mass(1);
            for (int k = 0; k < range.count; ++k) {
                if (mass(k) != shared) {
                    hub = range.first + k;
                    break;
                }
            }
        }
        for (int k = range.first; k < range.first + range.count; ++k) {
            const phys::VerletParticle& p = particles[static_cast<std::size_t>(k)];
            out.particles.push_back({drawn(p.position), p.radius, k == hub});
        }
        if (links.count <= 0 || links.first < 0 ||
            static_cast<std::size_t>(links.first + links.count) > constraints.size()) {
            continue;
        }
        const phys::Vec2 localCentre = phys::invTransformPoint(body.xf, body.center);
        for (int c = links.first; c < links.first + links.count; ++c) {
            const phys::VerletConstraint& link = constraints[static_cast<std::size_t>(c)];
            const phys::VerletParticle& a = particles[static_cast<std::size_t>(link.a)];
            const phys::VerletParticle& b = particles[static_cast<std::size_t>(link.b)];
            const bool edge = isEdge(out, body, localCentre + a.localPoint, localCentre + b.localPoint);
            out.constraints.push_back({drawn(a.position), drawn(b.position), edge});
        }
    }
}

} // namespace cl
