#pragma once
/// @file table_fit.h
/// Column fitting for the walkthrough's tables, one rule for both: the GJK page's table (gjk_panel.cpp) and
/// the SAT, Clipping and Methods table (WalkthroughDock::fitColumnsAtShrink) take their column widths from
/// columnWidths (natural widths when they fit, else every column shrunk from its widest line towards its
/// widest unbreakable piece) and break their titles with wrapTokens. What differs is what each does when
/// even that does not fit its height or width: the dock shrinks its type until every row shows (and lays a
/// row's lines on one line when the widths allow), the GJK page shrinks its type and then drops its two
/// optional columns. Cells break only between tokens in both: the GJK page puts the breaks in itself
/// (wrapTokens, Qt's word wrap off), the dock lets Qt's word wrap break its cells with their tokens glued
/// (glueTokens), so that Qt measures the rows.
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

/// `text` with the spaces inside each token made no-break spaces (U+00A0, as wide in the table's fonts), each
/// line's tokens joined by single spaces: Qt's word wrap then breaks a line only between tokens. For a table
/// that keeps Qt's word wrap (the Walkthrough dock's). Lines end at '\n' or QChar::LineSeparator, kept.
QString glueTokens(const QString& text);

/// `text` with each of its lines broken between tokens so that every line is at most `width` pixels wide,
/// greedily (a token wider than `width` stands alone on its line; the fit then reports it).
QString wrapTokens(const QString& text, const QFontMetrics& metrics, int width);

/// Column widths for a table of `available` pixels: `natural` (each column's widest line) when they fit,
/// else each column shrunk from natural towards `least` (its widest token) in proportion to what it can
/// give. The last column takes what is left over. When even `least` does not fit, `least` is returned
/// (the caller shrinks its type or drops a column).
std::vector<int> columnWidths(const std::vector<int>& natural, const std::vector<int>& least, int available);

} // namespace cl::tablefit
