// The self-play search of `check` (docs/checker.md, "Evidence before a
// name"): positions a game of the ruleset reaches from its start, found by
// the oracle's own play, where a switch changes the text's answer. It costs
// the oracle, not the engine; this measures how many such reachable
// positions it finds per second on one core, for a switch that shows often
// and one that shows rarely. Run: build/dev/tests/bao_bench
// --benchmark_filter=self_play
#include <benchmark/benchmark.h>

#include "oracle/checker/stages.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"

namespace {

using namespace bao;

void self_play(benchmark::State& state, const char* ruleset, const char* switch_id) {
  const Ruleset& rules = *find_ruleset(ruleset);
  const auto s = find_switch(rules, switch_id);
  if (!s) {
    state.SkipWithError("no such switch in the ruleset");
    return;
  }
  const Ruleset with = apply_switches(rules, std::span<const Switch>(&*s, 1)).value();
  std::uint64_t found = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    // As the confirm stage asks: up to eight positions, each from its own
    // game of at most 160 plies, 60 games at most.
    const auto reached = check::detail::apart_in_play(rules, with, rules, 8, seed++);
    benchmark::DoNotOptimize(reached.data());
    found += reached.size();
  }
  state.counters["found per search"] =
      static_cast<double>(found) / static_cast<double>(state.iterations());
  state.counters["reachable positions/s"] =
      benchmark::Counter(static_cast<double>(found), benchmark::Counter::kIsRate);
}

// Shows at most capture positions of the mtaji phase.
BENCHMARK_CAPTURE(self_play, zanzibar_capture_optional, "ap-zanzibar", "capture-optional")
    ->Unit(benchmark::kMillisecond);
// Shows only where a block is set or cleared by a capture.
BENCHMARK_CAPTURE(self_play, bawo_block_survives_capture, "ap-bawo", "block-survives-capture")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(self_play, guide_no_immediate_end, "guide-v2", "guide-no-immediate-end")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(self_play, ludii_kichwa_outward_free, "ludii", "ludii-kichwa-outward-free")
    ->Unit(benchmark::kMillisecond);
// Shows only where a move is cut off as endless: the search of 60 games
// seldom finds one, so the plan searches 3,000 (Plan::kSweepSelfPlay).
BENCHMARK_CAPTURE(self_play, ludii_cutoff_ignored, "ludii", "cutoff-ignored")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(self_play, maasai_capture_takes_lander, "site-maasai",
                  "site-capture-takes-lander")
    ->Unit(benchmark::kMillisecond);

}  // namespace
