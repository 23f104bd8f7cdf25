/// @file inspector_dock.cpp

#include "inspector_dock.h"
#include "theme.h"

#include "body_edits.h"
#include "edit_controller.h"
#include "scene_canvas.h"
#include "simulation_controller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>
#include <variant>

namespace cl {

namespace {

constexpr double kDegreesPerRadian = 180.0 / phys::kPi;

/// A label's text, set only when it differs (a set lays the label out and repaints it even when equal).
void setTextIfChanged(QLabel* label, const QString& text) {
    if (label->text() != text) {
        label->setText(text);
    }
}

/// Style of an editor holding refused text.
const char* const kBadEditStyle = "QLineEdit { border: 1px solid #d32f2f; background: #fff3f3; }";

/// A live field's tooltip: its name and the full value behind the rounded text.
QString liveToolTip(const QString& label, const QString& exact) {
    return InspectorDock::tr("%1 = %2 (live; typing pauses the run and applies the exact value)")
        .arg(label, exact);
}

/// The width a line edit needs to show `text` whole: the text, QLineEdit's 2-pixel margins each side, its
/// text margins and the style's frame (as QLineEdit::sizeHint adds them). The bare text width left the last
/// character of "-0.15667" under the frame.
int lineEditWidthFor(QLineEdit* edit, const QString& text) {
    const QMargins margins = edit->textMargins();
    const int inner = edit->fontMetrics().horizontalAdvance(text) + 2 * 2 + margins.left() + margins.right();
    QStyleOptionFrame option;
    option.initFrom(edit);
    option.lineWidth = edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, edit);
    option.midLineWidth = 0;
    option.state |= QStyle::State_Sunken;
    option.features = QStyleOptionFrame::None;
    return edit->style()
        ->sizeFromContents(QStyle::CT_LineEdit, &option, QSize(inner, edit->fontMetrics().height()), edit)
        .width();
}

/// A document field's tooltip: its name and the exact value behind the rounded text.
QString exactToolTip(const QString& label, const QString& exact) {
    return InspectorDock::tr("%1 = %2 (exact; the field shows it rounded)").arg(label, exact);
}

std::vector<int> shapeLayout(const phys::BodyDef& body) {
    std::vector<int> layout;
    for (const phys::ShapeDef& shape : body.shapes) {
        const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry);
        layout.push_back(polygon ? polygon->count() : -1);
    }
    return layout;
}

phys::ShapeDef& shapeAt(phys::BodyDef& body, int shape) {
    return body.shapes[static_cast<std::size_t>(shape)];
}

const phys::ShapeDef& shapeAt(const phys::BodyDef& body, int shape) {
    return body.shapes[static_cast<std::size_t>(shape)];
}

} // namespace

InspectorDock::InspectorDock(Document* document, SceneCanvas* canvas, EditController* controller,
                             QWidget* parent)
    : QDockWidget(tr("Inspector"), parent), m_document(document), m_canvas(canvas), m_controller(controller),
      m_scroll(new QScrollArea(this)) {
    setObjectName(QStringLiteral("InspectorDock"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // Fields shrink to the dock's width rather than scroll sideways; the dock keeps room for them (a label and
    // two number fields, down to the 853-pixel-wide window of a projector at 150%).
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMinimumWidth(230);
    setWidget(m_scroll);

    // In a body batch (Delete or Duplicate of many bodies, their undo and redo) the canvas drops each removed
    // body from its selection: the fields are built once, at the batch's end, not once per body.
    connect(canvas, &SceneCanvas::selectionChanged, this, [this] {
        if (m_document->inBodyBatch()) {
            m_batchRebuild = true;
            return;
        }
        rebuild();
    });
    connect(document, &Document::bodyBatchEnded, this, [this] {
        const bool refreshOnly = std::exchange(m_batchRefresh, false);
        if (std::exchange(m_batchRebuild, false)) {
            rebuild();
        } else if (refreshOnly && m_key != 0 && m_header) {
            refresh();
        }
    });
    connect(document, &Document::sceneReset, this, &InspectorDock::rebuild);
    connect(document, &Document::bodyRemoved, this, [this](BodyKey key) {
        if (key == m_key) {
            if (m_document->inBodyBatch()) {
                m_batchRebuild = true;
                return;
            }
            rebuild();
        }
    });
    connect(document, &Document::bodyInserted, this, [this](BodyKey) {
        // Indices shown in the header may have shifted.
        if (m_key != 0 && m_header) {
            if (m_document->inBodyBatch()) {
                m_batchRefresh = true; // the fields stay as they are (scroll, typed text): the header only
                return;
            }
            refresh();
        }
    });
    connect(document, &Document::bodyChanged, this, &InspectorDock::onBodyChanged);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_liveDirty) {
            refreshLive();
        }
    });
    rebuild();
}

