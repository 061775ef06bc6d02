// The one interface the project asks an engine through (docs/architecture.md,
// "One engine interface"): a Probe answers a Batch of protocol questions
// about one position in one call, so that an external engine can pipeline
// them. Two adapters implement it: the oracle itself, in the process
// (oracle_probe, possibly a mutant or a record with switches applied), and
// an external engine over the protocol (engine_probe.hpp, one EngineSession
// under one restart policy). The checker asks positions with their moves
// played (ask(bpn, plays)) and lines from the engine's start (ask_line); the
// scenario runner asks one question at a time, each a Batch of its own, so
// that it sends an engine exactly the requests a case needs.
//
// The answers are values: an engine that refuses or misbehaves gives an
// answer that says so (a `?` text, a Fault), never an exception.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/catalog/mutation.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/protocol/fault.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::protocol {

// One item of a move's trace: its protocol text ("capture a5 4") and the
// dotted id of the clause that decided it (only the oracle knows clauses;
// empty from an external engine).
struct TraceItem {
  std::string text;
  std::string clause;
  friend bool operator==(const TraceItem&, const TraceItem&) = default;
};

struct MoveAnswer {
  std::string move;       // as asked
  bool accepted = false;  // `=` to `play`
  std::string bpn;        // the engine's result (accepted)
  std::string status;     // the engine's status of the result (accepted and asked)
  std::string refusal;    // the `?` message (refused)
  // The move's `trace` (asked with Batch::trace): nullopt when it was not
  // asked or the engine does not serve the optional command.
  std::optional<std::vector<TraceItem>> trace;
  friend bool operator==(const MoveAnswer&, const MoveAnswer&) = default;
};

// Everything an engine said about one position.
struct PositionAnswer {
  bool representable = true;  // false: `?` to `position` (skipped, counted)
  std::string refusal;        // that `?` message
  std::optional<Fault> fault;
  // Set when the batch was not sent at all, and why (a question holding a
  // line break would split in two and shift every answer after it).
  std::string not_sent;
  // Whether the engine gave up restarting after this fault (the restart
  // policy): the fault's message then says so on its own.
  bool given_up = false;
  std::string shown;               // `show` (asked with Batch::show): "? ..." when refused
  std::string status;              // "? ..." when refused
  std::vector<std::string> moves;  // the engine's legal moves, as written
  std::optional<std::string> moves_refusal;  // the `?` message to `moves`
  std::vector<MoveAnswer> plays;             // one per move asked, in that order
  int requests = 0;                          // protocol requests this answer took
  friend bool operator==(const PositionAnswer&, const PositionAnswer&) = default;
};

// What one call asks about one position: `position <bpn>` ("start": the
// engine's own start), then each question asked for, then each play from
// the position (the position set again before each, when a question or a
// play came before it), with its status and trace when asked for.
struct Batch {
  std::string bpn;
  bool show = false;
  bool status = true;
  bool moves = true;
  std::vector<std::string> plays;
  bool status_after = true;  // `status` after each play
  bool trace = false;        // `trace` after each play (when the engine serves it)
};

// Whether play `i` of `batch` is preceded by `position <bpn>` again: when a
// question or a play came before it (each play starts from the position).
inline bool sets_position_again(const Batch& batch, std::size_t i) {
  return i > 0 || batch.show || batch.status || batch.moves;
}

// What an engine answered along a line of play it made itself
// (Probe::ask_line): `position start`, its `show`, then at each position of
// the line its status and legal moves and the result of the line's next
// move, the engine keeping whatever it keeps beside the position (the age
// of a block, a count of turns) as in a game of its own.
struct LineStep {
  std::string status;
  std::vector<std::string> moves;  // the engine's legal moves, as written
  MoveAnswer played;               // the line's next move; empty `move` at the line's end
  friend bool operator==(const LineStep&, const LineStep&) = default;
};
struct LineAnswer {
  std::optional<Fault> fault;
  bool representable = true;    // false: `?` to `position start`, or lines not served
  std::string start;            // the engine's `show` after `position start`
  std::vector<LineStep> steps;  // one per position of the line, from the start
  int requests = 0;
  friend bool operator==(const LineAnswer&, const LineAnswer&) = default;
};

// Something that answers for an engine: an external process speaking the
// protocol, or the oracle itself (possibly a mutant) in the process.
class Probe {
 public:
  virtual ~Probe() = default;
  virtual std::string name() = 0;
  // Selects the ruleset the next batches are asked under; an error when the
  // engine does not play it.
  virtual Expected<void> select(std::string_view ruleset) = 0;
  // The batched call: every question of `batch`, pipelined.
  virtual PositionAnswer ask(const Batch& batch) = 0;
  // The checker's question: the position's status and legal moves, then each
  // of `plays` from it with the status after.
  PositionAnswer ask(const std::string& bpn, const std::vector<std::string>& plays) {
    return ask(Batch{.bpn = bpn, .plays = plays});
  }
  // Plays `line` from the engine's own start position, asking at each
  // position what LineAnswer holds; `skip` moves first played without a
  // question (to reach the position where a line goes on). A probe that
  // cannot play lines answers not representable.
  virtual LineAnswer ask_line(const std::vector<std::string>& line, std::size_t skip = 0) {
    (void)line;
    (void)skip;
    LineAnswer a;
    a.representable = false;
    return a;
  }
  // The engine's `trace` of `move` from `bpn` as one line (the optional
  // protocol command), or nullopt when it does not serve one; an engine
  // that is not running is not started for it.
  virtual std::optional<std::string> trace(const std::string& bpn, const std::string& move) {
    (void)bpn;
    (void)move;
    return std::nullopt;
  }
  // A note for the transcript of the exchange, when there is one (`check
  // --log`, `scenarios --log`): where the run is (`game 17`), so that a
  // finding's exchange can be found. Asks the engine nothing.
  virtual void note(std::string_view text) { (void)text; }
};

// The oracle under `rules` (which may be a mutated record) as a probe that
// gives `name` for the engine's name; it plays that one ruleset.
std::unique_ptr<Probe> oracle_probe(const Ruleset& rules, std::string name = "bao-oracle");
// The oracle playing every ruleset, each with `mutant` applied
// (oracle/catalog/mutation.hpp): a ruleset the mutant's clause does not
// govern is one it does not play. Its traces carry the oracle's clause ids.
std::unique_ptr<Probe> oracle_probe(Mutation mutant = Mutation::None);

}  // namespace bao::protocol
