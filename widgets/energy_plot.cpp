#include "energy_plot.h"

#include "scene_renderer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

QColor kineticColor() {
    return QColor(220, 80, 30);
}
QColor potentialColor() {
    return QColor(30, 110, 220);
}
QColor totalColor() {
    return QColor(30, 30, 30);
}
QColor momentumColor() {
    return QColor(0, 150, 110);
}

QString fixed(double value, int decimals = 2) {
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1);
    }
    return text;
}

/// Smallest "nice" bound (1, 2 or 5 times a power of ten) at or above `value` (> 0).
double niceCeil(double value) {
    if (!(value > 0.0) || !std::isfinite(value)) {
        return 1.0;
    }
    const double p = std::pow(10.0, std::floor(std::log10(value)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * p >= value) {
            return m * p;
        }
    }
    return 10.0 * p;
}

} // namespace

EnergyPlot::EnergyPlot(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("energyPlot"));
    // Small enough to leave the Walkthrough, which shares its column in Simulate mode, its explanation and
    // three table rows at 1280x800 (the plot's axes and legend line still fit); it grows with the dock.
    setMinimumHeight(80);
}

void EnergyPlot::addSample(const EnergySample& sample) {
    if (!m_samples.empty() && !(sample.time > m_samples.back().time)) {
        const auto from = std::lower_bound(m_samples.begin(), m_samples.end(), sample.time,
                                           [](const EnergySample& s, double t) { return s.time < t; });
        m_samples.erase(from, m_samples.end());
    }
    m_samples.push_back(sample);
    // Keep two windows, trimmed in batches so adding stays O(1) amortised.
    const double keepFrom = sample.time - 2.0 * m_window;
    if (m_samples.size() > 64 && m_samples.front().time < keepFrom - m_window) {
        const auto to = std::lower_bound(m_samples.begin(), m_samples.end(), keepFrom,
                                         [](const EnergySample& s, double t) { return s.time < t; });
        m_samples.erase(m_samples.begin(), to);
    }
    update();
}

void EnergyPlot::clear() {
    m_samples.clear();
    update();
}

void EnergyPlot::setWindowSeconds(double seconds) {
    m_window = std::clamp(seconds, 1.0, 120.0);
    update();
}

QString EnergyPlot::valuesText() const {
    const EnergySample s = current();
    return tr("KE %1 J   PE %2 J   E %3 J   p (%4, %5) N s   L %6 N m s")
        .arg(fixed(s.kinetic), fixed(s.potential), fixed(s.total()), fixed(s.momentum.x), fixed(s.momentum.y),
             fixed(s.angularMomentum));
}

QSize EnergyPlot::sizeHint() const {
    return QSize(360, 190);
}

QSize EnergyPlot::minimumSizeHint() const {
    return QSize(220, 120);
}

// The plot: time on x (the last m_window seconds), energies on the left axis from min(0, lowest) to a nice
// ceiling, |p| on the right axis from 0. Each curve is a polyline through the samples in the window.
void EnergyPlot::setDisplayScale(double scale) {
    if (scale != m_displayScale) {
        m_displayScale = scale;
        update();
    }
}

