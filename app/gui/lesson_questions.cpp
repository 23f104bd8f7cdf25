/// @file lesson_questions.cpp
/// Each geometry question builds the Walkthrough of its pair (the traced narrow phase, as the Walkthrough
/// dock and `contactlab-cli walkthrough` show it) and reads the answer off the trace; the reveal is the
/// walkthrough step the answer comes from, with that step's own explanation. The tunnelling question runs
/// the engine (phys::World) twice, with continuous collision off and on.

#include "lesson_questions.h"

#include "physics/world.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace cl {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("cl::LessonQuestions", text);
}

int findStep(const Walkthrough& w, WalkthroughStepKind kind) {
    for (int i = 0; i < w.stepCount(); ++i) {
        if (w.step(i).kind == kind) {
            return i;
        }
    }
    return -1;
}

void reveal(LessonQuestionEval& eval, const Walkthrough& w, WalkthroughStepKind kind) {
    eval.mode = w.mode();
    eval.revealStep = findStep(w, kind);
    if (eval.revealStep >= 0) {
        const WalkthroughStep& step = w.step(eval.revealStep);
        // (an explanation that already opens with its title is not given it twice)
        eval.why = step.explanation.startsWith(step.title + QLatin1Char(':'))
                       ? step.explanation
                       : step.title + QStringLiteral(": ") + step.explanation;
    }
}

/// An arrow for a direction, so a student reads "↗ (0.71, 0.71)" at a glance.
QString arrow(phys::Vec2 d) {
    static const QString arrows[8] = {QStringLiteral("→"), QStringLiteral("↗"), QStringLiteral("↑"),
                                      QStringLiteral("↖"), QStringLiteral("←"), QStringLiteral("↙"),
                                      QStringLiteral("↓"), QStringLiteral("↘")};
    const double angle = std::atan2(d.y, d.x);
    const int sector = static_cast<int>(std::lround(angle / (std::numbers::pi / 4.0)));
    return arrows[(sector % 8 + 8) % 8];
}

QString edgeLabel(int polygon, int edge, phys::Vec2 start, phys::Vec2 end) {
    return tr("%1's edge %2: %3 to %4")
        .arg(polygon == 0 ? QStringLiteral("A") : QStringLiteral("B"))
        .arg(edge)
        .arg(Walkthrough::vector(start), Walkthrough::vector(end));
}

/// A choice that is only words (yes/no, the teacher's choices).
LessonChoice labelled(const QString& label) {
    LessonChoice c;
    c.label = label;
    return c;
}

/// Names edge `edge` of the walkthrough's polygon `polygon` (0 = A, 1 = B) in `c`, with its world end points;
/// nothing when that shape is not a polygon (a circle axis).
void setEdge(LessonChoice& c, const Walkthrough& w, int polygon, int edge) {
    if (polygon < 0 || edge < 0) {
        return;
    }
    const phys::ShapeGeometry& geometry = polygon == 0 ? w.geometryA() : w.geometryB();
    const auto* shape = std::get_if<phys::Polygon>(&geometry);
    if (!shape || edge >= shape->count()) {
        return;
    }
    const phys::Transform xf = polygon == 0 ? w.transformA() : w.transformB();
    c.polygon = polygon;
    c.edge = edge;
    c.start = phys::transformPoint(xf, shape->vertex(edge));
    c.end = phys::transformPoint(xf, shape->vertex((edge + 1) % shape->count()));
}

/// "A's edge 2 normal", "circle axis": short enough for a radio button.
QString axisName(const phys::SatAxis& axis, phys::ShapePairKind kind) {
    switch (axis.owner) {
    case phys::SatAxisOwner::A:
        return tr("A's edge %1 normal").arg(axis.edge);
    case phys::SatAxisOwner::B:
        return tr("B's edge %1 normal").arg(axis.edge);
    case phys::SatAxisOwner::Circle:
        break;
    }
    return kind == phys::ShapePairKind::CircleCircle ? tr("centre line") : tr("circle axis");
}

