/// @file tst_table_fit.cpp
/// The walkthrough tables' column fitting (app/gui/table_fit.h), against hand-written answers: what may not
/// break (a bracketed vector, a formula of one-character words, "vertex 2", a name with a hyphen), where a
/// cell breaks when its column is narrow, and how the widths share a table's width.

#include "table_fit.h"

#include <QApplication>
#include <QFontMetrics>
#include <QTest>
#include <QTextLayout>

using namespace cl;

class TestTableFit : public QObject {
    Q_OBJECT

private slots:
    void tokensKeepNumbersAndNamesWhole_data();
    void tokensKeepNumbersAndNamesWhole();
    void wrapBreaksOnlyBetweenTokens();
    void qtWrapOfGluedTokensBreaksOnlyBetweenThem();
    void widthsShareTheTable();
};

void TestTableFit::tokensKeepNumbersAndNamesWhole_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("vector") << QStringLiteral("(0.83, 0.55) repeats")
                            << QStringList{QStringLiteral("(0.83, 0.55)"), QStringLiteral("repeats")};
    QTest::newRow("formula") << QStringLiteral("w = A \u2212 B")
                             << QStringList{QStringLiteral("w = A \u2212 B")};
    QTest::newRow("header") << QStringLiteral("Direction d") << QStringList{QStringLiteral("Direction d")};
    QTest::newRow("unit") << QStringLiteral("Distance (m)")
                          << QStringList{QStringLiteral("Distance"), QStringLiteral("(m)")};
    QTest::newRow("vertex") << QStringLiteral("vertex 2") << QStringList{QStringLiteral("vertex 2")};
    QTest::newRow("simplex") << QStringLiteral("2 \u2192 1") << QStringList{QStringLiteral("2 \u2192 1")};
    QTest::newRow("edge name") << QStringLiteral("edge w0-w1")
                               << QStringList{QStringLiteral("edge"), QStringLiteral("w0-w1")};
    QTest::newRow("two shadows") << QStringLiteral("A [-1.50, 0.00]  B [-2.81, -1.00]")
                                 << QStringList{QStringLiteral("A [-1.50, 0.00]"),
                                                QStringLiteral("B [-2.81, -1.00]")};
    QTest::newRow("axis") << QStringLiteral("A edge 0  (0.00, -1.00)")
                          << QStringList{QStringLiteral("A edge 0"), QStringLiteral("(0.00, -1.00)")};
    QTest::newRow("words") << QStringLiteral("the inside of the triangle")
                           << QStringList{QStringLiteral("the"), QStringLiteral("inside"),
                                          QStringLiteral("of"), QStringLiteral("the"),
                                          QStringLiteral("triangle")};
}

void TestTableFit::tokensKeepNumbersAndNamesWhole() {
    QFETCH(QString, line);
    QFETCH(QStringList, tokens);
    QCOMPARE(tablefit::tokens(line), tokens);
}

// A column too narrow for a line breaks it between tokens, greedily; a token wider than the column stands
// alone (and widestToken says how wide the column must be for none to).
void TestTableFit::wrapBreaksOnlyBetweenTokens() {
    const QFontMetrics metrics(QApplication::font());
    const QString cell = QStringLiteral("vertex 2\n(1.00, -1.00) repeats");
    QCOMPARE(tablefit::wrapTokens(cell, metrics, 10000), cell);
    const int vector = metrics.horizontalAdvance(QStringLiteral("(1.00, -1.00)"));
    QCOMPARE(tablefit::widestToken(metrics, cell), vector);
    QCOMPARE(tablefit::widestLine(metrics, cell),
             metrics.horizontalAdvance(QStringLiteral("(1.00, -1.00) repeats")));
    QCOMPARE(tablefit::wrapTokens(cell, metrics, vector), QStringLiteral("vertex 2\n(1.00, -1.00)\nrepeats"));
    QCOMPARE(tablefit::wrapTokens(cell, metrics, 1), QStringLiteral("vertex 2\n(1.00, -1.00)\nrepeats"));
    QCOMPARE(tablefit::wrapTokens(QStringLiteral("0 encloses the origin"), metrics,
                                  metrics.horizontalAdvance(QStringLiteral("0 encloses the"))),
             QStringLiteral("0 encloses the\norigin"));
}

// The Walkthrough dock keeps Qt's word wrap (it measures the rows): with the tokens glued, Qt's own wrap at
// every width from the widest token up breaks a Clipping cell only between its tokens (it broke
// "(0.5000,\n-0.0100)" before), and the glued text is as wide as the text.
void TestTableFit::qtWrapOfGluedTokensBreaksOnlyBetweenThem() {
    const QString cell = QStringLiteral("(-0.2001, -0.0099) (0.7999, -0.0101) \u2192 (-0.2001, -0.0099) "
                                        "(0.5000, -0.0100)\nvertex 2, edge 2, |cos| 0.0000");
    const QString glued = tablefit::glueTokens(cell);
    QCOMPARE(glued.count(QLatin1Char('\n')), 1);
    QVERIFY(glued.contains(QStringLiteral("(0.5000,\u00a0-0.0100)")));
    QString back = glued;
    back.replace(QChar(0x00A0), QLatin1Char(' '));
    QCOMPARE(back, cell);
    const QFont font = QApplication::font();
    const QFontMetrics metrics(font);
    QCOMPARE(tablefit::widestLine(metrics, glued), tablefit::widestLine(metrics, cell));
    QStringList expected;
    for (const QString& line : cell.split(QLatin1Char('\n'))) {
        expected << tablefit::tokens(line);
    }
    int narrowest = tablefit::widestToken(metrics, cell);
    int checked = 0;
    for (int width = narrowest; width <= tablefit::widestLine(metrics, cell) + 2; width += 3) {
        QStringList found;
        for (QString paragraph : glued.split(QLatin1Char('\n'))) {
            QTextLayout layout(paragraph, font);
            QTextOption option;
            option.setWrapMode(QTextOption::WordWrap);
            layout.setTextOption(option);
            layout.beginLayout();
            for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                line.setLineWidth(width);
                QString text = paragraph.mid(line.textStart(), line.textLength()).trimmed();
                text.replace(QChar(0x00A0), QLatin1Char(' '));
                found << tablefit::tokens(text);
            }
            layout.endLayout();
        }
        QVERIFY2(found == expected, qPrintable(QStringLiteral("%1 px: %2").arg(width).arg(found.join(u'|'))));
        ++checked;
    }
    QVERIFY(checked > 10);
}

void TestTableFit::widthsShareTheTable() {
    // Room for every widest line: those, the last column taking what is left.
    QCOMPARE(tablefit::columnWidths({20, 100, 60}, {20, 50, 40}, 200), (std::vector<int>{20, 100, 80}));
    // 40 px short: each column gives the same share (40 of 70) of what it can give.
    // 40 px short: each column gives the same share (40 of the 70 they can give) of what it can give,
    // rounded up (50 * 4/7 -> 29, 20 * 4/7 -> 12), and the last takes the pixel left over.
    QCOMPARE(tablefit::columnWidths({20, 100, 60}, {20, 50, 40}, 140), (std::vector<int>{20, 71, 49}));
    // Not even the widest tokens fit: those, and the caller decides.
    QCOMPARE(tablefit::columnWidths({20, 100, 60}, {20, 50, 40}, 100), (std::vector<int>{20, 50, 40}));
}

QTEST_MAIN(TestTableFit)
#include "tst_table_fit.moc"
