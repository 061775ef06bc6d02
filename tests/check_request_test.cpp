// A check request is checked once (check::plan_check), before any engine
// starts, and a plan gives one ruleset's options (check::options_for),
// which the --jobs workers are given whole (check::options_to_json).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "oracle/checker/check_all.hpp"
#include "oracle/checker/request.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::check {
namespace {

namespace fs = std::filesystem;

// A request for one ruleset with no corpus (no scenarios folder looked up).
CheckRequest plain(std::string ruleset) {
  CheckRequest q;
  q.ruleset = std::move(ruleset);
  q.no_corpus = true;
  return q;
}

std::string error_of(const CheckRequest& q) {
  auto plan = plan_check(q);
  return plan ? std::string("(no error)") : plan.error().message;
}

// The test's own folder, removed after it.
class CheckPlanning : public ::testing::Test {
 protected:
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // A file of the folder.
  std::string file_with(const std::string& name, const std::string& text) {
    fs::create_directories(dir_);
    const fs::path path = dir_ / name;
    EXPECT_TRUE(static_cast<bool>(write_file_atomic(path.string(), text)));
    return path.string();
  }
  fs::path dir_ = fs::temp_directory_path() / ("bao-request-test-" + std::to_string(::getpid()));
};

TEST_F(CheckPlanning, WhatIsWrongIsSaidOnceWithTheOptionItConcerns) {
  EXPECT_NE(error_of(plain("zanzibar")).find("--ruleset: unknown ruleset 'zanzibar' (known: "),
            std::string::npos);
  CheckRequest all = plain("all");
  all.only_game = 3;
  EXPECT_EQ(error_of(all).rfind("--game: a reproduction replays one game of one ruleset", 0), 0u);
  all = plain("all");
  all.given = {"no-relay"};
  EXPECT_EQ(error_of(all).rfind("--given: the switches are one ruleset's", 0), 0u);
  all = plain("all");
  all.corpus_hash = "none";
  EXPECT_EQ(error_of(all).rfind("--corpus-hash: each ruleset has a corpus of its own", 0), 0u);
  CheckRequest q = plain("ap-zanzibar");
  q.given = {"no-such-switch"};
  EXPECT_EQ(error_of(q),
            "--given: 'no-such-switch' is no switch of ap-zanzibar (see `bao-oracle "
            "switches ap-zanzibar`)");
  q = plain("ap-zanzibar");
  q.shard = Shard{2, 2};
  EXPECT_EQ(error_of(q), "--shard: expected I/N with 0 <= I < N, got '2/2'");
  q = plain("ap-zanzibar");
  q.accept_file = file_with("missing-reason.yaml", "accept:\n  - switch: no-relay\n");
  EXPECT_NE(error_of(q).find("missing-reason.yaml:2"), std::string::npos) << error_of(q);
  // An entry that names a clause no rule of this ruleset has.
  q.accept_file =
      file_with("foreign.yaml", "accept:\n  - clause: guide.no-such-clause\n    reason: r\n");
  EXPECT_NE(error_of(q).find("foreign.yaml:2: 'guide.no-such-clause' is no clause of ap-zanzibar"),
            std::string::npos)
      << error_of(q);
  // A good request has no error.
  EXPECT_EQ(error_of(plain("ap-zanzibar")), "(no error)");
}

TEST_F(CheckPlanning, TheOptionsOfARulesetAreTheRequestsWithTheAcceptedSwitches) {
  CheckRequest q = plain("ap-zanzibar");
  q.seed = 9;
  q.games = 17;
  q.shard = Shard{1, 3};
  q.stop_after = 4;
  q.budget = 1234;
  q.search = Search::Random;
  q.given = {"capture-needs-three"};
  q.accept_file = file_with("accept.yaml",
                            "accept:\n  - switch: no-relay\n    reason: one lap only\n"
                            "  - clause: ap.sow.relay\n    reason: relays are ours\n");
  auto plan = plan_check(q);
  ASSERT_TRUE(plan) << plan.error().message;
  auto c = options_for(*plan, *find_ruleset("ap-zanzibar"));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->ruleset, "ap-zanzibar");
  EXPECT_EQ(c->seed, 9u);
  EXPECT_EQ(c->games, 17u);
  EXPECT_EQ(c->shard_index, 1u);
  EXPECT_EQ(c->shard_count, 3u);
  EXPECT_EQ(c->max_findings, 4u);
  EXPECT_EQ(c->request_budget, 1234u);
  EXPECT_EQ(c->search, Search::Random);
  EXPECT_TRUE(c->corpus.empty());
  EXPECT_EQ(c->given, std::vector<std::string>{"capture-needs-three"});
  EXPECT_EQ(c->accepted, std::vector<std::string>{"no-relay"});
  EXPECT_EQ(c->accept_reasons, std::vector<std::string>{"one lap only"});
  EXPECT_EQ(c->accepted_clauses, std::vector<std::string>{"ap.sow.relay"});
  EXPECT_EQ(c->accepted_clause_reasons, std::vector<std::string>{"relays are ours"});
}

