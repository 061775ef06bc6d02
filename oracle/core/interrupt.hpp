// Stopping a long run cleanly when it is interrupted (SIGINT, SIGTERM,
// SIGHUP): a handler records the first of these signals and makes a
// self-pipe readable. Loops ask received(); code blocked in poll() adds
// wake_fd() to its descriptors, so that a wait on a hung peer ends at once.
// The pipe is never drained: once a signal came, wake_fd() stays readable.
#pragma once

#include <string>

namespace bao::interrupt {

// Installs the handlers (once; later calls do nothing), then unblocks the
// three signals, so that one held back until now (the workers of `check
// --jobs` start with them blocked) is handled. A SIGINT or SIGHUP
// that was ignored when the program started (nohup, a background job of a
// non-interactive shell) stays ignored. Later signals are recorded as the
// first one was not: only the first one counts, and none ends the program,
// so what it is writing is written whole. `bao-oracle check` and
// `scenarios --engine` install them first thing in main().
void install();

// The first signal received since install(), 0 when none.
int received();

// Readable once a signal has been received; -1 before install().
int wake_fd();

// "SIGINT", "SIGTERM", "SIGHUP", or "signal N".
std::string signal_name(int signal);
// The number of one of the names above; 0 for another name.
int signal_number(const std::string& name);

}  // namespace bao::interrupt
