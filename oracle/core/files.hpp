// Writing report files so that nothing is left half-written, and escaping
// text for XML and HTML.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "oracle/core/expected.hpp"

namespace bao {

// Whether `path` may be written by write_file_atomic: it is missing or a
// regular file. A FIFO, a device, a socket, a folder or a symbolic link
// (whatever it points to) is refused, the error naming the path and what
// it is: writing would replace it by a regular file (as root, /dev/null
// itself) or write through it.
Expected<void> check_output_file(const std::string& path);

// Whether `dir` may be replaced by replace_folder: it is missing or a
// folder (not a symbolic link to one); the error names what it is.
Expected<void> check_output_folder(const std::string& dir);

// Writes `text` to a temporary file next to `path` (`<path>.tmp.<pid>`),
// flushes it to disk (fsync), renames it into place and flushes the folder,
// so that a reader, or the file system after a crash, has the old file or the
// whole new one. Temporary files `<path>.tmp.<pid>` that dead processes left
// beside it are removed. Creates missing parent directories. A target that
// is not a regular file is refused (check_output_file) and left as it is.
// The error names the path and the reason.
Expected<void> write_file_atomic(const std::string& path, std::string_view text);

// A folder whose whole content one command writes (a divergence report):
// the files to write, as paths relative to the folder with their text, and
// which paths of an existing folder the command owns (the predicate gets a
// relative path and whether it is a folder).
struct FileSet {
  std::vector<std::pair<std::string, std::string>> files;
  std::vector<std::string> folders;  // made even when no file goes in them
  std::function<bool(const std::filesystem::path& relative, bool is_folder)> owns;
};

// Replaces the folder `dir` with `set` in one step, so that whenever the
// process stops, `dir` holds either the whole old set or the whole new one:
//  1. removes what dead processes left beside `dir` (`<dir>.tmp.<pid>`,
//     `<dir>.old.<pid>`; an `.old` one is put back when `dir` is missing);
//  2. writes every file into a fresh sibling `<dir>.tmp.<pid>`, with the
//     plain files of the old folder that `set` does not own hard-linked (or
//     copied) across, so they are kept; a folder it does not own, an entry
//     it owns that is not a regular file (a FIFO where its file goes), or
//     any other kind of entry, is an error before anything is written;
//  3. flushes every file and folder (fsync), swaps the two folders
//     atomically (renameat2 RENAME_EXCHANGE; where the file system cannot,
//     two renames, which step 1 repairs if the process stops between them),
//     flushes the parent, and removes the old set.
// Stale `*.tmp.<pid>` files inside the old folder are not carried over.
// A `dir` that is not a folder (a link to one too) is refused
// (check_output_folder). Errors name the path and the reason.
Expected<void> replace_folder(const std::string& dir, const FileSet& set);

// TEST HOOK: with BAO_TEST_DIE_AFTER=N in the environment, the process kills
// itself (SIGKILL) after its N-th durable step: each file written by
// write_file_atomic or replace_folder is a step, and so is replace_folder's
// swap. The tests use it to stop a writer part way (tests/files_test.cpp).
void test_hook_step();

// The most read_file reads unless told otherwise (256 MiB: far above any
// report the project writes, far below what would exhaust memory).
inline constexpr std::size_t kMaxReadBytes = std::size_t{256} << 20;

// Reads a whole regular file of at most `max_bytes`; the error names the
// path and the reason (missing, not a regular file, too large, unreadable).
Expected<std::string> read_file(const std::string& path, std::size_t max_bytes = kMaxReadBytes);

// Where `text` first breaks what every text file this program reads must
// keep (scenario and accept files): valid UTF-8 with no control character
// but tab, line feed and carriage return (a byte order mark at the start
// is allowed). Line and column are 1-based, the column counted in
// characters; std::nullopt when the text keeps it.
struct TextFault {
  int line = 0;
  int column = 0;
  std::string what;  // "a byte that is not UTF-8 (\xFF)", "a NUL byte", ...
};
std::optional<TextFault> text_fault(std::string_view text);

// Escapes & < > " ' for XML and HTML text and attribute values.
std::string xml_escape(std::string_view s);

// The opening of an HTML5 page up to and with <body>: its doctype, language,
// charset, `title` (plain text, escaped here) and `css` in one <style>. The
// check and diverge reports' pages all open so, and close with
// kHtmlPageClose.
std::string html_page_open(std::string_view title, std::string_view css);
inline constexpr std::string_view kHtmlPageClose = "</body>\n</html>\n";

// `s` with every control byte (tabs and line ends too) and every byte that
// is not part of valid UTF-8 written as the text \xNN, and every valid
// character that some reader takes for a line end or a control, or refuses,
// written as \uXXXX (\UXXXXXXXX above U+FFFF): the C1 controls U+0080 to
// U+009F (YAML 1.1 readers end a line at U+0085; HTML5 parsers refuse
// them), U+2028 and U+2029, the byte order mark U+FEFF, the bidirectional
// embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069)
// and the noncharacters (U+FDD0 to U+FDEF, and U+FFFE and U+FFFF of every
// plane). Safe on one line of any text format (a YAML comment, a quoted
// scalar, HTML, a terminal); every escaper below uses it.
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
