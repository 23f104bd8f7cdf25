/// @file tst_scene_io.cpp
/// The scene file reader and writer (app/core/scene_io) and the Document built on it: exact round trips,
/// every field read as written, defaults, unknown keys, every hostile file of tests/fixtures/bad plus
/// generated ones (huge, deep, long), seeded random scenes and mutated files by the thousand, and "a failed
/// load changes nothing".

#include "document.h"
#include "fixture_table.h"
#include "scene_io.h"

#include "physics/defs.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoCommand>
#include <QUndoStack>

#include <cmath>
#include <random>

using namespace cl;

namespace {

Scene loadOrFail(const QString& fileName) {
    auto result = loadSceneFile(fileName);
    if (const auto* error = std::get_if<SceneError>(&result)) {
        qWarning("%s: %s", qPrintable(fileName), qPrintable(error->toString()));
        return {};
    }
    return std::get<Scene>(std::move(result));
}

SceneError errorOf(const std::variant<Scene, SceneError>& result) {
    if (const auto* error = std::get_if<SceneError>(&result)) {
        return *error;
    }
    return {QStringLiteral("<no error>"), QStringLiteral("<the scene was accepted>")};
}

const phys::Polygon& polygonOf(const phys::ShapeDef& shape) {
    return std::get<phys::Polygon>(shape.geometry);
}
const phys::Circle& circleOf(const phys::ShapeDef& shape) {
    return std::get<phys::Circle>(shape.geometry);
}

QByteArray header() {
    return R"("format": "contactlab-scene", "version": 1)";
}

/// A command that changes nothing, to make a document "modified" without the editing commands.
class NoOpCommand : public QUndoCommand {
public:
    void undo() override {}
    void redo() override {}
};

/// A random double with a full 53-bit mantissa, |v| <= limit.
double randomDouble(std::mt19937_64& rng, double limit) {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-12, 0);
    return limit * unit(rng) * std::ldexp(1.0, exponent(rng));
}

/// A random valid convex polygon: points on a circle at sorted angles at least 0.3 rad apart.
phys::Polygon randomPolygon(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> count(3, phys::kMaxPolygonVertices);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int n = count(rng);
    const double slack = 2.0 * phys::kPi - 0.3 * n;
    std::vector<double> cuts(static_cast<std::size_t>(n));
    for (double& c : cuts) {
        c = unit(rng) * slack;
    }
    std::sort(cuts.begin(), cuts.end());
    const double radius = 0.05 + 100.0 * unit(rng);
    const phys::Vec2 center{randomDouble(rng, 1000.0), randomDouble(rng, 1000.0)};
    std::vector<phys::Vec2> points;
    for (int i = 0; i < n; ++i) {
        const double angle = cuts[static_cast<std::size_t>(i)] + 0.3 * i;
        points.push_back(center + radius * phys::Vec2{std::cos(angle), std::sin(angle)});
    }
    return phys::Polygon::make(points, phys::PolygonCleanup::Strict).value();
}

Scene randomScene(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<int> small(0, 5);
    Scene scene;
    phys::WorldSettings& s = scene.def.settings;
    s.gravity = {randomDouble(rng, 100.0), randomDouble(rng, 100.0)};
    s.timeStep = phys::kMinTimeStep + unit(rng) * (phys::kMaxTimeStep - phys::kMinTimeStep);
    s.solver = unit(rng) < 0.5 ? phys::SolverKind::Impulse : phys::SolverKind::Verlet;
    s.response = unit(rng) < 0.5 ? phys::ResponseKind::Impulses : phys::ResponseKind::PushOut;
    s.contactMethod = static_cast<phys::ContactMethod>(small(rng) % 3);
    s.iterations = 1 + static_cast<int>(unit(rng) * 999);
    // A fifth of the scenes with automatic substeps (written "auto").
    s.substeps = unit(rng) < 0.2 ? std::nullopt : std::optional<int>(1 + static_cast<int>(unit(rng) * 99));
    s.sleep = unit(rng) < 0.5;
    s.continuous = unit(rng) < 0.5;
    s.linearDamping = unit(rng) * 10.0;
    const int bodies = small(rng);
    for (int i = 0; i < bodies; ++i) {
        phys::BodyDef body;
        static const char* const kNames[] = {"",
                                             "box",
                                             "quote \" and \\ backslash",
                                             "tab\tnew\nline",
                                             "\xc3\xa9t\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x8e\xb1",
                                             "\x01\x1f"};
        body.name = kNames[small(rng)];
        body.type = static_cast<phys::BodyType>(small(rng) % 3);
        body.position = {randomDouble(rng, phys::kMaxWorldCoordinate),
                         randomDouble(rng, phys::kMaxWorldCoordinate)};
        body.angle = randomDouble(rng, 100.0);
        body.linearVelocity = {randomDouble(rng, 1000.0), randomDouble(rng, 1000.0)};
        body.angularVelocity = randomDouble(rng, 100.0);
        body.bullet = unit(rng) < 0.3;
        const int shapes = 1 + small(rng);
        for (int j = 0; j < shapes; ++j) {
            phys::ShapeDef shape;
            if (unit(rng) < 0.5) {
                shape.geometry = randomPolygon(rng);
            } else {
                shape.geometry = phys::Circle{{randomDouble(rng, 1000.0), randomDouble(rng, 1000.0)},
                                              1e-2 + unit(rng) * 50.0};
            }
            shape.density = 1.0 + unit(rng) * 1e4;
            shape.friction = unit(rng) * 2.0;
            shape.restitution = unit(rng);
            body.shapes.push_back(shape);
        }
        scene.def.bodies.push_back(body);
    }
    if (unit(rng) < 0.5) {
        scene.unknownTopLevel.insert(QStringLiteral("note"), randomDouble(rng, 1e300));
        scene.unknownTopLevel.insert(QStringLiteral("tags"),
                                     QJsonArray{QStringLiteral("a\"b"), true, QJsonValue(), QJsonObject{}});
    }
    return scene;
}

} // namespace

