// What the commands write on the terminal alike: the one line of an error
// and a duration as people read it.
#pragma once

#include <fmt/format.h>

#include <ostream>
#include <string>
#include <string_view>

#include "oracle/core/files.hpp"

namespace bao::cli {

// One `bao-oracle: ` line on `err`, whatever bytes an engine or a path put
// in the message; exit status 2 (input).
inline int fail(std::ostream& err, std::string_view message) {
  err << "bao-oracle: " << printable(message) << '\n' << std::flush;
  return 2;
}

// "12 s", "3 min 05 s", "1 h 02 min".
inline std::string duration_text(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {:02} s", s / 60, s % 60);
  return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
}

}  // namespace bao::cli
