// The checker's reports: JSON (also the format shards are merged from),
// Markdown, JUnit XML, witness scenarios and the terminal summary.
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "oracle/checker/check.hpp"
#include "oracle/core/clause.hpp"
#include "oracle/core/files.hpp"
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
  if (a.fault) j["fault"] = {{"kind", a.fault->kind}, {"detail", a.fault->detail}};
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
  if (j.contains("fault"))
    a.fault =
        Fault{j["fault"].at("kind").get<std::string>(), j["fault"].at("detail").get<std::string>()};
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
          {"occurrences", f.occurrences}};
}

Finding finding_from(const json& j) {
  Finding f;
  const auto kind = finding_kind_from(j.at("kind").get<std::string>());
  if (!kind) throw std::runtime_error("unknown finding kind " + j.at("kind").dump());
  f.kind = *kind;
  f.ruleset = j.at("ruleset").get<std::string>();
  f.seed = j.at("seed").get<std::uint64_t>();
  f.game = j.at("game").get<std::uint64_t>();
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
  f.seeds = j.at("seeds").get<int>();
  f.found_at = j.at("found_at").get<std::string>();
  f.found_seeds = j.at("found_seeds").get<int>();
  f.minimise_steps = j.at("minimise_steps").get<int>();
  f.shrinks = j.at("shrinks").get<int>();
  f.seconds = j.at("seconds").get<double>();
  f.occurrences = j.at("occurrences").get<std::uint64_t>();
  return f;
}

// ", minimised from 64 in 9 cuts" when the board was minimised.
std::string minimised_text(const Finding& f) {
  if (f.minimise_steps == 0) return {};
  return fmt::format(", minimised from {} in {} cuts", f.found_seeds, f.minimise_steps);
}

// Single quotes for a POSIX shell.
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string join(const std::vector<std::string>& v, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? std::string(sep) : "") + v[i];
  return out;
}

// The position as a text board, North's back row on top, each row in its
// owner's pit order as seen from South (North's rows run 8..1 left to right).
std::string board_text(const std::string& bpn) {
  auto pos = parse_bpn(bpn);
  if (!pos) return "";
  auto row = [&](Side s, bool front, bool reversed) {
    std::string out;
    for (int i = 0; i < 8; ++i) {
      const int n = reversed ? 7 - i : i;  // pit number n + 1
      const int circuit = front ? n : 15 - n;
      out += fmt::format("{:>3}", pos->pits[static_cast<int>(s)][circuit]);
    }
    return out;
  };
  return fmt::format(
      "      N back  b8..b1 {}\n      N front a8..a1 {}\n      S front A1..A8 {}\n"
      "      S back  B1..B8 {}\n",
      row(Side::North, false, true), row(Side::North, true, true), row(Side::South, true, false),
      row(Side::South, false, false));
}

std::string witness_id(const CheckResult& r, const Finding& f, std::size_t index) {
  return fmt::format("check-{}-{}-{}-{}", r.options.ruleset, to_string(f.kind), r.options.seed,
                     index + 1);
}

std::string yaml_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string reproduce_command(const CheckResult& r, const Finding& f) {
  return fmt::format("bao-oracle check --engine {} --ruleset {} --seed {} --game {}",
                     shell_quote(r.command), f.ruleset, f.seed, f.game);
}

std::string to_json(const CheckResult& r) {
  json findings = json::array();
  for (const Finding& f : r.findings) findings.push_back(finding_json(f));
  json fp = json::array();
  for (const Candidate& c : fingerprint(r))
    fp.push_back({{"description", c.description},
                  {"ruleset", c.ruleset},
                  {"mutant", c.mutant},
                  {"clause", c.clause},
                  {"agrees", c.agrees},
                  {"total", c.total}});
  const CheckOptions& o = r.options;
  json j = {{"format", "bao-oracle-check-1"},
            {"engine", r.engine},
            {"command", r.command},
            {"ruleset", o.ruleset},
            {"seed", o.seed},
            {"games_requested", o.games},
            {"time_limit", o.time_limit},
            {"shard", fmt::format("{}/{}", o.shard_index, o.shard_count)},
            {"stats",
             {{"games", r.stats.games},
              {"positions", r.stats.positions},
              {"skipped", r.stats.skipped},
              {"moves", r.stats.moves},
              {"requests", r.stats.requests},
              {"failing_games", r.stats.failing_games},
              {"seconds", r.stats.seconds}}},
            {"findings", findings},
            {"fingerprint", fp}};
  return j.dump(2) + "\n";
}

