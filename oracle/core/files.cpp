#include "oracle/core/files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

namespace bao {

namespace {

namespace fs = std::filesystem;

std::string errno_text() {
  return std::strerror(errno);
}

// Writes the whole of `text` to a new file `path` and flushes it to disk.
Expected<void> write_synced(const fs::path& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{fmt::format("cannot write {}: {}", path.string(), errno_text())};
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string why = errno_text();
      ::close(fd);
      return Error{fmt::format("cannot write {}: {}", path.string(), why)};
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const std::string why = errno_text();
    ::close(fd);
    return Error{fmt::format("cannot flush {} to disk: {}", path.string(), why)};
  }
  if (::close(fd) != 0)
    return Error{fmt::format("cannot write {}: {}", path.string(), errno_text())};
  return {};
}

// Flushes a folder's entries (a rename or a new file in it) to disk.
Expected<void> sync_folder(const fs::path& dir) {
  const fs::path d = dir.empty() ? fs::path(".") : dir;
  const int fd = ::open(d.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Error{fmt::format("cannot open folder {}: {}", d.string(), errno_text())};
  const int rc = ::fsync(fd);
  const std::string why = rc != 0 ? errno_text() : "";
  ::close(fd);
  if (rc != 0) return Error{fmt::format("cannot flush folder {} to disk: {}", d.string(), why)};
  return {};
}

// The pid in a name `<stem><infix><pid>`, or 0 when the name is not one.
pid_t temp_pid(std::string_view name, std::string_view stem, std::string_view infix) {
  if (!name.starts_with(stem)) return 0;
  name.remove_prefix(stem.size());
  if (!name.starts_with(infix)) return 0;
  name.remove_prefix(infix.size());
  if (name.empty() || name.size() > 9) return 0;
  pid_t pid = 0;
  for (const char c : name) {
    if (c < '0' || c > '9') return 0;
    pid = pid * 10 + (c - '0');
  }
  return pid;
}

// Whether a temporary name's pid belongs to no running process. A pid that
// is alive (or that we may not signal) is left alone, whoever it is now.
bool dead(pid_t pid) {
  return pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH;
}

// Removes `<path>.tmp.<pid>` files that dead processes left beside `path`.
void remove_stale_file_temps(const fs::path& path) {
  std::error_code ec;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string stem = path.filename().string();
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!dead(temp_pid(e.path().filename().string(), stem, ".tmp."))) continue;
    std::error_code ignore;
    if (!e.is_directory(ignore)) fs::remove(e.path(), ignore);
  }
}

// What is at `path` when it is there and not of the type wanted (a regular
// file, or a folder), for a message; std::nullopt when it may be written.
std::optional<std::string> unwanted_kind(const fs::path& path, fs::file_type wanted) {
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(path, ec);
  if (!fs::exists(st) || st.type() == wanted) return std::nullopt;
  switch (st.type()) {
    case fs::file_type::regular:
      return "a file";
    case fs::file_type::directory:
      return "a folder";
    case fs::file_type::symlink:
      return fmt::format("a symbolic link (to {})", fs::read_symlink(path, ec).string());
    case fs::file_type::fifo:
      return "a FIFO";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::socket:
      return "a socket";
    default:
      return "not a regular file";
  }
}

}  // namespace

Expected<void> check_output_file(const std::string& path) {
  if (const auto kind = unwanted_kind(path, fs::file_type::regular))
    return Error{fmt::format(
        "cannot write {}: it is {}, and only a regular file is replaced (give a path of its own)",
        path, *kind)};
  return {};
}

Expected<void> check_output_folder(const std::string& dir) {
  fs::path p(dir);
  if (!p.has_filename()) p = p.parent_path();  // a trailing '/'
  if (const auto kind = unwanted_kind(p, fs::file_type::directory))
    return Error{
        fmt::format("cannot write into {}: it is {}, not a folder (give a folder of its "
                    "own)",
                    dir, *kind)};
  return {};
}

