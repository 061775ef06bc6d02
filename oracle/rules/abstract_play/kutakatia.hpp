// Abstract Play's kutakatia (blocking): when a block is set after a
// non-capturing turn, and its exemptions. Its effects during a turn live in
// the turn loop (oracle/engine/engine.cpp) and in turn.hpp.
// Source: 000_e996fb56c9001892.txt, the kutakatia paragraphs.
#pragma once

#include "oracle/rules/turn.hpp"

namespace bao::detail::ap {

// ap.kutakatia.exempt-house, ap.kutakatia.exempt-only-occupied,
// ap.kutakatia.exempt-only-multi: the clause that exempts `p` from a block,
// or ClauseId::None.
inline ClauseId block_exemption(const Ruleset& rules, const Position& pos, Side owner, Pit p) {
  // 1. A house with status holding at least the working threshold.
  if (pos.has_house(owner, p) && pos.at(owner, p) >= rules.working_house &&
      !rules.off[Mutation::BlockHouseNotExempt])
    return ClauseId::ApBlockExemptHouse;
  int occupied = 0, multi = 0;
  for (Pit q = 0; q < kRowLength; ++q) {
    occupied += pos.at(owner, q) > 0;
    multi += pos.at(owner, q) >= 2;
  }
  // 2. The owner's only occupied front pit.
  if (occupied == 1 && !rules.off[Mutation::BlockOnlyOccupiedNotExempt])
    return ClauseId::ApBlockExemptOnly;
  // 3. A pit of 2+ that is the owner's only front pit of 2+.
  if (pos.at(owner, p) >= 2 && multi == 1 && !rules.off[Mutation::BlockOnlyMultiNotExempt])
    return ClauseId::ApBlockExemptOnlyMulti;
  return ClauseId::None;
}

// ap.kutakatia.set: after a completed mtaji-phase kutakata (the caller
// checks that; ap.interp.block-after-mtaji-phase-kutakata), block the one
// enemy pit all of the mover's captures would first take.
template <class Tracer>
void try_set_block(TurnState<Tracer>& st) {
  if (st.rules.off[Mutation::NoBlock]) return;
  // INTERPRETATION: ap.interp.block-hypothetical-captures -- the mtaji capture
  // starts (2 to capture_start_max seeds, first sowing), blocks ignored.
  const int target = common_capture_target(st.rules, st.pos, st.me);
  if (target < 0) return;
  const Side them = st.them();
  const Pit p = static_cast<Pit>(target);
  if (const ClauseId why = block_exemption(st.rules, st.pos, them, p); why != ClauseId::None) {
    st.trace.add(EventKind::BlockExempt, them, p, st.pos.at(them, p), why);
    return;
  }
  // INTERPRETATION: ap.interp.block-one-per-side -- the new block replaces any
  // other block on that side.
  st.pos.block = (st.pos.block & ~side_mask(them)) | pit_bit(them, p);
  st.trace.add(EventKind::BlockSet, them, p, st.pos.at(them, p), ClauseId::ApBlockSet);
}

}  // namespace bao::detail::ap
