// Stage 2, one game (docs/checker.md, "How deviations are found", steps 1
// to 3): the engine asked at every position of the game, its answers
// compared with the model's, a difference diagnosed by the switch search
// (diagnose.cpp) and the switch found modelled for the rest of the game
// (peeling), until the game's choices are used up or a difference stays
// unexplained.
#include <fmt/format.h>

#include <algorithm>

#include "oracle/checker/stages.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {

RunContext::RunContext(const Ruleset& r, Probe& p, const CheckOptions& o, Stats& s, Model m)
    : rules(r), probe(p), options(o), stats(s), initial(std::move(m)), catalogue(switches_for(r)) {}

void GameMemory::remember(const std::string& key) {
  if (agreed_.size() >= kMaxRemembered) agreed_.clear();  // bounded memory
  agreed_.insert(key);
}

const std::vector<std::pair<std::string, Ruleset>>& GameMemory::singles(const RunContext& run) {
  if (!singles_) {
    singles_.emplace();
    for (const Switch& s : run.catalogue)
      if (auto r = apply_switches(run.rules, std::span<const Switch>(&s, 1)))
        singles_->push_back({s.id, *r});
  }
  return *singles_;
}

namespace {

// Diagnoses tried at one position before it counts as unexplained.
constexpr int kPeelsPerPosition = 5;
// Positions of the game a new switch must agree at (the latest ones).
constexpr std::size_t kHistory = 64;

std::string notation_what(const Difference& d) {
  return d.notation == NotationKind::SideLetter ? "side-letter" : "extension-key " + d.key;
}

std::string notation_description(const Difference& d) {
  if (d.notation == NotationKind::SideLetter)
    return "the side to move written after a move that ends the game is not the mover's "
           "opponent (the protocol's \"Side to move\")";
  return fmt::format(
      "the result does not write the oracle's extension key `{}`, which the protocol does not "
      "require (\"Comparing positions\")",
      d.key);
}

// One run of one game: the state play_game() keeps while it walks the game.
class GameRun {
 public:
  GameRun(const RunContext& run, GameMemory& memory, const Game& g, Pass pass, const Model& start)
      : run_(run),
        memory_(memory),
        game_(g),
        collect_(pass == Pass::First),
        record_(pass != Pass::Shrink),
        questions_(run.questions(pass == Pass::First ? Charge::FirstRun : Charge::GameFollowUp)),
        model_(start),
        given_(ids_of(start.switches)),
        started_with_(start.switches.size()),
        alternatives_(start.switches.size()) {}

  GameOutcome play(const std::vector<Observed>& outside) {
    // Positions where a difference was diagnosed, all, and the evidence.
    anchors_ = outside;
    if (game_.line) {
      if (auto out = play_line()) return std::move(*out);
    }
    Position pos = game_.start;
    for (std::size_t i = 0;; ++i) {
      if (questions_.spent() || questions_.stopping()) return std::move(out_);
      const std::string bpn = to_bpn(pos);
      if (!memory_.agreed(model_.signature() + "|" + bpn)) {
        if (!at(pos, bpn, i == 0)) return std::move(out_);
        // Under the model as the position left it (peeling may change it).
        memory_.remember(model_.signature() + "|" + bpn);
      }
      if (i == game_.choices.size()) return std::move(out_);
      const MoveList moves = legal_moves(model_.rules, pos);
      if (moves.empty()) return std::move(out_);
      const Move m = pick(model_.rules, pos, moves, game_.choices[i]);
      line_.push_back(move_to_string(m, pos.to_move));
      pos = play_move(pos, m);
    }
  }

