#include "gjk_view.h"

#include "label_layout.h"
#include "overlay_private.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
constexpr double kMarginPixels = 18.0;
constexpr double kTitleHeight = 18.0;
} // namespace

std::vector<PlacedLabel> paintDiagram(QPainter& painter, const std::vector<DiagramItem>& items,
                                      const std::function<QPointF(phys::Vec2)>& toPixel,
                                      const QRectF& labelBounds, LabelLayout* labels) {
    // The words in the painter's font size, normal weight, as the panes always wrote them; with the
    // caller's labels (the canvas), at the canvas's label size before its display scale.
    const double fontPixels = labels ? 12.0 : QFontInfo(painter.font()).pixelSize();
    LabelLayout own(labelBounds, 1.0);
    LabelLayout& layout = labels ? *labels : own;
    const auto addText = [&](QPointF anchor, const QString& text, QColor color, QPointF direction) {
        overlay_detail::addLabel(layout, 20, anchor, text, color, direction, fontPixels, false);
    };
    for (const DiagramItem& item : items) {
        QPen pen(item.stroke, item.width, item.dashed ? Qt::DashLine : Qt::SolidLine);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        painter.setPen(item.stroke.alpha() == 0 ? QPen(Qt::NoPen) : pen);
        QPolygonF poly;
        for (const phys::Vec2 p : item.points) {
            poly << toPixel(p);
        }
        if (item.kind != DiagramItem::Kind::Label && item.stroke.alpha() != 0) {
            for (int i = 0; i + 1 < poly.size(); ++i) {
                layout.addLine(poly[i], poly[i + 1], std::max(1.0, item.width));
            }
            if (item.kind == DiagramItem::Kind::Polygon && poly.size() > 2) {
                layout.addLine(poly.back(), poly.front(), std::max(1.0, item.width));
            }
        }
        switch (item.kind) {
        case DiagramItem::Kind::Polygon:
            painter.setBrush(item.fill.alpha() == 0 ? QBrush(Qt::NoBrush) : QBrush(item.fill));
            painter.drawPolygon(poly);
            break;
        case DiagramItem::Kind::Polyline:
            painter.setBrush(Qt::NoBrush);
            painter.drawPolyline(poly);
            break;
        case DiagramItem::Kind::Arrow: {
            if (poly.size() < 2) {
                break;
            }
            const QPointF a = poly[0], b = poly[1];
            painter.drawLine(a, b);
            const QPointF d = b - a;
            const double len = std::hypot(d.x(), d.y());
            if (len > 1.0) {
                const QPointF u = d / len, n(-u.y(), u.x());
                const double head = std::min(9.0, 0.4 * len);
                painter.setBrush(item.stroke);
                painter.drawPolygon(
                    QPolygonF{b, b - head * u + 0.45 * head * n, b - head * u - 0.45 * head * n});
                layout.addMark(b - 0.5 * head * u, 0.5 * head / layout.scale());
            }
            break;
        }
        case DiagramItem::Kind::Point: {
            if (poly.isEmpty()) {
                break;
            }
            painter.setBrush(item.fill.alpha() == 0 ? QBrush(item.stroke) : QBrush(item.fill));
            painter.setPen(QPen(item.stroke, 1.2));
            painter.drawEllipse(poly[0], 3.5, 3.5);
            layout.addMark(poly[0], 4.0 / layout.scale());
            if (!item.text.isEmpty()) {
                // Up and to the right of the dot first, where the panes always put it.
                addText(poly[0], item.text, item.stroke.darker(130), QPointF(1.0, -0.8));
            }
            break;
        }
        case DiagramItem::Kind::Label:
            if (!poly.isEmpty()) {
                addText(poly[0], item.text, item.stroke.darker(130), QPointF(0.0, -1.0));
            }
            break;
        }
    }
    if (labels) {
        return {};
    }
    std::vector<PlacedLabel> placed = own.place();
    LabelLayout::draw(painter, placed, 1.0, kDiagramPaper);
    return placed;
}

GjkView::GjkView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAutoFillBackground(false);
}

void GjkView::setTitle(const QString& title) {
    m_title = title;
    update();
}

void GjkView::setItems(std::vector<DiagramItem> items) {
    m_items = std::move(items);
    update();
}

void GjkView::setShowOrigin(bool show) {
    m_showOrigin = show;
    update();
}

std::optional<std::pair<phys::Vec2, phys::Vec2>> diagramBounds(const std::vector<DiagramItem>& items,
                                                               bool withOrigin) {
    std::optional<std::pair<phys::Vec2, phys::Vec2>> box;
    auto include = [&box](phys::Vec2 p) {
        box = box ? std::pair{phys::minVec(box->first, p), phys::maxVec(box->second, p)} : std::pair{p, p};
    };
    for (const DiagramItem& item : items) {
        if (item.fits) {
            for (const phys::Vec2 p : item.points) {
                include(p);
            }
        }
    }
    if (withOrigin) {
        include({0.0, 0.0});
    }
    return box;
}

void GjkView::fit() {
    const auto box = diagramBounds(m_items, m_showOrigin);
    if (!box) {
        m_centre = {};
        m_scale = 1.0;
        return;
    }
    const auto [lo, hi] = *box;
    const double w = std::max(1.0, width() - 2.0 * kMarginPixels);
    const double h = std::max(1.0, height() - 2.0 * kMarginPixels - kTitleHeight);
    const double spanX = std::max(hi.x - lo.x, 1e-6), spanY = std::max(hi.y - lo.y, 1e-6);
    m_scale = std::min(w / spanX, h / spanY);
    m_centre = 0.5 * (lo + hi);
}

QPointF GjkView::toPixel(phys::Vec2 p) const {
    const double cx = 0.5 * width(), cy = 0.5 * (height() + kTitleHeight);
    return {cx + (p.x - m_centre.x) * m_scale, cy - (p.y - m_centre.y) * m_scale};
}

void GjkView::paintEvent(QPaintEvent*) {
    fit();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), kDiagramPaper);
    painter.setPen(QColor(200, 200, 200));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    if (m_showOrigin) {
        const QPointF o = toPixel({0.0, 0.0});
        painter.setPen(QPen(QColor(170, 170, 170), 1.0, Qt::DotLine));
        painter.drawLine(QPointF(0, o.y()), QPointF(width(), o.y()));
        painter.drawLine(QPointF(o.x(), kTitleHeight), QPointF(o.x(), height()));
    }
    m_lastLabels = paintDiagram(
        painter, m_items, [this](phys::Vec2 p) { return toPixel(p); },
        QRectF(0, kTitleHeight, width(), height() - kTitleHeight));
    if (!m_title.isEmpty()) {
        painter.setPen(QColor(60, 60, 60));
        QFont f = font();
        f.setBold(true);
        painter.setFont(f);
        painter.drawText(QRectF(6, 2, width() - 12, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    }
}

} // namespace cl
