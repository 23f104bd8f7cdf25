/// @file tst_walkthrough.cpp
/// The Walkthrough dock on the real MainWindow: its steps and numbers are the engine's (checked against
/// `contactlab-cli collide` run as a separate process), the keyboard steps through them, an edit keeps the
/// step and updates the numbers, and a selection of two bodies picks the pair.

#include "autosave.h"
#include "body_edit_command.h"
#include "document.h"
#include "edit_intents.h"
#include "main_window.h"
#include "overlay.h"
#include "palette.h"
#include "scene_canvas.h"
#include "tool_edit_vertices.h"
#include "tool_select.h"
#include "tools_toolbar.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "app_test_util.h"
#include "file_controller.h"
#include "scene_io.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace cl;

namespace {

QString fixture(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

/// Runs `contactlab-cli collide SCENE --a A --b B` and returns its JSON object.
QJsonObject cliCollide(const QString& scene, int a, int b) {
    QProcess process;
    process.start(QStringLiteral(CONTACTLAB_CLI),
                  {QStringLiteral("collide"), scene, QStringLiteral("--a"), QString::number(a),
                   QStringLiteral("--b"), QString::number(b)});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning("collide failed: %s", process.readAllStandardError().constData());
        return {};
    }
    return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
}

phys::Vec2 vec(const QJsonValue& v) {
    const QJsonArray a = v.toArray();
    return {a.at(0).toDouble(), a.at(1).toDouble()};
}

/// A number as written in the walkthrough ("0.0065", "-0.020", "1.25", "3.2e-7"), read back.
struct ShownNumber {
    double value = 0.0;
    double halfStep = 0.0; ///< half a unit of the last digit written: the rounding allowed
    int significant = 0;   ///< significant digits written
    bool found = false;
};

ShownNumber readNumber(const QString& text) {
    ShownNumber n;
    bool ok = false;
    n.value = text.toDouble(&ok);
    n.found = ok;
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    const QString mantissa = e < 0 ? text : text.left(e);
    const qsizetype point = mantissa.indexOf(QLatin1Char('.'));
    const int decimals = point < 0 ? 0 : int(mantissa.size() - point - 1);
    const int exponent = e < 0 ? 0 : text.mid(e + 1).toInt();
    n.halfStep = 0.5 * std::pow(10.0, exponent - decimals);
    QString digits = mantissa;
    digits.remove(QLatin1Char('-')).remove(QLatin1Char('.'));
    while (digits.startsWith(QLatin1Char('0'))) {
        digits.remove(0, 1);
    }
    n.significant = int(digits.size());
    return n;
}

/// Checks that `text` shows the numbers `expected` (numbers of the CLI): each number captured by a "%N" of
/// `pattern`, read back, is the expected value rounded to the digits written; with `lengths`, a non-zero
/// value also keeps at least two significant digits (so a 6.5 mm depth is not written "0.01"). Returns what
/// went wrong, empty when right.
QString checkShown(const QString& text, QString pattern, const QList<double>& expected, bool lengths) {
    pattern.replace(QStringLiteral("%N"), QStringLiteral("(-?[0-9]+\\.[0-9]+(?:e-?[0-9]+)?)"));
    const QRegularExpression re(pattern);
    const QRegularExpressionMatch match = re.match(text);
    if (!match.hasMatch() || match.lastCapturedIndex() != int(expected.size())) {
        return QStringLiteral("no match of %1 in \"%2\"").arg(re.pattern(), text);
    }
    for (int i = 0; i < int(expected.size()); ++i) {
        const QString written = match.captured(i + 1);
        const ShownNumber n = readNumber(written);
        const double value = expected[i];
        if (!n.found || std::abs(n.value - value) > n.halfStep * (1.0 + 1e-9)) {
            return QStringLiteral("\"%1\" is not %2 rounded, in \"%3\"")
                .arg(written)
                .arg(value, 0, 'g', 17)
                .arg(text);
        }
        if (lengths && value != 0.0 && n.significant < 2) {
            return QStringLiteral("\"%1\" keeps fewer than two significant digits of %2, in \"%3\"")
                .arg(written)
                .arg(value, 0, 'g', 17)
                .arg(text);
        }
    }
    return {};
}

#define VERIFY_SHOWN(text, pattern, expected, lengths)                                                       \
    do {                                                                                                     \
        const QString why_ = checkShown((text), (pattern), (expected), (lengths));                           \
        QVERIFY2(why_.isEmpty(), qPrintable(why_));                                                          \
    } while (false)

/// The decimals written in a fixed-point number ("0.0065" -> 4).
int decimalsOf(const QString& number) {
    const qsizetype point = number.indexOf(QLatin1Char('.'));
    return point < 0 ? 0 : int(number.size() - point - 1);
}

/// Writes a scene of two unit boxes, B resting on A and sunk `depth` metres into it (B shifted right by
/// 0.2 m so the contact is one face on another), and returns its path.
QString writeSunkBoxes(const QTemporaryDir& dir, double depth) {
    const QString path = dir.filePath(QStringLiteral("sunk_%1.json").arg(depth, 0, 'g', 17));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return {};
    }
    const QString box = QStringLiteral(R"([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])");
    file.write(QStringLiteral(R"({"format": "contactlab-scene", "version": 1, "bodies": [
  {"name": "lower", "type": "static", "position": [0, 0], "shapes": [{"type": "polygon", "vertices": %1}]},
  {"name": "upper", "type": "dynamic", "position": [0.2, %2], "shapes": [{"type": "polygon", "vertices": %1}]}
]})")
                   .arg(box)
                   .arg(1.0 - depth, 0, 'g', 17)
                   .toUtf8());
    return path;
}

} // namespace

class TestWalkthrough : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void lengthsKeepTwoSignificantDigits_data();
    void lengthsKeepTwoSignificantDigits();
    void satStepsEqualTheCli_data();
    void satStepsEqualTheCli();
    void clippingStepsFollowTheClipTrace_data();
    void clippingStepsFollowTheClipTrace();
    void methodsCompareTheThreeManifolds();
    void smallDepthIsWrittenReadablyEverywhere();
    void tablesFitTheDefaultDockWidth_data();
    void tablesFitTheDefaultDockWidth();
    void keyboardStepsForwardAndBack();
    void framePairZoomsInOnTheContact();
    void stepIsKeptWhenABodyMoves();
    void walkthroughFollowsEveryMoveOfADrag();
    void selectingTwoBodiesPicksThePair();
    void overlayTogglesReachTheCanvasOverlay();
    void missingBodiesAskForWhatIsMissing();

