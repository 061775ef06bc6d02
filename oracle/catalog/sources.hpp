// The rule sources: one record per document the clause catalog cites, so that
// a citation can name the document by its title (and a reader can find it)
// rather than by the hashed file name the texts are stored under.
//
// The texts themselves are not part of the repository; `file` is their name
// in the folder that holds them (see docs/sources.md). Clauses and rulesets
// keep that file name in `source_file`; source_for_file() turns it into the
// record.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace bao {

struct Clause;

struct RuleSource {
  std::string_view id;                         // short id: "ap", "guide", "ludii", "site"
  std::string_view title;                      // how citations name the document
  std::string_view publisher;                  // who publishes it
  std::string_view location;                   // where it can be found, as far as the text says
  std::string_view version;                    // its version or date, as far as the text says
  std::string_view file;                       // its file name in the rule-text folder
  std::span<const std::string_view> rulesets;  // the ruleset ids it defines
  std::string_view about;                      // one line on what it covers, in our words
};

// Every rule source, in the order of their files.
std::span<const RuleSource> all_sources();
// The record whose file is `file`, or nullptr.
const RuleSource* source_for_file(std::string_view file);
// The record with short id `id`, or nullptr.
const RuleSource* find_source(std::string_view id);
// A clause's source named for a reader: "Abstract Play, Bao rules page: Capture: ...".
// Falls back to the file name for a file no record names.
std::string citation(const Clause& c);
// The title of the source stored as `file` (the file name itself if unknown).
std::string_view source_title(std::string_view file);

}  // namespace bao
