// EngineSession: the engine client under the restart policy
// (engine_session.hpp).
#include "oracle/protocol/engine_session.hpp"

#include <fmt/format.h>

#include <utility>

namespace bao::protocol {

EngineSession::EngineSession(EngineOptions options, RestartPolicy policy)
    : client_(std::move(options)), policy_(policy) {}

Result<EngineInfo> EngineSession::start() {
  if (started_once_) ++restarts_;
  started_once_ = true;
  selected_.clear();
  auto info = client_.start();
  if (!info) return record(info.fault());
  return info;
}

Fault EngineSession::record(Fault fault) {
  if (fault.kind != FaultKind::NotRunning) {
    last_fault_ = fault;
    ++faults_;
    if (is_fatal(fault.kind)) ++consecutive_faults_;
  }
  if (!client_.running()) selected_.clear();
  return fault;
}

bool EngineSession::given_up() const {
  return policy_.give_up_after > 0 && consecutive_faults_ >= policy_.give_up_after &&
         last_fault_.has_value();
}

std::optional<Fault> EngineSession::ensure_running() {
  if (client_.running()) return std::nullopt;
  if (given_up()) {
    Fault f;
    f.kind = FaultKind::NotRunning;
    f.message = fmt::format("not restarted after {} faults in a row; the last: {}",
                            consecutive_faults_, describe(*last_fault_));
    return f;
  }
  auto info = start();
  if (!info) return info.fault();
  return std::nullopt;
}

std::optional<Fault> EngineSession::select(std::string_view ruleset) {
  if (auto down = ensure_running()) return down;
  if (selected_ == ruleset) return std::nullopt;
  auto answer = client_.select_ruleset(ruleset);
  // Only an answered batch ends a run of faults: an engine restarted and
  // given its ruleset that fails every question is still failing.
  if (!answer) return record(answer.fault());
  selected_ = std::string(ruleset);
  return std::nullopt;
}

Result<std::vector<Response>> EngineSession::batch(std::string_view ruleset,
                                                   std::span<const std::string> lines) {
  if (auto fault = select(ruleset)) return *fault;
  return batch(lines);
}

Result<std::vector<Response>> EngineSession::batch(std::span<const std::string> lines) {
  if (auto down = ensure_running()) return *down;
  auto answers = client_.batch(lines);
  if (!answers) return record(answers.fault());
  consecutive_faults_ = 0;
  return answers;
}

}  // namespace bao::protocol
