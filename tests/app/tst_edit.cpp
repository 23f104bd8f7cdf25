/// @file tst_edit.cpp
/// Editing on the real MainWindow: the EditController turns intents into single undo steps, the Inspector
/// edits by typing (one step; consecutive edits of a field merge; bad numbers are refused with a message and
/// change nothing), the Bodies list and the canvas share one selection, Delete and Duplicate are one step
/// each, and presentation mode scales the canvas and the docks.

#include "bodies_dock.h"
#include "body_item.h"
#include "document.h"
#include "edit_controller.h"
#include "edit_intents.h"
#include "edit_setup.h"
#include "file_controller.h"
#include "inspector_dock.h"
#include "main_window.h"
#include "name_placement.h"
#include "scene_canvas.h"
#include "scene_io.h"
#include "scene_renderer.h"
#include "walkthrough_dock.h"

#include "physics/polygon_factory.h"

#include "app_test_util.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QGraphicsScene>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "autosave.h"

#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <random>

using namespace cl;

namespace {

/// A ground, a box, a ball and a triangle (names on every body; the ball is a circle for the radius field).
const char* const kScene = R"({
  "format": "contactlab-scene",
  "version": 1,
  "bodies": [
    { "name": "ground", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-6, -1], [6, -1], [6, 0], [-6, 0]], "density": 0 } ] },
    { "name": "box", "position": [-3, 2],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]] } ] },
    { "name": "ball", "position": [3, 2.5],
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 1.2 } ] },
    { "name": "triangle", "position": [0, 5],
      "shapes": [ { "type": "polygon", "vertices": [[-1, 0], [1, 0], [0, 1.5]] } ] }
  ]
})";

phys::BodyDef triangleBody() {
    phys::BodyDef body;
    body.name = "new triangle";
    body.position = {1, 8};
    phys::ShapeDef shape;
    const std::vector<phys::Vec2> points{{-1, -0.5}, {1, -0.5}, {0, 1}};
    shape.geometry = *phys::Polygon::make(points);
    body.shapes.push_back(shape);
    return body;
}

} // namespace

class TestEdit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void undoRemovesAddedBodyAndRedoRestoresIt();
    void canvasFollowsTheDocumentOneItemAtATime();
    void inspectorTypingSetsThePropertyInOneStep_data();
    void inspectorTypingSetsThePropertyInOneStep();
    void consecutiveEditsOfOneFieldMerge();
    void inspectorShowsRoundedValuesAndFitsTheDock();
    void roundedFieldsLoseNothing();
    void vertexTableCellEditsTheVertex();
    void badNumberIsRefusedAndChangesNothing_data();
    void badNumberIsRefusedAndChangesNothing();
    void typeChangeThatBreaksValidationIsRefused();
    void bodiesListAndCanvasShareTheSelection();
    void deleteIsOneUndoStep();
    void duplicateIsOneUndoStepAndSelectsTheCopies();
    void manyBodyEditsRefreshTheDocksOnce();
    void intentsBecomeSingleCommands();
    void selectAllSelectsEveryBody();
    void presentationModeScalesCanvasAndDocks();

private:
    QLineEdit* field(const QString& name) const;
    /// Types `text` into a field as a user does (select all, type, Enter).
    void typeInto(const QString& name, const QString& text);
    void select(const QList<BodyKey>& keys) { m_window->canvas()->setSelection(keys); }
    BodyKey keyOf(int index) const { return m_window->document()->keyAt(index); }
    InspectorDock* inspector() const { return m_window->findChild<InspectorDock*>(); }

    QTemporaryDir m_dir;
    QString m_scene;
    std::unique_ptr<MainWindow> m_window;
};

void TestEdit::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    m_scene = m_dir.filePath(QStringLiteral("scene.json"));
    QFile file(m_scene);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScene);
}

void TestEdit::init() {
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter(
        [](const QString&, const QString& message) { qWarning("%s", qPrintable(message)); });
    m_window->fileController()->setUnsavedAsker([](const QString&) { return UnsavedChoice::Discard; });
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->openFile(m_scene));
    QCOMPARE(m_window->document()->bodyCount(), 4);
}

void TestEdit::cleanup() {
    m_window.reset();
}

QLineEdit* TestEdit::field(const QString& name) const {
    return inspector()->findChild<QLineEdit*>(name);
}

