// Runs loaded scenarios against a Probe and reports the result the cmark
// way: one block per failure (file, line range, scenario, ruleset, what
// failed, then expected versus actual), and one closing count line.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/interrupt.hpp"
#include "oracle/core/text.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/registry.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {
namespace {

// ---- Diffs ----------------------------------------------------------------------

// Move text in canonical form for `mover`; text that does not parse is kept
// as the subject wrote it, so the diff shows it.
std::string canonical_move(const std::string& text, Side mover) {
  auto m = parse_move(text, mover);
  return m ? move_to_string(*m, mover) : text;
}

std::vector<std::string> texts(const std::vector<MoveText>& ms) {
  std::vector<std::string> out;
  for (const auto& m : ms) out.push_back(m.text);
  return out;
}

// Items of `a` that `b` lacks, in the order of `a`.
std::vector<std::string> minus(const std::vector<std::string>& a,
                               const std::vector<std::string>& b) {
  std::vector<std::string> out;
  for (const auto& x : a)
    if (std::find(b.begin(), b.end(), x) == b.end()) out.push_back(x);
  return out;
}

// "missing: A6L; extra: A5R"
std::string move_set_diff(const std::vector<std::string>& missing,
                          const std::vector<std::string>& extra) {
  std::vector<std::string> parts;
  if (!missing.empty()) parts.push_back("missing: " + join(missing, ", "));
  if (!extra.empty()) parts.push_back("extra: " + join(extra, ", "));
  return join(parts, "; ");
}

std::vector<std::string> split_ws(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

// The rows of a position with the pits that differ from `other` named.
std::string row_diff(const Position& want, const Position& got) {
  struct Row {
    Side side;
    bool front;
    char letter;
  };
  std::string out;
  for (Row r : {Row{Side::South, true, 'A'}, Row{Side::South, false, 'B'},
                Row{Side::North, true, 'a'}, Row{Side::North, false, 'b'}}) {
    std::vector<std::string> w, g, differ;
    for (int i = 1; i <= kRowLength; ++i) {
      const Pit p = r.front ? front_pit(i) : back_pit(i);
      w.push_back(std::to_string(want.at(r.side, p)));
      g.push_back(std::to_string(got.at(r.side, p)));
      if (want.at(r.side, p) != got.at(r.side, p)) differ.push_back(pit_name(r.side, p));
    }
    if (differ.empty()) continue;
    out += fmt::format("    row {}: expected {}  actual {}  (differs at {})\n", r.letter,
                       join(w, ","), join(g, ","), join(differ, ", "));
  }
  return out;
}

// The fields of two BPNs that differ: side, rows (pit by pit) and keys.
std::string position_diff(const std::string& expected, const std::string& actual) {
  std::string out = fmt::format("    expected: {}\n    actual:   {}\n", expected, actual);
  auto want = parse_bpn(expected);
  auto got = parse_bpn(actual);
  if (!want || !got) return out + "    (actual is not valid BPN: " + got.error().message + ")\n";
  if (want->to_move != got->to_move)
    out +=
        fmt::format("    side: expected {}  actual {}\n", want->to_move == Side::South ? 'S' : 'N',
                    got->to_move == Side::South ? 'S' : 'N');
  out += row_diff(*want, *got);
  // Keys: compare the key=value items of the canonical forms.
  const auto keys = [](const std::string& bpn) {
    std::vector<std::string> items = split_ws(bpn);
    items.erase(items.begin(), items.begin() + std::min<std::size_t>(3, items.size()));
    return items;
  };
  const auto wk = keys(to_bpn(*want));
  const auto gk = keys(to_bpn(*got));
  if (const auto m = minus(wk, gk), e = minus(gk, wk); !m.empty() || !e.empty())
    out += fmt::format("    keys: expected {}  actual {}\n", wk.empty() ? "(none)" : join(wk),
                       gk.empty() ? "(none)" : join(gk));
  return out;
}

// Finds `want` as an in-order subsequence of `got`; returns the index of the
// first pattern that could not be matched, or want.size().
std::size_t match_events(const std::vector<EventPattern>& want, const std::vector<TraceItem>& got,
                         bool subject_has_clauses) {
  std::size_t w = 0;
  for (std::size_t g = 0; g < got.size() && w < want.size(); ++g) {
    const bool text_ok = got[g].text == want[w].text;
    const bool clause_ok =
        want[w].clause.empty() || !subject_has_clauses || got[g].clause == want[w].clause;
    if (text_ok && clause_ok) ++w;
  }
  return w;
}

std::string trace_text(const std::vector<TraceItem>& items) {
  std::string out;
  for (const auto& i : items)
    out += fmt::format("      {}{}\n", i.text, i.clause.empty() ? "" : " [" + i.clause + "]");
  return out;
}

// ---- The questions of a case ---------------------------------------------------

// Each question a case asks is one batch of its own (protocol/probe.hpp), so
// that an engine is sent exactly the requests the question needs; an answer
// that is not one (a fault, a `?`) is an Error saying so.

using protocol::Batch;
using protocol::PositionAnswer;

// Why the batch gave no answer, or nullopt when it gave one.
std::optional<Error> unanswered(const PositionAnswer& a) {
  if (!a.not_sent.empty()) return Error{a.not_sent};
  if (a.fault) {
    // The restart policy's own word when it gave up, without a kind of its own.
    if (a.given_up && a.fault->kind == protocol::FaultKind::NotRunning)
      return Error{"engine fault: " + a.fault->message};
    return Error{"engine fault: " + protocol::describe(*a.fault)};
  }
  if (!a.representable) return Error{"the engine refused the position: " + a.refusal};
  return std::nullopt;
}

// A `?` answer ("? message") as the message; nullopt for an answer.
std::optional<std::string> refused(const std::string& said) {
  if (said.starts_with("? ")) return said.substr(2);
  return std::nullopt;
}

// `position start`, then `show`.
Expected<std::string> ask_start(Probe& engine) {
  const PositionAnswer a =
      engine.ask(Batch{.bpn = "start", .show = true, .status = false, .moves = false});
  if (auto e = unanswered(a)) return *e;
  if (auto no = refused(a.shown)) return Error{"the engine refused 'show': " + *no};
  return a.shown;
}

// The legal moves, any order, as move text.
Expected<std::vector<std::string>> ask_moves(Probe& engine, const std::string& bpn) {
  PositionAnswer a = engine.ask(Batch{.bpn = bpn, .status = false});
  if (auto e = unanswered(a)) return *e;
  if (a.moves_refusal) return Error{"the engine refused 'moves': " + *a.moves_refusal};
  return std::move(a.moves);
}

// "ongoing", "win S front-empty", ...
Expected<std::string> ask_status(Probe& engine, const std::string& bpn) {
  const PositionAnswer a = engine.ask(Batch{.bpn = bpn, .moves = false});
  if (auto e = unanswered(a)) return *e;
  if (auto no = refused(a.status)) return Error{"the engine refused 'status': " + *no};
  return a.status;
}

// The result of `move`, with its trace when the engine serves one.
Expected<protocol::MoveAnswer> ask_play(Probe& engine, const std::string& bpn,
                                        const std::string& move) {
  PositionAnswer a = engine.ask(Batch{.bpn = bpn,
                                      .status = false,
                                      .moves = false,
                                      .plays = {move},
                                      .status_after = false,
                                      .trace = true});
  if (auto e = unanswered(a)) return *e;
  protocol::MoveAnswer& played = a.plays.front();
  if (!played.accepted)
    return Error{fmt::format("the engine rejected {}: {}", move, played.refusal)};
  return std::move(played);
}

// ---- Running one case -------------------------------------------------------

class CaseRunner {
 public:
  CaseRunner(Probe& engine, CaseResult& result) : engine_(engine), result_(result) {}

  // Sets up the scenario position; false when that already failed.
  bool set_up(const Scenario& s);
  void run(const Check& c);

 private:
  void fail(const SourceMark& at, std::string what, std::string diff = {}) {
    result_.failures.push_back({at.line, std::move(what), std::move(diff)});
  }
  Side mover_of(const std::string& bpn) const {
    auto p = parse_bpn(bpn);
    return p ? p->to_move : Side::South;
  }
  std::optional<std::vector<std::string>> legal(const Check& c);
  void check_move_set(const Check& c);
  void check_status(const Check& c, const std::string& bpn, std::string_view what);
  void check_result(const Check& c, const std::string& bpn, std::string_view what);
  void check_play(const Check& c);
  void check_game(const Check& c);

  Probe& engine_;
  CaseResult& result_;
  std::string position_;  // after the scenario's moves
  std::optional<std::vector<std::string>> legal_cache_;
};

bool CaseRunner::set_up(const Scenario& s) {
  position_ = s.position;
  if (s.position == "start") {
    auto start = ask_start(engine_);
    if (!start) {
      fail({s.first_line, 0}, "position: start position not available: " + start.error().message);
      return false;
    }
    position_ = *start;
  }
  for (std::size_t i = 0; i < s.moves.size(); ++i) {
    auto r = ask_play(engine_, position_, s.moves[i].text);
    if (!r) {
      fail(s.moves[i].at,
           fmt::format("moves[{}]: {} was rejected: {}", i + 1, s.moves[i].text, r.error().message),
           fmt::format("    position: {}\n", position_));
      return false;
    }
    position_ = r->bpn;
  }
  return true;
}

std::optional<std::vector<std::string>> CaseRunner::legal(const Check& c) {
  if (!legal_cache_) {
    auto ms = ask_moves(engine_, position_);
    if (!ms) {
      fail(c.at, "legal moves: the subject refused: " + ms.error().message);
      return std::nullopt;
    }
    const Side mover = mover_of(position_);
    std::vector<std::string> canon;
    for (const auto& m : *ms) canon.push_back(canonical_move(m, mover));
    legal_cache_ = std::move(canon);
  }
  return legal_cache_;
}

void CaseRunner::check_move_set(const Check& c) {
  auto actual = legal(c);
  if (!actual) return;
  const std::vector<std::string> want = texts(c.moves);
  std::vector<std::string> missing, extra;
  if (c.kind == CheckKind::Legal || c.kind == CheckKind::Includes) missing = minus(want, *actual);
  if (c.kind == CheckKind::Legal) extra = minus(*actual, want);
  if (c.kind == CheckKind::Excludes) {
    for (const auto& m : want)
      if (std::find(actual->begin(), actual->end(), m) != actual->end()) extra.push_back(m);
  }
  if (missing.empty() && extra.empty()) return;
  std::string diff = "    " + move_set_diff(missing, extra) + "\n";
  diff += fmt::format("    expected: {}\n    actual:   {}\n", join(want),
                      actual->empty() ? "(no legal moves)" : join(*actual));
  diff += fmt::format("    position: {}\n", position_);
  fail(c.at, fmt::format("{}: move sets differ", to_string(c.kind)), diff);
}

void CaseRunner::check_status(const Check& c, const std::string& bpn, std::string_view what) {
  if (!c.status) return;
  auto st = ask_status(engine_, bpn);
  if (!st) return fail(c.at, fmt::format("{}: status refused: {}", what, st.error().message));
  if (*st == *c.status) return;
  fail(c.at, fmt::format("{}: status differs", what),
       fmt::format("    expected: {}\n    actual:   {}\n    position: {}\n", *c.status, *st, bpn));
}

void CaseRunner::check_result(const Check& c, const std::string& bpn, std::string_view what) {
  if (!c.result_bpn) return;
  auto got = parse_bpn(bpn);
  if (got && to_bpn(*got) == *c.result_bpn) return;
  fail(c.at, fmt::format("{}: resulting position differs", what),
       position_diff(*c.result_bpn, bpn));
}

void CaseRunner::check_play(const Check& c) {
  const std::string what = fmt::format("play {}", c.move->text);
  auto r = ask_play(engine_, position_, c.move->text);
  if (!r) {
    return fail(c.at, what + ": rejected",
                fmt::format("    {}\n    position: {}\n", r.error().message, position_));
  }
  check_result(c, r->bpn, what);
  check_status(c, r->bpn, what);
  if (c.events.empty()) return;
  if (!r->trace) {
    // OPTIONAL in the protocol: an engine without `trace` skips this part.
    return;
  }
  const bool has_clauses = std::any_of(r->trace->begin(), r->trace->end(),
                                       [](const TraceItem& i) { return !i.clause.empty(); });
  const std::size_t matched = match_events(c.events, *r->trace, has_clauses);
  if (matched == c.events.size()) return;
  const EventPattern& miss = c.events[matched];
  std::string diff = fmt::format(
      "    missing: {}{}{}\n", miss.text, miss.clause.empty() ? "" : " [" + miss.clause + "]",
      matched == 0 ? std::string() : " (after " + c.events[matched - 1].text + ")");
  diff += "    actual trace:\n" + trace_text(*r->trace);
  result_.failures.push_back({miss.at.line, what + ": trace item not found in order", diff});
}

void CaseRunner::check_game(const Check& c) {
  std::string pos = position_;
  for (std::size_t i = 0; i < c.moves.size(); ++i) {
    auto r = ask_play(engine_, pos, c.moves[i].text);
    if (!r) {
      return fail(c.moves[i].at,
                  fmt::format("game move {} ({}) was rejected", i + 1, c.moves[i].text),
                  fmt::format("    {}\n    position: {}\n", r.error().message, pos));
    }
    pos = r->bpn;
  }
  check_result(c, pos, "game");
  check_status(c, pos, "game: final_status");
}

void CaseRunner::run(const Check& c) {
  switch (c.kind) {
    case CheckKind::Legal:
    case CheckKind::Includes:
    case CheckKind::Excludes:
      return check_move_set(c);
    case CheckKind::Play:
      return check_play(c);
    case CheckKind::Status:
      return check_status(c, position_, "status");
    case CheckKind::Game:
      return check_game(c);
  }
}

CaseResult run_case(const Scenario& s, const Expectation& e, Probe& engine) {
  CaseResult r;
  r.id = s.id;
  r.ruleset = e.ruleset;
  r.file = s.file;
  r.first_line = s.first_line;
  r.last_line = s.last_line;
  if (!engine.select(e.ruleset)) {
    r.outcome = Outcome::Skip;
    r.skip_reason = fmt::format("{} does not implement {}", engine.name(), e.ruleset);
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  CaseRunner runner(engine, r);
  if (runner.set_up(s))
    for (const Check& c : e.checks) runner.run(c);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.outcome = r.failures.empty() ? Outcome::Pass : Outcome::Fail;
  return r;
}

// Written whole or not at all, and only over a regular file (a FIFO would
// block the run, a link or a device be replaced: oracle/core/files.hpp).
bool write_file(const std::string& path, const std::string& text, std::ostream& err) {
  auto written = write_file_atomic(path, text);
  if (written) return true;
  err << "bao-oracle: " << printable(written.error().message) << "\n";
  return false;
}

// The files asked for, before anything runs: a path that is not a regular
// file is refused (exit 2) rather than found out after the run.
bool outputs_writable(const RunOptions& options, std::ostream& err) {
  for (const auto& [option, path] :
       {std::pair{"--junit", &options.junit_path}, std::pair{"--json", &options.json_path}})
    if (*path)
      if (auto ok = check_output_file(**path); !ok) {
        err << "bao-oracle: " << option << ": " << printable(ok.error().message) << "\n";
        return false;
      }
  return true;
}

// ---- Coverage ---------------------------------------------------------------

// Forwards every call to another engine and records, per ruleset, the clause
// ids of the trace items of every move played through it.
class RecordingProbe final : public Probe {
 public:
  explicit RecordingProbe(Probe& inner) : inner_(inner) {}
  std::string name() override { return inner_.name(); }
  Expected<void> select(std::string_view ruleset) override {
    auto selected = inner_.select(ruleset);
    if (selected) ruleset_ = std::string(ruleset);
    return selected;
  }
  PositionAnswer ask(const Batch& batch) override {
    PositionAnswer a = inner_.ask(batch);
    for (const protocol::MoveAnswer& m : a.plays) {
      if (!m.trace) continue;
      std::set<std::string>& fired = fired_[ruleset_];
      for (const TraceItem& item : *m.trace)
        if (!item.clause.empty()) fired.insert(item.clause);
    }
    return a;
  }
  using Probe::ask;

  // Takes the clause ids recorded so far, by ruleset.
  std::map<std::string, std::set<std::string>> take_fired() { return std::move(fired_); }

 private:
  Probe& inner_;
  std::string ruleset_;
  std::map<std::string, std::set<std::string>> fired_;
};

// Adds the `clauses` field of every case that ran (not skipped) to the set of
// its ruleset. Scenario ids are unique, so a case finds its scenario by id.
void add_named_clauses(const std::vector<Scenario>& scenarios, const RunSummary& run,
                       std::map<std::string, std::set<std::string>>& exercised) {
  std::map<std::string_view, const Scenario*> by_id;
  for (const Scenario& s : scenarios) by_id.emplace(s.id, &s);
  for (const CaseResult& c : run.cases) {
    if (c.outcome == Outcome::Skip) continue;
    const auto found = by_id.find(c.id);
    if (found == by_id.end()) continue;
    exercised[c.ruleset].insert(found->second->clauses.begin(), found->second->clauses.end());
  }
}

// The governing clauses of `rules` that `exercised` lacks, in catalog order.
ClauseCoverage coverage_of(const Ruleset& rules, const std::set<std::string>& exercised) {
  ClauseCoverage out{std::string(rules.id), rules.clauses.size(), {}};
  for (ClauseId id : rules.clauses) {
    const std::string name(clause_name(id));
    if (!exercised.contains(name)) out.missing.push_back(name);
  }
  return out;
}

}  // namespace

RunSummary run_scenarios(const std::vector<Scenario>& scenarios, Probe& engine,
                         const RunOptions& options) {
  RunSummary sum;
  std::optional<std::regex> filter;
  if (options.filter) filter.emplace(*options.filter, std::regex::ECMAScript);
  for (const Scenario& s : scenarios) {
    if (filter && !std::regex_search(s.id, *filter)) continue;
    for (const Expectation& e : s.expectations) {
      if (options.ruleset && e.ruleset != *options.ruleset) continue;
      if (options.stop && (sum.signal = options.stop()) != 0) return sum;
      const std::string where =
          fmt::format("case {}:{} {} under {}", s.file, s.first_line, s.id, e.ruleset);
      if (options.note) options.note(where);
      CaseResult r = run_case(s, e, engine);
      // Interrupted during the case: its engine answers were cut short.
      if (options.stop && (sum.signal = options.stop()) != 0) return sum;
      if (options.note && r.outcome == Outcome::Fail)
        options.note(
            fmt::format("{} failed: {}", where, r.failures.empty() ? "" : r.failures.front().what));
      (r.outcome == Outcome::Pass   ? sum.passed
       : r.outcome == Outcome::Fail ? sum.failed
                                    : sum.skipped)++;
      sum.cases.push_back(std::move(r));
    }
  }
  return sum;
}

std::string summary_line(const RunSummary& s) {
  std::string line = fmt::format("{} passed, {} failed", s.passed, s.failed);
  if (s.skipped > 0) line += fmt::format(", {} skipped", s.skipped);
  if (!s.input_errors.empty()) line += fmt::format(", {} input errors", s.input_errors.size());
  if (s.signal != 0)
    line += fmt::format(" (interrupted by {}: the cases after these were not run)",
                        interrupt::signal_name(s.signal));
  return line;
}

std::string format_report(const RunSummary& s) {
  std::string out;
  for (const CaseResult& c : s.cases) {
    for (const Failure& f : c.failures) {
      out += fmt::format("{}:{}-{}: {} [{}]: line {}: {}\n", c.file, c.first_line, c.last_line,
                         c.id, c.ruleset, f.line, f.what);
      out += f.diff;
    }
  }
  return out + summary_line(s) + "\n";
}

int exit_code(const RunSummary& s) {
  if (s.signal != 0) return 128 + s.signal;
  if (!s.input_errors.empty()) return 2;
  return s.failed > 0 ? 1 : 0;
}

std::string corpus_files_hash(const std::vector<Scenario>& scenarios) {
  std::set<std::string> files;
  for (const Scenario& sc : scenarios) files.insert(sc.file);
  std::vector<std::string> hashes;
  for (const std::string& file : files) {
    auto text = read_file(file);
    // A file that went since it was loaded counts by its name only.
    hashes.push_back(ContentHash().add(text ? *text : "unreadable: " + file).hex());
  }
  std::sort(hashes.begin(), hashes.end());
  ContentHash h;
  for (const std::string& one : hashes) h.add(one);
  return h.hex();
}

std::string to_junit_xml(const RunSummary& s) {
  std::string body;
  for (const CaseResult& c : s.cases) {
    body += fmt::format(
        "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\" time=\"{:.6f}\"",
        xml_escape(c.file), xml_escape(c.id + " [" + c.ruleset + "]"), xml_escape(c.file),
        c.first_line, c.seconds);
    if (c.outcome == Outcome::Pass) {
      body += "/>\n";
      continue;
    }
    body += ">\n";
    if (c.outcome == Outcome::Skip)
      body += fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(c.skip_reason));
    for (const Failure& f : c.failures)
      body += fmt::format("      <failure message=\"line {}: {}\">{}</failure>\n", f.line,
                          xml_escape(f.what), xml_escape(f.diff));
    body += "    </testcase>\n";
  }
  for (const InputError& e : s.input_errors)
    body += fmt::format(
        "    <testcase classname=\"{}\" name=\"input error\" file=\"{}\" line=\"{}\">\n"
        "      <error message=\"{}\"/>\n    </testcase>\n",
        xml_escape(e.file), xml_escape(e.file), e.at.line, xml_escape(to_string(e)));
  const std::size_t tests = s.cases.size() + s.input_errors.size();
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites>\n"
      "  <testsuite name=\"bao-scenarios\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
      "skipped=\"{}\">\n    <properties>\n{}    </properties>\n{}  </testsuite>\n</testsuites>\n",
      tests, s.failed, s.input_errors.size(), s.skipped,
      provenance_junit_properties(s.provenance, 6), body);
}

