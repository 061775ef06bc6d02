// Clause mutants: deliberately wrong variants of single clauses, to prove that
// the scenario suite and the engine checker catch real mistakes. A mutant is a
// copy of a ruleset record with the mutant in its `mutations` (several may be
// there at once) and the value it changes set: a threshold, or its own value
// of the record's OffText (oracle/rules/off_text.hpp), which the rule code
// reads where the clause is decided (`rules.off[Mutation::NoRelay]`). The
// list of mutants lives beside each source's clause catalog
// (oracle/rules/<source>/mutants.def): a BAO_MUTANT line there is the whole
// mutant but for its rule code.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "oracle/catalog/clause.hpp"

namespace bao {

enum class Mutation : std::uint8_t {
  None = 0,
#define BAO_MUTANT(ident, name, clause, change) ident,
#define BAO_MUTANT_ALSO(ident, clause)
#include "oracle/rules/abstract_play/mutants.def"
#include "oracle/rules/guide/mutants.def"
#include "oracle/rules/ludii/mutants.def"
#include "oracle/rules/site/mutants.def"
#include "oracle/rules/site_kiswahili/mutants.def"
#undef BAO_MUTANT_ALSO
#undef BAO_MUTANT
};

// A set of mutants, a small value: one bit per mutant (there are fewer than
// 128). Mutation::None is never a member.
class MutationSet {
 public:
  static constexpr std::size_t kCapacity = 128;

  constexpr bool contains(Mutation m) const {
    const auto i = static_cast<std::size_t>(m);
    return m != Mutation::None && (words_[i / 64] >> (i % 64) & 1u) != 0;
  }
  // Adds `m`; adding Mutation::None changes nothing.
  constexpr void insert(Mutation m) {
    if (m == Mutation::None) return;
    const auto i = static_cast<std::size_t>(m);
    words_[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  constexpr bool empty() const { return words_[0] == 0 && words_[1] == 0; }
  friend constexpr bool operator==(const MutationSet&, const MutationSet&) = default;

 private:
  std::array<std::uint64_t, 2> words_{};
};

struct MutantInfo {
  Mutation id;
  std::string_view name;                // stable id, e.g. "entry-end-flipped"
  ClauseId clause;                      // the clause it breaks
  ClauseId also = ClauseId::None;       // the same rule as another source states it
  std::string_view change;              // what it does wrong, in one line
  std::array<ClauseId, 2> also_more{};  // ... and as further sources state it (None: unused)
};

std::span<const MutantInfo> all_mutants();
// nullptr when unknown.
const MutantInfo* find_mutant(std::string_view name);

}  // namespace bao
