/// @file scene_io.cpp
/// Reading and writing the scene file (design.md section 3).
///
/// Reading is two layers: QJsonDocument does the JSON syntax (it refuses numbers that overflow a double, NaN
/// and Infinity tokens, and documents nested deeper than 1024 levels, each with a byte offset), then this
/// file checks the structure (types, required keys, array sizes before anything big is built) and hands the
/// result to phys::validate for the semantic rules. Every error names the JSON path of the offending value.
///
/// Writing does not go through QJsonObject, which sorts keys alphabetically: a small writer emits the keys in
/// the documented order and each double in its shortest round-trip form (QLocale::FloatingPointShortest), so
/// load -> save -> load gives bit-identical values.

#include "scene_io.h"

#include "json_read.h"

#include "physics/defs.h"
#include "physics/shape.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QSaveFile>
#include <QStringDecoder>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>
#include <vector>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace cl {

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Reading

using namespace json; // member, element, describe, fail, wrongType, toObject, ReadFailure

QString typeName(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Array:
        return QStringLiteral("an array of %1").arg(value.toArray().size());
    default:
        return describe(value);
    }
}

double toNumber(const QJsonValue& value, const QString& path) {
    if (!value.isDouble()) {
        wrongType(path, "a number", value);
    }
    // QJsonDocument never yields a non-finite number (it refuses 1e400, NaN and Infinity), but a QJsonValue
    // built in code may hold one.
    const double d = value.toDouble();
    if (!std::isfinite(d)) {
        fail(path, QStringLiteral("expected a finite number"));
    }
    return d;
}

phys::Vec2 toVec2(const QJsonValue& value, const QString& path) {
    if (!value.isArray() || value.toArray().size() != 2) {
        fail(path, QStringLiteral("expected [x, y] (an array of 2 numbers), got %1").arg(typeName(value)));
    }
    const QJsonArray array = value.toArray();
    return {toNumber(array.at(0), element(path, 0)), toNumber(array.at(1), element(path, 1))};
}

/// Reads optional `key` of `object`; a missing key leaves `out` at its default.
void readNumber(const QJsonObject& object, const QString& path, const QString& key, double& out) {
    const auto it = object.constFind(key);
    if (it != object.constEnd()) {
        out = toNumber(*it, member(path, key));
    }
}

void readVec2(const QJsonObject& object, const QString& path, const QString& key, phys::Vec2& out) {
    const auto it = object.constFind(key);
    if (it != object.constEnd()) {
        out = toVec2(*it, member(path, key));
    }
}

void readBool(const QJsonObject& object, const QString& path, const QString& key, bool& out) {
    const auto it = object.constFind(key);
    if (it != object.constEnd()) {
        if (!it->isBool()) {
            wrongType(member(path, key), "true or false", *it);
        }
        out = it->toBool();
    }
}

int toInt(const QJsonValue& value, const QString& path) {
    const double d = toNumber(value, path);
    if (d != std::floor(d) || d < std::numeric_limits<int>::min() || d > std::numeric_limits<int>::max()) {
        fail(path, QStringLiteral("expected an integer, got %1").arg(describe(value)));
    }
    return static_cast<int>(d);
}

void readInt(const QJsonObject& object, const QString& path, const QString& key, int& out) {
    const auto it = object.constFind(key);
    if (it != object.constEnd()) {
        out = toInt(*it, member(path, key));
    }
}

/// Reads a substep count: an integer, or "auto" for automatic substeps (an empty count: defs.h
/// WorldSettings::substeps). Files before issue 17's automatic substeps hold an integer, which stays that
/// explicit count.
void readSubsteps(const QJsonObject& object, const QString& path, const QString& key,
                  std::optional<int>& out) {
    const auto it = object.constFind(key);
    if (it == object.constEnd()) {
        return;
    }
    if (it->isString()) {
        if (it->toString() != QLatin1String("auto")) {
            fail(member(path, key),
                 QStringLiteral("expected an integer or \"auto\", got %1").arg(describe(*it)));
        }
        out.reset();
        return;
    }
    if (!it->isDouble()) {
        wrongType(member(path, key), "an integer or \"auto\"", *it);
    }
    out = toInt(*it, member(path, key));
}

