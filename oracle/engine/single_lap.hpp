// The single-lap turn (TurnFamily::SingleLap): the play site's Bank, Maasai
// and Long Game. engine.cpp and validate.cpp hand every call for a ruleset of
// this family to these functions, which have the same contracts as their
// namesakes in engine.hpp.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "oracle/engine/engine.hpp"

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
