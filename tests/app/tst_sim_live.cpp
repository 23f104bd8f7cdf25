/// @file tst_sim_live.cpp
/// Simulate mode, live parts, on the real MainWindow driven by QTest events: the walkthrough of a contact
/// chosen on a paused frame (the engine's pair, poses, shapes and margin), the live Inspector (values of the
/// frame shown; editing pauses and acts on the run, not on the document), and rebuilding a past frame from
/// a World checkpoint instead of replaying from step 0. The controller's clock is external.

#include "app_test_util.h"
#include "document.h"
#include "inspector_dock.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/collide.h"
#include "physics/world.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace cl;

namespace {

/// The simulating window with the two docks these tests read.
struct Fixture : cltest::SimulatingWindow {
    WalkthroughDock* walk = nullptr;
    InspectorDock* inspector = nullptr;
};

Fixture openScene(const QString& path) {
    Fixture f{cltest::openSimulating(path, 1400, 900)};
    if (f.window) {
        f.walk = f.window->findChild<WalkthroughDock*>();
        f.inspector = f.window->findChild<InspectorDock*>();
    }
    if (!f.walk || !f.inspector) {
        f.sim = nullptr;
    }
    return f;
}

using cltest::keyNamed;

void pressKeys(SceneCanvas* canvas, Qt::Key key, int count) {
    canvas->setFocus();
    for (int i = 0; i < count; ++i) {
        QTest::keyClick(canvas, key);
    }
}

/// Types `text` into a line edit as a user does: click into it, select all, type, Enter.
void typeInto(QLineEdit* edit, const QString& text) {
    QTest::mouseClick(edit, Qt::LeftButton);
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

/// Everything of the edited scene the simulation must not touch.
struct DocumentSnapshot {
    std::vector<phys::BodyDef> bodies;
    int undoCount = 0;
    int undoIndex = 0;
    bool modified = false;
};

DocumentSnapshot snapshot(const Document& document) {
    return {document.scene().def.bodies, document.undoStack()->count(), document.undoStack()->index(),
            document.isModified()};
}

bool sameBodies(const std::vector<phys::BodyDef>& a, const std::vector<phys::BodyDef>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].name != b[i].name || a[i].position != b[i].position || a[i].angle != b[i].angle ||
            a[i].linearVelocity != b[i].linearVelocity || a[i].angularVelocity != b[i].angularVelocity ||
            a[i].shapes.size() != b[i].shapes.size()) {
            return false;
        }
    }
    return true;
}

bool unchanged(const DocumentSnapshot& before, const Document& document) {
    const DocumentSnapshot now = snapshot(document);
    return sameBodies(before.bodies, now.bodies) && before.undoCount == now.undoCount &&
           before.undoIndex == now.undoIndex && before.modified == now.modified;
}

/// The recorded points of the frame shown for one shape pair, in the engine's order.
std::vector<SimContactPoint> recordedPoints(const SimFrame& frame, const SimContactPoint& of) {
    std::vector<SimContactPoint> points;
    for (const SimContactPoint& p : frame.points) {
        if (p.bodyA == of.bodyA && p.bodyB == of.bodyB && p.shapeA == of.shapeA && p.shapeB == of.shapeB) {
            points.push_back(p);
        }
    }
    return points;
}

/// The text the inspector shows for a live value (metres, m/s, rad/s: 4 decimals; pass the angle's 2).
QString shown(double value, int decimals = InspectorDock::kLiveLengthDecimals) {
    return InspectorDock::formatLive(value, decimals);
}

constexpr double kExact = 1e-12;

/// How far a recycled contact's points may lie from a fresh narrow phase on the same poses: the engine's
/// recycling tolerance (physics/src/contact.h kKeptAnchorDistance, Box2D v3's B2_CONTACT_RECYCLE_DISTANCE,
/// not public), which bounds how far the pair moved relative to itself since its points were taken.
constexpr double kRecycleDistance = 0.05;
/// How far a recycled contact's normal may lie from a fresh one: it is kept as taken, and the body whose face
/// it is has since turned by less than the engine's acos(0.98) (kKeptAnchorCos), so |n - n'| <= sqrt(2 (1 -
/// 0.98)).
const double kRecycleNormal = std::sqrt(2.0 * (1.0 - 0.98));

/// The phrase the walkthrough's header opens its recycled-contact sentence with.
const QString kRecycledPhrase = QStringLiteral("The engine recycled this contact");

/// Unticks the Simulation panel's "Recycle contacts (Box2D v3)" box with a click, as a user does; true when
/// the run's settings followed.
bool untickRecycling(const Fixture& f) {
    auto* box = f.ui->dock()->findChild<QCheckBox*>(QStringLiteral("simRecycleContacts"));
    if (!box || !box->isChecked() || !box->isEnabled()) {
        return false;
    }
    QTest::mouseClick(box, Qt::LeftButton);
    return !box->isChecked() && !f.sim->settings().recycleContacts;
}

