// The engine client (oracle/protocol/engine_client.hpp) against a good engine
// and against the hostile one in tests/fakes/fake_engine.cpp: every kind of
// misbehaviour must come back as the right fault, the client must survive it
// (a restart and the next request work), and no test may leave a child
// process or an open descriptor behind.
#include "oracle/protocol/engine_client.hpp"
#include "oracle/protocol/engine_session.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace bao::protocol {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

// The handshake takes requests 1 to 3 (protocol, name, rulesets), so the
// first request a test sends is the fake's request 4. The fakes misbehave at
// request 5: after a restart, the one request survives() sends must work.
constexpr int kFirstRequest = 4;
constexpr int kFaultAt = kFirstRequest + 1;

int open_fds() {
  int count = 0;
  DIR* dir = ::opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  while (const dirent* e = ::readdir(dir))
    if (e->d_name[0] != '.') ++count;
  ::closedir(dir);
  return count;
}

// The timeout is generous (a loaded machine must not turn a slow answer
// into a timeout); a test of a hang gives its own.
EngineOptions fake(std::vector<std::string> args, int timeout_ms = 10000) {
  EngineOptions o;
  o.argv = {BAO_FAKE_ENGINE};
  for (auto& a : args) o.argv.push_back(std::move(a));
  o.timeout = milliseconds(timeout_ms);
  o.kill_grace = milliseconds(100);
  return o;
}

EngineOptions oracle_engine() {
  EngineOptions o;
  o.argv = {BAO_ORACLE_BIN, "engine"};
  o.timeout = milliseconds(2000);
  return o;
}

std::string k(int n) {
  return std::to_string(n);
}

// Every test checks on the way out that it left no child and no descriptor.
class EngineClientTest : public ::testing::Test {
 protected:
  // The first engine a process starts also starts the process's guard
  // (oracle/core/process.hpp), which keeps one socket open for as long as
  // the process lives: started here, it is not counted against a test.
  static void SetUpTestSuite() {
    EngineClient client(fake({"good"}));
    (void)client.start();
  }
  void SetUp() override { fds_ = open_fds(); }
  void TearDown() override {
    EXPECT_EQ(open_fds(), fds_) << "a descriptor was left open";
    errno = 0;
    const pid_t left = ::waitpid(-1, nullptr, WNOHANG);
    EXPECT_EQ(left, -1) << "a child process was left (pid " << left << ")";
    EXPECT_EQ(errno, ECHILD);
  }

  // Starts the engine, expecting the handshake to work.
  static void start(EngineClient& client) {
    auto info = client.start();
    ASSERT_TRUE(info) << describe(info.fault());
  }

  // Starts the engine and sends one request that works (request 4).
  static void start_and_warm_up(EngineClient& client) {
    start(client);
    auto r = client.request("moves");
    ASSERT_TRUE(r) << describe(r.fault());
  }

  // The fault of a request that must fail.
  static Fault fault_of(EngineClient& client, std::string_view line) {
    auto r = client.request(line);
    EXPECT_FALSE(r) << "'" << line << "' was answered: " << (r ? r->text : "");
    return r ? Fault{} : r.fault();
  }

  // After a fault: restart, and the same kind of request works again.
  static void survives(EngineClient& client) {
    EXPECT_FALSE(client.running());
    start(client);
    auto r = client.request("moves");
    ASSERT_TRUE(r) << describe(r.fault());
    EXPECT_TRUE(r->ok);
  }

 private:
  int fds_ = 0;
};

// ---- split_command --------------------------------------------------------------

TEST(SplitCommand, SplitsLikeAShellWithoutExpansion) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split_command("engine").value(), V{"engine"});
  EXPECT_EQ(split_command("  python3 \"my engine.py\"  --x ").value(),
            (V{"python3", "my engine.py", "--x"}));
  EXPECT_EQ(split_command("a 'b c' d\\ e").value(), (V{"a", "b c", "d e"}));
  EXPECT_EQ(split_command("'$HOME' \"$HOME\" *.py ~").value(), (V{"$HOME", "$HOME", "*.py", "~"}));
  EXPECT_EQ(split_command("\"a \\\"q\\\" \\\\ \\n\"").value(), (V{"a \"q\" \\ \\n"}));
  EXPECT_EQ(split_command("x''y \"\"").value(), (V{"xy", ""}));
  EXPECT_EQ(split_command("'it'\\''s'").value(), (V{"it's"}));
}

