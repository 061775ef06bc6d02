// Protocol version 1, engine side. Each request is trimmed, split into its
// command word and the rest, checked for the right number of arguments, and
// handed to the library; its answer or its Error becomes the response line.
#include "oracle/protocol/engine_server.hpp"

#include <fmt/format.h>

#include <array>
#include <cassert>
#include <charconv>
#include <chrono>
#include <exception>
#include <istream>
#include <ostream>
#include <streambuf>
#include <thread>

#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/trace_text.hpp"

#ifndef BAO_VERSION
#define BAO_VERSION "unknown"
#endif

namespace bao::protocol {

std::string_view oracle_version() {
  return BAO_VERSION;
}

const Ruleset& default_ruleset() {
  const Ruleset* rules = find_ruleset("ap-zanzibar");
  assert(rules != nullptr);
  return *rules;
}

namespace {

// A failure message is cut to this many bytes: it may echo a request that
// was up to kMaxRequestLength long.
constexpr std::size_t kMaxMessageLength = 200;

std::string ok(std::string_view payload) {
  return payload.empty() ? std::string("=") : fmt::format("= {}", payload);
}

// Responses are ASCII lines. A message may quote the request, which can hold
// any byte (NUL, a stray '\r', UTF-8), so such bytes are written as \xNN and
// a long message is cut: nothing a peer sends can break the line framing.
std::string fail(std::string_view message) {
  std::string out = "? ";
  for (const char c : message) {
    if (out.size() >= kMaxMessageLength) {
      out += "...";
      break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F)
      out += c;
    else
      out += fmt::format("\\x{:02X}", byte);
  }
  return out;
}

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

// Drops a '\r' left by a CRLF line end, then blanks at both ends.
std::string_view trim(std::string_view s) {
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// How many arguments a command takes. `position` takes the rest of the line,
// since BPN contains spaces.
enum class Arity : std::uint8_t { None, One, Rest };

struct CommandSpec {
  std::string_view name;
  Arity arity;
};

constexpr std::array<CommandSpec, 12> kCommands{{
    {"protocol", Arity::None},
    {"name", Arity::None},
    {"rulesets", Arity::None},
    {"ruleset", Arity::One},
    {"position", Arity::Rest},
    {"show", Arity::None},
    {"moves", Arity::None},
    {"play", Arity::One},
    {"status", Arity::None},
    {"quit", Arity::None},
    {"perft", Arity::One},   // optional command
    {"trace", Arity::None},  // optional command
}};

const CommandSpec* find_command(std::string_view name) {
  for (const CommandSpec& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

// The argument count error for a known command, or an empty string.
std::string arity_error(const CommandSpec& spec, std::string_view argument) {
  const bool has_blank = argument.find_first_of(" \t") != std::string_view::npos;
  switch (spec.arity) {
    case Arity::None:
      if (!argument.empty()) return fmt::format("{} takes no argument", spec.name);
      break;
    case Arity::One:
      if (argument.empty()) return fmt::format("{} needs an argument", spec.name);
      if (has_blank) return fmt::format("{} takes one argument", spec.name);
      break;
    case Arity::Rest:
      if (argument.empty()) return fmt::format("{} needs an argument", spec.name);
      break;
  }
  return {};
}

// A whole decimal number in 0..max, or -1.
int parse_small_count(std::string_view text, int max) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < 0 || value > max) return -1;
  return value;
}

enum class LineRead : std::uint8_t { Line, TooLong, End };

// Reads one line without its '\n'. Only the first kMaxRequestLength bytes are
// kept; the rest of a longer line is consumed and dropped. A last line
// without '\n' still counts as a line.
LineRead read_line(std::streambuf& in, std::string& line) {
  using Traits = std::char_traits<char>;
  line.clear();
  bool too_long = false;
  for (;;) {
    const Traits::int_type c = in.sbumpc();
    if (Traits::eq_int_type(c, Traits::eof())) {
      if (too_long) return LineRead::TooLong;
      return line.empty() ? LineRead::End : LineRead::Line;
    }
    if (c == '\n') return too_long ? LineRead::TooLong : LineRead::Line;
    if (line.size() < kMaxRequestLength)
      line.push_back(Traits::to_char_type(c));
    else
      too_long = true;
  }
}

}  // namespace

EngineServer::EngineServer(const Ruleset& rules, std::vector<std::string> switches)
    : switches_(std::move(switches)),
      rules_(apply_switch_ids(rules, switches_).value()),
      pos_(start_position(rules_)) {}

std::string EngineServer::handle(std::string_view line) {
  const std::string_view request = trim(line);
  if (request.empty()) return fail("empty request");
  const std::size_t blank = request.find_first_of(" \t");
  const std::string_view command = request.substr(0, blank);
  const std::string_view argument =
      blank == std::string_view::npos ? std::string_view{} : trim(request.substr(blank));
  const CommandSpec* spec = find_command(command);
  // The exact text `? unknown command` tells a peer that an optional command
  // is missing, so nothing is added to it.
  if (spec == nullptr) return "? unknown command";
  if (std::string err = arity_error(*spec, argument); !err.empty()) return fail(err);
  return dispatch(command, argument);
}

std::string EngineServer::dispatch(std::string_view command, std::string_view argument) {
  if (command == "protocol") return ok("1");
  if (command == "name") {
    if (switches_.empty()) return ok(fmt::format("bao-oracle {}", oracle_version()));
    std::string names;
    for (const std::string& id : switches_) append_item(names, ", ", id);
    return ok(fmt::format("bao-oracle {} ({} {})", oracle_version(),
                          switches_.size() == 1 ? "mutant" : "mutants", names));
  }
  if (command == "rulesets") {
    std::string ids;
    for (const Ruleset* r : all_rulesets())
      if (apply_switch_ids(*r, switches_).ok()) append_item(ids, " ", r->id);
    return ok(ids);
  }
  if (command == "ruleset") return select_ruleset(argument);
  if (command == "position") return set_position(argument);
  if (command == "show") return ok(to_bpn(pos_));
  if (command == "moves") return list_moves();
  if (command == "play") return play_move(argument);
  if (command == "status") return ok(to_string(status(rules_, pos_)));
  if (command == "perft") return count_paths(argument);
  if (command == "trace") return last_trace();
  assert(command == "quit");
  quit_ = true;
  return ok("");
}

std::string EngineServer::select_ruleset(std::string_view id) {
  const Ruleset* rules = find_ruleset(id);
  if (rules == nullptr) return fail(fmt::format("unknown ruleset '{}'", id));
  // Each switch is resolved again against the new ruleset (a choice's
  // clause and value source are that ruleset's); one that is not among its
  // switches refuses it.
  auto switched = apply_switch_ids(*rules, switches_);
  if (!switched) return fail(switched.error().message);
  rules_ = *switched;
  pos_ = start_position(rules_);
  have_trace_ = false;
  return ok("");
}

std::string EngineServer::set_position(std::string_view text) {
  if (text == "start") {
    pos_ = start_position(rules_);
    have_trace_ = false;
    return ok("");
  }
  auto parsed = parse_bpn(text);
  if (!parsed) return fail(parsed.error().message);
  auto valid = validate_for_ruleset(rules_, *parsed);
  if (!valid) return fail(valid.error().message);
  pos_ = *valid;
  // The trace of a play made before belongs to another position.
  have_trace_ = false;
  return ok("");
}

std::string EngineServer::list_moves() const {
  return ok(moves_to_string(legal_moves(rules_, pos_), pos_.to_move));
}

std::string EngineServer::play_move(std::string_view text) {
  auto move = parse_move(text, pos_.to_move);
  if (!move) return fail(move.error().message);
  Trace trace;
  auto after = play(rules_, pos_, *move, &trace);
  if (!after) return fail(after.error().message);
  pos_ = *after;
  trace_ = std::move(trace);
  have_trace_ = true;
  return ok(to_bpn(pos_));
}

std::string EngineServer::count_paths(std::string_view depth_text) const {
  const int depth = parse_small_count(depth_text, kMaxServerPerftDepth);
  if (depth < 0)
    return fail(
        fmt::format("perft depth must be a whole number from 0 to {}", kMaxServerPerftDepth));
  const auto n = perft_within(rules_, pos_, depth, kMaxServerPerftPositions);
  if (!n)
    return fail(
        fmt::format("perft {} here needs more than {} positions, the server's limit; ask "
                    "a smaller depth",
                    depth, kMaxServerPerftPositions));
  return ok(fmt::format("{}", *n));
}

std::string EngineServer::last_trace() const {
  if (!have_trace_) return fail("no move played since the position was set");
  return ok(format_protocol_trace(trace_.events()));
}

int serve(std::istream& in, std::ostream& out, const Ruleset* initial,
          std::span<const std::string> switches, double max_rate) {
  EngineServer server(initial != nullptr ? *initial : default_ruleset(),
                      {switches.begin(), switches.end()});
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr) return 0;
  std::string line;
  using Clock = std::chrono::steady_clock;
  Clock::time_point first;     // the first request's answer (max_rate)
  std::uint64_t answered = 0;  // answers so far (max_rate)
  for (;;) {
    const LineRead got = read_line(*buf, line);
    if (got == LineRead::End) return 0;
    std::string response;
    if (got == LineRead::TooLong) {
      response = fail("line too long");
    } else {
      // A peer's request must never end the session: anything thrown (say,
      // std::bad_alloc) becomes a `?` line like any other failure.
      try {
        response = server.handle(line);
      } catch (const std::exception& e) {
        response = fail(fmt::format("internal error: {}", e.what()));
      }
    }
    if (max_rate > 0) {
      if (answered == 0) first = Clock::now();
      std::this_thread::sleep_until(
          first + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double>(double(answered++) / max_rate)));
    }
    out << response << '\n' << std::flush;
    if (!out) return kServeOutputLost;
    if (server.quit_requested()) return 0;
  }
}

}  // namespace bao::protocol
