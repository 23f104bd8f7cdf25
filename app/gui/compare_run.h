#pragma once
/// @file compare_run.h
/// Compare mode's model (issue 15): 2-6 configurations of one scene, each on its own phys::Timeline, all from
/// the same start and on one clock. Qt-free apart from QString; the view (compare_view.h), the table and the
/// transport (compare_ui.h) read it.
///
/// One clock. The clock counts ticks of the shortest time step among the configurations (dtMin); at tick k
/// configuration i shows its step n_i(k) = floor(k dtMin / dt_i) (all equal to k when every configuration
/// runs at the same rate, the usual case). A tick adds at most one step to each configuration.
/// @code
///   stepForward():  k += 1; every configuration with n_i(k) beyond its head steps once (Timeline::stepForward,
///                   all of them at once, one thread each), and records its frame and row
///   stepBack(), seek(k): k moves; the frames shown are the recorded ones (exact), nothing is stepped
/// @endcode
/// Stepping ahead (CompareUi while playing): beginStep() starts the next tick's steps on their threads and
/// returns at once, so that the tick shown is drawn meanwhile; finishStep() waits for them and records the
/// tick (the head moves on; the tick shown does not). A frame then costs the larger of the steps and the
/// drawing, not their sum. Between the two, timeline() must not be read (its World is being stepped); the
/// recorded frames and rows may (the steps write to a staging frame, recorded by finishStep()).
/// Every step is recorded (a SimFrame as Simulate mode records it, plus the configuration's CompareRow), so
/// stepping back, scrubbing and stepping forward again inside the recorded ticks show exact states without
/// touching the Worlds; there are no inputs in compare mode, so the future never branches. The frames kept
/// fit kBudgetBytes: the oldest are dropped (firstTick() moves on) once a run is long.

#include "compare_table.h"
#include "simulation_history.h"

#include "physics/defs.h"
#include "physics/mass.h"
#include "physics/timeline.h"

#include <QColor>
#include <QString>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace cl {

/// One configuration: the name shown in the legend and the table, and its settings.
struct CompareConfig {
    QString name;
    phys::WorldSettings settings;
};

class CompareRun {
public:
    /// Memory the recorded frames of all configurations may take, bytes.
    static constexpr std::size_t kBudgetBytes = std::size_t{256} * 1024 * 1024;
    /// Fewest ticks kept whatever the budget.
    static constexpr int kMinTicks = 120;

    /// Builds one Timeline per configuration from `bodies` (body i gets slot i), at tick 0. `parallel`:
    /// configurations step on one thread each (each World then steps on one thread); else one after the other
    /// on the World's own threads. The states do not depend on it.
    CompareRun(const std::vector<phys::BodyDef>& bodies, std::vector<CompareConfig> configs,
               bool parallel = true);
    ~CompareRun();

    int count() const { return static_cast<int>(m_configs.size()); }
    const CompareConfig& config(int i) const { return m_configs[static_cast<std::size_t>(i)].config; }
    const phys::Timeline& timeline(int i) const { return *m_configs[static_cast<std::size_t>(i)].timeline; }
    /// The bodies' definitions (shapes), by slot.
    const std::vector<phys::BodyDef>& bodies() const { return m_bodies; }

    /// The clock's tick length (the shortest time step), seconds.
    double tickSeconds() const { return m_tick; }
    std::int64_t tick() const { return m_cursor; }
    std::int64_t headTick() const { return m_head; }
    std::int64_t firstTick() const { return m_first; }
    /// Simulated time at the tick shown, seconds.
    double time() const { return static_cast<double>(m_cursor) * m_tick; }
    /// The step configuration `i` shows at tick `tick`.
    std::int64_t stepAt(int i, std::int64_t tick) const;

    /// Configuration `i`'s recorded frame at the tick shown (at tick `tick`). Never null inside
    /// [firstTick(), headTick()].
    const SimFrame* frame(int i) const { return frameAt(i, m_cursor); }
    const SimFrame* frameAt(int i, std::int64_t tick) const;
    /// Configuration `i`'s row at the tick shown (at tick `tick`).
    const CompareRow& row(int i) const { return rowAt(i, m_cursor); }
    const CompareRow& rowAt(int i, std::int64_t tick) const;

    /// One tick forward (see the file comment).
    void stepForward();
    /// Starts stepping tick headTick() + 1 (nothing when already started); finishStep() takes it. Every
    /// other call that moves the tick shown (stepBack, seek) finishes it first.
    void beginStep();
    void finishStep();
    bool isStepping() const { return m_stepping; }
    /// Mass data of body slot `slot` (the same in every configuration).
    const phys::MassData& massOf(int slot) const { return m_masses[static_cast<std::size_t>(slot)]; }
    /// One tick back; false at firstTick().
    bool stepBack();
    /// Shows tick `tick` (clamped into [firstTick(), headTick()]).
    void seek(std::int64_t tick);

private:
    struct Run {
        CompareConfig config;
        std::unique_ptr<phys::Timeline> timeline;
        std::unique_ptr<CompareTally> tally;
        SimHistory frames;
        std::vector<CompareRow> rows; ///< by step
        double dt = 0.0;
        SimFrame staged; ///< the step being taken (stepOne), moved into `frames` by finishStep()
        CompareRow stagedRow;
    };
    void record(Run& run, double stepSeconds);
    /// Steps `run` once and records it into its staging frame (on a thread of its own).
    void stepOne(Run& run);
    void fitBudget();
    void updateFirst();

    std::vector<phys::BodyDef> m_bodies;
    std::vector<Run> m_configs;
    double m_tick = 1.0 / 60.0;
    std::int64_t m_cursor = 0;
    std::int64_t m_head = 0;
    std::int64_t m_first = 0;
    bool m_parallel = true;
    std::vector<phys::MassData> m_masses; ///< by slot
    bool m_stepping = false;
    std::vector<Run*> m_due;             ///< the Runs the started tick steps
    std::vector<std::jthread> m_threads; ///< their threads (joined by finishStep)
};

/// The colour of configuration `i`: the Okabe-Ito colour-blind-safe palette (Okabe and Ito, "Color Universal
/// Design", 2002) without its yellow, which does not show on white.
QColor compareColor(int i);

/// The presets offered by the Compare dialog, over `base`: impulse soft step, Baumgarte PGS, push-out, Verlet.
std::vector<CompareConfig> comparePresets(const phys::WorldSettings& base);

} // namespace cl
