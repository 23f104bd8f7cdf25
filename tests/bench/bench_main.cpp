/// @file bench_main.cpp
/// contactlab-bench: runs the same scenes in ContactLab, Box2D 2.4 and Chipmunk 7 in one process with matched
/// settings and prints, per scene and engine, the time per step, the ratio to Box2D, the heap growth and (for
/// the pyramids) how far any box moved between t = 1 s and t = 10 s. Exit codes: 0 ok, 1 an engine failed or
/// the CSV could not be written, 2 usage error.
///
/// Measuring on a noisy, shared machine:
/// @code
///   for round r in 0..rounds-1:
///     for scene s:
///       for k in 0..E-1: engine = engines[(r + s + k) mod E]    // rotated: no engine always runs first
///         heap0 = heap in use; build; step N times, timing each step() alone on the wall clock and on the
///         CPU clock (this thread's, or the whole process's for an engine stepping on several threads);
///         peak = max(heap in use) after the build and after every step
///   per scene and engine: min over runs of the mean step time (the least disturbed run), the median of all
///   step times pooled over runs, the same min mean in thread CPU time (preemption by other processes
///   excluded), peak heap - heap0 (largest over runs)
/// @endcode
/// Heap: glibc's mallinfo2() (uordblks + hblkhd: bytes in use from the arenas and from mmap), sampled outside
/// the timed region. All three engines allocate through malloc/calloc/new, so the delta is each engine's own
/// memory.

#include "bench_engine.h"
#include "bench_scenes.h"

#include <malloc.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace cl::bench {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDefaultRounds = 5;
constexpr int kQuickRounds = 1;
constexpr int kMaxSteps = 1000000;
constexpr int kMaxRounds = 1000;

const char* const kUsage =
    "usage: contactlab-bench [--quick] [--scene NAME[,NAME...]] [--steps N] [--rounds N] [--csv FILE]\n"
    "                        [--engine NAME[,NAME...]] [--continuous on|off]\n"
    "  --quick           smoke run: 1 round, 60 steps (pyramids keep 600 steps so stability is measured)\n"
    "  --scene NAME      pyramid20 | pyramid40 | pyramid100 | rain | manypyramids | tumbler | smash |\n"
    "                    all (default all); repeat the option or separate names by commas\n"
    "  --steps N         steps per run for every scene (default 600 = 10 s); pyramids need N >= 600 for "
    "stability\n"
    "  --rounds N        rounds; each runs every engine once per scene, in rotated order (default 5)\n"
    "  --csv FILE        also write the results as CSV\n"
    "  --engine NAME     contactlab | contactlab-mt | box2d | chipmunk | all (default all); ratios need\n"
    "                    box2d. contactlab runs on one thread, contactlab-mt on every core (issue 17)\n"
    "  --continuous X    continuous collision in ContactLab and Box2D: on (both engines' default) or off\n";

/// Engine order of the benchmark; Box2D is the reference for ratios.
const char* const kEngineNames[kEngineCount] = {"ContactLab", "ContactLab-MT", "Box2D", "Chipmunk"};
const char* const kEngineOptionNames[kEngineCount] = {"contactlab", "contactlab-mt", "box2d", "chipmunk"};

struct Options {
    bool quick = false;
    std::vector<std::string> scenes;
    std::vector<int> engines; ///< EngineKind values, in kEngineNames order
    std::optional<int> steps;
    std::optional<int> rounds;
    std::string csvPath;
    RunSettings settings;
};

struct UsageError {
    std::string message;
};

std::optional<int> parseInt(std::string_view text, int minValue, int maxValue) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < minValue || value > maxValue) {
        return std::nullopt;
    }
    return value;
}

std::vector<std::string> splitCommas(const std::string& text) {
    std::vector<std::string> parts;
    std::stringstream list(text);
    std::string part;
    while (std::getline(list, part, ',')) {
        parts.push_back(part);
    }
    return parts;
}