/// A picked contact checked against phys::collide run afresh on the pick's poses (`fresh`), and against the
/// engine's recorded points of its shape pair: exactly when the engine collided it this step, within the
/// recycling tolerance when it recycled it (then the header says so, and the walkthrough's manifold is still
/// exactly the fresh one).
void checkAgainstEngine(const WalkthroughDock& walk, const phys::Manifold& fresh,
                        const std::vector<SimContactPoint>& recorded) {
    const SimContactPick& pick = *walk.simulationContact();
    const bool recycled = pick.point.recycled;
    for (const SimContactPoint& p : recorded) {
        QCOMPARE(p.recycled, recycled); // one manifold: recycled as a whole
    }
    QCOMPARE(walk.sourceText().contains(kRecycledPhrase), recycled);
    const phys::Manifold& m = walk.walkthrough().trace().manifold;
    QCOMPARE(m.pointCount, fresh.pointCount);
    QVERIFY(phys::distance(m.normal, fresh.normal) < kExact);
    for (int i = 0; i < m.pointCount; ++i) {
        QVERIFY(phys::distance(m.points[i].point, fresh.points[i].point) < kExact);
        QVERIFY(std::abs(m.points[i].depth - fresh.points[i].depth) < kExact);
    }
    QCOMPARE(m.pointCount, static_cast<int>(recorded.size()));
    const double pointTolerance = recycled ? kRecycleDistance : kExact;
    QVERIFY(phys::distance(m.normal, pick.point.normal) < (recycled ? kRecycleNormal : kExact));
    // Fresh, the engine's points are in the narrow phase's order. A recycled manifold keeps the order of the
    // step that took its points, which may be another (on the vertical stack at step 45 the two are
    // swapped): each recorded point is then matched with the nearest fresh one, a different one each.
    std::vector<int> match(recorded.size());
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        match[i] = static_cast<int>(i);
        for (int k = 0; recycled && k < m.pointCount; ++k) {
            if (phys::distance(m.points[k].point, recorded[i].point) <
                phys::distance(m.points[match[i]].point, recorded[i].point)) {
                match[i] = k;
            }
        }
    }
    QVERIFY(recorded.size() < 2 || match[0] != match[1]);
    if (recycled) {
        // The header's figure: the farthest recorded point from its fresh one, in millimetres rounded up to
        // the digits written (two decimals under a millimetre, one above).
        double largest = 0.0;
        for (std::size_t i = 0; i < recorded.size(); ++i) {
            largest = std::max(largest, phys::distance(m.points[match[i]].point, recorded[i].point));
        }
        const double mm = largest * 1000.0;
        const double scale = mm < 1.0 ? 100.0 : 10.0;
        const QString figure =
            QString::number(std::max(0.01, std::ceil(mm * scale) / scale), 'f', mm < 1.0 ? 2 : 1);
        QVERIFY2(
            walk.sourceText().contains(QStringLiteral("the engine's points lie within %1 mm").arg(figure)),
            qPrintable(walk.sourceText() + QStringLiteral(" (expected %1 mm)").arg(figure)));
    }
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        const phys::ManifoldPoint& p = m.points[match[i]];
        QVERIFY2(
            phys::distance(p.point, recorded[i].point) < pointTolerance &&
                std::abs(p.depth - recorded[i].depth) < pointTolerance,
            qPrintable(QStringLiteral("point %1: walkthrough (%2, %3) depth %4, engine (%5, %6) depth %7%8")
                           .arg(match[i])
                           .arg(p.point.x, 0, 'g', 17)
                           .arg(p.point.y, 0, 'g', 17)
                           .arg(p.depth, 0, 'g', 17)
                           .arg(recorded[i].point.x, 0, 'g', 17)
                           .arg(recorded[i].point.y, 0, 'g', 17)
                           .arg(recorded[i].depth, 0, 'g', 17)
                           .arg(recycled ? QStringLiteral(" (recycled)") : QString())));
    }
}

/// The width a line edit has for its text: its contents rectangle (QStyle::SE_LineEditContents) less its
/// text margins and the 2-pixel horizontal margin QLineEdit keeps on each side.
int textWidthOf(const QLineEdit* edit) {
    QStyleOptionFrame option;
    option.initFrom(edit);
    option.rect = edit->rect();
    option.lineWidth =
        edit->hasFrame() ? edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, edit) : 0;
    option.midLineWidth = 0;
    option.state |= QStyle::State_Sunken;
    const QRect contents = edit->style()->subElementRect(QStyle::SE_LineEditContents, &option, edit);
    const QMargins margins = edit->textMargins();
    return contents.width() - margins.left() - margins.right() - 2 * 2;
}

} // namespace

class TestSimLive : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pausedContactOpensEngineWalkthrough_data();
    void pausedContactOpensEngineWalkthrough();
    void compoundContactUsesThePointsShapes_data();
    void compoundContactUsesThePointsShapes();
    void inspectorShowsLiveValues();
    void liveNumbersUseFixedDecimals_data();
    void liveNumbersUseFixedDecimals();
    void inspectorLiveValuesAreRoundedAndFit();
    void inspectorEditWhilePlayingPausesAndActsOnRun();
    void inspectorRefusesBadNumbersInSimulate();
    void pastFrameRebuildsFromCheckpoint();

private:
    QTemporaryDir m_dir;
};

void TestSimLive::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_sim_live"));
}

void TestSimLive::pausedContactOpensEngineWalkthrough_data() {
    QTest::addColumn<bool>("recycling");
    QTest::newRow("recycling on (default)") << true;
    QTest::newRow("recycling off (panel box unticked)") << false;
}

