// The turn engine: plays one turn as the sequence of clauses the rule texts
// give, generates legal moves by playing every candidate, and judges the
// status of a position. Clause functions live in turn.hpp and in the
// per-source folders under oracle/rules/.
#include "oracle/engine/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bitset>

#include "oracle/notation/bpn.hpp"
#include "oracle/rules/abstract_play/bawo.hpp"
#include "oracle/rules/abstract_play/kutakatia.hpp"
#include "oracle/rules/guide/namua.hpp"
#include "oracle/rules/guide/takasia.hpp"
#include "oracle/rules/ludii/namua.hpp"
#include "oracle/rules/site/single_lap.hpp"
#include "oracle/rules/site_kiswahili/namua.hpp"
#include "oracle/rules/turn.hpp"

namespace bao {
namespace detail {
namespace {

// ap.cutoff.seeds-sown, guide.limit.relay-512: checked where the next relay
// would be lifted.
// INTERPRETATION: ap.interp.cutoff-counts-every-sowing -- captured seeds sown
// count, and a safari lift is such a pickup.
template <class Tracer>
bool cutoff_reached(TurnState<Tracer>& st, Pit at) {
  switch (st.rules.cutoff_rule) {
    case CutoffRule::None:
      return false;
    case CutoffRule::ApSeedsSown:
      if (st.sown <= st.rules.cutoff) return false;
      st.end = TurnEnd::Infinite;
      st.trace.add(EventKind::Stop, st.me, at, 0, st.rules.cite.cutoff);
      return true;
    case CutoffRule::GuideRelays:
      // INTERPRETATION: guide.interp.relay-limit-count -- reached at a pickup
      // once `cutoff` relays have been made.
      if (st.relays < st.rules.cutoff) return false;
      st.end = TurnEnd::Infinite;
      st.trace.add(EventKind::Stop, st.me, at, 0, st.rules.cite.cutoff);
      return true;
  }
  return false;
}

// SAFEGUARD (not a rule): a move that has sown this many seeds is ended as
// infinite even where the ruleset has no cutoff, so that a mutant without
// its cutoff (or a future ruleset with none) cannot hang the oracle. No real
// ruleset's move gets near it: their cutoffs stop far earlier.
inline constexpr int kSafeguardSown = 1 << 20;

template <class Tracer>
bool past_safeguard(TurnState<Tracer>& st, Pit at) {
  if (st.sown <= kSafeguardSown) return false;
  st.end = TurnEnd::Infinite;
  st.trace.add(EventKind::Stop, st.me, at, 0, st.rules.cite.cutoff);
  return true;
}

template <class Tracer>
void stop(TurnState<Tracer>& st, Pit at, ClauseId why) {
  st.end = TurnEnd::Stopped;
  st.trace.add(EventKind::Stop, st.me, at, 0, why);
}

// ap.nyumba.kutakata-stops: whether a kutakata turn stops at the working
// nyumba rather than asking (not where the question is asked on every turn,
// site.interp.kiswahili-question-every-turn).
inline bool kutakata_stops_at_house(const Ruleset& rules) {
  switch (rules.house_scope) {
    case HouseQuestionScope::KunamuaByTurnKind:  // ap.nyumba.kutakata-stops
      return true;
    case HouseQuestionScope::SiteEverySowing:
      // INTERPRETATION: site.interp.kiswahili-question-every-turn -- the
      // question is asked whatever kind of turn the sowing belongs to.
      return rules.off[Mutation::SiteKiswTakataStops];
  }
  return true;
}

// guide.nyumba.takata-stops, guide.nyumba.capture-first and
// guide.nyumba.stop-or-use are the guide's statements of the same steps.
// ap.nyumba.kutakata-stops, ap.nyumba.safari-question: a kunamua sowing that
// ends in the mover's working nyumba (no capture, which the caller tried
// first). Returns true when the turn stops; otherwise the house has been
// lifted for a safari and `last` is where that sowing ended.
// INTERPRETATION: ap.interp.house-stop-any-sowing -- applies to the first
// sowing as well as to relays.
template <class Tracer>
bool house_rules(TurnState<Tracer>& st, Pit& last) {
  // 1. A kutakata turn stops in the working nyumba.
  if (st.kind == TurnKind::Kutakata && kutakata_stops_at_house(st.rules)) {
    stop(st, last, st.rules.cite.house_stop_takata);
    return true;
  }
  // 2. A capturing turn asks: stop there, or safari (`+`).
  if (st.rules.off[Mutation::HouseNeverAsks]) {
    stop(st, last, st.rules.cite.house_question);
    return true;
  }
  st.question_arose = true;
  st.trace.add(EventKind::HouseQuestion, st.me, last, st.mine(last), st.rules.cite.house_question);
  if (!st.go_on) {
    stop(st, last, st.rules.cite.house_question);
    return true;
  }
  // 3. Safari: lift the house (losing its status) and relay on.
  if (cutoff_reached(st, last)) return true;
  ++st.relays;
  const int n = lift(st, last, EventKind::Safari, st.rules.cite.house_question);
  last = sow_lifted(st, last, n);
  return false;
}

// Whether the nyumba rules also apply in the mtaji phase: not under
// ap.nyumba.mtaji-ordinary; for the rest of the game under
// site.interp.kiswahili-house-in-mtaji.
inline bool house_rules_in_mtaji(const Ruleset& rules) {
  switch (rules.house_scope) {
    case HouseQuestionScope::KunamuaByTurnKind:  // ap.nyumba.mtaji-ordinary
      return rules.off[Mutation::HouseRulesInMtaji];
    case HouseQuestionScope::SiteEverySowing:
      // INTERPRETATION: site.interp.kiswahili-house-in-mtaji -- the house
      // keeps its status, and its question, for the rest of the game.
      return !rules.off[Mutation::SiteKiswHouseNamuaOnly];
  }
  return false;
}

// ap.nyumba.mtaji-ordinary: the nyumba rules are kunamua rules only; they
// apply where a sowing ends in the mover's working nyumba, on a kutakata
// turn too (ap.nyumba.kutakata-stops), its first sowing included
// (INTERPRETATION: ap.interp.house-stop-any-sowing).
// guide.nyumba.mtaji, guide.nyumba.below-six (6 or more after the last seed,
// judged anew at every run) say the same for the guide;
// site.kiswahili.safari-question and site.kiswahili.house-below-six (with
// site.interp.kiswahili-count-after-landing) for the site.
template <class Tracer>
bool house_rules_apply(const TurnState<Tracer>& st, Pit last) {
  if (st.phase != Phase::Kunamua && !house_rules_in_mtaji(st.rules)) return false;
  if (!is_working_house(st.rules, st.pos, st.me, last)) return false;
  if (st.kind == TurnKind::Kutakata) {
    if (st.rules.off[Mutation::HouseKutakataRelays]) return false;
    if (st.first_run && st.rules.off[Mutation::HouseStopRelayOnly]) return false;
  }
  return true;
}

// What happens after each sowing run, in the order the rule text gives:
// capture (ap.capture.condition, never on a kutakata turn:
// ap.turn.kutakata-never-captures; at the nyumba first:
// ap.nyumba.capture-precedence), the nyumba, an empty pit
// (ap.sow.empty-ends-turn), a block (ap.kutakatia.stop, with
// ap.kutakatia.house-relay-exception), the back-row restriction
// (ap.mtaji.back-row-relay-empty-front), then relay (ap.sow.relay). The
// steps below name each source's statement of them.
template <class Tracer>
void continue_turn(TurnState<Tracer>& st, Pit last, LiftedFrom run) {
  for (;;) {
    const bool working_house = house_rules_apply(st, last);
    st.first_run = false;
    // 1. ap.capture.condition, guide.capture.later, ludii.capture.further
    //    (never on kutakata: ap.turn.kutakata-never-captures; INTERPRETATION:
    //    ludii.interp.takata-never-captures);
    //    at the nyumba a capture comes first (ap.nyumba.capture-precedence).
    const bool may_capture =
        st.kind == TurnKind::Capturing || st.rules.off[Mutation::KutakataCaptures];
    const bool question_first = working_house && st.rules.off[Mutation::HouseQuestionBeforeCapture];
    if (may_capture && !question_first && can_capture_at(st, last)) {
      last = capture(st, last,
                     working_house ? st.rules.cite.house_capture_first : st.rules.cite.capture);
      if (st.end == TurnEnd::GameOver) return;
      run = LiftedFrom::Pit;
      continue;
    }
    // 2. The kunamua nyumba rules.
    if (working_house) {
      if (house_rules(st, last)) return;
      run = LiftedFrom::House;
      continue;
    }
    // 3. ap.sow.empty-ends-turn, guide.sow.stop-empty, site.kiswahili.stop-empty,
    //    ludii.sow.stop-empty.
    if (st.mine(last) == 1) return stop(st, last, st.rules.cite.stop_empty);
    // 4. ap.kutakatia.stop, unless the run lifted a house
    //    (ap.kutakatia.house-relay-exception); a capturing turn relays from
    //    a blocked pit as from any other (ap.kutakatia.capture-allowed).
    //    guide.takasia.stop has no such exception (INTERPRETATION:
    //    ludii.interp.takasia-relay-stops for Ludii's restriction).
    ClauseId relay_clause = st.rules.cite.relay;
    if (st.kind == TurnKind::Kutakata && st.pos.is_blocked(st.me, last) &&
        !st.rules.off[Mutation::BlockNeverStops]) {
      const bool house_exception = st.rules.block == BlockRule::ApKutakatia &&
                                   run == LiftedFrom::House &&
                                   !st.rules.off[Mutation::BlockNoHouseException];
      if (!house_exception) return stop(st, last, st.rules.cite.block_stop);
      relay_clause = ClauseId::ApBlockHouseException;
    }
    // 5. INTERPRETATION: ap.interp.illegal-before-cutoff -- the back-row
    //    restriction is judged before the cutoff.
    if (relay_is_illegal(st, last)) {
      st.end = TurnEnd::Illegal;
      st.trace.add(EventKind::Stop, st.me, last, 0, ClauseId::ApMtajiBackRelay);
      return;
    }
    if (cutoff_reached(st, last) || past_safeguard(st, last)) return;
    if (st.rules.off[Mutation::NoRelay]) return stop(st, last, st.rules.cite.relay);
    // 6. ap.sow.relay, guide.sow.relay, site.kiswahili.relay, ludii.sow.relay:
    //    lift the pit and go on in the same direction.
    ++st.relays;
    run = st.lifted_from(last);
    const int n = lift(st, last, EventKind::Relay, relay_clause);
    last = sow_lifted(st, last, n);
  }
}

// ap.bawo.capture-counts-as-use: a kunamua capture placed in the kuu counts
// as the kuu having started a turn (BPN key `used`).
template <class Tracer>
void record_house_use(TurnState<Tracer>& st, Pit p) {
  if (st.rules.house_kutakata != HouseKutakata::ApBawoUnusedKuu) return;
  if (st.rules.off[Mutation::BawoCaptureNotUse]) return;
  st.pos.used |= pit_bit(st.me, p);
  st.trace.add(EventKind::HouseUsed, st.me, p, 0, ClauseId::ApBawoCaptureUses);
}

// guide.nyumba.two-piece-start: after the reserve seed went into the owned
// house, only two seeds are lifted and sown; the house keeps the rest and its
// ownership.
template <class Tracer>
void start_two_seeds(TurnState<Tracer>& st, Pit house) {
  constexpr int kTwo = 2;
  assert(st.mine(house) >= kTwo);
  st.mine(house) = static_cast<std::uint8_t>(st.mine(house) - kTwo);
  st.trace.add(EventKind::Lift, st.me, house, kTwo, st.rules.cite.two_seed);
  const Pit last = sow_lifted(st, house, kTwo);
  continue_turn(st, last, LiftedFrom::Pit);
}

// ludii.house.single-counter: only the seed just placed moves on, into the
// pit next to the house (which is empty, so the turn ends there).
template <class Tracer>
void start_one_counter(TurnState<Tracer>& st, Pit house) {
  --st.mine(house);
  st.trace.add(EventKind::Lift, st.me, house, 1, st.rules.cite.two_seed);
  const Pit last = sow_lifted(st, house, 1);
  continue_turn(st, last, LiftedFrom::Pit);
}

// ludii.win.mid-sowing: the lift of pit `p` (n seeds) left the mover's own
// front row bare and its first seed goes into the back row: the game ends as
// that seed falls. Returns true when it did.
// INTERPRETATION: ludii.interp.mid-sowing-check -- the rows are judged as
// each seed falls; the seeds not yet sown go to the mover's store. Only a
// turn's first lift can do this: a relay lifts a pit the previous seed of
// its run was dropped next to.
template <class Tracer>
bool own_row_bared(TurnState<Tracer>& st, Pit p, int n) {
  if (st.rules.front_empty != FrontEmptyCheck::LudiiMidSowing) return false;
  if (st.rules.off[Mutation::LudiiOwnRowPlayedOut]) return false;
  const Pit first = next_pit(p, st.dir);
  if (!is_back(first) || st.pos.front_total(st.me) != 0) return false;
  sow_from(st, first, 1);
  st.pos.store[index_of(st.me)] = static_cast<std::uint8_t>(st.pos.store[index_of(st.me)] + n - 1);
  st.end = TurnEnd::GameOver;
  st.trace.add(EventKind::End, st.me, first, 0, st.rules.cite.front_empty_now, Reason::FrontEmpty);
  return true;
}

// ludii.capture.end-order: how well the sowing of a capture's seeds ended,
// best first: a further capture, the house, an occupied pit, an empty pit.
template <class Tracer>
std::int8_t rank_sowing_end(const TurnState<Tracer>& st, Pit last) {
  if (can_capture_at(st, last)) return 0;
  if (house_rules_apply(st, last)) return 1;
  return st.pos.at(st.me, last) > 1 ? 2 : 3;
}

// Plays the start of a kunamua turn: ap.kunamua.place, then the capture
// (ap.kunamua.capture, also from the nyumba: ap.kunamua.capture-from-nyumba)
// or the kutakata lift (ap.kunamua.kutakata-sow). The capturing pit keeps
// its seeds (guide.capture.pit-keeps-pieces); a namua takata lifts the whole
// pit (guide.namua.takata-sow); Ludii's statements are
// ludii.namua.place-occupied and ludii.namua.takata.
template <class Tracer>
void start_kunamua(TurnState<Tracer>& st, const Move& m) {
  const Pit p = m.pit;
  const bool one_counter =
      st.kind == TurnKind::Kutakata && ludii::single_counter_house(st.rules, st.pos) == p;
  --st.pos.hand[index_of(st.me)];
  ++st.mine(p);
  st.trace.add(EventKind::Place, st.me, p, 1, st.rules.cite.place);
  if (m.two_seed) return start_two_seeds(st, p);
  if (one_counter) return start_one_counter(st, p);
  if (st.kind == TurnKind::Capturing) {
    // The reserve seed stays; the facing pit is captured at once, also from
    // the nyumba (ap.kunamua.capture-from-nyumba).
    const bool at_house = st.pos.has_house(st.me, p);
    if (at_house) record_house_use(st, p);
    const Pit last =
        capture(st, p, at_house ? st.rules.cite.namua_capture_house : st.rules.cite.namua_capture);
    if (st.end == TurnEnd::GameOver) return;
    if (st.rules.entry_choice == EntryChoice::LudiiBestEnd)
      st.entry_rank = rank_sowing_end(st, last);
    return continue_turn(st, last, LiftedFrom::Pit);
  }
  const LiftedFrom from = st.lifted_from(p);
  const int n = lift(st, p, EventKind::Lift, st.rules.cite.takata_sow);
  if (own_row_bared(st, p, n)) return;
  const Pit last = sow_lifted(st, p, n);
  continue_turn(st, last, from);
}

// ap.mtaji.start / ap.mtaji.capture-start: lift the whole pit and sow.
template <class Tracer>
void start_mtaji(TurnState<Tracer>& st, Pit p) {
  const LiftedFrom from = st.lifted_from(p);
  const int n = lift(st, p, EventKind::Lift,
                     st.kind == TurnKind::Capturing ? st.rules.cite.mtaji_capture_start
                                                    : st.rules.cite.mtaji_start);
  const Pit last = sow_lifted(st, p, n);
  continue_turn(st, last, from);
}

// The checks after a completed turn: hand the move over, record a cutoff,
// report an emptied front row (or, under site.kiswahili.bare-inner-row, a
// bare one facing a player with seeds in hand), and set a block where the
// ruleset does.
template <class Tracer>
void finish_turn(TurnState<Tracer>& st) {
  Position& pos = st.pos;
  pos.to_move = st.them();
  // guide.takasia.expiry: the target against the mover ends with its turn,
  // however the turn ended.
  if (st.rules.block == BlockRule::GuideTakasia) guide::expire_takasia(st);
  if (st.end == TurnEnd::GameOver) return;  // guide.win.immediate: status shows it
  if (st.end == TurnEnd::Infinite) {
    // ap.cutoff.seeds-sown: the mover loses.
    pos.decided = {st.them() == Side::South ? Decided::Kind::SouthWins : Decided::Kind::NorthWins,
                   Reason::Infinite};
    st.trace.add(EventKind::End, st.me, 0, 0, st.rules.cite.cutoff, Reason::Infinite);
    return;
  }
  // ap.win.end-of-turn-check, ap.win.front-empty.
  if (site_kiswahili::namua_bare_row(st.rules, pos)) {
    st.trace.add(EventKind::End, st.me, 0, 0, ClauseId::SiteKiswBareRow, Reason::NoMove);
    return;
  }
  if (pos.front_total(Side::South) == 0 || pos.front_total(Side::North) == 0) {
    st.trace.add(EventKind::End, st.me, 0, 0, st.rules.cite.front_empty, Reason::FrontEmpty);
    return;
  }
  switch (st.rules.block) {
    case BlockRule::None:
      break;
    case BlockRule::ApKutakatia:
      if (st.kind == TurnKind::Kutakata && st.phase == Phase::Mtaji) ap::try_set_block(st);
      break;
    case BlockRule::GuideTakasia:
      // guide.takasia.not-established: never after a capturing move, a namua
      // takata or the end of the game (returned above).
      if (st.kind == TurnKind::Kutakata && st.phase == Phase::Mtaji) guide::try_set_takasia(st);
      break;
  }
}

template <class Tracer>
TurnState<Tracer> play_turn(const Ruleset& rules, const Position& pos, const Move& m, TurnKind kind,
                            Tracer& tracer) {
  const Side me = pos.to_move;
  TurnState<Tracer> st{
      rules, pos,   me,      pos.hand[index_of(me)] > 0 ? Phase::Kunamua : Phase::Mtaji,
      kind,  m.dir, m.go_on, tracer};
  st.creator_target = pos.block & side_mask(opponent(me));
  if (st.phase == Phase::Kunamua)
    start_kunamua(st, m);
  else
    start_mtaji(st, m.pit);
  if (st.end != TurnEnd::Illegal) finish_turn(st);
  // A move never creates or destroys a seed.
  assert(st.pos.total_seeds() == pos.total_seeds());
  return st;
}

// ---- Move generation -------------------------------------------------------

struct Generated {
  Move move;
  TurnKind kind;
  Position after;
};

// Plays a candidate; keeps it unless it turned out illegal. Adds the `+`
// variant when the house question arose.
struct Collector {
  // OPTIMIZATION: slots are left uninitialised (a slot is written before it
  // is read); zeroing 128 positions per generated node cost half of perft's
  // time. The property tests compare every generated result with play().
  union Slot {
    Generated g;
    Slot() {}
  };
  Collector(const Ruleset& r, const Position& p) : rules(r), pos(p) {}
  const Ruleset& rules;
  const Position& pos;
  std::array<Slot, MoveList::kCapacity> items;
  std::array<bool, MoveList::kCapacity> cleared;      // captured the creator's target
  std::array<std::int8_t, MoveList::kCapacity> rank;  // TurnState::entry_rank
  std::size_t n = 0;
  // Moves already handed on: under capture-optional the kutakata starts are
  // offered after the captures, and a start with the same text is one move.
  // One bit per pit of the mover, direction, `t` and `+`.
  std::bitset<kPitsPerSide * 8> listed;

