// The engine's questions, counted against --budget (questions.hpp).
#include "oracle/checker/questions.hpp"

#include <functional>
#include <set>

#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {

bool Questions::spent() const {
  const std::uint64_t budget = options_->request_budget;
  if (budget == 0) return false;
  const std::uint64_t limit = charge_ == Charge::Finishing ? budget : games_budget(budget);
  return stats_->requests + stats_->followup_requests >= limit;
}

void Questions::count(int requests) {
  (charge_ == Charge::FirstRun ? stats_->requests : stats_->followup_requests) +=
      static_cast<std::uint64_t>(requests);
}

Asked Questions::ask(const Ruleset& rules, const Position& pos, const std::string& bpn) {
  Asked q;
  q.view = oracle_view(rules, pos);
  std::vector<std::string> plays;
  for (const OracleMove& m : q.view.moves) plays.push_back(m.text);
  const auto illegal =
      illegal_sample(pos, q.view, options_->illegal_samples, std::hash<std::string>{}(bpn));
  plays.insert(plays.end(), illegal.begin(), illegal.end());
  q.answer = probe_->ask(bpn, plays);
  count(q.answer.requests);
  return q;
}

PositionAnswer Questions::ask_all(const std::vector<const Ruleset*>& rulesets,
                                  const Position& pos) {
  const std::string bpn = to_bpn(pos);
  std::vector<std::string> plays;
  std::set<std::string> seen;
  for (const Ruleset* r : rulesets) {
    if (!validate_for_ruleset(*r, pos)) continue;
    const OracleView v = oracle_view(*r, pos);
    for (const OracleMove& m : v.moves)
      if (seen.insert(m.text).second) plays.push_back(m.text);
    if (r == rulesets.front())
      for (const std::string& m :
           illegal_sample(pos, v, options_->illegal_samples, std::hash<std::string>{}(bpn)))
        if (seen.insert(m).second) plays.push_back(m);
  }
  PositionAnswer answer = probe_->ask(bpn, plays);
  count(answer.requests);
  if (answer.fault || !answer.representable) return answer;
  std::vector<std::string> more;
  for (const std::string& m : answer.moves)
    if (seen.insert(canonical_move(m, pos.to_move)).second) more.push_back(m);
  if (more.empty()) return answer;
  plays.insert(plays.end(), more.begin(), more.end());
  PositionAnswer again = probe_->ask(bpn, plays);
  count(again.requests);
  return again;
}

PositionAnswer Questions::complete(const Position& pos, const std::string& bpn, const Asked& q) {
  std::set<std::string> asked;
  for (const MoveAnswer& p : q.answer.plays) asked.insert(canonical_move(p.move, pos.to_move));
  std::vector<std::string> plays;
  for (const MoveAnswer& p : q.answer.plays) plays.push_back(p.move);
  bool more = false;
  for (const std::string& m : q.answer.moves)
    if (asked.insert(canonical_move(m, pos.to_move)).second) {
      plays.push_back(m);
      more = true;
    }
  if (!more) return q.answer;
  PositionAnswer again = probe_->ask(bpn, plays);
  count(again.requests);
  return again;
}

std::optional<std::string> Questions::trace(const std::string& bpn, const std::string& move) {
  auto t = probe_->trace(bpn, move);
  count(3);
  return t;
}

Experiment Questions::experiment(int& used) const {
  return [q = *this, &used](
             const Position& pos,
             const std::vector<const Ruleset*>& rs) mutable -> std::optional<PositionAnswer> {
    if (q.spent() || q.stopping() || used >= kExperimentsPerPosition) return std::nullopt;
    ++used;
    PositionAnswer a = q.ask_all(rs, pos);
    if (a.fault || !a.representable) return std::nullopt;
    return a;
  };
}

}  // namespace bao::check::detail
