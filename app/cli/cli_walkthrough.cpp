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
#include "slide_series.h"
#include "table_cells.h"
#include "walkthrough.h"

#include "physics/decompose.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <memory>
#include <variant>
#include <vector>

namespace cl::cli {

namespace {

/// "1 step", "5 steps": a tab's heading.
QString stepCount(std::size_t n) {
    return n == 1 ? QStringLiteral("1 step") : QStringLiteral("%1 steps").arg(n);
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

/// A body's outline in the world frame, to split as the Polygon tool would (GjkSteps::bodyOutline, which the
/// page's Split tab uses too), or the reason, naming the body.
std::variant<std::vector<phys::Vec2>, QString> outlineOf(const phys::BodyDef& body, int index) {
    phys::Result<std::vector<phys::Vec2>> outline = GjkSteps::bodyOutline(body);
    if (outline) {
        return std::move(outline).value();
    }
    const phys::Error& error = outline.error();
    return error.index >= 0 ? QStringLiteral("bodies[%1].shapes[%2] %3")
                                  .arg(index)
                                  .arg(error.index)
                                  .arg(QString::fromStdString(error.message))
                            : QStringLiteral("bodies[%1]: %2, so there is no outline to split")
                                  .arg(index)
                                  .arg(QString::fromStdString(error.message));
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
            cells << oneLineCell(cell);
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
            cells << (row.emphasised && !cell.isEmpty() ? QStringLiteral("**%1**").arg(markdownCell(cell))
                                                        : markdownCell(cell));
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
    const Parsed<WalkthroughOptions> parsed = parseWalkthroughOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const WalkthroughOptions& options = std::get<WalkthroughOptions>(parsed);
    using Tab = WalkthroughOptions::Tab;
    const std::vector<Tab>& tabs = options.tabs;
    const QString& slidesDir = options.slidesDir;
    const QString& pdf = options.pdf;
    const bool slidesWanted = !slidesDir.isEmpty() || !pdf.isEmpty();
    const std::optional<Scene> scene = loadSceneOrReport(options.scene);
    if (!scene) {
        return kExitInvalidScene;
    }
    const auto& bodies = scene->def.bodies;
    const auto pair = checkBodyPair(self, options.pair, int(bodies.size()));
    if (const int* done = std::get_if<int>(&pair)) {
        return *done;
    }
    const int a = std::get<std::pair<int, int>>(pair).first;
    const int b = std::get<std::pair<int, int>>(pair).second;
    const phys::BodyDef& bodyA = bodies[std::size_t(a)];
    const phys::BodyDef& bodyB = bodies[std::size_t(b)];

    QString text;
    QJsonArray tabsJson;
    std::vector<Slide> slides;
    QStringList skipped; // tabs with nothing to show as slides, and why
    const auto sceneShared = std::make_shared<const phys::SceneDef>(scene->def);
    // The slides' heading, as the GUI's export writes it.
    const QString pairText = SlideRenderer::pairHeading(bodyA, a, bodyB, b);
    const bool markdown = options.format == WalkthroughOptions::Format::Markdown;
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
            if (slidesWanted) {
                // The series File > Export > Walkthrough Slides writes too (slide_series.h): a tab with
                // nothing to show for this pair gives no slide, and the run says why.
                QString why;
                for (Slide& slide :
                     gjkPageSlides(*gjkTab, bodyA, a, bodyB, scene->def.settings.timeStep, pairText, &why)) {
                    slides.push_back(std::move(slide));
                }
                if (!why.isEmpty()) {
                    skipped << why;
                }
                continue;
            }
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
                heading = QStringLiteral("Split: the outline of body %1").arg(bodyName(bodyA, a));
                auto outline = outlineOf(bodyA, a);
                phys::DecomposeTrace trace;
                QString problem;
                if (const QString* why = std::get_if<QString>(&outline)) {
                    problem = *why;
                } else if (const auto pieces =
                               phys::decomposeConcave(std::get<std::vector<phys::Vec2>>(outline), &trace);
                           !pieces) {
                    problem = QStringLiteral("bodies[%1]: %2")
                                  .arg(a)
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
                              .arg(GjkSteps::tabName(*gjkTab), bodyName(bodyA, a), bodyName(bodyB, b))
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
            if (options.format == WalkthroughOptions::Format::Json) {
                QJsonObject tabJson{{QStringLiteral("tab"), QLatin1String(GjkSteps::toString(*gjkTab))},
                                    {QStringLiteral("steps"), stepsJson(steps)}};
                if (*gjkTab != GjkSteps::Tab::Split) {
                    tabJson.insert(QStringLiteral("shapeA"), model.shapeA());
                    tabJson.insert(QStringLiteral("shapeB"), model.shapeB());
                }
                if (!model.table().rows.empty()) { // GJK and EPA: the iterations' table, as the page shows it
                    tabJson.insert(QStringLiteral("table"), tableJson(model.table()));
                }
                tabsJson.append(tabJson);
            } else {
                const WalkthroughTable& table = model.table();
                printSteps(heading + QStringLiteral(", %1").arg(stepCount(steps.size())),
                           table.rows.empty() ? QString()
                           : markdown         ? markdownTable(table)
                                              : textTable(table),
                           steps);
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
        if (options.format == WalkthroughOptions::Format::Json) {
            tabsJson.append(QJsonObject{{QStringLiteral("tab"), QLatin1String(toString(mode))},
                                        {QStringLiteral("shapeA"), w.shapeA()},
                                        {QStringLiteral("shapeB"), w.shapeB()},
                                        {QStringLiteral("steps"), stepsJson(steps)},
                                        {QStringLiteral("table"), tableJson(table)}});
            continue;
        }
        const QString heading = QStringLiteral("%1: A = body %2, B = body %3 (shapes %4 and %5), %6")
                                    .arg(tabTitle(mode), bodyName(bodyA, a), bodyName(bodyB, b))
                                    .arg(w.shapeA())
                                    .arg(w.shapeB())
                                    .arg(stepCount(std::size_t(n)));
        printSteps(heading, markdown ? markdownTable(table) : textTable(table), steps);
    }
    if (slidesWanted) {
        return writeSlides(slides, slidesDir, pdf, QStringLiteral("ContactLab walkthrough: %1").arg(pairText),
                           skipped);
    }
    if (options.format == WalkthroughOptions::Format::Json) {
        const QJsonObject out{
            {QStringLiteral("bodyA"), a}, {QStringLiteral("bodyB"), b}, {QStringLiteral("tabs"), tabsJson}};
        printOut(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented)));
    } else {
        printOut(text);
    }
    return kExitOk;
}

} // namespace cl::cli
