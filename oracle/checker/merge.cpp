// The merge of the shards of one run (docs/checker.md, "Sharding and
// report merge"): the parts checked to be shards of one run that hold every
// game once, their stats added and their groups joined as one run joins
// its games'.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "oracle/checker/stages.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::check {

using namespace detail;

namespace {

// The first run option in which `b` differs from `a`, by its key in
// report.json, with both values; nullopt when they are one run's.
std::optional<std::string> differing_option(const CheckResult& a, const CheckResult& b) {
  const CheckOptions& x = a.options;
  const CheckOptions& y = b.options;
  auto quoted = [](const std::string& v) { return fmt::format("'{}'", v); };
  if (x.ruleset != y.ruleset)
    return fmt::format("ruleset ({} and {})", quoted(x.ruleset), quoted(y.ruleset));
  if (x.seed != y.seed) return fmt::format("seed ({} and {})", x.seed, y.seed);
  if (x.search != y.search)
    return fmt::format("search ({} and {})", to_string(x.search), to_string(y.search));
  if (a.command != b.command)
    return fmt::format("command ({} and {})", quoted(a.command), quoted(b.command));
  // A part whose engine failed at start never learnt the engine's name nor
  // loaded the corpus: those are not compared with it.
  const bool both_started = !failed_at_start(a) && !failed_at_start(b);
  if (both_started && a.engine != b.engine)
    return fmt::format("engine ({} and {})", quoted(a.engine), quoted(b.engine));
  if (x.games != y.games) return fmt::format("games_requested ({} and {})", x.games, y.games);
  if (x.time_limit != y.time_limit)
    return fmt::format("time_limit ({} and {})", x.time_limit, y.time_limit);
  if (x.request_budget != y.request_budget)
    return fmt::format("request_budget ({} and {})", x.request_budget, y.request_budget);
  if (x.accepted != y.accepted || x.accept_reasons != y.accept_reasons ||
      x.accepted_clauses != y.accepted_clauses ||
      x.accepted_clause_reasons != y.accepted_clause_reasons)
    return std::string("accept (the accepted deviations or their reasons)");
  if (x.given != y.given)
    return fmt::format("given ('{}' and '{}')", fmt::join(x.given, ","), fmt::join(y.given, ","));
  // Shards of other builds, catalogues or corpora play other games (the
  // command line of each shard differs by its --shard, so it is not compared).
  const auto want = provenance_fields(a.provenance), have = provenance_fields(b.provenance);
  for (std::size_t i = 0; i < want.size(); ++i)
    if (want[i].first != "command" && (both_started || want[i].first != "corpus") &&
        want[i].second != have[i].second)
      return fmt::format("provenance {} ({} and {})", want[i].first, quoted(want[i].second),
                         quoted(have[i].second));
  return std::nullopt;
}

std::uint64_t gcd(std::uint64_t a, std::uint64_t b) {
  while (b != 0) a = std::exchange(b, a % b);
  return a;
}

// Games of shard I/N are those with g % N == I. Checks that the parts'
// shards hold every game of the target shard exactly once, and no other.
std::optional<std::string> shard_coverage(const std::vector<CheckResult>& parts,
                                          const std::vector<std::string>& names,
                                          const MergeOptions& how) {
  auto shard = [](std::uint32_t i, std::uint32_t n) { return fmt::format("{}/{}", i, n); };
  auto shard_of = [&](std::size_t k) {
    return shard(parts[k].options.shard_index, parts[k].options.shard_count);
  };
  // The same shard twice, named as such.
  for (std::size_t a = 0; a < parts.size(); ++a)
    for (std::size_t b = a + 1; b < parts.size(); ++b)
      if (parts[a].options.shard_index == parts[b].options.shard_index &&
          parts[a].options.shard_count == parts[b].options.shard_count)
        return fmt::format("{} and {} are both shard {}", names[a], names[b], shard_of(a));
  // The games repeat with the period of the least common multiple of the
  // shard counts: each residue is checked once.
  constexpr std::uint64_t kMaxPeriod = 1'000'000;
  std::uint64_t period = how.shard_count;
  for (const CheckResult& p : parts) {
    const std::uint64_t n = p.options.shard_count;
    period = period / gcd(period, n) * n;
    if (period > kMaxPeriod)
      return fmt::format(
          "the shard counts of the reports ({}) are too far apart to check that they "
          "hold every game once; merge shards of one count",
          [&] {
            std::string counts;
            for (std::size_t k = 0; k < parts.size(); ++k) counts += (k ? ", " : "") + shard_of(k);
            return counts;
          }());
  }
  std::vector<std::uint64_t> missing;
  for (std::uint64_t g = 0; g < period; ++g) {
    const bool wanted = g % how.shard_count == how.shard_index;
    std::optional<std::size_t> holder;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (g % parts[k].options.shard_count != parts[k].options.shard_index) continue;
      if (!wanted)
        return fmt::format("{} (shard {}) holds games outside shard {}, game {} first", names[k],
                           shard_of(k), shard(how.shard_index, how.shard_count), g);
      if (holder)
        return fmt::format("{} (shard {}) and {} (shard {}) both hold games {}, {}, {}, ...",
                           names[*holder], shard_of(*holder), names[k], shard_of(k), g, g + period,
                           g + 2 * period);
      holder = k;
    }
    if (wanted && !holder) missing.push_back(g);
  }
  if (missing.empty() || how.allow_missing) return std::nullopt;
  std::string given;
  for (std::size_t k = 0; k < parts.size(); ++k) given += (k ? ", " : "") + shard_of(k);
  // One count for all: the missing shards by name.
  const std::uint32_t n = parts.front().options.shard_count;
  const bool one_count = std::all_of(
      parts.begin(), parts.end(), [&](const CheckResult& p) { return p.options.shard_count == n; });
  if (one_count && period == n) {
    std::string list;
    for (std::size_t k = 0; k < missing.size() && k < 10; ++k)
      list += (k ? ", " : "") + shard(static_cast<std::uint32_t>(missing[k]), n);
    if (missing.size() > 10) list += fmt::format(" and {} more", missing.size() - 10);
    return fmt::format("missing shard{} {} (given: {})", missing.size() == 1 ? "" : "s", list,
                       given);
  }
  return fmt::format("no report holds game {} (games g with g % {} == {}; given: {})",
                     missing.front(), period, missing.front(), given);
}

}  // namespace

