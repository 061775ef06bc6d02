#pragma once

#include "oracle/rules/ruleset.hpp"

namespace bao {

extern const Ruleset kLudii;

}  // namespace bao
