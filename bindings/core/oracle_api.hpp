// The oracle as a library for other languages (docs/bindings.md): plain
// strings in, plain structs out, one function per question an engine's test
// asks. The Python module (bindings/python/) and the WebAssembly package
// (bindings/js/) are thin layers over these functions, and these in turn
// over the same library calls as the command line (`moves`, `play`,
// `perft`), the protocol server (`status`, `trace`) and the checker's
// comparison (oracle/checker/compare.hpp), so every binding answers as they
// do.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/enum_names.hpp"

namespace bao::api {

// Bad input, by kind (docs/bindings.md, "Errors"): each binding raises it
// as an error of its own class.
// What each value means:
//   UnknownRuleset:  the ruleset id is not one of ours
//   InvalidPosition: BPN that does not parse, or that the ruleset cannot hold
//   InvalidMove:     move text that does not parse (or is not the mover's)
//   IllegalMove:     a well-formed move the position does not allow
//   InvalidArgument: anything else out of range: a depth, a status
#define BAO_INPUT_KINDS(X)               \
  X(UnknownRuleset, "unknown-ruleset")   \
  X(InvalidPosition, "invalid-position") \
  X(InvalidMove, "invalid-move")         \
  X(IllegalMove, "illegal-move")         \
  X(InvalidArgument, "invalid-argument")
BAO_NAMED_ENUM(InputKind, std::uint8_t, BAO_INPUT_KINDS)

// The message names the argument and, from the library's own error, what is
// wrong and where ("bpn: BPN field 3 (north rows): expected 8 counts, got 7
// at offset 41"); the same where is given as data: the argument ("bpn",
// "plays['A6L']"), the field at fault inside it where the library names one
// ("north rows", "house"; empty otherwise) and the byte offset there.
class InputError : public std::invalid_argument {
 public:
  InputError(InputKind kind, std::string argument, std::string message, std::string field = {},
             std::optional<std::size_t> offset = {});
  InputKind kind;
  std::string argument;
  std::string field;
  std::optional<std::size_t> offset;
};

// perft's depth limit: the command line's (`bao-oracle perft --depth`).
inline constexpr int kMaxPerftDepth = 12;

struct RulesetInfo {
  std::string id;  // "ap-zanzibar"
  std::string title;
  std::string source;  // the rule source's short id ("ap")
  std::string start;   // the start position, BPN
};

struct ClauseInfo {
  std::string id;    // "ap.sow.relay"
  std::string kind;  // "rule" or "interpretation"
  std::string source;
  std::string section;
  std::string paraphrase;
};

// One step of a move, with the clause that decided it.
struct TraceEvent {
  std::string kind;    // "lift", "sow", "capture", ... ("end" when the game ends)
  std::string pit;     // "A3"; empty for "end"
  int count = 0;       // seeds, for the kinds that carry a count (lift, capture, ...)
  std::string reason;  // "end" only: "front-empty", ...
  std::string clause;  // the deciding clause's id
  std::string text;    // the protocol's form of this step: "lift A3 3"
};

struct PlayResult {
  std::string bpn;     // the position after the move, canonical BPN
  std::string status;  // its status: "ongoing", "win S front-empty", ...
  std::vector<TraceEvent> trace;
  std::string trace_text;  // the protocol `trace` payload: "lift A3 3; sow A4; ..."
};

// What an engine said after playing one move.
struct PlayAnswer {
  std::string move;
  std::optional<std::string> bpn;     // nullopt: the engine refused the move
  std::optional<std::string> status;  // nullopt: not compared
};

// What an engine answers at one position. Each move, BPN and status is
// checked as input (an InputError naming it: "moves[2]", "plays['A6L']",
// "status"): a move that does not parse, a status that is not `ongoing`,
// `win S|N <reason>` or `draw <reason>` with a protocol reason word, a BPN
// that does not parse. A well-formed answer that differs is a Disagreement.
struct EngineAnswers {
  std::vector<std::string> moves;     // its legal moves, in any order and form
  std::optional<std::string> status;  // nullopt: not compared
  std::vector<PlayAnswer> plays;      // the moves it played there, if any
};

// The first way the engine's answers differ from the oracle's.
struct Disagreement {
  std::string kind;      // "missing-move", "extra-move", "different-result", "different-status"
  std::string move;      // the move concerned; empty for the position's own status
  std::string expected;  // the oracle's answer
  std::string actual;    // the engine's
  // Empty for a rules difference; "side-letter" or "extension-key used" for
  // a difference of notation only (../shared/spec/protocol.md, "Comparing
  // positions"), reported only when there is no rules difference.
  std::string notation;
  std::string clause;     // the clause the oracle's answer departs at
  std::string departure;  // how that clause was worked out
};

// Every ruleset, in the order of `bao-oracle rulesets`.
std::vector<RulesetInfo> rulesets();
// The clauses that govern a ruleset, in the order of `bao-oracle clauses`.
std::vector<ClauseInfo> clauses(std::string_view ruleset);

// `bpn` is BPN or the word `start` (the ruleset's start), as the command
// line's --position. Moves are in canonical protocol text, in the order the
// oracle generates them.
std::vector<std::string> legal_moves(std::string_view ruleset, std::string_view bpn);
PlayResult play(std::string_view ruleset, std::string_view bpn, std::string_view move);
std::string status(std::string_view ruleset, std::string_view bpn);
std::uint64_t perft(std::string_view ruleset, std::string_view bpn, int depth);

// nullopt when the engine's answers agree with the oracle's; differences are
// found as `bao-oracle check` finds them (the status, the move set, then
// each played move's result and status).
std::optional<Disagreement> compare(std::string_view ruleset, std::string_view bpn,
                                    const EngineAnswers& engine);

}  // namespace bao::api
