/// @file lesson.cpp
/// Reading and writing lesson files (docs/lesson-format.md).
///
/// Reading follows scene_io.cpp: QJsonDocument checks the syntax (finite numbers, nesting depth), then this
/// file checks the structure key by key and throws a LessonError naming the JSON path at the first problem.
/// The scene, inline or by path, is read by the scene reader itself (parseScene / loadSceneFile), so a lesson
/// accepts exactly the scenes the app opens; its errors are prefixed with "scene." (inline) or name the scene
/// file. Body indices of steps are checked against the scene once it is read.
///
/// Writing keeps the documented key order and writes an inline scene with serializeScene, so numbers round
/// trip bit for bit; keys this version does not know are kept and written back.

#include "lesson.h"

#include "json_read.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLocale>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>

namespace cl {

QString LessonError::toString() const {
    QString out = file;
    const auto append = [&out](const QString& part) {
        if (part.isEmpty()) {
            return;
        }
        if (!out.isEmpty()) {
            out += QStringLiteral(": ");
        }
        out += part;
    };
    append(path);
    append(message);
    return out;
}

const char* toString(LessonStepType type) {
    switch (type) {
    case LessonStepType::Note:
        return "note";
    case LessonStepType::Walkthrough:
        return "walkthrough";
    case LessonStepType::Simulation:
        return "simulation";
    case LessonStepType::Question:
        return "question";
    }
    return "note";
}

const char* toString(LessonSimulationAction action) {
    switch (action) {
    case LessonSimulationAction::Run:
        return "run";
    case LessonSimulationAction::Pause:
        return "pause";
    case LessonSimulationAction::Set:
        return "set";
    }
    return "run";
}

namespace {
constexpr LessonQuestionKind kQuestionKinds[] = {
    LessonQuestionKind::LeastOverlapAxis, LessonQuestionKind::MtvDirection,
    LessonQuestionKind::ReferenceEdge,    LessonQuestionKind::IncidentEdge,
    LessonQuestionKind::ClipKeptPoints,   LessonQuestionKind::ContactDepth,
    LessonQuestionKind::Tunnels,          LessonQuestionKind::MultipleChoice,
    LessonQuestionKind::StableSolver,
};
} // namespace

const char* toString(LessonQuestionKind kind) {
    switch (kind) {
    case LessonQuestionKind::LeastOverlapAxis:
        return "least-overlap-axis";
    case LessonQuestionKind::MtvDirection:
        return "mtv-direction";
    case LessonQuestionKind::ReferenceEdge:
        return "reference-edge";
    case LessonQuestionKind::IncidentEdge:
        return "incident-edge";
    case LessonQuestionKind::ClipKeptPoints:
        return "clip-kept-points";
    case LessonQuestionKind::ContactDepth:
        return "contact-depth";
    case LessonQuestionKind::Tunnels:
        return "tunnels";
    case LessonQuestionKind::MultipleChoice:
        return "multiple-choice";
    case LessonQuestionKind::StableSolver:
        return "stable-solver";
    }
    return "multiple-choice";
}

const char* toString(LessonSolverCandidate candidate) {
    switch (candidate) {
    case LessonSolverCandidate::SoftStep:
        return "soft-step";
    case LessonSolverCandidate::Baumgarte:
        return "baumgarte";
    case LessonSolverCandidate::PushOut:
        return "push-out";
    case LessonSolverCandidate::Verlet:
        return "verlet";
    }
    return "soft-step";
}

std::vector<LessonSolverCandidate> allLessonSolverCandidates() {
    return {LessonSolverCandidate::SoftStep, LessonSolverCandidate::Baumgarte, LessonSolverCandidate::PushOut,
            LessonSolverCandidate::Verlet};
}

std::optional<LessonSolverCandidate> parseLessonSolverCandidate(const QString& text) {
    for (const LessonSolverCandidate candidate : allLessonSolverCandidates()) {
        if (text == QLatin1String(toString(candidate))) {
            return candidate;
        }
    }
    return std::nullopt;
}

phys::WorldSettings lessonCandidateSettings(phys::WorldSettings settings, LessonSolverCandidate candidate) {
    // Each candidate differs from the app's default in one choice only, so the comparison is about that
    // choice and not about the scene's other settings.
    settings.solver =
        candidate == LessonSolverCandidate::Verlet ? phys::SolverKind::Verlet : phys::SolverKind::Impulse;
    settings.response = candidate == LessonSolverCandidate::PushOut ? phys::ResponseKind::PushOut
                                                                    : phys::ResponseKind::Impulses;
    settings.positionCorrection = candidate == LessonSolverCandidate::Baumgarte
                                      ? phys::PositionCorrection::Baumgarte
                                      : phys::PositionCorrection::SoftStep;
    return settings;
}

std::optional<LessonQuestionKind> parseLessonQuestionKind(const QString& text) {
    for (const LessonQuestionKind kind : kQuestionKinds) {
        if (text == QLatin1String(toString(kind))) {
            return kind;
        }
    }
    return std::nullopt;
}

QStringList lessonSettingNames() {
    return {QStringLiteral("solver"),     QStringLiteral("response"),     QStringLiteral("contactMethod"),
            QStringLiteral("continuous"), QStringLiteral("sleep"),        QStringLiteral("iterations"),
            QStringLiteral("substeps"),   QStringLiteral("linearDamping")};
}

QString applyLessonSetting(phys::WorldSettings& settings, const QString& setting, const QJsonValue& value) {
    phys::WorldSettings s = settings;
    const auto needString = [&]() -> std::optional<std::string> {
        if (!value.isString()) {
            return std::nullopt;
        }
        return value.toString().toStdString();
    };
    if (setting == QLatin1String("solver")) {
        const auto text = needString();
        const auto parsed = text ? phys::parseSolverKind(*text) : std::nullopt;
        if (!parsed) {
            return QStringLiteral("expected \"impulse\" or \"verlet\"");
        }
        s.solver = *parsed;
    } else if (setting == QLatin1String("response")) {
        const auto text = needString();
        const auto parsed = text ? phys::parseResponseKind(*text) : std::nullopt;
        if (!parsed) {
            return QStringLiteral("expected \"impulses\" or \"push-out\"");
        }
        s.response = *parsed;
    } else if (setting == QLatin1String("contactMethod")) {
        const auto text = needString();
        const auto parsed = text ? phys::parseContactMethod(*text) : std::nullopt;
        if (!parsed) {
            return QStringLiteral("expected \"clipping\", \"deepest-vertices\" or \"vertex-edge\"");
        }
        s.contactMethod = *parsed;
    } else if (setting == QLatin1String("continuous") || setting == QLatin1String("sleep")) {
        if (!value.isBool()) {
            return QStringLiteral("expected true or false");
        }
        (setting == QLatin1String("continuous") ? s.continuous : s.sleep) = value.toBool();
    } else if (setting == QLatin1String("substeps") && value.isString()) {
        if (value.toString() != QLatin1String("auto")) {
            return QStringLiteral("expected an integer from 1 to %1 or \"auto\"").arg(phys::kMaxSubsteps);
        }
        s.substeps.reset();
    } else if (setting == QLatin1String("iterations") || setting == QLatin1String("substeps")) {
        // phys::validate's bounds, named here so the message gives the right one for each setting.
        const int most = setting == QLatin1String("iterations") ? phys::kMaxIterations : phys::kMaxSubsteps;
        const double d = value.toDouble(std::numeric_limits<double>::quiet_NaN());
        if (!value.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < 1 || d > most) {
            return QStringLiteral("expected an integer from 1 to %1").arg(most);
        }
        if (setting == QLatin1String("iterations")) {
            s.iterations = static_cast<int>(d);
        } else {
            s.substeps = static_cast<int>(d);
        }
    } else if (setting == QLatin1String("linearDamping")) {
        const double d = value.toDouble(std::numeric_limits<double>::quiet_NaN());
        if (!value.isDouble() || !std::isfinite(d)) {
            return QStringLiteral("expected a number");
        }
        s.linearDamping = d;
    } else {
        return QStringLiteral("unknown setting \"%1\" (expected one of %2)")
            .arg(setting, lessonSettingNames().join(QStringLiteral(", ")));
    }
    if (const auto error = phys::validate(s, "settings")) {
        return QString::fromStdString(error->message);
    }
    settings = s;
    return {};
}

QJsonValue lessonSettingValue(const phys::WorldSettings& settings, const QString& setting) {
    if (setting == QLatin1String("solver")) {
        return QString::fromLatin1(phys::toString(settings.solver));
    }
    if (setting == QLatin1String("response")) {
        return QString::fromLatin1(phys::toString(settings.response));
    }
    if (setting == QLatin1String("contactMethod")) {
        return QString::fromLatin1(phys::toString(settings.contactMethod));
    }
    if (setting == QLatin1String("continuous")) {
        return settings.continuous;
    }
    if (setting == QLatin1String("sleep")) {
        return settings.sleep;
    }
    if (setting == QLatin1String("iterations")) {
        return settings.iterations;
    }
    if (setting == QLatin1String("substeps")) {
        return settings.substeps ? QJsonValue(*settings.substeps) : QJsonValue(QStringLiteral("auto"));
    }
    if (setting == QLatin1String("linearDamping")) {
        return settings.linearDamping;
    }
    return {};
}

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Reading

using namespace json; // member, element, describe, fail, wrongType, toObject, ReadFailure

/// Reads an object's keys, remembering which were used so that the rest can be kept as unknown keys.
class Reader {
public:
    Reader(const QJsonObject& object, QString path) : m_object(object), m_path(std::move(path)) {}

