// Running a divergence report: the work units are shared among worker
// threads, each with its own comparer and aggregate; the aggregates are
// merged at the end. Counts are sums and each group keeps the smallest
// witness in a total order, so the report does not depend on --jobs.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include "oracle/diverge/internal.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::diverge {
namespace {

Expected<void> check_options(const Options& o) {
  if (o.rulesets.size() < 2) return Error{"--rulesets: name at least two rulesets"};
  std::set<std::string_view> seen;
  for (const Ruleset* r : o.rulesets)
    if (!seen.insert(r->id).second)
      return Error{fmt::format("--rulesets: '{}' is named twice", r->id)};
  if (o.positions < 0)
    return Error{fmt::format("--positions: must be 0 or more, got {}", o.positions)};
  if (o.jobs < 1 || o.jobs > kMaxJobs)
    return Error{fmt::format("--jobs: must be from 1 to {}, got {}", kMaxJobs, o.jobs)};
  if (o.shard_count < 1 || o.shard_count > kMaxShards || o.shard_index >= o.shard_count)
    return Error{fmt::format("--shard: expected I/N with 0 <= I < N <= {}, got {}/{}", kMaxShards,
                             o.shard_index, o.shard_count)};
  return {};
}

// The work units of shard I/N: every N-th unit of the whole run's plan,
// from the I-th. The plan does not depend on the shard, so the shards of a
// run share its units out exactly once.
std::vector<detail::Unit> shard_units(std::vector<detail::Unit> all, const Options& o) {
  if (o.shard_count == 1) return all;
  std::vector<detail::Unit> mine;
  for (std::size_t u = o.shard_index; u < all.size(); u += o.shard_count) mine.push_back(all[u]);
  return mine;
}

}  // namespace

namespace detail {

Report build_report(const Options& o, Aggregate&& agg, long scenario_files) {
  Report r;
  r.rulesets = o.rulesets;
  r.positions = o.positions;
  r.seed = o.seed;
  r.scenario_args = o.scenario_args;
  r.shard_index = o.shard_index;
  r.shard_count = o.shard_count;
  for (const Ruleset* rules : o.rulesets) r.walked[std::string(rules->id)] = 0;
  for (const auto& [id, n] : agg.walked) r.walked[id] += n;
  r.scenario_positions = agg.scenario_positions;
  r.scenario_files = scenario_files;
  r.corpus = agg.corpus;
  r.corpus_compared = agg.corpus_compared;
  std::size_t p = 0;
  for (std::size_t i = 0; i < o.rulesets.size(); ++i)
    for (std::size_t j = i + 1; j < o.rulesets.size(); ++j, ++p) {
      detail::PairAgg& from = agg.pairs[p];
      PairReport pair;
      pair.a = o.rulesets[i];
      pair.b = o.rulesets[j];
      pair.compared = from.compared;
      pair.moves_differ = from.moves_differ;
      pair.results_differ = from.results_differ;
      pair.outcomes_differ = from.outcomes_differ;
      pair.skipped = std::move(from.skipped);
      for (auto& [key, g] : from.groups) pair.groups.push_back(std::move(g.group));
      // Most positions first; the labels break ties.
      std::sort(pair.groups.begin(), pair.groups.end(), [](const Group& x, const Group& y) {
        if (x.positions != y.positions) return x.positions > y.positions;
        if (x.total_items() != y.total_items()) return x.total_items() > y.total_items();
        return std::tie(x.a, x.b) < std::tie(y.a, y.b);
      });
      r.pairs.push_back(std::move(pair));
    }
  return r;
}

}  // namespace detail

Expected<Report> run(const Options& options) {
  if (auto ok = check_options(options); !ok) return ok.error();
  long files = 0;
  std::vector<detail::ScenarioPosition> scenario;
  if (!options.scenario_paths.empty()) {
    auto loaded = detail::scenario_positions(options.scenario_paths, &files);
    if (!loaded) return loaded.error();
    scenario = std::move(*loaded);
  }
  const std::vector<detail::Unit> units =
      shard_units(detail::plan_units(options, scenario.size()), options);
  const std::size_t pairs = options.rulesets.size() * (options.rulesets.size() - 1) / 2;
  if (options.progress) {
    long total = 0;
    for (const detail::Unit& unit : units) total += unit.count;
    options.progress->total = total;
  }

  std::atomic<std::size_t> next{0};
  std::vector<detail::Aggregate> aggs(static_cast<std::size_t>(options.jobs));
  const auto work = [&](detail::Aggregate& agg) {
    detail::Comparer comparer(options.rulesets);
    agg.pairs.resize(pairs);
    for (std::size_t u = next++; u < units.size(); u = next++) {
      const detail::Unit& unit = units[u];
      if (unit.ruleset >= 0) {
        detail::run_walk(options, unit, comparer, agg);
      } else {
        for (long i = unit.index; i < unit.index + unit.count; ++i) {
          const detail::ScenarioPosition& x = scenario[static_cast<std::size_t>(i)];
          comparer.compare({x.pos, *x.origin, -1, x.scenario, x.line_start, x.line}, agg);
          ++agg.scenario_positions;
        }
      }
      if (options.progress) options.progress->done += unit.count;
    }
  };
  {
    std::vector<std::jthread> workers;
    for (std::size_t t = 1; t < aggs.size(); ++t) workers.emplace_back(work, std::ref(aggs[t]));
    work(aggs[0]);
  }
  for (std::size_t t = 1; t < aggs.size(); ++t) aggs[0].merge(std::move(aggs[t]));
  Report report = detail::build_report(options, std::move(aggs[0]), files);
  std::vector<std::string> corpus;
  for (const detail::ScenarioPosition& x : scenario) corpus.push_back(to_bpn(x.pos));
  report.provenance = this_build(corpus_hash(corpus), reproduce_command(report));
  return report;
}

PairReport compare_position(const Ruleset& a, const Ruleset& b, const Position& pos) {
  Options options;
  options.rulesets = {&a, &b};
  options.positions = 0;
  detail::Comparer comparer(options.rulesets);
  detail::Aggregate agg;
  agg.pairs.resize(1);
  comparer.compare({pos, a, -1, {}, pos, {}}, agg);
  return std::move(detail::build_report(options, std::move(agg), 0).pairs.front());
}

}  // namespace bao::diverge
