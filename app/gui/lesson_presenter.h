#pragma once
/// @file lesson_presenter.h
/// Presenter mode: a separate window for the teacher (on a second screen when there is one) that shows the
/// current step's teacher notes, the engine's answer to the current question and what comes next, with its
/// own Back and Next. The main window stays in student view for the projector: the class sees no answer until
/// it is committed, the teacher sees it all along.

#include <QWidget>

class QLabel;
class QPushButton;

namespace cl {

class LessonDock;

class LessonPresenter : public QWidget {
    Q_OBJECT

public:
    /// A top-level window following `dock` (its step, score and answers).
    explicit LessonPresenter(LessonDock* dock, QWidget* parent = nullptr);

    /// Places the window on a screen other than the main window's when there is one, and shows it.
    void present(QWidget* mainWindow);

    /// The texts shown (for tests): step line, teacher notes, engine's answer, next step.
    QString stepText() const;
    QString notesText() const;
    QString answerText() const;
    QString nextText() const;

private:
    void refresh();

    LessonDock* m_dock = nullptr;
    QLabel* m_step = nullptr;
    QLabel* m_current = nullptr;
    QLabel* m_notes = nullptr;
    QLabel* m_answer = nullptr;
    QLabel* m_next = nullptr;
    QPushButton* m_backButton = nullptr;
    QPushButton* m_nextButton = nullptr;
};

} // namespace cl
