/// @file tst_document_commands.cpp
/// The Document's body keys and typed signals, the checked body edits (app/core/body_edits) and every undo
/// command: redo then undo gives back exactly the scene it started from (doubles compared with ==), keys
/// survive undo/redo, mergeable commands merge only when they should, and seeded random edit sequences undo
/// all the way back by the thousand.

#include "add_body_command.h"
#include "body_edits.h"
#include "document.h"
#include "insert_vertex_command.h"
#include "move_bodies_command.h"
#include "move_vertex_command.h"
#include "remove_body_command.h"
#include "remove_vertex_command.h"
#include "scene_io.h"
#include "set_property_command.h"

#include "physics/polygon_factory.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <random>

using namespace cl;

namespace {

phys::BodyDef boxBody(const std::string& name, phys::Vec2 position, double half = 0.5) {
    phys::BodyDef body;
    body.name = name;
    body.position = position;
    phys::ShapeDef shape;
    shape.geometry = *phys::factory::rectangle(2 * half, 2 * half);
    body.shapes.push_back(shape);
    return body;
}

phys::BodyDef ballBody(const std::string& name, phys::Vec2 position, double radius) {
    phys::BodyDef body;
    body.name = name;
    body.position = position;
    phys::ShapeDef shape;
    shape.geometry = phys::Circle{{0, 0}, radius};
    body.shapes.push_back(shape);
    return body;
}

Scene threeBodies() {
    Scene scene;
    scene.def.bodies = {boxBody("a", {0, 0}), ballBody("b", {3, 1}, 0.75), boxBody("c", {-2, 4}, 1.0)};
    return scene;
}

const phys::Polygon& polygonOf(const phys::BodyDef& body, int shape = 0) {
    return std::get<phys::Polygon>(body.shapes[static_cast<std::size_t>(shape)].geometry);
}

} // namespace

class TestDocumentCommands : public QObject {
    Q_OBJECT

private slots:
    void keysAreStableAndNeverReused();
    void mutatorsEmitOneTypedSignal();
    void addAndRemoveRestoreIndexAndKey();
    void setPropertyMergesSameFieldOfSameBody();
    void setPropertyDoesNotMergeAcrossFieldsOrBodies();
    void moveBodiesIsExactAndNudgesMerge();
    void vertexEditsAreCheckedAndUndoable();
    void vertexEditErrorsNameTheVertex_data();
    void vertexEditErrorsNameTheVertex();
    void checkBodyNamesTheField_data();
    void checkBodyNamesTheField();
    void markModifiedAndSaveMakeItClean();
    void randomEditSequencesUndoToTheStart();
};

void TestDocumentCommands::keysAreStableAndNeverReused() {
    Document document;
    document.setScene(threeBodies());
    QCOMPARE(document.bodyCount(), 3);
    const QList<BodyKey> keys = document.keys();
    QCOMPARE(keys.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(keys[i] != 0);
        QCOMPARE(document.keyAt(i), keys[i]);
        QCOMPARE(document.indexOf(keys[i]), i);
    }
    QCOMPARE(document.body(keys[1]).name, std::string("b"));
    QCOMPARE(document.indexOf(0), -1);
    QCOMPARE(document.indexOf(9999), -1);

    // Removing the first body shifts indices, not keys.
    document.removeBody(keys[0]);
    QCOMPARE(document.indexOf(keys[1]), 0);
    QCOMPARE(document.body(keys[2]).name, std::string("c"));
    // A new body never gets a key used before, even after a new scene.
    const BodyKey added = document.insertBody(0, boxBody("d", {1, 1}));
    QVERIFY(!keys.contains(added));
    document.setScene(threeBodies());
    for (const BodyKey key : document.keys()) {
        QVERIFY(!keys.contains(key));
        QVERIFY(key != added);
    }
}

