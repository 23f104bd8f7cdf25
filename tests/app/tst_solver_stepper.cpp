/// @file tst_solver_stepper.cpp
/// "Step into the solver" (app/gui/solver_stepper.h, issue 15) on the real MainWindow: on a paused frame of
/// the pyramid demo the panel's button opens the stepper; keys and buttons walk rows, contacts, iterations
/// and substeps; the numbers shown are the engine's trace of that step (an independent World::step(&trace)
/// of a copy of the same World is the oracle); the canvas overlay shows the current row's bodies and their
/// velocities; Finish lands on the state of the normal step. From a past frame (after stepping back) the
/// stepper traces the step the run recorded.

#include "app_test_util.h"
#include "quantity_plot.h"
#include "solver_stepper.h"

#include "physics/solver_trace.h"

#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTest>

#include <vector>

using namespace cl;
using namespace cltest;

namespace {

std::vector<const phys::SolverTraceRow*> flatten(const phys::SolverTrace& trace) {
    std::vector<const phys::SolverTraceRow*> out;
    for (const phys::SolverTraceSubstep& sub : trace.substeps) {
        for (const phys::SolverTraceStage& stage : sub.stages) {
            for (const phys::SolverTraceIteration& it : stage.iterations) {
                for (const phys::SolverTraceRow& row : it.rows) {
                    out.push_back(&row);
                }
            }
        }
    }
    return out;
}

QString shown(const SolverStepperDock& dock, const char* name) {
    const auto* label = dock.findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QString::fromLatin1(name));
}

/// The dock's numbers are the oracle row's, in the dock's own formatting (6 significant digits, units).
bool showsRow(const SolverStepperDock& dock, const phys::SolverTraceRow& row, QString* why) {
    const QString ns = QStringLiteral("N s");
    const std::pair<const char*, QString> expected[] = {
        {"valueEffectiveMass", SolverStepperDock::quantity(row.effectiveMass, QStringLiteral("kg"))},
        {"valueBias", SolverStepperDock::quantity(row.bias, QStringLiteral("m/s"))},
        {"valueWarmStart", SolverStepperDock::quantity(row.warmStart, ns)},
        {"valueImpulseBefore", SolverStepperDock::quantity(row.impulseBefore, ns)},
        {"valueUnclamped", SolverStepperDock::quantity(row.unclamped, ns)},
        {"valueDelta", SolverStepperDock::quantity(row.delta, ns)},
        {"valueSeparation", SolverStepperDock::quantity(row.separation, QStringLiteral("m"))},
    };
    for (const auto& [name, text] : expected) {
        if (shown(dock, name) != text) {
            *why = QStringLiteral("%1 shows '%2', expected '%3'")
                       .arg(QString::fromLatin1(name), shown(dock, name), text);
            return false;
        }
    }
    if (!shown(dock, "valueClamped").startsWith(SolverStepperDock::quantity(row.clamped, ns))) {
        *why = QStringLiteral("valueClamped shows '%1'").arg(shown(dock, "valueClamped"));
        return false;
    }
    if (!shown(dock, "valueBiasSource")
             .startsWith(QString::fromLatin1(phys::biasSourceName(row.biasSource)))) {
        *why = QStringLiteral("valueBiasSource shows '%1'").arg(shown(dock, "valueBiasSource"));
        return false;
    }
    const QString kind = row.kind == phys::RowKind::Normal ? QStringLiteral("normal, point %1")
                                                           : QStringLiteral("friction, point %1");
    if (shown(dock, "valueRow") != kind.arg(row.point)) {
        *why = QStringLiteral("valueRow shows '%1'").arg(shown(dock, "valueRow"));
        return false;
    }
    return true;
}

bool sameRow(const phys::SolverTraceRow& x, const phys::SolverTraceRow& y) {
    return x.contact == y.contact && x.point == y.point && x.kind == y.kind && x.delta == y.delta &&
           x.clamped == y.clamped && x.afterA.v.x == y.afterA.v.x && x.afterB.w == y.afterB.w;
}

} // namespace

class TestSolverStepper : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void stepsRowsAndFinishesOnTheNormalStep();
    void pastFrameTracesTheRecordedStep();
    void verletHasNoRows();
    void leavesWithSimulateModeAndComesBack();

private:
    QTemporaryDir m_dir;
};

void TestSolverStepper::initTestCase() {
    QVERIFY(m_dir.isValid());
    isolateAppState(m_dir);
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_solver_stepper"));
}

