// Per-clause unit tests of the ruleset ap-zanzibar (Abstract Play's default
// Zanzibar rules, source `ap`, docs/sources.md, the part before the
// Malawi variants; catalog: oracle/rules/abstract_play/clauses.def).
//
// Every expected value below was worked out by hand from the rule text and
// the catalog's interpretation paraphrases; the hand working is the comment
// above each test. Each test names the clause it pins down in a
// `// clause: <id>` line directly above it; ApZanzibarCatalog checks that
// every catalogued clause has one.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// Direction R runs A1 -> A8 -> B8 -> B1 -> A1 (clockwise for the mover), L
// the reverse; "x->y" is a pit's count before and after a seed lands.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
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

using testing::clause_at;
using testing::count_of;
using testing::event_pit;
using testing::Moves;
using testing::Played;
using testing::stop_clause;
using testing::trace_text;

constexpr std::string_view kZanzibar = "ap-zanzibar";

const Ruleset& zanzibar() {
  return testing::rules(kZanzibar);
}
Moves legal(std::string_view bpn) {
  return testing::legal(kZanzibar, bpn);
}
std::string after(std::string_view bpn, std::string_view move, Trace* trace = nullptr) {
  return testing::after(kZanzibar, bpn, move, trace);
}
Played play_traced(std::string_view bpn, std::string_view move) {
  return testing::play_traced(kZanzibar, bpn, move);
}
std::string status_of(std::string_view bpn) {
  return testing::status_of(kZanzibar, bpn);
}

// The events of one kind, as "<pit> <count> <clause>" lines.
std::vector<std::string> events(const Trace& t, EventKind kind) {
  std::vector<std::string> out;
  for (const Event& e : t.events())
    if (e.kind == kind)
      out.push_back(event_pit(e) + " " + std::to_string(e.count) + " " +
                    std::string(clause_name(e.clause)));
  return out;
}

// ===========================================================================
// Setup and phases

// The normal setup: 6 in the nyumba (pit 5), 2 in each of the two pits to its
// right, 22 in reserve each, both nyumba with house status, South first.
// clause: ap.setup.start
TEST(ApZanzibarSetup, StartPosition) {
  ASSERT_NE(find_ruleset("ap-zanzibar"), nullptr);
  EXPECT_EQ(to_bpn(start_position(zanzibar())),
            "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 "
            "house=A5,a5");
}

// At the start A5, A6, A7 face a4, a3, a2, all empty: no capture. A5 is a
// working nyumba (6), so the kutakata may start at any other occupied front
// pit: A6 and A7, either way. A6R: place A6 2->3, lift 3: A7 2->3, A8 0->1,
// B8 0->1; B8 was empty -> stop.
// clause: ap.setup.start
TEST(ApZanzibarSetup, StartPositionMoves) {
  const std::string start = std::string(zanzibar().start_bpn);
  EXPECT_EQ(legal(start), (Moves{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(after(start, "A6R"),
            "N 0,0,0,0,6,0,3,1/0,0,0,0,0,0,0,1 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
            "house=A5,a5");
}

// Same board, A3=1 and B2=2 (North a1=1 faces the empty A8, no capture).
// With a seed in hand (kunamua): only singles in the front row, so any of
// them: A3 either way; A3R: place A3 1->2, lift 2: A4, A5 -> stop.
// Without (mtaji phase): a single never starts, no front pit holds 2, so the
// back pit B2: B2R: B1, A1 (A1 was empty) -> stop; B2L: B3, B4 -> stop.
// clause: ap.phase.kunamua-mtaji
TEST(ApZanzibarPhase, ReserveDecidesHowTheTurnBegins) {
  const std::string kunamua =
      "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0";
  const std::string mtaji = "S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(kunamua), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(kunamua, "A3R"),
            "N 0,0,0,1,1,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(legal(mtaji), (Moves{"B2L", "B2R"}));
  EXPECT_EQ(after(mtaji, "B2R"),
            "N 1,0,1,0,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// The board of the test above with unequal reserves: the mover's own hand
// decides. South with none (North 3): mtaji phase, {B2L, B2R}. South with 2
// (North none): kunamua, {A3L, A3R}. North to move with none while South has
// 3: North's mirrored board (a3=1, b2=2) plays the mtaji phase: {b2L, b2R}.
// clause: ap.interp.phase-per-mover
TEST(ApZanzibarPhase, OwnReserveDecidesThePhase) {
  EXPECT_EQ(legal("S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=0,3"),
            (Moves{"B2L", "B2R"}));
  EXPECT_EQ(legal("S 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,0"),
            (Moves{"A3L", "A3R"}));
  EXPECT_EQ(legal("N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,1,0,0,0,0,0/0,2,0,0,0,0,0,0 hand=3,0"),
            (Moves{"b2L", "b2R"}));
}

// ===========================================================================
// Sowing

// Mtaji phase, A7=3 alone (North a4=1 faces A5). No capture start (A7R ends in
// the back row, A7L in the empty A4). A7R: lift 3, sow from the NEXT pit:
// A8, then round the end into B8, then B7; B7 was empty -> stop.
// A7L: A6, A5, A4 -> stop.
// clause: ap.sow.consecutive
TEST(ApZanzibarSowing, OneSeedPerPitFromTheNextPit) {
  const std::string pos = "S 0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A7L", "A7R"}));
  Played r = play_traced(pos, "A7R");
  EXPECT_EQ(r.bpn, "N 0,0,0,0,0,0,0,1/0,0,0,0,0,0,1,1 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace), "lift A7 3; sow A8; sow B8; sow B7; stop B7");
  EXPECT_EQ(after(pos, "A7L"), "N 0,0,0,1,1,1,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0");
}

// L from the left kichwa goes into the back row: A1=2, A4=1 (so A1 is not the
// only front pit); North a3=1 faces A6. A1L: B1, B2 -> stop.
// clause: ap.sow.consecutive
TEST(ApZanzibarSowing, LeftwardWrapsFromA1IntoB1) {
  const std::string pos = "S 2,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A1L", "A1R"}));
  Played r = play_traced(pos, "A1L");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,0,0,0,0/1,1,0,0,0,0,0,0 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace), "lift A1 2; sow B1; sow B2; stop B2");
}

// A sowing never skips the pit it was lifted from: A3=16 (too many to start
// a capture), R: A4..A8 (5), B8..B1 (13), A1, A2 (15), the 16th seed into A3
// itself, which was emptied -> 1 -> stop. Every pit then holds 1.
// clause: ap.sow.consecutive
TEST(ApZanzibarSowing, SixteenSeedsComeBackIntoTheEmptiedPit) {
  const std::string pos = "S 0,0,16,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(stop_clause(r.trace), "A3 ap.sow.empty-ends-turn");
}

// The A7R move above ends because its last seed fell into the empty B7.
// clause: ap.sow.empty-ends-turn
TEST(ApZanzibarSowing, LastSeedInEmptyPitEndsTheTurn) {
  Played r =
      play_traced("S 0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0", "A7R");
  EXPECT_EQ(stop_clause(r.trace), "B7 ap.sow.empty-ends-turn");
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 0);
}

// Mtaji, A2=2, A4=1, North a1=1 only (a5 empty, so A4 is no marker).
// A2R: A3 0->1, A4 1->2: occupied, no capture -> relay: lift A4 (2), sow from
// the next pit A5, A6; A6 was empty -> stop.
// clause: ap.sow.relay
TEST(ApZanzibarSowing, LastSeedInOccupiedPitRelays) {
  const std::string pos = "S 0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,0,1,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace), "lift A2 2; sow A3; sow A4; relay A4 2; sow A5; sow A6; stop A6");
  EXPECT_EQ(clause_at(r.trace, EventKind::Relay, "A4"), "ap.sow.relay");
}

// ===========================================================================
// Turn kinds and captures

