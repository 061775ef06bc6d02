#pragma once

#include "oracle/core/ruleset.hpp"

namespace bao {

extern const Ruleset kLudii;

}  // namespace bao
