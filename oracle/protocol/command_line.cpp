// split_command(): an engine command (`--engine`) split into the words of
// its argv as a POSIX shell would split it, without running a shell.
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "oracle/protocol/engine_client.hpp"

namespace bao::protocol {

Expected<std::vector<std::string>> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\') {
      if (i + 1 == command.size())
        return Error{fmt::format("--engine: trailing backslash at offset {}", i)};
      word += command[++i];
    } else if (c == '\'') {
      const std::size_t close = command.find('\'', i + 1);
      if (close == std::string_view::npos)
        return Error{fmt::format("--engine: unbalanced ' at offset {}", i)};
      word += command.substr(i + 1, close - i - 1);
      i = close;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        const bool escape =
            command[j] == '\\' && j + 1 < command.size() &&
            std::string_view("\"\\$`").find(command[j + 1]) != std::string_view::npos;
        if (escape) ++j;
        word += command[j];
      }
      if (j >= command.size()) return Error{fmt::format("--engine: unbalanced \" at offset {}", i)};
      i = j;
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) return Error{"--engine: empty command"};
  return words;
}

}  // namespace bao::protocol
