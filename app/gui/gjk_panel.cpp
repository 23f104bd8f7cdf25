#include "gjk_panel.h"

#include "gjk_diagram.h"
#include "gjk_view.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "tool_draw_polygon.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/decompose.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <variant>

namespace cl {

namespace {
using namespace diagram;
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
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("gjkTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // The columns share the dock's width and long cells wrap at their spaces (review v12 M4: sized to their
    // contents, the Simplex and Distance columns were off to the side, behind a scroll bar); the "#" column
    // keeps its digits' width.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->viewport()->installEventFilter(this); // the rows wrap: their height follows the width
    layout->addWidget(m_table);
    // A row is an iteration: clicking it goes to its step, as SAT's table does.
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (const QTableWidgetItem* item = m_table->item(row, 0)) {
            setStep(item->data(Qt::UserRole).toInt());
        }
    });
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
    // Never squeezed below its wrapped text (it was cut at the bottom): the page scrolls instead.
    m_explanation->installEventFilter(this);
    layout->addWidget(m_explanation);

    connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) { setView(View(index)); });
    connect(m_previous, &QPushButton::clicked, this, &GjkPanel::previousStep);
    connect(m_next, &QPushButton::clicked, this, &GjkPanel::nextStep);
    auto follow = [this](quint64 key) {
        if (key != m_keyA && key != m_keyB) {
            return;
        }
        if (isVisible()) {
            rebuild(); // live: a vertex drag redraws both panes as it goes, keeping the step
        } else {
            m_stale = true; // rebuilt when shown or asked (flushPending)
        }
    };
    if (m_canvas) {
        m_canvasOverlay = new GjkCanvasOverlay(this);
        m_canvas->addOverlay(m_canvasOverlay);
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
    flushPending();
    m_step = std::clamp(step, 0, std::max(0, stepCount() - 1));
    show();
}

void GjkPanel::updateCanvasOverlay() {
    if (!m_canvasOverlay) {
        return;
    }
    const SimulationController* sim = simulation();
    const bool shown = isVisible() && m_view == View::Gjk && !(sim && sim->isSimulating()) && m_step >= 0 &&
                       m_step < stepCount();
    m_canvasOverlay->setItems(shown ? m_steps[std::size_t(m_step)].canvas : std::vector<DiagramItem>{});
}

void GjkPanel::flushPending() const {
    if (m_stale) {
        // The panel is never a const object: only the cached trace is brought up to date.
        const_cast<GjkPanel*>(this)->rebuild();
    }
}

void GjkPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale) {
        rebuild(); // also updates the canvas overlay
        return;
    }
    updateCanvasOverlay();
}

void GjkPanel::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    updateCanvasOverlay();
}

QString GjkPanel::stepTitle() const {
    flushPending();
    return m_stepLabel->text();
}

QString GjkPanel::explanation() const {
    flushPending();
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
    m_stale = false;
    m_steps.clear();
    m_penetration = {};
    WalkthroughTable table; // GJK and EPA only
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
                           {},
                           {}});
    } else {
        const phys::BodyDef& a = shownBody(m_keyA);
        const phys::BodyDef& b = shownBody(m_keyB);
        const QString pair =
            tr("A = %1, B = %2").arg(QString::fromStdString(a.name), QString::fromStdString(b.name));
        m_pieces.clear();
        switch (m_view) {
        case View::Gjk:
        case View::Epa:
        case View::Voronoi: {
            const GjkSteps steps = GjkSteps::pair(GjkSteps::Tab(m_view), a, b);
            m_steps = steps.steps();
            table = steps.table();
            m_penetration = steps.penetration();
            m_pieces = steps.pieces();
            break;
        }
        case View::Toi:
            buildToi();
            break;
        case View::Split:
            break;
        }
        // A compound body: which pieces the tab shows.
        m_pairLabel->setText(m_pieces.isEmpty() ? pair : tr("%1: %2").arg(pair, m_pieces));
    }
    fillTable(table);
    m_step = std::clamp(m_step, 0, int(m_steps.size()) - 1);
    show();
}

