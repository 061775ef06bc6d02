// Comparing two rulesets on one position, and attributing each disagreement
// to the first step where their traces part (docs/divergence.md).
#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <tuple>

#include "oracle/catalog/mutation.hpp"
#include "oracle/diverge/internal.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::diverge {

long Group::total_items() const {
  long n = 0;
  for (long k : items) n += k;
  return n;
}

namespace detail {

const Status& Eval::status_after(std::size_t k) {
  if (!after_status[k]) after_status[k] = bao::status(*rules, after[k]);
  return *after_status[k];
}

bool same_step(const Event& x, const Event& y) {
  return x.kind == y.kind && x.side == y.side && x.pit == y.pit && x.count == y.count &&
         x.reason == y.reason;
}

std::string game_over_label(const Status& s) {
  return fmt::format("(game over: {})", to_string(s.reason));
}

std::vector<std::string> line_text(std::span<const Move> line, Side first) {
  std::vector<std::string> out;
  Side mover = first;
  for (const Move& m : line) {
    out.push_back(move_to_string(m, mover));
    mover = opponent(mover);
  }
  return out;
}

bool smaller(const Witness& x, const Witness& y) {
  const auto key = [](const Witness& w) {
    return std::tie(w.seeds, w.position, w.move, w.origin, w.scenario, w.line_start, w.line);
  };
  if (x.seeds != y.seeds) return x.seeds < y.seeds;
  if (x.line.size() != y.line.size()) return x.line.size() < y.line.size();
  return key(x) < key(y);
}

void Aggregate::merge(Aggregate&& other) {
  if (pairs.empty()) pairs.resize(other.pairs.size());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    PairAgg& mine = pairs[p];
    PairAgg& theirs = other.pairs[p];
    mine.compared += theirs.compared;
    mine.moves_differ += theirs.moves_differ;
    mine.results_differ += theirs.results_differ;
    mine.outcomes_differ += theirs.outcomes_differ;
    for (const auto& [reason, n] : theirs.skipped) mine.skipped[reason] += n;
    for (auto& [key, g] : theirs.groups) {
      auto [it, fresh] = mine.groups.try_emplace(key, std::move(g));
      if (fresh) continue;
      Group& to = it->second.group;
      to.positions += g.group.positions;
      for (int k = 0; k < kKinds; ++k) to.items[k] += g.group.items[k];
      if (g.has_witness && (!it->second.has_witness || smaller(g.group.witness, to.witness))) {
        to.witness = std::move(g.group.witness);
        it->second.has_witness = true;
      }
    }
  }
  for (const auto& [id, n] : other.walked) walked[id] += n;
  scenario_positions += other.scenario_positions;
  corpus += other.corpus;
  corpus_compared += other.corpus_compared;
}

namespace {

// The state a ruleset lacks, from validate_for_ruleset's error: the BPN key
// at fault ("store"), or "position".
std::string invalid_key(const Error& error) {
  return error.field.empty() ? "position" : error.field;
}

bool tracks_house_use(const Ruleset& r) {
  return r.house_kutakata != HouseKutakata::None;
}

int index_of_move(const MoveList& moves, const Move& m) {
  for (std::size_t k = 0; k < moves.size(); ++k)
    if (moves[k] == m) return static_cast<int>(k);
  return -1;
}

Cited cite(const Event& e) {
  return {e.clause, std::string(clause_name(e.clause))};
}
Cited label(std::string text) {
  return {ClauseId::None, std::move(text)};
}

bool skipped_event(const Event& e, bool ignore_use) {
  return ignore_use && e.kind == EventKind::HouseUsed;
}

// The first step where the traces differ, comparing what happens (not which
// clause is cited). `use` events are skipped when only one ruleset of the
// pair records house use.
Parting part(const std::vector<Event>& x, const std::vector<Event>& y, bool ignore_use) {
  std::size_t i = 0;
  std::size_t j = 0;
  for (;; ++i, ++j) {
    while (i < x.size() && skipped_event(x[i], ignore_use)) ++i;
    while (j < y.size() && skipped_event(y[j], ignore_use)) ++j;
    const bool x_done = i == x.size();
    const bool y_done = j == y.size();
    if (x_done && y_done) return {label("(same steps)"), label("(same steps)")};
    if (x_done) return {label("(end of move)"), cite(y[j]), kNoStep, j};
    if (y_done) return {cite(x[i]), label("(end of move)"), i, kNoStep};
    if (!same_step(x[i], y[j])) return {cite(x[i]), cite(y[j]), i, j};
  }
}

// The step that says how a move starts: its first event after the reserve
// seed is placed.
std::size_t start_step(const std::vector<Event>& t) {
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].kind != EventKind::Place && t[i].kind != EventKind::HouseUsed) return i;
  return t.empty() ? kNoStep : 0;
}

