#pragma once
/// @file edit_setup.h
/// Installs the editing workbench into the main window: the EditController, the Bodies, Inspector and Undo
/// history docks, the Edit menu, and the View menu's dock toggles and Presentation mode.

class QMenu;

namespace cl {

class EditController;
class MainWindow;

/// Creates the controller and the docks and fills the menus. Called once from the MainWindow constructor,
/// after the document, canvas and edit intents exist.
/// @return the controller (owned by the window)
EditController* installEditing(MainWindow& window, QMenu* editMenu, QMenu* viewMenu);

/// Presentation mode factor on the canvas's fonts, lines and labels and on the docks' font.
inline constexpr double kPresentationScale = 1.6;

/// Turns presentation mode on or off: the canvas scale (SceneRenderer display scale) and the docks' fonts.
void setPresentationMode(MainWindow& window, bool on);

} // namespace cl
