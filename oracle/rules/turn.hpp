// The state of one turn in progress and the clauses that act on it: sowing,
// relay, capture and entry at a kichwa, the nyumba rules and the cutoff.
// Internal to the engine. Each clause is one small function whose header
// names its clause id (see oracle/rules/*/clauses.def); the turn loop in
// engine.cpp calls them in the order the rule texts give.
#pragma once

#include <cassert>

#include "oracle/core/board.hpp"
#include "oracle/core/move.hpp"
#include "oracle/core/position.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::detail {

// Kunamua (reserve seeds in hand) or mtaji phase, for the turn being played.
enum class Phase : std::uint8_t { Kunamua, Mtaji };

// Whether the turn began with a capture (a mtaji turn) or not (kutakata).
enum class TurnKind : std::uint8_t { Capturing, Kutakata };

// Where the seeds of the sowing run now going on came from: a house's (a
// run that lifted a house may relay past a block where the ruleset says
// so) or any other pit's, captured seeds included.
enum class LiftedFrom : std::uint8_t { Pit, House };

// How a simulated turn ended.
enum class TurnEnd : std::uint8_t {
  Stopped,   // the turn ended normally
  Infinite,  // ap.cutoff.seeds-sown, guide.limit.relay-512
  Illegal,   // the move breaks a rule that is only visible while playing it
  GameOver,  // guide.win.immediate: a capture emptied the opponent's front row
};

template <class Tracer>
struct TurnState {
  const Ruleset& rules;
  Position pos;  // working copy, updated as the turn goes
  Side me;
  Phase phase;
  TurnKind kind;
  Dir dir;     // current sowing direction
  bool go_on;  // the move's answer to the house question (`+`)
  Tracer& trace;
  int sown = 0;                          // seeds dropped so far (ap.cutoff.seeds-sown)
  int captures = 0;                      // captures made so far this turn
  int relays = 0;                        // lifts made to continue the move (guide.limit.relay-512)
  bool first_run = true;                 // the turn's first sowing is under way
  bool question_arose = false;           // the house question came up
  bool captured_creator_target = false;  // captured the pit the mover blocked
  std::uint32_t creator_target = 0;      // bit of the enemy pit the mover blocked, at turn start
  std::int8_t entry_rank = -1;  // ludii.capture.end-order: how the free entry's sowing ended
  TurnEnd end = TurnEnd::Stopped;

  Side them() const { return opponent(me); }
  std::uint8_t& mine(Pit p) { return pos.at(me, p); }
  std::uint8_t theirs(Pit p) const { return pos.at(opponent(me), p); }
  // Where a run lifting the mover's pit `p` takes its seeds from.
  LiftedFrom lifted_from(Pit p) const {
    return pos.has_house(me, p) ? LiftedFrom::House : LiftedFrom::Pit;
  }
};

// ap.sow.consecutive, site.kiswahili.sow-own-loop, ludii.sow.either-direction (sowing also passes
// through a takasia target: guide.takasia.pass-through): drops `n` seeds one per pit starting AT
// `first` and moving in st.dir; returns the pit that received the last seed.
template <class Tracer>
Pit sow_from(TurnState<Tracer>& st, Pit first, int n) {
  assert(n > 0);
  Pit p = first;
  for (int i = 0;; ++i) {
    ++st.mine(p);
    if constexpr (Tracer::kEnabled) st.trace.add(EventKind::Sow, st.me, p, 1, st.rules.cite.sow);
    if (i + 1 == n) break;
    p = next_pit(p, st.dir);
  }
  st.sown += n;
  return p;
}

// ap.nyumba.status-lost, guide.nyumba.ownership-lost: a pit that is lifted or
// captured loses house status.
// INTERPRETATION: guide.interp.lift-ends-ownership -- for the guide any full
// lift ends ownership too (only the two-piece start does not lift it all).
// INTERPRETATION: ap.interp.status-lost-at-lift -- the loss takes effect at
// once, so the house question cannot arise twice in one turn.
template <class Tracer>
void lose_house_status(TurnState<Tracer>& st, Side owner, Pit p) {
  if (!st.pos.has_house(owner, p)) return;
  st.pos.house &= ~pit_bit(owner, p);
  st.pos.used &= ~pit_bit(owner, p);  // a pit without status has no use to record
  st.trace.add(EventKind::HouseLost, owner, p, 0, st.rules.cite.house_lost);
}