/// The SAT questions: least-overlap axis, MTV direction, depth.
void evaluateSat(LessonQuestionEval& eval, const LessonStep& q, const Walkthrough& w) {
    const phys::SatTrace& sat = w.trace().sat;
    const phys::ShapePairKind pairKind = w.trace().kind;
    if (sat.axisCount == 0 || sat.mtvAxis < 0) {
        eval.problem = tr("SAT found no axis for this pair.");
        return;
    }
    const phys::SatAxis& chosen = sat.axes[sat.mtvAxis];
    reveal(eval, w, WalkthroughStepKind::SatResult);
    switch (q.kind) {
    case LessonQuestionKind::LeastOverlapAxis: {
        double least = std::numeric_limits<double>::infinity();
        for (int k = 0; k < sat.axisCount; ++k) {
            least = std::min(least, sat.axes[k].overlap);
        }
        // The engine's tie rule (sat.h): axes within the tie tolerance of the least count as least too.
        const double tol = phys::kSatTieAbsolute + phys::kSatTieRelative * std::abs(least);
        for (int k = 0; k < sat.axisCount; ++k) {
            const phys::SatAxis& axis = sat.axes[k];
            LessonChoice c;
            c.axis = k;
            c.direction = axis.normal;
            setEdge(c, w,
                    axis.owner == phys::SatAxisOwner::A   ? 0
                    : axis.owner == phys::SatAxisOwner::B ? 1
                                                          : -1,
                    axis.edge);
            c.label = tr("Axis %1: %2 %3")
                          .arg(k + 1)
                          .arg(axisName(axis, pairKind), Walkthrough::vector(axis.normal));
            eval.choices.push_back(c);
            if (axis.overlap <= least + tol) {
                eval.correct.push_back(k);
            }
        }
        eval.answerText = tr("axis %1, %2, overlap %3 m")
                              .arg(sat.mtvAxis + 1)
                              .arg(Walkthrough::axisOrigin(chosen, pairKind),
                                   Walkthrough::axisOverlap(chosen, Walkthrough::satDecimals(sat)));
        if (sat.separated) {
            eval.answerText += tr(" (a gap: the shapes do not touch)");
        }
        if (eval.correct.size() > 1) {
            QStringList tied;
            for (const int k : eval.correct) {
                tied.append(QString::number(k + 1));
            }
            eval.answerText +=
                tr("; axes %1 tie within SAT's tolerance, so each counts").arg(tied.join(tr(", ")));
        }
        break;
    }
    case LessonQuestionKind::MtvDirection: {
        if (sat.separated) {
            eval.problem = tr("The bodies do not touch, so there is no MTV. Move them into contact.");
            return;
        }
        // Every direction an axis could give the MTV: each axis normal and its opposite, once each.
        for (int k = 0; k < sat.axisCount; ++k) {
            for (const double sign : {1.0, -1.0}) {
                const phys::Vec2 d = sat.axes[k].normal * sign;
                const bool seen =
                    std::any_of(eval.choices.begin(), eval.choices.end(), [&](const LessonChoice& c) {
                        return phys::dot(c.direction, d) > 1.0 - 1e-9;
                    });
                if (seen) {
                    continue;
                }
                LessonChoice c;
                c.direction = d;
                c.label = arrow(d) + QStringLiteral(" ") + Walkthrough::vector(d);
                eval.choices.push_back(c);
            }
        }
        std::sort(eval.choices.begin(), eval.choices.end(), [](const LessonChoice& a, const LessonChoice& b) {
            return std::atan2(a.direction.y, a.direction.x) < std::atan2(b.direction.y, b.direction.x);
        });
        for (int i = 0; i < static_cast<int>(eval.choices.size()); ++i) {
            if (phys::dot(eval.choices[static_cast<std::size_t>(i)].direction, sat.mtvNormal) > 1.0 - 1e-9) {
                eval.correct.push_back(i);
            }
        }
        // The depth with the decimals the walkthrough's table gives it (0.403, not 0.40 beside it).
        eval.answerText = tr("%1 %2, from A to B: moving B %3 m that way separates them")
                              .arg(arrow(sat.mtvNormal), Walkthrough::vector(sat.mtvNormal),
                                   QString::number(sat.mtvDepth, 'f', Walkthrough::satDecimals(sat)));
        break;
    }
    case LessonQuestionKind::ContactDepth:
        if (sat.separated) {
            eval.problem =
                tr("The bodies do not touch, so the contact has no depth. Move them into contact.");
            return;
        }
        eval.numeric = true;
        eval.value = sat.mtvDepth;
        eval.tolerance = q.tolerance;
        // One decimal more than the tolerance has (0.403 m within 0.02 m), and never fewer than the
        // walkthrough's table: an answer of 0.38 against "0.40 m, within 0.020 m" would read as right.
        eval.answerDecimals =
            std::max(Walkthrough::satDecimals(sat),
                     q.tolerance > 0.0 ? int(std::ceil(-std::log10(q.tolerance) - 1e-9)) + 1 : 3);
        eval.answerText = tr("%1 m (the MTV's length; answers within %2 m count)")
                              .arg(QString::number(sat.mtvDepth, 'f', eval.answerDecimals),
                                   Walkthrough::length(q.tolerance));
        break;
    default:
        break;
    }
}

