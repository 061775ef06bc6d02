// Per-clause unit tests of the ruleset site-kiswahili (the play site's
// description of Bao la Kiswahili, source `site`, docs/sources.md;
// catalog: oracle/rules/site_kiswahili/clauses.def). The guide clauses the
// ruleset adopts are tested in tests/guide_clauses_test.cpp.
//
// Every expected value was worked out by hand from the site's text and the
// catalog's interpretation paraphrases. Each test names the clause it pins
// down in a `// clause: <id>` line directly above it.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// Circuit index: A1..A8 = 0..7, B8..B1 = 8..15. R adds 1, L subtracts 1.
// North's "a1 1" faces the empty A8 and only keeps North's front row
// occupied; "b4 2" gives North a mtaji move afterwards.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/rules_test_support.hpp"

namespace bao {
namespace {

using namespace testing;  // legal, after, play_traced, status_of, trace_text, ...

constexpr std::string_view kSite = "site-kiswahili";
constexpr std::string_view kGuide = "guide-r002";
const std::string kStart{testing::kStandardStart};

// ===========================================================================
// Setup, phases, sowing

// 22 in hand, 6 in the nyumba A5, 2 in A6 and A7 (the two pits to its
// right). Nothing faces anything (A5..A7 face a4..a2, all empty): no
// capture. The house is not the last occupied front pit, so it takes no
// seed; A6 and A7 may. A6R: A6 3, lift: A7 3, A8 1, B8 1 -> B8 was empty.
// clause: site.kiswahili.setup
TEST(SiteKiswahiliSetup, StartPosition) {
  EXPECT_EQ(to_bpn(start_position(testing::rules(kSite))), kStart);
  EXPECT_EQ(legal(kSite, kStart), (Moves{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(after(kSite, kStart, "A6R"),
            "N 0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
            "house=A5,a5");
}

// "Beside" read as the two pits to the right: A4 stays empty. Were A4 and A6
// the pits, A4 (2) would face a5 (North's house, 6) and South would open by
// taking it; here A4 holds nothing and faces nothing.
// clause: site.interp.kiswahili-setup-right-pits
TEST(SiteKiswahiliSetup, BesideMeansTheTwoPitsToTheRight) {
  const Position start = start_position(testing::rules(kSite));
  EXPECT_EQ(start.at(Side::South, front_pit(4)), 0);
  EXPECT_EQ(start.at(Side::South, front_pit(6)), 2);
  EXPECT_EQ(start.at(Side::South, front_pit(7)), 2);
  EXPECT_EQ(start.total_seeds(), 64);
}

// South A3 1, B2 2; North a1 1, b4 2. With seeds in hand South places (A3,
// the only occupied front pit): A3R: A3 2, lift: A4 1, A5 1 -> stop. With
// none, South lifts from the board; A3 (1) cannot start, no front pit of 2:
// B2. B2R: B1 1, A1 1 -> stop.
// clause: site.kiswahili.namua-mtaji
TEST(SiteKiswahiliPhases, HandDecidesPlacingOrLifting) {
  const std::string namua =
      "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=1,0";
  const std::string mtaji = "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kSite, namua), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kSite, namua, "A3R"),
            "N 0,0,0,1,1,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(legal(kSite, mtaji), (Moves{"B2L", "B2R"}));
  EXPECT_EQ(after(kSite, mtaji, "B2R"),
            "N 1,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// Both ways round are offered for every start: the start position has A6
// and A7, each with L and R; A7L: A7 3, lift: A6 3, A5 7, A4 1 -> stop.
// clause: site.kiswahili.direction-choice
TEST(SiteKiswahiliSowing, EitherDirection) {
  EXPECT_EQ(after(kSite, kStart, "A7L"),
            "N 0,0,0,1,7,3,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
            "house=A5,a5");
}

// Namua, South A2 1, A4 3; North a1 1. No capture (A2, A4 face a7, a5:
// empty). A2R: A2 2, lift 2: A3 1, A4 4 -> A4 held seeds: relay A4 (4): A5,
// A6, A7, A8 -> A8 was empty: stop.
const std::string kSingles =
    "S 0,1,0,3,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";
const std::string kSinglesA2R =
    "N 0,0,1,0,1,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3";

// clause: site.kiswahili.sow-own-loop
TEST(SiteKiswahiliSowing, OneSeedPerPitFromTheNextPit) {
  Played r = play_traced(kSite, kSingles, "A2R");
  EXPECT_EQ(r.bpn, kSinglesA2R);
  EXPECT_EQ(trace_text(r.trace),
            "place A2; lift A2 2; sow A3; sow A4; relay A4 4; sow A5; sow A6; sow A7; sow A8; "
            "stop A8");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Sow, "A3"), "site.kiswahili.sow-own-loop");
}

// clause: site.kiswahili.relay
TEST(SiteKiswahiliSowing, OccupiedLastPitIsLifted) {
  Played r = play_traced(kSite, kSingles, "A2R");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Relay, "A4"), "site.kiswahili.relay");
}

// A4L: A4 4, lift: A3 1, A2 2, A1 1, B1 1 -> B1 was empty: stop.
// clause: site.kiswahili.stop-empty
TEST(SiteKiswahiliSowing, EmptyLastPitEndsTheTurn) {
  Played r = play_traced(kSite, kSingles, "A4L");
  EXPECT_EQ(r.bpn, "N 1,2,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
  EXPECT_EQ(testing::stop_clause(r.trace), "B1 site.kiswahili.stop-empty");
}

// ===========================================================================
// Namua

// Only occupied front pits take a seed: A2 and A4, never an empty one.
// clause: site.kiswahili.place-occupied
TEST(SiteKiswahiliNamua, PlacementOnlyIntoOccupiedFrontPits) {
  EXPECT_EQ(legal(kSite, kSingles), (Moves{"A2L", "A2R", "A4L", "A4R"}));
  Played r = play_traced(kSite, kSingles, "A4L");
  EXPECT_TRUE(has_clause(r.trace, "site.kiswahili.place-occupied"));
}

// The lone seed in A2 may take the placement beside A4 (3); the guide would
// keep it back while a pit of 2 or more exists and no house is owned.
// clause: site.interp.kiswahili-singles-may-start
TEST(SiteKiswahiliNamua, LoneSeedsMayStart) {
  EXPECT_EQ(legal(kSite, kSingles), (Moves{"A2L", "A2R", "A4L", "A4R"}));
  EXPECT_EQ(legal(kGuide, kSingles), (Moves{"A4L", "A4R"}));
}

// South's front row is bare, seeds in hand: no move, North wins for lack of
// a move. Reached in play: North a5 1 faces A4 2, South's only front seeds;
// a5R: a5 2, take A4 (2), enter a1: a1 1, a2 1 -> stop. South, still
// holding 3, has a bare front row.
// clause: site.kiswahili.bare-inner-row
TEST(SiteKiswahiliNamua, BareInnerRowLosesWithSeedsInHand) {
  const std::string bare =
      "S 0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";
  EXPECT_EQ(legal(kSite, bare), Moves{});
  EXPECT_EQ(status_of(kSite, bare), "win N no-move");
  EXPECT_EQ(status_of(kGuide, bare), "win N front-empty");
  const std::string before =
      "N 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,3 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";
  EXPECT_EQ(legal(kSite, before), (Moves{"a5L", "a5R"}));
  Played r = play_traced(kSite, before, "a5R");
  EXPECT_EQ(r.bpn, "S 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 1,1,0,0,2,0,0,0/0,0,0,0,0,0,0,0 hand=3,2");
  EXPECT_EQ(status_of(kSite, r.bpn), "win N no-move");
  EXPECT_NE(trace_text(r.trace).find("end no-move"), std::string::npos) << trace_text(r.trace);
}

// ===========================================================================
// The house

// Namua, South A3 1, house A5 5; North a1 1. No capture. The house is not
// alone, so only A3 takes the seed. A3R: A3 2, lift: A4 1, A5 6 -> the
// house now holds 6 and still counts: the question. Stop (A3R) or safari
// (A3R+): lift A5 6: A6, A7, A8, B8, B7, B6 -> B6 empty: stop; status gone.
// A3L: A2 1, A1 1 -> stop.
const std::string kTakataHouse =
    "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";

// clause: site.kiswahili.safari-question
TEST(SiteKiswahiliHouse, SowingEndingInTheHouseAsks) {
  EXPECT_EQ(legal(kSite, kTakataHouse), (Moves{"A3L", "A3R", "A3R+"}));
  Played stop = play_traced(kSite, kTakataHouse, "A3R");
  EXPECT_EQ(stop.bpn,
            "N 0,0,0,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
  EXPECT_EQ(testing::stop_clause(stop.trace), "A5 site.kiswahili.safari-question");
  EXPECT_EQ(after(kSite, kTakataHouse, "A3R+"),
            "N 0,0,0,1,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
}

// The same turn began without a capture; the guide would stop it at the
// house (and lets its owned house of 5 start too: A5L, A5R).
// clause: site.interp.kiswahili-question-every-turn
TEST(SiteKiswahiliHouse, NonCapturingTurnsAreAskedToo) {
  Played r = play_traced(kSite, kTakataHouse, "A3R+");
  EXPECT_EQ(testing::count_of(r.trace, EventKind::HouseQuestion), 1);
  EXPECT_EQ(testing::count_of(r.trace, EventKind::Capture), 0);
  EXPECT_EQ(legal(kGuide, kTakataHouse), (Moves{"A3L", "A3R", "A5L", "A5R"}));
}

// The house held 5 before the last seed and 6 after it: judged after.
// clause: site.interp.kiswahili-count-after-landing
TEST(SiteKiswahiliHouse, CountJudgedAfterTheLastSeed) {
  Played r = play_traced(kSite, kTakataHouse, "A3R");
  EXPECT_EQ(testing::count_of(r.trace, EventKind::HouseQuestion), 1);
  EXPECT_EQ(testing::count_of(r.trace, EventKind::Relay), 0);
}

// Safari ends status (above, no house key after A3R+). Capture ends it:
// North a4 1 faces the house A5 6; a4R: a4 2, take A5 (6), enter a1: a1,
// a2, a3 1, a4 3, a5 1, a6 1 -> stop. Lifting ends it: in mtaji, A5L lifts
// the house (below).
// clause: site.kiswahili.house-status-lost
TEST(SiteKiswahiliHouse, CaptureLiftAndSafariEndStatus) {
  Played safari = play_traced(kSite, kTakataHouse, "A3R+");
  EXPECT_EQ(testing::clause_at(safari.trace, EventKind::HouseLost, "A5"),
            "site.kiswahili.house-status-lost");
  const std::string captured =
      "N 1,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kSite, captured), (Moves{"a4L", "a4R"}));
  EXPECT_EQ(after(kSite, captured, "a4R"),
            "S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,1,1,3,1,1,0,0/0,0,0,0,0,0,0,0 hand=3,2");
}

// Namua, house A5 3 the last occupied front pit; North a1 1. No capture. The
// house takes the seed and sows two of its 4: A5Rt: A6 1, A7 1 -> stop; A5
// keeps 2 and its status. No whole lift (the guide allows one below 6).
// With A2 1 beside it the house takes no seed at all: A2 only. A2L: A2 2,
// lift: A1 1, B1 1 -> stop.
// clause: site.kiswahili.house-two-seed
TEST(SiteKiswahiliHouse, LoneHouseSowsTwoSeeds) {
  const std::string alone =
      "S 0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kSite, alone), (Moves{"A5Lt", "A5Rt"}));
  EXPECT_EQ(legal(kGuide, alone), (Moves{"A5L", "A5Lt", "A5R", "A5Rt"}));
  Played r = play_traced(kSite, alone, "A5Rt");
  EXPECT_EQ(r.bpn,
            "N 0,0,0,0,2,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Lift, "A5"), "site.kiswahili.house-two-seed");
  const std::string beside =
      "S 0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kSite, beside), (Moves{"A2L", "A2R"}));
}

// A lone house of 1: the seed makes 2, both are sown (A5Rt: A6, A7), and the
// empty pit keeps its status.
// clause: site.interp.kiswahili-two-seed-any-count
TEST(SiteKiswahiliHouse, TwoSeedStartWhateverTheHouseHolds) {
  const std::string one =
      "S 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kSite, one), (Moves{"A5Lt", "A5Rt"}));
  EXPECT_EQ(after(kSite, one, "A5Rt"),
            "N 0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
}

// House A5 4, A3 1. A3R: A3 2, lift: A4 1, A5 5 -> below 6: no question, an
// ordinary relay: lift A5 (5, status gone): A6, A7, A8, B8, B7 -> stop.
// clause: site.kiswahili.house-below-six
TEST(SiteKiswahiliHouse, BelowSixTheHouseIsSownThrough) {
  const std::string pos =
      "S 0,0,1,0,4,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kSite, pos), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kSite, pos, "A3R"),
            "N 0,0,0,1,0,1,1,1/0,0,0,0,0,0,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
}

// Mtaji, house A5 7 still standing, A3 2; North a1 1, b4 2. No capture (A3R
// ends in A5 facing empty a4; A3L in empty A1; A5 sows into the back row).
// A3R: A4 1, A5 8 -> the question, in mtaji too. Safari A3R+: lift A5 8:
// A6, A7, A8, B8, B7, B6, B5, B4 -> stop. A5L lifts the house (status
// gone): A4, A3 3, A2, A1, B1, B2, B3 -> stop.
const std::string kMtajiHouse =
    "S 0,0,2,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5";

// clause: site.interp.kiswahili-house-in-mtaji
TEST(SiteKiswahiliHouse, HouseStandsInMtaji) {
  EXPECT_EQ(legal(kSite, kMtajiHouse), (Moves{"A3L", "A3R", "A3R+", "A5L", "A5R"}));
  EXPECT_EQ(after(kSite, kMtajiHouse, "A3R"),
            "N 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5");
  EXPECT_EQ(after(kSite, kMtajiHouse, "A3R+"),
            "N 0,0,0,1,0,1,1,1/0,0,0,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(after(kSite, kMtajiHouse, "A5L"),
            "N 1,1,3,1,0,0,0,0/1,1,1,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  // A mtaji capture elsewhere leaves both houses standing. South A1 2, A3 1,
  // house A5 7; North house a5 6, a6 3 (faces A3). A1R: A2 1, A3 2 ->
  // capture a6 (3); pit 3, keep R: enter A1: A1 1, A2 2, A3 3 -> a6 now
  // empty: relay A3 (3): A4 1, A5 8, A6 1 -> stop.
  const std::string capture =
      "S 2,0,1,0,7,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,3,0,0/0,0,0,2,0,0,0,0 house=A5,a5";
  EXPECT_EQ(legal(kSite, capture), (Moves{"A1R"}));
  EXPECT_EQ(after(kSite, capture, "A1R"),
            "N 1,2,0,1,8,1,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,0/0,0,0,2,0,0,0,0 house=A5,a5");
  EXPECT_EQ(after(kGuide, capture, "A1R"),
            "N 1,2,0,1,8,1,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,0/0,0,0,2,0,0,0,0");
}

// The mtaji house position above is a game in progress; it is accepted as
// it stands, and moves and status are answered from it.
// clause: site.kiswahili.midgame-start
TEST(SiteKiswahiliMidgame, AnyValidPositionIsAStart) {
  auto parsed = parse_bpn(kMtajiHouse);
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(validate_for_ruleset(testing::rules(kSite), *parsed).ok());
  EXPECT_EQ(status_of(kSite, kMtajiHouse), "ongoing");
  EXPECT_EQ(perft(testing::rules(kSite), *parsed, 1), 5u);
}

// ===========================================================================
// Where the site is silent: the guide's rules

// The guide's later-capture position: A1R takes a8 (3) into A1..A3, A3 (2)
// faces a6 (3): capture, pit 3, keep R: A1 4, A2 2, A3 3 -> relay A3 (3):
// A4, A5, A6 -> stop.
// clause: site.interp.kiswahili-captures-as-guide
TEST(SiteKiswahiliSilent, CapturesFollowTheGuide) {
  const std::string pos =
      "S 1,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,3,0,3/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kSite, pos), (Moves{"A1R", "A3L", "A3R"}));
  EXPECT_EQ(after(kSite, pos, "A1R"),
            "N 4,2,0,1,1,1,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// Namua, A1 2 the only occupied front pit: A1L would go straight into B1:
// refused. A1R: A1 3, lift: A2, A3, A4 -> stop.
// clause: site.interp.kiswahili-takata-as-guide
TEST(SiteKiswahiliSilent, TakataAsInTheGuide) {
  const std::string pos =
      "S 2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";
  EXPECT_EQ(legal(kSite, pos), (Moves{"A1R"}));
  EXPECT_EQ(after(kSite, pos, "A1R"),
            "N 0,1,1,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
}

// Mtaji, A1 1 and B2 2: a lone seed never starts; no front pit of 2, so B2.
// clause: site.interp.kiswahili-mtaji-as-guide
TEST(SiteKiswahiliSilent, MtajiStartsAsInTheGuide) {
  EXPECT_EQ(legal(kSite, "S 1,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"B2L", "B2R"}));
}

// Mtaji, South A4 1, A2 2; North a5 2 (its only front seeds), b4 2. A2R: A3
// 1, A4 2 -> capture a5 (2): North's front row is empty, but the move goes
// on: pit 4, keep R, enter A1: A1 1, A2 1 (lifted empty) -> stop. Then
// North's front row is empty: South wins. (The guide ends it at the capture
// with the 2 seeds in South's store.)
// clause: site.interp.kiswahili-win-end-of-move
TEST(SiteKiswahiliSilent, CaptureDoesNotCutTheMoveShort) {
  const std::string pos = "S 0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,2,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kSite, pos), (Moves{"A2R"}));
  Played r = play_traced(kSite, pos, "A2R");
  EXPECT_EQ(r.bpn, "N 1,1,1,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(status_of(kSite, r.bpn), "win S front-empty");
  EXPECT_EQ(after(kGuide, pos, "A2R"),
            "N 0,0,1,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=2,0");
}

// The guide's 512-relay position (its relay sequence repeats with period
// 116; see scenarios/guide/guide.yaml): mtaji, no house, so the site plays
// it as the guide does and A2R is infinite.
// clause: site.interp.kiswahili-relay-limit
TEST(SiteKiswahiliSilent, RelayLimitAsInTheGuide) {
  const std::string pos = "S 1,2,0,1,0,1,0,2/0,1,0,3,0,3,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0";
  const std::string out = after(kSite, pos, "A2R");
  EXPECT_EQ(out,
            "N 0,1,2,1,2,1,2,0/1,2,0,1,0,1,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0 result=N:infinite");
  EXPECT_EQ(status_of(kSite, out), "win N infinite");
}

// The guide's small takasia position: after A2L the guide-v2 rules set a
// target on a6; the site sets none, and refuses a block key.
// clause: site.interp.kiswahili-no-takasia
TEST(SiteKiswahiliSilent, NoTakasia) {
  const std::string pos = "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(after(kSite, pos, "A2L"),
            "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0");
  auto blocked = parse_bpn(
      "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0 "
      "block=a6");
  ASSERT_TRUE(blocked.ok());
  EXPECT_FALSE(validate_for_ruleset(testing::rules(kSite), *blocked).ok());
}

}  // namespace
}  // namespace bao
