/// @file tst_lesson_questions.cpp
/// Lesson questions answered by the engine (app/gui/lesson_questions): each kind on seeded random scenes,
/// checked against closed forms rather than the trace the answer is read from. Axis-aligned boxes give the
/// overlaps (half widths minus the centre distance), the MTV's direction and its depth; a tilted box on a
/// plate gives the reference edge (the plate's top), the incident edge (the box edge facing down most) and
/// the kept points (those below the plate's top); a ball at a thin wall gives tunnelling from its positions
/// step by step. Every seeded case edits the scene, so each checks that an edit changes the answer with it.

#include "lesson.h"
#include "lesson_questions.h"

#include "physics/polygon_factory.h"
#include "physics/world.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace cl;

namespace {

phys::BodyDef box(phys::Vec2 position, double halfWidth, double halfHeight, double angle = 0.0,
                  phys::BodyType type = phys::BodyType::Dynamic) {
    phys::BodyDef body;
    body.type = type;
    body.position = position;
    body.angle = angle;
    phys::ShapeDef shape;
    const std::vector<phys::Vec2> corners{{-halfWidth, -halfHeight},
                                          {halfWidth, -halfHeight},
                                          {halfWidth, halfHeight},
                                          {-halfWidth, halfHeight}};
    shape.geometry = phys::Polygon::make(corners).value();
    body.shapes.push_back(shape);
    return body;
}

phys::BodyDef ball(phys::Vec2 position, double radius) {
    phys::BodyDef body;
    body.position = position;
    phys::ShapeDef shape;
    shape.geometry = phys::Circle::make({0, 0}, radius).value();
    body.shapes.push_back(shape);
    return body;
}

LessonStep question(LessonQuestionKind kind) {
    LessonStep q;
    q.type = LessonStepType::Question;
    q.kind = kind;
    q.bodyA = 0;
    q.bodyB = 1;
    return q;
}

int onlyCorrect(const LessonQuestionEval& eval) {
    return eval.correct.size() == 1 ? eval.correct.front() : -1;
}

} // namespace

class TestLessonQuestions : public QObject {
    Q_OBJECT

private slots:
    /// Two axis-aligned boxes: the overlap on x is wA + wB - |dx| and on y hA + hB - |dy|; the least is the
    /// answer, the MTV points along it from A to B (the sign of dx or dy), its length is the depth.
    void axisAlignedBoxes() {
        std::mt19937 rng(1301);
        std::uniform_real_distribution<double> half(0.2, 2.0);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        int cases = 0;
        int xWins = 0;
        while (cases < 2000) {
            const double wA = half(rng), hA = half(rng), wB = half(rng), hB = half(rng);
            const double dx = unit(rng) * (wA + wB) * 0.95;
            const double dy = unit(rng) * (hA + hB) * 0.95;
            const double ox = wA + wB - std::abs(dx);
            const double oy = hA + hB - std::abs(dy);
            if (std::abs(ox - oy) < 0.01 || std::abs(dx) < 1e-3 || std::abs(dy) < 1e-3) {
                continue; // near ties have two right answers; the tie test below covers them
            }
            ++cases;
            phys::SceneDef scene;
            scene.bodies = {box({0.3, -0.2}, wA, hA), box({0.3 + dx, -0.2 + dy}, wB, hB)};
            const bool alongX = ox < oy;
            xWins += alongX;
            const phys::Vec2 expected =
                alongX ? phys::Vec2{dx > 0 ? 1.0 : -1.0, 0.0} : phys::Vec2{0.0, dy > 0 ? 1.0 : -1.0};

            const LessonQuestionEval axis =
                evaluateLessonQuestion(question(LessonQuestionKind::LeastOverlapAxis), scene);
            QVERIFY(axis.problem.isEmpty());
            QCOMPARE(axis.choices.size(), std::size_t(8));
            for (const int k : axis.correct) {
                QVERIFY((std::abs(axis.choices[static_cast<std::size_t>(k)].direction.x) > 0.999) == alongX);
            }
            QVERIFY(!axis.correct.empty());
            QCOMPARE(axis.mode, WalkthroughMode::Sat);
            QVERIFY(axis.revealStep >= 0);

            const LessonQuestionEval mtv =
                evaluateLessonQuestion(question(LessonQuestionKind::MtvDirection), scene);
            QCOMPARE(mtv.choices.size(), std::size_t(4)); // right, up, left, down
            const int right = onlyCorrect(mtv);
            QVERIFY(right >= 0);
            QVERIFY(phys::dot(mtv.choices[static_cast<std::size_t>(right)].direction, expected) > 0.999999);

            LessonStep depthQuestion = question(LessonQuestionKind::ContactDepth);
            depthQuestion.tolerance = 0.01;
            const LessonQuestionEval depth = evaluateLessonQuestion(depthQuestion, scene);
            QVERIFY(depth.numeric);
            QVERIFY(std::abs(depth.value - std::min(ox, oy)) < 1e-9);
            QVERIFY(judgeLessonAnswer(depth, {{}, std::min(ox, oy) + 0.009, {}}).right);
            QVERIFY(!judgeLessonAnswer(depth, {{}, std::min(ox, oy) + 0.011, {}}).right);
        }
        // Both answers came up often: the cases are not all one way.
        QVERIFY(xWins > 500 && xWins < 1500);
    }

