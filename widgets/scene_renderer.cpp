#include "scene_renderer.h"

#include "halo_text.h"
#include "name_placement.h"
#include "paint_kit.h"
#include "palette.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <variant>

namespace cl {

namespace {

/// The current theme's colours (widgets/palette.h).
const Palette& pal() {
    return currentPalette();
}

/// Pixels between a grid label and its axis.
constexpr double kLabelGap = 4.0;
/// Pixels kept free between a label and the view border.
constexpr double kLabelBorder = 3.0;

QFont gridFont(double displayScale) {
    QFont font;
    font.setPixelSize(static_cast<int>(std::lround(11 * displayScale)));
    return font;
}

QFont nameFont(double displayScale) {
    QFont font;
    font.setPixelSize(static_cast<int>(std::lround(12 * displayScale)));
    font.setWeight(QFont::DemiBold);
    return font;
}

/// Device coordinate of a 1-pixel line near `coordinate`: the centre of the pixel it falls in, so the line
/// covers exactly one pixel row or column.
double snapToPixelCentre(double coordinate) {
    return std::floor(coordinate) + 0.5;
}

/// Draws a grid label with a background patch in the grid colour, so it stays readable over lines.
/// `patch` is the area cleared behind the text (the text box grown to the view edge it sits on, so no grid
/// line peeks out beside a label and reads as a minus sign).
void drawGridText(QPainter& painter, const QRectF& box, const QRectF& patch, const QString& text) {
    QColor patchColor(pal().background);
    patchColor.setAlpha(230);
    painter.fillRect(patch, patchColor);
    painter.drawText(box, Qt::AlignCenter, text);
}

/// The scale by which `t` maps every length, when it maps circles to circles (a rotation, a uniform scale,
/// a reflection and a shift: a body's pose in the view), else 0.
double circleScale(const QTransform& t) {
    if (t.type() == QTransform::TxProject) {
        return 0.0;
    }
    const double x = t.m11() * t.m11() + t.m12() * t.m12();
    const double y = t.m21() * t.m21() + t.m22() * t.m22();
    const double across = t.m11() * t.m21() + t.m12() * t.m22();
    const double tolerance = 1e-9 * (x + y);
    return std::abs(x - y) <= tolerance && std::abs(across) <= tolerance ? std::sqrt(x) : 0.0;
}

} // namespace

double SceneRenderer::clampDisplayScale(double scale) {
    return std::isfinite(scale) ? std::clamp(scale, 0.5, 4.0) : 1.0;
}

QColor SceneRenderer::backgroundColor() {
    return QColor(pal().background);
}

BodyColors SceneRenderer::bodyColors(const phys::BodyDef& body, int bodyIndex) {
    if (body.type == phys::BodyType::Static) {
        return {QColor(pal().staticFill), QColor(pal().staticOutline)};
    }
    const BodyHue& entry = pal().bodies[static_cast<std::size_t>(std::abs(bodyIndex)) % pal().bodies.size()];
    return {QColor(entry.fill), QColor(entry.outline)};
}

// Grid step by 1-2-5 (the usual "nice numbers" ladder of plot axes):
//   k = floor(log10(minPixels / s))
//   for each decade 10^k, 10^(k+1): for m in 1, 2, 5: if m 10^k s >= minPixels: major = m 10^k; stop
//   minor = major / 5 (m = 1 or 5) or major / 4 (m = 2)
GridSpacing SceneRenderer::gridSpacing(double pixelsPerMetre, double displayScale) {
    const double minPixels = kMinMajorGridPixels * displayScale;
    const double minMetres = minPixels / pixelsPerMetre;
    const double decade = std::pow(10.0, std::floor(std::log10(minMetres)));
    GridSpacing spacing;
    for (const double scale : {1.0, 10.0}) {
        for (const double mantissa : {1.0, 2.0, 5.0}) {
            const double major = mantissa * decade * scale;
            if (major * pixelsPerMetre >= minPixels * (1.0 - 1e-12)) {
                spacing.major = major;
                spacing.minor = major / (mantissa == 2.0 ? 4.0 : 5.0);
                spacing.decimals = std::max(0, -static_cast<int>(std::floor(std::log10(major) + 1e-9)));
                return spacing;
            }
        }
    }
    return spacing; // unreachable for finite positive scales
}

QString SceneRenderer::gridLabel(double metres, const GridSpacing& spacing) {
    QString text = QString::number(metres, 'f', spacing.decimals);
    // Round-off can give "-0" or "-0.0": the origin has no sign.
    bool isZero = true;
    for (const QChar c : text) {
        if (c.isDigit() && c != QLatin1Char('0')) {
            isZero = false;
        }
    }
    if (isZero && text.startsWith(QLatin1Char('-'))) {
        text.remove(0, 1);
    }
    return text;
}

QTransform SceneRenderer::bodyToWorld(const phys::BodyDef& body) {
    QTransform t;
    t.translate(body.position.x, body.position.y);
    t.rotate(body.angle * 180.0 / phys::kPi);
    return t;
}

QRectF SceneRenderer::localBounds(const phys::BodyDef& body) {
    QRectF bounds;
    for (const phys::ShapeDef& shape : body.shapes) {
        const phys::AABB box =
            std::visit([](const auto& geometry) { return phys::computeAABB(geometry, phys::Transform{}); },
                       shape.geometry);
        bounds = bounds.united(QRectF(QPointF(box.lower.x, box.lower.y), QPointF(box.upper.x, box.upper.y)));
    }
    return bounds;
}

std::optional<phys::AABB> SceneRenderer::worldBounds(const phys::BodyDef& body) {
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    std::optional<phys::AABB> bounds;
    for (const phys::ShapeDef& shape : body.shapes) {
        const phys::AABB box = std::visit(
            [&xf](const auto& geometry) { return phys::computeAABB(geometry, xf); }, shape.geometry);
        bounds = bounds ? phys::combine(*bounds, box) : box;
    }
    return bounds;
}

bool SceneRenderer::mayReachView(const phys::BodyDef& body, const ViewTransform& view,
                                 const QRectF& viewRect) {
    // The farthest any shape point lies from the body origin does not depend on the angle.
    double reach = 0.0;
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&reach](const auto& g) {
                using T = std::decay_t<decltype(g)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    reach = std::max(reach, phys::length(g.center) + g.radius);
                } else {
                    double farthest = 0.0; // squared
                    for (const phys::Vec2 v : g.vertices()) {
                        farthest = std::max(farthest, phys::dot(v, v));
                    }
                    reach = std::max(reach, std::sqrt(farthest));
                }
            },
            shape.geometry);
    }
    const QPointF c = view.toView(body.position);
    const double r = view.toPixels(reach) + 1.0;
    return c.x() + r >= viewRect.left() && c.x() - r <= viewRect.right() && c.y() + r >= viewRect.top() &&
           c.y() - r <= viewRect.bottom();
}

