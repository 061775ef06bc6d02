// `bao-oracle check`: its options, and the glue between them and the
// library (oracle/checker/): one ruleset in this process or by --jobs
// workers, --ruleset all, the exit status (docs/cli.md, "check").
#include "oracle/cli/check_command.hpp"

#include <poll.h>
#include <unistd.h>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cerrno>
#include <chrono>
#include <ostream>

#include "oracle/checker/check.hpp"
#include "oracle/checker/check_all.hpp"
#include "oracle/checker/worker_progress.hpp"
#include "oracle/checker/workers.hpp"
#include "oracle/cli/check_parts.hpp"
#include "oracle/cli/terminal.hpp"
#include "oracle/core/data.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/process.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/core/text.hpp"
#include "oracle/protocol/engine_probe.hpp"
#include "oracle/protocol/transcript.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::cli {
namespace {

using namespace detail;

Expected<std::pair<std::uint32_t, std::uint32_t>> parse_shard_option(const std::string& s) {
  if (const std::optional<Shard> shard = parse_shard(s))
    return std::pair{shard->index, shard->count};
  return Error{fmt::format("--shard: expected I/N with 0 <= I < N, got '{}'", s)};
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

// Checks one ruleset in this process: the result to report (an engine that
// could not be started, a run interrupted before it began and a complete
// run alike), or an input error.
Expected<check::CheckResult> check_one(const CheckCli& o, check::CheckOptions options,
                                       std::ostream& out, const ProgressPlan& plan) {
  auto argv = protocol::split_command(o.engine);
  if (!argv) return argv.error();
  protocol::EngineOptions engine;
  engine.argv = std::move(*argv);
  engine.timeout = std::chrono::milliseconds(o.timeout_ms);
  engine.wake_fd = interrupt::wake_fd();
  engine.transcript = o.transcript;
  auto started = protocol::start_engine_probe(std::move(engine), options.ruleset);
  if (interrupted()) return interrupted_at_start(o, options);
  // An engine that cannot be started, lacks the ruleset or fails the
  // handshake: exit 2, and the reports asked for say so.
  if (started.fault) return fault_at_start(o, options, *started.fault);

  ProgressLine line(!o.progress_lines && (o.progress || ::isatty(2)), plan);
  std::size_t groups_now = 0;
  check::Progress progress = [&](const check::Stats& s, std::size_t groups) {
    groups_now = groups;
    if (o.progress_lines) {
      out << check::worker_progress_line("progress", s, groups) << std::flush;
    } else {
      line.show(s, groups);
    }
  };
  options.stop_requested.ask = interrupted;
  // A worker of --jobs with --stop-after asks its parent before the next
  // game whenever it has found another failing game, and looks for the
  // parent's word before every game: the failing games of all the workers
  // count towards the one limit.
  std::uint64_t asked_at = 0;
  bool told_stop = false;
  if (o.shared_stop)
    options.shared_stop.ask = [&](const check::Stats& s) {
      if (told_stop) return true;
      if (s.failing_games > asked_at) {
        asked_at = s.failing_games;
        out << check::worker_progress_line("ask", s, groups_now) << std::flush;
        told_stop = parent_says_stop(true);
      } else {
        told_stop = parent_says_stop(false);
      }
      return told_stop;
    };
  auto result = check::run_check(*started.probe, options, progress);
  if (!result) return result.error();
  line.finish(result->stats, groups_of(*result));
  result.value().command = o.engine;
  // The engine is stopped before the report is written.
  started.probe.reset();
  if (result->stats.interrupted)
    result.value().stats.signal = interrupt::signal_name(interrupt::received());
  return std::move(*result);
}

// --jobs J: the run played by J workers, each this program as
// `check --worker-options FILE` (check::run_workers); the progress line is
// theirs together, and the final figures the merged report's.
Expected<check::CheckResult> check_jobs(const CheckCli& o, const check::CheckOptions& c,
                                        std::ostream& err, const ProgressPlan& plan) {
  check::WorkerSetup setup;
  setup.jobs = static_cast<std::size_t>(o.jobs);
  setup.stop_after = o.request.stop_after;
  setup.command = [&](const check::WorkerFiles& w) -> Expected<std::vector<std::string>> {
    std::vector<std::string> args{"bao-oracle",       "check",        "--engine",
                                  o.engine,           "--ruleset",    c.ruleset,
                                  "--worker-options", w.options_file, "--json-out",
                                  w.report_file,      "--timeout-ms", std::to_string(o.timeout_ms),
                                  "--progress-lines"};
    if (o.request.stop_after) args.emplace_back("--shared-stop");
    if (!o.log.empty()) {
      // Each worker writes its own part, on the parent's clock, its share
      // of the limit (the parent's index is a share too).
      const std::string part = log_part(o, w.j);
      if (auto ok = check_output_file(part); !ok)
        return Error{fmt::format("--log: {}", ok.error().message)};
      note(o, fmt::format("worker {}: games g with g % {} == {}, in {}", w.j, w.n, w.i, part));
      args.insert(args.end(),
                  {"--log", part, "--log-limit",
                   std::to_string(std::max<std::uint64_t>(o.log_limit / (setup.jobs + 1),
                                                          protocol::Transcript::kMinLimit)),
                   "--log-epoch", std::to_string(o.log_epoch)});
    }
    return args;
  };
  ProgressLine line(o.progress || ::isatty(2), plan);
  setup.progress = [&](const check::Stats& s, std::size_t groups) { line.show(s, groups); };
  setup.warn = [&](const std::string& text) {
    line.done();
    err << "bao-oracle: " << text << '\n' << std::flush;
  };
  auto merged = check::run_workers(c, setup);
  if (!merged) return merged.error();
  if (!*merged) return interrupted_at_start(o, c);
  // The final figures are the merged report's: a deviation two workers
  // found is one group.
  line.finish(merged->value().stats, groups_of(**merged));
  return std::move(**merged);
}

// One ruleset checked, in this process or by --jobs workers.
Expected<check::CheckResult> check_ruleset(const CheckCli& o, check::CheckOptions options,
                                           std::ostream& out, std::ostream& err,
                                           const ProgressPlan& plan) {
  if (by_workers(o)) return check_jobs(o, options, err, plan);
  return check_one(o, std::move(options), out, plan);
}

// The options of `rules`'s run: the plan's, each scenario file that does
// not load named on stderr (it is left out of the corpus).
void say_left_out(std::ostream& err, const std::string& error) {
  err << "bao-oracle: --corpus: input error, left out: " << printable(error) << '\n';
}

Expected<check::CheckOptions> options_of(const check::CheckPlan& plan, const Ruleset& rules,
                                         std::ostream& err) {
  std::vector<std::string> left_out;
  auto options = check::options_for(plan, rules, &left_out);
  for (const std::string& e : left_out) say_left_out(err, e);
  return options;
}

// --ruleset all: the engine's `rulesets` asked in a handshake of its own,
// then each of them that this oracle knows checked in turn, in the
// catalogue's order, each as `--ruleset R` with the same options would be.
int run_all(const CheckCli& o, const check::CheckPlan& check_plan, std::ostream& out,
            std::ostream& err) {
  auto argv = protocol::split_command(o.engine);
  if (!argv) return fail(err, argv.error().message);
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
  client.stop();
  check::AllHooks hooks;
  hooks.stop = interrupted;
  hooks.note = [&](std::string_view text) { note(o, text); };
  hooks.left_out = [&](const std::string& e) { say_left_out(err, e); };
  hooks.check = [&](check::CheckOptions options, std::size_t k, std::size_t n) {
    CheckCli one = o;
    one.request.ruleset = options.ruleset;
    one.log_per_ruleset = true;
    const ProgressPlan plan =
        progress_plan(options, fmt::format("[{}/{} {}] ", k + 1, n, options.ruleset));
    return check_ruleset(one, std::move(options), out, err, plan);
  };
  auto a = check::check_all(check_plan, info->name, info->rulesets, hooks);
  if (!a) return fail(err, a.error().message);
  a.value().command = o.engine;
  a.value().provenance = this_build("per-ruleset", o.command_line);
  return finish_all(std::move(*a), o, out, err);
}

}  // namespace

CheckCommands add_check_commands(CLI::App& app, CheckCli& o) {
  CheckCommands c;
  c.check = app.add_subcommand("check", "Fuzz an external engine against the oracle");
  c.check->add_option("--engine", o.engine, "The engine's command line (run without a shell)")
      ->required();
  c.check
      ->add_option("--ruleset", o.request.ruleset,
                   "Ruleset id (see `bao-oracle rulesets`), or `all`: every ruleset the engine "
                   "lists, one after another")
      ->required();
  c.check->add_option("--seed", o.request.seed, "Seed of the random games")->capture_default_str();
  auto* games = c.check->add_option("--games", o.request.games, "Number of games to play")
                    ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
                    ->capture_default_str();
  c.check->add_option("--time", o.request.time, "Play games for this many seconds instead")
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
  c.check->add_option("--stop-after", o.request.stop_after, "Stop after this many failing games")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  c.check->add_option("--corpus", o.request.corpus,
                      "Scenario files or folders whose positions start some games (default: "
                      "the scenarios/ folder found as docs/install.md says)");
  auto* no_corpus = c.check->add_flag("--no-corpus", o.request.no_corpus,
                                      "Start games only from the start or random positions");
  c.check
      ->add_option("--corpus-hash", o.request.corpus_hash,
                   "Refuse to run unless the corpus hashes to this (a report's provenance; the "
                   "reproduction commands give it)")
      ->excludes(no_corpus);
  c.check->add_option("--game", o.request.only_game,
                      "Replay only this game (from a finding's reproduction)");
  c.check->add_option("--budget", o.request.budget, "Stop after this many engine requests")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 50));
  c.check
      ->add_option("--search", o.search,
                   "How games are chosen: coverage (most start where the plan of clauses, "
                   "boundaries and switches says) or random (docs/checker.md, \"Search\")")
      ->check(CLI::IsMember({"coverage", "random"}))
      ->capture_default_str();
  c.check->add_option("--accept", o.request.accept_file,
                      "YAML file of accepted deviations (switch or clause ids, each with a "
                      "reason): modelled, listed, and not failing the run");
  c.check
      ->add_option("--given", o.request.given,
                   "Switches modelled from the start of every game, not accepted (a probe "
                   "round's reproduction gives them; see bao-oracle switches R)")
      ->delimiter(',');
  c.check->add_flag("--strict-reachability", o.request.strict_reachability,
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
      ->add_option("--worker-options", o.worker_options,
                   "(internal) a --jobs worker's options, whole, in this file")
      ->group("");
  c.report = app.add_subcommand("report", "Work with check reports");
  c.merge = c.report->add_subcommand("merge", "Join the JSON reports of shards into one");
  c.merge->add_option("REPORT", o.merge_inputs, "report.json files of the shards")->required();
  c.merge->add_option("--report", o.report_dir, "Write the merged report files here");
  c.report->require_subcommand(1);
  return c;
}

