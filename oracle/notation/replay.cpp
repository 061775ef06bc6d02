// The step-through replay of a traced move (replay.hpp).
#include "oracle/notation/replay.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/notation/board_svg.hpp"

namespace bao::replay {
namespace {

// The replays' data is small numbers (pit counts, pits, event kinds, clause
// indexes), each written as one character of this alphabet, which needs no
// escaping in a JSON string or an attribute in single quotes; a number
// from kDigitBase up is the escape '~' and two digits. The script reads it
// back with the same alphabet (@DIGITS@).
constexpr std::string_view kDigits =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.:!*+~";
constexpr int kDigitBase = static_cast<int>(kDigits.size()) - 1;  // '~' escapes

void append_digit(std::string& out, int n) {
  if (n >= 0 && n < kDigitBase) {
    out += kDigits[static_cast<std::size_t>(n)];
    return;
  }
  const int v = n < 0 ? 0 : n;  // no negative value is written
  out += kDigits.back();
  out += kDigits[static_cast<std::size_t>(v / kDigitBase % kDigitBase)];
  out += kDigits[static_cast<std::size_t>(v % kDigitBase)];
}

std::string board_json(const Position& pos) {
  std::string counts;
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p) append_digit(counts, pos.at(s, p));
  // No houses, no blocks and no reserves are left out: most boards have
  // none of one or the other.
  std::string out = fmt::format(R"({{"n":"{}")", counts);
  if (pos.house != 0) out += fmt::format(R"(,"h":{})", pos.house);
  if (pos.block != 0) out += fmt::format(R"(,"k":{})", pos.block);
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    out += fmt::format(R"(,"r":[{},{}])", pos.hand[0], pos.hand[1]);
  return out + "}";
}

// Event kinds past the trace's own: a run of sowings, one seed a pit along
// a side's circuit, forward (pit + 1) or back (pit - 1), written as one
// event whose count is the run's length. Long moves are mostly sowing.
constexpr int kSowForward = static_cast<int>(kLastEventKind) + 1;
constexpr int kSowBack = static_cast<int>(kLastEventKind) + 2;

// +1 or -1 when `next` sows the pit after `e`'s on the same circuit with
// the same clause, else 0.
int sow_step(const Event& e, const Event& next) {
  if (e.kind != EventKind::Sow || next.kind != EventKind::Sow || e.side != next.side ||
      e.clause != next.clause)
    return 0;
  const int d = (next.pit - e.pit + kPitsPerSide) % kPitsPerSide;
  return d == 1 ? 1 : d == kPitsPerSide - 1 ? -1 : 0;
}

// A JSON array of an enum's names, one per value from 0.
template <class Enum>
std::string names_json() {
  std::string out;
  for (std::string_view name : enum_names(Enum{})) {
    if (!out.empty()) out += ',';
    out += fmt::format("\"{}\"", name);
  }
  return "[" + out + "]";
}

// The widget's code. It is kept free of '<' and '&' (comparisons are
// written with '>' and no '&&' is used), so that the page is the same
// document to an HTML parser, which reads a script's text raw, and to an
// XML one, which would read those as markup. @KINDS@, @REASONS@ and the
// geometry names are filled in from the C++ side so both agree.
constexpr std::string_view kScript = R"JS(
(function () {
  'use strict';
  var errors = [];
  var previousHandler = window.onerror;
  window.onerror = function (message, source, line) {
    errors.push(String(message) + ' (line ' + line + ')');
    return previousHandler ? previousHandler.apply(this, arguments) : false;
  };
  var NS = 'http://www.w3.org/2000/svg';
  var KINDS = @KINDS@, SOW_FORWARD = KINDS.length, SOW_BACK = KINDS.length + 1;
  var DIGITS = '@DIGITS@', BASE = DIGITS.length - 1;
  var REASONS = @REASONS@;
  var COUNTED = ['lift', 'capture', 'enter', 'relay', 'safari'];
  var CELL = @CELL@, RADIUS = @RADIUS@, MARGIN = @MARGIN@, TOP = 42;
  var WIDTH = 2 * MARGIN + 8 * CELL, HEIGHT = TOP + 4 * CELL + 28;
  var widgets = [];
  var style = document.createElement('style');
  style.textContent = '@CSS@';
  document.head.appendChild(style);

  function bit(mask, g) { return Math.floor(mask / Math.pow(2, g)) % 2; }
  function sideOf(g) { return Math.floor(g / 16); }
  function pitName(g) {
    var p = g % 16;
    var name = p >= 8 ? 'B' + (16 - p) : 'A' + (p + 1);
    return sideOf(g) ? name.toLowerCase() : name;
  }
  // Where a pit is drawn, as board_svg.cpp's centre(): North's back row on
  // top, then North's front row, South's front row, South's back row.
  function centre(g) {
    var p = g % 16, front = 8 > p, number = p >= 8 ? 16 - p : p + 1;
    var column = sideOf(g) ? 8 - number : number - 1;
    var row = sideOf(g) ? (front ? 1 : 0) : (front ? 2 : 3);
    return [MARGIN + column * CELL + CELL / 2, TOP + row * CELL + CELL / 2];
  }
  // The data's numbers, one character each of DIGITS, '~' and two more for
  // a large one (replay.cpp, append_digit).
  function reader(text) {
    var at = 0;
    function digit() { return DIGITS.indexOf(text.charAt(at++)); }
    return {
      more: function () { return at !== text.length; },
      next: function () {
        var d = digit();
        if (d !== BASE) return d;
        var high = digit();
        return high * BASE + digit();
      }
    };
  }
  function load(board) {
    var counts = reader(board.n), n = [];
    for (var g = 0; g !== 32; g++) n.push(counts.next());
    var s = { n: n, h: [], k: [], r: board.r ? board.r.slice() : [0, 0] };
    for (var g = 0; g !== 32; g++) { s.h.push(bit(board.h || 0, g)); s.k.push(bit(board.k || 0, g)); }
    return s;
  }
  // One event's effect on the board, as the turn engine makes it.
  function apply(s, e) {
    var g = e.pit;
    switch (e.kind) {
      case 'place': s.n[g] += 1; s.r[sideOf(g)] -= 1; break;
      case 'lift': case 'relay': case 'safari': case 'capture': s.n[g] -= e.count; break;
      case 'sow': s.n[g] += 1; break;
      case 'house-lost': s.h[g] = 0; break;
      case 'block': s.k[g] = 1; break;
      case 'unblock': s.k[g] = 0; break;
    }
  }
  function eventText(e) {
    if (e.kind === 'end') return 'end ' + e.reason;
    return e.kind + ' ' + pitName(e.pit) + (COUNTED.indexOf(e.kind) >= 0 ? ' ' + e.count : '');
  }
  // The pits (and reserves) where two boards differ.
  function differences(s, t) {
    var out = [];
    for (var g = 0; g !== 32; g++)
      if (s.n[g] !== t.n[g] || s.h[g] !== t.h[g] || s.k[g] !== t.k[g]) out.push(pitName(g));
    if (s.r[0] !== t.r[0] || s.r[1] !== t.r[1]) out.push('reserves');
    return out;
  }

  function node(name, attrs, parent) {
    var x = document.createElementNS(NS, name);
    for (var a in attrs) x.setAttribute(a, attrs[a]);
    if (parent) parent.appendChild(x);
    return x;
  }
  function text(parent, cls, x, y, content) {
    node('text', { 'class': cls, x: x, y: y }, parent).textContent = content;
  }
  function outline(parent, cls, c, r, house) {
    if (house) node('rect', { 'class': cls, x: c[0] - r, y: c[1] - r, width: 2 * r, height: 2 * r, rx: 5 }, parent);
    else node('circle', { 'class': cls, cx: c[0], cy: c[1], r: r }, parent);
  }
  // Whether pit g is the current event's (an end names no pit).
  function current(e, g) {
    if (!e) return false;
    if (e.kind === 'end') return false;
    return e.pit === g;
  }
  function draw(w) {
    var svg = w.svg, s = w.state, e = w.step ? w.events[w.step - 1] : null;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    node('rect', { 'class': 'frame', x: 1, y: 1, width: WIDTH - 2, height: HEIGHT - 2 }, svg);
    text(svg, 'title', MARGIN, 18, w.title);
    text(svg, 'what', MARGIN, 34, w.step ? 'step ' + w.step + ' of ' + w.events.length + ': ' + eventText(e) : 'before the move');
    for (var g = 0; g !== 32; g++) {
      var c = centre(g), house = s.h[g] === 1, group = node('g', {}, svg);
      if (current(e, g)) outline(group, 'cur', c, RADIUS + 3.5, house);
      outline(group, 'pit' + (house ? ' house' : '') + (s.k[g] ? ' block' : ''), c, RADIUS, house);
      text(group, 'name', c[0], c[1] - 7, pitName(g));
      text(group, 'count', c[0], c[1] + 11, String(s.n[g]));
    }
    text(svg, 'what', MARGIN, TOP + 4 * CELL + 19, 'reserves S ' + s.r[0] + ' N ' + s.r[1]);
    w.slider.value = String(w.step);
    var line = 'the board before the move; ' + w.events.length + ' events to step through';
    if (e) line = eventText(e) + ', clause ' + e.clause;
    if (w.step === w.events.length) {
      var d = differences(s, w.final);
      line += d.length ? '; the end differs from the recorded board after at ' + d.join(', ')
                       : '; the end matches the recorded board after';
    }
    w.line.textContent = line;
  }
  // Shows step `i`: the board before with the first i events applied.
  function go(w, i) {
    w.step = Math.max(0, Math.min(w.events.length, i));
    w.state = load(w.data.p);
    for (var j = 0; j !== w.step; j++) apply(w.state, w.events[j]);
    draw(w);
  }
  function button(parent, label, action) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', action);
    parent.appendChild(b);
  }
  // An event's clause: its number in the widget's own list, or in the
  // page's (PageReplays::clause_table()) when the widget has none.
  var pageClauses = null;
  function clauseName(data, i) {
    if (data.c) return data.c[i];
    if (!pageClauses) {
      var table = document.getElementById('replay-clauses');
      pageClauses = table ? table.getAttribute('data-names').split(' ') : [];
    }
    return pageClauses[i];
  }
  // The board before of the widget last built: a widget without "p"
  // starts where the one before it in the page did.
  var lastBefore = null;
  function build(el) {
    var data = JSON.parse(el.getAttribute('data-replay'));
    if (!data.p) data.p = lastBefore;
    lastBefore = data.p;
    var w = { el: el, data: data, title: el.getAttribute('data-title'), step: 0, events: [] };
    for (var r = reader(data.e); r.more();) {
      var code = r.next(), pit = r.next(), count = r.next(), clause = clauseName(data, r.next());
      if (code === SOW_FORWARD || code === SOW_BACK) {
        // A run of sowings along the side's circuit of 16 pits.
        var step = code === SOW_FORWARD ? 1 : 15;
        for (var j = 0; j !== count; j++)
          w.events.push({ kind: 'sow', pit: 16 * sideOf(pit) + (pit + j * step) % 16, count: 0, reason: '', clause: clause });
        continue;
      }
      var k = KINDS[code];
      w.events.push({ kind: k, pit: pit, count: count, reason: k === 'end' ? REASONS[count] : '', clause: clause });
    }
    w.final = load(data.f);
    var figure = document.createElement('figure');
    w.svg = node('svg', { 'class': 'board', width: WIDTH, height: HEIGHT, viewBox: '0 0 ' + WIDTH + ' ' + HEIGHT, role: 'img' }, figure);
    var controls = document.createElement('div');
    controls.className = 'replay-controls';
    button(controls, 'start', function () { go(w, 0); });
    button(controls, 'previous', function () { go(w, w.step - 1); });
    button(controls, 'next', function () { go(w, w.step + 1); });
    button(controls, 'end', function () { go(w, w.events.length); });
    w.slider = document.createElement('input');
    w.slider.type = 'range';
    w.slider.min = '0';
    w.slider.max = String(w.events.length);
    w.slider.setAttribute('aria-label', 'step');
    w.slider.addEventListener('input', function () { go(w, Number(w.slider.value)); });
    controls.appendChild(w.slider);
    figure.appendChild(controls);
    w.line = document.createElement('figcaption');
    w.line.className = 'replay-step';
    figure.appendChild(w.line);
    el.appendChild(figure);
    var beside = el.getAttribute('data-beside');
    var shown = null;
    if (beside) shown = el.parentNode.parentNode.querySelector(beside);
    if (shown) {
      var copy = shown.cloneNode(true);
      copy.removeAttribute('id');
      el.parentNode.insertBefore(copy, el.nextSibling);
    }
    go(w, 0);
    return w;
  }

  // Steps every replay of the page to its end and compares it with the
  // board the move recorded, and the drawn counts with the replayed ones.
  window.baoSelfTest = function () {
    var failures = [];
    widgets.forEach(function (w) {
      go(w, w.events.length);
      var d = differences(w.state, w.final);
      var drawn = w.svg.querySelectorAll('text.count');
      for (var g = 0; g !== 32; g++)
        if (drawn[g].textContent !== String(w.state.n[g])) d.push('drawn ' + pitName(g));
      w.events.forEach(function (e, i) {
        if (typeof e.clause !== 'string') d.push('no clause at step ' + (i + 1));
      });
      if (d.length) failures.push(w.title + ': ' + d.join(', '));
      go(w, 0);
    });
    return { replays: widgets.length, failures: failures, errors: errors.slice() };
  };

  function init() {
    var found = document.querySelectorAll('div.replay[data-replay]');
    for (var i = 0; i !== found.length; i++) {
      try { widgets.push(build(found[i])); } catch (x) { errors.push(String(x)); }
    }
    // #replay-step-N shows every replay at step N and records where the
    // first one's row is on the page, in pixels from the top (for a
    // picture of a replay in the middle of its move).
    var wanted = /^#replay-step-([0-9]+)$/.exec(window.location.hash);
    if (wanted) {
      widgets.forEach(function (w) { go(w, Number(wanted[1])); });
      if (widgets.length) {
        var row = widgets[0].el.parentNode.getBoundingClientRect();
        document.documentElement.setAttribute('data-replay-top', String(Math.round(row.top + window.scrollY)));
      }
    }
    if (window.location.hash !== '#selftest') return;
    var r = window.baoSelfTest();
    var verdict = 'replays=' + r.replays + ' failures=' + r.failures.length + ' errors=' + r.errors.length;
    document.documentElement.setAttribute('data-selftest', verdict);
    document.documentElement.setAttribute('data-selftest-detail', r.failures.concat(r.errors).join(' | '));
    document.title = 'selftest ' + verdict;
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
)JS";

// `text` with every `from` replaced by `to`.
std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t i = text.find(from); i != std::string::npos; i = text.find(from, i + to.size()))
    text.replace(i, from.size(), to);
  return text;
}

