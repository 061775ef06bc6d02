// The run: games one after another, each checked position by position, a
// difference diagnosed and then modelled for the rest of the game (peeling),
// findings grouped by deviation, witnesses minimised; and the merge of
// shards. The stages it calls are listed in internal.hpp.
#include "oracle/checker/check.hpp"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <tuple>
#include <unordered_set>
#include <utility>

#include "fuzz/generators.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {
namespace {

using namespace detail;
using Clock = std::chrono::steady_clock;

// The requests of --budget the games may spend: nine tenths, so that what
// they found can still be settled and minimised within the budget.
std::uint64_t games_budget(std::uint64_t budget) {
  return budget - budget / 10;
}

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    if (accepted) ++shrinks;
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
  int shrinks = 0;
};

// RapidCheck's parameters for game `g` of a run with `seed`: one case,
// the same in every process.
rc::detail::TestParams game_params(std::uint64_t seed, std::uint64_t g) {
  rc::detail::TestParams params;
  params.seed = splitmix64(seed ^ splitmix64(g));
  params.maxSuccess = 1;
  params.maxSize = 100;
  return params;
}

// RapidCheck announces its configuration on std::cerr when it first loads
// it; the checker's output is its own.
struct MuteCerr {
  std::streambuf* kept = std::cerr.rdbuf(nullptr);
  MuteCerr() = default;
  MuteCerr(const MuteCerr&) = delete;
  MuteCerr& operator=(const MuteCerr&) = delete;
  ~MuteCerr() { std::cerr.rdbuf(kept); }
};

// Game `g` of a run with `seed`, as the run's first pass draws it (no
// shrinking): a probe round's game, which `--given ... --game G` replays.
Game game_of(const Ruleset& rules, const std::vector<Position>& corpus, const Position* planned,
             std::uint64_t seed, std::uint64_t g) {
  Game game;
  auto property = [&] { game = generate_game(rules, corpus, planned); };
  SilentListener listener;
  MuteCerr mute;
  rc::detail::checkTestable(property, rc::detail::TestMetadata{}, game_params(seed, g), listener);
  return game;
}

// The games and positions of `from`, a deviation seen otherwise (in other
// games, or under another switch), counted for `into`, which was found when
// the first of the two was.
void count_for(Deviation& into, const Deviation& from) {
  into.games += from.games;
  into.positions += from.positions;
  if (from.found_after > 0 && (into.found_after == 0 || from.found_after < into.found_after))
    into.found_after = from.found_after;
}

std::vector<std::string> ids_of(const std::vector<Switch>& switches) {
  std::vector<std::string> out;
  for (const Switch& s : switches) out.push_back(s.id);
  return out;
}

std::string_view kind_word(SwitchKind k) {
  return k == SwitchKind::Mutant ? "mutant" : "choice";
}

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

// How a game is played (GameChecker::check).
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

// Asks the engine about the positions of a game and compares, diagnoses
// and peels. Positions already found to agree under a model are
// remembered for the game (shrinking replays the same positions many
// times), and forgotten when the next game starts: what one game asks and
// counts then does not depend on the games played before it in the same
// process, so the shards of a campaign add up to the whole run.
class GameChecker {
 public:
  GameChecker(const Ruleset& rules, Probe& probe, const CheckOptions& options, Stats& stats,
              Model initial)
      : rules_(rules),
        probe_(probe),
        options_(options),
        stats_(stats),
        initial_(std::move(initial)),
        catalogue_(switches_for(rules)) {}

  // Forgets the positions found to agree: called before each game.
  void new_game() { agreed_.clear(); }

  // One game, from the model `start` (the run's initial one when null).
  // Pass::First: what it finds is recorded in full and its positions,
  // moves and requests are counted in the stats (the first run of a game);
  // Pass::Shrink: only the failure, and its requests count as follow-up;
  // Pass::Probe: its deviations are recorded, its requests count as
  // follow-up, and nothing else is counted (a probe round's game).
  // `outside`: positions outside this game where the engine answered as
  // the model does (a probe round's: the run's witnesses), which a change
  // to the model must still explain.
  GameOutcome check(const Game& g, Pass pass, const Model* start = nullptr,
                    const std::vector<Observed>* outside = nullptr) {
    first_pass_ = pass == Pass::First;
    const bool collect = first_pass_;
    record_ = pass != Pass::Shrink;
    struct EndPass {
      bool& flag;
      ~EndPass() { flag = false; }
    } end_pass{first_pass_};
    GameOutcome out;
    Model model = start ? *start : initial_;
    game_given_ = ids_of(model.switches);
    started_with_ = model.switches.size();
    std::vector<std::vector<std::string>> alternatives(model.switches.size());
    std::vector<Observed> history;  // positions where the model agrees, the latest ones
    // Positions where a difference was diagnosed, all, and the evidence.
    std::vector<Observed> anchors = outside ? *outside : std::vector<Observed>{};
    Position pos = g.start;
    std::vector<std::string> line;  // the moves played from g.start to pos
    for (std::size_t i = 0;; ++i) {
      if (budget_spent() || stopping()) return out;
      const std::string bpn = to_bpn(pos);
      if (!agreed_.count(model.signature() + "|" + bpn)) {
        Asked q = ask(model.rules, pos, bpn);
        if (!q.answer.representable && !q.answer.fault) {
          if (collect) ++stats_.skipped;
          if (i == 0) return out;  // the engine cannot play this game at all
        } else {
          if (collect) {
            ++stats_.positions;
            stats_.moves += q.view.moves.size();
            if (validate_for_ruleset(rules_, pos)) {
              observe(stats_, exercised(rules_, pos));
              observe_switches(pos);
            }
          }
          if (q.answer.fault) {
            if (!stopping()) out.failure = fault_finding(g, line, bpn, q);
            return out;
          }
          const std::vector<Difference> diffs = compare(pos, q.view, q.answer);
          if (collect) record_notation(out, g, line, pos, bpn, q, diffs);
          if (has_rule_difference(diffs)) {
            PositionAnswer full = complete(pos, bpn, q);
            if (full.fault) {
              q.answer = full;
              if (!stopping()) out.failure = fault_finding(g, line, bpn, q);
              return out;
            }
            // The evidence a switch must agree with: every position this
            // game diagnosed, and the latest ones where the model agreed.
            std::vector<Observed> evidence = anchors;
            evidence.insert(evidence.end(), history.begin(), history.end());
            if (!peel(out, model, alternatives, evidence, g, line, pos, bpn, full, record_))
              return out;
            anchors.push_back({pos, full});
            q.answer = std::move(full);
          }
          if (record_) count_shows(out, model, pos, q.answer);
          if (history.size() >= kHistory) history.erase(history.begin());
          history.push_back({pos, std::move(q.answer)});
        }
        if (agreed_.size() >= kMaxRemembered) agreed_.clear();  // bounded memory
        agreed_.insert(model.signature() + "|" + bpn);
      }
      if (i == g.choices.size()) return out;
      const MoveList moves = legal_moves(model.rules, pos);
      if (moves.empty()) return out;
      const Move m = pick(model.rules, pos, moves, g.choices[i]);
      line.push_back(move_to_string(m, pos.to_move));
      pos = play(model.rules, pos, m).value();
    }
  }

  // A deviation's witness made smaller: boards where the engine still
  // answers as the witness's context with the switch does, and not as the
  // context alone.
  void minimise(Deviation& d) {
    Finding& f = d.witness;
    auto parsed = parse_bpn(f.found_at);
    if (!parsed) return;
    auto sw = find_switch(rules_, d.switch_id);
    if (!sw) return;
    std::vector<Switch> context;
    for (const std::string& id : f.context)
      if (auto c = find_switch(rules_, id)) context.push_back(*c);
    auto ctx_rules = apply_switches(rules_, context);
    context.push_back(*sw);
    auto with_rules = apply_switches(rules_, context);
    if (!ctx_rules || !with_rules) return;
    // The engine's answers at the last board where the switch showed: the
    // board minimise_board() returns, so it is not asked again (asking
    // stops with the budget, as the games did).
    std::optional<PositionAnswer> last;
    auto shows_here = [&](const Position& c) {
      if (budget_spent() || stopping()) return false;
      PositionAnswer a = ask_both(*ctx_rules, *with_rules, c);
      if (a.fault || !a.representable) return false;
      if (!answers_as(*with_rules, c, a) || answers_as(*ctx_rules, c, a)) return false;
      last = std::move(a);
      return true;
    };
    // The plain ruleset as the reference when the switch alone shows here.
    if (!f.context.empty() && !budget_spent() && !stopping()) {
      auto alone = apply_switches(rules_, std::span<const Switch>(&*sw, 1));
      PositionAnswer a = ask_both(rules_, *alone, *parsed);
      if (!a.fault && a.representable && answers_as(*alone, *parsed, a) &&
          !answers_as(rules_, *parsed, a)) {
        ctx_rules = rules_;
        with_rules = *alone;
        f.context.clear();
        last = std::move(a);
      }
    }
    const auto [pos, steps] =
        minimise_board(rules_, *parsed, shows_here, kMinimiseAsks, kMinimiseSeconds);
    if (!last) return;  // not asked again: the witness stays the game's
    fill_witness(f, *ctx_rules, pos, *last);
    f.minimise_steps = steps;
    if (steps > 0) f.origin = "built";
  }

  // The engine asked for distinguish(), at most kExperimentsPerPosition
  // times (counted in `experiments`), while the budget lasts.
  Experiment limited_experiment(int& experiments) {
    return [this, &experiments](
               const Position& q,
               const std::vector<const Ruleset*>& rs) -> std::optional<PositionAnswer> {
      if (budget_spent() || stopping() || experiments >= kExperimentsPerPosition)
        return std::nullopt;
      ++experiments;
      PositionAnswer a = ask_all(rs, q);
      if (a.fault || !a.representable) return std::nullopt;
      return a;
    };
  }

