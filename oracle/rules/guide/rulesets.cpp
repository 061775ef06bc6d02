// The illustrated guide's rulesets (001_63d4a6713946ea72.txt): guide-v2 (the
// Japanese guide v0.2.0 with takasia) and guide-r002 (the older R-002 rules
// that version-1 records replay under: the same rules without takasia).
#include "oracle/rules/guide/rulesets.hpp"

#include <array>

namespace bao {
namespace {

constexpr bool is_takasia(ClauseId c) {
  return c == ClauseId::GuideTakasiaSet || c == ClauseId::GuideTakasiaExempt ||
         c == ClauseId::GuideTakasiaNotSet || c == ClauseId::GuideTakasiaNoStart ||
         c == ClauseId::GuideTakasiaPass || c == ClauseId::GuideTakasiaStop ||
         c == ClauseId::GuideTakasiaExpiry;
}

constexpr std::array kGuideClauses{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) ClauseId::ident,
#include "oracle/rules/guide/clauses.def"
#undef BAO_CLAUSE
};

constexpr std::size_t count_without_takasia() {
  std::size_t n = 0;
  for (ClauseId c : kGuideClauses) n += is_takasia(c) ? 0 : 1;
  return n;
}

constexpr auto kR002Clauses = [] {
  std::array<ClauseId, count_without_takasia()> out{};
  std::size_t i = 0;
  for (ClauseId c : kGuideClauses)
    if (!is_takasia(c)) out[i++] = c;
  return out;
}();

constexpr Ruleset kV2 =
    guide_based({.id = "guide-v2",
                 .title = "Illustrated Kiswahili guide, v0.2.0 rules with takasia",
                 .source_file = "001_63d4a6713946ea72.txt"},
                kGuideClauses);

// guide-r002: the same rules without takasia.
constexpr Ruleset kR002 = [] {
  Ruleset r = kV2;
  r.id = "guide-r002";
  r.title = "Illustrated Kiswahili guide, older R-002 rules (no takasia)";
  r.block = BlockRule::None;
  r.clauses = kR002Clauses;
  return r;
}();

}  // namespace

constinit const Ruleset kGuideV2 = kV2;
constinit const Ruleset kGuideR002 = kR002;

}  // namespace bao