// `text` for an attribute in single quotes: only & < ' need entities
// there (the JSON of data_json() holds none of them: numbers and clause
// ids, but the guard keeps the page valid if it ever did).
std::string quoted_attribute(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '\'')
      out += "&apos;";
    else
      out += c;
  }
  return out;
}

// The replays' style sheet, which the script adds to the page: the board's
// own classes, each rule scoped to the replays so that the page's other
// pictures keep theirs. The pits' classes, svg::pit_css(), are the page's:
// every page with replays draws boards of its own.
std::string scoped_css() {
  std::string rules =
      ".frame{fill:#fbf7ef;stroke:#b9a888}"
      ".title{font:bold 14px sans-serif;fill:#222}"
      ".what{font:12px sans-serif;fill:#333}"
      ".cur{fill:none;stroke:#1565c0;stroke-width:3.5}"
      "figure{margin:0}"
      "svg{max-width:100%;height:auto}"
      ".replay-controls{display:flex;gap:6px;align-items:center;margin:4px 0}"
      ".replay-controls input{flex:1}"
      ".replay-step{font:13px sans-serif;max-width:412px}";
  std::string out = ".replays{display:flex;flex-wrap:wrap;gap:12px;margin-top:12px}";
  for (std::size_t at = 0, end = 0; (end = rules.find('}', at)) != std::string::npos; at = end + 1)
    out += ".replay " + rules.substr(at, end + 1 - at);
  return out;
}

}  // namespace

