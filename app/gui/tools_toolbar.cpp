#include "tools_toolbar.h"

#include "palette.h"

#include "edit_intents.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "tool_draw_polygon.h"
#include "tool_draw_shapes.h"
#include "tool_edit_vertices.h"
#include "tool_select.h"

#include <QAction>
#include <QActionGroup>
#include <QIcon>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QResizeEvent>
#include <QSpinBox>
#include <QStatusBar>

#include <cmath>
#include <functional>

namespace cl {

namespace {

/// Icon lines: dark on the light themes, the label colour on the dark one (widgets/palette.h).
QRgb iconInk() {
    return currentPalette().theme == Theme::Dark ? currentPalette().labelText : 0xff2a3345;
}
/// Vertex handles and the selection arrow.
QRgb iconAccent() {
    return currentPalette().selection;
}
constexpr int kIconSize = 24;

/// An icon drawn with QPainter on a 24 x 24 logical canvas, rendered at 1x, 2x and 3x so it stays crisp.
QIcon paintedIcon(const std::function<void(QPainter&)>& draw) {
    QIcon icon;
    for (const int ratio : {1, 2, 3}) {
        QPixmap pixmap(kIconSize * ratio, kIconSize * ratio);
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(iconInk()), 1.8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        draw(painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

void vertexDot(QPainter& painter, QPointF p) {
    painter.save();
    painter.setPen(QPen(QColor(iconAccent()), 1.2));
    painter.setBrush(QColor(currentPalette().paper));
    painter.drawRect(QRectF(p.x() - 2.2, p.y() - 2.2, 4.4, 4.4));
    painter.restore();
}

QPolygonF regularPolygon(QPointF centre, double radius, int sides, double phase) {
    QPolygonF polygon;
    for (int k = 0; k < sides; ++k) {
        const double a = phase + 2.0 * phys::kPi * k / sides;
        polygon << centre + QPointF(radius * std::cos(a), radius * std::sin(a));
    }
    return polygon;
}

QIcon selectIcon() {
    return paintedIcon([](QPainter& p) {
        QPolygonF arrow{{6, 3}, {6, 19}, {10, 15}, {13, 21}, {15.5, 20}, {12.5, 14}, {18, 14}};
        p.setBrush(QColor(currentPalette().paper));
        p.drawPolygon(arrow);
    });
}

QIcon polygonIcon() {
    return paintedIcon([](QPainter& p) {
        const QPolygonF outline{{4, 18}, {8, 5}, {18, 4}, {21, 14}};
        p.drawPolyline(outline);
        p.setPen(QPen(QColor(iconAccent()), 1.5, Qt::DashLine));
        p.drawLine(outline.back(), outline.front());
        for (const QPointF& v : outline) {
            vertexDot(p, v);
        }
    });
}

QIcon circleIcon() {
    return paintedIcon([](QPainter& p) {
        p.drawEllipse(QPointF(12, 12), 8.5, 8.5);
        p.setPen(QPen(QColor(iconAccent()), 1.5));
        p.drawLine(QPointF(12, 12), QPointF(18, 6));
        p.setBrush(QColor(iconAccent()));
        p.drawEllipse(QPointF(12, 12), 1.6, 1.6);
    });
}

QIcon rectangleIcon() {
    return paintedIcon([](QPainter& p) {
        p.drawRect(QRectF(4, 7, 16, 11));
        vertexDot(p, {4, 18});
        vertexDot(p, {20, 7});
    });
}

QIcon regularIcon() {
    return paintedIcon([](QPainter& p) { p.drawPolygon(regularPolygon({12, 12}, 9, 6, 0.0)); });
}

QIcon verticesIcon() {
    return paintedIcon([](QPainter& p) {
        const QPolygonF triangle{{4, 19}, {20, 19}, {11, 5}};
        p.drawPolygon(triangle);
        for (const QPointF& v : triangle) {
            vertexDot(p, v);
        }
    });
}

QIcon deleteIcon() {
    return paintedIcon([](QPainter& p) {
        p.setPen(QPen(QColor(0xffc62828), 2.2, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(6, 6), QPointF(18, 18));
        p.drawLine(QPointF(18, 6), QPointF(6, 18));
    });
}

QIcon duplicateIcon() {
    return paintedIcon([](QPainter& p) {
        p.drawRect(QRectF(4, 4, 11, 11));
        p.setBrush(QColor(currentPalette().paper));
        p.drawRect(QRectF(9, 9, 11, 11));
    });
}

} // namespace

ToolsToolbar::ToolsToolbar(SceneCanvas* canvas, EditIntents* intents, QWidget* parent)
    : QToolBar(tr("Tools"), parent), m_canvas(canvas), m_intents(intents), m_group(new QActionGroup(this)) {
    setObjectName(QStringLiteral("toolsToolbar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIconSize(QSize(kIconSize, kIconSize));
    m_group->setExclusive(true);

    m_select = new SelectTool(canvas, intents, this);
    m_polygon = new DrawPolygonTool(canvas, intents, this);
    m_circle = new DrawCircleTool(canvas, intents, this);
    m_rectangle = new DrawRectangleTool(canvas, intents, this);
    m_regular = new DrawRegularPolygonTool(canvas, intents, this);
    m_vertices = new EditVerticesTool(canvas, intents, this);

    addToolAction(m_select, tr("Select"), QStringLiteral("actionToolSelect"), QKeySequence(Qt::Key_V),
                  selectIcon());
    addToolAction(m_polygon, tr("Polygon"), QStringLiteral("actionToolPolygon"), QKeySequence(Qt::Key_P),
                  polygonIcon());
    addToolAction(m_circle, tr("Circle"), QStringLiteral("actionToolCircle"), QKeySequence(Qt::Key_C),
                  circleIcon());
    addToolAction(m_rectangle, tr("Rectangle"), QStringLiteral("actionToolRectangle"),
                  QKeySequence(Qt::Key_R), rectangleIcon());
    addToolAction(m_regular, tr("Regular"), QStringLiteral("actionToolRegular"), QKeySequence(Qt::Key_G),
                  regularIcon());

    m_sides = new QSpinBox(this);
    m_sides->setObjectName(QStringLiteral("spinRegularSides"));
    m_sides->setRange(DrawRegularPolygonTool::kMinSides, DrawRegularPolygonTool::kMaxSides);
    m_sides->setValue(m_regular->sides());
    m_sides->setSuffix(tr(" sides"));
    m_sides->setToolTip(tr("Number of sides of the regular polygon tool"));
    m_sides->setFocusPolicy(Qt::ClickFocus);
    addWidget(m_sides);
    connect(m_sides, &QSpinBox::valueChanged, m_regular, &DrawRegularPolygonTool::setSides);
    connect(m_regular, &DrawRegularPolygonTool::sidesChanged, m_sides, &QSpinBox::setValue);

    addToolAction(m_vertices, tr("Vertices"), QStringLiteral("actionToolVertices"), QKeySequence(Qt::Key_E),
                  verticesIcon());

    addSeparator();
    QAction* deleteAction = addAction(deleteIcon(), tr("Delete"));
    deleteAction->setObjectName(QStringLiteral("actionToolbarDelete"));
    deleteAction->setToolTip(tr("Delete the selected bodies (Delete on the canvas)"));
    connect(deleteAction, &QAction::triggered, this, [this] {
        if (!m_canvas->selection().isEmpty()) {
            emit m_intents->deleteBodies(m_canvas->selection());
        }
    });
    QAction* duplicateAction = addAction(duplicateIcon(), tr("Duplicate"));
    // Another theme: the icons are drawn again in its ink.
    connect(PaletteNotifier::instance(), &PaletteNotifier::changed, this,
            [this, deleteAction, duplicateAction] {
                // In the order addToolAction added them.
                const QIcon tools[] = {selectIcon(),    polygonIcon(), circleIcon(),
                                       rectangleIcon(), regularIcon(), verticesIcon()};
                for (qsizetype i = 0; i < m_actions.size() && i < qsizetype(std::size(tools)); ++i) {
                    m_actions[i]->setIcon(tools[i]);
                }
                const std::pair<QAction*, QIcon> icons[] = {{deleteAction, deleteIcon()},
                                                            {duplicateAction, duplicateIcon()}};
                for (const auto& [action, icon] : icons) {
                    action->setIcon(icon);
                }
            });
    duplicateAction->setObjectName(QStringLiteral("actionToolbarDuplicate"));
    duplicateAction->setToolTip(tr("Duplicate the selected bodies (Ctrl+D on the canvas)"));
    connect(duplicateAction, &QAction::triggered, this, [this] {
        if (!m_canvas->selection().isEmpty()) {
            const double offset =
                0.5 *
                SceneRenderer::gridSpacing(m_canvas->pixelsPerMetre(), m_canvas->presentationScale()).major;
            emit m_intents->duplicateBodies(m_canvas->selection(), phys::Vec2{offset, -offset});
        }
    });
    auto updateSelectionActions = [deleteAction, duplicateAction](const QList<quint64>& selection) {
        deleteAction->setEnabled(!selection.isEmpty());
        duplicateAction->setEnabled(!selection.isEmpty());
    };
    connect(m_canvas, &SceneCanvas::selectionChanged, this, updateSelectionActions);
    updateSelectionActions(m_canvas->selection());

    setCurrentTool(m_select);
}

// The tools are children of the toolbar; the canvas holds its tool in a QPointer and Qt drops the event
// filters of a deleted object, so nothing needs undoing here (the canvas may already be gone when the window
// closes).
ToolsToolbar::~ToolsToolbar() = default;

WrappedToolBarLabel::WrappedToolBarLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
}

QSize WrappedToolBarLabel::withHeightForWidth(QSize hint) const {
    // Before the first layout (no width yet) QLabel's own guess stands.
    if (wordWrap() && testAttribute(Qt::WA_Resized) && width() > 0 && !text().isEmpty()) {
        hint.setHeight(heightForWidth(width()));
    }
    return hint;
}

QSize WrappedToolBarLabel::sizeHint() const {
    return withHeightForWidth(QLabel::sizeHint());
}

QSize WrappedToolBarLabel::minimumSizeHint() const {
    return withHeightForWidth(QLabel::minimumSizeHint());
}

void WrappedToolBarLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) {
        updateGeometry(); // the height for the new width (the toolbar asks the hints again)
    }
}

QAction* ToolsToolbar::addToolAction(Tool* tool, const QString& text, const QString& objectName,
                                     const QKeySequence& key, const QIcon& icon) {
    QAction* action = addAction(icon, text);
    action->setObjectName(objectName);
    action->setCheckable(true);
    action->setShortcut(key);
    action->setToolTip(tr("%1 (%2)").arg(tool->name(), key.toString(QKeySequence::NativeText)));
    action->setStatusTip(tool->name());
    m_group->addAction(action);
    m_tools.append(tool);
    m_actions.append(action);
    connect(action, &QAction::triggered, this, [this, tool] { setCurrentTool(tool); });
    return action;
}

Tool* ToolsToolbar::currentTool() const {
    for (int i = 0; i < m_actions.size(); ++i) {
        if (m_actions[i]->isChecked()) {
            return m_tools[i];
        }
    }
    return nullptr;
}

void ToolsToolbar::setCurrentTool(Tool* tool) {
    const int index = m_tools.indexOf(tool);
    if (index < 0) {
        return;
    }
    m_actions[index]->setChecked(true);
    if (m_canvas) {
        m_canvas->setTool(tool);
    }
}

QAction* ToolsToolbar::actionFor(const Tool* tool) const {
    const int index = m_tools.indexOf(const_cast<Tool*>(tool));
    return index < 0 ? nullptr : m_actions[index];
}

ToolsToolbar* installToolsToolbar(MainWindow& window) {
    auto* toolbar = new ToolsToolbar(window.canvas(), window.editIntents(), &window);
    window.addToolBar(Qt::TopToolBarArea, toolbar);
    QObject::connect(window.editIntents(), &EditIntents::statusMessage, window.statusBar(),
                     [&window](const QString& message, int timeoutMs) {
                         window.statusBar()->showMessage(message, timeoutMs);
                     });
    return toolbar;
}

} // namespace cl
