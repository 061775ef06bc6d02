// The minimising stage: a witness board made smaller. Seeds are taken away,
// one pit (or hand) at a time, to nothing, to half or by one, and then state
// the difference may not need is dropped, as long as the board stays valid
// for the ruleset and still shows the same thing (the caller's test asks the
// engine). Greedy and deterministic, within a budget of questions and time.
#include <algorithm>

#include "oracle/checker/internal.hpp"

namespace bao::check::detail {

// Boards simpler than `pos`, the biggest cuts first: each pit of the side
// to move, then of the other side, then the hands, emptied, halved or less
// one; then each house status, block and house-use mark dropped, and the
// quiet count cleared.
std::vector<Position> simpler_boards(const Position& pos) {
  std::vector<Position> out;
  auto cuts = [&](int n, auto&& set) {
    for (int to : {0, n / 2, n - 1}) {
      Position c = pos;
      set(c, to);
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
  };
  for (Side s : {pos.to_move, opponent(pos.to_move)})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (const int n = pos.at(s, p); n > 0)
        cuts(n, [&](Position& c, int to) { c.at(s, p) = static_cast<std::uint8_t>(to); });
  // Hands as a game leaves them: the side to move has placed as many seeds
  // as the other (South moves first, so North holds one more while it is to
  // move). Such hands are cut together, keeping that; others one by one.
  const int south = pos.hand[0], north = pos.hand[1];
  if (north - south == (pos.to_move == Side::North ? 1 : 0) && south > 0) {
    cuts(south, [&](Position& c, int to) {
      c.hand[0] = static_cast<std::uint8_t>(to);
      c.hand[1] = static_cast<std::uint8_t>(to + north - south);
    });
  } else {
    for (Side s : {pos.to_move, opponent(pos.to_move)})
      if (const int n = pos.hand[index_of(s)]; n > 0)
        cuts(n, [&](Position& c, int to) { c.hand[index_of(s)] = static_cast<std::uint8_t>(to); });
  }
  // Then state the disagreement may not need: a house status, a block,
  // a record of house use, the quiet count.
  for (std::uint32_t Position::*field : {&Position::house, &Position::block, &Position::used})
    for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
      if (pos.*field & bit) {
        Position c = pos;
        c.*field &= ~bit;
        out.push_back(c);
      }
  if (pos.quiet != 0) {
    Position c = pos;
    c.quiet = 0;
    out.push_back(c);
  }
  return out;
}

namespace {

// A board a game could have left as far as minimising can tell: no pit
// under a block or with house status is empty (a block is set on a pit that
// holds seeds, and house status ends when the house is emptied), each side
// has seeds, and a front row holds some.
bool keeps_a_reachable_shape(const Position& c) {
  for (Side s : {Side::South, Side::North}) {
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (c.at(s, p) == 0 && ((c.block | c.house) & pit_bit(s, p)) != 0) return false;
    // A side with no seed at all, on the board or in hand, is no game.
    if (c.side_total(s) + c.hand[index_of(s)] == 0) return false;
  }
  // Nor are both front rows empty at once.
  return c.front_total(Side::South) + c.front_total(Side::North) > 0;
}

}  // namespace

std::pair<Position, int> minimise_board(const Ruleset& rules, const Position& start,
                                        const std::function<bool(const Position&)>& still_shows,
                                        int max_asks) {
  Position pos = start;
  int asks = 0;
  int steps = 0;
  bool improved = true;
  while (improved && asks < max_asks) {
    improved = false;
    for (const Position& c : simpler_boards(pos)) {
      if (asks >= max_asks) break;
      if (!keeps_a_reachable_shape(c) || !validate_for_ruleset(rules, c)) continue;
      ++asks;
      if (!still_shows(c)) continue;
      pos = c;
      ++steps;
      improved = true;
      break;
    }
  }
  return {pos, steps};
}

}  // namespace bao::check::detail