// Pause on frame 45 of the vertical stack, click the deepest contact: the Walkthrough dock comes up with
// that pair as the engine saw it (header "frame 45, t = 0.750 s"); its SAT result and its manifold are
// phys::collide recomputed from the pick to 1e-12, and the engine's recorded points of that pair to 1e-12
// with contact recycling off. With it on (the default) the stack at rest has the engine recycle that
// contact: the header says so and the recorded points lie within the recycling tolerance. The document is
// untouched; the dock's button and Edit mode go back to the edited scene.
void TestSimLive::pausedContactOpensEngineWalkthrough() {
    QFETCH(bool, recycling);
    Fixture f = openScene(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    QVERIFY(f.sim->settings().recycleContacts); // the default
    if (!recycling) {
        QVERIFY(untickRecycling(f));
    }
    const Document& document = *f.window->document();
    const DocumentSnapshot before = snapshot(document);
    SceneCanvas* canvas = f.window->canvas();
    pressKeys(canvas, Qt::Key_Right, 45);
    QCOMPARE(f.sim->world()->settings().recycleContacts, recycling);
    QCOMPARE(f.sim->currentStep(), 45);
    f.walk->close(); // closed: choosing a contact must bring it up
    QVERIFY(!f.walk->isVisible());

    const SimFrame* frame = f.sim->currentFrame();
    QVERIFY(frame);
    const SimContactPoint* target = nullptr;
    for (const SimContactPoint& p : frame->points) {
        if (p.depth > 0.0 && (!target || p.depth > target->depth)) {
            target = &p;
        }
    }
    QVERIFY(target);
    const SimContactPoint engine = *target;
    const std::vector<SimContactPoint> recorded = recordedPoints(*frame, engine);
    QVERIFY(recorded.size() == 2); // a box on a box: a face contact, two points

    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, Qt::NoModifier,
                      canvas->worldToViewport(engine.point).toPoint());
    QVERIFY(!f.sim->isGrabbing());
    QVERIFY(f.walk->isVisible());
    QVERIFY(f.walk->isShowingSimulation());
    const auto& pick = f.walk->simulationContact();
    QVERIFY(pick);
    QCOMPARE(pick->step, 45);
    QCOMPARE(pick->point.bodyA, engine.bodyA);
    QCOMPARE(pick->point.bodyB, engine.bodyB);
    // At rest since well before step 45: recycled when recycling is on, never when it is off.
    QCOMPARE(pick->point.recycled, recycling);
    const QString header = f.walk->findChild<QLabel*>(QStringLiteral("walkthroughSourceLabel"))->text();
    QVERIFY2(header.contains(QStringLiteral("frame 45, t = 0.750 s")), qPrintable(header));
    QCOMPARE(header.contains(kRecycledPhrase), recycling);
    // Never cut, even in a short dock (a 1280x600 window here; in the app at 1280x800 the recycled header
    // is 7 lines, and was cut under its button): the label has the height its wrapped text needs, above the
    // button, and the page scrolls instead.
    f.window->resize(1280, 600);
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    auto* sourceLabel = f.walk->findChild<QLabel*>(QStringLiteral("walkthroughSourceLabel"));
    auto* backButton = f.walk->findChild<QPushButton*>(QStringLiteral("walkthroughEditedScene"));
    QVERIFY(sourceLabel && backButton);
    QVERIFY2(sourceLabel->height() >= sourceLabel->heightForWidth(sourceLabel->width()),
             qPrintable(QStringLiteral("%1 px for %2")
                            .arg(sourceLabel->height())
                            .arg(sourceLabel->heightForWidth(sourceLabel->width()))));
    QVERIFY(sourceLabel->geometry().bottom() < backButton->geometry().top());
    QVERIFY(f.walk->findChild<QLabel*>(QStringLiteral("walkthroughSourceLabel"))->isVisible());

    // The walkthrough is built from the pick: the bodies at the start of step 45 (frame 44).
    const SimFrame* start = f.sim->frame(44);
    QVERIFY(start);
    const Walkthrough& w = f.walk->walkthrough();
    QVERIFY2(w.isValid(), qPrintable(w.problem()));
    QCOMPARE(w.bodyA().position, start->bodies[static_cast<std::size_t>(engine.bodyA)].xf.p);
    QCOMPARE(w.bodyB().position, start->bodies[static_cast<std::size_t>(engine.bodyB)].xf.p);

    // The engine's narrow phase again, from the pick's poses, method and margin.
    phys::CollideTrace again;
    const phys::Manifold m =
        phys::collide(pick->bodyA.shapes[static_cast<std::size_t>(pick->point.shapeA)].geometry,
                      phys::Transform{pick->bodyA.position, phys::Rot(pick->bodyA.angle)},
                      pick->bodyB.shapes[static_cast<std::size_t>(pick->point.shapeB)].geometry,
                      phys::Transform{pick->bodyB.position, phys::Rot(pick->bodyB.angle)}, pick->method,
                      pick->speculativeDistance, &again);
    QCOMPARE(m.pointCount, static_cast<int>(recorded.size()));

    // SAT mode (the default): the result's normal is the recomputed one (the engine's, unless it kept an
    // earlier one by recycling), its depth the recomputed SAT's.
    QCOMPARE(f.walk->mode(), WalkthroughMode::Sat);
    const phys::SatTrace& sat = w.trace().sat;
    QVERIFY(!sat.separated);
    QVERIFY(phys::distance(sat.mtvNormal, m.normal) < kExact);
    QVERIFY(phys::distance(sat.mtvNormal, engine.normal) < (engine.recycled ? kRecycleNormal : kExact));
    QVERIFY(std::abs(sat.mtvDepth - again.sat.mtvDepth) < kExact);
    for (int i = 0; i < m.pointCount; ++i) {
        QVERIFY(sat.mtvDepth >= m.points[i].depth - kExact); // no point is deeper than the overlap
    }
    if (!engine.recycled) {
        QVERIFY(sat.mtvDepth >= engine.depth - kExact);
    }

    // Clipping mode, by its tab: the kept points are phys::collide's and, unless recycled, the engine's
    // points, in order, to 1e-12.
    auto* tabs = f.walk->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"));
    QVERIFY(tabs);
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(1).center());
    QCOMPARE(f.walk->mode(), WalkthroughMode::Clipping);
    QVERIFY(f.walk->isShowingSimulation());
    int kept = 0;
    const phys::ClipTrace& clip = f.walk->walkthrough().trace().clip;
    for (int i = 0; i < clip.pointCount; ++i) {
        kept += clip.points[i].kept ? 1 : 0;
    }
    QCOMPARE(kept, static_cast<int>(recorded.size()));
    checkAgainstEngine(*f.walk, m, recorded);
    if (QTest::currentTestFailed()) {
        return;
    }
    // The contacts step writes its depths (millimetres here; the engine's unless recycled) with two
    // significant digits, as the status bar does: read back, each is the depth to the digits written.
    f.walk->lastStep();
    const QString contacts = f.walk->explanation();
    for (int i = 0; i < m.pointCount; ++i) {
        const double depth = m.points[i].depth;
        QVERIFY(depth > 0.0 && depth < 0.1);
        const QString text = Walkthrough::length(depth);
        QVERIFY2(contacts.contains(text + QStringLiteral(" m")), qPrintable(contacts));
        // Two significant digits: within 5 % (the old two decimals wrote 6.5 mm as 0.01, 54 % off).
        QVERIFY2(std::abs(text.toDouble() - depth) <= 0.05 * depth,
                 qPrintable(QStringLiteral("%1 for %2").arg(text).arg(depth, 0, 'g', 17)));
    }
    QVERIFY(unchanged(before, document));
    QCOMPARE(f.sim->currentStep(), 45); // choosing a contact does not move the run

    // The dock's way back: the same pair from the edited scene.
    auto* back = f.walk->findChild<QPushButton*>(QStringLiteral("walkthroughEditedScene"));
    QVERIFY(back && back->isVisible());
    QTest::mouseClick(back, Qt::LeftButton);
    QVERIFY(!f.walk->isShowingSimulation());
    QVERIFY(f.walk->sourceText().isEmpty());
    QCOMPARE(f.walk->keyA(), pick->keyA);
    QCOMPARE(f.walk->walkthrough().bodyA().position, document.body(f.walk->keyA()).position);
    QCOMPARE(f.walk->walkthrough().bodyB().position, document.body(f.walk->keyB()).position);

    // Choose it again, then leave Simulate mode: back to the edited scene too.
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, Qt::NoModifier,
                      canvas->worldToViewport(engine.point).toPoint());
    QVERIFY(f.walk->isShowingSimulation());
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.sim->isSimulating());
    QVERIFY(!f.walk->isShowingSimulation());
    QCOMPARE(f.walk->walkthrough().bodyB().position, document.body(f.walk->keyB()).position);
    QVERIFY(unchanged(before, document));
}

