#pragma once
/// @file help.h
/// The Help menu: the User Guide (docs/user-guide.md, shown from the resources with its screenshots), the
/// Keyboard Shortcuts sheet (F1, Ctrl+?) generated from the window's own actions, the first-run welcome with
/// three starter actions, and tooltips that show each action's shortcut.

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QPointer>
#include <QString>
#include <QTextBrowser>

class QAction;
class QTableWidget;

namespace cl {

class MainWindow;

/// One row of the shortcut sheet: a key sequence and the action it triggers.
struct ShortcutEntry {
    QKeySequence key;
    QAction* action = nullptr;
    QString text;  ///< what the action does, as the sheet says it ("Open...", "Next Step")
    QString where; ///< the menu path or toolbar that holds it ("File", "File > Export", "Tools")
    /// Other actions on the same key, e.g. Compare mode's Play beside the Simulation menu's (only one is
    /// enabled at a time): the key gets one row, their places joined in `where`.
    QList<QAction*> sharing;
};

/// Keys that a panel handles itself while it has the keyboard focus (no action: a letter such as C would
/// clash with a tool's key). The sheet lists them; tst_help presses every key on the real panels and checks
/// that the keys they take are exactly these.
struct PanelKey {
    QList<QKeySequence> keys; ///< pressed one at a time; the row shows them joined
    QString what;             ///< what they do
    QString panel;            ///< where ("Solver Stepper", "Timeline")
    const char* handler;      ///< the class name of the widget that handles them (cl::SolverStepperDock)
};
/// Every panel's own keys, in the sheet's order.
QList<PanelKey> panelKeys();

/// Every shortcut of every action of `window` (one entry per key sequence of an action with several), sorted
/// by where the action lives, then by text. This is what the sheet shows, so the sheet cannot forget an
/// action or name a key that does nothing.
QList<ShortcutEntry> shortcutEntries(const MainWindow& window);

/// The Keyboard Shortcuts sheet: a table of shortcutEntries() (key, action, menu) and a second table of the
/// mouse and keys the canvas tools handle themselves.
class ShortcutSheet : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutSheet(MainWindow& window);
    /// The keys of the actions, in two tables side by side (the list is too long for one column at 1280x800),
    /// split between two menus. Rows: key (native text, the QAction* in Qt::UserRole), action, menu.
    QList<QTableWidget*> actionTables() const { return {m_actions, m_moreActions}; }
    QTableWidget* canvasTable() const { return m_canvas; }
    /// The panels' own keys (panelKeys()): keys, what they do, panel; Qt::UserRole of the first column holds
    /// the keys (QStringList, portable text) and UserRole + 1 the handling class's name.
    QTableWidget* panelTable() const { return m_panels; }
    /// Refills the tables from the window's actions now (their texts follow the mode, e.g. Play/Pause).
    void refresh();

private:
    MainWindow& m_window;
    QTableWidget* m_actions = nullptr;
    QTableWidget* m_moreActions = nullptr;
    QTableWidget* m_canvas = nullptr;
    QTableWidget* m_panels = nullptr;
};

/// A QTextBrowser for the guide: Markdown from the resources, with images scaled down to the view's width.
class GuideBrowser : public QTextBrowser {
    Q_OBJECT

public:
    explicit GuideBrowser(QWidget* parent = nullptr);

    /// The widest an image is shown, in pixels (the viewport's width less a margin; at least 200).
    int maxImageWidth() const;
    /// Images wider than maxImageWidth() are scaled down to it; everything else loads as QTextBrowser does.
    QVariant loadResource(int type, const QUrl& name) override;
};

/// The User Guide window (non-modal: the app stays usable while it is open).
class GuideWindow : public QDialog {
    Q_OBJECT

public:
    explicit GuideWindow(QWidget* parent = nullptr);
    GuideBrowser* browser() const { return m_browser; }

private:
    GuideBrowser* m_browser = nullptr;
};

/// The first-run welcome: what ContactLab is for and three starter actions (open a demo, draw two shapes,
/// start the walkthrough). Each button does what it says and closes the dialog. Non-modal.
class WelcomeDialog : public QDialog {
    Q_OBJECT

public:
    explicit WelcomeDialog(MainWindow& window);

    /// The scene the "Open a demo" button opens, and the one the walkthrough button opens.
    static QString demoScene();
    static QString walkthroughScene();

    void openDemo();
    void drawTwoShapes();
    void startWalkthrough();

private:
    MainWindow& m_window;
};

/// The Help menu and its windows, installed on a MainWindow by installHelp().
class HelpUi : public QObject {
    Q_OBJECT

public:
    explicit HelpUi(MainWindow& window);

    QAction* guideAction() const { return m_guideAction; }
    QAction* shortcutsAction() const { return m_shortcutsAction; }
    QAction* welcomeAction() const { return m_welcomeAction; }

    /// Shows (creating it on first use) and raises each window; returns it.
    GuideWindow* showGuide();
    ShortcutSheet* showShortcuts();
    WelcomeDialog* showWelcome();

    /// The QSettings key that records that the welcome was shown once.
    static QString welcomeShownKey();

private:
    MainWindow& m_window;
    QAction* m_guideAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QAction* m_welcomeAction = nullptr;
    QPointer<GuideWindow> m_guide;
    QPointer<ShortcutSheet> m_sheet;
    QPointer<WelcomeDialog> m_welcome;
};

/// Adds the Help menu (last in the menu bar) and puts each action's shortcut into its tooltip. Call once,
/// after every other menu and toolbar exists.
HelpUi* installHelp(MainWindow& window);

/// Makes every action of `window` that has a shortcut show it in its tooltip ("Polygon (P)"), now and after
/// any later change of its text or shortcut. A tooltip that already names the key is left as it is.
void showShortcutsInToolTips(MainWindow& window);

/// Shows the welcome if this user has never seen it (QSettings, HelpUi::welcomeShownKey()) and records that
/// it was shown. Called by main() for the interactive app only, never for --screenshot or in tests that do
/// not ask for it. Returns the dialog, or null when it was not shown.
WelcomeDialog* showWelcomeOnFirstRun(MainWindow& window);

} // namespace cl
