/// @file overlay_diagnostics.cpp
/// The diagnostic overlays drawn for every body: edge normals, AABBs, centroids, vertex indices and
/// contacts (overlay_private.h).

// Diagnostics, per body and shape (xf = the body's transform):
//   normals:  for each polygon edge i: arrow from the edge midpoint along rotate(q, normal(i))
//   AABBs:    computeAABB(shape, xf), dashed
//   centroid: polygon centroid / circle centre, a ring with a cross
//   indices:  vertex i labelled just outside the vertex (away from the centroid)
//   contacts: for each pair of bodies and their shapes: collide(...) with the scene's contact method

#include "overlay_private.h"
#include "scene_renderer.h"

#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <variant>

namespace cl::overlay_detail {

void drawDiagnostics(QPainter& painter, LabelLayout& labels, const phys::SceneDef& scene,
                     const ViewTransform& view, const OverlayOptions& options) {
    if (!(options.normals || options.aabbs || options.centroids || options.vertexIndices ||
          options.contacts)) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t bodyIndex = 0; bodyIndex < scene.bodies.size(); ++bodyIndex) {
        const phys::BodyDef& body = scene.bodies[bodyIndex];
        const phys::Transform xf{body.position, phys::Rot(body.angle)};
        // Each body's normals and corner numbers in its own outline colour: where two bodies overlap, A's
        // "2" drawn inside B, or the plate's normal inside the box, still says whose it is (a lesson asks
        // for edges by these numbers; review v12b D-i). High Contrast's outlines are all black, as its grey
        // was.
        const QColor diag = SceneRenderer::bodyColors(body, int(bodyIndex)).outline;
        for (const phys::ShapeDef& shape : body.shapes) {
            if (options.aabbs) {
                const phys::AABB box =
                    std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
                painter.setPen(makePen(labels.scale(), withAlpha(QColor(pal().aabb), 200), 1.2, Qt::DashLine,
                                       Qt::FlatCap));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(QRectF(toView(view, {box.lower.x, box.upper.y}),
                                        toView(view, {box.upper.x, box.lower.y})));
            }
            const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry);
            const phys::Vec2 centre = shapeCentre(shape.geometry, xf);
            if (polygon && options.normals) {
                for (int i = 0; i < polygon->count(); ++i) {
                    const phys::Vec2 a = phys::transformPoint(xf, polygon->vertex(i));
                    const phys::Vec2 b = phys::transformPoint(xf, polygon->vertex(polygon->next(i)));
                    const QPointF mid = toView(view, 0.5 * (a + b));
                    drawArrow(painter, labels.scale(), mid,
                              mid + viewDirection(phys::transformVector(xf, polygon->normal(i))) *
                                        (20.0 * labels.scale()),
                              diag, 1.6);
                }
            }
            if (polygon && options.vertexIndices) {
                for (int i = 0; i < polygon->count(); ++i) {
                    const phys::Vec2 v = phys::transformPoint(xf, polygon->vertex(i));
                    // A corner's number is read beside its corner or not at all: in a crowd (a pyramid) a
                    // number pulled away on a leader line names nothing anyone can follow.
                    addLabel(labels, 10, toView(view, v), QString::number(i), diag, viewDirection(v - centre),
                             11.0, true, true, 16.0);
                }
            }
            if (options.centroids) {
                const QPointF c = toView(view, centre);
                const double r = 4.0 * labels.scale();
                painter.setPen(makePen(labels.scale(), diag, 1.5));
                painter.setBrush(Palette::withAlpha(pal().paper, 200));
                painter.drawEllipse(c, r, r);
                painter.drawLine(c - QPointF(2 * r, 0), c + QPointF(2 * r, 0));
                painter.drawLine(c - QPointF(0, 2 * r), c + QPointF(0, 2 * r));
            }
        }
    }
    if (options.contacts && scene.bodies.size() <= 400) {
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            const phys::BodyDef& a = scene.bodies[i];
            const phys::Transform xfA{a.position, phys::Rot(a.angle)};
            for (std::size_t j = i + 1; j < scene.bodies.size(); ++j) {
                const phys::BodyDef& b = scene.bodies[j];
                if (a.type != phys::BodyType::Dynamic && b.type != phys::BodyType::Dynamic) {
                    continue;
                }
                const phys::Transform xfB{b.position, phys::Rot(b.angle)};
                for (const phys::ShapeDef& sa : a.shapes) {
                    for (const phys::ShapeDef& sb : b.shapes) {
                        const phys::Manifold m =
                            phys::collide(sa.geometry, xfA, sb.geometry, xfB, scene.settings.contactMethod);
                        drawManifold(painter, labels, view, m, QColor(pal().kept), false);
                    }
                }
            }
        }
    }
    painter.restore();
}

} // namespace cl::overlay_detail
