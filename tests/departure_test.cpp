// Where a difference departs (oracle/checker/departure.cpp), for an engine
// played by a clause mutant: at positions games of the ruleset reach, the
// first move whose result the mutant plays otherwise must be placed at the
// clause the mutant breaks (its catalogue entry, mutants.def), not at
// whichever step of the oracle's move first touches a pit that differs.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "oracle/checker/compare.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::check::detail {
namespace {

using bao::testing::ruleset;

// Walks random games of `rules` from its start (the oracle's moves, picked
// with `seed`) and calls `visit(pos, view, move)` for every legal move of
// every position met, until it returns false (enough seen) or `games`
// games of at most `plies` moves are played.
template <class Visit>
void each_move_in_play(const Ruleset& rules, std::uint64_t seed, int games, int plies,
                       Visit visit) {
  std::mt19937_64 rng(seed);
  for (int game = 0; game < games; ++game) {
    Position pos = start_position(rules);
    for (int ply = 0; ply < plies; ++ply) {
      if (status(rules, pos).kind != Status::Kind::Ongoing) break;
      const OracleView v = oracle_view(rules, pos);
      if (v.moves.empty()) break;
      for (const OracleMove& m : v.moves)
        if (!visit(pos, v, m)) return;
      std::uniform_int_distribution<std::size_t> pick(0, v.moves.size() - 1);
      pos = v.moves[pick(rng)].after;
    }
  }
}

struct Placed {
  int differences = 0;                 // results the mutant played otherwise
  std::vector<std::string> elsewhere;  // those placed at another clause, with why
};

// Plays games of `rules` from its start (the oracle's moves, at random) and
// places every move whose result `mutant` plays otherwise, up to `wanted`.
Placed place_differences(const Ruleset& rules, std::string_view mutant, std::string_view clause,
                         int wanted) {
  Placed out;
  const auto s = find_switch(rules, mutant);
  if (!s) {
    ADD_FAILURE() << "no switch " << mutant << " in " << rules.id;
    return out;
  }
  const auto other = apply_switches(rules, std::span<const Switch>(&*s, 1));
  if (!other) {
    ADD_FAILURE() << other.error().message;
    return out;
  }
  std::mt19937_64 rng(7);
  for (int game = 0; game < 400 && out.differences < wanted; ++game) {
    Position pos = start_position(rules);
    for (int ply = 0; ply < 300 && out.differences < wanted; ++ply) {
      if (status(rules, pos).kind != Status::Kind::Ongoing) break;
      const OracleView v = oracle_view(rules, pos);
      if (v.moves.empty()) break;
      for (const OracleMove& m : v.moves) {
        auto theirs = play(*other, pos, m.move);
        if (!theirs || (theirs->pits == m.after.pits && theirs->store == m.after.store &&
                        theirs->block == m.after.block && theirs->house == m.after.house))
          continue;
        const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(*theirs),
                           NotationKind::None,           ""};
        const auto [at, why] = departure(rules, pos, v, d, std::nullopt);
        ++out.differences;
        if (at != clause)
          out.elsewhere.push_back(fmt::format("{} at {}: {} ({})", m.text, to_bpn(pos), at, why));
        if (out.differences >= wanted) break;
      }
      std::uniform_int_distribution<std::size_t> pick(0, v.moves.size() - 1);
      pos = v.moves[pick(rng)].after;
    }
  }
  return out;
}

struct Case {
  std::string_view rules, mutant, clause;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.rules << " " << c.mutant;
}

class MutantDeparture : public ::testing::TestWithParam<Case> {};

TEST_P(MutantDeparture, IsPlacedAtTheMutantsClause) {
  const Case& c = GetParam();
  const Placed p = place_differences(ruleset(c.rules), c.mutant, c.clause, 12);
  ASSERT_GT(p.differences, 0) << c.mutant << ": no game of " << c.rules
                              << " met a move it plays otherwise";
  std::string listed;
  for (const std::string& e : p.elsewhere) listed += "\n  " + e;
  EXPECT_TRUE(p.elsewhere.empty()) << p.elsewhere.size() << " of " << p.differences
                                   << " placed elsewhere than " << c.clause << ":" << listed;
}

