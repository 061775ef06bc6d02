// `check --jobs J`: one run played by J worker processes, each a shard of
// the games given its share of the run's options whole (options_to_json),
// their reports merged as `report merge` merges them (docs/checker.md,
// "Sharding and `report merge`"). A worker is this program run again: the
// caller says how (WorkerSetup::command); it writes its progress as JSON
// lines on its stdout (worker_progress.hpp) and its report to a file.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/core/expected.hpp"

namespace bao::check {

// How a worker ends: 0 or kWorkerFindings with its report written, or
// kWorkerSignalBase + N when a signal stopped it (its report written too);
// anything else is a failed worker.
inline constexpr int kWorkerFindings = 1;
inline constexpr int kWorkerSignalBase = 128;

// What worker j is given: its shard of the games (g % n == i), the file of
// its options and the file its report goes to.
struct WorkerFiles {
  std::size_t j = 0;
  std::uint64_t i = 0, n = 1;
  std::string options_file;
  std::string report_file;
};

struct WorkerSetup {
  std::size_t jobs = 2;
  // The program a worker runs, and its command line (argv[0] first): it
  // reads `options_file`, plays, writes progress lines on stdout and its
  // report to `report_file`. An error stops starting workers.
  std::string program = "/proc/self/exe";
  std::function<Expected<std::vector<std::string>>(const WorkerFiles&)> command;
  // --stop-after N: the workers' failing games count towards one N. Each
  // worker asks on its stdout before its next game once it has found one
  // (its command line must say so), and is told on its stdin to go on or
  // to start no new game.
  std::optional<std::uint64_t> stop_after;
  // Interrupted (oracle/core/interrupt.hpp), the signal is passed on to the
  // workers, which write what they found; one that has not ended `grace`
  // later is killed.
  std::chrono::seconds grace{10};
  // The totals of all the workers while they play.
  std::function<void(const Stats&, std::size_t groups)> progress;
  // A line about a worker that ended without its report in an
  // interrupted run (its games are missing).
  std::function<void(const std::string&)> warn;
};

// The run of `c` by workers: the merged report, or nothing when an
// interruption came before any worker had played; an error when a worker
// could not be started or failed, or the reports do not merge.
Expected<std::optional<CheckResult>> run_workers(const CheckOptions& c, const WorkerSetup& setup);

}  // namespace bao::check
