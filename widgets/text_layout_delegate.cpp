/// @file text_layout_delegate.cpp

#include "text_layout_delegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QTextLine>
#include <QTextOption>
#include <QWidget>

namespace cl {

namespace {

/// Kept layouts before the cache starts again (a table's cells over a long drag).
constexpr qsizetype kMaxEntries = 4000;

/// Styles whose item text is QCommonStyle's (CE_ItemViewItem and viewItemDrawText not overridden): the
/// only ones this delegate draws for. A style sheet (QStyleSheetStyle) or another style goes to Qt.
bool itemTextIsQCommonStyles(const QStyle* style) {
    const char* name = style->metaObject()->className();
    return qstrcmp(name, "QFusionStyle") == 0 || qstrcmp(name, "QWindowsStyle") == 0 ||
           qstrcmp(name, "QCommonStyle") == 0;
}

} // namespace

TextLayoutDelegate::TextLayoutDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

// QCommonStylePrivate::calculateElidedText (Qt 6.4) with a text that needs no eliding, pseudocode:
//   lay the text out at the text rectangle's width, line under line; with AlignVCenter, stop when the next
//     line (taken as tall as this one) would pass the rectangle's bottom
//   layoutRect = the laid-out bounding box aligned in the rectangle by the item's alignment
//   paint position = (rectangle left, layoutRect top)
//   for each line: a line above the rectangle, wider than it, or followed by a line less than half visible
//     is elided or skipped; stop at the line that reaches the rectangle's bottom
// and viewItemDrawText lays the resulting text out once more (without the stop) and draws it there. When no
// line is skipped, elided or cut, that text is the item's own and its layout is this one: it is kept and
// drawn for every later paint of the same text in the same size. Otherwise the entry is null.
const TextLayoutDelegate::Entry& TextLayoutDelegate::entry(const QString& text, const QFont& font, QSize size,
                                                           Qt::Alignment alignment, bool wrap,
                                                           Qt::LayoutDirection direction) const {
    const QString key = QStringLiteral("%1|%2|%3|%4|%5|%6|")
                            .arg(font.key())
                            .arg(size.width())
                            .arg(size.height())
                            .arg(int(alignment))
                            .arg(int(wrap))
                            .arg(int(direction)) +
                        text;
    auto found = m_entries.constFind(key);
    if (found != m_entries.constEnd()) {
        return *found;
    }
    if (m_entries.size() >= kMaxEntries) {
        m_entries.clear();
    }
    Entry result;
    QTextOption textOption;
    textOption.setWrapMode(wrap ? QTextOption::WordWrap : QTextOption::ManualWrap);
    textOption.setTextDirection(direction);
    textOption.setAlignment(QStyle::visualAlignment(direction, alignment));
    auto layout = std::make_shared<QTextLayout>(text, font);
    layout->setTextOption(textOption);
    const int lineWidth = size.width();
    const int maxHeight = alignment.testFlag(Qt::AlignVCenter) ? size.height() : -1;
    bool cut = false; // calculateElidedText's layout would stop before the last line
    qreal height = 0;
    layout->beginLayout();
    QTextLine line = layout->createLine();
    while (line.isValid()) {
        line.setLineWidth(lineWidth);
        line.setPosition(QPointF(0, height));
        height += line.height();
        QTextLine next = layout->createLine();
        if (maxHeight > 0 && height + line.height() > maxHeight && next.isValid()) {
            cut = true;
        }
        line = next;
    }
    layout->endLayout();

    bool same = !cut;
    const QRect textRect(QPoint(0, 0), size);
    const QRect layoutRect = QStyle::alignedRect(Qt::LayoutDirectionAuto, alignment,
                                                 layout->boundingRect().size().toSize(), textRect);
    QString shown;
    height = 0;
    const int lineCount = layout->lineCount();
    for (int i = 0; same && i < lineCount; ++i) {
        const QTextLine l = layout->lineAt(i);
        height += l.height();
        if (height + layoutRect.top() <= textRect.top() || l.naturalTextWidth() > textRect.width()) {
            same = false; // skipped above the rectangle, or elided
            break;
        }
        if (i + 1 < lineCount) {
            const int nextHeight = static_cast<int>(height + layout->lineAt(i + 1).height() / 2);
            if (nextHeight + layoutRect.top() > textRect.height() + textRect.top()) {
                same = false; // the last visible line would be elided
                break;
            }
        }
        shown += text.mid(l.textStart(), l.textLength());
        if (height + layoutRect.top() >= textRect.bottom() && i + 1 < lineCount) {
            same = false; // the lines below are not drawn
        }
    }
    if (same && shown == text) {
        result.layout = std::move(layout);
        result.offset = QPointF(textRect.x(), layoutRect.top());
    }
    return *m_entries.insert(key, std::move(result));
}

// The size hint (QCommonStyle's CT_ItemViewItem: viewItemLayout with sizehint set) follows from the option's
// text, font, rectangle (its width when the text wraps), features, alignment, direction and decoration
// size and place, and the style: all of them are the key. Items with a size hint of their own
// (Qt::SizeHintRole), a check box or an icon go to Qt.
QSize TextLayoutDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    if (index.data(Qt::SizeHintRole).isValid() ||
        (opt.features & (QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration)) ||
        !itemTextIsQCommonStyles(style)) {
        return QStyledItemDelegate::sizeHint(option, index);
    }
    const QString key = QStringLiteral("%1|%2,%3|%4|%5|%6|%7|%8,%9|%10|")
                            .arg(opt.font.key())
                            .arg(opt.rect.width())
                            .arg(opt.rect.height())
                            .arg(int(opt.features))
                            .arg(int(opt.displayAlignment))
                            .arg(int(opt.direction))
                            .arg(int(opt.decorationPosition))
                            .arg(opt.decorationSize.width())
                            .arg(opt.decorationSize.height())
                            .arg(quintptr(style)) +
                        opt.text;
    auto found = m_sizeHints.constFind(key);
    if (found == m_sizeHints.constEnd()) {
        if (m_sizeHints.size() >= kMaxEntries) {
            m_sizeHints.clear();
        }
        found = m_sizeHints.insert(key, QStyledItemDelegate::sizeHint(option, index));
    }
    return *found;
}