    const QString& path() const { return m_path; }
    QString at(const QString& key) const { return member(m_path, key); }
    bool has(const QString& key) const { return m_object.contains(key); }

    QJsonValue value(const QString& key) {
        m_used.append(key);
        return m_object.value(key);
    }
    QJsonValue required(const QString& key) {
        if (!has(key)) {
            fail(at(key), QStringLiteral("missing (this key is required)"));
        }
        return value(key);
    }
    QString string(const QString& key, bool isRequired, const QString& fallback = {}) {
        if (!isRequired && !has(key)) {
            return fallback;
        }
        const QJsonValue v = required(key);
        if (!v.isString()) {
            wrongType(at(key), QStringLiteral("a string"), v);
        }
        return v.toString();
    }
    double number(const QString& key, double fallback, double low, double high) {
        if (!has(key)) {
            return fallback;
        }
        const QJsonValue v = value(key);
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            wrongType(at(key), QStringLiteral("a number"), v);
        }
        const double d = v.toDouble();
        if (d < low || d > high) {
            fail(at(key), QStringLiteral("%1 is out of range (%2 to %3)").arg(d).arg(low).arg(high));
        }
        return d;
    }
    int integer(const QString& key, int fallback, int low, int high) {
        if (!has(key)) {
            return fallback;
        }
        const QJsonValue v = value(key);
        const double d = v.toDouble(std::numeric_limits<double>::quiet_NaN());
        if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d)) {
            wrongType(at(key), QStringLiteral("an integer"), v);
        }
        if (d < low || d > high) {
            fail(at(key), QStringLiteral("%1 is out of range (%2 to %3)").arg(d).arg(low).arg(high));
        }
        return static_cast<int>(d);
    }
    bool boolean(const QString& key, bool fallback) {
        if (!has(key)) {
            return fallback;
        }
        const QJsonValue v = value(key);
        if (!v.isBool()) {
            wrongType(at(key), QStringLiteral("true or false"), v);
        }
        return v.toBool();
    }
    QJsonArray array(const QString& key, bool isRequired) {
        if (!isRequired && !has(key)) {
            return {};
        }
        const QJsonValue v = required(key);
        if (!v.isArray()) {
            wrongType(at(key), QStringLiteral("an array"), v);
        }
        return v.toArray();
    }
    /// The keys not read so far.
    QJsonObject unknownKeys() const {
        QJsonObject out;
        for (auto it = m_object.constBegin(); it != m_object.constEnd(); ++it) {
            if (!m_used.contains(it.key())) {
                out.insert(it.key(), it.value());
            }
        }
        return out;
    }

