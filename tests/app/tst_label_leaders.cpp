/// @file tst_label_leaders.cpp
/// Leader lines on the real MainWindow's canvas (issue 12 review: on the vertical stack demo's clipping
/// walkthrough the |cos| labels' leaders crossed one another): at the app's default settings, in a 1280x800
/// window, every step of the SAT and clipping walkthroughs of the stack's first pair and of the start scene
/// is painted, and no two leaders cross (two leaders from one anchor, naming coincident features, meet there
/// and are allowed).

#include "app_test_util.h"
#include "main_window.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include <QApplication>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace cl;

namespace {

/// Where a placed label's leader ends: the point of its text box nearest its anchor (as LabelLayout draws it).
QPointF leaderEnd(const PlacedLabel& p) {
    const QPointF a = p.request.anchor;
    return {std::clamp(a.x(), p.textRect.left(), p.textRect.right()),
            std::clamp(a.y(), p.textRect.top(), p.textRect.bottom())};
}

/// Whether the open segments p0-p1 and q0-q1 intersect (orientation test; collinear overlaps count).
bool segmentsIntersect(QPointF p0, QPointF p1, QPointF q0, QPointF q1) {
    const auto orient = [](QPointF o, QPointF a, QPointF b) {
        const double v = (a.x() - o.x()) * (b.y() - o.y()) - (a.y() - o.y()) * (b.x() - o.x());
        return v > 1e-9 ? 1 : (v < -1e-9 ? -1 : 0);
    };
    const auto onSegment = [](QPointF a, QPointF b, QPointF p) {
        return std::min(a.x(), b.x()) - 1e-9 <= p.x() && p.x() <= std::max(a.x(), b.x()) + 1e-9 &&
               std::min(a.y(), b.y()) - 1e-9 <= p.y() && p.y() <= std::max(a.y(), b.y()) + 1e-9;
    };
    const int o1 = orient(p0, p1, q0), o2 = orient(p0, p1, q1), o3 = orient(q0, q1, p0),
              o4 = orient(q0, q1, p1);
    if (o1 != o2 && o3 != o4) {
        return true;
    }
    return (o1 == 0 && onSegment(p0, p1, q0)) || (o2 == 0 && onSegment(p0, p1, q1)) ||
           (o3 == 0 && onSegment(q0, q1, p0)) || (o4 == 0 && onSegment(q0, q1, p1));
}

} // namespace

class TestLabelLeaders : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void leadersNeverCross_data();
    void leadersNeverCross();

private:
    QTemporaryDir m_dir;
};

void TestLabelLeaders::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestLabelLeaders::leadersNeverCross_data() {
    QTest::addColumn<QString>("scene");
    QTest::newRow("vertical stack") << QStringLiteral(CONTACTLAB_SOURCE_DIR
                                                      "/resources/scenes/demos/vertical_stack.json");
    QTest::newRow("start scene") << QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/shapes.json");
    QTest::newRow("stack") << QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/stack.json");
}

void TestLabelLeaders::leadersNeverCross() {
    QFETCH(QString, scene);
    QSettings().clear();
    auto window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(window);
    // (the dock as the window lays it out: in front by default)
    auto* dock = cltest::openWithWalkthrough(*window, scene, false);
    QVERIFY(dock && dock->isVisible());
    SceneCanvas& canvas = *window->canvas();
    int leaders = 0;
    for (const WalkthroughMode mode : {WalkthroughMode::Sat, WalkthroughMode::Clipping}) {
        dock->setMode(mode);
        QCoreApplication::processEvents();
        const int steps = dock->walkthrough().stepCount();
        QVERIFY(steps > 0);
        for (int step = 0; step < steps; ++step) {
            dock->setStep(step);
            QCoreApplication::processEvents();
            canvas.viewport()->grab(); // a paint: the labels as shown
            const std::vector<PlacedLabel>& labels = dock->overlay()->lastLabels();
            for (std::size_t a = 0; a < labels.size(); ++a) {
                if (!labels[a].leader) {
                    continue;
                }
                ++leaders;
                for (std::size_t b = a + 1; b < labels.size(); ++b) {
                    if (!labels[b].leader) {
                        continue;
                    }
                    const QPointF a0 = labels[a].request.anchor, b0 = labels[b].request.anchor;
                    if (std::hypot(a0.x() - b0.x(), a0.y() - b0.y()) < 1.0) {
                        continue; // one point named twice: the leaders meet where they start
                    }
                    QVERIFY2(!segmentsIntersect(a0, leaderEnd(labels[a]), b0, leaderEnd(labels[b])),
                             qPrintable(QStringLiteral("%1 step %2: the leaders of \"%3\" and \"%4\" cross")
                                            .arg(QLatin1String(toString(mode)))
                                            .arg(step + 1)
                                            .arg(labels[a].request.text, labels[b].request.text)));
                }
            }
        }
    }
    qInfo("%d leaders checked", leaders);
}

QTEST_MAIN(TestLabelLeaders)
#include "tst_label_leaders.moc"