class TestSceneIo : public QObject {
    Q_OBJECT

private slots:
    void enumStrings();
    void roundTripFiles_data();
    void roundTripFiles();
    void roundTripRandomScenes();
    void readsEveryField();
    void defaultsApply();
    void substepsAutoOrExplicit();
    void recycleContactsReadAndWritten();
    void clockwisePolygonIsReversed();
    void awkwardNumbersAreExact();
    void unknownKeys();
    void byteOrderMarksInStringsLoadBack();
    void keptWholeNumbersLoadBack();
    void keysInDocumentedOrder();
    void nonFiniteIsWrittenAsNullAndRefused();
    void everyBadFixtureIsListed();
    void hostileFixtures_data();
    void hostileFixtures();
    void hostileGenerated_data();
    void hostileGenerated();
    void oversizedFile();
    void missingFileAndDirectory();
    void everyTruncationFails();
    void mutatedFilesAreRefusedOrValid();
    void documentFailedLoadChangesNothing();
    void documentLoadSaveAndModified();
    void documentFailedSaveChangesNothing();
};

void TestSceneIo::enumStrings() {
    // The exact file strings of design.md section 3, both ways.
    QCOMPARE(QString(phys::toString(phys::BodyType::Static)), QStringLiteral("static"));
    QCOMPARE(QString(phys::toString(phys::BodyType::Dynamic)), QStringLiteral("dynamic"));
    QCOMPARE(QString(phys::toString(phys::BodyType::Kinematic)), QStringLiteral("kinematic"));
    QCOMPARE(QString(phys::toString(phys::SolverKind::Impulse)), QStringLiteral("impulse"));
    QCOMPARE(QString(phys::toString(phys::SolverKind::Verlet)), QStringLiteral("verlet"));
    QCOMPARE(QString(phys::toString(phys::ResponseKind::Impulses)), QStringLiteral("impulses"));
    QCOMPARE(QString(phys::toString(phys::ResponseKind::PushOut)), QStringLiteral("push-out"));
    QCOMPARE(QString(phys::toString(phys::ContactMethod::Clipping)), QStringLiteral("clipping"));
    QCOMPARE(QString(phys::toString(phys::ContactMethod::DeepestVertices)),
             QStringLiteral("deepest-vertices"));
    QCOMPARE(QString(phys::toString(phys::ContactMethod::VertexEdge)), QStringLiteral("vertex-edge"));
    for (auto t : {phys::BodyType::Static, phys::BodyType::Dynamic, phys::BodyType::Kinematic}) {
        QCOMPARE(phys::parseBodyType(phys::toString(t)), t);
    }
    for (auto k : {phys::SolverKind::Impulse, phys::SolverKind::Verlet}) {
        QCOMPARE(phys::parseSolverKind(phys::toString(k)), k);
    }
    for (auto k : {phys::ResponseKind::Impulses, phys::ResponseKind::PushOut}) {
        QCOMPARE(phys::parseResponseKind(phys::toString(k)), k);
    }
    for (auto m : {phys::ContactMethod::Clipping, phys::ContactMethod::DeepestVertices,
                   phys::ContactMethod::VertexEdge}) {
        QCOMPARE(phys::parseContactMethod(phys::toString(m)), m);
    }
    QVERIFY(!phys::parseBodyType("Static"));
    QVERIFY(!phys::parseBodyType(""));
    QVERIFY(!phys::parseSolverKind("impulses"));
    QVERIFY(!phys::parseResponseKind("pushout"));
    QVERIFY(!phys::parseContactMethod("clipping "));
}

void TestSceneIo::roundTripFiles_data() {
    QTest::addColumn<QString>("fileName");
    QStringList files = fixtures::jsonFiles(fixtures::scenesDir()) + fixtures::jsonFiles(fixtures::goodDir());
    QVERIFY(files.size() >= 4 + 5);
    for (const QString& file : files) {
        QTest::newRow(qPrintable(QFileInfo(file).fileName())) << file;
    }
}

void TestSceneIo::roundTripFiles() {
    QFETCH(QString, fileName);
    auto first = loadSceneFile(fileName);
    QVERIFY2(std::holds_alternative<Scene>(first), qPrintable(errorOf(first).toString()));
    const Scene& a = std::get<Scene>(first);

    // Through a real file (QSaveFile), then again in memory.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString saved = dir.filePath(QStringLiteral("saved.json"));
    QCOMPARE(saveSceneFile(a, saved), QString());
    auto second = loadSceneFile(saved);
    QVERIFY2(std::holds_alternative<Scene>(second), qPrintable(errorOf(second).toString()));
    const Scene& b = std::get<Scene>(second);
    QVERIFY(a == b);

    // Writing is a fixed point: the same scene gives the same bytes.
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QCOMPARE(serializeScene(b), bytes);
    QCOMPARE(serializeScene(a), bytes);
}

void TestSceneIo::roundTripRandomScenes() {
    std::mt19937_64 rng(20240611);
    int bodies = 0;
    for (int i = 0; i < 3000; ++i) {
        const Scene scene = randomScene(rng);
        QVERIFY(!phys::validate(scene.def));
        bodies += static_cast<int>(scene.def.bodies.size());
        const QByteArray bytes = serializeScene(scene);
        auto back = parseScene(bytes);
        QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(errorOf(back).toString() + u'\n' + bytes));
        QVERIFY2(scene == std::get<Scene>(back), bytes.constData());
    }
    QVERIFY(bodies > 5000);
}

