// Stage 5b, evidence before a name (docs/checker.md, "Evidence before a
// name"): once settled, each deviation's switch is put to the test with all
// the run's other deviations modelled and itself left out. It keeps its
// name only where it predicts the engine at several positions where it
// changes the model's answer (positions the games met, positions of the
// oracle's own play from the start, and positions that tell it from the
// switches that answered alike) and mispredicts none; otherwise the
// deviation is reported at its clause, as a difference no switch models.
#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <set>

#include "oracle/checker/stages.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

// Positions a switch must predict (with none mispredicted) to be named.
constexpr std::size_t kConfirmations = 3;
// The positions asked of the engine at most where a switch shows.
constexpr std::size_t kAskedPerSwitch = 8;
constexpr std::size_t kAskedPerRival = 2;
// Boards one seed away from the witness asked where the oracle's own play
// finds too few: evidence for the name, never reachable evidence.
constexpr std::size_t kNearWitness = 4;

// The rules differences of the engine's answer from `rules` at `pos`, as
// "kind move" keys ("invalid" when the ruleset cannot hold the position).
std::set<std::string> differences(const Ruleset& rules, const Position& pos,
                                  const PositionAnswer& a) {
  if (!validate_for_ruleset(rules, pos)) return {"invalid"};
  std::set<std::string> out;
  for (const Difference& d : compare(pos, oracle_view(rules, pos), a))
    if (d.notation == NotationKind::None)
      out.insert(fmt::format("{} {}", to_string(d.kind), d.move));
  return out;
}

// How the engine's answer sides between `with` and `without` at `pos`:
// +1 where it answers as `with` on something the two answer apart and
// never as `without` there; -1 where it answers as `without` on something
// they answer apart; 0 where it answers as neither.
int sides(const Ruleset& with, const Ruleset& without, const Position& pos,
          const PositionAnswer& a) {
  const auto off_with = differences(with, pos, a);
  const auto off_without = differences(without, pos, a);
  bool toward_with = false;
  for (const std::string& k : off_without)
    if (!off_with.count(k)) toward_with = true;
  for (const std::string& k : off_with)
    if (!off_without.count(k)) return -1;
  return toward_with ? 1 : 0;
}

// Up to `count` boards one seed more or less in one pit of `from` (pits in
// circuit order, South's first) where `a` and `b` answer apart: the
// witness's neighbours, the same for the same witness.
std::vector<Reached> near(const Position& from, const Ruleset& a, const Ruleset& b,
                          std::size_t count) {
  std::vector<Reached> out;
  for (int side = 0; side < 2; ++side)
    for (std::size_t pit = 0; pit < from.pits[side].size(); ++pit)
      for (const int step : {1, -1}) {
        if (out.size() >= count) return out;
        Position p = from;
        const int n = p.pits[side][pit] + step;
        if (n < 0 || p.total_seeds() + step > kMaxTotalSeeds) continue;
        p.pits[side][pit] = static_cast<std::uint8_t>(n);
        if (answers_differ(a, b, p)) out.push_back({p, {}});
      }
  return out;
}

