#pragma once
/// @file bench_engine.h
/// The small interface each benchmarked engine (ContactLab, Box2D 2.4, Chipmunk 7) is wrapped in. The
/// benchmark builds a scene, times step() alone, and reads body positions for the stability measure. The
/// virtual call per step is the same for every engine and negligible next to a step.

#include "bench_scenes.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cl::bench {

/// One phase of an engine's own per-step profile, accumulated over a run.
struct PhaseTime {
    std::string name;
    double seconds = 0.0; ///< summed over the steps of the run
};

/// A position in the world frame, metres.
struct Point {
    double x = 0.0;
    double y = 0.0;
};

/// Settings the command line may change for every engine that has them.
struct RunSettings {
    /// Continuous collision (time of impact) in ContactLab and Box2D (on by default in both); Chipmunk has
    /// none.
    bool continuous = true;
};

class Engine {
public:
    virtual ~Engine() = default;
    /// Display name, e.g. "Box2D 2.4.1".
    virtual std::string name() const = 0;
    /// Creates every body of the scene (static and dynamic, in scene order). Throws std::runtime_error if the
    /// engine rejects a body.
    virtual void build(const SceneSpec& scene, const RunSettings& settings) = 0;
    /// Advances one time step of kTimeStep seconds with the engine's matched settings.
    virtual void step() = 0;
    /// Centres of the dynamic bodies in scene order (world frame, metres).
    virtual void dynamicPositions(std::vector<Point>& out) const = 0;
    /// Threads a step runs on (after build()).
    virtual int threads() const { return 1; }
    /// The engine's own phase timings summed since build(), if it reports them (empty otherwise).
    virtual std::vector<PhaseTime> phases() const { return {}; }
};

/// Engine order of the benchmark: ContactLab on one thread, ContactLab on every core (issue 17), Box2D
/// (the reference for ratios), Chipmunk. Box2D 2.4 and Chipmunk 7 step on one thread.
enum class EngineKind { ContactLab, ContactLabThreads, Box2D, Chipmunk };
inline constexpr int kEngineCount = 4;

/// @param threads worker threads of the World (World::setThreadCount; 0 = every hardware thread).
std::unique_ptr<Engine> makeContactLabEngine(int threads);
std::unique_ptr<Engine> makeBox2DEngine();
std::unique_ptr<Engine> makeChipmunkEngine();

/// A short description of each engine's matched settings, printed above the table.
std::string contactLabSettingsText(const RunSettings& settings);
std::string box2DSettingsText(const RunSettings& settings);
std::string chipmunkSettingsText();
/// Creates and frees one Chipmunk space, capturing the banner Chipmunk prints to stdout on its first space
/// (it says whether the library was built with debug checks). Call once, before any other Chipmunk use.
std::string chipmunkBanner();

} // namespace cl::bench
