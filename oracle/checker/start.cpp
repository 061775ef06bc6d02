// Stage 0, the start (docs/checker.md, "The engine's own start"): before
// any game, the engine's own start position of the ruleset (`position
// start`, then `show`) is compared with the ruleset's. Every game sets its
// positions with `position BPN`, so an engine whose start is wrong would
// otherwise pass the set-up rule unseen.
#include <fmt/format.h>

#include "oracle/checker/stages.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {

ClauseId setup_clause(const Ruleset& rules) {
  for (const ClauseId id : rules.clauses) {
    const Clause& c = clause_info(id);
    if (c.kind == ClauseKind::Rule && c.name.find("setup") != std::string_view::npos) return id;
  }
  return rules.clauses.empty() ? ClauseId::None : rules.clauses.front();
}

std::optional<Finding> compare_start(const RunContext& run) {
  // Asked by every process of a run split into shards: follow-up, which
  // depends on the split, not the games' own requests, which add up.
  Questions questions = run.questions(Charge::GameFollowUp);
  if (questions.spent() || questions.stopping()) return std::nullopt;
  const LineAnswer a = questions.ask_line({});
  // A fault shows again at the first position a game asks; a probe that
  // plays no lines, or an engine that refuses `position start`, is not
  // compared here (its games still are).
  if (a.fault || !a.representable) return std::nullopt;
  const Position start = start_position(run.rules);
  const std::string expected = to_bpn(start);
  const auto d = position_difference(
      start, false, a.start,
      Difference{FindingKind::DifferentStart, "", expected, a.start, NotationKind::None, ""});
  if (!d || d->notation != NotationKind::None) return std::nullopt;
  Finding f;
  f.kind = FindingKind::DifferentStart;
  f.ruleset = std::string(run.rules.id);
  f.seed = run.options.seed;
  f.start = "start";
  f.origin = "start";
  f.position = expected;
  f.found_at = expected;
  f.expected = expected;
  f.actual = a.start;
  f.clauses = {std::string(clause_name(setup_clause(run.rules)))};
  f.departure = "the engine's `show` after `position start`";
  f.departure_firm = true;
  f.oracle_status = to_string(status(run.rules, start));
  for (const Move& m : legal_moves(run.rules, start))
    f.oracle_moves.push_back(move_to_string(m, start.to_move));
  f.seeds = f.found_seeds = start.total_seeds();
  f.given = run.options.given;
  return f;
}

}  // namespace bao::check::detail