void GjkPanel::fillTable(const WalkthroughTable& table) {
    m_table->setVisible(!table.rows.empty());
    if (table.rows.empty()) {
        m_table->clear();
        m_table->setRowCount(0);
        return;
    }
    // A drag rebuilds on every move: the items are refilled in place while the table keeps its shape.
    const QSignalBlocker quiet(m_table);
    m_table->setColumnCount(int(table.headers.size()));
    m_table->setRowCount(int(table.rows.size()));
    for (int col = 0; col < int(table.headers.size()); ++col) {
        auto* header = m_table->horizontalHeaderItem(col);
        if (!header) {
            header = new QTableWidgetItem;
            m_table->setHorizontalHeaderItem(col, header);
        }
        header->setData(Qt::UserRole,
                        table.headers[col]); // the title as written (fitTableHeight may break it)
        header->setText(table.headers[col]);
        header->setToolTip(col < table.headerTips.size() ? table.headerTips[col] : QString());
    }
    const QColor result(255, 236, 179); // SAT's table marks its result row the same way
    for (int r = 0; r < int(table.rows.size()); ++r) {
        const WalkthroughTable::Row& row = table.rows[std::size_t(r)];
        for (int col = 0; col < m_table->columnCount(); ++col) {
            QTableWidgetItem* item = m_table->item(r, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(r, col, item);
            }
            item->setText(col < row.cells.size() ? row.cells[col] : QString());
            item->setData(Qt::UserRole, row.step);
            item->setBackground(row.emphasised ? QBrush(result) : QBrush());
            QFont font = item->font();
            font.setBold(row.emphasised);
            item->setFont(font);
        }
    }
    if (m_table->columnCount() > 0) {
        m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    }
    fitTableHeight();
}

// As tall as its rows, so the panes below keep the room (the page scrolls when the dock is short); again
// whenever the width changes, since the rows wrap.
void GjkPanel::fitTableHeight() {
    // A title wider than its column takes more lines, broken at its spaces ("Distance (m)" was cut to
    // "istance (m" in presentation mode).
    const QFontMetrics metrics(m_table->horizontalHeader()->font());
    const int padding =
        m_table->horizontalHeader()->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_table) * 2 + 4;
    for (int col = 0; col < m_table->columnCount(); ++col) {
        QTableWidgetItem* header = m_table->horizontalHeaderItem(col);
        if (!header) {
            continue;
        }
        // Word by word onto as many lines as the column needs.
        const int room = m_table->horizontalHeader()->sectionSize(col) - padding;
        QStringList lines;
        for (const QString& word :
             header->data(Qt::UserRole).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!lines.isEmpty() &&
                metrics.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= room) {
                lines.back() += QLatin1Char(' ') + word;
            } else {
                lines << word;
            }
        }
        const QString shown = lines.join(QLatin1Char('\n'));
        if (header->text() != shown) {
            header->setText(shown);
        }
    }
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        height += m_table->rowHeight(r);
    }
    if (m_table->height() != height) {
        m_table->setFixedHeight(height);
    }
}

bool GjkPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_explanation &&
        (event->type() == QEvent::Resize || event->type() == QEvent::FontChange)) {
        fitExplanationHeight();
    } else if (watched == m_table->viewport() && event->type() == QEvent::Resize &&
               static_cast<QResizeEvent*>(event)->oldSize().width() != m_table->viewport()->width()) {
        fitTableHeight();
    }
    return QWidget::eventFilter(watched, event);
}

void GjkPanel::fitExplanationHeight() {
    if (m_explanation->width() <= 0) {
        return; // not laid out yet: the first resize comes back here
    }
    const int needed = std::max(60, m_explanation->heightForWidth(m_explanation->width()));
    if (m_explanation->minimumHeight() != needed) {
        m_explanation->setMinimumHeight(needed);
    }
}

