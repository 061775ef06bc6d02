// The checker's HTML report, report.html (docs/checker.md, "report.html"):
// the content of report.md for a browser, with each witness drawn. One
// self-contained file: inline CSS and SVG, no external reference; one
// inline script turns the replays of the oracle's traces into step-through
// boards (notation/replay.hpp), and the page is whole without it. Every
// text from the engine (its name, moves, answers) goes through xml_escape,
// which also writes control bytes and bytes that are not UTF-8 as the text
// \xNN, so the page stays valid whatever it said.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/core/text.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/board_svg.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/replay.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check {
namespace {

using detail::Acceptance;
using detail::deviation_id;
using detail::deviations_by;
using detail::first_list;
using detail::interrupted_text;
using detail::ListItem;
using detail::origin_text;
using detail::probe_text;
using detail::reference_text;
using detail::stopped_text;
using detail::witness_id;

std::string h(std::string_view text) {
  return xml_escape(text);
}

std::string code(std::string_view text) {
  return fmt::format("<code>{}</code>", h(text));
}

// A clause: its id, citation and paraphrase; an id the catalogue does not
// hold as code alone.
std::string clause_html(const std::string& id) {
  const ClauseId c = find_clause(id);
  if (c == ClauseId::None) return code(id);
  const Clause& info = clause_info(c);
  return fmt::format("{} <span class=\"src\">({})</span>: {}", code(id), h(citation(info)),
                     h(info.paraphrase));
}

// ---- Boards ---------------------------------------------------------------------

constexpr svg::Geometry kGeo = svg::kLabelled;
constexpr int kTitle = 42;   // two title lines
constexpr int kFooter = 28;  // side to move, reserves, stores
constexpr int kWidth = svg::board_width(kGeo);
constexpr int kHeight = kTitle + 4 * kGeo.cell + kFooter;

// "South to move, reserves S 3 N 4, stores S 0 N 2".
std::string footer_text(const Position& pos) {
  std::string out = fmt::format("{} to move", pos.to_move == Side::South ? "South" : "North");
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    out += fmt::format(", reserves S {} N {}", pos.hand[0], pos.hand[1]);
  if (pos.store[0] != 0 || pos.store[1] != 0)
    out += fmt::format(", stores S {} N {}", pos.store[0], pos.store[1]);
  return out;
}

// The pits where two boards differ: seeds, house or block.
std::uint32_t differing_pits(const Position& x, const Position& y) {
  std::uint32_t bits = (x.house ^ y.house) | (x.block ^ y.block);
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (x.at(s, p) != y.at(s, p)) bits |= pit_bit(s, p);
  return bits;
}

// Whether what the footer shows differs.
bool footer_differs(const Position& x, const Position& y) {
  return x.to_move != y.to_move || x.hand != y.hand || x.store != y.store;
}

// One board as an <svg>: a title, a second line, the pits with their names
// (the `marked` ones ringed), the side to move and the reserves.
std::string board_svg(const Position& pos, std::string_view title, std::string_view what,
                      std::uint32_t marked, bool footer_marked) {
  std::string out = fmt::format(
      R"(<svg class="board" xmlns="http://www.w3.org/2000/svg" version="1.1" width="{0}" )"
      R"(height="{1}" viewBox="0 0 {0} {1}" role="img" aria-label="{2}">)"
      "\n",
      kWidth, kHeight, h(fmt::format("{}: {}", title, to_bpn(pos))));
  out += fmt::format(R"(<rect class="frame" x="1" y="1" width="{}" height="{}"/>)", kWidth - 2,
                     kHeight - 2);
  out += fmt::format(R"(<text class="title" x="{}" y="18">{}</text>)", kGeo.margin, h(title));
  out += fmt::format(R"(<text class="what" x="{}" y="34">{}</text>)", kGeo.margin, h(what));
  out += "\n" + svg::pits(pos, kGeo, 0, kTitle, marked);
  out += fmt::format(R"(<text class="what{}" x="{}" y="{}">{}</text>)",
                     footer_marked ? " changed" : "", kGeo.margin, kTitle + 4 * kGeo.cell + 19,
                     h(footer_text(pos) + (footer_marked ? " (differs)" : "")));
  return out + "</svg>\n";
}

// A figure: the board, or where there is none, the reason in its place;
// `cls` names it for the replay's copy (the engine's board after).
std::string figure(const std::optional<Position>& pos, std::string_view title,
                   std::string_view what, std::uint32_t marked, bool footer_marked,
                   std::string_view cls = "") {
  if (!pos)
    return fmt::format("<figure class=\"none{}{}\"><b>{}</b><br/>{}</figure>\n",
                       cls.empty() ? "" : " ", cls, h(title), h(what));
  return (cls.empty() ? std::string("<figure>") : fmt::format("<figure class=\"{}\">", cls)) +
         board_svg(*pos, title, what, marked, footer_marked) + "</figure>\n";
}

std::optional<Position> board(const std::string& bpn) {
  if (bpn.empty()) return std::nullopt;
  auto p = parse_bpn(bpn);
  if (!p) return std::nullopt;
  return *p;
}

// The engine's board after the disputed move: its answer to `play`.
const MoveAnswer* engine_play(const Finding& f) {
  for (const MoveAnswer& p : f.engine.plays)
    if (p.move == f.move) return &p;
  return nullptr;
}

// The oracle's trace of the disputed move, as a step-through replay
// (notation/replay.hpp) beside a copy of the engine's board after, which is
// all the engine tells of its move: the move played again, with a trace,
// from the board before by the oracle's reference (the ruleset with the
// witness's context of switches). Nothing when the oracle has no board
// after (the move is not legal for it).
std::string replay_html(const CheckResult& r, const Finding& f, const Position& before,
                        const std::optional<Position>& oracle) {
  if (!oracle) return {};
  const Ruleset* base = find_ruleset(f.ruleset.empty() ? r.options.ruleset : f.ruleset);
  if (base == nullptr) return {};
  const Expected<Ruleset> rules = apply_switch_ids(*base, f.context);
  if (!rules) return {};
  const Expected<Move> move = parse_move(f.move, before.to_move);
  if (!move) return {};
  Trace trace;
  if (!play(*rules, before, *move, &trace)) return {};
  const replay::Move m{fmt::format("oracle's trace of {}", f.move), before, trace.events(), *oracle,
                       "figure.engine"};
  return "<div class=\"replays\">\n" + replay::widget_of(m) + "</div>\n";
}

// The witness drawn: the board before the move, the engine's board after it
// and the oracle's, side by side, the pits where the two after boards
// differ ringed on both; a legend below; then the replay of the oracle's
// trace, shown where script runs.
std::string boards_html(const CheckResult& r, const Finding& f) {
  const std::optional<Position> before = board(f.position);
  if (!before) return {};
  std::string out = "<div class=\"boards\">\n";
  if (f.kind == FindingKind::DifferentStart) {
    // The two starts side by side.
    out += figure(before, "the ruleset's start", "as the set-up rule says", 0, false);
    out += figure(board(f.actual), "the engine's start", "its show after position start", 0, false);
    return out + "</div>\n" + svg::legend_svg(false);
  }
  out +=
      figure(before, "before", f.move.empty() ? "the position itself" : "move " + f.move, 0, false);
  if (f.move.empty()) return out + "</div>\n" + svg::legend_svg(false);
  // The engine's result: its answer to `play` (the finding's own `actual`
  // when that is what differs).
  std::optional<Position> engine;
  std::string engine_what;
  const MoveAnswer* play = engine_play(f);
  const std::string engine_bpn = f.kind == FindingKind::DifferentResult ? f.actual
                                 : play != nullptr && play->accepted    ? play->bpn
                                                                        : std::string();
  engine = board(engine_bpn);
  if (engine)
    engine_what = play != nullptr && !play->status.empty() ? "status " + play->status : "";
  else if (play != nullptr && !play->accepted)
    engine_what = "refused: " + play->refusal;
  else if (!engine_bpn.empty())
    engine_what = "not a board: " + engine_bpn;
  else
    engine_what = "not played: the engine was not asked to play it";
  const std::optional<Position> oracle = board(f.oracle_result);
  const std::string oracle_what =
      oracle ? "status " + f.oracle_result_status : "no board: the move is not legal here";
  const std::uint32_t marked = engine && oracle ? differing_pits(*engine, *oracle) : 0;
  const bool footer_marked = engine && oracle && footer_differs(*engine, *oracle);
  out += figure(engine, "engine after " + f.move, engine_what, marked, footer_marked, "engine");
  out += figure(oracle, fmt::format("oracle ({}) after {}", reference_text(r, f), f.move),
                oracle_what, marked, footer_marked);
  return out + "</div>\n" + svg::legend_svg(marked != 0) + replay_html(r, f, *before, oracle);
}

// The witness's details under its boards, as report.md lists them.
std::string witness_html(const CheckResult& r, const Finding& f) {
  std::string out = boards_html(r, f);
  out += fmt::format("<ul>\n<li>witness ({}): {}</li>\n", h(origin_text(f)), code(f.position));
  if (!f.impossible.empty())
    out += fmt::format("<li>no game reaches this position: {}</li>\n", h(f.impossible));
  if (!f.move.empty()) out += fmt::format("<li>move: {}</li>\n", code(f.move));
  out += fmt::format("<li>oracle ({}): {}</li>\n<li>engine: {}</li>\n", h(reference_text(r, f)),
                     code(f.expected), code(f.actual));
  if (const std::string diff = detail::pit_diff(f.expected, f.actual); !diff.empty())
    out += fmt::format("<li>differing pits (oracle -&gt; engine): {}</li>\n", h(diff));
  out +=
      fmt::format("<li>line from {}: {}</li>\n", f.start == "start" ? "the start" : code(f.start),
                  f.line.empty() ? "(none)" : code(join(f.line, " ")));
  if (f.minimise_steps > 0)
    out += fmt::format(
        "<li>the line reaches {} ({} seeds); the witness is that board with seeds taken away "
        "({}) while the engine still answers the same way</li>\n",
        code(f.found_at), f.found_seeds,
        detail::plural(static_cast<std::uint64_t>(f.minimise_steps), "cut"));
  out += "</ul>\n";
  out += fmt::format("<p>Reproduce:</p>\n<pre><code>{}</code></pre>\n", h(reproduce_command(r, f)));
  return out;
}

std::string scenario_link(const std::string& id) {
  return fmt::format("<p>Scenario: <a href=\"witnesses/{0}.yaml\">witnesses/{0}.yaml</a></p>\n",
                     h(id));
}

// ---- Sections -------------------------------------------------------------------

std::string diagnosis_html(const CheckResult& r) {
  const auto devs = deviations_by(r, Acceptance::Open);
  const auto acc = deviations_by(r, Acceptance::Accepted);
  std::string out = "<h2 id=\"diagnosis\">Diagnosis</h2>\n";
  // The list an author reads first, as report.md opens: one line per
  // deviation or unexplained group, most games first, with how sure.
  if (!devs.empty() || !r.findings.empty()) {
    const std::vector<ListItem> items = first_list(r);
    out += fmt::format(
        "<p class=\"verdict fail\"><b>{} departs from {} in {} way{}</b> (most games "
        "first):</p>\n",
        h(r.engine), h(r.options.ruleset), items.size(), items.size() == 1 ? "" : "s");
    out +=
        "<table class=\"first-list\">\n<tr><th>#</th><th>clause</th><th>what the engine "
        "does</th><th>games</th><th>how sure</th></tr>\n";
    for (std::size_t i = 0; i < items.size(); ++i)
      out += fmt::format(
          "<tr><td class=\"n\">{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td>"
          "</tr>\n",
          i + 1, code(items[i].clause), h(items[i].what), items[i].games, h(items[i].sure));
    out += "</table>\n";
  }
  if (devs.empty() && r.findings.empty())
    out += fmt::format(
        "<p class=\"verdict pass\"><b>{} plays {}</b>{} at every position checked.</p>\n",
        h(r.engine), h(r.options.ruleset),
        acc.empty() ? "" : fmt::format(", with {} accepted deviations,", acc.size()));
  else if (!devs.empty())
    out += fmt::format("<p><b>{} plays {} except:</b></p>\n", h(r.engine), h(r.options.ruleset));
  if (!r.deviations.empty()) {
    out +=
        "<table class=\"diagnosis\">\n<tr><th>#</th><th>clause</th><th>what the engine "
        "does</th><th>switch</th><th>games</th><th>positions</th><th>accepted</th></tr>\n";
    std::size_t i = 0;
    for (const auto* list : {&devs, &acc})
      for (const Deviation* d : *list) {
        const bool open = !d->accepted;
        const std::string number =
            open ? fmt::format("<a href=\"#deviation-{0}\">{0}</a>", ++i) : std::string();
        std::string accepted = open ? "no" : "yes";
        if (!open && !d->accept_reason.empty()) accepted += ": " + h(d->accept_reason);
        std::string meaning = h(d->meaning);
        if (!d->witness.impossible.empty())
          meaning += fmt::format(" <i>(shown only on positions no game reaches: {})</i>",
                                 h(d->witness.impossible));
        out += fmt::format(
            "<tr class=\"{}\"><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}{}</td><td "
            "class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>\n",
            open ? "open" : "accepted", number, code(d->clause), meaning, code(d->switch_id),
            d->plays_as.empty() ? "" : ", as " + code(d->plays_as), d->games, d->positions,
            accepted);
      }
    out += "</table>\n";
  }
  const auto faults = static_cast<std::size_t>(
      std::count_if(r.findings.begin(), r.findings.end(),
                    [](const Finding& f) { return f.kind == FindingKind::ProtocolFault; }));
  if (const std::size_t n = r.findings.size() - faults; n > 0)
    out += fmt::format(
        "<p>{} difference{} no switch explains: see <a "
        "href=\"#unexplained\">Unexplained</a>.</p>\n",
        n, n == 1 ? "" : "s");
  if (faults > 0)
    out += fmt::format(
        "<p>{} protocol fault{}: see <a href=\"#protocol-faults\">Protocol faults</a>.</p>\n",
        faults, faults == 1 ? "" : "s");
  if (!r.notation.empty()) {
    out += "<p>Notation differences (not rules findings):</p>\n<ul>\n";
    for (const NotationFinding& n : r.notation)
      out += fmt::format("<li>{}: {} results; {}</li>\n", h(n.what), n.count, h(n.description));
    out += "</ul>\n";
  }
  return out;
}

std::string run_html(const CheckResult& r) {
  const Stats& s = r.stats;
  std::string corpus;
  for (const std::string& p : r.options.corpus_paths) append_item(corpus, ", ", code(p));
  return fmt::format(
      "<h2 id=\"run\">Run</h2>\n<ul>\n<li>engine command: {}</li>\n<li>ruleset: {}</li>\n"
      "<li>seed: {}</li>\n<li>corpus (scenario positions some games start from): {}</li>\n"
      "<li>games: {}; positions compared: {}; moves compared: {}; positions skipped (the "
      "engine cannot represent them): {}; protocol requests: {} while playing the games, {} to "
      "shrink, settle and minimise</li>\n<li>games with a deviation, an unexplained difference "
      "or a fault: {}</li>\n{}</ul>\n",
      code(r.command), code(r.options.ruleset), r.options.seed, corpus.empty() ? "none" : corpus,
      s.games, s.positions, s.moves, s.skipped, s.requests, s.followup_requests, s.failing_games,
      probe_text(s).empty() ? "" : "<li>" + h(probe_text(s)) + "</li>\n");
}

std::string deviations_html(const CheckResult& r) {
  const auto devs = deviations_by(r, Acceptance::Open);
  if (devs.empty()) return {};
  std::string out = "<h2 id=\"deviations\">Deviations</h2>\n";
  for (std::size_t i = 0; i < devs.size(); ++i) {
    const Deviation& d = *devs[i];
    out += fmt::format(
        "<div class=\"finding\" id=\"deviation-{0}\">\n<h3>Deviation {0}: {1}</h3>\n"
        "<p class=\"clause\">{2}</p>\n<ul>\n<li>what the engine does: {3}</li>\n"
        "<li>switch: {4} ({5}{6})</li>\n",
        i + 1, code(d.clause), clause_html(d.clause), h(d.meaning), code(d.switch_id), h(d.kind),
        d.plays_as.empty() ? "" : ", the way of " + clause_html(d.plays_as));
    if (!d.also.empty())
      out +=
          fmt::format("<li>also answers alike at every witness: {}</li>\n", h(join(d.also, ", ")));
    out += fmt::format("<li>seen in {} games, at {} positions compared</li>\n</ul>\n", d.games,
                       d.positions);
    out += witness_html(r, d.witness);
    out += scenario_link(deviation_id(r, d)) + "</div>\n";
  }
  return out;
}

// The two lists of findings the deviations do not explain.
enum class Unexplained : std::uint8_t { Differences, ProtocolFaults };

// The unexplained differences, or the protocol faults, each numbered by its
// place among the run's findings as report.md numbers it.
std::string findings_html(const CheckResult& r, Unexplained which) {
  std::string out;
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    const bool fault = f.kind == FindingKind::ProtocolFault;
    if (fault != (which == Unexplained::ProtocolFaults)) continue;
    out +=
        fmt::format("<div class=\"finding\" id=\"unexplained-{}\">\n<h3>{}. {}{}</h3>\n", i + 1,
                    i + 1, h(to_string(f.kind)), f.move.empty() ? "" : " at move " + code(f.move));
    if (f.engine.fault)
      out += fmt::format("<p>Fault: {}: {}</p>\n", code(to_string(f.engine.fault->kind)),
                         code(protocol::describe(*f.engine.fault)));
    if (f.position.empty()) {  // a fault while starting the engine
      out += fmt::format(
          "<p>While starting the engine.</p>\n<ul>\n<li>expected: {}</li>\n<li>engine: "
          "{}</li>\n</ul>\n</div>\n",
          h(f.expected), code(f.actual));
      continue;
    }
    if (!f.clauses.empty())
      out += fmt::format("<p class=\"clause\">Departs at {}</p>\n<p>({})</p>\n",
                         clause_html(f.clauses.front()), h(f.departure));
    out += witness_html(r, f);
    out += fmt::format(
        "<p>{} games failed this way; found in game {} after {:.1f} s, {} shrink steps.</p>\n",
        f.occurrences, f.game, f.seconds, f.shrinks);
    if (!fault) out += scenario_link(witness_id(r, f, i));
    out += "</div>\n";
  }
  if (out.empty()) return out;
  return (which == Unexplained::ProtocolFaults ? "<h2 id=\"protocol-faults\">Protocol faults</h2>\n"
                                               : "<h2 id=\"unexplained\">Unexplained</h2>\n") +
         out;
}

