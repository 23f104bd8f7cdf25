#include "solver_stepper.h"

#include "main_window.h"
#include "paint_kit.h"
#include "quantity_plot.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "simulation_controller.h"
#include "simulation_panel.h"

#include "physics/timeline.h"

#include <QAction>
#include <QCommandLineParser>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QTabBar>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace cl {

// --- canvas overlay
// ------------------------------------------------------------------------------------------

void SolverStepperOverlay::setShown(std::optional<Shown> shown) {
    m_shown = std::move(shown);
    emit changed();
}

void SolverStepperOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    if (!m_shown) {
        return;
    }
    const Shown& s = *m_shown;
    const ViewTransform& view = canvas.viewTransform();
    const double scale = canvas.presentationScale();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QColor colours[2] = {OverlayPainter::colorA(), OverlayPainter::colorB()};
    const Body* bodies[2] = {&s.a, &s.b};
    for (int i = 0; i < 2; ++i) {
        const Body& body = *bodies[i];
        // The body's outline, thick, in its walkthrough colour (A or B).
        const QPainterPath outline = (SceneRenderer::bodyToWorld(body.def) * view.worldToView())
                                         .map(SceneRenderer::outlinePath(body.def));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(paintkit::roundPen(colours[i], 3.0 * scale));
        painter.drawPath(outline);
        if (!body.dynamic) {
            continue;
        }
        // Its velocity before the row (faint) and after it, at the walk's one scale (y up in the world, down
        // on the screen).
        if (!(s.maxSpeed > 0.0)) {
            continue;
        }
        const double pixelsPerSpeed = kArrowPixels * scale / s.maxSpeed;
        const QPointF from = view.toView(body.center);
        const auto tip = [&](phys::Vec2 v) {
            return from + QPointF(v.x, -v.y) * pixelsPerSpeed;
        };
        QColor faint = colours[i];
        faint.setAlphaF(0.55);
        paintkit::drawArrow(painter, from, tip(body.before.v), faint, 2.0 * scale, scale);
        paintkit::drawArrow(painter, from, tip(body.after.v), colours[i], 3.0 * scale, scale);
    }
    // The contact: its points (the current row's ringed) and the normal from A to B at the current point.
    const QColor ink = QColor(30, 30, 30);
    for (std::size_t k = 0; k < s.points.size(); ++k) {
        const QPointF p = view.toView(s.points[k]);
        painter.setPen(paintkit::roundPen(ink, 1.5 * scale));
        painter.setBrush(QColor(255, 200, 0));
        painter.drawEllipse(p, 4.0 * scale, 4.0 * scale);
        if (static_cast<int>(k) == s.point) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(paintkit::roundPen(ink, 2.0 * scale));
            painter.drawEllipse(p, 9.0 * scale, 9.0 * scale);
            const double pixels = 36.0 * scale;
            const QPointF tip = p + QPointF(s.normal.x, -s.normal.y) * pixels;
            paintkit::drawArrow(painter, p, tip, ink, 1.5 * scale, scale);
        }
    }
    painter.restore();
}

// --- dock
// ----------------------------------------------------------------------------------------------------

namespace {

struct Field {
    const char* name; ///< object name of the value label
    const char* label;
};
constexpr Field kFields[] = {
    {"valueBodies", "Bodies"},
    {"valueRow", "Row"},
    {"valueEffectiveMass", "Effective mass"},
    {"valueBias", "Bias"},
    {"valueBiasSource", "Bias from"},
    {"valueSeparation", "Separation"},
    {"valueRelativeVelocity", "Relative velocity"},
    {"valueWarmStart", "Warm start"},
    {"valueImpulseBefore", "Impulse before"},
    {"valueUnclamped", "Unclamped"},
    {"valueClamped", "Clamped"},
    {"valueDelta", "Applied (delta)"},
    {"valueVelocityA", "Velocity A"},
    {"valueVelocityB", "Velocity B"},
};

QString bodyName(const phys::World& world, phys::BodyId id) {
    const std::string& name = world.name(id);
    return name.empty() ? QObject::tr("body %1").arg(id.index) : QString::fromStdString(name);
}

QString velocityText(const phys::TraceVelocity& before, const phys::TraceVelocity& after) {
    const auto one = [](const phys::TraceVelocity& v) {
        return QStringLiteral("(%1, %2) m/s, %3 rad/s")
            .arg(QString::number(v.v.x, 'g', 4), QString::number(v.v.y, 'g', 4),
                 QString::number(v.w, 'g', 4));
    };
    return QStringLiteral("%1\n\u2192 %2").arg(one(before), one(after));
}

} // namespace