void TestEdit::typeInto(const QString& name, const QString& text) {
    QLineEdit* edit = field(name);
    QVERIFY2(edit, qPrintable(name));
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

void TestEdit::undoRemovesAddedBodyAndRedoRestoresIt() {
    Document* document = m_window->document();
    QUndoStack* stack = document->undoStack();
    const Scene before = document->scene();
    const BodyKey key = m_window->editController()->addBody(triangleBody());
    QVERIFY(key != 0);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(document->bodyCount(), 5);
    QVERIFY(m_window->canvas()->bodyItem(key));
    QVERIFY(document->isModified());

    QAction* undo = m_window->findChild<QAction*>(QStringLiteral("actionUndo"));
    QAction* redo = m_window->findChild<QAction*>(QStringLiteral("actionRedo"));
    QVERIFY(undo && redo);
    QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
    QCOMPARE(redo->shortcut(), QKeySequence(QKeySequence::Redo));
    undo->trigger();
    QCOMPARE(document->bodyCount(), 4);
    QVERIFY(!document->contains(key));
    QVERIFY(!m_window->canvas()->bodyItem(key));
    QCOMPARE(m_window->canvas()->bodyItems().size(), std::size_t(4));
    QVERIFY(document->scene() == before);
    QVERIFY(!document->isModified());

    redo->trigger();
    QCOMPARE(document->bodyCount(), 5);
    QCOMPARE(document->indexOf(key), 4); // the same key comes back
    QCOMPARE(document->body(key).name, std::string("new triangle"));
    QVERIFY(m_window->canvas()->bodyItem(key));
    // The Undo History dock lists the step.
    QCOMPARE(stack->text(0), QStringLiteral("Add new triangle"));
}

void TestEdit::canvasFollowsTheDocumentOneItemAtATime() {
    SceneCanvas* canvas = m_window->canvas();
    BodyItem* groundItem = canvas->bodyItem(keyOf(0));
    BodyItem* ballItem = canvas->bodyItem(keyOf(2));
    QVERIFY(groundItem && ballItem);
    // Deleting the box changes no other item; the ball's item now has index 1 (and the box's colour).
    m_window->editController()->deleteBodies({keyOf(1)});
    QCOMPARE(canvas->bodyItem(keyOf(0)), groundItem);
    QCOMPARE(canvas->bodyItem(keyOf(1)), ballItem);
    QCOMPARE(ballItem->bodyIndex(), 1);
    QCOMPARE(canvas->bodyKeys(), m_window->document()->keys());
    // Moving the ball moves its item, which stays the same object.
    m_window->editController()->moveBodies({keyOf(1)}, {1.0, 0.0});
    QCOMPARE(canvas->bodyItem(keyOf(1)), ballItem);
    QCOMPARE(ballItem->pos(), QPointF(4.0, 2.5));
    QVERIFY(canvas->bodyKeyAt(canvas->worldToViewport({4.0, 2.5})) == keyOf(1));
    QCOMPARE(canvas->bodyKeyAt(canvas->worldToViewport({3.0 - 1.25, 2.5 + 1.25})), BodyKey(0));
}

void TestEdit::inspectorTypingSetsThePropertyInOneStep_data() {
    QTest::addColumn<int>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("what");
    QTest::addColumn<double>("expected");
    QTest::newRow("position x") << 1 << "positionX"
                                << "2.5"
                                << "x" << 2.5;
    QTest::newRow("position y") << 1 << "positionY"
                                << "-0.75"
                                << "y" << -0.75;
    QTest::newRow("angle in degrees") << 1 << "angle"
                                      << "90"
                                      << "angle" << phys::kPi / 2;
    QTest::newRow("velocity x") << 2 << "linearVelocityX"
                                << "3"
                                << "vx" << 3.0;
    QTest::newRow("angular velocity") << 2 << "angularVelocity"
                                      << "-1.5"
                                      << "omega" << -1.5;
    QTest::newRow("density") << 1 << "shape0Density"
                             << "2.5"
                             << "density" << 2.5;
    QTest::newRow("friction") << 1 << "shape0Friction"
                              << "0.25"
                              << "friction" << 0.25;
    QTest::newRow("restitution") << 2 << "shape0Restitution"
                                 << "0.5"
                                 << "restitution" << 0.5;
    QTest::newRow("radius") << 2 << "shape0Radius"
                            << "0.5"
                            << "radius" << 0.5;
    QTest::newRow("centre x") << 2 << "shape0CenterX"
                              << "0.25"
                              << "cx" << 0.25;
}

void TestEdit::inspectorTypingSetsThePropertyInOneStep() {
    QFETCH(int, body);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, what);
    QFETCH(double, expected);
    Document* document = m_window->document();
    const BodyKey key = keyOf(body);
    select({key});
    QCOMPARE(inspector()->shownBody(), key);
    const Scene before = document->scene();

    typeInto(field, text);

    const phys::BodyDef& def = document->body(key);
    const phys::ShapeDef& shape = def.shapes[0];
    const double value = what == "x"             ? def.position.x
                         : what == "y"           ? def.position.y
                         : what == "angle"       ? def.angle
                         : what == "vx"          ? def.linearVelocity.x
                         : what == "omega"       ? def.angularVelocity
                         : what == "density"     ? shape.density
                         : what == "friction"    ? shape.friction
                         : what == "restitution" ? shape.restitution
                         : what == "radius"      ? std::get<phys::Circle>(shape.geometry).radius
                                                 : std::get<phys::Circle>(shape.geometry).center.x;
    QCOMPARE(value, expected);
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(inspector()->fieldError(field).isEmpty());
    // The field shows the document's value again, and one undo restores the scene exactly.
    QCOMPARE(this->field(field)->text(), text);
    document->undoStack()->undo();
    QVERIFY(document->scene() == before);
    QVERIFY(this->field(field)->text() != text);
}

