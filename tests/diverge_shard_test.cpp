// Sharded divergence runs (`diverge --shard I/N`) and their merge (`report
// merge`): the shards' reports, merged, are the single run's report file for
// file and byte for byte; anything but every shard of one run once is
// refused, naming the files.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "oracle/core/files.hpp"
#include "oracle/diverge/diverge.hpp"
#include "tests/readers.hpp"
#include "tests/rules_test_support.hpp"
#include "tests/temp_folder.hpp"

namespace bao::diverge {
namespace {

namespace fs = std::filesystem;
using bao::testing::files_under;
using bao::testing::rules;
using bao::testing::TempFolder;

Options small_run() {
  Options o;
  o.rulesets = {&rules("ap-zanzibar"), &rules("guide-v2"), &rules("ap-bawo")};
  o.positions = 1200;
  o.seed = 5;
  o.jobs = 2;
  o.scenario_paths = {std::string(BAO_SOURCE_DIR) + "/scenarios/guide"};
  o.scenario_args = o.scenario_paths;
  return o;
}

// report.json of each shard of `n`.
std::vector<std::string> shard_jsons(const Options& whole, std::uint32_t n) {
  std::vector<std::string> out;
  for (std::uint32_t i = 0; i < n; ++i) {
    Options o = whole;
    o.shard_index = i;
    o.shard_count = n;
    auto report = run(o);
    EXPECT_TRUE(report.ok()) << report.error().message;
    if (report.ok()) out.push_back(render_json(*report));
  }
  return out;
}

std::vector<std::string> names_of(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(fmt::format("shard-{}.json", i));
  return out;
}

TEST(DivergeShards, EachShardComparesItsShareOfTheCorpusOnce) {
  const Options whole = small_run();
  auto one = run(whole);
  ASSERT_TRUE(one.ok()) << one.error().message;
  long corpus = 0;
  long walked = 0;
  for (std::uint32_t i = 0; i < 3; ++i) {
    Options o = whole;
    o.shard_index = i;
    o.shard_count = 3;
    auto part = run(o);
    ASSERT_TRUE(part.ok());
    EXPECT_GT(part->corpus, 0) << "shard " << i << " compared nothing";
    EXPECT_LT(part->corpus, one->corpus);
    corpus += part->corpus;
    for (const auto& [id, n] : part->walked) walked += n;
    EXPECT_NE(render_json(*part).find(fmt::format("--shard {}/3", i)), std::string::npos);
  }
  EXPECT_EQ(corpus, one->corpus);
  EXPECT_EQ(walked, 1200);
}

TEST(DivergeShards, MergedShardsWriteTheSingleRunsReportByteForByte) {
  const Options whole = small_run();
  auto one = run(whole);
  ASSERT_TRUE(one.ok());
  ASSERT_GT(witness_files(*one).size(), 10u) << "too few groups to show anything";
  TempFolder tmp;
  ASSERT_TRUE(write_report(*one, (tmp.path / "one").string()).ok());
  const auto expected = files_under(tmp.path / "one");
  for (const std::uint32_t n : {2u, 16u}) {
    const std::vector<std::string> parts = shard_jsons(whole, n);
    ASSERT_EQ(parts.size(), n);
    auto merged = merge_reports(parts, names_of(n));
    ASSERT_TRUE(merged.ok()) << merged.error().message;
    const fs::path dir = tmp.path / fmt::format("merged-{}", n);
    ASSERT_TRUE(write_report(*merged, dir.string()).ok());
    const auto got = files_under(dir);
    ASSERT_EQ(got.size(), expected.size()) << n << " shards";
    for (const auto& [name, text] : expected) {
      ASSERT_TRUE(got.contains(name)) << name;
      EXPECT_TRUE(got.at(name) == text) << name << " differs after merging " << n << " shards";
    }
    // Also in any order the shards are given.
    std::vector<std::string> reversed(parts.rbegin(), parts.rend());
    auto again = merge_reports(reversed, names_of(n));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(render_json(*again), render_json(*one));
  }
}

TEST(DivergeShards, AMergeOfAnythingButEveryShardOnceIsRefused) {
  const Options whole = small_run();
  const std::vector<std::string> parts = shard_jsons(whole, 3);
  ASSERT_EQ(parts.size(), 3u);
  const auto refused = [](const std::vector<std::string>& texts,
                          const std::vector<std::string>& names) {
    auto r = merge_reports(texts, names);
    return r.ok() ? std::string("(merged)") : r.error().message;
  };
  EXPECT_EQ(refused({parts[0], parts[1]}, {"a.json", "b.json"}),
            "missing shard 2/3 (given: 0/3, 1/3)");
  EXPECT_EQ(refused({parts[0], parts[1], parts[1], parts[2]}, {"a", "b", "c", "d"}),
            "b and c are both shard 1/3");
  Options other = whole;
  other.seed = 6;
  const std::vector<std::string> other_parts = shard_jsons(other, 3);
  EXPECT_EQ(refused({parts[0], parts[1], other_parts[2]}, {"a", "b", "c"}),
            "a and c are not shards of one run: they differ in seed (5 and 6)");
  const std::vector<std::string> four = shard_jsons(whole, 4);
  EXPECT_EQ(refused({parts[0], parts[1], four[2]}, {"a", "b", "c"}),
            "a and c are not shards of one run: they differ in shard count (3 and 4)");
  EXPECT_EQ(refused({"{\"report\": 1}"}, {"x.json"}).rfind("x.json: not a divergence report", 0),
            0u);
  // Shards of another build: the witnesses would be compared by other rules.
  std::vector<std::string> elsewhere = parts;
  for (std::string& text : elsewhere) {
    const std::string commit = "\"commit\": \"";
    const std::size_t c = text.find(commit) + commit.size();
    text.replace(c, text.find('"', c) - c, "0123456789ab");
  }
  EXPECT_EQ(refused(elsewhere, {"a", "b", "c"}).rfind("a was made by another build (", 0), 0u)
      << refused(elsewhere, {"a", "b", "c"});
  // A witness that is not the group's, made the smallest (no seeds) so that
  // the merge keeps it: compared again, it does not show the group.
  std::string tampered = parts[0];
  const std::string key = "\"seeds\": ";
  const std::size_t at = tampered.find(key);
  ASSERT_NE(at, std::string::npos);
  const std::string position_key = "\"position\": \"";
  const std::size_t pos = tampered.rfind(position_key, at);
  ASSERT_NE(pos, std::string::npos);
  const std::size_t from = pos + position_key.size();
  tampered.replace(at + key.size(), tampered.find(',', at) - at - key.size(), "0");
  tampered.replace(from, tampered.find('"', from) - from, bao::testing::kStandardStart);
  const std::string message = refused({tampered, parts[1], parts[2]}, {"a", "b", "c"});
  EXPECT_NE(message.find("a: the witness of "), std::string::npos) << message;
}

}  // namespace
}  // namespace bao::diverge
