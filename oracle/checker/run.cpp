// The checker's core: game generation (RapidCheck), comparison of an
// engine's answers with the oracle's, shrinking, grouping and fingerprints.
#include "oracle/checker/check.hpp"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <set>
#include <tuple>
#include <unordered_map>

#include "fuzz/generators.hpp"
#include "oracle/core/mutation.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::check {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// ---- The oracle's side --------------------------------------------------------

struct OracleMove {
  Move move;
  std::string text;
  Position after;
  std::string bpn;
  std::string status;
};

struct OracleView {
  Status status;
  std::string status_text;
  std::vector<OracleMove> moves;  // legal_moves order
};

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

// An engine's move text in canonical form (unchanged when it does not parse).
std::string canonical_move(const std::string& text, Side mover) {
  auto m = parse_move(text, mover);
  return m ? move_to_string(*m, mover) : text;
}

// An engine's BPN in canonical form (unchanged when it does not parse).
std::string canonical_bpn(const std::string& text) {
  auto p = parse_bpn(text);
  return p ? to_bpn(*p) : text;
}

// Moves the engine must refuse: the `+` or `t` form of legal moves where that
// form is not legal, an opponent's pit, and own pits that cannot start.
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
    h = splitmix64(h);
    const std::string& s = pool[h % pool.size()];
    if (legal.count(s) || !seen.insert(s).second) continue;
    out.push_back(s);
  }
  return out;
}

struct Mismatch {
  FindingKind kind;
  std::string move;
  std::string expected;
  std::string actual;
};

// Compares an engine's answers with the oracle's view. `illegal` lists the
// moves the engine was asked to play that the oracle refuses.
std::optional<Mismatch> compare(const Position& pos, const OracleView& v, const PositionAnswer& a,
                                const std::vector<std::string>& illegal) {
  if (a.fault)
    return Mismatch{FindingKind::ProtocolFault, "", "a protocol answer", a.fault->detail};
  if (a.status != v.status_text)
    return Mismatch{FindingKind::DifferentStatus, "", v.status_text, a.status};
  std::set<std::string> engine_moves;
  for (const std::string& m : a.moves) engine_moves.insert(canonical_move(m, pos.to_move));
  std::set<std::string> oracle_moves;
  for (const OracleMove& m : v.moves) oracle_moves.insert(m.text);
  for (const OracleMove& m : v.moves)
    if (!engine_moves.count(m.text))
      return Mismatch{FindingKind::MissingMove, m.text, "legal", "not in the engine's moves"};
  for (const std::string& m : engine_moves)
    if (!oracle_moves.count(m))
      return Mismatch{FindingKind::ExtraMove, m, "illegal", "listed by the engine"};
  std::unordered_map<std::string, const MoveAnswer*> played;
  for (const MoveAnswer& p : a.plays) played[canonical_move(p.move, pos.to_move)] = &p;
  for (const OracleMove& m : v.moves) {
    auto it = played.find(m.text);
    if (it == played.end()) continue;
    const MoveAnswer& p = *it->second;
    if (!p.accepted)
      return Mismatch{FindingKind::MissingMove, m.text, "legal", "refused: ? " + p.refusal};
    if (canonical_bpn(p.bpn) != m.bpn)
      return Mismatch{FindingKind::DifferentResult, m.text, m.bpn, p.bpn};
    if (p.status != m.status)
      return Mismatch{FindingKind::DifferentStatus, m.text, m.status, p.status};
  }
  for (const std::string& m : illegal) {
    auto it = played.find(canonical_move(m, pos.to_move));
    if (it != played.end() && it->second->accepted)
      return Mismatch{FindingKind::ExtraMove, m, "illegal",
                      "accepted by play, giving " + it->second->bpn};
  }
  return std::nullopt;
}

