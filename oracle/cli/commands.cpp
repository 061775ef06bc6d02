// The bao-oracle subcommands (docs/cli.md). A thin layer: arguments are
// parsed with the library's own parsers (parse_bpn, validate_for_ruleset,
// parse_move) and every answer comes from oracle/engine.
#include "oracle/cli/commands.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/mutation.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/cli/check_command.hpp"
#include "oracle/cli/diverge_command.hpp"
#include "oracle/cli/man_page.hpp"
#include "oracle/core/data.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/protocol/engine_probe.hpp"
#include "oracle/protocol/engine_server.hpp"
#include "oracle/protocol/transcript.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::cli {
namespace {

std::string known_ruleset_ids() {
  std::string ids;
  for (const Ruleset* r : all_rulesets()) append_item(ids, ", ", r->id);
  return ids;
}

// `what` names the argument for the error message: "--ruleset" or "RULESET".
Expected<const Ruleset*> find_rules(std::string_view what, std::string_view id) {
  if (const Ruleset* rules = find_ruleset(id)) return rules;
  return Error{fmt::format("{}: unknown ruleset '{}' (known: {})", what, id, known_ruleset_ids())};
}

// `--position`: the word `start`, or BPN the ruleset can represent.
Expected<Position> read_position(const Ruleset& rules, std::string_view text) {
  if (text == "start") return start_position(rules);
  auto parsed = parse_bpn(text);
  if (!parsed) return Error{fmt::format("--position: {}", parsed.error().message)};
  auto valid = validate_for_ruleset(rules, *parsed);
  if (!valid) return Error{fmt::format("--position: {}", valid.error().message)};
  return valid;
}

// The ruleset and position most subcommands start from.
struct Setup {
  const Ruleset* rules;
  Position pos;
};

Expected<Setup> read_setup(std::string_view ruleset, std::string_view position) {
  auto rules = find_rules("--ruleset", ruleset);
  if (!rules) return rules.error();
  auto pos = read_position(**rules, position);
  if (!pos) return pos.error();
  return Setup{*rules, *pos};
}

std::string_view side_name(Side s) {
  return s == Side::South ? "South" : "North";
}

// ---------------------------------------------------------------------------
// clauses

std::string clauses_text(const Ruleset& rules) {
  int interpretations = 0;
  for (ClauseId id : rules.clauses)
    if (clause_info(id).kind == ClauseKind::Interpretation) ++interpretations;
  std::string out =
      fmt::format("{}: {} clauses ({} rules, {} interpretations)\n", rules.id, rules.clauses.size(),
                  static_cast<int>(rules.clauses.size()) - interpretations, interpretations);
  // One block per clause: the paraphrases are too long for columns.
  for (ClauseId id : rules.clauses) {
    const Clause& c = clause_info(id);
    out += fmt::format("\n{}  {}\n    source: {}\n    {}\n", c.name, to_string(c.kind), citation(c),
                       c.paraphrase);
  }
  return out;
}

std::string clauses_json(const Ruleset& rules) {
  // ordered_json keeps the keys in the order written, id first.
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (ClauseId id : rules.clauses) {
    const Clause& c = clause_info(id);
    const RuleSource* source = source_for_file(c.source_file);
    list.push_back({{"id", c.name},
                    {"kind", to_string(c.kind)},
                    {"source", source ? source->id : std::string_view{}},
                    {"source_title", source_title(c.source_file)},
                    {"source_file", c.source_file},
                    {"section", c.section},
                    {"paraphrase", c.paraphrase}});
  }
  // Text from outside (an engine's name, a scenario id) may hold bytes that
  // are not UTF-8: they are written as U+FFFD, so the file stays valid JSON.
  return list.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// ---------------------------------------------------------------------------
// sources

// One block per rule source: the fields are too long for columns.
std::string sources_text() {
  std::string out;
  for (const RuleSource& s : all_sources()) {
    if (!out.empty()) out += '\n';
    std::string rulesets;
    for (std::string_view r : s.rulesets) append_item(rulesets, ", ", r);
    out += fmt::format(
        "{}  {}\n    publisher: {}\n    location: {}\n    version: {}\n    file: {}\n"
        "    rulesets: {}\n    {}\n",
        s.id, s.title, s.publisher, s.location, s.version, s.file, rulesets, s.about);
  }
  return out;
}

std::string sources_json() {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const RuleSource& s : all_sources()) {
    nlohmann::ordered_json rulesets = nlohmann::ordered_json::array();
    for (std::string_view r : s.rulesets) rulesets.push_back(r);
    list.push_back({{"id", s.id},
                    {"title", s.title},
                    {"publisher", s.publisher},
                    {"location", s.location},
                    {"version", s.version},
                    {"file", s.file},
                    {"rulesets", std::move(rulesets)},
                    {"about", s.about}});
  }
  return list.dump(2) + "\n";
}

// ---------------------------------------------------------------------------
// mutants

// One line per clause mutant: its id, the clause it breaks and what it does
// wrong, in columns (the ids contain no spaces, so the first two fields split
// on whitespace).
std::string mutants_text() {
  std::size_t name_width = 0;
  std::size_t clause_width = 0;
  for (const MutantInfo& m : all_mutants()) {
    name_width = std::max(name_width, m.name.size());
    clause_width = std::max(clause_width, clause_name(m.clause).size());
  }
  std::string out;
  for (const MutantInfo& m : all_mutants())
    out += fmt::format("{:<{}}  {:<{}}  {}\n", m.name, name_width, clause_name(m.clause),
                       clause_width, m.change);
  return out;
}

// ---------------------------------------------------------------------------
// play

struct Played {
  Move move;
  Position after;
};

// Plays `text` in `pos`; the error names the move's place on the command line
// and, for an illegal move, lists the legal ones.
Expected<Played> play_one(const Ruleset& rules, const Position& pos, std::string_view text,
                          std::size_t number, Trace& trace) {
  const std::string label = fmt::format("--move {}", number);
  auto move = parse_move(text, pos.to_move);
  if (!move) return Error{fmt::format("{}: {}", label, move.error().message)};
  auto after = play(rules, pos, *move, &trace);
  if (!after) {
    const std::string legal = moves_to_string(legal_moves(rules, pos), pos.to_move);
    return Error{fmt::format("{}: {}; legal moves for {}: {}", label, after.error().message,
                             side_name(pos.to_move), legal.empty() ? "none" : legal)};
  }
  return Played{*move, *after};
}

// ---------------------------------------------------------------------------
// perft

struct PerftResult {
  std::string text;
  std::uint64_t total = 0;
};

Expected<PerftResult> count_paths(std::string_view ruleset, std::string_view position, int depth,
                                  PerftMode mode) {
  if (depth < 0 || depth > kMaxPerftDepth)
    return Error{fmt::format("--depth: must be from 0 to {}, got {}", kMaxPerftDepth, depth)};
  if (mode == PerftMode::Divide && depth == 0)
    return Error{"--divide: needs --depth 1 or more (depth 0 has no root moves)"};
  auto setup = read_setup(ruleset, position);
  if (!setup) return setup.error();
  const Ruleset& rules = *setup->rules;
  PerftResult result;
  if (mode == PerftMode::Total) {
    result.total = perft(rules, setup->pos, depth);
    result.text = fmt::format("{}\n", result.total);
    return result;
  }
  for (const auto& [move, count] : divide(rules, setup->pos, depth)) {
    result.text += fmt::format("{} {}\n", move_to_string(move, setup->pos.to_move), count);
    result.total += count;
  }
  result.text += fmt::format("total {}\n", result.total);
  return result;
}

// ---------------------------------------------------------------------------
// demo

std::string sample_game(const Ruleset& rules, Position pos) {
  // A fresh generator per ruleset, so that adding a ruleset leaves the games
  // of the others unchanged.
  std::mt19937 rng(kDemoSeed);
  std::string out = fmt::format(
      "sample game: up to {} moves, each picked among the legal moves by std::mt19937 seeded "
      "with {}\n",
      kDemoGameLength, kDemoSeed);
  for (int n = 1; n <= kDemoGameLength; ++n) {
    const MoveList moves = legal_moves(rules, pos);
    if (moves.empty()) break;
    // rng() % size, not uniform_int_distribution: mt19937's output is fixed by
    // the standard but the distribution's algorithm is not, and the demo must
    // print the same game with every standard library. The bias is below 1e-7.
    const Move& move = moves[rng() % moves.size()];
    Trace trace;
    auto after = play(rules, pos, move, &trace);
    out += fmt::format("\n{}. {} plays {}\n", n, side_name(pos.to_move),
                       move_to_string(move, pos.to_move));
    if (!after) {
      // A move from legal_moves that play() refuses is a library bug; show it.
      out += fmt::format("  library inconsistency: {}\n", after.error().message);
      return out;
    }
    out += format_annotated_trace(trace.events());
    pos = *after;
    out +=
        fmt::format("  position: {}\n  status: {}\n", to_bpn(pos), to_string(status(rules, pos)));
  }
  const Status end = status(rules, pos);
  out += end.kind == Status::Kind::Ongoing
             ? fmt::format("\nstopped after {} moves\n", kDemoGameLength)
             : fmt::format("\ngame over: {}\n", to_string(end));
  return out;
}

std::string demo_ruleset(const Ruleset& rules) {
  const Position start = start_position(rules);
  std::string out = fmt::format("== {}: {}\n", rules.id, rules.title);
  out += fmt::format("source: {}\n", source_title(rules.source_file));
  out += fmt::format("start position: {}\n", to_bpn(start));
  out +=
      fmt::format("legal moves: {}\n\n", moves_to_string(legal_moves(rules, start), start.to_move));
  out += sample_game(rules, start);
  return out;
}

// ---------------------------------------------------------------------------
// The command line

// Error text reaches a terminal on one line: control bytes from an argument
// (a newline inside a quoted --move, say) are written as \xNN.
std::string one_line(std::string_view text) {
  return printable(text);  // control bytes and invalid UTF-8 as \xNN
}

static_assert(protocol::kServeOutputLost == kExitInternal,
              "engine's lost stdout is an internal failure");

int report(std::ostream& err, std::string_view message, int status = kExitBadInput) {
  err << "bao-oracle: " << one_line(message) << '\n' << std::flush;
  return status;
}

// Prints a subcommand's output, or its error.
int finish(const Output& output, std::ostream& out, std::ostream& err) {
  if (!output) return report(err, output.error().message);
  out << *output << std::flush;
  return kExitOk;
}

struct Options {
  std::string ruleset;
  std::string position;
  std::vector<std::string> moves;
  bool trace = false;
  int depth = 0;
  bool divide = false;
  bool json = false;
  std::string engine_ruleset{"ap-zanzibar"};
  std::string engine_mutant;
  double engine_max_rate = 0;  // engine --max-rate: requests a second, 0 for no limit
  std::vector<std::string> scenario_paths;
  scenario::RunOptions scenario_options;
  bool coverage = false;
  diverge::CommandOptions diverge;
  std::string scenario_engine;  // `scenarios --engine`: the command line of an external engine
  int timeout_ms = kDefaultEngineTimeoutMs;
  std::string scenario_log;  // `scenarios --engine --log`: the transcript of the exchange
  std::uint64_t scenario_log_limit = protocol::Transcript::kDefaultLimit;
  CheckCli check;  // `check`, `report merge`
};

struct Subcommands {
  CLI::App* rulesets;
  CLI::App* sources;
  CLI::App* clauses;
  CLI::App* moves;
  CLI::App* play;
  CLI::App* perft;
  CLI::App* engine;
  CLI::App* demo;
  CLI::App* scenarios;
  CLI::App* mutants;
  CLI::App* switches;
  CLI::App* diverge;
  CheckCommands checker;
};

void add_setup_options(CLI::App& sub, Options& o) {
  sub.add_option("--ruleset", o.ruleset, "Ruleset id (see `bao-oracle rulesets`)")->required();
  sub.add_option("--position", o.position, "Position in BPN, or `start`")->required();
}

// `diverge`: the divergence report between rule sources (docs/divergence.md).
void add_diverge_command(CLI::App& app, CLI::App*& sub, diverge::CommandOptions& o) {
  sub = app.add_subcommand("diverge", "Write a divergence report between rulesets");
  sub->add_option("--rulesets", o.rulesets, "Comma-separated ruleset ids")->capture_default_str();
  sub->add_option("--positions", o.positions, "Random-play positions in all")
      ->capture_default_str();
  sub->add_option("--seed", o.seed, "Seed of the random play")->capture_default_str();
  sub->add_option("--jobs", o.jobs, "Worker threads (default: one per hardware thread)");
  sub->add_option("--shard", o.shard,
                  "Compare only shard I of N (I/N, 0 <= I < N) of the run's work; `report merge` "
                  "joins the shards' report.json files into the whole run's report");
  sub->add_option("--out", o.out,
                  "Folder for the report (the committed ones under reports/ are written by "
                  "reports/regenerate.sh)")
      ->capture_default_str();
  sub->add_option("--scenarios", o.scenarios,
                  "Scenario files or folders for the corpus (default: the scenarios/ "
                  "folder found as docs/install.md says)");
  sub->add_flag("--progress", o.progress,
                "Show the progress line on stderr even when it is not a terminal");
}

Subcommands define_commands(CLI::App& app, Options& o) {
  Subcommands s{};
  s.rulesets = app.add_subcommand("rulesets", "List the rulesets: id, title, rule source");
  s.sources = app.add_subcommand(
      "sources", "List the rule sources: id, title, publisher, location, file, rulesets");
  s.sources->add_flag("--json", o.json, "Print the sources as a JSON array");
  s.clauses = app.add_subcommand("clauses", "List the clauses that govern a ruleset");
  s.clauses->add_option("RULESET", o.ruleset, "Ruleset id")->required();
  s.clauses->add_flag("--json", o.json, "Print the clauses as a JSON array");
  s.moves = app.add_subcommand("moves", "Print the legal moves of a position");
  add_setup_options(*s.moves, o);
  s.play = app.add_subcommand("play", "Play moves and print the resulting position and status");
  add_setup_options(*s.play, o);
  s.play->add_option("--move", o.moves, "A move to play (repeat for several, played in order)")
      ->required();
  s.play->add_flag("--trace", o.trace, "Print each move's clause-annotated trace");
  s.perft = app.add_subcommand("perft", "Count the move paths of a given length");
  add_setup_options(*s.perft, o);
  s.perft->add_option("--depth", o.depth, fmt::format("Path length, 0 to {}", kMaxPerftDepth))
      ->required();
  s.perft->add_flag("--divide", o.divide, "Print the count under each root move too");
  s.engine = app.add_subcommand("engine", "Serve the engine protocol (version 1) on stdin/stdout");
  s.engine
      ->add_option("--max-rate", o.engine_max_rate,
                   "Answer at most this many requests a second (a slow engine, to try the "
                   "checker as real engines meet it)")
      ->check(CLI::Range(0.001, 1e9));
  s.engine->add_option("--mutant", o.engine_mutant,
                       "Serve a deliberately faulty engine: these clause mutants or choices, "
                       "comma separated (see `switches RULESET`)");
  s.engine->add_option("--ruleset", o.engine_ruleset, "Ruleset before any `ruleset` request")
      ->capture_default_str();
  s.demo = app.add_subcommand("demo", "Show every ruleset with a traced sample game");
  s.scenarios = app.add_subcommand("scenarios", "Run YAML scenarios against the oracle");
  s.scenarios->add_option("PATH", o.scenario_paths,
                          "Scenario files or folders (default: the scenarios/ folder found as "
                          "docs/install.md says)");
  s.scenarios->add_option("--ruleset", o.scenario_options.ruleset, "Run only this ruleset");
  s.scenarios->add_option("--filter", o.scenario_options.filter, "Regex over scenario ids");
  s.scenarios->add_option("--junit", o.scenario_options.junit_path, "Write JUnit XML here");
  s.scenarios->add_option("--json", o.scenario_options.json_path, "Write JSON results here");
  s.scenarios->add_flag("--coverage", o.coverage,
                        "List each ruleset's clauses that no scenario exercises");
  s.scenarios->add_option("--engine", o.scenario_engine,
                          "Run against this engine command (protocol v1) instead of the oracle");
  s.scenarios->add_option("--timeout-ms", o.timeout_ms, "With --engine: time limit per request")
      ->check(CLI::Range(1, 3'600'000))
      ->capture_default_str();
  auto* log_option = s.scenarios->add_option(
      "--log", o.scenario_log,
      "With --engine: write the transcript of the engine exchange here (every request and "
      "answer line, timed, with the engine's starts, faults and ends)");
  s.scenarios
      ->add_option("--log-limit", o.scenario_log_limit,
                   "Cut the transcript (one last line says so) before it passes this many bytes")
      ->check(CLI::Range(protocol::Transcript::kMinLimit, std::uint64_t{1} << 50))
      ->capture_default_str()
      ->needs(log_option);
  s.mutants = app.add_subcommand("mutants", "List the clause mutants: id, clause, what it breaks");
  s.switches = app.add_subcommand(
      "switches", "List a ruleset's switches (mutants and other sources' choices) for --mutant");
  s.switches->add_option("RULESET", o.ruleset, "Ruleset id")->required();
  add_diverge_command(app, s.diverge, o.diverge);
  s.checker = add_check_commands(app, o.check);
  return s;
}

int run_perft(const Options& o, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::steady_clock::now();
  auto result =
      count_paths(o.ruleset, o.position, o.depth, o.divide ? PerftMode::Divide : PerftMode::Total);
  if (!result) return report(err, result.error().message);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  out << result->text << std::flush;
  // Timing goes to stderr so that stdout stays the same from run to run.
  const double seconds = std::max(took.count(), 1e-9);
  err << fmt::format("perft: {} paths in {:.3f} s ({:.0f} paths/s)\n", result->total, seconds,
                     static_cast<double>(result->total) / seconds);
  return kExitOk;
}

// `--mutant a,b,c`: the switch ids, in the order given.
Expected<std::vector<std::string>> switch_ids(std::string_view list) {
  std::vector<std::string> ids;
  for (std::size_t start = 0; start <= list.size();) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view id = list.substr(start, comma - start);
    if (id.empty()) return Error{fmt::format("--mutant: an empty item in '{}'", list)};
    ids.emplace_back(id);
    start = comma + 1;
  }
  return ids;
}