TEST(SplitCommand, RejectsUnbalancedQuotesAndEmptyCommands) {
  for (const char* bad : {"python3 'engine.py", "a \"b", "tail\\", "", "   "}) {
    const auto r = split_command(bad);
    EXPECT_FALSE(r) << bad;
    if (!r) {
      EXPECT_NE(r.error().message.find("--engine"), std::string::npos);
    }
  }
  EXPECT_NE(split_command("run 'x").error().message.find("offset 4"), std::string::npos);
}

// ---- A good engine ---------------------------------------------------------------

TEST_F(EngineClientTest, HandshakeAndRequests) {
  EngineClient client(oracle_engine());
  start(client);
  EXPECT_EQ(client.info().name.rfind("bao-oracle ", 0), 0u) << client.info().name;
  EXPECT_TRUE(client.lists_ruleset("ap-zanzibar"));
  auto moves = client.request("moves");
  ASSERT_TRUE(moves);
  EXPECT_TRUE(moves->ok);
  EXPECT_EQ(moves->text, "A6L A6R A7L A7R");
  auto refused = client.request("play A1L");
  ASSERT_TRUE(refused);
  EXPECT_FALSE(refused->ok);
  EXPECT_EQ(refused->text, "move A1L is not legal here");
  auto empty = client.request("ruleset ap-zanzibar");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->ok);
  EXPECT_EQ(empty->text, "");
  const auto status = client.stop();
  ASSERT_TRUE(status);
  EXPECT_EQ(status->code, 0) << to_string(*status);
  EXPECT_FALSE(client.running());
}

TEST_F(EngineClientTest, PipelinedBatchComesBackInOrder) {
  EngineClient client(oracle_engine());
  start(client);
  std::vector<std::string> lines;
  for (int i = 0; i < 2000; ++i) {
    lines.emplace_back("ruleset ap-zanzibar");
    lines.emplace_back("play A6L");
    lines.emplace_back("status");
    lines.emplace_back("bogus");
  }
  auto answers = client.batch(lines);
  ASSERT_TRUE(answers) << describe(answers.fault());
  ASSERT_EQ(answers->size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); i += 4) {
    EXPECT_TRUE((*answers)[i].ok);
    EXPECT_EQ((*answers)[i + 1].text.substr(0, 2), "N ");
    EXPECT_EQ((*answers)[i + 2].text, "ongoing");
    EXPECT_FALSE((*answers)[i + 3].ok);
  }
}

TEST_F(EngineClientTest, RulesetSelection) {
  EngineClient client(oracle_engine());
  start(client);
  auto ok = client.select_ruleset("guide-v2");
  ASSERT_TRUE(ok) << describe(ok.fault());
  auto unknown = client.select_ruleset("no-such-ruleset");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.fault().kind, FaultKind::UnsupportedRuleset);
  EXPECT_FALSE(is_fatal(unknown.fault().kind));
  EXPECT_TRUE(client.running()) << "a refused ruleset does not stop the engine";
  EXPECT_TRUE(client.request("moves"));
}

// ---- Faults ----------------------------------------------------------------------

TEST_F(EngineClientTest, SpawnFailureWhenTheCommandIsMissing) {
  for (const char* command : {"/nonexistent/bao-engine", "bao-no-such-engine-anywhere"}) {
    EngineClient client(EngineOptions{{command}});
    auto info = client.start();
    ASSERT_FALSE(info);
    EXPECT_EQ(info.fault().kind, FaultKind::SpawnFailed) << describe(info.fault());
    EXPECT_NE(info.fault().message.find("No such file"), std::string::npos);
    EXPECT_FALSE(client.running());
    EXPECT_EQ(client.last_fault()->kind, FaultKind::SpawnFailed);
  }
}

