/// @file tst_walkthrough.cpp
/// The Walkthrough dock on the real MainWindow: its steps and numbers are the engine's (checked against
/// `contactlab-cli collide` run as a separate process), the keyboard steps through them, an edit keeps the
/// step and updates the numbers, and a selection of two bodies picks the pair.

#include "autosave.h"
#include "document.h"
#include "edit_intents.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace cl;

namespace {

QString fixture(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

/// Runs `contactlab-cli collide SCENE --a A --b B` and returns its JSON object.
QJsonObject cliCollide(const QString& scene, int a, int b) {
    QProcess process;
    process.start(QStringLiteral(CONTACTLAB_CLI),
                  {QStringLiteral("collide"), scene, QStringLiteral("--a"), QString::number(a),
                   QStringLiteral("--b"), QString::number(b)});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning("collide failed: %s", process.readAllStandardError().constData());
        return {};
    }
    return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
}

phys::Vec2 vec(const QJsonValue& v) {
    const QJsonArray a = v.toArray();
    return {a.at(0).toDouble(), a.at(1).toDouble()};
}

} // namespace

class TestWalkthrough : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void satStepsEqualTheCli_data();
    void satStepsEqualTheCli();
    void clippingStepsFollowTheClipTrace_data();
    void clippingStepsFollowTheClipTrace();
    void methodsCompareTheThreeManifolds();
    void keyboardStepsForwardAndBack();
    void stepIsKeptWhenABodyMoves();
    void selectingTwoBodiesPicksThePair();
    void overlayTogglesReachTheCanvasOverlay();

private:
    WalkthroughDock* dock() const { return m_window->findChild<WalkthroughDock*>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestWalkthrough::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestWalkthrough::init() {
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter(
        [](const QString&, const QString& message) { qWarning("%s", qPrintable(message)); });
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(dock() != nullptr);
    dock()->show();
    dock()->raise();
}

void TestWalkthrough::cleanup() {
    m_window.reset();
}

void TestWalkthrough::satStepsEqualTheCli_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::newRow("tilted pair") << QStringLiteral("tests/fixtures/walkthrough/pair.json") << 0 << 1;
    QTest::newRow("tilted pair, swapped") << QStringLiteral("tests/fixtures/walkthrough/pair.json") << 1 << 0;
    QTest::newRow("edge on edge") << QStringLiteral("resources/scenes/catalogue/edge_on_edge.json") << 0 << 1;
    QTest::newRow("vertex on vertex")
        << QStringLiteral("resources/scenes/catalogue/vertex_on_vertex.json") << 0 << 1;
    QTest::newRow("separated, first axis")
        << QStringLiteral("resources/scenes/catalogue/separated_first_axis.json") << 0 << 1;
    QTest::newRow("circle, vertex region")
        << QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json") << 0 << 1;
    QTest::newRow("circle, vertex region, swapped")
        << QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json") << 1 << 0;
    QTest::newRow("two circles") << QStringLiteral("resources/scenes/catalogue/two_circles.json") << 0 << 1;
}

