#include "compare_ui.h"

#include "compare_dialog.h"
#include "compare_view.h"
#include "graph_dock.h"
#include "main_window.h"
#include "quantity_plot.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "timeline_scrubber.h"

#include "physics/world.h"

#include <QAction>
#include <QBoxLayout>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPixmap>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cl {

namespace {

/// Keeps the compare view over the whole canvas.
class CoverFilter : public QObject {
public:
    CoverFilter(QWidget* covered, QWidget* cover) : QObject(cover), m_covered(covered), m_cover(cover) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_covered && event->type() == QEvent::Resize) {
            m_cover->setGeometry(m_covered->rect());
        }
        return false;
    }

private:
    QWidget* m_covered;
    QWidget* m_cover;
};

} // namespace

CompareUi::CompareUi(MainWindow& window, SimulationUi& simulation)
    : QObject(&window), m_window(window), m_simulation(simulation) {
    setObjectName(QStringLiteral("compareUi"));
    m_compare = new QAction(tr("&Compare Solvers..."), this);
    m_compare->setObjectName(QStringLiteral("actionCompare"));
    m_compare->setStatusTip(tr("Run the scene in 2 to 6 solver configurations at once, side by side"));
    connect(m_compare, &QAction::triggered, this, &CompareUi::openDialog);

    auto addAction = [this](const QString& text, const char* name, QKeySequence key) {
        auto* action = new QAction(text, this);
        action->setObjectName(QLatin1String(name));
        action->setShortcut(key);
        action->setEnabled(false);
        m_window.addAction(action); // its shortcut works wherever the focus is in the window
        return action;
    };
    m_play = addAction(tr("Play"), "actionComparePlay", QKeySequence(Qt::Key_Space));
    m_play->setCheckable(true);
    connect(m_play, &QAction::triggered, this, [this](bool on) { on ? play() : pause(); });
    m_stepBack = addAction(tr("Step Back"), "actionCompareStepBack", QKeySequence(Qt::Key_Left));
    connect(m_stepBack, &QAction::triggered, this, &CompareUi::stepBack);
    m_step = addAction(tr("Step"), "actionCompareStep", QKeySequence(Qt::Key_Right));
    connect(m_step, &QAction::triggered, this, &CompareUi::stepForward);
    m_leave = addAction(tr("&Leave Compare Mode"), "actionCompareLeave", QKeySequence());
    connect(m_leave, &QAction::triggered, this, &CompareUi::leave);

    // The Simulation menu (before Help, which installHelp adds last), shared with Step into the Solver
    // (solver_stepper.cpp), which may have made it already.
    QMenu* menu = m_window.menuBar()->findChild<QMenu*>(QStringLiteral("menuSimulation"));
    if (!menu) {
        menu = m_window.menuBar()->addMenu(tr("&Simulation"));
        menu->setObjectName(QStringLiteral("menuSimulation"));
    }
    menu->addAction(m_compare);
    menu->addAction(m_leave);

    // A button in the Simulation panel.
    auto* button = new QPushButton(tr("Compare Solvers..."));
    button->setObjectName(QStringLiteral("simCompareButton"));
    button->setToolTip(m_compare->statusTip());
    connect(button, &QPushButton::clicked, m_compare, &QAction::trigger);
    m_simulation.addPanelButton(button);

    m_view = new CompareView(m_window.canvas());
    m_view->hide();
    // The canvas lies under the view: a click on a body there selects it (the Graphs dock plots it).
    connect(m_view, &CompareView::bodyClicked, this, [this](int slot) {
        const QList<quint64> keys = m_window.document()->keys();
        if (slot >= 0 && slot < keys.size()) {
            m_window.canvas()->setSelection({keys[slot]});
            updateViews();
        }
    });
    m_window.canvas()->installEventFilter(new CoverFilter(m_window.canvas(), m_view));
    m_timer = new QTimer(this);
    m_timer->setInterval(kTimerMilliseconds);
    connect(m_timer, &QTimer::timeout, this, &CompareUi::onTimer);
    createDock();

    SimulationController* controller = m_simulation.controller();
    // A new World (another scene, Reset, an edit) or Edit mode ends the comparison of the old one.
    connect(controller, &SimulationController::simulatingChanged, this, [this](bool on) {
        if (!on) {
            leave();
        }
    });
    connect(controller, &SimulationController::worldRebuilt, this, &CompareUi::leave);
}

