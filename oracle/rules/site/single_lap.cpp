// The single-lap turn of the play site's Bank, Maasai and Long Game
// (004_65206f47e0fcd478.txt; catalog oracle/rules/site/clauses.def): lift one
// own pit, sow it in the one fixed direction round the mover's own sixteen
// pits, relay from every occupied pit the last seed reaches, then let the pit
// where the relay stopped decide: nothing, a capture, or (Bank) the house.
// Like the Bao turn (oracle/engine/engine.cpp) it is a template over its tracer, so move
// generation and perft run it with no tracing code at all, and a move is
// played once to generate it; play() replays it traced on request.
#include "oracle/rules/site/single_lap.hpp"

#include <fmt/format.h>

#include <array>
#include <cassert>
#include <optional>

#include "oracle/notation/bpn.hpp"

namespace bao::single_lap {
namespace {

// How a sowing run ended.
enum class RunEnd : std::uint8_t { Relay, StopEmpty, StopHouse };

// One turn in progress.
template <class Tracer>
struct LapTurn {
  const Ruleset& rules;
  Position pos;  // working copy, updated as the turn goes
  Side me;
  Dir dir;
  Tracer& trace;
  bool progress = false;  // the turn did something irreversible (resets the quiet count)
  bool endless = false;   // the relay could never stop (site.interp.endless-relay)

