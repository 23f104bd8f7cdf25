#pragma once
/// @file name_placement.h
/// Where each body's name goes: the one placement the Edit canvas, the Simulate view and every export
/// (PNG, SVG, slides) use, so a name is where the same rule puts it in all of them (issue 12, item 5).
///
/// A name goes inside its body when its box fits wholly inside one of the body's shapes, clear of the
/// outline, the circle's radius line, the vertex handles, other bodies, other names and the lines given
/// (the velocity arrows of Simulate); otherwise it goes outside, on a short leader line from the body's
/// outline, placed by the label layout (label_layout.h) clear of every body and every other label. A name is
/// never dropped silently: only when more than kMaxOutsideNames would stand outside (a crowd of small bodies
/// zoomed out) are those left out, and the picture says "Some names are hidden: zoom in to read them".
///
/// Frames: view pixels (y down).

#include "label_layout.h"
#include "scene_renderer.h"
#include "view_transform.h"

#include "physics/defs.h"

#include <QLineF>
#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

class QPainter;

namespace cl {

/// One body's name where the placement put it.
struct PlacedName {
    int body = -1;         ///< index in SceneDef::bodies
    QString text;          ///< the body's name
    QRectF textRect;       ///< the box the text fills, view pixels
    QRectF rect;           ///< with its halo: what the reader sees and what no other label may overlap
    bool inside = true;    ///< inside its body; false: outside on a leader line
    QPointF anchor;        ///< outside: where the leader meets the body's outline (unused inside)
    QLineF leader() const; ///< outside: from the anchor to the nearest point of the text box
};

/// A body's drawing in view pixels: what a name inside it must fit in and keep clear of.
struct BodyFigure {
    std::vector<QPolygonF> polygons; ///< each polygon shape, in drawing order
    struct Disc {
        QPointF centre;
        double radius = 0.0; ///< pixels
        QLineF radiusLine;   ///< from the centre to the rim along the body's +x axis (shows its rotation)
    };
    std::vector<Disc> discs; ///< each circle shape
    QRectF bounds;           ///< box of all shapes
};

/// Everything the names of one picture must avoid besides the bodies and each other.
struct NameObstacles {
    std::vector<DrawnLine> lines; ///< arrows drawn with the bodies (Simulate's velocity arrows), view pixels
    std::vector<QRectF> rects;    ///< text or boxes drawn with the bodies, view pixels
    friend bool operator==(const NameObstacles& a, const NameObstacles& b) {
        return a.rects == b.rects && a.lines == b.lines;
    }
};

/// The names of one picture.
struct NamePlacement {
    std::vector<PlacedName> names;
    int hidden = 0;  ///< names left out: too many small bodies in view (the picture says so)
    QRectF noteRect; ///< where the picture says it (empty when nothing is hidden)
    QString note;

    /// Names that fit nowhere inside and still wait for their place outside (placeBodyNames with
    /// `layOutOutside` false): a walkthrough lays them out in its own label layout (addOutsideNames), so
    /// that its labels and the names are placed in one pass and keep off each other.
    struct Pending {
        std::vector<LabelRequest> requests; ///< one per name; `tag` is the body's index
        std::vector<QPolygonF> shapes;      ///< every body in view (discs as circumscribed polygons)
        std::vector<DrawnLine> lines;       ///< the obstacles' lines (Simulate's velocity arrows)
        std::vector<QRectF> rects;          ///< the obstacles' boxes and the grid's metre labels
    };
    Pending pending;

    /// The name of body `index`, or null.
    const PlacedName* find(int index) const;
    /// Every name's box with its halo (what overlay labels keep clear of).
    std::vector<QRectF> rects() const;
};

/// Names placed outside their bodies in one picture at most: more make a thicket of leader lines, so then
/// none of them is drawn and the picture says some names are hidden.
inline constexpr int kMaxOutsideNames = 60;

/// The shapes of `body` in view pixels.
BodyFigure bodyFigure(const phys::BodyDef& body, const ViewTransform& view);

/// Radius of the clear circle a name inside a body keeps around each polygon vertex: the Vertices tool's
/// handle, its outline and a pixel (pixels, display scale applied).
double handleClearance(double displayScale);
/// Gap a name inside a body keeps from its outline (the outline's half width and the selection halo), pixels.
double outlineClearance(double displayScale);

/// Places the name of every body of `scene` seen in `view` (bodies without a name have none).
/// @param options grid (the grid's metre labels are avoided) and the display scale
/// @param layOutOutside false: the names that fit nowhere inside are left in NamePlacement::pending for
///        the walkthrough's label layout (addOutsideNames); true: placed here in a layout of their own
NamePlacement placeBodyNames(const phys::SceneDef& scene, const ViewTransform& view,
                             const RenderOptions& options, const NameObstacles& obstacles = {},
                             bool layOutOutside = true);

/// Asks `layout` (a walkthrough's, with its labels, arrows and marks) for the pending names of `names`, after
/// the step's badges, depths and measures and before the labels that repeat the table, each optional and at most
/// kNameReach pixels from its body: a name with no clear spot near its body is left out and counted, rather
/// than pushing the step's labels away or lying across them. The bodies become shapes the names keep off.
/// The inside names are not added (addNameObstacles, before the step's drawing, which keeps off them too).
void addOutsideNames(LabelLayout& layout, const NamePlacement& names);
/// The boxes of the names placed in `names` (inside their bodies, and outside when laid out already) as
/// obstacles of every label of `layout`.
void addNameObstacles(LabelLayout& layout, const NamePlacement& names);
/// Takes the names `placed` by a layout that addOutsideNames filled into `names` (tagged labels), counts
/// those left out in `hidden`, and clears `pending`. Returns the other labels (the walkthrough's).
std::vector<PlacedLabel> adoptOutsideNames(NamePlacement& names, std::vector<PlacedLabel> placed,
                                           double displayScale);
/// The request of the note saying some names are hidden, at the top of `bounds`.
LabelRequest hiddenNamesNote(const QRectF& bounds, double displayScale);

/// How far a name outside its body may stand from it in a walkthrough's picture, pixels before the display
/// scale: farther, its leader would cross the step's drawing.
inline constexpr double kNameReach = 120.0;

/// Draws placed names: leader lines, then each text with its halo, then the note of hidden names.
/// Painter: view pixels -> device.
void drawBodyNames(QPainter& painter, const NamePlacement& names, double displayScale);

} // namespace cl
