// The report files: Markdown, a self-contained HTML page, JSON, and each
// witness as a scenario file and a picture (docs/divergence.md). Nothing in
// them depends on the time or the machine, so the same options give the same
// bytes.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "oracle/core/files.hpp"
#include "oracle/core/sources.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"

namespace bao::diverge {
namespace {

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

std::string html_escape(std::string_view text) {
  return xml_escape(text);
}

std::string reproduce_command(const Report& r) {
  std::string ids;
  for (const Ruleset* rules : r.rulesets) append_item(ids, ",", rules->id);
  std::string out = fmt::format("bao-oracle diverge --rulesets {} --positions {} --seed {}", ids,
                                r.positions, r.seed);
  for (const std::string& s : r.scenario_args) out += fmt::format(" --scenarios {}", s);
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

namespace {

std::string h(std::string_view text) {
  return html_escape(text);
}

std::string html_cited(const Cited& c) {
  if (c.clause == ClauseId::None) return fmt::format("<i>{}</i>", h(c.label));
  return fmt::format("<code>{}</code>", h(c.label));
}

std::string html_citation(std::string_view ruleset, const Cited& c) {
  if (c.clause == ClauseId::None)
    return fmt::format("<li><b>{}</b>: {}, no clause</li>\n", h(ruleset), h(c.label));
  const Clause& info = clause_info(c.clause);
  return fmt::format(
      "<li><b>{}</b> cites <code>{}</code> <span class=\"src\">({}; {})</span>: {}</li>\n",
      h(ruleset), h(info.name), h(citation(info)), h(to_string(info.kind)), h(info.paraphrase));
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
    ".witness{border-top:1px solid #ddd;margin-top:1.5em}"
    "svg{max-width:100%;height:auto}";

}  // namespace

std::string render_html(const Report& r) {
  std::string ids;
  for (const Ruleset* rules : r.rulesets) append_item(ids, ", ", rules->id);
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<title>Divergence report: {}</title>\n<style>{}</style>\n</head>\n<body>\n",
      h(ids), kCss);
  out += fmt::format("<h1>Divergence report: {}</h1>\n", h(ids));
  out += fmt::format(
      "<p>Where these rulesets answer the same position differently, and which clause of each "
      "rule text decides it. Generated by <code>bao-oracle diverge</code>; docs/divergence.md "
      "explains how to read it. The same command gives the same report, byte for byte:</p>\n"
      "<pre>{}</pre>\n",
      h(reproduce_command(r)));
  out += "<h2>Corpus</h2>\n<ul>\n";
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

  out +=
      "<h2>Summary</h2>\n<p>Each cell: positions compared; share whose legal move sets "
      "differ; share where a common move's result or status differs; share whose status "
      "(outcome) differs.</p>\n<table>\n<tr><th></th>";
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
          "<td class=\"cell\">{} compared<br/>moves {}<br/>results {}<br/>outcomes {}</td>",
          c->compared, share(c->moves_differ, c->compared), share(c->results_differ, c->compared),
          share(c->outcomes_differ, c->compared));
    }
    out += "</tr>\n";
  }
  out +=
      "</table>\n<table>\n<tr><th>pair</th><th>compared</th><th>skipped</th><th>move "
      "sets</th><th>results</th><th>outcomes</th><th>groups</th></tr>\n";
  for (const PairReport& pr : r.pairs)
    out += fmt::format(
        "<tr><td><a href=\"#{}--{}\">{}</a></td><td class=\"n\">{}</td><td>{}</td><td "
        "class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
        "class=\"n\">{}</td></tr>\n",
        h(pr.a->id), h(pr.b->id), h(pair_title(pr)), pr.compared, h(skipped_text(pr)),
        share(pr.moves_differ, pr.compared), share(pr.results_differ, pr.compared),
        share(pr.outcomes_differ, pr.compared), pr.groups.size());
  out += "</table>\n";

