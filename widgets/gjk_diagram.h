#pragma once
/// @file gjk_diagram.h
/// The drawing kit of the GJK · EPA · Voronoi · Split · TOI page (gjk_panel.cpp and gjk_panel_toi.cpp): item
/// makers for the GjkView panes, the page's colours, a shape's outline, and the number formats of the
/// walkthrough (Walkthrough::length and ::vector, so every pane and text writes metres the same way).

#include "gjk_view.h"
#include "walkthrough.h"

#include "physics/collide.h"

#include <QColor>
#include <QString>

#include <cmath>
#include <variant>
#include <vector>

namespace cl::diagram {

using phys::Vec2;

/// "1 point", "3 points".
inline QString count(long long n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}
inline QString len(double v) {
    return Walkthrough::length(v);
}
inline QString vec(Vec2 v) {
    return Walkthrough::vector(v);
}

inline QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

inline const QColor kSimplex(40, 40, 40);
inline const QColor kRegion(255, 196, 0);
inline const QColor kSupport(200, 30, 140);
inline const QColor kResult(0, 150, 80);

inline DiagramItem polygon(std::vector<Vec2> pts, QColor stroke, QColor fill = Qt::transparent,
                           double width = 1.5) {
    DiagramItem item;
    item.kind = DiagramItem::Kind::Polygon;
    item.points = std::move(pts);
    item.stroke = stroke;
    item.fill = fill;
    item.width = width;
    return item;
}
inline DiagramItem line(Vec2 a, Vec2 b, QColor stroke, double width = 1.5, bool dashed = false) {
    DiagramItem item;
    item.kind = DiagramItem::Kind::Polyline;
    item.points = {a, b};
    item.stroke = stroke;
    item.width = width;
    item.dashed = dashed;
    return item;
}
inline DiagramItem arrow(Vec2 a, Vec2 b, QColor stroke, double width = 1.8) {
    DiagramItem item = line(a, b, stroke, width);
    item.kind = DiagramItem::Kind::Arrow;
    return item;
}
inline DiagramItem point(Vec2 p, QColor stroke, const QString& text = {}) {
    DiagramItem item;
    item.kind = DiagramItem::Kind::Point;
    item.points = {p};
    item.stroke = stroke;
    item.text = text;
    return item;
}

/// A shape's outline, world frame (a circle as a 48-gon).
inline std::vector<Vec2> outline(const phys::ShapeGeometry& g, const phys::Transform& xf) {
    std::vector<Vec2> out;
    if (const auto* c = std::get_if<phys::Circle>(&g)) {
        const Vec2 centre = phys::transformPoint(xf, c->center);
        for (int i = 0; i < 48; ++i) {
            const double a = 2.0 * phys::kPi * i / 48;
            out.push_back(centre + c->radius * Vec2{std::cos(a), std::sin(a)});
        }
    } else {
        for (const Vec2 v : std::get<phys::Polygon>(g).vertices()) {
            out.push_back(phys::transformPoint(xf, v));
        }
    }
    return out;
}

} // namespace cl::diagram