TEST_F(CheckPlanning, ACorpusThatHashesOtherwiseIsRefusedNamingBothHashes) {
  CheckRequest q = plain("ap-zanzibar");
  q.no_corpus = false;
  q.corpus = {std::string(BAO_SOURCE_DIR) + "/scenarios/abstract_play"};
  q.corpus_hash = "0000";
  auto plan = plan_check(q);
  ASSERT_TRUE(plan) << plan.error().message;
  auto c = options_for(*plan, *find_ruleset("ap-zanzibar"));
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("--corpus-hash: the corpus of this run (--corpus, "),
            std::string::npos);
  EXPECT_NE(c.error().message.find(", not 0000"), std::string::npos) << c.error().message;
  // Given the hash the corpus has, the same request runs, and its corpus is
  // the scenario positions of that folder (some of them).
  q.corpus_hash.clear();
  auto read = options_for(*plan_check(q), *find_ruleset("ap-zanzibar"));
  ASSERT_TRUE(read);
  ASSERT_FALSE(read->corpus.empty());
  q.corpus_hash = corpus_hash(read->corpus);
  EXPECT_TRUE(options_for(*plan_check(q), *find_ruleset("ap-zanzibar")));
}

TEST_F(CheckPlanning, UnderRulesetAllAnAcceptEntryMustFitSomeRulesetChecked) {
  CheckRequest q = plain("all");
  q.accept_file = file_with("all.yaml",
                            "accept:\n  - switch: capture-needs-three\n    reason: known\n"
                            "    rulesets: [ap-zanzibar]\n");
  auto plan = plan_check(q);
  ASSERT_TRUE(plan) << plan.error().message;
  EXPECT_TRUE(plan_fits(*plan, {find_ruleset("ap-zanzibar"), find_ruleset("guide-v2")}));
  auto refused = plan_fits(*plan, {find_ruleset("guide-v2")});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find(
                "'capture-needs-three' is no switch of any ruleset checked (guide-v2)"),
            std::string::npos)
      << refused.error().message;
  // The ruleset the entry is not for runs without it.
  auto guide = options_for(*plan, *find_ruleset("guide-v2"));
  ASSERT_TRUE(guide);
  EXPECT_TRUE(guide->accepted.empty());
  auto zanzibar = options_for(*plan, *find_ruleset("ap-zanzibar"));
  ASSERT_TRUE(zanzibar);
  EXPECT_EQ(zanzibar->accepted, std::vector<std::string>{"capture-needs-three"});
}

