// Divergence reports: where two rule sources give different answers for the
// same position (docs/divergence.md).
//
// A corpus of positions is streamed through every ruleset of the report:
// positions reached by random play under each ruleset (biased toward rare
// rules), plus the positions of the repository's scenario files. Every pair
// of rulesets that can both represent a position compares its legal move
// sets, the result and status of each common move, and its status. Each
// disagreement is attributed to the first step where the two traces part,
// and grouped by the clause each side cites there; the group keeps its
// smallest witness. Nothing but the aggregate and the witnesses is kept, so
// memory does not grow with the number of positions.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/enum_names.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/core/text.hpp"  // kMaxShards
#include "oracle/core/trace.hpp"
#include "oracle/notation/replay.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::diverge {

// ---- Defaults (docs/divergence.md) --------------------------------------------

// The rulesets of the default report.
inline constexpr std::string_view kDefaultRulesets =
    "ap-zanzibar,ap-bawo,guide-v2,guide-r002,ap-malawi-setup";
// Random-play positions of the default report, split evenly among its
// rulesets. Chosen so that the committed-report test runs well inside a
// minute in the `dev` build.
inline constexpr long kDefaultPositions = 50000;
inline constexpr std::uint64_t kDefaultSeed = 1;
// Where the report goes without --out: a working folder in the current
// folder. The committed reports under reports/ are written by
// reports/regenerate.sh, which names their folders.
inline constexpr std::string_view kDefaultOut = "diverge-report";
// Positions per walk: a walk plays games from the start, one after another,
// and each position it passes through is one corpus position.
inline constexpr int kWalkLength = 250;
// A game longer than this is abandoned and the walk starts a new one.
inline constexpr int kMaxGamePlies = 200;
// Largest --jobs.
inline constexpr int kMaxJobs = 64;

// ---- Options ------------------------------------------------------------------

// How far a run is, for a progress display: corpus positions compared so
// far, of `total` (-1 until the scenario files are loaded and the work is
// planned). The workers add to `done` as they finish each unit of work.
struct Progress {
  std::atomic<long> done{0};
  std::atomic<long> total{-1};
};

struct Options {
  std::vector<const Ruleset*> rulesets;  // two or more, distinct, in report order
  long positions = kDefaultPositions;    // random-play positions in all
  std::uint64_t seed = kDefaultSeed;
  int jobs = 1;                             // worker threads; the report does not depend on it
  std::vector<std::string> scenario_paths;  // scenario files or folders for the corpus
  // --scenarios as given on the command line (empty for the default), for the
  // reproduction command.
  std::vector<std::string> scenario_args;
  Progress* progress = nullptr;  // updated as the run goes, when given
  // Shard `shard_index` of `shard_count` (--shard I/N): the run compares
  // only the work units u with u % shard_count == shard_index, and its
  // report is one part for `report merge`. The whole run by default.
  std::uint32_t shard_index = 0;
  std::uint32_t shard_count = 1;
};

// ---- Results ------------------------------------------------------------------

// What a disagreement is about.
// What each value means:
//   OnlyA:   a move legal under the first ruleset of the pair only
//   OnlyB:   a move legal under the second only
//   Result:  a common move leads to different positions
//   After:   a common move leads to the same position, judged differently
//   Outcome: neither ruleset has a move, and they judge the game differently
#define BAO_DISAGREEMENT_KINDS(X) \
  X(OnlyA, "only-a")              \
  X(OnlyB, "only-b")              \
  X(Result, "result")             \
  X(After, "status-after")        \
  X(Outcome, "outcome")
BAO_NAMED_ENUM(Kind, std::uint8_t, BAO_DISAGREEMENT_KINDS)
inline constexpr int kKinds = static_cast<int>(enum_count<Kind>());

// One side of an attribution: the clause the ruleset's trace cites at the
// step where the two traces part, or a label in parentheses when there is no
// such step ("(end of move)", "(game over: no-move)", "(same steps)").
struct Cited {
  ClauseId clause = ClauseId::None;
  std::string label;  // the clause's dotted id, or the parenthesised label
  friend auto operator<=>(const Cited& a, const Cited& b) { return a.label <=> b.label; }
  friend bool operator==(const Cited& a, const Cited& b) { return a.label == b.label; }
};

inline constexpr std::size_t kNoStep = static_cast<std::size_t>(-1);

// What one ruleset of the pair answers at a witness position.
struct WitnessSide {
  std::string ruleset;
  std::vector<std::string> legal;  // legal moves, in the engine's order
  std::string status;              // of the witness position
  bool move_legal = false;         // whether the disputed move is legal here
  std::string shown_move;          // the move whose trace is shown: the disputed
                                   // one, the nearest legal one, or empty
  std::vector<Event> trace;        // of shown_move
  std::string result;              // BPN after shown_move
  std::string result_status;
  Cited cited;
  std::size_t step = kNoStep;  // index in `trace` of the step where the traces part
};

// The smallest example of one group: fewest seeds, then the shortest line.
struct Witness {
  int seeds = 0;
  std::string origin;             // ruleset the line was played under
  std::string scenario;           // scenario id, or empty for random play
  std::string line_start;         // BPN the line starts from
  std::vector<std::string> line;  // moves from line_start to the position
  std::string position;           // BPN of the witness position
  std::string move;               // the disputed move (empty for Outcome)
  Kind kind = Kind::Result;
  WitnessSide a, b;
};

struct Group {
  Cited a, b;
  long positions = 0;       // positions where the group occurs
  long items[kKinds] = {};  // disagreements by kind
  Witness witness;
  long total_items() const;
};

