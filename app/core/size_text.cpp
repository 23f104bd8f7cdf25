/// @file size_text.cpp

#include "size_text.h"

#include <QRegularExpression>

namespace cl {

std::optional<QSize> parseSizeText(const QString& text, int minSide, int maxSide) {
    static const QRegularExpression pattern(QStringLiteral("^\\s*(\\d{1,6})\\s*[xX]\\s*(\\d{1,6})\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    const int width = match.captured(1).toInt();
    const int height = match.captured(2).toInt();
    if (width < minSide || height < minSide || width > maxSide || height > maxSide) {
        return std::nullopt;
    }
    return QSize(width, height);
}

} // namespace cl
