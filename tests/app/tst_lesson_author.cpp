/// @file tst_lesson_author.cpp
/// Authoring a lesson in the app, on the real MainWindow with QTest clicks and keys: File > New Lesson,
/// steps added from the current view (a walkthrough position, a note on the selected body with typed text
/// and teacher note, the simulation's solver and time), moved up, deleted, undone and redone with Ctrl+Z and
/// Ctrl+Y; saved, opened again with File > Open Lesson's code and played step by step, each step doing what
/// was authored. The round trip the "Done when" names.

#include "app_test_util.h"
#include "lesson.h"
#include "lesson_commands.h"
#include "lesson_dock.h"
#include "walkthrough_dock.h"

#include <QCheckBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace cl;

namespace {

void click(QWidget* widget) {
    QVERIFY(widget);
    QVERIFY(widget->isVisible());
    QVERIFY(widget->isEnabled());
    QTest::mouseClick(widget, Qt::LeftButton, {}, widget->rect().center());
}

/// Clicks row `row` of the step list.
void clickRow(QListWidget* list, int row) {
    QListWidgetItem* item = list->item(row);
    QVERIFY(item);
    list->scrollToItem(item);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
    QCOMPARE(list->currentRow(), row);
}

/// The parts of a step authoring sets, as one comparable line.
QString describe(const LessonStep& step) {
    QJsonObject o;
    o[QStringLiteral("type")] = QLatin1String(toString(step.type));
    o[QStringLiteral("text")] = step.text;
    o[QStringLiteral("teacher")] = step.teacherNotes;
    if (step.walkthrough) {
        o[QStringLiteral("walk")] = QStringLiteral("%1 %2 %3 %4")
                                        .arg(step.walkthrough->mode)
                                        .arg(step.walkthrough->bodyA)
                                        .arg(step.walkthrough->bodyB)
                                        .arg(step.walkthrough->step);
    }
    QStringList bodies;
    for (int b : step.bodies) {
        bodies << QString::number(b);
    }
    o[QStringLiteral("bodies")] = bodies.join(QLatin1Char(','));
    if (step.type == LessonStepType::Simulation) {
        o[QStringLiteral("action")] = QLatin1String(toString(step.action));
        o[QStringLiteral("until")] = step.until;
        o[QStringLiteral("setting")] = step.setting;
        o[QStringLiteral("value")] = step.value;
    }
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QStringList describeAll(const std::vector<LessonStep>& steps) {
    QStringList out;
    for (const LessonStep& s : steps) {
        out << describe(s);
    }
    return out;
}

} // namespace

class TestLessonAuthor : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_stateDir;

private slots:
    void initTestCase() { cltest::isolateAppState(m_stateDir); }
    void authorSaveReloadPlay();
    void badBodyIndexIsNotSaved();
    void editABuiltInLesson();
    void closingAsksAboutAnUnsavedLesson();
};

