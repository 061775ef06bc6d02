// The merge of a sharded divergence run (`diverge --shard I/N`, then
// `report merge`; docs/divergence.md, "Sharded runs"): every shard's
// report.json is read back, the counts are added, each group keeps the
// smallest witness any shard found (the order the workers of one run use),
// and that witness is compared again by this build, which gives back the
// traces a report.json holds only in part. The result is the report of the
// unsharded run, so its files are that run's byte for byte.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <stdexcept>

#include "oracle/core/files.hpp"
#include "oracle/core/json_read.hpp"
#include "oracle/core/text.hpp"
#include "oracle/diverge/internal.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::diverge {
namespace {

using nlohmann::json;

constexpr std::string_view kReportName = "bao-oracle divergence report";

// One shard's report as read back: its counts and, per group, the identity
// of its witness (the traces are not needed: they are made again).
struct Part {
  std::string name;
  std::uint32_t index = 0;
  std::uint32_t count = 1;
  std::vector<std::string> scenario_args;
  Provenance provenance;
  Options options;  // rulesets, positions, seed: the run's options
  long scenario_files = 0;
  detail::Aggregate agg;
};

const Ruleset& ruleset_named(const std::string& id) {
  const Ruleset* rules = find_ruleset(id);
  if (rules == nullptr) throw std::runtime_error(fmt::format("unknown ruleset '{}'", id));
  return *rules;
}

Cited cited_from(const json& j) {
  if (!j.contains("clause")) return Cited{ClauseId::None, j.at("label").get<std::string>()};
  const auto name = j.at("clause").get<std::string>();
  const ClauseId id = find_clause(name);
  if (id == ClauseId::None)
    throw std::runtime_error(fmt::format("'{}' is not a clause id of the catalogue", name));
  return Cited{id, name};
}

Kind kind_from(const std::string& name) {
  if (const std::optional<Kind> k = enum_from_name<Kind>(name)) return *k;
  throw std::runtime_error(fmt::format("'{}' is not a kind of disagreement", name));
}

Witness witness_from(const json& j) {
  Witness w;
  w.kind = kind_from(j.at("kind").get<std::string>());
  w.position = j.at("position").get<std::string>();
  w.move = j.at("move").get<std::string>();
  w.seeds = whole<int>(j, "seeds");
  w.origin = j.at("origin").get<std::string>();
  w.scenario = j.value("scenario", std::string{});
  w.line_start = j.at("line_start").get<std::string>();
  w.line = j.at("line").get<std::vector<std::string>>();
  return w;
}

detail::PairAgg pair_from(const json& j) {
  detail::PairAgg p;
  p.compared = whole<long>(j, "compared");
  p.moves_differ = whole<long>(j, "moves_differ");
  p.results_differ = whole<long>(j, "results_differ");
  p.outcomes_differ = whole<long>(j, "outcomes_differ");
  for (const auto& [reason, n] : j.at("skipped").items())
    p.skipped[reason] = whole<long>(j.at("skipped"), reason.c_str());
  for (const json& jg : j.at("groups")) {
    detail::GroupAgg g;
    g.group.a = cited_from(jg.at("a"));
    g.group.b = cited_from(jg.at("b"));
    g.group.positions = whole<long>(jg, "positions");
    const json& kinds = jg.at("disagreements");
    for (const auto& [name, n] : kinds.items())
      g.group.items[static_cast<int>(kind_from(name))] = whole<long>(kinds, name.c_str());
    g.group.witness = witness_from(jg.at("witness"));
    g.has_witness = true;
    const std::pair key{g.group.a.label, g.group.b.label};
    if (!p.groups.try_emplace(key, std::move(g)).second)
      throw std::runtime_error(
          fmt::format("group {} vs {} is listed twice", key.first, key.second));
  }
  return p;
}

// Reads one report.json; a std::runtime_error or a json exception says
// what is wrong.
Part part_from(const json& j, const std::string& name) {
  if (j.value("report", std::string{}) != kReportName)
    throw std::runtime_error("not a divergence report ('report' key)");
  Part part;
  part.name = name;
  part.provenance = provenance_from_json(j.at("provenance"));
  part.options.seed = whole<std::uint64_t>(j, "seed");
  part.options.positions = whole<long>(j, "positions");
  if (j.contains("shard")) {
    const json& s = j.at("shard");
    part.index = whole<std::uint32_t>(s, "index");
    part.count = whole<std::uint32_t>(s, "count");
    if (part.count < 2 || part.count > kMaxShards || part.index >= part.count)
      throw std::runtime_error(fmt::format("shard: expected 0 <= index < count <= {}, got {}/{}",
                                           kMaxShards, part.index, part.count));
    part.scenario_args = s.at("scenarios").get<std::vector<std::string>>();
  }
  for (const json& r : j.at("rulesets"))
    part.options.rulesets.push_back(&ruleset_named(r.at("id").get<std::string>()));
  const std::size_t n = part.options.rulesets.size();
  if (n < 2) throw std::runtime_error("rulesets: fewer than two");
  const json& corpus = j.at("corpus");
  for (const auto& [id, count] : corpus.at("random_play").items()) {
    ruleset_named(id);
    part.agg.walked[id] = whole<long>(corpus.at("random_play"), id.c_str());
  }
  part.agg.scenario_positions = whole<long>(corpus, "scenario_positions");
  part.scenario_files = whole<long>(corpus, "scenario_files");
  part.agg.corpus = whole<long>(corpus, "positions");
  part.agg.corpus_compared = whole<long>(corpus, "compared");
  const json& pairs = j.at("pairs");
  if (pairs.size() != n * (n - 1) / 2)
    throw std::runtime_error(
        fmt::format("pairs: {} rulesets make {} pairs, not {}", n, n * (n - 1) / 2, pairs.size()));
  std::size_t p = 0;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b, ++p) {
      const json& jp = pairs.at(p);
      if (jp.at("a").get<std::string>() != part.options.rulesets[a]->id ||
          jp.at("b").get<std::string>() != part.options.rulesets[b]->id)
        throw std::runtime_error(fmt::format("pairs[{}]: expected {} vs {}", p,
                                             part.options.rulesets[a]->id,
                                             part.options.rulesets[b]->id));
      part.agg.pairs.push_back(pair_from(jp));
    }
  return part;
}