TEST_F(EngineClientTest, ExitAtStartIsACrashWithItsStatus) {
  EngineClient client(fake({"exit-at-start"}));
  auto info = client.start();
  ASSERT_FALSE(info);
  const Fault& f = info.fault();
  EXPECT_EQ(f.kind, FaultKind::Crash) << describe(f);
  EXPECT_EQ(f.exit.code, 1);
  EXPECT_EQ(f.request, "protocol");
  EXPECT_NE(f.stderr_tail.find("exiting at start"), std::string::npos);
  EXPECT_NE(describe(f).find("exit status 1"), std::string::npos) << describe(f);
}

TEST_F(EngineClientTest, AbortIsACrashWithTheSignal) {
  EngineClient client(fake({"crash", k(kFirstRequest + 1)}));
  start(client);
  ASSERT_TRUE(client.request("moves"));
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Crash) << describe(f);
  EXPECT_EQ(f.exit.signal, SIGABRT);
  EXPECT_EQ(f.request, "moves");
  EXPECT_NE(f.stderr_tail.find("aborting at request 5"), std::string::npos) << f.stderr_tail;
  EXPECT_NE(describe(f).find("SIGABRT"), std::string::npos) << describe(f);
  // Until the restart, requests fail at once as not-running.
  EXPECT_EQ(fault_of(client, "moves").kind, FaultKind::NotRunning);
  EXPECT_EQ(client.last_fault()->kind, FaultKind::Crash) << "not-running is not recorded";
  survives(client);
}

TEST_F(EngineClientTest, ExitIsACrashWithTheExitStatus) {
  EngineClient client(fake({"exit3", k(kFaultAt)}));
  start_and_warm_up(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Crash) << describe(f);
  EXPECT_EQ(f.exit.code, 3);
  survives(client);
}

TEST_F(EngineClientTest, HangIsATimeout) {
  EngineClient client(fake({"hang", k(kFaultAt)}, 300));
  start_and_warm_up(client);
  const auto t0 = Clock::now();
  const Fault f = fault_of(client, "moves");
  const auto took = Clock::now() - t0;
  EXPECT_EQ(f.kind, FaultKind::Timeout) << describe(f);
  EXPECT_GE(took, milliseconds(300));
  // The hang ends; how soon after the timeout depends on the machine's load.
  EXPECT_LT(took, std::chrono::seconds(60));
  EXPECT_EQ(f.exit.signal, SIGTERM) << "a hung engine is stopped with SIGTERM";
  EXPECT_NE(describe(f).find("300 ms"), std::string::npos) << describe(f);
  survives(client);
}

TEST_F(EngineClientTest, EngineIgnoringSigtermIsKilled) {
  EngineClient client(fake({"hang-stubborn", k(kFaultAt)}, 200));
  start_and_warm_up(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Timeout) << describe(f);
  EXPECT_EQ(f.exit.signal, SIGKILL);
  survives(client);
}

TEST_F(EngineClientTest, GarbageIsMalformed) {
  EngineClient client(fake({"garbage", k(kFaultAt)}));
  start_and_warm_up(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Malformed) << describe(f);
  // The bad bytes are quoted safely.
  EXPECT_NE(f.message.find("garbage \\x01\\x02 here"), std::string::npos) << f.message;
  survives(client);
}

// An engine that lists every legal move twice must not pass for one that
// lists them once: the answer is malformed, naming the move.
TEST_F(EngineClientTest, AMoveListedTwiceIsMalformed) {
  EngineClient client(fake({"dup-moves"}));
  start(client);
  auto position = client.request("position start");
  ASSERT_TRUE(position) << describe(position.fault());
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Malformed) << describe(f);
  EXPECT_EQ(f.request, "moves");
  EXPECT_NE(f.message.find("the move 'A6L' is listed more than once in 'A6L A6R A7L A7R A6L "
                           "A6R A7L A7R'"),
            std::string::npos)
      << f.message;
  // The engine is stopped as after any malformed answer; restarted, it
  // answers what has no list of moves.
  EXPECT_FALSE(client.running());
  start(client);
  auto status = client.request("status");
  ASSERT_TRUE(status) << describe(status.fault());
  EXPECT_EQ(status->text, "ongoing");
}

