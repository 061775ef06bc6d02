// Where the program finds its scenarios with no path given
// (oracle/core/data.hpp): the search order on made-up trees, and the build
// tree's own arrangement. The installed tree, moved, is tests/install_test.sh.
#include "oracle/core/data.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "tests/cli_support.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

// A scratch tree: <root>/prefix/bin (the executable's folder) and whichever
// scenario folders a test makes.
struct Tree {
  fs::path root;
  fs::path bin;
  Tree() {
    root = fs::temp_directory_path() / fmt::format("bao-data-test-{}", ::getpid());
    fs::remove_all(root);
    bin = root / "prefix" / "bin";
    fs::create_directories(bin);
    root = fs::canonical(root);
    bin = fs::canonical(bin);
  }
  ~Tree() { fs::remove_all(root); }
  fs::path make(const fs::path& relative) {
    fs::create_directories(root / relative);
    return fs::canonical(root / relative);
  }
};

// Unsets BAO_ORACLE_DATA for a test and puts it back.
struct NoDataVariable {
  std::optional<std::string> saved;
  NoDataVariable() {
    if (const char* v = std::getenv(kDataEnvironment)) saved = v;
    ::unsetenv(kDataEnvironment);
  }
  ~NoDataVariable() {
    if (saved) ::setenv(kDataEnvironment, saved->c_str(), 1);
  }
};

TEST(Data, TheInstalledLayoutComesBeforeTheFolderBesideTheExecutable) {
  Tree t;
  const fs::path beside = t.make("prefix/bin/scenarios");
  auto found = find_scenario_folder(std::nullopt, t.bin);
  ASSERT_TRUE(found.ok()) << found.error().message;
  EXPECT_EQ(*found, std::optional<fs::path>(beside));
  const fs::path installed = t.make("prefix/share/bao-oracle/scenarios");
  found = find_scenario_folder(std::nullopt, t.bin);
  ASSERT_TRUE(found.ok()) << found.error().message;
  EXPECT_EQ(*found, std::optional<fs::path>(installed));
}

TEST(Data, TheVariableComesFirstAndAMissingFolderIsAnError) {
  Tree t;
  t.make("prefix/share/bao-oracle/scenarios");
  const fs::path other = t.make("other/scenarios");
  auto found = find_scenario_folder((t.root / "other").string(), t.bin);
  ASSERT_TRUE(found.ok()) << found.error().message;
  EXPECT_EQ(*found, std::optional<fs::path>(other));
  // Asked for and absent: an error, not the installed folder.
  const std::string nowhere = (t.root / "nowhere").string();
  found = find_scenario_folder(nowhere, t.bin);
  ASSERT_FALSE(found.ok());
  EXPECT_EQ(found.error().message,
            fmt::format("BAO_ORACLE_DATA={}: {}/scenarios is not a folder (it names the folder "
                        "that holds scenarios/)",
                        nowhere, nowhere));
}

TEST(Data, NoFolderIsNoneAndAFileIsNoFolder) {
  Tree t;
  auto found = find_scenario_folder(std::nullopt, t.bin);
  ASSERT_TRUE(found.ok());
  EXPECT_FALSE(found->has_value());
  std::ofstream(t.bin / "scenarios") << "not a folder\n";
  found = find_scenario_folder(std::nullopt, t.bin);
  ASSERT_TRUE(found.ok());
  EXPECT_FALSE(found->has_value());
  found = find_scenario_folder(std::nullopt, fs::path());
  ASSERT_TRUE(found.ok());
  EXPECT_FALSE(found->has_value());
}

// The build tree links the source tree's scenarios beside its executables
// (CMakeLists.txt, bao_link_scenarios), this test program's too.
TEST(Data, TheBuildTreeFindsTheSourceTreesScenarios) {
  NoDataVariable unset;
  const auto found = default_scenario_folder();
  ASSERT_TRUE(found.ok()) << found.error().message;
  ASSERT_TRUE(found->has_value()) << scenario_search_text();
  EXPECT_EQ(**found, fs::canonical(BAO_SOURCE_DIR "/scenarios"));
}

// `scenarios` with no path runs the folder found and says which.
TEST(Data, ScenariosWithNoPathNameTheFolderTheyRan) {
  NoDataVariable unset;
  const CliRun r = run_cli({"scenarios", "--ruleset", "ap-zanzibar"});
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_EQ(first, "scenarios of " + fs::canonical(BAO_SOURCE_DIR "/scenarios").string());
  EXPECT_NE(r.out.find(" passed, 0 failed"), std::string::npos) << r.out;
  // Nothing on stdout when the command fails before it runs anything.
  const CliRun bad = run_cli({"scenarios", "--filter", "("});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
}

}  // namespace
}  // namespace bao