  Side them() const { return opponent(me); }
  std::uint8_t& mine(Pit p) { return pos.at(me, p); }
};

// ---- Board facts -------------------------------------------------------------

// site.sow.fixed-direction: one direction for every sowing.
// INTERPRETATION: site.interp.direction-l -- it is the protocol's L.
constexpr Dir fixed_direction(const Ruleset& rules) {
  return rules.off[Mutation::SiteDirectionR] ? Dir::R : Dir::L;
}

// site.bank.house-pit: pit 5 of the inner row, where the ruleset gives the
// house a role (Bank); -1 elsewhere.
// INTERPRETATION: site.interp.bank-house-a5 -- front pit 5 (A5, a5), fixed
// for the whole game, so no BPN key records it.
constexpr int house_pit(const Ruleset& rules) {
  if (rules.single_lap.house_stop == HouseStop::None) return -1;
  return front_pit(rules.off[Mutation::SiteBankHouseA4] ? 4 : 5);
}

// ---- The turn ----------------------------------------------------------------

// site.bank.progress-house: in Bank a seed dropped into the mover's house is
// progress for the quiet count.
template <class Tracer>
void note_house_seed(LapTurn<Tracer>& t) {
  if (t.rules.single_lap.goal != SingleLapGoal::SiteFillHouse) return;
  if (t.rules.off[Mutation::SiteBankQuietNoReset]) return;
  t.progress = true;
}

// site.sow.own-loop: drops `n` seeds one per pit of the mover's own circuit,
// starting with the pit after `from`; returns the pit of the last seed.
template <class Tracer>
Pit sow(LapTurn<Tracer>& t, Pit from, int n) {
  assert(n > 0);
  const int house = house_pit(t.rules);
  Pit p = t.rules.off[Mutation::SiteSowIntoOrigin] ? from : next_pit(from, t.dir);
  for (int i = 0;; ++i) {
    ++t.mine(p);
    if (p == house) note_house_seed(t);
    if constexpr (Tracer::kEnabled) t.trace.add(EventKind::Sow, t.me, p, 1, ClauseId::SiteSowLoop);
    if (i + 1 == n) return p;
    p = next_pit(p, t.dir);
  }
}

// site.lift.any-own-pit: the turn empties the chosen pit and sows its seeds.
template <class Tracer>
Pit lift(LapTurn<Tracer>& t, Pit p) {
  const int n = t.mine(p);
  t.mine(p) = 0;
  t.trace.add(EventKind::Lift, t.me, p, n, ClauseId::SiteLift);
  return sow(t, p, n);
}

// What the pit of the last seed does, in the page's order: the Bank house
// stops the relay (site.bank.house-stop; never lifted:
// site.bank.house-never-lifted), a pit that was empty ends the turn
// (site.sow.stop-empty), and any other pit relays (site.sow.relay).
template <class Tracer>
RunEnd judge_run(const LapTurn<Tracer>& t, Pit last) {
  // 1. Bank: the house, whatever it held.
  if (static_cast<int>(last) == house_pit(t.rules) && !t.rules.off[Mutation::SiteHouseNoStop])
    return RunEnd::StopHouse;
  // 2. A pit that was empty before the last seed.
  const int count = t.pos.at(t.me, last);
  if (count == 1) return RunEnd::StopEmpty;
  if (count == 2 && t.rules.off[Mutation::SiteStopAtTwo]) return RunEnd::StopEmpty;
  if (t.rules.off[Mutation::SiteNoRelay]) return RunEnd::StopEmpty;
  // 3. Otherwise the relay goes on.
  return RunEnd::Relay;
}

// site.sow.relay: the pit of the last seed is lifted whole, the seed that
// just arrived included, and sown on in the same direction.
template <class Tracer>
Pit relay(LapTurn<Tracer>& t, Pit at) {
  int n = t.mine(at);
  if (t.rules.off[Mutation::SiteRelayLeavesSeed]) --n;
  // Mutants together (a lander taken mid-relay, and a seed left behind) can
  // leave nothing to lift: the run ends where it is, as a single seed.
  if (n <= 0) return at;
  t.mine(at) = static_cast<std::uint8_t>(t.mine(at) - n);
  t.trace.add(EventKind::Relay, t.me, at, n, ClauseId::SiteRelay);
  return sow(t, at, n);
}

// site.capture.to-store: takes every seed of the opponent's pit `target`
// into the mover's store, for good; returns how many.
// site.progress.capture-resets: a capture is progress for the quiet count.
template <class Tracer>
int take(LapTurn<Tracer>& t, Pit target, ClauseId why) {
  const Side them = t.them();
  const int n = t.pos.at(them, target);
  if (n == 0) return 0;
  t.pos.at(them, target) = 0;
  auto& store = t.pos.store[index_of(t.me)];
  store = static_cast<std::uint8_t>(store + n);
  t.trace.add(EventKind::Capture, them, target, n, why);
  if (!t.rules.off[Mutation::SiteQuietNoReset]) t.progress = true;
  return n;
}

// site.longgame.second-pit: after taking the opponent's inner pit `inner`,
// the Long Game takes the outer pit behind it; an outer pit behind an inner
// pit that held nothing is safe.
// INTERPRETATION: site.interp.second-pit-same-column -- behind a(i) is b(i).
template <class Tracer>
void take_second_pit(LapTurn<Tracer>& t, Pit inner, bool inner_taken) {
  if (t.rules.off[Mutation::SiteSecondPitNever]) return;
  if (!inner_taken && !t.rules.off[Mutation::SiteSecondPitAlways]) return;
  const int number = t.rules.off[Mutation::SiteSecondPitMirrored]
                         ? kRowLength + 1 - pit_number(inner)
                         : pit_number(inner);
  take(t, back_pit(number), ClauseId::SiteLongSecond);
}

// site.capture.condition: a turn that stopped in an empty pit of the mover's
// inner row takes the opponent's pit straight across when it holds seeds;
// the seed that stopped there stays (site.capture.to-store). Only the pit
// where the relay stopped can capture, and in Bank none does
// (site.bank.no-captures).
template <class Tracer>
void capture(LapTurn<Tracer>& t, Pit last) {
  SingleLapCapture kind = t.rules.single_lap.capture;
  if (kind == SingleLapCapture::None) {
    // site.bank.no-captures
    if (!t.rules.off[Mutation::SiteBankCaptures]) return;
    kind = SingleLapCapture::SiteMaasai;
  }
  // 1. Only the inner row captures.
  if (!is_front(last)) return;
  // 2. The pit across, if it holds seeds, goes to the store.
  const Pit across = t.rules.off[Mutation::SiteCaptureSameNumber] ? last : facing(last);
  const bool taken = take(t, across, ClauseId::SiteCapture) > 0;
  if (taken && t.rules.off[Mutation::SiteCaptureTakesLander]) {
    --t.mine(last);
    ++t.pos.store[index_of(t.me)];
  }
  // 3. The Long Game's second pit.
  if (kind == SingleLapCapture::SiteLongGame) take_second_pit(t, across, taken);
}

// ---- Endless relays ----------------------------------------------------------

// INTERPRETATION: site.interp.endless-relay -- a relay is a deterministic
// function of its state at a pickup (the mover's pits and the pit about to
// be lifted), so a state that comes back will come back forever. The state
// holds both rows and the stores: the rules never change the opponent's
// row during a relay, so comparing it changes no cut, but the
// site-capture-mid-relay mutant does, and a state without it would repeat
// while the relay does not.
struct RelayState {
  decltype(Position::pits) pits;
  decltype(Position::store) store;
  Pit at;
  friend bool operator==(const RelayState&, const RelayState&) = default;
};

template <class Tracer>
RelayState relay_state(const LapTurn<Tracer>& t, Pit at) {
  return {t.pos.pits, t.pos.store, at};
}

// One pickup further along a relay that goes on from `at`: the next run,
// and, where the mutant moves site.capture.condition into the relay, the
// capture at its end (as relay_until_stop does).
// Returns the pit where that run ended.
Pit relay_on(LapTurn<NoTrace>& t, Pit at) {
  at = relay(t, at);
  if (t.rules.off[Mutation::SiteCaptureMidRelay] && judge_run(t, at) == RunEnd::Relay)
    capture(t, at);
  return at;
}

// Brent's cycle finding over the pickups of one move: constant memory, no
// heap, and a repeat is seen within two cycle lengths of its start.
// OPTIMIZATION: the literal reading remembers every state of the move and
// stops at the first one seen twice; examples/python/site_maasai.py does
// exactly that, and the endless-relay tests and scenarios (and
// `bao-oracle check` against that engine) compare the two.
class CycleWatch {
 public:
  // Whether the relay, at this pickup, is in a state it was in before.
  bool repeats(const RelayState& s) {
    if (!started_) {
      started_ = true;
      saved_ = s;
      return false;
    }
    ++length_;
    if (s == saved_) return true;
    if (length_ == power_) {
      saved_ = s;
      power_ *= 2;
      length_ = 0;
    }
    return false;
  }
  // After repeats() said yes: the length of the cycle.
  int cycle_length() const { return length_; }

