#pragma once
/// @file file_controller.h
/// The File menu's logic besides Open: New, Save, Save As, Open Recent, the Samples submenu, drag-and-drop
/// open, the unsaved-changes prompt, and autosave with crash recovery.

#include <QObject>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;

namespace cl {

class Autosave;
class Document;
class MainWindow;

/// What to do with unsaved changes.
enum class UnsavedChoice { Save, Discard, Cancel };

class FileController : public QObject {
    Q_OBJECT

public:
    /// Asked before unsaved changes would be lost. @param action what is about to happen ("open a sample")
    using UnsavedAsker = std::function<UnsavedChoice(const QString& action)>;
    /// Asked for a file name to save to; empty = cancelled.
    using SaveNameAsker = std::function<QString(const QString& suggestion)>;

    /// Most recent files listed.
    static constexpr int kMaxRecentFiles = 8;

    explicit FileController(MainWindow& window);

    /// Adds New, Open Recent, Samples, Save and Save As to `fileMenu`, before its `before` action (null:
    /// at the end).
    void populateFileMenu(QMenu* fileMenu, QAction* before);

    /// Replaces the unsaved-changes prompt (null restores the message box).
    void setUnsavedAsker(UnsavedAsker asker) { m_unsavedAsker = std::move(asker); }
    /// Replaces the Save As file dialog (null restores it).
    void setSaveNameAsker(SaveNameAsker asker) { m_saveNameAsker = std::move(asker); }

    /// When the document has unsaved changes, asks what to do: Save (saves; false if that fails or is
    /// cancelled), Discard (true), Cancel (false). True at once when there is nothing to lose.
    /// @param action what is about to happen, for the question
    bool maybeSave(const QString& action);

    /// Opens the scene named on the command line. After a crash restore the restored work comes first: when
    /// it is that file's own work the file is not read again (true); when it is another scene's, the file is
    /// not opened (false) and the status bar says why, rather than asking at once to save or discard it.
    bool openAtStartup(const QString& fileName);

    /// File > New: an empty untitled document (after the prompt). @return false when cancelled
    bool newFile();
    /// File > Save: to the document's file, or Save As when untitled. @return true when saved
    bool save();
    /// File > Save As: asks for a name (SaveNameAsker) and saves. @return true when saved
    bool saveAs();
    /// Saves to `fileName` (atomic), makes it the document's file and a recent file. Reports errors.
    bool saveTo(const QString& fileName);

    /// Recent files, most recent first (QSettings "recentFiles"); missing files are dropped.
    QStringList recentFiles() const;
    void addRecentFile(const QString& fileName);
    /// Sample scenes found in the resources: ":/scenes/*.json" then ":/scenes/catalogue/*.json".
    static QStringList sampleFiles();

    Autosave* autosave() const { return m_autosave; }
    /// Whether start-up restored a scene from a recovery file.
    bool restoredFromRecovery() const { return m_restored; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateRecentMenu();
    static QString sampleTitle(const QString& path);

    MainWindow& m_window;
    Document* m_document;
    Autosave* m_autosave = nullptr;
    QMenu* m_recentMenu = nullptr;
    UnsavedAsker m_unsavedAsker;
    SaveNameAsker m_saveNameAsker;
    bool m_restored = false;
};

} // namespace cl
