// What an engine did wrong, as one value: the protocol's faults (crash,
// timeout, malformed output, ...), the one Fault type of the project. The
// engine client (engine_client.hpp) makes them; the checker keeps them in
// its findings and its reports (oracle/checker/check.hpp), and the scenario
// runner turns them into the text of a failure. fault.cpp describes
// them (part of the oracle library, for the comparison and its bindings);
// the client (engine_client.cpp) says how an engine ended.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "oracle/core/enum_names.hpp"

namespace bao::protocol {

// What each value means:
//   SpawnFailed:        the command could not be started (not found, not executable)
//   Crash:              the engine exited, was killed, or closed its stdout
//   Timeout:            no response within the timeout
//   Malformed:          a line that is not `=`/`= payload`/`?`/`? message`, an overlong line,
//                       a last line without its '\n', a payload of the wrong shape, or a move
//                       listed twice in an answer to `moves`
//   ExtraOutput:        output no request asked for
//   WrongVersion:       `protocol` answered something other than `= 1`
//   UnsupportedRuleset: a ruleset the engine does not list, or refuses to select
//   NotRunning:         a request while no engine runs (after a fatal fault, before restart())
//   Interrupted:        EngineOptions::wake_fd became readable: the caller is stopping
#define BAO_FAULT_KINDS(X)                     \
  X(SpawnFailed, "spawn-failed")               \
  X(Crash, "crash")                            \
  X(Timeout, "timeout")                        \
  X(Malformed, "malformed")                    \
  X(ExtraOutput, "extra-output")               \
  X(WrongVersion, "wrong-version")             \
  X(UnsupportedRuleset, "unsupported-ruleset") \
  X(NotRunning, "not-running")                 \
  X(Interrupted, "interrupted")
BAO_NAMED_ENUM(FaultKind, std::uint8_t, BAO_FAULT_KINDS)

// A fatal fault leaves the engine in an unknown state, so the client stops it
// and a restart() is needed. UnsupportedRuleset is not fatal: the engine
// answered `?`, which leaves its state unchanged.
bool is_fatal(FaultKind kind);

// How a stopped engine ended.
struct ExitStatus {
  std::optional<int> code;    // exit status, when it exited
  std::optional<int> signal;  // the signal that killed it, when one did
  friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};
// "exit status 3", "signal 6 (SIGABRT)", or "still running" when neither.
std::string to_string(const ExitStatus& status);

struct Fault {
  FaultKind kind = FaultKind::Crash;
  std::string message;                     // what happened, for people
  std::string request;                     // the request being answered; empty if none
  std::optional<std::size_t> batch_index;  // its index in the batch, for batch()
  ExitStatus exit;                         // set once the engine has been reaped
  std::string stderr_tail;                 // the last bytes the engine wrote to stderr
  friend bool operator==(const Fault&, const Fault&) = default;
};
// Text from an engine (or a request) inside a one-line message: control and
// non-ASCII bytes as \xNN, cut after 120 bytes.
std::string shown(std::string_view text);

// One line, then the stderr tail (indented, control bytes as \xNN) when there
// is one: "timeout: no response within 300 ms to 'moves'".
std::string describe(const Fault& fault);

}  // namespace bao::protocol
