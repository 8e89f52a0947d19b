// fuzz_diff: libFuzzer target for the diff scanner of `tenscan ci` (libgit2's tree diff with
// rename detection, read into changed files and hunks). A hostile change controls both trees.
// The input is two trees: sections opened by a line "#### a PATH" (base) or "#### b PATH"
// (head), optionally followed by " x" (executable), " l" (symbolic link) or " s" (submodule:
// the content is its commit id). Whatever the bytes:
//   - the changed files are sorted, their changed lines ordered, disjoint and inside the new
//     file, their hunks inside both sides;
//   - every old line outside a hunk is, byte for byte, the new line new_lines_of maps it to,
//     and the hunks account for the new file's length (what the diff filter and the baseline
//     rely on when they move a finding from the base to the head).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tenscan/ci/git.h"

namespace {

using tenscan::ci::ChangedFile;
using tenscan::ci::TreeFile;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t eol = text.find('\n', at);
    std::size_t end = eol == std::string::npos ? text.size() : eol + 1;
    out.push_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}

void check_text(const ChangedFile& f, const std::string& before, const std::string& after) {
  const auto old_lines = split_lines(before);
  const auto new_lines = split_lines(after);
  const int n_old = static_cast<int>(old_lines.size());
  const int n_new = static_cast<int>(new_lines.size());
  int last = 0;
  for (const auto& r : f.changed_lines) {
    if (r.begin <= last || r.end < r.begin || r.end > n_new) __builtin_trap();
    last = r.end;
  }
  long growth = 0;
  int old_seen = 0;
  for (const auto& h : f.hunks) {
    if (h.old_lines < 0 || h.new_lines < 0 || h.old_start < 0 || h.new_start < 0) __builtin_trap();
    if (h.old_start + h.old_lines - (h.old_lines > 0 ? 1 : 0) > n_old) __builtin_trap();
    if (h.new_start + h.new_lines - (h.new_lines > 0 ? 1 : 0) > n_new) __builtin_trap();
    if (h.old_start < old_seen) __builtin_trap();
    old_seen = h.old_start + h.old_lines;
    growth += h.new_lines - h.old_lines;
  }
  if (n_old + growth != n_new) __builtin_trap();
  for (int line = 1; line <= n_old; ++line) {
    bool in_hunk = false;
    for (const auto& h : f.hunks)
      if (h.old_lines > 0 && line >= h.old_start && line < h.old_start + h.old_lines) in_hunk = true;
    auto moved = f.new_lines_of(line);
    if (!moved) __builtin_trap();
    if (in_hunk) continue;
    if (moved->begin != moved->end || moved->begin < 1 || moved->begin > n_new) __builtin_trap();
    if (old_lines[line - 1] != new_lines[moved->begin - 1]) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // path -> file, the later section of a path replacing the earlier one, as in git's index
  std::map<std::string, TreeFile> sides[2];
  TreeFile* open = nullptr;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t eol = text.find('\n', at);
    std::size_t end = eol == std::string::npos ? text.size() : eol + 1;
    std::string line = text.substr(at, end - at);
    at = end;
    if (line.rfind("#### ", 0) == 0 && line.size() > 7 && (line[5] == 'a' || line[5] == 'b') && line[6] == ' ') {
      std::string path = line.substr(7);
      if (!path.empty() && path.back() == '\n') path.pop_back();
      TreeFile::Kind kind = TreeFile::Kind::Regular;
      if (path.size() > 2 && path[path.size() - 2] == ' ') {
        switch (path.back()) {
          case 'x': kind = TreeFile::Kind::Executable; break;
          case 'l': kind = TreeFile::Kind::Link; break;
          case 's': kind = TreeFile::Kind::Submodule; break;
          default: break;
        }
        if (kind != TreeFile::Kind::Regular) path.resize(path.size() - 2);
      }
      TreeFile& f = sides[line[5] == 'b'][path];
      f = TreeFile{path, kind, ""};
      open = &f;
      continue;
    }
    if (open) open->bytes += line;
  }
  for (auto& side : sides)
    for (auto& [_, f] : side)
      if (f.kind == TreeFile::Kind::Submodule && !f.bytes.empty() && f.bytes.back() == '\n') f.bytes.pop_back();
  std::vector<TreeFile> trees[2];
  for (int s = 0; s < 2; ++s)
    for (const auto& [_, f] : sides[s]) trees[s].push_back(f);

  std::vector<ChangedFile> files;
  try {
    files = tenscan::ci::diff_trees(trees[0], trees[1]);
  } catch (const tenscan::ci::GitError&) {
    return 0;  // a message for the user, not a crash
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    const ChangedFile& f = files[i];
    if (f.path.empty() || (i > 0 && files[i - 1].path > f.path)) __builtin_trap();
    if (f.whole_file || f.submodule || f.status == ChangedFile::Status::Deleted) continue;
    if (f.status == ChangedFile::Status::Added) __builtin_trap();  // added files are whole
    auto before = sides[0].find(f.old_path);
    auto after = sides[1].find(f.path);
    // both sides are files the input gave, stored as given (a path git refused is not in the
    // diff at all)
    if (before == sides[0].end() || after == sides[1].end()) __builtin_trap();
    if (before->second.kind == TreeFile::Kind::Submodule || after->second.kind == TreeFile::Kind::Submodule)
      __builtin_trap();
    check_text(f, before->second.bytes, after->second.bytes);
  }
  return 0;
}
