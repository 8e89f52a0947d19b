// The worker pool (see workers.h). One vfork+exec per job; the parent multiplexes every live
// worker's stdout, stderr and exit (a pidfd, or WNOHANG polling where pidfd_open is missing)
// with poll(). A worker's exit is noticed while it is still a zombie, so its process group
// id cannot be reused before the group is killed; then it is reaped.
#include "tenscan/ci/workers.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>

#include "tenscan/ci/cancel.h"
#include "tenscan/report/json.h"

namespace tenscan::ci {

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxStdoutBytes = std::size_t{256} << 20;  // per worker
constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;
constexpr std::size_t kStderrTailBytes = 8 << 10;
constexpr int kMaxMalformedReported = 10;
constexpr int kExecFailedStatus = 127;
// After an exit the pipes hold at most a pipe buffer (1 MB at most by default); a writer that
// escaped the process group must not keep us reading.
constexpr int kDrainChunksAfterExit = 64;

std::string errno_text(int err) { return std::strerror(err); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

/// Moves a descriptor to 3 or above (keeping it close-on-exec), so that the child's dup2 onto
/// 0, 1 and 2 never meets one of its own sources.
bool raise_fd(int& fd) {
  if (fd > 2) return true;
  int high = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (high < 0) return false;
  ::close(fd);
  fd = high;
  return true;
}

bool make_pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  if (raise_fd(fds[0]) && raise_fd(fds[1])) return true;
  close_fd(fds[0]);
  close_fd(fds[1]);
  return false;
}

bool mentions_out_of_memory(const std::string& text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* needle : {"std::bad_alloc", "out of memory", "memoryerror", "cannot allocate memory", "memory exhausted"}) {
    if (lower.find(needle) != std::string::npos) return true;
  }
  return false;
}

std::string signal_text(int sig) {
  std::string text = "killed by signal " + std::to_string(sig);
  if (const char* abbrev = ::sigabbrev_np(sig)) text += std::string(" (SIG") + abbrev + ")";
  return text;
}

rlim_t clamp_to_hard(int resource, rlim_t value) {
  struct rlimit current {};
  if (::getrlimit(resource, &current) == 0 && current.rlim_max != RLIM_INFINITY && value > current.rlim_max) {
    return current.rlim_max;
  }
  return value;
}

/// Everything the child needs, prepared before vfork: between vfork and exec the child calls
/// async-signal-safe functions only and writes no memory of the parent.
struct ChildPlan {
  std::vector<char*> argv;
  int null_fd = -1, out_fd = -1, err_fd = -1, exec_error_fd = -1;
  struct rlimit cpu {}, as {}, core {};
  bool limit_as = false;
};

/// The child after vfork: it shares the parent's memory until exec, so it only reads `plan`
/// and makes system calls. Every signal is blocked on entry (see start_worker): the
/// dispositions are reset first, so that no parent handler can run here.
[[noreturn]] void run_child(const ChildPlan& plan) {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);  // SIGKILL/SIGSTOP: EINVAL, harmless
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);

  ::setpgid(0, 0);
  if (::dup2(plan.null_fd, 0) < 0 || ::dup2(plan.out_fd, 1) < 0 || ::dup2(plan.err_fd, 2) < 0) {
    int err = errno;
    (void)!::write(plan.exec_error_fd, &err, sizeof err);
    ::_exit(kExecFailedStatus);
  }
  // Everything else goes; the exec-error pipe is close-on-exec and goes at the exec.
  const unsigned keep = static_cast<unsigned>(plan.exec_error_fd);
  if ((keep > 3 && ::close_range(3, keep - 1, 0) != 0) || ::close_range(keep + 1, ~0U, 0) != 0) {
    for (int fd = 3; fd < 65536; ++fd) {
      if (fd != plan.exec_error_fd) ::close(fd);
    }
  }
  ::setrlimit(RLIMIT_CORE, &plan.core);
  ::setrlimit(RLIMIT_CPU, &plan.cpu);
  if (plan.limit_as) ::setrlimit(RLIMIT_AS, &plan.as);

  ::execvp(plan.argv[0], plan.argv.data());
  int err = errno;
  (void)!::write(plan.exec_error_fd, &err, sizeof err);
  ::_exit(kExecFailedStatus);
}

