#include "gjk_panel.h"

#include "gjk_diagram.h"
#include "gjk_view.h"
#include "overlay.h"
#include "palette.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "table_fit.h"
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
#include <numeric>
#include <variant>

namespace cl {

namespace {
using namespace diagram;
/// A table cell's text as GjkSteps::table wrote it (the item shows it broken to its column's width).
constexpr int kWrittenRole = Qt::UserRole + 1;
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
    for (const GjkSteps::Tab tab : {GjkSteps::Tab::Gjk, GjkSteps::Tab::Epa, GjkSteps::Tab::Voronoi,
                                    GjkSteps::Tab::Split, GjkSteps::Tab::Toi}) {
        m_tabs->addTab(GjkSteps::tabName(tab)); // in the enum's order: a tab's index is its Tab
    }
    m_tabs->setExpanding(true);
    m_tabs->setDrawBase(false);
    layout->addWidget(m_tabs);
    auto* nav = new QHBoxLayout;
    m_navSpacing =
        nav->spacing() < 0 ? style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing) : nav->spacing();
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
    // The step's picture first, then its words, then the table, as a slide has them: at 1280x800 all three
    // are on screen together (review v12b N6: the class saw the table only).
    m_world = new GjkView(this);
    m_world->setObjectName(QStringLiteral("gjkWorldView"));
    m_world->setTitle(tr("World"));
    m_minkowski = new GjkView(this);
    m_minkowski->setObjectName(QStringLiteral("gjkMinkowskiView"));
    m_minkowski->setTitle(tr("Minkowski difference A \u2296 B"));
    m_minkowski->setShowOrigin(true);
    m_panes = new QBoxLayout(QBoxLayout::LeftToRight);
    m_panes->setSpacing(6);
    m_panes->addWidget(m_world, 1);
    m_panes->addWidget(m_minkowski, 1);
    layout->addLayout(m_panes, 1);
    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("gjkExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_explanation->setMinimumHeight(60);
    // Never squeezed below its wrapped text (it was cut at the bottom).
    m_explanation->installEventFilter(this);
    layout->addWidget(m_explanation);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("gjkTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // fitTableColumns sets every width and puts in every line break itself, between whole numbers and
    // names: Qt's own word wrap broke "(0.83,\n0.55)" and "edge w0-\nw1" (review v12b N6).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setMinimumSectionSize(8);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->viewport()->installEventFilter(this); // the rows break to the width: refit when it changes
    layout->addWidget(m_table);
    m_tableNote = new QLabel(this);
    m_tableNote->setObjectName(QStringLiteral("gjkTableNote"));
    m_tableNote->setWordWrap(true);
    m_tableNote->setEnabled(false); // a muted remark, not a control
    m_tableNote->hide();
    layout->addWidget(m_tableNote);
    // A row is an iteration: clicking it goes to its step, as SAT's table does.
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (const QTableWidgetItem* item = m_table->item(row, 0)) {
            setStep(item->data(Qt::UserRole).toInt());
        }
    });

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
    // The result row's tint and text follow the theme.
    connect(PaletteNotifier::instance(), &PaletteNotifier::changed, this, [this] {
        if (isVisible()) {
            rebuild();
        } else {
            m_stale = true;
        }
    });
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
        m_tableNote->hide();
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
        header->setData(Qt::UserRole, table.headers[col]); // the title as written (fitTableColumns breaks it)
        header->setText(table.headers[col]);
        header->setToolTip(col < table.headerTips.size() ? table.headerTips[col] : QString());
    }
    // SAT's table marks its result row the same way: the theme's tint and the text chosen with it (a fixed
    // pale yellow under the dark theme's white text read 1.2:1).
    const QColor result = QColor::fromRgba(currentPalette().emphasisRow);
    const QColor resultText = QColor::fromRgba(currentPalette().emphasisText);
    for (int r = 0; r < int(table.rows.size()); ++r) {
        const WalkthroughTable::Row& row = table.rows[std::size_t(r)];
        for (int col = 0; col < m_table->columnCount(); ++col) {
            QTableWidgetItem* item = m_table->item(r, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(r, col, item);
            }
            const QString text = col < row.cells.size() ? row.cells[col] : QString();
            item->setData(kWrittenRole, text); // as written; fitTableColumns shows it broken to the width
            item->setText(text);
            item->setData(Qt::UserRole, row.step);
            item->setBackground(row.emphasised ? QBrush(result) : QBrush());
            item->setForeground(row.emphasised ? QBrush(resultText) : QBrush());
            QFont font = item->font();
            font.setBold(row.emphasised);
            item->setFont(font);
        }
    }
}

