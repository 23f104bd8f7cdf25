/// @file tst_export.cpp
/// Export on the real MainWindow: PNG of the view and of the whole scene at 1x, 2x and 4x (size, and the
/// shapes' colours at the pixels their world points map to), SVG (valid XML, one path per polygon whose
/// points land where the view puts the vertices; rendered by librsvg it is the PNG; its labels are text),
/// the clipboard, and the walkthrough slides as PNGs and as a PDF (checked with poppler's tools).

#include "autosave.h"
#include "document.h"
#include "export.h"
#include "gjk_steps.h"
#include "main_window.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "slide_renderer.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"

#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <memory>
#include <variant>

using namespace cl;

namespace {

QString fixture(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

/// Points well inside each polygon shape of a body (halfway from each vertex to the centroid,
/// plus the centroid), world frame.
std::vector<phys::Vec2> insidePoints(const phys::BodyDef& body) {
    std::vector<phys::Vec2> out;
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    for (const phys::ShapeDef& shape : body.shapes) {
        if (const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry)) {
            for (const phys::Vec2 v : polygon->vertices()) {
                out.push_back(phys::transformPoint(xf, phys::lerp(v, polygon->centroid(), 0.5)));
            }
        } else {
            const auto& circle = std::get<phys::Circle>(shape.geometry);
            out.push_back(phys::transformPoint(xf, circle.center + phys::Vec2{0.0, -0.5 * circle.radius}));
        }
    }
    return out;
}

/// Runs a tool of the test packages (librsvg2-bin, poppler-utils); its exit code, -1 when it cannot start.
int runTool(const QString& program, const QStringList& arguments, QByteArray* output = nullptr) {
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(30000) || !process.waitForFinished(120000)) {
        qWarning("%s did not run: %s", qPrintable(program), qPrintable(process.errorString()));
        return -1;
    }
    if (output) {
        *output = process.readAllStandardOutput();
    }
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

/// Each channel averaged over the 3x3 neighbourhood (edge pixels over the part inside): a one-pixel shift of
/// an antialiased edge between two rasterisers becomes a small difference instead of a full one.
QImage boxBlurred(const QImage& source) {
    const QImage in = source.convertToFormat(QImage::Format_ARGB32);
    QImage out(in.size(), QImage::Format_ARGB32);
    for (int y = 0; y < in.height(); ++y) {
        for (int x = 0; x < in.width(); ++x) {
            int sum[4] = {0, 0, 0, 0}, n = 0;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (x + dx < 0 || y + dy < 0 || x + dx >= in.width() || y + dy >= in.height()) {
                        continue;
                    }
                    const QRgb p = in.pixel(x + dx, y + dy);
                    sum[0] += qRed(p);
                    sum[1] += qGreen(p);
                    sum[2] += qBlue(p);
                    sum[3] += qAlpha(p);
                    ++n;
                }
            }
            out.setPixel(x, y, qRgba(sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n));
        }
    }
    return out;
}

/// The fraction of pixels whose largest channel difference is above `threshold` (0..255).
double differingFraction(const QImage& a, const QImage& b, int threshold) {
    if (a.size() != b.size() || a.isNull()) {
        return 1.0;
    }
    long long differing = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            const int d = std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                    std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
            differing += d > threshold ? 1 : 0;
        }
    }
    return double(differing) / (double(a.width()) * a.height());
}

/// Two renderers of the same drawing differ at antialiased edges (coverage computed differently, a fraction
/// of a pixel) and in the glyphs (Qt's FreeType rasteriser against Pango/cairo's or poppler's hinting and
/// positioning). A 3x3 blur spreads those sub-pixel differences into small ones; after it, a pixel counts as
/// different when a channel differs by more than kPixelThreshold of 255, and at most kSvgPixelTolerance of
/// the pixels may. Text covers a few per cent of these pictures, so a missing label, a body drawn elsewhere
/// or strokes of the wrong width (the bug this guards against: the test's control) exceed it; what the
/// comparisons measure is printed (qInfo).
constexpr int kPixelThreshold = 16;
constexpr double kSvgPixelTolerance = 0.005;

} // namespace

class TestExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void pngHasTheRequestedSizeAndTheShapesWhereTheyBelong_data();
    void pngHasTheRequestedSizeAndTheShapesWhereTheyBelong();
    void svgIsValidXmlWithOnePathPerShapeAtTheViewPoints();
    void clipboardGetsTheView();
    void slidesCoverEveryTabWithTheirCaptions();
    void slidesPdfHasOnePagePerStepWithItsText();
    void guiAndCommandLineWriteTheSameSeries_data();
    void guiAndCommandLineWriteTheSameSeries();
    void svgRendersInLibrsvgLikeThePng_data();
    void svgRendersInLibrsvgLikeThePng();
    void unwritableFileIsReported();

private:
    Exporter* exporter() const { return m_window->findChild<Exporter*>(); }
    WalkthroughDock* dock() const { return m_window->findChild<WalkthroughDock*>(); }
    /// No grid, names, overlays or walkthrough: only the bodies on the background.
    void plainPicture();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestExport::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestExport::init() {
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter([](const QString&, const QString&) {});
    m_window->resize(1300, 850);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(exporter() != nullptr);
    QVERIFY(dock() != nullptr);
}

void TestExport::cleanup() {
    m_window.reset();
}

void TestExport::plainPicture() {
    m_window->canvas()->setShowGrid(false);
    m_window->canvas()->setShowBodyNames(false);
    dock()->setOverlayOptions(OverlayOptions{});
    dock()->hide();
    QVERIFY(!dock()->overlay()->walkthroughVisible());
}

void TestExport::pngHasTheRequestedSizeAndTheShapesWhereTheyBelong_data() {
    QTest::addColumn<int>("area");
    QTest::addColumn<double>("scale");
    for (const double scale : {1.0, 2.0, 4.0}) {
        QTest::addRow("view %gx", scale) << int(Exporter::Area::View) << scale;
        QTest::addRow("scene %gx", scale) << int(Exporter::Area::Scene) << scale;
    }
}

// The PNG is the view (or the fitted scene) at scale x its size, and the pixel of a world point inside a
// shape has that body's fill colour; a point far from every shape has the background colour.
void TestExport::pngHasTheRequestedSizeAndTheShapesWhereTheyBelong() {
    QFETCH(int, area);
    QFETCH(double, scale);
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/shapes.json"))));
    plainPicture();
    // Move the view off the fitted one, so "view" and "scene" differ.
    m_window->canvas()->zoomIn();
    const auto which = Exporter::Area(area);
    const ViewTransform view = exporter()->viewFor(which);
    const QSize viewport = m_window->canvas()->viewport()->size();
    QCOMPARE(view.viewSize(), QSizeF(viewport));
    if (which == Exporter::Area::View) {
        QCOMPARE(view.pixelsPerMetre(), m_window->canvas()->pixelsPerMetre());
    } else {
        QCOMPARE(view, SceneRenderer::fitView(m_window->document()->scene().def, QSizeF(viewport)));
    }

    const QString file = m_dir.filePath(QStringLiteral("export_%1_%2.png").arg(area).arg(scale));
    QCOMPARE(exporter()->exportPng(file, which, scale), QString());
    const QImage image(file);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), viewport * scale);

    const phys::SceneDef& scene = m_window->document()->scene().def;
    int checked = 0;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const QColor fill = SceneRenderer::bodyColors(scene.bodies[i], int(i)).fill;
        for (const phys::Vec2 p : insidePoints(scene.bodies[i])) {
            const QPointF pixel = view.toView(p) * scale;
            const QPoint at(int(std::floor(pixel.x())), int(std::floor(pixel.y())));
            if (!image.rect().adjusted(2, 2, -2, -2).contains(at)) {
                continue;
            }
            QCOMPARE(image.pixelColor(at).rgb(), fill.rgb());
            ++checked;
        }
    }
    QVERIFY2(checked >= 8, qPrintable(QString::number(checked)));
    // A world point far below every body: background.
    const auto bounds = SceneRenderer::sceneBounds(scene);
    QVERIFY(bounds.has_value());
    const QPointF empty = view.toView({bounds->center().x, bounds->lower.y - view.toMetres(12.0)}) * scale;
    if (image.rect().contains(empty.toPoint())) {
        QCOMPARE(image.pixelColor(empty.toPoint()).rgb(), SceneRenderer::backgroundColor().rgb());
    }
}

