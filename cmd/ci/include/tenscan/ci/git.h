// The repository, through libgit2: revisions, changed files with their changed line ranges,
// and file contents at a revision (never by touching the working tree). Debian 12's libgit2
// 1.5 cannot walk history in shallow clones, so nothing here computes merge bases or walks
// commits: the base is always a revision the caller names.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tenscan/core/analyze.h"

namespace tenscan::ci {

/// A git problem, with a message written for the person who has to fix it (what is missing,
/// what to run). `missing_object` is set when a revision cannot be found, e.g. the base
/// commit of a shallow clone.
class GitError : public std::runtime_error {
 public:
  GitError(const std::string& message, bool missing_object = false)
      : std::runtime_error(message), missing_object_(missing_object) {}
  [[nodiscard]] bool missing_object() const { return missing_object_; }

 private:
  bool missing_object_;
};

/// Lines [begin, end] (1-based, inclusive) on the new side of a diff.
struct LineRange {
  int begin = 0;
  int end = 0;
  friend bool operator==(const LineRange&, const LineRange&) = default;
};

struct ChangedFile {
  enum class Status { Added, Modified, Deleted, Renamed };
  Status status = Status::Modified;
  std::string path;      ///< repository-relative, '/' separators; the new path (old path if deleted)
  std::string old_path;  ///< the path before (differs from path for renames; empty if added)
  /// New-side lines that were added or modified (context 0), in order, not overlapping. Lines
  /// that were only removed mark nothing (not even a neighbour: the CodeQL / GitHub rule that
  /// only added and modified lines are in the diff), so a file whose change is pure deletion
  /// is Modified with no lines. Empty for deleted files and for files whose content did not
  /// change (pure renames). Binary files: empty, with whole_file set.
  std::vector<LineRange> changed_lines;
  /// True when every line counts as changed (added files, files named explicitly).
  bool whole_file = false;
  /// A submodule whose commit changed (path is the submodule's directory): its code is not in
  /// this repository's diff, so the driver counts it as a change of every entry.
  bool submodule = false;
  /// The diff's hunks (context 0): old-side lines [old_start, old_start + old_lines) became
  /// new-side lines [new_start, new_start + new_lines). Empty when whole_file.
  struct Hunk {
    int old_start = 0, old_lines = 0, new_start = 0, new_lines = 0;
    friend bool operator==(const Hunk&, const Hunk&) = default;
  };
  std::vector<Hunk> hunks{};
  /// The new-side lines an old-side line became: itself, shifted by the hunks before it; the
  /// new side of the hunk that changed it (empty, end < begin, when the hunk only removed
  /// lines); nullopt when the whole file counts as changed.
  [[nodiscard]] std::optional<LineRange> new_lines_of(int old_line) const;
};

/// A file of a tree built in memory (diff_trees): its bytes are a regular file's content, a
/// symbolic link's target, or a submodule's commit id (40 hex digits).
struct TreeFile {
  enum class Kind { Regular, Executable, Link, Submodule };
  std::string path;
  Kind kind = Kind::Regular;
  std::string bytes;
};

/// The changed files Repository::diff finds between two commits, for two trees built in
/// memory from `base` and `head` (no repository on disk: for tests and the fuzzer). A file
/// whose path git refuses (a NUL, an absolute path, an empty, "." or ".." component), or a
/// submodule whose id is not 40 hex digits, is left out. Throws GitError.
[[nodiscard]] std::vector<ChangedFile> diff_trees(const std::vector<TreeFile>& base,
                                                  const std::vector<TreeFile>& head);

/// What the head side of a diff is.
struct DiffTarget {
  enum class Kind { Commit, WorkingTree, Index };
  Kind kind = Kind::WorkingTree;
  std::string revision;  ///< for Commit: any revision git understands (sha, branch, HEAD~1)
};

class Repository {
 public:
  /// Opens the repository containing `dir` (searching upwards). Works in repositories owned
  /// by another user (container CI) and on a detached HEAD. Throws GitError.
  static Repository open(const std::filesystem::path& dir);
  Repository(Repository&&) noexcept;
  Repository& operator=(Repository&&) noexcept;
  ~Repository();

  /// The working tree's root directory (absolute). Throws GitError for a bare repository.
  [[nodiscard]] std::filesystem::path workdir() const;
  [[nodiscard]] bool is_shallow() const;

  /// The commit id (40 hex digits) a revision names. Throws GitError (missing_object) with a
  /// message naming the revision and the command that fetches it when it is not present,
  /// mentioning the shallow clone when the repository is shallow.
  [[nodiscard]] std::string resolve_commit(std::string_view revision) const;
  /// The id of HEAD's commit, or nullopt for an unborn branch.
  [[nodiscard]] std::optional<std::string> head_commit() const;

  /// Files changed between the base commit's tree and `head`: a commit's tree; the working
  /// tree as git sees it (tracked and staged files, git_diff_tree_to_workdir_with_index;
  /// untracked files are not part of a change); or the index alone (pre-commit, --staged).
  /// Rename detection on, submodules ignored, context 0. Sorted by path.
  [[nodiscard]] std::vector<ChangedFile> diff(std::string_view base_revision, const DiffTarget& head) const;

  /// The bytes of `path` in `revision` (a commit), or nullopt if it has no such file.
  [[nodiscard]] std::optional<std::string> read_file(std::string_view revision,
                                                     const std::string& path) const;
  /// Every regular file path in `revision`'s tree (repository-relative, sorted).
  [[nodiscard]] std::vector<std::string> list_files(std::string_view revision) const;

  /// Every regular file the index tracks (stage 0; repository-relative, sorted): the files of
  /// the working tree as git sees them, without untracked files (virtualenvs, build outputs).
  [[nodiscard]] std::vector<std::string> list_index_files() const;

  /// A SourceProvider over a commit's tree (for analysing the baseline or a --head commit
  /// without a checkout). Refuses paths that leave the tree; symlinks in the tree are not
  /// followed. The returned object keeps its own handle on the repository.
  [[nodiscard]] std::unique_ptr<SourceProvider> tree_source(std::string_view revision) const;

 private:
  struct Impl;
  explicit Repository(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tenscan::ci
