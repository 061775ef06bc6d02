// `check --ruleset all`: every ruleset the engine lists that the oracle
// knows, each checked as `check --ruleset R` checks it, and reported both
// one by one (each a normal report) and together (one summary, one JUnit
// file, one JSON document). docs/checker.md, "Every ruleset at once".
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/request.hpp"
#include "oracle/core/enum_names.hpp"

namespace bao::check {

struct AllResult {
  std::string engine;     // the engine's name, from the handshake
  std::string command;    // how it was started
  Provenance provenance;  // of the whole run (its corpus field empty: each run has its own)
  // The engine's `rulesets` payload, as it wrote it.
  std::vector<std::string> listed;
  // What it lists that is no ruleset of this oracle: not checked.
  std::vector<std::string> unknown;
  // The oracle's rulesets the engine does not list: not checked.
  std::vector<std::string> not_listed;
  // Rulesets to check that an interruption left unchecked.
  std::vector<std::string> not_reached;
  // One per ruleset checked, in the catalogue's order; each holds the
  // options it ran with (--games, --time, --budget and --stop-after apply
  // to each ruleset on its own).
  std::vector<CheckResult> runs;
  friend bool operator==(const AllResult&, const AllResult&) = default;
};

// What `--ruleset all` is given to check one ruleset with (in this process
// or by the workers of --jobs) and to say what it does.
struct AllHooks {
  // Checks one ruleset, the k-th of the n checked, with its options.
  std::function<Expected<CheckResult>(CheckOptions options, std::size_t k, std::size_t n)> check;
  // Once true, no further ruleset is started (an interruption): those left
  // are `not_reached`.
  std::function<bool()> stop;
  // A line for the transcript of the exchange ("ruleset guide-v2").
  std::function<void(std::string_view)> note;
  // A scenario file of the corpus that did not load (left out), each time
  // a ruleset's corpus is read.
  std::function<void(const std::string&)> left_out;
};

// --ruleset all, once the engine's handshake has given its name and its
// `rulesets` (`listed`): every ruleset it lists that this oracle knows,
// checked in turn in the catalogue's order, each with options_for(plan, R),
// as `--ruleset R` with the same options would be. The result has no
// command nor provenance yet. An error, before any ruleset is checked, when
// the engine lists none of them or an --accept entry fits no ruleset
// checked; and when a ruleset's options or run fail ("guide-v2: ...").
Expected<AllResult> check_all(const CheckPlan& plan, std::string engine,
                              std::vector<std::string> listed, const AllHooks& hooks);

// What one ruleset's run came to, for the summaries.
#define BAO_RUN_VERDICTS(X)    \
  X(Ok, "ok")                  \
  X(Findings, "findings")      \
  X(NotChecked, "not checked") \
  X(Interrupted, "interrupted")
BAO_NAMED_ENUM(RunVerdict, int, BAO_RUN_VERDICTS)
RunVerdict verdict(const CheckResult& r);

// The totals of the runs (their stats added up, the longest time summed:
// the rulesets are checked one after another).
Stats total_stats(const AllResult& a);

// JSON of format "bao-oracle-check-all-1": the lists above, the totals and
// `reports`, one "bao-oracle-check-3" report per ruleset as to_json writes it.
std::string to_json(const AllResult& a);
// Whether `text` claims that format (its "format" key), to tell it from a
// single report before reading.
bool is_all_json(std::string_view text);
Expected<AllResult> all_from_json(std::string_view text, const std::string& where);
// summary.md: one table row per ruleset, the rulesets not checked, the
// limits and the provenance.
std::string to_markdown(const AllResult& a);
// index.html: summary.md as a page, linking each ruleset's report.html.
std::string to_html(const AllResult& a);
// One JUnit document: each run's testsuite, then, when some ruleset was not
// checked, a testsuite of skipped testcases naming each and why.
std::string to_junit(const AllResult& a);
// The terminal summary: the diagnosis of each ruleset with findings, then
// one line per ruleset and a total.
std::string summary_text(const AllResult& a);
// Writes DIR/summary.md, DIR/junit.xml, DIR/report.json (to_json) and
// DIR/R/ for each run (the files of write_report), all in one step.
Expected<void> write_report(const AllResult& a, const std::string& dir);

// Joins the `all` reports of the shards of one run: ruleset by ruleset, as
// merge() joins single reports. An error when they are not of one run
// (another engine, another listing) or a ruleset's shards do not merge.
Expected<AllResult> merge_all(const std::vector<AllResult>& parts, const MergeOptions& how = {});

}  // namespace bao::check