private:
    QJsonObject m_object;
    QString m_path;
    QStringList m_used;
};

/// A body index into the scene's `bodyCount` bodies.
int bodyIndex(const QJsonValue& value, const QString& path, int bodyCount) {
    const double d = value.toDouble(std::numeric_limits<double>::quiet_NaN());
    if (!value.isDouble() || !std::isfinite(d) || d != std::floor(d)) {
        wrongType(path, QStringLiteral("a body index (an integer)"), value);
    }
    if (d < 0 || d >= bodyCount) {
        fail(path, QStringLiteral("no body %1: the scene has %2 bodies (indices 0 to %3)")
                       .arg(d)
                       .arg(bodyCount)
                       .arg(bodyCount - 1));
    }
    return static_cast<int>(d);
}

/// "pair": [a, b], two different bodies.
void readPair(Reader& r, int bodyCount, int& a, int& b) {
    const QString path = r.at(QStringLiteral("pair"));
    const QJsonValue v = r.required(QStringLiteral("pair"));
    if (!v.isArray() || v.toArray().size() != 2) {
        fail(path, QStringLiteral("expected [a, b] (two body indices), got %1").arg(describe(v)));
    }
    const QJsonArray pair = v.toArray();
    a = bodyIndex(pair.at(0), element(path, 0), bodyCount);
    b = bodyIndex(pair.at(1), element(path, 1), bodyCount);
    if (a == b) {
        fail(path, QStringLiteral("the pair needs two different bodies (got %1 twice)").arg(a));
    }
}

const QStringList kModes{QStringLiteral("sat"), QStringLiteral("clipping"), QStringLiteral("methods")};

/// Most steps of a walkthrough of two polygons: one per SAT axis and the result.
constexpr int kMaxWalkthroughStep = 2 * phys::kMaxPolygonVertices + 2;

LessonWalkthroughRef readWalkthroughRef(Reader& r, int bodyCount) {
    LessonWalkthroughRef ref;
    ref.mode = r.string(QStringLiteral("mode"), true);
    if (!kModes.contains(ref.mode)) {
        fail(r.at(QStringLiteral("mode")),
             QStringLiteral("unknown mode \"%1\" (expected \"sat\", \"clipping\" or "
                            "\"methods\")")
                 .arg(ref.mode));
    }
    readPair(r, bodyCount, ref.bodyA, ref.bodyB);
    ref.step = r.integer(QStringLiteral("step"), 0, 0, kMaxWalkthroughStep);
    return ref;
}

