// Stage 3, probe rounds (probe_rounds.hpp; docs/checker.md, "Probe
// rounds"), and the plans their games start from.
#include "oracle/checker/probe_rounds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "oracle/checker/rapidcheck_adapter.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {

std::optional<std::size_t> plan_index(std::uint64_t g) {
  if (g % kRandomEvery == kRandomEvery - 1) return std::nullopt;
  return g / kRandomEvery * (kRandomEvery - 1) + g % kRandomEvery;
}

// The game that starts at the plan's k-th start: every game but one in
// kRandomEvery is a planned one, in order.
std::uint64_t planned_game(std::size_t k) {
  return k / (kRandomEvery - 1) * kRandomEvery + k % (kRandomEvery - 1);
}

namespace {

// Where the model's switch T is one of a few that answer alike nearly
// everywhere (docs/checker.md, "The house pair"), the games seldom meet a
// position that tells them apart,
// and the model may hold the wrong one. The aims "instead:T=R" point the
// probe round's sweep at such positions: R is one switch, or two whose
// first sets T's variation point otherwise (a pair that does alone what T
// does), that answers as the model at kInsteadShows boards where T shows
// and at kInsteadSample other boards of play and random boards (made from
// the seed, so that --given replays the round). At most kInsteadPerSwitch
// for each T, in catalogue order.
constexpr std::size_t kInsteadShows = 8;
constexpr std::size_t kInsteadSample = 200;
constexpr int kInsteadCandidates = 3000;
constexpr std::size_t kInsteadPerSwitch = 4;

std::vector<Aim> instead_aims(const Ruleset& rules, const Model& model, std::uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x1ae57eadULL);
  const Position start = start_position(rules);
  std::vector<Position> sample;
  std::vector<std::vector<Position>> shows(model.switches.size());
  std::vector<Model> less;
  for (std::size_t i = 0; i < model.switches.size(); ++i) less.push_back(model.without(i));
  for (int k = 0; k < kInsteadCandidates; ++k) {
    const Position p = k % 2 ? random_position(rules, rng)
                             : random_play(model.rules, start, static_cast<int>(rng() % 80), rng);
    if (sample.size() < kInsteadSample) sample.push_back(p);
    for (std::size_t i = 0; i < less.size(); ++i)
      if (shows[i].size() < kInsteadShows && answers_differ(model.rules, less[i].rules, p))
        shows[i].push_back(p);
  }
  auto alike = [&](const Ruleset& r, const std::vector<Position>& at) {
    return std::none_of(at.begin(), at.end(),
                        [&](const Position& p) { return answers_differ(model.rules, r, p); });
  };
  auto near = [&](std::size_t i, const Model& m) {
    return alike(m.rules, shows[i]) && alike(m.rules, sample);
  };
  const std::vector<Switch> catalogue = switches_for(rules);
  auto in_model = [&](const Switch& s) {
    return std::any_of(model.switches.begin(), model.switches.end(),
                       [&](const Switch& m) { return m.id == s.id; });
  };
  std::vector<Aim> out;
  for (std::size_t i = 0; i < model.switches.size(); ++i) {
    if (shows[i].empty()) continue;  // no board here shows what T does
    const Switch& t = model.switches[i];
    std::size_t found = 0;
    for (const Switch& s : catalogue) {
      if (found >= kInsteadPerSwitch) break;
      if (in_model(s)) continue;
      auto one = less[i].with({s});
      if (!one) continue;
      if (near(i, *one)) {
        out.push_back({"instead:" + t.id + "=" + s.id, one->rules});
        ++found;
        continue;
      }
      const Switch pair[] = {t, s};
      if (apply_switches(rules, pair)) continue;  // not T's variation point
      for (const Switch& u : catalogue) {
        if (found >= kInsteadPerSwitch) break;
        if (in_model(u) || u.id == s.id) continue;
        auto two = less[i].with({s, u});
        if (!two || !near(i, *two)) continue;
        out.push_back({"instead:" + t.id + "=" + s.id + "+" + u.id, two->rules});
        ++found;
      }
    }
  }
  return out;
}

// Candidates a probe round's sweep tries for each switch: more than the
// plan of the games tries, as what the model hides is rarer (a move cut
// off as endless under the model is seldom one under the plain ruleset).
constexpr int kProbeSweep = 4 * Plan::kSweepCandidates;

}  // namespace

// The plan of the guided games of a run whose games start under `model`.
// Under the plain ruleset: a start for each switch of the catalogue where
// it shows. Under switches (a probe round's model, or the switches a run
// is given or accepts), the sweep tries kProbeSweep candidates for each
// of these, in order: each switch of the model where it shows (the model
// without it answers otherwise: is it what the engine does?), then where
// the model's near equivalents answer otherwise (instead_aims()), then
// each other switch of the catalogue where it shows on top of the model. A run
// with the same model (--given) makes the same plan, so it replays a probe
// round's game.
Plan plan_for(const Ruleset& rules, const Model& model, const std::vector<Position>& corpus,
              std::uint64_t seed) {
  if (model.switches.empty()) return Plan(model.rules, corpus, seed, switches_for(rules));
  std::vector<Aim> aims;
  for (std::size_t i = 0; i < model.switches.size(); ++i)
    aims.push_back({"without:" + model.switches[i].id, model.without(i).rules});
  for (Aim& a : instead_aims(rules, model, seed)) aims.push_back(std::move(a));
  for (const Switch& s : switches_for(rules)) {
    if (std::any_of(model.switches.begin(), model.switches.end(),
                    [&](const Switch& m) { return m.id == s.id; }))
      continue;
    if (auto m = model.with({s})) aims.push_back({"switch:" + s.id, m->rules});
  }
  // (No self-play search: the games' plan made one for each switch under
  // the ruleset, and a round's aims are many.)
  return Plan(model.rules, corpus, seed, {}, kProbeSweep, aims, 0);
}

