// Per-clause unit tests of Abstract Play's three variants: ap-malawi-setup
// (Malawi, setup only), ap-bawo (Malawi, Bawo rules) and ap-kujifunza (Bao la
// Kujifunza). Source: source `ap`, docs/sources.md, the Variants
// part (from "This is Abstract Play's older Malawi variant"); catalog:
// oracle/rules/abstract_play/variants.def.
//
// Every expected value below was worked out by hand from the rule text and
// the catalog's paraphrases; the hand working is the comment above each test.
// Each test names the variant clause it pins down in a `// clause: <id>` line
// directly above it; ApVariantsCatalog checks that every clause a variant
// adds to the default rules has one. Where a variant and the default rules
// part ways, the test states both answers, so it fails if the variant clause
// were dropped (the default answer would come back) or altered.
//
// Reading the hand working: BPN rows are A1..A8 / B1..B8 (South) and
// a1..a8 / b1..b8 (North), each in its owner's order; A(i) faces a(9-i).
// Direction R runs A1 -> A8 -> B8 -> B1 -> A1 (clockwise for the mover), L
// the reverse; circuit index: A1..A8 = 0..7, B8..B1 = 8..15. "x->y" is a
// pit's count before and after a seed lands. The kuu (nyumba) is pit 5; A5
// faces a4, and North's kuu a5 faces A4.
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

constexpr std::string_view kZanzibar = "ap-zanzibar";
constexpr std::string_view kMalawi = "ap-malawi-setup";
constexpr std::string_view kBawo = "ap-bawo";
constexpr std::string_view kKujifunza = "ap-kujifunza";

using namespace testing;  // rules, position, legal, after, play_traced, status_of, ...

// ===========================================================================
// Malawi (setup only), whose start and threshold the Bawo rules share

// Each side: 8 in the kuu (pit 5), 2 in each of pits 6 and 7, 20 in reserve,
// both kuu with house status, South first: 12 + 20 = 32 seeds a side. The
// Bawo rules begin from the same position; the default rules differ (6 and
// 22), so this fails if the variant fell back to ap.setup.start.
// clause: ap.malawi.setup
TEST(ApVariantsMalawi, StartPosition) {
  const std::string malawi =
      "S 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 hand=20,20 house=A5,a5";
  EXPECT_EQ(to_bpn(start_position(rules(kMalawi))), malawi);
  EXPECT_EQ(to_bpn(start_position(rules(kBawo))), malawi);
  EXPECT_EQ(start_position(rules(kMalawi)).total_seeds(), 64);
  EXPECT_NE(to_bpn(start_position(rules(kZanzibar))), malawi);
}

// At the start A5, A6, A7 face a4, a3, a2, all empty: no capture, so a
// kutakata. Malawi: A5 (8, status) is a working kuu, so any other occupied
// front pit may start (default rule 1): A6, A7 either way. Bawo: step 1, the
// non-kuu front pits of 2+: A6, A7. Same four moves.
// A6L: place A6 2->3, lift 3: A5 8->9, A4 0->1, A3 0->1 -> stop (A3 was
// empty); hand 20 -> 19. A7R: place A7 2->3, lift 3: A8 0->1, B8, B7 -> stop.
// clause: ap.malawi.setup
TEST(ApVariantsMalawi, StartPositionMoves) {
  for (std::string_view id : {kMalawi, kBawo}) {
    const std::string start = to_bpn(start_position(rules(id)));
    EXPECT_EQ(legal(id, start), (Moves{"A6L", "A6R", "A7L", "A7R"})) << id;
    EXPECT_EQ(after(id, start, "A6L"),
              "N 0,0,1,1,9,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 hand=19,20 "
              "house=A5,a5")
        << id;
    EXPECT_EQ(after(id, start, "A7R"),
              "N 0,0,0,0,8,2,0,1/0,0,0,0,0,0,1,1 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 hand=19,20 "
              "house=A5,a5")
        << id;
  }
}