Expected<CheckResult> from_json(std::string_view text, const std::string& where) {
  try {
    const json j = json::parse(text);
    if (j.value("format", "") != "bao-oracle-check-1")
      return Error{fmt::format("{}: not a bao-oracle check report (format key)", where)};
    CheckResult r;
    r.engine = j.at("engine").get<std::string>();
    r.command = j.at("command").get<std::string>();
    r.options.ruleset = j.at("ruleset").get<std::string>();
    r.options.seed = j.at("seed").get<std::uint64_t>();
    r.options.games = j.at("games_requested").get<std::uint64_t>();
    r.options.time_limit = j.at("time_limit").get<double>();
    const json& s = j.at("stats");
    r.stats.games = s.at("games").get<std::uint64_t>();
    r.stats.positions = s.at("positions").get<std::uint64_t>();
    r.stats.skipped = s.at("skipped").get<std::uint64_t>();
    r.stats.moves = s.at("moves").get<std::uint64_t>();
    r.stats.requests = s.at("requests").get<std::uint64_t>();
    r.stats.failing_games = s.at("failing_games").get<std::uint64_t>();
    r.stats.seconds = s.at("seconds").get<double>();
    for (const json& f : j.at("findings")) r.findings.push_back(finding_from(f));
    return r;
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: {}", where, e.what())};
  }
}

std::string summary_text(const CheckResult& r) {
  const Stats& s = r.stats;
  std::string out = fmt::format(
      "checked {} against {} (seed {}): {} games, {} positions, {} moves, {} positions skipped "
      "(not representable), {} requests in {:.1f} s ({:.0f} positions/s)\n",
      r.engine, r.options.ruleset, r.options.seed, s.games, s.positions, s.moves, s.skipped,
      s.requests, s.seconds, s.seconds > 0 ? double(s.positions) / s.seconds : 0.0);
  if (r.findings.empty())
    return out + "no findings: the engine agreed with the oracle everywhere\n";
  out += fmt::format("{} failing games in {} groups:\n", s.failing_games, r.findings.size());
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out += fmt::format("  [{}] {} x{}: {}{}\n      expected {}\n      engine   {}\n", i + 1,
                       to_string(f.kind), f.occurrences,
                       f.position.empty() ? "while starting the engine" : "at " + f.position,
                       f.move.empty() ? "" : " move " + f.move, f.expected, f.actual);
    if (f.position.empty()) continue;  // nothing to shrink or replay
    if (!f.clauses.empty()) out += fmt::format("      clauses  {}\n", join(f.clauses, ", "));
    out += fmt::format("      witness: {} seeds{}; found {} moves from {}, {} shrink steps\n",
                       f.seeds, minimised_text(f), f.line.size(),
                       f.start == "start" ? "the start" : "a random position", f.shrinks);
    out += fmt::format("      reproduce: {}\n", reproduce_command(r, f));
  }
  const auto fp = fingerprint(r);
  if (!fp.empty()) {
    out += "fingerprint (answers as the engine did at the witnesses):\n";
    for (const Candidate& c : fp)
      out += fmt::format("  {}/{}  {}\n", c.agrees, c.total, c.description);
  }
  return out;
}

std::string to_markdown(const CheckResult& r) {
  const Stats& s = r.stats;
  std::string out =
      fmt::format("# bao-oracle check: {} against {}\n\n", r.engine, r.options.ruleset);
  out += fmt::format("- engine command: `{}`\n- ruleset: `{}`\n- seed: {}\n", r.command,
                     r.options.ruleset, r.options.seed);
  out += fmt::format(
      "- games: {}; positions compared: {}; moves compared: {}; positions skipped (the engine "
      "cannot represent them): {}; protocol requests: {}\n",
      s.games, s.positions, s.moves, s.skipped, s.requests);
  out += fmt::format("- failing games: {}, in {} groups\n\n", s.failing_games, r.findings.size());
  if (r.findings.empty()) {
    out += "The engine agreed with the oracle at every position checked.\n";
    return out;
  }
  const auto fp = fingerprint(r);
  out += "## Fingerprint\n\n";
  if (fp.empty()) {
    out += "No other ruleset and no single switched clause answers as the engine did.\n\n";
  } else {
    out +=
        "Rulesets, or the checked ruleset with one clause switched, that answer as the "
        "engine did at the witnesses (agreeing/comparable):\n\n";
    for (const Candidate& c : fp)
      out += fmt::format("- {}/{}: {}\n", c.agrees, c.total, c.description);
    out += "\n";
  }
  out +=
      "## Findings\n\n| # | kind | games | move | clauses | witness |\n| --- | --- | --- | --- | "
      "--- | --- |\n";
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out += fmt::format("| {} | {} | {} | {} | {} | {} seeds, {} moves |\n", i + 1,
                       to_string(f.kind), f.occurrences, f.move.empty() ? "-" : "`" + f.move + "`",
                       f.clauses.empty() ? "-" : join(f.clauses, ", "), f.seeds, f.line.size());
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out += fmt::format("\n### {}. {}{}\n\n", i + 1, to_string(f.kind),
                       f.move.empty() ? "" : " at move `" + f.move + "`");
    if (f.position.empty()) {  // a fault while starting the engine
      out += fmt::format("While starting the engine.\n\n- expected: {}\n- engine: `{}`\n",
                         f.expected, f.actual);
      continue;
    }
    out +=
        fmt::format("Position (BPN): `{}`\n\n```\n{}```\n\n", f.position, board_text(f.position));
    out += fmt::format("- expected (oracle): `{}`\n- engine: `{}`\n", f.expected, f.actual);
    if (!f.clauses.empty()) {
      out += "- clauses that decided the step:\n";
      for (const std::string& c : f.clauses) {
        const ClauseId id = find_clause(c);
        const Clause& info = clause_info(id);
        out += fmt::format("  - `{}`{}\n", c,
                           id == ClauseId::None ? ""
                                                : fmt::format(" ({}, {}): {}", info.source_file,
                                                              info.section, info.paraphrase));
      }
    }
    out +=
        fmt::format("- line from {}: {}\n", f.start == "start" ? "the start" : "`" + f.start + "`",
                    f.line.empty() ? "(none)" : "`" + join(f.line, " ") + "`");
    if (f.minimise_steps > 0)
      out += fmt::format(
          "- the line reaches `{}` ({} seeds), where they first disagree; the witness is that "
          "board with seeds taken away ({} cuts) while the engine disagrees the same way\n",
          f.found_at, f.found_seeds, f.minimise_steps);
    out += fmt::format(
        "- found in game {} after {:.1f} s, {} shrink steps; {} games failed this way\n", f.game,
        f.seconds, f.shrinks, f.occurrences);
    out += fmt::format("- reproduce: `{}`\n- scenario: `witnesses/{}.yaml`\n",
                       reproduce_command(r, f), witness_id(r, f, i));
  }
  return out;
}

