#include "gjk_panel.h"

#include "gjk_diagram.h"
#include "gjk_view.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "tool_draw_polygon.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/voronoi.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/multi_point.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>
#include <variant>

namespace cl {

namespace {

using phys::Vec2;
using Kind = DiagramItem::Kind;

using namespace diagram;

/// The Minkowski difference A (-) B for the backdrop of the Minkowski pane: the hull of every difference of
/// the cores' points, and (with radii) of the discs swept round them. Drawing only; GJK never builds it.
std::vector<Vec2> minkowskiHull(const phys::DistanceProxy& a, const phys::Transform& xfA,
                                const phys::DistanceProxy& b, const phys::Transform& xfB, bool withRadii) {
    namespace bg = boost::geometry;
    using P = bg::model::d2::point_xy<double>;
    bg::model::multi_point<P> cloud;
    const double r = withRadii ? a.radius + b.radius : 0.0;
    const int samples = r > 0.0 ? 48 : 1;
    for (int i = 0; i < a.count; ++i) {
        for (int j = 0; j < b.count; ++j) {
            const Vec2 w = phys::transformPoint(xfA, a.points[i]) - phys::transformPoint(xfB, b.points[j]);
            for (int k = 0; k < samples; ++k) {
                const double t = 2.0 * phys::kPi * k / samples;
                bg::append(cloud, P{w.x + r * std::cos(t), w.y + r * std::sin(t)});
            }
        }
    }
    bg::model::polygon<P, false, true> hull;
    bg::convex_hull(cloud, hull);
    std::vector<Vec2> out;
    for (std::size_t i = 0; i + 1 < hull.outer().size(); ++i) {
        out.push_back({hull.outer()[i].x(), hull.outer()[i].y()});
    }
    return out;
}

/// The region of the simplex (as the engine's solve found it) to shade, Minkowski space: a vertex's wedge, an
/// edge's slab on the origin's side, the triangle itself. Empty for a one-point simplex (the whole plane).
std::vector<Vec2> simplexRegion(const phys::Simplex& s, phys::SimplexRegion region, double reach) {
    if (s.count < 2) {
        return {};
    }
    const Vec2 c = s.count == 3 ? (s.v[0].w + s.v[1].w + s.v[2].w) / 3.0 : 0.5 * (s.v[0].w + s.v[1].w);
    auto outward = [&](Vec2 p, Vec2 q) { // unit normal of edge pq pointing away from the simplex's centre
        Vec2 n = phys::normalize(phys::leftPerp(q - p));
        return phys::dot(n, c - p) > 0.0 ? -n : n;
    };
    auto slab = [&](int i, int j) {
        const Vec2 p = s.v[i].w, q = s.v[j].w;
        const Vec2 n = outward(p, q);
        if (s.count == 2) {
            // Both sides of a lone segment belong to its region.
            return std::vector<Vec2>{p - reach * n, q - reach * n, q + reach * n, p + reach * n};
        }
        return std::vector<Vec2>{p, q, q + reach * n, p + reach * n};
    };
    auto wedge = [&](int i) {
        const Vec2 v = s.v[i].w;
        if (s.count == 2) {
            const Vec2 d = phys::normalize(v - s.v[1 - i].w), n = phys::leftPerp(d);
            return std::vector<Vec2>{v + reach * n, v - reach * n, v - reach * n + reach * d,
                                     v + reach * n + reach * d};
        }
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const Vec2 n1 = outward(v, s.v[j].w), n2 = outward(v, s.v[k].w);
        const Vec2 mid = phys::normalize(n1 + n2);
        return std::vector<Vec2>{v, v + reach * n1, v + reach * mid * 1.4, v + reach * n2};
    };
    switch (region) {
    case phys::SimplexRegion::Vertex0:
        return wedge(0);
    case phys::SimplexRegion::Vertex1:
        return wedge(1);
    case phys::SimplexRegion::Vertex2:
        return wedge(2);
    case phys::SimplexRegion::Edge01:
        return slab(0, 1);
    case phys::SimplexRegion::Edge02:
        return slab(0, 2);
    case phys::SimplexRegion::Edge12:
        return slab(1, 2);
    case phys::SimplexRegion::Interior:
        return {s.v[0].w, s.v[1].w, s.v[2].w};
    }
    return {};
}

QString regionText(phys::SimplexRegion region) {
    switch (region) {
    case phys::SimplexRegion::Vertex0:
        return QObject::tr("vertex w0");
    case phys::SimplexRegion::Vertex1:
        return QObject::tr("vertex w1");
    case phys::SimplexRegion::Vertex2:
        return QObject::tr("vertex w2");
    case phys::SimplexRegion::Edge01:
        return QObject::tr("edge w0-w1");
    case phys::SimplexRegion::Edge02:
        return QObject::tr("edge w0-w2");
    case phys::SimplexRegion::Edge12:
        return QObject::tr("edge w1-w2");
    case phys::SimplexRegion::Interior:
        return QObject::tr("the inside of the triangle");
    }
    return {};
}

/// SAT's answer for the pair, normal from A to B (polygon-circle pairs are run polygon first).
phys::SatResult satFor(const phys::ShapeGeometry& a, const phys::Transform& xfA, const phys::ShapeGeometry& b,
                       const phys::Transform& xfB) {
    const auto* pa = std::get_if<phys::Polygon>(&a);
    const auto* pb = std::get_if<phys::Polygon>(&b);
    if (pa && pb) {
        return phys::satPolygons(*pa, xfA, *pb, xfB);
    }
    if (pa) {
        return phys::satPolygonCircle(*pa, xfA, std::get<phys::Circle>(b), xfB);
    }
    if (pb) {
        phys::SatResult r = phys::satPolygonCircle(*pb, xfB, std::get<phys::Circle>(a), xfA);
        r.normal = -r.normal;
        return r;
    }
    return phys::satCircles(std::get<phys::Circle>(a), xfA, std::get<phys::Circle>(b), xfB);
}

} // namespace

GjkPanel::GjkPanel(Document* document, SceneCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_document(document), m_canvas(canvas) {
    setObjectName(QStringLiteral("gjkPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->setSpacing(6);
    m_pairLabel = new QLabel(this);
    m_pairLabel->setObjectName(QStringLiteral("gjkPairLabel"));
    m_pairLabel->setWordWrap(true);
    layout->addWidget(m_pairLabel);
    m_tabs = new QTabBar(this);
    m_tabs->setObjectName(QStringLiteral("gjkViewTabs"));
    m_tabs->addTab(tr("GJK"));
    m_tabs->addTab(tr("EPA"));
    m_tabs->addTab(tr("Voronoi"));
    m_tabs->addTab(tr("Split"));
    m_tabs->addTab(tr("TOI"));
    m_tabs->setExpanding(true);
    m_tabs->setDrawBase(false);
    layout->addWidget(m_tabs);
    auto* nav = new QHBoxLayout;
    m_previous = new QPushButton(tr("\u25c0 Back"), this);
    m_previous->setObjectName(QStringLiteral("gjkPrevious"));
    m_next = new QPushButton(tr("Next \u25b6"), this);
    m_next->setObjectName(QStringLiteral("gjkNext"));
    m_stepLabel = new QLabel(this);
    m_stepLabel->setObjectName(QStringLiteral("gjkStepLabel"));
    m_stepLabel->setAlignment(Qt::AlignCenter);
    m_stepLabel->setWordWrap(true);
    QFont bold = m_stepLabel->font();
    bold.setBold(true);
    m_stepLabel->setFont(bold);
    nav->addWidget(m_previous);
    nav->addWidget(m_stepLabel, 1);
    nav->addWidget(m_next);
    layout->addLayout(nav);
    m_world = new GjkView(this);
    m_world->setObjectName(QStringLiteral("gjkWorldView"));
    m_world->setTitle(tr("World"));
    m_minkowski = new GjkView(this);
    m_minkowski->setObjectName(QStringLiteral("gjkMinkowskiView"));
    m_minkowski->setTitle(tr("Minkowski difference A \u2296 B"));
    m_minkowski->setShowOrigin(true);
    layout->addWidget(m_world, 1);
    layout->addWidget(m_minkowski, 1);
    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("gjkExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_explanation->setMinimumHeight(60);
    layout->addWidget(m_explanation);

    connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) { setView(View(index)); });
    connect(m_previous, &QPushButton::clicked, this, &GjkPanel::previousStep);
    connect(m_next, &QPushButton::clicked, this, &GjkPanel::nextStep);
    auto follow = [this](quint64 key) {
        if (key == m_keyA || key == m_keyB) {
            rebuild(); // live: a vertex drag redraws both panes as it goes, keeping the step
        }
    };
    if (m_canvas) {
        // The canvas shows every document edit and also a tool's preview while the mouse is down.
        connect(m_canvas, &SceneCanvas::bodyShown, this, follow);
    } else {
        connect(m_document, &Document::bodyChanged, this, follow);
    }
    connect(m_document, &Document::bodyRemoved, this, [this](BodyKey key) {
        if (key == m_keyA || key == m_keyB) {
            setPair(0, 0);
        }
    });
    connect(m_document, &Document::sceneReset, this, [this] { setPair(0, 0); });
    rebuild();
}

void GjkPanel::setPair(BodyKey a, BodyKey b) {
    if (a == m_keyA && b == m_keyB) {
        return;
    }
    m_keyA = a;
    m_keyB = b;
    m_step = 0;
    rebuild();
}

void GjkPanel::setView(View view) {
    if (m_tabs->currentIndex() != int(view)) {
        m_tabs->setCurrentIndex(int(view)); // comes back here through currentChanged
        return;
    }
    if (view != m_view) {
        m_view = view;
        m_step = 0;
        rebuild();
    }
}

void GjkPanel::setStep(int step) {
    m_step = std::clamp(step, 0, std::max(0, stepCount() - 1));
    show();
}

QString GjkPanel::stepTitle() const {
    return m_stepLabel->text();
}

QString GjkPanel::explanation() const {
    return m_explanation->text();
}

const phys::BodyDef& GjkPanel::shownBody(BodyKey key) const {
    if (m_canvas) {
        if (const phys::BodyDef* shown = m_canvas->bodyDef(key)) {
            return *shown;
        }
    }
    return m_document->body(key);
}

void GjkPanel::rebuild() {
    m_steps.clear();
    m_penetration = {};
    const bool valid = m_keyA && m_keyB && m_document->contains(m_keyA) && m_document->contains(m_keyB) &&
                       !m_document->body(m_keyA).shapes.empty() && !m_document->body(m_keyB).shapes.empty();
    m_toi = {};
    m_toiTrace = {};
    if (m_view == View::Split) {
        buildSplit();
    } else if (!valid) {
        m_pairLabel->setText(
            tr("Pick two bodies on the SAT \u00b7 Clipping page, or select two on the canvas."));
        m_steps.push_back({tr("No pair"),
                           tr("GJK, EPA, the Voronoi regions and the time of impact need two bodies."),
                           {},
                           {}});
    } else {
        const phys::BodyDef& a = shownBody(m_keyA);
        const phys::BodyDef& b = shownBody(m_keyB);
        QString pair =
            tr("A = %1, B = %2").arg(QString::fromStdString(a.name), QString::fromStdString(b.name));
        if (a.shapes.size() > 1 || b.shapes.size() > 1) {
            pair += tr(" (first shape of each)");
        }
        m_pairLabel->setText(pair);
        switch (m_view) {
        case View::Gjk:
            buildGjk();
            break;
        case View::Epa:
            buildEpa();
            break;
        case View::Voronoi:
            buildVoronoi();
            break;
        case View::Toi:
            buildToi();
            break;
        case View::Split:
            break;
        }
    }
    m_step = std::clamp(m_step, 0, int(m_steps.size()) - 1);
    show();
}

void GjkPanel::show() {
    const Step& s = m_steps[std::size_t(m_step)];
    m_stepLabel->setText(tr("Step %1 of %2: %3").arg(m_step + 1).arg(stepCount()).arg(s.title));
    m_explanation->setText(s.text);
    m_world->setItems(s.world);
    std::vector<DiagramItem> minkowski = s.minkowski;
    const bool minkowskiSpace = m_view == View::Gjk || m_view == View::Epa;
    if (minkowskiSpace && !minkowski.empty()) {
        minkowski.push_back(point({0.0, 0.0}, Qt::black, tr("origin"))); // on top: everything is about it
    }
    // The TOI tab's second pane is a plot of separation against time, not Minkowski space.
    m_minkowski->setTitle(minkowskiSpace ? tr("Minkowski difference A \u2296 B")
                                         : tr("Separation against time t (fraction of the step)"));
    m_minkowski->setItems(std::move(minkowski));
    m_minkowski->setVisible(minkowskiSpace || (m_view == View::Toi && !s.minkowski.empty()));
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < stepCount());
    emit changed();
}

void GjkPanel::buildGjk() {
    const phys::BodyDef& bodyA = shownBody(m_keyA);
    const phys::BodyDef& bodyB = shownBody(m_keyB);
    const phys::ShapeGeometry& a = bodyA.shapes[0].geometry;
    const phys::ShapeGeometry& b = bodyB.shapes[0].geometry;
    const phys::Transform xfA{bodyA.position, phys::Rot(bodyA.angle)};
    const phys::Transform xfB{bodyB.position, phys::Rot(bodyB.angle)};
    const phys::DistanceProxy pa = phys::makeProxy(a), pb = phys::makeProxy(b);
    phys::DistanceTrace trace;
    const phys::DistanceOutput out = phys::shapeDistance(pa, xfA, pb, xfB, true, &trace);
    m_penetration = phys::gjkEpaPenetration(a, xfA, b, xfB);
    const QColor ca = OverlayPainter::colorA(), cb = OverlayPainter::colorB();
    const bool radii = pa.radius + pb.radius > 0.0;

    std::vector<DiagramItem> worldBase{polygon(outline(a, xfA), ca, withAlpha(ca, 30), 2.0),
                                       polygon(outline(b, xfB), cb, withAlpha(cb, 30), 2.0)};
    const std::vector<Vec2> core = minkowskiHull(pa, xfA, pb, xfB, false);
    std::vector<DiagramItem> mBase{polygon(core, QColor(150, 150, 150), QColor(225, 225, 225), 1.2)};
    if (radii) {
        mBase.push_back(
            polygon(minkowskiHull(pa, xfA, pb, xfB, true), QColor(150, 150, 150), Qt::transparent));
        mBase.back().dashed = true;
    }
    double reach = 0.0;
    for (const Vec2 p : mBase.back().points) {
        reach = std::max(reach, phys::length(p));
    }
    reach = std::max(reach, 1e-3) * 3.0;

    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        const phys::GjkIteration& it = trace.iterations[k];
        Step step;
        step.world = worldBase;
        step.minkowski = mBase;
        const std::vector<Vec2> region = simplexRegion(it.simplex, it.region, reach);
        if (!region.empty()) {
            DiagramItem shade = polygon(region, Qt::transparent, withAlpha(kRegion, 70));
            shade.fits = false;
            step.minkowski.insert(step.minkowski.begin() + 1, shade);
        }
        std::vector<Vec2> simplex;
        QStringList vertices;
        for (int i = 0; i < it.simplex.count; ++i) {
            simplex.push_back(it.simplex.v[i].w);
            vertices << QStringLiteral("w%1 = %2").arg(i).arg(vec(it.simplex.v[i].w));
        }
        if (simplex.size() >= 2) {
            step.minkowski.push_back(polygon(simplex, kSimplex, Qt::transparent, 2.0));
        }
        for (int i = 0; i < it.simplex.count; ++i) {
            step.minkowski.push_back(point(it.simplex.v[i].w, kSimplex, QStringLiteral("w%1").arg(i)));
        }
        if (it.simplex.count > 1) {
            // Labelled only on an edge or inside; on a vertex the vertex's own label says where it is.
            step.minkowski.push_back(
                point(it.closest, kResult, it.reduced.count == 1 ? QString() : tr("closest")));
        }
        QString text =
            tr("The simplex has %1: %2. ")
                .arg(count(it.simplex.count, "point", "points"), vertices.join(QStringLiteral(", ")));
        if (it.simplex.count == 1) {
            text += tr("Its point closest to the origin is w0 itself. ");
        } else {
            text += tr("The origin lies in the region of %1 (shaded), so the closest point is %2, at %3 m; ")
                        .arg(regionText(it.region), vec(it.closest), len(phys::length(it.closest)));
            text += it.reduced.count < it.simplex.count
                        ? tr("the other point%1 dropped. ")
                              .arg(it.simplex.count - it.reduced.count > 1 ? QStringLiteral("s are")
                                                                           : QStringLiteral(" is"))
                        : tr("every point is kept. ");
        }
        if (it.region == phys::SimplexRegion::Interior) {
            text += tr("The triangle holds the origin: A and B overlap (GJK stops; the EPA tab measures how "
                       "deep).");
            step.title = tr("The origin is enclosed");
        } else if (it.supportIndexA < 0) {
            text += tr("The origin is on the simplex: A and B touch.");
            step.title = tr("Touching");
        } else {
            const Vec2 d = it.direction;
            const Vec2 u = phys::normalize(d);
            const Vec2 w = it.supportA - it.supportB;
            step.minkowski.push_back(arrow(it.closest, it.closest + 0.35 * (reach / 3.0) * u, kSupport));
            step.minkowski.push_back(point(w, kSupport, tr("new w")));
            double size = 0.0; // arrows a third of A's size
            for (const Vec2 q : worldBase[0].points) {
                size = std::max(size, phys::distance(q, worldBase[0].points[0]) / 3.0);
            }
            step.world.push_back(arrow(it.supportA, it.supportA + size * u, kSupport));
            step.world.push_back(arrow(it.supportB, it.supportB - size * u, kSupport));
            step.world.push_back(point(it.supportA, kSupport, tr("support A")));
            step.world.push_back(point(it.supportB, kSupport, tr("support B")));
            text += tr("Next direction d = %1 (towards the origin). A's furthest point along d is vertex %2 "
                       "at %3, "
                       "B's furthest along -d is vertex %4 at %5: the new point w = %6.")
                        .arg(vec(u))
                        .arg(it.supportIndexA)
                        .arg(vec(it.supportA))
                        .arg(it.supportIndexB)
                        .arg(vec(it.supportB))
                        .arg(vec(w));
            if (it.duplicate) {
                text += tr(" It is already in the simplex: nothing of A \u2296 B lies closer to the origin "
                           "along d, so the search stops.");
                step.title = tr("Support repeats: done");
            } else if (k + 1 == trace.iterations.size() &&
                       trace.termination == phys::GjkTermination::NoProgress) {
                text += tr(" It gets no closer to the origin along d than the simplex: the search stops.");
                step.title = tr("No progress: done");
            } else {
                text += tr(" It is further along d than the simplex by %1 m, so it joins the simplex.")
                            .arg(len(phys::dot(w - it.closest, u)));
                step.title = tr("Support query %1").arg(k + 1);
            }
        }
        step.text = text;
        m_steps.push_back(std::move(step));
    }
    // The result: distance and witness points in the world.
    Step result;
    result.world = worldBase;
    result.minkowski = mBase;
    if (out.distance > 0.0) {
        result.title = tr("Distance");
        result.world.push_back(line(out.pointA, out.pointB, kResult, 2.0));
        result.world.push_back(point(out.pointA, kResult, tr("on A")));
        result.world.push_back(point(out.pointB, kResult, tr("on B")));
        const Vec2 closest = out.pointA - out.pointB; // D's point nearest the origin (surfaces)
        result.minkowski.push_back(line({0.0, 0.0}, closest, kResult, 2.0));
        result.minkowski.push_back(point(closest, kResult, tr("closest")));
        result.text =
            tr("Distance %1 m between the witness points %2 on A and %3 on B; the normal from A to B "
               "is %4. GJK made %5.")
                .arg(len(out.distance), vec(out.pointA), vec(out.pointB), vec(out.normal),
                     count(out.iterations, "support query", "support queries"));
        if (radii) {
            result.text +=
                tr(" (A circle is its centre plus its radius: the distance between the cores minus "
                   "the radii.)");
        }
    } else {
        result.title = tr("Overlap");
        result.text =
            tr("A and B overlap: the distance is 0. The EPA tab continues from GJK's last simplex to "
               "find the depth and the normal.");
    }
    m_steps.push_back(std::move(result));
}

void GjkPanel::buildEpa() {
    const phys::BodyDef& bodyA = shownBody(m_keyA);
    const phys::BodyDef& bodyB = shownBody(m_keyB);
    const phys::ShapeGeometry& a = bodyA.shapes[0].geometry;
    const phys::ShapeGeometry& b = bodyB.shapes[0].geometry;
    const phys::Transform xfA{bodyA.position, phys::Rot(bodyA.angle)};
    const phys::Transform xfB{bodyB.position, phys::Rot(bodyB.angle)};
    const phys::DistanceProxy pa = phys::makeProxy(a), pb = phys::makeProxy(b);
    phys::EpaTrace trace;
    m_penetration = phys::gjkEpaPenetration(a, xfA, b, xfB, nullptr, &trace);
    const phys::PenetrationOutput& p = m_penetration;
    const QColor ca = OverlayPainter::colorA(), cb = OverlayPainter::colorB();
    std::vector<DiagramItem> worldBase{polygon(outline(a, xfA), ca, withAlpha(ca, 30), 2.0),
                                       polygon(outline(b, xfB), cb, withAlpha(cb, 30), 2.0)};
    std::vector<DiagramItem> mBase{
        polygon(minkowskiHull(pa, xfA, pb, xfB, false), QColor(150, 150, 150), QColor(225, 225, 225), 1.2)};

    if (p.coresOverlap) {
        for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
            const phys::EpaIteration& it = trace.iterations[k];
            Step step;
            step.world = worldBase;
            step.minkowski = mBase;
            std::vector<Vec2> poly;
            for (const phys::EpaVertex& v : it.polytope) {
                poly.push_back(v.w);
            }
            step.minkowski.push_back(polygon(poly, kSimplex, withAlpha(kRegion, 50), 1.6));
            const Vec2 e0 = poly[std::size_t(it.closestEdge)];
            const Vec2 e1 = poly[std::size_t(it.closestEdge + 1) % poly.size()];
            step.minkowski.push_back(line(e0, e1, QColor(220, 40, 40), 3.0));
            step.minkowski.push_back(arrow({0.0, 0.0}, it.distance * it.normal, QColor(220, 40, 40)));
            step.minkowski.push_back(point(it.support.w, kSupport, tr("support")));
            step.world.push_back(point(it.support.wA, kSupport, tr("support A")));
            step.world.push_back(point(it.support.wB, kSupport, tr("support B")));
            QString text = k == 0 ? tr("EPA starts from GJK's last simplex (%1")
                                            .arg(count(trace.seedCount, "point", "points")) +
                                        (trace.seedAdded.empty()
                                             ? tr("), which holds the origin. ")
                                             : tr(", grown to a triangle with %1), which holds the origin. ")
                                                   .arg(count(long(trace.seedAdded.size()), "support point",
                                                              "support points")))
                                  : QString();
            text +=
                tr("The polytope has %1 vertices. Its edge closest to the origin (red) is at %2 m, outward "
                   "normal n = %3. The support point of A \u2296 B along n is %4, at %5 m along n: ")
                    .arg(poly.size())
                    .arg(len(it.distance), vec(it.normal), vec(it.support.w), len(it.supportDistance));
            if (it.last) {
                text += tr("no further than the edge, so the edge is on the boundary of A \u2296 B and no "
                           "boundary point is nearer the origin.");
                step.title = tr("Closest edge found");
            } else {
                text +=
                    tr("%1 m beyond the edge, so the edge is inside A \u2296 B; the point is added and the "
                       "polytope grows. The depth lies between %2 and %3 m.")
                        .arg(len(it.supportDistance - it.distance), len(it.distance),
                             len(it.supportDistance));
                step.title = tr("Expand %1").arg(k + 1);
            }
            step.text = text;
            m_steps.push_back(std::move(step));
        }
    }
    Step result;
    result.world = worldBase;
    result.minkowski = mBase;
    const phys::SatResult sat = satFor(a, xfA, b, xfB);
    if (p.depth < 0.0) {
        result.title = tr("Apart");
        result.text = tr("A and B are apart (GJK's distance %1 m): there is no penetration for EPA to "
                         "measure. SAT finds a separating axis too.")
                          .arg(len(-p.depth));
    } else {
        result.title = tr("Normal and depth");
        result.world.push_back(arrow(p.pointB, p.pointB + p.depth * p.normal, kResult, 2.2));
        result.world.push_back(point(p.pointA, kResult));
        result.world.push_back(point(p.pointB, kResult));
        result.minkowski.push_back(arrow({0.0, 0.0}, p.depth * p.normal, kResult, 2.2));
        result.text =
            tr("Normal n = %1 from A to B, depth %2 m: moving B by %2 m along n separates them (green: "
               "the deepest point of each shape and the push).")
                .arg(vec(p.normal), len(p.depth));
        if (!p.coresOverlap) {
            result.text += tr(" (The cores are apart: depth = radii - core distance.)");
        }
        const double dDepth = std::abs(sat.depth - p.depth);
        const double dNormal = phys::distance(sat.normal, p.normal);
        if (dDepth <= 1e-9 && dNormal <= 1e-9) {
            result.text += tr(" SAT's MTV on the same pair: normal %1, depth %2 m, the same to 1e-9.")
                               .arg(vec(sat.normal), len(sat.depth));
        } else {
            result.text +=
                tr(" SAT's MTV on the same pair: normal %1, depth %2 m; they differ by %3 m in depth. "
                   "SAT keeps A's axis when B's is smaller by less than its tie tolerance, and equal "
                   "depths along two axes are a tie either may win.")
                    .arg(vec(sat.normal), len(sat.depth), QString::number(dDepth, 'g', 2));
        }
        const auto* polyA = std::get_if<phys::Polygon>(&a);
        const auto* polyB = std::get_if<phys::Polygon>(&b);
        if (polyA && polyB) {
            const phys::Manifold m = phys::clipPolygons(*polyA, xfA, *polyB, xfB, p.normal, p.owner);
            for (int i = 0; i < m.pointCount; ++i) {
                result.world.push_back(point(m.points[i].point, QColor(220, 40, 40)));
            }
            result.text += tr(" Handed to the clipping step, this normal gives %1 (red).")
                               .arg(count(m.pointCount, "contact point", "contact points"));
        }
    }
    m_steps.push_back(std::move(result));
}