void TestSceneIo::readsEveryField() {
    const Scene scene = loadOrFail(fixtures::goodDir() + QStringLiteral("/all_settings.json"));
    const phys::WorldSettings& s = scene.def.settings;
    QCOMPARE(s.gravity, phys::Vec2(0.5, -3.7));
    QCOMPARE(s.timeStep, 0.004);
    QCOMPARE(s.solver, phys::SolverKind::Verlet);
    QCOMPARE(s.response, phys::ResponseKind::PushOut);
    QCOMPARE(s.contactMethod, phys::ContactMethod::VertexEdge);
    QCOMPARE(s.iterations, 1000);
    QCOMPARE(s.substeps, std::optional<int>(100));
    QCOMPARE(s.sleep, true);
    QCOMPARE(s.continuous, false);
    QCOMPARE(s.linearDamping, 0.05);

    QCOMPARE(scene.def.bodies.size(), std::size_t(2));
    const phys::BodyDef& wedge = scene.def.bodies[0];
    QCOMPARE(QString::fromStdString(wedge.name), QStringLiteral("wedge \"A\" \u00e9\n"));
    QCOMPARE(wedge.type, phys::BodyType::Kinematic);
    QCOMPARE(wedge.position, phys::Vec2(-3.25, 7.125));
    QCOMPARE(wedge.angle, -1.5707963267948966);
    QCOMPARE(wedge.linearVelocity, phys::Vec2(0.1, -0.2));
    QCOMPARE(wedge.angularVelocity, 3.14);
    QCOMPARE(wedge.bullet, true);
    QCOMPARE(wedge.shapes.size(), std::size_t(1));
    const phys::Polygon& p = polygonOf(wedge.shapes[0]);
    QCOMPARE(p.count(), 3);
    QCOMPARE(p.vertex(0), phys::Vec2(0, 0));
    QCOMPARE(p.vertex(1), phys::Vec2(2, 0));
    QCOMPARE(p.vertex(2), phys::Vec2(0, 1));
    QCOMPARE(wedge.shapes[0].density, 2.5);
    QCOMPARE(wedge.shapes[0].friction, 0.1);
    QCOMPARE(wedge.shapes[0].restitution, 1.0);

    // A static body may have density 0.
    const phys::BodyDef& post = scene.def.bodies[1];
    QCOMPARE(post.type, phys::BodyType::Static);
    QCOMPARE(circleOf(post.shapes[0]).center, phys::Vec2(0.3, -0.7));
    QCOMPARE(circleOf(post.shapes[0]).radius, 0.1);
    QCOMPARE(post.shapes[0].density, 0.0);
}

void TestSceneIo::substepsAutoOrExplicit() {
    // Automatic substeps (the default since issue 17) are written "auto" and read back as such; a file
    // without the key gets them; a file written before them holds an integer (8 was the default), which
    // stays that explicit count, so an old file runs as it did.
    const auto settingsOf = [](const char* settings) {
        const QByteArray json = "{ " + header() + ", \"settings\": " + settings + ", \"bodies\": [] }";
        auto parsed = parseScene(json);
        if (!std::holds_alternative<Scene>(parsed)) {
            qWarning("%s", qPrintable(std::get<SceneError>(parsed).message));
            return phys::WorldSettings{};
        }
        return std::get<Scene>(parsed).def.settings;
    };
    QCOMPARE(phys::WorldSettings{}.substeps, std::nullopt);
    QCOMPARE(settingsOf(R"({ "substeps": "auto" })").substeps, std::nullopt);
    QCOMPARE(settingsOf(R"({ "iterations": 2 })").substeps, std::nullopt);
    QCOMPARE(settingsOf(R"({ "substeps": 8 })").substeps, std::optional<int>(8));
    QCOMPARE(settingsOf(R"({ "substeps": 3 })").substeps, std::optional<int>(3));

    Scene scene;
    QVERIFY(serializeScene(scene).contains("\"substeps\": \"auto\""));
    scene.def.settings.substeps = 4;
    QVERIFY(serializeScene(scene).contains("\"substeps\": 4"));
    scene.def.settings.substeps.reset();
    auto back = parseScene(serializeScene(scene));
    QVERIFY(std::holds_alternative<Scene>(back));
    QCOMPARE(std::get<Scene>(back).def.settings.substeps, std::nullopt);
}

void TestSceneIo::recycleContactsReadAndWritten() {
    // On by default (Box2D v3), so an ordinary file does not hold the key; off is read, written and read back.
    const Scene defaults = loadOrFail(fixtures::goodDir() + QStringLiteral("/defaults.json"));
    QCOMPARE(defaults.def.settings.recycleContacts, true);
    QVERIFY(!serializeScene(defaults).contains("recycleContacts"));

    const Scene tuned = loadOrFail(fixtures::goodDir() + QStringLiteral("/tuned_settings.json"));
    QCOMPARE(tuned.def.settings.recycleContacts, false);
    const QByteArray text = serializeScene(tuned);
    QVERIFY2(text.contains("\"recycleContacts\": false"), text.constData());
    auto back = parseScene(text);
    QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(errorOf(back).toString()));
    QCOMPARE(std::get<Scene>(back).def.settings.recycleContacts, false);
    QVERIFY(std::get<Scene>(back) == tuned);

    Scene on = tuned;
    on.def.settings.recycleContacts = true;
    QVERIFY(!serializeScene(on).contains("recycleContacts"));
    QVERIFY(!(on == tuned));
}

void TestSceneIo::defaultsApply() {
    const Scene minimal = loadOrFail(fixtures::goodDir() + QStringLiteral("/minimal.json"));
    const phys::WorldSettings d;
    const phys::WorldSettings& s = minimal.def.settings;
    QCOMPARE(s.gravity, phys::Vec2(0, -9.81));
    QCOMPARE(s.gravity, d.gravity);
    QCOMPARE(s.timeStep, 1.0 / 60.0);
    QCOMPARE(s.solver, d.solver);
    QCOMPARE(s.response, d.response);
    QCOMPARE(s.contactMethod, d.contactMethod);
    QCOMPARE(s.iterations, d.iterations);
    QCOMPARE(s.substeps, d.substeps);
    QCOMPARE(s.sleep, false);
    QCOMPARE(s.continuous, true);
    QCOMPARE(s.linearDamping, 0.0);
    QVERIFY(minimal.def.bodies.empty());
    QVERIFY(minimal.unknownTopLevel.isEmpty());

    const Scene one = loadOrFail(fixtures::goodDir() + QStringLiteral("/defaults.json"));
    QCOMPARE(one.def.bodies.size(), std::size_t(1));
    const phys::BodyDef& b = one.def.bodies[0];
    QCOMPARE(b.name, std::string());
    QCOMPARE(b.type, phys::BodyType::Dynamic);
    QCOMPARE(b.position, phys::Vec2(0, 0));
    QCOMPARE(b.angle, 0.0);
    QCOMPARE(b.linearVelocity, phys::Vec2(0, 0));
    QCOMPARE(b.angularVelocity, 0.0);
    QCOMPARE(b.bullet, false);
    QCOMPARE(circleOf(b.shapes[0]).center, phys::Vec2(0, 0));
    QCOMPARE(circleOf(b.shapes[0]).radius, 0.5);
    QCOMPARE(b.shapes[0].density, 1.0);
    QCOMPARE(b.shapes[0].friction, 0.6);
    QCOMPARE(b.shapes[0].restitution, 0.0);
}

