// The checker's core against the oracle itself and its mutants, in process:
// an engine that is the oracle has no findings; a mutant is found, its witness
// really separates the two, the fingerprint names the broken clause, and runs
// are deterministic, shardable and survive a JSON round trip.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "oracle/checker/check.hpp"
#include "oracle/core/mutation.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {
namespace {

CheckOptions options_for(std::string_view ruleset, std::uint64_t games, std::uint64_t seed = 7) {
  CheckOptions o;
  o.ruleset = std::string(ruleset);
  o.games = games;
  o.seed = seed;
  return o;
}

CheckResult run(const Ruleset& engine_rules, const CheckOptions& o) {
  auto probe = oracle_probe(engine_rules);
  auto r = run_check(*probe, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : CheckResult{};
}

const Ruleset& ruleset(std::string_view id) {
  const Ruleset* r = find_ruleset(id);
  EXPECT_NE(r, nullptr) << id;
  return *r;
}

// The findings without their timing, for comparing runs.
std::string findings_text(const CheckResult& r) {
  std::string out;
  for (const Finding& f : r.findings)
    out += fmt::format("{} {} {} [{}] {} {} {}\n", to_string(f.kind), f.game, f.position, f.move,
                       f.expected, f.actual, f.occurrences);
  return out;
}

TEST(Check, TheOracleAgreesWithItselfUnderEveryRuleset) {
  for (const Ruleset* r : all_rulesets()) {
    const CheckResult res = run(*r, options_for(r->id, 6));
    EXPECT_TRUE(res.findings.empty()) << r->id << "\n" << summary_text(res);
    EXPECT_EQ(res.stats.games, 6u) << r->id;
    EXPECT_GT(res.stats.positions, 20u) << r->id;
    EXPECT_GT(res.stats.moves, res.stats.positions) << r->id;
  }
}

TEST(Check, UnknownRulesetAndBadShardAreInputErrors) {
  auto probe = oracle_probe(ruleset("ap-zanzibar"));
  EXPECT_FALSE(run_check(*probe, options_for("no-such-rules", 1)).ok());
  CheckOptions o = options_for("ap-zanzibar", 1);
  o.shard_index = 2;
  o.shard_count = 2;
  EXPECT_FALSE(run_check(*probe, o).ok());
  // A probe that does not play the asked ruleset refuses to select it.
  EXPECT_FALSE(run_check(*probe, options_for("guide-v2", 1)).ok());
}

// A mutant whose clause governs ap-zanzibar: the entry kichwa flipped.
Ruleset zanzibar_mutant(std::string_view name) {
  const MutantInfo* m = find_mutant(name);
  EXPECT_NE(m, nullptr) << name;
  auto r = mutate(ruleset("ap-zanzibar"), m->id);
  EXPECT_TRUE(r.ok()) << name;
  return *r;
}

TEST(Check, FindsAMutantAndItsWitnessSeparatesTheTwo) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset& real = ruleset("ap-zanzibar");
  auto broken = mutate(real, m.id);
  ASSERT_TRUE(broken.ok());
  const CheckResult res = run(*broken, options_for("ap-zanzibar", 30));
  ASSERT_FALSE(res.findings.empty()) << m.name;
  for (const Finding& f : res.findings) {
    // The witness position, asked again of both: they really answer
    // differently there (legal set, status, or the disputed move's result).
    auto pos = parse_bpn(f.position);
    ASSERT_TRUE(pos.ok()) << f.position;
    const MoveList a = legal_moves(real, *pos), b = legal_moves(*broken, *pos);
    bool differ = moves_to_string(a, pos->to_move) != moves_to_string(b, pos->to_move) ||
                  status(real, *pos) != status(*broken, *pos);
    if (!f.move.empty()) {
      auto mv = parse_move(f.move, pos->to_move);
      ASSERT_TRUE(mv.ok());
      auto ra = play(real, *pos, *mv), rb = play(*broken, *pos, *mv);
      differ =
          differ || ra.ok() != rb.ok() ||
          (ra.ok() && (to_bpn(*ra) != to_bpn(*rb) || status(real, *ra) != status(*broken, *rb)));
    }
    EXPECT_TRUE(differ) << f.position << " " << f.move;
    EXPECT_EQ(f.actual.empty(), false);
    // The witness line replays to the witness position under the oracle.
    Position p = f.start == "start" ? start_position(real) : parse_bpn(f.start).value();
    for (const std::string& mv : f.line) {
      auto parsed = parse_move(mv, p.to_move);
      ASSERT_TRUE(parsed.ok()) << mv;
      auto next = play(real, p, *parsed);
      ASSERT_TRUE(next.ok()) << mv;
      p = *next;
    }
    EXPECT_EQ(to_bpn(p), f.found_at);
    // The witness is that board with seeds taken away and perhaps house,
    // block or house-use marks dropped: no pit or hand holds more, no mark
    // is new, and every other field is the same.
    Position w = *pos;
    EXPECT_EQ(w.house & ~p.house, 0u);
    EXPECT_EQ(w.block & ~p.block, 0u);
    EXPECT_EQ(w.used & ~p.used, 0u);
    w.house = p.house;
    w.block = p.block;
    w.used = p.used;
    w.quiet = p.quiet;
    for (Side s : {Side::South, Side::North}) {
      for (Pit q = 0; q < kPitsPerSide; ++q) {
        EXPECT_LE(w.at(s, q), p.at(s, q)) << f.position << " vs " << f.found_at;
        w.at(s, q) = p.at(s, q);
      }
      EXPECT_LE(w.hand[index_of(s)], p.hand[index_of(s)]);
      w.hand[index_of(s)] = p.hand[index_of(s)];
    }
    EXPECT_EQ(to_bpn(w), f.found_at);
    EXPECT_EQ(f.seeds, pos->total_seeds());
    EXPECT_EQ(f.found_seeds, p.total_seeds());
    if (f.seeds < f.found_seeds) {
      EXPECT_GT(f.minimise_steps, 0);
    }
  }
  // The fingerprint puts the mutant itself among those agreeing everywhere.
  const auto fp = fingerprint(res, 50);
  const bool named = std::any_of(fp.begin(), fp.end(), [&](const Candidate& c) {
    return c.mutant == m.name && c.agrees == c.total && c.total > 0;
  });
  EXPECT_TRUE(named) << summary_text(res);
}

TEST(Check, ShrinkingKeepsWitnessesSmall) {
  const MutantInfo& m = all_mutants().front();
  auto broken = mutate(ruleset("ap-zanzibar"), m.id);
  ASSERT_TRUE(broken.ok());
  const CheckResult res = run(*broken, options_for("ap-zanzibar", 20));
  ASSERT_FALSE(res.findings.empty());
  for (const Finding& f : res.findings) {
    EXPECT_GT(f.shrinks, 0) << f.position;
    EXPECT_LT(f.line.size(), 60u) << f.position;
  }
}

TEST(Check, SameSeedSameFindingsAndAnotherSeedPlaysOtherGames) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[1].name);
  const CheckResult a = run(broken, options_for("ap-zanzibar", 12, 3));
  const CheckResult b = run(broken, options_for("ap-zanzibar", 12, 3));
  EXPECT_EQ(findings_text(a), findings_text(b));
  EXPECT_EQ(a.stats.positions, b.stats.positions);
  const CheckResult c = run(ruleset("ap-zanzibar"), options_for("ap-zanzibar", 12, 4));
  const CheckResult d = run(ruleset("ap-zanzibar"), options_for("ap-zanzibar", 12, 3));
  EXPECT_NE(c.stats.positions, d.stats.positions);
}

