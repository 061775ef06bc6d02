// `check --jobs J`: the supervisor of J worker processes (workers.hpp;
// docs/checker.md, "Sharding and `report merge`").
#include "oracle/checker/workers.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "oracle/checker/request.hpp"
#include "oracle/checker/worker_progress.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/process.hpp"
#include "oracle/core/text.hpp"

namespace bao::check {
namespace {

bool interrupted() {
  return interrupt::received() != 0;
}

// A report of no game and no finding (a run interrupted at its start).
bool checked_nothing(const CheckResult& r) {
  return r.stats.games == 0 && r.findings.empty() && r.deviations.empty() && r.notation.empty();
}

struct Worker {
  pid_t pid = -1;
  int out = -1;  // its stdout: progress lines
  int in = -1;   // its stdin, with --stop-after: the parent's word
  bool told_stop = false;
  std::string buffer;
  std::string json;
  Stats last;
  std::size_t groups = 0;
};

// The workers' folders `bao-check-<pid>` that runs killed with SIGKILL left
// in `dir`: their process is gone, so nothing else removes them.
void remove_stale_worker_folders(const std::filesystem::path& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    constexpr std::string_view kPrefix = "bao-check-";
    if (name.rfind(kPrefix, 0) != 0 || !entry.is_directory(ec)) continue;
    const std::string digits = name.substr(kPrefix.size());
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH) std::filesystem::remove_all(entry, ec);
  }
}

