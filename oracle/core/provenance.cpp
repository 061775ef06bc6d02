#include "oracle/core/provenance.hpp"

#include <fmt/format.h>

#include "oracle/core/files.hpp"

// BAO_COMMIT, written at build time by cmake/commit.cmake.
#include "bao_commit.hpp"

#ifndef BAO_VERSION
#define BAO_VERSION "unknown"
#endif

namespace bao {

void ContentHash::mix(std::string_view bytes) {
  constexpr std::uint64_t kPrime = 1099511628211ull;
  for (unsigned char c : bytes) {
    h_ ^= c;
    h_ *= kPrime;
  }
}

ContentHash& ContentHash::add(std::uint64_t n) {
  char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  mix(std::string_view(bytes, 8));
  return *this;
}

ContentHash& ContentHash::add(std::string_view bytes) {
  add(static_cast<std::uint64_t>(bytes.size()));
  mix(bytes);
  return *this;
}

std::string ContentHash::hex() const {
  return fmt::format("{:016x}", h_);
}

std::string corpus_hash(std::span<const std::string> positions) {
  ContentHash h;
  h.add(static_cast<std::uint64_t>(positions.size()));
  for (const std::string& p : positions) h.add(p);
  return h.hex();
}

std::string shell_word(std::string_view word) {
  const bool plain = !word.empty() && word.find_first_not_of(
                                          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                          "0123456789@%+=:,./_-") == std::string_view::npos;
  if (plain) return std::string(word);
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string command_line(int argc, const char* const* argv) {
  std::string out = "bao-oracle";
  for (int i = 1; i < argc; ++i) out += " " + shell_word(argv[i]);
  return out;
}

Provenance build_provenance(std::string catalogue, std::string corpus, std::string command) {
  return Provenance{BAO_VERSION, BAO_COMMIT, std::move(catalogue), std::move(corpus),
                    std::move(command)};
}

std::vector<std::pair<std::string_view, std::string>> provenance_fields(const Provenance& p) {
  return {{"version", p.version},
          {"commit", p.commit},
          {"catalogue", p.catalogue},
          {"corpus", p.corpus},
          {"command", p.command}};
}

std::string provenance_markdown(const Provenance& p) {
  std::string out = "## Provenance\n\n";
  for (const auto& [name, v] : provenance_fields(p))
    out += fmt::format("- {}: {}\n", name, v.empty() ? "(not recorded)" : md_code(v));
  return out + "\n";
}

std::string provenance_html(const Provenance& p) {
  std::string out = "<h2 id=\"provenance\">Provenance</h2>\n<dl class=\"provenance\">\n";
  for (const auto& [name, v] : provenance_fields(p))
    out += fmt::format("<dt>{}</dt><dd><code>{}</code></dd>\n", xml_escape(name), xml_escape(v));
  return out + "</dl>\n";
}

std::string provenance_junit_properties(const Provenance& p, int indent) {
  std::string out;
  for (const auto& [name, v] : provenance_fields(p))
    out += fmt::format("{:{}}<property name=\"bao-oracle.{}\" value=\"{}\"/>\n", "", indent, name,
                       xml_escape(v));
  return out;
}

}  // namespace bao
