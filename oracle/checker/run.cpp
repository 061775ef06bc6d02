// run_check(): a `check` run as its stages (stages.hpp lists them, and
// docs/checker.md tells what each does): the model the games start from,
// the plan, the games (each played, diagnosed and shrunk), the probe rounds,
// the groups joined, settling, minimising, the reachability of the
// witnesses and the report's order.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include "oracle/checker/check.hpp"
#include "oracle/checker/probe_rounds.hpp"
#include "oracle/checker/stages.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::check {

using namespace detail;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The switches named `ids` (what `what` calls them, for the error).
Expected<std::vector<Switch>> switches_of(const Ruleset& rules, const std::vector<std::string>& ids,
                                          std::string_view what) {
  std::vector<Switch> out;
  for (const std::string& id : ids) {
    auto s = find_switch(rules, id);
    if (!s)
      return Error{fmt::format("{} '{}' is no switch of {} (see bao-oracle switches {})", what, id,
                               rules.id, rules.id)};
    out.push_back(*s);
  }
  return out;
}

// The model the games start from: the accepted deviations, and the --given
// switches modelled as the accepted ones are, not accepted.
Expected<Model> initial_model(const Ruleset& rules, const CheckOptions& options) {
  auto accepted = switches_of(rules, options.accepted, "accepted deviation");
  if (!accepted) return accepted.error();
  auto given = switches_of(rules, options.given, "given switch");
  if (!given) return given.error();
  std::vector<Switch> all = *accepted;
  for (const Switch& s : *given)
    if (std::none_of(all.begin(), all.end(), [&](const Switch& a) { return a.id == s.id; }))
      all.push_back(s);
  auto m = plain_model(rules).with(all);
  if (!m)
    return Error{fmt::format("the {} switches cannot be combined: {}",
                             options.given.empty() ? "accepted" : "accepted and given",
                             apply_switches(rules, all).error().message)};
  return *m;
}

Expected<std::vector<Position>> corpus_positions(const Ruleset& rules,
                                                 const std::vector<std::string>& corpus) {
  std::vector<Position> out;
  for (const std::string& bpn : corpus) {
    auto p = parse_bpn(bpn);
    if (!p) return Error{fmt::format("corpus position '{}': {}", bpn, p.error().message)};
    auto valid = validate_for_ruleset(rules, *p);
    if (!valid) return Error{fmt::format("corpus position '{}': {}", bpn, valid.error().message)};
    out.push_back(*valid);
  }
  return out;
}

// Whether game `g` is one this process plays, and whether the run goes on:
// nullopt once the run ends before game `g` (game count, time, budget, an
// interruption, --stop-after).
std::optional<bool> plays_game(const RunContext& run, std::uint64_t g, Clock::time_point t0) {
  const CheckOptions& options = run.options;
  if (options.only_game) {
    if (g != *options.only_game) return std::nullopt;
  } else if (options.time_limit > 0) {
    if (seconds_since(t0) >= options.time_limit) return std::nullopt;
  } else if (g >= options.games) {
    return std::nullopt;
  }
  if (run.questions(Charge::FirstRun).spent() || run.stopping()) return std::nullopt;
  if (!options.only_game && g % options.shard_count != options.shard_index) return false;
  if (run.stats.failing_games >= options.max_findings || options.shared_stop(run.stats)) {
    run.stats.stop_after = options.max_findings;
    return std::nullopt;
  }
  return true;
}

// Whether `f.line`, played from the ruleset's start under the rule text,
// reaches the position where the game met `f`.
bool line_reaches(const Ruleset& rules, const Finding& f) {
  return f.start == "start" &&
         detail::line_leads_to(rules, start_position(rules), f.line, f.found_at);
}

