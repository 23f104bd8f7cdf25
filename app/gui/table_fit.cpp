/// @file table_fit.cpp

#include "table_fit.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cl::tablefit {

QStringList tokens(const QString& line) {
    // Words, a bracketed group kept whole.
    QStringList words;
    QString word;
    int depth = 0;
    for (const QChar c : line) {
        if (c == QLatin1Char('(') || c == QLatin1Char('[')) {
            ++depth;
        } else if ((c == QLatin1Char(')') || c == QLatin1Char(']')) && depth > 0) {
            --depth;
        }
        if (c == QLatin1Char(' ') && depth == 0) {
            if (!word.isEmpty()) {
                words << word;
                word.clear();
            }
            continue;
        }
        word += c;
    }
    if (!word.isEmpty()) {
        words << word;
    }
    // One-character words hold on to their neighbours: a one-character word stays with the word before it
    // ("vertex 2", "Direction d", "w ="), and a letter or a sign stays with the word after it ("A [-1.50,
    // 0.00]", "= A", "\u2192 1"), except a letter that heads a new group after a longer word ("... B
    // [-2.81, -1.00]" breaks before the B).
    const auto single = [&words](qsizetype i) {
        return i < words.size() && words[i].size() == 1;
    };
    QStringList out;
    for (qsizetype i = 0; i < words.size(); ++i) {
        bool glue = false;
        if (i > 0) {
            const QChar previous = words[i - 1].front();
            const bool heads = single(i) && words[i].front().isLetter() && !single(i - 1) &&
                               i + 1 < words.size() && !single(i + 1);
            glue = (single(i) && !heads) || (single(i - 1) && !previous.isDigit());
        }
        if (glue) {
            out.back() += QLatin1Char(' ') + words[i];
        } else {
            out << words[i];
        }
    }
    return out;
}

QString glueTokens(const QString& text) {
    QString out;
    QString line;
    const auto flush = [&out, &line] {
        QStringList glued;
        for (QString token : tokens(line)) {
            token.replace(QLatin1Char(' '), QChar(0x00A0));
            glued << token;
        }
        out += glued.join(QLatin1Char(' '));
        line.clear();
    };
    for (const QChar c : text) {
        if (c == QLatin1Char('\n') || c == QChar::LineSeparator) {
            flush();
            out += c;
        } else {
            line += c;
        }
    }
    flush();
    return out;
}

int widestLine(const QFontMetrics& metrics, const QString& text) {
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        widest = std::max(widest, metrics.horizontalAdvance(line));
    }
    return widest;
}

int widestToken(const QFontMetrics& metrics, const QString& text) {
    int widest = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        for (const QString& token : tokens(line)) {
            widest = std::max(widest, metrics.horizontalAdvance(token));
        }
    }
    return widest;
}

QString wrapTokens(const QString& text, const QFontMetrics& metrics, int width) {
    QStringList lines;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (metrics.horizontalAdvance(line) <= width) {
            lines << line;
            continue;
        }
        QString current;
        for (const QString& token : tokens(line)) {
            if (current.isEmpty()) {
                current = token;
            } else if (metrics.horizontalAdvance(current + QLatin1Char(' ') + token) <= width) {
                current += QLatin1Char(' ') + token;
            } else {
                lines << current;
                current = token;
            }
        }
        lines << current;
    }
    return lines.join(QLatin1Char('\n'));
}

std::vector<int> columnWidths(const std::vector<int>& natural, const std::vector<int>& least, int available) {
    const int naturalSum = std::accumulate(natural.begin(), natural.end(), 0);
    const int leastSum = std::accumulate(least.begin(), least.end(), 0);
    if (natural.empty()) {
        return {};
    }
    if (leastSum > available) {
        return least;
    }
    std::vector<int> width = natural;
    if (naturalSum > available && leastSum < naturalSum) {
        // Every column gives the same share of what it can give (its natural width less its widest token).
        const double give = double(naturalSum - available) / double(naturalSum - leastSum);
        for (std::size_t c = 0; c < width.size(); ++c) {
            width[c] = natural[c] - int(std::ceil(give * (natural[c] - least[c])));
        }
    }
    const int used = std::accumulate(width.begin(), width.end() - 1, 0);
    width.back() = std::max(width.back(), available - used);
    return width;
}

} // namespace cl::tablefit
