#include "oracle/core/files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace bao {

Expected<bool> write_file_atomic(const std::string& path, std::string_view text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path target(path);
  if (target.has_parent_path()) {
    fs::create_directories(target.parent_path(), ec);
    if (ec)
      return Error{fmt::format("cannot create directory {}: {}", target.parent_path().string(),
                               ec.message())};
  }
  const std::string tmp = fmt::format("{}.tmp.{}", path, ::getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) return Error{fmt::format("cannot write {}: {}", path, std::strerror(errno))};
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    f.flush();
    if (!f) {
      fs::remove(tmp, ec);
      return Error{fmt::format("cannot write {}: {}", path, std::strerror(errno))};
    }
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    return Error{fmt::format("cannot write {}: {}", path, ec.message())};
  }
  return true;
}

Expected<std::string> read_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec) return Error{fmt::format("cannot read {}: {}", path, ec.message())};
  // Only regular files: a FIFO or a device (/dev/zero) would never end.
  if (!std::filesystem::is_regular_file(st))
    return Error{fmt::format("cannot read {}: not a regular file", path)};
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{fmt::format("cannot read {}: {}", path, std::strerror(errno))};
  std::string text(max_bytes + 1, '\0');  // one byte more shows a file over the limit
  f.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (f.bad()) return Error{fmt::format("cannot read {}", path)};
  text.resize(static_cast<std::size_t>(f.gcount()));
  if (text.size() > max_bytes)
    return Error{fmt::format("cannot read {}: larger than {} bytes, the limit for this file",
                             path, max_bytes)};
  return text;
}

namespace {

// The length of the UTF-8 sequence at `i`, 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t n = c < 0x80           ? 1
                  : (c >> 5) == 0x6  ? 2
                  : (c >> 4) == 0xE  ? 3
                  : (c >> 3) == 0x1E ? 4
                                     : 0;
  if (n == 0 || (n == 2 && c < 0xC2) || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  if (n == 3 && ((c == 0xE0 && byte(i + 1) < 0xA0) || (c == 0xED && byte(i + 1) >= 0xA0))) return 0;
  if (n == 4 &&
      ((c == 0xF0 && byte(i + 1) < 0x90) || c > 0xF4 || (c == 0xF4 && byte(i + 1) >= 0x90)))
    return 0;
  return n;
}

}  // namespace

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t n = utf8_sequence_length(s, i);
    if (n == 0 || c < 0x20 || c == 0x7F) {
      out += fmt::format("\\x{:02X}", c);
      ++i;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  // Lines and tabs are kept; every other control byte and every byte that
  // is not UTF-8 is written as text, \xNN (XML 1.0 allows neither).
  std::string kept;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '\n' && s[i] != '\t') {
      kept += s[i];
      continue;
    }
    out += printable(kept);
    kept.clear();
    if (i < s.size()) out += s[i];
  }
  std::string escaped;
  escaped.reserve(out.size());
  for (char ch : out) {
    switch (ch) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&#39;";
        break;
      default:
        escaped += ch;
    }
  }
  return escaped;
}

std::string md_text(std::string_view s) {
  std::string out;
  for (const char c : printable(s)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '|':
      case '\\':
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
        out += '\\';
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string md_code(std::string_view s) {
  const std::string text = printable(s);
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  // A space each side keeps a backtick at either end from joining the fence.
  const bool pad = longest > 0 || text.empty();
  return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

std::string printable_lines(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t end = std::min(s.find('\n', start), s.size());
    out += printable(s.substr(start, end - start));
    if (end == s.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace bao
