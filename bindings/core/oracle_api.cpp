// The facade over the oracle library. Arguments are read with the library's
// own parsers and checked as the command line checks them (read_setup and
// play_one in oracle/cli/commands.cpp), with the argument's name in front of
// the library's message; every answer comes from oracle/engine, and compare
// is the checker's comparison.
#include "bindings/core/oracle_api.hpp"

#include <fmt/format.h>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/checker/compare.hpp"
#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::api {
namespace {

[[noreturn]] void fail(InputKind kind, const std::string& argument, std::string_view message) {
  throw InputError(kind, argument, fmt::format("{}: {}", argument, message));
}

// The library's error, with the field and offset it names.
[[noreturn]] void fail(InputKind kind, const std::string& argument, const Error& e) {
  throw InputError(kind, argument, fmt::format("{}: {}", argument, e.message), e.field, e.offset);
}

const Ruleset& find_rules(std::string_view id) {
  if (const Ruleset* rules = find_ruleset(id)) return *rules;
  std::string known;
  for (const Ruleset* r : all_rulesets()) append_item(known, ", ", r->id);
  fail(InputKind::UnknownRuleset, "ruleset",
       fmt::format("unknown ruleset '{}' (known: {})", id, known));
}

// `start`, or BPN the ruleset can represent.
Position read_position(const Ruleset& rules, std::string_view text,
                       const std::string& argument = "bpn") {
  if (text == "start") return start_position(rules);
  auto parsed = parse_bpn(text);
  if (!parsed) fail(InputKind::InvalidPosition, argument, parsed.error());
  auto valid = validate_for_ruleset(rules, *parsed);
  if (!valid) fail(InputKind::InvalidPosition, argument, valid.error());
  return *valid;
}

// A move an engine wrote: well formed for one side or the other (one of
// the opponent's pits is a rules difference, not bad input).
void check_move_text(const std::string& text, Side mover, const std::string& argument) {
  auto m = parse_move(text, mover);
  if (m || parse_move(text, opponent(mover))) return;
  fail(InputKind::InvalidMove, argument, m.error());
}

// "ongoing", "win S|N <reason>", "draw <reason>", with a protocol reason word.
void check_status_text(const std::string& text, const std::string& argument) {
  const std::vector<std::string> w = split_words(text);
  const auto reason_ok = [](const std::string& r) {
    const std::optional<Reason> reason = enum_from_name<Reason>(r);
    return reason && *reason != Reason::None;  // "none" is no protocol reason word
  };
  const bool ok = (w.size() == 1 && w[0] == "ongoing" && text == "ongoing") ||
                  (w.size() == 3 && w[0] == "win" && (w[1] == "S" || w[1] == "N") &&
                   reason_ok(w[2]) && text == fmt::format("win {} {}", w[1], w[2])) ||
                  (w.size() == 2 && w[0] == "draw" && reason_ok(w[1]) && text == "draw " + w[1]);
  if (!ok)
    fail(InputKind::InvalidArgument, argument,
         fmt::format("'{}' is not a status: ongoing, win S|N <reason> or draw <reason>, with a "
                     "reason word of the protocol",
                     text));
}

// The engine's answers, checked as input before they are compared.
void check_answers(const EngineAnswers& engine, Side mover) {
  for (std::size_t i = 0; i < engine.moves.size(); ++i)
    check_move_text(engine.moves[i], mover, fmt::format("moves[{}]", i));
  if (engine.status) check_status_text(*engine.status, "status");
  for (const PlayAnswer& p : engine.plays) {
    const std::string where = fmt::format("plays['{}']", p.move);
    check_move_text(p.move, mover, where);
    if (p.bpn) {
      auto parsed = parse_bpn(*p.bpn);
      if (!parsed) fail(InputKind::InvalidPosition, where + ".bpn", parsed.error());
    }
    if (p.status) check_status_text(*p.status, where + ".status");
  }
}

std::string_view side_name(Side s) {
  return s == Side::South ? "South" : "North";
}

TraceEvent event_of(const Event& e) {
  TraceEvent out;
  out.kind = to_string(e.kind);
  if (e.kind == EventKind::End)
    out.reason = to_string(e.reason);
  else
    out.pit = pit_name(e.side, e.pit);
  out.count = e.count;
  out.clause = clause_name(e.clause);
  out.text = format_protocol_trace({e});
  return out;
}

// The checker's form of the engine's answers. What the engine did not say
// (a status) is filled in with the oracle's answer, so it is not compared.
check::PositionAnswer answer_of(const check::detail::OracleView& view, const EngineAnswers& engine,
                                Side mover) {
  check::PositionAnswer a;
  a.status = engine.status.value_or(view.status_text);
  a.moves = engine.moves;
  for (const PlayAnswer& p : engine.plays) {
    check::MoveAnswer m;
    m.move = p.move;
    m.accepted = p.bpn.has_value();
    m.bpn = p.bpn.value_or("");
    m.refusal = m.accepted ? "" : "(the engine refused it)";
    if (p.status) {
      m.status = *p.status;
    } else {
      const std::string text = check::detail::canonical_move(p.move, mover);
      for (const check::detail::OracleMove& om : view.moves)
        if (om.text == text) m.status = om.status;
    }
    a.plays.push_back(std::move(m));
  }
  return a;
}

std::string notation_of(const check::detail::Difference& d) {
  switch (d.notation) {
    case check::detail::NotationKind::None:
      return "";
    case check::detail::NotationKind::SideLetter:
      return "side-letter";
    case check::detail::NotationKind::ExtensionKey:
      return "extension-key " + d.key;
  }
  return "";
}

}  // namespace