struct Worker {
  std::size_t index = 0;
  const WorkerJob* job = nullptr;
  pid_t pid = -1;
  int out_fd = -1, err_fd = -1, pidfd = -1;
  Clock::time_point start, deadline;
  bool timed_out = false;
  bool output_overflow = false;
  bool exited = false;
  int wait_status = 0;
  double cpu_used = 0;  // seconds, from wait4's rusage
  long max_rss_kb = 0;

  std::string line;            // incomplete stdout line
  bool skipping_line = false;  // inside an over-long line
  std::size_t out_bytes = 0;
  int malformed = 0;
  bool have_summary = false;
  WorkerResult res;
};

void add_internal(Worker& w, std::string message) {
  Notification n{};
  n.kind = Notification::Kind::Internal;
  n.level = Level::Warning;
  n.message = std::move(message);
  w.res.result.notifications.push_back(std::move(n));
}

void handle_line(Worker& w, std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (text.find_first_not_of(" \t") == std::string_view::npos) return;
  std::string error;
  std::optional<report::WireRecord> record = report::decode_json_line(text, &error);
  if (!record) {
    if (++w.malformed <= kMaxMalformedReported) add_internal(w, "the worker wrote a malformed line: " + error);
    return;
  }
  if (auto* f = std::get_if<Finding>(&*record)) {
    w.res.result.findings.push_back(std::move(*f));
  } else if (auto* n = std::get_if<Notification>(&*record)) {
    w.res.result.notifications.push_back(std::move(*n));
  } else if (auto* m = std::get_if<ModuleCall>(&*record)) {
    w.res.result.modules.push_back(std::move(*m));
  } else if (auto* c = std::get_if<ModuleContract>(&*record)) {
    w.res.result.contracts.push_back(std::move(*c));
  } else if (auto* s = std::get_if<report::RunSummary>(&*record)) {
    w.res.result.stats = std::move(s->stats);
    w.res.result.completed = s->completed;
    w.res.result.completeness = std::move(s->completeness);
    w.have_summary = true;
  }
}

void kill_group(const Worker& w) {
  if (w.pid > 0) ::kill(-w.pid, SIGKILL);
}

void consume_stdout(Worker& w, const char* data, std::size_t size) {
  if (w.output_overflow) return;
  w.out_bytes += size;
  if (w.out_bytes > kMaxStdoutBytes) {
    w.output_overflow = true;
    kill_group(w);
    return;
  }
  std::string_view chunk(data, size);
  while (!chunk.empty()) {
    std::size_t nl = chunk.find('\n');
    std::string_view piece = chunk.substr(0, nl);
    if (!w.skipping_line) {
      if (w.line.size() + piece.size() > kMaxLineBytes) {
        add_internal(w, "the worker wrote a line longer than " + std::to_string(kMaxLineBytes >> 20) + " MB; it was dropped");
        w.line.clear();
        w.skipping_line = true;
      } else if (nl != std::string_view::npos && w.line.empty()) {
        handle_line(w, piece);  // the common case: a whole line in one chunk, no copy
      } else {
        w.line.append(piece);
        if (nl != std::string_view::npos) {
          handle_line(w, w.line);
          w.line.clear();
        }
      }
    }
    if (nl == std::string_view::npos) break;
    w.skipping_line = false;
    chunk.remove_prefix(nl + 1);
  }
}

void consume_stderr(Worker& w, const char* data, std::size_t size) {
  std::string& tail = w.res.stderr_tail;
  tail.append(data, size);
  if (tail.size() > 2 * kStderrTailBytes) tail.erase(0, tail.size() - kStderrTailBytes);
}

