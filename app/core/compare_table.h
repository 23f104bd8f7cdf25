#pragma once
/// @file compare_table.h
/// What a comparison of configurations measures (issue 15: `contactlab-cli compare` and the GUI's compare
/// mode share it): the reading of a configuration file, and one table row per configuration.
///
/// A configuration file is a JSON object of scene-settings keys with the scene file's names
/// (`{"solver": "verlet", "iterations": 4}`), applied over a base (the scene's settings) by the scene loader's
/// own reader (parseSettingsOver), so a bad value is named as in a scene.
///
/// The row of a configuration after some steps from the start:
/// @code
///   max penetration   largest StepReport::maxPenetration of any step, metres
///   drift             largest distance a dynamic body's origin is from where it started, metres
///   energy            kinetic + potential energy now, joules
///   momentum          linear momentum now, N s
///   contacts          contacts with manifold points in the last step, speculative ones included
///                     (StepReport::contactCount: what the solver had to handle)
///   step cost         mean wall-clock time of World::step, microseconds
/// @endcode

#include "physics/defs.h"
#include "physics/math.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <variant>
#include <vector>

namespace phys {
class World;
struct StepReport;
} // namespace phys

namespace cl {

/// Reads configuration file `fileName` over `base`. On failure, the problem without the file name ("no such
/// file", "iterations: must be ...").
std::variant<phys::WorldSettings, QString> readSettingsFile(const QString& fileName,
                                                            const phys::WorldSettings& base);

/// One configuration's row (see the file comment).
struct CompareRow {
    std::int64_t steps = 0;
    double maxPenetration = 0.0;
    double drift = 0.0;
    double energy = 0.0;
    phys::Vec2 momentum;
    int contacts = 0;
    double meanStepMicros = 0.0;

    friend bool operator==(const CompareRow&, const CompareRow&) = default;
};

/// Accumulates a configuration's row along its run.
class CompareTally {
public:
    /// Remembers where the dynamic bodies of `start` are (by slot).
    explicit CompareTally(const phys::World& start);
    /// After each step: its report, the World after it, and the step's wall-clock time in seconds.
    void addStep(const phys::StepReport& report, double stepSeconds);
    /// The row with the World as it is now (after the steps added).
    CompareRow row(const phys::World& now) const;

private:
    std::vector<phys::Vec2> m_start; ///< by slot: the origin at the start
    std::vector<bool> m_dynamic;     ///< by slot: a dynamic body was there at the start
    CompareRow m_row;
    double m_stepSeconds = 0.0;
};

/// The table's column titles and a row's cells, as `contactlab-cli compare` prints them (the GUI's table
/// shows the same cells).
QStringList compareColumnTitles();
QStringList compareRowCells(const CompareRow& row);

} // namespace cl