    /// Equal overlaps on x and y: both axes are right (the engine's tie rule), and a pick of either counts.
    void tieAcceptsBoth() {
        phys::SceneDef scene;
        scene.bodies = {box({0, 0}, 1, 1), box({1.5, 1.5}, 1, 1)};
        const LessonQuestionEval axis =
            evaluateLessonQuestion(question(LessonQuestionKind::LeastOverlapAxis), scene);
        bool x = false, y = false;
        for (const int k : axis.correct) {
            const phys::Vec2 n = axis.choices[static_cast<std::size_t>(k)].direction;
            x = x || std::abs(n.x) > 0.999;
            y = y || std::abs(n.y) > 0.999;
            QVERIFY(judgeLessonAnswer(axis, {{k}, 0, {}}).right);
        }
        QVERIFY(x && y);
    }

    /// A box tilted by theta resting into a wide plate: the plate's top (its edge 2) is exactly perpendicular
    /// to the normal, so it is the reference; the incident edge is the box edge whose outward normal points
    /// down most; the kept points are the clipped ones below the plate's top (y < 0).
    void tiltedBoxOnPlate() {
        std::mt19937 rng(1302);
        std::uniform_real_distribution<double> tilt(-0.6, 0.6);
        std::uniform_real_distribution<double> shift(-1.0, 1.0);
        std::uniform_real_distribution<double> sink(0.01, 0.15);
        int twoKept = 0, oneKept = 0;
        for (int c = 0; c < 1000; ++c) {
            const double theta = tilt(rng);
            if (std::abs(theta) < 0.02) {
                continue;
            }
            const double half = 0.5;
            // Lowest corner of the box sits `sink` below the plate's top (y = 0).
            const double lowest = half * (std::abs(std::sin(theta)) + std::cos(theta));
            const phys::Vec2 position{shift(rng), lowest - sink(rng)};
            phys::SceneDef scene;
            scene.bodies = {box({0, -0.5}, 4, 0.5, 0, phys::BodyType::Static),
                            box(position, half, half, theta)};

            const LessonQuestionEval reference =
                evaluateLessonQuestion(question(LessonQuestionKind::ReferenceEdge), scene);
            QVERIFY2(reference.problem.isEmpty(), qPrintable(reference.problem));
            QCOMPARE(reference.choices.size(), std::size_t(8));
            const LessonChoice& ref = reference.choices[static_cast<std::size_t>(onlyCorrect(reference))];
            QCOMPARE(ref.polygon, 0);
            QCOMPARE(ref.edge, 2);
            QCOMPARE(reference.mode, WalkthroughMode::Clipping);

            // The incident edge: B's edge with the most downward world normal.
            const phys::Polygon& shape = std::get<phys::Polygon>(scene.bodies[1].shapes[0].geometry);
            int downmost = -1;
            double lowestY = 2.0;
            for (int k = 0; k < shape.count(); ++k) {
                const double ny = phys::rotate(phys::Rot(theta), shape.normal(k)).y;
                if (ny < lowestY) {
                    lowestY = ny;
                    downmost = k;
                }
            }
            const LessonQuestionEval incident =
                evaluateLessonQuestion(question(LessonQuestionKind::IncidentEdge), scene);
            const LessonChoice& inc = incident.choices[static_cast<std::size_t>(onlyCorrect(incident))];
            QCOMPARE(inc.polygon, 1);
            QCOMPARE(inc.edge, downmost);
            // A wrong pick is judged wrong and told the engine's edge.
            const LessonVerdict wrong = judgeLessonAnswer(incident, {{0}, 0, {}});
            QVERIFY(!wrong.right);
            QVERIFY(wrong.text.contains(inc.label));

            const LessonQuestionEval kept =
                evaluateLessonQuestion(question(LessonQuestionKind::ClipKeptPoints), scene);
            QVERIFY(kept.multiSelect);
            QCOMPARE(kept.choices.size(), std::size_t(2));
            std::vector<int> below;
            for (int i = 0; i < 2; ++i) {
                if (kept.choices[static_cast<std::size_t>(i)].point.y < -1e-9) {
                    below.push_back(i);
                }
            }
            std::vector<int> correct = kept.correct;
            std::sort(correct.begin(), correct.end());
            QCOMPARE(correct, below);
            QVERIFY(judgeLessonAnswer(kept, {below, 0, {}}).right);
            (below.size() == 2 ? twoKept : oneKept) += 1;
            // Both clipped points lie on the incident edge's line.
            const phys::Transform xf{position, phys::Rot(theta)};
            const phys::Vec2 e0 = phys::transformPoint(xf, shape.vertex(downmost));
            const phys::Vec2 e1 = phys::transformPoint(xf, shape.vertex((downmost + 1) % 4));
            for (const LessonChoice& p : kept.choices) {
                QVERIFY(std::abs(phys::cross(e1 - e0, p.point - e0)) < 1e-9);
            }
        }
        QVERIFY(oneKept > 100);
        QVERIFY(twoKept > 10);
    }

