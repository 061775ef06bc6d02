// The diagnosis stage: at a position where the engine's answers differ from
// the model's (the checked ruleset, with the switches the run has already
// found applied), search the catalogue of switches (oracle/engine/switches.hpp:
// clause mutants and the other sources' choices) for one under which the
// oracle answers exactly as the engine did (one switch more, dropped or
// replaced); then a switch replaced by two; then pairs, for a position where
// two deviations show at once; and where nothing explains it, name the first
// step at which the engine's answer departs. docs/checker.md, "How
// deviations are found".
#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <set>

#include "oracle/checker/internal.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

// The switches of `model`, with `s` in place of the one at `index` (or
// appended when `index` is nullopt), as a model; nullopt when they do not
// combine.
std::optional<Model> variant(const Model& model, std::optional<std::size_t> index,
                             const std::vector<Switch>& extra) {
  std::vector<Switch> list;
  for (std::size_t i = 0; i < model.switches.size(); ++i)
    if (!index || i != *index) list.push_back(model.switches[i]);
  list.insert(list.end(), extra.begin(), extra.end());
  auto rules = apply_switches(*model.base, list);
  if (!rules) return std::nullopt;
  Model m;
  m.base = model.base;
  m.switches = std::move(list);
  m.rules = *rules;
  return m;
}

// Whether `a` and `b` cannot both hold: they set one variation point to
// two values.
bool rivals(const Ruleset& base, const Switch& a, const Switch& b) {
  const Switch pair[] = {a, b};
  return !apply_switches(base, pair);
}

bool in_model(const Model& model, const Switch& s) {
  return std::any_of(model.switches.begin(), model.switches.end(),
                     [&](const Switch& x) { return x.id == s.id; });
}

// The rules differences at `pos` under `rules`, as "kind move" keys
// ("invalid" when the ruleset cannot hold the position).
std::set<std::string> difference_keys(const Ruleset& rules, const Position& pos,
                                      const PositionAnswer& answer) {
  if (!validate_for_ruleset(rules, pos)) return {"invalid"};
  std::set<std::string> out;
  for (const Difference& d : compare(pos, oracle_view(rules, pos), answer))
    if (d.notation == NotationKind::None)
      out.insert(fmt::format("{} {}", to_string(d.kind), d.move));
  return out;
}

// How many pairs of partial explanations the search tries at most.
constexpr std::size_t kPairCandidates = 10;
// Telling candidates apart: the nearby positions looked at, and the engine
// questions spent on those where they answer apart.
constexpr std::size_t kNearbyPositions = 96;
constexpr int kExperiments = 12;
// A position's differences counted at most this far by distances(), so
// that one position a candidate cannot hold does not outweigh the rest.
constexpr std::size_t kDistanceCap = 64;

}  // namespace

std::string Model::signature() const {
  std::string out;
  for (const Switch& s : switches) out += (out.empty() ? "" : ",") + s.id;
  return out;
}

std::optional<Model> Model::with(const std::vector<Switch>& extra) const {
  return variant(*this, std::nullopt, extra);
}

Model Model::without(std::size_t i) const {
  auto m = variant(*this, i, {});
  assert(m);  // fewer switches always combine
  return *m;
}

Model plain_model(const Ruleset& base) {
  Model m;
  m.base = &base;
  m.rules = base;
  return m;
}

bool answers_as(const Ruleset& rules, const Position& pos, const PositionAnswer& answer) {
  if (!validate_for_ruleset(rules, pos)) return false;
  return count_rule_differences(rules, pos, answer, 1) == 0;
}

