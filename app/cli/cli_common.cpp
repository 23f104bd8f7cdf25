/// @file cli_common.cpp
/// Output helpers shared by the contactlab-cli subcommands.

#include "cli.h"

#include <cstdio>

namespace cl::cli {

namespace {

void write(std::FILE* stream, const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, static_cast<std::size_t>(utf8.size()), stream);
    std::fflush(stream);
}

} // namespace

void printOut(const QString& text) {
    write(stdout, text);
}
void printErr(const QString& text) {
    write(stderr, text);
}

std::optional<Scene> loadSceneOrReport(const QString& fileName) {
    auto result = loadSceneFile(fileName);
    if (const auto* error = std::get_if<SceneError>(&result)) {
        // loadSceneFile names the file in file-system errors; parse errors do not, so add it.
        const QString text = error->toString();
        printErr(QStringLiteral("contactlab-cli: %1\n")
                     .arg(text.startsWith(fileName + u':') ? text : fileName + QStringLiteral(": ") + text));
        return std::nullopt;
    }
    return std::get<Scene>(std::move(result));
}

} // namespace cl::cli
