/// @file cli_common.cpp
/// Output helpers shared by the contactlab-cli subcommands, among them the `--record` CSV writer of `simulate`
/// and `compare` (one writer, so a compare record equals a simulate record byte for byte).

#include "cli.h"

#include <charconv>
#include <cstdio>

namespace cl::cli {

namespace {

void write(std::FILE* stream, const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, static_cast<std::size_t>(utf8.size()), stream);
    std::fflush(stream);
}

/// Shortest text that reads back to the same double (std::to_chars round-trip form).
void appendNumber(std::string& out, double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
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

std::optional<std::vector<phys::BodyId>>
createBodiesOrReport(phys::World& world, const std::vector<phys::BodyDef>& bodies, const QString& fileName) {
    std::vector<phys::BodyId> ids;
    ids.reserve(bodies.size());
    world.reserve(bodies);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        auto created = world.createBody(bodies[i]);
        if (!created) {
            printErr(QStringLiteral("contactlab-cli: %1: bodies[%2]: %3\n")
                         .arg(fileName)
                         .arg(i)
                         .arg(QString::fromStdString(created.error().message)));
            return std::nullopt;
        }
        ids.push_back(*created);
    }
    return ids;
}

void appendRecordRows(std::string& out, const phys::World& world, const std::vector<phys::BodyId>& ids,
                      qint64 step) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const phys::Transform xf = world.transform(ids[i]);
        const phys::Vec2 v = world.linearVelocity(ids[i]);
        out += std::to_string(step);
        out += ',';
        appendNumber(out, world.time());
        out += ',';
        out += std::to_string(i);
        out += ',';
        appendNumber(out, xf.p.x);
        out += ',';
        appendNumber(out, xf.p.y);
        out += ',';
        appendNumber(out, xf.q.angle());
        out += ',';
        appendNumber(out, v.x);
        out += ',';
        appendNumber(out, v.y);
        out += ',';
        appendNumber(out, world.angularVelocity(ids[i]));
        out += '\n';
    }
}

} // namespace cl::cli