void InspectorDock::setSimulation(SimulationController* controller) {
    m_simulation = controller;
    if (!controller) {
        return;
    }
    connect(controller, &SimulationController::frameChanged, this, [this] { refreshLive(); });
    // Entering or leaving Simulate mode switches the pose and velocity fields between the run and the
    // document.
    connect(controller, &SimulationController::simulatingChanged, this, [this] {
        clearErrors();
        refresh();
    });
    refresh();
}

bool InspectorDock::isLive() const {
    return m_simulation && m_simulation->isSimulating() && m_key != 0 &&
           m_simulation->bodyStateAt(m_key) != nullptr;
}

std::optional<double> InspectorDock::parseNumber(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        return std::nullopt;
    }
    bool ok = false;
    double value = QLocale::c().toDouble(trimmed, &ok);
    if (!ok) {
        value = QLocale().toDouble(trimmed, &ok);
    }
    if (!ok || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

QString InspectorDock::formatNumber(double value) {
    if (value == 0.0) {
        return QStringLiteral("0"); // also -0
    }
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

// Shortest exact text of a scaled value:
//   for p = 1..17: c = parse(shown to p significant digits); if c / scale == stored: return shortest(c)
//   else: shortest(stored * scale)
// (re-writing c in its own shortest form gives "90", not the "9e+01" of 'g' with one digit)
QString InspectorDock::formatNumber(double stored, double scale) {
    if (scale == 1.0) {
        return formatNumber(stored);
    }
    const double shown = stored * scale;
    for (int digits = 1; digits <= 17; ++digits) {
        const double candidate = QString::number(shown, 'g', digits).toDouble();
        if (candidate / scale == stored) {
            return formatNumber(candidate);
        }
    }
    return formatNumber(shown);
}

QString InspectorDock::formatShown(double stored, double scale, int digits) {
    const double shown = stored * scale;
    if (shown == 0.0) {
        return QStringLiteral("0"); // also -0
    }
    return QString::number(shown, 'g', std::max(1, digits));
}

// Rounded text that fits (review v12: "-0.15666…" ran past a position field):
//   for d = kShownDigits down to 1: t = formatShown(stored, scale, d); if t fits field.fitWidth: return t
//   return the 1-digit text
QString InspectorDock::shownText(const NumberField& field, double stored) const {
    QString text;
    for (int digits = kShownDigits; digits >= 1; --digits) {
        text = formatShown(stored, field.scale, digits);
        if (field.fitWidth <= 0 || lineEditWidthFor(field.edit, text) <= field.fitWidth) {
            break;
        }
    }
    return text;
}

QString InspectorDock::formatLive(double value, int decimals) {
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1); // "-0.0000" -> "0.0000"
    }
    return text;
}

QString InspectorDock::fieldError(const QString& objectName) const {
    for (const ErrorSlot& slot : m_errors) {
        if (slot.objectName == objectName) {
            return slot.label->isHidden() ? QString() : slot.label->text();
        }
    }
    return {};
}

QLabel* InspectorDock::makeErrorLabel(const QString& objectName, const QStringList& fieldNames) {
    auto* label = new QLabel;
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("QLabel { color: #c62828; }"));
    label->hide();
    for (const QString& name : fieldNames) {
        m_errors.append({name, label});
    }
    return label;
}

QWidget* InspectorDock::makeRow(const QList<QWidget*>& editors, QLabel* error) {
    auto* row = new QWidget;
    auto* column = new QVBoxLayout(row);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto* line = new QHBoxLayout;
    line->setSpacing(6);
    for (QWidget* editor : editors) {
        line->addWidget(editor, 1);
    }
    column->addLayout(line);
    if (error) {
        column->addWidget(error);
    }
    return row;
}

QWidget* InspectorDock::makeVectorRow(QLineEdit* x, QLineEdit* y, QLabel* error) {
    auto* row = new QWidget;
    auto* column = new QVBoxLayout(row);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto* line = new QHBoxLayout;
    line->setSpacing(4);
    for (const auto& [name, editor] :
         {std::pair{QStringLiteral("x"), x}, std::pair{QStringLiteral("y"), y}}) {
        auto* label = new QLabel(name);
        label->setBuddy(editor);
        setThemedStyle(label, ThemedRole::Hint);
        if (editor == y) {
            line->addSpacing(4);
        }
        line->addWidget(label);
        // The two editors share the width equally and may shrink to it: a live value (at most about ten
        // characters) stays readable in the default dock width.
        editor->setMinimumWidth(editor->fontMetrics().horizontalAdvance(QStringLiteral("-00.0000")));
        for (const auto& number : m_numbers) {
            if (number->edit == editor) {
                number->fitWidth = editor->minimumWidth(); // a document value's text fits it whole
            }
        }
        line->addWidget(editor, 1);
    }
    column->addLayout(line);
    if (error) {
        column->addWidget(error);
    }
    return row;
}

