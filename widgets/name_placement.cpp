/// @file name_placement.cpp
/// Placement of body names (see name_placement.h).

#include "name_placement.h"

#include "paint_kit.h"
#include "palette.h"
#include "tool_style.h"

#include "physics/math.h"

#include <QPainter>
#include <QPen>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <unordered_map>
#include <variant>

namespace cl {

namespace {

/// Font of a name, pixels before the display scale (SceneRenderer's name font).
constexpr double kNameFontPixels = 12.0;
/// Candidate centres per axis tried inside a shape.
constexpr int kSteps = 17;
/// Sides of the polygon standing for a circle as an obstacle of the names placed outside: circumscribed, so
/// a name clear of it is clear of the circle.
constexpr int kDiscSides = 24;
/// LabelRequest::tag of the note saying names are hidden (body names are tagged with their index).
constexpr int kNoteTag = -2;

/// Whether segment a-b meets `r`, if only at one point.
bool segmentMeetsRect(QPointF a, QPointF b, const QRectF& r) {
    const auto [t0, t1] = clipSegmentToRect(a, b, r);
    return t1 >= t0;
}

bool rectInsideDisc(const QRectF& r, QPointF centre, double radius) {
    for (const QPointF& c : {r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft()}) {
        if (std::hypot(c.x() - centre.x(), c.y() - centre.y()) > radius) {
            return false;
        }
    }
    return true;
}

QPolygonF discPolygon(QPointF centre, double radius) {
    QPolygonF p;
    const double r = radius / std::cos(phys::kPi / kDiscSides);
    for (int k = 0; k < kDiscSides; ++k) {
        const double a = 2.0 * phys::kPi * k / kDiscSides;
        p << centre + QPointF(r * std::cos(a), r * std::sin(a));
    }
    return p;
}

/// Whether `r` shares points with any shape of `figure`.
bool rectMeetsFigure(const QRectF& r, const BodyFigure& figure) {
    if (!figure.bounds.intersects(r)) {
        return false;
    }
    for (const QPolygonF& p : figure.polygons) {
        if (rectIntersectsConvex(r, p)) {
            return true;
        }
    }
    for (const BodyFigure::Disc& d : figure.discs) {
        if (distanceToRect(d.centre, r) < d.radius) {
            return true;
        }
    }
    return false;
}

/// Boxes bucketed in a uniform grid of the view, so a candidate is tested against nearby bodies only (a
/// heavy scene has thousands in view).
class BoxIndex {
public:
    BoxIndex(const QRectF& bounds, double cell) : m_origin(bounds.topLeft()), m_cell(cell) {}
    void insert(int id, const QRectF& box) {
        forCells(box, [&](std::vector<int>& ids) { ids.push_back(id); });
    }
    template <typename F> void visit(const QRectF& box, F&& f) {
        ++m_query;
        forCells(box, [&](std::vector<int>& ids) {
            for (const int id : ids) {
                if (m_seen[id] != m_query) {
                    m_seen[id] = m_query;
                    f(id);
                }
            }
        });
    }

private:
    template <typename F> void forCells(const QRectF& box, F&& f) {
        // Clamped to a band around the view: a ground a kilometre long is in a few hundred cells, not millions.
        const auto cell = [this](double v, double origin) {
            return int(std::clamp(std::floor((v - origin) / m_cell), -4.0, 64.0));
        };
        const int c0 = cell(box.left(), m_origin.x()), c1 = cell(box.right(), m_origin.x());
        const int r0 = cell(box.top(), m_origin.y()), r1 = cell(box.bottom(), m_origin.y());
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                f(m_cells[(static_cast<long long>(r) << 32) ^ static_cast<unsigned>(c)]);
            }
        }
    }
    QPointF m_origin;
    double m_cell;
    std::unordered_map<long long, std::vector<int>> m_cells;
    std::unordered_map<int, unsigned> m_seen;
    unsigned m_query = 0;
};

