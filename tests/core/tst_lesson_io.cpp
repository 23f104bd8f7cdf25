/// @file tst_lesson_io.cpp
/// The lesson file reader and writer (app/core/lesson): the built-in pack loads, every field and unknown key
/// round-trips (load -> save -> load gives equal lessons and the same bytes), a scene by relative path
/// resolves against the lesson's folder, and hostile lessons get an error naming the JSON path.

#include "lesson.h"
#include "scene_io.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cl;

namespace {

QString lessonsDir() {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons");
}

/// tests/fixtures/lessons/full.json: a lesson that uses every step type, every question kind and every optional key, plus unknown keys.
QByteArray fullLesson() {
    QFile file(QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/lessons/full.json"));
    if (!file.open(QIODevice::ReadOnly)) {
        qFatal("cannot read tests/fixtures/lessons/full.json");
    }
    return file.readAll();
}

Lesson parseOrFail(const QByteArray& json, const QString& baseDir = {}) {
    auto result = parseLesson(json, baseDir);
    if (const auto* error = std::get_if<LessonError>(&result)) {
        qWarning("%s", qPrintable(error->toString()));
        return {};
    }
    return std::get<Lesson>(std::move(result));
}

} // namespace

class TestLessonIo : public QObject {
    Q_OBJECT

private slots:
    void builtInPackLoads_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 3);
        for (const QString& f : files) {
            QTest::newRow(qPrintable(f)) << QDir(lessonsDir()).filePath(f);
        }
    }
    void builtInPackLoads() {
        QFETCH(QString, file);
        auto result = loadLessonFile(file);
        const auto* error = std::get_if<LessonError>(&result);
        QVERIFY2(!error, error ? qPrintable(error->toString()) : "");
        const Lesson& lesson = std::get<Lesson>(result);
        QVERIFY(!lesson.title.isEmpty());
        QVERIFY(!lesson.steps.empty());
        QVERIFY(lesson.scene.def.bodies.size() >= 2);
        // Predict, then reveal: the Walkthrough dock's table shows every axis, stage and method of its pair at
        // once, so a walkthrough step on a pair before a question on that pair would give the answer away.
        const auto samePair = [](int a, int b, int c, int d) {
            return (a == c && b == d) || (a == d && b == c);
        };
        for (std::size_t q = 0; q < lesson.steps.size(); ++q) {
            const LessonStep& question = lesson.steps[q];
            const bool paired = question.type == LessonStepType::Question &&
                                question.kind != LessonQuestionKind::MultipleChoice &&
                                question.kind != LessonQuestionKind::Tunnels &&
                                question.kind != LessonQuestionKind::StableSolver;
            for (std::size_t w = 0; paired && w < q; ++w) {
                const auto& ref = lesson.steps[w].walkthrough;
                QVERIFY2(!ref || !samePair(ref->bodyA, ref->bodyB, question.bodyA, question.bodyB),
                         qPrintable(QStringLiteral(
                                        "steps[%1] shows the walkthrough of the pair steps[%2] asks about")
                                        .arg(w)
                                        .arg(q)));
            }
        }
    }

    void fullLessonReadsEveryField() {
        const Lesson lesson = parseOrFail(fullLesson());
        QCOMPARE(lesson.title, QStringLiteral("Everything \"quoted\" é"));
        QCOMPARE(lesson.description, QStringLiteral("A *description*."));
        QVERIFY(lesson.unknownTopLevel.contains(QStringLiteral("futureKey")));
        QCOMPARE(lesson.scene.def.bodies.size(), std::size_t(3));
        QCOMPARE(lesson.scene.def.settings.gravity.x, 0.1);
        QCOMPARE(lesson.steps.size(), std::size_t(19));
        const LessonStep& note = lesson.steps[0];
        QCOMPARE(note.type, LessonStepType::Note);
        QCOMPARE(note.text, QStringLiteral("# Hi\n*there*"));
        QCOMPARE(note.bodies, (std::vector<int>{0, 2}));
        QCOMPARE(note.teacherNotes, QStringLiteral("secret"));
        QVERIFY(note.walkthrough.has_value());
        QCOMPARE(note.walkthrough->mode, QStringLiteral("clipping"));
        QCOMPARE(note.walkthrough->bodyA, 1);
        QCOMPARE(note.walkthrough->bodyB, 0);
        QCOMPARE(note.walkthrough->step, 2);
        QCOMPARE(note.unknownKeys.value(QStringLiteral("extra")).toArray().size(), 2);
        QCOMPARE(lesson.steps[2].type, LessonStepType::Walkthrough);
        QCOMPARE(lesson.steps[2].walkthrough->mode, QStringLiteral("methods"));
        QCOMPARE(lesson.steps[3].walkthrough->step, 0);
        QCOMPARE(lesson.steps[4].action, LessonSimulationAction::Run);
        QCOMPARE(lesson.steps[4].until, 1.25);
        QCOMPARE(lesson.steps[5].action, LessonSimulationAction::Pause);
        QCOMPARE(lesson.steps[6].setting, QStringLiteral("solver"));
        QCOMPARE(lesson.steps[6].value.toString(), QStringLiteral("verlet"));
        QCOMPARE(lesson.steps[10].kind, LessonQuestionKind::MtvDirection);
        QCOMPARE(lesson.steps[10].bodyA, 1);
        QCOMPARE(lesson.steps[14].tolerance, 0.015);
        const LessonStep& tunnel = lesson.steps[15];
        QCOMPARE(tunnel.kind, LessonQuestionKind::Tunnels);
        QCOMPARE(tunnel.body, 2);
        QCOMPARE(tunnel.target, 0);
        QCOMPARE(tunnel.velocity.x, -80.5);
        QCOMPARE(tunnel.velocity.y, 0.25);
        QCOMPARE(tunnel.duration, 0.75);
        const LessonStep& choice = lesson.steps[16];
        QCOMPARE(choice.choices, (QStringList{"x", "y", "z"}));
        QCOMPARE(choice.answer, 2);
        QCOMPARE(choice.explanation, QStringLiteral("because"));
        QVERIFY(!choice.freeText);
        const LessonStep& written = lesson.steps[17];
        QVERIFY(written.freeText);
        QCOMPARE(written.keywords, (QStringList{"impulse", "Rest"}));
        const LessonStep& solver = lesson.steps[18];
        QCOMPARE(solver.kind, LessonQuestionKind::StableSolver);
        QCOMPARE(solver.candidates, (std::vector<LessonSolverCandidate>{LessonSolverCandidate::PushOut,
                                                                        LessonSolverCandidate::Verlet}));
        QCOMPARE(solver.watch, (std::vector<int>{2, 1}));
        QCOMPARE(solver.duration, 2.5);
        QCOMPARE(solver.drift, 0.03);
        // Without "candidates" the question compares all four.
        const Lesson defaults = parseOrFail(QByteArray(R"({"format": "contactlab-lesson", "version": 1,
            "title": "t", "scene": {"format": "contactlab-scene", "version": 1, "bodies": []},
            "steps": [{"type": "question", "kind": "stable-solver", "prompt": "p", "drift": 0.1}]})"));
        QCOMPARE(defaults.steps.at(0).candidates, allLessonSolverCandidates());
        QCOMPARE(defaults.steps.at(0).duration, 3.0);
    }

    void roundTripLosesNothing_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("baseDir");
        QTest::newRow("full") << fullLesson() << QString();
        for (const QString& f : QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files)) {
            QFile file(QDir(lessonsDir()).filePath(f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QTest::newRow(qPrintable(f)) << file.readAll() << lessonsDir();
        }
    }
    void roundTripLosesNothing() {
        QFETCH(QByteArray, json);
        QFETCH(QString, baseDir);
        const Lesson first = parseOrFail(json, baseDir);
        QVERIFY(!first.steps.empty());
        const QByteArray written = serializeLesson(first);
        const Lesson second = parseOrFail(written, baseDir);
        QVERIFY(first == second);
        QCOMPARE(serializeLesson(second), written);
        // The writer's own order: the keys a teacher reads first come first.
        QVERIFY(written.indexOf("\"format\"") < written.indexOf("\"title\""));
        QVERIFY(written.indexOf("\"title\"") < written.indexOf("\"steps\""));
    }

    void editedLessonsDiffer() {
        const Lesson base = parseOrFail(fullLesson());
        Lesson edited = base;
        edited.steps[15].velocity.x = -80.50000000000001;
        QVERIFY(base != edited);
        edited = base;
        edited.scene.def.bodies[1].angle = 0.3;
        QVERIFY(base != edited);
        edited = base;
        edited.steps[0].teacherNotes.clear();
        QVERIFY(base != edited);
        // Each new key counts: an edit to any of them makes a different lesson.
        edited = base;
        edited.steps[17].keywords.removeLast();
        QVERIFY(base != edited);
        edited = base;
        edited.steps[17].freeText = false;
        edited.steps[17].keywords.clear();
        QVERIFY(base != edited);
        edited = base;
        edited.steps[18].drift = 0.031;
        QVERIFY(base != edited);
        edited = base;
        edited.steps[18].watch.pop_back();
        QVERIFY(base != edited);
        edited = base;
        edited.steps[18].candidates.pop_back();
        QVERIFY(base != edited);
        edited = base;
        edited.steps[0].teacherNotes.clear();
        // A changed lesson written and read again keeps the change.
        const Lesson reread = parseOrFail(serializeLesson(edited));
        QVERIFY(reread.steps[0].teacherNotes.isEmpty());
        QVERIFY(reread == edited);
    }

    void sceneByRelativePath() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("sub/scenes")));
        QVERIFY(QFile::copy(lessonsDir() + QStringLiteral("/scenes/box-on-plate.json"),
                            dir.filePath(QStringLiteral("sub/scenes/plate.json"))));
        Lesson lesson = parseOrFail(fullLesson());
        const auto sceneLoaded = loadSceneFile(dir.filePath(QStringLiteral("sub/scenes/plate.json")));
        QVERIFY(std::holds_alternative<Scene>(sceneLoaded));
        lesson.scene = std::get<Scene>(sceneLoaded);
        lesson.scenePath = QStringLiteral("scenes/plate.json");
        // This scene has two bodies: the steps that name body 2 name body 1 instead.
        lesson.steps.resize(15);
        lesson.steps[0].bodies = {0, 1};
        lesson.steps[3].walkthrough->bodyA = 1;
        const QString fileName = dir.filePath(QStringLiteral("sub/lesson.json"));
        QCOMPARE(saveLessonFile(lesson, fileName), QString());
        QFile written(fileName);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY(text.contains("\"scene\": \"scenes/plate.json\""));
        QVERIFY(!text.contains("contactlab-scene")); // the scene stays its own file
        auto reread = loadLessonFile(fileName);
        const auto* rereadError = std::get_if<LessonError>(&reread);
        QVERIFY2(!rereadError, rereadError ? qPrintable(rereadError->toString()) : "");
        QVERIFY(lesson == std::get<Lesson>(reread));

        // The scene file gone: the error names the lesson, the key and the scene file.
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("sub/scenes/plate.json"))));
        auto missing = loadLessonFile(fileName);
        const auto* error = std::get_if<LessonError>(&missing);
        QVERIFY(error);
        QCOMPARE(error->file, fileName);
        QCOMPARE(error->path, QStringLiteral("scene"));
        QVERIFY2(error->message.contains(QStringLiteral("plate.json")) &&
                     error->message.contains(QStringLiteral("no such file")),
                 qPrintable(error->message));
    }

    void missingFileNamesIt() {
        auto result = loadLessonFile(QStringLiteral("/nonexistent/lesson.json"));
        const auto* error = std::get_if<LessonError>(&result);
        QVERIFY(error);
        QCOMPARE(error->toString(), QStringLiteral("/nonexistent/lesson.json: no such file"));
    }

    void hostileLessons_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const QByteArray scene =
            R"({"format": "contactlab-scene", "version": 1, "bodies": [
                 {"shapes": [{"type": "circle", "radius": 1}]}, {"shapes": [{"type": "circle", "radius": 1}]}]})";
        const auto lesson = [&](const QByteArray& steps, const QByteArray& sceneText = {}) {
            return QByteArray(R"({"format": "contactlab-lesson", "version": 1, "title": "t", "scene": )") +
                   (sceneText.isEmpty() ? scene : sceneText) + R"(, "steps": [)" + steps + "]}";
        };
        const auto question = [&](const QByteArray& rest) {
            return lesson(R"({"type": "question", "prompt": "p", )" + rest + "}");
        };
        QTest::newRow("empty") << QByteArray("  \n") << ""
                               << "empty";
        QTest::newRow("not json") << QByteArray("{\"format\": ") << ""
                                  << "not valid JSON";
        QTest::newRow("array") << QByteArray("[1]") << ""
                               << "must be a JSON object";
        QTest::newRow("scene file") << QByteArray(R"({"format": "contactlab-scene", "version": 1})")
                                    << "format"
                                    << "this is a scene file";
        QTest::newRow("format type") << QByteArray(R"({"format": 3, "version": 1})") << "format"
                                     << "got the number 3";
        QTest::newRow("version") << QByteArray(R"({"format": "contactlab-lesson", "version": 2})")
                                 << "version"
                                 << "unsupported version";
        QTest::newRow("no title") << QByteArray(R"({"format": "contactlab-lesson", "version": 1})") << "title"
                                  << "missing";
        QTest::newRow("blank title") << QByteArray(
                                            R"({"format": "contactlab-lesson", "version": 1, "title": " "})")
                                     << "title"
                                     << "must not be empty";
        QTest::newRow("no scene") << QByteArray(
                                         R"({"format": "contactlab-lesson", "version": 1, "title": "t"})")
                                  << "scene"
                                  << "missing";
        QTest::newRow("scene number") << lesson("", "7") << "scene"
                                      << "a scene object or a relative path";
        QTest::newRow("absolute scene") << lesson("", "\"/etc/passwd\"") << "scene"
                                        << "relative";
        QTest::newRow("inline scene vertex")
            << lesson("", R"({"format": "contactlab-scene", "version": 1, "bodies": [{"shapes": [
                   {"type": "polygon", "vertices": [[0, 0], [1, 0], [1, 1], [0.9, 0.1], [0, 1]]}]}]})")
            << "scene.bodies[0].shapes[0].vertices[3]"
            << "convex";
        QTest::newRow("inline scene format")
            << lesson("", R"({"format": "contactlab-lesson", "version": 1, "bodies": []})") << "scene.format"
            << "contactlab-scene";
        QTest::newRow("no steps")
            << QByteArray(R"({"format": "contactlab-lesson", "version": 1, "title": "t", "scene": )" + scene +
                          "}")
            << "steps"
            << "missing";
        QTest::newRow("empty steps") << lesson("") << "steps"
                                     << "at least one step";
        QTest::newRow("step not object") << lesson("1, 2") << "steps[0]"
                                         << "expected an object";
        QTest::newRow("step type") << lesson(R"({"type": "quiz"})") << "steps[0].type"
                                   << "unknown step type";
        QTest::newRow("note text") << lesson(R"({"type": "note"})") << "steps[0].text"
                                   << "missing";
        QTest::newRow("note text type") << lesson(R"({"type": "note", "text": ["x"]})") << "steps[0].text"
                                        << "expected a string";
        QTest::newRow("note bodies") << lesson(R"({"type": "note", "text": "x"}, {"type": "note", "text": "x",
                                               "bodies": [0, 5]})")
                                     << "steps[1].bodies[1]"
                                     << "no body 5";
        QTest::newRow("note pointer key")
            << lesson(
                   R"({"type": "note", "text": "x", "walkthrough": {"mode": "sat", "pair": [0, 1], "stp": 1}})")
            << "steps[0].walkthrough.stp"
            << "unknown key";
        QTest::newRow("teacher notes type")
            << lesson(R"({"type": "note", "text": "x", "teacherNotes": 1})") << "steps[0].teacherNotes"
            << "expected a string";
        QTest::newRow("mode") << lesson(R"({"type": "walkthrough", "mode": "gjk", "pair": [0, 1]})")
                              << "steps[0].mode"
                              << "unknown mode";
        QTest::newRow("pair missing")
            << lesson(R"({"type": "walkthrough", "mode": "sat"})") << "steps[0].pair"
            << "missing";
        QTest::newRow("pair short") << lesson(R"({"type": "walkthrough", "mode": "sat", "pair": [0]})")
                                    << "steps[0].pair"
                                    << "two body indices";
        QTest::newRow("pair range") << lesson(R"({"type": "walkthrough", "mode": "sat", "pair": [0, 2]})")
                                    << "steps[0].pair[1]"
                                    << "the scene has 2 bodies";
        QTest::newRow("pair fraction")
            << lesson(R"({"type": "walkthrough", "mode": "sat", "pair": [0.5, 1]})") << "steps[0].pair[0]"
            << "integer";
        QTest::newRow("pair same") << lesson(R"({"type": "walkthrough", "mode": "sat", "pair": [1, 1]})")
                                   << "steps[0].pair"
                                   << "two different bodies";
        QTest::newRow("walk step")
            << lesson(R"({"type": "walkthrough", "mode": "sat", "pair": [0, 1], "step": -1})")
            << "steps[0].step"
            << "out of range";
        QTest::newRow("action") << lesson(R"({"type": "simulation", "action": "fly"})") << "steps[0].action"
                                << "unknown action";
        QTest::newRow("run until") << lesson(R"({"type": "simulation", "action": "run"})") << "steps[0].until"
                                   << "missing";
        QTest::newRow("run huge") << lesson(R"({"type": "simulation", "action": "run", "until": 1e300})")
                                  << "steps[0].until"
                                  << "out of range";
        QTest::newRow("set name") << lesson(R"({"type": "simulation", "action": "set", "setting": "gravity",
                                            "value": 1})")
                                  << "steps[0].setting"
                                  << "unknown setting";
        QTest::newRow("set value") << lesson(R"({"type": "simulation", "action": "set", "setting": "solver",
                                             "value": "magic"})")
                                   << "steps[0].value"
                                   << "\"impulse\" or \"verlet\"";
        QTest::newRow("set iterations") << lesson(R"({"type": "simulation", "action": "set",
                                                  "setting": "iterations", "value": 0})")
                                        << "steps[0].value"
                                        << "integer from 1 to 1000";
        // Substeps have their own bound (phys::kMaxSubsteps): the message names it, not iterations' 1000.
        QTest::newRow("set substeps 500") << lesson(R"({"type": "simulation", "action": "set",
                                                    "setting": "substeps", "value": 500})")
                                          << "steps[0].value"
                                          << "expected an integer from 1 to 100";
        QTest::newRow("set substeps word") << lesson(R"({"type": "simulation", "action": "set",
                                                     "setting": "substeps", "value": "many"})")
                                           << "steps[0].value"
                                           << "expected an integer from 1 to 100 or \"auto\"";
        QTest::newRow("kind") << question(R"("kind": "guess", "pair": [0, 1])") << "steps[0].kind"
                              << "unknown question kind";
        QTest::newRow("prompt") << lesson(R"({"type": "question", "kind": "mtv-direction", "pair": [0, 1]})")
                                << "steps[0].prompt"
                                << "missing";
        QTest::newRow("question pair")
            << question(R"("kind": "reference-edge", "pair": [0, 9])") << "steps[0].pair[1]"
            << "no body 9";
        QTest::newRow("tolerance") << question(R"("kind": "contact-depth", "pair": [0, 1], "tolerance": 0)")
                                   << "steps[0].tolerance"
                                   << "> 0";
        QTest::newRow("tunnel velocity")
            << question(R"("kind": "tunnels", "body": 0, "target": 1, "velocity": [0, 0])")
            << "steps[0].velocity"
            << "speed";
        QTest::newRow("tunnel velocity type")
            << question(R"("kind": "tunnels", "body": 0, "target": 1, "velocity": "fast")")
            << "steps[0].velocity"
            << "[vx, vy]";
        QTest::newRow("tunnel same")
            << question(R"("kind": "tunnels", "body": 1, "target": 1, "velocity": [1, 0])")
            << "steps[0].target"
            << "must differ";
        QTest::newRow("tunnel duration")
            << question(R"("kind": "tunnels", "body": 0, "target": 1, "velocity": [1, 0], "duration": 0)")
            << "steps[0].duration"
            << "> 0";
        QTest::newRow("choices few") << question(
                                            R"("kind": "multiple-choice", "choices": ["a"], "answer": 0)")
                                     << "steps[0].choices"
                                     << "2 to 26";
        QTest::newRow("choice type") << question(
                                            R"("kind": "multiple-choice", "choices": ["a", 2], "answer": 0)")
                                     << "steps[0].choices[1]"
                                     << "non-empty string";
        QTest::newRow("answer range")
            << question(R"("kind": "multiple-choice", "choices": ["a", "b"], "answer": 2)")
            << "steps[0].answer"
            << "out of range";
        QTest::newRow("answer missing")
            << question(R"("kind": "multiple-choice", "choices": ["a", "b"])") << "steps[0].answer"
            << "missing";
        QTest::newRow("keywords without free text")
            << question(R"("kind": "multiple-choice", "choices": ["a", "b"], "answer": 0, "keywords": ["x"])")
            << "steps[0].keywords"
            << "freeText";
        QTest::newRow("free text type")
            << question(R"("kind": "multiple-choice", "choices": ["a", "b"], "answer": 0, "freeText": "yes")")
            << "steps[0].freeText"
            << "true or false";
        QTest::newRow("keyword blank") << question(R"("kind": "multiple-choice", "choices": ["a", "b"],
                                                     "answer": 0, "freeText": true, "keywords": ["x", " "])")
                                       << "steps[0].keywords[1]"
                                       << "non-empty string";
        QTest::newRow("solver drift missing") << question(R"("kind": "stable-solver")") << "steps[0].drift"
                                              << "missing";
        QTest::newRow("solver drift zero")
            << question(R"("kind": "stable-solver", "drift": 0)") << "steps[0].drift"
            << "> 0";
        QTest::newRow("solver candidate")
            << question(R"("kind": "stable-solver", "drift": 0.1, "candidates": ["soft-step", "rk4"])")
            << "steps[0].candidates[1]"
            << "\"verlet\"";
        QTest::newRow("solver candidate twice")
            << question(R"("kind": "stable-solver", "drift": 0.1, "candidates": ["verlet", "verlet"])")
            << "steps[0].candidates[1]"
            << "twice";
        QTest::newRow("solver one candidate")
            << question(R"("kind": "stable-solver", "drift": 0.1, "candidates": ["verlet"])")
            << "steps[0].candidates"
            << "at least 2";
        QTest::newRow("solver watch range")
            << question(R"("kind": "stable-solver", "drift": 0.1, "watch": [1, 2])") << "steps[0].watch[1]"
            << "no body 2";
        QTest::newRow("solver duration")
            << question(R"("kind": "stable-solver", "drift": 0.1, "duration": 1e9)") << "steps[0].duration"
            << "out of range";
        QByteArray many;
        for (int i = 0; i <= kMaxLessonSteps; ++i) {
            many += (i ? ", " : "") + QByteArray(R"({"type": "note", "text": "x"})");
        }
        QTest::newRow("too many steps") << lesson(many) << "steps"
                                        << "too many steps";
        QTest::newRow("deep") << QByteArray(2000, '[') + QByteArray(2000, ']') << ""
                              << "not valid JSON";
    }
    void hostileLessons() {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QFETCH(QString, message);
        auto result = parseLesson(json, {});
        const auto* error = std::get_if<LessonError>(&result);
        QVERIFY2(error, "the lesson was accepted");
        QVERIFY2(error->path == path && error->message.contains(message),
                 qPrintable(QStringLiteral("got \"%1\" / \"%2\"").arg(error->path, error->message)));
    }
};

QTEST_GUILESS_MAIN(TestLessonIo)
#include "tst_lesson_io.moc"
