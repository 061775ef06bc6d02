#pragma once

#include "oracle/core/ruleset.hpp"

namespace bao {

extern const Ruleset kGuideV2;
extern const Ruleset kGuideR002;

}  // namespace bao
