/// @file slide_series.cpp

#include "slide_series.h"

#include "physics/decompose.h"

#include <QObject>

namespace cl {

namespace {

/// Whether `body` moves over a step (a static body never does).
bool moves(const phys::BodyDef& body) {
    return body.type != phys::BodyType::Static &&
           (body.linearVelocity != phys::Vec2{} || body.angularVelocity != 0.0);
}

} // namespace

std::vector<GjkSteps::Tab> gjkPageSeriesTabs() {
    return {GjkSteps::Tab::Gjk, GjkSteps::Tab::Epa, GjkSteps::Tab::Voronoi, GjkSteps::Tab::Toi,
            GjkSteps::Tab::Split};
}

std::vector<Slide> gjkPageSlides(GjkSteps::Tab tab, const phys::BodyDef& a, int indexA,
                                 const phys::BodyDef& b, double dt, const QString& pair, QString* why) {
    QString reason;
    std::vector<Slide> out;
    if (a.shapes.empty() || b.shapes.empty()) {
        reason = QObject::tr("%1: a body has no shape.").arg(GjkSteps::tabName(tab));
    } else if (tab == GjkSteps::Tab::Toi) {
        if (!moves(a) && !moves(b)) {
            reason = QObject::tr("TOI: neither body moves, so there is no sweep to follow.");
        } else {
            ToiMotion motion;
            motion.a = a;
            motion.b = b;
            motion.dt = dt;
            out = SlideRenderer::gjkSlides(tab, GjkSteps::toi(motion), GjkSteps::tabName(tab), pair);
        }
    } else if (tab == GjkSteps::Tab::Split) {
        const QString name = a.name.empty()
                                 ? (indexA >= 0 ? QObject::tr("body %1").arg(indexA) : QObject::tr("body A"))
                                 : QString::fromStdString(a.name);
        const phys::Result<std::vector<phys::Vec2>> outline = GjkSteps::bodyOutline(a);
        phys::DecomposeTrace trace;
        if (!outline) {
            reason = QObject::tr("Split: %1 has no single outline to split (%2).")
                         .arg(name, QString::fromStdString(outline.error().message));
        } else if (const auto pieces = phys::decomposeConcave(*outline, &trace); !pieces) {
            reason = QObject::tr("Split: the outline of %1 cannot be split (%2).")
                         .arg(name, QString::fromStdString(pieces.error().message));
        } else if (pieces->pieces.size() <= 1) {
            reason =
                QObject::tr("Split: the outline of %1 is convex, so there is nothing to split.").arg(name);
        } else {
            out = SlideRenderer::gjkSlides(tab, GjkSteps::split(trace, {}, name), GjkSteps::tabName(tab),
                                           QObject::tr("the outline of %1").arg(name));
        }
    } else {
        const GjkSteps steps = GjkSteps::pair(tab, a, b);
        if (tab == GjkSteps::Tab::Voronoi && (steps.steps().empty() || steps.steps().front().world.empty())) {
            reason = QObject::tr("Voronoi: neither body pairs a polygon with a circle, the case the regions "
                                 "explain.");
        } else {
            out = SlideRenderer::gjkSlides(tab, steps, GjkSteps::tabName(tab), pair);
        }
    }
    if (why) {
        *why = reason;
    }
    return out;
}

} // namespace cl
