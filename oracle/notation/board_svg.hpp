// A position's pits as SVG elements, shared by the pictures of the
// divergence report (oracle/diverge/svg.cpp) and the boards of the checker's
// HTML report (oracle/checker/report_html.cpp): where each pit is drawn, its
// shape (a house as a rounded square with a gold edge, a blocked pit with a
// dashed red edge), its name above its seed count, and a ring round the
// pits a caller marks; and a legend of those. Rows as
// shared/spec/protocol.md lays them out: North's back row (b8..b1) on top,
// then North's front row (a8..a1), South's front row (A1..A8), South's back
// row (B1..B8); A1 faces a8.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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

// Every pit of `pos`, one <g> each (its name, house, block and seeds as
// <title>), one per line; the pit_bit()s of `marked` ringed, their counts
// highlighted.
std::string pits(const Position& pos, const Geometry& g, double x0, double y0,
                 std::uint32_t marked = 0);

// The CSS of pits() and legend() (pits, houses, blocks, names, marks, the
// legend's text): for the <style> of a page or a picture that holds them.
std::string_view pit_css();

// A legend, one row of sample pits each with its meaning (a pit with seeds,
// a house, a blocked pit, a marked pit when `marked`), kLabelled.cell high
// and legend_width() wide: as elements from (x0, y0) for a picture that
// holds it, or as one <svg> of its own; both use the classes above.
inline constexpr int kLegendItem = 250;
int legend_width(bool marked);
std::string legend(bool marked, double x0, double y0);
std::string legend_svg(bool marked);

}  // namespace bao::svg