/// The clipping questions: reference edge, incident edge, points kept.
void evaluateClip(LessonQuestionEval& eval, const LessonStep& q, const Walkthrough& w) {
    const phys::CollideTrace& trace = w.trace();
    if (trace.kind != phys::ShapePairKind::PolygonPolygon) {
        eval.problem = tr("Clipping applies to two polygons only; this pair has a circle.");
        return;
    }
    if (trace.separated || trace.clip.referenceEdge < 0) {
        eval.problem = tr("The bodies do not touch, so nothing is clipped. Move them into contact.");
        return;
    }
    const phys::ClipTrace& clip = trace.clip;
    if (q.kind == LessonQuestionKind::ClipKeptPoints) {
        if (clip.pointCount == 0) {
            eval.problem = tr("The side planes left no point to test against the reference face.");
            return;
        }
        eval.multiSelect = true;
        QStringList kept;
        for (int i = 0; i < clip.pointCount; ++i) {
            LessonChoice c;
            c.point = clip.points[i].point;
            c.label = tr("Point %1 at %2").arg(i + 1).arg(Walkthrough::vector(c.point));
            eval.choices.push_back(c);
            if (clip.points[i].kept) {
                eval.correct.push_back(i);
                kept.append(QString::number(i + 1));
            }
        }
        eval.answerText = kept.isEmpty() ? tr("none of them") : tr("point %1").arg(kept.join(tr(" and ")));
        reveal(eval, w, WalkthroughStepKind::ClipReferenceFace);
        return;
    }
    for (int polygon = 0; polygon < 2; ++polygon) {
        const phys::Polygon& shape = std::get<phys::Polygon>(polygon == 0 ? w.geometryA() : w.geometryB());
        for (int k = 0; k < shape.count(); ++k) {
            LessonChoice c;
            setEdge(c, w, polygon, k);
            c.point = (c.start + c.end) * 0.5;
            c.label = edgeLabel(polygon, k, c.start, c.end);
            eval.choices.push_back(c);
        }
    }
    const bool reference = q.kind == LessonQuestionKind::ReferenceEdge;
    const int polygon = (reference != clip.flip) ? 0 : 1; // the reference is B's when flipped
    const int edge = reference ? clip.referenceEdge : clip.incidentEdge;
    for (int i = 0; i < static_cast<int>(eval.choices.size()); ++i) {
        const LessonChoice& c = eval.choices[static_cast<std::size_t>(i)];
        if (c.polygon == polygon && c.edge == edge) {
            eval.correct.push_back(i);
            eval.answerText = c.label;
        }
    }
    reveal(eval, w, WalkthroughStepKind::ClipReference);
}

/// The shadow [min, max] of a body's shapes on unit direction `d`, metres.
std::pair<double, double> shadow(const phys::BodyDef& body, const phys::Transform& xf, phys::Vec2 d) {
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const phys::ShapeDef& shape : body.shapes) {
        if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
            const double c = phys::dot(phys::transformPoint(xf, circle->center), d);
            low = std::min(low, c - circle->radius);
            high = std::max(high, c + circle->radius);
        } else {
            const auto& polygon = std::get<phys::Polygon>(shape.geometry);
            for (int k = 0; k < polygon.count(); ++k) {
                const double s = phys::dot(phys::transformPoint(xf, polygon.vertex(k)), d);
                low = std::min(low, s);
                high = std::max(high, s);
            }
        }
    }
    return {low, high};
}

