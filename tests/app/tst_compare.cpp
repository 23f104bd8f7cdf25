/// @file tst_compare.cpp
/// Issue 15's compare mode on the real MainWindow: "Compare Solvers..." opens the dialog, its rows become the
/// configurations; each configuration's recorded (drawn) states equal a plain World run with its settings,
/// bit for bit, also when the configurations run at different step rates; step back and the scrubber move
/// every configuration together; the table shows each configuration's row (the same cells as an independent
/// tally gives); the Graphs dock draws one line per configuration; leaving gives back the single run. The
/// clock is external (the tests step with the keys and actions): nothing depends on timing.

#include "app_test_util.h"
#include "compare_dialog.h"
#include "compare_table.h"
#include "compare_ui.h"
#include "compare_view.h"
#include "graph_dock.h"
#include "quantity_plot.h"
#include "timeline_scrubber.h"

#include "physics/world.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTableWidget>
#include <QTest>
#include <QWheelEvent>

#include <cmath>
#include <cstring>

using namespace cl;

namespace {

/// A plain run of one configuration: a World built from the scene's bodies under `settings`, stepped with
/// World::step only, and its state hash after each step (index = step).
struct PlainRun {
    std::unique_ptr<phys::World> world;
    std::unique_ptr<CompareTally> tally;
    std::vector<std::uint64_t> hashes;
    std::vector<std::vector<phys::Transform>> poses;

    PlainRun(const std::vector<phys::BodyDef>& bodies, const phys::WorldSettings& settings) {
        world = std::make_unique<phys::World>(settings);
        for (const phys::BodyDef& def : bodies) {
            [[maybe_unused]] auto id = world->createBody(def);
        }
        tally = std::make_unique<CompareTally>(*world);
        record();
    }
    void stepTo(std::int64_t step) {
        while (static_cast<std::int64_t>(hashes.size()) <= step) {
            tally->addStep(world->step(), 0.0);
            record();
        }
    }
    void record() {
        hashes.push_back(world->stateHash());
        std::vector<phys::BodyState> states;
        world->bodyStates(states);
        std::vector<phys::Transform> xf;
        for (const phys::BodyState& s : states) {
            xf.push_back(s.xf);
        }
        poses.push_back(std::move(xf));
    }
};

bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// Four configurations: the soft step, Baumgarte with 4 iterations, Verlet, and push-out at 120 Hz (the clock
/// then ticks at 120 Hz and the others step every other tick).
std::vector<CompareConfig> fourConfigs(const phys::WorldSettings& base) {
    std::vector<CompareConfig> configs = comparePresets(base);
    configs[1].settings.iterations = 4;
    configs[1].name = QStringLiteral("Baumgarte, 4 iterations");
    configs[2].settings.timeStep = 1.0 / 120.0;
    configs[2].name = QStringLiteral("Push-out, 120 Hz");
    return configs;
}

struct Fixture {
    QTemporaryDir dir;
    cltest::SimulatingWindow f;
    CompareUi* compare = nullptr;
    std::vector<phys::BodyDef> bodies;
};

bool open(Fixture& x) {
    cltest::isolateAppState(x.dir);
    x.f = cltest::openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1200, 800);
    if (!x.f.sim) {
        return false;
    }
    x.compare = x.f.window->findChild<CompareUi*>();
    x.bodies = x.f.window->document()->scene().def.bodies;
    return x.compare != nullptr;
}

