#pragma once
/// @file gjk_view.h
/// A small self-scaling diagram pane for the GJK, EPA and Voronoi walkthroughs: the world pane (the two
/// shapes, support points, witness points) and the Minkowski pane (A (-) B with the origin, the simplex or
/// polytope, the shaded region, the search direction). It draws what the panel hands it: items in metres,
/// y up, fitted into the widget with a margin. No geometry of its own.

#include "label_layout.h"

#include "physics/math.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

class QPainter;

namespace cl {

/// The diagram panes' paper, in every theme: the pictures are figures drawn for a light page (their greys,
/// simplex and result colours), and their labels' halos take this tone, not the theme's (a dark theme's
/// halos drew dark rims around every name on the white pane).
inline const QColor kDiagramPaper(252, 252, 250);

/// One thing to draw, in the pane's metres.
struct DiagramItem {
    enum class Kind {
        Polygon,  ///< closed outline, filled with `fill` when it is not transparent
        Polyline, ///< open path
        Arrow,    ///< from points[0] to points[1], with a head
        Point,    ///< a dot at points[0], with `text` beside it
        Label,    ///< `text` alone, centred above points[0]
    };
    Kind kind = Kind::Polygon;
    std::vector<phys::Vec2> points;
    QColor stroke = Qt::black;
    QColor fill = Qt::transparent;
    double width = 1.5; ///< pixels
    bool dashed = false;
    QString text; ///< label (points), drawn beside the dot
    /// False: drawn but left out of the fit (long region wedges that would shrink the picture).
    bool fits = true;
};

/// The box around the points of the items that take part in the fit (DiagramItem::fits), and the origin when
/// `withOrigin`: what the pane and the exported slide centre and scale to. Empty when there is nothing to fit.
std::optional<std::pair<phys::Vec2, phys::Vec2>> diagramBounds(const std::vector<DiagramItem>& items,
                                                               bool withOrigin);

/// Draws `items` with the painter, each point placed by `toPixel` (metres to the painter's pixels): the one
/// drawing of the panes and of the items the page puts on the main canvas (GjkCanvasOverlay). The words (a
/// point's name, a label) are placed clear of each other, of the dots and of the lines (label_layout.h):
/// "support A" and "support B" on two close dots used to run together (issue 12 review, M3).
/// @param labelBounds the painter's area the words must stay in (the pane)
/// @param labels when given, the words are added to it and not drawn: the caller places and draws them with
///        its own labels; the dots and lines are added to it as marks and lines to keep off
/// @return the words as placed (painter pixels); empty when `labels` is given
std::vector<PlacedLabel> paintDiagram(QPainter& painter, const std::vector<DiagramItem>& items,
                                      const std::function<QPointF(phys::Vec2)>& toPixel,
                                      const QRectF& labelBounds, LabelLayout* labels = nullptr);

/// The pane. Set a title, the items, and whether to draw the origin's axes.
class GjkView : public QWidget {
    Q_OBJECT

public:
    explicit GjkView(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const { return m_title; }
    /// Replaces the picture; the view is fitted again to the items (and the origin when shown).
    void setItems(std::vector<DiagramItem> items);
    const std::vector<DiagramItem>& items() const { return m_items; }
    /// The words of the last paint as placed (widget pixels).
    const std::vector<PlacedLabel>& lastLabels() const { return m_lastLabels; }
    /// Draws the x and y axes through the origin, and includes the origin in the fit.
    void setShowOrigin(bool show);

    /// Pixel of a point of the pane (metres), for tests and for labels.
    QPointF toPixel(phys::Vec2 p) const;

    QSize sizeHint() const override { return {300, 160}; }
    QSize minimumSizeHint() const override { return {160, 110}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void fit();

    QString m_title;
    std::vector<DiagramItem> m_items;
    std::vector<PlacedLabel> m_lastLabels;
    bool m_showOrigin = false;
    phys::Vec2 m_centre;
    double m_scale = 1.0; ///< pixels per metre
};

} // namespace cl