void GjkPanel::buildVoronoi() {
    const phys::BodyDef& bodyA = shownBody(m_keyA);
    const phys::BodyDef& bodyB = shownBody(m_keyB);
    const phys::ShapeGeometry& a = bodyA.shapes[0].geometry;
    const phys::ShapeGeometry& b = bodyB.shapes[0].geometry;
    const phys::Transform xfA{bodyA.position, phys::Rot(bodyA.angle)};
    const phys::Transform xfB{bodyB.position, phys::Rot(bodyB.angle)};
    const auto* polyA = std::get_if<phys::Polygon>(&a);
    const auto* polyB = std::get_if<phys::Polygon>(&b);
    const bool circleA = std::holds_alternative<phys::Circle>(a),
               circleB = std::holds_alternative<phys::Circle>(b);
    if (!((polyA && circleB) || (polyB && circleA))) {
        m_steps.push_back(
            {tr("Polygon and circle"),
             tr("The Voronoi regions explain the circle case of SAT: pick a polygon and a circle."),
             {},
             {}});
        return;
    }
    const phys::Polygon& poly = polyA ? *polyA : *polyB;
    const phys::Transform& xfP = polyA ? xfA : xfB;
    const phys::Circle& circle = std::get<phys::Circle>(polyA ? b : a);
    const phys::Transform& xfC = polyA ? xfB : xfA;
    const QString polyName = polyA ? QStringLiteral("A") : QStringLiteral("B");
    const Vec2 centre = phys::transformPoint(xfC, circle.center);
    const phys::VoronoiRegion region = phys::voronoiRegion(poly, xfP, centre);
    const QColor cp = polyA ? OverlayPainter::colorA() : OverlayPainter::colorB();
    const QColor cc = polyA ? OverlayPainter::colorB() : OverlayPainter::colorA();
    double size = 0.0;
    for (const Vec2 v : poly.vertices()) {
        size = std::max(size, phys::length(v - poly.centroid()));
    }
    const double reach = 1.6 * size;
    std::vector<DiagramItem> regions;
    for (int i = 0; i < poly.count(); ++i) {
        DiagramItem v = polygon(phys::voronoiRegionOutline(poly, xfP, phys::VoronoiFeature::Vertex, i, reach),
                                QColor(160, 160, 220), QColor(120, 120, 230, 35), 0.8);
        DiagramItem e = polygon(phys::voronoiRegionOutline(poly, xfP, phys::VoronoiFeature::Edge, i, reach),
                                QColor(160, 200, 160), QColor(90, 190, 90, 35), 0.8);
        regions.push_back(v);
        regions.push_back(e);
    }
    const std::vector<DiagramItem> shapes{polygon(outline(poly, xfP), cp, withAlpha(cp, 40), 2.0),
                                          polygon(outline(circle, xfC), cc, withAlpha(cc, 30), 2.0),
                                          point(centre, cc, tr("centre"))};
    Step all;
    all.title = tr("The regions of %1").arg(polyName);
    all.world = regions;
    all.world.insert(all.world.end(), shapes.begin(), shapes.end());
    all.text =
        tr("Outside polygon %1 every point is nearest either one vertex (blue wedges, between the normals "
           "of the vertex's two edges) or the inside of one edge (green slabs, in front of the edge). %1 "
           "has %2 vertices, so %2 wedges and %2 slabs.")
            .arg(polyName)
            .arg(poly.count());
    m_steps.push_back(std::move(all));

    Step where;
    where.world = regions;
    if (region.feature != phys::VoronoiFeature::Inside) {
        DiagramItem highlight =
            polygon(phys::voronoiRegionOutline(poly, xfP, region.feature, region.index, reach),
                    QColor(230, 150, 0), withAlpha(kRegion, 110), 1.5);
        where.world.push_back(highlight);
    }
    where.world.insert(where.world.end(), shapes.begin(), shapes.end());
    where.world.push_back(line(centre, region.closestPoint, kResult, 2.0));
    where.world.push_back(point(region.closestPoint, kResult, tr("closest")));
    const double depth = circle.radius - region.distance;
    const QString contact = depth >= 0.0 ? tr("they overlap by %1 m").arg(len(depth))
                                         : tr("they are %1 m apart").arg(len(-depth));
    switch (region.feature) {
    case phys::VoronoiFeature::Vertex:
        where.title = tr("Centre in a vertex region");
        where.text =
            tr("The centre %1 lies in the region of vertex %2 of %3: the nearest point of %3 is that "
               "vertex, %4 m away. No edge normal measures this gap, which is why SAT adds an axis from "
               "the nearest vertex to the centre. With radius %5 m, %6.")
                .arg(vec(centre))
                .arg(region.index)
                .arg(polyName, len(region.distance), len(circle.radius), contact);
        break;
    case phys::VoronoiFeature::Edge:
        where.title = tr("Centre in an edge region");
        where.text =
            tr("The centre %1 lies in the region of edge %2 of %3: the nearest point is on that edge, "
               "%4 m away along its normal, so the edge normal is the axis that decides. With radius %5 "
               "m, %6.")
                .arg(vec(centre))
                .arg(region.index)
                .arg(polyName, len(region.distance), len(circle.radius), contact);
        break;
    case phys::VoronoiFeature::Inside:
        where.title = tr("Centre inside");
        where.text =
            tr("The centre %1 is inside %2, %3 m behind edge %4, its nearest edge: the circle reaches "
               "%5 m past it (radius plus that distance).")
                .arg(vec(centre), polyName, len(-region.distance))
                .arg(region.index)
                .arg(len(circle.radius - region.distance));
        break;
    }
    m_steps.push_back(std::move(where));
}