LessonStep readStep(const QJsonValue& value, const QString& path, int bodyCount) {
    Reader r(toObject(value, path), path);
    LessonStep step;
    const QString type = r.string(QStringLiteral("type"), true);
    step.teacherNotes = r.string(QStringLiteral("teacherNotes"), false);
    if (type == QLatin1String("note")) {
        step.type = LessonStepType::Note;
        step.text = r.string(QStringLiteral("text"), true);
        const QJsonArray bodies = r.array(QStringLiteral("bodies"), false);
        for (qsizetype i = 0; i < bodies.size(); ++i) {
            step.bodies.push_back(
                bodyIndex(bodies.at(i), element(r.at(QStringLiteral("bodies")), i), bodyCount));
        }
        if (r.has(QStringLiteral("walkthrough"))) {
            const QString refPath = r.at(QStringLiteral("walkthrough"));
            Reader ref(toObject(r.value(QStringLiteral("walkthrough")), refPath), refPath);
            step.walkthrough = readWalkthroughRef(ref, bodyCount);
            if (const QJsonObject extra = ref.unknownKeys(); !extra.isEmpty()) {
                fail(member(refPath, extra.constBegin().key()), QStringLiteral("unknown key"));
            }
        }
    } else if (type == QLatin1String("walkthrough")) {
        step.type = LessonStepType::Walkthrough;
        step.walkthrough = readWalkthroughRef(r, bodyCount);
        step.text = r.string(QStringLiteral("text"), false);
    } else if (type == QLatin1String("simulation")) {
        step.type = LessonStepType::Simulation;
        const QString action = r.string(QStringLiteral("action"), true);
        if (action == QLatin1String("run")) {
            step.action = LessonSimulationAction::Run;
            if (!r.has(QStringLiteral("until"))) {
                fail(r.at(QStringLiteral("until")), QStringLiteral("missing (run needs the time to reach)"));
            }
            step.until = r.number(QStringLiteral("until"), 0.0, 0.0, kMaxLessonSimulationTime);
        } else if (action == QLatin1String("pause")) {
            step.action = LessonSimulationAction::Pause;
        } else if (action == QLatin1String("set")) {
            step.action = LessonSimulationAction::Set;
            step.setting = r.string(QStringLiteral("setting"), true);
            if (!lessonSettingNames().contains(step.setting)) {
                fail(r.at(QStringLiteral("setting")),
                     QStringLiteral("unknown setting \"%1\" (expected one of %2)")
                         .arg(step.setting, lessonSettingNames().join(QStringLiteral(", "))));
            }
            step.value = r.required(QStringLiteral("value"));
            phys::WorldSettings probe;
            if (const QString error = applyLessonSetting(probe, step.setting, step.value); !error.isEmpty()) {
                fail(r.at(QStringLiteral("value")), error);
            }
        } else {
            fail(
                r.at(QStringLiteral("action")),
                QStringLiteral("unknown action \"%1\" (expected \"run\", \"pause\" or \"set\")").arg(action));
        }
        step.text = r.string(QStringLiteral("text"), false);
    } else if (type == QLatin1String("question")) {
        step.type = LessonStepType::Question;
        const QString kindText = r.string(QStringLiteral("kind"), true);
        const auto kind = parseLessonQuestionKind(kindText);
        if (!kind) {
            QStringList names;
            for (const LessonQuestionKind k : kQuestionKinds) {
                names.append(QLatin1String(toString(k)));
            }
            fail(r.at(QStringLiteral("kind")),
                 QStringLiteral("unknown question kind \"%1\" (expected one of %2)")
                     .arg(kindText, names.join(QStringLiteral(", "))));
        }
        step.kind = *kind;
        step.prompt = r.string(QStringLiteral("prompt"), true);
        switch (step.kind) {
        case LessonQuestionKind::Tunnels: {
            step.body =
                bodyIndex(r.required(QStringLiteral("body")), r.at(QStringLiteral("body")), bodyCount);
            step.target =
                bodyIndex(r.required(QStringLiteral("target")), r.at(QStringLiteral("target")), bodyCount);
            if (step.body == step.target) {
                fail(r.at(QStringLiteral("target")), QStringLiteral("must differ from \"body\""));
            }
            const QString velocityPath = r.at(QStringLiteral("velocity"));
            const QJsonValue v = r.required(QStringLiteral("velocity"));
            const QJsonArray xy = v.toArray();
            if (!v.isArray() || xy.size() != 2 || !xy.at(0).isDouble() || !xy.at(1).isDouble()) {
                fail(velocityPath, QStringLiteral("expected [vx, vy] in m/s, got %1").arg(describe(v)));
            }
            step.velocity = {xy.at(0).toDouble(), xy.at(1).toDouble()};
            if (phys::length(step.velocity) > phys::kMaxWorldCoordinate ||
                phys::length(step.velocity) == 0.0) {
                fail(velocityPath, QStringLiteral("the speed must be above 0 and below %1 m/s")
                                       .arg(phys::kMaxWorldCoordinate));
            }
            step.duration = r.number(QStringLiteral("duration"), 1.0, 0.0, kMaxLessonSimulationTime);
            if (!(step.duration > 0.0)) {
                fail(r.at(QStringLiteral("duration")), QStringLiteral("must be > 0"));
            }
            break;
        }
        case LessonQuestionKind::MultipleChoice: {
            const QJsonArray choices = r.array(QStringLiteral("choices"), true);
            if (choices.size() < 2 || choices.size() > 26) {
                fail(r.at(QStringLiteral("choices")),
                     QStringLiteral("expected 2 to 26 choices, got %1").arg(choices.size()));
            }
            for (qsizetype i = 0; i < choices.size(); ++i) {
                if (!choices.at(i).isString() || choices.at(i).toString().trimmed().isEmpty()) {
                    wrongType(element(r.at(QStringLiteral("choices")), i),
                              QStringLiteral("a non-empty string"), choices.at(i));
                }
                step.choices.append(choices.at(i).toString());
            }
            if (!r.has(QStringLiteral("answer"))) {
                fail(r.at(QStringLiteral("answer")),
                     QStringLiteral("missing (the index of the right choice)"));
            }
            step.answer = r.integer(QStringLiteral("answer"), 0, 0, static_cast<int>(choices.size()) - 1);
            step.explanation = r.string(QStringLiteral("explanation"), false);
            step.freeText = r.boolean(QStringLiteral("freeText"), false);
            const QJsonArray keywords = r.array(QStringLiteral("keywords"), false);
            if (!keywords.isEmpty() && !step.freeText) {
                fail(r.at(QStringLiteral("keywords")),
                     QStringLiteral("keywords grade the free text: set \"freeText\": true as well"));
            }
            for (qsizetype i = 0; i < keywords.size(); ++i) {
                if (!keywords.at(i).isString() || keywords.at(i).toString().trimmed().isEmpty()) {
                    wrongType(element(r.at(QStringLiteral("keywords")), i),
                              QStringLiteral("a non-empty string"), keywords.at(i));
                }
                step.keywords.append(keywords.at(i).toString().trimmed());
            }
            break;
        }
        case LessonQuestionKind::StableSolver: {
            const QJsonArray candidates = r.array(QStringLiteral("candidates"), false);
            for (qsizetype i = 0; i < candidates.size(); ++i) {
                const QString where = element(r.at(QStringLiteral("candidates")), i);
                const auto candidate = parseLessonSolverCandidate(candidates.at(i).toString());
                if (!candidate) {
                    fail(where, QStringLiteral("expected \"soft-step\", \"baumgarte\", \"push-out\" or "
                                               "\"verlet\", got %1")
                                    .arg(describe(candidates.at(i))));
                }
                if (std::find(step.candidates.begin(), step.candidates.end(), *candidate) !=
                    step.candidates.end()) {
                    fail(where, QStringLiteral("\"%1\" is listed twice").arg(candidates.at(i).toString()));
                }
                step.candidates.push_back(*candidate);
            }
            if (!r.has(QStringLiteral("candidates"))) {
                step.candidates = allLessonSolverCandidates();
            } else if (step.candidates.size() < 2) {
                fail(r.at(QStringLiteral("candidates")), QStringLiteral("expected at least 2 candidates"));
            }
            const QJsonArray watch = r.array(QStringLiteral("watch"), false);
            for (qsizetype i = 0; i < watch.size(); ++i) {
                step.watch.push_back(
                    bodyIndex(watch.at(i), element(r.at(QStringLiteral("watch")), i), bodyCount));
            }
            step.duration = r.number(QStringLiteral("duration"), 3.0, 0.0, kMaxLessonSimulationTime);
            if (!(step.duration > 0.0)) {
                fail(r.at(QStringLiteral("duration")), QStringLiteral("must be > 0"));
            }
            if (!r.has(QStringLiteral("drift"))) {
                fail(r.at(QStringLiteral("drift")),
                     QStringLiteral("missing (metres a body may move and still count as standing)"));
            }
            step.drift = r.number(QStringLiteral("drift"), 0.02, 0.0, phys::kMaxWorldCoordinate);
            if (!(step.drift > 0.0)) {
                fail(r.at(QStringLiteral("drift")), QStringLiteral("must be > 0 metres"));
            }
            break;
        }
        case LessonQuestionKind::ContactDepth:
            readPair(r, bodyCount, step.bodyA, step.bodyB);
            step.tolerance = r.number(QStringLiteral("tolerance"), 0.01, 0.0, 1.0e3);
            if (!(step.tolerance > 0.0)) {
                fail(r.at(QStringLiteral("tolerance")), QStringLiteral("must be > 0 metres"));
            }
            break;
        default:
            readPair(r, bodyCount, step.bodyA, step.bodyB);
            break;
        }
    } else {
        fail(r.at(QStringLiteral("type")),
             QStringLiteral("unknown step type \"%1\" (expected \"note\", \"walkthrough\", \"simulation\" or "
                            "\"question\")")
                 .arg(type));
    }
    step.unknownKeys = r.unknownKeys();
    return step;
}

