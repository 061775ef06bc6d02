// The mutation test: the repository's scenario suite must catch every clause
// mutant (oracle/catalog/mutation.hpp). For each implemented ruleset, every
// mutant whose clause governs it plays the whole suite through an
// oracle as a Probe (protocol::oracle_probe); a mutant is killed when at least one scenario fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "oracle/catalog/mutation.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {
namespace {

const LoadResult& repository_scenarios() {
  static const LoadResult loaded = load_paths({std::string(BAO_SOURCE_DIR) + "/scenarios"});
  return loaded;
}

// The ids of the cases that fail under `mutant` (one ruleset only); the
// mutant is killed when there is one.
std::vector<std::string> killers(const std::vector<Scenario>& suite, const std::string& ruleset,
                                 Mutation mutant) {
  auto engine = protocol::oracle_probe(mutant);
  RunOptions o;
  o.ruleset = ruleset;
  std::vector<std::string> ids;
  for (const CaseResult& c : run_scenarios(suite, *engine, o).cases)
    if (c.outcome == Outcome::Fail) ids.push_back(c.id);
  return ids;
}

// A mutant really changes the engine's answers: under no-relay the relay of
// A1 (3) in ap-kunamua-capture-entry-ends does not happen (worked by hand in
// scenarios/abstract_play/kunamua.yaml: A1R captures a8 into A1 = 3, which
// the real rules relay to A2..A4).
TEST(MutantSubject, PlaysTheBrokenClause) {
  const std::string bpn =
      "S 1,1,0,0,0,0,1,1/0,0,0,0,0,0,0,0 1,1,0,0,0,0,1,1/0,0,0,0,0,0,0,0 hand=5,5";
  const MutantInfo* no_relay = find_mutant("no-relay");
  ASSERT_NE(no_relay, nullptr);
  auto real = protocol::oracle_probe();
  auto mutant = protocol::oracle_probe(no_relay->id);
  EXPECT_EQ(real->name(), "bao-oracle");
  EXPECT_EQ(mutant->name(), "bao-oracle (mutant no-relay)");
  ASSERT_TRUE(real->select("ap-zanzibar") && mutant->select("ap-zanzibar"));
  const auto a = real->ask(bpn, {"A1R"});
  const auto b = mutant->ask(bpn, {"A1R"});
  ASSERT_TRUE(a.plays.at(0).accepted && b.plays.at(0).accepted);
  EXPECT_EQ(a.plays[0].bpn,
            "N 0,2,1,1,0,0,1,1/0,0,0,0,0,0,0,0 1,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 hand=4,5");
  EXPECT_EQ(b.plays[0].bpn,
            "N 3,1,0,0,0,0,1,1/0,0,0,0,0,0,0,0 1,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 hand=4,5");
}

// A mutant is an engine the checker may be pointed at (`bao-oracle engine
// --mutant`), so it keeps the protocol: no move listed twice. Under
// capture-optional the kutakata starts are offered beside the captures, and
// a start that is both (a8L capturing, or sowing without a capture) is one
// move. Twenty games of up to 60 moves per ruleset the mutant governs, each
// move chosen by a fixed stride through the list.
TEST(MutantSubject, ListsEachMoveOnce) {
  int lists = 0;
  for (const MutantInfo& m : all_mutants()) {
    auto engine = protocol::oracle_probe(m.id);
    for (const Ruleset* rules : all_rulesets()) {
      if (!mutant_applies(*rules, m)) continue;
      ASSERT_TRUE(engine->select(rules->id)) << m.name << " " << rules->id;
      for (unsigned game = 0; game < 20; ++game) {
        const auto start = engine->ask(
            protocol::Batch{.bpn = "start", .show = true, .status = false, .moves = false});
        ASSERT_TRUE(start.representable) << m.name << " " << rules->id;
        std::string at = start.shown;
        for (unsigned ply = 0; ply < 60; ++ply) {
          // A mutant may leave a position the notation refuses (takasia-lasts
          // keeps a block on the side that just moved): its game ends there.
          const auto here = engine->ask(at, {});
          if (!here.representable || here.status != "ongoing") break;
          const std::vector<std::string>* moves = &here.moves;
          if (moves->empty()) break;
          ++lists;
          std::vector<std::string> sorted = *moves;
          std::sort(sorted.begin(), sorted.end());
          const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
          ASSERT_EQ(twice, sorted.end()) << "mutant " << m.name << " lists " << *twice
                                         << " twice in " << rules->id << " at " << at;
          const auto next =
              engine->ask(at, {(*moves)[(game * 7 + ply * 3) % moves->size()]}).plays.at(0);
          ASSERT_TRUE(next.accepted) << m.name << " " << at << ": " << next.refusal;
          at = next.bpn;
        }
      }
    }
  }
  EXPECT_GT(lists, 1000);
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const Ruleset* r : all_rulesets()) ids.emplace_back(r->id);
  return ids;
}

class MutationTest : public ::testing::TestWithParam<std::string> {};

TEST_P(MutationTest, EveryMutantIsKilled) {
  const LoadResult& loaded = repository_scenarios();
  ASSERT_TRUE(loaded.errors.empty()) << to_string(loaded.errors[0]);
  const Ruleset& rules = *find_ruleset(GetParam());
  int tried = 0;
  std::vector<std::string> survivors;
  std::string report;
  for (const MutantInfo& m : all_mutants()) {
    if (!mutant_applies(rules, m)) continue;
    ++tried;
    const std::vector<std::string> ids = killers(loaded.scenarios, GetParam(), m.id);
    if (ids.empty()) {
      survivors.emplace_back(m.name);
      continue;
    }
    // Which scenarios catch each mutant, to see that the intended one does.
    report += "  " + std::string(m.name) + ": " + ids[0];
    if (ids.size() > 1) report += " (+" + std::to_string(ids.size() - 1) + " more)";
    report += "\n";
  }
  const int dead = tried - static_cast<int>(survivors.size());
  std::printf("mutation [%s]: %d/%d mutants killed (%d%%)\n%s", GetParam().c_str(), dead, tried,
              tried == 0 ? 100 : 100 * dead / tried, report.c_str());
  for (const std::string& s : survivors) std::printf("  survived: %s\n", s.c_str());
  std::string list;
  for (const std::string& s : survivors) list += " " + s;
  EXPECT_TRUE(survivors.empty()) << "mutants no scenario catches:" << list;
}

INSTANTIATE_TEST_SUITE_P(AllRulesets, MutationTest, ::testing::ValuesIn(ruleset_ids()),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace bao::scenario
