#include "oracle/catalog/clause.hpp"

#include <array>
#include <cassert>

namespace bao {
namespace {

constexpr std::array kCatalog{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) \
  Clause{ClauseId::ident, name, ClauseKind::kind, file, section, paraphrase},
#include "oracle/rules/abstract_play/clauses.def"
#include "oracle/rules/abstract_play/variants.def"
#include "oracle/rules/guide/clauses.def"
#include "oracle/rules/ludii/clauses.def"
#include "oracle/rules/site/clauses.def"
#include "oracle/rules/site_kiswahili/clauses.def"
#undef BAO_CLAUSE
};

static_assert(kCatalog.size() + 1 == static_cast<std::size_t>(ClauseId::Count),
              "every ClauseId has exactly one catalog entry");

}  // namespace

std::span<const Clause> all_clauses() {
  return kCatalog;
}

const Clause& clause_info(ClauseId id) {
  assert(id != ClauseId::None && id < ClauseId::Count);
  return kCatalog[static_cast<std::size_t>(id) - 1];
}

std::string_view clause_name(ClauseId id) {
  if (id == ClauseId::None) return "-";
  return clause_info(id).name;
}

ClauseId find_clause(std::string_view name) {
  for (const auto& c : kCatalog)
    if (c.name == name) return c.id;
  return ClauseId::None;
}

std::string_view to_string(ClauseKind k) {
  return k == ClauseKind::Rule ? "rule" : "interpretation";
}

}  // namespace bao