void TestSolverStepper::stepsRowsAndFinishesOnTheNormalStep() {
    SimulatingWindow f = openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim);
    for (int i = 0; i < 30; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->currentStep(), 30);
    QCOMPARE(f.sim->world()->stepCount(), 30);
    // The oracles: the same World stepped once untraced and once traced, outside the app.
    phys::World untraced = *f.sim->world();
    untraced.step();
    phys::World traced = *f.sim->world();
    phys::SolverTrace expected;
    traced.step(&expected);
    QCOMPARE(traced.stateHash(), untraced.stateHash());
    const std::vector<const phys::SolverTraceRow*> rows = flatten(expected);
    QVERIFY(rows.size() > 100);

    auto* dock = f.window->findChild<SolverStepperDock*>(QStringLiteral("solverStepperDock"));
    QVERIFY(dock);
    QVERIFY(!dock->isVisible());
    // The Simulation menu holds the action; the Simulation panel's button triggers it.
    auto* action = f.window->findChild<QAction*>(QStringLiteral("actionStepIntoSolver"));
    QVERIFY(action && action->isEnabled());
    auto* menu = f.window->findChild<QMenu*>(QStringLiteral("menuSimulation"));
    QVERIFY(menu && menu->actions().contains(action));
    auto* button = f.ui->dock()->findChild<QPushButton*>(QStringLiteral("stepIntoSolverButton"));
    QVERIFY(button && button->isVisible());
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(dock->isVisible());
    QVERIFY(dock->isActive());
    QCOMPARE(dock->fromStep(), 30);
    QCOMPARE(dock->rowCount(), static_cast<int>(rows.size()));
    QCOMPARE(dock->tracedStateHash(), untraced.stateHash());
    QString why;
    QVERIFY2(showsRow(*dock, *rows[0], &why), qPrintable(why));
    QVERIFY(dock->overlay()->shown().has_value());

    // N three times: rows 1, 2, 3, each shown with the oracle's numbers; the overlay's velocities are the
    // row's, and across the rows a body's velocity changes.
    bool velocityChanged = false;
    for (int i = 1; i <= 3; ++i) {
        QTest::keyClick(dock, Qt::Key_N);
        QCOMPARE(dock->rowIndex(), i);
        QVERIFY(sameRow(*dock->currentRow(), *rows[static_cast<std::size_t>(i)]));
        QVERIFY2(showsRow(*dock, *rows[static_cast<std::size_t>(i)], &why), qPrintable(why));
        const SolverStepperOverlay::Shown& s = *dock->overlay()->shown();
        QCOMPARE(s.a.after.v.x, dock->currentRow()->afterA.v.x);
        QCOMPARE(s.b.after.v.y, dock->currentRow()->afterB.v.y);
        velocityChanged =
            velocityChanged || s.b.after.v.y != s.b.before.v.y || s.a.after.v.y != s.a.before.v.y;
    }
    QVERIFY(velocityChanged);

    // Next contact (mouse): the first row whose contact or sweep differs.
    const int contactBefore = dock->currentRow()->contact;
    const SolverStepperPosition p0 = dock->position();
    QTest::mouseClick(dock->findChild<QPushButton*>(QStringLiteral("stepperNextContact")), Qt::LeftButton);
    const int afterContact = dock->rowIndex();
    QVERIFY(afterContact > 3);
    for (int i = 4; i < afterContact; ++i) {
        QCOMPARE(rows[static_cast<std::size_t>(i)]->contact, contactBefore);
    }
    QVERIFY(dock->currentRow()->contact != contactBefore || dock->position().stage != p0.stage);
    QVERIFY2(showsRow(*dock, *rows[static_cast<std::size_t>(afterContact)], &why), qPrintable(why));

    // Next iteration (I), then next substep (S): from the warm start to the solve sweep, then substep 2.
    QTest::keyClick(dock, Qt::Key_I);
    QCOMPARE(dock->position().substep, 0);
    QVERIFY(dock->position().stage > p0.stage);
    QCOMPARE(expected.substeps[0].stages[static_cast<std::size_t>(dock->position().stage)].stage,
             phys::SolverStage::Solve);
    QVERIFY2(showsRow(*dock, *rows[static_cast<std::size_t>(dock->rowIndex())], &why), qPrintable(why));
    QVERIFY(shown(*dock, "valueBiasSource").contains(QStringLiteral("soft contact")) ||
            shown(*dock, "valueBiasSource").contains(QStringLiteral("speculative")));
    QTest::keyClick(dock, Qt::Key_S);
    QCOMPARE(dock->position().substep, 1);
    QCOMPARE(dock->position().stage, 0); // the warm start of substep 2
    QVERIFY2(showsRow(*dock, *rows[static_cast<std::size_t>(dock->rowIndex())], &why), qPrintable(why));
    QVERIFY(dock->findChild<QLabel*>(QStringLiteral("stepperWhere"))
                ->text()
                .contains(QStringLiteral("substep 2 of 4")));
    // The convergence plot: one point per sweep (4 solve and 4 relax sweeps at the defaults: automatic
    // substeps run a pyramid of equal boxes, touching nothing else, at 4).
    QCOMPARE(expected.substeps.size(), std::size_t{4});
    QCOMPARE(dock->plot()->series().size(), std::size_t{2});
    QCOMPARE(dock->plot()->series()[0].v.size(), std::size_t{4});
    QCOMPARE(dock->plot()->series()[0].v[0], expected.substeps[0].stages[1].iterations[0].residual);

    // The canvas draws the row: around the current contact point the picture differs from the same view
    // without the stepper's overlay (the ring, the point, the normal).
    {
        SceneCanvas* canvas = f.window->canvas();
        const SolverStepperOverlay::Shown now = *dock->overlay()->shown();
        const QPoint at = canvas->worldToViewport(now.points[static_cast<std::size_t>(now.point)]).toPoint();
        const QImage with = canvas->viewport()->grab().toImage();
        dock->overlay()->setShown(std::nullopt);
        const QImage without = canvas->viewport()->grab().toImage();
        dock->overlay()->setShown(now);
        QCOMPARE(with.size(), without.size());
        int changed = 0;
        for (int y = at.y() - 12; y <= at.y() + 12; ++y) {
            for (int x = at.x() - 12; x <= at.x() + 12; ++x) {
                if (with.rect().contains(x, y) && with.pixel(x, y) != without.pixel(x, y)) {
                    ++changed;
                }
            }
        }
        QVERIFY2(changed > 40, qPrintable(QStringLiteral("%1 pixels changed").arg(changed)));
    }

    // Finish (F): the run takes its normal step and lands on the traced state.
    QTest::keyClick(dock, Qt::Key_F);
    QVERIFY(!dock->isActive());
    QCOMPARE(f.sim->currentStep(), 31);
    QCOMPARE(f.sim->stateHash(), untraced.stateHash());
    QCOMPARE(f.sim->world()->stateHash(), untraced.stateHash());
    QVERIFY(dock->findChild<QLabel*>(QStringLiteral("stepperStatus"))
                ->text()
                .startsWith(QStringLiteral("Finished: step 31")));
    QVERIFY(!dock->overlay()->shown().has_value());
}