// The relay position above with a5=1 facing A4: A2R now ends in A4 1->2
// facing a non-empty a5, a capture; A2L (A1, B1) does not. Capture is
// compulsory, so A2R is the only move. A2R: capture a5 (1) at A4 (pit 4,
// mtaji phase: keep R) -> enter A1 0->1 -> stop.
// clause: ap.turn.capture-compulsory
TEST(ApZanzibarTurn, MtajiCaptureIsCompulsory) {
  const std::string pos = "S 0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A2R"}));
  EXPECT_EQ(after(pos, "A2R"), "N 1,0,1,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// Kunamua: A3=3 (faces empty a6) and A6=1 (faces a3=1). A6 must take the
// reserve seed and capture (pit 6: either kichwa); the kutakata from A3,
// otherwise the only 2+ start, is not allowed.
// clause: ap.turn.capture-compulsory
TEST(ApZanzibarTurn, KunamuaCaptureIsCompulsory) {
  EXPECT_EQ(legal("S 0,0,3,0,0,1,0,0/0,0,0,0,0,0,0,0 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0"),
            (Moves{"A6L", "A6R"}));
}

// Mtaji, A3=2, A5=1, A7=1; North a2=1 faces A7. No capture start (A3R ends in
// A5 facing the empty a4; A3L in the empty A1; singles cannot start).
// A3R: A4 0->1, A5 1->2 relay: A6 0->1, A7 1->2 -- a marker (a2=1), but the
// turn began as kutakata: relay: A8 0->1, B8 0->1 -> stop. No capture.
// clause: ap.turn.kutakata-never-captures
TEST(ApZanzibarTurn, KutakataNeverCapturesLater) {
  const std::string pos = "S 0,0,2,0,1,0,1,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,0,1,0,1/0,0,0,0,0,0,0,1 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 0);
}

// A2=2 alone; North a5=1 faces A4. A2R: A3, A4 -- A4 was empty (1 after), so
// no capture although a5 is occupied; A2L ends in B1. No capture exists:
// both kutakata moves are legal, and A2R leaves a5 alone.
// clause: ap.capture.condition
TEST(ApZanzibarCapture, EmptyLandingPitNeverCaptures) {
  const std::string pos = "S 0,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R"}));
  EXPECT_EQ(after(pos, "A2R"), "N 0,0,1,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0");
}

// Back pits never capture: every North front pit holds 1. A1=1, A4=2, B3=2,
// B5=1. A4R ends in the empty A6, A4L in the empty A2; B3R ends in the empty
// B1; B3L: B4, B5 1->2 -- occupied, but a back pit. No capture start, so the
// kutakata must start in the front row: A4 only.
// clause: ap.capture.condition
TEST(ApZanzibarCapture, BackPitsNeverCapture) {
  EXPECT_EQ(legal("S 1,0,0,2,0,0,0,0/0,0,2,0,1,0,0,0 1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0"),
            (Moves{"A4L", "A4R"}));
}

// Later in a capturing turn, too, a sowing ending in an occupied back pit
// only relays. A4=1, A6=2, B1=1; a5=9 faces A4, a1=1. Only capture: A6L:
// A5 0->1, A4 1->2: capture 9, keep L, enter A8: A8, A7, A6, A5 1->2,
// A4 2->3, A3, A2, A1, B1 1->2: a back pit (and every back pit has a front
// pit of North at the same place in the circuit, here a1): relay B1 (2) L:
// B2, B3 -> stop.
// clause: ap.capture.condition
TEST(ApZanzibarCapture, BackPitNeverCapturesLaterInTheTurn) {
  const std::string pos = "S 0,0,0,1,0,2,0,0/1,0,0,0,0,0,0,0 1,0,0,0,9,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A6L"}));
  Played r = play_traced(pos, "A6L");
  EXPECT_EQ(r.bpn, "N 1,1,1,3,2,1,1,1/0,1,1,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 1);
}

// Later in a capturing turn, a sowing ending in an empty front pit ends the
// turn even when it faces seeds. A3=2, A5=1; a4=3 faces A5, a6=1 faces A3.
// A3R: A4 0->1, A5 1->2: capture 3, keep R: A1, A2, A3 (emptied) 0->1,
// facing a6=1, but A3 was empty -> stop.
// clause: ap.capture.condition
TEST(ApZanzibarCapture, EmptyPitNeverCapturesLaterInTheTurn) {
  const std::string pos = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,3,0,1,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 1,1,1,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,1,0,0/0,0,0,0,0,0,0,0");
}

// A3=2, A5=1; North a4=3 faces A5, a1=1. A3R: A4 0->1, A5 1->2 facing a4=3:
// capture all 3 (a4 -> 0), keep direction R (pit 5, mtaji): enter A1 and sow
// A1, A2, A3 (emptied by the lift) -> 1 -> stop.
// clause: ap.capture.take-all
TEST(ApZanzibarCapture, TakesEverySeedAndSowsThemFromAKichwa) {
  const std::string pos = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 1,1,1,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace),
            "lift A3 2; sow A4; sow A5; capture a4 3; enter A1 3; sow A1; sow A2; sow A3; stop A3");
}

// Mtaji, sowing leftward, capture at the kimbi A2: A2=1, A4=2; North a7=2
// faces A2. A4L: A3 0->1, A2 1->2 facing a7: capture 2; pit 2 enters at the
// LEFT kichwa and turns the direction to R: A1 0->1, A2 2->3; a7 is now empty
// -> relay A2 (3): A3 1->2, A4 0->1, A5 0->1 -> stop.
// clause: ap.capture.entry-kichwa-kimbi
TEST(ApZanzibarCapture, KimbiCaptureEntersAtItsOwnKichwa) {
  const std::string pos = "S 0,1,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A4L"}));
  Played r = play_traced(pos, "A4L");
  EXPECT_EQ(r.bpn, "N 1,0,2,1,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace),
            "lift A4 2; sow A3; sow A2; capture a7 2; enter A1 2; sow A1; sow A2; relay A2 3; "
            "sow A3; sow A4; sow A5; stop A5");
  EXPECT_EQ(clause_at(r.trace, EventKind::Enter, "A1"), "ap.capture.entry-kichwa-kimbi");
}

// Mirror: sowing rightward, capture at the kimbi A7: A5=2, A7=1; North a2=2
// faces A7, a8=1. A5R: A6 0->1, A7 1->2: capture 2, enter at the RIGHT
// kichwa, direction L: A8 0->1, A7 2->3 -> relay A7 (3) L: A6 1->2,
// A5 0->1, A4 0->1 -> stop.
// clause: ap.capture.entry-kichwa-kimbi
TEST(ApZanzibarCapture, RightKimbiCaptureTurnsLeftward) {
  const std::string pos = "S 0,0,0,0,2,0,1,0/0,0,0,0,0,0,0,0 0,2,0,0,0,0,0,1/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A5R"}));
  Played r = play_traced(pos, "A5R");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,1,2,0,1/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Enter, "A8"), "ap.capture.entry-kichwa-kimbi");
}

