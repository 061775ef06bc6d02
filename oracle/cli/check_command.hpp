// `bao-oracle check` (fuzz an engine against the oracle) and `bao-oracle
// report merge` (join the JSON reports of shards). docs/checker.md.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "oracle/checker/request.hpp"

namespace CLI {
class App;
}

namespace bao::protocol {
class Transcript;
}

namespace bao::cli {

struct CheckCli {
  std::string engine;  // the engine's command line (no shell)
  // What is played and judged, typed (oracle/checker/request.hpp); the
  // command line's --shard and --search are read into it from the texts below.
  check::CheckRequest request;
  std::string shard;                // "I/N"
  std::string search = "coverage";  // --search: coverage or random (check::Search)
  int jobs = 1;
  std::string report_dir;
  std::string json_out;  // also write the JSON report here (shards, merging)
  int timeout_ms = 5000;
  bool progress = false;        // the progress line on stderr even when it is no terminal
  bool progress_lines = false;  // internal: a worker's progress on stdout
  bool shared_stop = false;     // internal: a worker asks its parent before each game
  std::string worker_options;   // internal: a worker's options, whole (check::options_to_json)
  std::string log;              // --log: the transcript of the engine exchange
  std::uint64_t log_limit = std::uint64_t{64} << 20;  // --log-limit, bytes
  std::int64_t log_epoch = -1;   // internal: the parent's start (steady clock, ns) for a worker
  bool log_per_ruleset = false;  // --ruleset all with --jobs: the parts are named per ruleset
  std::shared_ptr<protocol::Transcript> transcript;  // opened from `log` for the run
  std::string command_line;  // the command as run, for the report's provenance
  std::vector<std::string> merge_inputs;
};

struct CheckCommands {
  CLI::App* check = nullptr;
  CLI::App* report = nullptr;
  CLI::App* merge = nullptr;
};

CheckCommands add_check_commands(CLI::App& app, CheckCli& o);

// Exit status: 0 the engine agreed everywhere (but for accepted deviations
// and notation), 1 deviations or other findings, 2 bad input or an engine
// that could not be started or failed the handshake.
int run_check_command(const CheckCli& o, std::ostream& out, std::ostream& err);
int run_report_merge(const CheckCli& o, std::ostream& out, std::ostream& err);

}  // namespace bao::cli
