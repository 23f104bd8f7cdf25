#include "tool_geometry.h"

#include "physics/decompose.h"
#include "physics/mass.h"

#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace cl::toolgeom {

namespace {

constexpr double kDefaultDensity = 1.0;
constexpr double kDefaultFriction = 0.6;
constexpr double kDefaultRestitution = 0.0;

int sign(double v) {
    return v > 0.0 ? 1 : (v < 0.0 ? -1 : 0);
}

/// True when the closed segments [a, b] and [c, d] share a point (orientation tests; the collinear
/// overlap case by projection on the shared line). Ericson, Real-Time Collision Detection 5.1.9.1.
bool segmentsTouch(phys::Vec2 a, phys::Vec2 b, phys::Vec2 c, phys::Vec2 d) {
    const double d1 = phys::cross(b - a, c - a);
    const double d2 = phys::cross(b - a, d - a);
    const double d3 = phys::cross(d - c, a - c);
    const double d4 = phys::cross(d - c, b - c);
    if (sign(d1) * sign(d2) < 0 && sign(d3) * sign(d4) < 0) {
        return true;
    }
    auto onSegment = [](phys::Vec2 p, phys::Vec2 q, phys::Vec2 r) {
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y &&
               r.y <= std::max(p.y, q.y);
    };
    return (d1 == 0.0 && onSegment(a, b, c)) || (d2 == 0.0 && onSegment(a, b, d)) ||
           (d3 == 0.0 && onSegment(c, d, a)) || (d4 == 0.0 && onSegment(c, d, b));
}

phys::BodyDef newBody(const std::string& name, phys::Vec2 position, phys::ShapeDef shape) {
    phys::BodyDef body;
    body.name = name;
    body.type = phys::BodyType::Dynamic;
    body.position = position;
    body.angle = 0.0;
    shape.density = kDefaultDensity;
    shape.friction = kDefaultFriction;
    shape.restitution = kDefaultRestitution;
    body.shapes.push_back(std::move(shape));
    return body;
}

/// Strict validation that also refuses a changed vertex count.
phys::Result<phys::Polygon> makeExact(std::span<const phys::Vec2> points) {
    phys::Result<phys::Polygon> polygon = phys::Polygon::make(points, phys::PolygonCleanup::Strict);
    if (polygon && polygon->count() != static_cast<int>(points.size())) {
        return phys::Error{"two vertices would merge", -1};
    }
    return polygon;
}

} // namespace

phys::Vec2 snapToGrid(phys::Vec2 worldPoint, double step) {
    return {snapToStep(worldPoint.x, step), snapToStep(worldPoint.y, step)};
}

double snapToStep(double value, double step) {
    if (!(step > 0.0) || !std::isfinite(step)) {
        return value;
    }
    const double snapped = std::round(value / step) * step;
    return snapped == 0.0 ? 0.0 : snapped; // no -0
}

double snapAngle(double angle, double increment) {
    return snapToStep(angle, increment);
}

// Pseudocode (the rules are listed in the header):
//   n = |outline|
//   if n == kMax (kMaxDecomposeVertices when concave outlines are allowed): refuse
//   for each vertex v: if |next - v| < minSpacing: refuse (too close)
//   if n >= 2: d = distance of next from the line (p[n-2], p[n-1]); if d < minSpacing/3: refuse (collinear)
//              a fold-back (next behind p[n-1] along that line) is covered by the same test or by the
//              self-intersection test below
//   if n >= 3 and only convex outlines are allowed: s0 = sign cross(p1 - p0, p2 - p1); s = sign cross(p[n-1]
//   - p[n-2], next - p[n-1]);
//              if s != s0: refuse (non-convex)
//   for edges i = 0 .. n-3: if segment (p[n-1], next) touches (p[i], p[i+1]): refuse (self-intersecting)
QString outlineAppendError(std::span<const phys::Vec2> outline, phys::Vec2 next, double minSpacing,
                           bool allowConcave) {
    const std::size_t n = outline.size();
    const int limit = allowConcave ? phys::kMaxDecomposeVertices : phys::kMaxPolygonVertices;
    if (n >= static_cast<std::size_t>(limit)) {
        return QStringLiteral("An outline has at most %1 vertices: close it (Enter or double-click)")
            .arg(limit);
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (phys::distance(outline[i], next) < minSpacing) {
            return QStringLiteral("Too close to vertex %1").arg(i);
        }
    }
    if (n >= 2) {
        const phys::Vec2 a = outline[n - 2];
        const phys::Vec2 b = outline[n - 1];
        const phys::Vec2 edge = b - a;
        const double edgeLength = phys::length(edge);
        const double offLine = std::abs(phys::cross(edge, next - b)) / edgeLength;
        if (offLine < minSpacing / 3.0) {
            return QStringLiteral("In line with the last edge: the vertex would add nothing");
        }
    }
    if (n >= 3 && !allowConcave) {
        const int firstTurn = sign(phys::cross(outline[1] - outline[0], outline[2] - outline[1]));
        const int turn = sign(phys::cross(outline[n - 1] - outline[n - 2], next - outline[n - 1]));
        if (turn != firstTurn) {
            return QStringLiteral("Refused: the outline would turn the other way at vertex %1 (not convex)")
                .arg(n - 1);
        }
    }
    for (std::size_t i = 0; n >= 3 && i + 2 < n; ++i) {
        if (segmentsTouch(outline[n - 1], next, outline[i], outline[i + 1])) {
            return QStringLiteral("Refused: the new edge would cross edge %1 (self-intersecting)").arg(i);
        }
    }
    return {};
}