private:
    /// The checks of tablesFitTheDefaultDockWidth on the table as it is now.
    void checkTableFits();
    static bool rowHeightsAreQts(QTableWidget* table);
    WalkthroughDock* dock() const { return m_window->findChild<WalkthroughDock*>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestWalkthrough::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestWalkthrough::init() {
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter(
        [](const QString&, const QString& message) { qWarning("%s", qPrintable(message)); });
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(dock() != nullptr);
    dock()->show();
    dock()->raise();
}

void TestWalkthrough::cleanup() {
    m_window.reset();
}

void TestWalkthrough::satStepsEqualTheCli_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::newRow("tilted pair") << QStringLiteral("tests/fixtures/walkthrough/pair.json") << 0 << 1;
    QTest::newRow("tilted pair, swapped") << QStringLiteral("tests/fixtures/walkthrough/pair.json") << 1 << 0;
    QTest::newRow("edge on edge") << QStringLiteral("resources/scenes/catalogue/edge_on_edge.json") << 0 << 1;
    QTest::newRow("vertex on vertex")
        << QStringLiteral("resources/scenes/catalogue/vertex_on_vertex.json") << 0 << 1;
    QTest::newRow("separated, first axis")
        << QStringLiteral("resources/scenes/catalogue/separated_first_axis.json") << 0 << 1;
    QTest::newRow("circle, vertex region")
        << QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json") << 0 << 1;
    QTest::newRow("circle, vertex region, swapped")
        << QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json") << 1 << 0;
    QTest::newRow("two circles") << QStringLiteral("resources/scenes/catalogue/two_circles.json") << 0 << 1;
}

// The SAT walkthrough has one step per axis plus the result, and each step's numbers are exactly the CLI's.
void TestWalkthrough::satStepsEqualTheCli() {
    QFETCH(QString, scene);
    QFETCH(int, a);
    QFETCH(int, b);
    const QString file = fixture(scene);
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(a, b));
    const QJsonObject cli = cliCollide(file, a, b);
    QVERIFY(!cli.isEmpty());
    const QJsonArray axes =
        cli.value(QStringLiteral("sat")).toObject().value(QStringLiteral("axes")).toArray();
    const Walkthrough& w = dock()->walkthrough();
    QVERIFY(w.isValid());
    QCOMPARE(w.stepCount(), int(axes.size()) + 1);
    QCOMPARE(dock()->table()->rowCount(), int(axes.size()) + 1);
    QCOMPARE(QString::fromLatin1(phys::toString(w.trace().kind)),
             cli.value(QStringLiteral("kind")).toString());

    for (int k = 0; k < int(axes.size()); ++k) {
        dock()->setStep(k);
        QCOMPARE(dock()->currentStep(), k);
        const WalkthroughStep& step = w.step(k);
        QCOMPARE(step.kind, WalkthroughStepKind::SatAxis);
        const phys::SatAxis& axis = w.trace().sat.axes[step.index];
        const QJsonObject expected = axes.at(k).toObject();
        QCOMPARE(QString::fromLatin1(phys::toString(axis.owner)),
                 expected.value(QStringLiteral("owner")).toString());
        QCOMPARE(axis.edge, expected.value(QStringLiteral("edge")).toInt());
        QCOMPARE(axis.normal.x, vec(expected.value(QStringLiteral("normal"))).x);
        QCOMPARE(axis.normal.y, vec(expected.value(QStringLiteral("normal"))).y);
        QCOMPARE(axis.minA, vec(expected.value(QStringLiteral("a"))).x);
        QCOMPARE(axis.maxA, vec(expected.value(QStringLiteral("a"))).y);
        QCOMPARE(axis.minB, vec(expected.value(QStringLiteral("b"))).x);
        QCOMPARE(axis.maxB, vec(expected.value(QStringLiteral("b"))).y);
        QCOMPARE(axis.overlap, expected.value(QStringLiteral("overlap")).toDouble());
        QCOMPARE(axis.separating, expected.value(QStringLiteral("separating")).toBool());
        // The explanation is written from these numbers, and the dock shows it.
        const QString text = dock()->explanation();
        QCOMPARE(text, step.explanation);
        // Its numbers, read back, are the CLI's: the shadows, and the overlap (or the gap) as a length.
        const double overlap = expected.value(QStringLiteral("overlap")).toDouble();
        // The overlap (or gap) is written as the difference of the two shadow ends written beside it (issue
        // 12: the numbers on screen add up), so it is the CLI's to one unit of its last decimal.
        const int d = w.tableDecimals();
        const double asWritten = Walkthrough::axisOverlap(axis, d).toDouble();
        QVERIFY2(std::abs(asWritten - overlap) <= std::pow(10.0, -d) * (1.0 + 1e-9),
                 qPrintable(QStringLiteral("%1 written for %2").arg(asWritten).arg(overlap)));
        const phys::Vec2 shadowA = vec(expected.value(QStringLiteral("a")));
        const phys::Vec2 shadowB = vec(expected.value(QStringLiteral("b")));
        VERIFY_SHOWN(text, QStringLiteral("the projections \\[%N, %N\\] and \\[%N, %N\\]"),
                     (QList<double>{shadowA.x, shadowA.y, shadowB.x, shadowB.y}), false);
        if (axis.separating && Walkthrough::axisTouches(axis)) {
            VERIFY_SHOWN(text, QStringLiteral("just meet end to end \\(a gap of %N m, round-off\\)"),
                         QList<double>{-asWritten}, true);
        } else if (axis.separating) {
            VERIFY_SHOWN(text, QStringLiteral("leave a gap of %N m, so this axis separates them"),
                         QList<double>{-asWritten}, true);
        } else if (Walkthrough::axisInnerShadow(axis) >= 0) {
            // One shadow inside the other: the overlap is the shorter move that clears it, and the text
            // says so rather than "overlap by".
            QVERIFY2(!text.contains(QStringLiteral("overlap by")), qPrintable(text));
            VERIFY_SHOWN(text, QStringLiteral("must move %N m, the shorter way out"),
                         QList<double>{asWritten}, true);
        } else if (Walkthrough::axisTouches(axis)) {
            VERIFY_SHOWN(text, QStringLiteral("just meet end to end \\(overlap %N m\\)"),
                         QList<double>{asWritten}, true);
        } else {
            VERIFY_SHOWN(text, QStringLiteral("overlap by %N m, so this axis does not separate them"),
                         QList<double>{asWritten}, true);
        }
        // The table row of the step is the selected one, and shows the same numbers: the axis's normal,
        // both shadows (written with at least the overlap's decimals, so the overlap can be read off them),
        // the overlap and whether the axis separates.
        QTableWidget* table = dock()->table();
        QVERIFY(table->item(k, 0)->isSelected());
        QCOMPARE(table->item(k, 0)->text(), QString::number(k + 1));
        const phys::Vec2 normal = vec(expected.value(QStringLiteral("normal")));
        VERIFY_SHOWN(table->item(k, 1)->text(), QStringLiteral("\\n\\(%N, %N\\)$"),
                     (QList<double>{normal.x, normal.y}), false);
        VERIFY_SHOWN(table->item(k, 2)->text(), QStringLiteral("^A \\[%N, %N\\]\\nB \\[%N, %N\\]$"),
                     (QList<double>{shadowA.x, shadowA.y, shadowB.x, shadowB.y}), false);
        const QString overlapCell = table->item(k, 3)->text();
        VERIFY_SHOWN(overlapCell, QStringLiteral("^%N(?:\\n(?:separates|B in A|A in B))?$"),
                     QList<double>{asWritten}, true);
        QCOMPARE(overlapCell.endsWith(QStringLiteral("B in A")), Walkthrough::axisInnerShadow(axis) == 1);
        QCOMPARE(overlapCell.endsWith(QStringLiteral("A in B")), Walkthrough::axisInnerShadow(axis) == 0);
        QCOMPARE(overlapCell.endsWith(QStringLiteral("separates")), axis.separating);
        const QString shownOverlap = overlapCell.section(QLatin1Char('\n'), 0, 0);
        const QString shownShadows = table->item(k, 2)->text();
        const QString firstShadow = shownShadows.mid(3, shownShadows.indexOf(QLatin1Char(',')) - 3);
        QVERIFY2(decimalsOf(firstShadow) >= std::min(decimalsOf(shownOverlap), 6) ||
                     shownOverlap.contains(QLatin1Char('e')),
                 qPrintable(shownShadows + QStringLiteral(" / ") + shownOverlap));
    }
    // Last step: the MTV (or the separating axis), as the CLI says.
    dock()->lastStep();
    QCOMPARE(dock()->currentStep(), int(axes.size()));
    QCOMPARE(w.step(dock()->currentStep()).kind, WalkthroughStepKind::SatResult);
    const QJsonObject mtv =
        cli.value(QStringLiteral("sat")).toObject().value(QStringLiteral("mtv")).toObject();
    QCOMPARE(w.trace().sat.mtvAxis, mtv.value(QStringLiteral("axis")).toInt());
    QCOMPARE(w.trace().sat.mtvDepth, mtv.value(QStringLiteral("depth")).toDouble());
    QCOMPARE(w.trace().sat.mtvNormal.x, vec(mtv.value(QStringLiteral("normal"))).x);
    QCOMPARE(w.trace().sat.mtvNormal.y, vec(mtv.value(QStringLiteral("normal"))).y);
    QCOMPARE(w.trace().separated, cli.value(QStringLiteral("separated")).toBool());
    const bool separated = cli.value(QStringLiteral("separated")).toBool();
    QVERIFY(dock()->explanation().contains(separated ? QStringLiteral("separates the shapes")
                                                     : QStringLiteral("minimum translation vector")));
    // The MTV's depth as its axis's row writes it: the difference of the written shadow ends, within one
    // unit of the last decimal of the CLI's.
    const double cliDepth = mtv.value(QStringLiteral("depth")).toDouble();
    const double depth =
        Walkthrough::axisOverlap(w.trace().sat.axes[w.trace().sat.mtvAxis], w.tableDecimals()).toDouble();
    QVERIFY(std::abs(depth - cliDepth) <= std::pow(10.0, -w.tableDecimals()) * (1.0 + 1e-9));
    if (separated) {
        VERIFY_SHOWN(dock()->explanation(), QStringLiteral("separates the shapes with a gap of %N m"),
                     QList<double>{-depth}, true);
    } else {
        VERIFY_SHOWN(dock()->explanation(), QStringLiteral("The smallest overlap, %N m, is on axis"),
                     QList<double>{depth}, true);
    }
    // The table's last row: the MTV's depth (negative: the gap) as a length.
    const int last = dock()->table()->rowCount() - 1;
    VERIFY_SHOWN(dock()->table()->item(last, 3)->text(), QStringLiteral("^%N$"), QList<double>{depth}, true);
}

