// The comparison stage: the oracle's answers at a position, and every way an
// engine's answers differ from them, rules apart from notation
// (../shared/spec/protocol.md, "Comparing positions" and "Side to move").
#include <fmt/format.h>

#include <set>
#include <unordered_map>

#include "oracle/checker/compare.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The fields of the protocol's position table: the side, the four rows and
// the keys hand, house, block, store and quiet.
bool same_protocol_keys(const Position& a, const Position& b) {
  return a.pits == b.pits && a.hand == b.hand && a.store == b.store && a.house == b.house &&
         a.block == b.block && a.quiet == b.quiet;
}

// Whether the engine's BPN text writes key `key` (`used=...`).
bool writes_key(const std::string& bpn, std::string_view key) {
  return bpn.find(fmt::format(" {}=", key)) != std::string::npos;
}

std::optional<Difference> result_difference(const OracleMove& m, const std::string& actual) {
  return position_difference(
      m.after, m.status != "ongoing", actual,
      Difference{FindingKind::DifferentResult, m.text, m.bpn, actual, NotationKind::None, ""});
}

Difference rule_diff(FindingKind kind, std::string move, std::string expected, std::string actual) {
  return Difference{
      kind, std::move(move), std::move(expected), std::move(actual), NotationKind::None, ""};
}

}  // namespace

std::optional<Difference> position_difference(const Position& o, bool finished,
                                              const std::string& actual, Difference d) {
  auto parsed = parse_bpn(actual);
  if (!parsed) return d;
  const Position& e = *parsed;
  if (!same_protocol_keys(o, e)) return d;
  if (o.to_move != e.to_move) {
    if (!finished) return d;
    d.notation = NotationKind::SideLetter;
    return d;
  }
  // Extension keys: `result` never; `used` only where the engine writes it.
  if (o.used != e.used) {
    if (writes_key(actual, "used")) return d;
    d.notation = NotationKind::ExtensionKey;
    d.key = "used";
    return d;
  }
  return std::nullopt;
}

OracleView oracle_view(const Ruleset& rules, const Position& pos) {
  OracleView v;
  v.status = status(rules, pos);
  v.status_text = to_string(v.status);
  for (const Move& m : legal_moves(rules, pos)) {
    Position after = play(rules, pos, m).value();
    v.moves.push_back(
        {m, move_to_string(m, pos.to_move), after, to_bpn(after), to_string(status(rules, after))});
  }
  return v;
}

std::string canonical_move(const std::string& text, Side mover) {
  auto m = parse_move(text, mover);
  return m ? move_to_string(*m, mover) : text;
}

std::vector<std::string> illegal_sample(const Position& pos, const OracleView& v, int count,
                                        std::uint64_t salt) {
  std::set<std::string> legal;
  for (const OracleMove& m : v.moves) legal.insert(m.text);
  std::vector<std::string> pool;
  for (const OracleMove& m : v.moves) {
    Move plus = m.move;
    plus.go_on = !plus.go_on;
    pool.push_back(move_to_string(plus, pos.to_move));
    Move two = m.move;
    two.two_seed = !two.two_seed;
    pool.push_back(move_to_string(two, pos.to_move));
  }
  for (int pit = 0; pit < kPitsPerSide; ++pit)
    for (Dir d : {Dir::L, Dir::R})
      pool.push_back(move_to_string(Move{static_cast<Pit>(pit), d}, pos.to_move));
  // An opponent's pit, written with the opponent's letters.
  pool.push_back(move_to_string(Move{static_cast<Pit>(salt % 8), Dir::R}, opponent(pos.to_move)));
  std::vector<std::string> out;
  std::set<std::string> seen;
  std::uint64_t h = salt;
  for (std::size_t tries = 0; tries < pool.size() * 2 && static_cast<int>(out.size()) < count;
       ++tries) {
    h = mix(h);
    const std::string& s = pool[h % pool.size()];
    if (legal.count(s) || !seen.insert(s).second) continue;
    out.push_back(s);
  }
  return out;
}

std::vector<Difference> compare(const Position& pos, const OracleView& v, const PositionAnswer& a,
                                bool first_rule_only) {
  std::vector<Difference> rules, notation;
  auto add = [&](Difference d) {
    (d.notation == NotationKind::None ? rules : notation).push_back(std::move(d));
    return first_rule_only && !rules.empty();
  };
  if (a.fault) {
    add(rule_diff(FindingKind::ProtocolFault, "", "a protocol answer",
                  protocol::describe(*a.fault)));
    return rules;
  }
  if (a.status != v.status_text &&
      add(rule_diff(FindingKind::DifferentStatus, "", v.status_text, a.status)))
    return rules;
  std::set<std::string> engine_moves;
  for (const std::string& m : a.moves) engine_moves.insert(canonical_move(m, pos.to_move));
  std::set<std::string> oracle_moves;
  for (const OracleMove& m : v.moves) oracle_moves.insert(m.text);
  for (const OracleMove& m : v.moves)
    if (!engine_moves.count(m.text) &&
        add(rule_diff(FindingKind::MissingMove, m.text, "legal", "not in the engine's moves")))
      return rules;
  for (const std::string& m : engine_moves)
    if (!oracle_moves.count(m) &&
        add(rule_diff(FindingKind::ExtraMove, m, "illegal", "listed by the engine")))
      return rules;
  std::unordered_map<std::string, const MoveAnswer*> played;
  for (const MoveAnswer& p : a.plays) played[canonical_move(p.move, pos.to_move)] = &p;
  for (const OracleMove& m : v.moves) {
    auto it = played.find(m.text);
    if (it == played.end()) continue;
    const MoveAnswer& p = *it->second;
    if (!p.accepted) {
      if (add(rule_diff(FindingKind::MissingMove, m.text, "legal", "refused: ? " + p.refusal)))
        return rules;
      continue;
    }
    if (auto d = result_difference(m, p.bpn)) {
      const bool rules_difference = d->notation == NotationKind::None;
      if (add(std::move(*d))) return rules;
      if (rules_difference) continue;  // its status is not compared then
    }
    if (p.status != m.status &&
        add(rule_diff(FindingKind::DifferentStatus, m.text, m.status, p.status)))
      return rules;
  }
  // Moves the engine was asked to play that the oracle refuses.
  for (const auto& [text, p] : played) {
    if (oracle_moves.count(text) || !p->accepted) continue;
    if (engine_moves.count(text)) continue;  // already an extra move
    if (add(rule_diff(FindingKind::ExtraMove, text, "illegal",
                      "accepted by play, giving " + p->bpn)))
      return rules;
  }
  rules.insert(rules.end(), notation.begin(), notation.end());
  return rules;
}

