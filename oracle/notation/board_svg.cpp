// A position's pits as SVG (board_svg.hpp). Plain SVG 1.1, no scripts.
#include "oracle/notation/board_svg.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

#include "oracle/notation/bpn.hpp"

namespace bao::svg {
namespace {

// A pit's outline: a house is a rounded square, any other pit a circle, of
// half-width `r` round `c`.
std::string outline(std::string_view cls, Point c, double r, bool house) {
  if (house)
    return fmt::format(R"(<rect class="{}" x="{}" y="{}" width="{}" height="{}" rx="5"/>)", cls,
                       num(c.x - r), num(c.y - r), num(2 * r), num(2 * r));
  return fmt::format(R"(<circle class="{}" cx="{}" cy="{}" r="{}"/>)", cls, num(c.x), num(c.y),
                     num(r));
}

// A pit: the name in small grey type in its upper half, the count below
// it, a ring round a marked pit. A blocked pit has a dashed red edge and is
// not crossed out, so that nothing runs through its count.
std::string pit(const Position& pos, const Geometry& g, Side side, Pit p, Point c, bool marked) {
  const bool house = pos.has_house(side, p);
  const bool blocked = pos.is_blocked(side, p);
  std::string cls = "pit";
  if (house) cls += " house";
  if (blocked) cls += " block";
  const std::string name = pit_name(side, p);
  std::string out =
      fmt::format("<g><title>{}{}{}: {} seeds{}</title>", name, house ? ", house (nyumba)" : "",
                  blocked ? ", blocked" : "", pos.at(side, p), marked ? "; differs" : "");
  if (marked) out += outline("ring", c, g.radius + 3.5, house);
  out += outline(cls, c, g.radius, house);
  out += fmt::format(R"(<text class="name" x="{}" y="{}">{}</text>)", num(c.x), num(c.y - 7), name);
  out += fmt::format(R"(<text class="count{}" x="{}" y="{}">{}</text></g>)",
                     marked ? " changed" : "", num(c.x), num(c.y + 11), pos.at(side, p));
  return out;
}

}  // namespace

std::string num(double v) {
  return fmt::format("{:.1f}", v);
}

Point centre(const Geometry& g, Side side, Pit p, double x0, double y0) {
  int column = 0;
  int row = 0;
  const int number = pit_number(p);
  if (side == Side::South) {
    column = number - 1;
    row = is_front(p) ? 2 : 3;
  } else {
    column = kRowLength - number;
    row = is_front(p) ? 1 : 0;
  }
  return {x0 + g.margin + column * g.cell + g.cell / 2.0, y0 + row * g.cell + g.cell / 2.0};
}

std::string pits(const Position& pos, const Geometry& g, double x0, double y0,
                 std::uint32_t marked) {
  std::string out;
  for (Side side : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      out +=
          pit(pos, g, side, p, centre(g, side, p, x0, y0), (marked & pit_bit(side, p)) != 0) + "\n";
  return out;
}

std::string_view pit_css() {
  return ".pit{fill:#fff;stroke:#8a7a5c;stroke-width:1.5}"
         ".house{fill:#fff3cf;stroke:#b8860b;stroke-width:3}"
         ".block{fill:#fbe3e0;stroke:#c0392b;stroke-width:2;stroke-dasharray:4 2}"
         ".ring{fill:none;stroke:#c2185b;stroke-width:3}"
         ".name{font:10px sans-serif;text-anchor:middle;fill:#6b6b6b}"
         ".count{font:bold 15px sans-serif;text-anchor:middle;fill:#222}"
         ".changed{fill:#c2185b}"
         ".legend{font:12px sans-serif;fill:#333}";
}

int legend_width(bool marked) {
  return (marked ? 4 : 3) * kLegendItem;
}

std::string legend(bool marked, double x0, double y0) {
  const Geometry& g = kLabelled;
  struct Sample {
    const char* cls;
    bool house;
    bool ring;
    const char* text;
  };
  const std::array<Sample, 4> samples{{
      {"pit", false, false, "pit: its name, then its seeds"},
      {"pit house", true, false, "house (nyumba)"},
      {"pit block", false, false, "blocked pit"},
      {"pit", false, true, "differs between the boards after"},
  }};
  const std::size_t n = marked ? samples.size() : samples.size() - 1;
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    const Sample& s = samples[i];
    const Point c{x0 + static_cast<double>(i) * kLegendItem + g.cell / 2.0, y0 + g.cell / 2.0};
    if (s.ring) out += outline("ring", c, g.radius + 3.5, s.house);
    out += outline(s.cls, c, g.radius, s.house);
    out += fmt::format(R"(<text class="name" x="{}" y="{}">A1</text>)", num(c.x), num(c.y - 7));
    out += fmt::format(R"(<text class="count{}" x="{}" y="{}">3</text>)", s.ring ? " changed" : "",
                       num(c.x), num(c.y + 11));
    out += fmt::format(R"(<text class="legend" x="{}" y="{}">{}</text>)", num(c.x + g.radius + 10),
                       num(c.y + 4), s.text);
  }
  return out + "\n";
}

std::string legend_svg(bool marked) {
  return fmt::format(
             R"(<svg class="legend-box" xmlns="http://www.w3.org/2000/svg" version="1.1" )"
             R"(width="{0}" height="{1}" viewBox="0 0 {0} {1}" role="img" aria-label="legend">)",
             legend_width(marked), kLabelled.cell) +
         legend(marked, 0, 0) + "</svg>\n";
}

}  // namespace bao::svg
