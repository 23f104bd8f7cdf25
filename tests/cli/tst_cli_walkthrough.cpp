/// @file tst_cli_walkthrough.cpp
/// `contactlab-cli walkthrough`, run as a separate process: its JSON carries exactly the steps (titles,
/// explanations) and tables of the Walkthrough model the dock shows, and the steps of the GJK page's model
/// (GjkSteps: GJK, EPA, Voronoi, TOI), for every tab of every catalogue scene's first pair and the lesson
/// fixtures; the text and Markdown forms print the same titles, explanations and table cells; the split tab
/// walks a compound body's outline; --slides and --pdf write one 1920x1080 PNG and one PDF page per step;
/// usage errors exit 2 naming the problem, an invalid scene exits 3.

#include "gjk_steps.h"
#include "scene_io.h"
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
    void splitWalksACompoundBodysOutline();
    void slidesAndPdfHaveOnePagePerStep();
    void usageAndSceneErrors_data();
    void usageAndSceneErrors();
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
                    cell.replace(QLatin1Char('\n'), format == QLatin1String("markdown")
                                                        ? QStringLiteral("<br>")
                                                        : QStringLiteral("  "));
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

QTEST_GUILESS_MAIN(TestCliWalkthrough)
#include "tst_cli_walkthrough.moc"
