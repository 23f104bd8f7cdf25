#pragma once
/// @file lesson_questions.h
/// Lesson questions worked out from the engine at answer time. A question in a lesson file holds no answer
/// the engine can compute (app/core/lesson.h): the choices and the right one come from the traced narrow
/// phase of the scene as it is now (the same Walkthrough the Walkthrough dock shows, widgets/walkthrough.h),
/// or, for tunnelling, from running the engine. So a teacher who edits the scene never leaves a stale
/// answer behind, and the reveal explains with the walkthrough step the answer comes from.

#include "lesson.h"
#include "walkthrough.h"

#include "physics/defs.h"
#include "physics/math.h"

#include <QString>
#include <QStringList>

#include <optional>

#include <vector>

namespace cl {

/// One thing the student can pick.
struct LessonChoice {
    QString label;
    int axis = -1;         ///< LeastOverlapAxis: index in SatTrace::axes
    int polygon = -1;      ///< edges and edge-normal axes: 0 = A, 1 = B (-1: not an edge)
    int edge = -1;         ///< edges and edge-normal axes: edge index in that polygon
    phys::Vec2 start, end; ///< that edge's end points, world (a click on it picks the choice)
    phys::Vec2 point;      ///< ClipKeptPoints: the clipped point; edges: the edge's midpoint (world)
    phys::Vec2 direction;  ///< MtvDirection: unit, world
    /// StableSolver: the candidate, its drift (largest distance a watched body's centre of mass moved
    /// from its start, metres) and its fastest watched body at the end of the run (m/s).
    std::optional<LessonSolverCandidate> candidate;
    double drift = 0.0;
    double endSpeed = 0.0;
};

/// A question as the engine answers it for one scene.
struct LessonQuestionEval {
    LessonQuestionKind kind = LessonQuestionKind::MultipleChoice;
    /// Why the question cannot be asked of this scene (e.g. the pair does not touch, so there is no reference
    /// edge); empty when it can. The dock shows it instead of the choices.
    QString problem;
    bool numeric = false;     ///< ContactDepth: the answer is a number (metres)
    bool multiSelect = false; ///< ClipKeptPoints, StableSolver: the answer is a set of choices
    /// MultipleChoice: the student writes a sentence too; graded by `keywords` when there are any.
    bool freeText = false;
    QStringList keywords;
    std::vector<LessonChoice> choices;
    /// The right choices: any one of them for a single answer (several on a tie), the exact set for
    /// multiSelect.
    std::vector<int> correct;
    double value = 0.0;     ///< numeric: the engine's number
    double tolerance = 0.0; ///< numeric: accepted distance from value
    QString answerText;     ///< the engine's answer in words
    int answerDecimals = 3; ///< numeric: decimals the answer and the miss are written with
    QString why;            ///< the explanation (the walkthrough step's, or the run's)
    /// The walkthrough step that shows the answer (revealStep -1: none).
    WalkthroughMode mode = WalkthroughMode::Sat;
    int bodyA = -1, bodyB = -1;
    int revealStep = -1;
};

/// Works out `question` (a Question step) for `scene` with the engine.
LessonQuestionEval evaluateLessonQuestion(const LessonStep& question, const phys::SceneDef& scene);

/// What the student answered: the choices picked (one, or a set), or a number.
struct LessonAnswer {
    std::vector<int> picked;
    double number = 0.0;
    QString text; ///< the free-text sentence (freeText questions), kept for the teacher
};

struct LessonVerdict {
    bool right = false;
    /// "Right." or "Not quite." followed by the engine's answer and why (plain text).
    QString text;
};

/// MtvDirection answered by a drag on the canvas from `from` to `to` (world, metres): the choice whose
/// direction is nearest the drag's (largest cosine), so a drag counts for the trace's direction when it is
/// closer to it than to any other axis direction the trace offers; -1 for a drag of no length or a question
/// of another kind.
int lessonDirectionChoice(const LessonQuestionEval& eval, phys::Vec2 from, phys::Vec2 to);
/// ContactDepth answered by a drag: its length, metres, to the millimetre shown.
double lessonDragDepth(phys::Vec2 from, phys::Vec2 to);

/// Checks `answer` against `eval` (which must have no problem).
LessonVerdict judgeLessonAnswer(const LessonQuestionEval& eval, const LessonAnswer& answer);

} // namespace cl
