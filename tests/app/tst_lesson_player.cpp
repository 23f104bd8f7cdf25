/// @file tst_lesson_player.cpp
/// The Lesson dock on the real MainWindow, driven by QTest mouse and key events: every built-in lesson is
/// opened from File > Built-in Lessons and played to its end with Next; in each lesson one question is
/// answered right and one wrong by clicking the choices (or typing the number) and Commit. Before the
/// commit a student sees no answer (the Walkthrough dock is closed, the engine's answer hidden); after it
/// the verdict names the engine's answer and the Walkthrough dock shows the step it comes from. Simulation
/// steps drive Simulate mode to the time asked; free-text answers are typed and graded by keyword; a hostile
/// lesson changes nothing and names the place.

#include "app_test_util.h"
#include "lesson.h"
#include "lesson_dock.h"
#include "lesson_drag.h"
#include "lesson_presenter.h"
#include "lesson_questions.h"
#include "walkthrough_dock.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineF>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace cl;

namespace {

QAbstractButton* choiceButton(LessonDock& dock, int index) {
    return dock.findChild<QAbstractButton*>(QStringLiteral("lessonChoice%1").arg(index));
}

/// Clicks a choice on its indicator (a check box takes clicks on its indicator and label only, and the
/// layout makes it wider than those).
void clickChoice(QAbstractButton* button) {
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(8, button->height() / 2));
}

void click(QWidget* widget) {
    QVERIFY(widget);
    QTest::mouseClick(widget, Qt::LeftButton, {}, widget->rect().center());
}

bool isCorrect(const LessonQuestionEval& eval, int index) {
    return std::find(eval.correct.begin(), eval.correct.end(), index) != eval.correct.end();
}

} // namespace

