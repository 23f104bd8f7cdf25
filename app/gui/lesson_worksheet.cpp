/// @file lesson_worksheet.cpp
/// Worksheets (lesson_worksheet.h).

#include "lesson_worksheet.h"

#include "label_layout.h"
#include "lesson_questions.h"
#include "overlay.h"
#include "scene_renderer.h"
#include "view_transform.h"
#include "walkthrough.h"

#include "physics/world.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QPolygonF>
#include <QSaveFile>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace cl {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("LessonWorksheet", text);
}

/// Dots per inch of the PDF's device: fine enough for thin overlay lines, small enough to keep files small.
constexpr int kResolution = 150;
/// Overlay drawings are laid out at this many view pixels per device pixel's worth (labels at a readable
/// size on paper: the canvas's 1 px becomes 1/kDrawingScale of a view pixel).
constexpr double kDrawingScale = 1.6;
/// Most fixed steps a "run" step takes (as the Lesson dock).
constexpr int kMaxRunSteps = 100000;

/// The simulation as the Lesson dock leaves it after each simulation step: a World started from the lesson's
/// scene by the first "set" or "run", its settings switched by "set", stepped by "run" up to the time asked.
class SimulationReplay {
public:
    explicit SimulationReplay(const phys::SceneDef& scene) : m_scene(scene), m_settings(scene.settings) {}

    /// Applies a simulation step. Returns what went wrong (empty on success).
    QString apply(const LessonStep& step) {
        if (step.action == LessonSimulationAction::Pause) {
            return {};
        }
        if (step.action == LessonSimulationAction::Set) {
            phys::WorldSettings settings = m_settings;
            if (QString error = applyLessonSetting(settings, step.setting, step.value); !error.isEmpty()) {
                return error;
            }
            m_settings = settings;
            if (m_world) {
                if (const auto error = m_world->setSettings(m_settings)) {
                    return QString::fromStdString(error->message);
                }
                return {};
            }
            return start();
        }
        if (!m_world) {
            if (QString error = start(); !error.isEmpty()) {
                return error;
            }
        }
        const double dt = m_settings.timeStep;
        for (int i = 0; i < kMaxRunSteps && m_world->time() < step.until - 0.5 * dt; ++i) {
            m_world->step();
        }
        return {};
    }

    bool started() const { return m_world != nullptr; }
    double time() const { return m_world ? m_world->time() : 0.0; }
    const phys::WorldSettings& settings() const { return m_settings; }

    /// The scene with the bodies where the simulation has them now.
    phys::SceneDef state() const {
        phys::SceneDef out = m_scene;
        out.settings = m_settings;
        if (m_world) {
            for (std::size_t i = 0; i < m_ids.size(); ++i) {
                out.bodies[i] = m_world->bodyDef(m_ids[i]);
            }
        }
        return out;
    }

private:
    QString start() {
        m_world = std::make_unique<phys::World>();
        if (const auto error = m_world->setSettings(m_settings)) {
            m_world.reset();
            return QString::fromStdString(error->message);
        }
        m_world->setReportFlags(phys::kReportNone);
        for (const phys::BodyDef& body : m_scene.bodies) {
            auto created = m_world->createBody(body);
            if (!created) {
                m_world.reset();
                m_ids.clear();
                return QString::fromStdString(created.error().message);
            }
            m_ids.push_back(*created);
        }
        return {};
    }

    phys::SceneDef m_scene;
    phys::WorldSettings m_settings;
    std::unique_ptr<phys::World> m_world;
    std::vector<phys::BodyId> m_ids;
};

/// Body i's name for captions: "body 0 (ground)" or "body 0".
QString bodyName(const phys::SceneDef& scene, int index) {
    if (index < 0 || index >= static_cast<int>(scene.bodies.size())) {
        return tr("body %1").arg(index);
    }
    const QString name = QString::fromStdString(scene.bodies[static_cast<std::size_t>(index)].name);
    return name.isEmpty() ? tr("body %1").arg(index) : tr("body %1 (%2)").arg(index).arg(name);
}

