/// @file walkthrough_dock.cpp

#include "walkthrough_dock.h"

#include "gjk_panel.h"
#include "palette.h"
#include "table_cells.h"
#include "table_fit.h"
#include "text_layout_delegate.h"

#include "explanation_label.h"
#include "export.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QCommandLineParser>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

namespace cl {

namespace {

/// Bodies scanned for a touching pair when a scene opens (beyond, the first two are taken).
constexpr int kMaxDefaultPairScan = 60;

/// The least type of the table, a fraction of the dock's, to which fitColumns shrinks it so that every row
/// shows (presentation mode; never below the type without it).
constexpr double kLeastTableShrink = 0.75;

/// A font's weight and size as a key of the measure caches, without a digit (fitRows writes a row's digits
/// as 0 in its shape key; the size must stay).
QString fontKey(const QFont& font) {
    const double size = font.pointSizeF() > 0 ? font.pointSizeF() : 1000.0 + font.pixelSize();
    return QString(font.bold() ? QLatin1Char('b') : QLatin1Char('n')) +
           QChar(char16_t(0xE000 + std::lround(size * 16.0) % 0x1000));
}

/// QSettings keys of the overlay toggles.
struct OverlayToggle {
    const char* objectName;
    const char* text;
    const char* settingsKey;
    bool OverlayOptions::*member;
};
const OverlayToggle kOverlayToggles[] = {
    {"actionOverlayNormals", QT_TRANSLATE_NOOP("cl::WalkthroughDock", "Edge &Normals"), "view/overlayNormals",
     &OverlayOptions::normals},
    {"actionOverlayAabbs", QT_TRANSLATE_NOOP("cl::WalkthroughDock", "&AABBs"), "view/overlayAabbs",
     &OverlayOptions::aabbs},
    {"actionOverlayCentroids", QT_TRANSLATE_NOOP("cl::WalkthroughDock", "&Centroids"),
     "view/overlayCentroids", &OverlayOptions::centroids},
    {"actionOverlayVertexIndices", QT_TRANSLATE_NOOP("cl::WalkthroughDock", "&Vertex Indices"),
     "view/overlayVertexIndices", &OverlayOptions::vertexIndices},
    {"actionOverlayContacts", QT_TRANSLATE_NOOP("cl::WalkthroughDock", "C&ontacts"), "view/overlayContacts",
     &OverlayOptions::contacts},
};

QString bodyText(const phys::BodyDef& body, int index) {
    return body.name.empty() ? QStringLiteral("%1: (unnamed)").arg(index)
                             : QStringLiteral("%1: %2").arg(index).arg(QString::fromStdString(body.name));
}

/// A bold label in `color` at the size of `font` (a style sheet's font does not follow the dock's font, so the
/// size is written in it: presentation mode enlarges the A and B markers too).
QString colorStyle(const QColor& color, const QFont& font) {
    const double points = font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize() * 0.75;
    return QStringLiteral("QLabel { color: %1; font-weight: bold; font-size: %2pt; }")
        .arg(color.name())
        .arg(points, 0, 'f', 1);
}

QString rgbName(QRgb rgb) {
    return QColor::fromRgba(rgb).name();
}

/// Does this pair touch (by the engine's own narrow phase)?
bool touches(const phys::BodyDef& a, const phys::BodyDef& b) {
    const phys::Transform xfA{a.position, phys::Rot(a.angle)};
    const phys::Transform xfB{b.position, phys::Rot(b.angle)};
    for (const phys::ShapeDef& sa : a.shapes) {
        for (const phys::ShapeDef& sb : b.shapes) {
            if (phys::collide(sa.geometry, xfA, sb.geometry, xfB).pointCount > 0) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

/// Layout only: when the table is wide enough (fitColumns decides), a cell's lines are laid out on one line
/// ("A edge 0 (0.00, -1.00)"), so a row takes one text line instead of two and the whole SAT table fits the
/// dock on a projector. The items keep their text (the model's, with its line breaks); only what is laid out
/// and measured (initStyleOption serves both paint and sizeHint) changes.
/// It draws through TextLayoutDelegate (each cell's text laid out once per text and size, Qt's pixels), which
/// asks initStyleOption for the text it lays out, so the one-line text is the one drawn and measured.
/// Either way each line's tokens are glued (table_fit.h): Qt's word wrap, which sizes the rows, breaks a
/// cell only between them, never inside "(-0.2001, -0.0099)" as it did once the Clipping table had four
/// decimals.
class CompactRowsDelegate : public TextLayoutDelegate {
public:
    using TextLayoutDelegate::TextLayoutDelegate;
    bool oneLine = false;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        TextLayoutDelegate::initStyleOption(option, index);
        if (oneLine) {
            // (QStyledItemDelegate::displayText has turned the line breaks into QChar::LineSeparator.)
            option->text = oneLineCell(option->text);
        }
        option->text = tablefit::glueTokens(option->text);
    }
};

WalkthroughDock::WalkthroughDock(Document* document, SceneCanvas* canvas, QWidget* parent)
    : QDockWidget(tr("Walkthrough"), parent), m_document(document), m_canvas(canvas),
      m_overlay(new WalkthroughOverlay(this)) {
    setObjectName(QStringLiteral("WalkthroughDock"));
    buildUi();
    buildMenu();
    m_canvas->addOverlay(m_overlay);

    connect(m_document, &Document::sceneReset, this, &WalkthroughDock::onSceneReset);
    connect(m_document, &Document::bodyChanged, this, &WalkthroughDock::onBodyChanged);
    connect(m_document, &Document::bodyRemoved, this, &WalkthroughDock::onBodyRemoved);
    connect(m_document, &Document::bodyBatchEnded, this, &WalkthroughDock::onBodyBatchEnded);
    connect(m_document, &Document::bodyInserted, this, [this](BodyKey) {
        if (m_document->inBodyBatch()) {
            m_bodiesStale = true; // one refresh at the batch's end, not one per body
            return;
        }
        refreshBodyList();
        // The second body drawn into a scene that had fewer than two: the walkthrough takes the pair as a
        // new scene would (the welcome's "draw two shapes" then shows SAT at once, not "Pick two bodies").
        if (wantsFirstPair()) {
            restartWithDefaultPair();
            return;
        }
        // Inserting before A or B shifts their indices: the numbers stay, the labels follow.
        updateView();
    });
    connect(m_canvas, &SceneCanvas::selectionChanged, this, &WalkthroughDock::onSelectionChanged);
    // The step is drawn on the canvas only while the panel is on screen (not closed, not a hidden tab); see
    // updateOverlayVisibility.
    m_overlay->setWalkthroughVisible(false);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_onScreen = visible;
        updateOverlayVisibility();
    });
    onSceneReset();
}

WalkthroughDock::~WalkthroughDock() {
    m_overlay->setWalkthrough(nullptr, -1);
}

void WalkthroughDock::buildUi() {
    auto* content = new QWidget(this);
    m_page = content;
    content->installEventFilter(this); // fitPage
    auto* layout = new QVBoxLayout(content);
    // Tight spacing: every pixel of height is a table row on a 1280x800 projector (the SAT table's nine rows
    // fit the dock in presentation mode only just).
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(3);

    // Shown only for a simulation contact: where the bodies come from, and the way back.
    m_sourceRow = new QWidget(content);
    m_sourceRow->setObjectName(QStringLiteral("walkthroughSourceRow"));
    auto* sourceLayout = new QVBoxLayout(m_sourceRow);
    sourceLayout->setContentsMargins(8, 6, 8, 6);
    sourceLayout->setSpacing(4);
    m_sourceLabel = new QLabel(m_sourceRow);
    m_sourceLabel->setObjectName(QStringLiteral("walkthroughSourceLabel"));
    m_sourceLabel->setWordWrap(true);
    m_sourceLabel->setTextFormat(Qt::PlainText);
    auto* back = new QPushButton(tr("Back to the Edited Scene"), m_sourceRow);
    back->setObjectName(QStringLiteral("walkthroughEditedScene"));
    back->setToolTip(tr("Walk through the same pair as placed in the edited scene"));
    sourceLayout->addWidget(m_sourceLabel);
    sourceLayout->addWidget(back, 0, Qt::AlignLeft);
    m_sourceRow->hide();
    layout->addWidget(m_sourceRow);
    connect(back, &QPushButton::clicked, this, &WalkthroughDock::showEditedScene);

    auto* pairRow = new QHBoxLayout;
    m_labelA = new QLabel(QStringLiteral("A"), content);
    m_labelB = new QLabel(QStringLiteral("B"), content);
    m_comboA = new QComboBox(content);
    m_comboA->setObjectName(QStringLiteral("walkthroughBodyA"));
    m_comboA->setToolTip(tr("Body A (select two bodies on the canvas to pick the pair)"));
    m_comboB = new QComboBox(content);
    m_comboB->setObjectName(QStringLiteral("walkthroughBodyB"));
    m_comboB->setToolTip(tr("Body B"));
    for (QComboBox* combo : {m_comboA, m_comboB}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        // Six characters ("1: box", the start of a longer name; the list shows it whole): at 150% on a
        // 1280x800 screen eight made the page wider than its dock, which then scrolled sideways.
        combo->setMinimumContentsLength(6);
    }
    auto* swap = new QToolButton(content);
    m_swap = swap;
    swap->setObjectName(QStringLiteral("walkthroughSwap"));
    swap->setText(QStringLiteral("\u21c4"));
    swap->setToolTip(tr("Swap A and B"));
    pairRow->addWidget(m_labelA);
    pairRow->addWidget(m_comboA, 1);
    pairRow->addWidget(swap);
    pairRow->addWidget(m_labelB);
    pairRow->addWidget(m_comboB, 1);
    layout->addLayout(pairRow);

    m_modeTabs = new QTabBar(content);
    m_modeTabs->setObjectName(QStringLiteral("walkthroughModeTabs"));
    m_modeTabs->addTab(tr("SAT"));
    m_modeTabs->addTab(tr("Clipping"));
    m_modeTabs->addTab(tr("Methods"));
    m_modeTabs->setExpanding(true);
    m_modeTabs->setDrawBase(false);
    layout->addWidget(m_modeTabs);

    auto* navRow = new QHBoxLayout;
    m_previous = new QPushButton(tr("\u25c0 Back"), content);
    m_previous->setObjectName(QStringLiteral("walkthroughPrevious"));
    m_previous->setToolTip(tr("Previous step (Page Up)"));
    m_next = new QPushButton(tr("Next \u25b6"), content);
    m_next->setObjectName(QStringLiteral("walkthroughNext"));
    m_next->setToolTip(tr("Next step (Page Down)"));
    m_stepLabel = new QLabel(content);
    m_stepLabel->setObjectName(QStringLiteral("walkthroughStepLabel"));
    m_stepLabel->setAlignment(Qt::AlignCenter);
    // A long title ("Step 2 of 6: Reference and incident") takes two lines rather than widening the panel
    // past the dock.
    m_stepLabel->setWordWrap(true);
    navRow->addWidget(m_previous);
    navRow->addWidget(m_stepLabel, 1);
    navRow->addWidget(m_next);
    layout->addLayout(navRow);

    // In a box of its own, so that a new text lays out the dock again only when the label's height changes
    // (explanation_label.h).
    m_explanationBox = new ExplanationBox(content);
    m_explanation = m_explanationBox->label();
    m_explanation->setObjectName(QStringLiteral("walkthroughExplanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setTextFormat(Qt::PlainText);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_explanation->setMargin(5);
    m_explanation->setMinimumHeight(m_explanation->fontMetrics().lineSpacing() * 3);
    m_explanationBox->addToLayout(layout);

    m_table = new QTableWidget(content);
    m_table->setObjectName(QStringLiteral("walkthroughTable"));
    m_table->verticalHeader()->setVisible(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Cells may hold two lines (SAT) or wrap (the Clipping values): rows are as tall as their text, so no
    // number is cut off or elided at the dock's width. fitRows sets the heights (Fixed here: with
    // ResizeToContents Qt lays out the text of every cell again on each change and repaint).
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    // CompactRowsDelegate is a TextLayoutDelegate: Qt's pixels, each changed cell's text laid out once
    // instead of three times per paint (a drag repaints the changed cells on every mouse move).
    m_compactRows = new CompactRowsDelegate(m_table);
    m_table->setItemDelegate(m_compactRows);
    // The header's titles stay in the font fitColumns measures: highlighted (the selected row spans every
    // column) they were drawn bold, and "Axis, normal" no longer fitted its column ("Axis, norma").
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // The last column stretches by its resize mode (fillTable), not by stretchLastSection, which would keep
    // it at least defaultSectionSize wide and push the table past the dock when the vertical bar shows.
    m_table->horizontalHeader()->setStretchLastSection(false);
    // fitColumns sets every width (the header's default minimum, a text line's height at the font's size,
    // would widen the "#" column past what the fit allows in presentation mode).
    m_table->horizontalHeader()->setMinimumSectionSize(8);
    m_table->setMinimumHeight(60);
    // Widths are set by fitColumns, which runs again whenever the viewport changes width.
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_table->viewport()->installEventFilter(this);
    // A new scroll range (the view took a new height, rows changed) may leave the current step's rows cut
    // at the bottom: scroll to them again (see eventFilter).
    connect(m_table->verticalScrollBar(), &QScrollBar::rangeChanged, this, &WalkthroughDock::showCurrentRows);
    layout->addWidget(m_table, 1);
    // In a scroll area, so the panel never forces a minimum size on the window (it scrolls when squeezed).
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // GJK, EPA and Voronoi: a page beside this one (gjk_panel.h).
    scroll->setWidget(withGjkPanel(this, content, m_document, m_canvas));
    setWidget(scroll);
    applyFonts();
    applyPalette();
    connect(PaletteNotifier::instance(), &PaletteNotifier::changed, this, [this] {
        applyPalette();
        updateView(); // the table's tints
    });

    connect(m_comboA, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_updatingCombos) {
            setPair(index, indexB());
        }
    });
    connect(m_comboB, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_updatingCombos) {
            setPair(indexA(), index);
        }
    });
    connect(swap, &QToolButton::clicked, this, &WalkthroughDock::swapPair);
    connect(m_modeTabs, &QTabBar::currentChanged, this,
            [this](int index) { setMode(static_cast<WalkthroughMode>(index)); });
    connect(m_previous, &QPushButton::clicked, this, &WalkthroughDock::previousStep);
    connect(m_next, &QPushButton::clicked, this, &WalkthroughDock::nextStep);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) {
        const QTableWidgetItem* item = m_table->item(row, 0);
        if (item && item->data(Qt::UserRole).isValid()) {
            setStep(item->data(Qt::UserRole).toInt());
        }
    });
}

