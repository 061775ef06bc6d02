// The engine checker: plays random games under one ruleset, asks an engine
// (through a Probe) what it answers at every position of the game, compares
// that with the oracle and diagnoses each difference: the switch (a clause
// mutant or another source's choice) under which the oracle answers as the
// engine did. A diagnosed deviation is then modelled for the rest of the
// game, so the deviations it masked show too. RapidCheck generates the games
// and shrinks a game with an unexplained difference. docs/checker.md
// explains the output; internal.hpp lists the stages.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/enum_names.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/protocol/fault.hpp"
#include "oracle/protocol/probe.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check {

// ---- What an engine answers -------------------------------------------------

// A protocol fault: the engine crashed, hung, or wrote something the protocol
// does not allow. The protocol's one Fault type (oracle/protocol/fault.hpp);
// a report keeps its kind and its describe() line, and one read back from
// report.json has only those (`message` the line after the kind).
using protocol::Fault;
using protocol::FaultKind;

// What an engine answers, and the Probe that asks it: the project's one
// engine interface (oracle/protocol/probe.hpp), with its two adapters, the
// oracle in the process (oracle_probe) and an external engine
// (oracle/protocol/engine_probe.hpp).
using protocol::Batch;
using protocol::LineAnswer;
using protocol::LineStep;
using protocol::MoveAnswer;
using protocol::oracle_probe;
using protocol::PositionAnswer;
using protocol::Probe;

// ---- Findings -----------------------------------------------------------------

// What each value means:
//   MissingMove:     the oracle's legal move is not listed (or is refused)
//   ExtraMove:       listed or accepted by the engine, illegal for the oracle
//   DifferentResult: the same move gives a different position
//   DifferentStatus: a different status, of the position or after a move
//   DifferentStart:  the engine's own start position (`position start`,
//                    then `show`) is not the ruleset's
//   ProtocolFault:   crash, timeout, malformed output, ...
#define BAO_FINDING_KINDS(X)             \
  X(MissingMove, "missing-move")         \
  X(ExtraMove, "extra-move")             \
  X(DifferentResult, "different-result") \
  X(DifferentStatus, "different-status") \
  X(DifferentStart, "different-start")   \
  X(ProtocolFault, "protocol-fault")
BAO_NAMED_ENUM(FindingKind, int, BAO_FINDING_KINDS)

struct Finding {
  FindingKind kind = FindingKind::DifferentResult;
  std::string ruleset;
  std::uint64_t seed = 0;            // the run's seed
  std::uint64_t game = 0;            // the game that found it: `--seed S --game G` replays it
  std::string start;                 // BPN the shrunk line starts from
  std::vector<std::string> line;     // moves from `start` to `position`
  std::string position;              // BPN of the position where they disagree
  std::string move;                  // the disputed move; empty for the position itself
  std::string expected;              // the oracle's answer, one line
  std::string actual;                // the engine's answer, one line
  std::vector<std::string> clauses;  // oracle clauses that decided the disputed step
  // The oracle's answers at `position`, for the witness scenario.
  std::vector<std::string> oracle_moves;
  std::string oracle_status;
  std::string oracle_result;  // after `move`, when it is legal for the oracle
  std::string oracle_result_status;
  PositionAnswer engine;  // the engine's answers at `position`, for fingerprinting
  int seeds = 0;          // seeds in `position` (witness size)
  // Where the game met the disagreement, before the board was minimised
  // (`position` is that board with seeds taken away); its seeds; and how
  // many cuts the minimising kept.
  std::string found_at;
  int found_seeds = 0;
  int minimise_steps = 0;
  int shrinks = 0;                // accepted shrink steps
  double seconds = 0;             // time from the start of the run to this finding
  std::uint64_t occurrences = 1;  // games that failed the same way (kind and clauses)
  // Where the witness comes from: "start", "corpus" or "random" (the game's
  // start it was reached from), "built" when minimising changed the board.
  std::string origin;
  // The switches the oracle had applied where this was shown (the engine's
  // other deviations); empty when the plain ruleset was the reference.
  std::vector<std::string> context;
  // The switches modelled from the start of the game that found it (the
  // accepted ones, and in a probe round the run's deviations so far): the
  // reproduction gives them as --given, so that the game is played again
  // under the same model.
  std::vector<std::string> given;
  // Unexplained findings: how the clause in `clauses` was worked out,
  // and whether that is firm (read from the engine's trace or status, or
  // worked out from its answers) or a guess (the nearest step of the
  // oracle's move): the list a report opens with says which.
  std::string departure;
  bool departure_firm = false;
  // Other departures the same answer shows, independent of the first
  // (clause, how, firm): add_finding() files a copy of the finding under each,
  // so the engine's count of quiet turns, say, is an item of its own even
  // where every witness of it also shows another deviation. Never written
  // to report.json: it is empty once the finding is in its group.
  struct Departure {
    std::string clause;
    std::string how;
    bool firm = false;
    friend bool operator==(const Departure&, const Departure&) = default;
  };
  std::vector<Departure> more_departures;
  // Why no game of the ruleset could reach `position` (more seeds than
  // the ruleset plays with, say); empty when nothing tells so.
  std::string impossible;
  // `line`, played from the ruleset's start under the rule text, reaches
  // `found_at`: the position is one a game of the ruleset reaches, and the
  // line is the evidence an author can replay (docs/checker.md, "Reachable
  // evidence").
  bool reachable = false;
  // Seen only along a line the engine played from its own start (a line
  // game): set at `position`, the engine answers otherwise, so only the
  // line shows it (docs/checker.md, "Line games").
  bool own_line = false;
  friend bool operator==(const Finding&, const Finding&) = default;
};

