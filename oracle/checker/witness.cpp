// Stage 6, witnesses (docs/checker.md, "How deviations are found", step 6):
// what a finding holds at its board (the oracle's and the engine's answers,
// the departing clause of an unexplained difference), and each group's
// witness board made smaller with minimise_board() (minimise.cpp).
#include <optional>
#include <span>

#include "oracle/checker/stages.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

// The minimising budget of one witness, in steps.
constexpr int kMinimiseAsks = 400;

// The rulesets of the switches `ids`, as far as they are switches of `rules`.
std::vector<Switch> switches_named(const Ruleset& rules, const std::vector<std::string>& ids) {
  std::vector<Switch> out;
  for (const std::string& id : ids)
    if (auto c = find_switch(rules, id)) out.push_back(*c);
  return out;
}

}  // namespace

void fill_answers(Finding& f, const Ruleset& rules, const Position& pos, const OracleView& v,
                  const Difference& d, const PositionAnswer& a) {
  f.kind = d.kind;
  f.position = to_bpn(pos);
  f.move = d.move;
  f.expected = d.expected;
  f.actual = d.actual;
  f.oracle_status = v.status_text;
  f.oracle_moves.clear();
  f.oracle_result.clear();
  f.oracle_result_status.clear();
  for (const OracleMove& m : v.moves) {
    f.oracle_moves.push_back(m.text);
    if (m.text == d.move) {
      f.oracle_result = m.bpn;
      f.oracle_result_status = m.status;
    }
  }
  if (d.kind == FindingKind::ExtraMove && f.oracle_result.empty()) {
    if (auto parsed = parse_move(d.move, pos.to_move)) {
      auto r = play(rules, pos, *parsed);
      if (!r) f.expected = "illegal: " + r.error().message;
    }
  }
  f.engine = a;
  f.seeds = pos.total_seeds();
}

void fill_witness(Finding& f, const Ruleset& reference, const Position& pos,
                  const PositionAnswer& a) {
  const OracleView v = oracle_view(reference, pos);
  for (const Difference& d : compare(pos, v, a))
    if (d.notation == NotationKind::None) {
      fill_answers(f, reference, pos, v, d, a);
      return;
    }
}

void describe_unexplained(Finding& f, const Ruleset& rules, const Position& pos, const Asked& q,
                          const Difference& d, Questions& questions) {
  fill_answers(f, rules, pos, q.view, d, q.answer);
  std::optional<std::string> engine_trace;
  if (d.kind == FindingKind::DifferentResult && !questions.spent())
    engine_trace = questions.trace(to_bpn(pos), d.move);
  Located at = locate_departure(rules, pos, q.view, d, engine_trace, &q.answer);
  f.clauses = {at.clause};
  f.departure = at.how;
  f.departure_firm = at.firm && !at.one_board;
  f.more_departures.clear();
  if (auto counter = counter_departure(rules, pos, q.view, d);
      counter && counter->clause != at.clause)
    f.more_departures.push_back({counter->clause, counter->how, counter->firm});
}

namespace {

// Whether `f`, described again at another board, still shows the
// departure of the group with key `key`, its first or one of the others;
// `f` becomes the finding of that group.
bool shows_departure(Finding& f, const std::string& key) {
  if (group_key(f) == key) {
    f.more_departures.clear();
    return true;
  }
  for (auto& [clause, how, firm] : f.more_departures) {
    Finding g = f;
    g.clauses = {clause};
    g.departure = how;
    g.departure_firm = firm;
    g.more_departures.clear();
    if (group_key(g) != key) continue;
    f = std::move(g);
    return true;
  }
  return false;
}

}  // namespace

void minimise(const RunContext& run, Deviation& d) {
  Questions questions = run.questions(Charge::Finishing);
  Finding& f = d.witness;
  auto parsed = parse_bpn(f.found_at);
  if (!parsed) return;
  auto sw = find_switch(run.rules, d.switch_id);
  if (!sw) return;
  std::vector<Switch> context = switches_named(run.rules, f.context);
  auto ctx_rules = apply_switches(run.rules, context);
  context.push_back(*sw);
  auto with_rules = apply_switches(run.rules, context);
  if (!ctx_rules || !with_rules) return;
  // The engine's answers at the last board where the switch showed: the
  // board minimise_board() returns, so it is not asked again (asking
  // stops with the budget, as the games did).
  std::optional<PositionAnswer> last;
  auto shows_here = [&](const Position& c) {
    if (questions.spent() || questions.stopping()) return false;
    PositionAnswer a = questions.ask_all({&*ctx_rules, &*with_rules}, c);
    if (a.fault || !a.representable) return false;
    if (!answers_as(*with_rules, c, a) || answers_as(*ctx_rules, c, a)) return false;
    last = std::move(a);
    return true;
  };
  // The plain ruleset as the reference when the switch alone shows here.
  if (!f.context.empty() && !questions.spent() && !questions.stopping()) {
    auto alone = apply_switches(run.rules, std::span<const Switch>(&*sw, 1));
    PositionAnswer a = questions.ask_all({&run.rules, &*alone}, *parsed);
    if (!a.fault && a.representable && answers_as(*alone, *parsed, a) &&
        !answers_as(run.rules, *parsed, a)) {
      ctx_rules = run.rules;
      with_rules = *alone;
      f.context.clear();
      last = std::move(a);
    }
  }
  const auto [pos, steps] = minimise_board(run.rules, *parsed, shows_here, kMinimiseAsks);
  if (!last) return;  // not asked again: the witness stays the game's
  fill_witness(f, *ctx_rules, pos, *last);
  f.minimise_steps = steps;
  if (steps > 0) f.origin = "built";
}

void minimise(const RunContext& run, Finding& f) {
  // A fault has no board; a difference of the engine's own line shows only
  // along it (set at a smaller board, the engine answers otherwise).
  if (f.kind == FindingKind::ProtocolFault || f.kind == FindingKind::DifferentStart || f.own_line ||
      f.found_at.empty())
    return;
  Questions questions = run.questions(Charge::Finishing);
  auto parsed = parse_bpn(f.found_at);
  if (!parsed) return;
  auto ctx_rules = apply_switches(run.rules, switches_named(run.rules, f.context));
  if (!ctx_rules) return;
  const std::string key = group_key(f);
  // The finding at the last board where it still departed: the board
  // minimise_board() returns, so it is not asked again.
  std::optional<Finding> last;
  auto departs_here = [&](const Position& c) {
    if (questions.spent() || questions.stopping()) return false;
    Asked q = questions.ask(*ctx_rules, c, to_bpn(c));
    if (q.answer.fault || !q.answer.representable) return false;
    const auto diffs = compare(c, q.view, q.answer);
    if (!has_rule_difference(diffs)) return false;
    Finding g = f;
    describe_unexplained(g, *ctx_rules, c, q, diffs.front(), questions);
    if (!shows_departure(g, key)) return false;
    last = std::move(g);
    return true;
  };
  const auto [pos, steps] = minimise_board(run.rules, *parsed, departs_here, kMinimiseAsks);
  if (steps == 0 || !last) return;
  Finding m = std::move(*last);
  m.minimise_steps = steps;
  m.origin = "built";
  f = std::move(m);
}

}  // namespace bao::check::detail