// The SAT walkthrough has one step per axis plus the result, and each step's numbers are exactly the CLI's.
void TestWalkthrough::satStepsEqualTheCli() {
    QFETCH(QString, scene);
    QFETCH(int, a);
    QFETCH(int, b);
    const QString file = fixture(scene);
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(a, b));
    const QJsonObject cli = cliCollide(file, a, b);
    QVERIFY(!cli.isEmpty());
    const QJsonArray axes =
        cli.value(QStringLiteral("sat")).toObject().value(QStringLiteral("axes")).toArray();
    const Walkthrough& w = dock()->walkthrough();
    QVERIFY(w.isValid());
    QCOMPARE(w.stepCount(), int(axes.size()) + 1);
    QCOMPARE(dock()->table()->rowCount(), int(axes.size()) + 1);
    QCOMPARE(QString::fromLatin1(phys::toString(w.trace().kind)),
             cli.value(QStringLiteral("kind")).toString());

    for (int k = 0; k < int(axes.size()); ++k) {
        dock()->setStep(k);
        QCOMPARE(dock()->currentStep(), k);
        const WalkthroughStep& step = w.step(k);
        QCOMPARE(step.kind, WalkthroughStepKind::SatAxis);
        const phys::SatAxis& axis = w.trace().sat.axes[step.index];
        const QJsonObject expected = axes.at(k).toObject();
        QCOMPARE(QString::fromLatin1(phys::toString(axis.owner)),
                 expected.value(QStringLiteral("owner")).toString());
        QCOMPARE(axis.edge, expected.value(QStringLiteral("edge")).toInt());
        QCOMPARE(axis.normal.x, vec(expected.value(QStringLiteral("normal"))).x);
        QCOMPARE(axis.normal.y, vec(expected.value(QStringLiteral("normal"))).y);
        QCOMPARE(axis.minA, vec(expected.value(QStringLiteral("a"))).x);
        QCOMPARE(axis.maxA, vec(expected.value(QStringLiteral("a"))).y);
        QCOMPARE(axis.minB, vec(expected.value(QStringLiteral("b"))).x);
        QCOMPARE(axis.maxB, vec(expected.value(QStringLiteral("b"))).y);
        QCOMPARE(axis.overlap, expected.value(QStringLiteral("overlap")).toDouble());
        QCOMPARE(axis.separating, expected.value(QStringLiteral("separating")).toBool());
        // The explanation is written from these numbers, and the dock shows it.
        const QString text = dock()->explanation();
        QCOMPARE(text, step.explanation);
        QVERIFY2(text.contains(Walkthrough::interval(axis.minA, axis.maxA)), qPrintable(text));
        QVERIFY2(text.contains(Walkthrough::interval(axis.minB, axis.maxB)), qPrintable(text));
        QVERIFY2(text.contains(Walkthrough::number(axis.separating ? -axis.overlap : axis.overlap) +
                               QStringLiteral(" m")),
                 qPrintable(text));
        QVERIFY(text.contains(axis.separating ? QStringLiteral("separates")
                                              : QStringLiteral("does not separate")));
        // The table row of the step is the selected one, and shows the same overlap.
        QVERIFY(dock()->table()->item(k, 0)->isSelected());
        QCOMPARE(dock()->table()->item(k, 5)->text(), Walkthrough::number(axis.overlap));
    }
    // Last step: the MTV (or the separating axis), as the CLI says.
    dock()->lastStep();
    QCOMPARE(dock()->currentStep(), int(axes.size()));
    QCOMPARE(w.step(dock()->currentStep()).kind, WalkthroughStepKind::SatResult);
    const QJsonObject mtv =
        cli.value(QStringLiteral("sat")).toObject().value(QStringLiteral("mtv")).toObject();
    QCOMPARE(w.trace().sat.mtvAxis, mtv.value(QStringLiteral("axis")).toInt());
    QCOMPARE(w.trace().sat.mtvDepth, mtv.value(QStringLiteral("depth")).toDouble());
    QCOMPARE(w.trace().sat.mtvNormal.x, vec(mtv.value(QStringLiteral("normal"))).x);
    QCOMPARE(w.trace().sat.mtvNormal.y, vec(mtv.value(QStringLiteral("normal"))).y);
    QCOMPARE(w.trace().separated, cli.value(QStringLiteral("separated")).toBool());
    const bool separated = cli.value(QStringLiteral("separated")).toBool();
    QVERIFY(dock()->explanation().contains(separated ? QStringLiteral("separates the shapes")
                                                     : QStringLiteral("minimum translation vector")));
    QVERIFY(dock()->explanation().contains(
        Walkthrough::number(separated ? -w.trace().sat.mtvDepth : w.trace().sat.mtvDepth)));
}