// The explanation reads a tenth larger than the panel's text and the step title is bold, both derived from the
// dock's own font: presentation mode enlarges the dock's font (edit_setup.cpp) and every text follows.
void WalkthroughDock::applyFonts() {
    const QFont base = font();
    QFont explanationFont = base;
    if (base.pointSizeF() > 0) {
        explanationFont.setPointSizeF(base.pointSizeF() * 1.1);
    } else {
        explanationFont.setPixelSize(int(std::lround(base.pixelSize() * 1.1)));
    }
    m_explanation->setFont(explanationFont);
    m_explanation->setMinimumHeight(QFontMetrics(explanationFont).lineSpacing() * 3);
    m_explanationBox->sync();
    QFont stepFont = base;
    stepFont.setBold(true);
    m_stepLabel->setFont(stepFont);
}

// The panels that paint their own backgrounds follow the theme (widgets/palette.h).
void WalkthroughDock::applyPalette() {
    const Palette& p = currentPalette();
    m_sourceRow->setStyleSheet(
        QStringLiteral("#walkthroughSourceRow { background: %1; border: 1px solid %2; "
                       "border-radius: 4px; color: %3; }")
            .arg(rgbName(p.noticeFill), rgbName(p.noticeBorder), rgbName(p.panelText)));
    m_explanation->setStyleSheet(
        QStringLiteral("QLabel { background: %1; border: 1px solid %2; border-radius: 4px; color: %3; }")
            .arg(rgbName(p.panelFill), rgbName(p.panelBorder), rgbName(p.panelText)));
    m_explanationBox->sync();
    m_labelA->setStyleSheet(colorStyle(OverlayPainter::colorA(), font()));
    m_labelB->setStyleSheet(colorStyle(OverlayPainter::colorB(), font()));
}