TEST(Check, ShardsMergeToTheWholeRun) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[2].name);
  const CheckResult whole = run(broken, options_for("ap-zanzibar", 16, 5));
  std::vector<CheckResult> parts;
  for (std::uint32_t i = 0; i < 3; ++i) {
    CheckOptions o = options_for("ap-zanzibar", 16, 5);
    o.shard_index = i;
    o.shard_count = 3;
    parts.push_back(run(broken, o));
  }
  std::uint64_t games = 0;
  for (const CheckResult& p : parts) games += p.stats.games;
  EXPECT_EQ(games, 16u);
  auto merged = merge(parts);
  ASSERT_TRUE(merged.ok());
  EXPECT_EQ(findings_text(*merged), findings_text(whole));
  EXPECT_EQ(merged->stats.failing_games, whole.stats.failing_games);
  // Parts of different campaigns do not merge.
  CheckResult other = parts[0];
  other.options.seed = 99;
  EXPECT_FALSE(merge({parts[1], other}).ok());
}

TEST(Check, ReplayingOneGameFindsItsFindingAgain) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  const CheckResult res = run(broken, options_for("ap-zanzibar", 10, 11));
  ASSERT_FALSE(res.findings.empty());
  const Finding& f = res.findings.front();
  CheckOptions o = options_for("ap-zanzibar", 0, 11);
  o.only_game = f.game;
  const CheckResult again = run(broken, o);
  ASSERT_EQ(again.stats.games, 1u);
  ASSERT_EQ(again.findings.size(), 1u);
  EXPECT_EQ(again.findings[0].game, f.game);
  EXPECT_EQ(to_string(again.findings[0].kind), to_string(f.kind));
}