void TestSimLive::compoundContactUsesThePointsShapes_data() {
    QTest::addColumn<bool>("recycling");
    QTest::newRow("recycling on (default)") << true;
    QTest::newRow("recycling off (panel box unticked)") << false;
}

// A compound body (a box with a circle knob) resting on the ground through its knob: the walkthrough uses
// the shape pair of the chosen point (the knob), and its manifold is phys::collide's on the pick's poses;
// the engine's to 1e-12 unless the engine recycled it (then within the recycling tolerance, and the header
// says so).
void TestSimLive::compoundContactUsesThePointsShapes() {
    QFETCH(bool, recycling);
    const QString path = m_dir.filePath(QStringLiteral("compound.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "contactlab-scene", "version": 1,
  "settings": {"gravity": [0, -9.81], "timeStep": 0.0166666667, "solver": "impulse", "continuous": true},
  "bodies": [
    {"name": "ground", "type": "static", "position": [0, -0.5],
     "shapes": [{"type": "polygon", "vertices": [[-10, -0.5], [10, -0.5], [10, 0.5], [-10, 0.5]]}]},
    {"name": "knobbed", "type": "dynamic", "position": [0, 0.8], "angle": 0.05,
     "shapes": [{"type": "polygon", "vertices": [[-1, -0.25], [1, -0.25], [1, 0.25], [-1, 0.25]]},
                {"type": "circle", "center": [1.1, -0.45], "radius": 0.3},
                {"type": "circle", "center": [-1.1, -0.45], "radius": 0.3}]}
  ]})");
    }
    Fixture f = openScene(path);
    QVERIFY(f.sim);
    if (!recycling) {
        QVERIFY(untickRecycling(f));
    }
    const DocumentSnapshot before = snapshot(*f.window->document());
    SceneCanvas* canvas = f.window->canvas();
    pressKeys(canvas, Qt::Key_Right, 30);
    QCOMPARE(f.sim->world()->settings().recycleContacts, recycling);
    const SimFrame* frame = f.sim->currentFrame();
    // The point of the knob at +x (shape 1 of the compound), whichever side of the pair the compound is.
    const SimContactPoint* target = nullptr;
    for (const SimContactPoint& p : frame->points) {
        const bool knobIsB = p.bodyB == 1 && p.shapeB == 1;
        const bool knobIsA = p.bodyA == 1 && p.shapeA == 1;
        if ((knobIsA || knobIsB) && p.depth > -0.005) {
            target = &p;
        }
    }
    QVERIFY(target);
    const SimContactPoint engine = *target;
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, Qt::NoModifier,
                      canvas->worldToViewport(engine.point).toPoint());
    QVERIFY(f.walk->isShowingSimulation());
    const Walkthrough& w = f.walk->walkthrough();
    QCOMPARE(w.shapeA(), engine.shapeA);
    QCOMPARE(w.shapeB(), engine.shapeB);
    QVERIFY(f.walk->sourceText().contains(QStringLiteral("compound")));
    const std::vector<SimContactPoint> recorded = recordedPoints(*frame, engine);
    QCOMPARE(engine.recycled, recycling); // resting on its knob by step 30: recycled when recycling is on
    const SimContactPick& pick = *f.walk->simulationContact();
    const phys::Manifold fresh =
        phys::collide(pick.bodyA.shapes[static_cast<std::size_t>(pick.point.shapeA)].geometry,
                      phys::Transform{pick.bodyA.position, phys::Rot(pick.bodyA.angle)},
                      pick.bodyB.shapes[static_cast<std::size_t>(pick.point.shapeB)].geometry,
                      phys::Transform{pick.bodyB.position, phys::Rot(pick.bodyB.angle)}, pick.method,
                      pick.speculativeDistance);
    checkAgainstEngine(*f.walk, fresh, recorded);
    if (QTest::currentTestFailed()) {
        return;
    }
    QVERIFY(unchanged(before, *f.window->document()));
}

