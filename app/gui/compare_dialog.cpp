#include "compare_dialog.h"

#include "compare_table.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace cl {

namespace {

QPixmap swatchPixmap(const QColor& color) {
    QPixmap pixmap(14, 14);
    pixmap.fill(color);
    return pixmap;
}

} // namespace

CompareDialog::CompareDialog(const phys::WorldSettings& base, QWidget* parent)
    : QDialog(parent), m_base(base), m_presets(comparePresets(base)) {
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare Solvers"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Each configuration runs the scene from the same start, all on one clock. "
                                "Pick 2 to 6."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_grid = new QGridLayout();
    layout->addLayout(m_grid);
    const QStringList headers = {
        QString(),        tr("Name"),    tr("Preset"),   tr("Iterations"),     tr("Substeps"),
        tr("Warm start"), tr("Recycle"), tr("Contacts"), tr("Step rate (Hz)"), QString()};
    for (int c = 0; c < headers.size(); ++c) {
        m_grid->addWidget(new QLabel(headers[c], this), 0, c);
    }
    auto* buttons = new QHBoxLayout();
    m_add = new QPushButton(tr("&Add"), this);
    m_add->setObjectName(QStringLiteral("compareAdd"));
    connect(m_add, &QPushButton::clicked, this, &CompareDialog::addRow);
    m_load = new QPushButton(tr("&Load Configuration File..."), this);
    m_load->setObjectName(QStringLiteral("compareLoad"));
    m_load->setToolTip(
        tr("A JSON object of scene-settings keys, as `contactlab-cli compare --config` reads"));
    connect(m_load, &QPushButton::clicked, this, &CompareDialog::loadFile);
    buttons->addWidget(m_add);
    buttons->addWidget(m_load);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("compareError"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    box->button(QDialogButtonBox::Ok)->setText(tr("Compare"));
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    setConfigs(m_presets);
}

void CompareDialog::setConfigs(const std::vector<CompareConfig>& configs) {
    for (Row& row : m_rows) {
        for (QWidget* w : std::initializer_list<QWidget*>{row.swatch, row.name, row.preset, row.iterations,
                                                          row.substeps, row.warmStarting, row.recycle,
                                                          row.method, row.rateHz, row.remove}) {
            // Later: a row's own remove button is being clicked.
            w->hide();
            m_grid->removeWidget(w);
            w->deleteLater();
        }
    }
    m_rows.clear();
    for (const CompareConfig& config : configs) {
        if (static_cast<int>(m_rows.size()) < kMaxConfigs) {
            appendRow(config);
        }
    }
    relayout();
}

void CompareDialog::appendRow(const CompareConfig& config) {
    Row row;
    row.settings = config.settings;
    row.swatch = new QLabel(this);
    row.name = new QLineEdit(config.name, this);
    row.name->setMinimumWidth(140);
    row.preset = new QComboBox(this);
    row.preset->addItem(tr("(as set)"));
    for (const CompareConfig& preset : m_presets) {
        row.preset->addItem(preset.name);
    }
    row.iterations = new QSpinBox(this);
    row.iterations->setRange(1, 100);
    row.substeps = new QSpinBox(this);
    row.substeps->setRange(0, 64);
    // 0 is automatic substeps (defs.h WorldSettings::substeps).
    row.substeps->setSpecialValueText(tr("Auto"));
    row.warmStarting = new QCheckBox(this);
    row.recycle = new QCheckBox(this);
    row.recycle->setToolTip(
        tr("Recycle contacts (Box2D v3): a resting pair keeps its contact points instead of "
           "being collided again. Impulse solver only."));
    row.method = new QComboBox(this);
    row.method->addItem(tr("Clipping"), static_cast<int>(phys::ContactMethod::Clipping));
    row.method->addItem(tr("Deepest vertices"), static_cast<int>(phys::ContactMethod::DeepestVertices));
    row.method->addItem(tr("Vertex-edge"), static_cast<int>(phys::ContactMethod::VertexEdge));
    row.rateHz = new QDoubleSpinBox(this);
    row.rateHz->setRange(10.0, 1000.0);
    row.rateHz->setDecimals(1);
    row.remove = new QToolButton(this);
    row.remove->setText(QStringLiteral("\u2212"));
    row.remove->setToolTip(tr("Remove this configuration"));
    m_rows.push_back(row);
    showRow(m_rows.back());
    connect(row.preset, &QComboBox::activated, this, [this, preset = row.preset](int item) {
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            if (m_rows[i].preset == preset && item > 0) {
                applyPreset(static_cast<int>(i), item - 1);
            }
        }
    });
    connect(row.remove, &QToolButton::clicked, this, [this, button = row.remove] {
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            if (m_rows[i].remove == button) {
                removeRow(static_cast<int>(i));
                return;
            }
        }
    });
}

void CompareDialog::showRow(Row& row) {
    const phys::WorldSettings& s = row.settings;
    row.iterations->setValue(s.iterations);
    row.substeps->setValue(s.substeps.value_or(0));
    row.warmStarting->setChecked(s.warmStarting);
    row.recycle->setChecked(s.recycleContacts);
    row.method->setCurrentIndex(row.method->findData(static_cast<int>(s.contactMethod)));
    row.rateHz->setValue(s.timeStep > 0.0 ? 1.0 / s.timeStep : 60.0);
    row.preset->setCurrentIndex(0);
    for (std::size_t p = 0; p < m_presets.size(); ++p) {
        const phys::WorldSettings& q = m_presets[p].settings;
        if (q.solver == s.solver && q.response == s.response &&
            q.positionCorrection == s.positionCorrection) {
            row.preset->setCurrentIndex(static_cast<int>(p) + 1);
            break;
        }
    }
}

