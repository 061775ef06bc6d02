// Small text helpers shared by the command line, the reports and the engine
// client.
#pragma once

#include <cstdint>
#include <optional>
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

// The items of `v` with `separator` between them: "a, b, c".
inline std::string join(const std::vector<std::string>& v, std::string_view separator = " ") {
  std::string out;
  for (const std::string& item : v) {
    if (&item != v.data()) out += separator;
    out += item;
  }
  return out;
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

// Adds `more` to `total` when the sum fits their type; false, `total`
// unchanged, when it does not. Counts read from outside (the reports of a
// merge) may be as large as their type holds, and a sum that wrapped round
// would be a wrong count.
template <typename T>
[[nodiscard]] bool add_count(T& total, T more) {
  T sum;
  if (__builtin_add_overflow(total, more, &sum)) return false;
  total = sum;
  return true;
}

// The largest N of a shard I/N (`check --shard`, `diverge --shard` and the
// reports that record one).
inline constexpr std::uint32_t kMaxShards = 1'000'000;

struct Shard {
  std::uint32_t index = 0;
  std::uint32_t count = 1;
};

// "I/N", decimal digits only, with 0 <= I < N <= kMaxShards; nothing else.
inline std::optional<Shard> parse_shard(std::string_view text) {
  const auto number = [](std::string_view digits, std::uint32_t& into) {
    if (digits.empty() || digits.size() > 7) return false;
    into = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return false;
      into = into * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return true;
  };
  const std::size_t slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !number(text.substr(0, slash), s.index) ||
      !number(text.substr(slash + 1), s.count) || s.count < 1 || s.count > kMaxShards ||
      s.index >= s.count)
    return std::nullopt;
  return s;
}

}  // namespace bao