/// Where a name outside `figure` joins it: the outline's top point on the vertical through its centre (kept
/// inside the view), with the direction the name goes from there; the bottom point when the top is above
/// the view; a side when both are out of it.
std::pair<QPointF, QPointF> outsideAnchor(const BodyFigure& figure, const QRectF& view, double inset) {
    // The topmost point, when it shows: a name just above it clears the whole shape.
    QPointF peak(0.0, 1e300);
    for (const QPolygonF& p : figure.polygons) {
        for (const QPointF& v : p) {
            if (v.y() < peak.y()) {
                peak = v;
            }
        }
    }
    for (const BodyFigure::Disc& d : figure.discs) {
        if (d.centre.y() - d.radius < peak.y()) {
            peak = d.centre - QPointF(0.0, d.radius);
        }
    }
    if (peak.y() >= view.top() + inset && peak.x() >= view.left() + inset &&
        peak.x() <= view.right() - inset) {
        return {peak, QPointF(0.0, -1.0)};
    }
    const double x =
        std::clamp(figure.bounds.center().x(), std::max(view.left() + inset, figure.bounds.left()),
                   std::min(view.right() - inset, figure.bounds.right()));
    double top = 1e300, bottom = -1e300;
    for (const QPolygonF& p : figure.polygons) {
        for (qsizetype i = 0; i < p.size(); ++i) {
            const QPointF a = p[i];
            const QPointF b = p[(i + 1) % p.size()];
            if ((a.x() - x) * (b.x() - x) > 0.0 || a.x() == b.x()) {
                continue;
            }
            const double y = a.y() + (b.y() - a.y()) * (x - a.x()) / (b.x() - a.x());
            top = std::min(top, y);
            bottom = std::max(bottom, y);
        }
    }
    for (const BodyFigure::Disc& d : figure.discs) {
        const double dx = x - d.centre.x();
        if (std::abs(dx) <= d.radius) {
            const double h = std::sqrt(d.radius * d.radius - dx * dx);
            top = std::min(top, d.centre.y() - h);
            bottom = std::max(bottom, d.centre.y() + h);
        }
    }
    if (top > bottom) { // no shape under x (cannot happen for x inside the bounds; kept safe)
        top = figure.bounds.top();
        bottom = figure.bounds.bottom();
    }
    if (top >= view.top() + inset) {
        return {QPointF(x, top), QPointF(0.0, -1.0)};
    }
    if (bottom <= view.bottom() - inset) {
        return {QPointF(x, bottom), QPointF(0.0, 1.0)};
    }
    // Taller than the view here (a wall): its left or right side, level with the middle of what shows.
    const double y = std::clamp(figure.bounds.center().y(), std::max(view.top() + inset, figure.bounds.top()),
                                std::min(view.bottom() - inset, figure.bounds.bottom()));
    double left = 1e300, right = -1e300;
    for (const QPolygonF& p : figure.polygons) {
        for (qsizetype i = 0; i < p.size(); ++i) {
            const QPointF a = p[i];
            const QPointF b = p[(i + 1) % p.size()];
            if ((a.y() - y) * (b.y() - y) > 0.0 || a.y() == b.y()) {
                continue;
            }
            const double at = a.x() + (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y());
            left = std::min(left, at);
            right = std::max(right, at);
        }
    }
    for (const BodyFigure::Disc& d : figure.discs) {
        const double dy = y - d.centre.y();
        if (std::abs(dy) <= d.radius) {
            const double h = std::sqrt(d.radius * d.radius - dy * dy);
            left = std::min(left, d.centre.x() - h);
            right = std::max(right, d.centre.x() + h);
        }
    }
    if (left <= right && left >= view.left() + inset) {
        return {QPointF(left, y), QPointF(-1.0, 0.0)};
    }
    if (left <= right && right <= view.right() - inset) {
        return {QPointF(right, y), QPointF(1.0, 0.0)};
    }
    return {QPointF(x, top), QPointF(0.0, -1.0)}; // it covers the view: nowhere outside shows
}

/// The shape of `figure` with the most area in `view` (its box's), alone: the one a leader points at (a line
/// through the middle of a compound body may pass between its shapes).
BodyFigure mainShape(const BodyFigure& figure, const QRectF& view) {
    BodyFigure best;
    double bestArea = -1.0;
    const auto consider = [&](const QRectF& box, auto&& make) {
        const QRectF seen = box.intersected(view);
        const double area = seen.isEmpty() ? 0.0 : seen.width() * seen.height();
        if (area > bestArea) {
            bestArea = area;
            best = BodyFigure{};
            make(best);
            best.bounds = box;
        }
    };
    for (const QPolygonF& p : figure.polygons) {
        consider(p.boundingRect(), [&](BodyFigure& f) { f.polygons.push_back(p); });
    }
    for (const BodyFigure::Disc& d : figure.discs) {
        consider(QRectF(d.centre - QPointF(d.radius, d.radius), QSizeF(2 * d.radius, 2 * d.radius)),
                 [&](BodyFigure& f) { f.discs.push_back(d); });
    }
    return best;
}

