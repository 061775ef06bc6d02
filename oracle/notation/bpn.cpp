// Pit names, move notation and BPN (docs/notation.md). Every parser returns an
// Error naming what is wrong and where; nothing here throws.
#include "oracle/notation/bpn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bao {

// ---------------------------------------------------------------------------
// Pit names

std::string pit_name(Side owner, Pit pit) {
  assert(pit < kPitsPerSide);
  const bool south = owner == Side::South;
  const char row = is_front(pit) ? (south ? 'A' : 'a') : (south ? 'B' : 'b');
  return fmt::format("{}{}", row, pit_number(pit));
}

Expected<PitRef> parse_pit(std::string_view text) {
  auto fail = [text](std::string_view what) {
    return Error{fmt::format("pit '{}': {}", text, what)};
  };
  if (text.empty()) return fail("empty");
  const char row = text[0];
  if (row != 'A' && row != 'B' && row != 'a' && row != 'b')
    return fail("row letter must be A, B, a or b");
  if (text.size() == 1) return fail("pit number missing");
  // A single digit only: "A10" or "A1x" name no pit.
  if (text.size() != 2 || text[1] < '1' || text[1] > '8') return fail("pit number must be 1 to 8");
  const int number = text[1] - '0';
  const Side owner = (row == 'A' || row == 'B') ? Side::South : Side::North;
  const bool front = row == 'A' || row == 'a';
  return PitRef{owner, front ? front_pit(number) : back_pit(number)};
}

// ---------------------------------------------------------------------------
// Moves

namespace {

std::string_view side_name(Side s) {
  return s == Side::South ? "South" : "North";
}

Error move_error(std::string_view text, std::string_view what) {
  return Error{fmt::format("move '{}': {}", text, what), "move"};
}

// A fault at byte `offset` of the move.
Error move_error_at(std::string_view text, std::string_view what, std::size_t offset) {
  return Error{fmt::format("move '{}': {} at offset {}", text, what, offset), "move", offset};
}

// The optional suffix `[t][+]`, in that order, starting at `offset`.
Expected<void> parse_move_suffix(std::string_view text, std::size_t offset, Move& move) {
  if (offset < text.size() && text[offset] == 't') {
    move.two_seed = true;
    ++offset;
  }
  if (offset < text.size() && text[offset] == '+') {
    move.go_on = true;
    ++offset;
  }
  if (offset < text.size())
    return move_error_at(text, fmt::format("unexpected character '{}'", text[offset]), offset);
  return {};
}

}  // namespace

std::string move_to_string(const Move& move, Side mover) {
  std::string s = pit_name(mover, move.pit);
  s += move.dir == Dir::R ? 'R' : 'L';
  if (move.two_seed) s += 't';
  if (move.go_on) s += '+';
  return s;
}

Expected<Move> parse_move(std::string_view text, Side mover) {
  if (text.empty()) return move_error(text, "empty");
  auto pit = parse_pit(text.substr(0, 2));
  if (!pit) return move_error(text, pit.error().message);
  if (pit->owner != mover)
    return move_error(text, fmt::format("pit {} belongs to {} but {} is to move", text.substr(0, 2),
                                        side_name(pit->owner), side_name(mover)));
  if (text.size() < 3) return move_error_at(text, "direction L or R missing", 2);
  if (text[2] != 'L' && text[2] != 'R') return move_error_at(text, "direction must be L or R", 2);
  Move move;
  move.pit = pit->pit;
  move.dir = text[2] == 'R' ? Dir::R : Dir::L;
  if (auto r = parse_move_suffix(text, 3, move); !r) return r.error();
  return move;
}

// ---------------------------------------------------------------------------
// BPN output