// The SVG parses as XML; with nothing but bodies drawn, there is one <path> per polygon shape filled with its
// body's colour, whose points are already in the picture's pixels (no transform, no vector-effect): they land
// on view.toView(world vertex), and its stroke is the outline's pixel width.
void TestExport::svgIsValidXmlWithOnePathPerShapeAtTheViewPoints() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    plainPicture();
    const QString file = m_dir.filePath(QStringLiteral("scene.svg"));
    QCOMPARE(exporter()->exportSvg(file, Exporter::Area::Scene), QString());
    QFile svg(file);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    const ViewTransform view = exporter()->viewFor(Exporter::Area::Scene);
    const phys::SceneDef& scene = m_window->document()->scene().def;

    int matchedBodies = 0;
    static const QRegularExpression number(QStringLiteral("[-0-9.e]+"));
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        QVERIFY2(!xml.attributes().hasAttribute(QStringLiteral("vector-effect")) &&
                     !xml.attributes().hasAttribute(QStringLiteral("transform")),
                 qPrintable(xml.name().toString()));
        if (xml.name() != QLatin1String("path")) {
            continue;
        }
        const QString d = xml.attributes().value(QStringLiteral("d")).toString();
        const QString fill = xml.attributes().value(QStringLiteral("fill")).toString();
        QList<double> values;
        for (auto it = number.globalMatch(d); it.hasNext();) {
            values << it.next().captured(0).toDouble();
        }
        // Which body: by fill colour, then every vertex must land where the view puts it.
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            const phys::BodyDef& body = scene.bodies[i];
            if (fill != SceneRenderer::bodyColors(body, int(i)).fill.name()) {
                continue;
            }
            const auto& polygon = std::get<phys::Polygon>(body.shapes.front().geometry);
            const phys::Transform xf{body.position, phys::Rot(body.angle)};
            QCOMPARE(values.size(), 2 * polygon.count());
            for (int v = 0; v < polygon.count(); ++v) {
                const QPointF mapped(values[2 * v], values[2 * v + 1]);
                const QPointF expected = view.toView(phys::transformPoint(xf, polygon.vertex(v)));
                QVERIFY2(std::abs(mapped.x() - expected.x()) < 0.01 &&
                             std::abs(mapped.y() - expected.y()) < 0.01,
                         qPrintable(QStringLiteral("body %1 vertex %2: %3,%4 vs %5,%6")
                                        .arg(i)
                                        .arg(v)
                                        .arg(mapped.x())
                                        .arg(mapped.y())
                                        .arg(expected.x())
                                        .arg(expected.y())));
            }
            QCOMPARE(xml.attributes().value(QStringLiteral("stroke-width")).toDouble(),
                     SceneRenderer::kOutlinePixels);
            ++matchedBodies;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(matchedBodies, 2);
}

void TestExport::clipboardGetsTheView() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/shapes.json"))));
    plainPicture();
    exporter()->copyToClipboard(Exporter::Area::View);
    const QImage copied = QGuiApplication::clipboard()->image();
    QCOMPARE(copied.size(), m_window->canvas()->viewport()->size());
    const QImage direct = exporter()->image(Exporter::Area::View, 1.0);
    QCOMPARE(copied.convertToFormat(QImage::Format_ARGB32), direct.convertToFormat(QImage::Format_ARGB32));
}