void WalkthroughDock::changeEvent(QEvent* event) {
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_explanation) {
        m_textWidths.clear();
        m_rowHeights.clear();
        applyFonts();
        applyPalette(); // the A and B markers' size is in their style sheets
        updateView();   // the table's items take the new font and the columns are fitted again
    }
}

void WalkthroughDock::buildMenu() {
    m_menu = new QMenu(tr("&Walkthrough"), this);
    m_menu->setObjectName(QStringLiteral("menuWalkthrough"));
    auto* modes = new QActionGroup(this);
    const char* names[] = {QT_TR_NOOP("&SAT"), QT_TR_NOOP("&Clipping"), QT_TR_NOOP("&Methods")};
    const char* objects[] = {"actionWalkthroughSat", "actionWalkthroughClipping", "actionWalkthroughMethods"};
    for (int i = 0; i < 3; ++i) {
        QAction* action = m_menu->addAction(tr(names[i]));
        action->setObjectName(QString::fromLatin1(objects[i]));
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        modes->addAction(action);
        connect(action, &QAction::triggered, this, [this, i] { setMode(static_cast<WalkthroughMode>(i)); });
        m_modeActions << action;
    }
    m_modeActions.front()->setChecked(true);
    m_menu->addSeparator();
    auto addStepAction = [this](const QString& text, const char* name, QList<QKeySequence> keys,
                                void (WalkthroughDock::*slot)()) {
        QAction* action = m_menu->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    addStepAction(tr("&Next Step"), "actionWalkthroughNext",
                  {QKeySequence(Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Right)},
                  &WalkthroughDock::nextStep);
    addStepAction(tr("&Previous Step"), "actionWalkthroughPrevious",
                  {QKeySequence(Qt::Key_PageUp), QKeySequence(Qt::CTRL | Qt::Key_Left)},
                  &WalkthroughDock::previousStep);
    addStepAction(tr("&First Step"), "actionWalkthroughFirst", {QKeySequence(Qt::CTRL | Qt::Key_PageUp)},
                  &WalkthroughDock::firstStep);
    addStepAction(tr("&Last Step"), "actionWalkthroughLast", {QKeySequence(Qt::CTRL | Qt::Key_PageDown)},
                  &WalkthroughDock::lastStep);
    m_menu->addSeparator();
    QAction* frame = m_menu->addAction(tr("&Frame the Pair"), this, &WalkthroughDock::framePair);
    frame->setObjectName(QStringLiteral("actionWalkthroughFrame"));
    frame->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_0));
    QAction* swap = m_menu->addAction(tr("S&wap A and B"), this, &WalkthroughDock::swapPair);
    swap->setObjectName(QStringLiteral("actionWalkthroughSwap"));
    m_menu->addSeparator();
    QAction* show = toggleViewAction();
    show->setText(tr("Show Walkthrough &Panel"));
    show->setObjectName(QStringLiteral("actionShowWalkthrough"));
    m_menu->addAction(show);

    const QSettings settings;
    OverlayOptions options;
    for (const OverlayToggle& toggle : kOverlayToggles) {
        options.*(toggle.member) = settings.value(QLatin1String(toggle.settingsKey), false).toBool();
    }
    for (const OverlayToggle& toggle : kOverlayToggles) {
        auto* action = new QAction(tr(toggle.text), this);
        action->setObjectName(QString::fromLatin1(toggle.objectName));
        action->setCheckable(true);
        action->setChecked(options.*(toggle.member));
        const auto member = toggle.member;
        const QString key = QLatin1String(toggle.settingsKey);
        connect(action, &QAction::toggled, this, [this, member, key](bool on) {
            OverlayOptions next = m_overlay->options();
            next.*member = on;
            setOverlayOptions(next);
            QSettings().setValue(key, on);
        });
        m_overlayActions << action;
    }
    m_overlay->setOptions(options);
}

void WalkthroughDock::setOverlayOptions(const OverlayOptions& options) {
    m_overlay->setOptions(options);
    for (std::size_t i = 0; i < std::size(kOverlayToggles); ++i) {
        QAction* action = m_overlayActions.value(int(i));
        if (action && action->isChecked() != options.*(kOverlayToggles[i].member)) {
            action->setChecked(options.*(kOverlayToggles[i].member));
        }
    }
}

void WalkthroughDock::framePair() {
    if (!m_walkthrough.isValid()) {
        return;
    }
    m_canvas->setViewTransform(OverlayPainter::pairView(m_walkthrough, QSizeF(m_canvas->viewport()->size()),
                                                        m_canvas->presentationScale(),
                                                        m_canvas->reservedCorner()));
    showStepOnCanvas();
}

int WalkthroughDock::indexA() const {
    return m_keyA == 0 ? -1 : m_document->indexOf(m_keyA);
}

int WalkthroughDock::indexB() const {
    return m_keyB == 0 ? -1 : m_document->indexOf(m_keyB);
}

QString WalkthroughDock::explanation() const {
    return m_explanation->text();
}

void WalkthroughDock::setMode(WalkthroughMode mode) {
    if (mode == m_mode) {
        return;
    }
    m_mode = mode;
    m_step = 0;
    rebuild();
}

bool WalkthroughDock::setPair(int a, int b) {
    const int count = m_document->bodyCount();
    if (a < 0 || b < 0 || a >= count || b >= count || a == b) {
        updateView(); // puts the combo boxes back
        return false;
    }
    return setPairKeys(m_document->keyAt(a), m_document->keyAt(b));
}

bool WalkthroughDock::setPairKeys(BodyKey a, BodyKey b) {
    if (a == b || !m_document->contains(a) || !m_document->contains(b)) {
        return false;
    }
    m_sim.reset(); // another pair: the edited scene's
    const bool changed = a != m_keyA || b != m_keyB;
    if (changed) {
        m_keyA = a;
        m_keyB = b;
        m_step = 0;
    }
    rebuild();
    if (changed) {
        frameIfCut();
    }
    return true;
}

// Another pair (picked in the combo boxes, by selecting two bodies, or swapped): a view still the opening fit
// frames it as a scene opens; a view the user set stays unless it would cut the new pair's drawing (a body
// or a ruler past the view's edge), which Frame the Pair then shows. A tab or a drag never moves the view,
// nor does a step, except a side plane's step whose plane lies off it (showStepOnCanvas).
void WalkthroughDock::frameIfCut() {
    if (!m_overlay->walkthroughVisible() || !m_walkthrough.isValid() || !m_canvas->isVisible() ||
        m_canvas->refitOpeningView()) {
        return;
    }
    if (!OverlayPainter::drawingInView(m_walkthrough, m_canvas->viewTransform(),
                                       m_canvas->presentationScale())) {
        framePair();
    }
}

void WalkthroughDock::swapPair() {
    if (m_keyA != 0 && m_keyB != 0) {
        setPairKeys(m_keyB, m_keyA);
    }
}

void WalkthroughDock::setStep(int step) {
    const int clamped = m_walkthrough.isValid() ? std::clamp(step, 0, m_walkthrough.stepCount() - 1) : -1;
    if (clamped == m_step) {
        return;
    }
    m_step = clamped;
    updateView();
    showStepOnCanvas();
}

// A step whose subject lies off the canvas (a side plane through the far end of a long reference edge) moves
// the canvas to it: the user stepped there to see it. Only on a step change and Frame the Pair, never while
// a drag rebuilds the walkthrough.
void WalkthroughDock::showStepOnCanvas() {
    if (!m_walkthrough.isValid() || !m_satPageInFront || !isVisible()) {
        return;
    }
    if (const std::optional<ViewTransform> view = OverlayPainter::stepView(
            m_walkthrough, m_step, m_canvas->viewTransform(), m_canvas->presentationScale())) {
        m_canvas->setViewTransform(*view);
    }
}

// The step keys (PgDn, PgUp, Ctrl+PgUp/PgDn) step the page in front: the GJK page when it is.
GjkPanel* WalkthroughDock::gjkPageInFront() const {
    return m_satPageInFront ? nullptr : findChild<GjkPanel*>();
}

