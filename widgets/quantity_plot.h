#pragma once
/// @file quantity_plot.h
/// A line plot of one quantity against simulated time (issue 15's graphs): several series on one plot, each
/// with its colour and a legend entry, axes with "nice" ticks (1, 2, 5 times a power of ten) labelled in SI
/// units, and a vertical cursor at the frame shown. Painted with QPainter (as widgets/energy_plot.cpp), so
/// the same drawing goes to the screen, a PNG (QImage) and an SVG (widgets/svg_writer.h).

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QPainter;

namespace cl {

struct PlotSeries {
    QString name;
    QColor color;
    std::vector<double> t; ///< simulated seconds, ascending
    std::vector<double> v; ///< the quantity, same length as t
};

class QuantityPlot : public QWidget {
    Q_OBJECT

public:
    explicit QuantityPlot(QWidget* parent = nullptr);

    /// The quantity's name and unit for the y axis ("Velocity y", "m/s").
    void setQuantity(const QString& name, const QString& unit);
    void setSeries(std::vector<PlotSeries> series);
    /// What the plot says in its middle when it has no value to draw (the owner knows why: nothing selected,
    /// no contact...). The plot's only empty-state message: its owner shows no second one.
    void setEmptyText(const QString& text);
    QString emptyText() const { return m_emptyText; }
    /// Whether the plot has at least one finite value to draw (else it shows emptyText()).
    bool hasValues() const;
    /// The cursor's time (the frame shown), seconds; NaN hides it.
    void setCursorTime(double seconds);
    const std::vector<PlotSeries>& series() const { return m_series; }
    QString quantityName() const { return m_name; }
    QString unit() const { return m_unit; }
    double cursorTime() const { return m_cursor; }

    /// Draws the plot into `area` of `painter` (the widget, a PNG, an SVG: one drawing for all).
    void paint(QPainter& painter, const QRectF& area) const;

    /// Tick values for an axis spanning [lo, hi]: multiples of a 1-2-5 step giving 3 to about 8 ticks.
    static std::vector<double> ticks(double lo, double hi);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_name;
    QString m_unit;
    QString m_emptyText;
    std::vector<PlotSeries> m_series;
    double m_cursor;
};

} // namespace cl
