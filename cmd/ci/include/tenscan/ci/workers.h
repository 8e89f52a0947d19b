// The worker pool: every entry analysed in its own sandboxed subprocess (its own process
// group, CPU-time and address-space limits, a wall-clock timeout), at most N at a time,
// results streamed back as JSON lines. A worker that crashes, hangs or runs out of memory
// costs only its own entry.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tenscan/core/finding.h"
#include "tenscan/report/run.h"

namespace tenscan::ci {

/// The exit status of a worker that ran out of memory (tenscan's worker mode catches
/// std::bad_alloc and exits with it): classified OutOfMemory.
constexpr int kWorkerExitOutOfMemory = 3;

struct WorkerLimits {
  double timeout_seconds = 300;   ///< wall clock; the process group is killed after it; 0: none
  double cpu_seconds = 0;         ///< RLIMIT_CPU (whole seconds, rounded up); 0: same as the timeout
  std::size_t memory_mb = 4096;   ///< RLIMIT_AS; 0: unlimited
};

struct WorkerJob {
  std::vector<std::string> argv;  ///< the worker's full command line; argv[0] is the executable
  WorkerLimits limits;
};

struct WorkerResult {
  report::EntryStatus status = report::EntryStatus::Analysed;
  std::string detail;          ///< for people: "killed by signal 11 (SIGSEGV)", "timed out after 60 s"
  AnalysisResult result;       ///< what the worker streamed (partial if it died)
  double seconds = 0;
  std::string stderr_tail;     ///< the last few KB of the worker's stderr
  int exit_code = -1;          ///< exit status, or -1 if it died on a signal
};

/// "1", "2.5": seconds and limits for people (and for the workers' command lines).
std::string number_text(double v);

/// Runs the jobs, at most `max_parallel` at a time (values below 1 mean 1), and returns their
/// results in job order. argv[0] without a '/' is searched in PATH. Each worker: stdin
/// /dev/null; stdout a pipe parsed as tenscan JSON lines (report::decode_json_line); stderr a
/// pipe (its tail is kept); no other descriptor; its own process group (killed with SIGKILL
/// on timeout, and when it exits, so no grandchild survives); RLIMIT_CPU, RLIMIT_AS,
/// RLIMIT_CORE = 0. Exit status 0, 1 or 2 with a summary record: Analysed (or Failed if the
/// summary says not completed); anything else is Crashed / TimedOut / OutOfMemory (bad_alloc,
/// or a kill while near the limit) with a detail. `on_done` (optional) is called as each job
/// finishes, in completion order, on the calling thread; if it throws, the running workers are
/// killed and reaped first.
std::vector<WorkerResult> run_workers(const std::vector<WorkerJob>& jobs, int max_parallel,
                                      const std::function<void(std::size_t index, const WorkerResult&)>& on_done = {});

}  // namespace tenscan::ci
