#include "sim_body_layer.h"

#include "paint_kit.h"
#include "palette.h"

#include "scene_renderer.h"
#include "view_transform.h"

#include <QPainter>
#include <QPen>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace cl {

namespace {

/// The affine map body frame -> painter device of one body, as plain numbers:
/// device = (m11 x + m21 y + dx, m12 x + m22 y + dy).
struct Affine {
    double m11, m12, m21, m22, dx, dy;

    QPointF map(QPointF p) const { return {m11 * p.x() + m21 * p.y() + dx, m12 * p.x() + m22 * p.y() + dy}; }
};

/// `worldToDevice` after the body's pose (rotate by `angle`, then translate to `position`).
Affine bodyToDevice(const QTransform& worldToDevice, phys::Vec2 position, double angle) {
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    const QTransform& t = worldToDevice;
    // world = (c x - s y + px, s x + c y + py); device = t(world).
    return {t.m11() * c + t.m21() * s,
            t.m12() * c + t.m22() * s,
            -t.m11() * s + t.m21() * c,
            -t.m12() * s + t.m22() * c,
            t.m11() * position.x + t.m21() * position.y + t.dx(),
            t.m12() * position.x + t.m22() * position.y + t.dy()};
}

/// Longest miter offset (times the half width): sharper corners get a slightly thinner outline tip instead
/// of a spike.
constexpr double kMaxMiter = 3.0;

/// Segments of a circle of `radiusPixels` whose polygon stays within `tolerance` pixels of the circle: the
/// sagitta r (1 - cos(pi / n)) <= tolerance.
int circleSegments(double radiusPixels, double tolerance, int most) {
    if (!(radiusPixels > tolerance)) {
        return 8;
    }
    const double n = phys::kPi / std::acos(1.0 - tolerance / radiusPixels);
    return std::clamp(static_cast<int>(std::ceil(n)), 8, most);
}

double cross(QPointF a, QPointF b) {
    return a.x() * b.y() - a.y() * b.x();
}

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t = length2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

} // namespace

int SimBodyLayer::groupFor(const QColor& fill, const QColor& outline, bool dashed) {
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const Group& group = m_groups[g];
        if (group.fill == fill && group.outline == outline && group.dashed == dashed) {
            return static_cast<int>(g);
        }
    }
    m_groups.push_back({fill, outline, dashed, {}, {}, {}});
    return static_cast<int>(m_groups.size()) - 1;
}

void SimBodyLayer::rebuild(const phys::SceneDef& scene) {
    m_bodies.clear();
    m_shapes.clear();
    m_points.clear();
    m_miters.clear();
    m_groups.clear();
    m_bodies.reserve(scene.bodies.size());
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const phys::BodyDef& def = scene.bodies[i];
        const BodyColors colors = SceneRenderer::bodyColors(def, static_cast<int>(i));
        Body body;
        body.group = groupFor(colors.fill, colors.outline, def.type == phys::BodyType::Kinematic);
        body.firstShape = static_cast<int>(m_shapes.size());
        for (const phys::ShapeDef& shapeDef : def.shapes) {
            Shape shape;
            std::visit(
                [&](const auto& geometry) {
                    using T = std::decay_t<decltype(geometry)>;
                    if constexpr (std::is_same_v<T, phys::Circle>) {
                        shape.center = QPointF(geometry.center.x, geometry.center.y);
                        shape.radius = geometry.radius;
                        shape.inradius = geometry.radius;
                    } else {
                        shape.first = static_cast<int>(m_points.size());
                        shape.count = geometry.count();
                        phys::Vec2 mean;
                        for (const phys::Vec2 v : geometry.vertices()) {
                            m_points.emplace_back(v.x, v.y);
                            mean += v;
                        }
                        mean = (1.0 / geometry.count()) * mean;
                        shape.inradius = 1e300;
                        for (int k = 0; k < geometry.count(); ++k) {
                            // Vertex k joins edges k - 1 and k: moving both out by 1 moves it by the miter
                            // (n0 + n1) / (1 + n0 . n1); clamped for very sharp corners.
                            const phys::Vec2 n0 =
                                geometry.normal((k + geometry.count() - 1) % geometry.count());
                            const phys::Vec2 n1 = geometry.normal(k);
                            phys::Vec2 miter = (1.0 / std::max(1.0 + phys::dot(n0, n1), 1e-9)) * (n0 + n1);
                            const double length = phys::length(miter);
                            if (length > kMaxMiter) {
                                miter = (kMaxMiter / length) * miter;
                            }
                            m_miters.emplace_back(miter.x, miter.y);
                            shape.inradius =
                                std::min(shape.inradius, phys::dot(n1, geometry.vertex(k) - mean));
                        }
                    }
                },
                shapeDef.geometry);
            m_shapes.push_back(shape);
        }
        body.shapeCount = static_cast<int>(m_shapes.size()) - body.firstShape;
        const QRectF bounds = SceneRenderer::localBounds(def);
        body.boundsCenter = bounds.center();
        body.boundsRadius = 0.5 * std::hypot(bounds.width(), bounds.height());
        m_bodies.push_back(body);
    }
    m_bodyCountCached = scene.bodies.size();
    m_displayScaleCached = m_displayScale;
    m_paletteCached = paletteRevision();
    m_valid = true;
}