/// Puts the scene's bodies into `world` (a World of the question's own, never the app's simulation) with
/// `settings`, body `launched` (if any) given `velocity`; `ids[i]` is body i. Returns why not, or empty.
QString fillWorld(phys::World& world, std::vector<phys::BodyId>& ids, const phys::SceneDef& scene,
                  const phys::WorldSettings& settings, int launched = -1, phys::Vec2 velocity = {}) {
    if (const auto error = world.setSettings(settings)) {
        return QString::fromStdString(error->message);
    }
    world.setReportFlags(phys::kReportNone);
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        phys::BodyDef def = scene.bodies[i];
        if (static_cast<int>(i) == launched) {
            def.linearVelocity = velocity;
        }
        auto created = world.createBody(def);
        if (!created) {
            return QString::fromStdString(created.error().message);
        }
        ids.push_back(*created);
    }
    return {};
}

struct TunnelRun {
    bool ok = false;
    QString problem;
    bool passed = false; ///< the body ended a step wholly beyond the target, its path crossing it
    int step = 0;        ///< the step it was first beyond (passed), else the steps run
    double time = 0.0;
};

/// Runs the scene with `body` at `velocity` for `duration` seconds and reports whether it ends a step on
/// the far side of `target` (its shadow along the velocity wholly past the target's, while the shadows
/// across the velocity overlap: it went through, not around).
TunnelRun runTunnel(const phys::SceneDef& scene, const LessonStep& q, bool continuous) {
    TunnelRun run;
    phys::WorldSettings settings = scene.settings;
    settings.continuous = continuous;
    phys::World world;
    std::vector<phys::BodyId> ids;
    run.problem = fillWorld(world, ids, scene, settings, q.body, q.velocity);
    if (!run.problem.isEmpty()) {
        return run;
    }
    const phys::Vec2 d = phys::normalize(q.velocity);
    const phys::Vec2 across{-d.y, d.x};
    const phys::BodyDef& moving = scene.bodies[static_cast<std::size_t>(q.body)];
    const phys::BodyDef& wall = scene.bodies[static_cast<std::size_t>(q.target)];
    const auto id = [&](int index) {
        return ids[static_cast<std::size_t>(index)];
    };
    const auto beyond = [&]() {
        const auto along = shadow(moving, world.transform(id(q.body)), d);
        const auto wallAlong = shadow(wall, world.transform(id(q.target)), d);
        const auto side = shadow(moving, world.transform(id(q.body)), across);
        const auto wallSide = shadow(wall, world.transform(id(q.target)), across);
        return along.first > wallAlong.second && side.first < wallSide.second && wallSide.first < side.second;
    };
    const int steps = static_cast<int>(std::ceil(q.duration / settings.timeStep - 1e-9));
    run.ok = true;
    for (int i = 1; i <= steps; ++i) {
        const phys::StepReport& report = world.step();
        run.step = i;
        run.time = report.time;
        if (beyond()) {
            run.passed = true;
            return run;
        }
    }
    return run;
}