std::string data_json(const Move& move, std::vector<ClauseId>* page_clauses, Before before) {
  std::vector<ClauseId> own;
  std::vector<ClauseId>& clauses = page_clauses ? *page_clauses : own;
  std::string events;
  const std::vector<Event>& all = move.events;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Event& e = all[i];
    auto at = std::find(clauses.begin(), clauses.end(), e.clause);
    if (at == clauses.end()) at = clauses.insert(at, e.clause);
    // A run of two or more sowings in one direction is one event.
    const int step = i + 1 < all.size() ? sow_step(e, all[i + 1]) : 0;
    std::size_t run = 1;
    if (step != 0)
      while (i + run < all.size() && sow_step(all[i + run - 1], all[i + run]) == step) ++run;
    append_digit(events, run > 1 ? (step > 0 ? kSowForward : kSowBack) : static_cast<int>(e.kind));
    append_digit(events, global_pit(e.side, e.pit));
    append_digit(events, run > 1                    ? static_cast<int>(run)
                         : e.kind == EventKind::End ? static_cast<int>(e.reason)
                                                    : static_cast<int>(e.count));
    append_digit(events, static_cast<int>(at - clauses.begin()));
    i += run - 1;
  }
  const std::string p =
      before == Before::AsPrevious ? "" : fmt::format(R"("p":{},)", board_json(move.before));
  if (page_clauses)
    return fmt::format(R"({{{}"f":{},"e":"{}"}})", p, board_json(move.after), events);
  std::string ids;
  for (ClauseId c : clauses) {
    if (!ids.empty()) ids += ',';
    ids += fmt::format("\"{}\"", clause_name(c));
  }
  return fmt::format(R"({{{}"f":{},"c":[{}],"e":"{}"}})", p, board_json(move.after), ids, events);
}

