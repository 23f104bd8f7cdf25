/// @file tst_row_contrast.cpp
/// Every highlighted row of the walkthrough's tables (SAT, Clipping, Methods on the SAT · Clipping page; GJK
/// and EPA on the GJK page) reads at WCAG 2.1's AA contrast, 4.5:1, in every theme and with the colour-blind
/// set: the emphasised rows (the MTV axis, the contacts, GJK's and EPA's result) and the selected rows (the
/// current step). Issue 12: under the dark theme the GJK table's result row was white text on pale yellow.
///
/// Measured on pixels, as a pupil sees them: the table is grabbed, and in each highlighted cell the most
/// frequent colour is the background and the pixel of the highest contrast with it is the text (a bold glyph's
/// stems cover whole pixels, so its own colour is among them).

#include "app_test_util.h"
#include "gjk_panel.h"
#include "main_window.h"
#include "palette.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QItemSelectionModel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace cl;

namespace {

/// Two overlapping boxes: SAT has an MTV row, clipping two contacts, GJK ends on overlap and EPA on a depth.
const char* const kScene = R"({
  "format": "contactlab-scene", "version": 1,
  "bodies": [
    { "name": "left", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]] } ] },
    { "name": "right", "position": [1.6, 0.3], "angle": 0.2,
      "shapes": [ { "type": "polygon", "vertices": [[-0.7, -0.5], [0.7, -0.5], [0.7, 0.5], [-0.7, 0.5]] } ] }
  ]
})";

struct Cell {
    QColor background;
    QColor text;
};

/// The background (most frequent colour) and text (highest contrast with it) of `rect` in `image`, inset by
/// two pixels so the grid lines between cells are left out.
Cell measure(const QImage& image, const QRect& rect) {
    const QRect inside = rect.adjusted(2, 2, -2, -2).intersected(image.rect());
    QHash<QRgb, int> counts;
    for (int y = inside.top(); y <= inside.bottom(); ++y) {
        for (int x = inside.left(); x <= inside.right(); ++x) {
            ++counts[image.pixel(x, y) | 0xff000000u];
        }
    }
    QRgb background = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            background = it.key();
        }
    }
    Cell cell{QColor(background), QColor(background)};
    double best = 1.0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        const double ratio = contrastRatio(QColor(it.key()), cell.background);
        if (ratio > best) {
            best = ratio;
            cell.text = QColor(it.key());
        }
    }
    return cell;
}

} // namespace

class TestRowContrast : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void contrastHelpers();
    void highlightedRowsRead_data();
    void highlightedRowsRead();

private:
    QTemporaryDir m_dir;
};