// guide.nyumba.first-mtaji-capture: every house loses its status.
template <class Tracer>
void lose_all_house_status(TurnState<Tracer>& st) {
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (st.pos.has_house(s, p)) {
        st.pos.house &= ~pit_bit(s, p);
        st.pos.used &= ~pit_bit(s, p);
        st.trace.add(EventKind::HouseLost, s, p, 0, st.rules.cite.houses_lost_mtaji);
      }
}

// ap.kutakatia.clear: a block ends when its pit is lifted and sown, when it is
// captured, or when the pit facing it is captured.
template <class Tracer>
void clear_block(TurnState<Tracer>& st, Side owner, Pit p) {
  if (!st.pos.is_blocked(owner, p)) return;
  st.pos.block &= ~pit_bit(owner, p);
  st.trace.add(EventKind::BlockCleared, owner, p, 0, st.rules.cite.block_clear);
}

// Lifts every seed of one of the mover's pits, recording the lift as `kind`
// (lift, relay or safari) decided by `why`, with the effects every lift has:
// the pit loses house status (ap.nyumba.status-lost) and any block
// (ap.kutakatia.clear). Returns the number lifted.
template <class Tracer>
int lift(TurnState<Tracer>& st, Pit p, EventKind kind, ClauseId why) {
  const int n = st.mine(p);
  st.trace.add(kind, st.me, p, n, why);
  st.mine(p) = 0;
  if (!st.rules.off[Mutation::HouseKeptOnLift]) lose_house_status(st, st.me, p);
  clear_block(st, st.me, p);
  return n;
}

// ap.sow.consecutive, guide.sow.next-pit: a lifted pit is sown starting with
// the next pit.
template <class Tracer>
Pit sow_lifted(TurnState<Tracer>& st, Pit lifted, int n) {
  if (st.rules.off[Mutation::SowIntoOrigin]) return sow_from(st, lifted, n);
  return sow_from(st, next_pit(lifted, st.dir), n);
}

// ap.nyumba.working: a pit with house status works while it holds at least
// the ruleset's threshold.
// INTERPRETATION: ap.interp.working-after-landing -- when a sowing ends in
// it, the count after the last seed is the one judged.
inline bool is_working_house(const Ruleset& rules, const Position& pos, Side s, Pit p) {
  const int landed = rules.off[Mutation::WorkingBeforeLanding] ? 1 : 0;
  return pos.has_house(s, p) && pos.at(s, p) - landed >= rules.working_house;
}

// ap.mtaji.back-row-relay-empty-front: a mtaji-phase kutakata may not relay
// from a back pit while the mover's front row is empty.
// INTERPRETATION: ap.interp.mtaji-restrictions-kutakata-only.
// Under ap-zanzibar this never decides a move alone: the front row can only
// be emptied by sowing a sole kichwa outward, which ap.mtaji.sole-kichwa
// already forbids (docs/rulesets/ap-zanzibar.md). Its unit test calls it
// directly.
template <class Tracer>
bool relay_is_illegal(const TurnState<Tracer>& st, Pit last) {
  return st.rules.relay_restriction == RelayRestriction::ApBackRowEmptyFront &&
         st.phase == Phase::Mtaji && st.kind == TurnKind::Kutakata && is_back(last) &&
         st.pos.front_total(st.me) == 0;
}

// ap.bawo.kuu-protection: `me` may not capture the enemy pit `target` when
// it keeps house status while `me` has a working kuu whose facing enemy pit
// holds seeds. Judged on the position at the moment of the capture.
inline bool capture_forbidden(const Ruleset& rules, const Position& pos, Side me, Pit target) {
  switch (rules.protection) {
    case CaptureProtection::None:
      return false;
    case CaptureProtection::ApBawoKuu: {
      const Side them = opponent(me);
      if (!pos.has_house(them, target)) return false;
      if (rules.off[Mutation::BawoNoProtection]) return false;
      if (rules.off[Mutation::BawoProtectionWorkingOnly] &&
          pos.at(them, target) < rules.working_house)
        return false;
      for (Pit p = 0; p < kRowLength; ++p)
        if (pos.has_house(me, p) && pos.at(me, p) >= rules.working_house &&
            pos.at(them, facing(p)) > 0)
          return true;
      return false;
    }
  }
  return false;
}

