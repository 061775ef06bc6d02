// YAML scenarios: the first of the three test tiers (style.md, "One runner,
// three tiers"). A scenario is a position (BPN or `start`), an optional line
// of moves played first, and checks on what a rules engine must answer there:
// the legal move set, the result and status after a move, the trace events.
// The format is documented for engine authors in docs/scenarios.md.
//
// Scenarios are data about positions and moves as the protocol writes them
// (shared/spec/protocol.md), so the runner executes them against a Probe:
// the oracle itself, or an external engine through the protocol.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/mutation.hpp"
#include "oracle/core/enum_names.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/protocol/probe.hpp"

namespace bao::scenario {

// ---- Loaded scenarios -------------------------------------------------------

// A place in a scenario file, 1-based like an editor shows it.
struct SourceMark {
  int line = 0;
  int column = 0;
};

// A bad input: file, 1-based line and column, the field and what is wrong.
struct InputError {
  std::string file;
  SourceMark at;
  std::string field;    // e.g. "position", "checks[2].legal[1]", "id"
  std::string message;  // e.g. the BPN parser's own message
};
// "file:line:col: field: message"
std::string to_string(const InputError& e);

// A move as written in the file, already checked for syntax.
struct MoveText {
  std::string text;  // canonical form (move_to_string of the parsed move)
  SourceMark at;
};

// One trace item that must appear, e.g. "capture a5 4" [ap.capture.condition].
struct EventPattern {
  std::string text;    // normalised: single spaces
  std::string clause;  // dotted clause id, or empty when the item names none
  SourceMark at;
};

// What each value means:
//   Legal:    the exact legal move set
//   Includes: these moves must be legal
//   Excludes: these moves must not be legal
//   Play:     play a move; optionally the result BPN, status and events after it
//   Status:   the status of the scenario position itself
//   Game:     a line of moves that must each be legal, then a final status
#define BAO_CHECK_KINDS(X) \
  X(Legal, "legal")        \
  X(Includes, "includes")  \
  X(Excludes, "excludes")  \
  X(Play, "play")          \
  X(Status, "status")      \
  X(Game, "game")
BAO_NAMED_ENUM(CheckKind, int, BAO_CHECK_KINDS)

struct Check {
  CheckKind kind = CheckKind::Legal;
  SourceMark at;
  std::vector<MoveText> moves;            // Legal, Includes, Excludes, Game
  std::optional<MoveText> move;           // Play
  std::optional<std::string> result_bpn;  // Play, Game: canonical BPN expected after
  std::optional<std::string> status;      // Play, Status, Game (final_status)
  std::vector<EventPattern> events;       // Play
};

// The checks that apply under one ruleset.
struct Expectation {
  std::string ruleset;
  std::vector<Check> checks;
};

struct Scenario {
  std::string id;
  SourceMark id_at;
  std::string file;
  int first_line = 0;  // the range the report shows, 1-based, inclusive
  int last_line = 0;
  std::vector<std::string> rulesets;
  std::string source;                     // rule file and section
  std::vector<std::string> clauses;       // dotted clause ids it exercises
  std::string note;                       // optional free text
  std::string position;                   // canonical BPN, or "start"
  std::vector<MoveText> moves;            // played first, each must be legal
  std::vector<Expectation> expectations;  // one per ruleset in `rulesets`
};

struct LoadResult {
  std::vector<Scenario> scenarios;
  std::vector<InputError> errors;
  int files = 0;
};

// Parses one file's text. `file` is the name used in errors and reports.
// A scenario with an error is left out; the others still load.
LoadResult load_string(std::string_view text, const std::string& file);
// The largest scenario file read (1 MiB, about forty times the largest
// committed one): parsing holds the whole YAML tree, many times the text.
inline constexpr std::size_t kMaxScenarioFileBytes = 1 << 20;
// Reads and parses one file. A file larger than kMaxScenarioFileBytes, or
// anything that is not a regular file (a FIFO, a device), is an input error.
LoadResult load_file(const std::string& path);
// Loads every file in turn (a broken file does not stop the others) and
// reports ids used twice, naming both places.
LoadResult load_files(const std::vector<std::string>& paths);
// Expands directories to the *.yaml files below them, sorted; plain paths are
// kept as given. Links to folders are not followed. A path that does not
// exist, a folder that cannot be read and a link that cannot be resolved
// (a loop) are input errors each; the other files are still returned.
std::vector<std::string> collect_scenario_files(const std::vector<std::string>& paths,
                                                std::vector<InputError>& errors);

// Collects the *.yaml files under `paths` and loads them: every input error
// (a missing path, a broken file, a duplicate id) ends up in `errors`.
LoadResult load_paths(const std::vector<std::string>& paths);

// The ruleset ids of the protocol (shared/spec/protocol.md). A scenario may
// name any of them; one the engine does not play is skipped.
bool is_protocol_ruleset(std::string_view id);

// ---- Engines ------------------------------------------------------------------

// Scenarios run against a Probe (oracle/protocol/probe.hpp): the oracle in
// the process (protocol::oracle_probe(), given a mutant for the mutation
// test: a ruleset its clause does not govern is one it does not play) or an
// external engine (protocol::EngineProbe). Each question of a case is one
// batch, so an engine is sent exactly what the case needs; everything
// crosses as protocol text (BPN, move text, status strings), and an engine
// that refuses or misbehaves becomes a failure in the report, never an
// exception.
using protocol::Probe;
using protocol::TraceItem;

// ---- Running ------------------------------------------------------------------

struct RunOptions {
  std::optional<std::string> ruleset;  // run only this ruleset's expectations
  std::optional<std::string> filter;   // ECMAScript regex, searched in scenario ids
  std::optional<std::string> junit_path;
  std::optional<std::string> json_path;
  std::string command_line;  // recorded in the reports' provenance
  // Asked before and after each case: the number of the signal that stops
  // the run (scenarios --engine, oracle/core/interrupt.hpp), 0 to go on.
  // The case it interrupted is not counted.
  std::function<int()> stop;
  // Told before each case (`case FILE:LINE ID under RULESET`) and after a
  // failing one (`... failed: WHAT`): the marks of the transcript of the
  // engine exchange (`scenarios --engine --log`). Empty: nothing is told.
  std::function<void(const std::string&)> note;
};

#define BAO_OUTCOMES(X) \
  X(Pass, "pass")       \
  X(Fail, "fail")       \
  X(Skip, "skip")
BAO_NAMED_ENUM(Outcome, int, BAO_OUTCOMES)

struct Failure {
  int line = 0;      // line of the failing check (or of the scenario)
  std::string what;  // one line, e.g. "legal: move sets differ"
  std::string diff;  // expected vs actual, possibly several lines
};

// One scenario under one ruleset.
struct CaseResult {
  std::string id;
  std::string ruleset;
  std::string file;
  int first_line = 0;
  int last_line = 0;
  Outcome outcome = Outcome::Pass;
  std::string skip_reason;
  std::vector<Failure> failures;
  double seconds = 0;
};

struct RunSummary {
  // The build and the scenario files the run used (oracle/core/provenance.hpp):
  // the corpus hash is corpus_files_hash() of the files loaded.
  Provenance provenance;
  std::vector<CaseResult> cases;
  std::vector<InputError> input_errors;
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  int signal = 0;  // the signal that stopped the run early (RunOptions::stop), 0 if none
};

// Runs every scenario under each of its rulesets that the options select.
// The regex in options.filter must be valid (run_scenarios_command checks it).
RunSummary run_scenarios(const std::vector<Scenario>& scenarios, Probe& engine,
                         const RunOptions& options);

// One block per failure, then the closing line.
std::string format_report(const RunSummary& summary);
// Exactly "N passed, M failed", then ", K skipped" and ", E input errors"
// when those are non-zero.
std::string summary_line(const RunSummary& summary);
// 0 when everything passed, 1 on failures, 2 on input errors.
int exit_code(const RunSummary& summary);

// A content hash of the scenario files the scenarios were loaded from:
// each file's bytes hashed, the hashes sorted and hashed together, so that
// it does not depend on where the folder is or on the order of the walk.
std::string corpus_files_hash(const std::vector<Scenario>& scenarios);

std::string to_junit_xml(const RunSummary& summary);
std::string to_json(const RunSummary& summary);

// The `bao-oracle scenarios [PATH...]` command: walks the paths, loads,
// runs against the oracle, prints the report to `out` and input errors to
// `err`, writes the JUnit/JSON files asked for, and returns the exit code.
int run_scenarios_command(const std::vector<std::string>& paths, const RunOptions& options,
                          std::ostream& out, std::ostream& err);
// The same against a given engine (`scenarios --engine`, tests).
int run_scenarios_command(const std::vector<std::string>& paths, const RunOptions& options,
                          Probe& engine, std::ostream& out, std::ostream& err);

// ---- Clause coverage ----------------------------------------------------------

// Which clauses of one ruleset the scenarios exercise. A clause is exercised
// when a scenario run under the ruleset names it in `clauses`, or when it
// decided an item in the trace of any move played while running them (the
// `moves` line, `play` checks, `game` lines).
struct ClauseCoverage {
  std::string ruleset;
  std::size_t governing = 0;         // clauses that govern the ruleset (Ruleset::clauses)
  std::vector<std::string> missing;  // governing clauses not exercised, in catalog order
};

// Runs the scenarios against `engine` (options select the cases as for
// run_scenarios) and reports every ruleset the oracle implements, or only
// options.ruleset. Whether a case passed does not matter here; skipped cases
// exercise nothing. `summary`, when given, receives the run's results.
std::vector<ClauseCoverage> clause_coverage(const std::vector<Scenario>& scenarios, Probe& engine,
                                            const RunOptions& options,
                                            RunSummary* summary = nullptr);

// Per ruleset "ap-zanzibar: 57/58 clauses exercised", then each missing id on
// a line of its own, indented by two spaces.
std::string format_coverage(const std::vector<ClauseCoverage>& coverage);

// `bao-oracle scenarios --coverage [PATH...]`: loads and runs the scenarios
// against the oracle, prints the coverage listing to `out` and input errors
// to `err`, writes the JUnit/JSON files asked for, and returns 0 when no
// governing clause is missing, 1 when one is, 2 on input errors.
int run_coverage_command(const std::vector<std::string>& paths, const RunOptions& options,
                         std::ostream& out, std::ostream& err);

}  // namespace bao::scenario
