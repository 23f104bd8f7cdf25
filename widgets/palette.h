#pragma once
/// @file palette.h
/// The colours of everything drawn on the canvas (scene, grid, walkthrough overlay, simulation overlay,
/// editing tools) and of the few panels that paint their own backgrounds, for each theme.
///
/// Three themes: Light (the default), Dark and High Contrast (black on white, darker hues, black outlines:
/// a washed-out projector keeps every line). Each may use a colour-blind-safe set for the colours that carry
/// meaning (body A/B, which is also reference/incident; overlap/gap; kept/discarded points; the three contact
/// methods): the Okabe-Ito palette (Okabe and Ito, "Color Universal Design", 2002), whose pairs stay apart
/// under protanopia and deuteranopia (tests/widgets/tst_palette.cpp simulates both with Machado et al. 2009 and
/// measures CIEDE2000).
///
/// The current palette is one per process, like the display scale: the canvas, the exporters and the docks read
/// it when they draw. setCurrentPalette() changes it and emits PaletteNotifier::changed so views can repaint.

#include <QColor>
#include <QObject>
#include <QString>

#include <array>
#include <optional>

namespace cl {

enum class Theme { Light, Dark, HighContrast };

/// "light", "dark", "high-contrast" (QSettings and command-line spelling).
QString themeName(Theme theme);
std::optional<Theme> parseTheme(const QString& name);

/// A dynamic body's fill and outline.
struct BodyHue {
    QRgb fill;
    QRgb outline;
};

struct Palette {
    Theme theme = Theme::Light;
    bool colourBlindSafe = false;

    // Canvas and scene.
    QRgb background;
    QRgb minorLine;
    QRgb majorLine;
    QRgb axisLine;
    QRgb gridText;
    QRgb labelText;
    /// Behind text (halos) and inside hollow markers: the background's tone, so labels read over lines.
    QRgb paper;
    QRgb selection;
    QRgb staticFill;
    QRgb staticOutline;
    std::array<BodyHue, 8> bodies;

    // Walkthrough overlay.
    QRgb bodyA; ///< body A, and the reference edge when A owns it
    QRgb bodyB; ///< body B, and the incident edge when B owns it
    QRgb overlap;
    QRgb gap;
    QRgb ink;       ///< axes, arrows, discarded points
    QRgb plane;     ///< clip planes
    QRgb kept;      ///< kept contact points
    QRgb discarded; ///< discarded clip points
    QRgb diagnostic;
    QRgb aabb;
    std::array<QRgb, 3> methods; ///< clipping, deepest vertices, vertex-edge

    // Editing tools.
    QRgb preview;
    QRgb refused;
    QRgb warningFill;
    QRgb infoFill;
    QRgb toolText;

    // Simulation overlay.
    QRgb newContact;
    QRgb persistingContact;
    QRgb normal;
    QRgb normalImpulse;
    QRgb frictionImpulse;
    QRgb velocity;
    QRgb simAabb;
    QRgb pair;
    QRgb sleepingTint; ///< with alpha
    QRgb particle;
    QRgb hub;
    QRgb centre;
    QRgb legendFill; ///< with alpha
    QRgb legendBorder;

    // Panels that paint their own backgrounds (the walkthrough's explanation and table).
    QRgb panelFill;
    QRgb panelBorder;
    QRgb panelText;
    QRgb emphasisRow;  ///< behind a table's emphasised rows (the MTV axis, the contacts, GJK's result)
    QRgb emphasisText; ///< the text of those rows: 4.5:1 or more against emphasisRow (WCAG 2.1 AA)
    QRgb noticeFill;
    QRgb noticeBorder;

    QColor color(QRgb rgb) const { return QColor::fromRgba(rgb); }
    /// `rgb` with alpha `alpha` (0..255).
    static QColor withAlpha(QRgb rgb, int alpha);
};

/// WCAG 2.1's contrast ratio of two opaque colours, (L1 + 0.05) / (L2 + 0.05) with L the relative luminance
/// of sRGB (1 for equal colours, 21 for black on white).
double contrastRatio(const QColor& a, const QColor& b);

/// `text`, darkened (on a light background) or lightened (on a dark one) in steps until it reads at
/// `ratio`:1 or more on `background`: a colour that carries meaning (a contact method's hue) keeps its hue
/// where it can and stays readable where it cannot.
QColor readableOn(const QColor& text, const QColor& background, double ratio = 4.5);

/// The palette of `theme`, with the Okabe-Ito set when `colourBlindSafe`.
Palette makePalette(Theme theme, bool colourBlindSafe);

/// The palette everything draws with now.
const Palette& currentPalette();
/// Changes the current palette (and the revision) and emits PaletteNotifier::changed when it differs.
void setCurrentPalette(Theme theme, bool colourBlindSafe);
/// Bumped by every change: caches of colours (SimBodyLayer) compare it.
int paletteRevision();

/// Announces palette changes to views and panels (one object per process).
class PaletteNotifier : public QObject {
    Q_OBJECT
public:
    static PaletteNotifier* instance();
signals:
    void changed();
};

} // namespace cl