void TestWalkthrough::clippingStepsFollowTheClipTrace_data() {
    QTest::addColumn<QString>("scene");
    QTest::newRow("tilted pair: one point kept, one discarded")
        << QStringLiteral("tests/fixtures/walkthrough/pair.json");
    QTest::newRow("edge on edge: two points")
        << QStringLiteral("resources/scenes/catalogue/edge_on_edge.json");
    QTest::newRow("vertex on edge") << QStringLiteral("resources/scenes/catalogue/vertex_on_edge.json");
    QTest::newRow("parallel edges") << QStringLiteral(
        "resources/scenes/catalogue/parallel_edges_different_lengths.json");
}

// Clipping: candidates, reference, one step per side plane, the reference-face test and the contacts; their
// numbers are those of the CLI's clip trace.
void TestWalkthrough::clippingStepsFollowTheClipTrace() {
    QFETCH(QString, scene);
    const QString file = fixture(scene);
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Clipping);
    QVERIFY(dock()->setPair(0, 1));
    const QJsonObject cli = cliCollide(file, 0, 1);
    const QJsonObject clip = cli.value(QStringLiteral("clip")).toObject();
    QVERIFY(!clip.isEmpty());
    const Walkthrough& w = dock()->walkthrough();
    const phys::ClipTrace& c = w.trace().clip;
    const QJsonArray planes = clip.value(QStringLiteral("planes")).toArray();
    const QJsonArray face = clip.value(QStringLiteral("referenceFace")).toArray();
    QCOMPARE(c.planeCount, int(planes.size()));
    QCOMPARE(c.pointCount, int(face.size()));

    QList<WalkthroughStepKind> expectedKinds{WalkthroughStepKind::ClipCandidates,
                                             WalkthroughStepKind::ClipReference};
    for (int p = 0; p < planes.size(); ++p) {
        expectedKinds << WalkthroughStepKind::ClipPlane;
    }
    expectedKinds << WalkthroughStepKind::ClipReferenceFace << WalkthroughStepKind::ClipResult;
    QCOMPARE(w.stepCount(), int(expectedKinds.size()));
    for (int i = 0; i < w.stepCount(); ++i) {
        QCOMPARE(w.step(i).kind, expectedKinds[i]);
    }

    // Reference and incident as the CLI reports them, and named in the explanation.
    const QJsonObject reference = clip.value(QStringLiteral("reference")).toObject();
    QCOMPARE(c.referenceEdge, reference.value(QStringLiteral("edge")).toInt());
    QCOMPARE(c.flip ? QStringLiteral("b") : QStringLiteral("a"),
             reference.value(QStringLiteral("owner")).toString());
    QCOMPARE(c.incidentEdge,
             clip.value(QStringLiteral("incident")).toObject().value(QStringLiteral("edge")).toInt());
    dock()->setStep(1);
    QVERIFY2(dock()->explanation().contains(QStringLiteral("The reference edge is %1's edge %2")
                                                .arg(c.flip ? QStringLiteral("B") : QStringLiteral("A"))
                                                .arg(c.referenceEdge)),
             qPrintable(dock()->explanation()));
    // Each plane step: the points before and after, as the CLI.
    for (int p = 0; p < planes.size(); ++p) {
        const QJsonObject plane = planes.at(p).toObject();
        const QJsonArray before = plane.value(QStringLiteral("before")).toArray();
        const QJsonArray after = plane.value(QStringLiteral("after")).toArray();
        QCOMPARE(c.planes[p].beforeCount, int(before.size()));
        QCOMPARE(c.planes[p].afterCount, int(after.size()));
        for (int i = 0; i < after.size(); ++i) {
            QCOMPARE(c.planes[p].after[i].x, vec(after.at(i)).x);
            QCOMPARE(c.planes[p].after[i].y, vec(after.at(i)).y);
        }
        dock()->setStep(2 + p);
        QCOMPARE(w.step(dock()->currentStep()).index, p);
        QVERIFY(dock()->explanation().startsWith(QStringLiteral("Side plane %1").arg(p + 1)));
    }
    // The reference-face test: depths, kept or discarded, each named in the explanation.
    dock()->setStep(2 + int(planes.size()));
    for (int i = 0; i < face.size(); ++i) {
        const QJsonObject point = face.at(i).toObject();
        QCOMPARE(c.points[i].depth, point.value(QStringLiteral("depth")).toDouble());
        QCOMPARE(c.points[i].kept, point.value(QStringLiteral("kept")).toBool());
        VERIFY_SHOWN(dock()->explanation(), QStringLiteral("point %1 at %N m").arg(i + 1),
                     QList<double>{point.value(QStringLiteral("depth")).toDouble()}, true);
    }
    // Final contacts.
    dock()->lastStep();
    const QJsonArray contacts =
        cli.value(QStringLiteral("manifold")).toObject().value(QStringLiteral("points")).toArray();
    QCOMPARE(w.trace().manifold.pointCount, int(contacts.size()));
    QList<double> depths;
    QStringList pattern;
    for (int i = 0; i < contacts.size(); ++i) {
        const double depth = contacts.at(i).toObject().value(QStringLiteral("depth")).toDouble();
        QCOMPARE(w.trace().manifold.points[i].depth, depth);
        depths << depth;
        pattern << QStringLiteral("%N m");
        // The table's contact row writes the same depth.
        QTableWidget* table = dock()->table();
        const int row = table->rowCount() - int(contacts.size()) + i;
        QCOMPARE(table->item(row, 0)->text(), QStringLiteral("Contact %1").arg(i + 1));
        VERIFY_SHOWN(table->item(row, 1)->text(), QStringLiteral(", depth %N m$"), QList<double>{depth},
                     true);
    }
    if (!depths.isEmpty()) {
        VERIFY_SHOWN(dock()->explanation(),
                     QStringLiteral("depth ") + pattern.join(QStringLiteral(" and ")) +
                         QStringLiteral(", normal"),
                     depths, true);
    }
}