void evaluateTunnel(LessonQuestionEval& eval, const LessonStep& q, const phys::SceneDef& scene) {
    const phys::BodyDef& moving = scene.bodies[static_cast<std::size_t>(q.body)];
    const phys::BodyDef& wall = scene.bodies[static_cast<std::size_t>(q.target)];
    if (moving.type != phys::BodyType::Dynamic) {
        eval.problem = tr("Body %1 is not dynamic, so it does not move by itself.").arg(q.body);
        return;
    }
    const phys::Vec2 d = phys::normalize(q.velocity);
    const auto along = shadow(moving, {moving.position, phys::Rot(moving.angle)}, d);
    const auto wallAlong = shadow(wall, {wall.position, phys::Rot(wall.angle)}, d);
    if (along.second > wallAlong.first) {
        eval.problem =
            tr("Body %1 does not start in front of body %2 along its velocity.").arg(q.body).arg(q.target);
        return;
    }
    const TunnelRun off = runTunnel(scene, q, false);
    const TunnelRun on = runTunnel(scene, q, true);
    if (!off.ok || !on.ok) {
        eval.problem = off.ok ? on.problem : off.problem;
        return;
    }
    eval.choices.push_back(labelled(tr("Yes, it passes through")));
    eval.choices.push_back(labelled(tr("No, it is stopped")));
    eval.correct.push_back(off.passed ? 0 : 1);
    const double perStep = phys::length(q.velocity) * scene.settings.timeStep;
    const double thickness = (wallAlong.second - wallAlong.first) + (along.second - along.first);
    eval.answerText =
        off.passed ? tr("yes: with continuous collision off it was through at step %1 (t = %2 s)")
                         .arg(off.step)
                         .arg(off.time, 0, 'f', 3)
                   : tr("no: after %1 s with continuous collision off it is still in front").arg(q.duration);
    // The why, from the two runs: how far a step moves against how much there is to hit, then what the
    // engine saw.
    QString what;
    if (off.passed && perStep > thickness) {
        what = tr("a step can jump from in front of the target to behind it without the poses ever "
                  "overlapping, and after step %1 it was behind.")
                   .arg(off.step);
    } else if (off.passed) {
        what = tr("a step saw them overlapping, but with the body already past the target's middle: the "
                  "shortest way out is through the far side, so the contact pushed it on; after step %1 it "
                  "was behind.")
                   .arg(off.step);
    } else {
        what =
            tr("a step saw them overlapping while the body was still in front, and the contact stopped it.");
    }
    eval.why =
        tr("Each step (%1 s) moves the body %2 m along its path, and the target and the body measure "
           "%3 m along it. With continuous collision off the engine only looks at the poses after each "
           "step: %4 With continuous collision on (the app's default) the engine %5.")
            .arg(scene.settings.timeStep, 0, 'f', 4)
            .arg(Walkthrough::length(perStep), Walkthrough::length(thickness), what,
                 on.passed ? tr("still let it through") : tr("finds the time of impact and stops it"));
}

struct StandRun {
    QString problem;
    double drift = 0.0;     ///< largest distance a watched centre of mass got from its start, metres
    double endSpeed = 0.0;  ///< fastest watched body at the end, m/s
    double worstTime = 0.0; ///< when the drift was largest, seconds
};

/// Runs the scene as it is with `settings` on a World of its own (not the app's simulation) for
/// `duration` seconds at the scene's time step:
///
///     start[b] = centre of mass of b, for each watched body b
///     repeat ceil(duration / dt) times:
///         step the world
///         drift = max(drift, |centre of mass of b - start[b]|) over watched b
///
/// The largest drift over the whole run counts, not only the last pose: a stack that bounces and comes back
/// did not stand.
StandRun runStand(const phys::SceneDef& scene, const phys::WorldSettings& settings,
                  const std::vector<int>& watch, double duration) {
    StandRun run;
    phys::World world;
    std::vector<phys::BodyId> ids;
    run.problem = fillWorld(world, ids, scene, settings);
    if (!run.problem.isEmpty()) {
        return run;
    }
    std::vector<phys::Vec2> start;
    for (const int b : watch) {
        start.push_back(world.worldCenter(ids[static_cast<std::size_t>(b)]));
    }
    const int steps = static_cast<int>(std::ceil(duration / settings.timeStep - 1e-9));
    for (int i = 1; i <= steps; ++i) {
        const phys::StepReport& report = world.step();
        for (std::size_t k = 0; k < watch.size(); ++k) {
            const double d =
                phys::length(world.worldCenter(ids[static_cast<std::size_t>(watch[k])]) - start[k]);
            if (d > run.drift) {
                run.drift = d;
                run.worstTime = report.time;
            }
        }
    }
    for (const int b : watch) {
        run.endSpeed =
            std::max(run.endSpeed, phys::length(world.linearVelocity(ids[static_cast<std::size_t>(b)])));
    }
    return run;
}

QString candidateName(LessonSolverCandidate candidate) {
    switch (candidate) {
    case LessonSolverCandidate::SoftStep:
        return tr("Impulses, soft step (the default)");
    case LessonSolverCandidate::Baumgarte:
        return tr("Impulses, Baumgarte's bias");
    case LessonSolverCandidate::PushOut:
        return tr("Push-out along the MTV");
    case LessonSolverCandidate::Verlet:
        return tr("Verlet (particles and constraints)");
    }
    return {};
}