std::optional<phys::AABB> SceneRenderer::sceneBounds(const phys::SceneDef& scene) {
    std::optional<phys::AABB> bounds;
    for (const phys::BodyDef& body : scene.bodies) {
        if (const auto box = worldBounds(body)) {
            bounds = bounds ? phys::combine(*bounds, *box) : *box;
        }
    }
    return bounds;
}

phys::Vec2 SceneRenderer::labelAnchor(const phys::BodyDef& body) {
    const auto box = worldBounds(body);
    return box ? box->center() : body.position;
}

// Grid pseudocode:
//   s = pixels per metre of the painter's world -> device map; pick (minor, major) by gridSpacing(s)
//   for every multiple i * minor inside the view, x and y:
//     line kind = axis if i == 0, major if i is a multiple of major/minor, else minor
//   draw minor lines, then major lines, then the axes (so stronger lines win), snapped to pixel centres
void SceneRenderer::drawBackground(QPainter& painter, const QRectF& worldRect, bool grid,
                                   double displayScale) {
    painter.save();
    const QTransform worldToDevice = painter.transform();
    painter.resetTransform();
    const QRectF deviceRect = worldToDevice.mapRect(worldRect.normalized());
    painter.fillRect(deviceRect, QColor(pal().background));
    const double s = std::hypot(worldToDevice.m11(), worldToDevice.m12());
    if (!grid || !(s > 0.0) || !std::isfinite(s) || deviceRect.isEmpty()) {
        painter.restore();
        return;
    }

    const GridSpacing spacing = gridSpacing(s, displayScale);
    const auto ratio = static_cast<std::int64_t>(std::llround(spacing.major / spacing.minor));
    const QRectF world = worldRect.normalized();
    const auto firstX = static_cast<std::int64_t>(std::ceil(world.left() / spacing.minor));
    const auto lastX = static_cast<std::int64_t>(std::floor(world.right() / spacing.minor));
    const auto firstY = static_cast<std::int64_t>(std::ceil(world.top() / spacing.minor));
    const auto lastY = static_cast<std::int64_t>(std::floor(world.bottom() / spacing.minor));

    enum class Kind { Minor, Major, Axis };
    auto kindOf = [ratio](std::int64_t i) {
        if (i == 0) {
            return Kind::Axis;
        }
        return i % ratio == 0 ? Kind::Major : Kind::Minor;
    };

    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const Kind pass : {Kind::Minor, Kind::Major}) {
        const QRgb color = pass == Kind::Minor ? pal().minorLine : pal().majorLine;
        painter.setPen(paintkit::cosmeticPen(QColor(color), 1.0));
        for (std::int64_t i = firstX; i <= lastX; ++i) {
            if (kindOf(i) == pass) {
                const double x =
                    snapToPixelCentre(worldToDevice.map(QPointF(double(i) * spacing.minor, 0.0)).x());
                painter.drawLine(QPointF(x, deviceRect.top()), QPointF(x, deviceRect.bottom()));
            }
        }
        for (std::int64_t i = firstY; i <= lastY; ++i) {
            if (kindOf(i) == pass) {
                const double y =
                    snapToPixelCentre(worldToDevice.map(QPointF(0.0, double(i) * spacing.minor)).y());
                painter.drawLine(QPointF(deviceRect.left(), y), QPointF(deviceRect.right(), y));
            }
        }
    }
    // The axes last, so they win over the lines under them; where the labels keep off them too.
    painter.setPen(paintkit::cosmeticPen(QColor(pal().axisLine), kWorldAxisWidth));
    for (const QLineF& axis : worldAxisLines(worldRect, worldToDevice)) {
        painter.drawLine(axis);
    }

    painter.restore();
}

