/// @file slide_renderer.cpp

#include "slide_renderer.h"

#include "paint_kit.h"
#include "sat_ruler_room.h"
#include "scene_renderer.h"
#include "table_cells.h"
#include "view_transform.h"

#include <QDir>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

constexpr QRgb kInk = 0xff1f2630;
constexpr QRgb kMutedInk = 0xff5d6676;
constexpr QRgb kRule = 0xffd9dde4;
constexpr QRgb kHeaderFill = 0xffeef1f5;
constexpr QRgb kStripeFill = 0xfff7f8fa;
constexpr QRgb kMarkFill = 0xfffff1c9;
constexpr QRgb kMarkBar = 0xffe0a100;

/// The drawing is enlarged this much against the canvas (labels and pens read from the back of a room).
constexpr double kDrawingZoom = 2.0;

QFont slideFont(double pixels, bool bold = false) {
    QFont font;
    font.setPixelSize(std::max(1, int(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

/// Height of `text` wrapped to `width` in `font`.
double wrappedHeight(const QFont& font, const QString& text, double width) {
    if (text.isEmpty()) {
        return 0.0;
    }
    const QFontMetricsF metrics(font);
    return metrics
        .boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text)
        .height();
}

/// Whether `text` wrapped to `width` fits in `width` (no word is wider than the column).
bool wrappedFitsWidth(const QFont& font, const QString& text, double width) {
    const QFontMetricsF metrics(font);
    return metrics
               .boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text)
               .width() <= width + 0.5;
}

struct TableMetrics {
    std::vector<double> columns;
    std::vector<double> rows; ///< header, then every row
    double width = 0.0;
};

double cellPadX(const QFont& font) {
    return 0.6 * font.pixelSize();
}
double cellPadY(const QFont& font) {
    return 0.25 * font.pixelSize();
}

/// The table with the two lines of each cell joined on one line.
WalkthroughTable singleLine(WalkthroughTable table) {
    for (WalkthroughTable::Row& row : table.rows) {
        for (QString& cell : row.cells) {
            cell = oneLineCell(cell);
        }
    }
    return table;
}

/// Natural size of every column and row of `table` in `font` (header in bold).
TableMetrics measureTable(const WalkthroughTable& table, const QFont& font) {
    TableMetrics out;
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF plain(font), strong(bold);
    const std::size_t columns = std::size_t(table.headers.size());
    out.columns.assign(columns, 0.0);
    auto measureRow = [&](const QStringList& cells, bool header) {
        const QFontMetricsF& m = header ? strong : plain;
        int lines = 1;
        for (std::size_t c = 0; c < columns && c < std::size_t(cells.size()); ++c) {
            const QStringList parts = cells[qsizetype(c)].split(QLatin1Char('\n'));
            lines = std::max(lines, int(parts.size()));
            for (const QString& part : parts) {
                // Rows can be bold (emphasised): measure in bold so a bold row never overflows its column.
                out.columns[c] =
                    std::max(out.columns[c], strong.horizontalAdvance(part) + 2 * cellPadX(font));
            }
        }
        out.rows.push_back(lines * m.lineSpacing() + 2 * cellPadY(font));
    };
    measureRow(table.headers, true);
    for (const WalkthroughTable::Row& row : table.rows) {
        measureRow(row.cells, false);
    }
    for (const double w : out.columns) {
        out.width += w;
    }
    return out;
}

/// The first row a window of `count` rows starts at so that it holds `mark` (or starts at 0 without one),
/// centred on it where it can be.
int windowStart(int total, int count, int mark) {
    if (count >= total || mark < 0) {
        return 0;
    }
    return std::clamp(mark - count / 2, 0, total - count);
}

} // namespace

SlideLayout SlideRenderer::layout(const Slide& slide, QSizeF size) {
    SlideLayout out;
    const double k = size.height() / 1080.0; // type and gaps follow the slide's height
    const double margin = 40.0 * k;
    const double gap = 28.0 * k;
    const double contentWidth = size.width() - 2.0 * margin;

    out.headingFont = slideFont(24.0 * k);
    out.heading = QRectF(margin, margin, contentWidth, QFontMetricsF(out.headingFont).height());
    out.fits = QFontMetricsF(out.headingFont).horizontalAdvance(slide.heading) <= contentWidth;
    // The title on one line: the largest size from 44 px down to 28 px at which it fits.
    for (double px = 44.0; px >= 28.0; px -= 2.0) {
        out.titleFont = slideFont(px * k, true);
        if (QFontMetricsF(out.titleFont).horizontalAdvance(slide.title) <= contentWidth) {
            break;
        }
    }
    out.fits = out.fits && QFontMetricsF(out.titleFont).horizontalAdvance(slide.title) <= contentWidth;
    out.title =
        QRectF(margin, out.heading.bottom() + 4.0 * k, contentWidth, QFontMetricsF(out.titleFont).height());
    const double contentTop = out.title.bottom() + 16.0 * k;

    // Under the drawing, the explanation and the table share at most this much height.
    const double panelMax = 0.45 * size.height();
    const bool hasTable = !slide.table.headers.isEmpty() && !slide.table.rows.empty();

    // The table: the largest type (24 px down to 15 px) at which it takes at most 64% of the width; rows are
    // windowed around the slide's row only when even the smallest type cannot hold them all.
    double tableWidth = 0.0, tableHeight = 0.0;
    if (hasTable) {
        // One-line cells first (down to 18 px), then two-line cells.
        TableMetrics metrics;
        const WalkthroughTable joined = singleLine(slide.table);
        bool found = false;
        for (const bool single : {true, false}) {
            for (double px = 24.0; px >= (single ? 18.0 : 15.0) && !found; px -= 1.0) {
                out.tableFont = slideFont(px * k);
                out.singleLineCells = single;
                metrics = measureTable(single ? joined : slide.table, out.tableFont);
                double height = 0.0;
                for (const double h : metrics.rows) {
                    height += h;
                }
                found = metrics.width <= 0.64 * contentWidth && (height <= panelMax || !single);
            }
        }
        out.fits = out.fits && metrics.width <= 0.64 * contentWidth;
        out.columnWidths = metrics.columns;
        const int total = int(slide.table.rows.size());
        int mark = -1;
        for (int r = 0; r < total; ++r) {
            if (slide.step >= 0 && slide.table.rows[std::size_t(r)].step == slide.step) {
                mark = r;
                break;
            }
        }
        const double noteHeight = QFontMetricsF(out.tableFont).height() + 4.0 * k;
        double all = metrics.rows[0];
        for (int r = 0; r < total; ++r) {
            all += metrics.rows[std::size_t(r) + 1];
        }
        int count = total;
        if (all > panelMax) {
            // As many rows as fit with the note under them.
            count = 0;
            double used = metrics.rows[0] + noteHeight;
            while (count < total) {
                // The tallest row decides, wherever the window lands.
                const double tallest = *std::max_element(metrics.rows.begin() + 1, metrics.rows.end());
                if (used + tallest > panelMax) {
                    break;
                }
                used += tallest;
                ++count;
            }
            count = std::max(count, 1);
        }
        out.firstRow = windowStart(total, count, mark);
        out.rowCount = count;
        out.rowHeights.push_back(metrics.rows[0]);
        tableHeight = metrics.rows[0];
        for (int r = out.firstRow; r < out.firstRow + count; ++r) {
            out.rowHeights.push_back(metrics.rows[std::size_t(r) + 1]);
            tableHeight += metrics.rows[std::size_t(r) + 1];
        }
        tableWidth = metrics.width;
        if (count < total) {
            out.tableNote = QRectF(0, 0, tableWidth, noteHeight);
        }
    }

    // The explanation: the largest type (30 px down to 16 px) whose wrapped paragraph fits the panel.
    const double explanationWidth = hasTable ? contentWidth - tableWidth - gap : contentWidth;
    double explanationHeight = 0.0;
    for (double px = 30.0; px >= 16.0; px -= 1.0) {
        out.explanationFont = slideFont(px * k);
        explanationHeight = wrappedHeight(out.explanationFont, slide.explanation, explanationWidth);
        if (explanationHeight <= panelMax &&
            wrappedFitsWidth(out.explanationFont, slide.explanation, explanationWidth)) {
            break;
        }
    }
    out.fits = out.fits && explanationHeight <= panelMax &&
               wrappedFitsWidth(out.explanationFont, slide.explanation, explanationWidth);

    const double panelHeight = std::max(explanationHeight, tableHeight + out.tableNote.height());
    // Under the picture, at the foot of the slide; a step without a picture has its words under the title.
    const double panelTop = slide.drawing ? size.height() - margin - panelHeight : contentTop;
    out.explanation = QRectF(margin, panelTop, explanationWidth, explanationHeight);
    if (hasTable) {
        out.table = QRectF(size.width() - margin - tableWidth, panelTop, tableWidth, tableHeight);
        if (!out.tableNote.isEmpty()) {
            out.tableNote.moveTopLeft(out.table.bottomLeft() + QPointF(0, 4.0 * k));
        }
    }
    if (slide.drawing) {
        out.drawing = QRectF(margin, contentTop, contentWidth, panelTop - gap - contentTop);
        // A picture under a third of the slide is not worth showing: the words are too long for one slide.
        out.fits = out.fits && out.drawing.height() >= size.height() / 3.0;
    }
    return out;
}

void SlideRenderer::paint(QPainter& painter, const Slide& slide, QSizeF size) {
    const SlideLayout l = layout(slide, size);
    const double k = size.height() / 1080.0;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), size), Qt::white);

    painter.setFont(l.headingFont);
    painter.setPen(QColor(kMutedInk));
    painter.drawText(l.heading, Qt::AlignLeft | Qt::AlignVCenter, slide.heading);
    painter.setFont(l.titleFont);
    painter.setPen(QColor(kInk));
    painter.drawText(l.title, Qt::AlignLeft | Qt::AlignVCenter, slide.title);

    if (slide.drawing && l.drawing.isValid()) {
        painter.save();
        painter.setClipRect(l.drawing);
        slide.drawing(painter, l.drawing);
        painter.restore();
        painter.setPen(QPen(QColor(kRule), 1.5 * k));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(l.drawing);
    }

    painter.setFont(l.explanationFont);
    painter.setPen(QColor(kInk));
    painter.drawText(l.explanation, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, slide.explanation);

    if (!l.table.isEmpty()) {
        const WalkthroughTable table = drawnTable(slide, l);
        QFont bold = l.tableFont;
        bold.setBold(true);
        const double padX = cellPadX(l.tableFont);
        const double padY = cellPadY(l.tableFont);
        double y = l.table.top();
        auto drawRow = [&](const QStringList& cells, double height, const QFont& font) {
            double x = l.table.left();
            painter.setFont(font);
            painter.setPen(QColor(kInk));
            for (std::size_t c = 0; c < l.columnWidths.size(); ++c) {
                const QString text = c < std::size_t(cells.size()) ? cells[qsizetype(c)] : QString();
                painter.drawText(QRectF(x + padX, y + padY, l.columnWidths[c] - 2 * padX, height - 2 * padY),
                                 Qt::AlignLeft | Qt::AlignTop, text);
                x += l.columnWidths[c];
            }
        };
        painter.fillRect(QRectF(l.table.left(), y, l.table.width(), l.rowHeights[0]), QColor(kHeaderFill));
        drawRow(table.headers, l.rowHeights[0], bold);
        y += l.rowHeights[0];
        for (int i = 0; i < l.rowCount; ++i) {
            const WalkthroughTable::Row& row = table.rows[std::size_t(l.firstRow + i)];
            const double h = l.rowHeights[std::size_t(i) + 1];
            const QRectF band(l.table.left(), y, l.table.width(), h);
            const bool marked = slide.step >= 0 && row.step == slide.step;
            if (marked) {
                painter.fillRect(band, QColor(kMarkFill));
                painter.fillRect(QRectF(band.left(), band.top(), 5.0 * k, band.height()), QColor(kMarkBar));
            } else if ((l.firstRow + i) % 2 == 1) {
                painter.fillRect(band, QColor(kStripeFill));
            }
            drawRow(row.cells, h, row.emphasised ? bold : l.tableFont);
            y += h;
        }
        painter.setPen(QPen(QColor(kRule), 1.0 * k));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(l.table);
        painter.drawLine(QPointF(l.table.left(), l.table.top() + l.rowHeights[0]),
                         QPointF(l.table.right(), l.table.top() + l.rowHeights[0]));
        if (!l.tableNote.isEmpty()) {
            painter.setFont(l.tableFont);
            painter.setPen(QColor(kMutedInk));
            painter.drawText(l.tableNote, Qt::AlignLeft | Qt::AlignVCenter,
                             QObject::tr("Rows %1\u2013%2 of %3")
                                 .arg(l.firstRow + 1)
                                 .arg(l.firstRow + l.rowCount)
                                 .arg(slide.table.rows.size()));
        }
    }
    painter.restore();
}

