// The turn engine: legal moves, applying a move (optionally traced), game
// status (oracle/rules/status.hpp), and perft. Every function takes the
// ruleset record it plays by.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracle/core/expected.hpp"
#include "oracle/core/move.hpp"
#include "oracle/core/position.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/rules/status.hpp"

namespace bao {

// The ruleset's start position.
Position start_position(const Ruleset& rules);

// Checks that a position can occur under the ruleset's state model (house
// status only at its nyumba pits, blocks only on front rows and only where
// the ruleset has blocks, ...). Returns an error naming the offending field.
Expected<Position> validate_for_ruleset(const Ruleset& rules, const Position& pos);

// The game status of a position: decided result, empty front row, or no
// legal move for the side to move.
Status status(const Ruleset& rules, const Position& pos);

// Every distinct legal move; empty when the game is over.
MoveList legal_moves(const Ruleset& rules, const Position& pos);

// Applies a move; Error when it is not legal in `pos`. With a trace, the
// events of the move are appended to it.
Expected<Position> play(const Ruleset& rules, const Position& pos, const Move& move,
                        Trace* trace = nullptr);

// Number of move paths of length `depth` (a finished game has none).
std::uint64_t perft(const Ruleset& rules, const Position& pos, int depth);
// perft per legal root move, in legal_moves order.
std::vector<std::pair<Move, std::uint64_t>> divide(const Ruleset& rules, const Position& pos,
                                                   int depth);

// perft that generates at most `max_positions` positions (the root's
// successors, theirs, and so on): empty when the count would need more. For
// callers that must answer in bounded time whatever the position (the
// protocol server), since a deep perft on a rich board runs for seconds.
std::optional<std::uint64_t> perft_within(const Ruleset& rules, const Position& pos, int depth,
                                          std::uint64_t max_positions);

}  // namespace bao