  // A deviation whose switch was picked among others that answered alike
  // (its `also`) is looked at again with the run's other deviations in the
  // model: a game tells candidates apart at nearby positions with only the
  // switches it has found itself, so there another deviation of the engine,
  // found in other games, can make every candidate look as far from the
  // engine. Of the candidates the closest to the engine near the witness is
  // kept; the switch is changed only when the first choice is not among
  // them. Returns how many changed.
  int reconsider(std::vector<Deviation>& deviations) {
    int changed = 0;
    for (Deviation& d : deviations) {
      if (d.also.empty() || budget_spent() || stopping()) continue;
      auto pos = parse_bpn(d.witness.found_at);
      if (!pos) continue;
      const std::vector<Switch> others = combined(deviations, {&d});
      const auto around = apply_switches(rules_, others);
      if (!around) continue;
      std::vector<Switch> candidates;
      std::vector<Ruleset> records;
      std::vector<std::string> ids{d.switch_id};
      ids.insert(ids.end(), d.also.begin(), d.also.end());
      for (const std::string& id : ids) {
        auto s = find_switch(rules_, id);
        if (!s || std::any_of(others.begin(), others.end(),
                              [&](const Switch& o) { return o.id == s->id; }))
          continue;
        std::vector<Switch> list = others;
        list.push_back(*s);
        auto r = apply_switches(rules_, list);
        if (!r) continue;
        candidates.push_back(*s);
        records.push_back(*r);
      }
      if (records.size() < 2 || candidates.front().id != d.switch_id) continue;
      int experiments = 0;
      const std::vector<std::size_t> alive =
          distinguish(records, *around, *pos, limited_experiment(experiments));
      if (alive.empty() || std::find(alive.begin(), alive.end(), 0) != alive.end()) continue;
      std::vector<std::string> also;
      for (std::size_t k = 1; k < alive.size(); ++k) also.push_back(candidates[alive[k]].id);
      set_switch(d, candidates[alive.front()]);
      d.also = std::move(also);
      ++changed;
    }
    return changed;
  }

  // The run's deviations but `skip`, as many as combine (in the run's
  // order, those a probe round refuted last: one that replaced a refuted
  // switch on its variation point is kept over it) over the switches the
  // run started with.
  std::vector<Switch> combined(const std::vector<Deviation>& deviations,
                               std::initializer_list<const Deviation*> skip = {}) const {
    std::vector<Switch> all = initial_.switches;
    for (const bool refuted : {false, true})
      for (const Deviation& d : deviations) {
        if (std::find(skip.begin(), skip.end(), &d) != skip.end()) continue;
        if ((refuted_.count(d.switch_id) > 0) != refuted) continue;
        if (auto s = find_switch(rules_, d.switch_id)) {
          std::vector<Switch> more = all;
          more.push_back(*s);
          if (apply_switches(rules_, more)) all = std::move(more);
        }
      }
    return all;
  }

  // Whether the switches of `a` and `b` cannot both hold: they set one
  // variation point to two values.
  bool rivals(const Deviation& a, const Deviation& b) const {
    const auto sa = find_switch(rules_, a.switch_id);
    const auto sb = find_switch(rules_, b.switch_id);
    if (!sa || !sb) return false;
    const Switch pair[] = {*sa, *sb};
    return !apply_switches(rules_, pair);
  }

  // Two deviations whose switches cannot both hold (they set one variation
  // point to two values, say a house working from 7 and from 8 seeds) are
  // one deviation of the engine seen in two ways: the games that found them
  // each had other models of the engine around them. They are told apart
  // again with the run's other deviations in the model, near both
  // witnesses: the one with fewer differences from the engine summed over
  // the nearby positions where the two answer apart (distances()) is kept
  // and takes the other's games (its witnesses are of that deviation too);
  // when nothing near tells them apart the one seen in more games is kept,
  // the other named as answering alike. Returns how many were folded in.
  int fold_rivals(std::vector<Deviation>& deviations) {
    int folded = 0;
    for (bool again = true; again && !budget_spent() && !stopping();) {
      again = false;
      for (std::size_t i = 0; i < deviations.size() && !again; ++i)
        for (std::size_t j = i + 1; j < deviations.size() && !again; ++j) {
          Deviation& a = deviations[i];
          Deviation& b = deviations[j];
          if (!rivals(a, b)) continue;  // they combine: two deviations
          const auto sa = find_switch(rules_, a.switch_id);
          const auto sb = find_switch(rules_, b.switch_id);
          std::vector<Switch> others = combined(deviations, {&a, &b});
          const auto around = apply_switches(rules_, others);
          others.push_back(*sa);
          const auto with_a = apply_switches(rules_, others);
          others.back() = *sb;
          const auto with_b = apply_switches(rules_, others);
          if (!around || !with_a || !with_b) continue;
          const std::vector<Ruleset> records{*with_a, *with_b};
          std::size_t far_a = 0, far_b = 0;
          for (const Deviation* d : {&a, &b}) {
            auto pos = parse_bpn(d->witness.found_at);
            if (!pos) continue;
            int experiments = 0;
            const std::vector<std::size_t> far =
                distances(records, *around, *pos, limited_experiment(experiments));
            far_a += far[0];
            far_b += far[1];
          }
          const bool apart = far_a != far_b;
          const bool a_kept = apart ? far_a < far_b : a.games >= b.games;
          Deviation& into = a_kept ? a : b;
          Deviation& from = a_kept ? b : a;
          into.also.erase(std::remove(into.also.begin(), into.also.end(), from.switch_id),
                          into.also.end());
          if (!apart) into.also.push_back(from.switch_id);
          count_for(into, from);
          deviations.erase(deviations.begin() + static_cast<std::ptrdiff_t>(a_kept ? j : i));
          ++folded;
          again = true;
        }
    }
    return folded;
  }

  // Whether the model needs `d` at the witness of another deviation, or at
  // a position where a probe round refuted a switch (`refuted_at`), as the
  // engine answered there: the model `whole` answers as the engine and
  // `less` (without `d`) does not. `d` may have replaced a rival (a house
  // working from 7 seeds found where one working from 8 proved wrong), or
  // the other may lean on it (a house working from 7 seeds, and one judged
  // before the seed that lands in it: together a house of 7 that a landing
  // seed makes 8 works, which neither alone says).
  bool needed_elsewhere(const std::vector<Deviation>& deviations, const Deviation& d,
                        const Ruleset& whole, const Ruleset& less,
                        const std::set<std::string>& dropped,
                        const std::vector<Observed>& refuted_at) const {
    for (const Observed& o : refuted_at)
      if (answers_as(whole, o.pos, o.answer) && !answers_as(less, o.pos, o.answer)) return true;
    for (const Deviation& r : deviations) {
      if (&r == &d || dropped.count(r.switch_id)) continue;
      auto pos = parse_bpn(r.witness.found_at);
      if (pos && answers_as(whole, *pos, r.witness.engine) &&
          !answers_as(less, *pos, r.witness.engine))
        return true;
    }
    return false;
  }

  // Whether the engine answers nearer to `whole` than to `less` at the
  // positions near `pos` where the two answer apart (distances()): a
  // deviation its witness does not need, which the engine shows nearby.
  bool needed_nearby(const Ruleset& whole, const Ruleset& less, const Position& pos) {
    int experiments = 0;
    const std::vector<std::size_t> far =
        distances({whole, less}, whole, pos, limited_experiment(experiments));
    return far[0] < far[1];
  }

