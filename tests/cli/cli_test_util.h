#pragma once
/// @file cli_test_util.h
/// Runs the real contactlab-cli executable (CONTACTLAB_CLI, set by tests/CMakeLists.txt) for the CLI tests.

#include <QProcess>
#include <QString>
#include <QStringList>

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

} // namespace cltest
