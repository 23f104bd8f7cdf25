/// @file tst_cli_walkthrough.cpp
/// `contactlab-cli walkthrough`, run as a separate process: its JSON carries exactly the steps (titles,
/// explanations) and tables of the Walkthrough model the dock shows, and the steps of the GJK page's model
/// (GjkSteps: GJK, EPA, Voronoi, TOI), for every tab of every catalogue scene's first pair and the lesson
/// fixtures; the text and Markdown forms print the same titles, explanations and table cells; the split tab
/// walks a compound body's outline; --slides and --pdf write one 1920x1080 PNG and one PDF page per step;
/// usage errors exit 2 naming the problem, an invalid scene exits 3.

#include "gjk_steps.h"
#include "scene_io.h"
#include "table_cells.h"
#include "walkthrough.h"

#include "physics/decompose.h"

#include "cli_test_util.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

using namespace cl;
using cltest::runCli;

namespace {

QString source(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

const std::vector<phys::BodyDef>& bodiesOf(const QString& file) {
    static std::map<QString, Scene> cache;
    auto found = cache.find(file);
    if (found == cache.end()) {
        found = cache.emplace(file, std::get<Scene>(loadSceneFile(file))).first;
    }
    return found->second.def.bodies;
}

} // namespace

class TestCliWalkthrough : public QObject {
    Q_OBJECT

private slots:
    void jsonIsTheDockModel_data();
    void jsonIsTheDockModel();
    void textAndMarkdownCarryEveryStep();
    void gjkPageTabsAsText();
    void gjkAndEpaTablesAsTextAndMarkdown();
    void splitWalksACompoundBodysOutline();
    void slidesAndPdfHaveOnePagePerStep();
    void splitFindsTheOutlineAcrossTJunctions();
    void usageAndSceneErrors_data();
    void usageAndSceneErrors();
    void reviewedSentencesInTheTerminal();
};

void TestCliWalkthrough::jsonIsTheDockModel_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::newRow("lesson pair") << source(QStringLiteral("tests/fixtures/walkthrough/pair.json")) << 0 << 1;
    QTest::newRow("lesson pair, swapped")
        << source(QStringLiteral("tests/fixtures/walkthrough/pair.json")) << 1 << 0;
    QTest::newRow("gjk pair, box and ball")
        << source(QStringLiteral("tests/fixtures/walkthrough/gjk_pair.json")) << 0 << 3;
    QTest::newRow("toi pair, fast box")
        << source(QStringLiteral("tests/fixtures/walkthrough/toi_pair.json")) << 1 << 0;
    QTest::newRow("toi pair, spinning bar")
        << source(QStringLiteral("tests/fixtures/walkthrough/toi_pair.json")) << 3 << 2;
    QTest::newRow("compound, hammer and dumbbell")
        << source(QStringLiteral("resources/scenes/compound.json")) << 1 << 2;
    const QDir dir(source(QStringLiteral("resources/scenes/catalogue")));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QTest::newRow(qPrintable(name)) << dir.filePath(name) << 0 << 1;
    }
}