  // Drops the deviations the model of the others explains at their
  // witnesses (and at those of the others, needed_elsewhere(), and
  // nearby, needed_nearby()); the model (returned) is the run's deviations less those
  // dropped. Passes until one drops nothing, so that a deviation the first
  // model, with a wrong one in it, could not explain is judged again
  // without it. Those a probe round refuted first (`refuted`), then the
  // least seen: a deviation the others cover is dropped before one of
  // those it leans on could be.
  std::optional<Ruleset> drop_covered(std::vector<Deviation>& deviations, int& dropped_count,
                                      const std::set<std::string>& refuted,
                                      const std::vector<Observed>& refuted_at) {
    std::vector<Switch> all = combined(deviations);
    auto model_of = [&](const std::string& without) -> std::optional<Ruleset> {
      std::vector<Switch> list;
      for (const Switch& s : all)
        if (s.id != without) list.push_back(s);
      auto r = apply_switches(rules_, list);
      return r ? std::optional<Ruleset>(*r) : std::nullopt;
    };
    auto whole = model_of("");
    std::vector<std::size_t> order(deviations.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const bool ra = refuted.count(deviations[a].switch_id) > 0;
      const bool rb = refuted.count(deviations[b].switch_id) > 0;
      if (ra != rb) return ra;
      return deviations[a].games < deviations[b].games;
    });
    std::set<std::string> drop;
    for (bool dropped = whole.has_value(); dropped;) {
      dropped = false;
      for (std::size_t i : order) {
        const Deviation& d = deviations[i];
        if (drop.count(d.switch_id)) continue;
        auto pos = parse_bpn(d.witness.found_at);
        const auto less = model_of(d.switch_id);
        if (!pos || !less || budget_spent()) continue;
        const PositionAnswer a = ask_all({&*whole, &*less}, *pos);
        if (a.fault || !a.representable) continue;
        if (answers_as(*less, *pos, a) && answers_as(*whole, *pos, a) &&
            !needed_elsewhere(deviations, d, *whole, *less, drop, refuted_at) &&
            !needed_nearby(*whole, *less, *pos)) {
          drop.insert(d.switch_id);
          all.erase(std::remove_if(all.begin(), all.end(),
                                   [&](const Switch& s) { return s.id == d.switch_id; }),
                    all.end());
          ++dropped_count;
          whole = model_of("");
          dropped = whole.has_value();
          if (!dropped) break;
        }
      }
    }
    // A dropped deviation whose switch cannot hold beside a kept one (the
    // same variation point) was that one seen otherwise: its games count
    // for it.
    std::vector<Deviation> gone;
    for (const Deviation& d : deviations)
      if (drop.count(d.switch_id)) gone.push_back(d);
    deviations.erase(std::remove_if(deviations.begin(), deviations.end(),
                                    [&](const Deviation& d) { return drop.count(d.switch_id); }),
                     deviations.end());
    for (const Deviation& g : gone)
      for (Deviation& kept : deviations)
        if (rivals(g, kept)) {
          count_for(kept, g);
          break;
        }
    return whole;
  }

  // The run's deviations judged together, once every game is played: the
  // ruleset with all of them (as far as they combine) is the model of the
  // engine. A deviation that model does not need at its witness (the
  // others explain it there) is dropped; an unexplained difference that
  // model explains (two or more deviations unseen so far showed there at
  // once) is dropped too. Returns how many of each were dropped. The
  // deviations a probe round refuted (`refuted`) are judged first; the
  // positions where one was refuted (`refuted_at`) are witnesses too.
  std::pair<int, int> settle(std::vector<Deviation>& deviations, std::vector<Finding>& findings,
                             const std::set<std::string>& refuted,
                             const std::vector<Observed>& refuted_at) {
    refuted_ = refuted;
    reconsider(deviations);
    int dropped_deviations = 0, dropped_findings = 0;
    auto model = drop_covered(deviations, dropped_deviations, refuted, refuted_at);
    // Rivals told apart once the deviations others explain are gone (a
    // wrong one left in the model can make the wrong rival look right),
    // then judged again with the one kept.
    if (const int folded = fold_rivals(deviations); folded > 0) {
      dropped_deviations += folded;
      model = drop_covered(deviations, dropped_deviations, refuted, refuted_at);
    }
    for (auto f = findings.begin(); model && f != findings.end();) {
      auto pos = parse_bpn(f->found_at);
      if (f->kind == FindingKind::ProtocolFault || !pos || budget_spent()) {
        ++f;
        continue;
      }
      const PositionAnswer a = ask_all({&*model}, *pos);
      if (!a.fault && a.representable && answers_as(*model, *pos, a)) {
        f = findings.erase(f);
        ++dropped_findings;
      } else {
        ++f;
      }
    }
    return {dropped_deviations, dropped_findings};
  }

  // An unexplained finding's board made smaller: boards where the engine
  // still departs at the same clause in the same way.
  void minimise(Finding& f) {
    if (f.kind == FindingKind::ProtocolFault || f.found_at.empty()) return;
    auto parsed = parse_bpn(f.found_at);
    if (!parsed) return;
    std::vector<Switch> context;
    for (const std::string& id : f.context)
      if (auto c = find_switch(rules_, id)) context.push_back(*c);
    auto ctx_rules = apply_switches(rules_, context);
    if (!ctx_rules) return;
    const std::string key = group_key(f);
    // The finding at the last board where it still departed: the board
    // minimise_board() returns, so it is not asked again.
    std::optional<Finding> last;
    auto departs_here = [&](const Position& c) {
      if (budget_spent() || stopping()) return false;
      Asked q = ask(*ctx_rules, c, to_bpn(c));
      if (q.answer.fault || !q.answer.representable) return false;
      const auto diffs = compare(c, q.view, q.answer);
      if (!has_rule_difference(diffs)) return false;
      Finding g = f;
      describe_unexplained(g, *ctx_rules, c, q, diffs.front());
      if (group_key(g) != key) return false;
      last = std::move(g);
      return true;
    };
    const auto [pos, steps] =
        minimise_board(rules_, *parsed, departs_here, kMinimiseAsks, kMinimiseSeconds);
    if (steps == 0 || !last) return;
    Finding m = std::move(*last);
    m.minimise_steps = steps;
    m.origin = "built";
    f = std::move(m);
  }

 private:
  struct Asked {
    OracleView view;
    PositionAnswer answer;
  };

  // Marks the switches not shown so far that answer otherwise at `pos`.
  void observe_switches(const Position& pos) {
    if (!switched_) {
      switched_.emplace();
      for (const Switch& s : catalogue_)
        if (auto r = apply_switches(rules_, std::span<const Switch>(&s, 1)))
          switched_->push_back({s.id, *r});
    }
    for (const auto& [id, r] : *switched_)
      if (!stats_.switch_coverage.count(id) && answers_differ(rules_, r, pos))
        stats_.switch_coverage[id] = 1;
  }

  // Games stop at nine tenths of --budget; the last tenth is kept for
  // settling and minimising what they found (settle(), minimise()).
  bool budget_spent() const {
    const std::uint64_t budget = options_.request_budget;
    if (budget == 0) return false;
    const std::uint64_t limit = finishing_ ? budget : games_budget(budget);
    return stats_.requests + stats_.followup_requests >= limit;
  }

  // Requests of the first run of a game count as the game's; the others
  // (shrinking, settling, minimising) as follow-up.
  void count_requests(int n) {
    (first_pass_ ? stats_.requests : stats_.followup_requests) += static_cast<std::uint64_t>(n);
  }

 public:
  bool stopping() const { return options_.stop_requested(); }
  // After the games: the rest of the budget is for settling and minimising.
  void finish_games() { finishing_ = true; }
  // Whether the games' part of --budget is spent.
  bool games_budget_spent() const { return !finishing_ && budget_spent(); }
  // The run's deviations as far as they combine, over the run's initial
  // switches (the model of the engine so far).
  std::vector<Switch> model_switches(const std::vector<Deviation>& deviations) const {
    return combined(deviations);
  }

 private:
  Asked ask(const Ruleset& rules, const Position& pos, const std::string& bpn) {
    Asked q;
    q.view = oracle_view(rules, pos);
    std::vector<std::string> plays;
    for (const OracleMove& m : q.view.moves) plays.push_back(m.text);
    const auto illegal =
        illegal_sample(pos, q.view, options_.illegal_samples, std::hash<std::string>{}(bpn));
    plays.insert(plays.end(), illegal.begin(), illegal.end());
    q.answer = probe_.ask(bpn, plays);
    count_requests(q.answer.requests);
    return q;
  }

  // The engine's answers for every move any of the rulesets lists, and a
  // sample of moves the first refuses; then for the moves the engine lists
  // that none of them does.
  PositionAnswer ask_all(const std::vector<const Ruleset*>& rulesets, const Position& pos) {
    const std::string bpn = to_bpn(pos);
    std::vector<std::string> plays;
    std::set<std::string> seen;
    for (const Ruleset* r : rulesets) {
      if (!validate_for_ruleset(*r, pos)) continue;
      const OracleView v = oracle_view(*r, pos);
      for (const OracleMove& m : v.moves)
        if (seen.insert(m.text).second) plays.push_back(m.text);
      if (r == rulesets.front())
        for (const std::string& m :
             illegal_sample(pos, v, options_.illegal_samples, std::hash<std::string>{}(bpn)))
          if (seen.insert(m).second) plays.push_back(m);
    }
    PositionAnswer answer = probe_.ask(bpn, plays);
    count_requests(answer.requests);
    if (answer.fault || !answer.representable) return answer;
    std::vector<std::string> more;
    for (const std::string& m : answer.moves)
      if (seen.insert(canonical_move(m, pos.to_move)).second) more.push_back(m);
    if (more.empty()) return answer;
    plays.insert(plays.end(), more.begin(), more.end());
    PositionAnswer again = probe_.ask(bpn, plays);
    count_requests(again.requests);
    return again;
  }

  PositionAnswer ask_both(const Ruleset& a, const Ruleset& b, const Position& pos) {
    return ask_all({&a, &b}, pos);
  }

  // The answer with the engine's results for every move it listed too, so
  // that a switch allowing such a move can be judged.
  PositionAnswer complete(const Position& pos, const std::string& bpn, const Asked& q) {
    std::set<std::string> asked;
    for (const MoveAnswer& p : q.answer.plays) asked.insert(canonical_move(p.move, pos.to_move));
    std::vector<std::string> plays;
    for (const MoveAnswer& p : q.answer.plays) plays.push_back(p.move);
    bool more = false;
    for (const std::string& m : q.answer.moves)
      if (asked.insert(canonical_move(m, pos.to_move)).second) {
        plays.push_back(m);
        more = true;
      }
    if (!more) return q.answer;
    PositionAnswer again = probe_.ask(bpn, plays);
    count_requests(again.requests);
    return again;
  }

  // Diagnoses the rules differences at `pos` and adds what explains them to
  // the model. False when something is left unexplained (out.failure set).
  bool peel(GameOutcome& out, Model& model, std::vector<std::vector<std::string>>& alternatives,
            const std::vector<Observed>& history, const Game& g,
            const std::vector<std::string>& line, const Position& pos, const std::string& bpn,
            const PositionAnswer& full, bool collect) {
    // Interrupted while diagnosing here: the experiments it needed were
    // not answered, so nothing it concluded at this position is kept.
    const std::size_t deviations_before = out.deviations.size();
    const auto interrupted = [&] {
      out.deviations.resize(deviations_before);
      return false;
    };
    int experiments = 0;
    const Experiment experiment = limited_experiment(experiments);
    // Before the first switch that removes only some differences: what to
    // go back to when the position stays unexplained after all.
    std::optional<Model> kept_model;
    std::vector<std::vector<std::string>> kept_alternatives;
    std::size_t kept_deviations = 0;
    for (int round = 0; round < kPeelsPerPosition; ++round) {
      auto e = explain(model, catalogue_, pos, full, history, experiment);
      if (!e) break;
      if (e->partial && !kept_model) {
        kept_model = model;
        kept_alternatives = alternatives;
        kept_deviations = out.deviations.size();
      }
      const Model before = model;
      if (e->replaces) {
        const std::size_t i = *e->replaces;
        const std::string old_id = model.switches[i].id;
        model = *before.without(i).with(e->added);
        alternatives.erase(alternatives.begin() + static_cast<std::ptrdiff_t>(i));
        for (std::size_t k = 0; k < e->added.size(); ++k) alternatives.push_back({});
        // What this game recorded under the replaced switch was the first
        // that replaces it, or, dropped, nothing; a second one is found
        // here. A switch the game started with (a probe round's model, an
        // accepted one) has no record here: those that replace it are
        // recorded as found at this position.
        const bool recorded =
            std::any_of(out.deviations.begin(), out.deviations.end(),
                        [&](const Deviation& d) { return d.switch_id == old_id; });
        if (!recorded && collect) {
          out.dropped.push_back(old_id);
          if (!e->added.empty()) out.replaced[old_id] = e->added[0].id;
          out.refuted_at.push_back({pos, full});
        }
        if (collect)
          for (std::size_t k = recorded ? 1 : 0; k < e->added.size(); ++k)
            out.deviations.push_back(observation(g, line, pos, bpn, before.without(i), e->added[k],
                                                 e->alternatives, full, e->added.size()));
        for (auto d = out.deviations.begin(); d != out.deviations.end();) {
          if (d->switch_id != old_id) {
            ++d;
          } else if (e->added.empty()) {
            d = out.deviations.erase(d);
          } else {
            set_switch(*d, e->added[0]);
            ++d;
          }
        }
        if (collect) {
          auto it = out.shows.find(old_id);
          if (it != out.shows.end()) {
            if (!e->added.empty()) out.shows[e->added[0].id] += it->second;
            out.shows.erase(it);
          }
        }
      } else {
        model = *before.with(e->added);
        for (std::size_t k = 0; k < e->added.size(); ++k)
          alternatives.push_back(k == 0 ? e->alternatives : std::vector<std::string>{});
        if (collect)
          for (const Switch& s : e->added)
            out.deviations.push_back(observation(g, line, pos, bpn, before, s, e->alternatives,
                                                 full, e->partial ? 2 : e->added.size()));
      }
      if (answers_as(model.rules, pos, full)) {
        if (stopping()) return interrupted();
        drop_redundant(out, model, alternatives, history, pos, full);
        return true;
      }
    }
    if (stopping()) return interrupted();
    if (kept_model) {
      model = *kept_model;
      alternatives = kept_alternatives;
      out.deviations.resize(kept_deviations);
    }
    // Unexplained: reported against the model as it stands.
    Asked q{oracle_view(model.rules, pos), full};
    const auto diffs = compare(pos, q.view, full);
    Finding f;
    met_in(f, g, line);
    f.context = ids_of(model.switches);
    for (const Difference& d : diffs)
      if (d.notation == NotationKind::None) {
        describe_unexplained(f, model.rules, pos, q, d);
        break;
      }
    f.found_at = f.position;
    f.found_seeds = f.seeds;
    out.failure = std::move(f);
    return false;
  }

  // After a switch was added: an earlier one the model no longer needs here
  // and at the game's positions so far (it answered alike where it was
  // chosen, and the new one explains that too) is dropped, with what this
  // game recorded under it.
  void drop_redundant(GameOutcome& out, Model& model,
                      std::vector<std::vector<std::string>>& alternatives,
                      const std::vector<Observed>& history, const Position& pos,
                      const PositionAnswer& full) {
    for (std::size_t i = 0; i + 1 < model.switches.size();) {
      // The switches the game started with stay (the accepted ones, a
      // probe round's model): a few positions that do not need one are no
      // evidence against it.
      if (i < started_with_) {
        ++i;
        continue;
      }
      const Model less = model.without(i);
      bool needed = !answers_as(less.rules, pos, full);
      for (std::size_t k = 0; !needed && k < history.size(); ++k)
        needed = !answers_as(less.rules, history[k].pos, history[k].answer);
      if (needed) {
        ++i;
        continue;
      }
      const std::string id = model.switches[i].id;
      model = less;
      alternatives.erase(alternatives.begin() + static_cast<std::ptrdiff_t>(i));
      out.deviations.erase(std::remove_if(out.deviations.begin(), out.deviations.end(),
                                          [&](const Deviation& d) { return d.switch_id == id; }),
                           out.deviations.end());
      out.shows.erase(id);
    }
  }

  // Kind, move, answers and the departing clause of an unexplained
  // difference `d` at `pos` under `rules`.
  void describe_unexplained(Finding& f, const Ruleset& rules, const Position& pos, const Asked& q,
                            const Difference& d) {
    fill_answers(f, rules, pos, q.view, d, q.answer);
    std::optional<std::string> engine_trace;
    if (d.kind == FindingKind::DifferentResult && !budget_spent()) {
      engine_trace = probe_.trace(to_bpn(pos), d.move);
      count_requests(3);
    }
    auto [clause, how] = departure(rules, pos, q.view, d, engine_trace);
    f.clauses = {clause};
    f.departure = how;
  }

  void fill_answers(Finding& f, const Ruleset& rules, const Position& pos, const OracleView& v,
                    const Difference& d, const PositionAnswer& a) {
    f.kind = d.kind;
    f.position = to_bpn(pos);
    f.move = d.move;
    f.expected = d.expected;
    f.actual = d.actual;
    f.oracle_status = v.status_text;
    f.oracle_moves.clear();
    f.oracle_result.clear();
    f.oracle_result_status.clear();
    for (const OracleMove& m : v.moves) {
      f.oracle_moves.push_back(m.text);
      if (m.text == d.move) {
        f.oracle_result = m.bpn;
        f.oracle_result_status = m.status;
      }
    }
    if (d.kind == FindingKind::ExtraMove && f.oracle_result.empty()) {
      if (auto parsed = parse_move(d.move, pos.to_move)) {
        auto r = play(rules, pos, *parsed);
        if (!r) f.expected = "illegal: " + r.error().message;
      }
    }
    f.engine = a;
    f.seeds = pos.total_seeds();
  }

  // The witness fields at `pos`: the first rules difference between the
  // engine's answer `a` and `reference`.
  void fill_witness(Finding& f, const Ruleset& reference, const Position& pos,
                    const PositionAnswer& a) {
    const OracleView v = oracle_view(reference, pos);
    for (const Difference& d : compare(pos, v, a))
      if (d.notation == NotationKind::None) {
        fill_answers(f, reference, pos, v, d, a);
        return;
      }
  }

  // Where a game met a finding: the ruleset, the game's start and origin,
  // and the line of moves from there.
  void met_in(Finding& f, const Game& g, const std::vector<std::string>& line) const {
    f.ruleset = std::string(rules_.id);
    f.start = g.start_text;
    f.line = line;
    f.origin = g.origin;
    f.given = game_given_;
  }

  static void set_switch(Deviation& d, const Switch& s) {
    d.switch_id = s.id;
    d.kind = std::string(kind_word(s.kind));
    d.clause = std::string(clause_name(s.clause));
    d.plays_as = s.plays_as == ClauseId::None ? "" : std::string(clause_name(s.plays_as));
    d.meaning = s.meaning;
  }

  // A deviation as this position shows it: switch `s` explains (with
  // `together - 1` other switches) what the engine answered where the
  // model `before` did not.
  Deviation observation(const Game& g, const std::vector<std::string>& line, const Position& pos,
                        const std::string& bpn, const Model& before, const Switch& s,
                        const std::vector<std::string>& alternatives, const PositionAnswer& full,
                        std::size_t together) {
    Deviation d;
    set_switch(d, s);
    d.also = alternatives;
    d.also_known = together == 1;
    d.games = 1;
    Finding& f = d.witness;
    met_in(f, g, line);
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

  void record_notation(GameOutcome& out, const Game& g, const std::vector<std::string>& line,
                       const Position& pos, const std::string& bpn, const Asked& q,
                       const std::vector<Difference>& diffs) {
    for (const Difference& d : diffs) {
      if (d.notation == NotationKind::None) continue;
      NotationFinding n;
      n.what = notation_what(d);
      n.description = notation_description(d);
      n.count = 1;
      Finding& f = n.example;
      met_in(f, g, line);
      fill_answers(f, rules_, pos, q.view, d, q.answer);
      f.position = bpn;
      f.found_at = bpn;
      f.found_seeds = f.seeds;
      add_notation(out.notation, std::move(n));
    }
  }

  // Counts, for each switch of the model, whether this position shows it:
  // the model without that switch answers otherwise than the engine.
  void count_shows(GameOutcome& out, const Model& model, const Position& pos,
                   const PositionAnswer& a) {
    for (std::size_t j = 0; j < model.switches.size(); ++j) {
      const Model less = model.without(j);
      if (!answers_as(less.rules, pos, a)) ++out.shows[model.switches[j].id];
    }
  }

  Finding fault_finding(const Game& g, const std::vector<std::string>& line, const std::string& bpn,
                        const Asked& q) {
    Finding f;
    f.kind = FindingKind::ProtocolFault;
    met_in(f, g, line);
    f.position = bpn;
    f.expected = "a protocol answer";
    f.actual = q.answer.fault->detail;
    f.engine = q.answer;
    f.found_at = bpn;
    if (auto p = parse_bpn(bpn)) f.seeds = f.found_seeds = p->total_seeds();
    return f;
  }

  const Ruleset& rules_;
  Probe& probe_;
  const CheckOptions& options_;
  Stats& stats_;
  Model initial_;
  std::optional<std::vector<std::pair<std::string, Ruleset>>> switched_;  // observe_switches
  std::vector<Switch> catalogue_;
  static constexpr std::size_t kMaxRemembered = 100000;
  // Diagnoses tried at one position before it counts as unexplained.
  static constexpr int kPeelsPerPosition = 5;
  // Positions of the game a new switch must agree at (the latest ones).
  static constexpr std::size_t kHistory = 64;
  // Engine questions at nearby positions to tell switches apart, per position.
  static constexpr int kExperimentsPerPosition = 24;
  // The minimising budget of one witness.
  static constexpr int kMinimiseAsks = 400;
  static constexpr double kMinimiseSeconds = 5;
  std::unordered_set<std::string> agreed_;
  std::set<std::string> refuted_;        // what a probe round refuted, once settling
  bool first_pass_ = false;              // within check(g, Pass::First)
  bool record_ = false;                  // within check(g, Pass::First or Pass::Probe)
  std::vector<std::string> game_given_;  // the switches the current game started with
  std::size_t started_with_ = 0;         // how many
  bool finishing_ = false;               // the games are over: settling and minimising
};