// QCommonStyle::drawControl(CE_ItemViewItem) draws, under a clip to the cell: the background
// (PE_PanelItemViewItem), the check mark, the icon, the text, the focus frame. Here the style draws the
// same option without its text (background only: no check mark, icon or focus frame reach this path), then
// the text is drawn as viewItemDrawText draws it, under the same clip and pen.
void TextLayoutDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const bool plain =
        !(opt.state & (QStyle::State_HasFocus | QStyle::State_Editing)) &&
        !(opt.features & (QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration)) &&
        itemTextIsQCommonStyles(style);
    if (!plain || opt.text.isEmpty()) {
        ++m_fallbackPaints;
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem bare = opt;
    bare.text.clear();
    const QRect itemTextRect = style->subElementRect(QStyle::SE_ItemViewItemText, &bare, widget);
    const int textMargin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect textRect = itemTextRect.adjusted(textMargin, 0, -textMargin, 0);
    const Entry& e = entry(opt.text, opt.font, textRect.size(), opt.displayAlignment,
                           opt.features.testFlag(QStyleOptionViewItem::WrapText), opt.direction);
    if (!e.layout) {
        ++m_fallbackPaints;
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    ++m_fastPaints;
    style->drawControl(QStyle::CE_ItemViewItem, &bare, painter, widget);
    painter->save();
    painter->setClipRegion(painter->hasClipping() ? (painter->clipRegion() & opt.rect) : QRegion(opt.rect));
    QPalette::ColorGroup group = (opt.state & QStyle::State_Enabled) ? QPalette::Normal : QPalette::Disabled;
    if (group == QPalette::Normal && !(opt.state & QStyle::State_Active)) {
        group = QPalette::Inactive;
    }
    painter->setPen(opt.palette.color(group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText
                                                                                  : QPalette::Text));
    e.layout->draw(painter, textRect.topLeft() + e.offset);
    painter->restore();
}

} // namespace cl
