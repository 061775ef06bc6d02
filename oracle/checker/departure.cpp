// Where a difference departs: the clause of the first step at which an
// engine's answer leaves the oracle's, for a difference no switch explains
// (a check report's unexplained finding, and the bindings' compare()).
#include <fmt/format.h>

#include <string_view>

#include "oracle/checker/compare.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"

namespace bao::check::detail {
namespace {

// The clause a status names: the rule that ends the game that way, found
// by the reason word among the ruleset's clauses.
ClauseId status_clause(const Ruleset& rules, std::string_view status_text) {
  if (status_text.find("front-empty") != std::string_view::npos) return rules.cite.front_empty;
  if (status_text.find("infinite") != std::string_view::npos) return rules.cite.cutoff;
  static constexpr std::pair<std::string_view, std::string_view> kByName[] = {
      {"no-move", "no-move"},
      {"all-captured", "all-captured"},
      {"house-full", "house-full"},
      {"no-progress", "called"},
  };
  for (const auto& [reason, part] : kByName) {
    if (status_text.find(reason) == std::string_view::npos) continue;
    for (ClauseId c : rules.clauses)
      if (clause_name(c).find(part) != std::string_view::npos) return c;
  }
  return ClauseId::None;
}

// The items of a protocol trace ("lift A3 3; sow A4; ..."), trimmed.
std::vector<std::string> split_items(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(';', at);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(at, end - at);
    const auto first = item.find_first_not_of(' ');
    const auto last = item.find_last_not_of(' ');
    if (first != std::string::npos) out.push_back(item.substr(first, last - first + 1));
    at = end + 1;
  }
  return out;
}

// Where the two results agree pit for pit and part only in a key of the
// position (house status, a block, a reserve, a store): the step of the
// oracle's move that set that key, else the rule that governs it.
std::optional<std::pair<ClauseId, std::string>> key_departure(const Ruleset& rules,
                                                              const Trace& trace,
                                                              const Position& ours,
                                                              const Position& theirs) {
  if (ours.pits != theirs.pits) return std::nullopt;
  auto step_of = [&](std::initializer_list<EventKind> kinds) -> std::optional<ClauseId> {
    for (const Event& e : trace.events())
      for (EventKind k : kinds)
        if (e.kind == k) return e.clause;
    return std::nullopt;
  };
  if (ours.house != theirs.house) {
    if (auto c = step_of({EventKind::HouseLost}))
      return std::pair{*c, std::string("the house status differs: the oracle's step that ends it")};
    return std::pair{rules.cite.house_lost,
                     std::string("the house status differs: the rule that ends it")};
  }
  if (ours.block != theirs.block) {
    if (auto c = step_of({EventKind::BlockSet, EventKind::BlockCleared, EventKind::BlockExempt}))
      return std::pair{*c, std::string("the block differs: the oracle's step that sets or clears "
                                       "it")};
    const bool engine_keeps = (theirs.block & ~ours.block) != 0;
    return std::pair{engine_keeps ? rules.cite.block_clear : rules.cite.block_set,
                     std::string(engine_keeps ? "the engine keeps a block: the rule that clears it"
                                              : "the engine sets no block: the rule that sets it")};
  }
  if (ours.hand != theirs.hand)
    return std::pair{rules.cite.place,
                     std::string("the reserves differ: the rule that places a reserve seed")};
  return std::nullopt;
}

// Of the switches under which the oracle's answer to `move` at `pos`
// becomes the engine's (legal where the engine lists it, illegal where it
// refuses it), the one that leaves the fewest differences from the
// engine's whole answer there; the first in catalogue order on a tie.
std::optional<Switch> closest_switch(const Ruleset& rules, const Position& pos,
                                     const std::string& move, bool engine_allows,
                                     const PositionAnswer* answer) {
  std::optional<Switch> best;
  std::size_t fewest = 0;
  for (const Switch& s : switches_for(rules)) {
    auto r = apply_switches(rules, std::span<const Switch>(&s, 1));
    if (!r || !validate_for_ruleset(*r, pos)) continue;
    auto mv = parse_move(move, pos.to_move);
    if (!mv || play(*r, pos, *mv).ok() != engine_allows) continue;
    if (answer == nullptr) return s;
    const std::size_t left = count_rule_differences(*r, pos, *answer, 64);
    if (!best || left < fewest) {
      best = s;
      fewest = left;
    }
  }
  return best;
}

}  // namespace