void TestWalkthrough::lengthsKeepTwoSignificantDigits_data() {
    QTest::addColumn<double>("metres");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << "0.00";
    QTest::newRow("negative zero") << -0.0 << "0.00";
    QTest::newRow("a metre and more: two decimals") << 1.23456 << "1.23";
    QTest::newRow("large") << 12.345 << "12.35";
    QTest::newRow("0.35") << 0.35 << "0.35";
    QTest::newRow("0.1") << 0.1 << "0.10";
    // circle_vertex_region's depth: rounds to 0.10 at two significant digits, so it is written like 0.1
    // (vertex_on_vertex), not "0.100"
    QTest::newRow("just under 0.1") << 0.09999999 << "0.10";
    QTest::newRow("just under 0.01") << -0.0099999 << "-0.010";
    QTest::newRow("just under a micrometre") << 9.99999e-7 << "0.0000010";
    QTest::newRow("35 mm") << 0.035 << "0.035";
    QTest::newRow("the stack's 6.5 mm") << 0.0065 << "0.0065";
    QTest::newRow("6.5 mm, more digits") << 0.006512345 << "0.0065";
    QTest::newRow("a gap of 20 mm") << -0.02 << "-0.020";
    QTest::newRow("0.5 mm") << 0.0005 << "0.00050";
    QTest::newRow("12 micrometres") << 0.000012 << "0.000012";
    QTest::newRow("1.5 micrometres") << 0.0000015 << "0.0000015";
    QTest::newRow("under a micrometre") << 3.2e-7 << "3.2e-7";
    QTest::newRow("a tiny negative") << -4.56e-12 << "-4.6e-12";
}

// The length convention of the whole walkthrough (explanations, table, canvas labels): metres, two
// decimals from 0.1 m up, two significant digits below.
void TestWalkthrough::lengthsKeepTwoSignificantDigits() {
    QFETCH(double, metres);
    QFETCH(QString, text);
    QCOMPARE(Walkthrough::length(metres), text);
    // Read back, the text is the length to the digits written.
    const ShownNumber n = readNumber(text);
    QVERIFY(n.found);
    QVERIFY(std::abs(n.value - metres) <= n.halfStep * (1.0 + 1e-9));
}