// A 2 px line is rounded to whole pixels (its two pixel rows then both fully covered), a 1 px line to pixel
// centres: each stays crisp.
std::vector<QLineF> SceneRenderer::worldAxisLines(const QRectF& worldRect, const QTransform& worldToDevice) {
    std::vector<QLineF> out;
    const QRectF world = worldRect.normalized();
    const QRectF deviceRect = worldToDevice.mapRect(world);
    if (deviceRect.isEmpty()) {
        return out;
    }
    const QPointF origin = worldToDevice.map(QPointF(0.0, 0.0));
    if (world.left() <= 0.0 && 0.0 <= world.right()) {
        const double x = std::round(origin.x());
        out.emplace_back(QPointF(x, deviceRect.top()), QPointF(x, deviceRect.bottom()));
    }
    if (world.top() <= 0.0 && 0.0 <= world.bottom()) {
        const double y = std::round(origin.y());
        out.emplace_back(QPointF(deviceRect.left(), y), QPointF(deviceRect.right(), y));
    }
    return out;
}

// Label placement (rulers along two view edges, drawn over the bodies so they are never hidden):
//   x labels: one row along the bottom edge, centred on their major line
//   y labels: one column along the left edge, centred on their major line
//   the corner where row and column meet belongs to the column: x labels that reach into it are skipped,
//   and so are y labels that reach into the row
std::vector<GridLabelBox>
SceneRenderer::gridLabelBoxes(const QRectF& worldRect, const QTransform& worldToDevice, double displayScale) {
    // One paint asks three times (the figures drawn, the names and the walkthrough's labels keeping off
    // them), and a drag's every move paints: the last answer is kept for the same view and font.
    struct Last {
        QRectF worldRect;
        QTransform worldToDevice;
        double displayScale = 0.0;
        QFont font;
        std::vector<GridLabelBox> boxes;
    };
    const QFont font = gridFont(displayScale);
    thread_local std::optional<Last> last;
    // Exact comparisons (QRectF's == is fuzzy).
    const auto sameRect = [](const QRectF& a, const QRectF& b) {
        return a.x() == b.x() && a.y() == b.y() && a.width() == b.width() && a.height() == b.height();
    };
    const auto sameTransform = [](const QTransform& a, const QTransform& b) {
        return a.m11() == b.m11() && a.m12() == b.m12() && a.m13() == b.m13() && a.m21() == b.m21() &&
               a.m22() == b.m22() && a.m23() == b.m23() && a.m31() == b.m31() && a.m32() == b.m32() &&
               a.m33() == b.m33();
    };
    if (last && sameRect(last->worldRect, worldRect) && sameTransform(last->worldToDevice, worldToDevice) &&
        last->displayScale == displayScale && last->font == font) {
        return last->boxes;
    }
    std::vector<GridLabelBox> out;
    const QRectF deviceRect = worldToDevice.mapRect(worldRect.normalized());
    const double s = std::hypot(worldToDevice.m11(), worldToDevice.m12());
    if (!(s > 0.0) || !std::isfinite(s) || deviceRect.isEmpty()) {
        return out;
    }
    const GridSpacing spacing = gridSpacing(s, displayScale);
    const QRectF world = worldRect.normalized();
    const auto firstX = static_cast<std::int64_t>(std::ceil(world.left() / spacing.major));
    const auto lastX = static_cast<std::int64_t>(std::floor(world.right() / spacing.major));
    const auto firstY = static_cast<std::int64_t>(std::ceil(world.top() / spacing.major));
    const auto lastY = static_cast<std::int64_t>(std::floor(world.bottom() / spacing.major));

    const QFontMetricsF metrics(font);
    const double textHeight = metrics.height();
    const double rowTop = deviceRect.bottom() - kLabelBorder - textHeight;

    // The column's width is that of its widest label, so the row knows where the corner ends.
    double columnWidth = 0.0;
    for (std::int64_t i = firstY; i <= lastY; ++i) {
        columnWidth =
            std::max(columnWidth, metrics.horizontalAdvance(gridLabel(double(i) * spacing.major, spacing)));
    }
    const double columnLeft = deviceRect.left() + kLabelBorder;
    for (std::int64_t i = firstY; i <= lastY; ++i) {
        const QString text = gridLabel(double(i) * spacing.major, spacing);
        const double y = worldToDevice.map(QPointF(0.0, double(i) * spacing.major)).y();
        const QRectF box(columnLeft, y - 0.5 * textHeight, metrics.horizontalAdvance(text), textHeight);
        if (box.bottom() > rowTop - kLabelGap || box.top() < deviceRect.top() + kLabelBorder) {
            continue;
        }
        out.push_back(
            {box, QRectF(QPointF(deviceRect.left(), box.top()), box.bottomRight() + QPointF(2, 0)), text});
    }
    for (std::int64_t i = firstX; i <= lastX; ++i) {
        const QString text = gridLabel(double(i) * spacing.major, spacing);
        const double width = metrics.horizontalAdvance(text);
        const double x = worldToDevice.map(QPointF(double(i) * spacing.major, 0.0)).x();
        const QRectF box(x - 0.5 * width, rowTop, width, textHeight);
        if (box.left() < columnLeft + columnWidth + kLabelGap ||
            box.right() > deviceRect.right() - kLabelBorder) {
            continue;
        }
        out.push_back({box,
                       QRectF(box.topLeft() - QPointF(2, 0), QPointF(box.right() + 2, deviceRect.bottom())),
                       text});
    }
    last = Last{worldRect, worldToDevice, displayScale, font, out};
    return out;
}

