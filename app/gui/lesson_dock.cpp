/// @file lesson_dock.cpp
/// The Lesson dock (lesson_dock.h).

#include "lesson_dock.h"
#include "theme.h"

#include "document.h"
#include "file_controller.h"
#include "lesson_drag.h"
#include "lesson_presenter.h"
#include "lesson_worksheet.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QDir>
#include <QDoubleValidator>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineF>
#include <QListWidget>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTextCursor>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace cl {

namespace {
const QString kLastLessonDirectoryKey = QStringLiteral("lessons/lastDirectory");
constexpr int kMaxRunSteps = 100000; ///< a "run" step never steps more than this many times

} // namespace

LessonDock::LessonDock(MainWindow& window) : QDockWidget(tr("Lesson"), &window), m_window(window) {
    setObjectName(QStringLiteral("lessonDock"));
    buildUi();
    Document* document = window.document();
    connect(document, &Document::bodyChanged, this, &LessonDock::onSceneEdited);
    connect(document, &Document::bodyInserted, this, &LessonDock::onSceneEdited);
    connect(document, &Document::bodyRemoved, this, &LessonDock::onSceneEdited);
    window.canvas()->viewport()->installEventFilter(this);
    m_drag = new LessonDragOverlay(this);
    window.canvas()->addOverlay(m_drag);
    // Another scene opened (File > Open, New, a sample) ends the lesson: its steps name this scene's bodies.
    connect(document, &Document::sceneReset, this, [this] {
        if (!m_settingScene && hasLesson()) {
            restoreOverlay();
            m_lesson = {};
            m_states.clear();
            m_step = -1;
            m_eval = {};
            m_drag->setMarks({});
            clearChoices();
            showStep();
            emit lessonChanged();
        }
    });
    showStep();
}

LessonDock::~LessonDock() = default;