InputError::InputError(InputKind kind_, std::string argument_, std::string message,
                       std::string field_, std::optional<std::size_t> offset_)
    : std::invalid_argument(std::move(message)),
      kind(kind_),
      argument(std::move(argument_)),
      field(std::move(field_)),
      offset(offset_) {}

std::vector<RulesetInfo> rulesets() {
  std::vector<RulesetInfo> out;
  for (const Ruleset* r : all_rulesets()) {
    const RuleSource* s = source_for_file(r->source_file);
    out.push_back({std::string(r->id), std::string(r->title),
                   s ? std::string(s->id) : std::string(r->source_file),
                   std::string(r->start_bpn)});
  }
  return out;
}

std::vector<ClauseInfo> clauses(std::string_view ruleset) {
  const Ruleset& rules = find_rules(ruleset);
  std::vector<ClauseInfo> out;
  for (ClauseId id : rules.clauses) {
    const Clause& c = clause_info(id);
    const RuleSource* s = source_for_file(c.source_file);
    out.push_back({std::string(c.name), std::string(to_string(c.kind)),
                   s ? std::string(s->id) : std::string(c.source_file), std::string(c.section),
                   std::string(c.paraphrase)});
  }
  return out;
}

std::vector<std::string> legal_moves(std::string_view ruleset, std::string_view bpn) {
  const Ruleset& rules = find_rules(ruleset);
  const Position pos = read_position(rules, bpn);
  std::vector<std::string> out;
  for (const Move& m : legal_moves(rules, pos)) out.push_back(move_to_string(m, pos.to_move));
  return out;
}

PlayResult play(std::string_view ruleset, std::string_view bpn, std::string_view move) {
  const Ruleset& rules = find_rules(ruleset);
  const Position pos = read_position(rules, bpn);
  auto parsed = parse_move(move, pos.to_move);
  if (!parsed) fail(InputKind::InvalidMove, "move", parsed.error());
  Trace trace;
  auto after = bao::play(rules, pos, *parsed, &trace);
  if (!after) {
    // As the command line says it: the legal moves follow.
    const std::string legal = moves_to_string(legal_moves(rules, pos), pos.to_move);
    fail(InputKind::IllegalMove, "move",
         fmt::format("{}; legal moves for {}: {}", after.error().message, side_name(pos.to_move),
                     legal.empty() ? "none" : legal));
  }
  PlayResult out;
  out.bpn = to_bpn(*after);
  out.status = to_string(bao::status(rules, *after));
  for (const Event& e : trace.events()) out.trace.push_back(event_of(e));
  out.trace_text = format_protocol_trace(trace.events());
  return out;
}

std::string status(std::string_view ruleset, std::string_view bpn) {
  const Ruleset& rules = find_rules(ruleset);
  return to_string(bao::status(rules, read_position(rules, bpn)));
}

std::uint64_t perft(std::string_view ruleset, std::string_view bpn, int depth) {
  const Ruleset& rules = find_rules(ruleset);
  if (depth < 0 || depth > kMaxPerftDepth)
    fail(InputKind::InvalidArgument, "depth",
         fmt::format("must be from 0 to {}, got {}", kMaxPerftDepth, depth));
  return bao::perft(rules, read_position(rules, bpn), depth);
}

std::optional<Disagreement> compare(std::string_view ruleset, std::string_view bpn,
                                    const EngineAnswers& engine) {
  const Ruleset& rules = find_rules(ruleset);
  const Position pos = read_position(rules, bpn);
  check_answers(engine, pos.to_move);
  const check::detail::OracleView view = check::detail::oracle_view(rules, pos);
  const check::PositionAnswer answer = answer_of(view, engine, pos.to_move);
  // Rules differences come first; a notation difference only when there is
  // no rules difference.
  const std::vector<check::detail::Difference> diffs = check::detail::compare(pos, view, answer);
  if (diffs.empty()) return std::nullopt;
  const check::detail::Difference& d = diffs.front();
  auto [clause, how] = check::detail::departure(rules, pos, view, d, std::nullopt);
  return Disagreement{std::string(check::to_string(d.kind)),
                      d.move,
                      d.expected,
                      d.actual,
                      notation_of(d),
                      std::move(clause),
                      std::move(how)};
}

}  // namespace bao::api
