/// @file export.cpp

#include "export.h"

#include "document.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>

#include <cmath>

namespace cl {

namespace {

const QString kExportDirectoryKey = QStringLiteral("export/lastDirectory");

/// Largest picture side accepted, pixels (a 4x export of a huge window stays within it).
constexpr int kMaxExportSide = 16384;

QString writePng(const QImage& image, const QString& fileName) {
    if (image.isNull()) {
        return QObject::tr("the picture is too large to export");
    }
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QObject::tr("cannot encode %1 as PNG").arg(QDir::toNativeSeparators(fileName));
    }
    if (!file.commit()) {
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    return {};
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
    const SceneCanvas* canvas = m_window.canvas();
    RenderOptions options;
    options.grid = canvas->showGrid();
    options.bodyNames = canvas->showBodyNames();
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
    const SceneCanvas* canvas = m_window.canvas();
    RenderOptions options;
    options.grid = canvas->showGrid();
    options.bodyNames = canvas->showBodyNames();
    const OverlayOptions overlays = m_dock ? m_dock->overlay()->options() : OverlayOptions{};
    const Walkthrough* walkthrough = walkthroughShown() ? &m_dock->walkthrough() : nullptr;
    return OverlayPainter::renderSvg(fileName, m_window.document()->scene().def, viewFor(area), options,
                                     overlays, walkthrough, walkthrough ? m_dock->currentStep() : -1);
}

void Exporter::copyToClipboard(Area area) const {
    QGuiApplication::clipboard()->setImage(image(area, 1.0));
}

QString Exporter::seriesFileName(const QString& fileName, int step, int count) {
    const QFileInfo info(fileName);
    const int digits = std::max(2, int(QString::number(count).size()));
    const QString suffix = info.suffix().isEmpty() ? QStringLiteral("png") : info.suffix();
    const QString stem = info.suffix().isEmpty() ? info.fileName() : info.completeBaseName();
    return info.dir().filePath(
        QStringLiteral("%1_%2.%3").arg(stem).arg(step + 1, digits, 10, QLatin1Char('0')).arg(suffix));
}

QString Exporter::exportWalkthroughSeries(const QString& fileName, double scale, QStringList* written) const {
    if (!m_dock || !m_dock->walkthrough().isValid()) {
        return tr("there is no walkthrough to export: pick two bodies first");
    }
    const int count = m_dock->walkthrough().stepCount();
    for (int step = 0; step < count; ++step) {
        const QString name = seriesFileName(fileName, step, count);
        const QString error = writePng(image(Area::View, scale, step), name);
        if (!error.isEmpty()) {
            return error;
        }
        if (written) {
            written->append(name);
        }
    }
    return {};
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
    QAction* series = menu->addAction(tr("&Walkthrough as PNG Series (2x)..."));
    series->setObjectName(QStringLiteral("actionExportWalkthroughSeries"));
    connect(series, &QAction::triggered, this, [this, pngFilter] {
        const QString name = askFileName(tr("Export Walkthrough Steps"), pngFilter, QStringLiteral("png"));
        if (name.isEmpty()) {
            return;
        }
        QStringList written;
        const QString error = exportWalkthroughSeries(name, 2.0, &written);
        report(error, tr("Exported %1 steps to %2")
                          .arg(written.size())
                          .arg(QDir::toNativeSeparators(QFileInfo(name).absolutePath())));
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
