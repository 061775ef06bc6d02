// Fuzz target: the engine client's reply handling (oracle/protocol/
// engine_client.*, docs/protocol.md "Driving an engine"): ResponseReader,
// which reads the responses to a batch out of the bytes an engine writes.
//
// Input: byte 0 picks the batch size (1 to 8, low 3 bits) and the line limit
// (bit 7: 40 bytes, to reach the overlong-line rule, else 64 KiB); the next
// bytes pick each request from a fixed list; one byte picks the size of the
// pieces (1 to 32 bytes) the output arrives in; the rest is the output.
//
// Properties:
// - reading never throws, and ends in one of: every response, a problem
//   (Malformed or ExtraOutput, a one-line printable message, the index of a
//   request of the batch), or output that ended between lines (a crash for
//   the caller);
// - each response is line i of the output as the protocol reads it ('=' or
//   '?', then the text after one space, a '\r' before the '\n' dropped);
// - success means the output was exactly one line per request;
// - the outcome does not depend on how the output is cut into pieces: the
//   same responses, the same kind of problem at the same request. The one
//   allowed difference is documented: a payload of the wrong shape followed
//   by a fitting line is ExtraOutput when both have arrived, Malformed when
//   the second has not.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/targets/check.hpp"
#include "oracle/protocol/engine_client.hpp"

