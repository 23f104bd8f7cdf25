/// @file tst_cli_lesson.cpp
/// `contactlab-cli lesson check`: every built-in lesson checks out (exit 0) and prints each question with
/// the engine's answer; a lesson whose scene no longer suits a question, a hostile lesson and usage errors
/// get exit 3 / 2 with a located message.

#include "cli_test_util.h"
#include "lesson.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cl;

class TestCliLesson : public QObject {
    Q_OBJECT

private slots:
    void builtInLessonsCheck_data() {
        QTest::addColumn<QString>("file");
        const QDir dir(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons"));
        for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
        }
    }
    void builtInLessonsCheck() {
        QFETCH(QString, file);
        const auto run = cltest::runCli({QStringLiteral("lesson"), QStringLiteral("check"), file});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const auto loaded = loadLessonFile(file);
        QVERIFY(std::holds_alternative<Lesson>(loaded));
        const Lesson& lesson = std::get<Lesson>(loaded);
        QVERIFY(run.out.startsWith(QStringLiteral("ok: \"%1\"").arg(lesson.title)));
        int questions = 0;
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            if (lesson.steps[i].type == LessonStepType::Question) {
                ++questions;
                QVERIFY(run.out.contains(QStringLiteral("steps[%1] %2: ")
                                             .arg(i)
                                             .arg(QLatin1String(toString(lesson.steps[i].kind)))));
            }
        }
        QCOMPARE(run.out.count(QStringLiteral("  answer: ")), questions);
    }

    /// The clipping lesson with its box lifted off the plate: the edge questions cannot be asked any more,
    /// and the check says which steps.
    void editedSceneIsReported() {
        auto loaded =
            loadLessonFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons/04-clipping.json"));
        QVERIFY(std::holds_alternative<Lesson>(loaded));
        Lesson lesson = std::get<Lesson>(loaded);
        lesson.scenePath.clear(); // write the scene inline
        lesson.scene.def.bodies[1].position.y += 2.0;
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("lifted.json"));
        QCOMPARE(saveLessonFile(lesson, file), QString());
        const auto run = cltest::runCli({QStringLiteral("lesson"), QStringLiteral("check"), file});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.out.startsWith(QStringLiteral("problems: ")));
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const LessonStep& step = lesson.steps[i];
            const bool geometric =
                step.type == LessonStepType::Question && step.kind != LessonQuestionKind::MultipleChoice;
            QCOMPARE(run.err.contains(QStringLiteral("steps[%1]: this question cannot be asked").arg(i)),
                     geometric);
        }
    }

    void hostileLesson() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("bad.json"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("{\"format\": \"contactlab-lesson\", \"version\": 1, \"title\": \"t\", \"scene\": "
                  "\"missing.json\", "
                  "\"steps\": []}");
        out.close();
        const auto run = cltest::runCli({QStringLiteral("lesson"), QStringLiteral("check"), file});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(file + QStringLiteral(": scene: ")) &&
                     run.err.contains(QStringLiteral("missing.json")),
                 qPrintable(run.err));
    }

    void usage() {
        QCOMPARE(cltest::runCli({QStringLiteral("lesson")}).exitCode, 2);
        QCOMPARE(cltest::runCli({QStringLiteral("lesson"), QStringLiteral("grade"), QStringLiteral("x.json")})
                     .exitCode,
                 2);
        QCOMPARE(cltest::runCli({QStringLiteral("lesson"), QStringLiteral("check")}).exitCode, 2);
        QCOMPARE(cltest::runCli({QStringLiteral("lesson"), QStringLiteral("check"), QStringLiteral("--bogus"),
                                 QStringLiteral("x.json")})
                     .exitCode,
                 2);
        const auto help = cltest::runCli({QStringLiteral("lesson"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QStringLiteral("check LESSON")));
    }
};

QTEST_GUILESS_MAIN(TestCliLesson)
#include "tst_cli_lesson.moc"