// The group key of a finding: kind and the clauses it names.
std::string group_key(const Finding& f);

// One way the engine plays the ruleset otherwise: a switch of the catalogue
// (oracle/engine/switches.hpp) under which the oracle answers as the engine
// did, named by the one clause of the ruleset it departs from.
struct Deviation {
  std::string switch_id;  // "capture-needs-three", "front-empty=immediate"
  std::string kind;       // "mutant" or "choice"
  std::string clause;     // the ruleset's clause the engine departs from
  std::string plays_as;   // a choice: the clause of the source it follows
  std::string meaning;    // what the engine does instead, one line
  // Other switches that answer as the engine did at every position where
  // this one was found (they cannot be told apart there).
  std::vector<std::string> also;
  // False while no observation has told `also` (a deviation found only
  // together with another at once tells nothing of its equals).
  bool also_known = true;
  std::uint64_t games = 0;      // games in which it was diagnosed
  std::uint64_t positions = 0;  // positions compared at which it shows
  // Engine requests the run (this process) had spent, playing and
  // following up, when the first game that showed it ended: the cost of
  // finding it. The least over the parts of a merge.
  std::uint64_t found_after = 0;
  // The smallest witness: the position and move, the oracle's answers under
  // the plain ruleset (`context` empty) or with the switches of `context`,
  // and the engine's.
  Finding witness;
  bool accepted = false;  // listed in the --accept file
  std::string accept_reason;
  // Where the witness is on a board no game of the ruleset reaches: a
  // position a line from the ruleset's start reaches (under the rule text)
  // at which the switch predicted the engine, and that line; empty when
  // none was found.
  std::string evidence_position;
  std::vector<std::string> evidence_line;
  // Evidence before a name (docs/checker.md): positions the switch was put
  // to with the run's other deviations modelled, at which it predicted the
  // engine, and at which it did not.
  std::uint64_t experiments = 0;
  std::uint64_t confirmations = 0;
  std::uint64_t contradictions = 0;
  friend bool operator==(const Deviation&, const Deviation&) = default;
};

// Differences only in what the protocol leaves to notation: the side letter
// of a finished position, an extension key the engine does not write. They
// never count as rules findings.
struct NotationFinding {
  std::string what;         // "side-letter", "extension-key used"
  std::string description;  // one line
  std::uint64_t count = 0;  // results that differed only so
  Finding example;          // the first one seen (smallest game)
  friend bool operator==(const NotationFinding&, const NotationFinding&) = default;
};

// ---- Running ------------------------------------------------------------------

// A question a run asks between engine requests (CheckOptions::stop_requested).
// It is not part of the options' value: two option sets that differ only in
// it compare equal (a report read back has none).
struct StopQuestion {
  std::function<bool()> ask;
  bool operator()() const { return ask && ask(); }
  friend bool operator==(const StopQuestion&, const StopQuestion&) { return true; }
};

