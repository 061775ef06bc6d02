#include "oracle/core/trace.hpp"

#include <fmt/format.h>

#include "oracle/notation/bpn.hpp"

namespace bao {

std::string_view to_string(EventKind k) {
  switch (k) {
    case EventKind::Place:
      return "place";
    case EventKind::Lift:
      return "lift";
    case EventKind::Sow:
      return "sow";
    case EventKind::Capture:
      return "capture";
    case EventKind::Enter:
      return "enter";
    case EventKind::Relay:
      return "relay";
    case EventKind::Stop:
      return "stop";
    case EventKind::HouseQuestion:
      return "house-question";
    case EventKind::Safari:
      return "safari";
    case EventKind::HouseLost:
      return "house-lost";
    case EventKind::BlockSet:
      return "block";
    case EventKind::BlockCleared:
      return "unblock";
    case EventKind::BlockExempt:
      return "no-block";
    case EventKind::HouseUsed:
      return "use";
    case EventKind::End:
      return "end";
  }
  return "?";
}

std::string_view to_string(Reason r) {
  switch (r) {
    case Reason::None:
      return "none";
    case Reason::FrontEmpty:
      return "front-empty";
    case Reason::NoMove:
      return "no-move";
    case Reason::Infinite:
      return "infinite";
    case Reason::AllCaptured:
      return "all-captured";
    case Reason::HouseFull:
      return "house-full";
    case Reason::NoProgress:
      return "no-progress";
  }
  return "none";
}

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
