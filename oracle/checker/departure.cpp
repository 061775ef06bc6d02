// Where a difference departs: the clause of the first step at which an
// engine's answer leaves the oracle's, for a difference no switch explains
// (a check report's unexplained finding, and the bindings' compare()).
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string_view>

#include "oracle/checker/compare.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/site_kiswahili/namua.hpp"

namespace bao::check::detail {
namespace {

// The clause a status names: the rule that ends the game that way, found
// by the reason word among the ruleset's clauses.
ClauseId status_clause(const Ruleset& rules, std::string_view status_text) {
  if (status_text.find("front-empty") != std::string_view::npos) return rules.cite.front_empty;
  if (status_text.find("infinite") != std::string_view::npos) return rules.cite.cutoff;
  static constexpr std::pair<std::string_view, std::string_view> kByName[] = {
      {"no-move", "no-move"},
      {"all-captured", "all-captured"},
      {"house-full", "house-full"},
      {"no-progress", "called"},
  };
  for (const auto& [reason, part] : kByName) {
    if (status_text.find(reason) == std::string_view::npos) continue;
    for (ClauseId c : rules.clauses)
      if (clause_name(c).find(part) != std::string_view::npos) return c;
  }
  return ClauseId::None;
}

// The items of a protocol trace ("lift A3 3; sow A4; ..."), trimmed.
std::vector<std::string> split_items(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(';', at);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(at, end - at);
    const auto first = item.find_first_not_of(' ');
    const auto last = item.find_last_not_of(' ');
    if (first != std::string::npos) out.push_back(item.substr(first, last - first + 1));
    at = end + 1;
  }
  return out;
}

// The clause that sets a block in this ruleset: the trace's own citation
// (Abstract Play's kutakatia cites its clause at the step, the takasia
// rulesets through their citations).
ClauseId block_set_clause(const Ruleset& rules) {
  return rules.block == BlockRule::ApKutakatia ? ClauseId::ApBlockSet : rules.cite.block_set;
}

// The first step of the oracle's move of one of `kinds` on a pit of `bits`.
std::optional<ClauseId> step_on(const Trace& trace, std::initializer_list<EventKind> kinds,
                                std::uint32_t bits) {
  for (const Event& e : trace.events())
    for (EventKind k : kinds)
      if (e.kind == k && (pit_bit(e.side, e.pit) & bits) != 0) return e.clause;
  return std::nullopt;
}

// Where the two results part in their blocks, judged against the block
// the position held before the move (`before`): a block the engine keeps
// or drops that was there is the rule that clears blocks; one it sets or
// does not set that was not there is the rule that sets them. The oracle's
// own step on that pit, where it has one, names the clause.
std::pair<ClauseId, std::string> block_departure(const Ruleset& rules, const Trace& trace,
                                                 std::uint32_t before, std::uint32_t ours,
                                                 std::uint32_t theirs) {
  const std::uint32_t extra = theirs & ~ours;    // the engine's, not the oracle's
  const std::uint32_t missing = ours & ~theirs;  // the oracle's, not the engine's
  if ((extra & before) != 0) {
    const auto c = step_on(trace, {EventKind::BlockCleared}, extra & before);
    return {c.value_or(rules.cite.block_clear),
            "the engine keeps a block the oracle's move clears: the rule that clears it"};
  }
  if ((missing & before) != 0)
    return {rules.cite.block_clear,
            "the engine clears a block the oracle's move keeps: the rule that clears blocks"};
  if (missing != 0) {
    const auto c = step_on(trace, {EventKind::BlockSet}, missing);
    return {c.value_or(block_set_clause(rules)),
            "the engine sets no block where the oracle's move sets one: the rule that sets it"};
  }
  const auto c = step_on(trace, {EventKind::BlockExempt}, extra);
  return {c.value_or(block_set_clause(rules)),
          "the engine sets a block the oracle's move does not: the rule that sets blocks"};
}

// Where the two results part in the stores: seeds that leave the board.
// In the single-lap games a capture puts them in the store; in the others
// only a game that ends at a capture keeps them off the board (the step
// that ends it, else the rule that ends a game there).
std::optional<std::pair<ClauseId, std::string>> store_departure(const Ruleset& rules,
                                                                const Trace& trace, Side mover,
                                                                const Position& ours,
                                                                const Position& theirs) {
  if (ours.store == theirs.store) return std::nullopt;
  if (rules.family == TurnFamily::SingleLap) {
    // A pit the oracle's move takes that the engine leaves otherwise: the
    // stores differ by what that capture step took (the Long Game's pit
    // behind, the pit across), so its rule is where they part, not the
    // rule that the store receives captures.
    for (const Event& e : trace.events())
      if (e.kind == EventKind::Capture && ours.at(e.side, e.pit) != theirs.at(e.side, e.pit))
        return std::pair{e.clause,
                         fmt::format("the stores differ, and so does {}, which the oracle's move "
                                     "takes: the rule of that capture",
                                     pit_name(e.side, e.pit))};
    // A pit of the opponent's the engine's move empties and the oracle's
    // does not: a single-lap sowing never reaches the opponent's rows, so
    // only a capture rule takes it (a back pit: the Long Game's pit behind).
    const Side them = opponent(mover);
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (theirs.at(them, p) < ours.at(them, p)) {
        const ClauseId c = !is_front(p) && governs(rules, ClauseId::SiteLongSecond)
                               ? ClauseId::SiteLongSecond
                               : ClauseId::SiteCapture;
        if (governs(rules, c))
          return std::pair{c, fmt::format("the stores differ, and the engine's move takes {}, "
                                          "which the oracle's does not: the rule of that capture",
                                          pit_name(them, p))};
      }
    if (!governs(rules, ClauseId::SiteCaptureStore)) return std::nullopt;
    return std::pair{ClauseId::SiteCaptureStore,
                     std::string("the stores differ: the rule that puts captured seeds in the "
                                 "store")};
  }
  // The oracle keeps more off the board: its move ends the game at a
  // capture, and the engine's goes on.
  const int ours_off = ours.store[0] + ours.store[1];
  const int theirs_off = theirs.store[0] + theirs.store[1];
  if (ours_off > theirs_off)
    for (const Event& e : trace.events())
      if (e.kind == EventKind::End)
        return std::pair{e.clause, std::string("the stores differ: the oracle's step that ends "
                                               "the game with captured seeds off the board")};
  // The engine keeps more off the board: it ends the game at a capture
  // where the oracle's move goes on.
  if (!governs(rules, rules.cite.front_empty_now)) return std::nullopt;
  return std::pair{rules.cite.front_empty_now,
                   std::string(ours_off > theirs_off
                                   ? "the stores differ: the rule that ends a game at a capture"
                                   : "the stores differ: the engine keeps captured seeds off the "
                                     "board, as a game that ends at a capture does; the rule "
                                     "that says when a capture ends the game")};
}

// The rule that keeps the quiet count (BPN key quiet) in this ruleset, or
// None where no count is kept.
ClauseId quiet_clause(const Ruleset& rules) {
  if (rules.family != TurnFamily::SingleLap) return ClauseId::None;
  const ClauseId c = rules.single_lap.goal == SingleLapGoal::SiteFillHouse
                         ? ClauseId::SiteBankProgress
                         : ClauseId::SiteProgressCapture;
  return governs(rules, c) ? c : ClauseId::None;
}

// Where the two results agree pit for pit and part only in a key of the
// position (house status, a block, a reserve): the step of the oracle's
// move that set that key, else the rule that governs it.
std::optional<std::pair<ClauseId, std::string>> key_departure(const Ruleset& rules,
                                                              const Trace& trace,
                                                              const Position& before,
                                                              const Position& ours,
                                                              const Position& theirs) {
  if (ours.pits != theirs.pits) return std::nullopt;
  if (ours.house != theirs.house) {
    if (auto c = step_on(trace, {EventKind::HouseLost}, ours.house ^ theirs.house))
      return std::pair{*c, std::string("the house status differs: the oracle's step that ends it")};
    return std::pair{rules.cite.house_lost,
                     std::string("the house status differs: the rule that ends it")};
  }
  if (ours.block != theirs.block)
    return block_departure(rules, trace, before.block, ours.block, theirs.block);
  if (ours.hand != theirs.hand)
    return std::pair{rules.cite.place,
                     std::string("the reserves differ: the rule that places a reserve seed")};
  if (ours.quiet != theirs.quiet)
    if (const ClauseId c = quiet_clause(rules); c != ClauseId::None)
      return std::pair{c, std::string("the quiet counts differ: the rule that counts turns "
                                      "without progress")};
  return std::nullopt;
}

// Where the boards differ and so does a block that the oracle's move
// leaves as it was, at pits both results fill alike: the engine changed a
// block no step of the text's move touches, a departure of its own beside
// whatever moved the seeds otherwise, and the one of the two that can be
// named for sure (the pits' could only be guessed from the first step
// touching them).
std::optional<std::pair<ClauseId, std::string>> untouched_block_departure(const Ruleset& rules,
                                                                          const Trace& trace,
                                                                          const Position& before,
                                                                          const Position& ours,
                                                                          const Position& theirs) {
  if (ours.block == theirs.block || ours.block != before.block) return std::nullopt;
  const std::uint32_t parted = ours.block ^ theirs.block;
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if ((parted & pit_bit(s, p)) != 0 && ours.at(s, p) != theirs.at(s, p)) return std::nullopt;
  auto [clause, how] = block_departure(rules, trace, before.block, ours.block, theirs.block);
  return std::pair{clause, how + " (the boards differ as well, elsewhere)"};
}

// Whether two results are the same position, key for key.
bool same_result(const Position& a, const Position& b) {
  return a.pits == b.pits && a.store == b.store && a.house == b.house && a.block == b.block &&
         a.hand == b.hand && a.quiet == b.quiet;
}

// The first step at which two traces of one move part: the clause of the
// oracle's step there (of the other's, where the other ends the game
// there), or nothing where they agree step for step.
std::optional<std::pair<ClauseId, std::string>> first_parting(const Trace& ours,
                                                              const Trace& theirs) {
  const auto& a = ours.events();
  const auto& b = theirs.events();
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (k < b.size() && a[k].kind == b[k].kind && a[k].side == b[k].side && a[k].pit == b[k].pit &&
        a[k].count == b[k].count)
      continue;
    // The other ends the game here where the text goes on: the rule that
    // ends it.
    const bool other_ends = k < b.size() && b[k].kind == EventKind::End;
    return std::pair{other_ends ? b[k].clause : a[k].clause,
                     fmt::format("step {} is `{}` for the text, `{}` there", k + 1,
                                 format_protocol_trace({a[k]}),
                                 k < b.size() ? format_protocol_trace({b[k]}) : "(the end)")};
  }
  return std::nullopt;
}