int run_engine(const Options& o, std::istream& in, std::ostream& out, std::ostream& err) {
  auto rules = find_rules("--ruleset", o.engine_ruleset);
  if (!rules) return report(err, rules.error().message);
  std::vector<std::string> ids;
  if (!o.engine_mutant.empty()) {
    auto parsed = switch_ids(o.engine_mutant);
    if (!parsed) return report(err, parsed.error().message);
    ids = std::move(*parsed);
    if (auto applied = apply_switch_ids(**rules, ids); !applied)
      return report(err, fmt::format("--mutant: {} (see bao-oracle switches {})",
                                     applied.error().message, o.engine_ruleset));
  }
  // A reader that has gone (`| head -1`, a checker that died) makes a write
  // fail, and serve() ends with its status 3, rather than SIGPIPE ending
  // the program.
  ::signal(SIGPIPE, SIG_IGN);
  return protocol::serve(in, out, *rules, ids, o.engine_max_rate);
}

// `scenarios --engine CMD`: the same suite through the protocol. Rulesets the
// engine does not list are skipped; its faults become failures, and it is
// restarted after each.
int run_engine_scenarios(const Options& o, const std::vector<std::string>& paths, std::ostream& out,
                         std::ostream& err) {
  if (o.coverage)
    return report(err, "--coverage: needs the oracle's clause ids, so it cannot go with --engine");
  auto argv = protocol::split_command(o.scenario_engine);
  if (!argv) return report(err, argv.error().message);
  std::shared_ptr<protocol::Transcript> transcript;
  if (!o.scenario_log.empty()) {
    auto opened = protocol::Transcript::open(o.scenario_log, o.scenario_log_limit);
    if (!opened) return report(err, fmt::format("--log: {}", opened.error().message));
    transcript = *opened;
    transcript->note(fmt::format("transcript of {}", o.scenario_options.command_line.empty()
                                                         ? std::string("bao-oracle scenarios")
                                                         : o.scenario_options.command_line));
  }
  // Ctrl-C (SIGINT, SIGTERM, SIGHUP) stops the run between cases; what ran
  // is reported and written, and the exit status is 128 + the signal.
  interrupt::install();
  protocol::EngineOptions engine;
  engine.argv = std::move(*argv);
  engine.timeout = std::chrono::milliseconds(o.timeout_ms);
  engine.wake_fd = interrupt::wake_fd();
  engine.transcript = transcript;
  // The transcript's last line: how the run ended.
  const auto end = [&transcript](int code) {
    if (!transcript) return code;
    const int signal = interrupt::received();
    transcript->note(signal != 0 ? fmt::format("end: interrupted by {}, exit status {}",
                                               interrupt::signal_name(signal), code)
                                 : fmt::format("end: exit status {}", code));
    return code;
  };
  auto probe = protocol::EngineProbe::for_scenarios(std::move(engine));
  protocol::EngineProbe& subject = *probe;
  if (auto started = subject.start(); !started) {
    if (interrupt::received() != 0) return end(128 + interrupt::received());
    return end(report(err, fmt::format("--engine: {}", started.error().message)));
  }
  scenario::RunOptions options = o.scenario_options;
  options.stop = [] { return interrupt::received(); };
  if (transcript) options.note = [&transcript](const std::string& text) { transcript->note(text); };
  const int code = scenario::run_scenarios_command(paths, options, subject, out, err);
  // (Once interrupted, the request cut short is no fault of the engine's.)
  if (subject.faults() > 0 && interrupt::received() == 0)
    err << fmt::format("bao-oracle: {}: {} engine faults, {} restarts; the last: {}\n",
                       printable(subject.name()), subject.faults(), subject.restarts(),
                       one_line(protocol::describe(*subject.last_fault())))
        << std::flush;
  subject.client().stop();  // its end in the transcript, before the last line
  return end(code);
}

