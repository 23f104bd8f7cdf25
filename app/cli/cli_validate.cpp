/// @file cli_validate.cpp
/// `contactlab-cli validate SCENE`: loads a scene and reports "ok" with counts, or the error naming the
/// place.

#include "cli.h"

namespace cl::cli {

namespace {

QString plural(int n, const char* singular, const char* pluralForm) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? singular : pluralForm));
}

} // namespace

int runValidate(const Subcommand& self, const QStringList& args) {
    const Parsed<ValidateOptions> parsed = parseValidateOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const std::optional<Scene> scene = loadSceneOrReport(std::get<ValidateOptions>(parsed).scene);
    if (!scene) {
        return kExitInvalidScene;
    }
    const SceneCounts counts = countShapes(scene->def);
    printOut(QStringLiteral("ok: %1, %2 (%3, %4)\n")
                 .arg(plural(counts.bodies, "body", "bodies"), plural(counts.shapes, "shape", "shapes"),
                      plural(counts.polygons, "polygon", "polygons"),
                      plural(counts.circles, "circle", "circles")));
    return kExitOk;
}

} // namespace cl::cli