// The Inspector in Simulate mode shows the selected body's pose, velocity, spin and awake state at the
// frame shown: while playing, after Pause and after stepping back, equal to an independent World stepped
// as often.
void TestSimLive::inspectorShowsLiveValues() {
    Fixture f = openScene(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const BodyKey box = keyNamed(document, "box 3");
    QVERIFY(box != 0);
    SceneCanvas* canvas = f.window->canvas();
    canvas->setSelection({box});
    QCOMPARE(f.inspector->shownBody(), box);
    QVERIFY(f.inspector->isLive());
    auto field = [&f](const char* name) {
        return f.inspector->findChild<QLineEdit*>(QLatin1String(name));
    };
    auto* live = f.inspector->findChild<QLabel*>(QStringLiteral("inspectorLiveState"));
    QVERIFY(live && live->isVisible());

    // The oracle: every state of an independent run, sleep on (the stack comes to rest and sleeps).
    phys::WorldSettings settings = f.sim->settings();
    settings.sleep = true;
    QVERIFY(f.sim->setSettings(settings));
    auto oracle = cltest::independentWorld(document);
    QVERIFY(!oracle->setSettings(settings));
    const int slot = f.sim->slotOf(box);
    std::vector<phys::BodyState> states{oracle->bodyState(slot)};
    for (int i = 0; i < 200; ++i) {
        oracle->step();
        states.push_back(oracle->bodyState(slot));
    }
    auto expectShown = [&](std::int64_t step) {
        const phys::BodyState& b = states[static_cast<std::size_t>(step)];
        QCOMPARE(field("positionX")->text(), shown(b.xf.p.x));
        QCOMPARE(field("positionY")->text(), shown(b.xf.p.y));
        QCOMPARE(field("angle")->text(), shown(std::atan2(b.xf.q.s, b.xf.q.c) * (180.0 / phys::kPi),
                                               InspectorDock::kLiveAngleDecimals));
        QCOMPARE(field("linearVelocityX")->text(), shown(b.linearVelocity.x));
        QCOMPARE(field("linearVelocityY")->text(), shown(b.linearVelocity.y));
        QCOMPARE(field("angularVelocity")->text(),
                 shown(b.angularVelocity, InspectorDock::kLiveSpinDecimals));
        QVERIFY2(live->text().contains(QStringLiteral("frame %1,").arg(step)), qPrintable(live->text()));
        QVERIFY2(live->text().contains(b.awake ? QStringLiteral("awake") : QStringLiteral("asleep")),
                 qPrintable(live->text()));
    };
    expectShown(0);

    // Play: every display frame shows its step.
    pressKeys(canvas, Qt::Key_Space, 1);
    QVERIFY(f.sim->isPlaying());
    const double dt = f.sim->settings().timeStep;
    for (int i = 0; i < 30; ++i) {
        f.sim->advance(dt);
        expectShown(f.sim->currentStep());
    }
    pressKeys(canvas, Qt::Key_Space, 1);
    QVERIFY(!f.sim->isPlaying());
    const std::int64_t paused = f.sim->currentStep();
    QVERIFY(paused >= 29);
    expectShown(paused);
    QVERIFY(live->text().contains(QStringLiteral("awake")));
    // The velocity is not a leftover: the box fell and is moving at this frame.
    QVERIFY(states[static_cast<std::size_t>(paused)].linearVelocity != phys::Vec2{});

    // Step back, and on until the stack sleeps.
    pressKeys(canvas, Qt::Key_Left, 7);
    QCOMPARE(f.sim->currentStep(), paused - 7);
    expectShown(paused - 7);
    pressKeys(canvas, Qt::Key_Right, static_cast<int>(200 - f.sim->currentStep()));
    QCOMPARE(f.sim->currentStep(), 200);
    expectShown(200);
    QVERIFY2(!states[200].awake, "the stack should be asleep after 200 steps");
    QVERIFY(live->text().contains(QStringLiteral("asleep")));

    // Back in Edit mode the fields are the document's again and the live line is gone.
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.inspector->isLive());
    QCOMPARE(field("positionY")->text(), InspectorDock::formatNumber(document.body(box).position.y));
    QVERIFY(!live->isVisible());
}

