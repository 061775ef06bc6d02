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

#include "oracle/checker/check.hpp"
#include "oracle/checker/engine_probe.hpp"
#include "oracle/core/data.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/process.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/core/ruleset.hpp"
#include "oracle/core/text.hpp"
#include "oracle/rules/switches.hpp"

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

int fail(std::ostream& err, std::string_view message) {
  // One line, whatever bytes an engine or a path put in the message.
  err << "bao-oracle: " << printable(message) << '\n' << std::flush;
  return kExitInput;
}

Expected<std::pair<std::uint32_t, std::uint32_t>> parse_shard(const std::string& s) {
  const auto slash = s.find('/');
  try {
    if (slash != std::string::npos) {
      std::size_t a = 0, b = 0;
      const unsigned long i = std::stoul(s.substr(0, slash), &a);
      const unsigned long n = std::stoul(s.substr(slash + 1), &b);
      if (a == slash && b == s.size() - slash - 1 && n >= 1 && i < n && n <= 1'000'000)
        return std::pair{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n)};
    }
  } catch (const std::exception&) {
  }
  return Error{fmt::format("--shard: expected I/N with 0 <= I < N, got '{}'", s)};
}

// Shows progress on a terminal, one line rewritten in place.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  ~ProgressLine() { done(); }
  void show(const check::Stats& s, std::size_t groups) {
    if (!enabled_) return;
    const std::string line =
        fmt::format("\r{} games, {} positions, {} findings ({} groups), {:.0f} positions/s   ",
                    s.games, s.positions, s.failing_games, groups,
                    s.seconds > 0 ? double(s.positions) / s.seconds : 0.0);
    (void)!::write(2, line.data(), line.size());
    shown_ = true;
  }
  void done() {
    if (shown_) (void)!::write(2, "\n", 1);
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
};

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
    out << fmt::format("report written to {}/report.md (also report.json, junit.xml{})\n",
                       o.report_dir,
                       r.findings.empty() && r.deviations.empty() ? "" : ", witnesses/");
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

// Reads the --accept file: a YAML map with one key, `accept`, a list of
// entries each naming a `switch` (a switch id of the ruleset, modelled
// from the start) or a `clause` (deviations on it are accepted however
// they are found), and a non-empty `reason`.
Expected<bool> read_accept_file(const std::string& path, const Ruleset& rules,
                                check::CheckOptions& c) {
  auto text = read_file(path, std::size_t{1} << 20);  // an accept list is a few lines
  if (!text) return Error{fmt::format("--accept: {}", text.error().message)};
  YAML::Node root;
  try {
    root = YAML::Load(*text);
  } catch (const YAML::Exception& e) {
    return Error{
        fmt::format("--accept: {}:{}:{}: {}", path, e.mark.line + 1, e.mark.column + 1, e.msg)};
  }
  auto where = [&](const YAML::Node& n) {
    return fmt::format("{}:{}", path, n.Mark().line >= 0 ? n.Mark().line + 1 : 0);
  };
  if (!root.IsMap() || !root["accept"] || !root["accept"].IsSequence())
    return Error{fmt::format("--accept: {}: expected a map with an `accept` list", path)};
  for (const auto& key : root)
    if (key.first.as<std::string>() != "accept")
      return Error{fmt::format("--accept: {}: unknown key '{}'", where(key.first),
                               key.first.as<std::string>())};
  try {
    for (const YAML::Node& e : root["accept"]) {
      if (!e.IsMap())
        return Error{
            fmt::format("--accept: {}: each entry is a map with switch or clause, "
                        "and reason",
                        where(e))};
      for (const auto& key : e) {
        const std::string k = key.first.as<std::string>();
        if (k != "switch" && k != "clause" && k != "reason")
          return Error{fmt::format("--accept: {}: unknown key '{}' (switch, clause, reason)",
                                   where(key.first), k)};
      }
      const std::string reason = e["reason"] ? e["reason"].as<std::string>() : "";
      if (reason.empty())
        return Error{fmt::format("--accept: {}: every entry needs a reason", where(e))};
      if (e["switch"] && e["clause"])
        return Error{fmt::format("--accept: {}: name a switch or a clause, not both", where(e))};
      if (e["switch"]) {
        const std::string id = e["switch"].as<std::string>();
        if (!find_switch(rules, id))
          return Error{
              fmt::format("--accept: {}: '{}' is no switch of {} (see `bao-oracle "
                          "switches {}`)",
                          where(e["switch"]), id, rules.id, rules.id)};
        c.accepted.push_back(id);
        c.accept_reasons.push_back(reason);
      } else if (e["clause"]) {
        const std::string id = e["clause"].as<std::string>();
        if (!governs(rules, find_clause(id)))
          return Error{
              fmt::format("--accept: {}: '{}' is no clause of {} (see `bao-oracle "
                          "clauses {}`)",
                          where(e["clause"]), id, rules.id, rules.id)};
        c.accepted_clauses.push_back(id);
        c.accepted_clause_reasons.push_back(reason);
      } else {
        return Error{fmt::format("--accept: {}: an entry names a switch or a clause", where(e))};
      }
    }
  } catch (const YAML::Exception& e) {
    return Error{fmt::format("--accept: {}:{}: {}", path, e.mark.line + 1, e.msg)};
  }
  return true;
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
  if (!o.accept_file.empty()) {
    auto read = read_accept_file(o.accept_file, *find_ruleset(o.ruleset), c);
    if (!read) return read.error();
  }
  return c;
}