void addPendingObstacles(LabelLayout& layout, const NamePlacement& names);

} // namespace

QLineF PlacedName::leader() const {
    if (inside) {
        return {};
    }
    const QPointF near(std::clamp(anchor.x(), textRect.left(), textRect.right()),
                       std::clamp(anchor.y(), textRect.top(), textRect.bottom()));
    return {anchor, near};
}

const PlacedName* NamePlacement::find(int index) const {
    for (const PlacedName& n : names) {
        if (n.body == index) {
            return &n;
        }
    }
    return nullptr;
}

std::vector<QRectF> NamePlacement::rects() const {
    std::vector<QRectF> out;
    out.reserve(names.size() + 1);
    for (const PlacedName& n : names) {
        out.push_back(n.rect);
    }
    if (!noteRect.isEmpty()) {
        out.push_back(noteRect);
    }
    return out;
}

BodyFigure bodyFigure(const phys::BodyDef& body, const ViewTransform& view) {
    BodyFigure figure;
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    QRectF bounds;
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&](const auto& g) {
                using T = std::decay_t<decltype(g)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    BodyFigure::Disc d;
                    d.centre = view.toView(phys::transformPoint(xf, g.center));
                    d.radius = view.toPixels(g.radius);
                    d.radiusLine =
                        QLineF(d.centre,
                               view.toView(phys::transformPoint(xf, g.center + phys::Vec2{g.radius, 0.0})));
                    bounds |=
                        QRectF(d.centre - QPointF(d.radius, d.radius), QSizeF(2 * d.radius, 2 * d.radius));
                    figure.discs.push_back(d);
                } else {
                    QPolygonF p;
                    for (const phys::Vec2 v : g.vertices()) {
                        p << view.toView(phys::transformPoint(xf, v));
                    }
                    bounds |= p.boundingRect();
                    figure.polygons.push_back(p);
                }
            },
            shape.geometry);
    }
    figure.bounds = bounds;
    return figure;
}

double handleClearance(double displayScale) {
    return (toolstyle::kHandleRadius + 1.5) * displayScale;
}

double outlineClearance(double displayScale) {
    return (0.5 * SceneRenderer::kOutlinePixels + 1.0) * displayScale;
}

