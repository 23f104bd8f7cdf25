/// @file document.cpp

#include "document.h"

#include <QUndoStack>

#include <utility>

namespace cl {

Document::Document(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this)) {
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &Document::onCleanChanged);
}

Document::~Document() = default;

bool Document::load(const QString& fileName, QString* error) {
    auto result = loadSceneFile(fileName);
    if (auto* failure = std::get_if<SceneError>(&result)) {
        if (error) {
            *error = failure->toString();
        }
        return false;
    }
    setScene(std::get<Scene>(std::move(result)));
    setFileName(fileName);
    return true;
}

bool Document::save(const QString& fileName, QString* error) {
    const QString failure = saveSceneFile(m_scene, fileName);
    if (!failure.isEmpty()) {
        if (error) {
            *error = failure;
        }
        return false;
    }
    setFileName(fileName);
    m_undoStack->setClean();
    return true;
}

void Document::setScene(Scene scene) {
    m_scene = std::move(scene);
    // clear() leaves the stack clean; cleanChanged tells observers if that changed the modified flag.
    m_undoStack->clear();
    onCleanChanged(true);
    emit sceneReset();
}

void Document::clear() {
    setScene(Scene{});
    setFileName(QString());
}

void Document::setFileName(const QString& fileName) {
    if (fileName == m_fileName) {
        return;
    }
    m_fileName = fileName;
    emit fileNameChanged(m_fileName);
}

void Document::onCleanChanged(bool clean) {
    if (m_modified == !clean) {
        return;
    }
    m_modified = !clean;
    emit modifiedChanged(m_modified);
}

} // namespace cl