std::string ids_of(const Options& o) {
  std::string out;
  for (const Ruleset* r : o.rulesets) append_item(out, ",", r->id);
  return out;
}

// The first way in which two parts are not shards of one run, as
// "seed (1 and 2)", or empty.
std::string run_difference(const Part& x, const Part& y) {
  const auto differ = [](std::string_view what, const std::string& a, const std::string& b) {
    return a == b ? std::string{} : fmt::format("{} ({} and {})", what, a, b);
  };
  const auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& s : v) append_item(out, " ", s);
    return out.empty() ? std::string("the default") : out;
  };
  for (std::string d : {
           differ("rulesets", ids_of(x.options), ids_of(y.options)),
           differ("positions", std::to_string(x.options.positions),
                  std::to_string(y.options.positions)),
           differ("seed", std::to_string(x.options.seed), std::to_string(y.options.seed)),
           differ("scenarios", join(x.scenario_args), join(y.scenario_args)),
           differ("shard count", std::to_string(x.count), std::to_string(y.count)),
           differ("version", x.provenance.version, y.provenance.version),
           differ("commit", x.provenance.commit, y.provenance.commit),
           differ("catalogue", x.provenance.catalogue, y.provenance.catalogue),
           differ("corpus", x.provenance.corpus, y.provenance.corpus),
           differ("scenario files", std::to_string(x.scenario_files),
                  std::to_string(y.scenario_files)),
       })
    if (!d.empty()) return d;
  return {};
}

// Every shard of the run, each once, all of one run made by this build.
Expected<void> check_parts(const std::vector<Part>& parts) {
  const Part& first = parts.front();
  for (const Part& p : parts)
    if (std::string d = run_difference(first, p); !d.empty())
      return Error{fmt::format("{} and {} are not shards of one run: they differ in {}", first.name,
                               p.name, d)};
  const Provenance here = this_build("", "");
  if (first.provenance.version != here.version || first.provenance.commit != here.commit ||
      first.provenance.catalogue != here.catalogue)
    return Error{fmt::format(
        "{} was made by another build (version {}, commit {}, catalogue {}; this is {}, {}, {}): "
        "the merge compares each witness again, so it must run the build that made the shards",
        first.name, first.provenance.version, first.provenance.commit, first.provenance.catalogue,
        here.version, here.commit, here.catalogue)};
  std::vector<const Part*> by_index(first.count, nullptr);
  for (const Part& p : parts) {
    if (by_index[p.index] != nullptr)
      return Error{fmt::format("{} and {} are both shard {}/{}", by_index[p.index]->name, p.name,
                               p.index, p.count)};
    by_index[p.index] = &p;
  }
  for (std::uint32_t i = 0; i < first.count; ++i)
    if (by_index[i] == nullptr) {
      std::string given;
      for (const Part& p : parts) append_item(given, ", ", fmt::format("{}/{}", p.index, p.count));
      return Error{fmt::format("missing shard {}/{} (given: {})", i, first.count, given)};
    }
  return {};
}