class TestLessonPlayer : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_stateDir;

    /// Answers the current question through the dock's widgets: right or wrong on purpose.
    void answer(LessonDock& dock, bool right) {
        const LessonQuestionEval& eval = dock.currentEvaluation();
        QVERIFY2(eval.problem.isEmpty(), qPrintable(eval.problem));
        if (eval.numeric) {
            auto* number = dock.findChild<QLineEdit*>(QStringLiteral("lessonNumber"));
            QVERIFY(number && number->isVisible());
            number->clear();
            const double value = right ? eval.value : eval.value + 10.0 * eval.tolerance + 0.5;
            QTest::keyClicks(number, QString::number(value, 'f', 4));
        } else if (eval.multiSelect) {
            const int n = static_cast<int>(eval.choices.size());
            if (right) {
                for (const int k : eval.correct) {
                    clickChoice(choiceButton(dock, k));
                }
            } else {
                // Pick a wrong one if there is one, else leave out one of the right ones.
                int wrong = -1;
                for (int k = 0; k < n && wrong < 0; ++k) {
                    wrong = isCorrect(eval, k) ? -1 : k;
                }
                clickChoice(choiceButton(dock, wrong >= 0 ? wrong : eval.correct.front()));
            }
        } else {
            int pick = right ? eval.correct.front() : -1;
            for (int k = 0; !right && k < static_cast<int>(eval.choices.size()); ++k) {
                if (!isCorrect(eval, k)) {
                    pick = k;
                    break;
                }
            }
            QVERIFY(pick >= 0);
            clickChoice(choiceButton(dock, pick));
            QVERIFY(choiceButton(dock, pick)->isChecked());
        }
        auto* freeText = dock.findChild<QPlainTextEdit*>(QStringLiteral("lessonFreeText"));
        QVERIFY(freeText);
        QCOMPARE(freeText->isVisible(), eval.freeText);
        if (eval.freeText) {
            // The sentence: every keyword when answering right (the choice alone is not enough when the lesson
            // grades by keywords), none of them when answering wrong.
            freeText->setFocus();
            QTest::keyClicks(freeText, right ? QStringLiteral("Because of ") +
                                                   eval.keywords.join(QStringLiteral(" and "))
                                             : QStringLiteral("No idea"));
        }
        click(dock.findChild<QPushButton*>(QStringLiteral("lessonCommit")));
        if (eval.freeText) {
            QVERIFY(freeText->isReadOnly());
            QVERIFY(dock.verdictText().contains(freeText->toPlainText()));
            QCOMPARE(dock.committedText(), freeText->toPlainText());
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_stateDir.isValid());
        cltest::isolateAppState(m_stateDir);
    }

    void builtInMenuListsThePack() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* menu = window->findChild<QMenu*>(QStringLiteral("menuLessons"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), LessonDock::builtInLessons().size());
        QVERIFY(LessonDock::builtInLessons().size() >= 3);
        QVERIFY(window->findChild<QAction*>(QStringLiteral("actionOpenLesson")));
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock);
        QVERIFY(!dock->isVisible()); // until a lesson is opened
    }

    void playEveryLesson_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : LessonDock::builtInLessons()) {
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        }
    }
    void playEveryLesson() {
        QFETCH(QString, path);
        auto window = cltest::makeTestWindow(1280, 800);
        QApplication::setActiveWindow(window.get());
        auto* dock = window->findChild<LessonDock*>();
        auto* walkthrough = window->findChild<WalkthroughDock*>();
        auto* simulation = window->findChild<SimulationUi*>();
        QVERIFY(dock && walkthrough && simulation);
        simulation->controller()->setExternalClock(true);
        QAction* open =
            window->findChild<QAction*>(QStringLiteral("actionLesson_") + QFileInfo(path).baseName());
        QVERIFY(open);
        open->trigger();
        QVERIFY(dock->isVisible());
        QCOMPARE(dock->currentStep(), 0);
        const auto loaded = loadLessonFile(path);
        QVERIFY(std::holds_alternative<Lesson>(loaded));
        const Lesson& lesson = std::get<Lesson>(loaded);
        QCOMPARE(dock->stepCount(), static_cast<int>(lesson.steps.size()));
        QVERIFY(window->document()->scene() == lesson.scene);
        // Student view: the Walkthrough dock (its table holds the answers) stays closed until a step opens it.
        QCOMPARE(walkthrough->isVisible(), lesson.steps.front().type == LessonStepType::Walkthrough ||
                                               lesson.steps.front().walkthrough.has_value());

        auto* next = dock->findChild<QPushButton*>(QStringLiteral("lessonNext"));
        auto* back = dock->findChild<QPushButton*>(QStringLiteral("lessonBack"));
        auto* score = dock->findChild<QLabel*>(QStringLiteral("lessonScore"));
        auto* engineAnswer = dock->findChild<QLabel*>(QStringLiteral("lessonEngineAnswer"));
        auto* verdict = dock->findChild<QLabel*>(QStringLiteral("lessonVerdict"));
        QVERIFY(next && back && score && engineAnswer && verdict);
        QVERIFY(!back->isEnabled());

        int answered = 0;
        int right = 0;
        for (int i = 0; i < dock->stepCount(); ++i) {
            QCOMPARE(dock->currentStep(), i);
            const LessonStep& step = lesson.steps[static_cast<std::size_t>(i)];
            if (step.type == LessonStepType::Walkthrough) {
                QVERIFY(walkthrough->isVisible());
                QCOMPARE(walkthrough->indexA(), step.walkthrough->bodyA);
                QCOMPARE(walkthrough->indexB(), step.walkthrough->bodyB);
                QCOMPARE(walkthrough->currentStep(), std::max(0, step.walkthrough->step - 1));
            }
            if (step.type == LessonStepType::Simulation) {
                SimulationController* sim = simulation->controller();
                if (step.action == LessonSimulationAction::Run) {
                    QVERIFY(simulation->simulateAction()->isChecked());
                    const double dt = sim->settings().timeStep;
                    QVERIFY(std::abs(sim->currentTime() - step.until) <= 0.5 * dt + 1e-12);
                } else if (step.action == LessonSimulationAction::Set) {
                    phys::WorldSettings expected = sim->settings();
                    QCOMPARE(applyLessonSetting(expected, step.setting, step.value), QString());
                    QCOMPARE(sim->settings().continuous, expected.continuous);
                    QCOMPARE(sim->settings().solver, expected.solver);
                    QCOMPARE(sim->settings().response, expected.response);
                    QCOMPARE(sim->settings().contactMethod, expected.contactMethod);
                } else {
                    QVERIFY(!sim->isPlaying());
                }
            }
            if (step.type == LessonStepType::Question) {
                // Student view: nothing gives the answer away before the commit.
                QVERIFY(!dock->currentAnswered());
                QVERIFY(!engineAnswer->isVisible());
                QVERIFY(!walkthrough->isVisible());
                QVERIFY(verdict->text().isEmpty());
                // The dock asks the engine, on the scene as it is.
                const LessonQuestionEval expected =
                    evaluateLessonQuestion(step, window->document()->scene().def);
                QCOMPARE(dock->currentEvaluation().correct, expected.correct);
                // First question right, second wrong, the rest right.
                const bool answerRight = answered != 1;
                answer(*dock, answerRight);
                QVERIFY2(dock->currentAnswered(), qPrintable(verdict->text()));
                ++answered;
                right += answerRight;
                QVERIFY2(verdict->text().startsWith(answerRight ? QStringLiteral("Right.")
                                                                : QStringLiteral("Not quite.")),
                         qPrintable(verdict->text()));
                QVERIFY(verdict->text().contains(expected.answerText));
                QCOMPARE(score->text(), QStringLiteral("Score %1 / %2").arg(right).arg(answered));
                if (expected.revealStep >= 0) {
                    // The reveal: the Walkthrough dock at the step the answer comes from, with its explanation.
                    QVERIFY(walkthrough->isVisible());
                    QCOMPARE(walkthrough->mode(), expected.mode);
                    QCOMPARE(walkthrough->currentStep(), expected.revealStep);
                    QVERIFY(verdict->text().contains(walkthrough->explanation()));
                }
                // A second click changes nothing: the answer is committed.
                if (!expected.numeric) {
                    clickChoice(choiceButton(*dock, 0));
                }
                QCOMPARE(score->text(), QStringLiteral("Score %1 / %2").arg(right).arg(answered));
            }
            if (i + 1 < dock->stepCount()) {
                QVERIFY(next->isEnabled());
                click(next);
            } else {
                QVERIFY(!next->isEnabled());
            }
        }
        QVERIFY2(answered >= 2, "each lesson asks at least two questions");
        QCOMPARE(dock->score(), right);
        QCOMPARE(dock->answeredCount(), answered);

        // Back to an answered question: its verdict is still there, not asked again.
        int lastQuestion = -1;
        for (int i = 0; i < dock->stepCount(); ++i) {
            if (lesson.steps[static_cast<std::size_t>(i)].type == LessonStepType::Question) {
                lastQuestion = i;
            }
        }
        while (dock->currentStep() > lastQuestion) {
            click(back);
        }
        QVERIFY(dock->currentAnswered());
        QVERIFY(!verdict->text().isEmpty());
        QVERIFY(!dock->findChild<QPushButton*>(QStringLiteral("lessonCommit"))->isVisible());
    }

    /// The tunnelling lesson's simulation steps: continuous off, run to 0.1 s at 60 m/s. The ball starts at
    /// x = -3.45 m and moves 1 m per step, so after 6 steps it is at 2.55 m, through the 0.1 m wall.
    /// "worker": the steps go to the simulation's worker thread, as a big scene's do, and are not waited for
    /// (as when each takes longer than the controller's wait): the run must still reach its time.
    void tunnellingRunsThrough_data() {
        QTest::addColumn<bool>("worker");
        QTest::newRow("stepped in place") << false;
        QTest::newRow("stepped on the worker, not waited for") << true;
    }
    void tunnellingRunsThrough() {
        QFETCH(bool, worker);
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        auto* simulation = window->findChild<SimulationUi*>();
        simulation->controller()->setExternalClock(true);
        if (worker) {
            simulation->controller()->setSyncShapeCount(0);
            simulation->controller()->setStepWait(0.0);
        }
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/09-tunnelling.json")));
        int run = -1;
        for (int i = 0; i < dock->stepCount(); ++i) {
            const LessonStep& step = dock->lesson().steps[static_cast<std::size_t>(i)];
            if (step.type == LessonStepType::Simulation && step.action == LessonSimulationAction::Run) {
                run = i;
                break;
            }
        }
        QVERIFY(run > 0);
        for (int i = 0; i < run; ++i) {
            click(dock->findChild<QPushButton*>(QStringLiteral("lessonNext")));
        }
        const SimulationController* sim = simulation->controller();
        QVERIFY(!sim->settings().continuous);
        QVERIFY(sim->world());
        const phys::World& world = *sim->world();
        const phys::BodyId ballId = world.bodyIds().front();
        QCOMPARE(sim->currentStep(), std::int64_t(6));
        QVERIFY(std::abs(world.position(ballId).x - 2.55) < 1e-9);
        QCOMPARE(sim->stepWait(), worker ? 0.0 : SimulationController::kStepWaitSeconds); // given back
    }

    void teacherViewShowsNotesAndAnswers() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/03-sat-and-the-mtv.json")));
        auto* notes = dock->findChild<QLabel*>(QStringLiteral("lessonTeacherNotes"));
        auto* engineAnswer = dock->findChild<QLabel*>(QStringLiteral("lessonEngineAnswer"));
        QVERIFY(!notes->isVisible()); // student view
        click(dock->findChild<QCheckBox*>(QStringLiteral("lessonTeacherView")));
        QVERIFY(dock->teacherView());
        QVERIFY(notes->isVisible());
        QVERIFY(notes->text().contains(dock->lesson().steps[0].teacherNotes));
        // Go to the first question: the teacher sees the engine's answer before anyone commits.
        while (dock->lesson().steps[static_cast<std::size_t>(dock->currentStep())].type !=
               LessonStepType::Question) {
            click(dock->findChild<QPushButton*>(QStringLiteral("lessonNext")));
        }
        QVERIFY(engineAnswer->isVisible());
        QVERIFY(engineAnswer->text().contains(dock->currentEvaluation().answerText));
        QVERIFY(!dock->currentAnswered());
    }

    /// An edit to the scene while a question is open changes the engine's answer in the dock.
    void editChangesTheAnswer() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/03-sat-and-the-mtv.json")));
        while (dock->lesson().steps[static_cast<std::size_t>(dock->currentStep())].kind !=
                   LessonQuestionKind::MtvDirection ||
               dock->lesson().steps[static_cast<std::size_t>(dock->currentStep())].type !=
                   LessonStepType::Question) {
            click(dock->findChild<QPushButton*>(QStringLiteral("lessonNext")));
        }
        const auto direction = [&] {
            const LessonQuestionEval& eval = dock->currentEvaluation();
            return eval.choices[static_cast<std::size_t>(eval.correct.front())].direction;
        };
        QVERIFY(direction().x > 0.5); // B sits to the upper right of A
        // Move B below A: the MTV now points down.
        Document* document = window->document();
        phys::BodyDef b = document->body(document->keyAt(1));
        b.position = {0.2, -1.2};
        b.angle = 0.0;
        document->replaceBody(document->keyAt(1), b);
        QVERIFY(direction().y < -0.999);
    }

    /// Edges and points are answered by clicking them on the canvas; the click picks, it does not move bodies.
    void answersByClickingTheCanvas() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/04-clipping.json")));
        QCoreApplication::processEvents(); // the deferred zoom to fit
        SceneCanvas* canvas = window->canvas();
        const Scene before = window->document()->scene();
        const auto goTo = [&](LessonQuestionKind kind) {
            for (int i = 0; i < dock->stepCount(); ++i) {
                const LessonStep& step = dock->lesson().steps[static_cast<std::size_t>(i)];
                if (step.type == LessonStepType::Question && step.kind == kind) {
                    dock->setStep(i);
                    return true;
                }
            }
            return false;
        };
        auto* verdict = dock->findChild<QLabel*>(QStringLiteral("lessonVerdict"));
        auto* commit = dock->findChild<QPushButton*>(QStringLiteral("lessonCommit"));

        // Reference edge: click a point 80% along it (away from the box).
        QVERIFY(goTo(LessonQuestionKind::ReferenceEdge));
        QVERIFY(dock->findChild<QLabel*>(QStringLiteral("lessonClickHint"))->isVisible());
        {
            const LessonQuestionEval& eval = dock->currentEvaluation();
            const LessonChoice& right = eval.choices[static_cast<std::size_t>(eval.correct.front())];
            const QPointF at = canvas->worldToViewport(right.start + (right.end - right.start) * 0.8);
            QCOMPARE(dock->choiceAt(at), eval.correct.front());
            QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, at.toPoint());
            QVERIFY(choiceButton(*dock, eval.correct.front())->isChecked());
        }
        click(commit);
        QVERIFY2(verdict->text().startsWith(QStringLiteral("Right.")), qPrintable(verdict->text()));

        // Kept points: click each kept point; a click on empty canvas picks nothing.
        QVERIFY(goTo(LessonQuestionKind::ClipKeptPoints));
        {
            const LessonQuestionEval& eval = dock->currentEvaluation();
            // The points the choices name are numbered on the scene ("Point 1 at ..." is "1" there), and
            // drawn: the canvas's pixels at each differ from the same view without the marks (review D-c).
            auto* marks = dock->findChild<LessonDragOverlay*>();
            QVERIFY(marks);
            QCOMPARE(marks->marks().size(), eval.choices.size());
            QVERIFY(eval.choices.size() >= 2);
            const QImage with = canvas->viewport()->grab().toImage();
            for (std::size_t i = 0; i < eval.choices.size(); ++i) {
                QCOMPARE(marks->marks()[i].text, QString::number(i + 1));
                QCOMPARE(marks->marks()[i].at.x, eval.choices[i].point.x);
                QCOMPARE(marks->marks()[i].at.y, eval.choices[i].point.y);
            }
            const std::vector<LessonDragOverlay::Mark> saved = marks->marks();
            marks->setMarks({});
            const QImage without = canvas->viewport()->grab().toImage();
            marks->setMarks(saved);
            for (const LessonDragOverlay::Mark& mark : saved) {
                const QPoint p = (canvas->worldToViewport(mark.at) * with.devicePixelRatio()).toPoint();
                QVERIFY(with.pixel(p) != without.pixel(p));
            }
            // One point 9 cm into the plate (its top is y = 0), the other 11 cm above it: a difference a
            // student sees, not the 2.4 mm the lesson's scene had.
            QCOMPARE(eval.correct.size(), std::size_t(1));
            for (const LessonChoice& choice : eval.choices) {
                QVERIFY2(std::abs(choice.point.y) > 0.05, qPrintable(QString::number(choice.point.y)));
            }
            QCOMPARE(dock->choiceAt(canvas->worldToViewport({-2.5, 2.0})), -1);
            for (const int k : eval.correct) {
                const QPointF at = canvas->worldToViewport(eval.choices[static_cast<std::size_t>(k)].point);
                QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, at.toPoint());
                QVERIFY(choiceButton(*dock, k)->isChecked());
            }
        }
        click(commit);
        QVERIFY2(verdict->text().startsWith(QStringLiteral("Right.")), qPrintable(verdict->text()));
        // The reveal draws its own labels where the numbers were (review v12c: "2" covered "-0.11 m").
        QVERIFY(dock->findChild<LessonDragOverlay*>()->marks().empty());
        // The clicks picked: no body moved or changed.
        QVERIFY(window->document()->scene() == before);
    }

    /// The MTV's direction and the depth answered by dragging on the canvas (many moves, as a hand does): the
    /// drag picks the direction and fills in the depth, draws its arrow, and moves no body.
    void answersByDraggingOnTheCanvas() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/03-sat-and-the-mtv.json")));
        QCoreApplication::processEvents(); // the deferred zoom to fit
        SceneCanvas* canvas = window->canvas();
        const Scene before = window->document()->scene();
        auto* verdict = dock->findChild<QLabel*>(QStringLiteral("lessonVerdict"));
        auto* commit = dock->findChild<QPushButton*>(QStringLiteral("lessonCommit"));
        auto* hint = dock->findChild<QLabel*>(QStringLiteral("lessonClickHint"));
        const auto goTo = [&](LessonQuestionKind kind) {
            for (int i = 0; i < dock->stepCount(); ++i) {
                const LessonStep& step = dock->lesson().steps[static_cast<std::size_t>(i)];
                if (step.type == LessonStepType::Question && step.kind == kind) {
                    dock->setStep(i);
                    return true;
                }
            }
            return false;
        };
        const auto drag = [&](phys::Vec2 from, phys::Vec2 to) {
            const QPoint a = canvas->worldToViewport(from).toPoint();
            const QPoint b = canvas->worldToViewport(to).toPoint();
            QTest::mousePress(canvas->viewport(), Qt::LeftButton, {}, a);
            for (int k = 1; k <= 12; ++k) {
                QTest::mouseMove(canvas->viewport(), a + (b - a) * k / 12);
            }
            QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, {}, b);
        };
        const phys::Vec2 centreB = before.def.bodies[1].position;

        QVERIFY(goTo(LessonQuestionKind::MtvDirection));
        QVERIFY(hint->isVisible() && hint->text().startsWith(QStringLiteral("Drag")));
        {
            const LessonQuestionEval& eval = dock->currentEvaluation();
            const int right = eval.correct.front();
            // 150 px the wrong way first (the student changes their mind), then the trace's way.
            const phys::Vec2 d = eval.choices[static_cast<std::size_t>(right)].direction;
            const double metres = 150.0 / canvas->pixelsPerMetre();
            drag(centreB, centreB - d * metres);
            QVERIFY(!choiceButton(*dock, right)->isChecked());
            drag(centreB, centreB + d * metres);
            QVERIFY(choiceButton(*dock, right)->isChecked());
        }
        click(commit);
        QVERIFY2(verdict->text().startsWith(QStringLiteral("Right.")), qPrintable(verdict->text()));

        QVERIFY(goTo(LessonQuestionKind::ContactDepth));
        QVERIFY(hint->isVisible() && hint->text().startsWith(QStringLiteral("Drag")));
        // A depth of centimetres is measured zoomed in, as a student would (the test window's canvas is small).
        for (int k = 0; k < 40 && canvas->pixelsPerMetre() < 150.0; ++k) {
            canvas->zoomIn();
        }
        QVERIFY(canvas->pixelsPerMetre() >= 150.0);
        {
            const LessonQuestionEval& eval = dock->currentEvaluation();
            const phys::Vec2 middle = canvas->viewportToWorld(QPointF(canvas->viewport()->rect().center()));
            drag(middle, middle + phys::Vec2{eval.value, 0.0});
            auto* number = dock->findChild<QLineEdit*>(QStringLiteral("lessonNumber"));
            const double measured = number->text().toDouble();
            // Whole pixels at each end: within a pixel and a half of the depth.
            QVERIFY2(std::abs(measured - eval.value) <= 1.5 / canvas->pixelsPerMetre(),
                     qPrintable(QStringLiteral("%1 vs %2").arg(measured).arg(eval.value)));
        }
        QVERIFY(window->findChild<LessonDragOverlay*>()->visible()); // the guess is drawn until the reveal
        click(commit);
        QVERIFY2(verdict->text().startsWith(QStringLiteral("Right.")), qPrintable(verdict->text()));
        QVERIFY(!window->findChild<LessonDragOverlay*>()->visible());
        // The reveal's drawing is in the view, though the student zoomed in to measure (review v12c: the
        // ruler ran off the view's right edge).
        {
            auto* walkthrough = window->findChild<WalkthroughDock*>();
            QVERIFY(walkthrough && walkthrough->isVisible());
            QVERIFY(OverlayPainter::drawingInView(walkthrough->walkthrough(), canvas->viewTransform(),
                                                  canvas->presentationScale()));
        }
        // The drags answered: no body moved.
        QVERIFY(window->document()->scene() == before);
    }

    /// Presenter mode: the teacher's window shows notes and the engine's answer while the main window stays in
    /// student view, and its Back/Next drive the lesson.
    void presenterWindow() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/03-sat-and-the-mtv.json")));
        click(dock->findChild<QPushButton*>(QStringLiteral("lessonPresenter")));
        LessonPresenter* presenter = dock->presenter();
        QVERIFY(presenter && presenter->isVisible());
        QVERIFY(presenter->isWindow());
        QVERIFY(presenter->notesText().contains(dock->lesson().steps[0].teacherNotes));
        QVERIFY(presenter->stepText().contains(QStringLiteral("step 1 of %1").arg(dock->stepCount())));
        QVERIFY(presenter->nextText().contains(dock->lesson().steps[1].text));
        auto* presenterNext = presenter->findChild<QPushButton*>(QStringLiteral("presenterNextButton"));
        while (dock->lesson().steps[static_cast<std::size_t>(dock->currentStep())].type !=
               LessonStepType::Question) {
            click(presenterNext);
        }
        // The teacher sees the answer; the class (the main window, student view) does not.
        QVERIFY(!dock->teacherView());
        QVERIFY(!dock->findChild<QLabel*>(QStringLiteral("lessonEngineAnswer"))->isVisible());
        QVERIFY(presenter->answerText().contains(dock->currentEvaluation().answerText));
        QVERIFY(!dock->currentEvaluation().answerText.isEmpty());
        // Closing the main window takes the presenter with it.
        QPointer<LessonPresenter> guard(presenter);
        window.reset();
        QVERIFY(guard.isNull());
    }

    /// Free text graded by keywords, on the real window: the right choice with a sentence that leaves out the
    /// keyword is not right, and the verdict says what is missing; the sentence reaches the presenter.
    void freeTextGradedByKeyword() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/07-why-push-out-never-rests.json")));
        click(dock->findChild<QPushButton*>(QStringLiteral("lessonPresenter")));
        LessonPresenter* presenter = dock->presenter();
        QVERIFY(presenter);
        int step = -1;
        for (int i = 0; i < dock->stepCount() && step < 0; ++i) {
            const LessonStep& s = dock->lesson().steps[static_cast<std::size_t>(i)];
            step = s.type == LessonStepType::Question && !s.keywords.isEmpty() ? i : -1;
        }
        QVERIFY(step >= 0);
        while (dock->currentStep() < step) {
            click(dock->findChild<QPushButton*>(QStringLiteral("lessonNext")));
        }
        const LessonQuestionEval& eval = dock->currentEvaluation();
        QCOMPARE(eval.keywords, QStringList{QStringLiteral("velocity")});
        clickChoice(choiceButton(*dock, eval.correct.front()));
        auto* freeText = dock->findChild<QPlainTextEdit*>(QStringLiteral("lessonFreeText"));
        QVERIFY(freeText->isVisible());
        freeText->setFocus();
        QTest::keyClicks(freeText, QStringLiteral("gravity keeps pulling"));
        click(dock->findChild<QPushButton*>(QStringLiteral("lessonCommit")));
        QVERIFY(dock->currentAnswered());
        const QString verdict = dock->verdictText();
        QVERIFY2(verdict.startsWith(QStringLiteral("Not quite.")), qPrintable(verdict));
        QVERIFY(verdict.contains(QStringLiteral("does not mention \"velocity\"")));
        QVERIFY(presenter->answerText().contains(QStringLiteral("gravity keeps pulling")));
        // Moving on clears the box for the next question; coming back shows the committed sentence.
        click(dock->findChild<QPushButton*>(QStringLiteral("lessonNext")));
        QVERIFY(freeText->toPlainText().isEmpty());
        click(dock->findChild<QPushButton*>(QStringLiteral("lessonBack")));
        QCOMPARE(freeText->toPlainText(), QStringLiteral("gravity keeps pulling"));
        QVERIFY(freeText->isReadOnly());
    }

    /// Opening another scene ends the lesson (its steps name the lesson scene's bodies).
    void anotherSceneEndsTheLesson() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(dock->openLesson(QStringLiteral(":/lessons/03-sat-and-the-mtv.json")));
        QVERIFY(dock->hasLesson());
        QVERIFY(window->openSample(QStringLiteral(":/scenes/stack.json")));
        QVERIFY(!dock->hasLesson());
        QCOMPARE(dock->findChild<QLabel*>(QStringLiteral("lessonTitle"))->text(),
                 QStringLiteral("No lesson open. Use File > Open Lesson..."));
    }

    void hostileLessonChangesNothing() {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* dock = window->findChild<LessonDock*>();
        QVERIFY(window->openSample(QStringLiteral(":/scenes/shapes.json")));
        const Scene before = window->document()->scene();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("bad.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"format": "contactlab-lesson", "version": 1, "title": "t",
                      "scene": {"format": "contactlab-scene", "version": 1, "bodies": [
                        {"shapes": [{"type": "circle", "radius": 1}]}]},
                      "steps": [{"type": "walkthrough", "mode": "sat", "pair": [0, 3]}]})");
        out.close();
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("steps\\[0\\]\\.pair\\[1\\]: no body 3")));
        QVERIFY(!dock->openLesson(file));
        QVERIFY(window->lastError().contains(QStringLiteral("bad.json: steps[0].pair[1]: no body 3")));
        QVERIFY(window->document()->scene() == before);
        QVERIFY(!dock->hasLesson());
    }
};

QTEST_MAIN(TestLessonPlayer)
#include "tst_lesson_player.moc"