// Name placement pseudocode:
//   figures = every body's shapes in view pixels (bodies off the view: none)
//   for each body with a name, in body order (inside):
//     for each of its shapes, the largest first:
//       candidates = the shape's centre, then a grid of centres over the shape's box, nearest the centre first
//       take the first candidate whose box lies inside the shape (outlineClearance from its edges) and in the
//       view, and misses the radius lines, the vertex handles (handleClearance), every other body, the names
//       placed so far, the grid's metre labels and the obstacles given
//   the names that fit nowhere inside (outside), when there are at most kMaxOutsideNames of them:
//     one LabelLayout: obstacles the inside names, the metre labels and the given boxes; convex obstacles
//     every body; lines the given arrows; each name asked for beside its outline's top point (bottom when
//     the top is above the view), pointing away from the body; the leader joins it to that point
//   else they are counted and the picture says so
NamePlacement placeBodyNames(const phys::SceneDef& scene, const ViewTransform& view,
                             const RenderOptions& options, const NameObstacles& obstacles,
                             bool layOutOutside) {
    NamePlacement out;
    const double scale = options.displayScale;
    const QRectF bounds(QPointF(0, 0), view.viewSize());
    const double margin = outlineClearance(scale);
    const double handle = handleClearance(scale);
    std::vector<QRectF> fixedBoxes = obstacles.rects;
    if (options.grid) {
        for (const GridLabelBox& g :
             SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView(), scale)) {
            fixedBoxes.push_back(g.backdrop);
        }
    }

    // The bodies in view (a body reaching into it may still hold or push a name).
    std::vector<int> shown;
    // Each body's figure is made when first asked for: a thousand small bodies zoomed out host no name
    // (each fails the height test below) and are past the outside names' limit, so no figure is needed.
    std::vector<BodyFigure> figures(scene.bodies.size());
    std::vector<char> made(scene.bodies.size(), 0);
    const auto figureOf = [&](int i) -> const BodyFigure& {
        if (!made[std::size_t(i)]) {
            figures[std::size_t(i)] = bodyFigure(scene.bodies[std::size_t(i)], view);
            made[std::size_t(i)] = 1;
        }
        return figures[std::size_t(i)];
    };
    std::vector<QRectF> boxes(scene.bodies.size()); // the shapes' box in view pixels
    BoxIndex index(bounds, 64.0);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (!SceneRenderer::mayReachView(scene.bodies[i], view, bounds)) {
            continue; // its box cannot meet the view either (a drag's move sifts a thousand bodies)
        }
        const std::optional<phys::AABB> box = SceneRenderer::worldBounds(scene.bodies[i]);
        if (!box) {
            continue;
        }
        boxes[i] = QRectF(view.toView(box->lower), view.toView(box->upper)).normalized();
        if (!boxes[i].intersects(bounds)) {
            continue;
        }
        shown.push_back(int(i));
        // The figure's bounds are this box but for round-off: a pixel more on each side keeps every figure
        // a name could meet among the ones visited.
        index.insert(int(i), boxes[i].adjusted(-1.0, -1.0, 1.0, 1.0));
    }
    // A name's height does not depend on its text.
    const double labelHeight = SceneRenderer::labelSize(QString(), scale).height();

    const auto clearOfLines = [&](const QRectF& r) {
        return std::none_of(obstacles.lines.begin(), obstacles.lines.end(), [&](const DrawnLine& l) {
            const double w = 0.5 * l.width + 1.0;
            return segmentMeetsRect(l.from, l.to, r.adjusted(-w, -w, w, w));
        });
    };
    const auto clearOfBoxes = [&](const QRectF& r) {
        return std::none_of(fixedBoxes.begin(), fixedBoxes.end(),
                            [&](const QRectF& b) { return b.intersects(r); }) &&
               std::none_of(out.names.begin(), out.names.end(),
                            [&](const PlacedName& n) { return n.rect.intersects(r); });
    };

    std::vector<int> outside;
    for (const int i : shown) {
        const phys::BodyDef& body = scene.bodies[std::size_t(i)];
        if (body.name.empty()) {
            continue;
        }
        if (boxes[std::size_t(i)].height() + 1e-6 < labelHeight + 2 * margin) {
            outside.push_back(i); // too low for its name (the figure's test below, without the text)
            continue;
        }
        const QString text = QString::fromStdString(body.name);
        const QSizeF size = SceneRenderer::labelSize(text, scale);
        const BodyFigure& figure = figureOf(i);
        std::optional<QRectF> found;
        if (figure.bounds.width() >= size.width() + 2 * margin &&
            figure.bounds.height() >= size.height() + 2 * margin) {
            // The shapes, largest first: the name goes where it has most room.
            struct Room {
                QRectF box;
                QPointF centre;
                const QPolygonF* polygon = nullptr;
                const BodyFigure::Disc* disc = nullptr;
            };
            std::vector<Room> rooms;
            for (const QPolygonF& p : figure.polygons) {
                QPointF c;
                for (const QPointF& v : p) {
                    c += v;
                }
                rooms.push_back({p.boundingRect(), c / double(p.size()), &p, nullptr});
            }
            for (const BodyFigure::Disc& d : figure.discs) {
                rooms.push_back(
                    {QRectF(d.centre - QPointF(d.radius, d.radius), QSizeF(2 * d.radius, 2 * d.radius)),
                     d.centre, nullptr, &d});
            }
            std::stable_sort(rooms.begin(), rooms.end(), [](const Room& a, const Room& b) {
                return a.box.width() * a.box.height() > b.box.width() * b.box.height();
            });
            const auto fits = [&](const Room& room, const QRectF& r) {
                if (!bounds.contains(r)) {
                    return false;
                }
                if (room.polygon ? !rectInsideConvex(r, *room.polygon, margin)
                                 : !rectInsideDisc(r, room.disc->centre, room.disc->radius - margin)) {
                    return false;
                }
                const double w = 0.5 * SceneRenderer::kOutlinePixels * scale + 1.0;
                for (const BodyFigure::Disc& d : figure.discs) {
                    if (segmentMeetsRect(d.radiusLine.p1(), d.radiusLine.p2(), r.adjusted(-w, -w, w, w))) {
                        return false;
                    }
                }
                for (const QPolygonF& p : figure.polygons) {
                    for (const QPointF& v : p) {
                        if (distanceToRect(v, r) < handle) {
                            return false;
                        }
                    }
                }
                bool onOther = false;
                index.visit(r, [&](int other) {
                    onOther = onOther || (other != i && rectMeetsFigure(r, figureOf(other)));
                });
                return !onOther && clearOfLines(r) && clearOfBoxes(r);
            };
            for (const Room& room : rooms) {
                if (room.box.width() < size.width() + 2 * margin ||
                    room.box.height() < size.height() + 2 * margin) {
                    continue;
                }
                // The shape's centre first, alone: where most names fit (a paint in Simulate tests every
                // body in view, every frame), without building and sorting the grid below.
                const QRectF atCentre(room.centre.x() - 0.5 * size.width(),
                                      room.centre.y() - 0.5 * size.height(), size.width(), size.height());
                if (fits(room, atCentre)) {
                    found = atCentre;
                    break;
                }
                // Centres over the room's box, nearest the shape's centre first, by squared distance worked
                // out once a point (the same order as by length, without a square root in each of the sort's
                // comparisons: the sort was 13% of a drag's mouse move at 1000 bodies, framebench --drag). The
                // centre itself failed just above.
                const double x0 = room.box.left() + 0.5 * size.width(),
                             x1 = room.box.right() - 0.5 * size.width();
                const double y0 = room.box.top() + 0.5 * size.height(),
                             y1 = room.box.bottom() - 0.5 * size.height();
                std::vector<std::pair<double, QPointF>> centres;
                centres.reserve(std::size_t(kSteps * kSteps));
                for (int a = 0; a < kSteps; ++a) {
                    for (int b = 0; b < kSteps; ++b) {
                        const QPointF c(x0 + (x1 - x0) * a / (kSteps - 1), y0 + (y1 - y0) * b / (kSteps - 1));
                        const QPointF d = c - room.centre;
                        centres.emplace_back(d.x() * d.x() + d.y() * d.y(), c);
                    }
                }
                std::stable_sort(centres.begin(), centres.end(),
                                 [](const auto& p, const auto& q) { return p.first < q.first; });
                for (const auto& [distance, c] : centres) {
                    const QRectF r(c.x() - 0.5 * size.width(), c.y() - 0.5 * size.height(), size.width(),
                                   size.height());
                    if (fits(room, r)) {
                        found = r;
                        break;
                    }
                }
                if (found) {
                    break;
                }
            }
        }
        if (found) {
            const double slack =
                0.5 * (2.0 + 3.0 * scale); // SceneRenderer::labelSize's halo and antialiasing
            out.names.push_back({i, text, found->adjusted(slack, slack, -slack, -slack), *found, true, {}});
        } else {
            outside.push_back(i);
        }
    }

    if (outside.empty()) {
        return out;
    }
    const QColor color = QColor::fromRgba(currentPalette().labelText);
    // Past the limit none goes outside: which few would be arbitrary, and a crowd of tiny bodies (a thousand
    // boxes zoomed out) would have each name search the whole crowd for room on every frame.
    const int asked = int(outside.size()) <= kMaxOutsideNames ? int(outside.size()) : 0;
    NamePlacement::Pending& pending = out.pending;
    for (int k = 0; k < asked; ++k) {
        const int i = outside[std::size_t(k)];
        const auto [anchor, direction] = outsideAnchor(mainShape(figureOf(i), bounds), bounds, 4.0 * scale);
        LabelRequest r;
        r.anchor = anchor;
        r.text = QString::fromStdString(scene.bodies[std::size_t(i)].name);
        r.color = color;
        r.direction = direction;
        r.fontPixels = kNameFontPixels;
        r.bold = true;
        r.alwaysLeader = true;
        r.maxDistance = options.nameReach;
        r.tag = i;
        pending.requests.push_back(r);
    }
    out.hidden = int(outside.size()) - asked;
    if (asked > 0) {
        pending.rects = fixedBoxes;
        pending.lines = obstacles.lines;
        for (const int i : shown) {
            for (const QPolygonF& p : figureOf(i).polygons) {
                pending.shapes.push_back(p);
            }
            for (const BodyFigure::Disc& d : figureOf(i).discs) {
                pending.shapes.push_back(discPolygon(d.centre, d.radius));
            }
        }
    }
    if (!layOutOutside) {
        return out;
    }
    // One layout of the outside names; `note`: with the note saying names are hidden, placed first at the top.
    const NamePlacement before = out;
    const auto layOut = [&](bool note) {
        out = before;
        LabelLayout layout(bounds, scale);
        for (const QRectF& r : pending.rects) {
            layout.addObstacle(r);
        }
        if (note) {
            layout.add(hiddenNamesNote(bounds, scale));
        }
        addNameObstacles(layout, out);
        addPendingObstacles(layout, out);
        for (const LabelRequest& r : pending.requests) {
            layout.add(r);
        }
        adoptOutsideNames(out, layout.place(), scale);
    };
    layOut(false);
    if (out.hidden > 0) {
        layOut(true);
    }
    return out;
}

