// Ways of playing a clause against its text: one value per clause mutant
// (oracle/catalog/mutation.hpp), the mutant's BAO_MUTANT line in its
// source's mutants.def, which says what it plays and which clause it departs
// from. Every value is the text's (off) in every ruleset of the catalogue;
// mutate() (oracle/rules/ruleset.cpp) sets the mutant's own, except for a
// threshold mutant, which changes a number of the record instead. The rule
// code reads them like any other value of the record, where the clause is
// decided (`rules.off[Mutation::NoRelay]`), so a mutant needs no hook of its
// own there.
#pragma once

#include "oracle/catalog/mutation.hpp"

namespace bao {

class OffText {
 public:
  // Whether the clause that mutant `m` breaks is played as `m` says.
  constexpr bool operator[](Mutation m) const { return played_.contains(m); }
  // Plays the clause as `m` says (mutate() does, for a clause mutant).
  constexpr void set(Mutation m) { played_.insert(m); }

  friend bool operator==(const OffText&, const OffText&) = default;

 private:
  MutationSet played_;
};

}  // namespace bao
