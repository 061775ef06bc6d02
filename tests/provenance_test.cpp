// Provenance in every report, JUnit testcases named by clause id, and the
// exit statuses every command shares (docs/cli.md): run as a user runs
// them, through the real binary.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/provenance.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/rules/ruleset.hpp"
#include "tests/readers.hpp"
#include "tests/subprocess_support.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / fmt::format("bao-provenance-test-{}-{}", name, ::getpid());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string oracle_engine(const std::string& extra = "") {
  return extra.empty() ? fmt::format("{} engine", BAO_ORACLE_BIN)
                       : fmt::format("{} engine {}", BAO_ORACLE_BIN, extra);
}

nlohmann::json read_json(const fs::path& p) {
  return nlohmann::json::parse(read_file(p.string()).value());
}

// What `git` says of the source tree now, or "" without git or a checkout.
std::string git_head() {
  const std::string command = fmt::format("git -C '{}' rev-parse HEAD 2>/dev/null", BAO_SOURCE_DIR);
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  char buffer[128] = {};
  const bool read = std::fgets(buffer, sizeof buffer, pipe) != nullptr;
  ::pclose(pipe);
  std::string head = read ? buffer : "";
  while (!head.empty() && (head.back() == '\n' || head.back() == '\r')) head.pop_back();
  return head;
}

bool is_hash(const std::string& s) {
  return std::regex_match(s, std::regex("[0-9a-f]{16}"));
}

// The checks every provenance shares: this build's version (the project's,
// given to the tests by CMake, not by the code under test), its commit, a
// catalogue hash, and the command as run.
void expect_this_build(const nlohmann::json& p, const std::string& command,
                       const std::string& where) {
  EXPECT_EQ(p.at("version"), BAO_PROJECT_VERSION) << where;
  const std::string commit = p.at("commit");
  const std::string head = git_head();
  if (head.empty()) {
    EXPECT_EQ(commit, "unknown") << where;
  } else {
    // `git describe --always --dirty --abbrev=12`: the head's first 12 hex
    // digits, "-dirty" when the tree had changes at build time. A commit
    // made since the build leaves the build's own.
    EXPECT_TRUE(std::regex_match(commit, std::regex("[0-9a-f]{12}(-dirty)?"))) << commit;
  }
  EXPECT_TRUE(is_hash(p.at("catalogue"))) << where << ": " << p.dump();
  EXPECT_EQ(p.at("command"), command) << where;
}

TEST(ContentHash, IsFnv1aOverLengthPrefixedParts) {
  // FNV-1a 64 of the empty input is its offset basis.
  EXPECT_EQ(ContentHash().hex(), "cbf29ce484222325");
  // Parts are length-prefixed, so the split between them counts.
  EXPECT_NE(ContentHash().add("ab").add("c").hex(), ContentHash().add("a").add("bc").hex());
  EXPECT_EQ(ContentHash().add("ab").add("c").hex(), ContentHash().add("ab").add("c").hex());
  const std::vector<std::string> one{"S 1", "N 2"}, other{"N 2", "S 1"};
  EXPECT_NE(corpus_hash(one), corpus_hash(other));  // the order of the corpus counts
  EXPECT_TRUE(is_hash(corpus_hash(one)));
  EXPECT_TRUE(is_hash(catalogue_hash()));
}

