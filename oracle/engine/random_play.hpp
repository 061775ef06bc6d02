// Random positions and games for the engine checker, the property tests and
// the benchmarks. Two kinds: positions reached by random play from a ruleset's start
// (always reachable), and random valid positions (sparse boards, odd reserves,
// house and block state) that engines must also answer for.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "oracle/engine/engine.hpp"

namespace bao {

// Plays `plies` uniformly random legal moves from `from` (fewer if the game
// ends first) and returns the position reached.
inline Position random_play(const Ruleset& rules, Position from, int plies, std::mt19937_64& rng) {
  for (int i = 0; i < plies; ++i) {
    const MoveList moves = legal_moves(rules, from);
    if (moves.empty()) break;
    const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    from = play(rules, from, m).value();
  }
  return from;
}

// Plays a line of choices: choice i picks move (choice % number of moves).
// Stops when the game ends. Used with RapidCheck so that shrinking the
// choice vector shrinks the game.
inline std::vector<Position> play_choices(const Ruleset& rules, Position from,
                                          const std::vector<std::uint16_t>& choices) {
  std::vector<Position> line{from};
  for (std::uint16_t c : choices) {
    const MoveList moves = legal_moves(rules, line.back());
    if (moves.empty()) break;
    line.push_back(play(rules, line.back(), moves[c % moves.size()]).value());
  }
  return line;
}

// The raw material of a random position; every field is kept in a range
// that makes a valid position once `build_position` has applied the
// ruleset's state model.
struct PositionSeed {
  std::vector<std::uint8_t> pits;  // 32 counts: South circuit 0..15, then North
  std::uint8_t hand_south = 0, hand_north = 0;
  bool north_to_move = false;
  std::uint8_t house_keep = 3;                     // bit 0: South keeps house status, bit 1: North
  std::int8_t block_south = -1, block_north = -1;  // front pit index or -1
  std::uint8_t used = 0;  // bit 0: South's house counts as used, bit 1: North's
};

// Turns a seed into a position that validate_for_ruleset accepts under
// `rules` (house status only where the start has it; blocks only if the
// ruleset has blocks, on front pits). Totals are capped at kMaxTotalSeeds.
inline Position build_position(const Ruleset& rules, const PositionSeed& s) {
  Position p;
  int total = s.hand_south + s.hand_north;
  for (std::size_t i = 0; i < s.pits.size() && i < 2 * kPitsPerSide; ++i) {
    const int c = std::min<int>(s.pits[i], kMaxTotalSeeds - total);
    p.pits[i / kPitsPerSide][i % kPitsPerSide] = static_cast<std::uint8_t>(c);
    total += c;
  }
  const Position start = start_position(rules);
  const bool has_reserve = start.hand[0] != 0 || start.hand[1] != 0;
  if (has_reserve) p.hand = {s.hand_south, s.hand_north};
  if (rules.family == TurnFamily::SingleLap) {
    // The single-lap variants have no reserves: the two counts become the
    // stores where captures fill one (within the seed limit, counted above),
    // and the kuu-use and house bits a quiet count from 0 up to the limit
    // that calls the game (site.progress.called).
    if (rules.single_lap.capture != SingleLapCapture::None) p.store = {s.hand_south, s.hand_north};
    p.quiet = static_cast<std::uint16_t>(
        std::min(s.used * 16 + s.house_keep, rules.single_lap.quiet_limit));
  }
  p.to_move = s.north_to_move ? Side::North : Side::South;
  const std::uint32_t start_house = start.house;
  const std::uint32_t keep = (s.house_keep & 1 ? side_mask(Side::South) : 0) |
                             (s.house_keep & 2 ? side_mask(Side::North) : 0);
  p.house = start_house & keep;
  if (rules.house_kutakata != HouseKutakata::None) {
    const std::uint32_t used =
        (s.used & 1 ? side_mask(Side::South) : 0) | (s.used & 2 ? side_mask(Side::North) : 0);
    p.used = p.house & used;
  }
  switch (rules.block) {
    case BlockRule::None:
      break;
    case BlockRule::ApKutakatia:  // at most one blocked pit per side
      if (s.block_south >= 0) p.block |= pit_bit(Side::South, static_cast<Pit>(s.block_south % 8));
      if (s.block_north >= 0) p.block |= pit_bit(Side::North, static_cast<Pit>(s.block_north % 8));
      break;
    case BlockRule::GuideTakasia: {  // one target, against the side to move
      const std::int8_t b = p.to_move == Side::South ? s.block_south : s.block_north;
      if (b >= 0) p.block |= pit_bit(p.to_move, static_cast<Pit>(b % 8));
      break;
    }
  }
  return p;
}

// A random valid position from a std::mt19937_64 (benchmarks, the checker).
inline Position random_position(const Ruleset& rules, std::mt19937_64& rng) {
  PositionSeed s;
  s.used = static_cast<std::uint8_t>(rng() % 4);
  std::uniform_int_distribution<int> coin(0, 99);
  const int density = std::uniform_int_distribution<int>(10, 90)(rng);
  for (int i = 0; i < 2 * kPitsPerSide; ++i)
    s.pits.push_back(coin(rng) < density ? static_cast<std::uint8_t>(1 + coin(rng) % 7) : 0);
  if (coin(rng) < 40) {
    s.hand_south = static_cast<std::uint8_t>(coin(rng) % 6);
    s.hand_north = static_cast<std::uint8_t>(coin(rng) % 6);
  }
  s.north_to_move = coin(rng) < 50;
  s.house_keep = static_cast<std::uint8_t>(coin(rng) % 4);
  s.block_south = coin(rng) < 15 ? static_cast<std::int8_t>(coin(rng) % 8) : -1;
  s.block_north = coin(rng) < 15 ? static_cast<std::int8_t>(coin(rng) % 8) : -1;
  return build_position(rules, s);
}

// The same position seen from the other side: rows, reserves, stores, house
// and block status, the side to move and a decided winner all swap.
inline Position mirror(const Position& p) {
  Position m = p;
  std::swap(m.pits[0], m.pits[1]);
  std::swap(m.hand[0], m.hand[1]);
  std::swap(m.store[0], m.store[1]);
  auto swap_halves = [](std::uint32_t x) { return (x >> 16) | (x << 16); };
  m.house = swap_halves(p.house);
  m.block = swap_halves(p.block);
  m.used = swap_halves(p.used);
  m.to_move = opponent(p.to_move);
  if (p.decided.kind == Decided::Kind::SouthWins) m.decided.kind = Decided::Kind::NorthWins;
  if (p.decided.kind == Decided::Kind::NorthWins) m.decided.kind = Decided::Kind::SouthWins;
  return m;
}

}  // namespace bao