    /// A ball of radius r flies at a static wall of thickness t along x, gravity off, continuous collision
    /// off. With no contact its centre is at x0 + v k dt after step k; it tunnels exactly when no step leaves
    /// it overlapping (or within the speculative margin of) the wall. Cases are kept clear of the margin.
    void tunnelling() {
        std::mt19937 rng(1303);
        std::uniform_real_distribution<double> speed(2.0, 120.0);
        std::uniform_real_distribution<double> start(-4.0, -2.0);
        const double r = 0.1, t = 0.1, dt = 1.0 / 60.0;
        int tunnels = 0, stops = 0;
        for (int c = 0; c < 200; ++c) {
            const double v = speed(rng);
            const double x0 = start(rng);
            bool seen = false; // some step ends with the ball touching or nearly touching the wall
            bool ambiguous = false;
            for (int k = 1; x0 + v * k * dt < 3.0; ++k) {
                const double x = x0 + v * k * dt;
                const double gap = std::abs(x) - (t / 2 + r);
                seen = seen || (gap < 0.0 && x < 0.0);
                ambiguous = ambiguous || (gap >= -0.01 && gap < 0.08) || (gap < 0.0 && std::abs(x) < 0.02);
            }
            if (ambiguous) {
                continue;
            }
            phys::SceneDef scene;
            scene.settings.gravity = {0, 0};
            scene.bodies = {ball({x0, 0}, r), box({0, 0}, t / 2, 2, 0, phys::BodyType::Static)};
            LessonStep q = question(LessonQuestionKind::Tunnels);
            q.body = 0;
            q.target = 1;
            q.velocity = {v, 0};
            q.duration = 7.0 / v + 0.1;
            const LessonQuestionEval eval = evaluateLessonQuestion(q, scene);
            QVERIFY2(eval.problem.isEmpty(), qPrintable(eval.problem));
            QCOMPARE(eval.choices.size(), std::size_t(2));
            QCOMPARE(onlyCorrect(eval), seen ? 1 : 0);
            (seen ? stops : tunnels) += 1;
            // The explanation says whether continuous collision (the default) catches it: it always does here.
            QVERIFY(eval.why.contains(QStringLiteral("finds the time of impact and stops it")));
        }
        QVERIFY(tunnels > 20);
        QVERIFY(stops > 20);
    }