void TestSolverStepper::pastFrameTracesTheRecordedStep() {
    SimulatingWindow f = openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim);
    for (int i = 0; i < 40; ++i) {
        f.sim->stepForward();
    }
    for (int i = 0; i < 7; ++i) {
        f.sim->stepBack();
    }
    QCOMPARE(f.sim->currentStep(), 33);
    const std::uint64_t recorded = f.sim->frame(34)->hash;
    auto* dock = f.window->findChild<SolverStepperDock*>(QStringLiteral("solverStepperDock"));
    QVERIFY(dock);
    QTest::keyClick(f.window.get(), Qt::Key_I, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(dock->isActive());
    QCOMPARE(dock->fromStep(), 33);
    QCOMPARE(dock->tracedStateHash(), recorded);
    QTest::keyClick(dock, Qt::Key_C);
    QTest::mouseClick(dock->findChild<QPushButton*>(QStringLiteral("stepperFinish")), Qt::LeftButton);
    QCOMPARE(f.sim->currentStep(), 34);
    QCOMPARE(f.sim->stateHash(), recorded);
}

void TestSolverStepper::verletHasNoRows() {
    SimulatingWindow f = openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim);
    phys::WorldSettings settings = f.sim->settings();
    settings.solver = phys::SolverKind::Verlet;
    QVERIFY(f.sim->setSettings(settings));
    auto* dock = f.window->findChild<SolverStepperDock*>(QStringLiteral("solverStepperDock"));
    QVERIFY(dock);
    QVERIFY(!dock->start());
    QVERIFY(!dock->isActive());
    QVERIFY(
        dock->findChild<QLabel*>(QStringLiteral("stepperStatus"))->text().contains(QStringLiteral("Verlet")));
    QVERIFY(!dock->findChild<QPushButton*>(QStringLiteral("stepperNextRow"))->isEnabled());
}

// Issue 12 D8: left open in Edit mode, the (empty) stepper took half of the Walkthrough's column and cut its
// text. It leaves with Simulate mode, the Walkthrough gets the column back, and it returns on the next Simulate.
void TestSolverStepper::leavesWithSimulateModeAndComesBack() {
    SimulatingWindow f = openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim);
    f.sim->stepForward();
    auto* dock = f.window->findChild<SolverStepperDock*>(QStringLiteral("solverStepperDock"));
    QVERIFY(dock);
    QTest::keyClick(f.window.get(), Qt::Key_I, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(dock->isActive());
    QCoreApplication::processEvents();
    QVERIFY(dock->isVisible());
    f.ui->simulateAction()->trigger(); // F5: back to Edit mode
    QVERIFY(!f.sim->isSimulating());
    QCoreApplication::processEvents();
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->isActive());
    // The Walkthrough, shown in Edit mode, has its column to itself: no dock of the right column is open
    // beside it.
    auto* walkthrough = f.window->findChild<QDockWidget*>(QStringLiteral("WalkthroughDock"));
    QVERIFY(walkthrough);
    walkthrough->show();
    walkthrough->raise();
    QCoreApplication::processEvents();
    for (QDockWidget* other : f.window->findChildren<QDockWidget*>()) {
        if (other != walkthrough && other->isVisible() && !other->isFloating()) {
            QVERIFY2(f.window->dockWidgetArea(other) != Qt::RightDockWidgetArea,
                     qPrintable(other->objectName() + QStringLiteral(" shares the Walkthrough's column")));
        }
    }
    f.ui->simulateAction()->trigger(); // F5 again: the stepper comes back, ready for a new walk
    QVERIFY(f.sim->isSimulating());
    QCoreApplication::processEvents();
    QVERIFY(!dock->isHidden());
}

QTEST_MAIN(TestSolverStepper)
#include "tst_solver_stepper.moc"