  const Generated& operator[](std::size_t i) const { return items[i].g; }
  static std::size_t key(const Move& m) {
    return static_cast<std::size_t>(m.pit) * 8 + (m.dir == Dir::R ? 4 : 0) + (m.two_seed ? 2 : 0) +
           (m.go_on ? 1 : 0);
  }
  // Whether `m` is handed on already or collected in this pass (a pit that
  // two start rules allow, as a mutant may make it, is offered once).
  bool has(const Move& m) const {
    if (listed.test(key(m))) return true;
    for (std::size_t i = 0; i < n; ++i)
      if (items[i].g.move == m) return true;
    return false;
  }

  void add(Move m, TurnKind kind) {
    if (has(m)) return;
    NoTrace none;
    auto st = play_turn(rules, pos, m, kind, none);
    if (st.end == TurnEnd::Illegal) return;
    keep(m, kind, st);
    if (st.question_arose) {
      m.go_on = true;
      auto on = play_turn(rules, pos, m, kind, none);
      keep(m, kind, on);
    }
  }
  template <class S>
  void keep(const Move& m, TurnKind kind, const S& st) {
    assert(n < items.size());
    items[n].g = Generated{m, kind, st.pos};
    cleared[n] = st.captured_creator_target;
    rank[n] = st.entry_rank;
    ++n;
  }
};

// ludii.capture.end-order: whether a rival entry of the same capture ends its
// sowing better than item `i`.
// INTERPRETATION: ludii.interp.end-order-entry-choice -- the order ranks the
// free entry choice only (other captures have entry ranks of -1).
bool worse_entry(const Collector& c, std::size_t i) {
  if (c.rank[i] < 0 || c.rules.off[Mutation::LudiiEntryOrderIgnored]) return false;
  for (std::size_t j = 0; j < c.n; ++j)
    if (c[j].move.pit == c[i].move.pit && c.rank[j] >= 0 && c.rank[j] < c.rank[i]) return true;
  return false;
}

// Hands the collected captures on. ap.kutakatia.creator-must-clear: while
// the mover's block stands, only its captures that take the blocked pit are
// legal.
// INTERPRETATION: ap.interp.creator-restriction-unsatisfiable -- if none
// does, every capture stays legal. ludii.capture.end-order: an entry that
// ends worse than a rival of the same capture is dropped (worse_entry).
template <class Sink>
void emit_captures(Collector& c, Sink&& sink) {
  const bool ranked = c.rules.entry_choice == EntryChoice::LudiiBestEnd;
  const bool restrict_to_clearing =
      c.rules.block == BlockRule::ApKutakatia && !c.rules.off[Mutation::CreatorUnrestricted] &&
      (c.pos.block & side_mask(opponent(c.pos.to_move))) != 0 &&
      std::any_of(c.cleared.begin(), c.cleared.begin() + c.n, [](bool b) { return b; });
  for (std::size_t i = 0; i < c.n; ++i)
    if ((!restrict_to_clearing || c.cleared[i]) && !(ranked && worse_entry(c, i))) {
      c.listed.set(Collector::key(c[i].move));
      sink(c[i]);
    }
}

template <class Sink>
void emit_all(const Collector& c, Sink&& sink) {
  for (std::size_t i = 0; i < c.n; ++i) sink(c[i]);
}

// ap.kunamua.capture, guide.namua.capture, ludii.namua.capture: the occupied
// front pits that face a non-empty enemy pit.
std::uint8_t kunamua_capture_pits(const Ruleset& rules, const Position& pos) {
  const Side me = pos.to_move;
  const int least = rules.off[Mutation::KunamuaCaptureNeedsTwo] ? 2 : 1;
  std::uint8_t mask = 0;
  for (Pit p = 0; p < kRowLength; ++p) {
    if (pos.at(me, p) < least || pos.at(opponent(me), facing(p)) == 0) continue;
    // ap.bawo.kuu-protection, judged once the reserve seed is in the pit.
    if (rules.protection != CaptureProtection::None) {
      Position placed = pos;
      ++placed.at(me, p);
      if (capture_forbidden(rules, placed, me, facing(p))) continue;
    }
    mask |= std::uint8_t(1u << p);
  }
  return mask;
}

// ap.kunamua.kutakata-start-order (with ap.nyumba.no-kutakata-start,
// ap.kunamua.eligibility-before-placement and ap.kutakatia.no-start): the
// front pits a kunamua kutakata may start from, judged before placement.
std::uint8_t kunamua_kutakata_pits(const Ruleset& rules, const Position& pos) {
  const Side me = pos.to_move;
  std::uint8_t occupied = 0, multi = 0, working = 0;
  for (Pit p = 0; p < kRowLength; ++p) {
    if (pos.at(me, p) == 0) continue;
    if (pos.is_blocked(me, p) && !rules.off[Mutation::BlockedMayStart]) continue;
    occupied |= std::uint8_t(1u << p);
    if (pos.at(me, p) >= 2) multi |= std::uint8_t(1u << p);
    const int placed = rules.off[Mutation::EligibilityAfterPlacement] ? 1 : 0;
    if (pos.has_house(me, p) && pos.at(me, p) + placed >= rules.working_house)
      working |= std::uint8_t(1u << p);
  }
  switch (rules.kunamua_order) {
    case KunamuaKutakataOrder::ApDefault:
      // 1. With a working nyumba: any other occupied front pit, else none.
      if (working) {
        if (rules.off[Mutation::KutakataFromWorkingHouse]) return occupied;
        return occupied & std::uint8_t(~working);
      }
      // 2. Without: the pits holding 2 or more, if any.
      if (multi) return rules.off[Mutation::StartOrderSinglesAlways] ? occupied : multi;
      // 3. Otherwise every occupied front pit (all singles).
      return occupied;
    case KunamuaKutakataOrder::ApBawo:
      return ap::bawo_kutakata_pits(rules, pos, occupied, multi);
    case KunamuaKutakataOrder::Guide:
      return guide::takata_pits(rules, pos, occupied, multi);
    case KunamuaKutakataOrder::SiteKiswahili:
      return site_kiswahili::takata_pits(rules, pos, occupied, multi);
    case KunamuaKutakataOrder::Ludii:
      return ludii::takata_pits(rules, pos, occupied, multi);
  }
  return 0;
}

// The moves of a kunamua turn: the captures, which are compulsory
// (ap.turn.capture-compulsory), from a middle pit both ways round
// (ap.capture.entry-first-kunamua-choice); otherwise the kutakata starts,
// either way within the end pit rules (guide.start.sole-end-pit,
// ludii.namua.kichwa-outward), and the starts of a house alone.
template <class Sink>
void generate_kunamua(const Ruleset& rules, const Position& pos, Sink&& sink) {
  Collector c{rules, pos};
  // ap.turn.capture-compulsory, ludii.capture.compulsory: captures first.
  if (const std::uint8_t caps = kunamua_capture_pits(rules, pos)) {
    for (Pit p = 0; p < kRowLength; ++p) {
      if (!(caps & (1u << p))) continue;
      // ap.capture.entry-kichwa-kimbi fixes the side at pits 1, 2, 7, 8.
      const bool middle = !is_left_end(p) && !is_right_end(p);
      if (!is_right_end(p)) c.add(Move{p, Dir::R}, TurnKind::Capturing);
      if (!is_left_end(p) && !(middle && rules.off[Mutation::EntryNoChoice]))
        c.add(Move{p, Dir::L}, TurnKind::Capturing);
    }
    emit_captures(c, sink);
    if (!rules.off[Mutation::CaptureOptional]) return;
    c.n = 0;
  }
  // Whole-pit starts (ap.kunamua.no-two-seed-start: no `t` moves in the AP
  // rules), then the guide's two-piece start.
  const std::uint8_t starts = kunamua_kutakata_pits(rules, pos);
  const bool sole_end_rule =
      rules.sole_end_pit == SoleEndPit::EveryTakata && !rules.off[Mutation::SoleKichwaFree];
  for (Pit p = 0; p < kRowLength; ++p) {
    if (!(starts & (1u << p))) continue;
    // Either way round (site.kiswahili.direction-choice), within the
    // restrictions on end pits.
    for (Dir d : {Dir::L, Dir::R})
      if (!(sole_end_rule && guide::empties_sole_end_pit(pos, p, d)) &&
          !ludii::kichwa_outward_refused(rules, pos, p, d))
        c.add(Move{p, d}, TurnKind::Kutakata);
  }
  if (const int house = guide::two_piece_house(rules, pos); house >= 0)
    for (Dir d : {Dir::L, Dir::R})
      c.add(Move{static_cast<Pit>(house), d, true, false}, TurnKind::Kutakata);
  if (const int house = ludii::single_counter_house(rules, pos); house >= 0)
    for (Dir d : {Dir::L, Dir::R}) c.add(Move{static_cast<Pit>(house), d}, TurnKind::Kutakata);
  emit_all(c, sink);
}

// guide.mtaji.takata-start and guide.takasia.no-start say the same for the
// guide; guide.start.sole-end-pit matches ap.mtaji.sole-kichwa in mtaji.
// ap.mtaji.front-row-first and ap.mtaji.sole-kichwa: whether a mtaji-phase
// kutakata may start at `p` in direction `d`.
bool mtaji_kutakata_start_ok(const Ruleset& rules, const Position& pos, Pit p, Dir d,
                             bool front_available, int occupied_front, int sole_front) {
  const Side me = pos.to_move;
  if (pos.at(me, p) < 2) return false;  // ap.mtaji.start
  // ap.kutakatia.no-start
  if (pos.is_blocked(me, p) && !rules.off[Mutation::BlockedMayStart]) return false;
  // ap.mtaji.front-row-first
  const bool back_anytime = rules.off[Mutation::BackRowAnytime] && is_back(p);
  if (is_front(p) != front_available && !back_anytime) return false;
  // ap.mtaji.sole-kichwa
  if (occupied_front == 1 && p == sole_front && is_kichwa(p) &&
      !rules.off[Mutation::SoleKichwaFree])
    return d == (p == front_pit(1) ? Dir::R : Dir::L);
  return true;
}

// The moves of a mtaji-phase turn: the capture starts, which are compulsory
// (ap.turn.capture-compulsory); otherwise the compulsory kuu start, or the
// kutakata starts mtaji_kutakata_start_ok allows.
template <class Sink>
void generate_mtaji(const Ruleset& rules, const Position& pos, Sink&& sink) {
  const Side me = pos.to_move;
  Collector c{rules, pos};
  // ap.mtaji.capture-start (2..max seeds; ap.mtaji.sixteen-kutakata above it),
  // from any pit, blocked or not (ap.kutakatia.capture-allowed), the nyumba
  // included (ap.nyumba.mtaji-ordinary).
  for (Pit p = 0; p < kPitsPerSide; ++p)
    for (Dir d : {Dir::L, Dir::R})
      if (first_run_capture_target(rules, pos, me, p, d) >= 0)
        c.add(Move{p, d}, TurnKind::Capturing);
  if (c.n > 0) {  // ap.turn.capture-compulsory
    emit_captures(c, sink);
    if (!rules.off[Mutation::CaptureOptional]) return;
    c.n = 0;
  }
  // Kutakata.
  if (const int kuu = ap::compulsory_house_start(rules, pos); kuu >= 0) {
    for (Dir d : {Dir::L, Dir::R}) c.add(Move{static_cast<Pit>(kuu), d}, TurnKind::Kutakata);
    return emit_all(c, sink);
  }
  bool front_available = false;
  int occupied_front = 0, sole_front = -1;
  for (Pit p = 0; p < kRowLength; ++p) {
    if (pos.at(me, p) >= 2 && !pos.is_blocked(me, p)) front_available = true;
    if (pos.at(me, p) > 0) ++occupied_front, sole_front = p;
  }
  for (Pit p = 0; p < kPitsPerSide; ++p)
    for (Dir d : {Dir::L, Dir::R})
      if (mtaji_kutakata_start_ok(rules, pos, p, d, front_available, occupied_front, sole_front))
        c.add(Move{p, d}, TurnKind::Kutakata);
  emit_all(c, sink);
}

// Decided results and emptied front rows end the game before any move:
// ap.win.front-empty, and for both rows ap.interp.both-fronts-empty.
Status terminal_status(const Ruleset& rules, const Position& pos) {
  if (Status d = decided_status(pos); d.kind != Status::Kind::Ongoing) return d;
  // ap.win.front-empty, guide.win.front-empty, judged for the position after
  // the last turn.
  // INTERPRETATION: guide.interp.own-front-empty -- the mover's own empty
  // front row is judged when its move ends.
  // INTERPRETATION: ap.interp.both-fronts-empty -- the player who moved wins.
  const Side mover = opponent(pos.to_move);
  if (site_kiswahili::namua_bare_row(rules, pos)) return {Status::Kind::Win, mover, Reason::NoMove};
  const bool flipped = rules.off[Mutation::FrontEmptyWinnerFlipped];
  const Side mover_wins = flipped ? pos.to_move : mover;
  const bool both = pos.front_total(pos.to_move) == 0 && pos.front_total(mover) == 0;
  if (both && rules.off[Mutation::BothFrontsMoverLoses])
    return {Status::Kind::Win, pos.to_move, Reason::FrontEmpty};
  if (pos.front_total(pos.to_move) == 0) return {Status::Kind::Win, mover_wins, Reason::FrontEmpty};
  if (pos.front_total(mover) == 0)
    return {Status::Kind::Win, opponent(mover_wins), Reason::FrontEmpty};
  return {};
}

template <class Sink>
void generate(const Ruleset& rules, const Position& pos, Sink&& sink) {
  if (terminal_status(rules, pos).kind != Status::Kind::Ongoing) return;
  // ap.phase.kunamua-mtaji, guide.phase.namua-mtaji, site.kiswahili.namua-mtaji,
  // ludii.namua.phase; INTERPRETATION: ap.interp.phase-per-mover,
  // guide.interp.phase-per-mover, ludii.interp.phase-per-mover.
  if (pos.hand[index_of(pos.to_move)] > 0)
    generate_kunamua(rules, pos, sink);
  else
    generate_mtaji(rules, pos, sink);
}

}  // namespace
}  // namespace detail

using detail::Generated;

Position start_position(const Ruleset& rules) {
  // Asked at every position validated (the self-play search validates
  // millions): the last start parsed, per thread, is kept.
  thread_local std::string last_bpn;
  thread_local Position last;
  if (rules.start_bpn != last_bpn) {
    auto parsed = parse_bpn(rules.start_bpn);
    assert(parsed.ok());
    last = parsed.value();
    last_bpn = rules.start_bpn;
  }
  return last;
}

// The game status: the terminal checks, then ap.win.no-move.
Status status(const Ruleset& rules, const Position& pos) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::status(rules, pos);
  if (Status t = detail::terminal_status(rules, pos); t.kind != Status::Kind::Ongoing) return t;
  // ap.win.no-move, guide.win.no-move: the side to move has no legal move.
  bool any = false;
  detail::generate(rules, pos, [&](const Generated&) { any = true; });
  const bool flipped = rules.off[Mutation::NoMoveWinnerFlipped];
  if (!any)
    return {Status::Kind::Win, flipped ? pos.to_move : opponent(pos.to_move), Reason::NoMove};
  return {};
}