// What game `g` found, added to the run's groups.
void record_game(CheckResult& result, PlayedGame& played, std::uint64_t g, double now,
                 std::map<std::string, std::uint64_t>& shows) {
  const std::uint64_t seed = result.options.seed;
  // A failing game: one that found something a game of the ruleset
  // reaches (what shows only on boards no game reaches does not fail the
  // run, and so does not count towards --stop-after).
  const Ruleset& rules = *find_ruleset(result.options.ruleset);
  auto counts = [&](const Finding& f) {
    return result.options.strict_reachability || reachable(f) || line_reaches(rules, f);
  };
  if ((played.failure && counts(*played.failure)) ||
      std::any_of(played.first.deviations.begin(), played.first.deviations.end(),
                  [&](const Deviation& d) { return counts(d.witness); }))
    ++result.stats.failing_games;
  for (Deviation& d : played.first.deviations) {
    d.witness.seed = seed;
    d.witness.game = g;
    d.witness.seconds = now;
    d.found_after = result.stats.requests + result.stats.followup_requests;
    add_deviation(result.deviations, std::move(d));
  }
  for (const auto& [id, n] : played.first.shows) shows[id] += n;
  for (NotationFinding& n : played.first.notation) {
    n.example.seed = seed;
    n.example.game = g;
    n.example.seconds = now;
    add_notation(result.notation, std::move(n));
  }
  if (played.failure) {
    Finding& f = *played.failure;
    f.seed = seed;
    f.game = g;
    f.shrinks = played.shrinks;
    f.seconds = now;
    add_finding(result.findings, std::move(f));
  }
}

// Each deviation's positions, and whether the accept file accepts it.
void count_and_accept(std::vector<Deviation>& deviations, const CheckOptions& options,
                      const std::map<std::string, std::uint64_t>& shows) {
  for (Deviation& d : deviations) {
    // At least its witness, a position compared where it showed (one a
    // probe round met under a model without it is counted nowhere else).
    const auto shown = shows.find(d.switch_id);
    d.positions = std::max<std::uint64_t>(shown == shows.end() ? 0 : shown->second, 1);
    for (std::size_t i = 0; i < options.accepted.size(); ++i)
      if (options.accepted[i] == d.switch_id) {
        d.accepted = true;
        if (i < options.accept_reasons.size()) d.accept_reason = options.accept_reasons[i];
      }
    for (std::size_t i = 0; i < options.accepted_clauses.size(); ++i)
      if (options.accepted_clauses[i] == d.clause) {
        d.accepted = true;
        if (i < options.accepted_clause_reasons.size())
          d.accept_reason = options.accepted_clause_reasons[i];
      }
  }
}

// What a line from the ruleset's start reaches is the evidence an author
// can replay; a witness no game could reach goes to its own tier.
void judge_reachability(CheckResult& result, const Ruleset& rules) {
  const int total = start_position(rules).total_seeds();
  auto judge = [&](Finding& f) {
    f.reachable = line_reaches(rules, f);
    if (f.seeds > total)
      f.impossible = fmt::format("{} seeds, more than the {} of the ruleset", f.seeds, total);
  };
  for (Deviation& d : result.deviations) judge(d.witness);
  for (Finding& f : result.findings)
    if (!f.position.empty()) judge(f);
}

}  // namespace

