/// @file cli_main.cpp
/// `contactlab-cli`: the headless executable (design.md section 4). Picks the subcommand (the table in
/// cli_options.cpp) from argv[1] before the application object exists, so a subcommand that paints gets a
/// QGuiApplication on the offscreen platform and the others a plain QCoreApplication. Exit codes: 0 success, 2 usage error, 3 invalid scene
/// (message on stderr naming the place).

#include "cli.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstring>
#include <memory>
#include <span>

using cl::cli::Subcommand;

int main(int argc, char** argv) {
    const char* first = argc > 1 ? argv[1] : "";
    if (std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0 ||
        std::strcmp(first, "help") == 0) {
        QCoreApplication app(argc, argv);
        cl::cli::printOut(cl::cli::generalUsage());
        return cl::cli::kExitOk;
    }
    const Subcommand* command = cl::cli::findSubcommand(first);
    if (!command) {
        QCoreApplication app(argc, argv);
        const QString message =
            argc > 1 ? QStringLiteral("unknown command '%1'").arg(QString::fromLocal8Bit(first))
                     : QStringLiteral("missing the command");
        cl::cli::printErr(QStringLiteral("contactlab-cli: %1\n%2").arg(message, cl::cli::generalUsage()));
        return cl::cli::kExitUsage;
    }

    std::unique_ptr<QCoreApplication> app;
    if (cl::cli::needsGui(*command, std::span<char* const>(argv + 2, std::size_t(argc - 2)))) {
        // Painting needs a platform plugin, but never a display: use offscreen unless the caller chose one.
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("contactlab-cli"));
    return command->run(*command, QCoreApplication::arguments().mid(2));
}
