// The layers of oracle/ (docs/architecture.md, "Layers"): every #include of
// a project file points to the same layer or one below, so the include graph
// between folders has no cycle, and no value knows the sources.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
const fs::path kRoot = BAO_SOURCE_DIR;

// A project file's path relative to the repository root, '/'-separated.
std::string repo_path(const fs::path& p) {
  return fs::relative(p, kRoot).generic_string();
}

bool under(const std::string& path, const std::string& folder) {
  return path.rfind(folder, 0) == 0;
}

// The layer of a file under oracle/, lowest first; -1 for a path no layer
// names (the test reports it).
int layer_of(const std::string& path) {
  // A source's data files (X-macro tables) sit below everything: the catalog
  // reads them, and they include nothing.
  if (under(path, "oracle/rules/") && path.ends_with(".def")) return 0;
  static const std::vector<std::pair<std::string, int>> kLayers{
      {"oracle/core/", 1},     {"oracle/catalog/", 2}, {"oracle/notation/", 3},
      {"oracle/rules/", 4},    {"oracle/engine/", 5},  {"oracle/protocol/", 6},
      {"oracle/scenario/", 6}, {"oracle/checker/", 7}, {"oracle/diverge/", 7},
      {"oracle/cli/", 8},
  };
  for (const auto& [folder, layer] : kLayers)
    if (under(path, folder)) return layer;
  return -1;
}

// A source's own folder, e.g. "oracle/rules/guide/", or "" for a file that
// is not in one.
std::string source_folder(const std::string& path) {
  if (!under(path, "oracle/rules/")) return "";
  const std::string rest = path.substr(std::string("oracle/rules/").size());
  const auto slash = rest.find('/');
  return slash == std::string::npos ? "" : "oracle/rules/" + rest.substr(0, slash + 1);
}

struct Include {
  std::string from;  // the including file
  int line;
  std::string to;  // the included project file
};