QString SolverStepperDock::quantity(double value, const QString& unit) {
    if (std::isinf(value)) {
        return value > 0 ? QStringLiteral("\u221e") : QStringLiteral("\u2212\u221e");
    }
    return QStringLiteral("%1 %2").arg(QString::number(value, 'g', 6), unit);
}

SolverStepperDock::SolverStepperDock(MainWindow& window, SimulationUi& ui)
    : QDockWidget(tr("Solver Stepper"), &window), m_window(window), m_ui(ui) {
    setObjectName(QStringLiteral("solverStepperDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    m_where = new QLabel(content);
    m_where->setObjectName(QStringLiteral("stepperWhere"));
    m_where->setWordWrap(true);
    layout->addWidget(m_where);

    auto* buttons = new QGridLayout;
    const auto button = [&](const QString& text, const char* name, const QString& tip, int row, int column) {
        auto* b = new QPushButton(text, content);
        b->setObjectName(QString::fromLatin1(name));
        b->setToolTip(tip);
        buttons->addWidget(b, row, column);
        return b;
    };
    m_rowButton = button(tr("Next &row"), "stepperNextRow", tr("The next row (N)"), 0, 0);
    m_contactButton =
        button(tr("Next &contact"), "stepperNextContact", tr("The first row of the next contact (C)"), 0, 1);
    m_iterationButton = button(tr("Next &iteration"), "stepperNextIteration",
                               tr("The first row of the next sweep (I)"), 1, 0);
    m_substepButton =
        button(tr("Next &substep"), "stepperNextSubstep", tr("The first row of the next substep (S)"), 1, 1);
    m_finishButton =
        button(tr("&Finish step"), "stepperFinish",
               tr("Take the step as the simulation does; it lands on the traced state (F)"), 2, 0);
    layout->addLayout(buttons);
    connect(m_rowButton, &QPushButton::clicked, this, &SolverStepperDock::nextRow);
    connect(m_contactButton, &QPushButton::clicked, this, &SolverStepperDock::nextContact);
    connect(m_iterationButton, &QPushButton::clicked, this, &SolverStepperDock::nextIteration);
    connect(m_substepButton, &QPushButton::clicked, this, &SolverStepperDock::nextSubstep);
    connect(m_finishButton, &QPushButton::clicked, this, &SolverStepperDock::finish);

    auto* numbers = new QGroupBox(tr("Current row"), content);
    auto* form = new QFormLayout(numbers);
    for (const Field& f : kFields) {
        auto* value = new QLabel(numbers);
        value->setObjectName(QString::fromLatin1(f.name));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true); // long values wrap instead of widening the dock
        form->addRow(tr(f.label), value);
        m_values.emplace_back(f.name, value);
    }
    layout->addWidget(numbers);

    m_plot = new QuantityPlot(content);
    m_plot->setObjectName(QStringLiteral("stepperResidualPlot"));
    m_plot->setQuantity(tr("Residual \u03a3|\u0394\u03bb| per sweep"), tr("N s"));
    layout->addWidget(m_plot);
    m_status = new QLabel(content);
    m_status->setObjectName(QStringLiteral("stepperStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    layout->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    setWidget(scroll);
    setFocusPolicy(Qt::StrongFocus);

    m_overlay = new SolverStepperOverlay(this);
    window.canvas()->addOverlay(m_overlay);

    m_startAction = new QAction(tr("Step &into the Solver"), this);
    m_startAction->setObjectName(QStringLiteral("actionStepIntoSolver"));
    m_startAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_startAction->setStatusTip(
        tr("On a paused frame: walk the next step's impulse solver one row at a time"));
    connect(m_startAction, &QAction::triggered, this, [this] { start(); });

    // The walk belongs to one frame and one set of settings: anything that changes them ends it.
    SimulationController* sim = ui.controller();
    connect(sim, &SimulationController::frameChanged, this, [this, sim] {
        if (m_active && !m_finishing && sim->currentStep() != m_fromStep) {
            stop(tr("The frame changed: the walk ended."));
        }
    });
    connect(sim, &SimulationController::settingsChanged, this, [this] {
        if (m_active) {
            stop(tr("The settings changed: the walk ended."));
        }
    });
    connect(sim, &SimulationController::worldRebuilt, this, [this] {
        if (m_active) {
            stop(tr("The run was rebuilt: the walk ended."));
        }
    });
    connect(sim, &SimulationController::simulatingChanged, this, [this](bool simulating) {
        m_startAction->setEnabled(simulating);
        if (!simulating && m_active) {
            stop(QString());
        }
        // The stepper walks a simulation frame: it leaves with Simulate mode, as the Simulation, Energy and
        // Graphs docks do (left open in Edit mode it took half the Walkthrough's column), and comes back
        // with it when it was open.
        if (!simulating) {
            m_reopen = !isHidden(); // shown, in front or behind a tab
            hide();
        } else if (m_reopen) {
            m_reopen = false;
            show();
        }
    });
    m_startAction->setEnabled(sim->isSimulating());
    stop(tr("Pause on a frame in Simulate mode and choose Simulation \u203a Step into the Solver."));
}

void SolverStepperDock::bringToFront() {
    // The first time: a tab beside the Energy plot, so the walk takes its room. (Not when the dock is made:
    // a tab group holding the hidden dock made the right column wider, and the left docks narrower, even
    // when the stepper was never opened.)
    if (!m_placed) {
        m_placed = true;
        if (QDockWidget* energy = m_ui.energyDock();
            energy && !energy->isHidden() && !energy->isFloating() &&
            m_window.dockWidgetArea(energy) == m_window.dockWidgetArea(this)) {
            m_window.tabifyDockWidget(energy, this);
        }
    }
    show();
    raise();
    // The walk is what the user asked to see: its tab gets most of its column's height, the docks above and
    // below it (the Simulation panel, the Graphs) keep a little.
    QList<QDockWidget*> column{this};
    QList<int> heights{m_window.height() * 7 / 10};
    for (const char* name : {"simulationDock", "graphDock"}) {
        auto* other = m_window.findChild<QDockWidget*>(QString::fromLatin1(name));
        if (other && other->isVisible() && !other->isFloating() &&
            m_window.dockWidgetArea(other) == m_window.dockWidgetArea(this)) {
            column << other;
            heights << m_window.height() / 8;
        }
    }
    m_window.resizeDocks(column, heights, Qt::Vertical);
    // raise() does not switch the tab of an offscreen window (--screenshot); the dock area's tab bar does.
    for (QTabBar* bar : m_window.findChildren<QTabBar*>()) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == windowTitle()) {
                bar->setCurrentIndex(i);
            }
        }
    }
}