// The slides of the pair: every tab's steps in the dock's order (SAT, clipping, methods, GJK, EPA), each a
// 1920x1080 PNG whose words are the step's own, numbered; a layout in which every text fits. The plank and
// the box are two resting polygons, the plank convex: Voronoi, TOI and Split have nothing to show for them
// and give no slide, only a reason each (review v12b N7: their slides were app instructions).
void TestExport::slidesCoverEveryTabWithTheirCaptions() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->show();
    QVERIFY(dock()->setPair(0, 1));
    const phys::SceneDef& scene = m_window->document()->scene().def;
    // What the slides must hold, from the models the dock's tabs show.
    QStringList titles, explanations;
    for (const WalkthroughMode mode :
         {WalkthroughMode::Sat, WalkthroughMode::Clipping, WalkthroughMode::Methods}) {
        const Walkthrough w = Walkthrough::build(mode, scene.bodies[0], scene.bodies[1]);
        for (const WalkthroughStep& step : w.steps()) {
            titles << step.title;
            explanations << step.explanation;
        }
    }
    int gjkEpaSteps = 0; // the GJK and EPA tabs have a table on the page, so on their slides too
    for (const GjkSteps::Tab tab : {GjkSteps::Tab::Gjk, GjkSteps::Tab::Epa}) {
        const GjkSteps model = GjkSteps::pair(tab, scene.bodies[0], scene.bodies[1]);
        gjkEpaSteps += int(model.steps().size());
        for (const GjkStep& step : model.steps()) {
            titles << step.title;
            explanations << step.text;
        }
    }

    QStringList skipped;
    QCOMPARE(int(exporter()->walkthroughSlides(&skipped).size()), titles.size());
    QCOMPARE(skipped.size(), 3);
    QVERIFY2(skipped[0].startsWith(QStringLiteral("Voronoi:")), qPrintable(skipped[0]));
    QVERIFY2(skipped[1].startsWith(QStringLiteral("TOI:")), qPrintable(skipped[1]));
    QVERIFY2(skipped[2].startsWith(QStringLiteral("Split:")) && skipped[2].contains(QStringLiteral("convex")),
             qPrintable(skipped[2]));
    const std::vector<Slide> slides = exporter()->walkthroughSlides();
    QCOMPARE(int(slides.size()), titles.size());
    int withTable = 0;
    for (int i = 0; i < int(slides.size()); ++i) {
        const Slide& slide = slides[std::size_t(i)];
        QCOMPARE(slide.title, titles[i]);
        QCOMPARE(slide.explanation, explanations[i]);
        QVERIFY2(SlideRenderer::layout(slide).fits, qPrintable(slide.title));
        withTable += slide.table.rows.empty() ? 0 : 1;
    }
    QVERIFY(gjkEpaSteps > 0);
    QCOMPARE(withTable, 9 + 6 + 4 + gjkEpaSteps); // SAT, clipping, methods, GJK and EPA carry their tables
    QVERIFY(slides.front().heading.startsWith(QStringLiteral("SAT")));
    QVERIFY(slides.back().heading.startsWith(QStringLiteral("EPA")));

    QStringList written;
    const QString base = m_dir.filePath(QStringLiteral("slides.png"));
    QCOMPARE(exporter()->exportSlidesPng(base, &written), QString());
    QCOMPARE(written.size(), titles.size());
    QImage previous;
    for (int i = 0; i < written.size(); ++i) {
        QCOMPARE(QFileInfo(written[i]).fileName(),
                 QStringLiteral("slides_%1.png").arg(i + 1, 2, 10, QLatin1Char('0')));
        const QImage image(written[i]);
        QCOMPARE(image.size(), QSize(1920, 1080));
        QVERIFY(image != previous);
        previous = image;
    }
    QCOMPARE(Exporter::seriesFileName(QStringLiteral("/x/deck"), 4, 120), QStringLiteral("/x/deck_005.png"));
}

// The PDF: one 16:9 page per slide (pdfinfo), each page's text holds its step's title and explanation
// (pdftotext), and a page rasterised by poppler (pdftoppm) at 144 dpi is the 1920x1080 slide.
void TestExport::guiAndCommandLineWriteTheSameSeries_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("b");
    QTest::addColumn<int>("skips"); // tabs with nothing to show for the pair
    // Two resting polygons, the triangle convex: no Voronoi, TOI or Split.
    QTest::newRow("tri_pent") << QStringLiteral("tests/fixtures/walkthrough/tri_pent.json") << 1 << 3;
    // A box and a ball: Voronoi has its regions; nothing moves, the box is convex.
    QTest::newRow("box and ball") << QStringLiteral("tests/fixtures/walkthrough/gjk_pair.json") << 3 << 2;
    // A moving pair: TOI sweeps it.
    QTest::newRow("toi_pair") << QStringLiteral("tests/fixtures/walkthrough/toi_pair.json") << 1 << -1;
}

