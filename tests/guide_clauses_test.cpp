// Per-clause unit tests of the rulesets guide-v2 and guide-r002 (the
// illustrated Kiswahili guide, source `guide`, docs/sources.md;
// catalog: oracle/rules/guide/clauses.def). guide-r002 is guide-v2 without
// the guide.takasia.* clauses.
//
// Every expected value was worked out by hand from the guide text and the
// catalog's interpretation paraphrases (the one exception, the 512-relay
// move, is said so where it is). Each test names the clause it pins down in
// a `// clause: <id>` line directly above it; GuideCatalog checks that every
// clause of guide-v2 has one.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// Circuit index: A1..A8 = 0..7, B8..B1 = 8..15 (likewise for North). R adds
// 1, L subtracts 1; n pieces lifted from index i end in i+n (mod 16). A
// namua capture's letter is its entry side (R: into A1, then rightward).
// North's "b4 2" only gives North a move afterwards; it stays in the back row.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/ruleset.hpp"
#include "tests/rules_test_support.hpp"

namespace bao {
namespace {

using namespace testing;  // legal, after, play_traced, status_of, trace_text, ...

constexpr std::string_view kV2 = "guide-v2";
constexpr std::string_view kR002 = "guide-r002";

// ===========================================================================
// 03: setup and phases

// 6 in each nyumba, 2 in the two pits to its right, 22 in hand, South first.
// At the start nothing faces anything (A5..A7 face a4..a2, empty): no
// capture. Takata starts: pits of 2+ before the addition: A6, A7; A5 is an
// owned house of 6 (never). A6R: A6 2->3, lift 3: A7 3, A8 1, B8 1 (empty)
// -> stop.
// clause: guide.setup.start
TEST(GuideSetup, StartPositionAndFirstMoves) {
  for (std::string_view rs : {kV2, kR002}) {
    const std::string start = to_bpn(start_position(rules(rs)));
    EXPECT_EQ(start,
              "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 "
              "house=A5,a5");
    EXPECT_EQ(legal(rs, start), (Moves{"A6L", "A6R", "A7L", "A7R"}));
    EXPECT_EQ(after(rs, start, "A6R"),
              "N 0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
              "house=A5,a5");
  }
}

// South A3 1, B2 2; North a1 1 (faces the empty A8), b4 2. With a piece in
// hand (namua): no capture, no front pit of 2+, so the single A3: A3R: A3 2,
// lift: A4 1, A5 1 -> stop. With no hands (mtaji): singles never start, no
// front pit of 2+, so the back pit B2: B2R: B1 1, A1 1 (empty) -> stop;
// B2L: B3, B4 -> stop.
// clause: guide.phase.namua-mtaji
TEST(GuidePhase, HandDecidesHowTheTurnBegins) {
  const std::string namua =
      "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=1,0";
  const std::string mtaji = "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, namua), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kV2, namua, "A3R"),
            "N 0,0,0,1,1,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(legal(kV2, mtaji), (Moves{"B2L", "B2R"}));
  EXPECT_EQ(after(kV2, mtaji, "B2R"),
            "N 1,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// The same board with unequal hands: South's own hand decides. hand=0,3:
// mtaji (B2 moves); hand=2,0: namua (A3 moves).
// clause: guide.interp.phase-per-mover
TEST(GuidePhase, OwnHandDecidesThePhase) {
  EXPECT_EQ(
      legal(kV2, "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=0,3"),
      (Moves{"B2L", "B2R"}));
  EXPECT_EQ(
      legal(kV2, "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=2,0"),
      (Moves{"A3L", "A3R"}));
}

// ===========================================================================
// 04: sowing (the guide's own example: A3 3, A6 2, a non-capturing mtaji
// move). North a8 1 faces A1, a3 is empty so A6 is no capture. Captures:
// A3R ends in A6 (faces empty a3), A3L in B1, A6R in A8 (empty), A6L in A4
// (empty): none. Takata from A3 or A6.
// A3R: lift 3: A4 1, A5 1, A6 3 -> relay A6 (3): A7 1, A8 1, B8 1 -> B8 was
// empty -> stop. No takasia: South has no pit of 2+ afterwards.

const std::string kSection04 = "S 0,0,3,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,2,0,0,0,0";
const std::string kSection04After =
    "N 0,0,0,1,1,0,1,1/0,0,0,0,0,0,0,1 0,0,0,0,0,0,0,1/0,0,0,2,0,0,0,0";

// clause: guide.sow.next-pit
TEST(GuideSowing, FirstPieceGoesIntoTheNextPit) {
  EXPECT_EQ(legal(kV2, kSection04), (Moves{"A3L", "A3R", "A6L", "A6R"}));
  Played r = play_traced(kV2, kSection04, "A3R");
  EXPECT_EQ(r.bpn, kSection04After);
  EXPECT_EQ(trace_text(r.trace),
            "lift A3 3; sow A4; sow A5; sow A6; relay A6 3; sow A7; sow A8; sow B8; stop B8");
}

// clause: guide.sow.relay
TEST(GuideSowing, OccupiedLastPitRelays) {
  Played r = play_traced(kV2, kSection04, "A3R");
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 1);
  EXPECT_TRUE(has_clause(r.trace, "guide.sow.relay"));
  // A6L: A5 1, A4 1 -> stop; no relay.
  EXPECT_EQ(after(kV2, kSection04, "A6L"),
            "N 0,0,3,1,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,2,0,0,0,0");
}

// clause: guide.sow.stop-empty
TEST(GuideSowing, EmptyLastPitEnds) {
  Played r = play_traced(kV2, kSection04, "A3R");
  EXPECT_TRUE(has_clause(r.trace, "guide.sow.stop-empty"));
  // A3L: A2 1, A1 1, B1 1 -> B1 was empty -> stop.
  EXPECT_EQ(after(kV2, kSection04, "A3L"),
            "N 1,1,0,0,0,2,0,0/1,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,2,0,0,0,0");
}

// ===========================================================================
// 05-06: namua captures

// Section 06: South A4 2; North a5 3 (faces A4), a1 1. Hand 5,5. South A7 2
// is added (faces empty a2) to show the capture is compulsory: only A4.
// Pit 4, first capture of a namua move: either entry.
// A4R (left entry A1): A4 3; take a5 (3); A1 1, A2 1, A3 1 -> A3 was empty
// -> stop. A4L: enter A8: A8 1, A7 3, A6 1 -> A6 was empty -> stop.
// clause: guide.namua.capture
TEST(GuideNamua, CaptureIsCompulsory) {
  const std::string pos =
      "S 0,0,0,2,0,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A4L", "A4R"}));
  EXPECT_EQ(after(kV2, pos, "A4R"),
            "N 1,1,1,3,0,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(after(kV2, pos, "A4L"),
            "N 0,0,0,3,0,1,3,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// The section 06 example itself: A4 keeps its 3.
// clause: guide.capture.pit-keeps-pieces
TEST(GuideCapture, CapturingPitKeepsItsPieces) {
  const std::string pos =
      "S 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  Played r = play_traced(kV2, pos, "A4R");
  EXPECT_EQ(r.bpn, "N 1,1,1,3,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(trace_text(r.trace),
            "place A4; capture a5 3; enter A1 3; sow A1; sow A2; sow A3; stop A3");
}

// clause: guide.capture.entry-first-namua-choice
TEST(GuideCapture, FirstNamuaCaptureAtMiddlePitEitherSide) {
  const std::string pos =
      "S 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A4L", "A4R"}));
  // A4L: enter A8: A8 1, A7 1, A6 1 -> stop.
  EXPECT_EQ(after(kV2, pos, "A4L"),
            "N 0,0,0,3,0,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// South A2 1, A7 1; North a7 1 (faces A2), a2 1 (faces A7), a4 1. Pit 2
// enters at A1 only (A2R), pit 7 at A8 only (A7L).
// A2R: A2 2, take a7 (1): A1 1 (empty) -> stop. A7L: A7 2, take a2: A8 1.
// clause: guide.capture.entry-end
TEST(GuideCapture, EndAndKimbiPitsForceTheEntry) {
  const std::string pos =
      "S 0,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 0,1,0,1,0,0,1,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A2R", "A7L"}));
  EXPECT_EQ(after(kV2, pos, "A2R"),
            "N 1,2,0,0,0,0,1,0/0,0,0,0,0,0,0,0 0,1,0,1,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(after(kV2, pos, "A7L"),
            "N 0,1,0,0,0,0,2,1/0,0,0,0,0,0,0,0 0,0,0,1,0,0,1,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// Namua: South A1 1, A3 1; North a8 3 (faces A1), a6 3 (faces A3), a2 1.
// Captures: A1 (enter A1: A1R), A3 (free: A3L, A3R).
// A1R: A1 2, take a8 (3): A1 3, A2 1, A3 2 -> occupied, facing a6 (3): a
// later capture, before any relay; pit 3, not the first capture: keep R,
// enter A1: A1 4, A2 2, A3 3 -> faces empty a6: relay A3 (3): A4 1, A5 1,
// A6 1 -> stop. South 4,2,0,1,1,1 = 9 = 1+1+1+6.
const std::string kLater =
    "S 1,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,3,0,3/0,0,0,0,0,0,0,0 hand=5,5";

// clause: guide.capture.later
TEST(GuideCapture, LaterCaptureBeforeRelay) {
  EXPECT_EQ(legal(kV2, kLater), (Moves{"A1R", "A3L", "A3R"}));
  Played r = play_traced(kV2, kLater, "A1R");
  EXPECT_EQ(r.bpn, "N 4,2,0,1,1,1,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 2);
}

// The later capture above at pit 3 entered at A1 (kept R). And a mtaji
// capture at a middle pit keeps the direction: South A3 2, A5 1; North a4 2
// (faces A5), a1 1, b4 2. A3R: A4 1, A5 2 -> capture a4 (2); pit 5, mtaji:
// keep R, enter A1: A1 1, A2 1 -> stop. A3L (A2, A1, empty) is no capture,
// so A3R is the only move. Mirror: South A6 2, A4 1; North a5 2, a1 1:
// A6L: A5 1, A4 2 -> capture a5, keep L: enter A8: A8 1, A7 1 -> stop.
// clause: guide.capture.entry-keep-direction
TEST(GuideCapture, LaterAndMtajiCapturesKeepDirection) {
  Played r = play_traced(kV2, kLater, "A1R");
  const std::string t = trace_text(r.trace);
  EXPECT_NE(t.find("capture a6 3; enter A1 3"), std::string::npos) << t;
  const std::string right = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,2,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, right), (Moves{"A3R"}));
  EXPECT_EQ(after(kV2, right, "A3R"),
            "N 1,1,0,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  const std::string left = "S 0,0,0,1,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,2,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, left), (Moves{"A6L"}));
  EXPECT_EQ(after(kV2, left, "A6L"),
            "N 0,0,0,2,1,0,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// South A4 1; North a5 3, its only front piece. A4R: A4 2, take a5 (3):
// North's front row is empty: the game ends before sowing; the 3 go to
// South's store.
// clause: guide.win.immediate
TEST(GuideWin, EmptyingTheFrontRowEndsAtOnce) {
  const std::string pos =
      "S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A4L", "A4R"}));
  for (std::string_view mv : {"A4L", "A4R"}) {
    Played r = play_traced(kV2, pos, mv);
    EXPECT_EQ(r.bpn,
              "N 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=4,5 "
              "store=3,0");
    EXPECT_EQ(count_of(r.trace, EventKind::Enter), 0);
    EXPECT_EQ(status_of(kV2, r.bpn), "win S front-empty");
  }
}