void GjkPanel::show() {
    const GjkStep& s = m_steps[std::size_t(m_step)];
    m_stepLabel->setText(tr("Step %1 of %2: %3").arg(m_step + 1).arg(stepCount()).arg(s.title));
    m_explanation->setText(s.text);
    fitExplanationHeight();
    m_world->setItems(s.world);
    m_world->setVisible(!s.world.empty()); // a step with nothing to draw (no pair yet) is its text alone
    std::vector<DiagramItem> minkowski = s.second;
    const bool minkowskiSpace = m_view == View::Gjk || m_view == View::Epa;
    if (minkowskiSpace && !minkowski.empty()) {
        minkowski.push_back(point({0.0, 0.0}, Qt::black, tr("origin"))); // on top: everything is about it
    }
    // The TOI tab's second pane is a plot of separation against time, not Minkowski space.
    m_minkowski->setTitle(minkowskiSpace ? tr("Minkowski difference A \u2296 B")
                                         : tr("Separation against time t (fraction of the step)"));
    m_minkowski->setItems(std::move(minkowski));
    m_minkowski->setVisible(minkowskiSpace || (m_view == View::Toi && !s.second.empty()));
    updateCanvasOverlay();
    // The current step's row is selected (an iteration, or the result at the last step).
    for (int r = 0; r < m_table->rowCount(); ++r) {
        if (m_table->item(r, 0) && m_table->item(r, 0)->data(Qt::UserRole).toInt() == m_step) {
            const QSignalBlocker quiet(m_table);
            m_table->selectRow(r);
        }
    }
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < stepCount());
    emit changed();
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
        // Nothing split with the tool in this window: body A's outline (the union of its pieces when it is
        // compound, as `contactlab-cli walkthrough --tab split` takes it), split step by step.
        const QString draw = tr("Draw a concave outline with the Polygon tool and choose \"Split into convex "
                                "pieces\": its triangulation and merges show here, step by step.");
        QString why;
        if (m_keyA && m_document->contains(m_keyA)) {
            const phys::BodyDef& a = shownBody(m_keyA);
            const QString name = QString::fromStdString(a.name);
            const phys::Result<std::vector<phys::Vec2>> outline = GjkSteps::bodyOutline(a);
            phys::DecomposeTrace trace;
            if (!outline) {
                why = outline.error().index >= 0
                          ? tr("Body A (%1): shape %2 %3.")
                                .arg(name)
                                .arg(outline.error().index + 1) // shapes are numbered from 1 on screen
                                .arg(QString::fromStdString(outline.error().message))
                          : tr("Body A (%1): %2.").arg(name, QString::fromStdString(outline.error().message));
            } else if (const auto pieces = phys::decomposeConcave(*outline, &trace); !pieces) {
                why = tr("Body A (%1): %2.").arg(name, QString::fromStdString(pieces.error().message));
            } else {
                m_pairLabel->setText(a.shapes.size() > 1
                                         ? tr("Body A, \"%1\": the outline of its %2 pieces, split again")
                                               .arg(name)
                                               .arg(a.shapes.size())
                                         : tr("Body A, \"%1\": its outline, split").arg(name));
                m_steps = GjkSteps::split(trace, {}, name).steps();
                return;
            }
        }
        m_pairLabel->setText(tr("No outline split yet."));
        m_steps.push_back(
            {tr("Nothing split yet"), why.isEmpty() ? draw : why + QLatin1Char(' ') + draw, {}, {}, {}});
        return;
    }
    const DrawPolygonTool::Split& split = m_polygonTool->lastSplit();
    m_pairLabel->setText(tr("The last outline split with the Polygon tool: body \"%1\"")
                             .arg(QString::fromStdString(split.bodyName)));
    m_steps = GjkSteps::split(split.trace, split.origin, QString::fromStdString(split.bodyName)).steps();
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
    // The main canvas shows only what the page in front explains: SAT's ruler and axis go with the SAT page.
    QObject::connect(tabs, &QTabWidget::currentChanged, dock, [dock, satPage, tabs](int) {
        dock->setSatPageInFront(tabs->currentWidget() == satPage);
    });
    QObject::connect(dock, &WalkthroughDock::walkthroughChanged, panel,
                     [dock, panel] { panel->setPair(dock->keyA(), dock->keyB()); });
    return tabs;
}

} // namespace cl