namespace {
constexpr std::string_view kTarget = "engine_replies";

using bao::protocol::FaultKind;
using bao::protocol::ReplyProblem;
using bao::protocol::Response;
using bao::protocol::ResponseReader;

constexpr std::array<std::string_view, 14> kRequests = {
    "protocol",
    "name",
    "rulesets",
    "ruleset ap-zanzibar",
    "position start",
    "position S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 "
    "house=A5,a5",
    "show",
    "moves",
    "play A6L",
    "status",
    "trace",
    "perft 1",
    "quit",
    "hello",
};

enum class End { Complete, Problem, EndedBetweenLines, EndedInsideLine };

struct Outcome {
  End end = End::Complete;
  std::vector<Response> responses;
  std::optional<ReplyProblem> problem;
};

// Feeds `output` in pieces of `piece` bytes, then ends it.
Outcome read_all(std::span<const std::string> lines, std::size_t max, std::string_view output,
                 std::size_t piece) {
  Outcome o;
  ResponseReader reader(lines, max);
  try {
    // Bytes after the last response are fed too: the client finds them
    // either with it (leftover) or before its next request (check_idle).
    for (std::size_t at = 0; at < output.size(); at += piece) {
      if (auto p = reader.feed(output.substr(at, piece))) {
        o.end = End::Problem;
        o.problem = std::move(p);
        break;
      }
    }
    if (o.end != End::Problem) {
      if (reader.complete()) {
        if (auto p = reader.leftover()) {
          o.end = End::Problem;
          o.problem = std::move(p);
        }
      } else if (auto p = reader.at_end()) {
        o.end = End::EndedInsideLine;
        o.problem = std::move(p);
      } else {
        o.end = End::EndedBetweenLines;
      }
    }
  } catch (const std::exception& e) {
    bao::fuzz::violated(kTarget, fmt::format("reading threw: {}", e.what()));
  }
  o.responses = reader.responses();
  FUZZ_CHECK(o.responses.size() <= lines.size(), "{} responses to {} requests", o.responses.size(),
             lines.size());
  return o;
}

// Line i of the output, as the protocol frames it: nullopt when the output
// holds fewer complete lines.
std::optional<std::string_view> line_of(std::string_view output, std::size_t i) {
  std::size_t start = 0;
  for (std::size_t k = 0;; ++k) {
    const std::size_t nl = output.find('\n', start);
    if (nl == std::string_view::npos) return std::nullopt;
    if (k == i) {
      std::string_view line = output.substr(start, nl - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      return line;
    }
    start = nl + 1;
  }
}

void check_outcome(const Outcome& o, std::span<const std::string> lines, std::string_view output) {
  using bao::fuzz::quoted;
  for (std::size_t i = 0; i < o.responses.size(); ++i) {
    const auto line = line_of(output, i);
    FUZZ_CHECK(line.has_value(), "response {} without a line {} in the output", i, i);
    const Response& r = o.responses[i];
    const std::string_view want_text = line->size() <= 1 ? "" : line->substr(2);
    FUZZ_CHECK(!line->empty() && r.ok == ((*line)[0] == '=') && r.text == want_text,
               "line {} {} was read as {} {}", i, quoted(*line), r.ok ? '=' : '?', quoted(r.text));
  }
  if (o.problem) {
    const ReplyProblem& p = *o.problem;
    FUZZ_CHECK(p.kind == FaultKind::Malformed || p.kind == FaultKind::ExtraOutput,
               "a problem of kind {}", bao::protocol::to_string(p.kind));
    FUZZ_CHECK(p.index < lines.size(), "a problem at request {} of {}", p.index, lines.size());
    FUZZ_CHECK(!p.message.empty() && bao::fuzz::printable(p.message),
               "problem message {} is empty or not printable", quoted(p.message));
    // A problem is at the first request without a response, or after the
    // last for leftover output.
    FUZZ_CHECK(p.index == o.responses.size() ||
                   (p.index + 1 == lines.size() && o.responses.size() == lines.size()),
               "a problem at request {} after {} responses", p.index, o.responses.size());
  }
  if (o.end == End::Complete) {
    FUZZ_CHECK(o.responses.size() == lines.size(), "complete with {} of {} responses",
               o.responses.size(), lines.size());
    FUZZ_CHECK(!output.empty() && output.back() == '\n' &&
                   static_cast<std::size_t>(std::count(output.begin(), output.end(), '\n')) ==
                       lines.size(),
               "accepted output that is not one line per request: {}", quoted(output));
  }
  if (o.end == End::EndedBetweenLines)
    FUZZ_CHECK(output.empty() || output.back() == '\n',
               "output ending inside a line was taken as ending between lines");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using bao::fuzz::quoted;
  if (size < 1 || size > 8192) return -1;
  const std::size_t count = (data[0] & 7) + 1;
  const std::size_t max = (data[0] & 0x80) != 0 ? 40 : 64 * 1024;
  if (size < 2 + count) return -1;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < count; ++i)
    lines.emplace_back(kRequests[data[1 + i] % kRequests.size()]);
  const std::size_t piece = (data[1 + count] % 32) + 1;
  const std::string_view output(reinterpret_cast<const char*>(data + 2 + count), size - 2 - count);

  const Outcome whole = read_all(lines, max, output, output.size() + 1);
  const Outcome pieces = read_all(lines, max, output, piece);
  check_outcome(whole, lines, output);
  check_outcome(pieces, lines, output);

  const auto describe = [](const Outcome& o) {
    return o.problem ? fmt::format("{} at {}: {}", bao::protocol::to_string(o.problem->kind),
                                   o.problem->index, o.problem->message)
                     : fmt::format("{} responses", o.responses.size());
  };
  const bool timing_allowed = whole.problem && pieces.problem &&
                              whole.problem->kind == FaultKind::ExtraOutput &&
                              pieces.problem->kind == FaultKind::Malformed &&
                              whole.problem->message.starts_with("an extra line");
  FUZZ_CHECK(whole.end == pieces.end, "read whole: {}; in {}-byte pieces: {}", describe(whole),
             piece, describe(pieces));
  if (whole.problem) {
    FUZZ_CHECK(whole.problem->index == pieces.problem->index &&
                   (whole.problem->kind == pieces.problem->kind || timing_allowed),
               "read whole: {}; in {}-byte pieces: {}", describe(whole), piece, describe(pieces));
  }
  FUZZ_CHECK(whole.responses.size() == pieces.responses.size(),
             "read whole: {}; in {}-byte pieces: {}", describe(whole), piece, describe(pieces));
  return 0;
}
