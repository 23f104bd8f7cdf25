#pragma once
/// @file scene_neutral_command.h
/// An undo command that shares the document's stack but leaves the scene as it is (a lesson being authored,
/// lesson_commands.h). The document does not count such commands as unsaved changes to the scene file, so
/// closing or opening asks about the scene only when the scene changed.

#include <QUndoCommand>

namespace cl {

class SceneNeutralCommand : public QUndoCommand {
public:
    using QUndoCommand::QUndoCommand;
};

/// True when `command` is a SceneNeutralCommand (a macro counts when it is one itself).
inline bool isSceneNeutral(const QUndoCommand* command) {
    return dynamic_cast<const SceneNeutralCommand*>(command) != nullptr;
}

} // namespace cl