void TestDocumentCommands::mutatorsEmitOneTypedSignal() {
    Document document;
    document.setScene(threeBodies());
    QSignalSpy inserted(&document, &Document::bodyInserted);
    QSignalSpy removed(&document, &Document::bodyRemoved);
    QSignalSpy changed(&document, &Document::bodyChanged);
    QSignalSpy settings(&document, &Document::settingsChanged);
    QSignalSpy reset(&document, &Document::sceneReset);

    const BodyKey key = document.insertBody(1, boxBody("new", {5, 5}));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.front().front().value<BodyKey>(), key);
    QCOMPARE(document.indexOf(key), 1);

    phys::BodyDef moved = document.body(key);
    moved.position = {6, 7};
    document.replaceBody(key, moved);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(document.body(key).position, phys::Vec2(6, 7));

    document.removeBody(key);
    QCOMPARE(removed.count(), 1);
    QVERIFY(!document.contains(key));

    phys::WorldSettings world;
    world.gravity = {0, -1.62};
    document.setSettings(world);
    QCOMPARE(settings.count(), 1);
    QCOMPARE(document.scene().def.settings.gravity, phys::Vec2(0, -1.62));

    // Unknown keys change nothing and say nothing.
    document.removeBody(12345);
    document.replaceBody(12345, moved);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 1);
}

void TestDocumentCommands::addAndRemoveRestoreIndexAndKey() {
    Document document;
    document.setScene(threeBodies());
    const Scene start = document.scene();
    QUndoStack* stack = document.undoStack();

    auto* add = new AddBodyCommand(&document, boxBody("added", {9, 9}));
    stack->push(add);
    const BodyKey key = add->key();
    QVERIFY(key != 0);
    QCOMPARE(document.bodyCount(), 4);
    QCOMPARE(document.indexOf(key), 3);
    QVERIFY(document.isModified());
    stack->undo();
    QVERIFY(document.scene() == start);
    QVERIFY(!document.isModified());
    stack->redo();
    QCOMPARE(document.indexOf(key), 3); // the same key again
    stack->undo();

    // Removing the middle body and undoing puts it back at index 1 with its key and exact values.
    const BodyKey middle = document.keyAt(1);
    stack->push(new RemoveBodyCommand(&document, middle));
    QCOMPARE(document.bodyCount(), 2);
    QVERIFY(!document.contains(middle));
    stack->undo();
    QCOMPARE(document.indexOf(middle), 1);
    QVERIFY(document.scene() == start);
    QCOMPARE(stack->count(), 1); // the add was dropped when the remove was pushed
}

void TestDocumentCommands::setPropertyMergesSameFieldOfSameBody() {
    Document document;
    document.setScene(threeBodies());
    const Scene start = document.scene();
    const BodyKey key = document.keyAt(0);
    QUndoStack* stack = document.undoStack();

    for (double x : {1.0, 2.0, 3.5}) {
        phys::BodyDef after = document.body(key);
        after.position.x = x;
        stack->push(
            new SetPropertyCommand(&document, key, FieldId{BodyField::Position}, document.body(key), after));
    }
    phys::BodyDef after = document.body(key);
    after.position.y = -1.25;
    stack->push(
        new SetPropertyCommand(&document, key, FieldId{BodyField::Position}, document.body(key), after));
    QCOMPARE(stack->count(), 1);
    QCOMPARE(document.body(key).position, phys::Vec2(3.5, -1.25));
    QVERIFY(stack->text(0).contains(QStringLiteral("position")));
    stack->undo();
    QVERIFY(document.scene() == start);
    stack->redo();
    QCOMPARE(document.body(key).position, phys::Vec2(3.5, -1.25));
}

void TestDocumentCommands::setPropertyDoesNotMergeAcrossFieldsOrBodies() {
    Document document;
    document.setScene(threeBodies());
    const Scene start = document.scene();
    QUndoStack* stack = document.undoStack();
    const BodyKey a = document.keyAt(0);
    const BodyKey c = document.keyAt(2);

    auto set = [&](BodyKey key, FieldId field, auto change) {
        phys::BodyDef after = document.body(key);
        change(after);
        stack->push(new SetPropertyCommand(&document, key, field, document.body(key), after));
    };
    set(a, {BodyField::Angle}, [](phys::BodyDef& b) { b.angle = 0.5; });
    set(c, {BodyField::Angle}, [](phys::BodyDef& b) { b.angle = 0.25; });
    set(c, {BodyField::ShapeDensity, 0}, [](phys::BodyDef& b) { b.shapes[0].density = 3.0; });
    set(c, {BodyField::ShapeFriction, 0}, [](phys::BodyDef& b) { b.shapes[0].friction = 0.2; });
    set(c, {BodyField::ShapeFriction, 0}, [](phys::BodyDef& b) { b.shapes[0].friction = 0.3; });
    QCOMPARE(stack->count(), 4);
    QCOMPARE(document.body(c).shapes[0].friction, 0.3);
    stack->undo();
    QCOMPARE(document.body(c).shapes[0].friction, 0.6);
    QCOMPARE(document.body(c).shapes[0].density, 3.0);
    while (stack->canUndo()) {
        stack->undo();
    }
    QVERIFY(document.scene() == start);
}

