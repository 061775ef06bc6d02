// Text from outside (an engine's name and answers, scenario ids) reaches the
// JUnit and YAML files the project writes: the escapers must keep those
// files valid for a strict reader whatever bytes arrive.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "oracle/core/files.hpp"

namespace bao {
namespace {

TEST(Files, XmlEscapeWritesControlAndNonUtf8BytesAsText) {
  EXPECT_EQ(xml_escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
  EXPECT_EQ(xml_escape("x\x01y\x1Fz\x7F"), "x\\x01y\\x1Fz\\x7F");
  EXPECT_EQ(xml_escape("bad \xFF\xFE end"), "bad \\xFF\\xFE end");
  EXPECT_EQ(xml_escape("cut \xE2\x82"), "cut \\xE2\\x82");      // a sequence cut short
  EXPECT_EQ(xml_escape("over \xC0\xAF"), "over \\xC0\\xAF");    // an overlong form
  EXPECT_EQ(xml_escape("line\nnext\ttab"), "line\nnext\ttab");  // kept
  EXPECT_EQ(xml_escape("caf\xC3\xA9 \xE2\x82\xAC"),
            "caf\xC3\xA9 \xE2\x82\xAC");  // valid UTF-8 kept
}

TEST(Files, PrintableKeepsOneLine) {
  EXPECT_EQ(printable("a\rscenarios: []\nb"), "a\\x0Dscenarios: []\\x0Ab");
  EXPECT_EQ(printable("\xF0\x9F\x98\x80 ok"), "\xF0\x9F\x98\x80 ok");
  EXPECT_EQ(printable("\xF5\x80\x80\x80"), "\\xF5\\x80\\x80\\x80");
}

// Valid UTF-8 that is a line end to YAML 1.1 (U+0085, U+2028, U+2029), a
// control (C1), a byte order mark, a noncharacter or a bidirectional
// override is written as \uXXXX, in every escaper; other characters stay.
TEST(Files, PrintableWritesLineEndsAndControlsBeyondAsciiAsText) {
  EXPECT_EQ(printable("a\xC2\x85key: 1"), "a\\u0085key: 1");
  EXPECT_EQ(printable("a\xE2\x80\xA8"
                      "b\xE2\x80\xA9"
                      "c"),
            "a\\u2028b\\u2029c");
  EXPECT_EQ(printable("\xEF\xBB\xBFx"), "\\uFEFFx");
  EXPECT_EQ(printable("\xC2\x80\xC2\x9B\xC2\x9F"), "\\u0080\\u009B\\u009F");
  EXPECT_EQ(printable("\xEF\xBF\xBE\xEF\xBF\xBF\xEF\xB7\x90"), "\\uFFFE\\uFFFF\\uFDD0");
  EXPECT_EQ(printable("\xF0\x9F\xBF\xBF"), "\\U0001FFFF");
  EXPECT_EQ(printable("\xE2\x80\xAE"
                      "abc\xE2\x81\xA6"),
            "\\u202Eabc\\u2066");
  // Their neighbours are ordinary text.
  EXPECT_EQ(printable("\xE2\x80\xA7 \xC2\xA0 \xEF\xBF\xBD \xEF\xB7\xB0"),
            "\xE2\x80\xA7 \xC2\xA0 \xEF\xBF\xBD \xEF\xB7\xB0");
  EXPECT_EQ(xml_escape("<\xC2\x85>"), "&lt;\\u0085&gt;");
  EXPECT_EQ(md_text("\xE2\x80\xA8*"), "\\\\u2028\\*");  // the backslash shown
  EXPECT_EQ(md_code("\xEF\xBB\xBF"), "`\\uFEFF`");
  EXPECT_EQ(printable_lines("a\xC2\x85\nb"), "a\\u0085\nb");
}

// A file written atomically replaces the old one whole, leaves no temporary
// of its own, and clears the temporaries that dead writers left beside it
// (a live process's stays).
TEST(Files, WriteFileAtomicClearsTemporariesOfDeadWriters) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bao-files-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  int status = 0;
  ::waitpid(gone, &status, 0);
  const fs::path file = dir / "report.json";
  const fs::path stale = dir / ("report.json.tmp." + std::to_string(gone));
  const fs::path live = dir / "report.json.tmp.1";  // pid 1 is always running
  std::ofstream(stale) << "half";
  std::ofstream(live) << "half";
  std::ofstream(file) << "old";
  auto ok = write_file_atomic(file.string(), "new");
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(read_file(file.string()).value(), "new");
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_FALSE(fs::exists(dir / ("report.json.tmp." + std::to_string(::getpid()))));
  fs::remove_all(dir);
}

// read_file's memory follows the file, not its limit: a few bytes read
// under a 256 MiB limit must not hold 256 MiB (a test keeping many files
// read that way once exhausted the machine's memory).
TEST(Files, ReadFileHoldsWhatTheFileHoldsAndRefusesWhatIsTooLarge) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bao-read-file-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string small = (dir / "small.txt").string();
  std::ofstream(small) << "twelve bytes";
  const auto text = read_file(small);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_EQ(*text, "twelve bytes");
  EXPECT_LT(text->capacity(), std::size_t{1} << 20);
  const auto over = read_file(small, 11);
  ASSERT_FALSE(over.ok());
  EXPECT_NE(over.error().message.find("larger than 11 bytes"), std::string::npos)
      << over.error().message;
  EXPECT_EQ(read_file(small, 12).value(), "twelve bytes");
  const auto folder = read_file(dir.string());
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.error().message.find("not a regular file"), std::string::npos);
  EXPECT_FALSE(read_file((dir / "missing").string()).ok());
  fs::remove_all(dir);
}