class OracleProbe final : public Probe {
 public:
  OracleProbe(const Ruleset& rules, std::string name) : rules_(rules), name_(std::move(name)) {}
  std::string name() override { return name_; }
  Expected<void> select(std::string_view ruleset) override {
    if (ruleset != rules_.id) return Error{fmt::format("ruleset '{}' is not supported", ruleset)};
    return {};
  }
  std::optional<std::string> trace(const std::string& bpn, const std::string& move) override {
    auto parsed = parse_bpn(bpn);
    if (!parsed || !validate_for_ruleset(rules_, *parsed)) return std::nullopt;
    auto m = parse_move(move, parsed->to_move);
    Trace t;
    if (!m || !play(rules_, *parsed, *m, &t)) return std::nullopt;
    return format_protocol_trace(t.events());
  }
  PositionAnswer ask(const std::string& bpn, const std::vector<std::string>& plays) override {
    PositionAnswer a;
    a.requests = 3 + 3 * static_cast<int>(plays.size());
    auto parsed = parse_bpn(bpn);
    auto pos = parsed ? validate_for_ruleset(rules_, *parsed) : Expected<Position>(parsed.error());
    if (!pos) {
      a.representable = false;
      return a;
    }
    a.status = to_string(status(rules_, *pos));
    for (const Move& m : legal_moves(rules_, *pos))
      a.moves.push_back(move_to_string(m, pos->to_move));
    for (const std::string& text : plays) {
      MoveAnswer ma;
      ma.move = text;
      auto m = parse_move(text, pos->to_move);
      auto after = m ? play(rules_, *pos, *m) : Expected<Position>(m.error());
      if (after) {
        ma.accepted = true;
        ma.bpn = to_bpn(*after);
        ma.status = to_string(status(rules_, *after));
      } else {
        ma.refusal = after.error().message;
      }
      a.plays.push_back(std::move(ma));
    }
    return a;
  }