// Another of the oracle's legal moves here whose result is the engine's,
// key for key: the engine played that one, and the two traces part at the
// step that tells them apart.
std::optional<std::pair<ClauseId, std::string>> other_move_departure(
    const Ruleset& rules, const Position& pos, const OracleView& v, const OracleMove& om,
    const Trace& trace, const Position& theirs) {
  for (const OracleMove& other : v.moves) {
    if (other.text == om.text || !same_result(other.after, theirs)) continue;
    Trace alt;
    (void)play(rules, pos, other.move, &alt);
    if (auto at = first_parting(trace, alt))
      return std::pair{at->first, fmt::format("the engine's result is the oracle's for {} (the "
                                              "text's {} against it: {})",
                                              other.text, om.text, at->second)};
  }
  return std::nullopt;
}

// A single switch under which the oracle plays the move to the engine's
// result, key for key: the engine played the move that way, and the text's
// trace and the switch's part at the step that tells them apart. The
// switch is only a way to replay the engine's move; the clause is the
// text's step.
std::optional<std::pair<ClauseId, std::string>> switch_trace_departure(const Ruleset& rules,
                                                                       const Position& pos,
                                                                       const OracleMove& om,
                                                                       const Trace& trace,
                                                                       const Position& theirs) {
  for (const Switch& s : switches_for(rules)) {
    auto r = apply_switches(rules, std::span<const Switch>(&s, 1));
    if (!r || !validate_for_ruleset(*r, pos)) continue;
    Trace alt;
    auto after = play(*r, pos, om.move, &alt);
    if (!after || !same_result(*after, theirs)) continue;
    if (auto at = first_parting(trace, alt))
      return std::pair{at->first,
                       fmt::format("the engine's result is the oracle's under switch {}: "
                                   "{}",
                                   s.id, at->second)};
  }
  return std::nullopt;
}

