/// @file tst_cli_render.cpp
/// `contactlab-cli render` as a user runs it (the real executable through QProcess): the PNG has the
/// requested size and the bodies' colours, the SVG is valid XML, --steps moves the bodies, overlays draw, and
/// the exit codes are 0 (ok), 1 (cannot write), 2 (usage) and 3 (invalid scene).

#include "cli_test_util.h"

#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

using cltest::Run;
using cltest::runCli;

QString fixture(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

/// How many pixels of the image have exactly this colour.
int countColor(const QImage& image, QRgb color) {
    int n = 0;
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < argb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x) {
            n += line[x] == color ? 1 : 0;
        }
    }
    return n;
}

// The palette's first two fills (bodies 0 and 1, dynamic) and the walkthrough's colour of A
// (widgets/scene_renderer.cpp, widgets/overlay.cpp).
constexpr QRgb kFillBody0 = 0xff8fb9e6;
constexpr QRgb kFillBody1 = 0xfff7b978;
constexpr QRgb kColorA = 0xff1c64d2;

} // namespace

class TestCliRender : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void pngHasTheRequestedSize_data();
    void pngHasTheRequestedSize();
    void pngShowsTheBodiesAndTheOverlays();
    void stepsMoveTheBodies();
    void svgIsValidXml();
    void exitCodes_data();
    void exitCodes();

private:
    QTemporaryDir m_dir;
};

void TestCliRender::pngHasTheRequestedSize_data() {
    QTest::addColumn<QStringList>("sizeArgs");
    QTest::addColumn<QSize>("expected");
    QTest::newRow("default") << QStringList{} << QSize(1280, 800);
    QTest::newRow("640x480") << QStringList{QStringLiteral("--size"), QStringLiteral("640x480")}
                             << QSize(640, 480);
    QTest::newRow("tall") << QStringList{QStringLiteral("--size"), QStringLiteral("300X900")}
                          << QSize(300, 900);
}

void TestCliRender::pngHasTheRequestedSize() {
    QFETCH(QStringList, sizeArgs);
    QFETCH(QSize, expected);
    const QString out = m_dir.filePath(QStringLiteral("size_%1.png").arg(QTest::currentDataTag()));
    const Run run =
        runCli(QStringList{QStringLiteral("render"), fixture(QStringLiteral("resources/scenes/shapes.json")),
                           QStringLiteral("--out"), out} +
               sizeArgs);
    QCOMPARE(run.exitCode, 0);
    const QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), expected);
}

// The two bodies' fills cover a good part of the picture; the sat overlay adds A's walkthrough colour.
void TestCliRender::pngShowsTheBodiesAndTheOverlays() {
    const QString plain = m_dir.filePath(QStringLiteral("plain.png"));
    const QString overlay = m_dir.filePath(QStringLiteral("overlay.png"));
    const QString scene = fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    QCOMPARE(runCli({QStringLiteral("render"), scene, QStringLiteral("--out"), plain,
                     QStringLiteral("--size"), QStringLiteral("400x300")})
                 .exitCode,
             0);
    QCOMPARE(
        runCli({QStringLiteral("render"), scene, QStringLiteral("--out"), overlay, QStringLiteral("--size"),
                QStringLiteral("400x300"), QStringLiteral("--overlay"), QStringLiteral("sat,clip,normals")})
            .exitCode,
        0);
    const QImage a(plain);
    const QImage b(overlay);
    QVERIFY(countColor(a, kFillBody0) > 400 * 300 / 20);
    QVERIFY(countColor(a, kFillBody1) > 400 * 300 / 50);
    QCOMPARE(countColor(a, kColorA), 0);
    QVERIFY(countColor(b, kColorA) > 50);
    QVERIFY(a != b);
}

// Bodies fall under gravity: after --steps 60 the picture differs from the one at step 0, and a second run
// gives the same picture (deterministic).
void TestCliRender::stepsMoveTheBodies() {
    const QString scene = fixture(QStringLiteral("resources/scenes/shapes.json"));
    const QString start = m_dir.filePath(QStringLiteral("start.png"));
    const QString later = m_dir.filePath(QStringLiteral("later.png"));
    const QString again = m_dir.filePath(QStringLiteral("again.png"));
    QCOMPARE(runCli({QStringLiteral("render"), scene, QStringLiteral("--out"), start}).exitCode, 0);
    const Run run = runCli({QStringLiteral("render"), scene, QStringLiteral("--out"), later,
                            QStringLiteral("--steps"), QStringLiteral("60")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QStringLiteral("after 60 steps")));
    QCOMPARE(runCli({QStringLiteral("render"), scene, QStringLiteral("--out"), again,
                     QStringLiteral("--steps"), QStringLiteral("60")})
                 .exitCode,
             0);
    QVERIFY(QImage(start) != QImage(later));
    QCOMPARE(QImage(later), QImage(again));
}

