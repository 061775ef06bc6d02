// Writing report files so that nothing is left half-written, and escaping
// text for XML and HTML.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "oracle/core/expected.hpp"

namespace bao {

// Writes `text` to a temporary file next to `path`, then renames it into
// place, so a reader sees the old file or the whole new one. Creates missing
// parent directories. The error names the path and the reason.
Expected<bool> write_file_atomic(const std::string& path, std::string_view text);

// The most read_file reads unless told otherwise (256 MiB: far above any
// report the project writes, far below what would exhaust memory).
inline constexpr std::size_t kMaxReadBytes = std::size_t{256} << 20;

// Reads a whole regular file of at most `max_bytes`; the error names the
// path and the reason (missing, not a regular file, too large, unreadable).
Expected<std::string> read_file(const std::string& path, std::size_t max_bytes = kMaxReadBytes);

// Escapes & < > " ' for XML and HTML text and attribute values.
std::string xml_escape(std::string_view s);

// `s` with every control byte (tabs and line ends too) and every byte that
// is not part of valid UTF-8 written as the text \xNN: safe on one line of
// any text format (a YAML comment, a quoted scalar).
std::string printable(std::string_view s);

// Markdown prose: `s` made printable, then & < > written as entities (so
// no raw HTML reaches a renderer) and | \ * _ ` [ ] backslash-escaped.
std::string md_text(std::string_view s);

// Markdown inline code: `s` made printable and fenced with more backticks
// than any run inside it, so the text shows literally whatever it holds.
std::string md_code(std::string_view s);

// Text for a terminal or a plain-text file: every line of `s` made printable
// (line ends kept), so no escape sequence or stray byte reaches the reader.
std::string printable_lines(std::string_view s);

}  // namespace bao
