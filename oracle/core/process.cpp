#include "oracle/core/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace bao {
namespace {

// After fork(): only async-signal-safe calls until exec.
[[noreturn]] void child_fail(int report, int error) {
  (void)!::write(report, &error, sizeof error);
  ::_exit(127);
}

// `from` becomes `to` without FD_CLOEXEC (dup2 onto itself would keep it).
bool become(int from, int to) {
  if (from == to) return ::fcntl(to, F_SETFD, 0) == 0;
  return ::dup2(from, to) == to;
}

[[noreturn]] void run_child(const ChildSpec& spec, char* const* argv, pid_t parent, int report) {
#ifdef __linux__
  if (spec.death_signal != 0) {
    if (::prctl(PR_SET_PDEATHSIG, spec.death_signal) != 0) child_fail(report, errno);
    if (::getppid() != parent) ::_exit(127);  // it died before the prctl
  }
#else
  (void)parent;
#endif
  // The three descriptors; one above 2 first when a source sits on a
  // target it does not belong to (stdout given as fd 0, say).
  int from[3] = {spec.in, spec.out, spec.err};
  if (spec.null_stdin && from[0] < 0) {
    from[0] = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (from[0] < 0) child_fail(report, errno);
  }
  for (int i = 0; i < 3; ++i)
    if (from[i] >= 0 && from[i] <= 2 && from[i] != i) {
      from[i] = ::fcntl(from[i], F_DUPFD_CLOEXEC, 3);
      if (from[i] < 0) child_fail(report, errno);
    }
  for (int i = 0; i < 3; ++i)
    if (from[i] >= 0 && !become(from[i], i)) child_fail(report, errno);
  // Our handlers are no use there (exec would drop them, but a signal
  // pending until the mask is cleared would run one first).
  for (int s = 1; s < NSIG; ++s) {
    if (s == SIGKILL || s == SIGSTOP) continue;
    struct sigaction old {};
    if (::sigaction(s, nullptr, &old) != 0) continue;
    const bool caught = (old.sa_flags & SA_SIGINFO) != 0 ||
                        (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN);
    if (caught || s == SIGPIPE) {
      struct sigaction dfl {};
      dfl.sa_handler = SIG_DFL;
      sigemptyset(&dfl.sa_mask);
      ::sigaction(s, &dfl, nullptr);
    }
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (!spec.file.empty())
    ::execv(spec.file.c_str(), argv);
  else
    ::execvp(argv[0], argv);
  child_fail(report, errno);
}

}  // namespace

Expected<pid_t> start_child(const ChildSpec& spec) {
  if (spec.argv.empty()) return Error{"empty command"};
  std::vector<std::string> words = spec.argv;
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  // The child tells exec's error through this pipe; exec closes it.
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return Error{fmt::format("pipe: {}", std::strerror(errno))};
  // No handler of ours runs in the child: signals wait until it has reset them.
  sigset_t all, kept;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &kept);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(report[0]);
    run_child(spec, argv.data(), parent, report[1]);
  }
  const int fork_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &kept, nullptr);
  ::close(report[1]);
  if (pid < 0) {
    ::close(report[0]);
    return Error{fmt::format("fork: {}", std::strerror(fork_error))};
  }
  int error = 0;
  ssize_t got;
  do got = ::read(report[0], &error, sizeof error);
  while (got < 0 && errno == EINTR);
  ::close(report[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return Error{std::strerror(error)};
  }
  return pid;
}

}  // namespace bao
