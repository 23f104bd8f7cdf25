/// @file gjk_panel_toi.cpp
/// The TOI tab of the GJK · EPA · Voronoi page: the engine's time-of-impact sweep (phys::timeOfImpact with
/// its ToiTrace) for the dock's pair, pass by pass. The world pane shows the bodies at t = 0, a ghost at every
/// advanced time and the pose at the time of impact; the second pane plots the separation against time
/// (the root bracketing of each pass, or the distance and its motion bound for bounded advancement). Every
/// number in the text is the trace's.

#include "gjk_diagram.h"
#include "gjk_panel.h"
#include "overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"

#include "physics/mass.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <optional>

namespace cl {

namespace {

using namespace diagram;
using phys::Vec2;

/// Where a body's sweep comes from, and the body as seen there.
struct Moving {
    phys::BodyDef body;
    phys::Sweep sweep;
    bool moves = false;
};

/// The body's motion over one step of `dt` seconds at its velocities, as the engine moves it: the centre of
/// mass (dynamic bodies; kinematic ones turn about their origin, as in the World) on a line, the angle at a
/// constant rate. Static bodies stay put whatever velocity they carry.
Moving sweepOf(const phys::BodyDef& body, double dt) {
    Moving m;
    m.body = body;
    Vec2 local;
    if (body.type == phys::BodyType::Dynamic) {
        std::vector<phys::MassData> parts;
        for (const phys::ShapeDef& s : body.shapes) {
            parts.push_back(
                std::visit([&s](const auto& g) { return phys::computeMass(g, s.density); }, s.geometry));
        }
        const phys::MassData md = phys::combineMass(parts);
        if (md.mass > 0.0 && std::isfinite(md.mass)) {
            local = md.center;
        }
    }
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    if (body.type == phys::BodyType::Static) {
        m.sweep = phys::fixedSweep(xf, local);
        return m;
    }
    const Vec2 c1 = phys::transformPoint(xf, local);
    m.sweep = phys::Sweep{local, c1, c1 + dt * body.linearVelocity, xf.q, dt * body.angularVelocity};
    m.moves = body.linearVelocity != Vec2{} || body.angularVelocity != 0.0;
    return m;
}

QString fraction(double t) {
    return QString::number(t, 'f', 4);
}
QString degrees(double radians) {
    return QString::number(radians * 180.0 / phys::kPi, 'f', 1);
}

/// The plot pane maps (t, s) to (t, s * scale): t spans one unit, the separations a bit over half of it.
struct Plot {
    double scale = 1.0;
    Vec2 at(double t, double s) const { return {t, s * scale}; }
};

const QColor kGhost(120, 120, 120);
const QColor kAxis(200, 30, 140);
const QColor kCurve(60, 90, 170);

} // namespace

SimulationController* GjkPanel::simulation() {
    if (!m_simulationLooked) {
        m_simulationLooked = true;
        if (auto* ui = window()->findChild<SimulationUi*>()) {
            m_simulation = ui->controller();
            auto follow = [this] {
                if (m_view == View::Toi) {
                    rebuild();
                }
            };
            connect(m_simulation, &SimulationController::frameChanged, this, [this, follow] {
                if (!m_simulation->isPlaying()) {
                    follow(); // the frame shown changed while paused (a step, a scrub)
                }
            });
            connect(m_simulation, &SimulationController::playingChanged, this, follow);
            connect(m_simulation, &SimulationController::simulatingChanged, this, follow);
        }
    }
    return m_simulation;
}

void GjkPanel::buildToi() {
    // The motion: in Simulate mode the frame shown (paused), else the edited bodies with the velocities the
    // Inspector sets. One step of the scene's (or the run's) time step, as the engine sweeps.
    SimulationController* sim = simulation();
    const bool simulating = sim && sim->isSimulating();
    if (simulating && sim->isPlaying()) {
        m_steps.push_back(
            {tr("The run is playing"),
             tr("Pause the simulation: the sweep is drawn for the frame shown, from the bodies' "
                "poses and velocities there."),
             {},
             {}});
        return;
    }
    std::optional<phys::BodyDef> simA, simB;
    if (simulating) {
        simA = sim->bodyAt(m_keyA);
        simB = sim->bodyAt(m_keyB);
    }
    const bool fromFrame = simA && simB;
    const double dt = fromFrame ? sim->settings().timeStep : m_document->scene().def.settings.timeStep;
    const Moving a = sweepOf(fromFrame ? *simA : shownBody(m_keyA), dt);
    const Moving b = sweepOf(fromFrame ? *simB : shownBody(m_keyB), dt);
    const phys::ShapeGeometry& ga = a.body.shapes[0].geometry;
    const phys::ShapeGeometry& gb = b.body.shapes[0].geometry;
    const QColor ca = OverlayPainter::colorA(), cb = OverlayPainter::colorB();
    const phys::Transform xfA0 = phys::sweepTransform(a.sweep, 0.0),
                          xfB0 = phys::sweepTransform(b.sweep, 0.0);

    auto motionOf = [&](const QString& name, const Moving& m) {
        if (m.body.type == phys::BodyType::Static) {
            return tr("%1 is static: it does not move.").arg(name);
        }
        return tr("%1: velocity %2 m/s, angular velocity %3 rad/s, so over the step its centre moves %4 m "
                  "and "
                  "it turns %5\u00b0.")
            .arg(name, vec(m.body.linearVelocity))
            .arg(QString::number(m.body.angularVelocity, 'f', 2))
            .arg(len(phys::length(m.sweep.c2 - m.sweep.c1)), degrees(m.sweep.deltaAngle));
    };
    const QString source =
        fromFrame
            ? tr("The motion: the bodies' poses and velocities at simulation frame %1 (t = %2 s), carried "
                 "over the next step of %3 s (gravity's change of velocity within it left out).")
                  .arg(sim->currentStep())
                  .arg(QString::number(sim->currentTime(), 'f', 3))
                  .arg(QString::number(dt, 'g', 4))
            : tr("The motion: the velocities set in the Inspector, over one step of %1 s (the scene's "
                 "time step).")
                  .arg(QString::number(dt, 'g', 4));

    if (!a.moves && !b.moves) {
        Step rest;
        rest.title = tr("Nothing moves");
        rest.world = {polygon(outline(ga, xfA0), ca, withAlpha(ca, 30), 2.0),
                      polygon(outline(gb, xfB0), cb, withAlpha(cb, 30), 2.0)};
        rest.text =
            fromFrame
                ? tr("At simulation frame %1 both A and B are at rest (no velocity, no spin): there is no "
                     "sweep "
                     "to follow. Step to a frame where one of them moves.")
                      .arg(sim->currentStep())
                : tr("A and B are both at rest: neither has a velocity or an angular velocity, so there is "
                     "no "
                     "sweep. Select one of them and set its Velocity (m/s) or Angular velocity (rad/s) in "
                     "the "
                     "Inspector (say 60 m/s towards the other), or enter Simulate mode and pause on a frame "
                     "where one moves.");
        m_steps.push_back(std::move(rest));
        return;
    }

    const phys::DistanceProxy pa = phys::makeProxy(ga), pb = phys::makeProxy(gb);
    m_toi = phys::timeOfImpact(pa, a.sweep, pb, b.sweep, 1.0, &m_toiTrace);
    const phys::ToiTrace& trace = m_toiTrace;
    const double target = trace.target, tol = trace.tolerance;
    const bool bounded = trace.method == phys::ToiMethod::Bounded;

    // The drawings every step shares: the start (faint), the end of the step (dotted), the centres' paths.
    auto poseAt = [&](double t, const QColor& ca2, const QColor& cb2, QColor fillA, QColor fillB,
                      double width, bool dashed) {
        std::vector<DiagramItem> out{
            polygon(outline(ga, phys::sweepTransform(a.sweep, t)), ca2, fillA, width),
            polygon(outline(gb, phys::sweepTransform(b.sweep, t)), cb2, fillB, width)};
        out[0].dashed = out[1].dashed = dashed;
        return out;
    };
    std::vector<DiagramItem> base;
    for (const Moving* m : {&a, &b}) {
        if (m->moves) {
            base.push_back(line(m->sweep.c1, m->sweep.c2, kGhost, 1.0, true));
        }
    }
    for (DiagramItem& item :
         poseAt(1.0, withAlpha(ca, 110), withAlpha(cb, 110), Qt::transparent, Qt::transparent, 1.0, true)) {
        base.push_back(std::move(item));
    }
    for (DiagramItem& item : poseAt(0.0, withAlpha(ca, 150), withAlpha(cb, 150), withAlpha(ca, 20),
                                    withAlpha(cb, 20), 1.2, false)) {
        base.push_back(std::move(item));
    }
    for (const Moving* m : {&a, &b}) {
        if (m->moves) {
            base.push_back(point(m->sweep.c1, kGhost, tr("t = 0")));
        }
    }

    // The plot: every pass's distance at its time, over the target band.
    double sMax = target;
    for (const phys::ToiIteration& it : trace.iterations) {
        sMax = std::max(sMax, std::abs(it.distance));
        for (const auto& pbk : it.pushBacks) {
            sMax = std::max(sMax, std::abs(pbk.separationAtT2));
            for (const phys::ToiRootStep& r : pbk.root) {
                sMax = std::max(sMax, std::abs(r.separation));
            }
        }
    }
    const Plot plot{0.6 / sMax};
    std::vector<DiagramItem> plotBase{line(plot.at(0.0, target), plot.at(1.0, target), kResult, 1.2, true),
                                      point(plot.at(1.0, target), kResult, tr("target")),
                                      line(plot.at(1.0, 0.0), plot.at(1.0, sMax), kGhost, 1.0, true),
                                      point(plot.at(1.0, sMax), kGhost, tr("t = 1"))};
    // The distance GJK measured at each pass's t1; the current pass's is labelled t1.
    auto distanceDots = [&](std::size_t upTo, std::vector<DiagramItem>& items, bool current) {
        for (std::size_t k = 0; k < upTo && k < trace.iterations.size(); ++k) {
            const bool isCurrent = current && k + 1 == upTo;
            // Many passes crowd together: then only the first and the last are named.
            const bool named = upTo <= 4 || k == 0 || k + 1 == upTo;
            items.push_back(point(plot.at(trace.iterations[k].t1, trace.iterations[k].distance), kSimplex,
                                  isCurrent ? tr("t1")
                                  : named   ? tr("pass %1").arg(k + 1)
                                            : QString()));
        }
    };

    // Step 1: the sweep.
    Step sweepStep;
    sweepStep.title = tr("The sweep");
    sweepStep.world = base;
    for (DiagramItem& item : poseAt(1.0, ca, cb, Qt::transparent, Qt::transparent, 1.2, true)) {
        sweepStep.world.push_back(std::move(item));
    }
    sweepStep.text = source + QLatin1Char(' ') + motionOf(QStringLiteral("A"), a) + QLatin1Char(' ') +
                     motionOf(QStringLiteral("B"), b) + QLatin1Char(' ');
    sweepStep.text +=
        tr("Time t runs from 0 (solid) to 1 (dashed), the fraction of the step. The engine looks for the "
           "first t at which the cores are %1 m apart (the radii plus the %2 m slop, give or take %3 m), so "
           "a "
           "fast body can be stopped just short of the surface instead of passing through. ")
            .arg(len(target), len(phys::kLinearSlop), len(tol));
    sweepStep.text +=
        bounded ? tr("The turning can move a surface point by %1 m over the step, more than the slop, so it "
                     "uses bounded advancement (Mirtich): no point moves faster than %2 m per step relative "
                     "to the other shape, so a gap d cannot close before (d - target) / %2 of the step.")
                      .arg(len(trace.turning), len(trace.bound))
        : trace.turning == 0.0
            ? tr("Nothing turns, so it follows separating axes (conservative advancement with a root "
                 "finder, Catto 2013).")
            : tr("The turning moves a surface point by %1 m at most, within the slop, so it follows "
                 "separating axes (conservative advancement with a root finder, Catto 2013).")
                  .arg(len(trace.turning));
    m_steps.push_back(std::move(sweepStep));

    // One step per advancement pass.
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        const phys::ToiIteration& it = trace.iterations[k];
        const phys::Transform xfA = phys::sweepTransform(a.sweep, it.t1);
        Step step;
        step.title = tr("Pass %1: t = %2").arg(k + 1).arg(fraction(it.t1));
        step.world = base;
        for (std::size_t j = 0; j < k; ++j) { // the earlier advanced times, as ghosts
            for (DiagramItem& item : poseAt(trace.iterations[j].t1, withAlpha(ca, 120), withAlpha(cb, 120),
                                            Qt::transparent, Qt::transparent, 1.0, true)) {
                step.world.push_back(std::move(item));
            }
        }
        for (DiagramItem& item : poseAt(it.t1, ca, cb, withAlpha(ca, 50), withAlpha(cb, 50), 2.0, false)) {
            step.world.push_back(std::move(item));
        }
        step.world.push_back(line(it.pointA, it.pointB, kResult, 2.0));
        step.world.push_back(point(it.pointA, kResult));
        step.world.push_back(point(it.pointB, kResult));
        step.minkowski = plotBase;
        distanceDots(k + 1, step.minkowski, true);

        QString text =
            tr("At t = %1 (%2 s into the step) GJK gives the cores %3 m apart, between %4 on A and "
               "%5 on B (green). ")
                .arg(fraction(it.t1), QString::number(it.t1 * dt, 'g', 3), len(it.distance), vec(it.pointA),
                     vec(it.pointB));
        const bool last = k + 1 == trace.iterations.size();
        if (it.distance <= 0.0) {
            text += tr("They overlap: there is no gap to close, so the sweep stops (the contact solver "
                       "separates overlapping bodies).");
        } else if (it.distance < target + tol) {
            text += tr("That is within %1 m of the target %2 m: this is the time of impact.")
                        .arg(len(tol), len(target));
        } else if (bounded) {
            const double next = it.t1 + (it.distance - target) / trace.bound;
            step.minkowski.push_back(
                line(plot.at(it.t1, it.distance),
                     plot.at(std::min(next, 1.0), it.distance - (std::min(next, 1.0) - it.t1) * trace.bound),
                     kAxis, 1.6, true));
            text += tr("Points move at most %1 m per step, so the gap of %2 m down to the target cannot "
                       "close before t = %3 + (%4 - %5) / %1 = %6 (the dashed line, a lower bound on the "
                       "distance). ")
                        .arg(len(trace.bound), len(it.distance - target), fraction(it.t1), len(it.distance),
                             len(target), fraction(next));
            text += next >= 1.0 ? tr("That is past the end of the step: they do not meet in it.")
                                : tr("The shapes are advanced to t = %1.").arg(fraction(next));
        } else {
            // The separating axis and the push-backs with their root bracketing.
            double size = 0.0; // the axis arrow: half A's reach from its witness point
            for (const Vec2 q : outline(ga, xfA)) {
                size = std::max(size, phys::distance(q, it.pointA));
            }
            step.world.push_back(arrow(it.pointA, it.pointA + 0.5 * size * it.axis, kAxis));
            switch (it.axisKind) {
            case phys::ToiAxisKind::Points:
                text += tr("The closest features are a point of each, so the axis is the line through them, "
                           "n = %1 (magenta), fixed in the world. ")
                            .arg(vec(it.axis));
                break;
            case phys::ToiAxisKind::FaceA:
                text += tr("The closest feature of A is an edge, so the axis is its normal n = %1 (magenta), "
                           "which turns with A. ")
                            .arg(vec(it.axis));
                break;
            case phys::ToiAxisKind::FaceB:
                text +=
                    tr("The closest feature of B is an edge, so the axis is its normal, n = %1 from A to B "
                       "(magenta), which turns with B. ")
                        .arg(vec(it.axis));
                break;
            }
            auto pointName = [](const phys::DistanceProxy& p, int index, const QString& body) {
                if (index < 0) {
                    return tr("%1's edge").arg(body);
                }
                return p.count == 1 ? tr("%1's centre").arg(body)
                                    : tr("vertex %1 of %2").arg(index).arg(body);
            };
            for (std::size_t j = 0; j < it.pushBacks.size(); ++j) {
                const auto& pbk = it.pushBacks[j];
                // The deepest points at t2, drawn on the shapes there.
                const phys::Transform xfA2 = phys::sweepTransform(a.sweep, pbk.t2);
                const phys::Transform xfB2 = phys::sweepTransform(b.sweep, pbk.t2);
                if (j + 1 == it.pushBacks.size()) {
                    // The shapes at that t2 (magenta, dashed), where the deepest points are found.
                    for (DiagramItem& item : poseAt(pbk.t2, withAlpha(kAxis, 150), withAlpha(kAxis, 150),
                                                    Qt::transparent, Qt::transparent, 1.0, true)) {
                        step.world.push_back(std::move(item));
                    }
                    if (pbk.indexA >= 0) {
                        step.world.push_back(
                            point(phys::transformPoint(xfA2, pa.points[pbk.indexA]), kAxis, tr("deepest")));
                    }
                    if (pbk.indexB >= 0) {
                        step.world.push_back(
                            point(phys::transformPoint(xfB2, pb.points[pbk.indexB]), kAxis, tr("deepest")));
                    }
                }
                text += tr("At t2 = %1 the deepest points along n, %2 and %3, are %4 m apart: ")
                            .arg(fraction(pbk.t2), pointName(pa, pbk.indexA, QStringLiteral("A")),
                                 pointName(pb, pbk.indexB, QStringLiteral("B")), len(pbk.separationAtT2));
                if (pbk.separationAtT2 > target + tol) {
                    text += tr("more than the target, so this axis keeps them apart until t2, the end of the "
                               "step: they do not meet in it.");
                    step.minkowski.push_back(
                        line(plot.at(it.t1, it.distance), plot.at(pbk.t2, pbk.separationAtT2), kCurve, 1.4));
                    step.minkowski.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kAxis, tr("t2")));
                    break;
                }
                if (pbk.separationAtT2 > target - tol) {
                    text += tr("the target, so the shapes are advanced to t2 for the next pass.");
                    if (j == 0) { // else t2 is the root just drawn
                        step.minkowski.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kAxis, tr("t2")));
                    }
                    break;
                }
                const double s1 = pbk.separationAtT1;
                text += tr("below the target. At t1 they are %1 m apart along n, ").arg(len(s1));
                if (s1 < target - tol) {
                    text += tr("below the target already: the search fails (round-off) and keeps t1.");
                    break;
                }
                if (s1 <= target + tol) {
                    text += tr("the target: the time of impact is t1.");
                    break;
                }
                text += tr("above it, so s(t) crosses the target between t1 and t2. The root finder "
                           "brackets it, bisecting and taking secants in turn: ");
                // The curve s(t) of these two points as sampled, and the bracket as it shrinks.
                std::vector<std::pair<double, double>> samples{{it.t1, s1}, {pbk.t2, pbk.separationAtT2}};
                double lo = it.t1, hi = pbk.t2;
                QStringList rootSteps;
                for (std::size_t r = 0; r < pbk.root.size(); ++r) {
                    const phys::ToiRootStep& rs = pbk.root[r];
                    samples.emplace_back(rs.t, rs.separation);
                    const bool done = std::abs(rs.separation - target) < tol;
                    if (!done) {
                        (rs.separation > target ? lo : hi) = rs.t;
                    }
                    if (rootSteps.size() < 8 || done) {
                        rootSteps << tr("%1 t = %2 gives %3 m%4")
                                         .arg(r % 2 ? tr("secant") : tr("bisection"), fraction(rs.t),
                                              len(rs.separation),
                                              done
                                                  ? tr(", on the target")
                                                  : tr(", bracket [%1, %2]").arg(fraction(lo), fraction(hi)));
                    } else if (rootSteps.size() == 8) {
                        rootSteps << QStringLiteral("\u2026");
                    }
                }
                text += rootSteps.join(QStringLiteral("; ")) + QStringLiteral(". ");
                std::sort(samples.begin(), samples.end());
                DiagramItem curve;
                curve.kind = DiagramItem::Kind::Polyline;
                curve.stroke = kCurve;
                curve.width = 1.4;
                for (const auto& [t, s] : samples) {
                    curve.points.push_back(plot.at(t, s));
                }
                step.minkowski.push_back(curve);
                step.minkowski.push_back(point(plot.at(pbk.t2, pbk.separationAtT2), kCurve, tr("t2")));
                for (std::size_t r = 0; r < pbk.root.size(); ++r) {
                    step.minkowski.push_back(point(plot.at(pbk.root[r].t, pbk.root[r].separation), kAxis,
                                                   r + 1 == pbk.root.size() ? tr("root") : QString()));
                }
                if (!pbk.root.empty()) {
                    text += tr("The shapes cannot come within the target along n before t = %1, the new t2. ")
                                .arg(fraction(pbk.root.back().t));
                }
            }
            if (!last && trace.iterations[k + 1].t1 > it.t1) {
                text += tr(" Next pass from t = %1.").arg(fraction(trace.iterations[k + 1].t1));
            }
        }
        step.text = text.trimmed();
        m_steps.push_back(std::move(step));
    }

    // The result: every advanced time as a ghost, the pose at the time of impact.
    Step result;
    result.world = base;
    for (const phys::ToiIteration& it : trace.iterations) {
        for (DiagramItem& item : poseAt(it.t1, withAlpha(ca, 120), withAlpha(cb, 120), Qt::transparent,
                                        Qt::transparent, 1.0, true)) {
            result.world.push_back(std::move(item));
        }
    }
    result.minkowski = plotBase;
    distanceDots(trace.iterations.size(), result.minkowski, false);
    const QString passes =
        bounded ? count(m_toi.iterations, "advancement pass", "advancement passes")
                : tr("%1 and %2")
                      .arg(count(m_toi.iterations, "advancement pass", "advancement passes"),
                           count(m_toi.rootIterations, "root-finder step", "root-finder steps"));
    switch (m_toi.state) {
    case phys::ToiState::Hit:
        result.title = tr("Time of impact t = %1").arg(fraction(m_toi.fraction));
        for (DiagramItem& item :
             poseAt(m_toi.fraction, ca, cb, withAlpha(ca, 70), withAlpha(cb, 70), 2.4, false)) {
            result.world.push_back(std::move(item));
        }
        result.minkowski.push_back(
            line(plot.at(m_toi.fraction, 0.0), plot.at(m_toi.fraction, sMax), kResult, 1.6));
        result.text =
            tr("Time of impact t = %1 of the step, %2 s after the start (solid: the pose then; dashed: "
               "the advanced times). The cores are then the target %3 m apart, within %4 m. This is "
               "the time the engine's continuous collision uses to stop a fast body just short of "
               "the surface. %5.")
                .arg(fraction(m_toi.fraction), QString::number(m_toi.fraction * dt, 'g', 4), len(target),
                     len(tol), passes);
        break;
    case phys::ToiState::Separated:
        result.title = tr("No impact in this step");
        result.text =
            tr("A and B stay more than %1 m apart for the whole step: no time of impact (t = 1). %2.")
                .arg(len(target), passes);
        break;
    case phys::ToiState::Overlapped:
        result.title = tr("Overlapping at the start");
        result.text =
            tr("The cores already overlap at t = 0: there is no gap to sweep. The contact solver, not "
               "the time of impact, separates overlapping bodies.");
        break;
    case phys::ToiState::Failed:
        result.title = tr("No convergence");
        result.text =
            tr("The search did not converge (round-off); the last time known to be safe is t = %1. %2.")
                .arg(fraction(m_toi.fraction), passes);
        break;
    }
    m_steps.push_back(std::move(result));
}

} // namespace cl
