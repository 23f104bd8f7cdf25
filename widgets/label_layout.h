#pragma once
/// @file label_layout.h
/// Placement of the canvas's text labels (walkthrough badges, depths, |cos|, reference/incident, ruler marks,
/// vertex indices) so that no two overlap and none leaves the view. Drawing code asks for a label beside a
/// point; the layout collects every request of one picture, then places them greedily by priority, moving a
/// label around its anchor when its preferred spot is taken and joining it to the anchor by a leader line.
///
/// Frames: view pixels (y down), as the overlay painter uses.

#include <QColor>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSet>
#include <QString>

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

class QPainter;

namespace cl {

/// One label to place: the text and where it would like to go.
struct LabelRequest {
    QPointF anchor;            ///< the point the label names, view pixels
    QString text;              ///< what it says (an empty text is ignored)
    QColor color;              ///< text colour
    QPointF direction;         ///< preferred side of the anchor (view frame; (0, 0) centres it on the anchor)
    double fontPixels = 13.0;  ///< font size before the display scale
    bool bold = true;          ///< demi-bold or normal weight
    int priority = 0;          ///< higher is placed first and so keeps its preferred spot
    bool fixed = false;        ///< drawn exactly at its preferred spot (a legend), still an obstacle
    bool leaderAllowed = true; ///< false: never joined to its anchor by a line (a badge named by its colour)
    /// True: always joined to its anchor by a line, however near (a body's name outside its body): the line's
    /// cost is weighed and later labels keep off it at every distance.
    bool alwaysLeader = false;
    /// > 0: a label that finds no free spot within this many pixels (before the display scale) of its
    /// anchor is left out rather than pulled farther (vertex indices in a crowd of bodies would otherwise
    /// fan out on long leader lines); 0: no limit.
    double maxDistance = 0.0;
    /// True: a label that only repeats what the table and the colours say (an arrow's, an axis's or a bar's
    /// name), left out when no spot is clear of other labels, names, grid figures, arrows and leaders (a small
    /// view with presentation text) rather than written over them.
    bool optional = false;
    /// The preferred box moved by this much from its spot beside the anchor, view pixels (the SAT bracket's
    /// measure slid along its bracket off a world axis: SatRuler's measureBox).
    QPointF offset;
    /// Non-empty: the convex outline (view pixels) of the body this label names by its place alone (a pair's
    /// "A" or "B" badge). Such a label reads as its body's when its text lies inside the outline, or outside
    /// within its own text height of it and nearer it than any of `rivals` by that much (namesItsHome); the
    /// layout tries
    /// spots inside first, weighs a spot that is neither, and joins the label taken there to its anchor by
    /// a leader line (issue 12: "A" between the box and the plank read as naming the plank).
    QPolygonF home;
    /// The outlines of the other bodies near the anchor (convex, view pixels), for `home`.
    std::vector<QPolygonF> rivals;
    /// Who asked, for the asker to find its labels among the placed ones (a body's index for a body name);
    /// -1: nobody in particular. A tagged label is drawn by its asker at its own size, so it is never
    /// tried smaller.
    int tag = -1;
};

/// What a drawn line is: labels keep off all of them, and the tests hold arrows (and the rotate knob's
/// handle) to a stricter rule than other lines: no label, body name, grid figure or view edge on them.
enum class LineKind {
    Line,    ///< a ruler bar, a highlighted edge, an outline, an axis: labels rather not lie across it
    Arrow,   ///< an arrow with its head
    Handle,  ///< the selected body's rotate knob and its line (drawn by the Select tool, over everything)
    Outline, ///< an edge of the pair's outlines or a highlighted edge: text across it reads as struck through
    /// The world's x or y axis, drawn under everything with the grid (SceneRenderer::worldAxisLines): text
    /// across it reads as struck through ("overlap 0.050 m" on the x axis, issue 12), and it is no line of
    /// the walkthrough's drawing.
    WorldAxis,
};

/// A line drawn in the picture, view pixels.
struct DrawnLine {
    QPointF from, to;
    double width = 1.0; ///< pixels, display scale applied: for an arrow, the width of its head
    LineKind kind = LineKind::Line;
    friend bool operator==(const DrawnLine&, const DrawnLine&) = default;
};

/// A label where the layout put it.
struct PlacedLabel {
    LabelRequest request;
    QRectF textRect;     ///< the box the text fills, view pixels
    QRectF rect;         ///< the box with its halo: what the reader sees, and what must not overlap
    bool leader = false; ///< moved away from its preferred spot: a leader line joins it to its anchor
};

/// Whether leader a (from its anchor a0 to its label a1) and leader b cross: they intersect, or one's label
/// end comes within `tolerance` pixels of the other; two leaders from the same anchor (within `tolerance`)
/// do not cross. View pixels.
bool leadersCross(QPointF a0, QPointF a1, QPointF b0, QPointF b1, double tolerance);
/// Distance from `p` to the rectangle `r` (0 inside it).
double distanceToRect(QPointF p, const QRectF& r);
/// The part [t0, t1] of segment a + t (b - a), t in [0, 1], inside `r`; t0 > t1 when the segment misses it
/// (t0 == t1: it touches at one point).
std::pair<double, double> clipSegmentToRect(QPointF a, QPointF b, const QRectF& r);

/// Whether `rect` and the convex polygon `convex` (either winding) share interior points, view pixels.
bool rectIntersectsConvex(const QRectF& rect, const QPolygonF& convex);

/// Whether the rectangle `rect` lies wholly inside the convex polygon `convex` (either winding), view pixels:
/// every corner on the inner side of every edge line, at least `margin` from it (a body's name inside its
/// shape keeps off the outline; a badge needs only to be inside).
bool rectInsideConvex(const QRectF& rect, const QPolygonF& convex, double margin = 0.0);
/// Distance between `rect` and the convex polygon `convex` (0 when they meet), view pixels.
double distanceRectToConvex(const QRectF& rect, const QPolygonF& convex);
/// Whether a label's text box `text` reads as naming the body whose outline is `home` rather than one of
/// `rivals` or nobody (LabelRequest::home): inside `home`, or outside at most the text's height from it and
/// nearer it than any rival by the text's height.
bool namesItsHome(const QRectF& text, const QPolygonF& home, const std::vector<QPolygonF>& rivals);

/// What one layout's searches found, kept for the next layout of nearly the same picture (a drag's mouse
/// moves: the names of a thousand bodies far from the dragged one stay where they were). A label is taken
/// from it only when its request is the same and so is everything its search looked at; the placement is
/// then exactly the one a fresh search would make (tests/widgets/tst_label_layout_memo.cpp holds it to
/// that on thousands of seeded layouts).
class LabelLayoutMemo {
public:
    /// Searches answered from the memo, and searches made, since the memo was made.
    std::size_t hits() const { return m_hits; }
    std::size_t searches() const { return m_searches; }
    std::size_t size() const { return m_entries.size(); }

private:
    friend class LabelLayout;
    struct Outcome {
        bool placed = false;
        double fontPixels = 0.0; ///< the size the label was placed at (presentation text may shrink)
        QRectF textRect;
        bool leader = false;
    };
    struct Entry {
        std::vector<double> request; ///< the request, the view and the scale, as numbers
        QRectF touched;              ///< every rectangle the search queried lies in it
        std::vector<double> around;  ///< what lay in `touched` when the search was made
        Outcome outcome;
        unsigned used = 0; ///< the layout that last used it
    };
    std::unordered_multimap<std::uint64_t, Entry> m_entries;
    unsigned m_generation = 0;
    std::size_t m_hits = 0;
    std::size_t m_searches = 0;
};

/// Collision-avoiding placement of labels for one picture.
class LabelLayout {
public:
    /// @param bounds the view, pixels: no label leaves it
    /// @param displayScale presentation-mode scale of fonts and gaps
    LabelLayout(QRectF bounds, double displayScale);
    /// The display scale of the drawing this layout serves (fonts, gaps; the overlay's pens follow it too).
    double scale() const { return m_scale; }

