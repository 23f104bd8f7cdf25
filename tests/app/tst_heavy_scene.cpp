/// @file tst_heavy_scene.cpp
/// Issue 16: a scene that would make more than SimulationController::kHeavyPairCount contact pairs is warned
/// about, with the number, when Simulate builds its run and before any step.
///
/// - The pair estimate (a dynamic AABB tree) equals a brute-force count over every pair of shapes with the
///   same rule (different bodies, one dynamic, boxes overlapping once each is fattened by kAABBMargin), on
///   thousands of seeded random worlds, and stops at its cap.
/// - On the real MainWindow, issue 16's heavy file (2,000 circles at one point: n(n-1)/2 = 1,999,000 pairs)
///   opened and put into Simulate shows that number in the warning while the run is still at step 0; a
///   sample scene shows no warning.

#include "app_test_util.h"

#include "physics/world.h"

#include <QFile>
#include <QLabel>
#include <QTest>

#include <array>
#include <random>

using namespace cl;

namespace {

/// Every pair, by definition (the oracle).
std::int64_t bruteForcePairs(const phys::World& world) {
    struct Shape {
        std::size_t body;
        bool dynamic;
        phys::AABB box;
    };
    std::vector<Shape> shapes;
    const auto ids = world.bodyIds();
    for (std::size_t b = 0; b < ids.size(); ++b) {
        for (int s = 0; s < world.shapeCount(ids[b]); ++s) {
            shapes.push_back({b, world.type(ids[b]) == phys::BodyType::Dynamic,
                              phys::fatten(world.shapeAABB(ids[b], s), phys::kAABBMargin)});
        }
    }
    std::int64_t pairs = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        for (std::size_t j = i + 1; j < shapes.size(); ++j) {
            const Shape& a = shapes[i];
            const Shape& b = shapes[j];
            if (a.body != b.body && (a.dynamic || b.dynamic) && a.box.lower.x <= b.box.upper.x &&
                b.box.lower.x <= a.box.upper.x && a.box.lower.y <= b.box.upper.y &&
                b.box.lower.y <= a.box.upper.y) {
                ++pairs;
            }
        }
    }
    return pairs;
}

phys::BodyDef randomBody(std::mt19937_64& rng, double spread) {
    std::uniform_real_distribution<double> pos(-spread, spread);
    std::uniform_real_distribution<double> size(0.05, 1.5);
    std::uniform_real_distribution<double> angle(-3.0, 3.0);
    std::uniform_int_distribution<int> type(0, 5);
    std::uniform_int_distribution<int> shapeCount(1, 3);
    phys::BodyDef body;
    const int t = type(rng);
    body.type = t == 0   ? phys::BodyType::Static
                : t == 1 ? phys::BodyType::Kinematic
                         : phys::BodyType::Dynamic;
    body.position = {pos(rng), pos(rng)};
    body.angle = angle(rng);
    const int n = shapeCount(rng);
    for (int i = 0; i < n; ++i) {
        phys::ShapeDef shape;
        const phys::Vec2 offset{pos(rng) * 0.1, pos(rng) * 0.1};
        if (rng() % 2 == 0) {
            shape.geometry = phys::Circle::make(offset, size(rng)).value();
        } else {
            const double w = size(rng);
            const double h = size(rng);
            const std::array<phys::Vec2, 4> box{offset + phys::Vec2{-w, -h}, offset + phys::Vec2{w, -h},
                                                offset + phys::Vec2{w, h}, offset + phys::Vec2{-w, h}};
            shape.geometry = phys::Polygon::make(box).value();
        }
        body.shapes.push_back(shape);
    }
    return body;
}

} // namespace

class TestHeavyScene : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { cltest::isolateAppState(m_dir); }
    void estimateEqualsBruteForce();
    void estimateStopsAtItsCap();
    void heavyFileWarnsWithTheCountBeforeAnyStep();
    void sampleSceneIsNotWarned();

