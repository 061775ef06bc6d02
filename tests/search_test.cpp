// The coverage-guided search: the boundaries a position sits on (boards
// worked by hand against the ruleset's thresholds), the plan of starts
// (the same for a seed, reachable, meeting the switches random play rarely
// shows), coverage that adds up over shards, and a rare rule found within
// a budget where the guided search aims at it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/checker/worker_progress.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::check {
namespace {

using bao::testing::ruleset;

Position position(std::string_view bpn) {
  auto p = parse_bpn(bpn);
  EXPECT_TRUE(p.ok()) << bpn;
  return p.ok() ? *p : Position{};
}

bool has(const std::vector<std::string>& v, std::string_view x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// ap-zanzibar: a house works from 6 seeds (working_house), a mtaji capture
// starts from 2 to 15. South to move, no reserves, its house A5 holding
// exactly 6, the only seeds of its front row; North's front row one seed.
TEST(Search, APositionSitsOnTheBoundariesItsCountsSay) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const auto at_six = detail::exercised(
      rules,
      position("S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,1 house=A5"));
  EXPECT_TRUE(has(at_six.boundaries, "house-holds-6"));
  EXPECT_FALSE(has(at_six.boundaries, "house-holds-5"));
  EXPECT_FALSE(has(at_six.boundaries, "house-holds-7"));
  EXPECT_TRUE(has(at_six.boundaries, "sole-front-pit"));
  EXPECT_FALSE(has(at_six.boundaries, "sole-front-pit-kichwa"));
  EXPECT_TRUE(has(at_six.boundaries, "front-row-one-seed"));
  // A 16-seed pit (one above the capture range) and a single seed, at a
  // kichwa and beside the other kichwa.
  const auto at_sixteen = detail::exercised(
      rules, position("S 16,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 0,0,0,1,1,0,0,0/0,0,0,0,0,0,0,0"));
  EXPECT_TRUE(has(at_sixteen.boundaries, "mtaji-pit-holds-16"));
  EXPECT_TRUE(has(at_sixteen.boundaries, "mtaji-pit-holds-1"));
  EXPECT_FALSE(has(at_sixteen.boundaries, "mtaji-pit-holds-15"));
  EXPECT_FALSE(has(at_sixteen.boundaries, "mtaji-pit-holds-2"));
  EXPECT_FALSE(has(at_sixteen.boundaries, "house-holds-6"));
  // Every boundary a position shows is one the ruleset lists.
  std::set<std::string> listed;
  for (const auto& b : detail::boundaries_for(rules)) listed.insert(b.id);
  for (const auto* ex : {&at_six, &at_sixteen})
    for (const std::string& b : ex->boundaries) EXPECT_TRUE(listed.count(b)) << b;
  // The clauses come from the moves' traces: sowing is cited at both.
  EXPECT_FALSE(at_six.clauses.empty());
}

// ap-zanzibar, South to move, no reserves. A5L sows A4, A3, A2 and stops
// in the empty A2: no capture. South's capture starts then (2 to 15 seeds)
// are A7 (4: ends in the empty A3 or in the back row), B8 (3: ends in the
// empty A6 or in the back row) and B2 (5: B1, A1, A2, A3, A4, ending in
// A4, which then holds 2, facing North's a5). All of South's captures
// take a5, North's house, so the block falls there (ap.kutakatia.set);
// a house that works (6 seeds or more, ap.nyumba.working) is exempt
// (ap.kutakatia.exempt-house). a5 holds 5, 6 or 7; North's b3 the rest.
TEST(Search, ABlockFallingOnAHouseSitsOnTheThresholdItsCountSays) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  for (int a5 : {5, 6, 7}) {
    const Position pos =
        position(fmt::format("S 0,0,0,0,3,0,4,0/0,5,0,0,0,1,0,3 0,0,0,0,{},0,4,0/0,0,{},0,0,3,0,0 "
                             "house=a5",
                             a5, 10 - a5));
    const auto ex = detail::exercised(rules, pos);
    EXPECT_TRUE(has(ex.boundaries, fmt::format("block-judges-house-of-{}", a5))) << a5;
    EXPECT_EQ(has(ex.boundaries, "block-set"), a5 < 6) << a5;
    EXPECT_EQ(has(ex.boundaries, "block-exempt"), a5 >= 6) << a5;
    for (int other : {4, 5, 6, 7, 8}) {
      if (other == a5) continue;
      EXPECT_FALSE(has(ex.boundaries, fmt::format("block-judges-house-of-{}", other))) << a5;
    }
  }
  // The plan builds such boards: random play hardly meets them (about one
  // board in 300 has a block falling on a house, one in 3,000 at one count).
  detail::Plan plan(rules, {}, 2, {});
  for (std::size_t k = 0; k < 120; ++k) plan.start(k);
  const auto unmet = plan.unmet();
  for (int n : {5, 6, 7}) {
    EXPECT_FALSE(has(unmet, fmt::format("boundary:block-judges-house-of-{}", n))) << n;
  }
}

