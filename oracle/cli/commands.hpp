// The bao-oracle subcommands. Each one is a function from its arguments to
// the text it prints, or to an Error for bad input, so that nothing reaches
// stdout unless the whole command succeeded. run() parses the command line,
// calls one of them and turns an Error into the single `bao-oracle: ` line on
// stderr. No rule is decided here: every answer comes from the library.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

#include "oracle/core/expected.hpp"

namespace bao::cli {

// What a subcommand prints on success; on bad input an Error whose message
// names what was being parsed (run() adds the `bao-oracle: ` prefix).
using Output = Expected<std::string>;

enum class ClauseFormat : std::uint8_t { Text, Json };
enum class TraceMode : std::uint8_t { Off, On };
enum class PerftMode : std::uint8_t { Total, Divide };

// perft's depth limit on the command line (the engine server has its own).
inline constexpr int kMaxPerftDepth = 12;
// The demo's sample games: their length and the PRNG seed that picks moves.
inline constexpr int kDemoGameLength = 12;
inline constexpr unsigned kDemoSeed = 20240601;

// `scenarios --engine`: the default time limit for one engine response.
inline constexpr int kDefaultEngineTimeoutMs = 5000;

// Exit statuses, the same for every subcommand (docs/cli.md): 0 success
// (the engine or the rulesets agree), 1 rule findings, 2 usage, input or
// start-up failure (bad arguments or files, an engine that cannot be
// started or fails the handshake), 3 an internal error or lost output.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInternal = 3;

Output rulesets_command();
Output clauses_command(std::string_view ruleset, ClauseFormat format);
// The rule sources (oracle/catalog/sources.hpp); Json gives one object per source.
Output sources_command(ClauseFormat format);
// `position` is BPN or the word `start`.
Output moves_command(std::string_view ruleset, std::string_view position);
Output play_command(std::string_view ruleset, std::string_view position,
                    std::span<const std::string> moves, TraceMode trace);
Output perft_command(std::string_view ruleset, std::string_view position, int depth,
                     PerftMode mode);
// The ruleset's switches: mutants and choices (oracle/engine/switches.hpp).
Output switches_command(std::string_view ruleset);
std::string demo_command();

// Parses the command line, runs the subcommand and returns the exit status:
// kExitOk, or kExitBadInput after one `bao-oracle: ...` line on `err`.
// `engine` reads requests from `in`.
int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace bao::cli
