// What each ruleset of a report answers at a group's witness, and so which
// side of the disagreement it takes: the adjudication cards of
// adjudication.html (docs/divergence.md, "Adjudication cards").
#include <fmt/format.h>

#include <optional>

#include "oracle/diverge/pages.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::diverge {
namespace {

// One ruleset's answer at a witness: whether the disputed move is legal
// there, and if so where it leads; without a move, the position's status.
struct Answer {
  const Ruleset* rules = nullptr;
  std::string invalid;  // why the ruleset cannot hold the position; empty if it can
  bool legal = false;
  Position after;
  Status status;
};

Answer answer_at(const Ruleset& rules, const Position& pos, const std::optional<Move>& move,
                 const Ruleset& pair_rules) {
  Answer a;
  a.rules = &rules;
  if (auto valid = validate_for_ruleset(rules, pos); !valid) {
    a.invalid = valid.error().message;
    return a;
  }
  // As the comparison does: a block is only compared between rulesets with
  // the same blocking rule.
  if (pos.block != 0 && rules.block != pair_rules.block) {
    a.invalid = "its blocking rule differs from the pair's";
    return a;
  }
  if (!move) {
    a.status = status(rules, pos);
    return a;
  }
  const MoveList moves = legal_moves(rules, pos);
  for (const Move& m : moves)
    if (m == *move) a.legal = true;
  if (!a.legal) return a;
  a.after = play(rules, pos, *move).value();
  a.status = status(rules, a.after);
  return a;
}

bool tracks_house_use(const Ruleset& r) {
  return r.house_kutakata != HouseKutakata::None;
}

// Whether two answers are the same, as the comparison judges a common
// move: house use is ignored when only one of the two records it.
bool same_answer(const Answer& x, const Answer& y, const std::optional<Move>& move) {
  if (!x.invalid.empty() || !y.invalid.empty()) return false;
  if (!move) return x.status == y.status;
  if (x.legal != y.legal) return false;
  if (!x.legal) return true;
  Position px = x.after;
  Position py = y.after;
  if (tracks_house_use(*x.rules) != tracks_house_use(*y.rules)) px.used = py.used = 0;
  return px == py && x.status == y.status;
}

std::string answer_text(const Answer& a, const std::optional<Move>& move, Side mover) {
  if (!a.invalid.empty()) return fmt::format("cannot hold the position ({})", a.invalid);
  if (!move) return fmt::format("no move; {}", to_string(a.status));
  const std::string m = move_to_string(*move, mover);
  if (!a.legal) return fmt::format("{} is not legal", m);
  return fmt::format("{} leads to {} ({})", m, to_bpn(a.after), to_string(a.status));
}

}  // namespace

bool source_conflict(const Group& group) {
  if (group.a.clause == ClauseId::None || group.b.clause == ClauseId::None) return false;
  return clause_info(group.a.clause).source_file != clause_info(group.b.clause).source_file;
}

std::vector<Verdict> adjudicate(const Report& report, const PairReport& pair, const Group& group) {
  const Witness& w = group.witness;
  const Position pos = parse_bpn(w.position).value();
  std::optional<Move> move;
  if (!w.move.empty()) move = parse_move(w.move, pos.to_move).value();
  const Answer a = answer_at(*pair.a, pos, move, *pair.a);
  const Answer b = answer_at(*pair.b, pos, move, *pair.a);
  std::vector<Verdict> out;
  for (const Ruleset* rules : report.rulesets) {
    const Answer r = rules == pair.a   ? a
                     : rules == pair.b ? b
                                       : answer_at(*rules, pos, move, *pair.a);
    Verdict v{std::string(rules->id), Stance::Neither, answer_text(r, move, pos.to_move)};
    if (!r.invalid.empty())
      v.stance = Stance::CannotHold;
    else if (rules == pair.a || same_answer(r, a, move))
      v.stance = Stance::WithA;
    else if (rules == pair.b || same_answer(r, b, move))
      v.stance = Stance::WithB;
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace bao::diverge