TEST(Search, EveryRulesetHasBoundariesWithMeanings) {
  for (const Ruleset* r : all_rulesets()) {
    const auto sides = detail::boundaries_for(*r);
    EXPECT_GE(sides.size(), 2u) << r->id;
    std::set<std::string> ids;
    for (const auto& b : sides) {
      EXPECT_TRUE(ids.insert(b.id).second) << r->id << " " << b.id;
      EXPECT_FALSE(b.meaning.empty()) << r->id << " " << b.id;
      EXPECT_EQ(b.id.find_first_of(" ,"), std::string::npos) << b.id;  // worker lines split on them
    }
  }
}

std::vector<std::string> starts(const Ruleset& rules, std::uint64_t seed, std::size_t n) {
  detail::Plan plan(rules, {}, seed, switches_for(rules));
  std::vector<std::string> out;
  for (std::size_t k = 0; k < n; ++k)
    if (auto p = plan.start(k)) out.push_back(to_bpn(*p));
  return out;
}

// What makes `--seed S --game G` replay a game, and the shards of a run
// add up to it: the plan depends on its inputs only.
TEST(Search, ThePlanIsTheSameForTheSameSeedAndReachable) {
  for (std::string_view id : {"ap-zanzibar", "guide-v2", "site-maasai"}) {
    const Ruleset& rules = ruleset(id);
    const auto a = starts(rules, 3, 20);
    EXPECT_EQ(a.size(), 20u) << id;
    EXPECT_EQ(a, starts(rules, 3, 20)) << id;
    EXPECT_NE(a, starts(rules, 4, 20)) << id;
    const int total = start_position(rules).total_seeds();
    for (const std::string& bpn : a) {
      const Position p = position(bpn);
      EXPECT_TRUE(validate_for_ruleset(rules, p).ok()) << id << " " << bpn;
      EXPECT_LE(p.total_seeds(), total) << id << " " << bpn;
    }
  }
}

// A run being stopped does not wait for a sweep to end (a probe round's
// tries 16,000 candidates an aim): the plan asked to give up has no more
// starts than it had found.
TEST(Search, APlanAskedToGiveUpStopsLooking) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  detail::Plan plan(rules, {}, 1, switches_for(rules));
  ASSERT_TRUE(plan.start(0).has_value());  // the sweep's first start
  int asked = 0;
  plan.give_up_when([&] { return ++asked > 0; });
  EXPECT_EQ(plan.sweep_length(), 1u);
  EXPECT_FALSE(plan.start(1).has_value());
  EXPECT_EQ(asked, 1);
}