// One display frame:
//   h = half the outline width, in metres at this zoom
//   for every body (in body order):
//     M = body frame -> viewport pixels; skip the body when its bounding circle is off screen
//     for each shape, into its colour group:
//       polygon: outer ring = M(v + h miter(v)), inner ring = M(v - h miter(v)) (none when h >= inradius)
//       circle: the same with radii r + h and r - h, n(r) segments; plus its radius mark
//   raster device: per group, each shape's outer and inner ring as one band of the coverage raster (the
//   outline colour between them, the fill colour inside), then the radius marks; one drawImage at the end
//   other devices: per group, every outer ring filled with the outline colour, then every inner ring with
//   the fill colour, then the radius marks
//   dashed outlines (kinematic bodies): the shape itself, filled and stroked by QPainter, after the raster's
//   image
//   highlights of the hovered and selected bodies (the names are the canvas's: placeBodyNames)
// Groups change the stacking only where bodies of different colours overlap (a penetration of a few
// millimetres), and kinematic bodies are drawn over the others.
void SimBodyLayer::paint(QPainter& painter, const phys::SceneDef& scene, const QList<quint64>& keys,
                         const ViewTransform& view, const QList<quint64>& selection, quint64 hovered) {
    if (!m_valid || m_bodyCountCached != scene.bodies.size() || m_displayScaleCached != m_displayScale ||
        m_paletteCached != paletteRevision()) {
        rebuild(scene);
    }
    const double scale = m_displayScale;
    const QTransform worldToDevice = painter.transform();
    const double pixelsPerMetre = std::sqrt(std::abs(worldToDevice.determinant()));
    if (!(pixelsPerMetre > 0.0) || !std::isfinite(pixelsPerMetre)) {
        return;
    }
    const double outlinePixels = SceneRenderer::kOutlinePixels * scale;
    const double halfWidth = 0.5 * outlinePixels / pixelsPerMetre; // metres
    const double margin = outlinePixels + 2.0;
    const QRectF visible = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-margin, -margin, margin, margin);
    for (Group& group : m_groups) {
        group.rings.clear();
        group.radii.clear();
        group.marks.clear();
    }
    m_device.clear();

    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        const Body& body = m_bodies[i];
        const phys::BodyDef& def = scene.bodies[i];
        const Affine m = bodyToDevice(worldToDevice, def.position, def.angle);
        const QPointF centre = m.map(body.boundsCenter);
        const double reach = body.boundsRadius * pixelsPerMetre;
        if (centre.x() + reach < visible.left() || centre.x() - reach > visible.right() ||
            centre.y() + reach < visible.top() || centre.y() - reach > visible.bottom()) {
            continue;
        }
        Group& group = m_groups[static_cast<std::size_t>(body.group)];
        // A dashed outline cannot be a band: those shapes are kept as they are and stroked.
        const double h = group.dashed ? 0.0 : halfWidth;
        for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
            const Shape& shape = m_shapes[static_cast<std::size_t>(s)];
            const bool hasInner = !group.dashed && h < shape.inradius;
            const bool aliasedInner = reach < kSmallBodyPixels * scale;
            if (shape.count > 0) {
                const QPointF* v = &m_points[static_cast<std::size_t>(shape.first)];
                const QPointF* miter = &m_miters[static_cast<std::size_t>(shape.first)];
                Ring ring{static_cast<int>(m_device.size()), -1, shape.count, aliasedInner};
                for (int k = 0; k < shape.count; ++k) {
                    m_device.push_back(m.map(v[k] + h * miter[k]));
                }
                if (hasInner) {
                    ring.inner = static_cast<int>(m_device.size());
                    for (int k = 0; k < shape.count; ++k) {
                        m_device.push_back(m.map(v[k] - h * miter[k]));
                    }
                }
                group.rings.push_back(ring);
                continue;
            }
            // Circle: the body frame's unit axes mapped to pixels give the points (and keep the winding of
            // the polygons); the rim is walked by rotating (cos, sin) one segment at a time.
            const QPointF c = m.map(shape.center);
            const QPointF ex(m.m11, m.m12);
            const QPointF ey(m.m21, m.m22);
            const int n =
                circleSegments(shape.radius * pixelsPerMetre, kCircleTolerancePixels, kMaxCircleSegments);
            const double cs = std::cos(2.0 * phys::kPi / n);
            const double sn = std::sin(2.0 * phys::kPi / n);
            Ring ring{static_cast<int>(m_device.size()), -1, n, aliasedInner};
            for (const double r : {shape.radius + h, shape.radius - h}) {
                if (r < shape.radius && !hasInner) {
                    break;
                }
                if (r < shape.radius) {
                    ring.inner = static_cast<int>(m_device.size());
                }
                double cosA = r;
                double sinA = 0.0;
                m_device.push_back(c + cosA * ex);
                for (int k = 1; k < n; ++k) {
                    const double nextCos = cosA * cs - sinA * sn;
                    sinA = sinA * cs + cosA * sn;
                    cosA = nextCos;
                    m_device.push_back(c + cosA * ex + sinA * ey);
                }
                if (h == 0.0) {
                    break;
                }
            }
            group.rings.push_back(ring);
            // The radius along the body's +x axis shows its rotation (as SceneRenderer::drawBodyShapes): a
            // quad of the outline's width from the centre to the rim (stroked for a dashed outline).
            const QPointF tip = c + shape.radius * ex;
            if (group.dashed) {
                group.radii.emplace_back(c, tip);
            } else {
                const QPointF side = h * ey; // half the width, across the mark
                group.marks.push_back(static_cast<int>(m_device.size()));
                m_device.push_back(c - side);
                m_device.push_back(tip - side);
                m_device.push_back(tip + side);
                m_device.push_back(c + side);
            }
        }
    }

    painter.save();
    painter.resetTransform();
    // On a raster device the bands go through the coverage raster (one image composited once); on any other
    // (the SVG and PDF exports) through QPainter, which keeps them vector shapes.
    const bool raster = paintkit::isRasterDevice(painter);
    if (raster) {
        m_raster.begin(view.viewSize(), paintkit::deviceRatio(painter));
        m_bands.clear();
        for (const Group& group : m_groups) {
            if (group.dashed) {
                continue;
            }
            const QRgb outline = qPremultiply(group.outline.rgba());
            const QRgb fill = qPremultiply(group.fill.rgba());
            for (const Ring& ring : group.rings) {
                m_bands.push_back(
                    {ring.outer, ring.count, ring.inner, ring.inner >= 0 ? ring.count : 0, outline, fill});
            }
            for (const int mark : group.marks) {
                m_bands.push_back({mark, 4, -1, 0, outline, 0});
            }
        }
        m_raster.fillBands(m_device, m_bands);
        m_raster.composite(painter);
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const Group& group : m_groups) {
        if (group.rings.empty() || (raster && !group.dashed)) {
            continue;
        }
        QPen pen(group.outline, outlinePixels);
        pen.setCosmetic(true);
        pen.setJoinStyle(Qt::RoundJoin);
        pen.setCapStyle(Qt::RoundCap);
        if (group.dashed) {
            painter.setPen(QPen(pen.brush(), outlinePixels, Qt::DashLine, Qt::RoundCap, Qt::RoundJoin));
            painter.setBrush(group.fill);
            for (const Ring& ring : group.rings) {
                painter.drawPolygon(&m_device[static_cast<std::size_t>(ring.outer)], ring.count);
            }
        } else {
            painter.setPen(Qt::NoPen);
            painter.setBrush(group.outline);
            for (const Ring& ring : group.rings) {
                painter.drawPolygon(&m_device[static_cast<std::size_t>(ring.outer)], ring.count);
            }
            painter.setBrush(group.fill);
            for (const bool aliased : {false, true}) {
                painter.setRenderHint(QPainter::Antialiasing, !aliased);
                for (const Ring& ring : group.rings) {
                    if (ring.inner >= 0 && ring.aliasedInner == aliased) {
                        painter.drawPolygon(&m_device[static_cast<std::size_t>(ring.inner)], ring.count);
                    }
                }
            }
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.setBrush(group.outline);
            for (const int mark : group.marks) {
                painter.drawPolygon(&m_device[static_cast<std::size_t>(mark)], 4);
            }
        }
        if (!group.radii.empty()) {
            painter.setPen(pen);
            painter.drawLines(group.radii.data(), static_cast<int>(group.radii.size()));
        }
    }
    painter.restore();

    // Highlights: the few hovered and selected bodies, each through SceneRenderer as the items draw them.
    if (hovered != 0 || !selection.isEmpty()) {
        for (qsizetype i = 0; i < keys.size() && static_cast<std::size_t>(i) < scene.bodies.size(); ++i) {
            const bool selected = selection.contains(keys[i]);
            if (!selected && keys[i] != hovered) {
                continue;
            }
            const phys::BodyDef& def = scene.bodies[static_cast<std::size_t>(i)];
            painter.save();
            painter.setTransform(SceneRenderer::bodyToWorld(def) * worldToDevice);
            SceneRenderer::drawBodyHighlight(painter, def, selected, scale);
            painter.restore();
        }
    }
}

