#include "oracle/core/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

namespace bao {
namespace {

// ---- The guard ------------------------------------------------------------
//
// A child that leads a process group of its own (ChildSpec::own_group) is
// stopped with its whole group (signal_child, reap_child). If this process
// ends first, even killed with SIGKILL, the guard kills what is left of
// those groups: a process of its own, started with the first such child,
// that holds one end of a socket whose other end only this process holds.
// It reads the groups this process starts (+pgid) and ends (-pgid); when
// the socket closes (this process is gone, however it went), it sends
// SIGKILL to every group still listed, and exits. It is no child of ours
// (started through a process that exits at once), so no wait of ours meets
// it, and it is in a session of its own, so a Ctrl-C or a signal to our
// process group does not end it before us.

constexpr int kGuardSlots = 4096;

// Closes every descriptor from `first` up (close_range where the kernel
// has it).
void close_from(int first) {
#ifdef SYS_close_range
  if (::syscall(SYS_close_range, static_cast<unsigned>(first), ~0U, 0U) == 0) return;
#endif
  const long max = ::sysconf(_SC_OPEN_MAX);
  for (long fd = first; fd < (max > 0 ? max : 65536); ++fd) ::close(static_cast<int>(fd));
}

// After fork(): only async-signal-safe calls (other threads may have held
// locks), every signal blocked as the fork left it.
[[noreturn]] void guard_main(int socket) {
  ::setsid();
  if (socket != 3) {
    ::dup2(socket, 3);
    socket = 3;
  }
  ::close(0);
  ::close(1);
  ::close(2);
  close_from(4);
#ifdef __linux__
  ::prctl(PR_SET_NAME, "bao-guard");
#endif
  static pid_t groups[kGuardSlots];
  int count = 0;
  for (;;) {
    pid_t message = 0;
    const ssize_t got = ::recv(socket, &message, sizeof message, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got != static_cast<ssize_t>(sizeof message)) break;  // our process is gone
    if (message > 0 && count < kGuardSlots) groups[count++] = message;
    for (int i = 0; message < 0 && i < count; ++i)
      if (groups[i] == -message) groups[i] = groups[--count];
  }
  for (int i = 0; i < count; ++i) ::kill(-groups[i], SIGKILL);
  ::_exit(0);
}

std::mutex guard_mutex;
int guard_socket = -1;    // ours; -1 until the guard is started
pid_t guard_owner = -1;   // the process that started it (a fork shares the socket)
std::set<pid_t> grouped;  // the children leading groups, not yet reaped

// At a normal exit (exit(), or a return from main) of the process that
// started the guard: the guard is told to end (our end of the socket shut
// for writing, which it reads as our end) and waited for until its end
// closes, at most a second, so that not even the guard outlives us by the
// moment it takes to notice. A process killed still leaves the guard to
// notice alone. No lock: other threads may hold one while exit runs.
void end_guard_at_exit() {
  if (guard_socket < 0 || ::getpid() != guard_owner) return;
  ::shutdown(guard_socket, SHUT_WR);
  pollfd p{guard_socket, POLLIN, 0};
  for (int waited_ms = 0; waited_ms < 1000;) {
    const int n = ::poll(&p, 1, 100);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return;
    if (n == 0) {
      waited_ms += 100;
      continue;
    }
    char byte = 0;
    const ssize_t got = ::recv(guard_socket, &byte, sizeof byte, MSG_DONTWAIT);
    if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) return;  // it is gone
  }
}

// Starts the guard once; false when it cannot be started (the groups are
// then still stopped with their leaders, but not after a SIGKILL of ours).
bool start_guard() {
  if (guard_socket >= 0) return true;
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return false;
  sigset_t all, kept;
  sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &kept);
  const pid_t middle = ::fork();
  if (middle == 0) {
    ::close(pair[0]);
    if (::fork() == 0) guard_main(pair[1]);
    ::_exit(0);
  }
  ::pthread_sigmask(SIG_SETMASK, &kept, nullptr);
  ::close(pair[1]);
  if (middle < 0) {
    ::close(pair[0]);
    return false;
  }
  while (::waitpid(middle, nullptr, 0) < 0 && errno == EINTR) {
  }
  guard_socket = pair[0];
  guard_owner = ::getpid();
  std::atexit(end_guard_at_exit);
  return true;
}

// Tells the guard of a group started (+) or ended (-).
void tell_guard(pid_t message) {
  if (guard_socket < 0) return;
  while (::send(guard_socket, &message, sizeof message, MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

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
  if (spec.own_group && ::setpgid(0, 0) != 0) child_fail(report, errno);
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
  sigset_t mask;
  sigemptyset(&mask);
  if (spec.interrupts_blocked)
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&mask, s);
  ::sigprocmask(SIG_SETMASK, &mask, nullptr);
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
  // A group's guard is up before the group exists.
  std::unique_lock<std::mutex> guard_lock(guard_mutex, std::defer_lock);
  if (spec.own_group) {
    guard_lock.lock();
    start_guard();
  }
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
  if (spec.own_group) {
    // Either side may get there first; after the exec the child's own
    // setpgid has been done.
    ::setpgid(pid, pid);
    grouped.insert(pid);
    tell_guard(pid);
  }
  return pid;
}

void signal_child(pid_t pid, int signal) {
  bool group = false;
  {
    const std::lock_guard<std::mutex> lock(guard_mutex);
    group = grouped.count(pid) != 0;
  }
  // Until the leader is reaped no other process can have its id, so the
  // group cannot be another's.
  if (!group || ::kill(-pid, signal) != 0) ::kill(pid, signal);
}

std::optional<int> reap_child(pid_t pid, Wait wait) {
  siginfo_t info{};
  int options = WEXITED | WNOWAIT | (wait == Wait::No ? WNOHANG : 0);
  int rc;
  while ((rc = ::waitid(P_PID, static_cast<id_t>(pid), &info, options)) < 0 && errno == EINTR) {
  }
  if (rc < 0) {
    // ECHILD: reaped elsewhere (SIGCHLD set to SIG_IGN, say); it is gone.
    const std::lock_guard<std::mutex> lock(guard_mutex);
    grouped.erase(pid);
    return -1;
  }
  if (info.si_pid == 0) return std::nullopt;  // running
  {
    // What is left of its group goes with it, while the leader, unreaped,
    // keeps the group's id from being reused.
    const std::lock_guard<std::mutex> lock(guard_mutex);
    if (grouped.erase(pid) != 0) {
      ::kill(-pid, SIGKILL);
      tell_guard(-pid);
    }
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace bao