WalkthroughTable SlideRenderer::drawnTable(const Slide& slide, const SlideLayout& l) {
    return l.singleLineCells ? singleLine(slide.table) : slide.table;
}

QImage SlideRenderer::image(const Slide& slide, QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    paint(painter, slide, QSizeF(size));
    painter.end();
    return image;
}

QString SlideRenderer::seriesFileName(const QString& fileName, int index, int count) {
    const QFileInfo info(fileName);
    const int digits = std::max(2, int(QString::number(count).size()));
    const QString suffix = info.suffix().isEmpty() ? QStringLiteral("png") : info.suffix();
    const QString stem = info.suffix().isEmpty() ? info.fileName() : info.completeBaseName();
    return info.dir().filePath(
        QStringLiteral("%1_%2.%3").arg(stem).arg(index + 1, digits, 10, QLatin1Char('0')).arg(suffix));
}

QString SlideRenderer::writePngSeries(const QString& fileName, const std::vector<Slide>& slides,
                                      QStringList* written) {
    if (slides.empty()) {
        return QObject::tr("there are no slides to write");
    }
    const int count = int(slides.size());
    for (int i = 0; i < count; ++i) {
        const QString name = seriesFileName(fileName, i, count);
        if (const QString error = paintkit::writePng(image(slides[std::size_t(i)]), name); !error.isEmpty()) {
            return error;
        }
        if (written) {
            written->append(name);
        }
    }
    return {};
}