namespace {

// Whether `rules` answers as the engine did at every position of `history`.
bool consistent(const Ruleset& rules, const std::vector<Observed>& history) {
  for (const Observed& h : history)
    if (!answers_as(rules, h.pos, h.answer)) return false;
  return true;
}

// What `rules` answers at `pos`, as one string (status, moves, results), to
// tell whether two candidates answer alike there.
std::string digest(const Ruleset& rules, const Position& pos) {
  if (!validate_for_ruleset(rules, pos)) return "invalid";
  const OracleView v = oracle_view(rules, pos);
  std::string out = v.status_text;
  for (const OracleMove& m : v.moves) out += "|" + m.text + ">" + m.bpn + " " + m.status;
  return out;
}

// Positions near `pos` where candidates that answer alike at `pos` may
// answer apart: the positions after each of the model's moves, the board
// with one seed more or fewer in one pit, then positions two moves on
// (sampled, deterministic).
std::vector<Position> nearby(const Ruleset& rules, const Position& pos, std::size_t want) {
  std::vector<Position> out;
  auto add = [&](const Position& p) {
    if (out.size() < want && validate_for_ruleset(rules, p)) out.push_back(p);
  };
  auto successors = [&](const Position& p) {
    std::vector<Position> next;
    if (!validate_for_ruleset(rules, p)) return next;
    for (const Move& m : legal_moves(rules, p))
      if (auto after = play(rules, p, m)) next.push_back(*after);
    return next;
  };
  const std::vector<Position> first = successors(pos);
  for (const Position& p : first) add(p);
  for (Side s : {pos.to_move, opponent(pos.to_move)})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      for (int delta : {+1, -1}) {
        Position q = pos;
        const int n = q.at(s, p) + delta;
        if (n < 0 || n > 40) continue;
        q.at(s, p) = static_cast<std::uint8_t>(n);
        q.decided = {};
        add(q);
      }
  std::uint64_t h = hash_value(pos);
  for (std::size_t k = 0; k < first.size() && out.size() < want; ++k) {
    std::vector<Position> next = successors(first[k]);
    if (next.empty()) continue;
    h = h * 6364136223846793005ULL + 1442695040888963407ULL;
    add(next[(h >> 33) % next.size()]);
  }
  return out;
}

}  // namespace

std::vector<std::size_t> distinguish(const std::vector<Ruleset>& candidates, const Ruleset& near,
                                     const Position& pos, const Experiment& experiment) {
  std::vector<std::size_t> alive(candidates.size());
  for (std::size_t i = 0; i < alive.size(); ++i) alive[i] = i;
  if (!experiment || candidates.size() < 2) return alive;
  int asked = 0;
  for (const Position& q : nearby(near, pos, kNearbyPositions)) {
    if (alive.size() < 2 || asked >= kExperiments) break;
    std::set<std::string> answers;
    for (std::size_t i : alive) answers.insert(digest(candidates[i], q));
    if (answers.size() < 2) continue;
    std::vector<const Ruleset*> asking;
    for (std::size_t i : alive) asking.push_back(&candidates[i]);
    ++asked;
    const auto a = experiment(q, asking);
    if (!a) break;  // out of budget, or the engine could not answer
    // The candidates with the fewest differences from the engine there: all
    // of them differ where another deviation of the engine, not modelled
    // yet, shows too, and the right one differs the least.
    std::vector<std::size_t> counts;
    for (std::size_t i : alive)
      counts.push_back(validate_for_ruleset(candidates[i], q)
                           ? count_rule_differences(candidates[i], q, *a, 1u << 20)
                           : std::size_t{1} << 20);
    const std::size_t best = *std::min_element(counts.begin(), counts.end());
    const std::size_t worst = *std::max_element(counts.begin(), counts.end());
    if (best == worst) continue;  // it tells them apart no better
    std::vector<std::size_t> fewest;
    for (std::size_t k = 0; k < alive.size(); ++k)
      if (counts[k] == best) fewest.push_back(alive[k]);
    alive = std::move(fewest);
  }
  return alive;
}

std::vector<std::size_t> distances(const std::vector<Ruleset>& candidates, const Ruleset& near,
                                   const Position& pos, const Experiment& experiment) {
  std::vector<std::size_t> total(candidates.size(), 0);
  if (!experiment || candidates.size() < 2) return total;
  std::vector<const Ruleset*> asking;
  for (const Ruleset& r : candidates) asking.push_back(&r);
  int asked = 0;
  for (const Position& q : nearby(near, pos, kNearbyPositions)) {
    if (asked >= kExperiments) break;
    std::set<std::string> answers;
    for (const Ruleset& r : candidates) answers.insert(digest(r, q));
    if (answers.size() < 2) continue;
    ++asked;
    const auto a = experiment(q, asking);
    if (!a) break;  // out of budget, or the engine could not answer
    for (std::size_t i = 0; i < candidates.size(); ++i)
      total[i] += validate_for_ruleset(candidates[i], q)
                      ? count_rule_differences(candidates[i], q, *a, kDistanceCap)
                      : kDistanceCap;
  }
  return total;
}