void WalkthroughDock::nextStep() {
    if (GjkPanel* page = gjkPageInFront()) {
        page->nextStep();
        return;
    }
    setStep(m_step + 1);
}

void WalkthroughDock::previousStep() {
    if (GjkPanel* page = gjkPageInFront()) {
        page->previousStep();
        return;
    }
    setStep(m_step - 1);
}

void WalkthroughDock::firstStep() {
    if (GjkPanel* page = gjkPageInFront()) {
        page->setStep(0);
        return;
    }
    setStep(0);
}

void WalkthroughDock::lastStep() {
    if (GjkPanel* page = gjkPageInFront()) {
        page->setStep(page->stepCount() - 1);
        return;
    }
    setStep(m_walkthrough.stepCount() - 1);
}

void WalkthroughDock::rebuild() {
    const int a = indexA();
    const int b = indexB();
    if (m_sim) {
        m_walkthrough = Walkthrough::build(m_mode, m_sim->bodyA, m_sim->bodyB, m_sim->point.shapeA,
                                           m_sim->point.shapeB, m_sim->speculativeDistance);
        m_step = m_walkthrough.isValid() ? std::clamp(m_step, 0, m_walkthrough.stepCount() - 1) : -1;
    } else if (a < 0 || b < 0) {
        m_walkthrough = Walkthrough();
        m_step = -1;
    } else {
        const auto& bodies = m_document->scene().def.bodies;
        m_walkthrough = Walkthrough::build(m_mode, bodies[std::size_t(a)], bodies[std::size_t(b)]);
        m_step = m_walkthrough.isValid() ? std::clamp(m_step, 0, m_walkthrough.stepCount() - 1) : -1;
    }
    updateOverlayVisibility(); // another pair picked during a run is the edited scene's: not drawn over it
    updateView();
}

void WalkthroughDock::refreshBodyList() {
    ++m_bodyListRefreshes;
    m_updatingCombos = true;
    const auto& bodies = m_document->scene().def.bodies;
    for (QComboBox* combo : {m_comboA, m_comboB}) {
        combo->clear();
        for (std::size_t i = 0; i < bodies.size(); ++i) {
            combo->addItem(bodyText(bodies[i], int(i)));
        }
    }
    m_updatingCombos = false;
}

void WalkthroughDock::chooseDefaultPair() {
    const auto& bodies = m_document->scene().def.bodies;
    const int count = std::min(int(bodies.size()), kMaxDefaultPairScan);
    // Two static bodies (a demo's ground and wall) never collide in the engine: the pair must have a body that
    // moves. First a touching pair; else the first moving body and the body nearest to it (by their origins:
    // balls in flight); else the first two.
    const auto moving = [&bodies](int i) {
        return bodies[std::size_t(i)].type != phys::BodyType::Static;
    };
    for (int i = 0; i < count; ++i) {
        for (int j = i + 1; j < count; ++j) {
            if ((moving(i) || moving(j)) && touches(bodies[std::size_t(i)], bodies[std::size_t(j)])) {
                m_keyA = m_document->keyAt(i);
                m_keyB = m_document->keyAt(j);
                return;
            }
        }
    }
    for (int i = 0; i < count; ++i) {
        if (!moving(i)) {
            continue;
        }
        int nearest = -1;
        double best = 0.0;
        for (int j = 0; j < count; ++j) {
            const double d =
                phys::lengthSquared(bodies[std::size_t(j)].position - bodies[std::size_t(i)].position);
            if (j != i && (nearest < 0 || d < best)) {
                nearest = j;
                best = d;
            }
        }
        if (nearest >= 0) {
            m_keyA = m_document->keyAt(std::min(i, nearest));
            m_keyB = m_document->keyAt(std::max(i, nearest));
            return;
        }
    }
    m_keyA = bodies.size() >= 2 ? m_document->keyAt(0) : 0;
    m_keyB = bodies.size() >= 2 ? m_document->keyAt(1) : 0;
}

void WalkthroughDock::onSceneReset() {
    m_sim.reset();
    refreshBodyList();
    chooseDefaultPair();
    m_step = 0;
    rebuild();
    // The main window framed the new scene before this pair was chosen: the opening view makes room for its
    // drawing now (WalkthroughOverlay::openingView).
    m_canvas->refitOpeningView();
}

void WalkthroughDock::onBodyChanged(BodyKey key) {
    // A name may have changed: only this body's entries (a drag changes one body on every mouse move, and
    // refilling two combo boxes of every body each time would cost more than the walkthrough itself).
    const int index = m_document->indexOf(key);
    if (index >= 0 && index < m_comboA->count() && m_comboA->count() == m_document->bodyCount()) {
        const QString text = bodyText(m_document->body(key), index);
        m_updatingCombos = true;
        for (QComboBox* combo : {m_comboA, m_comboB}) {
            if (combo->itemText(index) != text) {
                combo->setItemText(index, text);
            }
        }
        m_updatingCombos = false;
    } else {
        refreshBodyList();
    }
    if (!m_sim && (key == m_keyA || key == m_keyB)) {
        // Keeps the step (a drag moves A or B on every mouse move): the same explanation with new numbers.
        m_numbersOnly = true;
        rebuild();
        m_numbersOnly = false;
    } else {
        updateView();
    }
}

void WalkthroughDock::onBodyBatchEnded() {
    if (std::exchange(m_bodiesStale, false)) {
        followBodyEdits();
    }
    if (std::exchange(m_selectionStale, false)) {
        onSelectionChanged(m_canvas->selection());
    }
}

void WalkthroughDock::followBodyEdits() {
    // What the per-body handlers below do, once for the whole batch.
    refreshBodyList();
    const auto gone = [this](BodyKey key) {
        return key != 0 && !m_document->contains(key);
    };
    if (gone(m_keyA) || gone(m_keyB) || wantsFirstPair()) {
        restartWithDefaultPair();
    } else {
        updateView();
    }
}

bool WalkthroughDock::wantsFirstPair() const {
    return !m_sim && (m_keyA == 0 || m_keyB == 0) && m_document->bodyCount() >= 2;
}

void WalkthroughDock::restartWithDefaultPair() {
    m_sim.reset();
    chooseDefaultPair();
    m_step = 0;
    rebuild();
}

void WalkthroughDock::onBodyRemoved(BodyKey key) {
    if (m_document->inBodyBatch()) {
        m_bodiesStale = true;
        return;
    }
    refreshBodyList();
    if (key == m_keyA || key == m_keyB) {
        restartWithDefaultPair();
    } else {
        updateView();
    }
}

void WalkthroughDock::onSelectionChanged(const QList<quint64>& keys) {
    if (m_document->inBodyBatch()) {
        // A Delete of many bodies shrinks the selection one body at a time, through pairs about to go: the
        // selection the batch ends with is the one that counts.
        m_selectionStale = true;
        return;
    }
    if (keys.size() == 2 && !m_sim) {
        setPairKeys(keys[0], keys[1]);
    }
}

void WalkthroughDock::updateView() {
    m_updatingCombos = true;
    m_comboA->setCurrentIndex(indexA());
    m_comboB->setCurrentIndex(indexB());
    m_updatingCombos = false;
    {
        const QSignalBlocker blocker(m_modeTabs);
        m_modeTabs->setCurrentIndex(static_cast<int>(m_mode));
    }
    if (QAction* action = m_modeActions.value(static_cast<int>(m_mode))) {
        action->setChecked(true);
    }
    // A simulation contact's pair is fixed: the way out is the button above.
    m_sourceRow->setVisible(m_sim.has_value());
    m_sourceLabel->setText(sourceText());
    m_comboA->setEnabled(!m_sim);
    m_comboB->setEnabled(!m_sim);
    m_swap->setEnabled(!m_sim);

    const bool valid = m_walkthrough.isValid() && m_step >= 0;
    m_previous->setEnabled(valid && m_step > 0);
    m_next->setEnabled(valid && m_step + 1 < m_walkthrough.stepCount());
    if (valid) {
        const WalkthroughStep& step = m_walkthrough.step(m_step);
        m_stepLabel->setText(
            tr("Step %1 of %2: %3").arg(m_step + 1).arg(m_walkthrough.stepCount()).arg(step.title));
        if (m_numbersOnly) {
            m_explanation->setTextKeepingHints(step.explanation);
        } else {
            m_explanation->setText(step.explanation);
        }
    } else {
        m_stepLabel->setText(tr("No pair"));
        m_explanation->setText(
            m_document->bodyCount() == 0   ? tr("The walkthrough needs two bodies: draw two shapes.")
            : m_document->bodyCount() == 1 ? tr("The walkthrough needs two bodies: draw a second shape.")
                                           : (m_walkthrough.problem().isEmpty()
                                                  ? tr("Pick two bodies above, or select two on the canvas.")
                                                  : m_walkthrough.problem()));
    }
    m_explanationBox->sync(); // the layout hears of a new height now, as it would of a QLabel's
    fillTable();
    m_overlay->setWalkthrough(valid ? &m_walkthrough : nullptr, m_step);
    emit walkthroughChanged();
}

