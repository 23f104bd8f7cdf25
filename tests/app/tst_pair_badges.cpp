/// @file tst_pair_badges.cpp
/// The walkthrough's "A" and "B" badges name their own bodies (issue 12: on shapes.json the "A" sat between
/// the box and the plank, where it reads as naming the plank; on vertex_on_edge an "A" sat above the ground
/// beside the box). Every scene of resources/scenes (the catalogue, the demos and the samples), opened on
/// the real main window at 1280x800 as a teacher opens it, normal and presentation mode, every step of the
/// SAT, clipping and methods tabs: each pair badge as drawn
///   - lies inside its own shape's outline (its text box wholly inside), or
///   - lies outside it within its text's height, and nearer it than any other body's outline by at least
///     its text's height (close to its body, and clearly closer to it than to anything else), or
///   - is joined to its body by a leader line.
/// The geometry is Boost.Geometry's (the shapes exact, a circle as a 256-gon), not the layout's own.

#include "../physics/oracle_support.h"
#include "label_layout.h"
#include "main_window.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <variant>

using namespace cl;

namespace {

namespace bg = boost::geometry;
using oracle::BPoint;
using oracle::BPolygon;

/// A shape of a body in view pixels (a circle as oracle's 256-gon), oriented as Boost.Geometry wants.
BPolygon shapeInView(const phys::ShapeGeometry& geometry, const phys::Transform& xf,
                     const ViewTransform& view) {
    const BPolygon world = std::holds_alternative<phys::Circle>(geometry)
                               ? oracle::circleToBoost(std::get<phys::Circle>(geometry), xf)
                               : oracle::toBoost(std::get<phys::Polygon>(geometry), xf);
    BPolygon out;
    for (const BPoint& p : world.outer()) {
        const QPointF q = view.toView(phys::Vec2{p.x(), p.y()});
        bg::append(out.outer(), BPoint(q.x(), q.y()));
    }
    bg::correct(out); // the view flips y: the winding turns
    return out;
}

BPolygon rectPolygon(const QRectF& r) {
    BPolygon out;
    for (const QPointF p : {r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft(), r.topLeft()}) {
        bg::append(out.outer(), BPoint(p.x(), p.y()));
    }
    bg::correct(out);
    return out;
}

/// The layout sees a circle as a 24-gon inscribed in it: it may place a badge up to r (1 - cos(pi / 24))
/// nearer the true circle than it measured. Pixels, for a shape (0 for a polygon).
double polygonalGap(const phys::ShapeGeometry& geometry, const ViewTransform& view) {
    if (const auto* c = std::get_if<phys::Circle>(&geometry)) {
        return c->radius * view.pixelsPerMetre() * (1.0 - std::cos(phys::kPi / 24.0));
    }
    return 0.0;
}

struct Counts {
    int badges = 0;
    int inside = 0;
    int nearer = 0;
    int leaders = 0;
};

/// Why the pair badges of the overlay's last paint fail the rule (empty when they hold).
QString checkBadges(MainWindow& window, Counts& counts) {
    SceneCanvas& canvas = *window.canvas();
    canvas.viewport()->repaint();
    const WalkthroughDock& dock = *window.findChild<WalkthroughDock*>();
    const Walkthrough& w = dock.walkthrough();
    const ViewTransform& view = canvas.viewTransform();
    const phys::SceneDef& scene = canvas.sceneDef();
    int seen = 0;
    for (const PlacedLabel& label : dock.overlay()->lastLabels()) {
        const QString& text = label.request.text;
        if (text != QLatin1String("A") && text != QLatin1String("B")) {
            continue;
        }
        const bool isA = text == QLatin1String("A");
        const phys::ShapeGeometry& own = isA ? w.geometryA() : w.geometryB();
        const phys::Transform ownXf = isA ? w.transformA() : w.transformB();
        const phys::Vec2 centre = std::holds_alternative<phys::Circle>(own)
                                      ? phys::transformPoint(ownXf, std::get<phys::Circle>(own).center)
                                      : phys::transformPoint(ownXf, std::get<phys::Polygon>(own).centroid());
        // The pair's badge is anchored on its shape's centre; the ruler's bar badges on their bars.
        const QPointF anchor = view.toView(centre);
        if (std::hypot(label.request.anchor.x() - anchor.x(), label.request.anchor.y() - anchor.y()) > 0.5) {
            continue;
        }
        ++seen;
        ++counts.badges;
        const BPolygon box = rectPolygon(label.textRect);
        if (bg::within(box, shapeInView(own, ownXf, view))) {
            ++counts.inside;
            continue;
        }
        if (label.leader) {
            ++counts.leaders;
            continue;
        }
        const double home = bg::distance(box, shapeInView(own, ownXf, view));
        const int ownBody = isA ? dock.indexA() : dock.indexB();
        double tolerance = polygonalGap(own, view);
        double nearest = 1e300;
        QString rivalName;
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            const phys::BodyDef& body = scene.bodies[i];
            const phys::Transform xf{body.position, phys::Rot(body.angle)};
            for (std::size_t s = 0; s < body.shapes.size(); ++s) {
                if (int(i) == ownBody) {
                    continue; // its own shape, and a compound body's other shapes: still its body
                }
                const double d = bg::distance(box, shapeInView(body.shapes[s].geometry, xf, view));
                if (d < nearest) {
                    nearest = d;
                    rivalName = QString::fromStdString(body.name);
                    tolerance =
                        std::max(polygonalGap(own, view), polygonalGap(body.shapes[s].geometry, view));
                }
            }
        }
        if (home > label.textRect.height() + polygonalGap(own, view) ||
            home + label.textRect.height() > nearest + tolerance) {
            return QStringLiteral("\"%1\" at (%2, %3) is %4 px from its body and %5 px from body \"%6\" "
                                  "(a %7 px text), with no leader")
                .arg(text)
                .arg(label.textRect.x(), 0, 'f', 1)
                .arg(label.textRect.y(), 0, 'f', 1)
                .arg(home, 0, 'f', 1)
                .arg(nearest, 0, 'f', 1)
                .arg(rivalName)
                .arg(label.textRect.height(), 0, 'f', 1);
        }
        ++counts.nearer;
    }
    // Both badges drawn whenever both shapes are in sight (a badge whose centre is far off the view is not).
    int expected = 0;
    const QRectF viewRect(QPointF(0, 0), view.viewSize());
    for (const auto& [g, xf] :
         {std::pair{&w.geometryA(), w.transformA()}, std::pair{&w.geometryB(), w.transformB()}}) {
        const phys::Vec2 c = std::holds_alternative<phys::Circle>(*g)
                                 ? phys::transformPoint(xf, std::get<phys::Circle>(*g).center)
                                 : phys::transformPoint(xf, std::get<phys::Polygon>(*g).centroid());
        expected += viewRect.contains(view.toView(c)) ? 1 : 0;
    }
    if (seen < expected) {
        return QStringLiteral("%1 pair badges drawn, %2 shapes' centres in view").arg(seen).arg(expected);
    }
    return {};
}

} // namespace