const QString kFormatName = QStringLiteral("contactlab-lesson");
constexpr int kFormatVersion = 1;

/// Prefixes a scene error's path with "scene" (inline scenes).
ReadFailure sceneFailure(const SceneError& error, const QString& prefix) {
    return {error.path.isEmpty() ? prefix : prefix + u'.' + error.path, error.message};
}

Lesson readLesson(const QJsonObject& root, const QString& baseDir) {
    Reader r(root, {});
    const QJsonValue format = r.required(QStringLiteral("format"));
    if (!format.isString() || format.toString() != kFormatName) {
        fail(QStringLiteral("format"),
             QStringLiteral("expected \"%1\", got %2").arg(kFormatName, describe(format)) +
                 (format.toString() == QLatin1String("contactlab-scene")
                      ? QStringLiteral(" (this is a scene file: open it with File > Open)")
                      : QString()));
    }
    const QJsonValue version = r.required(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != kFormatVersion) {
        fail(QStringLiteral("version"),
             QStringLiteral("unsupported version (got %1; this program reads version %2)")
                 .arg(describe(version))
                 .arg(kFormatVersion));
    }
    Lesson lesson;
    lesson.title = r.string(QStringLiteral("title"), true);
    if (lesson.title.trimmed().isEmpty()) {
        fail(QStringLiteral("title"), QStringLiteral("must not be empty"));
    }
    lesson.description = r.string(QStringLiteral("description"), false);

    const QJsonValue scene = r.required(QStringLiteral("scene"));
    if (scene.isString()) {
        const QString relative = scene.toString();
        if (relative.isEmpty() || QDir::isAbsolutePath(relative)) {
            fail(QStringLiteral("scene"),
                 QStringLiteral("expected a path relative to the lesson file, got \"%1\"").arg(relative));
        }
        lesson.scenePath = relative;
        const QString fileName = QDir(baseDir).filePath(relative);
        auto loaded = loadSceneFile(fileName);
        if (auto* error = std::get_if<SceneError>(&loaded)) {
            const bool named = error->message.startsWith(fileName);
            throw ReadFailure{QStringLiteral("scene"),
                              named ? error->message : fileName + QStringLiteral(": ") + error->toString()};
        }
        lesson.scene = std::get<Scene>(std::move(loaded));
    } else if (scene.isObject()) {
        auto parsed = parseScene(QJsonDocument(scene.toObject()).toJson(QJsonDocument::Compact));
        if (auto* error = std::get_if<SceneError>(&parsed)) {
            throw sceneFailure(*error, QStringLiteral("scene"));
        }
        lesson.scene = std::get<Scene>(std::move(parsed));
    } else {
        wrongType(QStringLiteral("scene"), QStringLiteral("a scene object or a relative path"), scene);
    }

    const int bodyCount = static_cast<int>(lesson.scene.def.bodies.size());
    const QJsonArray steps = r.array(QStringLiteral("steps"), true);
    if (steps.isEmpty()) {
        fail(QStringLiteral("steps"), QStringLiteral("a lesson needs at least one step"));
    }
    if (steps.size() > kMaxLessonSteps) {
        fail(QStringLiteral("steps"),
             QStringLiteral("too many steps (%1, at most %2)").arg(steps.size()).arg(kMaxLessonSteps));
    }
    lesson.steps.reserve(static_cast<std::size_t>(steps.size()));
    for (qsizetype i = 0; i < steps.size(); ++i) {
        lesson.steps.push_back(readStep(steps.at(i), element(QStringLiteral("steps"), i), bodyCount));
    }
    lesson.unknownTopLevel = r.unknownKeys();
    return lesson;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

class Writer {
public:
    QByteArray take() { return std::move(m_out); }
    void raw(const QByteArray& text) { m_out.append(text); }
    void newline(int level) {
        m_out.append('\n');
        m_out.append(QByteArray(2 * level, ' '));
    }
    /// Any JSON value; numbers in their shortest round-trip form, objects in Qt's key order.
    void value(const QJsonValue& v, int level) {
        switch (v.type()) {
        case QJsonValue::Double:
            m_out.append(std::isfinite(v.toDouble())
                             ? QByteArray::number(v.toDouble(), 'g', QLocale::FloatingPointShortest)
                             : QByteArray("null"));
            break;
        case QJsonValue::Array: {
            const QJsonArray array = v.toArray();
            bool flat = true;
            for (const QJsonValue& item : array) {
                flat = flat && (item.isDouble() || item.isBool() || item.isNull());
            }
            raw("[");
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (i > 0) {
                    raw(",");
                    if (flat) {
                        raw(" ");
                    }
                }
                if (!flat) {
                    newline(level + 1);
                }
                value(array.at(i), level + 1);
            }
            if (!flat && !array.isEmpty()) {
                newline(level);
            }
            raw("]");
            break;
        }
        case QJsonValue::Object: {
            const QJsonObject object = v.toObject();
            raw("{");
            bool first = true;
            for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
                memberKey(it.key(), level + 1, first);
                value(it.value(), level + 1);
            }
            if (!object.isEmpty()) {
                newline(level);
            }
            raw("}");
            break;
        }
        default: {
            // Strings, booleans, null: Qt's escaping.
            const QByteArray wrapped = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
            m_out.append(wrapped.mid(1, wrapped.size() - 2));
            break;
        }
        }
    }
    void memberKey(const QString& key, int level, bool& first) {
        if (!first) {
            raw(",");
        }
        first = false;
        newline(level);
        value(QJsonValue(key), level);
        raw(": ");
    }