void TestCliRender::svgIsValidXml() {
    const QString out = m_dir.filePath(QStringLiteral("scene.svg"));
    QCOMPARE(
        runCli({QStringLiteral("render"), fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json")),
                QStringLiteral("--out"), out, QStringLiteral("--size"), QStringLiteral("500x400"),
                QStringLiteral("--overlay"), QStringLiteral("clip,aabb")})
            .exitCode,
        0);
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString viewBox;
    int paths = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("svg")) {
            viewBox = xml.attributes().value(QStringLiteral("viewBox")).toString();
        }
        if (xml.isStartElement() && xml.name() == QLatin1String("path")) {
            ++paths;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(viewBox.simplified(), QStringLiteral("0 0 500 400"));
    QVERIFY(paths >= 2);
}

void TestCliRender::exitCodes_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    const QString good = fixture(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    const QString out = QStringLiteral("@OUT@");
    QTest::newRow("help") << QStringList{QStringLiteral("render"), QStringLiteral("--help")} << 0;
    QTest::newRow("no scene") << QStringList{QStringLiteral("render"), QStringLiteral("--out"), out} << 2;
    QTest::newRow("no out") << QStringList{QStringLiteral("render"), good} << 2;
    QTest::newRow("bad suffix") << QStringList{QStringLiteral("render"), good, QStringLiteral("--out"),
                                               QStringLiteral("x.jpg")}
                                << 2;
    QTest::newRow("bad size") << QStringList{QStringLiteral("render"), good,
                                             QStringLiteral("--out"),  out,
                                             QStringLiteral("--size"), QStringLiteral("12by5")}
                              << 2;
    QTest::newRow("zero size") << QStringList{QStringLiteral("render"), good,
                                              QStringLiteral("--out"),  out,
                                              QStringLiteral("--size"), QStringLiteral("0x0")}
                               << 2;
    QTest::newRow("bad steps") << QStringList{QStringLiteral("render"),  good,
                                              QStringLiteral("--out"),   out,
                                              QStringLiteral("--steps"), QStringLiteral("-3")}
                               << 2;
    QTest::newRow("bad overlay") << QStringList{QStringLiteral("render"),    good,
                                                QStringLiteral("--out"),     out,
                                                QStringLiteral("--overlay"), QStringLiteral("sat,sparkles")}
                                 << 2;
    QTest::newRow("same body twice") << QStringList{QStringLiteral("render"),    good,
                                                    QStringLiteral("--out"),     out,
                                                    QStringLiteral("--overlay"), QStringLiteral("sat"),
                                                    QStringLiteral("--a"),       QStringLiteral("1"),
                                                    QStringLiteral("--b"),       QStringLiteral("1")}
                                     << 2;
    QTest::newRow("body out of range") << QStringList{QStringLiteral("render"),    good,
                                                      QStringLiteral("--out"),     out,
                                                      QStringLiteral("--overlay"), QStringLiteral("clip"),
                                                      QStringLiteral("--b"),       QStringLiteral("7")}
                                       << 2;
    QTest::newRow("unknown option") << QStringList{QStringLiteral("render"),   good,
                                                   QStringLiteral("--out"),    out,
                                                   QStringLiteral("--colour"), QStringLiteral("red")}
                                    << 2;
    QTest::newRow("missing scene file")
        << QStringList{QStringLiteral("render"), fixture(QStringLiteral("nope.json")),
                       QStringLiteral("--out"), out}
        << 3;
    QTest::newRow("invalid scene") << QStringList{QStringLiteral("render"),
                                                  fixture(QStringLiteral(
                                                      "tests/fixtures/bad/coordinate_huge.json")),
                                                  QStringLiteral("--out"), out}
                                   << 3;
    QTest::newRow("unwritable") << QStringList{QStringLiteral("render"), good, QStringLiteral("--out"),
                                               QStringLiteral("/nonexistent-dir/x.png")}
                                << 1;
    QTest::newRow("ok, with a pair") << QStringList{QStringLiteral("render"),    good,
                                                    QStringLiteral("--out"),     out,
                                                    QStringLiteral("--overlay"), QStringLiteral("sat"),
                                                    QStringLiteral("--a"),       QStringLiteral("1"),
                                                    QStringLiteral("--b"),       QStringLiteral("0")}
                                     << 0;
}

// Exit codes; no file is left behind when the command fails.
void TestCliRender::exitCodes() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    const QString out =
        m_dir.filePath(QStringLiteral("exit_%1.png").arg(QTest::currentDataTag()).replace(' ', '_'));
    args.replaceInStrings(QStringLiteral("@OUT@"), out);
    const Run run = runCli(args);
    QVERIFY2(run.exitCode == code,
             qPrintable(QStringLiteral("exit %1, stderr: %2").arg(run.exitCode).arg(run.err)));
    if (code != 0) {
        QVERIFY(!run.err.isEmpty());
        QVERIFY(!QFile::exists(out));
    } else if (args.contains(out)) {
        QVERIFY(!QImage(out).isNull());
    }
}

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