// Which kind of start a clause is the ruleset's citation for (a kunamua
// kutakata, a mtaji kutakata, a capture, ...), so that two sources' clauses
// for the same step match; -1 when it is none of them.
int start_role(const Ruleset& r, ClauseId c) {
  const Citations& k = r.cite;
  const std::array<ClauseId, 6> roles{k.takata_sow,    k.mtaji_start,         k.mtaji_capture_start,
                                      k.namua_capture, k.namua_capture_house, k.two_seed};
  for (std::size_t i = 0; i < roles.size(); ++i)
    if (roles[i] == c) return static_cast<int>(i);
  return -1;
}

void trace_move(const Eval& e, const Position& pos, std::size_t k, Trace& t) {
  t.clear();
  [[maybe_unused]] auto after = play(*e.rules, pos, e.moves[k], &t);
  assert(after.ok() && *after == e.after[k]);
}

// Which of y's clauses forbids move `m` that no trace step explains (a
// start order, a pit that may not be lifted): among y's switches (its
// clause mutants and the other sources' choices) that allow `m` here,
// preferably playing it as the other ruleset does (to `x_after`), the one
// that changes y's moves here the least (moves gained or lost, common
// moves with another result; ties: the first in the catalogue). Nothing
// when no switch allows it.
std::optional<Cited> forbidding_clause(const Eval& y, const Position& py, const Move& m,
                                       const Position& x_after) {
  const ClauseSwitch* best = nullptr;
  std::pair<bool, std::size_t> best_key;  // (plays m otherwise than x, change)
  for (const ClauseSwitch& sw : y.switches) {
    if (!validate_for_ruleset(sw.rules, py)) continue;  // a choice that cannot hold it
    const MoveList moves = legal_moves(sw.rules, py);
    if (index_of_move(moves, m) < 0) continue;
    std::size_t change = 0;
    for (const Move& k : moves) {
      const int i = index_of_move(y.moves, k);
      if (i < 0 || play(sw.rules, py, k).value() != y.after[static_cast<std::size_t>(i)]) ++change;
    }
    for (const Move& k : y.moves) change += index_of_move(moves, k) < 0 ? 1 : 0;
    const std::pair key{play(sw.rules, py, m).value() != x_after, change};
    if (best == nullptr || key < best_key) {
      best = &sw;
      best_key = key;
    }
  }
  if (best == nullptr) return std::nullopt;
  return Cited{best->clause, std::string(clause_name(best->clause))};
}

// Whether two rulesets start a move the same way here: the same clause, or
// each source's clause for the same kind of start.
bool same_start(const Ruleset& rx, const Event& ex, const Ruleset& ry, const Event& ey) {
  if (ex.clause == ey.clause) return true;
  const int role = start_role(rx, ex.clause);
  return role >= 0 && role == start_role(ry, ey.clause);
}

