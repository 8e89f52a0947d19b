// Cancellation of `tenscan ci` (a cancelled CI job sends SIGTERM, a terminal SIGINT, a closed
// session SIGHUP). The handlers only record the signal and wake the worker pool; the pool then
// kills every running worker's process group (the workers run in their own groups, so the
// signal to tenscan's group never reaches them) and starts no more, and the driver writes the
// reports of what finished, marked incomplete, before tenscan exits with the signal's status.
#pragma once

#include <string>

namespace tenscan::ci {

/// Installs the handlers of SIGTERM, SIGINT and SIGHUP (once; later calls do nothing).
void install_cancel_handlers();
/// The signal that cancelled the run, or 0.
int cancel_signal();
/// A descriptor that becomes readable when the run is cancelled (for poll), or -1 before
/// install_cancel_handlers.
int cancel_fd();
/// "SIGTERM", "SIGINT", "SIGHUP" (else "signal N").
std::string cancel_signal_name(int sig);
/// For tests: forgets a cancellation (the handlers stay).
void reset_cancel();

}  // namespace tenscan::ci
