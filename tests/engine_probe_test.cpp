// The one engine interface (oracle/protocol/probe.hpp) and its external
// adapter, EngineProbe: the scenario suite run through the protocol against
// `bao-oracle engine` (all pass, the report word for word the in-process
// oracle's) and against a mutant engine (caught); the two adapters giving
// the same answers to the same batches; faults turned into answers that say
// so, with the engine restarted; and `bao-oracle scenarios --engine` end to
// end.
#include "oracle/protocol/engine_probe.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/catalog/mutation.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/scenario/scenario.hpp"
#include "tests/subprocess_support.hpp"

namespace bao::protocol {
namespace {
using std::chrono::milliseconds;

// The whole suite must pass through the protocol; the tests that expect
// failures use Abstract Play's scenarios only, which the mutant breaks.
const std::string kScenarios = std::string(BAO_SOURCE_DIR) + "/scenarios";
const std::string kApScenarios = kScenarios + "/abstract_play";
const std::string kMutant = "capture-needs-three";
const std::string kStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

EngineOptions engine_options(std::vector<std::string> argv, int timeout_ms = 2000) {
  EngineOptions o;
  o.argv = std::move(argv);
  o.timeout = milliseconds(timeout_ms);
  o.kill_grace = milliseconds(100);
  return o;
}

EngineOptions fake(const std::vector<std::string>& args, int timeout_ms = 400) {
  std::vector<std::string> argv{BAO_FAKE_ENGINE};
  argv.insert(argv.end(), args.begin(), args.end());
  return engine_options(argv, timeout_ms);
}

EngineOptions protocol_engine() {
  return engine_options({BAO_ORACLE_BIN, "engine"});
}

struct SuiteRun {
  int code = -1;
  std::string out;
  std::string err;
};

SuiteRun run_suite(Probe& engine, const std::string& path = kScenarios) {
  SuiteRun r;
  std::ostringstream out, err;
  r.code = scenario::run_scenarios_command({path}, {}, engine, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The scenario runner's questions (oracle/scenario/runner.cpp), each a batch.
Batch moves_of(const std::string& bpn) {
  return Batch{.bpn = bpn, .status = false};
}
Batch status_of(const std::string& bpn) {
  return Batch{.bpn = bpn, .moves = false};
}
Batch play_of(const std::string& bpn, const std::string& move) {
  return Batch{.bpn = bpn,
               .status = false,
               .moves = false,
               .plays = {move},
               .status_after = false,
               .trace = true};
}

TEST(EngineProbe, ScenarioSuitePassesAgainstTheOracleEngine) {
  auto engine = EngineProbe::for_scenarios(protocol_engine());
  auto info = engine->start();
  ASSERT_TRUE(info) << info.error().message;
  EXPECT_EQ(engine->name().rfind("bao-oracle ", 0), 0u);
  const SuiteRun r = run_suite(*engine);
  // Through the protocol, the report is the oracle's own, word for word.
  auto oracle = oracle_probe();
  std::ostringstream in_process, ignored;
  scenario::run_scenarios_command({kScenarios}, {}, *oracle, in_process, ignored);
  EXPECT_EQ(r.out, in_process.str());
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" 0 failed"), std::string::npos) << r.out;
  EXPECT_EQ(engine->faults(), 0);
}

TEST(EngineProbe, MutantEngineIsCaught) {
  ASSERT_NE(find_mutant(kMutant), nullptr);
  auto engine =
      EngineProbe::for_scenarios(engine_options({BAO_ORACLE_BIN, "engine", "--mutant", kMutant}));
  ASSERT_TRUE(engine->start());
  const SuiteRun r = run_suite(*engine, kApScenarios);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out.find(" 0 failed"), std::string::npos) << r.out;
}

TEST(EngineProbe, AnswersAsTheProtocolWritesThem) {
  auto engine = EngineProbe::for_scenarios(protocol_engine());
  ASSERT_TRUE(engine->start());
  EXPECT_TRUE(engine->select("ap-zanzibar"));
  EXPECT_FALSE(engine->select("no-such-ruleset"));
  ASSERT_TRUE(engine->select("ap-zanzibar"));
  const PositionAnswer start =
      engine->ask(Batch{.bpn = "start", .show = true, .status = false, .moves = false});
  EXPECT_EQ(start.shown, kStart);
  EXPECT_EQ(start.requests, 2);
  EXPECT_EQ(engine->ask(moves_of(kStart)).moves,
            (std::vector<std::string>{"A6L", "A6R", "A7L", "A7R"}));
  const PositionAnswer played = engine->ask(play_of(kStart, "A6L"));
  ASSERT_EQ(played.plays.size(), 1u);
  EXPECT_EQ(played.requests, 3);  // position, play, trace
  EXPECT_EQ(played.plays[0].bpn.substr(0, 2), "N ");
  ASSERT_TRUE(played.plays[0].trace.has_value());
  ASSERT_FALSE(played.plays[0].trace->empty());
  EXPECT_EQ(played.plays[0].trace->front().text, "place A6");
  EXPECT_EQ(engine->ask(status_of(kStart)).status, "ongoing");
  // A refusal is an answer that says so, not a fault.
  const PositionAnswer illegal = engine->ask(play_of(kStart, "A1L"));
  ASSERT_EQ(illegal.plays.size(), 1u);
  EXPECT_FALSE(illegal.plays[0].accepted);
  EXPECT_FALSE(illegal.plays[0].refusal.empty());
  const PositionAnswer bad_position = engine->ask(moves_of("S 1,2"));
  EXPECT_FALSE(bad_position.representable);
  EXPECT_FALSE(bad_position.refusal.empty());
  // A line break would split a request: the batch is not sent.
  EXPECT_FALSE(engine->ask(moves_of(kStart + "\nquit")).not_sent.empty());
  EXPECT_EQ(engine->faults(), 0);
}

// The oracle in the process and `bao-oracle engine` over the protocol are
// two adapters of one interface: the same batch gets the same answer from
// both, at positions of random play in every ruleset (traces alike but for
// the clause ids, which only the oracle in the process knows).
TEST(EngineProbe, TheTwoAdaptersAnswerABatchAlike) {
  auto engine = EngineProbe::for_scenarios(protocol_engine());
  ASSERT_TRUE(engine->start());
  auto oracle = oracle_probe();
  std::mt19937_64 rng(11);
  int compared = 0;
  for (const Ruleset* rules : all_rulesets()) {
    ASSERT_TRUE(engine->select(rules->id)) << rules->id;
    ASSERT_TRUE(oracle->select(rules->id)) << rules->id;
    for (int i = 0; i < 6; ++i) {
      const Position pos = random_play(*rules, start_position(*rules), int(rng() % 40), rng);
      const std::string bpn = to_bpn(pos);
      std::vector<std::string> plays;
      for (const Move& m : legal_moves(*rules, pos))
        plays.push_back(move_to_string(m, pos.to_move));
      plays.push_back("Z9Q");  // no move: refused by both
      for (const Batch& b : {Batch{.bpn = bpn, .show = true, .plays = plays, .trace = true},
                             moves_of(bpn), status_of(bpn)}) {
        PositionAnswer mine = oracle->ask(b);
        const PositionAnswer theirs = engine->ask(b);
        for (MoveAnswer& m : mine.plays) {
          if (m.trace)
            for (TraceItem& item : *m.trace) item.clause.clear();
          // The refusal's words are each adapter's own; that it refused is not.
          if (!m.accepted) m.refusal = theirs.plays.at(&m - mine.plays.data()).refusal;
        }
        EXPECT_EQ(mine, theirs) << rules->id << " " << bpn;
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 3 * 6 * 10);
  EXPECT_EQ(engine->faults(), 0);
}

TEST(EngineProbe, RefusedRulesetsAreNotPlayed) {
  auto engine = EngineProbe::for_scenarios(fake({"refuse-ruleset"}));
  ASSERT_TRUE(engine->start());
  EXPECT_TRUE(engine->select("ap-zanzibar"));
  EXPECT_FALSE(engine->select("guide-v2")) << "listed, but refused when selected";
  EXPECT_FALSE(engine->select("ap-bawo")) << "not listed";
  ASSERT_TRUE(engine->select("ap-zanzibar"));
  EXPECT_EQ(engine->ask(moves_of(kStart)).moves.size(), 4u);
  EXPECT_EQ(engine->faults(), 0);
}

// A crash or a hang costs the batch it happens in; the next batch restarts
// the engine and works.
TEST(EngineProbe, FaultsAreAnswersAndTheEngineIsRestarted) {
  for (const char* mode : {"crash", "hang", "garbage"}) {
    SCOPED_TRACE(mode);
    auto engine = EngineProbe::for_scenarios(fake({mode, "40"}, 300));
    ASSERT_TRUE(engine->start());
    ASSERT_TRUE(engine->select("ap-zanzibar"));
    std::optional<Fault> fault;
    for (int i = 0; i < 40 && !fault; ++i) fault = engine->ask(moves_of(kStart)).fault;
    ASSERT_TRUE(fault) << "the fake never misbehaved";
    ASSERT_TRUE(engine->last_fault());
    const FaultKind want = std::string(mode) == "crash"  ? FaultKind::Crash
                           : std::string(mode) == "hang" ? FaultKind::Timeout
                                                         : FaultKind::Malformed;
    EXPECT_EQ(fault->kind, want) << describe(*fault);
    EXPECT_EQ(engine->last_fault()->kind, want);
    const PositionAnswer after = engine->ask(moves_of(kStart));
    EXPECT_FALSE(after.fault) << describe(*after.fault);
    EXPECT_EQ(after.moves.size(), 4u);
    EXPECT_EQ(engine->restarts(), 1);
    EXPECT_EQ(engine->faults(), 1);
  }
}

TEST(EngineProbe, GivesUpOnAnEngineThatKeepsFailing) {
  auto engine = EngineProbe::for_scenarios(fake({"exit-at-start"}), RestartPolicy{3});
  EXPECT_FALSE(engine->start());
  for (int i = 0; i < 10; ++i) {
    const PositionAnswer a = engine->ask(status_of(kStart));
    EXPECT_TRUE(a.fault || !a.not_sent.empty()) << "answered after the engine failed to start";
    EXPECT_TRUE(a.status.empty());
  }
  EXPECT_EQ(engine->faults(), 3);
  EXPECT_EQ(engine->restarts(), 2);
  EXPECT_EQ(engine->last_fault()->kind, FaultKind::Crash);
}

// The checker's probe: one ruleset, the client's line limit, and restarts
// however many faults came before.
TEST(EngineProbe, TheCheckersProbePlaysOneRulesetAndNeverGivesUp) {
  EngineStart started = start_engine_probe(fake({"crash", "12"}, 300), "ap-zanzibar");
  ASSERT_TRUE(started.probe) << describe(*started.fault);
  Probe& probe = *started.probe;
  EXPECT_TRUE(probe.select("ap-zanzibar"));
  EXPECT_FALSE(probe.select("ap-bawo"));
  int faults = 0, answered = 0;
  for (int i = 0; i < 30; ++i) {
    const PositionAnswer a = probe.ask(kStart, {"A6L"});
    if (a.fault) {
      ++faults;
    } else {
      ++answered;
      EXPECT_EQ(a.requests, 6);  // position, status, moves; position, play, status
      EXPECT_EQ(a.moves.size(), 4u);
    }
  }
  // The fake crashes at its 12th request after each start: the handshake
  // and the ruleset take 4, so every other batch of 6 crashes.
  EXPECT_EQ(faults, 15);
  EXPECT_EQ(answered, 15);
  // One that crashes at the first batch after every start is restarted for
  // every batch: a crash each time, never the policy giving up.
  EngineStart failing = start_engine_probe(fake({"crash", "5"}, 300), "ap-zanzibar");
  ASSERT_TRUE(failing.probe) << describe(*failing.fault);
  for (int i = 0; i < 6; ++i) {
    const PositionAnswer a = failing.probe->ask(kStart, {});
    ASSERT_TRUE(a.fault);
    EXPECT_EQ(a.fault->kind, FaultKind::Crash) << describe(*a.fault);
  }
  EXPECT_EQ(failing.probe->restarts(), 5);
  const EngineStart missing = start_engine_probe(fake({"good"}), "no-such-ruleset");
  EXPECT_FALSE(missing.probe);
  ASSERT_TRUE(missing.fault);
  EXPECT_EQ(missing.fault->kind, FaultKind::UnsupportedRuleset);
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
}  // namespace bao::protocol