// Review v12b N7: File > Export > Walkthrough Slides wrote 29 slides on tri_pent.json and `contactlab-cli
// walkthrough --tab all --slides` 31 (it added Split for body A), and both carried slides that were only
// app instructions ("pick a polygon and a circle", "set its Velocity ... in the Inspector"). The GUI's
// series and the CLI's PDF now have the same pages, page for page (heading and title in pdftotext), the CLI
// names the tabs it left out with the GUI's reasons, and no slide tells the reader to work the app.
void TestExport::guiAndCommandLineWriteTheSameSeries() {
    QFETCH(QString, scene);
    QFETCH(int, b);
    QFETCH(int, skips);
    QVERIFY(m_window->openFile(fixture(scene)));
    dock()->show();
    QVERIFY(dock()->setPair(0, b));
    QStringList skipped;
    const std::vector<Slide> slides = exporter()->walkthroughSlides(&skipped);
    QVERIFY(slides.size() > 10);
    if (skips >= 0) {
        QCOMPARE(skipped.size(), skips);
    }
    for (const Slide& slide : slides) {
        for (const char* instruction :
             {"set its Velocity", "pick a polygon", "Select one of them", "Draw a"}) {
            QVERIFY2(!slide.explanation.contains(QLatin1String(instruction)),
                     qPrintable(slide.heading + QStringLiteral(": ") + slide.explanation));
        }
    }

    const QString pdf = m_dir.filePath(QStringLiteral("cli_deck.pdf"));
    QProcess cli;
    cli.start(QStringLiteral(CONTACTLAB_CLI),
              {QStringLiteral("walkthrough"), fixture(scene), QStringLiteral("--a"), QStringLiteral("0"),
               QStringLiteral("--b"), QString::number(b), QStringLiteral("--tab"), QStringLiteral("all"),
               QStringLiteral("--pdf"), pdf});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(out.contains(QStringLiteral("(%1 pages)").arg(slides.size())), qPrintable(out));
    for (const QString& why : skipped) {
        QVERIFY2(out.contains(QStringLiteral("no slides for ") + why), qPrintable(out));
    }
    QCOMPARE(out.count(QStringLiteral("no slides for ")), skipped.size());

    QByteArray text;
    QCOMPARE(runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}, &text), 0);
    QString all = QString::fromUtf8(text);
    // pdftotext writes the ligatures the font shaped (U+FB00 "ff", U+FB01 "fi"...): spelled out.
    const std::pair<char16_t, const char*> ligatures[] = {
        {u'\uFB00', "ff"}, {u'\uFB01', "fi"}, {u'\uFB02', "fl"}, {u'\uFB03', "ffi"}, {u'\uFB04', "ffl"}};
    for (const auto& [ligature, letters] : ligatures) {
        all.replace(QChar(ligature), QLatin1String(letters));
    }
    const QStringList pages = all.split(QLatin1Char('\f'), Qt::SkipEmptyParts);
    QVERIFY(int(pages.size()) >= int(slides.size()));
    for (std::size_t i = 0; i < slides.size(); ++i) {
        const QString page = pages[qsizetype(i)].simplified();
        QVERIFY2(page.contains(slides[i].heading.simplified()) && page.contains(slides[i].title.simplified()),
                 qPrintable(QStringLiteral("page %1: %2 / %3 not in %4")
                                .arg(i + 1)
                                .arg(slides[i].heading, slides[i].title, page.left(200))));
    }
}