QString solverName(const phys::WorldSettings& settings) {
    return settings.solver == phys::SolverKind::Verlet ? tr("Verlet solver") : tr("impulse solver");
}

/// "8", or with automatic substeps what they run: "auto: 4-8" (phys::substepRange).
QString substepsText(const phys::WorldSettings& settings) {
    if (settings.substeps) {
        return QString::number(*settings.substeps);
    }
    const auto [least, most] = phys::substepRange(settings);
    return least == most ? tr("auto: %1").arg(least) : tr("auto: %1-%2").arg(least).arg(most);
}

/// Draws Markdown at `top` across `width` device pixels. Returns its height.
double drawMarkdown(QPainter& painter, const QString& markdown, double left, double top, double width,
                    const QFont& font, const QColor& color = Qt::black, bool plain = false) {
    QTextDocument document;
    document.documentLayout()->setPaintDevice(painter.device());
    document.setDefaultFont(font);
    if (plain) {
        document.setPlainText(markdown);
    } else {
        document.setMarkdown(markdown);
    }
    document.setTextWidth(width);
    painter.save();
    painter.translate(left, top);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette.setColor(QPalette::Text, color);
    document.documentLayout()->draw(&painter, context);
    painter.restore();
    return document.size().height();
}

/// Height drawMarkdown would take.
double markdownHeight(QPaintDevice* device, const QString& markdown, double width, const QFont& font,
                      bool plain = false) {
    QTextDocument document;
    document.documentLayout()->setPaintDevice(device);
    document.setDefaultFont(font);
    if (plain) {
        document.setPlainText(markdown);
    } else {
        document.setMarkdown(markdown);
    }
    document.setTextWidth(width);
    return document.size().height();
}

/// A point of the drawing where a choice is picked on the canvas, and which way is outside its body (unit,
/// world); nothing for choices that are not on the canvas (directions, multiple choice).
struct ChoiceMark {
    int number = 0;
    phys::Vec2 start, end; ///< the edge (world), or start = end = the point
    phys::Vec2 outward;
    int body = -1; ///< the scene's body the edge belongs to (-1: none)
};

std::vector<ChoiceMark> choiceMarks(const LessonQuestionEval& eval, int bodyA, int bodyB) {
    std::vector<ChoiceMark> marks;
    for (std::size_t i = 0; i < eval.choices.size(); ++i) {
        const LessonChoice& c = eval.choices[i];
        if (c.edge >= 0) {
            // Counter-clockwise polygons: the outward normal of edge start -> end is its clockwise
            // perpendicular (design.md section 2).
            const phys::Vec2 d = c.end - c.start;
            const double length = std::hypot(d.x, d.y);
            const phys::Vec2 outward = length > 0.0 ? phys::Vec2{d.y / length, -d.x / length} : phys::Vec2{};
            marks.push_back(
                {static_cast<int>(i) + 1, c.start, c.end, outward, c.polygon == 0 ? bodyA : bodyB});
        } else if (eval.kind == LessonQuestionKind::ClipKeptPoints) {
            marks.push_back({static_cast<int>(i) + 1, c.point, c.point, phys::Vec2{}, -1});
        }
    }
    return marks;
}

/// What one page draws.
struct Drawing {
    phys::SceneDef scene;
    OverlayOptions options;
    Walkthrough walkthrough;
    int walkthroughStep = -1;
    std::vector<ChoiceMark> marks;
    QString caption;
};

