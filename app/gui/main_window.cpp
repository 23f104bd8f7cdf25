#include "main_window.h"

#include "autosave.h"
#include "compare_ui.h"
#include "document.h"
#include "edit_controller.h"
#include "edit_intents.h"
#include "edit_setup.h"
#include "file_controller.h"
#include "gui_thread_fills.h"
#include "help.h"
#include "inspector_dock.h"
#include "lesson_dock.h"
#include "scene_canvas.h"
#include "sim_overlay.h"
#include "simulation_panel.h"
#include "solver_stepper.h"
#include "theme.h"
#include "tools_toolbar.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QResizeEvent>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

/// The resources (sample scenes, icons) live in this static library; a static library's resources must be
/// registered explicitly, and Q_INIT_RESOURCE must be used outside any namespace.
static void initContactLabResources() {
    Q_INIT_RESOURCE(resources);
}

namespace cl {

namespace {
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kLastDirectoryKey = QStringLiteral("mainWindow/lastDirectory");
const QString kShowGridKey = QStringLiteral("view/showGrid");
const QString kShowNamesKey = QStringLiteral("view/showBodyNames");
const QString kShowLegendKey = QStringLiteral("view/showLegend");

/// The status bar's message (a tool's hint, an action's tip, "Saved ..."), shown on one line in the room the
/// position and zoom labels leave, elided with "…" when longer, the whole text then in its tooltip.
/// QStatusBar draws its message itself, cut off at the first permanent widget's edge with no gap: in
/// presentation mode a long hint ran into the position ("…the stack fa x 13.49 m", review v12). This label is
/// that first permanent widget, at the bar's left edge, so the bar's own message rectangle (left of it) is
/// empty and draws nothing; currentMessage() and showMessage() work as before.
class StatusHintLabel : public QLabel {
public:
    explicit StatusHintLabel(QWidget* parent) : QLabel(parent) {
        setObjectName(QStringLiteral("statusHintLabel"));
        setTextFormat(Qt::PlainText);
        // Its text never widens the bar: it takes what the labels on the right leave.
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        setMinimumWidth(0);
    }
    void setMessage(const QString& message) {
        m_message = message;
        m_message.replace(QLatin1Char('\n'), QLatin1Char(' '));
        elide();
    }

protected:
    void resizeEvent(QResizeEvent* event) override {
        QLabel::resizeEvent(event);
        elide();
    }
    void changeEvent(QEvent* event) override {
        QLabel::changeEvent(event);
        if (event->type() == QEvent::FontChange) {
            elide(); // presentation mode's larger text needs more room
        }
    }

private:
    void elide() {
        // Three spaces of gap before the position, as between its x and y.
        const int room = contentsRect().width() - fontMetrics().horizontalAdvance(QStringLiteral("   "));
        const QString shown = fontMetrics().elidedText(m_message, Qt::ElideRight, std::max(0, room));
        if (text() != shown) {
            setText(shown);
        }
        const QString tip = shown == m_message ? QString() : m_message;
        if (toolTip() != tip) {
            setToolTip(tip);
        }
    }
    QString m_message;
};

/// The cursor's world position in the status bar. It is rewritten on every mouse move over the canvas, so
/// its size is fixed (as wide as a position of five integer digits, or wider when a longer one comes, and
/// refitted when the font changes in presentation mode): a label free to change its width makes each new
/// text ask the bar to lay itself out again, and the bar then repaints from end to end, hint and zoom
/// included (seen in contactlab-framebench --drag: the whole 1280-pixel bar on every move of a drag).
class PositionLabel : public QLabel {
public:
    explicit PositionLabel(QWidget* parent) : QLabel(parent) {
        setObjectName(QStringLiteral("positionLabel"));
        refit();
    }
    void setPosition(const QString& text) {
        if (text == this->text()) {
            return;
        }
        if (widthFor(text) > width()) {
            setFixedSize(widthFor(text), height());
        }
        setText(text);
    }

protected:
    void changeEvent(QEvent* event) override {
        QLabel::changeEvent(event);
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
            refit();
        }
    }

private:
    int widthFor(const QString& text) const {
        const QMargins m = contentsMargins();
        return fontMetrics().horizontalAdvance(text) + m.left() + m.right() + 2 * margin();
    }
    void refit() {
        const QString widest = MainWindow::formatWorldPosition(phys::Vec2{-99999.99, -99999.99});
        const QMargins m = contentsMargins();
        setFixedSize(std::max(widthFor(widest), widthFor(text())),
                     fontMetrics().height() + m.top() + m.bottom() + 2 * margin());
    }
};
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_document(new Document(this)), m_canvas(new SceneCanvas(this)),
      m_editIntents(new EditIntents(this)) {
    initContactLabResources();
    keepGuiFillsOnGuiThread();
    setObjectName(QStringLiteral("MainWindow"));
    m_canvas->setObjectName(QStringLiteral("SceneCanvas"));
    setCentralWidget(m_canvas);
    createActions();
    createStatusBar();
    installToolsToolbar(*this);

    connect(m_document, &Document::sceneReset, this, &MainWindow::onSceneReset);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateWindowTitle);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateWindowTitle);
    m_editController = installEditing(*this, m_editMenu, m_viewMenu);
    m_files = new FileController(*this); // may restore a scene from a recovery file
    m_files->populateFileMenu(m_fileMenu, m_fileMenu->actions().value(1, nullptr));
    // Simulate mode: toolbar, docks, grab tool, overlay, demos (simulation_panel.h); the Inspector shows the
    // running bodies live (inspector_dock.h).
    SimulationUi* simulation = installSimulation(*this);
    if (auto* inspector = findChild<InspectorDock*>()) {
        inspector->setSimulation(simulation->controller());
    }
    addLegendAction(simulation->overlay());
    installSolverStepper(*this, *simulation); // Simulation > Step into the Solver (solver_stepper.h)
    installWalkthrough(*this); // Walkthrough dock, overlays, Export menu (walkthrough_dock.h, export.h)
    installThemes(*this);      // View > Theme, colour-blind-safe colours, applied from QSettings (theme.h)
    installLessons(*this);     // File > Open Lesson, the built-in pack, the Lesson dock (lesson_dock.h)
    installCompare(*this);     // Simulation > Compare Solvers..., the Compare dock (compare_ui.h)
    installHelp(*this);        // last: the Help menu ends the menu bar; tooltips name every shortcut (help.h)

    // The Bodies list is the left column's front tab at startup: tabifying the (hidden) Lesson dock beside it
    // left the Undo History in front. A saved layout (readSettings) may choose another.
    if (auto* bodies = findChild<QDockWidget*>(QStringLiteral("BodiesDock"))) {
        bodies->raise();
    }
    // The Walkthrough's text and table need the column's height (review v12 D8: under the Energy plot they
    // showed a line and a half): each time it comes to the front, it takes four fifths of a shared column.
    if (auto* walkthrough = findChild<WalkthroughDock*>()) {
        connect(walkthrough, &QDockWidget::visibilityChanged, this, [this, walkthrough](bool visible) {
            if (visible) {
                // Once the dock area has laid out the tab switch.
                QTimer::singleShot(0, this, [this, walkthrough] { giveWalkthroughTheColumn(walkthrough); });
            }
        });
    }
    resize(1280, 800);
    readSettings();
    m_initialSize = size();
    onSceneReset();
    updateWindowTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu = fileMenu;
    QAction* openAction = fileMenu->addAction(tr("&Open..."), this, &MainWindow::open);
    openAction->setObjectName(QStringLiteral("actionOpen"));
    openAction->setShortcut(QKeySequence::Open);
    openAction->setStatusTip(tr("Open a scene file"));
    fileMenu->addSeparator();
    QAction* quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setObjectName(QStringLiteral("actionQuit"));
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);

    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->setObjectName(QStringLiteral("menuEdit"));
    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu = viewMenu;
    QAction* zoomInAction = viewMenu->addAction(tr("Zoom &In"), m_canvas, &SceneCanvas::zoomIn);
    zoomInAction->setObjectName(QStringLiteral("actionZoomIn"));
    zoomInAction->setShortcut(QKeySequence::ZoomIn);
    QAction* zoomOutAction = viewMenu->addAction(tr("Zoom &Out"), m_canvas, &SceneCanvas::zoomOut);
    zoomOutAction->setObjectName(QStringLiteral("actionZoomOut"));
    zoomOutAction->setShortcut(QKeySequence::ZoomOut);
    QAction* fitAction = viewMenu->addAction(tr("Zoom to &Fit"), m_canvas, &SceneCanvas::zoomToFit);
    fitAction->setObjectName(QStringLiteral("actionZoomToFit"));
    fitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    QAction* followAction = viewMenu->addAction(tr("&Follow Selected Body"));
    followAction->setObjectName(QStringLiteral("actionFollowSelection"));
    followAction->setCheckable(true);
    followAction->setStatusTip(tr("Simulate mode: keep the one selected body at the centre of the view"));
    connect(followAction, &QAction::toggled, m_canvas, &SceneCanvas::setFollowSelection);
    viewMenu->addSeparator();
    QAction* gridAction = viewMenu->addAction(tr("Show &Grid"));
    gridAction->setObjectName(QStringLiteral("actionShowGrid"));
    gridAction->setCheckable(true);
    gridAction->setChecked(m_canvas->showGrid());
    connect(gridAction, &QAction::toggled, m_canvas, &SceneCanvas::setShowGrid);
    QAction* namesAction = viewMenu->addAction(tr("Show Body &Names"));
    namesAction->setObjectName(QStringLiteral("actionShowBodyNames"));
    namesAction->setCheckable(true);
    namesAction->setChecked(m_canvas->showBodyNames());
    connect(namesAction, &QAction::toggled, m_canvas, &SceneCanvas::setShowBodyNames);
}