void addNameObstacles(LabelLayout& layout, const NamePlacement& names) {
    for (const PlacedName& n : names.names) {
        layout.addObstacle(n.rect);
    }
}

namespace {

/// The bodies (for the names only) and the obstacles' lines of the pending names.
void addPendingObstacles(LabelLayout& layout, const NamePlacement& names) {
    if (names.pending.requests.empty()) {
        return;
    }
    for (const DrawnLine& l : names.pending.lines) {
        layout.addLine(l.from, l.to, l.width / layout.scale(), l.kind);
    }
    for (const QPolygonF& p : names.pending.shapes) {
        layout.addObstacleShape(p);
    }
}

} // namespace

void addOutsideNames(LabelLayout& layout, const NamePlacement& names) {
    addPendingObstacles(layout, names);
    for (LabelRequest r : names.pending.requests) {
        // After the step's badges, depths and measures (priorities 75 and up), before the labels that only
        // repeat what the table says (60 and below, which are left out when crowded): a body's name says what
        // nothing else in the picture does. Clear of them all or left out, and near its body.
        r.priority = 70;
        r.optional = true;
        r.maxDistance = kNameReach;
        layout.add(r);
    }
}

std::vector<PlacedLabel> adoptOutsideNames(NamePlacement& names, std::vector<PlacedLabel> placed,
                                           double displayScale) {
    std::vector<PlacedLabel> others;
    others.reserve(placed.size());
    int adopted = 0;
    for (PlacedLabel& p : placed) {
        if (p.request.tag == kNoteTag) {
            names.note = p.request.text;
            names.noteRect = p.rect;
            continue;
        }
        if (p.request.tag < 0) {
            others.push_back(std::move(p));
            continue;
        }
        // The box with the halo of a name inside (SceneRenderer::labelSize), so a name's box has one size
        // wherever it goes; within the layout's own, which its halo at least as wide kept clear.
        const QSizeF size = SceneRenderer::labelSize(p.request.text, displayScale);
        const QRectF rect(p.textRect.center() - QPointF(0.5 * size.width(), 0.5 * size.height()), size);
        names.names.push_back({p.request.tag, p.request.text, p.textRect, rect, false, p.request.anchor});
        ++adopted;
    }
    names.hidden += int(names.pending.requests.size()) - adopted;
    names.pending = {};
    return others;
}

