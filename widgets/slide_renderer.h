#pragma once
/// @file slide_renderer.h
/// Slides for a projector or a handout: one walkthrough step per 16:9 page, the drawing on top and, under it,
/// the step's title, its explanation and the tab's table (the step's row marked). One painter for the PNG
/// series, the multi-page PDF (File > Export, `contactlab-cli walkthrough --slides DIR --pdf FILE`) and any
/// other document that wants a step as a figure with its words (a lesson worksheet).
///
/// Frames: a slide is laid out in slide pixels (1920 x 1080 unless said otherwise, y down); the painter
/// given to paint() maps slide pixels to the device. The drawing callback paints into a rectangle of that
/// frame.

#include "gjk_steps.h"
#include "overlay.h"
#include "view_transform.h"
#include "walkthrough.h"

#include "physics/defs.h"

#include <QFont>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QPainter;

namespace cl {

/// Everything one slide shows.
struct Slide {
    /// The small line above the title: tab, pair and position ("SAT · A = plank, B = box · step 3 of 9").
    QString heading;
    QString title;       ///< the step's title ("Axis 3 of 8")
    QString explanation; ///< the step's explanation, plain text (wrapped to fit)
    /// The tab's table (no headers: none is drawn). Rows whose `step` equals `step` are marked.
    WalkthroughTable table;
    int step = -1; ///< this slide's step in its tab, 0-based (marks the table rows that belong to it)
    /// Paints the picture into `rect` (slide pixels); the painter is clipped to it. May be empty (no picture).
    std::function<void(QPainter& painter, const QRectF& rect)> drawing;
};

/// Where paint() puts each part of a slide, slide pixels, and the type sizes it chose so that all fits.
struct SlideLayout {
    QRectF heading;
    QRectF title;
    QRectF drawing;     ///< empty when the slide has no picture (its words then follow the title)
    QRectF explanation; ///< the wrapped paragraph's box
    QRectF table;       ///< the drawn table (empty without a table)
    QRectF tableNote;   ///< "Rows 5-12 of 32" under the table when some rows are left out (else empty)
    QFont headingFont, titleFont, explanationFont, tableFont;
    /// The two lines of a cell written on one line ("A edge 0 (0.12, -0.99)") when the table is narrow
    /// enough for it: half the height, a bigger drawing.
    bool singleLineCells = false;
    int firstRow = 0; ///< the table's first drawn row (rows are left out only when all cannot fit)
    int rowCount = 0; ///< how many rows are drawn
    std::vector<double> columnWidths;
    std::vector<double> rowHeights; ///< header first, then each drawn row
    /// Whether every text fits its box at the chosen sizes (a layout that cannot fit shrinks to the smallest
    /// sizes and says so here).
    bool fits = true;
};

/// Stateless slide drawing.
class SlideRenderer {
public:
    SlideRenderer() = delete;

    /// The slide size of the exports: 16:9, full HD.
    static constexpr QSize kSlideSize{1920, 1080};

    /// Where the parts of `slide` go on a slide of `size` pixels.
    static SlideLayout layout(const Slide& slide, QSizeF size = QSizeF(kSlideSize));
    /// Paints `slide` on a white page of `size` slide pixels. Painter: slide pixels -> device.
    static void paint(QPainter& painter, const Slide& slide, QSizeF size = QSizeF(kSlideSize));
    /// The table as paint() writes it on a slide laid out as `l`: each cell's lines on one line (oneLineCell,
    /// table_cells.h) when l.singleLineCells, else as the slide has them.
    static WalkthroughTable drawnTable(const Slide& slide, const SlideLayout& l);
    /// The slide as an image of `size` pixels.
    static QImage image(const Slide& slide, QSize size = kSlideSize);
    /// Writes every slide as one page of a PDF (QPdfWriter, 16:9 pages of 960 x 540 pt, text kept as text).
    /// Returns an empty string on success, else the error.
    static QString writePdf(const QString& fileName, const std::vector<Slide>& slides, const QString& title);
    /// Writes slide i as `fileName` numbered i+1 (Exporter::seriesFileName's rule: deck.png -> deck_01.png).
    /// Returns an empty string on success, else the error. @param written receives the names; may be null
    static QString writePngSeries(const QString& fileName, const std::vector<Slide>& slides,
                                  QStringList* written = nullptr);
    /// For "deck.png": deck_01.png, deck_02.png... (at least two digits, more when `count` needs them).
    static QString seriesFileName(const QString& fileName, int index, int count);

    /// The pair as every slide's heading names it, the same from the GUI and the command line: "A = plank,
    /// B = box", an unnamed body by its index ("body 2"), or "body A" when it has none (a simulation frame).
    static QString pairHeading(const phys::BodyDef& a, int indexA, const phys::BodyDef& b, int indexB);

    /// The slides of one SAT, clipping or methods walkthrough, one per step: the drawing is `scene` framed on
    /// the pair with the step's overlay (OverlayPainter, as the canvas draws it, enlarged for a projector).
    /// @param scene the scene drawn, with A and B placed as in the walkthrough; shared so the slides stay
    ///        valid after the caller's copy changes
    /// @param pair "A = plank, B = box", written in each heading
    /// @param displayScale presentation-mode factor of the drawing (the canvas's, from the GUI; 1 headless)
    static std::vector<Slide> walkthroughSlides(const std::shared_ptr<const Walkthrough>& walkthrough,
                                                const std::shared_ptr<const phys::SceneDef>& scene,
                                                const QString& pair, const OverlayOptions& overlays = {},
                                                double displayScale = 1.0);
    /// The slides of one tab of the GJK page: the world pane and, for GJK and EPA, the Minkowski pane with
    /// the origin (for TOI the separation plot), side by side. @param tabName "GJK", "EPA"...
    static std::vector<Slide> gjkSlides(GjkSteps::Tab tab, const GjkSteps& steps, const QString& tabName,
                                        const QString& pair);
    /// How a walkthrough step's drawing fills a rectangle of `size` slide pixels: the scene in `view`, drawn
    /// at `displayScale` (RenderOptions::displayScale: fonts, pens, gaps, grid spacing).
    struct DrawingFrame {
        ViewTransform view;
        double displayScale = 1.0;
    };
    /// The frame of paintStepDrawing: the pair (both bodies' boxes) filling the height of a wide strip, with
    /// room at its sides for the SAT ruler and its labels, drawn at twice the canvas's scale at least (review
    /// v12b N8: about 8 px tall grid figures, a pair 200 px wide on a 1920x1080 slide).
    /// @param displayScale the scale asked for (the canvas's presentation scale, from the GUI)
    static DrawingFrame drawingFrame(QSizeF size, const phys::SceneDef& scene, const Walkthrough& walkthrough,
                                     double displayScale = 1.0);
    /// Draws a walkthrough step of `scene` into `rect` of the painter (drawingFrame): the picture of
    /// walkthroughSlides, for documents that lay out their own page.
    /// @return what the overlay drew, in the drawing's view pixels (drawingFrame's view)
    static OverlayPicture paintStepDrawing(QPainter& painter, const QRectF& rect, const phys::SceneDef& scene,
                                           const Walkthrough& walkthrough, int step,
                                           const OverlayOptions& overlays = {}, double displayScale = 1.0);
    /// Draws diagram items fitted into `rect` with a title above them (a pane of the GJK page).
    /// @param showOrigin draw the axes through the origin and keep the origin in the fit
    static void paintDiagramPane(QPainter& painter, const QRectF& rect, const QString& title,
                                 const std::vector<DiagramItem>& items, bool showOrigin);
};

} // namespace cl