// Picking, as the items' shape() does it: the point in the body frame (p_local = R^T (p - x)) inside a
// convex polygon (left of every counter-clockwise edge) or a circle; failing that, within `tolerance` of a
// shape's boundary.
int SimBodyLayer::bodyAt(const phys::SceneDef& scene, phys::Vec2 worldPoint, double tolerance) {
    if (!m_valid || m_bodyCountCached != scene.bodies.size() || m_displayScaleCached != m_displayScale ||
        m_paletteCached != paletteRevision()) {
        rebuild(scene);
    }
    for (const double slack : {0.0, tolerance}) {
        for (std::size_t i = m_bodies.size(); i-- > 0;) {
            const Body& body = m_bodies[i];
            const phys::BodyDef& def = scene.bodies[i];
            const double c = std::cos(def.angle);
            const double s = std::sin(def.angle);
            const double wx = worldPoint.x - def.position.x;
            const double wy = worldPoint.y - def.position.y;
            const QPointF p(c * wx + s * wy, -s * wx + c * wy);
            const QPointF fromCentre = p - body.boundsCenter;
            if (std::hypot(fromCentre.x(), fromCentre.y()) > body.boundsRadius + slack) {
                continue;
            }
            for (int k = body.firstShape; k < body.firstShape + body.shapeCount; ++k) {
                const Shape& shape = m_shapes[static_cast<std::size_t>(k)];
                if (shape.count == 0) {
                    const QPointF d = p - shape.center;
                    if (std::hypot(d.x(), d.y()) <= shape.radius + slack) {
                        return static_cast<int>(i);
                    }
                    continue;
                }
                const QPointF* v = &m_points[static_cast<std::size_t>(shape.first)];
                bool inside = true;
                double nearest = 1e300;
                for (int e = 0; e < shape.count; ++e) {
                    const QPointF a = v[e];
                    const QPointF b = v[(e + 1) % shape.count];
                    inside = inside && cross(b - a, p - a) >= 0.0;
                    if (slack > 0.0) {
                        nearest = std::min(nearest, distanceToSegment(p, a, b));
                    }
                }
                if (inside || nearest <= slack) {
                    return static_cast<int>(i);
                }
            }
        }
        if (!(tolerance > 0.0)) {
            break;
        }
    }
    return -1;
}

} // namespace cl
