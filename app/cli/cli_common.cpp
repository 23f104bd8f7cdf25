/// @file cli_common.cpp
/// Output, usage and argument helpers shared by the contactlab-cli subcommands.

#include "cli.h"

#include <cstdio>

namespace cl::cli {

namespace {

void write(std::FILE* stream, const QString& text) {
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, static_cast<std::size_t>(utf8.size()), stream);
    std::fflush(stream);
}

} // namespace

void printOut(const QString& text) {
    write(stdout, text);
}
void printErr(const QString& text) {
    write(stderr, text);
}

QString usageText(const Subcommand& command) {
    QString text = QStringLiteral("Usage: contactlab-cli %1 %2\n  %3\n")
                       .arg(QLatin1String(command.name), QLatin1String(command.synopsis),
                            QLatin1String(command.summary));
    if (command.details[0] != '\0') {
        text += QLatin1String(command.details);
        if (!text.endsWith(u'\n')) {
            text += u'\n';
        }
    }
    return text;
}

int usageError(const Subcommand& command, const QString& message) {
    printErr(QStringLiteral("contactlab-cli %1: %2\n%3")
                 .arg(QLatin1String(command.name), message, usageText(command)));
    return kExitUsage;
}

std::optional<int> parseSceneCommand(const Subcommand& self, const QStringList& args,
                                     const QStringList& valueOptions, Arguments& parsed) {
    parsed = parseArguments(args, valueOptions);
    if (!parsed.error.isEmpty()) {
        return usageError(self, parsed.error);
    }
    if (parsed.help) {
        printOut(usageText(self));
        return kExitOk;
    }
    if (parsed.positional.size() != 1) {
        return usageError(
            self,
            parsed.positional.isEmpty()
                ? QStringLiteral("missing the SCENE file argument")
                : QStringLiteral("expected one SCENE file, got %1 arguments").arg(parsed.positional.size()));
    }
    return std::nullopt;
}

Arguments parseArguments(const QStringList& args, const QStringList& valueOptions,
                         const QStringList& flagOptions) {
    Arguments parsed;
    bool onlyPositional = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args[i];
        if (onlyPositional || arg == QLatin1String("-") || !arg.startsWith(u'-')) {
            parsed.positional << arg;
            continue;
        }
        if (arg == QLatin1String("--")) {
            onlyPositional = true;
            continue;
        }
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            parsed.help = true;
            continue;
        }
        if (!arg.startsWith(QLatin1String("--"))) {
            parsed.error = QStringLiteral("unknown option '%1'").arg(arg);
            return parsed;
        }
        QString name = arg.mid(2);
        std::optional<QString> inlineValue;
        if (const qsizetype eq = name.indexOf(u'='); eq >= 0) {
            inlineValue = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (valueOptions.contains(name)) {
            if (inlineValue) {
                parsed.values[name] = *inlineValue;
            } else if (i + 1 < args.size()) {
                parsed.values[name] = args[++i];
            } else {
                parsed.error = QStringLiteral("option '--%1' needs a value").arg(name);
                return parsed;
            }
        } else if (flagOptions.contains(name) && !inlineValue) {
            parsed.flags << name;
        } else {
            parsed.error = QStringLiteral("unknown option '%1'").arg(arg);
            return parsed;
        }
    }
    return parsed;
}

std::optional<Scene> loadSceneOrReport(const QString& fileName) {
    auto result = loadSceneFile(fileName);
    if (const auto* error = std::get_if<SceneError>(&result)) {
        // loadSceneFile names the file in file-system errors; parse errors do not, so add it.
        const QString text = error->toString();
        printErr(QStringLiteral("contactlab-cli: %1\n")
                     .arg(text.startsWith(fileName + u':') ? text : fileName + QStringLiteral(": ") + text));
        return std::nullopt;
    }
    return std::get<Scene>(std::move(result));
}

} // namespace cl::cli