// The clauses that decided a disputed step, in the order the trace met them.
std::vector<std::string> deciding_clauses(const Ruleset& rules, const Position& pos,
                                          const OracleView& v, const Mismatch& mm) {
  std::vector<std::string> out;
  auto add = [&](ClauseId c) {
    const std::string name(clause_name(c));
    if (name != "-" && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  };
  if (mm.move.empty()) {
    if (v.status.reason == Reason::FrontEmpty) add(rules.cite.front_empty);
    if (v.status.reason == Reason::Infinite) add(rules.cite.cutoff);
    return out;
  }
  for (const OracleMove& m : v.moves) {
    if (m.text != mm.move) continue;
    Trace trace;
    (void)play(rules, pos, m.move, &trace);
    for (const Event& e : trace.events()) add(e.clause);
  }
  return out;
}

// The group key of a rules finding: its kind and the clauses it names.
std::string group_key_of(FindingKind kind, const std::vector<std::string>& clauses) {
  std::string key(to_string(kind));
  for (const std::string& c : clauses) key += " " + c;
  return key;
}

// ---- Games --------------------------------------------------------------------

// Whether a move exercises one of the rare rules the generator favours:
// captures, the house question, two-seed starts, blocks, long relays, the end.
bool rare(const Ruleset& rules, const Position& pos, const Move& m) {
  if (m.go_on || m.two_seed) return true;
  Trace trace;
  if (!play(rules, pos, m, &trace)) return false;
  int relays = 0;
  for (const Event& e : trace.events()) {
    switch (e.kind) {
      case EventKind::Capture:
      case EventKind::HouseQuestion:
      case EventKind::BlockSet:
      case EventKind::BlockCleared:
      case EventKind::BlockExempt:
      case EventKind::End:
        return true;
      case EventKind::Relay:
        if (++relays >= 6) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

// Choice c picks a move: when c % 4 == 0 among the rare moves (if any), so
// shrinking the choice toward 0 keeps the rare rules in the game.
Move pick(const Ruleset& rules, const Position& pos, const MoveList& moves, std::uint16_t c) {
  if (c % 4 == 0) {
    std::vector<Move> rare_moves;
    for (const Move& m : moves)
      if (rare(rules, pos, m)) rare_moves.push_back(m);
    if (!rare_moves.empty()) return rare_moves[(c / 4) % rare_moves.size()];
  }
  return moves[(c / 4) % moves.size()];
}

// A generated game: where it starts and the choices that pick its moves.
// The moves are played while the positions are checked, so a game stops at
// its first disagreement (the rest of its choices cost nothing).
struct Game {
  std::string start_text;  // "start" or a BPN
  Position start;
  std::vector<std::uint16_t> choices;
};

// Generated inside a RapidCheck property: a start and a line of choices.
// RapidCheck scales generated values with the case's size, which is 0 for
// the single case each game is; every draw is made at full size instead.
constexpr int kFullSize = 100;
template <class T>
T draw(rc::Gen<T> gen) {
  return *rc::gen::resize(kFullSize, std::move(gen));
}

Game generate_game(const Ruleset& rules, const std::vector<Position>& corpus) {
  Game g;
  Position start = start_position(rules);
  g.start_text = "start";
  // A third of the games start from the start position, a third from a
  // random valid position, a third from a corpus position (when there is a
  // corpus); shrinking goes toward the start position.
  const int kind = draw(rc::gen::inRange(0, corpus.empty() ? 2 : 3));
  if (kind == 2) {
    start = corpus[static_cast<std::size_t>(draw(rc::gen::inRange<int>(0, int(corpus.size()))))];
    g.start_text = to_bpn(start);
  } else if (kind == 1) {
    fuzz::PositionSeed s;
    // Sparse rows of small counts, with now and then a big pit (long relays,
    // the largest capture starts, heavy houses).
    for (int i = 0; i < 2 * kPitsPerSide; ++i) {
      int count = draw(rc::gen::inRange(0, 12));
      if (count > 7) count = 0;
      if (draw(rc::gen::inRange(0, 12)) == 11) count += draw(rc::gen::inRange(8, 26));
      s.pits.push_back(static_cast<std::uint8_t>(count));
    }
    // A house pit often holds enough to work (the house question, safari).
    const std::uint32_t houses = start.house;
    for (int b = 0; b < 2 * kPitsPerSide; ++b)
      if ((houses >> b & 1) && draw(rc::gen::inRange(0, 2)) == 1)
        s.pits[static_cast<std::size_t>(b)] =
            static_cast<std::uint8_t>(6 + draw(rc::gen::inRange(0, 8)));
    // The mtaji phase (empty reserves) in half of them.
    if (draw(rc::gen::inRange(0, 2)) == 1) {
      s.hand_south = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 8)));
      s.hand_north = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 8)));
    }
    s.north_to_move = draw(rc::gen::arbitrary<bool>());
    s.house_keep = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 4)));
    s.block_south = static_cast<std::int8_t>(draw(rc::gen::inRange(0, 9)) - 1);
    s.block_north = static_cast<std::int8_t>(draw(rc::gen::inRange(0, 9)) - 1);
    s.used = static_cast<std::uint8_t>(draw(rc::gen::inRange(0, 4)));
    auto pos = validate_for_ruleset(rules, fuzz::build_position(rules, s));
    if (pos) {
      start = *pos;
      g.start_text = to_bpn(start);
    }
  }
  g.start = start;
  g.choices = *rc::gen::resize(300, rc::gen::container<std::vector<std::uint16_t>>(rc::gen::resize(
                                        kFullSize, rc::gen::arbitrary<std::uint16_t>())));
  return g;
}

