// Fuzz target: move notation and pit names (oracle/notation/bpn.*,
// docs/notation.md). The first byte picks the side to move (its low bit);
// the rest is the text.
//
// Properties:
// - parse_move either gives a move of one of the mover's 16 pits or an error
//   "move '<text>': ..." quoting the text;
// - reading is strict: every text it accepts is already canonical, so
//   writing the move gives the text back, and reading that gives the same
//   move (parse, format, parse is the identity);
// - the same for a pit name: parse_pit accepts exactly the 32 names, and
//   pit_name gives the text back.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/targets/check.hpp"
#include "oracle/notation/bpn.hpp"

namespace {
constexpr std::string_view kTarget = "move_parse";
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using bao::fuzz::quoted;
  if (size < 1 || size > 64) return -1;  // a move is at most 6 bytes
  const bao::Side mover = (data[0] & 1) != 0 ? bao::Side::North : bao::Side::South;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const auto move = bao::parse_move(text, mover);
  if (!move) {
    const std::string& m = move.error().message;
    FUZZ_CHECK(m.starts_with("move '"), "error {} for {}", quoted(m), quoted(text));
  } else {
    FUZZ_CHECK(move->pit < bao::kPitsPerSide, "{} gives pit index {}", quoted(text),
               int{move->pit});
    const std::string written = bao::move_to_string(*move, mover);
    FUZZ_CHECK(written == text, "{} was accepted but is not canonical ({})", quoted(text),
               quoted(written));
    const auto again = bao::parse_move(written, mover);
    FUZZ_CHECK(again.ok() && *again == *move, "canonical {} does not read back as the same move",
               quoted(written));
  }

  const auto pit = bao::parse_pit(text);
  if (!pit) {
    FUZZ_CHECK(pit.error().message.starts_with("pit '"), "error {} for {}",
               quoted(pit.error().message), quoted(text));
  } else {
    FUZZ_CHECK(pit->pit < bao::kPitsPerSide, "{} gives pit index {}", quoted(text), int{pit->pit});
    const std::string name = bao::pit_name(pit->owner, pit->pit);
    FUZZ_CHECK(name == text, "pit {} was accepted but is written {}", quoted(text), quoted(name));
  }
  return 0;
}
