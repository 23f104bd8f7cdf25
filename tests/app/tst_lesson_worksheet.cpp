/// @file tst_lesson_worksheet.cpp
/// Worksheets (app/gui/lesson_worksheet.h), read back with poppler's own tools as a reader of the PDF would:
/// every built-in lesson is printed both ways; `pdfinfo` must count one page per step; `pdftotext` must
/// find, on each question's page, the prompt and every choice; on the teacher's sheet the engine's answer
/// (as the engine works it out now, lesson_questions.h) and every teacher note, on the student's sheet none
/// of them. `contactlab-cli lesson worksheet` writes the same text, and `pdftoppm` turns a page into a
/// picture with the scene drawn in it.

#include "lesson.h"
#include "lesson_questions.h"
#include "lesson_worksheet.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

using namespace cl;

namespace {

/// Runs a poppler tool; fails the test when it is missing or fails (poppler-utils is a test dependency,
/// scripts/deps.sh).
QByteArray runTool(const QString& tool, const QStringList& args) {
    const QString path = QStandardPaths::findExecutable(tool);
    if (path.isEmpty()) {
        qWarning("%s not found: install poppler-utils (scripts/deps.sh test)", qPrintable(tool));
        return {};
    }
    QProcess process;
    process.start(path, args);
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning("%s failed: %s", qPrintable(tool), process.readAllStandardError().constData());
        return {};
    }
    return process.readAllStandardOutput();
}

/// Text for comparing: ligatures split (pdftotext keeps "ﬁ"), white space folded, hyphens left out (a line
/// broken after "vertex-" comes back from pdftotext as "vertexedge").
QString normalised(const QString& text) {
    QString out = text.normalized(QString::NormalizationForm_KC);
    out.remove(QLatin1Char('-'));
    return out.simplified();
}

/// What a reader sees of Markdown.
QString plainOf(const QString& markdown) {
    QTextDocument document;
    document.setMarkdown(markdown);
    return normalised(document.toPlainText());
}

/// The text of each page, in order.
QStringList pagesOf(const QString& pdf) {
    const QString text = QString::fromUtf8(runTool(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}));
    QStringList pages = text.split(QLatin1Char('\f'));
    if (!pages.isEmpty() && pages.back().trimmed().isEmpty()) {
        pages.removeLast();
    }
    for (QString& page : pages) {
        page = normalised(page);
    }
    return pages;
}

int pageCountOf(const QString& pdf) {
    const QString info = QString::fromUtf8(runTool(QStringLiteral("pdfinfo"), {pdf}));
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QStringList lessonFiles() {
    const QDir dir(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons"));
    QStringList out;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        out.append(dir.filePath(name));
    }
    return out;
}

} // namespace

class TestLessonWorksheet : public QObject {
    Q_OBJECT

private slots:
    void everyLessonBothWays_data();
    void everyLessonBothWays();
    void cliWritesTheSameSheet();
    void cliErrors();
    void pageShowsTheScene();
};

void TestLessonWorksheet::everyLessonBothWays_data() {
    QTest::addColumn<QString>("file");
    const QStringList files = lessonFiles();
    QVERIFY(files.size() >= 3);
    int withNotes = 0;
    for (const QString& file : files) {
        auto loaded = loadLessonFile(file);
        if (const auto* lesson = std::get_if<Lesson>(&loaded)) {
            withNotes += std::any_of(lesson->steps.begin(), lesson->steps.end(),
                                     [](const LessonStep& step) { return !step.teacherNotes.isEmpty(); });
        }
    }
    QVERIFY(withNotes > 0);
    for (const QString& file : files) {
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
    }
}

