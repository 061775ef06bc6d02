// ExternalSubject (oracle/checker/external_subject.hpp): the scenario suite
// run through the protocol against `bao-oracle engine` (all pass) and against
// a mutant engine (caught), faults turned into Errors with the engine
// restarted, and `bao-oracle scenarios --engine` end to end.
#include "oracle/checker/external_subject.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/catalog/mutation.hpp"
#include "oracle/scenario/scenario.hpp"
#include "tests/subprocess_support.hpp"

namespace bao::check {
namespace {

using std::chrono::milliseconds;

// The whole suite must pass through the protocol; the tests that expect
// failures use Abstract Play's scenarios only, which the mutant breaks.
const std::string kScenarios = std::string(BAO_SOURCE_DIR) + "/scenarios";
const std::string kApScenarios = kScenarios + "/abstract_play";
const std::string kMutant = "capture-needs-three";
const std::string kStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

EngineOptions engine(std::vector<std::string> argv, int timeout_ms = 2000) {
  EngineOptions o;
  o.argv = std::move(argv);
  o.timeout = milliseconds(timeout_ms);
  o.kill_grace = milliseconds(100);
  return o;
}

EngineOptions fake(const std::vector<std::string>& args, int timeout_ms = 400) {
  std::vector<std::string> argv{BAO_FAKE_ENGINE};
  argv.insert(argv.end(), args.begin(), args.end());
  return engine(argv, timeout_ms);
}

struct SuiteRun {
  int code = -1;
  std::string out;
  std::string err;
};

SuiteRun run_suite(ExternalSubject& subject, const std::string& path = kScenarios) {
  SuiteRun r;
  std::ostringstream out, err;
  r.code = scenario::run_scenarios_command({path}, {}, subject, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(ExternalSubject, ScenarioSuitePassesAgainstTheOracleEngine) {
  ExternalSubject subject(engine({BAO_ORACLE_BIN, "engine"}));
  auto info = subject.start();
  ASSERT_TRUE(info) << info.error().message;
  EXPECT_EQ(subject.name().rfind("bao-oracle ", 0), 0u);
  const SuiteRun r = run_suite(subject);
  // Through the protocol, the report is the oracle's own, word for word.
  scenario::OracleSubject oracle;
  std::ostringstream in_process, ignored;
  scenario::run_scenarios_command({kScenarios}, {}, oracle, in_process, ignored);
  EXPECT_EQ(r.out, in_process.str());
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" 0 failed"), std::string::npos) << r.out;
  EXPECT_EQ(subject.faults(), 0);
}

TEST(ExternalSubject, MutantEngineIsCaught) {
  ASSERT_NE(find_mutant(kMutant), nullptr);
  ExternalSubject subject(engine({BAO_ORACLE_BIN, "engine", "--mutant", kMutant}));
  ASSERT_TRUE(subject.start());
  const SuiteRun r = run_suite(subject, kApScenarios);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out.find(" 0 failed"), std::string::npos) << r.out;
}

TEST(ExternalSubject, AnswersAsTheProtocolWritesThem) {
  ExternalSubject subject(engine({BAO_ORACLE_BIN, "engine"}));
  ASSERT_TRUE(subject.start());
  EXPECT_TRUE(subject.supports("ap-zanzibar"));
  EXPECT_FALSE(subject.supports("no-such-ruleset"));
  EXPECT_EQ(subject.start_position("ap-zanzibar").value(), kStart);
  EXPECT_EQ(subject.legal_moves("ap-zanzibar", kStart).value(),
            (std::vector<std::string>{"A6L", "A6R", "A7L", "A7R"}));
  auto played = subject.play("ap-zanzibar", kStart, "A6L");
  ASSERT_TRUE(played) << played.error().message;
  EXPECT_EQ(played->bpn.substr(0, 2), "N ");
  ASSERT_TRUE(played->trace.has_value());
  ASSERT_FALSE(played->trace->empty());
  EXPECT_EQ(played->trace->front().text, "place A6");
  EXPECT_EQ(subject.status("ap-zanzibar", kStart).value(), "ongoing");
  // A refusal is an Error, not a fault.
  auto illegal = subject.play("ap-zanzibar", kStart, "A1L");
  ASSERT_FALSE(illegal);
  EXPECT_NE(illegal.error().message.find("rejected A1L"), std::string::npos);
  auto bad_position = subject.legal_moves("ap-zanzibar", "S 1,2");
  ASSERT_FALSE(bad_position);
  EXPECT_NE(bad_position.error().message.find("refused the position"), std::string::npos);
  EXPECT_FALSE(subject.legal_moves("ap-zanzibar", kStart + "\nquit"));
  EXPECT_EQ(subject.faults(), 0);
}

TEST(ExternalSubject, RefusedRulesetsAreNotSupported) {
  ExternalSubject subject(fake({"refuse-ruleset"}));
  ASSERT_TRUE(subject.start());
  EXPECT_TRUE(subject.supports("ap-zanzibar"));
  EXPECT_FALSE(subject.supports("guide-v2")) << "listed, but refused when selected";
  EXPECT_FALSE(subject.supports("ap-bawo")) << "not listed";
  auto unsupported = subject.legal_moves("ap-bawo", kStart);
  ASSERT_FALSE(unsupported);
  EXPECT_EQ(subject.last_fault()->kind, FaultKind::UnsupportedRuleset);
  EXPECT_TRUE(subject.legal_moves("ap-zanzibar", kStart));
}

// A crash or a hang costs the call it happens in; the next call restarts the
// engine and works.
TEST(ExternalSubject, FaultsBecomeErrorsAndTheEngineIsRestarted) {
  for (const char* mode : {"crash", "hang", "garbage"}) {
    SCOPED_TRACE(mode);
    ExternalSubject subject(fake({mode, "40"}, 300));
    ASSERT_TRUE(subject.start());
    std::optional<Error> error;
    for (int i = 0; i < 40 && !error; ++i) {
      auto moves = subject.legal_moves("ap-zanzibar", kStart);
      if (!moves) error = moves.error();
    }
    ASSERT_TRUE(error) << "the fake never misbehaved";
    EXPECT_EQ(error->message.rfind("engine fault: ", 0), 0u) << error->message;
    ASSERT_TRUE(subject.last_fault());
    const FaultKind want = std::string(mode) == "crash"  ? FaultKind::Crash
                           : std::string(mode) == "hang" ? FaultKind::Timeout
                                                         : FaultKind::Malformed;
    EXPECT_EQ(subject.last_fault()->kind, want) << error->message;
    auto after = subject.legal_moves("ap-zanzibar", kStart);
    ASSERT_TRUE(after) << after.error().message;
    EXPECT_EQ(subject.restarts(), 1);
    EXPECT_EQ(subject.faults(), 1);
  }
}

TEST(ExternalSubject, GivesUpOnAnEngineThatKeepsFailing) {
  ExternalSubject subject(fake({"exit-at-start"}), RestartPolicy{3});
  EXPECT_FALSE(subject.start());
  for (int i = 0; i < 10; ++i) {
    auto r = subject.status("ap-zanzibar", kStart);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message.rfind("engine fault: ", 0), 0u);
  }
  EXPECT_EQ(subject.faults(), 3);
  EXPECT_EQ(subject.restarts(), 2);
  EXPECT_EQ(subject.last_fault()->kind, FaultKind::Crash);
}