void TestDocumentCommands::moveBodiesIsExactAndNudgesMerge() {
    Document document;
    document.setScene(threeBodies());
    const Scene start = document.scene();
    QUndoStack* stack = document.undoStack();
    const QList<BodyKey> keys{document.keyAt(0), document.keyAt(2)};

    stack->push(new MoveBodiesCommand(&document, keys, {0.1, 0.2}, false));
    stack->push(new MoveBodiesCommand(&document, keys, {0.1, 0.2}, false));
    QCOMPARE(stack->count(), 2); // drags never merge
    for (int i = 0; i < 3; ++i) {
        stack->push(new MoveBodiesCommand(&document, keys, {0.0, -0.1}, true));
    }
    QCOMPARE(stack->count(), 3); // three nudges of the same bodies: one step
    stack->push(new MoveBodiesCommand(&document, {keys[0]}, {1.0, 0.0}, true));
    QCOMPARE(stack->count(), 4); // other bodies: a new step
    const phys::Vec2 expected = phys::Vec2(-2, 4) + phys::Vec2(0.2, 0.4) + phys::Vec2(0, -0.3);
    QVERIFY(phys::distance(document.body(keys[1]).position, expected) < 1e-12);
    QCOMPARE(document.body(document.keyAt(1)).position, phys::Vec2(3, 1)); // untouched
    while (stack->canUndo()) {
        stack->undo();
    }
    QVERIFY(document.scene() == start); // exact, not within round-off
}

void TestDocumentCommands::vertexEditsAreCheckedAndUndoable() {
    Document document;
    document.setScene(threeBodies());
    const Scene start = document.scene();
    const BodyKey key = document.keyAt(0); // unit square [-0.5, 0.5]^2, counter-clockwise
    QUndoStack* stack = document.undoStack();
    const phys::Polygon& square = polygonOf(document.body(key));
    QCOMPARE(square.count(), 4);

    // Move vertex 2 outward: still convex.
    const phys::Vec2 moved = square.vertex(2) + phys::Vec2(0.25, 0.25);
    auto result = withVertexMoved(document.body(key), 0, 2, moved);
    QVERIFY(std::holds_alternative<phys::BodyDef>(result));
    stack->push(
        new MoveVertexCommand(&document, key, 0, 2, document.body(key), std::get<phys::BodyDef>(result)));
    QCOMPARE(polygonOf(document.body(key)).vertex(2), moved);

    // Insert a vertex on edge 0 pushed outward: a pentagon.
    const phys::Polygon& now = polygonOf(document.body(key));
    const phys::Vec2 onEdge = 0.5 * (now.vertex(0) + now.vertex(1)) + phys::Vec2(0, -0.2);
    result = withVertexInserted(document.body(key), 0, 0, onEdge);
    QVERIFY(std::holds_alternative<phys::BodyDef>(result));
    stack->push(
        new InsertVertexCommand(&document, key, 0, 1, document.body(key), std::get<phys::BodyDef>(result)));
    QCOMPARE(polygonOf(document.body(key)).count(), 5);
    QCOMPARE(polygonOf(document.body(key)).vertex(1), onEdge);

    // Remove it again.
    result = withVertexRemoved(document.body(key), 0, 1);
    QVERIFY(std::holds_alternative<phys::BodyDef>(result));
    stack->push(
        new RemoveVertexCommand(&document, key, 0, 1, document.body(key), std::get<phys::BodyDef>(result)));
    QCOMPARE(polygonOf(document.body(key)).count(), 4);

    QCOMPARE(stack->count(), 3);
    while (stack->canUndo()) {
        stack->undo();
    }
    QVERIFY(document.scene() == start);
}

