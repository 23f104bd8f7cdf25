/// @file cli_lesson.cpp
/// `contactlab-cli lesson check LESSON`: reads a lesson file (app/core/lesson.h) and prints each question
/// with the answer the engine computes for the lesson's scene as it is now (app/gui/lesson_questions.h, the
/// same code the Lesson dock asks), so a teacher who edits the scene sees whether every question still makes
/// sense. Exit codes as `validate`: 0 ok, 2 usage, 3 an invalid lesson or a question the scene cannot
/// answer (e.g. an edge question about bodies that no longer touch), with a located message.
/// `contactlab-cli lesson worksheet LESSON --out FILE.pdf [--teacher]`: the worksheet PDF, written by the
/// code File > Export Lesson as PDF uses (app/gui/lesson_worksheet.h).

#include "cli.h"
#include "lesson.h"

#include "../gui/lesson_questions.h"
#include "../gui/lesson_worksheet.h"

namespace cl::cli {

namespace {

/// The first line of a Markdown prompt without its emphasis marks, for one line of output.
QString oneLine(QString text) {
    text.replace(QStringLiteral("**"), QString());
    text.replace(u'\n', u' ');
    return text.simplified();
}

/// `lesson worksheet LESSON --out FILE.pdf [--teacher]`.
int runWorksheet(const LessonOptions& options) {
    auto loaded = loadLessonFile(options.lesson);
    if (const auto* error = std::get_if<LessonError>(&loaded)) {
        printErr(QStringLiteral("contactlab-cli: %1\n").arg(error->toString()));
        return kExitInvalidScene;
    }
    const Lesson& lesson = std::get<Lesson>(loaded);
    const bool teacher = options.teacher;
    const QString& out = options.out;
    if (const QString error =
            writeLessonWorksheet(lesson, out, teacher ? WorksheetKind::Teacher : WorksheetKind::Student);
        !error.isEmpty()) {
        printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
        return kExitFailure;
    }
    printOut(QStringLiteral("wrote %1 (%2's sheet of \"%3\", %4 pages)\n")
                 .arg(out, teacher ? QStringLiteral("teacher") : QStringLiteral("student"), lesson.title)
                 .arg(worksheetPageCount(lesson)));
    return kExitOk;
}

} // namespace

int runLesson(const Subcommand& self, const QStringList& args) {
    const Parsed<LessonOptions> parsed = parseLessonOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const LessonOptions& options = std::get<LessonOptions>(parsed);
    if (options.action == LessonOptions::Action::Worksheet) {
        return runWorksheet(options);
    }
    const QString& fileName = options.lesson;
    auto loaded = loadLessonFile(fileName);
    if (const auto* error = std::get_if<LessonError>(&loaded)) {
        printErr(QStringLiteral("contactlab-cli: %1\n").arg(error->toString()));
        return kExitInvalidScene;
    }
    const Lesson& lesson = std::get<Lesson>(loaded);
    int questions = 0;
    int problems = 0;
    QString out;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& step = lesson.steps[i];
        if (step.type != LessonStepType::Question) {
            continue;
        }
        ++questions;
        const LessonQuestionEval eval = evaluateLessonQuestion(step, lesson.scene.def);
        out += QStringLiteral("steps[%1] %2: %3\n")
                   .arg(i)
                   .arg(QLatin1String(toString(step.kind)), oneLine(step.prompt));
        if (!eval.problem.isEmpty()) {
            ++problems;
            printErr(QStringLiteral(
                         "contactlab-cli: %1: steps[%2]: this question cannot be asked of the scene: %3\n")
                         .arg(fileName)
                         .arg(i)
                         .arg(eval.problem));
            out += QStringLiteral("  cannot be asked: %1\n").arg(eval.problem);
            continue;
        }
        if (!eval.numeric) {
            for (std::size_t k = 0; k < eval.choices.size(); ++k) {
                const bool right = std::find(eval.correct.begin(), eval.correct.end(), static_cast<int>(k)) !=
                                   eval.correct.end();
                const LessonChoice& c = eval.choices[k];
                // A solver's run is shown with its figures, so a teacher can set the drift threshold.
                const QString figures = c.candidate ? QStringLiteral(" (drift %1 m, end speed %2 m/s)")
                                                          .arg(c.drift, 0, 'g', 3)
                                                          .arg(c.endSpeed, 0, 'g', 3)
                                                    : QString();
                out += QStringLiteral("  %1 %2%3\n")
                           .arg(right ? QStringLiteral("*") : QStringLiteral(" "), c.label, figures);
            }
        }
        out += QStringLiteral("  answer: %1\n").arg(eval.answerText);
    }
    printOut(QStringLiteral("%1: \"%2\", %3 steps, %4 questions\n%5")
                 .arg(problems == 0 ? QStringLiteral("ok") : QStringLiteral("problems"), lesson.title)
                 .arg(lesson.steps.size())
                 .arg(questions)
                 .arg(out));
    return problems == 0 ? kExitOk : kExitInvalidScene;
}

} // namespace cl::cli
