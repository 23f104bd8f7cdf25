/// @file explanation_label.cpp

#include "explanation_label.h"

#include <QBoxLayout>
#include <QEvent>
#include <QResizeEvent>
#include <QStyle>
#include <QTextLayout>
#include <QWidgetItem>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
/// How long the text must stay before the kept size hints are worked out again (a drag's mouse moves come
/// every 10 to 20 ms; a pause of this length is the drag's end to a reader).
constexpr int kRefreshDelayMs = 250;
} // namespace

ExplanationLabel::ExplanationLabel(QWidget* parent) : QLabel(parent) {
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(kRefreshDelayMs);
    connect(&m_refresh, &QTimer::timeout, this, &ExplanationLabel::refreshHints);
}

void ExplanationLabel::setTextKeepingHints(const QString& text) {
    m_keptFor = text;
    setText(text);
    m_refresh.start();
}

void ExplanationLabel::refreshHints() {
    m_refresh.stop();
    const QSize hint = sizeHint();
    const QSize minimum = minimumSizeHint();
    m_keptFor.clear(); // the next checkHints works them out for the text shown
    if (sizeHint() != hint || minimumSizeHint() != minimum) {
        updateGeometry();
    }
}

QString ExplanationLabel::settingsKey() const {
    return QStringLiteral("%1 %2 %3 %4")
        .arg(margin())
        .arg(indent())
        .arg(int(wordWrap()))
        .arg(int(alignment()));
}

void ExplanationLabel::checkHints() const {
    const QString current = text();
    if (m_settings != settingsKey() || (current != m_hintsText && current != m_keptFor)) {
        forget();
    }
}

QSize ExplanationLabel::sizeHint() const {
    checkHints();
    if (!m_sizeHint.isValid()) {
        m_sizeHint = QLabel::sizeHint();
    }
    return m_sizeHint;
}

QSize ExplanationLabel::minimumSizeHint() const {
    checkHints();
    if (!m_minimumSizeHint.isValid()) {
        m_minimumSizeHint = QLabel::minimumSizeHint();
    }
    return m_minimumSizeHint;
}

int ExplanationLabel::plainHeightForWidth(int width) const {
    // QLabelPrivate::sizeForWidth for a word-wrapped plain text without indent: the text laid out as its
    // QTextDocument lays it out (one block per line of the text, margin 0, the label's font), but once, with
    // QTextLayout, instead of the document's layout twice (at this width, then back at the old).
    if (minimumWidth() > 0) {
        width = std::max(width, minimumWidth());
    }
    const QMargins contents = contentsMargins();
    int horizontalExtra = 2 * margin();
    int verticalExtra = horizontalExtra;
    // The indent QLabel adds: a framed label's default indent is an "x" less both margins (measured against
    // QLabel in tst_explanation_label: a margin of 0 on a framed label leaves 7 px at 9 pt).
    const Qt::Alignment align = QStyle::visualAlignment(layoutDirection(), alignment());
    int indentation = indent();
    if (indentation < 0 && frameWidth() > 0) {
        indentation = QFontMetrics(font()).horizontalAdvance(QLatin1Char('x')) - 2 * margin();
    }
    if (indentation > 0) {
        if (align & (Qt::AlignLeft | Qt::AlignRight)) {
            horizontalExtra += indentation;
        }
        if (align & (Qt::AlignTop | Qt::AlignBottom)) {
            verticalExtra += indentation;
        }
    }
    const qreal textWidth = std::max(width - horizontalExtra - contents.left() - contents.right(), 0);
    QTextOption option(align);
    option.setWrapMode(QTextOption::WordWrap);
    option.setTextDirection(layoutDirection());
    qreal height = 0.0;
    for (const QString& paragraph : text().split(QLatin1Char('\n'))) {
        QTextLayout layout(paragraph, font());
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLeadingIncluded(true);
            line.setLineWidth(textWidth);
            height += line.height();
        }
        layout.endLayout();
    }
    const int h = static_cast<int>(std::ceil(height)) + verticalExtra + contents.top() + contents.bottom();
    return std::max(h, minimumHeight());
}