std::optional<Explanation> explain(const Model& model, const std::vector<Switch>& catalogue,
                                   const Position& pos, const PositionAnswer& answer,
                                   const std::vector<Observed>& history,
                                   const Experiment& experiment) {
  // 1. One change of one switch: one more switch, one of the model's
  // dropped, or one replaced by another (an earlier choice among switches
  // that answered alike there was the wrong one). Every change under which
  // the oracle answers here as the engine did, and at the positions of the
  // game where the model already agreed, is a candidate; they are told
  // apart where they answer apart nearby. When nothing tells them apart,
  // the change that leaves the fewest switches goes first: a drop, then a
  // replacement, then one more switch (each in the model's, then the
  // catalogue's order).
  struct Found {
    std::optional<Switch> s;  // none: the switch at `replaces` is dropped
    std::optional<std::size_t> replaces;
  };
  std::vector<Found> found;
  std::vector<Ruleset> records;
  auto consider = [&](std::optional<std::size_t> i, const std::optional<Switch>& s) {
    if (s && in_model(model, *s)) return;
    auto m = s ? variant(model, i, {*s}) : std::optional<Model>(model.without(*i));
    if (!m || !answers_as(m->rules, pos, answer) || !consistent(m->rules, history)) return;
    found.push_back({s, i});
    records.push_back(m->rules);
  };
  for (std::size_t i = 0; i < model.switches.size(); ++i) consider(i, std::nullopt);
  for (std::size_t i = 0; i < model.switches.size(); ++i)
    for (const Switch& s : catalogue) consider(i, s);
  for (const Switch& s : catalogue) consider(std::nullopt, s);
  if (!found.empty()) {
    const std::vector<std::size_t> alive = distinguish(records, model.rules, pos, experiment);
    const Found& first = found[alive.front()];
    Explanation e;
    if (first.s) e.added = {*first.s};
    e.replaces = first.replaces;
    for (std::size_t k = 1; k < alive.size(); ++k) {
      const Found& other = found[alive[k]];
      if (first.s && other.s && other.replaces == first.replaces)
        e.alternatives.push_back(other.s->id);
    }
    return e;
  }
  // 2. One of the model's switches replaced by two: it was one switch
  // answering where two deviations of the engine together answer so (the
  // house pair, docs/checker.md). The first of the two sets the same
  // variation point as the replaced one (it cannot hold beside it) and
  // removes some differences here; the second is any other.
  const std::set<std::string> baseline = difference_keys(model.rules, pos, answer);
  auto removes = [&](const Ruleset& rules) {
    const std::set<std::string> left = difference_keys(rules, pos, answer);
    std::size_t removed = 0;
    for (const std::string& k : baseline) removed += left.count(k) ? 0 : 1;
    return std::pair{removed, left.size()};
  };
  for (std::size_t i = 0; i < model.switches.size(); ++i)
    for (const Switch& s : catalogue) {
      if (in_model(model, s) || !rivals(*model.base, model.switches[i], s)) continue;
      auto one = variant(model, i, {s});
      if (!one || removes(one->rules).first == 0) continue;
      for (const Switch& t : catalogue) {
        if (in_model(model, t) || t.id == s.id) continue;
        auto m = variant(model, i, {s, t});
        if (!m || !answers_as(m->rules, pos, answer) || !consistent(m->rules, history)) continue;
        Explanation e;
        e.added = {s, t};
        e.replaces = i;
        return e;
      }
    }
  // 3. Two switches: the position shows two deviations at once. Candidates
  // are the switches that remove some of the model's differences here (even
  // if they bring others, which the second switch may remove), the most
  // removed first, then the fewest left.
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, const Switch*>> partial;
  for (const Switch& s : catalogue) {
    if (in_model(model, s)) continue;
    auto m = model.with({s});
    if (!m || !consistent(m->rules, history)) continue;
    const auto [removed, left] = removes(m->rules);
    if (removed > 0) partial.push_back({{baseline.size() - removed, left}, &s});
  }
  std::stable_sort(partial.begin(), partial.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  if (partial.size() > kPairCandidates) partial.resize(kPairCandidates);
  for (std::size_t i = 0; i < partial.size(); ++i)
    for (const Switch& t : catalogue) {
      if (in_model(model, t) || t.id == partial[i].second->id) continue;
      auto m = model.with({*partial[i].second, t});
      if (!m || !answers_as(m->rules, pos, answer) || !consistent(m->rules, history)) continue;
      Explanation e;
      e.added = {*partial[i].second, t};
      return e;
    }
  // 4. Three or more at once: the switch that removes the most differences
  // is added, and the search goes on with the rest (the caller asks again).
  if (!partial.empty()) {
    Explanation e;
    e.added = {*partial.front().second};
    e.partial = true;
    return e;
  }
  return std::nullopt;
}

}  // namespace bao::check::detail
