// Protocol throughput: requests per second that the engine client gets
// through `bao-oracle engine`, one request at a time (a round trip each) and
// pipelined in batches. The counter `requests/s` is the number to read;
// `engine_us/request` is the engine's own CPU time per request and the CPU
// column the client's (per batch), which bound the rate on an idle machine.
// Run: build/release/tests/bao_protocol_bench
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/protocol/engine_client.hpp"

namespace {

using namespace bao::protocol;

const std::string kStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

EngineOptions oracle_engine() {
  EngineOptions options;
  options.argv = {BAO_ORACLE_BIN, "engine"};
  options.timeout = std::chrono::milliseconds(10'000);
  return options;
}

EngineClient& engine() {
  static EngineClient client(oracle_engine());
  if (!client.running()) {
    auto info = client.start();
    if (!info) std::fprintf(stderr, "%s\n", describe(info.fault()).c_str());
  }
  return client;
}

// The CPU time the engine process has used so far, in seconds (utime and
// stime from /proc/PID/stat), or a negative number when unreadable. Wall time
// depends on what else the machine runs; CPU time per request does not much.
double engine_cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  double ticks = 0;
  // Fields 3..15 follow the command; utime and stime are fields 14 and 15.
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i >= 14) ticks += std::stod(field);
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

void count_engine_cpu(benchmark::State& state, double cpu_before, std::int64_t done) {
  const double cpu = engine_cpu_seconds(engine().pid()) - cpu_before;
  if (cpu_before >= 0 && done > 0)
    state.counters["engine_us/request"] = cpu * 1e6 / static_cast<double>(done);
}

void run_batches(benchmark::State& state, const std::vector<std::string>& requests) {
  EngineClient& client = engine();
  const double cpu_before = engine_cpu_seconds(client.pid());
  std::int64_t done = 0;
  for (auto _ : state) {
    auto answers = client.batch(requests);
    if (!answers) {
      state.SkipWithError(describe(answers.fault()).c_str());
      break;
    }
    benchmark::DoNotOptimize(answers->data());
    done += static_cast<std::int64_t>(requests.size());
  }
  state.counters["requests/s"] =
      benchmark::Counter(static_cast<double>(done), benchmark::Counter::kIsRate);
  count_engine_cpu(state, cpu_before, done);
}

// `moves` from the start position, `range(0)` requests per batch.
void pipelined_moves(benchmark::State& state) {
  std::vector<std::string> requests{"ruleset ap-zanzibar"};
  while (requests.size() < static_cast<std::size_t>(state.range(0))) requests.emplace_back("moves");
  run_batches(state, requests);
}
BENCHMARK(pipelined_moves)->Arg(1)->Arg(16)->Arg(256)->Arg(4096)->UseRealTime();

// What the scenario runner and the fuzzer send: position, moves, play, trace.
void pipelined_play(benchmark::State& state) {
  std::vector<std::string> requests{"ruleset ap-zanzibar"};
  while (requests.size() < static_cast<std::size_t>(state.range(0))) {
    requests.push_back("position " + kStart);
    requests.emplace_back("moves");
    requests.emplace_back("play A6L");
    requests.emplace_back("trace");
  }
  run_batches(state, requests);
}
BENCHMARK(pipelined_play)->Arg(4)->Arg(256)->Arg(4096)->UseRealTime();

// One request at a time: each waits for its answer before the next is sent.
void round_trip(benchmark::State& state) {
  EngineClient& client = engine();
  const double cpu_before = engine_cpu_seconds(client.pid());
  std::int64_t done = 0;
  for (auto _ : state) {
    auto answer = client.request("moves");
    if (!answer) {
      state.SkipWithError(describe(answer.fault()).c_str());
      break;
    }
    ++done;
  }
  state.counters["requests/s"] =
      benchmark::Counter(static_cast<double>(done), benchmark::Counter::kIsRate);
  count_engine_cpu(state, cpu_before, done);
}
BENCHMARK(round_trip)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