void ProbeRounds::play() {
  while (rounds_left_ > 0 && !out_of_limits() &&
         result_.stats.failing_games < run_.options.max_findings &&
         !run_.options.shared_stop(result_.stats)) {
    Round& round = round_for(model_now());
    if (round.next >= round.starts) return;  // played to its end: nothing new
    --rounds_left_;
    ++result_.stats.probe_rounds;
    if (!play(round)) return;
  }
}

bool ProbeRounds::out_of_limits() const {
  const double seconds = std::chrono::duration<double>(Clock::now() - t0_).count();
  return run_.stopping() || run_.questions(Charge::GameFollowUp).spent() ||
         (run_.options.time_limit > 0 && seconds >= run_.options.time_limit);
}

// The run's deviations as far as they combine, less the refuted ones.
Model ProbeRounds::model_now() const {
  std::vector<Deviation> standing;
  for (const Deviation& d : result_.deviations)
    if (!refuted_.count(d.switch_id)) standing.push_back(d);
  if (auto m = plain_model(run_.rules).with(combined(run_, standing))) return *m;
  return run_.initial;
}

ProbeRounds::Round& ProbeRounds::round_for(const Model& model) {
  Round& round = rounds_[model.signature()];
  if (!round.plan) {
    round.model = std::make_unique<Model>(model);
    round.plan =
        std::make_unique<Plan>(plan_for(run_.rules, *round.model, corpus_, run_.options.seed));
    round.plan->give_up_when([this] { return out_of_limits(); });
    for (const Deviation& d : result_.deviations) {
      auto pos = parse_bpn(d.witness.found_at);
      if (pos && answers_as(model.rules, *pos, d.witness.engine))
        round.evidence.push_back({*pos, d.witness.engine});
    }
    for (const Observed& o : refuted_at_)
      if (answers_as(model.rules, o.pos, o.answer)) round.evidence.push_back(o);
    // The initial model's round is the games' own plan.
    round.starts = model.signature() == run_.initial.signature() ? 0 : round.plan->sweep_length();
  }
  return round;
}

// Plays `round` from where it stopped; whether a game changed the model.
bool ProbeRounds::play(Round& round) {
  const Model& model = *round.model;
  while (round.next < round.starts && !out_of_limits()) {
    const std::size_t k = round.next++;
    const std::optional<Position> start = round.plan->start(k);
    if (!start) break;
    const std::uint64_t g = planned_game(k);
    memory_.forget();
    Game game = draw_game(run_.rules, corpus_, &*start, run_.options.seed, g);
    game.prefix = round.plan->line(k);
    run_.probe.note(fmt::format("game {} (probe round {})", g, result_.stats.probe_rounds));
    GameOutcome out = play_game(run_, memory_, game, Pass::Probe, model, round.evidence);
    ++result_.stats.probe_games;
    // (A lambda may not capture a structured binding in C++20 as clang
    // 14 implements it: the pair is named whole.)
    for (const auto& shown : out.shows)
      if (std::none_of(model.switches.begin(), model.switches.end(),
                       [&](const Switch& m) { return m.id == shown.first; }))
        shows_[shown.first] += shown.second;
    bool changed = false;
    for (const std::string& id : out.dropped) changed = refuted_.insert(id).second || changed;
    for (const auto& [id, by] : out.replaced) replaced_.emplace(id, by);
    for (Observed& o : out.refuted_at) refuted_at_.push_back(std::move(o));
    std::vector<std::string> found;
    for (Deviation& d : out.deviations) {
      changed =
          changed || std::none_of(result_.deviations.begin(), result_.deviations.end(),
                                  [&](const Deviation& x) { return x.switch_id == d.switch_id; });
      d.witness.seed = run_.options.seed;
      d.witness.game = g;
      d.witness.seconds = std::chrono::duration<double>(Clock::now() - t0_).count();
      d.found_after = result_.stats.requests + result_.stats.followup_requests;
      found.push_back(d.switch_id);
      add_deviation(result_.deviations, std::move(d));
    }
    for (const std::string& id : found) changed = reinstate(id) || changed;
    progress_(false);
    if (changed) return true;
  }
  return false;
}

// A refuted switch that a game finds again on top of another model (one
// refuted alone while a switch of the house pair was also at work, and
// found again once the other of the pair stood in for it) stands again
// when the model
// with it answers as the engine did at every position where a switch was
// refuted. Whether it did.
bool ProbeRounds::reinstate(const std::string& id) {
  if (!refuted_.count(id)) return false;
  std::set<std::string> without = refuted_;
  without.erase(id);
  std::vector<Deviation> standing;
  for (const Deviation& d : result_.deviations)
    if (!without.count(d.switch_id)) standing.push_back(d);
  auto model = plain_model(run_.rules).with(combined(run_, standing));
  if (!model || std::none_of(model->switches.begin(), model->switches.end(),
                             [&](const Switch& s) { return s.id == id; }))
    return false;
  for (const Observed& o : refuted_at_)
    if (!answers_as(model->rules, o.pos, o.answer)) return false;
  refuted_.erase(id);
  replaced_.erase(id);
  return true;
}

ProbeFindings ProbeRounds::findings() const {
  ProbeFindings f;
  f.refuted = refuted_;
  f.refuted_at = refuted_at_;
  f.replaced = replaced_;
  return f;
}

std::set<std::string> ProbeRounds::standing() const {
  std::set<std::string> ids;
  if (result_.stats.probe_rounds == 0) return ids;
  for (const Switch& s : model_now().switches) ids.insert(s.id);
  return ids;
}

}  // namespace bao::check::detail