 private:
  // A line game (docs/checker.md, "Line games"): the engine asked along
  // the game's line from its own start, a position at a time only where
  // its line answers differ from the model's. nullopt when the engine
  // plays no lines (the game is then played position by position).
  std::optional<GameOutcome> play_line() {
    Position pos = game_.start;
    while (!questions_.spent() && !questions_.stopping()) {
      // The rest of the line under the model as it stands, asked at once.
      const std::size_t base = line_.size();
      std::vector<std::string> line = line_;
      std::vector<Position> at_ply{pos};
      for (std::size_t k = base; k < game_.choices.size(); ++k) {
        const MoveList moves = legal_moves(model_.rules, at_ply.back());
        if (moves.empty()) break;
        const Move m = pick(model_.rules, at_ply.back(), moves, game_.choices[k]);
        line.push_back(move_to_string(m, at_ply.back().to_move));
        at_ply.push_back(play_move(at_ply.back(), m));
      }
      const LineAnswer a = questions_.ask_line(line, base);
      if (!a.representable && !a.fault) {
        if (base == 0) return std::nullopt;  // no lines: position by position
        return std::move(out_);
      }
      if (a.fault) {
        if (!questions_.stopping()) {
          PositionAnswer faulted;
          faulted.fault = a.fault;
          out_.failure = fault_finding(to_bpn(pos), Asked{{}, faulted});
        }
        return std::move(out_);
      }
      bool replanned = false;
      for (std::size_t s = 0; s < a.steps.size() && s < at_ply.size() && !replanned; ++s) {
        const Position& here = at_ply[s];
        const std::string bpn = to_bpn(here);
        const PositionAnswer step = step_answer(a.steps[s]);
        const OracleView view = oracle_view(model_.rules, here);
        if (collect_) count_position(here, view);
        const std::vector<Difference> diffs = compare(here, view, step);
        if (collect_) record_notation(here, bpn, Asked{view, step}, diffs);
        const bool has_move = base + s < line.size();
        if (has_rule_difference(diffs)) {
          // The whole answer there, the engine set at the position: the
          // switch search needs every move's result.
          if (!at(here, bpn, false, false)) return std::move(out_);
          const OracleView now = oracle_view(model_.rules, here);
          const std::vector<Difference> left = compare(here, now, step);
          if (has_rule_difference(left)) {
            // Set at the position, the engine answers as the model does
            // (or cannot be set there); along its own line it does not.
            line_only(here, Asked{now, step}, left, refused_position_);
            return std::move(out_);
          }
          // The model changed: the rest of the line is planned with it,
          // past this ply's move if the engine played it.
          replanned = true;
          pos = here;
          if (!has_move || !a.steps[s].played.accepted) continue;
        } else {
          if (record_) count_shows(here, step);
          remember(here, step);
        }
        if (!has_move) return std::move(out_);  // the line's end
        const auto m = parse_move(line[base + s], here.to_move);
        line_.push_back(line[base + s]);
        pos = play_move(here, *m);
      }
      if (!replanned) return std::move(out_);
    }
    return std::move(out_);
  }

  // A line step as a position answer: its status, its moves, and the one
  // move the line played there.
  static PositionAnswer step_answer(const LineStep& s) {
    PositionAnswer a;
    a.status = s.status;
    a.moves = s.moves;
    if (!s.played.move.empty()) a.plays.push_back(s.played);
    return a;
  }

  // The finding of a difference the model does not explain, described at
  // its first difference of rules (not of notation).
  Finding unexplained(const Position& pos, const Asked& q, const std::vector<Difference>& diffs) {
    Finding f;
    met_in(f);
    f.context = ids_of(model_.switches);
    for (const Difference& d : diffs)
      if (d.notation == NotationKind::None) {
        describe_unexplained(f, model_.rules, pos, q, d, questions_);
        break;
      }
    return f;
  }

  // A difference along the engine's own line that the model does not
  // explain: the game fails there. `refused`: the engine could not be set
  // at the position, so nothing tells whether it answers otherwise there.
  void line_only(const Position& pos, const Asked& q, const std::vector<Difference>& diffs,
                 bool refused) {
    Finding f = unexplained(pos, q, diffs);
    f.departure = (refused ? std::string("along the engine's own line from its start (it "
                                         "refuses to be set at the position); ")
                           : std::string("only along the engine's own line from its start: set "
                                         "at the position (`position BPN`), it answers as the "
                                         "model; ")) +
                  f.departure;
    f.found_at = f.position;
    f.found_seeds = f.seeds;
    f.own_line = !refused;
    out_.failure = std::move(f);
  }

  Position play_move(const Position& pos, const Move& m) const {
    return bao::play(model_.rules, pos, m).value();
  }

