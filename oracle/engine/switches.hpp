// Switches: the catalogue of ways a ruleset can be played otherwise. A switch
// is either a clause mutant (oracle/catalog/mutation.hpp: a deliberately wrong
// variant of one clause) or a *choice*: another value of one of the ruleset
// record's variation points or thresholds, the way another source decided
// the same question (ap-zanzibar's end-of-turn front-row check played the
// guide's immediate way, say). The checker's diagnosis searches these for
// the switch under which the oracle answers as an engine did; a divergence
// report uses them to name the clause behind a move one source forbids.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/expected.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao {

enum class SwitchKind : std::uint8_t {
  Mutant,  // a clause mutant
  Choice,  // another value of a variation point or threshold of the record
};

struct Switch {
  SwitchKind kind = SwitchKind::Mutant;
  // Stable id: a mutant's name ("capture-needs-three"), or for a choice the
  // variation point and the value, "front-empty=immediate",
  // "working-house=7" (lower case, words joined by '-').
  std::string id;
  // The clause of the ruleset the switch was made for that it departs from:
  // a mutant's clause (or the statement of the same rule that governs the
  // ruleset), a choice's clause for the ruleset's own value. Never None.
  ClauseId clause = ClauseId::None;
  // A choice: the clause of the source whose way it plays (for a value with
  // no clause of its own there, such as no protection, the source's clause
  // that the other values override). None for mutants.
  ClauseId plays_as = ClauseId::None;
  // What the ruleset does under the switch, one line in our words
  // ("a capture that empties a front row ends the game at once").
  std::string meaning;
  Mutation mutant = Mutation::None;  // kind Mutant
  // A choice: the ruleset it takes the value from, the first in
  // all_rulesets() order that has a clause of its own for the value (else
  // the first that uses it). Null for mutants.
  const Ruleset* source = nullptr;
};

// Every switch that applies to `rules` and changes its record: the mutants
// whose clause governs it (catalogue order), then the choices, variation
// point by variation point. Only values that some ruleset of the same turn
// family uses are offered as choices, and only those that can change an
// answer of `rules` and that the engine can play with the rest of its
// record (oracle/engine/switches.cpp says which are left out, and why).
std::vector<Switch> switches_for(const Ruleset& rules);

// The switch of `rules` with this id, if any.
std::optional<Switch> find_switch(const Ruleset& rules, std::string_view id);

// `rules` with all of `switches` applied. An error when two of them set the
// same variation point or threshold, or one does not apply to `rules`.
Expected<Ruleset> apply_switches(const Ruleset& rules, std::span<const Switch> switches);

// `rules` with the switches named by `ids` (mutant names and choice ids)
// applied: `bao-oracle engine --mutant a,b`. An error names an id that is
// unknown or not a switch of `rules`, or two that set the same point.
Expected<Ruleset> apply_switch_ids(const Ruleset& rules, std::span<const std::string> ids);

}  // namespace bao