// Inside a batch, a doubled list followed by a line that fits the request
// is still the malformed answer (not an extra line shifting the answers).
TEST(EngineClientReader, AMoveListedTwiceIsMalformedWhereverItStands) {
  const std::vector<std::string> lines{"moves", "moves", "status"};
  ResponseReader reader(lines, 1024);
  const auto problem = reader.feed("= A6L A6R\n= A6L A6R A6R\n= A6L\n= ongoing\n");
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->kind, FaultKind::Malformed) << problem->message;
  EXPECT_EQ(problem->index, 1u);
  EXPECT_NE(problem->message.find("'A6R' is listed more than once"), std::string::npos)
      << problem->message;
  // A `?` answer and other requests' payloads are not lists of moves.
  const std::vector<std::string> others{"moves", "name", "trace"};
  ResponseReader fine(others, 1024);
  EXPECT_FALSE(fine.feed("? no no\n= x x\n= sow A5; sow A5\n").has_value());
  EXPECT_TRUE(fine.complete());
}

TEST_F(EngineClientTest, InfoLineBeforeTheAnswerIsMalformed) {
  EngineClient client(fake({"chatty", k(kFaultAt)}));
  start_and_warm_up(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Malformed) << describe(f);
  EXPECT_NE(f.message.find("info thinking hard"), std::string::npos) << f.message;
  survives(client);
}

TEST_F(EngineClientTest, AnswerWithoutNewlineThenEofIsMalformed) {
  EngineClient client(fake({"no-newline", k(kFaultAt)}));
  start_and_warm_up(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Malformed) << describe(f);
  EXPECT_NE(f.message.find("has no '\\n'"), std::string::npos) << f.message;
  EXPECT_EQ(f.exit.code, 0);
  survives(client);
}

// A line longer than the limit is malformed once it passes the limit, not
// when it ends: huge-unended never ends it (1 MiB, then the engine hangs),
// so a client that waited for its end would meet the timeout, a minute
// later, instead.
TEST_F(EngineClientTest, HugeLineIsMalformedWithoutWaitingForItsEnd) {
  for (const char* mode : {"huge-line", "huge-unended"}) {
    EngineClient client(fake({mode, k(kFaultAt)}, 60000));
    start_and_warm_up(client);
    const Fault f = fault_of(client, "moves");
    EXPECT_EQ(f.kind, FaultKind::Malformed) << mode << ": " << describe(f);
    EXPECT_NE(f.message.find("longer than 65536 bytes"), std::string::npos) << f.message;
    survives(client);
  }
}

TEST_F(EngineClientTest, StderrFloodDoesNotBlockAndKeepsOnlyTheTail) {
  EngineClient client(fake({"stderr-flood"}, 5000));
  start(client);
  for (int i = 0; i < 20; ++i) {
    auto r = client.request("moves");
    ASSERT_TRUE(r) << describe(r.fault());
  }
  const std::string tail = client.stderr_tail();
  EXPECT_EQ(tail.size(), client.options().stderr_tail_bytes);
  EXPECT_EQ(tail.back(), '\n');
  EXPECT_NE(tail.find("fff"), std::string::npos);
  client.stop();
}

TEST_F(EngineClientTest, SlowAnswersWithinTheTimeoutAreFine) {
  EngineClient client(fake({"slow", k(kFirstRequest), "100"}, 600));
  start(client);
  for (int i = 0; i < 2; ++i) {
    auto r = client.request("moves");
    ASSERT_TRUE(r) << describe(r.fault());
  }
  // In a batch the limit applies to each response, not to the whole batch.
  auto answers = client.batch(std::vector<std::string>(4, "moves"));
  ASSERT_TRUE(answers) << describe(answers.fault());
}

TEST_F(EngineClientTest, SlowAnswersPastTheTimeoutAreATimeout) {
  EngineClient client(fake({"slow", k(kFirstRequest), "900"}, 300));
  start(client);
  const Fault f = fault_of(client, "moves");
  EXPECT_EQ(f.kind, FaultKind::Timeout) << describe(f);
}

TEST_F(EngineClientTest, WrongProtocolVersion) {
  EngineClient client(fake({"version"}));
  auto info = client.start();
  ASSERT_FALSE(info);
  EXPECT_EQ(info.fault().kind, FaultKind::WrongVersion) << describe(info.fault());
  EXPECT_NE(info.fault().message.find("'= 2'"), std::string::npos) << info.fault().message;
  EXPECT_FALSE(client.running()) << "an engine of another version is stopped";
}

