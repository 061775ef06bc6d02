#include "oracle/catalog/mutation.hpp"

#include <array>

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

}  // namespace bao