void GjkPanel::fitTableColumns() {
    const int columns = m_table->columnCount();
    if (columns == 0 || !m_table->isVisibleTo(this)) {
        return;
    }
    QHeaderView* header = m_table->horizontalHeader();
    // The item delegate leaves the focus frame margin plus a pixel on each side of the text; a header
    // section its margin on each side and room for the sort arrow's gap.
    const int padding =
        2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) + 2;
    const int headerPadding = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) * 2 + 4;
    const int available = m_table->viewport()->width();
    // The Support A and B columns (GJK's and EPA's third and fourth) can go: the World pane marks those
    // points and the explanation gives them.
    std::vector<bool> optional(std::size_t(columns), false);
    if (columns >= 7) {
        optional[2] = optional[3] = true;
    }
    const QFont page = font(); // presentation mode scales the page's font; the table follows it
    struct Fit {
        QFont font;
        std::vector<bool> shown;
        std::vector<int> widths;
        bool fits = false;
    };
    const auto tryFit = [&](double shrink, bool dropOptional) {
        Fit fit;
        fit.font = page;
        if (page.pixelSize() > 0) {
            fit.font.setPixelSize(std::max(1, int(std::lround(page.pixelSize() * shrink))));
        } else {
            fit.font.setPointSizeF(page.pointSizeF() * shrink);
        }
        QFont bold = fit.font;
        bold.setBold(true);
        const QFontMetrics plain(fit.font), strong(bold);
        // The header draws its titles in bold in some styles: measured in bold, they never overflow.
        std::vector<int> natural, least;
        for (int col = 0; col < columns; ++col) {
            const bool shown = !(dropOptional && optional[std::size_t(col)]);
            fit.shown.push_back(shown);
            if (!shown) {
                continue;
            }
            const QString title = m_table->horizontalHeaderItem(col)->data(Qt::UserRole).toString();
            int wide = tablefit::widestLine(strong, title) + headerPadding;
            int narrow = tablefit::widestToken(strong, title) + headerPadding;
            for (int r = 0; r < m_table->rowCount(); ++r) {
                if (const QTableWidgetItem* item = m_table->item(r, col)) {
                    const QFontMetrics& metrics = item->font().bold() ? strong : plain;
                    const QString text = item->data(kWrittenRole).toString();
                    wide = std::max(wide, tablefit::widestLine(metrics, text) + padding);
                    narrow = std::max(narrow, tablefit::widestToken(metrics, text) + padding);
                }
            }
            natural.push_back(wide);
            least.push_back(narrow);
        }
        fit.fits = std::accumulate(least.begin(), least.end(), 0) <= available;
        fit.widths = tablefit::columnWidths(natural, least, available);
        return fit;
    };
    Fit fit;
    for (const bool drop : {false, true}) {
        for (const double shrink : {1.0, 0.95, 0.9, 0.85}) {
            fit = tryFit(shrink * m_tableShrink, drop);
            if (fit.fits) {
                break;
            }
        }
        if (fit.fits) {
            break;
        }
    }
    if (m_table->font() != fit.font) {
        m_table->setFont(fit.font);
    }
    QFont bold = fit.font;
    bold.setBold(true);
    const QFontMetrics plain(fit.font), strong(bold);
    QStringList left;
    std::size_t next = 0;
    for (int col = 0; col < columns; ++col) {
        QTableWidgetItem* title = m_table->horizontalHeaderItem(col);
        const bool shown = fit.shown[std::size_t(col)];
        m_table->setColumnHidden(col, !shown);
        if (!shown) {
            left << title->data(Qt::UserRole).toString();
            continue;
        }
        const int width = fit.widths[next++];
        if (header->sectionSize(col) != width) {
            header->resizeSection(col, width);
        }
        const QString shownTitle =
            tablefit::wrapTokens(title->data(Qt::UserRole).toString(), strong, width - headerPadding);
        if (title->text() != shownTitle) {
            title->setText(shownTitle);
        }
        for (int r = 0; r < m_table->rowCount(); ++r) {
            if (QTableWidgetItem* item = m_table->item(r, col)) {
                const QString text =
                    tablefit::wrapTokens(item->data(kWrittenRole).toString(),
                                         item->font().bold() ? strong : plain, width - padding);
                if (item->text() != text) {
                    item->setText(text);
                }
            }
        }
    }
    m_tableNote->setVisible(!left.isEmpty());
    if (!left.isEmpty()) {
        m_tableNote->setText(tr("The %1 columns do not fit this width: the World pane marks those points.")
                                 .arg(left.join(tr(" and "))));
    }
    m_table->resizeRowsToContents();
}

