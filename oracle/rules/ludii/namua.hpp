// Ludii's description: the front pits a namua takata may start from, the
// single-counter start of a lone house and the namua end pit rule. The turn
// engine (oracle/engine/engine.cpp) calls them where the record names
// Ludii's values.
#pragma once

#include <cstdint>

#include "oracle/core/position.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::detail::ludii {

// `occupied` and `multi`: the mover's front pits that may start at all and
// those of them holding 2 or more, as masks (bit p: front pit p), judged
// before placement; the result is a mask of the same kind.
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi);

// ludii.house.single-counter: the working house whose placed seed alone
// moves on, or -1 (always -1 unless the record says
// TwoSeedStart::LudiiOneCounter).
int single_counter_house(const Ruleset& rules, const Position& pos);

// ludii.namua.kichwa-outward: whether a namua takata from end pit `p` toward
// the back row is refused (never unless the record says
// SoleEndPit::LudiiByPhase).
bool kichwa_outward_refused(const Ruleset& rules, const Position& pos, Pit p, Dir d);

}  // namespace bao::detail::ludii