std::string to_json(const RunSummary& s) {
  using nlohmann::json;
  json cases = json::array();
  for (const CaseResult& c : s.cases) {
    json failures = json::array();
    for (const Failure& f : c.failures)
      failures.push_back({{"line", f.line}, {"what", f.what}, {"diff", f.diff}});
    json one = {{"id", c.id},
                {"ruleset", c.ruleset},
                {"file", c.file},
                {"lines", {c.first_line, c.last_line}},
                {"outcome", std::string(to_string(c.outcome))},
                {"seconds", c.seconds},
                {"failures", failures}};
    if (c.outcome == Outcome::Skip) one["skip_reason"] = c.skip_reason;
    cases.push_back(std::move(one));
  }
  json errors = json::array();
  for (const InputError& e : s.input_errors)
    errors.push_back({{"file", e.file},
                      {"line", e.at.line},
                      {"column", e.at.column},
                      {"field", e.field},
                      {"message", e.message}});
  json provenance = json::object();
  for (const auto& [name, v] : provenance_fields(s.provenance)) provenance[name] = v;
  const json doc = {
      {"provenance", provenance},
      {"summary",
       {{"passed", s.passed},
        {"failed", s.failed},
        {"skipped", s.skipped},
        {"input_errors", s.input_errors.size()},
        {"interrupted", s.signal != 0 ? json(interrupt::signal_name(s.signal)) : json(nullptr)}}},
      {"cases", cases},
      {"input_errors", errors}};
  // Text from outside (an engine's name, a scenario id) may hold bytes that
  // are not UTF-8: they are written as U+FFFD, so the file stays valid JSON.
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::vector<ClauseCoverage> clause_coverage(const std::vector<Scenario>& scenarios, Probe& engine,
                                            const RunOptions& options, RunSummary* summary) {
  RecordingProbe recorder(engine);
  RunSummary run = run_scenarios(scenarios, recorder, options);
  std::map<std::string, std::set<std::string>> exercised = recorder.take_fired();
  add_named_clauses(scenarios, run, exercised);
  std::vector<ClauseCoverage> out;
  for (const Ruleset* rules : all_rulesets())
    if (!options.ruleset || rules->id == *options.ruleset)
      out.push_back(coverage_of(*rules, exercised[std::string(rules->id)]));
  if (summary) *summary = std::move(run);
  return out;
}

std::string format_coverage(const std::vector<ClauseCoverage>& coverage) {
  std::string out;
  for (const ClauseCoverage& c : coverage) {
    out += fmt::format("{}: {}/{} clauses exercised\n", c.ruleset, c.governing - c.missing.size(),
                       c.governing);
    for (const std::string& id : c.missing) out += "  " + id + "\n";
  }
  return out;
}

namespace {

// The steps every scenarios command shares: check the filter, collect and
// load the files. False (after reporting) when the filter is invalid.
bool load_for_command(const std::vector<std::string>& paths, const RunOptions& options,
                      LoadResult& loaded, std::vector<InputError>& errors, std::ostream& err) {
  if (options.filter) {
    try {
      std::regex check(*options.filter, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      err << fmt::format("--filter: invalid regular expression '{}': {}\n", *options.filter,
                         e.what());
      return false;
    }
  }
  loaded = load_paths(paths);
  errors = loaded.errors;
  return true;
}

Provenance run_provenance(const LoadResult& loaded, const RunOptions& options) {
  return this_build(corpus_files_hash(loaded.scenarios), options.command_line);
}

// Reports the input errors and writes the JUnit/JSON files asked for; false
// when a file could not be written.
bool finish_command(const RunSummary& sum, const RunOptions& options, std::ostream& err) {
  for (const InputError& e : sum.input_errors)
    err << "input error: " << printable(to_string(e)) << "\n";  // a path may hold any byte
  bool written = true;
  if (options.junit_path) written = write_file(*options.junit_path, to_junit_xml(sum), err);
  if (options.json_path) written = write_file(*options.json_path, to_json(sum), err) && written;
  return written;
}

}  // namespace

int run_scenarios_command(const std::vector<std::string>& paths, const RunOptions& options,
                          Probe& engine, std::ostream& out, std::ostream& err) {
  if (!outputs_writable(options, err)) return 2;
  LoadResult loaded;
  std::vector<InputError> errors;
  if (!load_for_command(paths, options, loaded, errors, err)) return 2;
  RunSummary sum = run_scenarios(loaded.scenarios, engine, options);
  sum.provenance = run_provenance(loaded, options);
  sum.input_errors = std::move(errors);
  const bool written = finish_command(sum, options, err);
  out << printable_lines(format_report(sum));  // ids and paths may hold any byte
  const int code = exit_code(sum);
  return written ? code : 2;
}

int run_coverage_command(const std::vector<std::string>& paths, const RunOptions& options,
                         std::ostream& out, std::ostream& err) {
  if (!outputs_writable(options, err)) return 2;
  LoadResult loaded;
  std::vector<InputError> errors;
  if (!load_for_command(paths, options, loaded, errors, err)) return 2;
  auto oracle = protocol::oracle_probe();
  RunSummary sum;
  const std::vector<ClauseCoverage> coverage =
      clause_coverage(loaded.scenarios, *oracle, options, &sum);
  sum.provenance = run_provenance(loaded, options);
  sum.input_errors = std::move(errors);
  const bool written = finish_command(sum, options, err);
  out << format_coverage(coverage);
  // A scenario left out by an input error may be the one that exercises a
  // clause, so input errors take precedence over the coverage verdict.
  if (!sum.input_errors.empty() || !written) return 2;
  const bool complete = std::all_of(coverage.begin(), coverage.end(),
                                    [](const ClauseCoverage& c) { return c.missing.empty(); });
  return complete ? 0 : 1;
}

int run_scenarios_command(const std::vector<std::string>& paths, const RunOptions& options,
                          std::ostream& out, std::ostream& err) {
  auto oracle = protocol::oracle_probe();
  return run_scenarios_command(paths, options, *oracle, out, err);
}

}  // namespace bao::scenario