// How y plays instead of `m`, which y does not allow: its move from the same
// pit the other way, when the traces part at a step other than where a seed
// is sown (the kichwa a capture enters at, say); otherwise y's first legal
// move (captures come first), compared by how each move starts.
Parting nearest_parting(std::size_t i, const Move& m, const Eval& y, const Position& py,
                        bool ignore_use, const Trace& tx, Trace& ty, int& shown_y) {
  for (std::size_t k = 0; k < y.moves.size(); ++k)
    if (y.moves[k].pit == m.pit) {
      trace_move(y, py, k, ty);
      const Parting p = part(tx.events(), ty.events(), ignore_use);
      if (i != kNoStep && p.step_a != kNoStep && p.step_b != kNoStep && p.step_a > i &&
          !(tx.events()[p.step_a].kind == EventKind::Sow &&
            ty.events()[p.step_b].kind == EventKind::Sow)) {
        shown_y = static_cast<int>(k);
        return p;
      }
      break;
    }
  shown_y = 0;
  trace_move(y, py, 0, ty);
  const std::size_t j = start_step(ty.events());
  return {i == kNoStep ? label("(empty trace)") : cite(tx.events()[i]),
          j == kNoStep ? label("(empty trace)") : cite(ty.events()[j]), i, j};
}

// For a move that `x` allows and `y` does not: compare it with y's move from
// the same pit in the same direction (differing in `t` or `+`), or with its
// move from the same pit the other way, or else compare how each ruleset's
// moves start. `tx`, `ty` receive the traces.
Parting only_in(const Eval& x, const Position& px, std::size_t kx, const Eval& y,
                const Position& py, bool ignore_use, Trace& tx, Trace& ty, int& shown_y) {
  trace_move(x, px, kx, tx);
  const Move& m = x.moves[kx];
  for (std::size_t k = 0; k < y.moves.size(); ++k)
    if (y.moves[k].pit == m.pit && y.moves[k].dir == m.dir) {
      shown_y = static_cast<int>(k);
      trace_move(y, py, k, ty);
      return part(tx.events(), ty.events(), ignore_use);
    }
  const std::size_t i = start_step(tx.events());
  const Cited start_x = i == kNoStep ? label("(empty trace)") : cite(tx.events()[i]);
  if (y.moves.empty()) {
    shown_y = -1;
    ty.clear();
    return {start_x, label(game_over_label(y.status)), i, kNoStep};
  }
  Parting p = nearest_parting(i, m, y, py, ignore_use, tx, ty, shown_y);
  // y's side: the clause that forbids the move, when one of y's
  // switches shows it; otherwise how y plays instead, and where y starts the
  // same way (so that no trace step tells the two apart), "(no such start)".
  if (auto forbidding = forbidding_clause(y, py, m, x.after[kx])) {
    p.b = *forbidding;
    p.step_b = kNoStep;
  } else if (p.b.clause != ClauseId::None && p.step_a == i && p.step_b != kNoStep &&
             same_start(*x.rules, tx.events()[i], *y.rules, ty.events()[p.step_b])) {
    p.b = label("(no such start)");
    p.step_b = kNoStep;
  }
  return p;
}

// The clause that decides the quiet count after a move: what counts as
// progress in the single-lap family; the Bao family keeps no count.
Cited progress_rule(const Ruleset& r) {
  if (r.family != TurnFamily::SingleLap) return label("(no quiet count)");
  const ClauseId c = r.single_lap.goal == SingleLapGoal::SiteFillHouse
                         ? ClauseId::SiteBankProgress
                         : ClauseId::SiteProgressCapture;
  return {c, std::string(clause_name(c))};
}

// Two moves that do the same step by step yet leave different positions:
// when the positions differ only in the quiet count, which no trace step
// records, each side's progress rule is the difference. Otherwise `same`.
Parting quiet_parting(const Eval& a, std::size_t ka, const Eval& b, std::size_t kb,
                      const Parting& same) {
  Position ra = a.after[ka];
  Position rb = b.after[kb];
  if (ra.quiet == rb.quiet) return same;
  ra.quiet = rb.quiet = 0;
  if (ra != rb) return same;
  return {progress_rule(*a.rules), progress_rule(*b.rules)};
}