// Kunamua kutakata with the kuu A5 holding X (status) and A8=2; North's only
// seed a8 faces the empty A1, so no capture.
// X=6 or 7: under Malawi the kuu does not work (threshold 8): no default
// rule 1; rule 2, the front pits of 2+ including the non-working kuu: A5 and
// A8 -> A5L A5R A8L A8R. Under Zanzibar X=6 or 7 works: rule 1, only A8.
// X=8 works under both: only A8.
// clause: ap.malawi.kuu-threshold
TEST(ApVariantsMalawi, KuuOfSixOrSevenDoesNotWork) {
  const auto pos = [](int x) {
    return "S 0,0,0,0," + std::to_string(x) +
           ",0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  };
  for (int x : {6, 7}) {
    EXPECT_EQ(legal(kMalawi, pos(x)), (Moves{"A5L", "A5R", "A8L", "A8R"})) << x;
    EXPECT_EQ(legal(kZanzibar, pos(x)), (Moves{"A8L", "A8R"})) << x;
  }
  EXPECT_EQ(legal(kMalawi, pos(8)), (Moves{"A8L", "A8R"}));
  EXPECT_EQ(legal(kZanzibar, pos(8)), (Moves{"A8L", "A8R"}));
}

// The same position, X=6, A8L: place A8 2->3, lift 3: A7 0->1, A6 0->1,
// A5 6->7. Zanzibar: 7 >= 6, a working nyumba ends the kutakata there.
// Malawi: 7 < 8, an ordinary occupied pit: relay A5 (7; the lift takes its
// status): A4, A3, A2, A1, B1, B2, B3 -> stop (B3 was empty).
// X=7, A8L: A5 7->8: working under Malawi (judged after the landing) -> stop.
// clause: ap.malawi.kuu-threshold
TEST(ApVariantsMalawi, KutakataStopsOnlyInAKuuOfEight) {
  const std::string six =
      "S 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  Played z = play_traced(kZanzibar, six, "A8L");
  EXPECT_EQ(z.bpn,
            "N 0,0,0,0,7,1,1,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  EXPECT_EQ(stop_clause(z.trace), "A5 ap.nyumba.kutakata-stops");
  Played m = play_traced(kMalawi, six, "A8L");
  EXPECT_EQ(m.bpn, "N 1,1,1,1,0,1,1,0/1,1,1,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(stop_clause(m.trace), "B3 ap.sow.empty-ends-turn");
  Played m7 = play_traced(
      kMalawi,
      "S 0,0,0,0,7,0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=5,5 house=A5", "A8L");
  EXPECT_EQ(m7.bpn,
            "N 0,0,0,0,8,1,1,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  EXPECT_EQ(stop_clause(m7.trace), "A5 ap.nyumba.kutakata-stops");
}

// Kunamua capture: A3=1 faces a6=5, the kuu A5=X faces the empty a4.
// A3R: place A3 1->2, capture 5, enter A1: A1, A2, A3 2->3, A4, A5 X->X+1.
// X=6: A5 7 after the landing. Zanzibar: working -> the house question (A3R
// stops, A3R+ goes on). Malawi: not working -> no question, relay A5 (7,
// status lost): A6, A7, A8, B8, B7, B6, B5 -> stop: the same board as
// Zanzibar's A3R+, reached by plain A3R, and no A3R+ exists.
// X=7: A5 8 -> the question under Malawi too.
// A3L (either X) enters at A8: A8, A7, A6, A5, A4 -> stop in the empty A4.
// clause: ap.malawi.kuu-threshold
TEST(ApVariantsMalawi, HouseQuestionNeedsEight) {
  const std::string six =
      "S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,5,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kZanzibar, six), (Moves{"A3L", "A3R", "A3R+"}));
  EXPECT_EQ(legal(kMalawi, six), (Moves{"A3L", "A3R"}));
  Played m = play_traced(kMalawi, six, "A3R");
  EXPECT_EQ(m.bpn, "N 1,1,3,1,0,1,1,1/0,0,0,0,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(count_of(m.trace, EventKind::HouseQuestion), 0);
  EXPECT_EQ(clause_at(m.trace, EventKind::Relay, "A5"), "ap.sow.relay");
  const std::string seven =
      "S 0,0,1,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,5,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kMalawi, seven), (Moves{"A3L", "A3R", "A3R+"}));
  EXPECT_EQ(after(kMalawi, seven, "A3R"),
            "N 1,1,3,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// The kuu alone in the front row, kunamua, no capture (a4 empty).
// A5=7: Malawi: not working, the only 2+ pit (default rule 2): A5L A5R;
// A5R: place 7->8, lift 8 (status lost): A6, A7, A8, B8, B7, B6, B5, B4 ->
// stop. Zanzibar: 7 works: no kutakata may start there: no move.
// A5=8: working under Malawi too: no move, North wins.
// clause: ap.malawi.kuu-threshold
TEST(ApVariantsMalawi, SoleKuuOfSevenMayStart) {
  const std::string seven =
      "S 0,0,0,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kMalawi, seven), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(after(kMalawi, seven, "A5R"),
            "N 0,0,0,0,0,1,1,1/0,0,0,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(legal(kZanzibar, seven), Moves{});
  const std::string eight =
      "S 0,0,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kMalawi, eight), Moves{});
  EXPECT_EQ(status_of(kMalawi, eight), "win N no-move");
}

// The threshold also guards against blocks (mtaji phase). South A2=1, A3=2,
// A4=1; North a1=2, the kuu a5=X (status) facing A4, b4=2. No capture now
// (A3R ends in the empty A5, A3L in the empty A1). A3L: A2 1->2, A1 0->1 ->
// stop. South's only next capture is A2R (A3 0->1, A4 1->2 facing a5): every
// capture takes a5 first, so a5 is to be blocked unless exempt. a5 is not
// North's only occupied front pit, nor its only pit of 2+ (a1 holds 2).
// X=8: a kuu of 8 is exempt (Malawi and Zanzibar alike): no block.
// X=7: Malawi: below 8, not exempt: block a5. Zanzibar: 7 >= 6, exempt.
// clause: ap.malawi.kuu-threshold
TEST(ApVariantsMalawi, OnlyAKuuOfEightEscapesABlock) {
  const auto pos = [](int x) {
    return "S 0,1,2,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0," + std::to_string(x) +
           ",0,0,0/0,0,0,2,0,0,0,0 house=a5";
  };
  EXPECT_EQ(legal(kMalawi, pos(8)), (Moves{"A3L", "A3R"}));
  Played r = play_traced(kMalawi, pos(8), "A3L");
  EXPECT_EQ(r.bpn, "N 1,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,8,0,0,0/0,0,0,2,0,0,0,0 house=a5");
  EXPECT_EQ(clause_at(r.trace, EventKind::BlockExempt, "a5"), "ap.kutakatia.exempt-house");
  Played m7 = play_traced(kMalawi, pos(7), "A3L");
  EXPECT_EQ(m7.bpn,
            "N 1,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,7,0,0,0/0,0,0,2,0,0,0,0 house=a5 block=a5");
  EXPECT_EQ(clause_at(m7.trace, EventKind::BlockSet, "a5"), "ap.kutakatia.set");
  EXPECT_EQ(after(kZanzibar, pos(7), "A3L"),
            "N 1,2,0,1,0,0,0,0/0,0,0,0,0,0,0,0 2,0,0,0,7,0,0,0/0,0,0,2,0,0,0,0 house=a5");
}

// ===========================================================================
// Malawi (Bawo rules)

// Kunamua kutakata (no capture: A1, A3, A5 face the empty a8, a6, a4). South
// A1=1, A3=2, the working kuu A5=8. Bawo step 1: a non-kuu front pit of 2+
// exists (A3), so only A3 may start; the single A1 may not, although the kuu
// works. Default rule 1 (Zanzibar, Malawi): any other occupied pit, A1 too.
// A3R: place A3 2->3, lift 3: A4 0->1, A5 8->9, A6 0->1 -> stop (A6 empty).
// clause: ap.bawo.kutakata-start-order
TEST(ApVariantsBawo, StepOneTwoOrMoreBeatsSingles) {
  const std::string pos =
      "S 1,0,2,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A3L", "A3R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A1L", "A1R", "A3L", "A3R"}));
  EXPECT_EQ(legal(kMalawi, pos), (Moves{"A1L", "A1R", "A3L", "A3R"}));
  EXPECT_EQ(after(kBawo, pos, "A3R"),
            "N 1,0,0,1,9,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
}

// Step 2: no non-kuu pit of 2+; the non-kuu singles A1 and A6 may start,
// either way. With the kuu at 8 (working): A1L A1R A6L A6R (Zanzibar's rule 1
// gives the same). A6L: place A6 1->2, lift 2: A5 8->9, A4 0->1 -> stop.
// With the kuu at 5 (status kept, not working): still excluded, so again the
// singles; Zanzibar's rule 2 instead forces the only 2+ pit, the kuu: A5L A5R.
// clause: ap.bawo.kutakata-start-order
TEST(ApVariantsBawo, StepTwoSinglesAndTheKuuStaysOut) {
  const std::string eight =
      "S 1,0,0,0,8,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kBawo, eight), (Moves{"A1L", "A1R", "A6L", "A6R"}));
  EXPECT_EQ(after(kBawo, eight, "A6L"),
            "N 1,0,0,1,9,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  const std::string five =
      "S 1,0,0,0,5,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kBawo, five), (Moves{"A1L", "A1R", "A6L", "A6R"}));
  EXPECT_EQ(legal(kZanzibar, five), (Moves{"A5L", "A5R"}));
}

// A kuu that keeps its status but no longer works stays out of step 1 too:
// A5=7 (status), A8=2; North a8=1 faces the empty A1: no capture. Bawo: A8
// only. Malawi (default rules, kuu not working): A5 and A8, the pits of 2+.
// clause: ap.bawo.kutakata-start-order
TEST(ApVariantsBawo, NonWorkingKuuIsNotAPitOfTwoOrMore) {
  const std::string pos =
      "S 0,0,0,0,7,0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A8L", "A8R"}));
  EXPECT_EQ(legal(kMalawi, pos), (Moves{"A5L", "A5R", "A8L", "A8R"}));
}

// Step 3: the kuu is the only occupied front pit and a4 is empty (no
// capture). Holding exactly 8 before the reserve seed it may start: A5R:
// place 8->9, lift all 9 (status lost): A6, A7, A8, B8, B7, B6, B5, B4, B3 ->
// stop. A5L: A4, A3, A2, A1, B1, B2, B3, B4, B5 -> stop. With 7 or 9 there is
// no move (step 4) and North wins. Zanzibar: a working nyumba never starts a
// kunamua kutakata: no move with 8 either.
// clause: ap.bawo.kuu-start-exactly-eight
TEST(ApVariantsBawo, SoleKuuStartsOnlyWithExactlyEight) {
  const auto pos = [](int x) {
    return "S 0,0,0,0," + std::to_string(x) +
           ",0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5";
  };
  EXPECT_EQ(legal(kBawo, pos(8)), (Moves{"A5L", "A5R"}));
  Played r = play_traced(kBawo, pos(8), "A5R");
  EXPECT_EQ(r.bpn, "N 0,0,0,0,0,1,1,1/0,0,1,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(clause_at(r.trace, EventKind::Lift, "A5"), "ap.kunamua.kutakata-sow");
  EXPECT_EQ(clause_at(r.trace, EventKind::HouseLost, "A5"), "ap.nyumba.status-lost");
  EXPECT_EQ(after(kBawo, pos(8), "A5L"),
            "N 1,1,1,1,0,0,0,0/1,1,1,1,1,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5");
  for (int x : {7, 9}) {
    EXPECT_EQ(legal(kBawo, pos(x)), Moves{}) << x;
    EXPECT_EQ(status_of(kBawo, pos(x)), "win N no-move") << x;
  }
  EXPECT_EQ(legal(kZanzibar, pos(8)), Moves{});
}

// Kunamua placement. South A4=1 faces North's kuu a5=3 (status, below 8);
// South's kuu A5=8 works and faces a4=1 (occupied). Bawo: South may not
// capture a5, so A4 is no capture pit; A5 (placing there, 8->9) captures a4,
// an ordinary pit: A5L A5R only. Zanzibar: A4L A4R A5L A5R.
// A5R: place A5 8->9, capture a4 (1), enter A1 0->1 -> stop; a capture placed
// in the kuu, so A5 is recorded as used.
// clause: ap.bawo.kuu-protection
TEST(ApVariantsBawo, ProtectedKuuIsNoKunamuaCapture) {
  const std::string pos =
      "S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
      "house=A5,a5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A4L", "A4R", "A5L", "A5R"}));
  EXPECT_EQ(after(kBawo, pos, "A5R"),
            "N 1,0,0,1,9,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 "
            "house=A5,a5 used=A5");
}

// The protection's three conditions, each removed in turn from the position
// above:
// - a4 empty (North's seed moved to a1, facing the empty A8): nothing faces
//   South's kuu, so a5 may be captured: A4L A4R (A5 faces nothing). A4R:
//   place A4 1->2, capture a5 (3; status lost), enter A1: A1, A2, A3 -> stop.
// - South's kuu at 7: not working, no protection: A4L A4R A5L A5R.
// - North's kuu at 9 instead of 3: protected as well: A5L A5R.
// clause: ap.bawo.kuu-protection
TEST(ApVariantsBawo, ProtectionNeedsAWorkingKuuFacingSeeds) {
  const std::string facing_empty =
      "S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
      "house=A5,a5";
  EXPECT_EQ(legal(kBawo, facing_empty), (Moves{"A4L", "A4R"}));
  EXPECT_EQ(after(kBawo, facing_empty, "A4R"),
            "N 1,1,1,2,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  EXPECT_EQ(legal(kBawo,
                  "S 0,0,0,1,7,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5,a5"),
            (Moves{"A4L", "A4R", "A5L", "A5R"}));
  EXPECT_EQ(legal(kBawo,
                  "S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,9,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5,a5"),
            (Moves{"A5L", "A5R"}));
}

