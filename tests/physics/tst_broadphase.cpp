/// @file tst_broadphase.cpp
/// The dynamic AABB tree and broad phase against independent references: a sort-and-sweep on the x axis
/// (Ericson RTCD 7.5.1) and brute force over all pairs, on seeded random scenes of moving boxes.

#include "broadphase.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

using phys::AABB;
using phys::BroadPhase;
using phys::DynamicTree;
using phys::Vec2;

namespace {

using PairList = std::vector<std::pair<int, int>>;

/// log_phi(L): the AVL height bound for a full binary tree with L leaves (see broadphase.h).
double avlHeightBound(int leaves) {
    const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
    return std::log(static_cast<double>(leaves)) / std::log(phi) + 1e-9;
}

/// Brute force: every pair (a < b) of live ids whose boxes overlap.
PairList bruteForcePairs(const std::map<int, AABB>& boxes) {
    PairList out;
    for (auto i = boxes.begin(); i != boxes.end(); ++i) {
        for (auto j = std::next(i); j != boxes.end(); ++j) {
            if (phys::overlaps(i->second, j->second)) {
                out.emplace_back(i->first, j->first);
            }
        }
    }
    return out;
}

/// Sort and sweep on x (Ericson RTCD 7.5.1): sort by lower.x, keep an active list of boxes whose x range
/// still reaches the current one, test y overlap against them.
PairList sortAndSweepPairs(const std::map<int, AABB>& boxes) {
    std::vector<std::pair<int, AABB>> sorted(boxes.begin(), boxes.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& x, const auto& y) {
        return x.second.lower.x != y.second.lower.x ? x.second.lower.x < y.second.lower.x : x.first < y.first;
    });
    PairList out;
    std::vector<std::pair<int, AABB>> active;
    for (const auto& [id, box] : sorted) {
        std::erase_if(active, [&](const auto& a) { return a.second.upper.x < box.lower.x; });
        for (const auto& [otherId, other] : active) {
            if (other.lower.y <= box.upper.y && box.lower.y <= other.upper.y) {
                out.emplace_back(std::min(id, otherId), std::max(id, otherId));
            }
        }
        active.emplace_back(id, box);
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString describeDifference(const PairList& got, const PairList& want) {
    std::vector<std::pair<int, int>> missing;
    std::vector<std::pair<int, int>> extra;
    std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
    QString text = QStringLiteral("got %1 pairs, want %2; missing %3, extra %4")
                       .arg(got.size())
                       .arg(want.size())
                       .arg(missing.size())
                       .arg(extra.size());
    if (!missing.empty()) {
        text += QStringLiteral("; first missing (%1,%2)").arg(missing[0].first).arg(missing[0].second);
    }
    if (!extra.empty()) {
        text += QStringLiteral("; first extra (%1,%2)").arg(extra[0].first).arg(extra[0].second);
    }
    return text;
}

/// A box moving in a square world with reflecting walls; some never move, some are fast.
struct MovingBox {
    Vec2 center;
    Vec2 half;
    Vec2 velocity; ///< m/s
    AABB tight() const { return {center - half, center + half}; }
};

class Scene {
public:
    Scene(int count, std::uint64_t seed) : m_rng(seed) {
        // Constant density: about 9 m^2 of world per box, boxes 0.2..2 m, so there are many pairs at every
        // size.
        m_worldHalf = 1.5 * std::sqrt(static_cast<double>(count));
        for (int i = 0; i < count; ++i) {
            m_boxes.push_back(randomBox());
        }
    }

    MovingBox randomBox() {
        std::uniform_real_distribution<double> pos(-m_worldHalf, m_worldHalf);
        std::uniform_real_distribution<double> size(0.1, 1.0);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::uniform_real_distribution<double> dir(-1.0, 1.0);
        MovingBox b;
        b.center = {pos(m_rng), pos(m_rng)};
        b.half = {size(m_rng), size(m_rng)};
        const double kind = unit(m_rng);
        const double speed = kind < 0.2 ? 0.0 : (kind < 0.9 ? 3.0 : 25.0); // at rest, walking pace, fast
        b.velocity = speed * Vec2{dir(m_rng), dir(m_rng)};
        return b;
    }

    /// Advances one box by dt; returns its displacement.
    Vec2 step(MovingBox& b, double dt) const {
        const Vec2 before = b.center;
        b.center += dt * b.velocity;
        if (std::abs(b.center.x) > m_worldHalf) {
            b.velocity.x = -b.velocity.x;
            b.center.x = std::clamp(b.center.x, -m_worldHalf, m_worldHalf);
        }
        if (std::abs(b.center.y) > m_worldHalf) {
            b.velocity.y = -b.velocity.y;
            b.center.y = std::clamp(b.center.y, -m_worldHalf, m_worldHalf);
        }
        return b.center - before;
    }

    std::mt19937_64& rng() { return m_rng; }
    std::vector<MovingBox>& boxes() { return m_boxes; }

private:
    std::mt19937_64 m_rng;
    std::vector<MovingBox> m_boxes;
    double m_worldHalf = 1.0;
};

/// Drives a BroadPhase through a scripted random scene and records every pair it reports, checking each frame
/// against the references. Used by the correctness test and, run twice, by the determinism test.
struct Run {
    std::vector<int> ids;         ///< proxy id of every box slot (or -1 while destroyed)
    std::vector<PairList> frames; ///< pairs reported by each updatePairs, in the order reported
    long long reportedTotal = 0;
    long long persistentTotal = 0;
    long long reinsertions = 0;
};

} // namespace

namespace {

/// One simulated run. When `check` is set every frame is compared with the references (QVERIFY inside a
/// helper: returns false on the first failure, the caller QVERIFYs the result).
bool simulate(int count, std::uint64_t seed, int frameCount, bool check, Run& run, QString& failure) {
    Scene scene(count, seed);
    BroadPhase bp;
    run.ids.assign(scene.boxes().size(), -1);
    std::set<int> moved; // proxies created or reinserted since the last updatePairs
    for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
        run.ids[i] = bp.createProxy(scene.boxes()[i].tight(), static_cast<int>(i));
        moved.insert(run.ids[i]);
    }
    std::set<std::pair<int, int>> persistent; // what a contact manager keeps between frames
    const double dt = 1.0 / 60.0;
    std::uniform_real_distribution<double> unit(0.0, 1.0);

