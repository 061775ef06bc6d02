// The --accept file (docs/checker.md, "Accepting known deviations"): the
// known deviations a run models from the start, read and checked against
// a ruleset.
#pragma once

#include <string>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check {

// One entry of the --accept file.
struct AcceptEntry {
  std::string switch_id;  // a switch id, or empty
  std::string clause;     // a clause id, or empty
  std::string reason;
  std::vector<std::string> rulesets;  // where it holds; empty: every ruleset
  std::string where;                  // "FILE:LINE" of the entry
  std::string id_where;               // "FILE:LINE" of its switch or clause
};

// Reads the --accept file: a YAML map with one key, `accept`, a list of
// entries each naming a `switch` (a switch id of the ruleset, modelled
// from the start) or a `clause` (deviations on it are accepted however
// they are found), a non-empty `reason`, and optionally `rulesets`, the
// ids of the rulesets it holds for (for --ruleset all).
Expected<std::vector<AcceptEntry>> read_accept_entries(const std::string& path);

// Whether the entry names a switch or a clause of `rules`.
bool accept_fits(const AcceptEntry& a, const Ruleset& rules);

// Whether the entry holds for `rules` (its `rulesets`, or every ruleset).
bool accept_holds_for(const AcceptEntry& a, const Ruleset& rules);

// The entries that hold for `rules`, into `c`. `strict` (one --ruleset):
// an entry for it that names no switch or clause of it is an error;
// otherwise (--ruleset all) such an entry is left to the other rulesets.
Expected<void> apply_accept(const std::vector<AcceptEntry>& entries, const Ruleset& rules,
                            bool strict, CheckOptions& c);

}  // namespace bao::check
