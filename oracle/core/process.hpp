// Starting a child process that cannot outlive us: fork and exec with a
// parent-death signal (Linux prctl PR_SET_PDEATHSIG, which posix_spawn
// cannot set), for the engines the checker drives and the workers of
// `check --jobs`; and, for an engine, a process group of its own that is
// stopped whole, and killed by this process's guard if this process ends
// first (even by SIGKILL): a parent-death signal reaches the child alone,
// not what a script it runs starts.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "oracle/core/expected.hpp"

namespace bao {

struct ChildSpec {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH when it has no '/'
  std::string file;               // when set, run this file instead (argv[0] only names it)
  // Descriptors that become the child's stdin, stdout and stderr; -1 keeps
  // ours (stdin: /dev/null when `null_stdin`). They may have FD_CLOEXEC.
  int in = -1;
  int out = -1;
  int err = -1;
  bool null_stdin = false;
  // Sent to the child when the thread that started it ends (the process
  // exits, is killed, crashes); 0 for none. A child whose parent is already
  // gone when it starts exits at once.
  int death_signal = 0;
  // The child leads a process group of its own: signal_child reaches the
  // whole group, reap_child kills what is left of it once the child has
  // exited, and the guard (a process of its own, started with the first
  // such child, `bao-guard` in ps) kills every group still there when this
  // process ends, however it ends.
  bool own_group = false;
  // SIGINT, SIGTERM and SIGHUP stay blocked in the child, held until a
  // program of ours has its handlers in (interrupt::install unblocks them):
  // one sent at its start is then handled rather than fatal.
  bool interrupts_blocked = false;
};

// Starts the child. It gets every signal this program catches back at its
// default (the rest as they are: an ignored SIGINT stays ignored), SIGPIPE
// at its default, an empty signal mask, and no descriptor of ours but the
// three given (every other one here has FD_CLOEXEC). The error is what
// exec said ("No such file or directory") or why the fork failed.
Expected<pid_t> start_child(const ChildSpec& spec);

// Sends `signal` to the child's process group (own_group), else to the
// child alone.
void signal_child(pid_t pid, int signal);

enum class Wait : bool { No, Yes };

// Once the child has exited: what is left of its group (own_group) is
// killed (SIGKILL, while the unreaped child keeps the group's id from being
// reused), the guard is told, and the child is reaped. Its wait status; -1
// when it was reaped elsewhere (SIGCHLD ignored); std::nullopt while it
// runs, with Wait::No (Wait::Yes waits for it).
std::optional<int> reap_child(pid_t pid, Wait wait);

}  // namespace bao
