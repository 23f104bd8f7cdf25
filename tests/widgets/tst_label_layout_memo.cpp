/// @file tst_label_layout_memo.cpp
/// The label layout's memo (widgets/label_layout.h, LabelLayoutMemo) gives exactly the placement a fresh
/// search gives. Seeded random pictures (obstacles, convex bodies, marks, avoid areas, lines of every kind,
/// labels, body names on leaders with a reach, optional labels, a pair's badges with their bodies, a fixed
/// legend, at the normal and the presentation scale) are laid out once with the memo; then, move after move
/// as in a drag, one body and the labels that name it move by a few pixels (and one obstacle, avoid area,
/// mark and line each), and each layout made with the memo must equal, label for label and bit for bit,
/// the layout made without it. A picture laid out twice unchanged is answered from
/// the memo for every label, and the moves are answered from it for most labels (so the test is not met by
/// a memo that never answers).

#include "label_layout.h"

#include <QApplication>
#include <QTest>

#include <cmath>
#include <random>

using namespace cl;

namespace {

struct Picture {
    QRectF bounds;
    double scale = 1.0;
    std::vector<QRectF> obstacles;
    std::vector<QPolygonF> shapes;
    std::vector<QRectF> avoid;
    std::vector<int> avoidOwner; ///< per avoid area: the shape it covers
    std::vector<std::pair<QPointF, double>> marks;
    std::vector<DrawnLine> lines; ///< widths before the scale
    std::vector<LabelRequest> requests;
    std::vector<int> owner; ///< per request: the shape it names (-1: none)

    LabelLayout layout() const {
        LabelLayout l(bounds, scale);
        for (const QRectF& r : obstacles) {
            l.addObstacle(r);
        }
        for (const QPolygonF& p : shapes) {
            l.addObstacleShape(p);
        }
        for (const QRectF& r : avoid) {
            l.addAvoidArea(r);
        }
        for (const auto& [p, radius] : marks) {
            l.addMark(p, radius);
        }
        for (const DrawnLine& d : lines) {
            l.addLine(d.from, d.to, d.width, d.kind);
        }
        for (const LabelRequest& r : requests) {
            l.add(r);
        }
        return l;
    }
};

QPolygonF regularPolygon(QPointF centre, double radius, int sides, double turn) {
    QPolygonF p;
    for (int i = 0; i < sides; ++i) {
        const double a = turn + 2.0 * 3.14159265358979 * i / sides;
        p << centre + radius * QPointF(std::cos(a), std::sin(a));
    }
    return p;
}

Picture randomPicture(std::mt19937& rng) {
    std::uniform_real_distribution<double> ux(0.0, 640.0), uy(0.0, 480.0), unit(0.0, 1.0);
    Picture p;
    p.bounds = QRectF(0, 0, 640, 480);
    p.scale = unit(rng) < 0.7 ? 1.0 : 1.6;
    const int bodies = 6 + int(unit(rng) * 30);
    for (int b = 0; b < bodies; ++b) {
        const QPointF c(ux(rng), uy(rng));
        const double radius = 8.0 + 40.0 * unit(rng);
        p.shapes.push_back(regularPolygon(c, radius, 3 + int(unit(rng) * 6), unit(rng) * 6.0));
        if (unit(rng) < 0.5) {
            p.avoid.push_back(p.shapes.back().boundingRect());
            p.avoidOwner.push_back(b);
        }
        LabelRequest name;
        name.anchor = c + QPointF(radius, 0.0);
        name.text = QStringLiteral("b%1").arg(b);
        name.direction = QPointF(unit(rng) - 0.5, unit(rng) - 0.5);
        name.alwaysLeader = true;
        name.maxDistance = 120.0;
        name.priority = 70;
        name.tag = b;
        name.bold = false;
        p.requests.push_back(name);
        p.owner.push_back(b);
    }
    for (int i = 0; i < 4 + int(unit(rng) * 10); ++i) {
        p.obstacles.emplace_back(ux(rng), uy(rng), 20.0 + 40.0 * unit(rng), 12.0 + 6.0 * unit(rng));
    }
    for (int i = 0; i < int(unit(rng) * 12); ++i) {
        p.marks.emplace_back(QPointF(ux(rng), uy(rng)), 2.0 + 4.0 * unit(rng));
    }
    const LineKind kinds[] = {LineKind::Line, LineKind::Arrow, LineKind::Handle, LineKind::Outline,
                              LineKind::WorldAxis};
    for (int i = 0; i < 3 + int(unit(rng) * 20); ++i) {
        const QPointF a(ux(rng), uy(rng));
        p.lines.push_back({a, a + QPointF(200.0 * (unit(rng) - 0.5), 200.0 * (unit(rng) - 0.5)),
                           1.0 + 8.0 * unit(rng), kinds[int(unit(rng) * 5) % 5]});
    }
    // The step's labels: some name a body (and move with it), some are optional, one is a fixed legend.
    for (int i = 0; i < 4 + int(unit(rng) * 16); ++i) {
        LabelRequest r;
        const int body = int(unit(rng) * bodies) % bodies;
        const bool onBody = unit(rng) < 0.6;
        r.anchor = onBody ? p.shapes[std::size_t(body)].boundingRect().center() : QPointF(ux(rng), uy(rng));
        r.text = unit(rng) < 0.5 ? QStringLiteral("edge %1").arg(i) : QStringLiteral("overlap 0.%1 m").arg(i);
        r.direction = QPointF(unit(rng) - 0.5, unit(rng) - 0.5);
        r.priority = int(unit(rng) * 100);
        r.optional = unit(rng) < 0.3;
        r.leaderAllowed = unit(rng) < 0.85;
        r.maxDistance = unit(rng) < 0.2 ? 60.0 : 0.0;
        r.fontPixels = unit(rng) < 0.5 ? 13.0 : 11.0;
        p.requests.push_back(r);
        p.owner.push_back(onBody ? body : -1);
    }
    // A pair's badges: named by their place, inside their body or beside it (LabelRequest::home).
    for (const QString& text : {QStringLiteral("A"), QStringLiteral("B")}) {
        const int body = int(unit(rng) * bodies) % bodies;
        LabelRequest badge;
        badge.anchor = p.shapes[std::size_t(body)].boundingRect().center();
        badge.text = text;
        badge.direction = QPointF(0.0, -1.0);
        badge.fontPixels = 18.0;
        badge.priority = 90;
        badge.leaderAllowed = false;
        badge.home = p.shapes[std::size_t(body)];
        for (int other = 0; other < bodies; ++other) {
            if (other != body) {
                badge.rivals.push_back(p.shapes[std::size_t(other)]);
            }
        }
        p.requests.push_back(badge);
        p.owner.push_back(body);
    }
    LabelRequest legend;
    legend.anchor = QPointF(560, 20);
    legend.text = QStringLiteral("legend");
    legend.fixed = true;
    p.requests.push_back(legend);
    p.owner.push_back(-1);
    return p;
}

/// One move of a drag: body `body`, its avoid area and every label naming it go by `d`.
void moveBody(Picture& p, int body, QPointF d) {
    p.shapes[std::size_t(body)].translate(d);
    for (std::size_t i = 0; i < p.avoid.size(); ++i) {
        if (p.avoidOwner[i] == body) {
            p.avoid[i].translate(d);
        }
    }
    for (std::size_t i = 0; i < p.requests.size(); ++i) {
        if (p.owner[i] == body) {
            p.requests[i].anchor += d;
            p.requests[i].home.translate(d);
        }
    }
}

bool same(const std::vector<PlacedLabel>& a, const std::vector<PlacedLabel>& b, QString* why) {
    if (a.size() != b.size()) {
        *why = QStringLiteral("%1 labels placed against %2").arg(a.size()).arg(b.size());
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const PlacedLabel &x = a[i], &y = b[i];
        if (x.request.text != y.request.text || x.request.anchor != y.request.anchor ||
            x.request.fontPixels != y.request.fontPixels || x.textRect != y.textRect || x.rect != y.rect ||
            x.leader != y.leader) {
            *why = QStringLiteral("label %1 \"%2\": (%3, %4) against (%5, %6)")
                       .arg(i)
                       .arg(x.request.text)
                       .arg(x.textRect.x())
                       .arg(x.textRect.y())
                       .arg(y.textRect.x())
                       .arg(y.textRect.y());
            return false;
        }
    }
    return true;
}

} // namespace

