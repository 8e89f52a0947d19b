// Helper of bench/worker_overhead.sh: times tenscan::ci::run_workers on N identical jobs.
//
//   worker_overhead [--jobs N] [--parallel P] [--parent-mb M] [--direct] -- WORKER ARGV...
//   worker_overhead --emit-summary      (a trivial worker: one summary record, exit 0)
//
// --parent-mb M touches M MB of heap first, to see what starting a worker costs in a big
// parent. --direct runs the jobs one after the other with plain posix_spawn + waitpid and
// stdout to /dev/null instead (the cost of the worker process itself, for comparison).
// Prints one line: jobs, parallel, parent MB, total ms, ms per entry, and the statuses.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "tenscan/ci/workers.h"
#include "tenscan/report/json.h"

namespace {

const char* status_text(tenscan::report::EntryStatus s) {
  switch (s) {
    case tenscan::report::EntryStatus::Analysed: return "analysed";
    case tenscan::report::EntryStatus::Failed: return "failed";
    case tenscan::report::EntryStatus::Crashed: return "crashed";
    case tenscan::report::EntryStatus::TimedOut: return "timed-out";
    case tenscan::report::EntryStatus::OutOfMemory: return "out-of-memory";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  int jobs = 200, parallel = 1;
  std::size_t parent_mb = 0;
  bool direct = false;
  std::vector<std::string> worker;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--emit-summary") {
      std::fputs(tenscan::report::encode_json_line(tenscan::report::RunSummary{}).c_str(), stdout);
      return 0;
    }
    if (a == "--jobs" && i + 1 < argc) {
      jobs = std::atoi(argv[++i]);
    } else if (a == "--parallel" && i + 1 < argc) {
      parallel = std::atoi(argv[++i]);
    } else if (a == "--parent-mb" && i + 1 < argc) {
      parent_mb = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--direct") {
      direct = true;
    } else if (a == "--") {
      worker.assign(argv + i + 1, argv + argc);
      break;
    } else {
      std::cerr << "usage: worker_overhead [--jobs N] [--parallel P] [--parent-mb M] -- WORKER ARGV...\n";
      return 2;
    }
  }
  if (worker.empty()) {
    std::cerr << "worker_overhead: no worker command\n";
    return 2;
  }
  std::vector<char> ballast(parent_mb << 20);
  for (std::size_t i = 0; i < ballast.size(); i += 4096) ballast[i] = 1;

  tenscan::ci::WorkerJob job;
  job.argv = worker;
  job.limits.timeout_seconds = 60;
  job.limits.memory_mb = 0;
  std::vector<tenscan::ci::WorkerJob> all(static_cast<std::size_t>(jobs), job);

  auto start = std::chrono::steady_clock::now();
  if (direct) {
    std::vector<char*> args;
    for (std::string& a : worker) args.push_back(a.data());
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    int failures = 0;
    for (int i = 0; i < jobs; ++i) {
      pid_t pid = 0;
      int status = 0;
      if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0 || waitpid(pid, &status, 0) != pid ||
          !WIFEXITED(status)) {
        ++failures;
      }
    }
    posix_spawn_file_actions_destroy(&actions);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("jobs=%d direct parent_mb=%zu total_ms=%.1f ms_per_entry=%.2f failures=%d\n", jobs, parent_mb, ms,
                ms / std::max(1, jobs), failures);
    return 0;
  }
  auto results = tenscan::ci::run_workers(all, parallel);
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  std::map<std::string, int> statuses;
  for (const auto& r : results) ++statuses[status_text(r.status)];
  std::printf("jobs=%d parallel=%d parent_mb=%zu total_ms=%.1f ms_per_entry=%.2f statuses:", jobs, parallel, parent_mb, ms,
              ms / std::max(1, jobs));
  for (const auto& [name, count] : statuses) std::printf(" %s=%d", name.c_str(), count);
  if (!results.empty() && results[0].status != tenscan::report::EntryStatus::Analysed) {
    std::printf(" (first: %s)", results[0].detail.c_str());
  }
  std::printf("\n");
  return ballast.empty() || ballast[0] == 1 ? 0 : 1;
}