void TestSceneIo::clockwisePolygonIsReversed() {
    const Scene scene = loadOrFail(fixtures::goodDir() + QStringLiteral("/clockwise.json"));
    QCOMPARE(scene.def.bodies.size(), std::size_t(1));
    const phys::Polygon& p = polygonOf(scene.def.bodies[0].shapes[0]);
    QCOMPARE(p.count(), 4);
    QVERIFY(phys::signedArea(p.vertices()) > 0.0);
    QCOMPARE(phys::signedArea(p.vertices()), 4.0);
    // The file's [[-1,-1],[-1,1],[1,1],[1,-1]] read backwards.
    const phys::Vec2 expected[] = {{1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(p.vertex(i), expected[i]);
    }
}

void TestSceneIo::awkwardNumbersAreExact() {
    const Scene scene = loadOrFail(fixtures::goodDir() + QStringLiteral("/awkward_numbers.json"));
    QCOMPARE(scene.def.bodies.size(), std::size_t(1));
    const phys::BodyDef& b = scene.def.bodies[0];
    QCOMPARE(b.position.x, 123456.789012345);
    QCOMPARE(b.position.y, -0.000001);
    QCOMPARE(b.angle, 2.220446049250313e-16);
    QCOMPARE(b.linearVelocity, phys::Vec2(1e6, -1e6));
    const phys::Polygon& p = polygonOf(b.shapes[0]);
    QCOMPARE(p.vertex(1).x, 0.1 + 0.2); // 0.30000000000000004
    QCOMPARE(p.vertex(2).y, 0.7000000000000001);
    QCOMPARE(p.vertex(3).x, 1e-9);
    const QByteArray text = serializeScene(scene);
    QVERIFY(text.contains("0.30000000000000004"));
    QVERIFY(text.contains("123456.789012345"));
    QVERIFY(text.contains("2.220446049250313e-16"));
}

void TestSceneIo::unknownKeys() {
    const Scene scene = loadOrFail(fixtures::goodDir() + QStringLiteral("/unknown_keys.json"));
    QCOMPARE(scene.def.settings.gravity, phys::Vec2(0, -1.62)); // known keys next to unknown ones still read
    QCOMPARE(scene.def.bodies.size(), std::size_t(1));
    QCOMPARE(circleOf(scene.def.bodies[0].shapes[0]).radius, 0.25);
    QCOMPARE(scene.unknownTopLevel.keys(),
             QStringList({QStringLiteral("author"), QStringLiteral("lesson"), QStringLiteral("zz last")}));
    QCOMPARE(scene.unknownTopLevel.value(QStringLiteral("author")).toString(), QStringLiteral("A. Teacher"));
    const QJsonObject lesson = scene.unknownTopLevel.value(QStringLiteral("lesson")).toObject();
    QCOMPARE(lesson.value(QStringLiteral("steps")).toArray().at(1).toDouble(), 2.5);

    const QByteArray text = serializeScene(scene);
    QVERIFY(text.contains("\"author\": \"A. Teacher\""));
    QVERIFY(text.contains("\"SAT, part 2\""));
    QVERIFY(text.contains("\"zz last\": \"kept as well\""));
    // Unknown keys below the top level are ignored and not kept (only the top level is preserved).
    QVERIFY(!text.contains("futureSetting"));
    QVERIFY(!text.contains("colour"));
    QVERIFY(!text.contains("texture"));
    auto back = parseScene(text);
    QVERIFY(std::holds_alternative<Scene>(back));
    QVERIFY(scene == std::get<Scene>(back));
    QCOMPARE(std::get<Scene>(back).unknownTopLevel, scene.unknownTopLevel);

    // A kept key may not shadow a real one when written.
    Scene sneaky = scene;
    sneaky.unknownTopLevel.insert(QStringLiteral("version"), 99);
    sneaky.unknownTopLevel.insert(QStringLiteral("bodies"), QJsonArray());
    const QByteArray sneakyText = serializeScene(sneaky);
    QCOMPARE(sneakyText.count("\"version\""), 1);
    QCOMPARE(sneakyText.count("\"bodies\""), 1);
    QVERIFY(std::holds_alternative<Scene>(parseScene(sneakyText)));
}

// fuzz_scene_loader found a kept whole number beyond 2^53 that came back changed: Qt holds it as a 64-bit
// integer, the writer wrote it through a double. Every whole number Qt holds exactly, and the fractional and
// huge ones it holds as doubles, must load back equal, and writing stays a fixed point.
void TestSceneIo::keptWholeNumbersLoadBack() {
    const QByteArray found("{\"format\": \"contactlab-scene\", \"version\": 1, \"setti, 64], [9, 81], [10, "
                           "100ngs\": {\"relaxIterations\": -222222222222222221}, \"bodies\": []}\n");
    auto first = parseScene(found);
    QVERIFY2(std::holds_alternative<Scene>(first), qPrintable(errorOf(first).toString()));
    const Scene& a = std::get<Scene>(first);
    const QByteArray text = serializeScene(a);
    QVERIFY2(text.contains("-222222222222222221"), text.constData());
    auto back = parseScene(text);
    QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(errorOf(back).toString()));
    QVERIFY2(std::get<Scene>(back) == a, text.constData());

    std::mt19937_64 random(20261206);
    const QList<QByteArray> fixed{"0",
                                  "-0",
                                  "1",
                                  "9007199254740993",
                                  "-9007199254740993",
                                  "9223372036854775807",
                                  "-9223372036854775808",
                                  "9223372036854775808",
                                  "1e300",
                                  "0.1",
                                  "-2.5e-300",
                                  "123456789012345678901234567890"};
    QList<QByteArray> numbers = fixed;
    for (int i = 0; i < 2000; ++i) {
        numbers.append(QByteArray::number(static_cast<qint64>(random())));
        numbers.append(QByteArray::number(static_cast<qint64>(random() >> (random() % 64))));
    }
    for (const QByteArray& n : numbers) {
        const QByteArray json = "{\"format\": \"contactlab-scene\", \"version\": 1, \"kept\": [" + n +
                                ", {\"x\": " + n + "}], \"bodies\": []}";
        auto parsed = parseScene(json);
        QVERIFY2(std::holds_alternative<Scene>(parsed), n.constData());
        const Scene& s = std::get<Scene>(parsed);
        const QByteArray written = serializeScene(s);
        auto again = parseScene(written);
        QVERIFY2(std::holds_alternative<Scene>(again), written.constData());
        QVERIFY2(std::get<Scene>(again) == s, (n + " -> " + written).constData());
        QCOMPARE(serializeScene(std::get<Scene>(again)), written);
    }
}

