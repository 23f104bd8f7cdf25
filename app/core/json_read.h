#pragma once
/// @file json_read.h
/// What the scene reader (scene_io.cpp) and the lesson reader (lesson.cpp) share: paths into a JSON document
/// ("bodies[2].shapes[0].radius") and the one failure both throw, naming that path. Each reader catches it at
/// its top and turns it into its own error type, so the file's user always sees where and what.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace cl::json {

/// Thrown inside a reader only; the reader's entry point turns it into its return value.
struct ReadFailure {
    QString path;
    QString message;
};

[[noreturn]] void fail(const QString& path, const QString& message);

/// `path.key`, or `key` at the top level.
QString member(const QString& path, const QString& key);
/// `path[i]`.
QString element(const QString& path, qsizetype i);

/// A value as a message names it: "null", "the number 3", "the string \"abc\"" (at most 40 characters), "an
/// array", ...
QString describe(const QJsonValue& value);

/// Fails with "expected EXPECTED, got <describe(got)>".
[[noreturn]] void wrongType(const QString& path, const QString& expected, const QJsonValue& got);

/// The object `value` holds, or fails naming `path`.
QJsonObject toObject(const QJsonValue& value, const QString& path);

} // namespace cl::json