void LessonDock::buildUi() {
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget(scroll);
    auto* layout = new QVBoxLayout(page);

    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    layout->addWidget(m_title);

    // The player: everything below the title while a lesson is played.
    m_playerBox = new QWidget(page);
    auto* playerLayout = new QVBoxLayout(m_playerBox);
    playerLayout->setContentsMargins(0, 0, 0, 0);

    auto* header = new QHBoxLayout;
    m_progress = new QProgressBar(page);
    m_progress->setObjectName(QStringLiteral("lessonProgress"));
    m_progress->setFormat(tr("Step %v of %m"));
    m_progress->setTextVisible(true);
    header->addWidget(m_progress, 1);
    m_score = new QLabel(page);
    m_score->setObjectName(QStringLiteral("lessonScore"));
    header->addWidget(m_score);
    playerLayout->addLayout(header);

    m_teacherBox = new QCheckBox(tr("Teacher view (notes and answers)"), page);
    m_teacherBox->setObjectName(QStringLiteral("lessonTeacherView"));
    m_teacherBox->setToolTip(
        tr("Shows the teacher's notes and the engine's answer before the student commits."));
    connect(m_teacherBox, &QCheckBox::toggled, this, &LessonDock::setTeacherView);
    auto* viewRow = new QHBoxLayout;
    viewRow->addWidget(m_teacherBox, 1);
    m_presenterButton = new QPushButton(tr("Presenter..."), page);
    m_presenterButton->setObjectName(QStringLiteral("lessonPresenter"));
    m_presenterButton->setToolTip(tr("Open the teacher's notes and answers in a separate window (on a second "
                                     "screen when there is one); this window stays in student view for the "
                                     "projector."));
    connect(m_presenterButton, &QPushButton::clicked, this, &LessonDock::openPresenter);
    viewRow->addWidget(m_presenterButton);
    m_editButton = new QPushButton(tr("Edit"), page);
    m_editButton->setObjectName(QStringLiteral("lessonEdit"));
    m_editButton->setToolTip(tr("Author this lesson: add, move, delete and edit its steps, then File > Save "
                                "Lesson. The answers given so far are dropped."));
    connect(m_editButton, &QPushButton::clicked, this, &LessonDock::editLesson);
    viewRow->addWidget(m_editButton);
    playerLayout->addLayout(viewRow);

    m_text = new QLabel(page);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setTextFormat(Qt::MarkdownText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_text->setOpenExternalLinks(true);
    playerLayout->addWidget(m_text);

    m_clickHint = new QLabel(tr("Click it on the canvas, or pick it below."), page);
    m_clickHint->setObjectName(QStringLiteral("lessonClickHint"));
    m_clickHint->setWordWrap(true);
    setThemedStyle(m_clickHint, ThemedRole::Hint, QStringLiteral("font-style: italic;"));
    playerLayout->addWidget(m_clickHint);

    m_teacherNotes = new QLabel(page);
    m_teacherNotes->setObjectName(QStringLiteral("lessonTeacherNotes"));
    m_teacherNotes->setTextFormat(Qt::MarkdownText);
    m_teacherNotes->setWordWrap(true);
    setThemedStyle(m_teacherNotes, ThemedRole::Note, QStringLiteral("padding: 4px;"));
    playerLayout->addWidget(m_teacherNotes);

    m_choicesBox = new QWidget(page);
    m_choicesBox->setObjectName(QStringLiteral("lessonChoices"));
    m_choicesLayout = new QVBoxLayout(m_choicesBox);
    m_choicesLayout->setContentsMargins(0, 0, 0, 0);
    playerLayout->addWidget(m_choicesBox);
    m_choiceGroup = new QButtonGroup(this);

    m_numberRow = new QWidget(page);
    auto* numberLayout = new QHBoxLayout(m_numberRow);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    m_number = new QLineEdit(m_numberRow);
    m_number->setObjectName(QStringLiteral("lessonNumber"));
    m_number->setPlaceholderText(tr("your answer"));
    auto* validator = new QDoubleValidator(m_number);
    validator->setLocale(QLocale::c());
    validator->setNotation(QDoubleValidator::StandardNotation);
    m_number->setValidator(validator);
    numberLayout->addWidget(m_number, 1);
    numberLayout->addWidget(new QLabel(tr("m"), m_numberRow));
    playerLayout->addWidget(m_numberRow);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonDock::commitAnswer);

    // Free text beside a multiple choice: the student's own sentence, kept with the answer.
    m_freeText = new QPlainTextEdit(page);
    m_freeText->setObjectName(QStringLiteral("lessonFreeText"));
    m_freeText->setPlaceholderText(tr("Why? Say it in your own words."));
    m_freeText->setTabChangesFocus(true);
    m_freeText->setFixedHeight(m_freeText->fontMetrics().lineSpacing() * 4 + 12);
    playerLayout->addWidget(m_freeText);

    m_engineAnswer = new QLabel(page);
    m_engineAnswer->setObjectName(QStringLiteral("lessonEngineAnswer"));
    m_engineAnswer->setWordWrap(true);
    setThemedStyle(m_engineAnswer, ThemedRole::Answer);
    playerLayout->addWidget(m_engineAnswer);

    m_commit = new QPushButton(tr("Commit answer"), page);
    m_commit->setObjectName(QStringLiteral("lessonCommit"));
    m_commit->setToolTip(tr("Lock in your guess; then the engine's answer is revealed."));
    connect(m_commit, &QPushButton::clicked, this, &LessonDock::commitAnswer);
    playerLayout->addWidget(m_commit);

    m_verdict = new QLabel(page);
    m_verdict->setObjectName(QStringLiteral("lessonVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    playerLayout->addWidget(m_verdict);
    playerLayout->addStretch(1);

    auto* navigation = new QHBoxLayout;
    m_back = new QPushButton(tr("Back"), page);
    m_back->setObjectName(QStringLiteral("lessonBack"));
    m_back->setToolTip(tr("Previous lesson step (Alt+Left)"));
    connect(m_back, &QPushButton::clicked, this, &LessonDock::back);
    m_next = new QPushButton(tr("Next"), page);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_next->setToolTip(tr("Next lesson step (Alt+Right)"));
    connect(m_next, &QPushButton::clicked, this, &LessonDock::next);
    // The keys are actions of the window (owned by this panel), not the buttons' own shortcuts: so the
    // shortcut sheet, which lists every action's keys, lists them too (issue 12: "every shortcut").
    m_backAction = new QAction(tr("Previous Lesson Step"), this);
    m_backAction->setObjectName(QStringLiteral("lessonBackAction"));
    m_backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    connect(m_backAction, &QAction::triggered, this, &LessonDock::back);
    m_nextAction = new QAction(tr("Next Lesson Step"), this);
    m_nextAction->setObjectName(QStringLiteral("lessonNextAction"));
    m_nextAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    connect(m_nextAction, &QAction::triggered, this, &LessonDock::next);
    m_window.addAction(m_backAction);
    m_window.addAction(m_nextAction);
    navigation->addWidget(m_back);
    navigation->addStretch(1);
    navigation->addWidget(m_next);
    playerLayout->addLayout(navigation);

    layout->addWidget(m_playerBox, 1);
    buildAuthorUi(page, layout);

    scroll->setWidget(page);
    setWidget(scroll);
    setMinimumWidth(300);
}

void LessonDock::giveRoom() {
    show();
    raise();
    // The lesson's text and choices need the height more than the docks it shares the side with.
    m_window.resizeDocks({this}, {420}, Qt::Horizontal);
    if (auto* inspector = m_window.findChild<QDockWidget*>(QStringLiteral("InspectorDock"));
        inspector && inspector->isVisible() && !inspector->isFloating()) {
        m_window.resizeDocks({this, inspector}, {m_window.height() * 3 / 4, m_window.height() / 8},
                             Qt::Vertical);
    }
}

void LessonDock::openPresenter() {
    if (!m_presenter) {
        // A window of its own (Qt::Window), owned by the main window: it closes with it and never keeps the
        // app running on its own.
        m_presenter = new LessonPresenter(this, &m_window);
    }
    m_presenter->present(&m_window);
}

QStringList LessonDock::builtInLessons() {
    QStringList out;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        out.append(dir.filePath(name));
    }
    return out;
}

bool LessonDock::openLesson(const QString& fileName) {
    auto result = loadLessonFile(fileName);
    if (const auto* error = std::get_if<LessonError>(&result)) {
        m_window.reportError(tr("Cannot open lesson"),
                             tr("Could not open the lesson:\n%1").arg(error->toString()));
        return false;
    }
    if (!startLesson(std::get<Lesson>(std::move(result)), QFileInfo(fileName).fileName())) {
        return false;
    }
    m_lessonFileName = fileName;
    return true;
}

bool LessonDock::startLesson(Lesson lesson, const QString& source) {
    if (lesson.steps.empty()) {
        return false;
    }
    if (!maybeSaveLesson(tr("open a lesson"))) {
        return false;
    }
    if (FileController* files = m_window.fileController(); files && !files->maybeSave(tr("open a lesson"))) {
        return false;
    }
    // Leave Simulate mode first: the lesson's scene is the edited scene the questions are asked about.
    if (auto* simulation = m_window.findChild<SimulationUi*>();
        simulation && simulation->simulateAction()->isChecked()) {
        simulation->simulateAction()->setChecked(false);
    }
    m_authoring = false;
    m_lesson = std::move(lesson);
    m_stepSelection.clear();
    m_source = source;
    m_states.assign(m_lesson.steps.size(), StepState{});
    m_settingScene = true;
    m_window.document()->setScene(m_lesson.scene);
    m_settingScene = false;
    m_window.document()->setFileName(QString());
    giveRoom();
    // Student view: the Walkthrough dock's table and overlay would answer the lesson's questions before they
    // are asked; it opens when a step or a reveal moves it.
    if (auto* walkthrough = m_window.findChild<WalkthroughDock*>(); walkthrough && !m_teacherView) {
        walkthrough->hide();
    }
    m_step = -1;
    setStep(0);
    // Frame the scene once the docks have their new sizes.
    QTimer::singleShot(0, m_window.canvas(), &SceneCanvas::zoomToFit);
    return true;
}

QString LessonDock::stepMarkdown(const LessonStep& step) {
    return lessonStepMarkdown(step);
}

int LessonDock::score() const {
    int right = 0;
    for (const StepState& s : m_states) {
        right += s.answered && s.right;
    }
    return right;
}

int LessonDock::answeredCount() const {
    int answered = 0;
    for (const StepState& s : m_states) {
        answered += s.answered;
    }
    return answered;
}

int LessonDock::questionCount() const {
    int n = 0;
    for (const LessonStep& s : m_lesson.steps) {
        n += s.type == LessonStepType::Question;
    }
    return n;
}

bool LessonDock::currentAnswered() const {
    return m_step >= 0 && m_states[static_cast<std::size_t>(m_step)].answered;
}

QString LessonDock::committedText() const {
    return m_step >= 0 ? m_states[static_cast<std::size_t>(m_step)].answer.text : QString();
}

QString LessonDock::verdictText() const {
    return m_step >= 0 ? m_states[static_cast<std::size_t>(m_step)].verdict : QString();
}

void LessonDock::next() {
    setStep(m_step + 1);
}

void LessonDock::back() {
    setStep(m_step - 1);
}

void LessonDock::setStep(int step) {
    if (!hasLesson()) {
        return;
    }
    step = std::clamp(step, 0, stepCount() - 1);
    const bool moved = step != m_step;
    m_step = step;
    if (moved) {
        enterStep();
    }
    showStep();
    emit lessonChanged();
}

void LessonDock::setTeacherView(bool teacher) {
    if (teacher == m_teacherView) {
        return;
    }
    m_teacherView = teacher;
    m_teacherBox->setChecked(teacher);
    showStep();
    emit lessonChanged();
}

void LessonDock::applyWalkthrough(const LessonWalkthroughRef& ref, bool reveal) {
    auto* walkthrough = m_window.findChild<WalkthroughDock*>();
    if (!walkthrough) {
        return;
    }
    const auto mode = parseWalkthroughMode(ref.mode);
    walkthrough->setMode(mode.value_or(WalkthroughMode::Sat));
    walkthrough->setPair(ref.bodyA, ref.bodyB);
    walkthrough->setStep(std::max(0, ref.step - 1));
    walkthrough->show();
    walkthrough->raise();
    if (reveal) {
        // The answer is the pair's drawing: framed large, as Frame the Pair does (issue 12 review: lesson 04's
        // reveal kept the view of the whole scene, the clipped points and their depths small). Once the
        // Walkthrough panel has taken its room, so the frame is for the canvas the student sees.
        walkthrough->framePair();
        QTimer::singleShot(0, walkthrough, &WalkthroughDock::framePair);
        return;
    }
    // The view the lesson's questions were asked in may cut the revealed drawing (review v12c: lesson 03's
    // ruler ran off the view's right edge): framed as a new pair is, only when it would be cut.
    walkthrough->frameIfCut();
}

void LessonDock::applySimulation(const LessonStep& step) {
    auto* simulation = m_window.findChild<SimulationUi*>();
    if (!simulation) {
        return;
    }
    SimulationController* controller = simulation->controller();
    if (step.action == LessonSimulationAction::Pause) {
        controller->pause();
        return;
    }
    if (!simulation->simulateAction()->isChecked()) {
        simulation->simulateAction()->setChecked(true);
    }
    if (step.action == LessonSimulationAction::Set) {
        phys::WorldSettings settings = controller->settings();
        if (const QString error = applyLessonSetting(settings, step.setting, step.value); !error.isEmpty()) {
            m_window.reportError(tr("Lesson step"), error);
            return;
        }
        QString error;
        if (!controller->setSettings(settings, &error)) {
            m_window.reportError(tr("Lesson step"), error);
        }
        return;
    }
    // Run: step to the time asked for (never backwards), then stay paused there.
    controller->pause();
    const double dt = controller->settings().timeStep;
    // A World bigger than the controller steps in place goes to the worker, and its step is waited for only
    // up to stepWait(): a step that takes longer would still be running when the next one is asked for, and
    // the run would stop short of its time. Here each step is waited for to its end.
    const double wait = controller->stepWait();
    controller->setStepWait(-1.0);
    for (int i = 0; i < kMaxRunSteps && controller->currentTime() < step.until - 0.5 * dt; ++i) {
        controller->stepForward();
    }
    controller->setStepWait(wait);
    // Bodies may have flown out of view (the point of a tunnelling lesson): frame them where they are now.
    QTimer::singleShot(0, m_window.canvas(), &SceneCanvas::zoomToFit);
}

void LessonDock::enterStep() {
    const LessonStep& step = m_lesson.steps[static_cast<std::size_t>(m_step)];
    // Each question's sentence is its own (an answered one is shown again from its state).
    m_freeText->clear();
    // A step's selection is the step's (issue 12 review: lesson 04's first note left the plate and the box
    // glowing through the next steps): the one the last step made goes, unless the student changed it.
    if (!m_stepSelection.isEmpty() && m_window.canvas()->selection() == m_stepSelection) {
        m_window.canvas()->setSelection({});
    }
    m_stepSelection.clear();
    if (!step.bodies.empty()) {
        QList<quint64> keys;
        for (const int index : step.bodies) {
            if (index >= 0 && index < m_window.document()->bodyCount()) {
                keys.append(m_window.document()->keyAt(index));
            }
        }
        m_window.canvas()->setSelection(keys);
        m_stepSelection = m_window.canvas()->selection();
    }
    if (step.walkthrough) {
        applyWalkthrough(*step.walkthrough);
    }
    if (step.type == LessonStepType::Simulation) {
        applySimulation(step);
    }
    if (step.type == LessonStepType::Question) {
        m_eval = evaluateLessonQuestion(step, m_window.document()->scene().def);
        rebuildQuestion();
        showChoiceMarks();
        // Installed last, a filter sees events first: ahead of whatever tool was chosen since.
        m_window.canvas()->viewport()->removeEventFilter(this);
        m_window.canvas()->viewport()->installEventFilter(this);
        // Predict, then reveal: the Walkthrough dock (its table and the canvas overlay) would show the answer,
        // so a student sees it only after committing. Teacher view keeps it.
        auto* walkthrough = m_window.findChild<WalkthroughDock*>();
        if (walkthrough && !m_teacherView && !currentAnswered()) {
            walkthrough->hide();
        }
        // Edges and points are named by index: show the vertex numbers and edge normals to name them by.
        const bool byEdge = step.kind == LessonQuestionKind::ReferenceEdge ||
                            step.kind == LessonQuestionKind::IncidentEdge ||
                            step.kind == LessonQuestionKind::LeastOverlapAxis;
        if (walkthrough && byEdge) {
            OverlayOptions options = walkthrough->overlay()->options();
            if (!m_savedOverlay) {
                m_savedOverlay = options;
            }
            options.vertexIndices = true;
            options.normals = true;
            walkthrough->setOverlayOptions(options);
        } else {
            restoreOverlay();
        }
    } else {
        m_eval = {};
        clearChoices();
        restoreOverlay();
        m_drag->setMarks({});
    }
}

void LessonDock::restoreOverlay() {
    if (!m_savedOverlay) {
        return;
    }
    if (auto* walkthrough = m_window.findChild<WalkthroughDock*>()) {
        walkthrough->setOverlayOptions(*m_savedOverlay);
    }
    m_savedOverlay.reset();
}

void LessonDock::clearChoices() {
    for (QAbstractButton* button : m_choiceButtons) {
        m_choiceGroup->removeButton(button);
        delete button;
    }
    m_choiceButtons.clear();
}

void LessonDock::rebuildQuestion() {
    clearChoices();
    if (!m_eval.problem.isEmpty() || m_eval.numeric) {
        return;
    }
    m_choiceGroup->setExclusive(!m_eval.multiSelect);
    for (int i = 0; i < static_cast<int>(m_eval.choices.size()); ++i) {
        QAbstractButton* button = nullptr;
        const QString label = m_eval.choices[static_cast<std::size_t>(i)].label;
        if (m_eval.multiSelect) {
            button = new QCheckBox(label, m_choicesBox);
        } else {
            button = new QRadioButton(label, m_choicesBox);
        }
        button->setObjectName(QStringLiteral("lessonChoice%1").arg(i));
        m_choiceGroup->addButton(button, i);
        m_choicesLayout->addWidget(button);
        m_choiceButtons.append(button);
    }
}

int LessonDock::choiceAt(QPointF viewportPoint) const {
    const SceneCanvas* canvas = m_window.canvas();
    int best = -1;
    double bestDistance = kPickPixels;
    for (int i = 0; i < static_cast<int>(m_eval.choices.size()); ++i) {
        const LessonChoice& c = m_eval.choices[static_cast<std::size_t>(i)];
        double distance = kPickPixels + 1.0;
        if (c.edge >= 0) {
            // Distance in pixels to the edge's segment on screen.
            const QPointF a = canvas->worldToViewport(c.start);
            const QPointF b = canvas->worldToViewport(c.end);
            const QPointF ab = b - a;
            const double length2 = QPointF::dotProduct(ab, ab);
            const double t = length2 > 0.0
                                 ? std::clamp(QPointF::dotProduct(viewportPoint - a, ab) / length2, 0.0, 1.0)
                                 : 0.0;
            const QPointF d = viewportPoint - (a + t * ab);
            distance = std::hypot(d.x(), d.y());
        } else if (m_eval.kind == LessonQuestionKind::ClipKeptPoints) {
            const QPointF d = viewportPoint - canvas->worldToViewport(c.point);
            distance = std::hypot(d.x(), d.y());
        }
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

bool LessonDock::eventFilter(QObject* watched, QEvent* event) {
    // Only presses and releases matter. Test the event first: the filter also sees the activation events of
    // the main window's own destruction, when it is no longer a MainWindow to ask for its canvas (UBSan, in
    // the monkey test).
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseButtonDblClick &&
        type != QEvent::MouseButtonRelease && type != QEvent::MouseMove) {
        return QDockWidget::eventFilter(watched, event);
    }
    if (watched != m_window.canvas()->viewport() || !hasLesson() || currentAnswered() ||
        m_lesson.steps[static_cast<std::size_t>(m_step)].type != LessonStepType::Question ||
        !m_eval.problem.isEmpty()) {
        return QDockWidget::eventFilter(watched, event);
    }
    if (dragAnswers()) {
        // The MTV's direction or the depth, answered by a drag: it must not also move the body under it.
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (type == QEvent::MouseButtonPress || type == QEvent::MouseButtonDblClick) {
            if (mouse->button() != Qt::LeftButton) {
                return false;
            }
            m_drag->begin(m_window.canvas()->viewportToWorld(mouse->position()));
            return true;
        }
        if (!m_drag->dragging()) {
            return QDockWidget::eventFilter(watched, event); // hovering, or a press from before the question
        }
        dragTo(mouse->position());
        if (type == QEvent::MouseButtonRelease) {
            m_drag->finish();
        }
        return true;
    }
    if (type == QEvent::MouseMove) {
        return QDockWidget::eventFilter(watched, event);
    }
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonDblClick) {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() != Qt::LeftButton) {
            return false;
        }
        const int choice = choiceAt(mouse->position());
        if (choice < 0 || choice >= m_choiceButtons.size()) {
            return false;
        }
        // The click answers the question: it must not also select or drag the body under it.
        QAbstractButton* button = m_choiceButtons[choice];
        button->setChecked(m_eval.multiSelect ? !button->isChecked() : true);
        m_swallowRelease = true;
        return true;
    }
    if (event->type() == QEvent::MouseButtonRelease && m_swallowRelease) {
        m_swallowRelease = false;
        return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

bool LessonDock::dragAnswers() const {
    return m_eval.kind == LessonQuestionKind::MtvDirection || m_eval.kind == LessonQuestionKind::ContactDepth;
}

void LessonDock::dragTo(QPointF viewportPoint) {
    const phys::Vec2 from = m_drag->start();
    const phys::Vec2 to = m_window.canvas()->viewportToWorld(viewportPoint);
    // Less than a click's wobble is not a drag: nothing is answered yet.
    if (QLineF(m_window.canvas()->worldToViewport(from), viewportPoint).length() < kPickPixels) {
        return;
    }
    if (m_eval.kind == LessonQuestionKind::ContactDepth) {
        const double depth = lessonDragDepth(from, to);
        m_number->setText(QLocale::c().toString(depth, 'f', 3));
        m_drag->moveTo(to, tr("%1 m").arg(depth, 0, 'f', 3));
        return;
    }
    const int choice = lessonDirectionChoice(m_eval, from, to);
    if (choice >= 0 && choice < m_choiceButtons.size()) {
        m_choiceButtons[choice]->setChecked(true);
        m_drag->moveTo(to, m_eval.choices[static_cast<std::size_t>(choice)].label);
    }
}

void LessonDock::showChoiceMarks() {
    // "Point 1 at (x, y)": the clipped points are numbered on the scene as in the choices.
    std::vector<LessonDragOverlay::Mark> marks;
    if (m_eval.kind == LessonQuestionKind::ClipKeptPoints && m_eval.problem.isEmpty() && !currentAnswered()) {
        for (std::size_t i = 0; i < m_eval.choices.size(); ++i) {
            marks.push_back({m_eval.choices[i].point, QString::number(i + 1)});
        }
    }
    m_drag->setMarks(std::move(marks));
}

void LessonDock::onSceneEdited() {
    // A question not yet answered follows the scene: its choices and answer are the engine's for the scene as
    // it is now.
    if (!hasLesson() || currentAnswered()) {
        return;
    }
    const LessonStep& step = m_lesson.steps[static_cast<std::size_t>(m_step)];
    if (step.type != LessonStepType::Question) {
        return;
    }
    m_eval = evaluateLessonQuestion(step, m_window.document()->scene().def);
    rebuildQuestion();
    showChoiceMarks();
    showStep();
    emit lessonChanged(); // the presenter shows the new answer
}

void LessonDock::commitAnswer() {
    if (!hasLesson() || currentAnswered()) {
        return;
    }
    const LessonStep& step = m_lesson.steps[static_cast<std::size_t>(m_step)];
    if (step.type != LessonStepType::Question) {
        return;
    }
    LessonAnswer answer;
    for (int i = 0; i < m_choiceButtons.size(); ++i) {
        if (m_choiceButtons[i]->isChecked()) {
            answer.picked.push_back(i);
        }
    }
    answer.text = m_freeText->toPlainText().trimmed();
    // Checked at answer time: the engine works the question out again on the scene as it is now.
    const LessonQuestionEval eval = evaluateLessonQuestion(step, m_window.document()->scene().def);
    if (!eval.problem.isEmpty()) {
        m_eval = eval;
        rebuildQuestion();
        showStep();
        return;
    }
    if (eval.numeric) {
        bool ok = false;
        answer.number = QLocale::c().toDouble(m_number->text().trimmed(), &ok);
        if (!ok) {
            answer.number = QLocale().toDouble(m_number->text().trimmed(), &ok);
        }
        if (!ok) {
            m_verdict->setText(tr("Type a number of metres first, e.g. 0.25."));
            return;
        }
    } else if (answer.picked.empty() && !eval.multiSelect) { // "none of them" is a set too
        m_verdict->setText(tr("Pick an answer first."));
        return;
    }
    m_eval = eval;
    const LessonVerdict verdict = judgeLessonAnswer(m_eval, answer);
    StepState& state = m_states[static_cast<std::size_t>(m_step)];
    state.answered = true;
    state.right = verdict.right;
    state.answer = answer;
    state.verdict = verdict.text;
    m_drag->clear();      // the reveal draws the engine's answer where the guess's arrow was
    m_drag->setMarks({}); // and its own labels where the choices' numbers were ("-0.11 m, discarded")
    if (m_eval.revealStep >= 0) {
        applyWalkthrough(
            {QLatin1String(toString(m_eval.mode)), m_eval.bodyA, m_eval.bodyB, m_eval.revealStep + 1}, true);
    }
    showStep();
    emit lessonChanged();
}

void LessonDock::updateHeader() {
    m_playerBox->setVisible(!m_authoring);
    m_authorBox->setVisible(m_authoring);
    if (m_authoring) {
        setWindowTitle(tr("Lesson (authoring)"));
        setToolTip(m_lessonFileName);
        m_title->setText(tr("Writing a lesson"));
        return;
    }
    setWindowTitle(tr("Lesson"));
    setToolTip(m_source);
    m_title->setText(hasLesson() ? m_lesson.title : tr("No lesson open. Use File > Open Lesson..."));
    m_progress->setVisible(hasLesson());
    m_progress->setRange(0, std::max(1, stepCount()));
    m_progress->setValue(m_step + 1);
    const int questions = questionCount();
    m_score->setVisible(hasLesson() && questions > 0);
    m_score->setText(tr("Score %1 / %2").arg(score()).arg(answeredCount()));
    m_score->setToolTip(tr("%1 right of %2 answered; the lesson asks %3 questions")
                            .arg(score())
                            .arg(answeredCount())
                            .arg(questions));
    m_back->setEnabled(hasLesson() && m_step > 0);
    m_next->setEnabled(hasLesson() && m_step + 1 < stepCount());
    m_backAction->setEnabled(m_back->isEnabled());
    m_nextAction->setEnabled(m_next->isEnabled());
    m_teacherBox->setVisible(hasLesson());
    m_presenterButton->setVisible(hasLesson());
    m_editButton->setVisible(hasLesson());
}

void LessonDock::updateQuestionState() {
    const bool question =
        hasLesson() && m_lesson.steps[static_cast<std::size_t>(m_step)].type == LessonStepType::Question;
    const bool answered = currentAnswered();
    const bool askable = question && m_eval.problem.isEmpty();
    m_choicesBox->setVisible(askable && !m_eval.numeric);
    const bool clickable =
        std::any_of(m_eval.choices.begin(), m_eval.choices.end(), [this](const LessonChoice& c) {
            return c.edge >= 0 || m_eval.kind == LessonQuestionKind::ClipKeptPoints;
        });
    m_clickHint->setText(m_eval.kind == LessonQuestionKind::MtvDirection
                             ? tr("Drag on the canvas the way B moves out of A, or pick it below.")
                         : m_eval.kind == LessonQuestionKind::ContactDepth
                             ? tr("Drag on the canvas to measure it, or type it below.")
                             : tr("Click it on the canvas, or pick it below."));
    m_clickHint->setVisible(askable && !answered && (clickable || dragAnswers()));
    m_numberRow->setVisible(askable && m_eval.numeric);
    m_commit->setVisible(askable && !answered);
    m_number->setEnabled(!answered);
    m_freeText->setVisible(askable && m_eval.freeText);
    m_freeText->setReadOnly(answered);
    if (!askable) {
        m_engineAnswer->setVisible(question);
        m_engineAnswer->setText(
            question ? tr("This question cannot be asked of the scene as it is: %1").arg(m_eval.problem)
                     : QString());
        m_verdict->clear();
        return;
    }
    const StepState& state = m_states[static_cast<std::size_t>(m_step)];
    // Student view: nothing of the answer shows before the guess is committed.
    m_engineAnswer->setVisible(m_teacherView && !answered);
    m_engineAnswer->setText(tr("Engine's answer (teacher view): %1").arg(m_eval.answerText));
    for (int i = 0; i < m_choiceButtons.size(); ++i) {
        QAbstractButton* button = m_choiceButtons[i];
        const QString label = m_eval.choices[static_cast<std::size_t>(i)].label;
        // After the answer the choices stay readable (not greyed out) but take no more clicks.
        button->setAttribute(Qt::WA_TransparentForMouseEvents, answered);
        button->setFocusPolicy(answered ? Qt::NoFocus : Qt::StrongFocus);
        const bool right = std::find(m_eval.correct.begin(), m_eval.correct.end(), i) != m_eval.correct.end();
        const bool picked =
            std::find(state.answer.picked.begin(), state.answer.picked.end(), i) != state.answer.picked.end();
        if (answered) {
            button->setChecked(picked);
            button->setText((right    ? QStringLiteral("✓ ")
                             : picked ? QStringLiteral("✗ ")
                                      : QString()) +
                            label);
            button->setStyleSheet(right    ? QStringLiteral("color: #1b6e20; font-weight: bold;")
                                  : picked ? QStringLiteral("color: #a01818;")
                                           : QString());
        } else {
            button->setText(label);
            button->setStyleSheet(QString());
        }
    }
    if (answered) {
        m_number->setText(m_eval.numeric ? QLocale::c().toString(state.answer.number) : QString());
        m_freeText->setPlainText(state.answer.text);
        m_verdict->setText(state.verdict);
        m_verdict->setStyleSheet(state.right ? QStringLiteral("QLabel { color: #1b6e20; }")
                                             : QStringLiteral("QLabel { color: #a01818; }"));
    } else {
        m_verdict->clear();
    }
}

void LessonDock::showStep() {
    updateHeader();
    if (m_authoring) {
        return;
    }
    if (!hasLesson()) {
        m_text->clear();
        m_teacherNotes->hide();
        m_choicesBox->hide();
        m_numberRow->hide();
        m_freeText->hide();
        m_commit->hide();
        m_engineAnswer->hide();
        m_clickHint->hide();
        m_verdict->clear();
        return;
    }
    const LessonStep& step = m_lesson.steps[static_cast<std::size_t>(m_step)];
    QString text = stepMarkdown(step);
    if (m_step == 0 && !m_lesson.description.isEmpty()) {
        text = m_lesson.description + QStringLiteral("\n\n---\n\n") + text;
    }
    m_text->setText(text);
    m_teacherNotes->setVisible(m_teacherView && !step.teacherNotes.isEmpty());
    m_teacherNotes->setText(tr("**Teacher's note:** %1").arg(step.teacherNotes));
    updateQuestionState();
}

// ---------------------------------------------------------------------------------------------------------
// Authoring

namespace {
/// One line of the authoring list: "3. Walkthrough: SAT of bodies 0 and 1, step 2 - the first words".
QString authorListLine(int index, const LessonStep& step) {
    QString about = describeLessonStep(step);
    about.remove(QLatin1Char('*'));
    QString kind;
    switch (step.type) {
    case LessonStepType::Note:
        kind = LessonDock::tr("Note");
        break;
    case LessonStepType::Question:
        kind = LessonDock::tr("Question (%1)").arg(QLatin1String(toString(step.kind)));
        break;
    default:
        break;
    }
    // One line of plain words: the Markdown's emphasis marks are left out.
    QString words = (step.type == LessonStepType::Question ? step.prompt : step.text).simplified();
    words.remove(QStringLiteral("**"));
    QString line = QStringLiteral("%1. ").arg(index + 1) + (about.isEmpty() ? kind : about);
    if (!words.isEmpty()) {
        line += QStringLiteral(": ") + (words.size() > 60 ? words.left(57) + QStringLiteral("...") : words);
    }
    return line;
}
} // namespace

void LessonDock::buildAuthorUi(QWidget* page, QVBoxLayout* layout) {
    m_editor = new LessonEditor(this);
    m_authorBox = new QWidget(page);
    m_authorBox->setObjectName(QStringLiteral("lessonAuthor"));
    auto* author = new QVBoxLayout(m_authorBox);
    author->setContentsMargins(0, 0, 0, 0);

    author->addWidget(new QLabel(tr("Title"), m_authorBox));
    m_authorTitle = new QLineEdit(m_authorBox);
    m_authorTitle->setObjectName(QStringLiteral("lessonAuthorTitle"));
    author->addWidget(m_authorTitle);
    connect(m_authorTitle, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (!m_updatingAuthor) {
            m_window.document()->undoStack()->push(
                new SetLessonTextCommand(m_editor, -1, LessonTextField::Title, text));
        }
    });

    m_authorHint = new QLabel(m_authorBox);
    m_authorHint->setObjectName(QStringLiteral("lessonAuthorHint"));
    m_authorHint->setWordWrap(true);
    setThemedStyle(m_authorHint, ThemedRole::Hint, QStringLiteral("font-style: italic;"));
    // Two lines always, so the buttons below stay where the mouse expects them when the hint changes.
    m_authorHint->setMinimumHeight(2 * m_authorHint->fontMetrics().lineSpacing() + 2);
    m_authorHint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    author->addWidget(m_authorHint);

    auto* addRow = new QHBoxLayout;
    m_addFromView = new QPushButton(tr("Add Step from Current View"), m_authorBox);
    m_addFromView->setObjectName(QStringLiteral("lessonAddFromView"));
    m_addFromView->setToolTip(
        tr("While simulating: the time, solver and settings. Else, with the Walkthrough "
           "dock open: its tab, pair and step. Else: a note on the selected bodies."));
    connect(m_addFromView, &QPushButton::clicked, this, &LessonDock::addStepFromView);
    m_addNote = new QPushButton(tr("Add Note"), m_authorBox);
    m_addNote->setObjectName(QStringLiteral("lessonAddNote"));
    m_addNote->setToolTip(tr("A note to read, pointing at the selected bodies."));
    connect(m_addNote, &QPushButton::clicked, this, &LessonDock::addNote);
    addRow->addWidget(m_addFromView, 1);
    addRow->addWidget(m_addNote);
    author->addLayout(addRow);

    m_authorList = new QListWidget(m_authorBox);
    m_authorList->setObjectName(QStringLiteral("lessonAuthorSteps"));
    m_authorList->setMinimumHeight(90);
    // The list takes the height the texts below leave, never more: the panel fits the dock without scrolling.
    m_authorList->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_authorList->setWordWrap(true);
    author->addWidget(m_authorList, 1);
    connect(m_authorList, &QListWidget::currentRowChanged, this, [this] {
        if (!m_updatingAuthor) {
            refreshAuthorEditors();
            updateAuthorButtons();
        }
    });

    auto* moveRow = new QHBoxLayout;
    m_stepUp = new QPushButton(tr("Up"), m_authorBox);
    m_stepUp->setObjectName(QStringLiteral("lessonStepUp"));
    m_stepUp->setToolTip(tr("Move the selected step one place earlier"));
    connect(m_stepUp, &QPushButton::clicked, this, &LessonDock::moveStepUp);
    m_stepDown = new QPushButton(tr("Down"), m_authorBox);
    m_stepDown->setObjectName(QStringLiteral("lessonStepDown"));
    m_stepDown->setToolTip(tr("Move the selected step one place later"));
    connect(m_stepDown, &QPushButton::clicked, this, &LessonDock::moveStepDown);
    m_stepDelete = new QPushButton(tr("Delete"), m_authorBox);
    m_stepDelete->setObjectName(QStringLiteral("lessonStepDelete"));
    m_stepDelete->setToolTip(tr("Delete the selected step (Edit > Undo brings it back)"));
    connect(m_stepDelete, &QPushButton::clicked, this, &LessonDock::deleteStep);
    moveRow->addWidget(m_stepUp);
    moveRow->addWidget(m_stepDown);
    moveRow->addStretch(1);
    moveRow->addWidget(m_stepDelete);
    author->addLayout(moveRow);

    author->addWidget(new QLabel(tr("Text of the selected step (Markdown)"), m_authorBox));
    m_authorText = new QPlainTextEdit(m_authorBox);
    m_authorText->setObjectName(QStringLiteral("lessonAuthorText"));
    // Ctrl+Z belongs to the document's stack, where every text edit goes as a command.
    m_authorText->setUndoRedoEnabled(false);
    m_authorText->setTabChangesFocus(true);
    m_authorText->setMaximumHeight(80);
    author->addWidget(m_authorText);
    author->addWidget(new QLabel(tr("Teacher's note (hidden from students)"), m_authorBox));
    m_authorTeacher = new QPlainTextEdit(m_authorBox);
    m_authorTeacher->setObjectName(QStringLiteral("lessonAuthorTeacherNotes"));
    m_authorTeacher->setUndoRedoEnabled(false);
    m_authorTeacher->setTabChangesFocus(true);
    m_authorTeacher->setMaximumHeight(56);
    author->addWidget(m_authorTeacher);
    for (const auto& [edit, field] : {std::pair{m_authorText, LessonTextField::Text},
                                      std::pair{m_authorTeacher, LessonTextField::TeacherNotes}}) {
        connect(edit, &QPlainTextEdit::textChanged, this, [this, edit = edit, field = field] {
            const int index = authorSelection();
            if (m_updatingAuthor || index < 0 || edit->toPlainText() == m_editor->text(index, field)) {
                return;
            }
            m_window.document()->undoStack()->push(
                new SetLessonTextCommand(m_editor, index, field, edit->toPlainText()));
        });
    }

    m_sceneInline = new QCheckBox(tr("Keep the scene inside the lesson file"), m_authorBox);
    m_sceneInline->setObjectName(QStringLiteral("lessonSceneInline"));
    m_sceneInline->setChecked(true);
    m_sceneInline->setToolTip(tr("Off: the lesson names the open scene's file by a path relative to the "
                                 "lesson (save the scene first; keep both in one folder to share them)."));
    author->addWidget(m_sceneInline);

    connect(m_editor, &LessonEditor::stepsChanged, this, [this](int current) { refreshAuthorList(current); });
    connect(m_editor, &LessonEditor::textChanged, this, [this](int index, LessonTextField field) {
        if (field == LessonTextField::Title) {
            if (m_authorTitle->text() != m_editor->lesson().title) {
                const QSignalBlocker block(m_authorTitle);
                m_authorTitle->setText(m_editor->lesson().title);
            }
            return;
        }
        if (QListWidgetItem* item = m_authorList->item(index)) {
            item->setText(authorListLine(index, m_editor->lesson().steps[static_cast<std::size_t>(index)]));
        }
        if (index != authorSelection()) {
            // Undo of an edit on another step: show that step.
            setAuthorSelection(index);
        }
        refreshAuthorEditors();
    });
    layout->addWidget(m_authorBox, 1);
    m_authorBox->hide();
}

int LessonDock::authorSelection() const {
    return m_authorList ? m_authorList->currentRow() : -1;
}

void LessonDock::setAuthorSelection(int index) {
    m_authorList->setCurrentRow(index);
}

void LessonDock::startAuthoring(Lesson lesson, const QString& fileName) {
    // The player stops: its lesson becomes the one being written.
    restoreOverlay();
    m_lesson = {};
    m_states.clear();
    m_step = -1;
    m_eval = {};
    m_drag->setMarks({});
    clearChoices();
    m_authoring = true;
    m_lessonFileName = fileName;
    m_sceneInline->setChecked(lesson.scenePath.isEmpty());
    m_editor->reset(std::move(lesson));
    m_savedAuthored = m_editor->lesson();
    giveRoom();
    showStep();
    emit lessonChanged();
}

void LessonDock::newLesson() {
    if (!maybeSaveLesson(tr("start a new lesson"))) {
        return;
    }
    Lesson lesson;
    lesson.title = tr("Untitled lesson");
    startAuthoring(std::move(lesson), QString());
    m_authorTitle->setFocus();
    m_authorTitle->selectAll();
}

void LessonDock::editLesson() {
    if (!hasLesson()) {
        return;
    }
    Lesson lesson = m_lesson;
    // The scene is the document's: the lesson is saved with the scene as it is then.
    startAuthoring(std::move(lesson), m_lessonFileName);
}

void LessonDock::refreshAuthorList(int select) {
    {
        const QSignalBlocker block(m_authorList);
        m_updatingAuthor = true;
        m_authorList->clear();
        const auto& steps = m_editor->lesson().steps;
        for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
            m_authorList->addItem(authorListLine(i, steps[static_cast<std::size_t>(i)]));
        }
        m_authorList->setCurrentRow(select);
        m_updatingAuthor = false;
    }
    refreshAuthorEditors();
    updateAuthorButtons();
}