// Issue 16: fuzz_scene_loader found a kept key starting with U+FEFF that lost it on a save and load (Qt's
// reader drops a raw U+FEFF that opens a string). Every string the writer emits (kept keys, kept values, body
// names) must load back as it was, wherever a U+FEFF stands, and any other UTF-16 code unit too.
void TestSceneIo::byteOrderMarksInStringsLoadBack() {
    const QString bom(QChar(0xFEFF));
    // The fuzzer's input, as found (raw bytes EF BB BF) and with the JSON escape.
    for (const QByteArray& found :
         {QByteArray("{\"format\": \"contactlab-scene\", \"version\": 1, \"settnigs\": "
                     "{\"\xEF\xBB\xBF{contactMethod\": \"Clippig\"}, \"bodies\": []}"),
          QByteArray("{\"format\": \"contactlab-scene\", \"version\": 1, \"settnigs\": "
                     "{\"\\uFEFF{contactMethod\": \"Clippig\"}, \"bodies\": []}")}) {
        auto first = parseScene(found);
        QVERIFY2(std::holds_alternative<Scene>(first), qPrintable(errorOf(first).toString()));
        const Scene& a = std::get<Scene>(first);
        const QJsonObject kept = a.unknownTopLevel.value(QStringLiteral("settnigs")).toObject();
        QCOMPARE(kept.keys(), QStringList{bom + QStringLiteral("{contactMethod")});
        const QByteArray text = serializeScene(a);
        auto back = parseScene(text);
        QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(errorOf(back).toString()));
        QCOMPARE(std::get<Scene>(back).unknownTopLevel, a.unknownTopLevel);
        QVERIFY2(std::get<Scene>(back) == a, text.constData());
        QCOMPARE(serializeScene(std::get<Scene>(back)), text); // and writing stays a fixed point
    }

    // Every BMP code unit (lone surrogates included) at the start, inside and alone, in a kept key and a kept
    // value; they share the writer's string with body names, which are checked on the awkward ones.
    const auto hex = [](int unit) {
        return QStringLiteral("U+%1").arg(unit, 4, 16, QLatin1Char('0'));
    };
    const auto forms = [](const QString& c) {
        return QStringList{c, c + QStringLiteral("x"), QStringLiteral("x") + c + QStringLiteral("y")};
    };
    Scene empty = loadOrFail(fixtures::goodDir() + QStringLiteral("/minimal.json"));
    int checked = 0;
    for (int unit = 1; unit <= 0xFFFF; ++unit) {
        Scene probe = empty;
        for (const QString& s : forms(QString(QChar(static_cast<char16_t>(unit))))) {
            probe.unknownTopLevel.insert(QStringLiteral("k") + s, QJsonObject{{s, s}});
        }
        auto back = parseScene(serializeScene(probe));
        QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(hex(unit) + errorOf(back).toString()));
        QVERIFY2(std::get<Scene>(back).unknownTopLevel == probe.unknownTopLevel,
                 qPrintable(hex(unit) + QStringLiteral(" in a kept key or value")));
        ++checked;
    }
    QCOMPARE(checked, 0xFFFF);

    Scene named = loadOrFail(fixtures::goodDir() + QStringLiteral("/defaults.json"));
    QCOMPARE(named.def.bodies.size(), std::size_t(1));
    for (const char16_t unit :
         {u'\uFEFF', u'\uFFFE', u'\uFFFF', u'\u00E9', u'\u200B', u'\u0001', u'"', u'\\'}) {
        for (const QString& s : forms(QString(QChar(unit)))) {
            named.def.bodies[0].name = s.toStdString();
            auto back = parseScene(serializeScene(named));
            QVERIFY2(std::holds_alternative<Scene>(back), qPrintable(hex(unit) + errorOf(back).toString()));
            QVERIFY2(std::get<Scene>(back).def.bodies[0].name == named.def.bodies[0].name,
                     qPrintable(hex(unit) + QStringLiteral(" in a body name")));
        }
    }
}

void TestSceneIo::keysInDocumentedOrder() {
    const Scene scene = loadOrFail(fixtures::goodDir() + QStringLiteral("/all_settings.json"));
    const QByteArray text = serializeScene(scene);
    auto expectOrder = [&](const QList<QByteArray>& keys) {
        qsizetype last = -1;
        for (const QByteArray& key : keys) {
            const qsizetype at = text.indexOf('"' + key + "\":", last + 1);
            if (at <= last) {
                qWarning("key %s out of order", key.constData());
                return false;
            }
            last = at;
        }
        return true;
    };
    QVERIFY(
        expectOrder({"format",         "version",         "settings",   "gravity",  "timeStep", "solver",
                     "response",       "contactMethod",   "iterations", "substeps", "sleep",    "continuous",
                     "linearDamping",  "bodies",          "name",       "type",     "position", "angle",
                     "linearVelocity", "angularVelocity", "bullet",     "shapes",   "type",     "vertices",
                     "density",        "friction",        "restitution"}));
    QVERIFY(text.startsWith("{\n  \"format\": \"contactlab-scene\",\n  \"version\": 1,\n"));
    QVERIFY(text.contains("\"vertices\": [[0, 0], [2, 0], [0, 1]]"));
    QVERIFY(text.endsWith("}\n"));
}