struct PairReport {
  const Ruleset* a = nullptr;
  const Ruleset* b = nullptr;
  long compared = 0;
  long moves_differ = 0;                // positions whose legal move sets differ
  long results_differ = 0;              // positions where a common move's result or status differs
  long outcomes_differ = 0;             // positions whose status differs
  std::map<std::string, long> skipped;  // by reason (the BPN key one side cannot hold)
  std::vector<Group> groups;            // most positions first
};

struct Report {
  std::vector<const Ruleset*> rulesets;
  long positions = 0;  // random-play positions asked for
  std::uint64_t seed = 0;
  std::map<std::string, long> walked;  // random-play positions per ruleset
  long scenario_positions = 0;         // distinct positions from scenario files
  long scenario_files = 0;
  long corpus = 0;           // all corpus positions
  long corpus_compared = 0;  // corpus positions compared under some pair
  std::vector<std::string> scenario_args;
  std::vector<PairReport> pairs;  // in report order: (0,1), (0,2), ..., (1,2), ...
  std::uint32_t shard_index = 0;  // the part of the run it holds (Options::shard_*)
  std::uint32_t shard_count = 1;
  // The build and the corpus (oracle/core/provenance.hpp): the corpus hash
  // is that of the scenario positions, in order (the random play follows
  // from the seed and the catalogue); the command is reproduce_command(),
  // since --out and --jobs change nothing in the report.
  Provenance provenance;
};

// Runs the comparison. Errors: bad options, scenario files that do not load.
Expected<Report> run(const Options& options);

// Compares one position under two rulesets, as the report does for each
// corpus position (the position counts as the start of a line under `a`).
PairReport compare_position(const Ruleset& a, const Ruleset& b, const Position& pos);

// ---- Output -------------------------------------------------------------------

// The command that reproduces the report (without --out and --jobs; with
// --shard for a shard's report).
std::string reproduce_command(const Report& report);

std::string render_markdown(const Report& report);
std::string render_json(const Report& report);

// The HTML pages (docs/divergence.md, "The HTML pages"): report.html, the
// index; adjudication.html, the cards of the groups that set two sources
// against each other; and pairs/<a>--<b>.html, one page per pair.
struct HtmlPage {
  std::string path;  // under the report folder
  std::string text;
};
std::vector<HtmlPage> render_html_pages(const Report& report);
std::string render_html(const Report& report);  // report.html
std::string render_adjudication_html(const Report& report);

// File names of the witnesses under witnesses/, one per group, report order.
struct WitnessFile {
  std::string stem;  // e.g. "ap-zanzibar--guide-v2--03"
  const PairReport* pair;
  const Group* group;
};
std::vector<WitnessFile> witness_files(const Report& report);

// A witness as a scenario file (docs/scenarios.md) with one expectation per
// ruleset of its pair, and as a picture.
std::string witness_yaml(const WitnessFile& file);
std::string witness_svg(const Witness& witness, std::string_view id_prefix);
// Both rulesets' traces of the witness's moves, side by side, as
// step-through replays (oracle/notation/replay.hpp); the first replay of
// `page` brings the page's script. Empty when neither side shows a move.
std::string witness_replays(const Witness& witness, replay::PageReplays& page);

// Writes report.md, report.json, the HTML pages (report.html,
// adjudication.html, pairs/*.html) and witnesses/*.{yaml,svg} as one set that replaces the folder
// `dir` in one step (replace_folder, oracle/core/files.hpp): the old set, stale witnesses included,
// goes; other plain files in `dir` are kept. Returns the number of witnesses written.
Expected<int> write_report(const Report& report, const std::string& dir);

// ---- Shards and their merge (merge.cpp) -------------------------------------------

// Whether `text` is (or claims to be) a report.json written by `diverge`:
// `report merge` tells divergence reports from check reports by it.
bool is_report_json(std::string_view text);

// Joins the report.json texts of every shard of one run (`names[i]` names
// `texts[i]` in errors) into the report the unsharded run writes: counts
// added, each group's smallest witness kept and compared again by this
// build, so that the report files it writes are the single run's byte for
// byte. Refused, naming the files: text that is not such a report, reports
// of different runs or builds, a shard given twice, a missing shard.
Expected<Report> merge_reports(const std::vector<std::string>& texts,
                               const std::vector<std::string>& names);

// ---- The command --------------------------------------------------------------

// The options of `bao-oracle diverge` (oracle/cli/diverge_command.hpp).
struct CommandOptions {
  std::string rulesets{kDefaultRulesets};  // comma-separated ids
  long positions = kDefaultPositions;
  std::uint64_t seed = kDefaultSeed;
  std::optional<int> jobs;  // default: one per hardware thread (at most kMaxJobs)
  std::string shard;        // "I/N", or empty for the whole run
  std::string out{kDefaultOut};
  std::vector<std::string> scenarios;  // empty: the repository's scenarios/
  bool quiet = false;                  // no summary on `out`
  // A progress line on `err`, rewritten in place and cleared at the end
  // (the CLI asks for it when stderr is a terminal, or with --progress).
  bool progress = false;
};

// The summary `diverge` prints: a line per pair, with its largest group.
void print_summary(const Report& report, std::ostream& out);

// The line that says where the report went (`dir`, made absolute) and
// what it holds, `witnesses` the number write_report returned.
std::string written_line(const Report& report, const std::string& dir, int witnesses);

// `report merge` of divergence reports: reads the shards' report.json files,
// merges them (merge_reports) and writes the report folder `out_dir` as
// `diverge --out` does; the same summary on `out`. Exit status 0, or 2 with
// one `bao-oracle: report merge: ...` line on `err`.
int run_merge_command(const std::vector<std::string>& paths, const std::string& out_dir,
                      std::ostream& out, std::ostream& err);

}  // namespace bao::diverge
