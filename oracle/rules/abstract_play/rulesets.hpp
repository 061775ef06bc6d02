#pragma once

#include "oracle/rules/ruleset.hpp"

namespace bao {

extern const Ruleset kApZanzibar;
extern const Ruleset kApMalawiSetup;
extern const Ruleset kApBawo;
extern const Ruleset kApKujifunza;

}  // namespace bao
