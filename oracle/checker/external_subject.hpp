// An external engine as a scenario Subject (oracle/scenario/scenario.hpp):
// the scenario runner, and the checker's fuzzing, ask it the same questions
// they ask the oracle, and it asks the engine over the protocol.
//
// Each Subject call is one pipelined batch: the ruleset when it changes,
// `position <BPN>`, then the question (`moves`, `play <move>` and `trace`,
// `status`, or `show`). A `?` answer is the engine refusing (an Error with its
// message); a fault (crash, timeout, malformed output...) is an Error too,
// whose message starts with "engine fault: <kind>:", and last_fault() holds
// the Fault itself. The engine is asked through an EngineSession
// (oracle/protocol/engine_session.hpp), under its restart policy: restarted
// after a fatal fault, given up after three in a row by default.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/protocol/engine_session.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {

using protocol::EngineClient;
using protocol::EngineInfo;
using protocol::EngineOptions;
using protocol::Fault;
using protocol::FaultKind;
using protocol::Response;
using protocol::RestartPolicy;

class ExternalSubject final : public scenario::Subject {
 public:
  explicit ExternalSubject(EngineOptions engine, RestartPolicy policy = {});

  // Starts (or restarts) the engine, does the handshake and selects each
  // ruleset the engine lists once: those it accepts are the ones supports()
  // accepts. The Subject calls restart it on their own after a fault (a
  // restart does the handshake again, not this selection).
  Expected<EngineInfo> start();

  // The engine's `name`, or its command before the handshake.
  std::string name() const override;
  // Whether the engine listed and accepted the ruleset at the last start():
  // false for every ruleset until then, so call start() before handing the
  // subject to the scenario runner.
  bool supports(std::string_view ruleset) const override;
  Expected<std::string> start_position(std::string_view ruleset) override;
  Expected<std::vector<std::string>> legal_moves(std::string_view ruleset,
                                                 const std::string& bpn) override;
  // With the `trace` items when the engine has the optional command (no
  // clause ids: the protocol has none); trace is nullopt when it does not.
  Expected<scenario::PlayResult> play(std::string_view ruleset, const std::string& bpn,
                                      const std::string& move) override;
  Expected<std::string> status(std::string_view ruleset, const std::string& bpn) override;

  // The last fault of the engine (fatal or not), kept after the restart.
  const std::optional<Fault>& last_fault() const { return session_.last_fault(); }
  // Counts over the subject's life.
  int faults() const { return session_.faults(); }
  int restarts() const { return session_.restarts(); }
  EngineClient& client() { return session_.client(); }

 private:
  // Runs `questions` with `ruleset` selected and, when given, the position:
  // the answers to the questions only, or an Error for a fault or for a `?`
  // to the position.
  Expected<std::vector<Response>> ask(std::string_view ruleset, const std::string* bpn,
                                      std::vector<std::string> questions);
  Error fault_error(const Fault& fault) const;

  protocol::EngineSession session_;
  std::vector<std::string> rulesets_;  // accepted at the last start()
  bool probed_ = false;                // rulesets_ holds a start()'s answers
};

}  // namespace bao::check
