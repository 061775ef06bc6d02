// The checker's primitives (not for use outside oracle/checker/): the
// search's plan and boundaries, the generated games, the board minimiser,
// the switch search and the report texts. The stages of a run that use
// them are in stages.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/compare.hpp"
#include "oracle/core/position.hpp"
#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check::detail {

// ---- The search (search.cpp) -------------------------------------------------

// A boundary side: a place at a threshold or an edge of a rule (a house
// holding one seed fewer than it needs to work, the last reserve seed, a
// capture facing a kimbi), which a position or one of its moves sits on.
struct BoundarySide {
  std::string id;  // "house-holds-5"
  std::string meaning;
};

// The boundary sides of a ruleset, in report order.
std::vector<BoundarySide> boundaries_for(const Ruleset& rules);

// What the oracle exercises at a position: the clauses the traces of its
// legal moves cite, and the boundary sides it or one of its moves sits on
// (ids, sorted, each once).
struct Exercised {
  std::vector<std::string> clauses;
  std::vector<std::string> boundaries;
};
Exercised exercised(const Ruleset& rules, const Position& pos);

// Counts `ex` in the stats' coverage.
void observe(Stats& stats, const Exercised& ex);

// Whether `line`, played from `from` under `rules`, is legal move by move
// and reaches the board written `bpn` (an empty `bpn`: never).
bool line_leads_to(const Ruleset& rules, const Position& from, const std::vector<std::string>& line,
                   const std::string& bpn);
// Whether `b` answers otherwise than `a` at `pos` (status, legal moves, a
// result or its status): where a switch from `a` to `b` would show.
bool answers_differ(const Ruleset& a, const Ruleset& b, const Position& pos);

// What a plan's sweep finds a start for: a position where `rules` answers
// otherwise than the plan's ruleset. `id` names it ("switch:no-relay").
struct Aim {
  std::string id;
  Ruleset rules;
};

// The starts of the guided games: positions a game could reach, chosen one
// after another so that together they meet every clause of the ruleset
// (by the traces of their moves), every boundary side, and every switch of
// the catalogue (a position where it answers otherwise) several times, the
// rarest first. Candidates come from the corpus, from play, from random
// boards and from boards built onto a boundary. It depends only on the
// ruleset, the corpus, the switches and the seed, never on the engine, so
// that game G of a seed is the same game in every process (--game, --jobs,
// --shard).
class Plan {
 public:
  // `sweep`: candidates tried for a start that shows one switch. `others`:
  // rulesets the sweep also finds a start for, each where it answers
  // otherwise than `rules`, before the switches' (a probe round's model
  // without one of its switches: where that switch shows), by name.
  // `self_play`: games of the oracle's own play from the start searched
  // for a switch none of the candidates shows.
  Plan(const Ruleset& rules, const std::vector<Position>& corpus, std::uint64_t seed,
       const std::vector<Switch>& switches, int sweep = kSweepCandidates,
       const std::vector<Aim>& others = {}, int self_play = kSweepSelfPlay);
  static constexpr int kSweepCandidates = 4000;
  static constexpr int kSweepSelfPlay = 3000;
  // The start of the k-th guided game; nullopt once the plan has nothing
  // left to aim at.
  std::optional<Position> start(std::size_t k);
  // The line of play from the ruleset's start that reached the k-th start,
  // when the oracle's own play from there found it (nullopt for a corpus
  // position, a random or a built board).
  std::optional<std::vector<std::string>> line(std::size_t k) const;
  // How many of the first starts are the sweep's (a start for each switch
  // that some candidate shows): a probe round plays those.
  std::size_t sweep_length();
  // Items ("clause:ID", "boundary:ID", "switch:ID") no start met.
  std::vector<std::string> unmet() const;
  // Asked now and then while the plan looks for starts (a sweep can try
  // tens of thousands of candidates): once true, the plan has no more
  // starts than it has found (the run is being stopped).
  void give_up_when(std::function<bool()> ask) { give_up_ = std::move(ask); }

 private:
  void extend();
  bool giving_up();
  void accept(const Position& pos, std::optional<std::vector<std::string>> line);
  // The i-th switch of the sweep, and those after it that `pos` shows too,
  // are met.
  void met_at(std::size_t i, const Position& pos);
  std::optional<Position> candidate();
  std::optional<Position> built();
  std::optional<Position> sparse();
  std::optional<Position> block_on_house(int n);
  std::optional<Position> walk();
  bool reachable(const Position& pos) const;
  std::vector<std::string> items(const Position& pos) const;
  std::uint64_t score(const std::vector<std::string>& items) const;

