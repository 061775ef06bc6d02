// Fuzz target: the protocol server (oracle/protocol/engine_server.*,
// docs/protocol.md). The input is what a peer writes to `bao-oracle engine`,
// line by line.
//
// Properties:
// - serve() answers exactly one line per request line: every line up to and
//   including the first `quit` (an empty line, garbage and a last line
//   without '\n' included), and nothing after `quit`; it returns 0;
// - every answer is `=`, `= payload` or `? message`, in printable ASCII;
// - a failed request changes nothing: after a `?` the ruleset and the
//   position are those before it, and `trace` answers as it did;
// - nothing throws out of EngineServer::handle.
// Work per input is capped: inputs of more than 4 KiB, and inputs asking
// `perft` at depths 3 to 6 (above 6 it is refused), are left out, so that an
// input costs milliseconds, not seconds.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/targets/check.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/protocol/engine_server.hpp"

namespace {
constexpr std::string_view kTarget = "engine_server";
constexpr int kMaxFuzzPerftDepth = 2;

// The protocol's trimming, written out again: one '\r' at the end, then
// spaces and tabs at both ends.
std::string_view trimmed(std::string_view s) {
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The request lines of the input: split at '\n', a last line without one
// included.
std::vector<std::string_view> request_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

// `perft N` with N a whole number above the cap that the server would
// still compute (any other argument is refused at once).
bool deep_perft(std::string_view line) {
  const std::string_view r = trimmed(line);
  if (!r.starts_with("perft")) return false;
  const std::string_view arg = trimmed(r.substr(5));
  int depth = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), depth);
  return ec == std::errc{} && end == arg.data() + arg.size() && depth > kMaxFuzzPerftDepth &&
         depth <= bao::protocol::kMaxServerPerftDepth;
}

bool answer_shape_ok(const std::string& a) {
  if (!bao::fuzz::printable(a)) return false;
  if (a == "=" || a.starts_with("= ")) return true;
  return a.starts_with("? ") && a.size() > 2;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using bao::fuzz::quoted;
  if (size > 4096) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string_view> lines = request_lines(text);
  for (const std::string_view l : lines)
    if (deep_perft(l)) return -1;

  // Requests one by one: the answers' shape, and a failure changes nothing.
  bao::protocol::EngineServer server(bao::protocol::default_ruleset());
  std::size_t expected = 0;  // answers serve() must write
  for (const std::string_view line : lines) {
    ++expected;
    const std::string before_rules(server.ruleset().id);
    const bao::Position before_pos = server.position();
    std::string before_trace;
    std::string answer;
    try {
      before_trace = server.handle("trace");
      answer = server.handle(line);
    } catch (const std::exception& e) {
      bao::fuzz::violated(kTarget, fmt::format("{} threw: {}", quoted(line), e.what()));
    }
    FUZZ_CHECK(answer_shape_ok(answer), "{} was answered {}", quoted(line), quoted(answer));
    if (answer.starts_with("?")) {
      FUZZ_CHECK(server.ruleset().id == before_rules && server.position() == before_pos &&
                     server.handle("trace") == before_trace,
                 "{} failed ({}) but changed the state: ruleset {} -> {}, position {} -> {}",
                 quoted(line), quoted(answer), before_rules, server.ruleset().id,
                 bao::to_bpn(before_pos), bao::to_bpn(server.position()));
    }
    if (trimmed(line) == "quit") {
      FUZZ_CHECK(server.quit_requested(), "{} did not end the session", quoted(line));
      break;
    }
    FUZZ_CHECK(!server.quit_requested(), "{} ended the session", quoted(line));
  }

  // The same input as a stream: one answer line per request line.
  std::istringstream in{std::string(text)};
  std::ostringstream out;
  const int rc = bao::protocol::serve(in, out, nullptr);
  FUZZ_CHECK(rc == 0, "serve() returned {}", rc);
  const std::string written = out.str();
  FUZZ_CHECK(written.empty() || written.back() == '\n', "the last answer has no newline");
  const std::vector<std::string_view> answers = request_lines(written);
  FUZZ_CHECK(answers.size() == expected, "{} request lines got {} answers", expected,
             answers.size());
  for (const std::string_view a : answers)
    FUZZ_CHECK(answer_shape_ok(std::string(a)), "answer {} in the stream", quoted(a));
  return 0;
}
