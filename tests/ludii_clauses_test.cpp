// Per-clause unit tests of the ruleset ludii (Ludii's description of Bao,
// source `ludii`, docs/sources.md; catalog:
// oracle/rules/ludii/clauses.def).
//
// Every expected value was worked out by hand from the text and the
// catalog's interpretation paraphrases (the 512-relay move is the guide's
// position, whose working is in scenarios/guide/guide.yaml). Each test names
// the clauses it pins down in `// clause: <id>` lines directly above it.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// Circuit index: A1..A8 = 0..7, B8..B1 = 8..15. R adds 1, L subtracts 1. A
// namua capture's letter is its entry side (R: into A1, then rightward).
// North's "a1 1" faces the empty A8; "b4 2" gives North a mtaji move.
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

constexpr std::string_view kLudii = "ludii";
constexpr std::string_view kGuide = "guide-v2";
const std::string kStart{testing::kStandardStart};

// ===========================================================================
// Setup and sowing

// 6 in the nyumba A5 (just right of the middle), 2 in A6 and A7, 22 to bring
// in. Nothing faces anything: no capture. The house (6) is never emptied:
// A6 and A7 only. A6R: A6 3, lift: A7 3, A8 1, B8 1 -> stop.
// clause: ludii.setup.start
// clause: ludii.house.not-emptied
TEST(LudiiSetup, StartPosition) {
  EXPECT_EQ(to_bpn(start_position(testing::rules(kLudii))), kStart);
  EXPECT_EQ(legal(kLudii, kStart), (Moves{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(after(kLudii, kStart, "A6R"),
            "N 0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
            "house=A5,a5");
}

// Two holes to the right of the nyumba take 2 each (A6, A7), A8 none: 32 a
// side, 64 in all.
// clause: ludii.interp.setup-two-holes
TEST(LudiiSetup, TwoHolesToTheRight) {
  const Position start = start_position(testing::rules(kLudii));
  EXPECT_EQ(start.at(Side::South, front_pit(8)), 0);
  EXPECT_EQ(start.total_seeds(), 64);
}

// Namua, A3 2, A6 3; nothing faces anything. A3R: A3 3, lift: A4 1, A5 1,
// A6 4 -> occupied: relay A6 (4): A7, A8, B8, B7 -> B7 was empty: stop.
const std::string kSow =
    "S 0,0,2,0,0,3,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";

// clause: ludii.sow.either-direction
// clause: ludii.sow.relay
// clause: ludii.sow.stop-empty
// clause: ludii.namua.takata
TEST(LudiiSowing, SowRelayStop) {
  EXPECT_EQ(legal(kLudii, kSow), (Moves{"A3L", "A3R", "A6L", "A6R"}));
  Played r = play_traced(kLudii, kSow, "A3R");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,1,0,1,1/0,0,0,0,0,0,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
  EXPECT_EQ(trace_text(r.trace),
            "place A3; lift A3 3; sow A4; sow A5; sow A6; relay A6 4; sow A7; sow A8; sow B8; "
            "sow B7; stop B7");
  EXPECT_TRUE(has_clause(r.trace, "ludii.sow.either-direction"));
  EXPECT_TRUE(has_clause(r.trace, "ludii.sow.relay"));
  EXPECT_TRUE(has_clause(r.trace, "ludii.sow.stop-empty"));
  EXPECT_TRUE(has_clause(r.trace, "ludii.namua.takata"));
}

// South A3 1, B2 2; North a1 1, b4 2. South holding seeds places (A3R: A3
// 2: A4, A5 -> stop); holding none it lifts: A3 (1) never, no front pit of
// 2, so B2. North's hand does not matter (hand=0,3).
// clause: ludii.namua.phase
// clause: ludii.interp.phase-per-mover
TEST(LudiiPhase, OwnHandDecides) {
  const std::string namua =
      "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(kLudii, namua), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kLudii, namua, "A3R"),
            "N 0,0,0,1,1,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(
      legal(kLudii, "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=0,3"),
      (Moves{"B2L", "B2R"}));
}

// ===========================================================================
// Namua

// kSow: only A3 and A6 (occupied) take the seed, never an empty pit.
// clause: ludii.namua.place-occupied
TEST(LudiiNamua, OnlyOccupiedFrontPits) {
  Played r = play_traced(kLudii, kSow, "A6L");
  EXPECT_TRUE(has_clause(r.trace, "ludii.namua.place-occupied"));
  EXPECT_EQ(legal(kLudii, kSow).size(), 4u);
}

// The guide's section 06 position plus A7 2: A4 faces a5 (3), so a capture
// must be made: A4 only. Either end takes the seeds here: both sowings end
// in an empty pit (R: A1, A2, A3; L: A8, A7 3, A6).
// clause: ludii.namua.capture
// clause: ludii.capture.compulsory
// clause: ludii.capture.entry-choice
// clause: ludii.capture.sow-front
TEST(LudiiNamua, CaptureIsCompulsoryEitherEnd) {
  const std::string pos =
      "S 0,0,0,2,0,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A4L", "A4R"}));
  EXPECT_EQ(after(kLudii, pos, "A4R"),
            "N 1,1,1,3,0,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(after(kLudii, pos, "A4L"),
            "N 0,0,0,3,0,1,3,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// No house: A2 1 beside A4 3 takes no seed. With the house standing (A5 6)
// the lone seed may: A2L: A2 2, lift: A1 1, B1 1 -> stop.
// clause: ludii.namua.singles
TEST(LudiiNamua, LoneSeedsOnlyWhenAllAreLoneOrTheHouseStands) {
  EXPECT_EQ(
      legal(kLudii, "S 0,1,0,3,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3"),
      (Moves{"A4L", "A4R"}));
  const std::string house =
      "S 0,1,0,3,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kLudii, house), (Moves{"A2L", "A2R", "A4L", "A4R"}));
  EXPECT_EQ(after(kLudii, house, "A2L"),
            "N 1,0,0,3,6,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
}

// A1 2 beside A4 2: A1L (toward B1) refused. A1 2 alone: A1L allowed, and
// it empties South's front row: the lift bares the row and the first seed
// falls in B1: North wins there, the other 2 seeds go to South's store.
// (The guide refuses that move.)
// clause: ludii.namua.kichwa-outward
// clause: ludii.win.mid-sowing
// clause: ludii.interp.mid-sowing-check
TEST(LudiiNamua, EndPitOutwardOnlyWhenAlone) {
  EXPECT_EQ(
      legal(kLudii, "S 2,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3"),
      (Moves{"A1R", "A4L", "A4R"}));
  const std::string alone =
      "S 2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3";
  EXPECT_EQ(legal(kLudii, alone), (Moves{"A1L", "A1R"}));
  EXPECT_EQ(legal(kGuide, alone), (Moves{"A1R"}));
  Played r = play_traced(kLudii, alone, "A1L");
  EXPECT_EQ(r.bpn,
            "N 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 "
            "store=2,0");
  EXPECT_EQ(trace_text(r.trace), "place A1; lift A1 3; sow B1; end front-empty");
  EXPECT_EQ(status_of(kLudii, r.bpn), "win N front-empty");
}

// Issue 14, item 9. A capture that empties North's inner row wins at once,
// but it has emptied the pit it took. (a) Namua: the house a5 (6, never
// emptied) is North's only front pit; A4R takes it: no longer the house,
// South's A5 keeps its status. (b) Next stage, no capture yet: A2R: A3, A4
// (2), take a5 (3): both houses end at this first capture.
// clause: ludii.house.definition
// clause: ludii.interp.mtaji-first-capture
TEST(LudiiWin, AGameEndingCaptureStillEmptiesTheHouse) {
  Played r = play_traced(
      kLudii,
      "S 0,0,0,1,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5,a5",
      "A4R");
  EXPECT_EQ(r.bpn,
            "N 0,0,0,2,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5 "
            "store=6,0");
  EXPECT_EQ(trace_text(r.trace), "place A4; capture a5 6; house-lost a5; end front-empty");
  EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "a5"), "ludii.house.definition");
  EXPECT_EQ(status_of(kLudii, r.bpn), "win S front-empty");
  r = play_traced(kLudii,
                  "S 0,2,0,1,3,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 house=A5,a5",
                  "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,2,3,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "A5"), "ludii.interp.mtaji-first-capture");
  EXPECT_EQ(status_of(kLudii, r.bpn), "win S front-empty");
}

// Interpretations of the namua placement: a pit of one still captures
// beside a pit of 2 (A2 1 faces a7 1; A4 3 faces empty a5): A2R: A2 2, take
// a7 (1) into A1 -> stop. A house of 5 is not the house (judged before the
// seed): no lone seeds (A2), and it may be sown whole: A5R: A5 6, lift: A6,
// A7, A8, B8, B7, B6 -> stop, status gone.
// clause: ludii.interp.singles-takata-only
// clause: ludii.interp.judged-before-placement
// clause: ludii.house.definition
TEST(LudiiNamua, PlacementInterpretations) {
  EXPECT_EQ(
      legal(kLudii, "S 0,1,0,3,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0 hand=3,3"),
      (Moves{"A2R"}));
  const std::string five =
      "S 0,1,0,3,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kLudii, five), (Moves{"A4L", "A4R", "A5L", "A5R"}));
  EXPECT_EQ(after(kLudii, five, "A5R"),
            "N 0,1,0,3,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
}

// ===========================================================================
// The house

// House A5 6 the only occupied front pit (B2 2 behind): the placed seed
// alone moves on: A5L: A5 7, the one seed to A4 -> stop; A5 keeps 6 and its
// status. The guide offers its two-piece start instead.
// clause: ludii.house.single-counter
// clause: ludii.interp.house-only-front
TEST(LudiiHouse, LoneHouseMovesOnlyThePlacedSeed) {
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(legal(kGuide, pos), (Moves{"A5Lt", "A5Rt"}));
  Played r = play_traced(kLudii, pos, "A5L");
  EXPECT_EQ(r.bpn,
            "N 0,0,0,1,6,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
  EXPECT_EQ(trace_text(r.trace), "place A5; lift A5 1; sow A4; stop A4");
}

// A3 1 and the house A5 6 (so the lone seed may take the placement). A3R:
// A3 2, lift: A4 1, A5 7 -> the house: the turn ends there.
// clause: ludii.house.takata-stops
TEST(LudiiHouse, NonCapturingSowingStopsInTheHouse) {
  const std::string pos =
      "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A3L", "A3R"}));
  Played r = play_traced(kLudii, pos, "A3R");
  EXPECT_EQ(r.bpn,
            "N 0,0,0,1,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
  EXPECT_EQ(testing::stop_clause(r.trace), "A5 ludii.house.takata-stops");
}

// A3 1 faces a6 4; house A5 6. A3 captures, first capture at pit 3: a free
// end, but only the best-ending sowing: L (A8, A7, A6, A5 = 7: the house)
// beats R (A1..A4, empty). At the house: stop (A3L) or go on (A3L+): lift A5
// 7: A4 1, A3 3, A2, A1, B1, B2, B3 -> stop; the house is gone.
const std::string kCaptureHouse =
    "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,4,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";

// clause: ludii.capture.house-question
// clause: ludii.interp.safari-empties-house
TEST(LudiiHouse, CapturingTurnChoosesAtTheHouse) {
  EXPECT_EQ(legal(kLudii, kCaptureHouse), (Moves{"A3L", "A3L+"}));
  EXPECT_EQ(after(kLudii, kCaptureHouse, "A3L"),
            "N 0,0,2,0,7,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3 house=A5");
  EXPECT_EQ(after(kLudii, kCaptureHouse, "A3L+"),
            "N 1,1,3,1,0,1,1,1/1,1,1,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,3");
}

// The same with the house at 5: it holds 6 once the last seed is in, so the
// sowing ends in the house (A3L, A3L+); judged before, it would relay.
// clause: ludii.interp.house-count-after-landing
TEST(LudiiHouse, CountAfterTheLastSeed) {
  const std::string pos =
      "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,4,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A3L", "A3L+"}));
}