void GjkPanel::fitPage() {
    if (m_fitting || m_steps.empty()) {
        return;
    }
    m_fitting = true;
    fitExplanationHeight();
    // The table's heights: all its rows (what should show), and the header with the current step's rows
    // (what must show).
    const bool hasTable = m_table->isVisibleTo(this) && m_table->rowCount() > 0;
    int all = 0, least = 0, firstCurrent = -1, lastCurrent = -1;
    const auto measureTable = [&] {
        fitTableColumns();
        const int top = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
        int current = 0;
        all = top;
        firstCurrent = lastCurrent = -1;
        for (int r = 0; r < m_table->rowCount(); ++r) {
            all += m_table->rowHeight(r);
            const QTableWidgetItem* item = m_table->item(r, 0);
            if (item && item->data(Qt::UserRole).toInt() == m_step) {
                current += m_table->rowHeight(r);
                firstCurrent = firstCurrent < 0 ? r : firstCurrent;
                lastCurrent = r;
            }
        }
        least = top + std::max(current, m_table->rowHeight(0));
    };
    // The table's type goes on from the last fit's for the same room, view and step, only down (a new type
    // resizes the page, which fits it again, and may bring or take away the page's scroll bar: started from
    // the full type each time, the two would never settle); anything else starts from the full type.
    // A few pixels kept free: the items' heights below are the layout's to within a pixel or two, and a page
    // one pixel too tall brings the scroll bar, whose width changes every wrap (a table as tall as the room
    // left the page flipping between the two widths for ever).
    constexpr int kSlack = 8;
    const QWidget* port = parentWidget();
    const int room = (port ? port->height() : height()) - kSlack;
    const QString situation = QStringLiteral("%1 %2 %3 %4 %5")
                                  .arg(room)
                                  .arg(int(m_view))
                                  .arg(m_step)
                                  .arg(m_table->rowCount())
                                  .arg(font().pointSizeF() > 0 ? font().pointSizeF() : -font().pixelSize());
    if (situation != m_shrinkSituation) {
        m_shrinkSituation = situation;
        m_tableShrink = 1.0;
    }
    if (hasTable) {
        measureTable();
    }
    // The room the dock gives (the scroll area's viewport), and what the rest takes at its least: the panes
    // one above the other when that leaves the table its current rows, else side by side (a narrow dock at
    // 1280x800 has no height for both panes, the explanation and the row). Measured item by item, with the
    // wrapped labels' heights for this width (the layout's own minimum leaves those out).
    const QMargins margins = layout()->contentsMargins();
    const int inner = width() - margins.left() - margins.right();
    const int spacing = layout()->spacing();
    int fixed = margins.top() + margins.bottom();
    int items = 0;
    const auto add = [&](const QWidget* w, int h) {
        if (w->isVisibleTo(this)) {
            fixed += h;
            ++items;
        }
    };
    const int pairHeight = m_pairLabel->heightForWidth(inner);
    fixed += pairHeight;
    ++items;
    add(m_tabs, m_tabs->sizeHint().height());
    const int stepText = m_stepLabel->heightForWidth(
        std::max(40, inner - m_previous->sizeHint().width() - m_next->sizeHint().width() - 2 * m_navSpacing));
    fixed += std::max({m_previous->sizeHint().height(), m_next->sizeHint().height(), stepText});
    ++items;
    add(m_explanation, m_explanation->minimumHeight());
    add(m_tableNote, m_tableNote->heightForWidth(inner));
    const bool twoPanes = m_world->isVisibleTo(this) && m_minkowski->isVisibleTo(this);
    const bool anyPane = m_world->isVisibleTo(this) || m_minkowski->isVisibleTo(this);
    const int paneHeight = m_world->minimumSizeHint().height();
    items += anyPane ? 1 : 0;
    items += hasTable ? 1 : 0;
    fixed += spacing * std::max(0, items - 1);
    const int stacked = twoPanes ? 2 * paneHeight + m_panes->spacing() : (anyPane ? paneHeight : 0);
    const int sideBySide = 2 * m_world->minimumSizeHint().width() + m_panes->spacing();
    const bool beside =
        twoPanes && inner >= sideBySide && (inner >= 2 * sideBySide || fixed + stacked + all > room);
    m_panes->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    int others = fixed + (beside ? paneHeight : stacked);
    // Still too tall for every row (presentation mode at 1280x800: the dock is 530 px high): the pair's names
    // move into the World pane's title, and then the panes give up to 30 px each.
    const bool showPair = others + all <= room || !anyPane;
    if (!showPair) {
        others -= pairHeight + spacing;
    }
    m_pairLabel->setVisible(showPair);
    m_world->setTitle(showPair ? tr("World") : tr("World: %1").arg(m_pairLabel->text()));
    // Then the explanation's type, down to 85% of the page's (still larger than the normal page's in
    // presentation mode), and last the panes.
    const QFont page = font();
    for (const double shrink : {1.0, 0.95, 0.9, 0.85}) {
        QFont type = page;
        if (page.pixelSize() > 0) {
            type.setPixelSize(std::max(1, int(std::lround(page.pixelSize() * shrink))));
        } else {
            type.setPointSizeF(page.pointSizeF() * shrink);
        }
        const int before = m_explanation->minimumHeight();
        if (m_explanation->font() != type) {
            m_explanation->setFont(type);
        }
        fitExplanationHeight();
        others += m_explanation->minimumHeight() - before;
        if (others + all <= room) {
            break;
        }
    }
    const int squeeze = std::clamp(others + all - room, 0, 30);
    for (GjkView* pane : {m_world, m_minkowski}) {
        pane->setMinimumHeight(paneHeight - squeeze);
    }
    // (The squeeze is not counted as room won: the layout does not always give it back, and a table sized
    // on it made the page a scroll bar's width too tall, flipping between two widths for ever.)
    // Then the table's type, in steps down to 75% of the page's and never below a tenth over the type
    // without presentation mode: shorter rows, and fewer cells that break over lines.
    const double leastShrink =
        std::max(0.75, 1.1 / std::max(1.0, m_canvas ? m_canvas->presentationScale() : 1.0));
    for (const double shrink : {0.95, 0.9, 0.85, 0.8, 0.75}) {
        if (!hasTable || others + all <= room || shrink < leastShrink - 1e-9) {
            break;
        }
        if (shrink >= m_tableShrink - 1e-9) {
            continue; // (already there)
        }
        m_tableShrink = shrink;
        measureTable();
    }
    if (hasTable) {
        const int height = std::clamp(room - others, least, all);
        if (m_table->minimumHeight() != height || m_table->maximumHeight() != height) {
            m_table->setFixedHeight(height);
        }
        if (firstCurrent >= 0) {
            m_table->scrollToItem(m_table->item(lastCurrent, 0), QAbstractItemView::EnsureVisible);
            m_table->scrollToItem(m_table->item(firstCurrent, 0), QAbstractItemView::EnsureVisible);
        }
    }
    m_fitting = false;
}