Parting swapped(const Parting& p) {
  return {p.b, p.a, p.step_b, p.step_a};
}

}  // namespace

Parting Comparer::after_parting(const Eval& a, std::size_t ka, const Eval& b, std::size_t kb,
                                bool ignore_use) {
  const Position& ra = a.after[ka];
  const Position& rb = b.after[kb];
  scratch_a_.rules = a.rules;
  scratch_b_.rules = b.rules;
  scratch_a_.switches = a.switches;
  scratch_b_.switches = b.switches;
  evaluate(scratch_a_, ra, Weighing::None);
  evaluate(scratch_b_, rb, Weighing::None);
  int shown = -1;
  for (std::size_t k = 0; k < scratch_a_.moves.size(); ++k)
    if (index_of_move(scratch_b_.moves, scratch_a_.moves[k]) < 0) {
      Parting p = only_in(scratch_a_, ra, k, scratch_b_, rb, ignore_use, trace_x_, trace_y_, shown);
      p.step_a = p.step_b = kNoStep;  // steps of the next turn, which the witness does not show
      return p;
    }
  for (std::size_t k = 0; k < scratch_b_.moves.size(); ++k)
    if (index_of_move(scratch_a_.moves, scratch_b_.moves[k]) < 0) {
      Parting p = swapped(
          only_in(scratch_b_, rb, k, scratch_a_, ra, ignore_use, trace_y_, trace_x_, shown));
      p.step_a = p.step_b = kNoStep;
      return p;
    }
  return {label(fmt::format("({})", to_string(scratch_a_.status))),
          label(fmt::format("({})", to_string(scratch_b_.status)))};
}

namespace {

WitnessSide witness_side(Eval& e, const Position& pos, int shown, const Trace& t, bool move_legal,
                         const Cited& cited, std::size_t step) {
  WitnessSide w;
  w.ruleset = std::string(e.rules->id);
  for (const Move& m : e.moves) w.legal.push_back(move_to_string(m, pos.to_move));
  w.status = to_string(e.status);
  w.move_legal = move_legal;
  if (shown >= 0) {
    const auto k = static_cast<std::size_t>(shown);
    w.shown_move = move_to_string(e.moves[k], pos.to_move);
    w.trace = t.events();
    w.result = to_bpn(e.after[k]);
    w.result_status = to_string(e.status_after(k));
  }
  w.cited = cited;
  w.step = step;
  return w;
}

}  // namespace

void Comparer::offer_witness(const Sample& s, const Finding& f, Eval& a, Eval& b, GroupAgg& g) {
  const int seeds = s.pos.total_seeds();
  if (g.has_witness) {
    const Witness& current = g.group.witness;
    if (seeds > current.seeds) return;
    if (seeds == current.seeds && s.line.size() > current.line.size()) return;
  }
  Witness w;
  w.seeds = seeds;
  w.origin = std::string(s.origin.id);
  w.scenario = std::string(s.scenario);
  w.line_start = to_bpn(s.line_start);
  w.line = line_text(s.line, s.line_start.to_move);
  w.position = to_bpn(s.pos);
  if (f.has_move) w.move = move_to_string(f.move, s.pos.to_move);
  w.kind = f.kind;
  const bool legal_a = f.kind != Kind::OnlyB && f.kind != Kind::Outcome;
  const bool legal_b = f.kind != Kind::OnlyA && f.kind != Kind::Outcome;
  w.a = witness_side(a, s.pos, f.shown_a, trace_a_, legal_a, f.parting.a, f.parting.step_a);
  w.b = witness_side(b, s.pos, f.shown_b, trace_b_, legal_b, f.parting.b, f.parting.step_b);
  if (!g.has_witness || smaller(w, g.group.witness)) {
    g.group.witness = std::move(w);
    g.has_witness = true;
  }
}