namespace {

std::string widget_with(const Move& move, std::vector<ClauseId>* page_clauses, Before before) {
  std::string out = fmt::format(R"(<div class="replay" data-title="{}")", xml_escape(move.title));
  if (!move.beside.empty()) out += fmt::format(R"( data-beside="{}")", xml_escape(move.beside));
  // Single quotes round the JSON, whose own quotes then need no escaping.
  return out + fmt::format(" data-replay='{}'></div>\n",
                           quoted_attribute(data_json(move, page_clauses, before)));
}

}  // namespace

std::string widget_of(const Move& move) {
  return widget_with(move, nullptr, Before::Written);
}

// The script as the page carries it: without the indentation and the
// comment lines, which are for this file's reader. (No line of the script
// holds a string that starts a line or a "//" inside one.)
std::string compact(std::string_view code) {
  std::string out;
  for (std::size_t at = 0; at < code.size();) {
    std::size_t end = code.find('\n', at);
    if (end == std::string_view::npos) end = code.size();
    std::string_view line = code.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    if (line.empty() || line.starts_with("//")) continue;
    out += line;
    out += '\n';
  }
  return out;
}

std::string script() {
  std::string s = compact(kScript);
  s = replace_all(s, "@KINDS@", names_json<EventKind>());
  s = replace_all(s, "@DIGITS@", kDigits);
  s = replace_all(s, "@REASONS@", names_json<Reason>());
  s = replace_all(s, "@CELL@", std::to_string(svg::kLabelled.cell));
  s = replace_all(s, "@RADIUS@", std::to_string(svg::kLabelled.radius));
  s = replace_all(s, "@MARGIN@", std::to_string(svg::kLabelled.margin));
  s = replace_all(s, "@CSS@", scoped_css());
  return "<script>" + s + "</script>\n";
}

std::string PageReplays::widget(const Move& move) {
  const Before before =
      last_before_ && *last_before_ == move.before ? Before::AsPrevious : Before::Written;
  last_before_ = move.before;
  std::string out = widget_with(move, &clauses_, before);
  if (!script_written_) out = script() + out;
  script_written_ = true;
  return out;
}

std::string PageReplays::clause_table() const {
  if (!script_written_) return {};
  std::string names;
  for (ClauseId c : clauses_) {
    if (!names.empty()) names += ' ';
    names += clause_name(c);
  }
  return fmt::format(R"(<div id="replay-clauses" data-names="{}"></div>)"
                     "\n",
                     xml_escape(names));
}

}  // namespace bao::replay
