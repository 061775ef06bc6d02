// A `check --jobs` worker's progress line (worker_progress.hpp).
#include "oracle/checker/worker_progress.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <vector>

namespace bao::check {
namespace {

using Json = nlohmann::json;

std::vector<std::string> met(const std::map<std::string, std::uint64_t>& counts) {
  std::vector<std::string> out;
  for (const auto& [id, n] : counts)
    if (n > 0) out.push_back(id);
  return out;
}

// Each id of `j[key]` met once; false when it is not a list of strings.
bool read_met(const Json& j, const char* key, std::map<std::string, std::uint64_t>& into) {
  const auto it = j.find(key);
  if (it == j.end()) return true;
  if (!it->is_array()) return false;
  for (const Json& id : *it) {
    if (!id.is_string()) return false;
    auto& n = into[id.get<std::string>()];
    n = std::max<std::uint64_t>(n, 1);
  }
  return true;
}

bool read_count(const Json& j, const char* key, std::uint64_t& into) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) return false;
  into = it->get<std::uint64_t>();
  return true;
}

}  // namespace

std::string worker_progress_line(std::string_view kind, const Stats& s, std::size_t groups) {
  const Json j = {{"kind", std::string(kind)},
                  {"games", s.games},
                  {"positions", s.positions},
                  {"failing_games", s.failing_games},
                  {"groups", groups},
                  {"requests", s.requests},
                  {"followup_requests", s.followup_requests},
                  {"clauses", met(s.clause_coverage)},
                  {"boundaries", met(s.boundary_coverage)},
                  {"switches", met(s.switch_coverage)}};
  return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::optional<WorkerProgress> parse_worker_progress(std::string_view line) {
  const Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  WorkerProgress p;
  const auto kind = j.find("kind");
  if (kind == j.end() || !kind->is_string()) return std::nullopt;
  p.kind = kind->get<std::string>();
  if (p.kind != "progress" && p.kind != "ask") return std::nullopt;
  std::uint64_t groups = 0;
  if (!read_count(j, "games", p.stats.games) || !read_count(j, "positions", p.stats.positions) ||
      !read_count(j, "failing_games", p.stats.failing_games) || !read_count(j, "groups", groups) ||
      !read_count(j, "requests", p.stats.requests) ||
      !read_count(j, "followup_requests", p.stats.followup_requests))
    return std::nullopt;
  p.groups = static_cast<std::size_t>(groups);
  if (!read_met(j, "clauses", p.stats.clause_coverage) ||
      !read_met(j, "boundaries", p.stats.boundary_coverage) ||
      !read_met(j, "switches", p.stats.switch_coverage))
    return std::nullopt;
  return p;
}

}  // namespace bao::check