/// Reads what is available on one of the worker's pipes (at most a few chunks, so one chatty
/// worker cannot starve the others); closes it at end of file.
void drain(Worker& w, int& fd, bool is_stdout, int max_chunks) {
  char buf[65536];
  for (int i = 0; fd >= 0 && i < max_chunks; ++i) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      if (is_stdout) consume_stdout(w, buf, static_cast<std::size_t>(n));
      else consume_stderr(w, buf, static_cast<std::size_t>(n));
    } else if (n == 0) {
      close_fd(fd);
    } else if (errno == EINTR) {
      continue;
    } else {
      if (errno != EAGAIN && errno != EWOULDBLOCK) close_fd(fd);
      return;
    }
  }
}

/// Whether the worker has exited; if so its group is killed and it is reaped.
// Kills the worker's process group, waits for it, and closes its descriptors (after reading
// what its stdout still holds, if `keep_output`).
void kill_and_reap(Worker& w, bool keep_output) {
  kill_group(w);
  pid_t got;
  do {
    got = ::waitpid(w.pid, nullptr, 0);
  } while (got < 0 && errno == EINTR);
  w.exited = true;
  if (keep_output) drain(w, w.out_fd, true, kDrainChunksAfterExit);
  close_fd(w.out_fd);
  close_fd(w.err_fd);
  close_fd(w.pidfd);
}

bool check_exit(Worker& w) {
  siginfo_t info{};
  int rc;
  do {
    rc = ::waitid(P_PID, static_cast<id_t>(w.pid), &info, WEXITED | WNOHANG | WNOWAIT);
  } while (rc != 0 && errno == EINTR);
  if (rc == 0 && info.si_pid == 0) return false;  // still running
  // Exited (a zombie, so the group id is still ours): no grandchild survives it.
  kill_group(w);
  struct rusage usage {};
  pid_t got;
  do {
    got = ::wait4(w.pid, &w.wait_status, 0, &usage);
  } while (got < 0 && errno == EINTR);
  if (got < 0) w.wait_status = -1;  // ECHILD: someone else reaped it (SIGCHLD ignored?)
  w.cpu_used = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  w.max_rss_kb = usage.ru_maxrss;
  w.exited = true;
  return true;
}

/// Whole seconds (RLIMIT_CPU's unit, at least 1); 0: no limit.
double cpu_limit_of(const WorkerLimits& limits) {
  double cpu = limits.cpu_seconds > 0 ? limits.cpu_seconds : limits.timeout_seconds;
  return cpu > 0 ? std::min(std::max(1.0, std::ceil(cpu)), 1e9) : 0;
}

std::string memory_text(const WorkerLimits& limits) {
  if (limits.memory_mb == 0) return "ran out of memory";
  return "ran out of memory (limit " + std::to_string(limits.memory_mb) + " MB)";
}