int GjkPanel::heightForWidth(int width) const {
    // The scroll area holding the page sizes it to this height at least: the page's least height (panes at
    // their minimum), not the layout's preferred one, which would push the table below the fold.
    return layout()->totalMinimumHeightForWidth(width);
}

void GjkPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitPage();
}

void GjkPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitPage(); // presentation mode: the type grows, the columns and heights follow
    }
}

bool GjkPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize) {
        const bool widthChanged = static_cast<QResizeEvent*>(event)->oldSize().width() !=
                                  static_cast<QResizeEvent*>(event)->size().width();
        if ((watched == m_explanation || watched == m_table->viewport()) && widthChanged) {
            fitPage();
        } else if (watched == parentWidget()) {
            fitPage(); // the dock gave the page more or less room
        }
    }
    return QWidget::eventFilter(watched, event);
}

void GjkPanel::fitExplanationHeight() {
    if (m_explanation->width() <= 0) {
        return; // not laid out yet: the first resize comes back here
    }
    // QLabel's heightForWidth is never below the label's minimum height: measured without it, or a long
    // step's height would stay after a shorter one (or a smaller type).
    m_explanation->setMinimumHeight(0);
    m_explanation->setMinimumHeight(std::max(60, m_explanation->heightForWidth(m_explanation->width())));
}

void GjkPanel::show() {
    const GjkStep& s = m_steps[std::size_t(m_step)];
    m_stepLabel->setText(tr("Step %1 of %2: %3").arg(m_step + 1).arg(stepCount()).arg(s.title));
    m_explanation->setText(s.text);
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
    fitPage();
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
    // The page lays itself out for the room the dock gives it (GjkPanel::fitPage).
    scroll->viewport()->installEventFilter(panel);
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
