// The repository through libgit2 1.5. Nothing here walks history or computes merge bases:
// libgit2 < 1.7 does not understand shallow clones, so only objects the caller names by
// revision are looked up, and a missing one becomes a GitError that says what to fetch.
#include "tenscan/ci/git.h"

#include <git2.h>
#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

#include <algorithm>
#include <cctype>
#include <mutex>

namespace tenscan::ci {
namespace {

// ---- libgit2 lifetime and handles --------------------------------------------------------

/// libgit2 is initialised once per process (the first time a repository is opened, thread-safe
/// through the function-local static) and shut down at exit. Owner validation is off: CI
/// containers routinely check out repositories owned by another uid.
void ensure_libgit2() {
  struct Guard {
    Guard() {
      git_libgit2_init();
      git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
    }
    ~Guard() { git_libgit2_shutdown(); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;
  };
  static Guard guard;
}

template <typename T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
using RepoPtr = std::unique_ptr<git_repository, Deleter<git_repository, git_repository_free>>;
using ObjectPtr = std::unique_ptr<git_object, Deleter<git_object, git_object_free>>;
using TreePtr = std::unique_ptr<git_tree, Deleter<git_tree, git_tree_free>>;
using EntryPtr = std::unique_ptr<git_tree_entry, Deleter<git_tree_entry, git_tree_entry_free>>;
using BlobPtr = std::unique_ptr<git_blob, Deleter<git_blob, git_blob_free>>;
using DiffPtr = std::unique_ptr<git_diff, Deleter<git_diff, git_diff_free>>;
using PatchPtr = std::unique_ptr<git_patch, Deleter<git_patch, git_patch_free>>;
using IndexPtr = std::unique_ptr<git_index, Deleter<git_index, git_index_free>>;

std::string last_error() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

/// Throws a GitError "<context>: <libgit2's message>" when rc reports a failure.
void check(int rc, const std::string& context) {
  if (rc < 0) throw GitError(context + ": " + last_error());
}

std::string oid_hex(const git_oid* id) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof buf, id);
  return buf;
}

bool is_hex_id(std::string_view s) {
  return s.size() >= 4 && s.size() <= GIT_OID_HEXSZ &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

/// The message for a revision that is not in the repository: what is missing and the command
/// that fetches it (shallow CI clones are the usual cause).
std::string missing_message(std::string_view what, std::string_view revision, bool shallow) {
  std::string rev(revision);
  std::string msg = std::string(what) + " " + rev + " is not in this clone";
  if (shallow) msg += " (it is shallow: only the last commits were fetched)";
  const std::string depth = shallow ? "--depth=1 " : "";
  if (is_hex_id(rev)) {
    msg += ". Fetch it with `git fetch " + depth + "origin " + rev + "`";
  } else if (rev.find_first_of("~^@:") != std::string::npos) {
    msg += ". Fetch more history with `git fetch --deepen=N` (or `git fetch --unshallow`)";
  } else {
    std::string name = rev.rfind("origin/", 0) == 0 ? rev.substr(7) : rev;
    msg += ". Fetch it with `git fetch " + depth + "origin " + name + "`";
  }
  if (shallow) msg += ", or check out with `fetch-depth: 2` (GitHub Actions) / a larger GIT_DEPTH (GitLab)";
  return msg + ".";
}

/// A project-relative path in canonical form ("a/b.py": no empty or "." components; "" is the
/// root), or nullopt when it leaves the tree (".."), is absolute or contains a NUL byte.
std::optional<std::string> normalise(const std::string& path) {
  if ((!path.empty() && path.front() == '/') || path.find('\0') != std::string::npos) return std::nullopt;
  std::string out;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    std::string_view part(path.data() + start, end - start);
    if (part == "..") return std::nullopt;
    if (!part.empty() && part != ".") {
      if (!out.empty()) out += '/';
      out += part;
    }
    start = end + 1;
  }
  return out;
}

TreePtr commit_tree(git_repository* repo, const git_oid& commit_id) {
  git_object* obj = nullptr;
  check(git_object_lookup(&obj, repo, &commit_id, GIT_OBJECT_COMMIT),
        "cannot read commit " + oid_hex(&commit_id));
  ObjectPtr commit(obj);
  git_object* tree = nullptr;
  check(git_object_peel(&tree, commit.get(), GIT_OBJECT_TREE),
        "cannot read the tree of commit " + oid_hex(&commit_id));
  return TreePtr(reinterpret_cast<git_tree*>(tree));
}

/// The tree entry at a canonical path, or null when there is none.
EntryPtr entry_at(git_tree* tree, const std::string& path) {
  git_tree_entry* e = nullptr;
  int rc = git_tree_entry_bypath(&e, tree, path.c_str());
  if (rc == GIT_ENOTFOUND) return nullptr;
  check(rc, "cannot look up " + path);
  return EntryPtr(e);
}

bool is_regular_blob(const git_tree_entry* e) {
  auto mode = git_tree_entry_filemode(e);
  return git_tree_entry_type(e) == GIT_OBJECT_BLOB &&
         (mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE);
}

/// The content of the regular file at `path` in `tree`; nullopt with `why` when there is no
/// such file (absent, a directory, a symbolic link, a submodule, a path leaving the tree).
std::optional<std::string> read_blob(git_repository* repo, git_tree* tree, const std::string& path,
                                     std::string& why) {
  auto canon = normalise(path);
  if (!canon) {
    why = "the path " + path + " leaves the project";
    return std::nullopt;
  }
  EntryPtr e = canon->empty() ? nullptr : entry_at(tree, *canon);
  if (!e) {
    why = "no such file: " + path;
    return std::nullopt;
  }
  if (git_tree_entry_filemode(e.get()) == GIT_FILEMODE_LINK) {
    why = path + " is a symbolic link (not followed)";
    return std::nullopt;
  }
  if (!is_regular_blob(e.get())) {
    why = path + " is not a regular file";
    return std::nullopt;
  }
  // the size from the object's header first: a huge blob is refused before it is loaded
  git_odb* odb_raw = nullptr;
  check(git_repository_odb(&odb_raw, repo), "cannot open the object database");
  std::unique_ptr<git_odb, decltype(&git_odb_free)> odb(odb_raw, git_odb_free);
  std::size_t size = 0;
  git_object_t type = GIT_OBJECT_BLOB;
  if (git_odb_read_header(&size, &type, odb.get(), git_tree_entry_id(e.get())) == 0 && size > kMaxReadBytes) {
    why = path + " is larger than " + std::to_string(kMaxReadBytes >> 20) + " MiB (" + std::to_string(size) +
          " bytes) and was not read";
    return std::nullopt;
  }
  git_blob* b = nullptr;
  check(git_blob_lookup(&b, repo, git_tree_entry_id(e.get())), "cannot read " + path);
  BlobPtr blob(b);
  return std::string(static_cast<const char*>(git_blob_rawcontent(blob.get())),
                     static_cast<std::size_t>(git_blob_rawsize(blob.get())));
}

RepoPtr open_repository(const std::filesystem::path& dir) {
  ensure_libgit2();
  git_repository* r = nullptr;
  int rc = git_repository_open_ext(&r, dir.c_str(), 0, nullptr);
  if (rc == GIT_ENOTFOUND) throw GitError("no git repository at or above " + dir.string());
  check(rc, "cannot open the git repository at " + dir.string());
  return RepoPtr(r);
}

// ---- a SourceProvider over a commit's tree ------------------------------------------------

class TreeSource final : public SourceProvider {
 public:
  TreeSource(RepoPtr repo, TreePtr tree, std::string commit)
      : repo_(std::move(repo)), tree_(std::move(tree)), commit_(std::move(commit)) {}

