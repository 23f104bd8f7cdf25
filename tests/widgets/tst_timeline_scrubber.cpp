/// @file tst_timeline_scrubber.cpp
/// The timeline scrubber and the quantity plot without a window: the step <-> pixel mapping is a bijection
/// on the recorded range, a flag is picked within kFlagPickPixels and no farther, the keys ask for the
/// documented steps, and the plot's ticks are 1-2-5 multiples covering the range.

#include "quantity_plot.h"
#include "timeline_scrubber.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace cl;

class TestTimelineScrubber : public QObject {
    Q_OBJECT

private slots:
    void everyStepMapsBack();
    void flagPickRadius();
    void keysAskForSteps();
    void ticksAreNice();
};

void TestTimelineScrubber::everyStepMapsBack() {
    TimelineScrubber scrubber;
    scrubber.resize(616, 40); // a 600-pixel track
    scrubber.setRange(100, 400);
    for (std::int64_t step = 100; step <= 400; ++step) {
        QCOMPARE(scrubber.stepAtX(scrubber.xOfStep(step)), step);
    }
    QCOMPARE(scrubber.stepAtX(-50.0), std::int64_t{100}); // clamped
    QCOMPARE(scrubber.stepAtX(5000.0), std::int64_t{400});
    QCOMPARE(scrubber.xOfStep(250), 8.0 + 300.0); // half way along the track (8-pixel margins)
}

void TestTimelineScrubber::flagPickRadius() {
    TimelineScrubber scrubber;
    scrubber.resize(616, 40);
    scrubber.setRange(0, 600); // one pixel a step
    scrubber.setMarks({{300, QStringLiteral("b"), Qt::red}, {100, QStringLiteral("a"), Qt::green}});
    QCOMPARE(scrubber.marks().front().step, std::int64_t{100}); // sorted by step
    const double x = scrubber.xOfStep(300);
    QCOMPARE(scrubber.markAtX(x + TimelineScrubber::kFlagPickPixels), 1);
    QCOMPARE(scrubber.markAtX(x - TimelineScrubber::kFlagPickPixels - 0.5), -1);
    scrubber.setRange(200, 600); // the flag at 100 is out of range: never picked
    QCOMPARE(scrubber.markAtX(scrubber.xOfStep(200)), -1);
}

void TestTimelineScrubber::keysAskForSteps() {
    TimelineScrubber scrubber;
    scrubber.resize(616, 40);
    scrubber.setRange(0, 500);
    scrubber.setCurrent(200);
    scrubber.setMarks({{50, QStringLiteral("a"), Qt::red}, {320, QStringLiteral("b"), Qt::red}});
    QSignalSpy spy(&scrubber, &TimelineScrubber::seekRequested);
    const std::pair<Qt::Key, std::int64_t> cases[] = {
        {Qt::Key_Left, 199}, {Qt::Key_Right, 201}, {Qt::Key_PageUp, 140},     {Qt::Key_PageDown, 260},
        {Qt::Key_Home, 0},   {Qt::Key_End, 500},   {Qt::Key_BracketLeft, 50}, {Qt::Key_BracketRight, 320},
    };
    for (const auto& [key, expected] : cases) {
        QTest::keyClick(&scrubber, key);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).value<std::int64_t>(), expected);
    }
}

void TestTimelineScrubber::ticksAreNice() {
    // [0, 1]: steps of 0.2 (the 1-2-5 step at or above a fifth of the span), both ends included.
    const std::vector<double> unit = QuantityPlot::ticks(0.0, 1.0);
    QCOMPARE(unit.size(), std::size_t{6});
    for (std::size_t i = 0; i < unit.size(); ++i) {
        QVERIFY(std::abs(unit[i] - 0.2 * static_cast<double>(i)) < 1e-12);
    }
    // [-3.7, 12.2]: a span of 15.9 gives steps of 5, from the first multiple inside the range.
    const std::vector<double> t = QuantityPlot::ticks(-3.7, 12.2);
    QCOMPARE(t, (std::vector<double>{0.0, 5.0, 10.0}));
    QVERIFY(QuantityPlot::ticks(1.0, 1.0).empty());
}

QTEST_MAIN(TestTimelineScrubber)
#include "tst_timeline_scrubber.moc"
