/// @file tst_export.cpp
/// Export on the real MainWindow: PNG of the view and of the whole scene at 1x, 2x and 4x (size, and the
/// shapes' colours at the pixels their world points map to), SVG (valid XML, one path per polygon whose
/// points land where the view puts the vertices), the clipboard, and the walkthrough as a PNG series.

#include "autosave.h"
#include "document.h"
#include "export.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"

#include <QClipboard>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

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
    void walkthroughSeriesWritesOnePngPerStep();
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

// The SVG parses as XML; with nothing but bodies drawn, there is one <path> per polygon shape (filled with
// its body's colour) and one <ellipse> per circle, and the path's points, through its group's transform,
// land on view.toView(world vertex).
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

    QList<QTransform> groupTransforms{QTransform()};
    QStringList groupFills{QString()};
    int paths = 0;
    int matchedBodies = 0;
    static const QRegularExpression matrix(QStringLiteral(
        "matrix\\(([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+),([-0-9.e]+)\\)"));
    static const QRegularExpression number(QStringLiteral("[-0-9.e]+"));
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("g")) {
            QTransform t = groupTransforms.last();
            const auto m = matrix.match(xml.attributes().value(QStringLiteral("transform")).toString());
            if (m.hasMatch()) {
                t = QTransform(m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                               m.captured(4).toDouble(), m.captured(5).toDouble(), m.captured(6).toDouble());
            }
            groupTransforms << t;
            groupFills << xml.attributes().value(QStringLiteral("fill")).toString();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            groupTransforms.removeLast();
            groupFills.removeLast();
        } else if (xml.isStartElement() && xml.name() == QLatin1String("path")) {
            ++paths;
            const QString d = xml.attributes().value(QStringLiteral("d")).toString();
            QList<double> values;
            for (auto it = number.globalMatch(d); it.hasNext();) {
                values << it.next().captured(0).toDouble();
            }
            // Which body: by fill colour, then every vertex must land where the view puts it.
            for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
                const phys::BodyDef& body = scene.bodies[i];
                if (groupFills.last() != SceneRenderer::bodyColors(body, int(i)).fill.name()) {
                    continue;
                }
                const auto& polygon = std::get<phys::Polygon>(body.shapes.front().geometry);
                const phys::Transform xf{body.position, phys::Rot(body.angle)};
                QCOMPARE(values.size(), 2 * (polygon.count() + 1)); // closed: the first point again
                for (int v = 0; v < polygon.count(); ++v) {
                    const QPointF mapped =
                        groupTransforms.last().map(QPointF(values[2 * v], values[2 * v + 1]));
                    const QPointF expected = view.toView(phys::transformPoint(xf, polygon.vertex(v)));
                    QVERIFY2(std::abs(mapped.x() - expected.x()) < 0.05 &&
                                 std::abs(mapped.y() - expected.y()) < 0.05,
                             qPrintable(QStringLiteral("body %1 vertex %2: %3,%4 vs %5,%6")
                                            .arg(i)
                                            .arg(v)
                                            .arg(mapped.x())
                                            .arg(mapped.y())
                                            .arg(expected.x())
                                            .arg(expected.y())));
                }
                ++matchedBodies;
            }
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(paths, 2);
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

// One PNG per walkthrough step, numbered, each of the view's size at the requested scale; steps differ.
void TestExport::walkthroughSeriesWritesOnePngPerStep() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->show();
    dock()->setMode(WalkthroughMode::Clipping);
    QVERIFY(dock()->setPair(0, 1));
    const int count = dock()->walkthrough().stepCount();
    QVERIFY(count >= 5);
    QStringList written;
    const QString base = m_dir.filePath(QStringLiteral("slides.png"));
    QCOMPARE(exporter()->exportWalkthroughSeries(base, 2.0, &written), QString());
    QCOMPARE(written.size(), count);
    QImage previous;
    for (int i = 0; i < count; ++i) {
        QCOMPARE(QFileInfo(written[i]).fileName(),
                 QStringLiteral("slides_%1.png").arg(i + 1, 2, 10, QLatin1Char('0')));
        const QImage image(written[i]);
        QCOMPARE(image.size(), m_window->canvas()->viewport()->size() * 2);
        QVERIFY(image != previous);
        previous = image;
    }
    QCOMPARE(Exporter::seriesFileName(QStringLiteral("/x/deck"), 4, 120), QStringLiteral("/x/deck_005.png"));
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
