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

#include "lesson.h"
#include "lesson_questions.h"
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

public slots:
    void next();
    void back();
    void setStep(int step);
    void setTeacherView(bool teacher);
    /// Commits the answer currently picked in the dock (a guess, then the reveal).
    void commitAnswer();
    /// Opens (or brings back) the presenter window.
    void openPresenter();

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
    void applyWalkthrough(const LessonWalkthroughRef& ref);
    void applySimulation(const LessonStep& step);
    void rebuildQuestion();
    void updateQuestionState();
    void updateHeader();
    void clearChoices();
    void restoreOverlay();
    void onSceneEdited();
    /// Canvas clicks pick choices while a question that has them waits for its answer.
    bool eventFilter(QObject* watched, QEvent* event) override;

    MainWindow& m_window;
    Lesson m_lesson;
    QString m_source;
    std::vector<StepState> m_states;
    int m_step = -1;
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
};

/// Adds File > Open Lesson..., File > Lessons (the built-in pack) and the Lesson dock (hidden until a lesson
/// is opened; View menu toggle) to `window`: one line in the MainWindow constructor.
LessonDock* installLessons(MainWindow& window);

} // namespace cl