// One table per mode. Each row carries the step it belongs to (Qt::UserRole on column 0): a click goes there,
// and the rows of the current step are selected.
void WalkthroughDock::fillTable() {
    const WalkthroughTable table = m_walkthrough.table();
    const QStringList& headers = table.headers;
    const QStringList& headerTips = table.headerTips;
    const std::vector<WalkthroughTable::Row>& rows = table.rows;
    // A drag rebuilds the walkthrough on every mouse move: when the table keeps its shape (same headers, same
    // rows) its items are updated in place, which costs far less than new items and a new layout.
    bool sameShape = m_table->columnCount() == int(headers.size()) && m_table->rowCount() == int(rows.size());
    for (int col = 0; sameShape && col < int(headers.size()); ++col) {
        sameShape = m_table->horizontalHeaderItem(col) &&
                    m_table->horizontalHeaderItem(col)->data(Qt::UserRole).toString() == headers[col];
    }
    for (int r = 0; sameShape && r < int(rows.size()); ++r) {
        for (int col = 0; sameShape && col < int(rows[std::size_t(r)].cells.size()); ++col) {
            sameShape = m_table->item(r, col) != nullptr;
        }
    }
    if (!sameShape) {
        m_table->clear();
        m_table->setColumnCount(int(headers.size()));
        m_table->setHorizontalHeaderLabels(headers);
        for (int col = 0; col < int(headers.size()); ++col) {
            // The title as written; fitColumns may break it over two lines.
            m_table->horizontalHeaderItem(col)->setData(Qt::UserRole, headers[col]);
        }
        for (int col = 0; col < int(headerTips.size()); ++col) {
            m_table->horizontalHeaderItem(col)->setToolTip(headerTips[col]);
        }
        m_table->setRowCount(int(rows.size()));
    }
    // Emphasised rows: the theme's tint with the theme's text on it, chosen together (palette.h) so the row
    // reads at 4.5:1 or more whatever the widgets' text colour is (the dark theme's light text on a pale
    // tint did not).
    const QColor minimum = QColor::fromRgba(currentPalette().emphasisRow);
    const QColor minimumText = QColor::fromRgba(currentPalette().emphasisText);
    const QColor base = m_table->palette().color(QPalette::Base);
    // In place, only the items whose text or look changed are set: each repaints just its own cell (every
    // section is Fixed, sized by fitColumns and fitRows, so no cell's change makes the view measure the
    // others).
    for (int r = 0; r < int(rows.size()); ++r) {
        const WalkthroughTable::Row& row = rows[std::size_t(r)];
        for (int col = 0; col < int(row.cells.size()); ++col) {
            QTableWidgetItem* item = sameShape ? m_table->item(r, col) : new QTableWidgetItem;
            if (item->text() != row.cells[col]) {
                item->setText(row.cells[col]);
            }
            if (col == 0 && item->data(Qt::UserRole) != QVariant(row.step)) {
                item->setData(Qt::UserRole, row.step);
            }
            const QBrush background = row.emphasised ? QBrush(minimum) : QBrush();
            if (item->background() != background) {
                item->setBackground(background);
            }
            // The table's font (presentation mode enlarges it), bold on the emphasised rows.
            QFont font = m_table->font();
            font.setBold(row.emphasised);
            if (item->font() != font) {
                item->setFont(font);
            }
            // A method's name in its colour, darkened or lightened where that colour is too faint on the
            // row (the light theme's teal is 2.9:1 on the tint).
            const QBrush foreground = col == 0 && row.method >= 0
                                          ? QBrush(readableOn(OverlayPainter::methodColor(row.method),
                                                              row.emphasised ? minimum : base))
                                          : (row.emphasised ? QBrush(minimumText) : QBrush());
            if (item->foreground() != foreground) {
                item->setForeground(foreground);
            }
            if (!sameShape) {
                m_table->setItem(r, col, item);
            }
        }
    }
    fitColumns(); // and fitRows
    // Select the rows of the current step (left as they are when they already are: a drag keeps the step,
    // and a new selection repaints the whole table).
    QList<int> current;
    for (int r = 0; r < int(rows.size()); ++r) {
        if (table.isCurrent(std::size_t(r), m_step)) {
            current.append(r);
        }
    }
    QList<int> selected;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        selected.append(index.row());
    }
    std::sort(selected.begin(), selected.end());
    const bool wholeRows = m_table->selectionModel()->selectedIndexes().size() ==
                           qsizetype(selected.size()) * m_table->columnCount();
    if (selected != current || !wholeRows) {
        m_table->clearSelection();
        m_table->setSelectionMode(QAbstractItemView::MultiSelection);
        for (const int r : current) {
            m_table->selectRow(r);
        }
        m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    }
    showCurrentRows();
}

// The last of the current step's rows, then the first: all of them when they fit, else the first whole.
void WalkthroughDock::showCurrentRows() {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        return;
    }
    int first = rows.front().row();
    int last = first;
    for (const QModelIndex& index : rows) {
        first = std::min(first, index.row());
        last = std::max(last, index.row());
    }
    m_table->scrollToItem(m_table->item(last, 0));
    m_table->scrollToItem(m_table->item(first, 0));
}

// Column widths that fit the table's viewport (no horizontal scroll bar, no hidden column), at any font size:
//   natural[c] = the widest line in column c (cells and title); least[c] = its widest token (table_fit.h)
//   if sum(natural) fits: every column natural, the last one takes what is left
//   else: each column gives up part of its slack (natural - least), in proportion, until the sum fits;
//         cells wrap at spaces (rows grow), titles wider than their column break at their first space
// A column never goes below its longest word, so no number is cut; should even that not fit (a very narrow
// dock), the table scrolls sideways rather than hide digits.
//
// Then the rows' height (issue 12: in presentation mode at 1280x800, 7 of the 9 rows showed): when the rows
// do not fit the viewport's height, the table's type shrinks in steps, down to kLeastTableShrink of the
// dock's type and never below the type without presentation mode, until they do (a smaller type also lets
// the cells go on one line each, which halves a SAT row). Should nothing fit, the least type stands and
// the table scrolls. A drag (new numbers, the same table size and rows) starts the search where the last one
// ended, so it fits once per move; another size or table starts it from the full type.
void WalkthroughDock::fitColumns() {
    const int columns = m_table->columnCount();
    for (int col = 0; col < columns; ++col) {
        if (!m_table->horizontalHeaderItem(col)) {
            return; // between setColumnCount and the titles (fillTable fits the columns once they are set)
        }
    }
    if (columns == 0 || m_fittingColumns || m_searchingShrink) {
        return; // (a resize caused by this fit, e.g. the vertical scroll bar appearing, is handled below)
    }
    m_searchingShrink = true;
    const int widthBefore = m_table->viewport()->width();
    const double scale = m_canvas ? m_canvas->presentationScale() : 1.0;
    // (Presentation mode's table stays a tenth larger than without it, at least.)
    const double least = std::max(kLeastTableShrink, 1.1 / std::max(1.0, scale));
    std::vector<double> shrinks;
    for (const double shrink : {1.0, 0.95, 0.9, 0.85, 0.8, 0.75}) {
        if (shrink == 1.0 || shrink >= least - 1e-9) {
            shrinks.push_back(shrink);
        }
    }
    // Where the last search ended, for the same table size and shape: go on from there, only down (the
    // table's own size, not its viewport's: a new type changes the header's height and so the viewport's,
    // and a search that started again from the top at each would never settle).
    const QString situation = QStringLiteral("%1x%2 %3x%4 %5 %6")
                                  .arg(m_table->width())
                                  .arg(m_table->height())
                                  .arg(m_table->rowCount())
                                  .arg(columns)
                                  .arg(int(m_mode))
                                  .arg(font().pointSizeF() > 0 ? font().pointSizeF() : -font().pixelSize());
    std::size_t start = 0;
    if (situation == m_shrinkSituation) {
        for (std::size_t i = 0; i < shrinks.size(); ++i) {
            if (std::abs(shrinks[i] - m_tableShrink) < 1e-9) {
                start = i;
            }
        }
    }
    m_shrinkSituation = situation;
    for (std::size_t i = start; i < shrinks.size(); ++i) {
        setTableShrink(shrinks[i]);
        fitColumnsAtShrink();
        if (rowsFit()) {
            break; // (else the least type stands, and the table scrolls)
        }
    }
    m_searchingShrink = false;
    // Wrapped rows grew taller and a vertical scroll bar took some width: fit once more to the new width
    // (once: should the bar come and go with the widths, the second fit stands).
    static bool refitting = false;
    if (m_table->viewport()->width() != widthBefore && !refitting) {
        refitting = true;
        m_shrinkSituation.clear();
        fitColumns();
        refitting = false;
    }
}

