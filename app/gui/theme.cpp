/// @file theme.cpp

#include "theme.h"

#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QPalette>
#include <QSettings>
#include <QWidget>

#include <optional>

namespace cl {

namespace {

const QString kThemeKey = QStringLiteral("view/theme");
const QString kColourBlindKey = QStringLiteral("view/colourBlindSafe");

/// The widgets' palette the application started with (the light theme's).
std::optional<QPalette> g_startPalette;

/// The QPalette of the docks, menus and toolbars in a dark or high-contrast theme, from the drawing palette
/// so panels and canvas agree.
QPalette widgetPalette(const Palette& p) {
    QPalette q = *g_startPalette;
    const auto set = [&q](QPalette::ColorRole role, QRgb rgb) {
        q.setColor(QPalette::All, role, QColor::fromRgba(rgb));
    };
    if (p.theme == Theme::Dark) {
        set(QPalette::Window, 0xff2b3038);
        set(QPalette::WindowText, p.labelText);
        set(QPalette::Base, p.background);
        set(QPalette::AlternateBase, 0xff262b32);
        set(QPalette::Text, p.labelText);
        set(QPalette::Button, 0xff353b45);
        set(QPalette::ButtonText, p.labelText);
        set(QPalette::BrightText, 0xffffffff);
        set(QPalette::ToolTipBase, 0xff353b45);
        set(QPalette::ToolTipText, p.labelText);
        set(QPalette::PlaceholderText, p.gridText);
        set(QPalette::Highlight, 0xff3d5afe);
        set(QPalette::HighlightedText, 0xffffffff);
        set(QPalette::Link, p.selection);
        set(QPalette::Light, 0xff4a515d);
        set(QPalette::Midlight, 0xff3d434e);
        set(QPalette::Mid, 0xff2a2f37);
        set(QPalette::Dark, 0xff181b20);
        set(QPalette::Shadow, 0xff000000);
        q.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0xff7d8592));
        q.setColor(QPalette::Disabled, QPalette::Text, QColor(0xff7d8592));
        q.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0xff7d8592));
    } else if (p.theme == Theme::HighContrast) {
        set(QPalette::Window, 0xffffffff);
        set(QPalette::WindowText, 0xff000000);
        set(QPalette::Base, 0xffffffff);
        set(QPalette::AlternateBase, 0xfff0f0f0);
        set(QPalette::Text, 0xff000000);
        set(QPalette::Button, 0xffffffff);
        set(QPalette::ButtonText, 0xff000000);
        set(QPalette::ToolTipBase, 0xffffffff);
        set(QPalette::ToolTipText, 0xff000000);
        set(QPalette::Highlight, 0xff0000c0);
        set(QPalette::HighlightedText, 0xffffffff);
        set(QPalette::Mid, 0xff000000);
        set(QPalette::Dark, 0xff000000);
        set(QPalette::Shadow, 0xff000000);
        q.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0xff505050));
        q.setColor(QPalette::Disabled, QPalette::Text, QColor(0xff505050));
        q.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0xff505050));
    }
    // The selected rows of the walkthrough's tables (the current step) are read from across a classroom:
    // the selection's text on its colour at 4.5:1 or more (WCAG 2.1 AA) in every theme. Fusion's light blue
    // under white text is 3.7:1; where the style's own pair passes, it is kept.
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        const QColor text = q.color(group, QPalette::HighlightedText);
        const QColor fill = q.color(group, QPalette::Highlight);
        if (contrastRatio(text, fill) < 4.5) {
            q.setColor(group, QPalette::Highlight, readableOn(fill, text));
        }
    }
    return q;
}

const char* const kRoleProperty = "clThemedRole";
const char* const kExtraProperty = "clThemedExtra";
/// Presentation mode's font size in points (absent: the widget's own). Kept apart from the extra
/// declarations so a theme change, which rewrites the whole style sheet, keeps it.
const char* const kFontSizeProperty = "clThemedFontSize";

/// Per role (ThemedRole's order), the colours in the Light, Dark and High Contrast themes: text and
/// background chosen together, so each stays readable.
struct RoleColours {
    const char* light;
    const char* dark;
    const char* contrast;
};
constexpr RoleColours kRoleColours[] = {
    {"background: #fff6d5; color: #3a3000; border: 1px solid #d9c27a;",
     "background: #3d3020; color: #f3e6b5; border: 1px solid #6b5a2e;",
     "background: #ffffff; color: #000000; border: 2px solid #000000;"}, // Note
    {"color: #555555;", "color: #aab2bd;", "color: #000000;"},           // Hint
    {"color: #a04000;", "color: #ffb74d;", "color: #7a1f00;"},           // Warning
    {"color: #6a5a00;", "color: #e6d27a;", "color: #000000;"},           // Answer
};

