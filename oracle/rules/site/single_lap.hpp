// The single-lap turn (TurnFamily::SingleLap): the play site's Bank, Maasai
// and Long Game, all of whose clauses are the site's. The engine
// (oracle/engine/engine.cpp, validate.cpp) hands every call for a ruleset
// of this family to these functions, which have the same contracts as their
// namesakes in oracle/engine/engine.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "oracle/core/expected.hpp"
#include "oracle/core/move.hpp"
#include "oracle/core/position.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/rules/status.hpp"

namespace bao::single_lap {

Status status(const Ruleset& rules, const Position& pos);
MoveList legal_moves(const Ruleset& rules, const Position& pos);
Expected<Position> play(const Ruleset& rules, const Position& pos, const Move& move, Trace* trace);
std::uint64_t perft(const Ruleset& rules, const Position& pos, int depth);
std::vector<std::pair<Move, std::uint64_t>> divide(const Ruleset& rules, const Position& pos,
                                                   int depth);
Expected<Position> validate(const Ruleset& rules, const Position& pos);
// Calls `f` with the position after each distinct legal move.
void for_each_successor(const Ruleset& rules, const Position& pos,
                        const std::function<void(const Position&)>& f);

}  // namespace bao::single_lap
