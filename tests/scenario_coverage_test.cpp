// Clause coverage of the scenario suite (oracle/scenario/runner.cpp,
// `bao-oracle scenarios --coverage`): how a clause counts as exercised, the
// listing, and the requirement that the repository's scenarios exercise every
// clause of every ruleset the oracle implements.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {
namespace {

// Names ap.setup.start; its move A6L (worked out by hand in
// scenarios/abstract_play/kunamua.yaml: sow A5 A4 A3, stop in the empty A3)
// fires ap.kunamua.place, ap.kunamua.kutakata-sow, ap.sow.consecutive and
// ap.sow.empty-ends-turn in its trace.
const std::string kOneMove = R"(scenarios:
  - id: one-move
    rulesets: [ap-zanzibar]
    source: s
    clauses: [ap.setup.start]
    position: start
    checks:
      - play: A6L
)";

// An engine that plays no ruleset: every case is skipped.
class NoRulesets final : public Probe {
 public:
  std::string name() override { return "none"; }
  Expected<void> select(std::string_view) override { return Error{"none"}; }
  protocol::PositionAnswer ask(const protocol::Batch&) override {
    protocol::PositionAnswer a;
    a.not_sent = "none";
    return a;
  }
};

std::vector<Scenario> load(const std::string& text) {
  LoadResult r = load_string(text, "t.yaml");
  EXPECT_TRUE(r.errors.empty()) << to_string(r.errors[0]);
  return r.scenarios;
}

const ClauseCoverage& zanzibar(const std::vector<ClauseCoverage>& all) {
  static const ClauseCoverage none;
  for (const ClauseCoverage& c : all)
    if (c.ruleset == "ap-zanzibar") return c;
  ADD_FAILURE() << "no ap-zanzibar entry";
  return none;
}

bool is_missing(const ClauseCoverage& c, std::string_view id) {
  return std::find(c.missing.begin(), c.missing.end(), id) != c.missing.end();
}

TEST(ClauseCoverage, NamedAndTracedClausesCount) {
  auto oracle = protocol::oracle_probe();
  const auto all = clause_coverage(load(kOneMove), *oracle, {});
  ASSERT_EQ(all.size(), all_rulesets().size());
  const ClauseCoverage& c = zanzibar(all);
  EXPECT_EQ(c.governing, find_ruleset("ap-zanzibar")->clauses.size());
  EXPECT_FALSE(is_missing(c, "ap.setup.start"));  // named
  for (const char* fired : {"ap.kunamua.place", "ap.kunamua.kutakata-sow", "ap.sow.consecutive",
                            "ap.sow.empty-ends-turn"})
    EXPECT_FALSE(is_missing(c, fired)) << fired;  // from the trace
  EXPECT_TRUE(is_missing(c, "ap.cutoff.seeds-sown"));
  EXPECT_EQ(c.missing.size(), c.governing - 5);
}

TEST(ClauseCoverage, SkippedCasesExerciseNothing) {
  NoRulesets none;
  RunSummary run;
  const auto all = clause_coverage(load(kOneMove), none, {}, &run);
  EXPECT_EQ(run.skipped, 1);
  for (const ClauseCoverage& c : all) EXPECT_EQ(c.missing.size(), c.governing) << c.ruleset;
}

TEST(ClauseCoverage, OtherRulesetsExerciseNothing) {
  auto oracle = protocol::oracle_probe();
  for (const ClauseCoverage& c : clause_coverage(load(kOneMove), *oracle, {})) {
    if (c.ruleset == "ap-zanzibar") continue;
    EXPECT_EQ(c.missing.size(), c.governing) << c.ruleset;
  }
}

TEST(ClauseCoverage, RulesetOptionSelectsOneRuleset) {
  auto oracle = protocol::oracle_probe();
  RunOptions o;
  o.ruleset = "ap-zanzibar";
  const auto all = clause_coverage(load(kOneMove), *oracle, o);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].ruleset, "ap-zanzibar");
}

TEST(ClauseCoverage, Listing) {
  const std::vector<ClauseCoverage> c{{"ap-zanzibar", 58, {"ap.cutoff.seeds-sown"}},
                                      {"ap-other", 3, {}}};
  EXPECT_EQ(format_coverage(c),
            "ap-zanzibar: 57/58 clauses exercised\n"
            "  ap.cutoff.seeds-sown\n"
            "ap-other: 3/3 clauses exercised\n");
}

TEST(ClauseCoverage, CommandExitCodes) {
  const auto dir = std::filesystem::temp_directory_path() / "bao_coverage_cmd";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "one.yaml") << kOneMove;
  std::ofstream(dir / "broken.yaml") << "scenarios:\n  - id: [x\n";
  std::ostringstream out, err;
  RunOptions o;
  o.ruleset = "ap-zanzibar";
  EXPECT_EQ(run_coverage_command({(dir / "one.yaml").string()}, o, out, err), 1);
  EXPECT_EQ(out.str().rfind("ap-zanzibar: 5/", 0), 0u) << out.str();
  EXPECT_EQ(run_coverage_command({dir.string()}, o, out, err), 2);
  EXPECT_NE(err.str().find("input error"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// ---- The repository's scenarios ---------------------------------------------

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const Ruleset* r : all_rulesets()) ids.emplace_back(r->id);
  return ids;
}

const LoadResult& repository_scenarios() {
  static const LoadResult loaded = load_paths({std::string(BAO_SOURCE_DIR) + "/scenarios"});
  return loaded;
}

class RepositoryCoverage : public ::testing::TestWithParam<std::string> {};

// Every clause that governs a ruleset is exercised by some scenario.
TEST_P(RepositoryCoverage, EveryClauseIsExercised) {
  const LoadResult& loaded = repository_scenarios();
  ASSERT_TRUE(loaded.errors.empty()) << to_string(loaded.errors[0]);
  auto oracle = protocol::oracle_probe();
  RunOptions o;
  o.ruleset = GetParam();
  const auto coverage = clause_coverage(loaded.scenarios, *oracle, o);
  ASSERT_EQ(coverage.size(), 1u);
  EXPECT_TRUE(coverage[0].missing.empty()) << format_coverage(coverage);
}

INSTANTIATE_TEST_SUITE_P(AllRulesets, RepositoryCoverage, ::testing::ValuesIn(ruleset_ids()),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace bao::scenario