class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    if (accepted) ++shrinks;
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
  int shrinks = 0;
};

// Asks the engine about one position and builds the finding when it
// disagrees. Positions already found to agree are remembered (shrinking
// replays the same positions many times).
class GameChecker {
 public:
  GameChecker(const Ruleset& rules, Probe& probe, const CheckOptions& options, Stats& stats)
      : rules_(rules), probe_(probe), options_(options), stats_(stats) {}

  // The first disagreement along the game, if any.
  std::optional<Finding> check(const Game& g) {
    Position pos = g.start;
    std::vector<std::string> line;  // the moves played from g.start to pos
    for (std::size_t i = 0;; ++i) {
      const std::string bpn = to_bpn(pos);
      if (!agreed_.count(bpn)) {
        Asked q = ask(pos, bpn);
        if (!q.answer.representable && !q.answer.fault) {
          ++stats_.skipped;
          if (i == 0) return std::nullopt;  // the engine cannot play this game at all
        } else {
          ++stats_.positions;
          stats_.moves += q.view.moves.size();
          if (q.mismatch) {
            Finding f = make_finding(g.start_text, line, pos, bpn, q.view, *q.mismatch,
                                     std::move(q.answer));
            f.found_at = f.position;
            f.found_seeds = f.seeds;
            return f;
          }
        }
        if (agreed_.size() >= kMaxRemembered) agreed_.clear();  // bounded memory
        agreed_.insert(bpn);
      }
      if (i == g.choices.size()) return std::nullopt;
      const MoveList moves = legal_moves(rules_, pos);
      if (moves.empty()) return std::nullopt;
      const Move m = pick(rules_, pos, moves, g.choices[i]);
      line.push_back(move_to_string(m, pos.to_move));
      pos = play(rules_, pos, m).value();
    }
  }

 private:
  // One position put to the engine and compared with the oracle.
  struct Asked {
    OracleView view;
    std::vector<std::string> illegal;
    PositionAnswer answer;
    std::optional<Mismatch> mismatch;
  };

