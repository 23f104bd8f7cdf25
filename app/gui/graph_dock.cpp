#include "graph_dock.h"

#include "quantity_plot.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "svg_writer.h"

#include "physics/world.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace cl {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Line colours, distinct on white and on the dark theme's base.
QColor lineColor(int index) {
    static const QColor colors[] = {QColor(31, 119, 180),  QColor(214, 39, 40),   QColor(44, 160, 44),
                                    QColor(255, 127, 14),  QColor(148, 103, 189), QColor(140, 86, 75),
                                    QColor(227, 119, 194), QColor(23, 190, 207)};
    return colors[index % 8];
}

bool isBodyQuantity(GraphDock::Quantity q) {
    return q != GraphDock::Quantity::SceneEnergy;
}

bool isContactQuantity(GraphDock::Quantity q) {
    return q == GraphDock::Quantity::Penetration || q == GraphDock::Quantity::NormalImpulse ||
           q == GraphDock::Quantity::FrictionImpulse;
}

} // namespace

QString GraphDock::nameOf(Quantity q) {
    switch (q) {
    case Quantity::PositionX:
        return tr("Position x (centre of mass)");
    case Quantity::PositionY:
        return tr("Position y (centre of mass)");
    case Quantity::VelocityX:
        return tr("Velocity x");
    case Quantity::VelocityY:
        return tr("Velocity y");
    case Quantity::Speed:
        return tr("Speed");
    case Quantity::Angle:
        return tr("Angle");
    case Quantity::Spin:
        return tr("Spin (angular velocity)");
    case Quantity::KineticEnergy:
        return tr("Kinetic energy");
    case Quantity::PotentialEnergy:
        return tr("Potential energy");
    case Quantity::TotalEnergy:
        return tr("Total energy");
    case Quantity::MomentumX:
        return tr("Momentum x");
    case Quantity::MomentumY:
        return tr("Momentum y");
    case Quantity::Penetration:
        return tr("Deepest contact penetration");
    case Quantity::NormalImpulse:
        return tr("Contact normal impulse (sum)");
    case Quantity::FrictionImpulse:
        return tr("Contact friction impulse (sum of |tangent|)");
    case Quantity::SceneEnergy:
        return tr("Scene energy (kinetic, potential, total)");
    }
    return {};
}

QString GraphDock::unitOf(Quantity q) {
    switch (q) {
    case Quantity::PositionX:
    case Quantity::PositionY:
    case Quantity::Penetration:
        return QStringLiteral("m");
    case Quantity::VelocityX:
    case Quantity::VelocityY:
    case Quantity::Speed:
        return QStringLiteral("m/s");
    case Quantity::Angle:
        return QStringLiteral("rad");
    case Quantity::Spin:
        return QStringLiteral("rad/s");
    case Quantity::KineticEnergy:
    case Quantity::PotentialEnergy:
    case Quantity::TotalEnergy:
    case Quantity::SceneEnergy:
        return QStringLiteral("J");
    case Quantity::MomentumX:
    case Quantity::MomentumY:
    case Quantity::NormalImpulse:
    case Quantity::FrictionImpulse:
        return QStringLiteral("N s");
    }
    return {};
}

