// EngineProbe: the Probe calls as pipelined protocol batches
// (engine_probe.hpp).
#include "oracle/protocol/engine_probe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "oracle/core/text.hpp"
#include "oracle/protocol/transcript.hpp"

namespace bao::protocol {
namespace {

bool has_line_break(std::string_view text) {
  return text.find_first_of("\r\n") != std::string_view::npos;
}

// `trace`: "place A6; lift A6 3; sow A5" into items with single spaces.
std::vector<TraceItem> parse_trace(std::string_view payload) {
  std::vector<TraceItem> items;
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

// A `trace` answer is one line for the whole move, and a scenario's move may
// be long: a single-lap relay cut at its 65,536-pickup limit traces to about
// 1.5 MB. The scenario runner's probe allows lines up to this length.
constexpr std::size_t kTraceLineLimit = 16 * 1024 * 1024;

// The error of a start that failed: the fault described, or the policy's
// own word when it gave up.
Error start_error(const Fault& fault, bool given_up) {
  if (fault.kind == FaultKind::NotRunning && given_up)
    return Error{"engine fault: " + fault.message};
  return Error{"engine fault: " + describe(fault)};
}

}  // namespace

EngineProbe::EngineProbe(EngineOptions options, RestartPolicy policy)
    : session_(std::move(options), policy) {}

std::unique_ptr<EngineProbe> EngineProbe::for_scenarios(EngineOptions options,
                                                        RestartPolicy policy) {
  options.max_line_length = std::max(options.max_line_length, kTraceLineLimit);
  return std::make_unique<EngineProbe>(std::move(options), policy);
}

Expected<EngineInfo> EngineProbe::start() {
  auto info = session_.start();
  if (!info) return start_error(info.fault(), session_.given_up());
  name_ = info->name;
  // Every listed ruleset is selected once, in one batch: one the engine
  // refuses is as unplayed as one it does not list, so its scenarios are
  // skipped rather than failed.
  std::vector<std::string> ids;
  std::vector<std::string> probes;
  for (const std::string& id : info->rulesets) {
    if (has_line_break(id)) continue;
    ids.push_back(id);
    probes.push_back(fmt::format("ruleset {}", id));
  }
  auto answers = session_.batch(probes);
  if (!answers) return start_error(answers.fault(), session_.given_up());
  rulesets_.clear();
  for (std::size_t i = 0; i < ids.size(); ++i)
    if ((*answers)[i].ok) rulesets_.push_back(ids[i]);
  started_ = true;
  return *info;
}

std::optional<Fault> EngineProbe::start(const std::string& ruleset) {
  auto info = session_.start();
  if (!info) return info.fault();
  name_ = info->name;
  started_ = true;
  if (auto fault = session_.select(ruleset)) {
    if (fault->kind == FaultKind::UnsupportedRuleset)
      fault->message = fmt::format("the engine '{}' does not play {} (it lists: {})", name_,
                                   ruleset, fmt::join(info->rulesets, " "));
    return fault;
  }
  rulesets_ = {ruleset};
  selected_ = ruleset;
  return std::nullopt;
}

std::string EngineProbe::name() {
  if (!name_.empty()) return name_;
  if (!session_.engine_name().empty()) return session_.engine_name();
  return fmt::format("engine '{}'", quoted_command(session_.client().options().argv));
}

Expected<void> EngineProbe::select(std::string_view ruleset) {
  if (std::find(rulesets_.begin(), rulesets_.end(), ruleset) == rulesets_.end())
    return Error{fmt::format("the engine does not play '{}'", ruleset)};
  selected_ = std::string(ruleset);
  return {};
}

void EngineProbe::note(std::string_view text) {
  if (const auto& log = session_.client().options().transcript) log->note(text);
}

template <class Answer>
std::optional<std::vector<Response>> EngineProbe::send(const std::vector<std::string>& lines,
                                                       Answer& a) {
  if (auto down = session_.select(selected_)) {
    a.fault = *down;
    return std::nullopt;
  }
  a.requests = static_cast<int>(lines.size());
  auto res = session_.batch(lines);
  if (!res) {
    a.fault = res.fault();
    return std::nullopt;
  }
  if (!(*res)[0].ok) {
    a.representable = false;
    refused_ = (*res)[0].text;
    return std::nullopt;
  }
  return std::move(*res);
}

PositionAnswer EngineProbe::ask(const Batch& b) {
  PositionAnswer a;
  // A line break would split a request in two and shift every answer after it.
  if (has_line_break(b.bpn)) {
    a.not_sent = "position contains a line break";
    return a;
  }
  for (const std::string& m : b.plays)
    if (has_line_break(m)) {
      a.not_sent = fmt::format("request 'play {}' contains a line break", m);
      return a;
    }
  // The rulesets not known yet (no start, or it failed): the engine started
  // here as start() would.
  if (!started_ && !session_.given_up())
    if (auto info = start(); !info) {
      a.not_sent = info.error().message;  // the fault, described
      return a;
    }
  if (selected_.empty()) {
    a.not_sent = "no ruleset is selected";
    return a;
  }
  const bool trace = b.trace && session_.serves_trace();
  std::vector<std::string> lines{"position " + b.bpn};
  if (b.show) lines.emplace_back("show");
  if (b.status) lines.emplace_back("status");
  if (b.moves) lines.emplace_back("moves");
  for (std::size_t i = 0; i < b.plays.size(); ++i) {
    if (sets_position_again(b, i)) lines.push_back("position " + b.bpn);
    lines.push_back("play " + b.plays[i]);
    if (b.status_after) lines.emplace_back("status");
    if (trace) lines.emplace_back("trace");
  }
  const auto res = send(lines, a);
  if (!res) {
    a.given_up = a.fault && session_.given_up();
    // The `?` to the position; what else was said is not read.
    if (!a.representable) a.refusal = refused_;
    return a;
  }
  const auto& r = *res;
  std::size_t k = 1;
  const auto said = [](const Response& x) { return x.ok ? x.text : "? " + x.text; };
  if (b.show) a.shown = said(r[k++]);
  if (b.status) a.status = said(r[k++]);
  if (b.moves) {
    const Response& moves = r[k++];
    if (moves.ok)
      a.moves = split_words(moves.text);
    else
      a.moves_refusal = moves.text;
  }
  for (std::size_t i = 0; i < b.plays.size(); ++i) {
    MoveAnswer m;
    m.move = b.plays[i];
    const Response* pos = nullptr;
    if (sets_position_again(b, i)) pos = &r[k++];
    const Response& play = r[k++];
    const Response* st = b.status_after ? &r[k++] : nullptr;
    const Response* tr = trace ? &r[k++] : nullptr;
    if (pos != nullptr && !pos->ok) {
      m.refusal = "position refused: " + pos->text;
    } else if (play.ok) {
      m.accepted = true;
      m.bpn = play.text;
      if (st != nullptr) m.status = said(*st);
      if (tr != nullptr) {
        if (tr->ok)
          m.trace = parse_trace(tr->text);
        else if (tr->text == "unknown command")
          session_.lacks_trace();  // not asked again
      }
    } else {
      m.refusal = play.text;
    }
    a.plays.push_back(std::move(m));
  }
  return a;
}

LineAnswer EngineProbe::ask_line(const std::vector<std::string>& line, std::size_t skip) {
  LineAnswer a;
  // One pipelined batch: the start and its `show`, the moves played
  // without a question up to `skip`, then at each position its status,
  // its moves and the next move of the line.
  std::vector<std::string> lines{"position start", "show"};
  for (std::size_t i = 0; i < skip && i < line.size(); ++i) lines.push_back("play " + line[i]);
  for (std::size_t i = skip; i <= line.size(); ++i) {
    lines.push_back("status");
    lines.push_back("moves");
    if (i < line.size()) lines.push_back("play " + line[i]);
  }
  const auto res = send(lines, a);
  if (!res) return a;
  const auto& r = *res;
  a.start = r[1].ok ? r[1].text : "? " + r[1].text;
  std::size_t k = 2 + std::min(skip, line.size());
  for (std::size_t i = skip; i <= line.size(); ++i) {
    LineStep step;
    step.status = r[k].ok ? r[k].text : "? " + r[k].text;
    if (r[k + 1].ok) step.moves = split_words(r[k + 1].text);
    k += 2;
    if (i < line.size()) {
      step.played.move = line[i];
      if (r[k].ok) {
        step.played.accepted = true;
        step.played.bpn = r[k].text;
      } else {
        step.played.refusal = r[k].text;
      }
      ++k;
    }
    a.steps.push_back(std::move(step));
  }
  // A move's status is the next step's.
  for (std::size_t i = 0; i + 1 < a.steps.size(); ++i)
    if (a.steps[i].played.accepted) a.steps[i].played.status = a.steps[i + 1].status;
  return a;
}

std::optional<std::string> EngineProbe::trace(const std::string& bpn, const std::string& move) {
  if (!session_.serves_trace() || !session_.running()) return std::nullopt;
  const std::vector<std::string> lines{"position " + bpn, "play " + move, "trace"};
  auto res = session_.batch(selected_, lines);
  if (!res) return std::nullopt;  // a fault shows at the next position asked
  const auto& r = *res;
  if (!r[0].ok || !r[1].ok) return std::nullopt;
  if (!r[2].ok) {
    session_.lacks_trace();  // `? unknown command`: not asked again
    return std::nullopt;
  }
  return r[2].text;
}

EngineStart start_engine_probe(EngineOptions options, const std::string& ruleset) {
  EngineStart s;
  auto probe = std::make_unique<EngineProbe>(std::move(options), RestartPolicy{.give_up_after = 0});
  if (auto fault = probe->start(ruleset)) {
    s.fault = std::move(fault);
    return s;
  }
  s.probe = std::move(probe);
  return s;
}

}  // namespace bao::protocol
