// The clause catalog is enforced: every clause is well formed and cites a
// recorded rule source (oracle/catalog/sources.hpp) whose text it does not copy,
// every clause of a ruleset is named by the rule code and by a unit test,
// every rule-code function names in its header comment the clauses it plays
// (the header rule, below), and nothing in the code or the tests names a
// clause the catalog lacks. The tests that read the rule texts themselves
// (tests/rule_texts.hpp) skip, saying so, when they are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/mutation.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/rules/ruleset.hpp"
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

// ---- The header rule ---------------------------------------------------------
//
// Each clause a rule-code function plays is named in the header comment
// directly above that function, so that a reader finds a clause's code by its
// id and reads the function against the text (docs/architecture.md,
// "Clauses"). Precisely:
//
// - Rule code: the C++ files (.cpp, .hpp) under oracle/engine/ and
//   oracle/rules/, except the ruleset records (oracle/rules/<source>/
//   rulesets.cpp and .hpp) and the switch catalogue (oracle/rules/
//   switches.cpp and .hpp): those name clauses as data (the clauses a
//   ruleset lists, the clause a switch departs from), not where one is played.
// - A function: a definition at namespace scope (a free function or a
//   function template; member functions belong to their type, and the rule
//   code names no clause in code inside a type, which ClauseNamesInRuleCode-
//   AreInFunctions checks). It starts at its `template` line when it has one,
//   else at the first line of its declaration, and ends at its closing brace.
// - Its header comment: the consecutive lines directly above that first
//   line that hold nothing but a `//` comment. A blank line or a line of code
//   ends it; a comment inside the body or after code on the same line is not
//   part of it.
// - The clauses a function plays: those its body names in code, with
//   comments and string literals left out. `ClauseId::X` (it cites the
//   clause in a trace step or answers with it): the header names X.
//   `Mutation::M` (a mutant hook: the clause M breaks is decided right
//   there): the header names that clause in the words of at least one of the
//   sources that state it, the clause of M's BAO_MUTANT line or one of its
//   BAO_MUTANT_ALSO lines (oracle/rules/<source>/mutants.def).
//   `off[Mutation::M]` (the record's value for clause mutant M,
//   oracle/rules/off_text.hpp, read where the clause is decided): the same,
//   and M must be a clause mutant: a threshold mutant has no such value.
//
// What the rule cannot see: a clause played by plain logic, or cited through
// the record's `cite` table (whose clause differs per ruleset), leaves no
// name in code, so the rule cannot require it. Nor can it tell that a header
// names a clause its function does not play (the fault of a comment left
// above the wrong function): for a helper with no clause in code the test
// cannot know what it should say. Those headers are kept right by review.
//
// Functions allowed to leave a clause they play out of their header, with
// why: none today. Keep the list short; an entry needs a reason a header
// cannot give. `clause` is the one of the BAO_MUTANT line for a mutant hook.
struct HeaderException {
  std::string_view function;
  std::string_view clause;
  std::string_view why;
};
const std::vector<HeaderException> kHeaderExceptions = {};