Expected<CheckResult> merge(const std::vector<CheckResult>& parts, const MergeOptions& how) {
  if (parts.empty()) return Error{"no reports to merge"};
  std::vector<std::string> names = how.names;
  for (std::size_t k = names.size(); k < parts.size(); ++k)
    names.push_back(fmt::format("report {}", k + 1));
  for (std::size_t k = 1; k < parts.size(); ++k)
    if (auto field = differing_option(parts.front(), parts[k]))
      return Error{fmt::format("{} and {} are not shards of one run: they differ in {}",
                               names.front(), names[k], *field)};
  if (how.shard_count == 0 || how.shard_index >= how.shard_count)
    return Error{fmt::format("bad shard {}/{}", how.shard_index, how.shard_count)};
  if (auto wrong = shard_coverage(parts, names, how)) return Error{*wrong};
  // The run's engine and corpus as a part whose engine started knows them.
  const auto started = std::find_if(parts.begin(), parts.end(),
                                    [](const CheckResult& p) { return !failed_at_start(p); });
  CheckResult out = started != parts.end() ? *started : parts.front();
  out.findings.clear();
  out.deviations.clear();
  out.notation.clear();
  out.stats = Stats{};
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const CheckResult& p = parts[k];
    // A sum that does not fit its type would be a wrong count.
    if (const std::string field = add_counts(out.stats, p.stats); !field.empty())
      return Error{fmt::format("stats.{} of {} adds up to more than a count can hold", field,
                               fmt::join(names.begin(), names.begin() + k + 1, ", "))};
    out.stats.seconds = std::max(out.stats.seconds, p.stats.seconds);
    if (p.stats.interrupted) {
      if (!out.stats.interrupted) out.stats.signal = p.stats.signal;
      out.stats.interrupted = true;
    }
    out.stats.stop_after = std::max(out.stats.stop_after, p.stats.stop_after);
    for (const auto& [id, n] : p.stats.switch_coverage) out.stats.switch_coverage[id] = 1;
  }
  // In game order, so the merge does not depend on the part order.
  std::vector<Finding> all;
  std::vector<Deviation> devs;
  std::vector<NotationFinding> notes;
  for (const CheckResult& p : parts) {
    all.insert(all.end(), p.findings.begin(), p.findings.end());
    devs.insert(devs.end(), p.deviations.begin(), p.deviations.end());
    notes.insert(notes.end(), p.notation.begin(), p.notation.end());
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Finding& a, const Finding& b) { return a.game < b.game; });
  std::stable_sort(devs.begin(), devs.end(), [](const Deviation& a, const Deviation& b) {
    return a.witness.game < b.witness.game;
  });
  std::stable_sort(notes.begin(), notes.end(),
                   [](const NotationFinding& a, const NotationFinding& b) {
                     return a.example.game < b.example.game;
                   });
  for (Finding& f : all) add_finding(out.findings, std::move(f));
  for (Deviation& d : devs) add_deviation(out.deviations, std::move(d));
  join_equivalents(out.deviations, {}, {});
  drop_named_from_also(out.deviations);
  for (NotationFinding& n : notes) add_notation(out.notation, std::move(n));
  if (const Ruleset* rules = find_ruleset(out.options.ruleset)) order(out, *rules);
  out.options.shard_index = how.shard_index;
  out.options.shard_count = how.shard_count;
  return out;
}

}  // namespace bao::check
