// bao-oracle: the command-line front of the oracle library (docs/cli.md).
#include <iostream>
#include <string_view>

#include "oracle/cli/commands.hpp"
#include "oracle/core/interrupt.hpp"

namespace {

// `check` and `scenarios --engine`, which report what they found when
// interrupted (docs/cli.md, exit 128 + N).
bool interruptible(int argc, char** argv) {
  if (argc < 2) return false;
  const std::string_view command = argv[1];
  if (command == "check") return true;
  if (command != "scenarios") return false;
  for (int i = 2; i < argc; ++i)
    if (std::string_view(argv[i]).starts_with("--engine")) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // Their handlers go in before anything else runs, so that a signal at any
  // moment after the start is handled as one during the run.
  if (interruptible(argc, argv)) bao::interrupt::install();
  return bao::cli::run(argc, argv, std::cin, std::cout, std::cerr);
}
