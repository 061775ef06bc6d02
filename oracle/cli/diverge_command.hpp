// `bao-oracle diverge`: the command over the divergence library.
#pragma once

#include <ostream>

#include "oracle/diverge/diverge.hpp"

namespace bao::cli {

// Checks the options, runs, writes the report and prints where; timings go
// to `err`. Returns the exit status (2 on bad input, with one
// `bao-oracle: ...` line on `err`).
int run_diverge_command(const diverge::CommandOptions& options, std::ostream& out,
                        std::ostream& err);

}  // namespace bao::cli