// Each clause below is the one the mutant's catalogue entry names.
INSTANTIATE_TEST_SUITE_P(
    Clauses, MutantDeparture,
    ::testing::Values(
        // The lander goes to the store too: the stores differ first.
        Case{"site-maasai", "site-capture-takes-lander", "site.capture.to-store"},
        Case{"site-long-game", "site-capture-takes-lander", "site.capture.to-store"},
        // Another pit taken, or one left: the stores differ because a
        // capture rule took otherwise, and that rule is the departure.
        Case{"site-maasai", "site-capture-same-number", "site.capture.condition"},
        Case{"site-long-game", "site-second-pit-never", "site.longgame.second-pit"},
        Case{"site-long-game", "site-second-pit-always", "site.longgame.second-pit"},
        // The captured seeds are sown instead of kept off the board when
        // the capture empties the front row.
        Case{"guide-v2", "guide-no-immediate-end", "guide.win.immediate"},
        Case{"ludii", "guide-no-immediate-end", "ludii.win.mid-sowing"},
        // A block kept after its pit (or the one facing it) was captured.
        Case{"ap-bawo", "block-survives-capture", "ap.kutakatia.clear"},
        Case{"ap-zanzibar", "block-survives-capture", "ap.kutakatia.clear"}),
    [](const ::testing::TestParamInfo<Case>& i) {
      std::string n = std::string(i.param.rules) + "_" + std::string(i.param.mutant);
      for (char& ch : n)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      return n;
    });

// An engine that drops a block the oracle's move keeps (a block set before
// the move, which the move does not clear) breaks the rule that says when a
// block ends, not the one that sets it.
TEST(BlockDeparture, ABlockTheEngineDropsIsPlacedAtTheRuleThatClearsIt) {
  const Ruleset& rules = ruleset("ap-bawo");
  int seen = 0;
  each_move_in_play(
      rules, 5, 400, 300, [&](const Position& pos, const OracleView& v, const OracleMove& m) {
        const std::uint32_t kept = pos.block & m.after.block;
        if (kept == 0) return true;
        Position theirs = m.after;
        theirs.block &= ~kept;
        const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(theirs),
                           NotationKind::None,           ""};
        const auto [at, why] = departure(rules, pos, v, d, std::nullopt);
        ++seen;
        EXPECT_EQ(at, "ap.kutakatia.clear") << m.text << " at " << to_bpn(pos) << ": " << why;
        return seen < 10;
      });
  EXPECT_GT(seen, 0) << "no game of ap-bawo met a move that keeps a block";
}

// The same with the boards differing as well, elsewhere (a seed moved
// between two pits no block is on, as a second deviation of the engine
// would): the dropped block is still a departure of its own, placed at the
// rule that clears blocks, and not at whichever step of the oracle's move
// first touches a pit that differs. Where the blocked pit itself holds
// other seeds, the block may have gone with how that pit was played, and
// the block is not taken as the departure.
TEST(BlockDeparture, ABlockDroppedBesideOtherDifferencesIsStillPlacedAtTheRuleThatClearsIt) {
  const Ruleset& rules = ruleset("ap-bawo");
  int seen = 0;
  int blocked_pit_seen = 0;
  each_move_in_play(
      rules, 5, 400, 300, [&](const Position& pos, const OracleView& v, const OracleMove& m) {
        const std::uint32_t kept = pos.block & m.after.block;
        if (kept == 0) return true;
        // Two pits of the mover's front row without a block, the first
        // holding a seed to move.
        std::optional<Pit> from, to;
        Side blocked_side = Side::South;
        Pit blocked_pit = 0;
        for (Side s : {Side::South, Side::North})
          for (Pit p = 0; p < kPitsPerSide; ++p)
            if ((kept & pit_bit(s, p)) != 0) {
              blocked_side = s;
              blocked_pit = p;
            }
        for (Pit p = 0; p < kPitsPerSide; ++p) {
          if ((m.after.block & pit_bit(pos.to_move, p)) != 0) continue;
          if (!from && m.after.at(pos.to_move, p) > 0)
            from = p;
          else if (!to)
            to = p;
        }
        if (!from || !to) return true;
        Position theirs = m.after;
        theirs.block &= ~kept;
        theirs.at(pos.to_move, *from) -= 1;
        theirs.at(pos.to_move, *to) += 1;
        const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(theirs),
                           NotationKind::None,           ""};
        const auto [at, why] = departure(rules, pos, v, d, std::nullopt);
        ++seen;
        EXPECT_EQ(at, "ap.kutakatia.clear") << m.text << " at " << to_bpn(pos) << ": " << why;
        // The blocked pit played otherwise as well: no longer a block
        // departure of its own.
        if (m.after.at(blocked_side, blocked_pit) > 0) {
          Position other = theirs;
          other.at(blocked_side, blocked_pit) -= 1;
          other.at(blocked_side, static_cast<Pit>((blocked_pit + 1) % kPitsPerSide)) += 1;
          const Difference e{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(other),
                             NotationKind::None,           ""};
          const auto [at2, why2] = departure(rules, pos, v, e, std::nullopt);
          EXPECT_EQ(why2.find("the boards differ as well"), std::string::npos)
              << m.text << " at " << to_bpn(pos) << ": " << at2 << " (" << why2 << ")";
          ++blocked_pit_seen;
        }
        return seen < 10;
      });
  EXPECT_GT(seen, 0) << "no game of ap-bawo met a move that keeps a block";
  EXPECT_GT(blocked_pit_seen, 0) << "no kept block on a pit holding seeds after the move";
}

