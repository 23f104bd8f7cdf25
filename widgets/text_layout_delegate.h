#pragma once
/// @file text_layout_delegate.h
/// An item delegate that draws a cell's text exactly as QStyledItemDelegate does, laying the text out once
/// per text and cell size instead of three times per paint.
///
/// Qt's own path (QCommonStyle's CE_ItemViewItem, Qt 6.4) lays a cell's text out three times each time the
/// cell is painted: for the text rectangle (QCommonStylePrivate::viewItemSize, through subElementRect), to
/// find what to elide (calculateElidedText) and to draw it (viewItemDrawText). The walkthrough table repaints
/// its changed cells on every mouse move of a drag (issue 12), where those layouts were most of its cost.
/// This delegate lets the style draw everything but the text (background, selection), then draws the text
/// from a QTextLayout kept per (text, font, text rectangle size, alignment, wrapping, direction), placed where
/// calculateElidedText would place it. A text that Qt would elide or cut (a row too short, a column too
/// narrow), a cell with focus, a check box, an icon or an editor, and any style but the ones whose item text
/// is QCommonStyle's are left to QStyledItemDelegate, so every pixel is Qt's.

#include <QFont>
#include <QHash>
#include <QPointF>
#include <QStyledItemDelegate>
#include <QTextLayout>

#include <memory>

namespace cl {

class TextLayoutDelegate : public QStyledItemDelegate {
public:
    explicit TextLayoutDelegate(QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    /// QStyledItemDelegate's size hint, kept per text, font, cell size and item features (a table that fits
    /// its rows to their text asks it of every cell of a row whose text changed).
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /// How many cells were drawn from a kept layout, and how many were left to QStyledItemDelegate (tests).
    int fastPaints() const { return m_fastPaints; }
    int fallbackPaints() const { return m_fallbackPaints; }

private:
    /// One text's layout in one cell size: where QCommonStyle would draw it, relative to the text
    /// rectangle's top left, or null when Qt would elide or cut it (then QStyledItemDelegate draws).
    struct Entry {
        std::shared_ptr<QTextLayout> layout;
        QPointF offset;
    };
    /// The layout for `text` in a text rectangle of `size` (after the focus frame margins), built as
    /// QCommonStylePrivate::calculateElidedText and viewItemDrawText build theirs.
    const Entry& entry(const QString& text, const QFont& font, QSize size, Qt::Alignment alignment, bool wrap,
                       Qt::LayoutDirection direction) const;

    mutable QHash<QString, Entry> m_entries;
    mutable QHash<QString, QSize> m_sizeHints;
    mutable int m_fastPaints = 0;
    mutable int m_fallbackPaints = 0;
};

} // namespace cl
