/// @file engine_contactlab.cpp
/// ContactLab's physics::World behind the benchmark's Engine interface, with its default settings except
/// sleep off (already the default) and the benchmark's time step and gravity. Friction mixes as sqrt(f1 f2)
/// (phys::mixFriction), so every shape gets 0.6 and every contact 0.6.

#include "bench_engine.h"

#include "contact.h"
#include "physics/collide.h"
#include "physics/polygon_factory.h"
#include "physics/simd.h"
#include "physics/world.h"

#include <cmath>
#include <stdexcept>

namespace cl::bench {

namespace {

/// Per-shape friction whose sqrt(f f) mixing gives kMixedFriction.
constexpr double kShapeFriction = kMixedFriction;

class ContactLabEngine final : public Engine {
public:
    explicit ContactLabEngine(int threads) : m_threads(threads) {}

    std::string name() const override { return "ContactLab"; }
    int threads() const override { return m_world ? m_world->threadCount() : 1; }

    void build(const SceneSpec& scene, const RunSettings& run) override {
        phys::WorldSettings settings; // the defaults (impulse solver, soft step), as the header line says
        settings.timeStep = kTimeStep;
        settings.gravity = {0.0, scene.gravity};
        settings.sleep = false;
        settings.continuous = run.continuous;
        m_world = std::make_unique<phys::World>(settings);
        m_world->setThreadCount(m_threads);
        // Only the phase timings (a few clock reads per step); no energy pass, no contact copies.
        m_world->setReportFlags(phys::kReportTimings);
        m_dynamic.clear();
        m_dynamic.reserve(static_cast<std::size_t>(scene.dynamicCount()));
        m_timings = {};
        // The scene's counts are known, as a scene file's are to the app's loader.
        std::size_t shapeCount = 0;
        for (const BodySpec& spec : scene.bodies) {
            shapeCount += spec.parts.empty() ? 1 : spec.parts.size();
        }
        m_world->reserve(static_cast<int>(scene.bodies.size()), static_cast<int>(shapeCount));

        for (const BodySpec& spec : scene.bodies) {
            phys::BodyDef def;
            def.type = spec.isStatic      ? phys::BodyType::Static
                       : spec.isKinematic ? phys::BodyType::Kinematic
                                          : phys::BodyType::Dynamic;
            def.position = {spec.x, spec.y};
            def.angle = spec.angle;
            def.linearVelocity = {spec.vx, spec.vy};
            def.angularVelocity = spec.omega;
            auto addShape = [&](phys::ShapeGeometry geometry) {
                phys::ShapeDef shape;
                shape.geometry = std::move(geometry);
                shape.density = spec.density;
                shape.friction = kShapeFriction;
                shape.restitution = kRestitution;
                def.shapes.push_back(shape);
            };
            for (const BoxPart& part : spec.parts) {
                const phys::Vec2 corners[4] = {{part.x - part.halfWidth, part.y - part.halfHeight},
                                               {part.x + part.halfWidth, part.y - part.halfHeight},
                                               {part.x + part.halfWidth, part.y + part.halfHeight},
                                               {part.x - part.halfWidth, part.y + part.halfHeight}};
                auto box = phys::Polygon::make(corners);
                if (!box) {
                    throw std::runtime_error("ContactLab: box part rejected: " + box.error().message);
                }
                addShape(box.value());
            }
            if (spec.parts.empty() && spec.shape == ShapeKind::Box) {
                auto box = phys::factory::rectangle(2.0 * spec.halfWidth, 2.0 * spec.halfHeight);
                if (!box) {
                    throw std::runtime_error("ContactLab: rectangle rejected: " + box.error().message);
                }
                addShape(box.value());
            } else if (spec.parts.empty()) {
                addShape(phys::Circle{{0.0, 0.0}, spec.radius});
            }
            auto id = m_world->createBody(def);
            if (!id) {
                throw std::runtime_error("ContactLab: body rejected: " + id.error().message);
            }
            if (!spec.isStatic && !spec.isKinematic) {
                m_dynamic.push_back(id.value());
            }
        }
    }

    void step() override {
        const phys::StepReport& report = m_world->step();
        m_timings.broadphase += report.timings.broadphase;
        m_timings.narrowphase += report.timings.narrowphase;
        m_timings.solve += report.timings.solve;
        m_timings.integrate += report.timings.integrate;
        m_timings.total += report.timings.total;
    }

    void dynamicPositions(std::vector<Point>& out) const override {
        out.clear();
        for (const phys::BodyId id : m_dynamic) {
            const phys::Vec2 p = m_world->worldCenter(id);
            out.push_back({p.x, p.y});
        }
    }

    std::vector<PhaseTime> phases() const override {
        return {{"broadphase", m_timings.broadphase},
                {"narrowphase", m_timings.narrowphase},
                {"solve", m_timings.solve},
                {"integrate", m_timings.integrate},
                {"other", m_timings.total - m_timings.broadphase - m_timings.narrowphase - m_timings.solve -
                              m_timings.integrate}};
    }

private:
    int m_threads = 1;
    std::unique_ptr<phys::World> m_world;
    std::vector<phys::BodyId> m_dynamic;
    phys::StepTimings m_timings; ///< summed over the run, seconds
};

} // namespace

std::unique_ptr<Engine> makeContactLabEngine(int threads) {
    return std::make_unique<ContactLabEngine>(threads);
}

std::string contactLabSettingsText(const RunSettings& run) {
    const phys::WorldSettings d;
    return "ContactLab: its defaults (impulse solver, " + std::string(phys::toString(d.positionCorrection)) +
           ", " + std::to_string(d.iterations) + " iterations, " +
           (d.substeps
                ? std::to_string(*d.substeps) + " substep(s), "
                : "automatic substeps (4, or 8 for an island where a mass ratio above " +
                      std::to_string(phys::autoSubstepsRatioLimit(d) - 1.0).substr(0, 4) + " touches), ") +
           std::to_string(d.relaxIterations) + " relax iteration(s), continuous " +
           (run.continuous ? "on" : "off") + "), sleep off, shape friction 0.6 (mix sqrt(f1 f2) = " +
           std::to_string(phys::mixFriction(kShapeFriction, kShapeFriction)).substr(0, 4) +
           "), double precision, contact sweeps in " + phys::toString(phys::simdLevel()) +
           " (CONTACTLAB_SIMD picks a lower path; every path gives the same bits)";
}

} // namespace cl::bench
