#pragma once
/// @file timeline_scrubber.h
/// The strip under the canvas in Simulate mode (issue 15): the recorded range of steps, the frame shown
/// (a cursor), and bookmarks as coloured flags. A click or a drag asks for the step under the mouse; a click
/// on a flag asks for its step; hovering a flag names it in a tooltip. Focusable: Left/Right move one step,
/// Page Up/Down one second's worth (60 steps), Home/End the ends, [ and ] the previous and next bookmark.
/// It only asks (seekRequested); whoever owns the run moves the frame and calls setCurrent.

#include <QColor>
#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace cl {

class TimelineScrubber : public QWidget {
    Q_OBJECT

public:
    struct Mark {
        std::int64_t step = 0;
        QString label; ///< the tooltip, e.g. "first contact: ball on ground (step 42)"
        QColor color;
    };

    /// Half the width of a flag's hit area, pixels.
    static constexpr double kFlagPickPixels = 5.0;

    explicit TimelineScrubber(QWidget* parent = nullptr);

    /// The recorded steps [first, last] and the one shown.
    void setRange(std::int64_t first, std::int64_t last);
    void setCurrent(std::int64_t step);
    void setMarks(std::vector<Mark> marks);
    std::int64_t first() const { return m_first; }
    std::int64_t last() const { return m_last; }
    std::int64_t current() const { return m_current; }
    const std::vector<Mark>& marks() const { return m_marks; }

    /// The x (widget pixels) of `step`, and the step nearest to `x` (clamped into the range).
    double xOfStep(std::int64_t step) const;
    std::int64_t stepAtX(double x) const;
    /// The index of the mark whose flag is under `x` (nearest within kFlagPickPixels), or -1.
    int markAtX(double x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user asked to show `step` (a click, a drag, a flag, a key).
    void seekRequested(std::int64_t step);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    double trackLeft() const;
    double trackRight() const;
    void request(std::int64_t step);

    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
    std::int64_t m_current = 0;
    std::vector<Mark> m_marks; ///< ascending step
    bool m_dragging = false;
};

} // namespace cl
