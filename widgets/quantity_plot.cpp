#include "quantity_plot.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cl {

namespace {

/// The 1-2-5 step at or above `raw` (> 0).
double niceStep(double raw) {
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= raw) {
            return m * p;
        }
    }
    return 10.0 * p;
}

QString tickText(double value, double step) {
    // As many decimals as the step needs, so neighbouring ticks never read the same.
    const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step))), 0, 6);
    if (std::abs(value) >= 1e5 || (std::abs(value) < 1e-4 && value != 0.0 && step < 1e-4)) {
        return QString::number(value, 'g', 3);
    }
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1);
    }
    return text;
}

} // namespace

QuantityPlot::QuantityPlot(QWidget* parent)
    : QWidget(parent), m_emptyText(tr("No values to plot")),
      m_cursor(std::numeric_limits<double>::quiet_NaN()) {
    setObjectName(QStringLiteral("quantityPlot"));
    setMinimumHeight(140);
}

void QuantityPlot::setQuantity(const QString& name, const QString& unit) {
    m_name = name;
    m_unit = unit;
    update();
}

void QuantityPlot::setSeries(std::vector<PlotSeries> series) {
    m_series = std::move(series);
    update();
}

void QuantityPlot::setEmptyText(const QString& text) {
    if (text != m_emptyText) {
        m_emptyText = text;
        update();
    }
}

bool QuantityPlot::hasValues() const {
    return std::any_of(m_series.begin(), m_series.end(), [](const PlotSeries& s) {
        return std::any_of(s.v.begin(), s.v.end(), [](double v) { return std::isfinite(v); });
    });
}

void QuantityPlot::setCursorTime(double seconds) {
    m_cursor = seconds;
    update();
}

std::vector<double> QuantityPlot::ticks(double lo, double hi) {
    std::vector<double> out;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) {
        return out;
    }
    const double step = niceStep((hi - lo) / 5.0);
    // Each tick as k * step (not by adding the step up, which drifts by an ulp a tick).
    for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k += 1.0) {
        out.push_back(k == 0.0 ? 0.0 : k * step);
    }
    return out;
}

QSize QuantityPlot::sizeHint() const {
    return QSize(420, 260);
}

QSize QuantityPlot::minimumSizeHint() const {
    return QSize(200, 140);
}

void QuantityPlot::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(rect(), palette().base());
    paint(painter, QRectF(rect()));
}

