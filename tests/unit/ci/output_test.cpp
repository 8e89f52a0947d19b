// Report files in a hostile repository (tenscan/ci/output.h): never through the repository's
// links, never replacing a FIFO or a device, never half written.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tenscan/ci/output.h"

namespace fs = std::filesystem;
using tenscan::ci::write_report_file;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "tenscan-output-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

std::vector<std::string> names(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("output: a report replaces a regular file whole and leaves no temporary file", "[ci][output]") {
  TempDir t;
  fs::create_directories(t.path / "repo");
  write(t.path / "repo" / "r.sarif", "old");
  fs::permissions(t.path / "repo" / "r.sarif", fs::perms(0640));
  std::string why;
  REQUIRE(write_report_file((t.path / "repo" / "r.sarif").string(), "new report", t.path / "repo", why));
  CHECK(read(t.path / "repo" / "r.sarif") == "new report");
  CHECK((fs::status(t.path / "repo" / "r.sarif").permissions() & fs::perms::all) == fs::perms(0640));
  REQUIRE(write_report_file((t.path / "repo" / "fresh.xml").string(), "<x/>", t.path / "repo", why));
  CHECK(read(t.path / "repo" / "fresh.xml") == "<x/>");
  CHECK(names(t.path / "repo") == std::vector<std::string>{"fresh.xml", "r.sarif"});
}

TEST_CASE("output: a link inside the repository is refused, on the file or on a directory", "[ci][output]") {
  TempDir t;
  fs::path repo = t.path / "repo";
  fs::create_directories(repo / "sub");
  write(t.path / "victim", "secret");
  fs::create_symlink(t.path / "victim", repo / "r.sarif");
  fs::create_directories(t.path / "elsewhere");
  fs::create_directory_symlink(t.path / "elsewhere", repo / "sub" / "out");
  // the predictable temporary name of earlier versions, committed as a link
  fs::create_symlink(t.path / "victim", repo / ("r.json.tmp" + std::to_string(::getpid())));
  std::string why;
  CHECK_FALSE(write_report_file((repo / "r.sarif").string(), "x", repo, why));
  CHECK(why.find("is a symbolic link inside the repository") != std::string::npos);
  CHECK_FALSE(write_report_file((repo / "sub" / "out" / "r.xml").string(), "x", repo, why));
  CHECK(why.find("sub/out is a symbolic link inside the repository") != std::string::npos);
  // reached through a link outside the repository, the repository's link is still refused
  fs::create_directory_symlink(repo / "sub", t.path / "mine");
  CHECK_FALSE(write_report_file((t.path / "mine" / "out" / "r.xml").string(), "x", repo, why));
  REQUIRE(write_report_file((repo / "r.json").string(), "{}", repo, why));
  CHECK(read(t.path / "victim") == "secret");
  CHECK(fs::is_empty(t.path / "elsewhere"));
  CHECK(read(repo / "r.json") == "{}");
}

TEST_CASE("output: a link outside the repository is the user's and is followed", "[ci][output]") {
  TempDir t;
  fs::path repo = t.path / "repo";
  fs::create_directories(repo);
  fs::create_directories(t.path / "reports");
  fs::create_directory_symlink(t.path / "reports", t.path / "latest");
  std::string why;
  REQUIRE(write_report_file((t.path / "latest" / "r.sarif").string(), "s", repo, why));
  CHECK(read(t.path / "reports" / "r.sarif") == "s");
  CHECK(fs::is_symlink(t.path / "latest"));
}

TEST_CASE("output: a FIFO is written in place, not replaced", "[ci][output]") {
  TempDir t;
  fs::path fifo = t.path / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string got;
  std::thread reader([&] { got = read(fifo); });
  std::string why;
  bool ok = write_report_file(fifo.string(), "through the pipe", t.path, why);
  reader.join();
  CHECK(ok);
  CHECK(got == "through the pipe");
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
}

TEST_CASE("output: a character device is written in place, not replaced", "[ci][output]") {
  std::string why;
  CHECK(write_report_file("/dev/null", "discarded", "/", why));
  CHECK(fs::is_character_file(fs::symlink_status("/dev/null")));
}

TEST_CASE("output: a directory or a missing directory is an error with its reason", "[ci][output]") {
  TempDir t;
  std::string why;
  CHECK_FALSE(write_report_file(t.path.string(), "x", t.path, why));
  CHECK(why == "it is a directory");
  CHECK_FALSE(write_report_file((t.path / "no" / "such" / "r.sarif").string(), "x", t.path, why));
  CHECK(why == "No such file or directory");
}
