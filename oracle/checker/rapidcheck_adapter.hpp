// The checker's one door into RapidCheck's internals (rc::detail): a game
// is RapidCheck's single test case, drawn with its generators
// (generate.cpp) from a seed that depends only on the run's seed and the
// game's number, so that game G is the same game in every process. Not for
// use outside oracle/checker/.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "oracle/checker/internal.hpp"

namespace bao::check::detail {

// Game `g` of a run with `seed`, as the run's first pass draws it (no
// shrinking): a probe round's game, which `--given ... --game G` replays.
Game draw_game(const Ruleset& rules, const std::vector<Position>& corpus, const Position* planned,
               std::uint64_t seed, std::uint64_t g);

// Runs `property` as RapidCheck's one case for game `g` of `seed`; while it
// fails (calls fail_case()), RapidCheck shrinks what it drew and runs it
// again. Whether the case failed, and the shrink steps it accepted.
struct CaseResult {
  bool failed = false;
  int shrinks = 0;
};
CaseResult run_case(std::uint64_t seed, std::uint64_t g, const std::function<void()>& property);

// Inside `property`: the case fails, for `why`.
[[noreturn]] void fail_case(const std::string& why);

}  // namespace bao::check::detail
