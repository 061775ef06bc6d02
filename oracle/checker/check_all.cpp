// The reports of `check --ruleset all`: each ruleset's run is a normal
// report (report.cpp); this file writes what joins them, and merges the
// shards of such a run.
#include "oracle/checker/check_all.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "oracle/checker/internal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/json_read.hpp"
#include "oracle/core/text.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::check {
namespace {

using detail::plural;
using nlohmann::json;

constexpr std::string_view kAllFormat = "bao-oracle-check-all-1";

// The message of a run that could not check anything.
std::string start_failure(const CheckResult& r) {
  for (const Finding& f : r.findings)
    if (f.kind == FindingKind::ProtocolFault && f.position.empty()) return f.actual;
  return "the engine could not be checked";
}

// The limits every ruleset ran with, one phrase: "20 games", "10 s",
// "at most 5000 requests".
std::string limits_text(const AllResult& a) {
  if (a.runs.empty()) return "no ruleset run";
  const CheckOptions& o = a.runs.front().options;
  std::string out = o.time_limit > 0 ? fmt::format("{} s", o.time_limit) : plural(o.games, "game");
  if (o.request_budget > 0) out += fmt::format(", at most {} requests", o.request_budget);
  if (o.shard_count > 1) out += fmt::format(", shard {}/{}", o.shard_index, o.shard_count);
  return out;
}

// One figure of the ruleset's line: "20 games, 700 positions, 0 failing games".
std::string figures(const Stats& s) {
  return fmt::format("{}, {}, {}", plural(s.games, "game"), plural(s.positions, "position"),
                     plural(s.failing_games, "failing game"));
}

std::size_t open_count(const CheckResult& r) {
  return static_cast<std::size_t>(std::count_if(r.deviations.begin(), r.deviations.end(),
                                                [](const Deviation& d) { return !d.accepted; }));
}

// "10 ok, 1 with findings, 1 not checked".
std::string verdict_counts(const AllResult& a) {
  std::size_t n[4] = {0, 0, 0, 0};
  for (const CheckResult& r : a.runs) ++n[static_cast<int>(verdict(r))];
  std::string out = fmt::format("{} ok", n[0]);
  if (n[1]) out += fmt::format(", {} with findings", n[1]);
  if (n[2]) out += fmt::format(", {} not checked", n[2]);
  if (n[3]) out += fmt::format(", {} interrupted", n[3]);
  return out;
}

// A ruleset's verdict for the summary's table: "ok", "not checked: why",
// "findings (stopped at --stop-after 1)".
std::string result_text(const CheckResult& r) {
  const RunVerdict v = verdict(r);
  std::string result(to_string(v));
  if (v == RunVerdict::NotChecked) result += ": " + start_failure(r);
  if (v != RunVerdict::NotChecked && r.stats.stop_after > 0)
    result += fmt::format(" (stopped at --stop-after {})", r.stats.stop_after);
  return result;
}

// The sentence on how the rulesets were run, with the limits as `limits`.
std::string limits_sentence(std::string_view limits, std::string_view code_open,
                            std::string_view code_close) {
  return fmt::format(
      "Each ruleset was checked on its own, one after another, with the same options: {l} "
      "each ({c}--games{e}, {c}--time{e}, {c}--budget{e} and {c}--stop-after{e} apply to every "
      "ruleset, they are not shared among them). Each ruleset's folder holds its own report; its "
      "reproduction commands name the ruleset.",
      fmt::arg("l", limits), fmt::arg("c", code_open), fmt::arg("e", code_close));
}

// What was not checked, one item per reason (`item`: a format of the ids,
// each through `code`, and the reason), between `head` and `tail`; empty
// when everything listed was checked.
template <class Code>
std::string not_checked_text(const AllResult& a, std::string_view head, std::string_view item,
                             std::string_view tail, Code code) {
  std::string out;
  for (const auto& [ids, why] :
       {std::pair{&a.unknown, "listed by the engine, but no ruleset of this oracle"},
        std::pair{&a.not_listed, "rulesets of this oracle the engine does not list"},
        std::pair{&a.not_reached, "the run was interrupted before them"}}) {
    if (ids->empty()) continue;
    std::string list;
    for (const std::string& id : *ids) append_item(list, ", ", code(id));
    out += fmt::format(fmt::runtime(item), list, why);
  }
  return out.empty() ? out : std::string(head) + out + std::string(tail);
}

json provenance_json(const Provenance& p) {
  json j = json::object();
  for (const auto& [name, v] : provenance_fields(p)) j[std::string(name)] = v;
  return j;
}

}  // namespace