bool SolverStepperDock::start() {
    SimulationController* sim = m_ui.controller();
    bringToFront();
    if (!sim->isSimulating() || !sim->world()) {
        stop(tr("Enter Simulate mode first: the stepper walks the next step of a paused frame."));
        return false;
    }
    sim->pause();
    if (sim->isStepping()) {
        stop(tr("A step is still running: wait for it, then step into the next one."));
        return false;
    }
    const phys::WorldSettings& settings = sim->settings();
    if (settings.solver == phys::SolverKind::Verlet) {
        stop(tr("The Verlet solver has no impulse rows: choose the impulse solver."));
        return false;
    }
    if (settings.response == phys::ResponseKind::PushOut) {
        stop(tr("The push-out response solves no rows: choose the impulse response."));
        return false;
    }
    const std::int64_t step = sim->currentStep();
    // The World at the frame shown: the controller's when it is there, else the Timeline sought back to it
    // (a copy: the run itself moves only on Finish).
    if (sim->world()->stepCount() == step) {
        m_before.emplace(*sim->world());
    } else {
        m_before.emplace(sim->timeline()->worldAt(step));
    }
    phys::World world = *m_before;
    for (const phys::InputForce& force : sim->timeline()->forcesAt(step)) {
        phys::applyInput(world, phys::InputAction{force});
    }
    world.step(&m_trace);
    m_tracedHash = world.stateHash();
    world.contactStates(m_contacts);
    m_fromStep = step;
    m_startTime = sim->currentTime();
    m_order.clear();
    for (int s = 0; s < static_cast<int>(m_trace.substeps.size()); ++s) {
        const phys::SolverTraceSubstep& sub = m_trace.substeps[static_cast<std::size_t>(s)];
        for (int g = 0; g < static_cast<int>(sub.stages.size()); ++g) {
            const phys::SolverTraceStage& stage = sub.stages[static_cast<std::size_t>(g)];
            for (int i = 0; i < static_cast<int>(stage.iterations.size()); ++i) {
                const int rows = static_cast<int>(stage.iterations[static_cast<std::size_t>(i)].rows.size());
                for (int r = 0; r < rows; ++r) {
                    m_order.push_back({s, g, i, r});
                }
            }
        }
    }
    m_maxSpeed = 0.0;
    for (const SolverStepperPosition& p : m_order) {
        const phys::SolverTraceRow& r = m_trace.substeps[static_cast<std::size_t>(p.substep)]
                                            .stages[static_cast<std::size_t>(p.stage)]
                                            .iterations[static_cast<std::size_t>(p.iteration)]
                                            .rows[static_cast<std::size_t>(p.row)];
        for (const phys::TraceVelocity* v : {&r.beforeA, &r.afterA, &r.beforeB, &r.afterB}) {
            m_maxSpeed = std::max(m_maxSpeed, phys::length(v->v));
        }
    }
    m_active = true;
    for (QPushButton* b :
         {m_rowButton, m_contactButton, m_iterationButton, m_substepButton, m_finishButton}) {
        b->setEnabled(true);
    }
    m_status->setText(
        m_order.empty()
            ? tr("No contact is solved in this step: Finish takes it.")
            : tr("N, C, I, S step on; F finishes the step. Arrows: velocity before the row (faint) "
                 "and after it; the longest, %1 pixels, is %2.")
                  .arg(SolverStepperOverlay::kArrowPixels)
                  .arg(quantity(m_maxSpeed, tr("m/s"))));
    fillPlot();
    moveTo(0);
    setFocus();
    return true;
}

