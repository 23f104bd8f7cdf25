/// @file lesson_commands.cpp
/// The lesson being authored and its undo commands (lesson_commands.h).

#include "lesson_commands.h"

#include <QCoreApplication>

#include <utility>

namespace cl {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("LessonCommands", text);
}
} // namespace

void LessonEditor::reset(Lesson lesson) {
    m_lesson = std::move(lesson);
    ++m_revision;
    emit textChanged(-1, LessonTextField::Title);
    emit stepsChanged(m_lesson.steps.empty() ? -1 : 0);
}

void LessonEditor::insertStep(int index, const LessonStep& step) {
    m_lesson.steps.insert(m_lesson.steps.begin() + index, step);
    ++m_revision;
    emit stepsChanged(index);
}

LessonStep LessonEditor::takeStep(int index) {
    LessonStep step = std::move(m_lesson.steps[static_cast<std::size_t>(index)]);
    m_lesson.steps.erase(m_lesson.steps.begin() + index);
    ++m_revision;
    emit stepsChanged(std::min(index, stepCount() - 1));
    return step;
}

void LessonEditor::moveStep(int from, int to) {
    LessonStep step = std::move(m_lesson.steps[static_cast<std::size_t>(from)]);
    m_lesson.steps.erase(m_lesson.steps.begin() + from);
    m_lesson.steps.insert(m_lesson.steps.begin() + to, std::move(step));
    ++m_revision;
    emit stepsChanged(to);
}

QString LessonEditor::text(int index, LessonTextField field) const {
    if (field == LessonTextField::Title) {
        return m_lesson.title;
    }
    const LessonStep& step = m_lesson.steps[static_cast<std::size_t>(index)];
    if (field == LessonTextField::TeacherNotes) {
        return step.teacherNotes;
    }
    return step.type == LessonStepType::Question ? step.prompt : step.text;
}

void LessonEditor::setText(int index, LessonTextField field, const QString& text) {
    if (field == LessonTextField::Title) {
        m_lesson.title = text;
        index = -1;
    } else {
        LessonStep& step = m_lesson.steps[static_cast<std::size_t>(index)];
        if (field == LessonTextField::TeacherNotes) {
            step.teacherNotes = text;
        } else if (step.type == LessonStepType::Question) {
            step.prompt = text;
        } else {
            step.text = text;
        }
    }
    ++m_revision;
    emit textChanged(index, field);
}

InsertLessonStepCommand::InsertLessonStepCommand(LessonEditor* editor, int index, LessonStep step,
                                                 QUndoCommand* parent)
    : SceneNeutralCommand(tr("Add lesson step"), parent), m_editor(editor), m_index(index),
      m_step(std::move(step)) {}

void InsertLessonStepCommand::redo() {
    m_editor->insertStep(m_index, m_step);
}

void InsertLessonStepCommand::undo() {
    m_editor->takeStep(m_index);
}

RemoveLessonStepCommand::RemoveLessonStepCommand(LessonEditor* editor, int index, QUndoCommand* parent)
    : SceneNeutralCommand(tr("Delete lesson step"), parent), m_editor(editor), m_index(index) {}

void RemoveLessonStepCommand::redo() {
    m_step = m_editor->takeStep(m_index);
}

void RemoveLessonStepCommand::undo() {
    m_editor->insertStep(m_index, m_step);
}

MoveLessonStepCommand::MoveLessonStepCommand(LessonEditor* editor, int from, int to, QUndoCommand* parent)
    : SceneNeutralCommand(to < from ? tr("Move lesson step up") : tr("Move lesson step down"), parent),
      m_editor(editor), m_from(from), m_to(to) {}

void MoveLessonStepCommand::redo() {
    m_editor->moveStep(m_from, m_to);
}

void MoveLessonStepCommand::undo() {
    m_editor->moveStep(m_to, m_from);
}

SetLessonTextCommand::SetLessonTextCommand(LessonEditor* editor, int index, LessonTextField field,
                                           QString text, QUndoCommand* parent)
    : SceneNeutralCommand(field == LessonTextField::Title          ? tr("Edit lesson title")
                          : field == LessonTextField::TeacherNotes ? tr("Edit teacher note")
                                                                   : tr("Edit lesson step text"),
                          parent),
      m_editor(editor), m_index(field == LessonTextField::Title ? -1 : index), m_field(field),
      m_old(editor->text(index, field)), m_new(std::move(text)) {}

void SetLessonTextCommand::redo() {
    m_editor->setText(m_index, m_field, m_new);
}

void SetLessonTextCommand::undo() {
    m_editor->setText(m_index, m_field, m_old);
}

bool SetLessonTextCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const SetLessonTextCommand*>(other);
    if (next->m_editor != m_editor || next->m_index != m_index || next->m_field != m_field) {
        return false;
    }
    m_new = next->m_new;
    return true;
}

} // namespace cl
