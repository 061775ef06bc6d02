// The clause catalog is enforced: every clause is well formed and cites a
// recorded rule source (oracle/core/sources.hpp) whose text it does not copy,
// every clause of a ruleset is named
// by the code that implements it and by a unit test, and nothing in the code
// or the tests names a clause the catalog lacks. The tests that read the rule
// texts themselves (tests/rule_texts.hpp) skip, saying so, when they are absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "oracle/core/clause.hpp"
#include "oracle/core/ruleset.hpp"
#include "oracle/core/sources.hpp"
#include "tests/rule_texts.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;
const fs::path kRoot = BAO_SOURCE_DIR;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text of every C++ file below `dir` (relative to the repository root),
// leaving out the catalog files themselves.
std::string sources_under(const char* dir) {
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
    const auto ext = e.path().extension();
    if (ext == ".cpp" || ext == ".hpp") all += read_file(e.path()) + "\n";
  }
  return all;
}

// Dotted clause ids of the form `<source>.<topic>.<name>`.
std::set<std::string> dotted_ids_in(const std::string& text) {
  static const std::regex id(R"(\b(ap|guide|ludii|site)\.[a-z0-9-]+\.[a-z0-9-]+[a-z0-9])");
  std::set<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), id), end; it != end; ++it)
    out.insert(it->str());
  return out;
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string w;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!w.empty()) {
      words.push_back(w);
      w.clear();
    }
  }
  if (!w.empty()) words.push_back(w);
  return words;
}

TEST(Catalog, EveryClauseIsWellFormedAndUnique) {
  static const std::regex name_format(R"([a-z]+\.[a-z0-9-]+\.[a-z0-9-]+)");
  std::set<std::string_view> names;
  for (const Clause& c : all_clauses()) {
    EXPECT_TRUE(std::regex_match(std::string(c.name), name_format)) << c.name;
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate clause id " << c.name;
    EXPECT_FALSE(c.section.empty()) << c.name;
    EXPECT_GT(c.paraphrase.size(), 20u) << c.name;
    EXPECT_NE(source_for_file(c.source_file), nullptr)
        << c.name << " cites " << c.source_file << ", which no rule source record names";
    EXPECT_EQ(find_clause(c.name), c.id);
    const bool named_interp = c.name.find(".interp.") != std::string_view::npos;
    EXPECT_EQ(c.kind == ClauseKind::Interpretation, named_interp) << c.name;
  }
}

// Every rule source's text is in the rule-text folder, and is not empty.
TEST(Catalog, EverySourceFileIsInTheRuleTexts) {
  BAO_SKIP_WITHOUT_RULE_TEXTS(texts);
  for (const RuleSource& s : all_sources()) {
    const fs::path file = texts / s.file;
    ASSERT_TRUE(fs::is_regular_file(file)) << s.id << ": " << file << " is missing";
    EXPECT_GT(fs::file_size(file), 1000u) << s.id << ": " << file << " is too short";
  }
}

// Paraphrases are in our own words: none shares a run of eight words with
// the source it cites.
TEST(Catalog, ParaphrasesDoNotCopyTheSource) {
  BAO_SKIP_WITHOUT_RULE_TEXTS(texts);
  std::size_t compared = 0;
  for (const Clause& c : all_clauses()) {
    const fs::path file = texts / c.source_file;
    ASSERT_TRUE(fs::is_regular_file(file)) << c.name << ": " << file << " is missing";
    const auto source = words_of(read_file(file));
    ASSERT_GT(source.size(), 100u) << file << " has almost no words";
    std::set<std::string> runs;
    for (std::size_t i = 0; i + 8 <= source.size(); ++i) {
      std::string run;
      for (std::size_t k = 0; k < 8; ++k) run += source[i + k] + " ";
      runs.insert(run);
    }
    const auto ours = words_of(c.paraphrase);
    for (std::size_t i = 0; i + 8 <= ours.size(); ++i) {
      std::string run;
      for (std::size_t k = 0; k < 8; ++k) run += ours[i + k] + " ";
      EXPECT_FALSE(runs.count(run)) << c.name << " copies \"" << run << "\"";
      ++compared;
    }
  }
  EXPECT_GT(compared, all_clauses().size()) << "hardly any paraphrase was compared";
}

TEST(Catalog, EveryRulesetClauseIsNamedByTheCode) {
  const std::set<std::string> in_code = dotted_ids_in(sources_under("oracle"));
  for (const Ruleset* r : all_rulesets())
    for (ClauseId id : r->clauses)
      EXPECT_TRUE(in_code.count(std::string(clause_name(id))))
          << r->id << ": no code names " << clause_name(id);
}

TEST(Catalog, EveryRulesetClauseHasAUnitTest) {
  // Tests name the clause they exercise in a `// clause: <id>` line.
  const std::string tests = sources_under("tests");
  static const std::regex marker(R"(// clause: ([a-z0-9.-]+))");
  std::set<std::string> tested;
  for (std::sregex_iterator it(tests.begin(), tests.end(), marker), end; it != end; ++it)
    tested.insert((*it)[1].str());
  for (const Ruleset* r : all_rulesets())
    for (ClauseId id : r->clauses)
      EXPECT_TRUE(tested.count(std::string(clause_name(id))))
          << r->id << ": no unit test names " << clause_name(id);
}

// Each ruleset's document lists its whole catalog.
TEST(Catalog, EveryRulesetClauseIsDocumented) {
  for (const Ruleset* r : all_rulesets()) {
    const fs::path doc = kRoot / "docs" / "rulesets" / (std::string(r->id) + ".md");
    ASSERT_TRUE(fs::exists(doc)) << doc;
    const std::string text = read_file(doc);
    for (ClauseId id : r->clauses)
      EXPECT_NE(text.find("`" + std::string(clause_name(id)) + "`"), std::string::npos)
          << doc << " does not list " << clause_name(id);
  }
}

// Code may name only catalogued clauses; tests may name only catalogued
// clauses in their `// clause:` markers (a test of the scenario loader
// rightly spells an unknown id to see it refused).
TEST(Catalog, CodeAndTestsNameOnlyCataloguedClauses) {
  for (const std::string& id : dotted_ids_in(sources_under("oracle")))
    EXPECT_NE(find_clause(id), ClauseId::None) << "oracle/ names unknown clause " << id;
  const std::string tests = sources_under("tests");
  static const std::regex marker(R"(// clause: ([a-z0-9.-]+))");
  for (std::sregex_iterator it(tests.begin(), tests.end(), marker), end; it != end; ++it)
    EXPECT_NE(find_clause((*it)[1].str()), ClauseId::None)
        << "a test marker names unknown clause " << (*it)[1].str();
}

TEST(Catalog, RulesetsListKnownDistinctClauses) {
  for (const Ruleset* r : all_rulesets()) {
    std::set<ClauseId> seen;
    EXPECT_FALSE(r->clauses.empty()) << r->id;
    for (ClauseId id : r->clauses) {
      EXPECT_NE(id, ClauseId::None) << r->id;
      EXPECT_TRUE(seen.insert(id).second) << r->id << " lists " << clause_name(id) << " twice";
    }
  }
}

}  // namespace
}  // namespace bao