void SceneRenderer::drawGridLabels(QPainter& painter, const QRectF& worldRect, double displayScale) {
    painter.save();
    const QTransform worldToDevice = painter.transform();
    painter.resetTransform();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(gridFont(displayScale));
    painter.setPen(QColor(pal().gridText));
    for (const GridLabelBox& label : gridLabelBoxes(worldRect, worldToDevice, displayScale)) {
        drawGridText(painter, label.box, label.backdrop, label.text);
    }
    painter.restore();
}

void SceneRenderer::drawBodyShapes(QPainter& painter, const phys::BodyDef& body, int bodyIndex,
                                   double displayScale) {
    const BodyColors colors = bodyColors(body, bodyIndex);
    QPen outline = paintkit::cosmeticPen(colors.outline, kOutlinePixels * displayScale);
    const QPen radiusPen = outline;
    if (body.type == phys::BodyType::Kinematic) {
        outline.setStyle(Qt::DashLine);
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(colors.fill);
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&](const auto& geometry) {
                using T = std::decay_t<decltype(geometry)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    const QPointF centre(geometry.center.x, geometry.center.y);
                    painter.setPen(outline);
                    // The disc in pixels, not in metres under the body's pose: Qt's raster engine filled a
                    // 1 m disc at 120 px/m in 126 us under that transform, 14 us drawn in pixels (the
                    // curves are flattened far finer than the pixels need), and a drag repaints every
                    // disc under the dragged body's area on each mouse move.
                    const QTransform pose = painter.worldTransform();
                    if (const double s = circleScale(pose); s > 0.0) {
                        painter.setWorldTransform(QTransform());
                        painter.drawEllipse(pose.map(centre), geometry.radius * s, geometry.radius * s);
                        painter.setWorldTransform(pose);
                    } else {
                        painter.drawEllipse(centre, geometry.radius, geometry.radius);
                    }
                    // The radius along the local +x axis shows the body's rotation.
                    painter.setPen(radiusPen);
                    painter.drawLine(centre, centre + QPointF(geometry.radius, 0.0));
                } else {
                    QPolygonF polygon;
                    polygon.reserve(geometry.count());
                    for (const phys::Vec2 v : geometry.vertices()) {
                        polygon << QPointF(v.x, v.y);
                    }
                    painter.setPen(outline);
                    painter.drawPolygon(polygon);
                }
            },
            shape.geometry);
    }
    painter.restore();
}

