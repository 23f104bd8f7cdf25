#pragma once
/// @file lesson_worksheet.h
/// Worksheets: a lesson (app/core/lesson.h) printed as a multi-page PDF (QPdfWriter), one page per step:
/// the drawing of the canvas at that step (the scene, the walkthrough overlay of a walkthrough step, the
/// simulated state after a simulation step), the step's text, and for a question its choices with boxes to
/// tick or a line to write a number on. The teacher's sheet adds, on every question, the engine's answer and
/// why (worked out from the engine's trace of the lesson's scene, as the Lesson dock does), the explanation of
/// a multiple-choice question and every step's teacher notes; the student's sheet shows none of them.
///
/// Uses Qt Gui only (no widgets): File > Export Lesson as PDF and `contactlab-cli lesson worksheet` share it.

#include "lesson.h"

#include <QString>

namespace cl {

/// Which sheet to print.
enum class WorksheetKind { Student, Teacher };

/// What a worksheet page says about a step before its own text: "*Walkthrough:* SAT of bodies 0 and 1,
/// step 2", "*Simulation:* run to t = 0.5 s"... (empty for notes and questions). The Lesson dock shows the
/// same line.
QString describeLessonStep(const LessonStep& step);
/// The Markdown shown for `step`: describeLessonStep's line, then the text (or a question's prompt).
QString lessonStepMarkdown(const LessonStep& step);

/// Pages a worksheet of `lesson` has: one per step.
int worksheetPageCount(const Lesson& lesson);

/// Writes the worksheet of `lesson` to `fileName` (PDF, A4 portrait), atomically (QSaveFile).
/// @return an empty string on success, else what went wrong (the file is then left as it was)
/// @warning needs a QGuiApplication (fonts)
QString writeLessonWorksheet(const Lesson& lesson, const QString& fileName, WorksheetKind kind);

} // namespace cl
