/// @file tst_explanation_label.cpp
/// ExplanationLabel (app/gui/explanation_label.h) lays out and draws as a QLabel does. Two panels side by
/// side, each a column like the Walkthrough's (a row of buttons, the explanation, a table below), one with a
/// QLabel and one with an ExplanationLabel of the same settings (word wrap, selectable, margin, style sheet),
/// are given the same texts: new texts, texts whose numbers change as on a drag (setTextKeepingHints, some
/// of them a line longer or shorter), a new font and new widths. After each, the two explanations have the
/// same geometry and the two panels the same pixels, and the label's height for its width is QLabel's;
/// after a new text, and after refreshHints (the drag's end), its size hints are QLabel's too. Its own
/// height-for-width of a plain text (plainHeightForWidth) is QLabel's on thousands of seeded cases.

#include "explanation_label.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QTableWidget>
#include <QTest>
#include <QVBoxLayout>

#include <memory>
#include <random>

using namespace cl;

namespace {

/// A Walkthrough-like column around `label`.
/// A Walkthrough-like column around `label`, or around `box`'s label placed as the dock places it.
QWidget* panel(QLabel* label, ExplanationBox* box = nullptr) {
    auto* widget = new QWidget;
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(8, 6, 8, 8);
    auto* row = new QHBoxLayout;
    // (Buttons would differ: the one under the offscreen cursor is drawn hovered.)
    row->addWidget(new QLabel(QStringLiteral("\u25c0 Back")));
    row->addWidget(new QLabel(QStringLiteral("Step 3 of 11: Axis 2")), 1);
    row->addWidget(new QLabel(QStringLiteral("Next \u25b6")));
    layout->addLayout(row);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setMargin(8);
    label->setStyleSheet(QStringLiteral("QLabel { background: #f4f6fa; border: 1px solid #c8cdd8; "
                                        "border-radius: 4px; color: #1d2430; }"));
    label->setMinimumHeight(label->fontMetrics().lineSpacing() * 3);
    if (box) {
        box->setParent(widget);
        box->addToLayout(layout);
    } else {
        layout->addWidget(label);
    }
    auto* table = new QTableWidget(4, 3);
    table->setMinimumHeight(60);
    table->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(table, 1);
    return widget;
}

/// A SAT sentence with numbers, `extra` clauses long.
QString sentence(double overlap, int extra) {
    QString text =
        QStringLiteral("Axis 2 is the normal of A's edge 1. A's shadow on it runs from %1 to %2 m and "
                       "B's from %3 to %4 m: they overlap by %5 m.")
            .arg(-0.62 + overlap, 0, 'f', 2)
            .arg(0.87, 0, 'f', 2)
            .arg(0.26, 0, 'f', 2)
            .arg(1.13 + overlap, 0, 'f', 2)
            .arg(overlap, 0, 'f', 3);
    for (int i = 0; i < extra; ++i) {
        text += QStringLiteral(" The smallest overlap so far is %1 m, on axis %2.")
                    .arg(overlap * (i + 1), 0, 'f', 3)
                    .arg(i);
    }
    return text;
}

} // namespace

class TestExplanationLabel : public QObject {
    Q_OBJECT

private slots:
    void laysOutAsQLabel();
    void plainHeightIsQLabels();
};

// plainHeightForWidth is QLabel's own height for every text, width, margin and font the dock gives it: 4000
// seeded cases of Walkthrough-like sentences (one to six clauses, some with a second paragraph or a word
// too long for the line), widths from 60 to 700 px, margins 0, 5 and 8, the normal and the presentation
// font, on the dock's framed, style-sheeted label.
void TestExplanationLabel::plainHeightIsQLabels() {
    auto* box = new ExplanationBox;
    ExplanationLabel* label = box->label();
    std::unique_ptr<QWidget> w(panel(label, box));
    w->resize(380, 520);
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(label->frameWidth() > 0); // the framed case, whose indent QLabel works out itself
    const QFont normal = label->font();
    QFont large = normal;
    large.setPointSizeF(normal.pointSizeF() * 1.6);
    std::mt19937 random(20261206);
    const auto pick = [&random](int n) {
        return static_cast<int>(random() % static_cast<unsigned>(n));
    };
    int cases = 0;
    for (const QFont& font : {normal, large}) {
        label->setFont(font);
        for (const int margin : {0, 5, 8}) {
            label->setMargin(margin);
            for (int trial = 0; trial < 666; ++trial) {
                QString text = sentence(0.001 * pick(3000), pick(6));
                if (pick(4) == 0) {
                    text += QStringLiteral("\nThe pair is separated: SAT stops at the first gap.");
                }
                if (pick(8) == 0) {
                    text += QStringLiteral(" supercalifragilisticexpialidocious-and-more");
                }
                label->setText(text);
                const int width = 60 + pick(640);
                QVERIFY2(
                    label->plainHeightForWidth(width) == label->QLabel::heightForWidth(width),
                    qPrintable(QStringLiteral("%1 pt, margin %2, width %3: %4 against QLabel's %5 for \"%6\"")
                                   .arg(font.pointSizeF())
                                   .arg(margin)
                                   .arg(width)
                                   .arg(label->plainHeightForWidth(width))
                                   .arg(label->QLabel::heightForWidth(width))
                                   .arg(text)));
                ++cases;
            }
        }
    }
    QCOMPARE(cases, 3996);
}

