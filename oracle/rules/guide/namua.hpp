// The illustrated guide (001_63d4a6713946ea72.txt): the front pits a namua
// takata may start from. The turn engine calls it where the record says
// KunamuaKutakataOrder::Guide (oracle/engine/engine.cpp).
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

}  // namespace bao::detail::guide