int run_scenario_paths(const Options& o, const std::vector<std::string>& paths, std::ostream& out,
                       std::ostream& err) {
  if (!o.scenario_engine.empty()) return run_engine_scenarios(o, paths, out, err);
  if (!o.scenario_log.empty())
    return report(err, "--log: the transcript is of an engine's exchange: give --engine CMD");
  if (o.coverage) return scenario::run_coverage_command(paths, o.scenario_options, out, err);
  return scenario::run_scenarios_command(paths, o.scenario_options, out, err);
}

// `scenarios`: the paths given, or else the default scenario folder
// (oracle/core/data.hpp), named on the first line of the output so that
// the results say what they are of.
int run_scenarios(const Options& o, std::ostream& out, std::ostream& err) {
  if (!o.scenario_paths.empty()) return run_scenario_paths(o, o.scenario_paths, out, err);
  auto found = default_scenario_folder();
  if (!found) return report(err, found.error().message);
  if (!*found)
    return report(err, fmt::format("no default scenario folder ({}); name one: bao-oracle "
                                   "scenarios PATH",
                                   scenario_search_text()));
  const std::string folder = found->value().string();
  // Nothing on stdout when the command printed nothing (a bad --filter).
  std::ostringstream results;
  const int code = run_scenario_paths(o, {folder}, results, err);
  if (!results.str().empty())
    out << "scenarios of " << printable(folder) << '\n' << results.str() << std::flush;
  return code;
}