Comparer::Comparer(std::span<const Ruleset* const> rulesets)
    : rulesets_(rulesets.begin(), rulesets.end()),
      switches_(rulesets.size()),
      evals_(rulesets.size()) {
  for (std::size_t i = 0; i < rulesets_.size(); ++i) {
    const Ruleset& r = *rulesets_[i];
    for (const Switch& s : switches_for(r)) {
      auto rules = apply_switches(r, std::span<const Switch>(&s, 1));
      if (rules) switches_[i].push_back({*rules, s.clause});
    }
    evals_[i].rules = rulesets_[i];
    evals_[i].switches = switches_[i];
  }
}

void Comparer::evaluate(Eval& e, const Position& pos, Weighing weighing) {
  auto valid = validate_for_ruleset(*e.rules, pos);
  if (!valid) {
    e.invalid = invalid_key(valid.error());
    e.moves = MoveList{};
    return;
  }
  e.invalid.clear();
  e.moves = legal_moves(*e.rules, pos);
  // A ruleset with a legal move is still playing (status() finds the same).
  e.status = e.moves.empty() ? bao::status(*e.rules, pos) : Status{};
  for (std::size_t k = 0; k < e.moves.size(); ++k) {
    e.after_status[k].reset();
    if (weighing == Weighing::ByRarity) {
      trace_.clear();
      e.after[k] = play(*e.rules, pos, e.moves[k], &trace_).value();
      e.weight[k] = rarity_weight(pos, e.moves[k], trace_.events(), e.after[k]);
    } else {
      e.after[k] = play(*e.rules, pos, e.moves[k]).value();
    }
  }
}

void Comparer::compare(const Sample& s, Aggregate& agg) {
  for (std::size_t i = 0; i < evals_.size(); ++i)
    evaluate(evals_[i], s.pos,
             static_cast<int>(i) == s.origin_index ? Weighing::ByRarity : Weighing::None);
  ++agg.corpus;
  bool compared = false;
  std::size_t p = 0;
  for (std::size_t i = 0; i < evals_.size(); ++i)
    for (std::size_t j = i + 1; j < evals_.size(); ++j, ++p) {
      const long before = agg.pairs[p].compared;
      compare_pair(s, static_cast<int>(i), static_cast<int>(j), agg.pairs[p]);
      compared = compared || agg.pairs[p].compared != before;
    }
  if (compared) ++agg.corpus_compared;
}