// Mtaji, house A5 7 still with status, A3 2. A3R: A4 1, A5 8: no stop, no
// question: relay A5 (8): A6, A7, A8, B8, B7, B6, B5, B4 -> stop.
// clause: ludii.mtaji.house-rules-end
// clause: ludii.interp.house-question-namua-only
TEST(LudiiHouse, NoHouseRulesAfterNamua) {
  const std::string pos =
      "S 0,0,2,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  EXPECT_EQ(after(kLudii, pos, "A3R"),
            "N 0,0,0,1,0,1,1,1/0,0,0,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// ===========================================================================
// After namua

// Mtaji, A1 1, B2 2: the lone seed is never sown; B2 (no front pit of 2).
// The guide's 17-seed position: A2 17 would end its first run in A3 facing
// a6, but 17 cannot capture, so A2R is a plain sowing (its relays worked in
// tests/guide_clauses_test.cpp); afterwards every capture South could start
// takes a1, which holds 1 and is not exempt here: the restriction falls on
// a1 (the guide exempts it).
// clause: ludii.mtaji.start
// clause: ludii.interp.sixteen-takata
TEST(LudiiMtaji, StartsFromTwoToFifteenForCaptures) {
  EXPECT_EQ(legal(kLudii, "S 1,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"B2L", "B2R"}));
  const std::string pos = "S 0,17,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A2L", "A2R"}));
  EXPECT_EQ(after(kLudii, pos, "A2R"),
            "N 0,2,1,2,0,2,0,2/2,0,2,0,2,0,2,0 1,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0 block=a1");
}

