// Stage 5, settle (docs/checker.md, "How deviations are found", step 5):
// once every game is played, the run's deviations are judged together, the
// ruleset with all of them applied being the model of the engine. Settling
// is the ordered list of passes kSettlePasses, each named after what it
// does there.
#include <algorithm>
#include <optional>

#include "oracle/checker/stages.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {

std::vector<Switch> combined(const RunContext& run, const std::vector<Deviation>& deviations,
                             const std::set<std::string>& refuted,
                             std::initializer_list<const Deviation*> skip) {
  // In the run's order, those a probe round refuted last: one that
  // replaced a refuted switch on its variation point is kept over it.
  std::vector<Switch> all = run.initial.switches;
  for (const bool was_refuted : {false, true})
    for (const Deviation& d : deviations) {
      if (std::find(skip.begin(), skip.end(), &d) != skip.end()) continue;
      if ((refuted.count(d.switch_id) > 0) != was_refuted) continue;
      if (auto s = find_switch(run.rules, d.switch_id)) {
        std::vector<Switch> more = all;
        more.push_back(*s);
        if (apply_switches(run.rules, more)) all = std::move(more);
      }
    }
  return all;
}

namespace {

// What the passes share and change.
struct Settling {
  const RunContext& run;
  const ProbeFindings& probes;
  std::vector<Deviation>& deviations;
  std::vector<Finding>& findings;
  Questions questions;
  std::optional<Ruleset> model;  // the deviations kept, as the last drop pass made it
  int dropped_deviations = 0;
  int dropped_findings = 0;
  int folded = 0;  // by the last fold pass
  // Fold a finding at a named deviation's clause that the model explains
  // there into that deviation (once the names are final).
  bool fold_at_clause = false;

