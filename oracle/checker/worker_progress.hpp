// What a `check --jobs` worker tells its supervisor while it plays
// (docs/checker.md, "Sharding and `report merge`"): one JSON object per
// line on the worker's stdout, with its running totals and what its games
// have met, so the supervisor shows one progress line for all of them and
// counts their failing games towards --stop-after.
//
//   {"kind":"progress","games":12,"positions":340,"failing_games":2,
//    "groups":3,"requests":1800,"followup_requests":240,
//    "clauses":["ap.sow.relay",...],"boundaries":[...],"switches":[...]}
//
// `kind` is "progress", or "ask" when the worker waits for the
// supervisor's word before its next game (--stop-after across workers).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "oracle/checker/check.hpp"

namespace bao::check {

struct WorkerProgress {
  std::string kind;        // "progress" or "ask"
  Stats stats;             // games, positions, failing_games, requests, followup_requests, coverage
  std::size_t groups = 0;  // deviations and unexplained groups so far
};

// The line a worker writes (newline included).
std::string worker_progress_line(std::string_view kind, const Stats& s, std::size_t groups);

// A worker's line read back; nothing for a line that is not one (a
// worker's stray output is ignored, never fatal).
std::optional<WorkerProgress> parse_worker_progress(std::string_view line);

}  // namespace bao::check
