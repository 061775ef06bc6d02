// The divergence report's data files: report.json, each witness as a
// scenario file, and the report folder written in one step
// (docs/divergence.md). The pages and the Markdown are in report.cpp.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "oracle/catalog/sources.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/diverge/pages.hpp"
#include "oracle/notation/board_svg.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"

namespace bao::diverge {

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
  // Only a shard's report has the key: what `report merge` needs to put the
  // whole run's report together (the whole run's own report.json is as it
  // was before shards existed).
  if (r.shard_count > 1)
    j["shard"] = {
        {"index", r.shard_index}, {"count", r.shard_count}, {"scenarios", r.scenario_args}};
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
// three reports, the adjudication cards, the pair pages under pairs/ and
// the witnesses' scenarios and pictures. Anything else
// there (a README.md) is kept; a folder other than witnesses/ and pairs/ is refused
// (replace_folder in oracle/core/files.hpp).
bool owned_by_diverge(const std::filesystem::path& rel, bool is_folder) {
  if (is_folder) return rel == "witnesses" || rel == "pairs";
  if (rel.has_parent_path()) {
    if (rel.parent_path() == "pairs") return rel.extension() == ".html";
    return rel.parent_path() == "witnesses" &&
           (rel.extension() == ".yaml" || rel.extension() == ".svg");
  }
  return rel == "report.md" || rel == "report.html" || rel == "report.json" ||
         rel == "adjudication.html";
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
  set.folders = {"witnesses", "pairs"};  // there even when no pair disagrees
  set.files.emplace_back("report.json", render_json(report));
  set.files.emplace_back("report.md", render_markdown(report));
  for (HtmlPage& page : render_html_pages(report))
    set.files.emplace_back(std::move(page.path), std::move(page.text));
  // The whole set replaces the old one in one step: a run stopped at any
  // point leaves the old set or the new one, never a mix.
  if (auto ok = replace_folder(dir, set); !ok)
    return Error{fmt::format("--out: {}", ok.error().message)};
  return static_cast<int>(files.size());
}

}  // namespace bao::diverge
