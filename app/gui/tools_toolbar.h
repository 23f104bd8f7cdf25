#pragma once
/// @file tools_toolbar.h
/// The Tools toolbar: one checkable action per canvas tool (with single-key shortcuts), the sides of the
/// regular polygon, Delete and Duplicate. It owns the tools and makes the checked one the canvas's tool.

#include <QLabel>
#include <QList>
#include <QPointer>
#include <QToolBar>

class QAction;
class QActionGroup;
class QSpinBox;

namespace cl {

class DrawCircleTool;
class DrawPolygonTool;
class DrawRectangleTool;
class DrawRegularPolygonTool;
class EditIntents;
class EditVerticesTool;
class MainWindow;
class SceneCanvas;
class SelectTool;
class Tool;

class ToolsToolbar : public QToolBar {
    Q_OBJECT

public:
    /// Creates the tools on `canvas`, emitting on `intents`, and activates the select tool.
    ToolsToolbar(SceneCanvas* canvas, EditIntents* intents, QWidget* parent = nullptr);
    ~ToolsToolbar() override;

    /// The tool whose action is checked (the canvas may show another one for a while, e.g. while
    /// simulating).
    Tool* currentTool() const;
    /// Activates `tool` (one of tools()) and checks its action.
    void setCurrentTool(Tool* tool);
    const QList<Tool*>& tools() const { return m_tools; }
    /// The action that activates `tool`, or null.
    QAction* actionFor(const Tool* tool) const;

    SelectTool* selectTool() const { return m_select; }
    DrawPolygonTool* polygonTool() const { return m_polygon; }
    DrawCircleTool* circleTool() const { return m_circle; }
    DrawRectangleTool* rectangleTool() const { return m_rectangle; }
    DrawRegularPolygonTool* regularPolygonTool() const { return m_regular; }
    EditVerticesTool* editVerticesTool() const { return m_vertices; }
    /// The number of sides of the regular polygon tool.
    QSpinBox* sidesSpinBox() const { return m_sides; }

private:
    QAction* addToolAction(Tool* tool, const QString& text, const QString& objectName,
                           const QKeySequence& key, const QIcon& icon);

    QPointer<SceneCanvas> m_canvas; ///< the canvas may be destroyed before the toolbar when the window closes
    EditIntents* m_intents = nullptr;
    QActionGroup* m_group = nullptr;
    QList<Tool*> m_tools;
    QList<QAction*> m_actions;
    SelectTool* m_select = nullptr;
    DrawPolygonTool* m_polygon = nullptr;
    DrawCircleTool* m_circle = nullptr;
    DrawRectangleTool* m_rectangle = nullptr;
    DrawRegularPolygonTool* m_regular = nullptr;
    EditVerticesTool* m_vertices = nullptr;
    QSpinBox* m_sides = nullptr;
};

/// A word-wrapped label in a toolbar (the scene's description on the Simulation toolbar) that is as tall as
/// its text at the width it was given. A toolbar's layout gives each item its size hint's height and has no
/// height-for-width: a wrapped QLabel's hint is the height at a width of its own choosing (QLabel's
/// golden-ratio guess), so when the toolbar gave it less width its lines were cut at the top and bottom
/// (issue 12, presentation mode at 150% on a 1280x800 screen). Here, once the label has a width, both hints'
/// heights are heightForWidth(width()), and a new width asks the layout again (the toolbar grows or shrinks
/// to the text). The widths of the hints stay QLabel's, so the width the toolbar gives does not depend on
/// the height asked for and the two settle at once.
class WrappedToolBarLabel : public QLabel {
public:
    explicit WrappedToolBarLabel(QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// `hint` with the height of the text at the current width (when the label has one).
    QSize withHeightForWidth(QSize hint) const;
};

/// Adds the Tools toolbar to the main window (canvas and edit intents from the window) and shows the tools'
/// status messages in its status bar. Returns the toolbar (owned by the window).
ToolsToolbar* installToolsToolbar(MainWindow& window);

} // namespace cl