void TestSceneIo::nonFiniteIsWrittenAsNullAndRefused() {
    Scene scene;
    phys::BodyDef body;
    body.shapes.push_back({});
    body.angle = std::numeric_limits<double>::quiet_NaN();
    scene.def.bodies.push_back(body);
    const QByteArray text = serializeScene(scene);
    QVERIFY(text.contains("\"angle\": null"));
    const SceneError e = errorOf(parseScene(text));
    QCOMPARE(e.path, QStringLiteral("bodies[0].angle"));
    QVERIFY2(e.message.contains(QStringLiteral("expected a number, got null")), qPrintable(e.message));
    // And the engine-side check refuses it too.
    const auto defError = phys::validate(scene.def);
    QVERIFY(defError);
    QCOMPARE(defError->path, std::string("bodies[0].angle"));
}

void TestSceneIo::everyBadFixtureIsListed() {
    QStringList listed;
    for (const fixtures::BadFixture& f : fixtures::badFixtures()) {
        listed << f.file;
        QVERIFY2(QFile::exists(fixtures::badDir() + u'/' + f.file), qPrintable(f.file));
    }
    QVERIFY(listed.size() >= 60);
    QCOMPARE(listed.size(), QSet<QString>(listed.begin(), listed.end()).size());
    for (const QString& file : fixtures::jsonFiles(fixtures::badDir())) {
        QVERIFY2(listed.contains(QFileInfo(file).fileName()),
                 qPrintable(file + " has no line in expected.tsv"));
    }
}

void TestSceneIo::hostileFixtures_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    for (const fixtures::BadFixture& f : fixtures::badFixtures()) {
        QTest::newRow(qPrintable(f.file)) << f.file << f.path << f.message;
    }
}

void TestSceneIo::hostileFixtures() {
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const SceneError e = errorOf(loadSceneFile(fixtures::badDir() + u'/' + file));
    QCOMPARE(e.path, path);
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
    QCOMPARE(e.toString(), path.isEmpty() ? e.message : path + QStringLiteral(": ") + e.message);
}

void TestSceneIo::hostileGenerated_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");

    const QByteArray box = R"({ "type": "polygon", "vertices": [[0, 0], [1, 0], [1, 1], [0, 1]] })";
    {
        // A million vertices: refused by the count, before any geometry.
        QByteArray vertices;
        vertices.reserve(8'000'000);
        for (int i = 0; i < 1'000'000; ++i) {
            vertices += i ? ", [" : "[";
            vertices += QByteArray::number(i % 1000) + ", " + QByteArray::number(i / 1000) + "]";
        }
        QTest::newRow("million vertices")
            << "{ " + header() + R"(, "bodies": [ { "shapes": [ { "type": "polygon", "vertices": [)" +
                   vertices + "] } ] } ] }"
            << "bodies[0].shapes[0].vertices"
            << "too many vertices (1000000, at most 16)";
    }
    {
        const QByteArray deep = QByteArray(5000, '[') + QByteArray(5000, ']');
        QTest::newRow("nested 5000 deep") << "{ " + header() + R"(, "bodies": )" + deep + " }"
                                          << ""
                                          << "too deeply nested";
        const QByteArray objects = QByteArray("{\"a\":").repeated(3000) + "1" + QByteArray(3000, '}');
        QTest::newRow("objects nested 3000 deep") << "{ " + header() + R"(, "lesson": )" + objects + " }"
                                                  << ""
                                                  << "too deeply nested";
    }
    {
        QByteArray bodies;
        const QByteArray body = R"({ "shapes": [ { "type": "circle", "radius": 1 } ] })";
        bodies.reserve(body.size() * 100002 + 10);
        for (int i = 0; i <= phys::kMaxBodies; ++i) {
            bodies += i ? ",\n" + body : body;
        }
        QTest::newRow("too many bodies") << "{ " + header() + R"(, "bodies": [)" + bodies + "] }"
                                         << "bodies"
                                         << "too many bodies (100001, at most 100000)";
    }
    {
        QByteArray shapes = box;
        for (int i = 1; i <= phys::kMaxShapesPerBody; ++i) {
            shapes += ", " + box;
        }
        QTest::newRow("65 shapes") << "{ " + header() + R"(, "bodies": [ { "shapes": [)" + shapes + "] } ] }"
                                   << "bodies[0].shapes"
                                   << "too many shapes (65, at most 64)";
    }
    QTest::newRow("1e400 in a vertex")
        << "{ " + header() +
               R"(, "bodies": [ { "shapes": [ { "type": "polygon", "vertices": [[0, 0], [1e400, 0], [0, 1]] } ] } ] })"
        << ""
        << "illegal number";
    QTest::newRow("-1e400 radius")
        << "{ " + header() + R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": -1e400 } ] } ] })"
        << ""
        << "overflows or underflows";
    QTest::newRow("NaN density")
        << "{ " + header() +
               R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": 1, "density": NaN } ] } ] })"
        << ""
        << "illegal number";
    QTest::newRow("radius null")
        << "{ " + header() + R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": null } ] } ] })"
        << "bodies[0].shapes[0].radius"
        << "expected a number, got null";
    QTest::newRow("radius array")
        << "{ " + header() + R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": [1] } ] } ] })"
        << "bodies[0].shapes[0].radius"
        << "expected a number, got an array";
    QTest::newRow("radius bool")
        << "{ " + header() + R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": true } ] } ] })"
        << "bodies[0].shapes[0].radius"
        << "expected a number, got true";
    QTest::newRow("shape is a string") << "{ " + header() + R"(, "bodies": [ { "shapes": [ "circle" ] } ] })"
                                       << "bodies[0].shapes[0]"
                                       << "expected an object, got the string \"circle\"";
    QTest::newRow("density 0 dynamic, 2nd body")
        << "{ " + header() +
               R"(, "bodies": [ { "type": "static", "shapes": [ { "type": "circle", "radius": 1, "density": 0 } ] }, { "shapes": [ { "type": "circle", "radius": 1, "density": 0 } ] } ] })"
        << "bodies[1].shapes[0].density"
        << "must be > 0 on a dynamic body (got 0)";
    QTest::newRow("kinematic density -0.5")
        << "{ " + header() +
               R"(, "bodies": [ { "type": "kinematic", "shapes": [ { "type": "circle", "radius": 1, "density": -0.5 } ] } ] })"
        << "bodies[0].shapes[0].density"
        << "must be >= 0 (got -0.5)";
    QTest::newRow("timeStep negative")
        << "{ " + header() + R"(, "settings": { "timeStep": -0.01 }, "bodies": [] })"
        << "settings.timeStep"
        << "(got -0.01)";
    QTest::newRow("iterations 1001") << "{ " + header() +
                                            R"(, "settings": { "iterations": 1001 }, "bodies": [] })"
                                     << "settings.iterations"
                                     << "must be in 1..1000 (got 1001)";
    QTest::newRow("substeps 0") << "{ " + header() + R"(, "settings": { "substeps": 0 }, "bodies": [] })"
                                << "settings.substeps"
                                << "must be in 1..100 or \"auto\" (got 0)";
    QTest::newRow("substeps word") << "{ " + header() +
                                          R"(, "settings": { "substeps": "fast" }, "bodies": [] })"
                                   << "settings.substeps"
                                   << "expected an integer or \"auto\", got the string \"fast\"";
    QTest::newRow("substeps true") << "{ " + header() +
                                          R"(, "settings": { "substeps": true }, "bodies": [] })"
                                   << "settings.substeps"
                                   << "expected an integer or \"auto\"";
    QTest::newRow("gravity huge") << "{ " + header() +
                                         R"(, "settings": { "gravity": [0, -1e30] }, "bodies": [] })"
                                  << "settings.gravity"
                                  << "beyond the limit";
    QTest::newRow("angularVelocity huge")
        << "{ " + header() +
               R"(, "bodies": [ { "angularVelocity": 2e8, "shapes": [ { "type": "circle", "radius": 1 } ] } ] })"
        << "bodies[0].angularVelocity"
        << "beyond the limit";
    QTest::newRow("density absurd")
        << "{ " + header() +
               R"(, "bodies": [ { "shapes": [ { "type": "circle", "radius": 1, "density": 1e200 } ] } ] })"
        << "bodies[0].shapes[0].density"
        << "beyond the limit";
    QTest::newRow("version 1.5") << "{ " + header().replace("1", "1.5") + R"(, "bodies": [] })"
                                 << "version"
                                 << "unsupported version (got the number 1.5";
}

