// The checker's report.json: written (to_json) and read back (from_json),
// the format shards are merged from and `report merge` checks.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/json_read.hpp"
#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check {
namespace {

using nlohmann::json;

json answer_json(const PositionAnswer& a) {
  json plays = json::array();
  for (const MoveAnswer& p : a.plays)
    plays.push_back({{"move", p.move},
                     {"accepted", p.accepted},
                     {"bpn", p.bpn},
                     {"status", p.status},
                     {"refusal", p.refusal}});
  json j = {{"representable", a.representable},
            {"status", a.status},
            {"moves", a.moves},
            {"plays", plays}};
  if (a.fault)
    j["fault"] = {{"kind", to_string(a.fault->kind)}, {"detail", protocol::describe(*a.fault)}};
  return j;
}

PositionAnswer answer_from(const json& j) {
  PositionAnswer a;
  a.representable = j.at("representable").get<bool>();
  a.status = j.at("status").get<std::string>();
  a.moves = j.at("moves").get<std::vector<std::string>>();
  for (const json& p : j.at("plays"))
    a.plays.push_back({p.at("move").get<std::string>(), p.at("accepted").get<bool>(),
                       p.at("bpn").get<std::string>(), p.at("status").get<std::string>(),
                       p.at("refusal").get<std::string>()});
  // A fault read back keeps its kind and its line: `message` is the line
  // after "<kind>: ", so describe() gives the line again.
  if (j.contains("fault")) {
    const json& f = j.at("fault");
    const auto kind = enum_from_name<FaultKind>(f.at("kind").get<std::string>());
    if (!kind) throw std::runtime_error("unknown fault kind " + f.at("kind").dump());
    Fault fault;
    fault.kind = *kind;
    fault.message = f.at("detail").get<std::string>();
    const std::string prefix = std::string(to_string(*kind)) + ": ";
    if (fault.message.starts_with(prefix)) fault.message.erase(0, prefix.size());
    a.fault = std::move(fault);
  }
  return a;
}

json finding_json(const Finding& f) {
  return {{"kind", std::string(to_string(f.kind))},
          {"ruleset", f.ruleset},
          {"seed", f.seed},
          {"game", f.game},
          {"start", f.start},
          {"line", f.line},
          {"position", f.position},
          {"move", f.move},
          {"expected", f.expected},
          {"actual", f.actual},
          {"clauses", f.clauses},
          {"oracle_moves", f.oracle_moves},
          {"oracle_status", f.oracle_status},
          {"oracle_result", f.oracle_result},
          {"oracle_result_status", f.oracle_result_status},
          {"engine", answer_json(f.engine)},
          {"seeds", f.seeds},
          {"found_at", f.found_at},
          {"found_seeds", f.found_seeds},
          {"minimise_steps", f.minimise_steps},
          {"shrinks", f.shrinks},
          {"seconds", f.seconds},
          {"occurrences", f.occurrences},
          {"origin", f.origin},
          {"context", f.context},
          {"given", f.given},
          {"departure", f.departure},
          {"departure_firm", f.departure_firm},
          {"impossible", f.impossible},
          {"reachable", f.reachable},
          {"own_line", f.own_line}};
}

Finding finding_from(const json& j) {
  Finding f;
  const auto kind = enum_from_name<FindingKind>(j.at("kind").get<std::string>());
  if (!kind) throw std::runtime_error("unknown finding kind " + j.at("kind").dump());
  f.kind = *kind;
  f.ruleset = j.at("ruleset").get<std::string>();
  f.seed = whole<std::uint64_t>(j, "seed");
  f.game = whole<std::uint64_t>(j, "game");
  f.start = j.at("start").get<std::string>();
  f.line = j.at("line").get<std::vector<std::string>>();
  f.position = j.at("position").get<std::string>();
  f.move = j.at("move").get<std::string>();
  f.expected = j.at("expected").get<std::string>();
  f.actual = j.at("actual").get<std::string>();
  f.clauses = j.at("clauses").get<std::vector<std::string>>();
  f.oracle_moves = j.at("oracle_moves").get<std::vector<std::string>>();
  f.oracle_status = j.at("oracle_status").get<std::string>();
  f.oracle_result = j.at("oracle_result").get<std::string>();
  f.oracle_result_status = j.at("oracle_result_status").get<std::string>();
  f.engine = answer_from(j.at("engine"));
  f.seeds = whole<int>(j, "seeds");
  f.found_at = j.at("found_at").get<std::string>();
  f.found_seeds = whole<int>(j, "found_seeds");
  f.minimise_steps = whole<int>(j, "minimise_steps");
  f.shrinks = whole<int>(j, "shrinks");
  f.seconds = j.at("seconds").get<double>();
  f.occurrences = whole<std::uint64_t>(j, "occurrences");
  f.origin = j.at("origin").get<std::string>();
  f.context = j.at("context").get<std::vector<std::string>>();
  // Absent from the reports of versions without probe rounds.
  if (j.contains("given")) f.given = j.at("given").get<std::vector<std::string>>();
  f.departure = j.at("departure").get<std::string>();
  f.departure_firm = j.at("departure_firm").get<bool>();
  f.impossible = j.at("impossible").get<std::string>();
  // Absent from the reports of versions before reachable evidence.
  if (j.contains("reachable")) f.reachable = j.at("reachable").get<bool>();
  // Absent from the reports of versions without line games.
  if (j.contains("own_line")) f.own_line = j.at("own_line").get<bool>();
  return f;
}

json deviation_json(const Deviation& d) {
  return {{"clause", d.clause},
          {"switch", d.switch_id},
          {"switch_kind", d.kind},
          {"plays_as", d.plays_as},
          {"meaning", d.meaning},
          {"also", d.also},
          {"games", d.games},
          {"positions", d.positions},
          {"found_after_requests", d.found_after},
          {"accepted", d.accepted},
          {"accept_reason", d.accept_reason},
          {"evidence", {{"position", d.evidence_position}, {"line", d.evidence_line}}},
          {"experiments", d.experiments},
          {"confirmations", d.confirmations},
          {"contradictions", d.contradictions},
          {"witness", finding_json(d.witness)}};
}

Deviation deviation_from(const json& j) {
  Deviation d;
  d.clause = j.at("clause").get<std::string>();
  d.switch_id = j.at("switch").get<std::string>();
  d.kind = j.at("switch_kind").get<std::string>();
  d.plays_as = j.at("plays_as").get<std::string>();
  d.meaning = j.at("meaning").get<std::string>();
  d.also = j.at("also").get<std::vector<std::string>>();
  d.games = whole<std::uint64_t>(j, "games");
  d.positions = whole<std::uint64_t>(j, "positions");
  if (j.contains("found_after_requests"))
    d.found_after = whole<std::uint64_t>(j, "found_after_requests");
  d.accepted = j.at("accepted").get<bool>();
  d.accept_reason = j.at("accept_reason").get<std::string>();
  // Absent from the reports of versions that named a switch on first sight.
  if (j.contains("evidence")) {
    d.evidence_position = j.at("evidence").at("position").get<std::string>();
    d.evidence_line = j.at("evidence").at("line").get<std::vector<std::string>>();
  }
  if (j.contains("experiments")) d.experiments = whole<std::uint64_t>(j, "experiments");
  if (j.contains("confirmations")) d.confirmations = whole<std::uint64_t>(j, "confirmations");
  if (j.contains("contradictions")) d.contradictions = whole<std::uint64_t>(j, "contradictions");
  d.witness = finding_from(j.at("witness"));
  return d;
}

json notation_json(const NotationFinding& n) {
  return {{"what", n.what},
          {"description", n.description},
          {"count", n.count},
          {"example", finding_json(n.example)}};
}

NotationFinding notation_from(const json& j) {
  NotationFinding n;
  n.what = j.at("what").get<std::string>();
  n.description = j.at("description").get<std::string>();
  n.count = whole<std::uint64_t>(j, "count");
  n.example = finding_from(j.at("example"));
  return n;
}

}  // namespace

