/// @file cli_render.cpp
/// `contactlab-cli render SCENE --out FILE.png|FILE.svg [--steps N] [--overlay LIST] [--size WxH] [--a I --b
/// J]`: draws the scene exactly as the canvas does (SceneRenderer), zoomed to fit, with the overlays of the
/// workbench (OverlayPainter), headless. --steps N first runs phys::World N steps with the scene's settings.
/// Overlays: sat (the SAT result of bodies A and B: the MTV or the separating axis), clip (the clipping
/// result: reference and incident edges, the contacts), contacts (every touching pair), normals, aabb,
/// centroids, indices. sat and clip use bodies 0 and 1 unless --a/--b are given.

#include "cli.h"

#include "overlay.h"
#include "paint_kit.h"
#include "scene_renderer.h"
#include "walkthrough.h"

#include "physics/world.h"

#include <QPainter>

#include <optional>
#include <vector>

namespace cl::cli {

int runRender(const Subcommand& self, const QStringList& args) {
    const Parsed<RenderCommandOptions> parsed = parseRenderOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const RenderCommandOptions& options = std::get<RenderCommandOptions>(parsed);
    const QString& out = options.out;
    const QSize size = options.size;
    const long long steps = options.steps;
    std::optional<Scene> scene = loadSceneOrReport(options.scene);
    if (!scene) {
        return kExitInvalidScene;
    }
    const int count = int(scene->def.bodies.size());
    if (const std::optional<int> done = checkRenderPair(self, options, count)) {
        return *done;
    }
    const int a = options.a;
    const int b = options.b;

    if (steps > 0) {
        phys::World world;
        if (const auto error = world.setSettings(scene->def.settings)) {
            printErr(QStringLiteral("contactlab-cli: %1: %2: %3\n")
                         .arg(options.scene, QString::fromStdString(error->path),
                              QString::fromStdString(error->message)));
            return kExitInvalidScene;
        }
        world.setReportFlags(phys::kReportNone);
        const std::optional<std::vector<phys::BodyId>> created =
            createBodiesOrReport(world, scene->def.bodies, options.scene);
        if (!created) {
            return kExitInvalidScene;
        }
        const std::vector<phys::BodyId>& ids = *created;
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
    if (options.sat) {
        walkthroughs.push_back(
            Walkthrough::build(WalkthroughMode::Sat, def.bodies[std::size_t(a)], def.bodies[std::size_t(b)]));
    }
    if (options.clip) {
        walkthroughs.push_back(Walkthrough::build(WalkthroughMode::Clipping, def.bodies[std::size_t(a)],
                                                  def.bodies[std::size_t(b)]));
    }
    // The same drawing for both formats: the scene, the diagnostics, then the last step of each walkthrough.
    auto paint = [&](QPainter& painter) {
        std::vector<OverlayStep> steps;
        for (const Walkthrough& w : walkthroughs) {
            steps.push_back({&w, w.stepCount() - 1});
        }
        OverlayPainter::renderAll(painter, def, view, RenderOptions{}, options.diagnostics, steps);
    };

    // PNG or SVG by the suffix (cli_options checked it is one of them); the SVG has real text and strokes
    // in output units (widgets/svg_writer.h), so librsvg draws what the PNG shows.
    paintkit::DrawingFile file;
    file.background = SceneRenderer::backgroundColor();
    if (const QString error = paintkit::writeDrawing(out, size, paint, file); !error.isEmpty()) {
        printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
        return kExitFailure;
    }
    printOut(QStringLiteral("wrote %1 (%2x%3, %4 bodies%5)\n")
                 .arg(out)
                 .arg(size.width())
                 .arg(size.height())
                 .arg(count)
                 .arg(steps > 1    ? QStringLiteral(", after %1 steps").arg(steps)
                      : steps == 1 ? QStringLiteral(", after 1 step")
                                   : QString()));
    return kExitOk;
}

} // namespace cl::cli