// A move the engine leaves out that the oracle plays to its cutoff, or that
// is longer (more relays, or more seeds sown) than every move the engine
// lists here: the rule that limits how long a move may go on.
std::optional<std::pair<ClauseId, std::string>> length_departure(
    const Ruleset& rules, const Position& pos, const OracleView& v, const OracleMove& om,
    const PositionAnswer* answer, bool another_form_counts) {
  struct Length {
    std::pair<int, int> relays_and_sown{0, 0};
    bool endless = false;
    std::optional<ClauseId> ends;  // the step that ends the game, other than the cutoff
  };
  auto measure = [&](const Move& m) {
    Trace t;
    (void)play(rules, pos, m, &t);
    Length n;
    for (const Event& e : t.events()) {
      n.relays_and_sown.first += e.kind == EventKind::Relay ? 1 : 0;
      n.relays_and_sown.second += e.kind == EventKind::Sow ? 1 : 0;
      if (e.kind == EventKind::End && e.reason == Reason::Infinite) n.endless = true;
      if (e.kind == EventKind::End && e.reason != Reason::Infinite && !n.ends) n.ends = e.clause;
    }
    return n;
  };
  const Length move = measure(om.move);
  const std::pair<int, int> refused = move.relays_and_sown;
  if (move.endless && governs(rules, rules.cite.cutoff))
    return std::pair{rules.cite.cutoff,
                     std::string("the engine leaves out a move the oracle plays to its cutoff: "
                                 "the rule that ends an endless move")};
  // The engine lists this start in another form (with or without the house
  // question's `+`), or a move from the same pit the oracle does not (the
  // other direction, where the engine sows the other way): it leaves this
  // one out for how it starts, not for how long it goes on or how it ends
  // (unless `another_form_counts` is false: that reading was refuted).
  if (answer != nullptr)
    for (const std::string& text : answer->moves) {
      const std::string c = canonical_move(text, pos.to_move);
      const bool oracle_lists = std::any_of(v.moves.begin(), v.moves.end(),
                                            [&](const OracleMove& m) { return m.text == c; });
      if ((another_form_counts && c.substr(0, 3) == om.text.substr(0, 3)) ||
          (c.substr(0, 2) == om.text.substr(0, 2) && !oracle_lists))
        return std::nullopt;
    }
  // A move with which the oracle ends the game at a capture, which the
  // engine leaves out: it plays that move on where the text ends the game.
  // (Other endings, such as a count of quiet moves running out, come with
  // any move and say nothing about why this one is left out.)
  if (move.ends && *move.ends == rules.cite.front_empty_now)
    return std::pair{*move.ends, std::string("the engine leaves out a move with which the oracle "
                                             "ends the game: the rule that ends it there")};
  if (!governs(rules, rules.cite.cutoff)) return std::nullopt;
  if (answer == nullptr) return std::nullopt;
  int listed = 0;
  std::pair<int, int> longest{0, 0};
  for (const std::string& text : answer->moves) {
    const std::string c = canonical_move(text, pos.to_move);
    for (const OracleMove& m : v.moves) {
      if (m.text != c) continue;
      const auto got = measure(m.move).relays_and_sown;
      longest = {std::max(longest.first, got.first), std::max(longest.second, got.second)};
      ++listed;
    }
  }
  // Two moves listed at least, and the refused one longer by either
  // measure, with relays of its own: a coincidence of one pair is not
  // enough.
  if (listed < 2 || refused.first < 2 ||
      (refused.first <= longest.first && refused.second <= longest.second))
    return std::nullopt;
  return std::pair{rules.cite.cutoff,
                   fmt::format("the engine leaves out the longest move here ({} relays, {} seeds "
                               "sown; the longest it lists: {} relays, {} seeds): the rule that "
                               "limits how long a move goes on",
                               refused.first, refused.second, longest.first, longest.second)};
}