std::string notation_html(const CheckResult& r) {
  if (r.notation.empty()) return {};
  std::string out = "<h2 id=\"notation\">Notation</h2>\n";
  for (const NotationFinding& n : r.notation)
    out += fmt::format(
        "<h3>{}</h3>\n<p>{}; {} results.</p>\n<p>Example: {} move {}</p>\n<ul>\n<li>oracle: "
        "{}</li>\n<li>engine: {}</li>\n</ul>\n",
        h(n.what), h(n.description), n.count, code(n.example.position), code(n.example.move),
        code(n.example.expected), code(n.example.actual));
  return out;
}

std::string coverage_html(const CheckResult& r) {
  const CoverageSummary c = coverage_summary(r.options.ruleset, r.stats);
  std::string out = fmt::format("<h2 id=\"coverage\">Coverage</h2>\n<p>Search: {}. {}.</p>\n",
                                h(to_string(r.options.search)), h(coverage_text(c)));
  auto list = [&](const std::vector<std::string>& ids) {
    std::string l;
    for (const std::string& id : ids) append_item(l, ", ", code(id));
    return l;
  };
  if (c.boundaries_never.empty() && c.clauses_never.empty()) return out;
  out += "<ul>\n";
  if (!c.boundaries_never.empty())
    out += fmt::format("<li>boundary sides no compared position met: {}</li>\n",
                       list(c.boundaries_never));
  if (!c.clauses_never.empty())
    out += fmt::format(
        "<li>clauses that no compared move's trace cited and no switch of theirs showed at: "
        "{}</li>\n",
        list(c.clauses_never));
  return out + "</ul>\n";
}

