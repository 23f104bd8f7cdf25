/// @file overlay_methods.cpp
/// The overlays of the Methods steps: each contact method's points, normal and the feature it used, and the
/// legend (overlay_private.h). Everything drawn comes from the traces of the three methods.

#include "overlay_private.h"

#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace cl::overlay_detail {

namespace {

void drawMethodDetails(QPainter& painter, LabelLayout& labels, const Walkthrough& w,
                       const WalkthroughStep& step, const ViewTransform& view) {
    const int method = step.index;
    const QColor color = OverlayPainter::methodColor(method);
    const phys::CollideTrace& t = w.methodTrace(method);
    if (method == 0) {
        drawReferenceAndIncident(painter, labels, t.clip, view, true, 4.0);
    } else if (method == 1) {
        const phys::DeepestVerticesTrace& d = t.deepest;
        const phys::Vec2 p0 = lineNearCentre(view, d.referenceNormal, d.referenceOffset);
        drawLongLine(painter, view, p0, phys::leftPerp(d.referenceNormal),
                     makePen(labels.scale(), withAlpha(color, 190), 2.0, Qt::DashLine));
        const QPointF normal = viewDirection(d.referenceNormal);
        const QPointF deepest = toView(view, d.deepestPoint);
        const QPointF second = toView(view, d.secondPoint);
        // (as the step's words write them: the Methods table's decimals)
        const int dec = w.methodsTableDecimals();
        const QString label0 = QStringLiteral("%1 m").arg(Walkthrough::tableLength(d.deepestDepth, dec));
        const QString label1 = QStringLiteral("%1 m").arg(Walkthrough::tableLength(d.secondDepth, dec));
        const bool crowded = labelsCrowd(labels.scale(), deepest, label0, second, label1, normal, 12.0);
        for (const auto& [p, label] : {std::pair{deepest, label0}, std::pair{second, label1}}) {
            drawDot(painter, labels.scale(), p, color, 7.0, false);
            addLabel(labels, 80, p, label, color,
                     depthLabelDirection(p, 0.5 * (deepest + second), normal, crowded), 12.0);
        }
    } else {
        const phys::VertexEdgeTrace& v = t.vertexEdge;
        if (v.which != phys::VertexEdgeCase::None) {
            drawEdgeHighlight(painter, labels, view, v.edgeStart, v.edgeEnd, color,
                              QObject::tr("crossed edge"), v.edgeStart - v.vertexPoint, 4.0);
            drawDot(painter, labels.scale(), toView(view, v.vertexPoint), color, 8.0, false);
            if (v.which == phys::VertexEdgeCase::ParallelInA ||
                v.which == phys::VertexEdgeCase::ParallelInB) {
                drawSegment(painter, view, v.overlapStart, v.overlapEnd,
                            makePen(labels.scale(), color, 3.0, Qt::DotLine));
            }
        } else {
            // No hit: what the text says instead, from its claims (Walkthrough::vertexEdgeMissReasons): each
            // vertex inside the other polygon as a dot, and the other polygon's edges that its two edges
            // cross, so the student sees them leave through different edges.
            const phys::Polygon* polygons[2] = {std::get_if<phys::Polygon>(&w.geometryA()),
                                                std::get_if<phys::Polygon>(&w.geometryB())};
            const phys::Transform transforms[2] = {w.transformA(), w.transformB()};
            for (const WalkthroughClaim& c : step.claims) {
                if (c.kind == WalkthroughClaim::Kind::VertexInside && c.holds) {
                    drawDot(painter, labels.scale(), toView(view, c.point), color, 8.0, false);
                } else if (c.kind == WalkthroughClaim::Kind::EdgeCrossings &&
                           (c.polygon == 0 || c.polygon == 1)) {
                    const phys::Polygon* crossed = polygons[1 - c.polygon];
                    const phys::Transform& xf = transforms[1 - c.polygon];
                    for (const int j : c.edges) {
                        if (crossed == nullptr || j < 0 || j >= crossed->count()) {
                            continue;
                        }
                        drawSegment(painter, view, phys::transformPoint(xf, crossed->vertex(j)),
                                    phys::transformPoint(xf, crossed->vertex((j + 1) % crossed->count())),
                                    makePen(labels.scale(), color, 3.0, Qt::SolidLine));
                    }
                }
            }
        }
    }
}

} // namespace

