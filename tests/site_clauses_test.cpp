// Per-clause unit tests of the play site's single-lap variants site-bank,
// site-maasai and site-long-game (source `site`, docs/sources.md;
// catalog: oracle/rules/site/clauses.def).
//
// Every expected value was worked out by hand from the page and the
// catalog's interpretation paraphrases; the working is in the comments. Each
// test names the clause it pins down in a `// clause: <id>` line directly
// above it; SiteCatalog checks that every clause of the three rulesets has
// one.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// The one direction is L (site.interp.direction-l): from a front pit
// leftward along the front row (A4 -> A3 -> A2 -> A1), from A1 into B1, then
// rightward along the back row (B1 -> B2 ... B8), from B8 into A8, and so
// on. North's "b4 2" only gives North a move afterwards (b4L sows b5, b6).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/ruleset.hpp"
#include "tests/rules_test_support.hpp"

namespace bao {
namespace {

using namespace testing;  // legal, after, play_traced, status_of, trace_text, ...

constexpr std::string_view kBank = "site-bank";
constexpr std::string_view kMaasai = "site-maasai";
constexpr std::string_view kLong = "site-long-game";
constexpr std::string_view kAll[] = {kBank, kMaasai, kLong};

bool is_illegal(std::string_view rs, std::string_view bpn, std::string_view move) {
  const std::string r = after(rs, bpn, move);
  return r.rfind("illegal", 0) == 0 || r.rfind("bad move", 0) == 0;
}

// Every own pit, L only: the start's sixteen moves.
const Moves kSixteen{"A1L", "A2L", "A3L", "A4L", "A5L", "A6L", "A7L", "A8L",
                     "B1L", "B2L", "B3L", "B4L", "B5L", "B6L", "B7L", "B8L"};

// ===========================================================================
// Setup, lifting and sowing

// Two seeds everywhere, South to move, nothing else in the position.
// clause: site.setup.all-twos
TEST(SiteSetup, AllTwosSouthFirst) {
  for (std::string_view rs : kAll) {
    const std::string start = to_bpn(start_position(rules(rs)));
    EXPECT_EQ(start, "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2") << rs;
    EXPECT_EQ(start_position(rules(rs)).total_seeds(), 64);
  }
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  EXPECT_EQ(legal(kMaasai, start), kSixteen);
  EXPECT_EQ(legal(kLong, start), kSixteen);
}

// South: A3 1, B5 2; North: b4 2. Both occupied pits may be lifted, the single
// seed included. A3L: A2 (empty) -> stop; quiet 0 -> 1. B5L: B6 1, B7 1 ->
// B7 was empty -> stop. The empty A4 and the opponent's b4 are no moves.
// clause: site.lift.any-own-pit
TEST(SiteLift, AnyOccupiedOwnPitEvenASingleSeed) {
  const std::string pos = "S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  for (std::string_view rs : kAll) {
    EXPECT_EQ(legal(rs, pos), (Moves{"A3L", "B5L"})) << rs;
    EXPECT_EQ(after(rs, pos, "A3L"),
              "N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
    EXPECT_EQ(after(rs, pos, "B5L"),
              "N 0,0,1,0,0,0,0,0/0,0,0,0,0,1,1,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
    EXPECT_TRUE(is_illegal(rs, pos, "A4L"));
    EXPECT_TRUE(is_illegal(rs, pos, "b4L"));
  }
}

// The circuit turns from A1 into B1 and from B8 into A8, and never reaches
// North. A1L (2): B1 1, B2 1 -> stop. B8L (2): A8 1, A7 1 -> stop (A7 faces
// the empty a2: no capture).
// clause: site.sow.own-loop
TEST(SiteSowing, OwnLoopOfSixteen) {
  for (std::string_view rs : kAll) {
    Played a =
        play_traced(rs, "S 2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0", "A1L");
    EXPECT_EQ(a.bpn, "N 0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
    EXPECT_EQ(trace_text(a.trace), "lift A1 2; sow B1; sow B2; stop B2");
    EXPECT_EQ(testing::clause_at(a.trace, EventKind::Sow, "B1"), "site.sow.own-loop");
    Played b =
        play_traced(rs, "S 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0", "B8L");
    EXPECT_EQ(b.bpn, "N 0,0,0,0,0,0,1,1/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
    EXPECT_EQ(trace_text(b.trace), "lift B8 2; sow A8; sow A7; stop A7");
  }
}

// One direction only: the R letter is never legal, from the start or from
// any other position.
// clause: site.sow.fixed-direction
TEST(SiteSowing, OneDirectionOnly) {
  const std::string pos = "S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  for (std::string_view rs : kAll) {
    for (const std::string& m : legal(rs, pos)) EXPECT_EQ(m.back(), 'L') << rs << " " << m;
    EXPECT_TRUE(is_illegal(rs, pos, "A3R"));
    EXPECT_TRUE(is_illegal(rs, pos, "B5R"));
  }
}

// L is the way: the outer row is sown from the mover's left to right (B5 ->
// B6 -> B7), the inner row from right to left (A3 -> A2). North the same on
// its side: b4L sows b5, b6.
// clause: site.interp.direction-l
TEST(SiteSowing, DirectionIsL) {
  Played r = play_traced(
      kMaasai, "S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0", "B5L");
  EXPECT_EQ(trace_text(r.trace), "lift B5 2; sow B6; sow B7; stop B7");
  EXPECT_EQ(
      after(kMaasai, "N 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0", "b4L"),
      "S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,0 quiet=1");
}

// South: A2 1, A3 1. A3L: A2 1 -> 2 (occupied) -> relay A2, both seeds: A1 1,
// B1 1 -> B1 was empty -> stop.
// clause: site.sow.relay
TEST(SiteSowing, OccupiedLastPitRelaysWholePit) {
  for (std::string_view rs : kAll) {
    Played r =
        play_traced(rs, "S 0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0", "A3L");
    EXPECT_EQ(r.bpn, "N 1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
    EXPECT_EQ(trace_text(r.trace), "lift A3 1; sow A2; relay A2 2; sow A1; sow B1; stop B1");
    EXPECT_EQ(testing::clause_at(r.trace, EventKind::Relay, "A2"), "site.sow.relay");
  }
}

// The opening, worked by hand for A5L (Maasai): lift A5 (2): A4 3, A3 3 ->
// relay A3 (3): A2 3, A1 3, B1 3 -> relay B1 (3): B2, B3, B4 = 3 -> relay B4
// (3): B5, B6, B7 = 3 -> relay B7 (3): B8 3, A8 3, A7 3 -> relay A7 (3): A6
// 3, A5 1, A4 4 -> relay A4 (4): A3 1, A2 4, A1 4, B1 1 -> B1 was empty ->
// stop (outer row: nothing taken). 2+3+3+3+3+3+4 = 21 seeds; A5 holds 1.
// clause: site.sow.stop-empty
TEST(SiteSowing, StopsWhereAPitWasEmpty) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  for (std::string_view rs : {kMaasai, kLong}) {
    Played r = play_traced(rs, start, "A5L");
    EXPECT_EQ(r.bpn, "N 4,4,1,0,1,3,0,3/1,3,3,0,3,3,0,3 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 quiet=1");
    EXPECT_EQ(count_of(r.trace, EventKind::Sow), 21);
    EXPECT_EQ(count_of(r.trace, EventKind::Relay), 6);
    EXPECT_EQ(testing::stop_clause(r.trace), "B1 site.sow.stop-empty");
  }
}

// ===========================================================================
// Bank

// The house is A5 in Bank only. South A5 1, A6 1: A6L drops its seed into
// A5 (1 -> 2). Bank: the house stops the relay; South now has seeds only
// in the house: win. Maasai: A5 is ordinary and relays (2): A4 1, A3 1 ->
// stop A3 (faces the empty a6).
// clause: site.bank.house-pit
TEST(SiteBank, HouseIsPitFiveOfTheInnerRow) {
  const std::string pos = "S 0,0,0,0,1,1,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,0,2,2/2,2,2,2,2,2,2,2";
  EXPECT_EQ(after(kBank, pos, "A6L"),
            "N 0,0,0,0,2,0,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,0,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(after(kMaasai, pos, "A6L"),
            "N 0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,0,2,2/2,2,2,2,2,2,2,2 quiet=1");
}

// A5 and a5 by the protocol's numbering, with no house key: the start omits
// A5L (and North, to move, a5L) and keeps A4L; a position naming a house is
// refused.
// clause: site.interp.bank-house-a5
TEST(SiteBank, HousesAreA5AndA5WithoutAKey) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  Moves fifteen = kSixteen;
  fifteen.erase(fifteen.begin() + 4);  // A5L
  EXPECT_EQ(legal(kBank, start), fifteen);
  const Moves north =
      legal(kBank, "N 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(north.size(), 15u);
  EXPECT_EQ(std::count(north.begin(), north.end(), "a5L"), 0);
  EXPECT_EQ(std::count(north.begin(), north.end(), "a4L"), 1);
  auto parsed =
      parse_bpn("S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 house=A5,a5");
  ASSERT_TRUE(parsed.ok());
  EXPECT_FALSE(validate_for_ruleset(rules(kBank), *parsed).ok());
}

// A5L is refused in Bank. A7L: A6 3, A5 3 -> the house: the relay stops and
// A5 keeps its 3 (it would relay anywhere else).
// clause: site.bank.house-never-lifted
TEST(SiteBank, HouseIsNeverLifted) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  EXPECT_TRUE(is_illegal(kBank, start, "A5L"));
  EXPECT_EQ(after(kBank, start, "A7L"),
            "N 2,2,2,2,3,3,0,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
}

// A7L from the start stops in the occupied house after 2 seeds. An empty
// house stops it too (South A6 1, B8 1: A6L -> A5 0 -> 1, stop there).
// clause: site.bank.house-stop
TEST(SiteBank, RelayStopsOnTheHouse) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  Played r = play_traced(kBank, start, "A7L");
  EXPECT_EQ(trace_text(r.trace), "lift A7 2; sow A6; sow A5; stop A5");
  EXPECT_EQ(testing::stop_clause(r.trace), "A5 site.bank.house-stop");
  Played e = play_traced(kBank, "S 0,0,0,0,0,1,0,0/0,0,0,0,0,0,0,1 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2",
                         "A6L");
  EXPECT_EQ(e.bpn, "N 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,1 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(testing::stop_clause(e.trace), "A5 site.bank.house-stop");
}

// South A3 1; North a7 3, b2 1, b4 2, b7 1. A3L stops in the empty A2, across
// from a7 (3): Bank takes nothing (quiet 0 -> 1).
// clause: site.bank.no-captures
TEST(SiteBank, NothingIsEverTaken) {
  const std::string pos = "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,1,0,2,0,0,1,0";
  Played r = play_traced(kBank, pos, "A3L");
  EXPECT_EQ(r.bpn, "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,1,0,2,0,0,1,0 quiet=1");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 0);
}

// South A5 31, A6 1: A6L puts the last seed into the house (32), every
// other South pit is empty: South wins at once.
// clause: site.bank.win-house-full
TEST(SiteBank, AllSeedsInTheHouseWins) {
  Played r = play_traced(
      kBank, "S 0,0,0,0,31,1,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2", "A6L");
  EXPECT_EQ(r.bpn, "N 0,0,0,0,32,0,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(status_of(kBank, r.bpn), "win S house-full");
  EXPECT_TRUE(has_clause(r.trace, "site.bank.win-house-full"));
  EXPECT_TRUE(legal(kBank, r.bpn).empty());
}

// quiet=10. A7 3: A7L sows A6, A5 (the house), A4 -> stop in the empty A4:
// a seed reached the house, so the count is 0. A3 1 alone: A3L -> A2, no
// seed in the house: 11.
// clause: site.bank.progress-house
TEST(SiteBank, SeedInTheHouseResetsTheCount) {
  EXPECT_EQ(
      after(kBank, "S 0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 quiet=10",
            "A7L"),
      "N 0,0,0,1,1,1,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(
      after(kBank, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 quiet=10",
            "A3L"),
      "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 quiet=11");
}

// quiet=49. South: A3 1, B5 5 outside the house (6 seeds in 2 pits), A5 26;
// North: a1, a2, a3, b1 one each (4 seeds in 4 pits), a5 28. A3L -> A2
// (no house seed): quiet 50, called. Seeds left outside the house: South 6,
// North 4: North is nearer to empty and wins. Level (4 and 4): a draw.
// clause: site.interp.bank-closeness
TEST(SiteBank, CalledOnSeedsLeftOutsideTheHouse) {
  const std::string pos =
      "S 0,0,1,0,26,0,0,0/0,0,0,0,5,0,0,0 1,1,1,0,28,0,0,0/1,0,0,0,0,0,0,0 quiet=49";
  const std::string next = after(kBank, pos, "A3L");
  EXPECT_EQ(next, "N 0,1,0,0,26,0,0,0/0,0,0,0,5,0,0,0 1,1,1,0,28,0,0,0/1,0,0,0,0,0,0,0 quiet=50");
  EXPECT_EQ(status_of(kBank, next), "win N no-progress");
  EXPECT_EQ(status_of(kBank,
                      "N 0,1,0,0,28,0,0,0/0,0,0,0,3,0,0,0 1,1,1,0,28,0,0,0/1,0,0,0,0,0,0,0 "
                      "quiet=50"),
            "draw no-progress");
}

// ===========================================================================
// Maasai and the Long Game

// The same position as the Bank test: A3L stops in the empty inner A2
// across from a7 (3), which goes to South's store; quiet stays 0.
// clause: site.capture.condition
TEST(SiteCapture, StopInEmptyInnerPitAcrossFromSeeds) {
  const std::string pos = "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,1,0,2,0,0,1,0";
  Played r = play_traced(kMaasai, pos, "A3L");
  EXPECT_EQ(r.bpn, "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,1,0,2,0,0,1,0 store=3,0");
  EXPECT_EQ(trace_text(r.trace), "lift A3 1; sow A2; stop A2; capture a7 3");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Capture, "a7"), "site.capture.condition");
  // Not in the outer row: B4 1, B4L -> B5 (empty) -> stop, nothing taken
  // (a4 3 faces A5, not an outer pit).
  EXPECT_EQ(
      after(kMaasai, "S 0,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0 0,0,0,3,0,0,0,0/0,0,0,2,0,0,0,0", "B4L"),
      "N 0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0 0,0,0,3,0,0,0,0/0,0,0,2,0,0,0,0 quiet=1");
  // Not in passing: A3 1, A4 1, a6 4 (across A3). A4L: A3 2 -> relay A3 (2):
  // A2 1, A1 1 -> stop in A1 across from the empty a8: nothing; a6 stays.
  EXPECT_EQ(
      after(kMaasai, "S 0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,4,0,0/0,0,0,2,0,0,0,0", "A4L"),
      "N 1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,4,0,0/0,0,0,2,0,0,0,0 quiet=1");
}

// The captured 3 are in the store and nowhere on the board; A2 keeps the
// seed that stopped there; the 8 seeds are all still counted (5 on the
// board, 3 in the store).
// clause: site.capture.to-store
TEST(SiteCapture, SeedsGoToTheStoreForGood) {
  const std::string pos = "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,1,0,2,0,0,1,0";
  const std::string next = after(kMaasai, pos, "A3L");
  auto p = parse_bpn(next);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->store[0], 3);
  EXPECT_EQ(p->at(Side::South, front_pit(2)), 1);
  EXPECT_EQ(p->side_total(Side::North), 4);
  EXPECT_EQ(p->total_seeds(), 8);
}

// Long Game, same position: a7 (3) and then b7 (1) behind it: store 4.
// Across an empty a7 (North a1 1, b7 2): nothing, b7 is safe.
// clause: site.longgame.second-pit
TEST(SiteLongGame, PitBehindTheCaptureToo) {
  Played r = play_traced(kLong, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,1,0,2,0,0,1,0",
                         "A3L");
  EXPECT_EQ(r.bpn, "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,1,0,2,0,0,0,0 store=4,0");
  EXPECT_EQ(trace_text(r.trace), "lift A3 1; sow A2; stop A2; capture a7 3; capture b7 1");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Capture, "b7"), "site.longgame.second-pit");
  EXPECT_EQ(
      after(kLong, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0", "A3L"),
      "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0 quiet=1");
}

