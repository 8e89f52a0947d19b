// Writing report files where the analysed repository may be hostile (docs/security.md): a pull
// request controls every file and symbolic link inside the repository, so a report path that
// goes through one of its links could overwrite a file anywhere the CI user may write.
#pragma once

#include <filesystem>
#include <string>

namespace tenscan::ci {

/// Writes `text` to the report file `path` (relative to the current directory):
/// - a path with a symbolic link inside `repo_root` (a link the repository holds, on any
///   component) is refused; a link outside it (`/dev/stdout`, a link of the CI machine) is the
///   user's own and is followed;
/// - an existing target that is not a regular file (a FIFO, a character device, a terminal) is
///   written in place, never replaced;
/// - otherwise the text goes to a new temporary file next to the target, created exclusively
///   under an unpredictable name (never through a link), and is renamed over it, so no reader
///   sees half a report. A target that existed keeps its permissions; a new one gets 0666
///   less the umask.
/// On failure returns false with the reason in `why` (a sentence, no trailing period).
bool write_report_file(const std::string& path, const std::string& text, const std::filesystem::path& repo_root,
                       std::string& why);

}  // namespace tenscan::ci
