#include "oracle/cli/check_command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "oracle/checker/accept.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/checker/check_all.hpp"
#include "oracle/checker/engine_probe.hpp"
#include "oracle/cli/terminal.hpp"
#include "oracle/core/data.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/process.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/protocol/transcript.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::cli {
namespace {

constexpr int kExitFindings = 1;
constexpr int kExitInput = 2;
// An interrupted run exits 128 + the signal, as a shell reports a process
// the signal killed (130 for SIGINT), after writing its report.
constexpr int kExitSignalBase = 128;
// How long the workers of --jobs get to stop their engines and write their
// reports once interrupted, before they are killed.
constexpr std::chrono::seconds kWorkerGrace{10};

Expected<std::pair<std::uint32_t, std::uint32_t>> parse_shard_option(const std::string& s) {
  if (const std::optional<Shard> shard = parse_shard(s))
    return std::pair{shard->index, shard->count};
  return Error{fmt::format("--shard: expected I/N with 0 <= I < N, got '{}'", s)};
}

// What a run was asked to do, for the time left on its progress line.
struct ProgressPlan {
  std::string label;         // "[2/11 guide-v2] " with --ruleset all, else empty
  std::uint64_t games = 0;   // the games it plays (its shard's share); 0 with --time
  double time = 0;           // --time
  std::uint64_t budget = 0;  // --budget: requests, follow-up ones included
  std::string ruleset;       // for the coverage figures
};

// The games of `games` that shard I/N plays (g % N == I).
std::uint64_t games_in_shard(std::uint64_t games, std::uint32_t i, std::uint32_t n) {
  return games / n + (i < games % n ? 1 : 0);
}

ProgressPlan progress_plan(const CheckCli& o, std::uint32_t shard_i, std::uint32_t shard_n,
                           std::string label = "") {
  ProgressPlan p;
  p.label = std::move(label);
  p.games = o.game ? 1 : o.time > 0 ? 0 : games_in_shard(o.games, shard_i, shard_n);
  p.time = o.game ? 0 : o.time;
  p.budget = o.budget;
  p.ruleset = o.ruleset;
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

// Shows progress on a terminal (or anywhere with --progress), one line
// rewritten in place on stderr.
class ProgressLine {
 public:
  ProgressLine(bool enabled, ProgressPlan plan) : enabled_(enabled), plan_(std::move(plan)) {}
  ~ProgressLine() { done(); }
  void show(const check::Stats& s, std::size_t groups) {
    draw(progress_text(plan_, s, groups, false));
  }
  // The final figures, then the end of the line.
  void finish(const check::Stats& s, std::size_t groups) {
    draw(progress_text(plan_, s, groups, true));
    done();
  }
  void done() {
    if (shown_ > 0) (void)!::write(2, "\n", 1);
    shown_ = 0;
  }

 private:
  void draw(std::string line) {
    if (!enabled_) return;
    const std::size_t width = line.size();
    if (width < shown_) line += std::string(shown_ - width, ' ');  // over the longer one before
    line.insert(0, "\r");
    (void)!::write(2, line.data(), line.size());
    shown_ = std::max(width, std::size_t{1});
  }

  bool enabled_;
  ProgressPlan plan_;
  std::size_t shown_ = 0;  // the width of the line drawn last; 0: none
};

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

// ---- The transcript (--log; docs/cli.md, "Transcripts") -------------------------

// Whether the games are played by --jobs workers.
bool by_workers(const CheckCli& o) {
  return o.jobs > 1 && !o.game;
}

// The file of worker j's part of the transcript: FILE.workerJ, or
// FILE.RULESET.workerJ under --ruleset all.
std::string log_part(const CheckCli& o, std::size_t j) {
  return fmt::format("{}.{}worker{}", o.log, o.log_per_ruleset ? o.ruleset + "." : "", j);
}

void note(const CheckCli& o, std::string_view text) {
  if (o.transcript) o.transcript->note(text);
}

// Where the exchange of game `g` is: after the note `game G`, in this file
// or in the part of the worker that played it.
std::string game_place(const CheckCli& o, std::uint64_t g) {
  if (!by_workers(o)) return fmt::format("game {}", g);
  std::uint32_t shard_i = 0, shard_n = 1;
  if (const std::optional<Shard> shard = parse_shard(o.shard)) {
    shard_i = shard->index;
    shard_n = shard->count;
  }
  const std::uint64_t n = std::uint64_t(shard_n) * static_cast<std::uint64_t>(o.jobs);
  const std::uint64_t j = (g % n - shard_i) / shard_n;
  return fmt::format("game {} in {}", g, log_part(o, j));
}

// One note per finding of the run, labelled as the summary labels it
// ((1) a deviation, [1] an unexplained finding), with the game whose
// exchange showed it first.
void note_findings(const check::CheckResult& r, const CheckCli& o, std::string_view label) {
  if (!o.transcript) return;
  std::size_t n = 0;
  for (const check::Deviation& d : r.deviations) {
    if (d.accepted) continue;
    note(o, fmt::format("{}finding ({}): deviation {} at {}: first shown in {}", label, ++n,
                        d.switch_id, d.clause, game_place(o, d.witness.game)));
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const check::Finding& f = r.findings[i];
    note(o, f.position.empty() ? fmt::format("{}finding [{}]: {} while starting the engine", label,
                                             i + 1, to_string(f.kind))
                               : fmt::format("{}finding [{}]: {}: first shown in {}", label, i + 1,
                                             to_string(f.kind), game_place(o, f.game)));
  }
}

void note_end(const CheckCli& o, int status) {
  if (!o.transcript) return;
  const int signal = interrupt::received();
  note(o, signal != 0 ? fmt::format("end: interrupted by {}, exit status {}",
                                    interrupt::signal_name(signal), status)
                      : fmt::format("end: exit status {}", status));
  o.transcript->flush();
}

// Writes the reports asked for and prints the summary; the exit status. An
// engine that could not be checked at all is a start-up failure: its
// reports are written (CI shows the error), and the command fails with one
// line on stderr and nothing on stdout.
int finish(check::CheckResult r, const CheckCli& o, std::ostream& out, std::ostream& err) {
  if (!o.command_line.empty()) r.provenance.command = o.command_line;
  if (!o.json_out.empty()) {
    auto w = write_file_atomic(o.json_out, check::to_json(r));
    if (!w) return fail(err, w.error().message);
  }
  const int status = exit_status(r);
  // A worker says no more; the parent merges its report (a worker's start
  // failure is the parent's, so the worker's status is that of findings).
  if (o.progress_lines) return status == kExitInput ? kExitFindings : status;
  note_findings(r, o, "");
  if (!o.report_dir.empty()) {
    auto w = check::write_report(r, o.report_dir);
    if (!w) return fail(err, w.error().message);
  }
  if (check::failed_at_start(r)) {
    for (const check::Finding& f : r.findings)
      if (f.position.empty())
        return fail(err, fmt::format("--engine: the engine could not be checked: {} (expected {})",
                                     f.actual, f.expected));
  }
  out << check::summary_text(r);
  if (!o.report_dir.empty())
    out << fmt::format(
        "report written to {}/report.md (also report.html, report.json, junit.xml{})\n",
        o.report_dir, r.findings.empty() && r.deviations.empty() ? "" : ", witnesses/");
  out << std::flush;
  return status;
}

// The report of a run that checked nothing: this build, the options asked
// for (the games it stands for, as a shard to merge), no corpus loaded yet.
check::CheckResult nothing_checked(const CheckCli& o, std::uint32_t shard_i,
                                   std::uint32_t shard_n) {
  check::CheckResult r;
  r.engine = o.engine;
  r.command = o.engine;
  r.options.ruleset = o.ruleset;
  r.options.seed = o.seed;
  r.options.games = o.games;
  r.options.shard_index = shard_i;
  r.options.shard_count = shard_n;
  r.provenance = this_build("", o.command_line);
  return r;
}

// A run that could not start checking because the engine could not be
// started or broke the protocol while starting: one protocol-fault finding
// with no position (check::failed_at_start).
check::CheckResult fault_at_start(const CheckCli& o, std::uint32_t shard_i, std::uint32_t shard_n,
                                  const check::Fault& fault) {
  check::CheckResult r = nothing_checked(o, shard_i, shard_n);
  check::Finding f;
  f.kind = check::FindingKind::ProtocolFault;
  f.ruleset = o.ruleset;
  f.seed = o.seed;
  f.expected = "the handshake (protocol 1) and `ruleset " + o.ruleset + "`";
  f.actual = fault.detail;
  f.engine.fault = fault;
  r.findings.push_back(std::move(f));
  r.stats.failing_games = 1;
  return r;
}

// A run interrupted before it could check anything: an empty report that
// says so.
check::CheckResult interrupted_at_start(const CheckCli& o, std::uint32_t shard_i,
                                        std::uint32_t shard_n) {
  check::CheckResult r = nothing_checked(o, shard_i, shard_n);
  r.stats.interrupted = true;
  r.stats.signal = interrupt::signal_name(interrupt::received());
  return r;
}

Expected<check::CheckOptions> check_options(const CheckCli& o, std::ostream& err,
                                            std::uint32_t shard_i, std::uint32_t shard_n) {
  check::CheckOptions c;
  c.ruleset = o.ruleset;
  c.seed = o.seed;
  c.games = o.games;
  c.time_limit = o.time;
  c.shard_index = shard_i;
  c.shard_count = shard_n;
  c.only_game = o.game;
  if (o.stop_after) c.max_findings = *o.stop_after;
  c.corpus_paths = o.corpus;
  c.no_corpus = o.no_corpus;
  if (!o.no_corpus) {
    std::vector<std::string> paths = o.corpus;
    if (paths.empty()) {
      auto found = default_scenario_folder();
      if (!found) return found.error();
      if (*found) {
        paths.push_back(found->value().string());
        c.corpus_found = true;
      }
    }
    c.corpus_paths = paths;
    if (!paths.empty()) {
      // A broken corpus file is left out with a warning; the rest still seeds games.
      std::vector<std::string> errors;
      c.corpus = check::scenario_corpus(paths, *find_ruleset(o.ruleset), &errors);
      // Of the --jobs workers (which report --progress-lines), the first says it.
      if (!o.progress_lines || shard_i == 0)
        for (const std::string& e : errors)
          err << "bao-oracle: --corpus: input error, left out: " << printable(e) << '\n';
    }
  }
  if (!o.corpus_hash.empty()) {
    const std::string have = c.corpus.empty() ? std::string(kNoCorpus) : corpus_hash(c.corpus);
    if (have != o.corpus_hash)
      return Error{fmt::format(
          "--corpus-hash: the corpus of this run ({}, {} positions) hashes to {}, not {}: give "
          "--corpus the scenarios the report was made with",
          o.corpus.empty() ? "the default scenarios folder" : "--corpus", c.corpus.size(), have,
          o.corpus_hash)};
  }
  c.request_budget = o.budget;
  c.strict_reachability = o.strict_reachability;
  c.given = o.given;
  c.search = enum_from_name<check::Search>(o.search).value_or(check::Search::Coverage);
  if (!o.accept_file.empty()) {
    auto entries = check::read_accept_entries(o.accept_file);
    if (!entries) return entries.error();
    auto read = check::apply_accept(*entries, *find_ruleset(o.ruleset), !o.accept_others, c);
    if (!read) return read.error();
  }
  return c;
}

// The parent's word to a worker of --jobs with --stop-after (on the
// worker's stdin): 'g' go on, 's' start no new game. `wait`: block for it
// (the answer to an `ask`); otherwise only look. The end of the input or
// an interruption is a stop.
bool parent_says_stop(bool wait) {
  for (;;) {
    pollfd fds[2] = {{0, POLLIN, 0}, {interrupt::wake_fd(), POLLIN, 0}};
    const int n = ::poll(fds, fds[1].fd >= 0 ? 2 : 1, wait ? -1 : 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return true;
    if (n == 0) return false;  // nothing said yet
    if (fds[1].fd >= 0 && fds[1].revents) return true;
    char c = 0;
    const ssize_t got = ::read(0, &c, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0 || c == 's') return true;
    if (c == 'g' && wait) return false;
  }
}

// A worker's line for its parent: "progress" (or "ask", which waits for
// the parent's word) and its running totals.
std::string worker_line(std::string_view kind, const check::Stats& s, std::size_t groups) {
  return fmt::format(
      "{} {} {} {} {} {} {} {} {} {}\n", kind, s.games, s.positions, s.failing_games, groups,
      s.requests, s.followup_requests, check::coverage_ids(s.clause_coverage),
      check::coverage_ids(s.boundary_coverage), check::coverage_ids(s.switch_coverage));
}

// Checks one ruleset in this process: the result to report (an engine that
// could not be started, a run interrupted before it began and a complete
// run alike), or an input error.
Expected<check::CheckResult> check_one(const CheckCli& o, std::uint32_t shard_i,
                                       std::uint32_t shard_n, std::ostream& out, std::ostream& err,
                                       const ProgressPlan& plan) {
  auto argv = protocol::split_command(o.engine);
  if (!argv) return argv.error();
  protocol::EngineOptions engine;
  engine.argv = std::move(*argv);
  engine.timeout = std::chrono::milliseconds(o.timeout_ms);
  engine.wake_fd = interrupt::wake_fd();
  engine.transcript = o.transcript;
  auto started = check::start_engine_probe(std::move(engine), o.ruleset);
  if (interrupted()) return interrupted_at_start(o, shard_i, shard_n);
  // An engine that cannot be started, lacks the ruleset or fails the
  // handshake: exit 2, and the reports asked for say so.
  if (started.usage)
    return fault_at_start(o, shard_i, shard_n, check::Fault{"start", started.usage->message});
  if (started.fault) return fault_at_start(o, shard_i, shard_n, *started.fault);

  ProgressLine line(!o.progress_lines && (o.progress || ::isatty(2)), plan);
  std::size_t groups_now = 0;
  check::Progress progress = [&](const check::Stats& s, std::size_t groups) {
    groups_now = groups;
    if (o.progress_lines) {
      out << worker_line("progress", s, groups) << std::flush;
    } else {
      line.show(s, groups);
    }
  };
  auto options = check_options(o, err, shard_i, shard_n);
  if (!options) return options.error();
  options.value().stop_requested.ask = interrupted;
  // A worker of --jobs with --stop-after asks its parent before the next
  // game whenever it has found another failing game, and looks for the
  // parent's word before every game: the failing games of all the workers
  // count towards the one limit.
  std::uint64_t asked_at = 0;
  bool told_stop = false;
  if (o.shared_stop)
    options.value().shared_stop.ask = [&](const check::Stats& s) {
      if (told_stop) return true;
      if (s.failing_games > asked_at) {
        asked_at = s.failing_games;
        out << worker_line("ask", s, groups_now) << std::flush;
        told_stop = parent_says_stop(true);
      } else {
        told_stop = parent_says_stop(false);
      }
      return told_stop;
    };
  auto result = check::run_check(*started.probe, *options, progress);
  if (!result) return result.error();
  line.finish(result->stats, groups_of(*result));
  result.value().command = o.engine;
  // The engine is stopped before the report is written.
  started.probe.reset();
  if (result->stats.interrupted)
    result.value().stats.signal = interrupt::signal_name(interrupt::received());
  return std::move(*result);
}

// A report of no game and no finding (a run interrupted at its start).
bool checked_nothing(const check::CheckResult& r) {
  return r.stats.games == 0 && r.findings.empty() && r.deviations.empty() && r.notation.empty();
}

struct Worker {
  pid_t pid = -1;
  int out = -1;  // its stdout: progress lines
  int in = -1;   // its stdin, with --stop-after: the parent's word
  bool told_stop = false;
  std::string buffer;
  std::string json;
  check::Stats last;
  std::size_t groups = 0;
};

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

Expected<check::CheckResult> check_jobs(const CheckCli& o, std::uint32_t shard_i,
                                        std::uint32_t shard_n, std::ostream& err,
                                        const ProgressPlan& plan) {
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
  std::vector<Worker> workers(static_cast<std::size_t>(o.jobs));
  std::string failure;
  for (std::size_t j = 0; j < workers.size() && !interrupted(); ++j) {
    Worker& w = workers[j];
    w.json = (tmp / fmt::format("shard-{}.json", j)).string();
    // Shard I/N of the campaign, split J ways: games with g % (N*J) == I + N*j.
    const std::uint64_t n = std::uint64_t(shard_n) * workers.size();
    const std::uint64_t i = shard_i + std::uint64_t(shard_n) * j;
    std::vector<std::string> args{"bao-oracle",      "check",
                                  "--engine",        o.engine,
                                  "--ruleset",       o.ruleset,
                                  "--seed",          std::to_string(o.seed),
                                  "--shard",         fmt::format("{}/{}", i, n),
                                  "--json-out",      w.json,
                                  "--timeout-ms",    std::to_string(o.timeout_ms),
                                  "--progress-lines"};
    if (o.time > 0) {
      args.insert(args.end(), {"--time", fmt::format("{}", o.time)});
    } else {
      args.insert(args.end(), {"--games", std::to_string(o.games)});
    }
    if (o.stop_after)
      args.insert(args.end(), {"--stop-after", std::to_string(*o.stop_after), "--shared-stop"});
    if (o.budget > 0) {
      // The budget shared out: worker j takes its part, the first ones the rest.
      const std::uint64_t part = o.budget / workers.size() + (j < o.budget % workers.size());
      args.insert(args.end(), {"--budget", std::to_string(std::max<std::uint64_t>(part, 1))});
    }
    args.insert(args.end(), {"--search", o.search});
    if (!o.accept_file.empty()) args.insert(args.end(), {"--accept", o.accept_file});
    if (!o.given.empty())
      args.insert(args.end(), {"--given", fmt::format("{}", fmt::join(o.given, ","))});
    if (!o.log.empty()) {
      // Each worker writes its own part, on the parent's clock, its share
      // of the limit (the parent's index is a share too).
      const std::string part = log_part(o, j);
      if (auto ok = check_output_file(part); !ok) {
        failure = fmt::format("--log: {}", ok.error().message);
        break;
      }
      note(o, fmt::format("worker {}: games g with g % {} == {}, in {}", j, n, i, part));
      args.insert(args.end(),
                  {"--log", part, "--log-limit",
                   std::to_string(std::max<std::uint64_t>(o.log_limit / (workers.size() + 1),
                                                          protocol::Transcript::kMinLimit)),
                   "--log-epoch", std::to_string(o.log_epoch)});
    }
    if (o.accept_others) args.emplace_back("--accept-others");
    if (o.no_corpus) args.emplace_back("--no-corpus");
    if (o.strict_reachability) args.emplace_back("--strict-reachability");
    for (const std::string& c : o.corpus) args.insert(args.end(), {"--corpus", c});
    int fds[2];
    int word[2] = {-1, -1};
    if (::pipe2(fds, O_CLOEXEC) != 0 || (o.stop_after && ::pipe2(word, O_CLOEXEC) != 0)) {
      failure = fmt::format("cannot create a pipe: {}", std::strerror(errno));
      break;
    }
    ChildSpec child;
    child.argv = std::move(args);
    child.file = "/proc/self/exe";
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
  ProgressLine line((o.progress || ::isatty(2)) && failure.empty(), plan);
  const auto started_at = std::chrono::steady_clock::now();
  auto totals = [&] {
    check::Stats total;
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
      kill_at = std::chrono::steady_clock::now() + kWorkerGrace;
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
        char kind[9] = {};
        unsigned long long g = 0, pos = 0, fails = 0, groups = 0, requests = 0, followup = 0;
        if (std::sscanf(w.buffer.c_str(), "%8s %llu %llu %llu %llu %llu %llu", kind, &g, &pos,
                        &fails, &groups, &requests, &followup) == 7) {
          w.last.games = g;
          w.last.positions = pos;
          w.last.failing_games = fails;
          w.last.requests = requests;
          w.last.followup_requests = followup;
          // Then what the worker's games met, clauses and boundary sides.
          std::istringstream fields(w.buffer.substr(0, nl));
          std::string skip, clauses, boundaries, switches;
          for (int k = 0; k < 7; ++k) fields >> skip;
          if (fields >> clauses >> boundaries >> switches) {
            check::add_coverage_ids(clauses, w.last.clause_coverage);
            check::add_coverage_ids(boundaries, w.last.boundary_coverage);
            check::add_coverage_ids(switches, w.last.switch_coverage);
          }
          w.groups = groups;
          // The limit reached by all the workers together: none starts
          // another game.
          if (o.stop_after && totals().failing_games >= *o.stop_after)
            for (Worker& other : workers) tell(other, 's');
          if (std::string_view(kind) == "ask") tell(w, 'g');
        }
        w.buffer.erase(0, nl + 1);
      }
    }
    std::size_t groups = 0;
    for (const Worker& w : workers) groups += w.groups;
    line.show(totals(), groups);
  }
  std::vector<check::CheckResult> parts;
  check::MergeOptions joined;
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
    const bool stopped = exited && WEXITSTATUS(status) > kExitSignalBase;
    const std::string how =
        exited ? fmt::format("exit status {}", WEXITSTATUS(status))
               : fmt::format("killed by {}", interrupt::signal_name(WTERMSIG(status)));
    if (!exited || (WEXITSTATUS(status) > kExitFindings && !stopped)) {
      if (interrupted()) {
        // What the others found is still reported.
        line.done();
        err << fmt::format(
                   "bao-oracle: worker {} ended without its report ({}); its games are "
                   "missing from the report\n",
                   j, how)
            << std::flush;
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
    auto part = check::from_json(*text, w.json);
    if (!part) {
      if (failure.empty()) failure = part.error().message;
      continue;
    }
    // Interrupted before its engine answered, a worker knows neither the
    // engine's name nor the corpus, and played no game: no shard to compare
    // with the others. Its games are missing, as a worker's that wrote none.
    if (interrupted() && checked_nothing(*part)) continue;
    // The worker's share of --budget is not an option of the run.
    part.value().options.request_budget = o.budget;
    parts.push_back(std::move(*part));
    joined.names.push_back(fmt::format("worker {}", j));
  }
  fs::remove_all(tmp, ec);
  if (!failure.empty()) return Error{failure};
  if (parts.empty() && interrupted()) return interrupted_at_start(o, shard_i, shard_n);
  // An interrupted run reports what the workers wrote, the missing ones named above.
  joined.allow_missing = interrupted();
  auto merged = check::merge(parts, joined);
  if (!merged) return merged.error();
  if (interrupted()) {
    merged.value().stats.interrupted = true;
    merged.value().stats.signal = interrupt::signal_name(interrupt::received());
  }
  // The final figures are the merged report's: a deviation two workers
  // found is one group.
  line.finish(merged->stats, groups_of(*merged));
  return std::move(*merged);
}

// One ruleset checked, in this process or by --jobs workers.
Expected<check::CheckResult> check_ruleset(const CheckCli& o, std::uint32_t shard_i,
                                           std::uint32_t shard_n, std::ostream& out,
                                           std::ostream& err, const ProgressPlan& plan) {
  if (o.jobs > 1 && !o.game) return check_jobs(o, shard_i, shard_n, err, plan);
  return check_one(o, shard_i, shard_n, out, err, plan);
}

// The worse of two exit statuses: an interruption (128 + N), then an
// internal error (3), a usage, input or start-up failure (2), findings (1),
// success (0).
int worse(int a, int b) {
  auto rank = [](int status) { return status > kExitSignalBase ? kExitSignalBase : status; };
  return rank(b) > rank(a) ? b : a;
}

// `finish` for --ruleset all (and the merge of such reports): the reports
// asked for, the summary, and the worst exit status of the rulesets. A
// ruleset the engine could not be checked under is named on stderr; the
// summary of the others still goes to stdout.
int finish_all(check::AllResult a, const CheckCli& o, std::ostream& out, std::ostream& err) {
  if (!o.command_line.empty()) {
    a.provenance.command = o.command_line;
    for (check::CheckResult& r : a.runs) r.provenance.command = o.command_line;
  }
  if (!o.json_out.empty()) {
    auto w = write_file_atomic(o.json_out, check::to_json(a));
    if (!w) return fail(err, w.error().message);
  }
  if (!o.report_dir.empty()) {
    auto w = check::write_report(a, o.report_dir);
    if (!w) return fail(err, w.error().message);
  }
  int status = 0;
  for (const check::CheckResult& r : a.runs) status = worse(status, exit_status(r));
  if (interrupted()) status = worse(status, kExitSignalBase + interrupt::received());
  for (const check::CheckResult& r : a.runs) {
    CheckCli one = o;
    one.ruleset = r.options.ruleset;
    one.log_per_ruleset = true;
    note_findings(r, one, r.options.ruleset + ": ");
  }
  for (const check::CheckResult& r : a.runs)
    if (check::failed_at_start(r))
      for (const check::Finding& f : r.findings)
        if (f.position.empty())
          err << "bao-oracle: "
              << printable(fmt::format("--engine: the engine could not be checked under {}: {}",
                                       r.options.ruleset, f.actual))
              << '\n'
              << std::flush;
  out << check::summary_text(a);
  if (!o.report_dir.empty())
    out << fmt::format(
        "report written to {}/summary.md (also index.html, junit.xml, report.json and a folder "
        "per ruleset)\n",
        o.report_dir);
  out << std::flush;
  return status;
}

// --ruleset all: the engine's `rulesets` asked in a handshake of its own,
// then each of them that this oracle knows checked in turn, in the
// catalogue's order, each as `--ruleset R` with the same options would be.
int run_all(const CheckCli& o, std::uint32_t shard_i, std::uint32_t shard_n, std::ostream& out,
            std::ostream& err) {
  auto argv = protocol::split_command(o.engine);
  if (!argv) return fail(err, argv.error().message);
  check::AllResult a;
  a.command = o.engine;
  {
    protocol::EngineOptions engine;
    engine.argv = std::move(*argv);
    engine.timeout = std::chrono::milliseconds(o.timeout_ms);
    engine.wake_fd = interrupt::wake_fd();
    engine.transcript = o.transcript;
    protocol::EngineClient client(std::move(engine));
    auto info = client.start();
    if (interrupted()) {
      err << "bao-oracle: interrupted before any ruleset was checked\n" << std::flush;
      return kExitSignalBase + interrupt::received();
    }
    if (!info)
      return fail(err, fmt::format("--engine: the engine could not be checked: {} (expected the "
                                   "handshake: protocol 1, name, rulesets)",
                                   protocol::describe(info.fault())));
    a.engine = info->name;
    a.listed = info->rulesets;
  }
  auto listed = [&](std::string_view id) {
    return std::find(a.listed.begin(), a.listed.end(), id) != a.listed.end();
  };
  std::vector<const Ruleset*> to_check;
  for (const Ruleset* r : all_rulesets()) {
    if (listed(r->id))
      to_check.push_back(r);
    else
      a.not_listed.emplace_back(r->id);
  }
  for (const std::string& id : a.listed)
    if (!find_ruleset(id) && std::find(a.unknown.begin(), a.unknown.end(), id) == a.unknown.end())
      a.unknown.push_back(id);
  if (to_check.empty())
    return fail(err, fmt::format("--ruleset all: the engine '{}' lists none of the rulesets this "
                                 "oracle knows (it lists: {}; see bao-oracle rulesets)",
                                 a.engine,
                                 a.listed.empty() ? "nothing"
                                                  : fmt::format("{}", fmt::join(a.listed, " "))));
  // Every accept entry must hold for some ruleset checked, and each
  // ruleset's entries must combine: said before any ruleset is checked.
  if (!o.accept_file.empty()) {
    auto entries = check::read_accept_entries(o.accept_file);
    if (!entries) return fail(err, entries.error().message);
    std::string names;
    for (const Ruleset* r : to_check) append_item(names, ", ", r->id);
    for (const check::AcceptEntry& e : *entries)
      if (std::none_of(to_check.begin(), to_check.end(), [&](const Ruleset* r) {
            return check::accept_holds_for(e, *r) && check::accept_fits(e, *r);
          }))
        return fail(err, fmt::format("--accept: {}: '{}' is no {} of any ruleset checked ({})",
                                     e.id_where, e.switch_id.empty() ? e.clause : e.switch_id,
                                     e.switch_id.empty() ? "clause" : "switch", names));
    for (const Ruleset* r : to_check) {
      check::CheckOptions c;
      if (auto ok = apply_accept(*entries, *r, false, c); !ok) return fail(err, ok.error().message);
    }
  }
  for (std::size_t k = 0; k < to_check.size(); ++k) {
    const std::string id(to_check[k]->id);
    if (interrupted()) {
      a.not_reached.push_back(id);
      continue;
    }
    CheckCli one = o;
    one.ruleset = id;
    one.accept_others = true;
    one.log_per_ruleset = true;
    note(o, fmt::format("ruleset {}", id));
    const ProgressPlan plan = progress_plan(one, shard_i, shard_n,
                                            fmt::format("[{}/{} {}] ", k + 1, to_check.size(), id));
    auto r = check_ruleset(one, shard_i, shard_n, out, err, plan);
    if (!r) return fail(err, fmt::format("{}: {}", id, r.error().message));
    a.runs.push_back(std::move(*r));
  }
  a.provenance = this_build("per-ruleset", o.command_line);
  return finish_all(std::move(a), o, out, err);
}

}  // namespace

CheckCommands add_check_commands(CLI::App& app, CheckCli& o) {
  CheckCommands c;
  c.check = app.add_subcommand("check", "Fuzz an external engine against the oracle");
  c.check->add_option("--engine", o.engine, "The engine's command line (run without a shell)")
      ->required();
  c.check
      ->add_option("--ruleset", o.ruleset,
                   "Ruleset id (see `bao-oracle rulesets`), or `all`: every ruleset the engine "
                   "lists, one after another")
      ->required();
  c.check->add_option("--seed", o.seed, "Seed of the random games")->capture_default_str();
  auto* games = c.check->add_option("--games", o.games, "Number of games to play")
                    ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
                    ->capture_default_str();
  c.check->add_option("--time", o.time, "Play games for this many seconds instead")
      ->check(CLI::Range(0.001, 1e7))
      ->excludes(games);
  c.check->add_option("--jobs", o.jobs, "Engine processes to run in parallel")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  c.check->add_option("--shard", o.shard, "Play only shard I of N (I/N, 0-based) of the games");
  c.check->add_option(
      "--report", o.report_dir,
      "Write report.md, report.html, report.json, junit.xml and witnesses/*.yaml here");
  c.check->add_option("--json-out", o.json_out, "Also write the JSON report to this file");
  c.check->add_option("--timeout-ms", o.timeout_ms, "Time limit for each engine response")
      ->check(CLI::Range(1, 3'600'000))
      ->capture_default_str();
  c.check->add_option("--stop-after", o.stop_after, "Stop after this many failing games")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  c.check->add_option("--corpus", o.corpus,
                      "Scenario files or folders whose positions start some games (default: "
                      "the scenarios/ folder found as docs/install.md says)");
  auto* no_corpus = c.check->add_flag("--no-corpus", o.no_corpus,
                                      "Start games only from the start or random positions");
  c.check
      ->add_option("--corpus-hash", o.corpus_hash,
                   "Refuse to run unless the corpus hashes to this (a report's provenance; the "
                   "reproduction commands give it)")
      ->excludes(no_corpus);
  c.check->add_option("--game", o.game, "Replay only this game (from a finding's reproduction)");
  c.check->add_option("--budget", o.budget, "Stop after this many engine requests")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 50));
  c.check
      ->add_option("--search", o.search,
                   "How games are chosen: coverage (most start where the plan of clauses, "
                   "boundaries and switches says) or random (docs/checker.md, \"Search\")")
      ->check(CLI::IsMember({"coverage", "random"}))
      ->capture_default_str();
  c.check->add_option("--accept", o.accept_file,
                      "YAML file of accepted deviations (switch or clause ids, each with a "
                      "reason): modelled, listed, and not failing the run");
  c.check
      ->add_option("--given", o.given,
                   "Switches modelled from the start of every game, not accepted (a probe "
                   "round's reproduction gives them; see bao-oracle switches R)")
      ->delimiter(',');
  c.check->add_flag("--strict-reachability", o.strict_reachability,
                    "Fail the run also for what was shown only on boards no game of the ruleset "
                    "reaches (docs/checker.md, \"Reachable evidence\")");
  c.check->add_flag("--progress", o.progress,
                    "Show the progress line on stderr even when it is not a terminal");
  auto* log_option = c.check->add_option(
      "--log", o.log,
      "Write the transcript of the engine exchange here: every request and answer line, "
      "timed, with the engine's starts, faults and ends (with --jobs, FILE.workerJ per worker)");
  c.check
      ->add_option("--log-limit", o.log_limit,
                   "Cut the transcript (one last line says so) before it passes this many bytes")
      ->check(CLI::Range(protocol::Transcript::kMinLimit, std::uint64_t{1} << 50))
      ->capture_default_str()
      ->needs(log_option);
  c.check->add_option("--log-epoch", o.log_epoch, "(internal) a worker's transcript clock")
      ->group("");
  c.check->add_flag("--progress-lines", o.progress_lines, "(internal) worker progress on stdout")
      ->group("");
  c.check
      ->add_flag("--shared-stop", o.shared_stop,
                 "(internal) a worker asks its parent on stdin before each game (--stop-after)")
      ->group("");
  c.check
      ->add_flag("--accept-others", o.accept_others,
                 "(internal) accept entries of other rulesets are left out (--ruleset all)")
      ->group("");
  c.report = app.add_subcommand("report", "Work with check reports");
  c.merge = c.report->add_subcommand("merge", "Join the JSON reports of shards into one");
  c.merge->add_option("REPORT", o.merge_inputs, "report.json files of the shards")->required();
  c.merge->add_option("--report", o.report_dir, "Write the merged report files here");
  c.report->require_subcommand(1);
  return c;
}

