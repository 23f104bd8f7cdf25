/// @file palette.cpp

#include "palette.h"

#include <algorithm>
#include <cmath>

namespace cl {

namespace {

/// The light theme: the colours the canvas always had. Body fills are soft with a darker outline of the same
/// hue (after the Tableau 10 palette).
Palette lightPalette() {
    Palette p;
    p.theme = Theme::Light;
    p.background = 0xfffbfbfd;
    p.minorLine = 0xffeef0f4;
    p.majorLine = 0xffd9dde4;
    p.axisLine = 0xff9aa3b2;
    p.gridText = 0xff5d6676;
    p.labelText = 0xff1f2630;
    p.paper = 0xffffffff;
    p.selection = 0xff3d5afe; // a saturated blue-violet that none of the body fills uses
    p.staticFill = 0xffcfd5de;
    p.staticOutline = 0xff6b7686;
    p.bodies = {{
        {0xff8fb9e6, 0xff2f6aa8}, // blue
        {0xfff7b978, 0xffc0651a}, // orange
        {0xff9bd08f, 0xff3f8a34}, // green
        {0xffee9b9b, 0xffb53c3c}, // red
        {0xffc2a9e0, 0xff6c4ea3}, // purple
        {0xff8fd4cc, 0xff23867d}, // teal
        {0xfff1d47e, 0xffa48318}, // yellow
        {0xffdcb494, 0xff875a34}, // brown
    }};
    p.bodyA = 0xff1c64d2; // strong blue
    p.bodyB = 0xffd9480f; // strong orange
    p.overlap = 0xffc92a2a;
    p.gap = 0xff2b8a3e;
    p.ink = 0xff343a40;
    p.plane = 0xff862e9c;
    p.kept = 0xffc92a2a;
    p.discarded = 0xff343a40;
    p.diagnostic = 0xff495057;
    p.aabb = 0xff7048e8;
    p.methods = {0xff2b8a3e, 0xffae3ec9, 0xff1098ad};
    p.preview = 0xff1a3fb8;
    p.refused = 0xffd32f2f;
    p.warningFill = 0xfffff4e5;
    p.infoFill = 0xffffffff;
    p.toolText = 0xff1f2630;
    p.newContact = 0xffeb5a14;
    p.persistingContact = 0xff1e6edc;
    p.normal = 0xff3c3c46;
    p.normalImpulse = 0xffc81e8c;
    p.frictionImpulse = 0xff00968c;
    p.velocity = 0xff28a028;
    p.simAabb = 0xffe68c00;
    p.pair = 0xff78788c;
    p.sleepingTint = qRgba(90, 100, 150, 110);
    p.particle = 0xff8228be;
    p.hub = 0xff3c0f5f;
    p.centre = 0xff141414;
    p.legendFill = qRgba(255, 255, 255, 225);
    p.legendBorder = qRgba(0, 0, 0, 60);
    p.panelFill = 0xfff4f6fa;
    p.panelBorder = 0xffd5dae3;
    p.panelText = 0xff1f2630;
    p.emphasisRow = 0xffffecb3;
    p.emphasisText = 0xff1f2630;
    p.noticeFill = 0xfffff4d6;
    p.noticeBorder = 0xffe0c060;
    return p;
}

/// Dark: a blue-grey background, light outlines on deep fills, lighter hues of the light theme's meanings.
Palette darkPalette() {
    Palette p = lightPalette();
    p.theme = Theme::Dark;
    p.background = 0xff1e2228;
    p.minorLine = 0xff262b32;
    p.majorLine = 0xff343a43;
    p.axisLine = 0xff5f6a7a;
    p.gridText = 0xffa8b0bc;
    p.labelText = 0xffe6e9ee;
    p.paper = 0xff1e2228;
    p.selection = 0xff8c9eff;
    p.staticFill = 0xff3a414c;
    p.staticOutline = 0xffa2abb8;
    p.bodies = {{
        {0xff2c5680, 0xff9cc5f0},
        {0xff7a4a1c, 0xfff7b978},
        {0xff2f5e2a, 0xff9bd08f},
        {0xff7a2e2e, 0xffee9b9b},
        {0xff4e3d75, 0xffc2a9e0},
        {0xff1c5e58, 0xff8fd4cc},
        {0xff6e5c18, 0xfff1d47e},
        {0xff5e4128, 0xffdcb494},
    }};
    p.bodyA = 0xff5c9cff;
    p.bodyB = 0xffff8a4c;
    p.overlap = 0xffff6b6b;
    p.gap = 0xff51cf66;
    p.ink = 0xffdee2e6;
    p.plane = 0xffda77f2;
    p.kept = 0xffff6b6b;
    p.discarded = 0xffdee2e6;
    p.diagnostic = 0xffadb5bd;
    p.aabb = 0xff9775fa;
    p.methods = {0xff51cf66, 0xffe599f7, 0xff3bc9db};
    p.preview = 0xff8ca6ff;
    p.refused = 0xffff6b6b;
    p.warningFill = 0xff3d3020;
    p.infoFill = 0xff2a2f37;
    p.toolText = 0xffe6e9ee;
    p.newContact = 0xffff8c42;
    p.persistingContact = 0xff5c9cff;
    p.normal = 0xffc8ccd4;
    p.normalImpulse = 0xfff06595;
    p.frictionImpulse = 0xff38d9a9;
    p.velocity = 0xff69db7c;
    p.simAabb = 0xffffa94d;
    p.pair = 0xff9aa3b2;
    p.sleepingTint = qRgba(150, 160, 230, 110);
    p.particle = 0xffc084fc;
    p.hub = 0xffe9d5ff;
    p.centre = 0xfff1f3f5;
    p.legendFill = qRgba(36, 41, 48, 230);
    p.legendBorder = qRgba(255, 255, 255, 70);
    p.panelFill = 0xff2a2f37;
    p.panelBorder = 0xff454c58;
    p.panelText = 0xffe6e9ee;
    p.emphasisRow = 0xff5c4a14;
    p.emphasisText = 0xfff3e6b5; // 8.5:1 on the dark amber
    p.noticeFill = 0xff4a3f1f;
    p.noticeBorder = 0xff9c8440;
    return p;
}

/// High contrast: white paper, black text and outlines, darker hues: what survives a washed-out projector.
Palette highContrastPalette() {
    Palette p = lightPalette();
    p.theme = Theme::HighContrast;
    p.background = 0xffffffff;
    p.minorLine = 0xffe4e4e4;
    p.majorLine = 0xffb4b4b4;
    p.axisLine = 0xff404040;
    p.gridText = 0xff000000;
    p.labelText = 0xff000000;
    p.paper = 0xffffffff;
    p.selection = 0xff0000e0;
    p.staticFill = 0xffc0c0c0;
    p.staticOutline = 0xff000000;
    for (BodyHue& hue : p.bodies) {
        hue.outline = 0xff000000;
    }
    p.bodyA = 0xff0040c0;
    p.bodyB = 0xffc03000;
    p.overlap = 0xffb00000;
    p.gap = 0xff006400;
    p.ink = 0xff000000;
    p.plane = 0xff6a0080;
    p.kept = 0xffb00000;
    p.discarded = 0xff000000;
    p.diagnostic = 0xff202020;
    p.aabb = 0xff4b00c8;
    p.methods = {0xff006400, 0xff8000a0, 0xff006080};
    p.preview = 0xff0020a0;
    p.refused = 0xffc00000;
    p.toolText = 0xff000000;
    p.normal = 0xff000000;
    p.pair = 0xff404040;
    p.centre = 0xff000000;
    p.legendFill = qRgba(255, 255, 255, 245);
    p.legendBorder = 0xff000000;
    p.panelFill = 0xffffffff;
    p.panelBorder = 0xff000000;
    p.panelText = 0xff000000;
    p.emphasisRow = 0xffffe066;
    p.emphasisText = 0xff000000;
    p.noticeFill = 0xffffffff;
    p.noticeBorder = 0xff000000;
    // Simulate mode's marks, as dark as the rest (the light theme's orange-red is 3.5:1 on white).
    p.newContact = 0xffc03000;
    p.persistingContact = 0xff0040c0;
    p.normalImpulse = 0xff8000a0;
    p.frictionImpulse = 0xff006080;
    p.velocity = 0xff006400;
    return p;
}

/// The Okabe-Ito set for the colours that carry meaning. On the dark background the sky blue replaces the
/// blue, which is too dark there. On High Contrast the same hues are darkened until each reads at 4.5:1 or
/// more on the white canvas (WCAG 2.1's AA contrast for text): Okabe-Ito's orange is 2.2:1 there, its bluish
/// green 3.4:1, its vermillion 3.9:1.
void makeColourBlindSafe(Palette& p) {
    constexpr QRgb kBlue = 0xff0072b2;
    constexpr QRgb kSkyBlue = 0xff56b4e9;
    struct Hues {
        QRgb blue, orange, vermillion, green, sky, purple, friction;
    };
    constexpr Hues kOkabeIto{kBlue, 0xffe69f00, 0xffd55e00, 0xff009e73, kSkyBlue, 0xffcc79a7, 0xff009e73};
    // (friction in the dark orange: the dark green is too close to the dark purple for a deuteranope)
    constexpr Hues kDarkened{kBlue, 0xffb35900, 0xffa83800, 0xff007a5a, 0xff005a8c, 0xff9e3f73, 0xffb35900};
    Hues h = p.theme == Theme::HighContrast ? kDarkened : kOkabeIto;
    if (p.theme == Theme::Dark) {
        h.blue = kSkyBlue;
    }
    p.colourBlindSafe = true;
    p.bodyA = h.blue;
    p.bodyB = h.orange;
    // Overlap and kept points are not in Okabe-Ito's set: its vermillion is too close to B's orange for a
    // deuteranope (CIEDE2000 12.5, 7.4 on High Contrast) and its reddish purple too close to A's blue for a
    // protanope (12.2), while the ruler draws the overlap bracket right beside both bars. A dark red (a pink on
    // the dark canvas) stays 15 or more from A, B, the gap's green and the ink in every vision tst_palette
    // simulates (found by a search over sRGB in steps of 17, keeping the reds and magentas).
    const QRgb overlap = p.theme == Theme::Dark ? 0xffff33aa : 0xff8b1a1a;
    p.overlap = overlap;
    p.gap = h.green;
    p.kept = overlap;
    p.discarded = p.ink;
    p.methods = {h.green, h.vermillion, h.sky};
    p.newContact = h.vermillion;
    p.persistingContact = h.blue;
    p.normalImpulse = h.purple;
    p.frictionImpulse = h.friction;
    p.velocity = h.blue;
    p.simAabb = h.orange;
}

Palette g_current = lightPalette();
int g_revision = 0;

} // namespace

QString themeName(Theme theme) {
    switch (theme) {
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::HighContrast:
        return QStringLiteral("high-contrast");
    case Theme::Light:
        break;
    }
    return QStringLiteral("light");
}

std::optional<Theme> parseTheme(const QString& name) {
    for (Theme theme : {Theme::Light, Theme::Dark, Theme::HighContrast}) {
        if (name == themeName(theme)) {
            return theme;
        }
    }
    return std::nullopt;
}

QColor Palette::withAlpha(QRgb rgb, int alpha) {
    QColor c = QColor::fromRgba(rgb);
    c.setAlpha(alpha);
    return c;
}

namespace {

double relativeLuminance(const QColor& c) {
    const auto channel = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

} // namespace

double contrastRatio(const QColor& a, const QColor& b) {
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& text, const QColor& background, double ratio) {
    QColor c = text;
    c.setAlpha(255);
    // Towards black on a light background, towards white on a dark one: each step closes a tenth of the
    // distance, so the hue is kept as long as the ratio allows; 40 steps reach black or white within 2%.
    const bool light = relativeLuminance(background) > 0.18;
    for (int i = 0; i < 40 && contrastRatio(c, background) < ratio; ++i) {
        const double target = light ? 0.0 : 1.0;
        c = QColor::fromRgbF(float(c.redF() + 0.1 * (target - c.redF())),
                             float(c.greenF() + 0.1 * (target - c.greenF())),
                             float(c.blueF() + 0.1 * (target - c.blueF())));
    }
    return c;
}

Palette makePalette(Theme theme, bool colourBlindSafe) {
    Palette p = theme == Theme::Dark           ? darkPalette()
                : theme == Theme::HighContrast ? highContrastPalette()
                                               : lightPalette();
    if (colourBlindSafe) {
        makeColourBlindSafe(p);
    }
    return p;
}

const Palette& currentPalette() {
    return g_current;
}

void setCurrentPalette(Theme theme, bool colourBlindSafe) {
    if (theme == g_current.theme && colourBlindSafe == g_current.colourBlindSafe) {
        return;
    }
    g_current = makePalette(theme, colourBlindSafe);
    ++g_revision;
    emit PaletteNotifier::instance()->changed();
}

int paletteRevision() {
    return g_revision;
}

PaletteNotifier* PaletteNotifier::instance() {
    static PaletteNotifier notifier;
    return &notifier;
}

} // namespace cl
