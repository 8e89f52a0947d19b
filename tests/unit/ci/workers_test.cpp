// The worker pool: fake workers are small sh / python3 scripts that stream tenscan JSON lines
// (written with report::encode_json_line, so they are exact), crash, hang, burn CPU, eat
// memory or write garbage.
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tenscan/ci/workers.h"
#include "tenscan/core/rules.h"
#include "tenscan/report/json.h"

namespace fs = std::filesystem;
using tenscan::ci::run_workers;
using tenscan::ci::WorkerJob;
using tenscan::ci::WorkerResult;
using tenscan::report::EntryStatus;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "tenscan-workers-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return (path / name).string();
  }
  std::string read(const std::string& name) const {
    std::ifstream in(path / name, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  /// A job running `script` (sh syntax) with the working directory at this temp dir.
  WorkerJob sh(const std::string& script, double timeout = 10) const {
    WorkerJob job;
    job.argv = {"/bin/sh", "-c", "cd '" + path.string() + "' || exit 99\n" + script};
    job.limits.timeout_seconds = timeout;
    job.limits.memory_mb = 0;  // the test binary may be sanitized; sh needs no limit
    return job;
  }
};

tenscan::Finding finding(int line) {
  tenscan::Finding f;
  f.rule = tenscan::all_rules().front().rule;
  f.message = "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(line) + ")";
  f.location = {"train.py", line, 5, line, 12};
  f.identity = "id-" + std::to_string(line);
  return f;
}

tenscan::Notification note(tenscan::Level level, const std::string& message) {
  tenscan::Notification n{};
  n.kind = tenscan::Notification::Kind::UnreadableFile;
  n.level = level;
  n.message = message;
  return n;
}

std::string summary(bool completed = true, int paths = 1) {
  tenscan::report::RunSummary s;
  s.completed = completed;
  s.stats.paths_explored = paths;
  s.stats.unmodelled_calls["foo.bar"] = 2;
  return tenscan::report::encode_json_line(s);
}

std::string line(const tenscan::report::WireRecord& r) { return tenscan::report::encode_json_line(r); }

int count_internal(const WorkerResult& r) {
  return static_cast<int>(std::count_if(r.result.notifications.begin(), r.result.notifications.end(),
                                        [](const tenscan::Notification& n) { return n.kind == tenscan::Notification::Kind::Internal; }));
}