RunVerdict verdict(const CheckResult& r) {
  if (failed_at_start(r)) return RunVerdict::NotChecked;
  if (r.stats.interrupted) return RunVerdict::Interrupted;
  return failed(r) ? RunVerdict::Findings : RunVerdict::Ok;
}

Stats total_stats(const AllResult& a) {
  Stats t;
  for (const CheckResult& r : a.runs) {
    const Stats& s = r.stats;
    t.games += s.games;
    t.positions += s.positions;
    t.skipped += s.skipped;
    t.moves += s.moves;
    t.requests += s.requests;
    t.failing_games += s.failing_games;
    t.followup_requests += s.followup_requests;
    t.settled_deviations += s.settled_deviations;
    t.settled_findings += s.settled_findings;
    t.unnamed += s.unnamed;
    t.seconds += s.seconds;
    if (s.interrupted && !t.interrupted) t.signal = s.signal;
    t.interrupted = t.interrupted || s.interrupted;
  }
  return t;
}

std::string to_json(const AllResult& a) {
  const Stats t = total_stats(a);
  json reports = json::array();
  json verdicts = json::object();
  for (const CheckResult& r : a.runs) {
    reports.push_back(json::parse(to_json(r)));
    verdicts[r.options.ruleset] = std::string(to_string(verdict(r)));
  }
  json j = {{"format", kAllFormat},
            {"provenance", provenance_json(a.provenance)},
            {"engine", a.engine},
            {"command", a.command},
            {"ruleset", "all"},
            {"listed", a.listed},
            {"unknown", a.unknown},
            {"not_listed", a.not_listed},
            {"not_reached", a.not_reached},
            // --games, --time, --budget and --stop-after hold for each ruleset.
            {"limits", "per-ruleset"},
            {"verdicts", verdicts},
            {"totals",
             {{"rulesets", a.runs.size()},
              {"games", t.games},
              {"positions", t.positions},
              {"skipped", t.skipped},
              {"moves", t.moves},
              {"requests", t.requests},
              {"followup_requests", t.followup_requests},
              {"failing_games", t.failing_games},
              {"seconds", t.seconds},
              {"interrupted", t.interrupted}}},
            {"reports", reports}};
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

bool is_all_json(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  return j.is_object() && j.value("format", "") == kAllFormat;
}

Expected<AllResult> all_from_json(std::string_view text, const std::string& where) {
  try {
    const json j = json::parse(text);
    if (j.value("format", "") != kAllFormat)
      return Error{
          fmt::format("{}: not a bao-oracle check --ruleset all report (format key)", where)};
    AllResult a;
    a.provenance = provenance_from_json(j.at("provenance"));
    a.engine = j.at("engine").get<std::string>();
    a.command = j.at("command").get<std::string>();
    a.listed = j.at("listed").get<std::vector<std::string>>();
    a.unknown = j.at("unknown").get<std::vector<std::string>>();
    a.not_listed = j.at("not_listed").get<std::vector<std::string>>();
    a.not_reached = j.at("not_reached").get<std::vector<std::string>>();
    std::set<std::string> seen;
    std::size_t i = 0;
    for (const json& report : j.at("reports")) {
      auto r = from_json(report.dump(), fmt::format("{}: reports[{}]", where, i++));
      if (!r) return r.error();
      const std::string& id = r->options.ruleset;
      if (!seen.insert(id).second)
        return Error{fmt::format("{}: ruleset {} has two reports", where, id)};
      if (std::find(a.listed.begin(), a.listed.end(), id) == a.listed.end())
        return Error{fmt::format("{}: ruleset {} is checked but not in `listed`", where, id)};
      a.runs.push_back(std::move(*r));
    }
    return a;
  } catch (const std::exception& e) {
    return Error{fmt::format("{}: {}", where, e.what())};
  }
}

std::string to_markdown(const AllResult& a) {
  const Stats t = total_stats(a);
  std::string out =
      fmt::format("# bao-oracle check: {} against every ruleset it lists\n\n", md_text(a.engine));
  if (t.interrupted)
    out += fmt::format(
        "**This run was interrupted{}**: the ruleset it was checking holds what "
        "was found until then, and the rulesets after it were not checked.\n\n",
        t.signal.empty() ? "" : " by " + md_text(t.signal));
  out += fmt::format("{} checked: {}.\n\n", plural(a.runs.size(), "ruleset"),
                     md_text(verdict_counts(a)));
  out +=
      "| ruleset | result | games | positions | failing games | deviations | unexplained | "
      "report |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n";
  for (const CheckResult& r : a.runs) {
    const std::string& id = r.options.ruleset;
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | [{}/report.md]({}/report.md) |\n",
                       md_code(id), md_text(result_text(r)), r.stats.games, r.stats.positions,
                       r.stats.failing_games, open_count(r), r.findings.size(), md_text(id), id);
  }
  out += fmt::format("| total | | {} | {} | {} | | | |\n\n", t.games, t.positions, t.failing_games);
  out += not_checked_text(a, "Not checked:\n\n", "- {}: {}\n", "\n",
                          [](std::string_view id) { return md_code(id); });
  out += limits_sentence(md_text(limits_text(a)), "`", "`") + "\n\n";
  out += fmt::format("- engine command: {}\n- the engine lists: {}\n", md_code(a.command),
                     md_code(join(a.listed, " ")));
  if (!a.runs.empty()) out += fmt::format("- seed: {}\n", a.runs.front().options.seed);
  out += fmt::format(
      "- totals: {} games; {} positions compared; {} moves compared; {} protocol requests "
      "while playing the games, {} to shrink, settle and minimise; {:.1f} s\n\n",
      t.games, t.positions, t.moves, t.requests, t.followup_requests, t.seconds);
  return out + provenance_markdown(a.provenance);
}

