#pragma once
/// @file lesson_dock.h
/// The Lesson dock: plays a lesson file (app/core/lesson.h) step by step over the open scene. Notes show
/// their Markdown and point at bodies or a walkthrough step; walkthrough steps move the Walkthrough dock;
/// simulation steps drive Simulate mode; questions ask the student to commit a guess before anything is
/// revealed. The answer is worked out by the engine when the student commits (lesson_questions.h), then the
/// dock says right or wrong with why and the Walkthrough dock shows the step the answer comes from.
///
/// Student view (the default) hides teacher notes and every answer until the guess is committed; Teacher
/// view shows the notes and the engine's answer beside each question.
///
/// Authoring (File > New Lesson, or Edit on a lesson being played): the dock lists the lesson's steps;
/// "Add Step from Current View" records what the window shows (the simulation's time, solver and settings
/// while simulating; else the Walkthrough dock's tab, pair and step when it is open; else a note pointing at
/// the selected bodies); steps move up and down and are deleted; the texts and teacher notes are edited in
/// place. Every change is an undo command on the document's stack (lesson_commands.h). File > Save Lesson
/// writes the lesson with the scene as it is now, inline or by a path relative to the lesson file.

#include "lesson.h"
#include "lesson_commands.h"
#include "lesson_questions.h"
#include "lesson_worksheet.h"
#include "overlay.h"

#include <QDockWidget>
#include <QList>

#include <optional>

#include <vector>

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QVBoxLayout;

namespace cl {

class LessonDragOverlay;
class LessonPresenter;
class MainWindow;
class WalkthroughDock;

class LessonDock : public QDockWidget {
    Q_OBJECT

public:
    explicit LessonDock(MainWindow& window);
    ~LessonDock() override;

    /// Opens a lesson file: on success its scene replaces the document (after the unsaved-changes prompt)
    /// and the dock shows its first step; on failure the error, naming the place, is reported through the
    /// window and nothing changes.
    bool openLesson(const QString& fileName);
    /// Plays `lesson` (already read); `source` names it in the title bar ("" for none).
    bool startLesson(Lesson lesson, const QString& source);

    bool hasLesson() const { return !m_lesson.steps.empty(); }
    const Lesson& lesson() const { return m_lesson; }
    /// The step shown, 0-based (-1 without a lesson).
    int currentStep() const { return m_step; }
    int stepCount() const { return static_cast<int>(m_lesson.steps.size()); }
    /// Questions answered right, and answered at all.
    int score() const;
    int answeredCount() const;
    int questionCount() const;
    bool teacherView() const { return m_teacherView; }
    /// The current question as the engine answers it now (meaningful on a question step).
    const LessonQuestionEval& currentEvaluation() const { return m_eval; }
    /// True once the current question's answer was committed.
    bool currentAnswered() const;
    /// The verdict text shown after committing (empty before).
    QString verdictText() const;
    /// The sentence the student committed with the current question (freeText questions; empty before).
    QString committedText() const;

    /// What the dock shows for `step` (Markdown): the text or the prompt, after a line saying what a
    /// walkthrough or simulation step does.
    static QString stepMarkdown(const LessonStep& step);
    /// The presenter window (null until opened).
    LessonPresenter* presenter() const { return m_presenter; }

    /// The built-in lesson pack (resource paths, ":/lessons/...json"), sorted.
    static QStringList builtInLessons();

    // Authoring.
    bool isAuthoring() const { return m_authoring; }
    LessonEditor* editor() const { return m_editor; }
    /// The step selected in the authoring list (-1: none).
    int authorSelection() const;
    void setAuthorSelection(int index);
    /// The file the authored lesson was last saved to or opened from ("" for none).
    QString lessonFileName() const { return m_lessonFileName; }
    /// The lesson as it would be saved: the authored steps with the document's scene as it is now (the
    /// player's lesson when not authoring). Checked as the loader checks a file (body indices against the
    /// scene); on a problem, nothing and `error` says where.
    std::optional<Lesson> currentLesson(QString* error) const;
    /// Writes the authored lesson to `fileName`; errors are reported through the window. The scene goes in
    /// inline, or by a path relative to `fileName` when "Keep the scene inside" is off (the scene file must be
    /// saved first).
    bool saveLessonTo(const QString& fileName);
    /// True while authoring a lesson whose steps or title differ from what was last saved or opened.
    bool hasUnsavedLesson() const;
    /// Before `action` (e.g. "close the window"): when the authored lesson has unsaved changes, asks to save
    /// them (File > Save Lesson), discard them or cancel. @return false if the action should not go on.
    bool maybeSaveLesson(const QString& action);
    /// The File > Save Lesson action maybeSaveLesson() triggers (set by installLessons()).
    void setSaveLessonAction(QAction* save) { m_saveLessonAction = save; }
    /// Writes the worksheet of currentLesson(); errors are reported through the window.
    bool exportWorksheet(const QString& fileName, WorksheetKind kind);

public slots:
    void next();
    void back();
    void setStep(int step);
    void setTeacherView(bool teacher);
    /// Commits the answer currently picked in the dock (a guess, then the reveal).
    void commitAnswer();
    /// Opens (or brings back) the presenter window.
    void openPresenter();
    /// Starts authoring a new lesson on the open scene.
    void newLesson();
    /// Turns the lesson being played into one being authored (its answers and score are dropped).
    void editLesson();
    /// Adds a step recording what the window shows (see the class comment), after the selected step.
    void addStepFromView();
    /// Adds a note after the selected step, pointing at the selected bodies.
    void addNote();
    void moveStepUp();
    void moveStepDown();
    void deleteStep();

public:
    /// The choice a click at `viewportPoint` on the canvas picks (an edge, an edge's axis or a point within
    /// kPickPixels), or -1.
    int choiceAt(QPointF viewportPoint) const;
    static constexpr double kPickPixels = 10.0;

signals:
    /// The step, the score or the view changed.
    void lessonChanged();

private:
    struct StepState {
        bool answered = false;
        bool right = false;
        LessonAnswer answer;
        QString verdict;
    };