    /// Editing the scene changes the answer: the same question, B moved from the right of A to above it.
    void editChangesAnswer() {
        phys::SceneDef scene;
        scene.bodies = {box({0, 0}, 1, 1), box({1.8, 0.5}, 1, 1)};
        const LessonStep q = question(LessonQuestionKind::MtvDirection);
        const LessonQuestionEval before = evaluateLessonQuestion(q, scene);
        QVERIFY(phys::dot(before.choices[static_cast<std::size_t>(onlyCorrect(before))].direction, {1, 0}) >
                0.999);
        scene.bodies[1].position = {0.5, -1.8};
        const LessonQuestionEval after = evaluateLessonQuestion(q, scene);
        QVERIFY(phys::dot(after.choices[static_cast<std::size_t>(onlyCorrect(after))].direction, {0, -1}) >
                0.999);
        // Moved apart: the question says why it cannot be asked instead of inventing an answer.
        scene.bodies[1].position = {5, 0};
        QVERIFY(!evaluateLessonQuestion(q, scene).problem.isEmpty());
        QVERIFY(
            !evaluateLessonQuestion(question(LessonQuestionKind::ReferenceEdge), scene).problem.isEmpty());
    }

    /// The reveal is the walkthrough step the answer comes from, with that step's explanation.
    void revealIsTheWalkthroughStep() {
        phys::SceneDef scene;
        scene.bodies = {box({0, -0.5}, 4, 0.5, 0, phys::BodyType::Static), box({0.2, 0.45}, 0.5, 0.5, 0.1)};
        struct Case {
            LessonQuestionKind kind;
            WalkthroughMode mode;
            WalkthroughStepKind step;
        };
        for (const Case& c :
             {Case{LessonQuestionKind::LeastOverlapAxis, WalkthroughMode::Sat,
                   WalkthroughStepKind::SatResult},
              Case{LessonQuestionKind::ContactDepth, WalkthroughMode::Sat, WalkthroughStepKind::SatResult},
              Case{LessonQuestionKind::ReferenceEdge, WalkthroughMode::Clipping,
                   WalkthroughStepKind::ClipReference},
              Case{LessonQuestionKind::ClipKeptPoints, WalkthroughMode::Clipping,
                   WalkthroughStepKind::ClipReferenceFace}}) {
            const LessonQuestionEval eval = evaluateLessonQuestion(question(c.kind), scene);
            const Walkthrough w = Walkthrough::build(c.mode, scene.bodies[0], scene.bodies[1]);
            QCOMPARE(eval.mode, c.mode);
            QVERIFY(eval.revealStep >= 0 && eval.revealStep < w.stepCount());
            QCOMPARE(w.step(eval.revealStep).kind, c.step);
            QVERIFY(eval.why.contains(w.step(eval.revealStep).explanation));
            const LessonVerdict verdict = judgeLessonAnswer(eval, {{0}, 0.0, {}});
            QVERIFY(verdict.text.contains(w.step(eval.revealStep).explanation));
            // The step's title once ("Reference face: Reference face: ..." was the review's D-c).
            const QString title = w.step(eval.revealStep).title + QLatin1Char(':');
            QCOMPARE(verdict.text.count(title), 1);
        }
    }