void TestSceneIo::hostileGenerated() {
    QFETCH(QByteArray, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const SceneError e = errorOf(parseScene(json));
    QCOMPARE(e.path, path);
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
}

void TestSceneIo::oversizedFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fileName = dir.filePath(QStringLiteral("huge.json"));
    {
        // A sparse file one byte over the limit: refused by its size before it is read.
        QFile file(fileName);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(kMaxSceneFileBytes + 1));
    }
    SceneError e = errorOf(loadSceneFile(fileName));
    QCOMPARE(e.path, QString());
    QVERIFY2(e.message.contains(QStringLiteral("too large (%1 bytes, at most %2)")
                                    .arg(kMaxSceneFileBytes + 1)
                                    .arg(kMaxSceneFileBytes)),
             qPrintable(e.message));

    // The same limit in memory.
    QByteArray big = "{ " + header() + R"(, "bodies": [] })";
    big += QByteArray(kMaxSceneFileBytes + 1 - big.size(), ' ');
    e = errorOf(parseScene(big));
    QVERIFY2(e.message.contains(QStringLiteral("too large")), qPrintable(e.message));
    // One byte less is parsed (trailing whitespace is fine).
    big.chop(1);
    QVERIFY(std::holds_alternative<Scene>(parseScene(big)));
}

void TestSceneIo::missingFileAndDirectory() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    SceneError e = errorOf(loadSceneFile(dir.filePath(QStringLiteral("nothing-here.json"))));
    QVERIFY2(e.message.contains(QStringLiteral("no such file")), qPrintable(e.message));
    e = errorOf(loadSceneFile(dir.path()));
    QVERIFY2(e.message.contains(QStringLiteral("is a directory")), qPrintable(e.message));
}