QLineEdit* InspectorDock::makeNumberEdit(const QString& objectName, const QString& label, FieldId field,
                                         QLabel* error, std::function<double(const phys::BodyDef&)> read,
                                         std::function<void(phys::BodyDef&, double)> write, double scale) {
    auto* edit = new QLineEdit;
    edit->setObjectName(objectName);
    edit->setToolTip(label);
    auto number = std::make_unique<NumberField>();
    number->edit = edit;
    number->error = error;
    number->read = std::move(read);
    number->write = std::move(write);
    number->field = field;
    number->label = label;
    number->scale = scale;
    NumberField* raw = number.get();
    m_numbers.push_back(std::move(number));
    connect(edit, &QLineEdit::editingFinished, this, [this, raw] { commitNumber(*raw); });
    edit->installEventFilter(this);
    return edit;
}

bool InspectorDock::eventFilter(QObject* watched, QEvent* event) {
    const bool press = event->type() == QEvent::KeyPress;
    if ((press || event->type() == QEvent::ShortcutOverride) &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        for (const auto& number : m_numbers) {
            if (number->edit != watched || number->edit->text() == number->shown) {
                continue;
            }
            if (press) {
                number->edit->setText(number->shown);
                number->edit->setModified(false);
                number->edit->setStyleSheet(QString());
                if (number->error) {
                    number->error->clear();
                    number->error->hide();
                }
            }
            event->accept(); // Esc is this field's while it holds an edit (no window shortcut takes it)
            return true;
        }
    }
    return QDockWidget::eventFilter(watched, event);
}

void InspectorDock::rebuild() {
    ++m_rebuilds;
    const QList<quint64> selection = m_canvas->selection();
    m_key = selection.size() == 1 && m_document->contains(selection.front()) ? selection.front() : 0;
    m_numbers.clear();
    m_vertexTables.clear();
    m_vertexErrors.clear();
    m_errors.clear();
    m_nameEdit = nullptr;
    m_nameError = nullptr;
    m_typeCombo = nullptr;
    m_typeError = nullptr;
    m_bulletCheck = nullptr;
    m_liveLabel = nullptr;
    m_liveStep = -1;

    m_content = new QWidget;
    m_content->setObjectName(QStringLiteral("inspectorContent"));
    auto* layout = new QVBoxLayout(m_content);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(10);
    m_header = new QLabel;
    m_header->setObjectName(QStringLiteral("inspectorHeader"));
    m_header->setWordWrap(true);
    layout->addWidget(m_header);

    if (m_key == 0) {
        m_header->setText(selection.isEmpty()
                              ? tr("Nothing selected.\nClick a body on the canvas or in the Bodies list.")
                              : tr("%n bodies selected.\nSelect one body to edit its properties.", nullptr,
                                   static_cast<int>(selection.size())));
        m_shapeLayout.clear();
    } else {
        const phys::BodyDef& body = m_document->body(m_key);
        m_shapeLayout = shapeLayout(body);
        layout->addWidget(buildBodyForm());
        for (std::size_t i = 0; i < body.shapes.size(); ++i) {
            layout->addWidget(buildShapeForm(static_cast<int>(i), body.shapes[i]));
        }
    }
    layout->addStretch(1);
    m_scroll->setWidget(m_content); // deletes the previous content
    refresh();
}

