// A check request turned once into a plan, and a plan into one ruleset's
// options (request.hpp).
#include "oracle/checker/request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <type_traits>

#include "oracle/core/data.hpp"
#include "oracle/core/json_read.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::check {
namespace {

// The ruleset named, the options that need one ruleset (not given with all).
Expected<void> check_ruleset_options(const CheckRequest& q) {
  const bool all = q.ruleset == "all";
  if (!all && !find_ruleset(q.ruleset)) {
    std::string known;
    for (const Ruleset* r : all_rulesets()) append_item(known, ", ", r->id);
    return Error{
        fmt::format("--ruleset: unknown ruleset '{}' (known: {}; or all)", q.ruleset, known)};
  }
  // A reproduction replays one game of one ruleset; a corpus hash is one
  // ruleset's corpus.
  if (all && q.only_game)
    return Error{
        "--game: a reproduction replays one game of one ruleset: give its --ruleset (the "
        "reproduction commands name it), not all"};
  if (all && !q.given.empty())
    return Error{
        "--given: the switches are one ruleset's: give its --ruleset (the reproduction commands "
        "name it), not all"};
  if (all && !q.corpus_hash.empty())
    return Error{
        "--corpus-hash: each ruleset has a corpus of its own: give the hash with the --ruleset "
        "it was made for (the reproduction commands do), not all"};
  if (q.shard.count == 0 || q.shard.index >= q.shard.count)
    return Error{fmt::format("--shard: expected I/N with 0 <= I < N, got '{}/{}'", q.shard.index,
                             q.shard.count)};
  return {};
}

// The --given switches: each one of the ruleset's, and together playable.
Expected<void> check_given(const CheckRequest& q) {
  if (q.given.empty() || q.ruleset == "all") return {};
  const Ruleset& rules = *find_ruleset(q.ruleset);
  std::vector<Switch> given;
  for (const std::string& id : q.given) {
    auto sw = find_switch(rules, id);
    if (!sw)
      return Error{fmt::format("--given: '{}' is no switch of {} (see `bao-oracle switches {}`)",
                               id, rules.id, rules.id)};
    given.push_back(*sw);
  }
  if (auto combined = apply_switches(rules, given); !combined)
    return Error{fmt::format("--given: the switches cannot be combined under {}: {}", rules.id,
                             combined.error().message)};
  return {};
}

}  // namespace

Expected<CheckPlan> plan_check(const CheckRequest& request) {
  if (auto ok = check_ruleset_options(request); !ok) return ok.error();
  CheckPlan plan;
  plan.request = request;
  plan.corpus_paths = request.corpus;
  if (request.corpus.empty() && !request.no_corpus) {
    auto found = default_scenario_folder();
    if (!found) return found.error();
    if (*found) {
      plan.corpus_paths.push_back(found->value().string());
      plan.corpus_found = true;
    }
  }
  if (!request.accept_file.empty()) {
    auto entries = read_accept_entries(request.accept_file);
    if (!entries) return entries.error();
    plan.accept = std::move(*entries);
    if (!plan.all()) {
      CheckOptions accepted;
      if (auto ok = apply_accept(plan.accept, *find_ruleset(request.ruleset), true, accepted); !ok)
        return ok.error();
    }
  }
  if (auto ok = check_given(request); !ok) return ok.error();
  return plan;
}

Expected<void> plan_fits(const CheckPlan& plan, const std::vector<const Ruleset*>& rulesets) {
  if (plan.accept.empty()) return {};
  std::string names;
  for (const Ruleset* r : rulesets) append_item(names, ", ", r->id);
  for (const AcceptEntry& e : plan.accept)
    if (std::none_of(rulesets.begin(), rulesets.end(), [&](const Ruleset* r) {
          return accept_holds_for(e, *r) && accept_fits(e, *r);
        }))
      return Error{fmt::format("--accept: {}: '{}' is no {} of any ruleset checked ({})",
                               e.id_where, e.switch_id.empty() ? e.clause : e.switch_id,
                               e.switch_id.empty() ? "clause" : "switch", names)};
  for (const Ruleset* r : rulesets) {
    CheckOptions c;
    if (auto ok = apply_accept(plan.accept, *r, false, c); !ok) return ok.error();
  }
  return {};
}