QPainterPath SceneRenderer::outlinePath(const phys::BodyDef& body) {
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&path](const auto& geometry) {
                using T = std::decay_t<decltype(geometry)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    path.addEllipse(QPointF(geometry.center.x, geometry.center.y), geometry.radius,
                                    geometry.radius);
                } else {
                    QPolygonF polygon;
                    for (const phys::Vec2 v : geometry.vertices()) {
                        polygon << QPointF(v.x, v.y);
                    }
                    polygon << polygon.front();
                    path.addPolygon(polygon);
                }
            },
            shape.geometry);
    }
    return path;
}

void SceneRenderer::drawBodyHighlight(QPainter& painter, const phys::BodyDef& body, bool selected,
                                      double displayScale) {
    const QPainterPath path = outlinePath(body);
    QColor halo(pal().selection);
    halo.setAlpha(selected ? 80 : 55);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(paintkit::cosmeticPen(halo, (selected ? 8.0 : 6.0) * displayScale));
    painter.drawPath(path);
    if (selected) {
        painter.setPen(paintkit::cosmeticPen(QColor(pal().selection), 2.0 * displayScale));
        painter.drawPath(path);
    }
    painter.restore();
}

namespace {

/// Widths of body names in the name font, pixels, and the font's height: every paint asks for every body's
/// name (nameFits), and shaping a thousand names per frame costs milliseconds. The cache follows the font
/// (the display scale changes it). GUI thread only.
struct NameMetrics {
    QFont font;
    double height = 0.0;
    QHash<QString, double> widths;

