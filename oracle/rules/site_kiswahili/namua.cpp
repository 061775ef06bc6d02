#include "oracle/rules/site_kiswahili/namua.hpp"

#include "oracle/rules/turn.hpp"

namespace bao::detail::site_kiswahili {

// site.kiswahili.place-occupied and site.kiswahili.house-two-seed: without a
// capture, the seed goes into any occupied front pit except a house, which
// only takes it for the two-seed start (guide::two_piece_house).
// INTERPRETATION: site.interp.kiswahili-singles-may-start -- lone seeds too.
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi) {
  const Side me = pos.to_move;
  std::uint8_t houses = 0;
  for (Pit p = 0; p < kRowLength; ++p)
    if (pos.has_house(me, p)) houses |= std::uint8_t(1u << p);
  if (rules.off[Mutation::SiteKiswPlaceEmpty]) occupied = 0xFF;
  if (rules.off[Mutation::SiteKiswHouseWholeStart]) houses = 0;
  const std::uint8_t allowed = occupied & std::uint8_t(~houses);
  if (rules.off[Mutation::SiteKiswSinglesLast] && (multi & allowed)) return multi & allowed;
  return allowed;
}

// site.kiswahili.bare-inner-row: the side to move still holds seeds and its
// front row is bare, so it has no move and loses (reason no-move).
bool namua_bare_row(const Ruleset& rules, const Position& pos) {
  if (rules.front_empty != FrontEmptyCheck::SiteNamuaNoMove) return false;
  if (rules.off[Mutation::SiteKiswBareRowFrontEmpty]) return false;
  return pos.hand[index_of(pos.to_move)] > 0 && pos.front_total(pos.to_move) == 0;
}

}  // namespace bao::detail::site_kiswahili
