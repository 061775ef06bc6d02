// Stage 3, probe rounds (docs/checker.md, "Probe rounds"). A probe round
// plays the games at the starts of the sweep of a plan made under a model
// of the engine (the ruleset with the deviations the run has found so far,
// less those refuted), each played under the model from its first
// position, so that the deviations one deviation hides show on top of it.
// A switch of the model that the engine's answers prove wrong is refuted:
// the next round's model goes without it. A round ends at the first game
// that changes the model; a model met again resumes its round where it
// stopped. Game numbers are those a run with the model's switches --given
// plays, so `--given ... --game G` replays one. Not for use outside
// oracle/checker/.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "oracle/checker/stages.hpp"

namespace bao::check::detail {

class ProbeRounds {
 public:
  using Clock = std::chrono::steady_clock;
  // `result`: the run's, whose deviations the rounds add to and whose
  // stats count the rounds; `shows`: positions at which each switch showed.
  ProbeRounds(const RunContext& run, GameMemory& memory, const std::vector<Position>& corpus,
              Clock::time_point t0, CheckResult& result,
              std::map<std::string, std::uint64_t>& shows, std::function<void(bool)> progress)
      : run_(run),
        memory_(memory),
        corpus_(corpus),
        t0_(t0),
        result_(result),
        shows_(shows),
        progress_(std::move(progress)) {}

  // Plays rounds while the model changes, the run's limits allow and
  // kProbeRounds are not spent.
  void play();

  // What the rounds learnt: the switches refuted, where, and what replaced
  // them (ProbeFindings::standing is left empty: standing() is asked once
  // the groups replaced ones were folded into are known).
  ProbeFindings findings() const;
  // The switches of the last model a probe round played under, as the
  // run's deviations now stand (none when no round was played).
  std::set<std::string> standing() const;

 private:
  struct Round {
    std::unique_ptr<Model> model;  // the plan holds a reference to its rules
    std::unique_ptr<Plan> plan;
    // The run's witnesses, and the positions where a probe round refuted
    // a switch, where the engine answered as the model does.
    std::vector<Observed> evidence;
    std::size_t starts = 0;  // the sweep's
    std::size_t next = 0;    // the next start to play
  };

  bool out_of_limits() const;
  Model model_now() const;
  Round& round_for(const Model& model);
  bool play(Round& round);
  bool reinstate(const std::string& id);

  // Probe rounds a run plays at most.
  static constexpr std::uint64_t kProbeRounds = 12;

  const RunContext& run_;
  GameMemory& memory_;
  const std::vector<Position>& corpus_;
  Clock::time_point t0_;
  CheckResult& result_;
  std::map<std::string, std::uint64_t>& shows_;
  std::function<void(bool)> progress_;
  std::map<std::string, Round> rounds_;  // by the model's signature
  std::set<std::string> refuted_;
  std::map<std::string, std::string> replaced_;
  std::vector<Observed> refuted_at_;  // where a switch was refuted
  std::uint64_t rounds_left_ = kProbeRounds;
};

}  // namespace bao::check::detail