// The group's witness compared again at its position, as the run compared
// it: the same sample (position, origin, line) gives the same finding, now
// with both sides' whole traces.
Expected<Group> witness_again(detail::Comparer& comparer, const Options& o, std::size_t pair,
                              const Group& merged, const std::string& where) {
  const Witness& w = merged.witness;
  const auto fail = [&](std::string_view why) {
    return Error{fmt::format("{}: the witness of {} vs {} at {} {}", where, merged.a.label,
                             merged.b.label, w.position, why)};
  };
  const Ruleset* origin = find_ruleset(w.origin);
  auto pos = parse_bpn(w.position);
  auto start = parse_bpn(w.line_start);
  if (origin == nullptr) return fail(fmt::format("names an unknown ruleset '{}'", w.origin));
  if (!pos || !start) return fail("is not BPN");
  std::vector<Move> line;
  Side mover = start->to_move;
  for (const std::string& text : w.line) {
    auto m = parse_move(text, mover);
    if (!m) return fail(fmt::format("has a line with a bad move '{}'", text));
    line.push_back(*m);
    mover = opponent(mover);
  }
  int origin_index = -1;  // a scenario position is no ruleset's walk
  if (w.scenario.empty())
    for (std::size_t i = 0; i < o.rulesets.size(); ++i)
      if (o.rulesets[i] == origin) origin_index = static_cast<int>(i);
  detail::Aggregate agg;
  agg.pairs.resize(o.rulesets.size() * (o.rulesets.size() - 1) / 2);
  comparer.compare({*pos, *origin, origin_index, w.scenario, *start, line}, agg);
  const auto found = agg.pairs[pair].groups.find({merged.a.label, merged.b.label});
  if (found == agg.pairs[pair].groups.end() || !found->second.has_witness)
    return fail("does not show the group when compared again");
  Group g = std::move(found->second.group);
  if (g.witness.position != w.position || g.witness.move != w.move || g.witness.line != w.line)
    return fail("gives another witness when compared again");
  g.positions = merged.positions;
  std::copy(std::begin(merged.items), std::end(merged.items), std::begin(g.items));
  return g;
}

}  // namespace

bool is_report_json(std::string_view text) {
  // Cheap before a parse: a divergence report names itself in its first key.
  return text.substr(0, 200).find(kReportName) != std::string_view::npos;
}

Expected<Report> merge_reports(const std::vector<std::string>& texts,
                               const std::vector<std::string>& names) {
  std::vector<Part> parts;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    try {
      parts.push_back(part_from(json::parse(texts[i]), names[i]));
    } catch (const std::exception& e) {
      return Error{fmt::format("{}: not a divergence report this build reads: {}", names[i],
                               printable(e.what()))};
    }
  }
  if (parts.empty()) return Error{"no report to merge"};
  if (auto ok = check_parts(parts); !ok) return ok.error();

  // Which file each group's smallest witness comes from, for errors.
  std::map<std::pair<std::size_t, std::pair<std::string, std::string>>, const Part*> owner;
  for (const Part& part : parts)
    for (std::size_t p = 0; p < part.agg.pairs.size(); ++p)
      for (const auto& [key, g] : part.agg.pairs[p].groups) {
        const Part*& o = owner[{p, key}];
        if (o == nullptr ||
            detail::smaller(g.group.witness, o->agg.pairs[p].groups.at(key).group.witness))
          o = &part;
      }
  std::map<std::pair<std::size_t, std::pair<std::string, std::string>>, std::string> where;
  for (const auto& [at, part] : owner) where[at] = part->name;
  detail::Aggregate total;
  for (Part& p : parts) total.merge(std::move(p.agg));
  Options o = parts.front().options;
  o.scenario_args = parts.front().scenario_args;
  detail::Comparer comparer(o.rulesets);
  for (std::size_t p = 0; p < total.pairs.size(); ++p)
    for (auto& [key, g] : total.pairs[p].groups) {
      auto again = witness_again(comparer, o, p, g.group, where.at({p, key}));
      if (!again) return again.error();
      g.group = std::move(*again);
    }
  Report report = detail::build_report(o, std::move(total), parts.front().scenario_files);
  report.provenance = this_build(parts.front().provenance.corpus, reproduce_command(report));
  return report;
}

int run_merge_command(const std::vector<std::string>& paths, const std::string& out_dir,
                      std::ostream& out, std::ostream& err) {
  const auto fail = [&](std::string_view message) {
    err << "bao-oracle: report merge: " << printable(message) << '\n' << std::flush;
    return 2;
  };
  if (out_dir.empty())
    return fail("divergence reports merge into a report folder: name it with --report DIR");
  std::vector<std::string> texts;
  for (const std::string& path : paths) {
    auto text = read_file(path);
    if (!text) return fail(text.error().message);
    texts.push_back(std::move(*text));
  }
  auto report = merge_reports(texts, paths);
  if (!report) return fail(report.error().message);
  auto written = write_report(*report, out_dir);
  if (!written) return fail(written.error().message);
  print_summary(*report, out);
  out << fmt::format("merged {} shards; ", paths.size()) << written_line(*report, out_dir, *written)
      << std::flush;
  return 0;
}

}  // namespace bao::diverge