    for (int frame = 0; frame < frameCount; ++frame) {
        // Motion, plus churn: about 1% of the boxes are destroyed, and destroyed slots are refilled.
        for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
            MovingBox& b = scene.boxes()[i];
            const double r = unit(scene.rng());
            if (run.ids[i] == -1) {
                if (r < 0.5) {
                    b = scene.randomBox();
                    run.ids[i] = bp.createProxy(b.tight(), static_cast<int>(i));
                    moved.insert(run.ids[i]);
                }
                continue;
            }
            if (r < 0.01) {
                moved.erase(run.ids[i]);
                bp.destroyProxy(run.ids[i]);
                std::erase_if(persistent,
                              [&](const auto& p) { return p.first == run.ids[i] || p.second == run.ids[i]; });
                run.ids[i] = -1;
                continue;
            }
            const Vec2 d = scene.step(b, dt);
            if (bp.moveProxy(run.ids[i], b.tight(), d)) {
                moved.insert(run.ids[i]);
                ++run.reinsertions;
            }
        }

        PairList reported;
        bp.updatePairs([&](int a, int b) {
            reported.emplace_back(a, b);
            // The callback may read the broad phase (as a contact manager does).
            if (check && !bp.testOverlap(a, b)) {
                failure = QStringLiteral("reported pair does not overlap");
            }
        });
        run.reportedTotal += static_cast<long long>(reported.size());
        run.frames.push_back(reported);
        if (!check) {
            moved.clear();
            continue;
        }
        if (!failure.isEmpty()) {
            return false;
        }

