// The play site's Kiswahili rules: the front pits a seed may be placed in
// without a capture, and the bare inner row that leaves a player without a
// move. The turn engine (oracle/engine/engine.cpp) calls them where the
// record names the site's values.
#pragma once

#include <cstdint>

#include "oracle/core/position.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::detail::site_kiswahili {

// `occupied` and `multi`: the mover's front pits that may start at all and
// those of them holding 2 or more, as masks (bit p: front pit p), judged
// before placement; the result is a mask of the same kind.
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi);

// site.kiswahili.bare-inner-row: whether the side to move has no move
// because its front row is bare while it holds seeds (never unless the
// record says FrontEmptyCheck::SiteNamuaNoMove).
bool namua_bare_row(const Ruleset& rules, const Position& pos);

}  // namespace bao::detail::site_kiswahili