void classify(Worker& w) {
  WorkerResult& r = w.res;
  const WorkerLimits& limits = w.job->limits;
  std::string& tail = r.stderr_tail;
  if (tail.size() > kStderrTailBytes) {
    std::size_t cut = tail.size() - kStderrTailBytes;
    for (int i = 0; i < 3 && cut < tail.size() && (static_cast<unsigned char>(tail[cut]) & 0xC0) == 0x80; ++i) ++cut;  // whole UTF-8 characters
    tail.erase(0, cut);
  }
  if (!w.line.empty() && !w.skipping_line) {  // a last line without '\n'
    handle_line(w, w.line);
    w.line.clear();
  }
  if (w.malformed > kMaxMalformedReported) {
    add_internal(w, std::to_string(w.malformed - kMaxMalformedReported) + " more malformed lines from the worker were dropped");
  }

  const int status = w.wait_status;
  const bool signalled = status != -1 && WIFSIGNALED(status);
  const int code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.exit_code = code;
  using report::EntryStatus;

  if (w.output_overflow) {
    r.status = EntryStatus::Crashed;
    r.detail = "wrote more than " + std::to_string(kMaxStdoutBytes >> 20) + " MB to standard output";
  } else if (w.timed_out) {
    r.status = EntryStatus::TimedOut;
    r.detail = "timed out after " + number_text(limits.timeout_seconds) + " s";
  } else if (status == -1) {
    r.status = EntryStatus::Crashed;
    r.detail = "its exit status was lost";
  } else if (signalled) {
    const int sig = WTERMSIG(status);
    const double cpu_limit = cpu_limit_of(limits);
    const double limit_kb = static_cast<double>(limits.memory_mb) * 1024;
    if (sig == SIGXCPU || (sig == SIGKILL && cpu_limit > 0 && w.cpu_used >= cpu_limit - 0.05)) {
      r.status = EntryStatus::TimedOut;
      r.detail = "CPU time limit of " + number_text(cpu_limit) + " s reached";
    } else if (mentions_out_of_memory(r.stderr_tail) ||
               (sig == SIGKILL && limits.memory_mb > 0 && static_cast<double>(w.max_rss_kb) >= 0.9 * limit_kb)) {
      r.status = EntryStatus::OutOfMemory;
      r.detail = memory_text(limits);
    } else {
      r.status = EntryStatus::Crashed;
      r.detail = signal_text(sig);
    }
  } else if (code == kWorkerExitOutOfMemory) {
    r.status = EntryStatus::OutOfMemory;
    r.detail = memory_text(limits);
  } else if (code >= 0 && code <= 2 && w.have_summary) {
    r.status = r.result.completed ? EntryStatus::Analysed : EntryStatus::Failed;
    if (!r.result.completed) {
      r.detail = "the analysis did not complete";
      for (const Notification& n : r.result.notifications) {
        if (n.level == Level::Error) {
          r.detail = n.message;
          break;
        }
      }
    }
  } else if (!w.have_summary && mentions_out_of_memory(r.stderr_tail)) {
    r.status = EntryStatus::OutOfMemory;
    r.detail = memory_text(limits);
  } else {
    r.status = EntryStatus::Crashed;
    r.detail = "exited with status " + std::to_string(code) + (w.have_summary ? "" : " without finishing its report");
  }
  if (r.status != EntryStatus::Analysed) r.result.completed = false;
  r.seconds = std::chrono::duration<double>(Clock::now() - w.start).count();
}

WorkerResult start_failure(std::string detail) {
  WorkerResult r;
  r.status = report::EntryStatus::Crashed;
  r.detail = std::move(detail);
  r.result.completed = false;
  return r;
}