        std::map<int, AABB> fat;
        std::map<int, AABB> tight;
        for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
            if (run.ids[i] != -1) {
                fat[run.ids[i]] = bp.fatAABB(run.ids[i]);
                tight[run.ids[i]] = scene.boxes()[i].tight();
                if (!phys::contains(fat[run.ids[i]], tight[run.ids[i]])) {
                    failure = QStringLiteral("frame %1: tight box of proxy %2 outside its fat box")
                                  .arg(frame)
                                  .arg(run.ids[i]);
                    return false;
                }
                if (bp.userData(run.ids[i]) != static_cast<int>(i)) {
                    failure = QStringLiteral("user data lost");
                    return false;
                }
            }
        }

        // Reported: a < b, strictly increasing (so each pair exactly once), and exactly the overlapping fat
        // pairs with at least one moved proxy.
        for (std::size_t k = 0; k < reported.size(); ++k) {
            if (reported[k].first >= reported[k].second || (k > 0 && !(reported[k - 1] < reported[k]))) {
                failure = QStringLiteral("frame %1: pairs not strictly increasing with a < b").arg(frame);
                return false;
            }
        }
        const PairList all = sortAndSweepPairs(fat);
        if (count <= 1000 || frame == 0) {
            const PairList brute = bruteForcePairs(fat);
            if (brute != all) {
                failure = "sort-and-sweep disagrees with brute force: " + describeDifference(all, brute);
                return false;
            }
        }
        PairList expected;
        for (const auto& p : all) {
            if (moved.count(p.first) || moved.count(p.second)) {
                expected.push_back(p);
            }
        }
        if (reported != expected) {
            failure =
                QStringLiteral("frame %1, moved pairs: ").arg(frame) + describeDifference(reported, expected);
            return false;
        }

        // The contact manager's view: keep reported pairs until their fat boxes separate. Must be all pairs.
        std::erase_if(persistent, [&](const auto& p) { return !bp.testOverlap(p.first, p.second); });
        persistent.insert(reported.begin(), reported.end());
        const PairList persistentList(persistent.begin(), persistent.end());
        if (persistentList != all) {
            failure = QStringLiteral("frame %1, persistent pairs: ").arg(frame) +
                      describeDifference(persistentList, all);
            return false;
        }
        run.persistentTotal += static_cast<long long>(persistentList.size());
        for (const auto& p : sortAndSweepPairs(tight)) {
            if (!persistent.count(p)) {
                failure = QStringLiteral("frame %1: tight-overlapping pair (%2,%3) missing")
                              .arg(frame)
                              .arg(p.first)
                              .arg(p.second);
                return false;
            }
        }
        const std::string treeError = bp.tree().validate();
        if (!treeError.empty()) {
            failure = QString::fromStdString(treeError);
            return false;
        }
        if (bp.proxyCount() > 0 && bp.tree().height() > avlHeightBound(bp.proxyCount())) {
            failure = QStringLiteral("height %1 above bound").arg(bp.tree().height());
            return false;
        }
        if (bp.moveCount() != 0) {
            failure = QStringLiteral("move buffer not emptied");
            return false;
        }
        moved.clear();
    }
    return true;
}

} // namespace

class TestBroadPhase : public QObject {
    Q_OBJECT

private slots:
    void pairsMatchReferences_data();
    void pairsMatchReferences();
    void deterministicOrder();
    void destroyCreateReusesIds();
    void heightBound_data();
    void heightBound();
    void queryMatchesBruteForce();
    void rayCastMatchesBruteForce();
    void restingProxiesReportNothing();
    void fatBoxIsPredictiveAndShrinks();
};

void TestBroadPhase::pairsMatchReferences_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("frames");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("10 boxes") << 10 << 600 << quint64(1);
    QTest::newRow("100 boxes") << 100 << 300 << quint64(2);
    QTest::newRow("1000 boxes") << 1000 << 60 << quint64(3);
    QTest::newRow("5000 boxes") << 5000 << 25 << quint64(4);
}

void TestBroadPhase::pairsMatchReferences() {
    QFETCH(int, count);
    QFETCH(int, frames);
    QFETCH(quint64, seed);
    Run run;
    QString failure;
    QVERIFY2(simulate(count, seed, frames, true, run, failure), qPrintable(failure));
    qInfo("%d boxes, %d frames: %lld pairs reported, %lld live pairs summed over frames, %lld reinsertions",
          count, frames, run.reportedTotal, run.persistentTotal, run.reinsertions);
    // Not trivial: the scenes have pairs, and most boxes stay inside their fat box most frames.
    QVERIFY(run.persistentTotal > static_cast<long long>(frames) * count / 10);
    QVERIFY(run.reinsertions < static_cast<long long>(frames) * count / 2);
}