private:
    QByteArray m_out;
};

/// An object written member by member in the order given.
struct ObjectWriter {
    Writer& w;
    int level;
    bool first = true;
    ObjectWriter(Writer& writer, int lvl) : w(writer), level(lvl) { w.raw("{"); }
    void add(const QString& key, const QJsonValue& value) {
        w.memberKey(key, level + 1, first);
        w.value(value, level + 1);
    }
    void addRaw(const QString& key, const QByteArray& text) {
        w.memberKey(key, level + 1, first);
        w.raw(text);
    }
    void addUnknown(const QJsonObject& unknown) {
        for (auto it = unknown.constBegin(); it != unknown.constEnd(); ++it) {
            add(it.key(), it.value());
        }
    }
    void close() {
        if (!first) {
            w.newline(level);
        }
        w.raw("}");
    }
};

QJsonArray pairArray(int a, int b) {
    return QJsonArray{a, b};
}

void writeWalkthroughRef(ObjectWriter& o, const LessonWalkthroughRef& ref) {
    o.add(QStringLiteral("mode"), ref.mode);
    o.add(QStringLiteral("pair"), pairArray(ref.bodyA, ref.bodyB));
    if (ref.step > 0) {
        o.add(QStringLiteral("step"), ref.step);
    }
}

void writeStep(Writer& w, const LessonStep& step, int level) {
    ObjectWriter o(w, level);
    o.add(QStringLiteral("type"), QLatin1String(toString(step.type)));
    switch (step.type) {
    case LessonStepType::Note:
        o.add(QStringLiteral("text"), step.text);
        if (!step.bodies.empty()) {
            QJsonArray bodies;
            for (const int b : step.bodies) {
                bodies.append(b);
            }
            o.add(QStringLiteral("bodies"), bodies);
        }
        if (step.walkthrough) {
            o.addRaw(QStringLiteral("walkthrough"), [&] {
                Writer inner;
                ObjectWriter ref(inner, level + 1);
                writeWalkthroughRef(ref, *step.walkthrough);
                ref.close();
                return inner.take();
            }());
        }
        break;
    case LessonStepType::Walkthrough:
        writeWalkthroughRef(o, step.walkthrough.value_or(LessonWalkthroughRef{}));
        if (!step.text.isEmpty()) {
            o.add(QStringLiteral("text"), step.text);
        }
        break;
    case LessonStepType::Simulation:
        o.add(QStringLiteral("action"), QLatin1String(toString(step.action)));
        if (step.action == LessonSimulationAction::Run) {
            o.add(QStringLiteral("until"), step.until);
        } else if (step.action == LessonSimulationAction::Set) {
            o.add(QStringLiteral("setting"), step.setting);
            o.add(QStringLiteral("value"), step.value);
        }
        if (!step.text.isEmpty()) {
            o.add(QStringLiteral("text"), step.text);
        }
        break;
    case LessonStepType::Question:
        o.add(QStringLiteral("kind"), QLatin1String(toString(step.kind)));
        o.add(QStringLiteral("prompt"), step.prompt);
        if (step.kind == LessonQuestionKind::Tunnels) {
            o.add(QStringLiteral("body"), step.body);
            o.add(QStringLiteral("target"), step.target);
            o.add(QStringLiteral("velocity"), QJsonArray{step.velocity.x, step.velocity.y});
            o.add(QStringLiteral("duration"), step.duration);
        } else if (step.kind == LessonQuestionKind::MultipleChoice) {
            o.add(QStringLiteral("choices"), QJsonArray::fromStringList(step.choices));
            o.add(QStringLiteral("answer"), step.answer);
            if (!step.explanation.isEmpty()) {
                o.add(QStringLiteral("explanation"), step.explanation);
            }
            if (step.freeText) {
                o.add(QStringLiteral("freeText"), true);
            }
            if (!step.keywords.isEmpty()) {
                o.add(QStringLiteral("keywords"), QJsonArray::fromStringList(step.keywords));
            }
        } else if (step.kind == LessonQuestionKind::StableSolver) {
            QJsonArray candidates;
            for (const LessonSolverCandidate c : step.candidates) {
                candidates.append(QLatin1String(toString(c)));
            }
            o.add(QStringLiteral("candidates"), candidates);
            if (!step.watch.empty()) {
                QJsonArray watch;
                for (const int b : step.watch) {
                    watch.append(b);
                }
                o.add(QStringLiteral("watch"), watch);
            }
            o.add(QStringLiteral("duration"), step.duration);
            o.add(QStringLiteral("drift"), step.drift);
        } else {
            o.add(QStringLiteral("pair"), pairArray(step.bodyA, step.bodyB));
            if (step.kind == LessonQuestionKind::ContactDepth) {
                o.add(QStringLiteral("tolerance"), step.tolerance);
            }
        }
        break;
    }
    if (!step.teacherNotes.isEmpty()) {
        o.add(QStringLiteral("teacherNotes"), step.teacherNotes);
    }
    o.addUnknown(step.unknownKeys);
    o.close();
}

