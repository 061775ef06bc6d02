// The oracle itself (possibly a mutated record) as the checker's Probe: for
// tests, and for `check` against the oracle's own mutants without a process.
#include <fmt/format.h>

#include "oracle/checker/check.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"

namespace bao::check {
namespace {

class OracleProbe final : public Probe {
 public:
  OracleProbe(const Ruleset& rules, std::string name) : rules_(rules), name_(std::move(name)) {}
  std::string name() override { return name_; }
  Expected<void> select(std::string_view ruleset) override {
    if (ruleset != rules_.id) return Error{fmt::format("ruleset '{}' is not supported", ruleset)};
    return {};
  }
  std::optional<std::string> trace(const std::string& bpn, const std::string& move) override {
    auto parsed = parse_bpn(bpn);
    if (!parsed || !validate_for_ruleset(rules_, *parsed)) return std::nullopt;
    auto m = parse_move(move, parsed->to_move);
    Trace t;
    if (!m || !play(rules_, *parsed, *m, &t)) return std::nullopt;
    return format_protocol_trace(t.events());
  }
  PositionAnswer ask(const std::string& bpn, const std::vector<std::string>& plays) override {
    PositionAnswer a;
    a.requests = 3 + 3 * static_cast<int>(plays.size());
    auto parsed = parse_bpn(bpn);
    auto pos = parsed ? validate_for_ruleset(rules_, *parsed) : Expected<Position>(parsed.error());
    if (!pos) {
      a.representable = false;
      return a;
    }
    a.status = to_string(status(rules_, *pos));
    for (const Move& m : legal_moves(rules_, *pos))
      a.moves.push_back(move_to_string(m, pos->to_move));
    for (const std::string& text : plays) {
      MoveAnswer ma;
      ma.move = text;
      auto m = parse_move(text, pos->to_move);
      auto after = m ? play(rules_, *pos, *m) : Expected<Position>(m.error());
      if (after) {
        ma.accepted = true;
        ma.bpn = to_bpn(*after);
        ma.status = to_string(status(rules_, *after));
      } else {
        ma.refusal = after.error().message;
      }
      a.plays.push_back(std::move(ma));
    }
    return a;
  }

 private:
  Ruleset rules_;
  std::string name_;
};

}  // namespace

std::unique_ptr<Probe> oracle_probe(const Ruleset& rules, std::string name) {
  return std::make_unique<OracleProbe>(rules, std::move(name));
}

}  // namespace bao::check
