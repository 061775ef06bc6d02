// Fuzz target: BPN positions (oracle/notation/bpn.*, docs/notation.md).
//
// Properties, for any input line:
// - parse_bpn either gives a position or an error of the documented form
//   "BPN field <n> (<name>): <problem> at offset <k>", with k within the line;
// - a parsed position keeps the representation invariants (position_is_ok);
// - writing it and reading that back gives the same position, and writing
//   the re-read position gives the same canonical line (parse, write, parse
//   is the identity; write is canonical).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/targets/check.hpp"
#include "oracle/notation/bpn.hpp"

namespace {
constexpr std::string_view kTarget = "bpn_parse";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using bao::fuzz::quoted;
  if (size > 4096) return -1;  // a BPN line is about 100 bytes; longer ones add nothing
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = bao::parse_bpn(text);
  if (!parsed) {
    const std::string& m = parsed.error().message;
    FUZZ_CHECK(m.starts_with("BPN field "), "error {} for {}", quoted(m), quoted(text));
    const std::size_t at = m.rfind(" at offset ");
    FUZZ_CHECK(at != std::string::npos, "error {} names no offset", quoted(m));
    const std::size_t offset = std::stoul(m.substr(at + 11));
    FUZZ_CHECK(offset <= size, "error {} points past the end of a {}-byte line", quoted(m), size);
    return 0;
  }
  FUZZ_CHECK(bao::position_is_ok(*parsed), "parsed {} breaks the representation invariants",
             quoted(text));
  const std::string written = bao::to_bpn(*parsed);
  const auto again = bao::parse_bpn(written);
  FUZZ_CHECK(again.ok(), "{} was read, but its canonical form {} is refused: {}", quoted(text),
             quoted(written), again.ok() ? "" : again.error().message);
  FUZZ_CHECK(*again == *parsed, "{} and its canonical form {} read as different positions",
             quoted(text), quoted(written));
  const std::string rewritten = bao::to_bpn(*again);
  FUZZ_CHECK(rewritten == written, "canonical form {} is written back as {}", quoted(written),
             quoted(rewritten));
  return 0;
}