// ---- bao-oracle scenarios --engine -------------------------------------------

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

TEST(ScenariosEngineCli, AllPassAgainstTheOracleEngine) {
  const RunResult r =
      run_oracle({"scenarios", kScenarios, "--engine", quoted(BAO_ORACLE_BIN) + " engine"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" 0 failed"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(ScenariosEngineCli, MutantEngineFails) {
  const RunResult r =
      run_oracle({"scenarios", kApScenarios, "--engine",
                  quoted(BAO_ORACLE_BIN) + " engine --mutant " + kMutant, "--timeout-ms", "3000"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
}

TEST(ScenariosEngineCli, EngineThatCannotStartIsBadInput) {
  const RunResult missing =
      run_oracle({"scenarios", kScenarios, "--engine", "/nonexistent/engine --x"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("bao-oracle: --engine: engine fault: spawn-failed"), std::string::npos)
      << missing.err;
  const RunResult unbalanced = run_oracle({"scenarios", "--engine", "engine 'x"});
  EXPECT_EQ(unbalanced.status, 2);
  EXPECT_NE(unbalanced.err.find("unbalanced '"), std::string::npos) << unbalanced.err;
  const RunResult coverage = run_oracle({"scenarios", "--coverage", "--engine", "x"});
  EXPECT_EQ(coverage.status, 2);
}

TEST(ScenariosEngineCli, FaultsAreFailuresAndReported) {
  // Crashes on its 30th request, after each restart: some checks fail, the
  // run goes on, and stderr sums the faults up.
  const RunResult r = run_oracle({"scenarios", kApScenarios, "--ruleset", "ap-zanzibar", "--engine",
                                  quoted(BAO_FAKE_ENGINE) + " crash 30", "--timeout-ms", "2000"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("engine fault: crash"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("engine faults"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bao::check
