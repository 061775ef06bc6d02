// A witness as a picture: the position drawn once per ruleset of the pair,
// four rows of pits with their counts, houses and blocks, and the path of
// the move that ruleset plays there, from its trace (docs/divergence.md,
// "Pictures"). Plain SVG 1.1, no scripts, no external references.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "oracle/diverge/diverge.hpp"
#include "oracle/notation/board_svg.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::diverge {
namespace {

constexpr int kCell = svg::kLabelled.cell;                     // pit spacing
constexpr int kRadius = svg::kLabelled.radius;                 // pit radius
constexpr int kMargin = svg::kLabelled.margin;                 // around a board
constexpr int kTitle = 44;                                     // two title lines
constexpr int kFooter = 34;                                    // reserves, side to move
constexpr int kBoardWidth = 2 * kMargin + kRowLength * kCell;  // one ruleset's board
constexpr int kBoardHeight = kTitle + 4 * kCell + kFooter;     // four rows
constexpr int kGap = 16;                                       // between the two boards
constexpr int kLegend = svg::kLabelled.cell;                   // the legend below them
constexpr std::size_t kMaxDrawnEvents = 160;                   // longer moves are cut short

using svg::num;
using svg::Point;

// Where a pit is drawn (oracle/notation/board_svg.hpp): North's back row on
// top, then North's front row, South's front row, South's back row. A1 is
// bottom left and faces a8.
Point centre(Side side, Pit p, int x0) {
  return svg::centre(svg::kLabelled, side, p, x0, kTitle);
}

// A segment from pit to pit, cut back to the pits' edges so that the counts
// stay readable.
std::string segment(Point a, Point b, std::string_view cls, std::string_view marker) {
  const double dx = b.x - a.x;
  const double dy = b.y - a.y;
  const double len = std::sqrt(dx * dx + dy * dy);
  if (len < 2 * kRadius) return {};
  const double ux = dx / len;
  const double uy = dy / len;
  const double cut = kRadius + 1;
  return fmt::format(R"(<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}"{}/>)", cls,
                     num(a.x + ux * cut), num(a.y + uy * cut), num(b.x - ux * cut),
                     num(b.y - uy * cut),
                     marker.empty() ? "" : fmt::format(R"x( marker-end="url(#{})")x", marker));
}

std::size_t slot(Side side, Pit p) {
  return static_cast<std::size_t>(side == Side::South ? 0 : kPitsPerSide) + p;
}

// The sowing steps that reach one pit, as one label above it: "7", "7,15",
// or the first step and how many more, "7 +4", so that a pit sown many times
// in a long move keeps a label that fits between its neighbours.
std::string step_label(const std::vector<int>& steps) {
  if (steps.size() == 1) return std::to_string(steps[0]);
  if (steps.size() == 2) return fmt::format("{},{}", steps[0], steps[1]);
  return fmt::format("{} +{}", steps[0], steps.size() - 1);
}

// The move's path from its trace: where the reserve seed goes, what is
// lifted, each seed sown (numbered), captures and where they enter, where
// the move stops; the step where the traces part is ringed.
std::string path(const WitnessSide& side, int x0, std::string_view arrow) {
  std::string out;
  std::optional<Point> cursor;
  int sown = 0;
  std::array<std::vector<int>, 2 * kPitsPerSide> visits;  // sowing step numbers per pit
  // Long moves are drawn up to the parting step, at least kMaxDrawnEvents.
  const std::size_t limit =
      side.step == kNoStep ? kMaxDrawnEvents : std::max(kMaxDrawnEvents, side.step + 1);
  const std::size_t n = std::min(side.trace.size(), limit);
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = side.trace[i];
    const Point c = centre(e.side, e.pit, x0);
    switch (e.kind) {
      case EventKind::Place:
        out += fmt::format(R"(<circle class="place" cx="{}" cy="{}" r="5"/>)", num(c.x + 14),
                           num(c.y - 14));
        break;
      case EventKind::Lift:
      case EventKind::Relay:
      case EventKind::Safari:
        out += fmt::format(R"(<circle class="lift" cx="{}" cy="{}" r="{}"/>)", num(c.x), num(c.y),
                           kRadius + 3);
        cursor = c;
        break;
      case EventKind::Sow:
        if (cursor) out += segment(*cursor, c, "sow", arrow);
        cursor = c;
        visits[slot(e.side, e.pit)].push_back(++sown);
        break;
      case EventKind::Capture:
        out += fmt::format(R"(<circle class="capture" cx="{}" cy="{}" r="{}"/>)", num(c.x),
                           num(c.y), kRadius + 3);
        cursor = c;
        break;
      case EventKind::Enter:
        if (cursor) out += segment(*cursor, c, "enter", arrow);
        cursor = c;
        break;
      case EventKind::Stop:
        out += fmt::format(R"(<rect class="stop" x="{}" y="{}" width="8" height="8"/>)",
                           num(c.x + 11), num(c.y + 9));
        break;
      case EventKind::BlockSet:
        out += fmt::format(R"(<text class="mark" x="{}" y="{}">T</text>)", num(c.x + 13),
                           num(c.y + 16));
        break;
      default:
        break;
    }
    if (i == side.step)
      out += fmt::format(R"(<circle class="part" cx="{}" cy="{}" r="{}"/>)", num(c.x), num(c.y),
                         kRadius + 7);
  }
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (const auto& v = visits[slot(s, p)]; !v.empty()) {
        const Point c = centre(s, p, x0);
        out += fmt::format(R"(<text class="step" x="{}" y="{}">{}</text>)", num(c.x),
                           num(c.y - kRadius - 2), step_label(v));
      }
  return out + "\n";
}

std::string board(const Witness& w, const WitnessSide& side, const Position& pos, int x0,
                  std::string_view arrow) {
  std::string out = fmt::format(R"(<rect class="frame" x="{}" y="2" width="{}" height="{}"/>)",
                                x0 + 2, kBoardWidth - 4, kBoardHeight - 4);
  std::string what;
  if (side.shown_move.empty())
    what = w.move.empty() ? "no legal move" : fmt::format("{} not legal, no legal move", w.move);
  else if (side.move_legal)
    what = fmt::format("plays {} -> {}", side.shown_move, side.result_status);
  else
    what = fmt::format("{} not legal; nearest: {}", w.move, side.shown_move);
  out += fmt::format(R"(<text class="title" x="{}" y="18">{}</text>)", x0 + kMargin,
                     html_escape(side.ruleset));
  out +=
      fmt::format(R"(<text class="what" x="{}" y="36">{}</text>)", x0 + kMargin, html_escape(what));
  out += "\n" + svg::pits(pos, svg::kLabelled, x0, kTitle) + path(side, x0, arrow);
  const double y = kTitle + 4 * kCell + 22;
  std::string footer = fmt::format("{} to move", pos.to_move == Side::South ? "South" : "North");
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    footer += fmt::format(", reserves S {} N {}", pos.hand[0], pos.hand[1]);
  if (pos.store[0] != 0 || pos.store[1] != 0)
    footer += fmt::format(", stores S {} N {}", pos.store[0], pos.store[1]);
  if (side.step != kNoStep && side.step < side.trace.size())
    footer += fmt::format("; parts at step {}", side.step + 1);
  out += fmt::format(R"(<text class="what" x="{}" y="{}">{}</text>)", x0 + kMargin, num(y),
                     html_escape(footer));
  return out + "\n";
}

}  // namespace

std::string witness_svg(const Witness& w, std::string_view id_prefix) {
  const Position pos = parse_bpn(w.position).value();
  const std::string arrow = fmt::format("{}-arrow", id_prefix);
  const int width = 2 * kBoardWidth + kGap;
  std::string out = fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{0}" height="{1}" )"
      R"(viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)"
      "\n",
      width, kBoardHeight + kLegend,
      html_escape(fmt::format("{} {} vs {} {}", w.position, w.a.ruleset, w.b.ruleset, w.move)));
  out += fmt::format(
      R"(<defs><marker id="{}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" )"
      R"(markerHeight="5" orient="auto"><path d="M0 0L10 5L0 10z" fill="#1f5fbf"/></marker>)"
      "</defs>\n",
      html_escape(arrow));
  out +=
      "<style>"
      ".frame{fill:#fbf7ef;stroke:#b9a888}" +
      std::string(svg::pit_css()) +
      ".title{font:bold 14px sans-serif;fill:#222}"
      ".what{font:12px sans-serif;fill:#333}"
      ".step{font:9px sans-serif;fill:#1f5fbf;text-anchor:middle}"
      ".mark{font:bold 12px sans-serif;fill:#c0392b}"
      ".sow{stroke:#1f5fbf;stroke-width:1.6}"
      ".enter{stroke:#c0392b;stroke-width:1.6;stroke-dasharray:5 3}"
      ".lift{fill:none;stroke:#1f5fbf;stroke-width:2.5}"
      ".capture{fill:none;stroke:#c0392b;stroke-width:2.5}"
      ".place{fill:#2e8b57}"
      ".stop{fill:#222}"
      ".part{fill:none;stroke:#c2185b;stroke-width:3;stroke-dasharray:6 3}"
      "</style>\n";
  out += board(w, w.a, pos, 0, arrow);
  out += board(w, w.b, pos, kBoardWidth + kGap, arrow);
  out += svg::legend(false, kMargin, kBoardHeight);
  out += "</svg>\n";
  return out;
}

}  // namespace bao::diverge