/// The scene file's text, indented to sit at `level` inside the lesson.
QByteArray indentedScene(const Scene& scene, int level) {
    QByteArray text = serializeScene(scene).trimmed();
    text.replace("\n", "\n" + QByteArray(2 * level, ' '));
    return text;
}

} // namespace

std::variant<Lesson, LessonError> parseLesson(const QByteArray& json, const QString& baseDir) {
    if (json.size() > kMaxLessonFileBytes) {
        return LessonError{{},
                           {},
                           QStringLiteral("file is too large (%1 bytes, at most %2)")
                               .arg(json.size())
                               .arg(kMaxLessonFileBytes)};
    }
    if (json.trimmed().isEmpty()) {
        return LessonError{{}, {}, QStringLiteral("the file is empty")};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const QByteArray before = json.left(parseError.offset);
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column = parseError.offset - (before.lastIndexOf('\n') + 1) + 1;
        return LessonError{{},
                           {},
                           QStringLiteral("not valid JSON: %1 at line %2, column %3")
                               .arg(parseError.errorString())
                               .arg(line)
                               .arg(column)};
    }
    if (!document.isObject()) {
        return LessonError{{}, {}, QStringLiteral("the top level must be a JSON object")};
    }
    try {
        return readLesson(document.object(), baseDir);
    } catch (const ReadFailure& failure) {
        return LessonError{{}, failure.path, failure.message};
    } catch (const std::bad_alloc&) {
        return LessonError{{}, {}, QStringLiteral("out of memory while reading the lesson")};
    }
}

