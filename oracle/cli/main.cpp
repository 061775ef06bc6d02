// bao-oracle: the command-line front of the oracle library (docs/cli.md).
#include <iostream>

#include "oracle/cli/commands.hpp"

int main(int argc, char** argv) {
  return bao::cli::run(argc, argv, std::cin, std::cout, std::cerr);
}