// Kunamua capture at the kimbi A2 (faces a7=1): only the left kichwa, so the
// only move is A2R: place A2 1->2 (stays), capture a7 (1): A1 0->1 -> stop.
// Kunamua capture at the kichwa A8 (faces a1=1): only A8L: place A8 1->2,
// capture a1 (1): enter A8 2->3; a1 is empty now -> relay A8 (3) L: A7, A6,
// A5 -> stop.
// clause: ap.capture.entry-kichwa-kimbi
TEST(ApZanzibarCapture, KunamuaEndCapturesHaveNoChoice) {
  const std::string kimbi =
      "S 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(kimbi), (Moves{"A2R"}));
  EXPECT_EQ(after(kimbi, "A2R"),
            "N 1,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  const std::string kichwa =
      "S 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(kichwa), (Moves{"A8L"}));
  EXPECT_EQ(after(kichwa, "A8L"),
            "N 0,0,0,0,1,1,1,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0");
}

// Kunamua, first capture at pit 4: A4=1 faces a5=2. The mover chooses the
// kichwa. A4R: place A4 1->2, capture 2, enter A1: A1, A2 -> stop.
// A4L: enter A8: A8, A7 -> stop.
// clause: ap.capture.entry-first-kunamua-choice
TEST(ApZanzibarCapture, FirstKunamuaCaptureInTheMiddleChoosesTheKichwa) {
  const std::string pos =
      "S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,2,0,0,0/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(pos), (Moves{"A4L", "A4R"}));
  Played r = play_traced(pos, "A4R");
  EXPECT_EQ(r.bpn, "N 1,1,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Enter, "A1"), "ap.capture.entry-first-kunamua-choice");
  EXPECT_EQ(after(pos, "A4L"), "N 0,0,0,2,0,0,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// Mtaji, sowing leftward, capture at pit 4: A4=1, A6=2; North a5=3 faces A4,
// a8=1. A6L: A5 0->1, A4 1->2: capture 3; pit 4 keeps the direction L: enter
// at A8: A8, A7, A6 (emptied) -> stop.
// clause: ap.capture.entry-keep-direction
TEST(ApZanzibarCapture, MiddleCaptureKeepsTheDirection) {
  const std::string pos = "S 0,0,0,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,1/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A6L"}));
  Played r = play_traced(pos, "A6L");
  EXPECT_EQ(r.bpn, "N 0,0,0,2,1,1,1,1/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Enter, "A8"), "ap.capture.entry-keep-direction");
}

// Kunamua: a later middle capture keeps the direction current at that moment,
// not the one the mover chose. S hand 1, A3..A7 = 1; North a2=3 (faces A7),
// a3=1 (faces A6), a5=3 (faces A4), a8=1; a4, a6, a7, a1 empty.
// A4R: place A4 1->2; capture a5 (3), chosen R: A1 0->1, A2 0->1, A3 1->2
// (a6 empty) relay A3 (2): A4 2->3, A5 1->2 (a4 empty) relay A5 (2):
// A6 1->2, A7 1->2: capture a2 (3) at the kimbi -> enter A8, direction L:
// A8 0->1, A7 2->3, A6 2->3: capture a3 (1) at pit 6, not the first capture:
// keep L -> enter A8 1->2 (a1 empty) relay A8 (2): A7 3->4, A6 3->4 (a3 now
// empty) relay A6 (4): A5 0->1, A4 3->4, A3 0->1, A2 1->2 (a7 empty) relay
// A2 (2): A1 1->2, B1 0->1 -> stop. 5+1+3+3+1 = 13 South seeds.
// clause: ap.capture.entry-keep-direction
TEST(ApZanzibarCapture, LaterKunamuaCaptureKeepsTheCurrentDirection) {
  const std::string pos =
      "S 0,0,1,1,1,1,1,0/0,0,0,0,0,0,0,0 0,3,1,0,3,0,0,1/0,0,0,0,0,0,0,0 hand=1,0";
  Played r = play_traced(pos, "A4R");
  EXPECT_EQ(r.bpn, "N 2,0,1,4,1,0,4,0/1,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0");
  EXPECT_EQ(events(r.trace, EventKind::Enter),
            (std::vector<std::string>{"A1 3 ap.capture.entry-first-kunamua-choice",
                                      "A8 3 ap.capture.entry-kichwa-kimbi",
                                      "A8 1 ap.capture.entry-keep-direction"}));
}

// ===========================================================================
// Kunamua

// Singles A3, A6 (facing empty a6, a3): no capture; all front pits hold one,
// so either may take the reserve seed -- never an empty pit. A6R: place
// A6 1->2 (hand 1->0), lift 2: A7, A8 -> stop.
// clause: ap.kunamua.place
TEST(ApZanzibarKunamua, ReserveSeedGoesIntoAnOccupiedFrontPit) {
  const std::string pos =
      "S 0,0,1,0,0,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R", "A6L", "A6R"}));
  Played r = play_traced(pos, "A6R");
  EXPECT_EQ(r.bpn, "N 0,0,1,0,0,0,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace), "place A6; lift A6 2; sow A7; sow A8; stop A8");
  EXPECT_EQ(clause_at(r.trace, EventKind::Place, "A6"), "ap.kunamua.place");
}