void SolverStepperDock::stop(const QString& message) {
    m_active = false;
    m_overlay->setShown(std::nullopt);
    for (QPushButton* b :
         {m_rowButton, m_contactButton, m_iterationButton, m_substepButton, m_finishButton}) {
        b->setEnabled(false);
    }
    for (auto& [name, label] : m_values) {
        label->clear();
    }
    m_where->clear();
    m_status->setText(message);
}

const phys::SolverTraceRow* SolverStepperDock::currentRow() const {
    if (!m_active || m_order.empty()) {
        return nullptr;
    }
    const SolverStepperPosition& p = m_order[static_cast<std::size_t>(m_index)];
    return &m_trace.substeps[static_cast<std::size_t>(p.substep)]
                .stages[static_cast<std::size_t>(p.stage)]
                .iterations[static_cast<std::size_t>(p.iteration)]
                .rows[static_cast<std::size_t>(p.row)];
}

SolverStepperPosition SolverStepperDock::position() const {
    return m_order.empty() ? SolverStepperPosition{} : m_order[static_cast<std::size_t>(m_index)];
}

void SolverStepperDock::moveTo(int index) {
    m_index = m_order.empty() ? 0 : std::clamp(index, 0, static_cast<int>(m_order.size()) - 1);
    showRow();
}

