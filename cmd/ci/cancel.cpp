// Cancellation by signal (cancel.h): a flag and a self-pipe, both async-signal-safe.
#include "tenscan/ci/cancel.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

namespace tenscan::ci {
namespace {

volatile std::sig_atomic_t g_signal = 0;
int g_pipe[2] = {-1, -1};

extern "C" void on_cancel(int sig) {
  int saved = errno;
  if (g_signal == 0) g_signal = sig;
  if (g_pipe[1] >= 0) {
    char c = 1;
    [[maybe_unused]] ssize_t n = ::write(g_pipe[1], &c, 1);  // full pipe: already readable
  }
  errno = saved;
}

}  // namespace

void install_cancel_handlers() {
  if (g_pipe[0] >= 0) return;
  if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0) g_pipe[0] = g_pipe[1] = -1;
  struct sigaction sa {};
  sa.sa_handler = on_cancel;
  ::sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a blocking call returns EINTR and the caller looks
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

int cancel_signal() { return g_signal; }

int cancel_fd() { return g_pipe[0]; }

std::string cancel_signal_name(int sig) {
  switch (sig) {
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(sig);
  }
}

void reset_cancel() {
  g_signal = 0;
  if (g_pipe[0] >= 0) {
    char buf[64];
    while (::read(g_pipe[0], buf, sizeof buf) > 0) {
    }
  }
}

}  // namespace tenscan::ci