/// Reads an enum given by its file string, with `parse` one of the phys::parseXxx functions.
template <class E, class Parse>
void readEnum(const QJsonObject& object, const QString& path, const QString& key, E& out, Parse parse,
              const char* choices) {
    const auto it = object.constFind(key);
    if (it == object.constEnd()) {
        return;
    }
    const QString keyPath = member(path, key);
    if (!it->isString()) {
        wrongType(keyPath, "a string", *it);
    }
    const auto parsed = parse(it->toString().toStdString());
    if (!parsed) {
        fail(
            keyPath,
            QStringLiteral("unknown value \"%1\" (expected %2)").arg(it->toString(), QLatin1String(choices)));
    }
    out = *parsed;
}

QJsonValue required(const QJsonObject& object, const QString& path, const QString& key) {
    const auto it = object.constFind(key);
    if (it == object.constEnd()) {
        fail(member(path, key), QStringLiteral("missing (this key is required)"));
    }
    return *it;
}

QJsonArray requiredArray(const QJsonObject& object, const QString& path, const QString& key) {
    const QJsonValue value = required(object, path, key);
    if (!value.isArray()) {
        wrongType(member(path, key), "an array", value);
    }
    return value.toArray();
}

void throwIfInvalid(const std::optional<phys::DefError>& error) {
    if (error) {
        fail(QString::fromStdString(error->path), QString::fromStdString(error->message));
    }
}

phys::Polygon readPolygon(const QJsonObject& object, const QString& path) {
    const QString verticesPath = member(path, QStringLiteral("vertices"));
    const QJsonArray vertices = requiredArray(object, path, QStringLiteral("vertices"));
    // Count first: a million vertices must fail here, before anything is built or compared.
    const qsizetype n = vertices.size();
    if (n < 3) {
        fail(verticesPath, QStringLiteral("a polygon needs at least 3 vertices (got %1)").arg(n));
    }
    if (n > phys::kMaxPolygonVertices) {
        fail(verticesPath,
             QStringLiteral("too many vertices (%1, at most %2)").arg(n).arg(phys::kMaxPolygonVertices));
    }
    std::vector<phys::Vec2> points;
    points.reserve(static_cast<std::size_t>(n));
    for (qsizetype k = 0; k < n; ++k) {
        const QString vertexPath = element(verticesPath, k);
        const phys::Vec2 p = toVec2(vertices.at(k), vertexPath);
        if (std::abs(p.x) > phys::kMaxWorldCoordinate || std::abs(p.y) > phys::kMaxWorldCoordinate) {
            fail(vertexPath, QStringLiteral("[%1, %2] is beyond the limit of +-%3 m")
                                 .arg(p.x)
                                 .arg(p.y)
                                 .arg(phys::kMaxWorldCoordinate));
        }
        points.push_back(p);
    }
    auto polygon = phys::Polygon::make(points, phys::PolygonCleanup::Strict);
    if (!polygon) {
        const int k = polygon.error().index;
        fail(k >= 0 && k < n ? element(verticesPath, k) : verticesPath,
             QString::fromStdString(polygon.error().message));
    }
    return polygon.value();
}

phys::Circle readCircle(const QJsonObject& object, const QString& path) {
    phys::Vec2 center;
    readVec2(object, path, QStringLiteral("center"), center);
    const QString radiusPath = member(path, QStringLiteral("radius"));
    const double radius = toNumber(required(object, path, QStringLiteral("radius")), radiusPath);
    if (!(radius > 0.0)) {
        fail(radiusPath, QStringLiteral("must be > 0 (got %1)").arg(radius));
    }
    auto circle = phys::Circle::make(center, radius);
    if (!circle) {
        fail(path, QString::fromStdString(circle.error().message));
    }
    return circle.value();
}

phys::ShapeDef readShape(const QJsonValue& value, const QString& path) {
    const QJsonObject object = toObject(value, path);
    const QString typePath = member(path, QStringLiteral("type"));
    const QJsonValue type = required(object, path, QStringLiteral("type"));
    if (!type.isString()) {
        wrongType(typePath, "a string", type);
    }
    phys::ShapeDef def;
    if (type.toString() == QLatin1String("polygon")) {
        def.geometry = readPolygon(object, path);
    } else if (type.toString() == QLatin1String("circle")) {
        def.geometry = readCircle(object, path);
    } else {
        fail(typePath, QStringLiteral("unknown shape type \"%1\" (expected \"polygon\" or \"circle\")")
                           .arg(type.toString()));
    }
    readNumber(object, path, QStringLiteral("density"), def.density);
    readNumber(object, path, QStringLiteral("friction"), def.friction);
    readNumber(object, path, QStringLiteral("restitution"), def.restitution);
    return def;
}

