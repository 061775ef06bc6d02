// The scenario corpus of a run (docs/checker.md, "Options": --corpus): the
// positions of the scenarios that apply to its ruleset, after their moves.
#include <algorithm>
#include <set>

#include "oracle/checker/check.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {

std::vector<std::string> scenario_corpus(const std::vector<std::string>& paths,
                                         const Ruleset& ruleset, std::vector<std::string>* errors) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  const scenario::LoadResult loaded = scenario::load_paths(paths);
  if (errors != nullptr)
    for (const scenario::InputError& e : loaded.errors) errors->push_back(scenario::to_string(e));
  for (const scenario::Scenario& sc : loaded.scenarios) {
    if (std::find(sc.rulesets.begin(), sc.rulesets.end(), ruleset.id) == sc.rulesets.end())
      continue;
    Position pos;
    if (sc.position == "start") {
      pos = start_position(ruleset);
    } else {
      auto p = parse_bpn(sc.position);
      if (!p) continue;
      auto valid = validate_for_ruleset(ruleset, *p);
      if (!valid) continue;
      pos = *valid;
    }
    bool ok = true;
    for (const scenario::MoveText& m : sc.moves) {
      auto mv = parse_move(m.text, pos.to_move);
      auto next = mv ? play(ruleset, pos, *mv) : Expected<Position>(mv.error());
      if (!next) {
        ok = false;
        break;
      }
      pos = *next;
    }
    if (ok && seen.insert(to_bpn(pos)).second) out.push_back(to_bpn(pos));
  }
  return out;
}

}  // namespace bao::check