QString SlideRenderer::writePdf(const QString& fileName, const std::vector<Slide>& slides,
                                const QString& title) {
    if (slides.empty()) {
        return QObject::tr("there are no slides to write");
    }
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    {
        QPdfWriter writer(&file);
        // 960 x 540 pt at 144 dpi: a 16:9 page of exactly 1920 x 1080 device pixels, the PNG's frame.
        writer.setPageSize(QPageSize(QSizeF(960, 540), QPageSize::Point, QStringLiteral("Slide 16:9")));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(144);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("ContactLab"));
        QPainter painter;
        if (!painter.begin(&writer)) {
            file.cancelWriting();
            return QObject::tr("cannot start a PDF in %1").arg(QDir::toNativeSeparators(fileName));
        }
        const QSizeF slideSize(kSlideSize);
        for (std::size_t i = 0; i < slides.size(); ++i) {
            if (i > 0) {
                writer.newPage();
            }
            painter.save();
            painter.scale(writer.width() / slideSize.width(), writer.height() / slideSize.height());
            paint(painter, slides[i], slideSize);
            painter.restore();
        }
        painter.end();
    }
    if (!file.commit()) {
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    return {};
}

SlideRenderer::DrawingFrame SlideRenderer::drawingFrame(QSizeF size, const phys::SceneDef& scene,
                                                        const Walkthrough& walkthrough, double displayScale) {
    DrawingFrame frame;
    // Drawn at twice the canvas's display scale, as presentation mode draws (fonts, pens, gaps and the
    // grid's spacing; a painter zoom would leave the grid figures and the cosmetic pens at canvas size): the
    // canvas's 12 px labels read as 24 px and its 11 px grid figures as 22 px on a 1920x1080 slide.
    frame.displayScale = std::max(displayScale, kDrawingZoom);
    frame.view = SceneRenderer::fitView(scene, size);
    if (!walkthrough.isValid()) {
        return frame;
    }
    // Framed on the pair. A slide's drawing is a wide strip, so the pair is as tall as the strip allows:
    // a seventh of the height above and below holds the labels and arrows there, while the sides keep the
    // room the clipping and methods labels need beside the shapes (190 canvas pixels).
    const phys::CollideTrace& t = walkthrough.trace();
    const phys::AABB pair = phys::combine(t.aabbA, t.aabbB);
    const double side = std::min(190.0 * frame.displayScale, 0.3 * size.width());
    const double top = 0.14 * size.height();
    frame.view = ViewTransform::fitting(pair, size, QMarginsF(side, top, side, top));
    if (walkthrough.mode() != WalkthroughMode::Sat) {
        return frame;
    }
    // SAT: every axis's ruler beside the pair, never over a body nor cut by the slide's edge (review of
    // issue 12 item 8: the strip's seventh above and below put the ruler of a sideways axis over B). A
    // ruler takes its room on one side of the pair, across its axis, so the pair need not be centred:
    //   tight = the pair fitted with a small pad all round (the edge arrows shorten to stay in)
    //   for scale = tight's, 4 % less at a time, down to a quarter:
    //     for the pair's place in the room left over, the middle first, then towards the sides and corners:
    //       the view whose every ruler fits just beside the pair (rulersBesidePair) wins
    //   none: the framing above (the ruler then goes where it covers least)
    const double pad = 0.06 * size.height();
    const double width = std::max(pair.upper.x - pair.lower.x, 1e-9);
    const double height = std::max(pair.upper.y - pair.lower.y, 1e-9);
    const double tight = std::min((size.width() - 2.0 * pad) / width, (size.height() - 2.0 * pad) / height);
    if (!(tight > 0.0)) {
        return frame;
    }
    std::vector<std::pair<double, double>> places;
    constexpr double kFractions[] = {0.5, 0.375, 0.625, 0.25, 0.75, 0.125, 0.875, 0.0, 1.0};
    for (const double fx : kFractions) {
        for (const double fy : kFractions) {
            places.emplace_back(fx, fy);
        }
    }
    std::stable_sort(places.begin(), places.end(), [](const auto& p, const auto& q) {
        return std::abs(p.first - 0.5) + std::abs(p.second - 0.5) <
               std::abs(q.first - 0.5) + std::abs(q.second - 0.5);
    });
    const phys::Vec2 middle = pair.center();
    // The pair's extent across each axis, the same in every view tried: once, not per view and axis.
    const SatRulerExtents extents = satRulerExtents(walkthrough);
    for (double f = 1.0; f >= 0.25; f *= 0.96) {
        const double ppm = tight * f;
        const double slackX = std::max(0.0, size.width() - 2.0 * pad - width * ppm);
        const double slackY = std::max(0.0, size.height() - 2.0 * pad - height * ppm);
        for (const auto& [fx, fy] : places) {
            // The pair's centre at (cx, cy) in the view; the view's centre in the world from it (y up).
            const double cx = pad + fx * slackX + 0.5 * width * ppm;
            const double cy = pad + fy * slackY + 0.5 * height * ppm;
            const ViewTransform view(
                ppm, middle + phys::Vec2{(0.5 * size.width() - cx) / ppm, (cy - 0.5 * size.height()) / ppm},
                size);
            if (rulersBesidePair(scene, walkthrough, extents, view, frame.displayScale)) {
                frame.view = view;
                return frame;
            }
        }
    }
    return frame;
}