Expected<CheckResult> run_check(Probe& probe, const CheckOptions& options,
                                const Progress& progress) {
  const Ruleset* rules = find_ruleset(options.ruleset);
  if (!rules) return Error{fmt::format("unknown ruleset '{}'", options.ruleset)};
  if (options.shard_count == 0 || options.shard_index >= options.shard_count)
    return Error{fmt::format("bad shard {}/{}", options.shard_index, options.shard_count)};
  auto initial = initial_model(*rules, options);
  if (!initial) return initial.error();
  auto selected = probe.select(options.ruleset);
  if (!selected) return selected.error();
  auto corpus = corpus_positions(*rules, options.corpus);
  if (!corpus) return corpus.error();

  CheckResult result;
  result.engine = probe.name();
  result.options = options;
  result.provenance =
      this_build(options.corpus.empty() ? std::string(kNoCorpus) : corpus_hash(options.corpus), "");
  const auto t0 = Clock::now();
  auto last_progress = t0;
  RunContext run(*rules, probe, options, result.stats, *initial);
  GameMemory memory;
  auto report_progress = [&](bool force) {
    if (!progress) return;
    const auto now = Clock::now();
    if (!force && now - last_progress < std::chrono::milliseconds(500)) return;
    last_progress = now;
    result.stats.seconds = seconds_since(t0);
    progress(result.stats, result.deviations.size() + result.findings.size());
  };
  std::map<std::string, std::uint64_t> shows;

  // 0. The engine's own start, compared before any game: once in a run
  // split into shards (by the first), and again by a reproduction.
  // Where it differs, the engine's own lines would part at once: none are
  // played (in every shard alike, so that game G is the same game).
  probe.note("the engine's own start");
  if (auto start = compare_start(run)) {
    run.lines = false;
    if (options.only_game || options.shard_index == 0)
      add_finding(result.findings, std::move(*start));
  }

  // 1. The plan: the guided games' starts (Search::Coverage). Every game
  // but one in kRandomEvery starts where the plan says (a few moves from
  // there); that one is a random game, whose few hundred moves cost about
  // as many requests as the guided games between two of them.
  std::optional<Plan> plan;
  if (options.search == Search::Coverage) {
    plan.emplace(plan_for(*rules, run.initial, *corpus, options.seed));
    // Only an interruption: the plan must be the same in every process.
    plan->give_up_when([&run] { return run.stopping(); });
  }

  // 2. The games, and 3. a probe round for each new model once the plan's
  // sweep is played.
  ProbeRounds probes(run, memory, *corpus, t0, result, shows, report_progress);
  for (std::uint64_t g = options.only_game.value_or(0);; ++g) {
    const std::optional<bool> plays = plays_game(run, g, t0);
    if (!plays) break;
    if (!*plays) continue;
    memory.forget();
    // A guided game starts at the plan's k-th start.
    const bool guided = plan && plan_index(g).has_value();
    const std::size_t k = guided ? plan_index(g).value() : 0;
    std::optional<Position> planned;
    if (guided) planned = plan->start(k);
    const std::optional<std::vector<std::string>> prefix = guided ? plan->line(k) : std::nullopt;
    // The transcript's mark of the game (`check --log`): a finding's game
    // is found by it (docs/cli.md, "Transcripts").
    probe.note(fmt::format("game {}", g));
    PlayedGame played = play_and_shrink(run, memory, *corpus, planned ? &*planned : nullptr, prefix,
                                        g, result.findings, [&] { report_progress(false); });
    if (!played.began) break;  // interrupted before the game began
    ++result.stats.games;
    record_game(result, played, g, seconds_since(t0), shows);
    report_progress(false);
    if (guided && !options.only_game && k + 1 >= plan->sweep_length()) probes.play();
  }
  if (plan && !options.only_game) probes.play();
  ProbeFindings probed = probes.findings();

  // 4. Groups that are one deviation joined.
  count_and_accept(result.deviations, options, shows);
  fold_replaced(result.deviations, probed.replaced);
  probed.standing = probes.standing();
  join_equivalents(result.deviations, probed.refuted, probed.standing);

  // 5. Settling and 6. minimising ask the engine again: not once
  // interrupted (the witnesses then stay the boards the games met).
  if (!run.stopping()) probe.note("settling, confirming and minimising what the games found");
  if (!run.stopping())
    std::tie(result.stats.settled_deviations, result.stats.settled_findings) =
        settle(run, result.deviations, result.findings, probed);
  // 5b. Evidence before a name: each switch put to the test with the others
  // modelled; what it does not predict goes to its clause, and what the
  // model of the rest then explains is dropped.
  if (!run.stopping()) {
    result.stats.unnamed = confirm(run, result.deviations, result.findings, probed).unnamed;
    result.stats.settled_findings +=
        drop_explained(run, result.deviations, result.findings, probed);
  }
  drop_named_from_also(result.deviations);
  for (Deviation& d : result.deviations)
    if (!run.stopping()) minimise(run, d);
  for (Finding& f : result.findings)
    if (!run.stopping()) minimise(run, f);
  result.stats.interrupted = run.stopping();

  // 7. The report's order.
  judge_reachability(result, *rules);
  order(result, *rules);
  result.stats.seconds = seconds_since(t0);
  report_progress(true);
  return result;
}

}  // namespace bao::check
