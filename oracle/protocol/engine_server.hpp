// The engine side of protocol version 1 (shared/spec/protocol.md; our own
// description in docs/protocol.md): one request line in, one response line
// out. The server only translates between text and the library; every rule
// question goes to oracle/engine.
#pragma once

#include <cstdint>

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/position.hpp"
#include "oracle/core/trace.hpp"
#include "oracle/rules/ruleset.hpp"

namespace bao::protocol {

// The oracle's version, as `name` reports it.
std::string_view oracle_version();

// The ruleset a session plays before any `ruleset` request.
const Ruleset& default_ruleset();

// Longest request line the server reads; the rest of a longer line is
// discarded unread so that a hostile peer cannot make it buffer without end.
inline constexpr std::size_t kMaxRequestLength = 64 * 1024;

// `perft` above this depth is refused: a request must not be able to keep the
// server busy for minutes.
inline constexpr int kMaxServerPerftDepth = 6;
// The most positions one `perft` request may generate (all levels counted):
// at most about two seconds of work (on the richest boards; one on a start
// position), so one request cannot keep the server busy for long. Depth 6
// from every ruleset's start is inside it (site-maasai's, the largest,
// generates about 4.9 million positions).
inline constexpr std::uint64_t kMaxServerPerftPositions = 6'000'000;

class EngineServer {
 public:
  // With switches (oracle/engine/switches.hpp: mutant names and choice ids),
  // every ruleset the session selects is played with all of them applied (a
  // deliberately faulty engine for the checker's tests); a ruleset one of
  // them is not a switch of is refused. `rules` must be one they all apply
  // to.
  explicit EngineServer(const Ruleset& rules, std::vector<std::string> switches = {});

  // Answers one request line (without its '\n'); the result is the response
  // line without its '\n'. A failed request leaves the state as it was.
  std::string handle(std::string_view line);

  // True once `quit` has been answered: the session should end.
  bool quit_requested() const { return quit_; }

  const Ruleset& ruleset() const { return rules_; }
  const Position& position() const { return pos_; }

 private:
  std::string dispatch(std::string_view command, std::string_view argument);
  std::string select_ruleset(std::string_view id);
  std::string set_position(std::string_view text);
  std::string list_moves() const;
  std::string play_move(std::string_view text);
  std::string count_paths(std::string_view depth_text) const;
  std::string last_trace() const;

  std::vector<std::string> switches_;  // switch ids, in the order given
  Ruleset rules_;                      // the selected ruleset, with the switches applied
  Position pos_;
  Trace trace_;              // events of the last successful `play`
  bool have_trace_ = false;  // set by a successful `play`, cleared by `ruleset` and `position`
  bool quit_ = false;
};

// Serves requests from `in` until `quit` or end of input, flushing `out`
// after every response. `initial` is the ruleset before any `ruleset`
// request (default_ruleset() when null); `switches` as for EngineServer.
// Returns the process exit status: 0, or kServeOutputLost (3, the CLI's
// status for a failure that is neither the user's input nor a finding)
// when `out` can no longer be written. With `max_rate` > 0, answers at most
// that many requests a second (the n-th answer not before n / max_rate
// seconds after the first request): a slow engine, to try the checker as
// real engines meet it.
inline constexpr int kServeOutputLost = 3;
int serve(std::istream& in, std::ostream& out, const Ruleset* initial,
          std::span<const std::string> switches = {}, double max_rate = 0);

}  // namespace bao::protocol
