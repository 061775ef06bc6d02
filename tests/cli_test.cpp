// The bao-oracle command, run as a user runs it: the real binary in a child
// process, with its stdout, stderr and exit status captured.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/rules/ruleset.hpp"
#include "tests/subprocess_support.hpp"

namespace bao {
namespace {

const std::string kStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";
// The start position with one count missing from North's front row.
const std::string kShortRow =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";
const std::string kApFile = "000_e996fb56c9001892.txt";
const std::string kApTitle = "Abstract Play, Bao rules page";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::set<std::string> words_of(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

// ---------------------------------------------------------------------------
// Successful commands

TEST(Cli, MovesFromTheStartPosition) {
  const RunResult r = run_oracle({"moves", "--ruleset", "ap-zanzibar", "--position", "start"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out).size(), 1u) << r.out;
  EXPECT_EQ(words_of(r.out), (std::set<std::string>{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(r.err, "");
  // The same position written as BPN gives the same answer.
  EXPECT_EQ(run_oracle({"moves", "--ruleset", "ap-zanzibar", "--position", kStart}).out, r.out);
}

TEST(Cli, RulesetsListsIdTitleAndSource) {
  const RunResult r = run_oracle({"rulesets"});
  EXPECT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  EXPECT_EQ(lines.size(), all_rulesets().size());
  bool found = false;
  for (const auto& line : lines)
    if (line.starts_with("ap-zanzibar ")) {
      found = true;
      EXPECT_NE(line.find("  ap (" + kApFile + ")"), std::string::npos) << line;
      EXPECT_NE(line.find(find_ruleset("ap-zanzibar")->title), std::string::npos) << line;
    }
  EXPECT_TRUE(found) << r.out;
}

TEST(Cli, ClausesListsEachClauseWithItsSource) {
  const RunResult r = run_oracle({"clauses", "ap-zanzibar"});
  EXPECT_EQ(r.status, 0) << r.err;
  int headers = 0;
  bool found = false;
  const auto lines = lines_of(r.out);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.starts_with("ap.")) ++headers;
    if (line.starts_with("ap.kutakatia.set ")) {
      found = true;
      EXPECT_TRUE(line.ends_with(" rule")) << line;
      // The source by title and section, never by its file name.
      ASSERT_LT(i + 1, lines.size());
      EXPECT_TRUE(lines[i + 1].starts_with("    source: " + kApTitle + ": Kutakatia"))
          << lines[i + 1];
    }
  }
  EXPECT_TRUE(found) << r.out;
  EXPECT_EQ(r.out.find(".txt"), std::string::npos) << "a file name in the listing";
  EXPECT_EQ(static_cast<std::size_t>(headers), find_ruleset("ap-zanzibar")->clauses.size());
}

TEST(Cli, ClausesAsJson) {
  const RunResult r = run_oracle({"clauses", "ap-zanzibar", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_TRUE(json.is_array()) << r.out.substr(0, 200);
  EXPECT_EQ(json.size(), find_ruleset("ap-zanzibar")->clauses.size());
  bool found = false;
  for (const auto& c : json) {
    EXPECT_TRUE(c["kind"] == "rule" || c["kind"] == "interpretation") << c.dump();
    if (c["id"] == "ap.kutakatia.set") {
      found = true;
      EXPECT_EQ(c["source_file"], kApFile);
      EXPECT_EQ(c["source"], "ap");
      EXPECT_EQ(c["source_title"], kApTitle);
      EXPECT_FALSE(c["section"].get<std::string>().empty());
      EXPECT_FALSE(c["paraphrase"].get<std::string>().empty());
    }
  }
  EXPECT_TRUE(found);
}

TEST(Cli, SourcesListsEachRuleSource) {
  const RunResult r = run_oracle({"sources"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::set<std::string> ids;
  for (const auto& line : lines_of(r.out))
    if (!line.empty() && line[0] != ' ') ids.insert(line.substr(0, line.find(' ')));
  EXPECT_EQ(ids, (std::set<std::string>{"ap", "guide", "ludii", "site"})) << r.out;
  EXPECT_NE(r.out.find("ap  " + kApTitle + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    file: " + kApFile + "\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    rulesets: ap-zanzibar, ap-malawi-setup, ap-bawo, ap-kujifunza\n"),
            std::string::npos)
      << r.out;
}

TEST(Cli, SourcesAsJson) {
  const RunResult r = run_oracle({"sources", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_TRUE(json.is_array()) << r.out.substr(0, 200);
  ASSERT_EQ(json.size(), 4u);
  std::set<std::string> rulesets;
  for (const auto& s : json) {
    for (const char* key : {"id", "title", "publisher", "location", "version", "file", "about"})
      EXPECT_FALSE(s.at(key).get<std::string>().empty()) << key << " in " << s.dump();
    for (const auto& id : s.at("rulesets")) rulesets.insert(id.get<std::string>());
  }
  EXPECT_EQ(json[0]["id"], "ap");
  EXPECT_EQ(json[0]["title"], kApTitle);
  EXPECT_EQ(json[0]["file"], kApFile);
  EXPECT_EQ(rulesets.size(), all_rulesets().size());
  for (const Ruleset* rules : all_rulesets()) EXPECT_TRUE(rulesets.count(std::string(rules->id)));
}

TEST(Cli, PerftFromStart) {
  const RunResult r =
      run_oracle({"perft", "--ruleset", "ap-zanzibar", "--position", "start", "--depth", "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "4\n");
}

TEST(Cli, PerftDivideSumsToTheTotal) {
  const std::vector<std::string> base{"perft",   "--ruleset", "ap-zanzibar", "--position", "start",
                                      "--depth", "3"};
  const RunResult total = run_oracle(base);
  ASSERT_EQ(total.status, 0) << total.err;
  auto with_divide = base;
  with_divide.push_back("--divide");
  const RunResult r = run_oracle(with_divide);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;  // four root moves and the total
  std::uint64_t sum = 0;
  std::set<std::string> roots;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    std::istringstream in(lines[i]);
    std::string move;
    std::uint64_t count = 0;
    ASSERT_TRUE(in >> move >> count) << lines[i];
    roots.insert(move);
    sum += count;
  }
  EXPECT_EQ(roots, (std::set<std::string>{"A6L", "A6R", "A7L", "A7R"}));
  EXPECT_EQ(lines.back(), "total " + std::to_string(sum));
  EXPECT_EQ(total.out, std::to_string(sum) + "\n");
}

TEST(Cli, PlayPrintsPositionAndStatus) {
  const RunResult r =
      run_oracle({"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "A6L"});
  EXPECT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_TRUE(lines[0].starts_with("N ")) << lines[0];
  EXPECT_NE(lines[0].find("hand=21,22"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1], "ongoing");
}

TEST(Cli, PlayWithTraceShowsEachMoveThenTheResult) {
  const RunResult plain = run_oracle({"play", "--ruleset", "ap-zanzibar", "--position", "start",
                                      "--move", "A6L", "--move", "a6L"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  const RunResult r = run_oracle({"play", "--ruleset", "ap-zanzibar", "--position", "start",
                                  "--move", "A6L", "--move", "a6L", "--trace"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 6u) << r.out;
  EXPECT_EQ(lines[0], "A6L");
  EXPECT_TRUE(lines[1].starts_with("  place A6")) << lines[1];
  EXPECT_NE(lines[1].find('['), std::string::npos) << "no clause: " << lines[1];
  EXPECT_NE(std::find(lines.begin(), lines.end(), "a6L"), lines.end()) << r.out;
  // The traces come first; the last two lines are exactly the untraced output.
  EXPECT_TRUE(r.out.ends_with(plain.out)) << r.out;
}

TEST(Cli, DemoIsDeterministic) {
  const RunResult a = run_oracle({"demo"});
  const RunResult b = run_oracle({"demo"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(a.err, "");
  for (const Ruleset* rules : all_rulesets())
    EXPECT_NE(a.out.find("== " + std::string(rules->id) + ": "), std::string::npos) << rules->id;
  EXPECT_NE(a.out.find("start position: " + kStart), std::string::npos);
  EXPECT_NE(a.out.find("1. South plays "), std::string::npos);
  // Each ruleset names its source by title, not by the file of its text.
  EXPECT_NE(a.out.find("source: " + kApTitle + "\n"), std::string::npos);
  EXPECT_EQ(a.out.find(kApFile), std::string::npos);
}

TEST(Cli, NoSubcommandPrintsHelp) {
  const RunResult r = run_oracle({});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Usage"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("perft"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------------------
// Bad input: status 2, one `bao-oracle: ` line on stderr, nothing on stdout.

struct BadInput {
  const char* name;
  std::vector<std::string> args;
  std::vector<std::string> mentions;  // the stderr line must contain each
};

void PrintTo(const BadInput& b, std::ostream* os) {
  *os << b.name;
}

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, OneLineOnStderrAndStatusTwo) {
  const BadInput& c = GetParam();
  const RunResult r = run_oracle(c.args);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  const auto lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_TRUE(r.err.ends_with("\n"));
  EXPECT_TRUE(lines[0].starts_with("bao-oracle: ")) << lines[0];
  for (const auto& m : c.mentions) EXPECT_NE(lines[0].find(m), std::string::npos) << lines[0];
}

INSTANTIATE_TEST_SUITE_P(
    Cli, CliBadInput,
    ::testing::Values(
        BadInput{"UnknownRuleset",
                 {"moves", "--ruleset", "nope", "--position", "start"},
                 {"--ruleset", "nope", "ap-zanzibar"}},
        BadInput{"UnknownRulesetForClauses", {"clauses", "nope"}, {"nope"}},
        BadInput{"UnknownRulesetForEngine", {"engine", "--ruleset", "nope"}, {"nope"}},
        BadInput{"BadBpnRowLength",
                 {"moves", "--ruleset", "ap-zanzibar", "--position", kShortRow},
                 {"--position: ", "field 3"}},
        BadInput{"BpnTheRulesetCannotHold",
                 {"moves", "--ruleset", "ap-zanzibar", "--position",
                  "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 "
                  "hand=22,22 house=A4"},
                 {"--position: ", "house"}},
        BadInput{"BadMoveSyntax",
                 {"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "Z9Q"},
                 {"--move 1", "Z9Q"}},
        BadInput{"MoveWithNewline",
                 {"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "A6\nL"},
                 {"--move 1"}},
        BadInput{"IllegalMove",
                 {"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "A1L"},
                 {"A1L", "legal moves", "A6L", "A6R", "A7L", "A7R"}},
        BadInput{"IllegalSecondMove",
                 {"play", "--ruleset", "ap-zanzibar", "--position", "start", "--move", "A6L",
                  "--move", "a1L"},
                 {"--move 2", "a1L", "a6L"}},
        BadInput{"UnknownSubcommand", {"frobnicate"}, {"frobnicate"}},
        BadInput{"UnknownOption",
                 {"moves", "--ruleset", "ap-zanzibar", "--position", "start", "--bogus"},
                 {"--bogus"}},
        BadInput{"MissingPosition", {"moves", "--ruleset", "ap-zanzibar"}, {"--position"}},
        BadInput{
            "MissingMove", {"play", "--ruleset", "ap-zanzibar", "--position", "start"}, {"--move"}},
        BadInput{"DepthTooLarge",
                 {"perft", "--ruleset", "ap-zanzibar", "--position", "start", "--depth", "99"},
                 {"--depth", "99"}},
        BadInput{"DepthNegative",
                 {"perft", "--ruleset", "ap-zanzibar", "--position", "start", "--depth", "-1"},
                 {"--depth"}},
        BadInput{"DepthNotANumber",
                 {"perft", "--ruleset", "ap-zanzibar", "--position", "start", "--depth", "two"},
                 {"--depth"}},
        BadInput{"DivideAtDepthZero",
                 {"perft", "--ruleset", "ap-zanzibar", "--position", "start", "--depth", "0",
                  "--divide"},
                 {"--divide"}}),
    [](const ::testing::TestParamInfo<BadInput>& p) { return std::string(p.param.name); });

}  // namespace
}  // namespace bao