void test_hook_step() {
  static int steps = 0;
  const char* limit = std::getenv("BAO_TEST_DIE_AFTER");
  if (limit == nullptr || *limit == '\0') return;
  if (++steps >= std::atoi(limit)) ::raise(SIGKILL);
}

Expected<void> write_file_atomic(const std::string& path, std::string_view text) {
  // What is there is replaced only if it is what this would write: a FIFO,
  // a device or a link would be replaced by a regular file (as root,
  // /dev/null itself), or written through.
  if (auto ok = check_output_file(path); !ok) return ok;
  std::error_code ec;
  const fs::path target(path);
  if (target.has_parent_path()) {
    fs::create_directories(target.parent_path(), ec);
    if (ec)
      return Error{fmt::format("cannot create directory {}: {}", target.parent_path().string(),
                               ec.message())};
  }
  const fs::path tmp = fmt::format("{}.tmp.{}", path, ::getpid());
  if (auto w = write_synced(tmp, text); !w) {
    fs::remove(tmp, ec);
    return w;
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    return Error{fmt::format("cannot write {}: {}", path, ec.message())};
  }
  if (auto s = sync_folder(target.parent_path()); !s) return s;
  test_hook_step();
  remove_stale_file_temps(target);
  return {};
}

namespace {

// An entry of the old folder to carry into the new one.
struct Kept {
  fs::path relative;
  bool folder;
};

// What of the old folder `dir` the new set keeps: the plain files and
// symbolic links it does not own, and the folders on the way to them. A
// folder it does not own, or a device, socket or pipe, is an error.
Expected<std::vector<Kept>> entries_to_keep(const fs::path& dir, const FileSet& set) {
  std::vector<Kept> kept;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec), end;
  if (ec) return Error{fmt::format("cannot read folder {}: {}", dir.string(), ec.message())};
  for (; it != end; it.increment(ec)) {
    if (ec) return Error{fmt::format("cannot read folder {}: {}", dir.string(), ec.message())};
    const fs::path rel = fs::relative(it->path(), dir);
    const fs::file_status st = it->symlink_status(ec);
    const bool folder = fs::is_directory(st);
    if (set.owns(rel, folder)) {
      // What it owns is replaced; only what it would write itself.
      const auto kind = unwanted_kind(it->path(), fs::file_type::regular);
      if (folder || !kind) continue;
      return Error{fmt::format(
          "{} is {} where this command writes a file; it replaces only regular files: move it "
          "elsewhere or choose another folder",
          it->path().string(), *kind)};
    }
    if (folder) {
      return Error{fmt::format(
          "{} is a folder this command did not write; it replaces {} as a whole and keeps only "
          "plain files it does not own: move it elsewhere or choose another folder",
          it->path().string(), dir.string())};
    }
    if (!fs::is_regular_file(st) && !fs::is_symlink(st))
      return Error{fmt::format("{} is neither a file nor a folder; {} cannot be replaced",
                               it->path().string(), dir.string())};
    // A temporary file of an earlier writer is not carried over.
    const std::string name = rel.filename().string();
    const std::size_t at = name.rfind(".tmp.");
    if (at != std::string::npos && temp_pid(name, name.substr(0, at), ".tmp.") > 0) continue;
    kept.push_back({rel, false});
  }
  return kept;
}

// Folders under `root` (deepest first), then `root`, flushed to disk.
Expected<void> sync_tree(const fs::path& root) {
  std::vector<fs::path> folders;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_directory(ec)) folders.push_back(it->path());
  if (ec) return Error{fmt::format("cannot read folder {}: {}", root.string(), ec.message())};
  for (auto f = folders.rbegin(); f != folders.rend(); ++f)
    if (auto s = sync_folder(*f); !s) return s;
  return sync_folder(root);
}

