// What a check run leaves (check_parts.hpp): the reports asked for, the
// summary on stdout, the transcript's closing notes and the exit status.
// Shared by `check` (one process, --jobs, --ruleset all) and `report
// merge`.
#include <fmt/format.h>

#include <ostream>

#include "oracle/cli/check_parts.hpp"
#include "oracle/cli/terminal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/protocol/transcript.hpp"

namespace bao::cli::detail {
namespace {

// ---- The transcript (--log; docs/cli.md, "Transcripts") -------------------------

// Where the exchange of game `g` is: after the note `game G`, in this file
// or in the part of the worker that played it.
std::string game_place(const CheckCli& o, std::uint64_t g) {
  if (!by_workers(o)) return fmt::format("game {}", g);
  const Shard shard = o.request.shard;
  const std::uint64_t n = std::uint64_t(shard.count) * static_cast<std::uint64_t>(o.jobs);
  const std::uint64_t j = (g % n - shard.index) / shard.count;
  return fmt::format("game {} in {}", g, log_part(o, j));
}

// One note per finding of the run, labelled as the summary labels it
// ((1) a deviation, [1] an unexplained finding), with the game whose
// exchange showed it first.
void note_findings(const check::CheckResult& r, const CheckCli& o, std::string_view label) {
  if (!o.transcript) return;
  std::size_t n = 0;
  for (const check::Deviation& d : r.deviations) {
    if (d.accepted) continue;
    note(o, fmt::format("{}finding ({}): deviation {} at {}: first shown in {}", label, ++n,
                        d.switch_id, d.clause, game_place(o, d.witness.game)));
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const check::Finding& f = r.findings[i];
    note(o, f.position.empty() ? fmt::format("{}finding [{}]: {} while starting the engine", label,
                                             i + 1, to_string(f.kind))
                               : fmt::format("{}finding [{}]: {}: first shown in {}", label, i + 1,
                                             to_string(f.kind), game_place(o, f.game)));
  }
}

// The worse of two exit statuses: an interruption (128 + N), then an
// internal error (3), a usage, input or start-up failure (2), findings (1),
// success (0).
int worse(int a, int b) {
  auto rank = [](int status) { return status > kExitSignalBase ? kExitSignalBase : status; };
  return rank(b) > rank(a) ? b : a;
}

}  // namespace

void note_end(const CheckCli& o, int status) {
  if (!o.transcript) return;
  const int signal = interrupt::received();
  note(o, signal != 0 ? fmt::format("end: interrupted by {}, exit status {}",
                                    interrupt::signal_name(signal), status)
                      : fmt::format("end: exit status {}", status));
  o.transcript->flush();
}

// Writes the reports asked for and prints the summary; the exit status. An
// engine that could not be checked at all is a start-up failure: its
// reports are written (CI shows the error), and the command fails with one
// line on stderr and nothing on stdout.
int finish(check::CheckResult r, const CheckCli& o, std::ostream& out, std::ostream& err) {
  if (!o.command_line.empty()) r.provenance.command = o.command_line;
  if (!o.json_out.empty()) {
    auto w = write_file_atomic(o.json_out, check::to_json(r));
    if (!w) return fail(err, w.error().message);
  }
  const int status = exit_status(r);
  // A worker says no more; the parent merges its report (a worker's start
  // failure is the parent's, so the worker's status is that of findings).
  if (o.progress_lines) return status == kExitInput ? kExitFindings : status;
  note_findings(r, o, "");
  if (!o.report_dir.empty()) {
    auto w = check::write_report(r, o.report_dir);
    if (!w) return fail(err, w.error().message);
  }
  if (check::failed_at_start(r)) {
    for (const check::Finding& f : r.findings)
      if (f.position.empty())
        return fail(err, fmt::format("--engine: the engine could not be checked: {} (expected {})",
                                     f.actual, f.expected));
  }
  out << check::summary_text(r);
  if (!o.report_dir.empty())
    out << fmt::format(
        "report written to {}/report.md (also report.html, report.json, junit.xml{})\n",
        o.report_dir, r.findings.empty() && r.deviations.empty() ? "" : ", witnesses/");
  out << std::flush;
  return status;
}

// `finish` for --ruleset all (and the merge of such reports): the reports
// asked for, the summary, and the worst exit status of the rulesets. A
// ruleset the engine could not be checked under is named on stderr; the
// summary of the others still goes to stdout.
int finish_all(check::AllResult a, const CheckCli& o, std::ostream& out, std::ostream& err) {
  if (!o.command_line.empty()) {
    a.provenance.command = o.command_line;
    for (check::CheckResult& r : a.runs) r.provenance.command = o.command_line;
  }
  if (!o.json_out.empty()) {
    auto w = write_file_atomic(o.json_out, check::to_json(a));
    if (!w) return fail(err, w.error().message);
  }
  if (!o.report_dir.empty()) {
    auto w = check::write_report(a, o.report_dir);
    if (!w) return fail(err, w.error().message);
  }
  int status = 0;
  for (const check::CheckResult& r : a.runs) status = worse(status, exit_status(r));
  if (interrupted()) status = worse(status, kExitSignalBase + interrupt::received());
  for (const check::CheckResult& r : a.runs) {
    CheckCli one = o;
    one.request.ruleset = r.options.ruleset;
    one.log_per_ruleset = true;
    note_findings(r, one, r.options.ruleset + ": ");
  }
  for (const check::CheckResult& r : a.runs)
    if (check::failed_at_start(r))
      for (const check::Finding& f : r.findings)
        if (f.position.empty())
          err << "bao-oracle: "
              << printable(fmt::format("--engine: the engine could not be checked under {}: {}",
                                       r.options.ruleset, f.actual))
              << '\n'
              << std::flush;
  out << check::summary_text(a);
  if (!o.report_dir.empty())
    out << fmt::format(
        "report written to {}/summary.md (also index.html, junit.xml, report.json and a folder "
        "per ruleset)\n",
        o.report_dir);
  out << std::flush;
  return status;
}

}  // namespace bao::cli::detail
