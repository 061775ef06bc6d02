// Stages 4 and 7, groups and order (docs/checker.md, "How deviations are
// found", step 4): findings grouped by kind and clause, deviations by
// switch, notation differences by what they are, each group keeping its
// smallest witness; the passes that join groups that are one deviation; and
// the report's order.
#include <algorithm>
#include <tuple>

#include "oracle/checker/stages.hpp"

namespace bao::check {
namespace detail {

// The witness order: a line from the ruleset's start first, then the
// fewest seeds where the game met it, then the shortest line, then the
// earliest game, so that which game's witness a group keeps does not
// depend on how runs were split.
std::tuple<bool, int, std::size_t, std::uint64_t, std::uint64_t> witness_size(const Finding& x) {
  // A witness a line from the ruleset's start reached first: the evidence
  // an author can replay.
  return std::make_tuple(x.start != "start", x.found_seeds, x.line.size(), x.seed, x.game);
}

void count_for(Deviation& into, const Deviation& from) {
  into.games += from.games;
  into.positions += from.positions;
  if (from.found_after > 0 && (into.found_after == 0 || from.found_after < into.found_after))
    into.found_after = from.found_after;
}

void set_switch(Deviation& d, const Switch& s) {
  d.switch_id = s.id;
  d.kind = s.kind == SwitchKind::Mutant ? "mutant" : "choice";
  d.clause = std::string(clause_name(s.clause));
  d.plays_as = s.plays_as == ClauseId::None ? "" : std::string(clause_name(s.plays_as));
  d.meaning = s.meaning;
}

std::vector<std::string> ids_of(const std::vector<Switch>& switches) {
  std::vector<std::string> out;
  for (const Switch& s : switches) out.push_back(s.id);
  return out;
}

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

// Joins deviation groups that are one deviation seen through switches
// that answer alike where it was found: a group whose every witness the
// switch of another group explains too (it is in `also`) goes into that
// group, which has positions of its own that only its switch explains;
// two groups each in the other's `also` become the one seen in more games.
// A group whose switch a probe round refuted (`refuted`) takes in no other:
// the engine was seen answering otherwise than it. Two groups whose
// switches both stand in the probe rounds' last model (`standing`: a round
// played under both, as the house pair can be: docs/checker.md, "The house
// pair") are left for settling to judge, with the whole
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
// to another: it leaves that one's `also` (the two of the house pair, both
// named, answer alike at each other's witness).
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
  // A different start first: everything else is played from the ruleset's.
  std::stable_partition(r.findings.begin(), r.findings.end(),
                        [](const Finding& f) { return f.kind == FindingKind::DifferentStart; });
}

}  // namespace detail

using namespace detail;

std::string group_key(const Finding& f) {
  if (f.kind == FindingKind::ProtocolFault) {
    // Group faults by their kind word (crash, timeout, ...).
    return std::string(to_string(f.kind)) + " " +
           (f.engine.fault ? std::string(to_string(f.engine.fault->kind)) : f.actual);
  }
  std::string key(to_string(f.kind));
  // What shows only along the engine's own line cannot be placed by its
  // position (set there, the engine answers as the text): one group per
  // kind, at the clause of its first witness.
  if (f.own_line) return key + " (own line)";
  for (const std::string& c : f.clauses) key += " " + c;
  return key;
}

bool reachable(const Finding& f) {
  return f.reachable || f.kind == FindingKind::ProtocolFault ||
         f.kind == FindingKind::DifferentStart;
}

bool reachable(const Deviation& d) {
  return d.witness.reachable || !d.evidence_position.empty();
}

bool failed(const CheckResult& r) {
  const bool strict = r.options.strict_reachability;
  return std::any_of(r.findings.begin(), r.findings.end(),
                     [&](const Finding& f) { return strict || reachable(f); }) ||
         std::any_of(r.deviations.begin(), r.deviations.end(),
                     [&](const Deviation& d) { return !d.accepted && (strict || reachable(d)); });
}

bool failed_at_start(const CheckResult& r) {
  // Merged with shards that played, a part whose engine failed at start is
  // one finding of a checked run.
  if (r.stats.games > 0) return false;
  return std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return f.kind == FindingKind::ProtocolFault && f.position.empty();
  });
}

void add_finding(std::vector<Finding>& findings, Finding f) {
  // Each independent departure of the answer in the group of its clause.
  for (auto& [clause, how, firm] : f.more_departures) {
    Finding g = f;
    g.clauses = {clause};
    g.departure = how;
    g.departure_firm = firm;
    g.more_departures.clear();
    add_finding(findings, std::move(g));
  }
  f.more_departures.clear();
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

}  // namespace bao::check
