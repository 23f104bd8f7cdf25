/// @file autosave.cpp

#include "autosave.h"

#include "document.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

namespace cl {

namespace {
RecoveryOptions& options() {
    static RecoveryOptions instance;
    return instance;
}
} // namespace

void setRecoveryOptions(const RecoveryOptions& value) {
    options() = value;
}

const RecoveryOptions& recoveryOptions() {
    return options();
}

const char* const Autosave::kRecoveryKey = "contactlabRecovery";

Autosave::Autosave(Document* document, const QString& directory, int intervalMs, QObject* parent)
    : QObject(parent), m_document(document),
      m_directory(directory.isEmpty() ? defaultDirectory() : directory), m_timer(new QTimer(this)) {
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &Autosave::onTimeout);
    m_timer->start();
    auto changed = [this] {
        m_dirty = true;
    };
    connect(document->undoStack(), &QUndoStack::indexChanged, this, changed);
    connect(document, &Document::sceneReset, this, changed);
    connect(document, &Document::modifiedChanged, this, [this](bool modified) {
        m_dirty = true;
        if (!modified) {
            discard(); // saved, or back to the saved state: nothing to recover
        }
    });
}

QString Autosave::defaultDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QString Autosave::recoveryFile() const {
    return QDir(m_directory).filePath(QStringLiteral("recovery.json"));
}

bool Autosave::hasRecoveryFile() const {
    return QFileInfo::exists(recoveryFile());
}

bool Autosave::writeNow() {
    if (!QDir().mkpath(m_directory)) {
        return false;
    }
    Scene scene = m_document->scene();
    QJsonObject info;
    info.insert(QStringLiteral("fileName"), m_document->fileName());
    info.insert(QStringLiteral("savedAt"), QDateTime::currentDateTime().toString(Qt::ISODate));
    scene.unknownTopLevel.insert(QLatin1String(kRecoveryKey), info);
    if (!saveSceneFile(scene, recoveryFile()).isEmpty()) {
        return false;
    }
    m_dirty = false;
    return true;
}

void Autosave::discard() {
    QFile::remove(recoveryFile());
}

void Autosave::onTimeout() {
    if (m_dirty && m_document->isModified()) {
        writeNow();
    }
}

std::optional<RecoveredScene> Autosave::read() const {
    if (!hasRecoveryFile()) {
        return std::nullopt;
    }
    auto loaded = loadSceneFile(recoveryFile());
    if (!std::holds_alternative<Scene>(loaded)) {
        return std::nullopt;
    }
    RecoveredScene recovered;
    recovered.scene = std::get<Scene>(std::move(loaded));
    const QJsonObject info = recovered.scene.unknownTopLevel.value(QLatin1String(kRecoveryKey)).toObject();
    recovered.scene.unknownTopLevel.remove(QLatin1String(kRecoveryKey));
    recovered.originalFileName = info.value(QStringLiteral("fileName")).toString();
    recovered.savedAt = info.value(QStringLiteral("savedAt")).toString();
    return recovered;
}

bool Autosave::offerRecovery(const std::function<bool(const QString&)>& ask) {
    if (!hasRecoveryFile()) {
        return false;
    }
    std::optional<RecoveredScene> recovered = read();
    if (!recovered) {
        discard(); // unreadable: nothing to offer
        return false;
    }
    const QString name = recovered->originalFileName.isEmpty()
                             ? tr("an untitled scene")
                             : QDir::toNativeSeparators(recovered->originalFileName);
    const QString description =
        tr("ContactLab did not close normally. Unsaved changes to %1 were autosaved at %2.\n\n"
           "Restore them?")
            .arg(name, recovered->savedAt);
    if (!ask || !ask(description)) {
        discard();
        return false;
    }
    m_document->setScene(std::move(recovered->scene));
    m_document->setFileName(recovered->originalFileName);
    m_document->markModified();
    return true;
}

} // namespace cl