std::size_t count_rule_differences(const Ruleset& rules, const Position& pos,
                                   const PositionAnswer& a, std::size_t cap) {
  // OPTIMIZATION: the same rules differences as compare() over
  // oracle_view(), counted lazily: the status and the move set first, then
  // the moves one by one, stopping at `cap`, so that a ruleset that differs
  // early costs no more than that (a switch search asks this of dozens of
  // rulesets at a position). Diagnosis.LazyCountAgreesWithCompare compares
  // the two.
  if (a.fault) return std::max<std::size_t>(cap, 1);
  std::size_t n = 0;
  if (a.status != to_string(status(rules, pos)) && ++n >= cap) return n;
  const MoveList legal = legal_moves(rules, pos);
  std::unordered_map<std::string, Move> oracle_moves;
  for (const Move& m : legal) oracle_moves.emplace(move_to_string(m, pos.to_move), m);
  std::set<std::string> engine_moves;
  for (const std::string& m : a.moves) engine_moves.insert(canonical_move(m, pos.to_move));
  for (const auto& [text, m] : oracle_moves)
    if (!engine_moves.count(text) && ++n >= cap) return n;
  for (const std::string& m : engine_moves)
    if (!oracle_moves.count(m) && ++n >= cap) return n;
  std::set<std::string> seen;
  for (const MoveAnswer& p : a.plays) {
    const std::string text = canonical_move(p.move, pos.to_move);
    if (!seen.insert(text).second) continue;
    auto it = oracle_moves.find(text);
    if (it == oracle_moves.end()) {
      if (p.accepted && !engine_moves.count(text) && ++n >= cap) return n;
      continue;
    }
    if (!p.accepted) {
      if (++n >= cap) return n;
      continue;
    }
    OracleMove m;
    m.move = it->second;
    m.text = text;
    m.after = play(rules, pos, m.move).value();
    m.bpn = to_bpn(m.after);
    m.status = to_string(status(rules, m.after));
    if (auto d = result_difference(m, p.bpn); d && d->notation == NotationKind::None) {
      if (++n >= cap) return n;
      continue;
    }
    if (p.status != m.status && ++n >= cap) return n;
  }
  return n;
}

bool has_rule_difference(const std::vector<Difference>& diffs) {
  for (const Difference& d : diffs)
    if (d.notation == NotationKind::None) return true;
  return false;
}

std::string pit_diff(const std::string& expected, const std::string& actual) {
  auto e = parse_bpn(expected);
  auto a = parse_bpn(actual);
  if (!e || !a) return {};
  std::string out;
  auto item = [&](const std::string& what, auto x, auto y) {
    if (x != y) out += fmt::format("{}{} {} -> {}", out.empty() ? "" : ", ", what, x, y);
  };
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p) item(pit_name(s, p), int(e->at(s, p)), int(a->at(s, p)));
  item("hand S", int(e->hand[0]), int(a->hand[0]));
  item("hand N", int(e->hand[1]), int(a->hand[1]));
  item("store S", int(e->store[0]), int(a->store[0]));
  item("store N", int(e->store[1]), int(a->store[1]));
  item("quiet", int(e->quiet), int(a->quiet));
  auto marks = [&](std::string_view what, std::uint32_t x, std::uint32_t y) {
    for (Side sd : {Side::South, Side::North})
      for (Pit p = 0; p < kPitsPerSide; ++p)
        if (((x ^ y) & pit_bit(sd, p)) != 0)
          out += fmt::format("{}{} {} {}", out.empty() ? "" : ", ", what, pit_name(sd, p),
                             (y & pit_bit(sd, p)) != 0 ? "added" : "dropped");
  };
  marks("house", e->house, a->house);
  marks("block", e->block, a->block);
  if (e->to_move != a->to_move)
    out +=
        fmt::format("{}side {} -> {}", out.empty() ? "" : ", ",
                    e->to_move == Side::South ? 'S' : 'N', a->to_move == Side::South ? 'S' : 'N');
  return out;
}

}  // namespace bao::check::detail

namespace bao::check {}  // namespace bao::check