// The legend is a view preference like the grid: the View menu holds it, it is kept in QSettings at once, and
// a demo's list of overlays does not switch it back on (SimulationUi::onSceneReset). The Simulation panel's
// Legend box shows and changes the same option.
void MainWindow::addLegendAction(SimOverlay* overlay) {
    QAction* legend = new QAction(tr("Show Simulation &Legend"), this);
    legend->setObjectName(QStringLiteral("actionShowLegend"));
    legend->setCheckable(true);
    legend->setStatusTip(tr("The box that explains the simulation's colours and arrows"));
    const QList<QAction*> view = m_viewMenu->actions();
    // After Show Body Names, with the other things drawn on the canvas.
    QAction* before = nullptr;
    for (qsizetype i = 0; i + 1 < view.size(); ++i) {
        if (view[i]->objectName() == QStringLiteral("actionShowBodyNames")) {
            before = view[i + 1];
        }
    }
    m_viewMenu->insertAction(before, legend);
    SimOverlayOptions options = overlay->options();
    options.legend = QSettings().value(kShowLegendKey, true).toBool();
    overlay->setOptions(options);
    legend->setChecked(options.legend);
    // triggered, not toggled: only the user's choice in the menu is saved (not a demo's or a command line's).
    connect(legend, &QAction::triggered, overlay, [overlay](bool on) {
        SimOverlayOptions changed = overlay->options();
        changed.legend = on;
        overlay->setOptions(changed);
        QSettings().setValue(kShowLegendKey, on);
    });
    connect(overlay, &SimOverlay::changed, legend, [legend, overlay] {
        if (legend->isChecked() != overlay->options().legend) {
            legend->setChecked(overlay->options().legend); // the Simulation panel's box, --sim-overlays
        }
    });
}