 private:
  Ruleset rules_;
  std::string name_;
};

}  // namespace

std::unique_ptr<Probe> oracle_probe(const Ruleset& rules, std::string name) {
  return std::make_unique<OracleProbe>(rules, std::move(name));
}

std::vector<std::string> scenario_corpus(const std::vector<std::string>& paths,
                                         const Ruleset& ruleset, std::vector<std::string>* errors) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  const scenario::LoadResult loaded = scenario::load_paths(paths);
  if (errors != nullptr)
    for (const scenario::InputError& e : loaded.errors) errors->push_back(scenario::to_string(e));
  for (const scenario::Scenario& sc : loaded.scenarios) {
    if (std::find(sc.rulesets.begin(), sc.rulesets.end(), ruleset.id) == sc.rulesets.end())
      continue;
    Position pos;
    if (sc.position == "start") {
      pos = start_position(ruleset);
    } else {
      auto p = parse_bpn(sc.position);
      if (!p) continue;
      auto valid = validate_for_ruleset(ruleset, *p);
      if (!valid) continue;
      pos = *valid;
    }
    bool ok = true;
    for (const scenario::MoveText& m : sc.moves) {
      auto mv = parse_move(m.text, pos.to_move);
      auto next = mv ? play(ruleset, pos, *mv) : Expected<Position>(mv.error());
      if (!next) {
        ok = false;
        break;
      }
      pos = *next;
    }
    if (ok && seen.insert(to_bpn(pos)).second) out.push_back(to_bpn(pos));
  }
  return out;
}

std::string group_key(const Finding& f) {
  if (f.kind == FindingKind::ProtocolFault) {
    // Group faults by their kind word (crash, timeout, ...).
    return std::string(to_string(f.kind)) + " " +
           (f.engine.fault ? f.engine.fault->kind : f.actual);
  }
  std::string key(to_string(f.kind));
  for (const std::string& c : f.clauses) key += " " + c;
  return key;
}

bool failed(const CheckResult& r) {
  if (!r.findings.empty()) return true;
  return std::any_of(r.deviations.begin(), r.deviations.end(),
                     [](const Deviation& d) { return !d.accepted; });
}

bool failed_at_start(const CheckResult& r) {
  return std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return f.kind == FindingKind::ProtocolFault && f.position.empty();
  });
}

namespace {

// The witness order: fewest seeds where the game met it, then the shortest
// line, then the earliest game, so that which game's witness a group keeps
// does not depend on how runs were split.
auto witness_size(const Finding& x) {
  return std::make_tuple(x.found_seeds, x.line.size(), x.seed, x.game);
}

}  // namespace

namespace {

// Adds `x` to the group of `groups` with its key, or as a new group;
// `join(group, x)` folds it into the group.
template <class T, class Key, class Join>
void add_to_group(std::vector<T>& groups, T x, const Key& key, const Join& join) {
  for (T& g : groups)
    if (key(g) == key(x)) {
      join(g, std::move(x));
      return;
    }
  groups.push_back(std::move(x));
}

}  // namespace

void add_finding(std::vector<Finding>& findings, Finding f) {
  add_to_group(findings, std::move(f), group_key, [](Finding& g, Finding x) {
    const std::uint64_t n = g.occurrences + x.occurrences;
    if (witness_size(x) < witness_size(g)) g = std::move(x);
    g.occurrences = n;
  });
}

void add_deviation(std::vector<Deviation>& deviations, Deviation d) {
  add_to_group(
      deviations, std::move(d), [](const Deviation& x) { return x.switch_id; },
      [](Deviation& g, Deviation x) {
        // Alternatives that answered alike wherever it was found (where
        // that is known).
        if (!g.also_known) {
          g.also = x.also;
          g.also_known = x.also_known;
        } else if (x.also_known) {
          std::vector<std::string> also;
          for (const std::string& a : g.also)
            if (std::find(x.also.begin(), x.also.end(), a) != x.also.end()) also.push_back(a);
          g.also = std::move(also);
        }
        count_for(g, x);
        if (witness_size(x.witness) < witness_size(g.witness)) g.witness = std::move(x.witness);
      });
}

void add_notation(std::vector<NotationFinding>& notation, NotationFinding n) {
  add_to_group(
      notation, std::move(n), [](const NotationFinding& x) { return x.what; },
      [](NotationFinding& g, NotationFinding x) {
        g.count += x.count;
        if (witness_size(x.example) < witness_size(g.example)) g.example = std::move(x.example);
      });
}

namespace {

// Joins deviation groups that are one deviation seen through switches
// that answer alike where it was found: a group whose every witness the
// switch of another group explains too (it is in `also`) goes into that
// group, which has positions of its own that only its switch explains;
// two groups each in the other's `also` become the one seen in more games.
// A group whose switch a probe round refuted (`refuted`) takes in no other:
// the engine was seen answering otherwise than it. Two groups whose
// switches both stand in the probe rounds' last model (`standing`: a round
// played under both, a house working from 7 seeds and one judged before the
// seed that lands in it) are left for settling to judge, with the whole
// model, whether each is needed.
void join_equivalents(std::vector<Deviation>& deviations, const std::set<std::string>& refuted,
                      const std::set<std::string>& standing) {
  for (bool joined = true; joined;) {
    joined = false;
    for (std::size_t a = 0; a < deviations.size() && !joined; ++a)
      for (std::size_t b = 0; b < deviations.size() && !joined; ++b) {
        if (a == b) continue;
        Deviation& from = deviations[a];
        Deviation& into = deviations[b];
        const auto in = [](const Deviation& d, const std::string& id) {
          return std::find(d.also.begin(), d.also.end(), id) != d.also.end();
        };
        if (!in(from, into.switch_id)) continue;
        if (refuted.count(into.switch_id) && !refuted.count(from.switch_id)) continue;
        if (standing.count(into.switch_id) && standing.count(from.switch_id)) continue;
        if (in(into, from.switch_id) && from.games > into.games) continue;  // the other way
        count_for(into, from);
        // Its witnesses are the other's too (its switch answers alike there).
        if (witness_size(from.witness) < witness_size(into.witness)) into.witness = from.witness;
        deviations.erase(deviations.begin() + static_cast<std::ptrdiff_t>(a));
        joined = true;
      }
  }
}

// A switch the report names as a deviation of its own is no alternative
// to another: it leaves that one's `also` (a house working from 7 seeds
// and one judged before the landing seed, both named, answer alike at
// each other's witness).
void drop_named_from_also(std::vector<Deviation>& deviations) {
  std::set<std::string> named;
  for (const Deviation& d : deviations) named.insert(d.switch_id);
  for (Deviation& d : deviations)
    d.also.erase(std::remove_if(d.also.begin(), d.also.end(),
                                [&](const std::string& id) { return named.count(id) > 0; }),
                 d.also.end());
}

// A deviation whose switch a probe round refuted and replaced (`replaced`:
// the switch that took its place) was that one seen otherwise: its games
// and positions count for the one that replaced it, which takes its
// witness (where the engine departs from the ruleset; where the one
// replaced it, the two only part from each other) and keeps the request
// count at which it was named.
void fold_replaced(std::vector<Deviation>& deviations,
                   const std::map<std::string, std::string>& replaced) {
  for (bool folded = true; folded;) {
    folded = false;
    for (auto from = deviations.begin(); from != deviations.end() && !folded; ++from) {
      auto by = replaced.find(from->switch_id);
      if (by == replaced.end()) continue;
      auto into = std::find_if(deviations.begin(), deviations.end(),
                               [&](const Deviation& d) { return d.switch_id == by->second; });
      if (into == deviations.end()) continue;
      into->games += from->games;
      into->positions += from->positions;
      into->witness = from->witness;
      deviations.erase(from);
      folded = true;
    }
  }
}

// Deviations in the catalogue's order, notation by what it is: the same
// order however the games were split.
void order(CheckResult& r, const Ruleset& rules) {
  const std::vector<Switch> catalogue = switches_for(rules);
  auto rank = [&](const std::string& id) {
    for (std::size_t i = 0; i < catalogue.size(); ++i)
      if (catalogue[i].id == id) return i;
    return catalogue.size();
  };
  std::stable_sort(r.deviations.begin(), r.deviations.end(),
                   [&](const Deviation& a, const Deviation& b) {
                     return std::make_tuple(a.accepted, rank(a.switch_id), a.switch_id) <
                            std::make_tuple(b.accepted, rank(b.switch_id), b.switch_id);
                   });
  std::stable_sort(
      r.notation.begin(), r.notation.end(),
      [](const NotationFinding& a, const NotationFinding& b) { return a.what < b.what; });
}

// With the coverage search, one game in this many is a random game.
constexpr std::uint64_t kRandomEvery = 20;

// The game that starts at the plan's k-th start: every game but one in
// kRandomEvery is a planned one, in order.
std::uint64_t planned_game(std::size_t k) {
  return k / (kRandomEvery - 1) * kRandomEvery + k % (kRandomEvery - 1);
}

// Where the model's switch T is one of a few that answer alike nearly
// everywhere (a house working from 8 seeds, and one working from 7 judged
// before the seed that lands in it: they part only where a block falls on
// a house of 7), the games seldom meet a position that tells them apart,
// and the model may hold the wrong one. The aims "instead:T=R" point the
// probe round's sweep at such positions: R is one switch, or two whose
// first sets T's variation point otherwise (a pair that does alone what T
// does), that answers as the model at kInsteadShows boards where T shows
// and at kInsteadSample other boards of play and random boards (made from
// the seed, so that --given replays the round). At most kInsteadPerSwitch
// for each T, in catalogue order.
constexpr std::size_t kInsteadShows = 8;
constexpr std::size_t kInsteadSample = 200;
constexpr int kInsteadCandidates = 3000;
constexpr std::size_t kInsteadPerSwitch = 4;

std::vector<Aim> instead_aims(const Ruleset& rules, const Model& model, std::uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x1ae57eadULL);
  const Position start = start_position(rules);
  std::vector<Position> sample;
  std::vector<std::vector<Position>> shows(model.switches.size());
  std::vector<Model> less;
  for (std::size_t i = 0; i < model.switches.size(); ++i) less.push_back(model.without(i));
  for (int k = 0; k < kInsteadCandidates; ++k) {
    const Position p =
        k % 2 ? fuzz::random_position(rules, rng)
              : fuzz::random_play(model.rules, start, static_cast<int>(rng() % 80), rng);
    if (sample.size() < kInsteadSample) sample.push_back(p);
    for (std::size_t i = 0; i < less.size(); ++i)
      if (shows[i].size() < kInsteadShows && answers_differ(model.rules, less[i].rules, p))
        shows[i].push_back(p);
  }
  auto alike = [&](const Ruleset& r, const std::vector<Position>& at) {
    return std::none_of(at.begin(), at.end(),
                        [&](const Position& p) { return answers_differ(model.rules, r, p); });
  };
  auto near = [&](std::size_t i, const Model& m) {
    return alike(m.rules, shows[i]) && alike(m.rules, sample);
  };
  const std::vector<Switch> catalogue = switches_for(rules);
  auto in_model = [&](const Switch& s) {
    return std::any_of(model.switches.begin(), model.switches.end(),
                       [&](const Switch& m) { return m.id == s.id; });
  };
  std::vector<Aim> out;
  for (std::size_t i = 0; i < model.switches.size(); ++i) {
    if (shows[i].empty()) continue;  // no board here shows what T does
    const Switch& t = model.switches[i];
    std::size_t found = 0;
    for (const Switch& s : catalogue) {
      if (found >= kInsteadPerSwitch) break;
      if (in_model(s)) continue;
      auto one = less[i].with({s});
      if (!one) continue;
      if (near(i, *one)) {
        out.push_back({"instead:" + t.id + "=" + s.id, one->rules});
        ++found;
        continue;
      }
      const Switch pair[] = {t, s};
      if (apply_switches(rules, pair)) continue;  // not T's variation point
      for (const Switch& u : catalogue) {
        if (found >= kInsteadPerSwitch) break;
        if (in_model(u) || u.id == s.id) continue;
        auto two = less[i].with({s, u});
        if (!two || !near(i, *two)) continue;
        out.push_back({"instead:" + t.id + "=" + s.id + "+" + u.id, two->rules});
        ++found;
      }
    }
  }
  return out;
}

