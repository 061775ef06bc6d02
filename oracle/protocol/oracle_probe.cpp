// The oracle itself as a Probe (probe.hpp), answering in the process: the
// scenario runner's reference, the checker's tests, and `check` against
// the oracle's own mutants without a process. It answers what `bao-oracle
// engine` would (engine_server.cpp), with the clause ids of its traces.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/protocol/probe.hpp"

namespace bao::protocol {
namespace {

class OracleProbe final : public Probe {
 public:
  OracleProbe(std::vector<Ruleset> rules, std::string name)
      : rules_(std::move(rules)), name_(std::move(name)) {}
  std::string name() override { return name_; }

  Expected<void> select(std::string_view ruleset) override {
    for (std::size_t i = 0; i < rules_.size(); ++i)
      if (rules_[i].id == ruleset) {
        current_ = i;
        return {};
      }
    return Error{fmt::format("ruleset '{}' is not supported", ruleset)};
  }

  PositionAnswer ask(const Batch& b) override {
    PositionAnswer a;
    a.requests = requests(b);
    if (rules_.empty()) {
      a.representable = false;
      a.refusal = "no ruleset is played";
      return a;
    }
    const Ruleset& rules = rules_[current_];
    auto pos = position(rules, b.bpn);
    if (!pos) {
      a.representable = false;
      a.refusal = pos.error().message;
      return a;
    }
    if (b.show) a.shown = to_bpn(*pos);
    if (b.status) a.status = to_string(status(rules, *pos));
    if (b.moves)
      for (const Move& m : legal_moves(rules, *pos))
        a.moves.push_back(move_to_string(m, pos->to_move));
    for (const std::string& text : b.plays) {
      MoveAnswer ma;
      ma.move = text;
      auto m = parse_move(text, pos->to_move);
      Trace t;
      auto after =
          m ? play(rules, *pos, *m, b.trace ? &t : nullptr) : Expected<Position>(m.error());
      if (after) {
        ma.accepted = true;
        ma.bpn = to_bpn(*after);
        if (b.status_after) ma.status = to_string(status(rules, *after));
        if (b.trace) ma.trace = trace_items(t);
      } else {
        ma.refusal = after.error().message;
      }
      a.plays.push_back(std::move(ma));
    }
    return a;
  }

  LineAnswer ask_line(const std::vector<std::string>& line, std::size_t skip) override {
    LineAnswer a;
    if (rules_.empty()) {
      a.representable = false;
      return a;
    }
    const Ruleset& rules = rules_[current_];
    a.requests = 2 + static_cast<int>(std::min(skip, line.size())) +
                 3 * static_cast<int>(line.size() - std::min(skip, line.size())) + 2;
    Position pos = start_position(rules);
    a.start = to_bpn(pos);
    for (std::size_t i = 0; i <= line.size(); ++i) {
      LineStep step;
      step.status = to_string(status(rules, pos));
      for (const Move& m : legal_moves(rules, pos))
        step.moves.push_back(move_to_string(m, pos.to_move));
      if (i < line.size()) {
        step.played.move = line[i];
        auto m = parse_move(line[i], pos.to_move);
        auto after = m ? play(rules, pos, *m) : Expected<Position>(m.error());
        if (!after) {
          step.played.refusal = after.error().message;
          if (i >= skip) a.steps.push_back(std::move(step));
          break;  // the engine's position stays; the line ends here
        }
        step.played.accepted = true;
        step.played.bpn = to_bpn(*after);
        step.played.status = to_string(status(rules, *after));
        pos = *after;
      }
      if (i >= skip) a.steps.push_back(std::move(step));
    }
    return a;
  }

  std::optional<std::string> trace(const std::string& bpn, const std::string& move) override {
    if (rules_.empty()) return std::nullopt;
    const Ruleset& rules = rules_[current_];
    auto pos = position(rules, bpn);
    if (!pos) return std::nullopt;
    auto m = parse_move(move, pos->to_move);
    Trace t;
    if (!m || !play(rules, *pos, *m, &t)) return std::nullopt;
    return format_protocol_trace(t.events());
  }

 private:
  // The requests an engine would be sent for `b` (the oracle serves `trace`).
  static int requests(const Batch& b) {
    int n = 1 + int(b.show) + int(b.status) + int(b.moves);
    for (std::size_t i = 0; i < b.plays.size(); ++i)
      n += int(sets_position_again(b, i)) + 1 + int(b.status_after) + int(b.trace);
    return n;
  }
  // `position <bpn>` as the protocol reads it: "start" is the ruleset's start.
  static Expected<Position> position(const Ruleset& rules, const std::string& bpn) {
    if (bpn == "start") return start_position(rules);
    auto parsed = parse_bpn(bpn);
    if (!parsed) return parsed.error();
    return validate_for_ruleset(rules, *parsed);
  }
  // One item per event, with the clause that decided it.
  static std::vector<TraceItem> trace_items(const Trace& t) {
    std::vector<TraceItem> items;
    for (const Event& e : t.events()) {
      const std::string_view clause = clause_name(e.clause);
      items.push_back({format_protocol_trace({e}), clause == "-" ? "" : std::string(clause)});
    }
    return items;
  }

  std::vector<Ruleset> rules_;
  std::size_t current_ = 0;
  std::string name_;
};

}  // namespace

std::unique_ptr<Probe> oracle_probe(const Ruleset& rules, std::string name) {
  return std::make_unique<OracleProbe>(std::vector<Ruleset>{rules}, std::move(name));
}

std::unique_ptr<Probe> oracle_probe(Mutation mutant) {
  std::vector<Ruleset> rules;
  for (const Ruleset* r : all_rulesets())
    if (auto m = mutate(*r, mutant)) rules.push_back(std::move(*m));
  std::string name = "bao-oracle";
  if (mutant != Mutation::None) {
    name = "bao-oracle (mutant ?)";
    for (const MutantInfo& m : all_mutants())
      if (m.id == mutant) name = fmt::format("bao-oracle (mutant {})", m.name);
  }
  return std::make_unique<OracleProbe>(std::move(rules), std::move(name));
}

}  // namespace bao::protocol