OverlayPicture SlideRenderer::paintStepDrawing(QPainter& painter, const QRectF& rect,
                                               const phys::SceneDef& scene, const Walkthrough& walkthrough,
                                               int step, const OverlayOptions& overlays,
                                               double displayScale) {
    if (rect.isEmpty()) {
        return {};
    }
    const DrawingFrame frame = drawingFrame(rect.size(), scene, walkthrough, displayScale);
    painter.save();
    painter.setClipRect(rect, Qt::IntersectClip);
    painter.translate(rect.topLeft());
    RenderOptions options;
    options.displayScale = frame.displayScale;
    OverlayPicture picture =
        OverlayPainter::renderPicture(painter, scene, frame.view, options, overlays,
                                      {OverlayStep{walkthrough.isValid() ? &walkthrough : nullptr, step}});
    painter.restore();
    return picture;
}

QString SlideRenderer::pairHeading(const phys::BodyDef& a, int indexA, const phys::BodyDef& b, int indexB) {
    auto name = [](const phys::BodyDef& body, int index, const QString& role) {
        if (!body.name.empty()) {
            return QString::fromStdString(body.name);
        }
        return index >= 0 ? QObject::tr("body %1").arg(index) : QObject::tr("body %1").arg(role);
    };
    return QObject::tr("A = %1, B = %2")
        .arg(name(a, indexA, QStringLiteral("A")), name(b, indexB, QStringLiteral("B")));
}