// Methods: one step per method plus the comparison, each manifold equal to the CLI's with that method.
void TestWalkthrough::methodsCompareTheThreeManifolds() {
    const QString file = fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    QVERIFY(m_window->openFile(file));
    dock()->setMode(WalkthroughMode::Methods);
    QVERIFY(dock()->setPair(0, 1));
    const Walkthrough& w = dock()->walkthrough();
    QCOMPARE(w.stepCount(), Walkthrough::kMethodCount + 1);
    QCOMPARE(dock()->table()->rowCount(), Walkthrough::kMethodCount);
    const char* methods[] = {"clipping", "deepest-vertices", "vertex-edge"};
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        QProcess process;
        process.start(QStringLiteral(CONTACTLAB_CLI),
                      {QStringLiteral("collide"), file, QStringLiteral("--a"), QStringLiteral("0"),
                       QStringLiteral("--b"), QStringLiteral("1"), QStringLiteral("--method"),
                       QLatin1String(methods[m])});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const QJsonObject cli = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        const QJsonArray points =
            cli.value(QStringLiteral("manifold")).toObject().value(QStringLiteral("points")).toArray();
        const phys::Manifold& manifold = w.methodTrace(m).manifold;
        QCOMPARE(manifold.pointCount, int(points.size()));
        for (int i = 0; i < points.size(); ++i) {
            const QJsonObject p = points.at(i).toObject();
            QCOMPARE(manifold.points[i].point.x, vec(p.value(QStringLiteral("point"))).x);
            QCOMPARE(manifold.points[i].point.y, vec(p.value(QStringLiteral("point"))).y);
            QCOMPARE(manifold.points[i].depth, p.value(QStringLiteral("depth")).toDouble());
        }
        QCOMPARE(dock()->table()->item(m, 1)->text(), QString::number(points.size()));
        QList<double> depths;
        QStringList pattern;
        for (int i = 0; i < points.size(); ++i) {
            depths << points.at(i).toObject().value(QStringLiteral("depth")).toDouble();
            pattern << QStringLiteral("%N");
        }
        VERIFY_SHOWN(dock()->table()->item(m, 2)->text(),
                     QStringLiteral("^") + pattern.join(QStringLiteral(", ")) + QStringLiteral("$"), depths,
                     true);
        dock()->setStep(m);
        QCOMPARE(w.step(m).kind, WalkthroughStepKind::Method);
        // The method's row is the one selected, its name in the method's colour on the canvas (darkened
        // where that colour reads under 4.5:1 on the table, palette.h readableOn).
        const QModelIndexList selected = dock()->table()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.front().row(), m);
        QCOMPARE(
            dock()->table()->item(m, 0)->foreground().color(),
            readableOn(OverlayPainter::methodColor(m), dock()->table()->palette().color(QPalette::Base)));
    }
    dock()->lastStep();
    QCOMPARE(w.step(dock()->currentStep()).kind, WalkthroughStepKind::MethodsCompare);
    // Side by side: every method's row is selected.
    QCOMPARE(dock()->table()->selectionModel()->selectedRows().size(), Walkthrough::kMethodCount);
}

// Two boxes sunk 6.5 mm into each other (the depth of the stacked boxes in the vertical-stack demo): every
// place the walkthrough writes that depth says 0.0065 m, never 0.01 m: the SAT step of the vertical axis and
// its table row, the MTV, the clipped points, the contacts and their table rows, and the Methods depths.
void TestWalkthrough::smallDepthIsWrittenReadablyEverywhere() {
    const double depth = 0.0065;
    const QString file = writeSunkBoxes(m_dir, depth);
    QVERIFY(!file.isEmpty());
    QVERIFY(m_window->openFile(file));
    const QJsonObject cli = cliCollide(file, 0, 1);
    const QJsonObject mtv =
        cli.value(QStringLiteral("sat")).toObject().value(QStringLiteral("mtv")).toObject();
    const double cliDepth = mtv.value(QStringLiteral("depth")).toDouble();
    QVERIFY(std::abs(cliDepth - depth) < 1e-12);
    const QString written = QStringLiteral("0.0065");

    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    const phys::SatTrace& sat = dock()->walkthrough().trace().sat;
    QVERIFY(!sat.separated);
    dock()->setStep(sat.mtvAxis);
    QVERIFY2(dock()->explanation().contains(QStringLiteral("overlap by %1 m").arg(written)),
             qPrintable(dock()->explanation()));
    QTableWidget* table = dock()->table();
    QCOMPARE(table->item(sat.mtvAxis, 3)->text(), written);
    // The shadows of that axis are written with four decimals: 0.5000 - 0.4935 reads as the overlap.
    QVERIFY2(table->item(sat.mtvAxis, 2)->text().contains(QStringLiteral("0.5000")),
             qPrintable(table->item(sat.mtvAxis, 2)->text()));
    QVERIFY2(table->item(sat.mtvAxis, 2)->text().contains(QStringLiteral("0.4935")),
             qPrintable(table->item(sat.mtvAxis, 2)->text()));
    dock()->lastStep();
    QVERIFY2(dock()->explanation().contains(QStringLiteral("The smallest overlap, %1 m").arg(written)),
             qPrintable(dock()->explanation()));
    QVERIFY2(dock()->explanation().contains(QStringLiteral("moves B by %1 m").arg(written)),
             qPrintable(dock()->explanation()));
    QCOMPARE(table->item(table->rowCount() - 1, 3)->text(), written);

    dock()->setMode(WalkthroughMode::Clipping);
    const phys::ClipTrace& clip = dock()->walkthrough().trace().clip;
    QCOMPARE(clip.pointCount, 2);
    dock()->setStep(dock()->walkthrough().stepCount() - 2); // the reference face
    QVERIFY2(dock()->explanation().contains(
                 QStringLiteral("Kept: point 1 at %1 m, point 2 at %1 m.").arg(written)),
             qPrintable(dock()->explanation()));
    dock()->lastStep();
    QVERIFY2(dock()->explanation().contains(QStringLiteral("2 points, depth %1 m and %1 m").arg(written)),
             qPrintable(dock()->explanation()));
    int contactRows = 0;
    for (int r = 0; r < table->rowCount(); ++r) {
        const QString stage = table->item(r, 0)->text();
        if (stage.startsWith(QLatin1String("Point")) || stage.startsWith(QLatin1String("Contact"))) {
            QVERIFY2(table->item(r, 1)->text().contains(QStringLiteral("depth %1 m").arg(written)),
                     qPrintable(table->item(r, 1)->text()));
            ++contactRows;
        }
    }
    QCOMPARE(contactRows, 4);

    dock()->setMode(WalkthroughMode::Methods);
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("%1, %1").arg(written));
    QVERIFY2(table->item(1, 2)->text().startsWith(written), qPrintable(table->item(1, 2)->text()));
}

void TestWalkthrough::tablesFitTheDefaultDockWidth_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("mode");
    const QString pair = QStringLiteral("tests/fixtures/walkthrough/pair.json");
    const QString circle = QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json");
    const QString separated = QStringLiteral("resources/scenes/catalogue/separated_first_axis.json");
    QTest::newRow("SAT, tilted pair") << pair << int(WalkthroughMode::Sat);
    QTest::newRow("SAT, circle") << circle << int(WalkthroughMode::Sat);
    QTest::newRow("SAT, separated") << separated << int(WalkthroughMode::Sat);
    QTest::newRow("SAT, 6.5 mm deep") << QString() << int(WalkthroughMode::Sat);
    QTest::newRow("Clipping, tilted pair") << pair << int(WalkthroughMode::Clipping);
    QTest::newRow("Clipping, 6.5 mm deep") << QString() << int(WalkthroughMode::Clipping);
    QTest::newRow("Methods, tilted pair") << pair << int(WalkthroughMode::Methods);
}