/// Parses the command line; throws UsageError naming the offending argument.
Options parseOptions(int argc, char** argv) {
    Options options;
    const std::vector<std::string> known = sceneNames();
    auto needValue = [&](int& i, const std::string& flag) -> std::string {
        if (i + 1 >= argc) {
            throw UsageError{flag + " needs a value"};
        }
        return argv[++i];
    };
    std::vector<bool> engineChosen(kEngineCount, false);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--quick") {
            options.quick = true;
        } else if (arg == "--scene") {
            for (const std::string& name : splitCommas(needValue(i, arg))) {
                if (name == "all") {
                    options.scenes.insert(options.scenes.end(), known.begin(), known.end());
                } else if (std::find(known.begin(), known.end(), name) != known.end()) {
                    options.scenes.push_back(name);
                } else {
                    std::string names;
                    for (const std::string& k : known) {
                        names += " " + k;
                    }
                    throw UsageError{"unknown scene '" + name + "'; known scenes:" + names + " all"};
                }
            }
        } else if (arg == "--engine") {
            for (const std::string& name : splitCommas(needValue(i, arg))) {
                bool found = name == "all";
                for (int k = 0; k < kEngineCount; ++k) {
                    if (name == "all" || name == kEngineOptionNames[k]) {
                        engineChosen[static_cast<std::size_t>(k)] = true;
                        found = true;
                    }
                }
                if (!found) {
                    throw UsageError{"unknown engine '" + name +
                                     "'; known engines: contactlab box2d chipmunk all"};
                }
            }
        } else if (arg == "--continuous") {
            const std::string value = needValue(i, arg);
            if (value != "on" && value != "off") {
                throw UsageError{"--continuous: '" + value + "' is not on or off"};
            }
            options.settings.continuous = value == "on";
        } else if (arg == "--steps") {
            const std::string value = needValue(i, arg);
            options.steps = parseInt(value, 1, kMaxSteps);
            if (!options.steps) {
                throw UsageError{"--steps: '" + value + "' is not an integer in 1.." +
                                 std::to_string(kMaxSteps)};
            }
        } else if (arg == "--rounds") {
            const std::string value = needValue(i, arg);
            options.rounds = parseInt(value, 1, kMaxRounds);
            if (!options.rounds) {
                throw UsageError{"--rounds: '" + value + "' is not an integer in 1.." +
                                 std::to_string(kMaxRounds)};
            }
        } else if (arg == "--csv") {
            options.csvPath = needValue(i, arg);
        } else if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            std::exit(0);
        } else {
            throw UsageError{"unknown argument '" + arg + "'"};
        }
    }
    if (options.scenes.empty()) {
        options.scenes = known;
    }
    // Drop repeated names, keeping the first occurrence.
    std::vector<std::string> unique;
    for (const std::string& s : options.scenes) {
        if (std::find(unique.begin(), unique.end(), s) == unique.end()) {
            unique.push_back(s);
        }
    }
    options.scenes = unique;
    for (int k = 0; k < kEngineCount; ++k) {
        if (engineChosen[static_cast<std::size_t>(k)] ||
            std::none_of(engineChosen.begin(), engineChosen.end(), [](bool b) { return b; })) {
            options.engines.push_back(k);
        }
    }
    return options;
}

