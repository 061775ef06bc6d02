// The parts of `bao-oracle check` that one process and the --jobs
// supervisor share (check_parts.hpp).
#include "oracle/cli/check_parts.hpp"

#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "oracle/cli/terminal.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/protocol/transcript.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::cli::detail {

// The games of `games` that shard I/N plays (g % N == I).
std::uint64_t games_in_shard(std::uint64_t games, std::uint32_t i, std::uint32_t n) {
  return games / n + (i < games % n ? 1 : 0);
}

ProgressPlan progress_plan(const check::CheckOptions& c, std::string label) {
  ProgressPlan p;
  p.label = std::move(label);
  p.games = c.only_game        ? 1
            : c.time_limit > 0 ? 0
                               : games_in_shard(c.games, c.shard_index, c.shard_count);
  p.time = c.only_game ? 0 : c.time_limit;
  p.budget = c.request_budget;
  p.ruleset = c.ruleset;
  return p;
}

// The progress line: the run's totals (over all its workers), what they
// found, the rate and the time left by the first limit to be reached:
// games played of those to play, time left of --time, requests spent of
// --budget. The last one drawn, `done`, shows the run's final figures,
// those of its summary, and its time.
std::string progress_text(const ProgressPlan& plan, const check::Stats& s, std::size_t groups,
                          bool done) {
  const std::uint64_t spent = s.requests + s.followup_requests;
  std::optional<double> left;
  auto take = [&](double v) { left = left ? std::min(*left, v) : v; };
  if (plan.time > 0) take(std::max(0.0, plan.time - s.seconds));
  if (plan.games > 0 && s.games > 0)
    take(s.seconds * double(plan.games - std::min(s.games, plan.games)) / double(s.games));
  if (plan.budget > 0 && spent > 0)
    take(s.seconds * double(plan.budget - std::min(spent, plan.budget)) / double(spent));
  const std::string when = done   ? fmt::format("done in {:.1f} s", s.seconds)
                           : left ? "ETA " + duration_text(*left)
                                  : std::string("ETA --");
  const check::CoverageSummary c = check::coverage_summary(plan.ruleset, s);
  return fmt::format(
      "{}{}{} games, {} positions, {} requests (+{} follow-up), {} failing game{} ({} group{}), "
      "clauses {}/{}, boundaries {}/{}, {:.0f} positions/s, {}",
      plan.label, s.games, plan.games > 0 ? fmt::format("/{}", plan.games) : "", s.positions,
      s.requests, s.followup_requests, s.failing_games, s.failing_games == 1 ? "" : "s", groups,
      groups == 1 ? "" : "s", c.clauses_met, c.clauses, c.boundaries_met, c.boundaries,
      s.seconds > 0 ? double(s.positions) / s.seconds : 0.0, when);
}

std::size_t groups_of(const check::CheckResult& r) {
  return r.deviations.size() + r.findings.size();
}

// 0 the engine agreed, 1 findings, 2 an engine that could not be checked
// at all, 128 + the signal for an interrupted run.
int exit_status(const check::CheckResult& r) {
  if (r.stats.interrupted) {
    const int signal = interrupt::signal_number(r.stats.signal);
    return kExitSignalBase + (signal != 0 ? signal : SIGINT);
  }
  if (check::failed_at_start(r)) return kExitInput;
  return check::failed(r) ? kExitFindings : 0;
}

// The stop condition of an interruptible run.
bool interrupted() {
  return interrupt::received() != 0;
}

void ProgressLine::show(const check::Stats& s, std::size_t groups) {
  draw(progress_text(plan_, s, groups, false));
}

void ProgressLine::finish(const check::Stats& s, std::size_t groups) {
  draw(progress_text(plan_, s, groups, true));
  done();
}

void ProgressLine::done() {
  if (shown_ > 0) (void)!::write(2, "\n", 1);
  shown_ = 0;
}

void ProgressLine::draw(std::string line) {
  if (!enabled_) return;
  const std::string bytes = redraw(std::move(line), shown_);
  (void)!::write(2, bytes.data(), bytes.size());
  shown_ = std::max(shown_, std::size_t{1});  // a line was drawn, if an empty one
}

// Whether the games are played by --jobs workers.
bool by_workers(const CheckCli& o) {
  return o.jobs > 1 && !o.request.only_game;
}

// The file of worker j's part of the transcript: FILE.workerJ, or
// FILE.RULESET.workerJ under --ruleset all.
std::string log_part(const CheckCli& o, std::size_t j) {
  return fmt::format("{}.{}worker{}", o.log, o.log_per_ruleset ? o.request.ruleset + "." : "", j);
}

void note(const CheckCli& o, std::string_view text) {
  if (o.transcript) o.transcript->note(text);
}

// The report of a run that checked nothing: this build, the options asked
// for (the games it stands for, as a shard to merge), no corpus loaded yet.
check::CheckResult nothing_checked(const CheckCli& o, const check::CheckOptions& c) {
  check::CheckResult r;
  r.engine = o.engine;
  r.command = o.engine;
  r.options.ruleset = c.ruleset;
  r.options.seed = c.seed;
  r.options.games = c.games;
  r.options.shard_index = c.shard_index;
  r.options.shard_count = c.shard_count;
  r.provenance = this_build("", o.command_line);
  return r;
}

// A run that could not start checking because the engine could not be
// started or broke the protocol while starting: one protocol-fault finding
// with no position (check::failed_at_start).
check::CheckResult fault_at_start(const CheckCli& o, const check::CheckOptions& c,
                                  const check::Fault& fault) {
  check::CheckResult r = nothing_checked(o, c);
  check::Finding f;
  f.kind = check::FindingKind::ProtocolFault;
  f.ruleset = c.ruleset;
  f.seed = c.seed;
  f.expected = "the handshake (protocol 1) and `ruleset " + c.ruleset + "`";
  f.actual = protocol::describe(fault);
  f.engine.fault = fault;
  r.findings.push_back(std::move(f));
  r.stats.failing_games = 1;
  return r;
}

// A run interrupted before it could check anything: an empty report that
// says so.
check::CheckResult interrupted_at_start(const CheckCli& o, const check::CheckOptions& c) {
  check::CheckResult r = nothing_checked(o, c);
  r.stats.interrupted = true;
  r.stats.signal = interrupt::signal_name(interrupt::received());
  return r;
}

}  // namespace bao::cli::detail
