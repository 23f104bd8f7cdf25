/// @file fuzz_scene_loader.cpp
/// libFuzzer target: the scene loader (app/core/scene_io) on arbitrary bytes.
///
/// Besides "no crash, no sanitizer report", every input the loader accepts must hold what the rest of the
/// program relies on, else the target aborts (libFuzzer then keeps the input as a crash):
///   accepted -> phys::validate(def) finds nothing           (the engine never sees invalid input)
///            -> serialize, parse again: accepted and equal  (save then open gives the same scene)
///   refused  -> the error has a message                     (every refusal says why)

#include "scene_io.h"

#include "physics/defs.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {
[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz_scene_loader: %s\n", what);
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    auto parsed = cl::parseScene(bytes);
    if (const auto* error = std::get_if<cl::SceneError>(&parsed)) {
        if (error->message.isEmpty()) {
            broken("a refused file got no message");
        }
        return 0;
    }
    const cl::Scene& scene = std::get<cl::Scene>(parsed);
    if (phys::validate(scene.def)) {
        broken("an accepted scene fails phys::validate");
    }
    auto again = cl::parseScene(cl::serializeScene(scene));
    if (!std::holds_alternative<cl::Scene>(again)) {
        broken("a saved scene does not load again");
    }
    if (std::get<cl::Scene>(again) != scene) {
        broken("a saved scene loads back different");
    }
    return 0;
}