// Behind a7 is b7 (same number), not b2: b2 keeps its seed above. Opening
// A6L, worked by hand: A5 3, A4 3 -> relay A4: A3, A2, A1 = 3 -> relay A1:
// B1, B2, B3 = 3 -> relay B3: B4, B5, B6 = 3 -> relay B6: B7, B8, A8 = 3 ->
// relay A8: A7 3, A6 1, A5 4 -> relay A5 (4): A4 1, A3 4, A2 4, A1 1 -> A1
// was empty: stop, across from a8 (2). Maasai takes a8; the Long Game a8
// and b8.
// clause: site.interp.second-pit-same-column
TEST(SiteLongGame, BehindMeansTheSameColumn) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  EXPECT_EQ(after(kMaasai, start, "A6L"),
            "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0");
  EXPECT_EQ(after(kLong, start, "A6L"),
            "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,0 store=4,0");
}

// North a7 2 only: A3L takes it and North has nothing left: South wins.
// With b3 1 as well North keeps a seed: an empty inner row alone ends
// nothing.
// clause: site.win.all-captured
TEST(SiteWin, NoSeedsLeftLoses) {
  for (std::string_view rs : {kMaasai, kLong}) {
    Played r =
        play_traced(rs, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0", "A3L");
    EXPECT_EQ(r.bpn, "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 store=2,0");
    EXPECT_EQ(status_of(rs, r.bpn), "win S all-captured");
    EXPECT_TRUE(has_clause(r.trace, "site.win.all-captured"));
    const std::string kept =
        after(rs, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,2,0/0,0,1,0,0,0,0,0", "A3L");
    EXPECT_EQ(kept, "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0 store=2,0");
    EXPECT_EQ(status_of(rs, kept), "ongoing");
  }
}

// quiet=20: the capture of a7 sets it to 0; A3L across an empty a7 (North
// a1 1, b4 2) makes it 21.
// clause: site.progress.capture-resets
TEST(SiteProgress, CaptureResetsTheCount) {
  EXPECT_EQ(
      after(kMaasai, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,3,0/0,0,0,2,0,0,0,0 quiet=20",
            "A3L"),
      "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,0");
  EXPECT_EQ(
      after(kMaasai, "S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=20",
            "A3L"),
      "N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=21");
}

// An endless relay, worked by hand. South: A1 1, A3 1, A5 1, A7 1; B2 1,
// B4 2, B5 1, B7 1, B8 2 (11 seeds). B8L: A8 1, A7 2 -> relay A7 (2): A6 1,
// A5 2 -> relay A5: A4 1, A3 2 -> relay A3: A2 1, A1 2 -> relay A1: B1 1,
// B2 2 -> relay B2: B3 1, B4 3 -> relay B4 (3): B5 2, B6 1, B7 2 -> relay
// B7: B8 1, A8 2 -> relay A8: A7 1, A6 2 -> about to lift A6. That board is
// the board at the first pickup (about to lift A7) moved one pit along the
// circuit, so after 16 such shifts the relay is back where it began, for
// ever. The first repeat is of the first pickup's state itself, so the move
// is cut with the board as it stood there: A1..A8 1,0,1,0,1,0,2,1; B1..B8
// 0,1,0,2,1,0,1,0. The game is judged as a called game: stores 3,3 draw;
// 4,3 South wins.
// clause: site.interp.endless-relay
TEST(SiteEndless, RelayThatCanNeverStopIsCalled) {
  for (std::string_view rs : {kMaasai, kLong}) {
    Played r = play_traced(
        rs, "S 1,0,1,0,1,0,1,0/0,1,0,2,1,0,1,2 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3", "B8L");
    EXPECT_EQ(r.bpn,
              "N 1,0,1,0,1,0,2,1/0,1,0,2,1,0,1,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=1 "
              "result=draw:infinite");
    EXPECT_EQ(status_of(rs, r.bpn), "draw infinite");
    EXPECT_EQ(trace_text(r.trace).rfind("lift B8 2; sow A8; sow A7; relay A7 2; sow A6; sow A5; "
                                        "relay A5 2; sow A4; sow A3; relay A3 2",
                                        0),
              0u);
    EXPECT_EQ(testing::stop_clause(r.trace), "A7 site.interp.endless-relay");
    const std::string ahead = after(
        rs, "S 1,0,1,0,1,0,1,0/0,1,0,2,1,0,1,2 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=4,3", "B8L");
    EXPECT_EQ(status_of(rs, ahead), "win S infinite");
  }
  // Bank has no such relay (every lap passes the house, which only grows),
  // so a decided result is no Bank position.
  auto p = parse_bpn(
      "N 1,0,1,0,1,0,2,1/0,1,0,2,1,0,1,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 result=draw:infinite");
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(validate_for_ruleset(rules(kBank), *p).ok());
  EXPECT_TRUE(validate_for_ruleset(rules(kMaasai), *p).ok());
}

// A relay that neither stops nor repeats within 65,536 pickups (our limit,
// docs/rulesets/site-maasai.md) is cut at the limit. This 64-seed position
// was found by a search over random boards; that its B2L relay neither stops
// nor repeats by then cannot be worked by hand, but the example engine
// (examples/python/site_maasai.py, which remembers every state instead of
// Brent's watch) cuts it at the same place with the same board, checked in
// examples/python/test_site_maasai.py. What is checked here: the cut comes
// exactly at the limit, as an endless relay, judged as a called game with
// no captures (stores 0-0: a draw).
// clause: site.interp.endless-relay
TEST(SiteEndless, ARelayWithoutARepeatIsCutAtTheLimit) {
  const std::string pos = "S 4,3,4,2,3,2,3,1/1,5,5,2,3,2,3,2 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2";
  for (std::string_view rs : {kMaasai, kLong}) {
    Played r = play_traced(rs, pos, "B2L");
    const auto relays = std::count_if(r.trace.events().begin(), r.trace.events().end(),
                                      [](const Event& e) { return e.kind == EventKind::Relay; });
    EXPECT_EQ(relays, 1 << 16) << rs;
    EXPECT_EQ(testing::stop_clause(r.trace).substr(3), "site.interp.endless-relay") << rs;
    EXPECT_EQ(status_of(rs, r.bpn), "draw infinite") << rs;
    // No capture: North's side is as it was.
    EXPECT_NE(r.bpn.find(" 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2 "), std::string::npos) << r.bpn;
  }
}

// Under mutants that capture in the middle of a relay (site-capture-mid-relay,
// with site-capture-takes-lander the capture changes the mover's own row),
// a relay's future depends on the opponent's row too. The endless-relay
// watch once compared only the mover's row and replayed the relay without
// those captures, so at this board (found by a search over random boards)
// its search for the first repeat never ended; the checker's diagnosis
// plays such mutated rules at any position. What is checked: B3L ends, as
// an endless relay cut at a repeat (before the limit), with every seed
// still on the board or in a store.
// clause: site.interp.endless-relay
TEST(SiteEndless, ARelayThatCapturesOnTheWayIsStillCutAtItsFirstRepeat) {
  auto mid = mutate(rules(kMaasai), Mutation::SiteCaptureMidRelay);
  ASSERT_TRUE(mid.ok());
  auto both = mutate(*mid, Mutation::SiteCaptureTakesLander);
  ASSERT_TRUE(both.ok());
  auto pos =
      parse_bpn("S 2,1,2,3,6,3,2,1/2,1,3,1,2,1,2,1 2,1,3,1,2,1,2,2/3,1,1,1,1,2,1,2 store=5,0");
  ASSERT_TRUE(pos.ok());
  auto move = parse_move("B3L", Side::South);
  ASSERT_TRUE(move.ok());
  Trace trace;
  auto next = play(*both, *pos, *move, &trace);
  ASSERT_TRUE(next.ok()) << next.error().message;
  EXPECT_EQ(testing::stop_clause(trace).substr(3), "site.interp.endless-relay");
  EXPECT_GT(count_of(trace, EventKind::Capture), 0);
  EXPECT_LT(count_of(trace, EventKind::Relay), 1 << 16);
  EXPECT_EQ(next->total_seeds(), pos->total_seeds());
}

// With site-relay-leaves-seed as well, a pit the capture left one seed in
// has nothing to lift: the run ends there (at this board, found the same
// way, a relay once tried to sow no seeds and stopped the program). Every
// move is played, and no seed is lost.
// clause: site.sow.relay
TEST(SiteEndless, MutantsThatLeaveNothingToLiftEndTheRun) {
  auto r = mutate(rules(kMaasai), Mutation::SiteCaptureMidRelay);
  ASSERT_TRUE(r.ok());
  r = mutate(*r, Mutation::SiteCaptureTakesLander);
  ASSERT_TRUE(r.ok());
  r = mutate(*r, Mutation::SiteRelayLeavesSeed);
  ASSERT_TRUE(r.ok());
  auto pos =
      parse_bpn("S 3,0,1,3,2,0,0,2/4,2,1,1,2,2,1,3 2,2,2,2,2,2,2,1/0,2,2,2,4,2,1,1 store=8,0");
  ASSERT_TRUE(pos.ok());
  const MoveList moves = legal_moves(*r, *pos);
  EXPECT_FALSE(moves.empty());
  for (const Move& m : moves) {
    auto next = play(*r, *pos, m);
    ASSERT_TRUE(next.ok()) << move_to_string(m, Side::South);
    EXPECT_EQ(next->total_seeds(), pos->total_seeds()) << move_to_string(m, Side::South);
  }
}

// ===========================================================================
// The no-progress rule and endings

// quiet=49, stores 5,3. A3L (across the empty a7) is the fiftieth quiet
// turn: the game is over, with no move left, and South has captured more.
// A count above 50 is no position.
// clause: site.progress.called
TEST(SiteProgress, FiftyQuietTurnsCallTheGame) {
  const std::string pos =
      "S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=5,3 quiet=49";
  for (std::string_view rs : {kMaasai, kLong}) {
    Played r = play_traced(rs, pos, "A3L");
    EXPECT_EQ(r.bpn,
              "N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=5,3 "
              "quiet=50");
    EXPECT_EQ(status_of(rs, r.bpn), "win S no-progress");
    EXPECT_TRUE(legal(rs, r.bpn).empty());
    EXPECT_TRUE(has_clause(r.trace, "site.progress.called"));
    auto over =
        parse_bpn("N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=51");
    ASSERT_TRUE(over.ok());
    EXPECT_FALSE(validate_for_ruleset(rules(rs), *over).ok());
  }
}

// A called game: more captures win, level is a draw (recorded as a draw).
// clause: site.progress.called-result
TEST(SiteProgress, CalledGameOnCapturesLevelIsADraw) {
  const std::string board = "N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  for (std::string_view rs : {kMaasai, kLong}) {
    EXPECT_EQ(status_of(rs, board + " store=3,3 quiet=50"), "draw no-progress");
    EXPECT_EQ(status_of(rs, board + " store=2,5 quiet=50"), "win N no-progress");
    EXPECT_EQ(status_of(rs, board + " quiet=50"), "draw no-progress");
  }
}

// North's move counts as much as South's: quiet=49, North to move, b4L sows
// b5, b6 -> stop: 50, called; stores 1,1: a draw.
// clause: site.interp.turn-is-one-move
TEST(SiteProgress, EveryMoveIsATurn) {
  const std::string next =
      after(kMaasai,
            "N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=1,1 quiet=49",
            "b4L");
  EXPECT_EQ(next,
            "S 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,0 store=1,1 quiet=50");
  EXPECT_EQ(status_of(kMaasai, next), "draw no-progress");
}

// Set-up positions where both sides have ended: Maasai, both sides empty
// (stores 32, 32): South, to move, is judged first and has lost. Bank, both
// houses holding everything: South, to move, is judged first and has won.
// clause: site.interp.both-ended
TEST(SiteWin, SideToMoveIsJudgedFirst) {
  EXPECT_EQ(
      status_of(kMaasai,
                "S 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 store=32,32"),
      "win N all-captured");
  EXPECT_EQ(status_of(kBank, "S 0,0,0,0,32,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,32,0,0,0/0,0,0,0,0,0,0,0"),
            "win S house-full");
}

// ===========================================================================
// The page's own statements about the opening

// Maasai and the Long Game: every one of the sixteen opening lifts sows 21
// seeds and leaves a seed in the pit it emptied (A5L and A6L are worked by
// hand above; the same shape repeats one pit along for every start).
TEST(SiteOpening, EveryCapturingVariantLiftSowsTwentyOne) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  for (std::string_view rs : {kMaasai, kLong}) {
    for (const std::string& m : legal(rs, start)) {
      Played r = play_traced(rs, start, m);
      EXPECT_EQ(count_of(r.trace, EventKind::Sow), 21) << rs << " " << m;
      auto p = parse_bpn(r.bpn);
      ASSERT_TRUE(p.ok());
      const Move mv = parse_move(m, Side::South).value();
      EXPECT_GE(p->at(Side::South, mv.pit), 1) << rs << " " << m;
    }
  }
}