void TestEdit::consecutiveEditsOfOneFieldMerge() {
    Document* document = m_window->document();
    const BodyKey key = keyOf(1);
    select({key});
    typeInto("positionX", "1");
    typeInto("positionY", "7");
    typeInto("positionX", "1.5");
    QCOMPARE(document->undoStack()->count(), 1);
    QCOMPARE(document->body(key).position, phys::Vec2(1.5, 7));
    typeInto("angle", "45");
    QCOMPARE(document->undoStack()->count(), 2);
    typeInto("nameEdit", "crate");
    QCOMPARE(document->body(key).name, std::string("crate"));
    QCOMPARE(document->undoStack()->count(), 3);
    // The Bodies list shows the new name.
    auto* list = m_window->findChild<QListWidget*>(QStringLiteral("bodyList"));
    QVERIFY(list->item(1)->text().contains(QStringLiteral("crate")));
    document->undoStack()->undo();
    document->undoStack()->undo();
    QCOMPARE(document->body(key).position, phys::Vec2(1.5, 7));
    document->undoStack()->undo();
    QCOMPARE(document->body(key).position, phys::Vec2(-3, 2));
}

// Edit mode shows each document number rounded to six significant digits, so it fits its field, with the
// exact value (the shortest text that reads back as the stored value) in the tooltip; what is typed is
// written exactly as typed. Entering the shown text again is no edit: the exact value behind the rounding
// stays. Degrees typed with two decimals show as typed. At the dock's default width every editor, the vector
// rows' y fields too, lies inside the dock, for a polygon body and a circle body.
void TestEdit::inspectorShowsRoundedValuesAndFitsTheDock() {
    Document* document = m_window->document();
    const BodyKey box = keyOf(1);
    select({box});
    QCOMPARE(field("positionX")->text(), QStringLiteral("-3"));
    QCOMPARE(field("positionY")->text(), QStringLiteral("2"));
    typeInto("positionX", "0.30000000000000004");
    QCOMPARE(document->body(box).position.x, 0.1 + 0.2);
    QCOMPARE(field("positionX")->text(), QStringLiteral("0.3"));
    QVERIFY2(field("positionX")->toolTip().contains(QStringLiteral("0.30000000000000004")),
             qPrintable(field("positionX")->toolTip()));
    typeInto("positionY", "1.2345678901234567");
    QCOMPARE(document->body(box).position.y, 1.2345678901234567);
    // As many of six significant digits as fit the vector row's field ("1.2346" at the default width).
    QVERIFY2(field("positionY")->text().startsWith(QStringLiteral("1.23")) &&
                 std::abs(field("positionY")->text().toDouble() - 1.2345678901234567) < 0.5e-3,
             qPrintable(field("positionY")->text()));
    QVERIFY(field("positionY")->toolTip().contains(QStringLiteral("1.2345678901234567")));
    typeInto("angle", "33.3");
    QCOMPARE(document->body(box).angle, 33.3 / (180.0 / phys::kPi));
    QCOMPARE(field("angle")->text(), QStringLiteral("33.3"));
    const int commands = document->undoStack()->count();
    const phys::BodyDef before = document->body(box);
    for (const char* name : {"positionX", "positionY", "angle"}) {
        typeInto(QLatin1String(name), field(QLatin1String(name))->text());
    }
    QCOMPARE(document->undoStack()->count(), commands);
    QCOMPARE(document->body(box).position, before.position);
    QCOMPARE(document->body(box).angle, before.angle);

    // Degrees typed with up to two decimals, over a turn each way, show exactly as typed.
    const double scale = 180.0 / phys::kPi;
    for (int hundredths = -36000; hundredths <= 36000; ++hundredths) {
        const double degrees = hundredths / 100.0;
        const QString text = InspectorDock::formatNumber(degrees / scale, scale);
        if (text.toDouble() != degrees) {
            QFAIL(qPrintable(QStringLiteral("%1 degrees shows as %2").arg(degrees).arg(text)));
        }
    }
    // Any stored angle (seeded, radians as a file or a rotation holds them): the degrees shown give back
    // the stored radians exactly when some decimal text does, else to the last bit.
    std::mt19937_64 random(20240611);
    std::uniform_real_distribution<double> turns(-7.0, 7.0);
    for (int i = 0; i < 20000; ++i) {
        const double radians = turns(random);
        const double back = InspectorDock::formatNumber(radians, scale).toDouble() / scale;
        if (std::abs(back - radians) > 2.0 * std::numeric_limits<double>::epsilon() * std::abs(radians)) {
            QFAIL(qPrintable(
                QStringLiteral("%1 rad reads back as %2").arg(radians, 0, 'g', 17).arg(back, 0, 'g', 17)));
        }
    }

    // The form fits the dock at its default width (the left docks get 300 pixels).
    QApplication::processEvents();
    QVERIFY2(inspector()->width() <= 320, qPrintable(QString::number(inspector()->width())));
    auto* scroll = inspector()->findChild<QScrollArea*>();
    QVERIFY(scroll);
    for (const BodyKey key : {box, keyOf(2)}) {
        select({key});
        QApplication::processEvents();
        const int visible = scroll->viewport()->width();
        int editors = 0;
        for (QWidget* w : scroll->widget()->findChildren<QWidget*>()) {
            if (!w->isVisible() || !(qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) ||
                                     qobject_cast<QCheckBox*>(w) || qobject_cast<QTableWidget*>(w))) {
                continue;
            }
            ++editors;
            const int right = w->mapTo(scroll->viewport(), QPoint(w->width(), 0)).x();
            QVERIFY2(right <= visible,
                     qPrintable(QStringLiteral("%1 (%2) ends at %3, the dock shows %4")
                                    .arg(w->objectName(), QLatin1String(w->metaObject()->className()))
                                    .arg(right)
                                    .arg(visible)));
        }
        QVERIFY(editors >= 10);
    }
}

