#include "oracle/core/mutation.hpp"

#include <fmt/format.h>

#include <array>

#include "oracle/core/ruleset.hpp"

namespace bao {
namespace {

// Records one more source's statement of the rule a mutant breaks.
constexpr void add_also(MutantInfo& m, ClauseId clause) {
  if (m.also == ClauseId::None) {
    m.also = clause;
    return;
  }
  for (ClauseId& slot : m.also_more)
    if (slot == ClauseId::None) {
      slot = clause;
      return;
    }
  throw "a mutant names more sources than MutantInfo holds";  // compile-time error
}

constexpr auto kMutants = [] {
  std::array list{
#define BAO_MUTANT(ident, name, clause, change) \
  MutantInfo{Mutation::ident, name, ClauseId::clause, ClauseId::None, change},
#define BAO_MUTANT_ALSO(ident, clause)
#include "oracle/rules/abstract_play/mutants.def"
#include "oracle/rules/guide/mutants.def"
#include "oracle/rules/ludii/mutants.def"
#include "oracle/rules/site/mutants.def"
#include "oracle/rules/site_kiswahili/mutants.def"
#undef BAO_MUTANT_ALSO
#undef BAO_MUTANT
  };
#define BAO_MUTANT(ident, name, clause, change)
#define BAO_MUTANT_ALSO(ident, clause) \
  list[static_cast<std::size_t>(Mutation::ident) - 1].also = ClauseId::clause;
#include "oracle/rules/guide/mutants.def"
#undef BAO_MUTANT_ALSO
  // Sources after the guide that state a mutant's rule too.
#define BAO_MUTANT_ALSO(ident, clause) \
  add_also(list[static_cast<std::size_t>(Mutation::ident) - 1], ClauseId::clause);
#include "oracle/rules/ludii/mutants.def"
#include "oracle/rules/site_kiswahili/mutants.def"
#undef BAO_MUTANT_ALSO
#undef BAO_MUTANT
  return list;
}();
static_assert(kMutants.size() < MutationSet::kCapacity, "MutationSet needs more words");

}  // namespace

std::span<const MutantInfo> all_mutants() {
  return kMutants;
}

const MutantInfo* find_mutant(std::string_view name) {
  for (const MutantInfo& m : kMutants)
    if (m.name == name) return &m;
  return nullptr;
}

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
  const MutantInfo& info = kMutants[static_cast<std::size_t>(m) - 1];
  if (!mutant_applies(rules, info))
    return Error{fmt::format("mutant {} breaks {}, which does not govern {}", info.name,
                             clause_name(info.clause), rules.id)};
  Ruleset out = rules;
  out.mutations.insert(m);
  // Threshold mutants change the record's data; the others are consulted
  // where their clause is played.
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
      break;
  }
  return out;
}

}  // namespace bao
