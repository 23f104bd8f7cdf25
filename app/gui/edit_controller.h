#pragma once
/// @file edit_controller.h
/// Turns edit intents (from the canvas tools, the menus and the docks) into undo commands on the Document,
/// and keeps the canvas in step with the Document's typed change signals.

#include "body_edit_command.h"
#include "body_edits.h"
#include "document.h"
#include "set_property_command.h"

#include <QList>
#include <QObject>

#include <optional>

namespace cl {

class EditIntents;
class SceneCanvas;

/// The one place where edits become commands (design.md section 5): every accepted edit is exactly one
/// command on the document's undo stack; a refused edit changes nothing and is reported through rejected().
///
/// It also mirrors the document on the canvas, one item at a time: bodyInserted -> SceneCanvas::setBody at
/// the body's index, bodyChanged -> setBody, bodyRemoved -> removeBody (sceneReset is the main window's).
class EditController : public QObject {
    Q_OBJECT

public:
    /// Offset of the copies made by duplicateSelection(), world frame, metres.
    static constexpr phys::Vec2 kDuplicateOffset{0.5, -0.5};

    /// @param intents the tools' intents (may be null)
    EditController(Document* document, SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    Document* document() const { return m_document; }

    /// Adds a body (validated). @return its key, or 0 when refused
    BodyKey addBody(const phys::BodyDef& body);
    /// Deletes bodies as one undo step. @return false when none of the keys is a body
    bool deleteBodies(const QList<BodyKey>& keys);
    /// Adds a copy of each body, translated by `offset` (world, metres), as one undo step, and selects the
    /// copies. @return the copies' keys
    QList<BodyKey> duplicateBodies(const QList<BodyKey>& keys, phys::Vec2 offset);
    /// Translates bodies (world, metres) as one undo step; nudges of the same bodies merge. With a `drag`
    /// id (EditIntents::newGesture) `delta` counts from the drag's start and the drag's steps merge.
    bool moveBodies(const QList<BodyKey>& keys, phys::Vec2 delta, bool nudge = false, quint64 drag = 0);
    /// Places one body (origin, world, metres; angle, radians).
    bool setBodyPose(BodyKey key, phys::Vec2 position, double angle, quint64 drag = 0);
    bool moveVertex(BodyKey key, int shape, int vertex, phys::Vec2 localPoint, quint64 drag = 0);
    bool insertVertex(BodyKey key, int shape, int afterVertex, phys::Vec2 localPoint, quint64 drag = 0);
    bool removeVertex(BodyKey key, int shape, int vertex, quint64 drag = 0);
    /// Sets one field of a body: `after` is the whole definition after the change. Refused (nothing pushed)
    /// when it does not validate; an edit that changes nothing pushes nothing.
    /// @return the reason when refused
    std::optional<EditError> setProperty(BodyKey key, FieldId field, const phys::BodyDef& after);

public slots:
    void deleteSelection();
    void duplicateSelection();
    void selectAll();

signals:
    /// An edit was refused; `message` names the body and the field.
    void rejected(const QString& message);

private:
    /// Reports a refused edit of body `key`.
    void reject(BodyKey key, const EditError& error);
    /// Validates `after` and pushes it with `make(before, after)` as a step of `drag` (0: none); false when
    /// refused.
    template <class Make>
    bool pushBodyEdit(BodyKey key, const BodyEditResult& result, quint64 drag, Make make);
    /// True when the command on top of the undo stack is a step of drag `drag` (so the next step merges).
    bool dragOnTop(quint64 drag) const;

    Document* m_document;
    SceneCanvas* m_canvas;
};

/// The body's name for messages ("box", or "body 3" when unnamed).
QString bodyLabel(const Document& document, BodyKey key);

/// A field path of the scene format in words for messages, as the Inspector names things: "shapes[0].density"
/// -> "density of shape 0", "shapes[1].vertices[4]" -> "vertex 4 of shape 1", "linearVelocity" -> "velocity".
/// A path it does not know comes back unchanged.
QString fieldInWords(const QString& path);
/// "density of shape 0: must be > 0 on a dynamic body" (EditError::toString with the field in words).
QString errorInWords(const EditError& error);

} // namespace cl