// An output path that exists and is not a regular file (a FIFO, a device,
// a link, a socket, a folder) is refused, named with its kind, and left as
// it was: the writer replaces only what it would write itself. A report
// folder's own files are held to the same rule.
TEST(Files, WritersRefuseATargetThatIsNotARegularFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bao-targets-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
  fs::create_symlink("/dev/null", dir / "null-link");
  fs::create_symlink("/proc/self/fd/1", dir / "stdout-link");
  std::ofstream(dir / "plain") << "kept";
  fs::create_symlink("plain", dir / "file-link");
  fs::create_symlink("nowhere", dir / "dangling");
  struct Target {
    const char* name;
    const char* kind;
  };
  for (const Target& t :
       {Target{"fifo", "a FIFO"}, Target{"null-link", "a symbolic link"},
        Target{"stdout-link", "a symbolic link"}, Target{"file-link", "a symbolic link"},
        Target{"dangling", "a symbolic link"}, Target{"folder", "a folder"}}) {
    const fs::path p = dir / t.name;
    const auto before = fs::symlink_status(p).type();
    const auto w = write_file_atomic(p.string(), "{}");
    ASSERT_FALSE(w.ok()) << t.name;
    EXPECT_NE(w.error().message.find(p.string()), std::string::npos) << w.error().message;
    EXPECT_NE(w.error().message.find(t.kind), std::string::npos) << w.error().message;
    EXPECT_EQ(fs::symlink_status(p).type(), before) << t.name;
  }
  EXPECT_EQ(fs::read_symlink(dir / "null-link"), "/dev/null");
  EXPECT_EQ(read_file((dir / "plain").string()).value(), "kept");
  // A folder the command writes as a whole, holding a FIFO where its own
  // file goes.
  fs::create_directories(dir / "report");
  ASSERT_EQ(::mkfifo((dir / "report" / "report.md").c_str(), 0644), 0);
  FileSet set;
  set.files.emplace_back("report.md", "# new\n");
  set.owns = [](const fs::path& rel, bool) { return rel == "report.md"; };
  const auto r = replace_folder((dir / "report").string(), set);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("report.md"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("a FIFO"), std::string::npos) << r.error().message;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir / "report" / "report.md")));
  // Nothing was left beside them.
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bao