QString themedSheet(Theme theme, ThemedRole role, const QString& extra) {
    const RoleColours& c = kRoleColours[static_cast<int>(role)];
    const char* colours = theme == Theme::Dark ? c.dark : theme == Theme::HighContrast ? c.contrast : c.light;
    return QStringLiteral("QLabel { %1 %2 }").arg(QLatin1String(colours), extra);
}

void restyle(QWidget* widget) {
    const QVariant role = widget->property(kRoleProperty);
    if (role.isValid()) {
        QString extra = widget->property(kExtraProperty).toString();
        if (const double points = widget->property(kFontSizeProperty).toDouble(); points > 0) {
            extra += QStringLiteral(" font-size: %1pt;").arg(points, 0, 'f', 1);
        }
        widget->setStyleSheet(
            themedSheet(currentPalette().theme, static_cast<ThemedRole>(role.toInt()), extra));
    }
}

} // namespace

void applyTheme(Theme theme, bool colourBlindSafe) {
    if (!g_startPalette) {
        g_startPalette = QApplication::palette();
    }
    setCurrentPalette(theme, colourBlindSafe);
    QApplication::setPalette(widgetPalette(currentPalette()));
    for (QWidget* widget : QApplication::allWidgets()) {
        restyle(widget);
    }
}

void setThemedStyle(QWidget* widget, ThemedRole role, const QString& extra) {
    widget->setProperty(kRoleProperty, static_cast<int>(role));
    widget->setProperty(kExtraProperty, extra);
    restyle(widget);
}

bool hasThemedStyle(const QWidget* widget) {
    return widget->property(kRoleProperty).isValid();
}

void setThemedFontSize(QWidget* widget, double points) {
    widget->setProperty(kFontSizeProperty, points > 0 ? QVariant(points) : QVariant());
    restyle(widget);
}

void installThemes(MainWindow& window) {
    QMenu* view = window.viewMenu();
    const QSettings settings;
    const Theme saved = parseTheme(settings.value(kThemeKey).toString()).value_or(Theme::Light);
    const bool savedColourBlind = settings.value(kColourBlindKey, false).toBool();

    view->addSeparator();
    QMenu* themes = view->addMenu(QObject::tr("&Theme"));
    themes->setObjectName(QStringLiteral("menuTheme"));
    auto* group = new QActionGroup(themes);
    const struct {
        Theme theme;
        const char* text;
        const char* object;
        const char* tip;
    } entries[] = {
        {Theme::Light, QT_TR_NOOP("&Light"), "actionThemeLight", QT_TR_NOOP("Dark lines on a light canvas")},
        {Theme::Dark, QT_TR_NOOP("&Dark"), "actionThemeDark", QT_TR_NOOP("Light lines on a dark canvas")},
        {Theme::HighContrast, QT_TR_NOOP("&High Contrast"), "actionThemeHighContrast",
         QT_TR_NOOP("Black on white with darker colours, for a washed-out projector")},
    };
    for (const auto& entry : entries) {
        QAction* action = themes->addAction(QObject::tr(entry.text));
        action->setObjectName(QString::fromLatin1(entry.object));
        action->setStatusTip(QObject::tr(entry.tip));
        action->setCheckable(true);
        action->setChecked(entry.theme == saved);
        group->addAction(action);
        const Theme theme = entry.theme;
        // triggered: the user's choice is saved at once (a crash does not lose it).
        QObject::connect(action, &QAction::triggered, &window, [theme] {
            applyTheme(theme, currentPalette().colourBlindSafe);
            QSettings().setValue(kThemeKey, themeName(theme));
        });
    }
    themes->addSeparator();
    QAction* colourBlind = themes->addAction(QObject::tr("&Colour-Blind-Safe Colours"));
    colourBlind->setObjectName(QStringLiteral("actionColourBlindSafe"));
    colourBlind->setStatusTip(
        QObject::tr("Okabe-Ito colours for A and B, overlap and gap, kept and discarded "
                    "points: apart under red-green colour blindness"));
    colourBlind->setCheckable(true);
    colourBlind->setChecked(savedColourBlind);
    QObject::connect(colourBlind, &QAction::triggered, &window, [](bool on) {
        applyTheme(currentPalette().theme, on);
        QSettings().setValue(kColourBlindKey, on);
    });
    applyTheme(saved, savedColourBlind);
}

} // namespace cl