void paintDrawing(QPainter& painter, const Drawing& drawing, const QRectF& area) {
    const QSizeF viewSize(area.width() / kDrawingScale, area.height() / kDrawingScale);
    const ViewTransform view = SceneRenderer::fitView(drawing.scene, viewSize);
    painter.save();
    painter.setClipRect(area);
    painter.translate(area.topLeft());
    painter.scale(kDrawingScale, kDrawingScale);
    painter.fillRect(QRectF(QPointF(0, 0), viewSize), SceneRenderer::backgroundColor());
    const std::vector<PlacedLabel> labels = OverlayPainter::renderAll(
        painter, drawing.scene, view, RenderOptions{}, drawing.options,
        drawing.walkthrough.stepCount() > 0 ? &drawing.walkthrough : nullptr, drawing.walkthroughStep);
    // Numbered marks where a choice is clicked on the canvas, just outside its edge (or on its point), so
    // the sheet's list can name them.
    QFont font = painter.font();
    font.setPixelSize(13);
    font.setBold(true);
    painter.setFont(font);
    // Each mark goes to the first place, along its edge and outwards from it, that covers no body name and no
    // mark placed before (the names sit at the bodies' centres, often in line with an edge's midpoint).
    std::vector<QRectF> taken = OverlayPainter::bodyNameRects(drawing.scene, view);
    for (const PlacedLabel& label : labels) {
        taken.push_back(label.rect);
    }
    // The shapes as drawn (view pixels): a mark inside a body would seem to name that body's edge.
    std::vector<QPainterPath> bodies;
    for (const phys::BodyDef& body : drawing.scene.bodies) {
        QPainterPath& shapes = bodies.emplace_back();
        const phys::Transform transform(body.position, phys::Rot(body.angle));
        for (const phys::ShapeDef& shape : body.shapes) {
            if (const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry)) {
                QPolygonF outline;
                for (int k = 0; k < polygon->count(); ++k) {
                    outline << view.toView(phys::transformPoint(transform, polygon->vertex(k)));
                }
                shapes.addPolygon(outline);
                shapes.closeSubpath();
            } else if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
                const double r = view.toPixels(circle->radius);
                shapes.addEllipse(view.toView(phys::transformPoint(transform, circle->center)), r, r);
            }
        }
    }
    for (const ChoiceMark& mark : drawing.marks) {
        const QPointF outward(mark.outward.x, -mark.outward.y);
        QRectF disc;
        bool found = false;
        // Outwards first; an edge pressed into another body gets its mark just inside its own body.
        auto freeAt = [&](const QPointF& centre) {
            for (std::size_t j = 0; j < bodies.size(); ++j) {
                if (static_cast<int>(j) != mark.body && bodies[j].contains(centre)) {
                    return false;
                }
            }
            return true;
        };
        for (const double distance : {14.0, 28.0, -14.0, 42.0, -28.0}) {
            for (const double along : {0.5, 0.3, 0.7, 0.15, 0.85}) {
                const QPointF at =
                    view.toView(mark.start + along * (mark.end - mark.start)) + outward * distance;
                disc = QRectF(at.x() - 10, at.y() - 10, 20, 20);
                found = freeAt(disc.center()) &&
                        std::none_of(taken.begin(), taken.end(),
                                     [&disc](const QRectF& r) { return r.intersects(disc); });
                if (found) {
                    break;
                }
            }
            if (found) {
                break;
            }
        }
        if (!found) { // crowded: the plain place, beside the edge's middle
            const QPointF at = view.toView(0.5 * (mark.start + mark.end)) + outward * 14.0;
            disc = QRectF(at.x() - 10, at.y() - 10, 20, 20);
        }
        taken.push_back(disc);
        painter.setPen(QPen(QColor(0x20, 0x20, 0x20), 1.5));
        painter.setBrush(QColor(255, 255, 255, 230));
        painter.drawEllipse(disc);
        painter.drawText(disc, Qt::AlignCenter, QString::number(mark.number));
    }
    painter.restore();
    painter.setPen(QPen(QColor(0x70, 0x70, 0x70), 2));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(area);
}

} // namespace