phys::BodyDef readBody(const QJsonValue& value, const QString& path) {
    const QJsonObject object = toObject(value, path);
    phys::BodyDef def;
    if (const auto it = object.constFind(QLatin1String("name")); it != object.constEnd()) {
        if (!it->isString()) {
            wrongType(member(path, QStringLiteral("name")), "a string", *it);
        }
        def.name = it->toString().toStdString();
    }
    readEnum(object, path, QStringLiteral("type"), def.type, phys::parseBodyType,
             "\"static\", \"dynamic\" or \"kinematic\"");
    readVec2(object, path, QStringLiteral("position"), def.position);
    readNumber(object, path, QStringLiteral("angle"), def.angle);
    readVec2(object, path, QStringLiteral("linearVelocity"), def.linearVelocity);
    readNumber(object, path, QStringLiteral("angularVelocity"), def.angularVelocity);
    readBool(object, path, QStringLiteral("bullet"), def.bullet);

    const QString shapesPath = member(path, QStringLiteral("shapes"));
    const QJsonArray shapes = requiredArray(object, path, QStringLiteral("shapes"));
    if (shapes.isEmpty()) {
        fail(shapesPath, QStringLiteral("a body needs at least one shape"));
    }
    if (shapes.size() > phys::kMaxShapesPerBody) {
        fail(shapesPath, QStringLiteral("too many shapes (%1, at most %2)")
                             .arg(shapes.size())
                             .arg(phys::kMaxShapesPerBody));
    }
    def.shapes.reserve(static_cast<std::size_t>(shapes.size()));
    for (qsizetype j = 0; j < shapes.size(); ++j) {
        def.shapes.push_back(readShape(shapes.at(j), element(shapesPath, j)));
    }
    throwIfInvalid(phys::validate(def, path.toStdString()));
    return def;
}

/// The keys of a scene file's "settings" object (readSettingsOver reads each of them).
const char* const kSettingsKeys[] = {
    "gravity",
    "timeStep",
    "solver",
    "response",
    "contactMethod",
    "iterations",
    "substeps",
    "sleep",
    "continuous",
    "linearDamping",
    "angularDamping",
    "clampedDrag",
    "positionCorrection",
    "relaxIterations",
    "warmStarting",
    "baumgarteFactor",
    "allowedPenetration",
    "restitutionThreshold",
    "contactHertz",
    "contactDampingRatio",
    "maxPushVelocity",
    "verletResponse",
    "recycleContacts",
};

/// The settings object at `path`, its keys applied over `base` (a key it does not hold keeps base's value).
phys::WorldSettings readSettingsOver(const QJsonValue& value, const QString& path, phys::WorldSettings base) {
    const QJsonObject object = toObject(value, path);
    phys::WorldSettings& s = base;
    readVec2(object, path, QStringLiteral("gravity"), s.gravity);
    readNumber(object, path, QStringLiteral("timeStep"), s.timeStep);
    readEnum(object, path, QStringLiteral("solver"), s.solver, phys::parseSolverKind,
             "\"impulse\" or \"verlet\"");
    readEnum(object, path, QStringLiteral("response"), s.response, phys::parseResponseKind,
             "\"impulses\" or \"push-out\"");
    readEnum(object, path, QStringLiteral("contactMethod"), s.contactMethod, phys::parseContactMethod,
             "\"clipping\", \"deepest-vertices\" or \"vertex-edge\"");
    readInt(object, path, QStringLiteral("iterations"), s.iterations);
    readSubsteps(object, path, QStringLiteral("substeps"), s.substeps);
    readBool(object, path, QStringLiteral("sleep"), s.sleep);
    readBool(object, path, QStringLiteral("continuous"), s.continuous);
    readNumber(object, path, QStringLiteral("linearDamping"), s.linearDamping);
    // Solver tuning beyond design.md's contract (all optional; written only when not the default).
    readNumber(object, path, QStringLiteral("angularDamping"), s.angularDamping);
    readBool(object, path, QStringLiteral("clampedDrag"), s.clampedDrag);
    readEnum(object, path, QStringLiteral("positionCorrection"), s.positionCorrection,
             phys::parsePositionCorrection, "\"soft-step\" or \"baumgarte\"");
    readInt(object, path, QStringLiteral("relaxIterations"), s.relaxIterations);
    readBool(object, path, QStringLiteral("warmStarting"), s.warmStarting);
    readNumber(object, path, QStringLiteral("baumgarteFactor"), s.baumgarteFactor);
    readNumber(object, path, QStringLiteral("allowedPenetration"), s.allowedPenetration);
    readNumber(object, path, QStringLiteral("restitutionThreshold"), s.restitutionThreshold);
    readNumber(object, path, QStringLiteral("contactHertz"), s.contactHertz);
    readNumber(object, path, QStringLiteral("contactDampingRatio"), s.contactDampingRatio);
    readNumber(object, path, QStringLiteral("maxPushVelocity"), s.maxPushVelocity);
    readEnum(object, path, QStringLiteral("verletResponse"), s.verletResponse, phys::parseVerletResponse,
             "\"rigid\" or \"article\"");
    readBool(object, path, QStringLiteral("recycleContacts"), s.recycleContacts);
    throwIfInvalid(phys::validate(s, path.toStdString()));
    return s;
}