void TestRowContrast::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    QFile file(m_dir.filePath(QStringLiteral("pair.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(kScene) > 0);
}

// The WCAG formula's fixed points, and readableOn reaching the ratio it is asked for.
void TestRowContrast::contrastHelpers() {
    QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
    QCOMPARE(contrastRatio(QColor(0x77, 0x77, 0x77), QColor(0x77, 0x77, 0x77)), 1.0);
    QVERIFY(std::abs(contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.01);
    for (const QRgb background : {0xffffecb3u, 0xff5c4a14u, 0xffffe066u, 0xffffffffu, 0xff1e2228u}) {
        for (const QRgb text : {0xff1098adu, 0xff51cf66u, 0xff8000a0u, 0xffffffffu, 0xff000000u}) {
            QVERIFY(contrastRatio(readableOn(QColor(text), QColor(background)), QColor(background)) >= 4.5);
        }
    }
    // A colour that already reads is kept as it is.
    QCOMPARE(readableOn(QColor(0xff006400), Qt::white), QColor(0xff006400));
}

void TestRowContrast::highlightedRowsRead_data() {
    QTest::addColumn<QString>("theme");
    QTest::addColumn<bool>("colourBlind");
    for (const bool colourBlind : {false, true}) {
        for (const char* theme : {"actionThemeLight", "actionThemeDark", "actionThemeHighContrast"}) {
            QTest::addRow("%s%s", theme + 11, colourBlind ? ", colour-blind" : "")
                << QString::fromLatin1(theme) << colourBlind;
        }
    }
}

void TestRowContrast::highlightedRowsRead() {
    QFETCH(QString, theme);
    QFETCH(bool, colourBlind);
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openFile(m_dir.filePath(QStringLiteral("pair.json"))));
    auto* themeAction = window->findChild<QAction*>(theme);
    auto* colourBlindAction = window->findChild<QAction*>(QStringLiteral("actionColourBlindSafe"));
    QVERIFY(themeAction && colourBlindAction);
    themeAction->trigger();
    if (colourBlindAction->isChecked() != colourBlind) {
        colourBlindAction->trigger();
    }
    QCOMPARE(currentPalette().colourBlindSafe, colourBlind);

    auto* dock = window->findChild<WalkthroughDock*>();
    QVERIFY(dock);
    dock->show();
    dock->raise();
    QVERIFY(dock->setPair(0, 1));
    auto* pages = dock->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    auto* modes = dock->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"));
    auto* satTable = dock->findChild<QTableWidget*>(QStringLiteral("walkthroughTable"));
    auto* panel = dock->findChild<GjkPanel*>();
    QVERIFY(pages && modes && satTable && panel);
    auto* gjkTabs = panel->findChild<QTabBar*>(QStringLiteral("gjkViewTabs"));
    auto* gjkTable = panel->findChild<QTableWidget*>(QStringLiteral("gjkTable"));
    QVERIFY(gjkTabs && gjkTable);

    // Each table's highlighted rows, on the tab a user clicks.
    // The Methods table has no emphasised row; its rows name each method in the method's colour, which are
    // checked too.
    const auto check = [&](const QString& name, QTableWidget* table, bool hasEmphasis) {
        QApplication::processEvents();
        QVERIFY2(table->isVisible(), qPrintable(name));
        int emphasised = 0, selected = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            const bool isSelected = table->selectionModel()->isRowSelected(r, QModelIndex());
            const bool isEmphasised =
                table->item(r, 0) && table->item(r, 0)->background().style() != Qt::NoBrush;
            const bool isColoured =
                table->item(r, 0) && table->item(r, 0)->foreground().style() != Qt::NoBrush;
            if (!isSelected && !isEmphasised && !isColoured) {
                continue;
            }
            emphasised += isEmphasised ? 1 : 0;
            selected += isSelected ? 1 : 0;
            table->scrollToItem(table->item(r, 0));
            QApplication::processEvents();
            const QImage image = table->viewport()->grab().toImage();
            for (int col = 0; col < table->columnCount(); ++col) {
                const QTableWidgetItem* item = table->item(r, col);
                // (A column the width has no room for is hidden: the note under the table says so.)
                if (!item || item->text().trimmed().isEmpty() || table->isColumnHidden(col)) {
                    continue;
                }
                const Cell cell = measure(image, table->visualItemRect(item));
                const double ratio = contrastRatio(cell.text, cell.background);
                QVERIFY2(ratio >= 4.5,
                         qPrintable(QStringLiteral("%1 table, row %2 (%3%4), column %5 \"%6\": text %7 on %8 "
                                                   "is %9:1")
                                        .arg(name)
                                        .arg(r + 1)
                                        .arg(isEmphasised ? QStringLiteral("emphasised")
                                             : isColoured ? QStringLiteral("coloured")
                                                          : QString())
                                        .arg(isSelected ? QStringLiteral(" selected") : QString())
                                        .arg(col + 1)
                                        .arg(item->text(), cell.text.name(), cell.background.name())
                                        .arg(ratio, 0, 'f', 2)));
            }
        }
        // Not vacuous: each table has its result row and its current step's rows.
        QVERIFY2(!hasEmphasis || emphasised > 0, qPrintable(name + QStringLiteral(": no emphasised row")));
        QVERIFY2(selected > 0, qPrintable(name + QStringLiteral(": no selected row")));
    };
    const auto clickTab = [](QTabBar* bar, int index) {
        QTest::mouseClick(bar, Qt::LeftButton, Qt::NoModifier, bar->tabRect(index).center());
        QCOMPARE(bar->currentIndex(), index);
    };
    const char* const modeNames[] = {"SAT", "Clipping", "Methods"};
    for (int mode = 0; mode < 3; ++mode) {
        clickTab(modes, mode);
        check(QString::fromLatin1(modeNames[mode]), satTable, mode != 2);
        if (QTest::currentTestFailed()) {
            return;
        }
    }
    clickTab(pages->tabBar(), 1);
    clickTab(gjkTabs, int(GjkPanel::View::Gjk));
    check(QStringLiteral("GJK"), gjkTable, true);
    if (QTest::currentTestFailed()) {
        return;
    }
    clickTab(gjkTabs, int(GjkPanel::View::Epa));
    check(QStringLiteral("EPA"), gjkTable, true);
}

QTEST_MAIN(TestRowContrast)
#include "tst_row_contrast.moc"