  std::optional<std::string> read(const std::string& rel_path, std::string& error) const override {
    std::lock_guard lock(mutex_);
    try {
      auto text = read_blob(repo_.get(), tree_.get(), rel_path, error);
      if (!text) error += " (in commit " + commit_.substr(0, 12) + ")";
      return text;
    } catch (const GitError& e) {
      error = e.what();
      return std::nullopt;
    }
  }
  [[nodiscard]] bool is_file(const std::string& rel_path) const override {
    std::lock_guard lock(mutex_);
    auto e = entry(rel_path);
    return e && is_regular_blob(e.get());
  }
  [[nodiscard]] bool is_dir(const std::string& rel_path) const override {
    std::lock_guard lock(mutex_);
    auto canon = normalise(rel_path);
    if (!canon) return false;
    if (canon->empty()) return true;
    auto e = entry(*canon);
    return e && git_tree_entry_type(e.get()) == GIT_OBJECT_TREE;
  }

 private:
  /// The entry at a path, null when absent, invalid, or when a lookup error occurs (these
  /// predicates cannot report errors; the read that follows them does).
  [[nodiscard]] EntryPtr entry(const std::string& rel_path) const {
    auto canon = normalise(rel_path);
    if (!canon || canon->empty()) return nullptr;
    git_tree_entry* e = nullptr;
    if (git_tree_entry_bypath(&e, tree_.get(), canon->c_str()) < 0) return nullptr;
    return EntryPtr(e);
  }