    /// Text already drawn that labels must avoid (body names), view pixels.
    void addObstacle(const QRectF& rect);
    /// The obstacles given so far.
    const std::vector<QRectF>& obstacles() const { return m_obstacles; }
    /// A convex area no label always on a leader may cover, view pixels (a body, for the names placed
    /// outside it: a name half on its outline is unreadable). Weighed like an obstacle of the label's whole
    /// size. Other labels (a walkthrough's, which name the pair's features inside the bodies) ignore it.
    void addObstacleShape(const QPolygonF& convex);
    /// An area labels should rather not cover when a free spot is near (another body than the pair the
    /// labels describe: "overlap 0.55 m" written over a third body reads as that body's), view pixels. A
    /// weaker cost than an obstacle: a label goes over it when nothing near is free.
    void addAvoidArea(const QRectF& rect);
    /// The avoid areas given so far (the SAT ruler keeps its bars off them too).
    const std::vector<QRectF>& avoidAreas() const { return m_avoid; }
    /// The outline of a shape of another body than the pair (convex, view pixels): a pair badge's rivals
    /// (LabelRequest::rivals). Kept for the asker; place() does not read it.
    void addOtherBodyOutline(const QPolygonF& convex) { m_otherBodies.push_back(convex); }
    const std::vector<QPolygonF>& otherBodyOutlines() const { return m_otherBodies; }
    /// A mark (a contact dot, an arrow tip) that labels should not cover, view pixels.
    void addMark(QPointF point, double radius);
    /// A drawn line (a ruler bar, an arrow, a highlighted edge) that labels should not lie across, view
    /// pixels; `width` in pixels before the display scale.
    void addLine(QPointF from, QPointF to, double width, LineKind kind = LineKind::Line);
    /// The lines given so far (widths with the display scale applied).
    const std::vector<DrawnLine>& lines() const { return m_lines; }
    /// The view the labels stay in.
    const QRectF& bounds() const { return m_bounds; }
    /// Asks for a label; it is placed by place(). A request repeating one already made (same text, colour
    /// and anchor) is dropped.
    void add(const LabelRequest& request);

