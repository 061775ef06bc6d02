// Unit tests of turn clauses that no position reaches through the public API
// alone, called directly on a TurnState.
#include <gtest/gtest.h>

#include "oracle/notation/bpn.hpp"
#include "oracle/rules/turn.hpp"

namespace bao::detail {
namespace {

TurnState<NoTrace> turn_in(const char* bpn, Phase phase, TurnKind kind, NoTrace& tracer) {
  static const Ruleset& rules = *find_ruleset("ap-zanzibar");
  const Position pos = parse_bpn(bpn).value();
  return TurnState<NoTrace>{rules, pos, pos.to_move, phase, kind, Dir::L, false, tracer};
}

// South's front row is empty (as if a sole kichwa had just been sown outward)
// and the sowing ended in B2, which holds seeds: a mtaji-phase kutakata may not
// relay from it; a front pit, a capturing turn or a kunamua turn may.
// clause: ap.mtaji.back-row-relay-empty-front
TEST(TurnClauses, BackRowRelayWithEmptyFrontIsIllegal) {
  NoTrace t;
  const char* empty_front = "S 0,0,0,0,0,0,0,0/1,2,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_TRUE(
      relay_is_illegal(turn_in(empty_front, Phase::Mtaji, TurnKind::Kutakata, t), back_pit(2)));
  // The same pickup with one seed left in the front row is fine.
  const char* one_front = "S 0,0,0,1,0,0,0,0/1,2,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_FALSE(
      relay_is_illegal(turn_in(one_front, Phase::Mtaji, TurnKind::Kutakata, t), back_pit(2)));
}

// clause: ap.interp.mtaji-restrictions-kutakata-only
TEST(TurnClauses, BackRowRelayRestrictionOnlyForMtajiPhaseKutakata) {
  NoTrace t;
  const char* empty_front = "S 0,0,0,0,0,0,0,0/1,2,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0";
  EXPECT_FALSE(
      relay_is_illegal(turn_in(empty_front, Phase::Mtaji, TurnKind::Capturing, t), back_pit(2)));
  EXPECT_FALSE(
      relay_is_illegal(turn_in(empty_front, Phase::Kunamua, TurnKind::Kutakata, t), back_pit(2)));
}

}  // namespace
}  // namespace bao::detail
