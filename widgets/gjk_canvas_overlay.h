#pragma once
/// @file gjk_canvas_overlay.h
/// What the GJK page draws on the main canvas (the world view) over the bodies: the current step's canvas
/// items (GjkStep::canvas, in world metres), such as the witness points and the distance segment at the end of
/// GJK. Drawn with the panes' own drawing (paintDiagram), mapped by the canvas's view transform, so it follows
/// zoom and pan.

#include "gjk_view.h"
#include "overlay.h"

#include <vector>

namespace cl {

class GjkCanvasOverlay : public CanvasOverlay {
    Q_OBJECT

public:
    explicit GjkCanvasOverlay(QObject* parent = nullptr) : CanvasOverlay(parent) {}

    /// Replaces what is drawn (empty: nothing).
    void setItems(std::vector<DiagramItem> items);
    const std::vector<DiagramItem>& items() const { return m_items; }

    void paintOverlay(QPainter& painter, const SceneCanvas& canvas) override;

private:
    std::vector<DiagramItem> m_items;
};

} // namespace cl
