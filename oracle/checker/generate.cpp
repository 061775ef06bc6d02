// The generation stage: games for the checker. A game is a start (the
// ruleset's start position, a random valid position, or a position of the
// scenario corpus) and a line of move choices; RapidCheck draws both, so a
// failing game shrinks toward the start position and simpler choices.
#include <rapidcheck.h>

#include "oracle/checker/internal.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

// Whether a move exercises one of the rare rules the generator favours:
// captures, the house question, two-seed starts, blocks, long relays, the end.
bool rare(const Ruleset& rules, const Position& pos, const Move& m) {
  if (m.go_on || m.two_seed) return true;
  Trace trace;
  if (!play(rules, pos, m, &trace)) return false;
  int relays = 0;
  for (const Event& e : trace.events()) {
    switch (e.kind) {
      case EventKind::Capture:
      case EventKind::HouseQuestion:
      case EventKind::BlockSet:
      case EventKind::BlockCleared:
      case EventKind::BlockExempt:
      case EventKind::End:
        return true;
      case EventKind::Relay:
        if (++relays >= 6) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

// Generated inside a RapidCheck property: a start and a line of choices.
// RapidCheck scales generated values with the case's size, which is 0 for
// the single case each game is; every draw is made at full size instead.
constexpr int kFullSize = 100;
template <class T>
T draw(rc::Gen<T> gen) {
  return *rc::gen::resize(kFullSize, std::move(gen));
}

}  // namespace

// Choice c picks a move: when c % 4 == 0 among the rare moves (if any), so
// shrinking the choice toward 0 keeps the rare rules in the game.
Move pick(const Ruleset& rules, const Position& pos, const MoveList& moves, std::uint16_t c) {
  if (c % 4 == 0) {
    std::vector<Move> rare_moves;
    for (const Move& m : moves)
      if (rare(rules, pos, m)) rare_moves.push_back(m);
    if (!rare_moves.empty()) return rare_moves[(c / 4) % rare_moves.size()];
  }
  return moves[(c / 4) % moves.size()];
}

Game generate_game(const Ruleset& rules, const std::vector<Position>& corpus,
                   const Position* planned) {
  Game g;
  if (planned) {
    // A guided game: the plan's start, where a rule decides, then a few
    // moves on from it.
    g.start = *planned;
    g.start_text = to_bpn(*planned);
    g.origin = "planned";
    g.choices =
        *rc::gen::resize(kFullSize, rc::gen::container<std::vector<std::uint16_t>>(
                                        static_cast<std::size_t>(draw(rc::gen::inRange(0, 4))),
                                        rc::gen::arbitrary<std::uint16_t>()));
    return g;
  }
  Position start = start_position(rules);
  g.start_text = "start";
  g.origin = "start";
  // A third of the games start from the start position, a third from a
  // random valid position, a third from a corpus position (when there is a
  // corpus); shrinking goes toward the start position.
  const int kind = draw(rc::gen::inRange(0, corpus.empty() ? 2 : 3));
  if (kind == 2) {
    start = corpus[static_cast<std::size_t>(draw(rc::gen::inRange<int>(0, int(corpus.size()))))];
    g.start_text = to_bpn(start);
    g.origin = "corpus";
  } else if (kind == 1) {
    PositionSeed s;
    // Sparse rows of small counts, with now and then a big pit (long relays,
    // the largest capture starts, heavy houses).
    for (int i = 0; i < 2 * kPitsPerSide; ++i) {
      int count = draw(rc::gen::inRange(0, 12));
      if (count > 7) count = 0;
      if (draw(rc::gen::inRange(0, 12)) == 11) count += draw(rc::gen::inRange(8, 26));
      s.pits.push_back(static_cast<std::uint8_t>(count));
    }
    // A house pit often holds enough to work (the house question, safari).
    const std::uint32_t houses = start.house;
    for (int b = 0; b < 2 * kPitsPerSide; ++b)
      if ((houses >> b & 1) && draw(rc::gen::inRange(0, 2)) == 1)
        s.pits[static_cast<std::size_t>(b)] =
            static_cast<std::uint8_t>(6 + draw(rc::gen::inRange(0, 8)));
    // The mtaji phase (empty reserves) in half of them.
    if (draw(rc::gen::inRange(0, 2)) == 1) {
      s.hand_south = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 8)));
      s.hand_north = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 8)));
    }
    s.north_to_move = draw(rc::gen::arbitrary<bool>());
    s.house_keep = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 4)));
    s.block_south = static_cast<std::int8_t>(draw(rc::gen::inRange(0, 9)) - 1);
    s.block_north = static_cast<std::int8_t>(draw(rc::gen::inRange(0, 9)) - 1);
    s.used = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 4)));
    auto pos = validate_for_ruleset(rules, build_position(rules, s));
    // No more seeds than the ruleset plays with: a witness a game could reach.
    if (pos && pos->total_seeds() <= start.total_seeds()) {
      start = *pos;
      g.start_text = to_bpn(start);
      g.origin = "random";
    }
  }
  g.start = start;
  g.choices = *rc::gen::resize(300, rc::gen::container<std::vector<std::uint16_t>>(rc::gen::resize(
                                        kFullSize, rc::gen::arbitrary<std::uint16_t>())));
  return g;
}

}  // namespace bao::check::detail