// A switch none of the sweep's candidates shows (here none are tried) gets
// a start from the oracle's own play from the ruleset's start, with the
// line that reaches it: in ludii a move cut off as endless, met in about
// one game of 1,000 to 2,000. Without that search, the switch is unmet.
TEST(Search, ASwitchNoCandidateShowsGetsAStartTheOraclesOwnPlayReaches) {
  const Ruleset& rules = ruleset("ludii");
  const auto sw = find_switch(rules, "cutoff-ignored");
  ASSERT_TRUE(sw.has_value());
  const auto switched = apply_switches(rules, std::span<const Switch>(&*sw, 1));
  ASSERT_TRUE(switched.ok());
  const std::vector<Switch> one{*sw};
  detail::Plan plan(rules, {}, 1, one, /*sweep=*/0);
  EXPECT_EQ(plan.sweep_length(), 1u);
  const auto start = plan.start(0);
  ASSERT_TRUE(start.has_value());
  EXPECT_TRUE(detail::answers_differ(rules, *switched, *start)) << to_bpn(*start);
  EXPECT_FALSE(has(plan.unmet(), "switch:cutoff-ignored"));
  // Its line, played from the start under the rule text, reaches it.
  const auto line = plan.line(0);
  ASSERT_TRUE(line.has_value());
  ASSERT_FALSE(line->empty());
  Position pos = start_position(rules);
  for (const std::string& text : *line) {
    auto m = parse_move(text, pos.to_move);
    ASSERT_TRUE(m.ok()) << text;
    auto next = play(rules, pos, *m);
    ASSERT_TRUE(next.ok()) << text << " at " << to_bpn(pos);
    pos = *next;
  }
  EXPECT_EQ(to_bpn(pos), to_bpn(*start));
  // Some move there is cut off as endless under the text.
  bool cut = false;
  Trace trace;
  for (const Move& m : legal_moves(rules, pos)) {
    trace.clear();
    if (!play(rules, pos, m, &trace)) continue;
    for (const Event& e : trace.events())
      cut |= e.kind == EventKind::End && e.reason == Reason::Infinite;
  }
  EXPECT_TRUE(cut) << to_bpn(pos);

  detail::Plan without(rules, {}, 1, one, /*sweep=*/0, {}, /*self_play=*/0);
  without.sweep_length();
  EXPECT_TRUE(has(without.unmet(), "switch:cutoff-ignored"));
}

// The first starts give each switch of the catalogue a position where it
// answers otherwise, the rare ones too: the switches the plan counts as met
// are each shown at one of its first 80 starts, and they are nearly all of
// ap-zanzibar's (without the corpus; what the sweep does not find among
// its candidates is left to the later rounds and the random games).
TEST(Search, TheFirstStartsShowNearlyEverySwitchOfTheCatalogue) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const auto catalogue = switches_for(rules);
  detail::Plan plan(rules, {}, 1, catalogue);
  std::vector<Position> first;
  for (std::size_t k = 0; k < 80; ++k)
    if (auto p = plan.start(k)) first.push_back(*p);
  const auto unmet = plan.unmet();
  std::size_t shown = 0;
  for (const Switch& s : catalogue) {
    auto switched = apply_switches(rules, std::span<const Switch>(&s, 1));
    ASSERT_TRUE(switched.ok()) << s.id;
    const bool at_a_start = std::any_of(first.begin(), first.end(), [&](const Position& p) {
      return detail::answers_differ(rules, *switched, p);
    });
    shown += at_a_start;
    if (!has(unmet, "switch:" + s.id)) {
      EXPECT_TRUE(at_a_start) << s.id;
    }
  }
  // both-fronts-mover-loses shows only where both front rows are empty, a
  // position the corpus states and hardly any game reaches.
  EXPECT_GE(shown + 3, catalogue.size());
}

// The mutant random games from the start hardly reach (a block that stops
// a sowing begun from the house): the guided search names it within a
// small budget.
TEST(Search, TheGuidedSearchFindsARareRuleWithinABudget) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  auto s = find_switch(rules, "block-no-house-exception");
  ASSERT_TRUE(s.has_value());
  auto engine = apply_switches(rules, std::span<const Switch>(&*s, 1));
  ASSERT_TRUE(engine.ok());
  auto probe = oracle_probe(*engine, "rare");
  CheckOptions o;
  o.ruleset = "ap-zanzibar";
  o.games = 1u << 30;
  o.request_budget = 20'000;
  auto r = run_check(*probe, o);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->deviations.size(), 1u) << summary_text(*r);
  EXPECT_EQ(r->deviations[0].clause, clause_name(s->clause));
  EXPECT_GT(r->deviations[0].found_after, 0u);
  EXPECT_LE(r->deviations[0].found_after, o.request_budget + 5000);
  // The coverage it reports names the switch as shown.
  EXPECT_EQ(r->stats.switch_coverage.count(s->id), 1u);
}