void TestSceneIo::everyTruncationFails() {
    QFile file(fixtures::scenesDir() + QStringLiteral("/shapes.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray full = file.readAll();
    const qsizetype lastBrace = full.lastIndexOf('}');
    QVERIFY(lastBrace > 1000);
    for (qsizetype n = 0; n <= lastBrace; ++n) {
        const SceneError e = errorOf(parseScene(full.left(n)));
        if (!e.path.isEmpty() || e.message.isEmpty() || e.message.startsWith(u'<')) {
            QFAIL(qPrintable(QStringLiteral("prefix of %1 bytes: %2").arg(n).arg(e.toString())));
        }
    }
    QVERIFY(std::holds_alternative<Scene>(parseScene(full.left(lastBrace + 1))));
}

void TestSceneIo::mutatedFilesAreRefusedOrValid() {
    // Random byte edits of a valid file: each result is either refused with a located message, or a scene
    // that passes the engine's own validation. Nothing invalid gets through.
    QFile file(fixtures::scenesDir() + QStringLiteral("/compound.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray original = file.readAll();
    std::mt19937_64 rng(77);
    const QByteArray alphabet = "0123456789-+.eE[]{},:\" \nabcxyz\\";
    std::uniform_int_distribution<qsizetype> position(0, original.size() - 1);
    std::uniform_int_distribution<int> pick(0, static_cast<int>(alphabet.size()) - 1);
    std::uniform_int_distribution<int> edits(1, 4);
    int accepted = 0;
    int refused = 0;
    for (int i = 0; i < 5000; ++i) {
        QByteArray text = original;
        for (int k = edits(rng); k > 0; --k) {
            const qsizetype at = position(rng) % text.size();
            switch (pick(rng) % 3) {
            case 0:
                text[at] = alphabet[pick(rng)];
                break;
            case 1:
                text.insert(at, alphabet[pick(rng)]);
                break;
            default:
                text.remove(at, 1);
                break;
            }
        }
        auto result = parseScene(text);
        if (const auto* scene = std::get_if<Scene>(&result)) {
            ++accepted;
            const auto invalid = phys::validate(scene->def);
            QVERIFY2(!invalid, invalid ? invalid->message.c_str() : "");
        } else {
            ++refused;
            const SceneError& e = std::get<SceneError>(result);
            QVERIFY(!e.message.isEmpty());
            QVERIFY2(e.path.isEmpty() || e.path.startsWith(QStringLiteral("format")) ||
                         e.path.startsWith(QStringLiteral("version")) ||
                         e.path.startsWith(QStringLiteral("settings")) ||
                         e.path.startsWith(QStringLiteral("bodies")),
                     qPrintable(e.toString()));
        }
    }
    // Both outcomes occur, so the check above exercised both branches.
    QVERIFY(accepted > 100);
    QVERIFY(refused > 1000);
}

void TestSceneIo::documentFailedLoadChangesNothing() {
    Document doc;
    QString error;
    const QString good = fixtures::scenesDir() + QStringLiteral("/shapes.json");
    QVERIFY2(doc.load(good, &error), qPrintable(error));
    doc.undoStack()->push(new NoOpCommand);
    QVERIFY(doc.isModified());
    const Scene before = doc.scene();

    QSignalSpy reset(&doc, &Document::sceneReset);
    QSignalSpy fileName(&doc, &Document::fileNameChanged);
    QSignalSpy modified(&doc, &Document::modifiedChanged);
    const auto bad = fixtures::badFixtures();
    QVERIFY(!bad.isEmpty());
    for (const fixtures::BadFixture& f : bad) {
        error.clear();
        QVERIFY2(!doc.load(fixtures::badDir() + u'/' + f.file, &error), qPrintable(f.file));
        QVERIFY2(error.contains(f.message), qPrintable(error));
        if (!f.path.isEmpty()) {
            QVERIFY2(error.startsWith(f.path + QStringLiteral(": ")), qPrintable(error));
        }
        QVERIFY(doc.scene() == before);
        QCOMPARE(doc.fileName(), good);
        QVERIFY(doc.isModified());
        QCOMPARE(doc.undoStack()->count(), 1);
    }
    QVERIFY(!doc.load(fixtures::badDir() + QStringLiteral("/no-such-file.json"), nullptr));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(fileName.count(), 0);
    QCOMPARE(modified.count(), 0);
}

void TestSceneIo::documentLoadSaveAndModified() {
    Document doc;
    QVERIFY(doc.fileName().isEmpty());
    QVERIFY(!doc.isModified());
    QVERIFY(doc.scene().def.bodies.empty());
    QSignalSpy reset(&doc, &Document::sceneReset);
    QSignalSpy fileName(&doc, &Document::fileNameChanged);
    QSignalSpy modified(&doc, &Document::modifiedChanged);

    const QString stack = fixtures::scenesDir() + QStringLiteral("/stack.json");
    QString error;
    QVERIFY2(doc.load(stack, &error), qPrintable(error));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(fileName.count(), 1);
    QCOMPARE(fileName.at(0).at(0).toString(), stack);
    QCOMPARE(modified.count(), 0);
    QCOMPARE(doc.scene().def.bodies.size(), std::size_t(6));
    QVERIFY(doc.scene() == loadOrFail(stack));

    doc.undoStack()->push(new NoOpCommand);
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.at(0).at(0).toBool(), true);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("copy.json"));
    QVERIFY2(doc.save(copy, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.count(), 2);
    QCOMPARE(modified.at(1).at(0).toBool(), false);
    QCOMPARE(doc.fileName(), copy);
    QCOMPARE(fileName.count(), 2);
    QVERIFY(loadOrFail(copy) == doc.scene());

    // Undoing past the saved state makes it modified again; redoing returns to clean.
    doc.undoStack()->undo();
    QVERIFY(doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(!doc.isModified());

    // setScene replaces everything, clears the history and is unmodified; clear() forgets the file name too.
    doc.undoStack()->push(new NoOpCommand);
    QVERIFY(doc.isModified());
    doc.setScene(loadOrFail(fixtures::scenesDir() + QStringLiteral("/pyramid.json")));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(doc.scene().def.bodies.size(), std::size_t(16));
    QCOMPARE(doc.fileName(), copy);
    doc.clear();
    QVERIFY(doc.fileName().isEmpty());
    QVERIFY(doc.scene().def.bodies.empty());
    QCOMPARE(reset.count(), 3);
}

void TestSceneIo::documentFailedSaveChangesNothing() {
    Document doc;
    const QString shapes = fixtures::scenesDir() + QStringLiteral("/shapes.json");
    QVERIFY(doc.load(shapes, nullptr));
    doc.undoStack()->push(new NoOpCommand);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QSignalSpy fileName(&doc, &Document::fileNameChanged);
    QSignalSpy modified(&doc, &Document::modifiedChanged);

    // Into a folder that does not exist, and onto a directory: both fail, nothing is created or changed.
    QString error;
    const QString nowhere = dir.filePath(QStringLiteral("missing/folder/scene.json"));
    QVERIFY(!doc.save(nowhere, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(nowhere));
    error.clear();
    QVERIFY(!doc.save(dir.path(), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(QFileInfo(dir.path()).isDir());
    QCOMPARE(doc.fileName(), shapes);
    QVERIFY(doc.isModified());
    QCOMPARE(fileName.count(), 0);
    QCOMPARE(modified.count(), 0);

    // Saving over an existing file replaces it completely (QSaveFile writes a temporary file and renames it).
    const QString target = dir.filePath(QStringLiteral("target.json"));
    {
        QFile old(target);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(QByteArray(200000, 'x'));
    }
    QVERIFY(doc.save(target, &error));
    QFile saved(target);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), serializeScene(doc.scene()));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("target.json")});
}

QTEST_GUILESS_MAIN(TestSceneIo)
#include "tst_scene_io.moc"