void TestExport::slidesPdfHasOnePagePerStepWithItsText() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->show();
    QVERIFY(dock()->setPair(0, 1));
    const std::vector<Slide> slides = exporter()->walkthroughSlides();
    const QString pdf = m_dir.filePath(QStringLiteral("deck.pdf"));
    int pages = 0;
    QCOMPARE(exporter()->exportSlidesPdf(pdf, &pages), QString());
    QCOMPARE(pages, int(slides.size()));

    QByteArray info;
    QCOMPARE(runTool(QStringLiteral("pdfinfo"), {pdf}, &info), 0);
    static const QRegularExpression pagesLine(QStringLiteral("Pages:\\s+(\\d+)"));
    QCOMPARE(pagesLine.match(QString::fromUtf8(info)).captured(1).toInt(), int(slides.size()));
    QVERIFY2(info.contains("960 x 540 pts"), info.constData());

    // pdftotext writes the ligatures the font shaped (U+FB00 "ff", U+FB01 "fi"...): spell them out.
    auto words = [](QString text) {
        const std::pair<char16_t, const char*> ligatures[] = {
            {u'\uFB00', "ff"}, {u'\uFB01', "fi"}, {u'\uFB02', "fl"}, {u'\uFB03', "ffi"}, {u'\uFB04', "ffl"}};
        for (const auto& [ligature, letters] : ligatures) {
            text.replace(QChar(ligature), QLatin1String(letters));
        }
        return text.simplified();
    };
    for (int i = 0; i < int(slides.size()); ++i) {
        QByteArray text;
        QCOMPARE(runTool(QStringLiteral("pdftotext"),
                         {QStringLiteral("-f"), QString::number(i + 1), QStringLiteral("-l"),
                          QString::number(i + 1), pdf, QStringLiteral("-")},
                         &text),
                 0);
        const QString page = words(QString::fromUtf8(text));
        QVERIFY2(page.contains(words(slides[std::size_t(i)].title)),
                 qPrintable(QString::number(i + 1) + page));
        QVERIFY2(page.contains(words(slides[std::size_t(i)].explanation)),
                 qPrintable(QStringLiteral("page %1: %2").arg(i + 1).arg(page)));
    }

    const QString prefix = m_dir.filePath(QStringLiteral("page"));
    QCOMPARE(runTool(QStringLiteral("pdftoppm"),
                     {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("144"),
                      QStringLiteral("-f"), QStringLiteral("3"), QStringLiteral("-l"), QStringLiteral("3"),
                      QStringLiteral("-singlefile"), pdf, prefix}),
             0);
    const QImage page(prefix + QStringLiteral(".png"));
    QCOMPARE(page.size(), QSize(1920, 1080));
    const QImage slide = SlideRenderer::image(slides[2]);
    // poppler rasterises the PDF's text itself (its own hinting of every glyph of the title, paragraph and
    // table), so the text edges differ more than librsvg's: a pixel counts when a channel differs by more than
    // 48 after the blur, and 1.5% may. The next slide (another row marked, another axis drawn) must not pass.
    const double differing = differingFraction(boxBlurred(page), boxBlurred(slide), 48);
    const double other = differingFraction(boxBlurred(page), boxBlurred(SlideRenderer::image(slides[3])), 48);
    qInfo("PDF page 3 against slide 3: %.4f%% of pixels differ by more than 48 after a 3x3 blur; against "
          "slide 4: "
          "%.4f%%",
          100 * differing, 100 * other);
    QVERIFY2(differing < 0.015, qPrintable(QString::number(differing)));
    QVERIFY2(other > 0.015, qPrintable(QString::number(other)));
}

// The SVG export rendered by librsvg (rsvg-convert) is the PNG export, pixel for pixel up to antialiasing and
// glyph rasterisation (see kSvgPixelTolerance); its labels are <text> elements; and the comparison fails on
// an SVG whose strokes are scaled wrong (as QSvgGenerator's vector-effect strokes came out in librsvg).
void TestExport::svgRendersInLibrsvgLikeThePng_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("stepKind");
    QTest::addRow("SAT result") << int(WalkthroughMode::Sat) << int(WalkthroughStepKind::SatResult);
    QTest::addRow("side plane") << int(WalkthroughMode::Clipping) << int(WalkthroughStepKind::ClipPlane);
    QTest::addRow("methods") << int(WalkthroughMode::Methods) << int(WalkthroughStepKind::MethodsCompare);
}