// Probe rounds a run plays at most.
constexpr std::uint64_t kProbeRounds = 12;
// Candidates a probe round's sweep tries for each switch: more than the
// plan of the games tries, as what the model hides is rarer (a move cut
// off as endless under the model is seldom one under the plain ruleset).
constexpr int kProbeSweep = 4 * Plan::kSweepCandidates;

// The plan of the guided games of a run whose games start under `model`.
// Under the plain ruleset: a start for each switch of the catalogue where
// it shows. Under switches (a probe round's model, or the switches a run
// is given or accepts), the sweep tries kProbeSweep candidates for each
// of these, in order: each switch of the model where it shows (the model
// without it answers otherwise: is it what the engine does?), then where
// the model's near equivalents answer otherwise (instead_aims()), then
// each other switch of the catalogue where it shows on top of the model. A run
// with the same model (--given) makes the same plan, so it replays a probe
// round's game.
Plan plan_for(const Ruleset& rules, const Model& model, const std::vector<Position>& corpus,
              std::uint64_t seed) {
  if (model.switches.empty()) return Plan(model.rules, corpus, seed, switches_for(rules));
  std::vector<Aim> aims;
  for (std::size_t i = 0; i < model.switches.size(); ++i)
    aims.push_back({"without:" + model.switches[i].id, model.without(i).rules});
  for (Aim& a : instead_aims(rules, model, seed)) aims.push_back(std::move(a));
  for (const Switch& s : switches_for(rules)) {
    if (std::any_of(model.switches.begin(), model.switches.end(),
                    [&](const Switch& m) { return m.id == s.id; }))
      continue;
    if (auto m = model.with({s})) aims.push_back({"switch:" + s.id, m->rules});
  }
  return Plan(model.rules, corpus, seed, {}, kProbeSweep, aims);
}

// Probe rounds (docs/checker.md, "Probe rounds"). A probe round plays the
// games at the starts of the sweep of a plan made under a model of the
// engine (the ruleset with the deviations the run has found so far, less
// those refuted), each played under the model from its first position.
// Where the games under the plain ruleset show one deviation and hide
// another (no relay at all hides a house working from 7 seeds), the sweep
// under the model finds the positions where the other shows on top of it.
// A switch of the model that the engine's answers prove wrong (a house that
// never asks, picked where a house working from 7 seeds answered alike) is
// refuted: the next round's model goes without it. A round ends at the
// first game that changes the model (a deviation the run had not found, or
// a switch refuted); a model met again resumes its round where it stopped.
// Game numbers are those a run with the model's switches --given plays, so
// `--given ... --game G` replays one.
class ProbeRounds {
 public:
  ProbeRounds(GameChecker& checker, const Ruleset& rules, const Model& initial,
              const std::vector<Position>& corpus, const CheckOptions& options,
              Clock::time_point t0, CheckResult& result,
              std::map<std::string, std::uint64_t>& shows, std::function<void(bool)> progress)
      : checker_(checker),
        rules_(rules),
        initial_(initial),
        corpus_(corpus),
        options_(options),
        t0_(t0),
        result_(result),
        shows_(shows),
        progress_(std::move(progress)) {}

  // Plays rounds while the model changes, the run's limits allow and
  // kProbeRounds are not spent.
  void play() {
    while (rounds_left_ > 0 && !out_of_limits() &&
           result_.stats.failing_games < options_.max_findings &&
           !options_.shared_stop(result_.stats)) {
      Round& round = round_for(model_now());
      if (round.next >= round.starts) return;  // played to its end: nothing new
      --rounds_left_;
      ++result_.stats.probe_rounds;
      if (!play(round)) return;
    }
  }

  // The switches a probe round refuted.
  const std::set<std::string>& refuted() const { return refuted_; }
  // The positions where one was refuted, with the engine's answers.
  const std::vector<Observed>& refuted_at() const { return refuted_at_; }
  // The switches of the last model a probe round played under (none when
  // no round was played).
  std::set<std::string> standing() const {
    std::set<std::string> ids;
    if (result_.stats.probe_rounds == 0) return ids;
    for (const Switch& s : model_now().switches) ids.insert(s.id);
    return ids;
  }
  // Of those, the ones a switch replaced, by the first switch that took
  // its place where it was refuted.
  const std::map<std::string, std::string>& replaced() const { return replaced_; }

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

  bool out_of_limits() const {
    return checker_.stopping() || checker_.games_budget_spent() ||
           (options_.time_limit > 0 && seconds_since(t0_) >= options_.time_limit);
  }

  // The run's deviations as far as they combine, less the refuted ones.
  Model model_now() const {
    std::vector<Deviation> standing;
    for (const Deviation& d : result_.deviations)
      if (!refuted_.count(d.switch_id)) standing.push_back(d);
    if (auto m = plain_model(rules_).with(checker_.model_switches(standing))) return *m;
    return initial_;
  }

  Round& round_for(const Model& model) {
    Round& round = rounds_[model.signature()];
    if (!round.plan) {
      round.model = std::make_unique<Model>(model);
      round.plan = std::make_unique<Plan>(plan_for(rules_, *round.model, corpus_, options_.seed));
      round.plan->give_up_when([this] { return out_of_limits(); });
      for (const Deviation& d : result_.deviations) {
        auto pos = parse_bpn(d.witness.found_at);
        if (pos && answers_as(model.rules, *pos, d.witness.engine))
          round.evidence.push_back({*pos, d.witness.engine});
      }
      for (const Observed& o : refuted_at_)
        if (answers_as(model.rules, o.pos, o.answer)) round.evidence.push_back(o);
      // The initial model's round is the games' own plan.
      round.starts = model.signature() == initial_.signature() ? 0 : round.plan->sweep_length();
    }
    return round;
  }

  // Plays `round` from where it stopped; whether a game changed the model.
  bool play(Round& round) {
    const Model& model = *round.model;
    while (round.next < round.starts && !out_of_limits()) {
      const std::size_t k = round.next++;
      const std::optional<Position> start = round.plan->start(k);
      if (!start) break;
      const std::uint64_t g = planned_game(k);
      checker_.new_game();
      const Game game = game_of(rules_, corpus_, &*start, options_.seed, g);
      GameOutcome out = checker_.check(game, Pass::Probe, &model, &round.evidence);
      ++result_.stats.probe_games;
      // (A lambda may not capture a structured binding in C++20 as clang
      // 14 implements it: the pair is named whole.)
      for (const auto& shown : out.shows)
        if (std::none_of(model.switches.begin(), model.switches.end(),
                         [&](const Switch& m) { return m.id == shown.first; }))
          shows_[shown.first] += shown.second;
      bool changed = false;
      for (const std::string& id : out.dropped) changed = refuted_.insert(id).second || changed;
      for (const auto& [id, by] : out.replaced) replaced_.emplace(id, by);
      for (Observed& o : out.refuted_at) refuted_at_.push_back(std::move(o));
      std::vector<std::string> found;
      for (Deviation& d : out.deviations) {
        changed =
            changed || std::none_of(result_.deviations.begin(), result_.deviations.end(),
                                    [&](const Deviation& x) { return x.switch_id == d.switch_id; });
        d.witness.seed = options_.seed;
        d.witness.game = g;
        d.witness.seconds = seconds_since(t0_);
        d.found_after = result_.stats.requests + result_.stats.followup_requests;
        found.push_back(d.switch_id);
        add_deviation(result_.deviations, std::move(d));
      }
      for (const std::string& id : found) changed = reinstate(id) || changed;
      progress_(false);
      if (changed) return true;
    }
    return false;
  }

