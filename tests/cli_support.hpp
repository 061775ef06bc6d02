// Runs the bao-oracle command line in process (cli::run), with its stdin
// given and its stdout, stderr and exit status captured: for tests of the
// commands that need no child process.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "oracle/cli/commands.hpp"

namespace bao {

struct CliRun {
  std::string out;
  std::string err;
  int status = -1;
};

inline CliRun run_cli(std::vector<const char*> args, const std::string& input = "") {
  args.insert(args.begin(), "bao-oracle");
  std::istringstream in(input);
  std::ostringstream out, err;
  CliRun r;
  r.status = cli::run(static_cast<int>(args.size()), args.data(), in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace bao
