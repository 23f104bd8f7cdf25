/// @file tst_text_layout_delegate.cpp
/// TextLayoutDelegate (widgets/text_layout_delegate.h) draws a table exactly as QStyledItemDelegate does:
/// the same table, with cells of one line, several lines, wrapped text, bold and tinted rows, a selection,
/// a focused cell, texts too wide for their column (elided, and not elided), rows too short for their text,
/// right to left, and again after every text changed (drawn from kept layouts), grabbed with each delegate:
/// 0 pixels differ; every cell's size hint and the rows fitted to their text are Qt's too. Ordinary cells take the delegate's own path (its count), the odd ones Qt's.

#include "text_layout_delegate.h"

#include <QApplication>
#include <QHeaderView>
#include <QImage>
#include <QStyleFactory>
#include <QTableWidget>
#include <QTest>

namespace {

/// Texts like the walkthrough table's: numbers, pairs, two-line shadows, long clipping notes.
QStringList cellTexts(int variant) {
    const QString n = QString::number(0.61 + 0.01 * variant, 'f', 2);
    return {
        QStringLiteral("1"),
        QStringLiteral("A edge %1").arg(variant),
        QStringLiteral("[-%1, 0.87]\n[0.26, 1.%2]").arg(n).arg(variant),
        n,
        QStringLiteral("kept: depth %1 m below the reference face, inside the clip plane").arg(n),
        QStringLiteral("separating"),
        QString(),
        QStringLiteral("(%1, -0.0%2)").arg(n).arg(variant),
        QStringLiteral("discarded: %1 m in front of clip plane 2 of the incident edge's neighbours").arg(n)};
}

void fill(QTableWidget& table, int variant) {
    const QStringList texts = cellTexts(variant);
    const int columns = 4;
    table.setColumnCount(columns);
    table.setRowCount(int(texts.size()));
    for (int r = 0; r < int(texts.size()); ++r) {
        for (int c = 0; c < columns; ++c) {
            auto* item = table.item(r, c);
            if (!item) {
                item = new QTableWidgetItem;
                table.setItem(r, c, item);
            }
            item->setText(c == 0 ? QString::number(r) : texts[(r + c) % texts.size()]);
            QFont font = table.font();
            font.setBold(r % 3 == 1);
            item->setFont(font);
            if (r % 4 == 2) {
                item->setBackground(QColor(255, 243, 205));
            }
        }
    }
}

/// The table's pixels, drawn with QStyledItemDelegate or with TextLayoutDelegate.
QImage grabTable(QTableWidget& table, QAbstractItemDelegate* delegate) {
    table.setItemDelegate(delegate);
    table.viewport()->update();
    return table.grab().toImage();
}

} // namespace

class TestTextLayoutDelegate : public QObject {
    Q_OBJECT

private slots:
    void samePixels_data();
    void samePixels();
};

void TestTextLayoutDelegate::samePixels_data() {
    QTest::addColumn<QString>("style");
    QTest::addColumn<int>("elide");
    QTest::addColumn<bool>("wrap");
    QTest::addColumn<int>("rowHeight");
    QTest::addColumn<bool>("rightToLeft");
    QTest::newRow("walkthrough table") << "Fusion" << int(Qt::ElideNone) << true << 0 << false;
    QTest::newRow("elide right") << "Fusion" << int(Qt::ElideRight) << true << 0 << false;
    QTest::newRow("no wrap") << "Fusion" << int(Qt::ElideRight) << false << 0 << false;
    QTest::newRow("short rows") << "Fusion" << int(Qt::ElideNone) << true << 14 << false;
    QTest::newRow("short rows, elide") << "Fusion" << int(Qt::ElideRight) << true << 22 << false;
    QTest::newRow("right to left") << "Fusion" << int(Qt::ElideNone) << true << 0 << true;
    QTest::newRow("windows style") << "Windows" << int(Qt::ElideNone) << true << 0 << false;
}