// Catalogued identifiers, from the catalog files themselves (each source's
// list must match clause.hpp's and mutation.hpp's, which the test checks).
struct IdentName {
  std::string_view ident;
  std::string_view name;
};
constexpr IdentName kClauseIdents[] = {
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) {#ident, name},
#include "oracle/rules/abstract_play/clauses.def"
#include "oracle/rules/abstract_play/variants.def"
#include "oracle/rules/guide/clauses.def"
#include "oracle/rules/ludii/clauses.def"
#include "oracle/rules/site/clauses.def"
#include "oracle/rules/site_kiswahili/clauses.def"
#undef BAO_CLAUSE
};
// Mutant identifier and the identifier of a clause it breaks: one line for
// its BAO_MUTANT clause, one for each BAO_MUTANT_ALSO clause.
constexpr IdentName kMutantClauses[] = {
#define BAO_MUTANT(ident, name, clause, change) {#ident, #clause},
#define BAO_MUTANT_ALSO(ident, clause) {#ident, #clause},
#include "oracle/rules/abstract_play/mutants.def"
#include "oracle/rules/guide/mutants.def"
#include "oracle/rules/ludii/mutants.def"
#include "oracle/rules/site/mutants.def"
#include "oracle/rules/site_kiswahili/mutants.def"
#undef BAO_MUTANT_ALSO
#undef BAO_MUTANT
};
// Each mutant's identifier and value.
struct MutantIdent {
  std::string_view ident;
  Mutation id;
};
constexpr MutantIdent kMutantIdents[] = {
#define BAO_MUTANT(ident, name, clause, change) {#ident, Mutation::ident},
#define BAO_MUTANT_ALSO(ident, clause)
#include "oracle/rules/abstract_play/mutants.def"
#include "oracle/rules/guide/mutants.def"
#include "oracle/rules/ludii/mutants.def"
#include "oracle/rules/site/mutants.def"
#include "oracle/rules/site_kiswahili/mutants.def"
#undef BAO_MUTANT_ALSO
#undef BAO_MUTANT
};

bool is_ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// `text` with every comment and the contents of every string and character
// literal blanked (newlines kept, so lines still count), so that braces and
// names are only seen in code.
std::string code_only(std::string_view text) {
  std::string out(text);
  enum class In { Code, LineComment, BlockComment, String, Char, RawString };
  In in = In::Code;
  std::string raw_end;
  const auto blank = [&](std::size_t i) {
    if (out[i] != '\n') out[i] = ' ';
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (in) {
      case In::Code:
        if (c == '/' && next == '/') {
          in = In::LineComment;
          blank(i);
        } else if (c == '/' && next == '*') {
          in = In::BlockComment;
          blank(i);
        } else if (c == 'R' && next == '"' && (i == 0 || !is_ident_char(text[i - 1]))) {
          const std::size_t open = text.find('(', i + 2);
          if (open == std::string_view::npos) return out;
          raw_end = ")" + std::string(text.substr(i + 2, open - i - 2)) + "\"";
          in = In::RawString;
          i = open;
        } else if (c == '"') {
          in = In::String;
        } else if (c == '\'' && !(i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
                                  std::isxdigit(static_cast<unsigned char>(next)))) {
          in = In::Char;  // not a digit separator (1'000)
        }
        break;
      case In::LineComment:
        if (c == '\n') {
          in = In::Code;
        } else {
          blank(i);
        }
        break;
      case In::BlockComment:
        blank(i);
        if (c == '*' && next == '/') {
          blank(++i);
          in = In::Code;
        }
        break;
      case In::String:
      case In::Char:
        if (c == '\\') {
          blank(i);
          if (i + 1 < text.size()) blank(++i);
        } else if (c == (in == In::String ? '"' : '\'')) {
          in = In::Code;
        } else {
          blank(i);
        }
        break;
      case In::RawString:
        if (text.substr(i, raw_end.size()) == raw_end) {
          for (std::size_t k = 0; k + 1 < raw_end.size(); ++k) blank(i + k);
          i += raw_end.size() - 1;
          in = In::Code;
        } else {
          blank(i);
        }
        break;
    }
  }
  return out;
}

// A definition at namespace scope in a file's code (code_only text).
struct Definition {
  int first_line = 0;  // 1-based: the `template` line when there is one
  int last_line = 0;   // the closing brace
  bool function = false;
  std::string name;  // the function's name; empty for other definitions
};

int line_of(const std::string& code, std::size_t offset) {
  return 1 + static_cast<int>(std::count(code.begin(), code.begin() + offset, '\n'));
}

// The offset of the brace that closes the one at `open`.
std::size_t closing_brace(const std::string& code, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == '{') ++depth;
    if (code[i] == '}' && --depth == 0) return i;
  }
  return code.size() - 1;
}

