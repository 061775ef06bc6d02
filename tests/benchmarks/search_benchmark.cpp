// Requests to diagnosis: for every clause mutant of every ruleset served
// alone, and for random combinations of two to four (composite mutants),
// the engine requests `check` spends before it names each mutant's clause,
// within a budget, with the coverage-guided search and with random games.
// A measurement, not a test: it prints a table per ruleset (median and
// worst requests, and the mutants not diagnosed within the budget).
//
// Diagnosed means the report names the mutant's clause: a deviation there
// (or one whose "also answers alike" lists the mutant), or, as the
// far-engines benchmark counts it, a difference no switch models that the
// report places at that clause; the table lists the mutants diagnosed so,
// without their switch named, apart ("at its clause, no switch named").
//
//   build/release/tests/bao_search_bench [--budget 50000] [--ruleset ID]...
//       [--search coverage|random|both] [--composites 60] [--markdown FILE]
//       [--throttled RATE] [--corpus FOLDER] [--only MUTANT+MUTANT...]
//       [--seeds 1,100,...]
//
// `--only` runs that one combination of the composites (as the table names
// it, with the seed it has there) and prints the diagnosis of its trial.
//
// The engine is the oracle with the mutants applied, in process: requests
// are counted, not timed, so a throttled engine (`bao-oracle engine
// --max-rate 1000`) takes the same requests and only more time:
// `--throttled 1000` serves each ruleset's first mutant that way too and
// prints both counts and the time taken.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/protocol/engine_probe.hpp"

