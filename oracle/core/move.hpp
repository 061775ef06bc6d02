// A move as the protocol writes it: <pit><dir>[t][+] (docs/notation.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "oracle/core/board.hpp"

namespace bao {

struct Move {
  Pit pit = 0;            // the mover's pit where the turn starts (circuit index)
  Dir dir = Dir::L;       // circuit direction of the first sowing, seen from the mover
  bool two_seed = false;  // `t`: the two-seed start from a house holding more
  bool go_on = false;     // `+`: at the house question, go on (safari / nyumba use)
  friend bool operator==(const Move&, const Move&) = default;
};

// Fixed-capacity move list: no heap on the hot path.
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 128;
  void push(const Move& m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(const Move& m) const;

 private:
  std::array<Move, kCapacity> moves_{};
  std::size_t size_ = 0;
};

}  // namespace bao
