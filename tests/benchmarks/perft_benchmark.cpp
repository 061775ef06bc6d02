// Perft speed of the oracle, tracing off: leaf nodes per second from the start
// position and from mid-game positions (reached by random play; they are
// inputs, not expected values). Run: build/release/tests/bao_bench
#include <benchmark/benchmark.h>

#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"

namespace {

using namespace bao;

void run_perft(benchmark::State& state, const char* ruleset, const char* bpn, int depth) {
  const Ruleset& rules = *find_ruleset(ruleset);
  const Position pos =
      std::string_view(bpn) == "start" ? start_position(rules) : parse_bpn(bpn).value();
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const std::uint64_t n = perft(rules, pos, depth);
    benchmark::DoNotOptimize(n);
    nodes += n;
  }
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

// Kunamua from the start: short turns, few moves per position.
BENCHMARK_CAPTURE(run_perft, zanzibar_start_d9, "ap-zanzibar", "start", 9)
    ->Unit(benchmark::kMillisecond);
// Kunamua, 20 plies in: captures and house questions.
BENCHMARK_CAPTURE(run_perft, zanzibar_kunamua_mid_d7, "ap-zanzibar",
                  "S 0,5,3,3,2,1,4,0/2,0,2,2,0,3,0,4 3,1,1,0,4,0,0,0/0,0,0,0,0,0,0,0 hand=12,12", 7)
    ->Unit(benchmark::kMillisecond);
// Just after the reserves run out: mtaji phase, long relays.
BENCHMARK_CAPTURE(run_perft, zanzibar_mtaji_44_d8, "ap-zanzibar",
                  "S 2,3,4,2,2,0,5,1/2,1,6,2,4,1,2,2 1,0,5,0,7,0,3,1/1,1,1,1,1,1,1,1", 8)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, zanzibar_mtaji_60_d8, "ap-zanzibar",
                  "S 0,3,11,2,0,0,9,1/1,0,2,2,2,1,3,7 1,1,1,3,2,1,2,2/0,3,0,2,0,1,0,1", 8)
    ->Unit(benchmark::kMillisecond);

// The other rulesets from their start positions.
BENCHMARK_CAPTURE(run_perft, malawi_setup_start_d9, "ap-malawi-setup", "start", 9)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, bawo_start_d9, "ap-bawo", "start", 9)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, kujifunza_start_d4, "ap-kujifunza", "start", 4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, guide_v2_start_d9, "guide-v2", "start", 9)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, guide_r002_start_d9, "guide-r002", "start", 9)
    ->Unit(benchmark::kMillisecond);
// The play site's Kiswahili from its start, and from a mid-game mtaji
// position with both houses standing (its Mid-game daily starts from such
// positions; an input, not an expected value).
BENCHMARK_CAPTURE(run_perft, site_kiswahili_start_d9, "site-kiswahili", "start", 9)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, site_kiswahili_midgame_d6, "site-kiswahili",
                  "S 2,3,4,2,7,0,5,1/2,1,6,2,4,1,2,2 1,0,5,0,7,0,3,1/1,1,1,1,1,1,1,1 house=A5,a5",
                  7)
    ->Unit(benchmark::kMillisecond);
// Ludii's description from its start.
BENCHMARK_CAPTURE(run_perft, ludii_start_d10, "ludii", "start", 10)->Unit(benchmark::kMillisecond);
// The guide's E30 position (scenarios/guide/guide.yaml), takasia in play.
BENCHMARK_CAPTURE(run_perft, guide_v2_e30_d5, "guide-v2",
                  "S 0,2,0,0,0,0,2,0/0,0,2,2,0,2,6,4 1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0", 5)
    ->Unit(benchmark::kMillisecond);

// The play site's single-lap variants from the all-twos start: every move is
// a relay of up to 21 seeds (site-maasai, site-long-game) or 2..21 (site-bank).
BENCHMARK_CAPTURE(run_perft, site_bank_start_d5, "site-bank", "start", 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, site_maasai_start_d5, "site-maasai", "start", 5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_perft, site_long_game_start_d5, "site-long-game", "start", 5)
    ->Unit(benchmark::kMillisecond);
// Maasai 20 plies in (reached by random play; an input, not an expected value).
BENCHMARK_CAPTURE(run_perft, site_maasai_mid_d5, "site-maasai",
                  "S 1,1,0,1,0,1,0,2/0,0,3,0,2,8,2,0 0,1,0,1,9,2,0,1/2,3,1,0,1,0,2,0 store=9,11 "
                  "quiet=5",
                  5)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
