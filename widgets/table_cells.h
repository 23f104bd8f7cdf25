#pragma once
/// @file table_cells.h
/// How a walkthrough table's cell of two lines reads on one line: the one rule of every table that writes a
/// cell on one line (the slides, the Walkthrough dock's compact rows, `contactlab-cli walkthrough`'s text).

#include <QChar>
#include <QString>

namespace cl {

/// A cell's lines on one line: "A edge 0\n(0.00, -1.00)" -> "A edge 0 (0.00, -1.00)". One space per line
/// break, as the words read (the slides and the command line joined them with two: "the axis turned
/// round:  A to B", review of issue 12 item 8). QChar::LineSeparator counts as a break too (what
/// QStyledItemDelegate::displayText makes of '\n').
inline QString oneLineCell(QString cell) {
    cell.replace(QLatin1Char('\n'), QLatin1Char(' '));
    cell.replace(QChar::LineSeparator, QLatin1Char(' '));
    return cell;
}

} // namespace cl