void TestCliWalkthrough::jsonIsTheDockModel() {
    QFETCH(QString, file);
    QFETCH(int, a);
    QFETCH(int, b);
    const cltest::Run run = runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"),
                                    QString::number(a), QStringLiteral("--b"), QString::number(b),
                                    QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.err.isEmpty());
    QJsonParseError error;
    const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(out.value(QStringLiteral("bodyA")).toInt(), a);
    QCOMPARE(out.value(QStringLiteral("bodyB")).toInt(), b);
    const QJsonArray tabs = out.value(QStringLiteral("tabs")).toArray();
    QCOMPARE(tabs.size(), 8); // SAT, Clipping, Methods, then the GJK page's GJK, EPA, Voronoi, TOI, Split
    const auto& bodies = bodiesOf(file);
    const WalkthroughMode modes[] = {WalkthroughMode::Sat, WalkthroughMode::Clipping,
                                     WalkthroughMode::Methods};
    for (int t = 0; t < 3; ++t) {
        const Walkthrough w = Walkthrough::build(modes[t], bodies[std::size_t(a)], bodies[std::size_t(b)]);
        const QJsonObject tab = tabs.at(t).toObject();
        QCOMPARE(tab.value(QStringLiteral("tab")).toString(), QLatin1String(toString(modes[t])));
        QCOMPARE(tab.value(QStringLiteral("shapeA")).toInt(), w.shapeA());
        const QJsonArray steps = tab.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), w.stepCount());
        for (int s = 0; s < w.stepCount(); ++s) {
            const QJsonObject step = steps.at(s).toObject();
            QCOMPARE(step.value(QStringLiteral("step")).toInt(), s + 1);
            QCOMPARE(step.value(QStringLiteral("title")).toString(), w.step(s).title);
            QCOMPARE(step.value(QStringLiteral("explanation")).toString(), w.step(s).explanation);
        }
        const WalkthroughTable table = w.table();
        const QJsonObject tableJson = tab.value(QStringLiteral("table")).toObject();
        QCOMPARE(tableJson.value(QStringLiteral("headers")).toVariant().toStringList(), table.headers);
        const QJsonArray rows = tableJson.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), qsizetype(table.rows.size()));
        QVERIFY(!table.rows.empty());
        for (int r = 0; r < int(table.rows.size()); ++r) {
            const QJsonObject row = rows.at(r).toObject();
            QCOMPARE(row.value(QStringLiteral("cells")).toVariant().toStringList(),
                     table.rows[std::size_t(r)].cells);
            QCOMPARE(row.value(QStringLiteral("step")).toInt(0), table.rows[std::size_t(r)].step + 1);
            QCOMPARE(row.value(QStringLiteral("emphasised")).toBool(), table.rows[std::size_t(r)].emphasised);
        }
    }
    // The GJK page's tabs: the same steps as GjkSteps for the first shape of each body, the TOI over one step
    // of the scene's time step at the bodies' velocities.
    const std::pair<GjkSteps::Tab, int> gjkTabs[] = {{GjkSteps::Tab::Gjk, 3},
                                                     {GjkSteps::Tab::Epa, 4},
                                                     {GjkSteps::Tab::Voronoi, 5},
                                                     {GjkSteps::Tab::Toi, 6}};
    for (const auto& [gjkTab, index] : gjkTabs) {
        GjkSteps model;
        if (gjkTab == GjkSteps::Tab::Toi) {
            ToiMotion motion;
            motion.a = bodies[std::size_t(a)];
            motion.b = bodies[std::size_t(b)];
            motion.dt = std::get<Scene>(loadSceneFile(file)).def.settings.timeStep;
            model = GjkSteps::toi(motion);
        } else {
            model = GjkSteps::pair(gjkTab, bodies[std::size_t(a)], bodies[std::size_t(b)]);
        }
        const QJsonObject tab = tabs.at(index).toObject();
        QCOMPARE(tab.value(QStringLiteral("tab")).toString(), QLatin1String(GjkSteps::toString(gjkTab)));
        QCOMPARE(tab.value(QStringLiteral("shapeA")).toInt(), model.shapeA()); // the pieces the page shows
        QCOMPARE(tab.value(QStringLiteral("shapeB")).toInt(), model.shapeB());
        const QJsonArray steps = tab.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), qsizetype(model.steps().size()));
        QVERIFY(!model.steps().empty());
        // GJK and EPA carry the page's table: a row per iteration and the result, cell for cell.
        const WalkthroughTable& table = model.table();
        QCOMPARE(table.rows.empty(), gjkTab != GjkSteps::Tab::Gjk && gjkTab != GjkSteps::Tab::Epa);
        QCOMPARE(tab.contains(QStringLiteral("table")), !table.rows.empty());
        const QJsonObject tableJson = tab.value(QStringLiteral("table")).toObject();
        QCOMPARE(tableJson.value(QStringLiteral("headers")).toVariant().toStringList(),
                 table.rows.empty() ? QStringList() : table.headers);
        const QJsonArray rows = tableJson.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), qsizetype(table.rows.size()));
        for (int r = 0; r < int(table.rows.size()); ++r) {
            const QJsonObject row = rows.at(r).toObject();
            QCOMPARE(row.value(QStringLiteral("cells")).toVariant().toStringList(),
                     table.rows[std::size_t(r)].cells);
            QCOMPARE(row.value(QStringLiteral("step")).toInt(0), table.rows[std::size_t(r)].step + 1);
            QCOMPARE(row.value(QStringLiteral("emphasised")).toBool(), table.rows[std::size_t(r)].emphasised);
        }
        for (int s = 0; s < int(steps.size()); ++s) {
            const QJsonObject step = steps.at(s).toObject();
            QCOMPARE(step.value(QStringLiteral("step")).toInt(), s + 1);
            QCOMPARE(step.value(QStringLiteral("title")).toString(), model.steps()[std::size_t(s)].title);
            QCOMPARE(step.value(QStringLiteral("explanation")).toString(),
                     model.steps()[std::size_t(s)].text);
        }
    }
    QCOMPARE(tabs.at(7).toObject().value(QStringLiteral("tab")).toString(), QStringLiteral("split"));
    QVERIFY(!tabs.at(7).toObject().value(QStringLiteral("steps")).toArray().isEmpty());
}