std::vector<Slide> SlideRenderer::walkthroughSlides(const std::shared_ptr<const Walkthrough>& walkthrough,
                                                    const std::shared_ptr<const phys::SceneDef>& scene,
                                                    const QString& pair, const OverlayOptions& overlays,
                                                    double displayScale) {
    std::vector<Slide> out;
    if (!walkthrough || !walkthrough->isValid() || !scene) {
        return out;
    }
    QString tab;
    switch (walkthrough->mode()) {
    case WalkthroughMode::Sat:
        tab = QObject::tr("SAT");
        break;
    case WalkthroughMode::Clipping:
        tab = QObject::tr("Clipping");
        break;
    case WalkthroughMode::Methods:
        tab = QObject::tr("Contact methods");
        break;
    }
    const WalkthroughTable table = walkthrough->table();
    const int count = walkthrough->stepCount();
    for (int s = 0; s < count; ++s) {
        Slide slide;
        slide.heading = QObject::tr("%1 \u00b7 %2 \u00b7 step %3 of %4").arg(tab, pair).arg(s + 1).arg(count);
        slide.title = walkthrough->step(s).title;
        slide.explanation = walkthrough->step(s).explanation;
        slide.table = table;
        slide.step = s;
        slide.drawing = [walkthrough, scene, s, overlays, displayScale](QPainter& painter,
                                                                        const QRectF& rect) {
            paintStepDrawing(painter, rect, *scene, *walkthrough, s, overlays, displayScale);
        };
        out.push_back(std::move(slide));
    }
    return out;
}