phys::Result<phys::BodyDef> polygonBody(std::span<const phys::Vec2> worldPoints, const std::string& name) {
    const phys::Result<phys::Polygon> world = makeExact(worldPoints);
    if (!world) {
        return world.error();
    }
    const phys::Vec2 centroid = world->centroid();
    std::vector<phys::Vec2> local;
    local.reserve(worldPoints.size());
    for (const phys::Vec2 p : world->vertices()) {
        local.push_back(p - centroid);
    }
    phys::Result<phys::Polygon> polygon = phys::Polygon::make(local, phys::PolygonCleanup::Repair);
    if (!polygon) {
        return polygon.error();
    }
    phys::ShapeDef shape;
    shape.geometry = std::move(polygon).value();
    return newBody(name, centroid, std::move(shape));
}

phys::Result<phys::BodyDef> piecesBody(std::span<const phys::Vec2> worldPoints, const std::string& name,
                                       phys::DecomposeTrace* trace) {
    // Area centroid of the simple outline (shoelace fan about the first point, to limit round-off); a
    // degenerate outline is left to decomposeConcave to report.
    phys::Vec2 centroid = worldPoints.empty() ? phys::Vec2{} : worldPoints[0];
    double twiceArea = 0.0;
    phys::Vec2 weighted;
    for (std::size_t i = 1; i + 1 < worldPoints.size(); ++i) {
        const phys::Vec2 e1 = worldPoints[i] - worldPoints[0], e2 = worldPoints[i + 1] - worldPoints[0];
        const double d = phys::cross(e1, e2);
        twiceArea += d;
        weighted += d * (e1 + e2);
    }
    if (std::abs(twiceArea) > 0.0 && std::isfinite(twiceArea)) {
        centroid = worldPoints[0] + weighted / (3.0 * twiceArea);
    }
    std::vector<phys::Vec2> local;
    local.reserve(worldPoints.size());
    for (const phys::Vec2 p : worldPoints) {
        local.push_back(p - centroid);
    }
    phys::Result<phys::Decomposition> pieces = phys::decomposeConcave(local, trace);
    if (!pieces) {
        return pieces.error();
    }
    phys::BodyDef body;
    for (phys::Polygon& piece : pieces.value().pieces) {
        phys::ShapeDef shape;
        shape.geometry = std::move(piece);
        if (body.shapes.empty()) {
            body = newBody(name, centroid, std::move(shape));
        } else {
            shape.density = kDefaultDensity;
            shape.friction = kDefaultFriction;
            shape.restitution = kDefaultRestitution;
            body.shapes.push_back(std::move(shape));
        }
    }
    return body;
}

phys::Result<phys::BodyDef> circleBody(phys::Vec2 worldCentre, double radius, const std::string& name) {
    const phys::Result<phys::Circle> circle = phys::Circle::make(phys::Vec2{}, radius);
    if (!circle) {
        return circle.error();
    }
    if (!phys::isFinite(worldCentre)) {
        return phys::Error{"circle centre is not a finite number"};
    }
    phys::ShapeDef shape;
    shape.geometry = circle.value();
    return newBody(name, worldCentre, std::move(shape));
}

std::vector<phys::Vec2> regularPolygonPoints(phys::Vec2 centre, phys::Vec2 firstVertex, int sides) {
    std::vector<phys::Vec2> points;
    if (sides < 3) {
        return points;
    }
    const phys::Vec2 r = firstVertex - centre;
    points.reserve(static_cast<std::size_t>(sides));
    for (int k = 0; k < sides; ++k) {
        points.push_back(centre + phys::rotate(phys::Rot(2.0 * phys::kPi * k / sides), r));
    }
    return points;
}

std::vector<phys::Vec2> rectanglePoints(phys::Vec2 a, phys::Vec2 b) {
    const phys::Vec2 lo = phys::minVec(a, b);
    const phys::Vec2 hi = phys::maxVec(a, b);
    return {lo, {hi.x, lo.y}, hi, {lo.x, hi.y}};
}

std::string uniqueName(const std::string& base, std::span<const std::string> existing) {
    for (int n = 1;; ++n) {
        std::string candidate = base + " " + std::to_string(n);
        if (std::find(existing.begin(), existing.end(), candidate) == existing.end()) {
            return candidate;
        }
    }
}