void TestCliWalkthrough::textAndMarkdownCarryEveryStep() {
    const QString file = source(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    const auto& bodies = bodiesOf(file);
    for (const QString& format : {QStringLiteral("text"), QStringLiteral("markdown")}) {
        for (const auto& [tab, mode] : {std::pair{QStringLiteral("sat"), WalkthroughMode::Sat},
                                        std::pair{QStringLiteral("clipping"), WalkthroughMode::Clipping},
                                        std::pair{QStringLiteral("methods"), WalkthroughMode::Methods}}) {
            const cltest::Run run =
                runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"), QStringLiteral("0"),
                        QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--tab"), tab,
                        QStringLiteral("--format"), format});
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            const Walkthrough w = Walkthrough::build(mode, bodies[0], bodies[1]);
            const int n = w.stepCount();
            for (int s = 0; s < n; ++s) {
                const QString title =
                    QStringLiteral("Step %1 of %2: %3").arg(s + 1).arg(n).arg(w.step(s).title);
                QVERIFY2(run.out.contains(format == QLatin1String("markdown") ? QStringLiteral("### ") + title
                                                                              : title),
                         qPrintable(title));
                QVERIFY2(run.out.contains(w.step(s).explanation), qPrintable(w.step(s).explanation));
            }
            // Every cell of the table, its two lines side by side (text) or joined by <br> (Markdown, where a
            // pipe is escaped).
            for (const WalkthroughTable::Row& row : w.table().rows) {
                for (QString cell : row.cells) {
                    if (format == QLatin1String("markdown")) {
                        cell.replace(QLatin1Char('|'), QStringLiteral("\\|"));
                    }
                    cell = format == QLatin1String("markdown")
                               ? cell.replace(QLatin1Char('\n'), QStringLiteral("<br>"))
                               : oneLineCell(cell);
                    QVERIFY2(run.out.contains(cell), qPrintable(cell));
                }
            }
            // One tab only.
            const QStringList otherTabs =
                QStringList{QStringLiteral("SAT:"), QStringLiteral("Clipping:"), QStringLiteral("Methods:")};
            int headings = 0;
            for (const QString& heading : otherTabs) {
                headings += run.out.contains(heading) ? 1 : 0;
            }
            QCOMPARE(headings, 1);
        }
    }
    // The default: every tab, as text.
    const cltest::Run all = runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"),
                                    QStringLiteral("0"), QStringLiteral("--b"), QStringLiteral("1")});
    QCOMPARE(all.exitCode, 0);
    QVERIFY(all.out.contains(QStringLiteral("SAT: A = body 0 (plank), B = body 1 (box)")));
    QVERIFY(all.out.contains(QStringLiteral("Clipping: A = body 0 (plank)")));
    QVERIFY(all.out.contains(QStringLiteral("Methods: A = body 0 (plank)")));
}