 private:
  RelayState saved_{};
  bool started_ = false;
  int power_ = 1;
  int length_ = 0;
};

// Where an endless relay is cut: the first pickup that repeats an earlier
// state. The states become periodic at pickup mu with period lambda (known
// from the watch), so that pickup is mu + lambda, in the state of pickup mu.
struct FirstRepeat {
  int pickup;
  RelayState state;
};

// Replays the relay from pickup 0 (the turn `start`, about to lift `at`).
FirstRepeat first_repeat(const LapTurn<NoTrace>& start, Pit at, int lambda) {
  LapTurn<NoTrace> slow = start, fast = start;
  Pit slow_at = at, fast_at = at;
  for (int i = 0; i < lambda; ++i) fast_at = relay_on(fast, fast_at);
  int mu = 0;
  while (!(relay_state(slow, slow_at) == relay_state(fast, fast_at))) {
    slow_at = relay_on(slow, slow_at);
    fast_at = relay_on(fast, fast_at);
    ++mu;
  }
  return {mu + lambda, relay_state(fast, fast_at)};
}

// INTERPRETATION: site.interp.endless-relay -- a relay that has made this
// many pickups without stopping or repeating a state is endless too. Relays
// that stop do so within a few dozen pickups, while the endless ones that
// random positions reach mostly cycle only after millions (found by a search
// over random boards, docs/rulesets/site-maasai.md): without a limit, one
// such move costs seconds to minutes.
inline constexpr int kRelayLimit = 1 << 16;

// Where a relay that reached kRelayLimit pickups without a repeat seen so
// far is cut: its first repeat, when that comes by the limit (Brent's watch
// sees a repeat up to two cycle lengths late, so it is followed a while
// longer on a copy, from `now`, the state at the limit), else the limit.
std::optional<FirstRepeat> repeat_by_limit(const LapTurn<NoTrace>& start, Pit start_at,
                                           const LapTurn<NoTrace>& now, Pit now_at,
                                           CycleWatch watch) {
  LapTurn<NoTrace> probe = now;
  Pit at = now_at;
  for (int pickup = kRelayLimit + 1; pickup <= 4 * kRelayLimit; ++pickup) {
    if (judge_run(probe, at) != RunEnd::Relay) return std::nullopt;  // it stops: no repeat
    at = relay_on(probe, at);
    if (watch.repeats(relay_state(probe, at))) {
      const FirstRepeat cut = first_repeat(start, start_at, watch.cycle_length());
      if (cut.pickup <= kRelayLimit) return cut;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// The relays of a turn from the run that ended at `last` until the turn
// stops: in Bank's house (site.bank.house-stop), or in an empty pit
// (site.sow.stop-empty), where the capture is tried (site.capture.condition);
// otherwise site.sow.relay. `cut_pickup` < 0: watch for an endless relay
// (INTERPRETATION: site.interp.endless-relay) and, on finding one, set it to
// the pickup where the move is cut; >= 0: the traced replay of an endless
// move, cut there.
template <class Tracer>
void relay_until_stop(LapTurn<Tracer>& t, Pit last, int& cut_pickup) {
  CycleWatch watch;
  Position first_pos{};
  Pit first_at = 0;
  for (int pickup = 0;; ++pickup) {
    switch (judge_run(t, last)) {
      case RunEnd::StopHouse:
        t.trace.add(EventKind::Stop, t.me, last, 0, ClauseId::SiteBankHouseStop);
        return;
      case RunEnd::StopEmpty:
        t.trace.add(EventKind::Stop, t.me, last, 0, ClauseId::SiteStopEmpty);
        return capture(t, last);
      case RunEnd::Relay:
        break;
    }
    if (t.rules.off[Mutation::SiteCaptureMidRelay]) capture(t, last);
    if (cut_pickup < 0) {
      if (pickup == 0) {
        first_pos = t.pos;
        first_at = last;
      }
      NoTrace none;
      std::optional<FirstRepeat> cut;
      if (watch.repeats(relay_state(t, last))) {
        const LapTurn<NoTrace> start{t.rules, first_pos, t.me, t.dir, none};
        cut = first_repeat(start, first_at, watch.cycle_length());
      } else if (pickup == kRelayLimit) {
        const LapTurn<NoTrace> start{t.rules, first_pos, t.me, t.dir, none};
        const LapTurn<NoTrace> now{t.rules, t.pos, t.me, t.dir, none};
        cut = repeat_by_limit(start, first_at, now, last, watch);
        if (!cut) cut_pickup = pickup;  // cut here, at the limit
      }
      if (cut) {
        t.pos.pits = cut->state.pits;
        t.pos.store = cut->state.store;
        last = cut->state.at;
        cut_pickup = pickup = cut->pickup;
      }
    }
    if (pickup == cut_pickup) {
      t.endless = true;
      t.trace.add(EventKind::Stop, t.me, last, 0, ClauseId::SiteInterpEndless);
      return;
    }
    last = relay(t, last);
  }
}

// ---- Endings -----------------------------------------------------------------

// How far a side has got, larger is better, for judging a called game:
// seeds captured (site.capture.to-store), or in Bank the nearness of its
// side to empty.
// INTERPRETATION: site.interp.bank-closeness -- Bank counts the seeds left
// outside the house, fewer being better.
int achievement(const Ruleset& rules, const Position& pos, Side s) {
  switch (rules.single_lap.goal) {
    case SingleLapGoal::SiteCaptureAll:
      return pos.store[index_of(s)];
    case SingleLapGoal::SiteFillHouse: {
      const bool count_pits = rules.off[Mutation::SiteClosenessCountsPits];
      const int house = house_pit(rules);
      int left = 0;
      for (Pit p = 0; p < kPitsPerSide; ++p)
        if (p != house) left += count_pits ? (pos.at(s, p) > 0 ? 1 : 0) : pos.at(s, p);
      return -left;
    }
  }
  return 0;
}

// site.progress.called-result: a called game goes to the side that achieved
// more and is a draw when they are level.
Status called_game(const Ruleset& rules, const Position& pos, Reason why) {
  const int south = achievement(rules, pos, Side::South);
  const int north = achievement(rules, pos, Side::North);
  if (south == north) {
    if (rules.off[Mutation::SiteCalledLevelMoverWins])
      return {Status::Kind::Win, opponent(pos.to_move), why};
    return {Status::Kind::Draw, Side::South, why};
  }
  Side ahead = south > north ? Side::South : Side::North;
  if (rules.off[Mutation::SiteCalledFlipped]) ahead = opponent(ahead);
  return {Status::Kind::Win, ahead, why};
}

// Whether side `s` meets its goal's ending condition: no seed left on its
// sixteen pits (site.win.all-captured: it has lost), or in Bank none outside
// its house (site.bank.win-house-full: it has won).
bool side_ended(const Ruleset& rules, const Position& pos, Side s) {
  switch (rules.single_lap.goal) {
    case SingleLapGoal::SiteCaptureAll:
      if (rules.off[Mutation::SiteWinFrontEmpty]) return pos.front_total(s) == 0;
      return pos.side_total(s) == 0;
    case SingleLapGoal::SiteFillHouse: {
      const int house = house_pit(rules);
      return pos.side_total(s) == (house >= 0 ? pos.at(s, static_cast<Pit>(house)) : 0);
    }
  }
  return false;
}

// A game-ending status of the board and the clause that decides it.
struct Ending {
  Status status;
  ClauseId why = ClauseId::None;
};

// The endings the board shows: a side's goal condition (site.win.all-captured,
// or Bank's site.bank.win-house-full), then the no-progress call
// (site.progress.called).
// INTERPRETATION: site.interp.both-ended -- the side to move is judged first.
Ending board_ending(const Ruleset& rules, const Position& pos) {
  const bool mover_first = rules.off[Mutation::SiteBothEndedMoverFirst];
  const Side first = mover_first ? opponent(pos.to_move) : pos.to_move;
  for (Side s : {first, opponent(first)}) {
    if (!side_ended(rules, pos, s)) continue;
    switch (rules.single_lap.goal) {
      case SingleLapGoal::SiteCaptureAll:
        return {{Status::Kind::Win, opponent(s), Reason::AllCaptured}, ClauseId::SiteWinAll};
      case SingleLapGoal::SiteFillHouse: {
        const bool flipped = rules.off[Mutation::SiteHouseFullFlipped];
        return {{Status::Kind::Win, flipped ? opponent(s) : s, Reason::HouseFull},
                ClauseId::SiteBankWin};
      }
    }
  }
  if (pos.quiet >= rules.single_lap.quiet_limit)
    return {called_game(rules, pos, Reason::NoProgress), ClauseId::SiteCalled};
  return {};
}

Decided to_decided(const Status& s) {
  if (s.kind == Status::Kind::Draw) return {Decided::Kind::Draw, s.reason};
  return {s.winner == Side::South ? Decided::Kind::SouthWins : Decided::Kind::NorthWins, s.reason};
}

// site.progress.capture-resets, site.bank.progress-house: the quiet count
// starts again after progress and grows by one after any other turn.
// INTERPRETATION: site.interp.turn-is-one-move -- every move counts.
template <class Tracer>
void count_quiet_turn(LapTurn<Tracer>& t) {
  if (t.progress) {
    t.pos.quiet = 0;
    return;
  }
  if (t.rules.off[Mutation::SiteQuietPerRound] && t.me == Side::South) return;
  ++t.pos.quiet;
}

// After the relay stopped: count the turn, hand the move over, and record
// how the game ended, if it did (an endless move as a called game:
// INTERPRETATION: site.interp.endless-relay).
template <class Tracer>
void finish_turn(LapTurn<Tracer>& t) {
  count_quiet_turn(t);
  t.pos.to_move = t.them();
  if (t.endless) {
    // INTERPRETATION: site.interp.endless-relay -- judged as a called game.
    Status s = called_game(t.rules, t.pos, Reason::Infinite);
    if (t.rules.off[Mutation::SiteEndlessMoverLoses])
      s = {Status::Kind::Win, t.them(), Reason::Infinite};
    t.pos.decided = to_decided(s);
    t.trace.add(EventKind::End, t.me, 0, 0, ClauseId::SiteInterpEndless, Reason::Infinite);
    return;
  }
  if (const Ending e = board_ending(t.rules, t.pos); e.status.kind != Status::Kind::Ongoing)
    t.trace.add(EventKind::End, t.me, 0, 0, e.why, e.status.reason);
}

// Plays move `m` (already known to start from an own pit that may be
// lifted). `cut_pickup`: see relay_until_stop.
template <class Tracer>
LapTurn<Tracer> play_turn(const Ruleset& rules, const Position& pos, const Move& m, Tracer& tracer,
                          int& cut_pickup) {
  LapTurn<Tracer> t{rules, pos, pos.to_move, m.dir, tracer};
  const Pit last = lift(t, m.pit);
  relay_until_stop(t, last, cut_pickup);
  finish_turn(t);
  // A move never creates or destroys a seed.
  assert(t.pos.total_seeds() == pos.total_seeds());
  return t;
}

// ---- Move generation ---------------------------------------------------------

struct Generated {
  Move move;
  Position after;
  int cut_pickup;  // where an endless move is cut, else -1
};

// site.lift.any-own-pit (site.bank.house-never-lifted): a move starts from
// an own pit with a seed, in the fixed direction (site.sow.fixed-direction);
// neither mark of the Bao moves (`t`, `+`) belongs to it.
bool may_start(const Ruleset& rules, const Position& pos, const Move& m) {
  if (m.pit >= kPitsPerSide || m.two_seed || m.go_on) return false;
  const int least = rules.off[Mutation::SiteLiftNeedsTwo] ? 2 : 1;
  if (pos.at(pos.to_move, m.pit) < least) return false;
  if (static_cast<int>(m.pit) == house_pit(rules) && !rules.off[Mutation::SiteHouseLiftable])
    return false;
  return m.dir == fixed_direction(rules) || rules.off[Mutation::SiteBothDirections];
}

// Every move that may start (may_start), each played at once and handed
// over with its result, in pit order, the fixed direction first.
template <class Sink>
void generate(const Ruleset& rules, const Position& pos, Sink&& sink) {
  if (decided_status(pos).kind != Status::Kind::Ongoing) return;
  if (board_ending(rules, pos).status.kind != Status::Kind::Ongoing) return;
  const Dir dir = fixed_direction(rules);
  NoTrace none;
  for (Pit p = 0; p < kPitsPerSide; ++p)
    for (Dir d : {dir, reverse(dir)}) {
      const Move m{p, d};
      if (!may_start(rules, pos, m)) continue;
      int cut = -1;
      sink(Generated{m, play_turn(rules, pos, m, none, cut).pos, cut});
    }
}

}  // namespace

Status status(const Ruleset& rules, const Position& pos) {
  if (Status s = decided_status(pos); s.kind != Status::Kind::Ongoing) return s;
  // Every ongoing position has a move: a side with a seed (outside the Bank
  // house) can lift it, so there is no no-move ending.
  return board_ending(rules, pos).status;
}

MoveList legal_moves(const Ruleset& rules, const Position& pos) {
  MoveList list;
  generate(rules, pos, [&](const Generated& g) { list.push(g.move); });
  return list;
}

Expected<Position> play(const Ruleset& rules, const Position& pos, const Move& move, Trace* trace) {
  if (Status s = single_lap::status(rules, pos); s.kind != Status::Kind::Ongoing)
    return Error{fmt::format("the game is over ({})", to_string(s))};
  // The other candidates need not be played: whether a move is legal is
  // decided before it is played (may_start).
  if (!may_start(rules, pos, move))
    return Error{fmt::format("move {} is not legal here", move_to_string(move, pos.to_move))};
  NoTrace none;
  int cut = -1;
  const Position after = play_turn(rules, pos, move, none, cut).pos;
  if (trace) {
    auto t = play_turn(rules, pos, move, *trace, cut);
    assert(t.pos == after);
    (void)t;
  }
  return after;
}

std::uint64_t perft(const Ruleset& rules, const Position& pos, int depth) {
  if (depth <= 0) return 1;
  std::uint64_t n = 0;
  generate(rules, pos, [&](const Generated& g) {
    n += depth == 1 ? 1 : single_lap::perft(rules, g.after, depth - 1);
  });
  return n;
}

std::vector<std::pair<Move, std::uint64_t>> divide(const Ruleset& rules, const Position& pos,
                                                   int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  generate(rules, pos, [&](const Generated& g) {
    out.emplace_back(g.move, depth <= 1 ? 1 : single_lap::perft(rules, g.after, depth - 1));
  });
  return out;
}

void for_each_successor(const Ruleset& rules, const Position& pos,
                        const std::function<void(const Position&)>& f) {
  generate(rules, pos, [&](const Generated& g) { f(g.after); });
}

Expected<Position> validate(const Ruleset& rules, const Position& pos) {
  if (!position_is_ok(pos)) return Error{"position: inconsistent seed total or result"};
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    return key_error("hand", fmt::format("{} has no reserve seeds", rules.id));
  // INTERPRETATION: site.interp.bank-house-a5 -- a house that never changes
  // needs no key.
  if (pos.house != 0)
    return key_error("house", fmt::format("{} keeps no house status in the position", rules.id));
  if (pos.block != 0) return key_error("block", fmt::format("{} has no blocking rule", rules.id));
  if (pos.used != 0) return key_error("used", fmt::format("{} does not track house use", rules.id));
  // site.bank.no-captures: only the capturing variants fill a store.
  if ((pos.store[0] != 0 || pos.store[1] != 0) &&
      rules.single_lap.capture == SingleLapCapture::None)
    return key_error("store", fmt::format("{} never takes seeds off the board", rules.id));
  // site.progress.called: the count never passes the limit that ends the game.
  if (pos.quiet > rules.single_lap.quiet_limit)
    return key_error(
        "quiet", fmt::format("{} calls the game at {}", rules.id, rules.single_lap.quiet_limit));
  // site.interp.endless-relay: only a relay that can never stop decides a
  // result the board cannot show, and only Maasai and the Long Game have one
  // (a Bank relay passes the house on every lap and fills it).
  if (pos.decided.kind != Decided::Kind::None &&
      (pos.decided.reason != Reason::Infinite || rules.single_lap.house_stop != HouseStop::None))
    return key_error("result",
                     fmt::format("{} cannot end a game with {} {}", rules.id,
                                 pos.decided.kind == Decided::Kind::Draw ? "a draw by" : "a win by",
                                 to_string(pos.decided.reason)));
  return pos;
}

}  // namespace bao::single_lap
