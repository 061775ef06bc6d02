// The checker's use of RapidCheck's internals (rapidcheck_adapter.hpp).
#include "oracle/checker/rapidcheck_adapter.hpp"

#include <rapidcheck.h>

#include <iostream>

namespace bao::check::detail {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    if (accepted) ++shrinks;
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
  int shrinks = 0;
};

// RapidCheck's parameters for game `g` of a run with `seed`: one case,
// the same in every process.
rc::detail::TestParams game_params(std::uint64_t seed, std::uint64_t g) {
  rc::detail::TestParams params;
  params.seed = splitmix64(seed ^ splitmix64(g));
  params.maxSuccess = 1;
  params.maxSize = 100;
  return params;
}

// RapidCheck announces its configuration on std::cerr when it first loads
// it; the checker's output is its own.
struct MuteCerr {
  std::streambuf* kept = std::cerr.rdbuf(nullptr);
  MuteCerr() = default;
  MuteCerr(const MuteCerr&) = delete;
  MuteCerr& operator=(const MuteCerr&) = delete;
  ~MuteCerr() { std::cerr.rdbuf(kept); }
};

}  // namespace

Game draw_game(const Ruleset& rules, const std::vector<Position>& corpus, const Position* planned,
               std::uint64_t seed, std::uint64_t g) {
  Game game;
  run_case(seed, g, [&] { game = generate_game(rules, corpus, planned); });
  return game;
}

CaseResult run_case(std::uint64_t seed, std::uint64_t g, const std::function<void()>& property) {
  SilentListener listener;
  MuteCerr mute;
  const auto outcome = rc::detail::checkTestable(property, rc::detail::TestMetadata{},
                                                 game_params(seed, g), listener);
  rc::detail::FailureResult failure;
  return {outcome.match(failure), listener.shrinks};
}

void fail_case(const std::string& why) {
  RC_FAIL(why);
}

}  // namespace bao::check::detail
