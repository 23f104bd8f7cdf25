#pragma once
/// @file inspector_dock.h
/// The Inspector dock: the selected body's properties, editable. Every accepted edit is one undo command
/// (consecutive edits of one field merge); a bad value is refused with a message under the field and in the
/// status bar, and changes nothing.

#include "body_edits.h"
#include "document.h"
#include "set_property_command.h"

#include <QDockWidget>
#include <QList>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QCheckBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QTableWidget;
class QTableWidgetItem;
class QVBoxLayout;
class QWidget;

namespace cl {

class EditController;
class SceneCanvas;
class SimulationController;

/// Shows one body (the selection when exactly one body is selected): name, type, position, angle (degrees),
/// linear and angular velocity, bullet, and per shape density, friction, restitution, circle centre and
/// radius, or the polygon's vertex table (local frame, editable cell by cell).
///
/// Numbers are typed as text and read on Enter or when the field loses focus: text that is not a finite
/// number, or a value the body's validation refuses (negative density on a dynamic body, radius 0, a vertex
/// that breaks convexity...), shows a red message under the field naming it, is sent to the status bar
/// through message(), and leaves the document and the undo stack as they were.
///
/// Numbers shown: a document value rounded to kShownDigits significant digits (formatShown: "34.3775" for
/// 34.37746770784939, "-0.51" for -0.50999999999999, "1" for 1.0000000000000002), so it fits its field and
/// reads as a lesson needs it; the exact value (formatNumber's shortest text that reads back as the stored
/// value) is in the field's tooltip, and in the vertex table's cells' tooltips. A live value (Simulate mode)
/// has fixed decimals (formatLive: 4 for metres, m/s and rad/s, 2 for degrees), its full value in the
/// tooltip too. Nothing is lost by the rounding: text left as shown is no edit (Enter, or leaving the field,
/// writes nothing back and adds no undo entry), and what is typed is written exactly as typed.
///
/// Live in Simulate mode (setSimulation): position, angle, velocity and spin show the running body at the
/// frame shown (playing, stepping, stepping back), with a line saying the frame, the time and whether the
/// body is awake or asleep. Only the fields whose text changed are rewritten, and only when the frame (its
/// step or state hash) changed, so playing neither flickers nor rebuilds the form. What an edit means there:
/// - pose and velocity fields act on the RUN, not on the edited scene: typing in one pauses the simulation
///   at once; Enter applies the value to the running body at the frame shown
///   (SimulationController::setBodyState). A past frame branches the run there (its later frames are
///   dropped; stepping back shows the frames before the edit, exactly as recorded). These edits are not
///   on the undo stack: Reset goes back to the edited scene, which they never change.
/// - every other field (name, type, bullet, shapes) edits the document as in Edit mode (one undo command);
///   the simulation pauses and the running body is replaced, keeping its live pose and velocities.
/// Bad numbers are refused in both modes with the red message naming the field (in Simulate mode also a
/// velocity for a static body, which the World would ignore).
class InspectorDock : public QDockWidget {
    Q_OBJECT

public:
    InspectorDock(Document* document, SceneCanvas* canvas, EditController* controller,
                  QWidget* parent = nullptr);

    /// Key of the body shown, 0 when none.
    BodyKey shownBody() const { return m_key; }
    /// How many times the fields were built afresh (a test checks that a body batch does it at most once).
    int rebuilds() const { return m_rebuilds; }
    /// Shows and edits the running body while `controller` simulates (see the class comment).
    void setSimulation(SimulationController* controller);
    /// True while the pose and velocity fields show the running body.
    bool isLive() const;
    /// The message shown under a field (empty when none), by the field's object name, e.g. "positionX",
    /// "shape0Density", "shape1Vertices".
    QString fieldError(const QString& objectName) const;