// A later capture of the turn, mtaji phase. South A2=1, A4=1, kuu A5=8, B1=2;
// North a1=1, a4=1 (faces A5), kuu a5=3 (faces A4), a7=4 (faces A2), b4=2.
// Only capture start: B1R (A5 sows 8 into the back row either way). B1R:
// B1 -> A1 0->1, A2 1->2: capture a7 (4) at a kimbi, enter A1 going R: A1 2,
// A2 3, A3 1, A4 1->2, which faces a5.
// Bawo: A5 still works (8) and a4 is occupied: a5 may not be captured; A4 was
// occupied, so relay A4 (2): A5 8->9, A6 0->1 -> stop.
// Zanzibar: capture a5 (3), keep R, enter A1: A1 3, A2 4, A3 2 -> relay A3 (2):
// A4 3, A5 9 facing a4 (1): capture, enter A1 3->4 -> relay A1 (4): A2 5, A3 1,
// A4 4, A5 10 -> relay A5 (10): A6, A7, A8, B8..B2 -> stop in the empty B2.
// clause: ap.bawo.kuu-protection
TEST(ApVariantsBawo, ProtectionAlsoStopsALaterCapture) {
  const std::string pos =
      "S 0,1,0,1,8,0,0,0/2,0,0,0,0,0,0,0 1,0,0,1,3,0,4,0/0,0,0,2,0,0,0,0 house=A5,a5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"B1R"}));
  Played b = play_traced(kBawo, pos, "B1R");
  EXPECT_EQ(b.bpn, "N 2,3,1,0,9,1,0,0/0,0,0,0,0,0,0,0 1,0,0,1,3,0,0,0/0,0,0,2,0,0,0,0 house=A5,a5");
  EXPECT_EQ(count_of(b.trace, EventKind::Capture), 1);
  EXPECT_EQ(clause_at(b.trace, EventKind::Relay, "A4"), "ap.sow.relay");
  EXPECT_EQ(after(kZanzibar, pos, "B1R"),
            "N 0,5,1,4,0,1,1,1/0,1,1,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// A mtaji start whose only capture would take the protected kuu is no capture
// start. South A2=2, A4=1, kuu A5=8; North a1=1, a4=1, kuu a5=3, b4=2.
// A2R: A3 0->1, A4 1->2 facing a5: protected (A5 works, a4 occupied). No
// other start captures (A2L and A5 either way end in the back row), so the
// turn is a kutakata, and the unused working kuu must start it: A5L A5R.
// Zanzibar: A2R captures: a5 (3), enter A1: A1 1, A2 1, A3 2 -> relay A3:
// A4 3, A5 9 facing a4 (1): capture, enter A1 1->2 -> relay A1 (2): A2 2,
// A3 0->1 -> stop.
// Bawo A5R: lift 8 (status lost): A6, A7, A8, B8, B7, B6, B5, B4 -> stop.
// Then South's next capture would be A2R into a5 -- no longer protected, as
// South has no kuu now -- but a5 (3) is North's only front pit of 2+: no block.
// clause: ap.bawo.kuu-protection
TEST(ApVariantsBawo, ProtectedKuuIsNoCaptureStart) {
  const std::string pos =
      "S 0,2,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,1,3,0,0,0/0,0,0,2,0,0,0,0 house=A5,a5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A2R"}));
  EXPECT_EQ(after(kZanzibar, pos, "A2R"),
            "N 0,2,1,3,9,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5");
  Played b = play_traced(kBawo, pos, "A5R");
  EXPECT_EQ(b.bpn, "N 0,2,0,1,0,1,1,1/0,0,0,1,1,1,1,1 1,0,0,1,3,0,0,0/0,0,0,2,0,0,0,0 house=a5");
  EXPECT_EQ(clause_at(b.trace, EventKind::BlockExempt, "a5"), "ap.kutakatia.exempt-only-multi");
}