// Review v12 (Minor): the Inspector showed "34.37746770784939", "-0.50999…" and "1.000000000000000",
// wider than their fields. Values a drag or a rotation leaves behind now show rounded and fit; the exact
// value is in the tooltip; Enter on an unchanged field, or leaving it with Tab, writes nothing back (the
// document keeps every bit, the undo stack no entry); a value typed is written as typed; the vertex table's
// cells do the same.
void TestEdit::roundedFieldsLoseNothing() {
    Document* document = m_window->document();
    EditController* editor = m_window->editController();
    const BodyKey box = keyOf(1), ball = keyOf(2), triangle = keyOf(3);
    phys::BodyDef moved = document->body(box);
    moved.position = {-0.50999999999999990, -0.15666666666666668};
    QVERIFY(!editor->setProperty(box, FieldId{BodyField::Position}, moved));
    moved.angle = 0.6; // 34.37746770784939 degrees
    QVERIFY(!editor->setProperty(box, FieldId{BodyField::Angle}, moved));
    phys::BodyDef grown = document->body(ball);
    std::get<phys::Circle>(grown.shapes[0].geometry).radius = 1.0000000000000002;
    QVERIFY(!editor->setProperty(ball, FieldId{BodyField::CircleRadius, 0}, grown));
    QVERIFY(editor->moveVertex(triangle, 0, 2, {1.0 / 3.0, 1.5}));

    // What each field shows: six significant digits (fewer where they would not fit), the exact value in its tooltip, and the text inside the
    // field's text area (the style's contents rect less QLineEdit's 2-pixel margins).
    const auto fits = [](QLineEdit* edit) {
        QStyleOptionFrame option;
        option.initFrom(edit);
        option.rect = edit->rect();
        option.lineWidth = edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, edit);
        option.midLineWidth = 0;
        option.state |= QStyle::State_Sunken;
        const QRect contents = edit->style()->subElementRect(QStyle::SE_LineEditContents, &option, edit);
        return edit->fontMetrics().horizontalAdvance(edit->text()) <= contents.width() - 4;
    };
    struct Shown {
        BodyKey key;
        const char* field;
        const char* text;
        const char* exact;
    };
    const Shown shown[] = {
        {box, "positionX", "-0.51", "-0.5099999999999999"},
        {box, "positionY", nullptr, "-0.15666666666666668"}, // a vector row's field: as many digits as fit
        {box, "angle", "34.3775", "34.37746770784939"},
        {ball, "shape0Radius", "1", "1.0000000000000002"},
    };
    for (const Shown& s : shown) {
        select({s.key});
        QApplication::processEvents();
        QLineEdit* edit = field(QLatin1String(s.field));
        QVERIFY2(edit, s.field);
        if (s.text) {
            QCOMPARE(edit->text(), QLatin1String(s.text));
        } else {
            // Rounded to what fits (at least three significant digits): within 0.5e-3 of the value.
            QVERIFY2(edit->text().size() >= 6 && edit->text().size() < 10, qPrintable(edit->text()));
            QVERIFY(std::abs(edit->text().toDouble() - (-0.15666666666666668)) <= 0.5e-3);
        }
        QVERIFY2(edit->toolTip().contains(QLatin1String(s.exact)), qPrintable(edit->toolTip()));
        QVERIFY2(fits(edit), qPrintable(QStringLiteral("%1: \"%2\" in a field %3 px wide")
                                            .arg(QLatin1String(s.field), edit->text())
                                            .arg(edit->width())));
    }

    // Enter, and Tab out of the field, on every rounded field: no command, every bit kept.
    const Scene before = document->scene();
    const int commands = document->undoStack()->count();
    for (const Shown& s : shown) {
        select({s.key});
        QLineEdit* edit = field(QLatin1String(s.field));
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_End);
        QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClick(edit, Qt::Key_Tab);
        if (s.text) {
            QCOMPARE(edit->text(), QLatin1String(s.text));
        }
    }
    QCOMPARE(document->undoStack()->count(), commands);
    QVERIFY(document->scene() == before);
    QCOMPARE(document->body(box).position.x, -0.50999999999999990);
    QCOMPARE(document->body(box).angle, 0.6);

    // A cell of the vertex table: rounded, exact in the tooltip; the editor opened and closed unchanged
    // writes nothing.
    select({triangle});
    auto* table = inspector()->findChild<QTableWidget*>(QStringLiteral("shape0Vertices"));
    QVERIFY(table);
    QCOMPARE(table->item(2, 0)->text(), QStringLiteral("0.333333"));
    QCOMPARE(table->item(2, 0)->toolTip(), QStringLiteral("0.3333333333333333"));
    table->setFocus();
    table->setCurrentCell(2, 0);
    QTest::keyClick(table, Qt::Key_F2);
    QWidget* cell = QApplication::focusWidget();
    QVERIFY(cell && cell != table);
    QTest::keyClick(cell, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(document->undoStack()->count(), commands);
    QVERIFY(document->scene() == before);

    // What is typed is written as typed, even where it rounds to the text shown before.
    select({box});
    typeInto("positionX", "0.51");
    QCOMPARE(document->body(box).position.x, 0.51);
    typeInto("angle", "34.37746");
    QCOMPARE(document->body(box).angle, 34.37746 / (180.0 / phys::kPi));
    QCOMPARE(field("angle")->text(), QStringLiteral("34.3775"));
    QCOMPARE(document->undoStack()->count(), commands + 2);
}