    /// Parses a number typed by the user (C locale or the user's locale); nullopt unless finite.
    static std::optional<double> parseNumber(const QString& text);
    /// How a document value is shown in a field (Edit mode, and every field that is not live): the shortest
    /// text that reads back as exactly `value` ("0.1", "2.5", "0.30000000000000004"), "0" for -0.
    static QString formatNumber(double value);
    /// How a document value is shown in its field: `stored * scale` rounded to `digits` significant digits
    /// ('g' notation: "34.3775", "-0.51", "1e-07"), "0" for a value that is zero or -0. The exact value is
    /// formatNumber(stored, scale). A field shows kShownDigits digits, or fewer where its text would not
    /// fit the field at its minimum width (a vector row's x and y: "-0.1567").
    static QString formatShown(double stored, double scale = 1.0, int digits = kShownDigits);
    /// Significant digits of a document value in its field: enough for a lesson (millimetres on a 100 m
    /// scene, hundredths of a degree on any angle below 1000), few enough to fit the field at the dock's
    /// default width.
    static constexpr int kShownDigits = 6;
    /// A document value shown in another unit: `stored * scale` (e.g. radians shown in degrees) written as
    /// the shortest text t with parseNumber(t) / scale == stored, so the field reads back the exact stored
    /// value; when no decimal text does (rare), the shortest text of the displayed value.
    static QString formatNumber(double stored, double scale);
    /// How a live value is shown in Simulate mode: `decimals` fixed decimals ("-0.0013", "2.4800"); a value
    /// that rounds to zero is "0.0000", never "-0.0000". What the user types is still applied exactly.
    static QString formatLive(double value, int decimals);
    /// Decimals of the live fields: metres and m/s.
    static constexpr int kLiveLengthDecimals = 4;
    /// Decimals of the live angle, degrees.
    static constexpr int kLiveAngleDecimals = 2;
    /// Decimals of the live spin, rad/s.
    static constexpr int kLiveSpinDecimals = 4;

signals:
    /// A short message for the status bar (a refused value).
    void message(const QString& text);

protected:
    /// Esc in a number field puts the document's value back (and clears its message).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct NumberField {
        QLineEdit* edit = nullptr;
        QLabel* error = nullptr;
        std::function<double(const phys::BodyDef&)> read;  ///< the stored value (SI)
        std::function<void(phys::BodyDef&, double)> write; ///< sets the stored value (SI)
        FieldId field;
        QString label;      ///< name in messages ("position x")
        QString shown;      ///< the text last put in the editor (from the document, rounded, or live)
        double scale = 1.0; ///< shown = stored * scale (degrees per radian for the angle)
        int fitWidth = 0;   ///< a document value's text fits this width, pixels (0: kShownDigits digits)
        bool live = false;  ///< pose or velocity: shows the running body in Simulate mode
        int liveDecimals = kLiveLengthDecimals; ///< decimals when live
    };
    struct ErrorSlot {
        QString objectName;
        QLabel* label = nullptr;
    };

    void rebuild();
    void refresh();
    /// A document value's text in `field`: formatShown with kShownDigits digits, fewer when that does not fit
    /// field.fitWidth.
    QString shownText(const NumberField& field, double stored) const;
    /// Puts the document's value back into a number field after a refusal.
    void restore(NumberField& field);
    /// Rewrites the live fields and the live line from the frame shown (cheap when nothing changed).
    void refreshLive(bool force = false);
    /// A live field's value, typed: applied to the running body at the frame shown.
    void commitLive(NumberField& field, double value);
    void onBodyChanged(BodyKey key);
    QWidget* buildBodyForm();
    QWidget* buildShapeForm(int shape, const phys::ShapeDef& def);
    /// A number editor bound to one value of the body (`read`/`write` in SI units, shown times `scale`);
    /// its messages go to `error`.
    QLineEdit* makeNumberEdit(const QString& objectName, const QString& label, FieldId field, QLabel* error,
                              std::function<double(const phys::BodyDef&)> read,
                              std::function<void(phys::BodyDef&, double)> write, double scale = 1.0);
    /// A form row: the editors side by side with the (hidden) error line under them.
    QWidget* makeRow(const QList<QWidget*>& editors, QLabel* error);
    /// A form row for a vector: "x" [editor] "y" [editor], the two editors sharing the dock's width.
    QWidget* makeVectorRow(QLineEdit* x, QLineEdit* y, QLabel* error);
    QLabel* makeErrorLabel(const QString& objectName, const QStringList& fieldNames);
    void commitNumber(NumberField& field);
    void commitName();
    void commitType(int comboIndex);
    void commitBullet(bool bullet);
    void commitVertexCell(int shape, QTableWidget* table, QTableWidgetItem* item);
    /// Applies `after` as one command; on refusal shows the error under `errorLabel`. @return accepted
    bool apply(FieldId field, const phys::BodyDef& after, QLabel* errorLabel, const QString& label);
    void showError(QLabel* errorLabel, const QString& text);
    void clearErrors();
    static QString refusal(const QString& label, const EditError& error);
    void fillVertexTable(QTableWidget* table, const phys::Polygon& polygon);

    Document* m_document;
    SceneCanvas* m_canvas;
    EditController* m_controller;
    SimulationController* m_simulation = nullptr;
    BodyKey m_key = 0;
    QLabel* m_liveLabel = nullptr;
    std::int64_t m_liveStep = -1; ///< frame last shown in the live fields (-1: none)
    std::uint64_t m_liveHash = 0;
    bool m_liveDirty = false;    ///< a frame changed while the dock was hidden
    bool m_batchRebuild = false; ///< the body batch under way changed the selection or removed the shown body
    bool m_batchRefresh = false; ///< it inserted bodies (the shown body's index may have shifted)
    int m_rebuilds = 0;
    /// Shape kinds and vertex counts of the shown body (a change of these rebuilds the form).
    std::vector<int> m_shapeLayout;

    QScrollArea* m_scroll = nullptr;
    QWidget* m_content = nullptr;
    QLabel* m_header = nullptr;
    QLineEdit* m_nameEdit = nullptr;
    QLabel* m_nameError = nullptr;
    QComboBox* m_typeCombo = nullptr;
    QLabel* m_typeError = nullptr;
    QCheckBox* m_bulletCheck = nullptr;
    std::vector<std::unique_ptr<NumberField>> m_numbers;
    std::vector<QTableWidget*> m_vertexTables; ///< per shape, null for circles
    std::vector<QLabel*> m_vertexErrors;       ///< per shape, null for circles
    QList<ErrorSlot> m_errors;
    bool m_refreshing = false;
};

} // namespace cl
