#include "json_read.h"

namespace cl::json {

void fail(const QString& path, const QString& message) {
    throw ReadFailure{path, message};
}

QString member(const QString& path, const QString& key) {
    return path.isEmpty() ? key : path + u'.' + key;
}

QString element(const QString& path, qsizetype i) {
    return path + u'[' + QString::number(i) + u']';
}

QString describe(const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QStringLiteral("the number ") + QString::number(value.toDouble());
    case QJsonValue::String:
        return QStringLiteral("the string \"%1\"").arg(value.toString().left(40));
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

void wrongType(const QString& path, const QString& expected, const QJsonValue& got) {
    fail(path, QStringLiteral("expected %1, got %2").arg(expected, describe(got)));
}

QJsonObject toObject(const QJsonValue& value, const QString& path) {
    if (!value.isObject()) {
        wrongType(path, QStringLiteral("an object"), value);
    }
    return value.toObject();
}

} // namespace cl::json