void TestEdit::vertexTableCellEditsTheVertex() {
    Document* document = m_window->document();
    const BodyKey key = keyOf(3); // triangle (-1,0) (1,0) (0,1.5)
    select({key});
    auto* table = inspector()->findChild<QTableWidget*>(QStringLiteral("shape0Vertices"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(2, 1)->text(), QStringLiteral("1.5"));
    // Edit the cell as a user does: open the editor, type, Enter.
    table->setFocus();
    table->setCurrentCell(2, 1);
    QTest::keyClick(table, Qt::Key_F2);
    QWidget* editor = QApplication::focusWidget();
    QVERIFY(editor && editor != table);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, QStringLiteral("2.5"));
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits the editor's data through a queued call.
    QCoreApplication::processEvents();
    const auto& polygon = std::get<phys::Polygon>(document->body(key).shapes[0].geometry);
    QVERIFY2(polygon.vertex(2) == phys::Vec2(0, 2.5), qPrintable(QStringLiteral("%1 %2 / %3 %4")
                                                                     .arg(polygon.vertex(2).x)
                                                                     .arg(polygon.vertex(2).y)
                                                                     .arg(polygon.vertex(1).x)
                                                                     .arg(polygon.vertex(1).y)));
    QCOMPARE(document->undoStack()->count(), 1);

    // A cell that would make the box non-convex is refused: the table shows the old value and a message.
    const BodyKey box = keyOf(1); // (-1,-1) (1,-1) (1,1) (-1,1)
    select({box});
    const Scene before = document->scene();
    auto* boxTable = inspector()->findChild<QTableWidget*>(QStringLiteral("shape0Vertices"));
    QVERIFY(boxTable);
    boxTable->item(1, 1)->setText(QStringLiteral("1.5")); // vertex 1 -> (1, 1.5): folds over vertex 2
    QVERIFY(document->scene() == before);
    QCOMPARE(document->undoStack()->count(), 1);
    QCOMPARE(boxTable->item(1, 1)->text(), QStringLiteral("-1"));
    QVERIFY2(inspector()->fieldError(QStringLiteral("shape0Vertices")).contains(QStringLiteral("vertex 1")),
             qPrintable(inspector()->fieldError(QStringLiteral("shape0Vertices"))));
    boxTable->item(0, 0)->setText(QStringLiteral("x"));
    QVERIFY(document->scene() == before);
    QVERIFY(
        inspector()->fieldError(QStringLiteral("shape0Vertices")).contains(QStringLiteral("not a finite")));
}

void TestEdit::badNumberIsRefusedAndChangesNothing_data() {
    QTest::addColumn<int>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("named"); ///< what the message must name
    QTest::newRow("text") << 1 << "positionX"
                          << "abc"
                          << "Position x";
    QTest::newRow("NaN") << 1 << "positionY"
                         << "nan"
                         << "Position y";
    QTest::newRow("infinity") << 1 << "angle"
                              << "inf"
                              << "Angle";
    QTest::newRow("empty") << 2 << "linearVelocityY"
                           << ""
                           << "Velocity y";
    QTest::newRow("two numbers") << 2 << "angularVelocity"
                                 << "1 2"
                                 << "Angular velocity";
    QTest::newRow("negative density on a dynamic body") << 1 << "shape0Density"
                                                        << "-1"
                                                        << "density";
    QTest::newRow("zero density on a dynamic body") << 1 << "shape0Density"
                                                    << "0"
                                                    << "density";
    QTest::newRow("negative density on a static body") << 0 << "shape0Density"
                                                       << "-2"
                                                       << "density";
    QTest::newRow("radius 0") << 2 << "shape0Radius"
                              << "0"
                              << "radius";
    QTest::newRow("negative radius") << 2 << "shape0Radius"
                                     << "-1"
                                     << "radius";
    QTest::newRow("restitution above 1") << 2 << "shape0Restitution"
                                         << "1.5"
                                         << "restitution";
    QTest::newRow("negative friction") << 1 << "shape0Friction"
                                       << "-0.1"
                                       << "friction";
    QTest::newRow("beyond the world") << 1 << "positionX"
                                      << "1e9"
                                      << "position";
}