CompareUi::~CompareUi() = default;

void CompareUi::createDock() {
    m_dock = new QDockWidget(tr("Compare"), &m_window);
    m_dock->setObjectName(QStringLiteral("compareDock"));
    auto* content = new QWidget(m_dock);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 0, 4, 2);
    layout->setSpacing(2);
    auto* bar = new QToolBar(content);
    bar->setObjectName(QStringLiteral("compareToolBar"));
    bar->addAction(m_stepBack);
    bar->addAction(m_play);
    bar->addAction(m_step);
    bar->addSeparator();
    m_layout = new QComboBox(bar);
    m_layout->setObjectName(QStringLiteral("compareLayout"));
    m_layout->addItem(tr("Overlaid"));
    m_layout->addItem(tr("Split"));
    m_layout->setToolTip(tr("Overlaid outlines, or one pane per configuration (the first four)"));
    connect(m_layout, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_view->setLayout(index == 0 ? CompareView::Layout::Overlaid : CompareView::Layout::Split);
    });
    bar->addWidget(m_layout);
    bar->addSeparator();
    m_timeLabel = new QLabel(bar);
    m_timeLabel->setObjectName(QStringLiteral("compareTime"));
    bar->addWidget(m_timeLabel);
    // One row: the transport, then the scrubber taking the width, then Leave (the dock shares the window's
    // height with the left column: a row saved is a table row shown).
    auto* row = new QHBoxLayout();
    row->addWidget(bar);
    m_scrubber = new TimelineScrubber(content);
    m_scrubber->setObjectName(QStringLiteral("compareScrubber"));
    connect(m_scrubber, &TimelineScrubber::seekRequested, this, &CompareUi::seek);
    row->addWidget(m_scrubber, 1);
    auto* leaveBar = new QToolBar(content);
    leaveBar->addAction(m_leave);
    row->addWidget(leaveBar);
    layout->addLayout(row);
    m_table = new QTableWidget(content);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 3);
    layout->addWidget(m_table, 1);
    m_dock->setWidget(content);
    m_window.addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
}

void CompareUi::openDialog() {
    if (!m_simulation.controller()->isSimulating()) {
        m_simulation.simulateAction()->setChecked(true);
    }
    if (m_dialog) {
        m_dialog->raise();
        return;
    }
    m_dialog = new CompareDialog(m_simulation.controller()->settings(), &m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &QDialog::accepted, this, [this] { start(m_dialog->configs()); });
    connect(m_dialog, &QObject::destroyed, this, [this] { m_dialog = nullptr; });
    m_dialog->open();
}

