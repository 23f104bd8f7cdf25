#pragma once
/// @file tool.h
/// Canvas input tools. A tool is an event filter installed on the canvas (SceneCanvas::setTool), apart from
/// the graphics items (the pattern of CGAL's Qt demos): it reads mouse and key events, draws its live
/// preview and handles over the scene (drawOverlay), and asks for edits by emitting intents on the shared
/// EditIntents object. It never edits a document: widgets/ does not know app/.
///
/// Conventions shared by every tool:
///   - points are world metres (y-up); pixels appear only for pick radii and drawing, converted through the
///     canvas's ViewTransform;
///   - Ctrl held snaps points to the grid (spacing: the canvas's current minor grid step);
///   - Esc abandons the gesture in progress; a drag emits exactly one intent, on release;
///   - a refused action shows a hint near the cursor and emits EditIntents::statusMessage.

#include "label_layout.h"
#include "physics/math.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>

#include <vector>

class QKeyEvent;
class QMouseEvent;
class QPainter;

namespace cl {

class EditIntents;
class SceneCanvas;

/// Base class of the canvas tools: event dispatch, snapping, hints and the shared selection actions
/// (delete, duplicate, nudge).
class Tool : public QObject {
    Q_OBJECT

public:
    /// Distance a press must move before it counts as a drag, pixels.
    static constexpr double kDragThresholdPixels = 4.0;
    /// How long a hint stays next to the cursor, milliseconds.
    static constexpr int kHintMilliseconds = 4000;

    /// @param canvas the canvas the tool works on (not owned)
    /// @param intents where the tool's edits go (not owned)
    Tool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);
    ~Tool() override;

    /// Short name for menus and tooltips, e.g. "Draw polygon".
    virtual QString name() const = 0;

    /// Called by SceneCanvas::setTool when the tool becomes the active one.
    virtual void activate();
    /// Called when another tool replaces it: cancels any gesture in progress.
    virtual void deactivate();
    /// Abandons the gesture in progress (Esc): previews are restored, nothing is emitted.
    virtual void cancel() {}
    /// True while a gesture (drag, outline being drawn) is in progress.
    virtual bool isBusy() const { return false; }

    /// Draws the tool's preview, handles and hint over the scene. The painter's frame is viewport pixels
    /// (y down), already antialiased; the canvas calls it at the end of drawForeground.
    virtual void drawOverlay(QPainter& painter) const;
    /// The handles drawOverlay draws that stay on screen (the Select tool's rotate knob and its line),
    /// viewport pixels: the walkthrough's labels, drawn before, keep off them. None by default.
    virtual std::vector<DrawnLine> handles() const { return {}; }

    /// The hint shown next to the cursor (a refused click, what to do next); empty when none.
    QString hint() const { return m_hint; }
    /// Where the hint is drawn, viewport pixels.
    QPointF hintPosition() const { return m_hintPosition; }

    SceneCanvas* canvas() const { return m_canvas; }
    EditIntents* intents() const { return m_intents; }

    /// Grid spacing used for snapping and nudging: the canvas's current minor grid step, metres.
    double gridStep() const;
    /// Metres per viewport pixel at the current zoom.
    double metresPerPixel() const;

signals:
    /// The hint changed (empty = cleared).
    void hintChanged(const QString& hint);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

    /// Event handlers; return true when the event is consumed. Mouse positions are viewport pixels.
    /// Mouse moves are always passed on to the canvas afterwards (status bar coordinates), whatever the
    /// return value.
    virtual bool mousePress(QMouseEvent* event);
    virtual bool mouseMove(QMouseEvent* event);
    virtual bool mouseRelease(QMouseEvent* event);
    virtual bool mouseDoubleClick(QMouseEvent* event);
    virtual bool keyPress(QKeyEvent* event);
    virtual bool keyRelease(QKeyEvent* event);
    /// Whether the tool handles this key itself (so a window shortcut with the same key does not fire while
    /// the canvas has focus).
    virtual bool wantsKey(const QKeyEvent* event) const;

    /// The world point under a viewport pixel, metres.
    phys::Vec2 worldAt(QPointF viewportPoint) const;
    /// The world point under a viewport pixel, snapped to the grid when Ctrl is in `modifiers`.
    phys::Vec2 snappedWorldAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const;
    static bool snapRequested(Qt::KeyboardModifiers modifiers) { return modifiers & Qt::ControlModifier; }

    /// Shows `text` next to viewport point `at` and as a status message.
    void showHint(const QString& text, QPointF at);
    void clearHint();
    /// Schedules a repaint of the canvas (previews and handles).
    void updateOverlay() const;
    /// Updates the canvas's hover highlight to the body under `viewportPoint`.
    void updateHover(QPointF viewportPoint);

    /// Shared selection actions on the canvas's current selection; each emits one intent when the selection
    /// is not empty (else shows a hint at the last mouse position). Nudge: arrow keys move by one grid step,
    /// ten with Shift; returns true when `event` was an arrow key.
    void deleteSelection();
    void duplicateSelection();
    bool nudgeSelection(const QKeyEvent* event);
    /// True for the keys handled by deleteSelection/duplicateSelection/nudgeSelection.
    static bool isSelectionKey(const QKeyEvent* event);
    /// Handles those keys; true when consumed.
    bool handleSelectionKey(const QKeyEvent* event);

    /// Draws a hint bubble near `at` (viewport pixels).
    void drawHint(QPainter& painter) const;
    /// Scale for overlay sizes: the canvas's presentation scale.
    double overlayScale() const;

    /// Last mouse position seen over the viewport, pixels.
    QPointF lastMousePosition() const { return m_lastMouse; }

private:
    SceneCanvas* m_canvas = nullptr;
    EditIntents* m_intents = nullptr;
    QString m_hint;
    QPointF m_hintPosition;
    QPointF m_lastMouse;
    int m_hintTimer = 0;

protected:
    void timerEvent(QTimerEvent* event) override;
};

} // namespace cl