class TestLabelLayoutMemo : public QObject {
    Q_OBJECT

private slots:
    void unchangedPictureIsAnsweredWholly() {
        std::mt19937 rng(20261206);
        for (int c = 0; c < 200; ++c) {
            const Picture p = randomPicture(rng);
            LabelLayoutMemo memo;
            const std::vector<PlacedLabel> fresh = p.layout().place();
            QString why;
            QVERIFY2(same(p.layout().place(&memo), fresh, &why), qPrintable(why));
            const std::size_t searches = memo.searches(), hits = memo.hits();
            QCOMPARE(hits, std::size_t(0));
            QVERIFY2(same(p.layout().place(&memo), fresh, &why), qPrintable(why));
            QCOMPARE(memo.searches() - searches, searches);
            QCOMPARE(memo.hits() - hits, searches); // every label of the second layout from the memo
        }
    }

    void dragMovesPlaceAsAFreshSearch() {
        std::mt19937 rng(7321);
        std::uniform_real_distribution<double> step(-9.0, 9.0);
        std::size_t searches = 0, hits = 0, layouts = 0;
        for (int c = 0; c < 1000; ++c) {
            Picture p = randomPicture(rng);
            LabelLayoutMemo memo;
            p.layout().place(&memo);
            const int body = int(rng() % p.shapes.size());
            for (int move = 0; move < 6; ++move) {
                moveBody(p, body, QPointF(step(rng), step(rng)));
                // And one of each other kind of thing a label keeps off (what a step redraws moves too).
                const QPointF d(step(rng), step(rng));
                p.obstacles[rng() % p.obstacles.size()].translate(d);
                if (!p.avoid.empty()) {
                    p.avoid[rng() % p.avoid.size()].translate(-d);
                }
                if (!p.marks.empty()) {
                    p.marks[rng() % p.marks.size()].first += d;
                }
                DrawnLine& line = p.lines[rng() % p.lines.size()];
                line.to += d;
                const std::size_t s0 = memo.searches(), h0 = memo.hits();
                const std::vector<PlacedLabel> withMemo = p.layout().place(&memo);
                const std::vector<PlacedLabel> fresh = p.layout().place();
                QString why;
                QVERIFY2(same(withMemo, fresh, &why),
                         qPrintable(QStringLiteral("case %1, move %2: %3").arg(c).arg(move).arg(why)));
                searches += memo.searches() - s0;
                hits += memo.hits() - h0;
                ++layouts;
            }
            // Bounded: a search stays for the last five layouts (a paint may make two), then goes.
            QVERIFY(memo.size() <= 5 * p.requests.size());
        }
        qInfo("%zu layouts, %zu of %zu searches answered by the memo", layouts, hits, searches);
        // Each move changes one body of up to 36 and its labels: most labels lie elsewhere.
        QVERIFY(hits * 2 > searches);
    }
};

QTEST_MAIN(TestLabelLayoutMemo)
#include "tst_label_layout_memo.moc"