// In the single-lap games every move sows one way (the text's Maasai sows
// leftwards from any pit); a move the engine lists the other way is placed
// at the rule that fixes the direction. The four-row games sow both ways,
// and there the rule does not apply.
TEST(ExtraMoveDeparture, AMoveSownTheOtherWayInASingleLapGameIsPlacedAtTheDirection) {
  const Ruleset& maasai = ruleset("site-maasai");
  const Position start = start_position(maasai);
  const OracleView v = oracle_view(maasai, start);
  ASSERT_FALSE(v.moves.empty());
  std::string other = v.moves.front().text;
  ASSERT_EQ(other.size(), 3u);
  other[2] = other[2] == 'L' ? 'R' : 'L';
  const Difference d{FindingKind::ExtraMove, other, "illegal", "listed by the engine",
                     NotationKind::None,     ""};
  const auto [at, why] = departure(maasai, start, v, d, std::nullopt);
  EXPECT_EQ(at, "site.interp.direction-l") << why;
  // A move text that does not parse (here bytes that are not UTF-8 where
  // the direction letter would be) is not read as a direction.
  const Difference garbage{FindingKind::ExtraMove,
                           other.substr(0, 2) + "\xff\xfe",
                           "illegal",
                           "listed by the engine",
                           NotationKind::None,
                           ""};
  const auto [gat, gwhy] = departure(maasai, start, v, garbage, std::nullopt);
  EXPECT_EQ(gwhy.find("direction the text never sows in"), std::string::npos) << gat;
  EXPECT_EQ(gwhy.find('\xff'), std::string::npos);

  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  const Position z = start_position(zanzibar);
  const OracleView zv = oracle_view(zanzibar, z);
  const Difference zd{FindingKind::ExtraMove, "A1R", "illegal", "listed by the engine",
                      NotationKind::None,     ""};
  const auto [zat, zwhy] = departure(zanzibar, z, zv, zd, std::nullopt);
  EXPECT_EQ(zwhy.find("direction the text never sows in"), std::string::npos) << zat;
}

// North's front row is empty, so South has won (ap.win.front-empty) and
// no move is legal; South's A1 is blocked. An engine whose blocked pit
// passes lists A1L there: the move starts from a blocked pit, which the
// text never allows (ap.kutakatia.no-start), the game's end aside; so too
// in play where no single switch would allow it. With no block on A1 the
// same listing says nothing of blocks.
TEST(ExtraMoveDeparture, AMoveFromABlockedPitWhereTheGameIsOverIsPlacedAtTheBlock) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  const std::string board = "S 2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0";
  const Position blocked = bao::testing::position("ap-zanzibar", board + " block=A1");
  const OracleView v = oracle_view(zanzibar, blocked);
  ASSERT_NE(v.status.kind, Status::Kind::Ongoing);
  ASSERT_TRUE(v.moves.empty());
  const Difference d{FindingKind::ExtraMove, "A1L", "illegal", "listed by the engine",
                     NotationKind::None,     ""};
  const auto [at, why] = departure(zanzibar, blocked, v, d, std::nullopt);
  EXPECT_EQ(at, "ap.kutakatia.no-start") << why;

  // In play: South's blocked A1 holds 2 seeds, and the text starts nothing
  // there (no capture from it, and a capture elsewhere is compulsory).
  const Position ongoing = bao::testing::position(
      "ap-zanzibar", "S 2,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A1");
  const OracleView ov = oracle_view(zanzibar, ongoing);
  ASSERT_EQ(ov.status.kind, Status::Kind::Ongoing);
  for (const OracleMove& m : ov.moves) ASSERT_NE(m.text.substr(0, 2), "A1") << m.text;
  const auto [gat, gwhy] = departure(zanzibar, ongoing, ov, d, std::nullopt);
  EXPECT_EQ(gat, "ap.kutakatia.no-start") << gwhy;

  const Position open = bao::testing::position("ap-zanzibar", board);
  const auto [oat, owhy] = departure(zanzibar, open, oracle_view(zanzibar, open), d, std::nullopt);
  EXPECT_NE(oat, "ap.kutakatia.no-start") << owhy;
}