Expected<CheckOptions> options_for(const CheckPlan& plan, const Ruleset& rules,
                                   std::vector<std::string>* left_out) {
  const CheckRequest& q = plan.request;
  CheckOptions c;
  c.ruleset = std::string(rules.id);
  c.search = q.search;
  c.seed = q.seed;
  c.games = q.games;
  c.time_limit = q.time;
  c.shard_index = q.shard.index;
  c.shard_count = q.shard.count;
  c.only_game = q.only_game;
  if (q.stop_after) c.max_findings = *q.stop_after;
  c.no_corpus = q.no_corpus;
  c.corpus_paths = plan.corpus_paths;
  c.corpus_found = plan.corpus_found;
  // A broken corpus file is left out with a warning; the rest still seeds games.
  if (!q.no_corpus && !plan.corpus_paths.empty())
    c.corpus = scenario_corpus(plan.corpus_paths, rules, left_out);
  if (!q.corpus_hash.empty()) {
    const std::string have = c.corpus.empty() ? std::string(kNoCorpus) : corpus_hash(c.corpus);
    if (have != q.corpus_hash)
      return Error{fmt::format(
          "--corpus-hash: the corpus of this run ({}, {} positions) hashes to {}, not {}: give "
          "--corpus the scenarios the report was made with",
          q.corpus.empty() ? "the default scenarios folder" : "--corpus", c.corpus.size(), have,
          q.corpus_hash)};
  }
  c.request_budget = q.budget;
  c.strict_reachability = q.strict_reachability;
  c.given = q.given;
  if (auto ok = apply_accept(plan.accept, rules, !plan.all(), c); !ok) return ok.error();
  return c;
}

namespace {

// The fields of CheckOptions a worker is given, each under its JSON key:
// one list for writing and reading (the search and --game apart, below).
// `c` is a CheckOptions, const or not; `f(key, field)` for each.
template <class Options, class F>
void each_field(Options& c, F&& f) {
  f("ruleset", c.ruleset);
  f("seed", c.seed);
  f("games", c.games);
  f("time_limit", c.time_limit);
  f("shard_index", c.shard_index);
  f("shard_count", c.shard_count);
  f("illegal_samples", c.illegal_samples);
  f("max_findings", c.max_findings);
  f("corpus", c.corpus);
  f("corpus_paths", c.corpus_paths);
  f("corpus_found", c.corpus_found);
  f("no_corpus", c.no_corpus);
  f("request_budget", c.request_budget);
  f("strict_reachability", c.strict_reachability);
  f("accepted", c.accepted);
  f("accept_reasons", c.accept_reasons);
  f("accepted_clauses", c.accepted_clauses);
  f("accepted_clause_reasons", c.accepted_clause_reasons);
  f("given", c.given);
}

}  // namespace

std::string options_to_json(const CheckOptions& c) {
  nlohmann::ordered_json j;
  each_field(c, [&](const char* key, const auto& field) { j[key] = field; });
  j["search"] = std::string(to_string(c.search));
  j["only_game"] = c.only_game ? nlohmann::ordered_json(*c.only_game) : nullptr;
  // A byte that is not UTF-8 in a path or a reason becomes U+FFFD, as the
  // worker's report.json would write it anyway; the corpus is read already.
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

Expected<CheckOptions> options_from_json(std::string_view text, const std::string& where) {
  try {
    const auto j = nlohmann::json::parse(text);
    CheckOptions c;
    each_field(c, [&](const char* key, auto& field) {
      using T = std::remove_reference_t<decltype(field)>;
      // Whole numbers only as they were written (json_read.hpp).
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        field = whole<T>(j, key);
      else
        field = j.at(key).template get<T>();
    });
    const std::string search = j.at("search").get<std::string>();
    auto s = enum_from_name<Search>(search);
    if (!s) throw std::runtime_error(fmt::format("unknown search '{}'", search));
    c.search = *s;
    if (!j.at("only_game").is_null()) c.only_game = whole<std::uint64_t>(j, "only_game");
    if (c.accept_reasons.size() != c.accepted.size() ||
        c.accepted_clause_reasons.size() != c.accepted_clauses.size())
      throw std::runtime_error("each accepted switch and clause has one reason");
    return c;
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: not the options of a check run: {}", where, e.what())};
  }
}

}  // namespace bao::check
