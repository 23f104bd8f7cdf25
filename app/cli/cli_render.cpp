/// @file cli_render.cpp
/// `contactlab-cli render SCENE --out FILE.png|FILE.svg [--steps N] [--overlay LIST] [--size WxH] [--a I --b
/// J]`: draws the scene exactly as the canvas does (SceneRenderer), zoomed to fit, with the overlays of the
/// workbench (OverlayPainter), headless. --steps N first runs phys::World N steps with the scene's settings.
/// Overlays: sat (the SAT result of bodies A and B: the MTV or the separating axis), clip (the clipping
/// result: reference and incident edges, the contacts), contacts (every touching pair), normals, aabb,
/// centroids, indices. sat and clip use bodies 0 and 1 unless --a/--b are given.

#include "cli.h"

#include "overlay.h"
#include "scene_renderer.h"
#include "size_text.h"
#include "svg_writer.h"
#include "walkthrough.h"

#include "physics/world.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>

#include <optional>
#include <vector>

namespace cl::cli {

namespace {

/// Largest picture side, pixels.
constexpr int kMaxSide = 16384;

/// "WIDTHxHEIGHT", each side in [16, kMaxSide] pixels.
std::optional<QSize> parseSize(const QString& text) {
    return parseSizeText(text, 16, kMaxSide);
}

/// Every overlay the command knows.
struct Overlays {
    OverlayOptions diagnostics;
    bool sat = false;
    bool clip = false;
};

std::optional<Overlays> parseOverlays(const QString& text, QString* bad) {
    Overlays out;
    for (const QString& raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = raw.trimmed().toLower();
        if (name == QLatin1String("sat")) {
            out.sat = true;
        } else if (name == QLatin1String("clip") || name == QLatin1String("clipping")) {
            out.clip = true;
        } else if (name == QLatin1String("contacts")) {
            out.diagnostics.contacts = true;
        } else if (name == QLatin1String("normals")) {
            out.diagnostics.normals = true;
        } else if (name == QLatin1String("aabb") || name == QLatin1String("aabbs")) {
            out.diagnostics.aabbs = true;
        } else if (name == QLatin1String("centroids")) {
            out.diagnostics.centroids = true;
        } else if (name == QLatin1String("indices")) {
            out.diagnostics.vertexIndices = true;
        } else {
            *bad = raw;
            return std::nullopt;
        }
    }
    return out;
}

} // namespace

int runRender(const Subcommand& self, const QStringList& args) {
    Arguments parsed;
    if (const std::optional<int> done =
            parseSceneCommand(self, args,
                              {QStringLiteral("out"), QStringLiteral("steps"), QStringLiteral("overlay"),
                               QStringLiteral("size"), QStringLiteral("a"), QStringLiteral("b")},
                              parsed)) {
        return *done;
    }
    const QString out = parsed.values.value(QStringLiteral("out"));
    if (out.isEmpty()) {
        return usageError(self, QStringLiteral("--out FILE.png or FILE.svg is required"));
    }
    const QString suffix = QFileInfo(out).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg")) {
        return usageError(self, QStringLiteral("--out must end in .png or .svg, got '%1'").arg(out));
    }
    QSize size(1280, 800);
    if (parsed.values.contains(QStringLiteral("size"))) {
        const auto s = parseSize(parsed.values.value(QStringLiteral("size")));
        if (!s) {
            return usageError(self,
                              QStringLiteral("--size: expected WIDTHxHEIGHT with sides 16..%1, got '%2'")
                                  .arg(kMaxSide)
                                  .arg(parsed.values.value(QStringLiteral("size"))));
        }
        size = *s;
    }
    long long steps = 0;
    if (parsed.values.contains(QStringLiteral("steps"))) {
        bool ok = false;
        steps = parsed.values.value(QStringLiteral("steps")).toLongLong(&ok);
        if (!ok || steps < 0 || steps > kMaxSteps) {
            return usageError(self, QStringLiteral("--steps: expected a whole number from 0 to %1, got '%2'")
                                        .arg(kMaxSteps)
                                        .arg(parsed.values.value(QStringLiteral("steps"))));
        }
    }
    Overlays overlays;
    if (parsed.values.contains(QStringLiteral("overlay"))) {
        QString bad;
        const auto o = parseOverlays(parsed.values.value(QStringLiteral("overlay")), &bad);
        if (!o) {
            return usageError(self,
                              QStringLiteral("--overlay: unknown overlay '%1' (expected sat, clip, contacts, "
                                             "normals, aabb, centroids, indices)")
                                  .arg(bad));
        }
        overlays = *o;
    }
    std::optional<Scene> scene = loadSceneOrReport(parsed.positional.front());
    if (!scene) {
        return kExitInvalidScene;
    }
    const int count = int(scene->def.bodies.size());
    int a = 0, b = 1;
    for (const auto& [key, target] :
         {std::pair{QStringLiteral("a"), &a}, std::pair{QStringLiteral("b"), &b}}) {
        if (parsed.values.contains(key)) {
            bool ok = false;
            *target = parsed.values.value(key).toInt(&ok);
            if (!ok) {
                *target = -1;
            }
        }
    }
    const bool pairNeeded = overlays.sat || overlays.clip;
    if (pairNeeded && (a < 0 || b < 0 || a >= count || b >= count || a == b)) {
        return usageError(self,
                          QStringLiteral("the sat and clip overlays need two different bodies --a and --b "
                                         "from 0 to %1 (the scene has %2 bodies)")
                              .arg(count - 1)
                              .arg(count));
    }

