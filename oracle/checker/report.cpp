// The checker's reports: Markdown, JUnit XML, witness scenarios and the
// terminal summary (JSON: report_json.cpp; HTML: report_html.cpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <utility>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check {

// The report texts report_html.cpp shares (internal.hpp).
namespace detail {

std::string plural(std::uint64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// ", minimised from 64 in 9 cuts" when the board was minimised.
std::string minimised_text(const Finding& f) {
  if (f.minimise_steps == 0) return {};
  return fmt::format(", minimised from {} in {}", f.found_seeds,
                     plural(static_cast<std::uint64_t>(f.minimise_steps), "cut"));
}

// Single quotes for a POSIX shell.
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The position as a text board, North's back row on top, each row in its
// owner's pit order as seen from South (North's rows run 8..1 left to right).
std::string board_text(const std::string& bpn) {
  auto pos = parse_bpn(bpn);
  if (!pos) return "";
  // North's rows are written from pit 8 to pit 1, South's from 1 to 8, as
  // they face each other across the board.
  auto row = [&](Side s, Row r) {
    std::string out;
    for (int i = 1; i <= kRowLength; ++i) {
      const int number = s == Side::North ? kRowLength + 1 - i : i;
      out += fmt::format("{:>3}", pos->at(s, row_pit(r, number)));
    }
    return out;
  };
  return fmt::format(
      "      N back  b8..b1 {}\n      N front a8..a1 {}\n      S front A1..A8 {}\n"
      "      S back  B1..B8 {}\n",
      row(Side::North, Row::Back), row(Side::North, Row::Front), row(Side::South, Row::Front),
      row(Side::South, Row::Back));
}

// A file-name-safe word.
std::string slug(std::string_view s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

// Stable ids: a deviation by its switch, an unexplained finding by its kind
// and clause, so that the same difference has the same name run after run.
std::string witness_id(const CheckResult& r, const Finding& f, std::size_t /*index*/) {
  if (f.kind == FindingKind::ProtocolFault)
    return fmt::format("check-{}-protocol-fault-{}", r.options.ruleset,
                       slug(f.engine.fault ? to_string(f.engine.fault->kind) : "start"));
  return fmt::format("check-{}-unexplained-{}-{}", r.options.ruleset, to_string(f.kind),
                     slug(f.clauses.empty() ? "none" : f.clauses.front()));
}

std::string deviation_id(const CheckResult& r, const Deviation& d) {
  return fmt::format("check-{}-deviation-{}", r.options.ruleset, slug(d.switch_id));
}

// "reached from the start in 3 moves", "built by minimising ...".
std::string probe_text(const Stats& s) {
  if (s.probe_rounds == 0) return {};
  return fmt::format(
      "probe rounds: {} ({} games under the deviations found so far, aimed at what they hide; "
      "their requests are follow-up)",
      s.probe_rounds, s.probe_games);
}

std::string origin_text(const Finding& f) {
  const std::string from = f.start == "start"      ? "the start"
                           : f.origin == "corpus"  ? "a scenario position"
                           : f.origin == "random"  ? "a random valid position"
                           : f.origin == "planned" ? "a start the search planned"
                                                   : "the start";
  // The board a game reached is the evidence; a minimised one illustrates.
  const std::string evidence =
      f.reachable ? fmt::format("; evidence: a line of {} from the start reaches that board",
                                plural(f.line.size(), "move"))
                  : std::string();
  if (f.origin == "built")
    return fmt::format("built: the board a game reached ({} seeds) with {}, an illustration{}",
                       f.found_seeds, plural(static_cast<std::uint64_t>(f.minimise_steps), "cut"),
                       evidence);
  if (f.reachable)
    return fmt::format("reached by a line of {} from the start", plural(f.line.size(), "move"));
  return fmt::format("reached from {} in {} moves", from, f.line.size());
}

// The reference the witness's oracle answers come from.
std::string reference_text(const CheckResult& r, const Finding& f) {
  if (f.context.empty()) return r.options.ruleset;
  return fmt::format("{} with {}", r.options.ruleset, join(f.context, ", "));
}

// "`ap.capture.condition` (Abstract Play, Bao rules page: Capture: ...): paraphrase".
// A clause for the Markdown report: its id as code, its citation and its
// paraphrase as text.
std::string clause_md(const std::string& id) {
  const ClauseId c = find_clause(id);
  if (c == ClauseId::None) return md_code(id);
  const Clause& info = clause_info(c);
  return fmt::format("{} ({}): {}", md_code(id), md_text(citation(info)), md_text(info.paraphrase));
}

// The witness's `source:`: where it came from, and the rule text its clause
// cites, by the source's title and section.
std::string witness_source(const std::string& clause) {
  const ClauseId c = find_clause(clause);
  if (c == ClauseId::None) return "found by bao-oracle check";
  return fmt::format("found by bao-oracle check; {}", citation(clause_info(c)));
}

std::string yaml_quote(const std::string& raw) {
  const std::string s = printable(raw);  // an engine's text may hold any byte
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// "interrupted by SIGINT after 12 games" (the signal left out when unknown).
std::string interrupted_text(const CheckResult& r) {
  return fmt::format("interrupted{} after {} game{}",
                     r.stats.signal.empty() ? "" : " by " + r.stats.signal, r.stats.games,
                     r.stats.games == 1 ? "" : "s");
}

// "stopped after 2 failing games (--stop-after 2): ...": a run that ended
// at its limit, which is no interruption.
std::string stopped_text(const CheckResult& r) {
  return fmt::format(
      "stopped after {} failing game{} (--stop-after {}): the rest of the games were not played",
      r.stats.failing_games, r.stats.failing_games == 1 ? "" : "s", r.stats.stop_after);
}

std::vector<const Deviation*> deviations_by(const CheckResult& r, Acceptance which) {
  std::vector<const Deviation*> out;
  for (const Deviation& d : r.deviations)
    if (d.accepted == (which == Acceptance::Accepted)) out.push_back(&d);
  return out;
}

}  // namespace detail

using detail::Acceptance;
using detail::board_text;
using detail::clause_md;
using detail::deviation_id;
using detail::deviations_by;
using detail::interrupted_text;
using detail::kInterruptedHolds;
using detail::minimised_text;
using detail::origin_text;
using detail::probe_text;
using detail::reference_text;
using detail::shell_quote;
using detail::slug;
using detail::stopped_text;
using detail::witness_id;
using detail::witness_source;
using detail::yaml_quote;

std::string reproduce_command(const CheckResult& r, const Finding& f) {
  std::string command = fmt::format("bao-oracle check --engine {} --ruleset {} --seed {} --game {}",
                                    shell_quote(r.command), f.ruleset, f.seed, f.game);
  if (r.options.search != Search::Coverage)
    command += fmt::format(" --search {}", to_string(r.options.search));
  // The game was played under these switches from its start (a probe
  // round's model, or the accepted ones): the same model plays it again.
  if (!f.given.empty()) command += " --given " + join(f.given, ",");
  // The games a seed makes depend on the corpus: the reproduction asks for
  // the same one, and --corpus-hash refuses to run with another.
  const std::string& corpus = r.provenance.corpus;
  if (corpus == kNoCorpus) return command + " --no-corpus";
  if (!r.options.corpus_found)
    for (const std::string& path : r.options.corpus_paths)
      command += " --corpus " + shell_word(path);
  if (!corpus.empty()) command += " --corpus-hash " + corpus;
  return command;
}

namespace {

// "1 game, 3 positions; predicted at 4 positions it was put to".
std::string games_and_positions(const Deviation& d) {
  std::string out = fmt::format("{} game{}, {} position{}", d.games, d.games == 1 ? "" : "s",
                                d.positions, d.positions == 1 ? "" : "s");
  if (d.experiments > 0)
    out += fmt::format("; predicted the engine at {} of {} position{} it was put to{}",
                       d.confirmations, d.experiments, d.experiments == 1 ? "" : "s",
                       detail::wrong_at(d));
  return out;
}

// One line of the diagnosis: "the clause: what the engine does (switch)".
std::string deviation_line(const Deviation& d) {
  return fmt::format("{}: {} (switch {}{}); {}", d.clause, d.meaning, d.switch_id,
                     d.plays_as.empty() ? "" : ", as " + d.plays_as, games_and_positions(d));
}

}  // namespace

static std::string summary_text_raw(const CheckResult& r);

namespace detail {}  // namespace detail

std::string summary_text(const CheckResult& r) {
  // Engine text may hold escape sequences or stray bytes: none reach the terminal.
  return printable_lines(summary_text_raw(r));
}

static std::string summary_text_raw(const CheckResult& r) {
  const Stats& s = r.stats;
  std::string out = fmt::format(
      "checked {} against {} (seed {}): {} games, {} positions, {} moves, {} positions skipped "
      "(not representable), {} requests (and {} follow-up) in {:.1f} s ({:.0f} positions/s)\n",
      r.engine, r.options.ruleset, r.options.seed, s.games, s.positions, s.moves, s.skipped,
      s.requests, s.followup_requests, s.seconds,
      s.seconds > 0 ? double(s.positions) / s.seconds : 0.0);
  if (s.interrupted) out = fmt::format("{}: {}\n", interrupted_text(r), kInterruptedHolds) + out;
  if (s.stop_after > 0) out += stopped_text(r) + "\n";
  if (const std::string probes = probe_text(s); !probes.empty()) out += probes + "\n";
  {
    const CoverageSummary c = coverage_summary(r.options.ruleset, s);
    out += fmt::format("coverage ({} search): {}\n", to_string(r.options.search), coverage_text(c));
    if (!c.boundaries_never.empty())
      out += fmt::format("  boundaries not met: {}\n", fmt::join(c.boundaries_never, ", "));
    if (!c.clauses_never.empty())
      out += fmt::format("  clauses neither traced nor shown by a switch: {}\n",
                         fmt::join(c.clauses_never, ", "));
  }
  const auto devs = deviations_by(r, Acceptance::Open);
  const auto acc = deviations_by(r, Acceptance::Accepted);
  if (!devs.empty() || !r.findings.empty()) {
    // The list an author reads first: one line each, most games first.
    const std::vector<detail::ListItem> items = detail::first_list(r);
    out += fmt::format("{} departs from {} in {} way{} (most games first):\n", r.engine,
                       r.options.ruleset, items.size(), items.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < items.size(); ++i)
      out += fmt::format("  {}. {}: {}; {} game{}{}\n", i + 1, items[i].clause, items[i].what,
                         items[i].games, items[i].games == 1 ? "" : "s",
                         items[i].sure.empty() ? "" : ", " + items[i].sure);
  }
  if (devs.empty() && r.findings.empty()) {
    out += acc.empty() ? "no findings: the engine agreed with the oracle everywhere\n"
                       : fmt::format("no findings beyond the {} accepted deviations\n", acc.size());
  } else if (!devs.empty()) {
    out += fmt::format("{} plays {} except:\n", r.engine, r.options.ruleset);
    for (std::size_t i = 0; i < devs.size(); ++i) {
      const Deviation& d = *devs[i];
      out += fmt::format("  ({}) {}\n", i + 1, deviation_line(d));
      const Finding& f = d.witness;
      out += fmt::format("      witness: {}{}, {} seeds, {}{}\n", f.position,
                         f.move.empty() ? "" : " move " + f.move, f.seeds, origin_text(f),
                         f.impossible.empty() ? "" : "; no game reaches it: " + f.impossible);
      out += fmt::format("      expected {}\n      engine   {}\n", f.expected, f.actual);
      if (!f.reachable && !d.evidence_position.empty())
        out += fmt::format(
            "      evidence: a line of {} from the start reaches {}, where the switch predicted "
            "the engine\n",
            detail::plural(d.evidence_line.size(), "move"), d.evidence_position);
      out += fmt::format("      reproduce: {}\n", reproduce_command(r, f));
    }
  }
  for (const Deviation* d : acc) out += fmt::format("  accepted: {}\n", deviation_line(*d));
  if (!r.findings.empty()) {
    out += fmt::format("unexplained ({} group{}):\n", r.findings.size(),
                       r.findings.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
      const Finding& f = r.findings[i];
      out += fmt::format("  [{}] {} x{}: {}{}\n      expected {}\n      engine   {}\n", i + 1,
                         to_string(f.kind), f.occurrences,
                         f.position.empty() ? "while starting the engine" : "at " + f.position,
                         f.move.empty() ? "" : " move " + f.move, f.expected, f.actual);
      if (f.position.empty()) continue;  // nothing to shrink or replay
      if (!f.clauses.empty())
        out += fmt::format("      departs at {} ({})\n", join(f.clauses, ", "), f.departure);
      if (!f.context.empty())
        out += fmt::format("      with the deviations above modelled: {}\n", join(f.context, ", "));
      out += fmt::format("      witness: {} seeds{}; {}, {} shrink steps\n", f.seeds,
                         minimised_text(f), origin_text(f), f.shrinks);
      out += fmt::format("      reproduce: {}\n", reproduce_command(r, f));
    }
  }
  for (const NotationFinding& n : r.notation)
    out += fmt::format("notation ({}, not a rules finding): {} results; {}\n", n.what, n.count,
                       n.description);
  return out;
}

std::string to_markdown(const CheckResult& r) {
  const Stats& s = r.stats;
  const auto devs = deviations_by(r, Acceptance::Open);
  const auto acc = deviations_by(r, Acceptance::Accepted);
  std::string out = fmt::format("# bao-oracle check: {} against {}\n\n", md_text(r.engine),
                                md_text(r.options.ruleset));
  if (s.interrupted)
    out += fmt::format("**This run was {}**: {}.\n\n", md_text(interrupted_text(r)),
                       kInterruptedHolds);
  if (s.stop_after > 0) out += md_text(stopped_text(r)) + ".\n\n";
  // The list an author reads first: one line each, most games first.
  if (!devs.empty() || !r.findings.empty()) {
    const std::vector<detail::ListItem> items = detail::first_list(r);
    out +=
        fmt::format("**{} departs from {} in {} way{}** (most games first):\n\n", md_text(r.engine),
                    md_text(r.options.ruleset), items.size(), items.size() == 1 ? "" : "s");
    out += "| | clause | what the engine does | games | how sure |\n|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < items.size(); ++i)
      out += fmt::format("| {} | {} | {} | {} | {} |\n", i + 1, md_code(items[i].clause),
                         md_text(items[i].what), items[i].games, md_text(items[i].sure));
    out += "\n";
  }
  // The diagnosis.
  if (devs.empty() && r.findings.empty()) {
    out +=
        fmt::format("**{} plays {}**{} at every position checked.\n\n", md_text(r.engine),
                    md_text(r.options.ruleset),
                    acc.empty() ? "" : fmt::format(", with {} accepted deviations,", acc.size()));
  } else {
    if (!devs.empty()) {
      out +=
          fmt::format("**{} plays {} except:**\n\n", md_text(r.engine), md_text(r.options.ruleset));
      for (std::size_t i = 0; i < devs.size(); ++i)
        if (devs[i]->witness.impossible.empty())
          out += fmt::format("{}. [{}](#deviation-{}): {} ({})\n", i + 1, md_code(devs[i]->clause),
                             i + 1, md_text(devs[i]->meaning), games_and_positions(*devs[i]));
      out += "\n";
      bool tier = false;
      for (std::size_t i = 0; i < devs.size(); ++i)
        if (!devs[i]->witness.impossible.empty()) {
          if (!tier) out += "Shown only on positions no game of the ruleset reaches:\n\n";
          tier = true;
          out +=
              fmt::format("{}. [{}](#deviation-{}): {} ({})\n", i + 1, md_code(devs[i]->clause),
                          i + 1, md_text(devs[i]->meaning), md_text(devs[i]->witness.impossible));
        }
      if (tier) out += "\n";
    }
    if (!r.findings.empty())
      out += fmt::format("{} difference{} no switch explains: see [Unexplained](#unexplained).\n\n",
                         r.findings.size(), r.findings.size() == 1 ? "" : "s");
  }
  if (!acc.empty()) {
    out += "Accepted deviations (modelled, not failing the run):\n\n";
    for (const Deviation* d : acc)
      out += fmt::format("- {} ({}): {}{}\n", md_code(d->clause), md_text(d->switch_id),
                         md_text(d->meaning),
                         d->accept_reason.empty() ? "" : "; reason: " + md_text(d->accept_reason));
    out += "\n";
  }
  if (!r.notation.empty()) {
    out += "Notation differences (not rules findings):\n\n";
    for (const NotationFinding& n : r.notation)
      out +=
          fmt::format("- {}: {} results; {}\n", md_text(n.what), n.count, md_text(n.description));
    out += "\n";
  }
  out += fmt::format("- engine command: {}\n- ruleset: {}\n- seed: {}\n", md_code(r.command),
                     md_code(r.options.ruleset), r.options.seed);
  std::string corpus;
  for (const std::string& p : r.options.corpus_paths) append_item(corpus, ", ", md_code(p));
  out += fmt::format("- corpus (scenario positions some games start from): {}\n",
                     corpus.empty() ? "none" : corpus);
  out += fmt::format(
      "- games: {}; positions compared: {}; moves compared: {}; positions skipped (the engine "
      "cannot represent them): {}; protocol requests: {} while playing the games, {} to shrink, "
      "settle and minimise\n",
      s.games, s.positions, s.moves, s.skipped, s.requests, s.followup_requests);
  if (const std::string probes = probe_text(s); !probes.empty())
    out += fmt::format("- {}\n", md_text(probes));
  out += fmt::format("- games with a deviation, an unexplained difference or a fault: {}\n\n",
                     s.failing_games);
  {
    // What the games reached against this engine (docs/checker.md, "Search").
    const CoverageSummary c = coverage_summary(r.options.ruleset, s);
    out += fmt::format("## Coverage\n\nSearch: {}. {}.\n\n", md_text(to_string(r.options.search)),
                       md_text(coverage_text(c)));
    auto list = [&](const std::vector<std::string>& ids) {
      std::string l;
      for (const std::string& id : ids) append_item(l, ", ", md_code(id));
      return l;
    };
    if (!c.boundaries_never.empty())
      out +=
          fmt::format("- boundary sides no compared position met: {}\n", list(c.boundaries_never));
    if (!c.clauses_never.empty())
      out += fmt::format(
          "- clauses that no compared move's trace cited and no switch of theirs showed at: {}\n",
          list(c.clauses_never));
    out += "\n";
  }
  auto witness_block = [&](const Finding& f) {
    std::string w = fmt::format("\nWitness ({}): {}\n\n```\n{}```\n\n", origin_text(f),
                                md_code(f.position), printable_lines(board_text(f.position)));
    if (!f.impossible.empty())
      w += fmt::format("- no game reaches this position: {}\n", md_text(f.impossible));
    if (!f.move.empty()) w += fmt::format("- move: {}\n", md_code(f.move));
    w += fmt::format("- oracle ({}): {}\n- engine: {}\n", md_text(reference_text(r, f)),
                     md_code(f.expected), md_code(f.actual));
    const std::string diff = detail::pit_diff(f.expected, f.actual);
    if (!diff.empty()) w += fmt::format("- differing pits (oracle -> engine): {}\n", md_code(diff));
    w += fmt::format("- line from {}: {}\n", f.start == "start" ? "the start" : md_code(f.start),
                     f.line.empty() ? "(none)" : md_code(join(f.line, " ")));
    if (f.minimise_steps > 0)
      w += fmt::format(
          "- the line reaches {} ({} seeds); the witness is that board with seeds taken away "
          "({}) while the engine still answers the same way\n",
          md_code(f.found_at), f.found_seeds,
          detail::plural(static_cast<std::uint64_t>(f.minimise_steps), "cut"));
    w += fmt::format("- reproduce: {}\n", md_code(reproduce_command(r, f)));
    return w;
  };
  if (!devs.empty()) out += "## Deviations\n";
  for (std::size_t i = 0; i < devs.size(); ++i) {
    const Deviation& d = *devs[i];
    out += fmt::format("\n### Deviation {}\n\n{}\n\n", i + 1, clause_md(d.clause));
    out += fmt::format("- what the engine does: {}\n", md_text(d.meaning));
    out += fmt::format("- switch: {} ({}{})\n", md_code(d.switch_id), md_text(d.kind),
                       d.plays_as.empty() ? "" : ", the way of " + clause_md(d.plays_as));
    if (!d.also.empty())
      out +=
          fmt::format("- also answers alike at every witness: {}\n", md_text(join(d.also, ", ")));
    out += fmt::format("- seen in {} games, at {} positions compared\n", d.games, d.positions);
    out += witness_block(d.witness);
    out += fmt::format("- scenario: {}\n", md_code("witnesses/" + deviation_id(r, d) + ".yaml"));
  }
  if (!r.findings.empty()) out += "\n## Unexplained\n";
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out += fmt::format("\n### {}. {}{}\n\n", i + 1, to_string(f.kind),
                       f.move.empty() ? "" : " at move " + md_code(f.move));
    if (f.position.empty()) {  // a fault while starting the engine
      out += fmt::format("While starting the engine.\n\n- expected: {}\n- engine: {}\n",
                         md_text(f.expected), md_code(f.actual));
      continue;
    }
    if (!f.clauses.empty())
      out += fmt::format("Departs at {}\n\n({})\n\n", clause_md(f.clauses.front()),
                         md_text(f.departure));
    out += witness_block(f);
    out += fmt::format(
        "- {} games failed this way; found in game {} after {:.1f} s, {} shrink "
        "steps\n- scenario: {}\n",
        f.occurrences, f.game, f.seconds, f.shrinks,
        md_code("witnesses/" + witness_id(r, f, i) + ".yaml"));
  }
  if (!r.notation.empty()) out += "\n## Notation\n";
  for (const NotationFinding& n : r.notation) {
    out += fmt::format("\n### {}\n\n{}; {} results.\n\n", md_text(n.what), md_text(n.description),
                       n.count);
    out += fmt::format("Example: {} move {}\n\n- oracle: {}\n- engine: {}\n",
                       md_code(n.example.position), md_code(n.example.move),
                       md_code(n.example.expected), md_code(n.example.actual));
  }
  return out + "\n" + provenance_markdown(r.provenance);
}

namespace {

// JUnit's testcases of one run: one per clause of the ruleset, named by the
// clause id, so that CI history follows each rule across runs and seeds; a
// clause fails with its open deviations and the unexplained differences
// that depart at it, and is skipped when its only deviations are accepted.
// What no clause names has a testcase of a fixed name: "unexplained:
// KIND", "notation: WHAT", "engine start", "run complete".
struct JunitCase {
  std::string name;
  std::vector<std::string> failures;  // message, then detail
  std::vector<std::string> details;
  std::vector<std::string> skips;
  std::string error, error_detail;
};

std::string junit_case_xml(const std::string& classname, const JunitCase& c) {
  std::string inner;
  if (!c.error.empty())
    inner = fmt::format("      <error message=\"{}\">{}</error>\n", xml_escape(c.error),
                        xml_escape(c.error_detail));
  else if (!c.failures.empty())
    inner = fmt::format("      <failure message=\"{}\">{}</failure>\n",
                        xml_escape(join(c.failures, "; ")), xml_escape(join(c.details, "\n")));
  else if (!c.skips.empty())
    inner = fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(join(c.skips, "; ")));
  return fmt::format("    <testcase classname=\"{}\" name=\"{}\"{}\n", xml_escape(classname),
                     xml_escape(c.name), inner.empty() ? "/>" : ">\n" + inner + "    </testcase>");
}

std::vector<JunitCase> junit_cases(const CheckResult& r) {
  std::vector<JunitCase> cases;
  auto named = [&](const std::string& name) -> JunitCase& {
    for (JunitCase& c : cases)
      if (c.name == name) return c;
    cases.push_back(JunitCase{name, {}, {}, {}, {}, {}});
    return cases.back();
  };
  if (failed_at_start(r)) {
    // Nothing was checked: one error, no clause verdicts.
    for (const Finding& f : r.findings)
      if (f.kind == FindingKind::ProtocolFault && f.position.empty()) {
        JunitCase& c = named("engine start");
        c.error = "the engine could not be checked: " + f.actual;
        c.error_detail = fmt::format("expected: {}\nengine: {}\n", f.expected, f.actual);
      }
    return cases;
  }
  if (const Ruleset* rules = find_ruleset(r.options.ruleset))
    for (ClauseId id : rules->clauses) named(std::string(clause_name(id)));
  for (const Deviation& d : r.deviations) {
    JunitCase& c = named(d.clause);
    if (d.accepted) {
      c.skips.push_back(fmt::format("accepted ({}): {}", d.switch_id, d.accept_reason));
      continue;
    }
    const Finding& f = d.witness;
    c.failures.push_back(d.clause + ": " + d.meaning);
    c.details.push_back(fmt::format(
        "{}\nswitch: {}\nwitness: {} {}\nexpected: {}\nengine: {}\nreproduce: {}\n", d.meaning,
        d.switch_id, f.position, f.move, f.expected, f.actual, reproduce_command(r, f)));
  }
  for (const Finding& f : r.findings) {
    JunitCase& c = named(f.clauses.empty() ? "unexplained: " + std::string(to_string(f.kind))
                                           : f.clauses.front());
    c.failures.push_back(fmt::format("{} at {} {}", to_string(f.kind), f.position, f.move));
    c.details.push_back(fmt::format("expected: {}\nengine: {}\nclauses: {}\nreproduce: {}\n",
                                    f.expected, f.actual, join(f.clauses, ", "),
                                    reproduce_command(r, f)));
  }
  for (const NotationFinding& n : r.notation)
    named("notation: " + n.what)
        .skips.push_back(fmt::format("{} ({} results)", n.description, n.count));
  if (r.stats.interrupted) {
    // The run did not finish: one error, so that CI does not take a
    // cut-short run for a pass.
    JunitCase& c = named("run complete");
    c.error = "run " + interrupted_text(r);
    c.error_detail = std::string(kInterruptedHolds) + "\n";
  }
  return cases;
}

}  // namespace

JunitSuite junit_testsuite(const CheckResult& r) {
  JunitSuite suite;
  suite.name = "bao-oracle check " + r.options.ruleset;
  suite.seconds = r.stats.seconds;
  std::string body;
  const std::vector<JunitCase> cases = junit_cases(r);
  suite.tests = static_cast<int>(cases.size());
  for (const JunitCase& c : cases) {
    if (!c.error.empty())
      ++suite.errors;
    else if (!c.failures.empty())
      ++suite.failures;
    else if (!c.skips.empty())
      ++suite.skipped;
    body += junit_case_xml(suite.name, c);
  }
  std::string properties = provenance_junit_properties(r.provenance, 6);
  if (r.stats.interrupted)
    properties += fmt::format("      <property name=\"interrupted\" value=\"{}\"/>\n",
                              xml_escape(r.stats.signal.empty() ? "true" : r.stats.signal));
  if (r.stats.stop_after > 0)
    properties +=
        fmt::format("      <property name=\"stop-after\" value=\"{}\"/>\n", r.stats.stop_after);
  suite.xml = fmt::format(
      "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "skipped=\"{}\" time=\"{:.3f}\">\n    <properties>\n{}    </properties>\n{}"
      "  </testsuite>\n",
      xml_escape(suite.name), suite.tests, suite.failures, suite.errors, suite.skipped,
      suite.seconds, properties, body);
  return suite;
}

std::string to_junit(const CheckResult& r) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + junit_testsuite(r).xml +
         "</testsuites>\n";
}