void TestBroadPhase::deterministicOrder() {
    Run first;
    Run second;
    QString failure;
    QVERIFY(simulate(800, 99, 80, false, first, failure));
    QVERIFY(simulate(800, 99, 80, false, second, failure));
    QVERIFY(first.reportedTotal > 1000);
    QCOMPARE(first.frames.size(), second.frames.size());
    for (std::size_t f = 0; f < first.frames.size(); ++f) {
        QVERIFY2(first.frames[f] == second.frames[f], qPrintable(QStringLiteral("frame %1 differs").arg(f)));
    }
    QVERIFY(first.ids == second.ids);
}

void TestBroadPhase::destroyCreateReusesIds() {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> pos(-50.0, 50.0);
    auto randomBox = [&] {
        const Vec2 c{pos(rng), pos(rng)};
        return AABB{c - Vec2{0.5, 0.5}, c + Vec2{0.5, 0.5}};
    };
    BroadPhase bp;
    std::vector<int> ids;
    for (int i = 0; i < 1000; ++i) {
        ids.push_back(bp.createProxy(randomBox(), i));
    }
    // Ids are distinct.
    QCOMPARE(std::set<int>(ids.begin(), ids.end()).size(), ids.size());
    const int capacity = bp.tree().nodeCapacity();

    // One destroy then one create gives the same id back.
    bp.destroyProxy(ids[17]);
    QVERIFY(!bp.tree().isProxy(ids[17]));
    QCOMPARE(bp.createProxy(randomBox(), 12345), ids[17]);
    QCOMPARE(bp.userData(ids[17]), 12345);

    // Destroy 300 (a seeded shuffle), create 300: the freed ids come back, last freed first, and the pool
    // does not grow.
    std::vector<int> victims(ids.begin(), ids.end());
    std::shuffle(victims.begin(), victims.end(), rng);
    victims.resize(300);
    for (const int id : victims) {
        bp.destroyProxy(id);
    }
    QCOMPARE(bp.proxyCount(), 700);
    QVERIFY2(bp.tree().validate().empty(), bp.tree().validate().c_str());
    std::vector<int> reborn;
    for (int i = 0; i < 300; ++i) {
        reborn.push_back(bp.createProxy(randomBox(), 0));
    }
    std::reverse(victims.begin(), victims.end());
    QVERIFY(reborn == victims);
    QCOMPARE(bp.tree().nodeCapacity(), capacity);
    QCOMPARE(bp.proxyCount(), 1000);
    QVERIFY2(bp.tree().validate().empty(), bp.tree().validate().c_str());

    // Emptying the tree and refilling it also stays inside the pool.
    for (const int id : ids) {
        bp.destroyProxy(id);
    }
    QCOMPARE(bp.proxyCount(), 0);
    QCOMPARE(bp.tree().height(), -1);
    QVERIFY2(bp.tree().validate().empty(), bp.tree().validate().c_str());
    std::set<int> refilled;
    for (int i = 0; i < 1000; ++i) {
        refilled.insert(bp.createProxy(randomBox(), 0));
    }
    QCOMPARE(std::set<int>(ids.begin(), ids.end()), refilled);
    QCOMPARE(bp.tree().nodeCapacity(), capacity);
}

void TestBroadPhase::heightBound_data() {
    QTest::addColumn<QString>("layout");
    QTest::addColumn<int>("count");
    for (const int n : {1, 2, 3, 10, 100, 1000, 10000, 100000}) {
        QTest::addRow("random %d", n) << QStringLiteral("random") << n;
    }
    // Boxes inserted in sorted order along a line: the worst case for an unbalanced tree (it would be a
    // list).
    QTest::newRow("row 10000") << QStringLiteral("row") << 10000;
    // All boxes identical: every insertion cost ties.
    QTest::newRow("same 2000") << QStringLiteral("same") << 2000;
    // Mixed sizes spanning four orders of magnitude.
    QTest::newRow("mixed 20000") << QStringLiteral("mixed") << 20000;
}

