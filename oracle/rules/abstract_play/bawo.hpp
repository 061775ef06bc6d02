// Abstract Play's Bawo page (000_e996fb56c9001892.txt, the Malawi Bawo
// rules): the front pits a kunamua kutakata may start from, in the page's
// order (where the record says KunamuaKutakataOrder::ApBawo), and the kuu
// that must start a mtaji-phase kutakata. The turn engine
// (oracle/engine/engine.cpp) calls them.
#pragma once

#include <cstdint>

#include "oracle/core/position.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::detail::ap {

// `occupied` and `multi`: the mover's front pits that may start at all and
// those of them holding 2 or more, as masks (bit p: front pit p), judged
// before placement; the result is a mask of the same kind.
std::uint8_t bawo_kutakata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                                std::uint8_t multi);

// ap.bawo.compulsory-kuu-kutakata: the kuu that must start a mtaji-phase
// kutakata, or -1 (always -1 unless the record says
// HouseKutakata::ApBawoUnusedKuu).
int compulsory_house_start(const Ruleset& rules, const Position& pos);

}  // namespace bao::detail::ap