void MainWindow::createStatusBar() {
    auto* hint = new StatusHintLabel(this);
    m_hintLabel = hint;
    auto* position = new PositionLabel(this);
    m_positionLabel = position;
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setObjectName(QStringLiteral("zoomLabel"));
    // Both permanent, beside each other on the right: a normal status-bar widget shares the left with the
    // tool hints and messages, and a hint shown before the window was (at startup) was drawn over it. The
    // message goes into the hint label on their left, which takes the rest of the bar.
    statusBar()->addPermanentWidget(m_hintLabel, 1);
    connect(statusBar(), &QStatusBar::messageChanged, hint, &StatusHintLabel::setMessage);
    statusBar()->addPermanentWidget(m_positionLabel);
    statusBar()->addPermanentWidget(m_zoomLabel);
    m_zoomLabel->setText(formatZoom(m_canvas->pixelsPerMetre()));
    connect(m_canvas, &SceneCanvas::mouseWorldPositionChanged, this,
            [position](phys::Vec2 worldPoint) { position->setPosition(formatWorldPosition(worldPoint)); });
    connect(m_canvas, &SceneCanvas::zoomChanged, this,
            [this](double pixelsPerMetre) { m_zoomLabel->setText(formatZoom(pixelsPerMetre)); });
}

QString MainWindow::formatWorldPosition(phys::Vec2 worldPoint) {
    auto coordinate = [](double value) {
        QString text = QString::number(value, 'f', 2);
        if (text == QStringLiteral("-0.00")) {
            text.remove(0, 1);
        }
        return text;
    };
    return tr("x %1 m   y %2 m").arg(coordinate(worldPoint.x), coordinate(worldPoint.y));
}