template <class Differs> void SolverStepperDock::advanceUntil(Differs differs) {
    if (!m_active || m_order.empty()) {
        return;
    }
    const SolverStepperPosition from = m_order[static_cast<std::size_t>(m_index)];
    const phys::SolverTraceRow* row = currentRow();
    const int contact = row->contact;
    int i = m_index + 1;
    while (i < static_cast<int>(m_order.size())) {
        const SolverStepperPosition& p = m_order[static_cast<std::size_t>(i)];
        const phys::SolverTraceRow& r = m_trace.substeps[static_cast<std::size_t>(p.substep)]
                                            .stages[static_cast<std::size_t>(p.stage)]
                                            .iterations[static_cast<std::size_t>(p.iteration)]
                                            .rows[static_cast<std::size_t>(p.row)];
        if (differs(from, contact, p, r)) {
            break;
        }
        ++i;
    }
    if (i >= static_cast<int>(m_order.size())) {
        m_status->setText(tr("That was the last row of the step: Finish takes it."));
        i = static_cast<int>(m_order.size()) - 1;
    }
    moveTo(i);
}

void SolverStepperDock::nextRow() {
    advanceUntil([](const SolverStepperPosition&, int, const SolverStepperPosition&,
                    const phys::SolverTraceRow&) { return true; });
}

void SolverStepperDock::nextContact() {
    advanceUntil([](const SolverStepperPosition& from, int contact, const SolverStepperPosition& p,
                    const phys::SolverTraceRow& r) {
        return p.substep != from.substep || p.stage != from.stage || p.iteration != from.iteration ||
               r.contact != contact;
    });
}

void SolverStepperDock::nextIteration() {
    advanceUntil([](const SolverStepperPosition& from, int, const SolverStepperPosition& p,
                    const phys::SolverTraceRow&) {
        return p.substep != from.substep || p.stage != from.stage || p.iteration != from.iteration;
    });
}

void SolverStepperDock::nextSubstep() {
    advanceUntil([](const SolverStepperPosition& from, int, const SolverStepperPosition& p,
                    const phys::SolverTraceRow&) { return p.substep != from.substep; });
}

void SolverStepperDock::finish() {
    if (!m_active) {
        return;
    }
    SimulationController* sim = m_ui.controller();
    m_finishing = true;
    sim->stepForward();
    m_finishing = false;
    const std::int64_t landed = sim->currentStep();
    if (landed == m_fromStep + 1 && sim->stateHash() == m_tracedHash) {
        stop(tr("Finished: step %1, the state the traced step reached (state hash %2).")
                 .arg(landed)
                 .arg(m_tracedHash, 16, 16, QLatin1Char('0')));
    } else if (landed == m_fromStep + 1) {
        stop(tr("Finished: step %1, but its state differs from the traced step's.").arg(landed));
    } else {
        stop(tr("The step is still running; the walk ended."));
    }
}