MoveList legal_moves(const Ruleset& rules, const Position& pos) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::legal_moves(rules, pos);
  MoveList list;
  detail::generate(rules, pos, [&](const Generated& g) { list.push(g.move); });
  return list;
}

Expected<Position> play(const Ruleset& rules, const Position& pos, const Move& move, Trace* trace) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::play(rules, pos, move, trace);
  if (Status t = detail::terminal_status(rules, pos); t.kind != Status::Kind::Ongoing)
    return Error{fmt::format("the game is over ({})", to_string(t))};
  const Generated* found = nullptr;
  Generated hit{};
  detail::generate(rules, pos, [&](const Generated& g) {
    if (!found && g.move == move) {
      hit = g;
      found = &hit;
    }
  });
  if (!found)
    return Error{fmt::format("move {} is not legal here", move_to_string(move, pos.to_move))};
  if (trace) {
    auto st = detail::play_turn(rules, pos, move, found->kind, *trace);
    assert(st.pos == found->after);
    (void)st;
  }
  return found->after;
}

std::uint64_t perft(const Ruleset& rules, const Position& pos, int depth) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::perft(rules, pos, depth);
  if (depth <= 0) return 1;
  std::uint64_t n = 0;
  detail::generate(rules, pos, [&](const Generated& g) {
    n += depth == 1 ? 1 : perft(rules, g.after, depth - 1);
  });
  return n;
}

