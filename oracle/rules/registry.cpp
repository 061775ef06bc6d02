#include "oracle/rules/registry.hpp"

#include <array>
#include <type_traits>

#include "oracle/catalog/clause.hpp"
#include "oracle/rules/ruleset.hpp"

#include "oracle/rules/abstract_play/rulesets.hpp"
#include "oracle/rules/guide/rulesets.hpp"
#include "oracle/rules/ludii/rulesets.hpp"
#include "oracle/rules/site/rulesets.hpp"
#include "oracle/rules/site_kiswahili/rulesets.hpp"

namespace bao {

std::span<const Ruleset* const> all_rulesets() {
  static const std::array kAll{&kApZanzibar, &kApMalawiSetup, &kApBawo,        &kApKujifunza,
                               &kGuideV2,    &kGuideR002,     &kSiteKiswahili, &kSiteBank,
                               &kSiteMaasai, &kSiteLongGame,  &kLudii};
  return kAll;
}

const Ruleset* find_ruleset(std::string_view id) {
  for (const Ruleset* r : all_rulesets())
    if (r->id == id) return r;
  return nullptr;
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

Provenance this_build(std::string corpus, std::string command) {
  return build_provenance(catalogue_hash(), std::move(corpus), std::move(command));
}

}  // namespace bao