constexpr std::string_view kCss =
    "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1320px;padding:0 1em;"
    "color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:.3em .6em;vertical-align:top}"
    "th{background:#f3efe6}"
    "td.n{text-align:right}"
    "tr.accepted{color:#666}"
    "code,pre{background:#f5f5f5;padding:0 .2em}"
    "pre{padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}"
    ".src{color:#666}"
    ".verdict{font-size:17px;padding:.4em .6em;border-left:6px solid}"
    ".pass{border-color:#2e8b57;background:#eef8f1}"
    ".fail{border-color:#c0392b;background:#fbeeec}"
    ".finding{border-top:1px solid #ddd;margin-top:1.5em}"
    ".boards{display:flex;flex-wrap:wrap;gap:12px}"
    "figure{margin:0}"
    "figure.none{width:380px;padding:1em;border:1px dashed #b9a888;background:#fbf7ef}"
    "svg{max-width:100%;height:auto}"
    ".frame{fill:#fbf7ef;stroke:#b9a888}"
    ".title{font:bold 14px sans-serif;fill:#222}"
    ".what{font:12px sans-serif;fill:#333}";

}  // namespace

namespace detail {

std::string html_head(std::string_view title) {
  return html_page_open(title, std::string(kCss) + std::string(svg::pit_css())) +
         fmt::format("<h1>{}</h1>\n", h(title));
}

std::string html_tail(const Provenance& p) {
  return provenance_html(p) + std::string(kHtmlPageClose);
}

}  // namespace detail

std::string to_html(const CheckResult& r) {
  std::string out = detail::html_head(
      fmt::format("bao-oracle check: {} against {}", r.engine, r.options.ruleset));
  if (r.stats.interrupted)
    out += fmt::format("<p class=\"verdict fail\"><b>This run was {}</b>: {}.</p>\n",
                       h(interrupted_text(r)), detail::kInterruptedHolds);
  if (r.stats.stop_after > 0) out += fmt::format("<p>{}.</p>\n", h(stopped_text(r)));
  out += diagnosis_html(r);
  out += deviations_html(r);
  out += findings_html(r, Unexplained::Differences);
  out += findings_html(r, Unexplained::ProtocolFaults);
  out += notation_html(r);
  out += coverage_html(r);
  out += run_html(r);
  // The replays' script, once, after them all.
  if (out.find("<div class=\"replay\"") != std::string::npos) out += replay::script();
  return out + detail::html_tail(r.provenance);
}

}  // namespace bao::check