// Issue 14, item 9: the capture that ends the game is still a capture.
// (a) Namua: North's house a5 (6) is its only front pit, South A4 1 faces
// it. A4R: take a5 (6): the game ends before sowing, and the house, having
// lost all its pieces to a capture, is no longer owned; South keeps A5.
// (b) Mtaji, no mtaji capture yet, A5 3 and a5 3 owned: A2R: A3, A4 (2),
// take a5 (3): the game ends; the first mtaji capture ends both houses.
// clause: guide.nyumba.ownership-lost
// clause: guide.nyumba.first-mtaji-capture
TEST(GuideWin, AGameEndingCaptureStillEndsOwnership) {
  for (std::string_view rs : {kV2, kR002}) {
    const std::string namua =
        "S 0,0,0,1,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5,a5";
    for (std::string_view mv : {"A4L", "A4R"}) {
      Played r = play_traced(rs, namua, mv);
      EXPECT_EQ(r.bpn,
                "N 0,0,0,2,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 "
                "house=A5 store=6,0")
          << rs << " " << mv;
      EXPECT_EQ(trace_text(r.trace), "place A4; capture a5 6; house-lost a5; end front-empty");
      EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "a5"), "guide.nyumba.ownership-lost");
      EXPECT_EQ(status_of(rs, r.bpn), "win S front-empty");
    }
    const std::string mtaji =
        "S 0,2,0,1,3,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 house=A5,a5";
    EXPECT_EQ(legal(rs, mtaji), (Moves{"A2R"}));
    Played r = play_traced(rs, mtaji, "A2R");
    EXPECT_EQ(r.bpn, "N 0,0,1,2,3,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,0")
        << rs;
    EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "A5"), "guide.nyumba.first-mtaji-capture");
    EXPECT_EQ(status_of(rs, r.bpn), "win S front-empty");
  }
}