// ap.capture.condition: the last seed made 2+ in one of the mover's front
// pits and the facing enemy pit holds seeds (and no protection forbids it).
template <class Tracer>
bool can_capture_at(const TurnState<Tracer>& st, Pit last) {
  const int needed = st.rules.off[Mutation::CaptureNeedsThree] ? 3 : 2;
  return is_front(last) && st.pos.at(st.me, last) >= needed && st.theirs(facing(last)) > 0 &&
         !capture_forbidden(st.rules, st.pos, st.me, facing(last));
}

// ludii.capture.entry-nearest, ludii.capture.entry-choice and
// ludii.capture.entry-direction (INTERPRETATION:
// ludii.interp.entry-keeps-direction) are Ludii's statements of the same.
// guide.capture.entry-end, guide.capture.entry-first-namua-choice and
// guide.capture.entry-keep-direction say the same as
// ap.capture.entry-kichwa-kimbi, ap.capture.entry-first-kunamua-choice,
// ap.capture.entry-keep-direction: where captured seeds enter, which sets the
// direction from then on. `chosen` is the move's direction (first kunamua
// capture only).
template <class Tracer>
ClauseId choose_entry(TurnState<Tracer>& st, Pit capturing_pit, Dir chosen) {
  // 1. A capture at pit 1 or 2 enters at the left kichwa and runs clockwise (R);
  //    one at pit 7 or 8 enters at the right kichwa and runs counterclockwise (L).
  const bool kimbi_as_middle =
      st.rules.off[Mutation::EntryKimbiAsMiddle] && is_kimbi(capturing_pit);
  const bool flipped = st.rules.off[Mutation::EntryEndFlipped];
  if (is_left_end(capturing_pit) && !kimbi_as_middle) {
    st.dir = flipped ? Dir::L : Dir::R;
    return st.rules.cite.entry_end;
  }
  if (is_right_end(capturing_pit) && !kimbi_as_middle) {
    st.dir = flipped ? Dir::R : Dir::L;
    return st.rules.cite.entry_end;
  }
  // 2. The first capture of a kunamua turn at pits 3-6: the mover chooses.
  if (st.phase == Phase::Kunamua && st.captures == 0) {
    st.dir = chosen;
    return st.rules.cite.entry_choice;
  }
  // 3. Otherwise keep the direction already established.
  if (st.rules.off[Mutation::EntryReverses]) st.dir = reverse(st.dir);
  return st.rules.cite.entry_keep;
}

// guide.win.immediate: whether a capture that empties the opponent's front
// row ends the game on the spot (Ludii's too, ludii.win.mid-sowing; not the
// site's Kiswahili, site.interp.kiswahili-win-end-of-move).
inline bool ends_at_capture(const Ruleset& rules) {
  switch (rules.front_empty) {
    case FrontEmptyCheck::EndOfTurn:
      return false;
    case FrontEmptyCheck::Immediate:
    case FrontEmptyCheck::LudiiMidSowing:  // ludii.win.mid-sowing
      return !rules.off[Mutation::GuideNoImmediateEnd];
    case FrontEmptyCheck::SiteNamuaNoMove:
      // INTERPRETATION: site.interp.kiswahili-win-end-of-move -- the move is
      // played out.
      return rules.off[Mutation::SiteKiswImmediateEnd];
  }
  return false;
}

