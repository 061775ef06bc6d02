#include "oracle/core/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include <atomic>
#include <cerrno>
#include <mutex>

namespace bao::interrupt {
namespace {

std::atomic<int> first_signal{0};
std::atomic<int> pipe_read{-1};
std::atomic<int> pipe_write{-1};
static_assert(std::atomic<int>::is_always_lock_free, "read from a signal handler");

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

void on_signal(int signal) {
  const int saved = errno;
  int none = 0;
  first_signal.compare_exchange_strong(none, signal);
  const int fd = pipe_write.load();
  if (fd >= 0) (void)!::write(fd, "!", 1);  // full (EAGAIN): it is readable already
  errno = saved;
}

}  // namespace

void install() {
  static std::once_flag once;
  std::call_once(once, [] {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0) {
      pipe_read = fds[0];
      pipe_write = fds[1];
    }
    for (const int signal : kSignals) {
      struct sigaction old {};
      if (::sigaction(signal, nullptr, &old) != 0) continue;
      if (signal != SIGTERM && old.sa_handler == SIG_IGN && (old.sa_flags & SA_SIGINFO) == 0)
        continue;
      struct sigaction handle {};
      handle.sa_handler = on_signal;
      sigfillset(&handle.sa_mask);  // one handler at a time
      // Plain reads and writes go on; poll() returns EINTR whatever the flag.
      handle.sa_flags = SA_RESTART;
      ::sigaction(signal, &handle, nullptr);
    }
    // A signal that came before the handlers, held back (a worker of
    // `check --jobs` starts with them blocked), is handled now.
    sigset_t held;
    sigemptyset(&held);
    for (const int signal : kSignals) sigaddset(&held, signal);
    ::pthread_sigmask(SIG_UNBLOCK, &held, nullptr);
  });
}

int received() {
  return first_signal.load();
}

int wake_fd() {
  return pipe_read.load();
}

std::string signal_name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return fmt::format("signal {}", signal);
  }
}

int signal_number(const std::string& name) {
  for (const int signal : kSignals)
    if (signal_name(signal) == name) return signal;
  return 0;
}

}  // namespace bao::interrupt
