#pragma once
/// @file graph_dock.h
/// The Graphs dock of Simulate mode (issue 15): one quantity of the selected bodies against simulated time,
/// read from the recorded frames (simulation_history.h; exact values, no resampling), one line per body, a
/// cursor at the frame shown; exported as CSV (the values as recorded, 17 significant digits) or as a picture
/// (PNG, or SVG through widgets/svg_writer.h). Drawn by our own QuantityPlot: Qt Charts is not a dependency
/// of the app (it is not installed on the build machines, and one small painter serves the screen, PNG and
/// SVG alike).

#include "physics/mass.h"

#include <QDockWidget>
#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

class QComboBox;
class QLabel;

namespace cl {

class QuantityPlot;
struct PlotSeries;
class SceneCanvas;
class SimulationController;
struct SimFrame;

class GraphDock : public QDockWidget {
    Q_OBJECT

public:
    enum class Quantity {
        PositionX,
        PositionY,
        VelocityX,
        VelocityY,
        Speed,
        Angle,
        Spin,
        KineticEnergy,
        PotentialEnergy,
        TotalEnergy,
        MomentumX,
        MomentumY,
        Penetration,
        NormalImpulse,
        FrictionImpulse, ///< summed |tangent impulse| of the body's contact points over the step
        SceneEnergy,     ///< the scene's kinetic, potential and total energy (no selection needed)
    };

    GraphDock(SimulationController* controller, SceneCanvas* canvas, QWidget* parent = nullptr);

    void setQuantity(Quantity quantity);
    Quantity quantity() const;
    QuantityPlot* plot() const { return m_plot; }

    /// Recomputes the lines from the recorded frames (called on every shown frame while visible).
    void refresh();
    /// The plotted values as CSV: a header "t_s,step,<line> (<unit>),..." and one row per recorded frame; in
    /// compare mode "line,t_s,<quantity> (<unit>)" and one row per sample of each configuration's line.
    QString csv() const;
    /// Writes csv() (a name ending in .csv) or the picture (.png, .svg) to `fileName`. Returns an empty
    /// string on success, else the error.
    QString exportTo(const QString& fileName) const;

    /// The quantity's value for body slot `slot` in `frame` (NaN when it has none there, e.g. no contact),
    /// with the body's mass data (for energies and momentum) and the run's gravity (potential energy).
    static double valueOf(Quantity quantity, const SimFrame& frame, int slot, const phys::MassData& mass,
                          phys::Vec2 gravity);
    static QString unitOf(Quantity quantity);
    static QString nameOf(Quantity quantity);

    /// Compare mode (compare_ui.h) draws one line per configuration: while a source is set, refresh() takes
    /// the lines and the cursor's time from it instead of the recorded frames. An empty function clears it.
    using LineSource = std::function<void(Quantity, std::vector<PlotSeries>& lines, double& cursorSeconds)>;
    void setLineSource(LineSource source);
    /// The colour of line `index` (the lines of one body or configuration after another).
    static QColor lineColorAt(int index);

private:
    void chooseExport();

    SimulationController* m_controller;
    SceneCanvas* m_canvas;
    QComboBox* m_quantity = nullptr;
    QuantityPlot* m_plot = nullptr;
    QLabel* m_hint = nullptr;
    std::vector<std::int64_t> m_steps; ///< the steps of the plotted samples (the CSV's rows)
    std::int64_t m_plottedHead = -1;
    std::int64_t m_plottedFirst = -1;
    std::uint64_t m_plottedHash = 0;
    LineSource m_lineSource;
};

} // namespace cl