// Where the witness of a deviation shows the engine departing, when the
// witness says so firmly (locate_departure): its first difference from the
// plain ruleset, with the engine's answers kept there.
std::optional<Located> firm_departure(const Ruleset& rules, const Finding& w) {
  auto pos = parse_bpn(w.position);
  if (!pos) return std::nullopt;
  const OracleView v = oracle_view(rules, *pos);
  for (const Difference& d : compare(*pos, v, w.engine)) {
    if (d.notation != NotationKind::None) continue;
    Located at = locate_departure(rules, *pos, v, d, std::nullopt, &w.engine);
    if (!at.firm) return std::nullopt;
    return at;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// An unexplained finding placed by the switch nearest the engine at its one
// board (docs/checker.md, "Evidence before a name"): that switch is put to
// the test as a name is, with the run's deviations modelled, at positions of
// the oracle's own play from the start where it changes the model's answer.
// Where the engine answers otherwise there and as the switch nowhere, the
// one board fitted it by coincidence: the finding is placed again without a
// switch where its answers place it firmly (the length or the ending of a
// move left out), and otherwise stays at the switch's clause, the rule about
// the move in question, saying that the switch was refuted. (A switch that
// predicts the engine somewhere and not elsewhere models part of an
// engine's own way of playing its clause: the clause stays.) Refiled
// through add_finding(), as it may now be a group already listed.
void test_placements(const RunContext& run, const std::vector<Deviation>& deviations,
                     std::vector<Finding>& findings, const ProbeFindings& probes,
                     Questions& questions) {
  const std::vector<Switch> model = combined(run, deviations, probes.refuted, {});
  const auto without = apply_switches(run.rules, model);
  if (!without) return;
  std::vector<Finding> placed_again;
  for (auto f = findings.begin(); f != findings.end();) {
    if ((f->kind != FindingKind::MissingMove && f->kind != FindingKind::ExtraMove) ||
        f->clauses.size() != 1 || questions.spent() || questions.stopping()) {
      ++f;
      continue;
    }
    // The board, and the model of the game that placed it.
    const auto pos = parse_bpn(f->position);
    const auto rules = apply_switch_ids(run.rules, f->context);
    if (!pos || !rules || !validate_for_ruleset(*rules, *pos)) {
      ++f;
      continue;
    }
    const OracleView v = oracle_view(*rules, *pos);
    std::optional<Difference> diff;
    for (const Difference& d : compare(*pos, v, f->engine))
      if (!diff && d.notation == NotationKind::None && d.kind == f->kind && d.move == f->move)
        diff = d;
    std::optional<Switch> sw;
    if (diff) {
      const Located at = locate_departure(*rules, *pos, v, *diff, std::nullopt, &f->engine);
      if (at.one_board && at.clause == f->clauses.front())
        sw = find_switch(run.rules, at.switch_id);
    }
    std::vector<Switch> list = model;
    if (sw) list.push_back(*sw);
    const auto with = apply_switches(run.rules, list);
    if (!sw || !with) {
      ++f;
      continue;
    }
    std::size_t asked = 0, predicted = 0, mispredicted = 0;
    for (const Reached& r : apart_in_play(run.rules, *with, *without, kAskedPerSwitch,
                                          salt(sw->id + "@" + f->position, run.options.seed))) {
      if (questions.spent() || questions.stopping()) break;
      const PositionAnswer a = questions.ask_all({&*with, &*without}, r.pos);
      if (a.fault || !a.representable) continue;
      ++asked;
      const int verdict = sides(*with, *without, r.pos, a);
      predicted += verdict > 0;
      mispredicted += verdict < 0;
    }
    if (mispredicted == 0 || predicted > 0) {
      ++f;
      continue;
    }
    const std::string refuted = fmt::format(
        "switch {}, which would explain this board, was put to the test at {} positions of the "
        "oracle's own play and answered otherwise than the engine at {}, as it at none",
        sw->id, asked, mispredicted);
    const Located again = locate_departure(*rules, *pos, v, *diff, std::nullopt, &f->engine, true);
    if (!again.firm) {
      f->departure += "; " + refuted;
      ++f;
      continue;
    }
    f->clauses = {again.clause};
    f->departure = fmt::format("{} ({})", again.how, refuted);
    f->departure_firm = true;
    placed_again.push_back(std::move(*f));
    f = findings.erase(f);
  }
  for (Finding& f : placed_again) add_finding(findings, std::move(f));
}

}  // namespace

ConfirmResult confirm(const RunContext& run, std::vector<Deviation>& deviations,
                      std::vector<Finding>& findings, const ProbeFindings& probes) {
  ConfirmResult out;
  Questions questions = run.questions(Charge::Finishing);
  std::vector<std::size_t> unnamed;
  for (std::size_t i = 0; i < deviations.size(); ++i) {
    Deviation& d = deviations[i];
    if (d.accepted || questions.spent() || questions.stopping()) continue;
    const auto sw = find_switch(run.rules, d.switch_id);
    if (!sw) continue;
    const std::vector<Switch> others = combined(run, deviations, probes.refuted, {&d});
    std::vector<Switch> list = others;
    list.push_back(*sw);
    const auto without = apply_switches(run.rules, others);
    const auto with = apply_switches(run.rules, list);
    if (!without || !with) continue;
    // The positions to judge it at: its witness, then the oracle's own play
    // from the start, then where it and each switch that answered alike
    // part. None depends on which games a shard played, so shards and
    // --jobs confirm as one run does.
    std::vector<Reached> at;
    const auto found_at = parse_bpn(d.witness.found_at);
    if (found_at) at.push_back({*found_at, {}});
    for (Reached& r : apart_in_play(run.rules, *with, *without, kAskedPerSwitch,
                                    salt(d.switch_id, run.options.seed)))
      at.push_back(std::move(r));
    if (found_at && at.size() < kConfirmations + 1)
      for (Reached& r : near(*found_at, *with, *without, kNearWitness)) at.push_back(std::move(r));
    std::vector<Ruleset> rivals;
    for (const std::string& id : d.also)
      if (auto rival = find_switch(run.rules, id)) {
        std::vector<Switch> rl = others;
        rl.push_back(*rival);
        if (auto rr = apply_switches(run.rules, rl)) {
          rivals.push_back(*rr);
          for (Reached& r : apart_in_play(run.rules, *with, *rr, kAskedPerRival,
                                          salt(d.switch_id + id, run.options.seed)))
            at.push_back(std::move(r));
        }
      }
    std::set<std::string> seen;
    std::size_t predicted = 0, mispredicted = 0;
    for (const Reached& reached : at) {
      const Position& pos = reached.pos;
      if (!seen.insert(to_bpn(pos)).second || questions.spent() || questions.stopping()) continue;
      std::vector<const Ruleset*> asked{&*with, &*without};
      for (const Ruleset& r : rivals) asked.push_back(&r);
      const PositionAnswer a = questions.ask_all(asked, pos);
      if (a.fault || !a.representable) continue;
      ++d.experiments;
      int verdict = answers_differ(*with, *without, pos) ? sides(*with, *without, pos, a) : 0;
      // Where a switch that answered alike answers as the engine and this
      // one does not, this one mispredicts.
      for (const Ruleset& r : rivals)
        if (verdict >= 0 && answers_differ(*with, r, pos) && sides(*with, r, pos, a) < 0)
          verdict = -1;
      if (verdict > 0) {
        ++predicted;
        // The first position of the oracle's own play from the start where
        // it predicted the engine: evidence an author can replay.
        if (!reached.line.empty() && d.evidence_position.empty()) {
          d.evidence_position = to_bpn(pos);
          d.evidence_line = reached.line;
        }
      }
      if (verdict < 0) ++mispredicted;
    }
    d.confirmations = predicted;
    d.contradictions = mispredicted;
    if (mispredicted == 0 && predicted >= kConfirmations) continue;
    unnamed.push_back(i);
  }
  // A deviation its switch does not predict is the engine's own way of
  // playing that clause: an unexplained group at the clause.
  for (auto it = unnamed.rbegin(); it != unnamed.rend(); ++it) {
    Deviation& d = deviations[*it];
    Finding f = d.witness;
    f.clauses = {d.clause};
    f.departure = fmt::format(
        "no switch models it: {} answered as the engine at {} of the positions it was put to "
        "and otherwise at {}",
        d.switch_id, d.confirmations, d.contradictions);
    // The switch's clause is firm where the switch predicted the engine
    // somewhere and mispredicted it nowhere (too few positions to name it).
    f.departure_firm = d.confirmations > 0 && d.contradictions == 0;
    // A switch that mispredicted the engine somewhere, or predicted it
    // nowhere, says little about the clause: the witness says where, when
    // it can say so firmly.
    if (d.contradictions > 0 || d.confirmations == 0)
      if (auto at = firm_departure(run.rules, f)) {
        f.clauses = {at->clause};
        f.departure_firm = true;
        f.departure = fmt::format(
            "no switch models it ({} answered as the engine at {} of the positions it was put to "
            "and otherwise at {}); at the witness, {}",
            d.switch_id, d.confirmations, d.contradictions, at->how);
      }
    f.occurrences = d.games;
    ++out.unnamed;
    deviations.erase(deviations.begin() + static_cast<std::ptrdiff_t>(*it));
    add_finding(findings, std::move(f));
  }
  test_placements(run, deviations, findings, probes, questions);
  return out;
}

}  // namespace bao::check::detail
