// The parts of the divergence report that its source files share: a corpus
// position as the comparison sees it, one ruleset's answers for a position,
// and the per-thread aggregate that the workers merge at the end.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "oracle/diverge/diverge.hpp"
#include "oracle/engine/engine.hpp"

namespace bao::diverge::detail {

// One corpus position and how it was reached: `line` played from
// `line_start` under `origin` (random play from the start, or a scenario's
// position and moves).
struct Sample {
  const Position& pos;
  const Ruleset& origin;
  int origin_index;           // in the report's rulesets, or -1
  std::string_view scenario;  // scenario id, empty for random play
  const Position& line_start;
  std::span<const Move> line;
};

// A switch of a ruleset (oracle/engine/switches.hpp: a clause mutant or
// another source's choice for one of its variation points), as the record
// it makes and the clause of the ruleset it departs from: used to name the
// rule that forbids a move no trace step explains.
struct ClauseSwitch {
  Ruleset rules;
  ClauseId clause;
};

// One ruleset's answers for a position: whether it can hold it, its status,
// its legal moves and where each leads.
struct Eval {
  const Ruleset* rules = nullptr;
  std::span<const ClauseSwitch> switches;  // of `rules`'s clauses
  std::string invalid;  // why the ruleset cannot hold the position (a BPN key); empty if it can
  Status status;
  MoveList moves;
  std::array<Position, MoveList::kCapacity> after;
  std::array<std::optional<Status>, MoveList::kCapacity> after_status;  // filled when needed
  std::array<int, MoveList::kCapacity> weight{};  // rarity weights (origin ruleset only)
  const Status& status_after(std::size_t k);
};

// The witness order: fewest seeds, then the shortest line, then the text of
// the position, the move and the line, so that the smallest witness does not
// depend on the order in which workers found them.
bool smaller(const Witness& x, const Witness& y);

struct GroupAgg {
  Group group;
  bool has_witness = false;
};

struct PairAgg {
  long compared = 0;
  long moves_differ = 0;
  long results_differ = 0;
  long outcomes_differ = 0;
  std::map<std::string, long> skipped;
  std::map<std::pair<std::string, std::string>, GroupAgg> groups;
};

struct Aggregate {
  std::vector<PairAgg> pairs;
  std::map<std::string, long> walked;
  long scenario_positions = 0;
  long corpus = 0;
  long corpus_compared = 0;
  // Adds `other` in: sums the counts, keeps the smaller witness.
  void merge(Aggregate&& other);
};

// Where two traces part, with the clause each side cites there.
struct Parting {
  Cited a, b;
  std::size_t step_a = kNoStep;
  std::size_t step_b = kNoStep;
};

// A disagreement found on one position, before it is counted.
struct Finding {
  Kind kind = Kind::Result;
  Move move{};
  bool has_move = true;
  Parting parting;
  int shown_a = -1;  // the move each side's trace shows, as an index in its moves
  int shown_b = -1;
};

// Evaluates positions under every ruleset of the report and compares every
// pair. One per worker thread; it owns its buffers, so the hot path does not
// allocate.
class Comparer {
 public:
  explicit Comparer(std::span<const Ruleset* const> rulesets);
  // Evaluates `s` under every ruleset (the origin's moves traced for their
  // rarity weights) and adds every pair's comparison to `agg`.
  void compare(const Sample& s, Aggregate& agg);
  const Eval& eval(int ruleset) const { return evals_[static_cast<std::size_t>(ruleset)]; }

 private:
  // Whether evaluate() traces each move to weigh it by its rarity (the
  // origin ruleset's moves only: the weights rank a pair's witnesses).
  enum class Weighing : std::uint8_t { None, ByRarity };
  void evaluate(Eval& e, const Position& pos, Weighing weighing);
  void compare_pair(const Sample& s, int ia, int ib, PairAgg& agg);
  // For a common move with the same result and a different status: where the
  // rulesets part at the next turn.
  Parting after_parting(const Eval& a, std::size_t ka, const Eval& b, std::size_t kb,
                        bool ignore_use);
  // Keeps the finding as the group's witness if it is the smallest yet
  // (trace_a_ and trace_b_ hold its traces).
  void offer_witness(const Sample& s, const Finding& f, Eval& a, Eval& b, GroupAgg& g);

  std::vector<const Ruleset*> rulesets_;
  std::vector<std::vector<ClauseSwitch>> switches_;  // per ruleset
  std::vector<Eval> evals_;
  Eval scratch_a_, scratch_b_;  // the next turn, for after_parting
  Trace trace_;                 // the origin's moves, for their weights
  Trace trace_a_, trace_b_;     // the finding being attributed
  Trace trace_x_, trace_y_;     // the next turn's moves
};

// How much more often random play picks a move whose trace shows a rare rule
// at work: a capture that turns the sowing round, the house question, a
// block or takasia, a long relay, the end of the reserves, the end of the
// game. 1 for an ordinary move.
int rarity_weight(const Position& before, const Move& move, const std::vector<Event>& trace,
                  const Position& after);

// The clause-insensitive identity of a trace step: two rulesets agree on a
// step when they do the same thing there, whichever clause each cites.
bool same_step(const Event& x, const Event& y);

// "(game over: no-move)" and the like.
std::string game_over_label(const Status& s);

// Text of the moves of `line`, played alternately from `first`.
std::vector<std::string> line_text(std::span<const Move> line, Side first);

// Work units: a walk of random play, or a slice of the scenario positions.
struct ScenarioPosition {
  Position pos;
  const Ruleset* origin;
  std::string scenario;
  Position line_start;
  std::vector<Move> line;
};

struct Unit {
  int ruleset = -1;  // walk: the ruleset it plays; -1 for scenario positions
  long index = 0;    // walk number for that ruleset, or first scenario position
  long count = 0;    // positions in the unit
};

// The report of a run from its merged aggregate: pairs in report order,
// each pair's groups most positions first (run.cpp; also the merge of
// shards, merge.cpp).
Report build_report(const Options& o, Aggregate&& agg, long scenario_files);

// Splits the random-play positions into walks and the scenario positions
// into slices.
std::vector<Unit> plan_units(const Options& options, std::size_t scenario_positions);

// Plays one walk: `unit.count` positions of random play under the unit's
// ruleset, each compared as it is reached.
void run_walk(const Options& options, const Unit& unit, Comparer& comparer, Aggregate& agg);

// The distinct positions of the scenario files: each scenario's position
// after its moves, under each of its rulesets the oracle implements.
Expected<std::vector<ScenarioPosition>> scenario_positions(const std::vector<std::string>& paths,
                                                           long* files);

}  // namespace bao::diverge::detail
