#pragma once
/// @file main_window.h
/// The main window: a thin shell of actions, menus and the status bar around the canvas and the document.

#include "physics/math.h"

#include <QMainWindow>
#include <QString>

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace cl {

class Document;
class EditController;
class EditIntents;
class FileController;
class SceneCanvas;
class SimOverlay;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// Shows an error to the user. The default opens a modal QMessageBox; tests and the --screenshot mode
    /// install their own.
    using ErrorReporter = std::function<void(const QString& title, const QString& message)>;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// A demo (a scene naming the overlays of its run, "overlays") opens framed on its first this many
    /// seconds of run (SceneCanvas::setFramingRun): what the class watches after pressing Play, Newton's
    /// cradle's last ball at its wall.
    static constexpr double kDemoRunSeconds = 3.0;

    /// Opens a scene file into the document. On failure the document is unchanged and the error (naming the
    /// place in the file) is reported and kept as lastError().
    bool openFile(const QString& fileName);
    /// Opens a sample scene (typically a resource such as ":/scenes/shapes.json") as an untitled document, so
    /// that saving asks for a file name instead of writing into the resources.
    bool openSample(const QString& fileName);

    Document* document() const { return m_document; }
    SceneCanvas* canvas() const { return m_canvas; }
    /// Where the canvas tools send their edits (widgets/edit_intents.h); the edit controller listens.
    EditIntents* editIntents() const { return m_editIntents; }
    /// Turns edit intents, menu actions and dock edits into undo commands (app/gui/edit_controller.h).
    EditController* editController() const { return m_editController; }
    /// New, Save, Save As, recent files, samples, drag-and-drop, the unsaved-changes prompt, autosave.
    FileController* fileController() const { return m_files; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* editMenu() const { return m_editMenu; }
    QMenu* viewMenu() const { return m_viewMenu; }
    /// Shows an error to the user through the ErrorReporter and keeps it as lastError().
    void reportError(const QString& title, const QString& message);
    /// The last error reported to the user; empty when none.
    QString lastError() const { return m_lastError; }
    /// Replaces how errors are shown (nullptr restores the message box).
    void setErrorReporter(ErrorReporter reporter) { m_errorReporter = std::move(reporter); }
    /// Whether closing the window saves its geometry to QSettings (on by default; off for screenshots).
    /// Whether the first show fits the default or restored geometry to the screen (true); a screenshot keeps
    /// the size it asks for whatever the screen (false).
    void setFitToScreenOnShow(bool fit) { m_fitToScreenOnShow = fit; }
    void setSaveSettingsOnClose(bool save) { m_saveSettingsOnClose = save; }
    /// Whether the docks' arrangement came from the user's saved settings (then the app does not rearrange
    /// them).
    bool layoutRestored() const { return m_layoutRestored; }

    /// Text the status bar shows for a world point, e.g. "x 1.25 m   y -0.40 m".
    static QString formatWorldPosition(phys::Vec2 worldPoint);
    /// Text the status bar shows for a zoom, e.g. "Zoom 85.3 px/m".
    static QString formatZoom(double pixelsPerMetre);

public slots:
    /// File > Open...: asks for a file and opens it.
    void open();

protected:
    void closeEvent(QCloseEvent* event) override;
    /// The first show places the window on the screen (keepOnScreen), now that its frame is known.
    void showEvent(QShowEvent* event) override;

private:
    void createActions();
    void createStatusBar();
    /// View > Show Simulation Legend, persisted (main_window.cpp).
    void addLegendAction(SimOverlay* overlay);
    void readSettings();
    /// Shrinks and moves the window into the screen's available area (see main_window.cpp).
    void keepOnScreen();
    /// Gives the Walkthrough four fifths of the height of a column it shares with other panels (Energy and
    /// Graphs in Simulate mode), so its explanation and table stay readable; a larger share is kept.
    void giveWalkthroughTheColumn(QDockWidget* walkthrough);
    void writeSettings() const;
    void updateWindowTitle();
    void onSceneReset();

    Document* m_document = nullptr;
    SceneCanvas* m_canvas = nullptr;
    EditIntents* m_editIntents = nullptr;
    EditController* m_editController = nullptr;
    FileController* m_files = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    /// The status bar's message, elided to the room left of the position (main_window.cpp).
    QLabel* m_hintLabel = nullptr;
    QLabel* m_positionLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    ErrorReporter m_errorReporter;
    QString m_lastError;
    bool m_saveSettingsOnClose = true;
    bool m_placedOnScreen = false;
    bool m_layoutRestored = false;
    bool m_fitToScreenOnShow = true;
    QSize m_initialSize; ///< the default or restored size (keepOnScreen fits only that one)
};

} // namespace cl