int dispatch(const Subcommands& s, const Options& o, std::istream& in, std::ostream& out,
             std::ostream& err) {
  if (s.rulesets->parsed()) return finish(rulesets_command(), out, err);
  if (s.sources->parsed())
    return finish(sources_command(o.json ? ClauseFormat::Json : ClauseFormat::Text), out, err);
  if (s.clauses->parsed())
    return finish(clauses_command(o.ruleset, o.json ? ClauseFormat::Json : ClauseFormat::Text), out,
                  err);
  if (s.moves->parsed()) return finish(moves_command(o.ruleset, o.position), out, err);
  if (s.play->parsed())
    return finish(
        play_command(o.ruleset, o.position, o.moves, o.trace ? TraceMode::On : TraceMode::Off), out,
        err);
  if (s.perft->parsed()) return run_perft(o, out, err);
  if (s.engine->parsed()) return run_engine(o, in, out, err);
  if (s.demo->parsed()) return finish(demo_command(), out, err);
  if (s.scenarios->parsed()) return run_scenarios(o, out, err);
  if (s.checker.check->parsed()) return run_check_command(o.check, out, err);
  if (s.checker.merge->parsed()) return run_report_merge(o.check, out, err);
  if (s.diverge->parsed()) {
    // The progress line only where someone watches it, as for `check`.
    diverge::CommandOptions d = o.diverge;
    d.progress = d.progress || ::isatty(2) == 1;
    return run_diverge_command(d, out, err);
  }
  if (s.mutants->parsed()) {
    out << mutants_text() << std::flush;
    return kExitOk;
  }
  if (s.switches->parsed()) return finish(switches_command(o.ruleset), out, err);
  return kExitOk;
}