/// Bytes the process has in use from malloc (arena chunks plus mmap'ed blocks).
std::size_t heapInUse() {
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/// CPU time consumed by this thread, or by every thread of the process, seconds (excludes time a thread
/// was not running). The engines on one thread are measured on their thread alone, so that a thread of
/// another engine winding down cannot be counted in theirs.
double cpuSeconds(bool wholeProcess) {
    timespec ts{};
    clock_gettime(wholeProcess ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// The 1-minute load average, or -1 when /proc/loadavg cannot be read.
double loadAverage() {
    std::ifstream in("/proc/loadavg");
    double load = -1.0;
    in >> load;
    return in ? load : -1.0;
}

/// The time a cache line takes to go from one core to another and back, nanoseconds: two threads hand a
/// counter to each other 200,000 times. On a virtual machine the two cores it is given may sit next to each
/// other or far apart, and which it is can change from one minute to the next: here it read about 100 ns or
/// about 500 ns, and pyramid100 on two threads ran 2.3-2.8 ms a step with the first and 4.2-4.5 ms with the
/// second (one thread: 4.9 ms), so the two-thread figures are read next to it (docs/benchmark.md).
/// -1 on a machine of one CPU.
double coreRoundTripNs() {
    if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
        return -1.0;
    }
    constexpr long kPasses = 200000;
    alignas(64) std::atomic<long> turn{0};
    const auto play = [&turn](long first) {
        for (long i = first; i < 2 * kPasses; i += 2) {
            for (int spins = 0; turn.load(std::memory_order_acquire) != i; ++spins) {
                if (spins > 100000) {
                    std::this_thread::yield(); // the other thread is not running: give it the core
                }
            }
            turn.store(i + 1, std::memory_order_release);
        }
    };
    const auto t0 = std::chrono::steady_clock::now();
    std::thread other(play, 1);
    play(0);
    other.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return seconds / static_cast<double>(kPasses) * 1e9;
}

/// coreRoundTripNs() as printed: "512 ns", or why there is none.
std::string roundTripText() {
    const double ns = coreRoundTripNs();
    if (ns < 0.0) {
        return "not measured (one CPU)";
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.0f ns", ns);
    return text;
}

/// Largest box displacement in the stability window and how many boxes moved more than kMovedThreshold.
struct Stability {
    double maxDisplacement = 0.0; ///< metres
    int moved = 0;
};

struct RunResult {
    std::vector<double> stepSeconds;
    double meanSeconds = 0.0;    ///< wall clock
    double meanCpuSeconds = 0.0; ///< CPU clock (see cpuSeconds())
    int threads = 1;
    std::size_t peakHeapBytes = 0;
    std::optional<Stability> stability;
    std::vector<PhaseTime> phases; ///< summed over the run
};

std::unique_ptr<Engine> makeEngine(int kind) {
    switch (static_cast<EngineKind>(kind)) {
    case EngineKind::ContactLab:
        return makeContactLabEngine(1);
    case EngineKind::ContactLabThreads:
        return makeContactLabEngine(0);
    case EngineKind::Box2D:
        return makeBox2DEngine();
    case EngineKind::Chipmunk:
        return makeChipmunkEngine();
    }
    return nullptr;
}

int stepAt(double seconds) {
    return static_cast<int>(std::lround(seconds / kTimeStep));
}

/// One run: build the scene in a fresh engine, step it `steps` times, time each step, sample the heap.
RunResult runOnce(int kind, const SceneSpec& scene, int steps, const RunSettings& settings) {
    RunResult result;
    // Everything the benchmark itself needs is allocated before the heap baseline.
    result.stepSeconds.reserve(static_cast<std::size_t>(steps));
    std::vector<Point> from;
    std::vector<Point> to;
    from.reserve(static_cast<std::size_t>(scene.dynamicCount()));
    to.reserve(static_cast<std::size_t>(scene.dynamicCount()));
    result.phases.reserve(8);
    const int stepFrom = stepAt(kStabilityFrom);
    const int stepTo = stepAt(kStabilityTo);
    const bool stability = scene.measureStability && steps >= stepTo;

    const std::size_t baseline = heapInUse();
    std::size_t peak = baseline;
    double cpuTotal = 0.0;
    {
        std::unique_ptr<Engine> engine = makeEngine(kind);
        engine->build(scene, settings);
        result.threads = engine->threads();
        const bool wholeProcess = result.threads > 1;
        peak = std::max(peak, heapInUse());
        for (int i = 1; i <= steps; ++i) {
            const double c0 = cpuSeconds(wholeProcess);
            const Clock::time_point t0 = Clock::now();
            engine->step();
            const Clock::time_point t1 = Clock::now();
            cpuTotal += cpuSeconds(wholeProcess) - c0;
            result.stepSeconds.push_back(std::chrono::duration<double>(t1 - t0).count());
            peak = std::max(peak, heapInUse());
            if (stability && i == stepFrom) {
                engine->dynamicPositions(from);
            }
            if (stability && i == stepTo) {
                engine->dynamicPositions(to);
            }
        }
        result.phases = engine->phases();
    }
    result.peakHeapBytes = peak - baseline;
    double sum = 0.0;
    for (double s : result.stepSeconds) {
        sum += s;
    }
    result.meanSeconds = sum / static_cast<double>(steps);
    result.meanCpuSeconds = cpuTotal / static_cast<double>(steps);
    if (stability) {
        Stability st;
        for (std::size_t i = 0; i < from.size() && i < to.size(); ++i) {
            const double d = std::hypot(to[i].x - from[i].x, to[i].y - from[i].y);
            if (!std::isfinite(d)) {
                st.maxDisplacement = std::numeric_limits<double>::quiet_NaN();
                break;
            }
            st.maxDisplacement = std::max(st.maxDisplacement, d);
            st.moved += d > kMovedThreshold ? 1 : 0;
        }
        result.stability = st;
    }
    return result;
}

/// The summary of one scene and engine over all rounds.
struct Summary {
    std::string scene;
    std::string engine;
    int threads = 1;
    int bodies = 0;
    int steps = 0;
    int runs = 0;
    double minMeanMs = 0.0;
    double medianMs = 0.0;
    double minMeanCpuMs = 0.0;
    double ratioToBox2D = std::numeric_limits<double>::quiet_NaN();    ///< wall min mean / Box2D's
    double cpuRatioToBox2D = std::numeric_limits<double>::quiet_NaN(); ///< CPU min mean / Box2D's
    std::size_t peakHeapBytes = 0;
    std::optional<Stability> stability;
    bool stabilityVaried = false;           ///< the stability numbers differed between runs (non-determinism)
    std::vector<PhaseTime> phasesMsPerStep; ///< of the run with the minimum mean
};

Summary summarize(const std::string& sceneName, int kind, int bodies, int steps,
                  const std::vector<RunResult>& runs) {
    Summary s;
    s.scene = sceneName;
    s.engine = kEngineNames[kind];
    s.threads = runs.front().threads;
    s.bodies = bodies;
    s.steps = steps;
    s.runs = static_cast<int>(runs.size());
    std::vector<double> all;
    std::size_t best = 0;
    double bestCpu = runs.front().meanCpuSeconds;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        all.insert(all.end(), runs[r].stepSeconds.begin(), runs[r].stepSeconds.end());
        if (runs[r].meanSeconds < runs[best].meanSeconds) {
            best = r;
        }
        bestCpu = std::min(bestCpu, runs[r].meanCpuSeconds);
        s.peakHeapBytes = std::max(s.peakHeapBytes, runs[r].peakHeapBytes);
    }
    s.minMeanMs = runs[best].meanSeconds * 1e3;
    s.minMeanCpuMs = bestCpu * 1e3;
    const std::size_t mid = all.size() / 2;
    std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mid), all.end());
    double median = all[mid];
    if (all.size() % 2 == 0 && mid > 0) {
        median =
            0.5 * (median + *std::max_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(mid)));
    }
    s.medianMs = median * 1e3;
    s.stability = runs.front().stability;
    for (const RunResult& r : runs) {
        if (r.stability && s.stability &&
            (r.stability->maxDisplacement != s.stability->maxDisplacement ||
             r.stability->moved != s.stability->moved)) {
            s.stabilityVaried = true;
        }
    }
    for (const PhaseTime& p : runs[best].phases) {
        s.phasesMsPerStep.push_back({p.name, p.seconds * 1e3 / steps});
    }
    return s;
}