namespace {

// The owner's pit order 1..8 for one row, as circuit indices.
std::string row_text(const Position& pos, Side side, Row row) {
  std::string s;
  for (int n = 1; n <= kRowLength; ++n) {
    if (n > 1) s += ',';
    s += fmt::format("{}", pos.at(side, row_pit(row, n)));
  }
  return s;
}

// Pits in a mask, in canonical order: A1..A8, B1..B8, a1..a8, b1..b8.
std::string pit_list(std::uint32_t mask) {
  std::string s;
  for (Side side : {Side::South, Side::North})
    for (Row row : {Row::Front, Row::Back})
      for (int n = 1; n <= kRowLength; ++n) {
        const Pit p = row_pit(row, n);
        if ((mask & pit_bit(side, p)) == 0) continue;
        if (!s.empty()) s += ',';
        s += pit_name(side, p);
      }
  return s;
}

std::string result_text(const Decided& d) {
  const char* winner = d.kind == Decided::Kind::SouthWins   ? "S"
                       : d.kind == Decided::Kind::NorthWins ? "N"
                                                            : "draw";
  // A decided result has a reason; Reason::None is written as nothing.
  return fmt::format("{}:{}", winner, d.reason == Reason::None ? "" : to_string(d.reason));
}

}  // namespace

std::string moves_to_string(const MoveList& moves, Side mover) {
  std::string out;
  for (const Move& m : moves) {
    if (!out.empty()) out += ' ';
    out += move_to_string(m, mover);
  }
  return out;
}

std::string to_bpn(const Position& pos) {
  std::string s =
      fmt::format("{} {}/{} {}/{}", pos.to_move == Side::South ? 'S' : 'N',
                  row_text(pos, Side::South, Row::Front), row_text(pos, Side::South, Row::Back),
                  row_text(pos, Side::North, Row::Front), row_text(pos, Side::North, Row::Back));
  // Keys in the protocol's order; a key at its default is left out.
  if (pos.hand[0] != 0 || pos.hand[1] != 0)
    s += fmt::format(" hand={},{}", pos.hand[0], pos.hand[1]);
  if (pos.house != 0) s += " house=" + pit_list(pos.house);
  if (pos.block != 0) s += " block=" + pit_list(pos.block);
  if (pos.store[0] != 0 || pos.store[1] != 0)
    s += fmt::format(" store={},{}", pos.store[0], pos.store[1]);
  if (pos.quiet != 0) s += fmt::format(" quiet={}", pos.quiet);
  if (pos.used != 0) s += " used=" + pit_list(pos.used);
  if (pos.decided.kind != Decided::Kind::None) s += " result=" + result_text(pos.decided);
  return s;
}

// ---------------------------------------------------------------------------
// BPN input

namespace {

using Status = Expected<void>;

// A piece of the input with its offset in the whole input, for error messages.
struct Token {
  std::string_view text;
  std::size_t offset = 0;
};

// The field being parsed: its 1-based number and its name.
struct Field {
  int number = 0;
  std::string_view name;
};

Error field_error(const Field& f, std::string_view what, std::size_t offset) {
  return Error{fmt::format("BPN field {} ({}): {} at offset {}", f.number, f.name, what, offset),
               std::string(f.name), offset};
}

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

// Splits the input at runs of spaces and tabs. Trailing spaces and a '\r'
// left by a CRLF line end are dropped first.
std::vector<Token> split_fields(std::string_view text) {
  while (!text.empty() && (is_blank(text.back()) || text.back() == '\r')) text.remove_suffix(1);
  std::vector<Token> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_blank(text[i])) ++i;
    if (i > start) fields.push_back({text.substr(start, i - start), start});
  }
  return fields;
}

// Splits a token at every `sep`; empty pieces are kept (they are errors later).
std::vector<Token> split(const Token& tok, char sep) {
  std::vector<Token> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= tok.text.size(); ++i) {
    if (i < tok.text.size() && tok.text[i] != sep) continue;
    parts.push_back({tok.text.substr(start, i - start), tok.offset + start});
    start = i + 1;
  }
  return parts;
}

// A non-negative decimal number no larger than `max`.
Expected<int> parse_number(const Token& tok, const Field& f, int max) {
  if (tok.text.empty()) return field_error(f, "empty count", tok.offset);
  if (tok.text[0] == '-') return field_error(f, "negative counts are not allowed", tok.offset);
  for (char c : tok.text)
    if (c < '0' || c > '9')
      return field_error(f, fmt::format("'{}' is not a number", tok.text), tok.offset);
  unsigned long value = 0;
  const char* end = tok.text.data() + tok.text.size();
  const auto [ptr, ec] = std::from_chars(tok.text.data(), end, value);
  if (ec != std::errc{} || ptr != end || value > static_cast<unsigned long>(max))
    return field_error(f, fmt::format("{} is above {}", tok.text, max), tok.offset);
  return static_cast<int>(value);
}

