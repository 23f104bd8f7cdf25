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
///   height-for-width item exactly that height), is QLabel's own answer, kept per text and width.
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
#include <QString>
#include <QTimer>

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

} // namespace cl