phys::WorldSettings readSettings(const QJsonValue& value, const QString& path) {
    return readSettingsOver(value, path, phys::WorldSettings{});
}

const QLatin1String kFormatKey("format");
const QLatin1String kVersionKey("version");
const QLatin1String kSettingsKey("settings");
const QLatin1String kBodiesKey("bodies");
const QLatin1String kFormatName("contactlab-scene");
constexpr int kFormatVersion = 1;

Scene readScene(const QJsonObject& root) {
    const QJsonValue format = required(root, {}, kFormatKey);
    if (!format.isString() || format.toString() != kFormatName) {
        fail(kFormatKey,
             QStringLiteral("expected \"%1\", got %2")
                 .arg(kFormatName, format.isString() ? u'"' + format.toString() + u'"' : describe(format)));
    }
    const QJsonValue version = required(root, {}, kVersionKey);
    if (!version.isDouble() || version.toDouble() != kFormatVersion) {
        fail(kVersionKey, QStringLiteral("unsupported version (got %1; this program reads version %2)")
                              .arg(describe(version))
                              .arg(kFormatVersion));
    }

    Scene scene;
    if (const auto it = root.constFind(kSettingsKey); it != root.constEnd()) {
        scene.def.settings = readSettings(*it, kSettingsKey);
    }
    const QJsonArray bodies = requiredArray(root, {}, kBodiesKey);
    if (bodies.size() > phys::kMaxBodies) {
        fail(kBodiesKey,
             QStringLiteral("too many bodies (%1, at most %2)").arg(bodies.size()).arg(phys::kMaxBodies));
    }
    scene.def.bodies.reserve(static_cast<std::size_t>(bodies.size()));
    for (qsizetype i = 0; i < bodies.size(); ++i) {
        scene.def.bodies.push_back(readBody(bodies.at(i), element(kBodiesKey, i)));
    }
    // Belt and braces: the whole scene once more, as the engine will see it.
    throwIfInvalid(phys::validate(scene.def));

    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        if (it.key() != kFormatKey && it.key() != kVersionKey && it.key() != kSettingsKey &&
            it.key() != kBodiesKey) {
            scene.unknownTopLevel.insert(it.key(), it.value());
        }
    }
    return scene;
}

/// 1-based line and column of a byte offset, for parse error messages.
QString lineColumn(const QByteArray& text, qsizetype offset) {
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    qsizetype line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(offset - lineStart + 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/// A body name (UTF-8 in the engine) as a QString, a leading U+FEFF kept: QString::fromStdString drops it
/// as a byte-order mark, so a name starting with one would be saved one character short.
QString exactFromUtf8(const std::string& text) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())));
}

/// Emits JSON text with a fixed key order. Indentation is two spaces; short arrays of numbers stay on one
/// line.
class Writer {
public:
    QByteArray take() { return std::move(m_out); }