// One process's share of the games.
int run_one(const CheckCli& o, std::uint32_t shard_i, std::uint32_t shard_n, std::ostream& out,
            std::ostream& err) {
  auto argv = protocol::split_command(o.engine);
  if (!argv) return fail(err, argv.error().message);
  protocol::EngineOptions engine;
  engine.argv = std::move(*argv);
  engine.timeout = std::chrono::milliseconds(o.timeout_ms);
  engine.wake_fd = interrupt::wake_fd();
  auto started = check::start_engine_probe(std::move(engine), o.ruleset);
  if (interrupted()) return finish(interrupted_at_start(o, shard_i, shard_n), o, out, err);
  // An engine that cannot be started, lacks the ruleset or fails the
  // handshake: exit 2, and the reports asked for say so.
  if (started.usage)
    return finish(
        fault_at_start(o, shard_i, shard_n, check::Fault{"start", started.usage->message}), o, out,
        err);
  if (started.fault)
    return finish(fault_at_start(o, shard_i, shard_n, *started.fault), o, out, err);

  ProgressLine line(!o.progress_lines && (o.progress || ::isatty(2)));
  check::Progress progress = [&](const check::Stats& s, std::size_t groups) {
    if (o.progress_lines) {
      out << fmt::format("progress {} {} {} {}\n", s.games, s.positions, s.failing_games, groups)
          << std::flush;
    } else {
      line.show(s, groups);
    }
  };
  auto options = check_options(o, err, shard_i, shard_n);
  if (!options) return fail(err, options.error().message);
  options.value().stop_requested.ask = interrupted;
  auto result = check::run_check(*started.probe, *options, progress);
  line.done();
  if (!result) return fail(err, result.error().message);
  result.value().command = o.engine;
  // The engine is stopped before the report is written.
  started.probe.reset();
  if (result->stats.interrupted)
    result.value().stats.signal = interrupt::signal_name(interrupt::received());
  return finish(*result, o, out, err);
}

struct Worker {
  pid_t pid = -1;
  int out = -1;
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
// as interrupted.
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

int run_jobs(const CheckCli& o, std::uint32_t shard_i, std::uint32_t shard_n, std::ostream& out,
             std::ostream& err) {
  namespace fs = std::filesystem;
  std::error_code ec;
  remove_stale_worker_folders(fs::temp_directory_path(ec));
  const fs::path tmp = fs::temp_directory_path(ec) / fmt::format("bao-check-{}", ::getpid());
  fs::create_directories(tmp, ec);
  if (ec) return fail(err, fmt::format("cannot create {}: {}", tmp.string(), ec.message()));
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
    if (o.stop_after) args.insert(args.end(), {"--stop-after", std::to_string(*o.stop_after)});
    if (o.budget > 0) {
      // The budget shared out: worker j takes its part, the first ones the rest.
      const std::uint64_t part = o.budget / workers.size() + (j < o.budget % workers.size());
      args.insert(args.end(), {"--budget", std::to_string(std::max<std::uint64_t>(part, 1))});
    }
    if (!o.accept_file.empty()) args.insert(args.end(), {"--accept", o.accept_file});
    if (o.no_corpus) args.emplace_back("--no-corpus");
    for (const std::string& c : o.corpus) args.insert(args.end(), {"--corpus", c});
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      failure = fmt::format("cannot create a pipe: {}", std::strerror(errno));
      break;
    }
    ChildSpec child;
    child.argv = std::move(args);
    child.file = "/proc/self/exe";
    child.null_stdin = true;
    child.out = fds[1];
    child.death_signal = SIGTERM;  // it writes its report and stops its engines
    const auto started = start_child(child);
    ::close(fds[1]);
    if (!started) {
      ::close(fds[0]);
      failure = fmt::format("cannot start a worker: {}", started.error().message);
      break;
    }
    w.pid = *started;
    w.out = fds[0];
  }
  ProgressLine line((o.progress || ::isatty(2)) && failure.empty());
  const auto started_at = std::chrono::steady_clock::now();
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
        ::close(w.out);
        w.out = -1;
        continue;
      }
      w.buffer.append(chunk, static_cast<std::size_t>(got));
      std::size_t nl;
      while ((nl = w.buffer.find('\n')) != std::string::npos) {
        unsigned long long g = 0, pos = 0, fails = 0, groups = 0;
        if (std::sscanf(w.buffer.c_str(), "progress %llu %llu %llu %llu", &g, &pos, &fails,
                        &groups) == 4) {
          w.last.games = g;
          w.last.positions = pos;
          w.last.failing_games = fails;
          w.groups = groups;
        }
        w.buffer.erase(0, nl + 1);
      }
    }
    check::Stats total;
    std::size_t groups = 0;
    for (const Worker& w : workers) {
      total.games += w.last.games;
      total.positions += w.last.positions;
      total.failing_games += w.last.failing_games;
      groups += w.groups;
    }
    total.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at).count();
    line.show(total, groups);
  }
  line.done();
  std::vector<check::CheckResult> parts;
  check::MergeOptions joined;
  joined.shard_index = shard_i;
  joined.shard_count = shard_n;
  for (std::size_t j = 0; j < workers.size(); ++j) {
    Worker& w = workers[j];
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
    // The worker's share of --budget is not an option of the run.
    part.value().options.request_budget = o.budget;
    parts.push_back(std::move(*part));
    joined.names.push_back(fmt::format("worker {}", j));
  }
  fs::remove_all(tmp, ec);
  if (!failure.empty()) return fail(err, failure);
  if (parts.empty() && interrupted())
    return finish(interrupted_at_start(o, shard_i, shard_n), o, out, err);
  // An interrupted run reports what the workers wrote, the missing ones named above.
  joined.allow_missing = interrupted();
  auto merged = check::merge(parts, joined);
  if (!merged) return fail(err, merged.error().message);
  if (interrupted()) {
    merged.value().stats.interrupted = true;
    merged.value().stats.signal = interrupt::signal_name(interrupt::received());
  }
  return finish(*merged, o, out, err);
}

}  // namespace

