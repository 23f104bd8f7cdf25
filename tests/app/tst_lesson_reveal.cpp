/// @file tst_lesson_reveal.cpp
/// Lesson 04 (clipping) played on the real MainWindow as a student does, at the app's default settings
/// (issue 12 review):
/// - a note step's selection ends with its step (its glow stayed on the next, unrelated step);
/// - a question's reveal frames the pair as Frame the Pair does (it kept the lesson's view of the whole
///   scene: the answer's drawing small), and its labels are clear of one another: no badge over a number
///   ("A" covered the minus sign of "-0.11 m").

#include "app_test_util.h"
#include "lesson.h"
#include "lesson_dock.h"
#include "lesson_questions.h"
#include "main_window.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include <QAbstractButton>
#include <QApplication>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace cl;

namespace {

QAbstractButton* choiceButton(LessonDock& dock, int index) {
    return dock.findChild<QAbstractButton*>(QStringLiteral("lessonChoice%1").arg(index));
}

void click(QWidget* widget) {
    QVERIFY(widget);
    QTest::mouseClick(widget, Qt::LeftButton, {}, widget->rect().center());
}

} // namespace

class TestLessonReveal : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void noteSelectionEndsWithItsStep();
    void revealFramesThePairWithClearLabels();

private:
    QTemporaryDir m_dir;
};

void TestLessonReveal::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    QSettings().clear();
}

void TestLessonReveal::noteSelectionEndsWithItsStep() {
    auto [window, dock] = cltest::openLesson(QStringLiteral(":/lessons/04-clipping.json"), 1280, 800);
    QVERIFY(dock);
    SceneCanvas& canvas = *window->canvas();
    // Step 1 is a note on the plate and the box: both are selected (glowing) while it is read.
    const LessonStep& first = dock->lesson().steps.front();
    QCOMPARE(first.type, LessonStepType::Note);
    QCOMPARE(first.bodies.size(), std::size_t(2));
    QCOMPARE(canvas.selection().size(), 2);
    // Step 2, a note on nothing in particular: the glow has gone with step 1.
    auto* next = dock->findChild<QPushButton*>(QStringLiteral("lessonNext"));
    click(next);
    QCOMPARE(dock->currentStep(), 1);
    QVERIFY(dock->lesson().steps[1].bodies.empty());
    QVERIFY2(canvas.selection().isEmpty(), qPrintable(QString::number(canvas.selection().size())));
    // Back to step 1: its bodies glow again.
    click(dock->findChild<QPushButton*>(QStringLiteral("lessonBack")));
    QCOMPARE(dock->currentStep(), 0);
    QCOMPARE(canvas.selection().size(), 2);
    // A selection the student made on a step is the student's: the next step leaves it.
    click(next);
    canvas.setSelection({window->document()->keyAt(1)});
    click(next);
    QCOMPARE(canvas.selection().size(), 1);
}

void TestLessonReveal::revealFramesThePairWithClearLabels() {
    auto [window, dock] = cltest::openLesson(QStringLiteral(":/lessons/04-clipping.json"), 1280, 800);
    QVERIFY(dock);
    SceneCanvas& canvas = *window->canvas();
    auto* walkthrough = window->findChild<WalkthroughDock*>();
    QVERIFY(walkthrough);
    auto* commit = dock->findChild<QPushButton*>(QStringLiteral("lessonCommit"));
    int reveals = 0;
    for (int i = 0; i < dock->stepCount(); ++i) {
        const LessonStep& step = dock->lesson().steps[static_cast<std::size_t>(i)];
        if (step.type != LessonStepType::Question) {
            continue;
        }
        dock->setStep(i);
        QCoreApplication::processEvents();
        const LessonQuestionEval& eval = dock->currentEvaluation();
        if (eval.revealStep < 0) {
            continue;
        }
        const double asked = canvas.viewTransform().pixelsPerMetre();
        // The right answer, picked as a student does, and committed: the engine's answer is revealed.
        for (const int k : eval.correct) {
            QAbstractButton* button = choiceButton(*dock, k);
            QVERIFY(button);
            QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(8, button->height() / 2));
        }
        click(commit);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(walkthrough->isVisible());
        ++reveals;
        // Framed as Frame the Pair frames it, for the canvas as it is now (the Walkthrough panel shown).
        const ViewTransform pair = OverlayPainter::pairView(
            walkthrough->walkthrough(), QSizeF(canvas.viewport()->size()), canvas.presentationScale());
        QVERIFY2(std::abs(canvas.viewTransform().pixelsPerMetre() - pair.pixelsPerMetre()) <=
                     1e-6 * pair.pixelsPerMetre(),
                 qPrintable(QStringLiteral("step %1: %2 px/m, Frame the Pair %3")
                                .arg(i + 1)
                                .arg(canvas.viewTransform().pixelsPerMetre())
                                .arg(pair.pixelsPerMetre())));
        // Large: Frame the Pair frames the smaller body with a quarter of it on each side and a margin of at
        // most 0.3 of the view's smaller side on each side, so the smaller body (the box) spans at least
        // (1 - 0.6) / 1.5 of the view's smaller side along its larger axis (the lesson's view of the whole
        // scene on the narrowed canvas left it about a tenth).
        const auto extentOf = [](const phys::AABB& b) {
            return std::max(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
        };
        const phys::CollideTrace& trace = walkthrough->walkthrough().trace();
        const double small = std::min(extentOf(trace.aabbA), extentOf(trace.aabbB));
        const QSizeF viewSize(canvas.viewport()->size());
        const double side = std::min(viewSize.width(), viewSize.height());
        QVERIFY2(canvas.viewTransform().toPixels(small) >= (1.0 - 1e-9) * 0.4 / 1.5 * side,
                 qPrintable(QStringLiteral("step %1: the box %2 px across in a %3 px view (asked at %4 px/m)")
                                .arg(i + 1)
                                .arg(canvas.viewTransform().toPixels(small))
                                .arg(side)
                                .arg(asked)));
        // The pair's drawing is not cut: every label in the view.
        const QRectF viewRect(QPointF(0, 0), viewSize);
        // Its labels: no two overlap (the badges included), none on an arrow.
        canvas.viewport()->grab();
        if (const QString shots = qEnvironmentVariable("CONTACTLAB_REVEAL_SHOT"); !shots.isEmpty()) {
            window->grab().save(shots + QStringLiteral(".step%1.png").arg(i + 1)); // to look at
        }
        const std::vector<PlacedLabel>& labels = walkthrough->overlay()->lastLabels();
        QVERIFY(!labels.empty());
        for (const PlacedLabel& label : labels) {
            QVERIFY2(viewRect.contains(label.textRect), qPrintable(label.request.text));
        }
        for (std::size_t a = 0; a < labels.size(); ++a) {
            for (std::size_t b = a + 1; b < labels.size(); ++b) {
                QVERIFY2(!labels[a].rect.intersects(labels[b].rect),
                         qPrintable(QStringLiteral("step %1: \"%2\" over \"%3\"")
                                        .arg(i + 1)
                                        .arg(labels[a].request.text, labels[b].request.text)));
            }
        }
    }
    QVERIFY(reveals >= 3);
}

QTEST_MAIN(TestLessonReveal)
#include "tst_lesson_reveal.moc"