void LessonDock::refreshAuthorEditors() {
    m_updatingAuthor = true;
    const int index = authorSelection();
    const bool has = index >= 0 && index < m_editor->stepCount();
    for (const auto& [edit, field] : {std::pair{m_authorText, LessonTextField::Text},
                                      std::pair{m_authorTeacher, LessonTextField::TeacherNotes}}) {
        edit->setEnabled(has);
        const QString text = has ? m_editor->text(index, field) : QString();
        if (edit->toPlainText() != text) {
            edit->setPlainText(text);
            edit->moveCursor(QTextCursor::End);
        }
    }
    if (m_authorTitle->text() != m_editor->lesson().title) {
        m_authorTitle->setText(m_editor->lesson().title);
    }
    m_updatingAuthor = false;
}

void LessonDock::updateAuthorButtons() {
    const int index = authorSelection();
    const int count = m_editor->stepCount();
    m_stepUp->setEnabled(index > 0);
    m_stepDown->setEnabled(index >= 0 && index + 1 < count);
    m_stepDelete->setEnabled(index >= 0);
    m_authorHint->setText(count == 0
                              ? tr("Set up the view you want the class to see, then Add Step from Current "
                                   "View. File > Save Lesson writes the file.")
                              : (count == 1 ? tr("1 step.") : tr("%1 steps.").arg(count)) + QLatin1Char(' ') +
                                    tr("Steps are added after the selected one."));
}

