/// @file engine_chipmunk.cpp
/// Chipmunk 7 (Debian libchipmunk-dev) behind the benchmark's Engine interface: 10 iterations
/// (cpSpaceSetIterations), sleep off (its default: infinite sleep time threshold), double precision
/// (cpFloat). Friction mixes as f1 * f2 in Chipmunk, so every shape gets sqrt(0.6) to make each contact 0.6.
/// Collision slop is set to 0.005 m (Box2D's linear slop): Chipmunk's default 0.1 assumes pixel-sized units
/// and would let 1 m boxes overlap by 10 %.

#include "bench_engine.h"

#include <chipmunk/chipmunk.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>
#include <vector>

#include <unistd.h>

namespace cl::bench {

namespace {

constexpr int kIterations = 10;
constexpr double kCollisionSlop = 0.005; ///< metres

class ChipmunkEngine final : public Engine {
public:
    ChipmunkEngine() = default;
    ChipmunkEngine(const ChipmunkEngine&) = delete;
    ChipmunkEngine& operator=(const ChipmunkEngine&) = delete;
    ~ChipmunkEngine() override { destroy(); }

    std::string name() const override { return "Chipmunk"; }

    void build(const SceneSpec& scene, const RunSettings&) override {
        destroy();
        m_space = cpSpaceNew();
        cpSpaceSetGravity(m_space, cpv(0.0, scene.gravity));
        cpSpaceSetIterations(m_space, kIterations);
        cpSpaceSetSleepTimeThreshold(m_space, INFINITY);
        cpSpaceSetCollisionSlop(m_space, kCollisionSlop);
        const double shapeFriction = std::sqrt(kMixedFriction);
        m_bodies.reserve(scene.bodies.size());
        m_shapes.reserve(scene.bodies.size());
        m_dynamic.reserve(static_cast<std::size_t>(scene.dynamicCount()));

        for (const BodySpec& spec : scene.bodies) {
            const bool isBox = spec.shape == ShapeKind::Box;
            cpBody* body = nullptr;
            if (spec.isStatic) {
                body = cpBodyNewStatic();
            } else if (spec.isKinematic) {
                body = cpBodyNewKinematic();
            } else {
                // Mass and moment from the density (shapes are centred on the body, so the centre of gravity
                // is the body position).
                const double width = 2.0 * spec.halfWidth;
                const double height = 2.0 * spec.halfHeight;
                const double mass =
                    spec.density * (isBox ? width * height : std::numbers::pi * spec.radius * spec.radius);
                const double moment = isBox ? cpMomentForBox(mass, width, height)
                                            : cpMomentForCircle(mass, 0.0, spec.radius, cpvzero);
                body = cpBodyNew(mass, moment);
            }
            cpBodySetPosition(body, cpv(spec.x, spec.y));
            cpBodySetAngle(body, spec.angle);
            cpSpaceAddBody(m_space, body);
            cpBodySetVelocity(body, cpv(spec.vx, spec.vy));
            cpBodySetAngularVelocity(body, spec.omega);
            m_bodies.push_back(body);

            std::vector<cpShape*> shapes;
            if (!spec.parts.empty()) {
                // Only kinematic and static bodies have parts here (the tumbler's drum): no mass to sum.
                if (!spec.isStatic && !spec.isKinematic) {
                    throw std::runtime_error("Chipmunk: dynamic bodies of several boxes are not supported");
                }
                for (const BoxPart& part : spec.parts) {
                    const cpBB bb = cpBBNew(part.x - part.halfWidth, part.y - part.halfHeight,
                                            part.x + part.halfWidth, part.y + part.halfHeight);
                    shapes.push_back(cpBoxShapeNew2(body, bb, 0.0));
                }
            } else {
                shapes.push_back(isBox ? cpBoxShapeNew(body, 2.0 * spec.halfWidth, 2.0 * spec.halfHeight, 0.0)
                                       : cpCircleShapeNew(body, spec.radius, cpvzero));
            }
            for (cpShape* shape : shapes) {
                cpShapeSetFriction(shape, shapeFriction);
                cpShapeSetElasticity(shape, std::sqrt(kRestitution));
                cpSpaceAddShape(m_space, shape);
                m_shapes.push_back(shape);
            }
            if (!spec.isStatic && !spec.isKinematic) {
                m_dynamic.push_back(body);
            }
        }
    }

    void step() override { cpSpaceStep(m_space, kTimeStep); }

    void dynamicPositions(std::vector<Point>& out) const override {
        out.clear();
        for (const cpBody* body : m_dynamic) {
            const cpVect p = cpBodyGetPosition(body);
            out.push_back({p.x, p.y});
        }
    }

private:
    void destroy() {
        // cpSpaceFree touches the bodies (it wakes them), so the space goes first, then shapes, then bodies.
        if (m_space != nullptr) {
            cpSpaceFree(m_space);
            m_space = nullptr;
        }
        for (cpShape* shape : m_shapes) {
            cpShapeFree(shape);
        }
        for (cpBody* body : m_bodies) {
            cpBodyFree(body);
        }
        m_shapes.clear();
        m_bodies.clear();
        m_dynamic.clear();
    }

    cpSpace* m_space = nullptr;
    std::vector<cpBody*> m_bodies;
    std::vector<cpShape*> m_shapes;
    std::vector<cpBody*> m_dynamic;
};

} // namespace

std::unique_ptr<Engine> makeChipmunkEngine() {
    return std::make_unique<ChipmunkEngine>();
}

std::string chipmunkSettingsText() {
    return "Chipmunk " + std::to_string(CP_VERSION_MAJOR) + "." + std::to_string(CP_VERSION_MINOR) + "." +
           std::to_string(CP_VERSION_RELEASE) +
           ": 10 iterations, sleep off, shape friction sqrt(0.6) (mix f1 f2 = 0.6), collision slop 0.005 m, "
           "default collision bias, no continuous collision, double precision";
}

std::string chipmunkBanner() {
    // Chipmunk prints a banner to stdout when the first space is created. Capture it in a temporary file so
    // it does not land inside the table, and hand it back for the header.
    std::fflush(stdout);
    const int savedStdout = ::dup(STDOUT_FILENO);
    std::FILE* capture = std::tmpfile();
    if (savedStdout < 0 || capture == nullptr) {
        if (capture != nullptr) {
            std::fclose(capture);
        }
        if (savedStdout >= 0) {
            ::close(savedStdout);
        }
        cpSpaceFree(cpSpaceNew()); // the banner goes to stdout, before the table
        return {};
    }
    ::dup2(::fileno(capture), STDOUT_FILENO);
    cpSpaceFree(cpSpaceNew());
    std::fflush(stdout);
    ::dup2(savedStdout, STDOUT_FILENO);
    ::close(savedStdout);

    std::string text;
    std::rewind(capture);
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, capture) != nullptr) {
        text += buffer;
    }
    std::fclose(capture);
    // One line: newlines become "; ".
    std::string line;
    for (char c : text) {
        if (c == '\n') {
            if (!line.empty()) {
                line += "; ";
            }
        } else {
            line += c;
        }
    }
    while (line.size() >= 2 && line.compare(line.size() - 2, 2, "; ") == 0) {
        line.erase(line.size() - 2);
    }
    return line;
}

} // namespace cl::bench