void GjkPanel::buildSplit() {
    if (!m_polygonTool) {
        m_polygonTool = window()->findChild<DrawPolygonTool*>();
        if (m_polygonTool) {
            connect(m_polygonTool, &DrawPolygonTool::splitMade, this, [this] {
                if (m_view == View::Split) {
                    m_step = 0;
                    rebuild();
                }
            });
        }
    }
    if (!m_polygonTool || m_polygonTool->lastSplit().trace.outline.empty()) {
        m_pairLabel->setText(tr("No outline split yet."));
        m_steps.push_back({tr("Nothing split yet"),
                           tr("Draw a concave outline with the Polygon tool and choose \"Split into convex "
                              "pieces\": its triangulation and merges show here, step by step."),
                           {},
                           {}});
        return;
    }
    const DrawPolygonTool::Split& split = m_polygonTool->lastSplit();
    const phys::DecomposeTrace& t = split.trace;
    m_pairLabel->setText(tr("The last outline split with the Polygon tool: body \"%1\"")
                             .arg(QString::fromStdString(split.bodyName)));
    const std::size_t n = t.outline.size();
    std::vector<Vec2> world;
    for (const Vec2 p : t.outline) {
        world.push_back(split.origin + p);
    }
    auto indicesToPoints = [&world](const auto& indices) {
        std::vector<Vec2> out;
        for (const int i : indices) {
            out.push_back(world[std::size_t(i)]);
        }
        return out;
    };
    std::vector<int> reflex;
    for (std::size_t i = 0; i < n; ++i) {
        if (phys::cross(world[i] - world[(i + n - 1) % n], world[(i + 1) % n] - world[i]) < 0.0) {
            reflex.push_back(int(i));
        }
    }
    const std::vector<DiagramItem> base{polygon(world, QColor(90, 90, 90), QColor(235, 235, 235), 1.5)};
    auto dots = [&](std::vector<DiagramItem>& items) {
        for (std::size_t i = 0; i < n; ++i) {
            const bool isReflex = std::find(reflex.begin(), reflex.end(), int(i)) != reflex.end();
            items.push_back(point(world[i], isReflex ? QColor(220, 40, 40) : QColor(60, 60, 60),
                                  n <= 24 ? QString::number(i) : QString()));
        }
    };
    const QColor palette[] = {QColor(120, 170, 230), QColor(240, 170, 90),  QColor(130, 200, 130),
                              QColor(200, 140, 210), QColor(230, 210, 100), QColor(120, 200, 200)};

    Step outline;
    outline.title = tr("The outline");
    outline.world = base;
    dots(outline.world);
    QStringList reflexNames;
    for (const int i : reflex) {
        reflexNames << QString::number(i);
    }
    outline.text =
        tr("The outline has %1, %2 (red: %3). A convex piece can have no reflex vertex, so the "
           "outline is cut: first into triangles by ear clipping, then the triangles are merged back "
           "as far as convexity allows (Hertel-Mehlhorn).")
            .arg(count(long(n), "vertex", "vertices"),
                 count(long(reflex.size()), "reflex vertex", "reflex vertices"),
                 reflexNames.join(QStringLiteral(", ")));
    m_steps.push_back(std::move(outline));

    for (std::size_t k = 0; k < t.ears.size(); ++k) {
        const phys::DecomposeEar& ear = t.ears[k];
        Step step;
        step.title = tr("Ear %1 of %2").arg(k + 1).arg(t.ears.size());
        step.world = base;
        for (std::size_t j = 0; j < k; ++j) {
            step.world.push_back(polygon(indicesToPoints(t.ears[j].triangle), QColor(90, 130, 200),
                                         QColor(150, 185, 235, 120), 1.0));
        }
        step.world.push_back(
            polygon(indicesToPoints(ear.triangle), QColor(200, 120, 0), withAlpha(kRegion, 170), 2.0));
        dots(step.world);
        step.text =
            k + 1 == t.ears.size()
                ? tr("The last three vertices (%1, %2, %3) are the last triangle.")
                      .arg(ear.triangle[0])
                      .arg(ear.triangle[1])
                      .arg(ear.triangle[2])
                : tr("Vertex %1 turns left and its triangle (%2, %1, %3) holds no other remaining vertex: "
                     "an ear, cut off along the diagonal %2-%3. Of the ears left, it has the largest "
                     "smallest angle (%4\u00b0), which keeps slivers out.")
                      .arg(ear.tip)
                      .arg(ear.triangle[0])
                      .arg(ear.triangle[2])
                      .arg(QString::number(ear.smallestAngle * 180.0 / phys::kPi, 'f', 1));
        m_steps.push_back(std::move(step));
    }

    for (std::size_t k = 0; k < t.merges.size(); ++k) {
        const phys::DecomposeMerge& m = t.merges[k];
        Step step;
        step.title = tr("Diagonal %1 of %2").arg(k + 1).arg(t.merges.size());
        step.world = base;
        for (std::size_t j = 0; j < m.pieces.size(); ++j) {
            const QColor c = palette[j % std::size(palette)];
            step.world.push_back(
                polygon(indicesToPoints(m.pieces[j]), c.darker(140), withAlpha(c, 110), 1.0));
        }
        const bool removed = m.verdict == phys::DiagonalVerdict::Removed;
        step.world.push_back(line(world[std::size_t(m.from)], world[std::size_t(m.to)],
                                  removed ? kResult : QColor(220, 40, 40), 2.5, removed));
        dots(step.world);
        const QString diagonal = QStringLiteral("%1-%2").arg(m.from).arg(m.to);
        switch (m.verdict) {
        case phys::DiagonalVerdict::Removed:
            step.text =
                tr("Diagonal %1 (dashed green): without it both its ends stay convex, so the pieces on "
                   "either side merge. %2 now.")
                    .arg(diagonal, count(long(m.pieces.size()), "piece", "pieces"));
            break;
        case phys::DiagonalVerdict::ReflexAtStart:
        case phys::DiagonalVerdict::ReflexAtEnd:
            step.text = tr("Diagonal %1 (red) stays: removing it would leave a reflex angle at vertex %2.")
                            .arg(diagonal)
                            .arg(m.verdict == phys::DiagonalVerdict::ReflexAtStart ? m.from : m.to);
            break;
        case phys::DiagonalVerdict::TooManyVertices:
            step.text = tr("Diagonal %1 (red) stays: the merged piece would have more than %2 vertices, the "
                           "engine's limit for one polygon.")
                            .arg(diagonal)
                            .arg(phys::kMaxPolygonVertices);
            break;
        }
        m_steps.push_back(std::move(step));
    }
    const std::size_t pieces = t.merges.empty() ? 1 : t.merges.back().pieces.size();
    m_steps.back().title += tr(" (last)");
    m_steps.back().text += tr(" The result: %1, each convex with at most %2 vertices, together exactly the "
                              "outline; they are the shapes of body \"%3\".")
                               .arg(count(long(pieces), "piece", "pieces"))
                               .arg(phys::kMaxPolygonVertices)
                               .arg(QString::fromStdString(split.bodyName));
}

QWidget* withGjkPanel(WalkthroughDock* dock, QWidget* satPage, Document* document, SceneCanvas* canvas) {
    auto* tabs = new QTabWidget(dock);
    tabs->setObjectName(QStringLiteral("walkthroughPages"));
    tabs->setDocumentMode(true);
    // The page scrolls on its own, so its panes never force a size on the dock or on the SAT page.
    auto* scroll = new QScrollArea(tabs);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* panel = new GjkPanel(document, canvas, scroll);
    scroll->setWidget(panel);
    tabs->addTab(satPage, QObject::tr("SAT \u00b7 Clipping"));
    tabs->addTab(scroll, QObject::tr("GJK \u00b7 EPA \u00b7 Voronoi"));
    QObject::connect(dock, &WalkthroughDock::walkthroughChanged, panel,
                     [dock, panel] { panel->setPair(dock->keyA(), dock->keyB()); });
    return tabs;
}

} // namespace cl