void TestBroadPhase::heightBound() {
    QFETCH(QString, layout);
    QFETCH(int, count);
    std::mt19937_64 rng(static_cast<std::uint64_t>(count) * 31 + static_cast<std::uint64_t>(layout.size()));
    std::uniform_real_distribution<double> pos(-1000.0, 1000.0);
    std::uniform_real_distribution<double> logSize(-2.0, 2.0);
    auto boxFor = [&](int i) {
        if (layout == QLatin1String("row")) {
            const Vec2 c{2.0 * i, 0.0};
            return AABB{c - Vec2{0.5, 0.5}, c + Vec2{0.5, 0.5}};
        }
        if (layout == QLatin1String("same")) {
            return AABB{{-1.0, -1.0}, {1.0, 1.0}};
        }
        const double h = layout == QLatin1String("mixed") ? std::pow(10.0, logSize(rng)) : 0.5;
        const Vec2 c{pos(rng), pos(rng)};
        return AABB{c - Vec2{h, h}, c + Vec2{h, h}};
    };

    DynamicTree tree;
    std::vector<int> ids;
    for (int i = 0; i < count; ++i) {
        ids.push_back(tree.createProxy(boxFor(i), 0));
        // Check the bound after every insertion for small trees, at powers of two for big ones.
        if (count <= 1000 || (i & (i + 1)) == 0) {
            QVERIFY2(tree.height() <= avlHeightBound(i + 1),
                     qPrintable(QStringLiteral("%1 leaves, height %2").arg(i + 1).arg(tree.height())));
        }
    }
    QVERIFY2(tree.validate().empty(), tree.validate().c_str());
    const int fullHeight = tree.height();
    const double ratio = tree.areaRatio();

    // Remove a random half, then move the rest: the invariants and the bound still hold.
    std::shuffle(ids.begin(), ids.end(), rng);
    const std::size_t half = ids.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
        tree.destroyProxy(ids[i]);
    }
    ids.erase(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(half));
    QVERIFY2(tree.validate().empty(), tree.validate().c_str());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        tree.moveProxy(ids[i], boxFor(static_cast<int>(i)), Vec2{0.0, 0.0});
    }
    QVERIFY2(tree.validate().empty(), tree.validate().c_str());
    QCOMPARE(tree.proxyCount(), static_cast<int>(ids.size()));
    if (!ids.empty()) {
        QVERIFY(tree.height() <= avlHeightBound(tree.proxyCount()));
    }
    qInfo("%s %d: height %d (bound log_phi(n) = %.2f, log2(n) = %.2f), area ratio %.2f", qPrintable(layout),
          count, fullHeight, avlHeightBound(count), std::log2(static_cast<double>(count)), ratio);
}

void TestBroadPhase::queryMatchesBruteForce() {
    Scene scene(3000, 11);
    BroadPhase bp;
    std::map<int, AABB> fat;
    for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
        const int id = bp.createProxy(scene.boxes()[i].tight(), static_cast<int>(i));
        fat[id] = bp.fatAABB(id);
    }
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> pos(-90.0, 90.0);
    std::uniform_real_distribution<double> logSize(-2.0, 1.5);
    int nonEmpty = 0;
    for (int q = 0; q < 2000; ++q) {
        const Vec2 c{pos(rng), pos(rng)};
        const Vec2 h{std::pow(10.0, logSize(rng)), std::pow(10.0, logSize(rng))};
        const AABB box{c - h, c + h};
        std::vector<int> got;
        bp.query(box, [&](int id) { got.push_back(id); });
        std::sort(got.begin(), got.end());
        std::vector<int> want;
        for (const auto& [id, f] : fat) {
            if (phys::overlaps(f, box)) {
                want.push_back(id);
            }
        }
        QVERIFY2(got == want,
                 qPrintable(QStringLiteral("query %1: %2 vs %3").arg(q).arg(got.size()).arg(want.size())));
        nonEmpty += want.empty() ? 0 : 1;
        // A callback returning false stops the query at the first hit.
        int calls = 0;
        bp.query(box, [&](int) {
            ++calls;
            return false;
        });
        QCOMPARE(calls, want.empty() ? 0 : 1);
    }
    qInfo("2000 queries, %d with hits", nonEmpty);
    QVERIFY(nonEmpty > 1000);
}

