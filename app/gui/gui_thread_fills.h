/// @file gui_thread_fills.h
/// The GUI thread paints its own fills: Qt 6.4's raster engine otherwise splits every anti-aliased fill of
/// more than 96 spans across its global thread pool and waits for it, a round trip that costs more than
/// the fill (gui_thread_fills.cpp has the details and the measurement).
#pragma once

namespace cl {

/// Turns the GUI-thread fills on (the default) unless CONTACTLAB_QT_PARALLEL_FILLS=1 is set. MainWindow's
/// constructor calls it; calling it also links the definition into every executable that has a MainWindow.
void keepGuiFillsOnGuiThread();

/// Turns them on or off (off: Qt's own parallel fills).
void setGuiFillsOnGuiThread(bool on);

/// Whether Qt Gui, asking as it does, would run a fill of the GUI thread on that thread (for the test).
bool guiFillsStayOnGuiThread();

} // namespace cl