std::string to_html(const AllResult& a) {
  const Stats t = total_stats(a);
  auto h = [](std::string_view text) { return xml_escape(text); };
  auto code = [&](std::string_view text) { return fmt::format("<code>{}</code>", h(text)); };
  std::string out = detail::html_head(
      fmt::format("bao-oracle check: {} against every ruleset it lists", a.engine));
  if (t.interrupted)
    out += fmt::format(
        "<p class=\"verdict fail\"><b>This run was interrupted{}</b>: the ruleset it was checking "
        "holds what was found until then, and the rulesets after it were not checked.</p>\n",
        t.signal.empty() ? "" : " by " + h(t.signal));
  const bool all_ok = std::all_of(a.runs.begin(), a.runs.end(), [](const CheckResult& r) {
    return verdict(r) == RunVerdict::Ok;
  });
  out += fmt::format("<p class=\"verdict {}\">{} checked: {}.</p>\n", all_ok ? "pass" : "fail",
                     plural(a.runs.size(), "ruleset"), h(verdict_counts(a)));
  out +=
      "<table>\n<tr><th>ruleset</th><th>result</th><th>games</th><th>positions</th><th>failing "
      "games</th><th>deviations</th><th>unexplained</th><th>report</th></tr>\n";
  for (const CheckResult& r : a.runs) {
    const std::string id = h(r.options.ruleset);
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
        "class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td><a "
        "href=\"{}/report.html\">{}/report.html</a></td></tr>\n",
        code(r.options.ruleset), h(result_text(r)), r.stats.games, r.stats.positions,
        r.stats.failing_games, open_count(r), r.findings.size(), id, id);
  }
  out += fmt::format(
      "<tr><td>total</td><td></td><td class=\"n\">{}</td><td class=\"n\">{}</td><td "
      "class=\"n\">{}</td><td></td><td></td><td></td></tr>\n</table>\n",
      t.games, t.positions, t.failing_games);
  out += not_checked_text(a, "<p>Not checked:</p>\n<ul>\n", "<li>{}: {}</li>\n", "</ul>\n", code);
  out += "<p>" + limits_sentence(h(limits_text(a)), "<code>", "</code>") + "</p>\n";
  out += fmt::format("<ul>\n<li>engine command: {}</li>\n<li>the engine lists: {}</li>\n",
                     code(a.command), code(join(a.listed, " ")));
  if (!a.runs.empty()) out += fmt::format("<li>seed: {}</li>\n", a.runs.front().options.seed);
  out += fmt::format(
      "<li>totals: {} games; {} positions compared; {} moves compared; {} protocol requests "
      "while playing the games, {} to shrink, settle and minimise; {:.1f} s</li>\n</ul>\n",
      t.games, t.positions, t.moves, t.requests, t.followup_requests, t.seconds);
  return out + detail::html_tail(a.provenance);
}

