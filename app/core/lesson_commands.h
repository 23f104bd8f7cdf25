#pragma once
/// @file lesson_commands.h
/// Authoring a lesson in the app: the lesson being written (LessonEditor) and the undo commands that change
/// it (insert, remove and move a step, edit a text). The commands go on the document's undo stack with the
/// scene's own, so Ctrl+Z and Ctrl+Y walk back and forth through scene and lesson edits in the order they
/// were made (design.md section 5: commands hold values and indices, the editor does the change and signals).
/// They are scene-neutral (scene_neutral_command.h): the scene file is not "modified" by a lesson edit.

#include "lesson.h"

#include "scene_neutral_command.h"

#include <QObject>

namespace cl {

/// Which text of a lesson a SetLessonTextCommand edits.
enum class LessonTextField {
    Title,        ///< the lesson's title (step index ignored)
    Text,         ///< a step's text (a question's prompt)
    TeacherNotes, ///< a step's teacher notes
};

/// The lesson being authored. Its primitive edits are called by the commands below, never by the UI
/// directly; each one signals what changed.
class LessonEditor : public QObject {
    Q_OBJECT

public:
    explicit LessonEditor(QObject* parent = nullptr) : QObject(parent) {}

    const Lesson& lesson() const { return m_lesson; }
    int stepCount() const { return static_cast<int>(m_lesson.steps.size()); }
    /// Starts over with `lesson` (not undoable: opening a lesson is not an edit).
    void reset(Lesson lesson);
    /// Counts every change, undone ones too: a saved revision tells whether the lesson changed since.
    int revision() const { return m_revision; }

    /// @warning 0 <= index <= stepCount()
    void insertStep(int index, const LessonStep& step);
    /// @warning 0 <= index < stepCount()
    LessonStep takeStep(int index);
    /// Moves step `from` to position `to`. @warning both in [0, stepCount())
    void moveStep(int from, int to);
    /// A text of step `index` (index ignored for the title).
    QString text(int index, LessonTextField field) const;
    void setText(int index, LessonTextField field, const QString& text);

signals:
    /// Steps were inserted, removed or moved (or the lesson reset); `current` is the step the edit concerns
    /// (the view selects it), -1 for none.
    void stepsChanged(int current);
    /// One text changed (index -1 for the title).
    void textChanged(int index, cl::LessonTextField field);

private:
    Lesson m_lesson;
    int m_revision = 0;
};

/// Several lesson edits undone as one (a simulation state's steps).
class LessonMacroCommand : public SceneNeutralCommand {
public:
    using SceneNeutralCommand::SceneNeutralCommand;
};

/// Inserts a step at `index`.
class InsertLessonStepCommand : public SceneNeutralCommand {
public:
    InsertLessonStepCommand(LessonEditor* editor, int index, LessonStep step, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LessonEditor* m_editor;
    int m_index;
    LessonStep m_step;
};

/// Removes the step at `index` (undo puts it back, with everything it held).
class RemoveLessonStepCommand : public SceneNeutralCommand {
public:
    RemoveLessonStepCommand(LessonEditor* editor, int index, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LessonEditor* m_editor;
    int m_index;
    LessonStep m_step;
};

/// Moves the step at `from` to `to` (up or down the list).
class MoveLessonStepCommand : public SceneNeutralCommand {
public:
    MoveLessonStepCommand(LessonEditor* editor, int from, int to, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    LessonEditor* m_editor;
    int m_from;
    int m_to;
};

/// Sets a text. Typing pushes one command per change; consecutive ones on the same text merge, so undo takes
/// back a whole edit of one field, not a letter.
class SetLessonTextCommand : public SceneNeutralCommand {
public:
    SetLessonTextCommand(LessonEditor* editor, int index, LessonTextField field, QString text,
                         QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return kId; }
    bool mergeWith(const QUndoCommand* other) override;

    static constexpr int kId = 0x1e55;

private:
    LessonEditor* m_editor;
    int m_index;
    LessonTextField m_field;
    QString m_old;
    QString m_new;
};

} // namespace cl