// How games are chosen (docs/checker.md, "Search").
// What each value means:
//   Coverage: guided by the coverage of clauses, boundaries and switches: most games start at
//             positions chosen so that every clause, boundary and switch of the ruleset is met
//             early and often
//   Random:   random games only: from the start, random positions and the corpus
#define BAO_SEARCHES(X)   \
  X(Coverage, "coverage") \
  X(Random, "random")
BAO_NAMED_ENUM(Search, std::uint8_t, BAO_SEARCHES)

struct Stats;

// A question a run asks before each game it plays, with its totals so far
// (CheckOptions::shared_stop). Like StopQuestion, not part of the options'
// value.
struct GameQuestion {
  std::function<bool(const Stats&)> ask;
  bool operator()(const Stats& s) const { return ask && ask(s); }
  friend bool operator==(const GameQuestion&, const GameQuestion&) { return true; }
};

struct CheckOptions {
  std::string ruleset;
  Search search = Search::Coverage;
  std::uint64_t seed = 1;
  std::uint64_t games = 200;      // games to play (ignored with a time limit)
  double time_limit = 0;          // seconds; 0: play `games` games
  std::uint32_t shard_index = 0;  // play game g only if g % shard_count == shard_index
  std::uint32_t shard_count = 1;
  std::optional<std::uint64_t> only_game;  // replay this one game
  int illegal_samples = 4;                 // illegal moves offered per position
  std::uint64_t max_findings = 1000;       // stop after this many failing games
  // Positions some games start from (BPN): the scenario suite's positions,
  // which the rule texts' examples and the per-clause cases put next to the
  // rare rules. Empty: games start from the start or a random position.
  std::vector<std::string> corpus;
  // The scenario files or folders `corpus` was read from, as given or as
  // found (oracle/core/data.hpp); empty: no corpus. `corpus_found`: the
  // folder was found, not given, so a reproduction leaves the finding to
  // the machine that replays it (and --corpus-hash checks it is the same).
  std::vector<std::string> corpus_paths;
  bool corpus_found = false;
  bool no_corpus = false;
  // Stop after this many engine requests (0: no limit).
  std::uint64_t request_budget = 0;
  // What is shown only on boards no game of the ruleset reaches fails the
  // run too (--strict-reachability).
  bool strict_reachability = false;
  // Switches the run applies from the start (--accept): known deviations,
  // modelled so that what else differs shows.
  std::vector<std::string> accepted;
  std::vector<std::string> accept_reasons;  // one per `accepted`
  // Clauses whose deviations, however they are found, are accepted.
  std::vector<std::string> accepted_clauses;
  std::vector<std::string> accepted_clause_reasons;  // one per `accepted_clauses`
  // Switches modelled from the start like the accepted ones, but not
  // accepted (--given): what a reproduction of a probe round's game gives,
  // the deviations that round had found.
  std::vector<std::string> given;
  // Asked between engine questions; once true the run stops as soon as it
  // can: no new game, the current one given up where it stands (what it
  // diagnosed before stays, what it was diagnosing is dropped, and a fault
  // or difference the interruption caused is no finding), no settling and
  // no minimising (witnesses stay where the games met them), and the result
  // has Stats::interrupted set. Empty: never.
  StopQuestion stop_requested;
  // Asked before each game; once true, no new game starts and the run ends
  // as at `max_findings` (settled and minimised, not interrupted): the
  // failing games of all the processes of a run (--jobs) have reached
  // `max_findings`, so that they count towards one limit. Empty: never.
  GameQuestion shared_stop;
  friend bool operator==(const CheckOptions&, const CheckOptions&) = default;
};

// The positions of the scenarios that apply to `ruleset` (after their move
// lines), as BPN, for CheckOptions::corpus. Scenarios that do not load or
// do not play are left out; each input error (a broken file, an unreadable
// folder, a link loop) is added to `errors` when given, naming where.
std::vector<std::string> scenario_corpus(const std::vector<std::string>& paths,
                                         const Ruleset& ruleset,
                                         std::vector<std::string>* errors = nullptr);

