// The clause catalog: every rule of every source, and every interpretation we
// made where a source is silent or ambiguous, as data the program can list.
//
// Clause ids are generated from the per-source catalog files
// oracle/rules/<source>/clauses.def, so code can only name a clause that the
// catalog has. docs/architecture.md explains how to add one.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "oracle/core/clause_id.hpp"

namespace bao {

enum class ClauseId : std::uint16_t {
  None = 0,
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) ident,
#include "oracle/rules/abstract_play/clauses.def"
#include "oracle/rules/abstract_play/variants.def"
#include "oracle/rules/guide/clauses.def"
#include "oracle/rules/ludii/clauses.def"
#include "oracle/rules/site/clauses.def"
#include "oracle/rules/site_kiswahili/clauses.def"
#undef BAO_CLAUSE
  Count
};

enum class ClauseKind : std::uint8_t {
  Rule,            // the source states it
  Interpretation,  // the source is silent or ambiguous; this is our choice
};

struct Clause {
  ClauseId id;
  std::string_view name;  // stable dotted id, e.g. "ap.capture.entry-kichwa-kimbi"
  ClauseKind kind;
  std::string_view source_file;  // its rule source's file (oracle/catalog/sources.hpp)
  std::string_view section;      // section heading or topic, with a few words cited
  std::string_view paraphrase;   // one line, in our own words
};

// Every catalogued clause, in declaration order.
std::span<const Clause> all_clauses();
const Clause& clause_info(ClauseId id);
std::string_view clause_name(ClauseId id);
// Looks a clause up by its dotted id; ClauseId::None when unknown.
ClauseId find_clause(std::string_view name);
std::string_view to_string(ClauseKind k);

}  // namespace bao
