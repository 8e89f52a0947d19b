// Report files written safely (output.h).
#include "tenscan/ci/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <vector>

namespace fs = std::filesystem;

namespace tenscan::ci {
namespace {

bool inside(const fs::path& p, const fs::path& root) {
  fs::path rel = p.lexically_relative(root);
  return !rel.empty() && *rel.begin() != "..";
}

// The target with every symbolic link resolved, or nullopt (and `why`) when a link inside the
// repository is on the way. Links are resolved one component at a time, so a link that points
// back into the repository is checked too.
std::optional<fs::path> resolve_target(const fs::path& path, const fs::path& repo_root, std::string& why) {
  std::error_code ec;
  fs::path root = repo_root.empty() ? fs::path() : fs::weakly_canonical(fs::absolute(repo_root, ec), ec);
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  fs::path cur = abs.root_path();
  const fs::path relative = abs.relative_path();
  std::vector<fs::path> rest(relative.begin(), relative.end());
  for (std::size_t i = 0, links = 0; i < rest.size(); ++i) {
    if (rest[i].empty() || rest[i] == ".") continue;
    if (rest[i] == "..") {
      cur = cur.parent_path();
      continue;
    }
    fs::path next = cur / rest[i];
    if (!fs::is_symlink(fs::symlink_status(next, ec))) {
      cur = next;
      continue;
    }
    if (!root.empty() && (cur == root || inside(cur, root))) {
      why = next.string() + " is a symbolic link inside the repository, which the change under analysis controls; "
            "tenscan does not write reports through it";
      return std::nullopt;
    }
    if (++links > 40) {
      why = "too many levels of symbolic links";
      return std::nullopt;
    }
    // a link of the machine's own: where it leads (itself checked, one component at a time)
    fs::path to = fs::read_symlink(next, ec);
    fs::path resolved = ec ? fs::path() : (to.is_absolute() ? to : cur / to).lexically_normal();
    if (ec || !fs::exists(fs::symlink_status(resolved, ec)) || ec) {
      // a link the kernel resolves but a path cannot name (/dev/stdout -> /proc/self/fd/1 ->
      // pipe:[...]), or a dangling one: left to the kernel when the file is opened
      ec.clear();
      for (std::size_t j = i + 1; j < rest.size(); ++j) next /= rest[j];
      return next;
    }
    const fs::path resolved_relative = resolved.relative_path();
    std::vector<fs::path> more(resolved_relative.begin(), resolved_relative.end());
    more.insert(more.end(), rest.begin() + static_cast<long>(i) + 1, rest.end());
    rest = std::move(more);
    i = static_cast<std::size_t>(-1);
    cur = resolved.root_path();
  }
  return cur;
}

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

mode_t new_file_mode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

bool write_report_file(const std::string& path, const std::string& text, const fs::path& repo_root, std::string& why) {
  auto target = resolve_target(path, repo_root, why);
  if (!target) return false;
  struct stat st {};
  bool exists = ::lstat(target->c_str(), &st) == 0;
  bool via_link = exists && S_ISLNK(st.st_mode);  // a link of the machine's the kernel resolves
  if (via_link) exists = ::stat(target->c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    why = "it is a directory";
    return false;
  }
  if (via_link || (exists && !S_ISREG(st.st_mode))) {
    // a FIFO, a device, a terminal, /dev/stdout: written as it is, never replaced (opening a
    // FIFO waits for its reader)
    int fd = ::open(target->c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (exists ? 0 : O_CREAT) |
                                         (exists && S_ISREG(st.st_mode) ? O_TRUNC : 0),
                    0666);
    if (fd < 0) {
      why = std::strerror(errno);
      return false;
    }
    bool ok = write_all(fd, text);
    int saved = errno;
    ok = (::close(fd) == 0) && ok;
    if (!ok) why = std::strerror(saved ? saved : errno);
    return ok;
  }
  std::string name = target->filename().string();
  std::string templ = (target->parent_path() / ("." + name + ".tenscan-XXXXXX")).string();
  int fd = ::mkstemp(templ.data());  // O_CREAT | O_EXCL: never follows a link, never reuses a file
  if (fd < 0) {
    why = std::strerror(errno);
    return false;
  }
  bool ok = ::fchmod(fd, exists ? (st.st_mode & 07777) : new_file_mode()) == 0 && write_all(fd, text);
  int saved = errno;
  ok = (::close(fd) == 0) && ok;
  if (ok && ::rename(templ.c_str(), target->c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok) {
    why = std::strerror(saved ? saved : errno);
    ::unlink(templ.c_str());
  }
  return ok;
}

}  // namespace tenscan::ci
