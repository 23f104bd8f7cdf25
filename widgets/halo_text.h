#pragma once
/// @file halo_text.h
/// Text drawn as an outline with a halo (a wide stroke in the background's tone under the fill), as every
/// canvas label is, from an image cache when the painter rasterises without rotation or scale.
///
/// Why: a label is QPainterPath::addText (every glyph's outline) plus an antialiased stroke and fill, which
/// costs far more than copying pixels. A vertex drag repaints the canvas on every mouse move, with its body
/// names and the walkthrough's labels unchanged: drawn once into an image, each is a copy afterwards. Exports
/// to SVG and any rotated or scaled painter draw the outline itself (vector output stays vector).

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QString>

namespace cl {

/// Draws `text` in `font`, its baseline's left end at `baseline`, filled with `fill` over a halo of `halo`
/// `haloWidth` pixels wide (round joins; `cosmeticHalo`: the width stays in device pixels under any
/// transform). Identical inputs reuse one cached image on raster painters whose transform is a translation;
/// the image is placed on whole device pixels.
void drawHaloText(QPainter& painter, QPointF baseline, const QFont& font, const QString& text,
                  const QColor& fill, const QColor& halo, double haloWidth, bool cosmeticHalo = false);

} // namespace cl