namespace {

// Where a witness's game started on a board of its own (a planned start),
// whether its line, played there under the plain ruleset, reaches the
// board the game met: the scenario can then replay that line, which is
// the only way to show a deviation kept outside the position (a block
// that lapses after some turns).
bool line_from_own_board(const Ruleset& rules, const Finding& f) {
  if (f.line.empty() || f.start.empty() || f.start == "start") return false;
  auto pos = parse_bpn(f.start);
  return pos && validate_for_ruleset(rules, *pos) &&
         detail::line_leads_to(rules, *pos, f.line, f.found_at);
}

// A scenario for a witness: the plain ruleset's answers at the witness
// position (what an engine that follows the ruleset must answer there).
std::string scenario_yaml(const CheckResult& r, const Finding& f, const std::string& id,
                          const std::string& clause, const std::string& note) {
  std::string out = fmt::format(
      "# Found by bao-oracle check: {} disagreed with the oracle under {}.\n"
      "# The expectations are the oracle's answers under the plain ruleset: work\n"
      "# them out by hand from the rule text before committing this file to\n"
      "# scenarios/.\n"
      "# Reproduce: {}\nscenarios:\n",
      printable(r.engine), f.ruleset, printable(reproduce_command(r, f)));
  out += fmt::format("  - id: {}\n    rulesets: [{}]\n", yaml_quote(id), yaml_quote(f.ruleset));
  out += fmt::format("    source: {}\n", yaml_quote(witness_source(clause)));
  out += fmt::format("    clauses: [{}]\n", clause.empty() ? "" : yaml_quote(clause));
  out += fmt::format("    note: {}\n", yaml_quote(note));
  // A different start is checked from the engine's own start: the runner
  // asks its `show` after `position start` and plays from there. A witness
  // a line from the start reaches is checked there, after that line: the
  // evidence (the minimised board only illustrates it).
  // A game that began on a board of its own is checked after its line from
  // there, where the text replays it.
  const bool own_start = f.kind == FindingKind::DifferentStart;
  const Ruleset* rules = find_ruleset(f.ruleset);
  const bool by_line = f.reachable && !own_start && !f.line.empty();
  const bool by_own_line = !by_line && !own_start && rules && line_from_own_board(*rules, f);
  if (by_line || by_own_line)
    out += fmt::format("    position: {}\n    moves: {}\n    checks:\n",
                       by_line ? "start" : yaml_quote(f.start), yaml_quote(join(f.line, " ")));
  else
    out += fmt::format("    position: {}\n    checks:\n",
                       own_start ? "start" : yaml_quote(f.position));
  auto pos = parse_bpn(by_line || by_own_line ? f.found_at : f.position);
  if (!rules || !pos) return out;
  if (own_start) {
    // The start's status, moves, and the result of its first move.
    out += fmt::format("      - status: {}\n", to_string(status(*rules, *pos)));
    const MoveList moves = legal_moves(*rules, *pos);
    out += fmt::format("      - legal: {}\n", yaml_quote(moves_to_string(moves, pos->to_move)));
    if (!moves.empty()) {
      const Position after = play(*rules, *pos, moves[0]).value();
      out += fmt::format("      - play: {}\n        result: {}\n        status: {}\n",
                         yaml_quote(move_to_string(moves[0], pos->to_move)),
                         yaml_quote(to_bpn(after)), to_string(status(*rules, after)));
    }
    return out;
  }
  out += fmt::format("      - status: {}\n", to_string(status(*rules, *pos)));
  out += fmt::format("      - legal: {}\n",
                     yaml_quote(moves_to_string(legal_moves(*rules, *pos), pos->to_move)));
  if (!f.move.empty()) {
    auto mv = parse_move(f.move, pos->to_move);
    auto after = mv ? play(*rules, *pos, *mv) : Expected<Position>(mv.error());
    if (after)
      out += fmt::format("      - play: {}\n        result: {}\n        status: {}\n",
                         yaml_quote(f.move), yaml_quote(to_bpn(*after)),
                         to_string(status(*rules, *after)));
    else
      out += fmt::format("      - excludes: {}\n", yaml_quote(f.move));
  }
  return out;
}

}  // namespace

