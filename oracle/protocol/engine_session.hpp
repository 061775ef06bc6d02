// An external engine over a whole run: the one adapter both the scenario
// runner and the checker ask an engine through (its Probe,
// oracle/protocol/engine_probe.hpp). It owns the
// engine client, keeps the ruleset selected, counts faults and restarts the
// engine after a fatal one, under one restart policy (RestartPolicy).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/protocol/engine_client.hpp"

namespace bao::protocol {

// The restart policy: after a fatal fault (is_fatal) the engine is stopped;
// the next batch restarts it, does the handshake and selects its ruleset
// again, so one bad answer costs one question, not the run. After
// `give_up_after` fatal faults in a row (no batch answered in between) the
// engine is no longer restarted and every batch fails at once; 0: never
// give up. The scenario runner gives up after 3 (a dead engine must not cost
// a timeout per scenario); the checker never does (minimising a crash asks
// positions that crash, one after another).
struct RestartPolicy {
  int give_up_after = 3;
};

class EngineSession {
 public:
  EngineSession(EngineOptions options, RestartPolicy policy);

  // Starts (or restarts) the engine and does the handshake; no ruleset is
  // selected after it. A restart after the first start is counted.
  Result<EngineInfo> start();

  // `lines` asked with `ruleset` selected, pipelined: the engine restarted
  // first when a fault stopped it (unless the policy gave up), then
  // `ruleset <id>` asked when it is not the one selected (a `?` to it, or a
  // ruleset the engine does not list, is an UnsupportedRuleset fault). Every
  // response, or the fault; faults are counted, a fatal one stops the
  // engine.
  Result<std::vector<Response>> batch(std::string_view ruleset, std::span<const std::string> lines);
  // The same without a ruleset: the handshake's own follow-up questions.
  Result<std::vector<Response>> batch(std::span<const std::string> lines);

  // `ruleset <id>` when it is not the one selected (the engine started
  // first when none runs); the fault when that fails.
  std::optional<Fault> select(std::string_view ruleset);
  // Counts a fault the caller found itself (a ruleset its engine does not
  // play, say) and hands it back.
  Fault record(Fault fault);

  // Whether the policy gave up: `give_up_after` fatal faults in a row.
  bool given_up() const;
  // Whether the engine serves the optional `trace` command: true until it
  // answers `? unknown command` to it (then it is not asked again).
  bool serves_trace() const { return serves_trace_; }
  void lacks_trace() { serves_trace_ = false; }
  bool running() const { return client_.running(); }
  // Counts over the session's life.
  int faults() const { return faults_; }
  int consecutive_faults() const { return consecutive_faults_; }
  int restarts() const { return restarts_; }
  // The last fault (fatal or not; not-running ones are not kept), kept after
  // a restart.
  const std::optional<Fault>& last_fault() const { return last_fault_; }
  // The engine's `name` from the last handshake; empty before one.
  const std::string& engine_name() const { return client_.info().name; }
  EngineClient& client() { return client_; }
  const EngineClient& client() const { return client_; }

 private:
  // Starts the engine when no engine runs; the fault otherwise.
  std::optional<Fault> ensure_running();

  EngineClient client_;
  RestartPolicy policy_;
  std::string selected_;  // the ruleset the running engine has; empty after a (re)start
  bool started_once_ = false;
  bool serves_trace_ = true;
  std::optional<Fault> last_fault_;
  int faults_ = 0;
  int consecutive_faults_ = 0;
  int restarts_ = 0;
};

}  // namespace bao::protocol