// Whether the text before a top-level `{` heads a function definition, and
// the function's name. A head that starts (after any template parameter
// list) with struct, class, union, enum or namespace, that has an `=` before
// its first parenthesis (a variable with an initialiser, lambdas included),
// or whose parentheses do not balance is not a function's.
std::optional<std::string> function_name(std::string head) {
  static const std::regex templ(R"(^\s*template\s*<)");
  if (std::regex_search(head, templ)) {
    std::size_t i = head.find('<');
    int depth = 0;
    for (; i < head.size(); ++i) {
      if (head[i] == '<') ++depth;
      if (head[i] == '>' && --depth == 0) break;
    }
    head = head.substr(std::min(i + 1, head.size()));
  }
  static const std::regex type_or_namespace(
      R"(^\s*(inline\s+)?(struct|class|union|enum|namespace)\b)");
  if (std::regex_search(head, type_or_namespace)) return std::nullopt;
  const std::size_t paren = head.find('(');
  if (paren == std::string::npos || head.substr(0, paren).find('=') != std::string::npos)
    return std::nullopt;
  if (std::count(head.begin(), head.end(), '(') != std::count(head.begin(), head.end(), ')'))
    return std::nullopt;
  std::size_t end = paren;
  while (end > 0 && std::isspace(static_cast<unsigned char>(head[end - 1]))) --end;
  std::size_t begin = end;
  while (begin > 0 && is_ident_char(head[begin - 1])) --begin;
  if (begin == end) return std::nullopt;
  return head.substr(begin, end - begin);
}

// The definitions at namespace scope of a file's code (code_only text).
// Namespace braces open no definition; preprocessor lines are skipped.
std::vector<Definition> top_level_definitions(const std::string& code) {
  std::vector<Definition> out;
  std::size_t start = std::string::npos;  // of the statement being read
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c == '#' && start == std::string::npos) {
      while (i < code.size() && code[i] != '\n') i += code[i] == '\\' ? 2 : 1;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (start == std::string::npos) start = i;
    if (c == ';' || c == '}') {
      start = std::string::npos;  // a declaration, or a namespace's end
    } else if (c == '{') {
      const std::string head = code.substr(start, i - start);
      static const std::regex ns(R"(^\s*(inline\s+)?namespace\b)");
      if (std::regex_search(head, ns)) {
        start = std::string::npos;
        continue;
      }
      const std::size_t close = closing_brace(code, i);
      const auto name = function_name(head);
      out.push_back(
          {line_of(code, start), line_of(code, close), name.has_value(), name.value_or("")});
      if (name) start = std::string::npos;  // a function needs no `;`
      i = close;
    }
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream ss(text);
  for (std::string line; std::getline(ss, line);) lines.push_back(line);
  return lines;
}

// The header comment of the definition whose first line is `first_line`
// (1-based): the `//` lines directly above it, joined.
std::string header_comment(const std::vector<std::string>& lines, int first_line) {
  std::vector<std::string> header;
  for (int k = first_line - 2; k >= 0; --k) {
    const std::string& line = lines[static_cast<std::size_t>(k)];
    const std::size_t text = line.find_first_not_of(" \t");
    if (text == std::string::npos || line.compare(text, 2, "//") != 0) break;
    header.push_back(line);
  }
  std::reverse(header.begin(), header.end());
  std::string joined;
  for (const std::string& line : header) joined += line + "\n";
  return joined;
}

// A name in code: `ClauseId::X`, `Mutation::M` or a clause played against
// its text, `off[Mutation::M]` (oracle/rules/off_text.hpp), with its line.
struct CodeName {
  enum class Kind { Clause, Mutant, OffText } kind;
  std::string ident;
  int line;
};

std::vector<CodeName> clause_names_in_code(const std::string& code) {
  static const std::regex name(
      R"(\b(off)\[Mutation::([A-Za-z_][A-Za-z0-9_]*)\]|\b(ClauseId|Mutation)::([A-Za-z_][A-Za-z0-9_]*))");
  std::vector<CodeName> out;
  for (std::sregex_iterator it(code.begin(), code.end(), name), end; it != end; ++it) {
    const int line = line_of(code, static_cast<std::size_t>(it->position()));
    if ((*it)[1].matched) {
      out.push_back({CodeName::Kind::OffText, (*it)[2].str(), line});
      continue;
    }
    const auto kind = (*it)[3] == "ClauseId" ? CodeName::Kind::Clause : CodeName::Kind::Mutant;
    out.push_back({kind, (*it)[4].str(), line});
  }
  return out;
}

