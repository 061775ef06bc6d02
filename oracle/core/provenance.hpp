// What produced a report: the tool's version and commit, the catalogue it
// ran with, the corpus it used and the command line. Every report of
// `check`, `scenarios` and `diverge` records it (docs/cli.md, "Provenance"),
// so that a result can be traced to the build and the inputs that made it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bao {

struct Provenance {
  std::string version;    // the project version, e.g. "0.1.0"
  std::string commit;     // `git describe --always --dirty` of the build's source, or "unknown"
  std::string catalogue;  // catalogue_hash() of the build (oracle/rules/registry.hpp)
  std::string corpus;     // a ContentHash of the corpus the run used, or "none"
  std::string command;    // the command line, `bao-oracle` and its arguments, shell-quoted

  bool operator==(const Provenance&) const = default;
};

// A 64-bit FNV-1a hash over a sequence of byte strings, each added with its
// length so that ("ab","c") and ("a","bc") differ. It identifies content for
// reproduction; it is not a cryptographic hash. Written as 16 hex digits.
class ContentHash {
 public:
  ContentHash& add(std::string_view bytes);
  ContentHash& add(std::uint64_t n);
  std::string hex() const;

 private:
  void mix(std::string_view bytes);
  std::uint64_t h_ = 14695981039346656037ull;
};

// The hash of a corpus of positions, in order (BPN strings).
std::string corpus_hash(std::span<const std::string> positions);

// The corpus hash a run with no corpus records.
inline constexpr std::string_view kNoCorpus = "none";

// `bao-oracle` and argv[1..], each argument shell-quoted where it needs it.
std::string command_line(int argc, const char* const* argv);
// One word as a POSIX shell reads it back: as it is when it holds only
// characters no shell treats specially, otherwise in single quotes.
std::string shell_word(std::string_view word);

// This build's version and commit, with the given catalogue hash, corpus
// hash and command line (this_build() in oracle/rules/registry.hpp passes
// the catalogue's).
Provenance build_provenance(std::string catalogue, std::string corpus, std::string command);

// The fields in their report order: name and value.
std::vector<std::pair<std::string_view, std::string>> provenance_fields(const Provenance& p);

// A Markdown section "## Provenance" listing the fields (values in code
// spans), ending with a blank line.
std::string provenance_markdown(const Provenance& p);

// The same as an HTML section: <h2 id="provenance"> and a <dl> of the
// fields, values escaped in <code>.
std::string provenance_html(const Provenance& p);

// JUnit <property> elements for the fields, each on its own line indented
// by `indent` spaces, named "bao-oracle.<field>".
std::string provenance_junit_properties(const Provenance& p, int indent);

}  // namespace bao