  const std::vector<WitnessFile> files = witness_files(r);
  std::size_t f = 0;
  replay::PageReplays replays;
  for (const PairReport& pr : r.pairs) {
    out += fmt::format("<h2 id=\"{}--{}\">{}</h2>\n", h(pr.a->id), h(pr.b->id), h(pair_title(pr)));
    out += fmt::format(
        "<p>{} positions compared; skipped: {}. Move sets differ in {}, results in {}, outcomes "
        "in {}.</p>\n",
        pr.compared, h(skipped_text(pr)), share(pr.moves_differ, pr.compared),
        share(pr.results_differ, pr.compared), share(pr.outcomes_differ, pr.compared));
    if (pr.groups.empty()) {
      out += "<p>No disagreement found.</p>\n";
      continue;
    }
    out += fmt::format(
        "<table>\n<tr><th>#</th><th>{} cites</th><th>{} cites</th><th>positions</th>"
        "<th>disagreements</th><th>witness</th></tr>\n",
        h(pr.a->id), h(pr.b->id));
    for (std::size_t g = 0; g < pr.groups.size(); ++g) {
      const Group& gr = pr.groups[g];
      out += fmt::format(
          "<tr><td class=\"n\"><a href=\"#{0}\">{1}</a></td><td>{2}</td><td>{3}</td><td "
          "class=\"n\">{4}</td><td>{5}</td><td><a href=\"witnesses/{0}.yaml\">{0}.yaml</a></td>"
          "</tr>\n",
          h(files[f + g].stem), g + 1, html_cited(gr.a), html_cited(gr.b), gr.positions,
          h(kind_counts(gr)));
    }
    out += "</table>\n";
    for (std::size_t g = 0; g < pr.groups.size(); ++g, ++f) {
      const Group& gr = pr.groups[g];
      const Witness& w = gr.witness;
      out += fmt::format("<div class=\"witness\" id=\"{}\">\n<h3>{} {}: {} vs {}</h3>\n<ul>\n",
                         h(files[f].stem), h(pair_title(pr)), g + 1, html_cited(gr.a),
                         html_cited(gr.b));
      out += html_citation(pr.a->id, gr.a);
      out += html_citation(pr.b->id, gr.b);
      out += "</ul>\n";
      out += fmt::format("<p>Witness ({} seeds; {}): <code>{}</code>{}<br/>reached by {}</p>\n",
                         w.seeds, h(kind_text(w.kind)), h(w.position),
                         w.move.empty() ? "" : fmt::format(", move <code>{}</code>", h(w.move)),
                         h(provenance(w)));
      out += "<ul>\n";
      for (const WitnessSide* s : {&w.a, &w.b}) {
        out += fmt::format("<li><b>{}</b>: {}", h(s->ruleset), h(side_answer(w, *s)));
        if (const std::string st = step_text(*s); !st.empty())
          out +=
              fmt::format("<br/>the traces part at step {}: <code>{}</code>", s->step + 1, h(st));
        out += "</li>\n";
      }
      out += "</ul>\n";
      out += witness_svg(w, files[f].stem);
      out += witness_replays(w, replays);
      out += fmt::format(
          "<p>Scenario file: <a href=\"witnesses/{0}.yaml\">witnesses/{0}.yaml</a></p>\n</div>\n",
          h(files[f].stem));
    }
  }
  out += provenance_html(r.provenance);
  out += "</body>\n</html>\n";
  return out;
}

// ---- JSON -----------------------------------------------------------------------

namespace {

nlohmann::ordered_json json_cited(const Cited& c) {
  nlohmann::ordered_json j;
  if (c.clause == ClauseId::None) {
    j["label"] = c.label;
    return j;
  }
  const Clause& info = clause_info(c.clause);
  j["clause"] = info.name;
  j["kind"] = to_string(info.kind);
  const RuleSource* source = source_for_file(info.source_file);
  j["source"] = source ? source->id : std::string_view{};
  j["source_title"] = source_title(info.source_file);
  j["source_file"] = info.source_file;
  j["section"] = info.section;
  j["paraphrase"] = info.paraphrase;
  return j;
}

nlohmann::ordered_json json_side(const WitnessSide& s) {
  nlohmann::ordered_json j;
  j["ruleset"] = s.ruleset;
  j["legal"] = s.legal;
  j["status"] = s.status;
  j["move_legal"] = s.move_legal;
  if (!s.shown_move.empty()) {
    j["shown_move"] = s.shown_move;
    j["result"] = s.result;
    j["result_status"] = s.result_status;
    // The trace up to a few steps past the parting step (or its start): a
    // cut-off move runs to thousands of steps.
    constexpr std::size_t kAfterStep = 4;
    constexpr std::size_t kWithoutStep = 40;
    const std::size_t shown =
        std::min(s.trace.size(), s.step == kNoStep ? kWithoutStep : s.step + kAfterStep);
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < shown; ++i)
      trace.push_back({{"event", format_protocol_trace({s.trace[i]})},
                       {"clause", clause_name(s.trace[i].clause)}});
    j["trace_length"] = s.trace.size();
    j["trace"] = std::move(trace);
  }
  if (s.step != kNoStep) j["parting_step"] = s.step;
  return j;
}

}  // namespace