TEST_F(EngineClientTest, UnsupportedRuleset) {
  EngineClient client(fake({"refuse-ruleset"}));
  start(client);
  auto unlisted = client.select_ruleset("ap-bawo");
  ASSERT_FALSE(unlisted);
  EXPECT_EQ(unlisted.fault().kind, FaultKind::UnsupportedRuleset);
  EXPECT_NE(unlisted.fault().message.find("does not list"), std::string::npos);
  auto refused = client.select_ruleset("guide-v2");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.fault().kind, FaultKind::UnsupportedRuleset);
  EXPECT_NE(refused.fault().message.find("not supported after all"), std::string::npos);
  EXPECT_TRUE(client.running());
  auto ok = client.select_ruleset("ap-zanzibar");
  EXPECT_TRUE(ok);
}

// Found by fuzz/targets/engine_replies: a line of exactly the limit, ended
// by CRLF, was refused as too long when its '\n' came in a later read than
// its '\r', and accepted when both came in one.
TEST(ResponseReaderTest, ALineAtTheLimitEndedByCrlfIsAcceptedHoweverItArrives) {
  const std::vector<std::string> lines{"moves"};
  const std::string line = "= A6L A6";  // 8 bytes, the limit below
  for (const bool split : {false, true}) {
    ResponseReader reader(lines, line.size());
    if (split) {
      ASSERT_FALSE(reader.feed(line + "\r")) << "refused before its '\\n' arrived";
      ASSERT_FALSE(reader.feed("\n"));
    } else {
      ASSERT_FALSE(reader.feed(line + "\r\n"));
    }
    ASSERT_TRUE(reader.complete()) << "split: " << split;
    EXPECT_EQ(reader.responses().at(0).text, "A6L A6");
    EXPECT_FALSE(reader.leftover());
  }
  // One byte more is too long either way.
  for (const bool split : {false, true}) {
    ResponseReader reader(lines, line.size());
    std::optional<ReplyProblem> p = split ? reader.feed(line + "6\r") : reader.feed(line + "6\r\n");
    if (split && !p) p = reader.feed("\n");
    ASSERT_TRUE(p) << "split: " << split;
    EXPECT_EQ(p->kind, FaultKind::Malformed);
    EXPECT_EQ(p->index, 0u);
  }
}

TEST_F(EngineClientTest, UnsolicitedLineIsExtraOutput) {
  EngineClient client(fake({"extra", k(kFaultAt)}));
  start_and_warm_up(client);
  // The extra line comes in the same write as the answer, so it is seen with
  // it or, at the latest, before the next request is sent.
  auto first = client.request("moves");
  const Fault f = first ? fault_of(client, "moves") : first.fault();
  EXPECT_EQ(f.kind, FaultKind::ExtraOutput) << describe(f);
  EXPECT_NE(f.message.find("= unsolicited"), std::string::npos) << f.message;
  survives(client);
}

TEST_F(EngineClientTest, AnExtraLineInsideABatchIsAFaultNotShiftedAnswers) {
  // The extra line follows the batch's second answer (a `moves`): the
  // `status` after it would read '= unsolicited', and every later answer
  // would belong to the request before it. The status payload's shape gives
  // it away: extra output when the displaced answer has arrived, a malformed
  // status otherwise; never a successful batch.
  EngineClient client(fake({"extra", k(kFirstRequest + 1)}));
  start(client);
  const std::vector<std::string> lines{"position start", "moves", "status",
                                       "position start", "moves", "status"};
  auto answers = client.batch(lines);
  ASSERT_FALSE(answers) << "a shifted batch was accepted";
  EXPECT_TRUE(answers.fault().kind == FaultKind::ExtraOutput ||
              answers.fault().kind == FaultKind::Malformed)
      << describe(answers.fault());
  EXPECT_EQ(answers.fault().batch_index, 2u) << describe(answers.fault());
  EXPECT_EQ(answers.fault().request, "status");
  survives(client);
}

