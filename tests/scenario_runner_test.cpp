// Tests for the scenario runner (oracle/scenario/runner.cpp): results,
// failure blocks with their diffs, the closing count line, exit codes, and
// the command that walks directories and writes JUnit/JSON files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "oracle/scenario/scenario.hpp"
#include "tests/readers.hpp"

namespace bao::scenario {
namespace {

namespace fs = std::filesystem;

// Start position facts, worked out by hand (see scenarios/abstract_play/):
// the legal moves are A6L A6R A7L A7R; A6L sows A5 A4 A3 and stops in A3.
const std::string kPassing = R"(scenarios:
  - id: start-moves
    rulesets: [ap-zanzibar]
    source: s
    clauses: [ap.setup.start]
    position: start
    checks:
      - legal: A6L A6R A7L A7R
      - play: A6L
        result: N 0,0,1,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5
        status: ongoing
        events: [place A6, "lift A6 3", "stop A3 [ap.sow.empty-ends-turn]"]
)";

// Deliberately wrong: A5R is not legal (working nyumba), A7R is missing, the
// result misplaces a seed (A3 0, A2 1) and the trace names the wrong stop.
const std::string kFailing = R"(scenarios:
  - id: wrong-claims
    rulesets: [ap-zanzibar]
    source: s
    clauses: [ap.setup.start]
    position: start
    checks:
      - legal: A5R A6L A6R A7L
      - play: A6L
        result: N 0,1,0,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5
        events: [place A6, stop A2]
      - play: A5L
)";

RunSummary run_text(const std::string& text, RunOptions options = {}) {
  LoadResult r = load_string(text, "t.yaml");
  EXPECT_TRUE(r.errors.empty()) << to_string(r.errors[0]);
  auto oracle = protocol::oracle_probe();
  RunSummary s = run_scenarios(r.scenarios, *oracle, options);
  s.input_errors = r.errors;
  return s;
}

TEST(ScenarioRunner, PassingScenario) {
  const RunSummary s = run_text(kPassing);
  ASSERT_EQ(s.cases.size(), 1u);
  EXPECT_EQ(s.cases[0].outcome, Outcome::Pass);
  EXPECT_EQ(format_report(s), "1 passed, 0 failed\n");
  EXPECT_EQ(exit_code(s), 0);
}

TEST(ScenarioRunner, FailingScenarioReportsEachFailureWithADiff) {
  const RunSummary s = run_text(kFailing);
  ASSERT_EQ(s.cases.size(), 1u);
  EXPECT_EQ(s.cases[0].outcome, Outcome::Fail);
  EXPECT_EQ(s.cases[0].failures.size(), 4u);
  const std::string report = format_report(s);
  // Move sets: one line per failure with file and line range, then the diff.
  EXPECT_NE(report.find("t.yaml:2-12: wrong-claims [ap-zanzibar]: line 8: legal: move sets differ\n"
                        "    missing: A5R; extra: A7R\n"),
            std::string::npos)
      << report;
  // Positions: the differing row, pit by pit.
  EXPECT_NE(report.find("line 9: play A6L: resulting position differs\n"), std::string::npos)
      << report;
  EXPECT_NE(report.find("    row A: expected 0,1,0,1,7,0,2,0  actual 0,0,1,1,7,0,2,0  "
                        "(differs at A2, A3)\n"),
            std::string::npos)
      << report;
  // Trace: the first item not found, at its own line.
  EXPECT_NE(report.find("line 11: play A6L: trace item not found in order\n"
                        "    missing: stop A2 (after place A6)\n"),
            std::string::npos)
      << report;
  // An illegal move is a failure of the scenario, not a crash; the engine's
  // own words say why.
  EXPECT_NE(report.find("line 12: play A5L: rejected\n"
                        "    the engine rejected A5L: move A5L is not legal here\n"),
            std::string::npos)
      << report;
  EXPECT_TRUE(report.ends_with("\n0 passed, 1 failed\n")) << report;
  EXPECT_EQ(exit_code(s), 1);
}