QString MainWindow::formatZoom(double pixelsPerMetre) {
    // Three significant digits whatever the magnitude, without scientific notation for usual zooms.
    const int decimals =
        pixelsPerMetre >= 100.0 ? 0 : (pixelsPerMetre >= 10.0 ? 1 : (pixelsPerMetre >= 1 ? 2 : 4));
    return tr("Zoom %1 px/m").arg(QString::number(pixelsPerMetre, 'f', decimals));
}

bool MainWindow::openFile(const QString& fileName) {
    if (m_files && !m_files->maybeSave(tr("open another scene"))) {
        return false;
    }
    QString error;
    if (!m_document->load(fileName, &error)) {
        reportError(tr("Cannot open scene"),
                    tr("Could not open %1:\n%2").arg(QDir::toNativeSeparators(fileName), error));
        return false;
    }
    m_lastError.clear();
    if (m_files) {
        m_files->addRecentFile(fileName);
    }
    return true;
}

bool MainWindow::openSample(const QString& fileName) {
    if (!openFile(fileName)) {
        return false;
    }
    m_document->setFileName(QString());
    return true;
}

void MainWindow::open() {
    const QString directory = QSettings().value(kLastDirectoryKey, QDir::homePath()).toString();
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Open Scene"), directory,
                                                          tr("ContactLab scenes (*.json);;All files (*)"));
    if (!fileName.isEmpty()) {
        QSettings().setValue(kLastDirectoryKey, QFileInfo(fileName).absolutePath());
        openFile(fileName);
    }
}

void MainWindow::onSceneReset() {
    m_canvas->setSceneDef(m_document->scene().def, m_document->keys());
    // A demo (a scene that names the overlays of its run) is written to be run: it opens framed on where
    // its first seconds take its bodies (Newton's cradle's last ball rolling to its wall), not only on
    // where they start.
    m_canvas->setFramingRun(
        m_document->scene().unknownTopLevel.contains(QStringLiteral("overlays")) ? kDemoRunSeconds : 0.0);
    // The moving bodies and what they stand on (SceneCanvas::framingBounds); Ctrl+0 shows everything.
    m_canvas->frameScene();
    updateWindowTitle();
}

void MainWindow::updateWindowTitle() {
    const QString fileName = m_document->fileName();
    const QString shown = fileName.isEmpty() ? tr("Untitled") : QFileInfo(fileName).fileName();
    // "[*]" is where Qt shows the modified marker.
    setWindowTitle(tr("%1[*] \u2014 ContactLab").arg(shown));
    setWindowModified(m_document->isModified());
}

void MainWindow::reportError(const QString& title, const QString& message) {
    m_lastError = message;
    if (m_errorReporter) {
        m_errorReporter(title, message);
    } else {
        QMessageBox::warning(this, title, message);
    }
}

void MainWindow::readSettings() {
    const QSettings settings;
    const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    }
    m_layoutRestored = restoreState(settings.value(kStateKey).toByteArray());
    m_canvas->setShowGrid(settings.value(kShowGridKey, true).toBool());
    m_canvas->setShowBodyNames(settings.value(kShowNamesKey, true).toBool());
    for (QAction* action : findChildren<QAction*>()) {
        if (action->objectName() == QStringLiteral("actionShowGrid")) {
            action->setChecked(m_canvas->showGrid());
        } else if (action->objectName() == QStringLiteral("actionShowBodyNames")) {
            action->setChecked(m_canvas->showBodyNames());
        }
    }
}