    /// Issue 12's review (N2): lesson 03's depth 0.403 was written "0.40 m, within 0.020 m", so 0.38 looked
    /// inside the tolerance and was marked wrong. The answer is written with one decimal more than the
    /// tolerance, and the verdict says how far off the answer was.
    void depthAnswerShowsTheDigitsThatDecide() {
        const auto loaded = loadLessonFile(
            QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons/03-sat-and-the-mtv.json"));
        QVERIFY(std::holds_alternative<Lesson>(loaded));
        const Lesson& lesson = std::get<Lesson>(loaded);
        const auto step = std::find_if(lesson.steps.begin(), lesson.steps.end(), [](const LessonStep& s) {
            return s.type == LessonStepType::Question && s.kind == LessonQuestionKind::ContactDepth;
        });
        QVERIFY(step != lesson.steps.end());
        const LessonQuestionEval eval = evaluateLessonQuestion(*step, lesson.scene.def);
        QVERIFY(eval.numeric);
        const QString written = QString::number(eval.value, 'f', 3);
        QVERIFY2(eval.answerText.startsWith(written + QStringLiteral(" m")), qPrintable(eval.answerText));
        const double wrong = eval.value - eval.tolerance - 0.003;
        const LessonVerdict verdict = judgeLessonAnswer(eval, {{}, wrong, {}});
        QVERIFY(!verdict.right);
        QVERIFY2(
            verdict.text.contains(QString::number(eval.value - wrong, 'f', 3) + QStringLiteral(" m from")),
            qPrintable(verdict.text));
    }

    void multipleChoice() {
        LessonStep q = question(LessonQuestionKind::MultipleChoice);
        q.choices = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        q.answer = 1;
        q.explanation = QStringLiteral("because b");
        const LessonQuestionEval eval = evaluateLessonQuestion(q, {});
        QCOMPARE(eval.choices.size(), std::size_t(3));
        QVERIFY(judgeLessonAnswer(eval, {{1}, 0, {}}).right);
        const LessonVerdict wrong = judgeLessonAnswer(eval, {{2}, 0, {}});
        QVERIFY(!wrong.right);
        QVERIFY(wrong.text.contains(QStringLiteral("You picked c")));
        QVERIFY(wrong.text.contains(QStringLiteral("because b")));
        QVERIFY(!judgeLessonAnswer(eval, {{}, 0, {}}).right);
        QVERIFY(!judgeLessonAnswer(eval, {{1, 2}, 0, {}}).right);
    }

    /// The MTV's direction answered by a drag: a drag within half the angle between the trace's direction and
    /// its nearest neighbour among the choices picks the trace's direction; one just past that half picks the
    /// neighbour. Seeded tilted pairs; the depth by a drag is the drag's length to the millimetre.
    void dragAnswers() {
        std::mt19937 rng(1306);
        std::uniform_real_distribution<double> half(0.3, 1.5);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        int cases = 0;
        for (int c = 0; c < 2000 && cases < 1000; ++c) {
            phys::SceneDef scene;
            const double wA = half(rng), hA = half(rng);
            scene.bodies = {box({0, 0}, wA, hA, unit(rng)),
                            box({unit(rng) * wA, unit(rng) * hA}, half(rng), half(rng), unit(rng) * 3)};
            const LessonQuestionEval eval =
                evaluateLessonQuestion(question(LessonQuestionKind::MtvDirection), scene);
            if (!eval.problem.isEmpty() || eval.correct.size() != 1) {
                continue;
            }
            ++cases;
            const int right = eval.correct.front();
            const phys::Vec2 d = eval.choices[static_cast<std::size_t>(right)].direction;
            // The nearest other direction and the angle to it (signed, counter-clockwise positive).
            double gap = 10.0;
            for (std::size_t k = 0; k < eval.choices.size(); ++k) {
                if (static_cast<int>(k) == right) {
                    continue;
                }
                const phys::Vec2 e = eval.choices[k].direction;
                const double angle = std::atan2(phys::cross(d, e), phys::dot(d, e));
                if (std::abs(angle) < std::abs(gap)) {
                    gap = angle;
                }
            }
            const auto rotated = [&](double angle) {
                return phys::Vec2{d.x * std::cos(angle) - d.y * std::sin(angle),
                                  d.x * std::sin(angle) + d.y * std::cos(angle)};
            };
            const phys::Vec2 from{unit(rng) * 3, unit(rng) * 3};
            const double length = 0.05 + half(rng);
            const double inside = gap * 0.49 * (unit(rng) + 1.0) / 2.0;
            QCOMPARE(lessonDirectionChoice(eval, from, from + rotated(inside) * length), right);
            QCOMPARE(lessonDirectionChoice(eval, from, from + rotated(-inside) * length), right);
            QVERIFY(lessonDirectionChoice(eval, from, from + rotated(gap * 0.51) * length) != right);
            QCOMPARE(lessonDirectionChoice(eval, from, from), -1);
        }
        QVERIFY(cases >= 1000);
        // Depth: the drag's length, rounded to the millimetre, judged with the question's tolerance.
        phys::SceneDef scene;
        scene.bodies = {box({0, 0}, 1, 1), box({1.75, 0.3}, 1, 1)};
        LessonStep q = question(LessonQuestionKind::ContactDepth);
        q.tolerance = 0.01;
        const LessonQuestionEval depth = evaluateLessonQuestion(q, scene);
        QVERIFY(std::abs(depth.value - 0.25) < 1e-12);
        const phys::Vec2 from{0.4, -0.2};
        const phys::Vec2 u = phys::normalize(phys::Vec2{3, 4});
        QCOMPARE(lessonDragDepth(from, from + u * 0.2504), 0.25);
        QVERIFY(judgeLessonAnswer(depth, {{}, lessonDragDepth(from, from + u * 0.2541), {}}).right);
        QVERIFY(!judgeLessonAnswer(depth, {{}, lessonDragDepth(from, from + u * 0.2651), {}}).right);
        QCOMPARE(lessonDirectionChoice(depth, from, from + u), -1);
    }

    /// Free text beside multiple choice: kept in the verdict for the teacher; without keywords only the choice
    /// is graded; with keywords every one must appear (any case) and the choice must be right as well.
    void freeText() {
        LessonStep q = question(LessonQuestionKind::MultipleChoice);
        q.choices = {QStringLiteral("a"), QStringLiteral("b")};
        q.answer = 0;
        q.freeText = true;
        LessonQuestionEval eval = evaluateLessonQuestion(q, {});
        QVERIFY(eval.freeText);
        LessonVerdict v = judgeLessonAnswer(eval, {{0}, 0, QStringLiteral("because of the normal")});
        QVERIFY(v.right);
        QVERIFY(v.text.contains(QStringLiteral("because of the normal")));
        QVERIFY(v.text.contains(QStringLiteral("Not graded")));
        QVERIFY(!judgeLessonAnswer(eval, {{1}, 0, QStringLiteral("because of the normal")}).right);
        q.keywords = {QStringLiteral("Normal"), QStringLiteral("A to B")};
        eval = evaluateLessonQuestion(q, {});
        QVERIFY(judgeLessonAnswer(eval, {{0}, 0, QStringLiteral("the normal points from a to b")}).right);
        v = judgeLessonAnswer(eval, {{0}, 0, QStringLiteral("the normal points up")});
        QVERIFY(!v.right);
        QVERIFY(v.text.contains(QStringLiteral("\"A to B\"")));
        QVERIFY(!v.text.contains(QStringLiteral("\"Normal\"")));
        QVERIFY(!judgeLessonAnswer(eval, {{1}, 0, QStringLiteral("normal, A to B")}).right);
        QVERIFY(judgeLessonAnswer(eval, {{0}, 0, {}}).text.contains(QStringLiteral("You wrote nothing")));
    }

    /// Which solver keeps it standing, against a closed form: with gravity off and no other body, a body
    /// given velocity v moves |v| n dt in n steps under every candidate (no force acts on it; Verlet keeps
    /// the velocity in its previous positions), so a candidate "stands" exactly when |v| n dt is within the
    /// drift threshold, and then all of them do. Seeded boxes of random size, angle and speed; cases within
    /// 1% of the threshold are left out.
    void stableSolverFreeFlight() {
        std::mt19937 rng(1304);
        std::uniform_real_distribution<double> half(0.1, 1.5);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        std::uniform_real_distribution<double> time(0.1, 1.0);
        const double dt = 1.0 / 60.0;
        int stand = 0, fall = 0;
        for (int c = 0; c < 300; ++c) {
            phys::SceneDef scene;
            scene.settings.gravity = {0, 0};
            phys::BodyDef body = box({unit(rng) * 5, unit(rng) * 5}, half(rng), half(rng), unit(rng) * 3);
            body.linearVelocity = {unit(rng) * 2, unit(rng) * 2};
            scene.bodies = {body};
            LessonStep q = question(LessonQuestionKind::StableSolver);
            q.candidates = allLessonSolverCandidates();
            q.duration = time(rng);
            q.drift = 0.02 + 0.5 * (unit(rng) + 1.0);
            const int steps = static_cast<int>(std::ceil(q.duration / dt - 1e-9));
            const double moved = phys::length(body.linearVelocity) * steps * dt;
            if (std::abs(moved - q.drift) < 0.01 * q.drift) {
                continue;
            }
            const LessonQuestionEval eval = evaluateLessonQuestion(q, scene);
            QVERIFY2(eval.problem.isEmpty(), qPrintable(eval.problem));
            QVERIFY(eval.multiSelect);
            QCOMPARE(eval.choices.size(), std::size_t(4));
            for (const LessonChoice& choice : eval.choices) {
                QVERIFY2(std::abs(choice.drift - moved) <= 1e-9 * (1.0 + moved),
                         qPrintable(QStringLiteral("%1: drift %2, closed form %3")
                                        .arg(choice.label)
                                        .arg(choice.drift)
                                        .arg(moved)));
            }
            QCOMPARE(eval.correct.size(), moved <= q.drift ? std::size_t(4) : std::size_t(0));
            (moved <= q.drift ? stand : fall) += 1;
        }
        QVERIFY(stand > 50);
        QVERIFY(fall > 50);
    }

    /// A stack of three to five seeded boxes on the ground at the app's defaults: the soft step keeps it
    /// standing and the naive push-out does not (it has no velocity to cancel gravity with, so the source's
    /// bodies never rest; measured, a two-box stack can stay just within 2 cm over 2 s, three cannot).
    /// Then the edit: the ground moved 50 m down, out of reach. Nothing can stand: every body falls freely
    /// for the whole run, between 1/2 g T^2 and semi-implicit Euler's g dt^2 n(n+1)/2, far over the threshold,
    /// and the answer changes to none.
    void stableSolverStackAndEdit() {
        std::mt19937 rng(1305);
        std::uniform_real_distribution<double> half(0.3, 0.8);
        const double dt = 1.0 / 60.0;
        for (int c = 0; c < 6; ++c) {
            phys::SceneDef scene;
            scene.bodies.push_back(box({0, -0.5}, 6, 0.5, 0, phys::BodyType::Static));
            double y = 0.0;
            const int height = 3 + c % 3;
            for (int k = 0; k < height; ++k) {
                const double w = half(rng), h = half(rng);
                scene.bodies.push_back(box({0, y + h}, w, h));
                y += 2 * h;
            }
            LessonStep q = question(LessonQuestionKind::StableSolver);
            q.candidates = {LessonSolverCandidate::SoftStep, LessonSolverCandidate::PushOut};
            q.duration = 2.0;
            q.drift = 0.02;
            const LessonQuestionEval eval = evaluateLessonQuestion(q, scene);
            QVERIFY2(eval.problem.isEmpty(), qPrintable(eval.problem));
            QCOMPARE(eval.correct, (std::vector<int>{0}));
            QVERIFY(eval.choices[1].drift > q.drift);
            QVERIFY(eval.why.contains(QStringLiteral("does not stand")));
            QVERIFY(judgeLessonAnswer(eval, {{0}, 0, {}}).right);
            QVERIFY(!judgeLessonAnswer(eval, {{0, 1}, 0, {}}).right);

            scene.bodies[0].position.y = -50.0;
            const LessonQuestionEval edited = evaluateLessonQuestion(q, scene);
            QVERIFY(edited.correct.empty());
            const int n = static_cast<int>(std::ceil(q.duration / dt - 1e-9));
            // Free fall for T = n dt: 1/2 g T^2 exactly, a step-by-step integrator a little more, at most
            // the semi-implicit Euler of whole steps, g dt^2 n(n+1)/2 (substeps land in between).
            const double exact = 0.5 * 9.81 * (n * dt) * (n * dt);
            const double euler = 9.81 * dt * dt * n * (n + 1) / 2.0;
            for (const LessonChoice& choice : edited.choices) {
                QVERIFY2(choice.drift >= exact * (1 - 1e-9) && choice.drift <= euler * (1 + 1e-9),
                         qPrintable(QStringLiteral("%1 fell %2 m, closed forms %3 to %4 m")
                                        .arg(choice.label)
                                        .arg(choice.drift)
                                        .arg(exact)
                                        .arg(euler)));
            }
            QCOMPARE(edited.answerText, QStringLiteral("none of them"));
        }
        // A scene with nothing dynamic has nothing to keep standing: the question says so.
        phys::SceneDef still;
        still.bodies = {box({0, 0}, 1, 1, 0, phys::BodyType::Static)};
        LessonStep q = question(LessonQuestionKind::StableSolver);
        q.candidates = allLessonSolverCandidates();
        QVERIFY(!evaluateLessonQuestion(q, still).problem.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLessonQuestions)
#include "tst_lesson_questions.moc"