QWidget* InspectorDock::buildBodyForm() {
    auto* box = new QGroupBox(tr("Body"));
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_nameEdit = new QLineEdit;
    m_nameEdit->setObjectName(QStringLiteral("nameEdit"));
    m_nameError = makeErrorLabel(QStringLiteral("nameError"), {QStringLiteral("nameEdit")});
    connect(m_nameEdit, &QLineEdit::editingFinished, this, &InspectorDock::commitName);
    form->addRow(tr("Name"), makeRow({m_nameEdit}, m_nameError));

    m_typeCombo = new QComboBox;
    m_typeCombo->setObjectName(QStringLiteral("typeCombo"));
    for (const phys::BodyType type :
         {phys::BodyType::Static, phys::BodyType::Dynamic, phys::BodyType::Kinematic}) {
        m_typeCombo->addItem(QLatin1String(phys::toString(type)), static_cast<int>(type));
    }
    m_typeError = makeErrorLabel(QStringLiteral("typeError"), {QStringLiteral("typeCombo")});
    connect(m_typeCombo, &QComboBox::activated, this, &InspectorDock::commitType);
    form->addRow(tr("Type"), makeRow({m_typeCombo}, m_typeError));

    auto vector = [this, form](const QString& name, const QString& label, BodyField field,
                               phys::Vec2 phys::BodyDef::*member, const QString& unit) {
        QLabel* error = makeErrorLabel(name + QStringLiteral("Error"),
                                       {name + QStringLiteral("X"), name + QStringLiteral("Y")});
        QLineEdit* x = makeNumberEdit(
            name + QStringLiteral("X"), label + QStringLiteral(" x"), FieldId{field}, error,
            [member](const phys::BodyDef& b) { return (b.*member).x; },
            [member](phys::BodyDef& b, double v) { (b.*member).x = v; });
        QLineEdit* y = makeNumberEdit(
            name + QStringLiteral("Y"), label + QStringLiteral(" y"), FieldId{field}, error,
            [member](const phys::BodyDef& b) { return (b.*member).y; },
            [member](phys::BodyDef& b, double v) { (b.*member).y = v; });
        x->setPlaceholderText(QStringLiteral("x"));
        y->setPlaceholderText(QStringLiteral("y"));
        form->addRow(QStringLiteral("%1 (%2)").arg(label, unit), makeVectorRow(x, y, error));
    };
    vector(QStringLiteral("position"), tr("Position"), BodyField::Position, &phys::BodyDef::position,
           QStringLiteral("m"));

    QLabel* angleError = makeErrorLabel(QStringLiteral("angleError"), {QStringLiteral("angle")});
    QLineEdit* angle = makeNumberEdit(
        QStringLiteral("angle"), tr("Angle"), FieldId{BodyField::Angle}, angleError,
        [](const phys::BodyDef& b) { return b.angle; }, [](phys::BodyDef& b, double v) { b.angle = v; },
        kDegreesPerRadian);
    form->addRow(tr("Angle (\u00b0)"), makeRow({angle}, angleError));

    vector(QStringLiteral("linearVelocity"), tr("Velocity"), BodyField::LinearVelocity,
           &phys::BodyDef::linearVelocity, QStringLiteral("m/s"));

    QLabel* spinError =
        makeErrorLabel(QStringLiteral("angularVelocityError"), {QStringLiteral("angularVelocity")});
    QLineEdit* spin = makeNumberEdit(
        QStringLiteral("angularVelocity"), tr("Angular velocity"), FieldId{BodyField::AngularVelocity},
        spinError, [](const phys::BodyDef& b) { return b.angularVelocity; },
        [](phys::BodyDef& b, double v) { b.angularVelocity = v; });
    form->addRow(tr("Spin (rad/s)"), makeRow({spin}, spinError));

    for (const auto& number : m_numbers) {
        const BodyField f = number->field.field;
        number->live = f == BodyField::Position || f == BodyField::Angle || f == BodyField::LinearVelocity ||
                       f == BodyField::AngularVelocity;
        number->liveDecimals = f == BodyField::Angle             ? kLiveAngleDecimals
                               : f == BodyField::AngularVelocity ? kLiveSpinDecimals
                                                                 : kLiveLengthDecimals;
        if (number->live) {
            // Typing in a live field stops the run first, so the frame being edited stays on screen.
            connect(number->edit, &QLineEdit::textEdited, this, [this] {
                if (isLive() && m_simulation->isPlaying()) {
                    m_simulation->pause();
                }
            });
        }
    }
    m_liveLabel = new QLabel;
    m_liveLabel->setObjectName(QStringLiteral("inspectorLiveState"));
    m_liveLabel->setWordWrap(true);
    m_liveLabel->setStyleSheet(QStringLiteral("QLabel { color: #1b5e20; }"));
    m_liveLabel->setToolTip(tr("Simulate mode: position, angle, velocity and spin are the running body's at "
                               "the frame shown. Editing one pauses and changes the run, not the edited "
                               "scene."));
    m_liveLabel->hide();
    form->addRow(m_liveLabel);

    // A short text: a check box does not wrap, and a long one would widen the form past the dock.
    m_bulletCheck = new QCheckBox(tr("Bullet"));
    m_bulletCheck->setObjectName(QStringLiteral("bulletCheck"));
    m_bulletCheck->setToolTip(tr("Bullet: continuous collision (time of impact) against dynamic bodies too, "
                                 "not only against static ones"));
    connect(m_bulletCheck, &QCheckBox::toggled, this, &InspectorDock::commitBullet);
    form->addRow(QString(), m_bulletCheck);
    return box;
}