  std::vector<Switch> others(std::initializer_list<const Deviation*> skip = {}) const {
    return combined(run, deviations, probes.refuted, skip);
  }
  // Whether the switches of `a` and `b` cannot both hold: they set one
  // variation point to two values.
  bool rivals(const Deviation& a, const Deviation& b) const {
    const auto sa = find_switch(run.rules, a.switch_id);
    const auto sb = find_switch(run.rules, b.switch_id);
    if (!sa || !sb) return false;
    const Switch pair[] = {*sa, *sb};
    return !apply_switches(run.rules, pair);
  }
};

// A deviation whose switch was picked among others that answered alike
// (its `also`) is looked at again with the run's other deviations in the
// model: a game tells candidates apart at nearby positions with only the
// switches it has found itself, so there another deviation of the engine,
// found in other games, can make every candidate look as far from the
// engine. Of the candidates the closest to the engine near the witness is
// kept; the switch is changed only when the first choice is not among
// them.
void choose_among_alike(Settling& s) {
  for (Deviation& d : s.deviations) {
    if (d.also.empty() || s.questions.spent() || s.questions.stopping()) continue;
    auto pos = parse_bpn(d.witness.found_at);
    if (!pos) continue;
    const std::vector<Switch> others = s.others({&d});
    const auto around = apply_switches(s.run.rules, others);
    if (!around) continue;
    std::vector<Switch> candidates;
    std::vector<Ruleset> records;
    std::vector<std::string> ids{d.switch_id};
    ids.insert(ids.end(), d.also.begin(), d.also.end());
    for (const std::string& id : ids) {
      auto sw = find_switch(s.run.rules, id);
      if (!sw || std::any_of(others.begin(), others.end(),
                             [&](const Switch& o) { return o.id == sw->id; }))
        continue;
      std::vector<Switch> list = others;
      list.push_back(*sw);
      auto r = apply_switches(s.run.rules, list);
      if (!r) continue;
      candidates.push_back(*sw);
      records.push_back(*r);
    }
    if (records.size() < 2 || candidates.front().id != d.switch_id) continue;
    int experiments = 0;
    const std::vector<std::size_t> alive =
        distinguish(records, *around, *pos, s.questions.experiment(experiments));
    if (alive.empty() || std::find(alive.begin(), alive.end(), 0) != alive.end()) continue;
    std::vector<std::string> also;
    for (std::size_t k = 1; k < alive.size(); ++k) also.push_back(candidates[alive[k]].id);
    set_switch(d, candidates[alive.front()]);
    d.also = std::move(also);
  }
}

// Whether the model needs `d` at the witness of another deviation, at a
// position where a probe round refuted a switch, or at an unexplained
// finding, as the engine answered there: the model `whole` answers as the engine and `less`
// (without `d`) does not. `d` may have replaced a rival, or the other may lean on it
// (docs/checker.md, "The house pair": two switches that together say what
// neither alone says).
bool needed_elsewhere(const Settling& s, const Deviation& d, const Ruleset& whole,
                      const Ruleset& less, const std::set<std::string>& dropped) {
  for (const Observed& o : s.probes.refuted_at)
    if (answers_as(whole, o.pos, o.answer) && !answers_as(less, o.pos, o.answer)) return true;
  for (const Deviation& r : s.deviations) {
    if (&r == &d || dropped.count(r.switch_id)) continue;
    auto pos = parse_bpn(r.witness.found_at);
    if (pos && answers_as(whole, *pos, r.witness.engine) &&
        !answers_as(less, *pos, r.witness.engine))
      return true;
  }
  // An unexplained difference that the whole model explains and the model
  // without `d` does not: several deviations showed there at once, `d`
  // among them (a game that met them together could name none).
  for (const Finding& f : s.findings) {
    if (f.kind == FindingKind::ProtocolFault || f.kind == FindingKind::DifferentStart || f.own_line)
      continue;
    auto pos = parse_bpn(f.position);
    if (pos && answers_as(whole, *pos, f.engine) && !answers_as(less, *pos, f.engine)) return true;
  }
  return false;
}

// Whether the engine answers nearer to `whole` than to `less` at the
// positions near `pos` where the two answer apart (distances()): a
// deviation its witness does not need, which the engine shows nearby.
bool needed_nearby(const Settling& s, const Ruleset& whole, const Ruleset& less,
                   const Position& pos) {
  int experiments = 0;
  const std::vector<std::size_t> far =
      distances({whole, less}, whole, pos, s.questions.experiment(experiments));
  return far[0] < far[1];
}

// Drops the deviations the model of the others explains at their
// witnesses (and at those of the others, needed_elsewhere(), and nearby,
// needed_nearby()); the model is the run's deviations less those dropped.
// Passes until one drops nothing, so that a deviation the first model,
// with a wrong one in it, could not explain is judged again without it.
// Those a probe round refuted first, then the least seen: a deviation the
// others cover is dropped before one of those it leans on could be.
void drop_covered(Settling& s) {
  std::vector<Deviation>& deviations = s.deviations;
  std::vector<Switch> all = s.others();
  auto model_of = [&](const std::string& without) -> std::optional<Ruleset> {
    std::vector<Switch> list;
    for (const Switch& sw : all)
      if (sw.id != without) list.push_back(sw);
    auto r = apply_switches(s.run.rules, list);
    return r ? std::optional<Ruleset>(*r) : std::nullopt;
  };
  auto whole = model_of("");
  std::vector<std::size_t> order(deviations.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const bool ra = s.probes.refuted.count(deviations[a].switch_id) > 0;
    const bool rb = s.probes.refuted.count(deviations[b].switch_id) > 0;
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
      if (!pos || !less || s.questions.spent()) continue;
      const PositionAnswer a = s.questions.ask_all({&*whole, &*less}, *pos);
      if (a.fault || !a.representable) continue;
      if (answers_as(*less, *pos, a) && answers_as(*whole, *pos, a) &&
          !needed_elsewhere(s, d, *whole, *less, drop) && !needed_nearby(s, *whole, *less, *pos)) {
        drop.insert(d.switch_id);
        all.erase(std::remove_if(all.begin(), all.end(),
                                 [&](const Switch& sw) { return sw.id == d.switch_id; }),
                  all.end());
        ++s.dropped_deviations;
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
      if (s.rivals(g, kept)) {
        count_for(kept, g);
        break;
      }
  s.model = whole;
}

// Two deviations whose switches cannot both hold (they set one variation
// point to two values) are one deviation of the engine seen in two ways:
// the games that found them each had other models of the engine around
// them. They are told apart again with the run's other deviations in the
// model, near both witnesses: the one with fewer differences from the
// engine summed over the nearby positions where the two answer apart
// (distances()) is kept and takes the other's games; when nothing near
// tells them apart the one seen in more games is kept, the other named as
// answering alike.
void fold_rivals(Settling& s) {
  std::vector<Deviation>& deviations = s.deviations;
  s.folded = 0;
  for (bool again = true; again && !s.questions.spent() && !s.questions.stopping();) {
    again = false;
    for (std::size_t i = 0; i < deviations.size() && !again; ++i)
      for (std::size_t j = i + 1; j < deviations.size() && !again; ++j) {
        Deviation& a = deviations[i];
        Deviation& b = deviations[j];
        if (!s.rivals(a, b)) continue;  // they combine: two deviations
        const auto sa = find_switch(s.run.rules, a.switch_id);
        const auto sb = find_switch(s.run.rules, b.switch_id);
        std::vector<Switch> others = s.others({&a, &b});
        const auto around = apply_switches(s.run.rules, others);
        others.push_back(*sa);
        const auto with_a = apply_switches(s.run.rules, others);
        others.back() = *sb;
        const auto with_b = apply_switches(s.run.rules, others);
        if (!around || !with_a || !with_b) continue;
        const std::vector<Ruleset> records{*with_a, *with_b};
        std::size_t far_a = 0, far_b = 0;
        for (const Deviation* d : {&a, &b}) {
          auto pos = parse_bpn(d->witness.found_at);
          if (!pos) continue;
          int experiments = 0;
          const std::vector<std::size_t> far =
              distances(records, *around, *pos, s.questions.experiment(experiments));
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
        ++s.folded;
        ++s.dropped_deviations;
        again = true;
      }
  }
}

// Once rivals are folded, the rest judged again with the one kept (a wrong
// one left in the model can make the wrong rival look right).
void drop_covered_after_folding(Settling& s) {
  if (s.folded > 0) drop_covered(s);
}

// The named deviation at the clause of unexplained finding `f`, if any.
Deviation* named_at(Settling& s, const Finding& f) {
  if (f.clauses.size() != 1) return nullptr;
  for (Deviation& d : s.deviations)
    if (!d.accepted && d.clause == f.clauses.front()) return &d;
  return nullptr;
}

// Whether the engine's answer `a` at `pos` departs from `model` at
// `clause`: some difference of rules between them is placed there.
bool departs_at(const Ruleset& model, const Position& pos, const PositionAnswer& a,
                const std::string& clause) {
  const OracleView v = oracle_view(model, pos);
  for (const Difference& d : compare(pos, v, a)) {
    if (d.notation != NotationKind::None) continue;
    if (locate_departure(model, pos, v, d, std::nullopt, &a).clause == clause) return true;
    if (auto c = counter_departure(model, pos, v, d); c && c->clause == clause) return true;
  }
  return false;
}

// An unexplained difference the model explains (several deviations, none
// yet seen in that game, showed there at once) is dropped.
void drop_explained_findings(Settling& s) {
  for (auto f = s.findings.begin(); s.model && f != s.findings.end();) {
    auto pos = parse_bpn(f->found_at);
    // A finding of the engine's own line (or its own start) shows only
    // there: set at its position, the engine answers otherwise.
    if (f->kind == FindingKind::ProtocolFault || f->kind == FindingKind::DifferentStart ||
        f->own_line || !pos || s.questions.spent()) {
      ++f;
      continue;
    }
    const PositionAnswer a = s.questions.ask_all({&*s.model}, *pos);
    if (!a.fault && a.representable && answers_as(*s.model, *pos, a)) {
      f = s.findings.erase(f);
      ++s.dropped_findings;
      continue;
    }
    Deviation* named = s.fold_at_clause ? named_at(s, *f) : nullptr;
    if (named && !a.fault && a.representable &&
        !departs_at(*s.model, *pos, a, f->clauses.front())) {
      // Each of its games met it at a position at least.
      named->games += f->occurrences;
      named->positions += f->occurrences;
      f = s.findings.erase(f);
      ++s.dropped_findings;
      continue;
    }
    ++f;
  }
}

struct SettlePass {
  std::string_view name;
  void (*run)(Settling&);
};

// The passes, in order (docs/checker.md, step 5).
constexpr SettlePass kSettlePasses[] = {
    {"choose among alike switches", choose_among_alike},
    {"drop deviations the others cover", drop_covered},
    {"fold rivals on one variation point", fold_rivals},
    {"drop covered deviations again", drop_covered_after_folding},
    {"drop findings the model explains", drop_explained_findings},
};

}  // namespace

int drop_explained(const RunContext& run, std::vector<Deviation>& deviations,
                   std::vector<Finding>& findings, const ProbeFindings& probes) {
  Settling s{.run = run,
             .probes = probes,
             .deviations = deviations,
             .findings = findings,
             .questions = run.questions(Charge::Finishing),
             .model = std::nullopt,
             .fold_at_clause = true};
  if (auto model = apply_switches(run.rules, s.others())) s.model = *model;
  drop_explained_findings(s);
  return s.dropped_findings;
}

std::pair<int, int> settle(const RunContext& run, std::vector<Deviation>& deviations,
                           std::vector<Finding>& findings, const ProbeFindings& probes) {
  Settling s{.run = run,
             .probes = probes,
             .deviations = deviations,
             .findings = findings,
             .questions = run.questions(Charge::Finishing),
             .model = std::nullopt};
  for (const SettlePass& pass : kSettlePasses) pass.run(s);
  return {s.dropped_deviations, s.dropped_findings};
}

}  // namespace bao::check::detail