/// Starts the job's worker. On failure returns a finished result instead.
std::optional<WorkerResult> start_worker(Worker& w, int null_fd) {
  const WorkerJob& job = *w.job;
  if (job.argv.empty() || job.argv[0].empty()) return start_failure("cannot run the worker: empty command line");
  w.start = Clock::now();
  // (at most 1e9 s: a larger one would overflow the clock's duration)
  const double timeout = job.limits.timeout_seconds > 0 ? std::min(job.limits.timeout_seconds, 1e9) : 1e9;
  w.deadline = w.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));

  int out[2] = {-1, -1}, err[2] = {-1, -1}, exec_err[2] = {-1, -1};
  auto close_all = [&] {
    for (int* fds : {out, err, exec_err}) {
      close_fd(fds[0]);
      close_fd(fds[1]);
    }
  };
  if (!make_pipe(out) || !make_pipe(err) || !make_pipe(exec_err)) {
    int e = errno;
    close_all();
    return start_failure("cannot start the worker: " + errno_text(e));
  }

  ChildPlan plan;
  for (const std::string& a : job.argv) plan.argv.push_back(const_cast<char*>(a.c_str()));
  plan.argv.push_back(nullptr);
  plan.null_fd = null_fd;
  plan.out_fd = out[1];
  plan.err_fd = err[1];
  plan.exec_error_fd = exec_err[1];
  plan.core = {0, 0};
  if (const double cpu_limit = cpu_limit_of(job.limits); cpu_limit > 0) {
    const rlim_t cpu = static_cast<rlim_t>(std::min(cpu_limit, 1e12));
    plan.cpu = {clamp_to_hard(RLIMIT_CPU, cpu), clamp_to_hard(RLIMIT_CPU, cpu + 2)};  // SIGXCPU first, SIGKILL 2 s later
  } else {
    ::getrlimit(RLIMIT_CPU, &plan.cpu);
  }
  if (job.limits.memory_mb > 0) {
    const rlim_t bytes = static_cast<rlim_t>(job.limits.memory_mb) << 20;
    plan.limit_as = true;
    plan.as = {clamp_to_hard(RLIMIT_AS, bytes), clamp_to_hard(RLIMIT_AS, bytes)};
  }

  // vfork: no copy of the parent's page tables, so starting a worker costs the same from a
  // big parent (fork from a parent with 1 GB resident was ~5x slower here). The parent's
  // signals stay blocked until the child has reset its handlers and exec'd.
  sigset_t all, old_mask;
  ::sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &old_mask);
  pid_t pid = ::vfork();
  if (pid == 0) run_child(plan);
  const int fork_errno = errno;
  ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (pid < 0) {
    int e = fork_errno;
    close_all();
    return start_failure("cannot start the worker: " + errno_text(e));
  }

  ::setpgid(pid, pid);  // the child did it already (vfork waits for its exec); harmless, and needed with fork
  w.pid = pid;
  close_fd(out[1]);
  close_fd(err[1]);
  close_fd(exec_err[1]);
  // The exec-error pipe closes at a successful exec; otherwise it carries errno.
  int exec_errno = 0;
  ssize_t n;
  do {
    n = ::read(exec_err[0], &exec_errno, sizeof exec_errno);
  } while (n < 0 && errno == EINTR);
  close_fd(exec_err[0]);
  w.out_fd = out[0];
  w.err_fd = err[0];
  ::fcntl(w.out_fd, F_SETFL, O_NONBLOCK);
  ::fcntl(w.err_fd, F_SETFL, O_NONBLOCK);
  if (n == static_cast<ssize_t>(sizeof exec_errno)) {
    WorkerResult r = start_failure("cannot run " + job.argv[0] + ": " + errno_text(exec_errno));
    check_exit(w);  // it _exits at once
    while (!w.exited) {
      ::usleep(1000);
      check_exit(w);
    }
    close_fd(w.out_fd);
    close_fd(w.err_fd);
    r.exit_code = kExecFailedStatus;
    r.seconds = std::chrono::duration<double>(Clock::now() - w.start).count();
    return r;
  }
#ifdef SYS_pidfd_open
  w.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));  // -1 (ENOSYS, ...): poll for the exit instead
  if (w.pidfd >= 0 && !raise_fd(w.pidfd)) close_fd(w.pidfd);
#endif
  return std::nullopt;
}

}  // namespace

