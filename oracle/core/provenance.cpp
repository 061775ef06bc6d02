#include "oracle/core/provenance.hpp"

#include <fmt/format.h>

#include <type_traits>

#include "oracle/core/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/ruleset.hpp"

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

namespace {

template <typename E>
std::uint64_t value(E e) {
  return static_cast<std::uint64_t>(e);
}

void add_ruleset(ContentHash& h, const Ruleset& r) {
  h.add(r.id).add(r.title).add(r.source_file).add(r.start_bpn);
  h.add(static_cast<std::uint64_t>(r.working_house))
      .add(static_cast<std::uint64_t>(r.capture_start_max))
      .add(static_cast<std::uint64_t>(r.cutoff));
  for (std::uint64_t v :
       {value(r.kunamua_order), value(r.block), value(r.protection), value(r.house_kutakata),
        value(r.two_seed), value(r.sole_end_pit), value(r.relay_restriction),
        value(r.mtaji_capture_houses), value(r.cutoff_rule), value(r.front_empty),
        value(r.house_scope), value(r.entry_choice), value(r.takasia_exempt), value(r.family),
        value(r.single_lap.house_stop), value(r.single_lap.capture), value(r.single_lap.goal),
        static_cast<std::uint64_t>(r.single_lap.quiet_limit)})
    h.add(v);
  // Citations holds clause ids only, so its bytes are its value.
  static_assert(std::has_unique_object_representations_v<Citations>);
  h.add(std::string_view(reinterpret_cast<const char*>(&r.cite), sizeof r.cite));
  for (ClauseId id : r.clauses) h.add(clause_name(id));
}

}  // namespace

std::string catalogue_hash() {
  static const std::string hash = [] {
    ContentHash h;
    for (const Clause& c : all_clauses())
      h.add(c.name).add(value(c.kind)).add(c.source_file).add(c.section).add(c.paraphrase);
    for (const Ruleset* r : all_rulesets()) add_ruleset(h, *r);
    return h.hex();
  }();
  return hash;
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

Provenance this_build(std::string corpus, std::string command) {
  return Provenance{BAO_VERSION, BAO_COMMIT, catalogue_hash(), std::move(corpus),
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