// A move the engine leaves out that is longer than every move it lists
// (more relays and more seeds sown) is placed at the rule that limits how
// long a move goes on; one that is not the longest is not.
TEST(MissingMoveDeparture, TheLongestMoveLeftOutIsPlacedAtTheCutoff) {
  const Ruleset& rules = ruleset("guide-v2");
  std::mt19937_64 rng(11);
  int longest_seen = 0, shorter_seen = 0;
  for (int game = 0; game < 300 && (longest_seen < 5 || shorter_seen < 5); ++game) {
    Position pos = start_position(rules);
    for (int ply = 0; ply < 200; ++ply) {
      if (status(rules, pos).kind != Status::Kind::Ongoing) break;
      const OracleView v = oracle_view(rules, pos);
      if (v.moves.size() < 3) break;
      std::vector<std::pair<int, int>> size;  // relays, seeds sown
      std::vector<bool> ends;                 // the move ends the game
      for (const OracleMove& m : v.moves) {
        Trace t;
        (void)play(rules, pos, m.move, &t);
        std::pair<int, int> n{0, 0};
        bool end = false;
        for (const Event& e : t.events()) {
          n.first += e.kind == EventKind::Relay;
          n.second += e.kind == EventKind::Sow;
          end = end || e.kind == EventKind::End;
        }
        size.push_back(n);
        ends.push_back(end);
      }
      for (std::size_t i = 0; i < v.moves.size(); ++i) {
        if (ends[i]) continue;
        // Longer by both measures than every other move, none of them
        // another form of the same start (the house question's `+`).
        bool longest = size[i].first >= 2, shorter = false;
        for (std::size_t j = 0; j < v.moves.size(); ++j) {
          if (j == i) continue;
          if (size[j].first >= size[i].first || size[j].second >= size[i].second ||
              v.moves[j].text.substr(0, 3) == v.moves[i].text.substr(0, 3))
            longest = false;
          if (size[j].first >= size[i].first && size[j].second >= size[i].second) shorter = true;
        }
        PositionAnswer answer;
        for (std::size_t j = 0; j < v.moves.size(); ++j)
          if (j != i) answer.moves.push_back(v.moves[j].text);
        const Difference d{FindingKind::MissingMove,    v.moves[i].text,    "legal",
                           "not in the engine's moves", NotationKind::None, ""};
        const auto [at, why] = departure(rules, pos, v, d, std::nullopt, &answer);
        const bool cutoff = why.find("longest move") != std::string::npos;
        if (longest) {
          ++longest_seen;
          EXPECT_TRUE(cutoff && at == "guide.limit.relay-512")
              << v.moves[i].text << " at " << to_bpn(pos) << ": " << at << " (" << why << ")";
        } else if (shorter) {
          ++shorter_seen;
          EXPECT_FALSE(cutoff) << v.moves[i].text << " at " << to_bpn(pos) << ": " << why;
        }
      }
      std::uniform_int_distribution<std::size_t> pick(0, v.moves.size() - 1);
      pos = v.moves[pick(rng)].after;
    }
  }
  EXPECT_GE(longest_seen, 1) << "no game met a position with one move longer than the rest";
  EXPECT_GE(shorter_seen, 5);
}

