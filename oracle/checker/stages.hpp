// The stages of a `check` run (docs/checker.md; docs/architecture.md, "The
// check pipeline"), in the order run_check() calls them:
//
//   1. plan          the starts of the guided games (search.cpp, Plan)
//   2. play games    each game drawn (rapidcheck_adapter.cpp), compared
//                    and diagnosed position by position (game.cpp), a
//                    failing one shrunk (shrink.cpp)
//   3. probe rounds  games under the model found so far (probe_rounds.cpp)
//   4. group         one deviation per switch (groups.cpp)
//   5. settle        the deviations judged together (settle.cpp)
//   6. minimise      each witness made smaller (witness.cpp)
//   7. order         the report's order (groups.cpp)
//
// Before them, stage 0 compares the engine's own start (start.cpp). Each
// stage takes the run's context and values and returns values. Not for use
// outside oracle/checker/.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/checker/questions.hpp"

namespace bao::check::detail {

// What every stage of one run shares: the ruleset, the engine, the options
// and the stats the run adds up.
struct RunContext {
  const Ruleset& rules;
  Probe& probe;
  const CheckOptions& options;
  Stats& stats;
  Model initial;                  // the accepted (and --given) switches
  std::vector<Switch> catalogue;  // switches_for(rules)
  // Line games are played (docs/checker.md, "Line games"): not when the
  // engine's own start differs, where every line would part at once.
  bool lines = true;

  RunContext(const Ruleset& r, Probe& p, const CheckOptions& o, Stats& s, Model m);
  Questions questions(Charge c) const { return {probe, stats, options, c}; }
  bool stopping() const { return options.stop_requested(); }
};

// ---- 0. The start (start.cpp) -------------------------------------------------------

// The ruleset's set-up clause: the one a different start departs from.
ClauseId setup_clause(const Ruleset& rules);
// The engine's own start position compared with the ruleset's: a finding
// (FindingKind::DifferentStart, at the set-up clause) when they differ in
// the rules, nullopt when they agree or the engine plays no lines.
std::optional<Finding> compare_start(const RunContext& run);

// ---- 2. Play games (game.cpp) ----------------------------------------------------

// How a game is played.
enum class Pass : std::uint8_t {
  First,   // the game's first run: everything recorded and counted
  Shrink,  // a run while shrinking a failing game: only the failure
  Probe,   // a probe round's game: deviations recorded, requests as follow-up
};

// What one game found.
struct GameOutcome {
  std::vector<Deviation> deviations;  // in the order diagnosed
  std::vector<NotationFinding> notation;
  std::optional<Finding> failure;  // unexplained difference or protocol fault: the game fails
  std::map<std::string, std::uint64_t> shows;  // positions at which each modelled switch shows
  // Switches the game started with (a probe round's model) that its
  // positions proved wrong: dropped or replaced by the switch search.
  std::vector<std::string> dropped;
  // Of those, the ones replaced: by the first switch that took its place.
  std::map<std::string, std::string> replaced;
  // The positions that proved them wrong, with the engine's answers.
  std::vector<Observed> refuted_at;
};

// What the runs of one game remember: the positions already found to agree
// under a model (shrinking replays the same positions many times), and the
// switches' single-switch records for the coverage. forget() before each
// game: what a game asks and counts then does not depend on the games
// played before it in the same process, so the shards of a campaign add up
// to the whole run.
class GameMemory {
 public:
  void forget() { agreed_.clear(); }
  bool agreed(const std::string& key) const { return agreed_.count(key) > 0; }
  void remember(const std::string& key);
  // Each switch of the catalogue alone, made once.
  const std::vector<std::pair<std::string, Ruleset>>& singles(const RunContext& run);