void TestCliWalkthrough::gjkAndEpaTablesAsTextAndMarkdown() {
    // The box and the triangle apart (GJK), the box and the small box sunk into it (EPA): the page's table,
    // every cell of it, above the steps, as text (a cell's two lines side by side) and as Markdown (joined by
    // <br>, the result row in bold).
    const QString file = source(QStringLiteral("tests/fixtures/walkthrough/gjk_pair.json"));
    const auto& bodies = bodiesOf(file);
    for (const auto& [tab, name, b] : {std::tuple{GjkSteps::Tab::Gjk, QStringLiteral("gjk"), 1},
                                       std::tuple{GjkSteps::Tab::Epa, QStringLiteral("epa"), 2}}) {
        const GjkSteps model = GjkSteps::pair(tab, bodies[0], bodies[std::size_t(b)]);
        const WalkthroughTable& table = model.table();
        QVERIFY(table.rows.size() >= 3);                   // two iterations at least, then the result
        QCOMPARE(table.rows.size(), model.steps().size()); // an iteration a step, the result the last
        for (const QString& format : {QStringLiteral("text"), QStringLiteral("markdown")}) {
            const cltest::Run run =
                runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"), QStringLiteral("0"),
                        QStringLiteral("--b"), QString::number(b), QStringLiteral("--tab"), name,
                        QStringLiteral("--format"), format});
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            const bool markdown = format == QLatin1String("markdown");
            const QString header = markdown ? QStringLiteral("| ") + table.headers.join(QStringLiteral(" | "))
                                            : table.headers.join(QStringLiteral(" | "));
            const qsizetype headerAt = run.out.indexOf(markdown ? header : table.headers.at(1));
            QVERIFY2(headerAt > 0, qPrintable(run.out.left(400)));
            QVERIFY(headerAt < run.out.indexOf(QStringLiteral("Step 1 of"))); // the table comes first
            for (const WalkthroughTable::Row& row : table.rows) {
                for (QString cell : row.cells) {
                    if (cell.isEmpty()) {
                        continue;
                    }
                    cell = markdown ? cell.replace(QLatin1Char('\n'), QStringLiteral("<br>"))
                                    : oneLineCell(cell);
                    if (markdown && row.emphasised) {
                        cell = QStringLiteral("**%1**").arg(cell);
                    }
                    QVERIFY2(run.out.contains(cell), qPrintable(cell));
                }
            }
        }
    }
}

void TestCliWalkthrough::gjkPageTabsAsText() {
    // The fast box against the plank: the TOI tab's steps as text and as Markdown, and nothing else.
    const QString file = source(QStringLiteral("tests/fixtures/walkthrough/toi_pair.json"));
    const auto& bodies = bodiesOf(file);
    ToiMotion motion;
    motion.a = bodies[1];
    motion.b = bodies[0];
    motion.dt = std::get<Scene>(loadSceneFile(file)).def.settings.timeStep;
    const GjkSteps model = GjkSteps::toi(motion);
    QCOMPARE(model.toiOutput().state, phys::ToiState::Hit);
    const int n = int(model.steps().size());
    for (const QString& format : {QStringLiteral("text"), QStringLiteral("markdown")}) {
        const cltest::Run run =
            runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"), QStringLiteral("1"),
                    QStringLiteral("--b"), QStringLiteral("0"), QStringLiteral("--tab"),
                    QStringLiteral("toi"), QStringLiteral("--format"), format});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QString heading =
            QStringLiteral("TOI: A = body 1 (fast box), B = body 0 (plank) (shapes 0 and 0), "
                           "%1 steps")
                .arg(n);
        QVERIFY2(run.out.startsWith(format == QLatin1String("markdown") ? QStringLiteral("## ") + heading
                                                                        : heading),
                 qPrintable(run.out.left(200)));
        for (int s = 0; s < n; ++s) {
            const QString title = QStringLiteral("Step %1 of %2: %3")
                                      .arg(s + 1)
                                      .arg(n)
                                      .arg(model.steps()[std::size_t(s)].title);
            QVERIFY2(run.out.contains(format == QLatin1String("markdown") ? QStringLiteral("### ") + title
                                                                          : title),
                     qPrintable(title));
            QVERIFY(run.out.contains(model.steps()[std::size_t(s)].text));
        }
        QVERIFY(!run.out.contains(QStringLiteral("SAT:")));
        QVERIFY(!run.out.contains(QStringLiteral("GJK:")));
    }
}

