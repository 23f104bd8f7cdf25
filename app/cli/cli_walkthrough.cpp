/// @file cli_walkthrough.cpp
/// `contactlab-cli walkthrough SCENE --a I --b J [--tab sat|clipping|methods|gjk|epa|voronoi|toi|split|all]
/// [--format text|markdown|json]`: the Walkthrough dock's lessons on a terminal. Each tab's table and every
/// step's title and explanation come from the same models the dock shows (widgets/walkthrough.h:
/// Walkthrough::build, steps(), table() for SAT, clipping and methods; widgets/gjk_steps.h: GjkSteps for the
/// GJK · EPA · Voronoi page's tabs), so a student reads in a terminal what the app shows, a teacher pastes
/// Markdown into notes, and tests check the text. With --slides DIR and/or --pdf FILE it writes the same
/// steps as slides instead (widgets/slide_renderer.h): one 1920x1080 PNG per step, and one PDF page per step.

#include "cli.h"
#include "gjk_steps.h"
#include "slide_renderer.h"
#include "walkthrough.h"

#include "physics/decompose.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <memory>
#include <variant>
#include <vector>

namespace cl::cli {

namespace {

std::optional<int> parseIndex(const QString& text, int count) {
    bool ok = false;
    const int i = text.toInt(&ok);
    if (!ok || i < 0 || i >= count) {
        return std::nullopt;
    }
    return i;
}

/// "Axis 1 of 8" etc. for a tab name as the dock's tab bar writes it.
QString tabTitle(WalkthroughMode mode) {
    switch (mode) {
    case WalkthroughMode::Sat:
        return QStringLiteral("SAT");
    case WalkthroughMode::Clipping:
        return QStringLiteral("Clipping");
    case WalkthroughMode::Methods:
        return QStringLiteral("Methods");
    }
    return {};
}

/// The GJK page's tab names as its tab bar writes them.
QString tabTitle(GjkSteps::Tab tab) {
    switch (tab) {
    case GjkSteps::Tab::Gjk:
        return QStringLiteral("GJK");
    case GjkSteps::Tab::Epa:
        return QStringLiteral("EPA");
    case GjkSteps::Tab::Voronoi:
        return QStringLiteral("Voronoi");
    case GjkSteps::Tab::Split:
        return QStringLiteral("Split");
    case GjkSteps::Tab::Toi:
        return QStringLiteral("TOI");
    }
    return {};
}

/// A body's outline in the world frame, to split as the Polygon tool would: a polygon's vertices, or for a
/// compound body the boundary of its polygons when they tile one outline edge to edge (as the pieces of a
/// split do): every edge two pieces share appears once each way and cancels, and the edges left must form one
/// loop. Otherwise the reason, naming the body.
std::variant<std::vector<phys::Vec2>, QString> outlineOf(const phys::BodyDef& body, int index) {
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    std::vector<std::pair<phys::Vec2, phys::Vec2>> edges;
    for (std::size_t s = 0; s < body.shapes.size(); ++s) {
        const auto* polygon = std::get_if<phys::Polygon>(&body.shapes[s].geometry);
        if (!polygon) {
            return QStringLiteral("bodies[%1].shapes[%2] is a circle: only polygon outlines are split")
                .arg(index)
                .arg(s);
        }
        for (int i = 0; i < polygon->count(); ++i) {
            edges.emplace_back(phys::transformPoint(xf, polygon->vertex(i)),
                               phys::transformPoint(xf, polygon->vertex((i + 1) % polygon->count())));
        }
    }
    std::vector<std::pair<phys::Vec2, phys::Vec2>> boundary;
    for (const auto& e : edges) {
        const bool shared = std::any_of(edges.begin(), edges.end(), [&e](const auto& f) {
            return f.first == e.second && f.second == e.first;
        });
        if (!shared) {
            boundary.push_back(e);
        }
    }
    const QString notOne = QStringLiteral("bodies[%1]: its shapes do not tile one outline edge to edge, so "
                                          "there is no outline to split")
                               .arg(index);
    if (boundary.size() < 3) {
        return notOne;
    }
    std::vector<phys::Vec2> out;
    phys::Vec2 at = boundary.front().first;
    for (std::size_t k = 0; k < boundary.size(); ++k) {
        const auto next =
            std::find_if(boundary.begin(), boundary.end(), [&at](const auto& e) { return e.first == at; });
        if (next == boundary.end() || std::count_if(boundary.begin(), boundary.end(),
                                                    [&at](const auto& e) { return e.first == at; }) != 1) {
            return notOne;
        }
        out.push_back(at);
        at = next->second;
        if (at == boundary.front().first && k + 1 < boundary.size()) {
            return notOne; // a loop closed before every boundary edge was walked: several outlines
        }
    }
    if (at != boundary.front().first) {
        return notOne;
    }
    return out;
}

/// "0 (plank)" or "3".
QString bodyName(const phys::BodyDef& body, int index) {
    return body.name.empty() ? QString::number(index)
                             : QStringLiteral("%1 (%2)").arg(index).arg(QString::fromStdString(body.name));
}

/// A table for a terminal: the two lines of a cell side by side, columns padded to their widest cell.
QString textTable(const WalkthroughTable& table) {
    std::vector<QStringList> lines;
    lines.push_back(table.headers);
    for (const WalkthroughTable::Row& row : table.rows) {
        QStringList cells;
        for (const QString& cell : row.cells) {
            cells << QString(cell).replace(QLatin1Char('\n'), QStringLiteral("  "));
        }
        if (row.emphasised && !cells.isEmpty()) {
            cells.front() += QStringLiteral(" *");
        }
        lines.push_back(cells);
    }
    std::vector<qsizetype> widths(std::size_t(table.headers.size()), 0);
    for (const QStringList& cells : lines) {
        for (qsizetype c = 0; c < cells.size() && c < qsizetype(widths.size()); ++c) {
            widths[std::size_t(c)] = std::max(widths[std::size_t(c)], cells[c].size());
        }
    }
    QString out;
    for (std::size_t l = 0; l < lines.size(); ++l) {
        QStringList padded;
        for (qsizetype c = 0; c < lines[l].size() && c < qsizetype(widths.size()); ++c) {
            padded << lines[l][c].leftJustified(widths[std::size_t(c)]);
        }
        out += padded.join(QStringLiteral(" | ")).trimmed() + QLatin1Char('\n');
        if (l == 0) {
            QStringList rule;
            for (const qsizetype w : widths) {
                rule << QString(w, QLatin1Char('-'));
            }
            out += rule.join(QStringLiteral("-+-")) + QLatin1Char('\n');
        }
    }
    return out;
}

/// A Markdown cell: pipes escaped, the two lines of a cell joined by <br>.
QString markdownCell(QString text) {
    return text.replace(QLatin1Char('|'), QStringLiteral("\\|"))
        .replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

QString markdownTable(const WalkthroughTable& table) {
    QStringList header, rule;
    for (const QString& h : table.headers) {
        header << markdownCell(h);
        rule << QStringLiteral("---");
    }
    QString out = QStringLiteral("| %1 |\n| %2 |\n")
                      .arg(header.join(QStringLiteral(" | ")), rule.join(QStringLiteral(" | ")));
    for (const WalkthroughTable::Row& row : table.rows) {
        QStringList cells;
        for (const QString& cell : row.cells) {
            cells << (row.emphasised ? QStringLiteral("**%1**").arg(markdownCell(cell)) : markdownCell(cell));
        }
        out += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
    }
    return out;
}

QJsonObject tableJson(const WalkthroughTable& table) {
    QJsonArray rows;
    for (const WalkthroughTable::Row& row : table.rows) {
        rows.append(
            QJsonObject{{QStringLiteral("cells"), QJsonArray::fromStringList(row.cells)},
                        {QStringLiteral("step"), row.step >= 0 ? QJsonValue(row.step + 1) : QJsonValue()},
                        {QStringLiteral("emphasised"), row.emphasised}});
    }
    return {{QStringLiteral("headers"), QJsonArray::fromStringList(table.headers)},
            {QStringLiteral("rows"), rows}};
}

/// Writes the slides as DIR/slide_NN.png and/or one PDF and prints what it wrote (and which tabs had
/// nothing to show).
int writeSlides(const std::vector<Slide>& slides, const QString& dir, const QString& pdf,
                const QString& title, const QStringList& skipped) {
    if (!dir.isEmpty()) {
        if (!QDir().mkpath(dir)) {
            printErr(QStringLiteral("contactlab-cli: cannot create the directory %1\n").arg(dir));
            return kExitFailure;
        }
        const QString error =
            SlideRenderer::writePngSeries(QDir(dir).filePath(QStringLiteral("slide.png")), slides);
        if (!error.isEmpty()) {
            printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
            return kExitFailure;
        }
        printOut(QStringLiteral("wrote %1 slides (%2x%3 PNG) to %4\n")
                     .arg(slides.size())
                     .arg(SlideRenderer::kSlideSize.width())
                     .arg(SlideRenderer::kSlideSize.height())
                     .arg(dir));
    }
    if (!pdf.isEmpty()) {
        const QString error = SlideRenderer::writePdf(pdf, slides, title);
        if (!error.isEmpty()) {
            printErr(QStringLiteral("contactlab-cli: %1\n").arg(error));
            return kExitFailure;
        }
        printOut(QStringLiteral("wrote %1 (%2 pages)\n").arg(pdf).arg(slides.size()));
    }
    for (const QString& why : skipped) {
        printOut(QStringLiteral("no slides for %1\n").arg(why));
    }
    return kExitOk;
}

} // namespace

int runWalkthrough(const Subcommand& self, const QStringList& args) {
    Arguments parsed;
    if (const std::optional<int> done =
            parseSceneCommand(self, args,
                              {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("tab"),
                               QStringLiteral("format"), QStringLiteral("slides"), QStringLiteral("pdf")},
                              parsed)) {
        return *done;
    }
    if (!parsed.values.contains(QStringLiteral("a")) || !parsed.values.contains(QStringLiteral("b"))) {
        return usageError(self, QStringLiteral("both --a and --b are required"));
    }
    // The SAT page's tabs, then the GJK page's, in the dock's order.
    using Tab = std::variant<WalkthroughMode, GjkSteps::Tab>;
    std::vector<Tab> tabs;
    const QString tab = parsed.values.value(QStringLiteral("tab"), QStringLiteral("all")).trimmed().toLower();
    if (tab == QLatin1String("all")) {
        tabs = {WalkthroughMode::Sat, WalkthroughMode::Clipping, WalkthroughMode::Methods,
                GjkSteps::Tab::Gjk,   GjkSteps::Tab::Epa,        GjkSteps::Tab::Voronoi,
                GjkSteps::Tab::Toi,   GjkSteps::Tab::Split};
    } else if (const std::optional<WalkthroughMode> mode = parseWalkthroughMode(tab)) {
        tabs = {*mode};
    } else if (const std::optional<GjkSteps::Tab> gjkTab = GjkSteps::parseTab(tab)) {
        tabs = {*gjkTab};
    } else {
        return usageError(self, QStringLiteral("unknown tab '%1' (expected sat, clipping, methods, gjk, epa, "
                                               "voronoi, toi, split or all)")
                                    .arg(parsed.values.value(QStringLiteral("tab"))));
    }
    const QString format =
        parsed.values.value(QStringLiteral("format"), QStringLiteral("text")).trimmed().toLower();
    if (format != QLatin1String("text") && format != QLatin1String("markdown") &&
        format != QLatin1String("json")) {
        return usageError(self, QStringLiteral("unknown format '%1' (expected text, markdown or json)")
                                    .arg(parsed.values.value(QStringLiteral("format"))));
    }
    const QString slidesDir = parsed.values.value(QStringLiteral("slides"));
    const QString pdf = parsed.values.value(QStringLiteral("pdf"));
    if (parsed.values.contains(QStringLiteral("slides")) && slidesDir.isEmpty()) {
        return usageError(self, QStringLiteral("--slides needs a directory"));
    }
    if (parsed.values.contains(QStringLiteral("pdf")) &&
        QFileInfo(pdf).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) != 0) {
        return usageError(self, QStringLiteral("--pdf must name a file ending in .pdf, got '%1'").arg(pdf));
    }
    const bool slidesWanted = !slidesDir.isEmpty() || !pdf.isEmpty();
    if (slidesWanted && parsed.values.contains(QStringLiteral("format"))) {
        return usageError(self,
                          QStringLiteral("--format prints text; it does not go with --slides or --pdf"));
    }
    const std::optional<Scene> scene = loadSceneOrReport(parsed.positional.front());
    if (!scene) {
        return kExitInvalidScene;
    }
    const auto& bodies = scene->def.bodies;
    const int count = int(bodies.size());
    const std::optional<int> a = parseIndex(parsed.values.value(QStringLiteral("a")), count);
    const std::optional<int> b = parseIndex(parsed.values.value(QStringLiteral("b")), count);
    if (!a || !b) {
        return usageError(self,
                          QStringLiteral("--a and --b must be body indices from 0 to %1 (the scene has %2 "
                                         "bodies)")
                              .arg(count - 1)
                              .arg(count));
    }
    if (*a == *b) {
        return usageError(self, QStringLiteral("--a and --b must name two different bodies"));
    }
    const phys::BodyDef& bodyA = bodies[std::size_t(*a)];
    const phys::BodyDef& bodyB = bodies[std::size_t(*b)];