phys::WorldSettings LessonDock::settingsBefore(int index) const {
    phys::WorldSettings settings = m_window.document()->scene().def.settings;
    const auto& steps = m_editor->lesson().steps;
    for (int i = 0; i < index && i < static_cast<int>(steps.size()); ++i) {
        const LessonStep& step = steps[static_cast<std::size_t>(i)];
        if (step.type == LessonStepType::Simulation && step.action == LessonSimulationAction::Set) {
            applyLessonSetting(settings, step.setting, step.value); // a bad one leaves them unchanged
        }
    }
    return settings;
}

void LessonDock::insertSteps(const std::vector<LessonStep>& steps, const QString& name) {
    if (!m_authoring || steps.empty()) {
        return;
    }
    const int selected = authorSelection();
    int at = selected >= 0 ? selected + 1 : m_editor->stepCount();
    if (steps.size() == 1) {
        m_window.document()->undoStack()->push(new InsertLessonStepCommand(m_editor, at, steps.front()));
        return;
    }
    // Several steps (a simulation state): one command, one undo.
    auto* macro = new LessonMacroCommand(name);
    for (const LessonStep& step : steps) {
        new InsertLessonStepCommand(m_editor, at++, step, macro);
    }
    m_window.document()->undoStack()->push(macro);
}