    void raw(const char* text) { m_out.append(text); }
    void newline(int level) {
        m_out.append('\n');
        m_out.append(QByteArray(2 * level, ' '));
    }
    void key(const QString& name) {
        string(name);
        m_out.append(": ");
    }
    /// Shortest text that reads back as the same double. JSON has no inf/NaN: they are written as null, which
    /// the reader then refuses with a message naming the place (validated scenes never hold them).
    void number(double v) {
        if (!std::isfinite(v)) {
            m_out.append("null");
            return;
        }
        m_out.append(QByteArray::number(v, 'g', QLocale::FloatingPointShortest));
    }
    void integer(int v) { m_out.append(QByteArray::number(v)); }
    void boolean(bool v) { m_out.append(v ? "true" : "false"); }
    void vec2(phys::Vec2 v) {
        m_out.append('[');
        number(v.x);
        m_out.append(", ");
        number(v.y);
        m_out.append(']');
    }
    /// A JSON string with Qt's escaping (quotes, backslashes, control characters), UTF-8, except U+FEFF,
    /// which is written as the escape \ufeff. Qt 6.4's reader drops a U+FEFF written as raw UTF-8 bytes
    /// (EF BB BF) when it opens a string, taking it for a byte-order mark: a key or name starting with one
    /// loaded back one character short (found by fuzz_scene_loader). Qt writes it raw, so the writer
    /// escapes it everywhere; EF BB BF can only be U+FEFF in UTF-8, so a byte replacement is exact.
    void string(const QString& s) {
        QByteArray wrapped = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
        wrapped = wrapped.mid(1, wrapped.size() - 2);
        wrapped.replace("\xEF\xBB\xBF", "\\ufeff");
        m_out.append(wrapped);
    }
    /// Any JSON value (the unknown keys kept from the file), objects with Qt's (sorted) key order.
    void value(const QJsonValue& v, int level) {
        switch (v.type()) {
        case QJsonValue::Bool:
            boolean(v.toBool());
            break;
        case QJsonValue::Double: {
            // Qt keeps a whole number that fits 64 bits as an integer, and compares it as one: a kept
            // -222222222222222221 written through a double came back as ...224, a different value (found by
            // fuzz_scene_loader). Such a number is written as the integer it holds.
            const QVariant held = v.toVariant();
            if (held.typeId() == QMetaType::LongLong) {
                m_out.append(QByteArray::number(held.toLongLong()));
            } else {
                number(v.toDouble());
            }
            break;
        }
        case QJsonValue::String:
            string(v.toString());
            break;
        case QJsonValue::Array: {
            const QJsonArray array = v.toArray();
            if (array.isEmpty()) {
                raw("[]");
                break;
            }
            raw("[");
            for (qsizetype i = 0; i < array.size(); ++i) {
                newline(level + 1);
                value(array.at(i), level + 1);
                if (i + 1 < array.size()) {
                    raw(",");
                }
            }
            newline(level);
            raw("]");
            break;
        }
        case QJsonValue::Object: {
            const QJsonObject object = v.toObject();
            if (object.isEmpty()) {
                raw("{}");
                break;
            }
            raw("{");
            for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
                if (it != object.constBegin()) {
                    raw(",");
                }
                newline(level + 1);
                key(it.key());
                value(it.value(), level + 1);
            }
            newline(level);
            raw("}");
            break;
        }
        case QJsonValue::Null:
        case QJsonValue::Undefined:
            raw("null");
            break;
        }
    }

private:
    QByteArray m_out;
};

/// Writes `"key": ` on a new line at `level`, preceded by a comma unless it is the first member.
struct Members {
    Writer& w;
    int level;
    bool first = true;
    void next(const char* name) {
        if (!first) {
            w.raw(",");
        }
        first = false;
        w.newline(level);
        w.key(QLatin1String(name));
    }
};

void writeShape(Writer& w, const phys::ShapeDef& shape, int level) {
    w.raw("{");
    Members m{w, level + 1};
    if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
        m.next("type");
        w.string(QStringLiteral("circle"));
        m.next("center");
        w.vec2(circle->center);
        m.next("radius");
        w.number(circle->radius);
    } else {
        const auto& polygon = std::get<phys::Polygon>(shape.geometry);
        m.next("type");
        w.string(QStringLiteral("polygon"));
        m.next("vertices");
        w.raw("[");
        for (int k = 0; k < polygon.count(); ++k) {
            if (k > 0) {
                w.raw(", ");
            }
            w.vec2(polygon.vertex(k));
        }
        w.raw("]");
    }
    m.next("density");
    w.number(shape.density);
    m.next("friction");
    w.number(shape.friction);
    m.next("restitution");
    w.number(shape.restitution);
    w.newline(level);
    w.raw("}");
}

