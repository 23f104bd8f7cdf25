#pragma once
/// @file table_fit.h
/// Column fitting for the walkthrough's tables, shared by the GJK page (gjk_panel.cpp) and open to the SAT
/// table (WalkthroughDock::fitColumns follows the same rule: one line per cell when the widths allow, else
/// the columns shrink from their widest line towards their widest unbreakable piece).
///
/// What may not break: Qt's word wrap breaks "(0.83, 0.55)" after the comma and "edge w0-w1" after the
/// hyphen, and a narrow header stacks "w = A − B" one character per line (review v12b N6). Here a cell is
/// broken only at its tokens: words separated by spaces, where a bracketed group ("(0.83, 0.55)",
/// "[-1.72, -0.22]") is one token and a one-character word ("=", "→", the "d" of "Direction d", the "2" of
/// "vertex 2") stays with its neighbours. The table is shown with Qt's word wrap off and the line breaks
/// put in by wrapTokens, so no other break can happen.

#include <QFontMetrics>
#include <QString>
#include <QStringList>

#include <vector>

namespace cl::tablefit {

/// The unbreakable pieces of one line, in order (joining them with single spaces gives the line back, runs
/// of spaces made single).
QStringList tokens(const QString& line);

/// Widest line of `text` (lines split at '\n') in `metrics`.
int widestLine(const QFontMetrics& metrics, const QString& text);
/// Widest token of `text`: the narrowest width its lines can be broken to.
int widestToken(const QFontMetrics& metrics, const QString& text);

/// `text` with each of its lines broken between tokens so that every line is at most `width` pixels wide,
/// greedily (a token wider than `width` stands alone on its line; the fit then reports it).
QString wrapTokens(const QString& text, const QFontMetrics& metrics, int width);

/// Column widths for a table of `available` pixels: `natural` (each column's widest line) when they fit,
/// else each column shrunk from natural towards `least` (its widest token) in proportion to what it can
/// give. The last column takes what is left over. When even `least` does not fit, `least` is returned
/// (the caller shrinks its type or drops a column).
std::vector<int> columnWidths(const std::vector<int>& natural, const std::vector<int>& least, int available);

} // namespace cl::tablefit