// The dotted id of the clause with identifier `ident`.
std::string clause_of_ident(std::string_view ident) {
  const auto* c = std::find_if(std::begin(kClauseIdents), std::end(kClauseIdents),
                               [&](const IdentName& x) { return x.ident == ident; });
  if (c == std::end(kClauseIdents)) return "unknown clause " + std::string(ident);
  return std::string(c->name);
}

// Whether mutant `m` is its value of OffText in the records it applies to
// (a threshold mutant changes a number of the record instead).
bool is_off_text(Mutation m) {
  const MutantInfo& info = all_mutants()[static_cast<std::size_t>(m) - 1];
  return std::any_of(all_rulesets().begin(), all_rulesets().end(), [&](const Ruleset* r) {
    if (!mutant_applies(*r, info)) return false;
    const Expected<Ruleset> out = mutate(*r, m);
    return out.ok() && out->off[m];
  });
}

// The clauses a code name plays, any one of which the header must name: one
// for a clause, each source's statement of the rule for a mutant or for the
// value of OffText it is read through, none for None.
std::vector<std::string> clauses_played(const CodeName& n) {
  if (n.ident == "None") return {};
  if (n.kind == CodeName::Kind::Clause) return {clause_of_ident(n.ident)};
  if (n.kind == CodeName::Kind::OffText) {
    // Read like its mutant, which must be one with a value of OffText.
    const auto* m = std::find_if(std::begin(kMutantIdents), std::end(kMutantIdents),
                                 [&](const MutantIdent& x) { return x.ident == n.ident; });
    if (m == std::end(kMutantIdents)) return {"unknown mutant " + n.ident + " read from off"};
    if (!is_off_text(m->id))
      return {"off[Mutation::" + n.ident + "], which a threshold mutant never sets"};
  }
  std::vector<std::string> out;
  for (const IdentName& m : kMutantClauses)
    if (m.ident == n.ident) out.push_back(clause_of_ident(m.name));
  if (out.empty()) out.push_back("unknown mutant " + n.ident);
  return out;
}

std::string joined(const std::vector<std::string>& words, std::string_view sep) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : std::string(sep)) + w;
  return out;
}

