// A fresh temporary folder for a test, removed with everything in it when
// the test ends, and the files of a written folder read back for comparing
// two of them file for file (the sharded runs' tests).
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <map>
#include <string>

#include "oracle/core/files.hpp"

namespace bao::testing {

struct TempFolder {
  std::filesystem::path path;
  TempFolder() {
    std::string name = (std::filesystem::temp_directory_path() / "bao-test-XXXXXX").string();
    path = ::mkdtemp(name.data());
  }
  ~TempFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
};

// Every plain file under `dir`, by its path relative to `dir`, with its bytes.
inline std::map<std::string, std::string> files_under(const std::filesystem::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      out[std::filesystem::relative(e.path(), dir).string()] = read_file(e.path().string()).value();
  return out;
}

}  // namespace bao::testing