std::pair<std::string, std::string> departure(const Ruleset& rules, const Position& pos,
                                              const OracleView& v, const Difference& d,
                                              const std::optional<std::string>& engine_trace,
                                              const PositionAnswer* answer) {
  auto name = [](ClauseId c) { return std::string(clause_name(c)); };
  const OracleMove* om = nullptr;
  for (const OracleMove& m : v.moves)
    if (m.text == d.move) om = &m;
  if (d.kind == FindingKind::DifferentStatus) {
    const std::string& expected = d.expected;
    const ClauseId c = status_clause(rules, expected != "ongoing" ? expected : d.actual);
    if (c != ClauseId::None)
      return {name(c), fmt::format("the rule that ends the game ({} against the engine's {})",
                                   expected, d.actual)};
  }
  if (d.kind == FindingKind::DifferentResult && om) {
    Trace trace;
    (void)play(rules, pos, om->move, &trace);
    // The engine's own trace: the first item where it and the oracle's part.
    if (engine_trace) {
      const std::vector<std::string> theirs = split_items(*engine_trace);
      for (std::size_t k = 0; k < trace.events().size(); ++k) {
        const std::string ours = format_protocol_trace({trace.events()[k]});
        if (k < theirs.size() && theirs[k] == ours) continue;
        return {name(trace.events()[k].clause),
                fmt::format("from the engine's trace: step {} is `{}` for the oracle, `{}` for the "
                            "engine",
                            k + 1, ours, k < theirs.size() ? theirs[k] : "(the end)")};
      }
    }
    // Else the first step of the oracle's move that touches a pit where the
    // two results differ.
    auto engine = parse_bpn(d.actual);
    if (engine)
      if (auto key = key_departure(rules, trace, om->after, *engine))
        return {name(key->first), "worked out from the result: " + key->second};
    if (engine) {
      for (const Event& e : trace.events()) {
        const bool pit_event = e.kind != EventKind::End;
        if (pit_event && om->after.at(e.side, e.pit) != engine->at(e.side, e.pit))
          return {name(e.clause),
                  fmt::format("worked out from the result: the first step of the oracle's move "
                              "that touches a pit where the results differ ({} {})",
                              to_string(e.kind), pit_name(e.side, e.pit))};
      }
      for (const Event& e : trace.events())
        if (e.kind == EventKind::End)
          return {name(e.clause),
                  "worked out from the result: the boards agree but the ending "
                  "step differs"};
    }
    if (!trace.events().empty())
      return {name(trace.events().back().clause),
              "worked out from the result: the last step of the oracle's move"};
  }
  if (d.kind == FindingKind::MissingMove && om && answer != nullptr)
    if (auto s = closest_switch(rules, pos, d.move, false, answer))
      return {name(s->clause),
              fmt::format("the rule that allows the move: switch {} would forbid it, and comes "
                          "closest to the engine's answers here",
                          s->id)};
  if (d.kind == FindingKind::MissingMove && om) {
    Trace trace;
    (void)play(rules, pos, om->move, &trace);
    if (!trace.events().empty())
      return {name(trace.events().front().clause),
              "the rule that lets the move start, from the oracle's trace"};
  }
  if (d.kind == FindingKind::ExtraMove)
    if (auto s = closest_switch(rules, pos, d.move, true, answer))
      return {name(s->clause),
              fmt::format("the rule that forbids the move: switch {} would allow it, though it "
                          "does not explain all the engine's answers here",
                          s->id)};
  ClauseId start = pos.hand[index_of(pos.to_move)] > 0 ? rules.cite.place : rules.cite.mtaji_start;
  // A ruleset that cites no such step (the single-lap games): the step
  // that starts the oracle's first legal move here, else its first clause.
  if (!governs(rules, start)) {
    start = rules.clauses.empty() ? start : rules.clauses.front();
    if (!v.moves.empty()) {
      Trace trace;
      (void)play(rules, pos, v.moves.front().move, &trace);
      if (!trace.events().empty()) start = trace.events().front().clause;
    }
  }
  return {name(start), "not worked out: the rule that starts a turn in this phase"};
}

}  // namespace bao::check::detail