// Mtaji phase, 14 seeds: South A1=1, A3=14; North a2=1, a8=1 (faces A1),
// b4=2. A3R: A4..A8 (5), B8..B1 (13), A1 1->2 (14th) facing a8: a capture,
// allowed from 14 (and from 14 under the default 15 too). A3L ends in the
// empty A5. Legal: A3R alone, under both.
// A3R: capture a8 (1) at the kichwa, enter A1 2->3 -> relay A1 (3): A2 1,
// A3 1, A4 1->2 -> relay A4: A5 2, A6 2 -> relay A6: A7 2, A8 2 -> relay A8:
// B8 2, B7 2 -> relay B7: B6, B5 -> relay B5: B4, B3 -> relay B3: B2, B1 ->
// relay B1: A1 0->1, A2 1->2 -> relay A2: A3 1->2, A4 0->1 -> stop.
// clause: ap.bawo.capture-start-range
TEST(ApVariantsBawo, FourteenSeedsMayCapture) {
  const std::string pos = "S 1,0,14,0,0,0,0,0/0,0,0,0,0,0,0,0 0,1,0,0,0,0,0,1/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A3R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A3R"}));
  Played r = play_traced(kBawo, pos, "A3R");
  EXPECT_EQ(r.bpn, "N 1,0,2,1,2,0,2,0/0,2,0,2,0,2,0,2 0,1,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(clause_at(r.trace, EventKind::Lift, "A3"), "ap.mtaji.capture-start");
}