std::string render_json(const Report& r) {
  nlohmann::ordered_json j;
  j["report"] = "bao-oracle divergence report";
  j["command"] = reproduce_command(r);
  nlohmann::ordered_json provenance;
  for (const auto& [name, v] : provenance_fields(r.provenance)) provenance[std::string(name)] = v;
  j["provenance"] = std::move(provenance);
  j["seed"] = r.seed;
  j["positions"] = r.positions;
  nlohmann::ordered_json rulesets = nlohmann::ordered_json::array();
  for (const Ruleset* rules : r.rulesets)
    rulesets.push_back(
        {{"id", rules->id},
         {"title", rules->title},
         {"source", source_for_file(rules->source_file) ? source_for_file(rules->source_file)->id
                                                        : std::string_view{}},
         {"source_file", rules->source_file}});
  j["rulesets"] = std::move(rulesets);
  nlohmann::ordered_json corpus;
  corpus["random_play"] = r.walked;
  corpus["scenario_positions"] = r.scenario_positions;
  corpus["scenario_files"] = r.scenario_files;
  corpus["positions"] = r.corpus;
  corpus["compared"] = r.corpus_compared;
  j["corpus"] = std::move(corpus);
  const std::vector<WitnessFile> files = witness_files(r);
  std::size_t f = 0;
  nlohmann::ordered_json pairs = nlohmann::ordered_json::array();
  for (const PairReport& p : r.pairs) {
    nlohmann::ordered_json jp;
    jp["a"] = p.a->id;
    jp["b"] = p.b->id;
    jp["compared"] = p.compared;
    jp["skipped"] = p.skipped;
    jp["moves_differ"] = p.moves_differ;
    jp["results_differ"] = p.results_differ;
    jp["outcomes_differ"] = p.outcomes_differ;
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    for (const Group& g : p.groups) {
      nlohmann::ordered_json jg;
      jg["a"] = json_cited(g.a);
      jg["b"] = json_cited(g.b);
      jg["positions"] = g.positions;
      nlohmann::ordered_json kinds;
      for (int k = 0; k < kKinds; ++k)
        if (g.items[k] != 0) kinds[std::string(to_string(static_cast<Kind>(k)))] = g.items[k];
      jg["disagreements"] = std::move(kinds);
      const Witness& w = g.witness;
      nlohmann::ordered_json jw;
      jw["file"] = fmt::format("witnesses/{}.yaml", files[f++].stem);
      jw["kind"] = to_string(w.kind);
      jw["position"] = w.position;
      jw["move"] = w.move;
      jw["seeds"] = w.seeds;
      jw["origin"] = w.origin;
      if (!w.scenario.empty()) jw["scenario"] = w.scenario;
      jw["line_start"] = w.line_start;
      jw["line"] = w.line;
      jw["a"] = json_side(w.a);
      jw["b"] = json_side(w.b);
      jg["witness"] = std::move(jw);
      groups.push_back(std::move(jg));
    }
    jp["groups"] = std::move(groups);
    pairs.push_back(std::move(jp));
  }
  j["pairs"] = std::move(pairs);
  // Text from outside (an engine's name, a scenario id) may hold bytes that
  // are not UTF-8: they are written as U+FFFD, so the file stays valid JSON.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// ---- Witness scenario files -------------------------------------------------------

namespace {

// A YAML double-quoted scalar (JSON's string syntax is a subset of it).
std::string q(std::string_view text) {
  return nlohmann::json(std::string(text))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string yaml_list(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) append_item(out, ", ", q(item));
  return "[" + out + "]";
}

// The trace items up to the parting step: the few before it for context, and
// the step itself with the clause that decided it.
std::vector<std::string> events_to_step(const WitnessSide& s) {
  constexpr std::size_t kContext = 3;
  std::vector<std::string> out;
  if (s.step == kNoStep || s.step >= s.trace.size()) return out;
  for (std::size_t i = s.step >= kContext ? s.step - kContext : 0; i <= s.step; ++i) {
    std::string item = format_protocol_trace({s.trace[i]});
    if (i == s.step && s.trace[i].clause != ClauseId::None)
      item += fmt::format(" [{}]", clause_name(s.trace[i].clause));
    out.push_back(item);
  }
  return out;
}

std::string yaml_side(const Witness& w, const WitnessSide& s) {
  std::string legal;
  for (const std::string& m : s.legal) append_item(legal, " ", m);
  std::string out = fmt::format("      {}:\n        - legal: {}\n        - status: {}\n", s.ruleset,
                                q(legal), q(s.status));
  if (!s.move_legal && !w.move.empty()) out += fmt::format("        - excludes: {}\n", q(w.move));
  if (!s.shown_move.empty()) {
    out += fmt::format("        - play: {}\n", q(s.shown_move));
    if (!s.move_legal) out += "          note: \"the nearest legal move, for comparison\"\n";
    out += fmt::format("          result: {}\n          status: {}\n", q(s.result),
                       q(s.result_status));
    if (const auto events = events_to_step(s); !events.empty())
      out += fmt::format("          events: {}\n", yaml_list(events));
  }
  return out;
}

std::string citation_source(const Cited& c) {
  if (c.clause == ClauseId::None) return {};
  return citation(clause_info(c.clause));
}

}  // namespace

std::string witness_yaml(const WitnessFile& file) {
  const Group& g = *file.group;
  const Witness& w = g.witness;
  std::vector<std::string> clauses;
  std::vector<std::string> sources;
  for (const Cited* c : {&g.a, &g.b}) {
    if (c->clause == ClauseId::None) continue;
    if (std::find(clauses.begin(), clauses.end(), c->label) == clauses.end())
      clauses.push_back(c->label);
    if (auto s = citation_source(*c); std::find(sources.begin(), sources.end(), s) == sources.end())
      sources.push_back(s);
  }
  std::string source = "divergence witness";
  for (const std::string& s : sources) source += "; " + s;
  const std::string note = fmt::format(
      "Divergence record written by bao-oracle diverge: the expectations are what each "
      "ruleset's oracle answers, recorded to pin the disagreement down, not worked out by hand "
      "from the rule texts. Group {} vs {} ({}). Reached by {}.",
      g.a.label, g.b.label, kind_text(w.kind), provenance(w));
  std::string out = fmt::format(
      "# Divergence witness {}: {} vs {}.\n"
      "# Generated by `{}`; do not edit by hand (docs/divergence.md).\n"
      "scenarios:\n"
      "  - id: {}\n"
      "    rulesets: {}\n"
      "    source: {}\n"
      "    clauses: {}\n"
      "    note: {}\n"
      "    position: {}\n"
      "    expect:\n",
      file.stem, file.pair->a->id, file.pair->b->id, "bao-oracle diverge",
      q("diverge-" + file.stem), yaml_list({w.a.ruleset, w.b.ruleset}), q(source),
      yaml_list(clauses), q(note), q(w.position));
  out += yaml_side(w, w.a);
  out += yaml_side(w, w.b);
  return out;
}

// ---- Files ------------------------------------------------------------------------

namespace {

// What `diverge` writes into its folder, and so replaces with each run: the
// three reports and the witnesses' scenarios and pictures. Anything else
// there (a README.md) is kept; a folder other than witnesses/ is refused
// (replace_folder in oracle/core/files.hpp).
bool owned_by_diverge(const std::filesystem::path& rel, bool is_folder) {
  if (is_folder) return rel == "witnesses";
  if (rel.has_parent_path())
    return rel.parent_path() == "witnesses" &&
           (rel.extension() == ".yaml" || rel.extension() == ".svg");
  return rel == "report.md" || rel == "report.html" || rel == "report.json";
}

}  // namespace

Expected<int> write_report(const Report& report, const std::string& dir) {
  // Everything is rendered before the first file is written.
  const std::vector<WitnessFile> files = witness_files(report);
  FileSet set;
  set.owns = owned_by_diverge;
  for (const WitnessFile& f : files) {
    set.files.emplace_back(fmt::format("witnesses/{}.yaml", f.stem), witness_yaml(f));
    set.files.emplace_back(fmt::format("witnesses/{}.svg", f.stem),
                           witness_svg(f.group->witness, f.stem));
  }
  set.folders = {"witnesses"};  // there even when no pair disagrees
  set.files.emplace_back("report.json", render_json(report));
  set.files.emplace_back("report.md", render_markdown(report));
  set.files.emplace_back("report.html", render_html(report));
  // The whole set replaces the old one in one step: a run stopped at any
  // point leaves the old set or the new one, never a mix.
  if (auto ok = replace_folder(dir, set); !ok)
    return Error{fmt::format("--out: {}", ok.error().message)};
  return static_cast<int>(files.size());
}

}  // namespace bao::diverge
