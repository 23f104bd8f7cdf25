#pragma once
/// @file bodies_dock.h
/// The Bodies dock: every body of the document in order, its selection synced both ways with the canvas.

#include "document.h"

#include <QDockWidget>

class QListWidget;
class QListWidgetItem;

namespace cl {

class SceneCanvas;

/// A list with one row per body ("3  box  dynamic", with the body's colour). Multi-selection (Shift/Ctrl);
/// selecting rows selects the bodies on the canvas and the reverse. Observes the document's typed signals:
/// an insert, removal or change touches the affected rows only. Inside a body batch (Delete or Duplicate of
/// many bodies, their undo and redo) rows are inserted and removed as the bodies come and go, but their text
/// and the selection wait for the batch's end: refreshed once, not once per body (undoing a Duplicate of
/// 821 bodies froze the window for 36 s).
class BodiesDock : public QDockWidget {
    Q_OBJECT

public:
    BodiesDock(Document* document, SceneCanvas* canvas, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    /// Row of body `key`, -1 when absent.
    int rowOf(BodyKey key) const;
    /// How many times the rows' text was refreshed and the canvas selection copied to the list (a test
    /// checks that a batch does each once).
    int rowRefreshes() const { return m_rowRefreshes; }
    int selectionSyncs() const { return m_selectionSyncs; }

private:
    void rebuild();
    void onInserted(BodyKey key);
    void onRemoved(BodyKey key);
    void onChanged(BodyKey key);
    /// Rewrites the text and icon of rows from `first` on (indices shift after inserts and removals).
    void refreshRows(int first);
    /// refreshRows(first) now, or at the end of the body batch under way.
    void refreshRowsFrom(int first);
    void onBatchEnded();
    void fillRow(QListWidgetItem* item, int index);
    void onListSelectionChanged();
    void onCanvasSelectionChanged(const QList<quint64>& keys);

    Document* m_document;
    SceneCanvas* m_canvas;
    QListWidget* m_list;
    bool m_syncing = false;
    int m_refreshFrom = -1;        ///< in a batch: the first row whose text waits for its end, or -1
    bool m_selectionStale = false; ///< in a batch: the canvas selection changed
    int m_rowRefreshes = 0;
    int m_selectionSyncs = 0;
};

} // namespace cl
