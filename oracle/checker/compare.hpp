// The comparison of an engine's answers with the oracle's at one position,
// and the clause at which a difference departs: the part of the checker the
// language bindings use too (bindings/core/), so it needs nothing beyond the
// oracle library (no JSON, no RapidCheck, no processes).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/core/position.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check::detail {

// ---- The oracle's answers (compare.cpp) ----------------------------------------

struct OracleMove {
  Move move;
  std::string text;
  Position after;
  std::string bpn;
  std::string status;
};

struct OracleView {
  Status status;
  std::string status_text;
  std::vector<OracleMove> moves;  // legal_moves order
};

OracleView oracle_view(const Ruleset& rules, const Position& pos);

// An engine's move text in canonical form (unchanged when it does not parse).
std::string canonical_move(const std::string& text, Side mover);

// Moves the engine must refuse: the `+` or `t` form of legal moves where that
// form is not legal, an opponent's pit, and own pits that cannot start.
std::vector<std::string> illegal_sample(const Position& pos, const OracleView& v, int count,
                                        std::uint64_t salt);

// What a difference between the oracle's and an engine's answer is.
enum class NotationKind : std::uint8_t {
  None,          // a rules difference
  SideLetter,    // only the side letter of a finished position differs
  ExtensionKey,  // only an extension key the engine does not write differs
};

struct Difference {
  FindingKind kind = FindingKind::DifferentResult;
  std::string move;  // empty for the position itself
  std::string expected;
  std::string actual;
  NotationKind notation = NotationKind::None;
  std::string key;  // ExtensionKey: the key
};

// Every difference between the oracle's view and an engine's answers at
// `pos`: the status, the legal move set, and for every move the engine was
// asked to play, its result and status (a move the oracle refuses must be
// refused). Positions are compared on the keys of the protocol's table;
// `result` is never compared (outcomes go through `status`), and another
// extension key only when the engine writes it. Rules differences come
// first, in the order above; notation differences after. With
// `first_rule_only`, stops at the first rules difference.
std::vector<Difference> compare(const Position& pos, const OracleView& v, const PositionAnswer& a,
                                bool first_rule_only = false);

// The number of rules differences compare(pos, oracle_view(rules, pos), a)
// would give, counted lazily and at most `cap` (the number of moves a
// ruleset plays is what a switch search spends its time on).
std::size_t count_rule_differences(const Ruleset& rules, const Position& pos,
                                   const PositionAnswer& a, std::size_t cap);

// How the engine's position text `actual` differs from the oracle's
// position `expected` (`finished`: a finished game, whose side letter is
// notation only): nullopt when it does not, else `d` with its notation kind
// set (the protocol's "Comparing positions").
std::optional<Difference> position_difference(const Position& expected, bool finished,
                                              const std::string& actual, Difference d);

// Whether `diffs` holds a rules difference.
bool has_rule_difference(const std::vector<Difference>& diffs);

// The per-pit differences between two BPN results ("A3 4 -> 0, hand S 2 ->
// 1"); empty when either does not parse.
std::string pit_diff(const std::string& expected, const std::string& actual);

// ---- Where a difference departs (departure.cpp) -------------------------------

// For a difference no switch explains: the clause of the first step at
// which the engine's answer departs from the oracle's, and how that was
// worked out (one line). For a different result, from the engine's
// `trace` of the move when it serves one (`engine_trace`), else from the
// result.
// `answer`, when given, is the engine's whole answer at `pos`: a move
// allowed or refused otherwise is then put at the clause of the switch that
// comes closest to it there (the fewest differences left), not the first.
std::pair<std::string, std::string> departure(const Ruleset& rules, const Position& pos,
                                              const OracleView& v, const Difference& d,
                                              const std::optional<std::string>& engine_trace,
                                              const PositionAnswer* answer = nullptr);

// The same, saying whether the place is firm: read from the engine's own
// trace or status, from another of the oracle's moves, the stores, a key
// of the position or the length of a move left out; not firm where it is
// only the nearest switch's clause or the first step touching a pit that
// differs.
struct Located {
  std::string clause;
  std::string how;
  bool firm = false;
  // Placed by the switch nearest the engine at this one board: firm for
  // the board, but one board fits a switch by coincidence too, so a
  // report does not call it worked out. `switch_id` is that switch.
  bool one_board = false;
  std::string switch_id;
};
// `nearest_refuted`: the switch nearest the engine at this board was put to
// the test elsewhere and answered otherwise than the engine (the checker's
// stage 5b): no switch places the move then, and an engine that lists the
// same start in another form is not taken to leave this one out for how it
// starts (that form is what the refuted switch would have explained).
Located locate_departure(const Ruleset& rules, const Position& pos, const OracleView& v,
                         const Difference& d, const std::optional<std::string>& engine_trace,
                         const PositionAnswer* answer = nullptr, bool nearest_refuted = false);

// A second, independent departure in the same different result: the
// quiet count (BPN key quiet) differs after a move that captured in both
// answers, or in neither, so the engine counts turns its own way whatever
// else the result shows. Nothing where the ruleset keeps no count or the
// count follows from another difference.
std::optional<Located> counter_departure(const Ruleset& rules, const Position& pos,
                                         const OracleView& v, const Difference& d);

}  // namespace bao::check::detail