  // A refuted switch that a game finds again on top of another model (a
  // relay-only house stop refuted alone, where a house judged before the
  // seed that lands in it was also at work, and found again once a house
  // working from 7 seeds stood in for that one) stands again when the model
  // with it answers as the engine did at every position where a switch was
  // refuted. Whether it did.
  bool reinstate(const std::string& id) {
    if (!refuted_.count(id)) return false;
    std::set<std::string> without = refuted_;
    without.erase(id);
    std::vector<Deviation> standing;
    for (const Deviation& d : result_.deviations)
      if (!without.count(d.switch_id)) standing.push_back(d);
    auto model = plain_model(rules_).with(checker_.model_switches(standing));
    if (!model || std::none_of(model->switches.begin(), model->switches.end(),
                               [&](const Switch& s) { return s.id == id; }))
      return false;
    for (const Observed& o : refuted_at_)
      if (!answers_as(model->rules, o.pos, o.answer)) return false;
    refuted_.erase(id);
    replaced_.erase(id);
    return true;
  }

  GameChecker& checker_;
  const Ruleset& rules_;
  const Model& initial_;
  const std::vector<Position>& corpus_;
  const CheckOptions& options_;
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

}  // namespace

// The shrinking budget of one failing game.
constexpr int kShrinkEvaluations = 3000;
constexpr double kShrinkSeconds = 10;

Expected<CheckResult> run_check(Probe& probe, const CheckOptions& options,
                                const Progress& progress) {
  const Ruleset* rules = find_ruleset(options.ruleset);
  if (!rules) return Error{fmt::format("unknown ruleset '{}'", options.ruleset)};
  if (options.shard_count == 0 || options.shard_index >= options.shard_count)
    return Error{fmt::format("bad shard {}/{}", options.shard_index, options.shard_count)};
  // The accepted deviations, modelled from the start.
  Model initial = plain_model(*rules);
  {
    std::vector<Switch> accepted;
    for (const std::string& id : options.accepted) {
      auto s = find_switch(*rules, id);
      if (!s)
        return Error{
            fmt::format("accepted deviation '{}' is no switch of {} (see bao-oracle "
                        "switches {})",
                        id, rules->id, rules->id)};
      accepted.push_back(*s);
    }
    // --given: modelled as the accepted ones are, not accepted.
    for (const std::string& id : options.given) {
      auto s = find_switch(*rules, id);
      if (!s)
        return Error{
            fmt::format("given switch '{}' is no switch of {} (see bao-oracle switches {})", id,
                        rules->id, rules->id)};
      if (std::none_of(accepted.begin(), accepted.end(),
                       [&](const Switch& a) { return a.id == s->id; }))
        accepted.push_back(*s);
    }
    auto m = initial.with(accepted);
    if (!m)
      return Error{fmt::format("the {} switches cannot be combined: {}",
                               options.given.empty() ? "accepted" : "accepted and given",
                               apply_switches(*rules, accepted).error().message)};
    initial = *m;
  }
  auto selected = probe.select(options.ruleset);
  if (!selected) return selected.error();

  std::vector<Position> corpus;
  for (const std::string& bpn : options.corpus) {
    auto p = parse_bpn(bpn);
    if (!p) return Error{fmt::format("corpus position '{}': {}", bpn, p.error().message)};
    auto valid = validate_for_ruleset(*rules, *p);
    if (!valid) return Error{fmt::format("corpus position '{}': {}", bpn, valid.error().message)};
    corpus.push_back(*valid);
  }

  CheckResult result;
  result.engine = probe.name();
  result.options = options;
  result.provenance =
      this_build(options.corpus.empty() ? std::string(kNoCorpus) : corpus_hash(options.corpus), "");
  const auto t0 = Clock::now();
  auto last_progress = t0;
  GameChecker checker(*rules, probe, options, result.stats, initial);
  auto groups = [&] { return result.deviations.size() + result.findings.size(); };
  auto report_progress = [&](bool force) {
    if (!progress) return;
    const auto now = Clock::now();
    if (!force && now - last_progress < std::chrono::milliseconds(500)) return;
    last_progress = now;
    result.stats.seconds = seconds_since(t0);
    progress(result.stats, groups());
  };
  std::map<std::string, std::uint64_t> shows;
  // The guided games' starts (Search::Coverage): every game but one in
  // kRandomEvery starts where the plan says (a few moves from there); that
  // one is a random game as before, whose few hundred moves cost about as
  // many requests as the guided games between two of them.
  std::optional<Plan> plan;
  if (options.search == Search::Coverage) {
    plan.emplace(plan_for(*rules, initial, corpus, options.seed));
    // Only an interruption: the plan must be the same in every process.
    plan->give_up_when([&checker] { return checker.stopping(); });
  }
  // Probe rounds: after the plan's sweep, whenever the run's deviations
  // have changed.
  ProbeRounds probes(checker, *rules, initial, corpus, options, t0, result, shows, report_progress);
  for (std::uint64_t g = options.only_game.value_or(0);; ++g) {
    if (options.only_game) {
      if (g != *options.only_game) break;
    } else if (options.time_limit > 0) {
      if (seconds_since(t0) >= options.time_limit) break;
    } else if (g >= options.games) {
      break;
    }
    if (options.request_budget > 0 && result.stats.requests + result.stats.followup_requests >=
                                          games_budget(options.request_budget))
      break;
    if (checker.stopping()) break;
    if (!options.only_game && g % options.shard_count != options.shard_index) continue;
    if (result.stats.failing_games >= options.max_findings || options.shared_stop(result.stats)) {
      result.stats.stop_after = options.max_findings;
      break;
    }

    checker.new_game();
    std::optional<Position> planned;
    if (plan && g % kRandomEvery != kRandomEvery - 1)
      planned = plan->start(g / kRandomEvery * (kRandomEvery - 1) + g % kRandomEvery);
    GameOutcome first;
    bool have_first = false;
    bool known_group = false;     // its unexplained difference is a group already shrunk
    std::optional<Finding> last;  // the last failing evaluation is the shrunk one
    // Shrinking stops after a budget of evaluations or time: past it, every
    // further candidate "passes", so RapidCheck keeps the smallest so far.
    int evaluations = 0;
    const auto game_start = Clock::now();
    auto property = [&] {
      if (last && (++evaluations > kShrinkEvaluations ||
                   seconds_since(game_start) > kShrinkSeconds || checker.stopping()))
        return;
      if (!have_first && checker.stopping()) return;
      const Game game = generate_game(*rules, corpus, planned ? &*planned : nullptr);
      GameOutcome out = checker.check(game, have_first ? Pass::Shrink : Pass::First);
      report_progress(false);
      if (!have_first) {
        have_first = true;
        first = out;
        // A difference of a group already found and shrunk is counted, not
        // shrunk again (shrinking replays the game up to thousands of times).
        if (out.failure && out.failure->kind != FindingKind::ProtocolFault) {
          const std::string key = group_key(*out.failure);
          known_group = std::any_of(result.findings.begin(), result.findings.end(),
                                    [&](const Finding& f) { return group_key(f) == key; });
          if (known_group) {
            last = std::move(out.failure);
            return;
          }
        }
      }
      if (out.failure) {
        last = std::move(out.failure);
        RC_FAIL(fmt::format("{} at {}", to_string(last->kind), last->position));
      }
    };
    SilentListener listener;
    const auto outcome = [&] {
      MuteCerr mute;
      return rc::detail::checkTestable(property, rc::detail::TestMetadata{},
                                       game_params(options.seed, g), listener);
    }();
    if (!have_first) break;  // interrupted before the game began
    ++result.stats.games;
    const double now = seconds_since(t0);
    for (Deviation& d : first.deviations) {
      d.witness.seed = options.seed;
      d.witness.game = g;
      d.witness.seconds = now;
      d.found_after = result.stats.requests + result.stats.followup_requests;
      add_deviation(result.deviations, std::move(d));
    }
    for (const auto& [id, n] : first.shows) shows[id] += n;
    for (NotationFinding& n : first.notation) {
      n.example.seed = options.seed;
      n.example.game = g;
      n.example.seconds = now;
      add_notation(result.notation, std::move(n));
    }
    rc::detail::FailureResult failure;
    const bool failed_game = (outcome.match(failure) || known_group) && last;
    if (failed_game || !first.deviations.empty()) ++result.stats.failing_games;
    if (failed_game) {
      last->seed = options.seed;
      last->game = g;
      last->shrinks = listener.shrinks;
      last->seconds = now;
      add_finding(result.findings, std::move(*last));
    }
    report_progress(false);
    // Once the plan's sweep is played, a probe round for each new model.
    if (plan && !options.only_game && g % kRandomEvery != kRandomEvery - 1 &&
        g / kRandomEvery * (kRandomEvery - 1) + g % kRandomEvery + 1 >= plan->sweep_length())
      probes.play();
  }
  if (plan && !options.only_game) probes.play();
  for (Deviation& d : result.deviations) {
    // At least its witness, a position compared where it showed (one a
    // probe round met under a model without it is counted nowhere else).
    d.positions = std::max<std::uint64_t>(shows[d.switch_id], 1);
    for (std::size_t i = 0; i < options.accepted.size(); ++i)
      if (options.accepted[i] == d.switch_id) {
        d.accepted = true;
        if (i < options.accept_reasons.size()) d.accept_reason = options.accept_reasons[i];
      }
    for (std::size_t i = 0; i < options.accepted_clauses.size(); ++i)
      if (options.accepted_clauses[i] == d.clause) {
        d.accepted = true;
        if (i < options.accepted_clause_reasons.size())
          d.accept_reason = options.accepted_clause_reasons[i];
      }
  }
  fold_replaced(result.deviations, probes.replaced());
  join_equivalents(result.deviations, probes.refuted(), probes.standing());
  checker.finish_games();
  // Settling and minimising ask the engine again: not once interrupted
  // (the witnesses then stay the boards the games met).
  if (!checker.stopping())
    std::tie(result.stats.settled_deviations, result.stats.settled_findings) =
        checker.settle(result.deviations, result.findings, probes.refuted(), probes.refuted_at());
  drop_named_from_also(result.deviations);
  // Each group's witness, the smallest game found, gets a smaller board.
  for (Deviation& d : result.deviations)
    if (!checker.stopping()) checker.minimise(d);
  for (Finding& f : result.findings)
    if (!checker.stopping()) checker.minimise(f);
  result.stats.interrupted = checker.stopping();
  // A witness no game could reach goes to its own tier.
  const int total = start_position(*rules).total_seeds();
  auto judge = [&](Finding& f) {
    if (f.seeds > total)
      f.impossible = fmt::format("{} seeds, more than the {} of the ruleset", f.seeds, total);
  };
  for (Deviation& d : result.deviations) judge(d.witness);
  for (Finding& f : result.findings)
    if (!f.position.empty()) judge(f);
  order(result, *rules);
  result.stats.seconds = seconds_since(t0);
  report_progress(true);
  return result;
}

