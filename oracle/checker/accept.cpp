#include "oracle/checker/accept.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::check {

Expected<std::vector<AcceptEntry>> read_accept_entries(const std::string& path) {
  auto text = read_file(path, std::size_t{1} << 20);  // an accept list is a few lines
  if (!text) return Error{fmt::format("--accept: {}", text.error().message)};
  // Text only: yaml-cpp would read a byte that is not UTF-8 as U+FFFD.
  if (const auto bad = text_fault(*text))
    return Error{
        fmt::format("--accept: {}:{}:{}: {}: an accept file is UTF-8 text without "
                    "control characters",
                    path, bad->line, bad->column, bad->what)};
  YAML::Node root;
  try {
    root = YAML::Load(*text);
  } catch (const YAML::Exception& e) {
    return Error{
        fmt::format("--accept: {}:{}:{}: {}", path, e.mark.line + 1, e.mark.column + 1, e.msg)};
  }
  auto where = [&](const YAML::Node& n) {
    return fmt::format("{}:{}", path, n.Mark().line >= 0 ? n.Mark().line + 1 : 0);
  };
  if (!root.IsMap() || !root["accept"] || !root["accept"].IsSequence())
    return Error{fmt::format("--accept: {}: expected a map with an `accept` list", path)};
  for (const auto& key : root)
    if (key.first.as<std::string>() != "accept")
      return Error{fmt::format("--accept: {}: unknown key '{}'", where(key.first),
                               key.first.as<std::string>())};
  std::vector<AcceptEntry> entries;
  try {
    for (const YAML::Node& e : root["accept"]) {
      if (!e.IsMap())
        return Error{
            fmt::format("--accept: {}: each entry is a map with switch or clause, "
                        "and reason",
                        where(e))};
      for (const auto& key : e) {
        const std::string k = key.first.as<std::string>();
        if (k != "switch" && k != "clause" && k != "reason" && k != "rulesets")
          return Error{
              fmt::format("--accept: {}: unknown key '{}' (switch, clause, reason, rulesets)",
                          where(key.first), k)};
      }
      AcceptEntry a;
      a.where = where(e);
      a.reason = e["reason"] ? e["reason"].as<std::string>() : "";
      if (a.reason.empty())
        return Error{fmt::format("--accept: {}: every entry needs a reason", where(e))};
      if (e["switch"] && e["clause"])
        return Error{fmt::format("--accept: {}: name a switch or a clause, not both", where(e))};
      if (e["switch"]) {
        a.switch_id = e["switch"].as<std::string>();
        a.id_where = where(e["switch"]);
      } else if (e["clause"]) {
        a.clause = e["clause"].as<std::string>();
        a.id_where = where(e["clause"]);
      } else {
        return Error{fmt::format("--accept: {}: an entry names a switch or a clause", where(e))};
      }
      if (e["rulesets"]) {
        if (!e["rulesets"].IsSequence() || e["rulesets"].size() == 0)
          return Error{fmt::format("--accept: {}: `rulesets` is a list of ruleset ids",
                                   where(e["rulesets"]))};
        for (const YAML::Node& r : e["rulesets"]) {
          const std::string id = r.as<std::string>();
          if (!find_ruleset(id))
            return Error{
                fmt::format("--accept: {}: unknown ruleset '{}' (see `bao-oracle "
                            "rulesets`)",
                            where(r), id)};
          a.rulesets.push_back(id);
        }
      }
      entries.push_back(std::move(a));
    }
  } catch (const YAML::Exception& e) {
    return Error{fmt::format("--accept: {}:{}: {}", path, e.mark.line + 1, e.msg)};
  }
  return entries;
}

bool accept_fits(const AcceptEntry& a, const Ruleset& rules) {
  return a.switch_id.empty() ? governs(rules, find_clause(a.clause))
                             : find_switch(rules, a.switch_id).has_value();
}

bool accept_holds_for(const AcceptEntry& a, const Ruleset& rules) {
  return a.rulesets.empty() ||
         std::find(a.rulesets.begin(), a.rulesets.end(), rules.id) != a.rulesets.end();
}

Expected<void> apply_accept(const std::vector<AcceptEntry>& entries, const Ruleset& rules,
                            bool strict, CheckOptions& c) {
  std::vector<Switch> switches;
  for (const AcceptEntry& a : entries) {
    if (!accept_holds_for(a, rules)) continue;
    if (!accept_fits(a, rules)) {
      if (!strict) continue;
      return Error{fmt::format("--accept: {}: '{}' is no {} of {} (see `bao-oracle {} {}`)",
                               a.id_where, a.switch_id.empty() ? a.clause : a.switch_id,
                               a.switch_id.empty() ? "clause" : "switch", rules.id,
                               a.switch_id.empty() ? "clauses" : "switches", rules.id)};
    }
    if (!a.switch_id.empty()) {
      c.accepted.push_back(a.switch_id);
      c.accept_reasons.push_back(a.reason);
      switches.push_back(*find_switch(rules, a.switch_id));
    } else {
      c.accepted_clauses.push_back(a.clause);
      c.accepted_clause_reasons.push_back(a.reason);
    }
  }
  if (auto combined = apply_switches(rules, switches); !combined)
    return Error{fmt::format("--accept: the accepted switches cannot be combined under {}: {}",
                             rules.id, combined.error().message)};
  return {};
}

}  // namespace bao::check
