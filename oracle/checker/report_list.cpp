// The list a report opens with (docs/checker.md, "Reading the diagnosis"):
// one line per open deviation and unexplained group, shared by the
// terminal summary, report.md and report.html.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"

namespace bao::check::detail {

// Where a switch was put to the test and neither predicted the engine nor
// was wrong (the position did not tell it from the rule text), "5 of 9"
// alone would read as four misses: ", wrong at none" says so.
std::string wrong_at(const Deviation& d) {
  if (d.confirmations >= d.experiments) return "";
  return d.contradictions == 0 ? ", wrong at none" : fmt::format(", wrong at {}", d.contradictions);
}

// What an unexplained finding says the engine does, in plain words.
std::string what_engine_does(const Finding& f) {
  switch (f.kind) {
    case FindingKind::MissingMove:
      return "refuses a move the rule allows";
    case FindingKind::ExtraMove:
      return "allows a move the rule forbids";
    case FindingKind::DifferentResult:
      return "plays a move to another position";
    case FindingKind::DifferentStatus:
      return "ends the game, or goes on, otherwise";
    case FindingKind::DifferentStart:
      return "starts from another position";
    case FindingKind::ProtocolFault:
      return "breaks the protocol (" +
             (f.engine.fault ? std::string(to_string(f.engine.fault->kind)) : f.actual) + ")";
  }
  return "";
}

std::vector<ListItem> first_list(const CheckResult& r) {
  std::vector<ListItem> items;
  for (const Deviation* d : deviations_by(r, Acceptance::Open))
    items.push_back({d->clause,
                     fmt::format("{} (switch {}{})", d->meaning, d->switch_id,
                                 d->plays_as.empty() ? "" : ", as " + d->plays_as),
                     d->games,
                     d->experiments > 0
                         ? fmt::format("predicted at {} of {} positions{}", d->confirmations,
                                       d->experiments, wrong_at(*d))
                         : std::string(),
                     false, reachable(*d)});
  for (const Finding& f : r.findings) {
    const bool start = f.kind == FindingKind::DifferentStart;
    // How firmly its clause is placed (Finding::departure_firm).
    std::string sure;
    if (f.own_line)
      sure = "only along its own line";
    else if (start)
      sure = "its own start, compared with the ruleset's";
    else if (f.kind != FindingKind::ProtocolFault)
      sure = f.departure_firm ? "where it departs: worked out from its answers"
                              : "where it departs: a guess (the nearest rule step, or the "
                                "nearest switch at one board)";
    items.push_back(
        {f.clauses.empty() ? std::string("(no clause)") : f.clauses.front(),
         what_engine_does(f) +
             (f.kind == FindingKind::ProtocolFault || start ? "" : "; no switch models it"),
         f.occurrences, std::move(sure), start, reachable(f)});
  }
  for (ListItem& i : items)
    if (!i.reachable)
      i.sure += std::string(i.sure.empty() ? "" : "; ") + "only on boards no game reaches";
  // A different start first, then what games reach, the most games first.
  std::stable_sort(items.begin(), items.end(), [](const ListItem& a, const ListItem& b) {
    if (a.first != b.first) return a.first;
    if (a.reachable != b.reachable) return a.reachable;
    return a.games > b.games;
  });
  return items;
}

}  // namespace bao::check::detail