GraphDock::GraphDock(SimulationController* controller, SceneCanvas* canvas, QWidget* parent)
    : QDockWidget(tr("Graphs"), parent), m_controller(controller), m_canvas(canvas) {
    setObjectName(QStringLiteral("graphDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    auto* row = new QHBoxLayout;
    m_quantity = new QComboBox(content);
    m_quantity->setObjectName(QStringLiteral("graphQuantity"));
    for (int q = 0; q <= static_cast<int>(Quantity::SceneEnergy); ++q) {
        const auto quantity = static_cast<Quantity>(q);
        m_quantity->addItem(tr("%1 (%2)").arg(nameOf(quantity), unitOf(quantity)), q);
    }
    // The longest name would make the dock (and with it the right dock area) as wide as itself.
    m_quantity->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_quantity->setMinimumContentsLength(10);
    m_quantity->setToolTip(tr("The quantity plotted against time for each selected body"));
    row->addWidget(m_quantity, 1);
    auto* exportButton = new QPushButton(tr("Export..."), content);
    exportButton->setObjectName(QStringLiteral("graphExport"));
    exportButton->setToolTip(tr("Save the plotted values as CSV, or the plot as PNG or SVG"));
    row->addWidget(exportButton);
    layout->addLayout(row);
    m_plot = new QuantityPlot(content);
    layout->addWidget(m_plot, 1);
    m_plot->setEmptyText(tr("Simulate (F5) and select bodies to plot them."));
    m_hint = new QLabel(content);
    m_hint->setObjectName(QStringLiteral("graphHint"));
    m_hint->setWordWrap(true);
    m_hint->setVisible(false);
    layout->addWidget(m_hint);
    // In a scroll area, so the dock can be shorter than its plot and controls: tabbed with the Energy plot
    // under the Walkthrough, its minimum height set the whole group's and left the Walkthrough one table row.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    setWidget(scroll);

    connect(m_quantity, &QComboBox::currentIndexChanged, this, [this] {
        m_plottedHead = -1;
        refresh();
    });
    connect(exportButton, &QPushButton::clicked, this, &GraphDock::chooseExport);
    connect(m_canvas, &SceneCanvas::selectionChanged, this, [this] {
        m_plottedHead = -1;
        refresh();
    });
    connect(m_controller, &SimulationController::frameChanged, this, [this] {
        if (isVisible()) {
            refresh();
        }
    });
    connect(m_controller, &SimulationController::worldRebuilt, this, [this] { m_plottedHead = -1; });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) {
            refresh();
        }
    });
}

void GraphDock::setQuantity(Quantity quantity) {
    m_quantity->setCurrentIndex(m_quantity->findData(static_cast<int>(quantity)));
}

GraphDock::Quantity GraphDock::quantity() const {
    return static_cast<Quantity>(m_quantity->currentData().toInt());
}

double GraphDock::valueOf(Quantity q, const SimFrame& frame, int slot, const phys::MassData& md,
                          phys::Vec2 g) {
    if (slot < 0 || static_cast<std::size_t>(slot) >= frame.bodies.size()) {
        return kNaN;
    }
    const SimBodyState& b = frame.bodies[static_cast<std::size_t>(slot)];
    if (!b.alive) {
        return kNaN;
    }
    const double ke = 0.5 * md.mass * phys::dot(b.linearVelocity, b.linearVelocity) +
                      0.5 * md.inertia * b.angularVelocity * b.angularVelocity;
    // Potential energy relative to the line through the origin normal to gravity, as the frame's total
    // (World::potentialEnergy): -m g . c.
    const double pe = -md.mass * phys::dot(g, b.center);
    switch (q) {
    case Quantity::PositionX:
        return b.center.x;
    case Quantity::PositionY:
        return b.center.y;
    case Quantity::VelocityX:
        return b.linearVelocity.x;
    case Quantity::VelocityY:
        return b.linearVelocity.y;
    case Quantity::Speed:
        return phys::length(b.linearVelocity);
    case Quantity::Angle:
        return std::atan2(b.xf.q.s, b.xf.q.c);
    case Quantity::Spin:
        return b.angularVelocity;
    case Quantity::KineticEnergy:
        return ke;
    case Quantity::PotentialEnergy:
        return pe;
    case Quantity::TotalEnergy:
        return ke + pe;
    case Quantity::MomentumX:
        return md.mass * b.linearVelocity.x;
    case Quantity::MomentumY:
        return md.mass * b.linearVelocity.y;
    case Quantity::Penetration:
    case Quantity::NormalImpulse:
    case Quantity::FrictionImpulse: {
        double deepest = kNaN;
        double impulse = 0.0;
        // Friction as the magnitudes summed: the points of a sliding box push the same way, but a spinning
        // body's points push opposite ways, and a signed sum would show that as no friction at all.
        double friction = 0.0;
        bool any = false;
        for (const SimContactPoint& p : frame.points) {
            if (p.bodyA != slot && p.bodyB != slot) {
                continue;
            }
            any = true;
            deepest = std::isnan(deepest) ? p.depth : std::max(deepest, p.depth);
            impulse += p.normalImpulse;
            friction += std::abs(p.tangentImpulse);
        }
        if (!any) {
            return kNaN; // no contact point at this frame: a gap in the line
        }
        return q == Quantity::Penetration ? deepest : q == Quantity::NormalImpulse ? impulse : friction;
    }
    case Quantity::SceneEnergy:
        return kNaN;
    }
    return kNaN;
}

