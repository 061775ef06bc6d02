// An external engine as a scenario Subject (oracle/scenario/scenario.hpp):
// the scenario runner, and the checker's fuzzing, ask it the same questions
// they ask the oracle, and it asks the engine over the protocol.
//
// Each Subject call is one pipelined batch: the ruleset when it changes,
// `position <BPN>`, then the question (`moves`, `play <move>` and `trace`,
// `status`, or `show`). A `?` answer is the engine refusing (an Error with its
// message); a fault (crash, timeout, malformed output...) is an Error too,
// whose message starts with "engine fault: <kind>:", and last_fault() holds
// the Fault itself. After a fatal fault the engine is restarted on the next
// call, so one bad answer costs one check, not the run.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/protocol/engine_client.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {

using protocol::EngineClient;
using protocol::EngineInfo;
using protocol::EngineOptions;
using protocol::Fault;
using protocol::FaultKind;
using protocol::Response;

struct SubjectOptions {
  // After this many fatal faults in a row (no call answered in between), the
  // engine is no longer restarted and every call fails at once: a broken
  // engine must not cost a timeout per scenario. 0: always restart.
  int max_consecutive_faults = 3;
};

class ExternalSubject final : public scenario::Subject {
 public:
  explicit ExternalSubject(EngineOptions engine, SubjectOptions options = {});

  // Starts (or restarts) the engine, does the handshake and selects each
  // ruleset the engine lists once: those it accepts are the ones supports()
  // accepts. The Subject calls restart it on their
  // own after a fault.
  Expected<EngineInfo> start();

  // The engine's `name`, or its command before the handshake.
  std::string name() const override;
  // Whether the engine listed and accepted the ruleset at its last start: false for
  // every ruleset until the engine has started, so call start() before
  // handing the subject to the scenario runner.
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
  const std::optional<Fault>& last_fault() const { return last_fault_; }
  // Counts over the subject's life.
  int faults() const { return faults_; }
  int restarts() const { return restarts_; }
  EngineClient& client() { return client_; }

 private:
  // Runs `questions` after selecting `ruleset` and, when given, the position:
  // the answers to the questions only, or an Error for a fault or for a `?`
  // to the ruleset or the position.
  Expected<std::vector<Response>> ask(std::string_view ruleset, const std::string* bpn,
                                      std::vector<std::string> questions);
  Expected<EngineInfo> ensure_running();
  Error fault_error(const Fault& fault);

  EngineClient client_;
  SubjectOptions options_;
  std::vector<std::string> rulesets_;  // from the last successful handshake
  std::string engine_name_;
  std::string ruleset_;  // selected in the running engine; empty after a (re)start
  bool has_trace_ = true;
  bool started_once_ = false;
  std::optional<Fault> last_fault_;
  int faults_ = 0;
  int consecutive_faults_ = 0;
  int restarts_ = 0;
};

}  // namespace bao::check