void LessonDock::addStepFromView() {
    if (!m_authoring) {
        return;
    }
    auto* simulation = m_window.findChild<SimulationUi*>();
    if (simulation && simulation->controller()->isSimulating()) {
        // The simulation state: every setting that differs from what the lesson has at this point (the solver
        // always, so the step says which one), then a run to the time shown.
        const SimulationController* controller = simulation->controller();
        const int at = authorSelection() >= 0 ? authorSelection() + 1 : m_editor->stepCount();
        const phys::WorldSettings before = settingsBefore(at);
        const phys::WorldSettings now = controller->settings();
        std::vector<LessonStep> steps;
        for (const QString& name : lessonSettingNames()) {
            const QJsonValue value = lessonSettingValue(now, name);
            if (name == QLatin1String("solver") || value != lessonSettingValue(before, name)) {
                LessonStep step;
                step.type = LessonStepType::Simulation;
                step.action = LessonSimulationAction::Set;
                step.setting = name;
                step.value = value;
                steps.push_back(step);
            }
        }
        if (controller->currentTime() > 0.0) {
            LessonStep run;
            run.type = LessonStepType::Simulation;
            run.action = LessonSimulationAction::Run;
            // Rounded to the step: the lesson runs whole steps to reach it.
            run.until = std::round(controller->currentTime() * 1e6) / 1e6;
            steps.push_back(run);
        }
        insertSteps(steps, tr("Add simulation state"));
        return;
    }
    auto* walkthrough = m_window.findChild<WalkthroughDock*>();
    if (walkthrough && walkthrough->isVisible() && walkthrough->indexA() >= 0 && walkthrough->indexB() >= 0 &&
        walkthrough->indexA() != walkthrough->indexB()) {
        LessonStep step;
        step.type = LessonStepType::Walkthrough;
        step.walkthrough =
            LessonWalkthroughRef{QLatin1String(toString(walkthrough->mode())), walkthrough->indexA(),
                                 walkthrough->indexB(), std::max(0, walkthrough->currentStep()) + 1};
        insertSteps({step}, tr("Add walkthrough step"));
        return;
    }
    addNote();
}

