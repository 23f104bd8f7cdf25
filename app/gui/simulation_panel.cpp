#include "simulation_panel.h"
#include "theme.h"

#include "body_item.h"
#include "edit_intents.h"
#include "energy_plot.h"
#include "grab_tool.h"
#include "graph_dock.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "timeline_scrubber.h"
#include "tools_toolbar.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMouseEvent>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>

#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include <cmath>
#include <functional>

namespace cl {

namespace {

/// The history's memory budget in MB (SimulationController::setHistoryBudgetBytes), a setting of this machine.
const QString kHistoryMegabytesKey = QStringLiteral("simulation/historyMegabytes");

struct OverlayName {
    const char* name;
    bool SimOverlayOptions::*member;
    const char* label;
};

constexpr OverlayName kOverlayNames[] = {
    {"contacts", &SimOverlayOptions::contacts, "Contact points"},
    {"normals", &SimOverlayOptions::normals, "Normals"},
    {"impulses", &SimOverlayOptions::impulses, "Impulses (normal, friction)"},
    {"velocities", &SimOverlayOptions::velocities, "Velocities"},
    {"aabbs", &SimOverlayOptions::aabbs, "AABBs"},
    {"pairs", &SimOverlayOptions::pairs, "Broadphase pairs"},
    {"sleeping", &SimOverlayOptions::sleeping, "Sleeping bodies"},
    {"particles", &SimOverlayOptions::particles, "Verlet particles"},
    {"centres", &SimOverlayOptions::centres, "Centres of mass"},
    {"legend", &SimOverlayOptions::legend, "Legend"},
};

/// The window's View menu (found by its title), or null.
QMenu* findViewMenu(MainWindow& window) {
    for (QAction* action : window.menuBar()->actions()) {
        if (action->menu() && action->menu()->title().remove(QLatin1Char('&')) == QStringLiteral("View")) {
            return action->menu();
        }
    }
    return nullptr;
}

/// The Substeps box for `s`: the explicit count, or 0 shown as what automatic substeps run for these
/// settings ("Auto (4-8)" for the soft step, phys::substepRange), with the rule in its tooltip.
void showSubsteps(QSpinBox* box, const phys::WorldSettings& s) {
    const auto [least, most] = phys::substepRange(s);
    box->setSpecialValueText(least == most ? QObject::tr("Auto (%1)").arg(least)
                                           : QObject::tr("Auto (%1-%2)").arg(least).arg(most));
    QString rule;
    if (least != most) {
        const double limit = phys::autoSubstepsRatioLimit(s) - 1.0;
        rule = std::isfinite(limit)
                   ? QObject::tr(
                         "Auto: %1 substeps for each group of touching bodies, %2 where a body more than "
                         "%3 times as heavy as one it touches would press into it by more than 5 mm "
                         "(the contacts are stiffer at %2).")
                         .arg(least)
                         .arg(most)
                         .arg(QString::number(limit, 'f', 1))
                   : QObject::tr("Auto: %1 substeps (without gravity no mass ratio needs %2).")
                         .arg(least)
                         .arg(most);
    } else {
        rule = QObject::tr("Auto: %1 substeps with these solver settings.").arg(least);
    }
    box->setToolTip(QObject::tr("Substeps per step; lowest value: automatic.") + QLatin1Char('\n') + rule);
    const QSignalBlocker blocker(box);
    box->setValue(s.substeps.value_or(0));
}

} // namespace

SimulationUi::SimulationUi(MainWindow& window)
    : QObject(&window), m_window(window), m_controller(new SimulationController(window.document(), this)),
      m_grabTool(new GrabTool(window.canvas(), window.editIntents(), this)), m_overlay(new SimOverlay(this)) {
    setObjectName(QStringLiteral("simulationUi"));
    window.canvas()->addOverlay(m_overlay);
    createToolBar();
    createDock();
    createEnergyDock();
    createTimelineDock();
    addDemosMenu();

    connect(m_controller, &SimulationController::simulatingChanged, this, &SimulationUi::onSimulatingChanged);
    connect(m_controller, &SimulationController::frameChanged, this, &SimulationUi::onFrame);
    connect(m_controller, &SimulationController::settingsChanged, this, &SimulationUi::syncSettingsWidgets);
    connect(m_controller, &SimulationController::playingChanged, this, [this](bool playing) {
        m_play->setChecked(playing);
        m_play->setText(playing ? tr("Pause") : tr("Play"));
        m_play->setIcon(
            m_window.style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    connect(m_controller, &SimulationController::warningChanged, this, [this](const QString& warning) {
        m_warningLabel->setText(warning);
        m_warningLabel->setToolTip(warning);
        m_warningAction->setVisible(!warning.isEmpty());
    });
    connect(m_controller, &SimulationController::worldRebuilt, this, [this] {
        m_heavyConfirmed = false;
        m_energyPlot->clear();
        m_lastPlottedStep = -1;
        m_finder.clear();
    });
    connect(m_controller, &SimulationController::contactChosen, this, &SimulationUi::onContactChosen);
    connect(m_controller, &SimulationController::steppingChanged, this, [this](bool stepping) {
        if (stepping) {
            m_progressTimer->start();
        } else {
            m_progressTimer->stop();
        }
        updateProgress();
    });

    connect(m_grabTool, &GrabTool::grabStarted, this, [this](quint64 key, phys::Vec2 point) {
        if (!m_controller->beginGrab(key, point)) {
            m_grabTool->cancel();
        }
    });
    connect(m_grabTool, &GrabTool::grabMoved, m_controller, &SimulationController::moveGrab);
    connect(m_grabTool, &GrabTool::grabReleased, this, [this] { m_controller->endGrab(true); });
    connect(m_grabTool, &GrabTool::grabCancelled, this, [this] { m_controller->endGrab(false); });
    m_grabTool->setPressInterceptor([this](QPointF p) { return pickContact(p); });

    connect(window.document(), &Document::sceneReset, this, &SimulationUi::onSceneReset);
    onSceneReset();
    onSimulatingChanged(false);
}

SimulationUi::~SimulationUi() = default;

void SimulationUi::addPanelButton(QPushButton* button) {
    m_panelLayout->insertWidget(m_panelLayout->indexOf(m_statsLabel), button);
}

// A step that runs long (a heavy scene on the worker thread) shows, after kProgressAfterSeconds, a busy bar,
// "Stepping frame N... T s" and Cancel in the toolbar; Esc cancels too. The controller steps on a copy of
// the World, so Cancel is exact: the frame before the step stays.
void SimulationUi::createProgress() {
    auto* box = new QWidget(m_toolBar);
    box->setObjectName(QStringLiteral("simStepProgress"));
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->setSpacing(6);
    m_progressBar = new QProgressBar(box);
    m_progressBar->setRange(0, 0); // busy: a step's length is not known in advance
    m_progressBar->setTextVisible(false);
    m_progressBar->setFixedWidth(72);
    m_progressLabel = new QLabel(box);
    m_progressLabel->setObjectName(QStringLiteral("simStepProgressLabel"));
    m_cancelStep = new QAction(tr("Cancel"), &m_window);
    m_cancelStep->setObjectName(QStringLiteral("actionSimCancelStep"));
    m_cancelStep->setToolTip(tr("Stop this step and stay at the frame before it (Esc)"));
    m_cancelStep->setEnabled(false);
    m_window.addAction(m_cancelStep);
    connect(m_cancelStep, &QAction::triggered, m_controller, &SimulationController::cancelStep);
    auto* cancel = new QToolButton(box);
    cancel->setObjectName(QStringLiteral("simCancelStepButton"));
    cancel->setDefaultAction(m_cancelStep);
    layout->addWidget(m_progressBar);
    layout->addWidget(m_progressLabel);
    layout->addWidget(cancel);
    m_progressAction = m_toolBar->addWidget(box);
    m_progressAction->setVisible(false);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &SimulationUi::updateProgress);
}

void SimulationUi::updateProgress() {
    const double seconds = m_controller->steppingSeconds();
    const bool show = m_controller->isStepping() && seconds >= kProgressAfterSeconds;
    if (show) {
        m_progressLabel->setText(tr("Stepping frame %L1\u2026 %2 s")
                                     .arg(m_controller->steppingStep())
                                     .arg(QString::number(seconds, 'f', 1)));
    }
    m_progressAction->setVisible(show);
    m_cancelStep->setEnabled(show);
    // Esc is this action's only while the progress shows: a window shortcut, even a disabled one, would take
    // Esc from the tools and dialogs the rest of the time.
    m_cancelStep->setShortcut(show ? QKeySequence(Qt::Key_Escape) : QKeySequence());
}

// Asked when the user presses Play or Step, not when the file is opened: opening a heavy scene to look at it or
// to edit it costs nothing (the pairs are made by the first step), a scene can become heavy by editing as
// well as by opening, and the count is only known once Simulate has built the World.
bool SimulationUi::confirmHeavyRun() {
    const std::int64_t pairs = m_controller->estimatedPairs();
    if (m_heavyConfirmed || pairs <= SimulationController::kHeavyPairCount ||
        m_controller->currentStep() > 0) {
        return true;
    }
    QMessageBox box(QMessageBox::Warning, tr("Heavy scene"),
                    tr("This scene would make %1 contact pairs in its first step (more than %L2).")
                        .arg(pairs >= SimulationController::kPairCountCap
                                 ? tr("more than %L1").arg(SimulationController::kPairCountCap)
                                 : tr("about %L1").arg(pairs))
                        .arg(SimulationController::kHeavyPairCount),
                    QMessageBox::NoButton, &m_window);
    box.setObjectName(QStringLiteral("heavySceneConfirmation"));
    box.setInformativeText(tr("Each step may take seconds and a lot of memory. The window stays usable while "
                              "it steps, and Esc or Cancel stops a step. Run it?"));
    QPushButton* run = box.addButton(tr("Run"), QMessageBox::AcceptRole);
    QPushButton* dont = box.addButton(tr("Don't run"), QMessageBox::RejectRole);
    box.setDefaultButton(dont);
    box.setEscapeButton(dont);
    box.exec();
    m_heavyConfirmed = box.clickedButton() == run;
    return m_heavyConfirmed;
}

bool SimulationUi::isProgressShown() const {
    return m_progressAction->isVisible();
}

QString SimulationUi::progressText() const {
    return m_progressLabel->text();
}

QStringList SimulationUi::demoFiles() {
    QStringList files;
    const QDir dir(QStringLiteral(":/scenes/demos"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        files << dir.filePath(name);
    }
    return files;
}

void SimulationUi::createToolBar() {
    m_toolBar = new QToolBar(tr("Simulation"), &m_window);
    m_toolBar->setObjectName(QStringLiteral("simulationToolBar"));
    QStyle* style = m_window.style();

    m_simulate = m_toolBar->addAction(tr("Simulate"));
    m_simulate->setObjectName(QStringLiteral("actionSimulate"));
    m_simulate->setCheckable(true);
    m_simulate->setShortcut(QKeySequence(Qt::Key_F5));
    m_simulate->setToolTip(tr("Switch between Edit and Simulate mode (F5)"));
    connect(m_simulate, &QAction::toggled, m_controller, &SimulationController::setSimulating);

    m_reset = m_toolBar->addAction(style->standardIcon(QStyle::SP_MediaSkipBackward), tr("Reset"));
    m_reset->setObjectName(QStringLiteral("actionSimReset"));
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reset->setToolTip(tr("Back to the edited scene (Ctrl+R)"));
    connect(m_reset, &QAction::triggered, m_controller, &SimulationController::reset);

    m_stepBack = m_toolBar->addAction(style->standardIcon(QStyle::SP_MediaSeekBackward), tr("Step back"));
    m_stepBack->setObjectName(QStringLiteral("actionSimStepBack"));
    m_stepBack->setShortcut(QKeySequence(Qt::Key_Left));
    m_stepBack->setToolTip(tr("One step back through the recorded history (Left)"));
    connect(m_stepBack, &QAction::triggered, m_controller, &SimulationController::stepBack);

    m_play = m_toolBar->addAction(style->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
    m_play->setObjectName(QStringLiteral("actionSimPlay"));
    m_play->setCheckable(true);
    m_play->setShortcut(QKeySequence(Qt::Key_Space));
    m_play->setToolTip(tr("Play or pause (Space)"));
    connect(m_play, &QAction::triggered, m_controller, [this](bool) {
        if (!m_controller->isPlaying() && !confirmHeavyRun()) {
            m_play->setChecked(false);
            return;
        }
        m_controller->togglePlay();
    });

    m_step = m_toolBar->addAction(style->standardIcon(QStyle::SP_MediaSeekForward), tr("Step"));
    m_step->setObjectName(QStringLiteral("actionSimStep"));
    m_step->setShortcut(QKeySequence(Qt::Key_Right));
    m_step->setToolTip(tr("One step forward (Right)"));
    connect(m_step, &QAction::triggered, m_controller, [this] {
        if (confirmHeavyRun()) {
            m_controller->stepForward();
        }
    });

    m_toolBar->addSeparator();
    auto* scaleLabel = new QLabel(tr(" Speed "), m_toolBar);
    m_toolBar->addWidget(scaleLabel);
    m_timeScale = new QDoubleSpinBox(m_toolBar);
    m_timeScale->setObjectName(QStringLiteral("simTimeScale"));
    m_timeScale->setRange(SimulationController::kMinTimeScale, SimulationController::kMaxTimeScale);
    m_timeScale->setSingleStep(0.1);
    m_timeScale->setDecimals(1);
    m_timeScale->setSuffix(QStringLiteral("x"));
    m_timeScale->setValue(1.0);
    m_timeScale->setToolTip(tr("Time scale: simulated seconds per real second (0.1x to 2x)"));
    m_toolBar->addWidget(m_timeScale);
    connect(m_timeScale, &QDoubleSpinBox::valueChanged, m_controller, &SimulationController::setTimeScale);

    m_timeLabel = new QLabel(m_toolBar);
    m_timeLabel->setObjectName(QStringLiteral("simTimeLabel"));
    m_timeLabel->setMinimumWidth(
        m_timeLabel->fontMetrics().horizontalAdvance(QStringLiteral("  t = 0000.000 s  step 000000  ")));
    m_toolBar->addWidget(m_timeLabel);

    // Before the warning: a heavy scene's warning is long, and the progress with its Cancel must not be the
    // one pushed into the toolbar's overflow menu at 1280 px.
    createProgress();

    m_warningLabel = new QLabel(m_toolBar);
    m_warningLabel->setObjectName(QStringLiteral("simWarningLabel"));
    setThemedStyle(m_warningLabel, ThemedRole::Warning, QStringLiteral("font-weight: bold; padding: 0 6px;"));
    m_warningAction = m_toolBar->addWidget(m_warningLabel);
    m_warningAction->setVisible(false);

    // As tall as its wrapped text at the width the toolbar gives it (tools_toolbar.h).
    m_descriptionLabel = new WrappedToolBarLabel(m_toolBar);
    m_descriptionLabel->setObjectName(QStringLiteral("sceneDescriptionLabel"));
    setThemedStyle(m_descriptionLabel, ThemedRole::Note,
                   QStringLiteral("border-radius: 4px; padding: 2px 8px;"));
    m_descriptionLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_descriptionLabel->setWordWrap(true);
    m_descriptionAction = m_toolBar->addWidget(m_descriptionLabel);

    m_window.addToolBarBreak(Qt::TopToolBarArea);
    m_window.addToolBar(Qt::TopToolBarArea, m_toolBar);
    if (QMenu* viewMenu = findViewMenu(m_window)) {
        viewMenu->addSeparator();
        // The Simulation dock's toggle is also in this menu: the toolbar's says what it shows.
        m_toolBar->toggleViewAction()->setText(tr("Simulation Toolbar"));
        viewMenu->addAction(m_toolBar->toggleViewAction());
    }
}

void SimulationUi::createDock() {
    m_dock = new QDockWidget(tr("Simulation"), &m_window);
    m_dock->setObjectName(QStringLiteral("simulationDock"));
    auto* content = new QWidget(m_dock);
    auto* layout = new QVBoxLayout(content);

    auto* solverBox = new QGroupBox(tr("Solver (live)"), content);
    auto* form = new QFormLayout(solverBox);
    m_solver = new QComboBox(solverBox);
    m_solver->setObjectName(QStringLiteral("simSolver"));
    m_solver->addItem(tr("Impulse"), static_cast<int>(phys::SolverKind::Impulse));
    m_solver->addItem(tr("Verlet"), static_cast<int>(phys::SolverKind::Verlet));
    form->addRow(tr("Solver"), m_solver);
    m_response = new QComboBox(solverBox);
    m_response->setObjectName(QStringLiteral("simResponse"));
    m_response->addItem(tr("Impulses"), static_cast<int>(phys::ResponseKind::Impulses));
    m_response->addItem(tr("Push-out (naive)"), static_cast<int>(phys::ResponseKind::PushOut));
    form->addRow(tr("Response"), m_response);
    m_method = new QComboBox(solverBox);
    m_method->setObjectName(QStringLiteral("simContactMethod"));
    m_method->addItem(tr("Clipping"), static_cast<int>(phys::ContactMethod::Clipping));
    m_method->addItem(tr("Deepest vertices"), static_cast<int>(phys::ContactMethod::DeepestVertices));
    m_method->addItem(tr("Vertex-edge"), static_cast<int>(phys::ContactMethod::VertexEdge));
    form->addRow(tr("Contacts"), m_method);
    m_warmStart = new QCheckBox(tr("Warm starting"), solverBox);
    m_warmStart->setObjectName(QStringLiteral("simWarmStarting"));
    // Next to warm starting: both keep something of last step's contacts (WorldSettings::recycleContacts).
    m_recycle = new QCheckBox(tr("Recycle contacts (Box2D v3)"), solverBox);
    m_recycle->setObjectName(QStringLiteral("simRecycleContacts"));
    m_recycle->setToolTip(
        tr("A touching pair that has barely moved since its contact points were taken keeps them, carried by "
           "the bodies, instead of the pair being collided again (SAT and clipping). Off: every contact is "
           "computed afresh each step. Impulse solver only."));
    m_continuous = new QCheckBox(tr("Continuous collision"), solverBox);
    m_continuous->setObjectName(QStringLiteral("simContinuous"));
    m_sleep = new QCheckBox(tr("Sleep"), solverBox);
    m_sleep->setObjectName(QStringLiteral("simSleep"));
    form->addRow(m_warmStart);
    form->addRow(m_recycle);
    form->addRow(m_continuous);
    form->addRow(m_sleep);
    auto* gravityRow = new QWidget(solverBox);
    auto* gravityLayout = new QHBoxLayout(gravityRow);
    gravityLayout->setContentsMargins(0, 0, 0, 0);
    m_gravity = new QCheckBox(tr("Gravity"), gravityRow);
    m_gravity->setObjectName(QStringLiteral("simGravity"));
    m_gravityY = new QDoubleSpinBox(gravityRow);
    m_gravityY->setObjectName(QStringLiteral("simGravityY"));
    m_gravityY->setRange(-100.0, 100.0);
    m_gravityY->setDecimals(2);
    m_gravityY->setSuffix(tr(" m/s\u00b2"));
    gravityLayout->addWidget(m_gravity);
    gravityLayout->addWidget(m_gravityY);
    form->addRow(gravityRow);
    m_timeStepHz = new QDoubleSpinBox(solverBox);
    m_timeStepHz->setObjectName(QStringLiteral("simStepRate"));
    m_timeStepHz->setRange(std::ceil(1.0 / phys::kMaxTimeStep),
                           1000.0); // 30 Hz: the scene format's largest step
    m_timeStepHz->setDecimals(0);
    m_timeStepHz->setSuffix(tr(" Hz"));
    m_timeStepHz->setToolTip(tr("Steps per simulated second (time step = 1 / rate)"));
    form->addRow(tr("Step rate"), m_timeStepHz);
    m_iterations = new QSpinBox(solverBox);
    m_iterations->setObjectName(QStringLiteral("simIterations"));
    m_iterations->setRange(1, 200);
    form->addRow(tr("Iterations"), m_iterations);
    m_substeps = new QSpinBox(solverBox);
    m_substeps->setObjectName(QStringLiteral("simSubsteps"));
    // 0 is automatic substeps (the default, defs.h WorldSettings::substeps), shown as what it runs.
    m_substeps->setRange(0, 32);
    form->addRow(tr("Substeps"), m_substeps);
    // A property of this machine, not of the scene: kept in the app's settings, not in the file.
    m_threads = new QSpinBox(solverBox);
    m_threads->setObjectName(QStringLiteral("simThreads"));
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setToolTip(tr("Cores the step may use. The motion is the same, to the last digit, for any "
                             "number; only the speed changes."));
    m_threads->setValue(
        QSettings().value(QStringLiteral("simulation/threads"), m_threads->maximum()).toInt());
    m_controller->setThreadCount(m_threads->value());
    form->addRow(tr("Threads"), m_threads);
    // Also the machine's, not the scene's: how much of its memory stepping back may use.
    m_historyMemory = new QSpinBox(solverBox);
    m_historyMemory->setObjectName(QStringLiteral("simHistoryMemory"));
    m_historyMemory->setRange(static_cast<int>(SimulationController::kMinHistoryBudgetBytes >> 20),
                              static_cast<int>(SimulationController::kMaxHistoryBudgetBytes >> 20));
    m_historyMemory->setSuffix(tr(" MB"));
    m_historyMemory->setAccelerated(true);
    m_historyMemory->setToolTip(
        tr("Memory the recorded frames (stepping back, the timeline, the graphs) may take, with the World "
           "checkpoints. At least %1 s are kept when they fit; a smaller budget or a bigger scene keeps "
           "fewer, "
           "and the oldest frames go first.")
            .arg(SimulationController::kHistorySeconds));
    m_historyMemory->setValue(
        QSettings()
            .value(kHistoryMegabytesKey, static_cast<int>(SimulationController::kHistoryBudgetBytes >> 20))
            .toInt());
    m_controller->setHistoryBudgetBytes(static_cast<std::size_t>(m_historyMemory->value()) << 20);
    form->addRow(tr("History memory"), m_historyMemory);
    m_settingsError = new QLabel(solverBox);
    m_settingsError->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_settingsError->setWordWrap(true);
    m_settingsError->setVisible(false);
    form->addRow(m_settingsError);
    layout->addWidget(solverBox);

    auto* overlayBox = new QGroupBox(tr("Overlays"), content);
    auto* grid = new QGridLayout(overlayBox);
    int index = 0;
    for (const OverlayName& entry : kOverlayNames) {
        auto* box = new QCheckBox(tr(entry.label), overlayBox);
        box->setObjectName(QStringLiteral("simOverlay_") + QString::fromLatin1(entry.name));
        box->setChecked(m_overlay->options().*(entry.member));
        const auto member = entry.member;
        connect(box, &QCheckBox::toggled, this, [this, member](bool on) {
            SimOverlayOptions options = m_overlay->options();
            options.*member = on;
            m_overlay->setOptions(options);
            onFrame(); // what the frame shows follows the options (the names under the Verlet hubs)
        });
        connect(m_overlay, &SimOverlay::changed, box, [this, box, member] {
            const QSignalBlocker blocker(box);
            box->setChecked(m_overlay->options().*member);
        });
        grid->addWidget(box, index / 2, index % 2);
        ++index;
    }
    layout->addWidget(overlayBox);

    m_statsLabel = new QLabel(content);
    m_statsLabel->setObjectName(QStringLiteral("simStats"));
    m_statsLabel->setWordWrap(true);
    layout->addWidget(m_statsLabel);
    auto* help = new QLabel(tr("Drag a body to pull it with a spring; release to throw it. "
                               "On a paused frame, click a contact point to open its walkthrough."),
                            content);
    help->setWordWrap(true);
    help->setStyleSheet(QStringLiteral("QLabel { color: palette(mid); }"));
    layout->addWidget(help);
    layout->addStretch(1);
    m_panelLayout = layout;

    auto* scroll = new QScrollArea(m_dock);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    m_dock->setWidget(scroll);
    m_window.addDockWidget(Qt::RightDockWidgetArea, m_dock);

    const auto settingsChanged = [this] {
        applySettingsFromWidgets();
    };
    connect(m_solver, &QComboBox::currentIndexChanged, this, settingsChanged);
    connect(m_response, &QComboBox::currentIndexChanged, this, settingsChanged);
    connect(m_method, &QComboBox::currentIndexChanged, this, settingsChanged);
    connect(m_warmStart, &QCheckBox::toggled, this, settingsChanged);
    connect(m_recycle, &QCheckBox::toggled, this, settingsChanged);
    connect(m_continuous, &QCheckBox::toggled, this, settingsChanged);
    connect(m_sleep, &QCheckBox::toggled, this, settingsChanged);
    connect(m_gravity, &QCheckBox::toggled, this, settingsChanged);
    connect(m_gravityY, &QDoubleSpinBox::valueChanged, this, settingsChanged);
    connect(m_timeStepHz, &QDoubleSpinBox::valueChanged, this, settingsChanged);
    connect(m_iterations, &QSpinBox::valueChanged, this, settingsChanged);
    connect(m_substeps, &QSpinBox::valueChanged, this, settingsChanged);
    connect(m_historyMemory, &QSpinBox::valueChanged, this, [this](int megabytes) {
        m_controller->setHistoryBudgetBytes(static_cast<std::size_t>(megabytes) << 20);
        QSettings().setValue(kHistoryMegabytesKey, megabytes);
    });
    connect(m_threads, &QSpinBox::valueChanged, this, [this](int threads) {
        m_controller->setThreadCount(threads);
        QSettings().setValue(QStringLiteral("simulation/threads"), threads);
    });
    syncSettingsWidgets();
}

void SimulationUi::createEnergyDock() {
    m_energyDock = new QDockWidget(tr("Energy"), &m_window);
    m_energyDock->setObjectName(QStringLiteral("energyDock"));
    m_energyPlot = new EnergyPlot(m_energyDock);
    m_energyPlot->setDisplayScale(m_window.canvas()->presentationScale());
    connect(m_window.canvas(), &SceneCanvas::presentationScaleChanged, m_energyPlot,
            &EnergyPlot::setDisplayScale);
    m_energyDock->setWidget(m_energyPlot);
    m_window.addDockWidget(Qt::RightDockWidgetArea, m_energyDock);
    if (QMenu* viewMenu = findViewMenu(m_window)) {
        viewMenu->addAction(m_dock->toggleViewAction());
        viewMenu->addAction(m_energyDock->toggleViewAction());
    }
}

void SimulationUi::addDemosMenu() {
    QMenu* target = m_window.menuBar()->findChild<QMenu*>(QStringLiteral("menuSamples"));
    QMenu* menu = nullptr;
    if (target) {
        target->addSeparator();
        menu = target->addMenu(tr("Simulation &demos"));
    } else {
        menu = m_window.menuBar()->addMenu(tr("&Demos"));
    }
    menu->setObjectName(QStringLiteral("menuSimulationDemos"));
    for (const QString& path : demoFiles()) {
        // The menu title is the demo's top-level "title" (kept as an unknown key by the scene reader, as
        // "description" and "overlays" are), else its file name in words.
        QString title;
        if (QFile file(path); file.open(QIODevice::ReadOnly)) {
            title =
                QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("title")).toString();
        }
        if (title.isEmpty()) {
            title = QFileInfo(path).completeBaseName().replace(QLatin1Char('_'), QLatin1Char(' '));
            if (!title.isEmpty()) {
                title[0] = title[0].toUpper();
            }
        }
        QAction* action = menu->addAction(title);
        action->setData(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (m_window.openSample(path)) {
                m_simulate->setChecked(true);
            }
        });
    }
}

QStringList SimulationUi::setOverlayNames(const QString& names) {
    SimOverlayOptions options = m_overlay->options();
    QStringList unknown;
    for (const QString& raw : names.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = raw.trimmed().toLower();
        if (name == QStringLiteral("all") || name == QStringLiteral("none")) {
            for (const OverlayName& entry : kOverlayNames) {
                options.*(entry.member) = name == QStringLiteral("all");
            }
            continue;
        }
        bool found = false;
        for (const OverlayName& entry : kOverlayNames) {
            if (name == QLatin1String(entry.name)) {
                options.*(entry.member) = true;
                found = true;
            }
        }
        if (!found) {
            unknown << raw.trimmed();
        }
    }
    m_overlay->setOptions(options);
    return unknown;
}

void SimulationUi::onSceneReset() {
    const QJsonValue description =
        m_window.document()->scene().unknownTopLevel.value(QStringLiteral("description"));
    m_description = description.isString() ? description.toString() : QString();
    m_descriptionLabel->setText(m_description);
    // Only in the banner: the status bar would cut a long description at the position label.
    m_descriptionAction->setVisible(!m_description.isEmpty());
    // A demo may name the overlays that show what it is about.
    const QJsonValue overlays =
        m_window.document()->scene().unknownTopLevel.value(QStringLiteral("overlays"));
    if (overlays.isString()) {
        // The legend stays as the user set it (View > Show Simulation Legend); the rest is the scene's.
        const bool legend = m_overlay->options().legend;
        setOverlayNames(QStringLiteral("none,") + overlays.toString());
        SimOverlayOptions options = m_overlay->options();
        options.legend = legend;
        m_overlay->setOptions(options);
    }
}

void SimulationUi::onSimulatingChanged(bool simulating) {
    {
        const QSignalBlocker blocker(m_simulate);
        m_simulate->setChecked(simulating);
    }
    m_simulate->setText(simulating ? tr("Simulating") : tr("Simulate"));
    for (QAction* action : {m_play, m_step, m_stepBack, m_reset}) {
        action->setEnabled(simulating);
    }
    SceneCanvas* canvas = m_window.canvas();
    auto* tools = m_window.findChild<ToolsToolbar*>();
    if (simulating) {
        m_previousTool = canvas->tool();
        if (tools) {
            tools->setEnabled(false);
        }
        canvas->setTool(m_grabTool);
        // One painter for all bodies while they move every frame (sim_body_layer.h).
        canvas->setBatchedBodies(true);
        m_overlay->setActive(true);
        m_dock->show();
        m_dock->raise();
        // Entered before the window is first shown (--simulate): a tabbed dock's raise() only takes once it
        // is on screen, so the Simulation tab is brought to the front again then. (The walkthrough's drawing
        // follows its own panel and this mode: WalkthroughDock::updateOverlayVisibility.)
        QTimer::singleShot(0, m_dock, [this] {
            if (m_controller->isSimulating()) {
                m_dock->raise();
            }
        });
        m_energyDock->show();
        m_timelineDock->show();
        m_graphDock->show();
        // Stacked under Energy, three docks left the Walkthrough's table one row high at 1280x800: on the
        // first Simulate of a default layout the Graphs go into a tab beside Energy (now that both are
        // shown: tabbed while hidden, they narrowed the Edit mode docks). A saved layout is the user's.
        if (!m_graphsPlaced && !m_window.layoutRestored() && !m_graphDock->isFloating() &&
            m_window.dockWidgetArea(m_graphDock) == m_window.dockWidgetArea(m_energyDock)) {
            m_window.tabifyDockWidget(m_energyDock, m_graphDock);
            m_energyDock->raise();
        }
        m_graphsPlaced = true;
    } else {
        canvas->setTool(nullptr);
        if (tools) {
            tools->setEnabled(true);
            canvas->setTool(tools->currentTool());
        } else if (m_previousTool) {
            canvas->setTool(m_previousTool);
        }
        m_overlay->setActive(false);
        // The simulation's docks belong to Simulate mode: they give the canvas its room back.
        m_dock->hide();
        m_energyDock->hide();
        m_timelineDock->hide();
        m_graphDock->hide();
        restoreEditPoses();
        canvas->setBatchedBodies(false);
    }
    updateTimeLabel();
}

void SimulationUi::restoreEditPoses() {
    Document* document = m_window.document();
    SceneCanvas* canvas = m_window.canvas();
    for (int i = 0; i < document->bodyCount(); ++i) {
        const BodyKey key = document->keyAt(i);
        const phys::BodyDef& def = document->body(key);
        canvas->setBodyPose(key, def.position, def.angle);
    }
    canvas->viewport()->update();
}

// Each display frame: move the body items to the interpolated poses, refill the overlay, feed the plot.
void SimulationUi::onFrame() {
    if (!m_controller->isSimulating()) {
        return;
    }
    SceneCanvas* canvas = m_window.canvas();
    const std::vector<BodyKey>& keys = m_controller->slotKeys();
    static thread_local std::vector<phys::Transform> poses;
    m_controller->displayTransforms(poses);
    for (std::size_t slot = 0; slot < keys.size(); ++slot) {
        // A slot the frame does not hold gets displayTransform's identity, as before.
        const phys::Transform xf = slot < poses.size() ? poses[slot] : phys::Transform{};
        canvas->setBodyPose(keys[slot], xf.p, std::atan2(xf.q.s, xf.q.c));
    }
    static thread_local SimOverlayFrame scratch;
    m_controller->fillOverlayFrame(scratch);
    m_overlay->swapFrame(scratch);
    // The Verlet hubs sit at the bodies' centres, where the names would be written.
    canvas->setBodyNamesSuppressed(m_overlay->options().particles && !m_overlay->frame().particles.empty());
    if (m_controller->isGrabbing()) {
        m_grabTool->setAnchor(m_controller->grabAnchor());
    }
    if (const SimFrame* f = m_controller->currentFrame(); f && f->step != m_lastPlottedStep) {
        m_lastPlottedStep = f->step;
        EnergySample sample;
        sample.time = f->time;
        sample.kinetic = f->kineticEnergy;
        sample.potential = f->potentialEnergy;
        sample.momentum = f->linearMomentum;
        sample.angularMomentum = f->angularMomentum;
        m_energyPlot->addSample(sample);
        m_statsLabel->setText(
            tr("%1 contact points, %2 pairs, %3 awake, %4 asleep; last step %5 ms; history %6 s")
                .arg(f->points.size())
                .arg(f->pairs.size())
                .arg(f->awakeCount)
                .arg(f->sleepingCount)
                .arg(QString::number(f->stepSeconds * 1e3, 'f', 2))
                .arg(QString::number(m_controller->historySeconds(), 'f', 0)));
    }
    updateTimeline();
    updateTimeLabel();
    canvas->viewport()->update();
}

void SimulationUi::createTimelineDock() {
    // Under the canvas, as wide as it: a dock in the bottom area with no title bar (it is a strip, not a
    // panel; View > Timeline hides it).
    m_timelineDock = new QDockWidget(tr("Timeline"), &m_window);
    m_timelineDock->setObjectName(QStringLiteral("timelineDock"));
    m_timelineDock->setTitleBarWidget(new QWidget(m_timelineDock));
    m_timelineDock->setFeatures(QDockWidget::NoDockWidgetFeatures);
    m_scrubber = new TimelineScrubber(m_timelineDock);
    m_timelineDock->setWidget(m_scrubber);
    m_window.addDockWidget(Qt::BottomDockWidgetArea, m_timelineDock);
    m_timelineDock->hide();
    connect(m_scrubber, &TimelineScrubber::seekRequested, m_controller, &SimulationController::seek);

    m_graphDock = new GraphDock(m_controller, m_window.canvas(), &m_window);
    m_window.addDockWidget(Qt::RightDockWidgetArea, m_graphDock);
    // Beside the Energy dock, not tabbed with it: tabbing them made the left docks narrower than the
    // Inspector's form in Edit mode (tst_edit, tst_sim_live caught it), though both were hidden.
    m_graphDock->hide();
    if (QMenu* viewMenu = findViewMenu(m_window)) {
        QAction* timeline = m_timelineDock->toggleViewAction();
        timeline->setText(tr("Timeline"));
        viewMenu->addAction(timeline);
        viewMenu->addAction(m_graphDock->toggleViewAction());
    }
}

QString SimulationUi::bookmarkLabel(const Bookmark& b) const {
    auto bodyName = [this](int slot) {
        const std::vector<BodyKey>& keys = m_controller->slotKeys();
        if (slot >= 0 && static_cast<std::size_t>(slot) < keys.size() &&
            m_window.document()->contains(keys[static_cast<std::size_t>(slot)])) {
            const std::string& name = m_window.document()->body(keys[static_cast<std::size_t>(slot)]).name;
            if (!name.empty()) {
                return QString::fromStdString(name);
            }
        }
        return tr("body %1").arg(slot);
    };
    QString what;
    switch (b.kind) {
    case BookmarkKind::FirstContact:
        what = tr("First contact: %1 and %2").arg(bodyName(b.body), bodyName(b.other));
        break;
    case BookmarkKind::DeepestPenetration:
        what = tr("Deepest penetration: %1 mm between %2 and %3")
                   .arg(QString::number(b.value * 1e3, 'f', 2), bodyName(b.body), bodyName(b.other));
        break;
    case BookmarkKind::EnergyRose:
        what = tr("Energy rose by %1 J").arg(QString::number(b.value, 'g', 3));
        break;
    case BookmarkKind::FellAsleep:
        what = b.bodies > 1 ? tr("%1 and %2 more fell asleep").arg(bodyName(b.body)).arg(b.bodies - 1)
                            : tr("%1 fell asleep").arg(bodyName(b.body));
        break;
    case BookmarkKind::Escaped:
        what = b.bodies > 1 ? tr("%1 and %2 more escaped the world").arg(bodyName(b.body)).arg(b.bodies - 1)
                            : tr("%1 escaped the world").arg(bodyName(b.body));
        break;
    }
    const SimFrame* f = m_controller->frame(b.step);
    return tr("%1 (step %2%3)")
        .arg(what)
        .arg(b.step)
        .arg(f ? tr(", t = %1 s").arg(QString::number(f->time, 'f', 3)) : QString());
}

void SimulationUi::updateTimeline() {
    const std::int64_t first = m_controller->firstStep();
    const std::int64_t head = m_controller->headStep();
    // A branch (frames dropped and stepped again, an input re-recording the head) changes the frame the
    // finder saw last, or removes it: then the scan starts again from the oldest frame.
    if (m_finder.lastStep() >= 0) {
        const SimFrame* seen = m_controller->frame(m_finder.lastStep());
        if (!seen || seen->hash != m_finder.lastHash()) {
            m_finder.clear();
        }
    }
    bool changed = false;
    for (std::int64_t step = m_finder.lastStep() < 0 ? first : m_finder.lastStep() + 1; step <= head;
         ++step) {
        if (const SimFrame* f = m_controller->frame(step)) {
            m_finder.add(*f);
            changed = true;
        }
    }
    if (changed || first != m_marksFirst) {
        m_marksFirst = first;
        m_marks = m_finder.bookmarks();
        // A bookmark of a frame the history dropped (its ring keeps the newest frames within the memory
        // budget) has nothing to show: it goes from the strip, its count and [ / ].
        std::erase_if(m_marks, [first](const Bookmark& b) { return b.step < first; });
        std::vector<TimelineScrubber::Mark> marks;
        marks.reserve(m_marks.size());
        for (const Bookmark& b : m_marks) {
            static const QColor colors[] = {QColor(40, 160, 60), QColor(210, 40, 40), QColor(240, 140, 0),
                                            QColor(70, 110, 200), QColor(150, 60, 190)};
            marks.push_back({b.step, bookmarkLabel(b), colors[static_cast<int>(b.kind)]});
        }
        m_scrubber->setMarks(std::move(marks));
    }
    m_scrubber->setRange(first, head);
    m_scrubber->setCurrent(m_controller->currentStep());
}

void SimulationUi::updateTimeLabel() {
    if (!m_controller->isSimulating()) {
        m_timeLabel->setText(tr("  Edit mode"));
        return;
    }
    const bool inHistory = m_controller->currentStep() < m_controller->headStep();
    m_timeLabel->setText(
        tr("  t = %1 s  step %2%3")
            .arg(QString::number(m_controller->currentTime(), 'f', 3))
            .arg(m_controller->currentStep())
            .arg(inHistory ? tr(" of %1 (history)").arg(m_controller->headStep()) : QString()));
}

void SimulationUi::syncSettingsWidgets() {
    m_syncing = true;
    const phys::WorldSettings& s = m_controller->settings();
    m_solver->setCurrentIndex(m_solver->findData(static_cast<int>(s.solver)));
    m_response->setCurrentIndex(m_response->findData(static_cast<int>(s.response)));
    m_method->setCurrentIndex(m_method->findData(static_cast<int>(s.contactMethod)));
    m_response->setEnabled(s.solver == phys::SolverKind::Impulse);
    m_recycle->setEnabled(s.solver == phys::SolverKind::Impulse); // the Verlet solver takes no anchors
    m_warmStart->setChecked(s.warmStarting);
    m_recycle->setChecked(s.recycleContacts);
    m_continuous->setChecked(s.continuous);
    m_sleep->setChecked(s.sleep);
    const bool hasGravity = s.gravity.x != 0.0 || s.gravity.y != 0.0;
    m_gravity->setChecked(hasGravity);
    if (hasGravity) {
        m_gravityY->setValue(s.gravity.y);
    } else if (m_gravityY->value() == 0.0) {
        m_gravityY->setValue(-9.81);
    }
    m_timeStepHz->setValue(1.0 / s.timeStep);
    m_iterations->setValue(s.iterations);
    showSubsteps(m_substeps, s);
    m_syncing = false;
}

void SimulationUi::applySettingsFromWidgets() {
    if (m_syncing) {
        return;
    }
    phys::WorldSettings s = m_controller->settings();
    s.solver = static_cast<phys::SolverKind>(m_solver->currentData().toInt());
    s.response = static_cast<phys::ResponseKind>(m_response->currentData().toInt());
    s.contactMethod = static_cast<phys::ContactMethod>(m_method->currentData().toInt());
    s.warmStarting = m_warmStart->isChecked();
    s.recycleContacts = m_recycle->isChecked();
    s.continuous = m_continuous->isChecked();
    s.sleep = m_sleep->isChecked();
    s.gravity = m_gravity->isChecked() ? phys::Vec2{s.gravity.x, m_gravityY->value()} : phys::Vec2{0.0, 0.0};
    const double rate = m_timeStepHz->value();
    if (std::abs(1.0 / s.timeStep - rate) > 0.5) {
        s.timeStep = 1.0 / rate;
    }
    s.iterations = m_iterations->value();
    s.substeps = m_substeps->value() == 0 ? std::nullopt : std::optional<int>(m_substeps->value());
    QString error;
    if (!m_controller->setSettings(s, &error)) {
        m_settingsError->setText(error);
        m_settingsError->setVisible(true);
        syncSettingsWidgets();
        return;
    }
    m_settingsError->setVisible(false);
    m_response->setEnabled(s.solver == phys::SolverKind::Impulse);
    m_recycle->setEnabled(s.solver == phys::SolverKind::Impulse);
    showSubsteps(m_substeps, s); // what "Auto" runs depends on the solver and the gravity
}

bool SimulationUi::pickContact(QPointF viewportPoint) {
    if (!m_controller->isSimulating() || m_controller->isPlaying() || !m_overlay->options().contacts) {
        return false;
    }
    const SceneCanvas* canvas = m_window.canvas();
    const double radius = kContactPickPixels * canvas->presentationScale() / canvas->pixelsPerMetre();
    return m_controller->chooseContactAt(canvas->viewportToWorld(viewportPoint), radius);
}

void SimulationUi::onContactChosen(BodyKey a, BodyKey b) {
    const auto& pick = m_controller->chosenContact();
    if (!pick) {
        return;
    }
    m_window.statusBar()->showMessage(
        tr("Contact of %1 and %2 at step %3: depth %4 m, normal (%5, %6)")
            .arg(QString::fromStdString(pick->bodyA.name), QString::fromStdString(pick->bodyB.name))
            .arg(pick->step)
            .arg(QString::number(pick->point.depth, 'f', 4))
            .arg(QString::number(pick->point.normal.x, 'f', 3),
                 QString::number(pick->point.normal.y, 'f', 3)),
        10000);
    Q_UNUSED(a);
    Q_UNUSED(b);
}

void addSimulationOptions(QCommandLineParser& parser) {
    parser.addOption(QCommandLineOption(
        QStringLiteral("simulate"), QStringLiteral("Open the scene in Simulate mode (paused at step 0).")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("steps"),
                           QStringLiteral("With --simulate: take <n> steps before showing (or the "
                                          "screenshot)."),
                           QStringLiteral("n")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("play"), QStringLiteral("With --simulate: start playing.")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("sim-overlays"),
        QStringLiteral(
            "With --simulate: the simulation overlays, comma separated (contacts, normals, impulses, "
            "velocities, aabbs, pairs, sleeping, particles, centres, legend, all, none)."),
        QStringLiteral("list")));
}

QString applySimulationOptions(const QCommandLineParser& parser, MainWindow& window) {
    auto* ui = window.findChild<SimulationUi*>();
    if (!ui || !parser.isSet(QStringLiteral("simulate"))) {
        for (const char* name : {"steps", "play", "sim-overlays"}) {
            if (parser.isSet(QString::fromLatin1(name))) {
                return QStringLiteral("--%1 needs --simulate").arg(QString::fromLatin1(name));
            }
        }
        return QString();
    }
    int steps = 0;
    if (parser.isSet(QStringLiteral("steps"))) {
        bool ok = false;
        steps = parser.value(QStringLiteral("steps")).toInt(&ok);
        if (!ok || steps < 0 || steps > 1000000) {
            return QStringLiteral("--steps: expected a whole number 0..1000000, got \"%1\"")
                .arg(parser.value(QStringLiteral("steps")));
        }
    }
    if (parser.isSet(QStringLiteral("sim-overlays"))) {
        const QStringList unknown =
            ui->setOverlayNames(QStringLiteral("none,") + parser.value(QStringLiteral("sim-overlays")));
        if (!unknown.isEmpty()) {
            return QStringLiteral("--sim-overlays: unknown overlay \"%1\"")
                .arg(unknown.join(QStringLiteral("\", \"")));
        }
    }
    SimulationController* sim = ui->controller();
    ui->simulateAction()->setChecked(true);
    for (int i = 0; i < steps; ++i) {
        sim->stepForward();
    }
    if (parser.isSet(QStringLiteral("play"))) {
        sim->play();
    }
    return QString();
}

SimulationUi* installSimulation(MainWindow& window) {
    return new SimulationUi(window);
}

} // namespace cl