void writeBody(Writer& w, const phys::BodyDef& body, int level) {
    w.raw("{");
    Members m{w, level + 1};
    m.next("name");
    w.string(exactFromUtf8(body.name));
    m.next("type");
    w.string(QLatin1String(phys::toString(body.type)));
    m.next("position");
    w.vec2(body.position);
    m.next("angle");
    w.number(body.angle);
    m.next("linearVelocity");
    w.vec2(body.linearVelocity);
    m.next("angularVelocity");
    w.number(body.angularVelocity);
    m.next("bullet");
    w.boolean(body.bullet);
    m.next("shapes");
    w.raw("[");
    for (std::size_t j = 0; j < body.shapes.size(); ++j) {
        if (j > 0) {
            w.raw(",");
        }
        w.newline(level + 2);
        writeShape(w, body.shapes[j], level + 2);
    }
    if (!body.shapes.empty()) {
        w.newline(level + 1);
    }
    w.raw("]");
    w.newline(level);
    w.raw("}");
}

void writeSettings(Writer& w, const phys::WorldSettings& s, int level) {
    w.raw("{");
    Members m{w, level + 1};
    m.next("gravity");
    w.vec2(s.gravity);
    m.next("timeStep");
    w.number(s.timeStep);
    m.next("solver");
    w.string(QLatin1String(phys::toString(s.solver)));
    m.next("response");
    w.string(QLatin1String(phys::toString(s.response)));
    m.next("contactMethod");
    w.string(QLatin1String(phys::toString(s.contactMethod)));
    m.next("iterations");
    w.integer(s.iterations);
    m.next("substeps");
    if (s.substeps) {
        w.integer(*s.substeps);
    } else {
        w.string(QLatin1String("auto"));
    }
    m.next("sleep");
    w.boolean(s.sleep);
    m.next("continuous");
    w.boolean(s.continuous);
    m.next("linearDamping");
    w.number(s.linearDamping);
    // The tuning keys only when they differ from the defaults, so ordinary files stay as design.md shows
    // them.
    const phys::WorldSettings d;
    auto number = [&](const char* key, double value, double def) {
        if (value != def) {
            m.next(key);
            w.number(value);
        }
    };
    auto boolean = [&](const char* key, bool value, bool def) {
        if (value != def) {
            m.next(key);
            w.boolean(value);
        }
    };
    number("angularDamping", s.angularDamping, d.angularDamping);
    boolean("clampedDrag", s.clampedDrag, d.clampedDrag);
    if (s.positionCorrection != d.positionCorrection) {
        m.next("positionCorrection");
        w.string(QLatin1String(phys::toString(s.positionCorrection)));
    }
    if (s.relaxIterations != d.relaxIterations) {
        m.next("relaxIterations");
        w.integer(s.relaxIterations);
    }
    boolean("warmStarting", s.warmStarting, d.warmStarting);
    number("baumgarteFactor", s.baumgarteFactor, d.baumgarteFactor);
    number("allowedPenetration", s.allowedPenetration, d.allowedPenetration);
    number("restitutionThreshold", s.restitutionThreshold, d.restitutionThreshold);
    number("contactHertz", s.contactHertz, d.contactHertz);
    number("contactDampingRatio", s.contactDampingRatio, d.contactDampingRatio);
    number("maxPushVelocity", s.maxPushVelocity, d.maxPushVelocity);
    if (s.verletResponse != d.verletResponse) {
        m.next("verletResponse");
        w.string(QLatin1String(phys::toString(s.verletResponse)));
    }
    boolean("recycleContacts", s.recycleContacts, d.recycleContacts);
    w.newline(level);
    w.raw("}");
}

} // namespace

/*
 * parseScene (format: design.md section 3)
 *
 *   refuse more than kMaxSceneFileBytes; refuse an empty file
 *   QJsonDocument::fromJson            -> syntax error: Qt's message, byte offset, line and column
 *   raw U+FEFF past the leading mark   -> read again with them escaped (Qt drops one that opens a string)
 *   top level must be an object; "format" == "contactlab-scene"; "version" == 1
 *   "settings" (optional): every key optional and typed; validate(settings)
 *   "bodies": count <= kMaxBodies before reading any; for each body, in file order:
 *       typed optional keys; "shapes": 1..kMaxShapesPerBody, counted before reading any; for each shape:
 *           polygon: vertex count 3..kMaxPolygonVertices first (O(1) for a million vertices), each [x, y]
 * within kMaxWorldCoordinate, then Polygon::make(Strict); its Error.index -> "vertices[k]" circle:  "center"
 * optional, "radius" required and > 0, then Circle::make validate(body)                 -> the first error in
 * file order wins validate(scene) once more, as the engine will see it; keep the unknown top-level keys
 */