// ap.capture.take-all, ludii.capture.sow-front: takes the facing enemy pit
// and sows its seeds from the entry kichwa. Returns the pit of the last seed.
// The capture also ends the captured house's status, the blocks on both pits
// (ap.kutakatia.clear) and, in the mtaji phase where the ruleset says so,
// every house's (guide.nyumba.first-mtaji-capture); it ends the game at once
// where the front row it empties does (guide.win.immediate).
template <class Tracer>
Pit capture(TurnState<Tracer>& st, Pit capturing_pit, ClauseId why) {
  const Pit target = facing(capturing_pit);
  const Side them = st.them();
  const int n = st.pos.at(them, target);
  assert(n > 0);
  // 1. Take every seed of the facing pit.
  st.pos.at(them, target) = 0;
  st.trace.add(EventKind::Capture, them, target, n, why);
  if (st.creator_target & pit_bit(them, target)) st.captured_creator_target = true;
  // 2. A captured house loses its status; blocks on either pit of the pair end.
  //    These belong to the capture itself, so they hold also when the
  //    capture ends the game below (issue 14, item 9: the guide ends the
  //    game before the sowing, not before the capture).
  lose_house_status(st, them, target);
  // guide.nyumba.first-mtaji-capture: a mtaji-phase capture ends ownership on
  // both sides.
  if (st.phase == Phase::Mtaji && st.rules.mtaji_capture_houses == MtajiCaptureHouses::LostBoth &&
      !st.rules.off[Mutation::GuideOwnershipSurvivesMtajiCapture])
    lose_all_house_status(st);
  if (!st.rules.off[Mutation::BlockSurvivesCapture]) {
    clear_block(st, them, target);
    clear_block(st, st.me, capturing_pit);
  }
  // guide.win.immediate: emptying the opponent's front row ends the game
  // before the captured seeds are sown; they stay off the board.
  if (ends_at_capture(st.rules) && st.pos.front_total(them) == 0) {
    st.pos.store[index_of(st.me)] = static_cast<std::uint8_t>(st.pos.store[index_of(st.me)] + n);
    st.end = TurnEnd::GameOver;
    st.trace.add(EventKind::End, st.me, capturing_pit, 0, st.rules.cite.front_empty_now,
                 Reason::FrontEmpty);
    return capturing_pit;
  }
  // 3. Choose the entry kichwa and sow the captured seeds from it.
  const ClauseId entry_clause = choose_entry(st, capturing_pit, st.dir);
  ++st.captures;
  const Pit entry = st.dir == Dir::R ? front_pit(1) : front_pit(8);
  st.trace.add(EventKind::Enter, st.me, entry, n, entry_clause);
  return sow_from(st, entry, n);
}

// The only occupied front pit of `side`, or -1 when there is none or more
// than one.
inline int only_occupied_front_pit(const Position& pos, Side side) {
  int only = -1;
  for (Pit p = 0; p < kRowLength; ++p) {
    if (pos.at(side, p) == 0) continue;
    if (only >= 0) return -1;
    only = p;
  }
  return only;
}

}  // namespace bao::detail

namespace bao::detail {

// ap.mtaji.capture-start, guide.mtaji.capture-start and guide.mtaji.sixteen:
// the enemy pit that the first sowing from `p` in direction `d`
// (ap.sow.consecutive) would capture (ap.capture.condition), or -1. Only pits
// holding 2..capture_start_max can start a capture
// (ap.mtaji.sixteen-kutakata); such a sowing never comes back round to its
// own pit, so its last pit gains exactly one seed.
inline int first_run_capture_target(const Ruleset& rules, const Position& pos, Side me, Pit p,
                                    Dir d) {
  const int n = pos.at(me, p);
  if (n < 2 || n > rules.capture_start_max) return -1;
  assert(n < kPitsPerSide);
  const int reach = rules.off[Mutation::SowIntoOrigin] ? n - 1 : n;
  const Pit last = static_cast<Pit>((p + kPitsPerSide + step(d) * reach) % kPitsPerSide);
  // ap.capture.condition: an occupied front pit facing a non-empty enemy pit.
  const int before = rules.off[Mutation::CaptureNeedsThree] ? 2 : 1;
  if (!is_front(last) || pos.at(me, last) < before) return -1;
  if (pos.at(opponent(me), facing(last)) == 0) return -1;
  if (rules.protection != CaptureProtection::None) {
    // Protection is judged when the capture would happen: after this sowing.
    Position sown = pos;
    sown.at(me, p) = 0;
    for (int i = 1; i <= reach; ++i)
      ++sown.at(me, static_cast<Pit>((p + kPitsPerSide + step(d) * i) % kPitsPerSide));
    if (reach < n) ++sown.at(me, p);
    if (capture_forbidden(rules, sown, me, facing(last))) return -1;
  }
  return facing(last);
}

// The enemy pit that every capture start of `me` would first capture, or -1
// when there is none or they disagree.
inline int common_capture_target(const Ruleset& rules, const Position& pos, Side me) {
  int target = -1;
  for (Pit p = 0; p < kPitsPerSide; ++p) {
    for (Dir d : {Dir::L, Dir::R}) {
      const int t = first_run_capture_target(rules, pos, me, p, d);
      if (t < 0) continue;
      if (target >= 0 && t != target) return -1;
      target = t;
    }
  }
  return target;
}

}  // namespace bao::detail