  const Ruleset& rules_;
  std::vector<Position> corpus_;
  std::mt19937_64 rng_;
  Position start_;
  int total_;
  std::vector<Aim> switched_;
  std::map<std::string, std::uint64_t> want_;
  std::map<std::string, std::uint64_t> planned_;
  std::set<std::string> met_;  // switches a start of the sweep shows
  std::vector<Position> starts_;
  std::vector<std::optional<std::vector<std::string>>> lines_;  // one per start
  // The moves of the walk in progress from the ruleset's start (empty and
  // not from the start when it began at a corpus position), and whether
  // the last candidate was the walk's, from the start.
  std::vector<std::string> walk_moves_;
  bool walk_from_start_ = false;
  bool last_walked_ = false;
  std::optional<std::vector<std::string>> last_line() const;
  std::size_t next_corpus_ = 0;
  std::optional<Position> walking_;  // the random game walk() is in
  int walk_plies_ = 0;
  int sweep_candidates_;
  std::uint64_t seed_;
  int self_play_;
  std::function<bool()> give_up_;
  std::size_t sweep_ = 0;                 // the next switch the first starts look for
  std::optional<std::size_t> sweep_end_;  // starts_.size() when the sweep ended
  std::uint64_t made_ = 0;
  int round_ = 0;
  bool done_ = false;
};

// ---- Games (generate.cpp) ---------------------------------------------------

// A generated game: where it starts and the choices that pick its moves.
struct Game {
  std::string start_text;  // "start" or a BPN
  std::string origin;      // "start", "corpus", "random" or "planned"
  Position start;
  std::vector<std::uint16_t> choices;
  // A planned game whose start the oracle's own play from the ruleset's
  // start reached: that line of moves, so that what the game finds is
  // shown by a line from the start (docs/checker.md, "Reachable evidence").
  std::optional<std::vector<std::string>> prefix;
  // A line game (origin "start" only): the engine plays the game's moves
  // from its own start, one after another, as in a game of its own
  // (docs/checker.md, "Line games"), instead of being set at each position.
  bool line = false;
};

// Inside a RapidCheck property: a start (the ruleset's, a random valid
// position, or a corpus position) and a line of move choices; with
// `planned`, that start and a short line (a guided game).
// `line`: a line game from the ruleset's start (Game::line).
Game generate_game(const Ruleset& rules, const std::vector<Position>& corpus,
                   const Position* planned = nullptr, bool line = false);

// The move choice `c` picks among `moves` (one in four prefers a rare rule).
Move pick(const Ruleset& rules, const Position& pos, const MoveList& moves, std::uint16_t c);

// ---- Minimising (minimise.cpp) ------------------------------------------------

// Boards simpler than `pos`, the biggest cuts first.
std::vector<Position> simpler_boards(const Position& pos);

// Greedy, deterministic: from `pos`, keeps taking the first simpler board
// that is valid for `rules` and for which `still_shows` holds, within
// `max_asks` calls of `still_shows` (a budget in steps, never in seconds:
// the same board on any machine). Returns the board and the number of cuts
// kept.
std::pair<Position, int> minimise_board(const Ruleset& rules, const Position& pos,
                                        const std::function<bool(const Position&)>& still_shows,
                                        int max_asks);

// ---- The switch search (diagnose.cpp) -------------------------------------------

// The oracle as the run currently believes the engine plays: the checked
// ruleset with some switches applied.
struct Model {
  const Ruleset* base = nullptr;
  std::vector<Switch> switches;
  Ruleset rules;

  // "" for the plain ruleset, else the switch ids joined by ','.
  std::string signature() const;
  // The model with `extra` added (nullopt when they cannot be combined).
  std::optional<Model> with(const std::vector<Switch>& extra) const;
  // The model without switch `i`.
  Model without(std::size_t i) const;
};

Model plain_model(const Ruleset& base);

// What the switch search found at a position.
struct Explanation {
  std::vector<Switch> added;  // one switch, or two that only together explain it
  // Other single switches that explain the position as well (the choice
  // among them is by catalogue order).
  std::vector<std::string> alternatives;
  // When set, the model's switch at this index is replaced by `added` (one
  // switch, or two that together answer where it did), or dropped when
  // `added` is empty (an earlier choice among switches that answered alike
  // proved wrong), instead of adding to the model.
  std::optional<std::size_t> replaces;
  // The switch removes some differences only: the rest need another.
  bool partial = false;
};

// A position the engine was asked about, and what it answered.
struct Observed {
  Position pos;
  PositionAnswer answer;
};

// Asks the engine at a position (for every move any of the rulesets lists,
// and a sample of moves they refuse); nullopt when the budget is spent or
// the engine cannot answer there.
using Experiment = std::function<std::optional<PositionAnswer>(const Position&,
                                                               const std::vector<const Ruleset*>&)>;

// Keeps among `candidates` (rulesets that each answer as the engine did at
// `pos`) those that also come closest to the engine at positions nearby
// (under `near`) where they answer apart, asking the engine there through
// `experiment`; their indices, in order. All of them when nothing tells
// them apart.
std::vector<std::size_t> distinguish(const std::vector<Ruleset>& candidates, const Ruleset& near,
                                     const Position& pos, const Experiment& experiment);