void LessonDock::addNote() {
    if (!m_authoring) {
        return;
    }
    LessonStep step;
    step.type = LessonStepType::Note;
    step.text = tr("Write what the class should look at here.");
    const Document* document = m_window.document();
    for (const quint64 key : m_window.canvas()->selection()) {
        const int index = document->indexOf(key);
        if (index >= 0) {
            step.bodies.push_back(index);
        }
    }
    std::sort(step.bodies.begin(), step.bodies.end());
    insertSteps({step}, tr("Add note"));
    m_authorText->setFocus();
    m_authorText->selectAll();
}

void LessonDock::moveStepUp() {
    const int index = authorSelection();
    if (m_authoring && index > 0) {
        m_window.document()->undoStack()->push(new MoveLessonStepCommand(m_editor, index, index - 1));
    }
}

void LessonDock::moveStepDown() {
    const int index = authorSelection();
    if (m_authoring && index >= 0 && index + 1 < m_editor->stepCount()) {
        m_window.document()->undoStack()->push(new MoveLessonStepCommand(m_editor, index, index + 1));
    }
}

void LessonDock::deleteStep() {
    const int index = authorSelection();
    if (m_authoring && index >= 0) {
        m_window.document()->undoStack()->push(new RemoveLessonStepCommand(m_editor, index));
    }
}

