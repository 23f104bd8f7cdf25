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
/// an insert, removal or change touches the affected rows only.
class BodiesDock : public QDockWidget {
    Q_OBJECT

public:
    BodiesDock(Document* document, SceneCanvas* canvas, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    /// Row of body `key`, -1 when absent.
    int rowOf(BodyKey key) const;

private:
    void rebuild();
    void onInserted(BodyKey key);
    void onRemoved(BodyKey key);
    void onChanged(BodyKey key);
    /// Rewrites the text and icon of rows from `first` on (indices shift after inserts and removals).
    void refreshRows(int first);
    void fillRow(QListWidgetItem* item, int index);
    void onListSelectionChanged();
    void onCanvasSelectionChanged(const QList<quint64>& keys);

    Document* m_document;
    SceneCanvas* m_canvas;
    QListWidget* m_list;
    bool m_syncing = false;
};

} // namespace cl
