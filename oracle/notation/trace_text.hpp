#pragma once
// A move's trace written out: the protocol's `trace` answer and the
// annotated form `play --trace` prints. Text, so in notation: the events
// themselves (core/trace.hpp) know no pit names.

#include <string>
#include <vector>

#include "oracle/core/trace.hpp"

namespace bao {

// Protocol form: "lift A3 3; sow A4; ..." (docs/protocol.md, `trace`).
std::string format_protocol_trace(const std::vector<Event>& events);
// Human form: one event per line with its clause id.
std::string format_annotated_trace(const std::vector<Event>& events);

}  // namespace bao
