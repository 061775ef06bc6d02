// The illustrated guide's takasia (001_63d4a6713946ea72.txt, section 09): a
// one-turn restriction of one front pit, set after a mtaji takata. Its effects
// during the defender's turn (no start from the target, the stop there) are
// in the turn loop and the move generator (oracle/engine/engine.cpp).
#pragma once

#include "oracle/rules/turn.hpp"

namespace bao::detail::guide {

// Whether `side`, were it to move in `pos`, has a move that captures on its
// first sowing run: a namua capture while it holds pieces, otherwise a mtaji
// capture start.
inline bool has_first_run_capture(const Ruleset& rules, const Position& pos, Side side) {
  if (pos.hand[index_of(side)] > 0) {
    for (Pit p = 0; p < kRowLength; ++p)
      if (pos.at(side, p) > 0 && pos.at(opponent(side), facing(p)) > 0) return true;
    return false;
  }
  for (Pit p = 0; p < kPitsPerSide; ++p)
    for (Dir d : {Dir::L, Dir::R})
      if (first_run_capture_target(rules, pos, side, p, d) >= 0) return true;
  return false;
}

// Whether the takasia rule exempts a pit because it holds a single piece:
// guide.takasia.exempt does, ludii.takasia.exempt does not.
inline bool single_exempt(const Ruleset& rules) {
  switch (rules.takasia_exempt) {
    case TakasiaExemptions::Guide:
      return !rules.off[Mutation::GuideTakasiaSingleNotExempt];
    case TakasiaExemptions::Ludii:  // ludii.takasia.exempt names no such pit
      return rules.off[Mutation::LudiiTakasiaSingleExempt];
  }
  return true;
}

// Whether the defender's house at `p` is exempt: under guide.takasia.exempt
// an owned house, under ludii.takasia.exempt a working one.
inline bool house_exempt(const Ruleset& rules, const Position& pos, Side owner, Pit p) {
  switch (rules.takasia_exempt) {
    case TakasiaExemptions::Guide:  // an owned house, whatever it holds
      return pos.has_house(owner, p);
    case TakasiaExemptions::Ludii:
      // INTERPRETATION: ludii.interp.takasia-house-working -- the house is
      // the nyumba with status holding 6 or more.
      if (rules.off[Mutation::LudiiTakasiaHouseNotExempt]) return false;
      return pos.has_house(owner, p) && pos.at(owner, p) >= rules.working_house;
  }
  return false;
}

// guide.takasia.exempt, ludii.takasia.exempt: the clause that exempts the
// defender's pit `p`, or ClauseId::None.
inline ClauseId takasia_exemption(const Ruleset& rules, const Position& pos, Side owner, Pit p) {
  int occupied = 0, multi = 0;
  for (Pit q = 0; q < kRowLength; ++q) {
    occupied += pos.at(owner, q) > 0;
    multi += pos.at(owner, q) >= 2;
  }
  const ClauseId why = rules.cite.block_exempt;
  // 1. It holds a single piece (the guide only).
  if (pos.at(owner, p) == 1 && single_exempt(rules)) return why;
  // 2. It is the defender's only occupied front pit.
  if (occupied == 1) return why;
  // 3. It is the defender's only front pit of 2 or more.
  if (pos.at(owner, p) >= 2 && multi == 1) return why;
  // 4. It is a house (an unowned house position is an ordinary pit).
  if (house_exempt(rules, pos, owner, p)) return why;
  return ClauseId::None;
}

// guide.takasia.expiry: the target set against the mover lasted for this
// turn only (INTERPRETATION: ludii.interp.takasia-one-turn for Ludii).
template <class Tracer>
void expire_takasia(TurnState<Tracer>& st) {
  if (st.rules.off[Mutation::GuideTakasiaLasts]) return;
  for (Pit p = 0; p < kRowLength; ++p)
    if (st.pos.is_blocked(st.me, p)) {
      st.pos.block &= ~pit_bit(st.me, p);
      st.trace.add(EventKind::BlockCleared, st.me, p, 0, st.rules.cite.block_clear);
    }
}

// ludii.takasia.set (INTERPRETATION: ludii.interp.takasia-same-target) is
// Ludii's statement of the same.
// guide.takasia.set: after a completed mtaji takata (the caller checks that,
// and that the game goes on: guide.takasia.not-established), the one enemy
// pit that all of the mover's first-run captures would take becomes the
// target, if the defender has no first-run capture and the pit is not exempt.
// Establishment looks at this position only, not at the defender's reply.
template <class Tracer>
void try_set_takasia(TurnState<Tracer>& st) {
  if (st.rules.off[Mutation::GuideNoTakasia]) return;
  const Side them = st.them();
  if (has_first_run_capture(st.rules, st.pos, them)) return;
  const int target = common_capture_target(st.rules, st.pos, st.me);
  if (target < 0) return;
  const Pit p = static_cast<Pit>(target);
  if (const ClauseId why = takasia_exemption(st.rules, st.pos, them, p); why != ClauseId::None) {
    st.trace.add(EventKind::BlockExempt, them, p, st.pos.at(them, p), why);
    return;
  }
  // guide.takasia.expiry: a new target replaces any other.
  st.pos.block = (st.pos.block & ~side_mask(them)) | pit_bit(them, p);
  st.trace.add(EventKind::BlockSet, them, p, st.pos.at(them, p), st.rules.cite.block_set);
}

}  // namespace bao::detail::guide