LabelRequest hiddenNamesNote(const QRectF& bounds, double displayScale) {
    LabelRequest r;
    r.anchor = QPointF(bounds.center().x(), bounds.top() + 4.0 * displayScale);
    r.text = QObject::tr("Some names are hidden: zoom in to read them");
    r.color = QColor::fromRgba(currentPalette().labelText);
    r.direction = QPointF(0.0, 1.0);
    r.fontPixels = kNameFontPixels;
    // Before every other label, at the top, but off a legend drawn there (the Methods step's).
    r.priority = 1000;
    r.leaderAllowed = false;
    r.tag = kNoteTag;
    return r;
}

void drawBodyNames(QPainter& painter, const NamePlacement& names, double displayScale) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor line = QColor::fromRgba(currentPalette().labelText);
    line.setAlpha(190);
    for (const PlacedName& n : names.names) {
        if (n.inside) {
            continue;
        }
        const QLineF leader = n.leader();
        painter.setPen(QPen(Palette::withAlpha(currentPalette().paper, 200), 3.0 * displayScale,
                            Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(leader);
        painter.setPen(QPen(line, 1.2 * displayScale, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(leader);
        // The end on the body: a dot, so the leader reads as pointing at it.
        painter.setBrush(line);
        painter.setPen(Qt::NoPen);
        painter.drawEllipse(leader.p1(), 1.8 * displayScale, 1.8 * displayScale);
    }
    for (const PlacedName& n : names.names) {
        SceneRenderer::drawLabel(painter, n.textRect.center(), n.text, displayScale);
    }
    if (!names.note.isEmpty()) {
        SceneRenderer::drawLabel(painter, names.noteRect.center(), names.note, displayScale);
    }
    painter.restore();
}

} // namespace cl
