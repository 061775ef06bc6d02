// bao-bindings-corpus: writes the native oracle's answers at random
// positions of every ruleset, as one JSON document, for the bindings' tests
// to compare their own answers with (docs/bindings.md, "Equality with the
// native oracle"). The answers come from the turn engine's own calls, not
// from the facade the bindings wrap, so the comparison is between the
// bindings and the library.
//
// Usage: bao-bindings-corpus OUTPUT [POSITIONS_PER_RULESET [SEED]]
#include <fmt/format.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <string>

#include "oracle/core/files.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/rules/ruleset.hpp"

namespace {

using nlohmann::ordered_json;

constexpr int kExitBadInput = 2;
constexpr int kExitInternal = 3;
// Long enough for every ruleset to reach its mtaji phase.
constexpr int kMaxPlies = 120;

struct Options {
  std::string output;
  int per_ruleset = 30;
  std::uint64_t seed = 1;
};

ordered_json answers_at(const bao::Ruleset& rules, const bao::Position& pos) {
  ordered_json plays = ordered_json::array();
  ordered_json moves = ordered_json::array();
  for (const bao::Move& m : bao::legal_moves(rules, pos)) {
    bao::Trace trace;
    const bao::Position after = bao::play(rules, pos, m, &trace).value();
    const std::string text = bao::move_to_string(m, pos.to_move);
    moves.push_back(text);
    plays.push_back({{"move", text},
                     {"bpn", bao::to_bpn(after)},
                     {"status", bao::to_string(bao::status(rules, after))},
                     {"trace", bao::format_protocol_trace(trace.events())}});
  }
  return {{"ruleset", rules.id},
          {"bpn", bao::to_bpn(pos)},
          {"status", bao::to_string(bao::status(rules, pos))},
          {"moves", moves},
          {"plays", plays},
          {"perft2", bao::perft(rules, pos, 2)}};
}

// Positions of random games from the start: each position a game passes is
// kept with probability 1/3, and the game's last position always, until the
// ruleset has `count` distinct ones.
void add_ruleset(ordered_json& out, const bao::Ruleset& rules, int count, std::mt19937_64& rng) {
  std::set<std::string> seen;
  auto keep = [&](const bao::Position& pos) {
    if (static_cast<int>(seen.size()) >= count || !seen.insert(bao::to_bpn(pos)).second) return;
    out.push_back(answers_at(rules, pos));
  };
  for (int game = 0; static_cast<int>(seen.size()) < count && game < count * 10; ++game) {
    bao::Position pos = bao::start_position(rules);
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      const bao::MoveList moves = bao::legal_moves(rules, pos);
      if (moves.empty()) break;
      if (rng() % 3 == 0) keep(pos);
      pos = bao::play(rules, pos, moves[rng() % moves.size()]).value();
    }
    keep(pos);
  }
}

int run(const Options& o) {
  std::mt19937_64 rng(o.seed);
  ordered_json positions = ordered_json::array();
  for (const bao::Ruleset* rules : bao::all_rulesets())
    add_ruleset(positions, *rules, o.per_ruleset, rng);
  const ordered_json doc = {{"generator", "bao-bindings-corpus"},
                            {"seed", o.seed},
                            {"per_ruleset", o.per_ruleset},
                            {"positions", positions}};
  auto written = bao::write_file_atomic(o.output, doc.dump(1) + "\n");
  if (!written) {
    std::cerr << "bao-bindings-corpus: " << written.error().message << "\n";
    return kExitBadInput;
  }
  std::cout << fmt::format("bao-bindings-corpus: {} positions written to {}\n", positions.size(),
                           o.output);
  return 0;
}

// A whole number in 1..max from argument `name`, or nullopt.
std::optional<std::uint64_t> number(const std::string& text, std::uint64_t max) {
  std::size_t used = 0;
  try {
    const unsigned long long v = std::stoull(text, &used);
    if (used == text.size() && v >= 1 && v <= max) return v;
  } catch (const std::exception&) {  // not a number: reported by the caller
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: bao-bindings-corpus OUTPUT [POSITIONS_PER_RULESET [SEED]]\n";
    return kExitBadInput;
  }
  Options o;
  o.output = argv[1];
  if (argc > 2) {
    const auto n = number(argv[2], 10000);
    if (!n) {
      std::cerr << fmt::format(
          "bao-bindings-corpus: POSITIONS_PER_RULESET: expected 1 to 10000, got '{}'\n", argv[2]);
      return kExitBadInput;
    }
    o.per_ruleset = static_cast<int>(*n);
  }
  if (argc > 3) {
    const auto s = number(argv[3], UINT64_MAX);
    if (!s) {
      std::cerr << fmt::format(
          "bao-bindings-corpus: SEED: expected a positive whole number, "
          "got '{}'\n",
          argv[3]);
      return kExitBadInput;
    }
    o.seed = *s;
  }
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "bao-bindings-corpus: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}
