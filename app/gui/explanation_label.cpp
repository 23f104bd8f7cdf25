/// @file explanation_label.cpp

#include "explanation_label.h"

#include <QEvent>

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

} // namespace cl