void drawMethods(QPainter& painter, LabelLayout& labels, const Walkthrough& w, const WalkthroughStep& step,
                 const ViewTransform& view) {
    const bool all = step.kind == WalkthroughStepKind::MethodsCompare;
    // Legend: the corner of the view where it covers no body name, grid figure or arrow and the least of the
    // pair's boxes (top-left first, clear of the grid's labels on the left and bottom edges); when no corner
    // is clear, the middle of an edge, then any spot of the view (every 12 px); when nothing is clear at
    // the presentation size, the same at a smaller size, down to the normal one (a small view with large
    // text, issue 12 review M3).
    const double scale = labels.scale();
    std::vector<QRectF> avoid = labels.obstacles();
    const std::size_t hardCount = avoid.size();
    for (const phys::AABB& box : {w.trace().aabbA, w.trace().aabbB}) {
        avoid.push_back(
            QRectF(toView(view, {box.lower.x, box.upper.y}), toView(view, {box.upper.x, box.lower.y}))
                .normalized());
    }
    // Where the methods' normal arrows will go (drawn after the legend, from the contact points, 50 px): the
    // legend keeps off that reach where it can, so that the arrows need not bend around it.
    std::vector<QRectF> arrowReach;
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        const phys::Manifold& mf = w.methodTrace(m).manifold;
        for (int i = 0; i < mf.pointCount; ++i) {
            const QPointF p = toView(view, mf.points[i].point);
            const double r = 62.0 * scale;
            arrowReach.emplace_back(p.x() - r, p.y() - r, 2.0 * r, 2.0 * r);
        }
    }
    const auto costOf = [&](const QRectF& rect) {
        double cost = 0.0;
        for (const QRectF& reach : arrowReach) {
            const QRectF hit = rect.intersected(reach);
            // Less than any name or arrow (1e6 per px^2), more than the pair's boxes alone.
            cost += hit.isEmpty() ? 0.0 : 1000.0 + hit.width() * hit.height();
        }
        for (std::size_t i = 0; i < avoid.size(); ++i) {
            const QRectF hit = rect.intersected(avoid[i]);
            // A covered name costs far more than a covered part of a shape's box.
            cost += hit.isEmpty() ? 0.0 : hit.width() * hit.height() * (i < hardCount ? 1e6 : 1.0);
        }
        for (const DrawnLine& line : labels.lines()) {
            // The arrows drawn above: text over one hides where it points (weighed like a name).
            if (line.kind != LineKind::Arrow) {
                continue;
            }
            const double h = 0.5 * line.width;
            for (int i = 0; i <= 16; ++i) {
                const QPointF p = line.from + (line.to - line.from) * (i / 16.0);
                const QRectF hit = rect.intersected(QRectF(p.x() - h, p.y() - h, 2 * h, 2 * h));
                cost += hit.isEmpty() ? 0.0 : hit.width() * hit.height() * 1e6;
            }
        }
        return cost;
    };
    const QSizeF viewSize = view.viewSize();
    const auto rowHeightAt = [scale](double ls) {
        return std::max(24.0 * ls, labelRect(ls, {}, QStringLiteral("Mg"), QPointF(1.0, 0.0), 14.0).height() +
                                       2.0 * 2.5 * scale + 1.0);
    };
    QPointF origin;
    QRectF legendRect;
    double legendScale = scale;
    double bestTotal = 1e300;
    for (const double shrink : {1.0, 0.8, 0.65, 0.5}) {
        if (shrink < 1.0 && shrink * scale < 1.0 - 1e-9) {
            break;
        }
        const double ls = scale * shrink;
        // Rows far enough apart for the texts' halos, which keep the drawing's size (LabelLayout).
        const double rowHeight = rowHeightAt(ls);
        double legendWidth = 0.0;
        for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
            const QString name = Walkthrough::methodName(Walkthrough::kMethods[std::size_t(m)]);
            legendWidth = std::max(legendWidth, labelRect(ls, {}, name, QPointF(1.0, 0.0), 14.0).right());
        }
        const QSizeF legendSize(legendWidth + 6.0 * ls + 2.0 * 10.0 * ls,
                                Walkthrough::kMethodCount * rowHeight);
        const double left = 60.0 * scale - 10.0 * scale;
        const double top = 10.0 * scale;
        const double bottomMargin = 36.0 * scale;
        const double right = viewSize.width() - legendSize.width() - 8.0 * scale;
        const double bottom = viewSize.height() - legendSize.height() - bottomMargin;
        std::vector<QPointF> spots{{left, top},
                                   {right, top},
                                   {right, bottom},
                                   {left, bottom},
                                   {0.5 * (left + right), top},
                                   {0.5 * (left + right), bottom},
                                   {left, 0.5 * (top + bottom)},
                                   {right, 0.5 * (top + bottom)}};
        const std::size_t preferredSpots = spots.size();
        for (double y = top; y <= bottom; y += 12.0) {
            for (double x = left; x <= right; x += 12.0) {
                spots.emplace_back(x, y);
            }
        }
        double bestCost = 1e300;
        QPointF bestSpot = spots.front();
        for (std::size_t i = 0; i < spots.size(); ++i) {
            // A spot off the corners and edges' middles only when it is clear where they are not.
            const double cost = costOf(QRectF(spots[i], legendSize)) + (i < preferredSpots ? 0.0 : 1e5);
            if (cost < bestCost) {
                bestCost = cost;
                bestSpot = spots[i];
            }
        }
        // Each step smaller costs as much as reaching into the arrows' room once.
        const double total = bestCost + 2000.0 * (1.0 - shrink);
        if (total < bestTotal) {
            bestTotal = total;
            origin = bestSpot;
            legendScale = ls;
            legendRect = QRectF(bestSpot, legendSize);
        }
        if (bestCost < 1000.0) {
            break; // clear of names, grid figures, arrows and the arrows' room
        }
    }
    // The legend first: the arrows below keep off it (fitArrow), where they can; it is drawn last.
    labels.addObstacle(legendRect);
    const auto drawLegend = [&] {
        const double rowHeight = rowHeightAt(legendScale);
        double y = origin.y() + 0.5 * rowHeight;
        for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
            const bool current = all || m == step.index;
            const QColor color = withAlpha(OverlayPainter::methodColor(m), current ? 255 : 120);
            const QPointF at(origin.x() + 10.0 * legendScale, y);
            drawMethodMarker(painter, legendScale, at, m, color);
            const QString name = Walkthrough::methodName(Walkthrough::kMethods[std::size_t(m)]);
            // The text starts clear of the widest marker (the circle, 8.5 px).
            addLegendLabel(labels, at + QPointF(6.0 * legendScale, 0.0), name, color, QPointF(1.0, 0.0),
                           14.0 * legendScale / scale, current);
            y += rowHeight;
        }
    };
    if (!all) {
        drawMethodDetails(painter, labels, w, step, view);
    }
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        const bool current = all || m == step.index;
        const QColor color = withAlpha(OverlayPainter::methodColor(m), current ? 255 : 90);
        const phys::Manifold& mf = w.methodTrace(m).manifold;
        if (mf.pointCount == 0) {
            continue;
        }
        phys::Vec2 mean;
        for (int i = 0; i < mf.pointCount; ++i) {
            mean += mf.points[i].point;
        }
        mean = mean / double(mf.pointCount);
        // Offset each method's normal arrow sideways a little so the three do not hide each other.
        const QPointF dir = viewDirection(mf.normal);
        const QPointF side(-dir.y(), dir.x());
        // From the points' mean, else from one of the points, shorter if need be: off the names and the
        // grid figures and in the view (issue 12 review M3: on tri_pent's deepest-vertices slide the normal
        // ran into "pentagon").
        const QPointF offset = side * ((m - 1) * 14.0 * labels.scale());
        std::vector<QPointF> bases{toView(view, mean) + offset};
        for (int i = 0; i < mf.pointCount; ++i) {
            bases.push_back(toView(view, mf.points[i].point) + offset);
        }
        const QLineF arrow = fitArrow(labels, bases, dir, 50.0);
        drawArrow(painter, labels, arrow.p1(), arrow.p2(), color, current ? 2.5 : 1.5);
        auto label = [&mf, &w](int i) {
            return QStringLiteral("%1 m").arg(
                Walkthrough::tableLength(mf.points[i].depth, w.methodsTableDecimals()));
        };
        const bool crowded =
            mf.pointCount == 2 && labelsCrowd(labels.scale(), toView(view, mf.points[0].point), label(0),
                                              toView(view, mf.points[1].point), label(1), dir, 12.0);
        for (int i = 0; i < mf.pointCount; ++i) {
            const QPointF p = toView(view, mf.points[i].point);
            drawMethodMarker(painter, labels.scale(), p, m, color);
            if (current && !all) {
                addLabel(labels, 80, p, label(i), color,
                         depthLabelDirection(p, toView(view, mean), dir, crowded), 12.0);
            }
        }
    }
    drawLegend();
}

} // namespace cl::overlay_detail