TEST(Check, JsonRoundTripKeepsFindingsAndRejectsOtherFiles) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  CheckResult res = run(broken, options_for("ap-zanzibar", 8));
  res.command = "my-engine --fast";
  ASSERT_FALSE(res.findings.empty());
  auto back = from_json(to_json(res), "report.json");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(findings_text(*back), findings_text(res));
  EXPECT_EQ(back->command, res.command);
  EXPECT_EQ(to_json(*back), to_json(res));
  auto bad = from_json("{\"format\": \"something else\"}", "x.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("x.json"), std::string::npos);
  EXPECT_FALSE(from_json("{not json", "y.json").ok());
}

TEST(Check, WitnessScenarioLoadsPassesTheOracleAndFailsTheMutant) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset broken = zanzibar_mutant(m.name);
  const CheckResult res = run(broken, options_for("ap-zanzibar", 10));
  ASSERT_FALSE(res.findings.empty());
  for (std::size_t i = 0; i < res.findings.size(); ++i) {
    const std::string yaml = witness_yaml(res, res.findings[i], i);
    auto loaded = scenario::load_string(yaml, "witness.yaml");
    ASSERT_TRUE(loaded.errors.empty()) << scenario::to_string(loaded.errors[0]) << "\n" << yaml;
    ASSERT_EQ(loaded.scenarios.size(), 1u);
    scenario::OracleSubject oracle, mutant(m.id);
    const auto pass = scenario::run_scenarios(loaded.scenarios, oracle, {});
    EXPECT_EQ(scenario::exit_code(pass), 0) << scenario::format_report(pass);
    EXPECT_EQ(scenario::exit_code(scenario::run_scenarios(loaded.scenarios, mutant, {})), 1)
        << yaml;
  }
}

TEST(Check, ReportsNameTheFindingAndTheReproduction) {
  const Ruleset broken = zanzibar_mutant(all_mutants().front().name);
  CheckResult res = run(broken, options_for("ap-zanzibar", 6, 21));
  res.command = "engine 'with quote";
  ASSERT_FALSE(res.findings.empty());
  const Finding& f = res.findings.front();
  const std::string md = to_markdown(res);
  EXPECT_NE(md.find(f.position), std::string::npos);
  EXPECT_NE(md.find("--seed 21 --game " + std::to_string(f.game)), std::string::npos);
  EXPECT_NE(md.find("'engine '\\''with quote'"), std::string::npos);
  const std::string junit = to_junit(res);
  EXPECT_NE(junit.find("failures=\"" + std::to_string(res.findings.size()) + "\""),
            std::string::npos);
  EXPECT_EQ(junit.find("'with"), std::string::npos);  // escaped
  const std::string text = summary_text(res);
  EXPECT_NE(text.find("reproduce: bao-oracle check"), std::string::npos);
}

}  // namespace
}  // namespace bao::check