void TestSimLive::liveNumbersUseFixedDecimals_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::newRow("a small x, metres") << -0.001292806347 << 4 << "-0.0013";
    QTest::newRow("a height, metres") << 2.48416 << 4 << "2.4842";
    QTest::newRow("rounds to zero: no minus") << -0.00004 << 4 << "0.0000";
    QTest::newRow("negative zero") << -0.0 << 4 << "0.0000";
    QTest::newRow("a speed") << -0.01197939408 << 4 << "-0.0120";
    QTest::newRow("large") << -123.45678 << 4 << "-123.4568";
    QTest::newRow("an angle, degrees") << 12.5 << 2 << "12.50";
    QTest::newRow("a tiny angle rounds to zero") << -0.001914294926 << 2 << "0.00";
}

// Live values: fixed decimals, rounded to nearest, never "-0.0000".
void TestSimLive::liveNumbersUseFixedDecimals() {
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QCOMPARE(InspectorDock::formatLive(value, decimals), text);
    QVERIFY(std::abs(text.toDouble() - value) <= 0.5 * std::pow(10.0, -decimals) * (1.0 + 1e-9));
}

// The vertical stack at frame 45 with box 3 selected (the frame of the walkthrough screenshot): the live
// fields show 4 decimals (2 for degrees) of the running body's values, with the full value in the tooltip;
// at the dock's default width every editor lies inside the dock and each live value fits its editor; a
// value typed over a rounded one is applied exactly as typed, even when it is the rounded text itself.
void TestSimLive::inspectorLiveValuesAreRoundedAndFit() {
    Fixture f = openScene(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const DocumentSnapshot before = snapshot(document);
    SceneCanvas* canvas = f.window->canvas();
    pressKeys(canvas, Qt::Key_Right, 45);
    QCOMPARE(f.sim->currentStep(), 45);
    const BodyKey box = keyNamed(document, "box 3");
    QVERIFY(box != 0);
    canvas->setSelection({box});
    QVERIFY(f.inspector->isLive());
    QApplication::processEvents();
    // The default layout: the left docks are 300 pixels wide (edit_setup.cpp).
    QVERIFY2(f.inspector->width() <= 320, qPrintable(QString::number(f.inspector->width())));

    const phys::BodyDef live = *f.sim->bodyAt(box);
    struct Expect {
        const char* name;
        double value;
        int decimals;
    };
    const double degrees = live.angle * (180.0 / phys::kPi);
    const Expect expects[] = {{"positionX", live.position.x, 4},
                              {"positionY", live.position.y, 4},
                              {"angle", degrees, 2},
                              {"linearVelocityX", live.linearVelocity.x, 4},
                              {"linearVelocityY", live.linearVelocity.y, 4},
                              {"angularVelocity", live.angularVelocity, 4}};
    // The box drifts by millimetres at this frame: the values the screenshot showed with 12 digits.
    QVERIFY(std::abs(live.position.x) < 0.01 && live.position.x != 0.0);
    for (const Expect& e : expects) {
        auto* edit = f.inspector->findChild<QLineEdit*>(QLatin1String(e.name));
        QVERIFY(edit);
        const QString text = edit->text();
        const QRegularExpression pattern(QStringLiteral("^-?[0-9]+\\.[0-9]{%1}$").arg(e.decimals));
        QVERIFY2(pattern.match(text).hasMatch(), qPrintable(QStringLiteral("%1: %2").arg(e.name, text)));
        QVERIFY2(!(text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0), qPrintable(text));
        QVERIFY2(std::abs(text.toDouble() - e.value) <= 0.5 * std::pow(10.0, -e.decimals) * (1.0 + 1e-9),
                 qPrintable(QStringLiteral("%1: %2 for %3").arg(e.name, text).arg(e.value, 0, 'g', 17)));
        // The full value is one hover away.
        QVERIFY2(
            edit->toolTip().contains(InspectorDock::formatNumber(
                e.value == degrees ? live.angle : e.value, e.value == degrees ? 180.0 / phys::kPi : 1.0)),
            qPrintable(edit->toolTip()));
        // The text is not cut: it fits the editor's text area.
        QVERIFY2(edit->fontMetrics().horizontalAdvance(text) <= textWidthOf(edit),
                 qPrintable(QStringLiteral("%1: \"%2\" needs %3 px, has %4")
                                .arg(e.name, text)
                                .arg(edit->fontMetrics().horizontalAdvance(text))
                                .arg(textWidthOf(edit))));
    }
    // Every editor of the form lies inside the dock's visible width (the y fields were cut off before).
    auto* scroll = f.inspector->findChild<QScrollArea*>();
    QVERIFY(scroll);
    const int visible = scroll->viewport()->width();
    for (QWidget* w : scroll->widget()->findChildren<QWidget*>()) {
        if (!w->isVisible() || !(qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) ||
                                 qobject_cast<QCheckBox*>(w) || qobject_cast<QTableWidget*>(w))) {
            continue;
        }
        const int right = w->mapTo(scroll->viewport(), QPoint(w->width(), 0)).x();
        QVERIFY2(right <= visible,
                 qPrintable(QStringLiteral("%1 (%2) ends at %3, the dock shows %4")
                                .arg(w->objectName(), QLatin1String(w->metaObject()->className()))
                                .arg(right)
                                .arg(visible)));
    }

    // Typed values are applied exactly: the rounded text itself, then more digits than are shown.
    auto* x = f.inspector->findChild<QLineEdit*>(QStringLiteral("positionX"));
    const QString rounded = x->text();
    typeInto(x, rounded);
    QCOMPARE(f.sim->bodyAt(box)->position.x, rounded.toDouble());
    typeInto(x, QStringLiteral("0.123456789"));
    QCOMPARE(f.sim->bodyAt(box)->position.x, 0.123456789);
    QCOMPARE(x->text(), QStringLiteral("0.1235"));
    auto* angle = f.inspector->findChild<QLineEdit*>(QStringLiteral("angle"));
    typeInto(angle, QStringLiteral("30"));
    // (the World keeps the angle as a rotation: read back through atan2, to the last bits)
    QVERIFY(std::abs(f.sim->bodyAt(box)->angle - 30.0 / (180.0 / phys::kPi)) < kExact);
    QCOMPARE(angle->text(), QStringLiteral("30.00"));
    QVERIFY(unchanged(before, document));
}