// The default 1280x800, or a geometry saved on a bigger screen or at another scale, may not fit the screen
// now (a 1280x800 projector at 150% scaling has 853x533 logical pixels): shrink the window to the available
// area and move it inside, so no part of it (title bar, status bar, docks) is out of reach.
void MainWindow::keepOnScreen() {
    const QScreen* screen = this->screen();
    if (!screen) {
        return;
    }
    const QRect available = screen->availableGeometry();
    const QRect frame = frameGeometry();
    const QSize frameExtra = frame.size() - size(); // title bar and borders, once shown
    const QSize room = available.size() - frameExtra;
    if (width() > room.width() || height() > room.height()) {
        resize(std::min(width(), room.width()), std::min(height(), room.height()));
    }
    QRect placed = frameGeometry();
    placed.moveLeft(std::clamp(placed.left(), available.left(),
                               std::max(available.left(), available.right() - placed.width() + 1)));
    placed.moveTop(std::clamp(placed.top(), available.top(),
                              std::max(available.top(), available.bottom() - placed.height() + 1)));
    if (placed.topLeft() != frameGeometry().topLeft()) {
        move(placed.topLeft());
    }
    // A narrow window (a projector at 150%) cannot give the docks their default widths (300 + 400 pixels) and
    // keep a canvas: the left docks get 22% of the width, the right ones (the Walkthrough) 36%, the canvas
    // the rest.
    constexpr int kNarrowWidth = 1100;
    if (width() < kNarrowWidth) {
        QList<QDockWidget*> left, right;
        QList<int> leftSizes, rightSizes;
        for (QDockWidget* dock : findChildren<QDockWidget*>()) {
            if (dock->isHidden() || dock->isFloating()) {
                continue;
            }
            if (dockWidgetArea(dock) == Qt::LeftDockWidgetArea) {
                left << dock;
                leftSizes << width() * 22 / 100;
            } else if (dockWidgetArea(dock) == Qt::RightDockWidgetArea) {
                right << dock;
                rightSizes << width() * 36 / 100;
            }
        }
        resizeDocks(left + right, leftSizes + rightSizes, Qt::Horizontal);
    }
}

void MainWindow::giveWalkthroughTheColumn(QDockWidget* walkthrough) {
    if (!walkthrough->isVisible() || walkthrough->isFloating()) {
        return;
    }
    const Qt::DockWidgetArea area = dockWidgetArea(walkthrough);
    const QList<QDockWidget*> ownTabs = tabifiedDockWidgets(walkthrough);
    const QRect own = walkthrough->geometry();
    // The docks in front in the other groups of the same column (a tab behind is not visible).
    QList<QDockWidget*> others;
    int column = walkthrough->height();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        if (dock == walkthrough || ownTabs.contains(dock) || !dock->isVisible() || dock->isFloating() ||
            dockWidgetArea(dock) != area || dock->geometry().right() < own.left() ||
            dock->geometry().left() > own.right()) {
            continue;
        }
        others << dock;
        column += dock->height();
    }
    const int wanted = column * 4 / 5;
    if (others.isEmpty() || walkthrough->height() >= wanted) {
        return;
    }
    // The others give up what the Walkthrough takes (QDockAreaLayout::fitItems), down to their minimum (the
    // Energy plot's 120 pixels).
    resizeDocks({walkthrough}, {wanted}, Qt::Vertical);
}

// Only the default or restored geometry is fitted to the screen: a size asked for before the first show
// (--size for a screenshot, a test's window) is kept as asked.
void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!m_placedOnScreen) {
        m_placedOnScreen = true;
        if (m_fitToScreenOnShow && size() == m_initialSize) {
            keepOnScreen();
        }
    }
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kShowGridKey, m_canvas->showGrid());
    settings.setValue(kShowNamesKey, m_canvas->showBodyNames());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_files && !m_files->maybeSave(tr("close the window"))) {
        event->ignore();
        return;
    }
    // A lesson being written is not part of the scene: it is asked about on its own.
    if (auto* lessons = findChild<LessonDock*>();
        lessons && !lessons->maybeSaveLesson(tr("close the window"))) {
        event->ignore();
        return;
    }
    if (m_files && m_files->autosave()) {
        m_files->autosave()->discard(); // closed on purpose: nothing to recover
    }
    if (m_saveSettingsOnClose) {
        // Presentation mode is not kept, and neither is its arrangement: the left panels it closed and the
        // widths it changed are put back before the layout is saved (else the next start had no Bodies list).
        if (auto* presentation = findChild<QAction*>(QStringLiteral("actionPresentationMode"));
            presentation && presentation->isChecked()) {
            presentation->setChecked(false);
        }
        writeSettings();
    }
    event->accept();
}

} // namespace cl
