// A witness as a picture: the position drawn once per ruleset of the pair,
// four rows of pits with their counts, houses and blocks, and the path of
// the move that ruleset plays there, from its trace (docs/divergence.md,
// "Pictures"). Plain SVG 1.1, no scripts, no external references.
//
// The same drawing goes into a page and into a file of its own. It is kept
// small because a report holds hundreds of them: the empty board (frame,
// pits, pit names) is drawn once per page or file and placed with <use>,
// the position's counts are drawn once and placed again for the second
// ruleset, a path is one <path> per kind, and coordinates are whole pixels.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "oracle/core/files.hpp"
#include "oracle/diverge/pages.hpp"
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
constexpr double kArrow = 5;                                   // arrowhead length
constexpr double kArrowHalf = 3.5;                             // and half its width

using svg::Point;

// A coordinate as a whole number of pixels: the pits sit on whole pixels,
// and a path's ends are drawn no finer than that.
long px(double v) {
  return std::lround(v);
}

// Where a pit is drawn (oracle/notation/board_svg.hpp): North's back row on
// top, then North's front row, South's front row, South's back row. A1 is
// bottom left and faces a8.
Point centre(Side side, Pit p, int x0) {
  return svg::centre(svg::kLabelled, side, p, x0, kTitle);
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

// Whether a segment ends in an arrowhead.
enum class Head { None, Arrow };

// Path data for segments, written relative to the pen so that each
// segment after the first costs a few characters ("m-40 0h-8"). A segment
// or an arrowhead already drawn is not drawn again: a long move that laps
// the board many times draws each hop once, which looks the same.
class PathData {
 public:
  // A segment from pit to pit, cut back to the pits' edges so that the
  // counts stay readable; with an open arrowhead at its end when `head`.
  void segment(Point a, Point b, Head head) {
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double len = std::sqrt(dx * dx + dy * dy);
    if (len < 2 * kRadius) return;
    const double ux = dx / len;
    const double uy = dy / len;
    const double cut = kRadius + 1;
    const long x1 = px(a.x + ux * cut);
    const long y1 = px(a.y + uy * cut);
    const long x2 = px(b.x - ux * cut);
    const long y2 = px(b.y - uy * cut);
    if (drawn_.insert({x1, y1, x2, y2, 0}).second) {
      move_to(x1, y1);
      if (y2 == y1)
        d_ += fmt::format("h{}", x2 - x1);
      else if (x2 == x1)
        d_ += fmt::format("v{}", y2 - y1);
      else
        d_ += fmt::format("l{} {}", x2 - x1, y2 - y1);
      x_ = x2;
      y_ = y2;
    }
    if (head == Head::None || !drawn_.insert({x1, y1, x2, y2, 1}).second) return;
    // The arrowhead's two barbs, relative to the tip.
    const long lx = px(-ux * kArrow - uy * kArrowHalf);
    const long ly = px(-uy * kArrow + ux * kArrowHalf);
    const long rx = px(-ux * kArrow + uy * kArrowHalf);
    const long ry = px(-uy * kArrow - ux * kArrowHalf);
    move_to(x2, y2);
    d_ += fmt::format("m{} {}l{} {} {} {}", lx, ly, -lx, -ly, rx, ry);
    x_ += rx;
    y_ += ry;
  }
  const std::string& data() const { return d_; }

 private:
  void move_to(long x, long y) {
    if (d_.empty())
      d_ += fmt::format("M{} {}", x, y);
    else if (x != x_ || y != y_)
      d_ += fmt::format("m{} {}", x - x_, y - y_);
    x_ = x;
    y_ = y;
  }
  std::string d_;
  long x_ = 0;
  long y_ = 0;
  std::set<std::array<long, 5>> drawn_;  // ends of the segments drawn, 1 for a head
};

// Marks placed on a board, each once: a pit lifted ten times in a long
// move gets one ring.
class Marks {
 public:
  void add(std::string mark) {
    if (seen_.insert(mark).second) text_ += mark;
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  std::set<std::string> seen_;
};

// The pieces of one board's move path, each kind gathered into one element.
struct PathParts {
  PathData sow;
  PathData enter;    // drawn dashed
  Marks marks;       // rings, squares and letters, one element each
  std::string part;  // the ring round the parting step
  std::array<std::vector<int>, 2 * kPitsPerSide> visits;  // sowing step numbers per pit
};

// A mark defined once with the empty board (`<board><name>`), placed at `c`.
std::string placed(std::string_view board_id, std::string_view name, Point c) {
  return fmt::format(R"(<use href="#{}{}" x="{}" y="{}"/>)", board_id, name, px(c.x), px(c.y));
}

// One trace step drawn into `out`; `cursor` is where the last seed went,
// and `head` says whether the step ends its lap's sowing.
void draw_event(const Event& e, Head head, int x0, std::string_view board_id,
                std::optional<Point>& cursor, int& sown, PathParts& out) {
  const Point c = centre(e.side, e.pit, x0);
  switch (e.kind) {
    case EventKind::Place:
      out.marks.add(placed(board_id, "s", {c.x + 14, c.y - 14}));
      break;
    case EventKind::Lift:
    case EventKind::Relay:
    case EventKind::Safari:
      out.marks.add(placed(board_id, "l", c));
      cursor = c;
      break;
    case EventKind::Sow:
      if (cursor) out.sow.segment(*cursor, c, head);
      cursor = c;
      out.visits[slot(e.side, e.pit)].push_back(++sown);
      break;
    case EventKind::Capture:
      out.marks.add(placed(board_id, "c", c));
      cursor = c;
      break;
    case EventKind::Enter:
      if (cursor) out.enter.segment(*cursor, c, Head::Arrow);
      cursor = c;
      break;
    case EventKind::Stop:
      out.marks.add(placed(board_id, "e", {c.x + 11, c.y + 9}));
      break;
    case EventKind::BlockSet:
      out.marks.add(
          fmt::format(R"(<text class="mark" x="{}" y="{}">T</text>)", px(c.x + 13), px(c.y + 16)));
      break;
    default:
      break;
  }
}

// The move's path from its trace: where the reserve seed goes, what is
// lifted, each seed sown (numbered), captures and where they enter, where
// the move stops; the step where the traces part is ringed.
std::string path(const WitnessSide& side, int x0, std::string_view board_id) {
  PathParts parts;
  std::optional<Point> cursor;
  int sown = 0;
  // Long moves are drawn up to the parting step, at least kMaxDrawnEvents.
  const std::size_t limit =
      side.step == kNoStep ? kMaxDrawnEvents : std::max(kMaxDrawnEvents, side.step + 1);
  const std::size_t n = std::min(side.trace.size(), limit);
  for (std::size_t i = 0; i < n; ++i) {
    const Event& e = side.trace[i];
    const bool lap_ends = i + 1 == n || side.trace[i + 1].kind != EventKind::Sow;
    draw_event(e, lap_ends ? Head::Arrow : Head::None, x0, board_id, cursor, sown, parts);
    if (i == side.step) parts.part = placed(board_id, "r", centre(e.side, e.pit, x0));
  }
  std::string out = parts.marks.text();
  if (!parts.sow.data().empty())
    out += fmt::format(R"(<path class="sow" d="{}"/>)", parts.sow.data());
  if (!parts.enter.data().empty())
    out += fmt::format(R"(<path class="enter" d="{}"/>)", parts.enter.data());
  out += parts.part;
  // The step labels, one <text> per row of pits as the counts are.
  std::map<long, std::string> rows;  // by the labels' y
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (const auto& v = parts.visits[slot(s, p)]; !v.empty()) {
        const Point c = centre(s, p, x0);
        rows[px(c.y - kRadius - 2)] +=
            fmt::format(R"(<tspan x="{}">{}</tspan>)", px(c.x), step_label(v));
      }
  for (const auto& [y, labels] : rows)
    out += fmt::format(R"(<text class="step" y="{}">{}</text>)", y, labels);
  return out + "\n";
}

// What the board's second title line says the ruleset does.
std::string what_it_does(const Witness& w, const WitnessSide& side) {
  if (side.shown_move.empty())
    return w.move.empty() ? "no legal move" : fmt::format("{} not legal, no legal move", w.move);
  if (side.move_legal) return fmt::format("plays {} -> {}", side.shown_move, side.result_status);
  return fmt::format("{} not legal; nearest: {}", w.move, side.shown_move);
}

// What a board's footer tells: the side to move, reserves and stores, and
// the parting step; or the parting step only, on the second board, which
// shows the same position.
enum class Footer { Full, PartingOnly };

std::string footer(const Position& pos, const WitnessSide& side, Footer what) {
  const bool parts = side.step != kNoStep && side.step < side.trace.size();
  if (what == Footer::PartingOnly)
    return parts ? fmt::format("parts at step {}", side.step + 1) : "";
  std::string out = fmt::format("{} to move", pos.to_move == Side::South ? "South" : "North");
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    out += fmt::format(", reserves S {} N {}", pos.hand[0], pos.hand[1]);
  if (pos.store[0] != 0 || pos.store[1] != 0)
    out += fmt::format(", stores S {} N {}", pos.store[0], pos.store[1]);
  if (parts) out += fmt::format("; parts at step {}", side.step + 1);
  return out;
}

// One ruleset's board: the position (drawn, or placed again from `reuse`),
// its titles, its footer and its move's path.
std::string board(const Witness& w, const WitnessSide& side, const Position& pos, int x0,
                  std::string_view board_id, std::string_view position_layer) {
  std::string out = std::string(position_layer);
  out += fmt::format(R"(<text class="title" x="{}" y="18">{}</text>)", x0 + kMargin,
                     xml_escape(side.ruleset));
  out += fmt::format(R"(<text class="what" x="{}" y="36">{}</text>)", x0 + kMargin,
                     xml_escape(what_it_does(w, side)));
  if (const std::string f = footer(pos, side, x0 == 0 ? Footer::Full : Footer::PartingOnly);
      !f.empty())
    out += fmt::format(R"(<text class="what" x="{}" y="{}">{}</text>)", x0 + kMargin,
                       kTitle + 4 * kCell + 22, xml_escape(f));
  return out + "\n" + path(side, x0, board_id);
}

// The empty board: its frame and pits (`<id>p`), then the pit names
// (`<id>n`), drawn in two layers so that a house or a block drawn over a
// pit does not hide its name; and the shapes placed on it, each centred
// on (0, 0): a house (`h`), a blocked pit (`k`), a blocked house (`hk`),
// a lifted pit's ring (`l`), a captured pit's (`c`), the parting step's
// (`r`), the reserve seed placed (`s`) and the stop (`e`).
std::string empty_board(std::string_view id) {
  std::string pits = fmt::format(R"(<rect class="frame" x="2" y="2" width="{}" height="{}"/>)",
                                 kBoardWidth - 4, kBoardHeight - 4);
  std::string names;
  for (Side side : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p) {
      const Point c = centre(side, p, 0);
      pits +=
          fmt::format(R"(<circle class="pit" cx="{}" cy="{}" r="{}"/>)", px(c.x), px(c.y), kRadius);
      names += fmt::format(R"(<tspan x="{}" y="{}">{}</tspan>)", px(c.x), px(c.y - 7),
                           pit_name(side, p));
    }
  std::string out = fmt::format(R"(<g id="{0}p">{1}</g>)"
                                "\n"
                                R"(<g id="{0}n"><text class="name">{2}</text></g>)"
                                "\n",
                                id, pits, names);
  for (const auto& [name, cls] : {std::pair{"h", "pit house"}, std::pair{"hk", "pit house block"}})
    out +=
        fmt::format(R"(<rect id="{}{}" class="{}" x="{}" y="{}" width="{}" height="{}" rx="5"/>)",
                    id, name, cls, -kRadius, -kRadius, 2 * kRadius, 2 * kRadius);
  out += fmt::format(R"(<circle id="{}k" class="pit block" r="{}"/>)", id, kRadius);
  out += fmt::format(R"(<circle id="{}l" class="lift" r="{}"/>)", id, kRadius + 3);
  out += fmt::format(R"(<circle id="{}c" class="capture" r="{}"/>)", id, kRadius + 3);
  out += fmt::format(R"(<circle id="{}r" class="part" r="{}"/>)", id, kRadius + 7);
  out += fmt::format(R"(<circle id="{}s" class="place" r="5"/>)", id);
  out += fmt::format(R"(<rect id="{}e" class="stop" width="8" height="8"/>)", id);
  return out + "\n";
}

// A house or a blocked pit, placed over the empty board's pit.
std::string pit_status(const Position& pos, Side side, Pit p, std::string_view board_id) {
  const bool house = pos.has_house(side, p);
  const bool blocked = pos.is_blocked(side, p);
  if (!house && !blocked) return {};
  return placed(board_id, house ? (blocked ? "hk" : "h") : "k", centre(side, p, 0));
}

// The seed counts, one <text> per row; an empty pit shows none.
std::string counts(const Position& pos) {
  std::string out;
  for (int row = 0; row < 4; ++row) {
    const Side side = row < 2 ? Side::North : Side::South;
    const bool front = row == 1 || row == 2;
    std::string spans;
    double y = 0;
    for (int number = 1; number <= kRowLength; ++number) {
      const Pit p = front ? front_pit(number) : back_pit(number);
      const Point c = centre(side, p, 0);
      y = c.y + 11;
      if (pos.at(side, p) != 0)
        spans += fmt::format(R"(<tspan x="{}">{}</tspan>)", px(c.x), pos.at(side, p));
    }
    if (!spans.empty()) out += fmt::format(R"(<text class="count" y="{}">{}</text>)", px(y), spans);
  }
  return out;
}

// The position on the board at x = 0, as one group `id` that the second
// board places again.
std::string position_layer(const Position& pos, std::string_view board_id, std::string_view id) {
  std::string status;
  for (Side side : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p) status += pit_status(pos, side, p, board_id);
  return fmt::format(R"(<g id="{0}"><use href="#{1}p"/>{2}<use href="#{1}n"/>{3}</g>)"
                     "\n",
                     id, board_id, status, counts(pos));
}

// Where a picture goes: a file of its own names SVG's namespace and
// version; in a page, the HTML parser puts <svg> in that namespace itself.
enum class Placement { File, Page };

std::string_view svg_attributes(Placement where) {
  return where == Placement::File ? R"( xmlns="http://www.w3.org/2000/svg" version="1.1")" : "";
}

std::string svg_open(const Witness& w, int height, Placement where) {
  const int width = 2 * kBoardWidth + kGap;
  return fmt::format(
      R"(<svg{3} width="{0}" height="{1}" viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)"
      "\n",
      width, height,
      xml_escape(fmt::format("the witness under {} and {}", w.a.ruleset, w.b.ruleset)),
      svg_attributes(where));
}

// Both boards, the first drawing the position as `<prefix>-pos`, the
// second placing it again; the empty board is `#<board_id>p`/`n`.
std::string boards(const Witness& w, std::string_view prefix, std::string_view board_id) {
  const Position pos = parse_bpn(w.position).value();
  const std::string layer_id = xml_escape(fmt::format("{}-pos", prefix));
  std::string out = board(w, w.a, pos, 0, board_id, position_layer(pos, board_id, layer_id));
  out += board(w, w.b, pos, kBoardWidth + kGap, board_id,
               fmt::format(R"(<use href="#{}" x="{}"/>)", layer_id, kBoardWidth + kGap));
  return out;
}

}  // namespace

std::string_view witness_css() {
  return ".frame{fill:#fbf7ef;stroke:#b9a888}"
         ".title{font:bold 14px sans-serif;fill:#222}"
         ".what{font:12px sans-serif;fill:#333}"
         ".step{font:9px sans-serif;fill:#1f5fbf;text-anchor:middle}"
         ".mark{font:bold 12px sans-serif;fill:#c0392b}"
         ".sow,.enter{fill:none;stroke-width:1.6}"
         ".sow{stroke:#1f5fbf}"
         ".enter{stroke:#c0392b;stroke-dasharray:5 3}"
         ".lift{fill:none;stroke:#1f5fbf;stroke-width:2.5}"
         ".capture{fill:none;stroke:#c0392b;stroke-width:2.5}"
         ".place{fill:#2e8b57}"
         ".stop{fill:#222}"
         ".part{fill:none;stroke:#c2185b;stroke-width:3;stroke-dasharray:6 3}";
}

std::string page_board_defs() {
  return fmt::format(
      R"(<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{}</defs></svg>)"
      "\n",
      empty_board(kPageBoard));
}

std::string witness_svg(const Witness& w, std::string_view id_prefix) {
  const std::string board_id = xml_escape(fmt::format("{}-b", id_prefix));
  std::string out = svg_open(w, kBoardHeight + kLegend, Placement::File);
  out += fmt::format("<defs>{}</defs>\n<style>{}{}</style>\n", empty_board(board_id),
                     svg::pit_css(), witness_css());
  out += boards(w, id_prefix, board_id);
  out += svg::legend(false, kMargin, kBoardHeight);
  out += "</svg>\n";
  return out;
}

std::string page_witness_svg(const Witness& w, std::string_view id_prefix) {
  return svg_open(w, kBoardHeight, Placement::Page) + boards(w, id_prefix, kPageBoard) + "</svg>\n";
}

std::string page_position_svg(const Position& pos, std::string_view id, std::string_view caption) {
  std::string out = fmt::format(
      R"(<svg width="{0}" height="{1}" viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)"
      "\n",
      kBoardWidth, kBoardHeight, xml_escape(caption));
  out += position_layer(pos, kPageBoard, id);
  out +=
      fmt::format(R"(<text class="title" x="{}" y="18">{}</text>)", kMargin, xml_escape(caption));
  out += fmt::format(R"(<text class="what" x="{}" y="{}">{}</text>)", kMargin,
                     kTitle + 4 * kCell + 22, xml_escape(footer(pos, WitnessSide{}, Footer::Full)));
  return out + "</svg>\n";
}

}  // namespace bao::diverge