  // The engine asked at `pos` and compared; a difference diagnosed. False
  // when the game ends here (a fault, an unexplained difference, or a
  // first position the engine cannot represent).
  // `count`: the position is counted in the stats here (a line game has
  // counted it already).
  bool at(const Position& pos, const std::string& bpn, bool first, bool count = true) {
    Asked q = questions_.ask(model_.rules, pos, bpn);
    refused_position_ = !q.answer.representable && !q.answer.fault;
    if (refused_position_) {
      if (collect_ && count) ++run_.stats.skipped;
      return !first;  // the engine cannot play this game at all
    }
    if (collect_ && count) count_position(pos, q.view);
    if (q.answer.fault) {
      if (!questions_.stopping()) out_.failure = fault_finding(bpn, q);
      return false;
    }
    const std::vector<Difference> diffs = compare(pos, q.view, q.answer);
    if (collect_) record_notation(pos, bpn, q, diffs);
    if (has_rule_difference(diffs)) {
      PositionAnswer full = questions_.complete(pos, bpn, q);
      if (full.fault) {
        q.answer = full;
        if (!questions_.stopping()) out_.failure = fault_finding(bpn, q);
        return false;
      }
      // The evidence a switch must agree with: every position this game
      // diagnosed, and the latest ones where the model agreed.
      std::vector<Observed> evidence = anchors_;
      evidence.insert(evidence.end(), history_.begin(), history_.end());
      if (!peel(evidence, pos, bpn, full)) return false;
      anchors_.push_back({pos, full});
      q.answer = std::move(full);
    }
    if (record_) count_shows(pos, q.answer);
    remember(pos, std::move(q.answer));
    return true;
  }

  // A position compared, in the stats: its moves, and what the oracle
  // exercises there.
  void count_position(const Position& pos, const OracleView& view) {
    ++run_.stats.positions;
    run_.stats.moves += view.moves.size();
    if (validate_for_ruleset(run_.rules, pos)) {
      observe(run_.stats, exercised(run_.rules, pos));
      observe_switches(pos);
    }
  }

  // A position where the model agrees with the engine, kept as evidence.
  void remember(const Position& pos, PositionAnswer answer) {
    if (history_.size() >= kHistory) history_.erase(history_.begin());
    history_.push_back({pos, std::move(answer)});
  }

  // Marks the switches not shown so far that answer otherwise at `pos`.
  void observe_switches(const Position& pos) {
    for (const auto& [id, r] : memory_.singles(run_))
      if (!run_.stats.switch_coverage.count(id) && answers_differ(run_.rules, r, pos))
        run_.stats.switch_coverage[id] = 1;
  }

  // Diagnoses the rules differences at `pos` and adds what explains them to
  // the model. False when something is left unexplained (out.failure set).
  bool peel(const std::vector<Observed>& history, const Position& pos, const std::string& bpn,
            const PositionAnswer& full) {
    // Interrupted while diagnosing here: the experiments it needed were
    // not answered, so nothing it concluded at this position is kept.
    const std::size_t deviations_before = out_.deviations.size();
    const auto interrupted = [&] {
      out_.deviations.resize(deviations_before);
      return false;
    };
    int experiments = 0;
    const Experiment experiment = questions_.experiment(experiments);
    // Before the first switch that removes only some differences: what to
    // go back to when the position stays unexplained after all.
    std::optional<Model> kept_model;
    std::vector<std::vector<std::string>> kept_alternatives;
    std::size_t kept_deviations = 0;
    for (int round = 0; round < kPeelsPerPosition; ++round) {
      auto e = explain(model_, run_.catalogue, pos, full, history, experiment);
      if (!e) break;
      if (e->partial && !kept_model) {
        kept_model = model_;
        kept_alternatives = alternatives_;
        kept_deviations = out_.deviations.size();
      }
      if (e->replaces)
        replace(*e, pos, bpn, full);
      else
        add(*e, pos, bpn, full);
      if (answers_as(model_.rules, pos, full)) {
        if (questions_.stopping()) return interrupted();
        drop_redundant(history, pos, full);
        return true;
      }
    }
    if (questions_.stopping()) return interrupted();
    if (kept_model) {
      model_ = *kept_model;
      alternatives_ = kept_alternatives;
      out_.deviations.resize(kept_deviations);
    }
    // Unexplained: reported against the model as it stands.
    Asked q{oracle_view(model_.rules, pos), full};
    const auto diffs = compare(pos, q.view, full);
    Finding f = unexplained(pos, q, diffs);
    f.found_at = f.position;
    f.found_seeds = f.seeds;
    out_.failure = std::move(f);
    return false;
  }