void GraphDock::setLineSource(LineSource source) {
    m_lineSource = std::move(source);
    m_plottedHead = -1; // the recorded frames' lines are drawn again when the source goes
    refresh();
}

QColor GraphDock::lineColorAt(int index) {
    return lineColor(index);
}

void GraphDock::refresh() {
    if (!m_controller->isSimulating()) {
        return;
    }
    if (m_lineSource) {
        std::vector<PlotSeries> lines;
        double cursor = kNaN;
        m_lineSource(quantity(), lines, cursor);
        m_plot->setQuantity(nameOf(quantity()), unitOf(quantity()));
        // One empty-state message, in the plot (as for the recorded frames below).
        m_plot->setEmptyText(lines.empty()
                                 ? tr("Compare mode: click a body (or pick it in the Bodies list) to "
                                      "plot it, or plot the scene energy.")
                                 : tr("No values in the recorded frames."));
        m_hint->setText(tr("Compare mode: one line per configuration"));
        m_hint->setVisible(!lines.empty());
        m_plot->setSeries(std::move(lines));
        m_plot->setCursorTime(cursor);
        m_steps.clear();
        return;
    }
    const Quantity q = quantity();
    m_plot->setQuantity(nameOf(q), unitOf(q));
    const std::int64_t first = m_controller->firstStep();
    const std::int64_t head = m_controller->headStep();
    const SimFrame* headFrame = m_controller->frame(head);
    const std::uint64_t hash = headFrame ? headFrame->hash : 0;
    if (head != m_plottedHead || first != m_plottedFirst || hash != m_plottedHash) {
        m_plottedHead = head;
        m_plottedFirst = first;
        m_plottedHash = hash;
        std::vector<PlotSeries> lines;
        const std::vector<BodyKey>& keys = m_controller->slotKeys();
        if (isBodyQuantity(q)) {
            for (const quint64 key : m_canvas->selection()) {
                const int slot = m_controller->slotOf(key);
                if (slot < 0) {
                    continue;
                }
                PlotSeries s;
                const std::string& name =
                    m_controller->document()->contains(keys[static_cast<std::size_t>(slot)])
                        ? m_controller->document()->body(key).name
                        : std::string();
                s.name = name.empty() ? tr("body %1").arg(slot) : QString::fromStdString(name);
                s.color = lineColor(static_cast<int>(lines.size()));
                lines.push_back(std::move(s));
            }
        } else {
            for (const QString& name : {tr("kinetic"), tr("potential"), tr("total")}) {
                PlotSeries s;
                s.name = name;
                s.color = lineColor(static_cast<int>(lines.size()));
                lines.push_back(std::move(s));
            }
        }
        // Mass data from the run's World, once per line (a body's shapes, hence its mass, do not change along
        // a run; a body replaced by an edit keeps its slot and the World has the new one).
        std::vector<int> lineSlots;
        std::vector<phys::MassData> masses;
        if (isBodyQuantity(q)) {
            for (const quint64 key : m_canvas->selection()) {
                if (const int slot = m_controller->slotOf(key); slot >= 0) {
                    lineSlots.push_back(slot);
                    masses.emplace_back();
                }
            }
            if (const phys::World* world = m_controller->world()) {
                for (const phys::BodyId id : world->bodyIds()) {
                    for (std::size_t i = 0; i < lineSlots.size(); ++i) {
                        if (id.index == lineSlots[i]) {
                            masses[i] = world->massData(id);
                        }
                    }
                }
            }
        }
        const phys::Vec2 gravity = m_controller->settings().gravity;
        m_steps.clear();
        for (std::int64_t step = first; step <= head; ++step) {
            const SimFrame* f = m_controller->frame(step);
            if (!f) {
                continue;
            }
            m_steps.push_back(step);
            if (isBodyQuantity(q)) {
                for (std::size_t i = 0; i < lineSlots.size(); ++i) {
                    lines[i].t.push_back(f->time);
                    lines[i].v.push_back(valueOf(q, *f, lineSlots[i], masses[i], gravity));
                }
            } else {
                const double values[] = {f->kineticEnergy, f->potentialEnergy,
                                         f->kineticEnergy + f->potentialEnergy};
                for (std::size_t i = 0; i < 3; ++i) {
                    lines[i].t.push_back(f->time);
                    lines[i].v.push_back(values[i]);
                }
            }
        }
        // One empty-state message, in the plot: the hint under it only counts the frames plotted.
        const bool noSelection = isBodyQuantity(q) && lines.empty();
        m_plot->setEmptyText(noSelection ? tr("Select one or more bodies on the canvas to plot them.")
                             : isContactQuantity(q)
                                 ? tr("The selected bodies touch nothing in the recorded frames.")
                                 : tr("No values in the recorded frames."));
        m_hint->setText(tr("%1 frames, steps %2 to %3").arg(m_steps.size()).arg(first).arg(head));
        m_hint->setVisible(!noSelection);
        m_plot->setSeries(std::move(lines));
    }
    m_plot->setCursorTime(m_controller->currentTime());
}