namespace {

// The first run option in which `b` differs from `a`, by its key in
// report.json, with both values; nullopt when they are one run's.
std::optional<std::string> differing_option(const CheckResult& a, const CheckResult& b) {
  const CheckOptions& x = a.options;
  const CheckOptions& y = b.options;
  auto quoted = [](const std::string& v) { return fmt::format("'{}'", v); };
  if (x.ruleset != y.ruleset)
    return fmt::format("ruleset ({} and {})", quoted(x.ruleset), quoted(y.ruleset));
  if (x.seed != y.seed) return fmt::format("seed ({} and {})", x.seed, y.seed);
  if (x.search != y.search)
    return fmt::format("search ({} and {})", to_string(x.search), to_string(y.search));
  if (a.command != b.command)
    return fmt::format("command ({} and {})", quoted(a.command), quoted(b.command));
  if (a.engine != b.engine)
    return fmt::format("engine ({} and {})", quoted(a.engine), quoted(b.engine));
  if (x.games != y.games) return fmt::format("games_requested ({} and {})", x.games, y.games);
  if (x.time_limit != y.time_limit)
    return fmt::format("time_limit ({} and {})", x.time_limit, y.time_limit);
  if (x.request_budget != y.request_budget)
    return fmt::format("request_budget ({} and {})", x.request_budget, y.request_budget);
  if (x.accepted != y.accepted || x.accept_reasons != y.accept_reasons ||
      x.accepted_clauses != y.accepted_clauses ||
      x.accepted_clause_reasons != y.accepted_clause_reasons)
    return std::string("accept (the accepted deviations or their reasons)");
  if (x.given != y.given)
    return fmt::format("given ('{}' and '{}')", fmt::join(x.given, ","), fmt::join(y.given, ","));
  // Shards of other builds, catalogues or corpora play other games (the
  // command line of each shard differs by its --shard, so it is not compared).
  const auto want = provenance_fields(a.provenance), have = provenance_fields(b.provenance);
  for (std::size_t i = 0; i < want.size(); ++i)
    if (want[i].first != "command" && want[i].second != have[i].second)
      return fmt::format("provenance {} ({} and {})", want[i].first, quoted(want[i].second),
                         quoted(have[i].second));
  return std::nullopt;
}

std::uint64_t gcd(std::uint64_t a, std::uint64_t b) {
  while (b != 0) a = std::exchange(b, a % b);
  return a;
}

// Games of shard I/N are those with g % N == I. Checks that the parts'
// shards hold every game of the target shard exactly once, and no other.
std::optional<std::string> shard_coverage(const std::vector<CheckResult>& parts,
                                          const std::vector<std::string>& names,
                                          const MergeOptions& how) {
  auto shard = [](std::uint32_t i, std::uint32_t n) { return fmt::format("{}/{}", i, n); };
  auto shard_of = [&](std::size_t k) {
    return shard(parts[k].options.shard_index, parts[k].options.shard_count);
  };
  // The same shard twice, named as such.
  for (std::size_t a = 0; a < parts.size(); ++a)
    for (std::size_t b = a + 1; b < parts.size(); ++b)
      if (parts[a].options.shard_index == parts[b].options.shard_index &&
          parts[a].options.shard_count == parts[b].options.shard_count)
        return fmt::format("{} and {} are both shard {}", names[a], names[b], shard_of(a));
  // The games repeat with the period of the least common multiple of the
  // shard counts: each residue is checked once.
  constexpr std::uint64_t kMaxPeriod = 1'000'000;
  std::uint64_t period = how.shard_count;
  for (const CheckResult& p : parts) {
    const std::uint64_t n = p.options.shard_count;
    period = period / gcd(period, n) * n;
    if (period > kMaxPeriod)
      return fmt::format(
          "the shard counts of the reports ({}) are too far apart to check that they "
          "hold every game once; merge shards of one count",
          [&] {
            std::string counts;
            for (std::size_t k = 0; k < parts.size(); ++k) counts += (k ? ", " : "") + shard_of(k);
            return counts;
          }());
  }
  std::vector<std::uint64_t> missing;
  for (std::uint64_t g = 0; g < period; ++g) {
    const bool wanted = g % how.shard_count == how.shard_index;
    std::optional<std::size_t> holder;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (g % parts[k].options.shard_count != parts[k].options.shard_index) continue;
      if (!wanted)
        return fmt::format("{} (shard {}) holds games outside shard {}, game {} first", names[k],
                           shard_of(k), shard(how.shard_index, how.shard_count), g);
      if (holder)
        return fmt::format("{} (shard {}) and {} (shard {}) both hold games {}, {}, {}, ...",
                           names[*holder], shard_of(*holder), names[k], shard_of(k), g, g + period,
                           g + 2 * period);
      holder = k;
    }
    if (wanted && !holder) missing.push_back(g);
  }
  if (missing.empty() || how.allow_missing) return std::nullopt;
  std::string given;
  for (std::size_t k = 0; k < parts.size(); ++k) given += (k ? ", " : "") + shard_of(k);
  // One count for all: the missing shards by name.
  const std::uint32_t n = parts.front().options.shard_count;
  const bool one_count = std::all_of(
      parts.begin(), parts.end(), [&](const CheckResult& p) { return p.options.shard_count == n; });
  if (one_count && period == n) {
    std::string list;
    for (std::size_t k = 0; k < missing.size() && k < 10; ++k)
      list += (k ? ", " : "") + shard(static_cast<std::uint32_t>(missing[k]), n);
    if (missing.size() > 10) list += fmt::format(" and {} more", missing.size() - 10);
    return fmt::format("missing shard{} {} (given: {})", missing.size() == 1 ? "" : "s", list,
                       given);
  }
  return fmt::format("no report holds game {} (games g with g % {} == {}; given: {})",
                     missing.front(), period, missing.front(), given);
}

}  // namespace

Expected<CheckResult> merge(const std::vector<CheckResult>& parts, const MergeOptions& how) {
  if (parts.empty()) return Error{"no reports to merge"};
  std::vector<std::string> names = how.names;
  for (std::size_t k = names.size(); k < parts.size(); ++k)
    names.push_back(fmt::format("report {}", k + 1));
  for (std::size_t k = 1; k < parts.size(); ++k)
    if (auto field = differing_option(parts.front(), parts[k]))
      return Error{fmt::format("{} and {} are not shards of one run: they differ in {}",
                               names.front(), names[k], *field)};
  if (how.shard_count == 0 || how.shard_index >= how.shard_count)
    return Error{fmt::format("bad shard {}/{}", how.shard_index, how.shard_count)};
  if (auto wrong = shard_coverage(parts, names, how)) return Error{*wrong};
  CheckResult out = parts.front();
  out.findings.clear();
  out.deviations.clear();
  out.notation.clear();
  out.stats = Stats{};
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const CheckResult& p = parts[k];
    // A sum that does not fit its type would be a wrong count.
    if (const std::string field = add_counts(out.stats, p.stats); !field.empty())
      return Error{fmt::format("stats.{} of {} adds up to more than a count can hold", field,
                               fmt::join(names.begin(), names.begin() + k + 1, ", "))};
    out.stats.seconds = std::max(out.stats.seconds, p.stats.seconds);
    if (p.stats.interrupted) {
      if (!out.stats.interrupted) out.stats.signal = p.stats.signal;
      out.stats.interrupted = true;
    }
    out.stats.stop_after = std::max(out.stats.stop_after, p.stats.stop_after);
    for (const auto& [id, n] : p.stats.switch_coverage) out.stats.switch_coverage[id] = 1;
  }
  // In game order, so the merge does not depend on the part order.
  std::vector<Finding> all;
  std::vector<Deviation> devs;
  std::vector<NotationFinding> notes;
  for (const CheckResult& p : parts) {
    all.insert(all.end(), p.findings.begin(), p.findings.end());
    devs.insert(devs.end(), p.deviations.begin(), p.deviations.end());
    notes.insert(notes.end(), p.notation.begin(), p.notation.end());
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Finding& a, const Finding& b) { return a.game < b.game; });
  std::stable_sort(devs.begin(), devs.end(), [](const Deviation& a, const Deviation& b) {
    return a.witness.game < b.witness.game;
  });
  std::stable_sort(notes.begin(), notes.end(),
                   [](const NotationFinding& a, const NotationFinding& b) {
                     return a.example.game < b.example.game;
                   });
  for (Finding& f : all) add_finding(out.findings, std::move(f));
  for (Deviation& d : devs) add_deviation(out.deviations, std::move(d));
  join_equivalents(out.deviations, {}, {});
  drop_named_from_also(out.deviations);
  for (NotationFinding& n : notes) add_notation(out.notation, std::move(n));
  if (const Ruleset* rules = find_ruleset(out.options.ruleset)) order(out, *rules);
  out.options.shard_index = how.shard_index;
  out.options.shard_count = how.shard_count;
  return out;
}

}  // namespace bao::check
