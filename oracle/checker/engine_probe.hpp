// An external engine as the checker's Probe: one pipelined batch of protocol
// requests per position, through an EngineSession
// (oracle/protocol/engine_session.hpp) that never gives up restarting.
#pragma once

#include <memory>

#include "oracle/checker/check.hpp"
#include "oracle/protocol/engine_client.hpp"

namespace bao::check {

// How starting the engine for a check went.
struct EngineStart {
  std::unique_ptr<Probe> probe;  // set when the engine runs and plays the ruleset
  // Otherwise why not: it cannot be started (spawn-failed), lacks the
  // ruleset (unsupported-ruleset) or broke the protocol while starting.
  std::optional<Fault> fault;
};

// Starts the engine, does the handshake and selects `ruleset`. After a fatal
// fault while checking, the probe restarts the engine (and selects the
// ruleset again) before its next answer, however many faults came before.
EngineStart start_engine_probe(protocol::EngineOptions options, const std::string& ruleset);

}  // namespace bao::check