void Comparer::compare_pair(const Sample& s, int ia, int ib, PairAgg& agg) {
  Eval& a = evals_[static_cast<std::size_t>(ia)];
  Eval& b = evals_[static_cast<std::size_t>(ib)];
  // 1. Both rulesets must hold the position as it is; a block is compared
  //    only between rulesets with the same blocking rule.
  if (!a.invalid.empty()) return void(++agg.skipped[a.invalid]);
  if (!b.invalid.empty()) return void(++agg.skipped[b.invalid]);
  if (s.pos.block != 0 && a.rules->block != b.rules->block) return void(++agg.skipped["block"]);
  ++agg.compared;
  // 2. House use is bookkeeping of the ruleset that has it; ignored when the
  //    other has none.
  const bool ignore_use = tracks_house_use(*a.rules) != tracks_house_use(*b.rules);

  std::vector<Finding> found;
  // 3. Moves of a: legal under a only, or common with a different result.
  for (std::size_t ka = 0; ka < a.moves.size(); ++ka) {
    const Move& m = a.moves[ka];
    const int kb = index_of_move(b.moves, m);
    if (kb < 0) {
      found.push_back({Kind::OnlyA, m, true, {}, static_cast<int>(ka), -1});
      continue;
    }
    Position ra = a.after[ka];
    Position rb = b.after[static_cast<std::size_t>(kb)];
    if (ignore_use) ra.used = rb.used = 0;
    if (ra != rb)
      found.push_back({Kind::Result, m, true, {}, static_cast<int>(ka), kb});
    else if (a.status_after(ka) != b.status_after(static_cast<std::size_t>(kb)))
      found.push_back({Kind::After, m, true, {}, static_cast<int>(ka), kb});
  }
  // 4. Moves of b that a does not allow.
  for (std::size_t kb = 0; kb < b.moves.size(); ++kb)
    if (index_of_move(a.moves, b.moves[kb]) < 0)
      found.push_back({Kind::OnlyB, b.moves[kb], true, {}, -1, static_cast<int>(kb)});
  // 5. Neither has a move, and they judge the game differently.
  const bool outcome_differs = a.status != b.status;
  if (a.moves.empty() && b.moves.empty() && outcome_differs)
    found.push_back({Kind::Outcome,
                     {},
                     false,
                     {label(fmt::format("({})", to_string(a.status))),
                      label(fmt::format("({})", to_string(b.status)))},
                     -1,
                     -1});

  bool moves_differ = false;
  bool results_differ = false;
  std::vector<GroupAgg*> touched;
  for (Finding& f : found) {
    moves_differ = moves_differ || f.kind == Kind::OnlyA || f.kind == Kind::OnlyB;
    results_differ = results_differ || f.kind == Kind::Result || f.kind == Kind::After;
    // Attribution: the first step where the traces part.
    Trace& ta = trace_a_;
    Trace& tb = trace_b_;
    ta.clear();
    tb.clear();
    switch (f.kind) {
      case Kind::OnlyA:
        f.parting = only_in(a, s.pos, static_cast<std::size_t>(f.shown_a), b, s.pos, ignore_use, ta,
                            tb, f.shown_b);
        break;
      case Kind::OnlyB:
        f.parting = swapped(only_in(b, s.pos, static_cast<std::size_t>(f.shown_b), a, s.pos,
                                    ignore_use, tb, ta, f.shown_a));
        break;
      case Kind::Result:
        trace_move(a, s.pos, static_cast<std::size_t>(f.shown_a), ta);
        trace_move(b, s.pos, static_cast<std::size_t>(f.shown_b), tb);
        f.parting = part(ta.events(), tb.events(), ignore_use);
        if (f.parting.step_a == kNoStep && f.parting.step_b == kNoStep)
          f.parting = quiet_parting(a, static_cast<std::size_t>(f.shown_a), b,
                                    static_cast<std::size_t>(f.shown_b), f.parting);
        break;
      case Kind::After: {
        // The move does the same under both; the rulesets part at the next
        // turn, where the side to move has a move under one only.
        trace_move(a, s.pos, static_cast<std::size_t>(f.shown_a), ta);
        trace_move(b, s.pos, static_cast<std::size_t>(f.shown_b), tb);
        f.parting = after_parting(a, static_cast<std::size_t>(f.shown_a), b,
                                  static_cast<std::size_t>(f.shown_b), ignore_use);
        break;
      }
      case Kind::Outcome:
        break;
    }
    GroupAgg& g = agg.groups[{f.parting.a.label, f.parting.b.label}];
    if (g.group.positions == 0 && g.group.total_items() == 0) {
      g.group.a = f.parting.a;
      g.group.b = f.parting.b;
    }
    ++g.group.items[static_cast<int>(f.kind)];
    if (std::find(touched.begin(), touched.end(), &g) == touched.end()) touched.push_back(&g);
    offer_witness(s, f, a, b, g);
  }
  for (GroupAgg* g : touched) ++g->group.positions;
  if (moves_differ) ++agg.moves_differ;
  if (results_differ) ++agg.results_differ;
  if (outcome_differs) ++agg.outcomes_differ;
}

}  // namespace detail
}  // namespace bao::diverge
