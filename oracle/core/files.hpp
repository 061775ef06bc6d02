// Writing report files so that nothing is left half-written, and escaping
// text for XML and HTML.
#pragma once

#include <string>
#include <string_view>

#include "oracle/core/expected.hpp"

namespace bao {

// Writes `text` to a temporary file next to `path`, then renames it into
// place, so a reader sees the old file or the whole new one. Creates missing
// parent directories. The error names the path and the reason.
Expected<bool> write_file_atomic(const std::string& path, std::string_view text);

// Reads a whole file; the error names the path and the reason.
Expected<std::string> read_file(const std::string& path);

// Escapes & < > " ' for XML and HTML text and attribute values.
std::string xml_escape(std::string_view s);

// `s` with every control byte (tabs and line ends too) and every byte that
// is not part of valid UTF-8 written as the text \xNN: safe on one line of
// any text format (a YAML comment, a quoted scalar).
std::string printable(std::string_view s);

}  // namespace bao