void TestLessonWorksheet::everyLessonBothWays() {
    QFETCH(QString, file);
    auto loaded = loadLessonFile(file);
    if (const auto* error = std::get_if<LessonError>(&loaded)) {
        QFAIL(qPrintable(error->toString()));
    }
    const Lesson& lesson = std::get<Lesson>(loaded);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString student = dir.filePath(QStringLiteral("student.pdf"));
    const QString teacher = dir.filePath(QStringLiteral("teacher.pdf"));
    QCOMPARE(writeLessonWorksheet(lesson, student, WorksheetKind::Student), QString());
    QCOMPARE(writeLessonWorksheet(lesson, teacher, WorksheetKind::Teacher), QString());

    const int steps = static_cast<int>(lesson.steps.size());
    QCOMPARE(worksheetPageCount(lesson), steps);
    QCOMPARE(pageCountOf(student), steps);
    QCOMPARE(pageCountOf(teacher), steps);
    const QStringList studentPages = pagesOf(student);
    const QStringList teacherPages = pagesOf(teacher);
    QCOMPARE(studentPages.size(), steps);
    QCOMPARE(teacherPages.size(), steps);

    int questions = 0;
    int notes = 0;
    for (int i = 0; i < steps; ++i) {
        const LessonStep& step = lesson.steps[static_cast<std::size_t>(i)];
        const QString& s = studentPages[i];
        const QString& t = teacherPages[i];
        const QString where = QStringLiteral("%1 page %2").arg(QFileInfo(file).fileName()).arg(i + 1);
        QVERIFY2(s.contains(QStringLiteral("Step %1 of %2").arg(i + 1).arg(steps)), qPrintable(where));
        // The step's own words on both sheets.
        const QString words = plainOf(lessonStepMarkdown(step));
        QVERIFY2(s.contains(words),
                 qPrintable(where + QStringLiteral(": ") + words + QStringLiteral("\n") + s));
        QVERIFY2(t.contains(words), qPrintable(where));
        // Teacher notes: only on the teacher's sheet.
        if (!step.teacherNotes.isEmpty()) {
            ++notes;
            const QString note = normalised(step.teacherNotes);
            QVERIFY2(t.contains(QStringLiteral("Teacher's note: ") + note),
                     qPrintable(where + QStringLiteral(": ") + t));
            QVERIFY2(!s.contains(note), qPrintable(where));
        }
        QVERIFY2(!s.contains(QStringLiteral("Teacher's note")), qPrintable(where));
        QVERIFY2(!s.contains(QStringLiteral("Engine's answer")), qPrintable(where));
        if (step.type != LessonStepType::Question) {
            continue;
        }
        ++questions;
        const LessonQuestionEval eval = evaluateLessonQuestion(step, lesson.scene.def);
        QVERIFY2(eval.problem.isEmpty(), qPrintable(where + QStringLiteral(": ") + eval.problem));
        // Every choice, numbered, on both sheets; a number line on the student's for a number.
        for (std::size_t k = 0; k < eval.choices.size(); ++k) {
            const QString line = normalised(QStringLiteral("%1. %2").arg(k + 1).arg(eval.choices[k].label));
            QVERIFY2(s.contains(line), qPrintable(where + QStringLiteral(": ") + line));
            QVERIFY2(t.contains(line), qPrintable(where + QStringLiteral(": ") + line));
        }
        if (eval.numeric) {
            QVERIFY2(s.contains(QStringLiteral("Your answer: ____")), qPrintable(where));
            QVERIFY2(t.contains(QStringLiteral("Your answer: %1 m").arg(eval.value, 0, 'f', 3)),
                     qPrintable(where));
        }
        // The engine's answer and why: the teacher's sheet only.
        const QString answer = QStringLiteral("Engine's answer: ") + normalised(eval.answerText);
        QVERIFY2(t.contains(answer),
                 qPrintable(where + QStringLiteral(": ") + answer + QStringLiteral("\n") + t));
        QVERIFY2(!s.contains(answer), qPrintable(where));
        if (!eval.why.isEmpty()) {
            const QString why = normalised(eval.why);
            QVERIFY2(t.contains(why), qPrintable(where));
            QVERIFY2(!s.contains(why), qPrintable(where));
        }
        QVERIFY2(s.contains(QStringLiteral("Why? ____")), qPrintable(where));
    }
    QVERIFY(questions > 0);
    // Not every lesson has teacher's notes; the pack as a whole does (everyLessonBothWays_data checks it).
    Q_UNUSED(notes);
}

