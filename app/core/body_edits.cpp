/// @file body_edits.cpp

#include "body_edits.h"

#include <string>
#include <vector>

namespace cl {

namespace {

/// The polygon of shape `shape`, or null when there is no such polygon shape.
const phys::Polygon* polygonOf(const phys::BodyDef& body, int shape) {
    if (shape < 0 || static_cast<std::size_t>(shape) >= body.shapes.size()) {
        return nullptr;
    }
    return std::get_if<phys::Polygon>(&body.shapes[static_cast<std::size_t>(shape)].geometry);
}

EditError noPolygon(int shape) {
    return {QStringLiteral("shapes[%1]").arg(shape), QStringLiteral("is not a polygon shape of this body")};
}

QString vertexField(int shape, int vertex) {
    return QStringLiteral("shapes[%1].vertices[%2]").arg(shape).arg(vertex);
}

} // namespace

QString shapeField(int shape, const char* field) {
    return QStringLiteral("shapes[%1].%2").arg(shape).arg(QLatin1String(field));
}

std::optional<EditError> checkBody(const phys::BodyDef& body) {
    if (const auto error = phys::validate(body, std::string())) {
        QString path = QString::fromStdString(error->path);
        if (path.startsWith(QLatin1Char('.'))) {
            path.remove(0, 1); // validate() prefixes member paths of an empty parent path with a dot
        }
        return EditError{path, QString::fromStdString(error->message)};
    }
    return std::nullopt;
}

BodyEditResult checked(phys::BodyDef body) {
    if (auto error = checkBody(body)) {
        return *error;
    }
    return body;
}

// Vertex edits:
//   polygon = Polygon::make(vertices, Repair)     (reverses a clockwise outline, rejects non-convex ones)
//   if it failed: refuse, naming the vertex it reports
//   if it has fewer vertices than given: a vertex merged with a neighbour or fell on a line: refuse
//   replace the shape's geometry, then validate the whole body (world bounds)
BodyEditResult withVertices(const phys::BodyDef& body, int shape, const std::vector<phys::Vec2>& vertices) {
    if (!polygonOf(body, shape)) {
        return noPolygon(shape);
    }
    const int count = static_cast<int>(vertices.size());
    for (int i = 0; i < count; ++i) {
        if (!phys::isFinite(vertices[static_cast<std::size_t>(i)])) {
            return EditError{vertexField(shape, i), QStringLiteral("must hold finite numbers")};
        }
    }
    if (count < 3) {
        return EditError{QStringLiteral("shapes[%1].vertices").arg(shape),
                         QStringLiteral("a polygon needs at least 3 vertices")};
    }
    if (count > phys::kMaxPolygonVertices) {
        return EditError{QStringLiteral("shapes[%1].vertices").arg(shape),
                         QStringLiteral("a polygon has at most %1 vertices").arg(phys::kMaxPolygonVertices)};
    }
    auto polygon = phys::Polygon::make(vertices, phys::PolygonCleanup::Repair);
    if (!polygon) {
        const int index = polygon.error().index;
        return EditError{index >= 0 ? vertexField(shape, index)
                                    : QStringLiteral("shapes[%1].vertices").arg(shape),
                         QString::fromStdString(polygon.error().message)};
    }
    if (polygon->count() != count) {
        return EditError{QStringLiteral("shapes[%1].vertices").arg(shape),
                         QStringLiteral("a vertex would repeat a neighbour or lie on the line through its "
                                        "neighbours")};
    }
    phys::BodyDef edited = body;
    edited.shapes[static_cast<std::size_t>(shape)].geometry = *polygon;
    return checked(std::move(edited));
}

BodyEditResult withVertexMoved(const phys::BodyDef& body, int shape, int vertex, phys::Vec2 localPoint) {
    const phys::Polygon* polygon = polygonOf(body, shape);
    if (!polygon) {
        return noPolygon(shape);
    }
    if (vertex < 0 || vertex >= polygon->count()) {
        return EditError{vertexField(shape, vertex), QStringLiteral("no such vertex")};
    }
    std::vector<phys::Vec2> vertices(polygon->vertices().begin(), polygon->vertices().end());
    vertices[static_cast<std::size_t>(vertex)] = localPoint;
    auto result = withVertices(body, shape, vertices);
    if (auto* error = std::get_if<EditError>(&result);
        error && error->field.endsWith(QLatin1String(".vertices"))) {
        // A whole-outline complaint is about the vertex that moved.
        error->field = vertexField(shape, vertex);
    }
    return result;
}

BodyEditResult withVertexInserted(const phys::BodyDef& body, int shape, int afterVertex,
                                  phys::Vec2 localPoint) {
    const phys::Polygon* polygon = polygonOf(body, shape);
    if (!polygon) {
        return noPolygon(shape);
    }
    if (afterVertex < 0 || afterVertex >= polygon->count()) {
        return EditError{vertexField(shape, afterVertex), QStringLiteral("no such vertex")};
    }
    std::vector<phys::Vec2> vertices(polygon->vertices().begin(), polygon->vertices().end());
    vertices.insert(vertices.begin() + afterVertex + 1, localPoint);
    return withVertices(body, shape, vertices);
}

BodyEditResult withVertexRemoved(const phys::BodyDef& body, int shape, int vertex) {
    const phys::Polygon* polygon = polygonOf(body, shape);
    if (!polygon) {
        return noPolygon(shape);
    }
    if (vertex < 0 || vertex >= polygon->count()) {
        return EditError{vertexField(shape, vertex), QStringLiteral("no such vertex")};
    }
    if (polygon->count() <= 3) {
        return EditError{vertexField(shape, vertex), QStringLiteral("a polygon needs at least 3 vertices")};
    }
    std::vector<phys::Vec2> vertices(polygon->vertices().begin(), polygon->vertices().end());
    vertices.erase(vertices.begin() + vertex);
    return withVertices(body, shape, vertices);
}

} // namespace cl