std::optional<Lesson> LessonDock::currentLesson(QString* error) const {
    if (!m_authoring) {
        if (!hasLesson()) {
            *error = tr("No lesson is open.");
            return std::nullopt;
        }
        return m_lesson;
    }
    Lesson lesson = m_editor->lesson();
    lesson.scene = m_window.document()->scene();
    lesson.scenePath.clear();
    if (lesson.steps.empty()) {
        *error = tr("The lesson has no steps yet: add one first.");
        return std::nullopt;
    }
    if (lesson.title.trimmed().isEmpty()) {
        *error = tr("The lesson needs a title.");
        return std::nullopt;
    }
    // Read back as a file would be: body indices are checked against the scene as it is now.
    auto parsed = parseLesson(serializeLesson(lesson), QString());
    if (const auto* problem = std::get_if<LessonError>(&parsed)) {
        *error = problem->toString();
        return std::nullopt;
    }
    return lesson;
}

bool LessonDock::saveLessonTo(const QString& fileName) {
    QString error;
    std::optional<Lesson> lesson = currentLesson(&error);
    if (lesson && !m_sceneInline->isChecked()) {
        const Document* document = m_window.document();
        if (document->fileName().isEmpty() || document->fileName().startsWith(QLatin1Char(':')) ||
            document->isModified()) {
            error =
                tr("The scene is not saved in a file: save it first (File > Save), or keep the scene inside "
                   "the lesson.");
            lesson.reset();
        } else {
            lesson->scenePath =
                QDir(QFileInfo(fileName).absolutePath()).relativeFilePath(document->fileName());
        }
    }
    if (lesson) {
        error = saveLessonFile(*lesson, fileName);
    }
    if (!error.isEmpty()) {
        m_window.reportError(tr("Cannot save lesson"), tr("The lesson was not saved:\n%1").arg(error));
        return false;
    }
    m_lessonFileName = fileName;
    if (m_authoring) {
        m_savedAuthored = m_editor->lesson();
    }
    return true;
}

bool LessonDock::hasUnsavedLesson() const {
    return m_authoring && m_editor->lesson() != m_savedAuthored;
}