  Asked ask(const Position& pos, const std::string& bpn) {
    Asked q;
    q.view = oracle_view(rules_, pos);
    std::vector<std::string> plays;
    for (const OracleMove& m : q.view.moves) plays.push_back(m.text);
    q.illegal =
        illegal_sample(pos, q.view, options_.illegal_samples, std::hash<std::string>{}(bpn));
    plays.insert(plays.end(), q.illegal.begin(), q.illegal.end());
    q.answer = probe_.ask(bpn, plays);
    stats_.requests += static_cast<std::uint64_t>(q.answer.requests);
    if (q.answer.representable || q.answer.fault)
      q.mismatch = compare(pos, q.view, q.answer, q.illegal);
    return q;
  }

 public:
  // The witness board made smaller: seeds are taken away, one pit (or hand)
  // at a time, to nothing, to half or by one, and then state it may not
  // need is dropped (simpler_boards()), as long as the position stays
  // valid and the engine still disagrees the same way (the same kind and
  // the same deciding clauses, so the same group). RapidCheck has already
  // shrunk the game; this shrinks the board it led to, which a game's
  // choices cannot. Greedy and deterministic, within a budget of engine
  // questions and time. Protocol faults are left as found.
  void minimise(Finding& f) {
    if (f.kind == FindingKind::ProtocolFault || f.found_at.empty()) return;
    auto parsed = parse_bpn(f.found_at);
    if (!parsed) return;
    Position pos = *parsed;
    Asked q = ask(pos, f.found_at);
    const std::string key = group_key(f);
    // An engine that answers otherwise the second time is left as found.
    if (!q.mismatch ||
        group_key_of(q.mismatch->kind, deciding_clauses(rules_, pos, q.view, *q.mismatch)) != key)
      return;
    const auto t0 = Clock::now();
    int asks = 0;
    int steps = 0;
    bool improved = true;
    while (improved && asks < kMinimiseAsks && seconds_since(t0) < kMinimiseSeconds) {
      improved = false;
      for (const Position& c : simpler_boards(pos)) {
        if (asks >= kMinimiseAsks || seconds_since(t0) >= kMinimiseSeconds) break;
        if (!validate_for_ruleset(rules_, c)) continue;
        ++asks;
        Asked cq = ask(c, to_bpn(c));
        if (!cq.mismatch || cq.mismatch->kind == FindingKind::ProtocolFault) continue;
        if (group_key_of(cq.mismatch->kind, deciding_clauses(rules_, c, cq.view, *cq.mismatch)) !=
            key)
          continue;
        pos = c;
        q = std::move(cq);
        ++steps;
        improved = true;
        break;
      }
    }
    if (steps == 0) return;
    Finding m =
        make_finding(f.start, f.line, pos, to_bpn(pos), q.view, *q.mismatch, std::move(q.answer));
    m.seed = f.seed;
    m.game = f.game;
    m.shrinks = f.shrinks;
    m.seconds = f.seconds;
    m.occurrences = f.occurrences;
    m.found_at = f.found_at;
    m.found_seeds = f.found_seeds;
    m.minimise_steps = steps;
    f = std::move(m);
  }

 private:
  // Boards simpler than `pos`, the biggest cuts first: each pit of the side
  // to move, then of the other side, then the hands, emptied, halved or less
  // one; then each house status, block and house-use mark dropped, and the
  // quiet count cleared.
  static std::vector<Position> simpler_boards(const Position& pos) {
    std::vector<Position> out;
    auto cuts = [&](int n, auto&& set) {
      for (int to : {0, n / 2, n - 1}) {
        Position c = pos;
        set(c, to);
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
      }
    };
    for (Side s : {pos.to_move, opponent(pos.to_move)})
      for (Pit p = 0; p < kPitsPerSide; ++p)
        if (const int n = pos.at(s, p); n > 0)
          cuts(n, [&](Position& c, int to) { c.at(s, p) = static_cast<std::uint8_t>(to); });
    for (Side s : {pos.to_move, opponent(pos.to_move)})
      if (const int n = pos.hand[index_of(s)]; n > 0)
        cuts(n, [&](Position& c, int to) { c.hand[index_of(s)] = static_cast<std::uint8_t>(to); });
    // Then state the disagreement may not need: a house status, a block,
    // a record of house use, the quiet count.
    for (std::uint32_t Position::*field : {&Position::house, &Position::block, &Position::used})
      for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
        if (pos.*field & bit) {
          Position c = pos;
          c.*field &= ~bit;
          out.push_back(c);
        }
    if (pos.quiet != 0) {
      Position c = pos;
      c.quiet = 0;
      out.push_back(c);
    }
    return out;
  }