void evaluateStableSolver(LessonQuestionEval& eval, const LessonStep& q, const phys::SceneDef& scene) {
    std::vector<int> watch = q.watch;
    if (watch.empty()) {
        for (int i = 0; i < static_cast<int>(scene.bodies.size()); ++i) {
            if (scene.bodies[static_cast<std::size_t>(i)].type == phys::BodyType::Dynamic) {
                watch.push_back(i);
            }
        }
    }
    if (watch.empty()) {
        eval.problem = tr("The scene has no dynamic body, so nothing can fall.");
        return;
    }
    eval.multiSelect = true;
    QStringList standing;
    QStringList lines;
    for (const LessonSolverCandidate candidate : q.candidates) {
        const StandRun run =
            runStand(scene, lessonCandidateSettings(scene.settings, candidate), watch, q.duration);
        if (!run.problem.isEmpty()) {
            eval.problem = run.problem;
            return;
        }
        LessonChoice c;
        c.candidate = candidate;
        c.drift = run.drift;
        c.endSpeed = run.endSpeed;
        c.label = candidateName(candidate);
        const bool stands = run.drift <= q.drift;
        if (stands) {
            eval.correct.push_back(static_cast<int>(eval.choices.size()));
            standing.append(c.label);
        }
        lines.append(tr("%1: moved up to %2 m (at t = %3 s), fastest body %4 m/s at the end: %5")
                         .arg(c.label, QString::number(run.drift, 'f', 4))
                         .arg(run.worstTime, 0, 'f', 2)
                         .arg(run.endSpeed, 0, 'f', 3)
                         .arg(stands ? tr("stands") : tr("does not stand")));
        eval.choices.push_back(c);
    }
    eval.answerText = standing.isEmpty() ? tr("none of them") : standing.join(tr("; "));
    eval.why = tr("The engine ran the scene for %1 s with each candidate, each on a world of its own, and "
                  "counted a body as standing while its centre of mass stayed within %2 m of where it "
                  "started.\n")
                   .arg(q.duration)
                   .arg(Walkthrough::length(q.drift)) +
               lines.join(QStringLiteral("\n"));
}

} // namespace

LessonQuestionEval evaluateLessonQuestion(const LessonStep& q, const phys::SceneDef& scene) {
    LessonQuestionEval eval;
    eval.kind = q.kind;
    eval.bodyA = q.bodyA;
    eval.bodyB = q.bodyB;
    const int bodyCount = static_cast<int>(scene.bodies.size());
    switch (q.kind) {
    case LessonQuestionKind::MultipleChoice:
        for (int i = 0; i < q.choices.size(); ++i) {
            eval.choices.push_back(labelled(q.choices.at(i)));
        }
        if (q.answer >= 0 && q.answer < q.choices.size()) {
            eval.correct.push_back(q.answer);
            eval.answerText = q.choices.at(q.answer);
        }
        eval.why = q.explanation;
        eval.freeText = q.freeText;
        eval.keywords = q.keywords;
        return eval;
    case LessonQuestionKind::StableSolver:
        for (const int b : q.watch) {
            if (b < 0 || b >= bodyCount) {
                eval.problem = tr("The scene no longer has the bodies this question names.");
                return eval;
            }
        }
        evaluateStableSolver(eval, q, scene);
        return eval;
    case LessonQuestionKind::Tunnels:
        if (q.body < 0 || q.body >= bodyCount || q.target < 0 || q.target >= bodyCount) {
            eval.problem = tr("The scene no longer has the bodies this question names.");
            return eval;
        }
        evaluateTunnel(eval, q, scene);
        return eval;
    default:
        break;
    }
    if (q.bodyA < 0 || q.bodyA >= bodyCount || q.bodyB < 0 || q.bodyB >= bodyCount || q.bodyA == q.bodyB) {
        eval.problem = tr("The scene no longer has the bodies this question names.");
        return eval;
    }
    const bool clipping = q.kind == LessonQuestionKind::ReferenceEdge ||
                          q.kind == LessonQuestionKind::IncidentEdge ||
                          q.kind == LessonQuestionKind::ClipKeptPoints;
    const Walkthrough w = Walkthrough::build(clipping ? WalkthroughMode::Clipping : WalkthroughMode::Sat,
                                             scene.bodies[static_cast<std::size_t>(q.bodyA)],
                                             scene.bodies[static_cast<std::size_t>(q.bodyB)]);
    if (!w.isValid()) {
        eval.problem = w.problem();
        return eval;
    }
    if (clipping) {
        evaluateClip(eval, q, w);
    } else {
        evaluateSat(eval, q, w);
    }
    return eval;
}