class TestPairBadges : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void badgesNameTheirBodies_data();
    void badgesNameTheirBodies();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestPairBadges::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestPairBadges::cleanup() {
    m_window.reset();
}

void TestPairBadges::badgesNameTheirBodies_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("presentation");
    const QString root = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes");
    QStringList files;
    QDirIterator it(root, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        files << it.next();
    }
    files.sort();
    QVERIFY(files.size() >= 20);
    for (const QString& file : files) {
        const QString name = QDir(root).relativeFilePath(file);
        QTest::newRow(qPrintable(name)) << file << false;
        QTest::newRow(qPrintable(name + QStringLiteral(", presentation mode"))) << file << true;
    }
}

void TestPairBadges::badgesNameTheirBodies() {
    QFETCH(QString, file);
    QFETCH(bool, presentation);
    m_window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(m_window);
    if (presentation) {
        QVERIFY(cltest::enterPresentationMode(*m_window));
    }
    QVERIFY(m_window->openFile(file));
    QCoreApplication::processEvents();
    auto* dock = m_window->findChild<WalkthroughDock*>();
    QVERIFY(dock);
    if (!dock->isVisible()) {
        // A demo opens to be simulated; the teacher shows the walkthrough of its pair.
        auto* action = m_window->findChild<QAction*>(QStringLiteral("actionShowWalkthrough"));
        QVERIFY2(action, "no action showing the walkthrough");
        action->trigger();
        QCoreApplication::processEvents();
    }
    QVERIFY(dock->overlay()->walkthroughVisible());
    Counts counts;
    for (const WalkthroughMode mode :
         {WalkthroughMode::Sat, WalkthroughMode::Clipping, WalkthroughMode::Methods}) {
        dock->setMode(mode);
        QVERIFY(dock->walkthrough().isValid());
        for (int step = 0; step < dock->walkthrough().stepCount(); ++step) {
            dock->setStep(step);
            const QString why = checkBadges(*m_window, counts);
            QVERIFY2(
                why.isEmpty(),
                qPrintable(QStringLiteral("mode %1, step %2: %3").arg(int(mode)).arg(step + 1).arg(why)));
        }
    }
    QVERIFY(counts.badges > 0);
    qInfo("%d badges: %d inside, %d nearer their body, %d on a leader", counts.badges, counts.inside,
          counts.nearer, counts.leaders);
}

QTEST_MAIN(TestPairBadges)
#include "tst_pair_badges.moc"