    void buildUi();
    void showStep();
    void enterStep();
    /// Shows the walkthrough `ref` names. `reveal`: a question's answer revealed, framed as Frame the Pair
    /// frames it (the lesson's view of the whole scene drew the answer small); else framed only when the
    /// view would cut its drawing.
    void applyWalkthrough(const LessonWalkthroughRef& ref, bool reveal = false);
    void applySimulation(const LessonStep& step);
    void rebuildQuestion();
    /// Numbers the question's points on the canvas (LessonDragOverlay::setMarks), or clears them.
    void showChoiceMarks();
    void updateQuestionState();
    void updateHeader();
    void clearChoices();
    void restoreOverlay();
    void onSceneEdited();
    void buildAuthorUi(QWidget* page, QVBoxLayout* layout);
    /// Shows the dock with the width and height its text needs.
    void giveRoom();
    void startAuthoring(Lesson lesson, const QString& fileName);
    void refreshAuthorList(int select);
    void refreshAuthorEditors();
    void updateAuthorButtons();
    /// Pushes the insertion of `steps` after the selected step as one undo command named `name`.
    void insertSteps(const std::vector<LessonStep>& steps, const QString& name);
    /// The settings a simulation has after the lesson's steps before `index` (the scene's, switched by
    /// "set" steps).
    phys::WorldSettings settingsBefore(int index) const;
    /// Canvas clicks pick choices while a question that has them waits for its answer.
    bool eventFilter(QObject* watched, QEvent* event) override;

    MainWindow& m_window;
    Lesson m_lesson;
    QString m_source;
    std::vector<StepState> m_states;
    int m_step = -1;
    /// The bodies the current step selected (its "bodies"): a note's selection ends with its step, unless
    /// the student changed it.
    QList<quint64> m_stepSelection;
    bool m_teacherView = false;
    bool m_settingScene = false; ///< the lesson's own scene is being set (that reset keeps the lesson)
    LessonQuestionEval m_eval;

    QLabel* m_title = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_score = nullptr;
    QCheckBox* m_teacherBox = nullptr;
    QPushButton* m_presenterButton = nullptr;
    LessonPresenter* m_presenter = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_clickHint = nullptr;
    /// The overlay options before an edge question turned on vertex numbers and normals (restored after).
    std::optional<OverlayOptions> m_savedOverlay;
    bool m_swallowRelease = false;
    /// MTV and depth questions: the drag on the canvas that answers them, drawn as an arrow.
    LessonDragOverlay* m_drag = nullptr;
    bool dragAnswers() const;
    void dragTo(QPointF viewportPoint);
    QLabel* m_teacherNotes = nullptr;
    QWidget* m_choicesBox = nullptr;
    QVBoxLayout* m_choicesLayout = nullptr;
    QButtonGroup* m_choiceGroup = nullptr;
    QList<QAbstractButton*> m_choiceButtons;
    QWidget* m_numberRow = nullptr;
    QLineEdit* m_number = nullptr;
    QPlainTextEdit* m_freeText = nullptr; ///< freeText questions: the student's sentence
    QLabel* m_engineAnswer = nullptr;
    QPushButton* m_commit = nullptr;
    QLabel* m_verdict = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
    QAction* m_backAction = nullptr; ///< Alt+Left, as m_back
    QAction* m_nextAction = nullptr; ///< Alt+Right, as m_next
    QWidget* m_playerBox = nullptr;  ///< everything the player shows (hidden while authoring)
    QPushButton* m_editButton = nullptr;

    // Authoring.
    bool m_authoring = false;
    Lesson m_savedAuthored;                ///< the authored lesson as last saved or opened (hasUnsavedLesson)
    QAction* m_saveLessonAction = nullptr; ///< File > Save Lesson (maybeSaveLesson)
    bool m_updatingAuthor = false;         ///< the widgets are being filled from the editor (no commands)
    LessonEditor* m_editor = nullptr;
    QString m_lessonFileName;
    QWidget* m_authorBox = nullptr;
    QLineEdit* m_authorTitle = nullptr;
    QListWidget* m_authorList = nullptr;
    QPushButton* m_addFromView = nullptr;
    QPushButton* m_addNote = nullptr;
    QPushButton* m_stepUp = nullptr;
    QPushButton* m_stepDown = nullptr;
    QPushButton* m_stepDelete = nullptr;
    QPlainTextEdit* m_authorText = nullptr;
    QPlainTextEdit* m_authorTeacher = nullptr;
    QCheckBox* m_sceneInline = nullptr;
    QLabel* m_authorHint = nullptr;
};

/// Adds File > Open Lesson..., File > Lessons (the built-in pack) and the Lesson dock (hidden until a lesson
/// is opened; View menu toggle) to `window`: one line in the MainWindow constructor.
LessonDock* installLessons(MainWindow& window);

} // namespace cl