int lessonDirectionChoice(const LessonQuestionEval& eval, phys::Vec2 from, phys::Vec2 to) {
    const phys::Vec2 drag = to - from;
    const double length = phys::length(drag);
    if (eval.kind != LessonQuestionKind::MtvDirection || !(length > 0.0)) {
        return -1;
    }
    int best = -1;
    double bestCosine = -2.0;
    for (int i = 0; i < static_cast<int>(eval.choices.size()); ++i) {
        const double cosine = phys::dot(eval.choices[static_cast<std::size_t>(i)].direction, drag) / length;
        if (cosine > bestCosine) {
            bestCosine = cosine;
            best = i;
        }
    }
    return best;
}

double lessonDragDepth(phys::Vec2 from, phys::Vec2 to) {
    return std::round(phys::length(to - from) * 1000.0) / 1000.0;
}

LessonVerdict judgeLessonAnswer(const LessonQuestionEval& eval, const LessonAnswer& answer) {
    LessonVerdict verdict;
    if (eval.numeric) {
        verdict.right =
            std::isfinite(answer.number) && std::abs(answer.number - eval.value) <= eval.tolerance;
    } else if (eval.multiSelect) {
        std::vector<int> picked = answer.picked;
        std::sort(picked.begin(), picked.end());
        picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
        std::vector<int> correct = eval.correct;
        std::sort(correct.begin(), correct.end());
        verdict.right = picked == correct;
    } else {
        verdict.right = answer.picked.size() == 1 && std::find(eval.correct.begin(), eval.correct.end(),
                                                               answer.picked.front()) != eval.correct.end();
    }
    // Free text: graded only when the lesson lists keywords; each must appear somewhere in the sentence.
    QStringList missing;
    if (eval.freeText) {
        for (const QString& keyword : eval.keywords) {
            if (!answer.text.contains(keyword, Qt::CaseInsensitive)) {
                missing.append(QStringLiteral("\"%1\"").arg(keyword));
            }
        }
        verdict.right = verdict.right && missing.isEmpty();
    }
    QString yours;
    if (eval.numeric) {
        yours =
            std::isfinite(answer.number)
                ? tr("You answered %1 m, %2 m from the engine's. ")
                      .arg(answer.number)
                      .arg(QString::number(std::abs(answer.number - eval.value), 'f', eval.answerDecimals))
                : tr("You answered %1 m. ").arg(answer.number);
    } else if (!verdict.right && !answer.picked.empty()) {
        QStringList labels;
        for (const int i : answer.picked) {
            if (i >= 0 && i < static_cast<int>(eval.choices.size())) {
                labels.append(eval.choices[static_cast<std::size_t>(i)].label);
            }
        }
        yours = tr("You picked %1. ").arg(labels.join(tr("; ")));
    } else if (answer.picked.empty()) {
        yours = tr("You picked nothing. ");
    }
    verdict.text = (verdict.right ? tr("Right. ") : tr("Not quite. ")) + yours +
                   tr("The engine's answer: %1.").arg(eval.answerText);
    if (eval.freeText) {
        verdict.text +=
            QStringLiteral("\n\n") + (answer.text.trimmed().isEmpty()
                                          ? tr("You wrote nothing.")
                                          : tr("You wrote: \u201c%1\u201d").arg(answer.text.trimmed()));
        if (!missing.isEmpty()) {
            verdict.text += tr(" It does not mention %1.").arg(missing.join(tr(", ")));
        } else if (eval.keywords.isEmpty()) {
            verdict.text += tr(" (Not graded: your teacher reads it.)");
        }
    }
    if (!eval.why.isEmpty()) {
        verdict.text += QStringLiteral("\n\n") + eval.why;
    }
    return verdict;
}

} // namespace cl