// The oracle's own answer at `pos`, as an engine that plays the text
// would give it.
PositionAnswer text_answer(const OracleView& v) {
  PositionAnswer a;
  a.status = v.status_text;
  for (const OracleMove& m : v.moves) {
    a.moves.push_back(m.text);
    a.plays.push_back(MoveAnswer{m.text, true, m.bpn, m.status, ""});
  }
  return a;
}

// Of the switches under which the oracle's answer to `move` at `pos`
// becomes the engine's (legal where the engine lists it, illegal where it
// refuses it), the one that leaves the fewest differences from the
// engine's whole answer there; on a tie the one that changes the fewest of
// the text's answers there (the smallest change that explains the move),
// then the first in catalogue order.
std::optional<Switch> closest_switch(const Ruleset& rules, const Position& pos, const OracleView& v,
                                     const std::string& move, bool engine_allows,
                                     const PositionAnswer* answer) {
  std::optional<Switch> best;
  std::pair<std::size_t, std::size_t> fewest{0, 0};
  const PositionAnswer text = text_answer(v);
  for (const Switch& s : switches_for(rules)) {
    auto r = apply_switches(rules, std::span<const Switch>(&s, 1));
    if (!r || !validate_for_ruleset(*r, pos)) continue;
    auto mv = parse_move(move, pos.to_move);
    if (!mv || play(*r, pos, *mv).ok() != engine_allows) continue;
    if (answer == nullptr) return s;
    const std::pair<std::size_t, std::size_t> left{count_rule_differences(*r, pos, *answer, 64),
                                                   count_rule_differences(*r, pos, text, 64)};
    if (!best || left < fewest) {
      best = s;
      fewest = left;
    }
  }
  return best;
}