    void follow(const QFont& current) {
        if (current != font || height == 0.0) {
            font = current;
            height = QFontMetricsF(font).height();
            widths.clear();
        }
    }
    double width(const QString& text) {
        auto found = widths.constFind(text);
        if (found != widths.constEnd()) {
            return *found;
        }
        if (widths.size() > 100000) {
            widths.clear(); // a bound, for scenes that rename bodies forever
        }
        const double w = QFontMetricsF(font).horizontalAdvance(text);
        widths.insert(text, w);
        return w;
    }
};

NameMetrics& nameMetrics(double displayScale) {
    static NameMetrics metrics;
    metrics.follow(nameFont(displayScale));
    return metrics;
}

} // namespace

QSizeF SceneRenderer::labelSize(const QString& text, double displayScale) {
    NameMetrics& metrics = nameMetrics(displayScale);
    // Halo of 1.5 px on each side, plus a pixel of slack for antialiasing.
    const double slack = 2.0 + 3.0 * displayScale;
    return {metrics.width(text) + slack, metrics.height + slack};
}

void SceneRenderer::drawLabel(QPainter& painter, QPointF point, const QString& text, double displayScale) {
    if (text.isEmpty()) {
        return;
    }
    NameMetrics& metrics = nameMetrics(displayScale);
    const QFontMetricsF fm(metrics.font);
    // The text box centred on `point` (the baseline's left end is what drawHaloText takes).
    const QPointF baseline =
        paintkit::baselineForCentre(fm, point.x() - 0.5 * metrics.width(text), point.y());
    drawHaloText(painter, baseline, metrics.font, text, QColor(pal().labelText),
                 Palette::withAlpha(pal().paper, 215), 3.0 * displayScale, true);
}

void SceneRenderer::render(QPainter& painter, const phys::SceneDef& scene, const ViewTransform& view,
                           const RenderOptions& options) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const QTransform viewToDevice = painter.transform();
    const QTransform worldToDevice = view.worldToView() * viewToDevice;
    painter.setTransform(worldToDevice);
    const double scale = options.displayScale;
    drawBackground(painter, view.visibleWorldRect(), options.grid, scale);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        painter.setTransform(bodyToWorld(scene.bodies[i]) * worldToDevice);
        drawBodyShapes(painter, scene.bodies[i], static_cast<int>(i), scale);
    }
    if (options.bodyNames) {
        painter.setTransform(viewToDevice);
        drawBodyNames(painter, placeBodyNames(scene, view, options), scale);
    }
    if (options.grid) {
        painter.setTransform(worldToDevice);
        drawGridLabels(painter, view.visibleWorldRect(), scale);
    }
    painter.restore();
}

ViewTransform SceneRenderer::fitView(const phys::SceneDef& scene, QSizeF viewSize) {
    const auto bounds = sceneBounds(scene);
    if (!bounds) {
        return {ViewTransform::kDefaultPixelsPerMetre, phys::Vec2{}, viewSize};
    }
    return ViewTransform::fitting(*bounds, viewSize, fitMargin(viewSize));
}

double SceneRenderer::fitMargin(QSizeF viewSize) {
    return 16.0 + 0.06 * std::min(viewSize.width(), viewSize.height());
}

QImage SceneRenderer::renderImage(const phys::SceneDef& scene, QSize size, const RenderOptions& options,
                                  double devicePixelRatio) {
    QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(backgroundColor());
    QPainter painter(&image);
    render(painter, scene, fitView(scene, QSizeF(size)), options);
    painter.end();
    return image;
}

QString SceneRenderer::renderSvg(const phys::SceneDef& scene, QSize size, const QString& fileName,
                                 const RenderOptions& options) {
    const auto draw = [&](QPainter& painter) {
        render(painter, scene, fitView(scene, QSizeF(size)), options);
    };
    return paintkit::writeDrawing(fileName, size, draw, {}, paintkit::Format::Svg);
}

} // namespace cl