void TestTextLayoutDelegate::samePixels() {
    QFETCH(QString, style);
    QFETCH(int, elide);
    QFETCH(bool, wrap);
    QFETCH(int, rowHeight);
    QFETCH(bool, rightToLeft);
    QStyle* theStyle = QStyleFactory::create(style);
    QVERIFY(theStyle);
    QTableWidget table;
    table.setStyle(theStyle);
    table.setLayoutDirection(rightToLeft ? Qt::RightToLeft : Qt::LeftToRight);
    table.resize(420, 520);
    table.setWordWrap(wrap);
    table.setTextElideMode(Qt::TextElideMode(elide));
    table.setSelectionBehavior(QAbstractItemView::SelectRows);
    table.setSelectionMode(QAbstractItemView::MultiSelection);
    fill(table, 0);
    table.horizontalHeader()->resizeSection(0, 30);
    table.horizontalHeader()->resizeSection(1, 90);
    table.horizontalHeader()->resizeSection(2, 120);
    table.horizontalHeader()->resizeSection(3, 150);
    if (rowHeight > 0) {
        table.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        table.verticalHeader()->setDefaultSectionSize(rowHeight);
    } else {
        table.resizeRowsToContents();
    }
    table.selectRow(3);
    table.selectRow(4);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    table.setFocus();
    table.setCurrentCell(5, 2, QItemSelectionModel::NoUpdate); // a focused cell

    QStyledItemDelegate qtDelegate;
    cl::TextLayoutDelegate delegate;
    for (int variant = 0; variant < 3; ++variant) {
        fill(table, variant);
        const QImage expected = grabTable(table, &qtDelegate);
        const QImage actual = grabTable(table, &delegate);
        QCOMPARE(actual.size(), expected.size());
        int differing = 0;
        for (int y = 0; y < expected.height(); ++y) {
            for (int x = 0; x < expected.width(); ++x) {
                differing += actual.pixel(x, y) != expected.pixel(x, y) ? 1 : 0;
            }
        }
        QCOMPARE(differing, 0);
        // Drawn twice more from the kept layouts: still the same.
        QCOMPARE(grabTable(table, &delegate), actual);
        // Qt's size hints, asked as resizeRowsToContents asks them (twice: the second from the cache).
        for (int r = 0; r < table.rowCount(); ++r) {
            for (int c = 0; c < table.columnCount(); ++c) {
                QStyleOptionViewItem option;
                option.initFrom(table.viewport());
                option.widget = &table;
                option.rect = QRect(0, 0, table.columnWidth(c), table.rowHeight(r));
                option.features = wrap ? QStyleOptionViewItem::WrapText : QStyleOptionViewItem::None;
                const QModelIndex index = table.model()->index(r, c);
                const QSize hint = qtDelegate.sizeHint(option, index);
                QCOMPARE(delegate.sizeHint(option, index), hint);
                QCOMPARE(delegate.sizeHint(option, index), hint);
            }
        }
        // And the rows fitted to their text through each delegate are as tall.
        if (rowHeight == 0) {
            table.setItemDelegate(&delegate);
            table.resizeRowsToContents();
            QList<int> heights;
            for (int r = 0; r < table.rowCount(); ++r) {
                heights.append(table.rowHeight(r));
            }
            table.setItemDelegate(&qtDelegate);
            table.resizeRowsToContents();
            for (int r = 0; r < table.rowCount(); ++r) {
                QCOMPARE(table.rowHeight(r), heights[r]);
            }
        }
    }
    // The table's ordinary cells (most of them, in the walkthrough table's settings) took the kept layouts.
    if (rowHeight == 0 && elide == int(Qt::ElideNone) && wrap) {
        QVERIFY2(delegate.fastPaints() > 3 * delegate.fallbackPaints(),
                 qPrintable(QStringLiteral("fast %1, Qt's %2")
                                .arg(delegate.fastPaints())
                                .arg(delegate.fallbackPaints())));
    }
    table.setItemDelegate(&qtDelegate);
}

QTEST_MAIN(TestTextLayoutDelegate)
#include "tst_text_layout_delegate.moc"