namespace {

/// Segment p1 + t (p2 - p1), t in [0, maxFraction], against a box by slabs (Ericson RTCD 5.3.3).
/// @return the entry fraction, or a negative value on a miss.
double segmentEntry(Vec2 p1, Vec2 p2, double maxFraction, const AABB& box) {
    double tMin = 0.0;
    double tMax = maxFraction;
    const double p[2] = {p1.x, p1.y};
    const double d[2] = {p2.x - p1.x, p2.y - p1.y};
    const double lo[2] = {box.lower.x, box.lower.y};
    const double hi[2] = {box.upper.x, box.upper.y};
    for (int k = 0; k < 2; ++k) {
        if (d[k] == 0.0) {
            if (p[k] < lo[k] || p[k] > hi[k]) {
                return -1.0;
            }
            continue;
        }
        double t1 = (lo[k] - p[k]) / d[k];
        double t2 = (hi[k] - p[k]) / d[k];
        if (t1 > t2) {
            std::swap(t1, t2);
        }
        tMin = std::max(tMin, t1);
        tMax = std::min(tMax, t2);
        if (tMin > tMax) {
            return -1.0;
        }
    }
    return tMin;
}

} // namespace

void TestBroadPhase::rayCastMatchesBruteForce() {
    Scene scene(2000, 21);
    BroadPhase bp;
    std::map<int, AABB> fat;
    for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
        const int id = bp.createProxy(scene.boxes()[i].tight(), static_cast<int>(i));
        fat[id] = bp.fatAABB(id);
    }
    std::mt19937_64 rng(22);
    std::uniform_real_distribution<double> pos(-75.0, 75.0);
    std::uniform_real_distribution<double> fraction(0.2, 1.0);
    long long hits = 0;
    for (int r = 0; r < 2000; ++r) {
        const phys::TreeRayInput input{{pos(rng), pos(rng)}, {pos(rng), pos(rng)}, fraction(rng)};
        // Every box the segment touches, without clipping. Exact arithmetic would make the tree's
        // separating-axis test and the slab test agree; in doubles a box grazed within 1e-9 m may go either
        // way.
        std::set<int> got;
        bp.rayCast(input, [&](const phys::TreeRayInput& sub, int id) {
            got.insert(id);
            return sub.maxFraction;
        });
        for (const auto& [id, f] : fat) {
            const bool mustHit =
                segmentEntry(input.p1, input.p2, input.maxFraction, phys::fatten(f, -1e-9)) >= 0.0;
            const bool mayHit =
                segmentEntry(input.p1, input.p2, input.maxFraction, phys::fatten(f, 1e-9)) >= 0.0;
            // (Tested before building a message: QVERIFY2 would format it on every iteration.)
            if (mustHit && !got.count(id)) {
                QFAIL(qPrintable(QStringLiteral("ray %1 missed box %2").arg(r).arg(id)));
            }
            if (!mayHit && got.count(id)) {
                QFAIL(qPrintable(QStringLiteral("ray %1 falsely hit box %2").arg(r).arg(id)));
            }
        }
        hits += static_cast<long long>(got.size());

        // Closest hit with clipping: the callback returns the entry fraction, the tree prunes behind it.
        double closest = std::numeric_limits<double>::infinity();
        bp.rayCast(input, [&](const phys::TreeRayInput& sub, int id) {
            const double t = segmentEntry(sub.p1, sub.p2, sub.maxFraction, bp.fatAABB(id));
            if (t < 0.0) {
                return -1.0; // a miss: ignore and go on
            }
            closest = std::min(closest, t);
            return t;
        });
        double want = std::numeric_limits<double>::infinity();
        for (const auto& [id, f] : fat) {
            const double t = segmentEntry(input.p1, input.p2, input.maxFraction, f);
            if (t >= 0.0) {
                want = std::min(want, t);
            }
        }
        QCOMPARE(closest, want);
    }
    qInfo("2000 segments, %lld box hits", hits);
    QVERIFY(hits > 2000);
}

