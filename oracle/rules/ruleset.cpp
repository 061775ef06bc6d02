#include "oracle/rules/ruleset.hpp"

#include <fmt/format.h>

namespace bao {

bool governs(const Ruleset& rules, ClauseId id) {
  for (ClauseId c : rules.clauses)
    if (c == id) return true;
  return false;
}

bool mutant_applies(const Ruleset& rules, const MutantInfo& m) {
  if (governs(rules, m.clause) || (m.also != ClauseId::None && governs(rules, m.also))) return true;
  for (ClauseId c : m.also_more)
    if (c != ClauseId::None && governs(rules, c)) return true;
  return false;
}

Expected<Ruleset> mutate(const Ruleset& rules, Mutation m) {
  if (m == Mutation::None) return rules;
  const MutantInfo& info = all_mutants()[static_cast<std::size_t>(m) - 1];
  if (!mutant_applies(rules, info))
    return Error{fmt::format("mutant {} breaks {}, which does not govern {}", info.name,
                             clause_name(info.clause), rules.id)};
  Ruleset out = rules;
  out.mutations.insert(m);
  // Threshold mutants change the record's numbers; every other mutant is a
  // clause played against its text, its value of OffText.
  switch (m) {
    case Mutation::HouseWorksAtSeven:
      out.working_house = rules.working_house + 1;
      break;
    case Mutation::CaptureStartFourteen:
      out.capture_start_max = rules.capture_start_max - 1;
      break;
    case Mutation::CutoffIgnored:
      out.cutoff_rule = CutoffRule::None;
      break;
    case Mutation::CutoffHalved:
      out.cutoff = rules.cutoff / 2;
      break;
    case Mutation::BawoCaptureFifteen:
      out.capture_start_max = rules.capture_start_max + 1;
      break;
    case Mutation::MalawiThresholdSix:
      out.working_house = 6;
      break;
    case Mutation::SiteQuietLimit51:
      out.single_lap.quiet_limit = rules.single_lap.quiet_limit + 1;
      break;
    default:
      out.off.set(m);
      break;
  }
  return out;
}

}  // namespace bao