std::string to_json(const CheckResult& r) {
  json deviations = json::array(), accepted = json::array();
  for (const Deviation& d : r.deviations)
    (d.accepted ? accepted : deviations).push_back(deviation_json(d));
  json unexplained = json::array();
  for (const Finding& f : r.findings) unexplained.push_back(finding_json(f));
  json notation = json::array();
  for (const NotationFinding& n : r.notation) notation.push_back(notation_json(n));
  const CheckOptions& o = r.options;
  json accept_list = json::array();
  for (std::size_t i = 0; i < o.accepted.size(); ++i)
    accept_list.push_back({{"switch", o.accepted[i]},
                           {"reason", i < o.accept_reasons.size() ? o.accept_reasons[i] : ""}});
  for (std::size_t i = 0; i < o.accepted_clauses.size(); ++i)
    accept_list.push_back(
        {{"clause", o.accepted_clauses[i]},
         {"reason", i < o.accepted_clause_reasons.size() ? o.accepted_clause_reasons[i] : ""}});
  json provenance = json::object();
  for (const auto& [name, v] : provenance_fields(r.provenance)) provenance[name] = v;
  json j = {{"format", "bao-oracle-check-3"},
            {"provenance", provenance},
            {"engine", r.engine},
            {"command", r.command},
            {"ruleset", o.ruleset},
            {"seed", o.seed},
            {"games_requested", o.games},
            {"time_limit", o.time_limit},
            {"request_budget", o.request_budget},
            {"strict_reachability", o.strict_reachability},
            {"search", to_string(o.search)},
            {"accept", accept_list},
            {"given", o.given},
            {"corpus_paths", o.corpus_paths},
            {"corpus_found", o.corpus_found},
            {"shard", fmt::format("{}/{}", o.shard_index, o.shard_count)},
            {"stats",
             {{"games", r.stats.games},
              {"positions", r.stats.positions},
              {"skipped", r.stats.skipped},
              {"moves", r.stats.moves},
              {"requests", r.stats.requests},
              {"failing_games", r.stats.failing_games},
              {"followup_requests", r.stats.followup_requests},
              {"settled_deviations", r.stats.settled_deviations},
              {"settled_findings", r.stats.settled_findings},
              {"unnamed", r.stats.unnamed},
              {"probe_rounds", r.stats.probe_rounds},
              {"probe_games", r.stats.probe_games},
              {"seconds", r.stats.seconds},
              {"interrupted", r.stats.interrupted},
              {"stop_after", r.stats.stop_after},
              {"clause_coverage", r.stats.clause_coverage},
              {"boundary_coverage", r.stats.boundary_coverage},
              {"switch_coverage", r.stats.switch_coverage}}},
            {"deviations", deviations},
            {"unexplained", unexplained},
            {"notation", notation},
            {"accepted", accepted}};
  if (r.stats.interrupted) j["stats"]["signal"] = r.stats.signal;
  // Text from outside (an engine's name, a scenario id) may hold bytes that
  // are not UTF-8: they are written as U+FFFD, so the file stays valid JSON.
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

// What a report read back must hold beyond its JSON shape: a ruleset this
// oracle implements, clause and switch ids of its catalogues, and BPN where
// a position belongs. The error names the key and the index, as its field
// too ("deviations[0].witness.position").
Expected<void> invalid_content(const CheckResult& r) {
  auto bad = [](const std::string& key, const std::string& what) {
    return Error{fmt::format("{}: {}", key, what), key};
  };
  const Ruleset* rules = find_ruleset(r.options.ruleset);
  if (rules == nullptr)
    return Error{fmt::format("ruleset '{}' is not one this oracle implements", r.options.ruleset),
                 "ruleset"};
  auto clause = [&](const std::string& key, const std::string& id) -> Expected<void> {
    if (find_clause(id) == ClauseId::None)
      return bad(key, fmt::format("'{}' is not a clause id of the catalogue", id));
    return {};
  };
  auto a_switch = [&](const std::string& key, const std::string& id) -> Expected<void> {
    if (!find_switch(*rules, id))
      return bad(key, fmt::format("'{}' is not a switch of {}", id, rules->id));
    return {};
  };
  // Where a position belongs; `start` stands for the start position where
  // the report may say so.
  enum class Start : std::uint8_t { Refused, Allowed };
  auto position = [&](const std::string& key, const std::string& bpn,
                      Start start) -> Expected<void> {
    if (bpn.empty() || (start == Start::Allowed && bpn == "start")) return {};
    if (auto p = parse_bpn(bpn); !p)
      return bad(key, fmt::format("'{}' is not a position: {}", bpn, p.error().message));
    return {};
  };
  auto finding = [&](const std::string& key, const Finding& f) -> Expected<void> {
    if (f.ruleset != r.options.ruleset)
      return bad(key + ".ruleset", fmt::format("'{}' is not the report's ruleset '{}'", f.ruleset,
                                               r.options.ruleset));
    for (std::size_t i = 0; i < f.clauses.size(); ++i)
      if (auto e = clause(fmt::format("{}.clauses[{}]", key, i), f.clauses[i]); !e) return e;
    if (auto e = position(key + ".position", f.position, Start::Refused); !e) return e;
    if (auto e = position(key + ".start", f.start, Start::Allowed); !e) return e;
    if (auto e = position(key + ".found_at", f.found_at, Start::Refused); !e) return e;
    for (std::size_t i = 0; i < f.given.size(); ++i)
      if (auto e = a_switch(fmt::format("{}.given[{}]", key, i), f.given[i]); !e) return e;
    if (!f.move.empty() && !f.position.empty()) {
      const auto p = parse_bpn(f.position);
      if (auto m = parse_move(f.move, p->to_move); !m)
        return bad(key + ".move", fmt::format("'{}' is not a move: {}", f.move, m.error().message));
    }
    return {};
  };
  for (std::size_t i = 0; i < r.deviations.size(); ++i) {
    const Deviation& d = r.deviations[i];
    const std::string key = fmt::format("{}[{}]", d.accepted ? "accepted" : "deviations", i);
    if (auto e = clause(key + ".clause", d.clause); !e) return e;
    if (!d.plays_as.empty())
      if (auto e = clause(key + ".plays_as", d.plays_as); !e) return e;
    if (auto e = a_switch(key + ".switch", d.switch_id); !e) return e;
    if (auto e = finding(key + ".witness", d.witness); !e) return e;
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i)
    if (auto e = finding(fmt::format("unexplained[{}]", i), r.findings[i]); !e) return e;
  for (std::size_t i = 0; i < r.options.given.size(); ++i)
    if (auto e = a_switch(fmt::format("given[{}]", i), r.options.given[i]); !e) return e;
  for (std::size_t i = 0; i < r.options.accepted.size(); ++i)
    if (auto e = a_switch(fmt::format("accept[{}].switch", i), r.options.accepted[i]); !e) return e;
  for (std::size_t i = 0; i < r.options.accepted_clauses.size(); ++i)
    if (auto e = clause(fmt::format("accept[{}].clause", i), r.options.accepted_clauses[i]); !e)
      return e;
  return {};
}

// "I/N" as written by to_json: 0 <= I < N, N at most the --shard limit.
std::pair<std::uint32_t, std::uint32_t> shard_from(const std::string& text) {
  const std::optional<Shard> shard = parse_shard(text);
  if (!shard)
    throw std::runtime_error(fmt::format("shard: expected I/N with 0 <= I < N <= {}, got {}",
                                         kMaxShards, json(text).dump()));
  return {shard->index, shard->count};
}

}  // namespace