void TestDocumentCommands::vertexEditErrorsNameTheVertex_data() {
    QTest::addColumn<int>("operation"); // 0 move, 1 insert, 2 remove
    QTest::addColumn<int>("vertex");
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("y");
    QTest::addColumn<QString>("field");
    // The square's vertices: 0 (-0.5,-0.5), 1 (0.5,-0.5), 2 (0.5,0.5), 3 (-0.5,0.5).
    QTest::newRow("dent makes it non-convex")
        << 0 << 2 << -0.1 << -0.1 << QStringLiteral("shapes[0].vertices[2]");
    QTest::newRow("onto its neighbour") << 0 << 2 << 0.5 << -0.5 << QStringLiteral("shapes[0].vertices");
    QTest::newRow("collinear with neighbours") << 0 << 2 << 0.1 << -0.1 << QStringLiteral("shapes[0]");
    QTest::newRow("crosses over") << 0 << 2 << -1.5 << -1.5 << QStringLiteral("shapes[0].vertices");
    QTest::newRow("not finite") << 0 << 1 << qQNaN() << 0.0 << QStringLiteral("shapes[0].vertices[1]");
    QTest::newRow("beyond the world") << 0 << 1 << 2.0e6 << -0.5 << QStringLiteral("shapes[0].vertices[1]");
    QTest::newRow("insert inside") << 1 << 0 << 0.0 << -0.4 << QStringLiteral("shapes[0].vertices");
    QTest::newRow("insert on the edge line") << 1 << 0 << 0.0 << -0.5 << QStringLiteral("shapes[0].vertices");
    QTest::newRow("remove below three") << 3 << 0 << 0.0 << 0.0 << QStringLiteral("shapes[0].vertices[0]");
    QTest::newRow("no such vertex") << 0 << 7 << 0.0 << 0.0 << QStringLiteral("shapes[0].vertices[7]");
}

void TestDocumentCommands::vertexEditErrorsNameTheVertex() {
    QFETCH(int, operation);
    QFETCH(int, vertex);
    QFETCH(double, x);
    QFETCH(double, y);
    QFETCH(QString, field);
    phys::BodyDef body = boxBody("square", {0, 0});
    if (operation == 3) {
        body.shapes[0].geometry = *phys::factory::regular(3, 1.0);
        operation = 2;
    }
    const BodyEditResult result = operation == 0   ? withVertexMoved(body, 0, vertex, {x, y})
                                  : operation == 1 ? withVertexInserted(body, 0, vertex, {x, y})
                                                   : withVertexRemoved(body, 0, vertex);
    const auto* error = std::get_if<EditError>(&result);
    QVERIFY2(error, "the edit was accepted");
    QVERIFY2(error->field.startsWith(field), qPrintable(error->toString()));
    QVERIFY(!error->message.isEmpty());
}

void TestDocumentCommands::checkBodyNamesTheField_data() {
    QTest::addColumn<int>("change");
    QTest::addColumn<QString>("field");
    QTest::newRow("negative density, dynamic") << 0 << QStringLiteral("shapes[0].density");
    QTest::newRow("zero density, dynamic") << 1 << QStringLiteral("shapes[0].density");
    QTest::newRow("negative friction") << 2 << QStringLiteral("shapes[0].friction");
    QTest::newRow("restitution above one") << 3 << QStringLiteral("shapes[0].restitution");
    QTest::newRow("zero radius") << 4 << QStringLiteral("shapes[1].radius");
    QTest::newRow("NaN angle") << 5 << QStringLiteral("angle");
    QTest::newRow("huge position") << 6 << QStringLiteral("position");
    QTest::newRow("infinite speed") << 7 << QStringLiteral("linearVelocity");
}