// 15 seeds: South A2=1, A3=15; North a1=1, a7=1 (faces A2), b4=2. A3R's 15th
// seed lands in A2 (1->2) facing a7. Zanzibar: 15 may capture, the only
// capture (A3L ends in the empty A4): legal A3R; capture a7 (1) at a kimbi,
// enter A1 1->2 -> relay A1 (2): A2 3, A3 0->1 -> stop.
// Bawo: 15 starts no capture: kutakata from the front row: A3L A3R. A3R: the
// same first sowing, A2 2 faces a7 but the turn never captures: relay A2
// (2): A3 0->1, A4 1->2 -> relay A4: A5 2, A6 2 -> relay A6: A7 2, A8 2 ->
// relay A8: B8 2, B7 2 -> B7: B6, B5 -> B5: B4, B3 -> B3: B2, B1 -> relay B1:
// A1 1->2, A2 0->1 -> stop. No start of 2..14 then ends facing a seed: no
// block.
// clause: ap.bawo.capture-start-range
TEST(ApVariantsBawo, FifteenSeedsStartOnlyAKutakata) {
  const std::string pos = "S 0,1,15,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,1,0/0,0,0,2,0,0,0,0";
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A3R"}));
  EXPECT_EQ(after(kZanzibar, pos, "A3R"),
            "N 0,3,1,1,1,1,1,1/1,1,1,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A3L", "A3R"}));
  Played r = play_traced(kBawo, pos, "A3R");
  EXPECT_EQ(r.bpn, "N 2,1,1,0,2,0,2,0/0,2,0,2,0,2,0,2 1,0,0,0,0,0,1,0/0,0,0,2,0,0,0,0");
  EXPECT_EQ(count_of(r.trace, EventKind::Capture), 0);
  EXPECT_EQ(clause_at(r.trace, EventKind::Lift, "A3"), "ap.mtaji.start");
}