QWidget* InspectorDock::buildShapeForm(int shape, const phys::ShapeDef& def) {
    const auto* polygon = std::get_if<phys::Polygon>(&def.geometry);
    auto* box = new QGroupBox(
        polygon ? tr("Shape %1 \u00b7 polygon, %2 vertices").arg(shape + 1).arg(polygon->count())
                : tr("Shape %1 \u00b7 circle").arg(shape + 1));
    box->setObjectName(QStringLiteral("shape%1Box").arg(shape));
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const QString prefix = QStringLiteral("shape%1").arg(shape);

    auto scalar = [&](const char* name, const QString& label, BodyField field, double phys::ShapeDef::*member,
                      const QString& unit) {
        const QString objectName = prefix + QLatin1String(name);
        QLabel* error = makeErrorLabel(objectName + QStringLiteral("Error"), {objectName});
        QLineEdit* edit = makeNumberEdit(
            objectName, tr("%1 of shape %2").arg(label).arg(shape + 1), FieldId{field, shape}, error,
            [shape, member](const phys::BodyDef& b) { return shapeAt(b, shape).*member; },
            [shape, member](phys::BodyDef& b, double v) { shapeAt(b, shape).*member = v; });
        form->addRow(unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit),
                     makeRow({edit}, error));
    };
    scalar("Density", tr("Density"), BodyField::ShapeDensity, &phys::ShapeDef::density,
           QStringLiteral("kg/m\u00b2"));
    scalar("Friction", tr("Friction"), BodyField::ShapeFriction, &phys::ShapeDef::friction, QString());
    scalar("Restitution", tr("Restitution"), BodyField::ShapeRestitution, &phys::ShapeDef::restitution,
           QString());

    if (!polygon) {
        auto circle = [shape](const phys::BodyDef& b) -> const phys::Circle& {
            return std::get<phys::Circle>(shapeAt(b, shape).geometry);
        };
        auto circleMut = [shape](phys::BodyDef& b) -> phys::Circle& {
            return std::get<phys::Circle>(shapeAt(b, shape).geometry);
        };
        QLabel* centreError =
            makeErrorLabel(prefix + QStringLiteral("CenterError"),
                           {prefix + QStringLiteral("CenterX"), prefix + QStringLiteral("CenterY")});
        QLineEdit* cx = makeNumberEdit(
            prefix + QStringLiteral("CenterX"), tr("centre x of shape %1").arg(shape + 1),
            FieldId{BodyField::CircleCenter, shape}, centreError,
            [circle](const phys::BodyDef& b) { return circle(b).center.x; },
            [circleMut](phys::BodyDef& b, double v) { circleMut(b).center.x = v; });
        QLineEdit* cy = makeNumberEdit(
            prefix + QStringLiteral("CenterY"), tr("centre y of shape %1").arg(shape + 1),
            FieldId{BodyField::CircleCenter, shape}, centreError,
            [circle](const phys::BodyDef& b) { return circle(b).center.y; },
            [circleMut](phys::BodyDef& b, double v) { circleMut(b).center.y = v; });
        form->addRow(tr("Centre (m, local)"), makeRow({cx, cy}, centreError));
        QLabel* radiusError =
            makeErrorLabel(prefix + QStringLiteral("RadiusError"), {prefix + QStringLiteral("Radius")});
        QLineEdit* radius = makeNumberEdit(
            prefix + QStringLiteral("Radius"), tr("radius of shape %1").arg(shape + 1),
            FieldId{BodyField::CircleRadius, shape}, radiusError,
            [circle](const phys::BodyDef& b) { return circle(b).radius; },
            [circleMut](phys::BodyDef& b, double v) { circleMut(b).radius = v; });
        form->addRow(tr("Radius (m)"), makeRow({radius}, radiusError));
        m_vertexTables.push_back(nullptr);
        m_vertexErrors.push_back(nullptr);
        return box;
    }

    auto* table = new QTableWidget(polygon->count(), 2);
    table->setObjectName(prefix + QStringLiteral("Vertices"));
    table->setHorizontalHeaderLabels({tr("x (m)"), tr("y (m)")});
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Its size hint from its contents once, when first shown: kept up to date (AdjustToContents), every
    // changed cell asked the Inspector for a new layout, with its word-wrapped labels measured again, on
    // every mouse move of a vertex drag. Its height is set by fillVertexTable; its width is the form's.
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContentsOnFirstShow);
    QLabel* error = makeErrorLabel(prefix + QStringLiteral("VerticesError"), {table->objectName()});
    connect(table, &QTableWidget::itemChanged, this,
            [this, shape, table](QTableWidgetItem* item) { commitVertexCell(shape, table, item); });
    m_vertexTables.push_back(table);
    m_vertexErrors.push_back(error);
    auto* label = new QLabel(tr("Vertices (local frame, counter-clockwise)"));
    label->setWordWrap(true);
    auto* column = new QWidget;
    auto* columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->addWidget(label);
    columnLayout->addWidget(table);
    columnLayout->addWidget(error);
    form->addRow(column);
    return box;
}

