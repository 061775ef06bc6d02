// Protocol notation: pit names, moves and BPN positions
// (shared/spec/protocol.md; our description in docs/notation.md).
#pragma once

#include <string>
#include <string_view>

#include "oracle/core/expected.hpp"
#include "oracle/core/move.hpp"
#include "oracle/core/position.hpp"

namespace bao {

// "A1".."A8", "B1".."B8" for South, "a1".."b8" for North.
std::string pit_name(Side owner, Pit pit);

struct PitRef {
  Side owner;
  Pit pit;
};
// Parses a pit name; the error says what is wrong with it.
Expected<PitRef> parse_pit(std::string_view text);

// Canonical move text for the mover: pit, L/R, then `t` and `+` when set.
std::string move_to_string(const Move& move, Side mover);
// The moves in canonical text, space separated (the protocol's `moves` payload).
std::string moves_to_string(const MoveList& moves, Side mover);

// Parses `<pit><dir>[t][+]`; the pit must be one of the mover's own.
Expected<Move> parse_move(std::string_view text, Side mover);

// BPN in canonical form (defaults left out, keys in the protocol's order).
std::string to_bpn(const Position& pos);
// Parses BPN. Errors name the field and the character offset, e.g.
// "BPN field 3 (north rows): expected 8 counts, got 7 at offset 41".
// Accepts any seed total up to kMaxTotalSeeds.
Expected<Position> parse_bpn(std::string_view text);

}  // namespace bao