// Step 1: what dead writers of `target` left beside it.
void remove_stale_folder_temps(const fs::path& target) {
  const fs::path parent = target.parent_path();
  const std::string stem = target.filename().string();
  std::error_code ec;
  std::vector<fs::path> tmp, old;
  for (const auto& e : fs::directory_iterator(parent, ec)) {
    const std::string name = e.path().filename().string();
    if (dead(temp_pid(name, stem, ".tmp."))) tmp.push_back(e.path());
    if (dead(temp_pid(name, stem, ".old."))) old.push_back(e.path());
  }
  std::error_code ignore;
  // A writer stopped between its two renames left no folder at `target`:
  // the old set goes back.
  if (!fs::exists(fs::symlink_status(target, ignore)) && !old.empty()) {
    fs::rename(old.back(), target, ignore);
    old.pop_back();
  }
  for (const auto& p : tmp) fs::remove_all(p, ignore);
  for (const auto& p : old) fs::remove_all(p, ignore);
}

}  // namespace

Expected<void> replace_folder(const std::string& dir, const FileSet& set) {
  std::error_code ec;
  fs::path target = fs::absolute(fs::path(dir), ec).lexically_normal();
  if (ec) return Error{fmt::format("cannot use folder {}: {}", dir, ec.message())};
  if (!target.has_filename()) target = target.parent_path();  // a trailing '/'
  if (!target.has_filename() || target == target.root_path())
    return Error{fmt::format("cannot replace folder {}: it has no parent", dir)};
  const fs::path parent = target.parent_path();
  fs::create_directories(parent, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", parent.string(), ec.message())};
  remove_stale_folder_temps(target);

  if (auto ok = check_output_folder(dir); !ok) return ok;
  const bool had_old = fs::exists(fs::symlink_status(target, ec));
  std::vector<Kept> kept;
  if (had_old) {
    auto k = entries_to_keep(target, set);
    if (!k) return k.error();
    kept = std::move(*k);
  }

  // Step 2: the new set, beside the old one.
  const fs::path tmp = parent / fmt::format("{}.tmp.{}", target.filename().string(), ::getpid());
  fs::remove_all(tmp, ec);
  fs::create_directory(tmp, ec);
  if (ec) return Error{fmt::format("cannot create {}: {}", tmp.string(), ec.message())};
  const auto fail = [&](Error e) -> Expected<void> {
    std::error_code ignore;
    fs::remove_all(tmp, ignore);
    return e;
  };
  for (const std::string& folder : set.folders) {
    fs::create_directories(tmp / folder, ec);
    if (ec)
      return fail(
          Error{fmt::format("cannot create {}: {}", (tmp / folder).string(), ec.message())});
  }
  for (const auto& [name, text] : set.files) {
    const fs::path file = tmp / name;
    fs::create_directories(file.parent_path(), ec);
    if (ec)
      return fail(
          Error{fmt::format("cannot create {}: {}", file.parent_path().string(), ec.message())});
    if (auto w = write_synced(file, text); !w) return fail(w.error());
    test_hook_step();
  }
  for (const Kept& k : kept) {
    const fs::path from = target / k.relative, to = tmp / k.relative;
    if (fs::exists(fs::symlink_status(to, ec))) continue;  // the new set writes it
    fs::create_directories(to.parent_path(), ec);
    if (ec)
      return fail(
          Error{fmt::format("cannot create {}: {}", to.parent_path().string(), ec.message())});
    if (fs::is_symlink(fs::symlink_status(from, ec))) {
      fs::copy_symlink(from, to, ec);
    } else {
      fs::create_hard_link(from, to, ec);
      if (ec) {
        ec.clear();
        fs::copy_file(from, to, ec);
        if (!ec) {
          auto text = read_file(to.string());
          if (!text) return fail(text.error());
          if (auto w = write_synced(to, *text); !w) return fail(w.error());
        }
      }
    }
    if (ec)
      return fail(
          Error{fmt::format("cannot keep {} in the new {}: {}", from.string(), dir, ec.message())});
  }
  if (auto s = sync_tree(tmp); !s) return fail(s.error());

  // Step 3: the swap.
  fs::path leftover;  // where the old set is after the swap
  if (!had_old) {
    if (::rename(tmp.c_str(), target.c_str()) != 0)
      return fail(Error{fmt::format("cannot move {} to {}: {}", tmp.string(), dir, errno_text())});
  } else if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
    leftover = tmp;
  } else if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP) {
    // No atomic exchange here: the old set aside, then the new one in.
    const fs::path old = parent / fmt::format("{}.old.{}", target.filename().string(), ::getpid());
    if (::rename(target.c_str(), old.c_str()) != 0)
      return fail(Error{fmt::format("cannot move {} aside: {}", dir, errno_text())});
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
      const std::string why = errno_text();
      ::rename(old.c_str(), target.c_str());
      return fail(Error{fmt::format("cannot move {} to {}: {}", tmp.string(), dir, why)});
    }
    leftover = old;
  } else {
    return fail(Error{fmt::format("cannot swap {} into {}: {}", tmp.string(), dir, errno_text())});
  }
  if (auto s = sync_folder(parent); !s) return s;
  test_hook_step();
  if (!leftover.empty()) fs::remove_all(leftover, ec);
  if (ec)
    return Error{fmt::format("wrote {}, but cannot remove the old set in {}: {}", dir,
                             leftover.string(), ec.message())};
  return {};
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
  // Read in chunks, so memory follows the file's size and not the limit; one
  // byte past the limit shows a file over it (even one growing meanwhile).
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= max_bytes && f.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<std::size_t>(f.gcount()));
  if (f.bad()) return Error{fmt::format("cannot read {}", path)};
  if (text.size() > max_bytes)
    return Error{fmt::format("cannot read {}: larger than {} bytes, the limit for this file", path,
                             max_bytes)};
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