void TestDocumentCommands::checkBodyNamesTheField() {
    QFETCH(int, change);
    QFETCH(QString, field);
    phys::BodyDef body = boxBody("b", {0, 0});
    body.shapes.push_back(ballBody("", {}, 0.5).shapes[0]);
    QVERIFY(!checkBody(body));
    switch (change) {
    case 0:
        body.shapes[0].density = -1;
        break;
    case 1:
        body.shapes[0].density = 0;
        break;
    case 2:
        body.shapes[0].friction = -0.1;
        break;
    case 3:
        body.shapes[0].restitution = 1.5;
        break;
    case 4:
        std::get<phys::Circle>(body.shapes[1].geometry).radius = 0;
        break;
    case 5:
        body.angle = qQNaN();
        break;
    case 6:
        body.position.x = 2.0 * phys::kMaxBodyPosition; // beyond the file limit
        break;
    case 7:
        body.linearVelocity.y = qInf();
        break;
    }
    const auto error = checkBody(body);
    QVERIFY(error);
    QCOMPARE(error->field, field);
    // Static bodies may have density 0 (they have no mass), never a negative one.
    if (change == 1) {
        body.type = phys::BodyType::Static;
        QVERIFY(!checkBody(body));
    }
}

void TestDocumentCommands::markModifiedAndSaveMakeItClean() {
    Document document;
    document.setScene(threeBodies());
    QSignalSpy modified(&document, &Document::modifiedChanged);
    document.markModified();
    QVERIFY(document.isModified());
    QCOMPARE(modified.count(), 1);
    QTemporaryDir dir;
    QVERIFY(document.save(dir.filePath(QStringLiteral("s.json")), nullptr));
    QVERIFY(!document.isModified());
    QCOMPARE(modified.count(), 2);
}

// Seeded random sequences of every command kind; undoing all of them gives back the exact start scene and
// redoing all of them the exact end scene (checks that each command's undo is the inverse of its redo, keys
// included, whatever came before it).
void TestDocumentCommands::randomEditSequencesUndoToTheStart() {
    std::mt19937_64 rng(20261122);
    std::uniform_real_distribution<double> coordinate(-5.0, 5.0);
    std::uniform_int_distribution<int> pick(0, 1 << 20);
    for (int round = 0; round < 300; ++round) {
        Document document;
        document.setScene(threeBodies());
        const Scene start = document.scene();
        QUndoStack* stack = document.undoStack();
        for (int step = 0; step < 12; ++step) {
            const int count = document.bodyCount();
            const BodyKey key = count > 0 ? document.keyAt(pick(rng) % count) : 0;
            switch (pick(rng) % 6) {
            case 0:
                stack->push(new AddBodyCommand(&document, boxBody("r", {coordinate(rng), coordinate(rng)}),
                                               count > 0 ? pick(rng) % (count + 1) : -1));
                break;
            case 1:
                if (key) {
                    stack->push(new RemoveBodyCommand(&document, key));
                }
                break;
            case 2:
                if (key) {
                    stack->push(new MoveBodiesCommand(&document, {key}, {coordinate(rng), coordinate(rng)},
                                                      pick(rng) % 2 == 0));
                }
                break;
            case 3:
                if (key) {
                    phys::BodyDef after = document.body(key);
                    after.angle = coordinate(rng);
                    stack->push(new SetPropertyCommand(&document, key, {BodyField::Angle}, document.body(key),
                                                       after));
                }
                break;
            case 4:
                if (key && std::holds_alternative<phys::Polygon>(document.body(key).shapes[0].geometry)) {
                    const phys::Polygon& polygon = polygonOf(document.body(key));
                    const int v = pick(rng) % polygon.count();
                    const phys::Vec2 out = polygon.vertex(v) * (1.0 + 0.5 * (pick(rng) % 100) / 100.0);
                    const BodyEditResult r = withVertexMoved(document.body(key), 0, v, out);
                    if (const auto* body = std::get_if<phys::BodyDef>(&r)) {
                        stack->push(new MoveVertexCommand(&document, key, 0, v, document.body(key), *body));
                    }
                }
                break;
            case 5:
                if (stack->canUndo() && pick(rng) % 3 == 0) {
                    stack->undo();
                }
                break;
            }
        }
        while (stack->canRedo()) {
            stack->redo();
        }
        const Scene end = document.scene();
        while (stack->canUndo()) {
            stack->undo();
        }
        QVERIFY2(document.scene() == start, qPrintable(QStringLiteral("round %1").arg(round)));
        while (stack->canRedo()) {
            stack->redo();
        }
        QVERIFY2(document.scene() == end, qPrintable(QStringLiteral("round %1").arg(round)));
    }
}

QTEST_GUILESS_MAIN(TestDocumentCommands)
#include "tst_document_commands.moc"