namespace {

/// A vertex coordinate's cell: its text is the value as shown, its tooltip the exact value, worked out
/// when asked. Set as a second role, the tooltip doubled the model's change signals on every mouse move
/// of a vertex drag, which refills the table.
class CoordinateItem : public QTableWidgetItem {
public:
    CoordinateItem() { setTextAlignment(Qt::AlignRight | Qt::AlignVCenter); }
    void setValue(double value) {
        m_value = value;
        const QString text = InspectorDock::formatShown(value);
        if (this->text() != text) {
            setText(text);
        }
    }
    QVariant data(int role) const override {
        return role == Qt::ToolTipRole ? QVariant(InspectorDock::formatNumber(m_value))
                                       : QTableWidgetItem::data(role);
    }

private:
    double m_value = 0.0;
};

} // namespace

void InspectorDock::fillVertexTable(QTableWidget* table, const phys::Polygon& polygon) {
    // Rows carry the vertex numbers drawn on the canvas and used by the walkthrough (from 0), not the
    // table's own 1, 2, 3.
    // Set only when they differ: new header items make the header measure and repaint itself, and a vertex
    // drag refills this table on every mouse move.
    QStringList rows;
    bool sameRows = true;
    for (int i = 0; i < polygon.count(); ++i) {
        rows << QString::number(i);
        const QTableWidgetItem* header = table->verticalHeaderItem(i);
        sameRows = sameRows && header && header->text() == rows.back();
    }
    if (!sameRows) {
        table->setVerticalHeaderLabels(rows);
    }
    for (int i = 0; i < polygon.count(); ++i) {
        const phys::Vec2 v = polygon.vertex(i);
        for (int c = 0; c < 2; ++c) {
            auto* item = dynamic_cast<CoordinateItem*>(table->item(i, c));
            if (!item) {
                item = new CoordinateItem;
                table->setItem(i, c, item);
            }
            // The text only when it differs: a set emits itemChanged (ignored while refreshing) and repaints.
            item->setValue(c == 0 ? v.x : v.y);
        }
    }
    // Show every row: the table is as tall as its contents.
    int height = table->horizontalHeader()->height() + 2 * table->frameWidth();
    for (int i = 0; i < table->rowCount(); ++i) {
        height += table->rowHeight(i);
    }
    table->setFixedHeight(height);
}

void InspectorDock::refresh() {
    if (m_key == 0 || !m_document->contains(m_key)) {
        return;
    }
    // Each field is written only when what it shows differs. This runs on every mouse move of a drag (the
    // document changes live), and a QLabel's rich text, a QLineEdit's text or style sheet set to the same
    // value still lays out and repaints it: most fields do not change while a vertex moves.
    m_refreshing = true;
    const phys::BodyDef& body = m_document->body(m_key);
    const QString name = body.name.empty() ? tr("(unnamed)") : QString::fromStdString(body.name);
    setTextIfChanged(m_header, QStringLiteral("<b>%1</b> &nbsp;\u00b7&nbsp; body %2 &nbsp;\u00b7&nbsp; %3")
                                   .arg(name.toHtmlEscaped())
                                   .arg(m_document->indexOf(m_key))
                                   .arg(QLatin1String(phys::toString(body.type))));
    if (m_nameEdit && m_nameEdit->text() != QString::fromStdString(body.name)) {
        m_nameEdit->setText(QString::fromStdString(body.name));
    }
    if (m_typeCombo) {
        m_typeCombo->setCurrentIndex(m_typeCombo->findData(static_cast<int>(body.type)));
    }
    if (m_bulletCheck) {
        m_bulletCheck->setChecked(body.bullet);
    }
    const std::optional<phys::BodyDef> live =
        isLive() ? m_simulation->bodyAt(m_key) : std::optional<phys::BodyDef>{};
    for (const auto& number : m_numbers) {
        const bool showLive = number->live && live;
        const double stored = number->read(showLive ? *live : body);
        // Rounded to fit the field; the exact value in the tooltip (review v12: "34.37746770784939" and
        // "1.000000000000000" ran past their fields).
        number->shown =
            showLive ? formatLive(stored * number->scale, number->liveDecimals) : shownText(*number, stored);
        QLineEdit* edit = number->edit;
        if (edit->text() != number->shown || edit->isModified()) {
            edit->setText(number->shown);
            edit->setCursorPosition(0);
        }
        const QString tip = showLive ? liveToolTip(number->label, formatNumber(stored, number->scale))
                                     : exactToolTip(number->label, formatNumber(stored, number->scale));
        if (edit->toolTip() != tip) {
            edit->setToolTip(tip);
        }
        if (!edit->styleSheet().isEmpty()) {
            edit->setStyleSheet(QString());
        }
    }
    m_liveStep = -1;
    m_liveDirty = false;
    if (m_liveLabel) {
        m_liveLabel->setVisible(live.has_value());
    }
    for (std::size_t i = 0; i < m_vertexTables.size() && i < body.shapes.size(); ++i) {
        if (m_vertexTables[i]) {
            fillVertexTable(m_vertexTables[i], std::get<phys::Polygon>(body.shapes[i].geometry));
        }
    }
    m_refreshing = false;
    refreshLive(true);
}