// Whether, with switch `s`, the oracle lists exactly the engine's moves
// at `pos`: the switch then accounts for every move the engine adds or
// leaves out there, not for this one alone.
bool lists_as_engine(const Ruleset& rules, const Switch& s, const Position& pos,
                     const PositionAnswer* answer) {
  if (answer == nullptr) return false;
  auto r = apply_switches(rules, std::span<const Switch>(&s, 1));
  if (!r) return false;
  std::set<std::string> theirs, ours;
  for (const std::string& m : answer->moves) theirs.insert(canonical_move(m, pos.to_move));
  for (const Move& m : legal_moves(*r, pos)) ours.insert(move_to_string(m, pos.to_move));
  return ours == theirs;
}

// In the single-lap games, where every move sows one fixed way: the rule
// that fixes it, for a move written in the other direction (the direction
// the text's start position sows in is the one it always sows in).
std::optional<std::pair<ClauseId, char>> foreign_direction(const Ruleset& rules,
                                                           const Position& pos,
                                                           const std::string& move) {
  if (rules.family != TurnFamily::SingleLap) return std::nullopt;
  // Only a move that parses: an engine's text is not trusted to hold a
  // direction letter (or valid UTF-8) at any place.
  const auto parsed = parse_move(move, pos.to_move);
  if (!parsed) return std::nullopt;
  const std::string theirs = move_to_string(*parsed, pos.to_move);
  const Position start = start_position(rules);
  const MoveList moves = legal_moves(rules, start);
  if (moves.empty()) return std::nullopt;
  const std::string text = move_to_string(moves[0], start.to_move);
  if (text.size() < 3 || theirs.size() < 3 || theirs[2] == text[2]) return std::nullopt;
  for (ClauseId c : {ClauseId::SiteInterpDirection, ClauseId::SiteFixedDirection})
    if (governs(rules, c)) return std::pair{c, theirs[2]};
  return std::nullopt;
}

// A move listed from a pit the mover has blocked where the text starts no
// move there (neither a capture, which a blocked pit may start in mtaji,
// nor anything else; the game may be over): the rule that a blocked pit
// never starts a move, the clause of the ruleset's blocked-may-start
// switch. An engine whose blocked pit passes lists such a move whatever
// else forbids it, where that switch alone would not allow it.
std::optional<ClauseId> blocked_start(const Ruleset& rules, const Position& pos,
                                      const OracleView& v, const std::string& move) {
  if (rules.block == BlockRule::None) return std::nullopt;
  const auto parsed = parse_move(move, pos.to_move);
  if (!parsed || !pos.is_blocked(pos.to_move, parsed->pit)) return std::nullopt;
  for (const OracleMove& m : v.moves)
    if (m.move.pit == parsed->pit) return std::nullopt;
  const auto s = find_switch(rules, "blocked-may-start");
  if (!s) return std::nullopt;
  return s->clause;
}

}  // namespace