TEST(ScenarioRunner, SummaryCountsSkipsAndInputErrors) {
  RunSummary s;
  s.passed = 3;
  s.failed = 1;
  EXPECT_EQ(summary_line(s), "3 passed, 1 failed");
  s.skipped = 2;
  EXPECT_EQ(summary_line(s), "3 passed, 1 failed, 2 skipped");
  s.input_errors.push_back({"f.yaml", {1, 1}, "yaml", "bad"});
  EXPECT_EQ(summary_line(s), "3 passed, 1 failed, 2 skipped, 1 input errors");
  EXPECT_EQ(exit_code(s), 2);
}

// The oracle with every ruleset but ap-zanzibar left out, to stand for an
// engine that implements only some of the protocol's rulesets.
class ZanzibarOnly final : public Probe {
 public:
  std::string name() override { return "zanzibar only"; }
  Expected<void> select(std::string_view ruleset) override {
    if (ruleset != "ap-zanzibar") return Error{"not played"};
    return oracle_->select(ruleset);
  }
  protocol::PositionAnswer ask(const protocol::Batch& batch) override {
    return oracle_->ask(batch);
  }

 private:
  std::unique_ptr<Probe> oracle_ = protocol::oracle_probe(*find_ruleset("ap-zanzibar"));
};

TEST(ScenarioRunner, UnimplementedRulesetIsSkipped) {
  const std::string text = R"(scenarios:
  - id: split
    rulesets: [ap-zanzibar, ludii]
    source: s
    clauses: []
    position: start
    expect:
      ap-zanzibar:
        - legal: A6L A6R A7L A7R
      ludii:
        - includes: A6L
)";
  LoadResult loaded = load_string(text, "t.yaml");
  ASSERT_TRUE(loaded.errors.empty()) << to_string(loaded.errors[0]);
  ZanzibarOnly subject;
  const RunSummary s = run_scenarios(loaded.scenarios, subject, {});
  EXPECT_EQ(summary_line(s), "1 passed, 0 failed, 1 skipped");
  EXPECT_EQ(exit_code(s), 0);
  // --ruleset keeps only that ruleset's expectations.
  RunOptions only;
  only.ruleset = "ap-zanzibar";
  EXPECT_EQ(summary_line(run_scenarios(loaded.scenarios, subject, only)), "1 passed, 0 failed");
}

TEST(ScenarioRunner, FilterSelectsScenarioIds) {
  RunOptions o;
  o.filter = "^wrong";
  const RunSummary s = run_text(kPassing + kFailing.substr(std::string("scenarios:\n").size()), o);
  ASSERT_EQ(s.cases.size(), 1u);
  EXPECT_EQ(s.cases[0].id, "wrong-claims");
}

TEST(ScenarioRunner, GameLine) {
  // 1. A6L  2. a6R takes A3 (1) into a1  3. A4R takes a5 (6) from A1 to A6.
  const std::string text = R"(scenarios:
  - id: game
    rulesets: [ap-zanzibar]
    source: s
    clauses: []
    position: start
    checks:
      - game: A6L a6R A4R
        final_status: ongoing
      - game: A6L a6R A6L
)";
  const RunSummary s = run_text(text);
  ASSERT_EQ(s.cases.size(), 1u);
  ASSERT_EQ(s.cases[0].failures.size(), 1u);
  EXPECT_EQ(s.cases[0].failures[0].what, "game move 3 (A6L) was rejected");
  EXPECT_EQ(s.cases[0].failures[0].line, 10);
}

// Writes files into a fresh temporary directory.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name) : path(fs::temp_directory_path() / name) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    fs::create_directories((path / name).parent_path());
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

TEST(ScenarioCommand, ExitCodes) {
  TempDir dir("bao_scenario_cmd_exit");
  const std::string pass = dir.write("pass.yaml", kPassing);
  const std::string fail = dir.write("fail.yaml", kFailing);
  const std::string broken = dir.write("broken.yaml", "scenarios:\n  - id: [x\n");
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({pass}, {}, out, err), 0);
  EXPECT_EQ(run_scenarios_command({pass, fail}, {}, out, err), 1);
  EXPECT_EQ(run_scenarios_command({pass, fail, broken}, {}, out, err), 2);
}

