// Strict readers for what the project writes, so a test checks an output
// the way a consumer's parser would: JUnit and SVG by an XML parser
// (tinyxml2) plus XML 1.0's character rules, HTML by html5lib as a browser
// reads it (tests/html5_check.py) and as XML, YAML by yaml-cpp, JSON by
// nlohmann (which rejects invalid UTF-8).
#pragma once

#include <stdlib.h>
#include <sys/wait.h>
#include <tinyxml2.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

namespace bao::test {

// Empty when `text` is valid UTF-8 holding no character XML 1.0 forbids
// (control bytes other than tab, line feed and carriage return); otherwise
// what is wrong and at which byte.
inline std::string xml_characters_error(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
      return "control byte " + std::to_string(c) + " at byte " + std::to_string(i);
    const std::size_t n = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
    if (n == 0 || i + n > text.size()) return "invalid UTF-8 at byte " + std::to_string(i);
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
        return "invalid UTF-8 at byte " + std::to_string(i);
    i += n;
  }
  return "";
}

// Empty when `text` holds none of the characters that are valid UTF-8 yet
// a line end or a control to some reader: C1 controls (U+0080..U+009F; a
// YAML 1.1 reader takes U+0085 for a line end, and an HTML5 parser refuses
// them all), U+2028 and U+2029 (line ends to YAML 1.1), U+FEFF, and the
// noncharacters U+FFFE and U+FFFF; otherwise which and at which byte.
// Text that is not UTF-8 at all is xml_characters_error's to find.
inline std::string odd_character_error(const std::string& text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    std::string which;
    if (at(0) == 0xC2 && at(1) >= 0x80 && at(1) <= 0x9F)
      which = "a C1 control";
    else if (i + 2 < text.size() && at(0) == 0xE2 && at(1) == 0x80 &&
             (at(2) == 0xA8 || at(2) == 0xA9))
      which = "a line or paragraph separator";
    else if (i + 2 < text.size() && at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF)
      which = "a byte order mark";
    else if (i + 2 < text.size() && at(0) == 0xEF && at(1) == 0xBF &&
             (at(2) == 0xBE || at(2) == 0xBF))
      which = "a noncharacter";
    if (!which.empty()) return which + " at byte " + std::to_string(i);
  }
  return "";
}

// Empty when `text` is a well-formed XML document; otherwise the parser's
// error (or the character rule broken).
inline std::string xml_error(const std::string& text) {
  if (std::string e = xml_characters_error(text); !e.empty()) return e;
  tinyxml2::XMLDocument doc;
  if (doc.Parse(text.c_str(), text.size()) != tinyxml2::XML_SUCCESS)
    return {doc.ErrorStr() ? doc.ErrorStr() : "parse error"};
  if (doc.RootElement() == nullptr) return "no root element";
  return "";
}

// Empty when `text` is an HTML page that html5lib's parser reads without a
// single parse error (strict, as tests/html5_check.py runs it) and that is
// well-formed XML (every tag closed); otherwise what is wrong, with its
// line and column. The Python with html5lib is the one CMake found
// (BAO_HTML5_PYTHON); without one the HTML5 reading is left out, and said
// so on stderr, as the page is still read as XML.
inline std::string html_error(const std::string& text) {
  if (std::string e = xml_error(text); !e.empty()) return "as XML: " + e;
  const std::string python = BAO_HTML5_PYTHON;
  if (python.empty()) {
    static bool said = false;
    if (!said)
      std::cerr << "note: no Python with html5lib was found when the build was configured "
                   "(Debian: python3-html5lib): HTML pages are read as XML only\n";
    said = true;
    return "";
  }
  char path[] = "/tmp/bao-html5-XXXXXX.html";
  const int fd = ::mkstemps(path, 5);
  if (fd < 0) return "cannot write a temporary page";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  std::string out;
  int status = -1;
  if (written) {
    const std::string command =
        python + " " + BAO_SOURCE_DIR + "/tests/html5_check.py " + path + " 2>&1";
    if (FILE* p = ::popen(command.c_str(), "r")) {
      char chunk[4096];
      std::size_t n;
      while ((n = std::fread(chunk, 1, sizeof chunk, p)) > 0) out.append(chunk, n);
      status = ::pclose(p);
    }
  }
  ::unlink(path);
  if (!written) return "cannot write a temporary page";
  if (status == 0) return "";
  return "as HTML5 (html5lib, strict): " + (out.empty() ? "no answer from the checker" : out);
}

// Empty when `text` loads as YAML; otherwise yaml-cpp's message.
inline std::string yaml_error(const std::string& text) {
  try {
    (void)YAML::Load(text);
  } catch (const YAML::Exception& e) {
    return e.what();
  }
  return "";
}

// Empty when `text` is valid JSON (strict: invalid UTF-8 is an error).
inline std::string json_error(const std::string& text) {
  try {
    const nlohmann::json parsed = nlohmann::json::parse(text);
    if (parsed.is_discarded()) return "not valid JSON";
  } catch (const nlohmann::json::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace bao::test