int run_check_command(const CheckCli& o, std::ostream& out, std::ostream& err) {
  const bool all = o.ruleset == "all";
  if (!all && !find_ruleset(o.ruleset)) {
    std::string known;
    for (const Ruleset* r : all_rulesets()) append_item(known, ", ", r->id);
    return fail(
        err, fmt::format("--ruleset: unknown ruleset '{}' (known: {}; or all)", o.ruleset, known));
  }
  // A reproduction replays one game of one ruleset; a corpus hash is one
  // ruleset's corpus.
  if (all && o.game)
    return fail(err,
                "--game: a reproduction replays one game of one ruleset: give its --ruleset "
                "(the reproduction commands name it), not all");
  if (all && !o.given.empty())
    return fail(err,
                "--given: the switches are one ruleset's: give its --ruleset (the reproduction "
                "commands name it), not all");
  if (all && !o.corpus_hash.empty())
    return fail(err,
                "--corpus-hash: each ruleset has a corpus of its own: give the hash with the "
                "--ruleset it was made for (the reproduction commands do), not all");
  std::uint32_t shard_i = 0, shard_n = 1;
  if (!o.shard.empty()) {
    auto s = parse_shard_option(o.shard);
    if (!s) return fail(err, s.error().message);
    std::tie(shard_i, shard_n) = *s;
  }
  // Bad options are reported before any engine starts, and so are output
  // paths that could not be written at the end.
  if (!o.json_out.empty())
    if (auto ok = check_output_file(o.json_out); !ok)
      return fail(err, fmt::format("--json-out: {}", ok.error().message));
  if (!o.report_dir.empty())
    if (auto ok = check_output_folder(o.report_dir); !ok)
      return fail(err, fmt::format("--report: {}", ok.error().message));
  if (!o.log.empty())
    if (auto ok = check_output_file(o.log); !ok)
      return fail(err, fmt::format("--log: {}", ok.error().message));
  if (o.corpus.empty() && !o.no_corpus)
    if (auto found = default_scenario_folder(); !found) return fail(err, found.error().message);
  if (!o.accept_file.empty()) {
    auto entries = check::read_accept_entries(o.accept_file);
    if (!entries) return fail(err, entries.error().message);
    check::CheckOptions accepted;
    if (!all)
      if (auto ok = apply_accept(*entries, *find_ruleset(o.ruleset), !o.accept_others, accepted);
          !ok)
        return fail(err, ok.error().message);
  }
  if (!all && !o.given.empty()) {
    const Ruleset& rules = *find_ruleset(o.ruleset);
    std::vector<Switch> given;
    for (const std::string& id : o.given) {
      auto sw = find_switch(rules, id);
      if (!sw)
        return fail(err, fmt::format("--given: '{}' is no switch of {} (see `bao-oracle switches "
                                     "{}`)",
                                     id, rules.id, rules.id));
      given.push_back(*sw);
    }
    if (auto combined = apply_switches(rules, given); !combined)
      return fail(err, fmt::format("--given: the switches cannot be combined under {}: {}",
                                   rules.id, combined.error().message));
  }
  CheckCli run = o;
  if (!o.log.empty()) {
    // A worker's part counts from its parent's start; the parts are shares
    // of the limit, and so is the parent's own file (the index).
    using Clock = protocol::Transcript::Clock;
    const Clock::time_point epoch =
        o.log_epoch >= 0 ? Clock::time_point(std::chrono::nanoseconds(o.log_epoch)) : Clock::now();
    const std::uint64_t limit =
        by_workers(o) ? o.log_limit / (static_cast<std::uint64_t>(o.jobs) + 1) : o.log_limit;
    auto opened = protocol::Transcript::open(o.log, limit, epoch);
    if (!opened) return fail(err, fmt::format("--log: {}", opened.error().message));
    run.transcript = *opened;
    run.log_epoch =
        std::chrono::duration_cast<std::chrono::nanoseconds>(epoch.time_since_epoch()).count();
    note(run,
         fmt::format("transcript of {}",
                     o.command_line.empty() ? std::string("bao-oracle check") : o.command_line));
  }
  // From here on an interruption (SIGINT, SIGTERM, SIGHUP) stops the run
  // and its engines and writes what was found so far.
  interrupt::install();
  int status = 0;
  if (all) {
    status = run_all(run, shard_i, shard_n, out, err);
  } else if (auto result = check_ruleset(run, shard_i, shard_n, out, err,
                                         progress_plan(run, shard_i, shard_n))) {
    status = finish(std::move(*result), run, out, err);
  } else {
    status = fail(err, result.error().message);
  }
  note_end(run, status);
  return status;
}