// At the dock's default width every table fits without a horizontal scroll bar, and no cell is cut or
// elided: each cell's text, wrapped at its column's width, fits the cell (so every number can be read).
void TestWalkthrough::tablesFitTheDefaultDockWidth() {
    QFETCH(QString, scene);
    QFETCH(int, mode);
    const QString file = scene.isEmpty() ? writeSunkBoxes(m_dir, 0.0065) : fixture(scene);
    QVERIFY(m_window->openFile(file));
    dock()->setMode(static_cast<WalkthroughMode>(mode));
    QVERIFY(dock()->setPair(0, 1));
    // Tall enough for every row, then short enough that the table scrolls (480: with one-line rows and the
    // panel's tighter spacing 560 showed the circle's whole table): the vertical scroll bar takes
    // width from the columns, and the table must still fit.
    for (const int height : {900, 480}) {
        m_window->resize(1400, height);
        QApplication::processEvents();
        dock()->lastStep(); // refills the table at this size
        QApplication::processEvents();
        checkTableFits();
        if (QTest::currentTestFailed()) {
            qWarning("window height %d", height);
            return;
        }
    }
    if (mode == int(WalkthroughMode::Sat)) {
        QVERIFY(dock()->table()->verticalScrollBar()->isVisible()); // the short window made it scroll
    }
    // On every step the whole panel fits the dock's width too (no step title or button pushes it wider).
    auto* scroll = qobject_cast<QScrollArea*>(dock()->widget());
    QVERIFY(scroll);
    for (int step = 0; step < dock()->walkthrough().stepCount(); ++step) {
        dock()->setStep(step);
        QApplication::processEvents();
        QVERIFY2(scroll->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("step %1 \"%2\": the panel is %3 px wider than the dock")
                                .arg(step + 1)
                                .arg(dock()->walkthrough().step(step).title)
                                .arg(scroll->horizontalScrollBar()->maximum())));
    }
}

// True when every row of `table` is as tall as QHeaderView's ResizeToContents makes it (QTableView::
// resizeRowsToContents, run here as the oracle; it leaves the heights as they were when they are right).
bool TestWalkthrough::rowHeightsAreQts(QTableWidget* table) {
    std::vector<int> shown;
    for (int r = 0; r < table->rowCount(); ++r) {
        shown.push_back(table->rowHeight(r));
    }
    table->resizeRowsToContents();
    bool same = true;
    for (int r = 0; r < table->rowCount(); ++r) {
        if (table->rowHeight(r) != shown[std::size_t(r)]) {
            qWarning("row %d: %d px shown, %d px by ResizeToContents", r, shown[std::size_t(r)],
                     table->rowHeight(r));
            same = false;
        }
    }
    return same;
}

void TestWalkthrough::checkTableFits() {
    // The default layout: installWalkthrough gives the dock 400 pixels.
    QVERIFY2(dock()->width() <= 400, qPrintable(QString::number(dock()->width())));
    QTableWidget* table = dock()->table();
    QVERIFY(table->rowCount() > 0);
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    QVERIFY(rowHeightsAreQts(table));
    int total = 0;
    for (int col = 0; col < table->columnCount(); ++col) {
        total += table->columnWidth(col);
    }
    QVERIFY2(total <= table->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(total).arg(table->viewport()->width())));
    // QCommonStyle's margin around a cell's text.
    const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    for (int r = 0; r < table->rowCount(); ++r) {
        for (int col = 0; col < table->columnCount(); ++col) {
            const QTableWidgetItem* item = table->item(r, col);
            if (!item || item->text().isEmpty()) {
                continue;
            }
            const QFontMetrics metrics(item->font());
            const int width = table->columnWidth(col) - 2 * margin;
            const QRect needed = metrics.boundingRect(QRect(0, 0, width, 100000),
                                                      Qt::TextWordWrap | Qt::AlignLeft, item->text());
            QVERIFY2(needed.width() <= width && needed.height() <= table->rowHeight(r),
                     qPrintable(QStringLiteral("row %1 column %2 \"%3\": needs %4x%5, has %6x%7")
                                    .arg(r)
                                    .arg(col)
                                    .arg(item->text())
                                    .arg(needed.width())
                                    .arg(needed.height())
                                    .arg(width)
                                    .arg(table->rowHeight(r))));
        }
    }
}

// Page Down / Page Up (and Ctrl+Right / Ctrl+Left) step through the walkthrough from anywhere in the window;
// the buttons do the same and stop at the ends.
void TestWalkthrough::keyboardStepsForwardAndBack() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    QCOMPARE(dock()->currentStep(), 0);
    m_window->canvas()->setFocus();
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageDown);
    QCOMPARE(dock()->currentStep(), 1);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(dock()->currentStep(), 2);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageUp);
    QCOMPARE(dock()->currentStep(), 1);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(dock()->currentStep(), 0);
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_PageUp);
    QCOMPARE(dock()->currentStep(), 0); // stays at the first step
    auto* next = dock()->findChild<QPushButton*>(QStringLiteral("walkthroughNext"));
    QVERIFY(next);
    const int count = dock()->walkthrough().stepCount();
    for (int i = 0; i < count + 3; ++i) {
        if (next->isEnabled()) {
            QTest::mouseClick(next, Qt::LeftButton);
        }
    }
    QCOMPARE(dock()->currentStep(), count - 1);
    QVERIFY(!next->isEnabled());
}

// Review of issue 12, M8: on the vertical stack (ground and box 1), Ctrl+Shift+0 zoomed *out* (20 px/m against
// Ctrl+0's 41) because it framed the whole 12 m ground with wide margins. Pressed on the real window, it now
// zooms in beyond Zoom to Fit, with box 1 (the smaller body, where the contact is) in the view and well away
// from its edges (the ruler's room), and the part of the ground under it.
void TestWalkthrough::framePairZoomsInOnTheContact() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/demos/vertical_stack.json"))));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    m_window->canvas()->setFocus();
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_0, Qt::ControlModifier);
    const double fitted = m_window->canvas()->viewTransform().pixelsPerMetre();
    QTest::keyClick(m_window->canvas()->viewport(), Qt::Key_0, Qt::ControlModifier | Qt::ShiftModifier);
    const ViewTransform& view = m_window->canvas()->viewTransform();
    QVERIFY2(view.pixelsPerMetre() > 1.5 * fitted,
             qPrintable(QStringLiteral("%1 px/m framed, %2 fitted").arg(view.pixelsPerMetre()).arg(fitted)));
    // Box 1 is the unit square on [-0.5, 0.5] x [0, 1]; the ground's top is y = 0.
    const QRectF box(view.toView({-0.5, 1.0}), view.toView({0.5, 0.0}));
    const QRectF viewport(QPointF(0, 0), view.viewSize());
    const double room = std::min(150.0, 0.25 * std::min(viewport.width(), viewport.height()));
    QVERIFY2(viewport.adjusted(room, room, -room, -room).contains(box),
             qPrintable(QStringLiteral("box 1 at %1,%2 %3x%4 in %5x%6")
                            .arg(box.x())
                            .arg(box.y())
                            .arg(box.width())
                            .arg(box.height())
                            .arg(viewport.width())
                            .arg(viewport.height())));
}