void SlideRenderer::paintDiagramPane(QPainter& painter, const QRectF& rect, const QString& title,
                                     const std::vector<DiagramItem>& items, bool showOrigin) {
    // Pens and marks of the diagram are in pixels: draw at 1.5x as the scene drawing is, in a frame of the
    // pane's size over the zoom.
    const double zoom = kDrawingZoom;
    const QSizeF size = rect.size() / zoom;
    painter.save();
    painter.setClipRect(rect, Qt::IntersectClip);
    painter.translate(rect.topLeft());
    painter.scale(zoom, zoom);
    painter.fillRect(QRectF(QPointF(0, 0), size), kDiagramPaper);
    QFont font;
    font.setPixelSize(14);
    painter.setFont(font);
    const double titleHeight = QFontMetricsF(font).height() + 6.0;
    const double margin = 22.0;

    // Fit: the bounding box of the items that take part (and the origin when shown), centred, uniform scale.
    const auto box = diagramBounds(items, showOrigin);
    // Point labels sit right of their dot: keep room for the widest on both sides (the picture stays centred).
    double labelRoom = 0.0;
    for (const DiagramItem& item : items) {
        if (item.kind == DiagramItem::Kind::Point && !item.text.isEmpty()) {
            labelRoom = std::max(labelRoom, QFontMetricsF(font).horizontalAdvance(item.text) + 8.0);
        }
    }
    const double marginX = margin + labelRoom;
    const QRectF area(marginX, titleHeight + margin, std::max(1.0, size.width() - 2 * marginX),
                      std::max(1.0, size.height() - titleHeight - 2 * margin));
    double scale = 1.0;
    phys::Vec2 centre;
    if (box) {
        const auto [lo, hi] = *box;
        scale =
            std::min(area.width() / std::max(hi.x - lo.x, 1e-6), area.height() / std::max(hi.y - lo.y, 1e-6));
        centre = 0.5 * (lo + hi);
    }
    const QPointF middle = area.center();
    auto toPixel = [&](phys::Vec2 p) {
        return QPointF(middle.x() + (p.x - centre.x) * scale, middle.y() - (p.y - centre.y) * scale);
    };
    if (showOrigin) {
        const QPointF o = toPixel({0.0, 0.0});
        painter.setPen(QPen(QColor(170, 170, 170), 1.0, Qt::DotLine));
        painter.drawLine(QPointF(0, o.y()), QPointF(size.width(), o.y()));
        painter.drawLine(QPointF(o.x(), titleHeight), QPointF(o.x(), size.height()));
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintDiagram(painter, items, toPixel, QRectF(0, titleHeight, size.width(), size.height() - titleHeight));
    QFont bold = font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(QColor(60, 60, 60));
    painter.drawText(QRectF(8, 3, size.width() - 16, titleHeight - 3), Qt::AlignLeft | Qt::AlignVCenter,
                     title);
    painter.restore();
}

std::vector<Slide> SlideRenderer::gjkSlides(GjkSteps::Tab tab, const GjkSteps& steps, const QString& tabName,
                                            const QString& pair) {
    std::vector<Slide> out;
    const int count = int(steps.steps().size());
    const bool minkowskiSpace = tab == GjkSteps::Tab::Gjk || tab == GjkSteps::Tab::Epa;
    for (int s = 0; s < count; ++s) {
        const GjkStep& step = steps.steps()[std::size_t(s)];
        Slide slide;
        slide.heading =
            pair.isEmpty()
                ? QObject::tr("%1 \u00b7 step %2 of %3").arg(tabName).arg(s + 1).arg(count)
                : QObject::tr("%1 \u00b7 %2 \u00b7 step %3 of %4").arg(tabName, pair).arg(s + 1).arg(count);
        slide.title = step.title;
        slide.explanation = step.text;
        // GJK and EPA have the iterations' table on the page: the slide carries it too, this step's row marked.
        slide.table = steps.table();
        slide.step = s;
        std::vector<DiagramItem> world = step.world;
        std::vector<DiagramItem> second = step.second;
        if (minkowskiSpace && !second.empty()) {
            // As the page does: the origin on top, since everything in Minkowski space is about it.
            DiagramItem origin;
            origin.kind = DiagramItem::Kind::Point;
            origin.points = {{0.0, 0.0}};
            origin.stroke = Qt::black;
            origin.text = QObject::tr("origin");
            second.push_back(origin);
        }
        const bool showSecond = !second.empty() && (minkowskiSpace || tab == GjkSteps::Tab::Toi);
        const QString secondTitle = minkowskiSpace
                                        ? QObject::tr("Minkowski difference A \u2296 B")
                                        : QObject::tr("Separation against time t (fraction of the step)");
        if (world.empty() && !showSecond) {
            out.push_back(std::move(slide)); // a step with words only ("nothing moves")
            continue;
        }
        slide.drawing = [world, second, showSecond, minkowskiSpace, secondTitle](QPainter& painter,
                                                                                 const QRectF& rect) {
            const double gap = 0.015 * rect.width();
            const QRectF left =
                showSecond ? QRectF(rect.left(), rect.top(), 0.5 * (rect.width() - gap), rect.height())
                           : rect;
            paintDiagramPane(painter, left, QObject::tr("World"), world, false);
            if (showSecond) {
                const QRectF right(left.right() + gap, rect.top(), left.width(), rect.height());
                paintDiagramPane(painter, right, secondTitle, second, minkowskiSpace);
            }
        };
        out.push_back(std::move(slide));
    }
    return out;
}

} // namespace cl