QString describeLessonStep(const LessonStep& step) {
    switch (step.type) {
    case LessonStepType::Walkthrough: {
        const LessonWalkthroughRef ref = step.walkthrough.value_or(LessonWalkthroughRef{});
        return tr("*Walkthrough:* %1 of bodies %2 and %3%4")
            .arg(ref.mode == QLatin1String("sat")        ? tr("SAT")
                 : ref.mode == QLatin1String("clipping") ? tr("clipping")
                                                         : tr("the contact methods"))
            .arg(ref.bodyA)
            .arg(ref.bodyB)
            .arg(ref.step > 0 ? tr(", step %1").arg(ref.step) : QString());
    }
    case LessonStepType::Simulation:
        switch (step.action) {
        case LessonSimulationAction::Run:
            return tr("*Simulation:* run to t = %1 s").arg(step.until);
        case LessonSimulationAction::Pause:
            return tr("*Simulation:* paused");
        case LessonSimulationAction::Set:
            return tr("*Simulation:* %1 set to %2")
                .arg(step.setting, step.value.isBool()
                                       ? (step.value.toBool() ? QStringLiteral("on") : QStringLiteral("off"))
                                   : step.value.isString() ? step.value.toString()
                                                           : QString::number(step.value.toDouble()));
        }
        break;
    default:
        break;
    }
    return {};
}

QString lessonStepMarkdown(const LessonStep& step) {
    QString text = step.type == LessonStepType::Question ? step.prompt : step.text;
    if (const QString about = describeLessonStep(step); !about.isEmpty()) {
        text = text.isEmpty() ? about : about + QStringLiteral("\n\n") + text;
    }
    return text;
}

int worksheetPageCount(const Lesson& lesson) {
    return static_cast<int>(lesson.steps.size());
}