// A board where the nearest switch fits by coincidence (the far bench's
// mchezo, tests/far_engines/engines/mchezo.py, which does not end the game
// at a capture and caps its relays at 12): North's a5L+ captures its way to
// an empty South front row, which ends the game under the guide's rule
// (guide.win.immediate); the engine sows on, passes its cap and leaves the
// move out, listing the same start without the house question's `+`.
// Alone, the board fits the switch whose engine never asks the house
// question; once that switch is refuted elsewhere (stage 5b), the move left
// out is placed by the ending it skips.
TEST(MissingMoveDeparture, ARefutedNearestSwitchLeavesTheMoveToTheEndingItSkips) {
  const Ruleset& rules = ruleset("guide-v2");
  const auto pos = parse_bpn(
      "N 0,1,0,1,0,0,2,1/0,0,0,0,0,0,0,0 0,1,0,0,9,3,0,1/0,0,0,0,0,0,0,0 hand=0,1 house=a5");
  ASSERT_TRUE(pos);
  const OracleView v = oracle_view(rules, *pos);
  PositionAnswer answer;
  for (const OracleMove& m : v.moves)
    if (m.text != "a5L+") {
      answer.moves.push_back(m.text);
      answer.plays.push_back(
          MoveAnswer{.move = m.text, .accepted = true, .bpn = m.bpn, .status = m.status});
    }
  ASSERT_EQ(answer.moves.size() + 1, v.moves.size()) << "a5L+ is not a move here";
  const Difference d{FindingKind::MissingMove, "a5L+", "legal", "not in the engine's moves",
                     NotationKind::None,       ""};
  const Located guessed = locate_departure(rules, *pos, v, d, std::nullopt, &answer);
  EXPECT_EQ(guessed.clause, "guide.nyumba.stop-or-use") << guessed.how;
  EXPECT_TRUE(guessed.one_board);
  EXPECT_EQ(guessed.switch_id, "house-never-asks");
  const Located placed = locate_departure(rules, *pos, v, d, std::nullopt, &answer, true);
  EXPECT_EQ(placed.clause, "guide.win.immediate") << placed.how;
  EXPECT_TRUE(placed.firm);
  EXPECT_FALSE(placed.one_board);
  EXPECT_TRUE(placed.switch_id.empty());
}

// The bindings' compare() (bindings/js/test/api.test.js): A6L from
// Zanzibar's start sown one pit short, its seeds stopping at A4 instead of
// A3, departs at the sowing rule; no other move and no switch plays A6L to
// that board.
TEST(ResultDeparture, AMoveSownOnePitShortDepartsAtTheSowingRule) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const Position start = start_position(rules);
  const OracleView v = oracle_view(rules, start);
  const std::string wrong =
      "N 0,0,0,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5";
  const Difference d{FindingKind::DifferentResult, "A6L", "", wrong, NotationKind::None, ""};
  const auto [at, why] = departure(rules, start, v, d, std::nullopt);
  EXPECT_EQ(at, "ap.sow.consecutive") << why;
}

// The quiet count (site.progress.capture-resets): an engine that counts a
// turn its own way departs at that rule, alone in the result or beside
// another difference, as long as its move captured where the text's did
// (both or neither); a count that only follows from a capture one side
// made and the other did not is no departure of its own.
TEST(CounterDeparture, TheQuietCountIsItsOwnDepartureWhereBothMovesCapturedAlike) {
  const Ruleset& rules = ruleset("site-maasai");
  int alone = 0, beside = 0, follows = 0;
  each_move_in_play(
      rules, 3, 200, 200, [&](const Position& pos, const OracleView& v, const OracleMove& m) {
        const int mover = index_of(pos.to_move);
        const bool captured = m.after.store[mover] > pos.store[mover];
        // Only the count differs: placed at the counting rule, firmly.
        Position counted = m.after;
        counted.quiet = static_cast<std::uint16_t>(m.after.quiet + 1);
        const Difference only{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(counted),
                              NotationKind::None,           ""};
        const Located at = locate_departure(rules, pos, v, only, std::nullopt);
        EXPECT_EQ(at.clause, "site.progress.capture-resets") << m.text << " at " << to_bpn(pos);
        EXPECT_TRUE(at.firm);
        ++alone;
        // The count and the stores differ: where both moves captured (the
        // lander kept off the board too), the stores are the first departure
        // and the count a second; where only the engine's move captured, the
        // count follows from that.
        Position more = counted;
        more.store[mover] = static_cast<std::uint8_t>(more.store[mover] + 1);
        const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(more),
                           NotationKind::None,           ""};
        const auto counter = counter_departure(rules, pos, v, d);
        if (captured) {
          EXPECT_TRUE(counter.has_value()) << m.text << " at " << to_bpn(pos);
          if (counter) {
            EXPECT_EQ(counter->clause, "site.progress.capture-resets");
          }
          ++beside;
        } else {
          EXPECT_FALSE(counter.has_value()) << m.text << " at " << to_bpn(pos);
          ++follows;
        }
        return alone < 10 || beside < 10 || follows < 10;
      });
  EXPECT_GE(alone, 10);
  EXPECT_GE(beside, 10) << "too few captures met";
  EXPECT_GE(follows, 10);
}

