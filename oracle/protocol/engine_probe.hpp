// An external engine as a Probe (probe.hpp): each call one pipelined batch
// of protocol requests, through one EngineSession (engine_session.hpp) that
// restarts the engine after a fatal fault under the session's restart
// policy. The scenario runner starts it for every ruleset the engine lists
// (start()) and gives up after three faults in a row; the checker starts it
// for one ruleset (start_engine_probe) and never gives up.
//
// A `?` answer is the engine refusing (the answer's refusal texts); a fault
// (crash, timeout, malformed output...) is the answer's `fault`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/protocol/engine_session.hpp"
#include "oracle/protocol/probe.hpp"

namespace bao::protocol {

class EngineProbe final : public Probe {
 public:
  EngineProbe(EngineOptions options, RestartPolicy policy);
  // The scenario runner's probe, not started yet: it reads answer lines up
  // to 16 MiB (a scenario's move may trace to megabytes), where the
  // checker's keep the client's limit, past which a line is a fault.
  static std::unique_ptr<EngineProbe> for_scenarios(EngineOptions options,
                                                    RestartPolicy policy = {});

  // Starts (or restarts) the engine, does the handshake and selects each
  // ruleset the engine lists once, in one batch: those it accepts are the
  // ones select() accepts (one it refuses is as unplayed as one it does not
  // list). Error: the fault that stopped it, described.
  Expected<EngineInfo> start();
  // Starts the engine, does the handshake and selects `ruleset` alone: the
  // fault that stops it, or nothing when ready.
  std::optional<Fault> start(const std::string& ruleset);

  // The engine's `name`, or its command before a handshake.
  std::string name() override;
  // One of the rulesets the last start accepted.
  Expected<void> select(std::string_view ruleset) override;
  // Asked of an engine that is not running, the engine is started again
  // first (with the ruleset selected), unless the policy gave up.
  PositionAnswer ask(const Batch& batch) override;
  using Probe::ask;
  LineAnswer ask_line(const std::vector<std::string>& line, std::size_t skip) override;
  // Asked only of a running engine that has not said it lacks `trace`; a
  // fault here shows at the next position asked.
  std::optional<std::string> trace(const std::string& bpn, const std::string& move) override;
  void note(std::string_view text) override;

  // The last fault of the engine (fatal or not), kept after the restart.
  const std::optional<Fault>& last_fault() const { return session_.last_fault(); }
  // Counts over the probe's life.
  int faults() const { return session_.faults(); }
  int restarts() const { return session_.restarts(); }
  EngineClient& client() { return session_.client(); }

 private:
  // Sends `lines` with the selected ruleset (the engine restarted first if
  // a fault stopped it); the responses, or nothing with `a.fault` set, or
  // with `a.representable` false where the first request (a `position`)
  // was answered `?`.
  template <class Answer>
  std::optional<std::vector<Response>> send(const std::vector<std::string>& lines, Answer& a);

  EngineSession session_;
  std::vector<std::string> rulesets_;  // accepted at the last start
  bool started_ = false;               // rulesets_ holds a start's answers
  std::string selected_;               // the ruleset batches are asked under
  std::string name_;                   // from the last start's handshake
  std::string refused_;                // the `?` to the last batch's `position`
};

// How starting the engine for a check went.
struct EngineStart {
  std::unique_ptr<EngineProbe> probe;  // set when the engine runs and plays the ruleset
  // Otherwise why not: it cannot be started (spawn-failed), lacks the
  // ruleset (unsupported-ruleset) or broke the protocol while starting.
  std::optional<Fault> fault;
};

// Starts the engine, does the handshake and selects `ruleset`. After a fatal
// fault while checking, the probe restarts the engine (and selects the
// ruleset again) before its next answer, however many faults came before.
EngineStart start_engine_probe(EngineOptions options, const std::string& ruleset);

}  // namespace bao::protocol
