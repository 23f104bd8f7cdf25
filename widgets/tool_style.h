#pragma once
/// @file tool_style.h
/// How the tools draw over the canvas: colours, vertex and rotate handles, preview outlines and the hint
/// bubble. Everything is drawn in viewport pixels (the painter's frame when Tool::drawOverlay is called);
/// sizes are multiplied by the presentation scale.

#include <QColor>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>

class QPainter;

namespace cl::toolstyle {

/// Outline of a shape being drawn, and of handles.
QColor previewColor();
/// Translucent fill of a shape being drawn.
QColor previewFill();
/// A refused edge or position.
QColor refusedColor();

/// Half the side of a square vertex handle, pixels (before the presentation scale).
inline constexpr double kHandleRadius = 5.0;
/// Radius of the rotate handle's knob, pixels.
inline constexpr double kRotateKnobRadius = 7.0;

/// A square vertex handle centred on `at`. `active`: the handle under the mouse or being dragged.
void drawVertexHandle(QPainter& painter, QPointF at, double scale, bool active);
/// A round knob (the rotate handle), with a line from `anchor` to it.
void drawRotateHandle(QPainter& painter, QPointF anchor, QPointF knob, double scale, bool active);
/// A polyline or polygon preview. `closed`: also the closing edge, and the fill.
void drawOutline(QPainter& painter, const QPolygonF& points, bool closed, double scale,
                 const QColor& color = previewColor(), bool dashed = false);
/// A small cross marking a point (a centre of mass, a snapped point).
void drawCross(QPainter& painter, QPointF at, double scale, const QColor& color = previewColor());
/// A text bubble placed below-right of `at` and kept inside `bounds`. `warning`: the refused-hint colours.
void drawBubble(QPainter& painter, QPointF at, const QString& text, double scale, const QRectF& bounds,
                bool warning);

} // namespace cl::toolstyle
