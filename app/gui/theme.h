#pragma once
/// @file theme.h
/// View > Theme (Light, Dark, High Contrast) and View > Colour-Blind-Safe Colours: the canvas, its overlays
/// and legend draw with the chosen palette (widgets/palette.h), and the docks, menus and toolbars get a
/// matching QPalette. The choice is kept in QSettings and applied when the next window opens.

#include "palette.h"

namespace cl {

class MainWindow;

/// Applies a theme to the whole application: the drawing palette and the widgets' QPalette.
void applyTheme(Theme theme, bool colourBlindSafe);

/// Adds the Theme submenu and the colour-blind toggle to the View menu and applies the saved choice.
void installThemes(MainWindow& window);

} // namespace cl