std::string witness_yaml(const CheckResult& r, const Finding& f, std::size_t index) {
  return scenario_yaml(
      r, f, witness_id(r, f, index), f.clauses.empty() ? "" : f.clauses.front(),
      fmt::format("{}: expected {}, engine {}; line {}{}", to_string(f.kind), f.expected, f.actual,
                  f.line.empty() ? "-" : join(f.line, " "),
                  f.minimise_steps > 0 ? fmt::format(" to {}, then {} seeds taken away", f.found_at,
                                                     f.found_seeds - f.seeds)
                                       : ""));
}

std::string deviation_yaml(const CheckResult& r, const Deviation& d) {
  const Finding& f = d.witness;
  return scenario_yaml(
      r, f, deviation_id(r, d), d.clause,
      fmt::format("what the engine does: {} (switch {}); {}: expected {}, engine {}", d.meaning,
                  d.switch_id, to_string(f.kind), f.expected, f.actual));
}

namespace {

// What `check --report` writes into its folder, and so replaces with each
// run: the four reports and the witness scenarios. Anything else there is
// kept; a folder other than witnesses/ is refused (replace_folder in
// oracle/core/files.hpp).
bool owned_by_check(const std::filesystem::path& rel, bool is_folder) {
  if (is_folder) return rel == "witnesses";
  if (rel.has_parent_path()) return rel.parent_path() == "witnesses" && rel.extension() == ".yaml";
  return rel == "report.md" || rel == "report.html" || rel == "report.json" || rel == "junit.xml";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> report_files(const CheckResult& r) {
  std::vector<std::pair<std::string, std::string>> files;
  files.emplace_back("report.json", to_json(r));
  files.emplace_back("report.md", to_markdown(r));
  files.emplace_back("report.html", to_html(r));
  files.emplace_back("junit.xml", to_junit(r));
  for (const Deviation& dev : r.deviations) {
    if (dev.witness.position.empty()) continue;
    files.emplace_back("witnesses/" + deviation_id(r, dev) + ".yaml", deviation_yaml(r, dev));
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    if (f.position.empty() || f.kind == FindingKind::ProtocolFault) continue;
    files.emplace_back("witnesses/" + witness_id(r, f, i) + ".yaml", witness_yaml(r, f, i));
  }
  return files;
}

bool report_owns(const std::filesystem::path& relative, bool is_folder) {
  return owned_by_check(relative, is_folder);
}

Expected<void> write_report(const CheckResult& r, const std::string& dir) {
  // Everything is rendered before the first file is written, and the whole
  // set replaces the old one in one step: a run stopped at any point leaves
  // the old report or the new one, never witnesses of one run beside the
  // report of another.
  FileSet set;
  set.owns = owned_by_check;
  set.files = report_files(r);
  if (auto ok = replace_folder(dir, set); !ok)
    return Error{fmt::format("--report: {}", ok.error().message)};
  return {};
}

}  // namespace bao::check
