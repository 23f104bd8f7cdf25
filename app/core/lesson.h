#pragma once
/// @file lesson.h
/// A teacher's lesson as a file (docs/lesson-format.md, format "contactlab-lesson", version 1): a title, a
/// scene (inline or by a path relative to the lesson file) and an ordered list of steps: notes, walkthrough
/// positions, simulation actions and questions. Questions hold no stored answer the engine could compute:
/// the answer is worked out from the engine's trace of the scene as it is when the student answers
/// (app/gui/lesson_questions.h). Only multiple-choice questions, which ask about ideas rather than numbers,
/// name their right choice.

#include "physics/defs.h"
#include "physics/math.h"
#include "scene_io.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace cl {

/// Why a lesson could not be read: the file (empty for text given in memory), the JSON path of the
/// offending value ("steps[3].pair[1]", empty for the whole file) and what is wrong.
struct LessonError {
    QString file;
    QString path;
    QString message;
    /// "file: path: message", leaving out what is empty.
    QString toString() const;
};

enum class LessonStepType { Note, Walkthrough, Simulation, Question };
enum class LessonSimulationAction { Run, Pause, Set };
enum class LessonQuestionKind {
    LeastOverlapAxis, ///< which SAT axis has the least overlap
    MtvDirection,     ///< which way the MTV (the normal, A to B) points
    ReferenceEdge,    ///< which edge clipping takes as the reference edge
    IncidentEdge,     ///< which edge is the incident edge
    ClipKeptPoints,   ///< which of the clipped points the reference-face test keeps
    ContactDepth,     ///< how deep the contact is (a number, metres, within a tolerance)
    Tunnels,          ///< will the body pass through the target at this speed with continuous collision off
    MultipleChoice,   ///< the teacher's choices; `answer` names the right one (optionally with free text)
    StableSolver,     ///< which solvers keep the scene's stack standing (run on the engine, one World each)
};

/// The solvers and settings a "stable-solver" question compares: the impulse solver with the soft step
/// (the app's default), with Baumgarte's bias instead, with the naive push-out response, and Verlet.
enum class LessonSolverCandidate { SoftStep, Baumgarte, PushOut, Verlet };
/// "soft-step", "baumgarte", "push-out", "verlet".
const char* toString(LessonSolverCandidate candidate);
std::optional<LessonSolverCandidate> parseLessonSolverCandidate(const QString& text);
/// The four, in that order.
std::vector<LessonSolverCandidate> allLessonSolverCandidates();
/// `settings` switched to `candidate`, everything else (time step, gravity, continuous...) kept.
phys::WorldSettings lessonCandidateSettings(phys::WorldSettings settings, LessonSolverCandidate candidate);

/// "note", "walkthrough", "simulation", "question".
const char* toString(LessonStepType type);
/// "run", "pause", "set".
const char* toString(LessonSimulationAction action);
/// "least-overlap-axis", "mtv-direction", "reference-edge", "incident-edge", "clip-kept-points",
/// "contact-depth", "tunnels", "multiple-choice", "stable-solver".
const char* toString(LessonQuestionKind kind);
std::optional<LessonQuestionKind> parseLessonQuestionKind(const QString& text);

/// A place in the walkthrough: mode ("sat", "clipping", "methods"), the pair (indices into the scene's
/// bodies) and the step, 1-based as `contactlab --step` (0: the mode's first step).
struct LessonWalkthroughRef {
    QString mode = QStringLiteral("sat");
    int bodyA = 0;
    int bodyB = 1;
    int step = 0;

    friend bool operator==(const LessonWalkthroughRef&, const LessonWalkthroughRef&) = default;
};

/// One step of a lesson. Which fields matter depends on `type` (and for a question on `kind`); the others
/// keep their defaults and are not written.
struct LessonStep {
    LessonStepType type = LessonStepType::Note;
    /// Hidden from students (shown in teacher mode and the teacher's worksheet).
    QString teacherNotes;

    // Note: Markdown text, optionally pointing at bodies and at a walkthrough step.
    QString text;
    std::vector<int> bodies;
    /// A note's optional pointer; the place of a Walkthrough step.
    std::optional<LessonWalkthroughRef> walkthrough;