bool WalkthroughDock::rowsFit() const {
    int rows = 0;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        rows += m_table->rowHeight(r);
    }
    return rows <= m_table->viewport()->height();
}

void WalkthroughDock::setTableShrink(double shrink) {
    QFont type = font();
    if (type.pointSizeF() > 0) {
        type.setPointSizeF(type.pointSizeF() * shrink);
    } else {
        type.setPixelSize(std::max(1, int(std::lround(type.pixelSize() * shrink))));
    }
    m_tableShrink = shrink;
    if (m_table->font() != type) {
        m_table->setFont(type);
    }
    // The items carry their own font (bold on the emphasised rows): the same size.
    for (int r = 0; r < m_table->rowCount(); ++r) {
        for (int col = 0; col < m_table->columnCount(); ++col) {
            if (QTableWidgetItem* item = m_table->item(r, col)) {
                QFont itemFont = type;
                itemFont.setBold(item->font().bold());
                if (item->font() != itemFont) {
                    item->setFont(itemFont);
                }
            }
        }
    }
}

void WalkthroughDock::fitColumnsAtShrink() {
    QHeaderView* header = m_table->horizontalHeader();
    const int columns = m_table->columnCount();
    m_fittingColumns = true;
    // The item delegate leaves the focus frame margin plus a pixel on each side of the text.
    const int padding =
        2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) + 2;
    const QFontMetrics headerMetrics(header->font());
    const int headerPadding = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) * 2 + 4;
    std::vector<int> natural(std::size_t(columns), 0), least(std::size_t(columns), 0);
    std::vector<int> oneLine(std::size_t(columns), 0); ///< widest cell with its lines joined (or title line)
    // The narrowest a cell may go is its widest token (table_fit.h): a vector or a shadow "A [-1.555,
    // -0.245]" is never broken inside its brackets (with three decimals at 150% the columns went down to
    // "(0.000," over "-1.000)").
    const auto widestWord = tablefit::widestToken;
    const auto widestLine = tablefit::widestLine;
    for (int col = 0; col < columns; ++col) {
        const QString title = m_table->horizontalHeaderItem(col)->data(Qt::UserRole).toString();
        natural[std::size_t(col)] = widestLine(headerMetrics, title) + headerPadding;
        least[std::size_t(col)] = widestWord(headerMetrics, title) + headerPadding;
        // A title may still break over two lines in one-line rows: its longest word is what it needs.
        oneLine[std::size_t(col)] = least[std::size_t(col)];
        for (int r = 0; r < m_table->rowCount(); ++r) {
            if (const QTableWidgetItem* item = m_table->item(r, col)) {
                // A drag refits on every move with mostly the same texts: their widths are kept (per font;
                // changeEvent forgets them when the font changes).
                const QFont font = item->font();
                const QString key = fontKey(font) + item->text();
                auto found = m_textWidths.constFind(key);
                if (found == m_textWidths.constEnd()) {
                    if (m_textWidths.size() > 5000) {
                        m_textWidths.clear();
                    }
                    const QFontMetrics metrics(font);
                    found = m_textWidths.insert(
                        key, std::pair{widestLine(metrics, item->text()), widestWord(metrics, item->text())});
                }
                natural[std::size_t(col)] = std::max(natural[std::size_t(col)], found->first + padding);
                least[std::size_t(col)] = std::max(least[std::size_t(col)], found->second + padding);
                // The same text on one line (CompactRowsDelegate), cached beside it.
                int single = found->first;
                if (item->text().contains(QLatin1Char('\n'))) {
                    const QString oneKey = QLatin1Char('1') + key;
                    auto joined = m_textWidths.constFind(oneKey);
                    if (joined == m_textWidths.constEnd()) {
                        QString text = item->text();
                        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
                        joined = m_textWidths.insert(
                            oneKey, std::pair{QFontMetrics(font).horizontalAdvance(text), 0});
                    }
                    single = joined->first;
                }
                oneLine[std::size_t(col)] = std::max(oneLine[std::size_t(col)], single + padding);
            }
        }
    }
    const int available = m_table->viewport()->width();
    // Rows of one line when every cell fits on one (each row then takes half the height: the SAT table's
    // nine rows fit the dock at 1280x800 in presentation mode); otherwise the lines as written.
    const bool compact = std::accumulate(oneLine.begin(), oneLine.end(), 0) <= available;
    if (compact != m_compactRows->oneLine) {
        m_compactRows->oneLine = compact;
        m_table->viewport()->update();
    }
    // The GJK page's rule (table_fit.h): natural widths when they fit, else each column shrunk towards its
    // widest token in proportion to what it can give; the last column takes what is left. One-line rows
    // are their own natural and least widths (they fit).
    const std::vector<int> width = compact ? tablefit::columnWidths(oneLine, oneLine, available)
                                           : tablefit::columnWidths(natural, least, available);
    for (int col = 0; col < columns; ++col) {
        header->setSectionResizeMode(col, QHeaderView::Fixed);
        if (header->sectionSize(col) != width[std::size_t(col)]) {
            header->resizeSection(col, width[std::size_t(col)]);
        }
        // A title wider than its column breaks between its tokens, as the GJK page's do (the header grows to
        // the tallest title; no title is wider than its column).
        QTableWidgetItem* title = m_table->horizontalHeaderItem(col);
        const QString shown = tablefit::wrapTokens(title->data(Qt::UserRole).toString(), headerMetrics,
                                                   width[std::size_t(col)] - headerPadding);
        if (title->text() != shown) {
            title->setText(shown);
        }
    }
    m_fittingColumns = false;
    fitRows();
}