// Mtaji phase, no capture: South A2=2, the unused working kuu A5=8; North
// a1=1, b4=2 (A2R ends in the empty A4, A2L and A5 in the back row). Bawo: the
// kutakata must start from the kuu, either way: A5L A5R. A5R: lift all 8
// (status lost): A6, A7, A8, B8, B7, B6, B5, B4 -> stop; next, A2 could only
// sow into empty pits: no block. Zanzibar: any front pit of 2+.
// clause: ap.bawo.compulsory-kuu-kutakata
TEST(ApVariantsBawo, UnusedWorkingKuuMustStartTheKutakata) {
  const std::string pos =
      "S 0,2,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A5L", "A5R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A2L", "A2R", "A5L", "A5R"}));
  EXPECT_EQ(after(kBawo, pos, "A5R"),
            "N 0,2,0,0,0,1,1,1/0,0,0,1,1,1,1,1 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0");
}

// The rule's conditions: the same board with used=A5 (the kuu started a turn
// already): no obligation, the default front-row kutakata: A2L A2R A5L A5R.
// With the kuu at 7 (status, not working): no obligation either. With 7 the
// default threshold 6 would make it work -- the threshold is 8 here too.
// clause: ap.bawo.compulsory-kuu-kutakata
TEST(ApVariantsBawo, UsedOrNonWorkingKuuIsNotCompulsory) {
  EXPECT_EQ(legal(kBawo,
                  "S 0,2,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5 "
                  "used=A5"),
            (Moves{"A2L", "A2R", "A5L", "A5R"}));
  EXPECT_EQ(
      legal(kBawo, "S 0,2,0,0,7,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5"),
      (Moves{"A2L", "A2R", "A5L", "A5R"}));
}

// The obligation is for a turn without capture only; a capture stays
// compulsory. Mtaji phase: South A2=2, A4=1, the unused working kuu A5=8;
// North a5=1 (no house) faces A4, b4=2. A2R: A3 0->1, A4 1->2 facing a5: a
// capture (A2L and A5 either way end in the back row). So A2R is the only
// move, as under the default rules; the kuu is not forced.
// clause: ap.bawo.compulsory-kuu-kutakata
TEST(ApVariantsBawo, CapturesComeBeforeTheKuu) {
  const std::string pos =
      "S 0,2,0,1,8,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,2,0,0,0,0 house=A5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A2R"}));
  EXPECT_EQ(legal(kZanzibar, pos), (Moves{"A2R"}));
}