  Finding make_finding(const std::string& start_text, const std::vector<std::string>& line,
                       const Position& pos, const std::string& bpn, const OracleView& v,
                       const Mismatch& mm, PositionAnswer a) {
    Finding f;
    f.kind = mm.kind;
    f.ruleset = std::string(rules_.id);
    f.start = start_text;
    f.line = line;
    f.position = bpn;
    f.move = mm.move;
    f.expected = mm.expected;
    f.actual = mm.actual;
    f.clauses = deciding_clauses(rules_, pos, v, mm);
    f.oracle_status = v.status_text;
    for (const OracleMove& m : v.moves) {
      f.oracle_moves.push_back(m.text);
      if (m.text == mm.move) {
        f.oracle_result = m.bpn;
        f.oracle_result_status = m.status;
      }
    }
    if (mm.kind == FindingKind::ExtraMove && f.oracle_result.empty()) {
      auto parsed = parse_move(mm.move, pos.to_move);
      if (parsed) {
        auto r = play(rules_, pos, *parsed);
        if (!r) f.expected = "illegal: " + r.error().message;
      }
    }
    // Ask again for every move the engine listed, so the fingerprint can
    // compare other rulesets' answers with the engine's.
    if (!a.fault) {
      std::vector<std::string> all;
      std::set<std::string> seen;
      for (const OracleMove& m : v.moves)
        if (seen.insert(m.text).second) all.push_back(m.text);
      for (const std::string& m : a.moves)
        if (seen.insert(canonical_move(m, pos.to_move)).second) all.push_back(m);
      PositionAnswer again = probe_.ask(bpn, all);
      stats_.requests += static_cast<std::uint64_t>(again.requests);
      if (!again.fault) a = std::move(again);
    }
    f.engine = std::move(a);
    f.seeds = pos.total_seeds();
    return f;
  }

  const Ruleset& rules_;
  Probe& probe_;
  const CheckOptions& options_;
  Stats& stats_;
  static constexpr std::size_t kMaxRemembered = 100000;
  // The minimising budget of one finding.
  static constexpr int kMinimiseAsks = 400;
  static constexpr double kMinimiseSeconds = 5;
  std::set<std::string> agreed_;
};

// ---- The oracle as a probe ---------------------------------------------------

class OracleProbe final : public Probe {
 public:
  explicit OracleProbe(const Ruleset& rules) : rules_(rules) {}
  std::string name() override {
    if (rules_.mutation == Mutation::None) return "bao-oracle";
    for (const MutantInfo& m : all_mutants())
      if (m.id == rules_.mutation) return fmt::format("bao-oracle (mutant {})", m.name);
    return "bao-oracle (mutant)";
  }
  Expected<bool> select(std::string_view ruleset) override {
    if (ruleset != rules_.id) return Error{fmt::format("ruleset '{}' is not supported", ruleset)};
    return true;
  }
  PositionAnswer ask(const std::string& bpn, const std::vector<std::string>& plays) override {
    PositionAnswer a;
    a.requests = 3 + 3 * static_cast<int>(plays.size());
    auto parsed = parse_bpn(bpn);
    auto pos = parsed ? validate_for_ruleset(rules_, *parsed) : Expected<Position>(parsed.error());
    if (!pos) {
      a.representable = false;
      return a;
    }
    a.status = to_string(status(rules_, *pos));
    for (const Move& m : legal_moves(rules_, *pos))
      a.moves.push_back(move_to_string(m, pos->to_move));
    for (const std::string& text : plays) {
      MoveAnswer ma;
      ma.move = text;
      auto m = parse_move(text, pos->to_move);
      auto after = m ? play(rules_, *pos, *m) : Expected<Position>(m.error());
      if (after) {
        ma.accepted = true;
        ma.bpn = to_bpn(*after);
        ma.status = to_string(status(rules_, *after));
      } else {
        ma.refusal = after.error().message;
      }
      a.plays.push_back(std::move(ma));
    }
    return a;
  }