void TestExport::svgRendersInLibrsvgLikeThePng() {
    QFETCH(int, mode);
    QFETCH(int, stepKind);
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->show();
    dock()->setMode(WalkthroughMode(mode));
    QVERIFY(dock()->setPair(0, 1));
    dock()->framePair();
    int step = -1;
    for (int s = 0; s < dock()->walkthrough().stepCount() && step < 0; ++s) {
        if (dock()->walkthrough().step(s).kind == WalkthroughStepKind(stepKind)) {
            step = s;
        }
    }
    QVERIFY(step >= 0);
    dock()->setStep(step);
    QVERIFY(dock()->overlay()->walkthroughVisible());

    const QString png = m_dir.filePath(QStringLiteral("view.png"));
    const QString svg = m_dir.filePath(QStringLiteral("view.svg"));
    const QString rendered = m_dir.filePath(QStringLiteral("view_rsvg.png"));
    QCOMPARE(exporter()->exportPng(png, Exporter::Area::View, 1.0), QString());
    QCOMPARE(exporter()->exportSvg(svg, Exporter::Area::View), QString());
    QCOMPARE(runTool(QStringLiteral("rsvg-convert"), {svg, QStringLiteral("-o"), rendered}), 0);
    const QImage expected(png), actual(rendered);
    QCOMPARE(actual.size(), expected.size());
    const double differing = differingFraction(boxBlurred(expected), boxBlurred(actual), kPixelThreshold);
    qInfo("rsvg-convert against the PNG: %.4f%% of pixels differ by more than 16 after a 3x3 blur",
          100 * differing);
    QVERIFY2(differing < kSvgPixelTolerance, qPrintable(QString::number(differing)));

    // Every label the picture places, and every body name, is a <text> element of the SVG.
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    QStringList texts;
    QXmlStreamReader xml(data);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text")) {
            texts << xml.readElementText();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QImage scratch(expected.size(), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&scratch);
    RenderOptions options;
    options.grid = m_window->canvas()->showGrid();
    options.bodyNames = m_window->canvas()->showBodyNames();
    const std::vector<PlacedLabel> labels = OverlayPainter::renderAll(
        painter, m_window->document()->scene().def, exporter()->viewFor(Exporter::Area::View), options,
        dock()->overlay()->options(), &dock()->walkthrough(), step);
    painter.end();
    QVERIFY(labels.size() >= 3);
    for (const PlacedLabel& label : labels) {
        QVERIFY2(texts.contains(label.request.text), qPrintable(label.request.text));
    }
    QVERIFY(texts.contains(QStringLiteral("plank")));
    QVERIFY(texts.contains(QStringLiteral("box")));

    // The check can fail: the same SVG with every stroke 12 times as wide (what a stroke width in metres
    // under a scaling transform, without vector-effect, gives) is far from the PNG.
    QString wide = QString::fromUtf8(data);
    static const QRegularExpression strokeWidth(QStringLiteral("stroke-width=\"([0-9.]+)\""));
    QString out;
    qsizetype last = 0;
    for (auto it = strokeWidth.globalMatch(wide); it.hasNext();) {
        const auto m = it.next();
        out += wide.mid(last, m.capturedStart() - last);
        out += QStringLiteral("stroke-width=\"%1\"").arg(m.captured(1).toDouble() * 12.0);
        last = m.capturedEnd();
    }
    out += wide.mid(last);
    const QString wideSvg = m_dir.filePath(QStringLiteral("wide.svg"));
    QFile wideFile(wideSvg);
    QVERIFY(wideFile.open(QIODevice::WriteOnly));
    wideFile.write(out.toUtf8());
    wideFile.close();
    QCOMPARE(runTool(QStringLiteral("rsvg-convert"), {wideSvg, QStringLiteral("-o"), rendered}), 0);
    const double wrong =
        differingFraction(boxBlurred(expected), boxBlurred(QImage(rendered)), kPixelThreshold);
    QVERIFY2(wrong > 5 * kSvgPixelTolerance, qPrintable(QString::number(wrong)));
}

void TestExport::unwritableFileIsReported() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/shapes.json"))));
    const QString bad = m_dir.filePath(QStringLiteral("no/such/dir/x.png"));
    QVERIFY(!exporter()->exportPng(bad, Exporter::Area::View, 1.0).isEmpty());
    QVERIFY(!QFileInfo::exists(bad));
    QVERIFY(!exporter()
                 ->exportSvg(m_dir.filePath(QStringLiteral("no/such/dir/x.svg")), Exporter::Area::View)
                 .isEmpty());
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
