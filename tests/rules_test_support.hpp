// Helpers shared by the hand-worked clause tests: read a test position for a
// ruleset, list its legal moves, play a move (optionally traced) and read the
// status, all in protocol text so the expectations read like the rule texts;
// then read the trace (its text, its events' pits and clauses). Each helper
// takes the ruleset first.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::testing {

using Moves = std::vector<std::string>;

inline const Ruleset& rules(std::string_view id) {
  const Ruleset* r = find_ruleset(id);
  if (r == nullptr) {
    ADD_FAILURE() << "no ruleset " << id;
    r = all_rulesets().front();
  }
  return *r;
}
// The same, for files where `rules` names the ruleset in use.
inline const Ruleset& ruleset(std::string_view id) {
  return rules(id);
}

// Parses a test position and checks that the ruleset can represent it.
inline Position position(std::string_view id, std::string_view bpn) {
  auto parsed = parse_bpn(bpn);
  if (!parsed) {
    ADD_FAILURE() << "bad test position '" << bpn << "': " << parsed.error().message;
    return Position{};
  }
  auto valid = validate_for_ruleset(rules(id), *parsed);
  if (!valid)
    ADD_FAILURE() << "position '" << bpn << "' invalid for " << id << ": " << valid.error().message;
  return *parsed;
}

// The legal moves, sorted, in protocol notation.
inline Moves legal(std::string_view id, std::string_view bpn) {
  const Position pos = position(id, bpn);
  Moves out;
  for (const Move& m : legal_moves(rules(id), pos)) out.push_back(move_to_string(m, pos.to_move));
  std::sort(out.begin(), out.end());
  return out;
}

// The position after `move` as BPN, or "illegal: ..." when play refuses it.
inline std::string after(std::string_view id, std::string_view bpn, std::string_view move,
                         Trace* trace = nullptr) {
  const Position pos = position(id, bpn);
  auto m = parse_move(move, pos.to_move);
  if (!m) return "bad move: " + m.error().message;
  auto next = play(rules(id), pos, *m, trace);
  if (!next) return "illegal: " + next.error().message;
  return to_bpn(*next);
}

// The whole move: the resulting BPN and its trace.
struct Played {
  std::string bpn;
  Trace trace;
};
inline Played play_traced(std::string_view id, std::string_view bpn, std::string_view move) {
  Played p;
  p.bpn = after(id, bpn, move, &p.trace);
  return p;
}

inline std::string status_of(std::string_view id, std::string_view bpn) {
  return to_string(status(rules(id), position(id, bpn)));
}

// The start position shared by the guide, Ludii, the play site's Bao la
// Kiswahili and Abstract Play's default rules: 6 in the nyumba A5/a5, 2 in
// each of the two pits to its right, 22 in each hand, South first.
inline constexpr std::string_view kStandardStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

// The trace in protocol text ("lift A3 3; sow A4; ...").
inline std::string trace_text(const Trace& t) {
  return format_protocol_trace(t.events());
}

// Whether any event of the trace cites `clause`.
inline bool has_clause(const Trace& t, std::string_view clause) {
  for (const Event& e : t.events())
    if (clause_name(e.clause) == clause) return true;
  return false;
}

inline std::string event_pit(const Event& e) {
  return pit_name(e.side, e.pit);
}

inline int count_of(const Trace& t, EventKind kind) {
  return static_cast<int>(std::count_if(t.events().begin(), t.events().end(),
                                        [&](const Event& e) { return e.kind == kind; }));
}

// The clause of the first event of `kind` at `pit`, or "<none>".
inline std::string clause_at(const Trace& t, EventKind kind, std::string_view pit) {
  for (const Event& e : t.events())
    if (e.kind == kind && event_pit(e) == pit) return std::string(clause_name(e.clause));
  return "<none>";
}

// "<pit> <clause>" of the move's final Stop event, or "<none>".
inline std::string stop_clause(const Trace& t) {
  std::string out = "<none>";
  for (const Event& e : t.events())
    if (e.kind == EventKind::Stop) out = event_pit(e) + " " + std::string(clause_name(e.clause));
  return out;
}

// The clause ids named by `// clause: <id>` lines in a test file (a path
// relative to the repository root).
inline std::set<std::string> clause_markers(const std::string& file) {
  std::ifstream in(std::string(BAO_SOURCE_DIR) + "/" + file);
  std::set<std::string> ids;
  std::string line;
  const std::string marker = "// clause: ";
  while (std::getline(in, line))
    if (line.rfind(marker, 0) == 0) ids.insert(line.substr(marker.size()));
  return ids;
}

}  // namespace bao::testing
