// The engine fault record (fault.hpp): its one-line description. Kept apart
// from the engine client so that the comparison with the oracle (which
// writes a fault's line into a difference) needs no process code: it is
// part of the oracle library, and of the WebAssembly build.
#include "oracle/protocol/fault.hpp"

#include <fmt/format.h>

namespace bao::protocol {

namespace {
constexpr std::size_t kQuoteLength = 120;
}  // namespace

std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, kQuoteLength)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F)
      out += c;
    else
      out += fmt::format("\\x{:02X}", byte);
  }
  if (text.size() > kQuoteLength) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

bool is_fatal(FaultKind kind) {
  return kind != FaultKind::UnsupportedRuleset;
}

std::string describe(const Fault& fault) {
  std::string out = fmt::format("{}: {}", to_string(fault.kind), fault.message);
  // The last line the engine wrote to stderr, which usually says why.
  std::string_view tail = fault.stderr_tail;
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.remove_suffix(1);
  if (const auto nl = tail.rfind('\n'); nl != std::string_view::npos) tail.remove_prefix(nl + 1);
  if (!tail.empty()) out += fmt::format(" (stderr: {})", shown(tail));
  return out;
}

}  // namespace bao::protocol