// A --jobs worker's options: those its supervisor planned (check_jobs).
Expected<check::CheckOptions> worker_options(const std::string& path) {
  auto text = read_file(path);
  if (!text) return text.error();
  return check::options_from_json(*text, path);
}

int run_check_command(const CheckCli& cli, std::ostream& out, std::ostream& err) {
  // The request typed, then checked once (check::plan_check) before any
  // engine starts; so are the output paths, which are written at the end.
  CheckCli o = cli;
  if (!o.shard.empty()) {
    auto s = parse_shard_option(o.shard);
    if (!s) return fail(err, s.error().message);
    std::tie(o.request.shard.index, o.request.shard.count) = *s;
  }
  o.request.search = enum_from_name<check::Search>(o.search).value_or(check::Search::Coverage);
  Expected<check::CheckPlan> plan = check::CheckPlan{};
  std::optional<check::CheckOptions> given_options;
  if (!o.worker_options.empty()) {
    auto read = worker_options(o.worker_options);
    if (!read) return fail(err, read.error().message);
    given_options = std::move(*read);
  } else {
    plan = check::plan_check(o.request);
    if (!plan) return fail(err, plan.error().message);
  }
  if (!o.json_out.empty())
    if (auto ok = check_output_file(o.json_out); !ok)
      return fail(err, fmt::format("--json-out: {}", ok.error().message));
  if (!o.report_dir.empty())
    if (auto ok = check_output_folder(o.report_dir); !ok)
      return fail(err, fmt::format("--report: {}", ok.error().message));
  if (!o.log.empty())
    if (auto ok = check_output_file(o.log); !ok)
      return fail(err, fmt::format("--log: {}", ok.error().message));
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
  if (plan->all()) {
    status = run_all(run, *plan, out, err);
  } else {
    // A worker's options come whole from its supervisor; otherwise the
    // ruleset's are read from the plan (its corpus, its accept entries).
    auto options = given_options ? Expected<check::CheckOptions>(std::move(*given_options))
                                 : options_of(*plan, *find_ruleset(o.request.ruleset), err);
    auto result = options ? check_ruleset(run, *options, out, err, progress_plan(*options))
                          : Expected<check::CheckResult>(options.error());
    status = result ? finish(std::move(*result), run, out, err) : fail(err, result.error().message);
  }
  note_end(run, status);
  return status;
}

}  // namespace bao::cli