private:
    QTemporaryDir m_dir;
};

void TestHeavyScene::estimateEqualsBruteForce() {
    std::mt19937_64 rng(16);
    std::int64_t total = 0;
    int nonEmpty = 0;
    for (int i = 0; i < 3000; ++i) {
        phys::World world{phys::WorldSettings{}};
        const int bodies = 1 + static_cast<int>(rng() % 40);
        const double spread = 0.5 + static_cast<double>(rng() % 20); // from piled up to sparse
        for (int b = 0; b < bodies; ++b) {
            QVERIFY(world.createBody(randomBody(rng, spread)).ok());
        }
        const std::int64_t expected = bruteForcePairs(world);
        QCOMPARE(SimulationController::estimateContactPairs(world), expected);
        total += expected;
        nonEmpty += expected > 0 ? 1 : 0;
    }
    QVERIFY(nonEmpty > 1500); // the cases are not trivially empty
    qInfo("3000 random worlds, %lld pairs in all, %d with pairs", static_cast<long long>(total), nonEmpty);
}

void TestHeavyScene::estimateStopsAtItsCap() {
    phys::World world{phys::WorldSettings{}};
    for (int i = 0; i < 100; ++i) {
        phys::BodyDef body;
        body.shapes.push_back({phys::Circle::make({0, 0}, 0.5).value()});
        QVERIFY(world.createBody(body).ok());
    }
    QCOMPARE(SimulationController::estimateContactPairs(world), std::int64_t{100 * 99 / 2});
    QCOMPARE(SimulationController::estimateContactPairs(world, 1000), std::int64_t{1000});
}

void TestHeavyScene::heavyFileWarnsWithTheCountBeforeAnyStep() {
    const QString file = m_dir.filePath(QStringLiteral("pile2000.json"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(cltest::pileAtOnePoint(2000));
    }
    // 1280 x 800, the classroom screen the toolbar is laid out for (the offscreen screen is smaller, so the
    // window is not fitted to it).
    auto window = cltest::makeExactWindow(1280, 800);
    auto* ui = window->findChild<SimulationUi*>();
    QVERIFY(ui != nullptr);
    QVERIFY(window->openFile(file));
    auto* label = window->findChild<QLabel*>(QStringLiteral("simWarningLabel"));
    QVERIFY(label != nullptr);
    QVERIFY(!label->isVisible());
    cltest::startSimulating(*window, *ui);
    SimulationController* sim = ui->controller();
    QVERIFY(sim->isSimulating());
    // Every circle overlaps every other (the floor is 9.5 m below them): n (n - 1) / 2.
    QCOMPARE(sim->estimatedPairs(), std::int64_t{2000 * 1999 / 2});
    QCoreApplication::processEvents(); // the toolbar lays itself out: a label too long for it is hidden
    QVERIFY(label->isVisible());
    QVERIFY2(label->text().contains(QStringLiteral("1,999,000 contact pairs")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("over 200,000")), qPrintable(label->text()));
    QCOMPARE(sim->headStep(), std::int64_t{0}); // warned before running: nothing was stepped
    QCOMPARE(sim->currentStep(), std::int64_t{0});
}

void TestHeavyScene::sampleSceneIsNotWarned() {
    cltest::SimulatingWindow f = cltest::openSimulating(QStringLiteral(":/scenes/pyramid.json"), 1280, 800);
    QVERIFY(f.sim != nullptr);
    QVERIFY(f.sim->estimatedPairs() > 0);
    QVERIFY(f.sim->estimatedPairs() <= SimulationController::kHeavyPairCount);
    auto* label = f.window->findChild<QLabel*>(QStringLiteral("simWarningLabel"));
    QVERIFY(label != nullptr);
    QVERIFY(!label->isVisible());
    QCOMPARE(f.sim->warning(), QString());
}

QTEST_MAIN(TestHeavyScene)
#include "tst_heavy_scene.moc"