TEST(ScenarioCommand, ABrokenFileDoesNotStopTheOthers) {
  TempDir dir("bao_scenario_cmd_broken");
  dir.write("a_broken.yaml", "scenarios:\n  - id: [x\n");
  dir.write("sub/b_good.yaml", kPassing);
  dir.write("ignored.txt", "not yaml");
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({dir.path.string()}, {}, out, err), 2);
  EXPECT_EQ(out.str(), "1 passed, 0 failed, 1 input errors\n");
  EXPECT_EQ(err.str(), "input error: " + (dir.path / "a_broken.yaml").string() +
                           ":3:1: yaml: end of sequence flow not found\n");
}

TEST(ScenarioCommand, WritesJUnitAndJson) {
  TempDir dir("bao_scenario_cmd_files");
  const std::string pass = dir.write("pass.yaml", kPassing);
  const std::string fail = dir.write("fail.yaml", kFailing);
  RunOptions o;
  o.junit_path = (dir.path / "out.xml").string();
  o.json_path = (dir.path / "out.json").string();
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({pass, fail}, o, out, err), 1);
  std::ifstream xml_in(*o.junit_path);
  std::stringstream xml;
  xml << xml_in.rdbuf();
  EXPECT_NE(xml.str().find("<testsuite name=\"bao-scenarios\" tests=\"2\" failures=\"1\""),
            std::string::npos)
      << xml.str();
  EXPECT_NE(xml.str().find("name=\"wrong-claims [ap-zanzibar]\""), std::string::npos);
  std::ifstream json_in(*o.json_path);
  const nlohmann::json j = nlohmann::json::parse(json_in);
  EXPECT_EQ(j["summary"]["passed"], 1);
  EXPECT_EQ(j["summary"]["failed"], 1);
  EXPECT_EQ(j["cases"][1]["id"], "wrong-claims");
  EXPECT_EQ(j["cases"][1]["lines"][0], 2);
  EXPECT_EQ(j["cases"][1]["failures"].size(), 4u);
}

// A link loop, a dangling link and a link to a folder inside a scenarios
// folder: each bad entry is one input error naming it, and the good file
// beside them still runs (exit 2 for the input errors, not an internal error).
TEST(ScenarioCommand, ABadEntryInAFolderIsOneInputErrorAndTheRestRuns) {
  TempDir dir("bao_scenario_cmd_links");
  dir.write("good.yaml", kPassing);
  fs::create_symlink("loop.yaml", dir.path / "loop.yaml");  // points at itself
  fs::create_symlink("nowhere", dir.path / "dangling.yaml");
  fs::create_directories(dir.path / "sub");
  fs::create_directory_symlink(dir.path, dir.path / "sub" / "up");  // a cycle if followed
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({dir.path.string()}, {}, out, err), 2) << err.str();
  EXPECT_EQ(out.str(), "1 passed, 0 failed, 2 input errors\n") << err.str();
  EXPECT_NE(err.str().find((dir.path / "loop.yaml").string() + ": path: cannot read: "),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find((dir.path / "dangling.yaml").string()), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find("internal error"), std::string::npos) << err.str();
}

// The input errors of a folder come in the order of their paths, as its
// files do, not in the order the file system lists the entries (which
// differs between file systems), so the report is the same everywhere.
TEST(ScenarioCommand, AFoldersInputErrorsAreInPathOrder) {
  TempDir dir("bao_scenario_cmd_error_order");
  std::vector<std::string> names;
  for (const char* n : {"q", "c", "x", "a", "m", "f", "z", "b", "k", "t", "e", "w", "h", "o", "d"})
    names.push_back(std::string(n) + ".yaml");
  for (const std::string& n : names) fs::create_symlink("nowhere-" + n, dir.path / n);
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({dir.path.string()}, {}, out, err), 2) << err.str();
  std::sort(names.begin(), names.end());
  std::string expected;
  for (const std::string& n : names)
    expected += "input error: " + (dir.path / n).string() +
                ": path: cannot read: No such file or directory\n";
  EXPECT_EQ(err.str(), expected);
}

// A folder that cannot be read is an input error naming it; the rest runs.
TEST(ScenarioCommand, AnUnreadableFolderIsOneInputError) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root, which reads any folder whatever its mode";
  TempDir dir("bao_scenario_cmd_unreadable");
  dir.write("good.yaml", kPassing);
  dir.write("locked/hidden.yaml", kPassing);
  fs::permissions(dir.path / "locked", fs::perms::none);
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({dir.path.string()}, {}, out, err), 2) << err.str();
  fs::permissions(dir.path / "locked", fs::perms::owner_all);
  EXPECT_EQ(out.str(), "1 passed, 0 failed, 1 input errors\n") << err.str();
  EXPECT_NE(err.str().find((dir.path / "locked").string() + ": path: cannot read folder"),
            std::string::npos)
      << err.str();
}