std::vector<std::pair<Move, std::uint64_t>> divide(const Ruleset& rules, const Position& pos,
                                                   int depth) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::divide(rules, pos, depth);
  std::vector<std::pair<Move, std::uint64_t>> out;
  detail::generate(rules, pos, [&](const Generated& g) {
    out.emplace_back(g.move, depth <= 1 ? 1 : perft(rules, g.after, depth - 1));
  });
  return out;
}

namespace {

// Counts into `n`, spending one of `budget` per generated position; false
// once the budget is spent (the count is then abandoned).
bool perft_within_budget(const Ruleset& rules, const Position& pos, int depth,
                         std::uint64_t& budget, std::uint64_t& n) {
  if (depth <= 0) {
    ++n;
    return true;
  }
  bool within = true;
  const auto visit = [&](const Position& after) {
    if (!within) return;  // the generator cannot be stopped; the rest is skipped
    if (budget == 0) {
      within = false;
      return;
    }
    --budget;
    within = perft_within_budget(rules, after, depth - 1, budget, n);
  };
  if (rules.family == TurnFamily::SingleLap)
    single_lap::for_each_successor(rules, pos, visit);
  else
    detail::generate(rules, pos, [&](const Generated& g) { visit(g.after); });
  return within;
}

}  // namespace

std::optional<std::uint64_t> perft_within(const Ruleset& rules, const Position& pos, int depth,
                                          std::uint64_t max_positions) {
  std::uint64_t n = 0;
  if (!perft_within_budget(rules, pos, depth, max_positions, n)) return std::nullopt;
  return n;
}

}  // namespace bao