    QString text;
    QJsonArray tabsJson;
    std::vector<Slide> slides;
    QStringList skipped; // tabs with nothing to show as slides, and why
    const auto sceneShared = std::make_shared<const phys::SceneDef>(scene->def);
    const QString pairText =
        QStringLiteral("A = body %1, B = body %2").arg(bodyName(bodyA, *a), bodyName(bodyB, *b));
    const bool markdown = format == QLatin1String("markdown");
    // A tab as text or Markdown: the heading, the table when the tab has one, then every step.
    auto printSteps = [&](const QString& heading, const QString& table,
                          const std::vector<std::pair<QString, QString>>& steps) {
        text += markdown
                    ? QStringLiteral("## %1\n\n").arg(heading)
                    : QStringLiteral("%1\n%2\n\n").arg(heading, QString(heading.size(), QLatin1Char('=')));
        if (!table.isEmpty()) {
            text += table + QLatin1Char('\n');
        }
        const int n = int(steps.size());
        for (int s = 0; s < n; ++s) {
            const QString title =
                QStringLiteral("Step %1 of %2: %3").arg(s + 1).arg(n).arg(steps[std::size_t(s)].first);
            text += markdown ? QStringLiteral("### %1\n\n%2\n\n").arg(title, steps[std::size_t(s)].second)
                             : QStringLiteral("%1\n  %2\n\n").arg(title, steps[std::size_t(s)].second);
        }
    };
    auto stepsJson = [](const std::vector<std::pair<QString, QString>>& steps) {
        QJsonArray out;
        for (std::size_t s = 0; s < steps.size(); ++s) {
            out.append(QJsonObject{{QStringLiteral("step"), int(s) + 1},
                                   {QStringLiteral("title"), steps[s].first},
                                   {QStringLiteral("explanation"), steps[s].second}});
        }
        return out;
    };
    for (const Tab& entry : tabs) {
        if (const auto* gjkTab = std::get_if<GjkSteps::Tab>(&entry)) {
            // The GJK page: the first shape of each body (the split: body A's outline).
            GjkSteps model;
            QString splitProblem;
            QString heading;
            if (*gjkTab == GjkSteps::Tab::Toi) {
                ToiMotion motion;
                motion.a = bodyA;
                motion.b = bodyB;
                motion.dt = scene->def.settings.timeStep;
                model = GjkSteps::toi(motion);
            } else if (*gjkTab == GjkSteps::Tab::Split) {
                heading = QStringLiteral("Split: the outline of body %1").arg(bodyName(bodyA, *a));
                auto outline = outlineOf(bodyA, *a);
                phys::DecomposeTrace trace;
                QString problem;
                if (const QString* why = std::get_if<QString>(&outline)) {
                    problem = *why;
                } else if (const auto pieces =
                               phys::decomposeConcave(std::get<std::vector<phys::Vec2>>(outline), &trace);
                           !pieces) {
                    problem = QStringLiteral("bodies[%1]: %2")
                                  .arg(*a)
                                  .arg(QString::fromStdString(pieces.error().message));
                }
                if (problem.isEmpty()) {
                    model = GjkSteps::split(trace, {}, QString::fromStdString(bodyA.name));
                } else {
                    // Not every body has an outline to split (a circle, shapes that overlap): the tab says why,
                    // and `--tab all` still prints the other tabs.
                    splitProblem = QStringLiteral("Nothing to split: %1.").arg(problem);
                }
            } else {
                model = GjkSteps::pair(*gjkTab, bodyA, bodyB);
            }
            if (*gjkTab != GjkSteps::Tab::Split) {
                heading = QStringLiteral("%1: A = body %2, B = body %3 (shapes %4 and %5)")
                              .arg(tabTitle(*gjkTab), bodyName(bodyA, *a), bodyName(bodyB, *b))
                              .arg(model.shapeA())
                              .arg(model.shapeB());
            }
            std::vector<std::pair<QString, QString>> steps;
            for (const GjkStep& step : model.steps()) {
                steps.emplace_back(step.title, step.text);
            }
            if (!splitProblem.isEmpty()) {
                steps.emplace_back(QStringLiteral("No outline"), splitProblem);
            }
            if (slidesWanted) {
                if (splitProblem.isEmpty()) {
                    const QString pair =
                        *gjkTab == GjkSteps::Tab::Split
                            ? QStringLiteral("the outline of body %1").arg(bodyName(bodyA, *a))
                            : pairText;
                    for (Slide& slide : SlideRenderer::gjkSlides(*gjkTab, model, tabTitle(*gjkTab), pair)) {
                        slides.push_back(std::move(slide));
                    }
                } else {
                    skipped << QStringLiteral("split (%1)").arg(splitProblem);
                }
                continue;
            }
            if (format == QLatin1String("json")) {
                QJsonObject tabJson{{QStringLiteral("tab"), QLatin1String(GjkSteps::toString(*gjkTab))},
                                    {QStringLiteral("steps"), stepsJson(steps)}};
                if (*gjkTab != GjkSteps::Tab::Split) {
                    tabJson.insert(QStringLiteral("shapeA"), model.shapeA());
                    tabJson.insert(QStringLiteral("shapeB"), model.shapeB());
                }
                tabsJson.append(tabJson);
            } else {
                printSteps(heading + QStringLiteral(", %1").arg(
                                         steps.size() == 1 ? QStringLiteral("1 step")
                                                           : QStringLiteral("%1 steps").arg(steps.size())),
                           {}, steps);
            }
            continue;
        }
        const WalkthroughMode mode = std::get<WalkthroughMode>(entry);
        const Walkthrough w = Walkthrough::build(mode, bodyA, bodyB);
        if (!w.isValid()) {
            printErr(QStringLiteral("contactlab-cli walkthrough: %1\n").arg(w.problem()));
            return kExitFailure;
        }
        if (slidesWanted) {
            for (Slide& slide : SlideRenderer::walkthroughSlides(std::make_shared<const Walkthrough>(w),
                                                                 sceneShared, pairText)) {
                slides.push_back(std::move(slide));
            }
            continue;
        }
        const WalkthroughTable table = w.table();
        const int n = w.stepCount();
        std::vector<std::pair<QString, QString>> steps;
        for (int s = 0; s < n; ++s) {
            steps.emplace_back(w.step(s).title, w.step(s).explanation);
        }
        if (format == QLatin1String("json")) {
            tabsJson.append(QJsonObject{{QStringLiteral("tab"), QLatin1String(toString(mode))},
                                        {QStringLiteral("shapeA"), w.shapeA()},
                                        {QStringLiteral("shapeB"), w.shapeB()},
                                        {QStringLiteral("steps"), stepsJson(steps)},
                                        {QStringLiteral("table"), tableJson(table)}});
            continue;
        }
        const QString heading = QStringLiteral("%1: A = body %2, B = body %3 (shapes %4 and %5), %6 steps")
                                    .arg(tabTitle(mode), bodyName(bodyA, *a), bodyName(bodyB, *b))
                                    .arg(w.shapeA())
                                    .arg(w.shapeB())
                                    .arg(n);
        printSteps(heading, markdown ? markdownTable(table) : textTable(table), steps);
    }
    if (slidesWanted) {
        return writeSlides(slides, slidesDir, pdf, QStringLiteral("ContactLab walkthrough: %1").arg(pairText),
                           skipped);
    }
    if (format == QLatin1String("json")) {
        const QJsonObject out{
            {QStringLiteral("bodyA"), *a}, {QStringLiteral("bodyB"), *b}, {QStringLiteral("tabs"), tabsJson}};
        printOut(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented)));
    } else {
        printOut(text);
    }
    return kExitOk;
}

} // namespace cl::cli
