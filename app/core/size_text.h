#pragma once
/// @file size_text.h
/// The "WIDTHxHEIGHT" picture size the command lines take (contactlab --size, contactlab-cli render --size).

#include <QSize>
#include <QString>

#include <optional>

namespace cl {

/// Parses "WIDTHxHEIGHT" (e.g. "1280x800", spaces allowed around the numbers and the x). nullopt when
/// malformed or when a side is outside [minSide, maxSide] pixels.
std::optional<QSize> parseSizeText(const QString& text, int minSide, int maxSide);

} // namespace cl