// The rule code's files, relative to the repository root, sorted.
std::vector<fs::path> rule_code_files() {
  std::vector<fs::path> files;
  for (const char* dir : {"oracle/engine", "oracle/rules"}) {
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
      const fs::path& p = e.path();
      if (p.extension() != ".cpp" && p.extension() != ".hpp") continue;
      const std::string stem = p.stem().string();
      // The records, the record type with mutate(), the registry and the
      // switches are data about rules, not rule code.
      if (stem == "rulesets" || stem == "switches" || stem == "ruleset" || stem == "registry")
        continue;
      files.push_back(fs::relative(p, kRoot));
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool excepted(std::string_view function, std::string_view clause) {
  return std::any_of(
      kHeaderExceptions.begin(), kHeaderExceptions.end(),
      [&](const HeaderException& e) { return e.function == function && e.clause == clause; });
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

// Named where rules are played or recorded: oracle/engine/ and oracle/rules/
// (the records included), not merely somewhere under oracle/.
TEST(Catalog, EveryRulesetClauseIsNamedByTheRuleCode) {
  const std::set<std::string> in_code =
      dotted_ids_in(sources_under("oracle/engine") + sources_under("oracle/rules"));
  for (const Ruleset* r : all_rulesets())
    for (ClauseId id : r->clauses)
      EXPECT_TRUE(in_code.count(std::string(clause_name(id))))
          << r->id << ": nothing in oracle/engine/ or oracle/rules/ names " << clause_name(id);
}

// The header rule's identifier tables list the catalog as clause.hpp and
// mutation.hpp do (a source added there must be added above too).
TEST(Catalog, HeaderRuleTablesMatchTheCatalog) {
  ASSERT_EQ(std::size(kClauseIdents), all_clauses().size())
      << "kClauseIdents does not include every clauses.def that clause.hpp includes";
  for (std::size_t i = 0; i < all_clauses().size(); ++i)
    EXPECT_EQ(kClauseIdents[i].name, all_clauses()[i].name) << kClauseIdents[i].ident;
  std::set<std::string_view> mutants;
  for (const IdentName& m : kMutantClauses) mutants.insert(m.ident);
  ASSERT_EQ(mutants.size(), all_mutants().size())
      << "kMutantClauses does not include every mutants.def that mutation.hpp includes";
  // Each mutant's clauses, as MutantInfo records them (in declaration order,
  // as the identifiers are).
  std::size_t i = 0;
  for (std::string_view ident : [&] {
         std::vector<std::string_view> order;
         for (const IdentName& m : kMutantClauses)
           if (std::find(order.begin(), order.end(), m.ident) == order.end())
             order.push_back(m.ident);
         return order;
       }()) {
    const MutantInfo& info = all_mutants()[i++];
    std::set<std::string> expected{std::string(clause_name(info.clause))};
    for (ClauseId c : {info.also, info.also_more[0], info.also_more[1]})
      if (c != ClauseId::None) expected.insert(std::string(clause_name(c)));
    const auto got = clauses_played({CodeName::Kind::Mutant, std::string(ident), 0});
    EXPECT_EQ(std::set<std::string>(got.begin(), got.end()), expected) << info.name;
  }
}

// The scanner the header rule reads the code with, on a file written to
// trip it: braces in comments and strings, a namespace, a type, variables
// with braces and lambdas, a template, a function after a blank line.
TEST(Catalog, HeaderScannerFindsFunctionsAndTheirHeaders) {
  // The delimiter is not `cpp`, which clang-format would lay out as C++.
  const std::string text = R"src(// file comment
#include "x.hpp"
namespace bao {
namespace {

// ap.setup.start: a type, not a function.
struct Thing {
  int f() { return 1; }
};

constexpr auto kTable = [] { return 1; }();
constexpr int kBraced{2};
const char* kText = "} { ClauseId::ApSowRelay";

// ap.sow.relay: the header of g,
// on two lines.
template <class T>
int g(T t) {
  if (t) { return 0; }  // } ClauseId::ApSowConsecutive
  return static_cast<int>(ClauseId::ApSowRelay) + '}';
}

// Not h's header: a blank line follows.

int h() /* { */ {
  return Mutation::NoRelay == Mutation::None ? 1'000 : 2;
}

}  // namespace
}  // namespace bao
)src";
  const std::string code = code_only(text);
  EXPECT_EQ(code.find("ClauseId::ApSowConsecutive"), std::string::npos);
  const auto defs = top_level_definitions(code);
  std::vector<std::string> functions;
  for (const Definition& d : defs)
    if (d.function) functions.push_back(d.name);
  ASSERT_EQ(functions, (std::vector<std::string>{"g", "h"}));
  EXPECT_EQ(defs.size(), 5u);  // Thing, kTable, kBraced, g, h
  const auto lines = lines_of(text);
  const Definition& g = defs[3];
  EXPECT_EQ(g.first_line, 17);
  EXPECT_EQ(g.last_line, 21);
  EXPECT_EQ(header_comment(lines, g.first_line),
            "// ap.sow.relay: the header of g,\n// on two lines.\n");
  EXPECT_EQ(header_comment(lines, defs[4].first_line), "");
  const auto names = clause_names_in_code(code);
  ASSERT_EQ(names.size(), 3u);  // the one in g, and two mutants in h
  EXPECT_EQ(clauses_played(names[0]), std::vector<std::string>{"ap.sow.relay"});
  EXPECT_EQ(names[0].line, 20);
  const auto no_relay = clauses_played(names[1]);  // no-relay, in every source's words
  EXPECT_EQ(no_relay.front(), "ap.sow.relay");
  EXPECT_GT(no_relay.size(), 1u);
  EXPECT_TRUE(clauses_played(names[2]).empty());  // Mutation::None
  // A clause played against its text reads like its mutant.
  const auto off = clause_names_in_code("if (st.rules.off[Mutation::NoRelay]) return;");
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0].kind, CodeName::Kind::OffText);
  EXPECT_EQ(off[0].ident, "NoRelay");
  EXPECT_EQ(clauses_played(off[0]), no_relay);
  // A threshold mutant has no value of OffText: read there, it plays no
  // clause a header could name.
  const auto threshold = clause_names_in_code("return rules.off[Mutation::HouseWorksAtSeven];");
  ASSERT_EQ(threshold.size(), 1u);
  const auto played = clauses_played(threshold[0]);
  ASSERT_EQ(played.size(), 1u);
  EXPECT_EQ(find_clause(played[0]), ClauseId::None) << played[0];
}