TEST_F(EngineClientTest, APositionAnswerWithAPayloadIsAFault) {
  // `position` succeeds with an empty payload. The extra line after the
  // batch's second answer (request 5, a `moves`) lands on the `position`.
  EngineClient client(fake({"extra", k(kFaultAt)}));
  start(client);
  const std::vector<std::string> lines{"moves", "moves", "position start", "moves"};
  auto answers = client.batch(lines);
  ASSERT_FALSE(answers);
  EXPECT_EQ(answers.fault().request, "position start") << describe(answers.fault());
  EXPECT_EQ(answers.fault().batch_index, 2u) << describe(answers.fault());
  EXPECT_TRUE(answers.fault().kind == FaultKind::ExtraOutput ||
              answers.fault().kind == FaultKind::Malformed)
      << describe(answers.fault());
  survives(client);
}

TEST_F(EngineClientTest, BatchFaultNamesTheRequest) {
  // Requests 4.. are the batch; the crash at request 10 is its seventh.
  EngineClient client(fake({"crash", k(kFirstRequest + 6)}));
  start(client);
  std::vector<std::string> lines;
  for (int i = 0; i < 10; ++i) lines.push_back(i % 2 == 0 ? "moves" : "status");
  auto answers = client.batch(lines);
  ASSERT_FALSE(answers);
  EXPECT_EQ(answers.fault().kind, FaultKind::Crash);
  EXPECT_EQ(answers.fault().batch_index, 6u);
  EXPECT_EQ(answers.fault().request, "moves");
  EXPECT_NE(answers.fault().message.find("request 7 of 10"), std::string::npos)
      << answers.fault().message;
  survives(client);
}

TEST_F(EngineClientTest, DestructorStopsAHungEngine) {
  const auto t0 = Clock::now();
  {
    EngineClient client(fake({"hang-stubborn", k(kFirstRequest)}));
    start(client);
    // `quit` is request 4: it hangs there and ignores SIGTERM too.
  }
  // It was killed (else the destructor would wait for ever); how soon
  // depends on the machine's load.
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(60));
}

// The processes whose command line holds `word`.
std::vector<pid_t> processes_with(const std::string& word) {
  std::vector<pid_t> found;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return found;
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream f("/proc/" + name + "/cmdline", std::ios::binary);
    const std::string cmdline((std::istreambuf_iterator<char>(f)),
                              std::istreambuf_iterator<char>());
    if (cmdline.find(word) != std::string::npos) found.push_back(std::stoi(name));
  }
  ::closedir(dir);
  return found;
}

// An engine started by a shell that does not exec it: stopping the engine
// (after a timeout, here, with an engine that ignores SIGTERM) stops the
// shell's whole process group, so the real engine does not outlive it.
TEST_F(EngineClientTest, AnEngineBehindAShellIsStoppedWithItsGroup) {
  const std::string word = fmt::format("wrapped-{}", ::getpid());
  EngineOptions o = fake({});
  o.argv = {"/bin/sh", "-c",
            fmt::format("{} hang-stubborn {} {}; echo ended", BAO_FAKE_ENGINE, kFaultAt, word)};
  o.timeout = milliseconds(300);
  {
    EngineClient client(o);
    start_and_warm_up(client);
    EXPECT_EQ(processes_with(word).size(), 2u);  // the shell and the engine
    EXPECT_EQ(fault_of(client, "moves").kind, FaultKind::Timeout);
    EXPECT_FALSE(client.running());
  }
  // Killed processes are gone once reaped; the engine's parent, the shell,
  // is gone, so init reaps it: give it the time that takes.
  const auto deadline = Clock::now() + std::chrono::seconds(30);
  while (!processes_with(word).empty() && Clock::now() < deadline)
    std::this_thread::sleep_for(milliseconds(20));
  const std::vector<pid_t> left = processes_with(word);
  EXPECT_TRUE(left.empty()) << "left running: pid " << (left.empty() ? 0 : left[0]);
  for (const pid_t p : left) ::kill(p, SIGKILL);
}