void SolverStepperDock::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_N:
        nextRow();
        break;
    case Qt::Key_C:
        nextContact();
        break;
    case Qt::Key_I:
        nextIteration();
        break;
    case Qt::Key_S:
        nextSubstep();
        break;
    case Qt::Key_F:
        finish();
        break;
    default:
        QDockWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void SolverStepperDock::showRow() {
    const phys::SolverTraceRow* row = currentRow();
    if (!row) {
        m_where->setText(tr("Step %1 \u2192 %2: no rows.").arg(m_fromStep).arg(m_fromStep + 1));
        m_overlay->setShown(std::nullopt);
        m_plot->setCursorTime(std::nan(""));
        return;
    }
    const SolverStepperPosition p = position();
    const phys::SolverTraceStage& stage =
        m_trace.substeps[static_cast<std::size_t>(p.substep)].stages[static_cast<std::size_t>(p.stage)];
    m_where->setText(tr("Step %1 \u2192 %2 \u00b7 substep %3 of %4 \u00b7 %5, iteration %6 of %7 \u00b7 "
                        "contact %8 \u00b7 row %9 of %10")
                         .arg(m_fromStep)
                         .arg(m_fromStep + 1)
                         .arg(row->substep + 1) // its island's own substep and count (automatic
                         .arg(row->substeps)    // substeps may run 4 here and 8 there)
                         .arg(QString::fromLatin1(phys::stageName(stage.stage)))
                         .arg(p.iteration + 1)
                         .arg(stage.iterations.size())
                         .arg(row->contact)
                         .arg(m_index + 1)
                         .arg(m_order.size()));
    const phys::World& world = *m_before;
    const auto set = [this](const char* name, const QString& text) {
        for (auto& [n, label] : m_values) {
            if (qstrcmp(n, name) == 0) {
                label->setText(text);
            }
        }
    };
    const QString ns = tr("N s");
    set("valueBodies", tr("A %1, B %2").arg(bodyName(world, row->bodyA), bodyName(world, row->bodyB)));
    set("valueRow", (row->kind == phys::RowKind::Normal ? tr("normal, point %1") : tr("friction, point %1"))
                        .arg(row->point));
    set("valueEffectiveMass", quantity(row->effectiveMass, tr("kg")));
    set("valueBias", quantity(row->bias, tr("m/s")));
    QString source = QString::fromLatin1(phys::biasSourceName(row->biasSource));
    if (row->biasSource == phys::BiasSource::SoftContact) {
        source +=
            tr(", mass scale %1, impulse scale %2")
                .arg(QString::number(row->massScale, 'g', 4), QString::number(row->impulseScale, 'g', 4));
    }
    set("valueBiasSource", source);
    set("valueSeparation", quantity(row->separation, tr("m")));
    set("valueRelativeVelocity", quantity(row->relativeVelocity, tr("m/s")));
    set("valueWarmStart", quantity(row->warmStart, ns));
    set("valueImpulseBefore", quantity(row->impulseBefore, ns));
    set("valueUnclamped", quantity(row->unclamped, ns));
    set("valueClamped", tr("%1 (within %2 \u2026 %3)")
                            .arg(quantity(row->clamped, ns), quantity(row->lower, QString()).trimmed(),
                                 quantity(row->upper, QString()).trimmed()));
    set("valueDelta", quantity(row->delta, ns));
    set("valueVelocityA", velocityText(row->beforeA, row->afterA));
    set("valueVelocityB", velocityText(row->beforeB, row->afterB));

    SolverStepperOverlay::Shown shown;
    const auto body = [&world](phys::BodyId id, const phys::TraceVelocity& before,
                               const phys::TraceVelocity& after) {
        SolverStepperOverlay::Body b;
        b.def = world.bodyDef(id);
        b.center = world.worldCenter(id);
        b.before = before;
        b.after = after;
        b.dynamic = world.type(id) == phys::BodyType::Dynamic;
        return b;
    };
    shown.a = body(row->bodyA, row->beforeA, row->afterA);
    shown.b = body(row->bodyB, row->beforeB, row->afterB);
    const phys::ContactState& contact = m_contacts[static_cast<std::size_t>(row->contact)];
    for (int k = 0; k < contact.manifold.pointCount; ++k) {
        shown.points.push_back(contact.manifold.points[k].point);
    }
    shown.point = row->point;
    shown.normal = contact.manifold.normal;
    shown.maxSpeed = m_maxSpeed;
    m_overlay->setShown(std::move(shown));

    // The plot's cursor at the current sweep: the trace's substep starts where the row's own does, and the
    // row's substep lasts the step over its island's count.
    const double h = row->substeps > 0
                         ? m_trace.substepTime * static_cast<double>(m_trace.substeps.size()) / row->substeps
                         : m_trace.substepTime;
    const int sweeps = static_cast<int>(stage.iterations.size());
    double at = m_startTime + m_trace.substepTime * p.substep;
    if (stage.stage == phys::SolverStage::Solve) {
        at += h * 0.5 * (p.iteration + 1) / sweeps;
    } else if (stage.stage == phys::SolverStage::Relax) {
        at += h * (0.5 + 0.5 * (p.iteration + 1) / sweeps);
    } else if (stage.stage == phys::SolverStage::Restitution) {
        at += h;
    }
    m_plot->setCursorTime(at);
}