// A ruleset that keeps no count has no such departure.
TEST(CounterDeparture, NoneWhereTheRulesetKeepsNoCount) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const Position pos = start_position(rules);
  const OracleView v = oracle_view(rules, pos);
  ASSERT_FALSE(v.moves.empty());
  const OracleMove& m = v.moves.front();
  Position theirs = m.after;
  theirs.quiet = 3;
  const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(theirs),
                     NotationKind::None,           ""};
  EXPECT_FALSE(counter_departure(rules, pos, v, d).has_value());
}

// A move the text cuts as endless (site.interp.endless-relay) whose board
// the engine gives otherwise (cut elsewhere, or never) departs at the rule
// that says where an endless move is cut, not at a sowing step.
TEST(EndlessDeparture, AnotherBoardForAnEndlessMoveIsPlacedAtTheCut) {
  const Ruleset& rules = ruleset("site-maasai");
  int seen = 0;
  each_move_in_play(
      rules, 11, 600, 200, [&](const Position& pos, const OracleView& v, const OracleMove& m) {
        Trace trace;
        (void)play(rules, pos, m.move, &trace);
        const bool endless =
            std::any_of(trace.events().begin(), trace.events().end(), [](const Event& e) {
              return e.kind == EventKind::End && e.reason == Reason::Infinite;
            });
        if (!endless) return true;
        // The engine's board: one seed moved from the fullest pit of the
        // mover's to the next pit.
        Position theirs = m.after;
        auto& row = theirs.pits[index_of(pos.to_move)];
        const auto most =
            static_cast<std::size_t>(std::max_element(row.begin(), row.end()) - row.begin());
        --row[most];
        ++row[(most + 1) % row.size()];
        const Difference d{FindingKind::DifferentResult, m.text, m.bpn, to_bpn(theirs),
                           NotationKind::None,           ""};
        const Located at = locate_departure(rules, pos, v, d, std::nullopt);
        EXPECT_EQ(at.clause, "site.interp.endless-relay") << m.text << " at " << to_bpn(pos);
        EXPECT_TRUE(at.firm);
        return ++seen < 3;
      });
  EXPECT_GT(seen, 0) << "no game of site-maasai met an endless move";
}

// In the play site's Kiswahili a namua player whose front row is bare has
// lost (site.kiswahili.bare-inner-row); an engine that plays on there
// departs at that rule, not at the general rule that a player without a
// move loses.
TEST(StatusDeparture, ABareFrontRowInNamuaIsTheSitesOwnRule) {
  const Ruleset& rules = ruleset("site-kiswahili");
  int seen = 0;
  each_move_in_play(rules, 13, 3000, 120,
                    [&](const Position& pos, const OracleView& v, const OracleMove& m) {
                      const Side next = m.after.to_move;
                      if (m.after.hand[index_of(next)] == 0 || m.after.front_total(next) > 0 ||
                          m.after.side_total(opponent(next)) == 0)
                        return true;
                      const Difference d{FindingKind::DifferentStatus, m.text, m.status, "ongoing",
                                         NotationKind::None,           ""};
                      const Located at = locate_departure(rules, pos, v, d, std::nullopt);
                      EXPECT_EQ(at.clause, "site.kiswahili.bare-inner-row")
                          << m.text << " at " << to_bpn(pos) << ": " << at.how;
                      return ++seen < 3;
                    });
  EXPECT_GT(seen, 0) << "no game of site-kiswahili left a namua player a bare front row";
}

}  // namespace
}  // namespace bao::check::detail
