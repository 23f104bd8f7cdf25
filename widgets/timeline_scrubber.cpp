#include "timeline_scrubber.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {
/// Steps per Page Up / Page Down: one second at the default 60 Hz.
constexpr std::int64_t kPageSteps = 60;
/// Margin left and right of the track, pixels (room for the cursor's handle at the ends).
constexpr double kMargin = 8.0;
} // namespace

TimelineScrubber::TimelineScrubber(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("timelineScrubber"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Timeline"));
    setToolTip(tr("Recorded frames: click or drag to show a frame, click a flag to jump to it"));
}

void TimelineScrubber::setRange(std::int64_t first, std::int64_t last) {
    last = std::max(first, last);
    if (first != m_first || last != m_last) {
        m_first = first;
        m_last = last;
        update();
    }
}

void TimelineScrubber::setCurrent(std::int64_t step) {
    if (step != m_current) {
        m_current = step;
        update();
    }
}

void TimelineScrubber::setMarks(std::vector<Mark> marks) {
    std::stable_sort(marks.begin(), marks.end(),
                     [](const Mark& a, const Mark& b) { return a.step < b.step; });
    m_marks = std::move(marks);
    update();
}

double TimelineScrubber::trackLeft() const {
    return kMargin;
}

double TimelineScrubber::trackRight() const {
    return std::max(trackLeft() + 1.0, width() - kMargin);
}

double TimelineScrubber::xOfStep(std::int64_t step) const {
    if (m_last <= m_first) {
        return trackLeft();
    }
    const double f = static_cast<double>(step - m_first) / static_cast<double>(m_last - m_first);
    return trackLeft() + std::clamp(f, 0.0, 1.0) * (trackRight() - trackLeft());
}

std::int64_t TimelineScrubber::stepAtX(double x) const {
    if (m_last <= m_first) {
        return m_first;
    }
    const double f = std::clamp((x - trackLeft()) / (trackRight() - trackLeft()), 0.0, 1.0);
    return m_first + std::llround(f * static_cast<double>(m_last - m_first));
}

int TimelineScrubber::markAtX(double x) const {
    int best = -1;
    double bestDistance = kFlagPickPixels;
    for (std::size_t i = 0; i < m_marks.size(); ++i) {
        if (m_marks[i].step < m_first || m_marks[i].step > m_last) {
            continue;
        }
        const double d = std::abs(xOfStep(m_marks[i].step) - x);
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

QSize TimelineScrubber::sizeHint() const {
    return QSize(400, fontMetrics().height() + 22);
}

QSize TimelineScrubber::minimumSizeHint() const {
    return QSize(120, fontMetrics().height() + 22);
}

void TimelineScrubber::request(std::int64_t step) {
    emit seekRequested(std::clamp(step, m_first, m_last));
}

bool TimelineScrubber::event(QEvent* event) {
    // The window's shortcuts (Left/Right step, Home...) would take these keys before keyPressEvent: while
    // the strip has focus they are its own.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        switch (key->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_PageUp:
        case Qt::Key_PageDown:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_BracketLeft:
        case Qt::Key_BracketRight:
            if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
                event->accept();
                return true;
            }
            break;
        default:
            break;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int mark = markAtX(help->pos().x());
        if (mark >= 0) {
            QToolTip::showText(help->globalPos(), m_marks[static_cast<std::size_t>(mark)].label, this);
        } else {
            QToolTip::showText(help->globalPos(), tr("Step %1").arg(stepAtX(help->pos().x())), this);
        }
        return true;
    }
    return QWidget::event(event);
}

// The track: a bar for the recorded range, the flags above it, the cursor across it, the range's ends and
// the shown step as text underneath.
void TimelineScrubber::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(rect(), palette().window());
    const QFontMetricsF metrics(font());
    const double barTop = 10.0;
    const double barHeight = 6.0;
    const QRectF bar(QPointF(trackLeft(), barTop), QPointF(trackRight(), barTop + barHeight));
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().mid());
    painter.drawRoundedRect(bar, 3.0, 3.0);
    // The part already seen (up to the cursor) in the highlight colour.
    QRectF played = bar;
    played.setRight(xOfStep(m_current));
    painter.setBrush(palette().highlight());
    painter.drawRoundedRect(played, 3.0, 3.0);

    for (const Mark& mark : m_marks) {
        if (mark.step < m_first || mark.step > m_last) {
            continue;
        }
        const double x = xOfStep(mark.step);
        painter.setPen(QPen(mark.color, 2.0));
        painter.drawLine(QPointF(x, 1.0), QPointF(x, barTop + barHeight));
        painter.setPen(Qt::NoPen);
        painter.setBrush(mark.color);
        painter.drawPolygon(QPolygonF({QPointF(x, 1.0), QPointF(x + 6.0, 3.5), QPointF(x, 6.0)}));
    }

    const double cx = xOfStep(m_current);
    painter.setPen(QPen(palette().text().color(), 1.5));
    painter.setBrush(palette().base());
    painter.drawEllipse(QPointF(cx, barTop + barHeight * 0.5), 5.0, 5.0);
    if (hasFocus()) {
        painter.setPen(QPen(palette().highlight().color(), 1.0, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    }
    painter.setPen(palette().text().color());
    const QRectF text(trackLeft(), barTop + barHeight + 3.0, trackRight() - trackLeft(), metrics.height());
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, tr("step %1").arg(m_first));
    painter.drawText(text, Qt::AlignRight | Qt::AlignVCenter, tr("step %1").arg(m_last));
    painter.drawText(text, Qt::AlignHCenter | Qt::AlignVCenter,
                     m_marks.size() == 1
                         ? tr("shown: step %1  (1 bookmark)").arg(m_current)
                         : tr("shown: step %1  (%2 bookmarks)").arg(m_current).arg(m_marks.size()));
}

void TimelineScrubber::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    const double x = event->position().x();
    const int mark = markAtX(x);
    if (mark >= 0) {
        request(m_marks[static_cast<std::size_t>(mark)].step);
        return;
    }
    m_dragging = true;
    request(stepAtX(x));
}

void TimelineScrubber::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging && (event->buttons() & Qt::LeftButton)) {
        request(stepAtX(event->position().x()));
    }
}

void TimelineScrubber::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragging = false;
    }
}

void TimelineScrubber::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Left:
        request(m_current - 1);
        return;
    case Qt::Key_Right:
        request(m_current + 1);
        return;
    case Qt::Key_PageUp:
        request(m_current - kPageSteps);
        return;
    case Qt::Key_PageDown:
        request(m_current + kPageSteps);
        return;
    case Qt::Key_Home:
        request(m_first);
        return;
    case Qt::Key_End:
        request(m_last);
        return;
    case Qt::Key_BracketLeft:
        for (auto it = m_marks.rbegin(); it != m_marks.rend(); ++it) {
            if (it->step < m_current && it->step >= m_first) {
                request(it->step);
                return;
            }
        }
        return;
    case Qt::Key_BracketRight:
        for (const Mark& mark : m_marks) {
            if (mark.step > m_current && mark.step <= m_last) {
                request(mark.step);
                return;
            }
        }
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace cl