void CompareUi::start(std::vector<CompareConfig> configs) {
    SimulationController* controller = m_simulation.controller();
    if (!controller->isSimulating()) {
        m_simulation.simulateAction()->setChecked(true);
    }
    if (configs.size() > static_cast<std::size_t>(CompareDialog::kMaxConfigs)) {
        configs.resize(static_cast<std::size_t>(CompareDialog::kMaxConfigs));
    }
    const bool wasActive = isActive();
    pause();
    controller->pause();
    controller->cancelStep();
    m_run = std::make_unique<CompareRun>(m_window.document()->scene().def.bodies, std::move(configs));
    m_accumulator = 0.0;

    if (!wasActive) {
        // The single run's transport would move the run hidden under the comparison: off meanwhile.
        for (QAction* action : {m_simulation.playAction(), m_simulation.stepAction(),
                                m_simulation.stepBackAction(), m_simulation.resetAction()}) {
            m_disabled.emplace_back(action, action->isEnabled());
            action->setEnabled(false);
        }
        m_timelineWasVisible = m_simulation.timelineDock()->isVisible();
        m_simulation.timelineDock()->hide();
        // The same zoom and centre as the canvas.
        m_view->setViewTransform(m_window.canvas()->viewTransform());
    }
    m_view->setGeometry(m_window.canvas()->rect());
    m_view->setRun(m_run.get());
    m_view->show();
    m_view->raise();
    for (QAction* action : {m_play, m_step, m_stepBack, m_leave}) {
        action->setEnabled(true);
    }

    m_table->clear();
    m_table->setColumnCount(1 + static_cast<int>(compareColumnTitles().size()));
    m_table->setHorizontalHeaderLabels(QStringList{tr("configuration")} + compareColumnTitles());
    m_table->setRowCount(m_run->count());
    for (int c = 0; c < m_run->count(); ++c) {
        QPixmap swatch(12, 12);
        swatch.fill(compareColor(c));
        auto* name = new QTableWidgetItem(QIcon(swatch), m_run->config(c).name);
        m_table->setItem(c, 0, name);
        for (int k = 1; k < m_table->columnCount(); ++k) {
            auto* item = new QTableWidgetItem();
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(c, k, item);
        }
    }
    m_dock->show();
    m_dock->raise();
    // Tall enough for every row of the table under the transport and the scrubber.
    const int rowsHeight = m_table->horizontalHeader()->sizeHint().height() +
                           m_run->count() * m_table->verticalHeader()->defaultSectionSize() + 4;
    const int wanted = rowsHeight + std::max(m_scrubber->sizeHint().height(), 32) + 40;
    // Once the dock is laid out (a dock just shown is not resized yet).
    QTimer::singleShot(0, m_dock, [this, wanted] {
        m_window.resizeDocks({m_dock}, {std::min(wanted, m_window.height() / 2)}, Qt::Vertical);
    });

    if (GraphDock* graphs = m_simulation.graphDock()) {
        graphs->setLineSource([this](GraphDock::Quantity q, std::vector<PlotSeries>& lines, double& cursor) {
            if (!m_run) {
                return;
            }
            cursor = m_run->time();
            const QList<quint64> keys = m_window.document()->keys();
            std::vector<int> lineSlots;
            if (q != GraphDock::Quantity::SceneEnergy) {
                for (const quint64 key : m_window.canvas()->selection()) {
                    if (const qsizetype slot = keys.indexOf(key); slot >= 0) {
                        lineSlots.push_back(static_cast<int>(slot));
                    }
                }
            }
            const std::int64_t first = m_run->firstTick();
            const std::int64_t head = m_run->headTick();
            for (int c = 0; c < m_run->count(); ++c) {
                const phys::Vec2 gravity = m_run->config(c).settings.gravity;
                const std::size_t lineCount = q == GraphDock::Quantity::SceneEnergy ? 1 : lineSlots.size();
                for (std::size_t l = 0; l < lineCount; ++l) {
                    PlotSeries line;
                    line.name = m_run->config(c).name;
                    phys::MassData mass;
                    if (q != GraphDock::Quantity::SceneEnergy) {
                        const int slot = lineSlots[l];
                        const std::string& body = m_window.document()->body(keys[slot]).name;
                        if (lineSlots.size() > 1) {
                            line.name += QStringLiteral(": ") + (body.empty() ? tr("body %1").arg(slot)
                                                                              : QString::fromStdString(body));
                        }
                        mass = m_run->massOf(slot);
                    } else {
                        line.name += tr(": total");
                    }
                    line.color = lineSlots.size() > 1 ? GraphDock::lineColorAt(static_cast<int>(lines.size()))
                                                      : compareColor(c);
                    std::int64_t last = -1;
                    for (std::int64_t tick = first; tick <= head; ++tick) {
                        const SimFrame* f = m_run->frameAt(c, tick);
                        if (!f || f->step == last) {
                            continue; // a slower configuration holds its step over several ticks
                        }
                        last = f->step;
                        line.t.push_back(f->time);
                        line.v.push_back(q == GraphDock::Quantity::SceneEnergy
                                             ? f->kineticEnergy + f->potentialEnergy
                                             : GraphDock::valueOf(q, *f, lineSlots[l], mass, gravity));
                    }
                    lines.push_back(std::move(line));
                }
            }
        });
    }
    updateViews();
    if (!wasActive) {
        emit activeChanged(true);
    }
}

