// The fuzz targets' property check: on a violation, print what was expected
// and stop with abort(), which libFuzzer reports as a crash and saves the
// input for.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace bao::fuzz {

[[noreturn]] inline void violated(std::string_view target, std::string_view what) {
  std::fprintf(stderr, "\n%.*s: property violated: %.*s\n", static_cast<int>(target.size()),
               target.data(), static_cast<int>(what.size()), what.data());
  std::fflush(stderr);
  std::abort();
}

// Quotes text for a violation message: printable ASCII as it is, any other
// byte as \xNN.
inline std::string quoted(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F && c != '\'')
      out += c;
    else
      out += fmt::format("\\x{:02X}", byte);
  }
  return out + "'";
}

// True when every byte is printable ASCII (0x20..0x7E).
inline bool printable(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7F) return false;
  }
  return true;
}

}  // namespace bao::fuzz

// FUZZ_CHECK(condition, "format", args...): the property `condition` must hold.
#define FUZZ_CHECK(cond, ...)                                                                 \
  do {                                                                                        \
    if (!(cond))                                                                              \
      ::bao::fuzz::violated(kTarget, fmt::format("{} ({}:{}): {}", #cond, __FILE__, __LINE__, \
                                                 fmt::format(__VA_ARGS__)));                  \
  } while (false)