CheckCommands add_check_commands(CLI::App& app, CheckCli& o) {
  CheckCommands c;
  c.check = app.add_subcommand("check", "Fuzz an external engine against the oracle");
  c.check->add_option("--engine", o.engine, "The engine's command line (run without a shell)")
      ->required();
  c.check->add_option("--ruleset", o.ruleset, "Ruleset id (see `bao-oracle rulesets`)")->required();
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
  c.check->add_option("--report", o.report_dir,
                      "Write report.md, report.json, junit.xml and witnesses/*.yaml here");
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
  c.check->add_option("--accept", o.accept_file,
                      "YAML file of accepted deviations (switch or clause ids, each with a "
                      "reason): modelled, listed, and not failing the run");
  c.check->add_flag("--progress", o.progress,
                    "Show the progress line on stderr even when it is not a terminal");
  c.check->add_flag("--progress-lines", o.progress_lines, "(internal) worker progress on stdout")
      ->group("");
  c.report = app.add_subcommand("report", "Work with check reports");
  c.merge = c.report->add_subcommand("merge", "Join the JSON reports of shards into one");
  c.merge->add_option("REPORT", o.merge_inputs, "report.json files of the shards")->required();
  c.merge->add_option("--report", o.report_dir, "Write the merged report files here");
  c.report->require_subcommand(1);
  return c;
}

int run_check_command(const CheckCli& o, std::ostream& out, std::ostream& err) {
  if (!find_ruleset(o.ruleset)) {
    std::string known;
    for (const Ruleset* r : all_rulesets()) append_item(known, ", ", r->id);
    return fail(err, fmt::format("--ruleset: unknown ruleset '{}' (known: {})", o.ruleset, known));
  }
  std::uint32_t shard_i = 0, shard_n = 1;
  if (!o.shard.empty()) {
    auto s = parse_shard(o.shard);
    if (!s) return fail(err, s.error().message);
    std::tie(shard_i, shard_n) = *s;
  }
  // Bad options are reported before any engine starts.
  if (o.corpus.empty() && !o.no_corpus)
    if (auto found = default_scenario_folder(); !found) return fail(err, found.error().message);
  if (!o.accept_file.empty()) {
    check::CheckOptions accepted;
    if (auto read = read_accept_file(o.accept_file, *find_ruleset(o.ruleset), accepted); !read)
      return fail(err, read.error().message);
  }
  // From here on an interruption (SIGINT, SIGTERM, SIGHUP) stops the run
  // and its engines and writes what was found so far.
  interrupt::install();
  if (o.jobs > 1 && !o.game) return run_jobs(o, shard_i, shard_n, out, err);
  return run_one(o, shard_i, shard_n, out, err);
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
  std::vector<check::CheckResult> parts;
  check::MergeOptions how;
  for (const std::string& path : o.merge_inputs) {
    auto text = read_file(path);
    if (!text) return fail(err, text.error().message);
    auto part = check::from_json(*text, path);
    if (!part) return fail(err, part.error().message);
    parts.push_back(std::move(*part));
    how.names.push_back(path);
  }
  // Every shard of the run, each once: the merge is the whole run.
  auto merged = check::merge(parts, how);
  if (!merged) return fail(err, fmt::format("report merge: {}", merged.error().message));
  CheckCli none;
  none.report_dir = o.report_dir;
  none.command_line = o.command_line;
  return finish(*merged, none, out, err);
}

}  // namespace bao::cli