// Row heights as QHeaderView::ResizeToContents makes them, without laying out every cell's text on every
// change. A row's height follows from its cells' line counts and fonts alone when no cell wraps, so rows of
// one shape (same texts once every digit reads 0, same weights) are as tall as each other: a drag, which
// changes the numbers but rarely their shape, finds its heights in m_rowHeights. A cell may wrap when its
// widest line (fitColumns' measure) leaves less than fitColumns' padding in its column; such a row is
// keyed by its exact texts and the column widths. Unknown shapes are measured by Qt itself
// (resizeRowsToContents, the ResizeToContents computation), so the heights are Qt's.
void WalkthroughDock::fitRows() {
    const int rowCount = m_table->rowCount();
    const int columns = m_table->columnCount();
    if (rowCount == 0 || columns == 0) {
        return;
    }
    QHeaderView* header = m_table->horizontalHeader();
    const int padding =
        2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) + 2;
    QString widths;
    for (int col = 0; col < columns; ++col) {
        widths += QString::number(header->sectionSize(col)) + QLatin1Char(',');
    }
    std::vector<QString> keys(static_cast<std::size_t>(rowCount));
    bool known = true;
    for (int r = 0; r < rowCount; ++r) {
        QString key;
        bool mayWrap = false;
        for (int col = 0; col < columns; ++col) {
            const QTableWidgetItem* item = m_table->item(r, col);
            if (!item) {
                key += QLatin1String("\x01");
                continue;
            }
            const QString fontTag = fontKey(item->font());
            const auto found = m_textWidths.constFind(fontTag + item->text());
            if (found == m_textWidths.constEnd() || found->first + padding > header->sectionSize(col)) {
                mayWrap = true;
            }
            key += fontTag + item->text() + QLatin1Char('\x01');
        }
        if (m_compactRows->oneLine) {
            key.prepend(QLatin1Char('1')); // laid out on one line: another height
        }
        if (mayWrap) {
            key = QLatin1Char('w') + widths + key;
        } else {
            for (QChar& c : key) {
                if (c.isDigit()) {
                    c = QLatin1Char('0');
                }
            }
        }
        keys[std::size_t(r)] = key;
        known = known && m_rowHeights.contains(key);
    }
    QHeaderView* rowsHeader = m_table->verticalHeader();
    if (!known) {
        m_table->resizeRowsToContents();
        if (m_rowHeights.size() > 2000) {
            m_rowHeights.clear();
        }
        for (int r = 0; r < rowCount; ++r) {
            m_rowHeights.insert(keys[std::size_t(r)], rowsHeader->sectionSize(r));
        }
        return;
    }
    for (int r = 0; r < rowCount; ++r) {
        const int height = m_rowHeights.value(keys[std::size_t(r)]);
        if (rowsHeader->sectionSize(r) != height) {
            rowsHeader->resizeSection(r, height);
        }
    }
}

void WalkthroughDock::fitPage() {
    // The scroll area gives the page its minimum size, which counts each wrapped text at its narrowest
    // shape; at the page's width the texts can need more (a recycled contact's header, a long step), and the
    // layout then squeezed the header's label under its button. The page asks for its height at its width:
    // when the dock is too short for it, the page scrolls instead.
    QLayout* layout = m_page->layout();
    const int width = m_page->width();
    if (layout && layout->hasHeightForWidth() && width > 0) {
        const int height = layout->minimumHeightForWidth(width);
        if (height != m_page->minimumHeight()) {
            m_page->setMinimumHeight(height);
        }
    }
}

bool WalkthroughDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_page &&
        (event->type() == QEvent::LayoutRequest ||
         (event->type() == QEvent::Resize && static_cast<QResizeEvent*>(event)->size().width() !=
                                                 static_cast<QResizeEvent*>(event)->oldSize().width()))) {
        fitPage();
        return QDockWidget::eventFilter(watched, event);
    }
    if (m_table && watched == m_table->viewport() && event->type() == QEvent::Resize) {
        fitColumns();
        // The panel's layout settles after a new step's text (a taller explanation leaves the table less
        // height): the current step's rows, scrolled to before, may now be cut at the bottom (issue 12,
        // presentation mode at 150% on a 1280x800 screen). Scroll to them again, once the view has taken the
        // new height (this filter sees the resize before the view sets its scroll range for it).
        if (static_cast<QResizeEvent*>(event)->size().height() !=
            static_cast<QResizeEvent*>(event)->oldSize().height()) {
            QMetaObject::invokeMethod(this, &WalkthroughDock::showCurrentRows, Qt::QueuedConnection);
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

QString WalkthroughDock::recycledText(const SimContactPick& pick) {
    // The engine kept this pair's points (World::recycle): the steps compute them afresh, and the two can
    // differ by up to the recycling tolerance. The figure is what the header can say exactly: how far each of
    // the engine's points lies from the nearest point of the narrow phase run afresh on these poses (the
    // manifold the steps show), only when both have as many points.
    QString text =
        tr("The engine recycled this contact (Box2D v3): the pair had barely moved, so it kept its "
           "earlier points, carried by the bodies, without running SAT and %1. The steps below run "
           "them afresh")
            .arg(Walkthrough::methodName(pick.method));
    const phys::Manifold fresh = freshManifold(pick);
    const int engineCount = static_cast<int>(pick.enginePoints.size());
    if (fresh.pointCount != engineCount) {
        const auto points = [](int n) {
            return n == 1 ? tr("1 point") : tr("%1 points").arg(n);
        };
        return text +
               tr(": they find %1, the engine kept %2.").arg(points(fresh.pointCount), points(engineCount));
    }
    double largest = 0.0;
    for (const phys::Vec2& p : pick.enginePoints) {
        double nearest = std::numeric_limits<double>::infinity();
        for (int k = 0; k < fresh.pointCount; ++k) {
            nearest = std::min(nearest, phys::distance(p, fresh.points[k].point));
        }
        largest = std::max(largest, nearest);
    }
    // Rounded up to the digits written, so that "within" stays true.
    const double mm = largest * 1000.0;
    const double scale = mm < 1.0 ? 100.0 : 10.0;
    const double bound = std::max(0.01, std::ceil(mm * scale) / scale);
    return text + tr("; the engine's points lie within %1 mm of theirs.")
                      .arg(QString::number(bound, 'f', mm < 1.0 ? 2 : 1));
}

QString WalkthroughDock::sourceText() const {
    if (!m_sim) {
        return {};
    }
    auto name = [this](BodyKey key, const phys::BodyDef& body) {
        const int index = m_document->indexOf(key);
        return body.name.empty() ? tr("body %1").arg(index) : QString::fromStdString(body.name);
    };
    QString text = tr("Simulation frame %1, t = %2 s (not the edited scene): %3 and %4 as the engine saw "
                      "them for this contact, at the start of step %1.")
                       .arg(m_sim->step)
                       .arg(QString::number(m_sim->time, 'f', 3))
                       .arg(name(m_sim->keyA, m_sim->bodyA), name(m_sim->keyB, m_sim->bodyB));
    if (m_sim->bodyA.shapes.size() > 1 || m_sim->bodyB.shapes.size() > 1) {
        text +=
            QLatin1Char(' ') +
            tr("Shapes %1 and %2 of the compound bodies.").arg(m_sim->point.shapeA).arg(m_sim->point.shapeB);
    }
    if (m_sim->method != phys::ContactMethod::Clipping) {
        text += QLatin1Char(' ') + tr("The run uses %1: the Methods tab shows its points.")
                                       .arg(Walkthrough::methodName(m_sim->method));
    }
    if (m_sim->point.recycled) {
        text += QLatin1Char(' ') + recycledText(*m_sim);
    }
    return text;
}

void WalkthroughDock::setSimulation(SimulationController* controller) {
    m_controller = controller;
    if (!controller) {
        return;
    }
    connect(controller, &SimulationController::contactChosen, this, [this] {
        if (m_controller->chosenContact()) {
            showSimulationContact(*m_controller->chosenContact());
        }
    });
    connect(controller, &SimulationController::frameChanged, this, &WalkthroughDock::followShownFrame);
    connect(controller, &SimulationController::simulatingChanged, this, [this](bool simulating) {
        if (!simulating && m_sim) {
            showEditedScene();
        }
        updateOverlayVisibility();
    });
}

// One rule for the canvas drawing, so no caller can leave a ruler behind: the panel must be on screen, and
// while a simulation runs only a contact chosen on its frame is drawn (the edited scene's pair stands where
// the bodies were before the run, not where they are).
void WalkthroughDock::updateOverlayVisibility() {
    const bool simulating = m_controller && m_controller->isSimulating();
    m_overlay->setWalkthroughVisible(m_onScreen && m_satPageInFront && (!simulating || m_sim.has_value()));
}

void WalkthroughDock::setSatPageInFront(bool inFront) {
    m_satPageInFront = inFront;
    updateOverlayVisibility();
}

void WalkthroughDock::showSimulationContact(const SimContactPick& pick) {
    m_sim = pick;
    m_keyA = pick.keyA;
    m_keyB = pick.keyB;
    m_step = 0;
    rebuild();
    show();
    raise();
    // A contact picked on the frame is SAT's walkthrough: its page comes to the front (gjk_panel.cpp's tabs).
    if (auto* pages = findChild<QTabWidget*>(QStringLiteral("walkthroughPages"))) {
        pages->setCurrentIndex(0);
    }
    // Drawn over the frame, where the engine saw the pair. raise() brings a tabbed panel to the front; should
    // it not (an offscreen window), the next visibilityChanged puts this right.
    m_onScreen = true;
    updateOverlayVisibility();
}

void WalkthroughDock::followShownFrame() {
    if (!m_sim || !m_controller || !m_controller->isSimulating() || m_controller->isPlaying()) {
        return;
    }
    const SimFrame* frame = m_controller->currentFrame();
    if (!frame || frame->step == m_sim->step) {
        return;
    }
    const int a = m_controller->slotOf(m_sim->keyA);
    const int b = m_controller->slotOf(m_sim->keyB);
    const SimContactPoint* best = nullptr;
    for (const SimContactPoint& p : frame->points) {
        const bool samePair = (p.bodyA == a && p.bodyB == b) || (p.bodyA == b && p.bodyB == a);
        if (samePair && (!best || p.depth > best->depth)) {
            best = &p;
        }
    }
    if (!best) {
        return;
    }
    // contactAt builds the pick with the bodies at the start of that frame's step, as a click there does.
    const std::optional<SimContactPick> pick = m_controller->contactAt(best->point, 1e-9);
    if (!pick || !((pick->keyA == m_sim->keyA && pick->keyB == m_sim->keyB) ||
                   (pick->keyA == m_sim->keyB && pick->keyB == m_sim->keyA))) {
        return;
    }
    m_sim = *pick;
    m_keyA = pick->keyA;
    m_keyB = pick->keyB;
    rebuild(); // keeps m_step (clamped)
    updateOverlayVisibility();
}

void WalkthroughDock::showEditedScene() {
    if (!m_sim) {
        return;
    }
    m_sim.reset();
    if (!m_document->contains(m_keyA) || !m_document->contains(m_keyB)) {
        chooseDefaultPair();
        m_step = 0;
    }
    rebuild();
    updateOverlayVisibility(); // while the run goes on, the edited pair is not drawn over the running bodies
}

WalkthroughDock* installWalkthrough(MainWindow& window) {
    auto* dock = new WalkthroughDock(window.document(), window.canvas(), &window);
    if (auto* simulation = window.findChild<SimulationUi*>()) {
        dock->setSimulation(simulation->controller());
    }
    window.addDockWidget(Qt::RightDockWidgetArea, dock);
    // The walkthrough and the simulation are used in turn: share their place, walkthrough in front.
    if (auto* simulation = window.findChild<QDockWidget*>(QStringLiteral("simulationDock"))) {
        window.tabifyDockWidget(simulation, dock);
        simulation
            ->raise(); // the plain canvas first; the Walkthrough tab (or --walkthrough) brings the lesson
    }
    // Room for the axis table (restoreState may override): its shadows may need a third decimal so that the
    // overlap written beside them is their difference (Walkthrough::satDecimals).
    window.resizeDocks({dock}, {400}, Qt::Horizontal);
    if (QMenu* view = window.viewMenu()) {
        view->addSeparator();
        QMenu* overlays = view->addMenu(WalkthroughDock::tr("&Overlays"));
        overlays->setObjectName(QStringLiteral("menuOverlays"));
        overlays->addActions(dock->overlayActions());
    }
    window.menuBar()->addMenu(dock->menu());
    auto* exporter = new Exporter(window, dock);
    if (QMenu* file = window.fileMenu()) {
        exporter->addToMenu(file);
    }
    return dock;
}

namespace {
const QString kWalkthroughOption = QStringLiteral("walkthrough");
const QString kStepOption = QStringLiteral("step");
const QString kPairOption = QStringLiteral("pair");
const QString kOverlaysOption = QStringLiteral("overlays");

/// Puts `dock` in front of the docks it shares a tab bar with. raise() does not switch the tab before the
/// window is exposed, nor on an offscreen window; the dock area's tab bar does.
void bringToFront(QMainWindow& window, QDockWidget* dock) {
    dock->raise();
    for (QTabBar* bar : window.findChildren<QTabBar*>()) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == dock->windowTitle()) {
                bar->setCurrentIndex(i);
            }
        }
    }
}
} // namespace