// How far each of `candidates` is from the engine near `pos`: the rule
// differences from the engine's answers summed over the positions nearby
// (under `near`) where they answer apart, at most kExperiments of them,
// asked through `experiment`. Unlike distinguish(), which keeps the closest
// at the first position that tells them apart, every position counts, so
// that one position where some other deviation of the engine shows does not
// decide alone. All zero when nothing tells them apart.
std::vector<std::size_t> distances(const std::vector<Ruleset>& candidates, const Ruleset& near,
                                   const Position& pos, const Experiment& experiment);

// Searches the catalogue for the switch (then pairs of switches) under
// which the model answers at `pos` exactly as the engine did (`answer` must
// hold the engine's results for every move it listed), and as the engine
// did at the positions of `history` (where the model already agreed).
// Several switches that answer alike at all of those are told apart by
// asking the engine at nearby positions where they answer apart
// (`experiment`, may be empty); those still alike are the alternatives.
// nullopt: nothing explains it.
std::optional<Explanation> explain(const Model& model, const std::vector<Switch>& catalogue,
                                   const Position& pos, const PositionAnswer& answer,
                                   const std::vector<Observed>& history,
                                   const Experiment& experiment);

// Whether `rules` answers at `pos` exactly as the engine did.
bool answers_as(const Ruleset& rules, const Position& pos, const PositionAnswer& answer);

// ---- Report texts (report.cpp), shared with report_html.cpp ------------------

// ", minimised from 64 in 9 cuts" when the board was minimised, else empty.
std::string minimised_text(const Finding& f);
// "1 cut", "3 cuts": a count and its noun, plural unless the count is 1.
std::string plural(std::uint64_t n, std::string_view word);
// Single quotes for a POSIX shell.
std::string shell_quote(const std::string& s);
// The position as a four-line text board (empty when `bpn` does not parse).
std::string board_text(const std::string& bpn);
// A file-name-safe word.
std::string slug(std::string_view s);
// The stable names of a finding's and a deviation's witness scenarios.
std::string witness_id(const CheckResult& r, const Finding& f, std::size_t index);
std::string deviation_id(const CheckResult& r, const Deviation& d);
// "probe rounds: 2 (57 games ...)" when the run played probe rounds, else empty.
std::string probe_text(const Stats& s);
// "reached from the start in 3 moves", "built: ...".
std::string origin_text(const Finding& f);
// The reference the witness's oracle answers come from: the ruleset, with
// the switches modelled there.
std::string reference_text(const CheckResult& r, const Finding& f);
// A clause for the Markdown report: id, citation, paraphrase.
std::string clause_md(const std::string& id);
// The witness scenario's `source:`.
std::string witness_source(const std::string& clause);
// A YAML single-quoted scalar, made printable first.
std::string yaml_quote(const std::string& raw);
// "interrupted by SIGINT after 12 games"; "stopped after 2 failing games ...".
std::string interrupted_text(const CheckResult& r);
std::string stopped_text(const CheckResult& r);
// What an interrupted report holds, one sentence.
inline constexpr std::string_view kInterruptedHolds =
    "what was found until then is kept; the witnesses are the boards the games met (not "
    "minimised) and the deviations were not settled together";
// Which of the run's deviations a list holds: those still open, or those an
// accept file (--accept) already knows.
enum class Acceptance : std::uint8_t { Open, Accepted };
// The run's deviations of one kind, in report order.
std::vector<const Deviation*> deviations_by(const CheckResult& r, Acceptance which);

// One line of the list a report opens with (docs/checker.md, "Reading the
// diagnosis"): a deviation or an unexplained group, its clause, what the
// engine does instead, in how many games, and how sure the run is.
struct ListItem {
  std::string clause;
  std::string what;
  std::uint64_t games = 0;
  std::string sure;    // "predicted at 5 of 6 positions", "only along its own line"
  bool first = false;  // a different start: listed first
  // Shown at a position a line from the ruleset's start reaches; the
  // others are listed last, as their own tier.
  bool reachable = true;
};
// The open deviations and the unexplained groups, a different start first,
// then those shown at positions games reach, the most games first, then
// those shown only on boards no game reaches.
std::vector<ListItem> first_list(const CheckResult& r);
// What an unexplained finding says the engine does, in plain words.
std::string what_engine_does(const Finding& f);
// ", wrong at none" or ", wrong at 2" after "predicted at 5 of 9" where a
// switch was put to positions that did not all tell it from the text;
// empty where it predicted the engine at every one.
std::string wrong_at(const Deviation& d);

// ---- HTML pages (report_html.cpp) ----------------------------------------------

// The start of a report page: doctype, head with the title and the inline
// CSS (boards included), and the title as <h1>; html_tail ends it with the
// provenance section.
std::string html_head(std::string_view title);
std::string html_tail(const Provenance& p);

}  // namespace bao::check::detail