std::string fixed(double value, int decimals) {
    if (std::isnan(value)) {
        return "-";
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

/// The value of a phase by name, if the engine reports it.
std::optional<double> phaseMs(const Summary& s, const std::string& name) {
    for (const PhaseTime& p : s.phasesMsPerStep) {
        if (p.name == name) {
            return p.seconds;
        }
    }
    return std::nullopt;
}

const std::vector<std::string>& phaseColumns() {
    static const std::vector<std::string> kColumns = {"broadphase", "narrowphase", "solve",
                                                      "integrate",  "toi",         "other"};
    return kColumns;
}

void printTable(const std::vector<Summary>& rows) {
    const char* const header = "%-13s %-13s %7s %6s %5s %4s %10s %10s %7s %10s %7s %9s %11s %7s\n";
    std::printf(header, "scene", "engine", "threads", "bodies", "steps", "runs", "wall ms", "wall ms", "wall",
                "cpu ms", "cpu", "peak heap", "max disp", "moved");
    std::printf(header, "", "", "", "", "", "", "min mean", "median", "/Box2D", "min mean", "/Box2D", "MB",
                "1-10 s (m)", ">0.5 m");
    std::string previous;
    for (const Summary& s : rows) {
        if (!previous.empty() && previous != s.scene) {
            std::printf("\n");
        }
        previous = s.scene;
        const std::string disp =
            s.stability ? fixed(s.stability->maxDisplacement, 4) + (s.stabilityVaried ? "*" : "") : "-";
        const std::string moved = s.stability ? std::to_string(s.stability->moved) : "-";
        std::printf("%-13s %-13s %7d %6d %5d %4d %10.4f %10.4f %7s %10.4f %7s %9.2f %11s %7s\n",
                    s.scene.c_str(), s.engine.c_str(), s.threads, s.bodies, s.steps, s.runs, s.minMeanMs,
                    s.medianMs, fixed(s.ratioToBox2D, 2).c_str(), s.minMeanCpuMs,
                    fixed(s.cpuRatioToBox2D, 2).c_str(),
                    static_cast<double>(s.peakHeapBytes) / (1024.0 * 1024.0), disp.c_str(), moved.c_str());
    }
}

void printProfile(const std::vector<Summary>& rows) {
    std::printf(
        "\nPer-phase profile, wall ms per step, of the run with the minimum mean (the engines' own timers:\n"
        "ContactLab StepReport::timings, Box2D b2Profile; Chipmunk has none). ContactLab's integrate is its\n"
        "finalise phase (poses, AABBs, proxy moves); Box2D's solve is its island solve (velocities,\n"
        "positions, integration), its broadphase includes proxy moves, its toi is the continuous phase.\n");
    std::printf("%-13s %-13s", "scene", "engine");
    for (const std::string& c : phaseColumns()) {
        std::printf(" %11s", c.c_str());
    }
    std::printf(" %11s\n", "sum");
    for (const Summary& s : rows) {
        if (s.phasesMsPerStep.empty()) {
            continue;
        }
        std::printf("%-13s %-13s", s.scene.c_str(), s.engine.c_str());
        double sum = 0.0;
        for (const std::string& c : phaseColumns()) {
            const std::optional<double> v = phaseMs(s, c);
            sum += v.value_or(0.0);
            std::printf(" %11s", v ? fixed(*v, 4).c_str() : "-");
        }
        std::printf(" %11.4f\n", sum);
    }
}

bool writeCsv(const std::string& path, const std::vector<Summary>& rows) {
    std::ofstream out(path);
    if (!out) {
        return false;
    }
    out << "scene,engine,threads,bodies,steps,runs,min_mean_ms,median_ms,ratio_to_box2d,cpu_min_mean_ms,"
           "cpu_ratio_to_box2d,peak_heap_bytes,max_displacement_m,moved_count";
    for (const std::string& c : phaseColumns()) {
        out << ",phase_" << c << "_ms";
    }
    out << "\n";
    auto number = [](double v) {
        return std::isnan(v) ? std::string() : fixed(v, 6);
    };
    for (const Summary& s : rows) {
        out << s.scene << ',' << s.engine << ',' << s.threads << ',' << s.bodies << ',' << s.steps << ','
            << s.runs << ',' << number(s.minMeanMs) << ',' << number(s.medianMs) << ','
            << number(s.ratioToBox2D) << ',' << number(s.minMeanCpuMs) << ',' << number(s.cpuRatioToBox2D)
            << ',' << s.peakHeapBytes << ',';
        if (s.stability) {
            out << number(s.stability->maxDisplacement) << ',' << s.stability->moved;
        } else {
            out << ',';
        }
        for (const std::string& c : phaseColumns()) {
            const std::optional<double> v = phaseMs(s, c);
            out << ',' << (v ? number(*v) : std::string());
        }
        out << "\n";
    }
    return static_cast<bool>(out);
}

void printHeader(const Options& options, const std::vector<SceneSpec>& scenes, int rounds) {
    const std::string banner = chipmunkBanner();
    std::printf(
        "contactlab-bench: the same scenes in each engine, one process, time step 1/60 s, gravity 9.81 "
        "m/s^2,\ndensity 1 kg/m^2, friction 0.6 after mixing, restitution 0, sleep off.\n");
    std::printf("  %s\n  %s\n  %s\n", contactLabSettingsText(options.settings).c_str(),
                box2DSettingsText(options.settings).c_str(), chipmunkSettingsText().c_str());
    if (!banner.empty()) {
        std::printf("  (Chipmunk says: \"%s\")\n", banner.c_str());
    }
    std::printf("Scenes:\n");
    for (const SceneSpec& scene : scenes) {
        std::printf("  %-13s %s\n", scene.name.c_str(), scene.description.c_str());
    }
    std::printf(
        "Method: %d round(s); each round runs every engine once per scene, in rotated order. Times are of\n"
        "step() alone. wall: steady_clock; min mean = the smallest over runs of the mean step time; median = "
        "of\n"
        "all steps of all runs. cpu: this thread's CPU clock (CLOCK_THREAD_CPUTIME_ID; the process's,\n"
        "CLOCK_PROCESS_CPUTIME_ID, for ContactLab-MT, which steps on every core: its figure is wall), min\n"
        "over runs of the mean: time the machine gave to other processes is left out. /Box2D = min mean /\n"
        "Box2D's min mean.\n"
        "Peak heap: glibc mallinfo2() bytes in use (uordblks + hblkhd) above the level before the scene was\n"
        "built, sampled after the build and after every step, largest over runs. Max disp: largest "
        "box-centre\n"
        "displacement between t = 1 s and t = 10 s (pyramids only, needs >= 600 steps); moved: boxes "
        "displaced\n"
        "more than 0.5 m; '*' = differed between runs. Load average (1 min) at start: %.2f on %d CPU(s).\n"
        "Round trip of a cache line between two cores at start: %s (about 100 ns when the machine's two\n"
        "cores are close, several hundred when they are far apart: the two-thread figures depend on it).\n\n",
        rounds, loadAverage(), static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)), roundTripText().c_str());
    std::fflush(stdout);
}