// What a run did. `games` to `failing_games` count each game's first
// run on its own (positions are remembered within a game, not across
// games), so they are the same however the games are split among
// processes (--jobs, --shard): the merge of the shards adds up to the
// whole run. The rest is work each process does for what it found itself,
// and depends on the split.
struct Stats {
  std::uint64_t games = 0;
  std::uint64_t positions = 0;      // positions compared, each game's counted within the game
  std::uint64_t skipped = 0;        // positions the engine cannot represent
  std::uint64_t moves = 0;          // moves compared
  std::uint64_t requests = 0;       // protocol requests while playing the games
  std::uint64_t failing_games = 0;  // games with a deviation, an unexplained finding or a fault
  // Protocol requests after a game's first run: shrinking a failing game,
  // settling and minimising witnesses (--budget counts them too).
  std::uint64_t followup_requests = 0;
  // Judged with all the run's deviations together (settle): deviations the
  // others cover, and unexplained differences they explain, dropped.
  int settled_deviations = 0;
  int settled_findings = 0;
  // Deviations whose switch did not predict the engine with the others
  // modelled (evidence before a name), reported at their clause instead.
  int unnamed = 0;
  // Probe rounds (docs/checker.md, "Probe rounds"): games played under the
  // model of the engine the run had found so far, aimed at the switches
  // that would show on top of it. Their requests count as follow-up.
  std::uint64_t probe_rounds = 0;
  std::uint64_t probe_games = 0;
  // Coverage: at how many compared positions of the games' first runs
  // the oracle's traces cited each clause, and each boundary side was met
  // (docs/checker.md, "Search").
  std::map<std::string, std::uint64_t> clause_coverage;
  std::map<std::string, std::uint64_t> boundary_coverage;
  // The switches of the catalogue shown at some compared position (where
  // the switch answers otherwise than the ruleset: the clause it changes
  // decided something there), each 1.
  std::map<std::string, std::uint64_t> switch_coverage;
  double seconds = 0;
  // The run was stopped before its end (CheckOptions::stop_requested): what
  // it holds is what was found so far. `signal` names what stopped it
  // ("SIGINT"), when the caller knows.
  bool interrupted = false;
  std::string signal;
  // The run ended at CheckOptions::max_findings (--stop-after N: N here)
  // before it had played the games it was asked for; 0 otherwise. Not an
  // interruption: what it holds is settled and minimised.
  std::uint64_t stop_after = 0;
  friend bool operator==(const Stats&, const Stats&) = default;
};

// Adds the whole-number counts of `more` to `total` (stats.cpp): games,
// positions, skipped, moves, requests, failing games, follow-up requests,
// probe rounds and games, settled deviations and findings, and the clause
// and boundary coverage id by id. The name of the first count whose sum
// does not fit its type ("games", "clause_coverage.ap.sow.consecutive"),
// `total` then partly added; empty when every sum fits.
std::string add_counts(Stats& total, const Stats& more);

struct CheckResult {
  std::string engine;   // the engine's name
  std::string command;  // how it was started, for reproduction
  // What made the report (oracle/core/provenance.hpp); the corpus hash is
  // corpus_hash(options.corpus).
  Provenance provenance;
  CheckOptions options;
  Stats stats;
  // The diagnosis: each deviation once, in the order of the catalogue.
  std::vector<Deviation> deviations;
  // What no switch explains, and protocol faults: one per group (kind and
  // the clause where the engine departs), smallest witness kept.
  std::vector<Finding> findings;
  std::vector<NotationFinding> notation;
  friend bool operator==(const CheckResult&, const CheckResult&) = default;
};

// Whether a deviation, or a finding, was shown at a position a game of the
// ruleset reaches (its witness, or for a deviation its evidence).
bool reachable(const Deviation& d);
bool reachable(const Finding& f);
// Whether the run found anything that fails it: a deviation not accepted,
// an unexplained finding or a protocol fault (notation never fails it).
// What was shown only on boards no game reaches fails it only with
// CheckOptions::strict_reachability.
bool failed(const CheckResult& r);
// Whether the engine could not be checked at all: it could not be started,
// or it failed the handshake or the `ruleset` request (a protocol fault
// with no position), and no game was played. Merged with shards whose
// engine started and played, such a fault is one finding of the run.
bool failed_at_start(const CheckResult& r);