// Per display frame while playing: nothing when the frame is the one already shown (same step, same state
// hash); otherwise only the editors whose text differs are rewritten (setText resets the cursor and the
// undo of a QLineEdit, and repaints), and an editor the user is typing in is left alone.
void InspectorDock::refreshLive(bool force) {
    if (!isLive() || !m_liveLabel) {
        return;
    }
    if (!isVisible() && !force) {
        m_liveDirty = true;
        return;
    }
    const std::int64_t step = m_simulation->currentStep();
    const std::uint64_t hash = m_simulation->stateHash();
    if (!force && step == m_liveStep && hash == m_liveHash) {
        return;
    }
    m_liveStep = step;
    m_liveHash = hash;
    m_liveDirty = false;
    const std::optional<phys::BodyDef> live = m_simulation->bodyAt(m_key);
    const SimBodyState* state = m_simulation->bodyStateAt(m_key);
    if (!live || !state) {
        return;
    }
    m_refreshing = true;
    for (const auto& number : m_numbers) {
        if (!number->live || (number->edit->hasFocus() && number->edit->isModified())) {
            continue;
        }
        const double stored = number->read(*live);
        const QString text = formatLive(stored * number->scale, number->liveDecimals);
        if (text != number->edit->text()) {
            number->edit->setText(text);
            number->edit->setCursorPosition(0);
        }
        const QString tip = liveToolTip(number->label, formatNumber(stored, number->scale));
        if (tip != number->edit->toolTip()) {
            number->edit->setToolTip(tip);
        }
        number->shown = text;
    }
    const QString sleep = live->type != phys::BodyType::Dynamic ? QLatin1String(phys::toString(live->type))
                          : !state->enabled                     ? tr("frozen (left the world)")
                          : state->awake                        ? tr("awake")
                                                                : tr("asleep");
    const QString text = tr("Live: frame %1, t = %2 s \u00b7 %3")
                             .arg(step)
                             .arg(QString::number(m_simulation->currentTime(), 'f', 3))
                             .arg(sleep);
    if (text != m_liveLabel->text()) {
        m_liveLabel->setText(text);
    }
    m_refreshing = false;
}

void InspectorDock::commitLive(NumberField& field, double value) {
    const std::optional<phys::BodyDef> live = m_simulation->bodyAt(m_key);
    if (!live) {
        return;
    }
    phys::BodyDef after = *live;
    field.write(after, value / field.scale);
    QString error;
    if (!m_simulation->setBodyState(m_key, after.position, after.angle, after.linearVelocity,
                                    after.angularVelocity, &error)) {
        field.edit->setStyleSheet(QLatin1String(kBadEditStyle));
        showError(field.error, tr("%1 refused: %2").arg(field.label, error));
        return;
    }
    if (field.error) {
        field.error->hide();
        field.error->clear();
    }
    field.edit->setStyleSheet(QString());
    field.edit->setModified(false);
    refreshLive(true);
}

void InspectorDock::onBodyChanged(BodyKey key) {
    if (key != m_key) {
        return;
    }
    if (shapeLayout(m_document->body(key)) != m_shapeLayout) {
        rebuild();
        return;
    }
    clearErrors();
    refresh();
}

void InspectorDock::showError(QLabel* errorLabel, const QString& text) {
    if (errorLabel) {
        errorLabel->setText(text);
        errorLabel->show();
    }
    emit message(text);
}

/// "Density of shape 1 refused: must be > 0 ..." — the error names its field only when it is not the one the
/// label already names (a vertex edit can be refused for the whole outline).
QString InspectorDock::refusal(const QString& label, const EditError& error) {
    const QString field = fieldInWords(error.field);
    const bool same =
        field.isEmpty() || label.startsWith(field, Qt::CaseInsensitive); // "Position x", "position"
    return tr("%1 refused: %2").arg(label, same ? error.message : errorInWords(error));
}

void InspectorDock::clearErrors() {
    for (const ErrorSlot& slot : m_errors) {
        // Only a label that shows something: clear() lays a label out again even when it is empty, and
        // every move of a drag clears them all.
        if (!slot.label->isHidden() || !slot.label->text().isEmpty()) {
            slot.label->clear();
            slot.label->hide();
        }
    }
}