int run_report_merge(const CheckCli& o, std::ostream& out, std::ostream& err) {
  namespace fs = std::filesystem;
  // The same file twice, however it is spelled (a/../a.json, a link).
  for (std::size_t a = 0; a < o.merge_inputs.size(); ++a)
    for (std::size_t b = a + 1; b < o.merge_inputs.size(); ++b) {
      std::error_code ec;
      if (o.merge_inputs[a] == o.merge_inputs[b] ||
          fs::equivalent(o.merge_inputs[a], o.merge_inputs[b], ec))
        return fail(err, fmt::format("report merge: {} is given twice (as REPORT {} and {})",
                                     o.merge_inputs[b], a + 1, b + 1));
    }
  // Divergence reports (`diverge --shard I/N`) merge into a report folder
  // of their own kind; a check report among them is not a shard of theirs.
  const std::string* divergence = nullptr;  // the first divergence report
  const std::string* other = nullptr;       // the first other file
  for (const std::string& path : o.merge_inputs) {
    auto text = read_file(path);
    if (!text) return fail(err, text.error().message);
    const std::string*& first = diverge::is_report_json(*text) ? divergence : other;
    if (first == nullptr) first = &path;
  }
  if (divergence != nullptr && other == nullptr)
    return diverge::run_merge_command(o.merge_inputs, o.report_dir, out, err);
  if (divergence != nullptr)
    return fail(err, fmt::format("report merge: {} and {} are not shards of one run: the first "
                                 "is a divergence report (diverge), the other is not",
                                 *divergence, *other));
  std::vector<check::CheckResult> parts;
  std::vector<check::AllResult> all_parts;
  check::MergeOptions how;
  for (const std::string& path : o.merge_inputs) {
    auto text = read_file(path);
    if (!text) return fail(err, text.error().message);
    // The reports of `check --ruleset all` merge with each other, ruleset
    // by ruleset; not with the report of one ruleset.
    const bool all = check::is_all_json(*text);
    if (&path != &o.merge_inputs.front() && all != !all_parts.empty())
      return fail(err, fmt::format("report merge: {} and {} are not shards of one run: one is a "
                                   "--ruleset all report, the other is not (its rulesets' "
                                   "reports are DIR/RULESET/report.json)",
                                   o.merge_inputs.front(), path));
    if (all) {
      auto part = check::all_from_json(*text, path);
      if (!part) return fail(err, part.error().message);
      all_parts.push_back(std::move(*part));
      how.names.push_back(path);
      continue;
    }
    auto part = check::from_json(*text, path);
    if (!part) return fail(err, part.error().message);
    parts.push_back(std::move(*part));
    how.names.push_back(path);
  }
  CheckCli none;
  none.report_dir = o.report_dir;
  none.command_line = o.command_line;
  if (!all_parts.empty()) {
    auto merged = check::merge_all(all_parts, how);
    if (!merged) return fail(err, fmt::format("report merge: {}", merged.error().message));
    return finish_all(std::move(*merged), none, out, err);
  }
  // Every shard of the run, each once: the merge is the whole run.
  auto merged = check::merge(parts, how);
  if (!merged) return fail(err, fmt::format("report merge: {}", merged.error().message));
  return finish(*merged, none, out, err);
}

}  // namespace bao::cli
