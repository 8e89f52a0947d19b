// The libgit2 layer of `tenscan ci`, on real repositories built with the git CLI in a temp dir.
#include "tenscan/ci/git.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using tenscan::ci::ChangedFile;
using tenscan::ci::DiffTarget;
using tenscan::ci::GitError;
using tenscan::ci::LineRange;
using tenscan::ci::Repository;
using Status = ChangedFile::Status;
using Catch::Matchers::Contains;

namespace {

/// Runs a shell command; fails the test if it exits non-zero. Returns its stdout, trimmed.
std::string sh(const std::string& cmd) {
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  int status = pclose(p);
  INFO(cmd << "\n" << out);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

/// A temporary directory, removed with everything in it at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "tenscan-git-XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    path = fs::canonical(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

/// A git work tree in `dir`, driven through the git CLI.
struct GitRepo {
  fs::path dir;
  explicit GitRepo(fs::path d, bool init = true) : dir(std::move(d)) {
    if (init) {
      fs::create_directories(dir);
      git("init -q");
    }
  }
  std::string git(const std::string& args) const {
    return sh("cd '" + dir.string() +
              "' && git -c user.name=t -c user.email=t@t -c init.defaultBranch=main -c "
              "protocol.file.allow=always " +
              args + " 2>&1");
  }
  void write(const std::string& rel, const std::string& content) const {
    fs::create_directories((dir / rel).parent_path());
    std::ofstream(dir / rel, std::ios::binary) << content;
  }
  std::string commit(const std::string& msg = "c") const {
    git("add -A");
    git("commit -q --allow-empty -m " + msg);
    return git("rev-parse HEAD");
  }
};

std::string lines(int from, int to, const std::string& tag = "line") {
  std::string s;
  for (int i = from; i <= to; ++i) s += tag + std::to_string(i) + "\n";
  return s;
}

const ChangedFile& find(const std::vector<ChangedFile>& files, const std::string& path) {
  for (const auto& f : files)
    if (f.path == path) return f;
  FAIL("no changed file " << path);
  throw std::logic_error("unreachable");
}

std::vector<std::string> paths(const std::vector<ChangedFile>& files) {
  std::vector<std::string> out;
  for (const auto& f : files) out.push_back(f.path);
  return out;
}

using R = std::vector<LineRange>;
using V = std::vector<std::string>;
const DiffTarget kWorkTree{DiffTarget::Kind::WorkingTree, ""};
const DiffTarget kIndex{DiffTarget::Kind::Index, ""};
DiffTarget commit_target(const std::string& rev) {
  return {DiffTarget::Kind::Commit, rev};
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<LineRange> {
  static std::string convert(const LineRange& r) {
    return "[" + std::to_string(r.begin) + "," + std::to_string(r.end) + "]";
  }
};
}  // namespace Catch

TEST_CASE("git: added, modified and deleted files with their changed lines", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("a.py", lines(1, 10));
  g.write("b.py", "1\n2\n3\n");
  g.write("c.py", "gone\n");
  g.write("pkg/keep.py", "same\n");
  const std::string base = g.commit();
  // a.py: line 3 replaced, two lines inserted after line 5, lines 7-8 replaced, line 10 deleted
  g.write("a.py", "line1\nline2\nX3\nline4\nline5\nN1\nN2\nline6\nY7\nY8\nline9\n");
  g.write("b.py", "1\n3\n");  // a pure deletion
  fs::remove(tmp.path / "c.py");
  g.write("pkg/new.py", "n1\nn2\nn3\n");
  g.write("empty.py", "");
  const std::string head = g.commit();

  auto repo = Repository::open(tmp.path / "pkg");  // searches upwards
  CHECK(repo.workdir() == tmp.path);
  CHECK_FALSE(repo.is_shallow());
  CHECK(repo.head_commit() == head);
  CHECK(repo.resolve_commit("HEAD~1") == base);
  CHECK(repo.resolve_commit(base.substr(0, 10)) == base);
  CHECK(repo.resolve_commit("main") == head);

  auto files = repo.diff(base, commit_target(head));
  CHECK(paths(files) == V{"a.py", "b.py", "c.py", "empty.py", "pkg/new.py"});
  const auto& a = find(files, "a.py");
  CHECK(a.status == Status::Modified);
  CHECK(a.old_path == "a.py");
  CHECK_FALSE(a.whole_file);
  CHECK(a.changed_lines == R{{3, 3}, {6, 7}, {9, 10}});  // the deletion of line 10 marks nothing
  const auto& b = find(files, "b.py");
  CHECK(b.status == Status::Modified);
  CHECK(b.changed_lines.empty());
  const auto& c = find(files, "c.py");
  CHECK(c.status == Status::Deleted);
  CHECK(c.old_path == "c.py");
  CHECK(c.changed_lines.empty());
  const auto& n = find(files, "pkg/new.py");
  CHECK(n.status == Status::Added);
  CHECK(n.old_path.empty());
  CHECK(n.whole_file);
  CHECK(n.changed_lines == R{{1, 3}});
  const auto& e = find(files, "empty.py");
  CHECK(e.status == Status::Added);
  CHECK(e.whole_file);
  CHECK(e.changed_lines.empty());

  // the same commit on both sides: nothing changed
  CHECK(repo.diff(head, commit_target("HEAD")).empty());
  // and the reverse direction
  auto back = repo.diff(head, commit_target(base));
  CHECK(find(back, "c.py").status == Status::Added);
  CHECK(find(back, "pkg/new.py").status == Status::Deleted);
  CHECK(find(back, "b.py").changed_lines == R{{2, 2}});
}

TEST_CASE("git: renames with and without edits", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("old.py", lines(1, 20));
  g.write("edited.py", lines(1, 20, "text"));
  const std::string base = g.commit();
  fs::create_directories(tmp.path / "moved");
  g.git("mv old.py moved/new.py");
  g.git("mv edited.py renamed.py");
  std::string text = lines(1, 20, "text");
  text.replace(text.find("text7\n"), 6, "CHANGED\n");
  g.write("renamed.py", text);
  const std::string head = g.commit();

  auto repo = Repository::open(tmp.path);
  auto files = repo.diff(base, commit_target(head));
  CHECK(paths(files) == V{"moved/new.py", "renamed.py"});
  const auto& pure = find(files, "moved/new.py");
  CHECK(pure.status == Status::Renamed);
  CHECK(pure.old_path == "old.py");
  CHECK(pure.changed_lines.empty());
  CHECK_FALSE(pure.whole_file);
  const auto& edited = find(files, "renamed.py");
  CHECK(edited.status == Status::Renamed);
  CHECK(edited.old_path == "edited.py");
  CHECK(edited.changed_lines == R{{7, 7}});
}

TEST_CASE("git: binary files count as wholly changed", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("data.bin", std::string("\x00\x01\x02\nabc\n", 8));
  const std::string base = g.commit();
  g.write("data.bin", std::string("\x00\x01\x03\nabd\n", 8));
  g.write("weights.pt", std::string("PK\x03\x04\x00\x00", 6));
  const std::string head = g.commit();
  auto files = Repository::open(tmp.path).diff(base, commit_target(head));
  CHECK(paths(files) == V{"data.bin", "weights.pt"});
  CHECK(find(files, "data.bin").status == Status::Modified);
  CHECK(find(files, "data.bin").whole_file);
  CHECK(find(files, "data.bin").changed_lines.empty());
  CHECK(find(files, "weights.pt").status == Status::Added);
  CHECK(find(files, "weights.pt").whole_file);
}

TEST_CASE("git: a submodule's new commit is a change, its dirty work tree is not", "[git]") {
  TempDir tmp;
  GitRepo sub(tmp.path / "sub");
  sub.write("lib.py", "x = 1\n");
  sub.commit();
  GitRepo g(tmp.path / "main");
  g.write("train.py", "import lib\n");
  const std::string before = g.commit();
  g.git("submodule add -q ../sub vendor/sub");
  const std::string with_sub = g.commit();
  // a new commit in the submodule, recorded in the superproject
  GitRepo inner(tmp.path / "main/vendor/sub", false);
  inner.write("lib.py", "x = 2\n");
  inner.commit();
  const std::string bumped = g.commit();
  inner.write("lib.py", "x = 3\n");  // and a dirty submodule work tree

  auto repo = Repository::open(tmp.path / "main");
  CHECK(paths(repo.diff(before, commit_target(with_sub))) == V{".gitmodules", "vendor/sub"});
  auto bump = repo.diff(with_sub, commit_target(bumped));
  REQUIRE(paths(bump) == V{"vendor/sub"});
  CHECK(bump[0].submodule);
  CHECK(bump[0].whole_file);
  // the work tree: the bumped commit is checked out (a change), its edit on top is not one
  CHECK(paths(repo.diff(with_sub, kWorkTree)) == V{"vendor/sub"});
  CHECK(repo.diff(bumped, kWorkTree).empty());
  CHECK(repo.list_files("HEAD") == V{".gitmodules", "train.py"});
  CHECK_FALSE(repo.read_file("HEAD", "vendor/sub").has_value());
}

TEST_CASE("git: staged, working tree and commit diffs", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("staged.py", lines(1, 5));
  g.write("unstaged.py", lines(1, 5));
  g.write("both.py", lines(1, 5));
  const std::string base = g.commit();
  g.write("staged.py", "line1\nSTAGED\nline3\nline4\nline5\n");
  g.write("both.py", "BOTH1\nline2\nline3\nline4\nline5\n");
  g.write("added.py", "a\nb\n");
  g.git("add staged.py both.py added.py");
  g.write("unstaged.py", "line1\nline2\nline3\nline4\nWORK\n");
  g.write("both.py", "BOTH1\nline2\nline3\nline4\nWORK5\n");
  g.write("untracked.py", "import x\n");

  auto repo = Repository::open(tmp.path);
  auto staged = repo.diff("HEAD", kIndex);
  CHECK(paths(staged) == V{"added.py", "both.py", "staged.py"});
  CHECK(find(staged, "staged.py").changed_lines == R{{2, 2}});
  CHECK(find(staged, "both.py").changed_lines == R{{1, 1}});
  CHECK(find(staged, "added.py").status == Status::Added);

  auto work = repo.diff(base, kWorkTree);
  CHECK(paths(work) == V{"added.py", "both.py", "staged.py", "unstaged.py"});  // never untracked.py
  CHECK(find(work, "both.py").changed_lines == R{{1, 1}, {5, 5}});
  CHECK(find(work, "unstaged.py").changed_lines == R{{5, 5}});
  CHECK(find(work, "added.py").whole_file);
  CHECK(find(work, "added.py").changed_lines == R{{1, 2}});

  CHECK(repo.diff(base, commit_target("HEAD")).empty());

  // a staged rename shows as a rename in the working-tree diff too
  g.git("mv staged.py moved.py");
  auto renamed = repo.diff(base, kWorkTree);
  CHECK(find(renamed, "moved.py").status == Status::Renamed);
  CHECK(find(renamed, "moved.py").old_path == "staged.py");
  CHECK(find(renamed, "moved.py").changed_lines == R{{2, 2}});
}

TEST_CASE("git: detached HEAD, unborn branch and revision errors", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  {
    auto unborn = Repository::open(tmp.path);
    CHECK_FALSE(unborn.head_commit().has_value());
    CHECK_THROWS_WITH(unborn.resolve_commit("HEAD"),
                      "revision HEAD does not exist yet: the current branch has no commit");
  }
  g.write("a.py", "1\n");
  const std::string first = g.commit();
  g.write("a.py", "2\n");
  const std::string second = g.commit();
  g.git("checkout -q --detach " + first);

  auto repo = Repository::open(tmp.path);
  CHECK(repo.head_commit() == first);
  CHECK(repo.resolve_commit("HEAD") == first);
  CHECK(repo.resolve_commit("main") == second);
  auto files = repo.diff("HEAD", commit_target("main"));
  CHECK(find(files, "a.py").changed_lines == R{{1, 1}});
  CHECK(repo.diff("HEAD", kWorkTree).empty());

  SECTION("an unknown revision names what to fetch") {
    try {
      (void)repo.resolve_commit("no-such-branch");
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK(e.missing_object());
      CHECK_THAT(e.what(), Contains("revision no-such-branch is not in this clone") &&
                               Contains("`git fetch origin no-such-branch`"));
    }
    try {
      (void)repo.diff("origin/develop", kWorkTree);
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK(e.missing_object());
      CHECK_THAT(e.what(),
                 Contains("base revision origin/develop") && Contains("`git fetch origin develop`"));
    }
  }
  SECTION("a revision that is not a commit") {
    const std::string blob = g.git("rev-parse HEAD:a.py");
    try {
      (void)repo.resolve_commit(blob);
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK_FALSE(e.missing_object());
      CHECK_THAT(e.what(), Contains("does not name a commit"));
    }
  }
  SECTION("not a repository") {
    TempDir other;
    try {
      (void)Repository::open(other.path);
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK_FALSE(e.missing_object());
      CHECK_THAT(e.what(), Contains("no git repository at or above"));
    }
  }
}

TEST_CASE("git: file contents at a revision, symbolic links not followed", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("pkg/__init__.py", "");
  g.write("pkg/mod.py", "version = 1\n");
  g.write("tool.sh", "#!/bin/sh\n");
  fs::permissions(tmp.path / "tool.sh", fs::perms::owner_exec, fs::perm_options::add);  // an executable blob
  const std::string first = g.commit();
  g.write("pkg/mod.py", "version = 2\n");
  fs::create_symlink("pkg/mod.py", tmp.path / "link.py");
  fs::create_symlink("/etc/passwd", tmp.path / "escape.py");
  fs::create_symlink("pkg", tmp.path / "dirlink");
  g.commit();
  g.write("pkg/mod.py", "version = 3 (work tree, never read)\n");

  auto repo = Repository::open(tmp.path);
  CHECK(repo.read_file(first, "pkg/mod.py") == "version = 1\n");
  CHECK(repo.read_file("HEAD", "pkg/mod.py") == "version = 2\n");
  CHECK(repo.read_file("HEAD", "./pkg//mod.py") == "version = 2\n");
  CHECK(repo.read_file("HEAD", "tool.sh") == "#!/bin/sh\n");
  CHECK_FALSE(repo.read_file(first, "link.py").has_value());  // not in that commit
  CHECK_FALSE(repo.read_file("HEAD", "link.py").has_value());
  CHECK_FALSE(repo.read_file("HEAD", "escape.py").has_value());
  CHECK_FALSE(repo.read_file("HEAD", "dirlink/mod.py").has_value());
  CHECK_FALSE(repo.read_file("HEAD", "pkg").has_value());
  CHECK_FALSE(repo.read_file("HEAD", "pkg/../pkg/mod.py").has_value());
  CHECK_FALSE(repo.read_file("HEAD", "missing.py").has_value());
  CHECK(repo.list_files("HEAD") == V{"pkg/__init__.py", "pkg/mod.py", "tool.sh"});
  CHECK(repo.list_files(first) == V{"pkg/__init__.py", "pkg/mod.py", "tool.sh"});
}

TEST_CASE("git: tree_source reads a commit and refuses paths out of it", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("train.py", "import models.net\n");
  g.write("models/__init__.py", "");
  g.write("models/net.py", "class Net: pass\n");
  fs::create_symlink("models/net.py", tmp.path / "alias.py");
  fs::create_symlink("models", tmp.path / "linkdir");
  const std::string c = g.commit();
  g.write("models/net.py", "changed later\n");
  g.commit();

  std::unique_ptr<tenscan::SourceProvider> src;
  {
    auto repo = Repository::open(tmp.path);
    src = repo.tree_source(c);
  }  // the source outlives the repository object
  std::string err;
  CHECK(src->read("models/net.py", err) == "class Net: pass\n");
  CHECK(src->read("./models/./net.py", err) == "class Net: pass\n");
  CHECK(src->is_file("train.py"));
  CHECK(src->is_file("models/__init__.py"));
  CHECK_FALSE(src->is_file("models"));
  CHECK(src->is_dir("models"));
  CHECK(src->is_dir(""));
  CHECK(src->is_dir("."));
  CHECK_FALSE(src->is_dir("train.py"));
  CHECK_FALSE(src->is_dir("nope"));

  err.clear();
  CHECK_FALSE(src->read("../outside.py", err).has_value());
  CHECK_THAT(err, Contains("leaves the project"));
  CHECK_FALSE(src->read("models/../train.py", err).has_value());
  CHECK_FALSE(src->read("/etc/passwd", err).has_value());
  CHECK_FALSE(src->is_file("../train.py"));
  CHECK_FALSE(src->is_dir(".."));
  CHECK_FALSE(src->is_dir("/"));

  err.clear();
  CHECK_FALSE(src->read("alias.py", err).has_value());
  CHECK_THAT(err, Contains("symbolic link"));
  CHECK_FALSE(src->is_file("alias.py"));
  CHECK_FALSE(src->is_dir("linkdir"));
  CHECK_FALSE(src->is_file("linkdir/net.py"));
  err.clear();
  CHECK_FALSE(src->read("missing.py", err).has_value());
  CHECK_THAT(err, Contains("no such file: missing.py"));
}

TEST_CASE("git: shallow clones name the fetch that brings the base", "[git]") {
  TempDir tmp;
  GitRepo origin(tmp.path / "origin");
  origin.write("model.py", lines(1, 6));
  origin.write("train.py", "import model\n");
  const std::string base = origin.commit();
  origin.write("model.py", "line1\nline2\nCHANGED\nline4\nline5\nline6\n");
  origin.commit();
  origin.write("new.py", "x\n");
  const std::string head = origin.commit();
  sh("git clone -q --depth 1 file://" + (tmp.path / "origin").string() + " " + (tmp.path / "clone").string() +
     " 2>&1");
  GitRepo clone(tmp.path / "clone", false);

  {
    auto repo = Repository::open(clone.dir);
    CHECK(repo.is_shallow());
    CHECK(repo.head_commit() == head);
    try {
      (void)repo.diff(base, commit_target("HEAD"));
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK(e.missing_object());
      CHECK_THAT(e.what(), Contains("base revision " + base + " is not in this clone (it is shallow") &&
                               Contains("`git fetch --depth=1 origin " + base + "`") &&
                               Contains("fetch-depth: 2") && Contains("GIT_DEPTH"));
    }
    try {
      (void)repo.resolve_commit("HEAD~1");
      FAIL("no exception");
    } catch (const GitError& e) {
      CHECK(e.missing_object());
      CHECK_THAT(e.what(), Contains("git fetch --deepen"));
    }
  }
  clone.git("fetch -q --depth=1 origin " + base);
  auto repo = Repository::open(clone.dir);
  auto files = repo.diff(base, commit_target("HEAD"));
  CHECK(paths(files) == V{"model.py", "new.py"});
  CHECK(find(files, "model.py").changed_lines == R{{3, 3}});
  CHECK(find(files, "new.py").status == Status::Added);
  CHECK(repo.read_file(base, "model.py") == lines(1, 6));
}

TEST_CASE("git: repositories owned by another user open", "[git]") {
  if (geteuid() != 0) {
    WARN("not root: cannot give the repository to another user; skipped");
    return;
  }
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("a.py", "1\n");
  const std::string c = g.commit();
  sh("chown -R 4321:4321 '" + tmp.path.string() + "'");
  auto repo = Repository::open(tmp.path);
  CHECK(repo.head_commit() == c);
  CHECK(repo.read_file("HEAD", "a.py") == "1\n");
  CHECK(repo.diff("HEAD", kWorkTree).empty());
}

TEST_CASE("git: a 300 MB blob in the change is never loaded: memory stays bounded", "[git][memory]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("train.py", "import model\nif __name__ == '__main__':\n    pass\n");
  const std::string before = g.commit();
  {
    // 300 MB of a Python file and of a data file (zeros: git stores them compressed, but a
    // blob's content is its full size once loaded); written in chunks, so this test's own
    // peak stays low
    std::ofstream big(tmp.path / "model.py", std::ios::binary);
    const std::string chunk(1 << 20, '#');
    for (int i = 0; i < 300; ++i) big << chunk;
  }
  fs::copy_file(tmp.path / "model.py", tmp.path / "weights.bin");
  const std::string after = g.commit();
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  const long peak_before_kb = usage.ru_maxrss;

  auto repo = Repository::open(tmp.path);
  auto changes = repo.diff(before, DiffTarget{DiffTarget::Kind::Commit, after});
  CHECK(paths(changes) == std::vector<std::string>{"model.py", "weights.bin"});
  CHECK(find(changes, "model.py").whole_file);  // too large to diff: counts as changed
  auto tree = repo.tree_source(after);
  std::string why;
  CHECK_FALSE(tree->read("model.py", why).has_value());
  CHECK_THAT(why, Contains("larger than 64 MiB (314572800 bytes) and was not read"));
  CHECK(tree->read("train.py", why).has_value());
  tenscan::DirectorySource disk(tmp.path);
  CHECK_FALSE(disk.read("model.py", why).has_value());
  CHECK_THAT(why, Contains("larger than 64 MiB"));

  getrusage(RUSAGE_SELF, &usage);
  // asserted on the process's own peak, not on time: nothing near 300 MB was ever resident
  CHECK(usage.ru_maxrss - peak_before_kb < 64 * 1024);
}

TEST_CASE("git: an old line's new lines, through the hunks before it", "[git]") {
  TempDir tmp;
  GitRepo g(tmp.path);
  g.write("a.py", lines(1, 10));
  const std::string before = g.commit();
  // line 2 inserted before old line 3, old 5 rewritten as two lines, old 8 removed
  g.write("a.py", "line1\nline2\nNEW\nline3\nline4\nFIVE\nFIVE_B\nline6\nline7\nline9\nline10\n");
  const std::string after = g.commit();
  auto repo = Repository::open(tmp.path);
  const auto changes = repo.diff(before, commit_target(after));
  const ChangedFile& f = find(changes, "a.py");
  using LR = std::optional<LineRange>;
  CHECK(f.new_lines_of(1) == LR(LineRange{1, 1}));
  CHECK(f.new_lines_of(3) == LR(LineRange{4, 4}));   // after the insertion
  CHECK(f.new_lines_of(5) == LR(LineRange{6, 7}));   // rewritten: the new side of its hunk
  CHECK(f.new_lines_of(7) == LR(LineRange{9, 9}));
  auto removed = f.new_lines_of(8);
  REQUIRE(removed.has_value());
  CHECK(removed->end < removed->begin);               // removed: an empty range
  CHECK(f.new_lines_of(10) == LR(LineRange{11, 11}));
}

TEST_CASE("git: diff_trees finds what Repository::diff finds between two commits of the same files", "[git]") {
  using tenscan::ci::TreeFile;
  using Kind = TreeFile::Kind;
  const std::string renamed_body = lines(1, 30, "model");
  std::vector<TreeFile> base = {
      {"train.py", Kind::Regular, lines(1, 12)},
      {"old/name.py", Kind::Regular, renamed_body},
      {"gone.py", Kind::Regular, "x = 1\n"},
      {"run.sh", Kind::Regular, "echo\n"},
      {"blob.bin", Kind::Regular, std::string("\0\1\2", 3)},
  };
  const std::string edited = lines(1, 4) + "line5 changed\nline5b\n" + lines(6, 12);
  std::string moved = renamed_body;
  moved += "model31\n";
  std::vector<TreeFile> head = {
      {"train.py", Kind::Regular, edited},
      {"new/name.py", Kind::Regular, moved},
      {"run.sh", Kind::Executable, "echo\n"},
      {"blob.bin", Kind::Regular, std::string("\0\1\3", 3)},
      {"added.py", Kind::Regular, "y = 2\n"},
      {"link.py", Kind::Link, "train.py"},
      {"vendor/sub", Kind::Submodule, std::string(40, 'a')},
      // refused by git, left out
      {"../escape.py", Kind::Regular, "z\n"},
      {".git/config", Kind::Regular, "z\n"},
      {"/abs.py", Kind::Regular, "z\n"},
      {"a//b.py", Kind::Regular, "z\n"},
      {"./dot.py", Kind::Regular, "z\n"},
      {"bad/sub", Kind::Submodule, "not an id"},
  };
  auto in_memory = tenscan::ci::diff_trees(base, head);

  TempDir tmp;
  GitRepo g(tmp.path);
  for (const TreeFile& f : base) g.write(f.path, f.bytes);
  const std::string before = g.commit();
  for (const TreeFile& f : base) fs::remove(g.dir / f.path);
  for (const TreeFile& f : head) {
    if (f.path.find("..") != std::string::npos || f.path.rfind(".git/", 0) == 0 || f.path == "bad/sub" ||
        f.path[0] == '/' || f.path.find("//") != std::string::npos || f.path.rfind("./", 0) == 0)
      continue;
    if (f.kind == Kind::Link) {
      fs::create_symlink(f.bytes, g.dir / f.path);
    } else if (f.kind != Kind::Submodule) {
      g.write(f.path, f.bytes);
      if (f.kind == Kind::Executable) fs::permissions(g.dir / f.path, fs::perms::owner_exec, fs::perm_options::add);
    }
  }
  g.git("add -A");
  g.git("update-index --add --cacheinfo 160000," + std::string(40, 'a') + ",vendor/sub");
  g.git("commit -q -m head");
  const std::string after = g.git("rev-parse HEAD");
  auto on_disk = Repository::open(tmp.path).diff(before, commit_target(after));

  REQUIRE(paths(in_memory) == paths(on_disk));
  CHECK(paths(in_memory) == V{"added.py", "blob.bin", "gone.py", "link.py", "new/name.py", "run.sh", "train.py", "vendor/sub"});
  for (std::size_t i = 0; i < in_memory.size(); ++i) {
    INFO(in_memory[i].path);
    CHECK(in_memory[i].status == on_disk[i].status);
    CHECK(in_memory[i].old_path == on_disk[i].old_path);
    CHECK(in_memory[i].changed_lines == on_disk[i].changed_lines);
    CHECK(in_memory[i].hunks == on_disk[i].hunks);
    CHECK(in_memory[i].whole_file == on_disk[i].whole_file);
    CHECK(in_memory[i].submodule == on_disk[i].submodule);
  }
  CHECK(find(in_memory, "new/name.py").status == Status::Renamed);
  CHECK(find(in_memory, "new/name.py").changed_lines == R{{31, 31}});
  CHECK(find(in_memory, "train.py").changed_lines == R{{5, 6}});
  CHECK(find(in_memory, "blob.bin").whole_file);
}
