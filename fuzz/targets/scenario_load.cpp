// Fuzz target: the YAML scenario loader (oracle/scenario/loader.cpp,
// docs/scenarios.md). The input is the text of one scenario file.
//
// Properties:
// - load_string returns; nothing it calls (yaml-cpp included) throws past it:
//   every problem is an InputError value;
// - every error names the file, a line and column that are 0 or inside the
//   text, and says something (a message), so "file:line:col: field: message"
//   points somewhere real;
// - a scenario that loads is well formed: an id, a first line not after its
//   last, a position that is `start` or canonical BPN, moves in canonical
//   text, results in canonical BPN, and one expectation per ruleset listed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "fuzz/targets/check.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"

namespace {
constexpr std::string_view kTarget = "scenario_load";
const std::string kFile = "fuzz.yaml";

// Text that reads as BPN and is written back the same.
bool canonical_bpn(const std::string& text) {
  const auto pos = bao::parse_bpn(text);
  return pos.ok() && bao::to_bpn(*pos) == text;
}

// Move text that one side or the other reads, and that is written back the same.
bool canonical_move(const std::string& text) {
  for (bao::Side s : {bao::Side::South, bao::Side::North}) {
    const auto m = bao::parse_move(text, s);
    if (m.ok()) return bao::move_to_string(*m, s) == text;
  }
  return false;
}

void check_scenario(const bao::scenario::Scenario& s, int lines) {
  using bao::fuzz::quoted;
  FUZZ_CHECK(!s.id.empty(), "a scenario loaded without an id");
  FUZZ_CHECK(s.file == kFile, "scenario {} says it comes from {}", quoted(s.id), quoted(s.file));
  FUZZ_CHECK(s.first_line >= 1 && s.first_line <= s.last_line && s.last_line <= lines + 1,
             "scenario {} spans lines {}..{} of {}", quoted(s.id), s.first_line, s.last_line,
             lines);
  FUZZ_CHECK(s.position == "start" || canonical_bpn(s.position),
             "scenario {} has position {}, neither start nor canonical BPN", quoted(s.id),
             quoted(s.position));
  for (const auto& m : s.moves)
    FUZZ_CHECK(canonical_move(m.text), "scenario {}: move {} is not canonical", quoted(s.id),
               quoted(m.text));
  FUZZ_CHECK(!s.rulesets.empty(), "scenario {} loaded with no ruleset", quoted(s.id));
  FUZZ_CHECK(s.expectations.size() == s.rulesets.size(),
             "scenario {}: {} expectations for {} rulesets", quoted(s.id), s.expectations.size(),
             s.rulesets.size());
  for (const auto& e : s.expectations) {
    FUZZ_CHECK(std::find(s.rulesets.begin(), s.rulesets.end(), e.ruleset) != s.rulesets.end(),
               "scenario {}: expectations for unlisted ruleset {}", quoted(s.id),
               quoted(e.ruleset));
    for (const auto& c : e.checks) {
      for (const auto& m : c.moves)
        FUZZ_CHECK(canonical_move(m.text), "scenario {}: check move {} is not canonical",
                   quoted(s.id), quoted(m.text));
      if (c.move)
        FUZZ_CHECK(canonical_move(c.move->text), "scenario {}: play {} is not canonical",
                   quoted(s.id), quoted(c.move->text));
      if (c.result_bpn)
        FUZZ_CHECK(canonical_bpn(*c.result_bpn), "scenario {}: result {} is not canonical BPN",
                   quoted(s.id), quoted(*c.result_bpn));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using bao::fuzz::quoted;
  if (size > 16 * 1024) return -1;  // a scenario file's worth
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bao::scenario::LoadResult r;
  try {
    r = bao::scenario::load_string(text, kFile);
  } catch (const std::exception& e) {
    bao::fuzz::violated(kTarget, fmt::format("load_string threw: {}", e.what()));
  } catch (...) {
    bao::fuzz::violated(kTarget, "load_string threw something that is not a std::exception");
  }
  const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  FUZZ_CHECK(r.files == 1, "one text counted as {} files", r.files);
  for (const auto& e : r.errors) {
    const std::string shown = bao::scenario::to_string(e);
    FUZZ_CHECK(e.file == kFile, "error {} names another file", quoted(shown));
    FUZZ_CHECK(!e.message.empty(), "error {} says nothing", quoted(shown));
    FUZZ_CHECK(e.at.line >= 0 && e.at.line <= lines + 1 && e.at.column >= 0,
               "error {} points at line {} column {} of a {}-line text", quoted(shown), e.at.line,
               e.at.column, lines);
  }
  for (const auto& s : r.scenarios) check_scenario(s, lines);
  return 0;
}