void TestCliWalkthrough::splitWalksACompoundBodysOutline() {
    // A U split into convex pieces (as the Polygon tool stores it: one body, its pieces as shapes), turned and
    // moved; the split tab recovers the U's outline from the pieces and walks its decomposition.
    const std::vector<phys::Vec2> u{{-1, 0},    {1, 0},      {1, 1.5},    {0.6, 1.5},
                                    {0.6, 0.4}, {-0.6, 0.4}, {-0.6, 1.5}, {-1, 1.5}};
    const auto pieces = phys::decomposeConcave(u);
    QVERIFY(pieces);
    QVERIFY(pieces->pieces.size() >= 3);
    QJsonArray shapes;
    for (const phys::Polygon& piece : pieces->pieces) {
        QJsonArray vertices;
        for (const phys::Vec2 v : piece.vertices()) {
            vertices.append(QJsonArray{v.x, v.y});
        }
        shapes.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("polygon")},
                                  {QStringLiteral("vertices"), vertices}});
    }
    const QJsonObject ball{
        {QStringLiteral("name"), QStringLiteral("ball")},
        {QStringLiteral("position"), QJsonArray{4, 0}},
        {QStringLiteral("shapes"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("circle")},
                                                          {QStringLiteral("center"), QJsonArray{0, 0}},
                                                          {QStringLiteral("radius"), 0.5}}}}};
    const QJsonObject scene{{QStringLiteral("format"), QStringLiteral("contactlab-scene")},
                            {QStringLiteral("version"), 1},
                            {QStringLiteral("bodies"),
                             QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("U")},
                                                    {QStringLiteral("position"), QJsonArray{0.5, -0.25}},
                                                    {QStringLiteral("angle"), 0.3},
                                                    {QStringLiteral("shapes"), shapes}},
                                        ball}}};
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("u.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(scene).toJson());
    file.close();

    const cltest::Run run =
        runCli({QStringLiteral("walkthrough"), file.fileName(), QStringLiteral("--a"), QStringLiteral("0"),
                QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--tab"), QStringLiteral("split"),
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray tabs =
        QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("tabs")).toArray();
    QCOMPARE(tabs.size(), 1);
    const QJsonArray steps = tabs.at(0).toObject().value(QStringLiteral("steps")).toArray();
    // The outline, 8 - 2 ears, 8 - 3 diagonals.
    QCOMPARE(steps.size(), 1 + 6 + 5);
    const QString first = steps.at(0).toObject().value(QStringLiteral("explanation")).toString();
    QVERIFY2(first.contains(QStringLiteral("The outline has 8 vertices, 2 reflex vertices")),
             qPrintable(first));
    const QString last = steps.last().toObject().value(QStringLiteral("explanation")).toString();
    QVERIFY2(last.contains(QStringLiteral("The result: %1 pieces").arg(pieces->pieces.size())),
             qPrintable(last));
    QVERIFY(last.contains(QStringLiteral("body \"U\"")));

    // The ball has no outline to split: the tab says why, and the run still succeeds.
    const cltest::Run circle = runCli({QStringLiteral("walkthrough"), file.fileName(), QStringLiteral("--a"),
                                       QStringLiteral("1"), QStringLiteral("--b"), QStringLiteral("0"),
                                       QStringLiteral("--tab"), QStringLiteral("split")});
    QCOMPARE(circle.exitCode, 0);
    QVERIFY2(circle.out.contains(QStringLiteral("Nothing to split: bodies[1].shapes[0] is a circle")),
             qPrintable(circle.out));
}

// --tab sat --slides DIR --pdf FILE: a numbered 1920x1080 PNG and a PDF page per SAT step (pdfinfo counts the
// pages), and a summary saying so instead of the text.
void TestCliWalkthrough::slidesAndPdfHaveOnePagePerStep() {
    const QString file = source(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString slides = dir.filePath(QStringLiteral("deck"));
    const QString pdf = dir.filePath(QStringLiteral("deck.pdf"));
    const cltest::Run run =
        runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"), QStringLiteral("0"),
                QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--tab"), QStringLiteral("sat"),
                QStringLiteral("--slides"), slides, QStringLiteral("--pdf"), pdf});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const std::vector<phys::BodyDef>& bodies = bodiesOf(file);
    const int steps = Walkthrough::build(WalkthroughMode::Sat, bodies[0], bodies[1]).stepCount();
    QVERIFY(steps >= 5);
    QVERIFY2(run.out.contains(QStringLiteral("wrote %1 slides (1920x1080 PNG)").arg(steps)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("(%1 pages)").arg(steps)), qPrintable(run.out));
    const QStringList pngs = QDir(slides).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(pngs.size(), steps);
    for (int i = 0; i < steps; ++i) {
        QCOMPARE(pngs[i], QStringLiteral("slide_%1.png").arg(i + 1, 2, 10, QLatin1Char('0')));
        QCOMPARE(QImage(QDir(slides).filePath(pngs[i])).size(), QSize(1920, 1080));
    }
    QProcess info;
    info.start(QStringLiteral("pdfinfo"), {pdf});
    QVERIFY(info.waitForFinished(60000));
    QCOMPARE(info.exitCode(), 0);
    static const QRegularExpression pages(QStringLiteral("Pages:\\s+(\\d+)"));
    QCOMPARE(pages.match(QString::fromUtf8(info.readAllStandardOutput())).captured(1).toInt(), steps);
}