// A word to a worker (parent_says_stop); 's' only once. A worker that has
// ended no longer reads: writing to it fails with EPIPE (SIGPIPE is
// ignored while workers run), which is harmless.
void tell(Worker& w, char word) {
  if (w.in < 0 || w.told_stop) return;
  if (word == 's') w.told_stop = true;
  while (::write(w.in, &word, 1) < 0 && errno == EINTR) {
  }
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

// --jobs J: J worker processes of this program, each a shard of the games,
// then their JSON reports merged (the same as `report merge`). A worker gets
// SIGTERM when this process ends, however it ends (PR_SET_PDEATHSIG), and
// its engines SIGKILL when it ends. Interrupted, this process passes the
// signal on to the workers, which stop their engines and write what they
// found so far; their reports are merged as usual, and the run is reported
// as interrupted. With --stop-after N the workers' failing games count
// towards N together: each worker asks before its next game whenever it has
// found one (an `ask` line), and once they add up to N every worker is told
// to start no new game; they finish the game they are playing, settle and
// minimise, and the run is a complete one that stopped at its limit.
Expected<std::optional<CheckResult>> run_workers(const CheckOptions& c, const WorkerSetup& setup) {
  const std::uint32_t shard_i = c.shard_index, shard_n = c.shard_count;
  namespace fs = std::filesystem;
  std::error_code ec;
  remove_stale_worker_folders(fs::temp_directory_path(ec));
  const fs::path tmp = fs::temp_directory_path(ec) / fmt::format("bao-check-{}", ::getpid());
  fs::create_directories(tmp, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", tmp.string(), ec.message())};
  // A worker that ends before reading its word must not end this process.
  struct sigaction pipe_was {};
  ::sigaction(SIGPIPE, nullptr, &pipe_was);
  if (pipe_was.sa_handler == SIG_DFL) ::signal(SIGPIPE, SIG_IGN);
  struct RestorePipe {
    struct sigaction& was;
    ~RestorePipe() { ::sigaction(SIGPIPE, &was, nullptr); }
  } restore_pipe{pipe_was};
  std::vector<Worker> workers(setup.jobs);
  std::string failure;
  for (std::size_t j = 0; j < workers.size() && !interrupted(); ++j) {
    Worker& w = workers[j];
    w.json = (tmp / fmt::format("shard-{}.json", j)).string();
    // Shard I/N of the campaign, split J ways: games with g % (N*J) == I + N*j.
    const std::uint64_t n = std::uint64_t(shard_n) * workers.size();
    const std::uint64_t i = shard_i + std::uint64_t(shard_n) * j;
    // The worker's options: the run's, its shard of the games and its
    // part of --budget (worker j takes its part, the first ones the rest).
    CheckOptions mine = c;
    mine.shard_index = static_cast<std::uint32_t>(i);
    mine.shard_count = static_cast<std::uint32_t>(n);
    if (c.request_budget > 0) {
      const std::uint64_t part =
          c.request_budget / workers.size() + (j < c.request_budget % workers.size());
      mine.request_budget = std::max<std::uint64_t>(part, 1);
    }
    const std::string options_file = (tmp / fmt::format("options-{}.json", j)).string();
    if (auto ok = write_file_atomic(options_file, options_to_json(mine)); !ok) {
      failure = ok.error().message;
      break;
    }
    auto args = setup.command(WorkerFiles{j, i, n, options_file, w.json});
    if (!args) {
      failure = args.error().message;
      break;
    }
    int fds[2];
    int word[2] = {-1, -1};
    if (::pipe2(fds, O_CLOEXEC) != 0 || (setup.stop_after && ::pipe2(word, O_CLOEXEC) != 0)) {
      failure = fmt::format("cannot create a pipe: {}", std::strerror(errno));
      break;
    }
    ChildSpec child;
    child.argv = std::move(*args);
    child.file = setup.program;
    child.null_stdin = word[0] < 0;
    child.in = word[0];
    child.out = fds[1];
    child.death_signal = SIGTERM;     // it writes its report and stops its engines
    child.interrupts_blocked = true;  // a signal at its start waits for its handlers
    const auto started = start_child(child);
    ::close(fds[1]);
    close_fd(word[0]);
    if (!started) {
      ::close(fds[0]);
      close_fd(word[1]);
      failure = fmt::format("cannot start a worker: {}", started.error().message);
      break;
    }
    w.pid = *started;
    w.out = fds[0];
    w.in = word[1];
  }
  auto progress = [&](const Stats& s, std::size_t groups) {
    if (setup.progress && failure.empty()) setup.progress(s, groups);
  };
  const auto started_at = std::chrono::steady_clock::now();
  auto totals = [&] {
    Stats total;
    for (const Worker& w : workers) {
      total.games += w.last.games;
      total.positions += w.last.positions;
      total.failing_games += w.last.failing_games;
      total.requests += w.last.requests;
      total.followup_requests += w.last.followup_requests;
      for (const auto& [id, n] : w.last.clause_coverage) total.clause_coverage[id] += n;
      for (const auto& [id, n] : w.last.boundary_coverage) total.boundary_coverage[id] += n;
      for (const auto& [id, n] : w.last.switch_coverage) total.switch_coverage[id] = 1;
    }
    total.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at).count();
    return total;
  };
  // Once interrupted: the signal passed on, and when the workers are killed
  // if they have not finished by then.
  bool passed_on = false;
  bool killed = false;
  std::chrono::steady_clock::time_point kill_at;
  // Read progress until every worker has closed its output.
  for (;;) {
    if (interrupted() && !passed_on) {
      for (const Worker& w : workers)
        if (w.pid > 0) ::kill(w.pid, interrupt::received());
      passed_on = true;
      kill_at = std::chrono::steady_clock::now() + setup.grace;
    }
    if (passed_on && !killed && std::chrono::steady_clock::now() >= kill_at) {
      for (const Worker& w : workers)
        if (w.pid > 0 && w.out >= 0) ::kill(w.pid, SIGKILL);
      killed = true;
    }
    std::vector<pollfd> fds;
    for (const Worker& w : workers)
      if (w.out >= 0) fds.push_back({w.out, POLLIN, 0});
    if (fds.empty()) break;
    if (interrupt::wake_fd() >= 0 && !passed_on) fds.push_back({interrupt::wake_fd(), POLLIN, 0});
    if (::poll(fds.data(), fds.size(), 200) < 0 && errno != EINTR) break;
    for (Worker& w : workers) {
      if (w.out < 0) continue;
      pollfd* p = nullptr;
      for (pollfd& f : fds)
        if (f.fd == w.out) p = &f;
      if (!p || !(p->revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char chunk[4096];
      const ssize_t got = ::read(w.out, chunk, sizeof chunk);
      if (got <= 0) {
        if (got < 0 && errno == EINTR) continue;
        close_fd(w.out);
        close_fd(w.in);
        continue;
      }
      w.buffer.append(chunk, static_cast<std::size_t>(got));
      std::size_t nl;
      while ((nl = w.buffer.find('\n')) != std::string::npos) {
        // A line that is not a progress line (stray output) is skipped.
        if (auto said = parse_worker_progress(std::string_view(w.buffer).substr(0, nl))) {
          w.last.games = said->stats.games;
          w.last.positions = said->stats.positions;
          w.last.failing_games = said->stats.failing_games;
          w.last.requests = said->stats.requests;
          w.last.followup_requests = said->stats.followup_requests;
          // Then what the worker's games met, clauses and boundary sides.
          for (const auto& [into, from] :
               {std::pair{&w.last.clause_coverage, &said->stats.clause_coverage},
                std::pair{&w.last.boundary_coverage, &said->stats.boundary_coverage},
                std::pair{&w.last.switch_coverage, &said->stats.switch_coverage}})
            for (const auto& [id, n] : *from) (*into)[id] = std::max((*into)[id], n);
          w.groups = said->groups;
          // The limit reached by all the workers together: none starts
          // another game.
          if (setup.stop_after && totals().failing_games >= *setup.stop_after)
            for (Worker& other : workers) tell(other, 's');
          if (said->kind == "ask") tell(w, 'g');
        }
        w.buffer.erase(0, nl + 1);
      }
    }
    std::size_t groups = 0;
    for (const Worker& w : workers) groups += w.groups;
    progress(totals(), groups);
  }
  std::vector<CheckResult> parts;
  MergeOptions joined;
  joined.shard_index = shard_i;
  joined.shard_count = shard_n;
  for (std::size_t j = 0; j < workers.size(); ++j) {
    Worker& w = workers[j];
    close_fd(w.in);
    if (w.pid < 0) continue;
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    const bool exited = WIFEXITED(status);
    // An interrupted worker exits 128 + the signal, its report written.
    const bool stopped = exited && WEXITSTATUS(status) > kWorkerSignalBase;
    const std::string how =
        exited ? fmt::format("exit status {}", WEXITSTATUS(status))
               : fmt::format("killed by {}", interrupt::signal_name(WTERMSIG(status)));
    if (!exited || (WEXITSTATUS(status) > kWorkerFindings && !stopped)) {
      if (interrupted()) {
        // What the others found is still reported.
        if (setup.warn)
          setup.warn(fmt::format(
              "worker {} ended without its report ({}); its games are missing from the report", j,
              how));
      } else if (failure.empty()) {
        failure = fmt::format("worker {} failed ({})", j, how);
      }
      continue;
    }
    auto text = read_file(w.json);
    if (!text) {
      if (failure.empty()) failure = text.error().message;
      continue;
    }
    auto part = from_json(*text, w.json);
    if (!part) {
      if (failure.empty()) failure = part.error().message;
      continue;
    }
    // Interrupted before its engine answered, a worker knows neither the
    // engine's name nor the corpus, and played no game: no shard to compare
    // with the others. Its games are missing, as a worker's that wrote none.
    if (interrupted() && checked_nothing(*part)) continue;
    // The worker's share of --budget is not an option of the run.
    part.value().options.request_budget = c.request_budget;
    parts.push_back(std::move(*part));
    joined.names.push_back(fmt::format("worker {}", j));
  }
  fs::remove_all(tmp, ec);
  if (!failure.empty()) return Error{failure};
  if (parts.empty() && interrupted()) return std::optional<CheckResult>();
  // An interrupted run reports what the workers wrote, the missing ones named above.
  joined.allow_missing = interrupted();
  auto merged = merge(parts, joined);
  if (!merged) return merged.error();
  if (interrupted()) {
    merged.value().stats.interrupted = true;
    merged.value().stats.signal = interrupt::signal_name(interrupt::received());
  }
  return std::optional<CheckResult>(std::move(*merged));
}

}  // namespace bao::check
