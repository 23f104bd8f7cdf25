/// @file lesson_presenter.cpp
/// Presenter mode (lesson_presenter.h).

#include "lesson_presenter.h"
#include "theme.h"

#include "lesson_dock.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>

namespace cl {

LessonPresenter::LessonPresenter(LessonDock* dock, QWidget* parent)
    : QWidget(parent, Qt::Window), m_dock(dock) {
    setObjectName(QStringLiteral("lessonPresenterWindow"));
    setWindowTitle(tr("ContactLab Presenter"));
    auto* layout = new QVBoxLayout(this);
    const auto label = [this, layout](const char* name, bool markdown) {
        auto* l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setWordWrap(true);
        l->setTextFormat(markdown ? Qt::MarkdownText : Qt::PlainText);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(l);
        return l;
    };
    m_step = label("presenterStep", false);
    QFont bold = m_step->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_step->setFont(bold);
    m_current = label("presenterCurrent", true);
    m_notes = label("presenterNotes", true);
    setThemedStyle(m_notes, ThemedRole::Note, QStringLiteral("padding: 6px;"));
    m_answer = label("presenterAnswer", false);
    setThemedStyle(m_answer, ThemedRole::Answer);
    m_next = label("presenterNext", true);
    setThemedStyle(m_next, ThemedRole::Hint);
    layout->addStretch(1);
    auto* buttons = new QHBoxLayout;
    m_backButton = new QPushButton(tr("Back"), this);
    m_backButton->setObjectName(QStringLiteral("presenterBack"));
    m_nextButton = new QPushButton(tr("Next"), this);
    m_nextButton->setObjectName(QStringLiteral("presenterNextButton"));
    buttons->addWidget(m_backButton);
    buttons->addStretch(1);
    buttons->addWidget(m_nextButton);
    layout->addLayout(buttons);
    connect(m_backButton, &QPushButton::clicked, dock, &LessonDock::back);
    connect(m_nextButton, &QPushButton::clicked, dock, &LessonDock::next);
    connect(dock, &LessonDock::lessonChanged, this, &LessonPresenter::refresh);
    resize(560, 520);
    refresh();
}

void LessonPresenter::present(QWidget* mainWindow) {
    // The main window goes on the projector; the presenter on any other screen.
    const QScreen* mainScreen = mainWindow ? mainWindow->screen() : nullptr;
    for (QScreen* screen : QGuiApplication::screens()) {
        if (screen != mainScreen) {
            const QRect area = screen->availableGeometry();
            move(area.center() - QPoint(width() / 2, height() / 2));
            break;
        }
    }
    refresh();
    show();
    raise();
    activateWindow();
}

QString LessonPresenter::stepText() const {
    return m_step->text();
}
QString LessonPresenter::notesText() const {
    return m_notes->text();
}
QString LessonPresenter::answerText() const {
    return m_answer->text();
}
QString LessonPresenter::nextText() const {
    return m_next->text();
}

void LessonPresenter::refresh() {
    if (!m_dock->hasLesson()) {
        m_step->setText(tr("No lesson open"));
        m_current->clear();
        m_notes->hide();
        m_answer->hide();
        m_next->clear();
        m_backButton->setEnabled(false);
        m_nextButton->setEnabled(false);
        return;
    }
    const int index = m_dock->currentStep();
    const auto& steps = m_dock->lesson().steps;
    const LessonStep& step = steps[static_cast<std::size_t>(index)];
    m_step->setText(tr("%1: step %2 of %3 (score %4 / %5)")
                        .arg(m_dock->lesson().title)
                        .arg(index + 1)
                        .arg(steps.size())
                        .arg(m_dock->score())
                        .arg(m_dock->answeredCount()));
    m_current->setText(LessonDock::stepMarkdown(step));
    m_notes->setVisible(!step.teacherNotes.isEmpty());
    m_notes->setText(tr("**Teacher's note:** %1").arg(step.teacherNotes));
    const bool question = step.type == LessonStepType::Question;
    m_answer->setVisible(question);
    if (question) {
        const LessonQuestionEval& eval = m_dock->currentEvaluation();
        m_answer->setText(
            eval.problem.isEmpty()
                ? tr("Engine's answer: %1").arg(eval.answerText) +
                      (m_dock->currentAnswered() ? tr(" (the class has answered)") : QString()) +
                      (m_dock->committedText().isEmpty()
                           ? QString()
                           : tr("\n\nThe student wrote: \u201c%1\u201d").arg(m_dock->committedText()))
                : tr("This question cannot be asked of the scene as it is: %1").arg(eval.problem));
    }
    m_next->setText(
        index + 1 < static_cast<int>(steps.size())
            ? tr("*Next:* %1").arg(LessonDock::stepMarkdown(steps[static_cast<std::size_t>(index + 1)]))
            : tr("*This is the last step.*"));
    m_backButton->setEnabled(index > 0);
    m_nextButton->setEnabled(index + 1 < static_cast<int>(steps.size()));
}

} // namespace cl
