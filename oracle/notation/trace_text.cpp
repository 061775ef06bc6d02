#include "oracle/notation/trace_text.hpp"

#include <fmt/format.h>

#include "oracle/catalog/clause.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao {

namespace {

bool has_count(EventKind k) {
  return k == EventKind::Lift || k == EventKind::Capture || k == EventKind::Enter ||
         k == EventKind::Relay || k == EventKind::Safari;
}

std::string event_text(const Event& e) {
  if (e.kind == EventKind::End) return fmt::format("end {}", to_string(e.reason));
  std::string s = fmt::format("{} {}", to_string(e.kind), pit_name(e.side, e.pit));
  if (has_count(e.kind)) s += fmt::format(" {}", e.count);
  return s;
}

}  // namespace

std::string format_protocol_trace(const std::vector<Event>& events) {
  std::string out;
  for (const auto& e : events) {
    if (!out.empty()) out += "; ";
    out += event_text(e);
  }
  return out;
}

std::string format_annotated_trace(const std::vector<Event>& events) {
  std::string out;
  for (const auto& e : events)
    out += fmt::format("  {:<18} [{}]\n", event_text(e), clause_name(e.clause));
  return out;
}

}  // namespace bao
