#include "oracle/rules/abstract_play/bawo.hpp"

#include "oracle/rules/turn.hpp"

namespace bao::detail::ap {

// ap.bawo.kutakata-start-order: pits with house status (the kuu) never take
// part in the first two steps, working or not.
// ap.bawo.kuu-start-exactly-eight: the kuu alone may start holding exactly 8,
// counted before the placement (ap.kunamua.eligibility-before-placement).
std::uint8_t bawo_kutakata_pits(const Ruleset& rules, const Position& pos, std::uint8_t occupied,
                                std::uint8_t multi) {
  constexpr int kKuuStartCount = 8;
  const Side me = pos.to_move;
  std::uint8_t kuu = 0;
  for (Pit p = 0; p < kRowLength; ++p)
    if (pos.has_house(me, p)) kuu |= std::uint8_t(1u << p);
  const bool any_count = rules.off[Mutation::BawoKuuStartAnyCount];
  if (rules.off[Mutation::BawoKuuInOrder])
    for (Pit p = 0; p < kRowLength; ++p)
      if (pos.at(me, p) < rules.working_house) kuu &= std::uint8_t(~(1u << p));
  // 1. A non-kuu front pit holding 2 or more, if any.
  if (multi & ~kuu) return multi & std::uint8_t(~kuu);
  // 2. Otherwise any occupied non-kuu front pit (all singles).
  if (occupied & ~kuu) return occupied & std::uint8_t(~kuu);
  // 3. The kuu as the only occupied front pit, holding exactly 8 before placement
  //    (ap.kunamua.eligibility-before-placement).
  const int placed = rules.off[Mutation::EligibilityAfterPlacement] ? 1 : 0;
  std::uint8_t out = 0;
  for (Pit p = 0; p < kRowLength; ++p)
    if ((occupied & kuu & (1u << p)) && (pos.at(me, p) + placed == kKuuStartCount || any_count))
      out |= std::uint8_t(1u << p);
  // 4. Otherwise no move.
  return out;
}

// ap.bawo.compulsory-kuu-kutakata: the working kuu that has never started a
// turn while keeping its status must start a mtaji-phase kutakata, or -1.
// INTERPRETATION: ap.interp.bawo-compulsory-kuu-mtaji-only -- only called
// for mtaji-phase turns.
int compulsory_house_start(const Ruleset& rules, const Position& pos) {
  if (rules.house_kutakata != HouseKutakata::ApBawoUnusedKuu) return -1;
  if (rules.off[Mutation::BawoKuuNotCompulsory]) return -1;
  const Side me = pos.to_move;
  for (Pit p = 0; p < kRowLength; ++p)
    if (is_working_house(rules, pos, me, p) && !(pos.used & pit_bit(me, p))) return p;
  return -1;
}

}  // namespace bao::detail::ap
