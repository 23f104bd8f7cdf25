/// @file edit_controller.cpp

#include "edit_controller.h"

#include "add_body_command.h"
#include "edit_intents.h"
#include "insert_vertex_command.h"
#include "move_bodies_command.h"
#include "move_vertex_command.h"
#include "remove_body_command.h"
#include "remove_vertex_command.h"
#include "scene_canvas.h"

#include <QRegularExpression>
#include <QUndoStack>

#include <algorithm>
#include <variant>

namespace cl {

namespace {

/// The parent of one command per body (Delete and Duplicate of several bodies): its children run inside a
/// Document body batch, in redo and undo alike, so the simulation rebuilds its World once, not once per
/// body (Document::beginBodyBatch).
class BodyBatchCommand : public QUndoCommand {
public:
    BodyBatchCommand(Document* document, const QString& text) : QUndoCommand(text), m_document(document) {}
    void redo() override {
        const Document::BodyBatch batch(*m_document);
        QUndoCommand::redo();
    }
    void undo() override {
        const Document::BodyBatch batch(*m_document);
        QUndoCommand::undo();
    }

private:
    Document* m_document;
};

} // namespace

QString fieldInWords(const QString& path) {
    static const QRegularExpression shapeField(QStringLiteral(R"(^shapes\[(\d+)\]\.(\w+)(?:\[(\d+)\])?$)"));
    const QRegularExpressionMatch m = shapeField.match(path);
    if (m.hasMatch()) {
        const QString shape = QString::number(m.captured(1).toInt() + 1); // numbered from 1 on screen
        const QString name = m.captured(2);
        if (name == QLatin1String("vertices")) {
            return m.captured(3).isEmpty()
                       ? EditController::tr("vertices of shape %1").arg(shape)
                       : EditController::tr("vertex %1 of shape %2").arg(m.captured(3), shape);
        }
        const QString words = name == QLatin1String("center") ? EditController::tr("centre") : name;
        return EditController::tr("%1 of shape %2").arg(words, shape);
    }
    if (path == QLatin1String("linearVelocity")) {
        return EditController::tr("velocity");
    }
    if (path == QLatin1String("angularVelocity")) {
        return EditController::tr("spin");
    }
    return path;
}

QString errorInWords(const EditError& error) {
    const QString field = fieldInWords(error.field);
    return field.isEmpty() ? error.message : field + QStringLiteral(": ") + error.message;
}

QString bodyLabel(const Document& document, BodyKey key) {
    const int index = document.indexOf(key);
    if (index < 0) {
        return EditController::tr("body");
    }
    const std::string& name = document.body(key).name;
    return name.empty() ? EditController::tr("body %1").arg(index) : QString::fromStdString(name);
}

EditController::EditController(Document* document, SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : QObject(parent), m_document(document), m_canvas(canvas) {
    connect(document, &Document::bodyInserted, this,
            [this](BodyKey key) { m_canvas->setBody(key, m_document->body(key), m_document->indexOf(key)); });
    connect(document, &Document::bodyChanged, this,
            [this](BodyKey key) { m_canvas->setBody(key, m_document->body(key)); });
    connect(document, &Document::bodyRemoved, m_canvas, &SceneCanvas::removeBody);

    if (intents) {
        connect(intents, &EditIntents::addBody, this, [this](const phys::BodyDef& body) {
            if (const BodyKey key = addBody(body)) {
                m_canvas->setSelection({key});
            }
        });
        connect(intents, &EditIntents::moveBodies, this,
                [this](const QList<quint64>& keys, phys::Vec2 delta, quint64 gesture) {
                    moveBodies(keys, delta, false, gesture);
                });
        connect(intents, &EditIntents::nudgeBodies, this,
                [this](const QList<quint64>& keys, phys::Vec2 delta) { moveBodies(keys, delta, true); });
        connect(intents, &EditIntents::setBodyPose, this, &EditController::setBodyPose);
        connect(intents, &EditIntents::moveVertex, this, &EditController::moveVertex);
        connect(intents, &EditIntents::insertVertex, this, &EditController::insertVertex);
        connect(intents, &EditIntents::removeVertex, this, &EditController::removeVertex);
        connect(intents, &EditIntents::deleteBodies, this, &EditController::deleteBodies);
        connect(intents, &EditIntents::duplicateBodies, this, &EditController::duplicateBodies);
    }
}

void EditController::reject(BodyKey key, const EditError& error) {
    emit rejected(
        tr("%1: %2 refused: %3").arg(bodyLabel(*m_document, key), fieldInWords(error.field), error.message));
}

BodyKey EditController::addBody(const phys::BodyDef& body) {
    if (const auto error = checkBody(body)) {
        emit rejected(tr("New body refused: %1").arg(errorInWords(*error)));
        return 0;
    }
    auto* command = new AddBodyCommand(m_document, body);
    m_document->undoStack()->push(command);
    return command->key();
}

bool EditController::deleteBodies(const QList<BodyKey>& keys) {
    // Remove from the highest index down, so undo (which runs the children backwards) reinserts from the
    // lowest index up and every body gets its old index back.
    QList<BodyKey> present;
    for (const BodyKey key : keys) {
        if (m_document->contains(key) && !present.contains(key)) {
            present.append(key);
        }
    }
    if (present.isEmpty()) {
        return false;
    }
    std::sort(present.begin(), present.end(),
              [this](BodyKey a, BodyKey b) { return m_document->indexOf(a) > m_document->indexOf(b); });
    if (present.size() == 1) {
        m_document->undoStack()->push(new RemoveBodyCommand(m_document, present.front()));
        return true;
    }
    auto* parent = new BodyBatchCommand(m_document, tr("Delete %1 bodies").arg(present.size()));
    for (const BodyKey key : present) {
        new RemoveBodyCommand(m_document, key, parent);
    }
    m_document->undoStack()->push(parent);
    return true;
}

QList<BodyKey> EditController::duplicateBodies(const QList<BodyKey>& keys, phys::Vec2 offset) {
    QList<BodyKey> sources;
    for (const BodyKey key : keys) {
        if (m_document->contains(key) && !sources.contains(key)) {
            sources.append(key);
        }
    }
    if (sources.isEmpty()) {
        return {};
    }
    // Copies go to the end in body order, whatever the selection order.
    std::sort(sources.begin(), sources.end(),
              [this](BodyKey a, BodyKey b) { return m_document->indexOf(a) < m_document->indexOf(b); });
    auto* parent =
        new BodyBatchCommand(m_document, sources.size() == 1 ? tr("Duplicate 1 body")
                                                             : tr("Duplicate %1 bodies").arg(sources.size()));
    std::vector<AddBodyCommand*> adds;
    for (const BodyKey key : sources) {
        phys::BodyDef copy = m_document->body(key);
        copy.position += offset;
        if (!copy.name.empty()) {
            copy.name += " copy";
        }
        if (const auto error = checkBody(copy)) {
            delete parent;
            reject(key, *error);
            return {};
        }
        adds.push_back(new AddBodyCommand(m_document, std::move(copy), -1, parent));
    }
    m_document->undoStack()->push(parent);
    QList<BodyKey> copies;
    for (const AddBodyCommand* add : adds) {
        copies.append(add->key());
    }
    m_canvas->setSelection(copies);
    return copies;
}

bool EditController::dragOnTop(quint64 drag) const {
    const QUndoStack* stack = m_document->undoStack();
    if (drag == 0 || stack->index() == 0) {
        return false;
    }
    const QUndoCommand* top = stack->command(stack->index() - 1);
    if (const auto* move = dynamic_cast<const MoveBodiesCommand*>(top)) {
        return move->drag() == drag;
    }
    if (const auto* edit = dynamic_cast<const BodyEditCommand*>(top)) {
        return edit->drag() == drag;
    }
    return false;
}

bool EditController::moveBodies(const QList<BodyKey>& keys, phys::Vec2 delta, bool nudge, quint64 drag) {
    // A drag's delta counts from where the bodies were when it began: the origins of its command on top of
    // the stack (the bodies have moved with every step since).
    const auto* previous = dragOnTop(drag)
                               ? dynamic_cast<const MoveBodiesCommand*>(
                                     m_document->undoStack()->command(m_document->undoStack()->index() - 1))
                               : nullptr;
    QList<BodyKey> present;
    for (const BodyKey key : keys) {
        if (!m_document->contains(key) || present.contains(key)) {
            continue;
        }
        phys::BodyDef moved = m_document->body(key);
        const phys::Vec2* start = previous ? previous->origin(key) : nullptr;
        moved.position = (start ? *start : moved.position) + delta;
        if (const auto error = checkBody(moved)) {
            reject(key, *error);
            return false;
        }
        present.append(key);
    }
    if (present.isEmpty()) {
        return false;
    }
    if (drag != 0) {
        // Every step is pushed, a step back to the start too: it merges into a no-op that the stack drops.
        if (!previous && delta.x == 0.0 && delta.y == 0.0) {
            return false;
        }
        m_document->undoStack()->push(new MoveBodiesCommand(m_document, present, delta, drag, previous));
        return true;
    }
    if (delta.x == 0.0 && delta.y == 0.0) {
        return false;
    }
    m_document->undoStack()->push(new MoveBodiesCommand(m_document, present, delta, nudge));
    return true;
}

template <class Make>
bool EditController::pushBodyEdit(BodyKey key, const BodyEditResult& result, quint64 drag, Make make) {
    if (const auto* error = std::get_if<EditError>(&result)) {
        reject(key, *error);
        return false;
    }
    const phys::BodyDef& after = std::get<phys::BodyDef>(result);
    const phys::BodyDef& before = m_document->body(key);
    // A step of a drag under way is pushed even when it changes nothing, so a drag that comes back to its
    // start merges into a no-op and vanishes.
    if (sameBody(before, after) && !dragOnTop(drag)) {
        return true;
    }
    BodyEditCommand* command = make(before, after);
    command->setDrag(drag);
    m_document->undoStack()->push(command);
    return true;
}

bool EditController::setBodyPose(BodyKey key, phys::Vec2 position, double angle, quint64 drag) {
    if (!m_document->contains(key)) {
        return false;
    }
    phys::BodyDef after = m_document->body(key);
    after.position = position;
    after.angle = angle;
    return pushBodyEdit(key, checked(std::move(after)), drag,
                        [&](const phys::BodyDef& b, const phys::BodyDef& a) -> BodyEditCommand* {
                            return new SetPropertyCommand(m_document, key, FieldId{BodyField::Pose}, b, a);
                        });
}

bool EditController::moveVertex(BodyKey key, int shape, int vertex, phys::Vec2 localPoint, quint64 drag) {
    if (!m_document->contains(key)) {
        return false;
    }
    return pushBodyEdit(key, withVertexMoved(m_document->body(key), shape, vertex, localPoint), drag,
                        [&](const phys::BodyDef& b, const phys::BodyDef& a) -> BodyEditCommand* {
                            return new MoveVertexCommand(m_document, key, shape, vertex, b, a);
                        });
}

bool EditController::insertVertex(BodyKey key, int shape, int afterVertex, phys::Vec2 localPoint,
                                  quint64 drag) {
    if (!m_document->contains(key)) {
        return false;
    }
    return pushBodyEdit(key, withVertexInserted(m_document->body(key), shape, afterVertex, localPoint), drag,
                        [&](const phys::BodyDef& b, const phys::BodyDef& a) -> BodyEditCommand* {
                            return new InsertVertexCommand(m_document, key, shape, afterVertex + 1, b, a);
                        });
}

bool EditController::removeVertex(BodyKey key, int shape, int vertex, quint64 drag) {
    if (!m_document->contains(key)) {
        return false;
    }
    return pushBodyEdit(key, withVertexRemoved(m_document->body(key), shape, vertex), drag,
                        [&](const phys::BodyDef& b, const phys::BodyDef& a) -> BodyEditCommand* {
                            return new RemoveVertexCommand(m_document, key, shape, vertex, b, a);
                        });
}

std::optional<EditError> EditController::setProperty(BodyKey key, FieldId field, const phys::BodyDef& after) {
    if (!m_document->contains(key)) {
        return EditError{QString(), tr("the body no longer exists")};
    }
    if (auto error = checkBody(after)) {
        reject(key, *error);
        return error;
    }
    const phys::BodyDef& before = m_document->body(key);
    if (!sameBody(before, after)) {
        m_document->undoStack()->push(new SetPropertyCommand(m_document, key, field, before, after));
    }
    return std::nullopt;
}

void EditController::deleteSelection() {
    deleteBodies(m_canvas->selection());
}

void EditController::duplicateSelection() {
    duplicateBodies(m_canvas->selection(), kDuplicateOffset);
}

void EditController::selectAll() {
    m_canvas->setSelection(m_document->keys());
}

} // namespace cl