bool LessonDock::maybeSaveLesson(const QString& action) {
    if (!hasUnsavedLesson()) {
        return true;
    }
    const auto button = QMessageBox::warning(
        &m_window, tr("Unsaved lesson"),
        tr("The lesson \"%1\" has unsaved changes.\nSave them before you %2?")
            .arg(m_editor->lesson().title, action),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (button == QMessageBox::Discard) {
        return true;
    }
    if (button == QMessageBox::Save && m_saveLessonAction) {
        m_saveLessonAction->trigger(); // asks for a file name when the lesson has none
        return !hasUnsavedLesson();    // a cancelled file dialog or a refused save keeps the window
    }
    return false;
}

bool LessonDock::exportWorksheet(const QString& fileName, WorksheetKind kind) {
    QString error;
    const std::optional<Lesson> lesson = currentLesson(&error);
    if (lesson) {
        error = writeLessonWorksheet(*lesson, fileName, kind);
    }
    if (!error.isEmpty()) {
        m_window.reportError(tr("Cannot export worksheet"),
                             tr("The worksheet was not written:\n%1").arg(error));
        return false;
    }
    m_window.statusBar()->showMessage(
        tr("Wrote %1 (%2 pages)").arg(fileName).arg(worksheetPageCount(*lesson)), 5000);
    return true;
}

LessonDock* installLessons(MainWindow& window) {
    auto* dock = new LessonDock(window);
    window.addDockWidget(Qt::LeftDockWidgetArea, dock);
    if (auto* bodies = window.findChild<QDockWidget*>(QStringLiteral("BodiesDock"))) {
        window.tabifyDockWidget(bodies, dock);
    }
    dock->hide(); // until a lesson is opened
    if (QMenu* file = window.fileMenu()) {
        // Right after File > Open...
        const QList<QAction*> actions = file->actions();
        QAction* before = nullptr;
        for (qsizetype i = 0; i + 1 < actions.size(); ++i) {
            if (actions[i]->objectName() == QLatin1String("actionOpen")) {
                before = actions[i + 1];
            }
        }
        auto* open = new QAction(LessonDock::tr("Open &Lesson..."), file);
        open->setObjectName(QStringLiteral("actionOpenLesson"));
        open->setStatusTip(
            LessonDock::tr("Open a lesson file: a scene with notes, walkthrough steps and questions"));
        QObject::connect(open, &QAction::triggered, dock, [dock, &window] {
            const QString directory = QSettings().value(kLastLessonDirectoryKey, QDir::homePath()).toString();
            const QString fileName =
                QFileDialog::getOpenFileName(&window, LessonDock::tr("Open Lesson"), directory,
                                             LessonDock::tr("ContactLab lessons (*.json);;All files (*)"));
            if (!fileName.isEmpty()) {
                QSettings().setValue(kLastLessonDirectoryKey, QFileInfo(fileName).absolutePath());
                dock->openLesson(fileName);
            }
        });
        QMenu* pack = new QMenu(LessonDock::tr("Built-in Lesso&ns"), file);
        pack->setObjectName(QStringLiteral("menuLessons"));
        for (const QString& path : LessonDock::builtInLessons()) {
            auto loaded = loadLessonFile(path);
            const QString title = std::holds_alternative<Lesson>(loaded) ? std::get<Lesson>(loaded).title
                                                                         : QFileInfo(path).baseName();
            QAction* action = pack->addAction(title, dock, [dock, path] { dock->openLesson(path); });
            action->setObjectName(QStringLiteral("actionLesson_") + QFileInfo(path).baseName());
        }
        file->insertAction(before, open);
        file->insertMenu(before, pack);

        // Authoring and worksheets.
        auto* newLesson = new QAction(LessonDock::tr("Ne&w Lesson"), file);
        newLesson->setObjectName(QStringLiteral("actionNewLesson"));
        newLesson->setStatusTip(
            LessonDock::tr("Write a lesson on the open scene: add steps from the current view"));
        QObject::connect(newLesson, &QAction::triggered, dock, &LessonDock::newLesson);
        auto askLessonFile = [&window](const QString& title, const QString& current) {
            const QString directory =
                current.isEmpty() || current.startsWith(QLatin1Char(':'))
                    ? QSettings().value(kLastLessonDirectoryKey, QDir::homePath()).toString()
                    : current;
            const QString fileName = QFileDialog::getSaveFileName(
                &window, title, directory, LessonDock::tr("ContactLab lessons (*.json);;All files (*)"));
            if (!fileName.isEmpty()) {
                QSettings().setValue(kLastLessonDirectoryKey, QFileInfo(fileName).absolutePath());
            }
            return fileName;
        };
        auto* saveAs = new QAction(LessonDock::tr("Save Lesson As..."), file);
        saveAs->setObjectName(QStringLiteral("actionSaveLessonAs"));
        saveAs->setStatusTip(LessonDock::tr("Write the lesson being authored to a new file"));
        QObject::connect(saveAs, &QAction::triggered, dock, [dock, askLessonFile] {
            const QString fileName = askLessonFile(LessonDock::tr("Save Lesson"), dock->lessonFileName());
            if (!fileName.isEmpty()) {
                dock->saveLessonTo(QFileInfo(fileName).suffix().isEmpty() ? fileName + QStringLiteral(".json")
                                                                          : fileName);
            }
        });
        auto* save = new QAction(LessonDock::tr("Sa&ve Lesson"), file);
        save->setObjectName(QStringLiteral("actionSaveLesson"));
        save->setStatusTip(LessonDock::tr("Write the lesson being authored, with the scene as it is now"));
        QObject::connect(save, &QAction::triggered, dock, [dock, saveAs] {
            const QString current = dock->lessonFileName();
            if (current.isEmpty() || current.startsWith(QLatin1Char(':'))) {
                saveAs->trigger();
            } else {
                dock->saveLessonTo(current);
            }
        });
        dock->setSaveLessonAction(save);
        auto exportAction = [&window, dock, file](const QString& text, const QString& name,
                                                  WorksheetKind kind) {
            auto* action = new QAction(text, file);
            action->setObjectName(name);
            QObject::connect(action, &QAction::triggered, dock, [&window, dock, kind, text] {
                const QString directory =
                    QSettings().value(kLastLessonDirectoryKey, QDir::homePath()).toString();
                const QString fileName = QFileDialog::getSaveFileName(
                    &window, QString(text).remove(QLatin1Char('&')).remove(QStringLiteral("...")), directory,
                    LessonDock::tr("PDF files (*.pdf)"));
                if (!fileName.isEmpty()) {
                    dock->exportWorksheet(fileName.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)
                                              ? fileName
                                              : fileName + QStringLiteral(".pdf"),
                                          kind);
                }
            });
            return action;
        };
        QAction* exportStudent =
            exportAction(LessonDock::tr("Export Lesson as &PDF..."), QStringLiteral("actionExportLessonPdf"),
                         WorksheetKind::Student);
        exportStudent->setStatusTip(LessonDock::tr("The student's worksheet: each step's drawing, text and "
                                                   "question with space for the answer"));
        QAction* exportTeacher =
            exportAction(LessonDock::tr("Export Lesson as PDF, &Teacher's Sheet..."),
                         QStringLiteral("actionExportLessonPdfTeacher"), WorksheetKind::Teacher);
        exportTeacher->setStatusTip(LessonDock::tr(
            "The teacher's worksheet: as the student's, with the engine's answers and the notes"));
        file->insertAction(before, newLesson);
        file->insertAction(before, save);
        file->insertAction(before, saveAs);
        file->insertAction(before, exportStudent);
        file->insertAction(before, exportTeacher);
        auto update = [dock, save, saveAs, exportStudent, exportTeacher] {
            save->setEnabled(dock->isAuthoring());
            saveAs->setEnabled(dock->isAuthoring());
            const bool any = dock->isAuthoring() || dock->hasLesson();
            exportStudent->setEnabled(any);
            exportTeacher->setEnabled(any);
        };
        QObject::connect(dock, &LessonDock::lessonChanged, dock, update);
        update();
    }
    if (QMenu* view = window.viewMenu()) {
        view->addAction(dock->toggleViewAction());
    }
    return dock;
}

} // namespace cl