void EnergyPlot::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(rect(), palette().base());
    const double scale = m_displayScale;
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * std::max(1.0, scale));
    painter.setFont(font);
    const QFontMetricsF metrics(font);

    // Live values, one row of coloured items.
    const EnergySample now = current();
    struct Item {
        QString text;
        QColor color;
    };
    const Item items[] = {
        {tr("KE %1 J").arg(fixed(now.kinetic)), kineticColor()},
        {tr("PE %1 J").arg(fixed(now.potential)), potentialColor()},
        {tr("E %1 J").arg(fixed(now.total())), totalColor()},
        {tr("|p| %1 N s").arg(fixed(phys::length(now.momentum))), momentumColor()},
    };
    double x = 6.0;
    double y = 4.0;
    for (const Item& item : items) {
        const double w = metrics.horizontalAdvance(item.text) + 14.0;
        if (x + w > width() && x > 6.0) {
            x = 6.0;
            y += metrics.height();
        }
        painter.setPen(item.color);
        painter.drawText(QPointF(x, y + metrics.ascent()), item.text);
        x += w;
    }
    // The axis labels are centred on the plot's top edge: leave half a line for them below the values.
    const double top = y + 1.5 * metrics.height() + 4.0;
    const QRectF plot(QPointF(metrics.horizontalAdvance(QStringLiteral("-000.0")) + 8.0, top),
                      QPointF(width() - metrics.horizontalAdvance(QStringLiteral("000.0")) - 8.0,
                              height() - metrics.height() - 6.0));
    if (plot.width() < 20 || plot.height() < 20) {
        return;
    }
    painter.setPen(QPen(palette().mid().color(), 1.0));
    painter.drawRect(plot);
    if (m_samples.empty()) {
        painter.setPen(palette().text().color());
        painter.drawText(plot, Qt::AlignCenter, tr("Play to plot energy and momentum"));
        return;
    }

    // The time axis grows with the run until it spans the window, then scrolls.
    const double t0 = std::max(m_samples.front().time, m_samples.back().time - m_window);
    const double t1 = std::max(m_samples.back().time, t0 + 1e-6);
    double eMin = 0.0;
    double eMax = 0.0;
    double pMax = 0.0;
    for (const EnergySample& s : m_samples) {
        if (s.time < t0) {
            continue;
        }
        eMin = std::min({eMin, s.kinetic, s.potential, s.total()});
        eMax = std::max({eMax, s.kinetic, s.potential, s.total()});
        pMax = std::max(pMax, phys::length(s.momentum));
    }
    const double eTop = niceCeil(std::max(eMax, 1e-9));
    const double eBottom = eMin < 0.0 ? -niceCeil(-eMin) : 0.0;
    const double pTop = niceCeil(std::max(pMax, 1e-9));
    auto mapX = [&](double t) {
        return plot.left() + (t - t0) / (t1 - t0) * plot.width();
    };
    auto mapE = [&](double e) {
        return plot.bottom() - (e - eBottom) / (eTop - eBottom) * plot.height();
    };
    auto mapP = [&](double p) {
        return plot.bottom() - p / pTop * plot.height();
    };

    // Axes labels.
    painter.setPen(palette().text().color());
    painter.drawText(QRectF(0, plot.top() - metrics.height() * 0.5, plot.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, fixed(eTop, eTop < 10 ? 1 : 0));
    painter.drawText(QRectF(0, plot.bottom() - metrics.height() * 0.5, plot.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, fixed(eBottom, 0));
    painter.setPen(momentumColor());
    painter.drawText(QRectF(plot.right() + 4, plot.top() - metrics.height() * 0.5, width(), metrics.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, fixed(pTop, pTop < 10 ? 1 : 0));
    // The bottom row: the units caption on the left, the time on the right. In a narrow dock or at a
    // presentation scale the full caption would run into the time, so the first that fits with a gap is
    // drawn, from the full sentence down to nothing.
    painter.setPen(palette().text().color());
    const QString timeText = tr("t = %1 s").arg(fixed(m_samples.back().time));
    const QRectF bottomRow(6.0, plot.bottom() + 2, width() - 12.0, metrics.height());
    painter.drawText(bottomRow, Qt::AlignRight | Qt::AlignTop, timeText);
    const double room =
        bottomRow.width() - metrics.horizontalAdvance(timeText) - metrics.averageCharWidth() * 2;
    const QString captions[] = {tr("J (left), N s (right), last %1 s").arg(fixed(m_window, 0)),
                                tr("J (left), N s (right)"), tr("J | N s")};
    for (const QString& caption : captions) {
        if (metrics.horizontalAdvance(caption) <= room) {
            painter.drawText(bottomRow, Qt::AlignLeft | Qt::AlignTop, caption);
            break;
        }
    }
    if (eBottom < 0.0) {
        painter.setPen(QPen(palette().mid().color(), 1.0, Qt::DotLine));
        painter.drawLine(QPointF(plot.left(), mapE(0.0)), QPointF(plot.right(), mapE(0.0)));
    }

    auto curve = [&](auto value, auto map, const QColor& color, Qt::PenStyle style) {
        QPainterPath path;
        bool first = true;
        for (const EnergySample& s : m_samples) {
            if (s.time < t0) {
                continue;
            }
            const QPointF p(mapX(s.time), map(value(s)));
            if (first) {
                path.moveTo(p);
                first = false;
            } else {
                path.lineTo(p);
            }
        }
        painter.setPen(QPen(color, 1.8 * std::max(1.0, scale), style));
        painter.drawPath(path);
    };
    painter.save();
    painter.setClipRect(plot.adjusted(-1, -1, 1, 1));
    curve([](const EnergySample& s) { return s.kinetic; }, mapE, kineticColor(), Qt::SolidLine);
    curve([](const EnergySample& s) { return s.potential; }, mapE, potentialColor(), Qt::SolidLine);
    curve([](const EnergySample& s) { return s.total(); }, mapE, totalColor(), Qt::SolidLine);
    curve([](const EnergySample& s) { return phys::length(s.momentum); }, mapP, momentumColor(),
          Qt::DashLine);
    painter.restore();
}

} // namespace cl