// Kunamua, South's last reserve seed: A2=2, the working kuu A5=8 faces a4=1;
// North a1=1, hands 1,1. Capture: placing in the kuu (A2 faces the empty a7):
// A5L A5R. A5R: place A5 8->9, capture a4 (1), enter A1 0->1 -> stop: the kuu
// started this turn, so it is recorded (used=A5). Malawi plays the same move
// without recording anything (and refuses the key).
// North: a1R (place 1->2, lift: a2, a3 -> stop). South, now in the mtaji
// phase: no capture (A2 ends in empty pits or B1, A5 (9) in the back row);
// the working kuu is used, so no obligation: A2L A2R A5L A5R. Without the
// record the kuu would be compulsory: A5L A5R.
// clause: ap.bawo.capture-counts-as-use
TEST(ApVariantsBawo, KunamuaCaptureAtTheKuuUsesIt) {
  const std::string pos =
      "S 0,2,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,1 house=A5";
  EXPECT_EQ(legal(kBawo, pos), (Moves{"A5L", "A5R"}));
  const std::string used =
      "N 1,2,0,0,9,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=0,1 house=A5 "
      "used=A5";
  EXPECT_EQ(after(kBawo, pos, "A5R"), used);
  EXPECT_EQ(after(kMalawi, pos, "A5R"),
            "N 1,2,0,0,9,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=0,1 house=A5");
  const auto refused = validate_for_ruleset(rules(kMalawi), *parse_bpn(used));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().field, "used") << "the error names the BPN key at fault";
  const std::string next = after(kBawo, used, "a1R");
  EXPECT_EQ(next,
            "S 1,2,0,0,9,0,0,0/0,0,0,0,0,0,0,0 0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5 used=A5");
  EXPECT_EQ(legal(kBawo, next), (Moves{"A2L", "A2R", "A5L", "A5R"}));
  EXPECT_EQ(
      legal(kBawo, "S 1,2,0,0,9,0,0,0/0,0,0,0,0,0,0,0 0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5"),
      (Moves{"A5L", "A5R"}));
}

// Only a capture placed IN the kuu counts: in ProtectionNeedsAWorkingKuu...
// A4R captured from A4 and the result has no `used`. And the record goes with
// the status: from the used position above, A5R (mtaji kutakata) lifts the
// kuu (9): A6, A7, A8, B8, B7, B6, B5, B4, B3 -> stop; neither house nor used
// is left. A2 (R: A3, A4 empty; L: A1 1->2, B1) then captures nothing: no block.
// clause: ap.bawo.capture-counts-as-use
TEST(ApVariantsBawo, UseIsRecordedOnlyForTheKuuAndLeavesWithIt) {
  EXPECT_EQ(after(kBawo,
                  "S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5,a5",
                  "A4R"),
            "N 1,1,1,2,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=4,5 house=A5");
  EXPECT_EQ(after(kBawo,
                  "S 1,2,0,0,9,0,0,0/0,0,0,0,0,0,0,0 0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5 "
                  "used=A5",
                  "A5R"),
            "N 1,2,0,0,0,1,1,1/0,0,1,1,1,1,1,1 0,1,1,0,0,0,0,0/0,0,0,0,0,0,0,0");
}