// ===========================================================================
// 05: namua takata

// No capture anywhere below (no facing pair); North a1 1 faces empty A8.
// (a) no house, A2 1, A6 2: only A6 (2+ before the addition).
// (b) owned house A5 3 added: singles allowed too: A2, A5, A6.
// (c) owned house A5 6, A3 1, A6 2: A5 never; A3 (single, house owned), A6.
// (d) no house, A2 1, A6 1: no pit of 2+: both singles.
// clause: guide.namua.takata-start
TEST(GuideNamua, TakataStartingPits) {
  EXPECT_EQ(
      legal(kV2, "S 0,1,0,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5"),
      (Moves{"A6L", "A6R"}));
  EXPECT_EQ(legal(kV2,
                  "S 0,1,0,0,3,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5"),
            (Moves{"A2L", "A2R", "A5L", "A5R", "A6L", "A6R"}));
  EXPECT_EQ(legal(kV2,
                  "S 0,0,1,0,6,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5"),
            (Moves{"A3L", "A3R", "A6L", "A6R"}));
  EXPECT_EQ(
      legal(kV2, "S 0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5"),
      (Moves{"A2L", "A2R", "A6L", "A6R"}));
}

// Namua, South A3 1, A5 1 (no house); North a1 1. A3R: A3 2, lift 2: A4 1,
// A5 2 -> relay A5 (2): A6 1, A7 1 -> stop.
// clause: guide.namua.takata-sow
TEST(GuideNamua, TakataAddsLiftsAndRelays) {
  const std::string pos =
      "S 0,0,1,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  Played r = play_traced(kV2, pos, "A3R");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,0,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(trace_text(r.trace),
            "place A3; lift A3 2; sow A4; sow A5; relay A5 2; sow A6; sow A7; stop A7");
}

