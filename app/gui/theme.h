#pragma once
/// @file theme.h
/// View > Theme (Light, Dark, High Contrast) and View > Colour-Blind-Safe Colours: the canvas, its overlays
/// and legend draw with the chosen palette (widgets/palette.h), and the docks, menus and toolbars get a
/// matching QPalette. The choice is kept in QSettings and applied when the next window opens.

#include "palette.h"

namespace cl {

class MainWindow;

/// Applies a theme to the whole application: the drawing palette and the widgets' QPalette, and restyles
/// every widget given a role by setThemedStyle().
void applyTheme(Theme theme, bool colourBlindSafe);

/// Colours a panel widget keeps in every theme: a sticky-note box (scene descriptions, teacher notes), a
/// quiet hint, a warning, the engine's answer.
enum class ThemedRole { Note, Hint, Warning, Answer };

/// Styles `widget` (a QLabel) for `role` in the current theme, plus `extra` declarations (padding, font
/// style...), and again whenever the theme changes: hard-coded light colours stayed light in the Dark theme.
void setThemedStyle(QWidget* widget, ThemedRole role, const QString& extra = {});

/// Whether `widget` was styled by setThemedStyle() (its style sheet is the theme's to write).
bool hasThemedStyle(const QWidget* widget);

/// A font size (points) that the themed style sheet of `widget` keeps through every theme change
/// (presentation mode's larger text); 0 goes back to the widget's own size.
void setThemedFontSize(QWidget* widget, double points);

/// Adds the Theme submenu and the colour-blind toggle to the View menu and applies the saved choice.
void installThemes(MainWindow& window);

} // namespace cl