// Layout: the title (quantity and unit) on top, then the legend (one coloured line and name per series,
// wrapped), the plot, x ticks and "t (s)" under it, y ticks left of it.
void QuantityPlot::paint(QPainter& painter, const QRectF& area) const {
    const QFontMetricsF metrics(painter.font());
    const QColor text = palette().text().color();
    const QColor grid = palette().mid().color();
    double y = area.top() + 4.0;
    painter.setPen(text);
    const QString title = m_unit.isEmpty() ? m_name : tr("%1 (%2)").arg(m_name, m_unit);
    painter.drawText(QPointF(area.left() + 6.0, y + metrics.ascent()), title);
    y += metrics.height() + 2.0;
    double x = area.left() + 6.0;
    for (const PlotSeries& s : m_series) {
        const double w = metrics.horizontalAdvance(s.name) + 34.0;
        if (x + w > area.right() && x > area.left() + 6.0) {
            x = area.left() + 6.0;
            y += metrics.height();
        }
        painter.setPen(QPen(s.color, 2.0));
        const double mid = y + metrics.height() * 0.5;
        painter.drawLine(QPointF(x, mid), QPointF(x + 18.0, mid));
        painter.setPen(text);
        painter.drawText(QPointF(x + 22.0, y + metrics.ascent()), s.name);
        x += w;
    }
    y += metrics.height() + 6.0;

    // Data bounds.
    double t0 = std::numeric_limits<double>::infinity();
    double t1 = -t0;
    double v0 = t0;
    double v1 = -t0;
    for (const PlotSeries& s : m_series) {
        for (std::size_t i = 0; i < s.t.size() && i < s.v.size(); ++i) {
            if (!std::isfinite(s.v[i])) {
                continue;
            }
            t0 = std::min(t0, s.t[i]);
            t1 = std::max(t1, s.t[i]);
            v0 = std::min(v0, s.v[i]);
            v1 = std::max(v1, s.v[i]);
        }
    }
    const bool empty = !(t1 >= t0) || !(v1 >= v0);
    if (empty) {
        t0 = 0.0;
        t1 = 1.0;
        v0 = 0.0;
        v1 = 1.0;
    }
    if (t1 - t0 < 1e-9) {
        t1 = t0 + 1.0;
    }
    if (v1 - v0 < 1e-12 * std::max(1.0, std::abs(v0))) {
        // A constant: centre it in a band one unit (or 10% of it) wide.
        const double half = std::max(0.5, std::abs(v0) * 0.05);
        v0 -= half;
        v1 += half;
    }
    const std::vector<double> yTicks = ticks(v0, v1);
    const std::vector<double> xTicks = ticks(t0, t1);
    const double yStep = yTicks.size() > 1 ? yTicks[1] - yTicks[0] : v1 - v0;
    const double xStep = xTicks.size() > 1 ? xTicks[1] - xTicks[0] : t1 - t0;
    double labelWidth = 0.0;
    for (const double v : yTicks) {
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(tickText(v, yStep)));
    }
    const QRectF plot(QPointF(area.left() + labelWidth + 12.0, y),
                      QPointF(area.right() - 10.0, area.bottom() - 2.0 * metrics.height() - 6.0));
    if (plot.width() < 20.0 || plot.height() < 20.0) {
        return;
    }
    auto mapX = [&](double t) {
        return plot.left() + (t - t0) / (t1 - t0) * plot.width();
    };
    auto mapY = [&](double v) {
        return plot.bottom() - (v - v0) / (v1 - v0) * plot.height();
    };

    painter.setBrush(Qt::NoBrush);
    for (const double v : yTicks) {
        const double py = mapY(v);
        painter.setPen(QPen(grid, 1.0, v == 0.0 ? Qt::SolidLine : Qt::DotLine));
        painter.drawLine(QPointF(plot.left(), py), QPointF(plot.right(), py));
        painter.setPen(text);
        painter.drawText(QRectF(area.left(), py - metrics.height() * 0.5, labelWidth + 6.0, metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, tickText(v, yStep));
    }
    for (const double t : xTicks) {
        const double px = mapX(t);
        painter.setPen(QPen(grid, 1.0, Qt::DotLine));
        painter.drawLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()));
        painter.setPen(text);
        painter.drawText(QRectF(px - 40.0, plot.bottom() + 2.0, 80.0, metrics.height()), Qt::AlignCenter,
                         tickText(t, xStep));
    }
    painter.setPen(QPen(grid, 1.0));
    painter.drawRect(plot);
    painter.setPen(text);
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + 2.0 + metrics.height(), plot.width(), metrics.height()),
        Qt::AlignRight | Qt::AlignVCenter, tr("t (s)"));
    if (empty) {
        painter.drawText(plot.adjusted(4.0, 4.0, -4.0, -4.0), Qt::AlignCenter | Qt::TextWordWrap,
                         m_emptyText);
        return;
    }

    painter.save();
    painter.setClipRect(plot.adjusted(-1, -1, 1, 1));
    for (const PlotSeries& s : m_series) {
        QPainterPath path;
        bool penUp = true;
        for (std::size_t i = 0; i < s.t.size() && i < s.v.size(); ++i) {
            if (!std::isfinite(s.v[i])) {
                penUp = true; // a gap: the body was not there (removed, or no contact at that frame)
                continue;
            }
            const QPointF p(mapX(s.t[i]), mapY(s.v[i]));
            if (penUp) {
                path.moveTo(p);
                penUp = false;
            } else {
                path.lineTo(p);
            }
        }
        painter.setPen(QPen(s.color, 1.6));
        painter.drawPath(path);
    }
    if (std::isfinite(m_cursor) && m_cursor >= t0 && m_cursor <= t1) {
        painter.setPen(QPen(palette().highlight().color(), 1.5, Qt::DashLine));
        painter.drawLine(QPointF(mapX(m_cursor), plot.top()), QPointF(mapX(m_cursor), plot.bottom()));
    }
    painter.restore();
}

} // namespace cl
