/// @file export.cpp

#include "export.h"

#include "document.h"
#include "main_window.h"
#include "paint_kit.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "slide_series.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

#include <cmath>
#include <memory>

namespace cl {

namespace {

const QString kExportDirectoryKey = QStringLiteral("export/lastDirectory");

/// Largest picture side accepted, pixels (a 4x export of a huge window stays within it).
constexpr int kMaxExportSide = 16384;

QString writePng(const QImage& image, const QString& fileName) {
    if (image.isNull()) {
        return QObject::tr("the picture is too large to export");
    }
    return paintkit::writePng(image, fileName);
}

/// The status message's note of the tabs that gave no slide ("; no slides for TOI: neither body moves...").
QString skippedNote(const QStringList& skipped) {
    return skipped.isEmpty() ? QString()
                             : QObject::tr("; no slides for %1").arg(skipped.join(QLatin1Char(' ')));
}

} // namespace

Exporter::Exporter(MainWindow& window, WalkthroughDock* dock)
    : QObject(&window), m_window(window), m_dock(dock) {
    setObjectName(QStringLiteral("Exporter"));
}

ViewTransform Exporter::viewFor(Area area) const {
    const SceneCanvas* canvas = m_window.canvas();
    const QSizeF size(canvas->viewport()->size());
    if (area == Area::Scene) {
        return SceneRenderer::fitView(m_window.document()->scene().def, size);
    }
    return canvas->viewTransform().resized(size);
}

bool Exporter::walkthroughShown() const {
    return m_dock && m_dock->overlay()->walkthroughVisible() && m_dock->walkthrough().isValid();
}

QImage Exporter::image(Area area, double scale, int step) const {
    const ViewTransform view = viewFor(area);
    if (!(scale > 0.0) || view.viewSize().width() * scale > kMaxExportSide ||
        view.viewSize().height() * scale > kMaxExportSide) {
        return {};
    }
    // What the canvas shows, at its display scale (presentation mode exports enlarged, as it did).
    const RenderOptions options = m_window.canvas()->renderOptions();
    const OverlayOptions overlays = m_dock ? m_dock->overlay()->options() : OverlayOptions{};
    const Walkthrough* walkthrough = nullptr;
    if (m_dock && (step >= 0 || walkthroughShown())) {
        walkthrough = &m_dock->walkthrough();
        step = step >= 0 ? step : m_dock->currentStep();
    }
    return OverlayPainter::renderImage(m_window.document()->scene().def, view, scale, options, overlays,
                                       walkthrough, step);
}

QString Exporter::exportPng(const QString& fileName, Area area, double scale) const {
    return writePng(image(area, scale), fileName);
}

QString Exporter::exportSvg(const QString& fileName, Area area) const {
    const RenderOptions options = m_window.canvas()->renderOptions();
    const OverlayOptions overlays = m_dock ? m_dock->overlay()->options() : OverlayOptions{};
    const Walkthrough* walkthrough = walkthroughShown() ? &m_dock->walkthrough() : nullptr;
    return OverlayPainter::renderSvg(fileName, m_window.document()->scene().def, viewFor(area), options,
                                     overlays, walkthrough, walkthrough ? m_dock->currentStep() : -1);
}

void Exporter::copyToClipboard(Area area) const {
    QGuiApplication::clipboard()->setImage(image(area, 1.0));
}

QString Exporter::seriesFileName(const QString& fileName, int step, int count) {
    return SlideRenderer::seriesFileName(fileName, step, count);
}

std::vector<Slide> Exporter::walkthroughSlides(QStringList* skipped) const {
    std::vector<Slide> out;
    if (!m_dock || !m_dock->walkthrough().isValid()) {
        return out;
    }
    const Walkthrough& shown = m_dock->walkthrough();
    const phys::BodyDef& a = shown.bodyA();
    const phys::BodyDef& b = shown.bodyB();
    // The scene around the pair: the document's bodies with A and B as the walkthrough has them. A pair from
    // a simulation frame is drawn alone: the other bodies' poses in the document are not the frame's.
    auto scene = std::make_shared<phys::SceneDef>(m_window.document()->scene().def);
    if (m_dock->isShowingSimulation()) {
        scene->bodies = {a, b};
    } else {
        const int indexA = m_dock->indexA(), indexB = m_dock->indexB();
        const int count = int(scene->bodies.size());
        if (indexA >= 0 && indexA < count && indexB >= 0 && indexB < count) {
            scene->bodies[std::size_t(indexA)] = a;
            scene->bodies[std::size_t(indexB)] = b;
        }
    }
    const bool fromFrame = m_dock->isShowingSimulation(); // a frame's pair has no index in the document
    const QString pair = SlideRenderer::pairHeading(a, fromFrame ? -1 : m_dock->indexA(), b,
                                                    fromFrame ? -1 : m_dock->indexB());
    const OverlayOptions overlays = m_dock->overlay()->options();
    for (const WalkthroughMode mode :
         {WalkthroughMode::Sat, WalkthroughMode::Clipping, WalkthroughMode::Methods}) {
        // The dock's own walkthrough for its tab (a simulation contact keeps the World's margin there).
        auto walkthrough = std::make_shared<const Walkthrough>(
            mode == shown.mode() ? shown : Walkthrough::build(mode, a, b, shown.shapeA(), shown.shapeB()));
        for (Slide& slide : SlideRenderer::walkthroughSlides(walkthrough, scene, pair, overlays,
                                                             m_window.canvas()->presentationScale())) {
            out.push_back(std::move(slide));
        }
    }
    // The GJK page's tabs by the rule `contactlab-cli walkthrough --tab all --slides` follows too
    // (slide_series.h): a tab with nothing to show for this pair gives no slide, and Split is body A's
    // outline, not whatever the Polygon tool split last.
    const double dt = m_window.document()->scene().def.settings.timeStep;
    for (const GjkSteps::Tab tab : gjkPageSeriesTabs()) {
        QString why;
        for (Slide& slide : gjkPageSlides(tab, a, fromFrame ? -1 : m_dock->indexA(), b, dt, pair, &why)) {
            out.push_back(std::move(slide));
        }
        if (!why.isEmpty() && skipped) {
            skipped->append(why);
        }
    }
    return out;
}

QString Exporter::exportSlidesPng(const QString& fileName, QStringList* written, QStringList* skipped) const {
    const std::vector<Slide> slides = walkthroughSlides(skipped);
    if (slides.empty()) {
        return tr("there is no walkthrough to export: pick two bodies first");
    }
    return SlideRenderer::writePngSeries(fileName, slides, written);
}

QString Exporter::exportSlidesPdf(const QString& fileName, int* pages, QStringList* skipped) const {
    const std::vector<Slide> slides = walkthroughSlides(skipped);
    if (slides.empty()) {
        return tr("there is no walkthrough to export: pick two bodies first");
    }
    const QString error = SlideRenderer::writePdf(fileName, slides, tr("ContactLab walkthrough"));
    if (error.isEmpty() && pages) {
        *pages = int(slides.size());
    }
    return error;
}

QString Exporter::askFileName(const QString& title, const QString& filter, const QString& suffix) const {
    const QString directory = QSettings().value(kExportDirectoryKey, QDir::homePath()).toString();
    QString fileName = QFileDialog::getSaveFileName(&m_window, title, directory, filter);
    if (fileName.isEmpty()) {
        return {};
    }
    if (QFileInfo(fileName).suffix().isEmpty()) {
        fileName += QLatin1Char('.') + suffix;
    }
    QSettings().setValue(kExportDirectoryKey, QFileInfo(fileName).absolutePath());
    return fileName;
}

void Exporter::report(const QString& error, const QString& done) const {
    if (!error.isEmpty()) {
        m_window.reportError(tr("Export failed"), error);
    } else {
        m_window.statusBar()->showMessage(done, 5000);
    }
}

void Exporter::addToMenu(QMenu* fileMenu) {
    QMenu* menu = new QMenu(tr("&Export"), fileMenu);
    menu->setObjectName(QStringLiteral("menuExport"));
    const QString pngFilter = tr("PNG images (*.png)");
    const QString svgFilter = tr("SVG drawings (*.svg)");
    for (const Area area : {Area::View, Area::Scene}) {
        const bool isView = area == Area::View;
        QMenu* png = menu->addMenu(isView ? tr("&View as PNG") : tr("Whole &Scene as PNG"));
        for (const int scale : {1, 2, 4}) {
            QAction* action = png->addAction(tr("%1x...").arg(scale));
            action->setObjectName(QStringLiteral("actionExport%1Png%2x")
                                      .arg(isView ? QStringLiteral("View") : QStringLiteral("Scene"))
                                      .arg(scale));
            connect(action, &QAction::triggered, this, [this, area, scale, pngFilter] {
                const QString name = askFileName(tr("Export PNG"), pngFilter, QStringLiteral("png"));
                if (!name.isEmpty()) {
                    report(exportPng(name, area, scale),
                           tr("Exported %1").arg(QDir::toNativeSeparators(name)));
                }
            });
        }
        QAction* svg = menu->addAction(isView ? tr("View as S&VG...") : tr("Whole Scene as SV&G..."));
        svg->setObjectName(isView ? QStringLiteral("actionExportViewSvg")
                                  : QStringLiteral("actionExportSceneSvg"));
        connect(svg, &QAction::triggered, this, [this, area, svgFilter] {
            const QString name = askFileName(tr("Export SVG"), svgFilter, QStringLiteral("svg"));
            if (!name.isEmpty()) {
                report(exportSvg(name, area), tr("Exported %1").arg(QDir::toNativeSeparators(name)));
            }
        });
    }
    menu->addSeparator();
    QAction* copy = menu->addAction(tr("&Copy View to Clipboard"));
    copy->setObjectName(QStringLiteral("actionCopyView"));
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copy, &QAction::triggered, this, [this] {
        copyToClipboard(Area::View);
        m_window.statusBar()->showMessage(tr("Copied the view to the clipboard"), 3000);
    });
    menu->addSeparator();
    QAction* series = menu->addAction(tr("&Walkthrough Slides as PNGs..."));
    series->setObjectName(QStringLiteral("actionExportSlidesPng"));
    series->setToolTip(tr("Every step of every walkthrough tab as a numbered 1920x1080 slide"));
    connect(series, &QAction::triggered, this, [this, pngFilter] {
        const QString name = askFileName(tr("Export Walkthrough Slides"), pngFilter, QStringLiteral("png"));
        if (name.isEmpty()) {
            return;
        }
        QStringList written, skipped;
        const QString error = exportSlidesPng(name, &written, &skipped);
        report(error, tr("Exported %1 slides to %2")
                              .arg(written.size())
                              .arg(QDir::toNativeSeparators(QFileInfo(name).absolutePath())) +
                          skippedNote(skipped));
    });
    QAction* pdf = menu->addAction(tr("Walkthrough Slides as &PDF..."));
    pdf->setObjectName(QStringLiteral("actionExportSlidesPdf"));
    pdf->setToolTip(tr("Every step of every walkthrough tab as one 16:9 page of a PDF"));
    connect(pdf, &QAction::triggered, this, [this] {
        const QString name =
            askFileName(tr("Export Walkthrough Slides"), tr("PDF documents (*.pdf)"), QStringLiteral("pdf"));
        if (name.isEmpty()) {
            return;
        }
        int pages = 0;
        QStringList skipped;
        const QString error = exportSlidesPdf(name, &pages, &skipped);
        report(error, tr("Exported %1 slides to %2").arg(pages).arg(QDir::toNativeSeparators(name)) +
                          skippedNote(skipped));
    });

    // Before Quit (and the separator above it) when there is one, else at the end.
    QAction* before = nullptr;
    const QList<QAction*> actions = fileMenu->actions();
    for (int i = 0; i < actions.size(); ++i) {
        if (actions[i]->objectName() == QLatin1String("actionQuit")) {
            before = (i > 0 && actions[i - 1]->isSeparator()) ? actions[i - 1] : actions[i];
        }
    }
    fileMenu->insertMenu(before, menu);
}

} // namespace cl