QString GraphDock::csv() const {
    const QString unit = unitOf(quantity());
    const auto cleanName = [](QString name) {
        return name.replace(QLatin1Char(','), QLatin1Char(' ')).replace(QLatin1Char('"'), QLatin1Char('\''));
    };
    if (m_lineSource) {
        // Compare mode: the configurations may step at different rates, so their samples do not share
        // times. One row per sample, "line,t_s,value": every line's values at its own times.
        QString out = QStringLiteral("line,t_s,%1 (%2)\n").arg(cleanName(nameOf(quantity())), unit);
        for (const PlotSeries& s : m_plot->series()) {
            const QString name = cleanName(s.name);
            for (std::size_t i = 0; i < s.t.size(); ++i) {
                out += name + QLatin1Char(',') + QString::number(s.t[i], 'g', 17) + QLatin1Char(',');
                if (std::isfinite(s.v[i])) {
                    out += QString::number(s.v[i], 'g', 17);
                }
                out += QLatin1Char('\n');
            }
        }
        return out;
    }
    QString out = QStringLiteral("t_s,step");
    for (const PlotSeries& s : m_plot->series()) {
        out += QStringLiteral(",%1 (%2)").arg(cleanName(s.name), unit);
    }
    out += QLatin1Char('\n');
    for (std::size_t row = 0; row < m_steps.size(); ++row) {
        // 17 significant digits: a double read back is the recorded value, bit for bit.
        const double t = m_plot->series().empty() ? m_controller->frame(m_steps[row])->time
                                                  : m_plot->series().front().t[row];
        out += QString::number(t, 'g', 17) + QLatin1Char(',') + QString::number(m_steps[row]);
        for (const PlotSeries& s : m_plot->series()) {
            out += QLatin1Char(',');
            if (std::isfinite(s.v[row])) {
                out += QString::number(s.v[row], 'g', 17);
            }
        }
        out += QLatin1Char('\n');
    }
    return out;
}

QString GraphDock::exportTo(const QString& fileName) const {
    const QString lower = fileName.toLower();
    if (lower.endsWith(QLatin1String(".svg"))) {
        SvgWriter svg(m_plot->size().expandedTo(QSize(640, 400)));
        svg.setTitle(m_plot->quantityName());
        {
            QPainter painter(&svg);
            painter.fillRect(QRect(QPoint(0, 0), svg.size()), m_plot->palette().base());
            painter.setFont(m_plot->font());
            m_plot->paint(painter, QRectF(QPointF(0, 0), QSizeF(svg.size())));
        }
        return svg.save(fileName);
    }
    if (lower.endsWith(QLatin1String(".png"))) {
        // Twice the widget's pixels, so the picture stays sharp in a document.
        const QSize size = m_plot->size().expandedTo(QSize(640, 400));
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.fill(m_plot->palette().base().color());
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.scale(2.0, 2.0);
            painter.setFont(m_plot->font());
            m_plot->paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
        }
        return image.save(fileName, "PNG") ? QString() : tr("Could not write %1").arg(fileName);
    }
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        return file.errorString();
    }
    file.write(csv().toUtf8());
    return file.commit() ? QString() : file.errorString();
}

void GraphDock::chooseExport() {
    const QString fileName =
        QFileDialog::getSaveFileName(this, tr("Export Graph"), QString(),
                                     tr("CSV values (*.csv);;PNG picture (*.png);;SVG picture (*.svg)"));
    if (fileName.isEmpty()) {
        return;
    }
    if (const QString error = exportTo(fileName); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Export Graph"), error);
    }
}

} // namespace cl
