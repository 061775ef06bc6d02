// What `check` is asked to do, typed, and the one place it is checked
// (docs/architecture.md, "The checker"; docs/checker.md, "Options"). The
// command line fills a CheckRequest; plan_check() turns it, before any
// engine starts, into a CheckPlan: everything that can be wrong with the
// request without asking the engine is said there, once (the ruleset, the
// options that need one ruleset, the --given switches, the --accept file,
// the scenarios folder). options_for() then gives one ruleset's
// CheckOptions, the value run_check() runs (and the --jobs workers are
// given whole, options_to_json()).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/checker/accept.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/core/text.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check {

// The options of `check` that decide what is played and judged (not where
// the reports go, nor how the engine is run).
struct CheckRequest {
  std::string ruleset;  // a ruleset id, or "all": every ruleset the engine lists
  Search search = Search::Coverage;
  std::uint64_t seed = 1;
  std::uint64_t games = 200;
  double time = 0;                          // seconds; instead of `games` when positive
  Shard shard;                              // of the campaign (--shard I/N)
  std::optional<std::uint64_t> only_game;   // --game: replay one game
  std::optional<std::uint64_t> stop_after;  // --stop-after: failing games
  std::vector<std::string> corpus;          // --corpus paths; empty: the scenarios folder
  bool no_corpus = false;
  std::string corpus_hash;   // --corpus-hash; empty: any corpus
  std::uint64_t budget = 0;  // engine requests; 0: no limit
  bool strict_reachability = false;
  std::string accept_file;
  std::vector<std::string> given;
};

// A request checked: the request, the --accept entries read, and the
// scenario paths the corpus is read from (as given, or the folder found).
struct CheckPlan {
  CheckRequest request;
  std::vector<AcceptEntry> accept;
  std::vector<std::string> corpus_paths;
  bool corpus_found = false;  // the scenarios folder was found, not given
  bool all() const { return request.ruleset == "all"; }
};

// The request checked and its files read, or the first thing wrong with it
// as the command line's user gave it ("--ruleset: unknown ruleset 'x' ...").
Expected<CheckPlan> plan_check(const CheckRequest& request);

// --ruleset all, once the engine has listed its rulesets: every accept
// entry names a switch or clause of some ruleset checked, and each
// ruleset's entries combine.
Expected<void> plan_fits(const CheckPlan& plan, const std::vector<const Ruleset*>& rulesets);

// The options of the run of `rules` (the request's ruleset, or one of
// --ruleset all's): the corpus read from the plan's paths (a broken
// scenario file is left out, its error added to `left_out`), its hash
// checked against --corpus-hash, the accept entries for `rules` applied.
Expected<CheckOptions> options_for(const CheckPlan& plan, const Ruleset& rules,
                                   std::vector<std::string>* left_out = nullptr);

// One ruleset's options whole (its corpus included), as JSON: what the
// supervisor of --jobs gives each worker, so that a worker reads no
// option, --accept file or scenario again. Read back, an error names
// `where` and what is wrong; to_json and back gives the same options.
std::string options_to_json(const CheckOptions& c);
Expected<CheckOptions> options_from_json(std::string_view text, const std::string& where);

}  // namespace bao::check