namespace {

using namespace bao;

// --only: the trial's diagnosis is printed on stderr.
bool verbose = false;

struct Trial {
  std::string what;                    // the switch ids, comma separated
  std::optional<std::uint64_t> found;  // requests until every mutant was named
};

struct TableRow {
  std::string ruleset;
  std::string kind;  // "single" or "composite"
  std::vector<Trial> trials;
  std::vector<std::string> masked;  // combinations left out: a mutant the others hide
  std::vector<std::string> alike;   // mutants named only as answering alike
  // Mutants reported at their clause with no switch named (an item of the
  // report's unexplained differences, as the far-engines benchmark counts
  // one): the switch did not predict the engine where it was put to it.
  std::vector<std::string> at_clause;
};

// Requests until every switch of `combo` is named by its clause (the most
// of their found_after), or nullopt when one is not within the budget.
std::optional<std::uint64_t> requests_to_diagnosis(
    const Ruleset& rules, const std::vector<Switch>& combo, check::Search search,
    std::uint64_t budget, std::uint64_t seed, const std::vector<std::string>& corpus,
    check::Probe* external = nullptr, std::vector<std::string>* alternative = nullptr,
    std::vector<std::string>* clause_only = nullptr) {
  auto engine = apply_switches(rules, combo);
  if (!engine) return std::nullopt;
  std::unique_ptr<check::Probe> in_process = check::oracle_probe(*engine, "mutant");
  check::Probe* probe = external ? external : in_process.get();
  check::CheckOptions o;
  o.ruleset = std::string(rules.id);
  o.search = search;
  o.games = 1u << 30;
  o.request_budget = budget;
  o.seed = seed;
  o.corpus = corpus;
  // A safety net only, wide enough that a machine busy with other work
  // does not end a trial before its budget (a relay that goes round to the
  // oracle's cut takes seconds), so the table counts requests alone.
  o.time_limit = 900;
  // Stopped once as many deviations as mutants show (the progress line
  // comes every half second); when one of them is wrong, the trial runs
  // again to the whole budget.
  bool enough = false;
  auto early = o;
  early.stop_requested.ask = [&] { return enough; };
  auto r = check::run_check(*probe, early, [&](const check::Stats&, std::size_t groups) {
    enough = groups >= combo.size();
  });
  if (!r) return std::nullopt;
  // Named: by its clause, or as a switch that answered alike everywhere
  // the run looked (the report's "also answers alike"); or, with no switch,
  // an unexplained difference the report places at the mutant's clause.
  auto names = [](const check::Deviation& d, const Switch& s) {
    return d.found_after > 0 && (d.clause == clause_name(s.clause) ||
                                 std::find(d.also.begin(), d.also.end(), s.id) != d.also.end());
  };
  auto at_its_clause = [](const check::CheckResult& res, const Switch& s) {
    return std::any_of(res.findings.begin(), res.findings.end(), [&](const check::Finding& f) {
      return f.kind != check::FindingKind::ProtocolFault &&
             std::find(f.clauses.begin(), f.clauses.end(), clause_name(s.clause)) !=
                 f.clauses.end();
    });
  };
  auto named = [&](const check::CheckResult& res) {
    for (const Switch& s : combo)
      if (std::none_of(res.deviations.begin(), res.deviations.end(),
                       [&](const check::Deviation& d) { return names(d, s); }) &&
          !at_its_clause(res, s))
        return false;
    return true;
  };
  if (!named(*r)) r = check::run_check(*probe, o);
  if (!r) return std::nullopt;
  if (verbose) std::fputs(check::summary_text(*r).c_str(), stderr);
  std::uint64_t most = 0;
  std::vector<std::string> alike;
  for (const Switch& s : combo) {
    std::optional<std::uint64_t> best;
    bool first = false;
    for (const check::Deviation& d : r->deviations)
      if (names(d, s)) {
        best = std::min(best.value_or(d.found_after), d.found_after);
        first = first || d.clause == clause_name(s.clause);
      }
    // Reported at its clause only: a finding records no request count, so
    // the run's whole spend is what it cost (a run stops at the budget,
    // which its last batch of questions may pass by a few requests).
    const bool clause_item = !best && at_its_clause(*r, s);
    if (clause_item) best = std::min(budget, r->stats.requests + r->stats.followup_requests);
    if (!best || *best > budget) return std::nullopt;
    if (clause_item && clause_only) clause_only->push_back(s.id);
    if (!first && !clause_item) alike.push_back(s.id);
    most = std::max(most, *best);
  }
  if (alternative) alternative->insert(alternative->end(), alike.begin(), alike.end());
  return most;
}

// Whether switch `i` of `combo` shows at all beside the others: a position
// among random games, random boards and the corpus where the combination
// answers otherwise than without it. A mutant the others mask (a capture in
// the middle of a relay, with no relays) is no engine deviation to find.
bool observable(const Ruleset& rules, const std::vector<Switch>& combo, std::size_t i,
                const std::vector<std::string>& corpus) {
  std::vector<Switch> rest = combo;
  rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
  auto with = apply_switches(rules, combo);
  auto without = apply_switches(rules, rest);
  if (!with || !without) return true;
  // Only boards a game could hold count: no more seeds than the start
  // (a scenario board of 190 seeds shows a cutoff beside no relay at all,
  // which no game of the ruleset can).
  const Position start = start_position(rules);
  const auto holds = [&](const Position& p) { return p.total_seeds() <= start.total_seeds(); };
  for (const std::string& bpn : corpus)
    if (auto p = parse_bpn(bpn);
        p && holds(*p) && check::detail::answers_differ(*without, *with, *p))
      return true;
  std::mt19937_64 rng(7);
  for (int k = 0; k < 6000; ++k) {
    const Position p = k % 2 ? random_position(rules, rng)
                             : random_play(rules, start, static_cast<int>(rng() % 80), rng);
    if (holds(p) && check::detail::answers_differ(*without, *with, p)) return true;
  }
  return false;
}

std::string summary(const TableRow& row) {
  std::vector<std::uint64_t> found;
  std::string missed;
  for (const Trial& t : row.trials) {
    if (t.found) {
      found.push_back(*t.found);
    } else {
      missed += (missed.empty() ? "" : ", ") + t.what;
    }
  }
  std::sort(found.begin(), found.end());
  const std::string median = found.empty() ? "-" : fmt::format("{}", found[found.size() / 2]);
  const std::string worst = found.size() < row.trials.size()
                                ? "not within budget"
                                : (found.empty() ? "-" : fmt::format("{}", found.back()));
  std::string masked;
  for (const std::string& m : row.masked) masked += (masked.empty() ? "" : ", ") + m;
  if (!masked.empty())
    masked = (missed.empty() ? "" : "; ") + std::string("left out (a mutant the others hide): ") +
             masked;
  std::string alike;
  for (const std::string& m : row.alike) alike += (alike.empty() ? "" : ", ") + m;
  if (!alike.empty())
    alike = (missed.empty() && masked.empty() ? "" : "; ") +
            std::string("named as answering alike only: ") + alike;
  std::string clause_only;
  for (const std::string& m : row.at_clause) clause_only += (clause_only.empty() ? "" : ", ") + m;
  if (!clause_only.empty())
    clause_only = (missed.empty() && masked.empty() && alike.empty() ? "" : "; ") +
                  std::string("at its clause, no switch named: ") + clause_only;
  return fmt::format("| {} | {} | {}/{} | {} | {} | {}{}{}{} |", row.ruleset, row.kind,
                     found.size(), row.trials.size(), median, worst, missed, masked, alike,
                     clause_only);
}

std::string with_throttled(const std::string& table, int rate, const std::string& rows) {
  if (rows.empty()) return table;
  return table + fmt::format(
                     "\nThrough `bao-oracle engine --max-rate {}`:\n\n| search | ruleset | "
                     "mutant | requests in process | requests throttled | time |\n"
                     "|---|---|---|---|---|---|\n{}",
                     rate, rows);
}

// The table so far, after each ruleset, so that a run stopped part way
// keeps what it measured (written to a temporary file, then renamed).
void write_markdown(const std::string& path, const std::string& table, int rate,
                    const std::string& rows) {
  if (path.empty()) return;
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << with_throttled(table, rate, rows);
    if (!out) return;
  }
  std::rename(tmp.c_str(), path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Requests to diagnosis of every clause mutant, coverage search against random"};
  std::uint64_t budget = 50'000;
  std::vector<std::string> only;
  std::string search = "both";
  int composites = 60;
  std::string markdown;
  std::string corpus_dir = BAO_SOURCE_DIR "/scenarios";
  app.add_option("--budget", budget, "Engine requests per trial");
  app.add_option("--ruleset", only, "Only these rulesets (repeatable)");
  app.add_option("--search", search, "coverage, random or both")
      ->check(CLI::IsMember({"coverage", "random", "both"}));
  app.add_option("--composites", composites, "Composite combinations per ruleset");
  app.add_option("--markdown", markdown, "Also write the table to this file");
  int throttled = 0;
  app.add_option("--throttled", throttled,
                 "Also serve each ruleset's first mutant through `bao-oracle engine --max-rate "
                 "RATE` (requests per second)");
  app.add_option("--corpus", corpus_dir, "Scenario folder whose positions start some games");
  std::string only_combo;
  app.add_option("--only", only_combo,
                 "Only this composite combination (mutant ids joined by +, as the table names "
                 "it), its diagnosis printed");
  std::vector<std::uint64_t> seeds;
  app.add_option("--seeds", seeds,
                 "Only the trials of these seeds (1: the single mutants; 100 + c: the c-th "
                 "composite), to measure again the trials whose plan a change moved")
      ->delimiter(',');
  CLI11_PARSE(app, argc, argv);
  verbose = !only_combo.empty();
  const auto seeded = [&](std::uint64_t seed) {
    return seeds.empty() || std::find(seeds.begin(), seeds.end(), seed) != seeds.end();
  };

  std::vector<check::Search> searches;
  if (search != "random") searches.push_back(check::Search::Coverage);
  if (search != "coverage") searches.push_back(check::Search::Random);
  std::string throttled_table;
  std::string table = fmt::format(
      "Budget {} engine requests per trial.\n\n| ruleset | mutants | diagnosed | median "
      "requests | worst | not diagnosed |\n|---|---|---|---|---|---|\n",
      budget);
  for (check::Search s : searches) {
    table += fmt::format("| **{}** | | | | | |\n", check::to_string(s));
    for (const Ruleset* rules : all_rulesets()) {
      if (!only.empty() && std::find(only.begin(), only.end(), rules->id) == only.end()) continue;
      const std::vector<std::string> corpus = check::scenario_corpus({corpus_dir}, *rules);
      std::vector<Switch> mutants;
      for (const Switch& sw : switches_for(*rules))
        if (sw.kind == SwitchKind::Mutant) mutants.push_back(sw);
      TableRow single{std::string(rules->id), "single", {}, {}, {}, {}};
      for (const Switch& m : only_combo.empty() && seeded(1) ? mutants : std::vector<Switch>{}) {
        Trial t{m.id, requests_to_diagnosis(*rules, {m}, s, budget, 1, corpus, nullptr,
                                            &single.alike, &single.at_clause)};
        std::fprintf(stderr, "%s %s %s: %s\n", std::string(check::to_string(s)).c_str(),
                     std::string(rules->id).c_str(), m.id.c_str(),
                     t.found ? std::to_string(*t.found).c_str() : "not diagnosed");
        single.trials.push_back(std::move(t));
      }
      if (!single.trials.empty()) table += summary(single) + "\n";
      // The first mutant again, served by `bao-oracle engine --max-rate`:
      // the same requests, and how long they take at that rate.
      if (throttled > 0 && !single.trials.empty() && single.trials.front().found) {
        const Switch& m = mutants.front();
        protocol::EngineOptions eo;
        eo.argv = {BAO_ORACLE_BIN, "engine", "--ruleset",  std::string(rules->id),
                   "--mutant",     m.id,     "--max-rate", std::to_string(throttled)};
        protocol::EngineStart started = protocol::start_engine_probe(eo, std::string(rules->id));
        if (!started.probe) {
          std::fprintf(stderr, "the throttled engine did not start: %s\n",
                       protocol::describe(*started.fault).c_str());
          return 2;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const auto found =
            requests_to_diagnosis(*rules, {m}, s, budget, 1, corpus, started.probe.get());
        const double took =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        throttled_table +=
            fmt::format("| {} | {} | {} | {} | {} | {:.1f} s |\n", check::to_string(s), rules->id,
                        m.id, *single.trials.front().found,
                        found ? fmt::format("{}", *found) : std::string("not diagnosed"), took);
        std::fprintf(stderr, "throttled %s %s: %s requests in %.1f s\n",
                     std::string(rules->id).c_str(), m.id.c_str(),
                     found ? std::to_string(*found).c_str() : "not diagnosed", took);
      }
      // Composite: the same combinations for both searches.
      TableRow composite{std::string(rules->id), "composite", {}, {}, {}, {}};
      std::mt19937_64 rng(20261201);
      for (int c = 0; c < composites && mutants.size() >= 2; ++c) {
        const std::size_t want = 2 + rng() % 3;
        std::vector<Switch> combo;
        for (int tries = 0; tries < 50 && combo.size() < want; ++tries) {
          const Switch& m = mutants[rng() % mutants.size()];
          if (std::any_of(combo.begin(), combo.end(),
                          [&](const Switch& x) { return x.id == m.id || x.clause == m.clause; }))
            continue;
          std::vector<Switch> next = combo;
          next.push_back(m);
          if (apply_switches(*rules, next).ok()) combo = std::move(next);
        }
        std::string ids;
        for (const Switch& m : combo) ids += (ids.empty() ? "" : "+") + m.id;
        if ((!only_combo.empty() && ids != only_combo) || !seeded(100 + c)) continue;
        std::string masked;
        for (std::size_t i = 0; i < combo.size(); ++i)
          if (!observable(*rules, combo, i, corpus)) masked = combo[i].id;
        if (!masked.empty()) {
          std::fprintf(stderr, "%s %s %s: left out, %s never shows beside the others\n",
                       std::string(check::to_string(s)).c_str(), std::string(rules->id).c_str(),
                       ids.c_str(), masked.c_str());
          composite.masked.push_back(ids + " (" + masked + ")");
          continue;
        }
        std::fprintf(stderr, "%s %s %s: ...\n", std::string(check::to_string(s)).c_str(),
                     std::string(rules->id).c_str(), ids.c_str());
        Trial t{ids, requests_to_diagnosis(*rules, combo, s, budget, 100 + c, corpus, nullptr,
                                           &composite.alike, &composite.at_clause)};
        std::fprintf(stderr, "%s %s %s: %s\n", std::string(check::to_string(s)).c_str(),
                     std::string(rules->id).c_str(), ids.c_str(),
                     t.found ? std::to_string(*t.found).c_str() : "not diagnosed");
        composite.trials.push_back(std::move(t));
      }
      if (!composite.trials.empty() || !composite.masked.empty())
        table += summary(composite) + "\n";
      write_markdown(markdown, table, throttled, throttled_table);
    }
  }
  std::fputs(with_throttled(table, throttled, throttled_table).c_str(), stdout);
  return 0;
}