// The header rule (above): every clause a rule-code function plays in code
// is named in its header comment.
TEST(Catalog, EveryRuleCodeFunctionNamesItsClausesInItsHeader) {
  int functions = 0, plays = 0;
  std::set<std::pair<std::string, std::string>> omitted;  // function, clause
  for (const fs::path& file : rule_code_files()) {
    const std::string text = read_file(kRoot / file);
    const std::string code = code_only(text);
    const auto lines = lines_of(text);
    const auto defs = top_level_definitions(code);
    functions += static_cast<int>(
        std::count_if(defs.begin(), defs.end(), [](const Definition& d) { return d.function; }));
    for (const CodeName& n : clause_names_in_code(code)) {
      const std::vector<std::string> clauses = clauses_played(n);
      if (clauses.empty()) continue;
      const auto in = std::find_if(defs.begin(), defs.end(), [&](const Definition& d) {
        return d.first_line <= n.line && n.line <= d.last_line;
      });
      if (in == defs.end() || !in->function) continue;  // ClauseNamesInRuleCodeAreInFunctions
      ++plays;
      const auto header = dotted_ids_in(header_comment(lines, in->first_line));
      if (std::any_of(clauses.begin(), clauses.end(),
                      [&](const std::string& c) { return header.count(c) > 0; }))
        continue;
      omitted.insert({in->name, clauses.front()});
      if (excepted(in->name, clauses.front())) continue;
      ADD_FAILURE() << file.string() << ":" << n.line << ": " << in->name << " plays "
                    << joined(clauses, " / ") << " ("
                    << (n.kind == CodeName::Kind::Clause   ? "ClauseId::"
                        : n.kind == CodeName::Kind::Mutant ? "Mutation::"
                                                           : "off[Mutation::")
                    << n.ident << (n.kind == CodeName::Kind::OffText ? "]" : "")
                    << "), which the header comment directly above line " << in->first_line
                    << " does not name";
    }
  }
  // A scanner that found nothing would pass everything.
  EXPECT_GT(functions, 80);
  EXPECT_GT(plays, 80);
  for (const HeaderException& e : kHeaderExceptions)
    EXPECT_TRUE(omitted.count({std::string(e.function), std::string(e.clause)}))
        << "the exception for " << e.function << " and " << e.clause
        << " is no longer needed: remove it";
}

// Rule code names clauses in code only inside functions, where the header
// rule sees them (not in a type, a table or a default member initialiser).
TEST(Catalog, ClauseNamesInRuleCodeAreInFunctions) {
  for (const fs::path& file : rule_code_files()) {
    const std::string code = code_only(read_file(kRoot / file));
    const auto defs = top_level_definitions(code);
    for (const CodeName& n : clause_names_in_code(code)) {
      if (clauses_played(n).empty()) continue;
      const bool in_function = std::any_of(defs.begin(), defs.end(), [&](const Definition& d) {
        return d.function && d.first_line <= n.line && n.line <= d.last_line;
      });
      EXPECT_TRUE(in_function) << file.string() << ":" << n.line << ": " << n.ident
                               << " is named outside any function";
    }
  }
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