bool InspectorDock::apply(FieldId field, const phys::BodyDef& after, QLabel* errorLabel,
                          const QString& label) {
    if (const auto error = m_controller->setProperty(m_key, field, after)) {
        showError(errorLabel, refusal(label, *error));
        return false;
    }
    if (errorLabel) {
        errorLabel->hide();
        errorLabel->clear();
    }
    refresh();
    return true;
}

void InspectorDock::commitNumber(NumberField& field) {
    if (m_refreshing || !m_document->contains(m_key)) {
        return;
    }
    const QString text = field.edit->text().trimmed();
    // Unchanged text is no edit: a document value is shown rounded (formatShown), and Enter or leaving the
    // field must not write the rounding back. But a live value typed over is applied even when it equals the
    // rounded text ("0.0013" typed over the 0.00129... shown as "0.0013"): typing there means "set the run's
    // body to this", and the run is not on the undo stack.
    const bool typedLive = field.live && isLive() && field.edit->isModified();
    if (text == field.shown && !typedLive) {
        return;
    }
    const std::optional<double> value = parseNumber(text);
    if (!value) {
        showError(field.error, tr("%1: \u201c%2\u201d is not a finite number").arg(field.label, text));
        restore(field);
        return;
    }
    if (field.live && isLive()) {
        commitLive(field, *value);
        return;
    }
    phys::BodyDef after = m_document->body(m_key);
    field.write(after, *value / field.scale);
    if (!apply(field.field, after, field.error, field.label)) {
        restore(field);
    }
}

// A refused value does not stay in the field (it would look accepted): the field shows the document's value
// again, and the message under it says what was refused and why.
void InspectorDock::restore(NumberField& field) {
    field.edit->setText(field.shown);
    field.edit->setModified(false);
    field.edit->setStyleSheet(QString());
}

void InspectorDock::commitName() {
    if (m_refreshing || !m_document->contains(m_key)) {
        return;
    }
    phys::BodyDef after = m_document->body(m_key);
    after.name = m_nameEdit->text().trimmed().toStdString();
    apply(FieldId{BodyField::Name}, after, m_nameError, tr("Name"));
}

void InspectorDock::commitType(int comboIndex) {
    if (m_refreshing || !m_document->contains(m_key)) {
        return;
    }
    phys::BodyDef after = m_document->body(m_key);
    after.type = static_cast<phys::BodyType>(m_typeCombo->itemData(comboIndex).toInt());
    if (!apply(FieldId{BodyField::Type}, after, m_typeError, tr("Type"))) {
        refresh(); // put the combo back; the message stays
    }
}

void InspectorDock::commitBullet(bool bullet) {
    if (m_refreshing || !m_document->contains(m_key)) {
        return;
    }
    phys::BodyDef after = m_document->body(m_key);
    after.bullet = bullet;
    apply(FieldId{BodyField::Bullet}, after, nullptr, tr("Bullet"));
}

void InspectorDock::commitVertexCell(int shape, QTableWidget* table, QTableWidgetItem* item) {
    if (m_refreshing || !m_document->contains(m_key)) {
        return;
    }
    const phys::BodyDef& body = m_document->body(m_key);
    const auto& polygon = std::get<phys::Polygon>(shapeAt(body, shape).geometry);
    const int vertex = item->row();
    const bool isX = item->column() == 0;
    QLabel* error = m_vertexErrors[static_cast<std::size_t>(shape)];
    const QString label = tr("vertex %1 %2 of shape %3")
                              .arg(vertex)
                              .arg(isX ? QStringLiteral("x") : QStringLiteral("y"))
                              .arg(shape + 1);
    auto revert = [this, table, &polygon] {
        m_refreshing = true;
        fillVertexTable(table, polygon);
        m_refreshing = false;
    };
    const QString text = item->text().trimmed();
    // The cell's rounded text left as it was is no edit: the exact coordinate behind it stays.
    if (text == formatShown(isX ? polygon.vertex(vertex).x : polygon.vertex(vertex).y)) {
        return;
    }
    const std::optional<double> value = parseNumber(text);
    if (!value) {
        revert();
        showError(error, tr("%1: \u201c%2\u201d is not a finite number").arg(label, text));
        return;
    }
    phys::Vec2 point = polygon.vertex(vertex);
    (isX ? point.x : point.y) = *value;
    const BodyEditResult result = withVertexMoved(body, shape, vertex, point);
    if (const auto* refused = std::get_if<EditError>(&result)) {
        revert();
        showError(error, refusal(label, *refused));
        return;
    }
    if (error) {
        error->hide();
    }
    m_controller->moveVertex(m_key, shape, vertex, point);
}

} // namespace cl
