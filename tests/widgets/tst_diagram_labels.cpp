/// @file tst_diagram_labels.cpp
/// The words of the GJK, EPA and Voronoi panes never overlap (issue 12 review, M3: mid-drag, "support B" and
/// "support A" on two close dots ran together as "support Bsupport A"). Every step of every pane of the
/// lesson pair, of the box turned through a drag's worth of angles, and of the catalogue scenes is painted by
/// the real pane (GjkView, which draws with paintDiagram); the placed words may not overlap each other, cover
/// another point's dot, or leave the pane.

#include "gjk_steps.h"
#include "gjk_view.h"
#include "label_layout.h"
#include "scene_io.h"

#include <QDir>
#include <QImage>
#include <QTest>

#include <cmath>
#include <variant>

using namespace cl;

namespace {

phys::SceneDef load(const QString& path) {
    const auto loaded = loadSceneFile(path);
    if (!std::holds_alternative<Scene>(loaded)) {
        qFatal("cannot load %s", qPrintable(path));
    }
    return std::get<Scene>(loaded).def;
}

/// Paints `items` in a pane of `size` and returns why its words fail (empty when they are clear).
QString checkPane(const std::vector<DiagramItem>& items, bool origin, QSize size, int& words) {
    GjkView view;
    view.resize(size);
    view.setShowOrigin(origin);
    view.setItems(items);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    view.render(&image);
    const std::vector<PlacedLabel>& labels = view.lastLabels();
    words += int(labels.size());
    if (qEnvironmentVariableIsSet("DIAG_DEBUG")) {
        int texts = 0;
        for (const DiagramItem& item : items) {
            texts += item.text.isEmpty() ? 0 : 1;
        }
        qInfo("%d items, %d texts, %d placed", int(items.size()), texts, int(labels.size()));
    }
    const QRectF bounds(QPointF(0, 0), QSizeF(size));
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const PlacedLabel& a = labels[i];
        if (!bounds.contains(a.rect)) {
            return QStringLiteral("\"%1\" leaves the pane").arg(a.request.text);
        }
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            if (a.rect.intersects(labels[j].rect)) {
                return QStringLiteral("\"%1\" and \"%2\" overlap")
                    .arg(a.request.text, labels[j].request.text);
            }
        }
        for (const DiagramItem& item : items) {
            if (item.kind != DiagramItem::Kind::Point || item.points.empty()) {
                continue;
            }
            const QPointF dot = view.toPixel(item.points[0]);
            if ((dot - a.request.anchor).manhattanLength() < 1e-6) {
                continue; // its own dot
            }
            if (a.textRect.intersects(QRectF(dot - QPointF(3.5, 3.5), QSizeF(7, 7)))) {
                return QStringLiteral("\"%1\" covers the dot of \"%2\"").arg(a.request.text, item.text);
            }
        }
    }
    return {};
}

QString checkPair(const phys::BodyDef& a, const phys::BodyDef& b, int& panes, int& words) {
    for (const GjkSteps::Tab tab : {GjkSteps::Tab::Gjk, GjkSteps::Tab::Epa, GjkSteps::Tab::Voronoi}) {
        const GjkSteps steps = GjkSteps::pair(tab, a, b);
        for (std::size_t s = 0; s < steps.steps().size(); ++s) {
            const GjkStep& step = steps.steps()[s];
            // The dock's panes at 1280x800 (about 300 x 220) and a larger one.
            for (const QSize size : {QSize(300, 220), QSize(420, 320)}) {
                for (const auto& [items, origin] :
                     {std::pair{&step.world, false}, std::pair{&step.second, true}}) {
                    if (items->empty()) {
                        continue;
                    }
                    ++panes;
                    const QString why = checkPane(*items, origin, size, words);
                    if (!why.isEmpty()) {
                        return QStringLiteral("tab %1, step %2 (%3), %4 pane %5x%6: %7")
                            .arg(int(tab))
                            .arg(s)
                            .arg(step.title)
                            .arg(origin ? QStringLiteral("second") : QStringLiteral("world"))
                            .arg(size.width())
                            .arg(size.height())
                            .arg(why);
                    }
                }
            }
        }
    }
    return {};
}

} // namespace

class TestDiagramLabels : public QObject {
    Q_OBJECT

private slots:
    void lessonPairThroughADrag();
    void catalogueScenes();
};

// pair.json's box turned and moved in small steps, as a drag does: the supports of A and B come close.
void TestDiagramLabels::lessonPairThroughADrag() {
    const phys::SceneDef scene =
        load(QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/pair.json"));
    int panes = 0, words = 0;
    for (int i = 0; i < 24; ++i) {
        phys::BodyDef box = scene.bodies[1];
        box.angle += 0.07 * i;
        box.position = box.position + phys::Vec2{0.05 * (i % 6) - 0.1, -0.04 * (i % 4)};
        const QString why = checkPair(scene.bodies[0], box, panes, words);
        QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("pose %1: %2").arg(i).arg(why)));
    }
    qInfo("%d panes, %d words", panes, words);
    QVERIFY(words > 100);
}

void TestDiagramLabels::catalogueScenes() {
    const QDir dir(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/catalogue"));
    int panes = 0, words = 0;
    for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const phys::SceneDef scene = load(dir.filePath(f));
        const QString why = checkPair(scene.bodies[0], scene.bodies[1], panes, words);
        QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(f, why)));
    }
    qInfo("%d panes, %d words", panes, words);
    QVERIFY(words > 50);
}

QTEST_MAIN(TestDiagramLabels)
#include "tst_diagram_labels.moc"