 private:
  static constexpr std::size_t kMaxRemembered = 100000;
  std::unordered_set<std::string> agreed_;
  std::optional<std::vector<std::pair<std::string, Ruleset>>> singles_;
};

// One game, from the model `start` (docs/checker.md, "How deviations are
// found": compare, diagnose, peel). Pass::First records what it finds in
// full and counts its positions, moves and requests in the stats;
// Pass::Shrink only the failure, its requests as follow-up; Pass::Probe its
// deviations, its requests as follow-up, nothing else counted. `outside`:
// positions outside this game where the engine answered as the model does
// (a probe round's: the run's witnesses), which a change to the model must
// still explain.
GameOutcome play_game(const RunContext& run, GameMemory& memory, const Game& g, Pass pass,
                      const Model& start, const std::vector<Observed>& outside = {});

// ---- 2. Shrinking a failing game (shrink.cpp) ------------------------------------

// A game of the run played as RapidCheck's one case for game `g`, shrunk
// while it fails (docs/checker.md, "How deviations are found").
struct PlayedGame {
  bool began = false;              // false: interrupted before the game began
  GameOutcome first;               // the game's first run
  std::optional<Finding> failure;  // the shrunk failure, when the game failed
  int shrinks = 0;                 // accepted shrink steps
};
// `prefix`: the line from the ruleset's start that reached `planned`.
PlayedGame play_and_shrink(const RunContext& run, GameMemory& memory,
                           const std::vector<Position>& corpus, const Position* planned,
                           const std::optional<std::vector<std::string>>& prefix, std::uint64_t g,
                           const std::vector<Finding>& known,
                           const std::function<void()>& progress);

// ---- 3. Probe rounds (probe_rounds.cpp) -------------------------------------------

// With the coverage search, one game in this many is a random game.
inline constexpr std::uint64_t kRandomEvery = 20;
// The plan's start of game `g` (nullopt: a random game) and back.
std::optional<std::size_t> plan_index(std::uint64_t g);
std::uint64_t planned_game(std::size_t k);

// The plan of the guided games of a run whose games start under `model`
// (probe_rounds.cpp explains the aims).
Plan plan_for(const Ruleset& rules, const Model& model, const std::vector<Position>& corpus,
              std::uint64_t seed);

// What probe rounds learnt about the run's switches.
struct ProbeFindings {
  std::set<std::string> refuted;                // switches a round refuted
  std::vector<Observed> refuted_at;             // where, with the engine's answers
  std::map<std::string, std::string> replaced;  // refuted, by the switch that took its place
  std::set<std::string> standing;               // the last model a round played under
};

// The rounds themselves: probe_rounds.hpp.

// ---- 4. and 7. Groups and order (groups.cpp) ----------------------------------------

// The witness order: fewest seeds where the game met it, then the shortest
// line, then the earliest game.
std::tuple<bool, int, std::size_t, std::uint64_t, std::uint64_t> witness_size(const Finding& x);
// The games and positions of `from` counted for `into`.
void count_for(Deviation& into, const Deviation& from);
// The switch's fields of a deviation.
void set_switch(Deviation& d, const Switch& s);
std::vector<std::string> ids_of(const std::vector<Switch>& switches);

// Group passes before settling and after: a deviation a probe round's
// switch replaced goes into the replacing one; groups that are one
// deviation seen through switches that answer alike are joined; a switch
// named as a deviation of its own leaves the others' `also`.
void fold_replaced(std::vector<Deviation>& deviations,
                   const std::map<std::string, std::string>& replaced);
void join_equivalents(std::vector<Deviation>& deviations, const std::set<std::string>& refuted,
                      const std::set<std::string>& standing);
void drop_named_from_also(std::vector<Deviation>& deviations);
// Deviations in the catalogue's order, notation by what it is.
void order(CheckResult& r, const Ruleset& rules);

// ---- 5. Settle (settle.cpp) ------------------------------------------------------

// The run's deviations as far as they combine, over the run's initial
// switches, but those in `skip`; the refuted ones last.
std::vector<Switch> combined(const RunContext& run, const std::vector<Deviation>& deviations,
                             const std::set<std::string>& refuted = {},
                             std::initializer_list<const Deviation*> skip = {});

// The deviations judged together (docs/checker.md, step 5, "Settle"), by
// the passes of kSettlePasses in order; the unexplained findings the whole
// model explains are dropped. Returns how many deviations and findings
// were dropped or folded in.
std::pair<int, int> settle(const RunContext& run, std::vector<Deviation>& deviations,
                           std::vector<Finding>& findings, const ProbeFindings& probes);

// ---- 5b. Evidence before a name (confirm.cpp) -------------------------------------

// Each deviation's switch put to the test with the others modelled
// (`shown`: positions where the games saw each switch show): named where
// it predicts the engine at kConfirmations positions and mispredicts none,
// otherwise moved to `findings` at its clause.
struct ConfirmResult {
  int unnamed = 0;  // deviations no switch was found to model
};
ConfirmResult confirm(const RunContext& run, std::vector<Deviation>& deviations,
                      std::vector<Finding>& findings, const ProbeFindings& probes);
// A position and the line of play from the ruleset's start that reaches it
// under the rule text (empty for a position of another origin).
struct Reached {
  Position pos;
  std::vector<std::string> line;
};
// Up to `count` positions of the oracle's own play from the ruleset's
// start (at most `games` games of 160 moves) where `a` and `b` answer
// apart, each from another game; the same for the same seed (the self-play
// search, search.cpp; tests/benchmarks measure it).
constexpr int kSelfPlayGames = 60;
std::vector<Reached> apart_in_play(const Ruleset& rules, const Ruleset& a, const Ruleset& b,
                                   std::size_t count, std::uint64_t seed,
                                   int games = kSelfPlayGames);
// A seed for the self-play search that depends on `id` and the run's seed
// alone.
std::uint64_t salt(std::string_view id, std::uint64_t seed);
// The unexplained findings the model of `deviations` explains, dropped
// (the engine, asked again at each, answers as the model); and those at
// the clause of a named deviation that, with the model, no longer depart
// at that clause, folded into it (one item per deviation: docs/checker.md,
// "How deviations are found", step 5b); how many.
int drop_explained(const RunContext& run, std::vector<Deviation>& deviations,
                   std::vector<Finding>& findings, const ProbeFindings& probes);

// ---- 6. Minimise (witness.cpp) ---------------------------------------------------

// The answers, move and departing clause of a finding at `pos`.
void fill_answers(Finding& f, const Ruleset& rules, const Position& pos, const OracleView& v,
                  const Difference& d, const PositionAnswer& a);
// The witness fields at `pos`: the first rules difference between the
// engine's answer `a` and `reference`.
void fill_witness(Finding& f, const Ruleset& reference, const Position& pos,
                  const PositionAnswer& a);
// Kind, move, answers and the departing clause of an unexplained
// difference `d` at `pos` under `rules`.
void describe_unexplained(Finding& f, const Ruleset& rules, const Position& pos, const Asked& q,
                          const Difference& d, Questions& questions);

// A deviation's witness made smaller: boards where the engine still
// answers as the witness's context with the switch does, and not as the
// context alone.
void minimise(const RunContext& run, Deviation& d);
// An unexplained finding's board made smaller: boards where the engine
// still departs at the same clause in the same way.
void minimise(const RunContext& run, Finding& f);

}  // namespace bao::check::detail
