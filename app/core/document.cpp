/// @file document.cpp

#include "document.h"

#include <QUndoStack>

#include "scene_neutral_command.h"
#include <algorithm>

#include <utility>

namespace cl {

Document::Document(QObject* parent) : QObject(parent), m_undoStack(new QUndoStack(this)) {
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &Document::onCleanChanged);
    // Scene-neutral commands (a lesson's edits) move the index without changing the scene: each move
    // decides again whether the scene differs from its file.
    connect(m_undoStack, &QUndoStack::indexChanged, this, [this] { onCleanChanged(m_undoStack->isClean()); });
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
    // setClean() does not signal when the stack was already clean but marked modified (markModified).
    onCleanChanged(true);
    return true;
}

void Document::setScene(Scene scene) {
    m_scene = std::move(scene);
    // Fresh keys; the counter is never reset, so a key from an earlier scene never names a new body.
    m_keys.clear();
    m_keys.reserve(m_scene.def.bodies.size());
    for (std::size_t i = 0; i < m_scene.def.bodies.size(); ++i) {
        m_keys.push_back(m_nextKey++);
    }
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

void Document::markModified() {
    m_undoStack->resetClean();
    onCleanChanged(false);
}

int Document::indexOf(BodyKey key) const {
    const auto it = std::find(m_keys.begin(), m_keys.end(), key);
    return it == m_keys.end() || key == 0 ? -1 : static_cast<int>(it - m_keys.begin());
}

const phys::BodyDef& Document::body(BodyKey key) const {
    const int index = indexOf(key);
    Q_ASSERT(index >= 0);
    return m_scene.def.bodies[static_cast<std::size_t>(index)];
}

QList<BodyKey> Document::keys() const {
    return QList<BodyKey>(m_keys.begin(), m_keys.end());
}

BodyKey Document::insertBody(int index, phys::BodyDef body, BodyKey key) {
    if (key == 0 || contains(key)) {
        key = m_nextKey;
    }
    m_nextKey = std::max(m_nextKey, key + 1);
    index = std::clamp(index, 0, bodyCount());
    m_keys.insert(m_keys.begin() + index, key);
    m_scene.def.bodies.insert(m_scene.def.bodies.begin() + index, std::move(body));
    emit bodyInserted(key);
    return key;
}

void Document::removeBody(BodyKey key) {
    const int index = indexOf(key);
    if (index < 0) {
        return;
    }
    m_keys.erase(m_keys.begin() + index);
    m_scene.def.bodies.erase(m_scene.def.bodies.begin() + index);
    emit bodyRemoved(key);
}

void Document::replaceBody(BodyKey key, phys::BodyDef body) {
    const int index = indexOf(key);
    if (index < 0) {
        return;
    }
    m_scene.def.bodies[static_cast<std::size_t>(index)] = std::move(body);
    emit bodyChanged(key);
}

void Document::setSettings(const phys::WorldSettings& settings) {
    m_scene.def.settings = settings;
    emit settingsChanged();
}

void Document::endBodyBatch() {
    if (m_bodyBatch > 0 && --m_bodyBatch == 0) {
        emit bodyBatchEnded();
    }
}

void Document::onCleanChanged(bool clean) {
    // Between the clean state and the current one, only scene-neutral commands: the scene is as saved.
    if (!clean && m_undoStack->cleanIndex() >= 0) {
        const int from = std::min(m_undoStack->cleanIndex(), m_undoStack->index());
        const int to = std::max(m_undoStack->cleanIndex(), m_undoStack->index());
        bool neutral = true;
        for (int i = from; i < to && neutral; ++i) {
            neutral = isSceneNeutral(m_undoStack->command(i));
        }
        clean = neutral;
    }
    if (m_modified == !clean) {
        return;
    }
    m_modified = !clean;
    emit modifiedChanged(m_modified);
}

} // namespace cl