std::string to_junit(const CheckResult& r) {
  std::string body;
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    body += fmt::format(
        "    <testcase classname=\"bao-oracle check {}\" name=\"{}\">\n"
        "      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
        xml_escape(r.options.ruleset), xml_escape(witness_id(r, f, i)),
        xml_escape(fmt::format("{} at {} {}", to_string(f.kind), f.position, f.move)),
        xml_escape(fmt::format("expected: {}\nengine: {}\nclauses: {}\nreproduce: {}\n", f.expected,
                               f.actual, join(f.clauses, ", "), reproduce_command(r, f))));
  }
  if (r.findings.empty())
    body += fmt::format(
        "    <testcase classname=\"bao-oracle check {}\" name=\"{} positions agree\"/>\n",
        xml_escape(r.options.ruleset), r.stats.positions);
  const std::size_t tests = std::max<std::size_t>(1, r.findings.size());
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
      "  <testsuite name=\"bao-oracle check\" tests=\"{}\" failures=\"{}\" time=\"{:.3f}\">\n{}"
      "  </testsuite>\n</testsuites>\n",
      tests, r.findings.size(), r.stats.seconds, body);
}

std::string witness_yaml(const CheckResult& r, const Finding& f, std::size_t index) {
  std::string out = fmt::format(
      "# Found by bao-oracle check: {} disagreed with the oracle under {}.\n"
      "# The expectations are the oracle's answers: work them out by hand from the\n"
      "# rule text before committing this file to scenarios/.\n"
      "# Reproduce: {}\nscenarios:\n",
      r.engine, f.ruleset, reproduce_command(r, f));
  out += fmt::format("  - id: {}\n    rulesets: [{}]\n", witness_id(r, f, index), f.ruleset);
  out += fmt::format("    source: {}\n", yaml_quote("found by bao-oracle check; the clauses below "
                                                    "name the rule texts"));
  out += fmt::format("    clauses: [{}]\n", join(f.clauses, ", "));
  out += fmt::format(
      "    note: {}\n",
      yaml_quote(fmt::format("{}: expected {}, engine {}; line {}{}", to_string(f.kind), f.expected,
                             f.actual, f.line.empty() ? "-" : join(f.line, " "),
                             f.minimise_steps > 0 ? fmt::format(" to {}, then {} seeds taken away",
                                                                f.found_at, f.found_seeds - f.seeds)
                                                  : "")));
  out += fmt::format("    position: {}\n    checks:\n", f.position);
  out += fmt::format("      - status: {}\n", f.oracle_status);
  out += fmt::format("      - legal: {}\n", yaml_quote(join(f.oracle_moves, " ")));
  if (!f.move.empty()) {
    if (!f.oracle_result.empty())
      out += fmt::format("      - play: {}\n        result: {}\n        status: {}\n", f.move,
                         f.oracle_result, f.oracle_result_status);
    else
      out += fmt::format("      - excludes: {}\n", f.move);
  }
  return out;
}

Expected<bool> write_report(const CheckResult& r, const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path d(dir);
  auto w = write_file_atomic((d / "report.json").string(), to_json(r));
  if (!w) return w;
  w = write_file_atomic((d / "report.md").string(), to_markdown(r));
  if (!w) return w;
  w = write_file_atomic((d / "junit.xml").string(), to_junit(r));
  if (!w) return w;
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    if (f.position.empty()) continue;  // no position to write a scenario about
    w = write_file_atomic((d / "witnesses" / (witness_id(r, f, i) + ".yaml")).string(),
                          witness_yaml(r, f, i));
    if (!w) return w;
  }
  return true;
}

}  // namespace bao::check