// The obligation is read for mtaji-phase turns only. At the start the kuu A5=8
// works and has never started a turn, yet the kunamua start order (kuu
// excluded) gives A6L A6R A7L A7R. South A1=2, kuu A5=8, North a1=1: with a
// reserve seed (kunamua) step 1 gives A1L A1R; without (mtaji phase, b4=2 for
// North, no capture: A1R ends in the empty A3, the rest in the back row) the
// kuu must start: A5L A5R.
// clause: ap.interp.bawo-compulsory-kuu-mtaji-only
TEST(ApVariantsBawo, KuuObligationOnlyInTheMtajiPhase) {
  EXPECT_EQ(legal(kBawo, to_bpn(start_position(rules(kBawo)))),
            (Moves{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(legal(kBawo,
                  "S 2,0,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 "
                  "house=A5"),
            (Moves{"A1L", "A1R"}));
  EXPECT_EQ(
      legal(kBawo, "S 2,0,0,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 house=A5"),
      (Moves{"A5L", "A5R"}));
}

// ===========================================================================
// Bao la Kujifunza

// Two seeds in each of the 32 pits, no reserve, no house; South first.
// clause: ap.kujifunza.setup
TEST(ApVariantsKujifunza, StartPosition) {
  EXPECT_EQ(to_bpn(start_position(rules(kKujifunza))),
            "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2");
}

// The first turn is a mtaji-phase turn. Every pit holds 2, so a start lifts 2
// and its last seed lands two pits on (circuit index +-2), in a pit of 2
// (2->3). It captures when that pit is a front pit (index 0..7), as every
// enemy front pit holds 2. R from index i ends at i+2: i in {14, 15, 0..5}:
// B2R B1R A1R..A6R. L ends at i-2: i in 2..9: A3L..A8L B8L B7L. That is 16
// captures, so (capture compulsory) exactly these; A1L, A2L (ending in B2,
// B1), A7R, A8R (B8, B7) and the other back-row starts are not legal.
// clause: ap.kujifunza.setup
TEST(ApVariantsKujifunza, StartMovesAreTheSixteenCaptures) {
  const std::string start = to_bpn(start_position(rules(kKujifunza)));
  EXPECT_EQ(legal(kKujifunza, start),
            (Moves{"A1R", "A2R", "A3L", "A3R", "A4L", "A4R", "A5L", "A5R", "A6L", "A6R", "A7L",
                   "A8L", "B1R", "B2R", "B7L", "B8L"}));
  EXPECT_EQ(perft(rules(kKujifunza), start_position(rules(kKujifunza)), 1), 16u);
}

// B2R: lift B2 (2): B1 2->3, A1 2->3 facing a8 (2): capture at the kichwa,
// enter A1 going R: A1 4, A2 3 facing a7 (2): capture at the kimbi, enter A1:
// A1 5, A2 4 (a7 now empty) -> relay A2 (4): A3 3, A4 3, A5 3, A6 3 facing
// a3 (2): capture, pit 6 in the mtaji phase keeps R: A1 6, A2 0->1 -> stop.
// South 6,1,3,3,3,3,2,2 / B1 3, B2 0, B3..B8 2 = 38 = 32 + 6.
// A6L: lift A6 (2): A5 3, A4 3 facing a5 (2): capture, keep L, enter A8:
// A8 3, A7 3 facing a2 (2): capture at the kimbi, enter A8: A8 4, A7 4 ->
// relay A7 (4): A6 0->1, A5 4, A4 4, A3 3 facing a6 (2): capture, keep L,
// enter A8: A8 5, A7 0->1 -> stop.
// clause: ap.kujifunza.setup
TEST(ApVariantsKujifunza, StartMovesPlayed) {
  const std::string start = to_bpn(start_position(rules(kKujifunza)));
  Played b2r = play_traced(kKujifunza, start, "B2R");
  EXPECT_EQ(b2r.bpn, "N 6,1,3,3,3,3,2,2/3,0,2,2,2,2,2,2 2,2,0,2,2,2,0,0/2,2,2,2,2,2,2,2");
  EXPECT_EQ(count_of(b2r.trace, EventKind::Capture), 3);
  EXPECT_EQ(count_of(b2r.trace, EventKind::Place), 0);
  EXPECT_EQ(after(kKujifunza, start, "A6L"),
            "N 2,2,3,4,4,1,1,5/2,2,2,2,2,2,2,2 2,0,2,2,0,0,2,2/2,2,2,2,2,2,2,2");
  EXPECT_EQ(status_of(kKujifunza, b2r.bpn), "ongoing");
}

// No reserve and no nyumba: positions with seeds in hand or house status are
// refused (the same board without them is fine).
// clause: ap.kujifunza.setup
TEST(ApVariantsKujifunza, NoReserveAndNoHouse) {
  const auto valid = [](std::string_view bpn) {
    auto parsed = parse_bpn(bpn);
    return parsed.ok() && validate_for_ruleset(rules(kKujifunza), *parsed).ok();
  };
  EXPECT_TRUE(valid("S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0"));
  EXPECT_FALSE(valid("S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=1,1"));
  EXPECT_FALSE(valid("S 0,0,0,1,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 house=A5"));
}

// ===========================================================================
// The catalog: every clause a variant adds to the default rules has a
// `// clause: <id>` line in this file, and every such line names one.

std::set<std::string> variant_clauses() {
  std::set<std::string> out;
  for (std::string_view id : {kMalawi, kBawo, kKujifunza})
    for (ClauseId c : rules(id).clauses)
      if (!governs(rules(kZanzibar), c)) out.insert(std::string(clause_name(c)));
  return out;
}

TEST(ApVariantsCatalog, EveryVariantClauseHasATest) {
  const std::set<std::string> ids = testing::clause_markers("tests/ap_variants_clauses_test.cpp");
  const std::set<std::string> wanted = variant_clauses();
  EXPECT_EQ(wanted.size(), 10u);
  for (const std::string& id : wanted) EXPECT_TRUE(ids.count(id)) << "no test for " << id;
  for (const std::string& id : ids) EXPECT_TRUE(wanted.count(id)) << "not a variant clause: " << id;
}

}  // namespace
}  // namespace bao
