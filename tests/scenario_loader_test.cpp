// Tests for the scenario loader (oracle/scenario/loader.cpp): every input
// error names file, 1-based line and column, and the field; a broken file or
// scenario does not stop the others. Lines and columns below were counted by
// hand from the inline YAML.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {
namespace {

// A valid scenario; tests splice mistakes into copies of it.
const std::string kGood = R"(scenarios:
  - id: good
    rulesets: [ap-zanzibar]
    source: 'rules, section'
    clauses: [ap.setup.start]
    position: start
    checks:
      - legal: A6L A6R A7L A7R
)";

// Loads `text` and returns its only error, failing the test otherwise.
InputError only_error(const std::string& text) {
  LoadResult r = load_string(text, "t.yaml");
  EXPECT_EQ(r.errors.size(), 1u);
  if (r.errors.size() != 1)
    for (const auto& e : r.errors) ADD_FAILURE() << "error: " << to_string(e);
  return r.errors.empty() ? InputError{} : r.errors[0];
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(ScenarioLoader, LoadsAGoodScenario) {
  LoadResult r = load_string(kGood, "t.yaml");
  ASSERT_TRUE(r.errors.empty()) << to_string(r.errors[0]);
  ASSERT_EQ(r.scenarios.size(), 1u);
  const Scenario& s = r.scenarios[0];
  EXPECT_EQ(s.id, "good");
  EXPECT_EQ(s.first_line, 2);
  EXPECT_EQ(s.last_line, 8);
  ASSERT_EQ(s.expectations.size(), 1u);
  ASSERT_EQ(s.expectations[0].checks.size(), 1u);
  const Check& c = s.expectations[0].checks[0];
  EXPECT_EQ(c.kind, CheckKind::Legal);
  ASSERT_EQ(c.moves.size(), 4u);
  // Moves written as one string keep their own columns: "A6R" starts at 20.
  EXPECT_EQ(c.moves[1].text, "A6R");
  EXPECT_EQ(c.moves[1].at.line, 8);
  EXPECT_EQ(c.moves[1].at.column, 20);
}

TEST(ScenarioLoader, YamlSyntaxErrorHasLineAndColumn) {
  const InputError e = only_error("scenarios:\n  - id: [x\n");
  EXPECT_EQ(e.file, "t.yaml");
  EXPECT_EQ(e.field, "yaml");
  EXPECT_EQ(e.at.line, 3);
  EXPECT_EQ(e.at.column, 1);
}

// A scenario file must be text: bytes that are not UTF-8, a NUL or another
// control character (but tab, line feed and carriage return) are an input
// error at their line and column (counted in characters), never read as
// U+FFFD; the file's scenarios are not run.
TEST(ScenarioLoader, WhatIsNotTextIsAnErrorAtItsPlace) {
  for (const std::string& bad : {std::string("\xFF"), std::string("\0", 1), std::string("\xC2\x85"),
                                 std::string("\xED\xA0\x80"), std::string("\xC0\xAF"),
                                 std::string("\x1B"), std::string("\xE2\x82")}) {
    // "    source: 'r\xC3\xA9gles" is 19 characters (20 bytes); the bad
    // text is the 20th.
    const std::string text = replace(kGood, "'rules,", "'r\xC3\xA9gles" + bad + ",");
    LoadResult r = load_string(text, "t.yaml");
    ASSERT_EQ(r.errors.size(), 1u) << bad;
    const InputError& e = r.errors[0];
    EXPECT_EQ(e.file, "t.yaml");
    EXPECT_EQ(e.at.line, 4) << to_string(e);
    EXPECT_EQ(e.at.column, 20) << to_string(e);
    EXPECT_EQ(e.field, "text") << to_string(e);
    EXPECT_TRUE(r.scenarios.empty());
  }
  // A byte order mark before the text is allowed.
  LoadResult bom = load_string("\xEF\xBB\xBF" + kGood, "t.yaml");
  EXPECT_TRUE(bom.errors.empty()) << to_string(bom.errors[0]);
  EXPECT_EQ(bom.scenarios.size(), 1u);
}

TEST(ScenarioLoader, UnknownKeyIsReportedAtTheKey) {
  const InputError e = only_error(replace(kGood, "    checks:", "    chekcs:"));
  EXPECT_EQ(e.at.line, 7);
  EXPECT_EQ(e.at.column, 5);
  EXPECT_EQ(e.field, "scenarios[1].chekcs");
  EXPECT_NE(e.message.find("unknown key 'chekcs'"), std::string::npos) << e.message;
  EXPECT_EQ(to_string(e).rfind("t.yaml:7:5: scenarios[1].chekcs: unknown key", 0), 0u)
      << to_string(e);
}

TEST(ScenarioLoader, UnknownKeyInsideACheck) {
  const InputError e = only_error(replace(kGood, "      - legal: A6L", "      - legl: A6L"));
  EXPECT_EQ(e.at.line, 8);
  EXPECT_EQ(e.at.column, 9);
  EXPECT_EQ(e.field, "good.checks[1].legl");
}

TEST(ScenarioLoader, MissingRequiredField) {
  const InputError e = only_error(replace(kGood, "    source: 'rules, section'\n", ""));
  EXPECT_EQ(e.field, "scenarios[1].source");
  EXPECT_EQ(e.at.line, 2);
  EXPECT_NE(e.message.find("missing required field 'source'"), std::string::npos);
}

// An id that is empty, written as "" or as a bare tag, is an error at the
// id (a fuzzer's find: the tagged form loaded a scenario with no name).
TEST(ScenarioLoader, EmptyIdIsAnError) {
  for (const std::string id : {"''", "\"\"", "!tagged"}) {
    const InputError e = only_error(replace(kGood, "id: good", "id: " + id));
    EXPECT_EQ(e.field, "scenarios[1].id") << id;
    EXPECT_EQ(e.at.line, 2) << id;
    EXPECT_NE(e.message.find("the id is empty"), std::string::npos) << id;
  }
}

TEST(ScenarioLoader, WrongType) {
  const InputError e = only_error(replace(kGood, "source: 'rules, section'", "source: [a, b]"));
  EXPECT_EQ(e.field, "good.source");
  EXPECT_EQ(e.at.line, 4);
  EXPECT_EQ(e.at.column, 13);
  EXPECT_NE(e.message.find("expected a string"), std::string::npos);
}

TEST(ScenarioLoader, BadBpnIsReportedAtTheValueWithTheParsersMessage) {
  // North's front row has 7 counts.
  const InputError e = only_error(
      replace(kGood, "position: start",
              "position: \"S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,6,2,2,0/0,0,0,0,0,0,0,0\""));
  EXPECT_EQ(e.field, "good.position");
  EXPECT_EQ(e.at.line, 6);
  EXPECT_EQ(e.at.column, 16);  // inside the quote
  EXPECT_EQ(e.message, "BPN field 3 (north rows): expected 8 counts, got 7 at offset 34");
}

TEST(ScenarioLoader, PositionTheRulesetCannotHold) {
  // ap-zanzibar has no store: the ruleset check rejects it.
  const InputError e = only_error(replace(
      kGood, "position: start",
      "position: S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 store=1,0"));
  EXPECT_EQ(e.field, "good.position");
  EXPECT_EQ(e.at.line, 6);
  EXPECT_EQ(e.at.column, 15);
  EXPECT_NE(e.message.find("not a position of ap-zanzibar: key store"), std::string::npos)
      << e.message;
}

TEST(ScenarioLoader, BadMoveIsReportedAtTheMove) {
  const InputError e = only_error(replace(kGood, "legal: A6L A6R", "legal: A6L A6X"));
  EXPECT_EQ(e.field, "good.checks[1].legal[2]");
  EXPECT_EQ(e.at.line, 8);
  EXPECT_EQ(e.at.column, 20);
  EXPECT_EQ(e.message, "move 'A6X': direction must be L or R at offset 2");
}

TEST(ScenarioLoader, MovesAreCheckedForTheSideThatPlaysThem) {
  // After one South move it is North's turn: "A5L" is not North's pit.
  std::string text = replace(kGood, "    checks:", "    moves: [A6L]\n    checks:");
  text = replace(text, "- legal: A6L A6R A7L A7R", "- play: A5L");
  const InputError e = only_error(text);
  EXPECT_EQ(e.field, "good.checks[1].play[1]");
  EXPECT_EQ(e.at.line, 9);
  EXPECT_EQ(e.at.column, 15);
  EXPECT_EQ(e.message, "move 'A5L': pit A5 belongs to South but North is to move");
}

TEST(ScenarioLoader, UnknownRulesetAndClause) {
  LoadResult r = load_string(replace(replace(kGood, "[ap-zanzibar]", "[ap-zanzibar, guide-v9]"),
                                     "[ap.setup.start]", "[ap.setup.strat]"),
                             "t.yaml");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(to_string(r.errors[0]), "t.yaml:3:29: good.rulesets: unknown ruleset id 'guide-v9'");
  EXPECT_EQ(to_string(r.errors[1]),
            "t.yaml:5:15: good.clauses: unknown clause id 'ap.setup.strat'");
  EXPECT_TRUE(r.scenarios.empty());
}

TEST(ScenarioLoader, UnknownClauseInATraceItem) {
  const InputError e = only_error(replace(kGood, "- legal: A6L A6R A7L A7R",
                                          "- play: A6L\n        events: [\"stop A3 [ap.nope]\"]"));
  EXPECT_EQ(e.field, "good.checks[1].events[1]");
  EXPECT_EQ(e.at.line, 9);
  EXPECT_EQ(e.at.column, 19);  // inside the quote
  EXPECT_EQ(e.message, "unknown clause id 'ap.nope'");
}

TEST(ScenarioLoader, BadStatusWord) {
  const InputError e =
      only_error(replace(kGood, "- legal: A6L A6R A7L A7R", "- status: win S stalemate"));
  EXPECT_EQ(e.field, "good.checks[1].status");
  EXPECT_EQ(e.at.line, 8);
  EXPECT_EQ(e.at.column, 17);
}

TEST(ScenarioLoader, DuplicateIdNamesBothPlaces) {
  std::string text = kGood + kGood.substr(std::string("scenarios:\n").size());
  LoadResult r = load_string(text, "t.yaml");
  ASSERT_TRUE(r.errors.empty());
  // Within one file and across files, load_files reports duplicates.
  const auto dir = std::filesystem::temp_directory_path() / "bao_scenario_loader_dup";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.yaml") << kGood;
  std::ofstream(dir / "b.yaml") << text;
  LoadResult all = load_files({(dir / "a.yaml").string(), (dir / "b.yaml").string()});
  ASSERT_EQ(all.errors.size(), 2u);
  const std::string a = (dir / "a.yaml").string();
  const std::string b = (dir / "b.yaml").string();
  EXPECT_EQ(to_string(all.errors[0]),
            b + ":2:9: id: duplicate scenario id 'good' (first defined at " + a + ":2:9)");
  EXPECT_EQ(to_string(all.errors[1]),
            b + ":9:9: id: duplicate scenario id 'good' (first defined at " + a + ":2:9)");
  EXPECT_EQ(all.scenarios.size(), 1u);
  std::filesystem::remove_all(dir);
}

TEST(ScenarioLoader, ABrokenScenarioDoesNotDropItsNeighbours) {
  std::string second = replace(kGood, "id: good", "id: second");
  second = replace(second, "position: start", "position: nonsense");
  std::string text = kGood + second.substr(std::string("scenarios:\n").size());
  LoadResult r = load_string(text, "t.yaml");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].field, "second.position");
  EXPECT_EQ(r.errors[0].at.line, 13);
  ASSERT_EQ(r.scenarios.size(), 1u);
  EXPECT_EQ(r.scenarios[0].id, "good");
  // The first scenario's range stops before the second begins.
  EXPECT_EQ(r.scenarios[0].last_line, 8);
}

TEST(ScenarioLoader, ExpectPerRuleset) {
  const std::string text = R"(scenarios:
  - id: split
    rulesets: [ap-zanzibar, guide-v2]
    source: s
    clauses: []
    position: start
    expect:
      ap-zanzibar:
        - legal: A6L A6R A7L A7R
      guide-v2:
        - includes: A6L
)";
  LoadResult r = load_string(text, "t.yaml");
  ASSERT_TRUE(r.errors.empty()) << to_string(r.errors[0]);
  ASSERT_EQ(r.scenarios[0].expectations.size(), 2u);
  EXPECT_EQ(r.scenarios[0].expectations[1].ruleset, "guide-v2");
  // An expectation for a ruleset not in `rulesets` is an unknown key.
  const InputError e = only_error(replace(text, "      guide-v2:", "      ludii:"));
  EXPECT_EQ(e.field, "split.expect.ludii");
  EXPECT_EQ(e.at.line, 10);
}

}  // namespace
}  // namespace bao::scenario
