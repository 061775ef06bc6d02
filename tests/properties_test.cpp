// Properties over random play from the start and over random valid positions,
// for every ruleset: seeds are conserved, BPN round-trips, play is
// deterministic, a game with no legal move is over, and the rules are
// symmetric between South and North.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"

namespace rc {

template <>
struct Arbitrary<bao::PositionSeed> {
  static Gen<bao::PositionSeed> arbitrary() {
    // Sparse boards are the norm: most pits empty, small counts.
    auto count = gen::weightedOneOf<std::uint8_t>({{6, gen::just<std::uint8_t>(0)},
                                                   {5, gen::inRange<std::uint8_t>(1, 4)},
                                                   {2, gen::inRange<std::uint8_t>(4, 18)}});
    return gen::build<bao::PositionSeed>(
        gen::set(&bao::PositionSeed::pits, gen::container<std::vector<std::uint8_t>>(32, count)),
        gen::set(&bao::PositionSeed::hand_south,
                 gen::weightedOneOf<std::uint8_t>(
                     {{3, gen::just<std::uint8_t>(0)}, {1, gen::inRange<std::uint8_t>(1, 23)}})),
        gen::set(&bao::PositionSeed::hand_north,
                 gen::weightedOneOf<std::uint8_t>(
                     {{3, gen::just<std::uint8_t>(0)}, {1, gen::inRange<std::uint8_t>(1, 23)}})),
        gen::set(&bao::PositionSeed::north_to_move),
        gen::set(&bao::PositionSeed::house_keep, gen::inRange<std::uint8_t>(0, 4)),
        gen::set(&bao::PositionSeed::block_south, gen::inRange<std::int8_t>(-8, 8)),
        gen::set(&bao::PositionSeed::block_north, gen::inRange<std::int8_t>(-8, 8)),
        gen::set(&bao::PositionSeed::used, gen::inRange<std::uint8_t>(0, 4)));
  }
};

}  // namespace rc

namespace bao {
namespace {

using PositionSeed;

// Every ruleset the oracle has.
std::vector<const Ruleset*> rulesets() {
  return {all_rulesets().begin(), all_rulesets().end()};
}

// Checks the invariants of one move from `pos`; RC_ASSERTs on failure.
void check_move(const Ruleset& rules, const Position& pos, const Move& m) {
  auto after = play(rules, pos, m);
  RC_ASSERT(after.ok());
  // A move never creates or destroys a seed (board, hands and stores together).
  RC_ASSERT(after->total_seeds() == pos.total_seeds());
  RC_ASSERT(position_is_ok(*after));
  RC_ASSERT(after->to_move == opponent(pos.to_move));
  // Determinism: the same move from the same position gives the same result.
  RC_ASSERT(play(rules, pos, m).value() == *after);
  // The result is representable and round-trips through BPN.
  RC_ASSERT(validate_for_ruleset(rules, *after).ok());
  RC_ASSERT(parse_bpn(to_bpn(*after)).value() == *after);
  // Tracing does not change the result.
  Trace t;
  RC_ASSERT(play(rules, pos, m, &t).value() == *after);
  RC_ASSERT(!t.events().empty());
}

// Checks every legal move of `pos` and the status/moves agreement.
void check_position(const Ruleset& rules, const Position& pos) {
  const MoveList moves = legal_moves(rules, pos);
  // A position with no legal move is over, and a finished game has none.
  RC_ASSERT(moves.empty() == (status(rules, pos).kind != Status::Kind::Ongoing));
  for (const Move& m : moves) check_move(rules, pos, m);
  // Every move the generator leaves out is refused by play().
  for (Pit p = 0; p < kPitsPerSide; ++p)
    for (Dir d : {Dir::L, Dir::R})
      for (bool on : {false, true}) {
        const Move m{p, d, false, on};
        RC_ASSERT(moves.contains(m) == play(rules, pos, m).ok());
      }
}

// The mirrored position has the same moves and mirrored results.
void check_mirror(const Ruleset& rules, const Position& pos) {
  const Position mirrored = mirror(pos);
  const MoveList moves = legal_moves(rules, pos);
  const MoveList mirrored_moves = legal_moves(rules, mirrored);
  RC_ASSERT(moves.size() == mirrored_moves.size());
  for (const Move& m : moves) {
    RC_ASSERT(mirrored_moves.contains(m));
    RC_ASSERT(mirror(play(rules, pos, m).value()) == play(rules, mirrored, m).value());
  }
  const Status s = status(rules, pos), ms = status(rules, mirrored);
  RC_ASSERT(s.kind == ms.kind);
  RC_ASSERT(s.reason == ms.reason);
  if (s.kind == Status::Kind::Win) RC_ASSERT(ms.winner == opponent(s.winner));
}

RC_GTEST_PROP(Properties, RandomPlayFromStartKeepsInvariants,
              (const std::vector<std::uint16_t>& choices)) {
  for (const Ruleset* r : rulesets()) {
    const auto line = play_choices(*r, start_position(*r), choices);
    for (const Position& pos : line) {
      RC_ASSERT(pos.total_seeds() == start_position(*r).total_seeds());
      check_position(*r, pos);
      check_mirror(*r, pos);
    }
  }
}

RC_GTEST_PROP(Properties, RandomValidPositionsKeepInvariants, (const PositionSeed& seed)) {
  for (const Ruleset* r : rulesets()) {
    const Position pos = build_position(*r, seed);
    RC_ASSERT(validate_for_ruleset(*r, pos).ok());
    RC_ASSERT(parse_bpn(to_bpn(pos)).value() == pos);
    check_position(*r, pos);
    check_mirror(*r, pos);
  }
}

RC_GTEST_PROP(Properties, PerftEqualsSumOfDivide, (const PositionSeed& seed)) {
  for (const Ruleset* r : rulesets()) {
    const Position pos = build_position(*r, seed);
    std::uint64_t sum = 0;
    for (const auto& [m, n] : divide(*r, pos, 2)) sum += n;
    RC_ASSERT(sum == perft(*r, pos, 2));
  }
}

// Whole random games from the start, to their end: every position on the way
// conserves the 64 seeds, and the status agrees with the move list.
TEST(Properties, WholeRandomGamesConserveSeeds) {
  std::mt19937_64 rng(20261129);
  for (const Ruleset* r : rulesets()) {
    for (int game = 0; game < 200; ++game) {
      Position pos = start_position(*r);
      for (int ply = 0; ply < 1000; ++ply) {
        const MoveList moves = legal_moves(*r, pos);
        ASSERT_EQ(moves.empty(), status(*r, pos).kind != Status::Kind::Ongoing) << to_bpn(pos);
        if (moves.empty()) break;
        pos = play(*r, pos, moves[rng() % moves.size()]).value();
        ASSERT_EQ(pos.total_seeds(), 64) << r->id << ": " << to_bpn(pos);
      }
    }
  }
}

}  // namespace
}  // namespace bao