int run_checked(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                std::ostream& err) {
  CLI::App app{"bao-oracle: rules-conformance oracle for the mancala game Bao", "bao-oracle"};
  app.set_version_flag("--version", fmt::format("bao-oracle {}", protocol::oracle_version()));
  app.require_subcommand(0, 1);
  Options options;
  const Subcommands subcommands = define_commands(app, options);
  // The build writes the manual page with it (oracle/cli/man_page.hpp).
  bool man = false;
  app.add_flag("--man-page", man, "(internal) print the manual page, roff, and exit")->group("");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive as "errors" with exit code 0.
    if (e.get_exit_code() == 0) return app.exit(e, out, err);
    // Point at the help of the subcommand being parsed, if it got that far.
    const auto subs = app.get_subcommands();
    const std::string help = subs.empty()
                                 ? "bao-oracle --help"
                                 : fmt::format("bao-oracle {} --help", subs[0]->get_name());
    return report(err, fmt::format("{} (see {})", e.what(), help));
  }
  if (man) {
    out << man_page(app, protocol::oracle_version()) << std::flush;
    return kExitOk;
  }
  if (app.get_subcommands().empty()) {
    out << app.help() << std::flush;
    return kExitOk;
  }
  // Every report records the command that made it.
  const std::string line = command_line(argc, argv);
  options.check.command_line = line;
  options.scenario_options.command_line = line;
  return dispatch(subcommands, options, in, out, err);
}

}  // namespace

