// Small text helpers shared by the command line, the reports and the engine
// client.
#pragma once

#include <string>
#include <string_view>

namespace bao {

// Appends `item` to the list in `out`, with `separator` before it unless the
// list is empty: builds "a, b, c" one item at a time.
inline void append_item(std::string& out, std::string_view separator, std::string_view item) {
  if (!out.empty()) out += separator;
  out += item;
}

}  // namespace bao
