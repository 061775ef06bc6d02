#include "oracle/core/ruleset.hpp"

#include <array>

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

}  // namespace bao