void TestEdit::badNumberIsRefusedAndChangesNothing() {
    QFETCH(int, body);
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, named);
    Document* document = m_window->document();
    // One accepted edit first, so "the undo stack is unchanged" also covers its index and merging.
    select({keyOf(3)});
    typeInto("angle", "10");
    QCOMPARE(document->undoStack()->count(), 1);
    select({keyOf(body)});
    const Scene before = document->scene();
    const int index = document->undoStack()->index();
    m_window->statusBar()->clearMessage();
    const QString shownBefore = this->field(field)->text();

    typeInto(field, text);
    // The refused text does not stay in the field: it shows the document's value again.
    QCOMPARE(this->field(field)->text(), shownBefore);

    QVERIFY(document->scene() == before);
    QCOMPARE(document->undoStack()->count(), 1);
    QCOMPARE(document->undoStack()->index(), index);
    const QString message = inspector()->fieldError(field);
    QVERIFY2(message.contains(named, Qt::CaseInsensitive), qPrintable(message));
    // ... once: "Density of shape 1 refused: density of shape 1: must be > 0" named it twice.
    QVERIFY2(message.count(named, Qt::CaseInsensitive) == 1, qPrintable(message));
    // The message is shown under the field and in the status bar.
    bool visibleUnderField = false;
    for (QLabel* l : inspector()->findChildren<QLabel*>()) {
        visibleUnderField |= l->isVisible() && l->text() == message;
    }
    QVERIFY(visibleUnderField);
    QVERIFY2(m_window->statusBar()->currentMessage().contains(named, Qt::CaseInsensitive),
             qPrintable(m_window->statusBar()->currentMessage()));
    // A good value afterwards clears it.
    typeInto(field, QStringLiteral("0.5"));
    QVERIFY(inspector()->fieldError(field).isEmpty());

    // Esc while typing puts the document's value back and edits nothing.
    QLineEdit* edit = this->field(field);
    const QString shown = edit->text();
    const int count = document->undoStack()->count();
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(edit, QStringLiteral("42"));
    QCOMPARE(edit->text(), QStringLiteral("42"));
    QTest::keyClick(edit, Qt::Key_Escape);
    QCOMPARE(edit->text(), shown);
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(document->undoStack()->count(), count);
}

void TestEdit::typeChangeThatBreaksValidationIsRefused() {
    Document* document = m_window->document();
    select({keyOf(0)}); // static ground with density 0
    auto* combo = inspector()->findChild<QComboBox*>(QStringLiteral("typeCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->currentText(), QStringLiteral("static"));
    const Scene before = document->scene();
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Down); // -> dynamic
    QVERIFY(document->scene() == before);
    QCOMPARE(document->undoStack()->count(), 0);
    QCOMPARE(combo->currentText(), QStringLiteral("static"));
    // The message names the field as the Inspector does, not by its path in the file.
    QVERIFY2(
        inspector()->fieldError(QStringLiteral("typeCombo")).contains(QStringLiteral("density of shape 1")),
        qPrintable(inspector()->fieldError(QStringLiteral("typeCombo"))));
    QVERIFY(!inspector()->fieldError(QStringLiteral("typeCombo")).contains(QStringLiteral("shapes[")));
    // The box can become kinematic: one step.
    select({keyOf(1)});
    combo = inspector()->findChild<QComboBox*>(QStringLiteral("typeCombo"));
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(document->body(keyOf(1)).type, phys::BodyType::Kinematic);
    QCOMPARE(document->undoStack()->count(), 1);
}

void TestEdit::bodiesListAndCanvasShareTheSelection() {
    auto* list = m_window->findChild<QListWidget*>(QStringLiteral("bodyList"));
    QVERIFY(list);
    QCOMPARE(list->count(), 4);
    SceneCanvas* canvas = m_window->canvas();
    // Click a row: the canvas selects that body.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(2)).center());
    QCOMPARE(canvas->selection(), QList<quint64>{keyOf(2)});
    QVERIFY(canvas->bodyItem(keyOf(2))->isSelectedHighlight());
    // Ctrl+click adds a row.
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::ControlModifier,
                      list->visualItemRect(list->item(0)).center());
    QCOMPARE(canvas->selection(), (QList<quint64>{keyOf(0), keyOf(2)}));
    QVERIFY(canvas->bodyItem(keyOf(0))->isSelectedHighlight());
    QVERIFY(!canvas->bodyItem(keyOf(1))->isSelectedHighlight());

    // Select on the canvas: the list follows.
    canvas->setSelection({keyOf(3)});
    QCOMPARE(list->selectedItems().size(), 1);
    QCOMPARE(list->row(list->selectedItems().front()), 3);
    // A click on a body with the select tool selects it on the canvas and in the list.
    QAction* selectTool = m_window->findChild<QAction*>(QStringLiteral("actionToolSelect"));
    if (selectTool) {
        selectTool->trigger();
    }
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, {}, canvas->worldToViewport({3.0, 2.5}).toPoint());
    QCOMPARE(canvas->selection(), QList<quint64>{keyOf(2)});
    QCOMPARE(list->selectedItems().size(), 1);
    QCOMPARE(list->row(list->selectedItems().front()), 2);
    QCOMPARE(inspector()->shownBody(), keyOf(2));
}

void TestEdit::deleteIsOneUndoStep() {
    Document* document = m_window->document();
    const Scene before = document->scene();
    select({keyOf(3), keyOf(1)});
    QAction* remove = m_window->findChild<QAction*>(QStringLiteral("actionDelete"));
    QVERIFY(remove && remove->isEnabled());
    QCOMPARE(remove->shortcut(), QKeySequence(QKeySequence::Delete));
    // Delete from the keyboard with the Bodies list focused.
    auto* list = m_window->findChild<QListWidget*>(QStringLiteral("bodyList"));
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Delete);
    QCOMPARE(document->bodyCount(), 2);
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(m_window->canvas()->selection().isEmpty());
    QCOMPARE(list->count(), 2);
    document->undoStack()->undo();
    QVERIFY(document->scene() == before); // same order, same values
    QCOMPARE(list->count(), 4);
    QCOMPARE(m_window->canvas()->bodyKeys(), document->keys());
}