 private:
  Ruleset rules_;
};

}  // namespace

std::unique_ptr<Probe> oracle_probe(const Ruleset& rules) {
  return std::make_unique<OracleProbe>(rules);
}

std::vector<std::string> scenario_corpus(const std::vector<std::string>& paths,
                                         const Ruleset& ruleset) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  const scenario::LoadResult loaded = scenario::load_paths(paths);
  for (const scenario::Scenario& sc : loaded.scenarios) {
    if (std::find(sc.rulesets.begin(), sc.rulesets.end(), ruleset.id) == sc.rulesets.end())
      continue;
    Position pos;
    if (sc.position == "start") {
      pos = start_position(ruleset);
    } else {
      auto p = parse_bpn(sc.position);
      if (!p) continue;
      auto valid = validate_for_ruleset(ruleset, *p);
      if (!valid) continue;
      pos = *valid;
    }
    bool ok = true;
    for (const scenario::MoveText& m : sc.moves) {
      auto mv = parse_move(m.text, pos.to_move);
      auto next = mv ? play(ruleset, pos, *mv) : Expected<Position>(mv.error());
      if (!next) {
        ok = false;
        break;
      }
      pos = *next;
    }
    if (ok && seen.insert(to_bpn(pos)).second) out.push_back(to_bpn(pos));
  }
  return out;
}

std::string_view to_string(FindingKind k) {
  switch (k) {
    case FindingKind::MissingMove:
      return "missing-move";
    case FindingKind::ExtraMove:
      return "extra-move";
    case FindingKind::DifferentResult:
      return "different-result";
    case FindingKind::DifferentStatus:
      return "different-status";
    case FindingKind::ProtocolFault:
      return "protocol-fault";
  }
  return "?";
}

std::optional<FindingKind> finding_kind_from(std::string_view s) {
  for (FindingKind k :
       {FindingKind::MissingMove, FindingKind::ExtraMove, FindingKind::DifferentResult,
        FindingKind::DifferentStatus, FindingKind::ProtocolFault})
    if (to_string(k) == s) return k;
  return std::nullopt;
}

std::string group_key(const Finding& f) {
  if (f.kind == FindingKind::ProtocolFault) {
    // Group faults by their kind word (crash, timeout, ...).
    return std::string(to_string(f.kind)) + " " +
           (f.engine.fault ? f.engine.fault->kind : f.actual);
  }
  return group_key_of(f.kind, f.clauses);
}

void add_finding(std::vector<Finding>& findings, Finding f) {
  const std::string key = group_key(f);
  for (Finding& g : findings) {
    if (group_key(g) != key) continue;
    const std::uint64_t n = g.occurrences + f.occurrences;
    // The smallest as found (before minimise()), so that which game's
    // witness a group keeps does not depend on how runs were split.
    const auto size = [](const Finding& x) {
      return std::make_tuple(x.found_seeds, x.line.size(), x.seed, x.game);
    };
    if (size(f) < size(g)) g = std::move(f);
    g.occurrences = n;
    return;
  }
  findings.push_back(std::move(f));
}

// The shrinking budget of one failing game.
constexpr int kShrinkEvaluations = 3000;
constexpr double kShrinkSeconds = 10;

