// The WebAssembly entry point: one C function, a JSON request in and a JSON
// answer out, over the facade (bindings/core/oracle_api.hpp). index.js wraps
// it in one JavaScript function per facade function.
//
// Request: {"fn": "play", "ruleset": "...", "bpn": "...", "move": "..."}
// (the arguments the facade function takes, by name). Answer: {"ok": value}
// or, for bad input, {"error": "message", "kind": "invalid-position",
// "argument": "bpn", "field": "north rows", "offset": 34}: the facade's
// message and where it puts the fault (index.js checks the types first).
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#include "bindings/core/oracle_api.hpp"

namespace {

// Keys in the order written, as index.d.ts lists them.
using json = nlohmann::ordered_json;
using namespace bao::api;

// JavaScript numbers hold whole numbers exactly up to 2^53 - 1.
constexpr std::uint64_t kMaxSafeInteger = (std::uint64_t{1} << 53) - 1;

json event_json(const TraceEvent& e) {
  return {{"kind", e.kind},     {"pit", e.pit},       {"count", e.count},
          {"reason", e.reason}, {"clause", e.clause}, {"text", e.text}};
}

json play_json(const PlayResult& p) {
  json trace = json::array();
  for (const TraceEvent& e : p.trace) trace.push_back(event_json(e));
  return {{"bpn", p.bpn}, {"status", p.status}, {"trace", trace}, {"traceText", p.trace_text}};
}

std::optional<std::string> optional_text(const json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<std::string>();
}

// {"moves": [...], "status": "...", "plays": {"A6L": {"bpn": ..., "status": ...}}}
EngineAnswers answers_from(const json& j) {
  EngineAnswers a;
  a.moves = j.at("moves").get<std::vector<std::string>>();
  a.status = optional_text(j, "status");
  if (j.contains("plays") && !j.at("plays").is_null())
    for (const auto& [move, answer] : j.at("plays").items())
      a.plays.push_back({move, optional_text(answer, "bpn"), optional_text(answer, "status")});
  return a;
}

json disagreement_json(const std::optional<Disagreement>& d) {
  if (!d) return nullptr;
  return {{"kind", d->kind},          {"move", d->move},         {"expected", d->expected},
          {"actual", d->actual},      {"notation", d->notation}, {"clause", d->clause},
          {"departure", d->departure}};
}

std::string text(const json& r, const char* key) {
  return r.at(key).get<std::string>();
}

json dispatch(const json& r) {
  const std::string fn = text(r, "fn");
  if (fn == "rulesets") {
    json out = json::array();
    for (const RulesetInfo& i : rulesets())
      out.push_back({{"id", i.id}, {"title", i.title}, {"source", i.source}, {"start", i.start}});
    return out;
  }
  if (fn == "clauses") {
    json out = json::array();
    for (const ClauseInfo& c : clauses(text(r, "ruleset")))
      out.push_back({{"id", c.id},
                     {"kind", c.kind},
                     {"source", c.source},
                     {"section", c.section},
                     {"paraphrase", c.paraphrase}});
    return out;
  }
  if (fn == "legalMoves") return legal_moves(text(r, "ruleset"), text(r, "bpn"));
  if (fn == "play") return play_json(play(text(r, "ruleset"), text(r, "bpn"), text(r, "move")));
  if (fn == "status") return status(text(r, "ruleset"), text(r, "bpn"));
  if (fn == "perft") {
    const std::uint64_t n = perft(text(r, "ruleset"), text(r, "bpn"), r.at("depth").get<int>());
    if (n > kMaxSafeInteger)
      throw InputError(InputKind::InvalidArgument, "depth",
                       "depth: the count exceeds JavaScript's exact whole numbers (2^53 - 1)");
    return n;
  }
  if (fn == "compare")
    return disagreement_json(
        compare(text(r, "ruleset"), text(r, "bpn"), answers_from(r.at("engine"))));
  throw InputError(InputKind::InvalidArgument, "fn", "fn: unknown function '" + fn + "'");
}

}  // namespace

// The answer stays valid until the next call (JavaScript copies it first).
extern "C" const char* bao_call(const char* request) {
  static std::string answer;
  json out;
  try {
    out = {{"ok", dispatch(json::parse(request))}};
  } catch (const InputError& e) {
    out = {{"error", e.what()},
           {"kind", to_string(e.kind)},
           {"argument", e.argument},
           {"field", e.field},
           {"offset", e.offset ? json(*e.offset) : json(nullptr)}};
  } catch (const json::exception& e) {
    // A request index.js built wrongly: a program error, not bad input.
    out = {{"error", std::string("request: ") + e.what()}, {"internal", true}};
  } catch (const std::exception& e) {
    out = {{"error", std::string("internal error: ") + e.what()}, {"internal", true}};
  }
  // A message may quote input that is not UTF-8: such bytes become U+FFFD.
  answer = out.dump(-1, ' ', false, json::error_handler_t::replace);
  return answer.c_str();
}