void CompareUi::leave() {
    if (!m_run) {
        return;
    }
    pause();
    if (GraphDock* graphs = m_simulation.graphDock()) {
        graphs->setLineSource({});
    }
    m_view->setRun(nullptr);
    m_view->hide();
    m_run.reset();
    for (QAction* action : {m_play, m_step, m_stepBack, m_leave}) {
        action->setEnabled(false);
    }
    // As they were, unless Edit mode came meanwhile (leaving Simulate mode ends the comparison; the
    // Simulation UI has switched them off already).
    const bool simulating = m_simulation.controller()->isSimulating();
    for (const auto& [action, enabled] : m_disabled) {
        action->setEnabled(enabled && simulating);
    }
    m_disabled.clear();
    m_dock->hide();
    if (m_timelineWasVisible && m_simulation.controller()->isSimulating()) {
        m_simulation.timelineDock()->show();
    }
    emit activeChanged(false);
}

void CompareUi::play() {
    if (!m_run || m_playing) {
        return;
    }
    m_playing = true;
    m_play->setChecked(true);
    m_play->setText(tr("Pause"));
    m_accumulator = 0.0;
    m_clock.start();
    if (!m_externalClock) {
        m_timer->start();
    }
}

void CompareUi::pause() {
    if (m_run) {
        m_run->finishStep(); // the step taken ahead is kept: the head is then one tick on
    }
    m_playing = false;
    m_timer->stop();
    m_play->setChecked(false);
    m_play->setText(tr("Play"));
}

void CompareUi::stepForward() {
    if (!m_run) {
        return;
    }
    pause();
    m_run->stepForward();
    updateViews();
}

void CompareUi::stepBack() {
    if (!m_run) {
        return;
    }
    pause();
    m_run->stepBack();
    updateViews();
}

void CompareUi::seek(std::int64_t tick) {
    if (!m_run) {
        return;
    }
    pause();
    m_run->seek(tick);
    updateViews();
}

void CompareUi::onTimer() {
    const double seconds = static_cast<double>(m_clock.restart()) * 1e-3;
    advance(seconds);
}

void CompareUi::advance(double realSeconds) {
    if (!m_run || !m_playing) {
        return;
    }
    const double dt = m_run->tickSeconds();
    m_accumulator += std::min(realSeconds, 0.25);
    int ticks = 0;
    while (m_accumulator >= dt && ticks < kMaxTicksPerFrame) {
        m_run->stepForward();
        m_accumulator -= dt;
        ++ticks;
    }
    if (ticks == kMaxTicksPerFrame) {
        m_accumulator = std::fmod(m_accumulator, dt); // slower than real time: the lag is dropped
    }
    // Step ahead: the next tick's steps run on their threads while this tick is drawn (compare_run.h).
    if (m_run->tick() == m_run->headTick()) {
        m_run->beginStep();
    }
    if (ticks > 0) {
        updateViews();
    }
}

void CompareUi::updateViews() {
    if (!m_run) {
        return;
    }
    m_view->update();
    m_scrubber->setRange(m_run->firstTick(), m_run->headTick());
    m_scrubber->setCurrent(m_run->tick());
    m_timeLabel->setText(tr("t = %1 s   tick %2").arg(m_run->time(), 0, 'f', 3).arg(m_run->tick()));
    m_stepBack->setEnabled(m_run->tick() > m_run->firstTick());
    updateTable();
    if (GraphDock* graphs = m_simulation.graphDock(); graphs && graphs->isVisible()) {
        graphs->refresh();
    }
    emit frameChanged();
}

QString CompareUi::cellText(int config, int column) const {
    const QTableWidgetItem* item = m_table->item(config, column);
    return item ? item->text() : QString();
}

void CompareUi::updateTable() {
    for (int c = 0; c < m_run->count(); ++c) {
        const QStringList cells = compareRowCells(m_run->row(c));
        for (int k = 0; k < cells.size(); ++k) {
            m_table->item(c, k + 1)->setText(cells[k]);
        }
    }
}

CompareUi* installCompare(MainWindow& window) {
    auto* simulation = window.findChild<SimulationUi*>();
    return simulation ? new CompareUi(window, *simulation) : nullptr;
}

} // namespace cl