// Coverage counts each game's first run, like the other totals: the
// shards of a run merge into the run's coverage.
TEST(Search, CoverageOfMergedShardsIsTheWholeRuns) {
  const Ruleset& rules = ruleset("guide-v2");
  CheckOptions o;
  o.ruleset = "guide-v2";
  o.games = 24;
  o.seed = 5;
  auto whole_probe = oracle_probe(rules);
  auto whole = run_check(*whole_probe, o);
  ASSERT_TRUE(whole.ok());
  std::vector<CheckResult> parts;
  for (std::uint32_t i = 0; i < 3; ++i) {
    CheckOptions shard = o;
    shard.shard_index = i;
    shard.shard_count = 3;
    auto probe = oracle_probe(rules);
    auto part = run_check(*probe, shard);
    ASSERT_TRUE(part.ok());
    parts.push_back(*part);
  }
  auto merged = merge(parts);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(merged->stats.clause_coverage, whole->stats.clause_coverage);
  EXPECT_EQ(merged->stats.boundary_coverage, whole->stats.boundary_coverage);
  EXPECT_EQ(merged->stats.switch_coverage, whole->stats.switch_coverage);
  EXPECT_EQ(coverage_summary("guide-v2", merged->stats),
            coverage_summary("guide-v2", whole->stats));
  const CoverageSummary c = coverage_summary("guide-v2", whole->stats);
  EXPECT_EQ(c.clauses, rules.clauses.size());
  EXPECT_GT(c.clauses_met, c.clauses / 2);
  EXPECT_GT(c.boundaries_met, 0u);
  // Written and read back.
  auto back = from_json(to_json(*whole), "report.json");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->stats.clause_coverage, whole->stats.clause_coverage);
  EXPECT_EQ(back->stats.switch_coverage, whole->stats.switch_coverage);
  EXPECT_EQ(back->options.search, Search::Coverage);
}

// A --jobs worker's progress line (worker_progress.hpp): one JSON object,
// read back with its counts and what its games met (each id once, ids met
// zero times left out); anything else is no progress line.
TEST(Search, WorkerLinesCarryWhatWasMet) {
  Stats s;
  s.games = 12;
  s.positions = 340;
  s.failing_games = 2;
  s.requests = 1800;
  s.followup_requests = 240;
  s.clause_coverage = {{"a.b", 3}, {"c", 0}, {"d-e", 1}};
  s.switch_coverage = {{"no-relay", 1}};
  const std::string line = worker_progress_line("ask", s, 3);
  ASSERT_FALSE(line.empty());
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1);
  const auto p = parse_worker_progress(line.substr(0, line.size() - 1));
  ASSERT_TRUE(p.has_value()) << line;
  EXPECT_EQ(p->kind, "ask");
  EXPECT_EQ(p->groups, 3u);
  EXPECT_EQ(p->stats.games, 12u);
  EXPECT_EQ(p->stats.positions, 340u);
  EXPECT_EQ(p->stats.failing_games, 2u);
  EXPECT_EQ(p->stats.requests, 1800u);
  EXPECT_EQ(p->stats.followup_requests, 240u);
  EXPECT_EQ(p->stats.clause_coverage,
            (std::map<std::string, std::uint64_t>{{"a.b", 1}, {"d-e", 1}}));
  EXPECT_TRUE(p->stats.boundary_coverage.empty());
  EXPECT_EQ(p->stats.switch_coverage, (std::map<std::string, std::uint64_t>{{"no-relay", 1}}));
  // Stray output of a worker is not a progress line.
  for (
      const std::string bad :
      {"", "progress 1 2 3 4 5 6 - - -", "{}", "[1,2]", R"({"kind":"progress"})",
       R"({"kind":"other","games":1,"positions":1,"failing_games":0,"groups":0,"requests":1,"followup_requests":0})",
       R"({"kind":"progress","games":-1,"positions":1,"failing_games":0,"groups":0,"requests":1,"followup_requests":0})",
       R"({"kind":"progress","games":1,"positions":1,"failing_games":0,"groups":0,"requests":1,"followup_requests":0,"clauses":[1]})",
       "\xff\xfe{"})
    EXPECT_FALSE(parse_worker_progress(bad).has_value()) << bad;
}

}  // namespace
}  // namespace bao::check
