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
      rules.off[Mutation::LudiiHouseEmptied] ? occupied : occupied & std::uint8_t(~house);
  if (house || rules.off[Mutation::GuideSinglesAlways]) return allowed;
  return (multi & allowed) ? std::uint8_t(multi & allowed) : allowed;
}

// ludii.house.single-counter: the working house that is the only occupied
// front pit (judged before the placement), or -1.
// INTERPRETATION: ludii.interp.house-only-front -- back pits do not count.
int single_counter_house(const Ruleset& rules, const Position& pos) {
  if (rules.two_seed != TwoSeedStart::LudiiOneCounter) return -1;
  if (rules.off[Mutation::LudiiNoSingleCounter]) return -1;
  const Side me = pos.to_move;
  const int only = only_occupied_front_pit(pos, me);
  return only >= 0 && is_working_house(rules, pos, me, static_cast<Pit>(only)) ? only : -1;
}

// ludii.namua.kichwa-outward: in namua an end pit may be sown toward the
// back row only when it is the only occupied front pit (after namua
// ludii.mtaji.sole-kichwa rules instead: ludii.interp.kichwa-rules-per-phase).
bool kichwa_outward_refused(const Ruleset& rules, const Position& pos, Pit p, Dir d) {
  if (rules.sole_end_pit != SoleEndPit::LudiiByPhase || !is_kichwa(p)) return false;
  if (d != (p == front_pit(1) ? Dir::L : Dir::R)) return false;
  if (rules.off[Mutation::LudiiKichwaOutwardFree]) return false;
  for (Pit q = 0; q < kRowLength; ++q)
    if (q != p && pos.at(pos.to_move, q) > 0) return true;
  return false;
}

}  // namespace bao::detail::ludii
