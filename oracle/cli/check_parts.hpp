// The parts of `bao-oracle check` that a run in one process, a run by
// --jobs workers (check_command.cpp runs both, the second through
// check::run_workers) and `report merge` (report_merge_command.cpp) share:
// the exit statuses, the progress line, the transcript's notes, the
// reports of a run that checked nothing, and what a run leaves
// (check_outputs.cpp).
// Internal to oracle/cli.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "oracle/checker/check.hpp"
#include "oracle/checker/check_all.hpp"
#include "oracle/cli/check_command.hpp"
#include "oracle/core/expected.hpp"

namespace bao::cli::detail {

constexpr int kExitFindings = 1;
constexpr int kExitInput = 2;
// An interrupted run exits 128 + the signal, as a shell reports a process
// the signal killed (130 for SIGINT), after writing its report.
constexpr int kExitSignalBase = 128;

// What a run was asked to do, for the time left on its progress line.
struct ProgressPlan {
  std::string label;         // "[2/11 guide-v2] " with --ruleset all, else empty
  std::uint64_t games = 0;   // the games it plays (its shard's share); 0 with --time
  double time = 0;           // --time
  std::uint64_t budget = 0;  // --budget: requests, follow-up ones included
  std::string ruleset;       // for the coverage figures
};

// The games of `games` that shard I/N plays (g % N == I).
std::uint64_t games_in_shard(std::uint64_t games, std::uint32_t i, std::uint32_t n);

ProgressPlan progress_plan(const check::CheckOptions& c, std::string label = "");

// The progress line's text: the run's totals (over all its workers), what
// they found, the rate and the time left; `done`: the final figures.
std::string progress_text(const ProgressPlan& plan, const check::Stats& s, std::size_t groups,
                          bool done);

// Shows progress on a terminal (or anywhere with --progress), one line
// rewritten in place on stderr.
class ProgressLine {
 public:
  ProgressLine(bool enabled, ProgressPlan plan) : enabled_(enabled), plan_(std::move(plan)) {}
  ~ProgressLine() { done(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  void show(const check::Stats& s, std::size_t groups);
  // The final figures, then the end of the line.
  void finish(const check::Stats& s, std::size_t groups);
  void done();

 private:
  void draw(std::string line);

  bool enabled_;
  ProgressPlan plan_;
  std::size_t shown_ = 0;  // the width of the line drawn last; 0: none
};

std::size_t groups_of(const check::CheckResult& r);

// 0 the engine agreed, 1 findings, 2 an engine that could not be checked
// at all, 128 + the signal for an interrupted run.
int exit_status(const check::CheckResult& r);

// The stop condition of an interruptible run.
bool interrupted();

// Whether the games are played by --jobs workers.
bool by_workers(const CheckCli& o);

// The file of worker j's part of the transcript (--log).
std::string log_part(const CheckCli& o, std::size_t j);

// A note in the transcript, when there is one.
void note(const CheckCli& o, std::string_view text);

// The report of a run that checked nothing (this build, the options asked
// for), of one whose engine failed at start (one protocol-fault finding
// with no position) and of one interrupted before it began.
check::CheckResult nothing_checked(const CheckCli& o, const check::CheckOptions& c);
check::CheckResult fault_at_start(const CheckCli& o, const check::CheckOptions& c,
                                  const check::Fault& fault);
check::CheckResult interrupted_at_start(const CheckCli& o, const check::CheckOptions& c);

// ---- What a run leaves (check_outputs.cpp) ---------------------------------------

// Writes the reports asked for and prints the summary; the exit status
// (start-up failures: one line on stderr, nothing on stdout).
int finish(check::CheckResult r, const CheckCli& o, std::ostream& out, std::ostream& err);
// The same for --ruleset all (and the merge of such reports): the worst
// exit status of its rulesets.
int finish_all(check::AllResult a, const CheckCli& o, std::ostream& out, std::ostream& err);
// The transcript's last note: how the run ended, with its exit status.
void note_end(const CheckCli& o, int status);

}  // namespace bao::cli::detail
