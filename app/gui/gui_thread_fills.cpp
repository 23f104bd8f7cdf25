/// @file gui_thread_fills.cpp
/// Keeps Qt Gui's raster fills on the GUI thread (see gui_thread_fills.h for why).
///
/// Qt 6.4's raster engine hands every blend of more than 96 spans to QThreadPool::globalInstance() in
/// segments and blocks the painting thread on a semaphore until they are done (qdrawhelper.cpp,
/// QT_THREAD_PARALLEL_FILLS; image scaling and conversion do the same). It runs the work on the caller
/// instead when `QThreadPool::contains(QThread::currentThread())` is true, which is how Qt keeps a pool thread
/// from waiting on its own pool. Every anti-aliased line longer than about 40 px is such a blend: a drag move
/// of the editor draws about a hundred (name and label leaders, the selected body's halo, the ruler's bars),
/// each a few microseconds of work, and each paid a round trip to another thread and back. On this project's
/// 2-core machines that was 15-25 % of a move (contactlab-framebench --drag, docs/benchmark.md).
///
/// Qt 6.4 has no switch for it (later releases moved these fills to a pool of their own that an environment
/// variable can switch off), so this file defines QThreadPool::contains() in the executable: the definition
/// libQt6Gui's call binds to (ELF symbol interposition: the executable comes first in the lookup). It answers
/// true for the GUI thread, so that thread paints on its own, and asks Qt Core's definition for every other
/// thread. Only libQt6Gui imports the symbol (checked with nm -D on Debian's Qt 6.4.2), and all of its calls
/// mean "run it here rather than in the pool", which gives the same pixels.

#include "gui_thread_fills.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>

namespace {

std::atomic<bool> g_keepOnGuiThread{true};

/// Qt Core's own QThreadPool::contains (the next definition after the executable's in the lookup order).
using ContainsFn = bool (*)(const QThreadPool*, const QThread*);
ContainsFn qtContains() {
    static const ContainsFn fn =
        reinterpret_cast<ContainsFn>(dlsym(RTLD_NEXT, "_ZNK11QThreadPool8containsEPK7QThread"));
    return fn;
}

} // namespace

bool QThreadPool::contains(const QThread* thread) const {
    if (g_keepOnGuiThread.load(std::memory_order_relaxed)) {
        const QCoreApplication* app = QCoreApplication::instance();
        if (app && thread == app->thread()) {
            return true;
        }
    }
    const ContainsFn fn = qtContains();
    return fn && fn(this, thread);
}

namespace cl {

void keepGuiFillsOnGuiThread() {
    // CONTACTLAB_QT_PARALLEL_FILLS=1 gives Qt its own behaviour back, for measuring the difference.
    const char* parallel = std::getenv("CONTACTLAB_QT_PARALLEL_FILLS");
    setGuiFillsOnGuiThread(!(parallel && parallel[0] == '1'));
}

void setGuiFillsOnGuiThread(bool on) {
    g_keepOnGuiThread.store(on, std::memory_order_relaxed);
}

bool guiFillsStayOnGuiThread() {
    const QCoreApplication* app = QCoreApplication::instance();
    return app && QThreadPool::globalInstance()->contains(app->thread());
}

} // namespace cl