void CompareDialog::applyPreset(int rowIndex, int preset) {
    Row& row = m_rows[static_cast<std::size_t>(rowIndex)];
    // The preset's solver choices over what the row says now.
    row.settings = readRow(row).settings;
    const phys::WorldSettings& p = m_presets[static_cast<std::size_t>(preset)].settings;
    row.settings.solver = p.solver;
    row.settings.response = p.response;
    row.settings.positionCorrection = p.positionCorrection;
    for (const CompareConfig& other : m_presets) {
        if (row.name->text() == other.name) {
            row.name->setText(m_presets[static_cast<std::size_t>(preset)].name);
            break;
        }
    }
    showRow(row);
}

CompareConfig CompareDialog::readRow(const Row& row) const {
    CompareConfig config;
    config.name = row.name->text().trimmed();
    config.settings = row.settings;
    config.settings.iterations = row.iterations->value();
    config.settings.substeps =
        row.substeps->value() == 0 ? std::nullopt : std::optional<int>(row.substeps->value());
    config.settings.warmStarting = row.warmStarting->isChecked();
    config.settings.recycleContacts = row.recycle->isChecked();
    config.settings.contactMethod = static_cast<phys::ContactMethod>(row.method->currentData().toInt());
    // The step rate as shown: the step keeps its exact value unless the rate was changed.
    const double shown = row.settings.timeStep > 0.0 ? 1.0 / row.settings.timeStep : 60.0;
    if (std::abs(row.rateHz->value() - shown) > 0.05) {
        config.settings.timeStep = 1.0 / row.rateHz->value();
    }
    return config;
}

std::vector<CompareConfig> CompareDialog::configs() const {
    std::vector<CompareConfig> out;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        CompareConfig config = readRow(m_rows[i]);
        if (config.name.isEmpty()) {
            config.name = tr("Configuration %1").arg(i + 1);
        }
        out.push_back(config);
    }
    return out;
}

void CompareDialog::addRow() {
    if (static_cast<int>(m_rows.size()) >= kMaxConfigs) {
        return;
    }
    appendRow(m_presets[m_rows.size() % m_presets.size()]);
    relayout();
}

void CompareDialog::removeRow(int index) {
    if (static_cast<int>(m_rows.size()) <= kMinConfigs || index < 0 ||
        index >= static_cast<int>(m_rows.size())) {
        return;
    }
    std::vector<CompareConfig> kept = configs();
    kept.erase(kept.begin() + index);
    setConfigs(kept);
}

bool CompareDialog::addFile(const QString& fileName, QString* error) {
    auto read = readSettingsFile(fileName, m_base);
    if (const auto* problem = std::get_if<QString>(&read)) {
        const QString message = tr("%1: %2").arg(QFileInfo(fileName).fileName(), *problem);
        m_error->setText(message);
        m_error->show();
        if (error) {
            *error = message;
        }
        return false;
    }
    m_error->hide();
    if (static_cast<int>(m_rows.size()) >= kMaxConfigs) {
        removeRow(static_cast<int>(m_rows.size()) - 1);
    }
    appendRow({QFileInfo(fileName).completeBaseName(), std::get<phys::WorldSettings>(read)});
    relayout();
    return true;
}

void CompareDialog::loadFile() {
    const QString fileName = QFileDialog::getOpenFileName(this, tr("Load Configuration"), QString(),
                                                          tr("Configurations (*.json);;All files (*)"));
    if (!fileName.isEmpty()) {
        addFile(fileName);
    }
}

void CompareDialog::relayout() {
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row& row = m_rows[i];
        const int r = static_cast<int>(i) + 1;
        row.swatch->setPixmap(swatchPixmap(compareColor(static_cast<int>(i))));
        int c = 0;
        for (QWidget* w : std::initializer_list<QWidget*>{row.swatch, row.name, row.preset, row.iterations,
                                                          row.substeps, row.warmStarting, row.recycle,
                                                          row.method, row.rateHz, row.remove}) {
            m_grid->addWidget(w, r, c++);
        }
        const QString n = QString::number(i + 1);
        row.name->setObjectName(QStringLiteral("compareName") + n);
        row.preset->setObjectName(QStringLiteral("comparePreset") + n);
        row.iterations->setObjectName(QStringLiteral("compareIterations") + n);
        row.substeps->setObjectName(QStringLiteral("compareSubsteps") + n);
        row.warmStarting->setObjectName(QStringLiteral("compareWarmStarting") + n);
        row.recycle->setObjectName(QStringLiteral("compareRecycleContacts") + n);
        row.method->setObjectName(QStringLiteral("compareMethod") + n);
        row.rateHz->setObjectName(QStringLiteral("compareRate") + n);
    }
    updateButtons();
}

void CompareDialog::updateButtons() {
    m_add->setEnabled(static_cast<int>(m_rows.size()) < kMaxConfigs);
    for (Row& row : m_rows) {
        row.remove->setEnabled(static_cast<int>(m_rows.size()) > kMinConfigs);
    }
}

} // namespace cl