Expected<CheckResult> from_json(std::string_view text, const std::string& where) {
  try {
    const json j = json::parse(text);
    // Version 2 had no provenance; it reads back with the fields empty.
    const std::string format = j.value("format", "");
    if (format != "bao-oracle-check-3" && format != "bao-oracle-check-2")
      return Error{
          fmt::format("{}: not a bao-oracle check report of this version (format key)", where)};
    CheckResult r;
    if (format == "bao-oracle-check-3") {
      r.provenance = provenance_from_json(j.at("provenance"));
    }
    r.engine = j.at("engine").get<std::string>();
    r.command = j.at("command").get<std::string>();
    r.options.ruleset = j.at("ruleset").get<std::string>();
    r.options.seed = whole<std::uint64_t>(j, "seed");
    r.options.games = whole<std::uint64_t>(j, "games_requested");
    r.options.time_limit = j.at("time_limit").get<double>();
    r.options.request_budget = whole<std::uint64_t>(j, "request_budget");
    if (j.contains("strict_reachability"))
      r.options.strict_reachability = j.at("strict_reachability").get<bool>();
    r.options.search = Search::Random;
    if (j.contains("search")) {
      auto search = enum_from_name<Search>(j.at("search").get<std::string>());
      if (!search) throw std::runtime_error("search: neither coverage nor random");
      r.options.search = *search;
    }
    std::tie(r.options.shard_index, r.options.shard_count) =
        shard_from(j.at("shard").get<std::string>());
    for (const json& a : j.at("accept")) {
      if (a.contains("switch")) {
        r.options.accepted.push_back(a.at("switch").get<std::string>());
        r.options.accept_reasons.push_back(a.at("reason").get<std::string>());
      } else {
        r.options.accepted_clauses.push_back(a.at("clause").get<std::string>());
        r.options.accepted_clause_reasons.push_back(a.at("reason").get<std::string>());
      }
    }
    // Absent from the reports of versions without --given.
    if (j.contains("given")) r.options.given = j.at("given").get<std::vector<std::string>>();
    // Reports written before the corpus was recorded have no key.
    if (j.contains("corpus_paths"))
      r.options.corpus_paths = j.at("corpus_paths").get<std::vector<std::string>>();
    r.options.corpus_found = j.value("corpus_found", false);
    const json& s = j.at("stats");
    r.stats.games = whole<std::uint64_t>(s, "games");
    r.stats.positions = whole<std::uint64_t>(s, "positions");
    r.stats.skipped = whole<std::uint64_t>(s, "skipped");
    r.stats.moves = whole<std::uint64_t>(s, "moves");
    r.stats.requests = whole<std::uint64_t>(s, "requests");
    r.stats.failing_games = whole<std::uint64_t>(s, "failing_games");
    // Absent from the reports of versions that counted all requests as one.
    if (s.contains("followup_requests"))
      r.stats.followup_requests = whole<std::uint64_t>(s, "followup_requests");
    r.stats.settled_deviations = whole<int>(s, "settled_deviations");
    r.stats.settled_findings = whole<int>(s, "settled_findings");
    if (s.contains("unnamed")) r.stats.unnamed = whole<int>(s, "unnamed");
    // Absent from the reports of versions without probe rounds.
    if (s.contains("probe_rounds")) r.stats.probe_rounds = whole<std::uint64_t>(s, "probe_rounds");
    if (s.contains("probe_games")) r.stats.probe_games = whole<std::uint64_t>(s, "probe_games");
    r.stats.seconds = s.at("seconds").get<double>();
    // Absent from the reports of versions before interruption was kept.
    r.stats.interrupted = s.value("interrupted", false);
    // The signal an interrupted run stopped on: one this program catches.
    if (s.contains("signal")) {
      const json& signal = s.at("signal");
      if (!signal.is_string() || interrupt::signal_number(signal.get<std::string>()) == 0)
        throw std::runtime_error(
            fmt::format("stats.signal: {} is not a signal a run stops on (SIGINT, SIGTERM, SIGHUP)",
                        signal.dump()));
      r.stats.signal = signal.get<std::string>();
    }
    // Absent from the reports of versions that did not say so.
    if (s.contains("stop_after")) r.stats.stop_after = whole<std::uint64_t>(s, "stop_after");
    // Absent from the reports of versions without the coverage search
    // (their games were random).
    for (auto [key, into] : {std::pair{"clause_coverage", &r.stats.clause_coverage},
                             std::pair{"boundary_coverage", &r.stats.boundary_coverage},
                             std::pair{"switch_coverage", &r.stats.switch_coverage}})
      if (s.contains(key))
        for (const auto& [id, n] : s.at(key).items()) {
          if (!n.is_number_unsigned())
            throw std::runtime_error(fmt::format("stats.{}.{}: not a whole number", key, id));
          (*into)[id] = n.get<std::uint64_t>();
        }
    // Open deviations, then accepted ones, each list holding only its own:
    // to_json puts a deviation in the list its `accepted` says, so one in
    // the other list would come back elsewhere, and the round trip of
    // fuzz/targets/report_json fails on such a report.
    for (const char* key : {"deviations", "accepted"}) {
      const bool accepted_list = std::string_view(key) == "accepted";
      std::size_t i = 0;
      for (const json& d : j.at(key)) {
        ++i;
        r.deviations.push_back(deviation_from(d));
        if (r.deviations.back().accepted != accepted_list)
          throw std::runtime_error(
              fmt::format("{}[{}]: 'accepted' is {} in the list of {} deviations", key, i,
                          !accepted_list, accepted_list ? "accepted" : "open"));
      }
    }
    for (const json& f : j.at("unexplained")) r.findings.push_back(finding_from(f));
    for (const json& n : j.at("notation")) r.notation.push_back(notation_from(n));
    if (auto ok = invalid_content(r); !ok)
      return Error{fmt::format("{}: {}", where, ok.error().message), ok.error().field};
    return r;
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: {}", where, e.what())};
  }
}

}  // namespace bao::check