TEST_F(CheckPlanning, AWorkersOptionsComeBackWholeAndABrokenFileIsNamed) {
  CheckOptions c;
  c.ruleset = "site-maasai";
  c.search = Search::Random;
  c.seed = 18446744073709551615u;
  c.games = 5;
  c.time_limit = 0.125;
  c.shard_index = 3;
  c.shard_count = 8;
  c.only_game = 41;
  c.illegal_samples = 2;
  c.max_findings = 6;
  c.corpus = {"a", "b"};
  c.corpus_paths = {"/x/scenarios"};
  c.corpus_found = true;
  c.no_corpus = true;  // every field off its default, so that one left out of the JSON shows
  c.request_budget = 500;
  c.strict_reachability = true;
  c.accepted = {"s1"};
  c.accept_reasons = {"r1"};
  c.accepted_clauses = {"c1", "c2"};
  c.accepted_clause_reasons = {"r2", "r3"};
  c.given = {"g1"};
  auto back = options_from_json(options_to_json(c), "w.json");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, c);
  EXPECT_EQ(back->only_game, std::optional<std::uint64_t>(41));
  EXPECT_EQ(back->corpus, c.corpus);
  EXPECT_EQ(back->time_limit, 0.125);
  CheckOptions none;
  auto plain_back = options_from_json(options_to_json(none), "w.json");
  ASSERT_TRUE(plain_back);
  EXPECT_FALSE(plain_back->only_game.has_value());

  for (const std::string& broken :
       {std::string("{"), std::string("[]"), std::string(R"({"ruleset":"ap-zanzibar"})"),
        options_to_json(c).replace(options_to_json(c).find("\"r1\""), 4, "")}) {
    auto read = options_from_json(broken, "w.json");
    ASSERT_FALSE(read) << broken;
    EXPECT_EQ(read.error().message.rfind("w.json: not the options of a check run: ", 0), 0u)
        << read.error().message;
  }
}

TEST(CheckAll, ChecksWhatTheEngineListsInTheCataloguesOrderAndNamesTheRest) {
  CheckRequest q = plain("all");
  q.games = 2;
  auto plan = plan_check(q);
  ASSERT_TRUE(plan) << plan.error().message;
  std::vector<std::string> checked, notes;
  AllHooks hooks;
  hooks.note = [&](std::string_view t) { notes.emplace_back(t); };
  hooks.check = [&](CheckOptions c, std::size_t k, std::size_t n) -> Expected<CheckResult> {
    checked.push_back(fmt::format("{} {}/{} games {}", c.ruleset, k + 1, n, c.games));
    auto probe = oracle_probe(*find_ruleset(c.ruleset));
    return run_check(*probe, c);
  };
  // Listed out of order, one twice, one unknown to this oracle.
  auto a = check_all(*plan, "e", {"guide-v2", "nosuch", "ap-zanzibar", "nosuch"}, hooks);
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(checked, (std::vector<std::string>{"ap-zanzibar 1/2 games 2", "guide-v2 2/2 games 2"}));
  EXPECT_EQ(notes, (std::vector<std::string>{"ruleset ap-zanzibar", "ruleset guide-v2"}));
  EXPECT_EQ(a->unknown, std::vector<std::string>{"nosuch"});
  EXPECT_EQ(a->not_listed.size() + 2, all_rulesets().size());
  ASSERT_EQ(a->runs.size(), 2u);
  EXPECT_EQ(a->runs[0].stats.games, 2u);
  EXPECT_FALSE(failed(a->runs[1]));

  // Stopped after the first: the second is not reached.
  checked.clear();
  hooks.stop = [&] { return !checked.empty(); };
  a = check_all(*plan, "e", {"guide-v2", "ap-zanzibar"}, hooks);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->runs.size(), 1u);
  EXPECT_EQ(a->not_reached, std::vector<std::string>{"guide-v2"});

  // Nothing this oracle knows: an error naming what the engine lists.
  auto none = check_all(*plan, "e", {"chess"}, hooks);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("lists none of the rulesets this oracle knows (it lists: "
                                      "chess;"),
            std::string::npos)
      << none.error().message;
  // A ruleset whose run fails: the error names it.
  hooks.stop = {};
  hooks.check = [](CheckOptions, std::size_t, std::size_t) -> Expected<CheckResult> {
    return Error{"broken"};
  };
  auto broken = check_all(*plan, "e", {"ap-zanzibar"}, hooks);
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().message, "ap-zanzibar: broken");
}

}  // namespace
}  // namespace bao::check