void TestWalkthrough::clippingStepsFollowTheClipTrace_data() {
    QTest::addColumn<QString>("scene");
    QTest::newRow("tilted pair: one point kept, one discarded")
        << QStringLiteral("tests/fixtures/walkthrough/pair.json");
    QTest::newRow("edge on edge: two points")
        << QStringLiteral("resources/scenes/catalogue/edge_on_edge.json");
    QTest::newRow("vertex on edge") << QStringLiteral("resources/scenes/catalogue/vertex_on_edge.json");
    QTest::newRow("parallel edges") << QStringLiteral(
        "resources/scenes/catalogue/parallel_edges_different_lengths.json");
}

// Clipping: candidates, reference, one step per side plane, the reference-face test and the contacts; their
// numbers are those of the CLI's clip trace.
void TestWalkthrough::clippingStepsFollowTheClipTrace() {
    QFETCH(QString, scene);
    const QString file = fixture(scene);
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Clipping);
    QVERIFY(dock()->setPair(0, 1));
    const QJsonObject cli = cliCollide(file, 0, 1);
    const QJsonObject clip = cli.value(QStringLiteral("clip")).toObject();
    QVERIFY(!clip.isEmpty());
    const Walkthrough& w = dock()->walkthrough();
    const phys::ClipTrace& c = w.trace().clip;
    const QJsonArray planes = clip.value(QStringLiteral("planes")).toArray();
    const QJsonArray face = clip.value(QStringLiteral("referenceFace")).toArray();
    QCOMPARE(c.planeCount, int(planes.size()));
    QCOMPARE(c.pointCount, int(face.size()));

    QList<WalkthroughStepKind> expectedKinds{WalkthroughStepKind::ClipCandidates,
                                             WalkthroughStepKind::ClipReference};
    for (int p = 0; p < planes.size(); ++p) {
        expectedKinds << WalkthroughStepKind::ClipPlane;
    }
    expectedKinds << WalkthroughStepKind::ClipReferenceFace << WalkthroughStepKind::ClipResult;
    QCOMPARE(w.stepCount(), int(expectedKinds.size()));
    for (int i = 0; i < w.stepCount(); ++i) {
        QCOMPARE(w.step(i).kind, expectedKinds[i]);
    }

    // Reference and incident as the CLI reports them, and named in the explanation.
    const QJsonObject reference = clip.value(QStringLiteral("reference")).toObject();
    QCOMPARE(c.referenceEdge, reference.value(QStringLiteral("edge")).toInt());
    QCOMPARE(c.flip ? QStringLiteral("b") : QStringLiteral("a"),
             reference.value(QStringLiteral("owner")).toString());
    QCOMPARE(c.incidentEdge,
             clip.value(QStringLiteral("incident")).toObject().value(QStringLiteral("edge")).toInt());
    dock()->setStep(1);
    QVERIFY2(dock()->explanation().contains(QStringLiteral("The reference edge is %1's edge %2")
                                                .arg(c.flip ? QStringLiteral("B") : QStringLiteral("A"))
                                                .arg(c.referenceEdge)),
             qPrintable(dock()->explanation()));
    // Each plane step: the points before and after, as the CLI.
    for (int p = 0; p < planes.size(); ++p) {
        const QJsonObject plane = planes.at(p).toObject();
        const QJsonArray before = plane.value(QStringLiteral("before")).toArray();
        const QJsonArray after = plane.value(QStringLiteral("after")).toArray();
        QCOMPARE(c.planes[p].beforeCount, int(before.size()));
        QCOMPARE(c.planes[p].afterCount, int(after.size()));
        for (int i = 0; i < after.size(); ++i) {
            QCOMPARE(c.planes[p].after[i].x, vec(after.at(i)).x);
            QCOMPARE(c.planes[p].after[i].y, vec(after.at(i)).y);
        }
        dock()->setStep(2 + p);
        QCOMPARE(w.step(dock()->currentStep()).index, p);
        QVERIFY(dock()->explanation().startsWith(QStringLiteral("Side plane %1").arg(p + 1)));
    }
    // The reference-face test: depths, kept or discarded, each named in the explanation.
    dock()->setStep(2 + int(planes.size()));
    for (int i = 0; i < face.size(); ++i) {
        const QJsonObject point = face.at(i).toObject();
        QCOMPARE(c.points[i].depth, point.value(QStringLiteral("depth")).toDouble());
        QCOMPARE(c.points[i].kept, point.value(QStringLiteral("kept")).toBool());
        QVERIFY2(
            dock()->explanation().contains(
                QStringLiteral("point %1 at %2 m").arg(i + 1).arg(Walkthrough::number(c.points[i].depth))),
            qPrintable(dock()->explanation()));
    }
    // Final contacts.
    dock()->lastStep();
    const QJsonArray contacts =
        cli.value(QStringLiteral("manifold")).toObject().value(QStringLiteral("points")).toArray();
    QCOMPARE(w.trace().manifold.pointCount, int(contacts.size()));
    for (int i = 0; i < contacts.size(); ++i) {
        const double depth = contacts.at(i).toObject().value(QStringLiteral("depth")).toDouble();
        QCOMPARE(w.trace().manifold.points[i].depth, depth);
        QVERIFY(dock()->explanation().contains(Walkthrough::number(depth) + QStringLiteral(" m")));
    }
}