Output rulesets_command() {
  std::size_t id_width = 0;
  std::size_t title_width = 0;
  for (const Ruleset* r : all_rulesets()) {
    id_width = std::max(id_width, r->id.size());
    title_width = std::max(title_width, r->title.size());
  }
  std::string out;
  for (const Ruleset* r : all_rulesets()) {
    const RuleSource* s = source_for_file(r->source_file);
    out += fmt::format("{:<{}}  {:<{}}  {} ({})\n", r->id, id_width, r->title, title_width,
                       s ? s->id : "?", r->source_file);
  }
  return out;
}

Output sources_command(ClauseFormat format) {
  return format == ClauseFormat::Json ? sources_json() : sources_text();
}

Output clauses_command(std::string_view ruleset, ClauseFormat format) {
  auto rules = find_rules("RULESET", ruleset);
  if (!rules) return rules.error();
  return format == ClauseFormat::Json ? clauses_json(**rules) : clauses_text(**rules);
}

// One line per switch of the ruleset (oracle/engine/switches.hpp): its id,
// mutant or choice, the ruleset's clause it departs from, the clause a choice
// plays as (`-` for a mutant) and what the ruleset then does, in columns.
Output switches_command(std::string_view ruleset) {
  auto rules = find_rules("RULESET", ruleset);
  if (!rules) return rules.error();
  const std::vector<Switch> switches = switches_for(**rules);
  std::size_t id_width = 0, clause_width = 0, plays_width = 0;
  for (const Switch& s : switches) {
    id_width = std::max(id_width, s.id.size());
    clause_width = std::max(clause_width, clause_name(s.clause).size());
    plays_width = std::max(plays_width, clause_name(s.plays_as).size());
  }
  std::string out;
  for (const Switch& s : switches)
    out += fmt::format("{:<{}}  {:<6}  {:<{}}  {:<{}}  {}\n", s.id, id_width,
                       s.kind == SwitchKind::Mutant ? "mutant" : "choice", clause_name(s.clause),
                       clause_width, clause_name(s.plays_as), plays_width, s.meaning);
  return out;
}

