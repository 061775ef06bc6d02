// The illustrated guide (001_63d4a6713946ea72.txt): the front pits a namua
// takata may start from, the sole end pit rule and the two-piece start of a
// lone owned house. The turn engine (oracle/engine/engine.cpp) calls them
// where the record names the guide's values.
#pragma once

#include <cstdint>

#include "oracle/core/position.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::detail::guide {

// `occupied` and `multi`: the mover's front pits that may start at all and
// those of them holding 2 or more, as masks (bit p: front pit p), judged
// before placement; the result is a mask of the same kind.
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi);

// guide.start.sole-end-pit: whether a takata from `p` in direction `d` would
// sow the mover's only occupied front pit, an end pit, into the back row.
bool empties_sole_end_pit(const Position& pos, Pit p, Dir d);

// guide.nyumba.two-piece-start: the owned house that may start a two-piece
// turn, or -1 (always -1 unless the record says
// TwoSeedStart::GuideOwnedHouseAlone).
int two_piece_house(const Ruleset& rules, const Position& pos);

}  // namespace bao::detail::guide