std::vector<WorkerResult> run_workers(const std::vector<WorkerJob>& jobs, int max_parallel,
                                      const std::function<void(std::size_t index, const WorkerResult&)>& on_done) {
  std::vector<WorkerResult> results(jobs.size());
  const std::size_t parallel = static_cast<std::size_t>(std::max(1, max_parallel));
  int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd >= 0) raise_fd(null_fd);

  auto finish = [&](std::size_t index, WorkerResult r) {
    results[index] = std::move(r);
    if (on_done) on_done(index, results[index]);
  };

  std::vector<Worker> live;
  live.reserve(parallel);
  // If anything throws (on_done, an allocation), no worker, zombie or descriptor is left behind.
  struct Cleanup {
    std::vector<Worker>& live;
    int& null_fd;
    ~Cleanup() {
      for (Worker& w : live) kill_and_reap(w, false);
      close_fd(null_fd);
    }
  } cleanup{live, null_fd};
  std::size_t next = 0;
  std::vector<pollfd> fds;
  while (next < jobs.size() || !live.empty()) {
    if (int sig = cancel_signal()) {
      // cancelled: every running worker's group is killed, no job starts (cancel.h)
      const std::string why = "the run was cancelled by " + cancel_signal_name(sig);
      for (Worker& w : live) {
        kill_and_reap(w, true);
        WorkerResult r = std::move(w.res);
        r.status = report::EntryStatus::Cancelled;
        r.detail = why;
        r.result.completed = false;
        r.seconds = std::chrono::duration<double>(Clock::now() - w.start).count();
        finish(w.index, std::move(r));
      }
      live.clear();
      for (; next < jobs.size(); ++next) {
        WorkerResult r;
        r.status = report::EntryStatus::Cancelled;
        r.detail = why + " before its analysis started";
        r.result.completed = false;
        finish(next, std::move(r));
      }
      break;
    }
    while (live.size() < parallel && next < jobs.size()) {
      Worker w;
      w.index = next;
      w.job = &jobs[next];
      ++next;
      if (null_fd < 0) {
        finish(w.index, start_failure("cannot start the worker: cannot open /dev/null"));
      } else if (std::optional<WorkerResult> failed = start_worker(w, null_fd)) {
        finish(w.index, std::move(*failed));
      } else {
        live.push_back(std::move(w));
      }
    }
    if (live.empty()) continue;

    // Wait for output, an exit or the nearest deadline.
    const Clock::time_point now = Clock::now();
    Clock::time_point nearest = Clock::time_point::max();
    bool need_exit_polling = false;
    fds.clear();
    if (cancel_fd() >= 0) fds.push_back({cancel_fd(), POLLIN, 0});
    for (Worker& w : live) {
      if (!w.timed_out && !w.output_overflow) nearest = std::min(nearest, w.deadline);
      if (w.pidfd < 0) need_exit_polling = true;
      for (int fd : {w.out_fd, w.err_fd, w.pidfd}) {
        if (fd >= 0) fds.push_back({fd, POLLIN, 0});
      }
    }
    long long wait_ms = -1;
    if (nearest != Clock::time_point::max()) {
      wait_ms = std::max<long long>(0, std::chrono::ceil<std::chrono::milliseconds>(nearest - now).count());
    }
    if (need_exit_polling && (wait_ms < 0 || wait_ms > 10)) wait_ms = 10;
    const int timeout = wait_ms < 0 ? -1 : static_cast<int>(std::min<long long>(wait_ms, 1 << 30));
    if (::poll(fds.data(), fds.size(), timeout) < 0 && errno != EINTR) {
      ::usleep(1000);  // ENOMEM and the like: do not spin
    }

    for (std::size_t i = 0; i < live.size();) {
      Worker& w = live[i];
      drain(w, w.out_fd, true, 4);
      drain(w, w.err_fd, false, 4);
      if (check_exit(w)) {
        // It is gone and so is its group: what is left in the pipes is all there will be
        // (a writer that escaped the group would only make reading stop at EAGAIN).
        drain(w, w.out_fd, true, kDrainChunksAfterExit);
        drain(w, w.err_fd, false, kDrainChunksAfterExit);
        close_fd(w.out_fd);
        close_fd(w.err_fd);
        close_fd(w.pidfd);
        classify(w);
        const std::size_t index = w.index;
        WorkerResult r = std::move(w.res);
        live.erase(live.begin() + static_cast<std::ptrdiff_t>(i));
        finish(index, std::move(r));
        continue;
      }
      if (!w.timed_out && Clock::now() >= w.deadline) {
        w.timed_out = true;
        kill_group(w);
      }
      ++i;
    }
  }
  return results;
}

}  // namespace tenscan::ci