// A3=2 (faces empty a6), A6=1 faces a3=2: the seed must go to A6 and capture.
// The placed seed stays in A6 (1->2); a3 is emptied. A6R: enter A1: A1, A2
// -> stop. A6L: enter A8: A8, A7 -> stop.
// clause: ap.kunamua.capture
TEST(ApZanzibarKunamua, PlacedSeedStaysAndFacingPitIsCaptured) {
  const std::string pos =
      "S 0,0,2,0,0,1,0,0/0,0,0,0,0,0,0,0 1,0,2,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(pos), (Moves{"A6L", "A6R"}));
  Played r = play_traced(pos, "A6R");
  EXPECT_EQ(r.bpn, "N 1,1,2,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(trace_text(r.trace), "place A6; capture a3 2; enter A1 2; sow A1; sow A2; stop A2");
  EXPECT_EQ(clause_at(r.trace, EventKind::Capture, "a3"), "ap.kunamua.capture");
  EXPECT_EQ(after(pos, "A6L"), "N 0,0,2,0,0,2,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// The capture needs an OCCUPIED front pit: a4=2 faces the empty A5, and A3=1
// faces the empty a6. No capture: kutakata from A3.
// clause: ap.kunamua.capture
TEST(ApZanzibarKunamua, EmptyFrontPitFacingSeedsIsNoCapture) {
  EXPECT_EQ(legal("S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0"),
            (Moves{"A3L", "A3R"}));
}

// A working nyumba A5=6 is the only front pit; it faces a4=2. The capture
// from it is allowed (and compulsory): A5R: place A5 6->7, capture a4 (2),
// pit 5: choice; R enters A1: A1, A2 -> stop. A5 keeps house status (its own
// seeds were neither sown nor captured). A5L: enter A8: A8, A7 -> stop.
// Without the seeds in a4 there is no move at all (next test group).
// clause: ap.kunamua.capture-from-nyumba
TEST(ApZanzibarKunamua, CaptureMayStartAtTheWorkingNyumba) {
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A5L", "A5R"}));
  Played r = play_traced(pos, "A5R");
  EXPECT_EQ(r.bpn, "N 1,1,0,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(clause_at(r.trace, EventKind::Capture, "a4"), "ap.kunamua.capture-from-nyumba");
  EXPECT_EQ(after(pos, "A5L"),
            "N 0,0,0,0,7,0,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
}

// No capture anywhere (A2, A5, A7 face a7, a4, a2, all empty).
// Rule 1: working nyumba A5=6 -> any other occupied front pit, the single A2
// as well as A7=3.
// clause: ap.kunamua.kutakata-start-order
TEST(ApZanzibarKunamua, WithWorkingNyumbaAnyOtherOccupiedPit) {
  EXPECT_EQ(legal("S 0,1,0,0,6,0,3,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 "
                  "house=A5"),
            (Moves{"A2L", "A2R", "A7L", "A7R"}));
}

// Rule 2: the nyumba A5=3 does not work, so only pits holding 2 or more:
// A5 itself (a non-working nyumba counts) and A7=2; not the single A2.
// clause: ap.kunamua.kutakata-start-order
TEST(ApZanzibarKunamua, WithoutWorkingNyumbaPitsOfTwoOrMore) {
  EXPECT_EQ(legal("S 0,1,0,0,3,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 "
                  "house=A5"),
            (Moves{"A5L", "A5R", "A7L", "A7R"}));
}

// Rule 3: only singles (A2=1, nyumba A5=1): any of them, the nyumba included.
// clause: ap.kunamua.kutakata-start-order
TEST(ApZanzibarKunamua, OnlySinglesAnyOccupiedPit) {
  EXPECT_EQ(legal("S 0,1,0,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 "
                  "house=A5"),
            (Moves{"A2L", "A2R", "A5L", "A5R"}));
}

// Nyumba A5=5 and A2=1, no capture. Judged before the reserve seed, the
// nyumba is not working and is the only 2+ pit: it must start (judged after,
// 6 would make it working and leave only A2). A5R: place 5->6, lift all 6
// (house status lost): A6, A7, A8, B8, B7, B6 -> stop.
// clause: ap.kunamua.eligibility-before-placement
TEST(ApZanzibarKunamua, NyumbaOfFiveMayStartAndSowsSix) {
  const std::string pos =
      "S 0,1,0,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(after(pos, "A5R"), "N 0,1,0,0,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// A4=2, hand 2: place A4 2->3 and lift the whole pit, either way.
// A4R: A5, A6, A7 -> stop. A4L: A3, A2, A1 -> stop. One seed left in hand.
// clause: ap.kunamua.kutakata-sow
TEST(ApZanzibarKunamua, PlacedPitIsLiftedWholeEitherWay) {
  const std::string pos =
      "S 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=2,0";
  EXPECT_EQ(legal(pos), (Moves{"A4L", "A4R"}));
  Played r = play_traced(pos, "A4R");
  EXPECT_EQ(r.bpn, "N 0,0,0,0,1,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Lift, "A4"), "ap.kunamua.kutakata-sow");
  EXPECT_EQ(r.trace.events().at(1).count, 3);
  EXPECT_EQ(after(pos, "A4L"),
            "N 1,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0");
}

// No two-seed start (taxation) from the nyumba. At the start the working
// nyumba A5=6 holds more than 2, yet the moves are only A6/A7 (none with
// `t`). With the working nyumba alone and no capture there is no move at all;
// a two-seed start from it (A5Lt, A5Rt) is refused.
// clause: ap.kunamua.no-two-seed-start
TEST(ApZanzibarKunamua, NoTwoSeedStartFromTheNyumba) {
  EXPECT_EQ(legal(std::string(zanzibar().start_bpn)), (Moves{"A6L", "A6R", "A7L", "A7R"}));
  const std::string sole =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(sole), Moves{});
  EXPECT_EQ(after(sole, "A5Lt").rfind("illegal", 0), 0u);
  EXPECT_EQ(after(sole, "A5Rt").rfind("illegal", 0), 0u);
  EXPECT_EQ(after(std::string(zanzibar().start_bpn), "A5Rt").rfind("illegal", 0), 0u);
}

// ===========================================================================
// Nyumba

// A5=6, A2=1, no capture. With house status A5 works (6 >= 6): rule 1, only
// A2 may start. The same 6 seeds without house status make an ordinary pit:
// rule 2, the only 2+ pit A5 must start.
// clause: ap.nyumba.working
TEST(ApZanzibarNyumba, WorkingNeedsStatusAndSixSeeds) {
  EXPECT_EQ(legal("S 0,1,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 "
                  "house=A5"),
            (Moves{"A2L", "A2R"}));
  EXPECT_EQ(legal("S 0,1,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0"),
            (Moves{"A5L", "A5R"}));
}

// The working nyumba A5=6 is the only occupied front pit and a4 is empty (no
// capture): no kutakata may start there, so South has no move and loses.
// clause: ap.nyumba.no-kutakata-start
TEST(ApZanzibarNyumba, SoleWorkingNyumbaGivesNoMove) {
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), Moves{});
  EXPECT_EQ(status_of(pos), "win N no-move");
}

// Kunamua kutakata, working nyumba A5=6, A1=1, A3=1 (rule 1: A1, A3).
// A1R: place A1 1->2, lift 2: A2 0->1, A3 1->2 relay: A4 0->1, A5 6->7: the
// relay ended in the working nyumba -> the turn stops there.
// clause: ap.nyumba.kutakata-stops
TEST(ApZanzibarNyumba, KutakataRelayStopsInWorkingNyumba) {
  const std::string pos =
      "S 1,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A1L", "A1R", "A3L", "A3R"}));
  Played r = play_traced(pos, "A1R");
  EXPECT_EQ(r.bpn, "N 0,1,0,1,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(stop_clause(r.trace), "A5 ap.nyumba.kutakata-stops");
}

// Kunamua capture: A3=1 faces a6=5; nyumba A5=5 faces the empty a4.
// A3R: place A3 1->2, capture 5, choose R: A1 0->1, A2 0->1, A3 2->3,
// A4 0->1, A5 5->6: no capture (a4 empty), the nyumba works -> question:
// without `+` stop there; with `+` (safari) lift A5 (6, status lost): A6, A7,
// A8, B8, B7, B6 -> stop. A3L enters at A8: A8, A7, A6, A5 5->6, A4 0->1
// -> stop (ends in A4, no question).
// clause: ap.nyumba.safari-question
TEST(ApZanzibarNyumba, CapturingTurnEndingInNyumbaMayStopOrSafari) {
  const std::string pos =
      "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,5,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R", "A3R+"}));
  Played stop = play_traced(pos, "A3R");
  EXPECT_EQ(stop.bpn, "N 1,1,3,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(stop_clause(stop.trace), "A5 ap.nyumba.safari-question");
  Played safari = play_traced(pos, "A3R+");
  EXPECT_EQ(safari.bpn, "N 1,1,3,1,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(events(safari.trace, EventKind::Safari),
            (std::vector<std::string>{"A5 6 ap.nyumba.safari-question"}));
  EXPECT_EQ(after(pos, "A3L"),
            "N 0,0,2,1,6,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
}

// As above with a4=1 facing the nyumba (A5 is now a capture pit too).
// A3R: ... A5 5->6 faces a4=1: the capture takes precedence, no question:
// capture a4 (1), pit 5, not the first capture: keep R, enter A1 1->2 (a8
// empty) relay A1 (2): A2 1->2, A3 3->4 (a6 now empty) relay A3 (4):
// A4 1->2, A5 6->7, A6 0->1, A7 0->1 -> stop. A5 keeps its status.
// A5R / A5L: place A5 5->6, capture a4 (1): A1 (resp. A8) -> stop.
// clause: ap.nyumba.capture-precedence
TEST(ApZanzibarNyumba, CaptureAtTheNyumbaTakesPrecedence) {
  const std::string pos =
      "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,1,0,5,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 0,2,0,2,7,1,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(count_of(r.trace, EventKind::HouseQuestion), 0);
  EXPECT_EQ(clause_at(r.trace, EventKind::Capture, "a4"), "ap.nyumba.capture-precedence");
}

// North's nyumba a5=6 is captured from A4 (A4=1 faces it): it loses status.
// A4R: place A4 1->2, capture 6: A1, A2, A3, A4 2->3, A5, A6 -> stop.
// clause: ap.nyumba.status-lost
TEST(ApZanzibarNyumba, CapturedNyumbaLosesStatus) {
  const std::string pos =
      "S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=a5";
  Played r = play_traced(pos, "A4R");
  EXPECT_EQ(r.bpn, "N 1,1,1,3,1,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "a5"), "ap.nyumba.status-lost");
}

// Mtaji phase, nyumba A5=3 and A2=1; no capture (A5R ends in the empty A8,
// A5L: A4, A3, A2 1->2 facing the empty a7). A5R: lift 3: A6, A7, A8 -> stop;
// the nyumba was lifted and sown: status gone.
// clause: ap.nyumba.status-lost
TEST(ApZanzibarNyumba, SownNyumbaLosesStatus) {
  const std::string pos =
      "S 0,1,0,0,3,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(after(pos, "A5R"), "N 0,1,0,0,0,1,1,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// Mtaji phase, A3=2, nyumba A5=6; no capture start (A3R ends in A5 facing the
// empty a4; A5 sows 6 into the back row either way). Kutakata from A3 or A5.
// A3R: A4 0->1, A5 6->7: an ordinary pit now, no stop: relay 7 (status
// lost): A6, A7, A8, B8, B7, B6, B5 -> stop.
// clause: ap.nyumba.mtaji-ordinary
TEST(ApZanzibarNyumba, MtajiRelayGoesThroughTheNyumba) {
  const std::string pos =
      "S 0,0,2,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R", "A5L", "A5R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 0,0,0,1,0,1,1,1/0,0,0,0,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// Mtaji phase: a working nyumba that is the only front pit may start (in the
// kunamua phase this position has no move). A5R: A6..B6 -> stop.
// clause: ap.nyumba.mtaji-ordinary
TEST(ApZanzibarNyumba, MtajiNyumbaMayStartAKutakata) {
  const std::string pos =
      "S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(after(pos, "A5R"), "N 0,0,0,0,0,1,1,1/0,0,0,0,0,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// Mtaji capture ending in the nyumba: A2=2, A4=1, A5=6 (house); a5=5 faces
// A4. Only capture: A2R: A3 0->1, A4 1->2: capture 5, keep R: A1, A2, A3 1->2,
// A4 2->3, A5 6->7; a4 empty: no capture, and no question in the mtaji phase
// (so no A2R+): relay 7: A6, A7, A8, B8, B7, B6, B5 -> stop.
// clause: ap.nyumba.mtaji-ordinary
TEST(ApZanzibarNyumba, MtajiCaptureEndingInNyumbaAsksNothing) {
  const std::string pos =
      "S 0,2,0,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A2R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 1,1,2,3,0,1,1,1/0,0,0,0,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::HouseQuestion), 0);
}

// ===========================================================================
// Mtaji phase

// A3=1, A6=2: no capture (A6R ends in the empty A8, A6L in the empty A4); the
// single never starts. A6L: A5, A4 -> stop. With only singles (front and
// back) there is no move at all.
// clause: ap.mtaji.start
TEST(ApZanzibarMtaji, StartsFromTwoOrMoreOnly) {
  const std::string pos = "S 0,0,1,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A6L", "A6R"}));
  EXPECT_EQ(after(pos, "A6L"), "N 0,0,1,1,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  const std::string singles = "S 0,1,0,1,0,1,0,0/0,0,1,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(singles), Moves{});
  EXPECT_EQ(status_of(singles), "win N no-move");
}

// A capture may start in the back row: A1=1, A4=2, B2=2; a8=2 faces A1.
// B2R: B1 0->1, A1 1->2 facing a8: capture 2 at the kichwa: enter A1 2->3,
// A2 0->1 -> stop. A4 (either way) and B2L end in empty pits: B2R is the
// only (compulsory) move.
// clause: ap.mtaji.capture-start
TEST(ApZanzibarMtaji, CaptureMayStartInTheBackRow) {
  const std::string pos = "S 1,0,0,2,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"B2R"}));
  EXPECT_EQ(after(pos, "B2R"), "N 3,1,0,2,0,0,0,0/1,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// 15 seeds still start a capture: A2=1, A3=15; a7=1 faces A2. A3R: A4..A8,
// B8..B1 (13), A1 (14), A2 1->2 (15): capture a7 (1) at the kimbi: enter A1
// 1->2 (a8 empty) relay A1 (2): A2 2->3, A3 0->1 -> stop. A3L ends in the
// empty A4 (A2, A1, B1..B8, A8..A4).
// clause: ap.mtaji.capture-start
TEST(ApZanzibarMtaji, FifteenSeedsMayStartACapture) {
  const std::string pos = "S 0,1,15,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 0,3,1,1,1,1,1,1/1,1,1,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// A3=17, a5=1 faces A4. A3R: A4..A8 (5), B8..B1 (13), A1, A2, A3 (16), A4
// again (17): A4 = 2 facing a5=1 -- but 17 > 15, so no capture start: the
// turn is kutakata and relays: A4 (2): A5 1->2, A6 1->2; A6: A7, A8 -> 2;
// A8: B8, B7 -> 2; B7: B6, B5; B5: B4, B3; B3: B2, B1; B1: A1, A2 -> 2;
// A2 (2): A3 1->2, A4 0->1 -> stop. A3L is a kutakata as well.
// clause: ap.mtaji.sixteen-kutakata
TEST(ApZanzibarMtaji, SeventeenSeedsStartOnlyAKutakata) {
  const std::string pos = "S 0,0,17,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 2,0,2,1,2,0,2,0/0,2,0,2,0,2,0,2 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 0);
}

// No capture anywhere (A3 sows into the empty A5/A1, B4 stays in the back).
// A3=2, B4=3: the front pit must start. A3=1, B4=3: no front pit holds 2, so
// the back pit may (B4R: B3, B2, B1; B4L: B5, B6, B7). A3=2 blocked: no
// UNBLOCKED front pit holds 2, so again the back pit.
// clause: ap.mtaji.front-row-first
TEST(ApZanzibarMtaji, KutakataStartsInTheFrontRowWhenItCan) {
  EXPECT_EQ(legal("S 0,0,2,0,0,0,0,0/0,0,0,3,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            (Moves{"A3L", "A3R"}));
  EXPECT_EQ(legal("S 0,0,1,0,0,0,0,0/0,0,0,3,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            (Moves{"B4L", "B4R"}));
  EXPECT_EQ(legal("S 0,0,2,0,0,0,0,0/0,0,0,3,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A3"),
            (Moves{"B4L", "B4R"}));
}

// A8=2 is the only occupied front pit (a5=1 faces the empty A4; no capture):
// it must sow toward the centre (A8L: A7, A6). A8R (B8, B7, ending in an
// empty pit) would be legal but for this rule. Likewise A1=3 alone: only A1R.
// With A4=1 also occupied, A1 may go either way (A1L: B1, B2, B3 -> stop).
// clause: ap.mtaji.sole-kichwa
TEST(ApZanzibarMtaji, SoleKichwaSowsTowardTheCentre) {
  EXPECT_EQ(legal("S 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0"),
            (Moves{"A8L"}));
  EXPECT_EQ(legal("S 3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0"),
            (Moves{"A1R"}));
  EXPECT_EQ(legal("S 3,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0"),
            (Moves{"A1L", "A1R"}));
}

// A8=2 alone in the front row, B7=1. A8R: B8 0->1, B7 1->2: the relay would
// lift a back pit while the front row is empty -> illegal (the sole-kichwa
// rule forbids A8R as well). Only A8L.
// NOTE: in a mtaji kutakata the front row can only be empty at a back-row
// pickup after this very start (each lift of a front pit drops the next seed
// into the front row, except A8 going R / A1 going L, and reaching those
// needs a seed in A7 / A2 first), so this clause never acts alone.
// clause: ap.mtaji.back-row-relay-empty-front
TEST(ApZanzibarMtaji, BackRowRelayWithEmptyFrontIsIllegal) {
  const std::string pos = "S 0,0,0,0,0,0,0,2/0,0,0,0,0,0,1,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A8L"}));
  EXPECT_EQ(after(pos, "A8R").rfind("illegal", 0), 0u);
}

// Merely lifting the last front seeds is fine: A7=2 alone, B8=1. A7R: lift
// (front row now empty), A8 0->1, B8 1->2: relay from the back row while A8
// holds a seed -> legal: B7, B6 -> stop.
// clause: ap.mtaji.back-row-relay-empty-front
TEST(ApZanzibarMtaji, BackRowRelayAfterRefillingTheFrontIsLegal) {
  const std::string pos = "S 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,1 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A7L", "A7R"}));
  EXPECT_EQ(after(pos, "A7R"), "N 0,0,0,0,0,0,0,1/0,0,0,0,0,1,1,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0");
}

// ===========================================================================
// Kutakatia (blocking)

// The blocking position: A2=2, A6=2; North a5=1 (faces A4), a8=1 (faces A1).
// No capture now (A2R ends in the empty A4, A2L in B1, A6R in the empty A8,
// A6L in the empty A4). A2R: A3, A4 -> stop. Were South to move again: A6L:
// A5 0->1, A4 1->2 facing a5 -- the only capture start. a5 is not a house,
// not North's only occupied front pit (a8) and holds 1: blocked.
// clause: ap.kutakatia.set
TEST(ApZanzibarKutakatia, KutakataSetsABlockOnTheOnlyTarget) {
  const std::string pos = "S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R", "A6L", "A6R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,0 block=a5");
  EXPECT_EQ(events(r.trace, EventKind::BlockSet),
            (std::vector<std::string>{"a5 1 ap.kutakatia.set"}));
}

// The blocking position with a5 a nyumba and a8=2 (so a5 is never North's
// only 2+ pit). a5=6 with house status: exempt. a5=5 with status: blocked.
// a5=6 without status: blocked.
// clause: ap.kutakatia.exempt-house
TEST(ApZanzibarKutakatia, WorkingNyumbaIsNeverBlocked) {
  Played house6 = play_traced(
      "S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0 house=a5", "A2R");
  EXPECT_EQ(house6.bpn,
            "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0 house=a5");
  EXPECT_EQ(clause_at(house6.trace, EventKind::BlockExempt, "a5"), "ap.kutakatia.exempt-house");
  EXPECT_EQ(
      after("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,5,0,0,2/0,0,0,0,0,0,0,0 house=a5", "A2R"),
      "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,5,0,0,2/0,0,0,0,0,0,0,0 house=a5 block=a5");
  EXPECT_EQ(after("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0", "A2R"),
            "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0 block=a5");
}

// The blocking position with a5=1 as North's only occupied front pit: exempt.
// clause: ap.kutakatia.exempt-only-occupied
TEST(ApZanzibarKutakatia, OnlyOccupiedFrontPitIsNeverBlocked) {
  Played r =
      play_traced("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0", "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::BlockExempt, "a5"), "ap.kutakatia.exempt-only-occupied");
}

// The blocking position with a5=2: with a8=1 it is North's only 2+ front pit:
// exempt. With a8=2 it is not: blocked. With a5=1, a8=2 the target holds
// fewer than 2: blocked.
// clause: ap.kutakatia.exempt-only-multi
TEST(ApZanzibarKutakatia, OnlyMultiSeedFrontPitIsNeverBlocked) {
  Played r =
      play_traced("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,2,0,0,1/0,0,0,0,0,0,0,0", "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,2,0,0,1/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::BlockExempt, "a5"), "ap.kutakatia.exempt-only-multi");
  EXPECT_EQ(after("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,2,0,0,2/0,0,0,0,0,0,0,0", "A2R"),
            "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,2,0,0,2/0,0,0,0,0,0,0,0 block=a5");
  EXPECT_EQ(after("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,2/0,0,0,0,0,0,0,0", "A2R"),
            "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,2/0,0,0,0,0,0,0,0 block=a5");
}

// A3=2 (blocked by North), A6=2, no capture: the kutakata may not start at A3.
// clause: ap.kutakatia.no-start
TEST(ApZanzibarKutakatia, BlockedPitCannotStartAKutakata) {
  const std::string pos =
      "S 0,0,2,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A3";
  EXPECT_EQ(legal(pos), (Moves{"A6L", "A6R"}));
  EXPECT_EQ(after(pos, "A3R").rfind("illegal", 0), 0u);
  EXPECT_EQ(legal("S 0,0,2,0,0,2,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            (Moves{"A3L", "A3R", "A6L", "A6R"}));
}

// A2=2, A4=1 blocked; a5 empty: no capture. A2R: A3 0->1, A4 1->2 -- the
// blocked pit: the kutakata stops there (no relay); the block stays.
// clause: ap.kutakatia.stop
TEST(ApZanzibarKutakatia, KutakataEndingInBlockedPitStops) {
  const std::string pos =
      "S 0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A4";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,2,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A4");
  EXPECT_EQ(stop_clause(r.trace), "A4 ap.kutakatia.stop");
}

// A5=2 with house status (not working), A7=1 blocked; a2 empty: no capture.
// A5R: lift the nyumba: A6 0->1, A7 1->2 -- blocked, but this sowing began by
// lifting the nyumba: relay A7 (2), which clears the block: A8, B8 -> stop.
// Without the house status A5R stops in A7 and the block stays.
// clause: ap.kutakatia.house-relay-exception
TEST(ApZanzibarKutakatia, SowingFromTheNyumbaRelaysFromTheBlockedPit) {
  const std::string house =
      "S 0,0,0,0,2,0,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5 block=A7";
  EXPECT_EQ(legal(house), (Moves{"A5L", "A5R"}));
  Played r = play_traced(house, "A5R");
  EXPECT_EQ(r.bpn, "N 0,0,0,0,0,1,0,1/0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Relay, "A7"), "ap.kutakatia.house-relay-exception");
  EXPECT_EQ(
      after("S 0,0,0,0,2,0,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A7", "A5R"),
      "N 0,0,0,0,0,1,2,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A7");
}

// The same when the nyumba is picked up by a relay: A3=2, A5=1 (house), A7=1
// blocked; a4, a2 empty. A3R: A4 0->1, A5 1->2: relay (mtaji: ordinary) --
// this sowing begins by picking up the nyumba: A6 0->1, A7 1->2: relay from
// the blocked pit, block cleared: A8, B8 -> stop.
// clause: ap.kutakatia.house-relay-exception
TEST(ApZanzibarKutakatia, RelayFromTheNyumbaRelaysFromTheBlockedPit) {
  const std::string pos =
      "S 0,0,2,0,1,0,1,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5 block=A7";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 0,0,0,1,0,1,0,1/0,0,0,0,0,0,0,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// A3=2 blocked, A5=1; a4=1 faces A5. The capture from the blocked pit is
// allowed: A3R: A4 0->1, A5 1->2: capture a4 (1), keep R: A1 -> stop. The
// blocked pit was lifted and sown: block gone.
// clause: ap.kutakatia.capture-allowed
TEST(ApZanzibarKutakatia, CaptureMayStartFromTheBlockedPit) {
  const std::string pos =
      "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 block=A3";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 1,0,0,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// A capturing turn relays from the blocked pit: A2=1 blocked, A3=2, A5=1;
// a4=2 faces A5. A3R: A4 0->1, A5 1->2: capture 2, keep R: A1 0->1,
// A2 1->2 (a7 empty; blocked, but the turn captures) relay A2 (2): A3 0->1,
// A4 1->2 (a5 empty) relay A4 (2): A5 2->3, A6 0->1 -> stop.
// clause: ap.kutakatia.capture-allowed
TEST(ApZanzibarKutakatia, CapturingTurnRelaysFromTheBlockedPit) {
  const std::string pos =
      "S 0,1,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 block=A2";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  EXPECT_EQ(after(pos, "A3R"), "N 1,0,1,0,3,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// South blocked a5. Captures: A2R (A3, A4 1->2) and A6L (A5, A4 1->2) take
// a5; A6R (A7, A8 1->2) takes a1 and then: enter A8 2->3, relay L: A7 1->2,
// A6 0->1, A5 0->1 -> stop, never taking a5. Only the two that take a5 are
// legal. A2R: capture a5 (1), keep R: A1 -> stop; the block is gone.
// clause: ap.kutakatia.creator-must-clear
TEST(ApZanzibarKutakatia, CreatorMustCaptureTheBlockedPit) {
  const std::string pos =
      "S 0,2,0,1,0,2,0,1/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 block=a5";
  EXPECT_EQ(legal(pos), (Moves{"A2R", "A6L"}));
  EXPECT_EQ(after(pos, "A6R").rfind("illegal", 0), 0u);
}

// The blocked pit captured: A2R above takes a5 and the block disappears.
// clause: ap.kutakatia.clear
TEST(ApZanzibarKutakatia, BlockEndsWhenTheBlockedPitIsCaptured) {
  Played r = play_traced(
      "S 0,2,0,1,0,2,0,1/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 block=a5", "A2R");
  EXPECT_EQ(r.bpn, "N 1,0,1,2,0,2,0,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::BlockCleared, "a5"), "ap.kutakatia.clear");
}

// The pit facing the blocked pit captured: A5=1 blocked (by North), A3=2;
// a4=1 faces A5. A3R: A4 0->1, A5 1->2: capture a4 -- the pit opposite the
// blocked A5: block gone (A5 itself is not lifted). Enter A1 -> stop.
// clause: ap.kutakatia.clear
TEST(ApZanzibarKutakatia, BlockEndsWhenTheFacingPitIsCaptured) {
  Played r = play_traced(
      "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 block=A5", "A3R");
  EXPECT_EQ(r.bpn, "N 1,0,0,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::BlockCleared, "A5"), "ap.kutakatia.clear");
}

// The blocked pit lifted and sown: North to move, a3=2 blocked (by South),
// a5=1; A4=1 faces a5, A8=1. a3R: a4 0->1, a5 1->2: capture A4 (1), keep R:
// enter a1 -> stop. a3 was lifted and sown: block gone.
// clause: ap.kutakatia.clear
TEST(ApZanzibarKutakatia, BlockEndsWhenTheBlockedPitIsSown) {
  const std::string pos =
      "N 0,0,0,1,0,0,0,1/0,0,0,0,0,0,0,0 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 block=a3";
  EXPECT_EQ(legal(pos), (Moves{"a3R"}));
  EXPECT_EQ(after(pos, "a3R"), "S 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 1,0,0,1,2,0,0,0/0,0,0,0,0,0,0,0");
}

// ===========================================================================
// End of the game

// Status of given positions. South to move with an empty front row: North
// has won. North to move with an empty front row: South has won. South to
// move, North (who just moved) with an empty front: South has won.
// clause: ap.win.front-empty
TEST(ApZanzibarWin, EmptyFrontRowLoses) {
  EXPECT_EQ(status_of("S 0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            "win N front-empty");
  EXPECT_EQ(status_of("N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0"),
            "win S front-empty");
  EXPECT_EQ(status_of("S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,2,0,0,0,0,0"),
            "win S front-empty");
  EXPECT_EQ(legal("S 0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"), Moves{});
}

// A3=2, A5=1; North's only front seed a4=1 (b1=2 behind). A3R: A4, A5 1->2:
// capture a4, keep R: A1 -> stop. North's front row is empty: South wins.
// clause: ap.win.front-empty
TEST(ApZanzibarWin, CapturingTheLastFrontSeedWins) {
  const std::string pos = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/2,0,0,0,0,0,0,0";
  const std::string next = after(pos, "A3R");
  EXPECT_EQ(next, "N 1,0,0,1,2,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0");
  EXPECT_EQ(status_of(next), "win S front-empty");
  EXPECT_EQ(legal(next), Moves{});
}

// North's front row empties in mid-move and the move goes on: A1=1, A2=1,
// A3=2, A5=1; a4=2 is North's only front pit. A3R: A4 0->1, A5 1->2:
// capture a4 (2) -- North's front is empty now -- keep R: A1 1->2, A2 1->2
// (a7 empty) relay A2 (2): A3 0->1, A4 1->2 (a5 empty) relay A4 (2):
// A5 2->3, A6 0->1 -> stop. Then South wins.
// clause: ap.win.end-of-turn-check
TEST(ApZanzibarWin, EmptiedFrontRowDoesNotStopTheMove) {
  const std::string pos = "S 1,1,2,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,2,0,0,0,0/2,0,0,0,0,0,0,0";
  EXPECT_EQ(legal(pos), (Moves{"A3R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 2,0,1,0,3,1,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 2);
  EXPECT_EQ(status_of(r.bpn), "win S front-empty");
}

// No legal move at the start of the turn loses: South in the mtaji phase with
// singles only; North to move with singles only (a2, a4, b3).
// clause: ap.win.no-move
TEST(ApZanzibarWin, NoLegalMoveLoses) {
  EXPECT_EQ(status_of("S 0,1,0,1,0,1,0,0/0,0,1,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            "win N no-move");
  EXPECT_EQ(status_of("N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,1,0,0,0,0/0,0,1,0,0,0,0,0"),
            "win S no-move");
  EXPECT_EQ(status_of("S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 "
                      "hand=1,0 house=A5"),
            "win N no-move");
  EXPECT_EQ(status_of("S 0,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"),
            "ongoing");
}

// ===========================================================================
// Infinite moves

// A relay cycle of 17-seed sowings. Circuit pits (A1..A8 = 0..7, B8..B1 =
// 8..15): pit 4 (A5) holds 17 and pit 4+k holds 16-k (k = 1..15). A sowing
// of 17 from pit p gives every pit 1, pit p itself 1 (the 16th seed) and pit
// p+1 a second seed (the 17th, the last). So the pit lifted k-th after A5
// holds (16-k) + (k-1) + 2 = 17 when the sowing lands in it: every relay
// lifts 17 seeds, forever. No capture start exists: from pit 4+k with 16-k
// seeds, R ends in pit 4 (A5) and L in pit 4+2k (even pits), while North's
// only seed a1 faces A8 (pit 7, odd). After sowing n the count is 17n: the
// pickups after sowings 1..11 see at most 187, the pickup in A1 after the
// 12th sowing (relays from A6..B1 are sowings 2..12) sees 204 > 192: the
// move is infinite and South loses.
// clause: ap.cutoff.seeds-sown
TEST(ApZanzibarCutoff, EndlessRelayIsInfinite) {
  const std::string pos =
      "S 4,3,2,1,17,15,14,13/5,6,7,8,9,10,11,12 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  Played r = play_traced(pos, "A5R");
  EXPECT_NE(r.bpn.find(" result=N:infinite"), std::string::npos) << r.bpn;
  EXPECT_EQ(status_of(r.bpn), "win N infinite");
  EXPECT_EQ(count_of(r.trace, EventKind::Relay), 11);
  EXPECT_EQ(stop_clause(r.trace), "A1 ap.cutoff.seeds-sown");
}

// The same cycle with A1 blocked (by North): the 12th sowing lands in A1
// with 204 seeds sown, but a kutakata ending in a blocked pit stops, and
// stops come before the cutoff check: not infinite. After the 12 sowings
// (from pits 4..15) a lifted pit i holds 1 + (15 - i) and pits 0..3 hold
// their start + 12 (pit 0 +1 more from the sowing out of pit 15): A1..A8 =
// 17,15,14,13,12,11,10,9 and B1..B8 = 1..8 (137 seeds). No capture start
// follows (R ends in A1 facing the empty a8, L in even pits), so no block.
// clause: ap.cutoff.seeds-sown
TEST(ApZanzibarCutoff, StopBeforeTheCheckIsNotInfinite) {
  Played r = play_traced(
      "S 4,3,2,1,17,15,14,13/5,6,7,8,9,10,11,12 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A1", "A5R");
  EXPECT_EQ(r.bpn,
            "N 17,15,14,13,12,11,10,9/1,2,3,4,5,6,7,8 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 block=A1");
  EXPECT_EQ(stop_clause(r.trace), "A1 ap.kutakatia.stop");
}

// The count must EXCEED 192. A3=2, A5=1, a4=X faces A5. A3R: A4, A5 1->2:
// capture X, keep R, enter A1. X=191: 11 laps (176) + 15 seeds: pits 0..14
// get 12, the last in pit 14 (B2, 0->12): a relay pickup with 2+191 = 193
// sown -> infinite at once. X=190: last in pit 13 (B3, 12) with 192 sown:
// not more than 192 -> relay B3 (12): B2, B1, A1..A8, B8, B7 (13): 204 sown
// -> infinite there.
// clause: ap.cutoff.seeds-sown
TEST(ApZanzibarCutoff, CountMustExceed192) {
  Played over =
      play_traced("S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,191,0,0,0,0/0,0,0,0,0,0,0,0", "A3R");
  EXPECT_NE(over.bpn.find(" result=N:infinite"), std::string::npos) << over.bpn;
  EXPECT_EQ(count_of(over.trace, EventKind::Relay), 0);
  EXPECT_EQ(stop_clause(over.trace), "B2 ap.cutoff.seeds-sown");
  Played at =
      play_traced("S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,190,0,0,0,0/0,0,0,0,0,0,0,0", "A3R");
  EXPECT_NE(at.bpn.find(" result=N:infinite"), std::string::npos) << at.bpn;
  EXPECT_EQ(events(at.trace, EventKind::Relay), (std::vector<std::string>{"B3 12 ap.sow.relay"}));
  EXPECT_EQ(stop_clause(at.trace), "B7 ap.cutoff.seeds-sown");
}

// Captured seeds sown count, and the safari lift is a checked pickup.
// Kunamua: A4=1 faces a5=197, the nyumba A5=6 faces the empty a4. A4R: place
// A4 1->2, capture 197, enter A1: 12 laps (192) + 5: pits 0..4 get 13, the
// rest 12; last seed in A5 (6->19), no capture: the question. 197 sown.
// Stop (A4R): a finished move, not infinite (the stop comes before any
// check): A1..A3 = 13, A4 = 15, A5 = 19, A6..A8 = 12, back row 12.
// Safari (A4R+): the lift of A5 is a pickup with 197 > 192 sown: infinite,
// before any seed of the safari is sown.
// clause: ap.interp.cutoff-counts-every-sowing
TEST(ApZanzibarCutoff, CapturedSeedsCountAndSafariIsChecked) {
  const std::string pos =
      "S 0,0,0,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,197,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(after(pos, "A4R"),
            "N 13,13,13,15,19,12,12,12/12,12,12,12,12,12,12,12 1,0,0,0,0,0,0,0/"
            "0,0,0,0,0,0,0,0 house=A5");
  Played safari = play_traced(pos, "A4R+");
  EXPECT_NE(safari.bpn.find(" result=N:infinite"), std::string::npos) << safari.bpn;
  EXPECT_EQ(count_of(safari.trace, EventKind::Safari), 0);
  EXPECT_EQ(stop_clause(safari.trace), "A5 ap.cutoff.seeds-sown");
}

// The X=191 capture above: without the 191 captured seeds only 2 would have
// been sown at the B2 pickup; the cutoff there shows they count.
// clause: ap.interp.cutoff-counts-every-sowing
TEST(ApZanzibarCutoff, CapturedSeedsCountTowardTheCutoff) {
  Played r =
      play_traced("S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 1,0,0,191,0,0,0,0/0,0,0,0,0,0,0,0", "A3R");
  EXPECT_EQ(stop_clause(r.trace), "B2 ap.cutoff.seeds-sown");
}

// The interpretation decides a pickup that is both a back-row pickup with an
// empty front row and past the cutoff. Such a pickup cannot occur in
// ap-zanzibar (see BackRowRelayWithEmptyFront...: the front row is only
// empty at a back pickup after a sole kichwa sows into the back row, which
// ap.mtaji.sole-kichwa forbids). What is observable: the illegal back-row
// relay makes the move illegal (no position, no infinite result), even when
// the sole kichwa holds enough seeds for a long move.
// clause: ap.interp.illegal-before-cutoff
TEST(ApZanzibarCutoff, IllegalBackRelayIsNotAnInfiniteMove) {
  const std::string pos = "S 0,0,0,0,0,0,0,2/0,0,0,0,0,0,1,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  const std::string r = after(pos, "A8R");
  EXPECT_EQ(r.rfind("illegal", 0), 0u) << r;
  EXPECT_EQ(r.find("infinite"), std::string::npos) << r;
}

// ===========================================================================
// Interpretations

// Kunamua kutakata, nyumba A5=5 and A2=2 (rule 2: A2, A5). A2R: place A2
// 2->3, lift 3: A3, A4, A5 5->6: judged after the landing the nyumba works
// (6) -> the kutakata stops there (judged before, 5, it would relay 6).
// clause: ap.interp.working-after-landing
TEST(ApZanzibarInterp, NyumbaWorkingJudgedAfterTheLanding) {
  const std::string pos =
      "S 0,2,0,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R", "A5L", "A5R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,1,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(stop_clause(r.trace), "A5 ap.nyumba.kutakata-stops");
}

// The capturing version: in CapturingTurnEndingInNyumbaMayStopOrSafari the
// nyumba held 5 and the last captured seed made 6: the question arose.
// clause: ap.interp.working-after-landing
TEST(ApZanzibarInterp, QuestionArisesWhenTheLandingMakesSix) {
  Played r = play_traced(
      "S 0,0,1,0,5,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,5,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5", "A3R");
  EXPECT_EQ(events(r.trace, EventKind::HouseQuestion),
            (std::vector<std::string>{"A5 6 ap.nyumba.safari-question"}));
}

// Kunamua kutakata, working nyumba A5=6, A3=1 (rule 1: A3). A3R: place A3
// 1->2, lift 2: A4, A5 6->7 -- the FIRST sowing (not a relay) ends in the
// working nyumba: the turn stops there too.
// clause: ap.interp.house-stop-any-sowing
TEST(ApZanzibarInterp, FirstSowingAlsoStopsInWorkingNyumba) {
  const std::string pos =
      "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A3L", "A3R"}));
  Played r = play_traced(pos, "A3R");
  EXPECT_EQ(r.bpn, "N 0,0,0,1,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  EXPECT_EQ(stop_clause(r.trace), "A5 ap.nyumba.kutakata-stops");
}

// Status is lost at the safari lift, so the question arises once. Kunamua:
// A4=1 faces a5=5, nyumba A5=89. A4R: place A4 1->2, capture 5, enter A1:
// A1, A2, A3 0->1, A4 2->3, A5 89->90: question; `+`: safari lifts 90 (status
// gone): 5 laps (80) + 10: every pit +5, pits A6..B2 +1 more: A1..A3 = 6,
// A4 = 8, A5 = 5, A6..B2 = 6, B1 = 5; last in B2 (6): relay B2 (6): B1 6,
// A1 7, A2 7, A3 7, A4 9, A5 5->6: no capture (a4 empty) and no house any
// more -> relay A5 (6) (101 sown, below the cutoff), no second question.
// Without `+` the move stops in A5.
// clause: ap.interp.status-lost-at-lift
TEST(ApZanzibarInterp, HouseQuestionArisesOncePerTurn) {
  const std::string pos =
      "S 0,0,0,1,89,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,5,0,0,0/0,0,0,0,0,0,0,0 hand=1,0 house=A5";
  EXPECT_EQ(legal(pos), (Moves{"A4L", "A4R", "A4R+"}));
  EXPECT_EQ(after(pos, "A4R"),
            "N 1,1,1,3,90,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5");
  Played r = play_traced(pos, "A4R+");
  EXPECT_EQ(count_of(r.trace, EventKind::HouseQuestion), 1);
  const std::vector<std::string> relays = events(r.trace, EventKind::Relay);
  ASSERT_GE(relays.size(), 2u);
  EXPECT_EQ(relays[0], "B2 6 ap.sow.relay");
  EXPECT_EQ(relays[1], "A5 6 ap.sow.relay");
}

// Kunamua kutakata from the sole kichwa: A8=2, B6=1, hand 1, no capture (a1
// empty). Neither mtaji restriction applies: A8R is legal although it sows
// into the back row: place 2->3: B8, B7, B6 1->2, then relays from the back
// row with the front row empty: B5, B4 -> stop. South's front row is empty
// at the end of its turn: North wins.
// clause: ap.interp.mtaji-restrictions-kutakata-only
TEST(ApZanzibarInterp, KunamuaIgnoresTheMtajiKutakataRestrictions) {
  const std::string pos =
      "S 0,0,0,0,0,0,0,2/0,0,0,0,0,1,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(pos), (Moves{"A8L", "A8R"}));
  const std::string next = after(pos, "A8R");
  EXPECT_EQ(next, "N 0,0,0,0,0,0,0,0/0,0,0,1,1,0,1,1 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(status_of(next), "win N front-empty");
}

// The blocking position played as South's LAST kunamua turn: A2=2, A6=2,
// hand 1; a5=1, a8=1; no capture; rule 2: A2, A6. A2R: place 2->3: A3, A4,
// A5 -> stop. Were South to move again, A6L (A5 1->2, A4 1->2 facing a5)
// would be the only capture: a mtaji-phase kutakata would block a5, this
// kunamua turn does not.
// clause: ap.interp.block-after-mtaji-phase-kutakata
TEST(ApZanzibarInterp, KunamuaTurnNeverBlocks) {
  const std::string pos =
      "S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,0 hand=1,0";
  EXPECT_EQ(legal(pos), (Moves{"A2L", "A2R", "A6L", "A6R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 0,0,1,1,1,2,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::BlockSet), 0);
}

// South's own block on a2 is ignored when looking for the next captures.
// A1=2, A2=5, B8=2; a2=1 (blocked by South, faces A7), a6=1 (faces A3).
// No capture now (A1R ends in the empty A3, A2R in the empty A7, B8L in the
// empty A7, the others in the back row). A2R: A3..A7 -> stop. Next captures:
// A1R (A2 0->1, A3 1->2 facing a6) and B8L (A8 0->1, A7 1->2 facing a2):
// two different pits -> no new block (counting only the captures that would
// clear a2 would leave B8L alone and block a2 again). a2 stays blocked.
// clause: ap.interp.block-hypothetical-captures
TEST(ApZanzibarInterp, NextCapturesIgnoreTheMoversOwnBlock) {
  const std::string pos =
      "S 2,5,0,0,0,0,0,0/0,0,0,0,0,0,0,2 0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 block=a2";
  EXPECT_EQ(legal(pos), (Moves{"A1L", "A1R", "A2L", "A2R"}));
  Played r = play_traced(pos, "A2R");
  EXPECT_EQ(r.bpn, "N 2,0,1,1,1,1,1,0/0,0,0,0,0,0,0,2 0,1,0,0,0,1,0,0/0,0,0,0,0,0,0,0 block=a2");
  EXPECT_EQ(count_of(r.trace, EventKind::BlockSet), 0);
}

// The blocking position with an older block on a2 (set by South, a2=1): A2R
// blocks a5 (the only next capture, A6L), which replaces the block on a2.
// clause: ap.interp.block-one-per-side
TEST(ApZanzibarInterp, NewBlockReplacesTheOldOne) {
  EXPECT_EQ(
      after("S 0,2,0,0,0,2,0,0/0,0,0,0,0,0,0,0 0,1,0,0,1,0,0,1/0,0,0,0,0,0,0,0 block=a2", "A2R"),
      "N 0,0,1,1,0,2,0,0/0,0,0,0,0,0,0,0 0,1,0,0,1,0,0,1/0,0,0,0,0,0,0,0 block=a5");
}

// South blocked a5, but nothing can capture it (A4 is empty): A6R (A7, A8
// 1->2 facing a1) is South's only capture and stays legal. A6R: capture a1
// (1) at the kichwa: enter A8 2->3 (a1 now empty) relay A8 (3) L: A7 1->2,
// A6 0->1, A5 0->1 -> stop. The block on a5 stays (A4 was not captured).
// clause: ap.interp.creator-restriction-unsatisfiable
TEST(ApZanzibarInterp, UnclearableBlockDoesNotRestrict) {
  const std::string pos =
      "S 0,0,0,0,0,2,0,1/0,0,0,0,0,0,0,0 1,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 block=a5";
  EXPECT_EQ(legal(pos), (Moves{"A6R"}));
  EXPECT_EQ(after(pos, "A6R"),
            "N 0,0,0,0,1,1,2,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 block=a5");
}

// Both front rows empty: the player who made the last move (not the one to
// move) wins.
// clause: ap.interp.both-fronts-empty
TEST(ApZanzibarInterp, BothFrontRowsEmptyMoverWins) {
  EXPECT_EQ(status_of("S 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0"),
            "win N front-empty");
  EXPECT_EQ(status_of("N 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0"),
            "win S front-empty");
}

// ===========================================================================
// The catalog: every clause of ap-zanzibar has a `// clause: <id>` line in
// this file, and every such line names a catalogued clause.

TEST(ApZanzibarCatalog, EveryClauseHasATest) {
  const std::set<std::string> ids = testing::clause_markers("tests/ap_zanzibar_clauses_test.cpp");
  ASSERT_FALSE(ids.empty());
  for (ClauseId id : zanzibar().clauses)
    EXPECT_TRUE(ids.count(std::string(clause_name(id)))) << "no test for " << clause_name(id);
  for (const std::string& id : ids)
    EXPECT_NE(find_clause(id), ClauseId::None) << "unknown clause " << id;
}

}  // namespace
}  // namespace bao