// Mtaji, A3 2, A5 1; North a4 2 faces A5. A3R: A4 1, A5 2 -> capture a4
// (2); pit 5, sowing rightward: the seeds go in at A1 and run on: A1, A2 ->
// stop. A3L (A2, A1 empty) does not capture, so A3R is the only move.
// clause: ludii.mtaji.capture
// clause: ludii.capture.entry-direction
// clause: ludii.interp.entry-keeps-direction
TEST(LudiiMtaji, CaptureAndEntryInTheRunningDirection) {
  const std::string pos = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,2,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A3R"}));
  Played r = play_traced(kLudii, pos, "A3R");
  EXPECT_EQ(r.bpn, "N 1,1,0,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::Enter, "A1"), "ludii.capture.entry-direction");
}

// Mtaji, A2 2 and B3 2, no capture: the front pit only.
// clause: ludii.mtaji.inner-row-first
TEST(LudiiMtaji, FrontRowFirst) {
  EXPECT_EQ(legal(kLudii, "S 0,2,0,0,0,0,0,0/0,0,2,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"A2L", "A2R"}));
}

// Mtaji, A8 2 the only occupied front pit: A8R (into B8) refused; A8L.
// With A1 2, A3 1, A5 1 the end pit A1 is not alone: A1L is allowed.
// clause: ludii.mtaji.sole-kichwa
// clause: ludii.interp.kichwa-rules-per-phase
TEST(LudiiMtaji, LoneEndPitNotOutward) {
  EXPECT_EQ(legal(kLudii, "S 0,0,0,0,0,0,0,2/0,0,2,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"A8L"}));
  EXPECT_EQ(legal(kLudii, "S 2,0,1,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,2,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"A1L", "A1R"}));
}

// Mtaji, A1 2, A3 1, A5 1; North a4 2 faces A5. A1R: A2 1, A3 2 (faces
// empty a6): no capture, so the turn is a plain sowing; relay A3 (2): A4 1,
// A5 2 -> faces a4 (2), but this turn never captures: relay A5 (2): A6, A7
// -> stop.
// clause: ludii.interp.takata-never-captures
TEST(LudiiMtaji, PlainTurnNeverCaptures) {
  EXPECT_EQ(
      after(kLudii, "S 2,0,1,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,2,0,0,0,0/0,0,0,2,0,0,0,0", "A1R"),
      "N 0,1,0,1,0,1,1,0/0,0,0,0,0,0,0,0 0,0,0,2,0,0,0,0/0,0,0,2,0,0,0,0");
}

// Mtaji, A2 2, A3 1, B1 3; North a6 2 faces A3. A2 starts no capture (R ends
// in empty A4, L in B1), but B1R does: A1 1, A2 3, A3 2 -> capture a6 (2);
// pit 3, keep R: A1 2, A2 4 -> faces empty a7: relay A2 (4): A3 3, A4, A5,
// A6 -> stop. A capture from the back row is made although a front pit
// could start.
// clause: ludii.interp.inner-row-first-takata-only
TEST(LudiiMtaji, CaptureFromTheBackRow) {
  const std::string pos = "S 0,2,1,0,0,0,0,0/3,0,0,0,0,0,0,0 1,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"B1R"}));
  EXPECT_EQ(after(kLudii, pos, "B1R"),
            "N 2,0,3,1,1,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// Mtaji, South A1 2, A3 1, house A5 7; North house a5 6, a6 3. A1R: A2 1, A3
// 2 -> capture a6 (3); keep R: A1 1, A2 2, A3 3 -> relay A3 (3): A4, A5 8,
// A6 -> stop. The first capture after namua ends both houses.
// clause: ludii.interp.mtaji-first-capture
TEST(LudiiMtaji, FirstCaptureEndsTheHouses) {
  Played r = play_traced(
      kLudii, "S 2,0,1,0,7,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,3,0,0/0,0,0,2,0,0,0,0 house=A5,a5",
      "A1R");
  EXPECT_EQ(r.bpn, "N 1,2,0,1,8,1,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(testing::clause_at(r.trace, EventKind::HouseLost, "a5"),
            "ludii.interp.mtaji-first-capture");
}

// ===========================================================================
// Captures

// A2 1 faces a7 1, A7 1 faces a2 1 (a4 1 too): A2 enters at A1, A7 at A8.
// A2R: A2 2, take a7 (1): A1 1 -> stop.
// clause: ludii.capture.entry-nearest
TEST(LudiiCapture, KimbiAndKichwaEnterNearest) {
  const std::string pos =
      "S 0,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 0,1,0,1,0,0,1,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A2R", "A7L"}));
  EXPECT_EQ(after(kLudii, pos, "A2R"),
            "N 1,2,0,0,0,0,1,0/0,0,0,0,0,0,0,0 0,1,0,1,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// A1 1 faces a8 3, A3 1 faces a6 3; a2 1. A1R: A1 2, take a8 (3): A1 3, A2
// 1, A3 2 -> faces a6 (3): a further capture; keep R: A1 4, A2 2, A3 3 ->
// relay A3 (3): A4, A5, A6 -> stop. A3's free entry: R ends in A3 (3, an
// occupied pit), L in A6 (empty): only A3R.
// clause: ludii.capture.further
TEST(LudiiCapture, FurtherCaptures) {
  const std::string pos =
      "S 1,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,3,0,3/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A1R", "A3R"}));
  Played r = play_traced(kLudii, pos, "A1R");
  EXPECT_EQ(r.bpn, "N 4,2,0,1,1,1,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(testing::count_of(r.trace, EventKind::Capture), 2);
}

// A3 1, A4 2 faces a5 3. A4R: A1 1, A2 1, A3 2 -> an occupied pit (faces
// empty a6): relay; A4L: A8, A7, A6 -> empty. Only A4R (the guide allows
// both). A4R: relay A3 (2): A4 4, A5 1 -> stop.
// clause: ludii.capture.end-order
// clause: ludii.interp.end-order-entry-choice
TEST(LudiiCapture, FreeEntryMustEndBest) {
  const std::string pos =
      "S 0,0,1,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A4R"}));
  EXPECT_EQ(legal(kGuide, pos), (Moves{"A4L", "A4R"}));
  EXPECT_EQ(after(kLudii, pos, "A4R"),
            "N 1,1,0,4,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// ===========================================================================
// The restriction

// The guide's small position: mtaji, A1 1, A2 2, A3 1; North a1 2, a6 2.
// A2L: A1 2, B1 1 -> stop. North has no capture; South's only capture next
// (A1R: A2, A3 2 facing a6) takes a6: restricted. North may not start
// there (a1 only); the restriction ends with North's turn (a1R: a2, a3 ->
// stop; South can capture then, so no new one).
const std::string kSmall = "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";
const std::string kSmallAfter = "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";

// clause: ludii.takasia.set
// clause: ludii.interp.takasia-same-target
// clause: ludii.interp.takasia-one-turn
TEST(LudiiTakasia, SetForOneTurn) {
  EXPECT_EQ(after(kLudii, kSmall, "A2L"), kSmallAfter + " block=a6");
  EXPECT_EQ(legal(kLudii, kSmallAfter + " block=a6"), (Moves{"a1L", "a1R"}));
  EXPECT_EQ(after(kLudii, kSmallAfter + " block=a6", "a1R"),
            "S 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 0,1,1,0,0,2,0,0/0,0,0,2,0,0,0,0");
}

// North to move, a4 2, a6 1 restricted; South A1 1. a4R: a5 1, a6 2 -> the
// restricted pit: the turn stops there instead of relaying.
// clause: ludii.interp.takasia-relay-stops
TEST(LudiiTakasia, SowingEndingThereStops) {
  Played r = play_traced(
      kLudii, "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,2,0,1,0,0/0,0,0,0,0,0,0,0 block=a6", "a4R");
  EXPECT_EQ(r.bpn, "S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,2,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(testing::stop_clause(r.trace), "a6 ludii.interp.takasia-relay-stops");
}

// North to move, a6 2 restricted, a8 1; South A1 1. a6R: a7 1, a8 2 ->
// faces A1 (1): a capture from the restricted pit is allowed; it empties
// South's front row, so the game ends at once (1 seed in North's store).
// clause: ludii.takasia.capture-allowed
// clause: ludii.win.inner-row-empty
TEST(LudiiTakasia, CaptureFromTheRestrictedPit) {
  const std::string pos =
      "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,2,0,1/0,0,0,2,0,0,0,0 block=a6";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"a6R"}));
  const std::string out = after(kLudii, pos, "a6R");
  EXPECT_EQ(out, "S 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,1,2/0,0,0,2,0,0,0,0 store=0,1");
  EXPECT_EQ(status_of(kLudii, out), "win N front-empty");
}

// Mtaji, South A1 2, A2 1, A4 1; North a1 1, a2 2, house a5 (faces A4),
// b4 2. A1R: A2 2, A3 1 -> stop. North has no capture; South's only capture
// next (A2R: A3 2, A4 2 facing a5) takes a5. With a5 6 it is the house:
// exempt. With a5 5 it is no house by the text's definition: restricted
// (the guide exempts any owned house).
// clause: ludii.takasia.exempt
// clause: ludii.interp.takasia-house-working
TEST(LudiiTakasia, HouseExempt) {
  EXPECT_EQ(
      after(kLudii, "S 2,1,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,2,0,0,6,0,0,0/0,0,0,2,0,0,0,0 house=a5",
            "A1R"),
      "N 0,2,1,1,0,0,0,0/0,0,0,0,0,0,0,0 1,2,0,0,6,0,0,0/0,0,0,2,0,0,0,0 house=a5");
  EXPECT_EQ(
      after(kLudii, "S 2,1,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,2,0,0,5,0,0,0/0,0,0,2,0,0,0,0 house=a5",
            "A1R"),
      "N 0,2,1,1,0,0,0,0/0,0,0,0,0,0,0,0 1,2,0,0,5,0,0,0/0,0,0,2,0,0,0,0 house=a5 block=a5");
}

// South's last seed (hand=1,0): A1 1, A2 1, B1 3; North a1 1, a3 2, a6 2.
// Nothing faces anything. A1R: A1 2, lift: A2 2, A3 1 -> stop. South's next
// capture (B1R: A1, A2 3, A3 2 facing a6) would take a6, but the move was a
// namua move: no restriction.
// clause: ludii.takasia.not-namua
TEST(LudiiTakasia, NotAfterANamuaMove) {
  const std::string pos =
      "S 1,1,0,0,0,0,0,0/3,0,0,0,0,0,0,0 1,0,2,0,0,2,0,0/0,0,0,2,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(kLudii, pos), (Moves{"A1R", "A2L", "A2R"}));
  EXPECT_EQ(after(kLudii, pos, "A1R"),
            "N 0,2,1,0,0,0,0,0/3,0,0,0,0,0,0,0 1,0,2,0,0,2,0,0/0,0,0,2,0,0,0,0");
}

// ===========================================================================
// End of the game

// Mtaji, every South pit holds at most one: no move, South loses.
// clause: ludii.win.singles
TEST(LudiiWin, OnlyLoneSeedsLoses) {
  const std::string pos = "S 1,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kLudii, pos), Moves{});
  EXPECT_EQ(status_of(kLudii, pos), "win N no-move");
}

// The guide's 512-relay position: mtaji, no house; ludii plays it the same
// and A2R is lost as endless.
// clause: ludii.interp.relay-limit
TEST(LudiiWin, RelayLimit) {
  const std::string out =
      after(kLudii, "S 1,2,0,1,0,1,0,2/0,1,0,3,0,3,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0", "A2R");
  EXPECT_EQ(out,
            "N 0,1,2,1,2,1,2,0/1,2,0,1,0,1,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0 result=N:infinite");
}

}  // namespace
}  // namespace bao