void TestEdit::duplicateIsOneUndoStepAndSelectsTheCopies() {
    Document* document = m_window->document();
    const Scene before = document->scene();
    select({keyOf(1), keyOf(2)});
    auto* list = m_window->findChild<QListWidget*>(QStringLiteral("bodyList"));
    list->setFocus();
    QTest::keyClick(list, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(document->bodyCount(), 6);
    QCOMPARE(document->undoStack()->count(), 1);
    const phys::BodyDef& copy = document->body(keyOf(4));
    QCOMPARE(copy.name, std::string("box copy"));
    QCOMPARE(copy.position, phys::Vec2(-3, 2) + EditController::kDuplicateOffset);
    QCOMPARE(m_window->canvas()->selection(), (QList<quint64>{keyOf(4), keyOf(5)}));
    document->undoStack()->undo();
    QVERIFY(document->scene() == before);
    QCOMPARE(m_window->canvas()->bodyItems().size(), std::size_t(4));
}

void TestEdit::manyBodyEditsRefreshTheDocksOnce() {
    // Delete and Duplicate of many bodies, and their undo and redo, insert or remove the bodies one by one
    // inside one body batch. The Bodies list, the Inspector and the walkthrough's body lists follow once, at
    // the batch's end: per body, undoing a Duplicate of 821 bodies froze the window for 36 s. The keys on the
    // real window, the docks' counts, and what they show.
    Document* document = m_window->document();
    SceneCanvas* canvas = m_window->canvas();
    auto* dock = m_window->findChild<BodiesDock*>();
    auto* walkthrough = m_window->findChild<WalkthroughDock*>();
    QVERIFY(dock && walkthrough);
    const auto selectAllAnd = [&](Qt::Key key, Qt::KeyboardModifiers modifiers) {
        canvas->setFocus();
        QTest::keyClick(canvas, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(canvas, key, modifiers);
    };
    for (int twice = 0; twice < 3; ++twice) {
        selectAllAnd(Qt::Key_D, Qt::ControlModifier); // 4 -> 32 bodies
    }
    QCOMPARE(document->bodyCount(), 32);
    // The list shows the document, row by row, and the canvas's selection.
    const auto listShowsTheDocument = [&] {
        QListWidget* list = dock->list();
        QCOMPARE(list->count(), document->bodyCount());
        for (int row = 0; row < list->count(); ++row) {
            const phys::BodyDef& body = document->body(document->keyAt(row));
            QCOMPARE(list->item(row)->data(Qt::UserRole).toULongLong(), document->keyAt(row));
            QVERIFY2(list->item(row)->text().startsWith(
                         QStringLiteral("%1   %2").arg(row).arg(QString::fromStdString(body.name))),
                     qPrintable(list->item(row)->text()));
        }
        QSet<quint64> selectedRows;
        for (const QListWidgetItem* item : list->selectedItems()) {
            selectedRows.insert(item->data(Qt::UserRole).toULongLong());
        }
        const QList<quint64> selection = canvas->selection();
        QCOMPARE(selectedRows, QSet<quint64>(selection.begin(), selection.end()));
        QCOMPARE(walkthrough->findChild<QComboBox*>()->count(), document->bodyCount());
    };
    listShowsTheDocument();

    struct Counts {
        int rows, selections, lists, inspector;
    };
    const auto counts = [&] {
        return Counts{dock->rowRefreshes(), dock->selectionSyncs(), walkthrough->bodyListRefreshes(),
                      inspector()->rebuilds()};
    };
    // Each of Duplicate, Undo, Redo and Delete of the 32 bodies: the rows' text once, the lists once, and
    // the list's selection once at the batch's end (then the command selects the copies, or after a
    // removal keeps what is left: one more).
    const auto expectOnce = [&](const Counts& before) {
        const Counts after = counts();
        QCOMPARE(after.rows - before.rows, 1);
        QCOMPARE(after.lists - before.lists, 1);
        QVERIFY2(after.inspector - before.inspector <= 1,
                 qPrintable(QString::number(after.inspector - before.inspector)));
        QVERIFY2(after.selections - before.selections <= 2,
                 qPrintable(QString::number(after.selections - before.selections)));
    };
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_A, Qt::ControlModifier);
    Counts before = counts();
    QTest::keyClick(canvas, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(document->bodyCount(), 64);
    expectOnce(before);
    listShowsTheDocument();
    QCOMPARE(canvas->selection().size(), 32); // the copies

    before = counts();
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document->bodyCount(), 32);
    expectOnce(before);
    listShowsTheDocument();

    before = counts();
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(document->bodyCount(), 64);
    expectOnce(before);
    listShowsTheDocument();

    // Deleting every body takes the walkthrough's pair with it: it has none left, and the Inspector shows
    // nothing.
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_A, Qt::ControlModifier);
    before = counts();
    QTest::keyClick(canvas, Qt::Key_Delete);
    QCOMPARE(document->bodyCount(), 0);
    expectOnce(before);
    listShowsTheDocument();
    QCOMPARE(walkthrough->keyA(), BodyKey(0));
    QCOMPARE(inspector()->shownBody(), BodyKey(0));
    QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document->bodyCount(), 64);
    listShowsTheDocument();
    QVERIFY(walkthrough->keyA() != 0 && document->contains(walkthrough->keyA()));

    // Two bodies duplicated: the selection the batch ends with, the two copies, is the walkthrough's pair, as
    // a selection of two bodies always is.
    select({keyOf(1), keyOf(2)});
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(document->bodyCount(), 66);
    QCOMPARE(canvas->selection(), (QList<quint64>{keyOf(64), keyOf(65)}));
    QCOMPARE(walkthrough->keyA(), keyOf(64));
    QCOMPARE(walkthrough->keyB(), keyOf(65));
    listShowsTheDocument();
}

