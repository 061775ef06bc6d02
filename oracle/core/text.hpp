// Small text helpers shared by the command line, the reports and the engine
// client.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bao {

// Appends `item` to the list in `out`, with `separator` before it unless the
// list is empty: builds "a, b, c" one item at a time.
inline void append_item(std::string& out, std::string_view separator, std::string_view item) {
  if (!out.empty()) out += separator;
  out += item;
}

// The words of `text`, split at spaces and tabs (protocol payloads).
inline std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > begin) out.emplace_back(text.substr(begin, i - begin));
  }
  return out;
}

}  // namespace bao
