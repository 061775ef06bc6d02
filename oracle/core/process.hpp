// Starting a child process that cannot outlive us: fork and exec with a
// parent-death signal (Linux prctl PR_SET_PDEATHSIG, which posix_spawn
// cannot set), for the engines the checker drives and the workers of
// `check --jobs`.
#pragma once

#include <sys/types.h>

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
};

// Starts the child. It gets every signal this program catches back at its
// default (the rest as they are: an ignored SIGINT stays ignored), SIGPIPE
// at its default, an empty signal mask, and no descriptor of ours but the
// three given (every other one here has FD_CLOEXEC). The error is what
// exec said ("No such file or directory") or why the fork failed.
Expected<pid_t> start_child(const ChildSpec& spec);

}  // namespace bao
