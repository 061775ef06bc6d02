// The oracle's own engine behind the Subject interface. Everything goes
// through protocol text, as it would for an external engine, so a scenario
// exercises the notation as well as the rules.
#include <fmt/format.h>

#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {
namespace {

// The ruleset `id` as the subject plays it: with `mutant` applied, which
// fails when the mutant's clause does not govern the ruleset.
Expected<Ruleset> ruleset_named(std::string_view id, Mutation mutant) {
  const Ruleset* r = find_ruleset(id);
  if (!r) return Error{fmt::format("ruleset '{}' is not implemented", id)};
  return mutate(*r, mutant);
}

// A BPN the ruleset can represent.
Expected<Position> position_for(const Ruleset& rules, const std::string& bpn) {
  auto pos = parse_bpn(bpn);
  if (!pos) return pos.error();
  return validate_for_ruleset(rules, *pos);
}

}  // namespace

std::string OracleSubject::name() const {
  if (mutant_ == Mutation::None) return "bao-oracle";
  for (const MutantInfo& m : all_mutants())
    if (m.id == mutant_) return fmt::format("bao-oracle (mutant {})", m.name);
  return "bao-oracle (mutant ?)";
}

bool OracleSubject::supports(std::string_view ruleset) const {
  return ruleset_named(ruleset, mutant_).ok();
}

Expected<std::string> OracleSubject::start_position(std::string_view ruleset) {
  auto rules = ruleset_named(ruleset, mutant_);
  if (!rules) return rules.error();
  return to_bpn(bao::start_position(*rules));
}

Expected<std::vector<std::string>> OracleSubject::legal_moves(std::string_view ruleset,
                                                              const std::string& bpn) {
  auto rules = ruleset_named(ruleset, mutant_);
  if (!rules) return rules.error();
  auto pos = position_for(*rules, bpn);
  if (!pos) return pos.error();
  std::vector<std::string> out;
  for (const Move& m : bao::legal_moves(*rules, *pos))
    out.push_back(move_to_string(m, pos->to_move));
  return out;
}

Expected<PlayResult> OracleSubject::play(std::string_view ruleset, const std::string& bpn,
                                         const std::string& move) {
  auto rules = ruleset_named(ruleset, mutant_);
  if (!rules) return rules.error();
  auto pos = position_for(*rules, bpn);
  if (!pos) return pos.error();
  auto m = parse_move(move, pos->to_move);
  if (!m) return m.error();
  Trace trace;
  auto after = bao::play(*rules, *pos, *m, &trace);
  if (!after) return after.error();
  std::vector<TraceItem> items;
  for (const Event& e : trace.events()) {
    const std::string_view clause = clause_name(e.clause);
    items.push_back({format_protocol_trace({e}), clause == "-" ? "" : std::string(clause)});
  }
  return PlayResult{to_bpn(*after), std::move(items)};
}

Expected<std::string> OracleSubject::status(std::string_view ruleset, const std::string& bpn) {
  auto rules = ruleset_named(ruleset, mutant_);
  if (!rules) return rules.error();
  auto pos = position_for(*rules, bpn);
  if (!pos) return pos.error();
  return to_string(bao::status(*rules, *pos));
}

}  // namespace bao::scenario
