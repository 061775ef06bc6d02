// A Bao position as a plain value: board, reserves, stores, house and block
// status, the quiet counter and a decided result. Trivially copyable; a move
// produces a new Position rather than undoing one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "oracle/core/board.hpp"
#include "oracle/core/enum_names.hpp"
#include "oracle/core/expected.hpp"

namespace bao {

// Why a game ended. The protocol's reason words (docs/protocol.md).
// What each value means:
//   FrontEmpty:  a front row is empty
//   NoMove:      the side to move has no legal move
//   Infinite:    the move reached the ruleset's relay cutoff
#define BAO_REASONS(X)           \
  X(None, "none")                \
  X(FrontEmpty, "front-empty")   \
  X(NoMove, "no-move")           \
  X(Infinite, "infinite")        \
  X(AllCaptured, "all-captured") \
  X(HouseFull, "house-full")     \
  X(NoProgress, "no-progress")
BAO_NAMED_ENUM(Reason, std::uint8_t, BAO_REASONS)

// A result that the board alone cannot show (for example a move declared
// infinite). Written in BPN as the key `result` (docs/notation.md).
struct Decided {
  enum class Kind : std::uint8_t { None = 0, SouthWins, NorthWins, Draw };
  Kind kind = Kind::None;
  Reason reason = Reason::None;
  friend bool operator==(const Decided&, const Decided&) = default;
};

struct Position {
  // pits[side][circuit index]; see board.hpp for the circuit order.
  std::array<std::array<std::uint8_t, kPitsPerSide>, 2> pits{};
  std::array<std::uint8_t, 2> hand{};   // reserve seeds still to be placed
  std::array<std::uint8_t, 2> store{};  // seeds taken off the board
  std::uint32_t house = 0;              // pits that hold house (nyumba/kuu) status
  std::uint32_t block = 0;              // pits under a block / takasia
  std::uint16_t quiet = 0;              // turns in a row without irreversible progress
  std::uint32_t used = 0;               // houses that have started a turn (ap-bawo's kuu use)
  Side to_move = Side::South;
  Decided decided{};

  std::uint8_t& at(Side s, Pit p) { return pits[index_of(s)][p]; }
  std::uint8_t at(Side s, Pit p) const { return pits[index_of(s)][p]; }

  bool has_house(Side s, Pit p) const { return (house & pit_bit(s, p)) != 0; }
  bool is_blocked(Side s, Pit p) const { return (block & pit_bit(s, p)) != 0; }

  int front_total(Side s) const;
  int side_total(Side s) const;  // the side's sixteen pits
  int total_seeds() const;       // board, hands and stores together

  friend bool operator==(const Position&, const Position&) = default;
};

// The largest number of seeds a position may hold in all (pit counts are bytes).
inline constexpr int kMaxTotalSeeds = 255;

std::size_t hash_value(const Position& p);

// Checks representation invariants that hold for every ruleset: total seed
// count within range and a consistent decided result. Ruleset-specific
// checks live in validate_for_ruleset (engine/rules.hpp).
bool position_is_ok(const Position& p);

// A position whose BPN key `key` holds what a ruleset cannot have:
// "key <key>: <what>", with the key as the error's field.
Error key_error(std::string_view key, std::string_view what);

}  // namespace bao

template <>
struct std::hash<bao::Position> {
  std::size_t operator()(const bao::Position& p) const noexcept { return bao::hash_value(p); }
};
