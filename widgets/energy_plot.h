#pragma once
/// @file energy_plot.h
/// Energy and momentum of a running simulation: the live values as text, and a small plot of kinetic,
/// potential and total energy (joules, left axis) and the linear momentum's magnitude (N s, right axis) over
/// the last seconds of simulated time.

#include "physics/math.h"

#include <QWidget>

#include <vector>

namespace cl {

/// One sample of the plot (SI units).
struct EnergySample {
    double time = 0.0;            ///< simulated seconds
    double kinetic = 0.0;         ///< J
    double potential = 0.0;       ///< J (relative to the line through the origin normal to gravity)
    phys::Vec2 momentum;          ///< N s
    double angularMomentum = 0.0; ///< N m s about the origin
    double total() const { return kinetic + potential; }
};

class EnergyPlot : public QWidget {
    Q_OBJECT

public:
    /// Simulated seconds shown on the time axis.
    static constexpr double kDefaultWindowSeconds = 10.0;

    explicit EnergyPlot(QWidget* parent = nullptr);

    /// Adds a sample. A sample whose time is not after the last one (stepping back, a reset) drops the
    /// samples from that time on first, so the curve always shows the frames that led to the current one.
    void addSample(const EnergySample& sample);
    /// Forgets every sample.
    void clear();
    const std::vector<EnergySample>& samples() const { return m_samples; }
    /// The latest sample (zeros when empty).
    EnergySample current() const { return m_samples.empty() ? EnergySample{} : m_samples.back(); }

    void setWindowSeconds(double seconds);
    double windowSeconds() const { return m_window; }
    /// Presentation-mode factor on the plot's font (the canvas's display scale; 1 = normal).
    void setDisplayScale(double scale);
    double displayScale() const { return m_displayScale; }

    /// The live values as one line of text, e.g. "KE 12.30 J   PE 45.60 J   E 57.90 J   p (0.00, -1.20) N s".
    QString valuesText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<EnergySample> m_samples; ///< ascending time; trimmed to a few windows
    double m_window = kDefaultWindowSeconds;
    double m_displayScale = 1.0;
};

} // namespace cl
