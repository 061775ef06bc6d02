// `bao-oracle mutants` and `bao-oracle scenarios --coverage`, run in-process
// through the CLI's entry point (oracle/cli/commands.hpp).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/mutation.hpp"
#include "oracle/cli/commands.hpp"
#include "tests/cli_support.hpp"

namespace bao {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// One line per mutant, in catalog order: id, clause id, what it does wrong.
TEST(MutantsCommand, ListsEveryMutantWithItsClause) {
  const CliRun r = run_cli({"mutants"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), all_mutants().size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const MutantInfo& m = all_mutants()[i];
    std::istringstream words(lines[i]);
    std::string id, clause, rest;
    words >> id >> clause >> std::ws;
    std::getline(words, rest);
    EXPECT_EQ(id, m.name);
    EXPECT_EQ(clause, clause_name(m.clause));
    EXPECT_EQ(rest, m.change);
  }
}

TEST(MutantsCommand, TakesNoArguments) {
  const CliRun r = run_cli({"mutants", "extra"});
  EXPECT_EQ(r.status, cli::kExitBadInput);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("bao-oracle: ", 0), 0u) << r.err;
}

// The flag reaches the coverage command: a folder without scenarios
// exercises nothing, so every ruleset lists all of its clauses (exit 1).
TEST(ScenariosCoverageFlag, ListsMissingClauses) {
  const std::string empty = std::string(BAO_SOURCE_DIR) + "/docs";
  const CliRun r = run_cli({"scenarios", "--coverage", "--ruleset", "ap-zanzibar", empty.c_str()});
  EXPECT_EQ(r.status, 1) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].rfind("ap-zanzibar: 0/", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1], "  ap.setup.start");
}

// `engine --mutant` serves a deliberately faulty engine. In this mtaji-phase
// position A3 (2) sown right ends in A5, which held 1 and faces a4 (1): a
// capture, and captures are compulsory, so the real rules allow only A3R.
// With capture-needs-three the landing pit must reach 3, so there is no
// capture and both kutakata directions from A3 are legal.
TEST(EngineMutant, ServesTheBrokenClause) {
  const std::string requests =
      "name\nposition S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0\n"
      "moves\nquit\n";
  std::vector<const char*> args{"bao-oracle", "engine", "--mutant", "capture-needs-three"};
  std::istringstream in(requests);
  std::ostringstream out, err;
  EXPECT_EQ(cli::run(static_cast<int>(args.size()), args.data(), in, out, err), 0);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 4u) << out.str();
  EXPECT_NE(lines[0].find("mutant capture-needs-three"), std::string::npos);
  EXPECT_EQ(lines[2], "= A3L A3R");

  std::vector<const char*> real{"bao-oracle", "engine"};
  std::istringstream in2(requests);
  std::ostringstream out2, err2;
  EXPECT_EQ(cli::run(static_cast<int>(real.size()), real.data(), in2, out2, err2), 0);
  EXPECT_EQ(lines_of(out2.str())[2], "= A3R");
}

// A mutant of a clause that does not govern a ruleset cannot play it: no-block
// breaks Abstract Play's kutakatia, which the guide does not have.
TEST(EngineMutant, RefusesRulesetsTheMutantDoesNotApplyTo) {
  std::vector<const char*> args{"bao-oracle", "engine", "--mutant", "no-block"};
  std::istringstream in("rulesets\nruleset guide-v2\nruleset ap-bawo\nquit\n");
  std::ostringstream out, err;
  EXPECT_EQ(cli::run(static_cast<int>(args.size()), args.data(), in, out, err), 0);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 4u) << out.str();
  EXPECT_EQ(lines[0], "= ap-zanzibar ap-malawi-setup ap-bawo ap-kujifunza");
  EXPECT_EQ(lines[1].rfind("? ", 0), 0u);
  EXPECT_EQ(lines[2], "=");
}

TEST(EngineMutant, UnknownMutantIsOneLineAndStatusTwo) {
  const CliRun r = run_cli({"engine", "--mutant", "no-such-mutant"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty());
  ASSERT_EQ(lines_of(r.err).size(), 1u);
  EXPECT_NE(r.err.find("no-such-mutant"), std::string::npos);
}

}  // namespace
}  // namespace bao