  // The explanation's switches added to the model.
  void add(const Explanation& e, const Position& pos, const std::string& bpn,
           const PositionAnswer& full) {
    const Model before = model_;
    model_ = *before.with(e.added);
    for (std::size_t k = 0; k < e.added.size(); ++k)
      alternatives_.push_back(k == 0 ? e.alternatives : std::vector<std::string>{});
    if (record_)
      for (const Switch& s : e.added)
        out_.deviations.push_back(
            observation(pos, bpn, before, s, e.alternatives, full, e.partial ? 2 : e.added.size()));
  }

  // The model's switch e.replaces replaced by the explanation's (or dropped).
  void replace(const Explanation& e, const Position& pos, const std::string& bpn,
               const PositionAnswer& full) {
    const Model before = model_;
    const std::size_t i = *e.replaces;
    const std::string old_id = model_.switches[i].id;
    model_ = *before.without(i).with(e.added);
    alternatives_.erase(alternatives_.begin() + static_cast<std::ptrdiff_t>(i));
    for (std::size_t k = 0; k < e.added.size(); ++k) alternatives_.push_back({});
    // What this game recorded under the replaced switch was the first
    // that replaces it, or, dropped, nothing; a second one is found
    // here. A switch the game started with (a probe round's model, an
    // accepted one) has no record here: those that replace it are
    // recorded as found at this position.
    const bool recorded = std::any_of(out_.deviations.begin(), out_.deviations.end(),
                                      [&](const Deviation& d) { return d.switch_id == old_id; });
    if (!recorded && record_) {
      out_.dropped.push_back(old_id);
      if (!e.added.empty()) out_.replaced[old_id] = e.added[0].id;
      out_.refuted_at.push_back({pos, full});
    }
    if (record_)
      for (std::size_t k = recorded ? 1 : 0; k < e.added.size(); ++k)
        out_.deviations.push_back(observation(pos, bpn, before.without(i), e.added[k],
                                              e.alternatives, full, e.added.size()));
    for (auto d = out_.deviations.begin(); d != out_.deviations.end();) {
      if (d->switch_id != old_id) {
        ++d;
      } else if (e.added.empty()) {
        d = out_.deviations.erase(d);
      } else {
        set_switch(*d, e.added[0]);
        ++d;
      }
    }
    if (record_) {
      auto it = out_.shows.find(old_id);
      if (it != out_.shows.end()) {
        if (!e.added.empty()) out_.shows[e.added[0].id] += it->second;
        out_.shows.erase(it);
      }
    }
  }

  // After a switch was added: an earlier one the model no longer needs here
  // and at the game's positions so far (it answered alike where it was
  // chosen, and the new one explains that too) is dropped, with what this
  // game recorded under it.
  void drop_redundant(const std::vector<Observed>& history, const Position& pos,
                      const PositionAnswer& full) {
    for (std::size_t i = 0; i + 1 < model_.switches.size();) {
      // The switches the game started with stay (the accepted ones, a
      // probe round's model): a few positions that do not need one are no
      // evidence against it.
      if (i < started_with_) {
        ++i;
        continue;
      }
      const Model less = model_.without(i);
      bool needed = !answers_as(less.rules, pos, full);
      for (std::size_t k = 0; !needed && k < history.size(); ++k)
        needed = !answers_as(less.rules, history[k].pos, history[k].answer);
      if (needed) {
        ++i;
        continue;
      }
      const std::string id = model_.switches[i].id;
      model_ = less;
      alternatives_.erase(alternatives_.begin() + static_cast<std::ptrdiff_t>(i));
      out_.deviations.erase(std::remove_if(out_.deviations.begin(), out_.deviations.end(),
                                           [&](const Deviation& d) { return d.switch_id == id; }),
                            out_.deviations.end());
      out_.shows.erase(id);
    }
  }