  RepoPtr repo_;  // declared before tree_: destroyed after it
  TreePtr tree_;
  std::string commit_;
  mutable std::mutex mutex_;  // libgit2 objects must not be used by two threads at once
};

// ---- diffs ----------------------------------------------------------------------------------

ChangedFile changed_file(const git_diff_delta& d, git_patch* patch) {
  ChangedFile f;
  const char* new_path = d.new_file.path ? d.new_file.path : "";
  const char* old_path = d.old_file.path ? d.old_file.path : "";
  switch (d.status) {
    case GIT_DELTA_ADDED:
    case GIT_DELTA_COPIED:
      f.status = ChangedFile::Status::Added;
      f.path = new_path;
      f.whole_file = true;
      break;
    case GIT_DELTA_DELETED:
      f.status = ChangedFile::Status::Deleted;
      f.path = f.old_path = old_path;
      return f;  // no new side, no changed lines
    case GIT_DELTA_RENAMED:
      f.status = ChangedFile::Status::Renamed;
      f.path = new_path;
      f.old_path = old_path;
      break;
    case GIT_DELTA_TYPECHANGE:  // e.g. a file replaced by a symbolic link: all of it changed
      f.whole_file = true;
      [[fallthrough]];
    default:  // modified, conflicted, unreadable
      f.path = f.old_path = new_path;
      break;
  }
  if (d.flags & GIT_DIFF_FLAG_BINARY) {
    f.whole_file = true;
    return f;
  }
  // Context 0: every hunk is exactly the added or modified new-side lines. A hunk with
  // new_lines == 0 is a pure deletion; it changes no line of the new side, so it marks none
  // (the CodeQL / GitHub rule: only added and modified lines are "in the diff").
  const std::size_t hunks = patch ? git_patch_num_hunks(patch) : 0;
  for (std::size_t h = 0; h < hunks; ++h) {
    const git_diff_hunk* hunk = nullptr;
    check(git_patch_get_hunk(&hunk, nullptr, patch, h), "cannot read the diff of " + f.path);
    if (hunk->new_lines > 0)
      f.changed_lines.push_back({hunk->new_start, hunk->new_start + hunk->new_lines - 1});
    f.hunks.push_back({hunk->old_start, hunk->old_lines, hunk->new_start, hunk->new_lines});
  }
  return f;
}

bool is_submodule(const git_diff_delta& d) {
  return d.old_file.mode == GIT_FILEMODE_COMMIT || d.new_file.mode == GIT_FILEMODE_COMMIT;
}

/// The diff's options: context 0, blobs above the read limit not loaded, submodules' own edits
/// ignored.
git_diff_options diff_options() {
  git_diff_options opts;
  check(git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION), "cannot set up the diff");
  opts.context_lines = 0;
  opts.interhunk_lines = 0;
  // a blob above the read limit is not loaded to be diffed: it counts as binary (whole file)
  opts.max_size = static_cast<git_off_t>(kMaxReadBytes);
  // a submodule whose recorded commit changed is a change (ChangedFile::submodule); its
  // working directory's own edits are not
  opts.flags = GIT_DIFF_INCLUDE_TYPECHANGE;
  opts.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
  return opts;
}