std::variant<Scene, SceneError> parseScene(const QByteArray& json) {
    if (json.size() > kMaxSceneFileBytes) {
        return SceneError{{},
                          QStringLiteral("file is too large (%1 bytes, at most %2)")
                              .arg(json.size())
                              .arg(kMaxSceneFileBytes)};
    }
    if (json.trimmed().isEmpty()) {
        return SceneError{{}, QStringLiteral("the file is empty")};
    }
    QJsonParseError parseError;
    QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    // Qt 6.4 drops a U+FEFF written as raw UTF-8 (EF BB BF) when it opens a JSON string, taking it for a
    // byte-order mark, so a key or name starting with one would load one character short. A text Qt has
    // accepted holds EF BB BF only inside strings (elsewhere Qt refuses it) or as the file's leading mark, so
    // reading it again with the later ones written as the escape \ufeff gives the strings as the file has
    // them. Error messages come from the first read, whose offsets are the file's.
    static const QByteArray kRawBom("\xEF\xBB\xBF");
    const qsizetype firstBom = json.indexOf(kRawBom, json.startsWith(kRawBom) ? kRawBom.size() : 0);
    if (parseError.error == QJsonParseError::NoError && firstBom >= 0) {
        QByteArray escaped = json.left(firstBom);
        escaped.append(json.mid(firstBom).replace(kRawBom, QByteArrayLiteral("\\ufeff")));
        QJsonParseError again;
        QJsonDocument exact = QJsonDocument::fromJson(escaped, &again);
        if (again.error == QJsonParseError::NoError) {
            document = std::move(exact);
        }
    }
    if (parseError.error != QJsonParseError::NoError) {
        return SceneError{
            {},
            QStringLiteral("not valid JSON: %1 at byte offset %2 (%3)")
                    .arg(parseError.errorString())
                    .arg(parseError.offset)
                    .arg(lineColumn(json, parseError.offset)) +
                (parseError.error == QJsonParseError::IllegalNumber
                     ? QStringLiteral("; numbers must be finite doubles: no NaN or Infinity, and "
                                      "nothing that overflows or underflows a double")
                     : QString()) +
                (json.trimmed().startsWith('{') || json.trimmed().startsWith("\xEF\xBB\xBF{")
                     ? QString()
                     : QStringLiteral("; a scene file is a JSON object starting with '{'"))};
    }
    if (!document.isObject()) {
        return SceneError{{}, QStringLiteral("the top level must be a JSON object, got an array")};
    }
    try {
        return readScene(document.object());
    } catch (const ReadFailure& failure) {
        return SceneError{failure.path, failure.message};
    } catch (const std::bad_alloc&) {
        return SceneError{{}, QStringLiteral("out of memory while reading the scene")};
    }
}

std::variant<phys::WorldSettings, SceneError> parseSettingsOver(const QByteArray& json,
                                                                const phys::WorldSettings& base) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return SceneError{{},
                          QStringLiteral("not valid JSON: %1 at byte offset %2 (%3)")
                              .arg(parseError.errorString())
                              .arg(parseError.offset)
                              .arg(lineColumn(json, parseError.offset))};
    }
    if (!document.isObject()) {
        return SceneError{
            {}, QStringLiteral("expected a JSON object of settings, e.g. {\"solver\": \"verlet\"}")};
    }
    const QJsonObject object = document.object();
    // A key the scene format does not know would silently change nothing: name it instead.
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QByteArray key = it.key().toUtf8();
        if (std::none_of(std::begin(kSettingsKeys), std::end(kSettingsKeys),
                         [&key](const char* known) { return key == known; })) {
            return SceneError{it.key(), QStringLiteral("unknown setting")};
        }
    }
    try {
        return readSettingsOver(object, {}, base);
    } catch (const ReadFailure& failure) {
        return SceneError{failure.path, failure.message};
    } catch (const std::bad_alloc&) {
        return SceneError{{}, QStringLiteral("out of memory while reading the settings")};
    }
}

