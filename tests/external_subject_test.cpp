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

#include "oracle/core/mutation.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::checker {
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
  ExternalSubject subject(fake({"exit-at-start"}), SubjectOptions{3});
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

struct CommandResult {
  std::string out;
  std::string err;
  int status = -1;
};

// Runs bao-oracle with `args`, stdin from /dev/null, both outputs drained
// together, with a time limit.
CommandResult run_oracle(const std::vector<std::string>& args) {
  CommandResult r;
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return r;
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    return r;
  }
  std::vector<const char*> argv{BAO_ORACLE_BIN};
  for (const auto& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::signal(SIGPIPE, SIG_DFL);
    ::execv(argv[0], const_cast<char* const*>(argv.data()));
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  int open_pipes = 2;
  while (open_pipes > 0 && std::chrono::steady_clock::now() < deadline) {
    if (::poll(fds, 2, 1000) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char chunk[4096];
      const ssize_t n = ::read(fds[i].fd, chunk, sizeof chunk);
      if (n > 0) {
        sinks[i]->append(chunk, static_cast<std::size_t>(n));
      } else {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_pipes;
      }
    }
  }
  if (open_pipes > 0) ::kill(pid, SIGKILL);
  for (const pollfd& p : fds)
    if (p.fd >= 0) ::close(p.fd);
  int status = 0;
  if (::waitpid(pid, &status, 0) == pid && WIFEXITED(status)) r.status = WEXITSTATUS(status);
  return r;
}

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

TEST(ScenariosEngineCli, AllPassAgainstTheOracleEngine) {
  const CommandResult r =
      run_oracle({"scenarios", kScenarios, "--engine", quoted(BAO_ORACLE_BIN) + " engine"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" 0 failed"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(ScenariosEngineCli, MutantEngineFails) {
  const CommandResult r =
      run_oracle({"scenarios", kApScenarios, "--engine",
                  quoted(BAO_ORACLE_BIN) + " engine --mutant " + kMutant, "--timeout-ms", "3000"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
}

TEST(ScenariosEngineCli, EngineThatCannotStartIsBadInput) {
  const CommandResult missing =
      run_oracle({"scenarios", kScenarios, "--engine", "/nonexistent/engine --x"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("bao-oracle: --engine: engine fault: spawn-failed"), std::string::npos)
      << missing.err;
  const CommandResult unbalanced = run_oracle({"scenarios", "--engine", "engine 'x"});
  EXPECT_EQ(unbalanced.status, 2);
  EXPECT_NE(unbalanced.err.find("unbalanced '"), std::string::npos) << unbalanced.err;
  const CommandResult coverage = run_oracle({"scenarios", "--coverage", "--engine", "x"});
  EXPECT_EQ(coverage.status, 2);
}

TEST(ScenariosEngineCli, FaultsAreFailuresAndReported) {
  // Crashes on its 30th request, after each restart: some checks fail, the
  // run goes on, and stderr sums the faults up.
  const CommandResult r =
      run_oracle({"scenarios", kApScenarios, "--ruleset", "ap-zanzibar", "--engine",
                  quoted(BAO_FAKE_ENGINE) + " crash 30", "--timeout-ms", "2000"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("engine fault: crash"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("engine faults"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bao::checker