std::string to_junit(const AllResult& a) {
  std::string body;
  int tests = 0, failures = 0, errors = 0;
  double seconds = 0;
  for (const CheckResult& r : a.runs) {
    const JunitSuite s = junit_testsuite(r);
    body += s.xml;
    tests += s.tests;
    failures += s.failures;
    errors += s.errors;
    seconds += s.seconds;
  }
  // What was not checked, one skipped testcase each, so that CI shows it.
  std::vector<std::pair<std::string, std::string>> skipped;
  for (const std::string& id : a.unknown)
    skipped.emplace_back(id, "listed by the engine, but no ruleset of this oracle");
  for (const std::string& id : a.not_listed)
    skipped.emplace_back(id, "a ruleset of this oracle the engine does not list");
  for (const std::string& id : a.not_reached)
    skipped.emplace_back(id, "not checked: the run was interrupted before it");
  if (!skipped.empty()) {
    const std::string name = "bao-oracle check: rulesets not checked";
    body += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"0\" errors=\"0\" skipped=\"{}\" "
        "time=\"0.000\">\n",
        xml_escape(name), skipped.size(), skipped.size());
    for (const auto& [id, why] : skipped)
      body += fmt::format(
          "    <testcase classname=\"{}\" name=\"{}\">\n      <skipped message=\"{}\"/>\n"
          "    </testcase>\n",
          xml_escape(name), xml_escape(printable(id)), xml_escape(why));
    body += "  </testsuite>\n";
    tests += static_cast<int>(skipped.size());
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"bao-oracle check all\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "time=\"{:.3f}\">\n{}</testsuites>\n",
      tests, failures, errors, seconds, body);
}

std::string summary_text(const AllResult& a) {
  std::string out;
  // The diagnosis of each ruleset with something to show, as `--ruleset R`
  // prints it (its reproduction commands name R).
  for (const CheckResult& r : a.runs) {
    const RunVerdict v = verdict(r);
    if (v == RunVerdict::Findings || v == RunVerdict::Interrupted) out += summary_text(r) + "\n";
  }
  std::size_t width = 0;
  for (const CheckResult& r : a.runs) width = std::max(width, r.options.ruleset.size());
  std::string lines = fmt::format("checked {} against {} (seed {}; {} each):\n", a.engine,
                                  plural(a.runs.size(), "ruleset"),
                                  a.runs.empty() ? 0 : a.runs.front().options.seed, limits_text(a));
  for (const CheckResult& r : a.runs) {
    const RunVerdict v = verdict(r);
    std::string what;
    if (v == RunVerdict::NotChecked) {
      what = "the engine could not be checked: " + start_failure(r);
    } else {
      what = figures(r.stats);
      if (v != RunVerdict::Ok || !r.deviations.empty())
        what += fmt::format(": {}, {}", plural(open_count(r), "deviation"),
                            plural(r.findings.size(), "unexplained group"));
      if (r.stats.stop_after > 0)
        what += fmt::format(" (stopped at --stop-after {})", r.stats.stop_after);
    }
    lines += fmt::format("  {:<{}}  {:<11}  {}\n", r.options.ruleset, width, to_string(v), what);
  }
  if (!a.unknown.empty())
    lines += fmt::format("not checked: the engine lists {}, which this oracle does not know\n",
                         join(a.unknown, ", "));
  if (!a.not_listed.empty())
    lines += fmt::format("not checked: the engine does not list {}\n", join(a.not_listed, ", "));
  if (!a.not_reached.empty())
    lines +=
        fmt::format("not checked: the run was interrupted before {}\n", join(a.not_reached, ", "));
  const Stats t = total_stats(a);
  lines += fmt::format(
      "total: {}: {}; {} games, {} positions, {}, {} requests (and {} follow-up) in {:.1f} s\n",
      plural(a.runs.size(), "ruleset"), verdict_counts(a), t.games, t.positions,
      plural(t.failing_games, "failing game"), t.requests, t.followup_requests, t.seconds);
  return out + printable_lines(lines);
}

Expected<void> write_report(const AllResult& a, const std::string& dir) {
  FileSet set;
  // Its own files, a folder per ruleset of the oracle holding that
  // ruleset's report, and the files of a single report (so that the
  // layout replaces one); anything else there is kept or refused as for
  // a single report.
  set.owns = [](const std::filesystem::path& rel, bool is_folder) {
    auto it = rel.begin();
    if (it == rel.end()) return false;
    const std::string first = it->string();
    if (find_ruleset(first) != nullptr) {
      if (++it == rel.end()) return is_folder;
      std::filesystem::path rest;
      for (; it != rel.end(); ++it) rest /= *it;
      return report_owns(rest, is_folder);
    }
    if (!is_folder && !rel.has_parent_path() &&
        (first == "summary.md" || first == "index.html" || first == "report.json"))
      return true;
    return report_owns(rel, is_folder);
  };
  set.files.emplace_back("summary.md", to_markdown(a));
  set.files.emplace_back("index.html", to_html(a));
  set.files.emplace_back("junit.xml", to_junit(a));
  set.files.emplace_back("report.json", to_json(a));
  for (const CheckResult& r : a.runs)
    for (auto& [name, text] : report_files(r))
      set.files.emplace_back(r.options.ruleset + "/" + name, std::move(text));
  if (auto ok = replace_folder(dir, set); !ok)
    return Error{fmt::format("--report: {}", ok.error().message)};
  return {};
}