    /// The box the text of `request` fills when put at its preferred spot (view pixels).
    static QRectF preferredTextRect(const LabelRequest& request, double displayScale);

    /// Places every requested label and returns them in drawing order.
    // Greedy placement by priority (after Imhof's cartographic rules and the point-feature label
    // placement heuristics of Christensen, Marks and Shieber, "An empirical study of algorithms for
    // point-feature label placement", ACM TOG 1995: candidate positions around each point, taken greedily):
    //   sort requests by priority, highest first (stable: drawing order among equals)
    //   for each request:
    //     candidates = the preferred spot, then rings of spots around the anchor at growing distance,
    //                  the directions nearest the preferred one first
    //     each candidate is pushed inside the view
    //     take the first candidate that overlaps no placed label, no obstacle, no other mark and no line;
    //     if none is free, the candidate with the least overlapping area
    //   a label away from its preferred spot gets a leader line
    /// With `memo`, a label whose search would look at exactly what it looked at in a recent layout is
    /// placed as it was then (the same result, without the search); the memo learns this layout's.
    std::vector<PlacedLabel> place(LabelLayoutMemo* memo = nullptr) const;

    /// Draws placed labels: leader lines first, then each text with a halo in `paper`, the tone of what
    /// they are drawn on (invalid: the theme's, currentPalette().paper).
    static void draw(QPainter& painter, const std::vector<PlacedLabel>& labels, double displayScale,
                     const QColor& paper = QColor());

private:
    QRectF m_bounds;
    double m_scale = 1.0;
    std::vector<QRectF> m_obstacles;
    std::vector<QPolygonF> m_shapes; ///< convex obstacles (addObstacleShape)
    std::vector<QRectF> m_avoid;
    std::vector<QPolygonF> m_otherBodies;
    std::vector<QRectF> m_marks;
    std::vector<DrawnLine> m_lines;
    std::vector<LabelRequest> m_requests;
    QSet<QString> m_seen; ///< text, colour and rounded anchor of each request, to drop repeats
};

} // namespace cl
