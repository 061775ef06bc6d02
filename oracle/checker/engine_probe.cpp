#include "oracle/checker/engine_probe.hpp"

#include <fmt/format.h>

#include "oracle/core/text.hpp"
#include "oracle/protocol/engine_session.hpp"
#include "oracle/protocol/transcript.hpp"

namespace bao::check {
namespace {

class EngineProbe final : public Probe {
 public:
  EngineProbe(protocol::EngineOptions options, std::string ruleset)
      : session_(std::move(options), protocol::RestartPolicy{.give_up_after = 0}),
        ruleset_(std::move(ruleset)) {}

  // The first start: the fault that stops it, or nothing when ready.
  EngineStart first_start(std::unique_ptr<EngineProbe> self) {
    EngineStart s;
    auto info = session_.start();
    if (!info) {
      s.fault = info.fault();
      return s;
    }
    name_ = info->name;
    if (auto fault = session_.select(ruleset_)) {
      s.fault = std::move(fault);
      if (s.fault->kind == FaultKind::UnsupportedRuleset)
        s.fault->message = fmt::format("the engine '{}' does not play {} (it lists: {})", name_,
                                       ruleset_, fmt::join(info->rulesets, " "));
      return s;
    }
    s.probe = std::move(self);
    return s;
  }

  std::string name() override { return name_; }

  // Sends one pipelined batch (the engine restarted first if a fault
  // stopped it, and the ruleset selected again) and returns its responses;
  // empty with `a.fault` set, or with `a.representable` false where the
  // first request (a `position`) was answered `?`.
  template <class Answer>
  std::optional<std::vector<protocol::Response>> send(const std::vector<std::string>& lines,
                                                      Answer& a) {
    if (auto down = session_.select(ruleset_)) {
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
      return std::nullopt;
    }
    return std::move(*res);
  }

  void note(std::string_view text) override {
    if (const auto& log = session_.client().options().transcript) log->note(text);
  }

  Expected<void> select(std::string_view ruleset) override {
    if (ruleset != ruleset_) return Error{fmt::format("the probe plays {}", ruleset_)};
    return {};
  }

  PositionAnswer ask(const std::string& bpn, const std::vector<std::string>& plays) override {
    PositionAnswer a;
    std::vector<std::string> lines{"position " + bpn, "status", "moves"};
    for (const std::string& m : plays) {
      lines.push_back("position " + bpn);
      lines.push_back("play " + m);
      lines.push_back("status");
    }
    const auto res = send(lines, a);
    if (!res) return a;
    const auto& r = *res;
    a.status = r[1].ok ? r[1].text : "? " + r[1].text;
    if (r[2].ok) a.moves = split_words(r[2].text);
    for (std::size_t i = 0; i < plays.size(); ++i) {
      const protocol::Response& pos = r[3 + 3 * i];
      const protocol::Response& play = r[4 + 3 * i];
      const protocol::Response& st = r[5 + 3 * i];
      MoveAnswer m;
      m.move = plays[i];
      if (!pos.ok) {
        m.refusal = "position refused: " + pos.text;
      } else if (play.ok) {
        m.accepted = true;
        m.bpn = play.text;
        m.status = st.ok ? st.text : "? " + st.text;
      } else {
        m.refusal = play.text;
      }
      a.plays.push_back(std::move(m));
    }
    return a;
  }

  LineAnswer ask_line(const std::vector<std::string>& line, std::size_t skip) override {
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

 private:
  std::optional<std::string> trace(const std::string& bpn, const std::string& move) override {
    if (!session_.serves_trace() || !session_.running()) return std::nullopt;
    const std::vector<std::string> lines{"position " + bpn, "play " + move, "trace"};
    auto res = session_.batch(ruleset_, lines);
    if (!res) return std::nullopt;  // a fault shows at the next position asked
    const auto& r = *res;
    if (!r[0].ok || !r[1].ok) return std::nullopt;
    if (!r[2].ok) {
      session_.lacks_trace();  // `? unknown command`: not asked again
      return std::nullopt;
    }
    return r[2].text;
  }

  protocol::EngineSession session_;
  std::string ruleset_;
  std::string name_;
};

}  // namespace

EngineStart start_engine_probe(protocol::EngineOptions options, const std::string& ruleset) {
  auto probe = std::make_unique<EngineProbe>(std::move(options), ruleset);
  EngineProbe& p = *probe;
  return p.first_start(std::move(probe));
}

}  // namespace bao::check
