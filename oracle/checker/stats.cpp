// Adding up the counts of runs (check.hpp, add_counts): a merge of shards,
// the totals of `check --ruleset all`.
#include <string>
#include <tuple>
#include <utility>

#include "oracle/checker/check.hpp"
#include "oracle/core/text.hpp"

namespace bao::check {

std::string add_counts(Stats& total, const Stats& more) {
  struct Count {
    const char* name;
    std::uint64_t* total;
    std::uint64_t more;
  };
  const Count counts[] = {{"games", &total.games, more.games},
                          {"positions", &total.positions, more.positions},
                          {"skipped", &total.skipped, more.skipped},
                          {"moves", &total.moves, more.moves},
                          {"requests", &total.requests, more.requests},
                          {"failing_games", &total.failing_games, more.failing_games},
                          {"followup_requests", &total.followup_requests, more.followup_requests},
                          {"probe_rounds", &total.probe_rounds, more.probe_rounds},
                          {"probe_games", &total.probe_games, more.probe_games}};
  for (const Count& c : counts)
    if (!add_count(*c.total, c.more)) return c.name;
  if (!add_count(total.settled_deviations, more.settled_deviations)) return "settled_deviations";
  if (!add_count(total.settled_findings, more.settled_findings)) return "settled_findings";
  if (!add_count(total.unnamed, more.unnamed)) return "unnamed";
  for (const auto& [key, into, from] :
       {std::tuple{"clause_coverage", &total.clause_coverage, &more.clause_coverage},
        std::tuple{"boundary_coverage", &total.boundary_coverage, &more.boundary_coverage}})
    for (const auto& [id, n] : *from)
      if (!add_count((*into)[id], n)) return std::string(key) + "." + id;
  return "";
}

}  // namespace bao::check
