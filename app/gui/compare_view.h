#pragma once
/// @file compare_view.h
/// Compare mode's drawing (issue 15): the configurations of a CompareRun at the tick shown, either overlaid
/// in one pane as colour-coded outlines (compareColor, a legend naming each configuration) or in a split view
/// of up to four panes, each titled with its configuration, with linked zoom and pan (one ViewTransform for
/// every pane: the wheel zooms about the mouse, a drag pans). Static bodies are drawn once, filled grey.
/// Laid over the scene canvas while compare mode is on (compare_ui.h).

#include "view_transform.h"

#include <QWidget>

namespace cl {

class CompareRun;

class CompareView : public QWidget {
    Q_OBJECT

public:
    enum class Layout { Overlaid, Split };

    explicit CompareView(QWidget* parent = nullptr);

    /// The run drawn (not owned; null draws nothing).
    void setRun(const CompareRun* run);
    void setLayout(Layout layout);
    Layout layout() const { return m_layout; }
    /// The view of each pane (zoom and centre; its size is the pane's).
    void setViewTransform(const ViewTransform& view);
    const ViewTransform& viewTransform() const { return m_view; }
    /// Panes drawn: 1 overlaid, else min(configurations, 4).
    int paneCount() const;
    /// Pane `index`'s rectangle in widget pixels (its title inside at the top).
    QRect paneRect(int index) const;
    /// The configuration shown in split pane `index`.
    int paneConfig(int index) const { return index; }

    /// Draws everything into `painter` over `size` (the widget, a screenshot).
    void paint(QPainter& painter, QSize size) const;
    /// The slot of the moving body drawn under widget point `point` (in the pane there, its configuration's
    /// pose; overlaid, the first configuration's that holds it), or -1.
    int bodyAt(QPoint point) const;

signals:
    void viewChanged();
    /// A click (a press and release without a drag) on a moving body: select it (its graphs).
    void bodyClicked(int slot);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QRect paneRectIn(int index, QSize size) const;
    void paintPane(QPainter& painter, const QRect& rect, int firstConfig, int lastConfig, bool title) const;
    void fitPaneSize();

    const CompareRun* m_run = nullptr;
    Layout m_layout = Layout::Overlaid;
    ViewTransform m_view;
    QPoint m_dragFrom;
    QPoint m_pressedAt;
    bool m_dragging = false;
};

} // namespace cl