// Moving B by an edit (one undo command) recomputes the walkthrough live and keeps the step; undo brings the
// old numbers back, still on the same step.
void TestWalkthrough::stepIsKeptWhenABodyMoves() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    dock()->setStep(2);
    const phys::SatAxis before = dock()->walkthrough().trace().sat.axes[2];
    const QString textBefore = dock()->explanation();
    const BodyKey keyB = m_window->document()->keyAt(1);

    emit m_window->editIntents()->moveBodies({keyB}, phys::Vec2{0.0, 0.05});
    QCOMPARE(m_window->document()->body(keyB).position.y, 1.05 + 0.05);
    QCOMPARE(dock()->currentStep(), 2);
    const phys::SatAxis after = dock()->walkthrough().trace().sat.axes[2];
    QCOMPARE(after.edge, before.edge);
    // B moved by 0.05 m up; the axis is A's edge-2 normal, so B's shadow moves by 0.05 * n.y.
    QVERIFY(std::abs((after.minB - before.minB) - 0.05 * after.normal.y) < 1e-12);
    QVERIFY(after.overlap < before.overlap);
    QVERIFY(dock()->explanation() != textBefore);
    VERIFY_SHOWN(dock()->explanation(), QStringLiteral("overlap by %N m"), QList<double>{after.overlap},
                 true);

    m_window->document()->undoStack()->undo();
    QCOMPARE(dock()->currentStep(), 2);
    QCOMPARE(dock()->walkthrough().trace().sat.axes[2].overlap, before.overlap);
    QCOMPARE(dock()->explanation(), textBefore);
}

// The document is the one truth during a drag: a vertex of B dragged with the mouse (edit-vertices tool) out
// of the plank turns the overlap into a gap, and after EVERY mouse move, before the release, the table, the
// text, the canvas overlay's walkthrough and the Inspector's vertex table show the numbers of the body as it
// is under the mouse (a walkthrough built afresh from the document). Then one undo takes the whole drag back.
// A body dragged with the select tool does the same.
void TestWalkthrough::walkthroughFollowsEveryMoveOfADrag() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"))));
    Document* document = m_window->document();
    SceneCanvas* canvas = m_window->canvas();
    canvas->setViewTransform(ViewTransform(100.0, phys::Vec2{0.6, 0.8}, QSizeF()));
    dock()->setMode(WalkthroughMode::Sat);
    QVERIFY(dock()->setPair(0, 1));
    dock()->lastStep(); // the result: the MTV, then the separating axis
    const int resultStep = dock()->currentStep();
    const BodyKey keyB = document->keyAt(1);
    QVERIFY(!dock()->walkthrough().trace().separated);

    auto* toolbar = m_window->findChild<ToolsToolbar*>();
    QVERIFY(toolbar);
    canvas->setSelection({keyB});
    toolbar->setCurrentTool(toolbar->editVerticesTool());
    auto* vertices = m_window->findChild<QTableWidget*>(QStringLiteral("shape0Vertices"));
    QVERIFY(vertices);

    // What every view must show for the document as it is now.
    auto checkViews = [&](const char* where, bool* separated) {
        const phys::BodyDef& a = document->body(document->keyAt(0));
        const phys::BodyDef& b = document->body(keyB);
        const Walkthrough fresh = Walkthrough::build(WalkthroughMode::Sat, a, b);
        const Walkthrough& shown = dock()->walkthrough();
        QVERIFY2(shown.stepCount() == fresh.stepCount(), where);
        QVERIFY2(dock()->currentStep() == std::min(resultStep, fresh.stepCount() - 1), where);
        QVERIFY2(dock()->explanation() == fresh.step(dock()->currentStep()).explanation, where);
        // Table: every axis row's shadows and overlap, and the result row's depth.
        QTableWidget* table = dock()->table();
        QVERIFY2(table->rowCount() == fresh.trace().sat.axisCount + 1, where);
        for (int k = 0; k < fresh.trace().sat.axisCount; ++k) {
            const phys::SatAxis& axis = fresh.trace().sat.axes[k];
            QVERIFY2(table->item(k, 2)->text() ==
                         QStringLiteral("A %1\nB %2")
                             .arg(Walkthrough::axisShadow(axis, false, fresh.tableDecimals()),
                                  Walkthrough::axisShadow(axis, true, fresh.tableDecimals())),
                     where);
            QVERIFY2(
                table->item(k, 3)->text().startsWith(Walkthrough::axisOverlap(axis, fresh.tableDecimals())),
                where);
        }
        // Row heights as Qt's ResizeToContents measures them (the dock reuses heights of rows of the same
        // shape instead of measuring every cell on each move), and the current step's rows selected.
        QVERIFY2(rowHeightsAreQts(table), where);
        for (int r = 0; r < table->rowCount(); ++r) {
            const bool current = fresh.table().isCurrent(std::size_t(r), dock()->currentStep());
            QVERIFY2(table->selectionModel()->isRowSelected(r) == current, where);
        }
        // The canvas overlay draws the dock's walkthrough, at the dock's step.
        QVERIFY2(dock()->overlay()->walkthrough() == &shown &&
                     dock()->overlay()->step() == dock()->currentStep(),
                 where);
        QVERIFY2(shown.bodyB().shapes[0].geometry.index() == b.shapes[0].geometry.index(), where);
        const auto& shownPolygon = std::get<phys::Polygon>(shown.bodyB().shapes[0].geometry);
        const auto& docPolygon = std::get<phys::Polygon>(b.shapes[0].geometry);
        for (int i = 0; i < docPolygon.count(); ++i) {
            QVERIFY2(shownPolygon.vertex(i) == docPolygon.vertex(i), where);
            // The Inspector's vertex table too (written with its own decimals).
            const double x = vertices->item(i, 0)->text().toDouble();
            const double y = vertices->item(i, 1)->text().toDouble();
            QVERIFY2(std::abs(x - docPolygon.vertex(i).x) < 1e-3 &&
                         std::abs(y - docPolygon.vertex(i).y) < 1e-3,
                     where);
        }
        if (separated) {
            *separated = fresh.trace().separated;
        }
    };

    // B's vertex 0 is its lowest corner, deep in the plank: drag it straight up by 0.5 m in ten moves.
    const phys::BodyDef startB = document->body(keyB);
    const phys::Vec2 v0 = phys::transformPoint(phys::Transform{startB.position, phys::Rot(startB.angle)},
                                               std::get<phys::Polygon>(startB.shapes[0].geometry).vertex(0));
    const QPoint from = canvas->worldToViewport(v0).toPoint();
    QTest::mousePress(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, from);
    bool sawOverlap = false;
    bool sawGap = false;
    for (int i = 1; i <= 10; ++i) {
        QTest::mouseMove(canvas->viewport(), from + QPoint(0, -5 * i));
        const QByteArray where = QByteArray("after move ") + QByteArray::number(i);
        QVERIFY2(!(document->body(keyB).shapes[0].geometry.index() == startB.shapes[0].geometry.index() &&
                   std::get<phys::Polygon>(document->body(keyB).shapes[0].geometry).vertex(0) ==
                       std::get<phys::Polygon>(startB.shapes[0].geometry).vertex(0)),
                 where.constData()); // the document moved with the mouse, before any release
        bool separated = false;
        checkViews(where.constData(), &separated);
        if (QTest::currentTestFailed()) {
            return;
        }
        (separated ? sawGap : sawOverlap) = true;
        QCOMPARE(document->undoStack()->count(), 1);
    }
    QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, from + QPoint(0, -50));
    // The lesson of the drag: the overlap became a gap on the way, and the table said so at each move.
    QVERIFY(sawOverlap);
    QVERIFY(sawGap);
    QVERIFY(dock()->table()->item(dock()->table()->rowCount() - 1, 0) != nullptr);
    QCOMPARE(document->undoStack()->count(), 1);
    document->undoStack()->undo();
    QVERIFY(sameBody(document->body(keyB), startB));
    checkViews("after undo", nullptr);

    // The select tool: B dragged up by 0.4 m in four moves; the walkthrough's B is where the document's is.
    toolbar->setCurrentTool(toolbar->selectTool());
    const QPoint centre = canvas->worldToViewport(startB.position).toPoint();
    QTest::mousePress(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, centre);
    for (int i = 1; i <= 4; ++i) {
        QTest::mouseMove(canvas->viewport(), centre + QPoint(0, -10 * i));
        QCOMPARE(dock()->walkthrough().bodyB().position, document->body(keyB).position);
        QVERIFY(std::abs(document->body(keyB).position.y - (startB.position.y + 0.1 * i)) < 0.011);
        checkViews("select drag", nullptr);
    }
    QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, centre + QPoint(0, -40));
    QCOMPARE(document->undoStack()->count(), 1);
}