    if (steps > 0) {
        phys::World world;
        if (const auto error = world.setSettings(scene->def.settings)) {
            printErr(QStringLiteral("contactlab-cli: %1: %2: %3\n")
                         .arg(parsed.positional.front(), QString::fromStdString(error->path),
                              QString::fromStdString(error->message)));
            return kExitInvalidScene;
        }
        world.setReportFlags(phys::kReportNone);
        std::vector<phys::BodyId> ids;
        for (std::size_t i = 0; i < scene->def.bodies.size(); ++i) {
            auto created = world.createBody(scene->def.bodies[i]);
            if (!created) {
                printErr(QStringLiteral("contactlab-cli: %1: bodies[%2]: %3\n")
                             .arg(parsed.positional.front())
                             .arg(i)
                             .arg(QString::fromStdString(created.error().message)));
                return kExitInvalidScene;
            }
            ids.push_back(*created);
        }
        for (long long i = 0; i < steps; ++i) {
            world.step();
        }
        for (std::size_t i = 0; i < ids.size(); ++i) {
            scene->def.bodies[i] = world.bodyDef(ids[i]);
        }
    }

    const phys::SceneDef& def = scene->def;
    const ViewTransform view = SceneRenderer::fitView(def, QSizeF(size));
    std::vector<Walkthrough> walkthroughs;
    if (overlays.sat) {
        walkthroughs.push_back(
            Walkthrough::build(WalkthroughMode::Sat, def.bodies[std::size_t(a)], def.bodies[std::size_t(b)]));
    }
    if (overlays.clip) {
        walkthroughs.push_back(Walkthrough::build(WalkthroughMode::Clipping, def.bodies[std::size_t(a)],
                                                  def.bodies[std::size_t(b)]));
    }
    // The same drawing for both formats: the scene, the diagnostics, then the last step of each walkthrough.
    auto paint = [&](QPainter& painter) {
        std::vector<OverlayStep> steps;
        for (const Walkthrough& w : walkthroughs) {
            steps.push_back({&w, w.stepCount() - 1});
        }
        OverlayPainter::renderAll(painter, def, view, RenderOptions{}, overlays.diagnostics, steps);
    };

    if (suffix == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(SceneRenderer::backgroundColor());
        QPainter painter(&image);
        paint(painter);
        painter.end();
        QSaveFile file(out);
        if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
            printErr(QStringLiteral("contactlab-cli: cannot write %1: %2\n").arg(out, file.errorString()));
            return kExitFailure;
        }
    } else {
        // Real text and strokes in output units (widgets/svg_writer.h), so librsvg draws what the PNG shows.
        SvgWriter svg(size);
        svg.setTitle(QStringLiteral("ContactLab scene"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            printErr(QStringLiteral("contactlab-cli: cannot draw into %1\n").arg(out));
            return kExitFailure;
        }
        paint(painter);
        painter.end();
        if (const QString error = svg.save(out); !error.isEmpty()) {
            printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
            return kExitFailure;
        }
    }
    printOut(QStringLiteral("wrote %1 (%2x%3, %4 bodies%5)\n")
                 .arg(out)
                 .arg(size.width())
                 .arg(size.height())
                 .arg(count)
                 .arg(steps > 0 ? QStringLiteral(", after %1 steps").arg(steps) : QString()));
    return kExitOk;
}

} // namespace cl::cli