Located locate_departure(const Ruleset& rules, const Position& pos, const OracleView& v,
                         const Difference& d, const std::optional<std::string>& engine_trace,
                         const PositionAnswer* answer, bool nearest_refuted) {
  auto name = [](ClauseId c) { return std::string(clause_name(c)); };
  const OracleMove* om = nullptr;
  for (const OracleMove& m : v.moves)
    if (m.text == d.move) om = &m;
  if (d.kind == FindingKind::DifferentStatus) {
    const std::string& expected = d.expected;
    ClauseId c = status_clause(rules, expected != "ongoing" ? expected : d.actual);
    // A bare front row in namua (the play site's Kiswahili) is a no-move
    // loss by a rule of its own, not the general one.
    const Position& judged = om ? om->after : pos;  // the status after a move, or here
    if (bao::detail::site_kiswahili::namua_bare_row(rules, judged)) c = ClauseId::SiteKiswBareRow;
    if (c != ClauseId::None)
      return Located{name(c),
                     fmt::format("the rule that ends the game ({} against the engine's {})",
                                 expected, d.actual),
                     true};
  }
  if (d.kind == FindingKind::DifferentResult && om) {
    Trace trace;
    (void)play(rules, pos, om->move, &trace);
    // The engine's own trace: the first item where it and the oracle's part.
    if (engine_trace) {
      const std::vector<std::string> theirs = split_items(*engine_trace);
      for (std::size_t k = 0; k < trace.events().size(); ++k) {
        const std::string ours = format_protocol_trace({trace.events()[k]});
        if (k < theirs.size() && theirs[k] == ours) continue;
        return Located{
            name(trace.events()[k].clause),
            fmt::format("from the engine's trace: step {} is `{}` for the oracle, `{}` for the "
                        "engine",
                        k + 1, ours, k < theirs.size() ? theirs[k] : "(the end)"),
            true};
      }
    }
    // Else worked out from the engine's result: another move of the
    // oracle's that gives it, the stores, a key of the position, and last
    // the first step of the oracle's move that touches a pit where the two
    // results differ.
    auto engine = parse_bpn(d.actual);
    if (engine)
      if (auto other = other_move_departure(rules, pos, v, *om, trace, *engine))
        return Located{name(other->first), "worked out from the result: " + other->second, true};
    if (engine)
      if (auto replay = switch_trace_departure(rules, pos, *om, trace, *engine))
        return Located{name(replay->first), "worked out from the result: " + replay->second, true};
    // The text cuts this move as endless and the engine's board is
    // another: where (or whether) an endless move is cut.
    if (engine && engine->pits != om->after.pits)
      for (const Event& e : trace.events())
        if (e.kind == EventKind::End && e.reason == Reason::Infinite)
          return Located{name(e.clause),
                         "worked out from the result: the text cuts this move as endless and "
                         "the engine's board is another: the rule that says where an endless "
                         "move is cut",
                         true};
    if (engine)
      if (auto store = store_departure(rules, trace, pos.to_move, om->after, *engine))
        return Located{name(store->first), "worked out from the result: " + store->second, true};
    if (engine)
      if (auto key = key_departure(rules, trace, pos, om->after, *engine))
        return Located{name(key->first), "worked out from the result: " + key->second, true};
    if (engine)
      if (auto block = untouched_block_departure(rules, trace, pos, om->after, *engine))
        return Located{name(block->first), "worked out from the result: " + block->second, true};
    if (engine) {
      for (const Event& e : trace.events()) {
        const bool pit_event = e.kind != EventKind::End;
        if (pit_event && om->after.at(e.side, e.pit) != engine->at(e.side, e.pit))
          return Located{
              name(e.clause),
              fmt::format("worked out from the result: the first step of the oracle's move "
                          "that touches a pit where the results differ ({} {})",
                          to_string(e.kind), pit_name(e.side, e.pit)),
              false};
      }
      for (const Event& e : trace.events())
        if (e.kind == EventKind::End)
          return Located{name(e.clause),
                         "worked out from the result: the boards agree but the ending "
                         "step differs",
                         false};
    }
    if (!trace.events().empty())
      return Located{name(trace.events().back().clause),
                     "worked out from the result: the last step of the oracle's move", false};
  }
  if (d.kind == FindingKind::MissingMove && om)
    if (auto length = length_departure(rules, pos, v, *om, answer, !nearest_refuted))
      return Located{name(length->first), length->second, true};
  if (d.kind == FindingKind::MissingMove && om && answer != nullptr && !nearest_refuted)
    if (auto s = closest_switch(rules, pos, v, d.move, false, answer)) {
      const bool all = lists_as_engine(rules, *s, pos, answer);
      return Located{name(s->clause),
                     fmt::format("the rule that allows the move: switch {} would forbid it, and "
                                 "comes closest to the engine's answers here{}",
                                 s->id,
                                 all ? " (with it the oracle lists exactly the engine's "
                                       "moves here)"
                                     : ""),
                     all, true, s->id};
    }
  if (d.kind == FindingKind::MissingMove && om) {
    Trace trace;
    (void)play(rules, pos, om->move, &trace);
    if (!trace.events().empty())
      return Located{name(trace.events().front().clause),
                     "the rule that lets the move start, from the oracle's trace", false};
  }
  if (d.kind == FindingKind::ExtraMove)
    if (auto dir = foreign_direction(rules, pos, d.move))
      return Located{name(dir->first),
                     fmt::format("the engine lists a move sown {}, a direction the text never "
                                 "sows in: the rule that fixes the direction",
                                 dir->second),
                     true};
  if (d.kind == FindingKind::ExtraMove && !nearest_refuted)
    if (auto s = closest_switch(rules, pos, v, d.move, true, answer)) {
      const bool all = lists_as_engine(rules, *s, pos, answer);
      return Located{
          name(s->clause),
          fmt::format("the rule that forbids the move: switch {} would allow it{}", s->id,
                      all ? ", and with it the oracle lists exactly the "
                            "engine's moves here"
                          : ", though it does not explain all the engine's "
                            "answers here"),
          all, true, s->id};
    }
  if (d.kind == FindingKind::ExtraMove)
    if (auto c = blocked_start(rules, pos, v, d.move))
      return Located{name(*c),
                     "the engine lists a move from a pit the mover has blocked, where the text "
                     "starts none: the rule that a blocked pit never starts a move",
                     true};
  ClauseId start = pos.hand[index_of(pos.to_move)] > 0 ? rules.cite.place : rules.cite.mtaji_start;
  // A ruleset that cites no such step (the single-lap games): the step
  // that starts the oracle's first legal move here, else its first clause.
  if (!governs(rules, start)) {
    start = rules.clauses.empty() ? start : rules.clauses.front();
    if (!v.moves.empty()) {
      Trace trace;
      (void)play(rules, pos, v.moves.front().move, &trace);
      if (!trace.events().empty()) start = trace.events().front().clause;
    }
  }
  return Located{name(start), "not worked out: the rule that starts a turn in this phase", false};
}