void TestExplanationLabel::laysOutAsQLabel() {
    // Each panel a window of its own, as the dock is a place of its own in the main window.
    auto* plain = new QLabel;
    auto* box = new ExplanationBox;
    ExplanationLabel* kept = box->label();
    std::unique_ptr<QWidget> left(panel(plain));
    std::unique_ptr<QWidget> right(panel(kept, box));
    plain->setText(sentence(0.1, 1));
    kept->setText(sentence(0.1, 1));
    for (QWidget* w : {left.get(), right.get()}) {
        w->resize(380, 520);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
    }
    auto sameHints = [&](const char* where) {
        QVERIFY2(kept->sizeHint() == plain->sizeHint(), where);
        QVERIFY2(kept->minimumSizeHint() == plain->minimumSizeHint(), where);
    };

    int checks = 0;
    auto check = [&](const QByteArray& where) {
        QApplication::processEvents(); // once, as the window's event loop would before it paints
        QVERIFY2(left->size() == right->size(), where.constData());
        QVERIFY2(kept->geometry().translated(box->pos()) == plain->geometry(), where.constData());
        QVERIFY2(kept->heightForWidth(kept->width()) == kept->QLabel::heightForWidth(kept->width()),
                 where.constData());
        QVERIFY2(left->grab().toImage() == right->grab().toImage(), where.constData());
        ++checks;
    };
    check("first text");
    sameHints("first text");
    const int announcedBefore = box->announcements();
    // A drag: the numbers change, sometimes the sentence grows or shrinks by a clause (a line).
    for (int move = 0; move < 24; ++move) {
        const QString text = sentence(0.1 + 0.037 * move, (move / 6) % 3);
        plain->setText(text);
        kept->setTextKeepingHints(text);
        box->sync(); // as the dock does after each text
        check("move " + QByteArray::number(move));
        if (QTest::currentTestFailed()) {
            return;
        }
    }
    // The box told the dock's layout only when the height changed (the sentence grew or shrank a line),
    // not on each of the 24 moves.
    QVERIFY2(box->announcements() - announcedBefore < 12,
             qPrintable(QString::number(box->announcements() - announcedBefore)));
    QVERIFY(box->announcements() - announcedBefore >= 2);
    kept->refreshHints(); // what the label's timer does when the drag pauses
    box->sync();
    check("drag's end");
    sameHints("drag's end");
    // Another step: a new text, then a new font (presentation mode), then other widths.
    plain->setText(QStringLiteral("Step 1: every edge normal of both shapes is an axis to test."));
    kept->setText(QStringLiteral("Step 1: every edge normal of both shapes is an axis to test."));
    box->sync();
    check("new step");
    sameHints("new step");
    QFont large = plain->font();
    large.setPointSizeF(large.pointSizeF() * 1.6);
    plain->setFont(large);
    kept->setFont(large);
    box->sync();
    check("large font");
    sameHints("large font");
    for (int width : {300, 520, 340}) {
        left->resize(width, 560);
        right->resize(width, 560);
        const QString text = sentence(0.2 + width * 1e-4, 2);
        plain->setText(text);
        kept->setTextKeepingHints(text);
        box->sync();
        check("width " + QByteArray::number(width));
    }
    kept->refreshHints();
    box->sync();
    check("end");
    sameHints("end");
    QCOMPARE(checks, 32);
}

QTEST_MAIN(TestExplanationLabel)
#include "tst_explanation_label.moc"
