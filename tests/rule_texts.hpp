// Where the tests find the rule texts (the documents the clauses cite). They
// are not part of the repository: the folder is $BAO_RULE_TEXTS, or else
// ../shared/rules beside the source tree. A test that needs them and finds
// none skips itself with BAO_SKIP_WITHOUT_RULE_TEXTS() (docs/sources.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>

namespace bao::testing {

// The folder the tests look in, found or not.
inline std::filesystem::path rule_texts_path() {
  if (const char* env = std::getenv("BAO_RULE_TEXTS"); env != nullptr && *env != '\0') return env;
  return std::filesystem::path(BAO_SOURCE_DIR) / ".." / "shared" / "rules";
}

// The folder, when it exists.
inline std::optional<std::filesystem::path> rule_texts() {
  const std::filesystem::path p = rule_texts_path();
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec)) return p;
  return std::nullopt;
}

}  // namespace bao::testing

// Skips the calling test, saying why, when the rule texts are absent;
// otherwise declares `texts`, the folder that holds them.
#define BAO_SKIP_WITHOUT_RULE_TEXTS(texts)                                                   \
  const auto texts##_found = ::bao::testing::rule_texts();                                   \
  if (!texts##_found)                                                                        \
    GTEST_SKIP() << "rule texts not found at " << ::bao::testing::rule_texts_path().string() \
                 << "; set BAO_RULE_TEXTS to the folder holding the rule sources";           \
  const std::filesystem::path texts = *texts##_found