void TestCliWalkthrough::splitFindsTheOutlineAcrossTJunctions() {
    // The sample scene's hammer: a handle under a head, the handle's top corners inside the head's bottom edge
    // (T-junctions, not edge to edge). Its outline is the T: 8 corners, the 2 under the head reflex.
    const QString scene = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/compound.json");
    const cltest::Run run =
        runCli({QStringLiteral("walkthrough"), scene, QStringLiteral("--a"), QStringLiteral("1"),
                QStringLiteral("--b"), QStringLiteral("0"), QStringLiteral("--tab"), QStringLiteral("split"),
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray tabs =
        QJsonDocument::fromJson(run.out.toUtf8()).object().value(QStringLiteral("tabs")).toArray();
    QCOMPARE(tabs.size(), 1);
    const QJsonArray steps = tabs.at(0).toObject().value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 1 + 6 + 5);
    const QString first = steps.at(0).toObject().value(QStringLiteral("explanation")).toString();
    QVERIFY2(first.contains(QStringLiteral("The outline has 8 vertices, 2 reflex vertices")),
             qPrintable(first));
    const QString last = steps.last().toObject().value(QStringLiteral("explanation")).toString();
    QVERIFY2(last.contains(QStringLiteral("The result: 2 pieces")), qPrintable(last));

    // Two pieces apart are no outline: the tab says so and why, naming the body.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("apart.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "contactlab-scene", "version": 1, "bodies": [
        {"name": "ground", "type": "static", "shapes": [{"type": "polygon",
            "vertices": [[-5, -1], [5, -1], [5, 0], [-5, 0]]}]},
        {"name": "pair", "position": [0, 2], "shapes": [
            {"type": "polygon", "vertices": [[0, 0], [1, 0], [1, 1], [0, 1]]},
            {"type": "polygon", "vertices": [[3, 0], [4, 0], [4, 1], [3, 1]]}]}]})");
    file.close();
    const cltest::Run apart = runCli({QStringLiteral("walkthrough"), file.fileName(), QStringLiteral("--a"),
                                      QStringLiteral("1"), QStringLiteral("--b"), QStringLiteral("0"),
                                      QStringLiteral("--tab"), QStringLiteral("split")});
    QCOMPARE(apart.exitCode, 0);
    QVERIFY2(apart.out.contains(QStringLiteral("bodies[1]: the pieces' boundary is more than one loop")),
             qPrintable(apart.out));
}

void TestCliWalkthrough::usageAndSceneErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString pair = source(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    QTest::newRow("no --b") << QStringList{pair, QStringLiteral("--a"), QStringLiteral("0")} << 2
                            << QStringLiteral("both --a and --b are required");
    QTest::newRow("index out of range") << QStringList{pair, QStringLiteral("--a"), QStringLiteral("0"),
                                                       QStringLiteral("--b"), QStringLiteral("2")}
                                        << 2 << QStringLiteral("from 0 to 1 (the scene has 2 bodies)");
    QTest::newRow("same body") << QStringList{pair, QStringLiteral("--a"), QStringLiteral("1"),
                                              QStringLiteral("--b"), QStringLiteral("1")}
                               << 2 << QStringLiteral("two different bodies");
    QTest::newRow("bad tab") << QStringList{pair,
                                            QStringLiteral("--a"),
                                            QStringLiteral("0"),
                                            QStringLiteral("--b"),
                                            QStringLiteral("1"),
                                            QStringLiteral("--tab"),
                                            QStringLiteral("minkowski")}
                             << 2 << QStringLiteral("unknown tab 'minkowski'");
    QTest::newRow("bad format") << QStringList{pair,
                                               QStringLiteral("--a"),
                                               QStringLiteral("0"),
                                               QStringLiteral("--b"),
                                               QStringLiteral("1"),
                                               QStringLiteral("--format"),
                                               QStringLiteral("html")}
                                << 2 << QStringLiteral("unknown format 'html'");
    QTest::newRow("pdf not .pdf") << QStringList{pair,
                                                 QStringLiteral("--a"),
                                                 QStringLiteral("0"),
                                                 QStringLiteral("--b"),
                                                 QStringLiteral("1"),
                                                 QStringLiteral("--pdf"),
                                                 QStringLiteral("deck.png")}
                                  << 2 << QStringLiteral("--pdf must name a file ending in .pdf");
    QTest::newRow("slides with format") << QStringList{pair,
                                                       QStringLiteral("--a"),
                                                       QStringLiteral("0"),
                                                       QStringLiteral("--b"),
                                                       QStringLiteral("1"),
                                                       QStringLiteral("--slides"),
                                                       QStringLiteral("/tmp/never-written"),
                                                       QStringLiteral("--format"),
                                                       QStringLiteral("json")}
                                        << 2 << QStringLiteral("does not go with --slides");
    QTest::newRow("invalid scene") << QStringList{source(
                                                      QStringLiteral("tests/fixtures/bad/empty_shapes.json")),
                                                  QStringLiteral("--a"), QStringLiteral("0"),
                                                  QStringLiteral("--b"), QStringLiteral("1")}
                                   << 3 << QStringLiteral("shapes");
}

