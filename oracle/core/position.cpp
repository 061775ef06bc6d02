#include "oracle/core/position.hpp"

#include "oracle/core/move.hpp"

#include <string>

namespace bao {

int Position::front_total(Side s) const {
  int n = 0;
  for (Pit p = 0; p < kRowLength; ++p) n += at(s, p);
  return n;
}

int Position::side_total(Side s) const {
  int n = 0;
  for (auto c : pits[index_of(s)]) n += c;
  return n;
}

int Position::total_seeds() const {
  return side_total(Side::South) + side_total(Side::North) + hand[0] + hand[1] + store[0] +
         store[1];
}

std::size_t hash_value(const Position& p) {
  // FNV-1a over the fields (not the raw bytes: padding is unspecified).
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  for (const auto& side : p.pits)
    for (auto c : side) mix(c);
  mix(p.hand[0]);
  mix(p.hand[1]);
  mix(p.store[0]);
  mix(p.store[1]);
  mix(p.house);
  mix(p.block);
  mix(p.quiet);
  mix(p.used);
  mix(static_cast<std::uint64_t>(p.to_move));
  mix(static_cast<std::uint64_t>(p.decided.kind));
  mix(static_cast<std::uint64_t>(p.decided.reason));
  return static_cast<std::size_t>(h);
}

bool position_is_ok(const Position& p) {
  if (p.total_seeds() > kMaxTotalSeeds) return false;
  const bool undecided = p.decided.kind == Decided::Kind::None;
  if (undecided != (p.decided.reason == Reason::None)) return false;
  return true;
}

bool MoveList::contains(const Move& m) const {
  for (const auto& x : *this)
    if (x == m) return true;
  return false;
}

Error key_error(std::string_view key, std::string_view what) {
  return Error{"key " + std::string(key) + ": " + std::string(what), std::string(key)};
}

}  // namespace bao