/// Whether process `pid` is gone (or a zombie, if nobody reaps orphans here). A SIGKILLed process
/// takes its time to die on a loaded machine: this waits up to a minute (a bound only a failure
/// reaches), polling.
bool process_gone(pid_t pid) {
  for (int i = 0; i < 6000; ++i) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return true;
    auto paren = text.rfind(')');
    if (paren != std::string::npos && paren + 2 < text.size() && (text[paren + 2] == 'Z' || text[paren + 2] == 'X')) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

int open_fd_count() {
  int n = 0;
  if (DIR* d = ::opendir("/proc/self/fd")) {
    while (::readdir(d) != nullptr) ++n;
    ::closedir(d);
  }
  return n;
}

/// No child process is left (running or zombie).
bool no_children() {
  errno = 0;
  return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

WorkerResult run_one(const WorkerJob& job) {
  auto results = run_workers({job}, 1);
  REQUIRE(results.size() == 1);
  return results[0];
}

}  // namespace

TEST_CASE("a worker's findings, notifications and summary are decoded", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", line(finding(3)) + line(finding(7)) + line(note(tenscan::Level::Note, "x")) + summary(true, 4));
  const int fds_before = open_fd_count();
  WorkerResult r = run_one(dir.sh("cat out.jsonl; echo 'some log' >&2; exit 1"));
  CHECK(r.status == EntryStatus::Analysed);
  CHECK(r.detail.empty());
  CHECK(r.exit_code == 1);
  REQUIRE(r.result.findings.size() == 2);
  CHECK(r.result.findings[0].location.line == 3);
  CHECK(r.result.findings[1].message == finding(7).message);
  CHECK(r.result.findings[1].identity == "id-7");
  REQUIRE(r.result.notifications.size() == 1);
  CHECK(r.result.notifications[0].message == "x");
  CHECK(r.result.stats.paths_explored == 4);
  CHECK(r.result.stats.unmodelled_calls.at("foo.bar") == 2);
  CHECK(r.result.completed);
  CHECK(r.stderr_tail == "some log\n");
  CHECK(r.seconds > 0);
  CHECK(open_fd_count() == fds_before);
  CHECK(no_children());

  // No limits at all.
  WorkerJob unlimited = dir.sh("cat out.jsonl");
  unlimited.limits = {0, 0, 0};
  CHECK(run_one(unlimited).status == EntryStatus::Analysed);
}

TEST_CASE("a summary with completed = false is Failed, with the error as detail", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", line(note(tenscan::Level::Error, "cannot read train.py: permission denied")) + summary(false));
  WorkerResult r = run_one(dir.sh("cat out.jsonl; exit 2"));
  CHECK(r.status == EntryStatus::Failed);
  CHECK(r.detail == "cannot read train.py: permission denied");
  CHECK(r.exit_code == 2);
  CHECK_FALSE(r.result.completed);
}

TEST_CASE("a worker killed by SIGSEGV is Crashed and keeps its partial findings", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", line(finding(3)));
  WorkerResult r = run_one(dir.sh("cat out.jsonl; kill -SEGV $$"));
  CHECK(r.status == EntryStatus::Crashed);
  CHECK(r.detail == "killed by signal 11 (SIGSEGV)");
  CHECK(r.exit_code == -1);
  CHECK(r.result.findings.size() == 1);
  CHECK_FALSE(r.result.completed);
}

TEST_CASE("a worker that exits without a summary is Crashed", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", line(finding(3)));
  WorkerResult r = run_one(dir.sh("cat out.jsonl; exit 0"));
  CHECK(r.status == EntryStatus::Crashed);
  CHECK(r.detail == "exited with status 0 without finishing its report");
  CHECK(r.exit_code == 0);
  CHECK(r.result.findings.size() == 1);
  CHECK_FALSE(r.result.completed);

  WorkerResult r2 = run_one(dir.sh("exit 42"));
  CHECK(r2.status == EntryStatus::Crashed);
  CHECK(r2.detail == "exited with status 42 without finishing its report");
}

TEST_CASE("hanging workers and their grandchildren are killed at the timeout", "[workers]") {
  TempDir dir;
  // The second worker records its grandchild before it hangs. On a loaded machine the shell may
  // not get that far within its 1 s: such a run proves nothing about the grandchild, so it is
  // run again (the outcome checks hold in every run).
  pid_t grandchild = 0;
  for (int attempt = 0; attempt < 20 && grandchild <= 0; ++attempt) {
    std::vector<WorkerJob> jobs = {
        dir.sh("exec sleep 1000", 1),
        dir.sh("sleep 1000 & echo $! > grandchild.tmp; mv grandchild.tmp grandchild; wait", 1),
    };
    auto results = run_workers(jobs, 2);
    for (const WorkerResult& r : results) {
      CHECK(r.status == EntryStatus::TimedOut);
      CHECK(r.detail == "timed out after 1 s");
      CHECK(r.seconds >= 1);  // killed at its deadline, never before (the pool's own clock)
      CHECK_FALSE(r.result.completed);
    }
    grandchild = std::atoi(dir.read("grandchild").c_str());
  }
  REQUIRE(grandchild > 0);
  CHECK(process_gone(grandchild));
  CHECK(no_children());
}

TEST_CASE("a background process that holds the pipes does not outlive its worker", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", summary());
  // The pipes stay open as long as the grandchild lives: a pool that waited for them to close
  // would only get past this worker when its timeout killed the group (TimedOut).
  WorkerResult r = run_one(dir.sh("sleep 1000 & echo $! > grandchild; cat out.jsonl; exit 0", 600));
  CHECK(r.status == EntryStatus::Analysed);
  CHECK(r.exit_code == 0);
  pid_t grandchild = std::atoi(dir.read("grandchild").c_str());
  REQUIRE(grandchild > 0);
  CHECK(process_gone(grandchild));
  CHECK(no_children());
}

TEST_CASE("a CPU burner is stopped by the CPU time limit", "[workers]") {
  TempDir dir;
  // (the wall-clock timeout only has to come after 1 s of CPU time, however loaded the machine)
  WorkerJob job = dir.sh("while :; do :; done", 600);
  job.limits.cpu_seconds = 1;
  WorkerResult r = run_one(job);
  CHECK(r.status == EntryStatus::TimedOut);
  CHECK(r.detail == "CPU time limit of 1 s reached");
}

TEST_CASE("running out of memory", "[workers]") {
  TempDir dir;
  SECTION("exit status 3") {
    WorkerJob job = dir.sh("exit 3");
    job.limits.memory_mb = 512;  // only reported, /bin/sh runs fine under it
    WorkerResult r = run_one(job);
    CHECK(r.status == EntryStatus::OutOfMemory);
    CHECK(r.detail == "ran out of memory (limit 512 MB)");
    CHECK(r.exit_code == tenscan::ci::kWorkerExitOutOfMemory);
  }
  SECTION("a signal death after std::bad_alloc") {
    WorkerResult r = run_one(dir.sh("echo \"terminate called after throwing an instance of 'std::bad_alloc'\" >&2; kill -ABRT $$"));
    CHECK(r.status == EntryStatus::OutOfMemory);
    CHECK(r.detail == "ran out of memory");
  }
  SECTION("RLIMIT_AS stops an allocation") {
    // python3 is not sanitized, so the limit means what it says even in ASan builds.
    if (::access("/usr/bin/python3", X_OK) != 0) {
      WARN("no /usr/bin/python3: skipped");
      return;
    }
    WorkerJob job;
    job.argv = {"/usr/bin/python3", "-c", "x = bytearray(2 << 30)\nprint('allocated')"};
    job.limits.timeout_seconds = 10;
    job.limits.memory_mb = 256;
    WorkerResult r = run_one(job);
    CHECK(r.status == EntryStatus::OutOfMemory);
    CHECK(r.detail == "ran out of memory (limit 256 MB)");
    CHECK(r.stderr_tail.find("MemoryError") != std::string::npos);
  }
}

TEST_CASE("garbage on stdout becomes Internal notifications", "[workers]") {
  TempDir dir;
  std::string text = "not json\n{\"type\":\"bogus\"}\n\n  \r\n" + line(finding(1));
  for (int i = 0; i < 30; ++i) text += "[" + std::to_string(i) + "\n";
  text += summary();
  dir.write("out.jsonl", text);
  WorkerResult r = run_one(dir.sh("cat out.jsonl"));
  CHECK(r.status == EntryStatus::Analysed);
  CHECK(r.result.findings.size() == 1);
  // 32 malformed lines: 10 reported, then one note for the other 22.
  CHECK(count_internal(r) == 11);
  CHECK(r.result.notifications.back().message == "22 more malformed lines from the worker were dropped");
}

TEST_CASE("huge output", "[workers]") {
  TempDir dir;
  SECTION("many records") {
    std::string text;
    for (int i = 1; i <= 2000; ++i) text += line(finding(i));
    text += summary();
    dir.write("out.jsonl", text);
    WorkerResult r = run_one(dir.sh("cat out.jsonl; head -c 1000000 /dev/zero | tr '\\0' e >&2"));
    CHECK(r.status == EntryStatus::Analysed);
    REQUIRE(r.result.findings.size() == 2000);
    CHECK(r.result.findings.back().location.line == 2000);
    CHECK(r.stderr_tail == std::string(8192, 'e'));
  }
  SECTION("an over-long line is dropped") {
    dir.write("out.jsonl", summary());
    WorkerResult r = run_one(dir.sh("head -c 17000000 /dev/zero | tr '\\0' x; echo; cat out.jsonl"));
    CHECK(r.status == EntryStatus::Analysed);
    REQUIRE(count_internal(r) == 1);
    CHECK(r.result.notifications[0].message == "the worker wrote a line longer than 16 MB; it was dropped");
  }
  SECTION("endless output is cut off") {
    WorkerResult r = run_one(dir.sh("exec cat /dev/zero"));
    CHECK(r.status == EntryStatus::Crashed);
    CHECK(r.detail == "wrote more than 256 MB to standard output");
  }
}

TEST_CASE("a missing executable is Crashed with the reason", "[workers]") {
  const int fds_before = open_fd_count();
  WorkerJob job;
  job.argv = {"/nonexistent/tenscan-worker", "check"};
  WorkerResult r = run_one(job);
  CHECK(r.status == EntryStatus::Crashed);
  CHECK(r.detail == "cannot run /nonexistent/tenscan-worker: No such file or directory");
  CHECK(r.exit_code == 127);
  CHECK_FALSE(r.result.completed);

  WorkerJob empty;
  CHECK(run_one(empty).status == EntryStatus::Crashed);

  // Without a '/', argv[0] is searched in PATH.
  WorkerJob bare;
  bare.argv = {"tenscan-no-such-worker"};
  CHECK(run_one(bare).detail == "cannot run tenscan-no-such-worker: No such file or directory");
  bare.argv = {"sh", "-c", "exit 7"};
  CHECK(run_one(bare).exit_code == 7);
  CHECK(open_fd_count() == fds_before);
  CHECK(no_children());
}

TEST_CASE("the worker gets /dev/null, two pipes and no other descriptor", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", summary());
  // find lists the shell's descriptors while the shell only waits for it. (A pipeline or a
  // redirection would list the shell's own pipeline ends or saved descriptors: `ls | grep`
  // counted a third pipe whenever ls ran before the shell had closed its copy.)
  WorkerResult r =
      run_one(dir.sh("cat out.jsonl; find /proc/$$/fd/ -mindepth 1 -fprintf fds '%f %l\\n'; exec ls /proc/self/fd >&2"));
  CHECK(r.status == EntryStatus::Analysed);
  std::map<int, std::string> fds;
  std::istringstream listing(dir.read("fds"));
  for (std::string fd, target; listing >> fd >> target;) fds[std::stoi(fd)] = target;
  REQUIRE(fds.size() == 3);
  CHECK(fds[0] == "/dev/null");
  CHECK(fds[1].rfind("pipe:[", 0) == 0);
  CHECK(fds[2].rfind("pipe:[", 0) == 0);
  CHECK(fds[1] != fds[2]);
  // what the worker passes on to what it runs: the same (ls itself opens 3, the directory)
  CHECK(r.stderr_tail == "0\n1\n2\n3\n");
}

namespace {

/// A job for the concurrency tests: worker `i` of `n` marks that it started, counts the workers
/// running as it starts and as it ends (started, not yet done: the markers in its directory) into
/// at_start<i> and at_end<i>, marks that it is done and prints summary out<i>. With `overlap`, it
/// ends only once worker i+1 has started: a pool that runs two at a time runs both.
WorkerJob marking_job(const TempDir& dir, int i, int n, bool overlap) {
  const std::string k = std::to_string(i);
  const std::string count = "$(( $(ls | grep -c '^started\\.') - $(ls | grep -c '^done\\.') ))";
  std::string script = ": > started." + k + "; echo " + count + " > at_start" + k + "; ";
  if (overlap && i + 1 < n) script += "while [ ! -e started." + std::to_string(i + 1) + " ]; do sleep 0.01; done; ";
  script += "echo " + count + " > at_end" + k + "; : > done." + k + "; cat out" + k;
  return dir.sh(script, 600);
}

}  // namespace

TEST_CASE("max_parallel bounds the workers, results come in job order, on_done runs once each", "[workers]") {
  TempDir dir;
  constexpr int kJobs = 8;
  std::vector<WorkerJob> jobs;
  for (int i = 0; i < kJobs; ++i) {
    dir.write("out" + std::to_string(i), summary(true, i));
    jobs.push_back(marking_job(dir, i, kJobs, true));
  }
  std::vector<int> calls(kJobs, 0);
  std::vector<std::size_t> order;
  auto results = run_workers(jobs, 2, [&](std::size_t index, const WorkerResult& r) {
    REQUIRE(index < kJobs);
    ++calls[index];
    order.push_back(index);
    CHECK(r.result.stats.paths_explored == static_cast<int>(index));
  });
  REQUIRE(results.size() == kJobs);
  for (int i = 0; i < kJobs; ++i) {
    CHECK(calls[i] == 1);
    CHECK(results[i].status == EntryStatus::Analysed);
    CHECK(results[i].result.stats.paths_explored == i);
  }
  CHECK(order.size() == kJobs);

  // At most 2 at any instant, as the workers counted themselves (a worker counts after it marked
  // its start; the pool starts one only after it reaped one, which marked its end before it
  // exited), and 2 were actually used: worker 0 ends after worker 1 started, and worker 1
  // cannot end before worker 2 started, which only a free slot allows.
  int peak = 0;
  for (int i = 0; i < kJobs; ++i) {
    const std::string k = std::to_string(i);
    for (const std::string& file : {"at_start" + k, "at_end" + k}) {
      INFO(file);
      const int running = std::stoi(dir.read(file));
      CHECK(running >= 1);
      CHECK(running <= 2);
      peak = std::max(peak, running);
    }
  }
  CHECK(peak == 2);
  CHECK(std::stoi(dir.read("at_end0")) == 2);

  // max_parallel below 1 means 1: the second worker starts after the first one ended.
  TempDir serial_dir;
  std::vector<WorkerJob> two;
  for (int i = 0; i < 2; ++i) {
    serial_dir.write("out" + std::to_string(i), summary(true, i));
    two.push_back(marking_job(serial_dir, i, 2, false));
  }
  auto serial = run_workers(two, 0);
  REQUIRE(serial.size() == 2);
  CHECK(serial[0].status == EntryStatus::Analysed);
  CHECK(serial[1].status == EntryStatus::Analysed);
  CHECK(std::stoi(serial_dir.read("at_start0")) == 1);
  CHECK(std::stoi(serial_dir.read("at_end0")) == 1);
  CHECK(std::stoi(serial_dir.read("at_start1")) == 1);
  CHECK(run_workers({}, 4).empty());
}

TEST_CASE("an exception from on_done leaves no worker behind", "[workers]") {
  TempDir dir;
  dir.write("out.jsonl", summary());
  std::vector<WorkerJob> jobs = {dir.sh("cat out.jsonl"), dir.sh("echo $$ > slow.tmp; mv slow.tmp slow; exec sleep 1000", 600)};
  const int fds_before = open_fd_count();
  CHECK_THROWS_AS(run_workers(jobs, 2,
                              [&](std::size_t, const WorkerResult&) {
                                while (dir.read("slow").empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
                                throw std::runtime_error("stop");
                              }),
                  std::runtime_error);
  // the hanging worker was killed and reaped, not waited for until its timeout
  pid_t slow = std::atoi(dir.read("slow").c_str());
  REQUIRE(slow > 0);
  CHECK(process_gone(slow));
  CHECK(open_fd_count() == fds_before);
  CHECK(no_children());
}
