#pragma once
/// @file app_test_util.h
/// Shared set-up for the tests that build a real MainWindow.

#include "autosave.h"

#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace cltest {

/// Keeps a test's settings and crash-recovery files inside `dir` and never offers a restore, so the tests
/// neither read nor write the user's real configuration.
inline void isolateAppState(const QTemporaryDir& dir) {
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
    cl::RecoveryOptions recovery;
    recovery.directory = dir.filePath(QStringLiteral("recovery"));
    recovery.askRestore = [](const QString&) {
        return false;
    };
    cl::setRecoveryOptions(recovery);
}

} // namespace cltest
