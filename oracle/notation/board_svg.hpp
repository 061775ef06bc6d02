// A position's pits as SVG elements, shared by the pictures of the
// divergence report (oracle/diverge/svg.cpp) and the boards of the checker's
// HTML report (oracle/checker/report_html.cpp): where each pit is drawn, its
// shape (a house as a rounded square, a blocked pit with a dashed red
// outline), its seed count and, on labelled boards, its name and a ring
// round the pits a caller marks. Rows as shared/spec/protocol.md lays them
// out: North's back row (b8..b1) on top, then North's front row (a8..a1),
// South's front row (A1..A8), South's back row (B1..B8); A1 faces a8.
#pragma once

#include <cstdint>
#include <string>

#include "oracle/core/position.hpp"

namespace bao::svg {

struct Point {
  double x, y;
};

// The size of a drawn board's pits.
struct Geometry {
  int cell;    // pit spacing
  int radius;  // pit radius
  int margin;  // from the board's left edge to the first column
};

// The divergence pictures' pits: a count only, the name in a tooltip.
inline constexpr Geometry kCompact{44, 17, 14};
// Pits wide enough for the pit's name above its count.
inline constexpr Geometry kLabelled{48, 19, 14};

// A board's width for a geometry: eight columns and the two margins.
constexpr int board_width(const Geometry& g) {
  return 2 * g.margin + kRowLength * g.cell;
}

// One decimal, as every coordinate is written.
std::string num(double v);

// Where pit `p` of `side` is drawn on a board whose rows start at `y0` and
// whose left edge is `x0`.
Point centre(const Geometry& g, Side side, Pit p, double x0, double y0);

struct PitStyle {
  bool names = false;        // the pit's name written above its count
  std::uint32_t marked = 0;  // pit_bit()s ringed and their counts highlighted
};

// Every pit of `pos`, one <g> each (its name as <title>), one per line.
// Without names or marks this is the divergence pictures' form, unchanged.
std::string pits(const Position& pos, const Geometry& g, double x0, double y0,
                 const PitStyle& style = {});

// The CSS of labelled boards (pits, houses, blocks, names, marks and the
// legend), for a page that holds them inline. The divergence pictures carry
// their own, in each picture.
std::string_view labelled_css();

// A legend, one row of sample pits each with its meaning (a pit with seeds,
// a house, a blocked pit, a marked pit when `marked`), as one <svg> using
// the classes above.
std::string legend_svg(bool marked);

}  // namespace bao::svg
