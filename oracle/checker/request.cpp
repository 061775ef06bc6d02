// A check request turned once into a plan, and a plan into one ruleset's
// options (request.hpp).
#include "oracle/checker/request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

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

std::string options_to_json(const CheckOptions& c) {
  nlohmann::ordered_json j;
  j["ruleset"] = c.ruleset;
  j["search"] = std::string(to_string(c.search));
  j["seed"] = c.seed;
  j["games"] = c.games;
  j["time_limit"] = c.time_limit;
  j["shard_index"] = c.shard_index;
  j["shard_count"] = c.shard_count;
  j["only_game"] = c.only_game ? nlohmann::ordered_json(*c.only_game) : nullptr;
  j["illegal_samples"] = c.illegal_samples;
  j["max_findings"] = c.max_findings;
  j["corpus"] = c.corpus;
  j["corpus_paths"] = c.corpus_paths;
  j["corpus_found"] = c.corpus_found;
  j["no_corpus"] = c.no_corpus;
  j["request_budget"] = c.request_budget;
  j["strict_reachability"] = c.strict_reachability;
  j["accepted"] = c.accepted;
  j["accept_reasons"] = c.accept_reasons;
  j["accepted_clauses"] = c.accepted_clauses;
  j["accepted_clause_reasons"] = c.accepted_clause_reasons;
  j["given"] = c.given;
  // A byte that is not UTF-8 in a path or a reason becomes U+FFFD, as the
  // worker's report.json would write it anyway; the corpus is read already.
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

Expected<CheckOptions> options_from_json(std::string_view text, const std::string& where) {
  try {
    const auto j = nlohmann::json::parse(text);
    CheckOptions c;
    c.ruleset = j.at("ruleset").get<std::string>();
    const std::string search = j.at("search").get<std::string>();
    auto s = enum_from_name<Search>(search);
    if (!s) throw std::runtime_error(fmt::format("unknown search '{}'", search));
    c.search = *s;
    c.seed = whole<std::uint64_t>(j, "seed");
    c.games = whole<std::uint64_t>(j, "games");
    c.time_limit = j.at("time_limit").get<double>();
    c.shard_index = whole<std::uint32_t>(j, "shard_index");
    c.shard_count = whole<std::uint32_t>(j, "shard_count");
    if (!j.at("only_game").is_null()) c.only_game = whole<std::uint64_t>(j, "only_game");
    c.illegal_samples = whole<int>(j, "illegal_samples");
    c.max_findings = whole<std::uint64_t>(j, "max_findings");
    c.corpus = j.at("corpus").get<std::vector<std::string>>();
    c.corpus_paths = j.at("corpus_paths").get<std::vector<std::string>>();
    c.corpus_found = j.at("corpus_found").get<bool>();
    c.no_corpus = j.at("no_corpus").get<bool>();
    c.request_budget = whole<std::uint64_t>(j, "request_budget");
    c.strict_reachability = j.at("strict_reachability").get<bool>();
    c.accepted = j.at("accepted").get<std::vector<std::string>>();
    c.accept_reasons = j.at("accept_reasons").get<std::vector<std::string>>();
    c.accepted_clauses = j.at("accepted_clauses").get<std::vector<std::string>>();
    c.accepted_clause_reasons = j.at("accepted_clause_reasons").get<std::vector<std::string>>();
    c.given = j.at("given").get<std::vector<std::string>>();
    if (c.accept_reasons.size() != c.accepted.size() ||
        c.accepted_clause_reasons.size() != c.accepted_clauses.size())
      throw std::runtime_error("each accepted switch and clause has one reason");
    return c;
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: not the options of a check run: {}", where, e.what())};
  }
}

}  // namespace bao::check
