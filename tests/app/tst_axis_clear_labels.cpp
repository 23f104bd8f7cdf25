/// @file tst_axis_clear_labels.cpp
/// No walkthrough label lies on the world's x or y axis (issue 12: vertex_on_edge opened at about 44 px/m
/// with "overlap 0.050 m" on the x axis, which ran through its text). Every catalogue scene, opened on the
/// real main window at 1280x800 as a teacher opens it (normal and presentation mode), every SAT step: the
/// text box of each label the overlay placed meets neither axis's stroke as the grid draws it (2 px wide,
/// on whole pixels through the world's origin), and the canvas shows the axis there (its pixels read back).

#include "label_layout.h"
#include "main_window.h"
#include "overlay.h"
#include "palette.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"

#include "physics/shape.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <variant>

using namespace cl;

namespace {

/// The axes' strokes in the canvas's pixels: a 2 px pen on the whole pixel nearest the origin covers the
/// pixel row (or column) on either side of it. Only the axes within the view.
std::vector<std::pair<QRectF, bool>> axisStrokes(const ViewTransform& view) {
    std::vector<std::pair<QRectF, bool>> out; // (stroke, horizontal)
    const QPointF origin = view.toView(phys::Vec2{0.0, 0.0});
    const QSizeF size = view.viewSize();
    const double x = std::round(origin.x()), y = std::round(origin.y());
    if (x >= 0.0 && x <= size.width()) {
        out.emplace_back(QRectF(x - 1.0, 0.0, 2.0, size.height()), false);
    }
    if (y >= 0.0 && y <= size.height()) {
        out.emplace_back(QRectF(0.0, y - 1.0, size.width(), 2.0), true);
    }
    return out;
}

} // namespace

class TestAxisClearLabels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void labelsKeepOffTheWorldAxes_data();
    void labelsKeepOffTheWorldAxes();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestAxisClearLabels::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestAxisClearLabels::cleanup() {
    m_window.reset();
}

void TestAxisClearLabels::labelsKeepOffTheWorldAxes_data() {
    cltest::addCatalogueRowsInBothModes();
}

void TestAxisClearLabels::labelsKeepOffTheWorldAxes() {
    QFETCH(QString, file);
    QFETCH(bool, presentation);
    m_window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(m_window);
    if (presentation) {
        QVERIFY(cltest::enterPresentationMode(*m_window));
    }
    QVERIFY(m_window->openFile(cltest::catalogueScene(file)));
    QCoreApplication::processEvents();
    auto* dock = m_window->findChild<WalkthroughDock*>();
    QVERIFY(dock && dock->overlay()->walkthroughVisible());
    QCOMPARE(dock->mode(), WalkthroughMode::Sat);
    SceneCanvas* canvas = m_window->canvas();
    const QRgb axisColor = currentPalette().axisLine;
    int labels = 0;
    int axisPixels = 0;
    for (int step = 0; step < dock->walkthrough().stepCount(); ++step) {
        dock->setStep(step);
        canvas->viewport()->repaint();
        const ViewTransform& view = canvas->viewTransform();
        const std::vector<std::pair<QRectF, bool>> strokes = axisStrokes(view);
        // The axes are drawn where the test looks for them: on the first of the stroke's pixel rows (columns),
        // the axis colour on most pixels that no body (its box, 3 px more for its outline's pen) and no label
        // covers (the ruler's thin lines cross it here and there).
        const QImage shot = canvas->viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(QSizeF(shot.size()), view.viewSize());
        std::vector<QRectF> covers;
        for (const phys::BodyDef& body : canvas->sceneDef().bodies) {
            const phys::Transform xf{body.position, phys::Rot(body.angle)};
            for (const phys::ShapeDef& shape : body.shapes) {
                const phys::AABB box =
                    std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
                covers.push_back(QRectF(view.toView(box.lower), view.toView(box.upper))
                                     .normalized()
                                     .adjusted(-3, -3, 3, 3));
            }
        }
        for (const PlacedLabel& label : dock->overlay()->lastLabels()) {
            covers.push_back(label.rect);
        }
        for (const auto& [stroke, horizontal] : strokes) {
            const int line = int(horizontal ? stroke.top() : stroke.left());
            const int length = horizontal ? shot.width() : shot.height();
            int open = 0, matching = 0;
            for (int i = 0; i < length; ++i) {
                const QPoint p = horizontal ? QPoint(i, line) : QPoint(line, i);
                const QPointF centre(p.x() + 0.5, p.y() + 0.5);
                if (!shot.rect().contains(p) ||
                    std::any_of(covers.begin(), covers.end(),
                                [&](const QRectF& c) { return c.contains(centre); })) {
                    continue;
                }
                ++open;
                matching += (shot.pixel(p) & 0xffffff) == (axisColor & 0xffffff) ? 1 : 0;
            }
            QVERIFY2(
                open < 20 || matching * 2 > open,
                qPrintable(QStringLiteral("step %1: the %2 axis is not drawn at %3 (%4 of %5 open pixels)")
                               .arg(step + 1)
                               .arg(horizontal ? QStringLiteral("x") : QStringLiteral("y"))
                               .arg(line)
                               .arg(matching)
                               .arg(open)));
            axisPixels += matching;
        }
        for (const PlacedLabel& label : dock->overlay()->lastLabels()) {
            ++labels;
            for (const auto& [stroke, horizontal] : strokes) {
                QVERIFY2(
                    !label.textRect.intersects(stroke),
                    qPrintable(QStringLiteral("step %1: \"%2\" (%3, %4, %5 x %6) lies on the %7 axis at %8 "
                                              "in a %9 x %10 view at %11 px/m")
                                   .arg(step + 1)
                                   .arg(label.request.text)
                                   .arg(label.textRect.x(), 0, 'f', 1)
                                   .arg(label.textRect.y(), 0, 'f', 1)
                                   .arg(label.textRect.width(), 0, 'f', 1)
                                   .arg(label.textRect.height(), 0, 'f', 1)
                                   .arg(horizontal ? QStringLiteral("x") : QStringLiteral("y"))
                                   .arg(horizontal ? stroke.center().y() : stroke.center().x())
                                   .arg(view.viewSize().width())
                                   .arg(view.viewSize().height())
                                   .arg(view.pixelsPerMetre(), 0, 'f', 1)));
            }
        }
    }
    QVERIFY(labels > 0);
    QVERIFY(axisPixels > 0); // an axis was in sight and seen drawn
}

QTEST_MAIN(TestAxisClearLabels)
#include "tst_axis_clear_labels.moc"
