// The rule-source records (oracle/catalog/sources.hpp): every clause and ruleset
// names a recorded source, the records agree with the rulesets they list, and
// every citation a reader sees names the source by its title.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/rules/ruleset.hpp"
#include "tests/rule_texts.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

TEST(Sources, RecordsAreCompleteAndDistinct) {
  std::set<std::string_view> ids, files, titles;
  ASSERT_EQ(all_sources().size(), 4u);
  for (const RuleSource& s : all_sources()) {
    EXPECT_TRUE(ids.insert(s.id).second) << "duplicate source id " << s.id;
    EXPECT_TRUE(files.insert(s.file).second) << "duplicate file " << s.file;
    EXPECT_TRUE(titles.insert(s.title).second) << "duplicate title " << s.title;
    for (std::string_view field : {s.title, s.publisher, s.location, s.version, s.about})
      EXPECT_FALSE(field.empty()) << s.id;
    EXPECT_TRUE(s.file.ends_with(".txt")) << s.id << ": " << s.file;
    EXPECT_FALSE(s.rulesets.empty()) << s.id;
    EXPECT_EQ(find_source(s.id), &s);
    EXPECT_EQ(source_for_file(s.file), &s);
  }
  EXPECT_EQ(find_source("nonesuch"), nullptr);
  EXPECT_EQ(source_for_file("nonesuch.txt"), nullptr);
}

// Every clause of the catalog cites a recorded source, and its citation
// names that source by title, then the clause's section.
TEST(Sources, EveryClauseResolvesToARecord) {
  for (const Clause& c : all_clauses()) {
    const RuleSource* s = source_for_file(c.source_file);
    ASSERT_NE(s, nullptr) << c.name << " cites unrecorded " << c.source_file;
    EXPECT_TRUE(c.name.starts_with(std::string(s->id) + ".")) << c.name << " cites " << s->id;
    const std::string cited = citation(c);
    EXPECT_EQ(cited, std::string(s->title) + ": " + std::string(c.section));
    EXPECT_EQ(cited.find(".txt"), std::string::npos) << cited;
  }
}

// The rulesets a record lists are exactly the rulesets whose source it is.
TEST(Sources, RecordsListTheirRulesets) {
  std::set<std::string_view> listed;
  for (const RuleSource& s : all_sources())
    for (std::string_view id : s.rulesets) {
      const Ruleset* r = find_ruleset(id);
      ASSERT_NE(r, nullptr) << s.id << " lists unknown ruleset " << id;
      EXPECT_EQ(r->source_file, s.file) << id;
      EXPECT_TRUE(listed.insert(id).second) << id << " listed twice";
    }
  for (const Ruleset* r : all_rulesets()) {
    EXPECT_NE(source_for_file(r->source_file), nullptr) << r->id;
    EXPECT_TRUE(listed.count(r->id)) << r->id << " is in no source record";
  }
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// With the rule texts present: each record's file is there, and the facts
// the record takes from the text (the guide's version and reference) are in it.
TEST(Sources, RecordFilesAreInTheRuleTexts) {
  BAO_SKIP_WITHOUT_RULE_TEXTS(texts);
  for (const RuleSource& s : all_sources())
    EXPECT_TRUE(fs::is_regular_file(texts / s.file)) << s.id << ": " << texts / s.file;
  const RuleSource* guide = find_source("guide");
  ASSERT_NE(guide, nullptr);
  const std::string text = read_file(texts / guide->file);
  for (std::string_view fact : {"v0.2.0", "R-002", "aad9fda3ffb12c2ca785509951c71ce8a42bef5a"}) {
    EXPECT_NE(guide->version.find(fact), std::string_view::npos) << fact;
    EXPECT_NE(text.find(fact), std::string::npos) << fact;
  }
}

}  // namespace
}  // namespace bao
