/// @file engine_box2d.cpp
/// Box2D 2.4 (Debian libbox2d-dev) behind the benchmark's Engine interface: 8 velocity and 3 position
/// iterations, sleep off, continuous collision at its default (on: dynamic vs static) unless --continuous
/// off, single precision (Box2D's float). Friction mixes as sqrt(f1 f2) (b2MixFriction), so every fixture
/// gets 0.6.

#include "bench_engine.h"

#include <box2d/box2d.h>

#include <cmath>
#include <stdexcept>

namespace cl::bench {

namespace {

constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;
/// Per-fixture friction whose sqrt(f f) mixing gives kMixedFriction.
constexpr float kFixtureFriction = static_cast<float>(kMixedFriction);

class Box2DEngine final : public Engine {
public:
    std::string name() const override { return "Box2D"; }

    void build(const SceneSpec& scene, const RunSettings& run) override {
        // b2World holds a 100 KB stack allocator inline: allocate it on the heap so the heap measure sees it.
        m_world = std::make_unique<b2World>(b2Vec2(0.0f, static_cast<float>(scene.gravity)));
        m_world->SetAllowSleeping(false);
        m_world->SetContinuousPhysics(run.continuous);
        m_dynamic.clear();
        m_dynamic.reserve(static_cast<std::size_t>(scene.dynamicCount()));
        m_profile = {};

        for (const BodySpec& spec : scene.bodies) {
            b2BodyDef bodyDef;
            bodyDef.type = spec.isStatic      ? b2_staticBody
                           : spec.isKinematic ? b2_kinematicBody
                                              : b2_dynamicBody;
            bodyDef.position.Set(static_cast<float>(spec.x), static_cast<float>(spec.y));
            bodyDef.angle = static_cast<float>(spec.angle);
            bodyDef.linearVelocity.Set(static_cast<float>(spec.vx), static_cast<float>(spec.vy));
            bodyDef.angularVelocity = static_cast<float>(spec.omega);
            bodyDef.allowSleep = false;
            b2Body* body = m_world->CreateBody(&bodyDef);

            // A box's core is shrunk by Box2D's polygon skin, with the density raised to keep its mass.
            auto addBox = [&](double x, double y, double halfWidth, double halfHeight) {
                const double coreHalfWidth = halfWidth - b2_polygonRadius;
                const double coreHalfHeight = halfHeight - b2_polygonRadius;
                b2PolygonShape box;
                box.SetAsBox(static_cast<float>(coreHalfWidth), static_cast<float>(coreHalfHeight),
                             b2Vec2(static_cast<float>(x), static_cast<float>(y)), 0.0f);
                b2FixtureDef fixtureDef;
                fixtureDef.shape = &box;
                fixtureDef.density = static_cast<float>(spec.density * (halfWidth * halfHeight) /
                                                        (coreHalfWidth * coreHalfHeight));
                fixtureDef.friction = kFixtureFriction;
                fixtureDef.restitution = static_cast<float>(kRestitution);
                if (body->CreateFixture(&fixtureDef) == nullptr) {
                    throw std::runtime_error("Box2D: CreateFixture failed");
                }
            };
            if (!spec.parts.empty()) {
                for (const BoxPart& part : spec.parts) {
                    addBox(part.x, part.y, part.halfWidth, part.halfHeight);
                }
            } else if (spec.shape == ShapeKind::Box) {
                addBox(0.0, 0.0, spec.halfWidth, spec.halfHeight);
            } else {
                b2CircleShape circle;
                circle.m_radius = static_cast<float>(spec.radius);
                b2FixtureDef fixtureDef;
                fixtureDef.shape = &circle;
                fixtureDef.density = static_cast<float>(spec.density);
                fixtureDef.friction = kFixtureFriction;
                fixtureDef.restitution = static_cast<float>(kRestitution);
                if (body->CreateFixture(&fixtureDef) == nullptr) {
                    throw std::runtime_error("Box2D: CreateFixture failed");
                }
            }
            if (!spec.isStatic && !spec.isKinematic) {
                m_dynamic.push_back(body);
            }
        }
    }

    void step() override {
        m_world->Step(static_cast<float>(kTimeStep), kVelocityIterations, kPositionIterations);
        const b2Profile& p = m_world->GetProfile(); // milliseconds, this step
        m_profile.collide += p.collide;
        m_profile.broadphase += p.broadphase;
        m_profile.solve += p.solve;
        m_profile.solveTOI += p.solveTOI;
        m_profile.step += p.step;
    }

    void dynamicPositions(std::vector<Point>& out) const override {
        out.clear();
        for (const b2Body* body : m_dynamic) {
            const b2Vec2 p = body->GetWorldCenter();
            out.push_back({p.x, p.y});
        }
    }

    std::vector<PhaseTime> phases() const override {
        // b2Profile (b2World::Step): collide = narrow phase (b2ContactManager::Collide); solve = islands
        // (velocity and position iterations, integration) and then, timed inside it as broadphase, moving the
        // proxies and finding new pairs; solveTOI = continuous collision. So the island solve is solve -
        // broadphase.
        const double ms = 1e-3;
        return {{"broadphase", m_profile.broadphase * ms},
                {"narrowphase", m_profile.collide * ms},
                {"solve", (m_profile.solve - m_profile.broadphase) * ms},
                {"toi", m_profile.solveTOI * ms},
                {"other", (m_profile.step - m_profile.collide - m_profile.solve - m_profile.solveTOI) * ms}};
    }

private:
    struct Profile {
        double step = 0.0, collide = 0.0, broadphase = 0.0, solve = 0.0, solveTOI = 0.0; ///< ms, summed
    };
    std::unique_ptr<b2World> m_world;
    std::vector<b2Body*> m_dynamic; ///< owned by m_world
    Profile m_profile;
};

} // namespace

std::unique_ptr<Engine> makeBox2DEngine() {
    return std::make_unique<Box2DEngine>();
}

std::string box2DSettingsText(const RunSettings& run) {
    return "Box2D (library b2_version " + std::to_string(b2_version.major) + "." +
           std::to_string(b2_version.minor) + "." + std::to_string(b2_version.revision) +
           "): 8 velocity + 3 position iterations, sleep off, continuous " +
           std::string(run.continuous ? "on (its default)" : "off") +
           ", fixture friction "
           "0.6 "
           "(mix sqrt(f1 f2) = 0.6), linear slop 0.005 m, box cores shrunk by the 0.01 m polygon skin (same "
           "1 m outline, same mass), single "
           "precision";
}

} // namespace cl::bench