Output moves_command(std::string_view ruleset, std::string_view position) {
  auto setup = read_setup(ruleset, position);
  if (!setup) return setup.error();
  return moves_to_string(legal_moves(*setup->rules, setup->pos), setup->pos.to_move) + "\n";
}

Output play_command(std::string_view ruleset, std::string_view position,
                    std::span<const std::string> moves, TraceMode trace) {
  auto setup = read_setup(ruleset, position);
  if (!setup) return setup.error();
  Position pos = setup->pos;
  std::string traces;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Trace events;
    auto played = play_one(*setup->rules, pos, moves[i], i + 1, events);
    if (!played) return played.error();
    if (trace == TraceMode::On)
      traces += move_to_string(played->move, pos.to_move) + "\n" +
                format_annotated_trace(events.events());
    pos = played->after;
  }
  return traces + fmt::format("{}\n{}\n", to_bpn(pos), to_string(status(*setup->rules, pos)));
}

Output perft_command(std::string_view ruleset, std::string_view position, int depth,
                     PerftMode mode) {
  auto result = count_paths(ruleset, position, depth, mode);
  if (!result) return result.error();
  return result->text;
}

std::string demo_command() {
  std::string out;
  for (const Ruleset* rules : all_rulesets()) {
    if (!out.empty()) out += '\n';
    out += demo_ruleset(*rules);
  }
  return out;
}

int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  // Nothing may escape: an unexpected exception is reported on one line too,
  // with its own status since it is not the user's input at fault.
  try {
    return run_checked(argc, argv, in, out, err);
  } catch (const std::exception& e) {
    return report(err, fmt::format("internal error: {}", e.what()), kExitInternal);
  } catch (...) {
    return report(err, "internal error", kExitInternal);
  }
}

}  // namespace bao::cli
