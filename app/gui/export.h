#pragma once
/// @file export.h
/// Pictures of the scene for slides and handouts: the current view or the whole scene as PNG (1x, 2x, 4x) or
/// SVG (real text, strokes in output units: svg_writer.h), a copy to the clipboard, and the walkthrough of the
/// current pair as slides (slide_renderer.h): every tab's steps, each with its title, explanation and table
/// under the drawing, as numbered 1920x1080 PNGs or one multi-page PDF. Everything is drawn headless by the
/// same code as the canvas (SceneRenderer + OverlayPainter), with the overlays and the walkthrough step that
/// are on.

#include "overlay.h"
#include "slide_renderer.h"
#include "view_transform.h"

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QMenu;

namespace cl {

class MainWindow;
class WalkthroughDock;

class Exporter : public QObject {
    Q_OBJECT

public:
    /// What is pictured.
    enum class Area {
        View,  ///< what the canvas shows now (its zoom and centre, its size)
        Scene, ///< every body, zoomed to fit in a picture of the canvas's size
    };

    /// @param dock the walkthrough whose overlays and step are drawn; may be null
    Exporter(MainWindow& window, WalkthroughDock* dock);

    /// The view transform a picture of `area` uses (size: the canvas viewport's, in logical pixels).
    ViewTransform viewFor(Area area) const;
    /// The picture as an image of viewFor(area).viewSize() * scale pixels.
    /// @param step walkthrough step to draw; -1: the dock's current step (when its walkthrough is shown)
    QImage image(Area area, double scale, int step = -1) const;
    /// Writes a PNG (atomically). Returns an empty string on success, else the error.
    QString exportPng(const QString& fileName, Area area, double scale) const;
    /// Writes an SVG of viewFor(area). Returns an empty string on success, else the error.
    QString exportSvg(const QString& fileName, Area area) const;
    /// Puts the picture (1x) on the clipboard.
    void copyToClipboard(Area area) const;
    /// The slides of the dock's pair: SAT, clipping and methods, then GJK, EPA, Voronoi, TOI and the split
    /// of body A's outline, one slide per step: the series `contactlab-cli walkthrough --tab all --slides`
    /// writes. A tab of the GJK page with nothing to show for the pair gives none (slide_series.h).
    /// Empty when the dock has no pair.
    /// @param skipped receives one sentence per tab left out, saying why; may be null
    std::vector<Slide> walkthroughSlides(QStringList* skipped = nullptr) const;
    /// Writes walkthroughSlides() as PNGs: for "slides.png", slides_01.png, slides_02.png... (1920x1080).
    /// Returns an empty string on success, else the error.
    /// @param written receives the file names written, in step order; may be null
    QString exportSlidesPng(const QString& fileName, QStringList* written = nullptr,
                            QStringList* skipped = nullptr) const;
    /// Writes walkthroughSlides() as one PDF, a 16:9 page per slide. Returns an empty string on success,
    /// else the error. @param pages receives the number of pages; may be null
    QString exportSlidesPdf(const QString& fileName, int* pages = nullptr,
                            QStringList* skipped = nullptr) const;
    /// The file name of step `step` (0-based) of a series named `fileName` with `count` steps.
    static QString seriesFileName(const QString& fileName, int step, int count);

    /// Adds File > Export (view/scene as PNG 1x/2x/4x, as SVG, copy, walkthrough slides as PNGs and as a
    /// PDF) before Quit.
    void addToMenu(QMenu* fileMenu);

private:
    bool walkthroughShown() const;
    QString askFileName(const QString& title, const QString& filter, const QString& suffix) const;
    void report(const QString& error, const QString& done) const;

    MainWindow& m_window;
    WalkthroughDock* m_dock = nullptr;
};

} // namespace cl