void TestEdit::intentsBecomeSingleCommands() {
    Document* document = m_window->document();
    EditIntents* intents = m_window->editIntents();
    QUndoStack* stack = document->undoStack();
    const Scene before = document->scene();
    emit intents->moveBodies({keyOf(1), keyOf(2)}, phys::Vec2{1, 0});
    QCOMPARE(stack->count(), 1);
    emit intents->nudgeBodies({keyOf(1)}, phys::Vec2{0.1, 0});
    emit intents->nudgeBodies({keyOf(1)}, phys::Vec2{0.1, 0});
    QCOMPARE(stack->count(), 2);
    emit intents->setBodyPose(keyOf(3), phys::Vec2{0, 6}, 0.5);
    QCOMPARE(stack->count(), 3);
    emit intents->moveVertex(keyOf(3), 0, 2, phys::Vec2{0, 2});
    emit intents->insertVertex(keyOf(1), 0, 0, phys::Vec2{0, -1.5});
    emit intents->removeVertex(keyOf(1), 0, 1);
    QCOMPARE(stack->count(), 6);
    // A refused intent (non-convex vertex) pushes nothing and says why on the status bar.
    emit intents->moveVertex(keyOf(1), 0, 0, phys::Vec2{0, 0});
    QCOMPARE(stack->count(), 6);
    // It names the place in words ("vertex 1 of shape 1": shapes from 1 as in the Inspector, vertices as
    // drawn), not by its path in the file.
    const QString refusal = m_window->statusBar()->currentMessage();
    QVERIFY2(refusal.contains(QStringLiteral("of shape 1")) && !refusal.contains(QStringLiteral("shapes[")),
             qPrintable(refusal));
    emit intents->deleteBodies({keyOf(0)});
    emit intents->duplicateBodies({keyOf(0)}, phys::Vec2{0, 1});
    QCOMPARE(stack->count(), 8);
    while (stack->canUndo()) {
        stack->undo();
    }
    QVERIFY(document->scene() == before);
}

void TestEdit::selectAllSelectsEveryBody() {
    auto* list = m_window->findChild<QListWidget*>(QStringLiteral("bodyList"));
    list->setFocus();
    m_window->findChild<QAction*>(QStringLiteral("actionSelectAll"))->trigger();
    QCOMPARE(m_window->canvas()->selection(), m_window->document()->keys());
    QCOMPARE(list->selectedItems().size(), 4);
    QVERIFY(inspector()->shownBody() == 0); // several bodies: nothing to edit
}

void TestEdit::presentationModeScalesCanvasAndDocks() {
    QAction* presentation = m_window->findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    QVERIFY(presentation);
    QVERIFY(presentation->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
    QVERIFY(presentation->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
    auto* dock = m_window->findChild<BodiesDock*>();
    const QFontInfo before(dock->list()->font());
    // The canvas's names as its paint places them (the scale is the canvas's state): their size, in body order.
    const auto nameSizes = [this] {
        const SceneCanvas& canvas = *m_window->canvas();
        NamePlacement placed =
            placeBodyNames(canvas.sceneDef(), canvas.viewTransform(), canvas.renderOptions());
        std::sort(placed.names.begin(), placed.names.end(),
                  [](const PlacedName& a, const PlacedName& b) { return a.body < b.body; });
        QList<QSizeF> sizes;
        for (const PlacedName& name : placed.names) {
            sizes << name.rect.size();
        }
        return sizes;
    };
    const QList<QSizeF> namesBefore = nameSizes();
    QVERIFY(!namesBefore.isEmpty());
    presentation->trigger();
    // The factor of the window's screen (the offscreen 800x600 one: 1.6 * 600 / 800 = 1.2; edit_setup.h).
    const double k = presentationScaleForHeight(m_window->screen()->geometry().height());
    QCOMPARE(k, std::min(1.6, 1.6 * m_window->screen()->geometry().height() / 800.0));
    QVERIFY(k > 1.0);
    QCOMPARE(m_window->canvas()->presentationScale(), k);
    QCOMPARE(m_window->canvas()->renderOptions().displayScale, k);
    QVERIFY(QFontInfo(dock->list()->font()).pixelSize() > before.pixelSize());
    const QList<QSizeF> namesLarge = nameSizes();
    QCOMPARE(namesLarge.size(), namesBefore.size());
    for (qsizetype i = 0; i < namesBefore.size(); ++i) {
        QVERIFY(namesLarge[i].width() > 0.875 * k * namesBefore[i].width());
    }
    presentation->trigger();
    QCOMPARE(m_window->canvas()->presentationScale(), 1.0);
    QCOMPARE(QFontInfo(dock->list()->font()).pixelSize(), before.pixelSize());
    QCOMPARE(nameSizes(), namesBefore);
}

QTEST_MAIN(TestEdit)
#include "tst_edit.moc"
