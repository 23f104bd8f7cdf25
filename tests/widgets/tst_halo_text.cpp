/// @file tst_halo_text.cpp
/// The image cache of halo text (widgets/halo_text.h) draws what the outline itself draws: the same label
/// drawn on a raster image (through the cache) and through a QPicture (a non-raster engine, which draws the
/// outline, then replayed on an image) differ by at most a rounding step per channel, at whole-pixel baselines,
/// for several fonts, colours, halo widths and device pixel ratios; and a second draw (from the cache) gives
/// the first one's pixels.

#include "halo_text.h"

#include <QFont>
#include <QImage>
#include <QPainter>
#include <QPicture>
#include <QTest>

#include <cstdlib>

namespace {

QImage blank(QSize size, double ratio) {
    QImage image(size * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(QColor(0xfb, 0xfb, 0xfd));
    return image;
}

/// The largest difference of any channel of any pixel.
int largestDifference(const QImage& a, const QImage& b) {
    int largest = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            largest = std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
        }
    }
    return largest;
}

} // namespace

class TestHaloText : public QObject {
    Q_OBJECT

private slots:
    void cachedEqualsOutline_data();
    void cachedEqualsOutline();
};

void TestHaloText::cachedEqualsOutline_data() {
    QTest::addColumn<int>("pixels");
    QTest::addColumn<bool>("bold");
    QTest::addColumn<double>("halo");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<QString>("text");
    QTest::newRow("name") << 12 << true << 3.0 << 1.0 << QStringLiteral("big ball");
    QTest::newRow("overlap") << 13 << true << 3.5 << 1.0 << QStringLiteral("overlap 2.23 m");
    QTest::newRow("presentation") << 21 << false << 5.6 << 1.0 << QStringLiteral("-0.17 m, discarded");
    QTest::newRow("high dpi") << 12 << true << 3.0 << 2.0 << QStringLiteral("edge 1");
}

void TestHaloText::cachedEqualsOutline() {
    QFETCH(int, pixels);
    QFETCH(bool, bold);
    QFETCH(double, halo);
    QFETCH(double, ratio);
    QFETCH(QString, text);
    QFont font;
    font.setPixelSize(pixels);
    font.setWeight(bold ? QFont::DemiBold : QFont::Normal);
    const QColor fill(0x1c, 0x64, 0xd2);
    const QColor haloColour(255, 255, 255, 230);
    const QSize size(220, 60);
    const QPointF baseline(17.0, 38.0);

    QImage cached = blank(size, ratio);
    {
        QPainter p(&cached);
        cl::drawHaloText(p, baseline, font, text, fill, haloColour, halo);
    }
    QImage again = blank(size, ratio);
    {
        QPainter p(&again);
        p.translate(5.0, 0.0); // a translation: still the cache, the same pixels moved
        cl::drawHaloText(p, baseline - QPointF(5.0, 0.0), font, text, fill, haloColour, halo);
    }
    QPicture picture;
    {
        QPainter p(&picture);
        cl::drawHaloText(p, baseline, font, text, fill, haloColour, halo);
    }
    QImage outline = blank(size, ratio);
    {
        QPainter p(&outline);
        p.drawPicture(0, 0, picture);
    }
    QVERIFY2(cached != blank(size, ratio), "the label drew something");
    QCOMPARE(largestDifference(cached, again), 0);
    const int difference = largestDifference(cached, outline);
    QVERIFY2(difference <= 3, qPrintable(QString::number(difference)));
}

QTEST_MAIN(TestHaloText)
#include "tst_halo_text.moc"
