#pragma once
/// @file edit_setup.h
/// Installs the editing workbench into the main window: the EditController, the Bodies, Inspector and Undo
/// history docks, the Edit menu, and the View menu's dock toggles and Presentation mode.

class QMenu;
class QScreen;

namespace cl {

class EditController;
class MainWindow;

/// Creates the controller and the docks and fills the menus. Called once from the MainWindow constructor,
/// after the document, canvas and edit intents exist.
/// @return the controller (owned by the window)
EditController* installEditing(MainWindow& window, QMenu* editMenu, QMenu* viewMenu);

/// Presentation mode's factor on the canvas's fonts, lines and labels and on the docks' font on a screen 800
/// logical pixels high or taller: the most it enlarges (presentationScaleFor gives the factor for a screen).
inline constexpr double kPresentationScale = 1.6;
/// The screen height (logical pixels) at which presentation mode gives kPresentationScale: a 1280x800
/// projector at 100%, the screen presentation mode was tuned on.
inline constexpr double kPresentationReferenceHeight = 800.0;

/// Presentation mode's factor for a screen `logicalHeight` logical pixels high (after the OS's or
/// QT_SCALE_FACTOR's scaling): kPresentationScale * logicalHeight / kPresentationReferenceHeight, between 1
/// and kPresentationScale (edit_setup.cpp says why).
double presentationScaleForHeight(double logicalHeight);
/// The factor for `screen` (its geometry's height); kPresentationScale without a screen.
double presentationScaleFor(const QScreen* screen);

/// Turns presentation mode on or off: the canvas scale (SceneRenderer display scale) and the docks' fonts,
/// by presentationScaleFor(the window's screen). While it is on, moving the window to another screen applies
/// that screen's factor.
void setPresentationMode(MainWindow& window, bool on);

} // namespace cl