// Typing into the velocity field while playing pauses at once; Enter sets that velocity on the running body
// at the frame shown (not on the document, not on the undo stack), and the next step starts from it: the
// run equals an independent World given the same velocity at the same step.
void TestSimLive::inspectorEditWhilePlayingPausesAndActsOnRun() {
    Fixture f = openScene(QStringLiteral(":/scenes/demos/restitution_row.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const DocumentSnapshot before = snapshot(document);
    const BodyKey ball = keyNamed(document, "e = 0.50");
    QVERIFY(ball != 0);
    SceneCanvas* canvas = f.window->canvas();
    canvas->setSelection({ball});
    auto* vx = f.inspector->findChild<QLineEdit*>(QStringLiteral("linearVelocityX"));
    QVERIFY(vx);

    pressKeys(canvas, Qt::Key_Space, 1);
    const double dt = f.sim->settings().timeStep;
    for (int i = 0; i < 12; ++i) {
        f.sim->advance(dt);
    }
    QVERIFY(f.sim->isPlaying());
    const std::int64_t step = f.sim->currentStep();
    QTest::mouseClick(vx, Qt::LeftButton);
    QTest::keyClick(vx, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(vx, QStringLiteral("2.5"));
    QVERIFY(!f.sim->isPlaying()); // typing paused the run
    f.sim->advance(dt);           // frames keep coming while the user types: nothing moves
    QCOMPARE(f.sim->currentStep(), step);
    QCOMPARE(vx->text(), QStringLiteral("2.5")); // and the typed text is not overwritten
    QTest::keyClick(vx, Qt::Key_Return);
    QCOMPARE(f.sim->currentStep(), step);
    QCOMPARE(f.sim->bodyAt(ball)->linearVelocity.x, 2.5);
    QCOMPARE(f.inspector->fieldError(QStringLiteral("linearVelocityX")), QString());
    QVERIFY(unchanged(before, document));

    // The oracle: the same run, the same velocity set at the same step.
    auto oracle = cltest::independentWorld(document);
    for (std::int64_t k = 0; k < step; ++k) {
        oracle->step();
    }
    const phys::BodyId id = oracle->idOfSlot(f.sim->slotOf(ball));
    oracle->setLinearVelocity(id, {2.5, oracle->linearVelocity(id).y});
    oracle->setAngularVelocity(id, oracle->angularVelocity(id));
    QCOMPARE(f.sim->stateHash(), oracle->stateHash());
    pressKeys(canvas, Qt::Key_Right, 1);
    oracle->step();
    QCOMPARE(f.sim->currentStep(), step + 1);
    QCOMPARE(f.sim->stateHash(), oracle->stateHash());
    QVERIFY(std::abs(f.sim->bodyAt(ball)->linearVelocity.x - 2.5) < kExact); // free flight: vx is kept
    QCOMPARE(vx->text(), shown(oracle->linearVelocity(id).x));

    // An edit on a past frame branches the run there: the later frames go, the frames before stay.
    pressKeys(canvas, Qt::Key_Right, 9);
    const std::uint64_t earlier = f.sim->frame(step - 3)->hash;
    pressKeys(canvas, Qt::Key_Left, 5); // step + 5
    auto* spin = f.inspector->findChild<QLineEdit*>(QStringLiteral("angularVelocity"));
    typeInto(spin, QStringLiteral("-4"));
    QCOMPARE(f.sim->currentStep(), step + 5);
    QCOMPARE(f.sim->headStep(), step + 5);
    QCOMPARE(f.sim->bodyAt(ball)->angularVelocity, -4.0);
    QCOMPARE(f.sim->frame(step - 3)->hash, earlier);
    for (std::int64_t k = 0; k < 4; ++k) {
        oracle->step();
    }
    oracle->setLinearVelocity(id, oracle->linearVelocity(id));
    oracle->setAngularVelocity(id, -4.0);
    QCOMPARE(f.sim->stateHash(), oracle->stateHash());
    QVERIFY(f.sim->warning().isEmpty());
    QVERIFY(unchanged(before, document));
}

// Bad numbers in a live field are refused with the red message naming the field; the run is unchanged.
void TestSimLive::inspectorRefusesBadNumbersInSimulate() {
    Fixture f = openScene(QStringLiteral(":/scenes/demos/restitution_row.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const DocumentSnapshot before = snapshot(document);
    const BodyKey ball = keyNamed(document, "e = 1.00");
    f.window->canvas()->setSelection({ball});
    pressKeys(f.window->canvas(), Qt::Key_Right, 10);
    const std::uint64_t hash = f.sim->stateHash();
    auto* y = f.inspector->findChild<QLineEdit*>(QStringLiteral("positionY"));
    typeInto(y, QStringLiteral("abc"));
    QVERIFY2(f.inspector->fieldError(QStringLiteral("positionY"))
                 .contains(QStringLiteral("position y"), Qt::CaseInsensitive),
             qPrintable(f.inspector->fieldError(QStringLiteral("positionY"))));
    QCOMPARE(f.sim->stateHash(), hash);
    typeInto(y, QStringLiteral("1e300"));
    const QString error = f.inspector->fieldError(QStringLiteral("positionY"));
    QVERIFY2(error.contains(QStringLiteral("position y refused"), Qt::CaseInsensitive) &&
                 error.contains(QStringLiteral("body.position")),
             qPrintable(error));
    QCOMPARE(f.sim->stateHash(), hash);
    QCOMPARE(f.sim->headStep(), 10);
    // A good value clears the message and moves the running body only.
    typeInto(y, QStringLiteral("7.25"));
    QCOMPARE(f.inspector->fieldError(QStringLiteral("positionY")), QString());
    QCOMPARE(f.sim->bodyAt(ball)->position.y, 7.25);
    // The World keeps a static body still: a velocity for the ground is refused, not silently dropped.
    const std::uint64_t moved = f.sim->stateHash();
    f.window->canvas()->setSelection({keyNamed(document, "ground")});
    typeInto(f.inspector->findChild<QLineEdit*>(QStringLiteral("angularVelocity")), QStringLiteral("2"));
    QVERIFY2(f.inspector->fieldError(QStringLiteral("angularVelocity")).contains(QStringLiteral("static")),
             qPrintable(f.inspector->fieldError(QStringLiteral("angularVelocity"))));
    QCOMPARE(f.sim->stateHash(), moved);
    QVERIFY(unchanged(before, document));
}

// Acting on frame 900 of a 1000-step pyramid run (with an input logged at step 150) rebuilds the World from
// the nearest checkpoint, replaying at most one checkpoint interval; the hash is the recorded one, and the
// run continues exactly as an independent World given the same input.
void TestSimLive::pastFrameRebuildsFromCheckpoint() {
    Fixture f = openScene(QStringLiteral(":/scenes/demos/pyramid.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const BodyKey top = keyNamed(document, "r1c5");
    QVERIFY(top != 0);
    for (int i = 0; i < 150; ++i) {
        f.sim->stepForward();
    }
    QVERIFY(
        f.sim->setBodyState(top, f.sim->bodyAt(top)->position, f.sim->bodyAt(top)->angle, {0.0, 3.0}, 1.0));
    for (int i = 0; i < 850; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->headStep(), 1000);
    const int interval = f.sim->checkpointInterval();
    QVERIFY(interval >= SimulationController::kMinCheckpointSteps && interval < 900);
    QVERIFY(f.sim->checkpointCount() >= 1000 / interval - 1);

    auto oracle = cltest::independentWorld(document);
    std::vector<std::uint64_t> hashes{oracle->stateHash()};
    const phys::BodyId id = oracle->idOfSlot(f.sim->slotOf(top));
    for (int i = 0; i < 1000; ++i) {
        if (i == 150) {
            oracle->setLinearVelocity(id, {0.0, 3.0});
            oracle->setAngularVelocity(id, 1.0);
            hashes.back() = oracle->stateHash();
        }
        oracle->step();
        hashes.push_back(oracle->stateHash());
    }
    QCOMPARE(f.sim->stateHash(), hashes[1000]);

    pressKeys(f.window->canvas(), Qt::Key_Left, 100);
    QCOMPARE(f.sim->currentStep(), 900);
    QVERIFY(f.sim->setSettings(f.sim->settings())); // an input at frame 900: rebuild the World there
    QCOMPARE(f.sim->headStep(), 900);
    QCOMPARE(f.sim->world()->stepCount(), 900);
    QCOMPARE(f.sim->world()->stateHash(), hashes[900]);
    QVERIFY2(f.sim->warning().isEmpty(), qPrintable(f.sim->warning()));
    QVERIFY(f.sim->lastReplayStart() > 150); // from a checkpoint, past the logged input
    QVERIFY(f.sim->lastReplaySteps() <= interval);
    QCOMPARE(f.sim->lastReplayStart() + f.sim->lastReplaySteps(), 900);
    for (int i = 0; i < f.sim->checkpointCount(); ++i) {
        QVERIFY(f.sim->checkpointStep(i) <= 900); // the dropped future's copies are gone
    }
    pressKeys(f.window->canvas(), Qt::Key_Right, 100);
    QCOMPARE(f.sim->stateHash(), hashes[1000]);

    // A second act, between two checkpoints, right after a first rebuild: still exact.
    pressKeys(f.window->canvas(), Qt::Key_Left, 37);
    QVERIFY(f.sim->setSettings(f.sim->settings()));
    QCOMPARE(f.sim->world()->stateHash(), hashes[963]);
    QVERIFY(f.sim->lastReplaySteps() <= interval);
    QVERIFY(f.sim->warning().isEmpty());
}

QTEST_MAIN(TestSimLive)
#include "tst_sim_live.moc"