// What a run's coverage comes to for its ruleset (docs/checker.md,
// "Search"): the ruleset's clauses the traces of compared moves cited or a
// switch of theirs showed at, its boundary sides the compared positions
// met, and the switches shown.
struct CoverageSummary {
  std::size_t clauses = 0;        // clauses of the ruleset
  std::size_t clauses_met = 0;    // cited at least once
  std::size_t clauses_often = 0;  // cited at kCoverageOften positions or more
  std::size_t boundaries = 0;     // boundary sides of the ruleset
  std::size_t boundaries_met = 0;
  std::size_t switches = 0;  // switches of the catalogue for the ruleset
  std::size_t switches_met = 0;
  std::vector<std::string> clauses_never;  // in catalogue order
  std::vector<std::string> boundaries_never;
  friend bool operator==(const CoverageSummary&, const CoverageSummary&) = default;
};
inline constexpr std::uint64_t kCoverageOften = 20;
CoverageSummary coverage_summary(std::string_view ruleset, const Stats& s);
// "clauses 56/58 (41 at 20+ positions), boundaries 30/33, switches 57/59"
std::string coverage_text(const CoverageSummary& c);

// Called now and then with the running totals (progress display).
using Progress = std::function<void(const Stats&, std::size_t groups)>;

// Plays the games and collects findings. An error only for unusable input
// (unknown ruleset, a probe that cannot select the ruleset).
Expected<CheckResult> run_check(Probe& probe, const CheckOptions& options,
                                const Progress& progress = {});

// Adds `f` to `findings`, grouping by group_key and keeping the smaller
// witness (fewer seeds, then shorter line, then lower game).
void add_finding(std::vector<Finding>& findings, Finding f);
// The same for deviations (grouped by switch) and notation findings.
void add_deviation(std::vector<Deviation>& deviations, Deviation d);
void add_notation(std::vector<NotationFinding>& notation, NotationFinding n);

// What a merge must be given (docs/checker.md, "Sharding").
struct MergeOptions {
  // One name per part (its file), for the messages; "report N" without.
  std::vector<std::string> names;
  // The games the parts must hold together, each game in exactly one part:
  // shard `shard_index` of `shard_count` of the campaign (the whole run by
  // default), as the parts' own shards (CheckOptions::shard_*) say.
  std::uint32_t shard_index = 0;
  std::uint32_t shard_count = 1;
  // Parts may be missing (an interrupted --jobs run whose worker wrote no
  // report); overlapping parts are still refused.
  bool allow_missing = false;
};

// Joins results of the shards of one run. An error, naming the parts and
// what is wrong, for parts of different runs (the first option that
// differs: ruleset, seed, command, engine, games_requested, time_limit,
// request_budget, accept), two parts holding the same games (the same
// shard twice) and games no part holds (a missing shard).
Expected<CheckResult> merge(const std::vector<CheckResult>& parts, const MergeOptions& how = {});

// ---- Reports (report.cpp) -----------------------------------------------------

std::string to_json(const CheckResult& r);
Expected<CheckResult> from_json(std::string_view text, const std::string& where);
std::string to_markdown(const CheckResult& r);
std::string to_junit(const CheckResult& r);
// report.html (report_html.cpp): the diagnosis, each witness drawn (the board
// before, the engine's and the oracle's after), the coverage; one
// self-contained page.
std::string to_html(const CheckResult& r);
// The testsuite element of to_junit (indented for a <testsuites> document),
// with its counts, so that several runs can share one JUnit file.
struct JunitSuite {
  std::string name;
  std::string xml;
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
};
JunitSuite junit_testsuite(const CheckResult& r);
// A ready-to-commit scenario for one finding, and for one deviation: the
// plain ruleset's answers at the witness.
std::string witness_yaml(const CheckResult& r, const Finding& f, std::size_t index);
std::string deviation_yaml(const CheckResult& r, const Deviation& d);
// The command that replays the finding's game.
std::string reproduce_command(const CheckResult& r, const Finding& f);
// A short terminal summary.
std::string summary_text(const CheckResult& r);
// Writes report.md, report.json, junit.xml and witnesses/*.yaml into `dir`
// (each file written whole, then renamed into place).
Expected<void> write_report(const CheckResult& r, const std::string& dir);
// The files write_report writes, by their path in the folder; and whether a
// path there (`is_folder`: a folder) is one of those a report replaces.
std::vector<std::pair<std::string, std::string>> report_files(const CheckResult& r);
bool report_owns(const std::filesystem::path& relative, bool is_folder);

}  // namespace bao::check