Expected<CheckResult> run_check(Probe& probe, const CheckOptions& options,
                                const Progress& progress) {
  const Ruleset* rules = find_ruleset(options.ruleset);
  if (!rules) return Error{fmt::format("unknown ruleset '{}'", options.ruleset)};
  if (options.shard_count == 0 || options.shard_index >= options.shard_count)
    return Error{fmt::format("bad shard {}/{}", options.shard_index, options.shard_count)};
  auto selected = probe.select(options.ruleset);
  if (!selected) return selected.error();

  std::vector<Position> corpus;
  for (const std::string& bpn : options.corpus) {
    auto p = parse_bpn(bpn);
    if (!p) return Error{fmt::format("corpus position '{}': {}", bpn, p.error().message)};
    auto valid = validate_for_ruleset(*rules, *p);
    if (!valid) return Error{fmt::format("corpus position '{}': {}", bpn, valid.error().message)};
    corpus.push_back(*valid);
  }

  CheckResult result;
  result.engine = probe.name();
  result.options = options;
  const auto t0 = Clock::now();
  auto last_progress = t0;
  GameChecker checker(*rules, probe, options, result.stats);
  auto report_progress = [&](bool force) {
    if (!progress) return;
    const auto now = Clock::now();
    if (!force && now - last_progress < std::chrono::milliseconds(500)) return;
    last_progress = now;
    result.stats.seconds = seconds_since(t0);
    progress(result.stats, result.findings.size());
  };

  for (std::uint64_t g = options.only_game.value_or(0);; ++g) {
    if (options.only_game) {
      if (g != *options.only_game) break;
    } else if (options.time_limit > 0) {
      if (seconds_since(t0) >= options.time_limit) break;
    } else if (g >= options.games) {
      break;
    }
    if (!options.only_game && g % options.shard_count != options.shard_index) continue;
    if (result.stats.failing_games >= options.max_findings) break;

    std::optional<Finding> last;  // the last failing evaluation is the shrunk one
    // Shrinking stops after a budget of evaluations or time: past it, every
    // further candidate "passes", so RapidCheck keeps the smallest so far.
    int evaluations = 0;
    const auto game_start = Clock::now();
    auto property = [&] {
      if (last &&
          (++evaluations > kShrinkEvaluations || seconds_since(game_start) > kShrinkSeconds))
        return;
      const Game game = generate_game(*rules, corpus);
      auto f = checker.check(game);
      report_progress(false);
      if (f) {
        last = std::move(f);
        RC_FAIL(fmt::format("{} at {}", to_string(last->kind), last->position));
      }
    };
    rc::detail::TestParams params;
    params.seed = splitmix64(options.seed ^ splitmix64(g));
    params.maxSuccess = 1;
    params.maxSize = 100;
    SilentListener listener;
    // RapidCheck announces its configuration on std::cerr when it first loads
    // it; the checker's output is its own.
    struct MuteCerr {
      std::streambuf* kept = std::cerr.rdbuf(nullptr);
      ~MuteCerr() { std::cerr.rdbuf(kept); }
    };
    const auto outcome = [&] {
      MuteCerr mute;
      return rc::detail::checkTestable(property, rc::detail::TestMetadata{}, params, listener);
    }();
    ++result.stats.games;
    rc::detail::FailureResult failure;
    if (outcome.match(failure) && last) {
      ++result.stats.failing_games;
      last->seed = options.seed;
      last->game = g;
      last->shrinks = listener.shrinks;
      last->seconds = seconds_since(t0);
      add_finding(result.findings, std::move(*last));
    }
    report_progress(false);
  }
  // Each group's witness, the smallest game found, gets a smaller board.
  for (Finding& f : result.findings) checker.minimise(f);
  result.stats.seconds = seconds_since(t0);
  report_progress(true);
  return result;
}