// Bank: the fifteen opening lifts sow from 2 (A7L: A6, A5 the house) to 21
// seeds (A1L never meets the house at a stop).
TEST(SiteOpening, BankLiftsRunFromTwoToTwentyOne) {
  const std::string start = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  int least = 100, most = 0;
  for (const std::string& m : legal(kBank, start)) {
    Played r = play_traced(kBank, start, m);
    const int n = count_of(r.trace, EventKind::Sow);
    least = std::min(least, n);
    most = std::max(most, n);
  }
  EXPECT_EQ(least, 2);
  EXPECT_EQ(most, 21);
  EXPECT_EQ(count_of(play_traced(kBank, start, "A7L").trace, EventKind::Sow), 2);
  EXPECT_EQ(count_of(play_traced(kBank, start, "A1L").trace, EventKind::Sow), 21);
}

TEST(SiteCatalog, EveryClauseHasATest) {
  const std::set<std::string> ids = testing::clause_markers("tests/site_clauses_test.cpp");
  ASSERT_FALSE(ids.empty());
  for (std::string_view rs : kAll)
    for (ClauseId id : rules(rs).clauses)
      EXPECT_TRUE(ids.count(std::string(clause_name(id))))
          << rs << ": no test for " << clause_name(id);
  for (const std::string& id : ids) EXPECT_NE(find_clause(id), ClauseId::None) << id;
}

}  // namespace
}  // namespace bao