// The code point of the valid UTF-8 sequence of `n` bytes at `s[i]`.
char32_t code_point(std::string_view s, std::size_t i, std::size_t n) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  if (n == 1) return byte(0);
  char32_t c = byte(0) & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (byte(k) & 0x3F);
  return c;
}

// Valid characters that some reader takes for a line end or a control, or
// refuses: the C1 controls (U+0085 ends a line for YAML 1.1 readers; an
// HTML5 parser refuses them all), the line and paragraph separators (line
// ends to YAML 1.1 and JavaScript), the byte order mark, the bidirectional
// embeddings, overrides and isolates (they reorder what a terminal shows)
// and the noncharacters (refused by HTML5 and YAML readers).
bool odd_character(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 || c == 0xFEFF ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
         (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
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
    if (const char32_t point = code_point(s, i, n); n > 1 && odd_character(point)) {
      out += point > 0xFFFF ? fmt::format("\\U{:08X}", static_cast<std::uint32_t>(point))
                            : fmt::format("\\u{:04X}", static_cast<std::uint32_t>(point));
      i += n;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

std::optional<TextFault> text_fault(std::string_view text) {
  int line = 1, column = 1;
  std::size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;  // a byte order mark
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_sequence_length(text, i);
    if (n == 0)
      return TextFault{line, column, fmt::format("a byte that is not UTF-8 (\\x{:02X})", c)};
    const char32_t point = code_point(text, i, n);
    if (point == 0) return TextFault{line, column, "a NUL byte"};
    if ((point < 0x20 && point != '\t' && point != '\n' && point != '\r') ||
        (point >= 0x7F && point <= 0x9F))
      return TextFault{
          line, column,
          fmt::format("the control character U+{:04X}", static_cast<std::uint32_t>(point))};
    if (point == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += n;
  }
  return std::nullopt;
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

std::string html_page_open(std::string_view title, std::string_view css) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>";
  out += xml_escape(title);
  out += "</title>\n<style>";
  out += css;
  out += "</style>\n</head>\n<body>\n";
  return out;
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
