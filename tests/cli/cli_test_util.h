#pragma once
/// @file cli_test_util.h
/// Runs the real contactlab-cli executable (CONTACTLAB_CLI, set by tests/CMakeLists.txt) for the CLI tests,
/// and the helpers the tests that compare its output with the engine's share.

#include "scene_io.h"

#include "physics/math.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace cltest {

/// What one run of the CLI produced.
struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs `contactlab-cli args...` to completion (two minutes at most) and captures its exit code and output.
inline Run runCli(const QStringList& args) {
    QProcess process;
    process.start(QStringLiteral(CONTACTLAB_CLI), args);
    Run run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit) {
        run.err = QStringLiteral("<the process did not finish normally: %1>").arg(process.errorString());
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

/// The catalogue of sample scenes in the source tree.
inline QString catalogueDir() {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/catalogue");
}

/// A printed [x, y] equals the engine's vector exactly (the CLI prints the shortest form that reads back to
/// the same double).
inline bool sameVec(const QJsonValue& v, phys::Vec2 e) {
    const QJsonArray a = v.toArray();
    return a.size() == 2 && a.at(0).toDouble() == e.x && a.at(1).toDouble() == e.y;
}

/// Loads a scene file the test relies on; a file that does not load ends the test program with its message.
inline cl::Scene loadScene(const QString& file) {
    auto r = cl::loadSceneFile(file);
    if (const auto* e = std::get_if<cl::SceneError>(&r)) {
        qFatal("cannot load %s: %s", qPrintable(file), qPrintable(e->toString()));
    }
    return std::get<cl::Scene>(std::move(r));
}

} // namespace cltest
