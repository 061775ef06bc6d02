// The illustrated guide's takasia (001_63d4a6713946ea72.txt, section 09): a
// one-turn restriction of one front pit, set after a mtaji takata. Its effects
// during the defender's turn (no start from the target, the stop there) are
// in the turn loop and the move generator (oracle/engine/engine.cpp).
#pragma once

#include "oracle/engine/turn.hpp"

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

// guide.takasia.exempt: the clause that exempts the defender's pit `p`, or
// ClauseId::None.
inline ClauseId takasia_exemption(const Ruleset& rules, const Position& pos, Side owner, Pit p) {
  int occupied = 0, multi = 0;
  for (Pit q = 0; q < kRowLength; ++q) {
    occupied += pos.at(owner, q) > 0;
    multi += pos.at(owner, q) >= 2;
  }
  // 1. It holds a single piece.
  if (pos.at(owner, p) == 1 && !mutated(rules, Mutation::GuideTakasiaSingleNotExempt))  // MUTANT
    return ClauseId::GuideTakasiaExempt;
  // 2. It is the defender's only occupied front pit.
  if (occupied == 1) return ClauseId::GuideTakasiaExempt;
  // 3. It is the defender's only front pit of 2 or more.
  if (pos.at(owner, p) >= 2 && multi == 1) return ClauseId::GuideTakasiaExempt;
  // 4. It is an owned house (an unowned house position is an ordinary pit).
  if (pos.has_house(owner, p)) return ClauseId::GuideTakasiaExempt;
  return ClauseId::None;
}

// guide.takasia.expiry: the target set against the mover lasted for this
// turn only.
template <class Tracer>
void expire_takasia(TurnState<Tracer>& st) {
  if (mutated(st.rules, Mutation::GuideTakasiaLasts)) return;  // MUTANT: guide-takasia-lasts
  for (Pit p = 0; p < kRowLength; ++p)
    if (st.pos.is_blocked(st.me, p)) {
      st.pos.block &= ~pit_bit(st.me, p);
      st.trace.add(EventKind::BlockCleared, st.me, p, 0, ClauseId::GuideTakasiaExpiry);
    }
}

// guide.takasia.set: after a completed mtaji takata (the caller checks that,
// and that the game goes on: guide.takasia.not-established), the one enemy
// pit that all of the mover's first-run captures would take becomes the
// target, if the defender has no first-run capture and the pit is not exempt.
// Establishment looks at this position only, not at the defender's reply.
template <class Tracer>
void try_set_takasia(TurnState<Tracer>& st) {
  if (mutated(st.rules, Mutation::GuideNoTakasia)) return;  // MUTANT: guide-no-takasia
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
  st.trace.add(EventKind::BlockSet, them, p, st.pos.at(them, p), ClauseId::GuideTakasiaSet);
}

}  // namespace bao::detail::guide
