// The engine's questions, counted (docs/checker.md, "Options": --budget):
// every request a run sends goes through one Questions value, which knows
// whom it charges (the games' first runs, or the follow-up) and how much of
// the budget it may use. Not for use outside oracle/checker/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/compare.hpp"
#include "oracle/checker/internal.hpp"

namespace bao::check::detail {

// Whom a request is charged to, and the share of --budget it may use.
enum class Charge : std::uint8_t {
  FirstRun,      // a game's first run: Stats::requests, within the games' share
  GameFollowUp,  // shrinking a game, a probe round's game: follow-up, within the games' share
  Finishing,     // settling and minimising: follow-up, within the whole budget
};

// The requests of --budget the games may spend: nine tenths, so that what
// they found can still be settled and minimised within the budget.
constexpr std::uint64_t games_budget(std::uint64_t budget) {
  return budget - budget / 10;
}

// The oracle's view of a position and the engine's answers there.
struct Asked {
  OracleView view;
  PositionAnswer answer;
};

// Engine questions at most, per position, to tell switches apart nearby.
inline constexpr int kExperimentsPerPosition = 24;

// A handle on the engine that counts what it asks. Cheap to copy: it points
// at the run's probe, stats and options.
class Questions {
 public:
  Questions(Probe& probe, Stats& stats, const CheckOptions& options, Charge charge)
      : probe_(&probe), stats_(&stats), options_(&options), charge_(charge) {}

  // The same engine, charging `c`.
  Questions charging(Charge c) const {
    Questions q = *this;
    q.charge_ = c;
    return q;
  }

  // Whether this charge's share of --budget is spent (never without one).
  bool spent() const;
  // Whether the run is being stopped (CheckOptions::stop_requested).
  bool stopping() const { return options_->stop_requested(); }

  // The engine's answers at `pos` for the model's legal moves and a sample
  // of moves it refuses.
  Asked ask(const Ruleset& rules, const Position& pos, const std::string& bpn);
  // The engine's answers for every move any of the rulesets lists, and a
  // sample of moves the first refuses; then for the moves the engine lists
  // that none of them does.
  PositionAnswer ask_all(const std::vector<const Ruleset*>& rulesets, const Position& pos);
  // The answer with the engine's results for every move it listed too, so
  // that a switch allowing such a move can be judged.
  PositionAnswer complete(const Position& pos, const std::string& bpn, const Asked& q);
  // The engine's `trace` of `move` (three requests), nullopt when it has none.
  std::optional<std::string> trace(const std::string& bpn, const std::string& move);
  // The engine asked for distinguish() and distances(), at most
  // kExperimentsPerPosition times (counted in `used`), while the budget lasts.
  Experiment experiment(int& used) const;

  const CheckOptions& options() const { return *options_; }
  Stats& stats() const { return *stats_; }

 private:
  void count(int requests);

  Probe* probe_;
  Stats* stats_;
  const CheckOptions* options_;
  Charge charge_;
};

}  // namespace bao::check::detail