int ExplanationLabel::heightForWidth(int width) const {
    checkHints();
    if (width != m_heightWidth || text() != m_heightText) {
        // The dock's label is plain and wrapped: the one QTextLayout pass instead of Qt's two document
        // layouts (9% of a drag's mouse move at 1000 bodies, contactlab-framebench --drag).
        m_height = textFormat() == Qt::PlainText && wordWrap() ? plainHeightForWidth(width)
                                                               : QLabel::heightForWidth(width);
        m_heightWidth = width;
        m_heightText = text();
    }
    return m_height;
}

bool ExplanationLabel::event(QEvent* event) {
    // What else QLabel's sizes follow (font, style sheet, contents rectangle, direction, polish) arrives as
    // an event: forget them.
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::ContentsRectChange:
    case QEvent::LayoutDirectionChange:
    case QEvent::Polish:
    case QEvent::PolishRequest:
    case QEvent::ApplicationFontChange:
    case QEvent::ScreenChangeInternal:
        m_settings.clear(); // checkHints forgets
        break;
    default:
        break;
    }
    return QLabel::event(event);
}

void ExplanationLabel::forget() const {
    m_settings = settingsKey();
    m_hintsText = text();
    m_keptFor.clear();
    m_sizeHint = QSize();
    m_minimumSizeHint = QSize();
    m_heightWidth = -1;
}

ExplanationBox::ExplanationBox(QWidget* parent) : QWidget(parent), m_label(new ExplanationLabel(this)) {
    m_told = now();
}

void ExplanationBox::addToLayout(QBoxLayout* layout) {
    sync();
    layout->addItem(new QWidgetItem(this));
}

ExplanationBox::Told ExplanationBox::now() const {
    Told t;
    t.sizeHint = m_label->sizeHint();
    t.minimumSizeHint = m_label->minimumSizeHint();
    t.minimumSize = m_label->minimumSize();
    t.maximumSize = m_label->maximumSize();
    t.policy = m_label->sizePolicy();
    t.width = width();
    t.height = t.policy.hasHeightForWidth() ? m_label->heightForWidth(width()) : -1;
    return t;
}

void ExplanationBox::sync() {
    // The box is what the layout sees: the label's explicit sizes and policy are the box's.
    if (minimumSize() != m_label->minimumSize()) {
        setMinimumSize(m_label->minimumSize());
    }
    if (maximumSize() != m_label->maximumSize()) {
        setMaximumSize(m_label->maximumSize());
    }
    if (sizePolicy() != m_label->sizePolicy()) {
        setSizePolicy(m_label->sizePolicy());
    }
    const Told t = now();
    if (!(t == m_told)) {
        m_told = t;
        ++m_announcements;
        updateGeometry();
    }
}

QSize ExplanationBox::sizeHint() const {
    return m_label->sizeHint();
}

QSize ExplanationBox::minimumSizeHint() const {
    return m_label->minimumSizeHint();
}

bool ExplanationBox::hasHeightForWidth() const {
    return m_label->sizePolicy().hasHeightForWidth();
}

int ExplanationBox::heightForWidth(int width) const {
    return m_label->heightForWidth(width);
}

bool ExplanationBox::event(QEvent* event) {
    switch (event->type()) {
    case QEvent::LayoutRequest: // the label's updateGeometry (a new text, font, margin, minimum size...)
    case QEvent::Show:          // a hidden box got no LayoutRequest from the label
        sync();
        break;
    default:
        break;
    }
    return QWidget::event(event);
}

void ExplanationBox::resizeEvent(QResizeEvent* event) {
    m_label->setGeometry(rect());
    m_told.width = width(); // the layout gave this width: it asked the height for it
    m_told.height = m_told.policy.hasHeightForWidth() ? m_label->heightForWidth(width()) : -1;
    QWidget::resizeEvent(event);
}

} // namespace cl
