// A step-through replay of one traced move, for the HTML reports (the
// checker's report.html, oracle/checker/report_html.cpp, and the divergence
// report's witnesses, oracle/diverge/report.cpp).
//
// widget() writes a placeholder element holding the move's data: the board
// before, the trace's events as a small JSON array and the board the move
// recorded after. script() (once per page, after the widgets) turns each
// placeholder into a board with next and previous buttons and a slider:
// it applies the events itself to the board before, one per step, and
// draws the result with the pit of the current event ringed, the event and
// its clause id as text. So stepping to the end and comparing with the
// recorded board is a real check of the trace, which the page's self-test
// (window.baoSelfTest(), or the page opened with #selftest) runs over every
// replay. Without script the placeholder stays empty and the page's static
// boards are all there is.
//
// What the steps replay: the seeds in every pit, house and block status,
// and the reserves; stores and the side to move are not traced event by
// event, so the final comparison leaves them out.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/position.hpp"
#include "oracle/core/trace.hpp"

namespace bao::replay {

// One traced move: what the replay starts from, the events, and the board
// they must lead to.
struct Move {
  std::string title;  // the caption on the replayed board, plain text
  Position before;
  std::vector<Event> events;
  Position after;
  // A CSS selector of a figure to show beside the replay (a copy of it),
  // looked up within the replay row's parent element; empty for none.
  std::string beside;
};

// The placeholder element of one replay: an empty <div class="replay"> with
// the data as attributes. Valid XML; the JSON holds only numbers and clause
// ids. A page that holds any needs script() once, anywhere.
std::string widget_of(const Move& move);

// The JSON of the data alone (the data-replay attribute): {"p": board
// before, "f": board after, "c": clause ids, "e": events}, a board as
// {"n": 32 seed counts as a string of digits (one character each, see
// replay.cpp), South's pits then North's in circuit order, "h": house pit
// bits, "k": block pit bits, "r": [South's reserve, North's]}, each of the
// last three left out when it is 0 (or [0,0]), the events as
// one string of four digits each: kind, pit (global index), count (for an
// end, its reason), clause (index in "c"); two or more sowings along a
// circuit in one direction with one clause are one event of a kind past
// the trace's own (forward, then back), from the first pit, the count
// their number. With `page_clauses` the clauses are numbered in that list
// of the page's instead, new ones appended, and "c" is left out. With
// Before::AsPrevious "p" is left out: the move starts from the board of the
// widget before it in the page.
enum class Before { Written, AsPrevious };
std::string data_json(const Move& move, std::vector<ClauseId>* page_clauses = nullptr,
                      Before before = Before::Written);

// The inline script, in a <script> element: its text holds no '<' and no
// '&', so HTML and XML parsers read it alike. It adds the replays' style
// sheet to the page itself, and waits for the whole page before it looks
// for replays, so it may come before them.
std::string script();

// The replays of one page: the first widget comes with the script, so a
// page written in parts needs no step of its own to add it. The widgets
// share one list of clause ids, written once by clause_table() (a page
// holds hundreds of traces that cite the same few dozen clauses).
class PageReplays {
 public:
  std::string widget(const Move& move);
  // The page's clause ids, which its widgets' data number: an empty
  // element to write once anywhere in the page, after the last widget is
  // made; empty when the page has no widget.
  std::string clause_table() const;

 private:
  bool script_written_ = false;
  std::vector<ClauseId> clauses_;
  std::optional<Position> last_before_;  // of the last widget, for Before::AsPrevious
};

}  // namespace bao::replay
