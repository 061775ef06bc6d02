// Stage 2, a game played and, when it fails, shrunk (docs/checker.md, "How
// deviations are found"): the game is RapidCheck's one case
// (rapidcheck_adapter.hpp); a run that ends in an unexplained difference or
// a protocol fault fails the case, and RapidCheck shrinks the game (its
// start toward the ruleset's start, its choices toward simpler ones)
// while the smaller game still fails, within kShrinkEvaluations runs and
// kShrinkRequests engine requests: a budget in steps, never in seconds, so
// that a seed gives the same witness on any machine under any load.
#include <fmt/format.h>

#include <algorithm>

#include "oracle/checker/rapidcheck_adapter.hpp"
#include "oracle/checker/stages.hpp"

namespace bao::check::detail {
namespace {

// The shrinking budget of one failing game.
constexpr int kShrinkEvaluations = 3000;
constexpr std::uint64_t kShrinkRequests = 20000;

}  // namespace

PlayedGame play_and_shrink(const RunContext& run, GameMemory& memory,
                           const std::vector<Position>& corpus, const Position* planned,
                           std::uint64_t g, const std::vector<Finding>& known,
                           const std::function<void()>& progress) {
  PlayedGame played;
  bool known_group = false;     // its unexplained difference is a group already shrunk
  std::optional<Finding> last;  // the last failing evaluation is the shrunk one
  // Shrinking stops after a budget of evaluations and requests: past it,
  // every further candidate "passes", so RapidCheck keeps the smallest so
  // far.
  int evaluations = 0;
  const std::uint64_t followup_before = run.stats.followup_requests;
  auto property = [&] {
    if (last && (++evaluations > kShrinkEvaluations ||
                 run.stats.followup_requests - followup_before > kShrinkRequests || run.stopping()))
      return;
    if (!played.began && run.stopping()) return;
    const Game game = generate_game(run.rules, corpus, planned);
    GameOutcome out =
        play_game(run, memory, game, played.began ? Pass::Shrink : Pass::First, run.initial);
    progress();
    if (!played.began) {
      played.began = true;
      played.first = out;
      // A difference of a group already found and shrunk is counted, not
      // shrunk again (shrinking replays the game up to thousands of times).
      if (out.failure && out.failure->kind != FindingKind::ProtocolFault) {
        const std::string key = group_key(*out.failure);
        known_group = std::any_of(known.begin(), known.end(),
                                  [&](const Finding& f) { return group_key(f) == key; });
        if (known_group) {
          last = std::move(out.failure);
          return;
        }
      }
    }
    if (out.failure) {
      last = std::move(out.failure);
      fail_case(fmt::format("{} at {}", to_string(last->kind), last->position));
    }
  };
  const CaseResult outcome = run_case(run.options.seed, g, property);
  played.shrinks = outcome.shrinks;
  if ((outcome.failed || known_group) && last) played.failure = std::move(last);
  return played;
}

}  // namespace bao::check::detail