// The keys we know: the protocol's five, then ours: `used` (houses that have
// started a turn, for ap-bawo) and `result`.
constexpr std::array<std::string_view, 7> kKeys = {"hand",  "house", "block", "store",
                                                   "quiet", "used",  "result"};

// Parses BPN into a Position, one field at a time.
class BpnParser {
 public:
  Expected<Position> parse(std::string_view text);

 private:
  Status parse_side(const Token& tok);
  Status parse_rows(const Token& tok, Side side, const Field& f);
  Status parse_row(const Token& tok, Side side, Row row, const Field& f);
  Status parse_item(const Token& tok, int number);
  Status parse_key_value(std::string_view key, const Token& value, const Field& f);
  Status parse_pair(const Token& value, const Field& f, std::array<std::uint8_t, 2>& out);
  Status parse_pits(const Token& value, const Field& f, std::uint32_t& mask);
  Status parse_quiet(const Token& value, const Field& f);
  Status parse_result(const Token& value, const Field& f);
  Expected<std::uint8_t> parse_seeds(const Token& tok, const Field& f);

  Position pos_;
  int seeds_ = 0;                       // running total, to enforce kMaxTotalSeeds
  std::vector<std::string_view> keys_;  // keys seen so far, to reject duplicates
};

Expected<Position> BpnParser::parse(std::string_view text) {
  const std::vector<Token> fields = split_fields(text);
  const Field side{1, "side"};
  const Field south{2, "south rows"};
  const Field north{3, "north rows"};
  if (fields.empty()) return field_error(side, "empty input", 0);
  // A missing field is reported where it should have started: the end of the input.
  const std::size_t end = fields.back().offset + fields.back().text.size();
  if (auto r = parse_side(fields[0]); !r) return r.error();
  // Fields are checked in order, so a short south field is reported as such
  // rather than as a missing north field.
  if (fields.size() < 2) return field_error(south, "missing", end);
  if (auto r = parse_rows(fields[1], Side::South, south); !r) return r.error();
  if (fields.size() < 3) return field_error(north, "missing", end);
  if (auto r = parse_rows(fields[2], Side::North, north); !r) return r.error();
  for (std::size_t i = 3; i < fields.size(); ++i)
    if (auto r = parse_item(fields[i], static_cast<int>(i) + 1); !r) return r.error();
  return pos_;
}

Status BpnParser::parse_side(const Token& tok) {
  if (tok.text != "S" && tok.text != "N")
    return field_error({1, "side"}, fmt::format("side must be S or N, got '{}'", tok.text),
                       tok.offset);
  pos_.to_move = tok.text == "S" ? Side::South : Side::North;
  return {};
}

// One side's "<front>/<back>".
Status BpnParser::parse_rows(const Token& tok, Side side, const Field& f) {
  const std::vector<Token> rows = split(tok, '/');
  if (rows.size() != 2)
    return field_error(
        f, fmt::format("expected 2 rows (front/back) separated by '/', got {}", rows.size()),
        tok.offset);
  if (auto r = parse_row(rows[0], side, Row::Front, f); !r) return r;
  return parse_row(rows[1], side, Row::Back, f);
}

// Eight counts in the owner's pit order 1..8.
Status BpnParser::parse_row(const Token& tok, Side side, Row row, const Field& f) {
  const std::vector<Token> counts = split(tok, ',');
  if (counts.size() != kRowLength)
    return field_error(f, fmt::format("expected 8 counts, got {}", counts.size()), tok.offset);
  for (int n = 1; n <= kRowLength; ++n) {
    auto seeds = parse_seeds(counts[n - 1], f);
    if (!seeds) return seeds.error();
    pos_.at(side, row_pit(row, n)) = *seeds;
  }
  return {};
}

// A seed count 0..255 that also keeps the position's total within the limit.
Expected<std::uint8_t> BpnParser::parse_seeds(const Token& tok, const Field& f) {
  auto n = parse_number(tok, f, 255);
  if (!n) return n.error();
  seeds_ += *n;
  if (seeds_ > kMaxTotalSeeds)
    return field_error(
        f, fmt::format("seed total {} is above the limit of {}", seeds_, kMaxTotalSeeds),
        tok.offset);
  return static_cast<std::uint8_t>(*n);
}