TEST_F(EngineClientTest, RestartsLeakNothing) {
  EngineClient client(fake({"good"}));
  for (int i = 0; i < 20; ++i) {
    start_and_warm_up(client);
    ASSERT_TRUE(client.request("moves"));
  }
  EngineClient crashing(fake({"exit3", k(kFaultAt)}));
  for (int i = 0; i < 5; ++i) {
    start_and_warm_up(crashing);
    EXPECT_EQ(fault_of(crashing, "moves").kind, FaultKind::Crash);
  }
}

// The wake descriptor (an interrupt's self-pipe) ends a wait on an engine
// that has stopped answering, ignores SIGTERM and has an hour to answer;
// while it is readable no engine is started.
TEST_F(EngineClientTest, AWakeDescriptorEndsAWaitOnAHungEngine) {
  int wake[2];
  ASSERT_EQ(::pipe2(wake, O_CLOEXEC), 0);
  {
    EngineOptions o = fake({"hang-stubborn", k(kFaultAt)}, 3'600'000);
    o.wake_fd = wake[0];
    EngineClient client(o);
    start_and_warm_up(client);
    std::thread waker([&] {
      std::this_thread::sleep_for(milliseconds(200));
      ASSERT_EQ(::write(wake[1], "!", 1), 1);
    });
    const Fault f = fault_of(client, "moves");
    waker.join();
    EXPECT_EQ(f.kind, FaultKind::Interrupted) << describe(f);
    EXPECT_EQ(f.exit.signal, SIGKILL) << "SIGTERM, ignored, then SIGKILL";
    EXPECT_FALSE(client.running());
    auto again = client.start();
    ASSERT_FALSE(again);
    EXPECT_EQ(again.fault().kind, FaultKind::Interrupted) << describe(again.fault());
    EXPECT_FALSE(client.running());
  }
  ::close(wake[0]);
  ::close(wake[1]);
}

// An engine that exits while a batch far larger than a pipe is being
// written: EPIPE (SIGPIPE is ignored), then a crash fault with its status.
TEST_F(EngineClientTest, AnEngineExitingWhileABatchIsWrittenIsACrash) {
  EngineClient client(fake({"exit3", k(kFaultAt)}));
  start_and_warm_up(client);
  const std::vector<std::string> lines(50'000, "moves");  // 300 KB
  auto r = client.batch(lines);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.fault().kind, FaultKind::Crash) << describe(r.fault());
  EXPECT_EQ(r.fault().exit.code, 3) << describe(r.fault());
  survives(client);
}

// An engine gets SIGKILL when the process that started it dies, even by
// SIGKILL (no destructor runs): it cannot be left running.
TEST_F(EngineClientTest, AnEngineDiesWithTheProcessThatStartedIt) {
  int report[2];
  ASSERT_EQ(::pipe2(report, O_CLOEXEC), 0);
  const pid_t starter = ::fork();
  ASSERT_GE(starter, 0);
  if (starter == 0) {
    ::close(report[0]);
    EngineClient client(fake({"hang-stubborn", "1000000"}, 3'600'000));
    auto info = client.start();
    const pid_t engine = info ? client.pid() : -1;
    (void)!::write(report[1], &engine, sizeof engine);
    for (;;) ::pause();
  }
  ::close(report[1]);
  pid_t engine = -1;
  ASSERT_EQ(::read(report[0], &engine, sizeof engine), static_cast<ssize_t>(sizeof engine));
  ::close(report[0]);
  ASSERT_GT(engine, 0);
  ::kill(starter, SIGKILL);
  ASSERT_EQ(::waitpid(starter, nullptr, 0), starter);
  // Gone, or a zombie its new parent has yet to reap.
  const auto gone = [&] {
    std::ifstream stat("/proc/" + std::to_string(engine) + "/stat");
    std::string pid, name, state;
    return !(stat >> pid >> name >> state) || state == "Z";
  };
  const auto deadline = Clock::now() + std::chrono::seconds(30);
  while (!gone() && Clock::now() < deadline) std::this_thread::sleep_for(milliseconds(20));
  EXPECT_TRUE(gone()) << "engine " << engine << " outlived the process that started it";
  if (!gone()) ::kill(engine, SIGKILL);
}

TEST_F(EngineClientTest, SigpipeIsIgnoredInTheClientOnly) {
  EngineClient client(fake({"good"}));
  struct sigaction now {};
  ASSERT_EQ(::sigaction(SIGPIPE, nullptr, &now), 0);
  EXPECT_EQ(now.sa_handler, SIG_IGN);
}

