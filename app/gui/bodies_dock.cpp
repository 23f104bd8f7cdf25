/// @file bodies_dock.cpp

#include "bodies_dock.h"

#include "scene_canvas.h"
#include "scene_renderer.h"

#include <QItemSelection>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QSet>

#include <algorithm>
#include <utility>

namespace cl {

namespace {

/// Item data: the colours the row's swatch was drawn in (fillRow draws it again only when they change).
constexpr int kSwatchRole = Qt::UserRole + 1;

/// A small swatch in the body's fill and outline colours.
QIcon swatch(const phys::BodyDef& body, int index) {
    const BodyColors colors = SceneRenderer::bodyColors(body, index);
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(colors.outline, 1.5));
    painter.setBrush(colors.fill);
    painter.drawRoundedRect(QRectF(1.5, 1.5, 13, 13), 3, 3);
    return QIcon(pixmap);
}

} // namespace

BodiesDock::BodiesDock(Document* document, SceneCanvas* canvas, QWidget* parent)
    : QDockWidget(tr("Bodies"), parent), m_document(document), m_canvas(canvas),
      m_list(new QListWidget(this)) {
    setObjectName(QStringLiteral("BodiesDock"));
    m_list->setObjectName(QStringLiteral("bodyList"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setUniformItemSizes(true);
    m_list->setAlternatingRowColors(true);
    setWidget(m_list);

    connect(document, &Document::sceneReset, this, &BodiesDock::rebuild);
    connect(document, &Document::bodyInserted, this, &BodiesDock::onInserted);
    connect(document, &Document::bodyRemoved, this, &BodiesDock::onRemoved);
    connect(document, &Document::bodyChanged, this, &BodiesDock::onChanged);
    connect(document, &Document::bodyBatchEnded, this, &BodiesDock::onBatchEnded);
    connect(m_list, &QListWidget::itemSelectionChanged, this, &BodiesDock::onListSelectionChanged);
    connect(canvas, &SceneCanvas::selectionChanged, this, &BodiesDock::onCanvasSelectionChanged);
    rebuild();
}

int BodiesDock::rowOf(BodyKey key) const {
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->data(Qt::UserRole).toULongLong() == key) {
            return row;
        }
    }
    return -1;
}

void BodiesDock::fillRow(QListWidgetItem* item, int index) {
    const BodyKey key = m_document->keyAt(index);
    const phys::BodyDef& body = m_document->body(key);
    const QString name = body.name.empty() ? tr("(unnamed)") : QString::fromStdString(body.name);
    // Each setter below repaints the row even when nothing changed: a vertex drag refills the dragged body's
    // row on every mouse move with the same text and colours, so only what differs is set.
    const QString text =
        QStringLiteral("%1   %2   \u00b7 %3").arg(index).arg(name, QLatin1String(phys::toString(body.type)));
    if (item->text() != text) {
        item->setText(text);
    }
    const BodyColors colors = SceneRenderer::bodyColors(body, index);
    const QVariant swatchKey =
        QVariant::fromValue<quint64>((quint64(colors.fill.rgba()) << 32) | colors.outline.rgba());
    if (item->data(kSwatchRole) != swatchKey) {
        item->setIcon(swatch(body, index));
        item->setData(kSwatchRole, swatchKey);
    }
    const QVariant keyData = QVariant::fromValue<quint64>(key);
    if (item->data(Qt::UserRole) != keyData) {
        item->setData(Qt::UserRole, keyData);
    }
    const QString tip = tr("Body %1 (%2 shape(s))").arg(index).arg(body.shapes.size());
    if (item->toolTip() != tip) {
        item->setToolTip(tip);
    }
}

void BodiesDock::rebuild() {
    m_syncing = true;
    m_list->clear();
    for (int i = 0; i < m_document->bodyCount(); ++i) {
        auto* item = new QListWidgetItem(m_list);
        fillRow(item, i);
    }
    m_syncing = false;
    onCanvasSelectionChanged(m_canvas->selection());
}

void BodiesDock::refreshRows(int first) {
    ++m_rowRefreshes;
    for (int row = std::max(first, 0); row < m_list->count() && row < m_document->bodyCount(); ++row) {
        fillRow(m_list->item(row), row);
    }
}

void BodiesDock::refreshRowsFrom(int first) {
    if (m_document->inBodyBatch()) {
        m_refreshFrom = m_refreshFrom < 0 ? first : std::min(m_refreshFrom, first);
        return;
    }
    refreshRows(first);
}

void BodiesDock::onBatchEnded() {
    if (m_refreshFrom >= 0) {
        refreshRows(std::exchange(m_refreshFrom, -1));
    }
    if (std::exchange(m_selectionStale, false)) {
        onCanvasSelectionChanged(m_canvas->selection());
    }
}

void BodiesDock::onInserted(BodyKey key) {
    const int index = m_document->indexOf(key);
    m_syncing = true;
    auto* item = new QListWidgetItem();
    // The key now, the text with the rows after it (at the batch's end in a batch): a removal later in the
    // same batch finds the row by its key.
    item->setData(Qt::UserRole, QVariant::fromValue<quint64>(key));
    m_list->insertItem(index, item);
    m_syncing = false;
    refreshRowsFrom(index);
}

void BodiesDock::onRemoved(BodyKey key) {
    const int row = rowOf(key);
    if (row < 0) {
        return;
    }
    m_syncing = true;
    delete m_list->takeItem(row);
    m_syncing = false;
    refreshRowsFrom(row);
}

void BodiesDock::onChanged(BodyKey key) {
    const int row = m_document->indexOf(key);
    if (row >= 0 && row < m_list->count()) {
        fillRow(m_list->item(row), row);
    }
}

void BodiesDock::onListSelectionChanged() {
    if (m_syncing) {
        return;
    }
    QList<quint64> keys;
    // Rows in list order: the canvas then keeps the body order.
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->isSelected()) {
            keys.append(m_list->item(row)->data(Qt::UserRole).toULongLong());
        }
    }
    m_syncing = true;
    m_canvas->setSelection(keys);
    m_syncing = false;
}

void BodiesDock::onCanvasSelectionChanged(const QList<quint64>& keys) {
    if (m_syncing) {
        return;
    }
    if (m_document->inBodyBatch()) {
        m_selectionStale =
            true; // the canvas drops each removed body from its selection: sync once, at the end
        return;
    }
    ++m_selectionSyncs;
    m_syncing = true;
    // One pass over the rows, not a search per selected body (Select All of n bodies took n^2 reads).
    const QSet<quint64> wanted(keys.begin(), keys.end());
    QItemSelection selection;
    int lastRow = -1;  // the row of the last key: the body selected last is scrolled to
    int runStart = -1; // consecutive selected rows make one range (Select All: one)
    const auto endRun = [&](int end) {
        if (runStart >= 0) {
            selection.select(m_list->model()->index(runStart, 0), m_list->model()->index(end - 1, 0));
            runStart = -1;
        }
    };
    for (int row = 0; row < m_list->count(); ++row) {
        const quint64 key = m_list->item(row)->data(Qt::UserRole).toULongLong();
        if (!wanted.contains(key)) {
            endRun(row);
            continue;
        }
        if (runStart < 0) {
            runStart = row;
        }
        if (key == keys.back()) {
            lastRow = row;
        }
    }
    endRun(m_list->count());
    m_list->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (lastRow >= 0) {
        m_list->scrollToItem(m_list->item(lastRow));
    }
    m_syncing = false;
}

} // namespace cl