void TestBroadPhase::restingProxiesReportNothing() {
    Scene scene(400, 31);
    BroadPhase bp;
    std::vector<int> ids;
    for (std::size_t i = 0; i < scene.boxes().size(); ++i) {
        ids.push_back(bp.createProxy(scene.boxes()[i].tight(), static_cast<int>(i)));
    }
    PairList first;
    bp.updatePairs([&](int a, int b) { first.emplace_back(a, b); });
    std::map<int, AABB> fat;
    for (const int id : ids) {
        fat[id] = bp.fatAABB(id);
    }
    QVERIFY(first == sortAndSweepPairs(fat));
    QVERIFY(!first.empty());

    // Jitter smaller than the margin: no proxy is reinserted and no pair is reported.
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const Vec2 jitter{0.05, -0.05};
        MovingBox b = scene.boxes()[i];
        b.center += jitter;
        QVERIFY(!bp.moveProxy(ids[i], b.tight(), jitter));
    }
    QCOMPARE(bp.moveCount(), 0);
    int calls = 0;
    bp.updatePairs([&](int, int) { ++calls; });
    QCOMPARE(calls, 0);

    // touchProxy re-reports exactly the pairs of the touched proxy; touching twice buffers it once.
    const int touched = first.front().first;
    bp.touchProxy(touched);
    bp.touchProxy(touched);
    QCOMPARE(bp.moveCount(), 1);
    PairList again;
    bp.updatePairs([&](int a, int b) { again.emplace_back(a, b); });
    PairList want;
    for (const auto& p : first) {
        if (p.first == touched || p.second == touched) {
            want.push_back(p);
        }
    }
    QVERIFY(again == want);

    // A proxy destroyed while buffered is dropped from the buffer.
    bp.touchProxy(ids[5]);
    bp.destroyProxy(ids[5]);
    QCOMPARE(bp.moveCount(), 0);
    bp.updatePairs([&](int a, int b) { QVERIFY(a != ids[5] && b != ids[5]); });
}

void TestBroadPhase::fatBoxIsPredictiveAndShrinks() {
    DynamicTree tree(0.25);
    const int other = tree.createProxy({{10.0, 10.0}, {11.0, 11.0}}, 0);
    const int id = tree.createProxy({{0.0, 0.0}, {1.0, 2.0}}, 7);
    QVERIFY(tree.fatAABB(id) == (AABB{{-0.25, -0.25}, {1.25, 2.25}}));

    // Leaving the fat box along (1, -2) per step: the new fat box is the margin plus 4 steps ahead.
    const AABB moved{{1.0, -2.0}, {2.0, 0.0}};
    QVERIFY(tree.moveProxy(id, moved, Vec2{1.0, -2.0}));
    QVERIFY(tree.fatAABB(id) == (AABB{{0.75, -2.25 - 8.0}, {2.25 + 4.0, 0.25}}));
    // The next step lies inside the predicted box, which is still a fair fit: no reinsertion.
    const AABB next{{1.5, -3.0}, {2.5, -1.0}};
    QVERIFY(!tree.moveProxy(id, next, Vec2{1.0, -2.0}));
    // The body stops: its box is still inside, but the stored box reaches more than four margins beyond the
    // new fat box, so it is shrunk to the margin alone.
    QVERIFY(tree.moveProxy(id, next, Vec2{0.0, 0.0}));
    QVERIFY(tree.fatAABB(id) == (AABB{{1.25, -3.25}, {2.75, -0.75}}));
    QVERIFY(!tree.moveProxy(id, next, Vec2{0.0, 0.0}));
    QCOMPARE(tree.userData(id), 7);
    QVERIFY(tree.isProxy(other));
    QVERIFY2(tree.validate().empty(), tree.validate().c_str());
}

QTEST_GUILESS_MAIN(TestBroadPhase)
#include "tst_broadphase.moc"
