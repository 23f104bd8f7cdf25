#pragma once
/// @file scene_io.h
/// Reading and writing the scene file (design.md section 3, format "contactlab-scene", version 1).

#include "physics/defs.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <variant>

namespace cl {

/// Why a scene could not be read. `path` is the JSON path ("bodies[3].shapes[0].vertices[5]") or empty when
/// the whole file is at fault (not JSON, empty...). `toString()` gives "path: message".
struct SceneError {
    QString path;
    QString message;
    QString toString() const { return path.isEmpty() ? message : path + QStringLiteral(": ") + message; }
};

/// A scene as read from a file: the definitions the engine takes, plus the top-level keys this version does
/// not know, kept so that a round trip does not lose them.
struct Scene {
    phys::SceneDef def;
    QJsonObject unknownTopLevel;

    /// True when both scenes hold exactly the same values (doubles compared with ==, polygons vertex by
    /// vertex, unknown top-level keys included). Used to check round trips and "nothing changed".
    friend bool operator==(const Scene&, const Scene&) = default;
};

/// Largest scene file accepted, bytes. A bigger file is refused before it is parsed.
inline constexpr qint64 kMaxSceneFileBytes = 64 * 1024 * 1024;

/// Parses scene JSON. Never throws; any problem is a SceneError naming the place.
std::variant<Scene, SceneError> parseScene(const QByteArray& json);
/// Parses a JSON object of scene settings, with the keys and values of a scene file's "settings" object
/// (`{"solver": "verlet", "iterations": 4}`), applied over `base`: a key the object does not hold keeps
/// base's value. An unknown key or a bad value is a SceneError naming the key ("iterations: must be ...").
/// `contactlab-cli compare` reads its configuration files with it.
std::variant<phys::WorldSettings, SceneError> parseSettingsOver(const QByteArray& json,
                                                                const phys::WorldSettings& base);
/// Reads and parses a scene file.
std::variant<Scene, SceneError> loadSceneFile(const QString& fileName);
/// Serialises a scene to indented JSON (doubles with full round-trip precision).
QByteArray serializeScene(const Scene& scene);
/// Writes a scene atomically (QSaveFile). Returns an empty string on success, else the error.
QString saveSceneFile(const Scene& scene, const QString& fileName);

/// How many bodies and shapes of each kind a scene holds (for summaries such as `contactlab-cli validate`).
struct SceneCounts {
    int bodies = 0;
    int shapes = 0;
    int polygons = 0;
    int circles = 0;
};
SceneCounts countShapes(const phys::SceneDef& scene);

} // namespace cl