// Methods: one step per method plus the comparison, each manifold equal to the CLI's with that method.
void TestWalkthrough::methodsCompareTheThreeManifolds() {
    const QString file = fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Methods);
    QVERIFY(dock()->setPair(0, 1));
    const Walkthrough& w = dock()->walkthrough();
    QCOMPARE(w.stepCount(), Walkthrough::kMethodCount + 1);
    QCOMPARE(dock()->table()->rowCount(), Walkthrough::kMethodCount);
    const char* methods[] = {"clipping", "deepest-vertices", "vertex-edge"};
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        QProcess process;
        process.start(QStringLiteral(CONTACTLAB_CLI),
                      {QStringLiteral("collide"), file, QStringLiteral("--a"), QStringLiteral("0"),
                       QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--method"),
                       QLatin1String(methods[m])});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const QJsonObject cli = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        const QJsonArray points =
            cli.value(QStringLiteral("manifold")).toObject().value(QStringLiteral("points")).toArray();
        const phys::Manifold& manifold = w.methodTrace(m).manifold;
        QCOMPARE(manifold.pointCount, int(points.size()));
        for (int i = 0; i < points.size(); ++i) {
            const QJsonObject p = points.at(i).toObject();
            QCOMPARE(manifold.points[i].point.x, vec(p.value(QStringLiteral("point"))).x);
            QCOMPARE(manifold.points[i].point.y, vec(p.value(QStringLiteral("point"))).y);
            QCOMPARE(manifold.points[i].depth, p.value(QStringLiteral("depth")).toDouble());
        }
        QCOMPARE(dock()->table()->item(m, 1)->text(), QString::number(points.size()));
        dock()->setStep(m);
        QCOMPARE(w.step(m).kind, WalkthroughStepKind::Method);
    }
    dock()->lastStep();
    QCOMPARE(w.step(dock()->currentStep()).kind, WalkthroughStepKind::MethodsCompare);
}

// Page Down / Page Up (and Ctrl+Right / Ctrl+Left) step through the walkthrough from anywhere in the window;
// the buttons do the same and stop at the ends.
void TestWalkthrough::keyboardStepsForwardAndBack() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    QCOMPARE(dock()->currentStep(), 0);
    m_window->canvas()->setFocus();
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageDown);
    QCOMPARE(dock()->currentStep(), 1);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(dock()->currentStep(), 2);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageUp);
    QCOMPARE(dock()->currentStep(), 1);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(dock()->currentStep(), 0);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageUp);
    QCOMPARE(dock()->currentStep(), 0); // stays at the first step
    auto* next = dock()->findChild<QPushButton*>(QStringLiteral("walkthroughNext"));
    QVERIFY(next);
    const int count = dock()->walkthrough().stepCount();
    for (int i = 0; i < count + 3; ++i) {
        if (next->isEnabled()) {
            QTest::mouseClick(next, Qt::LeftButton);
        }
    }
    QCOMPARE(dock()->currentStep(), count - 1);
    QVERIFY(!next->isEnabled());
}