// In a folder too: a FIFO named like a scenario file is an input error
// naming it (it is never opened), and the folder's other files run.
TEST(ScenarioCommand, AFifoInAFolderIsAnInputError) {
  TempDir dir("bao_scenario_cmd_fifo_folder");
  dir.write("good.yaml", kPassing);
  const std::string fifo = (dir.path / "pipe.yaml").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((dir.path / "notes.txt").c_str(), 0600), 0);  // not a scenario name
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({dir.path.string()}, {}, out, err), 2) << err.str();
  EXPECT_EQ(out.str(), "1 passed, 0 failed, 1 input errors\n") << err.str();
  EXPECT_NE(err.str().find(fifo + ": path: is not a regular file"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find("notes.txt"), std::string::npos) << err.str();
}

// Over-large files and files that are not regular (a FIFO would never end)
// are input errors, read no further than the limit.
TEST(ScenarioCommand, AFileOverTheSizeLimitOrNotRegularIsAnInputError) {
  TempDir dir("bao_scenario_cmd_limits");
  const std::string good = dir.write("good.yaml", kPassing);
  const std::string big = dir.write("big.yaml", "");
  {
    std::ofstream f(big, std::ios::binary);
    const std::string line = "# padding padding padding padding padding padding padding\n";
    for (std::size_t n = 0; n <= kMaxScenarioFileBytes; n += line.size()) f << line;
  }
  const std::string fifo = (dir.path / "pipe.yaml").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({good, big, fifo}, {}, out, err), 2) << err.str();
  EXPECT_EQ(out.str(), "1 passed, 0 failed, 2 input errors\n") << err.str();
  EXPECT_NE(err.str().find(big + ": file: is larger than 1048576 bytes"), std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find(fifo + ": file: is not a regular file"), std::string::npos) << err.str();
}

// Scenario ids holding control characters (written as YAML escapes: a file
// must be UTF-8 text, and raw bytes that are not are an input error,
// ScenarioLoader.WhatIsNotTextIsAnErrorAtItsPlace), C1 ones and a line
// separator among them, still give JUnit and JSON files a strict parser
// reads.
TEST(ScenarioCommand, JUnitAndJsonStayValidWhateverTheIdHolds) {
  TempDir dir("bao_scenario_cmd_bytes");
  std::string text = kFailing;
  text.replace(text.find("wrong-claims"), 12, "\"bad \\x01 \\x1b \\x85 \\u2028 id <&>\"");
  const std::string file = dir.write("bytes.yaml", text);
  RunOptions o;
  o.junit_path = (dir.path / "out.xml").string();
  o.json_path = (dir.path / "out.json").string();
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({file}, o, out, err), 1) << err.str();
  auto slurp = [](const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  const std::string xml = slurp(*o.junit_path);
  EXPECT_EQ(test::xml_error(xml), "") << xml;
  EXPECT_NE(xml.find("bad \\x01 \\x1B \\u0085 \\u2028 id &lt;&amp;&gt;"), std::string::npos) << xml;
  EXPECT_EQ(test::odd_character_error(xml), "") << xml;
  const std::string json = slurp(*o.json_path);
  EXPECT_EQ(test::json_error(json), "") << json;
  EXPECT_EQ(out.str().find('\x1b'), std::string::npos) << out.str();
}

TEST(ScenarioCommand, BadFilterIsAnInputError) {
  RunOptions o;
  o.filter = "(";
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({}, o, out, err), 2);
  EXPECT_NE(err.str().find("--filter"), std::string::npos);
}

// The repository's own scenarios all pass against the oracle.
TEST(ScenarioCommand, RepositoryScenariosPass) {
#ifdef BAO_SOURCE_DIR
  const std::string root = BAO_SOURCE_DIR;
#else
  const std::string root = ".";
#endif
  std::ostringstream out, err;
  EXPECT_EQ(run_scenarios_command({root + "/scenarios"}, {}, out, err), 0)
      << out.str() << err.str();
}

}  // namespace
}  // namespace bao::scenario