/// Checks every configuration's frame at the tick shown against its plain run, bit for bit.
void checkAgainstPlain(const CompareUi& compare, std::vector<PlainRun>& plain) {
    const CompareRun& run = *compare.run();
    for (int c = 0; c < run.count(); ++c) {
        const std::int64_t step = run.stepAt(c, run.tick());
        plain[static_cast<std::size_t>(c)].stepTo(step);
        const SimFrame* frame = run.frame(c);
        QVERIFY(frame);
        QCOMPARE(frame->step, step);
        QCOMPARE(frame->hash, plain[static_cast<std::size_t>(c)].hashes[static_cast<std::size_t>(step)]);
        const std::vector<phys::Transform>& xf =
            plain[static_cast<std::size_t>(c)].poses[static_cast<std::size_t>(step)];
        QCOMPARE(frame->bodies.size(), xf.size());
        for (std::size_t i = 0; i < xf.size(); ++i) {
            QVERIFY(sameBits(frame->bodies[i].xf.p.x, xf[i].p.x));
            QVERIFY(sameBits(frame->bodies[i].xf.p.y, xf[i].p.y));
            QVERIFY(sameBits(frame->bodies[i].xf.q.c, xf[i].q.c));
            QVERIFY(sameBits(frame->bodies[i].xf.q.s, xf[i].q.s));
        }
    }
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private slots:
    /// The Simulation panel's button opens the dialog with the four presets; a row's settings edited in the
    /// dialog and a row removed make the run's configurations.
    void dialogStartsCompareMode() {
        Fixture x;
        QVERIFY(open(x));
        auto* button = x.f.ui->dock()->findChild<QPushButton*>(QStringLiteral("simCompareButton"));
        QVERIFY(button);
        QVERIFY(button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        CompareDialog* dialog = x.compare->dialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->rowCount(), 4);
        auto* iterations = dialog->findChild<QSpinBox*>(QStringLiteral("compareIterations2"));
        QVERIFY(iterations);
        iterations->setValue(6);
        // Contact recycling, on as in the run, unticked for the Baumgarte row by a click.
        auto* recycle = dialog->findChild<QCheckBox*>(QStringLiteral("compareRecycleContacts2"));
        QVERIFY(recycle);
        QVERIFY(recycle->isChecked());
        // On its indicator: the box has no text, and the grid's column may be wider than the indicator.
        QStyleOptionButton option;
        option.initFrom(recycle);
        const QRect indicator =
            recycle->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, recycle);
        QTest::mouseClick(recycle, Qt::LeftButton, Qt::NoModifier, indicator.center());
        QVERIFY(!recycle->isChecked());
        dialog->removeRow(3); // Verlet
        QCOMPARE(dialog->rowCount(), 3);
        auto* box = dialog->findChild<QDialogButtonBox*>();
        QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QVERIFY(x.compare->isActive());
        const CompareRun& run = *x.compare->run();
        QCOMPARE(run.count(), 3);
        const std::vector<CompareConfig> presets = comparePresets(x.f.sim->settings());
        QCOMPARE(run.config(0).settings, presets[0].settings);
        phys::WorldSettings baumgarte = presets[1].settings;
        baumgarte.iterations = 6;
        baumgarte.recycleContacts = false;
        QCOMPARE(run.config(1).settings, baumgarte);
        QCOMPARE(run.config(2).settings, presets[2].settings);
        QVERIFY(x.compare->view()->isVisible());
        QVERIFY(x.compare->dock()->isVisible());
        // The single run's transport is off meanwhile; compare mode's is on.
        QVERIFY(!x.f.ui->stepAction()->isEnabled());
        QVERIFY(x.compare->stepAction()->isEnabled());
    }

    /// "Load Configuration File..." reads the CLI's format over the run's settings; a bad value is refused
    /// with the key named, and no row is added.
    void dialogLoadsConfigurationFiles() {
        Fixture x;
        QVERIFY(open(x));
        x.compare->compareAction()->trigger();
        CompareDialog* dialog = x.compare->dialog();
        QVERIFY(dialog);
        const QString good = x.dir.filePath(QStringLiteral("verlet4.json"));
        const QString bad = x.dir.filePath(QStringLiteral("bad.json"));
        for (const auto& [file, text] :
             {std::pair{good, QByteArray(R"({"solver": "verlet", "iterations": 4, "gravity": [0, -5],
                                             "recycleContacts": false})")},
              std::pair{bad, QByteArray(R"({"iterations": "many"})")}}) {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text);
        }
        QVERIFY(dialog->addFile(good));
        QCOMPARE(dialog->rowCount(), 5);
        QString error;
        QVERIFY(!dialog->addFile(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("iterations")), qPrintable(error));
        QCOMPARE(dialog->rowCount(), 5);
        const std::vector<CompareConfig> configs = dialog->configs();
        phys::WorldSettings expected = x.f.sim->settings();
        expected.solver = phys::SolverKind::Verlet;
        expected.iterations = 4;
        expected.gravity = {0.0, -5.0};
        expected.recycleContacts = false;
        QVERIFY(!dialog->findChild<QCheckBox*>(QStringLiteral("compareRecycleContacts5"))->isChecked());
        QCOMPARE(configs[4].name, QStringLiteral("verlet4"));
        QCOMPARE(configs[4].settings, expected); // the keys the rows do not show are kept
        dialog->accept();
        QCOMPARE(x.compare->run()->count(), 5);
        QCOMPARE(x.compare->run()->config(4).settings, expected);
    }

    /// Every configuration's recorded frame (what the view draws) equals a plain World run with its settings,
    /// bit for bit, after stepping with the Right key; with a 120 Hz configuration the others step every
    /// other tick.
    void statesEqualPlainRuns() {
        Fixture x;
        QVERIFY(open(x));
        x.compare->start(fourConfigs(x.f.sim->settings()));
        std::vector<PlainRun> plain;
        for (int c = 0; c < x.compare->run()->count(); ++c) {
            plain.emplace_back(x.bodies, x.compare->run()->config(c).settings);
        }
        checkAgainstPlain(*x.compare, plain);
        for (int i = 0; i < 40; ++i) {
            QTest::keyClick(x.f.window.get(), Qt::Key_Right);
        }
        QCOMPARE(x.compare->run()->tick(), 40);
        QCOMPARE(x.compare->run()->frame(0)->step, 20); // 60 Hz on a 120 Hz clock
        QCOMPARE(x.compare->run()->frame(2)->step, 40);
        checkAgainstPlain(*x.compare, plain);
        // The Timelines themselves are at the head.
        for (int c = 0; c < x.compare->run()->count(); ++c) {
            QCOMPARE(x.compare->run()->timeline(c).world().stateHash(),
                     plain[static_cast<std::size_t>(c)].hashes.back());
        }
        // Playing on the clock takes the same states.
        x.compare->setExternalClock(true);
        x.compare->play();
        x.compare->advance(x.compare->run()->tickSeconds() * 3.5);
        QCOMPARE(x.compare->run()->tick(), 43);
        checkAgainstPlain(*x.compare, plain);
        // The tick after is stepped ahead while this one is drawn; pausing takes it (the head is one on) and
        // it equals the plain runs too.
        QVERIFY(x.compare->run()->isStepping());
        x.compare->pause();
        QVERIFY(!x.compare->run()->isStepping());
        QCOMPARE(x.compare->run()->headTick(), 44);
        QCOMPARE(x.compare->run()->tick(), 43);
        QTest::keyClick(x.f.window.get(), Qt::Key_Right);
        QCOMPARE(x.compare->run()->tick(), 44);
        checkAgainstPlain(*x.compare, plain);
        for (int c = 0; c < x.compare->run()->count(); ++c) {
            QCOMPARE(x.compare->run()->timeline(c).world().stateHash(),
                     plain[static_cast<std::size_t>(c)]
                         .hashes[static_cast<std::size_t>(x.compare->run()->stepAt(c, 44))]);
        }
    }

    /// Step back (Left) and the scrubber move every configuration together, to recorded frames equal to the
    /// plain runs; stepping forward again inside the recorded ticks steps nothing.
    void stepBackAndScrubMoveTogether() {
        Fixture x;
        QVERIFY(open(x));
        x.compare->start(fourConfigs(x.f.sim->settings()));
        std::vector<PlainRun> plain;
        for (int c = 0; c < x.compare->run()->count(); ++c) {
            plain.emplace_back(x.bodies, x.compare->run()->config(c).settings);
        }
        for (int i = 0; i < 30; ++i) {
            x.compare->stepAction()->trigger();
        }
        for (int i = 0; i < 5; ++i) {
            QTest::keyClick(x.f.window.get(), Qt::Key_Left);
        }
        QCOMPARE(x.compare->run()->tick(), 25);
        QCOMPARE(x.compare->run()->headTick(), 30);
        checkAgainstPlain(*x.compare, plain);

        TimelineScrubber* scrubber = x.compare->scrubber();
        QVERIFY(scrubber->isVisible());
        QCOMPARE(scrubber->last(), 30);
        QCOMPARE(scrubber->current(), 25);
        const QPoint at(static_cast<int>(std::lround(scrubber->xOfStep(10))), scrubber->height() / 2);
        QTest::mouseClick(scrubber, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(x.compare->run()->tick(), scrubber->stepAtX(at.x()));
        QCOMPARE(scrubber->current(), x.compare->run()->tick());
        checkAgainstPlain(*x.compare, plain);

        const std::int64_t before = x.compare->run()->tick();
        QTest::keyClick(x.f.window.get(), Qt::Key_Right);
        QCOMPARE(x.compare->run()->tick(), before + 1);
        QCOMPARE(x.compare->run()->headTick(), 30);
        for (int c = 0; c < x.compare->run()->count(); ++c) {
            QCOMPARE(x.compare->run()->timeline(c).step(), x.compare->run()->stepAt(c, 30));
        }
        checkAgainstPlain(*x.compare, plain);
    }

    /// The table's row per configuration: its name, and the cells an independent tally of the plain run gives
    /// (all but the step cost, a wall-clock time).
    void tableShowsEachConfiguration() {
        Fixture x;
        QVERIFY(open(x));
        x.compare->start(fourConfigs(x.f.sim->settings()));
        for (int i = 0; i < 50; ++i) {
            x.compare->stepForward();
        }
        x.compare->stepBack();
        const CompareRun& run = *x.compare->run();
        QTableWidget* table = x.compare->table();
        QVERIFY(table->isVisible());
        QCOMPARE(table->rowCount(), run.count());
        QCOMPARE(table->columnCount(), 1 + static_cast<int>(compareColumnTitles().size()));
        for (int c = 0; c < run.count(); ++c) {
            QCOMPARE(x.compare->cellText(c, 0), run.config(c).name);
            PlainRun plain(x.bodies, run.config(c).settings);
            plain.stepTo(run.stepAt(c, run.tick()));
            const QStringList expected = compareRowCells(plain.tally->row(*plain.world));
            for (int k = 0; k + 1 < expected.size(); ++k) {
                QCOMPARE(x.compare->cellText(c, k + 1), expected[k]);
            }
            QVERIFY(x.compare->cellText(c, 5).toInt() > 0); // the pyramid's blocks touch
        }
    }

    /// The Graphs dock draws one line per configuration, with the recorded values; leaving compare mode gives
    /// back the single run (its lines, its transport, the canvas).
    void graphsAndLeave() {
        Fixture x;
        QVERIFY(open(x));
        GraphDock* graphs = x.f.ui->graphDock();
        graphs->show();
        x.compare->start(fourConfigs(x.f.sim->settings()));
        for (int i = 0; i < 12; ++i) {
            x.compare->stepForward();
        }
        const CompareRun& run = *x.compare->run();
        graphs->setQuantity(GraphDock::Quantity::SceneEnergy);
        graphs->refresh();
        QCOMPARE(static_cast<int>(graphs->plot()->series().size()), run.count());
        for (int c = 0; c < run.count(); ++c) {
            const PlotSeries& line = graphs->plot()->series()[static_cast<std::size_t>(c)];
            QVERIFY(line.name.startsWith(run.config(c).name));
            QCOMPARE(line.color, compareColor(c));
            QCOMPARE(static_cast<std::int64_t>(line.v.size()), run.frame(c)->step + 1);
            QCOMPARE(line.v.back(), run.frame(c)->kineticEnergy + run.frame(c)->potentialEnergy);
        }
        // The CSV export carries every configuration's samples, read back to the bit.
        {
            const QStringList rows = graphs->csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            QVERIFY(rows.front().startsWith(QStringLiteral("line,t_s,")));
            std::size_t samples = 0;
            for (const PlotSeries& line : graphs->plot()->series()) {
                samples += line.t.size();
            }
            QCOMPARE(static_cast<std::size_t>(rows.size()) - 1, samples);
            int row = 1;
            for (const PlotSeries& line : graphs->plot()->series()) {
                for (std::size_t i = 0; i < line.t.size(); ++i, ++row) {
                    const QStringList cells = rows[row].split(QLatin1Char(','));
                    QCOMPARE(cells.size(), 3);
                    QString name = line.name; // commas and quotes cannot stand in a CSV cell
                    name.replace(QLatin1Char(','), QLatin1Char(' '))
                        .replace(QLatin1Char('"'), QLatin1Char('\''));
                    QCOMPARE(cells[0], name);
                    QCOMPARE(cells[1].toDouble(), line.t[i]);
                    QCOMPARE(cells[2].toDouble(), line.v[i]);
                }
            }
        }
        // A body clicked on the compare view is selected: one line of it per configuration.
        const int slot = x.f.window->document()->bodyCount() - 1;
        const quint64 key = x.f.window->document()->keyAt(slot);
        graphs->setQuantity(GraphDock::Quantity::PositionY);
        CompareView* view = x.compare->view();
        const QPoint onBody = view->viewTransform()
                                  .toView(run.frame(0)->bodies[static_cast<std::size_t>(slot)].center)
                                  .toPoint();
        QCOMPARE(view->bodyAt(onBody), slot);
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, onBody);
        QCOMPARE(x.f.window->canvas()->selection(), QList<quint64>{key});
        QCOMPARE(static_cast<int>(graphs->plot()->series().size()), run.count());
        for (int c = 0; c < run.count(); ++c) {
            QCOMPARE(graphs->plot()->series()[static_cast<std::size_t>(c)].v.back(),
                     run.frame(c)->bodies[static_cast<std::size_t>(slot)].xf.p.y);
        }

        const QString firstName = run.config(0).name;
        x.compare->leaveAction()->trigger();
        QVERIFY(!x.compare->isActive());
        QVERIFY(!x.compare->view()->isVisible());
        QVERIFY(!x.compare->dock()->isVisible());
        QVERIFY(x.f.ui->stepAction()->isEnabled());
        QVERIFY(!x.compare->stepAction()->isEnabled());
        QCOMPARE(x.f.sim->currentStep(), 0);
        QTest::keyClick(x.f.window.get(), Qt::Key_Right); // the single run's step again
        QCOMPARE(x.f.sim->currentStep(), 1);
        graphs->refresh();
        QCOMPARE(graphs->plot()->series().size(), std::size_t{1}); // the selected body, from the single run
        QVERIFY(!graphs->plot()->series()[0].name.startsWith(firstName));
    }

    /// Leaving Simulate mode (F5) while playing ends the comparison; Edit mode keeps the single run's
    /// transport off.
    void editModeEndsCompareMode() {
        Fixture x;
        QVERIFY(open(x));
        x.compare->start(fourConfigs(x.f.sim->settings()));
        x.compare->setExternalClock(true);
        x.compare->play();
        x.compare->advance(x.compare->run()->tickSeconds());
        QVERIFY(x.compare->run()->isStepping());
        QTest::keyClick(x.f.window.get(), Qt::Key_F5);
        QVERIFY(!x.f.sim->isSimulating());
        QVERIFY(!x.compare->isActive());
        QVERIFY(!x.compare->view()->isVisible());
        for (QAction* action : {x.f.ui->playAction(), x.f.ui->stepAction(), x.f.ui->stepBackAction(),
                                x.compare->playAction(), x.compare->stepAction()}) {
            QVERIFY2(!action->isEnabled(), qPrintable(action->objectName()));
        }
        QTest::keyClick(x.f.window.get(), Qt::Key_F5); // Simulate mode again: the single run's transport
        QVERIFY(x.f.sim->isSimulating());
        QVERIFY(x.f.ui->stepAction()->isEnabled());
        QVERIFY(!x.compare->isActive());
    }

    /// Overlaid: one pane; split: a titled pane per configuration (at most four), zoomed and panned together.
    void splitPanesShareTheView() {
        Fixture x;
        QVERIFY(open(x));
        std::vector<CompareConfig> six = fourConfigs(x.f.sim->settings());
        six.push_back(six[0]);
        six.push_back(six[1]);
        x.compare->start(six);
        CompareView* view = x.compare->view();
        QCOMPARE(view->paneCount(), 1);
        x.compare->layoutChoice()->setCurrentIndex(1);
        QCOMPARE(view->layout(), CompareView::Layout::Split);
        QCOMPARE(view->paneCount(), 4);
        for (int i = 0; i < 4; ++i) {
            for (int j = i + 1; j < 4; ++j) {
                QVERIFY(!view->paneRect(i).intersects(view->paneRect(j)));
            }
            QCOMPARE(view->paneRect(i).size(), view->paneRect(0).size());
        }
        const double zoom = view->viewTransform().pixelsPerMetre();
        const QPointF at = view->paneRect(3).center();
        QWheelEvent wheel(at, view->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &wheel);
        QVERIFY(view->viewTransform().pixelsPerMetre() > zoom);
        // A drag pans every pane (one view): the content follows the mouse to the right.
        const phys::Vec2 centre = view->viewTransform().centre();
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
        QTest::mouseMove(view, QPoint(140, 100));
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, QPoint(140, 100));
        QVERIFY(view->viewTransform().centre().x < centre.x);
        QCOMPARE(view->viewTransform().centre().y, centre.y);
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