// ---- EngineSession: the restart policy (engine_session.hpp) ---------------------

// A fake that crashes at request 6: the handshake is 1 to 3, `ruleset` 4,
// so a batch of two lines crashes at its second; after the restart a batch
// of one line is answered, under the ruleset selected again.
TEST_F(EngineClientTest, ASessionRestartsAfterAFatalFaultAndSelectsTheRulesetAgain) {
  EngineSession session(fake({"crash", k(6)}), RestartPolicy{.give_up_after = 3});
  ASSERT_TRUE(session.start());
  const std::vector<std::string> two{"position start", "moves"};
  auto first = session.batch("ap-zanzibar", two);
  ASSERT_FALSE(first);
  EXPECT_EQ(first.fault().kind, FaultKind::Crash);
  EXPECT_FALSE(session.running());
  const std::vector<std::string> one{"position start"};
  auto again = session.batch("ap-zanzibar", one);
  ASSERT_TRUE(again) << describe(again.fault());
  EXPECT_TRUE(again->front().ok);
  EXPECT_EQ(session.restarts(), 1);
  EXPECT_EQ(session.faults(), 1);
  EXPECT_EQ(session.consecutive_faults(), 0);
  EXPECT_FALSE(session.given_up());
  ASSERT_TRUE(session.last_fault());
  EXPECT_EQ(session.last_fault()->kind, FaultKind::Crash);
}

// Every restarted fake crashes at its request 5, the first of each batch.
TEST_F(EngineClientTest, ASessionGivesUpAfterTheFaultsInARowThePolicyAllows) {
  EngineSession session(fake({"crash", k(kFaultAt)}), RestartPolicy{.give_up_after = 2});
  ASSERT_TRUE(session.start());
  const std::vector<std::string> one{"moves"};
  EXPECT_EQ(session.batch("ap-zanzibar", one).fault().kind, FaultKind::Crash);
  EXPECT_EQ(session.batch("ap-zanzibar", one).fault().kind, FaultKind::Crash);
  EXPECT_TRUE(session.given_up());
  for (int i = 0; i < 3; ++i) {
    auto r = session.batch("ap-zanzibar", one);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.fault().kind, FaultKind::NotRunning);
    EXPECT_NE(r.fault().message.find("not restarted after 2 faults in a row"), std::string::npos)
        << r.fault().message;
  }
  EXPECT_EQ(session.restarts(), 1);
  EXPECT_EQ(session.faults(), 2);
}

TEST_F(EngineClientTest, ASessionThatNeverGivesUpRestartsForEveryBatch) {
  EngineSession session(fake({"crash", k(kFaultAt)}), RestartPolicy{.give_up_after = 0});
  ASSERT_TRUE(session.start());
  const std::vector<std::string> one{"moves"};
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(session.batch("ap-zanzibar", one).fault().kind, FaultKind::Crash);
  EXPECT_FALSE(session.given_up());
  EXPECT_EQ(session.restarts(), 4);
  EXPECT_EQ(session.faults(), 5);
  EXPECT_EQ(session.consecutive_faults(), 5);
}

// A refused ruleset is an answer: the engine keeps running, nothing is
// restarted, and the faults in a row start again from none.
TEST_F(EngineClientTest, ASessionTakesARefusedRulesetAsAnAnswerNotABreakdown) {
  EngineSession session(fake({"refuse-ruleset"}), RestartPolicy{.give_up_after = 1});
  ASSERT_TRUE(session.start());
  const std::vector<std::string> one{"moves"};
  for (int i = 0; i < 3; ++i) {
    auto refused = session.batch("guide-v2", one);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.fault().kind, FaultKind::UnsupportedRuleset);
  }
  EXPECT_TRUE(session.running());
  EXPECT_FALSE(session.given_up());
  auto ok = session.batch("ap-zanzibar", one);
  ASSERT_TRUE(ok) << describe(ok.fault());
  EXPECT_EQ(session.restarts(), 0);
  EXPECT_EQ(session.faults(), 3);
}

}  // namespace
}  // namespace bao::protocol