void TestLessonAuthor::authorSaveReloadPlay() {
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QApplication::setActiveWindow(window.get());
    const QString sceneFile =
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons/scenes/box-on-plate.json");
    QVERIFY(window->openFile(sceneFile));
    auto* dock = window->findChild<LessonDock*>();
    auto* walkthrough = window->findChild<WalkthroughDock*>();
    auto* sim = window->findChild<SimulationUi*>();
    QVERIFY(dock && walkthrough && sim);
    QUndoStack* undo = window->document()->undoStack();

    // File > New Lesson.
    auto* newLesson = window->findChild<QAction*>(QStringLiteral("actionNewLesson"));
    auto* saveLesson = window->findChild<QAction*>(QStringLiteral("actionSaveLesson"));
    QVERIFY(newLesson && saveLesson);
    QVERIFY(!saveLesson->isEnabled());
    newLesson->trigger();
    QVERIFY(dock->isAuthoring());
    QVERIFY(dock->isVisible());
    QVERIFY(saveLesson->isEnabled());
    auto* title = dock->findChild<QLineEdit*>(QStringLiteral("lessonAuthorTitle"));
    auto* list = dock->findChild<QListWidget*>(QStringLiteral("lessonAuthorSteps"));
    auto* addFromView = dock->findChild<QPushButton*>(QStringLiteral("lessonAddFromView"));
    auto* addNote = dock->findChild<QPushButton*>(QStringLiteral("lessonAddNote"));
    auto* up = dock->findChild<QPushButton*>(QStringLiteral("lessonStepUp"));
    auto* del = dock->findChild<QPushButton*>(QStringLiteral("lessonStepDelete"));
    auto* text = dock->findChild<QPlainTextEdit*>(QStringLiteral("lessonAuthorText"));
    auto* teacher = dock->findChild<QPlainTextEdit*>(QStringLiteral("lessonAuthorTeacherNotes"));
    QVERIFY(title && list && addFromView && addNote && up && del && text && teacher);
    QCOMPARE(list->count(), 0);

    // The title, typed over the default (it has focus with its text selected).
    QVERIFY(title->hasFocus());
    QTest::keyClicks(title, QStringLiteral("Box on a plate"));
    QCOMPARE(dock->editor()->lesson().title, QStringLiteral("Box on a plate"));

    std::vector<LessonStep> expected;
    // 1. A walkthrough position: clipping of plate and box, step 3 (chosen in the Walkthrough dock).
    walkthrough->show();
    walkthrough->raise();
    walkthrough->setMode(WalkthroughMode::Clipping);
    QVERIFY(walkthrough->setPair(0, 1));
    walkthrough->setStep(2);
    click(addFromView);
    {
        LessonStep s;
        s.type = LessonStepType::Walkthrough;
        s.walkthrough = LessonWalkthroughRef{QStringLiteral("clipping"), 0, 1, 3};
        expected.push_back(s);
    }
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    QCOMPARE(list->currentRow(), 0);

    // 2. A note on the box (selected on the canvas), its text and teacher note typed in.
    window->canvas()->setSelection({window->document()->keyAt(1)});
    click(addNote);
    QVERIFY(text->hasFocus());
    QTest::keyClicks(text, QStringLiteral("The box is tilted: which edge touches?"));
    QTest::mouseClick(teacher->viewport(), Qt::LeftButton);
    QTest::keyClicks(teacher, QStringLiteral("Ask before revealing."));
    {
        LessonStep s;
        s.type = LessonStepType::Note;
        s.bodies = {1};
        s.text = QStringLiteral("The box is tilted: which edge touches?");
        s.teacherNotes = QStringLiteral("Ask before revealing.");
        expected.push_back(s);
    }
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    QCOMPARE(list->item(1)->text(), QStringLiteral("2. Note: The box is tilted: which edge touches?"));

    // Typing is one undo step per field: Ctrl+Z takes the teacher note back whole, Ctrl+Y restores it.
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(dock->editor()->lesson().steps[1].teacherNotes, QString());
    QCOMPARE(teacher->toPlainText(), QString());
    QTest::keyClick(list, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(dock->editor()->lesson().steps[1].teacherNotes, QStringLiteral("Ask before revealing."));
    QCOMPARE(teacher->toPlainText(), QStringLiteral("Ask before revealing."));

    // 3. The simulation state: Verlet, 30 steps in (t = 0.5 s). The scene's solver is the impulse solver.
    QCOMPARE(window->document()->scene().def.settings.solver, phys::SolverKind::Impulse);
    cltest::startSimulating(*window, *sim);
    phys::WorldSettings verlet = sim->controller()->settings();
    verlet.solver = phys::SolverKind::Verlet;
    QVERIFY(sim->controller()->setSettings(verlet));
    for (int i = 0; i < 30; ++i) {
        sim->controller()->stepForward();
    }
    QVERIFY(std::abs(sim->controller()->currentTime() - 0.5) < 1e-9);
    const int undoBefore = undo->index();
    click(addFromView);
    QCOMPARE(undo->index(), undoBefore + 1); // one command for the whole state
    {
        LessonStep s;
        s.type = LessonStepType::Simulation;
        s.action = LessonSimulationAction::Set;
        s.setting = QStringLiteral("solver");
        s.value = QStringLiteral("verlet");
        expected.push_back(s);
        LessonStep run;
        run.type = LessonStepType::Simulation;
        run.action = LessonSimulationAction::Run;
        run.until = 0.5;
        expected.push_back(run);
    }
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    sim->simulateAction()->trigger(); // back to the edited scene

    // 4. A note with nothing selected, to be deleted; 5. the SAT walkthrough's first step.
    window->canvas()->setSelection({});
    clickRow(list, 3);
    click(addNote);
    QTest::keyClicks(text, QStringLiteral("Delete me"));
    {
        LessonStep s;
        s.type = LessonStepType::Note;
        s.text = QStringLiteral("Delete me");
        expected.push_back(s);
    }
    walkthrough->show();
    walkthrough->setMode(WalkthroughMode::Sat);
    walkthrough->setStep(0);
    click(addFromView);
    {
        LessonStep s;
        s.type = LessonStepType::Walkthrough;
        s.walkthrough = LessonWalkthroughRef{QStringLiteral("sat"), 0, 1, 1};
        expected.push_back(s);
    }
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    QCOMPARE(list->count(), 6);

    // Reorder: the SAT step up to the front (five clicks on Up).
    clickRow(list, 5);
    for (int i = 0; i < 5; ++i) {
        click(up);
    }
    QVERIFY(!up->isEnabled());
    std::rotate(expected.begin(), expected.begin() + 5, expected.end());
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    QCOMPARE(list->currentRow(), 0);

    // Delete "Delete me" (now step 6), undo it back, redo the delete.
    clickRow(list, 5);
    QCOMPARE(dock->editor()->lesson().steps[5].text, QStringLiteral("Delete me"));
    const QStringList withIt = describeAll(expected);
    click(del);
    expected.erase(expected.begin() + 5);
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(describeAll(dock->editor()->lesson().steps), withIt);
    QCOMPARE(list->currentRow(), 5);
    QTest::keyClick(list, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    // Undo of a move puts the step back; redo moves it again.
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier); // the delete
    QTest::keyClick(list, Qt::Key_Z, Qt::ControlModifier); // the last Up
    QCOMPARE(dock->editor()->lesson().steps[1].walkthrough->mode, QStringLiteral("sat"));
    QTest::keyClick(list, Qt::Key_Y, Qt::ControlModifier);
    QTest::keyClick(list, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(expected));
    QCOMPARE(list->count(), 5);

    // Save (File > Save Lesson asks for a file name the first time; the dock writes it).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString lessonFile = dir.filePath(QStringLiteral("box.json"));
    QVERIFY(dock->saveLessonTo(lessonFile));
    QCOMPARE(dock->lessonFileName(), lessonFile);
    QFile saved(lessonFile);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(saved.readAll()).object();
    QCOMPARE(json.value(QStringLiteral("title")).toString(), QStringLiteral("Box on a plate"));
    QVERIFY(json.value(QStringLiteral("scene")).isObject()); // inline by default
    // File > Save Lesson again writes the same file without asking.
    saveLesson->trigger();
    QVERIFY(QFileInfo::exists(lessonFile));

    // The same lesson by relative path, next to the scene saved in a sub-folder.
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scenes")));
    QString error;
    QVERIFY2(window->document()->save(dir.filePath(QStringLiteral("scenes/plate.json")), &error),
             qPrintable(error));
    click(dock->findChild<QCheckBox*>(QStringLiteral("lessonSceneInline")));
    const QString byPath = dir.filePath(QStringLiteral("by-path.json"));
    QVERIFY(dock->saveLessonTo(byPath));
    QFile savedByPath(byPath);
    QVERIFY(savedByPath.open(QIODevice::ReadOnly));
    QCOMPARE(
        QJsonDocument::fromJson(savedByPath.readAll()).object().value(QStringLiteral("scene")).toString(),
        QStringLiteral("scenes/plate.json"));
    const Lesson authored = *dock->currentLesson(&error);

    // The worksheet of the lesson being written (File > Export Lesson as PDF, Teacher's Sheet): one page per
    // step, the typed text and the teacher's note on it (read back with poppler's pdftotext).
    auto* exportTeacher = window->findChild<QAction*>(QStringLiteral("actionExportLessonPdfTeacher"));
    QVERIFY(exportTeacher && exportTeacher->isEnabled());
    const QString pdf = dir.filePath(QStringLiteral("box.pdf"));
    QVERIFY(dock->exportWorksheet(pdf, WorksheetKind::Teacher));
    QProcess pdftotext;
    pdftotext.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY2(pdftotext.waitForFinished(60000) && pdftotext.exitCode() == 0,
             "pdftotext (poppler-utils) failed");
    const QStringList pages = QString::fromUtf8(pdftotext.readAllStandardOutput()).split(QLatin1Char('\f'));
    QCOMPARE(pages.size(), 6); // 5 pages and what follows the last form feed
    const QString notePage = pages[2].simplified();
    QVERIFY2(notePage.contains(QStringLiteral("The box is tilted: which edge touches?")),
             qPrintable(notePage));
    QVERIFY2(notePage.contains(QStringLiteral("Teacher's note: Ask before revealing.")),
             qPrintable(notePage));

    // Reload both and compare with what was authored.
    for (const QString& file : {byPath, lessonFile}) {
        auto loaded = loadLessonFile(file);
        if (const auto* problem = std::get_if<LessonError>(&loaded)) {
            QFAIL(qPrintable(problem->toString()));
        }
        const Lesson& lesson = std::get<Lesson>(loaded);
        QCOMPARE(lesson.title, authored.title);
        QCOMPARE(describeAll(lesson.steps), describeAll(expected));
        QVERIFY(lesson.scene == authored.scene);
    }

    // Play it: File > Open Lesson's code, then Next through every step.
    QVERIFY(dock->openLesson(lessonFile));
    QVERIFY(!dock->isAuthoring());
    QCOMPARE(dock->stepCount(), 5);
    auto* next = dock->findChild<QPushButton*>(QStringLiteral("lessonNext"));
    auto* shown = dock->findChild<QLabel*>(QStringLiteral("lessonText"));
    // Step 1: SAT, first step.
    QCOMPARE(walkthrough->mode(), WalkthroughMode::Sat);
    QCOMPARE(walkthrough->indexA(), 0);
    QCOMPARE(walkthrough->indexB(), 1);
    QCOMPARE(walkthrough->currentStep(), 0);
    // Step 2: clipping step 3.
    click(next);
    QCOMPARE(walkthrough->mode(), WalkthroughMode::Clipping);
    QCOMPARE(walkthrough->currentStep(), 2);
    // Step 3: the note, the box selected, the typed text shown; its teacher note only in teacher view.
    click(next);
    QCOMPARE(window->canvas()->selection(), QList<quint64>{window->document()->keyAt(1)});
    QVERIFY(shown->text().contains(QStringLiteral("The box is tilted: which edge touches?")));
    auto* notes = dock->findChild<QLabel*>(QStringLiteral("lessonTeacherNotes"));
    QVERIFY(!notes->isVisible());
    dock->setTeacherView(true);
    QVERIFY(notes->isVisible());
    QVERIFY(notes->text().contains(QStringLiteral("Ask before revealing.")));
    dock->setTeacherView(false);
    // Steps 4 and 5: Verlet, then the run to 0.5 s.
    click(next);
    QVERIFY(sim->simulateAction()->isChecked());
    QCOMPARE(sim->controller()->settings().solver, phys::SolverKind::Verlet);
    click(next);
    QVERIFY(std::abs(sim->controller()->currentTime() - 0.5) < 1e-9);
    QVERIFY(!next->isEnabled());
}

/// A step pointing at a body the scene no longer has is refused at save, naming the step, and nothing is
/// written.
void TestLessonAuthor::badBodyIndexIsNotSaved() {
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QStringList errors;
    window->setErrorReporter([&errors](const QString&, const QString& message) { errors << message; });
    QVERIFY(window->openFile(
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons/scenes/box-on-plate.json")));
    auto* dock = window->findChild<LessonDock*>();
    window->findChild<QAction*>(QStringLiteral("actionNewLesson"))->trigger();
    window->canvas()->setSelection({window->document()->keyAt(1)});
    click(dock->findChild<QPushButton*>(QStringLiteral("lessonAddNote")));
    // A lesson edit is not a change to the scene file: nothing asks to save the scene for it.
    QVERIFY(!window->document()->isModified());
    // The box goes: the note's body 1 no longer exists.
    window->canvas()->setSelection({window->document()->keyAt(1)});
    QAction* remove = window->findChild<QAction*>(QStringLiteral("actionDelete"));
    QVERIFY(remove);
    remove->trigger();
    QCOMPARE(window->document()->bodyCount(), 1);
    QVERIFY(window->document()->isModified());
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(!dock->saveLessonTo(file));
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.front().contains(QStringLiteral("steps[0].bodies[0]")), qPrintable(errors.front()));
    // Undo brings the box back (the scene's and the lesson's edits share the stack), and the save works.
    QTest::keyClick(window->canvas(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->document()->bodyCount(), 2);
    QVERIFY(!window->document()->isModified());
    QVERIFY(dock->saveLessonTo(file));
}

/// Edit on a lesson being played turns it into one being authored, steps and all; saved unchanged it reads
/// back equal to the built-in file.
void TestLessonAuthor::editABuiltInLesson() {
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto* dock = window->findChild<LessonDock*>();
    const QString builtIn = LessonDock::builtInLessons().value(0);
    QVERIFY(dock->openLesson(builtIn));
    click(dock->findChild<QPushButton*>(QStringLiteral("lessonEdit")));
    QVERIFY(dock->isAuthoring());
    auto original = loadLessonFile(builtIn);
    QVERIFY(std::holds_alternative<Lesson>(original));
    QCOMPARE(describeAll(dock->editor()->lesson().steps), describeAll(std::get<Lesson>(original).steps));
    QCOMPARE(dock->findChild<QListWidget*>(QStringLiteral("lessonAuthorSteps"))->count(),
             static_cast<int>(std::get<Lesson>(original).steps.size()));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("copy.json"));
    QVERIFY(dock->saveLessonTo(file));
    auto copy = loadLessonFile(file);
    QVERIFY(std::holds_alternative<Lesson>(copy));
    QVERIFY(std::get<Lesson>(copy) == std::get<Lesson>(original));
}

QTEST_MAIN(TestLessonAuthor)
/// A lesson being written is not part of the scene file: closing the window asks about it on its own
/// (Cancel keeps the window, Save writes it, and a saved lesson closes without a question).
void TestLessonAuthor::closingAsksAboutAnUnsavedLesson() {
    auto window = cltest::makeTestWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openFile(
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/lessons/scenes/box-on-plate.json")));
    auto* dock = window->findChild<LessonDock*>();
    window->findChild<QAction*>(QStringLiteral("actionNewLesson"))->trigger();
    QVERIFY(!dock->hasUnsavedLesson()); // nothing written yet
    click(dock->findChild<QPushButton*>(QStringLiteral("lessonAddNote")));
    QVERIFY(dock->hasUnsavedLesson());
    QVERIFY(!window->document()->isModified()); // the scene's own question would not cover it

    QString asked;
    auto answer = [&asked](QMessageBox::StandardButton which) {
        QTimer::singleShot(0, [&asked, which] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box != nullptr) {
                asked = box->text();
                QTest::mouseClick(box->button(which), Qt::LeftButton);
            }
        });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!window->close());
    QVERIFY2(asked.contains(QStringLiteral("unsaved changes")), qPrintable(asked));
    QVERIFY(window->isVisible());

    // Saved, it closes without asking.
    QTemporaryDir dir;
    QVERIFY(dock->saveLessonTo(dir.filePath(QStringLiteral("written.json"))));
    QVERIFY(!dock->hasUnsavedLesson());
    asked.clear();
    QVERIFY(window->close());
    QVERIFY(asked.isEmpty());
}

#include "tst_lesson_author.moc"