/// A diff's changed files, renames detected, sorted by path.
std::vector<ChangedFile> changed_files(DiffPtr diff) {
  git_diff_find_options find;
  check(git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION), "cannot set up rename detection");
  find.flags = GIT_DIFF_FIND_RENAMES;
  check(git_diff_find_similar(diff.get(), &find), "cannot detect renames");

  std::vector<ChangedFile> files;
  const std::size_t n = git_diff_num_deltas(diff.get());
  for (std::size_t i = 0; i < n; ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff.get(), i);
    if (!d || d->status == GIT_DELTA_UNMODIFIED || d->status == GIT_DELTA_IGNORED || d->status == GIT_DELTA_UNTRACKED)
      continue;
    if (is_submodule(*d)) {
      ChangedFile f;
      f.path = f.old_path = d->new_file.path ? d->new_file.path : d->old_file.path;
      f.whole_file = true;
      f.submodule = true;
      files.push_back(std::move(f));
      continue;
    }
    git_patch* p = nullptr;
    const char* shown = d->new_file.path ? d->new_file.path : d->old_file.path;
    check(git_patch_from_diff(&p, diff.get(), i),
          std::string("cannot compute the diff of ") + (shown ? shown : "?"));
    PatchPtr patch(p);
    // git_patch_from_diff loads the contents and sets the binary flag on the delta it returns
    const git_diff_delta* loaded =
        patch ? git_patch_get_delta(patch.get()) : git_diff_get_delta(diff.get(), i);
    files.push_back(changed_file(*loaded, patch.get()));
  }
  std::sort(files.begin(), files.end(),
            [](const ChangedFile& a, const ChangedFile& b) { return a.path < b.path; });
  return files;
}

}  // namespace

// ---- Repository ---------------------------------------------------------------------------

struct Repository::Impl {
  RepoPtr repo;

  /// The commit a revision names; `what` describes it in the message ("base revision").
  [[nodiscard]] git_oid commit_id(std::string_view revision, std::string_view what) const {
    const std::string rev(revision);
    if (rev.empty())
      throw GitError(std::string(what) + " is empty: name a commit (a sha, a branch, HEAD~1, ...)");
    git_object* obj = nullptr;
    int rc = git_revparse_single(&obj, repo.get(), rev.c_str());
    if (rc == GIT_ENOTFOUND && rev.rfind("HEAD", 0) == 0 && git_repository_head_unborn(repo.get()) == 1)
      throw GitError(std::string(what) + " " + rev + " does not exist yet: the current branch has no commit");
    if (rc == GIT_ENOTFOUND)
      throw GitError(missing_message(what, rev, git_repository_is_shallow(repo.get()) == 1), true);
    if (rc == GIT_EAMBIGUOUS)
      throw GitError(std::string(what) + " " + rev + " is ambiguous: give more digits of the commit id");
    check(rc, std::string("cannot resolve ") + std::string(what) + " " + rev);
    ObjectPtr object(obj);
    git_object* commit = nullptr;
    rc = git_object_peel(&commit, object.get(), GIT_OBJECT_COMMIT);
    if (rc == GIT_ENOTFOUND)  // an annotated tag whose commit was not fetched
      throw GitError(missing_message(what, rev, git_repository_is_shallow(repo.get()) == 1), true);
    check(rc, std::string(what) + " " + rev + " does not name a commit");
    ObjectPtr peeled(commit);
    return *git_object_id(peeled.get());
  }

  [[nodiscard]] TreePtr tree(std::string_view revision, std::string_view what) const {
    return commit_tree(repo.get(), commit_id(revision, what));
  }
};

