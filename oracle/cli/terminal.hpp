// What the commands write on the terminal alike: the one line of an error,
// a duration as people read it, and a progress line rewritten in place.
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

// The bytes that draw `text` as the progress line in place of the one
// drawn before (from the start of the line, blanks over what a longer one
// left); `shown` is the width of the line on screen, updated. `check` and
// `diverge` draw their progress lines so.
inline std::string redraw(std::string text, std::size_t& shown) {
  const std::size_t width = text.size();
  if (width < shown) text += std::string(shown - width, ' ');
  text.insert(0, "\r");
  shown = width;
  return text;
}

}  // namespace bao::cli
