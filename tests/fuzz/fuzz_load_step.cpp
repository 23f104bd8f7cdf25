/// @file fuzz_load_step.cpp
/// libFuzzer target: load a scene from arbitrary bytes and run 50 steps at its settings, as
/// `contactlab-cli simulate --steps 50` does.
///
/// Checked after the steps (a failure aborts, and libFuzzer keeps the input):
///   every body has a finite state;
///   the energies are finite;
///   the state written out (withinFileLimits, as simulate --out) loads again (issue 16: what the engine
///   writes, the loader reads).
/// Heavy scenes are only loaded, not stepped: more than kMaxFuzzBodies bodies (a pile of thousands of
/// overlapping bodies takes seconds per step in any engine), or more than kMaxFuzzSolverWork body-iterations
/// per step (1000 iterations x 100 substeps, both allowed, took 14 s for 50 steps of two bodies under ASan).
/// Those are workloads, not bugs, and would stall the fuzzer (its -timeout is 10 s per input).

#include "scene_io.h"

#include "physics/defs.h"
#include "physics/world.h"

#include <QByteArray>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr std::size_t kMaxFuzzBodies = 64;
constexpr double kMaxFuzzSolverWork = 2.0e5;
constexpr int kSteps = 50;

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_load_step: %s\n", what);
    std::abort();
}

bool finiteState(const phys::BodyDef& b) {
    return std::isfinite(b.position.x) && std::isfinite(b.position.y) && std::isfinite(b.angle) &&
           std::isfinite(b.linearVelocity.x) && std::isfinite(b.linearVelocity.y) &&
           std::isfinite(b.angularVelocity);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    auto parsed = cl::parseScene(bytes);
    if (!std::holds_alternative<cl::Scene>(parsed)) {
        return 0;
    }
    const cl::Scene& scene = std::get<cl::Scene>(parsed);
    const phys::WorldSettings& settings = scene.def.settings;
    const double work = double(settings.iterations + settings.relaxIterations) *
                        phys::substepRange(settings).second * double(scene.def.bodies.size() + 1);
    if (scene.def.bodies.size() > kMaxFuzzBodies || work > kMaxFuzzSolverWork) {
        return 0;
    }
    phys::World world;
    if (world.setSettings(scene.def.settings)) {
        broken("the World refuses settings the loader accepted");
    }
    world.setReportFlags(phys::kReportNone);
    std::vector<phys::BodyId> ids;
    for (const phys::BodyDef& def : scene.def.bodies) {
        auto id = world.createBody(def);
        if (!id) {
            broken("the World refuses a body the loader accepted");
        }
        ids.push_back(*id);
    }
    for (int s = 0; s < kSteps; ++s) {
        world.step();
    }
    if (!std::isfinite(world.kineticEnergy()) || !std::isfinite(world.potentialEnergy())) {
        broken("non-finite energy");
    }
    cl::Scene state;
    state.def.settings = world.settings();
    for (const phys::BodyId id : ids) {
        const phys::BodyDef def = world.bodyDef(id);
        if (!finiteState(def)) {
            broken("a body with a non-finite state");
        }
        state.def.bodies.push_back(phys::withinFileLimits(def));
    }
    if (!std::holds_alternative<cl::Scene>(cl::parseScene(cl::serializeScene(state)))) {
        broken("the simulated state does not load again");
    }
    return 0;
}