TEST(CommandLine, QuotesOnlyWhatAShellWouldReadOtherwise) {
  EXPECT_EQ(shell_word("ap-zanzibar"), "ap-zanzibar");
  EXPECT_EQ(shell_word("/tmp/a_b.json"), "/tmp/a_b.json");
  EXPECT_EQ(shell_word("bao-oracle engine"), "'bao-oracle engine'");
  EXPECT_EQ(shell_word("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_word(""), "''");
  EXPECT_EQ(shell_word("$HOME"), "'$HOME'");
  const char* argv[] = {"/some/build/bao-oracle", "check", "--engine", "x y", nullptr};
  // argv[0] is written as `bao-oracle`: where the binary sits is no part
  // of what the command did.
  EXPECT_EQ(command_line(4, argv), "bao-oracle check --engine 'x y'");
}

// `check`: JSON, JUnit and Markdown all carry the same provenance; with
// --no-corpus the corpus is "none".
TEST(Provenance, CheckReportsRecordTheBuildTheCorpusAndTheCommand) {
  const fs::path dir = fresh_dir("check");
  const std::vector<std::string> args{"check",    "--engine",    oracle_engine(), "--ruleset",
                                      "ap-bawo",  "--no-corpus", "--games",       "3",
                                      "--report", dir.string()};
  const RunResult r = run_oracle(args);
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::string command = "bao-oracle";
  for (const std::string& a : args) command += " " + shell_word(a);
  const auto json = read_json(dir / "report.json");
  EXPECT_EQ(json.at("format"), "bao-oracle-check-3");
  const auto& p = json.at("provenance");
  expect_this_build(p, command, "report.json");
  EXPECT_EQ(p.at("corpus"), "none");
  const std::string junit = read_file((dir / "junit.xml").string()).value();
  EXPECT_EQ(test::xml_error(junit), "");
  for (const char* field : {"version", "commit", "catalogue", "corpus", "command"}) {
    const std::string property = fmt::format("<property name=\"bao-oracle.{}\" value=\"{}\"/>",
                                             field, xml_escape(p.at(field).get<std::string>()));
    EXPECT_NE(junit.find(property), std::string::npos) << property << "\n" << junit;
  }
  const std::string md = read_file((dir / "report.md").string()).value();
  EXPECT_NE(md.find("## Provenance"), std::string::npos) << md;
  EXPECT_NE(md.find(fmt::format("- catalogue: `{}`", p.at("catalogue").get<std::string>())),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- corpus: `none`"), std::string::npos) << md;
  fs::remove_all(dir);
}

// The corpus hash names what seeded the games: another corpus gives
// another hash, and the reproduction refuses to run with a corpus other
// than the report's.
TEST(Provenance, TheReproductionRefusesAnotherCorpus) {
  const fs::path dir = fresh_dir("corpus");
  const fs::path one = dir / "one", two = dir / "two";
  fs::create_directories(one);
  fs::create_directories(two);
  // Two scenario files with a position each (hand-written: the start and
  // one move of ap-zanzibar, whose legality the scenario states).
  std::ofstream(one / "a.yaml") << "scenarios:\n"
                                   "  - id: corpus-one\n"
                                   "    rulesets: [ap-zanzibar]\n"
                                   "    source: test\n"
                                   "    clauses: [ap.setup.start]\n"
                                   "    position: start\n"
                                   "    checks:\n"
                                   "      - status: ongoing\n";
  std::ofstream(two / "b.yaml") << "scenarios:\n"
                                   "  - id: corpus-two\n"
                                   "    rulesets: [ap-zanzibar]\n"
                                   "    source: test\n"
                                   "    clauses: [ap.setup.start]\n"
                                   "    position: start\n"
                                   "    moves: [A6L]\n"
                                   "    checks:\n"
                                   "      - status: ongoing\n";
  auto run = [&](const fs::path& corpus, const std::string& json) {
    return run_oracle({"check", "--engine", oracle_engine("--mutant capture-needs-three"),
                       "--ruleset", "ap-zanzibar", "--games", "10", "--corpus", corpus.string(),
                       "--json-out", (dir / json).string()});
  };
  const RunResult a = run(one, "a.json"), b = run(two, "b.json");
  ASSERT_EQ(a.status, 1) << a.out << a.err;
  ASSERT_EQ(b.status, 1) << b.out << b.err;
  const std::string hash_a = read_json(dir / "a.json").at("provenance").at("corpus");
  const std::string hash_b = read_json(dir / "b.json").at("provenance").at("corpus");
  EXPECT_TRUE(is_hash(hash_a)) << hash_a;
  EXPECT_NE(hash_a, hash_b);
  // The printed reproduction names the corpus and its hash ...
  const std::string want = fmt::format("--corpus {} --corpus-hash {}", one.string(), hash_a);
  EXPECT_NE(a.out.find(want), std::string::npos) << want << "\n" << a.out;
  // ... and refuses the other folder, naming both hashes.
  const RunResult refused =
      run_oracle({"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--game", "0",
                  "--corpus", two.string(), "--corpus-hash", hash_a});
  EXPECT_EQ(refused.status, 2) << refused.out << refused.err;
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find(fmt::format("hashes to {}, not {}", hash_b, hash_a)),
            std::string::npos)
      << refused.err;
  fs::remove_all(dir);
}

TEST(Provenance, ScenarioReportsRecordTheFilesTheyRan) {
  const fs::path dir = fresh_dir("scenarios");
  const std::string folder = std::string(BAO_SOURCE_DIR) + "/scenarios/abstract_play";
  const RunResult r = run_oracle({"scenarios", folder, "--json", (dir / "r.json").string(),
                                  "--junit", (dir / "r.xml").string()});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto p = read_json(dir / "r.json").at("provenance");
  expect_this_build(p,
                    fmt::format("bao-oracle scenarios {} --json {} --junit {}", folder,
                                (dir / "r.json").string(), (dir / "r.xml").string()),
                    "scenarios JSON");
  EXPECT_TRUE(is_hash(p.at("corpus"))) << p.dump();
  const std::string junit = read_file((dir / "r.xml").string()).value();
  EXPECT_EQ(test::xml_error(junit), "");
  EXPECT_NE(junit.find(fmt::format("<property name=\"bao-oracle.corpus\" value=\"{}\"/>",
                                   p.at("corpus").get<std::string>())),
            std::string::npos);
  // The same files copied elsewhere hash alike: the hash is of content.
  const fs::path copy = dir / "copy";
  fs::copy(folder, copy, fs::copy_options::recursive);
  const RunResult again =
      run_oracle({"scenarios", copy.string(), "--json", (dir / "again.json").string()});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(read_json(dir / "again.json").at("provenance").at("corpus"), p.at("corpus"));
  fs::remove_all(dir);
}

TEST(Provenance, DivergeReportsRecordItInEveryFormat) {
  const fs::path dir = fresh_dir("diverge");
  const RunResult r = run_oracle({"diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions",
                                  "200", "--out", (dir / "out").string()});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto json = read_json(dir / "out" / "report.json");
  const auto& p = json.at("provenance");
  // The command that re-creates the report (--out and --jobs change none of it).
  expect_this_build(p, json.at("command"), "diverge JSON");
  EXPECT_TRUE(is_hash(p.at("corpus")));
  const std::string md = read_file((dir / "out" / "report.md").string()).value();
  const std::string html = read_file((dir / "out" / "report.html").string()).value();
  EXPECT_EQ(test::html_error(html), "");
  for (const char* field : {"version", "commit", "catalogue", "corpus"}) {
    const std::string v = p.at(field);
    EXPECT_NE(md.find(fmt::format("- {}: `{}`", field, v)), std::string::npos) << field;
    EXPECT_NE(html.find(fmt::format("<dt>{}</dt><dd><code>{}</code></dd>", field, v)),
              std::string::npos)
        << field;
  }
  fs::remove_all(dir);
}

// Testcase names of a JUnit file, in order.
std::vector<std::string> testcase_names(const std::string& junit) {
  std::vector<std::string> names;
  static const std::regex testcase("<testcase [^>]*name=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(junit.begin(), junit.end(), testcase);
       it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1]);
  return names;
}

// One testcase per clause of the ruleset, named by its clause id, the same
// names whatever the seed; the deviation fails its clause's testcase.
TEST(CheckJunit, OneTestcasePerClauseNamedTheSameWhateverTheSeed) {
  const fs::path dir = fresh_dir("junit");
  const Ruleset& rules = *find_ruleset("ap-zanzibar");
  std::vector<std::string> clauses;
  for (ClauseId id : rules.clauses) clauses.emplace_back(clause_name(id));
  std::vector<std::vector<std::string>> seen;
  for (const char* seed : {"1", "2"}) {
    const fs::path out = dir / seed;
    const RunResult r =
        run_oracle({"check", "--engine", oracle_engine("--mutant capture-needs-three"), "--ruleset",
                    "ap-zanzibar", "--games", "10", "--seed", seed, "--report", out.string()});
    ASSERT_EQ(r.status, 1) << r.out << r.err;
    const std::string junit = read_file((out / "junit.xml").string()).value();
    EXPECT_EQ(test::xml_error(junit), "");
    seen.push_back(testcase_names(junit));
    EXPECT_EQ(seen.back(), clauses) << junit;
    // capture-needs-three breaks ap.capture.condition (`bao-oracle switches ap-zanzibar`).
    const auto at = junit.find("name=\"ap.capture.condition\">");
    ASSERT_NE(at, std::string::npos) << junit;
    EXPECT_EQ(junit.compare(junit.find('\n', at) + 1, 14, "      <failure"), 0) << junit;
    EXPECT_NE(junit.find("failures=\"1\""), std::string::npos) << junit;
  }
  EXPECT_EQ(seen[0], seen[1]);
  // A passing run: the same testcases, none failing, none named by a count.
  const RunResult pass =
      run_oracle({"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--games", "3",
                  "--report", (dir / "pass").string()});
  ASSERT_EQ(pass.status, 0) << pass.out << pass.err;
  const std::string junit = read_file((dir / "pass" / "junit.xml").string()).value();
  EXPECT_EQ(testcase_names(junit), clauses);
  EXPECT_NE(junit.find("failures=\"0\" errors=\"0\""), std::string::npos) << junit;
  fs::remove_all(dir);
}

// 0 agreement, 1 rule findings, 2 usage, input or start-up failure, 3 an
// internal failure or lost output: the same for every command.
TEST(ExitStatus, IsTheSameForEveryCommand) {
  const fs::path dir = fresh_dir("exit");
  const std::string scenarios = std::string(BAO_SOURCE_DIR) + "/scenarios/abstract_play";
  struct Case {
    std::vector<std::string> args;
    int status;
    // Whether the failure is the one `bao-oracle: ` line on stderr with
    // nothing on stdout; `scenarios` runs the files it can and lists each
    // input error on stderr after its summary.
    bool one_line = true;
  };
  const std::vector<Case> cases{
      // 0: everything agrees
      {{"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--games", "2"}, 0},
      {{"check", "--engine", oracle_engine(), "--ruleset", "all", "--games", "1"}, 0},
      {{"scenarios", scenarios}, 0},
      {{"scenarios", scenarios, "--engine", oracle_engine()}, 0},
      {{"diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions", "20", "--out",
        (dir / "d").string()},
       0},
      // 1: rule findings
      {{"check", "--engine", oracle_engine("--mutant capture-needs-three"), "--ruleset",
        "ap-zanzibar", "--games", "10", "--json-out", (dir / "f.json").string()},
       1},
      {{"scenarios", scenarios, "--engine", oracle_engine("--mutant capture-needs-three")}, 1},
      // --ruleset all: the worst of its rulesets', and --stop-after is no interruption
      {{"check", "--engine", oracle_engine("--mutant capture-needs-three"), "--ruleset", "all",
        "--games", "10", "--stop-after", "1"},
       1},
      {{"report", "merge", (dir / "f.json").string()}, 1},
      // 2: usage
      {{"check", "--ruleset", "ap-zanzibar"}, 2},
      {{"check", "--engine", oracle_engine(), "--ruleset", "nope"}, 2},
      {{"check", "--engine", oracle_engine(), "--ruleset", "all", "--game", "1"}, 2},
      {{"scenarios", "--frobnicate"}, 2},
      {{"diverge", "--rulesets", "ap-zanzibar"}, 2},
      {{"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "A1L"}, 2},
      // 2: input
      {{"scenarios", (dir / "no-such-folder").string()}, 2, false},
      {{"report", "merge", (dir / "no-such.json").string()}, 2},
      // 2: an engine that cannot be started or fails the handshake
      {{"check", "--engine", (dir / "no-such-engine").string(), "--ruleset", "ap-zanzibar"}, 2},
      {{"check", "--engine", fmt::format("{} version", BAO_FAKE_ENGINE), "--ruleset",
        "ap-zanzibar"},
       2},
      {{"scenarios", scenarios, "--engine", (dir / "no-such-engine").string()}, 2},
      {{"check", "--engine", (dir / "no-such-engine").string(), "--ruleset", "all"}, 2},
      {{"check", "--engine", fmt::format("{} lists my-variant", BAO_FAKE_ENGINE), "--ruleset",
        "all"},
       2},
      {{"scenarios", scenarios, "--engine", fmt::format("{} version", BAO_FAKE_ENGINE)}, 2},
  };
  for (const Case& c : cases) {
    const RunResult r = run_oracle(c.args, 120);
    std::string shown;
    for (const std::string& a : c.args) shown += " " + a;
    EXPECT_EQ(r.status, c.status) << shown << "\n" << r.out << r.err;
    if (c.status == 2 && c.one_line) {
      // One line on stderr, nothing on stdout.
      EXPECT_EQ(r.out, "") << shown;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << "\n" << r.err;
      EXPECT_EQ(r.err.rfind("bao-oracle: ", 0), 0u) << shown << "\n" << r.err;
    }
  }
  // 3: `engine` whose stdout can no longer be written (a full device).
  const std::string command =
      fmt::format("echo moves | {} engine > /dev/full 2>/dev/null", BAO_ORACLE_BIN);
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 3);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bao
