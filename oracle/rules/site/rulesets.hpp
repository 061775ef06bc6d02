#pragma once

#include "oracle/rules/ruleset.hpp"

namespace bao {

extern const Ruleset kSiteBank;
extern const Ruleset kSiteMaasai;
extern const Ruleset kSiteLongGame;

}  // namespace bao
