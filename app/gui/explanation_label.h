#pragma once
/// @file explanation_label.h
/// The Walkthrough's explanation paragraph: a word-wrapped, selectable QLabel that answers the layout's
/// questions about its size without laying its text out again and again.
///
/// A word-wrapped QLabel with a text control lays its QTextDocument out twice for every heightForWidth
/// (at the width asked, then back; QLabelPrivate::sizeForWidth) and five or more times for its size hints
/// (the golden-ratio search of QTextDocument::adjustSize, the widest word, one line). Each new text makes
/// the dock's layout and its scroll area ask all of them again. A vertex drag gives the explanation a new
/// text on every mouse move (issue 12), where this was a tenth of a move.
///
/// - heightForWidth, which sets the label's height in the dock's layout (QBoxLayout gives a
///   height-for-width item exactly that height), is QLabel's answer, kept per text and width; for a plain
///   wrapped text it is worked out with one QTextLayout per paragraph (plainHeightForWidth), which
///   tst_explanation_label holds equal to QLabel's on 4000 seeded texts, widths, margins and fonts.
/// - The size hints (the widest word for the minimum width, the golden-ratio width for the size hint) are
///   QLabel's own too, worked out for a text and kept while the text changes through setTextKeepingHints:
///   the dock calls it when a body edit changes the numbers of the step shown (same step, pair and mode).
///   The dock's layout does not place the label by them (its width is the dock's, its height the height
///   for that width); they bound the dock's minimum width, which the pair and navigation rows set, and its
///   size hint, which the main window reads when it places docks, not on a drag. A quarter of a second
///   after the last such text (the drag paused or ended) they are worked out again for the text shown and
///   the layout told (refreshHints), so a settled label has QLabel's hints. Any other new text
///   (QLabel::setText), and any change of font, style or margins, works them out again at once.

#include <QLabel>
#include <QSize>
#include <QSizePolicy>
#include <QString>
#include <QTimer>
#include <QWidget>

class QBoxLayout;

namespace cl {

class ExplanationLabel : public QLabel {
public:
    explicit ExplanationLabel(QWidget* parent = nullptr);

    /// A new text that keeps the size hints worked out for the texts before (see the file comment); QLabel's
    /// setText, or any other change of the text, works them out again when next asked.
    void setTextKeepingHints(const QString& text);

    /// Works the size hints out for the text shown and tells the layout (updateGeometry) if they changed.
    void refreshHints();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    int heightForWidth(int width) const override;
    /// QLabel::heightForWidth of a word-wrapped plain text with no indent, worked out with one QTextLayout
    /// per paragraph instead of the text control's document laid out twice.
    int plainHeightForWidth(int width) const;

protected:
    bool event(QEvent* event) override;

private:
    /// Forgets the kept sizes when the text is neither the one they were worked out for nor one given to
    /// setTextKeepingHints since, or when a setting changed.
    void checkHints() const;
    void forget() const;
    /// What QLabel's sizes follow besides the text and the events above: margin, indent, wrapping and
    /// alignment (set through QLabel's non-virtual setters).
    QString settingsKey() const;

    QTimer m_refresh;            ///< refreshHints, a quarter of a second after the last setTextKeepingHints
    mutable QString m_settings;  ///< settingsKey() when the sizes below were worked out
    mutable QString m_hintsText; ///< the text the hints were worked out for
    mutable QString m_keptFor;   ///< the last text given to setTextKeepingHints since
    mutable QSize m_sizeHint;    ///< invalid: ask QLabel
    mutable QSize m_minimumSizeHint; ///< invalid: ask QLabel
    mutable QString m_heightText;    ///< the text m_height was worked out for
    mutable int m_heightWidth = -1;  ///< and the width (-1: nothing kept)
    mutable int m_height = 0;
};

/// The explanation's place in the dock's layout: a widget without a layout of its own that holds the
/// label, filling it, and answers the layout with the label's sizes. QLabel::setText calls updateGeometry,
/// which invalidates the parent's layout: the dock's layout, its scroll area and the tab page beside it
/// then lay out again (QLayout::activate, QScrollArea::updateScrollBars), on every mouse move of a drag.
/// With this box as the parent, the label's update reaches the box alone (a LayoutRequest: the parent has
/// no layout), and the box tells the dock's layout (updateGeometry) only when something the layout reads
/// changed: the label's height for the box's width, its size hints, size policy, minimum or maximum size.
/// Add it to the layout with addToLayout: the layout item is a plain QWidgetItem, which asks the box every
/// time (QWidgetItemV2, what addWidget makes, keeps answers for three widths until updateGeometry, and a
/// text whose height did not change at this width may change at another). Call sync after changing the
/// label (its text, font, style sheet): the layout then hears of it in the same pass of the event loop as
/// it would of a QLabel's change. The LayoutRequest the label posts to the box does the same one pass
/// later, for changes made without sync.
class ExplanationBox : public QWidget {
public:
    explicit ExplanationBox(QWidget* parent = nullptr);
    ExplanationLabel* label() const { return m_label; }
    /// Appends the box to `layout` as the label would be appended by addWidget.
    void addToLayout(QBoxLayout* layout);
    /// Copies the label's minimum and maximum size and size policy to the box, and tells the layout
    /// (updateGeometry) when anything it reads changed.
    void sync();
    /// How many times the box told the layout (tests).
    int announcements() const { return m_announcements; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// What the layout reads, as last told to it.
    struct Told {
        QSize sizeHint, minimumSizeHint, minimumSize, maximumSize;
        QSizePolicy policy;
        int width = -1, height = -1;
        bool operator==(const Told&) const = default;
    };
    Told now() const;

    ExplanationLabel* m_label = nullptr;
    Told m_told;
    int m_announcements = 0;
};

} // namespace cl