/// Layout of a page, top to bottom:
///   header: the lesson's title, "Step i of n", which sheet (the first page: name line and description)
///   the drawing, framed, with its caption
///   the step's text (Markdown)
///   a question: its choices with a box each, or a line for the number; the teacher's sheet ticks the engine's
///   right choices and adds the engine's answer and why
///   the teacher's sheet: the step's teacher notes
/// The drawing takes what the texts leave, between a fifth and a half of the page.
QString writeLessonWorksheet(const Lesson& lesson, const QString& fileName, WorksheetKind kind) {
    const bool teacher = kind == WorksheetKind::Teacher;
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return tr("cannot write %1: %2").arg(fileName, file.errorString());
    }
    QPdfWriter writer(&file);
    writer.setResolution(kResolution);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    writer.setTitle(teacher ? tr("%1 (teacher's sheet)").arg(lesson.title) : lesson.title);
    writer.setCreator(QStringLiteral("ContactLab"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        file.cancelWriting();
        return tr("cannot draw into %1").arg(fileName);
    }
    painter.setRenderHint(QPainter::Antialiasing);
    const double width = writer.width();
    const double height = writer.height();
    const double gap = kResolution * 0.12; // about 3 mm

    QFont titleFont(QStringLiteral("DejaVu Sans"));
    titleFont.setPointSizeF(15);
    titleFont.setBold(true);
    QFont bodyFont(QStringLiteral("DejaVu Sans"));
    bodyFont.setPointSizeF(10.5);
    QFont smallFont = bodyFont;
    smallFont.setPointSizeF(8.5);

    SimulationReplay replay(lesson.scene.def);
    const int steps = worksheetPageCount(lesson);
    for (int index = 0; index < steps; ++index) {
        const LessonStep& step = lesson.steps[static_cast<std::size_t>(index)];
        if (index > 0) {
            writer.newPage();
        }

        // What the canvas shows at this step.
        Drawing drawing;
        drawing.scene = lesson.scene.def;
        QString simulationProblem;
        if (step.type == LessonStepType::Simulation) {
            simulationProblem = replay.apply(step);
        }
        // Simulation steps and the notes between them show the run as the dock leaves it; walkthrough steps
        // and questions are about the edited scene (the Walkthrough dock and the questions use it).
        const bool showsRun = replay.started() &&
                              (step.type == LessonStepType::Simulation || step.type == LessonStepType::Note);
        if (showsRun) {
            drawing.scene = replay.state();
            drawing.caption =
                tr("The simulation at t = %1 s (%2, %3 iterations, %4 substeps, continuous %5).")
                    .arg(replay.time(), 0, 'f', 2)
                    .arg(solverName(replay.settings()))
                    .arg(replay.settings().iterations)
                    .arg(substepsText(replay.settings()))
                    .arg(replay.settings().continuous ? tr("on") : tr("off"));
        } else {
            drawing.caption = tr("The scene as the lesson sets it up.");
        }
        const std::optional<LessonWalkthroughRef> ref =
            step.type == LessonStepType::Walkthrough || step.type == LessonStepType::Note ? step.walkthrough
                                                                                          : std::nullopt;
        const int bodyCount = static_cast<int>(drawing.scene.bodies.size());
        auto validPair = [bodyCount](int a, int b) {
            return a >= 0 && b >= 0 && a < bodyCount && b < bodyCount && a != b;
        };
        if (ref && validPair(ref->bodyA, ref->bodyB) && !showsRun) {
            const WalkthroughMode mode = parseWalkthroughMode(ref->mode).value_or(WalkthroughMode::Sat);
            drawing.walkthrough =
                Walkthrough::build(mode, drawing.scene.bodies[static_cast<std::size_t>(ref->bodyA)],
                                   drawing.scene.bodies[static_cast<std::size_t>(ref->bodyB)]);
            if (drawing.walkthrough.stepCount() > 0) {
                drawing.walkthroughStep = std::clamp(ref->step - 1, 0, drawing.walkthrough.stepCount() - 1);
                const WalkthroughStep& shown = drawing.walkthrough.step(drawing.walkthroughStep);
                drawing.caption =
                    tr("Walkthrough of A = %1 and B = %2, step %3 of %4: %5.")
                        .arg(bodyName(drawing.scene, ref->bodyA), bodyName(drawing.scene, ref->bodyB))
                        .arg(drawing.walkthroughStep + 1)
                        .arg(drawing.walkthrough.stepCount())
                        .arg(shown.title);
            }
        }

        // The question as the engine answers it for the lesson's scene.
        LessonQuestionEval eval;
        const bool question = step.type == LessonStepType::Question;
        if (question) {
            eval = evaluateLessonQuestion(step, lesson.scene.def);
            drawing.marks = choiceMarks(eval, step.bodyA, step.bodyB);
            const bool byEdge = step.kind == LessonQuestionKind::ReferenceEdge ||
                                step.kind == LessonQuestionKind::IncidentEdge ||
                                step.kind == LessonQuestionKind::LeastOverlapAxis;
            drawing.options.vertexIndices = byEdge;
            // Only the geometry questions are about a pair A, B (others, such as which solver keeps a stack
            // standing, are about the whole scene).
            const bool pairQuestion = step.kind == LessonQuestionKind::LeastOverlapAxis ||
                                      step.kind == LessonQuestionKind::MtvDirection ||
                                      step.kind == LessonQuestionKind::ReferenceEdge ||
                                      step.kind == LessonQuestionKind::IncidentEdge ||
                                      step.kind == LessonQuestionKind::ClipKeptPoints ||
                                      step.kind == LessonQuestionKind::ContactDepth;
            if (pairQuestion && validPair(step.bodyA, step.bodyB)) {
                drawing.caption =
                    tr("A = %1, B = %2.")
                        .arg(bodyName(drawing.scene, step.bodyA), bodyName(drawing.scene, step.bodyB));
            } else if (step.kind == LessonQuestionKind::Tunnels) {
                drawing.caption = tr("%1 moves at (%2, %3) m/s towards %4.")
                                      .arg(bodyName(drawing.scene, step.body))
                                      .arg(step.velocity.x, 0, 'f', 2)
                                      .arg(step.velocity.y, 0, 'f', 2)
                                      .arg(bodyName(drawing.scene, step.target));
            }
            if (!drawing.marks.empty()) {
                drawing.caption += QLatin1Char(' ') + tr("The numbers mark the choices below.");
            }
            // The teacher's drawing shows the walkthrough step the answer comes from; the student's, none.
            if (teacher && eval.problem.isEmpty() && eval.revealStep >= 0 &&
                validPair(eval.bodyA, eval.bodyB)) {
                drawing.walkthrough =
                    Walkthrough::build(eval.mode, drawing.scene.bodies[static_cast<std::size_t>(eval.bodyA)],
                                       drawing.scene.bodies[static_cast<std::size_t>(eval.bodyB)]);
                if (eval.revealStep < drawing.walkthrough.stepCount()) {
                    drawing.walkthroughStep = eval.revealStep;
                    drawing.caption += QLatin1Char(' ') + tr("Shown: the walkthrough step with the answer.");
                } else {
                    drawing.walkthrough = {};
                }
            }
        }

        // The texts, measured first so the drawing can take the rest.
        QString header = lesson.title;
        QString subHeader = tr("Step %1 of %2").arg(index + 1).arg(steps) + QStringLiteral("   ·   ") +
                            (teacher ? tr("Teacher's sheet: answers and notes") : tr("Student's sheet"));
        QString intro;
        if (index == 0) {
            if (!teacher) {
                intro = tr("Name: ______________________________    Date: ______________");
            }
            if (!lesson.description.isEmpty()) {
                intro += (intro.isEmpty() ? QString() : QStringLiteral("\n\n")) + lesson.description;
            }
        }
        const QString text =
            lessonStepMarkdown(step) +
            (simulationProblem.isEmpty()
                 ? QString()
                 : QStringLiteral("\n\n") + tr("(This step cannot run: %1)").arg(simulationProblem));

        // The question block: one line per choice with its box (ticked on the teacher's sheet when the engine
        // counts it right), or the number line; then the teacher's answer.
        QStringList choiceLines;
        QString answerBlock;
        QString teacherBlock;
        if (question) {
            if (!eval.problem.isEmpty()) {
                answerBlock = tr("This question cannot be asked of the scene as it is: %1").arg(eval.problem);
            } else if (eval.numeric) {
                answerBlock = teacher ? tr("Your answer: %1 m").arg(eval.value, 0, 'f', 3)
                                      : tr("Your answer: ____________________ m");
            } else {
                for (std::size_t i = 0; i < eval.choices.size(); ++i) {
                    choiceLines.append(tr("%1. %2").arg(i + 1).arg(eval.choices[i].label));
                }
                answerBlock = eval.multiSelect ? tr("Tick every one that is right.") : tr("Tick one.");
            }
            if (!teacher) {
                answerBlock += QStringLiteral("\n\n") + tr("Why? ") + QString(60, QLatin1Char('_')) +
                               QStringLiteral("\n\n") + QString(66, QLatin1Char('_'));
            } else if (eval.problem.isEmpty()) {
                teacherBlock = tr("Engine's answer: %1").arg(eval.answerText);
                if (!eval.why.isEmpty()) {
                    teacherBlock += QStringLiteral("\n\n") + tr("Why: %1").arg(eval.why);
                }
            }
        }
        if (teacher && !step.teacherNotes.isEmpty()) {
            teacherBlock += (teacherBlock.isEmpty() ? QString() : QStringLiteral("\n\n")) +
                            tr("Teacher's note: %1").arg(step.teacherNotes);
        }

        const double boxSide = kResolution * 0.14;
        const double choiceIndent = boxSide + gap;
        double used = 0.0;
        used += markdownHeight(&writer, header, width, titleFont, true);
        used += markdownHeight(&writer, subHeader, width, smallFont, true) + gap;
        if (!intro.isEmpty()) {
            used += markdownHeight(&writer, intro, width, bodyFont) + gap;
        }
        used += markdownHeight(&writer, drawing.caption, width, smallFont, true) + 2 * gap;
        used += markdownHeight(&writer, text, width, bodyFont) + gap;
        for (const QString& line : choiceLines) {
            used += markdownHeight(&writer, line, width - choiceIndent, bodyFont, true);
        }
        if (!answerBlock.isEmpty()) {
            used += markdownHeight(&writer, answerBlock, width, bodyFont, true) + gap;
        }
        if (!teacherBlock.isEmpty()) {
            used += markdownHeight(&writer, teacherBlock, width - 2 * gap, bodyFont, true) + 3 * gap;
        }
        const double drawingHeight = std::clamp(height - used - gap, height * 0.2, height * 0.5);

        // Paint.
        double y = 0.0;
        y += drawMarkdown(painter, header, 0, y, width, titleFont, Qt::black, true);
        y += drawMarkdown(painter, subHeader, 0, y, width, smallFont, QColor(0x55, 0x55, 0x55), true) + gap;
        if (!intro.isEmpty()) {
            y += drawMarkdown(painter, intro, 0, y, width, bodyFont) + gap;
        }
        paintDrawing(painter, drawing, QRectF(0, y, width, drawingHeight));
        y += drawingHeight + gap * 0.5;
        y += drawMarkdown(painter, drawing.caption, 0, y, width, smallFont, QColor(0x44, 0x44, 0x44), true) +
             gap;
        y += drawMarkdown(painter, text, 0, y, width, bodyFont) + gap;
        for (std::size_t i = 0; i < static_cast<std::size_t>(choiceLines.size()); ++i) {
            const double lineHeight = markdownHeight(&writer, choiceLines[static_cast<qsizetype>(i)],
                                                     width - choiceIndent, bodyFont, true);
            const QRectF box(0, y + 0.5 * (std::min(lineHeight, boxSide * 2.2) - boxSide), boxSide, boxSide);
            painter.setPen(QPen(Qt::black, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box);
            const bool right = std::find(eval.correct.begin(), eval.correct.end(), static_cast<int>(i)) !=
                               eval.correct.end();
            if (teacher && right) {
                QPainterPath tick;
                tick.moveTo(box.left() + box.width() * 0.2, box.top() + box.height() * 0.55);
                tick.lineTo(box.left() + box.width() * 0.42, box.top() + box.height() * 0.8);
                tick.lineTo(box.left() + box.width() * 0.85, box.top() + box.height() * 0.2);
                painter.setPen(QPen(QColor(0x1b, 0x6e, 0x20), 4, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
                painter.drawPath(tick);
            }
            drawMarkdown(painter, choiceLines[static_cast<qsizetype>(i)], choiceIndent, y,
                         width - choiceIndent, bodyFont, Qt::black, true);
            y += lineHeight;
        }
        if (!answerBlock.isEmpty()) {
            y += gap * 0.5;
            y += drawMarkdown(painter, answerBlock, 0, y, width, bodyFont, Qt::black, true) + gap;
        }
        if (!teacherBlock.isEmpty()) {
            y += gap;
            const double blockHeight = markdownHeight(&writer, teacherBlock, width - 2 * gap, bodyFont, true);
            painter.setPen(QPen(QColor(0xd9, 0xc2, 0x7a), 2));
            painter.setBrush(QColor(0xff, 0xf6, 0xd5));
            painter.drawRect(QRectF(0, y, width, blockHeight + 2 * gap));
            drawMarkdown(painter, teacherBlock, gap, y + gap, width - 2 * gap, bodyFont,
                         QColor(0x4a, 0x3a, 0x00), true);
        }
    }
    if (!painter.end()) {
        file.cancelWriting();
        return tr("cannot finish %1").arg(fileName);
    }
    if (!file.commit()) {
        return tr("cannot write %1: %2").arg(fileName, file.errorString());
    }
    return {};
}

} // namespace cl