void TestCliWalkthrough::usageAndSceneErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const cltest::Run run = runCli(QStringList{QStringLiteral("walkthrough")} + args);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

// The sentences the review of issue 12 found false, as the terminal prints them (the same model as the
// dock): nested shadows, an exact tie, the vertex-edge parallel case, a circle pair apart.
void TestCliWalkthrough::reviewedSentencesInTheTerminal() {
    auto walkthrough = [](const QString& file, const QString& tab) {
        const cltest::Run run =
            runCli({QStringLiteral("walkthrough"), file, QStringLiteral("--a"), QStringLiteral("0"),
                    QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--tab"), tab});
        return run.exitCode == 0 ? run.out : QStringLiteral("exit %1: %2").arg(run.exitCode).arg(run.err);
    };
    const QString deep = walkthrough(
        source(QStringLiteral("resources/scenes/catalogue/deep_penetration.json")), QStringLiteral("sat"));
    QVERIFY2(
        deep.contains(QStringLiteral("the projections [-1.39, 1.39] and [-0.77, 0.23] share all 1.00 m of "
                                     "B's shadow, which lies inside A's")),
        qPrintable(deep));
    QVERIFY2(deep.contains(QStringLiteral("B must move 1.62 m, the shorter way out")), qPrintable(deep));
    QVERIFY2(!deep.contains(QStringLiteral("overlap by 1.62 m")), qPrintable(deep));
    QVERIFY2(deep.contains(QStringLiteral("| 1.62 B in A")), qPrintable(deep));

    const QString tie = walkthrough(source(QStringLiteral("resources/scenes/catalogue/near_tie.json")),
                                    QStringLiteral("sat"));
    QVERIFY2(tie.contains(QStringLiteral("B's axis 5 overlaps least, 0.0100 m, but A's axis 3")),
             qPrintable(tie));
    QVERIFY2(tie.contains(QStringLiteral("Axis 7 ties axis 5 exactly")), qPrintable(tie));

    const QString vertex =
        walkthrough(source(QStringLiteral("resources/scenes/catalogue/vertex_on_vertex.json")),
                    QStringLiteral("methods"));
    QVERIFY2(
        vertex.contains(QStringLiteral("and runs parallel to B's edge 0. That is the rule's parallel case")),
        qPrintable(vertex));

    const QString circles = source(QStringLiteral("resources/scenes/catalogue/two_circles.json"));
    const QString touching = walkthrough(circles, QStringLiteral("methods"));
    QVERIFY2(touching.contains(QStringLiteral("Here they overlap: every method gives 1 point")),
             qPrintable(touching));
    // Pulled 5 m apart: the table's 0 points and the text agree.
    Scene apart = std::get<Scene>(loadSceneFile(circles));
    apart.def.bodies[1].position.x += 5.0;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString apartFile = dir.filePath(QStringLiteral("apart.json"));
    QVERIFY(saveSceneFile(apart, apartFile).isEmpty());
    const QString separated = walkthrough(apartFile, QStringLiteral("methods"));
    QVERIFY2(separated.contains(QStringLiteral("no method gives a point")), qPrintable(separated));
    QVERIFY2(!separated.contains(QStringLiteral("always gets one point")), qPrintable(separated));
    // Every tab's heading counts its steps in English: "1 step", never "1 steps" (review v12b).
    const QString all = walkthrough(apartFile, QStringLiteral("all"));
    QVERIFY2(all.contains(QStringLiteral(", 1 step\n")), qPrintable(all));
    QVERIFY2(!all.contains(QStringLiteral(" 1 steps")), qPrintable(all));
}

QTEST_GUILESS_MAIN(TestCliWalkthrough)
#include "tst_cli_walkthrough.moc"