// One `key=value` item; keys may come in any order but only once each.
Status BpnParser::parse_item(const Token& tok, int number) {
  const std::size_t eq = tok.text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return field_error({number, "key=value"}, fmt::format("expected key=value, got '{}'", tok.text),
                       tok.offset);
  const std::string_view key = tok.text.substr(0, eq);
  const Field f{number, key};
  if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end())
    return field_error(f, fmt::format("unknown key '{}'", key), tok.offset);
  if (std::find(keys_.begin(), keys_.end(), key) != keys_.end())
    return field_error(f, fmt::format("duplicate key '{}'", key), tok.offset);
  keys_.push_back(key);
  return parse_key_value(key, {tok.text.substr(eq + 1), tok.offset + eq + 1}, f);
}

// `key` is one of kKeys.
Status BpnParser::parse_key_value(std::string_view key, const Token& value, const Field& f) {
  if (key == "hand") return parse_pair(value, f, pos_.hand);
  if (key == "house") return parse_pits(value, f, pos_.house);
  if (key == "block") return parse_pits(value, f, pos_.block);
  if (key == "store") return parse_pair(value, f, pos_.store);
  if (key == "quiet") return parse_quiet(value, f);
  if (key == "used") return parse_pits(value, f, pos_.used);
  return parse_result(value, f);
}

// `<S>,<N>` for hand and store.
Status BpnParser::parse_pair(const Token& value, const Field& f, std::array<std::uint8_t, 2>& out) {
  const std::vector<Token> parts = split(value, ',');
  if (parts.size() != 2) return field_error(f, "expected two counts S,N", value.offset);
  for (std::size_t i = 0; i < 2; ++i) {
    auto seeds = parse_seeds(parts[i], f);
    if (!seeds) return seeds.error();
    out[i] = *seeds;
  }
  return {};
}

// A comma-separated pit list for house and block, in any order, no repeats.
Status BpnParser::parse_pits(const Token& value, const Field& f, std::uint32_t& mask) {
  if (value.text.empty()) return field_error(f, "empty pit list", value.offset);
  for (const Token& part : split(value, ',')) {
    auto pit = parse_pit(part.text);
    if (!pit) return field_error(f, pit.error().message, part.offset);
    const std::uint32_t bit = pit_bit(pit->owner, pit->pit);
    if ((mask & bit) != 0)
      return field_error(f, fmt::format("pit {} listed twice", part.text), part.offset);
    mask |= bit;
  }
  return {};
}

Status BpnParser::parse_quiet(const Token& value, const Field& f) {
  auto n = parse_number(value, f, 65535);
  if (!n) return n.error();
  pos_.quiet = static_cast<std::uint16_t>(*n);
  return {};
}

std::optional<Decided::Kind> winner_kind(std::string_view winner) {
  if (winner == "S") return Decided::Kind::SouthWins;
  if (winner == "N") return Decided::Kind::NorthWins;
  if (winner == "draw") return Decided::Kind::Draw;
  return {};
}

// A protocol reason word; "none" is not one.
std::optional<Reason> reason_of(std::string_view word) {
  const std::optional<Reason> r = enum_from_name<Reason>(word);
  if (r == Reason::None) return {};
  return r;
}

// `<winner>:<reason>`, winner S, N or draw, reason a protocol reason word.
Status BpnParser::parse_result(const Token& value, const Field& f) {
  const std::size_t colon = value.text.find(':');
  if (colon == std::string_view::npos)
    return field_error(f, "expected <winner>:<reason>, e.g. N:infinite", value.offset);
  const std::string_view winner = value.text.substr(0, colon);
  const std::string_view reason = value.text.substr(colon + 1);
  const auto kind = winner_kind(winner);
  if (!kind)
    return field_error(f, fmt::format("winner must be S, N or draw, got '{}'", winner),
                       value.offset);
  const auto why = reason_of(reason);
  if (!why)
    return field_error(f, fmt::format("unknown reason '{}'", reason), value.offset + colon + 1);
  pos_.decided = Decided{*kind, *why};
  return {};
}

}  // namespace

Expected<Position> parse_bpn(std::string_view text) {
  return BpnParser{}.parse(text);
}

}  // namespace bao
