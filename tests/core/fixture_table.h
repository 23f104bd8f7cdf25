#pragma once
/// @file fixture_table.h
/// Reads tests/fixtures/bad/expected.tsv, the one list of hostile scene files and the error each must give,
/// shared by tst_scene_io and tst_cli_validate.

#include <QDir>
#include <QFile>
#include <QList>
#include <QString>

namespace fixtures {

inline QString sourceDir() {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR);
}
inline QString badDir() {
    return sourceDir() + QStringLiteral("/tests/fixtures/bad");
}
inline QString goodDir() {
    return sourceDir() + QStringLiteral("/tests/fixtures/good");
}
inline QString scenesDir() {
    return sourceDir() + QStringLiteral("/resources/scenes");
}

struct BadFixture {
    QString file;    ///< file name inside tests/fixtures/bad
    QString path;    ///< expected SceneError::path ("" for whole-file errors)
    QString message; ///< a substring of the expected SceneError::message
};

/// The rows of expected.tsv (file, path, message substring; '#' lines are comments). Empty on a read error.
inline QList<BadFixture> badFixtures() {
    QList<BadFixture> rows;
    QFile file(badDir() + QStringLiteral("/expected.tsv"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        return rows;
    }
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).chopped(1);
        if (line.isEmpty() || line.startsWith(u'#')) {
            continue;
        }
        const QStringList fields = line.split(u'\t');
        if (fields.size() == 3) {
            rows.append({fields[0], fields[1], fields[2]});
        }
    }
    return rows;
}

/// Every *.json file in a directory, sorted, as absolute paths.
inline QStringList jsonFiles(const QString& dir) {
    QStringList files;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        files << dir + u'/' + name;
    }
    return files;
}

} // namespace fixtures
