#pragma once
/// @file full_disk.h
/// A disk that fills up, for the save tests, on any Linux machine and without root: RLIMIT_FSIZE.
///
/// With the file-size limit lowered to N bytes, the kernel refuses every write past byte N of any regular
/// file (errno EFBIG, the same failed write(2) a full disk gives with ENOSPC; SIGXFSZ, which would kill the
/// process, is ignored). The temporary file of a save then fills up exactly as on a full disk, whatever the
/// file system and user. (A small full tmpfs gives the same results; it needs root, so the suite uses this.)

#include <QProcess>

#include <csignal>
#include <sys/resource.h>

namespace cltest {

/// Lowers the soft file-size limit of this process for its lifetime (raised back after).
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        m_ok = getrlimit(RLIMIT_FSIZE, &m_saved) == 0;
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lowered = m_saved;
        lowered.rlim_cur = bytes;
        m_ok = m_ok && setrlimit(RLIMIT_FSIZE, &lowered) == 0;
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
    /// False when the limit could not be set (the test then fails: it checks this first).
    bool ok() const { return m_ok; }

private:
    rlimit m_saved{};
    void (*m_oldHandler)(int) = SIG_DFL;
    bool m_ok = false;
};

/// Makes `process` start its program with the file-size limit at `bytes` (SIGXFSZ ignored, which exec keeps).
inline void limitFileSize(QProcess& process, rlim_t bytes) {
    process.setChildProcessModifier([bytes] {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    });
}

} // namespace cltest