Expected<AllResult> merge_all(const std::vector<AllResult>& parts, const MergeOptions& how) {
  if (parts.empty()) return Error{"no reports to merge"};
  std::vector<std::string> names = how.names;
  for (std::size_t k = names.size(); k < parts.size(); ++k)
    names.push_back(fmt::format("report {}", k + 1));
  const AllResult& first = parts.front();
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const AllResult& p = parts[k];
    const char* field = p.engine != first.engine     ? "engine"
                        : p.command != first.command ? "command"
                        : p.listed != first.listed   ? "listed (the engine's rulesets)"
                                                     : nullptr;
    if (field)
      return Error{fmt::format("{} and {} are not shards of one run: they differ in {}",
                               names.front(), names[k], field)};
  }
  AllResult out = first;
  out.runs.clear();
  out.not_reached.clear();
  for (const Ruleset* rules : all_rulesets()) {
    const std::string id(rules->id);
    std::vector<CheckResult> group;
    MergeOptions one = how;
    one.names.clear();
    bool reached = false;
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const auto& runs = parts[k].runs;
      auto it = std::find_if(runs.begin(), runs.end(),
                             [&](const CheckResult& r) { return r.options.ruleset == id; });
      const auto& nr = parts[k].not_reached;
      if (std::find(nr.begin(), nr.end(), id) != nr.end()) reached = true;
      if (it == runs.end()) continue;
      group.push_back(*it);
      one.names.push_back(names[k]);
    }
    if (group.empty()) {
      if (reached) out.not_reached.push_back(id);
      continue;
    }
    auto merged = merge(group, one);
    if (!merged) return Error{fmt::format("{}: {}", id, merged.error().message)};
    out.runs.push_back(std::move(*merged));
  }
  // The totals over the rulesets must hold their sums too.
  Stats totals;
  for (const CheckResult& r : out.runs)
    if (const std::string field = add_counts(totals, r.stats); !field.empty())
      return Error{
          fmt::format("stats.{} of the rulesets of {} adds up to more than a count can "
                      "hold",
                      field, fmt::join(names, ", "))};
  return out;
}

Expected<AllResult> check_all(const CheckPlan& plan, std::string engine,
                              std::vector<std::string> listed, const AllHooks& hooks) {
  AllResult a;
  a.engine = std::move(engine);
  a.listed = std::move(listed);
  auto lists = [&](std::string_view id) {
    return std::find(a.listed.begin(), a.listed.end(), id) != a.listed.end();
  };
  std::vector<const Ruleset*> to_check;
  for (const Ruleset* r : all_rulesets()) {
    if (lists(r->id))
      to_check.push_back(r);
    else
      a.not_listed.emplace_back(r->id);
  }
  for (const std::string& id : a.listed)
    if (!find_ruleset(id) && std::find(a.unknown.begin(), a.unknown.end(), id) == a.unknown.end())
      a.unknown.push_back(id);
  if (to_check.empty())
    return Error{fmt::format(
        "--ruleset all: the engine '{}' lists none of the rulesets this "
        "oracle knows (it lists: {}; see bao-oracle rulesets)",
        a.engine, a.listed.empty() ? "nothing" : fmt::format("{}", fmt::join(a.listed, " ")))};
  // Every accept entry must hold for some ruleset checked, and each
  // ruleset's entries must combine: said before any ruleset is checked.
  if (auto fits = plan_fits(plan, to_check); !fits) return fits.error();
  for (std::size_t k = 0; k < to_check.size(); ++k) {
    const std::string id(to_check[k]->id);
    if (hooks.stop && hooks.stop()) {
      a.not_reached.push_back(id);
      continue;
    }
    if (hooks.note) hooks.note(fmt::format("ruleset {}", id));
    std::vector<std::string> left_out;
    auto options = options_for(plan, *to_check[k], &left_out);
    if (hooks.left_out)
      for (const std::string& e : left_out) hooks.left_out(e);
    if (!options) return Error{fmt::format("{}: {}", id, options.error().message)};
    auto r = hooks.check(std::move(*options), k, to_check.size());
    if (!r) return Error{fmt::format("{}: {}", id, r.error().message)};
    a.runs.push_back(std::move(*r));
  }
  return a;
}

}  // namespace bao::check