std::optional<Located> counter_departure(const Ruleset& rules, const Position& pos,
                                         const OracleView& v, const Difference& d) {
  if (d.kind != FindingKind::DifferentResult) return std::nullopt;
  // Progress is told from the stores only where captures are all of it.
  if (rules.family != TurnFamily::SingleLap ||
      rules.single_lap.goal != SingleLapGoal::SiteCaptureAll)
    return std::nullopt;
  const ClauseId c = quiet_clause(rules);
  if (c == ClauseId::None) return std::nullopt;
  const OracleMove* om = nullptr;
  for (const OracleMove& m : v.moves)
    if (m.text == d.move) om = &m;
  auto engine = parse_bpn(d.actual);
  if (!om || !engine || om->after.quiet == engine->quiet) return std::nullopt;
  // Both moves captured, or neither did: the count is the engine's own
  // way of counting, not a consequence of another result.
  const int mover = index_of(pos.to_move);
  const bool ours = om->after.store[mover] > pos.store[mover];
  const bool theirs = engine->store[mover] > pos.store[mover];
  if (ours != theirs) return std::nullopt;
  return Located{std::string(clause_name(c)),
                 fmt::format("worked out from the result: the quiet count is {} for the text and "
                             "{} for the engine after a move that {} in both: the rule that "
                             "counts turns without progress",
                             om->after.quiet, engine->quiet, ours ? "captured" : "did not capture"),
                 true};
}

std::pair<std::string, std::string> departure(const Ruleset& rules, const Position& pos,
                                              const OracleView& v, const Difference& d,
                                              const std::optional<std::string>& engine_trace,
                                              const PositionAnswer* answer) {
  Located at = locate_departure(rules, pos, v, d, engine_trace, answer);
  return {std::move(at.clause), std::move(at.how)};
}

}  // namespace bao::check::detail
