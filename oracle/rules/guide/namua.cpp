#include "oracle/rules/guide/namua.hpp"

#include "oracle/rules/turn.hpp"

namespace bao::detail::guide {

// guide.namua.takata-start: pits of 2 or more (before the addition), single
// pieces only when there are none or while the house is owned, and never an
// owned house of 6 or more.
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi) {
  constexpr int kHouseStop = 6;
  const Side me = pos.to_move;
  std::uint8_t big_house = 0;
  bool owns_house = false;
  for (Pit p = 0; p < kRowLength; ++p) {
    if (!pos.has_house(me, p)) continue;
    owns_house = true;
    if (pos.at(me, p) >= kHouseStop) big_house |= std::uint8_t(1u << p);
  }
  const std::uint8_t allowed = occupied & std::uint8_t(~big_house);
  if (owns_house || rules.off.guide_singles_always) return allowed;
  return (multi & allowed) ? std::uint8_t(multi & allowed) : allowed;
}

}  // namespace bao::detail::guide
