// The CI-matrix recipe of docs/campaigns.md (examples/campaigns/
// github-actions.yml), run on one machine as the CI service would run it:
// its `diverge` step once per matrix value with the matrix substituted,
// each shard's folder moved where the download step puts artifacts, then
// its `merge` step; the merged folder must be a single run's, byte for
// byte. The steps that install, build and move artifacts are the service's
// and are not run here (the build is this one).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "oracle/core/files.hpp"
#include "oracle/core/provenance.hpp"
#include "tests/temp_folder.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;
using bao::testing::files_under;
using bao::testing::TempFolder;

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The `run` of the step with this id; fails the test when there is none.
std::string step_run(const YAML::Node& job, std::string_view id) {
  for (const YAML::Node& step : job["steps"])
    if (step["id"] && step["id"].as<std::string>() == id) return step["run"].as<std::string>();
  ADD_FAILURE() << "no step with id " << id;
  return "false";
}

// Runs `command` with bash in `dir`, with the workflow's env; its output
// goes to `dir`/log. Returns the exit status.
int run_step(const fs::path& dir, const std::string& command,
             const std::map<std::string, std::string>& env) {
  std::string exports;
  for (const auto& [name, value] : env)
    exports += fmt::format("export {}={}; ", name, shell_word(value));
  const std::string line = fmt::format("cd {} && timeout 120 bash -ec {} >> log 2>&1",
                                       shell_word(dir.string()), shell_word(exports + command));
  const int status = std::system(line.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string log_of(const fs::path& dir) {
  auto text = read_file((dir / "log").string());
  return text ? *text : std::string("(no log)");
}

TEST(CampaignRecipes, TheCiMatrixMergesIntoTheSingleRunsReport) {
  const YAML::Node flow =
      YAML::LoadFile(std::string(BAO_SOURCE_DIR) + "/examples/campaigns/github-actions.yml");
  const YAML::Node shard_job = flow["jobs"]["shard"];
  const YAML::Node merge_job = flow["jobs"]["merge"];
  ASSERT_TRUE(shard_job && merge_job);
  EXPECT_EQ(merge_job["needs"].as<std::string>(), "shard");
  const YAML::Node matrix = shard_job["strategy"]["matrix"]["shard"];
  ASSERT_TRUE(matrix && matrix.IsSequence());
  const std::size_t n = matrix.size();
  ASSERT_GE(n, 2u);
  std::map<std::string, std::string> env;
  for (const auto& kv : flow["env"]) env[kv.first.as<std::string>()] = kv.second.as<std::string>();
  ASSERT_TRUE(env.contains("DIVERGE_OPTIONS"));
  // Where the download step puts each shard's artifact: PATH/NAME.
  std::string download_path;
  for (const YAML::Node& step : merge_job["steps"])
    if (step["uses"] && step["uses"].as<std::string>().starts_with("actions/download-artifact"))
      download_path = step["with"]["path"].as<std::string>();
  ASSERT_EQ(download_path, "shards");

  TempFolder tmp;
  // The recipe's binary is the release build's path; here it is this build.
  fs::create_directories(tmp.path / "build" / "release");
  fs::create_symlink(BAO_ORACLE_BIN, tmp.path / "build" / "release" / "bao-oracle");
  const std::string diverge = step_run(shard_job, "diverge");
  for (std::size_t i = 0; i < n; ++i) {
    const std::string shard = matrix[i].as<std::string>();
    ASSERT_EQ(shard, std::to_string(i)) << "the matrix is 0 to N - 1, in order";
    const std::string command = replace_all(replace_all(diverge, "${{ matrix.shard }}", shard),
                                            "${{ strategy.job-total }}", std::to_string(n));
    ASSERT_EQ(run_step(tmp.path, command, env), 0) << command << "\n" << log_of(tmp.path);
    // upload-artifact `shard-N`, then download-artifact into shards/shard-N.
    fs::create_directories(tmp.path / download_path);
    fs::rename(tmp.path / ("shard-" + shard), tmp.path / download_path / ("shard-" + shard));
  }
  ASSERT_EQ(run_step(tmp.path, step_run(merge_job, "merge"), env), 0) << log_of(tmp.path);
  ASSERT_EQ(run_step(tmp.path, "build/release/bao-oracle diverge $DIVERGE_OPTIONS --out one", env),
            0);
  const auto one = files_under(tmp.path / "one");
  const auto merged = files_under(tmp.path / "merged");
  ASSERT_GT(one.size(), 3u);
  EXPECT_EQ(merged.size(), one.size());
  for (const auto& [name, text] : one) {
    ASSERT_TRUE(merged.contains(name)) << name;
    EXPECT_TRUE(merged.at(name) == text) << name << " differs";
  }
}

}  // namespace
}  // namespace bao