// Namua, A1 2 the only occupied front pit: A1L would sow it straight into
// B1: refused; A1R only. Mtaji, A8 2 the only occupied front pit (B3 2
// behind): A8R refused, and the front row has a start, so A8L only.
// North a1 1 faces A8: A8L ends in A6 (empty), no capture.
// clause: guide.start.sole-end-pit
TEST(GuideStart, SoleEndPitNotIntoTheBackRow) {
  EXPECT_EQ(
      legal(kV2, "S 2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5"),
      (Moves{"A1R"}));
  EXPECT_EQ(legal(kV2, "S 0,0,0,0,0,0,0,2/0,0,2,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"A8L"}));
  // A1 is not alone: A1L is allowed.
  EXPECT_EQ(
      legal(kV2, "S 2,0,0,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5"),
      (Moves{"A1L", "A1R", "A6L", "A6R"}));
}

// ===========================================================================
// 08: nyumba

// The guide's example: A5 6 owned, the only occupied front pit; North a1 1.
// A5 faces a4 (0): no capture. Only the two-piece start: A5Rt: A5 7, lift 2:
// A6 1, A7 1 -> stop; A5 keeps 5 and ownership.
// clause: guide.nyumba.two-piece-start
TEST(GuideNyumba, TwoPieceStart) {
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A5Lt", "A5Rt"}));
  EXPECT_EQ(after(kV2, pos, "A5Rt"),
            "N 0,0,0,0,5,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  // A5Lt: A4 1, A3 1 -> stop.
  EXPECT_EQ(after(kV2, pos, "A5Lt"),
            "N 0,0,1,1,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// The owned house with 3, the only occupied front pit: two-piece start and
// the normal start. A5Rt: A5 4, lift 2: A6, A7; 2 stay. A5R: A5 4, lift 4:
// A6 1, A7 1, A8 1, B8 1 -> stop; the house was lifted whole: not owned.
// clause: guide.interp.two-piece-any-count
TEST(GuideInterp, TwoPieceStartWhateverTheHouseHolds) {
  const std::string pos =
      "S 0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A5L", "A5Lt", "A5R", "A5Rt"}));
  EXPECT_EQ(after(kV2, pos, "A5Rt"),
            "N 0,0,0,0,2,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// clause: guide.interp.lift-ends-ownership
TEST(GuideInterp, LiftingTheHouseWholeEndsOwnership) {
  const std::string pos =
      "S 0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(after(kV2, pos, "A5R"),
            "N 0,0,0,0,0,1,1,1/0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  // A relay out of the owned house below 6: A3 1, A5 4 (house). A3R: A3 2:
  // A4 1, A5 5 (below 6) -> relay A5 (5): A6, A7, A8, B8, B7 -> stop.
  EXPECT_EQ(after(kV2,
                  "S 0,0,1,0,4,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 "
                  "hand=5,5 house=A5",
                  "A3R"),
            "N 0,0,0,1,0,1,1,1/0,0,0,0,0,0,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// Namua, A3 1, A5 5 (owned); North a1 1. A3R: A3 2: A4 1, A5 6 -> the
// owned house holds 6 after the last piece: the takata stops there.
// clause: guide.nyumba.takata-stops
TEST(GuideNyumba, TakataStopsAtHouseOfSix) {
  const std::string pos =
      "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  EXPECT_EQ(after(kV2, pos, "A3R"),
            "N 0,0,0,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// With A5 4 instead the house reaches only 5 and relays like any pit (see
// LiftingTheHouseWholeEndsOwnership). After a two-piece start leaves 5, it
// can reach 6 again and stop a takata: A5 5 owned, A3 1 is the case above.
// clause: guide.nyumba.below-six
TEST(GuideNyumba, BelowSixIsAnOrdinaryPit) {
  EXPECT_EQ(after(kV2,
                  "S 0,0,1,0,4,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 "
                  "hand=5,5 house=A5",
                  "A3R"),
            "N 0,0,0,1,0,1,1,1/0,0,0,0,0,0,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  // Two-piece start from 6 leaves 5; South A3 1 next turn with 5 in A5:
  // A3R makes 6 and stops (the previous test). Here the chain as a game:
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(after(kV2, pos, "A5Lt"),
            "N 0,0,1,1,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// South A3 1, A5 6 owned; North a1 1, a6 5 (faces A3). Only A3 captures.
// A3R: A3 2, take a6 (5), enter A1: A1 1, A2 1, A3 3, A4 1, A5 7; a4 is
// empty: the question. A3R stops; A3R+ lifts A5 (7), ownership lost: A6,
// A7, A8, B8, B7, B6, B5 -> stop. A3L enters A8: A8, A7, A6, A5 7, A4 1 ->
// stop in A4, no question.
const std::string kQuestion =
    "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,5,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";

// clause: guide.nyumba.stop-or-use
TEST(GuideNyumba, StopOrUseQuestion) {
  EXPECT_EQ(legal(kV2, kQuestion), (Moves{"A3L", "A3R", "A3R+"}));
  EXPECT_EQ(after(kV2, kQuestion, "A3R"),
            "N 1,1,3,1,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  EXPECT_EQ(after(kV2, kQuestion, "A3L"),
            "N 0,0,2,1,7,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// NYUMBA USE ends ownership (above); so does a capture of the house: North
// to move, namua: North a4 1 faces South's owned A5 (3); South also A1 1.
// a4 is pit 4: either entry. a4R: a4 2, take A5 (3): a1 1, a2 1, a3 1 ->
// stop. South's house is gone.
// clause: guide.nyumba.ownership-lost
TEST(GuideNyumba, OwnershipLostByUseOrCapture) {
  EXPECT_EQ(after(kV2, kQuestion, "A3R+"),
            "N 1,1,3,1,0,1,1,1/0,0,0,0,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  const std::string pos =
      "N 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"a4L", "a4R"}));
  EXPECT_EQ(after(kV2, pos, "a4R"),
            "S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,1,1,2,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,4");
}

// South A3 1, A5 6 owned; North a1 1, a4 2 (faces A5), a6 5 (faces A3).
// Captures: A3 and A5, either entry. A3R: A3 2, take a6 (5): A1 1, A2 1,
// A3 3, A4 1, A5 7 -> the house faces a4 (2): capture first, no question;
// pit 5, later capture: keep R, enter A1: A1 2, A2 2 -> faces a7 (0):
// relay A2 (2): A3 4, A4 2 -> relay A4 (2): A5 8, A6 1 -> stop. The house
// was never lifted: still owned.
// clause: guide.nyumba.capture-first
TEST(GuideNyumba, CaptureFirstAtTheHouse) {
  const std::string pos =
      "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,2,0,5,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  EXPECT_EQ(after(kV2, pos, "A3R"),
            "N 2,0,4,0,8,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// Mtaji with both houses owned: South A1 1, A5 3 (house), B2 2; North a2 1,
// a5 2 (house, faces empty A4), a8 2 (faces A1), b4 2. Only B2R captures:
// B1 1, A1 2 -> faces a8 (2): capture; pit 1: enter A1: A1 3, A2 1 -> stop.
// A mtaji capture: both houses lose their status.
// clause: guide.nyumba.first-mtaji-capture
TEST(GuideNyumba, FirstMtajiCaptureEndsBothHouses) {
  const std::string pos =
      "S 1,0,0,0,3,0,0,0/0,2,0,0,0,0,0,0 0,1,0,0,2,0,0,2/0,0,0,2,0,0,0,0 house=A5,a5";
  EXPECT_EQ(legal(kV2, pos), (Moves{"B2R"}));
  EXPECT_EQ(after(kV2, pos, "B2R"),
            "N 3,1,0,0,3,0,0,0/1,0,0,0,0,0,0,0 0,1,0,0,2,0,0,0/0,0,0,2,0,0,0,0");
}

// Mtaji: the owned house A5 6, the only occupied front pit: no two-piece
// start, it starts normally. A5R: A6..A8, B8, B7, B6 -> stop (ownership
// lost: lifted). And a run ending in the owned house relays: A3 2, A5 5
// (owned): A3R: A4 1, A5 6 -> relay A5 (6): A6, A7, A8, B8, B7, B6 -> stop.
// clause: guide.nyumba.mtaji
TEST(GuideNyumba, NoHouseRulesInMtaji) {
  const std::string alone =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5";
  EXPECT_EQ(legal(kV2, alone), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(after(kV2, alone, "A5R"),
            "N 0,0,0,0,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  const std::string run =
      "S 0,0,2,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5";
  EXPECT_EQ(legal(kV2, run), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  EXPECT_EQ(after(kV2, run, "A3R"),
            "N 0,0,0,1,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// ===========================================================================
// 07: mtaji

// South A1 1, A6 2, B2 2; North a2 1, a8 2, b4 2. B2R: B1 1, A1 2 ->
// occupied, faces a8 (2): a capture start from the back row, compulsory
// (the A6 takata is not offered). Enter A1: A1 3, A2 1 -> stop.
// clause: guide.mtaji.capture-start
TEST(GuideMtaji, CaptureStartIsCompulsory) {
  const std::string pos = "S 1,0,0,0,0,2,0,0/0,2,0,0,0,0,0,0 0,1,0,0,0,0,0,2/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, pos), (Moves{"B2R"}));
  EXPECT_EQ(after(kV2, pos, "B2R"),
            "N 3,1,0,0,0,2,0,0/1,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// South A3 2, A5 1, A7 1; North a2 1 (faces A7), b4 2. No capture start
// (A3R ends in A5 facing empty a4; A3L in empty A1). Takata A3R: A4 1, A5 2
// -> relay A5: A6 1, A7 2 -> occupied, facing a2 (1), but a takata never
// captures: relay A7 (2): A8 1, B8 1 -> stop. Back pits only when the front
// has no pit of 2+: South A1 1, B5 3: B5R: B4, B3, B2 -> stop.
// clause: guide.mtaji.takata-start
TEST(GuideMtaji, TakataNeverCaptures) {
  const std::string pos = "S 0,0,2,0,1,0,1,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kV2, pos, "A3R"),
            "N 0,0,0,1,0,1,0,1/0,0,0,0,0,0,0,1 0,1,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(legal(kV2, "S 1,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0 0,1,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"B5L", "B5R"}));
}

// South A2 17 alone; North a6 1 (faces A3), a1 1, b4 2. A2R's first run
// ends in A3 (2: the first and the 17th piece), facing a6: it would capture
// if 17 were within 2..15, so it is a takata. A2R: every pit 1, A3 2 ->
// relay A3: A4 2, A5 2 -> relay A5: A6 2, A7 2 -> relay A7: A8 2, B8 2 ->
// relay B8: B7 2, B6 2 -> relay B6: B5 2, B4 2 -> relay B4: B3 2, B2 2 ->
// relay B2: B1 2, A1 2 -> relay A1: A2 2, A3 1 (emptied) -> stop.
// Afterwards South's captures all end in A8 facing a1 (1): exempt.
// clause: guide.mtaji.sixteen
TEST(GuideMtaji, SixteenOrMoreNeverCaptures) {
  const std::string pos = "S 0,17,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, pos), (Moves{"A2L", "A2R"}));
  EXPECT_EQ(after(kV2, pos, "A2R"),
            "N 0,2,1,2,0,2,0,2/2,0,2,0,2,0,2,0 1,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0");
  // With 15 from A2 the last piece lands in A1 (1 -> 2) facing a8 (1): a
  // capture, the only move (A2L ends in A3, empty before its one piece).
  EXPECT_EQ(legal(kV2, "S 1,15,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,1/0,0,0,2,0,0,0,0"),
            (Moves{"A2R"}));
}

// Mtaji, every South pit holds at most 1: no move, South loses.
// clause: guide.win.no-move
TEST(GuideWin, NoMoveLoses) {
  const std::string pos = "S 1,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, pos), (Moves{}));
  EXPECT_EQ(status_of(kV2, pos), "win N no-move");
}

// clause: guide.win.front-empty
TEST(GuideWin, EmptyFrontRowLoses) {
  EXPECT_EQ(status_of(kV2, "S 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            "win N front-empty");
  EXPECT_EQ(status_of(kV2, "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"),
            "win S front-empty");
}

// A move cannot actually end with the mover's own front row empty: pieces
// only leave the front row from an end pit sown straight into the back row
// (a takata relay into A8 always leaves a piece in the pit before it), and
// that is what guide.start.sole-end-pit forbids for a sole end pit. So the
// interpretation shows in the status: South (who has just moved) has an
// empty front row, North to move: North wins. And the sole end pit A8 2
// (mtaji) may not be sown R, which would empty the row: A8L only.
// clause: guide.interp.own-front-empty
TEST(GuideInterp, OwnFrontEmptyAfterAMoveLoses) {
  EXPECT_EQ(status_of(kV2, "N 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0"),
            "win N front-empty");
  EXPECT_EQ(legal(kV2, "S 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0"),
            (Moves{"A8L"}));
}

// ===========================================================================
// 11: the 512-relay limit. South A1 1, A2 2, A4 1, A6 1, A8 2; B8 1, B6 3,
// B4 3, B2 1 (15 pieces); North a4 1 (faces the empty A5), b4 2. No capture
// start (the only North front piece faces an empty pit). A2R is a takata
// whose relays never end: the position before relay 116 is the position
// before relay 0 (found and checked with a 30-line simulation written from
// the guide's sowing rule, independent of the oracle; a hand check over 116
// relays is not practical). At the pickup after 512 relays (512 = 4*116+48)
// the board is A 0,1,2,1,2,1,2,0 / B 1,2,0,1,0,1,0,1 (the last run ended in
// A7 with 2): the move is infinite and South loses.
// clause: guide.limit.relay-512
TEST(GuideLimit, RelayLimitLosesTheMove) {
  const std::string pos = "S 1,2,0,1,0,1,0,2/0,1,0,3,0,3,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0";
  for (std::string_view rs : {kV2, kR002}) {
    EXPECT_EQ(legal(rs, pos), (Moves{"A2L", "A2R", "A8L", "A8R"}));
    const std::string next = after(rs, pos, "A2R");
    EXPECT_EQ(next,
              "N 0,1,2,1,2,1,2,0/1,2,0,1,0,1,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0 "
              "result=N:infinite");
    EXPECT_EQ(status_of(rs, next), "win N infinite");
  }
}

// clause: guide.interp.relay-limit-count
TEST(GuideLimit, LimitCountsRelaysAtAPickup) {
  const std::string pos = "S 1,2,0,1,0,1,0,2/0,1,0,3,0,3,0,1 0,0,0,1,0,0,0,0/0,0,0,2,0,0,0,0";
  Played r = play_traced(kV2, pos, "A2R");
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 512);
}

// ===========================================================================
// 09: takasia (guide-v2 only)

// E30 (the guide's example, scenarios/guide/guide.yaml). South A7L: A6 1, A5 1 (empty) -> stop.
// North has no first-run capture (South's occupied front A2, A5, A6 face a7
// (empty), a4, a3; no North start of 2..15 ends in a4 or a3). South, moving
// again, captures only with B8L (4): A8, A7, A6, A5 (1 -> 2) facing a4 (2).
// a4: holds 2, not North's only occupied or only 2+ front pit (a5, a8 hold
// 10), no house: target a4.
const std::string kE30 = "S 0,2,0,0,0,0,2,0/0,0,2,2,0,2,6,4 1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0";
const std::string kE30After = "N 0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0";

// clause: guide.takasia.set
TEST(GuideTakasia, E30SetsTargetA4) {
  EXPECT_EQ(after(kV2, kE30, "A7L"), kE30After + " block=a4");
  EXPECT_EQ(after(kR002, kE30, "A7L"), kE30After);
}

// North, target a4: no capture; takata from a front pit of 2+ but not a4.
// In guide-r002 there is no target: a4 moves are legal.
// clause: guide.takasia.no-start
TEST(GuideTakasia, E30TargetCannotStart) {
  EXPECT_EQ(legal(kV2, kE30After + " block=a4"), (Moves{"a5L", "a5R", "a8L", "a8R"}));
  EXPECT_EQ(legal(kR002, kE30After), (Moves{"a4L", "a4R", "a5L", "a5R", "a8L", "a8R"}));
}

// E30 response a8L (North index a1..a8 = 0..7, b8..b1 = 8..15):
// 1. lift a8 (10): a7 1, a6 1, a5 11, a4 3 (passing the target), a3 2,
//    a2 1, a1 2, b1 3, b2 3, b3 9 -> relay b3 (9)
// 2. b4 5, b5 2, b6 3, b7 2, b8 1, a8 1, a7 2, a6 2, a5 12 -> relay a5 (12)
// 3. a4 4, a3 3, a2 2, a1 3, b1 4, b2 4, b3 1, b4 6, b5 3, b6 4, b7 3,
//    b8 2 -> relay b8 (2)
// 4. a8 2, a7 3 -> relay a7 (3)
// 5. a6 3, a5 1, a4 5: the target: stop, whatever it holds.
// North a 3,2,3,5,1,3,0,2 / b 4,4,1,6,3,4,3,0 (44). The target expires;
// South now captures (B8L ends in A5 facing a4), so no new one.
const std::string kE30Reply = "S 0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 3,2,3,5,1,3,0,2/4,4,1,6,3,4,3,0";

// clause: guide.takasia.stop
TEST(GuideTakasia, E30RunEndingInTargetStops) {
  Played r = play_traced(kV2, kE30After + " block=a4", "a8L");
  EXPECT_EQ(r.bpn, kE30Reply);
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 4);
  EXPECT_TRUE(has_clause(r.trace, "guide.takasia.stop"));
}

// clause: guide.takasia.pass-through
TEST(GuideTakasia, SowingPassesThroughTheTarget) {
  Played r = play_traced(kV2, kE30After + " block=a4", "a8L");
  int sown_in_a4 = 0;
  for (const Event& e : r.trace.events())
    if (e.kind == EventKind::Sow && e.side == Side::North && pit_name(e.side, e.pit) == "a4")
      ++sown_in_a4;
  EXPECT_EQ(sown_in_a4, 3);  // runs 1, 3 and 5
}

// Small position: mtaji, South A1 1, A2 2, A3 1; North a1 2, a6 2, b4 2.
// No capture now (A2R ends in empty A4, A2L in B1). A2L: A1 2, B1 1 ->
// stop. North then has no first-run capture (a1R ends in empty a3, a6 in
// empty a8 / a4); South's only capture would be A1R (A2 1, A3 2 facing a6):
// target a6. North's reply a1R: a2 1, a3 1 -> stop; the target expires and
// South can capture (A1R), so no new target.
const std::string kSmall = "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";
const std::string kSmallAfter = "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 2,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0";

// clause: guide.takasia.expiry
TEST(GuideTakasia, TargetExpiresWithTheDefendersTurn) {
  EXPECT_EQ(after(kV2, kSmall, "A2L"), kSmallAfter + " block=a6");
  EXPECT_EQ(legal(kV2, kSmallAfter + " block=a6"), (Moves{"a1L", "a1R"}));
  EXPECT_EQ(after(kV2, kSmallAfter + " block=a6", "a1R"),
            "S 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 0,1,1,0,0,2,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(after(kV2, kE30After + " block=a4", "a8L"), kE30Reply);
}

// The small position with a6 1: exempt (holds 1). With a1 1, a6 2: a6 is
// North's only front pit of 2+: exempt. With a1 0, a6 2: the only occupied
// front pit: exempt. Owned house: South A2 1, A3 2, A4 1; North a1 2,
// a5 6 (owned, faces A4), b4 2: A3L: A2 2, A1 1 -> stop; South's only
// capture would be A2R (A3 1, A4 2 facing a5): an owned house: exempt.
// clause: guide.takasia.exempt
TEST(GuideTakasia, ExemptPits) {
  EXPECT_EQ(after(kV2, "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0", "A2L"),
            "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 2,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(after(kV2, "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0", "A2L"),
            "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(after(kV2, "S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0", "A2L"),
            "N 2,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0,0,0,0,2,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(after(kV2, "S 0,1,2,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,6,0,0,0/0,0,0,2,0,0,0,0 house=a5",
                  "A3L"),
            "N 1,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,6,0,0,0/0,0,0,2,0,0,0,0 house=a5");
}

// (1) Namua takata entering mtaji: South's last piece, South A1 1, A2 1,
// A3 1; North a1 2, a5 2 (faces empty A4), b4 2, no hand. No capture, all
// singles. A1R: A1 2: A2 2, A3 2 -> relay A3 (2): A4 1, A5 1 -> stop.
// South could now capture with A2R (A3 1, A4 2 facing a5 (2)) only, and
// North has none: a takata in mtaji would set a5; this one does not.
// (2) A mtaji capture: South A1 2, A3 1, A6 2, A8 1; North a1 1, a2 2, a6 2,
// b4 2. A6R: A7 1, A8 2 -> capture a1 (1); pit 8: enter A8 going L: A8 3 ->
// faces empty a1: relay A8 (3) leftward: A7 2, A6 1, A5 1 -> stop. Now
// South's only capture is A1R (ending in A3, facing a6 2) and North has
// none, but a capturing move sets no target.
// clause: guide.takasia.not-established
TEST(GuideTakasia, NotAfterNamuaTakataOrCapture) {
  EXPECT_EQ(after(kV2, "S 1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,2,0,0,0/0,0,0,2,0,0,0,0 hand=1,0",
                  "A1R"),
            "N 0,2,0,1,1,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,2,0,0,0/0,0,0,2,0,0,0,0");
  const std::string cap = "S 2,0,1,0,0,2,0,1/0,0,0,0,0,0,0,0 1,2,0,0,0,2,0,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kV2, cap), (Moves{"A1R", "A6R"}));
  EXPECT_EQ(after(kV2, cap, "A6R"),
            "N 2,0,1,0,1,1,2,0/0,0,0,0,0,0,0,0 0,2,0,0,0,2,0,0/0,0,0,2,0,0,0,0");
}

// ===========================================================================
// The catalog: every clause of guide-v2 (a superset of guide-r002) has a
// `// clause: <id>` line in this file, and every such line names a clause.

TEST(GuideCatalog, EveryClauseHasATest) {
  const std::set<std::string> ids = testing::clause_markers("tests/guide_clauses_test.cpp");
  ASSERT_FALSE(ids.empty());
  for (ClauseId id : rules(kV2).clauses)
    EXPECT_TRUE(ids.count(std::string(clause_name(id)))) << "no test for " << clause_name(id);
  for (const std::string& id : ids)
    EXPECT_NE(find_clause(id), ClauseId::None) << "unknown clause " << id;
  EXPECT_EQ(rules(kR002).clauses.size() + 7, rules(kV2).clauses.size());
}

}  // namespace
}  // namespace bao
