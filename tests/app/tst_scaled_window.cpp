/// @file tst_scaled_window.cpp
/// The real MainWindow on a 1280x800 screen at 150% scaling (QT_SCALE_FACTOR=1.5: 853x533 logical pixels,
/// the classroom projector of issue 12), on the offscreen platform with a configured screen: the default
/// window and a geometry saved on a bigger screen both end up inside the available area, with every dock
/// reachable. Runs with its own main() because the scale factor and the screen must be set before the
/// application exists.

#include "main_window.h"
#include "scene_canvas.h"
#include "walkthrough_dock.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cl;

class TestScaledWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultWindowFitsTheScreen();
    void geometrySavedOnABiggerScreenIsBroughtBack();

private:
    /// Checks that `window`'s frame lies inside the screen's available area.
    static void checkOnScreen(const QWidget& window);
    QTemporaryDir m_dir;
};

void TestScaledWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabScaledTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ContactLabScaledTest"));
    // The screen is the configured 1280x800 one, seen through the 1.5 scale factor.
    const QScreen* screen = QGuiApplication::primaryScreen();
    QVERIFY(screen);
    QCOMPARE(screen->geometry().size(), QSize(853, 533));
}

void TestScaledWindow::checkOnScreen(const QWidget& window) {
    const QRect available = window.screen()->availableGeometry();
    QVERIFY2(available.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("frame %1,%2 %3x%4 is not inside %5x%6")
                            .arg(window.frameGeometry().x())
                            .arg(window.frameGeometry().y())
                            .arg(window.frameGeometry().width())
                            .arg(window.frameGeometry().height())
                            .arg(available.width())
                            .arg(available.height())));
}

void TestScaledWindow::defaultWindowFitsTheScreen() {
    QSettings().clear();
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    checkOnScreen(*window);
    if (const QString shots = qEnvironmentVariable("CONTACTLAB_SCALED_SHOT"); !shots.isEmpty()) {
        window->grab().save(shots); // to look at
    }
    // The docks share the narrow width and the canvas keeps room to work in.
    QString docks;
    for (const QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        if (dock->isVisible()) {
            docks += QStringLiteral(" %1 %2 (min %3)")
                         .arg(dock->objectName())
                         .arg(dock->width())
                         .arg(dock->minimumSizeHint().width());
        }
    }
    QVERIFY2(window->canvas()->viewport()->width() >= 250,
             qPrintable(QString::number(window->canvas()->viewport()->width()) + docks));
    QVERIFY(window->canvas()->viewport()->height() >= 150);
}

void TestScaledWindow::geometrySavedOnABiggerScreenIsBroughtBack() {
    {
        // A window saved at 1900x1100 near the far corner of a bigger screen.
        QWidget big;
        big.setGeometry(900, 700, 1900, 1100);
        QSettings settings;
        settings.setValue(QStringLiteral("mainWindow/geometry"), big.saveGeometry());
    }
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    checkOnScreen(*window);
}

int main(int argc, char** argv) {
    // A 1280x800 offscreen screen (the plugin's configfile option) at 150%.
    const QString config = QDir::temp().filePath(
        QStringLiteral("contactlab_scaled_screen_%1.json").arg(QCoreApplication::applicationPid()));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(R"({"screens": [{"name": "Projector", "x": 0, "y": 0, "width": 1280, "height": 800,
                       "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})") < 0) {
        return 1;
    }
    file.close();
    qputenv("QT_QPA_PLATFORM", ("offscreen:configfile=" + config).toLocal8Bit());
    qputenv("QT_SCALE_FACTOR", "1.5");
    int result = 0;
    {
        QApplication app(argc, argv);
        TestScaledWindow test;
        result = QTest::qExec(&test, argc, argv);
    }
    QFile::remove(config);
    return result;
}

#include "tst_scaled_window.moc"