Repository::Repository(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Repository::Repository(Repository&&) noexcept = default;
Repository& Repository::operator=(Repository&&) noexcept = default;
Repository::~Repository() = default;

Repository Repository::open(const std::filesystem::path& dir) {
  auto impl = std::make_unique<Impl>();
  impl->repo = open_repository(dir);
  return Repository(std::move(impl));
}

std::filesystem::path Repository::workdir() const {
  const char* wd = git_repository_workdir(impl_->repo.get());
  if (!wd)
    throw GitError(std::string("the repository at ") + git_repository_path(impl_->repo.get()) +
                   " is bare: it has no working tree to analyse");
  std::string s = wd;
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

bool Repository::is_shallow() const {
  return git_repository_is_shallow(impl_->repo.get()) == 1;
}

std::string Repository::resolve_commit(std::string_view revision) const {
  git_oid id = impl_->commit_id(revision, "revision");
  return oid_hex(&id);
}

std::optional<std::string> Repository::head_commit() const {
  int unborn = git_repository_head_unborn(impl_->repo.get());
  check(unborn, "cannot read HEAD");
  if (unborn == 1) return std::nullopt;
  git_oid id;
  check(git_reference_name_to_id(&id, impl_->repo.get(), "HEAD"), "cannot resolve HEAD");
  return oid_hex(&id);
}

std::vector<ChangedFile> Repository::diff(std::string_view base_revision, const DiffTarget& head) const {
  git_repository* repo = impl_->repo.get();
  TreePtr base = impl_->tree(base_revision, "base revision");
  git_diff_options opts = diff_options();
  git_diff* raw = nullptr;
  switch (head.kind) {
    case DiffTarget::Kind::Commit: {
      TreePtr target = impl_->tree(head.revision, "head revision");
      check(git_diff_tree_to_tree(&raw, repo, base.get(), target.get(), &opts),
            "cannot diff the two commits");
      break;
    }
    case DiffTarget::Kind::WorkingTree:
      check(git_diff_tree_to_workdir_with_index(&raw, repo, base.get(), &opts),
            "cannot diff the working tree");
      break;
    case DiffTarget::Kind::Index: {
      git_index* idx = nullptr;
      check(git_repository_index(&idx, repo), "cannot read the index");
      IndexPtr index(idx);
      check(git_diff_tree_to_index(&raw, repo, base.get(), index.get(), &opts), "cannot diff the index");
      break;
    }
  }
  return changed_files(DiffPtr(raw));
}

std::optional<std::string> Repository::read_file(std::string_view revision, const std::string& path) const {
  TreePtr tree = impl_->tree(revision, "revision");
  std::string why;
  return read_blob(impl_->repo.get(), tree.get(), path, why);
}

std::vector<std::string> Repository::list_files(std::string_view revision) const {
  TreePtr tree = impl_->tree(revision, "revision");
  std::vector<std::string> files;
  auto visit = [](const char* root, const git_tree_entry* e, void* payload) -> int {
    if (is_regular_blob(e))
      static_cast<std::vector<std::string>*>(payload)->push_back(std::string(root) + git_tree_entry_name(e));
    return 0;
  };
  check(git_tree_walk(tree.get(), GIT_TREEWALK_PRE, visit, &files),
        "cannot list the files of " + std::string(revision));
  std::sort(files.begin(), files.end());
  return files;
}

std::unique_ptr<SourceProvider> Repository::tree_source(std::string_view revision) const {
  git_oid id = impl_->commit_id(revision, "revision");
  // its own repository handle: the source may outlive this object and be used on another thread
  RepoPtr repo = open_repository(git_repository_path(impl_->repo.get()));
  TreePtr tree = commit_tree(repo.get(), id);
  return std::make_unique<TreeSource>(std::move(repo), std::move(tree), oid_hex(&id));
}

std::vector<std::string> Repository::list_index_files() const {
  git_index* raw = nullptr;
  check(git_repository_index(&raw, impl_->repo.get()), "cannot read the index");
  std::unique_ptr<git_index, void (*)(git_index*)> index(raw, git_index_free);
  std::vector<std::string> files;
  for (std::size_t i = 0, n = git_index_entrycount(index.get()); i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index.get(), i);
    if (e && git_index_entry_stage(e) == 0 && (e->mode == GIT_FILEMODE_BLOB || e->mode == GIT_FILEMODE_BLOB_EXECUTABLE))
      files.emplace_back(e->path);
  }
  std::sort(files.begin(), files.end());
  return files;
}

namespace {
// A path a git tree can hold: not empty, no NUL, relative, and no empty, "." or ".." component
// (an in-memory index takes some of these, and libgit2 1.5 then leaks writing the tree).
bool is_tree_path(const std::string& path) {
  if (path.empty() || path.find('\0') != std::string::npos) return false;
  std::size_t start = 0;
  while (true) {
    std::size_t end = path.find('/', start);
    std::string_view part(path.data() + start, (end == std::string::npos ? path.size() : end) - start);
    if (part.empty() || part == "." || part == "..") return false;
    if (end == std::string::npos) return true;
    start = end + 1;
  }
}
}  // namespace

std::vector<ChangedFile> diff_trees(const std::vector<TreeFile>& base, const std::vector<TreeFile>& head) {
  ensure_libgit2();
  // a repository with no directory: its objects live in an in-memory pack
  git_repository* raw_repo = nullptr;
  check(git_repository_new(&raw_repo), "cannot create an in-memory repository");
  RepoPtr repo(raw_repo);
  git_odb* raw_odb = nullptr;
  check(git_odb_new(&raw_odb), "cannot create an object database");
  std::unique_ptr<git_odb, Deleter<git_odb, git_odb_free>> odb(raw_odb);
  git_odb_backend* pack = nullptr;
  check(git_mempack_new(&pack), "cannot create an in-memory object store");
  if (int rc = git_odb_add_backend(odb.get(), pack, 1); rc < 0) {
    pack->free(pack);  // the database owns a backend only once it is added
    check(rc, "cannot add the in-memory object store");
  }
  check(git_repository_set_odb(repo.get(), odb.get()), "cannot attach the object database");

  auto tree_of = [&](const std::vector<TreeFile>& files) {
    git_index* raw_index = nullptr;
    check(git_index_new(&raw_index), "cannot create an index");
    IndexPtr index(raw_index);
    for (const TreeFile& f : files) {
      if (!is_tree_path(f.path)) continue;
      git_index_entry entry{};
      entry.path = f.path.c_str();
      switch (f.kind) {
        case TreeFile::Kind::Regular: entry.mode = GIT_FILEMODE_BLOB; break;
        case TreeFile::Kind::Executable: entry.mode = GIT_FILEMODE_BLOB_EXECUTABLE; break;
        case TreeFile::Kind::Link: entry.mode = GIT_FILEMODE_LINK; break;
        case TreeFile::Kind::Submodule: entry.mode = GIT_FILEMODE_COMMIT; break;
      }
      if (f.kind == TreeFile::Kind::Submodule) {
        if (f.bytes.size() != GIT_OID_HEXSZ || git_oid_fromstr(&entry.id, f.bytes.c_str()) < 0) continue;
      } else {
        check(git_blob_create_from_buffer(&entry.id, repo.get(), f.bytes.data(), f.bytes.size()),
              "cannot store " + f.path);
      }
      // a path git refuses (empty, "..", ".git", a file where a directory is) is left out
      if (git_index_add(index.get(), &entry) < 0) git_error_clear();
    }
    git_oid id;
    check(git_index_write_tree_to(&id, index.get(), repo.get()), "cannot write a tree");
    git_tree* tree = nullptr;
    check(git_tree_lookup(&tree, repo.get(), &id), "cannot read a tree back");
    return TreePtr(tree);
  };
  TreePtr before = tree_of(base);
  TreePtr after = tree_of(head);
  git_diff_options opts = diff_options();
  git_diff* raw = nullptr;
  check(git_diff_tree_to_tree(&raw, repo.get(), before.get(), after.get(), &opts), "cannot diff the two trees");
  return changed_files(DiffPtr(raw));
}

std::optional<LineRange> ChangedFile::new_lines_of(int old_line) const {
  if (whole_file) return std::nullopt;
  int shift = 0;
  for (const Hunk& h : hunks) {
    // a pure insertion (old_lines 0) goes after old line old_start
    const int old_end = h.old_start + h.old_lines;  // one past its last old line
    if (h.old_lines > 0 && old_line >= h.old_start && old_line < old_end)
      return LineRange{h.new_start, h.new_start + h.new_lines - 1};
    if (h.old_lines == 0 ? old_line > h.old_start : old_line >= old_end) shift += h.new_lines - h.old_lines;
  }
  return LineRange{old_line + shift, old_line + shift};
}

}  // namespace tenscan::ci
