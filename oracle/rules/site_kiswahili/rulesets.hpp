#pragma once

#include "oracle/core/ruleset.hpp"

namespace bao {

extern const Ruleset kSiteKiswahili;

}  // namespace bao
