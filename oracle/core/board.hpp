// Board geometry: sides, pits, circuits and directions.
//
// Each side owns sixteen pits. Inside the oracle a pit is addressed by its
// circuit index 0..15 on its owner's side: the front row A1..A8 is 0..7 and
// the back row B8..B1 is 8..15, so that the direction R (clockwise for the
// owner: rightward along the front row, leftward along the back row) is +1
// around the circuit and L is -1. See docs/notation.md.
#pragma once

#include <cstdint>

namespace bao {

enum class Side : std::uint8_t { South = 0, North = 1 };

constexpr Side opponent(Side s) {
  return s == Side::South ? Side::North : Side::South;
}
constexpr int index_of(Side s) {
  return static_cast<int>(s);
}

// Circuit index of a pit on its owner's side, 0..15.
using Pit = std::uint8_t;
inline constexpr int kPitsPerSide = 16;
inline constexpr int kRowLength = 8;

// Row of a pit.
constexpr bool is_front(Pit p) {
  return p < kRowLength;
}
constexpr bool is_back(Pit p) {
  return p >= kRowLength;
}

// The owner's pit number 1..8 within its row (A1 = front pit 1, B8 = back pit 8).
constexpr int pit_number(Pit p) {
  return is_front(p) ? p + 1 : kPitsPerSide - p;
}
constexpr Pit front_pit(int number) {
  return static_cast<Pit>(number - 1);
}
constexpr Pit back_pit(int number) {
  return static_cast<Pit>(kPitsPerSide - number);
}

// A side's two rows, and the pit with a number in one of them.
enum class Row : std::uint8_t { Front, Back };
constexpr Pit row_pit(Row row, int number) {
  return row == Row::Front ? front_pit(number) : back_pit(number);
}

// Front pit facing a front pit across the board: A(i) faces a(9-i).
constexpr Pit facing(Pit front) {
  return static_cast<Pit>(kRowLength - 1 - front);
}

// The two ends of a front row (pit 1 and pit 8) are the kichwa, their inner
// neighbours (pit 2 and pit 7) the kimbi.
constexpr bool is_kichwa(Pit p) {
  return p == 0 || p == 7;
}
constexpr bool is_kimbi(Pit p) {
  return p == 1 || p == 6;
}
constexpr bool is_left_end(Pit p) {
  return p == 0 || p == 1;
}  // pits 1, 2
constexpr bool is_right_end(Pit p) {
  return p == 6 || p == 7;
}  // pits 7, 8

// Sowing direction as seen by the mover.
enum class Dir : std::uint8_t { L = 0, R = 1 };

constexpr int step(Dir d) {
  return d == Dir::R ? 1 : -1;
}
constexpr Dir reverse(Dir d) {
  return d == Dir::R ? Dir::L : Dir::R;
}
constexpr Pit next_pit(Pit p, Dir d) {
  return static_cast<Pit>((p + (d == Dir::R ? 1 : kPitsPerSide - 1)) % kPitsPerSide);
}

// Global pit id 0..31 (side * 16 + circuit index), used for bit masks.
constexpr int global_pit(Side s, Pit p) {
  return index_of(s) * kPitsPerSide + p;
}
constexpr std::uint32_t pit_bit(Side s, Pit p) {
  return std::uint32_t{1} << global_pit(s, p);
}
// All sixteen pit bits of one side.
constexpr std::uint32_t side_mask(Side s) {
  return std::uint32_t{0xFFFF} << (index_of(s) * kPitsPerSide);
}
// The eight front-row pit bits of one side.
constexpr std::uint32_t front_mask(Side s) {
  return std::uint32_t{0xFF} << (index_of(s) * kPitsPerSide);
}

}  // namespace bao