// Selecting two bodies on the canvas picks them as A and B, in selection order.
void TestWalkthrough::selectingTwoBodiesPicksThePair() {
    QVERIFY(m_window->openFile(fixture(QStringLiteral("resources/scenes/stack.json"))));
    Document* document = m_window->document();
    QVERIFY(document->bodyCount() >= 4);
    m_window->canvas()->setSelection({document->keyAt(3), document->keyAt(2)});
    QCOMPARE(dock()->indexA(), 3);
    QCOMPARE(dock()->indexB(), 2);
    QVERIFY(dock()->walkthrough().isValid());
    QCOMPARE(dock()->walkthrough().bodyA().name, document->body(document->keyAt(3)).name);
    auto* comboA = dock()->findChild<QComboBox*>(QStringLiteral("walkthroughBodyA"));
    QVERIFY(comboA);
    QCOMPARE(comboA->currentIndex(), 3);
    // One selected body leaves the pair alone.
    m_window->canvas()->setSelection({document->keyAt(0)});
    QCOMPARE(dock()->indexA(), 3);
    // The combo boxes pick too.
    comboA->setCurrentIndex(0);
    QCOMPARE(dock()->indexA(), 0);
    QCOMPARE(dock()->walkthrough().bodyA().name, document->body(document->keyAt(0)).name);
}

// View > Overlays toggles reach the canvas overlay and are remembered.
void TestWalkthrough::overlayTogglesReachTheCanvasOverlay() {
    QAction* normals = m_window->findChild<QAction*>(QStringLiteral("actionOverlayNormals"));
    QAction* aabbs = m_window->findChild<QAction*>(QStringLiteral("actionOverlayAabbs"));
    QVERIFY(normals && aabbs);
    const bool was = normals->isChecked();
    normals->trigger();
    QCOMPARE(dock()->overlay()->options().normals, !was);
    QCOMPARE(QSettings().value(QStringLiteral("view/overlayNormals")).toBool(), !was);
    normals->trigger();
    QCOMPARE(dock()->overlay()->options().normals, was);
    aabbs->setChecked(true);
    QVERIFY(dock()->overlay()->options().aabbs);
}

// With fewer than two bodies the dock says what to draw: two shapes in an empty scene, a second one next to
// a lone body (the review's "draw a second shape" shown with zero bodies).
void TestWalkthrough::missingBodiesAskForWhatIsMissing() {
    const auto loaded = loadSceneFile(fixture(QStringLiteral("resources/scenes/catalogue/two_circles.json")));
    QVERIFY(std::holds_alternative<Scene>(loaded));
    Scene one = std::get<Scene>(loaded);
    one.def.bodies.resize(1);
    const QString file = m_dir.filePath(QStringLiteral("one_body.json"));
    QVERIFY(saveSceneFile(one, file).isEmpty());
    QVERIFY(m_window->openFile(file));
    QCOMPARE(m_window->document()->bodyCount(), 1);
    QCOMPARE(dock()->explanation(), QStringLiteral("The walkthrough needs two bodies: draw a second shape."));
    // The second shape drawn: the walkthrough takes the pair at once (review v12b: it kept saying "Pick two
    // bodies" until the user picked them by hand).
    phys::BodyDef second = std::get<Scene>(loaded).def.bodies[1];
    m_window->document()->insertBody(1, second);
    QCOMPARE(dock()->indexA(), 0);
    QCOMPARE(dock()->indexB(), 1);
    QVERIFY(dock()->walkthrough().isValid());
    QCOMPARE(dock()->currentStep(), 0);
    QVERIFY(!dock()->explanation().contains(QStringLiteral("Pick two")));
    m_window->document()->removeBody(m_window->document()->keyAt(1));

    m_window->fileController()->setUnsavedAsker([](const QString&) { return UnsavedChoice::Discard; });
    QAction* newAction = m_window->findChild<QAction*>(QStringLiteral("actionNew"));
    QVERIFY(newAction);
    newAction->trigger();
    QCOMPARE(m_window->document()->bodyCount(), 0);
    QCOMPARE(dock()->explanation(), QStringLiteral("The walkthrough needs two bodies: draw two shapes."));
}

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