Expected<CheckResult> merge(const std::vector<CheckResult>& parts) {
  if (parts.empty()) return Error{"no reports to merge"};
  CheckResult out = parts.front();
  out.findings.clear();
  out.stats = Stats{};
  for (const CheckResult& p : parts) {
    if (p.options.ruleset != out.options.ruleset)
      return Error{fmt::format("cannot merge reports of rulesets '{}' and '{}'",
                               out.options.ruleset, p.options.ruleset)};
    if (p.options.seed != out.options.seed)
      return Error{
          fmt::format("cannot merge reports of seeds {} and {}", out.options.seed, p.options.seed)};
    out.stats.games += p.stats.games;
    out.stats.positions += p.stats.positions;
    out.stats.skipped += p.stats.skipped;
    out.stats.moves += p.stats.moves;
    out.stats.requests += p.stats.requests;
    out.stats.failing_games += p.stats.failing_games;
    out.stats.seconds = std::max(out.stats.seconds, p.stats.seconds);
  }
  // Findings in game order, so the merge does not depend on the part order.
  std::vector<Finding> all;
  for (const CheckResult& p : parts) all.insert(all.end(), p.findings.begin(), p.findings.end());
  std::stable_sort(all.begin(), all.end(),
                   [](const Finding& a, const Finding& b) { return a.game < b.game; });
  for (Finding& f : all) add_finding(out.findings, std::move(f));
  out.options.shard_index = 0;
  out.options.shard_count = 1;
  return out;
}

// ---- Fingerprint --------------------------------------------------------------

namespace {

// Whether `rules` answers at the finding's position as the engine did.
std::optional<bool> agrees_with_engine(const Ruleset& rules, const Finding& f) {
  if (f.kind == FindingKind::ProtocolFault || f.engine.fault) return std::nullopt;
  auto parsed = parse_bpn(f.position);
  if (!parsed) return std::nullopt;
  auto pos = validate_for_ruleset(rules, *parsed);
  if (!pos) return std::nullopt;
  const OracleView v = oracle_view(rules, *pos);
  std::vector<std::string> illegal;
  // The engine accepted or refused these moves; count as illegal those the
  // candidate does not list, so an engine playing a move it does not list
  // still tells candidates apart.
  std::set<std::string> legal;
  for (const OracleMove& m : v.moves) legal.insert(m.text);
  for (const MoveAnswer& p : f.engine.plays)
    if (!legal.count(canonical_move(p.move, pos->to_move))) illegal.push_back(p.move);
  return !compare(*pos, v, f.engine, illegal).has_value();
}

}  // namespace

std::vector<Candidate> fingerprint(const CheckResult& result, std::size_t limit) {
  std::vector<Candidate> out;
  const Ruleset* checked = find_ruleset(result.options.ruleset);
  if (!checked) return out;
  auto score = [&](const Ruleset& rules, Candidate c) {
    for (const Finding& f : result.findings) {
      const auto a = agrees_with_engine(rules, f);
      if (!a) continue;
      ++c.total;
      if (*a) ++c.agrees;
    }
    if (c.total > 0 && c.agrees > 0) out.push_back(std::move(c));
  };
  for (const Ruleset* r : all_rulesets()) {
    if (r == checked) continue;
    score(*r, Candidate{std::string(r->id), std::string(r->id), "", "", 0, 0});
  }
  for (const MutantInfo& m : all_mutants()) {
    auto mutated_rules = mutate(*checked, m.id);
    if (!mutated_rules) continue;
    const std::string clause(clause_name(m.clause));
    score(*mutated_rules,
          Candidate{fmt::format("{} except {} ({}: {})", checked->id, clause, m.name, m.change),
                    std::string(checked->id), std::string(m.name), clause, 0, 0});
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
    const bool fa = a.agrees == a.total, fb = b.agrees == b.total;
    if (fa != fb) return fa;
    if (a.agrees != b.agrees) return a.agrees > b.agrees;
    return a.mutant.empty() && !b.mutant.empty();
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace bao::check