std::string regularPolygonName(int sides) {
    static const char* const kNames[] = {"triangle", "square",  "pentagon", "hexagon",
                                         "heptagon", "octagon", "nonagon",  "decagon"};
    if (sides >= 3 && sides <= 10) {
        return kNames[sides - 3];
    }
    return std::to_string(sides) + "-gon";
}

phys::Transform bodyTransform(const phys::BodyDef& body) {
    return {body.position, phys::Rot(body.angle)};
}

phys::Vec2 localCentreOfMass(const phys::BodyDef& body) {
    std::vector<phys::MassData> parts;
    std::vector<phys::MassData> unitParts;
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&](const auto& geometry) {
                parts.push_back(phys::computeMass(geometry, shape.density));
                unitParts.push_back(phys::computeMass(geometry, 1.0));
            },
            shape.geometry);
    }
    if (parts.empty()) {
        return {};
    }
    const phys::MassData mass = phys::combineMass(parts);
    if (mass.mass > 0.0 && phys::isFinite(mass.center)) {
        return mass.center;
    }
    return phys::combineMass(unitParts).center;
}

phys::Vec2 worldCentreOfMass(const phys::BodyDef& body) {
    return phys::transformPoint(bodyTransform(body), localCentreOfMass(body));
}

// The world centre of mass c_w = p + R(angle) c must stay fixed when the angle changes:
//   p' = c_w - R(newAngle) c
phys::Vec2 positionForAngleAboutCentre(const phys::BodyDef& body, double newAngle) {
    const phys::Vec2 local = localCentreOfMass(body);
    const phys::Vec2 world = phys::transformPoint(bodyTransform(body), local);
    return world - phys::rotate(phys::Rot(newAngle), local);
}

QPainterPath worldOutline(const phys::BodyDef& body) {
    const phys::Transform xf = bodyTransform(body);
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const phys::ShapeDef& shape : body.shapes) {
        std::visit(
            [&](const auto& geometry) {
                using T = std::decay_t<decltype(geometry)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    const phys::Vec2 c = phys::transformPoint(xf, geometry.center);
                    path.addEllipse(QPointF(c.x, c.y), geometry.radius, geometry.radius);
                } else {
                    QPolygonF polygon;
                    for (const phys::Vec2 v : geometry.vertices()) {
                        const phys::Vec2 w = phys::transformPoint(xf, v);
                        polygon << QPointF(w.x, w.y);
                    }
                    if (!polygon.isEmpty()) {
                        polygon << polygon.front();
                    }
                    path.addPolygon(polygon);
                }
            },
            shape.geometry);
    }
    return path;
}

phys::Result<phys::Polygon> polygonWithMovedVertex(const phys::Polygon& polygon, int vertex,
                                                   phys::Vec2 localPoint) {
    std::vector<phys::Vec2> points(polygon.vertices().begin(), polygon.vertices().end());
    if (vertex < 0 || vertex >= static_cast<int>(points.size())) {
        return phys::Error{"no such vertex", vertex};
    }
    points[static_cast<std::size_t>(vertex)] = localPoint;
    return makeExact(points);
}

phys::Result<phys::Polygon> polygonWithInsertedVertex(const phys::Polygon& polygon, int afterVertex,
                                                      phys::Vec2 localPoint) {
    std::vector<phys::Vec2> points(polygon.vertices().begin(), polygon.vertices().end());
    if (afterVertex < 0 || afterVertex >= static_cast<int>(points.size())) {
        return phys::Error{"no such vertex", afterVertex};
    }
    if (points.size() >= static_cast<std::size_t>(phys::kMaxPolygonVertices)) {
        return phys::Error{"a polygon has at most " + std::to_string(phys::kMaxPolygonVertices) + " vertices",
                           -1};
    }
    points.insert(points.begin() + afterVertex + 1, localPoint);
    return makeExact(points);
}

phys::Result<phys::Polygon> polygonWithoutVertex(const phys::Polygon& polygon, int vertex) {
    std::vector<phys::Vec2> points(polygon.vertices().begin(), polygon.vertices().end());
    if (vertex < 0 || vertex >= static_cast<int>(points.size())) {
        return phys::Error{"no such vertex", vertex};
    }
    if (points.size() <= 3) {
        return phys::Error{"a polygon needs at least 3 vertices", vertex};
    }
    points.erase(points.begin() + vertex);
    return makeExact(points);
}

double distanceToSegment(phys::Vec2 p, phys::Vec2 a, phys::Vec2 b, double* t) {
    const phys::Vec2 ab = b - a;
    const double lengthSq = phys::lengthSquared(ab);
    double s = lengthSq > 0.0 ? phys::dot(p - a, ab) / lengthSq : 0.0;
    s = std::clamp(s, 0.0, 1.0);
    if (t) {
        *t = s;
    }
    return phys::distance(p, a + s * ab);
}

QString errorText(const phys::Error& error) {
    QString text = QString::fromStdString(error.message);
    if (!text.isEmpty()) {
        text[0] = text[0].toUpper();
    }
    if (error.index >= 0) {
        text += QStringLiteral(" (vertex %1)").arg(error.index);
    }
    return text;
}

} // namespace cl::toolgeom