void SolverStepperDock::fillPlot() {
    // One point per sweep, at the simulated time it stands for within the step: the solve sweeps in the first
    // half of their substep, the relax sweeps (after the positions moved) in the second.
    PlotSeries solve{tr("solve sweeps"), OverlayPainter::colorA(), {}, {}};
    PlotSeries relax{tr("relax sweeps"), OverlayPainter::colorB(), {}, {}};
    const double h = m_trace.substepTime;
    for (std::size_t s = 0; s < m_trace.substeps.size(); ++s) {
        for (const phys::SolverTraceStage& stage : m_trace.substeps[s].stages) {
            const int sweeps = static_cast<int>(stage.iterations.size());
            for (int i = 0; i < sweeps; ++i) {
                const double residual = stage.iterations[static_cast<std::size_t>(i)].residual;
                const double t0 = m_startTime + h * static_cast<double>(s);
                if (stage.stage == phys::SolverStage::Solve) {
                    solve.t.push_back(t0 + h * 0.5 * (i + 1) / sweeps);
                    solve.v.push_back(residual);
                } else if (stage.stage == phys::SolverStage::Relax) {
                    relax.t.push_back(t0 + h * (0.5 + 0.5 * (i + 1) / sweeps));
                    relax.v.push_back(residual);
                }
            }
        }
    }
    std::vector<PlotSeries> series;
    series.push_back(std::move(solve));
    if (!relax.t.empty()) {
        series.push_back(std::move(relax));
    }
    m_plot->setSeries(std::move(series));
}

SolverStepperDock* installSolverStepper(MainWindow& window, SimulationUi& ui) {
    auto* dock = new SolverStepperDock(window, ui);
    window.addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide();
    // Simulation menu: shared with whatever else puts simulation commands in the menu bar (found by name).
    QMenu* menu = window.menuBar()->findChild<QMenu*>(QStringLiteral("menuSimulation"));
    if (!menu) {
        menu = new QMenu(QObject::tr("&Simulation"), window.menuBar());
        menu->setObjectName(QStringLiteral("menuSimulation"));
        // Before the Help menu when there is one (help.cpp adds it last; it may not be there yet).
        QAction* before = nullptr;
        for (QAction* a : window.menuBar()->actions()) {
            if (a->menu() && a->menu()->objectName() == QStringLiteral("menuHelp")) {
                before = a;
            }
        }
        window.menuBar()->insertMenu(before, menu);
    }
    menu->addAction(dock->startAction());
    if (QMenu* view = window.viewMenu()) {
        view->addAction(dock->toggleViewAction());
    }
    // The Simulation panel's button.
    auto* button = new QPushButton(QObject::tr("Step into the Solver"));
    button->setObjectName(QStringLiteral("stepIntoSolverButton"));
    button->setToolTip(QObject::tr("Walk the next step's impulse solver one row at a time (Ctrl+Shift+I)"));
    QObject::connect(button, &QPushButton::clicked, dock->startAction(), &QAction::trigger);
    QObject::connect(dock->startAction(), &QAction::changed, button,
                     [button, dock] { button->setEnabled(dock->startAction()->isEnabled()); });
    button->setEnabled(dock->startAction()->isEnabled());
    ui.addPanelButton(button);
    return dock;
}

namespace {
const QString kStepIntoSolverOption = QStringLiteral("step-into-solver");
} // namespace

void addSolverStepperOptions(QCommandLineParser& parser) {
    parser.addOption(QCommandLineOption(
        kStepIntoSolverOption,
        QStringLiteral("With --simulate: open Step into the Solver on the frame shown and walk <rows> rows."),
        QStringLiteral("rows")));
}

QString applySolverStepperOptions(const QCommandLineParser& parser, MainWindow& window) {
    if (!parser.isSet(kStepIntoSolverOption)) {
        return {};
    }
    bool ok = false;
    const int rows = parser.value(kStepIntoSolverOption).toInt(&ok);
    if (!ok || rows < 0) {
        return QStringLiteral("--step-into-solver: expected a number of rows >= 0, got \"%1\"")
            .arg(parser.value(kStepIntoSolverOption));
    }
    auto* dock = window.findChild<SolverStepperDock*>();
    if (!dock || !dock->start()) {
        return QStringLiteral("--step-into-solver: %1")
            .arg(dock ? dock->findChild<QLabel*>(QStringLiteral("stepperStatus"))->text()
                      : QStringLiteral("no stepper"));
    }
    for (int i = 0; i < rows; ++i) {
        dock->nextRow();
    }
    // Before the screenshot is taken, once the window is laid out: the dock's tab in front.
    QTimer::singleShot(0, dock, [dock] { dock->bringToFront(); });
    return {};
}

} // namespace cl
