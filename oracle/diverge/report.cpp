// The divergence report's pages and Markdown: report.md, the index
// report.html, a page per pair and the adjudication cards (docs/divergence.md).
// The data files (report.json, the witnesses' scenarios) and writing the
// folder are in report_files.cpp. Nothing in them depends on the time or the
// machine, so the same options give the same bytes.
#include <fmt/format.h>

#include <map>
#include <set>
#include <span>

#include "oracle/catalog/sources.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/diverge/pages.hpp"
#include "oracle/notation/board_svg.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"

namespace bao::diverge {
namespace {

// "1 position", "907 positions".
std::string positions_text(long n) {
  return fmt::format("{} position{}", n, n == 1 ? "" : "s");
}

std::string share(long n, long of) {
  if (of == 0) return "-";
  return fmt::format("{:.1f}%", 100.0 * static_cast<double>(n) / static_cast<double>(of));
}

// The pair of rulesets i and j (either order); nullptr when i == j. Pairs
// are listed (0,1), (0,2), ..., (1,2), ...
const PairReport* pair_at(const Report& r, std::size_t i, std::size_t j) {
  if (i == j) return nullptr;
  if (i > j) std::swap(i, j);
  const std::size_t n = r.rulesets.size();
  return &r.pairs[i * (2 * n - i - 1) / 2 + (j - i - 1)];
}

std::string pair_title(const PairReport& p) {
  return fmt::format("{} vs {}", p.a->id, p.b->id);
}

std::string kind_counts(const Group& g) {
  std::string out;
  for (int k = 0; k < kKinds; ++k)
    if (g.items[k] != 0)
      out += fmt::format("{}{} {}", out.empty() ? "" : ", ", to_string(static_cast<Kind>(k)),
                         g.items[k]);
  return out;
}

std::string skipped_text(const PairReport& p) {
  std::string out;
  for (const auto& [reason, n] : p.skipped)
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", reason, n);
  return out.empty() ? "none" : out;
}

std::string side_answer(const Witness& w, const WitnessSide& s) {
  std::string legal = s.legal.empty() ? "none" : fmt::format("{}", fmt::join(s.legal, " "));
  std::string out = fmt::format("legal moves {}; status {}", legal, s.status);
  if (s.shown_move.empty()) return out;
  if (s.move_legal)
    out += fmt::format("; {} leads to {} ({})", s.shown_move, s.result, s.result_status);
  else
    out += fmt::format("; {} is not legal, the nearest legal move {} leads to {} ({})", w.move,
                       s.shown_move, s.result, s.result_status);
  return out;
}

// The parting step as the trace writes it, with its clause.
std::string step_text(const WitnessSide& s) {
  if (s.step == kNoStep || s.step >= s.trace.size()) return {};
  const Event& e = s.trace[s.step];
  return fmt::format("{} [{}]", format_protocol_trace({e}), clause_name(e.clause));
}

// ---- Markdown -------------------------------------------------------------------

std::string md(std::string_view text) {
  return md_text(text);
}

std::string code(std::string_view text) {
  return md_code(text);
}

std::string md_cited(const Cited& c) {
  return c.clause == ClauseId::None ? md(c.label) : code(c.label);
}

std::string md_citation(std::string_view ruleset, const Cited& c) {
  if (c.clause == ClauseId::None)
    return fmt::format("- **{}**: {}, no clause (see docs/divergence.md)\n", md(ruleset),
                       md(c.label));
  const Clause& info = clause_info(c.clause);
  return fmt::format("- **{}** cites {} ({}; {}): {}\n", md(ruleset), code(info.name),
                     md(citation(info)), to_string(info.kind), md(info.paraphrase));
}

std::string md_matrix(const Report& r) {
  const std::size_t n = r.rulesets.size();
  std::string out = "| |";
  for (const Ruleset* b : r.rulesets) out += fmt::format(" {} |", md(b->id));
  out += "\n|---|";
  for (std::size_t j = 0; j < n; ++j) out += "---|";
  out += '\n';
  for (std::size_t i = 0; i < n; ++i) {
    out += fmt::format("| **{}** |", md(r.rulesets[i]->id));
    for (std::size_t j = 0; j < n; ++j) {
      const PairReport* c = pair_at(r, i, j);
      if (c == nullptr)
        out += " |";
      else
        out += fmt::format(" {} · {} · {} · {} |", c->compared, share(c->moves_differ, c->compared),
                           share(c->results_differ, c->compared),
                           share(c->outcomes_differ, c->compared));
    }
    out += '\n';
  }
  return out;
}

}  // namespace

// What a kind means, for the reader.
std::string_view kind_text(Kind k) {
  switch (k) {
    case Kind::OnlyA:
      return "the move is legal under the first ruleset only";
    case Kind::OnlyB:
      return "the move is legal under the second ruleset only";
    case Kind::Result:
      return "the move is legal under both and leads to different positions";
    case Kind::After:
      return "the move leads to the same position, which the rulesets judge differently";
    case Kind::Outcome:
      return "neither ruleset has a move, and they judge the game differently";
  }
  return "";
}

// How the witness position was reached.
std::string provenance(const Witness& w) {
  if (!w.scenario.empty())
    return w.line.empty() ? fmt::format("the position of scenario {}", w.scenario)
                          : fmt::format("scenario {} after its moves ({}, under {})", w.scenario,
                                        fmt::join(w.line, " "), w.origin);
  if (w.line.empty()) return fmt::format("the start position of {}", w.origin);
  return fmt::format("random play under {} from its start: {}", w.origin, fmt::join(w.line, " "));
}

std::string reproduce_command(const Report& r) {
  std::string ids;
  for (const Ruleset* rules : r.rulesets) append_item(ids, ",", rules->id);
  std::string out = fmt::format("bao-oracle diverge --rulesets {} --positions {} --seed {}", ids,
                                r.positions, r.seed);
  for (const std::string& s : r.scenario_args) out += fmt::format(" --scenarios {}", s);
  if (r.shard_count > 1) out += fmt::format(" --shard {}/{}", r.shard_index, r.shard_count);
  return out;
}

std::vector<WitnessFile> witness_files(const Report& report) {
  std::vector<WitnessFile> out;
  for (const PairReport& p : report.pairs)
    for (std::size_t g = 0; g < p.groups.size(); ++g)
      out.push_back({fmt::format("{}--{}--{:02}", p.a->id, p.b->id, g + 1), &p, &p.groups[g]});
  return out;
}

std::string render_markdown(const Report& r) {
  std::string ids;
  for (const Ruleset* rules : r.rulesets) append_item(ids, ", ", rules->id);
  std::string out = fmt::format("# Divergence report: {}\n\n", md(ids));
  out += fmt::format(
      "Where these rulesets answer the same position differently, and which clause of each "
      "rule text decides it. Generated by `bao-oracle diverge`; docs/divergence.md explains how "
      "to read it. The same command gives the same report, byte for byte:\n\n"
      "```sh\n{}\n```\n\n",
      reproduce_command(r));
  out += "## Corpus\n\n";
  out += fmt::format(
      "- {} positions of random play from each ruleset's start (seed {}):", r.positions, r.seed);
  for (const Ruleset* rules : r.rulesets)
    out += fmt::format(" {} {}{}", md(rules->id), r.walked.at(std::string(rules->id)),
                       rules == r.rulesets.back() ? "" : ",");
  out += ".\n";
  out += fmt::format(
      "- {} distinct positions from {} scenario files (the rule texts' examples "
      "and the clause scenarios).\n",
      r.scenario_positions, r.scenario_files);
  out += fmt::format("- {} of the {} positions were compared under at least one pair.\n\n",
                     r.corpus_compared, r.corpus);
  out += "## Summary\n\n";
  out +=
      "Each cell: positions compared · share whose legal move sets differ · share where a "
      "common move's result or status differs · share whose status (outcome) differs.\n\n";
  out += md_matrix(r);
  out += "\n| pair | compared | skipped | move sets | results | outcomes | groups |\n";
  out += "|---|---:|---|---:|---:|---:|---:|\n";
  for (const PairReport& p : r.pairs)
    out += fmt::format("| [{}](#{}-vs-{}) | {} | {} | {} | {} | {} | {} |\n", md(pair_title(p)),
                       p.a->id, p.b->id, p.compared, md(skipped_text(p)),
                       share(p.moves_differ, p.compared), share(p.results_differ, p.compared),
                       share(p.outcomes_differ, p.compared), p.groups.size());
  const std::vector<WitnessFile> files = witness_files(r);
  std::size_t f = 0;
  for (const PairReport& p : r.pairs) {
    out += fmt::format("\n## {}\n\n", md(pair_title(p)));
    out += fmt::format(
        "{} positions compared; skipped: {}. Move sets differ in {}, results in {}, outcomes in "
        "{}.\n\n",
        p.compared, md(skipped_text(p)), share(p.moves_differ, p.compared),
        share(p.results_differ, p.compared), share(p.outcomes_differ, p.compared));
    if (p.groups.empty()) {
      out += "No disagreement found.\n";
      continue;
    }
    out += fmt::format("| # | {} cites | {} cites | positions | disagreements | witness |\n",
                       md(p.a->id), md(p.b->id));
    out += "|---:|---|---|---:|---|---|\n";
    for (std::size_t g = 0; g < p.groups.size(); ++g) {
      const Group& gr = p.groups[g];
      out += fmt::format("| {} | {} | {} | {} | {} | [{}](witnesses/{}.yaml) |\n", g + 1,
                         md_cited(gr.a), md_cited(gr.b), gr.positions, md(kind_counts(gr)),
                         md(files[f + g].stem), files[f + g].stem);
    }
    for (std::size_t g = 0; g < p.groups.size(); ++g, ++f) {
      const Group& gr = p.groups[g];
      const Witness& w = gr.witness;
      out += fmt::format("\n### {} {}: {} vs {}\n\n", md(pair_title(p)), g + 1, md_cited(gr.a),
                         md_cited(gr.b));
      out += md_citation(p.a->id, gr.a);
      out += md_citation(p.b->id, gr.b);
      out += fmt::format("\nWitness ({} seeds; {}): {}{}.\n\n", w.seeds, kind_text(w.kind),
                         code(w.position),
                         w.move.empty() ? "" : fmt::format(", move {}", code(w.move)));
      out += fmt::format("- reached by {}\n", md(provenance(w)));
      for (const WitnessSide* s : {&w.a, &w.b}) {
        out += fmt::format("- {}: {}\n", md(s->ruleset), md(side_answer(w, *s)));
        if (const std::string st = step_text(*s); !st.empty())
          out += fmt::format("  - the traces part at step {}: {}\n", s->step + 1, code(st));
      }
      out += fmt::format("\n![{}](witnesses/{}.svg)\n", md(files[f].stem), files[f].stem);
    }
  }
  return out + "\n" + provenance_markdown(r.provenance);
}

// ---- HTML -----------------------------------------------------------------------
//
// report.html is a short index; each pair has a page of its own under
// pairs/, and adjudication.html holds a card for each group that sets two
// sources against each other (docs/divergence.md, "The HTML pages"). Every
// page is self-contained (inline CSS and SVG, no external reference) and
// XML-compatible, so a strict XML parser reads it whole.

namespace {

std::string h(std::string_view text) {
  return xml_escape(text);
}

std::string html_cited(const Cited& c) {
  if (c.clause == ClauseId::None) return fmt::format("<i>{}</i>", h(c.label));
  return fmt::format("<code>{}</code>", h(c.label));
}

// Where a page first cited a clause in full: the group's anchor and number.
struct FirstCited {
  std::string stem;
  std::size_t number = 0;
};
using CitedOnPage = std::map<ClauseId, FirstCited>;

// A group's clause with its citation and paraphrase; a clause an earlier
// group of the page cited keeps its paraphrase and links to that group for
// the citation, which a page would otherwise repeat dozens of times.
std::string html_citation(std::string_view ruleset, const Cited& c, const FirstCited& here,
                          CitedOnPage& page) {
  if (c.clause == ClauseId::None)
    return fmt::format("<li><b>{}</b>: {}, no clause</li>\n", h(ruleset), h(c.label));
  const Clause& info = clause_info(c.clause);
  const auto [at, first] = page.emplace(c.clause, here);
  const std::string source = first || at->second.stem == here.stem
                                 ? fmt::format("{}; {}", h(citation(info)), h(to_string(info.kind)))
                                 : fmt::format("cited in <a href=\"#{}\">group {}</a>",
                                               h(at->second.stem), at->second.number);
  return fmt::format(
      "<li><b>{}</b> cites <code>{}</code> <span class=\"src\">({})</span>: {}</li>\n", h(ruleset),
      h(info.name), source, h(info.paraphrase));
}

constexpr std::string_view kCss =
    "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;"
    "color:#222}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:.3em .6em;vertical-align:top}"
    "th{background:#f3efe6}"
    "td.n{text-align:right}"
    "code,pre{background:#f5f5f5;padding:0 .2em}"
    "pre{padding:.6em;overflow-x:auto}"
    ".src{color:#666}"
    ".cell{font-size:13px;white-space:nowrap}"
    "details{border-top:1px solid #ddd;padding:.3em 0}"
    "summary{cursor:pointer;font-weight:600}"
    ".sides td{width:50%}"
    ".nav{font-size:14px}"
    "svg{max-width:100%;height:auto}";

// The page's head and the opening of its body; `title` is plain text.
std::string page_open(std::string_view title) {
  return html_page_open(title, fmt::format("{}{}{}", kCss, svg::pit_css(), witness_css()));
}

std::string report_ids(const Report& r) {
  std::string ids;
  for (const Ruleset* rules : r.rulesets) append_item(ids, ", ", rules->id);
  return ids;
}

// A pair page's name under the report folder.
std::string pair_page(const PairReport& p) {
  return fmt::format("pairs/{}--{}.html", p.a->id, p.b->id);
}

// The way back to the index (and across to the cards), from a page one
// folder down (`up` "../") or beside it.
std::string nav(std::string_view up) {
  return fmt::format(
      "<p class=\"nav\"><a href=\"{0}report.html\">&#8592; the report's index</a> &#183; "
      "<a href=\"{0}adjudication.html\">adjudication cards</a></p>\n",
      up);
}

std::string pair_summary(const PairReport& pr) {
  return fmt::format(
      "<p>{} positions compared; skipped: {}. Move sets differ in {}, results in {}, outcomes "
      "in {}.</p>\n",
      pr.compared, h(skipped_text(pr)), share(pr.moves_differ, pr.compared),
      share(pr.results_differ, pr.compared), share(pr.outcomes_differ, pr.compared));
}

std::string groups_text(std::size_t n) {
  return n == 1 ? "1 group" : fmt::format("{} groups", n);
}

// ---- The index: report.html ----

std::string index_corpus(const Report& r) {
  std::string out = "<h2>Corpus</h2>\n<ul>\n";
  out += fmt::format(
      "<li>{} positions of random play from each ruleset's start (seed {}):", r.positions, r.seed);
  for (const Ruleset* rules : r.rulesets)
    out += fmt::format(" {} {}{}", h(rules->id), r.walked.at(std::string(rules->id)),
                       rules == r.rulesets.back() ? "" : ",");
  out += ".</li>\n";
  out += fmt::format(
      "<li>{} distinct positions from {} scenario files (the rule texts' examples and the clause "
      "scenarios).</li>\n",
      r.scenario_positions, r.scenario_files);
  out +=
      fmt::format("<li>{} of the {} positions were compared under at least one pair.</li>\n</ul>\n",
                  r.corpus_compared, r.corpus);
  return out;
}

// The matrix of pairs, each cell linking to its pair's page.
std::string index_matrix(const Report& r) {
  std::string out =
      "<h2>Summary</h2>\n<p>Each cell links to its pair's page: its groups of disagreements; "
      "positions compared; share whose legal move sets differ; share where a common move's "
      "result or status differs; share whose status (outcome) differs.</p>\n<table>\n"
      "<tr><th></th>";
  const std::size_t n = r.rulesets.size();
  for (const Ruleset* b : r.rulesets) out += fmt::format("<th>{}</th>", h(b->id));
  out += "</tr>\n";
  for (std::size_t i = 0; i < n; ++i) {
    out += fmt::format("<tr><th>{}</th>", h(r.rulesets[i]->id));
    for (std::size_t j = 0; j < n; ++j) {
      const PairReport* c = pair_at(r, i, j);
      if (c == nullptr) {
        out += "<td></td>";
        continue;
      }
      out += fmt::format(
          "<td class=\"cell\"><a href=\"{}\">{}</a><br/>{} compared<br/>moves {}<br/>results "
          "{}<br/>outcomes {}</td>",
          h(pair_page(*c)), groups_text(c->groups.size()), c->compared,
          share(c->moves_differ, c->compared), share(c->results_differ, c->compared),
          share(c->outcomes_differ, c->compared));
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string index_pairs(const Report& r) {
  std::string out =
      "<h2>Pairs</h2>\n<table>\n<tr><th>pair</th><th>compared</th><th>skipped</th><th>move "
      "sets</th><th>results</th><th>outcomes</th><th>groups</th></tr>\n";
  for (const PairReport& pr : r.pairs)
    out += fmt::format(
        "<tr><td><a href=\"{}\">{}</a></td><td class=\"n\">{}</td><td>{}</td><td "
        "class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
        "class=\"n\">{}</td></tr>\n",
        h(pair_page(pr)), h(pair_title(pr)), pr.compared, h(skipped_text(pr)),
        share(pr.moves_differ, pr.compared), share(pr.results_differ, pr.compared),
        share(pr.outcomes_differ, pr.compared), pr.groups.size());
  return out + "</table>\n";
}

// ---- A pair's page: pairs/<a>--<b>.html ----

// Groups open on arrival; the others are collapsed.
constexpr std::size_t kOpenGroups = 3;

// The clauses a group's filter matches: both sides' labels.
std::string filter_data(const Group& g) {
  return h(g.a.label + " " + g.b.label);
}

// A text box that hides the groups (and their lines in the contents) whose
// clauses do not hold the text typed, and opens a group a link points to.
// Without script the box stays hidden and every group shows. The script
// holds no '<' or '&', so the page stays XML.
constexpr std::string_view kFilterScript =
    "<script>\n"
    "(function(){var q=document.getElementById('q');"
    "document.getElementById('filter').hidden=false;"
    "q.addEventListener('input',function(){var t=q.value.trim().toLowerCase();"
    "document.querySelectorAll('[data-clauses]').forEach(function(e){"
    "e.hidden=t===''?false:e.getAttribute('data-clauses').toLowerCase().indexOf(t)===-1;});});"
    "function openTarget(){var d=document.getElementById(location.hash.slice(1));"
    "if(d?d.tagName==='DETAILS':false)d.open=true;}"
    "window.addEventListener('hashchange',openTarget);openTarget();})();\n"
    "</script>\n";

std::string pair_filter(const PairReport& pr) {
  std::set<std::string> clauses;
  for (const Group& g : pr.groups) clauses.insert({g.a.label, g.b.label});
  std::string out =
      "<p id=\"filter\" hidden=\"hidden\"><label>Filter by clause: <input id=\"q\" "
      "type=\"search\" list=\"clauses\" placeholder=\"a clause id or part of one\"/></label></p>\n"
      "<datalist id=\"clauses\">";
  // An option is no void element: HTML5 ends it with its end tag, not "/>".
  for (const std::string& c : clauses) out += fmt::format("<option value=\"{}\"></option>", h(c));
  return out + "</datalist>\n";
}

std::string pair_contents(const PairReport& pr, std::span<const WitnessFile> files) {
  std::string out = "<h2>Groups</h2>\n<ol class=\"toc\">\n";
  for (std::size_t g = 0; g < pr.groups.size(); ++g) {
    const Group& gr = pr.groups[g];
    out += fmt::format("<li data-clauses=\"{}\"><a href=\"#{}\">{} vs {}</a>: {}; {}</li>\n",
                       filter_data(gr), h(files[g].stem), html_cited(gr.a), html_cited(gr.b),
                       positions_text(gr.positions), h(kind_counts(gr)));
  }
  return out + "</ol>\n";
}

// The witness drawn on a pair's page: the one place that draws it there.
// Its ids are the group's number ("w12"), which is unique in the page and
// shorter than the stem.
std::string pair_witness_board(const WitnessFile& file) {
  return page_witness_svg(file.group->witness, "w" + file.stem.substr(file.stem.rfind('-') + 1));
}

std::string pair_group(const PairReport& pr, std::size_t g, const WitnessFile& file,
                       replay::PageReplays& replays, CitedOnPage& cited) {
  const Group& gr = pr.groups[g];
  const Witness& w = gr.witness;
  std::string out = fmt::format(
      "<details class=\"group\" id=\"{}\" data-clauses=\"{}\"{}>\n<summary>{}: {} vs {} "
      "<span class=\"src\">({}; {})</span></summary>\n<ul>\n",
      h(file.stem), filter_data(gr), g < kOpenGroups ? " open=\"open\"" : "", g + 1,
      html_cited(gr.a), html_cited(gr.b), positions_text(gr.positions), h(kind_counts(gr)));
  const FirstCited here{file.stem, g + 1};
  out += html_citation(pr.a->id, gr.a, here, cited);
  out += html_citation(pr.b->id, gr.b, here, cited);
  out += "</ul>\n";
  out += fmt::format("<p>Witness ({} seeds; {}): <code>{}</code>{}<br/>reached by {}</p>\n",
                     w.seeds, h(kind_text(w.kind)), h(w.position),
                     w.move.empty() ? "" : fmt::format(", move <code>{}</code>", h(w.move)),
                     h(provenance(w)));
  out += "<ul>\n";
  for (const WitnessSide* s : {&w.a, &w.b}) {
    out += fmt::format("<li><b>{}</b>: {}", h(s->ruleset), h(side_answer(w, *s)));
    if (const std::string st = step_text(*s); !st.empty())
      out += fmt::format("<br/>the traces part at step {}: <code>{}</code>", s->step + 1, h(st));
    out += "</li>\n";
  }
  out += "</ul>\n";
  out += pair_witness_board(file);
  out += witness_replays(w, replays);
  out += fmt::format(
      "<p>Scenario file: <a href=\"../witnesses/{0}.yaml\">witnesses/{0}.yaml</a></p>\n"
      "</details>\n",
      h(file.stem));
  return out;
}

std::string render_pair_page(const Report& r, const PairReport& pr,
                             std::span<const WitnessFile> files) {
  std::string out = page_open(fmt::format("Divergence: {} ({})", pair_title(pr), report_ids(r)));
  out += nav("../");
  out += fmt::format("<h1>{}</h1>\n<p>A pair of the divergence report on {}.</p>\n",
                     h(pair_title(pr)), h(report_ids(r)));
  out += pair_summary(pr);
  if (pr.groups.empty())
    return out + "<p>No disagreement found.</p>\n" + nav("../") + std::string(kHtmlPageClose);
  out += pair_filter(pr);
  out += pair_contents(pr, files);
  out += svg::legend_svg(false);
  out += page_board_defs();
  replay::PageReplays replays;
  CitedOnPage cited;
  for (std::size_t g = 0; g < pr.groups.size(); ++g)
    out += pair_group(pr, g, files[g], replays, cited);
  out += replays.clause_table();
  out += nav("../");
  out += kFilterScript;
  return out + std::string(kHtmlPageClose);
}

// ---- The adjudication cards: adjudication.html ----

std::string card_clause(const Cited& c) {
  if (c.clause == ClauseId::None) return fmt::format("<td><i>{}</i></td>", h(c.label));
  const Clause& info = clause_info(c.clause);
  return fmt::format("<td><code>{}</code><br/><span class=\"src\">{}; {}</span><br/>{}</td>",
                     h(info.name), h(citation(info)), h(to_string(info.kind)), h(info.paraphrase));
}

// "ap-zanzibar, ap-malawi-setup: X" for the rulesets of `verdicts` that
// take `stance`; empty when none does.
std::string stance_line(const std::vector<Verdict>& verdicts, Stance stance,
                        std::string_view answer) {
  std::string ids;
  for (const Verdict& v : verdicts)
    if (v.stance == stance) append_item(ids, ", ", v.ruleset);
  if (ids.empty()) return {};
  return fmt::format("<li data-stance=\"{}\"><b>{}</b>: {}</li>\n",
                     stance == Stance::WithA ? "a" : "b", h(ids), h(answer));
}

std::string answer_of(const std::vector<Verdict>& verdicts, std::string_view ruleset) {
  for (const Verdict& v : verdicts)
    if (v.ruleset == ruleset) return v.answer;
  return {};
}

// The rulesets that answer as neither side, those with the same answer on
// one line, and those that cannot hold the position, one line each.
std::string other_answers(const std::vector<Verdict>& verdicts) {
  std::vector<std::pair<std::string, std::string>> lines;  // (rulesets, answer)
  for (const Verdict& v : verdicts) {
    if (v.stance != Stance::Neither) continue;
    auto it = std::find_if(lines.begin(), lines.end(),
                           [&](const auto& line) { return line.second == v.answer; });
    if (it == lines.end())
      lines.emplace_back(v.ruleset, v.answer);
    else
      it->first += ", " + v.ruleset;
  }
  std::string out;
  for (const auto& [ids, answer] : lines)
    out += fmt::format("<li data-stance=\"neither\"><b>{}</b>: {}</li>\n", h(ids), h(answer));
  for (const Verdict& v : verdicts)
    if (v.stance == Stance::CannotHold)
      out += fmt::format("<li data-stance=\"cannot-hold\"><b>{}</b>: {}</li>\n", h(v.ruleset),
                         h(v.answer));
  return out;
}

// The witness drawn on a card: the one place that draws it there.
std::string card_board(const WitnessFile& file) {
  const Witness& w = file.group->witness;
  return page_position_svg(
      parse_bpn(w.position).value(), file.stem + "-c",
      w.move.empty() ? "the witness, no move" : fmt::format("the witness, move {}", w.move));
}

// The groups one card stands for: those of any pair that set the same two
// clauses against each other at the same witness (the pairs of Abstract
// Play's variants against the guide's often do), so that each conflict is
// adjudicated once.
struct CardGroups {
  std::vector<const WitnessFile*> files;  // the first one's orientation is shown
};

bool same_conflict(const WitnessFile& x, const WitnessFile& y) {
  const Group& gx = *x.group;
  const Group& gy = *y.group;
  const bool clauses = (gx.a == gy.a && gx.b == gy.b) || (gx.a == gy.b && gx.b == gy.a);
  return clauses && gx.witness.position == gy.witness.position &&
         gx.witness.move == gy.witness.move;
}

std::vector<CardGroups> cards_of(const std::vector<WitnessFile>& files) {
  std::vector<CardGroups> out;
  for (const WitnessFile& f : files) {
    if (!source_conflict(*f.group)) continue;
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const CardGroups& c) { return same_conflict(*c.files.front(), f); });
    if (it == out.end())
      out.push_back({{&f}});
    else
      it->files.push_back(&f);
  }
  return out;
}

// The rulesets of the card's groups that cite `c`, e.g. "ap-zanzibar, ap-bawo".
std::string citing(const CardGroups& card, const Cited& c) {
  std::vector<std::string_view> ids;
  for (const WitnessFile* f : card.files) {
    const std::string_view id = f->group->a == c ? f->pair->a->id : f->pair->b->id;
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  std::string out;
  for (std::string_view id : ids) append_item(out, ", ", id);
  return out;
}

// Where the card's groups are, each linked to its pair's page.
std::string card_groups(const CardGroups& card) {
  std::string out;
  for (const WitnessFile* f : card.files)
    append_item(
        out, "; ",
        fmt::format("<a href=\"{}#{}\">{}, group {}</a> ({})", h(pair_page(*f->pair)), h(f->stem),
                    h(pair_title(*f->pair)), f->stem.substr(f->stem.rfind('-') + 1),
                    positions_text(f->group->positions)));
  return out;
}

std::string card(const Report& r, const CardGroups& card, std::size_t number,
                 replay::PageReplays& replays) {
  const WitnessFile& file = *card.files.front();
  const PairReport& pr = *file.pair;
  const Group& g = *file.group;
  const Witness& w = g.witness;
  const std::vector<Verdict> verdicts = adjudicate(r, pr, g);
  const std::string answer_a = answer_of(verdicts, pr.a->id);
  const std::string answer_b = answer_of(verdicts, pr.b->id);
  std::string out = fmt::format(
      "<section class=\"card\" id=\"{}\">\n<h2>{}. {} vs {}</h2>\n<p class=\"src\">{}</p>\n",
      h(file.stem), number, html_cited(g.a), html_cited(g.b), card_groups(card));
  out += fmt::format(
      "<table class=\"sides\">\n<tr><th>{} cite{}</th><th>{} cite{}</th></tr>\n<tr>{}{}</tr>\n"
      "</table>\n",
      h(citing(card, g.a)), citing(card, g.a).find(',') == std::string::npos ? "s" : "",
      h(citing(card, g.b)), citing(card, g.b).find(',') == std::string::npos ? "s" : "",
      card_clause(g.a), card_clause(g.b));
  out += fmt::format("<p>Witness ({} seeds; {}): <code>{}</code>{}</p>\n", w.seeds,
                     h(kind_text(w.kind)), h(w.position),
                     w.move.empty() ? "" : fmt::format(", move <code>{}</code>", h(w.move)));
  out += card_board(file);
  out += witness_replays(w, replays);
  out +=
      "<p>Each of the report's rulesets, playing the witness, answers as:</p>\n"
      "<ul class=\"stances\">\n";
  out += stance_line(verdicts, Stance::WithA, answer_a);
  out += stance_line(verdicts, Stance::WithB, answer_b);
  out += other_answers(verdicts);
  return out + "</ul>\n</section>\n";
}

}  // namespace

std::string render_html(const Report& r) {
  const std::string ids = report_ids(r);
  std::string out = page_open(fmt::format("Divergence report: {}", ids));
  out += fmt::format("<h1>Divergence report: {}</h1>\n", h(ids));
  out += fmt::format(
      "<p>Where these rulesets answer the same position differently, and which clause of each "
      "rule text decides it. Generated by <code>bao-oracle diverge</code>; docs/divergence.md "
      "explains how to read it. The same command gives the same report, byte for byte:</p>\n"
      "<pre>{}</pre>\n",
      h(reproduce_command(r)));
  out += index_corpus(r);
  out += index_matrix(r);
  out += index_pairs(r);
  const std::vector<WitnessFile> files = witness_files(r);
  const std::vector<CardGroups> cards = cards_of(files);
  std::size_t conflicts = 0;
  for (const CardGroups& c : cards) conflicts += c.files.size();
  if (cards.empty())
    out +=
        "<p><a href=\"adjudication.html\">Adjudication cards</a>: none, as no group sets two "
        "sources' clauses against each other.</p>\n";
  else
    out += fmt::format(
        "<p><a href=\"adjudication.html\">Adjudication cards</a>: {} for the {} groups that set "
        "two sources' clauses against each other, with what every ruleset of the report answers "
        "at each witness.</p>\n",
        cards.size() == 1 ? "1 card" : fmt::format("{} cards", cards.size()), conflicts);
  out += provenance_html(r.provenance);
  return out + std::string(kHtmlPageClose);
}

std::string render_adjudication_html(const Report& r) {
  const std::string ids = report_ids(r);
  std::string out = page_open(fmt::format("Adjudication cards: {}", ids));
  out += nav("");
  out += fmt::format(
      "<h1>Adjudication cards: {}</h1>\n<p>One card for each conflict of the report between two "
      "sources' clauses (the groups, of any pair, that set the same two clauses against each "
      "other at the same witness): both clauses side by side, the witness, and which of the "
      "report's rulesets answer as which side when the witness is played under each of "
      "them.</p>\n",
      h(ids));
  const std::vector<WitnessFile> files = witness_files(r);
  const std::vector<CardGroups> groups = cards_of(files);
  if (groups.empty())
    return out + "<p>No group sets two sources against each other.</p>\n" + nav("") +
           std::string(kHtmlPageClose);
  std::string cards;
  replay::PageReplays replays;
  for (std::size_t n = 0; n < groups.size(); ++n) cards += card(r, groups[n], n + 1, replays);
  out += svg::legend_svg(false);
  out += page_board_defs();
  out += cards;
  out += replays.clause_table();
  out += nav("");
  return out + std::string(kHtmlPageClose);
}

std::vector<HtmlPage> render_html_pages(const Report& r) {
  std::vector<HtmlPage> out;
  out.push_back({"report.html", render_html(r)});
  out.push_back({"adjudication.html", render_adjudication_html(r)});
  const std::vector<WitnessFile> files = witness_files(r);
  std::size_t f = 0;
  for (const PairReport& pr : r.pairs) {
    out.push_back(
        {pair_page(pr), render_pair_page(r, pr, std::span(files).subspan(f, pr.groups.size()))});
    f += pr.groups.size();
  }
  return out;
}

}  // namespace bao::diverge