std::variant<Scene, SceneError> loadSceneFile(const QString& fileName) {
    const QFileInfo info(fileName);
    if (!info.exists()) {
        return SceneError{{}, QStringLiteral("%1: no such file").arg(fileName)};
    }
    if (info.isDir()) {
        return SceneError{{}, QStringLiteral("%1: is a directory, not a scene file").arg(fileName)};
    }
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        return SceneError{{}, QStringLiteral("%1: cannot open: %2").arg(fileName, file.errorString())};
    }
    const auto tooLarge = [&](qint64 size) {
        return SceneError{{},
                          QStringLiteral("%1: file is too large (%2 bytes, at most %3)")
                              .arg(fileName)
                              .arg(size)
                              .arg(kMaxSceneFileBytes)};
    };
    if (!file.isSequential() && file.size() > kMaxSceneFileBytes) {
        return tooLarge(file.size());
    }
    // Read one byte more than allowed so a file that grows (or a pipe) is still caught.
    const QByteArray data = file.read(kMaxSceneFileBytes + 1);
    if (data.size() > kMaxSceneFileBytes) {
        return tooLarge(data.size());
    }
    if (file.error() != QFileDevice::NoError) {
        return SceneError{{}, QStringLiteral("%1: cannot read: %2").arg(fileName, file.errorString())};
    }
    return parseScene(data);
}

QByteArray serializeScene(const Scene& scene) {
    Writer w;
    w.raw("{");
    Members m{w, 1};
    m.next("format");
    w.string(kFormatName);
    m.next("version");
    w.integer(kFormatVersion);
    m.next("settings");
    writeSettings(w, scene.def.settings, 1);
    m.next("bodies");
    w.raw("[");
    for (std::size_t i = 0; i < scene.def.bodies.size(); ++i) {
        if (i > 0) {
            w.raw(",");
        }
        w.newline(2);
        writeBody(w, scene.def.bodies[i], 2);
    }
    if (!scene.def.bodies.empty()) {
        w.newline(1);
    }
    w.raw("]");
    for (auto it = scene.unknownTopLevel.constBegin(); it != scene.unknownTopLevel.constEnd(); ++it) {
        if (it.key() == kFormatKey || it.key() == kVersionKey || it.key() == kSettingsKey ||
            it.key() == kBodiesKey) {
            continue; // never let a kept key shadow the real ones
        }
        w.raw(",");
        w.newline(1);
        w.key(it.key());
        w.value(it.value(), 1);
    }
    w.newline(0);
    w.raw("}\n");
    return w.take();
}

// A save must never replace a good file with a short one. QSaveFile alone is not enough: with Qt 6.4 a
// buffered write that fails while commit() flushes it (ENOSPC on a full disk, EFBIG over a file-size limit) is
// not recorded as a write error, so commit() renames the short temporary file over the original and returns
// true. So the file is opened unbuffered (every write goes through QSaveFile::writeData, which records the
// failure, and returns it to us at once), each step is checked, and the data is forced to the disk (fsync,
// where a delayed-allocation file system reports ENOSPC) before the rename; any failure cancels the save and
// leaves the original untouched.
//   open temporary (unbuffered) -> write all -> flush -> fsync -> commit (rename over the original)
QString saveSceneFile(const Scene& scene, const QString& fileName) {
    const QByteArray data = serializeScene(scene);
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        return QStringLiteral("%1: cannot open for writing: %2").arg(fileName, file.errorString());
    }
    auto abandon = [&file, &fileName](const QString& what, const QString& why) {
        file.cancelWriting(); // the destructor then removes the temporary file
        return QStringLiteral("%1: %2: %3 (the file on disk was left as it was)").arg(fileName, what, why);
    };
    if (file.write(data) != data.size() || file.error() != QFileDevice::NoError) {
        return abandon(QStringLiteral("cannot write"), file.errorString());
    }
    if (!file.flush() || file.error() != QFileDevice::NoError) {
        return abandon(QStringLiteral("cannot write"), file.errorString());
    }
#ifdef Q_OS_UNIX
    // EINVAL / EROFS: a special file that cannot be synced (nothing more to learn); anything else is a failure.
    if (const int fd = file.handle(); fd >= 0 && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
        return abandon(QStringLiteral("cannot write to the disk"),
                       QString::fromLocal8Bit(std::strerror(errno)));
    }
#endif
    if (!file.commit()) {
        return QStringLiteral("%1: cannot save: %2 (the file on disk was left as it was)")
            .arg(fileName, file.errorString());
    }
    return {};
}

SceneCounts countShapes(const phys::SceneDef& scene) {
    SceneCounts counts;
    counts.bodies = static_cast<int>(scene.bodies.size());
    for (const phys::BodyDef& body : scene.bodies) {
        for (const phys::ShapeDef& shape : body.shapes) {
            ++counts.shapes;
            if (std::holds_alternative<phys::Polygon>(shape.geometry)) {
                ++counts.polygons;
            } else {
                ++counts.circles;
            }
        }
    }
    return counts;
}

} // namespace cl