void addWalkthroughOptions(QCommandLineParser& parser) {
    parser.addOption({kWalkthroughOption,
                      QStringLiteral("Show the walkthrough in <mode>: sat, clipping or methods."),
                      QStringLiteral("mode")});
    parser.addOption(
        {kStepOption, QStringLiteral("Walkthrough step to show, from 1 (default 1)."), QStringLiteral("N")});
    parser.addOption({kPairOption, QStringLiteral("The walkthrough's bodies A and B by index, e.g. 0,1."),
                      QStringLiteral("I,J")});
    parser.addOption({kOverlaysOption,
                      QStringLiteral("Overlays to switch on: normals, aabbs, centroids, indices, contacts "
                                     "(comma-separated)."),
                      QStringLiteral("list")});
}

QString applyWalkthroughOptions(const QCommandLineParser& parser, MainWindow& window) {
    auto* dock = window.findChild<WalkthroughDock*>();
    const bool requested = parser.isSet(kWalkthroughOption) || parser.isSet(kStepOption) ||
                           parser.isSet(kPairOption) || parser.isSet(kOverlaysOption);
    if (!requested) {
        return {};
    }
    if (!dock) {
        return QStringLiteral("the window has no walkthrough");
    }
    if (parser.isSet(kOverlaysOption)) {
        OverlayOptions options = dock->overlay()->options();
        for (const QString& name :
             parser.value(kOverlaysOption).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString n = name.trimmed().toLower();
            if (n == QLatin1String("normals")) {
                options.normals = true;
            } else if (n == QLatin1String("aabbs") || n == QLatin1String("aabb")) {
                options.aabbs = true;
            } else if (n == QLatin1String("centroids")) {
                options.centroids = true;
            } else if (n == QLatin1String("indices") || n == QLatin1String("vertex-indices")) {
                options.vertexIndices = true;
            } else if (n == QLatin1String("contacts")) {
                options.contacts = true;
            } else {
                return QStringLiteral("--overlays: unknown overlay '%1'").arg(name);
            }
        }
        dock->setOverlayOptions(options);
    }
    const bool any =
        parser.isSet(kWalkthroughOption) || parser.isSet(kStepOption) || parser.isSet(kPairOption);
    if (!any) {
        return {};
    }
    dock->show();
    dock->raise();
    // Frame the pair once the window is laid out and has done its own zoom to fit (zero timers run in order).
    // The walkthrough asked for is what the user sees: in front again then, after --simulate has put the
    // Simulation dock in front of it (SimulationUi raises that one on its first zero timer).
    QTimer::singleShot(0, dock, [dock, &window] {
        QTimer::singleShot(0, dock, [dock, &window] {
            bringToFront(window, dock);
            dock->framePair();
        });
    });
    if (parser.isSet(kWalkthroughOption)) {
        const auto mode = parseWalkthroughMode(parser.value(kWalkthroughOption));
        if (!mode) {
            return QStringLiteral("--walkthrough: expected sat, clipping or methods, got '%1'")
                .arg(parser.value(kWalkthroughOption));
        }
        dock->setMode(*mode);
    }
    if (parser.isSet(kPairOption)) {
        const QStringList parts = parser.value(kPairOption).split(QLatin1Char(','));
        bool okA = false, okB = false;
        const int a = parts.value(0).trimmed().toInt(&okA);
        const int b = parts.value(1).trimmed().toInt(&okB);
        if (parts.size() != 2 || !okA || !okB || !dock->setPair(a, b)) {
            return QStringLiteral("--pair: expected two different body indices I,J below %1, got '%2'")
                .arg(window.document()->bodyCount())
                .arg(parser.value(kPairOption));
        }
    }
    if (parser.isSet(kStepOption)) {
        bool ok = false;
        const int step = parser.value(kStepOption).toInt(&ok);
        if (!ok || step < 1 || step > dock->walkthrough().stepCount()) {
            return QStringLiteral("--step: expected 1..%1, got '%2'")
                .arg(dock->walkthrough().stepCount())
                .arg(parser.value(kStepOption));
        }
        dock->setStep(step - 1);
    }
    return {};
}

} // namespace cl