void TestLessonWorksheet::cliWritesTheSameSheet() {
    const QString file = lessonFiles().value(1);
    auto loaded = loadLessonFile(file);
    QVERIFY(std::holds_alternative<Lesson>(loaded));
    QTemporaryDir dir;
    const QString ours = dir.filePath(QStringLiteral("ours.pdf"));
    const QString cli = dir.filePath(QStringLiteral("cli.pdf"));
    QCOMPARE(writeLessonWorksheet(std::get<Lesson>(loaded), ours, WorksheetKind::Teacher), QString());
    QProcess process;
    process.start(QStringLiteral(CONTACTLAB_CLI),
                  {QStringLiteral("lesson"), QStringLiteral("worksheet"), file, QStringLiteral("--out"), cli,
                   QStringLiteral("--teacher")});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QVERIFY(QString::fromUtf8(process.readAllStandardOutput()).contains(QStringLiteral("pages")));
    QCOMPARE(pagesOf(cli), pagesOf(ours));
}

void TestLessonWorksheet::cliErrors() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "contactlab-lesson", "version": 1, "title": "x", "scene": "nowhere.json",
                "steps": [{"type": "note", "text": "hi"}]})");
    f.close();
    const QString out = dir.filePath(QStringLiteral("out.pdf"));
    auto run = [](const QStringList& args, QString* err) {
        QProcess process;
        process.start(QStringLiteral(CONTACTLAB_CLI), args);
        process.waitForFinished(60000);
        *err = QString::fromUtf8(process.readAllStandardError());
        return process.exitCode();
    };
    QString err;
    QCOMPARE(
        run({QStringLiteral("lesson"), QStringLiteral("worksheet"), bad, QStringLiteral("--out"), out}, &err),
        3);
    QVERIFY2(err.contains(QStringLiteral("bad.json: scene:")), qPrintable(err));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(run({QStringLiteral("lesson"), QStringLiteral("worksheet"), lessonFiles().value(0)}, &err), 2);
    QVERIFY2(err.contains(QStringLiteral("--out FILE.pdf")), qPrintable(err));
    QCOMPARE(run({QStringLiteral("lesson"), QStringLiteral("worksheet"), lessonFiles().value(0),
                  QStringLiteral("--out"), dir.filePath(QStringLiteral("x.png"))},
                 &err),
             2);
}

/// A page drawn by pdftoppm holds the scene: the drawing's frame region has the bodies' fills, not only
/// paper and grid.
void TestLessonWorksheet::pageShowsTheScene() {
    const QString file = lessonFiles().value(1);
    auto loaded = loadLessonFile(file);
    QVERIFY(std::holds_alternative<Lesson>(loaded));
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("s.pdf"));
    QCOMPARE(writeLessonWorksheet(std::get<Lesson>(loaded), pdf, WorksheetKind::Student), QString());
    runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-r"), QStringLiteral("50"), QStringLiteral("-png"),
                                         QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"),
                                         QStringLiteral("1"), pdf, dir.filePath(QStringLiteral("page"))});
    const QStringList pngs = QDir(dir.path()).entryList({QStringLiteral("page*.png")});
    QCOMPARE(pngs.size(), 1);
    const QImage image(dir.filePath(pngs.front()));
    QVERIFY(!image.isNull());
    // Saturated pixels (the bodies' fills and outlines) exist; paper, text and grid are grey.
    int coloured = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            coloured += QColor(image.pixel(x, y)).hsvSaturation() > 80;
        }
    }
    QVERIFY2(coloured > image.width() * image.height() / 200, qPrintable(QString::number(coloured)));
}

QTEST_MAIN(TestLessonWorksheet)
#include "tst_lesson_worksheet.moc"
