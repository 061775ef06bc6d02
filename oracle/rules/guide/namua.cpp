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
  if (owns_house || rules.off[Mutation::GuideSinglesAlways]) return allowed;
  return (multi & allowed) ? std::uint8_t(multi & allowed) : allowed;
}

// guide.start.sole-end-pit: whether a takata from `p` in direction `d` would
// sow the mover's only occupied front pit, an end pit, into the back row.
bool empties_sole_end_pit(const Position& pos, Pit p, Dir d) {
  const Side me = pos.to_move;
  if (!is_kichwa(p)) return false;
  for (Pit q = 0; q < kRowLength; ++q)
    if (q != p && pos.at(me, q) > 0) return false;
  return d == (p == front_pit(1) ? Dir::L : Dir::R);
}

// guide.nyumba.two-piece-start: the owned house that is the only occupied
// front pit, or -1.
// INTERPRETATION: guide.interp.two-piece-any-count -- whatever it holds.
int two_piece_house(const Ruleset& rules, const Position& pos) {
  if (rules.two_seed != TwoSeedStart::GuideOwnedHouseAlone) return -1;
  if (rules.off[Mutation::GuideNoTwoPiece]) return -1;
  const Side me = pos.to_move;
  const int only = only_occupied_front_pit(pos, me);
  return only >= 0 && pos.has_house(me, static_cast<Pit>(only)) ? only : -1;
}

}  // namespace bao::detail::guide
