#include "oracle/rules/ludii/namua.hpp"

#include "oracle/rules/turn.hpp"

namespace bao::detail::ludii {

// ludii.house.not-emptied and ludii.namua.singles: without a capture the seed
// never goes into the house (while it holds 6 or more, unemptied), and a pit
// of one only takes it when no occupied front pit holds more or while the
// house stands.
// INTERPRETATION: ludii.interp.judged-before-placement,
// ludii.interp.singles-takata-only (captures from lone seeds stay open).
std::uint8_t takata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                         std::uint8_t multi) {
  const Side me = pos.to_move;
  std::uint8_t house = 0;
  for (Pit p = 0; p < kRowLength; ++p)
    if (is_working_house(rules, pos, me, p)) house |= std::uint8_t(1u << p);
  const std::uint8_t allowed =
      rules.off.ludii_house_emptied ? occupied : occupied & std::uint8_t(~house);
  if (house || rules.off.guide_singles_always) return allowed;
  return (multi & allowed) ? std::uint8_t(multi & allowed) : allowed;
}

}  // namespace bao::detail::ludii