int run(const Options& options) {
    const int rounds = options.rounds.value_or(options.quick ? kQuickRounds : kDefaultRounds);
    std::vector<SceneSpec> scenes;
    std::vector<int> steps;
    for (const std::string& name : options.scenes) {
        bool ok = false;
        scenes.push_back(makeScene(name, ok));
        steps.push_back(
            options.steps.value_or(options.quick ? scenes.back().quickSteps : scenes.back().defaultSteps));
    }
    printHeader(options, scenes, rounds);

    const std::vector<int>& engines = options.engines;
    const int engineCount = static_cast<int>(engines.size());
    // results[scene][engine kind] = runs
    std::vector<std::vector<std::vector<RunResult>>> results(
        scenes.size(), std::vector<std::vector<RunResult>>(kEngineCount));
    const Clock::time_point start = Clock::now();
    for (int round = 0; round < rounds; ++round) {
        for (std::size_t s = 0; s < scenes.size(); ++s) {
            for (int k = 0; k < engineCount; ++k) {
                const int kind =
                    engines[static_cast<std::size_t>((round + static_cast<int>(s) + k) % engineCount)];
                try {
                    RunResult r = runOnce(kind, scenes[s], steps[s], options.settings);
                    std::fprintf(
                        stderr, "round %d/%d  %-13s %-10s %10.4f ms/step (cpu %10.4f)  heap %8.2f MB\n",
                        round + 1, rounds, scenes[s].name.c_str(), kEngineNames[kind], r.meanSeconds * 1e3,
                        r.meanCpuSeconds * 1e3, static_cast<double>(r.peakHeapBytes) / (1024.0 * 1024.0));
                    results[s][static_cast<std::size_t>(kind)].push_back(std::move(r));
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "contactlab-bench: %s failed on %s: %s\n", kEngineNames[kind],
                                 scenes[s].name.c_str(), e.what());
                    return 1;
                }
            }
        }
    }

    std::vector<Summary> rows;
    for (std::size_t s = 0; s < scenes.size(); ++s) {
        std::vector<Summary> sceneRows;
        std::optional<Summary> box2d;
        for (const int kind : engines) {
            sceneRows.push_back(summarize(scenes[s].name, kind, static_cast<int>(scenes[s].bodies.size()),
                                          steps[s], results[s][static_cast<std::size_t>(kind)]));
            if (kind == static_cast<int>(EngineKind::Box2D)) {
                box2d = sceneRows.back();
            }
        }
        for (Summary& row : sceneRows) {
            if (box2d && box2d->minMeanMs > 0.0 && box2d->minMeanCpuMs > 0.0) {
                row.ratioToBox2D = row.minMeanMs / box2d->minMeanMs;
                row.cpuRatioToBox2D = row.minMeanCpuMs / box2d->minMeanCpuMs;
            }
            rows.push_back(row);
        }
    }
    printTable(rows);
    printProfile(rows);
    std::printf(
        "\nTotal wall time %.1f s. Load average (1 min) at the end: %.2f. Round trip between two cores "
        "at the end: %s.\n",
        std::chrono::duration<double>(Clock::now() - start).count(), loadAverage(), roundTripText().c_str());
    if (!options.csvPath.empty()) {
        if (!writeCsv(options.csvPath, rows)) {
            std::fprintf(stderr, "contactlab-bench: cannot write %s\n", options.csvPath.c_str());
            return 1;
        }
        std::printf("CSV written to %s\n", options.csvPath.c_str());
    }
    return 0;
}

} // namespace
} // namespace cl::bench

int main(int argc, char** argv) {
    cl::bench::Options options;
    try {
        options = cl::bench::parseOptions(argc, argv);
    } catch (const cl::bench::UsageError& e) {
        std::fprintf(stderr, "contactlab-bench: %s\n%s", e.message.c_str(), cl::bench::kUsage);
        return 2;
    }
    return cl::bench::run(options);
}