std::vector<std::string> project_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(kRoot / "oracle")) {
    if (!e.is_regular_file()) continue;
    const auto ext = e.path().extension();
    if (ext == ".cpp" || ext == ".hpp" || ext == ".def") out.push_back(repo_path(e.path()));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Include> includes_of(const std::string& file) {
  static const std::regex kInclude(R"re(^\s*#\s*include\s*"(oracle/[^"]+)")re");
  std::ifstream in(kRoot / file);
  std::vector<Include> out;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    std::smatch m;
    if (std::regex_search(text, m, kInclude)) out.push_back({file, n, m[1]});
  }
  return out;
}

std::string where(const Include& i) {
  return i.from + ":" + std::to_string(i.line) + " includes " + i.to;
}

TEST(Layers, EveryProjectFileIsInALayer) {
  const auto files = project_files();
  ASSERT_GT(files.size(), 50u) << "oracle/ not found under " << kRoot;
  for (const std::string& f : files) EXPECT_GE(layer_of(f), 0) << f << " is in no layer";
}

TEST(Layers, IncludesPointToTheSameLayerOrBelow) {
  int seen = 0;
  for (const std::string& f : project_files()) {
    for (const Include& i : includes_of(f)) {
      ++seen;
      EXPECT_TRUE(fs::exists(kRoot / i.to)) << where(i) << ", which does not exist";
      EXPECT_LE(layer_of(i.to), layer_of(f)) << where(i) << ", a higher layer";
    }
  }
  EXPECT_GT(seen, 200);
}

// The library stands alone: no file of oracle/ includes a project file
// outside it (the fuzz targets, the tests and the bindings build on the
// library, never the other way round).
TEST(Layers, TheLibraryIncludesNothingOutsideIt) {
  static const std::regex kProjectInclude(
      R"re(^\s*#\s*include\s*"((fuzz|tests|bindings|examples)/[^"]+)")re");
  int files = 0;
  for (const std::string& f : project_files()) {
    ++files;
    std::ifstream in(kRoot / f);
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
      std::smatch m;
      EXPECT_FALSE(std::regex_search(text, m, kProjectInclude))
          << f << ":" << n << " includes " << m[1] << ", outside oracle/";
    }
  }
  EXPECT_GT(files, 50);
}

// Data files are tables only: an include there would make the catalog,
// which reads them, depend on whatever they include.
TEST(Layers, DataFilesIncludeNothing) {
  for (const std::string& f : project_files()) {
    if (layer_of(f) != 0) continue;
    std::ifstream in(kRoot / f);
    std::string text;
    for (int n = 1; std::getline(in, text); ++n)
      EXPECT_EQ(text.find("#include"), std::string::npos) << f << ":" << n;
  }
}

// Core's values store clause ids but name none, and know no ruleset record:
// that is the catalog's and the rules' business.
TEST(Layers, CoreNamesNoClauseAndNoSource) {
  const std::regex kNamed(R"(ClauseId::[A-Za-z]|Mutation::[A-Za-z]|\bRuleset\b)");
  for (const std::string& f : project_files()) {
    if (layer_of(f) != 1) continue;
    std::ifstream in(kRoot / f);
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
      const auto comment = text.find("//");
      const std::string code = text.substr(0, comment);
      EXPECT_FALSE(std::regex_search(code, kNamed)) << f << ":" << n << ": " << text;
    }
  }
}

// Only the registry assembles the sources: a file in oracle/rules/ outside
// a source's folder (the record, the shared turn mechanics) includes no
// source's code, and a source's code reaches another source only through
// the record it starts from (its rulesets.hpp).
TEST(Layers, OnlyTheRegistryKnowsEverySource) {
  for (const std::string& f : project_files()) {
    if (layer_of(f) != 4 || f.ends_with(".def")) continue;
    const std::string own = source_folder(f);
    for (const Include& i : includes_of(f)) {
      const std::string theirs = source_folder(i.to);
      if (theirs.empty() || theirs == own || i.to.ends_with(".def")) continue;
      if (own.empty()) {
        EXPECT_TRUE(under(f, "oracle/rules/registry.")) << where(i) << ", a source's code";
      } else {
        EXPECT_TRUE(i.to.ends_with("/rulesets.hpp")) << where(i) << ", another source's code";
      }
    }
  }
}

// The folders' include graph, drawn from the files, has no cycle (the layer
// check implies it; this names the cycle if a layer table change lets one in).
TEST(Layers, FolderGraphHasNoCycle) {
  auto folder = [](const std::string& path) {
    if (layer_of(path) == 0) return std::string("rules data");
    const std::string rest = path.substr(std::string("oracle/").size());
    return rest.substr(0, rest.find('/'));
  };
  std::map<std::string, std::set<std::string>> edges;
  for (const std::string& f : project_files())
    for (const Include& i : includes_of(f))
      if (folder(f) != folder(i.to)) edges[folder(f)].insert(folder(i.to));
  ASSERT_FALSE(edges.empty());
  // Depth-first search; a node met again while on the stack closes a cycle.
  std::map<std::string, int> state;  // 0 new, 1 on the stack, 2 done
  std::vector<std::string> stack;
  std::string cycle;
  std::function<void(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    stack.push_back(n);
    for (const std::string& m : edges[n]) {
      if (!cycle.empty()) return;
      if (state[m] == 1) {
        std::ostringstream out;
        auto it = std::find(stack.begin(), stack.end(), m);
        for (; it != stack.end(); ++it) out << *it << " -> ";
        cycle = out.str() + m;
        return;
      }
      if (state[m] == 0) visit(m);
    }
    stack.pop_back();
    state[n] = 2;
  };
  for (const auto& [n, _] : edges)
    if (state[n] == 0 && cycle.empty()) visit(n);
  EXPECT_EQ(cycle, "") << "the folders include each other in a cycle";
}

}  // namespace
