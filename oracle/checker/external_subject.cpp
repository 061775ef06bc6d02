// ExternalSubject: the Subject calls as pipelined protocol batches, and the
// engine's faults as Errors (external_subject.hpp).
#include "oracle/checker/external_subject.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "oracle/core/text.hpp"

namespace bao::check {
namespace {

bool has_line_break(std::string_view text) {
  return text.find_first_of("\r\n") != std::string_view::npos;
}

// `trace`: "place A6; lift A6 3; sow A5" into items with single spaces.
std::vector<scenario::TraceItem> parse_trace(std::string_view payload) {
  std::vector<scenario::TraceItem> items;
  std::size_t begin = 0;
  while (begin <= payload.size()) {
    const std::size_t end = std::min(payload.find(';', begin), payload.size());
    std::string text;
    for (const std::string& w : split_words(payload.substr(begin, end - begin)))
      append_item(text, " ", w);
    if (!text.empty()) items.push_back({std::move(text), ""});
    begin = end + 1;
  }
  return items;
}

std::string quoted_command(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) append_item(out, " ", a);
  return out;
}

}  // namespace

namespace {

// A `trace` answer is one line for the whole move, and a scenario's move may
// be long: a single-lap relay cut at its 65,536-pickup limit traces to about
// 1.5 MB. Scenario runs allow lines up to this length (the checker keeps
// the client's 64 KiB default, where a long line is a fault to report).
constexpr std::size_t kTraceLineLimit = 16 * 1024 * 1024;

EngineOptions with_trace_lines(EngineOptions engine) {
  engine.max_line_length = std::max(engine.max_line_length, kTraceLineLimit);
  return engine;
}

}  // namespace

ExternalSubject::ExternalSubject(EngineOptions engine, RestartPolicy policy)
    : session_(with_trace_lines(std::move(engine)), policy) {}

Expected<EngineInfo> ExternalSubject::start() {
  auto info = session_.start();
  if (!info) return fault_error(info.fault());
  // Every listed ruleset is selected once, in one batch: one the engine
  // refuses is as unsupported as one it does not list, so its scenarios are
  // skipped rather than failed.
  std::vector<std::string> ids;
  std::vector<std::string> probes;
  for (const std::string& id : info->rulesets) {
    if (has_line_break(id)) continue;
    ids.push_back(id);
    probes.push_back(fmt::format("ruleset {}", id));
  }
  auto answers = session_.batch(probes);
  if (!answers) return fault_error(answers.fault());
  rulesets_.clear();
  for (std::size_t i = 0; i < ids.size(); ++i)
    if ((*answers)[i].ok) rulesets_.push_back(ids[i]);
  probed_ = true;
  return *info;
}

std::string ExternalSubject::name() const {
  if (!session_.engine_name().empty()) return session_.engine_name();
  return fmt::format("engine '{}'", quoted_command(session_.client().options().argv));
}

bool ExternalSubject::supports(std::string_view ruleset) const {
  return std::find(rulesets_.begin(), rulesets_.end(), ruleset) != rulesets_.end();
}

Error ExternalSubject::fault_error(const Fault& fault) const {
  // The policy's own word when it gave up, without a kind of its own.
  if (fault.kind == FaultKind::NotRunning && session_.given_up())
    return Error{"engine fault: " + fault.message};
  return Error{"engine fault: " + describe(fault)};
}

Expected<std::vector<Response>> ExternalSubject::ask(std::string_view ruleset,
                                                     const std::string* bpn,
                                                     std::vector<std::string> questions) {
  // A line break would split a request in two and shift every answer after it.
  if (has_line_break(ruleset)) return Error{"ruleset id contains a line break"};
  if (bpn != nullptr && has_line_break(*bpn)) return Error{"position contains a line break"};
  for (const std::string& q : questions)
    if (has_line_break(q)) return Error{fmt::format("request '{}' contains a line break", q)};
  // The rulesets not known yet (start() not called, or it failed): the
  // engine started here as start() would.
  if (!probed_ && !session_.given_up())
    if (auto info = start(); !info) return info.error();
  if (!session_.given_up() && !supports(ruleset)) {
    Fault f;
    f.kind = FaultKind::UnsupportedRuleset;
    f.message = fmt::format("the engine does not list ruleset '{}'", ruleset);
    f.request = fmt::format("ruleset {}", ruleset);
    return fault_error(session_.record(std::move(f)));
  }
  std::vector<std::string> lines;
  if (bpn != nullptr) lines.push_back(fmt::format("position {}", *bpn));
  for (std::string& q : questions) lines.push_back(std::move(q));
  auto answers = session_.batch(ruleset, lines);
  if (!answers) return fault_error(answers.fault());
  std::size_t i = 0;
  if (bpn != nullptr) {
    const Response& r = (*answers)[i++];
    if (!r.ok) return Error{fmt::format("the engine refused the position: {}", r.text)};
  }
  std::vector<Response> out(std::make_move_iterator(answers->begin() + static_cast<long>(i)),
                            std::make_move_iterator(answers->end()));
  return out;
}

Expected<std::string> ExternalSubject::start_position(std::string_view ruleset) {
  const std::string start = "start";
  auto answers = ask(ruleset, &start, {"show"});
  if (!answers) return answers.error();
  const Response& show = answers->front();
  if (!show.ok) return Error{fmt::format("the engine refused 'show': {}", show.text)};
  return show.text;
}

Expected<std::vector<std::string>> ExternalSubject::legal_moves(std::string_view ruleset,
                                                                const std::string& bpn) {
  auto answers = ask(ruleset, &bpn, {"moves"});
  if (!answers) return answers.error();
  const Response& moves = answers->front();
  if (!moves.ok) return Error{fmt::format("the engine refused 'moves': {}", moves.text)};
  return split_words(moves.text);
}

Expected<scenario::PlayResult> ExternalSubject::play(std::string_view ruleset,
                                                     const std::string& bpn,
                                                     const std::string& move) {
  std::vector<std::string> questions{fmt::format("play {}", move)};
  // `trace` is optional; once an engine says it lacks it, it is not asked again.
  if (session_.serves_trace()) questions.emplace_back("trace");
  auto answers = ask(ruleset, &bpn, std::move(questions));
  if (!answers) return answers.error();
  const Response& played = answers->front();
  if (!played.ok) return Error{fmt::format("the engine rejected {}: {}", move, played.text)};
  scenario::PlayResult result{played.text, std::nullopt};
  if (answers->size() > 1) {
    const Response& trace = (*answers)[1];
    if (trace.ok)
      result.trace = parse_trace(trace.text);
    else if (trace.text == "unknown command")
      session_.lacks_trace();
  }
  return result;
}

Expected<std::string> ExternalSubject::status(std::string_view ruleset, const std::string& bpn) {
  auto answers = ask(ruleset, &bpn, {"status"});
  if (!answers) return answers.error();
  const Response& status = answers->front();
  if (!status.ok) return Error{fmt::format("the engine refused 'status': {}", status.text)};
  return status.text;
}

}  // namespace bao::check