  // Where the game met a finding: the ruleset, the game's start and origin,
  // and the line of moves from there.
  void met_in(Finding& f) const {
    f.ruleset = std::string(run_.rules.id);
    f.start = game_.start_text;
    f.line = line_;
    if (game_.prefix) {
      // The start was reached by a line from the ruleset's start.
      f.start = "start";
      f.line = *game_.prefix;
      f.line.insert(f.line.end(), line_.begin(), line_.end());
    }
    f.origin = game_.origin;
    f.given = given_;
  }

  // A deviation as this position shows it: switch `s` explains (with
  // `together - 1` other switches) what the engine answered where the
  // model `before` did not.
  Deviation observation(const Position& pos, const std::string& bpn, const Model& before,
                        const Switch& s, const std::vector<std::string>& alternatives,
                        const PositionAnswer& full, std::size_t together) const {
    Deviation d;
    set_switch(d, s);
    d.also = alternatives;
    d.also_known = together == 1;
    d.games = 1;
    Finding& f = d.witness;
    met_in(f);
    f.context = ids_of(before.switches);
    fill_witness(f, before.rules, pos, full);
    f.position = bpn;
    f.found_at = bpn;
    // Set here too: fill_witness() fills nothing where the engine parts
    // only from the switch it replaces, not from `before`.
    f.seeds = pos.total_seeds();
    f.found_seeds = f.seeds;
    return d;
  }

  void record_notation(const Position& pos, const std::string& bpn, const Asked& q,
                       const std::vector<Difference>& diffs) {
    for (const Difference& d : diffs) {
      if (d.notation == NotationKind::None) continue;
      NotationFinding n;
      n.what = notation_what(d);
      n.description = notation_description(d);
      n.count = 1;
      Finding& f = n.example;
      met_in(f);
      fill_answers(f, run_.rules, pos, q.view, d, q.answer);
      f.position = bpn;
      f.found_at = bpn;
      f.found_seeds = f.seeds;
      add_notation(out_.notation, std::move(n));
    }
  }

  // Counts, for each switch of the model, whether this position shows it:
  // the model without that switch answers otherwise than the engine.
  void count_shows(const Position& pos, const PositionAnswer& a) {
    for (std::size_t j = 0; j < model_.switches.size(); ++j) {
      const Model less = model_.without(j);
      if (answers_as(less.rules, pos, a)) continue;
      const std::string& id = model_.switches[j].id;
      ++out_.shows[id];
    }
  }

  Finding fault_finding(const std::string& bpn, const Asked& q) const {
    Finding f;
    f.kind = FindingKind::ProtocolFault;
    met_in(f);
    f.position = bpn;
    f.expected = "a protocol answer";
    f.actual = protocol::describe(*q.answer.fault);
    f.engine = q.answer;
    f.found_at = bpn;
    if (auto p = parse_bpn(bpn)) f.seeds = f.found_seeds = p->total_seeds();
    return f;
  }

  const RunContext& run_;
  GameMemory& memory_;
  const Game& game_;
  const bool collect_;  // Pass::First: positions, moves, coverage and notation counted
  const bool record_;   // not Pass::Shrink: deviations and shows recorded
  Questions questions_;
  Model model_;
  const std::vector<std::string> given_;  // the switches the game started with
  const std::size_t started_with_;        // how many
  std::vector<std::vector<std::string>> alternatives_;
  std::vector<Observed> history_;  // positions where the model agrees, the latest ones
  std::vector<Observed> anchors_;
  std::vector<std::string> line_;  // the moves played from the game's start
  bool refused_position_ = false;  // the engine refused the last position at() set
  GameOutcome out_;
};

}  // namespace

GameOutcome play_game(const RunContext& run, GameMemory& memory, const Game& g, Pass pass,
                      const Model& start, const std::vector<Observed>& outside) {
  return GameRun(run, memory, g, pass, start).play(outside);
}

}  // namespace bao::check::detail