    // Simulation.
    LessonSimulationAction action = LessonSimulationAction::Run;
    double until = 0.0; ///< Run: simulated time to reach, seconds
    QString setting;    ///< Set: "solver", "response", "contactMethod", "continuous", "iterations"...
    QJsonValue value;   ///< Set: the new value, as the scene file writes it

    // Question.
    LessonQuestionKind kind = LessonQuestionKind::MultipleChoice;
    QString prompt; ///< Markdown
    int bodyA = 0;  ///< the pair asked about (geometry questions)
    int bodyB = 1;
    double tolerance = 0.01; ///< ContactDepth: metres either side of the engine's depth
    int body = 0;            ///< Tunnels: the moving body
    int target = 1;          ///< Tunnels: the body it might pass through
    phys::Vec2 velocity;     ///< Tunnels: the moving body's velocity, m/s, world frame
    double duration = 1.0;   ///< Tunnels, StableSolver: how long the engine runs, seconds
    QStringList choices;     ///< MultipleChoice
    int answer = 0;          ///< MultipleChoice: index of the right choice
    QString explanation;     ///< MultipleChoice: why, shown after the answer (Markdown)
    /// MultipleChoice: the student also writes a sentence ("why?"), kept with the answer for the teacher.
    bool freeText = false;
    /// MultipleChoice with freeText: words the sentence must all contain (case-insensitive) for the answer
    /// to count as right; none: the sentence is not graded.
    QStringList keywords;
    /// StableSolver: the candidates compared (at least two, each once).
    std::vector<LessonSolverCandidate> candidates;
    /// StableSolver: the bodies whose drift counts (empty: every dynamic body).
    std::vector<int> watch;
    double drift = 0.02; ///< StableSolver: metres a watched body may move from its start and still stand

    /// Keys this version does not know, kept so that a round trip loses nothing.
    QJsonObject unknownKeys;

    /// Every field compared, including those the step's type does not use and the unknown keys (exactly:
    /// doubles with ==, `value` with QJsonValue's ==).
    friend bool operator==(const LessonStep&, const LessonStep&) = default;
};

struct Lesson {
    QString title;
    QString description; ///< optional, Markdown
    /// The scene file the lesson names, relative to the lesson file; empty when the scene is inline.
    QString scenePath;
    Scene scene;
    std::vector<LessonStep> steps;
    QJsonObject unknownTopLevel;

    /// True when both lessons hold the same values (the scene as Scene's ==, the steps as LessonStep's ==).
    friend bool operator==(const Lesson&, const Lesson&) = default;
};

/// Largest lesson file and most steps accepted; bigger ones are refused before anything is built.
inline constexpr qint64 kMaxLessonFileBytes = 16 * 1024 * 1024;
inline constexpr int kMaxLessonSteps = 1000;
/// Longest simulated time a lesson may run to or a tunnelling question may simulate, seconds.
inline constexpr double kMaxLessonSimulationTime = 600.0;

/// Parses lesson JSON. A scene given by path is read relative to `baseDir` (a directory, may be a Qt
/// resource such as ":/lessons"). Never throws; any problem is a LessonError naming the place.
std::variant<Lesson, LessonError> parseLesson(const QByteArray& json, const QString& baseDir);
/// Reads and parses a lesson file (a scene path is relative to the file's directory).
std::variant<Lesson, LessonError> loadLessonFile(const QString& fileName);
/// Indented JSON in the documented key order; an inline scene is written as the scene file writes it.
QByteArray serializeLesson(const Lesson& lesson);
/// Writes a lesson atomically (QSaveFile). A scene given by path is not written (it is its own file).
/// Returns an empty string on success, else the error.
QString saveLessonFile(const Lesson& lesson, const QString& fileName);

/// The simulation settings a lesson step may change ("solver", "response", "contactMethod", "continuous",
/// "sleep", "iterations", "substeps", "linearDamping").
QStringList lessonSettingNames();
/// Applies `value` to `setting` of `settings`. Returns an empty string on success, else what is wrong (the
/// settings are then unchanged).
QString applyLessonSetting(phys::WorldSettings& settings, const QString& setting, const QJsonValue& value);
/// The value of `setting` in `settings` as a "set" step writes it (applyLessonSetting's inverse); Null for an
/// unknown setting.
QJsonValue lessonSettingValue(const phys::WorldSettings& settings, const QString& setting);

} // namespace cl
