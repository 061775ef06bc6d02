#include "oracle/core/files.hpp"

#include <fmt/format.h>

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

Expected<std::string> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Error{fmt::format("cannot read {}: {}", path, std::strerror(errno))};
  std::ostringstream s;
  s << f.rdbuf();
  if (f.bad()) return Error{fmt::format("cannot read {}", path)};
  return s.str();
}

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

}  // namespace bao
