/// @file explanation_label.cpp

#include "explanation_label.h"

#include <QBoxLayout>
#include <QEvent>
#include <QResizeEvent>
#include <QWidgetItem>

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

int ExplanationLabel::heightForWidth(int width) const {
    checkHints();
    if (width != m_heightWidth || text() != m_heightText) {
        m_height = QLabel::heightForWidth(width);
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
