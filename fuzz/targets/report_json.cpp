// Fuzz target: the reader of `report merge` (oracle/checker/report.cpp
// from_json, the format to_json writes; docs/checker.md).
//
// Properties:
// - from_json never throws and never meets undefined behaviour (UBSan is on):
//   any input is a report or an Error that starts with the file name;
// - whatever it accepts round-trips: reading, writing and reading again
//   gives an equal report, and writing that gives the same text.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "fuzz/targets/check.hpp"
#include "oracle/checker/check.hpp"

namespace {
constexpr std::string_view kTarget = "report_json";
const std::string kWhere = "fuzz.json";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 64 * 1024) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto read = bao::check::from_json(text, kWhere);
    if (!read) {
      FUZZ_CHECK(read.error().message.starts_with(kWhere + ": "), "error {} names no file",
                 bao::fuzz::quoted(read.error().message));
      return 0;
    }
    const std::string written = bao::check::to_json(*read);
    const auto again = bao::check::from_json(written, kWhere);
    FUZZ_CHECK(again.ok(), "an accepted report is written as one that is refused: {}",
               again.ok() ? "" : again.error().message);
    FUZZ_CHECK(*again == *read, "a report reads back different after writing:\n{}",
               written.substr(0, 4000));
    const std::string rewritten = bao::check::to_json(*again);
    FUZZ_CHECK(rewritten == written, "a report is written differently the second time");
  } catch (const std::exception& e) {
    bao::fuzz::violated(kTarget, fmt::format("threw: {}", e.what()));
  }
  return 0;
}