std::variant<Lesson, LessonError> loadLessonFile(const QString& fileName) {
    const QFileInfo info(fileName);
    if (!info.exists()) {
        return LessonError{fileName, {}, QStringLiteral("no such file")};
    }
    if (info.isDir()) {
        return LessonError{fileName, {}, QStringLiteral("is a directory, not a lesson file")};
    }
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        return LessonError{fileName, {}, QStringLiteral("cannot open: %1").arg(file.errorString())};
    }
    const QByteArray data = file.read(kMaxLessonFileBytes + 1);
    if (file.error() != QFileDevice::NoError) {
        return LessonError{fileName, {}, QStringLiteral("cannot read: %1").arg(file.errorString())};
    }
    auto result = parseLesson(data, info.absolutePath());
    if (auto* error = std::get_if<LessonError>(&result)) {
        error->file = fileName;
    }
    return result;
}

QByteArray serializeLesson(const Lesson& lesson) {
    Writer w;
    ObjectWriter o(w, 0);
    o.add(QStringLiteral("format"), kFormatName);
    o.add(QStringLiteral("version"), kFormatVersion);
    o.add(QStringLiteral("title"), lesson.title);
    if (!lesson.description.isEmpty()) {
        o.add(QStringLiteral("description"), lesson.description);
    }
    if (!lesson.scenePath.isEmpty()) {
        o.add(QStringLiteral("scene"), lesson.scenePath);
    } else {
        o.addRaw(QStringLiteral("scene"), indentedScene(lesson.scene, 1));
    }
    {
        w.memberKey(QStringLiteral("steps"), 1, o.first);
        w.raw("[");
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            if (i > 0) {
                w.raw(",");
            }
            w.newline(2);
            writeStep(w, lesson.steps[i], 2);
        }
        if (!lesson.steps.empty()) {
            w.newline(1);
        }
        w.raw("]");
    }
    o.addUnknown(lesson.unknownTopLevel);
    o.close();
    w.raw("\n");
    return w.take();
}

QString saveLessonFile(const Lesson& lesson, const QString& fileName) {
    const QByteArray data = serializeLesson(lesson);
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return QStringLiteral("%1: cannot open for writing: %2").arg(fileName, file.errorString());
    }
    if (file.write(data) != data.size()) {
        file.cancelWriting();
        return QStringLiteral("%1: cannot write: %2 (the file on disk was left as it was)")
            .arg(fileName, file.errorString());
    }
    if (!file.commit()) {
        return QStringLiteral("%1: cannot save: %2 (the file on disk was left as it was)")
            .arg(fileName, file.errorString());
    }
    return {};
}

} // namespace cl
