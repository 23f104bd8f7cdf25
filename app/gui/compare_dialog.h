#pragma once
/// @file compare_dialog.h
/// "Compare solvers..." (issue 15): picks the 2-6 configurations of compare mode. A row per configuration:
/// its name, a preset (impulse soft step, Baumgarte PGS, push-out, Verlet: comparePresets) and the settings a
/// comparison usually varies (iterations, substeps, warm starting, contact method, step rate), each editable.
/// "Load..." adds a configuration file, the format of `contactlab-cli compare --config` (a JSON object of
/// scene-settings keys applied over the scene's settings: readSettingsFile); its other keys are kept.

#include "compare_run.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace cl {

class CompareDialog : public QDialog {
    Q_OBJECT

public:
    static constexpr int kMinConfigs = 2;
    static constexpr int kMaxConfigs = 6;

    /// `base`: the settings the presets and files apply over (the run's settings). Starts with the four
    /// presets.
    explicit CompareDialog(const phys::WorldSettings& base, QWidget* parent = nullptr);

    /// The configurations as the rows say now.
    std::vector<CompareConfig> configs() const;
    void setConfigs(const std::vector<CompareConfig>& configs);
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    /// Adds a configuration read from `fileName`; false (and the error shown and returned) when it cannot.
    bool addFile(const QString& fileName, QString* error = nullptr);
    /// Adds a row (the next preset) and removes row `index`, within [kMinConfigs, kMaxConfigs].
    void addRow();
    void removeRow(int index);

private:
    struct Row {
        phys::WorldSettings settings; ///< everything, the widgets' fields included once read back
        QLabel* swatch = nullptr;
        QLineEdit* name = nullptr;
        QComboBox* preset = nullptr;
        QSpinBox* iterations = nullptr;
        QSpinBox* substeps = nullptr;
        QCheckBox* warmStarting = nullptr;
        QCheckBox* recycle = nullptr;
        QComboBox* method = nullptr;
        QDoubleSpinBox* rateHz = nullptr;
        QToolButton* remove = nullptr;
    };
    void appendRow(const CompareConfig& config);
    void showRow(Row& row);
    void applyPreset(int rowIndex, int preset);
    CompareConfig readRow(const Row& row) const;
    void relayout();
    void updateButtons();
    void loadFile();

    phys::WorldSettings m_base;
    std::vector<CompareConfig> m_presets;
    std::vector<Row> m_rows;
    QGridLayout* m_grid = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_load = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace cl