// Moving B by an edit (one undo command) recomputes the walkthrough live and keeps the step; undo brings the
// old numbers back, still on the same step.
void TestWalkthrough::stepIsKeptWhenABodyMoves() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    dock()->setStep(2);
    const phys::SatAxis before = dock()->walkthrough().trace().sat.axes[2];
    const QString textBefore = dock()->explanation();
    const BodyKey keyB = m_window->document()->keyAt(1);

    emit m_window->editIntents()->moveBodies({keyB}, phys::Vec2{0.0, 0.05});
    QCOMPARE(m_window->document()->body(keyB).position.y, 1.05 + 0.05);
    QCOMPARE(dock()->currentStep(), 2);
    const phys::SatAxis after = dock()->walkthrough().trace().sat.axes[2];
    QCOMPARE(after.edge, before.edge);
    // B moved by 0.05 m up; the axis is A's edge-2 normal, so B's shadow moves by 0.05 * n.y.
    QVERIFY(std::abs((after.minB - before.minB) - 0.05 * after.normal.y) < 1e-12);
    QVERIFY(after.overlap < before.overlap);
    QVERIFY(dock()->explanation() != textBefore);
    QVERIFY(dock()->explanation().contains(Walkthrough::number(after.overlap)));

    m_window->document()->undoStack()->undo();
    QCOMPARE(dock()->currentStep(), 2);
    QCOMPARE(dock()->walkthrough().trace().sat.axes[2].overlap, before.overlap);
    QCOMPARE(dock()->explanation(), textBefore);
}

// Selecting two bodies on the canvas picks them as A and B, in selection order.
void TestWalkthrough::selectingTwoBodiesPicksThePair() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/stack.json"))));
    Document* document = m_window->document();
    QVERIFY(document->bodyCount() >= 4);
    m_window->canvas()->setSelection({document->keyAt(3), document->keyAt(2)});
    QCOMPARE(dock()->indexA(), 3);
    QCOMPARE(dock()->indexB(), 2);
    QVERIFY(dock()->walkthrough().isValid());
    QCOMPARE(dock()->walkthrough().bodyA().name, document->body(document->keyAt(3)).name);
    auto* comboA = dock()->findChild<QComboBox*>(QStringLiteral("walkthroughBodyA"));
    QVERIFY(comboA);
    QCOMPARE(comboA->currentIndex(), 3);
    // One selected body leaves the pair alone.
    m_window->canvas()->setSelection({document->keyAt(0)});
    QCOMPARE(dock()->indexA(), 3);
    // The combo boxes pick too.
    comboA->setCurrentIndex(0);
    QCOMPARE(dock()->indexA(), 0);
    QCOMPARE(dock()->walkthrough().bodyA().name, document->body(document->keyAt(0)).name);
}

// View > Overlays toggles reach the canvas overlay and are remembered.
void TestWalkthrough::overlayTogglesReachTheCanvasOverlay() {
    QAction* normals = m_window->findChild<QAction*>(QStringLiteral("actionOverlayNormals"));
    QAction* aabbs = m_window->findChild<QAction*>(QStringLiteral("actionOverlayAabbs"));
    QVERIFY(normals && aabbs);
    const bool was = normals->isChecked();
    normals->trigger();
    QCOMPARE(dock()->overlay()->options().normals, !was);
    QCOMPARE(QSettings().value(QStringLiteral("view/overlayNormals")).toBool(), !was);
    normals->trigger();
    QCOMPARE(dock()->overlay()->options().normals, was);
    aabbs->setChecked(true);
    QVERIFY(dock()->overlay()->options().aabbs);
}

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
